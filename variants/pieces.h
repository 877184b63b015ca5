/* A walk over the features a feature borders, however many the core
 * holds, with a buffer of fixed size on the stack and no allocation: a
 * helper the built-in rulesets share (base, discovery). Header only
 * (static), so each ruleset keeps its own copy and needs no other source.
 *
 * The core numbers pieces from 0 in placement order, so the pieces of a
 * game are 0 .. pieces_in_game() - 1. border_sum() first asks the core
 * for all the bordering features at once into the caller's buffer, which
 * is what happens in every game of the built-in sets; only when there are
 * more than the buffer holds does it take the slow way, testing every
 * piece of the game. */
#ifndef CARC_VARIANTS_PIECES_H
#define CARC_VARIANTS_PIECES_H

#include <stdint.h>
#include <string.h>

#include "carcassonne_variant.h"

/* The slow way is kept out of line, so that the fast way a caller
 * inlines saves no more registers than its own loop needs (base: 32
 * instructions a game fewer than inline); `unused` for a ruleset that
 * includes this header for pieces_in_game() alone. Without GCC's
 * attributes it is inline. */
#if defined(__GNUC__)
#define PIECES_SLOW __attribute__((noinline, cold, unused))
#else
#define PIECES_SLOW inline
#endif

/* Pieces of game g so far: those of its placed tiles. The last placed
 * tile holds the highest numbers. */
static inline int pieces_in_game(const carc_game *g)
{
    int n = 0;
    if (carc_game_tile_count(g, &n) != CARC_OK || n <= 0) return 0;
    return carc_tile_first_piece(g, n - 1) + carc_type_feature_count(g, carc_tile_type(g, n - 1));
}

/* ---- the features a feature borders -------------------------------------- */

/* Roots told apart in one pass of the slow way: 4,096 bits, 512 bytes. */
#define BORDERS_WINDOW 4096

/* The slow way of border_sum(): every piece of the game is tested for
 * feature `root`, and the features of kind `kind` its borders name are
 * summed, each once. A bit per root tells them apart, for the roots of
 * one window of BORDERS_WINDOW numbers per pass over the game. */
static PIECES_SLOW int border_sum_slow(const carc_game *g, int root, int kind, int (*value)(const carc_game *, int))
{
    uint64_t seen[BORDERS_WINDOW / 64];
    int end = pieces_in_game(g), sum = 0;
    for (int lo = 0; lo < end; lo += BORDERS_WINDOW) {
        memset(seen, 0, sizeof seen);
        for (int p = 0; p < end; p++) {
            unsigned m = carc_piece_borders(g, p);
            if (!m || carc_feature_of(g, p) != root) continue;
            int first = p - carc_piece_local(g, p);
            for (; m; m &= m - 1) {
                int q = first + carc_mask_first(m);
                if (carc_piece_kind(g, q) != kind) continue;
                int r = carc_feature_of(g, q) - lo;
                if (r < 0 || r >= BORDERS_WINDOW || (seen[r >> 6] >> (r & 63) & 1)) continue;
                seen[r >> 6] |= (uint64_t)1 << (r & 63);
                sum += value(g, lo + r);
            }
        }
    }
    return sum;
}

/* Sum of value(g, r) over the features r of kind `kind` that feature f
 * borders, each once (carc_feature_borders()), however many: the first
 * `cap` found in buf, and the slow way when there are more. */
static inline int border_sum(const carc_game *g, int f, int kind, int (*value)(const carc_game *, int), int *buf,
                             int cap)
{
    int n = carc_feature_borders(g, f, kind, buf, cap), sum = 0;
    if (n > cap) return border_sum_slow(g, carc_feature_of(g, f), kind, value);
    for (int i = 0; i < n; i++) sum += value(g, buf[i]);
    return sum;
}

#endif
