/* What the renderer reads once of a game: its variant and tile set, how
 * each feature kind is drawn, the attributes its tiles show, the board's
 * extent, whose turn it is, the last tile placed. */
#include <string.h>

#include "rd.h"

static int kind_index(const rd_ctx *c, const char *name)
{
    for (int k = 0; k < c->nkinds; k++)
        if (name && c->kname[k] && !strcmp(name, c->kname[k])) return k;
    return -1;
}

/* A kind whose features all sit on middle slots (1, 4, 7, 10) is a line,
 * one with no slotted feature is a marker, any other an area; a kind with
 * slots on some tiles and none on others (a one-tile sea) is also drawn
 * inside those tiles (kinside). */
static void rd_kinds(rd_ctx *c)
{
    c->nkinds = 0;
    while (c->nkinds < RD_MAXK &&
           carc_variant_kind(c->v, c->nkinds, &c->kname[c->nkinds], &c->kcolor[c->nkinds]) == CARC_OK)
        c->nkinds++;
    int slotted[RD_MAXK] = {0}, offmiddle[RD_MAXK] = {0}, slotless[RD_MAXK] = {0};
    carc_tileset_type_count(c->ts, &c->ntypes);
    for (int t = 0; t < c->ntypes; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (carc_tileset_type(c->ts, t, &ti) != CARC_OK) continue;
        for (int i = 0; i < ti.feature_count; i++) {
            const char *kind = NULL;
            unsigned slots = 0;
            if (carc_tileset_feature(c->ts, t, i, NULL, &kind, &slots) != CARC_OK) continue;
            int k = kind_index(c, kind);
            if (k < 0) continue;
            c->kused[k] = 1;
            if (slots) slotted[k] = 1;
            else slotless[k] = 1;
            if (slots & ~0x492u) offmiddle[k] = 1; /* 0x492: slots 1, 4, 7, 10 */
        }
    }
    for (int k = 0; k < c->nkinds; k++) {
        c->kclass[k] = !slotted[k] ? RD_MARKER : offmiddle[k] ? RD_AREA : RD_LINE;
        c->kinside[k] = slotted[k] && slotless[k];
    }
}

/* The attributes of the tile set and the glyph each is drawn with. */
static void rd_attrs(rd_ctx *c)
{
    carc_tileset_attr_count(c->ts, &c->nattrs);
    if (c->nattrs > RD_MAXA) c->nattrs = RD_MAXA;
    for (int a = 0; a < c->nattrs; a++) {
        c->aname[a] = "";
        carc_tileset_attr(c->ts, a, &c->aname[a]);
        c->aglyph[a] = rd_glyph_of(c->aname[a]);
    }
}

/* Notes what a tile of type `type` shows, for the legend: its symbols,
 * junction dots, slots no feature covers, features drawn inside it. */
void rd_mark_shown(rd_ctx *c, int type)
{
    rd_geo g;
    rd_geometry(c, type, 0, &g);
    c->any_junction |= g.junction;
    for (int s = 0; s < 12; s++) c->any_bare |= g.slot_feat[s] < 0;
    for (int i = 0; i < g.nf; i++) {
        if (g.f[i].cls == RD_MARKER && g.f[i].kind >= 0) c->kshown_inside[g.f[i].kind] = 1;
        for (int a = 0; a < c->nattrs; a++) {
            int v = 0;
            if (c->aglyph[a] >= 0 && carc_tileset_feature_attr(c->ts, type, i, a, &v) == CARC_OK && v > 0)
                c->aused[a] = 1;
        }
    }
}

static void rd_extent(rd_ctx *c)
{
    carc_game_tile_count(c->game, &c->ntiles);
    for (int i = 0; i < c->ntiles; i++) {
        carc_placed_tile t;
        if (carc_game_tile(c->game, i, &t)) continue;
        if (!i || t.x < c->minx) c->minx = t.x;
        if (!i || t.x > c->maxx) c->maxx = t.x;
        if (!i || t.y < c->miny) c->miny = t.y;
        if (!i || t.y > c->maxy) c->maxy = t.y;
    }
}

int rd_context(rd_ctx *c, const carc_game *game, const render_options *opt, FILE *out)
{
    int r;
    memset(c, 0, sizeof *c);
    c->f = out;
    c->game = game;
    c->S = opt && opt->tile_px > 0 ? opt->tile_px : 64;
    c->info.struct_size = sizeof c->info;
    if ((r = carc_game_variant(game, &c->v)) || (r = carc_game_tileset(game, &c->ts)) ||
        (r = carc_variant_describe(c->v, &c->info)) || (r = carc_game_players(game, &c->players)))
        return r;
    if ((r = carc_game_clone(game, &c->g)) != CARC_OK) return r;
    rd_kinds(c);
    rd_attrs(c);
    rd_extent(c);
    c->to_move = -1;
    c->phase = CARC_PHASE_TILE;
    carc_game_is_over(c->g, &c->over);
    if (!c->over) carc_game_state(c->g, &c->phase, &c->to_move);
    if (c->over) carc_game_winners(c->g, &c->winners);
    c->last = c->ntiles > 1 ? c->ntiles - 1 : -1;
    c->last_turn = -1;
    if (c->last >= 0 && carc_game_tile(game, c->last, &c->lt) == CARC_OK) c->last_turn = c->lt.turn;
    else c->last = -1;
    return CARC_OK;
}

/* "Last tile (turn 12, framed in magenta): K at (2,-1) turned 90°, then a
 * follower of P0 on c1": the last tile placed and the figures put on it. */
void rd_last_move(rd_ctx *c, char *out, size_t cap)
{
    out[0] = 0;
    if (c->last < 0) return;
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    if (carc_tileset_type(c->ts, c->lt.type, &ti) != CARC_OK) ti.name = "?";
    size_t l = (size_t)snprintf(out, cap, "Last tile (turn %d, framed in magenta): %s at (%d,%d) turned %d\xc2\xb0",
                                c->lt.turn, ti.name, c->lt.x, c->lt.y, 90 * c->lt.rotation);
    int nfig = 0;
    carc_game_figure_count(c->game, &nfig);
    for (int i = 0; i < nfig && l < cap; i++) {
        carc_figure_info fi;
        const char *fname = "figure", *fid = "?";
        if (carc_game_figure(c->game, i, &fi) || !fi.on_board || fi.tile_index != c->last) continue;
        carc_variant_figure(c->v, fi.kind, &fname, NULL);
        carc_tileset_feature(c->ts, c->lt.type, fi.feature, &fid, NULL, NULL);
        l += (size_t)snprintf(out + l, cap - l, ", then a %s of P%d on %s", fname, fi.owner, fid);
    }
}
