/* The turn machine: draws, legal moves, applying moves, ending turns. */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "internal.h"

int hist_push(carc_game *g, const hist_rec *h)
{
    if (g->nhist >= MAX_HISTORY) return CARC_E_LIMIT;
    g->hist[g->nhist++] = *h;
    return CARC_OK;
}

static void deck_remove(deck *d, int type)
{
    for (int i = 0; i < d->nleft; i++)
        if (d->left[i] == type) {
            d->left[i] = d->left[--d->nleft];
            return;
        }
}

static int deck_has(const deck *d, int type)
{
    for (int i = 0; i < d->nleft; i++)
        if (d->left[i] == type) return 1;
    return 0;
}

/* Draws one tile from stack d: the next fixed tile if one is queued and
 * still there, else uniformly from what is left. Returns -1 if empty;
 * *forced (if given) says whether the tile was a fixed draw. */
static ALWAYS_INLINE int draw_from(carc_game *g, int d, int *forced)
{
    deck *dk = &g->decks[d];
    if (dk->nleft == 0) return -1;
    int type = -1, fixed = 0;
    if (dk->nforced) {
        while (dk->forced_head < dk->nforced && type < 0) {
            int t = dk->forced[dk->forced_head++];
            if (deck_has(dk, t)) type = t, fixed = 1;
        }
        if (dk->forced_head == dk->nforced) dk->forced_head = dk->nforced = 0;
    }
    if (type < 0) {
        unsigned i = rng_below(&g->rng, dk->nleft);
        type = dk->left[i];
        dk->left[i] = dk->left[--dk->nleft];
    } else {
        deck_remove(dk, type);
    }
    /* every caller keeps room for the draws a turn makes (hist_reserve) */
    if (g->nhist < MAX_HISTORY) {
        /* a draw is read by these four fields alone: the rest is not cleared */
        hist_rec *h = &g->hist[g->nhist++];
        h->kind = H_DRAW;
        h->which = (uint8_t)d;
        h->forced = (uint8_t)fixed;
        h->value = (uint16_t)type;
    }
    if (forced) *forced = fixed;
    return type;
}

int deck_draw(carc_game *g, int d) { return draw_from(g, d, NULL); }

void out_add_from(carc_game *g, int type, int reason, int d)
{
    if (type < 0 || g->nout >= MAX_TILES) return;
    g->out_type[g->nout] = (uint8_t)type;
    g->out_reason[g->nout] = (uint8_t)reason;
    g->out_deck[g->nout] = (uint8_t)d;
    g->nout++;
}

void out_add(carc_game *g, int type, int reason) { out_add_from(g, type, reason, 0); }

static int next_seat(const carc_game *g, int p) { return p + 1 == g->nplayers ? 0 : p + 1; }

static void end_game(carc_game *g)
{
    g->phase = CARC_PHASE_OVER;
    g->over = 1;
    g->hand_valid = 0;
    g->decider = -1;
    /* nothing is drawn any more: fixed draws still queued mean nothing */
    for (int d = 0; d < MAX_DECKS; d++) g->decks[d].nforced = g->decks[d].forced_head = 0;
    for (int b = 0; b < CARC_MAX_BAGS; b++) g->bags[b].nforced = g->bags[b].forced_head = 0;
    if (g->vt.final_scoring)
        g->vt.final_scoring(g);
    else
        score_final(g);
}

/* The scratch copy s of g ends here and is scored as at the real end. */
static void project(const carc_game *g, carc_game *s, int *totals, int ntotals, int *breakdown, int nbreakdown)
{
    if (!s->over) end_game(s);
    int cats = g->vt.category_count;
    for (int p = 0; p < ntotals; p++) totals[p] = p < g->nplayers ? s->score[p] : 0;
    for (int i = 0; i < nbreakdown; i++) {
        int p = i / cats, c = i % cats;
        breakdown[i] = p < g->nplayers ? s->cat[p][c] : 0;
    }
}

int carc_game_projection(const carc_game *g, int *totals, int ntotals, int *breakdown, int nbreakdown)
{
    if (!g || (!totals && ntotals > 0) || (!breakdown && nbreakdown > 0)) return CARC_E_NULL;
    if (ntotals < 0 || nbreakdown < 0) return CARC_E_RANGE;
    carc_game *s;
    int r = carc_game_clone(g, &s);
    if (r) return r;
    project(g, s, totals, ntotals, breakdown, nbreakdown);
    carc_game_free(s);
    return CARC_OK;
}

int carc_game_projection_with(const carc_game *g, carc_game *scratch, int *totals, int ntotals, int *breakdown,
                              int nbreakdown)
{
    if (!g || !scratch || (!totals && ntotals > 0) || (!breakdown && nbreakdown > 0)) return CARC_E_NULL;
    if (ntotals < 0 || nbreakdown < 0) return CARC_E_RANGE;
    if (scratch == g) return CARC_E_INVALID;
    int r = carc_game_copy(scratch, g);
    if (r) return r;
    project(g, scratch, totals, ntotals, breakdown, nbreakdown);
    return CARC_OK;
}

/* A tile dealt into a hand, seen by the variant like any draw. */
static int deal(carc_game *g)
{
    int t = deck_draw(g, 0);
    if (t >= 0 && g->vt.on_draw) g->vt.on_draw(g, t);
    return t;
}

/* The pending step of a turn with hands: tiles taken out before the first
 * deal, hands filled in seat order, then the hand of the player to move
 * with every tile that fits nowhere set aside and replaced. A player with
 * an empty hand is skipped; when every hand is empty the game ends. */
