/* Bad input: every failing call returns its code and leaves the game as it was. */
#include "helpers.h"

#define E_NULL CARC_E_NULL

/* A game in its figure phase after a few random turns, and its saved text. */
static carc_game *game_mid(uint64_t seed, char **text)
{
    uint64_t rng = seed;
    carc_game *g = h_new("base", 3, seed);
    h_play(g, &rng, 9); /* odd: the next decision is a figure step */
    cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
    *text = h_save(g);
    cr_assert_not_null(*text);
    return g;
}

Test(core_errors, null_arguments_everywhere)
{
    char *before;
    carc_game *g = game_mid(3, &before);
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    int i = 0;
    size_t z = 0;
    carc_move m = {.kind = CARC_MOVE_PASS};
    carc_variant_info vi = {.struct_size = sizeof vi};
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    carc_feature_info fi = {.struct_size = sizeof fi};
    carc_placed_tile pt;
    carc_figure_info fg;
    carc_event ev;
    unsigned mask;
    carc_phase ph;
    const char *s;
    carc_registry *reg = NULL;
    carc_tileset *newts = NULL;
    carc_game *out = NULL;
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2};
    int cats[4];
    char buf[16];

    cr_assert_eq(carc_variant_describe(NULL, &vi), E_NULL);
    cr_assert_eq(carc_variant_describe(v, NULL), E_NULL);
    cr_assert_eq(carc_variant_figure(NULL, 0, &s, &i), E_NULL);
    cr_assert_eq(carc_variant_option(NULL, 0, &s, &s, &i, &i, &i), E_NULL);
    cr_assert_eq(carc_variant_category(NULL, 0, &s), E_NULL);
    cr_assert_eq(carc_variant_category(v, 0, NULL), E_NULL);
    cr_assert_eq(carc_registry_new(NULL), E_NULL);
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    cr_assert_eq(carc_registry_add(NULL, v), E_NULL);
    cr_assert_eq(carc_registry_add(reg, NULL), E_NULL);
    cr_assert_eq(carc_registry_count(reg, NULL), E_NULL);
    cr_assert_eq(carc_registry_at(reg, 0, NULL), E_NULL);
    cr_assert_eq(carc_registry_find(reg, NULL, &v), E_NULL);
    cr_assert_eq(carc_registry_find(reg, "base", NULL), E_NULL);
    carc_registry_free(reg);
    carc_registry_free(NULL);

    cr_assert_eq(carc_tileset_parse(NULL, "x", 1, &newts, NULL, 0), E_NULL);
    cr_assert_eq(carc_tileset_parse(v, NULL, 1, &newts, NULL, 0), E_NULL);
    cr_assert_eq(carc_tileset_parse(v, v->tiles, v->tiles_len, NULL, NULL, 0), E_NULL);
    cr_assert_null(newts);
    cr_assert_eq(carc_tileset_type_count(NULL, &i), E_NULL);
    cr_assert_eq(carc_tileset_type_count(ts, NULL), E_NULL);
    cr_assert_eq(carc_tileset_type(NULL, 0, &ti), E_NULL);
    cr_assert_eq(carc_tileset_type(ts, 0, NULL), E_NULL);
    cr_assert_eq(carc_tileset_find(NULL, "D", &i), E_NULL);
    cr_assert_eq(carc_tileset_find(ts, NULL, &i), E_NULL);
    cr_assert_eq(carc_tileset_find(ts, "D", NULL), E_NULL);
    cr_assert_eq(carc_tileset_feature(NULL, 0, 0, &s, &s, NULL), E_NULL);
    carc_tileset_free(NULL);

    cr_assert_eq(carc_game_new(NULL, &out), E_NULL);
    cr_assert_eq(carc_game_new(&o, NULL), E_NULL);
    carc_game_options nov = {.struct_size = sizeof nov, .players = 2};
    cr_assert_eq(carc_game_new(&nov, &out), E_NULL, "neither variant nor name");
    carc_game_options norules = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .rule_count = 1};
    cr_assert_eq(carc_game_new(&norules, &out), E_NULL, "rule_count without rules");
    cr_assert_null(out);
    carc_game_free(NULL);
    cr_assert_eq(carc_game_clone(NULL, &out), E_NULL);
    cr_assert_eq(carc_game_clone(g, NULL), E_NULL);
    cr_assert_eq(carc_game_copy(NULL, g), E_NULL);
    cr_assert_eq(carc_game_copy(g, NULL), E_NULL);
    cr_assert_eq(carc_game_variant(NULL, &v), E_NULL);
    cr_assert_eq(carc_game_variant(g, NULL), E_NULL);
    cr_assert_eq(carc_game_tileset(NULL, &ts), E_NULL);
    cr_assert_eq(carc_game_tileset(g, NULL), E_NULL);
    cr_assert_eq(carc_game_players(NULL, &i), E_NULL);
    cr_assert_eq(carc_game_players(g, NULL), E_NULL);

    cr_assert_eq(carc_game_state(NULL, &ph, &i), E_NULL);
    cr_assert_eq(carc_game_state(g, NULL, NULL), CARC_OK, "both outputs are optional");
    cr_assert_eq(carc_game_drawn_tile(NULL, &i), E_NULL);
    cr_assert_eq(carc_game_drawn_tile(g, NULL), E_NULL);
    cr_assert_eq(carc_game_moves(NULL, NULL, 0, &z), E_NULL);
    cr_assert_eq(carc_game_moves(g, NULL, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_apply(NULL, &m), E_NULL);
    cr_assert_eq(carc_game_apply(g, NULL), E_NULL);
    cr_assert_eq(carc_game_set_next_tile(NULL, 0), E_NULL);
    cr_assert_eq(carc_game_reseed(NULL, 1), E_NULL);
    cr_assert_eq(carc_game_set_deck_order(NULL, 0, &i, 1), E_NULL);
    cr_assert_eq(carc_game_set_deck_order(g, 0, NULL, 3), E_NULL);
    cr_assert_eq(carc_game_deck_remaining(NULL, 0, &i), E_NULL);
    cr_assert_eq(carc_game_deck_remaining(g, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_set_next_token(NULL, "sheep", 0), E_NULL);
    cr_assert_eq(carc_game_set_next_token(g, NULL, 0), E_NULL);

    cr_assert_eq(carc_game_tile_count(NULL, &i), E_NULL);
    cr_assert_eq(carc_game_tile_count(g, NULL), E_NULL);
    cr_assert_eq(carc_game_tile(NULL, 0, &pt), E_NULL);
    cr_assert_eq(carc_game_tile(g, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_tile_at(NULL, 0, 0, &i), E_NULL);
    cr_assert_eq(carc_game_tile_at(g, 0, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_last_tile(NULL, &i), E_NULL);
    cr_assert_eq(carc_game_last_tile(g, NULL), E_NULL);
    cr_assert_eq(carc_game_feature(NULL, 0, 0, &fi), E_NULL);
    cr_assert_eq(carc_game_feature(g, 0, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_figure_count(NULL, &i), E_NULL);
    cr_assert_eq(carc_game_figure_count(g, NULL), E_NULL);
    cr_assert_eq(carc_game_figure(NULL, 0, &fg), E_NULL);
    cr_assert_eq(carc_game_figure(g, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_supply(NULL, 0, 0, &i), E_NULL);
    cr_assert_eq(carc_game_supply(g, 0, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_score(NULL, 0, &i), E_NULL);
    cr_assert_eq(carc_game_score(g, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_score_breakdown(NULL, 0, cats, 4), E_NULL);
    cr_assert_eq(carc_game_score_breakdown(g, 0, NULL, 4), E_NULL);
    cr_assert_eq(carc_game_is_over(NULL, &i), E_NULL);
    cr_assert_eq(carc_game_is_over(g, NULL), E_NULL);
    cr_assert_eq(carc_game_winners(NULL, &mask), E_NULL);
    cr_assert_eq(carc_game_winners(g, NULL), E_NULL);
    cr_assert_eq(carc_game_event_count(NULL, &i), E_NULL);
    cr_assert_eq(carc_game_event_count(g, NULL), E_NULL);
    cr_assert_eq(carc_game_event(NULL, 0, &ev), E_NULL);
    cr_assert_eq(carc_game_event(g, 0, NULL), E_NULL);
    cr_assert_eq(carc_game_save(NULL, buf, sizeof buf, &z), E_NULL);
    cr_assert_eq(carc_game_save(g, buf, sizeof buf, NULL), E_NULL);
    cr_assert_eq(carc_game_load(NULL, NULL, 10, &out), E_NULL);
    cr_assert_eq(carc_game_load(NULL, before, strlen(before), NULL), E_NULL);
    cr_assert_null(out);

    h_assert_unchanged(g, before, "calls with NULL arguments");
    free(before);
    carc_game_free(g);
}

Test(core_errors, out_of_range_values)
{
    carc_game *out = NULL;
    for (int players = -1; players <= 7; players++) {
        if (players >= 2 && players <= 5) continue;
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = players};
        cr_assert_eq(carc_game_new(&o, &out), CARC_E_RANGE, "%d players", players);
        cr_assert_null(out);
    }
    carc_game_options small = {.struct_size = 4, .variant_name = "base", .players = 2};
    cr_assert_eq(carc_game_new(&small, &out), CARC_E_VERSION);
    carc_game_options unknown = {.struct_size = sizeof unknown, .variant_name = "no-such-game", .players = 2};
    cr_assert_eq(carc_game_new(&unknown, &out), CARC_E_NOT_FOUND);
    carc_option rule = {"no-such-rule", 1};
    carc_game_options badrule = {.struct_size = sizeof badrule, .variant_name = "base", .players = 2,
                                 .rules = &rule, .rule_count = 1};
    cr_assert_eq(carc_game_new(&badrule, &out), CARC_E_NOT_FOUND, "base has no options");
    cr_assert_null(out);

    char *before;
    carc_game *g = game_mid(4, &before);
    const carc_variant *v;
    carc_game_variant(g, &v);
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    int ntypes, i;
    const char *s;
    cr_assert_eq(carc_tileset_type_count(ts, &ntypes), CARC_OK);
    cr_assert_eq(ntypes, 24);
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    cr_assert_eq(carc_tileset_type(ts, -1, &ti), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_type(ts, ntypes, &ti), CARC_E_RANGE);
    carc_tile_type_info old = {.struct_size = 8};
    cr_assert_eq(carc_tileset_type(ts, 0, &old), CARC_E_VERSION);
    cr_assert_eq(carc_tileset_find(ts, "Z", &i), CARC_E_NOT_FOUND);
    cr_assert_eq(carc_tileset_feature(ts, ntypes, 0, &s, NULL, NULL), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature(ts, 0, 12, &s, NULL, NULL), CARC_E_RANGE);
    cr_assert_eq(carc_variant_figure(v, 1, &s, &i), CARC_E_RANGE, "base has one figure kind");
    cr_assert_eq(carc_variant_figure(v, -1, &s, &i), CARC_E_RANGE);
    cr_assert_eq(carc_variant_option(v, 0, &s, NULL, NULL, NULL, NULL), CARC_E_RANGE);
    cr_assert_eq(carc_variant_category(v, 4, &s), CARC_E_RANGE);
    cr_assert_eq(carc_registry_at(NULL, -1, &v), CARC_E_RANGE);

    cr_assert_eq(carc_game_set_next_tile(g, -1), CARC_E_RANGE);
    cr_assert_eq(carc_game_set_next_tile(g, ntypes), CARC_E_RANGE);
    cr_assert_eq(carc_game_deck_remaining(g, 1, &i), CARC_E_RANGE, "base has one stack");
    cr_assert_eq(carc_game_deck_remaining(g, -1, &i), CARC_E_RANGE);
    cr_assert_eq(carc_game_set_deck_order(g, 1, &i, 0), CARC_E_RANGE);
    cr_assert_eq(carc_game_set_next_token(g, "sheep", 0), CARC_E_NOT_FOUND, "base has no bag");
    cr_assert_eq(carc_game_supply(g, 3, 0, &i), CARC_E_RANGE, "3 players: seats 0..2");
    cr_assert_eq(carc_game_supply(g, -1, 0, &i), CARC_E_RANGE);
    cr_assert_eq(carc_game_supply(g, 0, 1, &i), CARC_E_RANGE, "bad figure kind");
    cr_assert_eq(carc_game_score(g, 3, &i), CARC_E_RANGE);
    cr_assert_eq(carc_game_score(g, -1, &i), CARC_E_RANGE);
    int cats[4];
    cr_assert_eq(carc_game_score_breakdown(g, 5, cats, 4), CARC_E_RANGE);
    cr_assert_eq(carc_game_score_breakdown(g, 0, cats, -1), CARC_E_RANGE);
    carc_placed_tile pt;
    int ntiles;
    carc_game_tile_count(g, &ntiles);
    cr_assert_eq(carc_game_tile(g, ntiles, &pt), CARC_E_RANGE);
    cr_assert_eq(carc_game_tile(g, -1, &pt), CARC_E_RANGE);
    carc_feature_info fi = {.struct_size = sizeof fi};
    cr_assert_eq(carc_game_feature(g, ntiles, 0, &fi), CARC_E_RANGE);
    cr_assert_eq(carc_game_feature(g, 0, 4, &fi), CARC_E_RANGE, "D has 4 features: 0..3");
    carc_feature_info oldfi = {.struct_size = 4};
    cr_assert_eq(carc_game_feature(g, 0, 0, &oldfi), CARC_E_VERSION);
    carc_figure_info fg;
    int nfig;
    carc_game_figure_count(g, &nfig);
    cr_assert_eq(nfig, 21, "7 followers for each of 3 players");
    cr_assert_eq(carc_game_figure(g, nfig, &fg), CARC_E_RANGE);
    carc_event ev;
    cr_assert_eq(carc_game_event(g, h_event_count(g), &ev), CARC_E_RANGE);
    cr_assert_eq(carc_game_event(g, -1, &ev), CARC_E_RANGE);
    int idx = 5;
    cr_assert_eq(carc_game_tile_at(g, 1000, 1000, &idx), CARC_OK);
    cr_assert_eq(idx, -1, "an empty square far away");
    unsigned mask;
    cr_assert_eq(carc_game_winners(g, &mask), CARC_E_PHASE, "no winner before the end");

    h_assert_unchanged(g, before, "calls with out-of-range values");
    free(before);
    carc_game_free(g);
}

Test(core_errors, fixed_draws_beyond_the_stack)
{
    carc_game *g = h_new("base", 2, 5);
    int d = t_type(g, "D"), c = t_type(g, "C");
    /* 3 copies of D are in the stack (the 4th is the start tile), 1 of C */
    for (int k = 0; k < 3; k++) cr_assert_eq(carc_game_set_next_tile(g, d), CARC_OK);
    char *queued = h_save(g);
    cr_assert_eq(carc_game_set_next_tile(g, d), CARC_E_UNAVAILABLE);
    h_assert_unchanged(g, queued, "a fourth D");
    cr_assert_eq(carc_game_set_next_tile(g, c), CARC_OK);
    char *queued2 = h_save(g);
    cr_assert_eq(carc_game_set_next_tile(g, c), CARC_E_UNAVAILABLE);
    h_assert_unchanged(g, queued2, "a second C");
    free(queued);
    free(queued2);
    int order[3] = {d, d, d};
    cr_assert_eq(carc_game_set_deck_order(g, 0, order, 3), CARC_E_UNAVAILABLE, "not the whole stack");
    int tile;
    cr_assert_eq(carc_game_drawn_tile(g, &tile), CARC_OK);
    cr_assert_eq(tile, d, "the first queued draw comes first");
    carc_game_free(g);
}

Test(core_errors, illegal_tile_moves_change_nothing)
{
    tgame t = t_new_deck("base", 2, "E:1 V:1", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = t.g;
    int e = t_type(g, "E"), v = t_type(g, "V");
    cr_assert_eq(carc_game_set_next_tile(g, e), CARC_OK);
    int drawn;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, e);
    char *before = h_save(g);
    struct {
        carc_move m;
        const char *why;
    } bad[] = {
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 5, .y = 5, .rotation = 2}, "a square next to nothing"},
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 0, .y = 0, .rotation = 2}, "the occupied start square"},
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 1, .y = 1, .rotation = 0}, "a diagonal square"},
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 0, .y = -1, .rotation = 0}, "field against city"},
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 1, .y = 0, .rotation = 0}, "field against road"},
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 0, .y = -1, .rotation = 4}, "rotation 4"},
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 0, .y = -1, .rotation = 255}, "rotation 255"},
        {{.kind = CARC_MOVE_TILE, .tile = (uint16_t)v, .x = 0, .y = 1, .rotation = 0}, "not the drawn tile"},
        {{.kind = CARC_MOVE_TILE, .tile = 999, .x = 0, .y = -1, .rotation = 2}, "tile index out of range"},
        {{.kind = 0}, "move kind 0"},
        {{.kind = 77}, "move kind 77"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int r = carc_game_apply(g, &bad[i].m);
        cr_assert_eq(r, CARC_E_ILLEGAL_MOVE, "%s: got %d", bad[i].why, r);
        h_assert_unchanged(g, before, bad[i].why);
    }
    /* wrong phase: a figure or a pass while a tile is to be placed */
    carc_move fig = {.kind = CARC_MOVE_FIGURE, .figure = 0, .feature = 0, .x = 0, .y = -1};
    cr_assert_eq(carc_game_apply(g, &fig), CARC_E_PHASE);
    carc_move pass = {.kind = CARC_MOVE_PASS};
    cr_assert_eq(carc_game_apply(g, &pass), CARC_E_PHASE);
    h_assert_unchanged(g, before, "moves of the wrong phase");
    free(before);

    /* the right move still works after all that */
    carc_move good = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 0, .y = -1, .rotation = 2};
    cr_assert_eq(carc_game_apply(g, &good), CARC_OK);
    t_free(&t);
}

