/* Stables: the 8-square rule, diagonals included, for anyone's stable;
 * stables ignore meadow occupancy, stay to the end and count the animals
 * of their 3x3 square. Every 21a shows a cow, a sheep and a pig; 02a
 * shows none; the start tile shows a cow. */
#include <criterion/criterion.h>

#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

/* Checks that no stable may go on meadow `id` of the tile just placed:
 * not listed, refused, nothing changed. */
static void no_stable(carc_game *g, const char *id, const char *where)
{
    cr_assert_not(ohd_can(g, "stable", id), "stable listed %s", where);
    char *before = h_save(g);
    cr_assert_eq(t_figure(g, "stable", id), CARC_E_ILLEGAL_MOVE, "stable %s", where);
    h_assert_unchanged(g, before, where);
    free(before);
}

/* Rulebook, stables: none of the 8 tiles around a stable's tile may hold a
 * stable, whoever owns it; meeples are not limited. A stable of player 0
 * on 21a at (0,1) refuses stables on each of its 7 neighbours placed
 * afterwards (the 8th is the start tile), while a stable two squares away
 * is allowed even on the same meadow. At the end each stable scores the
 * animals of its own tile and the 8 around: 19 and 12. */
Test(over_hill_and_dale_stables, no_stable_on_the_eight_squares_around_one)
{
    tgame t = ohd_new(2, "21a:8 02a:2");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_place(t.g, "21a", 0, 1, 0), CARC_OK);
    cr_assert(ohd_can(t.g, "stable", "m1"), "the start tile holds no stable");
    cr_assert_not(ohd_can(t.g, "meeple", "m1"), "meeples never stand on meadows");
    cr_assert_eq(t_figure(t.g, "stable", "m1"), CARC_OK);

    static const int around[6][2] = {{-1, 1}, {1, 1}, {-1, 2}, {0, 2}, {1, 2}, {-1, 0}};
    for (int i = 0; i < 6; i++) {
        int x = around[i][0], y = around[i][1];
        const char *tile = y == 0 ? "02a" : "21a";
        cr_assert_eq(t_place(t.g, tile, x, y, 0), CARC_OK, "tile at (%d,%d)", x, y);
        char where[64];
        snprintf(where, sizeof where, "at (%d,%d), player %d", x, y, t_player(t.g));
        no_stable(t.g, "m1", where);
        if (y == 0) no_stable(t.g, "m2", where);
        cr_assert_eq(t_pass(t.g), CARC_OK);
    }
    cr_assert_eq(t_place(t.g, "02a", 1, 0, 0), CARC_OK);
    no_stable(t.g, "m1", "at (1,0), north meadow");
    no_stable(t.g, "m2", "at (1,0), south meadow");
    cr_assert(ohd_can(t.g, "meeple", "p1"), "the rule is for stables only");
    cr_assert_eq(t_pass(t.g), CARC_OK);

    /* two squares east and one south: the same big meadow, no stable around */
    cr_assert_eq(t_place(t.g, "21a", 2, 2, 0), CARC_OK);
    cr_assert_eq(t_player(t.g), 0);
    cr_assert(t_feature_at(t.g, 2, 2, "m1").figures[0] == 1, "the meadow already holds player 0's stable");
    cr_assert_eq(t_figure(t.g, "stable", "m1"), CARC_OK, "a stable ignores who stands on the meadow");
    cr_assert_eq(t_place(t.g, "21a", 2, 1, 0), CARC_OK);
    no_stable(t.g, "m1", "beside the second stable, player 1");
    cr_assert_eq(t_pass(t.g), CARC_OK);

    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    /* (0,1): six 21a, the start's cow and two 02a: 19; (2,2): four 21a: 12 */
    cr_assert_eq(t_cat(t.g, 0, "stables"), 31);
    cr_assert_eq(t_score(t.g, 0), 31);
    cr_assert_eq(t_score(t.g, 1), 0);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_STABLE), 0, "both stables stayed on the board");
    t_free(&t);
}

/* The neighbour the first game could not test: a tile placed directly
 * north of a stable. The stable on 21a at (1,1) refuses both meadows of
 * 02a at (1,0); diagonal to the start tile it was itself allowed. */
Test(over_hill_and_dale_stables, no_stable_directly_north_of_one)
{
    tgame t = ohd_new(2, "21a:2 02a:1 21b:1");
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", 1, 1, 0, "stable", "m1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "02a", 1, 0, 0), CARC_OK);
    no_stable(t.g, "m1", "north of the stable, north meadow");
    no_stable(t.g, "m2", "north of the stable, south meadow");
    cr_assert_eq(t_pass(t.g), CARC_OK);
    t_free(&t);
}

/* Stables two squares apart in a straight line are allowed, for different
 * players, and each counts its own 3x3, so the 21a between them counts for
 * both: player 0's stable at (0,1) has the start's cow + 3 + 3 = 7, player
 * 1's at (2,1) has 3 + 3 = 6. */
Test(over_hill_and_dale_stables, stables_two_apart_share_the_tile_between)
{
    tgame t = ohd_new(2, "21a:3 06e:1");
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, "stable", "m1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "21a", 1, 1, 0), CARC_OK);
    no_stable(t.g, "m1", "beside player 0's stable, player 1");
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06e", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "21a", 2, 1, 0), CARC_OK);
    cr_assert(ohd_can(t.g, "stable", "m1"), "two squares from player 0's stable");
    cr_assert_eq(t_figure(t.g, "stable", "m1"), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "stables"), 7);
    cr_assert_eq(t_cat(t.g, 1, "stables"), 6);
    t_free(&t);
}
