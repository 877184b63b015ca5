/* The plug-in calls (carcassonne_variant.h) given bad arguments: each
 * answers the neutral value the header's "Bad arguments" section documents
 * and changes nothing; the calls with a status say what was wrong. In a
 * library built with -Dplugin_checks=true the same calls stop the program,
 * which the last tests check (they alone run in that build). */
#include <signal.h>

#include "helpers.h"

#if !CARC_PLUGIN_CHECKS

/* A game of Hunters & Gatherers a few turns in: two stacks, figures on the
 * board and in supply, no bag. */
static carc_game *sample(void)
{
    uint64_t rng = 11;
    carc_game *g = h_new("hunters-gatherers", 2, 21);
    h_play(g, &rng, 16);
    return g;
}

Test(core_plugin_args, bad_ids_answer_minus_one)
{
    carc_game *g = sample();
    char *before = h_save(g);
    int pieces = 0, tiles = 0, figs = 0, types = 0;
    carc_game_tile_count(g, &tiles);
    carc_game_figure_count(g, &figs);
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &types);
    for (int t = 0; t < tiles; t++) pieces = carc_tile_first_piece(g, t) + carc_type_feature_count(g, carc_tile_type(g, t));
    cr_assert_gt(pieces, 0);
    const int bad_piece[] = {-1, pieces, 1 << 20};
    for (size_t i = 0; i < 3; i++) {
        int p = bad_piece[i];
        cr_assert_eq(carc_piece_tile(g, p), -1);
        cr_assert_eq(carc_piece_local(g, p), -1);
        cr_assert_eq(carc_piece_kind(g, p), -1);
        cr_assert_eq(carc_piece_across(g, p, 0), -1);
        cr_assert_eq(carc_feature_of(g, p), -1);
        cr_assert_eq(carc_feature_kind(g, p), -1);
        cr_assert_eq(carc_feature_open(g, p), -1, "a bad id is not a closed feature");
        cr_assert_eq(carc_system_of(g, p), -1);
        cr_assert_eq(carc_figure_place(g, 0, 0, p), -1);
    }
    cr_assert_eq(carc_piece_across(g, 0, 4), -1, "side 4");
    cr_assert_eq(carc_tile_type(g, tiles), -1);
    cr_assert_eq(carc_tile_type(g, -1), -1);
    cr_assert_eq(carc_tile_first_piece(g, tiles), -1);
    cr_assert_eq(carc_type_feature_kind(g, types, 0), -1);
    cr_assert_eq(carc_type_feature_kind(g, 0, 12), -1);
    cr_assert_eq(carc_attr_index(g, "no-such-attribute"), -1);
    cr_assert_eq(carc_attr_index(g, NULL), -1);
    cr_assert_eq(carc_figure_piece(g, figs), -1);
    cr_assert_eq(carc_figure_owner(g, -1), -1);
    cr_assert_eq(carc_figure_kind(g, figs), -1);
    cr_assert_eq(carc_figure_move(g, figs, 0), -1);
    cr_assert_eq(carc_figure_move(g, 0, pieces), -1);
    cr_assert_eq(carc_figure_place(g, 2, 0, 0), -1, "player 2 of 2");
    cr_assert_eq(carc_figure_place(g, 0, 2, 0), -1, "figure kind 2 of 2");
    cr_assert_eq(carc_deck_index(g, "nope"), -1);
    cr_assert_eq(carc_deck_index(g, NULL), -1);
    cr_assert_eq(carc_deck_discard(g, 2), -1, "stack 2 of 2");
    cr_assert_eq(carc_bag_draw(g, 0), -1, "no bag");
    cr_assert_eq(carc_turn_player(NULL), -1);
    cr_assert_eq(carc_turn_tile(NULL), -1);
    cr_assert_eq(carc_feature_open(NULL, 0), -1);
    h_assert_unchanged(g, before, "bad ids");
    free(before);
    carc_game_free(g);
}

