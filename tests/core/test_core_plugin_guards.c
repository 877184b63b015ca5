/* The plug-in API's answers to bad arguments (carcassonne_variant.h): a
 * hook may ask about any index, so every call checks its own and answers
 * -1 (an id) or 0 (a count, a mask, a value) for a NULL game or an index
 * just past its range, leaves the game as it was, and answers properly for
 * the last index in range (so a check off by one shows). */
#include <limits.h>

#include "helpers.h"

/* Every test here passes bad ids on purpose: a -Dplugin_checks build stops
 * at them instead (tests/core/test_core_plugin_args.c checks that it does). */
#if !CARC_PLUGIN_CHECKS

/* A base game some turns in, with figures on the board. */
static carc_game *played(const char *variant, int players, int moves)
{
    carc_game *g = h_new(variant, players, 5);
    uint64_t rng = 9;
    h_play(g, &rng, moves);
    carc_game_state(g, NULL, NULL);
    return g;
}

/* The bad indices around a range of n: just below, just past, far off. */
#define BAD_INDICES(n) {-1, (n), (n) + 1, INT_MIN, INT_MAX}

static void assert_unchanged(carc_game *g, const char *before, uint64_t digest, const char *what)
{
    h_assert_unchanged(g, before, what);
    int players = 0;
    carc_game_players(g, &players);
    uint64_t d = 0;
    for (int p = 0; p < players; p++) d = d * 31 + (uint64_t)t_score(g, p) + (uint64_t)h_supply(g, p) * 7;
    cr_assert_eq(d, digest, "%s changed scores or supplies", what);
}

static uint64_t small_digest(carc_game *g)
{
    int players = 0;
    carc_game_players(g, &players);
    uint64_t d = 0;
    for (int p = 0; p < players; p++) d = d * 31 + (uint64_t)t_score(g, p) + (uint64_t)h_supply(g, p) * 7;
    return d;
}

Test(core_plugin_guards, tiles_and_types)
{
    carc_game *g = played("base", 3, 40);
    int nt = 0, ntypes = 0;
    carc_game_tile_count(g, &nt);
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &ntypes);
    cr_assert_gt(nt, 10);
    const int bad_tile[] = BAD_INDICES(nt), bad_type[] = BAD_INDICES(ntypes);
    for (int i = 0; i < 5; i++) {
        int t = bad_tile[i];
        cr_assert_eq(carc_tile_type(g, t), -1, "tile %d", t);
        cr_assert_eq(carc_tile_first_piece(g, t), -1, "tile %d", t);
        cr_assert_eq(carc_tile_neighbours(g, t), 0, "tile %d", t);
        int y = bad_type[i];
        cr_assert_eq(carc_type_feature_count(g, y), 0, "type %d", y);
        cr_assert_eq(carc_type_feature_kind(g, y, 0), -1, "type %d", y);
        cr_assert_eq(carc_type_kind_features(g, y, 0), 0u, "type %d", y);
        cr_assert_eq(carc_type_attr_features(g, y, 0), 0u, "type %d", y);
    }
    cr_assert_eq(carc_tile_type(NULL, 0), -1);
    cr_assert_eq(carc_tile_first_piece(NULL, 0), -1);
    cr_assert_eq(carc_tile_neighbours(NULL, 0), 0);
    cr_assert_eq(carc_type_feature_count(NULL, 0), 0);
    cr_assert_eq(carc_type_feature_kind(NULL, 0, 0), -1);
    cr_assert_eq(carc_type_kind_features(NULL, 0, 0), 0u);
    cr_assert_eq(carc_type_attr_features(NULL, 0, 0), 0u);
    cr_assert_eq(carc_attr_index(NULL, "pennant"), -1);
    cr_assert_eq(carc_attr_index(g, NULL), -1);
    cr_assert_eq(carc_attr_index(g, "no-such-attribute"), -1);

    /* the last ones in range answer */
    carc_placed_tile last;
    cr_assert_eq(carc_game_tile(g, nt - 1, &last), CARC_OK);
    cr_assert_eq(carc_tile_type(g, nt - 1), last.type);
    cr_assert_geq(carc_tile_first_piece(g, nt - 1), carc_tile_first_piece(g, nt - 2) + 1);
    cr_assert_eq(carc_tile_type(g, 0), t_type(g, "D"), "the start tile");
    cr_assert_eq(carc_tile_first_piece(g, 0), 0);
    int d = t_type(g, "D"), city = -1, pennant = carc_attr_index(g, "pennant");
    for (int k = 0; k < 8; k++) {
        const char *name;
        const carc_variant *v;
        carc_game_variant(g, &v);
        if (carc_variant_kind(v, k, &name, NULL) == CARC_OK && !strcmp(name, "city")) city = k;
    }
    cr_assert_geq(city, 0);
    cr_assert_geq(pennant, 0);
    cr_assert_eq(carc_type_feature_count(g, d), 4);
    cr_assert_eq(carc_type_feature_count(g, ntypes - 1), 8, "the last type, X: four roads, four farms");
    cr_assert_eq(carc_type_feature_kind(g, d, 0), city);
    cr_assert_eq(carc_type_feature_kind(g, d, 3), carc_type_feature_kind(g, d, 2), "two farms");
    cr_assert_eq(carc_type_feature_kind(g, d, 4), -1, "past D's features");
    cr_assert_eq(carc_type_feature_kind(g, d, -1), -1);
    cr_assert_eq(carc_type_kind_features(g, d, city), 1u, "D's city is its feature 0");
    cr_assert_eq(carc_type_kind_features(g, d, -1), 0u);
    cr_assert_eq(carc_type_kind_features(g, d, CARC_MAX_KINDS), 0u);
    int c = t_type(g, "C");
    cr_assert_eq(carc_type_attr_features(g, c, pennant), 1u, "C's city has a pennant");
    cr_assert_eq(carc_type_attr_features(g, d, pennant), 0u);
    cr_assert_eq(carc_type_attr_features(g, c, -1), 0u);
    cr_assert_eq(carc_type_attr_features(g, c, 16), 0u);
    carc_game_free(g);
}

