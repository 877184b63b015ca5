/* Random games: followers are never lost or doubled, scores never fall,
 * taking a follower back scores exactly what carc_game_figure_points
 * announced, and every game ends with all followers home. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "core/helpers.h"
#include "ds_test.h"

/* 0 when every player's followers on the board and in supply make 4. */
static int followers_conserved(carc_game *g, int players)
{
    int on_board[CARC_MAX_PLAYERS] = {0}, nfig = 0;
    carc_game_figure_count(g, &nfig);
    if (nfig != 4 * players) return 1;
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        if (carc_game_figure(g, i, &fi)) return 2;
        if (fi.kind != 0) return 3;
        if (fi.on_board) on_board[fi.owner]++;
    }
    for (int p = 0; p < players; p++)
        if (on_board[p] + ds_supply(g, p) != 4) return 4;
    return 0;
}

/* Plays one game to its end; returns 0 or a code naming the broken check. */
static int play(carc_game *g, int players, carc_move *mv, uint64_t *rng)
{
    int last[CARC_MAX_PLAYERS] = {0}, decisions = 0;
    for (;;) {
        size_t n = 0;
        int r = carc_game_moves(g, mv, DS_MOVE_CAP, &n);
        if (r == CARC_E_GAME_OVER) break;
        if (r != CARC_OK || n == 0) return 10;
        /* lean towards removals, so that many regions get scored in play */
        size_t pick = h_below(rng, (unsigned)n);
        if (mv[n - 1].kind == CARC_MOVE_ACTION && h_below(rng, 4) == 0) pick = n - 1;
        if (carc_game_apply(g, &mv[pick]) != CARC_OK) return 11;
        int bad = followers_conserved(g, players);
        if (bad) return bad;
        for (int p = 0; p < players; p++) {
            int s = t_score(g, p);
            if (s < last[p]) return 12;
            last[p] = s;
        }
        if (++decisions > 400) return 13;
    }
    for (int p = 0; p < players; p++) {
        if (ds_supply(g, p) != 4) return 14; /* the final scoring brings every follower home */
        int cats[3] = {0};
        carc_game_score_breakdown(g, p, cats, 3);
        if (cats[0] + cats[1] + cats[2] != t_score(g, p)) return 15;
    }
    int tiles = 0, removed = 0;
    carc_game_tile_count(g, &tiles);
    carc_game_removed_count(g, &removed);
    if (tiles + removed != 84) return 16;
    return 0;
}

/* 10,000 games over 2 to 5 players, every other one with hands; each is a
 * copy of a fresh game, reseeded, so the whole run takes about a second. */
Test(discovery_random, ten_thousand_games_conserve_followers)
{
    carc_move *mv = malloc(DS_MOVE_CAP * sizeof *mv);
    carc_game *fresh[8], *work[8];
    for (int i = 0; i < 8; i++) {
        carc_option rules[] = {{"hand", i / 4}};
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = 2 + i % 4,
                               .seed = 1, .rules = rules, .rule_count = 1};
        cr_assert_eq(carc_game_new(&o, &fresh[i]), CARC_OK);
        cr_assert_eq(carc_game_clone(fresh[i], &work[i]), CARC_OK);
    }
    uint64_t rng = 0x5eed5eed12345678ull;
    long removals = 0;
    for (int game = 0; game < 10000; game++) {
        int kind = game % 8, players = 2 + kind % 4;
        carc_game *g = work[kind];
        carc_game_copy(g, fresh[kind]);
        carc_game_reseed(g, (uint64_t)game * 104729 + 11);
        int r = play(g, players, mv, &rng);
        cr_assert_eq(r, 0, "game %d (%d players, hand %d) broke check %d", game, players, kind / 4, r);
        int ne = 0;
        carc_game_event_count(g, &ne);
        for (int i = 0; i < ne; i++) {
            carc_event e;
            carc_game_event(g, i, &e);
            removals += e.reason == CARC_REASON_ACTION;
        }
    }
    cr_assert_gt(removals, 10000, "random games do take followers back");
    for (int i = 0; i < 8; i++) {
        carc_game_free(work[i]);
        carc_game_free(fresh[i]);
    }
    free(mv);
}

/* At every figure step of 300 games, each removal on offer is tried on a
 * scratch copy: the taker's score grows by carc_game_figure_points, in the
 * category of the region's terrain, and nobody else's changes. */
