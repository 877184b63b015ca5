/* An observation: a position written as the encoding's arrays
 * (docs/observations.md), one public query per fact. */
#include <string.h>

#include "learn.h"

typedef struct obs {
    const carc_encoding *e;
    carc_game *g;
    unsigned char *out;
    int phase, mover, me;
    int order[CARC_MAX_PLAYERS]; /* row i of a player axis is seat order[i] */
    int rel[CARC_MAX_PLAYERS];   /* and seat p is row rel[p] */
    int hand[CARC_MAX_PLAYERS][CARC_MAX_HAND + 1];
    int hand_n[CARC_MAX_PLAYERS];
} obs;

#define ARR(o, a, type) ((type *)(void *)((o)->out + (o)->e->arrays[a].offset))

static int inside(const carc_encoding *e, int x, int y) { return x >= -e->R && x <= e->R && y >= -e->R && y <= e->R; }

/* the board cell of square (x, y) in plane `plane` */
static uint8_t *board_at(const obs *o, int plane, int cell)
{
    return ARR(o, A_BOARD, uint8_t) + (size_t)plane * (size_t)(o->e->W * o->e->W) + cell;
}

/* Where a tile's planes start, held in locals by the writers: a byte store
 * may alias anything, so fields read through pointers would be read again
 * after every store. */
typedef struct planes {
    uint8_t *occupied, *type, *rotation, *this_turn, *frontier, *slot_kind, *slot_complete, *kind_count,
        *kind_complete;
    size_t area;
} planes;

static planes board_planes(const obs *o)
{
    const carc_encoding *e = o->e;
    planes p;
    p.area = (size_t)e->W * (size_t)e->W;
    p.occupied = board_at(o, e->plane_at[P_OCCUPIED], 0);
    p.type = board_at(o, e->plane_at[P_TILE_TYPE], 0);
    p.rotation = board_at(o, e->plane_at[P_ROTATION], 0);
    p.this_turn = board_at(o, e->plane_at[P_THIS_TURN], 0);
    p.frontier = board_at(o, e->plane_at[P_FRONTIER], 0);
    p.slot_kind = board_at(o, e->plane_at[P_SLOT_KIND], 0);
    p.slot_complete = board_at(o, e->plane_at[P_SLOT_COMPLETE], 0);
    p.kind_count = board_at(o, e->plane_at[P_KIND_COUNT], 0);
    p.kind_complete = board_at(o, e->plane_at[P_KIND_COMPLETE], 0);
    return p;
}

/* Bit f set: feature f of placed tile i belongs to a complete feature. */
static unsigned completed(carc_game *g, int i, int nfeat)
{
    int first = carc_tile_first_piece(g, i);
    unsigned done = 0;
    if (first < 0) return 0;
    for (int f = 0; f < nfeat; f++)
        if (carc_feature_complete(g, carc_feature_of(g, first + f))) done |= 1u << f;
    return done;
}

static void put_features(const carc_encoding *e, carc_game *g, planes p, int i, const carc_placed_tile *t, size_t cell)
{
    const int nfeat = e->nfeat[t->type], fmax = e->FMAX;
    const unsigned done = completed(g, i, nfeat);
    const size_t area = p.area, row = (size_t)(t->type * LEARN_ROTATIONS + t->rotation) * LEARN_SLOTS;
    const uint8_t *kinds = e->slot_kind + row;
    const int8_t *feats = e->slot_feature + row, *fkind = e->feature_kind + t->type * fmax;
    uint8_t *sk = p.slot_kind + cell, *sc = p.slot_complete + cell, *kc = p.kind_count + cell,
            *kk = p.kind_complete + cell;
    for (int s = 0; s < LEARN_SLOTS; s++) {
        sk[(size_t)s * area] = kinds[s];
        if (feats[s] >= 0) sc[(size_t)s * area] = (uint8_t)(done >> feats[s] & 1);
    }
    for (int f = 0; f < nfeat; f++) {
        size_t k = (size_t)fkind[f] * area;
        kc[k]++;
        kk[k] = (uint8_t)(kk[k] + (done >> f & 1));
    }
}

