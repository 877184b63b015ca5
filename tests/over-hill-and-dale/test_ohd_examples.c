/* The rulebook's worked examples, built from the reference's section-4
 * layouts (rows negated for the library's south-growing y, and shifted off
 * the start tile where the reference puts another tile at (0,0)). Each
 * deck holds a spare tile where the example must be checked before the
 * game ends. */
#include <criterion/criterion.h>

#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

/* Rulebook, paths (reference X1): the junction tile 05a's west branch, the
 * start tile and 07b make a path of 3 tiles closed at the junction and at
 * 07b's field. The path is occupied, so the other player puts a farmer on
 * 07b's field instead; the wanderer's owner scores 3 though someone else
 * closed the path, and the wanderer goes home while the farmer stays. */
Test(over_hill_and_dale_examples, path_of_three_tiles_scores_three)
{
    tgame t = ohd_new(2, "06e:1 09b:1 05a:1 07b:1 21a:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "06e", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "09b", 1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "05a", 1, 0, 0, "meeple", "p3"), CARC_OK);
    cr_assert_eq(t_feature_at(t.g, 0, 0, "p1").tiles, 2);
    cr_assert_eq(t_place(t.g, "07b", -1, 0, 3), CARC_OK);
    cr_assert_not(ohd_can(t.g, "meeple", "p1"), "the path already has a wanderer");
    cr_assert(ohd_can(t.g, "meeple", "f1"));
    cr_assert_eq(t_figure(t.g, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "paths"), 3);
    cr_assert_eq(t_score(t.g, 0), 3);
    cr_assert_eq(t_score(t.g, 1), 0);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4, "the wanderer went home");
    cr_assert_eq(ohd_supply(t.g, 1, OHD_FIG_MEEPLE), 3, "the farmer's field is still open");
    cr_assert_not(t_feature_at(t.g, -1, 0, "f1").complete);
    t_free(&t);
}

/* Rulebook, hiking (reference X2, rebuilt so two wanderers share the path):
 * player 0's wanderer walks 2 tiles along the path past player 1's
 * wanderer to the tile just placed, for 2 points; it may not stop on the
 * tile holding player 1's wanderer. An earlier 1-tile hike scored 1. */
Test(over_hill_and_dale_examples, hike_across_two_tiles_past_a_wanderer_scores_two)
{
    tgame t = ohd_new(2, "01a:1 02b:1 01b:1 21a:1 02c:1 21b:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "01a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "02b", 0, 1, 0, "meeple", "p1"), CARC_OK);
    /* 01b joins the two paths: start - 01a - 01b - 02b, open at both ends */
    cr_assert_eq(t_place(t.g, "01b", 1, 1, 1), CARC_OK);
    int w0 = ohd_wanderer_at(t.g, 0, 1, 0), w1 = ohd_wanderer_at(t.g, 1, 0, 1);
    cr_assert_geq(w0, 0);
    cr_assert_geq(w1, 0);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 2, "to the start tile or to 01b only");
    carc_move onto = ohd_hike(t.g, w0, 0, 1, "p1");
    cr_assert_not(ohd_listed(t.g, &onto), "02b holds player 1's wanderer");
    cr_assert_eq(ohd_hike_to(t.g, w0, 1, 1, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 1);
    cr_assert_eq(t_turn(t.g, "21a", 2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "02c", -1, 1, 0), CARC_OK);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 3, "01a, the start tile, or 02c past player 1");
    char *before = h_save(t.g);
    cr_assert_eq(ohd_hike_to(t.g, w0, 0, 1, "p1"), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(t.g, before, "stopping on another wanderer's tile");
    free(before);
    cr_assert_eq(ohd_hike_to(t.g, w0, -1, 1, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 3, "1 + 2");
    cr_assert_eq(t_score(t.g, 1), 0);
    int x, y;
    cr_assert_eq(ohd_figure_pos(t.g, w0, &x, &y), 0);
    cr_assert(x == -1 && y == 1, "the wanderer stands on 02c");
    cr_assert_eq(ohd_figure_pos(t.g, w1, &x, &y), 0);
    cr_assert(x == 0 && y == 1, "the other wanderer did not move");
    cr_assert_eq(t_player(t.g), 1, "hiking was player 0's figure step");
    t_free(&t);
}

/* Rulebook, fields (reference X3, moved under the start tile): a field of
 * 3 tiles closed by its third tile scores 6 and its pumpkin and grain
 * symbols give one Pumpkin and one Grain token; the farmer goes home. */
Test(over_hill_and_dale_examples, field_of_three_tiles_scores_six_and_two_tokens)
{
    tgame t = ohd_new(2, "06d:1 09b:1 06g:1 21a:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "06d", 0, 1, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "09b", 0, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06g", 0, 3, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "fields"), 6);
    cr_assert_eq(t_score(t.g, 0), 6);
    cr_assert_eq(t_score(t.g, 1), 0);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_PUMPKIN), 1);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_GRAIN), 1);
    cr_assert_eq(ohd_token_total(t.g, 0), 2);
    cr_assert_eq(ohd_token_total(t.g, 1), 0);
    cr_assert_eq(ohd_tokens(t.g, -1, OHD_PUMPKIN), 4);
    cr_assert_eq(ohd_tokens(t.g, -1, OHD_GRAIN), 4);
    cr_assert_eq(ohd_token_total(t.g, -1), 31);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4);
    cr_assert_eq(t_cat(t.g, 0, "tokens"), 0, "tokens score only at the end");
    t_free(&t);
}

