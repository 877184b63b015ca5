/* Chance and its record: what the turn machine (turn.c) inlines of the
 * draws; the rest is in draws.c. Stacks of tiles and bags of tokens share
 * one queue of fixed draws; every draw and every move is kept in the
 * history a save replays. */
#ifndef CARC_DRAWS_H
#define CARC_DRAWS_H

#include <string.h>

#include "internal.h"

/* HIST_RESERVE (internal.h): history records kept free for what one move
 * sets off: the move, the draws of the next turn (a tile, tiles set aside
 * as fitting nowhere, tiles a hill hides), tokens drawn. A real turn makes
 * under 10; calls that add records of their own (reseeds, replacements)
 * also leave 8 records for each tile still to come (draws_reserve). */

/* ---- queues of fixed draws ---------------------------------------------- */

/* A queue of fixed draws (a stack's or a bag's): entries item[*head] ..
 * item[*n - 1] are still to come, and when the last is taken both go back
 * to 0. A draw skips an entry no longer there (a tile a hill hid). */
typedef struct fixed_ref {
    uint8_t *item;
    uint8_t *head, *n;
    uint8_t cap;
} fixed_ref;

static inline fixed_ref deck_fixed(deck *d) { return (fixed_ref){d->forced, &d->forced_head, &d->nforced, MAX_FORCED}; }
static inline fixed_ref bag_fixed(bag *b)
{
    return (fixed_ref){b->forced, &b->forced_head, &b->nforced, MAX_FORCED_TOKENS};
}

static inline int fixed_push(fixed_ref q, int v)
{
    if (*q.n >= q.cap) return CARC_E_LIMIT;
    q.item[(*q.n)++] = (uint8_t)v;
    return CARC_OK;
}

/* Entries of value v still to come. */
static inline int fixed_queued(const uint8_t *item, unsigned head, unsigned n, int v)
{
    int k = 0;
    for (unsigned i = head; i < n; i++) k += item[i] == v;
    return k;
}

static inline void fixed_clear(fixed_ref q) { *q.head = *q.n = 0; }

/* Drops the last entries of value v still to come until at most `keep`
 * are left: a queue promises no more than its pool holds. */
static inline void fixed_keep(fixed_ref q, int v, int keep)
{
    int queued = fixed_queued(q.item, *q.head, *q.n, v);
    for (int i = *q.n - 1; i >= *q.head && queued > keep; i--)
        if (q.item[i] == v) {
            memmove(&q.item[i], &q.item[i + 1], (size_t)(*q.n - i - 1));
            (*q.n)--;
            queued--;
        }
}

/* The next entry still there (`there(pool, v)`), or -1; the entries passed
 * over are used up. */
static ALWAYS_INLINE int fixed_take(fixed_ref q, int (*there)(const void *pool, int v), const void *pool)
{
    int v = -1;
    while (*q.head < *q.n && v < 0) {
        int t = q.item[(*q.head)++];
        if (there(pool, t)) v = t;
    }
    if (*q.head == *q.n) fixed_clear(q);
    return v;
}

/* ---- stacks ------------------------------------------------------------- */

static inline int deck_has(const deck *d, int type)
{
    const uint8_t *left = deck_left(d);
    for (int i = 0; i < d->nleft; i++)
        if (left[i] == type) return 1;
    return 0;
}
static inline int deck_there(const void *d, int type) { return deck_has(d, type); }

static inline void deck_remove(deck *d, int type)
{
    uint8_t *left = deck_left(d);
    for (int i = 0; i < d->nleft; i++)
        if (left[i] == type) {
            left[i] = left[--d->nleft];
            return;
        }
}

/* Records a draw of `type` from stack d (`fixed`: a fixed draw). */
static inline void draws_record_draw(carc_game *g, int d, int fixed, int type)
{
    /* every caller keeps room for the draws a turn makes (draws_reserve) */
    if (g->nhist < g->hist_cap) {
        /* a draw is read by four fields alone, but the whole record is
         * written (a new game's history is not zeroed, game.c, and a copy
         * copies every byte): its head as one word, then the 16 bytes after */
        hist_rec *h = &g->hist[g->nhist++];
        const uint32_t head = H_DRAW | (uint32_t)d << 8 | (uint32_t)fixed << 16;
        const uint64_t body[2] = {(uint16_t)type, 0};
        _Static_assert(offsetof(hist_rec, move) == 4 && sizeof(hist_rec) == 20, "a head word, then 16 bytes");
        memcpy(h, &head, sizeof head);
        memcpy(&h->move, body, sizeof body);
    }
}

/* Draws one tile from stack d: the next fixed tile if one is queued and
 * still there, else uniformly from what is left. Returns -1 if empty;
 * *forced (if given) says whether the tile was a fixed draw. */
