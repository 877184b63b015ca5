/* The calls a variant's hooks make (carcassonne_variant.h). They check
 * their arguments and answer -1 or 0 rather than fail, so hooks stay short
 * (the calls added later return a status); a build with
 * -Dplugin_checks=true stops at a bad one instead (plugin_check.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "plugin_check.h"

#if CARC_PLUGIN_CHECKS
void plugin_misuse(const char *call, const char *what, long value)
{
    fprintf(stderr, "libcarcassonne: %s: bad %s %ld (a build with -Dplugin_checks=true stops here)\n", call, what,
            value);
    abort();
}
#endif

void *carc_variant_state(carc_game *g) { return VALID_GAME(g) ? g->vstate : NULL; }
const void *carc_variant_state_const(const carc_game *g) { return VALID_GAME(g) ? g->vstate : NULL; }

const void *carc_variant_tileset_data(const carc_game *g)
{
    return VALID_GAME(g) && g->vt.tileset_data_size ? g->ts->vdata : NULL;
}

int carc_rule(const carc_game *g, int index)
{
    if (!VALID_GAME(g) || !PLUGIN_OK(index >= 0 && index < g->vt.option_count, "option", index)) return 0;
    return g->rules[index];
}

int carc_tile_type(const carc_game *g, int t) { return VALID_TILE(g, t) ? g->tiles[t].type : -1; }

int carc_tile_first_piece(const carc_game *g, int t) { return VALID_TILE(g, t) ? g->tiles[t].first_piece : -1; }

int carc_type_feature_count(const carc_game *g, int type)
{
    return VALID_TYPE(g, type) ? g->ts->types[type].nfeat : 0;
}

int carc_type_feature_kind(const carc_game *g, int type, int f)
{
    if (!VALID_TYPE(g, type) || !PLUGIN_OK(f >= 0 && f < g->ts->types[type].nfeat, "feature", f)) return -1;
    return g->ts->types[type].feat[f].kind;
}

unsigned carc_type_kind_features(const carc_game *g, int type, int kind)
{
    if (!VALID_TYPE(g, type) || !PLUGIN_OK(kind >= 0 && kind < CARC_MAX_KINDS, "kind", kind)) return 0;
    return g->ts->types[type].kind_feats[kind];
}

unsigned carc_type_attr_features(const carc_game *g, int type, int attr)
{
    if (!VALID_TYPE(g, type) || !VALID_ATTR(attr)) return 0;
    return g->ts->types[type].attr_feats[attr];
}

int carc_attr_index(const carc_game *g, const char *name)
{
    if (!VALID_GAME(g) || !PLUGIN_OK(name != NULL, "name", 0)) return -1;
    /* rulesets ask for their attributes by name as each game is made
     * (Hunters & Gatherers nine of them): a name whose first byte differs
     * is passed over without a call */
    for (int i = 0; i < g->ts->nattrs; i++)
        if (g->ts->attr_names[i][0] == name[0] && strcmp(g->ts->attr_names[i], name) == 0) return i;
    return -1;
}

int carc_piece_tile(const carc_game *g, int p) { return VALID_PIECE(g, p) ? g->pieces[p].tile : -1; }
int carc_piece_local(const carc_game *g, int p) { return VALID_PIECE(g, p) ? g->pieces[p].local : -1; }
int carc_piece_kind(const carc_game *g, int p) { return VALID_PIECE(g, p) ? g->pieces[p].kind : -1; }

int carc_piece_attr(const carc_game *g, int p, int attr)
{
    if (!VALID_PIECE(g, p) || !VALID_ATTR(attr)) return 0;
    const placed *pl = &g->tiles[g->pieces[p].tile];
    return g->ts->types[pl->type].feat[g->pieces[p].local].attr[attr];
}

unsigned carc_piece_borders(const carc_game *g, int p)
{
    if (!VALID_PIECE(g, p)) return 0;
    const placed *pl = &g->tiles[g->pieces[p].tile];
    return g->ts->types[pl->type].feat[g->pieces[p].local].borders;
}