static void hand_resolve(carc_game *g)
{
    const deck *dk = &g->decks[0];
    if (!g->dealt) {
        for (int i = 0; i < g->hand_removed && dk->nleft; i++) out_add(g, deck_draw(g, 0), CARC_REMOVED_FACE_UP);
        g->dealt = 1;
    }
    for (int p = 0; p < g->nplayers; p++)
        while (g->nheld[p] < g->hand_size && dk->nleft) {
            int t = deal(g);
            if (t >= 0) g->held[p][g->nheld[p]++] = (uint8_t)t;
        }
    for (int skipped = 0; skipped <= g->nplayers; skipped++) {
        int p = g->player;
        for (int i = 0; i < g->nheld[p];) {
            int t = g->held[p][i];
            if (board_any_fit(g, t)) {
                i++;
                continue;
            }
            out_add(g, t, CARC_REMOVED_UNPLACEABLE);
            int r = dk->nleft ? deal(g) : -1;
            if (r >= 0) {
                g->held[p][i] = (uint8_t)r; /* the new tile is checked in turn */
            } else {
                memmove(&g->held[p][i], &g->held[p][i + 1], (size_t)(g->nheld[p] - i - 1));
                g->nheld[p]--;
            }
        }
        if (g->nheld[p]) {
            g->hand = g->held[p][0];
            g->hand_valid = 1;
            return;
        }
        g->player = next_seat(g, p);
    }
    end_game(g); /* nobody holds a tile and the stack is empty */
}

/* Performs the pending draw of a turn: tiles that fit nowhere leave the
 * game; an extra turn whose stack is empty is skipped; an empty main stack
 * ends the game. With `listed`, whether a drawn tile fits anywhere is
 * learnt by listing its placements into buf (up to cap), and *listed gets
 * their count when it becomes the turn's tile: a caller that wants the
 * moves anyway then has them without a second pass over the frontier. */
static ALWAYS_INLINE void resolve_draw(carc_game *g, carc_move *buf, size_t cap, size_t *listed)
{
    /* tiles set aside from here on were drawn by the library itself: a
     * caller who then names the tile drawn puts them back (replace_drawn) */
    g->draw_out = g->nout;
    do {
        if (hand_mode(g)) {
            hand_resolve(g);
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
            end_game(g);
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
            out_add_from(g, t, CARC_REMOVED_UNPLACEABLE, d);
            /* a tile the caller named is a fact of the table: it stays out */
            if (named) g->draw_out = g->nout;
        }
    } while (g->phase == CARC_PHASE_TILE && !g->hand_valid);
}

int game_resolve(carc_game *g)
{
    if (g->phase == CARC_PHASE_TILE && !g->hand_valid) resolve_draw(g, NULL, 0, NULL);
    return CARC_OK;
}

/* Whether figures already there keep a figure of a kind with these flags
 * and block class off piece p: those on its feature, or on its system for
 * a system-scoped kind; a free kind is never kept off. */
static inline int figure_blocked(const carc_game *g, unsigned flags, unsigned block_class, int p)
{
    if (flags & CARC_FIG_FREE) return 0;
    if (flags & CARC_FIG_SYSTEM) return g->pieces[sys_find(g, p)].socc[block_class & 3] != 0;
    return g->pieces[feat_find(g, p)].occ[block_class & 3] != 0;
}

/* Whether nothing keeps figure kind k off piece p (of this turn's tile, on a
 * feature the kind may stand on): figures already there, or the variant's
 * own rule. */
static inline int figure_room(carc_game *g, int k, int p)
{
    const carc_figure_desc *d = &g->vt.figures[k];
    if (figure_blocked(g, d->flags, d->block_class, p)) return 0;
    return !g->vt.figure_allowed || g->vt.figure_allowed(g, k, p);
}

/* Whether figure kind k of the current player may go on feature `local`
 * of this turn's tile. */
static int figure_legal(carc_game *g, int k, int local)
{
    const placed *pl = &g->tiles[g->turn_tile];
    const tile_type *t = &g->ts->types[pl->type];
    if (local >= t->nfeat || !(t->fig_feats[k] >> local & 1) || !g->supply[g->player][k]) return 0;
    return figure_room(g, k, pl->first_piece + local);
}

static int extra_moves(carc_game *g, carc_move *buf)
{
    if (!g->vt.extra_moves) return 0;
    int n = g->vt.extra_moves(g, buf, MAX_EXTRA_MOVES);
    return n < 0 ? 0 : n > MAX_EXTRA_MOVES ? MAX_EXTRA_MOVES : n;
}

/* Appends the variant's moves after the first n through a scratch list,
 * so a buffer with less room still learns how many there are. */
NOINLINE static size_t emit_extra_counted(carc_game *g, carc_move *buf, size_t cap, size_t n)
{
    carc_move extra[MAX_EXTRA_MOVES];
    int ne = extra_moves(g, extra);
    for (int i = 0; i < ne; i++, n++)
        if (n < cap) buf[n] = extra[i];
    return n;
}

/* Appends the variant's moves after the first n: straight into the
 * caller's buffer when it has room for as many as a variant may list (the
 * scratch list, and the frame it needs, only otherwise). */
static size_t emit_extra(carc_game *g, carc_move *buf, size_t cap, size_t n)
{
    if (buf && n <= cap && cap - n >= MAX_EXTRA_MOVES) return n + (size_t)extra_moves(g, buf + n);
    return emit_extra_counted(g, buf, cap, n);
}

/* The first figure kind the player to move has in supply, or the kind
 * count if none is left. */
