/* Over Hill and Dale on tile sets far larger than its own: hikes to tiles
 * past the 128th, and the refusal of a set with more path pieces than a
 * hike's walk can queue. */
#include "../../variants/over-hill-and-dale/over_hill_and_dale.h"
#include "big_sets.h"

/* The path pieces a set may hold in all (OHD_MAX_PATH of the ruleset). */
#define PATH_LIMIT 2048

/* A straight path from the north edge to the south edge (feature 0),
 * meadows on either side. */
static void straight_tile(bs_text *t)
{
    bs_add(t, "  edges mpmmmmmpmmmm\n  feature path slots=1,7 id=p1\n"
              "  feature meadow slots=8,9,10,11,0 id=m1\n  feature meadow slots=2,3,4,5,6 id=m2\n");
}

/* 200 tiles in one column: player 0's wanderer on the path of the tile at
 * (0,1); with the last tile, at (0,199), every tile of the path but the
 * wanderer's own is a hike: 199 of them, where a bit set of 128 tiles
 * offered only those of the first 128. The hike to (0,199) walks 198
 * tiles and scores 198. */
Test(ohd_big_sets, a_hike_reaches_every_tile_of_a_path_of_200)
{
    bs_text t = {0};
    bs_tiles(&t, "S", 200, 1, straight_tile);
    carc_tileset *ts = bs_parse(bs_variant("over-hill-and-dale"), &t);
    carc_game *g = bs_game(bs_variant("over-hill-and-dale"), ts, 2, NULL, 0);
    for (int i = 0; i < 198; i++) bs_turn(g, 0, i + 1, OHD_FIG_MEEPLE, i == 0 ? 0 : -1);
    int type = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &type), CARC_OK);
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)type, .x = 0, .y = 199};
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    carc_move moves[1100];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, moves, 1100, &n), CARC_OK);
    int hikes = 0, far = -1;
    for (size_t i = 0; i < n; i++)
        if (moves[i].kind == CARC_MOVE_ACTION && moves[i].action == OHD_ACTION_HIKE) {
            hikes++;
            if (moves[i].y == 199) far = (int)i;
        }
    cr_assert_eq(hikes, 199, "every tile of the path but the wanderer's");
    cr_assert_geq(far, 0, "the tile just placed, the 200th, is a hike");
    cr_assert_eq(carc_game_apply(g, &moves[far]), CARC_OK);
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert(over, "the last tile is placed");
    cr_assert_eq(t_cat(g, 0, "hiking"), 198, "from (0,1) to (0,199)");
    carc_game_free(g);
    carc_tileset_free(ts);
    free(t.s);
}

/* A tile of `paths` dead-end paths (north, south, east), one meadow. */
static int paths_per_tile = 2;
static void paths_tile(bs_text *t)
{
    static const char *const edges[] = {"", "", "mpmmmmmpmmmm", "mpmmpmmpmmmm"};
    bs_add(t, "  edges %s\n  feature path slots=1 id=p1\n  feature path slots=7 id=p2\n", edges[paths_per_tile]);
    if (paths_per_tile == 3) bs_add(t, "  feature path slots=4 id=p3\n  feature meadow slots=0,2,3,5,6,8,9,10,11 id=m1\n");
    else bs_add(t, "  feature meadow slots=0,2,3,4,5,6,8,9,10,11 id=m1\n");
}

/* `two` tiles of 2 path pieces, `three` of 3. */
static bs_text paths_set(int two, int three)
{
    bs_text t = {0};
    paths_per_tile = 2;
    bs_tiles(&t, "P", two, 1, paths_tile);
    paths_per_tile = 3;
    if (three) bs_tiles(&t, "Q", three, 0, paths_tile);
    return t;
}

/* Sets of the core's most tiles, BS_TILES (1,020): a tile of 3 path
 * pieces in place of one of 2 adds one, so PATH_LIMIT - 2 x BS_TILES of
 * them make PATH_LIMIT. 1,012 tiles of 2 and 8 of 3 make 2,048 path
 * pieces, taken; 1,011 of 2 and 9 of 3 make 2,049, refused by
 * tileset_check's CARC_E_LIMIT. */
Test(ohd_big_sets, a_set_of_more_than_2048_path_pieces_is_refused)
{
    const carc_variant *v = bs_variant("over-hill-and-dale");
    int three = PATH_LIMIT - 2 * BS_TILES;
    cr_assert_eq(three, 8);
    bs_text t = paths_set(BS_TILES - three, three);
    carc_tileset *ts = bs_parse(v, &t);
    carc_tileset_free(ts);
    free(t.s);
    t = paths_set(BS_TILES - three - 1, three + 1);
    bs_assert_beyond_limit(v, &t, "2049 path pieces, at most 2048");
    free(t.s);
}
