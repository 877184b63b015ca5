/* Game lifecycle: create, free, clone, copy. */
#include <string.h>

#include "internal.h"


static int option_index(const carc_variant *v, const char *name)
{
    for (int i = 0; i < v->option_count; i++)
        if (strcmp(v->options[i].name, name) == 0) return i;
    return -1;
}

static int resolve_variant(const carc_game_options *o, const carc_variant **out)
{
    if (o->variant) {
        *out = o->variant;
        return CARC_OK;
    }
    if (!o->variant_name) return CARC_E_NULL;
    return carc_registry_find(o->registry, o->variant_name, out);
}

#define ROUND_UP(n, a) (((n) + (a) - 1) / (a) * (a))

/* Where each array of a game's tail lies, as offsets from the block's
 * start, and the block's size, by the game's tile set: the pieces first,
 * as the struct's last member, as many as the features of all the set's
 * tiles (ts->max_pieces); then, for a wide game only, the placed tiles and
 * the frontier's arrays, for the set's tiles and the squares they can
 * have around them (FRONTIER_CAP; a narrow game's are members); the
 * board's grid, as many cells as the tiles need (board_geometry), two
 * bytes a cell either way; the stacks' tiles and the tiles out of the
 * game; the history and the event log, as long as the tiles need
 * (HIST_CAPACITY, EVENT_CAPACITY); the squares' masks and values only for
 * a set without a fit table. A game whose variant's tile set is parsed for
 * it alone keeps the set at the block's end. Clone lays its block out
 * again the same way, so a game's layout follows from its tile set
 * alone. */
typedef struct tail_layout {
    int wide;
    size_t tiles, fpos, fkey, fcell, fcls, grid, ncells, left, left_each, out, fmask, fval, hist, events, award_at,
        own_ts, end;
} tail_layout;

static size_t tail_take(size_t *at, size_t bytes, size_t align)
{
    size_t o = ROUND_UP(*at, align);
    *at = o + bytes;
    return o;
}

/* The arrays of the tail after the pieces, in order, each as X(field,
 * entries, bytes an entry, alignment), for a set of n_tiles tiles in
 * n_decks stacks whose game keeps n_board tiles and n_squares frontier
 * squares in its tail (0 for a narrow game), and has n_cells torus cells,
 * n_edges squares' masks (0 with a fit table), n_hist history records and
 * n_events log entries. 64: zeroed or read a cache line at a time. */
#define TAIL_ARRAYS(X, n_tiles, n_decks, n_board, n_squares, n_cells, n_edges, n_hist, n_events)                      \
    X(tiles, (size_t)(n_board), sizeof(placed), 64)                                                                    \
    X(fpos, (size_t)(n_squares), sizeof(uint64_t), 64)                                                                 \
    X(fkey, (size_t)(n_squares), sizeof(uint16_t), _Alignof(uint16_t))                                                 \
    X(fcell, (size_t)(n_squares), sizeof(uint32_t), _Alignof(uint32_t))                                                \
    X(fcls, (size_t)(n_squares), sizeof(uint32_t), 64)                                                                 \
    X(grid, 2 * (size_t)(n_cells), 1, 64)                                                                              \
    X(left, (size_t)(n_decks) * (size_t)(n_board), 1, 1)                                                               \
    X(out, (size_t)(n_tiles), sizeof(out_rec), _Alignof(out_rec))                                                      \
    X(fmask, (size_t)(n_edges), sizeof(uint64_t), _Alignof(uint64_t))                                                  \
    X(fval, (size_t)(n_edges), sizeof(uint64_t), _Alignof(uint64_t))                                                   \
    X(hist, (size_t)(n_hist), sizeof(hist_rec), _Alignof(hist_rec))                                                    \
    X(events, (size_t)(n_events), sizeof(event_rec), _Alignof(event_rec))                                              \
    X(award_at, (size_t)(n_events), sizeof(uint16_t), _Alignof(uint16_t))