unsigned carc_piece_links(const carc_game *g, int p)
{
    if (!VALID_PIECE(g, p)) return 0;
    const placed *pl = &g->tiles[g->pieces[p].tile];
    return g->ts->types[pl->type].feat[g->pieces[p].local].links;
}

int carc_tile_neighbours(const carc_game *g, int t)
{
    if (!VALID_TILE(g, t)) return 0;
    return board_neighbours(g, g->tiles[t].cell);
}

int carc_feature_of(const carc_game *g, int p) { return VALID_PIECE(g, p) ? feat_find(g, p) : -1; }
int carc_feature_kind(const carc_game *g, int f) { return VALID_PIECE(g, f) ? g->pieces[feat_find(g, f)].kind : -1; }
int carc_feature_open(const carc_game *g, int f) { return VALID_PIECE(g, f) ? g->pieces[feat_find(g, f)].open : -1; }
int carc_feature_complete(const carc_game *g, int f)
{
    return VALID_PIECE(g, f) ? feat_complete(g, feat_find(g, f)) : 0;
}
int carc_feature_tiles(const carc_game *g, int f) { return VALID_PIECE(g, f) ? feat_tiles(g, feat_find(g, f)) : 0; }

int carc_feature_attr(const carc_game *g, int f, int attr)
{
    if (!VALID_PIECE(g, f) || !VALID_ATTR(attr)) return 0;
    return feat_attr(g, feat_find(g, f), attr);
}

int carc_feature_pieces(const carc_game *g, int f, int *out, int cap)
{
    if (!VALID_PIECE(g, f)) return 0;
    int root = feat_find(g, f), n = 0, p = root;
    do {
        if (out && n < cap) out[n] = p;
        n++;
        p = g->pieces[p].next[FEAT];
    } while (p != root);
    return n;
}

/* Walks the feature's members once; each piece names the pieces of its
 * own tile it borders (most name none), and a bit per root keeps each
 * neighbour feature to one entry. */
int carc_feature_borders(const carc_game *g, int f, int kind, int *out, int cap)
{
    if (!VALID_PIECE(g, f) || !PLUGIN_OK(kind >= 0 && kind < CARC_MAX_KINDS, "kind", kind)) return 0;
    uint64_t seen[PIECE_WORDS];
    pieces_clear(seen, g);
    const piece *ps = g->pieces;
    int root = feat_find(g, f), n = 0, p = root;
    do {
        const piece *pc = &ps[p];
        for (unsigned m = pc->borders; m; m &= m - 1) {
            const piece *q = &ps[p - pc->local + ctz32(m)];
            if (q->kind != kind) continue;
            int r = q->parent[FEAT];
            if (!first_sight(seen, r)) continue;
            if (out && n < cap) out[n] = r;
            n++;
        }
        p = pc->next[FEAT];
    } while (p != root);
    return n;
}

int carc_system_of(const carc_game *g, int p) { return VALID_PIECE(g, p) ? sys_find(g, p) : -1; }

int carc_system_pieces(const carc_game *g, int s, int *out, int cap)
{
    if (!VALID_PIECE(g, s)) return 0;
    int root = sys_find(g, s), n = 0, p = root;
    int w = sys_part(g, s); /* a kind that never takes part in a link: the system is the feature */
    do {
        if (out && n < cap) out[n] = p;
        n++;
        p = g->pieces[p].next[w];
    } while (p != root);
    return n;
}

int carc_figure_piece(const carc_game *g, int f) { return VALID_FIGURE(g, f) ? g->figs[f].piece : -1; }
int carc_figure_owner(const carc_game *g, int f) { return VALID_FIGURE(g, f) ? g->figs[f].owner : -1; }
int carc_figure_kind(const carc_game *g, int f) { return VALID_FIGURE(g, f) ? g->figs[f].kind : -1; }

void carc_figure_return(carc_game *g, int f)
{
    if (VALID_FIGURE(g, f) && g->figs[f].piece >= 0) figure_return(g, f);
}

