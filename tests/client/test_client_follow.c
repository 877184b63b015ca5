/* The follower of examples/clients as tests: 1,000 random games of each
 * ruleset, followed through carcassonne.h alone, every tally agreeing with
 * the library; and counts showing the rules the tallies track came up. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../examples/clients/follow.h"

static follow_stats follow(const char *variant, const char *rule, int value, uint64_t seed)
{
    carc_option opt = {rule, value};
    follow_config cfg = {.variant = variant, .games = 1000, .seed = seed, .err = stderr};
    if (rule) {
        cfg.rules = &opt;
        cfg.rule_count = 1;
    }
    follow_stats st;
    cr_assert_eq(follow_games(&cfg, &st), 0, "%s: the follower could not start", variant);
    cr_assert_eq(st.games, 1000);
    cr_expect_eq(st.mismatches, 0, "%s: %ld mismatches", variant, st.mismatches);
    cr_expect_gt(st.awards, 10000);
    if (strcmp(variant, "discovery") == 0) /* no rule scores a completed territory: none is logged */
        cr_expect_eq(st.unscored, 0, "%s: %ld completions logged", variant, st.unscored);
    else
        cr_expect_gt(st.unscored, 0, "%s: no completion without a scorer", variant);
    return st;
}

Test(client_follow, hills_sheep_flocks_and_bag_from_views)
{
    follow_stats st = follow("hills-sheep", NULL, 0, 11);
    cr_expect_gt(st.sheep_drawn, 1000);
    cr_expect_gt(st.wolves, 100);
    cr_expect_gt(st.flocks_scored, 100);
    cr_expect_gt(st.actions, 1000);
}

Test(client_follow, hunters_gatherers_traps_shaman_extra_turns)
{
    follow_stats st = follow("hunters-gatherers", NULL, 0, 12);
    cr_expect_gt(st.traps, 20);
    cr_expect_gt(st.covered, 20);
    cr_expect_gt(st.shaman_returns, 20);
    cr_expect_gt(st.extra_turns, 100);
}

Test(client_follow, base_game)
{
    follow("base", NULL, 0, 13);
}

Test(client_follow, discovery_removals_score_what_figure_points_said)
{
    follow_stats st = follow("discovery", NULL, 0, 14);
    cr_expect_gt(st.removals, 1000);
}

Test(client_follow, discovery_hand_of_two_tile_moves_come_from_the_hand)
{
    follow_stats st = follow("discovery", "hand", 1, 15);
    cr_expect_gt(st.removals, 1000);
    cr_expect_gt(st.hand_moves, 10000);
}

Test(client_follow, over_hill_and_dale_harvest_tokens_pool_and_picker)
{
    follow_stats st = follow("over-hill-and-dale", NULL, 0, 16);
    cr_expect_gt(st.tokens_taken, 1000);
    cr_expect_gt(st.picks, 0);
}

Test(client_follow, a_ruleset_it_does_not_know_is_refused)
{
    follow_config cfg = {.variant = "no-such-game", .games = 1};
    follow_stats st;
    cr_expect_eq(follow_games(&cfg, &st), CARC_E_NOT_FOUND);
}