/* own_ts: the block also holds the tile set */
static void game_layout(const carc_tileset *ts, int own_ts, tail_layout *l)
{
    const size_t n = (size_t)ts->total;
    l->wide = n > NARROW_TILES;
    const size_t squares = l->wide ? FRONTIER_CAP(n) : NARROW_FRONTIER;
    const size_t edges = ts->nside_codes ? 0 : squares; /* fmask and fval entries */
    size_t at = offsetof(carc_game, pieces) + (size_t)ts->max_pieces * sizeof(piece);
    unsigned k;
    l->ncells = board_geometry(ts->total, &k);
    l->left_each = n; /* each stack has room for every tile of the set */
#define TAKE(field, count, size, align) l->field = tail_take(&at, (count) * (size), align);
    TAIL_ARRAYS(TAKE, n, ts->ndecks, l->wide ? n : 0, l->wide ? squares : 0, l->ncells, edges, HIST_CAPACITY(n),
                EVENT_CAPACITY(n))
#undef TAKE
    l->own_ts = tail_take(&at, own_ts ? sizeof(carc_tileset) : 0, _Alignof(carc_tileset));
    l->end = ROUND_UP(at, _Alignof(max_align_t));
}

/* The largest block a game with a shared narrow tile set (every set the
 * library has) of at most 1,024 features (the ones its fuzzers make)
 * takes: every array at its largest, each with its alignment's worth of
 * padding before it, within 126 KiB: see internal.h, after struct
 * carc_game. A wide set's block is larger: 1.4 MiB for 1,020 tiles. */
#define AT_MOST(field, count, size, align) +(count) * (size) + (align)
#define LARGEST_NARROW_BLOCK                                                                                          \
    (offsetof(carc_game, pieces) + 1024 * sizeof(piece)                                                               \
         TAIL_ARRAYS(AT_MOST, NARROW_TILES, MAX_DECKS, 0, 0, 16384, NARROW_FRONTIER, HIST_CAPACITY(NARROW_TILES),      \
                     EVENT_CAPACITY(NARROW_TILES)) +                                                                   \
     _Alignof(max_align_t))
_Static_assert(LARGEST_NARROW_BLOCK <= 126 * 1024, "a narrow game's block grew past 126 KiB");
#undef AT_MOST

/* Points g's region 6 at its board's arrays (a narrow game's members, a
 * wide game's tail) and at the other arrays of its block's tail. */
static void tail_attach(carc_game *g, const tail_layout *l)
{
    unsigned char *b = (unsigned char *)g;
    g->wide = (uint8_t)l->wide;
    g->tiles = l->wide ? (placed *)(void *)(b + l->tiles) : g->tiles_n;
    g->fpos = l->wide ? (uint64_t *)(void *)(b + l->fpos) : g->fpos_n;
    g->fkey = l->wide ? (uint16_t *)(void *)(b + l->fkey) : g->fkey_n;
    g->fcell = l->wide ? (uint32_t *)(void *)(b + l->fcell) : NULL;
    g->fcls = l->wide ? (uint32_t *)(void *)(b + l->fcls) : g->fcls_n;
    g->grid = l->wide ? NULL : b + l->grid;
    g->fgrid = l->wide ? NULL : b + l->grid + l->ncells;
    g->cells = l->wide ? (int16_t *)(void *)(b + l->grid) : NULL;
    for (size_t d = 0; d < MAX_DECKS; d++) {
        const uint32_t at = l->wide ? (uint32_t)(l->left + d * l->left_each - offsetof(carc_game, decks) - d * sizeof(deck))
                                    : (uint32_t)offsetof(deck, left_n);
        memcpy(g->decks[d].left_at, &at, sizeof at);
    }
    g->out = (out_rec *)(void *)(b + l->out);
    const int edges = l->fval > l->fmask;
    g->fmask = edges ? (uint64_t *)(void *)(b + l->fmask) : NULL;
    g->fval = edges ? (uint64_t *)(void *)(b + l->fval) : NULL;
    g->hist = (hist_rec *)(void *)(b + l->hist);
    g->events = (event_rec *)(void *)(b + l->events);
    g->award_at = (uint16_t *)(void *)(b + l->award_at);
    g->block_bytes = l->end;
}

/* The frontier classes g keeps: read a block of 32 at a time, and 0 past
 * the frontier. */