/* Rulebook, several wanderers (reference X4, with the start tile in the
 * middle of the path): 02e joins player 1's path (07a, ending at a field)
 * and player 0's path (the start tile and junction 12a's west branch).
 * Nobody may add a wanderer; the closed path of 4 tiles gives both 4. */
Test(over_hill_and_dale_examples, joined_path_scores_four_for_each_wanderer)
{
    tgame t = ohd_new(2, "21a:1 21b:1 06e:1 07a:1 12a:1 02e:1 02a:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21b", -1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06e", -2, 1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "07a", -2, 0, 3, "meeple", "p1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "12a", 1, 0, 0, "meeple", "p3"), CARC_OK);
    cr_assert_eq(t_place(t.g, "02e", -1, 0, 0), CARC_OK);
    cr_assert_not(ohd_can(t.g, "meeple", "p1"));
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "paths"), 4);
    cr_assert_eq(t_cat(t.g, 1, "paths"), 4);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4);
    cr_assert_eq(ohd_supply(t.g, 1, OHD_FIG_MEEPLE), 4);
    t_free(&t);
}

/* Rulebook, several farmers (reference X5, one row south): 17a joins three
 * fields into one closed field of 5 tiles. Player 1's two farmers beat
 * player 0's one: player 1 alone scores 10 and takes all 5 tokens (apple,
 * strawberry x2, sunflower x2); every farmer goes home. */
Test(over_hill_and_dale_examples, two_farmers_beat_one_for_ten_and_all_tokens)
{
    tgame t = ohd_new(2, "06a:1 21b:1 19d:1 06b:1 09a:1 06f:1 21a:1 17a:1 02a:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "06a", 0, 1, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21b", 1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "19d", -1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06b", 1, 2, 3, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "09a", -1, 2, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06f", -2, 2, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", 2, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "17a", 0, 2, 0), CARC_OK);
    cr_assert_not(ohd_can(t.g, "meeple", "f1"));
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE, "one winner takes the tokens without a decision");
    cr_assert_eq(t_cat(t.g, 1, "fields"), 10);
    cr_assert_eq(t_score(t.g, 0), 0);
    cr_assert_eq(ohd_tokens(t.g, 1, OHD_APPLE), 1);
    cr_assert_eq(ohd_tokens(t.g, 1, OHD_STRAWBERRY), 2);
    cr_assert_eq(ohd_tokens(t.g, 1, OHD_SUNFLOWER), 2);
    cr_assert_eq(ohd_token_total(t.g, 1), 5);
    cr_assert_eq(ohd_token_total(t.g, 0), 0);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4);
    cr_assert_eq(ohd_supply(t.g, 1, OHD_FIG_MEEPLE), 4);
    t_free(&t);
}