/* Marks the empty squares of the window beside the tile at `cell`. */
static void put_frontier(planes p, int W, int cell)
{
    const int x = cell % W, y = cell / W;
    const uint8_t *occ = p.occupied;
    uint8_t *front = p.frontier;
    if (y > 0 && !occ[cell - W]) front[cell - W] = 1;
    if (y < W - 1 && !occ[cell + W]) front[cell + W] = 1;
    if (x > 0 && !occ[cell - 1]) front[cell - 1] = 1;
    if (x < W - 1 && !occ[cell + 1]) front[cell + 1] = 1;
}

#define CELLS_KEPT 1024

static void put_tiles(const obs *o)
{
    const carc_encoding *e = o->e;
    carc_game *g = o->g;
    const planes p = board_planes(o);
    const int W = e->W, R = e->R, NT = e->NT;
    int n = 0, last = -1, kept = 0;
    int cells[CELLS_KEPT];
    carc_game_tile_count(g, &n);
    carc_game_last_tile(g, &last);
    int16_t *unseen = ARR(o, A_UNSEEN, int16_t);
    for (int i = 0; i < n; i++) {
        carc_placed_tile t;
        if (carc_game_tile(g, i, &t) || t.type < 0 || t.type >= NT) continue;
        unseen[t.type]--;
        if (t.x < -R || t.x > R || t.y < -R || t.y > R) continue;
        const int cell = (t.y + R) * W + (t.x + R);
        p.occupied[cell] = 1;
        p.type[cell] = (uint8_t)(t.type + 1);
        p.rotation[cell] = (uint8_t)t.rotation;
        if (i == last) p.this_turn[cell] = 1;
        put_features(e, g, p, i, &t, (size_t)cell);
        if (kept < CELLS_KEPT) cells[kept] = cell;
        kept++;
    }
    if (kept <= CELLS_KEPT) {
        for (int i = 0; i < kept; i++) put_frontier(p, W, cells[i]);
        return;
    }
    for (int cell = 0; cell < W * W; cell++) /* more tiles than kept: every square */
        if (p.occupied[cell]) put_frontier(p, W, cell);
}

static void put_figures(const obs *o)
{
    const carc_encoding *e = o->e;
    int n = 0;
    carc_game_figure_count(o->g, &n);
    if (n > e->NFIG) n = e->NFIG;
    int16_t *rows = ARR(o, A_FIGURES, int16_t);
    for (int id = 0; id < n; id++) {
        carc_figure_info f;
        int16_t *row = rows + 7 * id;
        if (carc_game_figure(o->g, id, &f) || f.owner < 0 || f.owner >= e->P) continue;
        row[0] = 1;
        row[1] = (int16_t)o->rel[f.owner];
        row[2] = (int16_t)f.kind;
        row[4] = row[5] = row[6] = -1;
        carc_placed_tile t;
        if (!f.on_board || f.tile_index < 0 || carc_game_tile(o->g, f.tile_index, &t)) continue;
        row[3] = 1;
        row[6] = (int16_t)f.feature;
        if (!inside(e, t.x, t.y)) continue;
        row[4] = (int16_t)(t.x + e->R);
        row[5] = (int16_t)(t.y + e->R);
        int plane = e->plane_at[P_FIGURES] + o->rel[f.owner] * e->FK + f.kind;
        (*board_at(o, plane, (t.y + e->R) * e->W + t.x + e->R))++;
    }
}

