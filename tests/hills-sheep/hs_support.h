/* Small helpers shared by the hills-sheep tests. */
#ifndef HS_TEST_SUPPORT_H
#define HS_TEST_SUPPORT_H

#include <string.h>

#include "../../variants/hills-sheep/hills_sheep.h"
#include "support.h"

/* Figure id of a player's shepherd. */
static inline int hs_shepherd(carc_game *g, int player)
{
    int n = 0;
    carc_game_figure_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        if (fi.owner == player && fi.kind == HS_FIG_SHEPHERD) return i;
    }
    return -1;
}

static inline carc_move hs_action(carc_game *g, int action, int player)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_ACTION;
    m.action = (uint16_t)action;
    m.target = hs_shepherd(g, player);
    return m;
}

/* The current player's flock action on their own shepherd. */
static inline int hs_act(carc_game *g, int action, int player)
{
    carc_move m = hs_action(g, action, player);
    return carc_game_apply(g, &m);
}

static inline int hs_token(carc_game *g, int token) { return carc_game_set_next_token(g, "sheep", token); }

/* Sheep beside a player's shepherd. */
static inline int hs_flock(carc_game *g, int player)
{
    const hs_state *s = carc_variant_state(g);
    int sum = 0;
    for (int k = 0; k < HS_SHEEP_KINDS; k++) sum += s->flock[player][k] * (k + 1);
    return sum;
}

static inline int hs_bag_total(carc_game *g)
{
    int n = 0;
    for (int k = 0; k < HS_TOKEN_KINDS; k++) n += carc_bag_count(g, HS_BAG_SHEEP, k);
    return n;
}

static inline int hs_supply(carc_game *g, int player, int kind)
{
    int n = -1;
    carc_game_supply(g, player, kind, &n);
    return n;
}

/* Fixes the next turn's draws: hill tile `hill`, and `hidden` under it.
 * Called while this turn's tile is on the board, before the move that
 * ends the turn (which makes the next turn's draw), or before a game's
 * first move (when naming tiles sets up the stack). */
static inline int hs_queue_hill(carc_game *g, const char *hill, const char *hidden)
{
    int r = carc_game_set_next_tile(g, t_type(g, hill));
    return r ? r : carc_game_set_next_tile(g, t_type(g, hidden));
}

/* Places a hill tile with a chosen tile hidden under it on a game's first
 * turn: both draws are fixed in order, so the hidden one is known. */
static inline int hs_place_hill(carc_game *g, const char *hill, const char *hidden, int x, int y, int rot)
{
    int h = t_type(g, hill), u = t_type(g, hidden);
    int r = carc_game_set_next_tile(g, h);
    if (!r) r = carc_game_set_next_tile(g, u);
    if (r) return r;
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_TILE;
    m.tile = (uint16_t)h;
    m.x = (int16_t)x;
    m.y = (int16_t)y;
    m.rotation = (uint8_t)rot;
    return carc_game_apply(g, &m);
}

static inline int hs_deck_left(carc_game *g)
{
    int n = -1;
    carc_game_deck_remaining(g, 0, &n);
    return n;
}

/* Tiles put out of play unseen (under hills) so far. */
static inline int hs_hidden(const carc_game *g)
{
    int n = 0, count = 0, reason;
    carc_game_removed_count(g, &count);
    for (int i = 0; i < count; i++)
        if (carc_game_removed(g, i, NULL, &reason) == CARC_OK && reason == CARC_REMOVED_HIDDEN) n++;
    return n;
}

#endif
