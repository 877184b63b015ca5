/* The turn machine: legal moves, applying moves, ending turns (the draws
 * are in draws.c). */
#include <limits.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "draws.h"

static int next_seat(const carc_game *g, int p) { return p + 1 == g->nplayers ? 0 : p + 1; }

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
static inline int figure_room(const carc_game *g, int k, int p)
{
    const carc_figure_desc *d = &g->vt.figures[k];
    if (figure_blocked(g, d->flags, d->block_class, p)) return 0;
    return !g->vt.figure_allowed_const || g->vt.figure_allowed_const(g, k, p);
}

/* Whether figure kind k of the current player may go on feature `local`
 * of this turn's tile. */
static ALWAYS_INLINE int figure_legal(const carc_game *g, int k, int local)
{
    const placed *pl = &g->tiles[g->turn_tile];
    const tile_type *t = &g->ts->types[pl->type];
    if (local >= t->nfeat || !(t->fig_feats[k] >> local & 1) || !g->supply[g->player][k]) return 0;
    return figure_room(g, k, pl->first_piece + local);
}

/* The variant's own moves: at most `room` written to buf, and how many
 * there are in all returned. A hook may count past its room (Over Hill and
 * Dale's hikes on a path of more than 512 tiles); one that returns what it
 * wrote is taken as it is. */
static size_t extra_moves(const carc_game *g, carc_move *buf, int room)
{
    if (!g->vt.extra_moves_const) return 0;
    int n = g->vt.extra_moves_const(g, buf, room);
    return n < 0 ? 0 : (size_t)n;
}

/* Appends the variant's moves after the first n through a scratch list of
 * MAX_EXTRA_MOVES, for a buffer with less room than that: it still learns
 * how many there are, and gets the first of them. */
NOINLINE static size_t emit_extra_counted(const carc_game *g, carc_move *buf, size_t cap, size_t n)
{
    carc_move extra[MAX_EXTRA_MOVES];
    size_t ne = extra_moves(g, extra, MAX_EXTRA_MOVES);
    for (size_t i = 0; i < ne && i < MAX_EXTRA_MOVES && n + i < cap; i++) buf[n + i] = extra[i];
    return n + (ne < MAX_OWN_MOVES ? ne : MAX_OWN_MOVES);
}

/* Appends the variant's moves after the first n: straight into the
 * caller's buffer when it has room for a scratch list's worth or more (the
 * scratch list, and the frame it needs, only otherwise). Returns the count
 * of all, which may pass cap, up to MAX_OWN_MOVES of the variant's. Out of
 * line: inlined into the listings, its cut moved GCC's layout of the
 * public calls (base 248 instructions a game more, The Discovery 964). */
NOINLINE static size_t emit_extra(const carc_game *g, carc_move *buf, size_t cap, size_t n)
{
    if (buf && n <= cap && cap - n >= MAX_EXTRA_MOVES) {
        size_t ne = extra_moves(g, buf + n, cap - n < MAX_OWN_MOVES ? (int)(cap - n) : (int)MAX_OWN_MOVES);
        return n + (ne < MAX_OWN_MOVES ? ne : MAX_OWN_MOVES);
    }
    return emit_extra_counted(g, buf, cap, n);
}

/* The variant's moves after the first n again, for a figure step's listing
 * that gave them a scratch list's worth of room and learnt there are more
 * (figure_moves, figure_plain_extra): into all the room left. */