/* Rulebook, sharing tokens (reference X6, one row south): player 0 places
 * 06d (a pumpkin) and closes a 5-tile field where both players have one
 * farmer. Both score 10; the 5 tokens are shared by turns starting with
 * the placer: player 0 takes 3 and player 1 takes 2. Each pick with a
 * choice is a decision of the picking player; the last scarecrow is no
 * choice and goes to player 0 by itself. */
Test(over_hill_and_dale_examples, tie_shares_five_tokens_three_and_two_from_the_placer)
{
    tgame t = ohd_new(2, "06c:1 21a:1 06e:1 09a:1 13:1 03e:1 06d:1 02a:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "06c", 0, 1, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", -1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06e", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "09a", -1, 2, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "13", 0, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "03e", 1, 2, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06d", -2, 2, 1, NULL, NULL), CARC_OK);

    cr_assert_eq(t_phase(t.g), CARC_PHASE_ACTION);
    cr_assert_eq(t_player(t.g), 0, "the placer picks first");
    cr_assert_eq(t_cat(t.g, 0, "fields"), 10, "points come before the tokens");
    cr_assert_eq(t_cat(t.g, 1, "fields"), 10);
    cr_assert_eq(t_move_count(t.g), 4, "apple, strawberry, pumpkin, scarecrow");
    char *before = h_save(t.g);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_GRAIN), CARC_E_ILLEGAL_MOVE, "no grain in this field");
    cr_assert_eq(t_pass(t.g), CARC_E_ILLEGAL_MOVE, "a pick cannot be declined");
    h_assert_unchanged(t.g, before, "refused picks");
    free(before);

    cr_assert_eq(ohd_pick_apply(t.g, OHD_STRAWBERRY), CARC_OK);
    cr_assert_eq(t_player(t.g), 1);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_STRAWBERRY), CARC_OK);
    cr_assert_eq(t_player(t.g), 0);
    cr_assert_eq(t_move_count(t.g), 3);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_APPLE), CARC_OK);
    cr_assert_eq(t_player(t.g), 1);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_PUMPKIN), CARC_OK);

    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE);
    cr_assert_eq(t_player(t.g), 1, "player 1's turn");
    cr_assert_eq(ohd_token_total(t.g, 0), 3);
    cr_assert_eq(ohd_token_total(t.g, 1), 2);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_SCARECROW), 1, "the forced last pick");
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_APPLE), 1);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_STRAWBERRY), 1);
    cr_assert_eq(ohd_tokens(t.g, 1, OHD_STRAWBERRY), 1);
    cr_assert_eq(ohd_tokens(t.g, 1, OHD_PUMPKIN), 1);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4);
    cr_assert_eq(ohd_supply(t.g, 1, OHD_FIG_MEEPLE), 4);
    t_free(&t);
}

/* Rulebook, stables (reference X7, moved two columns east so the start
 * tile's cow is out of range): a stable on 21a counts the animals of its
 * own tile and the 8 around, though only 5 of those 9 squares hold tiles:
 * 3 + 3 + 2 + 1 = 9 points at the end. */
Test(over_hill_and_dale_examples, stable_counts_nine_animals_on_five_tiles)
{
    tgame t = ohd_new(2, "01a:1 21a:1 21b:1 01g:1 01b:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "01a", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", 2, 0, 0, "stable", "m1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21b", 3, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "01g", 2, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 1, "stables"), 0, "stables score only at the end");
    cr_assert_eq(t_turn(t.g, "01b", 1, -1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 1, "stables"), 9);
    cr_assert_eq(t_score(t.g, 1), 9);
    cr_assert_eq(t_score(t.g, 0), 0);
    cr_assert_eq(ohd_supply(t.g, 1, OHD_FIG_STABLE), 1, "the stable stays on the board");
    t_free(&t);
}

