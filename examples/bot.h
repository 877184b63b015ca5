/* A tiny bot shared by the examples: it lists every legal move through the
 * public API and picks one uniformly at random from its own generator. */
#ifndef CARC_EXAMPLE_BOT_H
#define CARC_EXAMPLE_BOT_H

#include <stdint.h>

#include <carcassonne.h>

/* room for every listing of every game (532,480 bytes) */
#define BOT_MAX_MOVES CARC_MAX_MOVES

static inline uint64_t bot_rand(uint64_t *s)
{
    /* xorshift64*: a different generator from the game's, on purpose */
    uint64_t x = *s ? *s : 0x9E3779B97F4A7C15ull;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* Plays one decision; returns the carc_game_apply status, or the
 * carc_game_moves status if no move could be listed. */
static inline int bot_step(carc_game *g, carc_move *buf, uint64_t *rng, carc_move *played)
{
    size_t n = 0;
    int r = carc_game_moves(g, buf, BOT_MAX_MOVES, &n);
    if (r != CARC_OK && r != CARC_E_BUFFER) return r;
    if (n == 0) return CARC_E_ILLEGAL_MOVE;
    if (n > BOT_MAX_MOVES) n = BOT_MAX_MOVES;
    /* multiply-shift instead of %: no division, bias below n / 2^32 */
    carc_move m = buf[(size_t)((bot_rand(rng) >> 32) * n >> 32)];
    if (played) *played = m;
    return carc_game_apply(g, &m);
}

#endif
