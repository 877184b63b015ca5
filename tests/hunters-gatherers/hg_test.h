/* Helpers shared by the hunters-gatherers tests. */
#ifndef HG_TEST_H
#define HG_TEST_H

#include "support.h"

/* Like t_new_deck(), but when `menhir_in_main` is set every menhir tile
 * goes to the regular stack, so a power tile can be placed in an ordinary
 * turn of a short test without first earning an extra turn. */
tgame hg_new(int players, const char *deck, int menhir_in_main);

/* Fixes the next draw of the tile's own stack without drawing it yet. */
void hg_fix(carc_game *g, const char *tile);

/* Places the tile already drawn for this turn, which must be `tile`. */
int hg_place_drawn(carc_game *g, const char *tile, int x, int y, int rot);

/* Whether a figure kind may go on feature `id` of the tile just placed. */
int hg_can(carc_game *g, const char *figure, const char *id);

/* Meeples (kind 0) or huts (kind 1) of a player in supply. */
int hg_supply(carc_game *g, int player, int kind);

/* Tiles left in a stack: HG_MAIN or HG_MENHIR (the tile set names the
 * menhir stack second, so it is stack 1 whenever it exists). */
#define HG_MAIN 0
#define HG_MENHIR 1
int hg_left(carc_game *g, int deck);

#endif