int carc_figure_place(carc_game *g, int player, int kind, int p)
{
    if (!VALID_PIECE(g, p) || !VALID_PLAYER(g, player) ||
        !PLUGIN_OK(kind >= 0 && kind < g->vt.figure_count, "figure kind", kind))
        return -1;
    return figure_put(g, player, kind, p);
}

int carc_figure_move(carc_game *g, int f, int p)
{
    if (!VALID_PIECE(g, p) || !VALID_FIGURE(g, f) || g->figs[f].piece < 0) return -1;
    feat_occ_add(g, f, -1);
    g->figs[f].piece = (int16_t)p;
    feat_occ_add(g, f, 1);
    return 0;
}

static const int SIDE_DX[4] = {0, 1, 0, -1};
static const int SIDE_DY[4] = {-1, 0, 1, 0};

int carc_piece_across(const carc_game *g, int p, int side)
{
    if (!VALID_PIECE(g, p) || !PLUGIN_OK(side >= 0 && side <= 3, "side", side)) return -1;
    const piece *pc = &g->pieces[p];
    const placed *pl = &g->tiles[pc->tile];
    const tile_type *t = &g->ts->types[pl->type];
    int nx = pl->x + SIDE_DX[side], ny = pl->y + SIDE_DY[side];
    int ni = board_at(g, nx, ny);
    if (ni < 0 || g->tiles[ni].x != nx || g->tiles[ni].y != ny) return -1;
    const placed *np = &g->tiles[ni];
    const tile_type *nt = &g->ts->types[np->type];
    int opp = (side + 2) & 3;
    for (int j = 0; j < 3; j++) {
        if (t->slot_feat[pl->rot][3 * side + j] != pc->local) continue;
        int b = nt->slot_feat[np->rot][3 * opp + 2 - j];
        if (b >= 0) return np->first_piece + b;
    }
    return -1;
}

int carc_turn_player(const carc_game *g) { return VALID_GAME(g) ? g->player : -1; }
int carc_turn_tile(const carc_game *g) { return VALID_GAME(g) ? g->turn_tile : -1; }
int carc_turn_is_extra(const carc_game *g) { return VALID_GAME(g) ? g->is_extra : 0; }

void carc_set_action_pending(carc_game *g, int pending)
{
    if (VALID_GAME(g)) g->action_pending = pending != 0;
}

int carc_turn_set_decider(carc_game *g, int player)
{
    if (!g) return CARC_E_NULL;
    if (player < -1 || player >= g->nplayers) return CARC_E_RANGE;
    if (!g->action_pending) return CARC_E_PHASE;
    g->decider = player;
    return CARC_OK;
}

void carc_set_action_player(carc_game *g, int player)
{
    int r = carc_turn_set_decider(g, player);
    (void)PLUGIN_OK(r == CARC_OK, "player (or no action phase open)", player);
}

int carc_set_hand(carc_game *g, int size, int removed)
{
    if (!g) return CARC_E_NULL;
    if (size < 0 || size > CARC_MAX_HAND || removed < 0 || removed > g->ts->total) return CARC_E_RANGE;
    if (g->dealt || g->hand_valid || g->turn > 1 || g->ntiles > 1) return CARC_E_PHASE;
    g->hand_size = size;
    g->hand_removed = size ? removed : 0;
    return CARC_OK;
}

int carc_turn_grant_extra(carc_game *g, int deck)
{
    if (!g) return CARC_E_NULL;
    if (deck < 0 || deck >= g->ts->ndecks) return CARC_E_RANGE;
    g->extra_deck = deck;
    return CARC_OK;
}

void carc_grant_extra_turn(carc_game *g, int d)
{
    int r = carc_turn_grant_extra(g, d);
    (void)PLUGIN_OK(r == CARC_OK, "stack", d);
}

int carc_deck_index(const carc_game *g, const char *name)
{
    if (!VALID_GAME(g) || !PLUGIN_OK(name != NULL, "name", 0)) return -1;
    for (int i = 0; i < g->ts->ndecks; i++)
        if (strcmp(g->ts->deck_names[i], name) == 0) return i;
    return -1;
}

int carc_deck_left(const carc_game *g, int d) { return VALID_DECK(g, d) ? g->decks[d].nleft : 0; }