static inline int first_in_supply(const carc_game *g)
{
    const uint8_t *supply = g->supply[g->player];
    int k = 0, nk = g->vt.figure_count;
    while (k < nk && !supply[k]) k++;
    return k;
}

#define EMIT(mv)                       \
    do {                               \
        if (n < cap) buf[n] = (mv);    \
        n++;                           \
    } while (0)

/* The figure step's moves: each figure kind in supply on each feature of
 * the turn's tile it may stand on, then passing, then the variant's own. */
NOINLINE static int figure_list(carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    size_t n = 0;
    if (!buf) cap = 0;
    /* nothing about the tile is read when no figure is left */
    const uint8_t *supply = g->supply[g->player];
    int k = first_in_supply(g), nk = g->vt.figure_count;
    if (k < nk) {
        const placed *pl = &g->tiles[g->turn_tile];
        const tile_type *t = &g->ts->types[pl->type];
        /* figure_room, with what depends on the kind alone read once a kind */
        const carc_figure_desc *fd = g->vt.figures;
        int (*allowed)(carc_game *, int, int) = g->vt.figure_allowed;
        int first = pl->first_piece;
        for (; k < nk; k++) {
            if (!supply[k]) continue;
            carc_move m = {.kind = CARC_MOVE_FIGURE, .figure = (uint8_t)k, .x = pl->x, .y = pl->y};
            unsigned flags = fd[k].flags, bc = fd[k].block_class;
            for (unsigned fs = t->fig_feats[k]; fs; fs &= fs - 1) {
                int f = ctz32(fs);
                if (figure_blocked(g, flags, bc, first + f) || (allowed && !allowed(g, k, first + f))) continue;
                m.feature = (uint8_t)f;
                EMIT(m);
            }
        }
    }
    carc_move pass = {.kind = CARC_MOVE_PASS};
    EMIT(pass);
    if (g->vt.extra_moves) n = emit_extra(g, buf, cap, n);
    *count = n;
    return buf && n > cap ? CARC_E_BUFFER : CARC_OK;
}

void turn_setup(carc_game *g)
{
    int plain = !g->vt.extra_moves && !g->vt.figure_allowed;
    for (int k = 0; k < g->vt.figure_count; k++)
        plain &= !(g->vt.figures[k].flags & (CARC_FIG_FREE | CARC_FIG_SYSTEM));
    g->figures_plain = (uint8_t)plain;
}

/* figure_list's moves for a plain figure step (carc_game.figures_plain),
 * into a buffer with room for all: a feature is free when its occupancy
 * in the kind's block class is 0, and each move is two words, the first
 * from a template with the feature ORed in. Small, so it needs no frame. */
NOINLINE static size_t figure_plain_moves(const carc_game *g, carc_move *buf)
{
    _Static_assert(offsetof(carc_move, figure) == 2 && offsetof(carc_move, feature) == 3 &&
                       offsetof(carc_move, x) == 4 && offsetof(carc_move, y) == 6,
                   "a figure move's first word: kind, figure, feature, x, y");
    const placed *pl = &g->tiles[g->turn_tile];
    const tile_type *t = &g->ts->types[pl->type];
    const uint8_t *supply = g->supply[g->player];
    const piece *ps = g->pieces;
    const unsigned first = pl->first_piece;
    const uint64_t at = (uint64_t)(uint16_t)pl->x << 32 | (uint64_t)(uint16_t)pl->y << 48;
    unsigned char *out = (unsigned char *)buf;
    for (int k = 0; k < g->vt.figure_count; k++) {
        if (!supply[k]) continue;
        const unsigned bc = g->vt.figures[k].block_class & 3;
        const uint64_t head = at | (uint64_t)k << 16 | CARC_MOVE_FIGURE, zero = 0;
        for (unsigned fs = t->fig_feats[k]; fs; fs &= fs - 1) {
            unsigned f = (unsigned)ctz32(fs);
            if (ps[ps[first + f].parent[FEAT]].occ[bc]) continue;
            uint64_t w = head | (uint64_t)f << 24;
            memcpy(out, &w, 8); /* byte by byte as a little-endian word (the assertion above, x86-64 and the like) */
            memcpy(out + 8, &zero, 8);
            out += sizeof *buf;
        }
    }
    return (size_t)(out - (unsigned char *)buf) / sizeof *buf;
}

/* The figure step's moves, for carc_game_moves. In a ruleset that lists no
 * moves of its own, once a player's followers are all out (most turns of
 * a game) the step is a lone pass: written here without a call, so that
 * carc_game_moves, where this is inlined, needs no frame for it. A plain
 * step (carc_game.figures_plain) with room for every move goes to
 * figure_plain_moves, past figure_list's frame. */
