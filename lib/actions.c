/* The action space: the index of a move, the legal-action mask and the
 * move an index plays (docs/observations.md, "Action space"). */
#include <stdlib.h>
#include <string.h>

#include "learn.h"

void learn_index_setup(const carc_encoding *e, carc_game *g, learn_index_ctx *c)
{
    int hand[CARC_MAX_HAND + 1], n = 0;
    c->seat = 0;
    carc_game_state(g, NULL, &c->seat);
    memset(c->slot_of, LEARN_NO_SLOT, (size_t)e->NT);
    carc_game_hand(g, c->seat, hand, CARC_MAX_HAND + 1, &n);
    if (n > CARC_MAX_HAND + 1) n = CARC_MAX_HAND + 1;
    /* an extra turn's tile is in no hand: it is the turn's one tile, slot 0 */
    if (n == 0 && carc_game_drawn_tile(g, &hand[0]) == CARC_OK && hand[0] >= 0) n = 1;
    for (int i = n - 1; i >= 0; i--) /* backwards: a tile's first place in the hand wins */
        if (hand[i] >= 0 && hand[i] < e->NT) c->slot_of[hand[i]] = (uint8_t)i;
}

static int inside(const carc_encoding *e, int x, int y) { return x >= -e->R && x <= e->R && y >= -e->R && y <= e->R; }

static int cell_of(const carc_encoding *e, const carc_move *m) { return (m->y + e->R) * e->W + (m->x + e->R); }

static int tile_index(const carc_encoding *e, const learn_index_ctx *c, const carc_move *m)
{
    if (!inside(e, m->x, m->y) || m->rotation >= LEARN_ROTATIONS) return -1;
    int tile = m->tile < e->NT ? m->tile : e->NT - 1;
    int slot = c->slot_of[tile];
    if (slot >= e->H) return -1;
    return e->blocks[0].offset + (slot * e->W * e->W + cell_of(e, m)) * LEARN_ROTATIONS + m->rotation;
}

/* The place of a named action's move inside its block, or -1. An axis of
 * size 1 takes any value (it can only be 0), except a figure slot, whose
 * figure must be one of the deciding seat's. */
static int named_index(const carc_encoding *e, const learn_index_ctx *c, const learn_block *b, const carc_move *m)
{
    int part = 0;
    for (int a = 0; a < b->axis_count; a++) {
        int size = b->axis_sizes[a];
        if (b->axes[a] == AX_FIGURE_SLOT) {
            if (m->target < 0 || m->target >= e->NFIG || e->fig_owner[m->target] != c->seat) return -1;
            part = e->fig_slot[m->target];
        } else if (b->axes[a] == AX_TARGET) {
            if (size > 1 && (m->target < 0 || m->target >= size)) return -1;
            if (size > 1) part = m->target;
        } else if (b->axes[a] == AX_Y) { /* y, then x: the square */
            if (!inside(e, m->x, m->y)) return -1;
            part = part * e->W * e->W + cell_of(e, m);
            a++;
        } else if (size > 1) { /* feature */
            if (m->feature >= size) return -1;
            part = part * size + m->feature;
        }
    }
    return b->offset + part;
}

static int action_index(const carc_encoding *e, const learn_index_ctx *c, const carc_move *m)
{
    /* the last block naming the code: a later declaration of a code wins */
    for (int i = e->nblocks - 2; i >= 3; i--)
        if (e->blocks[i].action == m->action) return named_index(e, c, &e->blocks[i], m);
    const learn_block *u = &e->blocks[e->nblocks - 1];
    if (m->action >= e->C || m->target < 0 || m->target >= e->T) return -1;
    return u->offset + m->action * e->T + m->target;
}

int learn_index(const carc_encoding *e, const learn_index_ctx *c, const carc_move *m)
{
    switch (m->kind) {
    case CARC_MOVE_TILE:
        return tile_index(e, c, m);
    case CARC_MOVE_FIGURE:
        if (m->figure >= e->FK || m->feature >= e->FMAX) return -1;
        return e->blocks[1].offset + m->figure * e->FMAX + m->feature;
    case CARC_MOVE_PASS:
        return e->blocks[2].offset;
    case CARC_MOVE_ACTION:
        return action_index(e, c, m);
    default:
        return -1;
    }
}

