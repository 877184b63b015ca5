/* Saves: the old format (version 1: figure moves with their square, actions
 * as six numbers) still loads, and comes back out in the words of move text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_test.h"

/* The fingerprint of a variant's own tile set, from the header of a save. */
static void fingerprint(carc_game *g, char *out, size_t cap)
{
    char *save = cl_save(g);
    const char *p = strstr(save, "\ntileset ");
    cr_assert_not_null(p);
    cr_assert_eq(sscanf(p + 9, "%63s", out), 1);
    cr_assert_lt(strlen(out), cap);
    free(save);
}

/* Names the tile the next turn draws, while this turn's is on the board:
 * the draw a version 1 save records as fixed before the move that ends
 * the turn (the next turn draws as the move ends it). */
static void queue(carc_game *g, const char *tile)
{
    const carc_tileset *ts;
    int type = -1;
    carc_game_tileset(g, &ts);
    cr_assert_eq(carc_tileset_find(ts, tile, &type), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, type), CARC_OK);
}

static carc_game *load(const char *text)
{
    carc_game *g = NULL;
    int r = carc_game_load(NULL, text, strlen(text), &g);
    cr_assert_eq(r, CARC_OK, "load: %s\n%s", carc_strerror(r), text);
    return g;
}

Test(client_saves, a_version_1_base_game_loads)
{
    carc_game *same = cl_new_game("base", 2, 3);
    cr_assert_eq(cl_play(same, "tile U 1 0 1"), CARC_OK);
    queue(same, "E");
    cr_assert_eq(cl_play(same, "figure follower r1"), CARC_OK);
    cr_assert_eq(cl_play(same, "tile E 0 -1 2"), CARC_OK);
    cr_assert_eq(cl_play(same, "figure follower c1"), CARC_OK);
    char fp[64], text[1024];
    fingerprint(same, fp, sizeof fp);
    snprintf(text, sizeof text,
             "carcassonne-save 1\n"
             "variant base\n"
             "players 2\n"
             "seed 3\n"
             "tileset %s\n"
             "draw main U forced\n"
             "move tile U 1 0 1\n"
             "move figure follower r1 1 0\n"
             "draw main E forced\n"
             "move tile E 0 -1 2\n"
             "move figure follower c1 0 -1\n"
             "end\n",
             fp);
    carc_game *g = load(text);
    int n = 0;
    carc_game_tile_count(g, &n);
    cr_expect_eq(n, 3);
    cr_expect_eq(cl_score(g, 1), 4, "the city closed by E");
    carc_feature_info fi = {.struct_size = sizeof fi};
    cr_assert_eq(carc_game_feature(g, 1, 0, &fi), CARC_OK); /* U's road */
    cr_expect_eq(fi.figures[0], 1);
    /* written again, it is today's format, equal to the same game played now */
    char *a = cl_save(g), *b = cl_save(same);
    cr_expect_str_eq(a, b);
    cr_expect(strstr(a, "move figure follower r1\n") != NULL);
    free(a);
    free(b);
    carc_game_free(g);
    carc_game_free(same);
}

Test(client_saves, a_version_1_hills_sheep_game_with_a_flock_action_loads)
{
    carc_game *same = cl_new_game("hills-sheep", 2, 7);
    int bag = cl_bag(same, "sheep"), sheep2 = cl_token(same, bag, "sheep2"), sheep3 = cl_token(same, bag, "sheep3");
    int shepherd = cl_figure_of(same, 0, "shepherd"), grow = cl_action(same, "grow");
    cr_assert(bag >= 0 && sheep2 >= 0 && sheep3 >= 0 && shepherd >= 0 && grow >= 0);
    char fp[64], text[2048], act[64];
    cr_assert_eq(cl_play(same, "tile U 1 0 1"), CARC_OK);
    carc_game_set_next_token(same, "sheep", sheep2);
    queue(same, "U");
    cr_assert_eq(cl_play(same, "figure shepherd f2"), CARC_OK);
    cr_assert_eq(cl_play(same, "tile U 2 0 1"), CARC_OK);
    queue(same, "U");
    cr_assert_eq(cl_play(same, "pass"), CARC_OK);
    cr_assert_eq(cl_play(same, "tile U -1 0 1"), CARC_OK);
    cr_assert_eq(cl_play(same, "pass"), CARC_OK);
    carc_game_set_next_token(same, "sheep", sheep3);
    snprintf(act, sizeof act, "action grow %d", shepherd);
    cr_assert_eq(cl_play(same, act), CARC_OK);
    fingerprint(same, fp, sizeof fp);
    /* version 1 wrote the action's code, target, x, y, figure and feature */
    snprintf(text, sizeof text,
             "carcassonne-save 1\n"
             "variant hills-sheep\n"
             "players 2\n"
             "seed 7\n"
             "tileset %s\n"
             "rule sheep 1\n"
             "rule hills 1\n"
             "rule vineyards 1\n"
             "rule hill_tiebreak 0\n"
             "draw main U forced\n"
             "move tile U 1 0 1\n"
             "token sheep sheep2 forced\n"
             "move figure shepherd f2 1 0\n"
             "draw main U forced\n"
             "move tile U 2 0 1\n"
             "move pass\n"
             "draw main U forced\n"
             "move tile U -1 0 1\n"
             "move pass\n"
             "token sheep sheep3 forced\n"
             "move action %d %d 0 0 0 0\n"
             "end\n",
             fp, grow, shepherd);
    carc_game *g = load(text);
    int flock = cl_view(g, "flock"), v = -1;
    cr_assert_eq(carc_game_view(g, flock, 0, sheep2, &v), CARC_OK);
    cr_expect_eq(v, 1);
    cr_assert_eq(carc_game_view(g, flock, 0, sheep3, &v), CARC_OK);
    cr_expect_eq(v, 1);
    char *a = cl_save(g), *b = cl_save(same);
    cr_expect_str_eq(a, b);
    cr_expect(strstr(a, act) != NULL, "the action is written by name");
    free(a);
    free(b);
    carc_game_free(g);
    carc_game_free(same);
}

/* Today's saves load back to the same text, for every ruleset. */
Test(client_saves, random_games_save_and_load_back)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    for (int s = 0; s < cl_setup_count; s++) {
        uint64_t rng = 60 + (uint64_t)s;
        for (int game = 0; game < 10; game++) {
            carc_game *g = cl_new(&cl_setups[s], 2 + game % 3, cl_rand(&rng));
            int stop = (int)(cl_rand(&rng) % 200);
            for (int i = 0; i < stop && cl_random_move(g, &rng, &buf, &cap); i++) {
            }
            char *a = cl_save(g);
            carc_game *back = load(a);
            char *b = cl_save(back);
            cr_expect_str_eq(a, b, "%s", cl_setups[s].variant);
            free(a);
            free(b);
            carc_game_free(back);
            carc_game_free(g);
        }
    }
    free(buf);
}
