/* The Discovery on tile sets far larger than its own: a mountain
 * bordering more grassland regions than mountain_cities() lists at once
 * (256) counts the cities of every one, by the slow walk of
 * variants/pieces.h. */
#include "big_sets.h"

/* A mountain bordering grassland regions of a city each; the follower's
 * mountain scores as incomplete at the end: its regions' cities. */
static const bs_border MOUNTAIN = {"m", "mountain", "grassland", " city=1"};

static bs_text mountain_set(int tiles, int last, int k) { return bs_border_set(&MOUNTAIN, tiles, last, k); }

static int mountain_points(const carc_tileset *ts, int tiles, int width)
{
    return bs_points_at_end(bs_variant("discovery"), ts, tiles, width, "mountain");
}

/* 24 tiles: 23 of 11 regions and one of 3 make 256, what the list holds;
 * one more (the last tile with 4) takes the slow walk. A city each. */
Test(ds_big_sets, a_mountain_counts_its_regions_cities_on_both_sides_of_the_list_size)
{
    bs_text t = mountain_set(23, 1, 3);
    carc_tileset *ts = bs_parse(bs_variant("discovery"), &t);
    cr_assert_eq(mountain_points(ts, 24, 8), 256, "256 regions, listed at once");
    carc_tileset_free(ts);
    free(t.s);

    t = mountain_set(23, 1, 4);
    ts = bs_parse(bs_variant("discovery"), &t);
    cr_assert_eq(mountain_points(ts, 24, 8), 257, "257 regions, one past the list: the slow walk");
    carc_tileset_free(ts);
    free(t.s);
}

/* 85 tiles of 12 features: one mountain bordering 85 x 11 = 935 regions,
 * well past the list. */
Test(ds_big_sets, a_mountain_bordering_935_regions_counts_935_cities)
{
    bs_text t = mountain_set(85, 0, 0);
    carc_tileset *ts = bs_parse(bs_variant("discovery"), &t);
    cr_assert_eq(mountain_points(ts, 85, 10), 935);
    carc_tileset_free(ts);
    free(t.s);
}

/* The largest set the core takes, every feature used: 1,020 tiles of 12
 * features (12,240), one mountain bordering 1,020 x 11 = 11,220 regions
 * of a city each: 11,220 cities. */
Test(ds_big_sets, a_mountain_bordering_11220_regions_counts_11220_cities)
{
    bs_text t = mountain_set(BS_TILES, 0, 0);
    carc_tileset *ts = bs_parse(bs_variant("discovery"), &t);
    cr_assert_eq(mountain_points(ts, BS_TILES, 32), 11220);
    carc_tileset_free(ts);
    free(t.s);
}
