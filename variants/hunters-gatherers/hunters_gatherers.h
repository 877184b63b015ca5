/* Variant `hunters-gatherers`: Carcassonne - Hunters and Gatherers (2020).
 *
 * What a caller needs to drive it beyond the core's tile and figure moves.
 *
 * Figure kinds (carc_variant_figure()):
 *   HG_FIG_MEEPLE (0)  "meeple": fisher on a river, gatherer on a forest,
 *                      hunter on a grassland; 5 per player.
 *   HG_FIG_HUT (1)     "hut": on a river or a lake; 3 per player.
 *
 * Feature kinds in the tile set: forest, grassland, river, lake.
 *
 * Scoring categories (carc_variant_category()), in this order:
 *   river, forest, hut, hunter, logboat, hunting_trap.
 *
 * Decks: 0 "main" (the 78 regular tiles), and "menhir" (16 tiles drawn
 * only in the extra turn a completed menhir forest gives).
 *
 * Action phase: only the shaman tile opens one, right after it is placed
 * and before the figure step, and only when the player has at least one
 * meeple on the board. Its moves:
 *   CARC_MOVE_ACTION, action = HG_ACTION_SHAMAN, target = figure id of one
 *       of the player's own meeples on the board (carc_game_figure()):
 *       that meeple goes back to its owner's supply without scoring.
 *   CARC_MOVE_PASS: keep every meeple where it is.
 * The figure step of the same turn follows either way.
 */
#ifndef HUNTERS_GATHERERS_H
#define HUNTERS_GATHERERS_H

#include "carcassonne_variant.h"

enum hg_kind { HG_FOREST, HG_GRASSLAND, HG_RIVER, HG_LAKE };
enum hg_figure { HG_FIG_MEEPLE, HG_FIG_HUT };
enum hg_category { HG_CAT_RIVER, HG_CAT_FOREST, HG_CAT_HUT, HG_CAT_HUNTER, HG_CAT_LOGBOAT, HG_CAT_HUNTING_TRAP };

/* Ruleset options (carc_variant_option() order): "last_tile_extra_turn"
 * (0/1, default 0) plays the extra turn a menhir forest completed by the
 * last regular tile earns, then the game ends (docs/variants/hunters-gatherers.md). */
enum hg_option { HG_OPT_LAST_TILE_EXTRA_TURN };

/** Shaman: return one's own meeple (`target` = figure id). */
#define HG_ACTION_SHAMAN 1

#endif
