/* The menhir tiles' powers. Most tests move the menhir tiles into the
 * regular stack (hg_new(..., 1)) so that the power tile can be placed in an
 * ordinary turn; the shaman test earns a real extra turn instead. */
#include <criterion/criterion.h>

#include "../../variants/hunters-gatherers/hunters_gatherers.h"
#include "hg_test.h"

/* Rulebook, pit trap: 2 mammoths and 2 aurochs on the surrounding tiles
 * count double (20); the tiger takes the deer; a deer in the neighbourhood
 * on another grassland (HG20-34's south one) does not count. */
Test(hunters_gatherers_powers, pit_trap_scores_twenty)
{
    tgame t = hg_new(2, "HG20-92:1 HG20-61:1 HG20-35:1 HG20-51:1 HG20-62:1 HG20-31:1 HG20-34:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-92", 0, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-61", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", -1, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-51", -1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", -2, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-31", -2, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-34", 1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 20);
    t_free(&t);
}

/* Pit trap reading: the tiger takes the deer that is NOT doubled (HG20-30,
 * two squares away), so the doubled deer next to the trap scores 2:
 * aurochs 2x2 + deer 2 = 6 (5 if the wrong deer were taken, 3 with no trap). */
Test(hunters_gatherers_powers, pit_trap_tiger_takes_the_far_deer)
{
    tgame t = hg_new(2, "HG20-92:1 HG20-62:1 HG20-31:1 HG20-30:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-92", 0, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-31", -2, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-30", -2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 6);
    t_free(&t);
}

/* Wildfire: the tiger of the grassland is ignored, so its deer scores:
 * aurochs 2 + deer 1 = 3 (2 without the fire). */
Test(hunters_gatherers_powers, wildfire_ignores_tigers)
{
    tgame t = hg_new(2, "HG20-85:1 HG20-31:1 HG20-62:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-85", 0, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-31", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", 1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 3);
    t_free(&t);
}

/* Raft: the hut on its system scores the fish (start lake 1 + raft lake 1)
 * plus 1 per lake (2): 4. */
Test(hunters_gatherers_powers, raft_adds_one_per_lake)
{
    tgame t = hg_new(2, "HG20-91:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-91", -1, 0, 0, "hut", "l1"), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hut"), 4);
    t_free(&t);
}

/* Logboat: 2 per lake of its river system (start lake, HG20-02's lake and
 * its own: 6) to the player who places it, at once, whoever has huts there.
 * The rulebook's picture says 8 for 3 lakes, which contradicts its own rule
 * of 2 per lake; the rule is tested. */
Test(hunters_gatherers_powers, logboat_scores_two_per_lake_at_once)
{
    tgame t = hg_new(2, "HG20-62:1 HG20-02:1 HG20-93:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-62", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-02", -1, -1, 1, "hut", "l1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-93", -1, 0, 0), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "logboat"), 6, "scored on placement, before the figure step");
    cr_assert_eq(t_score(t.g, 1), 0, "the hut's owner gets nothing from the logboat");
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "logboat"), 6);
    t_free(&t);
}

/* Rulebook, hunting trap: the surrounding tiles of its grassland hold a
 * mammoth, 2 deer and a tiger: 3 + 1 = 4 at once for the placer. Those
 * animals are covered, so at the end player 1's hunter there scores only the
 * aurochs two squares away (2), not 4 + 2. */
Test(hunters_gatherers_powers, hunting_trap_scores_four_then_covers)
{
    tgame t = hg_new(2, "HG20-35:1 HG20-62:1 HG20-31:1 HG20-76:1 HG20-37:1 HG20-94:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", 1, 1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-31", 2, 1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-76", 1, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-37", 1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-94", 2, 0, 0), CARC_OK);
    cr_assert_eq(t_cat(t.g, 1, "hunting_trap"), 4);
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 1, "hunter"), 2);
    cr_assert_eq(t_score(t.g, 1), 6);
    cr_assert_eq(t_score(t.g, 0), 0);
    t_free(&t);
}

/* Shaman, drawn in a real extra turn: before the figure step the player
 * may send one of their own meeples home (the choices are exactly their
 * meeples on the board, plus declining), scoring nothing; then they may
 * place a meeple on the shaman tile as usual. */