NOINLINE static int extra_again(const carc_game *g, carc_move *buf, size_t cap, size_t n, size_t *count)
{
    *count = emit_extra(g, buf, cap, n);
    return *count > cap ? CARC_E_BUFFER : CARC_OK;
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
 * the turn's tile it may stand on, then passing, then the variant's own.
 * `room`, a constant in each copy: the buffer holds as many moves as a
 * figure step may have, so none is tested against cap. */
static ALWAYS_INLINE int figure_moves(const carc_game *g, carc_move *buf, size_t cap, size_t *count, int room)
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
        int (*allowed)(const carc_game *, int, int) = g->vt.figure_allowed_const;
        int first = pl->first_piece;
        for (; k < nk; k++) {
            if (!supply[k]) continue;
            carc_move m = {.kind = CARC_MOVE_FIGURE, .figure = (uint8_t)k, .x = pl->x, .y = pl->y};
            unsigned flags = fd[k].flags, bc = fd[k].block_class;
            for (unsigned fs = t->fig_feats[k]; fs; fs &= fs - 1) {
                int f = ctz32(fs);
                if (figure_blocked(g, flags, bc, first + f) || (allowed && !allowed(g, k, first + f))) continue;
                m.feature = (uint8_t)f;
                if (room)
                    buf[n++] = m;
                else
                    EMIT(m);
            }
        }
    }
    carc_move pass = {.kind = CARC_MOVE_PASS};
    if (room) {
        buf[n++] = pass;
        size_t ne = extra_moves(g, buf + n, MAX_EXTRA_MOVES);
        if (ne > MAX_EXTRA_MOVES) return extra_again(g, buf, cap, n, count);
        *count = n + ne;
        return CARC_OK;
    }
    EMIT(pass);
    if (g->vt.extra_moves_const) n = emit_extra(g, buf, cap, n);
    *count = n;
    return buf && n > cap ? CARC_E_BUFFER : CARC_OK;
}

NOINLINE static int figure_list(const carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    if (buf && cap >= FIGURE_STEP_MOVES)
        return figure_moves(g, buf, cap, count, 1);
    return figure_moves(g, buf, cap, count, 0);
}

void turn_setup(carc_game *g)
{
    int plain = !g->vt.figure_allowed_const;
    for (int k = 0; k < g->vt.figure_count; k++)
        plain &= !(g->vt.figures[k].flags & (CARC_FIG_FREE | CARC_FIG_SYSTEM));
    /* 1: plain; 2: plain, then the variant's own moves after the pass */
    g->figures_plain = (uint8_t)(plain ? 1 + !!g->vt.extra_moves_const : 0);
}

/* figure_list's moves for a plain figure step (carc_game.figures_plain),
 * into a buffer with room for all: a feature is free when its occupancy
 * in the kind's block class is 0, and each move is two words, the first
 * from a template with the feature ORed in. Small, so it needs no frame. */
static ALWAYS_INLINE size_t plain_moves(const carc_game *g, carc_move *buf)
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

NOINLINE static size_t figure_plain_moves(const carc_game *g, carc_move *buf) { return plain_moves(g, buf); }
/* The same, then the variant's own moves (carc_game.figures_plain 2): the
 * call through the vtable needs a frame, which the step without them is
 * spared by having a function of its own. */
NOINLINE static int figure_plain_extra(const carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    size_t n = plain_moves(g, buf);
    buf[n++] = (carc_move){.kind = CARC_MOVE_PASS};
    size_t ne = extra_moves(g, buf + n, MAX_EXTRA_MOVES);
    if (ne > MAX_EXTRA_MOVES) return extra_again(g, buf, cap, n, count);
    *count = n + ne;
    return CARC_OK;
}

/* The figure step's moves, for carc_game_moves. In a ruleset that lists no
 * moves of its own, once a player's followers are all out (most turns of
 * a game) the step is a lone pass: written here without a call, so that
 * carc_game_moves, where this is inlined, needs no frame for it. A plain
 * step (carc_game.figures_plain) with room for every move goes to
 * figure_plain_moves, past figure_list's frame. */