Test(core_plugin_args, bad_ids_answer_zero)
{
    carc_game *g = sample();
    char *before = h_save(g);
    int figs = 0, tiles = 0;
    carc_game_figure_count(g, &figs);
    carc_game_tile_count(g, &tiles);
    int counts[CARC_MAX_PLAYERS] = {9, 9, 9, 9, 9, 9}, out[4] = {7, 7, 7, 7};
    const int p = 1 << 20;
    cr_assert_eq(carc_rule(g, 0), 0, "no options");
    cr_assert_eq(carc_rule(g, -1), 0);
    cr_assert_eq(carc_type_feature_count(g, -1), 0);
    cr_assert_eq(carc_type_kind_features(g, 0, CARC_MAX_KINDS), 0u);
    cr_assert_eq(carc_type_attr_features(g, 0, 16), 0u);
    cr_assert_eq(carc_type_attr_features(g, 0, -1), 0u, "attribute -1: none");
    cr_assert_eq(carc_piece_attr(g, p, 0), 0);
    cr_assert_eq(carc_piece_attr(g, 0, -1), 0);
    cr_assert_eq(carc_piece_borders(g, p), 0u);
    cr_assert_eq(carc_piece_links(g, p), 0u);
    cr_assert_eq(carc_tile_neighbours(g, tiles), 0);
    cr_assert_eq(carc_feature_complete(g, p), 0);
    cr_assert_eq(carc_feature_tiles(g, p), 0);
    cr_assert_eq(carc_feature_attr(g, p, 0), 0);
    cr_assert_eq(carc_feature_attr(g, 0, -1), 0);
    cr_assert_eq(carc_feature_pieces(g, p, out, 4), 0);
    cr_assert_eq(out[0], 7, "nothing written");
    cr_assert_eq(carc_feature_borders(g, p, 0, out, 4), 0);
    cr_assert_eq(carc_feature_borders(g, 0, CARC_MAX_KINDS, out, 4), 0);
    cr_assert_eq(carc_system_pieces(g, p, out, 4), 0);
    cr_assert_eq(carc_score_feature(g, p, 0), 0u);
    cr_assert_eq(carc_feature_followers(g, p, counts), 0);
    for (int i = 0; i < CARC_MAX_PLAYERS; i++) cr_assert_eq(counts[i], 0, "counts cleared");
    cr_assert_eq(carc_turn_is_extra(NULL), 0);
    cr_assert_eq(carc_deck_left(g, 2), 0);
    cr_assert_eq(carc_bag_count(g, 0, 0), 0);
    cr_assert_eq(carc_bag_give(g, 0, 0, 0), 0);
    cr_assert_eq(carc_player_tokens(g, 0, 0, 0), 0);
    cr_assert_null(carc_variant_state(NULL));
    h_assert_unchanged(g, before, "bad ids");
    free(before);
    carc_game_free(g);
}

Test(core_plugin_args, bad_ids_change_nothing)
{
    carc_game *g = sample();
    char *before = h_save(g);
    int figs = 0;
    carc_game_figure_count(g, &figs);
    int scores[2];
    carc_game_score(g, 0, &scores[0]);
    carc_game_score(g, 1, &scores[1]);
    carc_figure_return(g, figs);
    carc_figure_return(g, -1);
    carc_award(g, 2, 10, 0, CARC_REASON_ACTION, -1);
    carc_award(g, -1, 10, 0, CARC_REASON_ACTION, -1);
    carc_bag_return(g, 0, 0, 1);
    carc_set_action_player(g, 5);
    carc_grant_extra_turn(g, 2);
    carc_grant_extra_turn(g, -1);
    carc_set_action_pending(NULL, 1);
    int s0, s1;
    carc_game_score(g, 0, &s0);
    carc_game_score(g, 1, &s1);
    cr_assert_eq(s0, scores[0]);
    cr_assert_eq(s1, scores[1]);
    h_assert_unchanged(g, before, "bad ids");
    free(before);
    carc_game_free(g);
}

