/* The log: awards add up to the scores, completions nobody scored and extra
 * turns are there, and each entry names its feature by tile and feature id. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "client_test.h"

Test(client_log, awards_sum_to_the_scores_and_events_list_those_with_points)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    for (int s = 0; s < cl_setup_count; s++) {
        uint64_t rng = 500 + (uint64_t)s;
        long zero_awards = 0;
        for (int game = 0; game < 100; game++) {
            int players = 2 + game % 4;
            carc_game *g = cl_new(&cl_setups[s], players, cl_rand(&rng));
            cr_assert_not_null(g);
            while (cl_random_move(g, &rng, &buf, &cap)) {
            }
            int sum[CARC_MAX_PLAYERS][32];
            memset(sum, 0, sizeof sum);
            int n = cl_log_count(g), with_points = 0, events = 0;
            for (int i = 0; i < n; i++) {
                carc_event_info e = cl_log(g, i);
                if (e.kind != CARC_EVENT_SCORE) continue;
                cr_assert(e.player >= 0 && e.player < players && e.category >= 0 && e.category < 32);
                sum[e.player][e.category] += e.points;
                with_points += e.points != 0;
                zero_awards += e.points == 0;
            }
            for (int p = 0; p < players; p++) {
                int row[32] = {0}, total = 0;
                carc_game_score_breakdown(g, p, row, 32);
                for (int c = 0; c < 32; c++) {
                    cr_expect_eq(sum[p][c], row[c], "%s: player %d, category %d", cl_setups[s].variant, p, c);
                    total += sum[p][c];
                }
                cr_expect_eq(total, cl_score(g, p));
            }
            carc_game_event_count(g, &events);
            cr_expect_eq(events, with_points, "%s: %d events, %d awards with points", cl_setups[s].variant, events,
                         with_points);
            carc_game_free(g);
        }
        if (strcmp(cl_setups[s].variant, "over-hill-and-dale") == 0)
            cr_expect_gt(zero_awards, 0, "awards of 0 points (tokens, sets) are in the log");
    }
    free(buf);
}

/* W at (1,0) and W at (-1,0) end the start tile's road at two crossings. */
Test(client_log, a_road_completed_with_no_follower_is_logged_with_player_minus_one)
{
    carc_game *g = cl_new_game("base", 2, 1);
    cr_assert_eq(cl_play(g, "tile W 1 0 0"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_log_count(g), 0);
    cr_assert_eq(cl_play(g, "tile W -1 0 2"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_log_count(g), 1);
    carc_event_info e = cl_log(g, 0);
    cr_expect_eq(e.kind, CARC_EVENT_COMPLETED);
    cr_expect_eq(e.player, -1);
    cr_expect_eq(e.points, 0);
    cr_expect_eq(e.reason, CARC_REASON_COMPLETED);
    cr_expect_eq(e.tile_index, 2, "the tile that completed it");
    cr_expect_eq(e.x, -1);
    cr_expect_eq(e.y, 0);
    cr_expect_str_eq(e.feature_id, "r3");
    cr_expect_eq(e.tiles, 3);
    cr_expect(e.complete);
    int events = -1;
    carc_game_event_count(g, &events);
    cr_expect_eq(events, 0, "nobody scored");
    cr_expect_eq(cl_score(g, 0) + cl_score(g, 1), 0);
    carc_game_free(g);
}

/* E turned to face down onto the start tile closes a two-tile city. */
Test(client_log, a_city_completed_by_the_tile_just_placed_names_that_tile)
{
    carc_game *g = cl_new_game("base", 2, 1);
    cr_assert_eq(cl_play(g, "tile E 0 -1 2"), CARC_OK);
    cr_assert_eq(cl_play(g, "figure follower c1"), CARC_OK);
    cr_assert_eq(cl_log_count(g), 1);
    carc_event_info e = cl_log(g, 0);
    cr_expect_eq(e.kind, CARC_EVENT_SCORE);
    cr_expect_eq(e.player, 0);
    cr_expect_eq(e.points, 4);
    cr_expect_eq(e.category, cl_category(g, "city"));
    cr_expect_eq(e.reason, CARC_REASON_COMPLETED);
    cr_expect_eq(e.tile_index, 1);
    cr_expect_eq(e.x, 0);
    cr_expect_eq(e.y, -1);
    cr_expect_str_eq(e.feature_id, "c1");
    cr_expect_eq(e.tiles, 2);
    cr_expect(e.complete);
    /* the award list says the same */
    carc_event a;
    cr_assert_eq(carc_game_event(g, 0, &a), CARC_OK);
    cr_expect_eq(a.tile_index, 1);
    cr_expect_eq(a.feature, e.feature);
    cr_expect_eq(a.points, 4);
    carc_game_free(g);
}

/* The same city closed the other way round: the start tile is the one
 * placed before, so an award at the end of the turn names the new tile
 * even though the feature began on the start tile. */
Test(client_log, a_feature_names_this_turns_tile_not_its_oldest)
{
    carc_game *g = cl_new_game("base", 2, 1);
    cr_assert_eq(cl_play(g, "tile U 1 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "figure follower r1"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile W 2 0 0"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile W -1 0 2"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    carc_event_info e = cl_log(g, -1);
    cr_expect_eq(e.kind, CARC_EVENT_SCORE);
    cr_expect_eq(e.player, 0);
    cr_expect_eq(e.points, 4);
    cr_expect_eq(e.tile_index, 3);
    cr_expect_eq(e.x, -1);
    cr_expect_str_eq(e.feature_id, "r3");
    cr_expect_eq(e.tiles, 4);
    carc_game_free(g);
}

Test(client_log, an_extra_turn_is_logged_and_played_by_the_same_player)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    uint64_t rng = 4242;
    int found = 0;
    for (int game = 0; game < 200 && found < 20; game++) {
        carc_game *g = cl_new_game("hunters-gatherers", 2 + game % 4, cl_rand(&rng));
        for (;;) {
            carc_phase ph;
            int mover, before = cl_log_count(g);
            carc_game_state(g, &ph, &mover);
            if (!cl_random_move(g, &rng, &buf, &cap)) break;
            int after = cl_log_count(g), extra = -1;
            for (int i = before; i < after; i++) {
                carc_event_info e = cl_log(g, i);
                if (e.kind != CARC_EVENT_EXTRA_TURN) continue;
                cr_expect_eq(extra, -1, "two extra turns in one move");
                extra = i;
                cr_expect_eq(e.player, mover);
                cr_expect_eq(e.points, 0);
                cr_expect_eq(e.tile_index, -1);
                cr_expect_str_eq(e.feature_id, "");
            }
            if (extra < 0) continue;
            found++;
            /* a forest was completed in the same move, and the same player plays on */
            int forest = 0;
            for (int i = before; i < extra; i++) {
                carc_event_info e = cl_log(g, i);
                const char *kind = "";
                carc_placed_tile pt;
                const carc_tileset *ts;
                carc_game_tileset(g, &ts);
                if (e.tile_index >= 0 && carc_game_tile(g, e.tile_index, &pt) == CARC_OK)
                    carc_tileset_feature(ts, pt.type, e.feature, NULL, &kind, NULL);
                forest |= strcmp(kind, "forest") == 0 && e.complete;
            }
            cr_expect(forest, "an extra turn without a completed forest");
            int next;
            carc_game_state(g, &ph, &next);
            cr_expect_eq(ph, CARC_PHASE_TILE);
            cr_expect_eq(next, mover);
        }
        carc_game_free(g);
    }
    cr_expect_geq(found, 20);
    free(buf);
}

Test(client_log, bad_requests)
{
    carc_game *g = cl_new_game("base", 2, 1);
    carc_event_info e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    cr_expect_eq(carc_game_log(g, 0, &e), CARC_E_RANGE);
    cr_expect_eq(carc_game_log(g, -1, &e), CARC_E_RANGE);
    cr_expect_eq(carc_game_log(g, 0, NULL), CARC_E_NULL);
    e.struct_size = 8;
    cr_expect_eq(carc_game_log(g, 0, &e), CARC_E_VERSION);
    cr_expect_eq(carc_game_log_count(g, NULL), CARC_E_NULL);
    carc_game_free(g);
}