static void put_players(const obs *o)
{
    const carc_encoding *e = o->e;
    ARR(o, A_PHASE, uint8_t)[o->phase] = 1;
    if (o->phase != CARC_PHASE_OVER) ARR(o, A_TO_MOVE, uint8_t)[o->rel[o->mover]] = 1;
    int32_t *scores = ARR(o, A_SCORES, int32_t);
    int16_t *supply = ARR(o, A_SUPPLY, int16_t), *tokens = ARR(o, A_TOKENS, int16_t);
    for (int i = 0; i < e->P; i++) {
        int v = 0;
        carc_game_score(o->g, o->order[i], &v);
        scores[i] = v;
        for (int k = 0; k < e->FK; k++) {
            v = 0;
            carc_game_supply(o->g, o->order[i], k, &v);
            supply[i * e->FK + k] = (int16_t)v;
        }
    }
    for (int b = 0, col = 0; b < e->nbags; col += e->bag_tokens[b++])
        for (int t = 0; t < e->bag_tokens[b]; t++)
            for (int i = 0; i <= e->P; i++) {
                int v = 0;
                carc_game_tokens(o->g, b, i < e->P ? o->order[i] : -1, t, &v);
                tokens[i * e->NTOK + col + t] = (int16_t)v;
            }
    int16_t *decks = ARR(o, A_DECKS, int16_t);
    for (int d = 0; d < e->S; d++) {
        int v = 0;
        carc_game_deck_remaining(o->g, d, &v);
        decks[d] = (int16_t)v;
    }
}

static int in_hand(const obs *o, int seat, int tile)
{
    for (int i = 0; i < o->hand_n[seat]; i++)
        if (o->hand[seat][i] == tile) return 1;
    return 0;
}

/* Hands, the drawn tile, the hand slots and what is left unseen (the
 * tiles placed were taken off by put_tiles). */
static void put_tiles_known(obs *o)
{
    const carc_encoding *e = o->e;
    int16_t *hands = ARR(o, A_HANDS, int16_t), *unseen = ARR(o, A_UNSEEN, int16_t);
    for (int p = 0; p < e->P; p++) {
        int n = 0;
        carc_game_hand(o->g, p, o->hand[p], CARC_MAX_HAND + 1, &n);
        o->hand_n[p] = n < CARC_MAX_HAND + 1 ? n : CARC_MAX_HAND + 1;
        for (int i = 0; i < o->hand_n[p]; i++) {
            int t = o->hand[p][i];
            if (t < 0 || t >= e->NT) continue;
            hands[o->rel[p] * e->NT + t]++;
            unseen[t]--;
        }
    }
    int drawn = -1;
    if (carc_game_drawn_tile(o->g, &drawn) || drawn < 0 || drawn >= e->NT) drawn = -1;
    if (drawn >= 0) {
        ARR(o, A_DRAWN, uint8_t)[drawn] = 1;
        if (!in_hand(o, o->mover, drawn)) unseen[drawn]--; /* an extra turn's tile, or no hands */
    }
    int16_t *slots = ARR(o, A_HAND_SLOTS, int16_t);
    int own = o->phase == CARC_PHASE_OVER ? 0 : o->hand_n[o->mover];
    for (int i = 0; i < own && i < e->H; i++) slots[i] = (int16_t)(o->hand[o->mover][i] + 1);
    if (!own && drawn >= 0) slots[0] = (int16_t)(drawn + 1);
    int removed = 0;
    carc_game_removed_count(o->g, &removed);
    for (int i = 0; i < removed; i++) {
        int type = -1;
        if (!carc_game_removed(o->g, i, &type, NULL) && type >= 0 && type < e->NT) unseen[type]--;
    }
}

static int view(const obs *o, const learn_view *w, int owner, int k)
{
    int v = 0;
    carc_game_view(o->g, w->index, owner, k, &v);
    return v;
}

