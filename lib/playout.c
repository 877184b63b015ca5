/* Batch playouts: random games to the end from one position, played inside
 * the library so a Monte Carlo bot pays no call per move. */
#include "internal.h"

/* Room for every move of one decision in game g: each tile of its hand
 * (or the one drawn) in each of four turns on every frontier square of its
 * tile set, the figure step's, and 512 of a variant's own (a ruleset that
 * lists more: carc_game_playouts). */
static size_t playout_moves(const carc_game *g)
{
    size_t tiles = g->hand_size > 1 ? (size_t)g->hand_size : 1;
    return tiles * 4 * FRONTIER_CAP(g->ts->total) + FIGURE_STEP_MOVES;
}

/* n playouts of g into `scores` with a buffer of `moves` moves; as
 * CARC_E_BUFFER, with *need set, when a listing passed it. */
static ALWAYS_INLINE int playouts_with(const carc_game *g, int n, uint64_t seed, int *scores, size_t moves, size_t *need)
{
    carc_game *s;
    int r = carc_game_clone(g, &s);
    if (r) return r;
    carc_move *buf = mem_alloc(&g->alloc, sizeof *buf * moves);
    if (!buf) {
        carc_game_free(s);
        return CARC_E_NOMEM;
    }
    /* the playouts' choices and their chance come from two streams of the
     * seed, so they do not depend on each other or on g's generator */
    uint64_t pick = seed ^ 0x5851F42D4C957F2Dull;
    for (int i = 0; i < n && r == CARC_OK; i++) {
        carc_game_copy(s, g);
        s->lazy_draw = 1; /* each draw made as the listing checks its tile fits (turn_enum) */
        uint64_t chance = seed + (uint64_t)i;
        s->rng = rng_next(&chance); /* a scratch game: no reseed record needed */
        size_t count;
        while (r == CARC_OK && turn_enum(s, buf, moves, &count) == CARC_OK && count)
            r = turn_apply_listed(s, &buf[rng_below(&pick, (unsigned)count)]);
        if (r == CARC_OK && count > moves) { /* the listing passed the buffer */
            *need = count;
            r = CARC_E_BUFFER;
        }
        for (int p = 0; p < g->nplayers; p++) scores[(size_t)i * (size_t)g->nplayers + (size_t)p] = s->score[p];
    }
    mem_release(&g->alloc, buf, sizeof *buf * moves);
    carc_game_free(s);
    return r;
}

int carc_game_playouts(const carc_game *g, int n, uint64_t seed, int *scores, size_t cap)
{
    if (!g || (!scores && n > 0)) return CARC_E_NULL;
    if (n < 0) return CARC_E_RANGE;
    if ((size_t)n * (size_t)g->nplayers > cap) return CARC_E_BUFFER;
    if (n == 0) return CARC_OK;
    /* A decision with more of a ruleset's own moves than playout_moves
     * leaves room for (more than 512 hikes of Over Hill and Dale, on a
     * made-up set of long paths; a ruleset of the caller's) has the
     * playouts made again with a buffer that holds it, at least twice as
     * large. Each playout's chance comes from the seed alone, so they come
     * out the same. The loop of a playout tests nothing more for it. */
    size_t moves = playout_moves(g), need = 0;
    int r;
    while ((r = playouts_with(g, n, seed, scores, moves, &need)) == CARC_E_BUFFER)
        moves = need > 2 * moves ? need : 2 * moves;
    return r;
}