Test(core_plugin_guards, pieces_features_and_systems)
{
    carc_game *g = played("base", 2, 30);
    int np = 0, nt = 0;
    carc_game_tile_count(g, &nt);
    np = carc_tile_first_piece(g, nt - 1) + carc_type_feature_count(g, carc_tile_type(g, nt - 1));
    cr_assert_gt(np, 20);
    const int bad[] = BAD_INDICES(np);
    int buf[4] = {7, 7, 7, 7};
    for (int i = 0; i < 5; i++) {
        int p = bad[i];
        cr_assert_eq(carc_piece_tile(g, p), -1, "piece %d", p);
        cr_assert_eq(carc_piece_local(g, p), -1, "piece %d", p);
        cr_assert_eq(carc_piece_kind(g, p), -1, "piece %d", p);
        cr_assert_eq(carc_piece_attr(g, p, 0), 0, "piece %d", p);
        cr_assert_eq(carc_piece_borders(g, p), 0u, "piece %d", p);
        cr_assert_eq(carc_piece_links(g, p), 0u, "piece %d", p);
        cr_assert_eq(carc_piece_across(g, p, 0), -1, "piece %d", p);
        cr_assert_eq(carc_feature_of(g, p), -1, "piece %d", p);
        cr_assert_eq(carc_feature_kind(g, p), -1, "piece %d", p);
        cr_assert_eq(carc_feature_open(g, p), -1, "piece %d", p);
        cr_assert_eq(carc_feature_complete(g, p), 0, "piece %d", p);
        cr_assert_eq(carc_feature_tiles(g, p), 0, "piece %d", p);
        cr_assert_eq(carc_feature_attr(g, p, 0), 0, "piece %d", p);
        cr_assert_eq(carc_feature_pieces(g, p, buf, 4), 0, "piece %d", p);
        cr_assert_eq(carc_feature_borders(g, p, 0, buf, 4), 0, "piece %d", p);
        cr_assert_eq(carc_system_of(g, p), -1, "piece %d", p);
        cr_assert_eq(carc_system_pieces(g, p, buf, 4), 0, "piece %d", p);
        cr_assert_eq(carc_feature_followers(g, p, NULL), 0, "piece %d", p);
    }
    cr_assert_eq(buf[0], 7, "nothing written for a bad piece");
    cr_assert_eq(carc_piece_tile(NULL, 0), -1);
    cr_assert_eq(carc_feature_of(NULL, 0), -1);
    cr_assert_eq(carc_system_pieces(NULL, 0, buf, 4), 0);

    /* the last piece answers: it lies on the last tile */
    cr_assert_eq(carc_piece_tile(g, np - 1), nt - 1);
    cr_assert_eq(carc_piece_local(g, np - 1), carc_type_feature_count(g, carc_tile_type(g, nt - 1)) - 1);
    cr_assert_geq(carc_piece_kind(g, np - 1), 0);
    cr_assert_geq(carc_feature_of(g, np - 1), 0);
    cr_assert_geq(carc_feature_tiles(g, np - 1), 1);
    cr_assert_geq(carc_feature_pieces(g, np - 1, NULL, 0), 1);
    cr_assert_geq(carc_system_pieces(g, np - 1, NULL, 0), 1);
    /* sides and attributes out of range */
    for (int side = -1; side <= 4; side += 5) cr_assert_eq(carc_piece_across(g, 0, side), -1, "side %d", side);
    cr_assert_eq(carc_piece_attr(g, 0, -1), 0);
    cr_assert_eq(carc_piece_attr(g, 0, 16), 0);
    cr_assert_eq(carc_feature_attr(g, 0, -1), 0);
    cr_assert_eq(carc_feature_attr(g, 0, 16), 0);
    cr_assert_eq(carc_feature_borders(g, 2, -1, buf, 4), 0);
    cr_assert_eq(carc_feature_borders(g, 2, CARC_MAX_KINDS, buf, 4), 0);
    /* pieces written up to cap, counted in all */
    int f0 = carc_feature_of(g, 2), all = carc_feature_pieces(g, f0, NULL, 0), some[2] = {-5, -5};
    cr_assert_geq(all, 1);
    cr_assert_eq(carc_feature_pieces(g, f0, some, 1), all);
    cr_assert_eq(carc_feature_of(g, some[0]), f0);
    cr_assert_eq(some[1], -5, "nothing past cap");
    carc_game_free(g);
}

