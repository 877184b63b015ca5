/* Over Hill and Dale on tile sets far larger than its own: hikes to tiles
 * past the 128th, more than 512 hikes in one decision, and the refusal of
 * a set with more path pieces than a hike's walk can queue. */
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

/* The saved text of g, malloc'd, for "nothing changed". */
static char *saved(const carc_game *g)
{
    size_t len = 0;
    cr_assert_eq(carc_game_save(g, NULL, 0, &len), CARC_E_BUFFER);
    char *text = malloc(len + 1);
    cr_assert_not_null(text);
    cr_assert_eq(carc_game_save(g, text, len + 1, &len), CARC_OK);
    return text;
}

/* The most tiles a set may have, BS_TILES (1,020), in one column: player
 * 0's wanderer at (0,1), and with the last tile, at (0,1019), every tile
 * of the path but the wanderer's own is a hike: 1,019 of them, where the
 * core used to list the first 512 found. The listing's count holds for
 * every buffer; the farthest hike, past the first 512 the core checks a
 * move from outside against, is taken and walks 1,018 tiles, and a hike
 * listed for no tile past them is refused with nothing changed. */
Test(ohd_big_sets, a_path_of_1020_tiles_offers_all_1019_hikes)
{
    bs_text t = {0};
    bs_tiles(&t, "S", BS_TILES, 1, straight_tile);
    carc_tileset *ts = bs_parse(bs_variant("over-hill-and-dale"), &t);
    carc_game *g = bs_game(bs_variant("over-hill-and-dale"), ts, 2, NULL, 0);
    for (int i = 0; i < BS_TILES - 2; i++) bs_turn(g, 0, i + 1, OHD_FIG_MEEPLE, i == 0 ? 0 : -1);
    int type = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &type), CARC_OK);
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)type, .x = 0, .y = BS_TILES - 1};
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    static carc_move moves[CARC_MAX_MOVES];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, moves, CARC_MAX_MOVES, &n), CARC_OK);
    int hikes = 0, far = -1;
    uint8_t row[BS_TILES] = {0};
    for (size_t i = 0; i < n; i++)
        if (moves[i].kind == CARC_MOVE_ACTION && moves[i].action == OHD_ACTION_HIKE) {
            hikes++;
            cr_assert(moves[i].x == 0 && moves[i].y >= 0 && moves[i].y != 1 && moves[i].y < BS_TILES && !row[moves[i].y],
                      "a hike to a tile of the path, once: (%d,%d)", moves[i].x, moves[i].y);
            row[moves[i].y] = 1;
            if (moves[i].y == BS_TILES - 1) far = (int)i;
        }
    cr_assert_eq(hikes, BS_TILES - 1, "every tile of the path but the wanderer's");
    cr_assert_gt(far, 512, "the farthest hike comes after the first 512 listed");
    /* the count whatever the buffer: none, or one of 100 */
    size_t count = 0;
    cr_assert_eq(carc_game_moves(g, NULL, 0, &count), CARC_OK);
    cr_assert_eq(count, n);
    carc_move few[100];
    cr_assert_eq(carc_game_moves(g, few, 100, &count), CARC_E_BUFFER);
    cr_assert_eq(count, n);
    cr_assert_eq(memcmp(few, moves, sizeof few), 0, "the first 100 of the same listing");
    /* a hike past the first 512 that is not listed: the tile's other
     * feature, a tile off the path, a field a hike leaves 0 */
    char *before = saved(g);
    carc_move wrong = moves[far];
    wrong.feature = 1;
    cr_assert_eq(carc_game_apply(g, &wrong), CARC_E_ILLEGAL_MOVE, "a hike to a meadow");
    wrong = moves[far];
    wrong.x = 1;
    cr_assert_eq(carc_game_apply(g, &wrong), CARC_E_ILLEGAL_MOVE, "a hike off the path");
    wrong = moves[far];
    wrong.tile = 1;
    cr_assert_eq(carc_game_apply(g, &wrong), CARC_E_ILLEGAL_MOVE, "a hike with a tile named");
    char *after = saved(g);
    cr_assert_str_eq(after, before, "a refused hike changes nothing");
    free(after);
    free(before);
    carc_move hike = moves[far]; /* a copy, as a move from outside the listing */
    cr_assert_eq(carc_game_apply(g, &hike), CARC_OK);
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert(over, "the last tile is placed");
    cr_assert_eq(t_cat(g, 0, "hiking"), BS_TILES - 2, "from (0,1) to (0,1019)");
    cr_assert_eq(t_cat(g, 1, "hiking"), 0, "the other player had no wanderer");
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
