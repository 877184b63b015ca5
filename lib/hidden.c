/* Hidden tiles dealt again: a bot's scratch copy made to know no more than
 * a player does. A tile hidden under a hill is any unseen tile of its stack
 * for all the players know, but a copy of the game still holds the one the
 * draw hid, and its stack lacks it: a search that draws from the copy would
 * never draw that type. */
#include "internal.h"

/* Copies of each type left in stack d that no queued fixed draw needs: the
 * tiles a hidden one may change places with (rehide takes only those). */
static int free_counts(const carc_game *g, int d, int *count)
{
    const deck *dk = &g->decks[d];
    int n = 0;
    for (int t = 0; t < g->ts->ntypes; t++) count[t] = 0;
    for (int i = 0; i < dk->nleft; i++) count[deck_left(dk)[i]]++;
    for (int i = dk->forced_head; i < dk->nforced; i++)
        if (count[dk->forced[i]] > 0) count[dk->forced[i]]--;
    for (int t = 0; t < g->ts->ntypes; t++) n += count[t];
    return n;
}

int carc_game_redeal_hidden(carc_game *g, uint64_t seed)
{
    if (!g) return CARC_E_NULL;
    if (g->over) return CARC_E_GAME_OVER;
    int hidden = 0;
    for (int i = 0; i < g->nout; i++) hidden += g->out[i].reason == CARC_REMOVED_HIDDEN;
    /* one record per swap at most: all of them fit, or nothing changes */
    if (g->nhist + hidden + draws_reserve(g) > g->hist_cap) return CARC_E_LIMIT;
    uint64_t pick = seed ^ 0x2545F4914F6CDD1Dull;
    int count[MAX_TYPES];
    /* Slot by slot, each hidden tile stays or changes places with one free
     * copy of its stack, each of the n + 1 outcomes alike: the hidden set
     * that results is a uniform draw, without replacement, from the hidden
     * tiles and the free copies together. */
    for (int i = 0; i < g->nout; i++) {
        if (g->out[i].reason != CARC_REMOVED_HIDDEN) continue;
        int d = g->out[i].deck, tile = g->out[i].type, n = free_counts(g, d, count);
        int r = (int)rng_below(&pick, (unsigned)n + 1), y = 0;
        if (r == n) continue; /* it stays */
        while (r >= count[y]) r -= count[y++];
        if (y == tile) continue; /* a copy of the same type: nothing to swap */
        /* rehide swaps the first hidden copy of `tile` in stack d, which may
         * be an earlier slot: the copies are alike, so the deal is the same */
        int r2 = rehide(g, tile, d, &y);
        if (r2) return r2; /* not reached: y is a free copy and room was checked */
    }
    return CARC_OK;
}
