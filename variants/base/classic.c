/* Scoring of the classic base game. */
#include "classic.h"

#define MAX_FARM_PIECES 512

int classic_farm_cities(carc_game *g, int farm)
{
    int pieces[MAX_FARM_PIECES];
    int n = carc_feature_pieces(g, farm, pieces, MAX_FARM_PIECES);
    if (n > MAX_FARM_PIECES) n = MAX_FARM_PIECES;
    int seen[MAX_FARM_PIECES], nseen = 0, cities = 0;
    for (int i = 0; i < n; i++) {
        unsigned borders = carc_piece_borders(g, pieces[i]);
        int first = carc_tile_first_piece(g, carc_piece_tile(g, pieces[i]));
        for (int local = 0; borders; local++, borders >>= 1) {
            if (!(borders & 1) || carc_piece_kind(g, first + local) != CLASSIC_CITY) continue;
            int city = carc_feature_of(g, first + local);
            int dup = 0;
            for (int j = 0; j < nseen; j++) dup |= seen[j] == city;
            if (dup) continue;
            seen[nseen++] = city;
            if (carc_feature_complete(g, city)) cities++;
        }
    }
    return cities;
}

int classic_feature_points(carc_game *g, int f, int final, int *category)
{
    (void)final; /* what counts is whether the feature is complete */
    switch (carc_feature_kind(g, f)) {
    case CLASSIC_CITY: {
        *category = CAT_CITY;
        int arms = carc_feature_attr(g, f, carc_attr_index(g, "pennant"));
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
