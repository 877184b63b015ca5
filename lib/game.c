/* Game lifecycle: create, free, clone, copy. */
#include <string.h>

#include "internal.h"

/* A game and, when it uses its variant's built-in tile set, that tile set
 * live in one allocation, so clone is one allocation and one memcpy. */
typedef struct game_block {
    carc_game game;
    carc_tileset own_ts;
} game_block;

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

static int setup_pieces_and_figures(carc_game *g)
{
    const carc_variant *v = &g->vt;
    const carc_tileset *ts = g->ts;
    for (int i = 0; i < ts->ntypes; i++) {
        const tile_type *t = &ts->types[i];
        int n = t->count - (t->start ? 1 : 0);
        deck *d = &g->decks[t->deck];
        for (int c = 0; c < n; c++) d->left[d->nleft++] = (uint8_t)i;
    }
    for (int b = 0; b < v->bag_count; b++)
        for (unsigned k = 0; k < v->bags[b].token_count && k < CARC_MAX_TOKENS; k++)
            g->bags[b].count[k] = (uint8_t)v->bags[b].initial[k];
    for (int p = 0; p < g->nplayers; p++) {
        g->fig_first[p] = (uint8_t)g->nfigures;
        for (int k = 0; k < v->figure_count; k++)
            for (unsigned c = 0; c < v->figures[k].per_player; c++) {
                if (g->nfigures == MAX_FIGURES) return CARC_E_LIMIT;
                figure *f = &g->figs[g->nfigures++];
                f->owner = (uint8_t)p;
                f->kind = (uint8_t)k;
                f->piece = -1;
                g->supply[p][k]++;
            }
    }
    return CARC_OK;
}

/* The block a game takes: with its own tile set in it, or sharing one. */
static size_t block_size(int own_ts) { return own_ts ? sizeof(game_block) : sizeof(carc_game); }

int carc_game_new(const carc_game_options *opts, carc_game **out)
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
    r = variant_check(v);
    if (r) return r;
    if (opts->players < v->min_players || opts->players > v->max_players) return CARC_E_RANGE;
    if (opts->tileset && opts->tileset->variant != v) return CARC_E_MISMATCH;
    if (opts->rule_count < 0 || (opts->rule_count > 0 && !opts->rules)) return CARC_E_NULL;

    /* a built-in variant's tile set is parsed once and shared; another
     * variant's is parsed into the game's own block */
    const carc_tileset *shared = opts->tileset ? opts->tileset : builtin_tileset(v);
    const size_t size = block_size(!shared);
    game_block *blk = mem_zalloc(&a, size);
    if (!blk) return CARC_E_NOMEM;
    carc_game *g = &blk->game;
    g->alloc = a;
    if (shared) {
        g->ts = shared;
    } else {
        r = tileset_parse(v, v->tiles, v->tiles_len, &blk->own_ts, NULL, 0);
        if (r) {
            mem_release(&a, blk, size);
            return CARC_E_INVALID;
        }
        g->ts = &blk->own_ts;
    }
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
    r = setup_pieces_and_figures(g);
    if (r) {
        mem_release(&a, blk, size);
        return r;
    }
    int ti = board_place(g, g->ts->start_type, 0, 0, 0, -1);
    feat_add_tile(g, ti);
    g->turn = 1;
    g->phase = CARC_PHASE_TILE;
    g->turn_tile = -1;
    g->extra_deck = -1;
    g->decider = -1;
    if (v->setup) {
        r = v->setup(g);
        if (r) {
            mem_release(&a, blk, size);
            return r;
        }
    }
    *out = g;
    return CARC_OK;
}

static int owns_tileset(const carc_game *g) { return g->ts == &((const game_block *)g)->own_ts; }

void carc_game_free(carc_game *g)
{
    if (g) mem_release(&g->alloc, g, block_size(owns_tileset(g)));
}

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
        for (int i = 0; i < dst->nfrontier; i++)
            dst->fgrid[GRID_CELL(FPOS_X(FRONTIER_POS(dst, i)), FPOS_Y(FRONTIER_POS(dst, i)))] = 0;
    } else {
        memset(dst->grid, 0, sizeof dst->grid);
        memset(dst->fgrid, 0, sizeof dst->fgrid);
    }
    /* the fixed part, then only the used prefix of the long arrays */
    if (dst_valid) {
        /* up to the tile set's stacks, the variant's state; the vtable is
         * the same, since a copy's games have the same variant */
        memcpy(dst, src, offsetof(carc_game, decks) + (size_t)src->ts->ndecks * sizeof src->decks[0]);
        memcpy(dst->vstate, src->vstate, src->vt.state_size);
    } else {
        memcpy(dst, src, offsetof(carc_game, tiles));
    }
    memcpy(dst->tiles, src->tiles, (size_t)src->ntiles * sizeof src->tiles[0]);
    memcpy(dst->fpos, src->fpos, (size_t)src->nfrontier * sizeof src->fpos[0]);
    memcpy(dst->fkey, src->fkey, (size_t)src->nfrontier * sizeof src->fkey[0]);
    memcpy(dst->pieces, src->pieces, (size_t)src->npieces * sizeof src->pieces[0]);
    memcpy(dst->events, src->events, (size_t)src->nevents * sizeof src->events[0]);
    memcpy(dst->award_at, src->award_at, (size_t)src->nawards * sizeof src->award_at[0]);
    memcpy(dst->hist, src->hist, (size_t)src->nhist * sizeof src->hist[0]);
    memcpy(dst->fcls, src->fcls, (size_t)ncls * sizeof src->fcls[0]);
    if (!src->ts->nside_codes) {
        memcpy(dst->fmask, src->fmask, (size_t)src->nfrontier * sizeof src->fmask[0]);
        memcpy(dst->fval, src->fval, (size_t)src->nfrontier * sizeof src->fval[0]);
    }
    for (int i = same; i < src->ntiles; i++) dst->grid[src->tiles[i].cell] = (uint8_t)(i + 1);
    for (int i = 0; i < src->nfrontier; i++)
        dst->fgrid[GRID_CELL(FPOS_X(FRONTIER_POS(src, i)), FPOS_Y(FRONTIER_POS(src, i)))] = (uint8_t)(i + 1);
    dst->ts = keep;
}

int carc_game_clone(const carc_game *g, carc_game **out)
{
    if (!g || !out) return CARC_E_NULL;
    size_t size = block_size(owns_tileset(g));
    game_block *blk = mem_alloc(&g->alloc, size);
    if (!blk) return CARC_E_NOMEM;
    blk->game.alloc = g->alloc;
    if (owns_tileset(g)) memcpy(&blk->own_ts, g->ts, sizeof blk->own_ts);
    blk->game.ts = owns_tileset(g) ? &blk->own_ts : g->ts;
    copy_state(&blk->game, g, 0);
    *out = &blk->game;
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
