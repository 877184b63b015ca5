/* Bad arguments of getters, one at a time (the argument checks the coverage
 * run found untaken; tests/coverage/reasons.txt): each call returns its code,
 * writes nothing and leaves the game as it was. */
#include <carcassonne_search.h>

#include "helpers.h"

Test(core_getter_args, projection_refuses_negative_sizes_and_a_null_scratch)
{
    carc_game *g = h_new("base", 2, 4), *scratch = h_new("base", 2, 5);
    char *before = h_save(g), *scratch_before = h_save(scratch);
    int totals[2] = {-5, -5}, breakdown[4] = {-5, -5, -5, -5};
    cr_assert_eq(carc_game_projection(g, totals, -1, breakdown, 4), CARC_E_RANGE);
    cr_assert_eq(carc_game_projection(g, totals, 2, breakdown, -1), CARC_E_RANGE);
    cr_assert_eq(carc_game_projection(g, totals, 2, NULL, 4), CARC_E_NULL);
    cr_assert_eq(carc_game_projection_with(g, NULL, totals, 2, breakdown, 4), CARC_E_NULL);
    cr_assert_eq(carc_game_projection_with(g, scratch, NULL, 2, breakdown, 4), CARC_E_NULL);
    cr_assert_eq(carc_game_projection_with(g, scratch, totals, -1, breakdown, 4), CARC_E_RANGE);
    cr_assert_eq(carc_game_projection_with(g, scratch, totals, 2, breakdown, -1), CARC_E_RANGE);
    for (int i = 0; i < 4; i++) cr_assert_eq(breakdown[i], -5);
    cr_assert_eq(totals[0], -5);
    h_assert_unchanged(g, before, "a refused projection");
    h_assert_unchanged(scratch, scratch_before, "a refused projection (its scratch)");
    cr_assert_eq(carc_game_projection(g, totals, 2, NULL, 0), CARC_OK, "no breakdown asked, none needed");

    int n = -3;
    carc_event_info ev = {.struct_size = sizeof ev};
    cr_assert_eq(carc_game_log_count(NULL, &n), CARC_E_NULL);
    cr_assert_eq(carc_game_log_count(g, NULL), CARC_E_NULL);
    cr_assert_eq(carc_game_log(NULL, 0, &ev), CARC_E_NULL);
    cr_assert_eq(carc_game_log(g, 0, NULL), CARC_E_NULL);
    cr_assert_eq(n, -3);
    free(before), free(scratch_before);
    carc_game_free(g), carc_game_free(scratch);
}

Test(core_getter_args, tileset_attributes_refuse_each_null)
{
    carc_game *g = h_new("base", 2, 4);
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    const char *name = "unset";
    int attr = -8, value = -8;
    cr_assert_eq(carc_tileset_attr(NULL, 0, &name), CARC_E_NULL);
    cr_assert_eq(carc_tileset_attr(ts, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_tileset_attr_find(NULL, "pennant", &attr), CARC_E_NULL);
    cr_assert_eq(carc_tileset_attr_find(ts, NULL, &attr), CARC_E_NULL);
    cr_assert_eq(carc_tileset_attr_find(ts, "pennant", NULL), CARC_E_NULL);
    cr_assert_eq(carc_tileset_feature_attr(NULL, 0, 0, 0, &value), CARC_E_NULL);
    cr_assert_eq(carc_tileset_feature_attr(ts, 0, 0, 0, NULL), CARC_E_NULL);
    cr_assert_str_eq(name, "unset");
    cr_assert_eq(attr, -8);
    cr_assert_eq(value, -8);
    carc_game_free(g);
}

/* Every action and view of every built-in variant, read with no out
 * pointers (each is optional), then one past each end. */
Test(core_getter_args, variant_actions_and_views_take_null_outs_and_refuse_the_ends)
{
    int count = 0, actions = 0;
    cr_assert_eq(carc_registry_count(NULL, &count), CARC_OK);
    for (int i = 0; i < count; i++) {
        const carc_variant *v;
        cr_assert_eq(carc_registry_at(NULL, i, &v), CARC_OK);
        carc_variant_info vi = {.struct_size = sizeof vi};
        cr_assert_eq(carc_variant_describe(v, &vi), CARC_OK);
        for (int a = 0; a < vi.action_count; a++, actions++)
            cr_assert_eq(carc_variant_action(v, a, NULL, NULL, NULL, NULL), CARC_OK);
        for (int w = 0; w < vi.view_count; w++) cr_assert_eq(carc_variant_view(v, w, NULL, NULL, NULL, NULL), CARC_OK);
        const char *name = "unset";
        cr_assert_eq(carc_variant_action(v, -1, NULL, &name, NULL, NULL), CARC_E_RANGE);
        cr_assert_eq(carc_variant_action(v, vi.action_count, NULL, &name, NULL, NULL), CARC_E_RANGE);
        cr_assert_eq(carc_variant_view(v, -1, &name, NULL, NULL, NULL), CARC_E_RANGE);
        cr_assert_eq(carc_variant_view(v, vi.view_count, &name, NULL, NULL, NULL), CARC_E_RANGE);
        cr_assert_str_eq(name, "unset");
    }
    cr_assert_gt(actions, 0, "no built-in variant has a named action: the loop above tests nothing");
    cr_assert_eq(carc_variant_action(NULL, 0, NULL, NULL, NULL, NULL), CARC_E_NULL);
    cr_assert_eq(carc_variant_view(NULL, 0, NULL, NULL, NULL, NULL), CARC_E_NULL);
}

Test(core_getter_args, search_results_refuse_null_outs)
{
    carc_search_options o = {.struct_size = sizeof o, .iterations = 20, .seed = 1};
    carc_search *s = NULL;
    cr_assert_eq(carc_search_new(&o, &s), CARC_OK);
    carc_game *g = h_new("base", 2, 4);
    carc_move best;
    cr_assert_eq(carc_search_run(s, g, &best), CARC_OK);
    cr_assert_eq(carc_search_root(s, NULL, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_search_describe(s, NULL), CARC_E_NULL);
    size_t count = 0;
    cr_assert_eq(carc_search_root(s, NULL, 0, &count), CARC_OK);
    cr_assert_gt(count, 0);
    carc_game_free(g);
    carc_search_free(s);
}

Test(core_getter_args, deck_order_refuses_null_range_and_unknown_tiles)
{
    carc_game *g = h_new("base", 2, 4);
    char *before = h_save(g);
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    int types = 0;
    cr_assert_eq(carc_tileset_type_count(ts, &types), CARC_OK);
    int low[1] = {-1}, high[1] = {types}, ok[1] = {0};
    cr_assert_eq(carc_game_set_deck_order(NULL, 0, ok, 1), CARC_E_NULL);
    cr_assert_eq(carc_game_set_deck_order(g, 0, NULL, 1), CARC_E_NULL);
    cr_assert_eq(carc_game_set_deck_order(g, -1, ok, 1), CARC_E_RANGE);
    cr_assert_eq(carc_game_set_deck_order(g, 1, ok, 1), CARC_E_RANGE, "base has one stack");
    cr_assert_eq(carc_game_set_deck_order(g, 0, ok, -1), CARC_E_RANGE);
    cr_assert_eq(carc_game_set_deck_order(g, 0, low, 1), CARC_E_RANGE);
    cr_assert_eq(carc_game_set_deck_order(g, 0, high, 1), CARC_E_RANGE);
    h_assert_unchanged(g, before, "a refused deck order");
    free(before);
    carc_game_free(g);
}
