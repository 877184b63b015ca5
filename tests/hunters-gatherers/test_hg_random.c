/* Random games: every meeple and hut is accounted for at every decision,
 * huts never leave the board, and each game ends properly scored. */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "hg_test.h"

static uint64_t next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* Returns 0 when every player's meeples and huts add up, else a code. */
static int check_figures(carc_game *g, int players, int *huts)
{
    int count[CARC_MAX_PLAYERS][2] = {{0}}, nfig = 0;
    carc_game_figure_count(g, &nfig);
    if (nfig != players * 8) return 1;
    *huts = 0;
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        if (fi.on_board) count[fi.owner][fi.kind]++;
        if (fi.on_board && fi.kind == 1) (*huts)++;
    }
    for (int p = 0; p < players; p++)
        if (count[p][0] + hg_supply(g, p, 0) != 5 || count[p][1] + hg_supply(g, p, 1) != 3) return 2;
    return 0;
}

/* Plays one game to its end; returns 0 or a code naming the broken rule. */
static int play(carc_game *g, int players, carc_move *moves, uint64_t *rng)
{
    int huts_before = 0, decisions = 0;
    for (;;) {
        size_t n = 0;
        int r = carc_game_moves(g, moves, 4096, &n);
        if (r == CARC_E_GAME_OVER) break;
        if (r != CARC_OK || n == 0) return 10;
        if (carc_game_apply(g, &moves[next(rng) % n]) != CARC_OK) return 11;
        int huts = 0, bad = check_figures(g, players, &huts);
        if (bad) return bad;
        if (huts < huts_before) return 12; /* a hut left the board */
        huts_before = huts;
        if (++decisions > 1000) return 13;
    }
    int tiles = 0, nfig = 0;
    carc_game_tile_count(g, &tiles);
    if (tiles > 95 || tiles < 60) return 14;
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        if (!fi.on_board || fi.kind != 0) continue;
        carc_placed_tile pt;
        carc_game_tile(g, fi.tile_index, &pt);
        const char *kind;
        carc_tileset_feature(ts, pt.type, fi.feature, NULL, &kind, NULL);
        if (strcmp(kind, "grassland") != 0) return 15; /* only hunters stay after the end */
    }
    for (int p = 0; p < players; p++)
        if (t_score(g, p) < 0) return 16;
    return 0;
}

/* Games are copied from one fresh game per player count and reseeded, so
 * the 10,000 games stay quick under the sanitizers too. */
Test(hunters_gatherers_random, ten_thousand_games_conserve_figures)
{
    carc_move *moves = malloc(4096 * sizeof *moves);
    tgame fresh[4];
    carc_game *work[4];
    for (int i = 0; i < 4; i++) {
        fresh[i] = t_new("hunters-gatherers", 2 + i, 1);
        cr_assert_not_null(fresh[i].g);
        cr_assert_eq(carc_game_clone(fresh[i].g, &work[i]), CARC_OK);
    }
    uint64_t rng = 0x1234567887654321ull;
    int extra_turns = 0;
    for (int game = 0; game < 10000; game++) {
        int players = 2 + game % 4;
        carc_game *g = work[game % 4];
        carc_game_copy(g, fresh[game % 4].g);
        carc_game_reseed(g, (uint64_t)game * 7919 + 3);
        int r = play(g, players, moves, &rng);
        cr_assert_eq(r, 0, "game %d broke rule check %d", game, r);
        int left = -1;
        carc_game_deck_remaining(g, HG_MENHIR, &left);
        extra_turns += 16 - left;
        /* a saved game replays to the same scores, shaman choices included */
        if (game % 500 == 0) {
            size_t len = 0;
            carc_game_save(g, NULL, 0, &len);
            char *buf = malloc(len + 1);
            cr_assert_eq(carc_game_save(g, buf, len + 1, &len), CARC_OK);
            carc_game *back = NULL;
            cr_assert_eq(carc_game_load(NULL, buf, len, &back), CARC_OK);
            cr_assert_eq(t_phase(back), CARC_PHASE_OVER);
            for (int p = 0; p < players; p++) cr_assert_eq(t_score(back, p), t_score(g, p));
            carc_game_free(back);
            free(buf);
        }
    }
    cr_assert_gt(extra_turns, 10000, "random games do reach the menhir stack");
    for (int i = 0; i < 4; i++) {
        carc_game_free(work[i]);
        t_free(&fresh[i]);
    }
    free(moves);
}