/* D's farm f1 (slots 3 and 11) borders its city; D's piece 0 is its city:
 * the start tile's pieces answer what the tile data says. */
Test(core_plugin_guards, the_start_tile_pieces)
{
    carc_game *g = h_new("base", 2, 1);
    int d = t_type(g, "D");
    cr_assert_eq(carc_tile_type(g, 0), d);
    cr_assert_eq(carc_piece_borders(g, 2), 1u, "f1 borders c1");
    cr_assert_eq(carc_piece_borders(g, 3), 0u, "f2 borders none");
    cr_assert_eq(carc_piece_links(g, 0), 0u);
    cr_assert_eq(carc_feature_open(g, 0), 1, "the city is open to the north");
    cr_assert_eq(carc_feature_open(g, 1), 2, "the road runs east and west");
    cr_assert_eq(carc_feature_complete(g, 0), 0);
    cr_assert_eq(carc_tile_neighbours(g, 0), 0);
    int cities[2] = {-1, -1};
    cr_assert_eq(carc_feature_borders(g, 2, carc_piece_kind(g, 0), cities, 2), 1);
    cr_assert_eq(cities[0], 0);
    cr_assert_eq(carc_feature_borders(g, 3, carc_piece_kind(g, 0), cities, 2), 0);
    carc_game_free(g);
}

