/* Walks over the pieces of a feature or a system, and over the features
 * a feature borders, however many the core holds, with a buffer of fixed
 * size on the stack and no allocation: the built-in rulesets' shared
 * helpers. Header only (static inline), so each ruleset keeps its own
 * copy and needs no other source to build.
 *
 * The core numbers pieces from 0 in placement order, so the pieces of a
 * game are 0 .. pieces_in_game() - 1. A walk first asks the core for all
 * the pieces at once into the caller's buffer, which is what happens in
 * every game of the built-in sets; only a feature larger than the buffer
 * is walked the slow way, by testing every piece of the game, a batch at a
 * time. */
#ifndef CARC_VARIANTS_PIECES_H
#define CARC_VARIANTS_PIECES_H

#include <stdint.h>
#include <string.h>

#include "carcassonne_variant.h"

/* The slow ways are kept out of line, so that the fast way a caller
 * inlines saves no more registers than its own loop needs (base: 32
 * instructions a game fewer than inline). A ruleset uses one helper or
 * the other, hence `unused`; without GCC's attributes they are inline. */
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

/* ---- the pieces of a feature or a system --------------------------------- */

/* Where a walk stands. Filled by pieces_first(); read by pieces_next(). */
typedef struct pieces_walk {
    int root;   /* the feature's (system's) root piece */
    int system; /* 1: the pieces of a system, 0: of a feature */
    int next;   /* the next piece of the game to test (the slow way) */
    int end;    /* pieces in the game; 0 when the first batch held them all */
} pieces_walk;

/* Fills buf (cap entries) with the next pieces of the walk and returns how
 * many, 0 once every piece has been given. The slow way: the pieces of
 * the game in order, those of the walk's feature or system kept. */
static PIECES_SLOW int pieces_next(pieces_walk *w, const carc_game *g, int *buf, int cap)
{
    int n = 0;
    while (w->next < w->end && n < cap) {
        int p = w->next++;
        if ((w->system ? carc_system_of(g, p) : carc_feature_of(g, p)) == w->root) buf[n++] = p;
    }
    return n;
}

/* Starts a walk over the pieces of feature f (system 0) or of the system
 * of piece f (system 1): fills buf (cap entries) with the first of them
 * and returns how many; pieces_next() gives the rest. Used as
 *   for (int n = pieces_first(&w, g, f, 0, buf, cap); n > 0; n = pieces_next(&w, g, buf, cap))
 *       for (int i = 0; i < n; i++) ... buf[i] ...
 * When all the pieces fit, buf holds them in the core's order and the loop
 * runs once; else the pieces come in increasing order, cap at a time. */
static inline int pieces_first(pieces_walk *w, const carc_game *g, int f, int system, int *buf, int cap)
{
    int n = system ? carc_system_pieces(g, f, buf, cap) : carc_feature_pieces(g, f, buf, cap);
    w->next = w->end = 0;
    if (n <= cap) return n;
    w->root = system ? carc_system_of(g, f) : carc_feature_of(g, f);
    w->system = system;
    w->end = pieces_in_game(g);
    return pieces_next(w, g, buf, cap);
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