static size_t fcls_cap(const carc_game *g) { return g->wide ? FRONTIER_CAP(g->ts->total) : NARROW_FRONTIER; }

/* The torus and the capacities g's tile set asks for. By the set alone,
 * so the games a copy joins have the same. */
static void size_attach(carc_game *g)
{
    g->grid_mask = board_geometry(g->ts->total, &g->grid_k) - 1;
    g->hist_cap = HIST_CAPACITY(g->ts->total);
    g->event_cap = EVENT_CAPACITY(g->ts->total);
    g->narrow_room = g->ts->total > NARROW_TILES ? -1 : g->hist_cap - HIST_RESERVE;
}

/* A new game's block for tile set ts, zeroed only where a game reads
 * before it writes (the copy rules below): regions 1 and 2, the frontier
 * classes (which listing reads a block of 32 squares at a time), the
 * board's grid, and the placed tiles, whose records keep a spare byte no
 * one writes. The rest of the block is read only up to its counts, which
 * start at 0, and every record under a count is written whole, so it is
 * left as the allocator gives it; zeroing the whole block was 97% of
 * making a game. With `own`, the block also holds a copy of ts, which
 * *own gets. */
static carc_game *new_block(const carc_allocator *a, const carc_tileset *ts, carc_tileset **own)
{
    tail_layout l;
    game_layout(ts, own != NULL, &l);
    carc_game *g = mem_alloc(a, l.end);
    if (!g) return NULL;
    memset(g, 0, offsetof(carc_game, tiles_n));
    tail_attach(g, &l);
    memset(g->tiles, 0, (l.wide ? (size_t)ts->total : NARROW_TILES) * sizeof g->tiles[0]);
    memset(g->fcls, 0, (l.wide ? FRONTIER_CAP(ts->total) : NARROW_FRONTIER) * sizeof g->fcls[0]);
    memset((unsigned char *)g + l.grid, 0, 2 * l.ncells);
    if (own) {
        *own = (carc_tileset *)(void *)((unsigned char *)g + l.own_ts);
        memcpy(*own, ts, sizeof *ts);
    }
    return g;
}

/* A variant's own tile set, parsed for one game, into a block of its own
 * that the caller gives back (the game's block is sized by the set, so
 * the set is read first). */
static int parse_own(const carc_allocator *a, const carc_variant *v, carc_tileset **out)
{
    carc_tileset *ts = mem_zalloc(a, sizeof *ts);
    if (!ts) return CARC_E_NOMEM;
    if (tileset_parse(v, v->tiles, v->tiles_len, ts, NULL, 0) != CARC_OK) {
        mem_release(a, ts, sizeof *ts);
        return CARC_E_INVALID;
    }
    *out = ts;
    return CARC_OK;
}