Test(hunters_gatherers_powers, shaman_returns_own_meeple_before_figure_step)
{
    tgame t = hg_new(2, "HG20-35:1 HG20-48:1 HG20-37:1 HG20-62:1 HG20-88:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-48", -1, 0, 0, "meeple", "r1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-37", 0, 1, 0, "meeple", "g1"), CARC_OK);
    hg_fix(t.g, "HG20-88");
    cr_assert_eq(t_player(t.g), 0, "completing the start forest earned an extra turn");
    cr_assert_eq(hg_place_drawn(t.g, "HG20-88", -2, 0, 0), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_ACTION);
    carc_move moves[16];
    size_t n = 0;
    carc_game_moves(t.g, moves, 16, &n);
    cr_assert_eq(n, 3, "two own hunters or decline");
    int target = -1;
    for (size_t i = 0; i < n; i++) {
        if (moves[i].kind != CARC_MOVE_ACTION) continue;
        cr_assert_eq(moves[i].action, HG_ACTION_SHAMAN);
        carc_figure_info fi;
        carc_game_figure(t.g, moves[i].target, &fi);
        cr_assert_eq(fi.owner, 0, "only one's own meeples");
        cr_assert(fi.on_board);
        target = moves[i].target;
    }
    carc_move bad = {.kind = CARC_MOVE_ACTION, .action = HG_ACTION_SHAMAN, .target = 0};
    for (int f = 0; f < 16; f++) {
        carc_figure_info fi;
        carc_game_figure(t.g, f, &fi);
        if (fi.owner == 1 && fi.on_board) bad.target = f;
    }
    cr_assert_eq(carc_game_apply(t.g, &bad), CARC_E_ILLEGAL_MOVE, "not another player's fisher");
    int before = t_score(t.g, 0);
    carc_move ret = {.kind = CARC_MOVE_ACTION, .action = HG_ACTION_SHAMAN, .target = target};
    cr_assert_eq(carc_game_apply(t.g, &ret), CARC_OK);
    cr_assert_eq(t_score(t.g, 0), before, "no points for the returned meeple");
    cr_assert_eq(hg_supply(t.g, 0, 0), 4);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_FIGURE);
    cr_assert_eq(t_player(t.g), 0);
    cr_assert_not(hg_can(t.g, "meeple", "r1"), "the river joins player 1's fisher");
    cr_assert_eq(t_figure(t.g, "meeple", "g1"), CARC_OK);
    cr_assert_eq(hg_supply(t.g, 0, 0), 3);
    t_free(&t);
}

/* Without a meeple on the board the shaman offers no choice. */
Test(hunters_gatherers_powers, shaman_without_meeples_asks_nothing)
{
    tgame t = hg_new(2, "HG20-88:1 HG20-62:1", 1);
    cr_assert_eq(t_place(t.g, "HG20-88", -1, 0, 0), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_FIGURE);
    t_free(&t);
}

/* Pit trap: only the animals on the 8 tiles around it count double, the
 * rest of its grassland as usual. Around the trap at (0,-1): the start
 * tile's aurochs (2 x 2) and HG20-61's mammoth at (-1,-1) (2 x 3); two
 * squares off: HG20-35's mammoth (3) and HG20-62's deer (1). 4 + 6 + 3 + 1
 * = 14 (9 with no trap, 18 if every animal were doubled, 12 if the far
 * deer were taken away instead of added). */
Test(hunters_gatherers_powers, pit_trap_doubles_only_what_is_around_it)
{
    tgame t = hg_new(2, "HG20-92:1 HG20-61:1 HG20-35:1 HG20-62:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-92", 0, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-61", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", -2, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", -2, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 14);
    cr_assert_eq(t_score(t.g, 0), 14, "the forest of the trap tile is open: it scores nothing at the end");
    cr_assert_eq(t_score(t.g, 1), 0);
    t_free(&t);
}

/* The same grassland without the trap (HG20-37 in its place: a deer of its
 * own, and nothing doubled): 2 + 3 + 3 + 1 + 1 = 10. */
Test(hunters_gatherers_powers, the_same_grassland_without_a_pit_trap)
{
    tgame t = hg_new(2, "HG20-37:1 HG20-61:1 HG20-35:1 HG20-62:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-37", 0, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-61", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", -2, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-62", -2, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 10);
    t_free(&t);
}

/* Hunting trap at (1,-1) with a mammoth (HG20-61 at (0,-1), west of it)
 * and an aurochs (the start tile, south-west of it) around it, in one
 * grassland: 3 + 2 = 5 at once for the placer (player 1); both are then
 * covered, so player 0's hunter on that grassland scores nothing at the
 * end (1 if the mammoth minus the aurochs were counted). */
Test(hunters_gatherers_powers, hunting_trap_scores_a_mammoth_and_an_aurochs)
{
    tgame t = hg_new(2, "HG20-61:1 HG20-94:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-61", 0, -1, 0, "meeple", "g1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-94", 1, -1, 0), CARC_OK);
    cr_assert_eq(t_cat(t.g, 1, "hunting_trap"), 5);
    int n = 0;
    carc_event e;
    cr_assert_eq(carc_game_event_count(t.g, &n), CARC_OK);
    cr_assert_eq(carc_game_event(t.g, n - 1, &e), CARC_OK);
    cr_assert_eq(e.player, 1);
    cr_assert_eq(e.points, 5);
    cr_assert_eq(e.reason, CARC_REASON_ACTION);
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "hunter"), 0);
    cr_assert_eq(t_score(t.g, 0), 0);
    cr_assert_eq(t_score(t.g, 1), 5);
    t_free(&t);
}
