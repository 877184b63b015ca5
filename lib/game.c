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
 * start, and the block's size. The pieces come first, as the struct's last
 * member, as many as the features of all the tile set's tiles
 * (ts->max_pieces); then the board's two grids, as many cells as the
 * set's tiles need (board_geometry); the history and the event log, as
 * long as its tiles need (HIST_CAPACITY, EVENT_CAPACITY); the squares' masks and values are kept only for a
 * tile set without a fit table. A game whose variant's tile set is parsed
 * for it alone keeps the set at the block's end; its block is laid out for
 * the largest set, since it is taken before the set is read. Clone lays its block out again the
 * same way, so a game's layout follows from its tile set alone. */
typedef struct tail_layout {
    size_t grid, ncells, fmask, fval, hist, events, award_at, own_ts, end;
} tail_layout;

static size_t tail_take(size_t *at, size_t bytes, size_t align)
{
    size_t o = ROUND_UP(*at, align);
    *at = o + bytes;
    return o;
}

/* The arrays of the tail after the pieces, in order, each as X(field,
 * entries, bytes an entry, alignment), for a set whose game has `cells`
 * torus cells, `edges` squares' masks (0 with a fit table), `hist` history
 * records and `events` log entries: written once, for game_layout and for
 * the largest block below. The grid's entries hold its two grids; 64: it
 * is zeroed a cache line at a time. */
#define TAIL_ARRAYS(X, cells, edges, hist, events)                                                                     \
    X(grid, 2 * (size_t)(cells), 1, 64)                                                                                \
    X(fmask, (size_t)(edges), sizeof(uint64_t), _Alignof(uint64_t))                                                    \
    X(fval, (size_t)(edges), sizeof(uint64_t), _Alignof(uint64_t))                                                     \
    X(hist, (size_t)(hist), sizeof(hist_rec), _Alignof(hist_rec))                                                      \
    X(events, (size_t)(events), sizeof(event_rec), _Alignof(event_rec))                                                \
    X(award_at, (size_t)(events), sizeof(uint16_t), _Alignof(uint16_t))

/* own_ts: the block holds the tile set, and is laid out for the largest */
static void game_layout(const carc_tileset *ts, int own_ts, tail_layout *l)
{
    const size_t pieces = own_ts ? MAX_PIECES : (size_t)ts->max_pieces;
    const size_t edges = own_ts || !ts->nside_codes ? MAX_FRONTIER : 0; /* fmask and fval entries */
    size_t at = offsetof(carc_game, pieces) + pieces * sizeof(piece);
    unsigned k;
    l->ncells = own_ts ? GRID_MAX_CELLS : board_geometry(ts->total, &k);
    const size_t hist = own_ts ? MAX_HISTORY : HIST_CAPACITY((size_t)ts->total),
                 events = own_ts ? MAX_EVENTS : EVENT_CAPACITY((size_t)ts->total);
#define TAKE(field, n, size, align) l->field = tail_take(&at, (n) * (size), align);
    TAIL_ARRAYS(TAKE, l->ncells, edges, hist, events)
#undef TAKE
    l->own_ts = tail_take(&at, own_ts ? sizeof(carc_tileset) : 0, _Alignof(carc_tileset));
    l->end = ROUND_UP(at, _Alignof(max_align_t));
}

/* The largest block a game with a shared tile set takes: every array at
 * its largest, each with its alignment's worth of padding before it,
 * within 126 KiB: see internal.h, after struct carc_game. */
#define AT_MOST(field, n, size, align) +(n) * (size) + (align)
#define LARGEST_BLOCK                                                                                                 \
    (offsetof(carc_game, pieces) + MAX_PIECES * sizeof(piece)                                                         \
         TAIL_ARRAYS(AT_MOST, GRID_MAX_CELLS, MAX_FRONTIER, MAX_HISTORY, MAX_EVENTS) + _Alignof(max_align_t))
_Static_assert(LARGEST_BLOCK <= 126 * 1024, "a game's block grew past 126 KiB");
#undef AT_MOST