Test(discovery_random, removal_scores_what_figure_points_announced)
{
    static carc_move mv[DS_MOVE_CAP];
    carc_game *scratch = NULL;
    int tried = 0, nonzero = 0;
    for (int game = 0; game < 300; game++) {
        int players = 2 + game % 4;
        carc_option rules[] = {{"hand", game % 2}, {"literal_two_tiles", game / 2 % 2}};
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = players,
                               .seed = 500 + (uint64_t)game, .rules = rules, .rule_count = 2};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        if (!scratch) cr_assert_eq(carc_game_clone(g, &scratch), CARC_OK);
        const carc_tileset *ts;
        carc_game_tileset(g, &ts);
        uint64_t rng = 900 + (uint64_t)game;
        for (;;) {
            size_t n = 0;
            if (carc_game_moves(g, mv, DS_MOVE_CAP, &n) == CARC_E_GAME_OVER) break;
            int me = t_player(g);
            for (size_t i = 0; i < n; i++) {
                if (mv[i].kind != CARC_MOVE_ACTION) continue;
                cr_assert_eq(mv[i].action, DS_REMOVE);
                int fig = mv[i].target, pts = -1;
                carc_figure_info fi;
                cr_assert_eq(carc_game_figure(g, fig, &fi), CARC_OK);
                cr_assert_eq(fi.owner, me, "only one's own followers are offered");
                cr_assert(fi.on_board);
                cr_assert_eq(carc_game_figure_points(g, fig, &pts), CARC_OK);
                carc_placed_tile pt;
                carc_game_tile(g, fi.tile_index, &pt);
                const char *kind;
                carc_tileset_feature(ts, pt.type, fi.feature, NULL, &kind, NULL);
                cr_assert_eq(carc_game_copy(scratch, g), CARC_OK);
                int before[CARC_MAX_PLAYERS], cat_before = t_cat(scratch, me, kind), events = h_event_count(g);
                for (int p = 0; p < players; p++) before[p] = t_score(scratch, p);
                cr_assert_eq(carc_game_apply(scratch, &mv[i]), CARC_OK);
                if (pts > 0) h_assert_event(scratch, events, me, pts, kind, CARC_REASON_ACTION);
                if (t_phase(scratch) == CARC_PHASE_OVER) {
                    /* the last tile's turn: the final scoring follows at once */
                    for (int e = events + (pts > 0); e < h_event_count(scratch); e++)
                        cr_assert_eq(h_event(scratch, e).reason, CARC_REASON_FINAL);
                } else {
                    cr_assert_eq(h_event_count(scratch), events + (pts > 0));
                    for (int p = 0; p < players; p++)
                        cr_assert_eq(t_score(scratch, p) - before[p], p == me ? pts : 0, "game %d, player %d",
                                     game, p);
                    cr_assert_eq(t_cat(scratch, me, kind) - cat_before, pts, "scored as %s", kind);
                    cr_assert_eq(ds_supply(scratch, me), ds_supply(g, me) + 1);
                }
                tried++;
                nonzero += pts > 0;
            }
            size_t pick = h_below(&rng, (unsigned)n);
            if (mv[n - 1].kind == CARC_MOVE_ACTION && h_below(&rng, 5) == 0) pick = n - 1;
            cr_assert_eq(carc_game_apply(g, &mv[pick]), CARC_OK);
        }
        carc_game_free(g);
    }
    carc_game_free(scratch);
    cr_assert_gt(tried, 5000);
    cr_assert_gt(nonzero, tried / 4);
}

/* A saved random game replays to the same end, hands or not. */
Test(discovery_random, saved_games_replay)
{
    static carc_move mv[DS_MOVE_CAP];
    for (int game = 0; game < 40; game++) {
        int players = 2 + game % 4;
        carc_option rules[] = {{"hand", game % 2}};
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = players,
                               .seed = 3000 + (uint64_t)game, .rules = rules, .rule_count = 1};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        uint64_t rng = (uint64_t)game;
        size_t n = 0;
        while (carc_game_moves(g, mv, DS_MOVE_CAP, &n) == CARC_OK)
            cr_assert_eq(carc_game_apply(g, &mv[h_below(&rng, (unsigned)n)]), CARC_OK);
        char *text = h_save(g);
        carc_game *back = NULL;
        cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_OK);
        cr_assert_eq(t_phase(back), CARC_PHASE_OVER);
        for (int p = 0; p < players; p++) cr_assert_eq(t_score(back, p), t_score(g, p));
        char *again = h_save(back);
        cr_assert_str_eq(again, text);
        free(text);
        free(again);
        carc_game_free(back);
        carc_game_free(g);
    }
}