static void put_board_view(const obs *o, const learn_view *w, int32_t *planes)
{
    const carc_encoding *e = o->e;
    int n = 0, W = e->W, R = e->R;
    size_t area = (size_t)W * (size_t)W;
    carc_game_tile_count(o->g, &n);
    for (int i = 0; i < n; i++) {
        carc_placed_tile t;
        if (carc_game_tile(o->g, i, &t) || !inside(e, t.x, t.y) || t.type < 0 || t.type >= e->NT) continue;
        size_t cell = (size_t)((t.y + R) * W + t.x + R);
        if (w->shape == CARC_VIEW_TILE) {
            for (int k = 0; k < w->length; k++) planes[(size_t)(w->at + k) * area + cell] = view(o, w, i, k);
            continue;
        }
        for (int f = 0; f < e->nfeat[t.type]; f++)
            for (int k = 0; k < w->length; k++)
                planes[(size_t)(w->at + f * w->length + k) * area + cell] =
                    view(o, w, i * CARC_VIEW_FEATURE_STRIDE + f, k);
    }
}

static void put_views(const obs *o)
{
    const carc_encoding *e = o->e;
    int32_t *game = ARR(o, A_VIEW_GAME, int32_t), *player = ARR(o, A_VIEW_PLAYER, int32_t);
    int32_t *figure = ARR(o, A_VIEW_FIGURE, int32_t), *board = ARR(o, A_VIEW_BOARD, int32_t);
    int lp = e->arrays[A_VIEW_PLAYER].shape[1], lf = e->arrays[A_VIEW_FIGURE].shape[1];
    for (int v = 0; v < e->nviews; v++) {
        const learn_view *w = &e->views[v];
        for (int k = 0; k < w->length; k++) {
            if (w->shape == CARC_VIEW_GAME) game[w->at + k] = view(o, w, 0, k);
            for (int i = 0; w->shape == CARC_VIEW_PLAYER && i < e->P; i++)
                player[i * lp + w->at + k] = view(o, w, o->order[i], k);
            for (int f = 0; w->shape == CARC_VIEW_FIGURE && f < e->NFIG; f++)
                figure[f * lf + w->at + k] = view(o, w, f, k);
        }
        if (w->shape >= CARC_VIEW_TILE) put_board_view(o, w, board);
    }
}

int learn_observe(const carc_encoding *e, carc_game *g, int perspective, unsigned char *out, carc_game *scratch)
{
    obs o = {.e = e, .g = g, .out = out};
    carc_phase phase = CARC_PHASE_OVER;
    carc_game_state(g, &phase, &o.mover);
    o.phase = (int)phase;
    if (o.mover < 0 || o.mover >= e->P) o.mover = 0;
    o.me = perspective < 0 ? o.mover : perspective;
    for (int i = 0; i < e->P; i++) {
        o.order[i] = (o.me + i) % e->P;
        o.rel[o.order[i]] = i;
    }
    int totals[CARC_MAX_PLAYERS];
    int r = scratch ? carc_game_projection_with(g, scratch, totals, e->P, NULL, 0)
                    : carc_game_projection(g, totals, e->P, NULL, 0);
    if (r) return r;
    memset(out, 0, e->obs_bytes);
    int32_t *projection = ARR(&o, A_PROJECTION, int32_t);
    for (int i = 0; i < e->P; i++) projection[i] = totals[o.order[i]];
    int16_t *unseen = ARR(&o, A_UNSEEN, int16_t);
    memcpy(unseen, e->type_count, (size_t)e->NT * sizeof *unseen);
    put_tiles(&o);
    put_figures(&o);
    put_players(&o);
    put_tiles_known(&o);
    put_views(&o);
    return CARC_OK;
}

int carc_encoding_observe(const carc_encoding *e, carc_game *g, int perspective, void *out, size_t size)
{
    if (!e || !g || !out) return CARC_E_NULL;
    if (perspective < -1 || perspective >= e->P) return CARC_E_RANGE;
    if (size < e->obs_bytes) return CARC_E_BUFFER;
    if ((uintptr_t)out % 4) return CARC_E_INVALID;
    int r = learn_check_game(e, g);
    return r ? r : learn_observe(e, g, perspective, out, NULL);
}