Test(core_errors, illegal_figure_moves_change_nothing)
{
    tgame t = t_new_deck("base", 2, "K:1 V:1", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "K", 1, 0, 0), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
    char *before = h_save(g);
    int k = t_type(g, "K");
    carc_move tile = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)k, .x = 2, .y = 0, .rotation = 0};
    cr_assert_eq(carc_game_apply(g, &tile), CARC_E_PHASE, "a tile move in the figure step");
    struct {
        carc_move m;
        const char *why;
    } bad[] = {
        {{.kind = CARC_MOVE_FIGURE, .figure = 1, .feature = 0, .x = 1, .y = 0}, "figure kind 1"},
        {{.kind = CARC_MOVE_FIGURE, .figure = 200, .feature = 0, .x = 1, .y = 0}, "figure kind 200"},
        {{.kind = CARC_MOVE_FIGURE, .figure = 0, .feature = 4, .x = 1, .y = 0}, "feature 4 of a 4-feature tile"},
        {{.kind = CARC_MOVE_FIGURE, .figure = 0, .feature = 255, .x = 1, .y = 0}, "feature 255"},
        {{.kind = CARC_MOVE_FIGURE, .figure = 0, .feature = 0, .x = 0, .y = 0}, "another tile's square"},
        {{.kind = CARC_MOVE_FIGURE, .figure = 0, .feature = 0, .x = 9, .y = 9}, "an empty square"},
        {{.kind = CARC_MOVE_ACTION, .action = 1}, "an action in a ruleset without actions"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int r = carc_game_apply(g, &bad[i].m);
        cr_assert_eq(r, CARC_E_ILLEGAL_MOVE, "%s: got %d", bad[i].why, r);
        h_assert_unchanged(g, before, bad[i].why);
    }
    free(before);
    cr_assert_eq(t_figure(g, "follower", "r1"), CARC_OK);
    t_free(&t);
}

