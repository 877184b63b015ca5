/* one_stable_per_meadow (docs/variants/over-hill-and-dale.md, "Readings"):
 * the rulebook's summary forbids a stable in a meadow that holds one, on
 * top of the 8-square rule its body gives. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

/* Three 21a in a row at (0,1), (1,1), (2,1) share one meadow. Player 0's
 * stable at (0,1) counts the start's cow and two 21a: 7. Two squares east,
 * player 1's stable would count two 21a: 6, allowed by the 8-square rule,
 * refused by the one-stable reading, which leaves player 1 with nothing. */
static void two_stables(int option, int *p0, int *p1)
{
    carc_option rules[] = {{"one_stable_per_meadow", option}};
    tgame t = t_new_deck("over-hill-and-dale", 2, "21a:3 06e:1", rules, 1);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    cr_assert_eq(t_turn(g, "21a", 0, 1, 0, "stable", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "21a", 1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "06e", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "21a", 2, 1, 0), CARC_OK);
    carc_feature_info m = t_feature_at(g, 2, 1, "m1");
    cr_assert_eq(m.figures[0], 1, "the meadow holds player 0's stable");
    if (option) {
        cr_assert_not(ohd_can(g, "stable", "m1"), "a second stable in the meadow is not listed");
        char *before = h_save(g);
        cr_assert_eq(t_figure(g, "stable", "m1"), CARC_E_ILLEGAL_MOVE);
        h_assert_unchanged(g, before, "the refused stable");
        free(before);
        cr_assert_eq(t_pass(g), CARC_OK);
    } else {
        cr_assert(ohd_can(g, "stable", "m1"));
        cr_assert_eq(t_figure(g, "stable", "m1"), CARC_OK);
    }
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    *p0 = t_cat(g, 0, "stables");
    *p1 = t_cat(g, 1, "stables");
    t_free(&t);
}

Test(over_hill_and_dale_options, one_stable_per_meadow)
{
    int p0, p1;
    two_stables(0, &p0, &p1);
    cr_assert_eq(p0, 7);
    cr_assert_eq(p1, 6, "by default the 8-square rule alone decides");
    two_stables(1, &p0, &p1);
    cr_assert_eq(p0, 7);
    cr_assert_eq(p1, 0, "the meadow already had a stable");
}

/* The reading reaches the stable's meadow only. Two 02a west of the start
 * tile, the second at (-2,0), two squares from the stable at (0,1): its
 * south meadow runs into the start tile's south meadow, the stable's, and
 * is refused; its north meadow runs into the start tile's other meadow and
 * still takes a stable. Without the option both are open. */
Test(over_hill_and_dale_options, other_meadows_still_take_a_stable)
{
    for (int option = 0; option <= 1; option++) {
        carc_option rules[] = {{"one_stable_per_meadow", option}};
        tgame t = t_new_deck("over-hill-and-dale", 2, "21a:1 02a:2", rules, 1);
        carc_game *g = t.g;
        cr_assert_eq(t_turn(g, "21a", 0, 1, 0, "stable", "m1"), CARC_OK);
        cr_assert_eq(t_turn(g, "02a", -1, 0, 0, NULL, NULL), CARC_OK);
        cr_assert_eq(t_place(g, "02a", -2, 0, 0), CARC_OK);
        cr_assert_eq(t_feature_at(g, -2, 0, "m2").figures[0], 1, "the south meadow is the stable's");
        cr_assert_eq(t_feature_at(g, -2, 0, "m1").figures[0], 0, "the north meadow has none");
        cr_assert_eq(ohd_can(g, "stable", "m2"), !option, "option %d: the stable's meadow", option);
        cr_assert(ohd_can(g, "stable", "m1"), "option %d: the other meadow", option);
        cr_assert_eq(t_figure(g, "stable", "m1"), CARC_OK);
        cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
        cr_assert_eq(ohd_supply(g, 0, OHD_FIG_STABLE), 0, "both of player 0's stables stand");
        t_free(&t);
    }
}

Test(over_hill_and_dale_options, values_out_of_range_are_refused)
{
    h_assert_option_refused("over-hill-and-dale", 2, NULL, "one_stable_per_meadow", -1);
    h_assert_option_refused("over-hill-and-dale", 2, NULL, "one_stable_per_meadow", 2);
}

/* Saves say the option; one made before it existed loads with the default. */
Test(over_hill_and_dale_options, saves_record_the_option_and_old_saves_load)
{
    carc_game *g = h_new("over-hill-and-dale", 3, 12);
    uint64_t rng = 6;
    h_play(g, &rng, 10000);
    char *text = h_save(g);
    const char *lines[] = {"rule one_stable_per_meadow 0\n"};
    h_assert_loads_without(text, lines, 1);
    free(text);
    carc_game_free(g);
}