/* Rulebook, paths: a path may also close into a loop (reference LOOP, two
 * rows south of the start tile). Four curves make a closed loop of 4
 * tiles: 4 points for the wanderer placed on the first. */
Test(over_hill_and_dale_examples, closed_loop_of_four_tiles_scores_four)
{
    tgame t = ohd_new(2, "01a:3 01c:1 21a:1");
    cr_assert_eq(t_turn(t.g, "01a", 0, 1, 3, "meeple", "p1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "01a", 1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "01a", 0, 2, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "paths"), 0);
    cr_assert_eq(t_turn(t.g, "01c", 1, 2, 1, NULL, NULL), CARC_OK);
    cr_assert(t_feature_at(t.g, 0, 1, "p1").complete);
    cr_assert_eq(t_cat(t.g, 0, "paths"), 4);
    cr_assert_eq(t_score(t.g, 1), 0);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4);
    t_free(&t);
}

/* Rulebook, harvest tokens at the end (X8): 12 tokens, two fruit sets, the
 * second completed by 2 scarecrows: 12 + 2 x 5 = 22. The holding is apple,
 * strawberry and pumpkin x2, sunflower and grain x1, scarecrow x4. */
Test(over_hill_and_dale_examples, twelve_tokens_with_two_sets_score_twenty_two_by_arithmetic)
{
    int fruits[5] = {2, 2, 2, 1, 1}, scarecrows = 4;
    int held = scarecrows;
    for (int i = 0; i < 5; i++) held += fruits[i];
    cr_assert_eq(held, 12);
    cr_assert_eq(ohd_best_sets(fruits, scarecrows, 0), 2);
    cr_assert_eq(held + 5 * ohd_best_sets(fruits, scarecrows, 0), 22);
    /* the second set needs sunflower and grain from scarecrows: 2 of them */
    int first[5] = {1, 1, 1, 0, 0};
    cr_assert_eq(ohd_best_sets(first, 2, 0), 1);
    cr_assert_eq(ohd_best_sets(first, 1, 0), 0);
}

/* The same 12 tokens won in a real game: a hand-made tile whose field
 * carries all 12 symbols closes the start tile's field. The farmer scores
 * 2 x 2 for the field and takes the 12 tokens; the game then ends and the
 * tokens score 12 plus 10 for two sets. */
static const char x8_tiles[] =
    "tileset ohd-x8\n"
    "tile S count=1 start\n"
    "  edges F F F M P M M M M M P M\n"
    "  feature field slots=0,1,2 id=f1\n"
    "  feature path slots=4,10 id=p1\n"
    "  feature meadow slots=5,6,7,8,9 id=m1\n"
    "  feature meadow slots=3,11 id=m2\n"
    "tile BIG count=1\n"
    "  edges F F F M M M M M M M M M\n"
    "  feature field slots=0,1,2 id=f1 harvest=apple:2,strawberry:2,pumpkin:2,sunflower:1,grain:1,scarecrow:4\n"
    "  feature meadow slots=3,4,5,6,7,8,9,10,11 id=m1\n";

Test(over_hill_and_dale_examples, twelve_tokens_with_two_sets_score_twenty_two_in_play)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "over-hill-and-dale", &v), CARC_OK);
    tgame t = t_new_text(v, 2, x8_tiles, sizeof x8_tiles - 1, NULL, 0);
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "BIG", 0, -1, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(ohd_token_total(t.g, 0), 12);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_SCARECROW), 4);
    cr_assert_eq(t_cat(t.g, 0, "fields"), 4);
    cr_assert_eq(t_cat(t.g, 0, "tokens"), 12);
    cr_assert_eq(t_cat(t.g, 0, "sets"), 10);
    cr_assert_eq(t_score(t.g, 0), 26, "22 from the tokens + 4 for the field");
    cr_assert_eq(t_score(t.g, 1), 0);
    t_free(&t);
}
