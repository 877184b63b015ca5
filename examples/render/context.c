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

/* "Last tile (turn 12, framed in magenta): tile K 2 -1 1, then figure
 * follower c1 (P0)": the last tile placed and the figures put on it, in
 * move text. */
void rd_last_move(rd_ctx *c, char *out, size_t cap)
{
    char mv[96] = "";
    size_t len;
    out[0] = 0;
    if (c->last < 0) return;
    carc_move m = {.kind = CARC_MOVE_TILE, .rotation = (uint8_t)c->lt.rotation, .x = (int16_t)c->lt.x,
                   .y = (int16_t)c->lt.y, .tile = (uint16_t)c->lt.type};
    if (carc_move_format(c->game, &m, mv, sizeof mv, &len) != CARC_OK) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        carc_tileset_type(c->ts, c->lt.type, &ti);
        snprintf(mv, sizeof mv, "tile %s", ti.name);
    }
    snprintf(out, cap, "Last tile (turn %d, framed in magenta): %s", c->lt.turn, mv);
    int nfig = 0;
    carc_game_figure_count(c->game, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        if (carc_game_figure(c->game, i, &fi) || !fi.on_board || fi.tile_index != c->last) continue;
        carc_move fm = {.kind = CARC_MOVE_FIGURE, .figure = (uint8_t)fi.kind, .feature = (uint8_t)fi.feature,
                        .x = (int16_t)c->lt.x, .y = (int16_t)c->lt.y};
        if (carc_move_format(c->game, &fm, mv, sizeof mv, &len) == CARC_OK) {
            size_t l = strlen(out);
            snprintf(out + l, cap - l, ", then %s (P%d)", mv, fi.owner);
        }
    }
}
