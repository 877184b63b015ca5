#include "hg_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tgame hg_new(int players, const char *deck, int menhir_in_main)
{
    return menhir_in_main ? t_new_deck_flat("hunters-gatherers", players, deck, NULL, 0)
                          : t_new_deck("hunters-gatherers", players, deck, NULL, 0);
}

void hg_fix(carc_game *g, const char *tile) { carc_game_set_next_tile(g, t_type(g, tile)); }

int hg_place_drawn(carc_game *g, const char *tile, int x, int y, int rot)
{
    int drawn = -1;
    int r = carc_game_drawn_tile(g, &drawn);
    if (r) return r;
    if (drawn != t_type(g, tile)) return CARC_E_MISMATCH;
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)drawn, .x = (int16_t)x, .y = (int16_t)y,
                   .rotation = (uint8_t)rot};
    return carc_game_apply(g, &m);
}

int hg_can(carc_game *g, const char *figure, const char *id)
{
    int last;
    carc_placed_tile pt;
    carc_game_last_tile(g, &last);
    if (last < 0 || carc_game_tile(g, last, &pt)) return 0;
    int kind = strcmp(figure, "hut") == 0 ? 1 : 0, f = t_feat(g, pt.type, id);
    carc_move buf[256];
    size_t n = 0;
    carc_game_moves(g, buf, 256, &n);
    for (size_t i = 0; i < n && i < 256; i++)
        if (buf[i].kind == CARC_MOVE_FIGURE && buf[i].figure == kind && buf[i].feature == f) return 1;
    return 0;
}

int hg_supply(carc_game *g, int player, int kind)
{
    int n = -1;
    carc_game_supply(g, player, kind, &n);
    return n;
}

int hg_left(carc_game *g, int deck)
{
    int n = -1;
    carc_game_deck_remaining(g, deck, &n);
    return n;
}