int learn_list(carc_game *g, carc_move **buf, size_t *cap, size_t *count)
{
    *count = 0;
    for (;;) {
        size_t n = 0;
        int r = carc_game_moves(g, *buf, *cap, &n);
        if (r == CARC_E_GAME_OVER) return r;
        if (r == CARC_OK && (n <= *cap)) {
            *count = n;
            return CARC_OK;
        }
        if (r != CARC_OK && r != CARC_E_BUFFER) return r;
        size_t want = n + n / 2 + 16;
        carc_move *grown = realloc(*buf, want * sizeof *grown);
        if (!grown) return CARC_E_NOMEM;
        *buf = grown;
        *cap = want;
    }
}

int learn_mark(const carc_encoding *e, carc_game *g, const carc_move *moves, size_t n, uint8_t *mask, int32_t *idx,
               int *unindexed)
{
    learn_index_ctx c;
    learn_index_setup(e, g, &c);
    memset(mask, 0, (size_t)e->action_count);
    int marked = 0, none = 0;
    for (size_t i = 0; i < n; i++) {
        int k = learn_index(e, &c, &moves[i]);
        if (k < 0) none++;
        if (k >= 0 && !mask[k]) {
            mask[k] = 1;
            marked++;
        } else {
            k = -1; /* no index, or the index of a move listed earlier */
        }
        if (idx) idx[i] = k;
    }
    if (unindexed) *unindexed = none;
    return marked;
}

/* The decision's moves: into `stack` when they fit, else into a buffer
 * the caller frees (*heap). */
#define STACK_MOVES 512

static int list_any(carc_game *g, carc_move *stack, carc_move **heap, carc_move **moves, size_t *n)
{
    *heap = NULL;
    *moves = stack;
    int r = carc_game_moves(g, stack, STACK_MOVES, n);
    if (r != CARC_E_BUFFER) return r;
    size_t cap = 0;
    r = learn_list(g, heap, &cap, n);
    *moves = *heap;
    return r;
}

int carc_encoding_mask(const carc_encoding *e, carc_game *g, uint8_t *mask, size_t size, int *legal, int *unindexed)
{
    if (!e || !g || !mask) return CARC_E_NULL;
    if (size < (size_t)e->action_count) return CARC_E_BUFFER;
    int r = learn_check_game(e, g);
    if (r) return r;
    carc_move stack[STACK_MOVES], *heap, *moves;
    size_t n = 0;
    r = list_any(g, stack, &heap, &moves, &n);
    if (r == CARC_E_GAME_OVER) n = 0, r = CARC_OK;
    if (r) {
        free(heap);
        return r;
    }
    learn_mark(e, g, moves, n, mask, NULL, unindexed);
    free(heap);
    if (legal) *legal = (int)n;
    return CARC_OK;
}

int carc_encoding_indices(const carc_encoding *e, carc_game *g, const carc_move *moves, size_t n, int32_t *out)
{
    if (!e || !g || (n && (!moves || !out))) return CARC_E_NULL;
    int r = learn_check_game(e, g);
    if (r) return r;
    learn_index_ctx c;
    learn_index_setup(e, g, &c);
    for (size_t i = 0; i < n; i++) out[i] = learn_index(e, &c, &moves[i]);
    return CARC_OK;
}

int carc_encoding_move(const carc_encoding *e, carc_game *g, int action, carc_move *out)
{
    if (!e || !g || !out) return CARC_E_NULL;
    if (action < 0 || action >= e->action_count) return CARC_E_RANGE;
    int r = learn_check_game(e, g);
    if (r) return r;
    carc_move stack[STACK_MOVES], *heap, *moves;
    size_t n = 0;
    r = list_any(g, stack, &heap, &moves, &n);
    if (!r) {
        learn_index_ctx c;
        learn_index_setup(e, g, &c);
        r = CARC_E_ILLEGAL_MOVE;
        for (size_t i = 0; i < n && r; i++)
            if (learn_index(e, &c, &moves[i]) == action) {
                *out = moves[i];
                r = CARC_OK;
            }
    }
    free(heap);
    return r;
}
