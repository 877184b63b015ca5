/* The two readings of the hand variant's removal (docs/variants/discovery.md,
 * "The drawing variant"): hand_removed_5p (1 as printed, 3 for equal turns)
 * and hand_removal (0: no tile taken out). Each changes how many turns
 * each seat plays, which decides who places the last tile. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "ds_test.h"

static carc_game *game(int players, uint64_t seed, int removed_5p, int removal)
{
    carc_option rules[] = {{"hand", 1}, {"hand_removed_5p", removed_5p}, {"hand_removal", removal}};
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = players,
                           .seed = seed, .rules = rules, .rule_count = 3};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    return g;
}

/* Plays a game to its end with random moves; counts the tiles each seat
 * placed. Returns 1 when no tile was set aside as unplaceable (the turn
 * counts are then exact), 0 otherwise. */
static int play(carc_game *g, uint64_t seed, int placed_by[CARC_MAX_PLAYERS], int *face_up)
{
    static carc_move mv[DS_MOVE_CAP];
    uint64_t rng = seed * 77 + 1;
    memset(placed_by, 0, sizeof(int) * CARC_MAX_PLAYERS);
    for (;;) {
        carc_phase ph;
        int who;
        size_t n = 0;
        carc_game_state(g, &ph, &who);
        if (carc_game_moves(g, mv, DS_MOVE_CAP, &n) == CARC_E_GAME_OVER) break;
        if (ph == CARC_PHASE_TILE) placed_by[who]++;
        cr_assert_eq(carc_game_apply(g, &mv[h_below(&rng, (unsigned)n)]), CARC_OK);
    }
    int removed = 0, tiles = 0;
    carc_game_removed_count(g, &removed);
    carc_game_tile_count(g, &tiles);
    cr_assert_eq(tiles + removed, 84, "every tile placed or out");
    *face_up = 0;
    for (int i = 0; i < removed; i++) {
        int reason;
        carc_game_removed(g, i, NULL, &reason);
        *face_up += reason == CARC_REMOVED_FACE_UP;
    }
    return removed == *face_up;
}

/* 5 players: 3 tiles taken out leave 80 to place, 16 turns for every
 * seat; the printed 1 gives the first two seats a 17th (and 2, the count
 * between, the first seat). */
Test(discovery_options, three_removed_with_five_players_gives_equal_turns)
{
    for (int reading = 1; reading <= 3; reading++) {
        int checked = 0;
        for (uint64_t seed = 1; seed <= 30; seed++) {
            carc_game *g = game(5, seed, reading, 1);
            int placed_by[CARC_MAX_PLAYERS], face_up;
            int exact = play(g, seed, placed_by, &face_up);
            cr_assert_eq(face_up, reading, "hand_removed_5p=%d takes %d tiles out", reading, reading);
            if (exact) {
                checked++;
                for (int p = 0; p < 5; p++)
                    cr_assert_eq(placed_by[p], 16 + (p < 3 - reading), "hand_removed_5p=%d, seat %d", reading, p);
            }
            carc_game_free(g);
        }
        cr_assert_gt(checked, 5);
    }
}

/* The option speaks of 5 players only: 3 players still take out 2. */
Test(discovery_options, five_player_count_leaves_other_counts_alone)
{
    carc_game *g = game(3, 4, 3, 1);
    int k = -1, n = -1;
    cr_assert_eq(carc_game_hand(g, 0, NULL, 0, &k), CARC_OK);
    cr_assert_eq(carc_game_removed_count(g, &n), CARC_OK);
    cr_assert_eq(n, 2);
    carc_game_free(g);
}

/* hand_removal=0: the hand variant without tiles taken out. 2 players
 * share 83 tiles: seat 0 places 42, seat 1 41, so seat 0 places the last. */
Test(discovery_options, no_removal_deals_every_tile)
{
    int checked = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        carc_game *g = game(2, seed, 1, 0);
        int tiles[4], k = -1, n = -1, left = -1;
        cr_assert_eq(carc_game_hand(g, 1, tiles, 4, &k), CARC_OK);
        cr_assert_eq(k, 2);
        cr_assert_eq(carc_game_removed_count(g, &n), CARC_OK);
        cr_assert_eq(n, 0, "nothing taken out");
        cr_assert_eq(carc_game_deck_remaining(g, 0, &left), CARC_OK);
        cr_assert_eq(left, 83 - 4);
        int placed_by[CARC_MAX_PLAYERS], face_up;
        if (play(g, seed, placed_by, &face_up)) {
            checked++;
            cr_assert_eq(face_up, 0);
            cr_assert_eq(placed_by[0], 42);
            cr_assert_eq(placed_by[1], 41);
        }
        carc_game_free(g);
    }
    cr_assert_gt(checked, 5);
}