/* Points g's region 6 at the arrays of its block's tail. */
static void tail_attach(carc_game *g, const tail_layout *l)
{
    unsigned char *b = (unsigned char *)g;
    g->grid = b + l->grid;
    g->fgrid = g->grid + l->ncells;
    const int edges = l->fval > l->fmask;
    g->fmask = edges ? (uint64_t *)(void *)(b + l->fmask) : NULL;
    g->fval = edges ? (uint64_t *)(void *)(b + l->fval) : NULL;
    g->hist = (hist_rec *)(void *)(b + l->hist);
    g->events = (event_rec *)(void *)(b + l->events);
    g->award_at = (uint16_t *)(void *)(b + l->award_at);
    g->block_bytes = l->end;
}

/* The torus and the capacities g's tile set asks for (a block with its own
 * tile set has room for the largest set, and learns which once the set is
 * read). By the set alone, so the games a copy joins have the same. */
static void size_attach(carc_game *g)
{
    g->grid_mask = board_geometry(g->ts->total, &g->grid_k) - 1;
    g->hist_cap = HIST_CAPACITY(g->ts->total);
    g->event_cap = EVENT_CAPACITY(g->ts->total);
}

/* A new game's block, zeroed only where a game reads before it writes
 * (the copy rules below): regions 1 and 2, the frontier classes (region 4,
 * which listing reads a block of 32 squares at a time) and the board's
 * grids (in the tail), and the placed tiles, whose records keep three spare bytes
 * no one writes. The rest of region 3 and the tail are read only up to
 * their counts, which start at 0, and every record under a count is
 * written whole, so they are left as the allocator gives them; zeroing the
 * whole block was 97% of making a game. A block with its own tile set in
 * it is zeroed whole, for the parser; *own gets where the set goes. */
