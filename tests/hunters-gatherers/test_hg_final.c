/* Final scoring: huts per river system and hunters per grassland, with the
 * rulebook's examples rebuilt from real tiles (start tile HG20-56 at (0,0)). */
#include <criterion/criterion.h>

#include "hg_test.h"

/* Rulebook, huts: 2 huts beat 1 on a system of 8 fish (lakes 1 + 2 + 3 + 2),
 * joined at the end by HG20-09; the system need not be complete. */
Test(hunters_gatherers_final, hut_majority_two_to_one_scores_eight)
{
    tgame t = hg_new(2, "HG20-48:1 HG20-62:1 HG20-61:1 HG20-01:1 HG20-30:1 HG20-57:1 HG20-09:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-48", -1, 0, 0, "hut", "r1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-61", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-01", -2, -1, 1, "hut", "l1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-30", -3, -1, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-57", -3, 0, 1, "hut", "l1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-09", -2, 0, 3), CARC_OK);
    cr_assert_not(hg_can(t.g, "hut", "l1"), "the joined system already has huts");
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 1, "hut"), 8);
    cr_assert_eq(t_score(t.g, 0), 0, "the single hut is outnumbered");
    cr_assert_eq(hg_supply(t.g, 1, 1), 1, "huts stay on the board");
    t_free(&t);
}

/* Rulebook, huts: one hut each on a system of 10 fish (lakes 1 + 3 + 2 + 1,
 * river fish 1 + 2): both players score all 10. */
Test(hunters_gatherers_final, hut_tie_scores_ten_each)
{
    tgame t = hg_new(2, "HG20-47:1 HG20-62:1 HG20-02:1 HG20-01:1 HG20-09:1 HG20-20:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-47", -1, 0, 0, "hut", "r1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-02", -1, -2, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-01", -2, -1, 1, "hut", "l1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-09", -2, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-20", -2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hut"), 10);
    cr_assert_eq(t_cat(t.g, 1, "hut"), 10);
    t_free(&t);
}

/* Rulebook, grassland 1: one aurochs (on the start tile) scores 2. */
Test(hunters_gatherers_final, grassland_one_aurochs_scores_two)
{
    tgame t = hg_new(2, "HG20-33:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-33", 0, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 2);
    cr_assert_eq(hg_supply(t.g, 0, 0), 4, "hunters stay on the board");
    t_free(&t);
}

/* Rulebook, grassland 2: mammoth, deer and tiger; the tiger takes the deer
 * and both tied hunters score the mammoth's 3. */
Test(hunters_gatherers_final, grassland_tie_scores_mammoth_for_both)
{
    tgame t = hg_new(2, "HG20-35:1 HG20-31:1 HG20-62:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-31", 0, 1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-62", 1, 1, 0), CARC_OK);
    cr_assert_not(hg_can(t.g, "meeple", "g1"), "the joined grassland has hunters");
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 3);
    cr_assert_eq(t_cat(t.g, 1, "hunter"), 3);
    t_free(&t);
}

/* Rulebook, grassland 3: one deer and two tigers score 0, not less. */
Test(hunters_gatherers_final, grassland_more_tigers_than_deer_scores_zero)
{
    tgame t = hg_new(2, "HG20-31:2 HG20-62:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-31", 0, 1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-31", 0, 2, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", -1, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_feature_at(t.g, -1, 2, "g1").id, t_feature_at(t.g, 0, 1, "g1").id);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_score(t.g, 0), 0);
    t_free(&t);
}

/* Rulebook, grassland 4: 2 mammoths, 2 aurochs, 2 deer and a tiger give 11
 * to the player with 2 hunters; the player with 1 gets nothing. Three
 * separate grasslands are joined by the last tile. */
Test(hunters_gatherers_final, grassland_majority_scores_eleven)
{
    tgame t = hg_new(2, "HG20-35:1 HG20-46:1 HG20-37:1 HG20-31:1 HG20-36:1 HG20-61:1 HG20-62:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-46", -1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-37", 1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-31", -1, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-36", 1, -2, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-61", 0, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 11);
    cr_assert_eq(t_score(t.g, 1), 0);
    t_free(&t);
}

/* Fishers and gatherers on unfinished features leave without points at the
 * end, and an unfinished river or forest with nobody on it scores nothing. */
Test(hunters_gatherers_final, unfinished_rivers_and_forests_score_nothing)
{
    tgame t = hg_new(2, "HG20-48:1 HG20-35:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-48", -1, 0, 0, "meeple", "r1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_score(t.g, 0), 0);
    cr_assert_eq(t_score(t.g, 1), 0);
    cr_assert_eq(hg_supply(t.g, 0, 0), 5);
    cr_assert_eq(hg_supply(t.g, 1, 0), 5);
    t_free(&t);
}