int game_create(const carc_game_options *opts, carc_game **out)
{
    if (!opts || !out) return CARC_E_NULL;
    if (opts->struct_size < CARC_GAME_OPTIONS_SIZE_V1) return CARC_E_VERSION;
    carc_allocator a;
    int r = alloc_take(opts->struct_size >= offsetof(carc_game_options, allocator) + sizeof opts->allocator
                           ? opts->allocator : NULL, &a);
    if (r) return r;
    const carc_variant *v;
    r = resolve_variant(opts, &v);
    if (r) return r;
    /* a variant of the caller's is checked at every game it makes; the
     * library's own pass the same check in its tests, and skipping it
     * takes about 1,000 instructions off making a base game */
    const int builtin = builtin_index(v);
    if (builtin < 0 && (r = variant_check(v)) != CARC_OK) return r;
    if (opts->players < v->min_players || opts->players > v->max_players) return CARC_E_RANGE;
    if (opts->tileset && opts->tileset->variant != v) return CARC_E_MISMATCH;
    if (opts->rule_count < 0 || (opts->rule_count > 0 && !opts->rules)) return CARC_E_NULL;

    /* a built-in variant's tile set is parsed once and shared; another
     * variant's is parsed into the game's own block */
    const carc_tileset *shared = opts->tileset ? opts->tileset : builtin_tileset(builtin);
    carc_tileset *parsed = NULL, *own = NULL;
    if (!shared && (r = parse_own(&a, v, &parsed)) != CARC_OK) return r;
    carc_game *g = new_block(&a, shared ? shared : parsed, shared ? NULL : &own);
    if (parsed) mem_release(&a, parsed, sizeof *parsed);
    if (!g) return CARC_E_NOMEM;
    void *blk = g;
    const size_t size = g->block_bytes;
    memcpy(&g->alloc, &a, sizeof a); /* padding included, as a clone copies it */
    g->ts = shared ? shared : own;
    size_attach(g);
    variant_normalise(v, &g->vt);
    scoring_setup(g);
    turn_setup(g);
    g->orig = v;
    g->nplayers = opts->players;
    g->seed = g->rng = opts->seed;
    for (int i = 0; i < v->option_count; i++) g->rules[i] = v->options[i].default_value;
    for (int i = 0; i < opts->rule_count; i++) {
        if (!opts->rules[i].name) {
            mem_release(&a, blk, size);
            return CARC_E_NULL;
        }
        int k = option_index(v, opts->rules[i].name);
        if (k < 0) {
            mem_release(&a, blk, size);
            return CARC_E_NOT_FOUND;
        }
        if (opts->rules[i].value < v->options[k].min_value || opts->rules[i].value > v->options[k].max_value) {
            mem_release(&a, blk, size);
            return CARC_E_RANGE;
        }
        g->rules[k] = opts->rules[i].value;
    }
    r = setup_game(g);
    if (r) {
        mem_release(&a, blk, size);
        return r;
    }
    *out = g;
    return CARC_OK;
}

int carc_game_new(const carc_game_options *opts, carc_game **out)
{
    int r = game_create(opts, out);
    if (r == CARC_OK) game_resolve(*out); /* the first turn's draw (carcassonne.h, turns) */
    return r;
}

/* Whether g keeps its tile set in its own block (at the end of its tail). */
static int owns_tileset(const carc_game *g)
{
    const unsigned char *b = (const unsigned char *)g, *ts = (const unsigned char *)g->ts;
    return ts > b && ts < b + g->block_bytes;
}

void carc_game_free(carc_game *g)
{
    if (g) mem_release(&g->alloc, g, g->block_bytes);
}

/* ---- copying ----------------------------------------------------------------
 *
 * What clone and copy take of struct carc_game, region by region in field
 * order (internal.h fences the regions and points here), and of its tail:
 *
 *   1. orig .. npieces, the fixed part: whole.
 *   2. decks: the tile set's stacks (ndecks); vstate: the variant's
 *      state_size bytes; vt: by clone only, since a copy's two games have the
 *      same variant and so the same normalised vtable.
 *   3. tiles_n, fpos_n, fkey_n, fcell_n: a narrow game's board arrays,
 *      each up to its count (ntiles, nfrontier), through the pointers of
 *      region 6 (a wide game's are in its tail, by the same rule).
 *   4. fcls_n: up to the longer of the two frontiers, rounded up to a block
 *      of 32 squares, since listing reads whole blocks and finds no class
 *      past the end only if those entries are 0 (a wide game's, in its
 *      tail, the same way).
 *   5. none.
 *   6. wide .. block_bytes, where the board's arrays and the tail's other
 *      arrays lie, and the torus: never; each game points into its own
 *      block (a clone's is laid out as its original's) and takes the torus
 *      of its tile set. The tail's arrays: the grid never, cleared and
 *      marked again from the tile and frontier lists (a few hundred writes
 *      instead of 8 KiB to 1 MiB); the stacks' tiles (each stack's nleft);
 *      out (nout); events, award_at, hist (nevents, nawards, nhist); fmask
 *      and fval (nfrontier), only for tile sets without a fit table (the
 *      only ones that keep them).
 *   7. alloc: never; each game keeps the allocator it was made with (a
 *      clone is given its original's).
 *   8. pieces, the struct's last member and the tail's first array: up to
 *      npieces.
 * Two games a copy joins have one tile set, or two read from the same
 * text, so every count of one fits the other's block.
 *
 * A field belongs to the region whose rule fits it; the assertions below
 * name each boundary's two neighbours, so a field added at a boundary
 * makes the author pick its region here. tests/core/test_core_copy.c
 * compares copy and clone with the original field by field. */
