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

/* Points per feature, in play and at game end (the feature_points hook). */
int classic_feature_points(carc_game *g, int feature, int final, int *category);

/* Completed cities that touch a farm, each counted once. */
int classic_farm_cities(carc_game *g, int farm);

#endif
