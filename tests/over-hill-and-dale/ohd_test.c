#include "ohd_test.h"

#include <string.h>

tgame ohd_new(int players, const char *deck) { return t_new_deck("over-hill-and-dale", players, deck, NULL, 0); }

tgame ohd_new_rule(int players, const char *deck, int scarecrow_sets)
{
    carc_option o = {"scarecrow_sets", scarecrow_sets};
    return t_new_deck("over-hill-and-dale", players, deck, &o, 1);
}

int ohd_figure_pos(carc_game *g, int figure, int *x, int *y)
{
    carc_figure_info fi;
    carc_placed_tile pt;
    if (carc_game_figure(g, figure, &fi) || !fi.on_board || carc_game_tile(g, fi.tile_index, &pt)) return -1;
    *x = pt.x;
    *y = pt.y;
    return 0;
}

int ohd_wanderer_at(carc_game *g, int player, int x, int y)
{
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    int n = 0;
    carc_game_figure_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_figure_info fi;
        carc_placed_tile pt;
        carc_game_figure(g, i, &fi);
        if (fi.owner != player || fi.kind != OHD_FIG_MEEPLE || !fi.on_board) continue;
        carc_game_tile(g, fi.tile_index, &pt);
        const char *kind = "";
        carc_tileset_feature(ts, pt.type, fi.feature, NULL, &kind, NULL);
        if (pt.x == x && pt.y == y && strcmp(kind, "path") == 0) return i;
    }
    return -1;
}

carc_move ohd_hike(carc_game *g, int figure, int x, int y, const char *id)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_ACTION;
    m.action = OHD_ACTION_HIKE;
    m.target = figure;
    m.x = (int16_t)x;
    m.y = (int16_t)y;
    int ti = -1;
    carc_placed_tile pt;
    carc_game_tile_at(g, x, y, &ti);
    int f = ti >= 0 && carc_game_tile(g, ti, &pt) == CARC_OK ? t_feat(g, pt.type, id) : -1;
    m.feature = (uint8_t)(f < 0 ? 255 : f);
    return m;
}

int ohd_hike_to(carc_game *g, int figure, int x, int y, const char *id)
{
    carc_move m = ohd_hike(g, figure, x, y, id);
    return carc_game_apply(g, &m);
}

carc_move ohd_pick(int kind)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_ACTION;
    m.action = OHD_ACTION_PICK;
    m.target = kind;
    return m;
}

int ohd_pick_apply(carc_game *g, int kind)
{
    carc_move m = ohd_pick(kind);
    return carc_game_apply(g, &m);
}

static int same(const carc_move *a, const carc_move *b)
{
    if (a->kind != b->kind) return 0;
    if (a->kind == CARC_MOVE_ACTION)
        return a->action == b->action && a->target == b->target && a->x == b->x && a->y == b->y &&
               a->feature == b->feature;
    if (a->kind == CARC_MOVE_FIGURE) return a->figure == b->figure && a->feature == b->feature;
    return a->kind == CARC_MOVE_PASS;
}

int ohd_listed(carc_game *g, const carc_move *m)
{
    carc_move buf[1100];
    size_t n = 0;
    if (carc_game_moves(g, buf, 1100, &n) != CARC_OK) return 0;
    for (size_t i = 0; i < n; i++)
        if (same(&buf[i], m)) return 1;
    return 0;
}

int ohd_count_action(carc_game *g, int action)
{
    carc_move buf[1100];
    size_t n = 0;
    if (carc_game_moves(g, buf, 1100, &n) != CARC_OK) return 0;
    int c = 0;
    for (size_t i = 0; i < n; i++) c += buf[i].kind == CARC_MOVE_ACTION && buf[i].action == action;
    return c;
}

int ohd_can(carc_game *g, const char *figure, const char *id)
{
    int last;
    carc_placed_tile pt;
    carc_game_last_tile(g, &last);
    if (last < 0 || carc_game_tile(g, last, &pt)) return 0;
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_FIGURE;
    m.figure = (uint8_t)(strcmp(figure, "stable") == 0 ? OHD_FIG_STABLE : OHD_FIG_MEEPLE);
    m.feature = (uint8_t)t_feat(g, pt.type, id);
    return ohd_listed(g, &m);
}

int ohd_tokens(carc_game *g, int player, int kind)
{
    int n = -1;
    carc_game_tokens(g, 0, player, kind, &n);
    return n;
}

int ohd_token_total(carc_game *g, int player)
{
    int n = 0;
    for (int k = 0; k < OHD_TOKEN_KINDS; k++) n += ohd_tokens(g, player, k);
    return n;
}

int ohd_supply(carc_game *g, int player, int kind)
{
    int n = -1;
    carc_game_supply(g, player, kind, &n);
    return n;
}