#define END_OF(f) (offsetof(carc_game, f) + sizeof(((carc_game *)0)->f))
#define FOLLOWS(a, b, align) (offsetof(carc_game, b) == ROUND_UP(END_OF(a), align))
_Static_assert(FOLLOWS(npieces, decks, _Alignof(deck)), "region 1 ends with npieces, region 2 begins with decks");
_Static_assert(FOLLOWS(decks, vstate, 16), "region 2: the stacks, then the variant state");
_Static_assert(FOLLOWS(vstate, vt, _Alignof(carc_variant)), "region 2: the variant state, then the vtable");
_Static_assert(FOLLOWS(vt, tiles_n, _Alignof(placed)), "region 2 ends with vt, region 3 starts with tiles_n");
_Static_assert(FOLLOWS(tiles_n, fpos_n, _Alignof(uint64_t)), "region 3: tiles_n, then fpos_n");
_Static_assert(FOLLOWS(fpos_n, fkey_n, _Alignof(uint16_t)), "region 3: fpos_n, then fkey_n");
_Static_assert(FOLLOWS(fkey_n, fcell_n, _Alignof(uint16_t)), "region 3: fkey_n, then fcell_n");
_Static_assert(FOLLOWS(fcell_n, fcls_n, 16), "region 3 ends with fcell_n, region 4 is fcls_n");
_Static_assert(FOLLOWS(fcls_n, wide, 1), "region 4 is fcls_n, region 6 starts with wide");
_Static_assert(FOLLOWS(block_bytes, alloc, _Alignof(carc_allocator)), "region 6 ends with block_bytes, region 7 is alloc");
_Static_assert(offsetof(carc_game, pieces) == ROUND_UP(END_OF(alloc), _Alignof(piece)), "region 7 is alloc, region 8 the pieces");

#define COPY_N(dst, src, field, n) memcpy((dst)->field, (src)->field, (size_t)(n) * sizeof (src)->field[0])

/* The grid of dst, as src's: the cells dst marks cleared, src's marked.
 * dst_valid: dst is a game whose first `same` tiles src has too, on the
 * same squares, so their cells are already right; else its whole grid is
 * cleared. */
static void copy_grid(carc_game *dst, const carc_game *src, int dst_valid, int same)
{
    const size_t cells = (size_t)dst->grid_mask + 1;
    if (dst->wide) {
        if (dst_valid) { /* the rest of dst's grid is already zero */
            for (int i = same; i < dst->ntiles; i++) dst->cells[dst->tiles[i].cell] = 0;
            for (int i = 0; i < dst->nfrontier; i++) dst->cells[dst->fcell[i]] = 0;
        } else {
            memset(dst->cells, 0, cells * sizeof dst->cells[0]);
        }
        for (int i = same; i < src->ntiles; i++) dst->cells[src->tiles[i].cell] = (int16_t)(i + 1);
        for (int i = 0; i < src->nfrontier; i++) dst->cells[src->fcell[i]] = (int16_t)(-i - 1);
        return;
    }
    if (dst_valid) {
        for (int i = same; i < dst->ntiles; i++) dst->grid[dst->tiles[i].cell] = 0;
        for (int i = 0; i < dst->nfrontier; i++) dst->fgrid[dst->fcell_n[i]] = 0;
    } else {
        memset(dst->grid, 0, cells);
        memset(dst->fgrid, 0, cells);
    }
    for (int i = same; i < src->ntiles; i++) dst->grid[src->tiles[i].cell] = (uint8_t)(i + 1);
    for (int i = 0; i < src->nfrontier; i++) dst->fgrid[src->fcell_n[i]] = (uint8_t)(i + 1);
}

