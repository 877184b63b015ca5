/* An encoding takes a game on another copy of its tile set only when the
 * two have the same types, copies, features, kinds and slots: two sets
 * alike in all but which of two farms holds which slots are different
 * sets, since the observation's planes are laid out by slot. (The
 * mutation run, docs/fuzzing.md: the slot comparison deleted survived;
 * the tests' other tile sets differed in their counts already.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "learn_test.h"

/* An all-farm start tile and a road curve from north to east, its inner
 * and outer farm in the order given (%s twice); or the curve first, as
 * tile type 0. */
static const char pattern[] = "tileset curve\n"
                              "tile S start\n  edges FFF FFF FFF FFF\n"
                              "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                              "tile T count=20\n  edges FRF FRF FFF FFF\n  feature road slots=1,4 id=r1\n"
                              "  %s\n  %s\n";
static const char curve_first[] = "tileset curve\n"
                                  "tile T count=20\n  edges FRF FRF FFF FFF\n  feature road slots=1,4 id=r1\n"
                                  "  %s\n  %s\n"
                                  "tile S start\n  edges FFF FFF FFF FFF\n"
                                  "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n";
static const char *layout = pattern;
static const char inner[] = "feature farm slots=2,3 id=fi";
static const char outer[] = "feature farm slots=0,5,6,7,8,9,10,11 id=fo";

static carc_tileset *curve_set(int inner_first)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    char text[512], err[160];
    int n = snprintf(text, sizeof text, layout, inner_first ? inner : outer, inner_first ? outer : inner);
    carc_tileset *ts = NULL;
    cr_assert_eq(carc_tileset_parse(v, text, (size_t)n, &ts, err, sizeof err), CARC_OK, "%s", err);
    return ts;
}

static carc_game *game_on(const carc_tileset *ts)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 1, .tileset = ts};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    return g;
}

static void swapped_farms_are_refused(void)
{
    carc_tileset *a = curve_set(1), *same = curve_set(1), *swapped = curve_set(0);
    carc_game_options go = {.struct_size = sizeof go, .variant_name = "base", .players = 2, .tileset = a};
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go};
    carc_encoding *e = NULL;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_OK);
    size_t n = l_info(e).observation_bytes;
    unsigned char *obs = l_buffer(n, 0xAB);
    carc_game *g_same = game_on(same), *g_swapped = game_on(swapped);
    cr_assert_eq(carc_encoding_observe(e, g_same, -1, obs, n), CARC_OK, "another parse of the same text");
    memset(obs, 0xAB, n);
    cr_assert_eq(carc_encoding_observe(e, g_swapped, -1, obs, n), CARC_E_MISMATCH, "the farms' slots swapped");
    for (size_t i = 0; i < n; i++) cr_assert_eq(obs[i], 0xAB, "byte %zu written by a refused call", i);
    free(obs);
    carc_game_free(g_same);
    carc_game_free(g_swapped);
    carc_encoding_free(e);
    carc_tileset_free(a);
    carc_tileset_free(same);
    carc_tileset_free(swapped);
}

Test(learn_same_slots, a_tile_set_whose_farms_swap_slots_is_another_set)
{
    swapped_farms_are_refused();
}

/* the same with the curve as tile type 0: every type is compared, the first too */
Test(learn_same_slots, the_first_tile_type_is_compared_too)
{
    layout = curve_first;
    swapped_farms_are_refused();
}