static ALWAYS_INLINE int figure_enum(carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    if (!g->vt.extra_moves && buf && cap > 0 && first_in_supply(g) == g->vt.figure_count) {
        buf[0] = (carc_move){.kind = CARC_MOVE_PASS};
        *count = 1;
        return CARC_OK;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (g->figures_plain && buf && cap > (size_t)MAX_FEATS * CARC_MAX_FIGURE_KINDS) {
        size_t n = figure_plain_moves(g, buf);
        buf[n] = (carc_move){.kind = CARC_MOVE_PASS};
        *count = n + 1;
        return CARC_OK;
    }
#endif
    return figure_list(g, buf, cap, count);
}

int game_enum(carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    size_t n = 0, listed = SIZE_MAX; /* SIZE_MAX: the draw did not list the turn's tile */
    if (!buf) cap = 0;
    if (g->phase == CARC_PHASE_TILE && !g->hand_valid) resolve_draw(g, buf, cap, &listed);
    if (g->phase == CARC_PHASE_OVER) {
        *count = 0;
        return CARC_E_GAME_OVER;
    }
    if (g->phase == CARC_PHASE_TILE) {
        if (!hand_mode(g)) {
            n = listed != SIZE_MAX ? listed : tile_moves(g, g->hand, buf, cap);
        } else {
            /* each distinct tile of the hand, in hand order */
            const uint8_t *h = g->held[g->player];
            for (int i = 0; i < g->nheld[g->player]; i++) {
                int dup = 0;
                for (int j = 0; j < i; j++) dup |= h[j] == h[i];
                if (dup) continue;
                carc_move *b = buf && n < cap ? buf + n : NULL;
                size_t c = b ? cap - n : 0;
                n += tile_moves(g, h[i], b, c);
            }
        }
    } else if (g->phase == CARC_PHASE_FIGURE) {
        return figure_list(g, buf, cap, count);
    } else if (g->vt.extra_moves) {
        n = emit_extra(g, buf, cap, n);
    }
    *count = n;
    return buf && n > cap ? CARC_E_BUFFER : CARC_OK;
}

/* If open area tile a (carc_game.area_tiles) is surrounded now, adds its
 * area features to the turn's completed ones and takes it off the list
 * (the last one moves into its place); returns whether it did. */
static int area_surrounded(carc_game *g, int a, int *nd)
{
    const placed *np = &g->tiles[g->area_tiles[a]];
    if (!board_surrounded(g, np->cell)) return 0;
    const tile_type *nt = &g->ts->types[np->type];
    for (int i = 0; i < nt->nfeat && *nd < MAX_DONE; i++)
        if (g->vt.kinds[nt->feat[i].kind].flags & CARC_KIND_AREA)
            g->done[(*nd)++] = (uint16_t)feat_find(g, np->first_piece + i);
    int last = --g->narea; /* surrounded for good */
    g->area_pos[a] = g->area_pos[last];
    g->area_tiles[a] = g->area_tiles[last];
    g->area_pos[last] = 0; /* never near (board_place) */
    return 1;
}

/* The open area tiles (carc_game.area_tiles, narea > 0 of them) near the
 * square of placed tile pl, as bits of their list indices. Near: x and y
 * each differ by at most one, read off the packed positions' difference.
 * Both are kept with the sign bits flipped, so the halves order as the
 * numbers do: x borrows from the y half only when the x half is negative,
 * and that fails the test anyway. */
static inline unsigned area_near(const carc_game *g, const placed *pl)
{
    uint32_t corner = FPOS(pl->x - 1, pl->y - 1) ^ 0x80008000u;
    unsigned near = 0;
#ifdef __SSE2__
    /* four at a time: a half of the difference above 2 survives a
     * saturating subtraction of 2; entries past narea are 0, never near */
    const __m128i c = _mm_set1_epi32((int)corner), two = _mm_set1_epi16(2);
    for (int a = 0; a < g->narea; a += 4) {
        __m128i d = _mm_sub_epi32(_mm_loadu_si128((const __m128i *)(const void *)&g->area_pos[a]), c);
        __m128i ok = _mm_cmpeq_epi32(_mm_subs_epu16(d, two), _mm_setzero_si128());
        near |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(ok)) << a;
    }
#else
    for (int a = 0; a < g->narea; a++) {
        uint32_t d = g->area_pos[a] - corner;
        near |= (unsigned)((d & 0xFFFF) <= 2 && d >> 16 <= 2) << a;
    }
#endif
    return near;
}

/* Features this turn's tile completed, in the order of its features, then
 * the area features (monasteries) it surrounded. */
static void collect_completed(carc_game *g)
{
    const carc_variant *v = &g->vt;
    const placed *pl = &g->tiles[g->turn_tile];
    int nd = 0;
    /* a feature with a side of this tile still open is not complete */
    for (unsigned m = g->turn_shut; m; m &= m - 1) {
        int r = feat_find(g, pl->first_piece + ctz32(m));
        if (g->pieces[r].open) continue;
        int dup = 0;
        for (int j = 0; j < nd; j++) dup |= g->done[j] == r;
        if (!dup) g->done[nd++] = (uint16_t)r;
    }
    if (g->narea > 0) {
        /* up the list, a tile moved into a taken one's place looked at next */
        for (unsigned near = area_near(g, pl); near;) {
            int a = ctz32(near);
            near &= near - 1;
            int last = g->narea - 1;
            if (area_surrounded(g, a, &nd) && (near >> last & 1)) near ^= 1u << last | 1u << a;
        }
    } else if (g->narea < 0) {
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int ti = board_at(g, pl->x + dx, pl->y + dy);
                if (ti < 0 || !g->tiles[ti].has_area) continue;
                const placed *np = &g->tiles[ti];
                if (!board_surrounded(g, np->cell)) continue;
                const tile_type *nt = &g->ts->types[np->type];
                for (int i = 0; i < nt->nfeat && nd < MAX_DONE; i++)
                    if (v->kinds[nt->feat[i].kind].flags & CARC_KIND_AREA)
                        g->done[nd++] = (uint16_t)feat_find(g, np->first_piece + i);
            }
    }
    g->ndone = nd;
    g->done_next = 0;
}

/* Opens the action phase a hook asked for during scoring; the turn goes on
 * from the same stage when the variant closes it. */
static int stopped_for_action(carc_game *g)
{
    if (!g->action_pending) return 0;
    g->phase = CARC_PHASE_ACTION;
    g->action_first = 0;
    return 1;
}

/* The next turn: the same player again on a granted extra turn, else the
 * next seat; the game ends at once when nothing is left to draw. */