Test(core_plugin_args, the_status_calls_say_what_was_wrong)
{
    carc_game *g = sample();
    char *before = h_save(g);
    cr_assert_eq(carc_turn_set_decider(NULL, 0), CARC_E_NULL);
    cr_assert_eq(carc_turn_set_decider(g, 2), CARC_E_RANGE, "seat 2 of 2");
    cr_assert_eq(carc_turn_set_decider(g, -2), CARC_E_RANGE);
    cr_assert_eq(carc_turn_set_decider(g, 1), CARC_E_PHASE, "no action phase open");
    cr_assert_eq(carc_turn_grant_extra(NULL, 0), CARC_E_NULL);
    cr_assert_eq(carc_turn_grant_extra(g, 2), CARC_E_RANGE, "stack 2 of 2");
    cr_assert_eq(carc_turn_grant_extra(g, -1), CARC_E_RANGE);
    cr_assert_eq(carc_set_hand(g, 9, 0), CARC_E_RANGE);
    h_assert_unchanged(g, before, "refused calls");
    free(before);
    carc_game_free(g);
}

/* Grants from outside a hook: a bad stack grants nothing, the turn passes
 * on; a good one gives the player who just moved a turn from that stack. */
Test(core_plugin_args, a_granted_extra_turn_is_played)
{
    tgame t = t_new_deck("hunters-gatherers", 2, "HG20-34:1 HG20-22:1 HG20-90:1 HG20-62:1", NULL, 0);
    carc_game *g = t.g;
    int menhir = carc_deck_index(g, "menhir"), left = -1;
    cr_assert_gt(menhir, 0);
    cr_assert_eq(t_place(g, "HG20-34", 0, -1, 0), CARC_OK);
    carc_grant_extra_turn(g, menhir + 1);
    cr_assert_eq(carc_turn_grant_extra(g, menhir + 1), CARC_E_RANGE);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_player(g), 1, "no extra turn: the next seat");
    cr_assert_eq(t_place(g, "HG20-22", -1, 0, 2), CARC_OK);
    cr_assert_eq(carc_turn_grant_extra(g, menhir), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_player(g), 1, "the same player again");
    cr_assert_eq(carc_game_deck_remaining(g, menhir, &left), CARC_OK);
    cr_assert_eq(left, 0, "the extra turn drew the menhir tile");
    t_free(&t);
}

#else /* a library built with -Dplugin_checks=true */

static carc_game *sample(void)
{
    carc_game *g = h_new("base", 2, 1);
    uint64_t rng = 3;
    h_play(g, &rng, 6);
    return g;
}

Test(core_plugin_args, checked_build_stops_at_a_bad_piece, .signal = SIGABRT)
{
    carc_game *g = sample();
    carc_feature_open(g, 1 << 20);
}

Test(core_plugin_args, checked_build_stops_at_a_bad_figure, .signal = SIGABRT)
{
    carc_game *g = sample();
    carc_figure_return(g, -1);
}

Test(core_plugin_args, checked_build_stops_at_a_bad_seat, .signal = SIGABRT)
{
    carc_game *g = sample();
    carc_award(g, 7, 1, 0, CARC_REASON_ACTION, -1);
}

Test(core_plugin_args, checked_build_stops_at_a_bad_stack, .signal = SIGABRT)
{
    carc_game *g = sample();
    carc_grant_extra_turn(g, 3);
}

Test(core_plugin_args, checked_build_lets_attribute_minus_one_pass)
{
    carc_game *g = sample();
    cr_assert_eq(carc_feature_attr(g, 0, -1), 0);
    cr_assert_eq(carc_turn_set_decider(g, 9), CARC_E_RANGE, "the status calls report, they do not stop");
    carc_game_free(g);
}

#endif
