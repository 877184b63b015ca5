/* A greedy bot for the demo: for each move of the current decision it plays
 * the rest of its own turn on a scratch copy of the game (trying every
 * figure choice after a tile placement) and keeps the move whose turn ends
 * best for it. It shows carc_game_copy at work: no allocation per try. */
#ifndef CARC_EXAMPLE_GREEDY_H
#define CARC_EXAMPLE_GREEDY_H

#include <carcassonne.h>

#include "bot.h"

/* Own score minus the best other score, plus half of what the features the
 * player stands on would give now: a board worth keeping counts a little. */
static double greedy_value(carc_game *g, int me)
{
    int players = 0, mine = 0, best = -1000000, nfig = 0;
    carc_game_players(g, &players);
    carc_game_score(g, me, &mine);
    for (int p = 0; p < players; p++) {
        int s;
        carc_game_score(g, p, &s);
        if (p != me && s > best) best = s;
    }
    double value = mine - best;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info f;
        carc_feature_info info = {.struct_size = sizeof info};
        if (carc_game_figure(g, i, &f) || f.owner != me || !f.on_board) continue;
        if (carc_game_feature(g, f.tile_index, f.feature, &info) == CARC_OK) value += 0.5 * info.points_now;
    }
    return value;
}

/* Finishes `me`'s turn on g: pass where passing is allowed, else the first move. */
static void greedy_finish_turn(carc_game *g, int me, carc_move *buf)
{
    for (;;) {
        carc_phase phase;
        int player;
        size_t n = 0;
        carc_game_state(g, &phase, &player);
        if (phase == CARC_PHASE_TILE || phase == CARC_PHASE_OVER || player != me) return;
        if (carc_game_moves(g, buf, BOT_MAX_MOVES, &n) != CARC_OK || n == 0) return;
        size_t pick = 0;
        for (size_t i = 0; i < n; i++)
            if (buf[i].kind == CARC_MOVE_PASS) pick = i;
        carc_game_apply(g, &buf[pick]);
    }
}

/* The value for `me` of playing m now and then the best next decision of the
 * turn. A copy carries the game's generator, so it would know the next
 * tile and token; reseeding it from the bot's own generator (a fresh seed
 * per decision, the same for every move tried) makes the look-ahead fair:
 * what is hidden is guessed, not read. */
static double greedy_try(const carc_game *g, const carc_move *m, int me, carc_game *s1, carc_game *s2,
                         carc_move *buf2, carc_move *buf3, uint64_t guess)
{
    carc_game_copy(s1, g);
    carc_game_reseed(s1, guess);
    if (carc_game_apply(s1, m) != CARC_OK) return -1e9;
    carc_phase phase;
    int player;
    size_t n = 0;
    carc_game_state(s1, &phase, &player);
    if (phase == CARC_PHASE_OVER || phase == CARC_PHASE_TILE || player != me ||
        carc_game_moves(s1, buf2, BOT_MAX_MOVES, &n) != CARC_OK || n == 0) {
        greedy_finish_turn(s1, me, buf3);
        return greedy_value(s1, me);
    }
    double best = -1e9;
    for (size_t i = 0; i < n && i < BOT_MAX_MOVES; i++) {
        carc_game_copy(s2, s1);
        if (carc_game_apply(s2, &buf2[i]) != CARC_OK) continue;
        greedy_finish_turn(s2, me, buf3);
        double v = greedy_value(s2, me);
        if (v > best) best = v;
    }
    return best;
}

/* Plays one decision greedily (ties broken at random); returns the
 * carc_game_apply status. `scratch` is three games made with carc_game_clone
 * and `bufs` three move buffers of BOT_MAX_MOVES. */
static int greedy_step(carc_game *g, carc_game *scratch[3], carc_move *bufs[3], uint64_t *rng, carc_move *played)
{
    size_t n = 0;
    int r = carc_game_moves(g, bufs[0], BOT_MAX_MOVES, &n);
    if (r != CARC_OK && r != CARC_E_BUFFER) return r;
    if (n == 0) return CARC_E_ILLEGAL_MOVE;
    if (n > BOT_MAX_MOVES) n = BOT_MAX_MOVES;
    int me;
    carc_game_state(g, NULL, &me);
    double best = -1e18;
    size_t pick = 0, ties = 0;
    uint64_t guess = bot_rand(rng);
    for (size_t i = 0; i < n; i++) {
        double v = greedy_try(g, &bufs[0][i], me, scratch[0], scratch[1], bufs[1], bufs[2], guess);
        if (v > best + 1e-9) {
            best = v;
            pick = i;
            ties = 1;
        } else if (v > best - 1e-9 && bot_rand(rng) % ++ties == 0) {
            pick = i; /* each of the tied moves is kept with equal chance */
        }
    }
    if (played) *played = bufs[0][pick];
    return carc_game_apply(g, &bufs[0][pick]);
}

#endif
