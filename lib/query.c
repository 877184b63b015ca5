/* Read-only queries of carcassonne.h: the turn, the board, figures, scores,
 * the log. */
#include <string.h>

#include "draws.h"

int carc_game_state(const carc_game *g, carc_phase *phase, int *player)
{
    if (!g) return CARC_E_NULL;
    if (phase) *phase = (carc_phase)g->phase;
    if (player) *player = g->phase == CARC_PHASE_ACTION && g->decider >= 0 ? g->decider : g->player;
    return CARC_OK;
}

int carc_game_drawn_tile(const carc_game *g, int *tile)
{
    if (!g || !tile) return CARC_E_NULL;
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    if (g->phase != CARC_PHASE_TILE) return CARC_E_PHASE;
    *tile = g->hand;
    return CARC_OK;
}

int carc_game_hand(const carc_game *g, int player, int *tiles, int cap, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    if (player < 0 || player >= g->nplayers || cap < 0) return CARC_E_RANGE;
    int k = 0;
    uint8_t one[1];
    const uint8_t *h = one;
    if (g->hand_size > 0) {
        h = g->held[player];
        k = g->nheld[player];
    } else if (player == g->player && g->phase == CARC_PHASE_TILE && g->hand_valid && !g->is_extra) {
        /* an extra turn's tile comes from its own stack and is in no hand */
        one[0] = (uint8_t)g->hand;
        k = 1;
    }
    *n = k;
    if (!tiles) return CARC_OK;
    for (int i = 0; i < k && i < cap; i++) tiles[i] = h[i];
    return k > cap ? CARC_E_BUFFER : CARC_OK;
}

int carc_game_tile_count(const carc_game *g, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    *n = g->ntiles;
    return CARC_OK;
}

int carc_game_tile(const carc_game *g, int i, carc_placed_tile *out)
{
    if (!g || !out) return CARC_E_NULL;
    if (i < 0 || i >= g->ntiles) return CARC_E_RANGE;
    const placed *p = &g->tiles[i];
    out->x = p->x;
    out->y = p->y;
    out->type = p->type;
    out->rotation = p->rot;
    out->turn = p->turn;
    return CARC_OK;
}

int carc_game_tile_at(const carc_game *g, int x, int y, int *index)
{
    if (!g || !index) return CARC_E_NULL;
    int i = board_at(g, x, y);
    /* the grid wraps: make sure the tile found really is at (x,y) */
    if (i >= 0 && (g->tiles[i].x != x || g->tiles[i].y != y)) i = -1;
    *index = i;
    return CARC_OK;
}

int carc_game_last_tile(const carc_game *g, int *index)
{
    if (!g || !index) return CARC_E_NULL;
    *index = g->turn_tile;
    return CARC_OK;
}

int carc_game_feature(const carc_game *g, int tile_index, int feature, carc_feature_info *info)
{
    if (!g || !info) return CARC_E_NULL;
    if (info->struct_size < sizeof *info) return CARC_E_VERSION;
    if (tile_index < 0 || tile_index >= g->ntiles) return CARC_E_RANGE;
    const placed *pl = &g->tiles[tile_index];
    if (feature < 0 || feature >= g->ts->types[pl->type].nfeat) return CARC_E_RANGE;
    int root = feat_find(g, pl->first_piece + feature);
    info->kind = g->vt.kinds[g->pieces[root].kind].name;
    info->id = root;
    info->tiles = feat_tiles(g, root);
    info->open_edges = g->pieces[root].open;
    info->complete = feat_complete(g, root);
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) info->figures[p] = 0;
    for (int i = 0; i < g->nfigures; i++)
        if (g->figs[i].piece >= 0 && feat_find(g, g->figs[i].piece) == root) info->figures[g->figs[i].owner]++;
    int cat;
    info->points_now = scoring_points(g, root, !info->complete, &cat);
    return CARC_OK;
}

int carc_game_figure_count(const carc_game *g, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    *n = g->nfigures;
    return CARC_OK;
}

int carc_game_figure(const carc_game *g, int id, carc_figure_info *out)
{
    if (!g || !out) return CARC_E_NULL;
    if (id < 0 || id >= g->nfigures) return CARC_E_RANGE;
    const figure *f = &g->figs[id];
    out->owner = f->owner;
    out->kind = f->kind;
    out->on_board = f->piece >= 0;
    out->tile_index = f->piece >= 0 ? g->pieces[f->piece].tile : -1;
    out->feature = f->piece >= 0 ? g->pieces[f->piece].local : -1;
    return CARC_OK;
}

int carc_game_supply(const carc_game *g, int player, int kind, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    if (player < 0 || player >= g->nplayers || kind < 0 || kind >= g->vt.figure_count) return CARC_E_RANGE;
    *n = g->supply[player][kind];
    return CARC_OK;
}

int carc_game_figure_points(const carc_game *g, int id, int *points)
{
    if (!g || !points) return CARC_E_NULL;
    if (id < 0 || id >= g->nfigures) return CARC_E_RANGE;
    *points = 0;
    if (g->figs[id].piece < 0) return CARC_OK;
    int root = feat_find(g, g->figs[id].piece), cat;
    *points = scoring_points(g, root, !feat_complete(g, root), &cat);
    return CARC_OK;
}

