/* Random games on the built-in tiles: at every decision all 33 harvest
 * tokens are in the supply or held, every meeple and stable is in supply or
 * on the board, and stables never leave; at the end the token and set
 * points follow the holdings. */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

static const int initial_tokens[OHD_TOKEN_KINDS] = {5, 5, 5, 5, 5, 8};

typedef struct stats {
    int hikes, picks, stables;
} stats;

/* 0 when tokens and figures add up, else a code naming what broke. */
static int check(carc_game *g, int players, int *stables_before)
{
    for (int k = 0; k < OHD_TOKEN_KINDS; k++) {
        int n = ohd_tokens(g, -1, k);
        for (int p = 0; p < players; p++) n += ohd_tokens(g, p, k);
        if (n != initial_tokens[k]) return 1;
    }
    int nfig = 0, on[CARC_MAX_PLAYERS][2] = {{0}}, stables = 0;
    carc_game_figure_count(g, &nfig);
    if (nfig != players * 6) return 2;
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        if (fi.on_board) on[fi.owner][fi.kind]++;
    }
    for (int p = 0; p < players; p++) {
        if (on[p][OHD_FIG_MEEPLE] + ohd_supply(g, p, OHD_FIG_MEEPLE) != 4) return 3;
        if (on[p][OHD_FIG_STABLE] + ohd_supply(g, p, OHD_FIG_STABLE) != 2) return 4;
        stables += on[p][OHD_FIG_STABLE];
    }
    if (stables < *stables_before) return 5;
    *stables_before = stables;
    return 0;
}

/* Plays one game to its end; 0 or a code naming the broken rule. */
static int play(carc_game *g, int players, carc_move *moves, uint64_t *rng, stats *st)
{
    int stables = 0, decisions = 0;
    for (;;) {
        size_t n = 0;
        int r = carc_game_moves(g, moves, H_MOVE_CAP, &n);
        if (r == CARC_E_GAME_OVER) break;
        if (r != CARC_OK || n == 0) return 10;
        carc_move m = moves[h_below(rng, (unsigned)n)];
        if (carc_game_apply(g, &m) != CARC_OK) return 11;
        if (m.kind == CARC_MOVE_ACTION) {
            st->hikes += m.action == OHD_ACTION_HIKE;
            st->picks += m.action == OHD_ACTION_PICK;
        }
        int bad = check(g, players, &stables);
        if (bad) return bad;
        if (++decisions > 2000) return 12;
    }
    st->stables += stables;
    int tiles = 0;
    carc_game_tile_count(g, &tiles);
    if (tiles < 60 || tiles > 73) return 13;
    for (int p = 0; p < players; p++) {
        int held[OHD_TOKEN_KINDS], all = 0;
        for (int k = 0; k < OHD_TOKEN_KINDS; k++) all += held[k] = ohd_tokens(g, p, k);
        if (t_cat(g, p, "tokens") != all) return 14;
        if (t_cat(g, p, "sets") != 5 * ohd_best_sets(held, held[OHD_SCARECROW], 0)) return 15;
        int cats[CARC_MAX_CATEGORIES] = {0}, sum = 0;
        carc_game_score_breakdown(g, p, cats, CARC_MAX_CATEGORIES);
        for (int c = 0; c < CARC_MAX_CATEGORIES; c++) sum += cats[c];
        if (sum != t_score(g, p)) return 16;
    }
    return 0;
}

/* Games are copied from one fresh game per player count and reseeded, so
 * 10,000 of them stay quick. */
Test(over_hill_and_dale_random, ten_thousand_games_conserve_tokens_and_figures)
{
    carc_move *moves = malloc(H_MOVE_CAP * sizeof *moves);
    tgame fresh[4];
    carc_game *work[4];
    for (int i = 0; i < 4; i++) {
        fresh[i] = t_new("over-hill-and-dale", 2 + i, 1);
        cr_assert_not_null(fresh[i].g);
        cr_assert_eq(carc_game_clone(fresh[i].g, &work[i]), CARC_OK);
    }
    uint64_t rng = 0x0bd0bd0bd0bdull;
    stats st = {0};
    for (int game = 0; game < 10000; game++) {
        int players = 2 + game % 4;
        carc_game *g = work[game % 4];
        carc_game_copy(g, fresh[game % 4].g);
        carc_game_reseed(g, (uint64_t)game * 7919 + 5);
        int r = play(g, players, moves, &rng, &st);
        cr_assert_eq(r, 0, "game %d (%d players) broke check %d", game, players, r);
        /* a saved game replays to the same scores, hikes and picks included */
        if (game % 500 == 0) {
            char *text = h_save(g);
            cr_assert_not_null(text);
            carc_game *back = NULL;
            cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_OK);
            cr_assert_eq(t_phase(back), CARC_PHASE_OVER);
            for (int p = 0; p < players; p++) {
                cr_assert_eq(t_score(back, p), t_score(g, p));
                for (int k = 0; k < OHD_TOKEN_KINDS; k++) cr_assert_eq(ohd_tokens(back, p, k), ohd_tokens(g, p, k));
            }
            carc_game_free(back);
            free(text);
        }
    }
    cr_assert_gt(st.hikes, 10000, "random games do hike");
    cr_assert_gt(st.picks, 100, "random games do share tokens: %d picks", st.picks);
    cr_assert_gt(st.stables, 10000, "random games do build stables");
    for (int i = 0; i < 4; i++) {
        carc_game_free(work[i]);
        t_free(&fresh[i]);
    }
    free(moves);
}
