/* The classic rules (roads, cities, monasteries, farms) as hook functions
 * that rulesets built on the base game reuse. Such a ruleset lists its
 * feature kinds with these four first, in this order. */
#ifndef CARC_VARIANTS_CLASSIC_H
#define CARC_VARIANTS_CLASSIC_H

#include "carcassonne_variant.h"

enum classic_kind { CLASSIC_CITY, CLASSIC_ROAD, CLASSIC_FARM, CLASSIC_MONASTERY };
enum classic_category { CAT_ROAD, CAT_CITY, CAT_MONASTERY, CAT_FARM };

/* Drawing colours of the four classic kinds, in kind order. */
#define CLASSIC_COLORS "#c0793a", "#f4f1e8", "#8bc34a", "#b23b2e"

/* What the classic rules look up once a game rather than once a scored
 * city: the index of the `pennant` attribute in the game's tile set (-1 if
 * it has none). A ruleset built on the base game keeps one in its variant
 * state and fills it from its setup hook. */
typedef struct classic_state {
    int pennant;
} classic_state;

/* Fills cs for game g. */
void classic_setup(carc_game *g, classic_state *cs);

/* Points per feature, in play and at game end, as a feature_points hook
 * computes them (cs: what classic_setup filled). */
int classic_points(const carc_game *g, const classic_state *cs, int feature, int *category);

/* Completed cities that touch a farm, each counted once. */
int classic_farm_cities(const carc_game *g, int farm);

#endif