static ALWAYS_INLINE void next_turn(carc_game *g)
{
    if (g->extra_deck >= 0) {
        log_event(g, CARC_EVENT_EXTRA_TURN, g->player, 0, 0, CARC_REASON_ACTION, -1);
        g->is_extra = 1;
        g->turn_deck = g->extra_deck;
        g->extra_deck = -1;
    } else {
        g->is_extra = 0;
        g->turn_deck = 0;
        g->player = next_seat(g, g->player);
    }
    g->turn++;
    g->phase = CARC_PHASE_TILE;
    g->hand_valid = 0;
    g->turn_tile = -1;
    g->action_pending = 0;
    g->action_first = 0;
    g->decider = -1;
    /* with nothing left to draw the game is over now, not at the next query */
    if (g->decks[g->turn_deck].nleft == 0 && (!g->is_extra || g->decks[0].nleft == 0)) game_resolve(g);
}

/* The end of a turn: score what the tile completed, one feature at a time,
 * stopping for any decision a feature's scoring opens (and called again
 * after it), then `end_of_turn` and the next turn. */
NOINLINE static void finish_turn_full(carc_game *g)
{
    const carc_variant *v = &g->vt;
    if (g->stage == STAGE_PLAY) {
        collect_completed(g);
        g->stage = STAGE_SCORING;
    }
    if (g->stage == STAGE_SCORING) {
        while (g->done_next < g->ndone) {
            int f = feat_find(g, g->done[g->done_next++]), before = g->nevents;
            if (v->on_completed)
                v->on_completed(g, f);
            else if (v->kinds[g->pieces[f].kind].flags & CARC_KIND_SCORED)
                carc_score_feature(g, f, 0);
            /* so a client can tell "completed, nobody scored" from nothing */
            if (g->nevents == before) log_event(g, CARC_EVENT_COMPLETED, -1, 0, 0, CARC_REASON_COMPLETED, f);
            if (stopped_for_action(g)) return;
        }
    }
    g->stage = STAGE_PLAY;
    if (v->end_of_turn) v->end_of_turn(g);
    next_turn(g);
}

/* The end of a turn as most go: the tile completed nothing, surrounded no
 * monastery, and the ruleset does nothing at the end of a turn. Tested
 * and done here without a call, so the callers this is inlined into keep
 * their small frames; any other turn ends in finish_turn_full. */
static ALWAYS_INLINE void finish_turn(carc_game *g)
{
    if (g->stage != STAGE_PLAY || g->vt.end_of_turn || g->extra_deck >= 0 || g->narea < 0) {
        finish_turn_full(g);
        return;
    }
    const placed *pl = &g->tiles[g->turn_tile];
    for (unsigned m = g->turn_shut; m; m &= m - 1)
        if (!g->pieces[feat_find(g, pl->first_piece + ctz32(m))].open) {
            finish_turn_full(g);
            return;
        }
    if (g->narea > 0)
        for (unsigned near = area_near(g, pl); near; near &= near - 1)
            if (board_surrounded(g, g->tiles[g->area_tiles[ctz32(near)]].cell)) {
                finish_turn_full(g);
                return;
            }
    next_turn(g);
}

static void after_figure_step(carc_game *g, const carc_move *m)
{
    if (g->vt.after_figure) g->vt.after_figure(g, m);
    if (g->action_pending)
        g->phase = CARC_PHASE_ACTION;
    else
        finish_turn(g);
}

static int same_move(const carc_move *a, const carc_move *b)
{
    if (a->kind == CARC_MOVE_PASS && b->kind == CARC_MOVE_PASS) return 1;
    return a->kind == b->kind && a->rotation == b->rotation && a->figure == b->figure && a->feature == b->feature &&
           a->x == b->x && a->y == b->y && a->tile == b->tile && a->action == b->action && a->target == b->target;
}

static int listed_extra(carc_game *g, const carc_move *m)
{
    carc_move extra[MAX_EXTRA_MOVES];
    int ne = extra_moves(g, extra);
    for (int i = 0; i < ne; i++)
        if (same_move(&extra[i], m)) return 1;
    return 0;
}

static int variant_move(carc_game *g, const carc_move *m);

/* Plays a move whose kind fits the phase; the caller records it. */
static int play(carc_game *g, const carc_move *m)
{
    switch (m->kind) {
    case CARC_MOVE_TILE: {
        if (g->phase != CARC_PHASE_TILE) return CARC_E_PHASE;
        int slot = -1, type = m->tile;
        if (hand_mode(g)) {
            for (int i = 0; i < g->nheld[g->player] && slot < 0; i++)
                if (g->held[g->player][i] == m->tile) slot = i;
            if (slot < 0) return CARC_E_ILLEGAL_MOVE;
        } else if (m->tile != g->hand) {
            return CARC_E_ILLEGAL_MOVE;
        }
        if (m->rotation > 3) return CARC_E_ILLEGAL_MOVE;
        int fi = board_frontier_index(g, m->x, m->y);
        /* an identical turn fits where the listed one does; the tile is laid
         * as the caller turned it, so its feature ids mean what they meant */
        int rot = m->rotation;
        if (fi < 0 || !board_fits(g, fi, type, g->ts->types[type].canon_rot[rot])) return CARC_E_ILLEGAL_MOVE;
        if (slot >= 0) { /* the hand keeps its order */
            uint8_t *h = g->held[g->player];
            memmove(&h[slot], &h[slot + 1], (size_t)(g->nheld[g->player] - slot - 1));
            g->nheld[g->player]--;
        }
        int ti = board_place(g, type, rot, m->x, m->y, fi);
        feat_add_tile(g, ti);
        g->turn_tile = ti;
        g->phase = CARC_PHASE_FIGURE;
        if (g->vt.on_tile_placed) g->vt.on_tile_placed(g, ti);
        if (g->action_pending) {
            g->phase = CARC_PHASE_ACTION;
            g->action_first = 1;
        }
        return CARC_OK;
    }
    case CARC_MOVE_FIGURE: {
        if (g->phase != CARC_PHASE_FIGURE) return CARC_E_PHASE;
        const placed *pl = &g->tiles[g->turn_tile];
        if (m->x != pl->x || m->y != pl->y || m->figure >= g->vt.figure_count) return CARC_E_ILLEGAL_MOVE;
        if (!figure_legal(g, m->figure, m->feature)) return CARC_E_ILLEGAL_MOVE;
        figure_put(g, g->player, m->figure, pl->first_piece + m->feature);
        after_figure_step(g, m);
        return CARC_OK;
    }
    case CARC_MOVE_PASS:
        if (g->phase == CARC_PHASE_FIGURE) {
            after_figure_step(g, m);
            return CARC_OK;
        }
        return variant_move(g, m); /* in the action phase a pass is the variant's */
    case CARC_MOVE_ACTION:
        return variant_move(g, m);
    default:
        return CARC_E_ILLEGAL_MOVE;
    }
}