static ALWAYS_INLINE int figure_enum(const carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    if (!g->vt.extra_moves_const && buf && cap > 0 && first_in_supply(g) == g->vt.figure_count) {
        buf[0] = (carc_move){.kind = CARC_MOVE_PASS};
        *count = 1;
        return CARC_OK;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (g->figures_plain && buf && cap >= FIGURE_STEP_MOVES) {
        if (g->figures_plain == 2) return figure_plain_extra(g, buf, cap, count);
        size_t n = figure_plain_moves(g, buf);
        buf[n] = (carc_move){.kind = CARC_MOVE_PASS};
        *count = n + 1;
        return CARC_OK;
    }
#endif
    return figure_list(g, buf, cap, count);
}

/* Whether the tile in slot i of hand h is also in an earlier slot: at most
 * three earlier ones (CARC_MAX_HAND), compared one by one. As a loop over
 * j < i GCC vectorised it, for hands of up to 4 tiles, at 30 instructions a
 * listing of The Discovery with hands. */
static ALWAYS_INLINE int held_before(const uint8_t *h, int i)
{
    _Static_assert(CARC_MAX_HAND <= 4, "at most three tiles before the last");
    int seen = i > 0 && h[0] == h[i];
    if (i > 1) seen |= h[1] == h[i];
    if (i > 2) seen |= h[2] == h[i];
    return seen;
}

#if CARC_AVX2
/* turn_moves' tile step with hands, for carc_game_moves when the AVX2
 * listing has room for four moves a square for each tile of the hand:
 * each distinct tile in hand order, listed directly, without turn_moves'
 * frame and bookkeeping of the room left (The Discovery with hands, 3,800
 * instructions a game) */
static NOINLINE int hand_moves_avx2(const carc_game *g, carc_move *buf, size_t *count)
{
    const uint8_t *h = g->held[g->player];
    const int nh = g->nheld[g->player];
    if (nh == 2) { /* the usual hand (size 2), without the loop: 19 instructions a listing less */
        /* read before the first call, so it stays in a register across it
         * (testing h[1] != h[0] after the call cost 79 a game more) */
        const int second = h[1] != h[0] ? h[1] : -1;
        size_t n = tile_moves_avx2(g, h[0], buf);
        if (second >= 0) n += tile_moves_avx2(g, second, buf + n);
        *count = n;
        return CARC_OK;
    }
    size_t n = 0;
    for (int i = 0; i < nh; i++)
        if (!held_before(h, i)) n += tile_moves_avx2(g, h[i], buf + n);
    *count = n;
    return CARC_OK;
}
#endif

/* The moves of the decision the game waits for, its draw made, but for
 * the figure step's: carc_game_moves' rest. Out of line, so that
 * carc_game_moves keeps no frame for its direct paths. */
static NOINLINE int turn_moves(const carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    size_t n = 0;
    if (!buf) cap = 0;
    if (g->phase == CARC_PHASE_OVER) {
        *count = 0;
        return CARC_E_GAME_OVER;
    }
    if (g->phase == CARC_PHASE_TILE) {
        if (!hand_mode(g)) {
            n = tile_moves(g, g->hand, buf, cap);
        } else {
            /* each distinct tile of the hand, in hand order */
            const uint8_t *h = g->held[g->player];
            for (int i = 0; i < g->nheld[g->player]; i++) {
                if (held_before(h, i)) continue;
                carc_move *b = buf && n < cap ? buf + n : NULL;
                size_t c = b ? cap - n : 0;
                n += tile_moves(g, h[i], b, c);
            }
        }
    } else if (g->vt.extra_moves_const) {
        /* an action phase: carc_game_moves lists the figure step */
        n = emit_extra(g, buf, cap, n);
    }
    *count = n;
    return buf && n > cap ? CARC_E_BUFFER : CARC_OK;
}

/* carc_game_moves after the draw, if it is still to make: a game inside the
 * library (a playout, a save being replayed) draws only when it lists, and
 * the tile drawn is listed as the draw checks that it fits somewhere, in
 * one pass over the frontier. */
int turn_enum(carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    if (g->phase == CARC_PHASE_TILE && !g->hand_valid) {
        size_t listed = SIZE_MAX; /* SIZE_MAX: the draw did not list the turn's tile */
        if (!buf) cap = 0;
        draws_turn(g, buf, cap, &listed);
        if (listed != SIZE_MAX) {
            *count = listed;
            return buf && listed > cap ? CARC_E_BUFFER : CARC_OK;
        }
    }
    return carc_game_moves(g, buf, cap, count); /* its direct paths: the figure step, a hand's tiles */
}

/* If open area tile a (carc_game.area_tiles) is surrounded now, adds its
 * area features to the turn's completed ones and takes it off the list
 * (the last one moves into its place); returns whether it did. */
static int area_surrounded(carc_game *g, int a, int *nd)
{
    const placed *np = &g->tiles[g->area_tiles[a]];
    if (!board_surrounded(g, g->wide, np->cell)) return 0;
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
                if (!board_surrounded(g, g->wide, np->cell)) continue;
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
        scoring_log(g, CARC_EVENT_EXTRA_TURN, g->player, 0, 0, CARC_REASON_ACTION, -1);
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
    /* with nothing left to draw the game is over now, even in a game that
     * draws when it lists (the others draw once the move is recorded) */
    if (g->decks[g->turn_deck].nleft == 0 && (!g->is_extra || g->decks[0].nleft == 0)) draws_turn_now(g);
}

/* Records move m, which the game just played, and if it ended the turn
 * makes the next turn's draw (carcassonne.h, turns): after the move in the
 * history, as a save replays it. */
static ALWAYS_INLINE void played(carc_game *g, const carc_move *m)
{
    draws_record_move(g, m);
    if (!g->hand_valid && g->phase == CARC_PHASE_TILE && !g->lazy_draw) draws_turn_now(g);
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
            if (g->nevents == before) scoring_log_unscored(g, f);
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
static ALWAYS_INLINE void finish_turn(carc_game *g, int wide)
{
    if (g->stage != STAGE_PLAY || g->vt.end_of_turn || g->extra_deck >= 0 || g->narea < 0) {
        finish_turn_full(g);
        return;
    }
    const placed *pl = &G_TILE(g, wide, g->turn_tile);
    for (unsigned m = g->turn_shut; m; m &= m - 1)
        if (!g->pieces[feat_find(g, pl->first_piece + ctz32(m))].open) {
            finish_turn_full(g);
            return;
        }
    if (g->narea > 0)
        for (unsigned near = area_near(g, pl); near; near &= near - 1)
            if (board_surrounded(g, wide, G_TILE(g, wide, g->area_tiles[ctz32(near)]).cell)) {
                finish_turn_full(g);
                return;
            }
    next_turn(g);
}

static ALWAYS_INLINE void figure_step_done(carc_game *g, const carc_move *m, int wide)
{
    if (g->vt.after_figure) g->vt.after_figure(g, m);
    if (g->action_pending)
        g->phase = CARC_PHASE_ACTION;
    else
        finish_turn(g, wide);
}
/* figure_step_done, as a call: pass_figure_step alone takes it inline */
static NOINLINE void after_figure_step(carc_game *g, const carc_move *m)
{
    if (g->wide)
        figure_step_done(g, m, 1);
    else
        figure_step_done(g, m, 0);
}

static int same_move(const carc_move *a, const carc_move *b)
{
    if (a->kind == CARC_MOVE_PASS && b->kind == CARC_MOVE_PASS) return 1;
    /* every field, as two words: a move has no padding */
    _Static_assert(sizeof(carc_move) == 16 && offsetof(carc_move, target) == 12, "a move is 16 bytes of fields");
    uint64_t wa[2], wb[2];
    memcpy(wa, a, sizeof wa);
    memcpy(wb, b, sizeof wb);
    return ((wa[0] ^ wb[0]) | (wa[1] ^ wb[1])) == 0;
}

/* Whether the variant lists move m now, looked for in a scratch list of
 * MAX_EXTRA_MOVES. When the variant has more moves than that, one past
 * the list is left to its apply_move, which refuses a move it did not
 * list and changes nothing (carcassonne_variant.h): the whole list could
 * take 8,188 moves (128 KiB) of stack in Over Hill and Dale. */
static int listed_extra(const carc_game *g, const carc_move *m)
{
    carc_move extra[MAX_EXTRA_MOVES];
    size_t ne = extra_moves(g, extra, MAX_EXTRA_MOVES);
    if (ne >= MAX_EXTRA_MOVES) return 1;
    for (size_t i = 0; i < ne; i++)
        if (same_move(&extra[i], m)) return 1;
    return 0;
}

static int variant_move(carc_game *g, const carc_move *m, int listed);

/* Takes the tile in `slot` out of the mover's hand, which keeps its order:
 * at most 3 bytes move (CARC_MAX_HAND), so a loop rather than memmove's
 * call into the C library; out of line, so the apply without hands keeps
 * its layout. */
static NOINLINE void hand_take(carc_game *g, int slot)
{
    uint8_t *h = g->held[g->player];
    int left = --g->nheld[g->player];
    for (int i = slot; i < left; i++) h[i] = h[i + 1];
}

/* Plays tile move m, in the tile phase; `wide`: g->wide, and `listed`:
 * whether the library listed m for this position just now (so it is legal
 * and not checked again), constants in each copy. */
static ALWAYS_INLINE int play_tile(carc_game *g, const carc_move *m, int wide, int listed)
{
    int slot = -1, type = m->tile;
    if (hand_mode(g)) {
        for (int i = 0; i < g->nheld[g->player] && slot < 0; i++)
            if (g->held[g->player][i] == m->tile) slot = i;
        if (slot < 0) return CARC_E_ILLEGAL_MOVE;
    } else if (!listed && m->tile != g->hand) {
        return CARC_E_ILLEGAL_MOVE;
    }
    if (!listed && m->rotation > 3) return CARC_E_ILLEGAL_MOVE;
    unsigned cell;
    int fi = board_frontier_cell(g, wide, m->x, m->y, &cell);
    /* an identical turn fits where the listed one does; the tile is laid
     * as the caller turned it, so its feature ids mean what they meant */
    int rot = m->rotation;
    /* a listed move is checked only for its square, where it is laid */
    if (fi < 0 || (!listed && !board_fits(g, wide, fi, type, g->ts->types[type].canon_rot[rot])))
        return CARC_E_ILLEGAL_MOVE;
    if (slot >= 0) hand_take(g, slot);
    int ti = board_place(g, wide, type, rot, m->x, m->y, cell, fi);
    feat_add_tile(g, wide, ti);
    g->turn_tile = ti;
    g->phase = CARC_PHASE_FIGURE;
    if (g->vt.on_tile_placed) g->vt.on_tile_placed(g, ti);
    if (g->action_pending) {
        g->phase = CARC_PHASE_ACTION;
        g->action_first = 1;
    }
    return CARC_OK;
}

/* Plays a move whose kind fits the phase; the caller records it. */
static ALWAYS_INLINE int play(carc_game *g, const carc_move *m, int wide, int listed)
{
    switch (m->kind) {
    case CARC_MOVE_TILE:
        if (g->phase != CARC_PHASE_TILE) return CARC_E_PHASE;
        return play_tile(g, m, wide, listed);
    case CARC_MOVE_FIGURE: {
        if (g->phase != CARC_PHASE_FIGURE) return CARC_E_PHASE;
        const placed *pl = &g->tiles[g->turn_tile];
        if (!listed && (m->x != pl->x || m->y != pl->y || m->figure >= g->vt.figure_count)) return CARC_E_ILLEGAL_MOVE;
        if (!listed && !figure_legal(g, m->figure, m->feature)) return CARC_E_ILLEGAL_MOVE;
        figure_put(g, g->player, m->figure, pl->first_piece + m->feature);
        after_figure_step(g, m);
        return CARC_OK;
    }
    case CARC_MOVE_PASS:
        if (g->phase == CARC_PHASE_FIGURE) {
            after_figure_step(g, m);
            return CARC_OK;
        }
        return variant_move(g, m, listed); /* in the action phase a pass is the variant's */
    case CARC_MOVE_ACTION:
        return variant_move(g, m, listed);
    default:
        return CARC_E_ILLEGAL_MOVE;
    }
}

/* Plays and records move m in a game whose draw is made. A move is
 * recorded after everything it set off, so draws it caused (a token drawn
 * for a shepherd) stand before it in the history: on load they are queued
 * before the move that consumes them. */
static ALWAYS_INLINE int apply_as(carc_game *g, const carc_move *m, int wide, int listed)
{
    int r = play(g, m, wide, listed);
    if (r != CARC_OK) return r;
    played(g, m);
    return CARC_OK;
}

/* apply_drawn for a game past its narrow room (carc_game.narrow_room): a
 * wide game, or one whose history is full */
static NOINLINE int apply_other(carc_game *g, const carc_move *m)
{
    /* room for this move and the draws it may cause, so nothing is half done */
    if (!g->wide || g->nhist + HIST_RESERVE > g->hist_cap) return CARC_E_LIMIT;
    return apply_as(g, m, 1, 0);
}

NOINLINE static int apply_drawn(carc_game *g, const carc_move *m)
{
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    if (g->nhist > g->narrow_room) return apply_other(g, m);
    return apply_as(g, m, 0, 0);
}

/* apply_other and apply_drawn for a move the library listed for this
 * position just now: the same, without checking the move again. Written
 * out twice on purpose: with both pairs made from one inline body, GCC 12
 * laid out apply_drawn so that base cost 500 instructions a game more. */
static NOINLINE int apply_other_listed(carc_game *g, const carc_move *m)
{
    if (!g->wide || g->nhist + HIST_RESERVE > g->hist_cap) return CARC_E_LIMIT;
    return apply_as(g, m, 1, 1);
}
NOINLINE static int apply_listed(carc_game *g, const carc_move *m)
{
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    if (g->nhist > g->narrow_room) return apply_other_listed(g, m);
    return apply_as(g, m, 0, 1);
}

/* apply_drawn after the draw, if it is still to make (a playout, a save
 * being replayed: turn_enum) */
int game_apply(carc_game *g, const carc_move *m)
{
    game_resolve(g);
    return apply_drawn(g, m);
}

/* A pass at the figure step, as game_apply plays it, in a function of its
 * own: the commonest move of a game (once a player's followers are out it
 * is the only one) pays none of the frame a tile placement needs. */
static ALWAYS_INLINE int pass_figure_step_as(carc_game *g, const carc_move *m, int wide)
{
    figure_step_done(g, m, wide);
    played(g, m);
    return CARC_OK;
}
static NOINLINE int pass_figure_step_other(carc_game *g, const carc_move *m)
{
    if (!g->wide || g->nhist + HIST_RESERVE > g->hist_cap) return CARC_E_LIMIT;
    return pass_figure_step_as(g, m, 1);
}
NOINLINE static int pass_figure_step(carc_game *g, const carc_move *m)
{
    if (g->nhist > g->narrow_room) return pass_figure_step_other(g, m);
    return pass_figure_step_as(g, m, 0);
}

static int variant_move(carc_game *g, const carc_move *m, int listed)
{
    if (g->phase != CARC_PHASE_FIGURE && g->phase != CARC_PHASE_ACTION) return CARC_E_PHASE;
    if (!g->vt.apply_move || (!listed && !listed_extra(g, m))) return CARC_E_ILLEGAL_MOVE;
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
            if (g->wide)
                finish_turn(g, 1);
            else
                finish_turn(g, 0);
        }
    }
    return CARC_OK;
}

