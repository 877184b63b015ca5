/* Hunters & Gatherers on sets beyond its own limits (variants/
 * hunters-gatherers/hunters_gatherers.c): at most 1,024 features in all,
 * what the game state's bit set of covered pieces holds (the core takes
 * up to 12,240), and 8 pit traps, what a grassland's scoring notes. A set
 * beyond either is refused when it is parsed, with CARC_E_LIMIT and the
 * limit named (its tileset_check). */
#include "big_sets.h"

/* Lakes beside the grassland on a tile of this test's sets, and whether
 * its grassland is a pit trap. */
static int lakes_per_tile = 11, pit = 0;

/* A tile that fits any neighbour: a grassland on all 12 slots, then
 * `lakes_per_tile` lakes inside the tile. */
static void grass_tile(bs_text *t)
{
    bs_add(t, "  edges gggggggggggg\n  feature grassland slots=0,1,2,3,4,5,6,7,8,9,10,11 id=g1%s\n",
           pit ? " power=pit_trap" : "");
    for (int l = 1; l <= lakes_per_tile; l++) bs_add(t, "  feature lake slots=none id=l%d fish=1\n", l);
}

/* `tiles` tiles of 12 features, then one of 1 + `k`. */
static bs_text lakes_set(int tiles, int k)
{
    bs_text t = {0};
    lakes_per_tile = 11;
    pit = 0;
    bs_tiles(&t, "G", tiles, 1, grass_tile);
    lakes_per_tile = k;
    bs_tiles(&t, "K", 1, 0, grass_tile);
    return t;
}

/* 85 x 12 + 4 = 1,024 features: the most, taken, and a game made. */
Test(hg_big_sets, a_set_of_1024_features_is_taken)
{
    const carc_variant *v = bs_variant("hunters-gatherers");
    bs_text t = lakes_set(85, 3);
    carc_tileset *ts = bs_parse(v, &t);
    carc_game *g = bs_game(v, ts, 2, NULL, 0);
    carc_game_free(g);
    carc_tileset_free(ts);
    free(t.s);
}

/* 85 x 12 + 5 = 1,025 features, one past the ruleset's 1,024 (86 tiles,
 * well within the core's 1,020 tiles and 12,240 features): refused by
 * tileset_check with CARC_E_LIMIT. */
Test(hg_big_sets, a_set_of_1025_features_is_refused)
{
    bs_text t = lakes_set(85, 4);
    bs_assert_beyond_limit(bs_variant("hunters-gatherers"), &t,
                           "1025 features (a tile's count times its features, summed), at most 1024");
    free(t.s);
}

/* A start tile and `pits` copies of a pit-trap grassland. */
static bs_text pits_set(int pits)
{
    bs_text t = {0};
    lakes_per_tile = 0;
    pit = 0;
    bs_tiles(&t, "G", 1, 1, grass_tile);
    pit = 1;
    bs_tiles(&t, "P", pits, 0, grass_tile);
    return t;
}

/* 8 pit traps are taken; a ninth, which a grassland's scoring would not
 * note (its animals would lose their doubling), refuses the set. */
Test(hg_big_sets, a_set_of_more_than_8_pit_traps_is_refused)
{
    const carc_variant *v = bs_variant("hunters-gatherers");
    bs_text t = pits_set(8);
    carc_tileset *ts = bs_parse(v, &t);
    carc_tileset_free(ts);
    free(t.s);
    t = pits_set(9);
    bs_assert_beyond_limit(v, &t, "9 pit traps, at most 8");
    free(t.s);
}