Test(core_plugin_guards, figures_and_their_moves)
{
    carc_game *g = played("base", 2, 30);
    int nf = 0;
    carc_game_figure_count(g, &nf);
    cr_assert_eq(nf, 14, "7 followers each");
    const int bad[] = BAD_INDICES(nf);
    char *before = h_save(g);
    uint64_t digest = small_digest(g);
    for (int i = 0; i < 5; i++) {
        int f = bad[i];
        cr_assert_eq(carc_figure_piece(g, f), -1, "figure %d", f);
        cr_assert_eq(carc_figure_owner(g, f), -1, "figure %d", f);
        cr_assert_eq(carc_figure_kind(g, f), -1, "figure %d", f);
        cr_assert_eq(carc_figure_move(g, f, 0), -1, "figure %d", f);
        carc_figure_return(g, f);
        cr_assert_eq(carc_figure_place(g, bad[i] < 0 ? -1 : 2, 0, 0), -1, "player %d", bad[i]);
        cr_assert_eq(carc_figure_place(g, 0, f < 0 ? f : 1, 0), -1, "kind %d", f);
        cr_assert_eq(carc_figure_place(g, 0, 0, f < 0 ? f : 100000), -1, "piece %d", f);
        assert_unchanged(g, before, digest, "a bad figure call");
    }
    cr_assert_eq(carc_figure_piece(NULL, 0), -1);
    cr_assert_eq(carc_figure_owner(NULL, 0), -1);
    cr_assert_eq(carc_figure_kind(NULL, 0), -1);
    cr_assert_eq(carc_figure_move(NULL, 0, 0), -1);
    cr_assert_eq(carc_figure_place(NULL, 0, 0, 0), -1);
    carc_figure_return(NULL, 0);
    /* a figure in supply cannot move, and going home again changes nothing */
    int home = -1;
    for (int f = nf - 1; f >= 0 && home < 0; f--)
        if (carc_figure_piece(g, f) < 0) home = f;
    cr_assert_geq(home, 0);
    cr_assert_eq(carc_figure_move(g, home, 0), -1);
    carc_figure_return(g, home);
    assert_unchanged(g, before, digest, "returning a figure in supply");
    /* the last figure is player 1's */
    cr_assert_eq(carc_figure_owner(g, nf - 1), 1);
    cr_assert_eq(carc_figure_owner(g, 6), 0);
    cr_assert_eq(carc_figure_owner(g, 7), 1);
    cr_assert_eq(carc_figure_kind(g, nf - 1), 0);
    free(before);
    carc_game_free(g);
}

Test(core_plugin_guards, turn_stacks_and_rules)
{
    carc_game *g = played("base", 2, 9);
    char *before = h_save(g);
    uint64_t digest = small_digest(g);
    cr_assert_eq(carc_turn_player(NULL), -1);
    cr_assert_eq(carc_turn_tile(NULL), -1);
    cr_assert_eq(carc_turn_is_extra(NULL), 0);
    cr_assert_eq(carc_turn_is_extra(g), 0);
    cr_assert_eq(carc_variant_state(NULL), NULL);
    cr_assert_eq(carc_variant_tileset_data(NULL), NULL);
    cr_assert_eq(carc_variant_tileset_data(g), NULL, "base keeps no facts with its tile set");
    cr_assert_eq(carc_rule(NULL, 0), 0);
    cr_assert_eq(carc_rule(g, -1), 0);
    cr_assert_eq(carc_rule(g, 0), 0, "base has no options");
    cr_assert_eq(carc_deck_index(NULL, "main"), -1);
    cr_assert_eq(carc_deck_index(g, NULL), -1);
    cr_assert_eq(carc_deck_index(g, "main"), 0);
    cr_assert_eq(carc_deck_index(g, "menhir"), -1);
    int left = 0;
    carc_game_deck_remaining(g, 0, &left);
    cr_assert_eq(carc_deck_left(g, 0), left);
    const int bad[] = BAD_INDICES(1);
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(carc_deck_left(g, bad[i]), 0, "stack %d", bad[i]);
        cr_assert_eq(carc_deck_discard(g, bad[i]), -1, "stack %d", bad[i]);
        carc_grant_extra_turn(g, bad[i]);
        carc_set_action_player(g, bad[i] < 0 ? -2 : 2);
        cr_assert_eq(carc_bag_draw(g, bad[i]), -1, "bag %d", bad[i]);
        carc_bag_return(g, bad[i], 0, 1);
        cr_assert_eq(carc_bag_count(g, bad[i], 0), 0);
        cr_assert_eq(carc_bag_give(g, bad[i], 0, 0), 0);
        cr_assert_eq(carc_player_tokens(g, 0, bad[i], 0), 0);
        assert_unchanged(g, before, digest, "a bad stack or bag");
    }
    cr_assert_eq(carc_deck_left(NULL, 0), 0);
    cr_assert_eq(carc_deck_discard(NULL, 0), -1);
    cr_assert_eq(carc_bag_draw(NULL, 0), -1);
    carc_grant_extra_turn(NULL, 0);
    carc_set_action_pending(NULL, 1);
    carc_set_action_player(NULL, 0);
    cr_assert_eq(carc_set_hand(NULL, 1, 0), CARC_E_NULL);
    cr_assert_eq(carc_set_hand(g, -1, 0), CARC_E_RANGE);
    cr_assert_eq(carc_set_hand(g, CARC_MAX_HAND + 1, 0), CARC_E_RANGE);
    cr_assert_eq(carc_set_hand(g, 1, -1), CARC_E_RANGE);
    cr_assert_eq(carc_set_hand(g, 1, 127), CARC_E_RANGE);
    cr_assert_eq(carc_set_hand(g, 1, 0), CARC_E_PHASE, "after the first draw");
    assert_unchanged(g, before, digest, "bad turn calls");
    free(before);
    carc_game_free(g);
}

