/* Scoring of the classic base game. */
#include "classic.h"

#include "../pieces.h"

/* Cities a farm borders, listed at once (1 KiB of stack); a farm of the
 * built-in sets borders far fewer. A farm bordering more (a set of 1,020
 * tiles of 1 farm and 11 cities each puts 11,220 cities next to one farm)
 * is counted by border_sum()'s slow way, exactly, with no larger buffer. */
#define FARM_CITIES 256

static int city_complete(const carc_game *g, int city) { return carc_feature_complete(g, city) != 0; }

int classic_farm_cities(const carc_game *g, int farm)
{
    int city[FARM_CITIES];
    return border_sum(g, farm, CLASSIC_CITY, city_complete, city, FARM_CITIES);
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
