/* Helpers shared by the over-hill-and-dale tests.
 *
 * Positions use the library's coordinates (x east, y south). The start tile
 * 03-start lies at (0,0) unturned: field cap north (f1), path east-west (p1),
 * meadow south (m1). The reference's section-4 layouts count y northwards,
 * so their rows are negated here, and most are shifted so that they hang off
 * the start tile without touching it. */
#ifndef OHD_TEST_H
#define OHD_TEST_H

#include "../../variants/over-hill-and-dale/over_hill_and_dale.h"
#include "support.h"

/* A game whose main stack holds only the tiles named in `deck` ("06d:1 09b:1"). */
tgame ohd_new(int players, const char *deck);

/* The same with option scarecrow_sets set to `value`. */
tgame ohd_new_rule(int players, const char *deck, int scarecrow_sets);

/* Figure id of the meeple of `player` on a path of the tile at (x,y), or -1. */
int ohd_wanderer_at(carc_game *g, int player, int x, int y);

/* The tile (x,y) a figure stands on; returns 0, or -1 if it is in supply. */
int ohd_figure_pos(carc_game *g, int figure, int *x, int *y);

/* The hike of figure `figure` to feature `id` of the tile at (x,y). */
carc_move ohd_hike(carc_game *g, int figure, int x, int y, const char *id);

/* Applies that hike: the carc_game_apply status. */
int ohd_hike_to(carc_game *g, int figure, int x, int y, const char *id);

/* The pick of token kind `kind` (enum ohd_token). */
carc_move ohd_pick(int kind);
int ohd_pick_apply(carc_game *g, int kind);

/* Whether move `m` is among the legal moves now. */
int ohd_listed(carc_game *g, const carc_move *m);

/* Legal moves now that are hikes, or picks. */
int ohd_count_action(carc_game *g, int action);

/* Whether the figure kind ("meeple", "stable") may go on feature `id` of the tile just placed. */
int ohd_can(carc_game *g, const char *figure, const char *id);

/* Tokens of kind `kind` held by `player` (-1: left in the supply). */
int ohd_tokens(carc_game *g, int player, int kind);

/* All tokens held by `player` (-1: the whole supply). */
int ohd_token_total(carc_game *g, int player);

/* Figures of a kind (OHD_FIG_MEEPLE, OHD_FIG_STABLE) in a player's supply. */
int ohd_supply(carc_game *g, int player, int kind);

#endif