Test(core_errors, finished_game_refuses_moves)
{
    tgame t = t_new_deck("base", 2, "E:1", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, NULL, NULL), CARC_OK);
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert(over);
    char *before = h_save(g);
    carc_move pass = {.kind = CARC_MOVE_PASS};
    carc_move tile = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)t_type(g, "E"), .x = 0, .y = 1};
    cr_assert_eq(carc_game_apply(g, &pass), CARC_E_GAME_OVER);
    cr_assert_eq(carc_game_apply(g, &tile), CARC_E_GAME_OVER);
    size_t n = 99;
    carc_move buf[4];
    cr_assert_eq(carc_game_moves(g, buf, 4, &n), CARC_E_GAME_OVER);
    cr_assert_eq(n, 0u);
    int d;
    cr_assert_eq(carc_game_drawn_tile(g, &d), CARC_E_GAME_OVER);
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "E")), CARC_E_GAME_OVER);
    unsigned mask = 0;
    cr_assert_eq(carc_game_winners(g, &mask), CARC_OK);
    cr_assert_eq(mask, 3u, "0 : 0 is a shared win");
    h_assert_unchanged(g, before, "calls after the end");
    free(before);
    t_free(&t);
}

/* ---- garbage saves ---------------------------------------------------- */

static void assert_load_fails(const char *text, size_t len, int want, const char *why)
{
    carc_game *sentinel = (carc_game *)&sentinel;
    carc_game *out = sentinel;
    int r = carc_game_load(NULL, text, len, &out);
    cr_assert_eq(r, want, "%s: got %d (%s)", why, r, carc_strerror(r));
    cr_assert_eq(out, sentinel, "%s: *out was written", why);
}