/* Per move kind, the bytes of a carc_move the history keeps: those that
 * mean something for the kind (TILE: kind, rotation, x, y, tile; FIGURE:
 * kind, figure, feature, x, y; PASS: kind; ACTION: all). Byte by byte, so
 * the same on any byte order. */
static const union {
    uint8_t b[5][16];
    uint64_t w[5][2];
} KEEP = {.b = {
              [CARC_MOVE_TILE] = {255, 255, 0, 0, 255, 255, 255, 255, 255, 255},
              [CARC_MOVE_FIGURE] = {255, 0, 255, 255, 255, 255, 255, 255},
              [CARC_MOVE_PASS] = {255},
              [CARC_MOVE_ACTION] = {255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255},
          }};
_Static_assert(sizeof(carc_move) == 16 && offsetof(carc_move, rotation) == 1 && offsetof(carc_move, figure) == 2 &&
                   offsetof(carc_move, feature) == 3 && offsetof(carc_move, x) == 4 && offsetof(carc_move, y) == 6 &&
                   offsetof(carc_move, tile) == 8,
               "KEEP follows the layout of carc_move");

/* Records applied move m, as the caller gave it, in the history. */
static inline void record_move(carc_game *g, const carc_move *m)
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

/* A move is recorded after everything it set off, so draws it caused (a
 * token drawn for a shepherd) stand before it in the history: on load they
 * are queued before the move that consumes them. */
int game_apply(carc_game *g, const carc_move *m)
{
    game_resolve(g);
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    /* room for this move and the draws it may cause, so nothing is half done */
    if (g->nhist + 64 > MAX_HISTORY) return CARC_E_LIMIT;
    int r = play(g, m);
    if (r != CARC_OK) return r;
    record_move(g, m);
    return CARC_OK;
}

/* A pass at the figure step, as game_apply plays it, in a function of its
 * own: the commonest move of a game (once a player's followers are out it
 * is the only one) pays none of the frame a tile placement needs. */
NOINLINE static int pass_figure_step(carc_game *g, const carc_move *m)
{
    if (g->nhist + 64 > MAX_HISTORY) return CARC_E_LIMIT;
    after_figure_step(g, m);
    record_move(g, m);
    return CARC_OK;
}

static int variant_move(carc_game *g, const carc_move *m)
{
    if (g->phase != CARC_PHASE_FIGURE && g->phase != CARC_PHASE_ACTION) return CARC_E_PHASE;
    if (!g->vt.apply_move || (!g->listed && !listed_extra(g, m))) return CARC_E_ILLEGAL_MOVE;
    int phase = g->phase;
    int r = g->vt.apply_move(g, m);
    if (r) return r;
    if (phase == CARC_PHASE_FIGURE) {
        after_figure_step(g, m);
    } else if (!g->action_pending) {
        g->decider = -1;
        if (g->action_first) {
            g->action_first = 0;
            g->phase = CARC_PHASE_FIGURE;
        } else {
            finish_turn(g);
        }
    }
    return CARC_OK;
}

int carc_game_state(carc_game *g, carc_phase *phase, int *player)
{
    if (!g) return CARC_E_NULL;
    game_resolve(g);
    if (phase) *phase = (carc_phase)g->phase;
    if (player) *player = g->phase == CARC_PHASE_ACTION && g->decider >= 0 ? g->decider : g->player;
    return CARC_OK;
}

int carc_game_drawn_tile(carc_game *g, int *tile)
{
    if (!g || !tile) return CARC_E_NULL;
    game_resolve(g);
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    if (g->phase != CARC_PHASE_TILE) return CARC_E_PHASE;
    *tile = g->hand;
    return CARC_OK;
}

int carc_game_moves(carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    if (!g || !count) return CARC_E_NULL;
    /* the figure step straight to its lister, past game_enum's frame */
    if (g->phase == CARC_PHASE_FIGURE) return figure_enum(g, buf, cap, count);
    return game_enum(g, buf, cap, count);
}

int carc_game_apply(carc_game *g, const carc_move *m)
{
    if (!g || !m) return CARC_E_NULL;
    if (m->kind == CARC_MOVE_PASS && g->phase == CARC_PHASE_FIGURE) return pass_figure_step(g, m);
    return game_apply(g, m);
}

