/* The Discovery on tile sets far larger than its own: a mountain
 * bordering more grassland regions than mountain_cities() lists at once
 * (256) counts the cities of every one, by the slow walk of
 * variants/pieces.h. */
#include "big_sets.h"

/* Regions next to the mountain on a tile of this test's sets. */
static int regions_per_tile = 11;

/* A tile that fits any neighbour: one mountain on all 12 slots (feature
 * 0, where the follower goes), bordering `regions_per_tile` grassland
 * regions inside the tile (slots=none), one city in each. */
static void mountain_tile(bs_text *t)
{
    bs_add(t, "  edges mmmmmmmmmmmm\n  feature mountain slots=0,1,2,3,4,5,6,7,8,9,10,11 id=m1 borders=");
    for (int c = 1; c <= regions_per_tile; c++) bs_add(t, "%sg%d", c > 1 ? "," : "", c);
    bs_add(t, "\n");
    for (int c = 1; c <= regions_per_tile; c++) bs_add(t, "  feature grassland slots=none id=g%d city=1\n", c);
}

/* `tiles` tiles of 11 regions, then `last` tiles of `k` regions. */
static bs_text mountain_set(int tiles, int last, int k)
{
    bs_text t = {0};
    regions_per_tile = 11;
    bs_tiles(&t, "M", tiles, 1, mountain_tile);
    regions_per_tile = k;
    if (last) bs_tiles(&t, "K", last, 0, mountain_tile);
    return t;
}

/* Plays every tile of the set in rows of `width`, player 0's follower on
 * the mountain of the first; returns player 0's mountain points at the
 * end, where the follower's region scores as incomplete: its cities. */
static int mountain_points(const carc_tileset *ts, int tiles, int width)
{
    carc_game *g = bs_game(bs_variant("discovery"), ts, 2, NULL, 0);
    for (int i = 0; i + 1 < tiles; i++) {
        int x, y;
        bs_square(i, width, &x, &y);
        bs_turn(g, x, y, 0, i == 0 ? 0 : -1);
    }
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert(over, "every tile is placed");
    cr_assert_eq(t_cat(g, 1, "mountain"), 0, "player 1 has no follower out");
    int pts = t_cat(g, 0, "mountain");
    carc_game_free(g);
    return pts;
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
Test(ds_big_sets, a_mountain_bordering_11220_regions_counts_11220_cities, .timeout = 120)
{
    bs_text t = mountain_set(BS_TILES, 0, 0);
    carc_tileset *ts = bs_parse(bs_variant("discovery"), &t);
    cr_assert_eq(mountain_points(ts, BS_TILES, 32), 11220);
    carc_tileset_free(ts);
    free(t.s);
}