static ALWAYS_INLINE int draw_from(carc_game *g, int d, int *forced)
{
    deck *dk = &g->decks[d];
    if (dk->nleft == 0) return -1;
    /* the queue is looked at only when it holds something (most draws) */
    int type = dk->nforced ? fixed_take(deck_fixed(dk), deck_there, dk) : -1, fixed = type >= 0;
    if (type < 0) {
        uint8_t *left = g->wide ? deck_left(dk) : dk->left_n;
        unsigned i = rng_below(&g->rng, dk->nleft);
        type = left[i];
        left[i] = left[--dk->nleft];
    } else {
        deck_remove(dk, type);
    }
    draws_record_draw(g, d, fixed, type);
    if (forced) *forced = fixed;
    return type;
}

/* ---- the history ------------------------------------------------------- */

/* Per move kind, the bytes of a carc_move the history keeps (draws.c). */
extern const union keep_bytes {
    uint8_t b[5][16];
    uint64_t w[5][2];
} KEEP;

/* Records applied move m, as the caller gave it; the caller made room. */
static inline void draws_record_move(carc_game *g, const carc_move *m)
{
    /* play accepted only the kinds KEEP lists; the tile is laid as the
     * caller turned it, so its rotation is kept as given */
    uint64_t w[2];
    memcpy(w, m, sizeof w);
    hist_rec *h = &g->hist[g->nhist++];
    h->kind = H_MOVE;
    h->which = h->forced = h->pad = 0;
    w[0] &= KEEP.w[m->kind][0];
    w[1] &= KEEP.w[m->kind][1];
    memcpy(&h->move, w, sizeof w[0] * 2);
}

/* ---- the draw of a turn ------------------------------------------------- */

void draws_hand_turn(carc_game *g); /* the pending draw with hands (draws.c) */
void draws_end_game(carc_game *g);  /* the game ends: nothing more drawn, final scoring */
/* The most common draw as a turn begins (a tile at random that fits, with
 * no hands and no fixed draw queued), made by a function that calls
 * nothing and so needs no stack frame: it returns the tile, the ruleset's
 * on_draw still to call, or -1, having changed nothing, for any other
 * draw, which draws_turn_slow makes. */
int draws_turn_quick(carc_game *g);
void draws_turn_slow(carc_game *g);
static inline void draws_turn_now(carc_game *g)
{
    int t = draws_turn_quick(g);
    if (t < 0) {
        draws_turn_slow(g);
        return;
    }
    /* a hook cannot change where the tile fits, so it is called after the
     * test, but before the tile is the turn's, as draws_turn calls it */
    if (g->vt.on_draw) g->vt.on_draw(g, t);
    g->hand = t;
    g->hand_valid = 1;
}

/* Performs the pending draw of a turn (draws_turn; draws_turn_on goes on
 * with it after a tile set aside): tiles that fit nowhere leave the
 * game; an extra turn whose stack is empty is skipped; an empty main stack
 * ends the game. With `listed`, whether a drawn tile fits anywhere is
 * learnt by listing its placements into buf (up to cap), and *listed gets
 * their count when it becomes the turn's tile: a caller that wants the
 * moves anyway then has them without a second pass over the frontier. */
static ALWAYS_INLINE void draws_turn_on(carc_game *g, carc_move *buf, size_t cap, size_t *listed)
{
    do {
        if (hand_mode(g)) {
            draws_hand_turn(g);
            break;
        }
        int d = g->turn_deck;
        if (g->decks[d].nleft == 0) {
            if (g->is_extra) {
                g->is_extra = 0;
                g->turn_deck = 0;
                g->player = g->player + 1 == g->nplayers ? 0 : g->player + 1;
                continue;
            }
            draws_end_game(g);
            break;
        }
        int named;
        int t = draw_from(g, d, &named);
        if (g->vt.on_draw) g->vt.on_draw(g, t);
        size_t fits = listed ? tile_moves(g, t, buf, cap) : (size_t)board_any_fit(g, t);
        if (fits) {
            g->hand = t;
            g->hand_valid = 1;
            if (listed) *listed = fits;
        } else {
            draws_out_from(g, t, CARC_REMOVED_UNPLACEABLE, d);
            /* a tile the caller named is a fact of the table: it stays out */
            if (named) g->draw_out = g->nout;
        }
    } while (g->phase == CARC_PHASE_TILE && !g->hand_valid);
}

static ALWAYS_INLINE void draws_turn(carc_game *g, carc_move *buf, size_t cap, size_t *listed)
{
    /* tiles set aside from here on were drawn by the library itself: a
     * caller who then names the tile drawn puts them back (replace_drawn) */
    g->draw_out = g->nout;
    draws_turn_on(g, buf, cap, listed);
}

#endif
