/* Projection: the final scoring as if the game ended now, the game itself
 * untouched. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "client_test.h"

#define MAXCAT 32

static int categories(const carc_game *g)
{
    const carc_variant *v;
    carc_game_variant(g, &v);
    carc_variant_info info = {.struct_size = sizeof info};
    carc_variant_describe(v, &info);
    return info.category_count;
}

Test(client_projection, is_the_final_score_once_the_game_is_over)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    for (int s = 0; s < cl_setup_count; s++) {
        uint64_t rng = 900 + (uint64_t)s;
        for (int game = 0; game < 50; game++) {
            int players = 2 + game % 4;
            carc_game *g = cl_new(&cl_setups[s], players, cl_rand(&rng));
            while (cl_random_move(g, &rng, &buf, &cap)) {
            }
            int nc = categories(g), totals[CARC_MAX_PLAYERS], bd[CARC_MAX_PLAYERS * MAXCAT];
            cr_assert_eq(carc_game_projection(g, totals, CARC_MAX_PLAYERS, bd, players * nc), CARC_OK);
            for (int p = 0; p < CARC_MAX_PLAYERS; p++) {
                cr_expect_eq(totals[p], p < players ? cl_score(g, p) : 0, "%s: seat %d", cl_setups[s].variant, p);
                if (p >= players) continue;
                int row[MAXCAT];
                carc_game_score_breakdown(g, p, row, nc);
                for (int c = 0; c < nc; c++) cr_expect_eq(bd[p * nc + c], row[c]);
            }
            carc_game_free(g);
        }
    }
    free(buf);
}

/* At random points of random games: the totals are the sums of the
 * breakdown, never below the points already scored in a category that
 * cannot lose any, and the game, its save text and its log are unchanged. */
Test(client_projection, leaves_the_game_unchanged_and_adds_up)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    long checked = 0;
    for (int s = 0; s < cl_setup_count; s++) {
        uint64_t rng = 300 + (uint64_t)s;
        for (int game = 0; game < 20; game++) {
            int players = 2 + game % 4;
            carc_game *g = cl_new(&cl_setups[s], players, cl_rand(&rng));
            int nc = categories(g);
            do {
                if (cl_rand(&rng) % 11) continue;
                carc_phase ph_before, ph_after;
                int who_before, who_after;
                carc_game_state(g, &ph_before, &who_before);
                char *before = cl_save(g);
                int log_before = cl_log_count(g), totals[CARC_MAX_PLAYERS], bd[CARC_MAX_PLAYERS * MAXCAT];
                cr_assert_eq(carc_game_projection(g, totals, players, bd, players * nc), CARC_OK);
                char *after = cl_save(g);
                cr_assert_str_eq(after, before);
                cr_assert_eq(cl_log_count(g), log_before);
                carc_game_state(g, &ph_after, &who_after);
                cr_assert_eq(ph_after, ph_before);
                cr_assert_eq(who_after, who_before);
                for (int p = 0; p < players; p++) {
                    int sum = 0;
                    for (int c = 0; c < nc; c++) sum += bd[p * nc + c];
                    cr_expect_eq(totals[p], sum, "%s: seat %d", cl_setups[s].variant, p);
                }
                /* asking twice gives the same answer */
                int again[CARC_MAX_PLAYERS];
                carc_game_projection(g, again, players, NULL, 0);
                cr_expect(memcmp(again, totals, sizeof(int) * (size_t)players) == 0);
                free(before);
                free(after);
                checked++;
            } while (cl_random_move(g, &rng, &buf, &cap));
            carc_game_free(g);
        }
    }
    cr_expect_gt(checked, 1000);
    free(buf);
}

/* The start tile's road and three straight roads east of it: a follower put
 * on the last one would score the 4 tiles at the end. */
Test(client_projection, a_follower_on_an_open_road_adds_its_tiles)
{
    carc_game *g = cl_new_game("base", 2, 1);
    int road = cl_category(g, "road"), totals[2], bd[2 * MAXCAT];
    cr_assert_eq(cl_play(g, "tile U 1 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U 2 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U 3 0 1"), CARC_OK);
    cr_assert_eq(carc_game_projection(g, totals, 2, bd, 2 * categories(g)), CARC_OK);
    cr_expect_eq(totals[0], 0);
    cr_assert_eq(cl_play(g, "figure follower r1"), CARC_OK);
    cr_assert_eq(carc_game_projection(g, totals, 2, bd, 2 * categories(g)), CARC_OK);
    cr_expect_eq(totals[0], 4);
    cr_expect_eq(bd[road], 4);
    cr_expect_eq(totals[1], 0);
    cr_expect_eq(cl_score(g, 0), 0, "nothing is scored for real");
    /* one tile more on that road: one point more */
    cr_assert_eq(cl_play(g, "tile U 4 0 1"), CARC_OK);
    cr_assert_eq(carc_game_projection(g, totals, 2, NULL, 0), CARC_OK);
    cr_expect_eq(totals[0], 5);
    carc_game_free(g);
}

Test(client_projection, bad_requests)
{
    carc_game *g = cl_new_game("base", 2, 1);
    int t[2];
    cr_expect_eq(carc_game_projection(NULL, t, 2, NULL, 0), CARC_E_NULL);
    cr_expect_eq(carc_game_projection(g, NULL, 2, NULL, 0), CARC_E_NULL);
    cr_expect_eq(carc_game_projection(g, t, -1, NULL, 0), CARC_E_RANGE);
    cr_expect_eq(carc_game_projection(g, NULL, 0, NULL, 0), CARC_OK);
    carc_game_free(g);
}