static void copy_state(carc_game *dst, const carc_game *src, int dst_valid)
{
    const carc_tileset *keep = dst->ts;
    /* the classes past src's frontier are 0, and must be in dst too: those
     * of dst's own longer frontier are overwritten with them, up to the
     * block of 32 squares listing reads */
    int ncls = dst_valid && dst->nfrontier > src->nfrontier ? dst->nfrontier : src->nfrontier;
    ncls = dst_valid ? (ncls + 31) & ~31 : (int)fcls_cap(src);
    /* tiles both games placed first, on the same squares, have the same
     * cells: a bot copies its root position again and again over a game
     * played on from it, so only the rest is cleared and marked */
    int same = 0;
    if (dst_valid) {
        int n = dst->ntiles < src->ntiles ? dst->ntiles : src->ntiles;
        while (same < n && dst->tiles[same].x == src->tiles[same].x && dst->tiles[same].y == src->tiles[same].y) same++;
    }
    copy_grid(dst, src, dst_valid, same);
    /* regions 1 and 2 */
    if (dst_valid) {
        memcpy(dst, src, offsetof(carc_game, decks) + (size_t)src->ts->ndecks * sizeof src->decks[0]);
        memcpy(dst->vstate, src->vstate, src->vt.state_size);
    } else {
        memcpy(dst, src, offsetof(carc_game, tiles_n));
    }
    /* regions 3 and 4, and the tail */
    COPY_N(dst, src, tiles, src->ntiles);
    COPY_N(dst, src, fpos, src->nfrontier);
    COPY_N(dst, src, fkey, src->nfrontier);
    if (src->wide)
        COPY_N(dst, src, fcell, src->nfrontier);
    else
        COPY_N(dst, src, fcell_n, src->nfrontier);
    COPY_N(dst, src, fcls, ncls);
    for (int d = 0; d < src->ts->ndecks; d++) memcpy(DECK_LEFT(dst, d), DECK_LEFT(src, d), src->decks[d].nleft);
    COPY_N(dst, src, out, src->nout);
    COPY_N(dst, src, pieces, src->npieces);
    COPY_N(dst, src, events, src->nevents);
    COPY_N(dst, src, award_at, src->nawards);
    COPY_N(dst, src, hist, src->nhist);
    if (!src->ts->nside_codes) {
        COPY_N(dst, src, fmask, src->nfrontier);
        COPY_N(dst, src, fval, src->nfrontier);
    }
    dst->ts = keep;
}

int carc_game_clone(const carc_game *g, carc_game **out)
{
    if (!g || !out) return CARC_E_NULL;
    const int own = owns_tileset(g);
    tail_layout l;
    game_layout(g->ts, own, &l);
    carc_game *c = mem_alloc(&g->alloc, l.end);
    if (!c) return CARC_E_NOMEM;
    /* bytes, padding included, so the two games' blocks compare equal there */
    memcpy(&c->alloc, &g->alloc, sizeof g->alloc);
    tail_attach(c, &l);
    if (own) {
        carc_tileset *ts = (carc_tileset *)(void *)((unsigned char *)c + l.own_ts);
        memcpy(ts, g->ts, sizeof *ts);
        c->ts = ts;
    } else {
        c->ts = g->ts;
    }
    size_attach(c);
    copy_state(c, g, 0);
    *out = c;
    return CARC_OK;
}

int carc_game_copy(carc_game *dst, const carc_game *src)
{
    if (!dst || !src) return CARC_E_NULL;
    if (dst == src) return CARC_OK;
    if (dst->ts != src->ts && (dst->orig != src->orig || dst->ts->fingerprint != src->ts->fingerprint))
        return CARC_E_MISMATCH;
    copy_state(dst, src, 1);
    return CARC_OK;
}

int carc_game_variant(const carc_game *g, const carc_variant **out)
{
    if (!g || !out) return CARC_E_NULL;
    *out = g->orig;
    return CARC_OK;
}

int carc_game_tileset(const carc_game *g, const carc_tileset **out)
{
    if (!g || !out) return CARC_E_NULL;
    *out = g->ts;
    return CARC_OK;
}

int carc_game_players(const carc_game *g, int *players)
{
    if (!g || !players) return CARC_E_NULL;
    *players = g->nplayers;
    return CARC_OK;
}