/* Bags: the sheep bag of Hills & Sheep holds tokens of several kinds; the
 * harvest supply of Over Hill and Dale is given out. Bad bags, tokens and
 * players answer 0 and change nothing; good ones answer. */
Test(core_plugin_guards, bags_and_tokens)
{
    carc_game *g = played("hills-sheep", 3, 6);
    const carc_variant *v;
    carc_game_variant(g, &v);
    int kinds = 0;
    cr_assert_eq(carc_variant_bag(v, 0, NULL, &kinds), CARC_OK);
    cr_assert_gt(kinds, 1);
    char *before = h_save(g);
    uint64_t digest = small_digest(g);
    const int bad[] = BAD_INDICES(kinds);
    for (int i = 0; i < 5; i++) {
        int t = bad[i];
        cr_assert_eq(carc_bag_count(g, 0, t), 0, "token %d", t);
        carc_bag_return(g, 0, t, 1);
        cr_assert_eq(carc_bag_give(g, 0, t, 0), 0, "token %d", t);
        cr_assert_eq(carc_player_tokens(g, 0, 0, t), 0, "token %d", t);
        cr_assert_eq(carc_bag_give(g, 0, 0, bad[i] < 0 ? -1 : 3), 0, "player %d", bad[i]);
        cr_assert_eq(carc_player_tokens(g, bad[i] < 0 ? -1 : 3, 0, 0), 0, "player %d", bad[i]);
        assert_unchanged(g, before, digest, "a bad token call");
    }
    carc_bag_return(g, 0, 0, 0);
    carc_bag_return(g, 0, 0, -3);
    assert_unchanged(g, before, digest, "returning no tokens");
    cr_assert_eq(carc_bag_count(NULL, 0, 0), 0);
    cr_assert_eq(carc_player_tokens(NULL, 0, 0, 0), 0);
    cr_assert_eq(carc_bag_give(NULL, 0, 0, 0), 0);
    int initial = 0;
    carc_variant_bag_token(v, 0, kinds - 1, NULL, &initial);
    cr_assert_gt(initial, 0);
    cr_assert_geq(carc_bag_count(g, 0, kinds - 1), 0);
    cr_assert_leq(carc_bag_count(g, 0, kinds - 1), initial);
    /* a return beyond what a byte holds stops at 255 */
    carc_bag_return(g, 0, kinds - 1, 1000);
    cr_assert_eq(carc_bag_count(g, 0, kinds - 1), 255);
    free(before);
    carc_game_free(g);

    g = played("over-hill-and-dale", 2, 2);
    carc_game_variant(g, &v);
    cr_assert_eq(carc_variant_bag(v, 0, NULL, &kinds), CARC_OK);
    int in_bag = carc_bag_count(g, 0, kinds - 1);
    cr_assert_gt(in_bag, 0);
    cr_assert_eq(carc_bag_give(g, 0, kinds - 1, 1), 1);
    cr_assert_eq(carc_player_tokens(g, 1, 0, kinds - 1), 1);
    cr_assert_eq(carc_player_tokens(g, 0, 0, kinds - 1), 0);
    cr_assert_eq(carc_bag_count(g, 0, kinds - 1), in_bag - 1);
    int n = -1;
    cr_assert_eq(carc_game_tokens(g, 0, 1, kinds - 1, &n), CARC_OK);
    cr_assert_eq(n, 1);
    while (carc_bag_count(g, 0, kinds - 1)) cr_assert_eq(carc_bag_give(g, 0, kinds - 1, 0), 1);
    cr_assert_eq(carc_bag_give(g, 0, kinds - 1, 0), 0, "none left to give");
    cr_assert_eq(carc_player_tokens(g, 0, 0, kinds - 1), in_bag - 1);
    carc_game_free(g);
}

