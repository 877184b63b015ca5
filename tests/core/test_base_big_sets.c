/* The classic rules on tile sets far larger than the built-in one: a farm
 * bordering more cities than classic_farm_cities() lists at once (256)
 * is scored exactly, by the slow walk of variants/pieces.h. */
#include "big_sets.h"
#include "helpers.h"

/* A farm bordering cities, each complete as soon as it is placed. */
static const bs_border FARM = {"f", "farm", "city", ""};

static bs_text farm_set(int tiles, int last, int k) { return bs_border_set(&FARM, tiles, last, k); }

static int farm_points(const carc_tileset *ts, int tiles, int width)
{
    return bs_points_at_end(bs_variant("base"), ts, tiles, width, "farm");
}

/* 24 tiles: 23 of 11 cities and one of 3 make 256 cities, what the list
 * holds; one city more (the last tile with 4) takes the slow walk. Each
 * complete city next to the farm is worth 3. */
Test(base_big_sets, a_farm_scores_its_cities_on_both_sides_of_the_list_size)
{
    bs_text t = farm_set(23, 1, 3);
    carc_tileset *ts = bs_parse(bs_variant("base"), &t);
    cr_assert_eq(farm_points(ts, 24, 8), 3 * 256, "256 cities, listed at once");
    carc_tileset_free(ts);
    free(t.s);

    t = farm_set(23, 1, 4);
    ts = bs_parse(bs_variant("base"), &t);
    cr_assert_eq(farm_points(ts, 24, 8), 3 * 257, "257 cities, one past the list: the slow walk");
    carc_tileset_free(ts);
    free(t.s);
}

/* 85 tiles of 12 features: one farm bordering 85 x 11 = 935 cities, well
 * past the list, all complete. */
Test(base_big_sets, a_farm_bordering_935_cities_scores_2805)
{
    bs_text t = farm_set(85, 0, 0);
    carc_tileset *ts = bs_parse(bs_variant("base"), &t);
    cr_assert_eq(farm_points(ts, 85, 10), 3 * 935);
    carc_tileset_free(ts);
    free(t.s);
}

/* The largest set the core takes, every feature used: 1,020 tiles of 12
 * features (12,240), one farm bordering 1,020 x 11 = 11,220 cities, all
 * complete: 33,660 points. */
Test(base_big_sets, a_farm_bordering_11220_cities_scores_33660)
{
    bs_text t = farm_set(BS_TILES, 0, 0);
    carc_tileset *ts = bs_parse(bs_variant("base"), &t);
    cr_assert_eq(farm_points(ts, BS_TILES, 32), 3 * 11220);
    carc_tileset_free(ts);
    free(t.s);
}