/* the public bound on a listing holds for the largest set and hand */
_Static_assert((size_t)CARC_MAX_HAND * 4 * FRONTIER_CAP(MAX_TILES) + MAX_EXTRA_MOVES <= CARC_MAX_MOVES,
               "a tile step's moves fit CARC_MAX_MOVES");
_Static_assert(MAX_OWN_MOVES > MAX_EXTRA_MOVES && MAX_OWN_MOVES < INT_MAX, "a hook's room is an int, past the scratch list");
_Static_assert(FIGURE_STEP_MOVES <= CARC_MAX_MOVES,
               "a figure step's moves fit CARC_MAX_MOVES");

int carc_game_moves(const carc_game *g, carc_move *buf, size_t cap, size_t *count)
{
    if (!g || !count) return CARC_E_NULL;
    /* the figure step straight to its lister, past turn_moves' frame */
    if (g->phase == CARC_PHASE_FIGURE) return figure_enum(g, buf, cap, count);
#if CARC_AVX2
    /* and the drawn tile, or the hand's tiles, when the AVX2 listing has
     * room for all (a narrow set's) */
    if (g->phase == CARC_PHASE_TILE && buf && g->ts->avx2 == 1) {
        if (!g->hand_size) {
            if (cap >= 4 * (size_t)g->nfrontier) {
                *count = tile_moves_avx2(g, g->hand, buf);
                return CARC_OK;
            }
        } else if (!g->is_extra && cap >= 4 * (size_t)g->nheld[g->player] * (size_t)g->nfrontier) {
            return hand_moves_avx2(g, buf, count);
        }
    }
#endif
    return turn_moves(g, buf, cap, count);
}

/* A move that ends a turn makes the next turn's draw (next_turn). */
int carc_game_apply(carc_game *g, const carc_move *m)
{
    if (!g || !m) return CARC_E_NULL;
    if (m->kind == CARC_MOVE_PASS && g->phase == CARC_PHASE_FIGURE) return pass_figure_step(g, m);
    return apply_drawn(g, m);
}

int turn_apply_listed(carc_game *g, const carc_move *m)
{
    if (m->kind == CARC_MOVE_PASS && g->phase == CARC_PHASE_FIGURE) return pass_figure_step(g, m);
    return apply_listed(g, m);
}
