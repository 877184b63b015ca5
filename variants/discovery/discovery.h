/* Variant `discovery`: Carcassonne - The Discovery (2005).
 *
 * What a caller needs to drive it beyond the core's tile and figure moves.
 *
 * Feature kinds: mountain, grassland, sea. One figure kind, "follower" (4
 * per player): a brigand on a mountain, an explorer on a grassland, a
 * navigator on a sea. Nothing scores by itself: a player scores a region
 * by taking a follower back, instead of deploying one.
 *
 * Figure step moves, besides the core's FIGURE moves and PASS:
 *   CARC_MOVE_ACTION, action = DS_ACTION_REMOVE, target = figure id of one
 *       of the player's followers on the board: that follower scores its
 *       region as it stands and goes back to supply
 *       (carc_game_figure_points() tells the value beforehand).
 *
 * Scoring categories, in this order: grassland, mountain, sea.
 *
 * Options: "hand" (0/1) the variant drawing rule, two face-up tiles per
 * player; "literal_two_tiles" (0/1) reads the two-tile exception as exactly
 * two tiles (default: two tiles or fewer, which matters only for the
 * one-tile land-locked sea of D63); "hand_removed_5p" (1 to 3, default 1)
 * tiles taken out with the hand for 5 players (3 gives every seat 16
 * turns); "hand_removal" (0/1, default 1) whether the hand variant takes
 * tiles out at all. See docs/variants/discovery.md.
 */
#ifndef DISCOVERY_H
#define DISCOVERY_H

#include "carcassonne_variant.h"

enum ds_kind { DS_MOUNTAIN, DS_GRASSLAND, DS_SEA };
enum ds_category { DS_CAT_GRASSLAND, DS_CAT_MOUNTAIN, DS_CAT_SEA };
enum ds_option { DS_OPT_HAND, DS_OPT_LITERAL_TWO, DS_OPT_HAND_REMOVED_5P, DS_OPT_HAND_REMOVAL };

/** Take a follower back and score its region (`target` = figure id). */
#define DS_ACTION_REMOVE 1

#endif
