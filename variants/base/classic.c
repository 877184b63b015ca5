/* Scoring of the classic base game. */
#include "classic.h"

/* The core holds at most this many pieces, so a farm borders no more cities. */
#define MAX_PIECES 1024

int classic_farm_cities(const carc_game *g, int farm)
{
    int city[MAX_PIECES];
    int n = carc_feature_borders(g, farm, CLASSIC_CITY, city, MAX_PIECES), cities = 0;
    if (n > MAX_PIECES) n = MAX_PIECES;
    for (int i = 0; i < n; i++) cities += carc_feature_complete(g, city[i]) != 0;
    return cities;
}

void classic_setup(carc_game *g, classic_state *cs) { cs->pennant = carc_attr_index(g, "pennant"); }

/* In play and at game end alike: what counts is whether the feature is complete. */
int classic_points(const carc_game *g, const classic_state *cs, int f, int *category)
{
    switch (carc_feature_kind(g, f)) {
    case CLASSIC_CITY: {
        *category = CAT_CITY;
        int arms = cs->pennant >= 0 ? carc_feature_attr(g, f, cs->pennant) : 0;
        int value = carc_feature_tiles(g, f) + arms;
        return carc_feature_complete(g, f) ? 2 * value : value;
    }
    case CLASSIC_ROAD:
        *category = CAT_ROAD;
        return carc_feature_tiles(g, f);
    case CLASSIC_MONASTERY:
        *category = CAT_MONASTERY;
        return 1 + carc_tile_neighbours(g, carc_piece_tile(g, f));
    case CLASSIC_FARM:
        *category = CAT_FARM;
        return 3 * classic_farm_cities(g, f);
    default:
        *category = 0;
        return 0;
    }
}