/* Copies of `tile` in stack d beyond those queued as fixed draws. */
static int free_copies(const deck *dk, int tile)
{
    int have = 0;
    for (int i = 0; i < dk->nleft; i++) have += dk->left[i] == tile;
    for (int i = dk->forced_head; i < dk->nforced; i++) have -= dk->forced[i] == tile;
    return have;
}

/* A tile hidden unseen (under a hill) is any tile of its stack for all a
 * player knows, so a caller naming a tile that only lies hidden gets it:
 * the hidden one comes back and another tile of the stack, not queued,
 * takes its place under the hill (`*hidden`, or at random when -1). The
 * swap is recorded, so a save replays it. */
/* `within` a replacement, which records the pick itself: no record here,
 * and the room for it was checked by the replacement. */
static int rehide_at(carc_game *g, int tile, int d, int *hidden, int within);

int rehide(carc_game *g, int tile, int d, int *hidden) { return rehide_at(g, tile, d, hidden, 0); }

static int rehide_at(carc_game *g, int tile, int d, int *hidden, int within)
{
    int at = -1;
    for (int i = 0; i < g->nout && at < 0; i++)
        if (g->out_reason[i] == CARC_REMOVED_HIDDEN && g->out_type[i] == tile && g->out_deck[i] == d) at = i;
    if (at < 0) return CARC_E_UNAVAILABLE;
    deck *dk = &g->decks[d];
    int pool[MAX_TILES], n = 0;
    for (int i = 0; i < dk->nleft; i++) {
        int t = dk->left[i], seen = 0;
        for (int j = 0; j < i; j++) seen += dk->left[j] == t;
        if (t != tile && free_copies(dk, t) > seen) pool[n++] = t; /* a copy no fixed draw needs */
    }
    if (!n) return CARC_E_UNAVAILABLE;
    /* the pick comes from the game's generator; a replay (the pick given)
     * draws the same number so every later draw stays in step */
    int y = pool[rng_below(&g->rng, (unsigned)n)];
    if (*hidden >= 0) {
        int ok = 0;
        for (int i = 0; i < n; i++) ok |= pool[i] == *hidden;
        if (!ok) return CARC_E_UNAVAILABLE;
        y = *hidden;
    }
    hist_rec h = {.kind = H_REHIDE, .which = (uint8_t)d, .forced = (uint8_t)y, .value = (uint16_t)tile};
    if (!within) {
        if (g->nhist + 1 + hist_reserve(g) > MAX_HISTORY) return CARC_E_LIMIT;
        hist_push(g, &h);
    }
    g->out_type[at] = (uint8_t)y;
    for (int i = 0; i < dk->nleft; i++)
        if (dk->left[i] == y) {
            dk->left[i] = (uint8_t)tile;
            break;
        }
    *hidden = y;
    return CARC_OK;
}

/* Queues a fixed draw of `tile` on its stack if a copy is left for it
 * beyond those already queued (or one lies hidden, see rehide). */
int deck_queue(carc_game *g, int tile)
{
    int d = g->ts->types[tile].deck, any = -1;
    deck *dk = &g->decks[d];
    if (dk->nforced == MAX_FORCED) return CARC_E_LIMIT; /* before anything changes */
    if (free_copies(dk, tile) <= 0 && rehide(g, tile, d, &any)) return CARC_E_UNAVAILABLE;
    if (dk->nforced == MAX_FORCED) return CARC_E_LIMIT;
    dk->forced[dk->nforced++] = (uint8_t)tile;
    return CARC_OK;
}

/* Records the game itself makes later (draws and moves of every turn left)
 * always find room: calls that add records of their own (reseeds,
 * replacements) stop short of this reserve. */
int hist_reserve(const carc_game *g)
{
    int left = 0;
    for (int d = 0; d < g->ts->ndecks; d++) left += g->decks[d].nleft;
    for (int p = 0; p < g->nplayers; p++) left += g->nheld[p];
    return 64 + 8 * left;
}

int carc_game_set_next_tile(carc_game *g, int tile)
{
    if (!g) return CARC_E_NULL;
    if (tile < 0 || tile >= g->ts->ntypes) return CARC_E_RANGE;
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    int d = g->ts->types[tile].deck;
    deck *dk = &g->decks[d];
    /* with hands every fixed tile is queued: it is the next one dealt */
    if (!hand_mode(g) && g->phase == CARC_PHASE_TILE && g->hand_valid && d == g->turn_deck &&
        dk->forced_head == dk->nforced)
        return replace_drawn(g, tile, -1);
    return deck_queue(g, tile);
}

/* This turn's tile is drawn but not placed: the caller says it is another
 * one. The drawn tile goes back; a named tile that fits nowhere is set
 * aside and the next draw follows. */
