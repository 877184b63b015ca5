/* Scoring of the classic base game. */
#include "classic.h"

#include <string.h>

/* The core holds at most this many pieces, so a farm never has more and a
 * city's root is always below it. */
#define MAX_PIECES 1024

int classic_farm_cities(carc_game *g, int farm)
{
    int pieces[MAX_PIECES];
    unsigned char seen[MAX_PIECES / 8]; /* cities already counted, by root piece */
    memset(seen, 0, sizeof seen);
    int n = carc_feature_pieces(g, farm, pieces, MAX_PIECES), cities = 0;
    if (n > MAX_PIECES) n = MAX_PIECES;
    for (int i = 0; i < n; i++) {
        unsigned borders = carc_piece_borders(g, pieces[i]);
        int first = carc_tile_first_piece(g, carc_piece_tile(g, pieces[i]));
        for (int local = 0; borders; local++, borders >>= 1) {
            if (!(borders & 1) || carc_piece_kind(g, first + local) != CLASSIC_CITY) continue;
            int city = carc_feature_of(g, first + local);
            if (city < 0 || city >= MAX_PIECES || (seen[city >> 3] >> (city & 7) & 1)) continue;
            seen[city >> 3] |= (unsigned char)(1u << (city & 7));
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
