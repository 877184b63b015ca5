/* The classic rules on tile sets far larger than the built-in one: a farm
 * bordering more cities than classic_farm_cities() lists at once (256)
 * is scored exactly, by the slow walk of variants/pieces.h. */
#include "big_sets.h"
#include "helpers.h"

/* Cities next to the farm on a tile of this test's sets. */
static int cities_per_tile = 11;

/* A tile that fits any neighbour: one farm on all 12 slots (feature 0,
 * where the follower goes), bordering `cities_per_tile` cities inside the
 * tile (slots=none), each complete as soon as it is placed. */
static void farm_tile(bs_text *t)
{
    bs_add(t, "  edges ffffffffffff\n  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=");
    for (int c = 1; c <= cities_per_tile; c++) bs_add(t, "%sc%d", c > 1 ? "," : "", c);
    bs_add(t, "\n");
    for (int c = 1; c <= cities_per_tile; c++) bs_add(t, "  feature city slots=none id=c%d\n", c);
}

/* `tiles` tiles of 11 cities, then `last` tiles of `k` cities. */
static bs_text farm_set(int tiles, int last, int k)
{
    bs_text t = {0};
    cities_per_tile = 11;
    bs_tiles(&t, "F", tiles, 1, farm_tile);
    cities_per_tile = k;
    if (last) bs_tiles(&t, "K", last, 0, farm_tile);
    return t;
}

/* Plays every tile of the set in rows of `width`, player 0's follower on
 * the farm of the first; returns player 0's farm points at the end. */
static int farm_points(const carc_tileset *ts, int tiles, int width)
{
    carc_game *g = bs_game(bs_variant("base"), ts, 2, NULL, 0);
    for (int i = 0; i + 1 < tiles; i++) {
        int x, y;
        bs_square(i, width, &x, &y);
        bs_turn(g, x, y, 0, i == 0 ? 0 : -1);
    }
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert(over, "every tile is placed");
    cr_assert_eq(t_cat(g, 1, "farm"), 0, "player 1 has no farmer");
    int pts = t_cat(g, 0, "farm");
    carc_game_free(g);
    return pts;
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
Test(base_big_sets, a_farm_bordering_11220_cities_scores_33660, .timeout = 120)
{
    bs_text t = farm_set(BS_TILES, 0, 0);
    carc_tileset *ts = bs_parse(bs_variant("base"), &t);
    cr_assert_eq(farm_points(ts, BS_TILES, 32), 3 * 11220);
    carc_tileset_free(ts);
    free(t.s);
}
