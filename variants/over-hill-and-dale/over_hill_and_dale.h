/* Variant `over-hill-and-dale`: Carcassonne - Over Hill and Dale (2015).
 *
 * What a caller needs to drive it beyond the core's tile and figure moves.
 *
 * Feature kinds: path, field, meadow. Figure kinds (carc_variant_figure()):
 *   OHD_FIG_MEEPLE (0) "meeple": a wanderer on a path or a farmer on a
 *                      field; 4 per player; majority scores.
 *   OHD_FIG_STABLE (1) "stable": on a meadow, never where one of the 8
 *                      surrounding tiles holds a stable; 2 per player.
 *
 * Figure step moves, besides FIGURE moves and PASS:
 *   CARC_MOVE_ACTION, action = OHD_ACTION_HIKE, target = figure id of one
 *       of the player's wanderers on a path this turn's tile extended
 *       without completing it; x, y = the tile it walks to along that
 *       path, feature = the path's feature index on that tile. Scores 1
 *       point per tile walked (counted along the path), after the turn's
 *       other scoring.
 * Action phase (only while a completed field's harvest tokens are shared
 * by tied players; carc_game_state() names the player who picks):
 *   CARC_MOVE_ACTION, action = OHD_ACTION_PICK, target = token kind of
 *       bag "harvest" (0 apple, 1 strawberry, 2 pumpkin, 3 sunflower,
 *       4 grain, 5 scarecrow). Offered only while at least two kinds are
 *       left to share; a pick with no choice is made by the library.
 *
 * Scoring categories, in this order: paths, fields, hiking, stables,
 * tokens, sets. Bag 0 "harvest" is the token supply; carc_game_tokens()
 * reads what each player holds.
 */
#ifndef OVER_HILL_AND_DALE_H
#define OVER_HILL_AND_DALE_H

#include "carcassonne_variant.h"

enum ohd_kind { OHD_PATH, OHD_FIELD, OHD_MEADOW };
enum ohd_figure { OHD_FIG_MEEPLE, OHD_FIG_STABLE };
enum ohd_category { OHD_CAT_PATHS, OHD_CAT_FIELDS, OHD_CAT_HIKING, OHD_CAT_STABLES, OHD_CAT_TOKENS, OHD_CAT_SETS };
enum ohd_token { OHD_APPLE, OHD_STRAWBERRY, OHD_PUMPKIN, OHD_SUNFLOWER, OHD_GRAIN, OHD_SCARECROW, OHD_TOKEN_KINDS };
enum ohd_option { OHD_OPT_SCARECROW_SETS, OHD_OPT_ONE_STABLE_PER_MEADOW };

/** Walk a wanderer along its path (figure step). */
#define OHD_ACTION_HIKE 1
/** Take one harvest token of a shared field (action phase). */
#define OHD_ACTION_PICK 2

/**
 * Most sets of five different fruits in a holding, scarecrows standing in
 * for missing fruits; `scarecrow_only` allows a set with no fruit at all.
 */
int ohd_best_sets(const int fruits[5], int scarecrows, int scarecrow_only);

#endif