/* The tile-set getters of carcassonne.h: a type or feature outside its
 * range is CARC_E_RANGE with nothing written, the last in range answers. */
Test(core_plugin_guards, tile_set_getters)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    carc_tileset *ts = NULL;
    cr_assert_eq(carc_tileset_parse(v, v->tiles, v->tiles_len, &ts, NULL, 0), CARC_OK);
    int n = 0;
    cr_assert_eq(carc_tileset_type_count(ts, &n), CARC_OK);
    cr_assert_eq(n, 24);
    const int bad[] = BAD_INDICES(n);
    for (int i = 0; i < 5; i++) {
        const char *id = "untouched", *kind = "untouched";
        unsigned slots = 77;
        carc_tile_type_info info = {.struct_size = sizeof info, .count = -5};
        cr_assert_eq(carc_tileset_type(ts, bad[i], &info), CARC_E_RANGE, "type %d", bad[i]);
        cr_assert_eq(info.count, -5);
        cr_assert_eq(carc_tileset_feature(ts, bad[i], 0, &id, &kind, &slots), CARC_E_RANGE, "type %d", bad[i]);
        cr_assert_str_eq(id, "untouched");
        cr_assert_eq(slots, 77u);
    }
    carc_tile_type_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_tileset_type(ts, n - 1, &info), CARC_OK);
    cr_assert_str_eq(info.name, "X");
    cr_assert_eq(info.feature_count, 8);
    const char *id = NULL, *kind = NULL;
    unsigned slots = 0;
    cr_assert_eq(carc_tileset_feature(ts, n - 1, 7, &id, &kind, &slots), CARC_OK);
    cr_assert_str_eq(id, "f4");
    cr_assert_str_eq(kind, "farm");
    cr_assert_eq(slots, (1u << 8) | (1u << 9));
    cr_assert_eq(carc_tileset_feature(ts, n - 1, 8, &id, &kind, &slots), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature(ts, n - 1, -1, &id, &kind, &slots), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature(ts, 0, 0, NULL, NULL, NULL), CARC_OK, "every out may be NULL");
    cr_assert_eq(carc_tileset_feature(NULL, 0, 0, &id, &kind, &slots), CARC_E_NULL);
    cr_assert_eq(carc_tileset_type(NULL, 0, &info), CARC_E_NULL);
    cr_assert_eq(carc_tileset_type(ts, 0, NULL), CARC_E_NULL);
    info.struct_size = sizeof info - 1;
    cr_assert_eq(carc_tileset_type(ts, 0, &info), CARC_E_VERSION);
    cr_assert_eq(carc_tileset_type_count(NULL, &n), CARC_E_NULL);
    cr_assert_eq(carc_tileset_type_count(ts, NULL), CARC_E_NULL);
    int t = -3;
    cr_assert_eq(carc_tileset_find(ts, "Y", &t), CARC_E_NOT_FOUND);
    cr_assert_eq(t, -3);
    cr_assert_eq(carc_tileset_find(ts, "X", &t), CARC_OK);
    cr_assert_eq(t, n - 1);
    cr_assert_eq(carc_tileset_find(ts, NULL, &t), CARC_E_NULL);
    cr_assert_eq(carc_tileset_find(NULL, "X", &t), CARC_E_NULL);
    cr_assert_eq(carc_tileset_find(ts, "X", NULL), CARC_E_NULL);
    carc_tileset_free(ts);
}
#endif