int replace_drawn(carc_game *g, int tile, int hide)
{
    deck *dk = &g->decks[g->turn_deck];
    if (tile == g->hand) return CARC_OK;
    hist_rec h = {.kind = H_REPLACE, .which = (uint8_t)g->turn_deck, .forced = (uint8_t)g->hand,
                  .value = (uint16_t)tile};
    if (g->nhist + 1 + hist_reserve(g) > MAX_HISTORY) return CARC_E_LIMIT;
    /* the named tile must be in the stack, or lie hidden: then the drawn tile,
     * about to go back, can at least take its place (rehide) */
    int hidden_there = 0;
    for (int i = 0; i < g->nout; i++)
        hidden_there |= g->out_reason[i] == CARC_REMOVED_HIDDEN && g->out_type[i] == tile &&
                        g->out_deck[i] == g->turn_deck;
    if (!deck_has(dk, tile) && !hidden_there) return CARC_E_UNAVAILABLE;
    /* the replaced draws did not happen: tiles they hid (under a hill) or
     * set aside (fitting nowhere) go back */
    for (int i = g->nout - 1; i >= g->draw_out; i--) {
        if (g->out_reason[i] != CARC_REMOVED_HIDDEN && g->out_reason[i] != CARC_REMOVED_UNPLACEABLE) continue;
        deck *back = &g->decks[g->out_deck[i]];
        back->left[back->nleft++] = g->out_type[i];
        for (int j = i; j + 1 < g->nout; j++) {
            g->out_type[j] = g->out_type[j + 1];
            g->out_reason[j] = g->out_reason[j + 1];
            g->out_deck[j] = g->out_deck[j + 1];
        }
        g->nout--;
    }
    dk->left[dk->nleft++] = (uint8_t)g->hand;
    /* the named tile lay under a hill: it comes out and a tile of the stack (the
     * old one is back there, so there is one) goes under; the replacement
     * records the pick (`hide` replays it) */
    if (!deck_has(dk, tile)) {
        if (rehide_at(g, tile, g->turn_deck, &hide, 1)) return CARC_E_UNAVAILABLE; /* only a bad replay hint */
        h.pad = (uint8_t)(hide + 1);
    }
    deck_remove(dk, tile);
    g->hand = tile;
    /* the named tile is drawn like any other (a hill hides its tile), and the
     * replacement is recorded after the draws it set off, as a move is */
    if (g->vt.on_draw) g->vt.on_draw(g, tile);
    hist_push(g, &h);
    if (!board_any_fit(g, tile)) {
        g->hand_valid = 0;
        out_add(g, tile, CARC_REMOVED_UNPLACEABLE);
    }
    return CARC_OK;
}

int carc_game_set_deck_order(carc_game *g, int d, const int *tiles, int n)
{
    if (!g || (!tiles && n)) return CARC_E_NULL;
    if (d < 0 || d >= g->ts->ndecks || n < 0 || n > MAX_FORCED) return CARC_E_RANGE;
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    deck *dk = &g->decks[d];
    int counts[MAX_TYPES] = {0};
    for (int i = 0; i < dk->nleft; i++) counts[dk->left[i]]++;
    if (n != dk->nleft) return CARC_E_UNAVAILABLE;
    for (int i = 0; i < n; i++) {
        if (tiles[i] < 0 || tiles[i] >= g->ts->ntypes) return CARC_E_RANGE;
        if (--counts[tiles[i]] < 0) return CARC_E_UNAVAILABLE;
    }
    dk->forced_head = 0;
    dk->nforced = (uint16_t)n;
    for (int i = 0; i < n; i++) dk->forced[i] = (uint8_t)tiles[i];
    return CARC_OK;
}

int carc_game_deck_remaining(const carc_game *g, int d, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    if (d < 0 || d >= g->ts->ndecks) return CARC_E_RANGE;
    *n = g->decks[d].nleft;
    return CARC_OK;
}

int carc_game_set_next_token(carc_game *g, const char *name, int token)
{
    if (!g || !name) return CARC_E_NULL;
    int b = -1;
    for (int i = 0; i < g->vt.bag_count; i++)
        if (strcmp(g->vt.bags[i].name, name) == 0) b = i;
    if (b < 0) return CARC_E_NOT_FOUND;
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    if (token < 0 || (unsigned)token >= g->vt.bags[b].token_count) return CARC_E_RANGE;
    bag *bg = &g->bags[b];
    int queued = 0;
    for (int i = bg->forced_head; i < bg->nforced; i++) queued += bg->forced[i] == token;
    if (bg->count[token] <= queued) return CARC_E_UNAVAILABLE;
    if (bg->nforced == MAX_FORCED_TOKENS) return CARC_E_LIMIT;
    bg->forced[bg->nforced++] = (uint8_t)token;
    return CARC_OK;
}

int carc_game_reseed(carc_game *g, uint64_t seed)
{
    if (!g) return CARC_E_NULL;
    if (g->over) return CARC_E_GAME_OVER;
    hist_rec h = {.kind = H_RESEED};
    hist_set_seed(&h, seed);
    if (g->nhist + 1 + hist_reserve(g) > MAX_HISTORY || hist_push(g, &h)) return CARC_E_LIMIT;
    g->rng = seed;
    return CARC_OK;
}

int carc_game_hand(carc_game *g, int player, int *tiles, int cap, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    if (player < 0 || player >= g->nplayers || cap < 0) return CARC_E_RANGE;
    game_resolve(g);
    int k = 0;
    uint8_t one[1];
    const uint8_t *h = one;
    if (g->hand_size > 0) {
        h = g->held[player];
        k = g->nheld[player];
    } else if (player == g->player && g->phase == CARC_PHASE_TILE && g->hand_valid) {
        one[0] = (uint8_t)g->hand;
        k = 1;
    }
    *n = k;
    if (!tiles) return CARC_OK;
    for (int i = 0; i < k && i < cap; i++) tiles[i] = h[i];
    return k > cap ? CARC_E_BUFFER : CARC_OK;
}

int carc_game_removed_count(const carc_game *g, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    *n = g->nout;
    return CARC_OK;
}

int carc_game_removed(const carc_game *g, int i, int *type, int *reason)
{
    if (!g) return CARC_E_NULL;
    if (i < 0 || i >= g->nout) return CARC_E_RANGE;
    if (type) *type = g->out_reason[i] == CARC_REMOVED_HIDDEN ? -1 : g->out_type[i];
    if (reason) *reason = g->out_reason[i];
    return CARC_OK;
}