/* A small stack makes the difference a single turn: 5 tiles, 2 players.
 * Taking 1 out leaves 4, two turns each, and seat 1 places the last tile;
 * taking none out gives seat 0 a third turn with the fifth tile. Seat 0
 * deploys an explorer in its first turn and takes it back in its last: the
 * take-back scores the grassland as it then stands, in turn 5 only when
 * nothing was removed. */
Test(discovery_options, the_removal_decides_who_plays_last)
{
    for (int removal = 0; removal <= 1; removal++) {
        carc_option rules[] = {{"hand", 1}, {"hand_removal", removal}};
        tgame t = t_new_deck("discovery", 2, "D03:5", rules, 2);
        carc_game *g = t.g;
        cr_assert_not_null(g);
        static carc_move mv[DS_MOVE_CAP];
        int last_placer = -1, turns = 0;
        for (;;) {
            carc_phase ph;
            int who;
            size_t n = 0;
            carc_game_state(g, &ph, &who);
            if (carc_game_moves(g, mv, DS_MOVE_CAP, &n) == CARC_E_GAME_OVER) break;
            size_t pick = 0; /* the first listed tile move */
            if (ph == CARC_PHASE_TILE) {
                last_placer = who;
                turns++;
            } else {
                /* seat 0's explorer: out on the grassland (feature 0 of
                 * D03) in turn 1, taken back in turn 5; else a pass */
                for (size_t i = 0; i < n; i++) {
                    const carc_move *m = &mv[i];
                    int want = turns == 1   ? m->kind == CARC_MOVE_FIGURE && m->feature == 0
                               : turns == 5 ? m->kind == CARC_MOVE_ACTION
                                            : m->kind == CARC_MOVE_PASS;
                    if (want) pick = i;
                }
                cr_assert_neq(mv[pick].kind, CARC_MOVE_TILE);
            }
            cr_assert_eq(carc_game_apply(g, &mv[pick]), CARC_OK);
        }
        int removed = -1;
        carc_game_removed_count(g, &removed);
        cr_assert_eq(removed, removal);
        cr_assert_eq(turns, 5 - removal);
        cr_assert_eq(last_placer, removal ? 1 : 0);
        /* who scored and how: the explorer taken back in play (reason
         * ACTION) only when seat 0 had the third turn */
        int nlog = 0, in_play = 0;
        carc_game_log_count(g, &nlog);
        for (int i = 0; i < nlog; i++) {
            carc_event_info e = {.struct_size = sizeof e};
            carc_game_log(g, i, &e);
            if (e.kind == CARC_EVENT_SCORE && e.reason == CARC_REASON_ACTION) {
                cr_assert_eq(e.player, 0);
                in_play += e.points;
            }
        }
        if (removal) cr_assert_eq(in_play, 0, "seat 0 had no third turn");
        else cr_assert_gt(in_play, 0, "seat 0 took its explorer back in its third turn");
        t_free(&t);
    }
}

Test(discovery_options, values_out_of_range_are_refused)
{
    const carc_option hand = {"hand", 1};
    h_assert_option_refused("discovery", 5, &hand, "hand_removed_5p", 0);
    h_assert_option_refused("discovery", 5, &hand, "hand_removed_5p", 4);
    h_assert_option_refused("discovery", 5, &hand, "hand_removal", 2);
    h_assert_option_refused("discovery", 5, &hand, "hand_removal", -1);
}

/* A save records every option; one made before these options existed has
 * no line for them and loads with their defaults, which replay it exactly. */
Test(discovery_options, saves_record_the_options_and_old_saves_load)
{
    carc_game *g = game(5, 9, 3, 1);
    uint64_t rng = 4;
    h_play(g, &rng, 30);
    char *text = h_save(g);
    cr_assert_not_null(strstr(text, "rule hand_removed_5p 3\n"));
    cr_assert_not_null(strstr(text, "rule hand_removal 1\n"));
    h_assert_loads_without(text, NULL, 0);
    carc_game_free(g);
    free(text);

    g = game(5, 9, 1, 1); /* what 0.2 played: 1 taken out with 5 players */
    h_play(g, &rng, 30);
    text = h_save(g);
    const char *lines[] = {"rule hand_removed_5p 1\n", "rule hand_removal 1\n"};
    h_assert_loads_without(text, lines, 2);
    carc_game_free(g);
    free(text);
}