int carc_game_view(const carc_game *g, int view, int owner, int k, int *value)
{
    if (!g || !value) return CARC_E_NULL;
    if (view < 0 || view >= g->vt.view_count) return CARC_E_RANGE;
    const carc_view_desc *d = &g->vt.views[view];
    if (k < 0 || k >= d->length) return CARC_E_RANGE;
    int ok;
    switch (d->shape) {
    case CARC_VIEW_GAME: ok = owner == 0; break;
    case CARC_VIEW_PLAYER: ok = owner >= 0 && owner < g->nplayers; break;
    case CARC_VIEW_FIGURE: ok = owner >= 0 && owner < g->nfigures; break;
    case CARC_VIEW_TILE: ok = owner >= 0 && owner < g->ntiles; break;
    default: {
        int tile = owner / CARC_VIEW_FEATURE_STRIDE, f = owner % CARC_VIEW_FEATURE_STRIDE;
        ok = owner >= 0 && tile < g->ntiles && f < g->ts->types[g->tiles[tile].type].nfeat;
    }
    }
    if (!ok) return CARC_E_RANGE;
    *value = g->vt.view_value_const(g, view, owner, k);
    return CARC_OK;
}

int carc_game_tokens(const carc_game *g, int b, int player, int token, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    if (b < 0 || b >= g->vt.bag_count || token < 0 || (unsigned)token >= g->vt.bags[b].token_count ||
        player < -1 || player >= g->nplayers)
        return CARC_E_RANGE;
    *n = player < 0 ? g->bags[b].count[token] : g->bags[b].held[player][token];
    return CARC_OK;
}

int carc_game_score(const carc_game *g, int player, int *score)
{
    if (!g || !score) return CARC_E_NULL;
    if (player < 0 || player >= g->nplayers) return CARC_E_RANGE;
    *score = g->score[player];
    return CARC_OK;
}

int carc_game_score_breakdown(const carc_game *g, int player, int *out, int n)
{
    if (!g || !out) return CARC_E_NULL;
    if (player < 0 || player >= g->nplayers || n < 0) return CARC_E_RANGE;
    for (int c = 0; c < n && c < CARC_MAX_CATEGORIES; c++) out[c] = g->cat[player][c];
    for (int c = CARC_MAX_CATEGORIES; c < n; c++) out[c] = 0;
    return CARC_OK;
}

/* The scratch copy s of g ends here and is scored as at the real end. */
static void project(const carc_game *g, carc_game *s, int *totals, int ntotals, int *breakdown, int nbreakdown)
{
    if (!s->over) draws_end_game(s);
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

int carc_game_is_over(const carc_game *g, int *over)
{
    if (!g || !over) return CARC_E_NULL;
    *over = g->over;
    return CARC_OK;
}

int carc_game_winners(const carc_game *g, unsigned *mask)
{
    if (!g || !mask) return CARC_E_NULL;
    if (!g->over) return CARC_E_PHASE;
    int best = g->score[0];
    for (int p = 1; p < g->nplayers; p++)
        if (g->score[p] > best) best = g->score[p];
    *mask = 0;
    for (int p = 0; p < g->nplayers; p++)
        if (g->score[p] == best) *mask |= 1u << p;
    return CARC_OK;
}

int carc_game_event_count(const carc_game *g, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    *n = g->nawards;
    return CARC_OK;
}

/* The piece an event names and the tiles it covered, counted now for an
 * event of final scoring that left them for its reader (EVENT_AT_END). */
static int event_where(const carc_game *g, const event_rec *e, int *tiles)
{
    int named = e->piece;
    if (e->complete & EVENT_AT_END) {
        int n = feat_tiles_lowest(g, e->piece, &named);
        if (tiles) *tiles = n > 255 ? 255 : n;
    } else if (tiles) {
        *tiles = e->tiles;
    }
    return named;
}

int carc_game_event(const carc_game *g, int i, carc_event *out)
{
    if (!g || !out) return CARC_E_NULL;
    if (i < 0 || i >= g->nawards) return CARC_E_RANGE;
    const event_rec *e = &g->events[g->award_at[i]];
    out->turn = e->turn;
    out->player = e->player;
    out->points = e->points;
    out->category = e->category;
    out->reason = e->reason;
    int named = event_where(g, e, NULL);
    out->tile_index = named >= 0 ? g->pieces[named].tile : -1;
    out->feature = named >= 0 ? g->pieces[named].local : -1;
    return CARC_OK;
}

int carc_game_log_count(const carc_game *g, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    *n = g->nevents;
    return CARC_OK;
}

int carc_game_log(const carc_game *g, int i, carc_event_info *out)
{
    if (!g || !out) return CARC_E_NULL;
    if (out->struct_size < sizeof *out) return CARC_E_VERSION;
    if (i < 0 || i >= g->nevents) return CARC_E_RANGE;
    const event_rec *e = &g->events[i];
    out->kind = e->kind;
    out->turn = e->turn;
    out->player = e->player;
    out->points = e->points;
    out->category = e->category == EVENT_ASK_CATEGORY ? scoring_event_category(g, e->piece) : e->category;
    out->reason = e->reason;
    int named = event_where(g, e, &out->tiles);
    out->complete = e->complete & 1;
    out->tile_index = out->feature = out->x = out->y = -1;
    out->feature_id = "";
    if (named >= 0) {
        const piece *p = &g->pieces[named];
        const placed *pl = &g->tiles[p->tile];
        out->tile_index = p->tile;
        out->x = pl->x;
        out->y = pl->y;
        out->feature = p->local;
        out->feature_id = g->ts->types[pl->type].feat[p->local].id;
    }
    return CARC_OK;
}