static carc_game *new_block(const carc_allocator *a, const carc_tileset *shared, carc_tileset **own)
{
    tail_layout l;
    game_layout(shared, !shared, &l);
    carc_game *g = shared ? mem_alloc(a, l.end) : mem_zalloc(a, l.end);
    if (!g) return NULL;
    if (shared) {
        memset(g, 0, offsetof(carc_game, tiles));
        memset(g->tiles, 0, sizeof g->tiles); /* 2 KiB: the spare bytes of a placed tile are never written */
        memset(g->fcls, 0, sizeof g->fcls);
        memset((unsigned char *)g + l.grid, 0, 2 * l.ncells);
    }
    tail_attach(g, &l);
    *own = (carc_tileset *)(void *)((unsigned char *)g + l.own_ts);
    return g;
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
    carc_tileset *own;
    carc_game *g = new_block(&a, shared, &own);
    if (!g) return CARC_E_NOMEM;
    void *blk = g;
    const size_t size = g->block_bytes;
    memcpy(&g->alloc, &a, sizeof a); /* padding included, as a clone copies it */
    if (shared) {
        g->ts = shared;
    } else {
        r = tileset_parse(v, v->tiles, v->tiles_len, own, NULL, 0);
        if (r) {
            mem_release(&a, blk, size);
            return CARC_E_INVALID;
        }
        g->ts = own;
    }
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
 *   3. tiles, fpos, fkey, fcell: each array up to its count (ntiles,
 *      nfrontier).
 *   4. fcls: up to the longer of the two frontiers, rounded up to a block of
 *      32 squares, since listing reads whole blocks and finds no class past
 *      the end only if those entries are 0.
 *   5. none: the grids, which were here, are in the tail (6).
 *   6. grid .. block_bytes, where the tail's other arrays lie, and the
 *      torus: never; each game points into its own block (a clone's is
 *      laid out as its original's) and takes the torus of its tile set.
 *      Those arrays: grid and fgrid never, cleared and marked again from
 *      the tile and frontier lists (a few hundred writes instead of 8 to
 *      32 KiB); events, award_at, hist up to their counts (nevents,
 *      nawards, nhist); fmask and fval up to nfrontier, and only for tile
 *      sets without a fit table (the only ones that keep them).
 *   7. alloc: never; each game keeps the allocator it was made with (a
 *      clone is given its original's).
 *   8. pieces, the struct's last member and the tail's first array: up to
 *      npieces.
 * Two games a copy joins have one tile set, or two read from the same
 * text, so every count of one fits the other's tail.
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
_Static_assert(FOLLOWS(vt, tiles, _Alignof(placed)), "region 2 ends with vt, region 3 (counted) starts with tiles");
_Static_assert(FOLLOWS(tiles, fpos, _Alignof(uint64_t)), "region 3: tiles (ntiles), then fpos (nfrontier)");
_Static_assert(FOLLOWS(fpos, fkey, _Alignof(uint16_t)), "region 3: fpos, then fkey (nfrontier)");
_Static_assert(FOLLOWS(fkey, fcell, _Alignof(uint16_t)), "region 3: fkey, then fcell (nfrontier)");
_Static_assert(FOLLOWS(fcell, fcls, 16), "region 3 ends with fcell, region 4 is fcls");
_Static_assert(FOLLOWS(fcls, grid, _Alignof(uint8_t *)), "region 4 is fcls, region 6 (the tail's pointers) starts with grid");
_Static_assert(FOLLOWS(block_bytes, alloc, _Alignof(carc_allocator)), "region 6 ends with block_bytes, region 7 is alloc");
_Static_assert(offsetof(carc_game, pieces) == ROUND_UP(END_OF(alloc), _Alignof(piece)), "region 7 is alloc, region 8 the pieces");

static void copy_state(carc_game *dst, const carc_game *src, int dst_valid)
{
    const carc_tileset *keep = dst->ts;
    /* the classes past src's frontier are 0, and must be in dst too: those
     * of dst's own longer frontier are overwritten with them, up to the
     * block of 32 squares listing reads */
    int ncls = dst_valid && dst->nfrontier > src->nfrontier ? dst->nfrontier : src->nfrontier;
    ncls = dst_valid ? (ncls + 31) & ~31 : MAX_FRONTIER;
    /* tiles both games placed first, on the same squares, have the same
     * grid bytes: a bot copies its root position again and again over a
     * game played on from it, so only the rest is cleared and marked */
    int same = 0;
    if (dst_valid) { /* clear the squares dst marks; the rest of its grids is already zero */
        int n = dst->ntiles < src->ntiles ? dst->ntiles : src->ntiles;
        while (same < n && dst->tiles[same].x == src->tiles[same].x && dst->tiles[same].y == src->tiles[same].y) same++;
        for (int i = same; i < dst->ntiles; i++) dst->grid[dst->tiles[i].cell] = 0;
        for (int i = 0; i < dst->nfrontier; i++) dst->fgrid[dst->fcell[i]] = 0;
    } else {
        /* apart: a block with its own tile set has room for the largest torus */
        memset(dst->grid, 0, (size_t)dst->grid_mask + 1);
        memset(dst->fgrid, 0, (size_t)dst->grid_mask + 1);
    }
    /* regions 1 and 2 */
    if (dst_valid) {
        memcpy(dst, src, offsetof(carc_game, decks) + (size_t)src->ts->ndecks * sizeof src->decks[0]);
        memcpy(dst->vstate, src->vstate, src->vt.state_size);
    } else {
        memcpy(dst, src, offsetof(carc_game, tiles));
    }
    /* region 3 and the tail */
    memcpy(dst->tiles, src->tiles, (size_t)src->ntiles * sizeof src->tiles[0]);
    memcpy(dst->fpos, src->fpos, (size_t)src->nfrontier * sizeof src->fpos[0]);
    memcpy(dst->fkey, src->fkey, (size_t)src->nfrontier * sizeof src->fkey[0]);
    memcpy(dst->fcell, src->fcell, (size_t)src->nfrontier * sizeof src->fcell[0]);
    memcpy(dst->pieces, src->pieces, (size_t)src->npieces * sizeof src->pieces[0]);
    memcpy(dst->events, src->events, (size_t)src->nevents * sizeof src->events[0]);
    memcpy(dst->award_at, src->award_at, (size_t)src->nawards * sizeof src->award_at[0]);
    memcpy(dst->hist, src->hist, (size_t)src->nhist * sizeof src->hist[0]);
    /* region 4 and the tail */
    memcpy(dst->fcls, src->fcls, (size_t)ncls * sizeof src->fcls[0]);
    if (!src->ts->nside_codes) {
        memcpy(dst->fmask, src->fmask, (size_t)src->nfrontier * sizeof src->fmask[0]);
        memcpy(dst->fval, src->fval, (size_t)src->nfrontier * sizeof src->fval[0]);
    }
    /* the grids */
    for (int i = same; i < src->ntiles; i++) dst->grid[src->tiles[i].cell] = (uint8_t)(i + 1);
    for (int i = 0; i < src->nfrontier; i++) dst->fgrid[src->fcell[i]] = (uint8_t)(i + 1);
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
