/* A game's start: the stacks, bags and figures of a new game, the start
 * tile, the ruleset's setup. carc_game_new (game.c) makes it once; the
 * calls that fix a game's first draws before its first move (draws.c)
 * clear the game back to its options and make it again. */
#include <string.h>

#include "internal.h"

/* The tile set's stacks, the bags' tokens and every player's figures in
 * supply. */
static int fill_supplies(carc_game *g)
{
    const carc_variant *v = &g->vt;
    const carc_tileset *ts = g->ts;
    for (int i = 0; i < ts->ntypes; i++) {
        const tile_type *t = &ts->types[i];
        int n = t->count - (t->start ? 1 : 0);
        deck *d = &g->decks[t->deck];
        uint8_t *left = DECK_LEFT(g, t->deck);
        for (int c = 0; c < n; c++) left[d->nleft++] = (uint8_t)i;
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

int setup_game(carc_game *g)
{
    int r = fill_supplies(g);
    if (r) return r;
    int ti = board_place(g, g->wide, g->ts->start_type, 0, 0, 0, GRID_CELL(g, 0, 0), -1);
    feat_add_tile(g, g->wide, ti);
    g->turn = 1;
    g->phase = CARC_PHASE_TILE;
    g->turn_tile = -1;
    g->extra_deck = -1;
    g->decider = -1;
    r = g->vt.setup ? g->vt.setup(g) : CARC_OK;
    const int table = g->ts->nside_codes && !g->wide;
    g->draws_plain = (uint8_t)(table && !g->hand_size);
    g->hands_quick = (uint8_t)(table && g->hand_size && !g->vt.on_draw);
    return r;
}

void setup_clear(carc_game *g)
{
    /* what carc_game_new sets before setup_game: the options, the variant
     * and what the core reads of it once */
    const carc_variant *orig = g->orig;
    const carc_tileset *ts = g->ts;
    int nplayers = g->nplayers, rules[sizeof g->rules / sizeof g->rules[0]];
    uint64_t seed = g->seed;
    unsigned majority = g->majority;
    uint8_t uncounted = g->majority_uncounted, others = g->majority_others, plain = g->figures_plain;
    memcpy(rules, g->rules, sizeof rules);
    /* the grid by the squares marked, then the arrays up to their counts
     * (game.c's copy rules), then the rest but the history's records */
    for (int i = 0; i < g->ntiles; i++) {
        if (g->wide)
            g->cells[g->tiles[i].cell] = 0;
        else
            g->grid[g->tiles[i].cell] = 0;
    }
    for (int i = 0; i < g->nfrontier; i++) {
        if (g->wide)
            g->cells[g->fcell[i]] = 0;
        else
            g->fgrid[g->fcell_n[i]] = 0;
    }
    if (g->fmask) { /* kept only for tile sets without a fit table */
        memset(g->fmask, 0, (size_t)g->nfrontier * sizeof g->fmask[0]);
        memset(g->fval, 0, (size_t)g->nfrontier * sizeof g->fval[0]);
    }
    memset(g->fcls, 0, (g->wide ? FRONTIER_CAP(ts->total) : NARROW_FRONTIER) * sizeof g->fcls[0]);
    memset(g->tiles, 0, (size_t)g->ntiles * sizeof g->tiles[0]);
    memset(g->fpos, 0, (size_t)g->nfrontier * sizeof g->fpos[0]);
    memset(g->fkey, 0, (size_t)g->nfrontier * sizeof g->fkey[0]);
    if (g->wide)
        memset(g->fcell, 0, (size_t)g->nfrontier * sizeof g->fcell[0]);
    else
        memset(g->fcell_n, 0, (size_t)g->nfrontier * sizeof g->fcell_n[0]);
    memset(g->pieces, 0, (size_t)g->npieces * sizeof g->pieces[0]);
    memset(g->events, 0, (size_t)g->nevents * sizeof g->events[0]);
    memset(g->award_at, 0, (size_t)g->nawards * sizeof g->award_at[0]);
    memset(g->out, 0, (size_t)g->nout * sizeof g->out[0]);
    for (int d = 0; d < MAX_DECKS; d++) { /* where its tiles lie stays */
        uint8_t at[sizeof g->decks[d].left_at];
        memcpy(at, g->decks[d].left_at, sizeof at);
        memset(&g->decks[d], 0, sizeof g->decks[d]);
        memcpy(g->decks[d].left_at, at, sizeof at);
    }
    memset(g->vstate, 0, sizeof g->vstate);
    memset(g, 0, offsetof(carc_game, decks));
    g->orig = orig;
    g->ts = ts;
    g->nplayers = nplayers;
    g->seed = g->rng = seed;
    memcpy(g->rules, rules, sizeof g->rules);
    g->majority = majority;
    g->majority_uncounted = uncounted;
    g->majority_others = others;
    g->figures_plain = plain;
}
