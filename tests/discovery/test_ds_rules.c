/* The worked examples of the rulebook, rebuilt with real tiles whose
 * cities give the rulebook's numbers. Player 0 plays the rulebook's Red
 * unless a comment says otherwise. Nothing scores when a territory is
 * completed: points come only from taking a follower back (a figure-step
 * ACTION) or from the final scoring. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "core/helpers.h"
#include "ds_test.h"

static void assert_last_event(carc_game *g, int player, int points, const char *category, int reason)
{
    h_assert_event(g, h_event_count(g) - 1, player, points, category, reason);
}

/* Grasslands, first example: an open grassland of 4 tiles is worth 1 per
 * tile to the explorer taken back; the tile placed this turn counts. */
Test(discovery_rules, incomplete_grassland_of_four_tiles_scores_four)
{
    tgame t = ds_new(2, "D64:1 D03:3 D66:1");
    carc_game *g = t.g;
    cr_assert_not_null(g);
    cr_assert_eq(t_turn(g, "D64", 0, -1, 0, "follower", "g1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D03", 0, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "D03", -1, -1, 2), CARC_OK);
    carc_feature_info fi = t_feature_at(g, 0, -1, "g1");
    cr_assert_eq(fi.tiles, 4);
    cr_assert_not(fi.complete);
    cr_assert_eq(ds_points(g, 0, -1, "g1"), 4);
    cr_assert_eq(ds_remove(g, 0, -1, "g1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "grassland"), 4);
    cr_assert_eq(t_score(g, 0), 4);
    cr_assert_eq(t_score(g, 1), 0);
    cr_assert_eq(ds_supply(g, 0), 4, "the explorer is back in supply");
    assert_last_event(g, 0, 4, "grassland", CARC_REASON_ACTION);
    cr_assert_eq(t_player(g), 1, "removing ends the turn");
    t_free(&t);
}

/* Grasslands, second example: a grassland of 5 tiles closed by mountains
 * and sea is worth 2 per tile, 10; closing it scores nothing by itself. */
Test(discovery_rules, complete_grassland_of_five_tiles_scores_ten)
{
    tgame t = ds_new(2, "D07:2 D38:1 D10:1 D66:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D07", 0, -1, 1, "follower", "g1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D07", 0, -2, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D38", 0, -3, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D10", 0, -4, 1, NULL, NULL), CARC_OK);
    carc_feature_info fi = t_feature_at(g, 0, -1, "g1");
    cr_assert(fi.complete);
    cr_assert_eq(fi.tiles, 5);
    cr_assert_eq(t_score(g, 0) + t_score(g, 1), 0, "completing a grassland scores nothing");
    cr_assert_eq(ds_supply(g, 0), 3, "and the explorer stays");
    cr_assert_eq(t_place(g, "D66", 1, 0, 0), CARC_OK);
    cr_assert_eq(ds_points(g, 0, -1, "g1"), 10);
    cr_assert_eq(ds_remove(g, 0, -1, "g1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "grassland"), 10);
    cr_assert_eq(t_score(g, 1), 0);
    assert_last_event(g, 0, 10, "grassland", CARC_REASON_ACTION);
    t_free(&t);
}

/* Grasslands, exception: a complete grassland of 2 tiles is worth 2, not
 * 4, under either reading of the two-tile exception. */
Test(discovery_rules, complete_grassland_of_two_tiles_scores_two)
{
    for (int literal = 0; literal <= 1; literal++) {
        tgame t = ds_new_opts(2, "D10:1 D66:1 D65:1", 0, literal);
        carc_game *g = t.g;
        cr_assert_eq(t_turn(g, "D10", 0, -1, 1, "follower", "g1"), CARC_OK);
        cr_assert(t_feature_at(g, 0, -1, "g1").complete);
        cr_assert_eq(t_turn(g, "D66", 1, 0, 0, NULL, NULL), CARC_OK);
        cr_assert_eq(t_place(g, "D65", 0, 1, 0), CARC_OK);
        cr_assert_eq(ds_points(g, 0, -1, "g1"), 2);
        cr_assert_eq(ds_remove(g, 0, -1, "g1"), CARC_OK);
        cr_assert_eq(t_cat(g, 0, "grassland"), 2, "literal_two_tiles=%d", literal);
        t_free(&t);
    }
}

/* Mountains, first example: an open mountain counts the city standing in
 * it (the start tile's) and the 3 cities of the grassland that borders it
 * on the start tile (D43, D43, D29): 4 points, 1 per city. */
Test(discovery_rules, incomplete_mountain_with_four_cities_scores_four)
{
    tgame t = ds_new(2, "D66:1 D43:2 D29:1 D65:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D66", 1, 0, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D43", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D43", 0, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D29", -1, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "D65", 0, 1, 0), CARC_OK);
    cr_assert_not(t_feature_at(g, 1, 0, "m1").complete);
    cr_assert_eq(ds_points(g, 1, 0, "m1"), 4);
    cr_assert_eq(ds_remove(g, 1, 0, "m1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "mountain"), 4);
    cr_assert_eq(t_score(g, 0), 4);
    cr_assert_eq(t_score(g, 1), 0);
    assert_last_event(g, 0, 4, "mountain", CARC_REASON_ACTION);
    t_free(&t);
}

/* Mountains, second example: a closed mountain of 3 tiles (D13, D08, D03)
 * with its own city (D13) and 3 cities in the grasslands along it (D43
 * north of D08, D37's southern city and D43 east of D03) is worth 2 x 4 =
 * 8. D37's northern city lies in a grassland that does not touch the
 * mountain, and the start tile's city stands in another mountain: neither
 * counts. */
Test(discovery_rules, complete_mountain_counts_only_bordering_grasslands)
{
    tgame t = ds_new(2, "D08:1 D13:1 D03:1 D43:2 D37:1 D65:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D08", 0, -1, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D13", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D03", 1, -1, 2, NULL, NULL), CARC_OK);
    carc_feature_info m = t_feature_at(g, 0, -1, "m1");
    cr_assert(m.complete);
    cr_assert_eq(m.tiles, 3);
    cr_assert_eq(t_turn(g, "D43", 0, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D37", 1, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D43", 2, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_neq(t_feature_at(g, 1, -2, "g1").id, t_feature_at(g, 1, -1, "g1").id,
                  "D37's northern city is in a grassland of its own");
    cr_assert_eq(t_feature_at(g, 1, -2, "g2").id, t_feature_at(g, 1, -1, "g1").id);
    cr_assert_eq(t_score(g, 0) + t_score(g, 1), 0);
    cr_assert_eq(t_place(g, "D65", 0, 1, 0), CARC_OK);
    cr_assert_eq(ds_points(g, 0, -1, "m1"), 8);
    cr_assert_eq(ds_remove(g, 0, -1, "m1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "mountain"), 8);
    cr_assert_eq(t_score(g, 1), 0);
    t_free(&t);
}

/* Mountains, exception: a closed mountain of 2 tiles (D13 + D03) is worth
 * 1 per city: its own and 3 in the grassland along it, one of them three
 * tiles away (D43 east of D64), whether that grassland is closed or not.
 * Player 1 deploys the brigand and scores 4 in the turn of the last tile. */
Test(discovery_rules, complete_mountain_of_two_tiles_scores_one_per_city)
{
    tgame t = ds_new(2, "D03:1 D13:1 D43:2 D64:1 D29:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D03", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D13", -1, -1, 0, "follower", "m1"), CARC_OK);
    carc_feature_info m = t_feature_at(g, -1, -1, "m1");
    cr_assert(m.complete);
    cr_assert_eq(m.tiles, 2);
    cr_assert_eq(t_turn(g, "D43", 0, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D64", 1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D43", 2, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "D29", -1, -2, 0), CARC_OK);
    cr_assert_eq(ds_points(g, -1, -1, "m1"), 4);
    cr_assert_eq(ds_remove(g, -1, -1, "m1"), CARC_OK);
    cr_assert_eq(t_cat(g, 1, "mountain"), 4);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER, "that was the last tile");
    cr_assert_eq(t_score(g, 1), 4, "nothing left for the final scoring");
    t_free(&t);
}

/* Seas, first example: an open sea with 2 port cities on its shores (the
 * start tile's and D13's) is worth 2. */
Test(discovery_rules, incomplete_sea_with_two_cities_scores_two)
{
    tgame t = ds_new(2, "D13:1 D66:1 D10:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D13", 0, 1, 0, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D66", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "D10", -1, 0, 2), CARC_OK);
    cr_assert_not(t_feature_at(g, 0, 1, "s1").complete);
    cr_assert_eq(ds_points(g, 0, 1, "s1"), 2);
    cr_assert_eq(ds_remove(g, 0, 1, "s1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sea"), 2);
    cr_assert_eq(t_score(g, 1), 0);
    assert_last_event(g, 0, 2, "sea", CARC_REASON_ACTION);
    t_free(&t);
}

/* Seas, second example: a closed sea of 4 tiles (start, D36, D20, D42)
 * with 3 port cities on its shores is worth 3 + 4 = 7. */
Test(discovery_rules, complete_sea_scores_cities_plus_tiles)
{
    tgame t = ds_new(2, "D36:1 D20:1 D42:1 D66:1 D10:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D36", 0, 1, 1, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D20", 0, 2, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D42", 0, 3, 3, NULL, NULL), CARC_OK);
    carc_feature_info s = t_feature_at(g, 0, 1, "s1");
    cr_assert(s.complete);
    cr_assert_eq(s.tiles, 4);
    cr_assert_eq(t_score(g, 0) + t_score(g, 1), 0);
    cr_assert_eq(t_turn(g, "D66", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "D10", -1, 0, 2), CARC_OK);
    cr_assert_eq(ds_points(g, 0, 1, "s1"), 7);
    cr_assert_eq(ds_remove(g, 0, 1, "s1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sea"), 7);
    cr_assert_eq(t_score(g, 1), 0);
    t_free(&t);
}

/* Seas, exception: a closed sea of 2 tiles with the start tile's city on
 * its shore is worth 1, the city alone, not 1 + 2. */
Test(discovery_rules, complete_sea_of_two_tiles_scores_its_cities_only)
{
    tgame t = ds_new(2, "D42:1 D66:1 D10:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D42", 0, 1, 3, "follower", "s1"), CARC_OK);
    cr_assert(t_feature_at(g, 0, 1, "s1").complete);
    cr_assert_eq(t_turn(g, "D66", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "D10", -1, 0, 2), CARC_OK);
    cr_assert_eq(ds_points(g, 0, 1, "s1"), 1);
    cr_assert_eq(ds_remove(g, 0, 1, "s1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sea"), 1);
    t_free(&t);
}

/* Deploying, first picture: Yellow (player 0) has a brigand in the
 * mountain that Red's D12 continues, so Red may only deploy a navigator.
 * The refused brigand is an illegal move that changes nothing. */
Test(discovery_rules, red_can_only_deploy_a_navigator)
{
    tgame t = ds_new(2, "D66:1 D12:1 D65:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D66", 1, 0, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_place(g, "D12", 2, 0, 2), CARC_OK);
    cr_assert_eq(t_player(g), 1);
    cr_assert_not(ds_can(g, "m1"));
    cr_assert(ds_can(g, "s1"));
    cr_assert_eq(t_move_count(g), 2, "the navigator and the pass, nothing else");
    char *before = h_save(g);
    cr_assert_eq(t_figure(g, "follower", "m1"), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "the refused brigand");
    free(before);
    cr_assert_eq(ds_supply(g, 1), 4);
    cr_assert_eq(t_figure(g, "follower", "s1"), CARC_OK);
    cr_assert_eq(ds_supply(g, 1), 3);
    t_free(&t);
}

/* Deploying, second picture: the sea of Red's D46 continues a sea with
 * Yellow's navigator, so Red may deploy a brigand or an explorer but not a
 * navigator. */
Test(discovery_rules, red_can_deploy_brigand_or_explorer_but_not_navigator)
{
    tgame t = ds_new(2, "D65:1 D46:1 D66:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D65", 0, 1, 0, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_place(g, "D46", 1, 1, 0), CARC_OK);
    cr_assert(ds_can(g, "m1"));
    cr_assert(ds_can(g, "g1"));
    cr_assert_not(ds_can(g, "s1"));
    cr_assert_eq(t_move_count(g), 3);
    char *before = h_save(g);
    cr_assert_eq(t_figure(g, "follower", "s1"), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "the refused navigator");
    free(before);
    cr_assert_eq(t_figure(g, "follower", "g1"), CARC_OK);
    t_free(&t);
}

/* Several followers: Yellow (player 0) has a navigator on the sea of D13
 * south of the start; Red (player 1) may put one on the sea of the other
 * D13 west of the start, which is not connected yet. D19 then joins the two
 * seas, with 4 port cities on the open shores (start, D13, D13, D19): each
 * navigator scores the whole sea, 4, in its owner's own turn. */
Test(discovery_rules, navigators_of_joined_seas_each_score_the_whole_sea)
{
    tgame t = ds_new(2, "D13:2 D19:1 D66:1 D10:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D13", 0, 1, 0, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_place(g, "D13", -1, 0, 0), CARC_OK);
    cr_assert(ds_can(g, "s1"), "the western sea is not connected yet");
    cr_assert_eq(t_figure(g, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_place(g, "D19", -1, 1, 2), CARC_OK);
    cr_assert_eq(t_feature_at(g, -1, 0, "s1").id, t_feature_at(g, 0, 1, "s1").id, "one sea now");
    cr_assert_not(ds_can(g, "s1"), "the joined sea is taken");
    cr_assert_not(t_feature_at(g, 0, 1, "s1").complete);
    cr_assert_eq(ds_points(g, 0, 1, "s1"), 4);
    cr_assert_eq(ds_points(g, -1, 0, "s1"), 4);
    cr_assert_eq(ds_remove(g, 0, 1, "s1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sea"), 4);
    cr_assert_eq(t_score(g, 1), 0, "Red's navigator did not score with Yellow's");
    cr_assert_eq(t_place(g, "D66", 1, 0, 0), CARC_OK);
    cr_assert_eq(ds_remove(g, -1, 0, "s1"), CARC_OK);
    cr_assert_eq(t_cat(g, 1, "sea"), 4);
    cr_assert_eq(t_score(g, 0), 4);
    t_free(&t);
}

/* Several followers of one player in one territory leave one per turn:
 * a removal is the whole figure step, so the turn ends with it, and the
 * second navigator scores the sea again in a later turn. */
Test(discovery_rules, own_followers_in_one_sea_leave_on_different_turns)
{
    tgame t = ds_new(2, "D13:2 D19:1 D66:1 D10:1 D03:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D13", 0, 1, 0, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D66", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D13", -1, 0, 0, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D19", -1, 1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "D10", 2, 0, 0), CARC_OK);
    cr_assert_eq(t_move_count(g), 5, "a brigand, an explorer, a pass or one of two removals");
    cr_assert_eq(ds_remove(g, 0, 1, "s1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sea"), 4);
    cr_assert_eq(t_player(g), 1);
    cr_assert_eq(t_phase(g), CARC_PHASE_TILE);
    cr_assert_geq(ds_fig(g, -1, 0, "s1"), 0, "the second navigator stays");
    cr_assert_eq(t_turn(g, "D03", 3, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(g, 0, "sea"), 4 + 4, "the other navigator scores the same sea at the end");
    t_free(&t);
}

/* After removing from an open territory: the grassland of D64 keeps the
 * explorer from player 1's D03; once player 0 takes it back (3 points),
 * the next D03 that enlarges the grassland takes a new explorer. */
Test(discovery_rules, emptied_open_territory_takes_a_new_follower)
{
    tgame t = ds_new(2, "D64:1 D03:2 D66:1 D65:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D64", 0, -1, 0, "follower", "g1"), CARC_OK);
    cr_assert_eq(t_place(g, "D03", 0, -2, 0), CARC_OK);
    char *before = h_save(g);
    cr_assert_eq(t_figure(g, "follower", "g1"), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "the refused explorer");
    free(before);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_place(g, "D66", 1, 0, 0), CARC_OK);
    cr_assert_eq(ds_remove(g, 0, -1, "g1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "grassland"), 3);
    cr_assert_eq(t_place(g, "D03", -1, -1, 2), CARC_OK);
    cr_assert_eq(t_feature_at(g, -1, -1, "g1").id, t_feature_at(g, 0, -1, "g1").id, "the same grassland");
    cr_assert(ds_can(g, "g1"));
    cr_assert_eq(t_figure(g, "follower", "g1"), CARC_OK);
    cr_assert_eq(ds_supply(g, 1), 3);
    t_free(&t);
}

/* Final scoring: followers still out score their territories as if open,
 * complete or not: the closed 3-tile grassland gives 3 (6 before the end),
 * the closed mountain with 2 cities 2 (4), the closed 3-tile sea with 2
 * cities 2 (5). */
Test(discovery_rules, final_scoring_counts_complete_territories_as_incomplete)
{
    tgame t = ds_new(2, "D07:1 D10:1 D36:1 D42:1 D03:2 D43:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D07", 0, -1, 1, "follower", "g1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D36", 0, 1, 1, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D03", 1, 0, 2, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D10", 0, -2, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D42", 0, 2, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D03", -1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert(t_feature_at(g, 0, -1, "g1").complete);
    cr_assert(t_feature_at(g, 0, 1, "s1").complete);
    cr_assert(t_feature_at(g, 1, 0, "m1").complete);
    cr_assert_eq(ds_points(g, 0, -1, "g1"), 6);
    cr_assert_eq(ds_points(g, 0, 1, "s1"), 5);
    cr_assert_eq(ds_points(g, 1, 0, "m1"), 2);
    cr_assert_eq(t_place(g, "D43", 2, 0, 0), CARC_OK);
    cr_assert_eq(ds_points(g, 1, 0, "m1"), 4, "D43's city borders the mountain now");
    int events = h_event_count(g);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(g, 0, "grassland"), 3);
    cr_assert_eq(t_cat(g, 0, "mountain"), 2);
    cr_assert_eq(t_cat(g, 1, "sea"), 2);
    cr_assert_eq(t_score(g, 0), 5);
    cr_assert_eq(t_score(g, 1), 2);
    cr_assert_eq(h_event_count(g), events + 3);
    for (int i = events; i < events + 3; i++) cr_assert_eq(h_event(g, i).reason, CARC_REASON_FINAL);
    cr_assert_eq(ds_supply(g, 0), 4);
    cr_assert_eq(ds_supply(g, 1), 4);
    t_free(&t);
}

/* Only one's own followers on the board can be taken back, and only in the
 * figure step; anything else is refused and changes nothing. */
Test(discovery_rules, removal_is_checked)
{
    tgame t = ds_new(2, "D64:1 D65:1 D66:1 D10:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D64", 0, -1, 0, "follower", "g1"), CARC_OK);
    int yellow = ds_fig(g, 0, -1, "g1");
    cr_assert_geq(yellow, 0);
    t_phase(g); /* an illegal move may still draw the turn's tile: draw it first */
    char *before = h_save(g);
    carc_move m = {.kind = CARC_MOVE_ACTION, .action = DS_REMOVE, .target = yellow};
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_PHASE, "no removal before the tile is placed");
    h_assert_unchanged(g, before, "a removal in the tile step");
    free(before);
    cr_assert_eq(t_place(g, "D65", 0, 1, 0), CARC_OK);
    before = h_save(g);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE, "player 1 cannot take player 0's explorer");
    int nfig = 0, red_home = -1;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        if (fi.owner == 1 && !fi.on_board) red_home = i;
    }
    cr_assert_geq(red_home, 0);
    carc_move bad[] = {
        {.kind = CARC_MOVE_ACTION, .action = DS_REMOVE, .target = nfig},
        {.kind = CARC_MOVE_ACTION, .action = DS_REMOVE, .target = -1},
        {.kind = CARC_MOVE_ACTION, .action = DS_REMOVE, .target = red_home},
        {.kind = CARC_MOVE_ACTION, .action = 2, .target = yellow},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(carc_game_apply(g, &bad[i]), CARC_E_ILLEGAL_MOVE, "bad removal %zu", i);
    h_assert_unchanged(g, before, "refused removals");
    free(before);
    cr_assert_eq(t_pass(g), CARC_OK);
    /* player 0 may: the explorer's grassland of 2 open tiles gives 2 */
    cr_assert_eq(t_place(g, "D66", 1, 0, 0), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "grassland"), 2);
    t_free(&t);
}