Test(core_errors, garbage_save_texts)
{
    assert_load_fails("", 0, CARC_E_PARSE, "empty text");
    assert_load_fails("\n\n  \n", 5, CARC_E_PARSE, "blank lines");
    assert_load_fails("carcassonne-save 1\nend\n", 23, CARC_E_PARSE, "no header");
    assert_load_fails("carcassonne-save 2\nvariant base\nplayers 2\nseed 1\n", 49, CARC_E_PARSE, "version 2");
    uint64_t rng = 17;
    char junk[600];
    for (int k = 0; k < 300; k++) {
        size_t len = 1 + h_below(&rng, sizeof junk);
        for (size_t i = 0; i < len; i++) junk[i] = (char)h_below(&rng, 256);
        assert_load_fails(junk, len, CARC_E_PARSE, "random bytes");
    }
}

Test(core_errors, truncated_and_altered_saves)
{
    uint64_t rng = 40;
    carc_game *g = h_new("base", 2, 40);
    h_play(g, &rng, 60);
    char *text = h_save(g);
    size_t len = strlen(text);
    /* every prefix that loses the final "end" line is refused */
    cr_assert_eq(strcmp(text + len - 4, "end\n"), 0);
    for (size_t cut = 0; cut + 2 <= len; cut += 1 + cut % 5) assert_load_fails(text, cut, CARC_E_PARSE, "prefix");

    /* the first tile move sent to a square next to nothing */
    char *bad = h_strdup(text);
    cr_assert_not_null(bad);
    char *mv = strstr(bad, "move tile ");
    cr_assert_not_null(mv);
    char *eol = strchr(mv, '\n');
    char name[8];
    cr_assert_eq(sscanf(mv, "move tile %7s", name), 1);
    char line[64];
    snprintf(line, sizeof line, "move tile %s 40 40 0", name);
    char *edited = malloc(len + 64);
    cr_assert_not_null(edited);
    if (!edited) return;
    snprintf(edited, len + 64, "%.*s%s%s", (int)(mv - bad), bad, line, eol);
    assert_load_fails(edited, strlen(edited), CARC_E_PARSE, "illegal tile move");

    /* a tile that was not drawn */
    snprintf(edited, len + 64, "%.*smove tile %s%s", (int)(mv - bad), bad, strcmp(name, "C") ? "C 0 -1 0" : "B 0 1 0",
             eol);
    assert_load_fails(edited, strlen(edited), CARC_E_PARSE, "tile that was not drawn");

    /* an extra pass where a tile must be placed (just before "end") */
    snprintf(edited, len + 64, "%.*smove pass\nmove pass\nend\n", (int)(len - 4), text);
    assert_load_fails(edited, strlen(edited), CARC_E_PARSE, "pass in the tile step");

    /* unknown lines and unknown variant */
    snprintf(edited, len + 64, "%.*sfrobnicate 3\nend\n", (int)(len - 4), text);
    assert_load_fails(edited, strlen(edited), CARC_E_PARSE, "unknown line");
    carc_load_options old = {.struct_size = 4};
    carc_game *sentinel = (carc_game *)&old, *out = sentinel;
    cr_assert_eq(carc_game_load(&old, text, len, &out), CARC_E_VERSION, "load options too small");
    cr_assert_eq(out, sentinel);
    const char *nov = "carcassonne-save 1\nvariant nope\nplayers 2\nseed 1\ntileset 0000000000000000\nend\n";
    assert_load_fails(nov, strlen(nov), CARC_E_NOT_FOUND, "unknown variant");
    char *p = strstr(text, "players 2");
    cr_assert_not_null(p);
    snprintf(edited, len + 64, "%.*splayers 1%s", (int)(p - text), text, p + 9);
    assert_load_fails(edited, strlen(edited), CARC_E_RANGE, "one player");

    /* the untouched text still loads */
    carc_game *h = NULL;
    cr_assert_eq(carc_game_load(NULL, text, len, &h), CARC_OK);
    carc_game_free(h);
    free(edited);
    free(bad);
    free(text);
    carc_game_free(g);
}

Test(core_errors, save_into_short_buffer)
{
    carc_game *g = h_new("base", 2, 6);
    size_t need = 0, got = 0;
    cr_assert_eq(carc_game_save(g, NULL, 0, &need), CARC_E_BUFFER);
    cr_assert_gt(need, 10u);
    char *buf = malloc(need + 1);
    memset(buf, 'x', need + 1);
    cr_assert_eq(carc_game_save(g, buf, need, &got), CARC_E_BUFFER, "no room for the NUL");
    cr_assert_eq(got, need);
    cr_assert_eq(carc_game_save(g, buf, need + 1, &got), CARC_OK);
    cr_assert_eq(buf[need], 0);
    cr_assert_eq(strlen(buf), need);
    free(buf);
    carc_game_free(g);
}
