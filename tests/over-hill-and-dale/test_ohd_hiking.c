/* Hiking: every restriction of the rulebook is refused and changes nothing,
 * distances are counted along the path, and the hike is walked after the
 * turn's scoring. Most positions start from player 0's wanderer on 02a
 * east of the start tile, on the path start - 02a, open at both ends. */
#include <criterion/criterion.h>

#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

/* Applies `m`, expects `status`, and checks the game did not change. */
static void refused(carc_game *g, carc_move m, int status, const char *what)
{
    char *before = h_save(g);
    cr_assert_not_null(before);
    cr_assert_not(ohd_listed(g, &m), "%s is listed", what);
    cr_assert_eq(carc_game_apply(g, &m), status, "%s", what);
    h_assert_unchanged(g, before, what);
    free(before);
}

/* Rulebook: hiking is instead of placing a meeple or a stable. Once a
 * farmer or a stable is placed on a tile that extended the path, the turn
 * has moved on and the hike that was offered is gone. */
Test(over_hill_and_dale_hiking, no_hike_after_a_meeple_or_a_stable)
{
    tgame t = ohd_new(2, "02a:1 21a:1 03a:1 21b:1 02b:1 02c:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 1, 0);
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "03a", 2, 0, 0), CARC_OK);
    carc_move hike = ohd_hike(t.g, w, 0, 0, "p1");
    cr_assert(ohd_listed(t.g, &hike), "03a extended the path");
    cr_assert_eq(t_figure(t.g, "meeple", "f1"), CARC_OK);
    refused(t.g, hike, CARC_E_PHASE, "a hike after a farmer");
    cr_assert_eq(t_turn(t.g, "21b", 1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "02b", 3, 0, 0), CARC_OK);
    hike = ohd_hike(t.g, w, 3, 0, "p1");
    cr_assert(ohd_listed(t.g, &hike), "02b extended the path");
    cr_assert_eq(t_figure(t.g, "stable", "m1"), CARC_OK);
    refused(t.g, hike, CARC_E_PHASE, "a hike after a stable");
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 0);
    t_free(&t);
}

/* Rulebook: the hike is instead of a figure, so after a hike the turn is
 * over and no figure can follow. */
Test(over_hill_and_dale_hiking, no_figure_after_a_hike)
{
    tgame t = ohd_new(2, "02a:1 21a:1 02b:1 02c:1");
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 1, 0);
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "02b", 2, 0, 0), CARC_OK);
    cr_assert_eq(ohd_hike_to(t.g, w, 2, 0, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 1);
    cr_assert_eq(t_player(t.g), 1);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE);
    char *before = h_save(t.g);
    cr_assert_neq(t_figure(t.g, "stable", "m1"), CARC_OK);
    h_assert_unchanged(t.g, before, "a stable after a hike");
    free(before);
    t_free(&t);
}

/* Rulebook: a tile that completes the path scores it; the wanderer may not
 * walk first. 07a closes the path start - 02a - 12a (junction) at its
 * field: 4 tiles, 4 points, and no hike is offered. */
Test(over_hill_and_dale_hiking, no_hike_on_a_path_completed_this_turn)
{
    tgame t = ohd_new(2, "02a:1 12a:1 07a:1 21a:1");
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 1, 0);
    cr_assert_eq(t_turn(t.g, "12a", 2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "07a", -1, 0, 3), CARC_OK);
    cr_assert(t_feature_at(t.g, 0, 0, "p1").complete);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 0);
    refused(t.g, ohd_hike(t.g, w, 0, 0, "p1"), CARC_E_ILLEGAL_MOVE, "a hike on a completed path");
    refused(t.g, ohd_hike(t.g, w, -1, 0, "p1"), CARC_E_ILLEGAL_MOVE, "a hike on a completed path");
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "paths"), 4);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 0);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4);
    t_free(&t);
}

/* Rulebook: the player must extend the wanderer's path with the tile just
 * placed; a tile elsewhere gives no hike. */
Test(over_hill_and_dale_hiking, no_hike_when_the_tile_does_not_extend_the_path)
{
    tgame t = ohd_new(2, "02a:1 21a:1 06e:1 02b:1");
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 1, 0);
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "06e", 0, -1, 2), CARC_OK);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 0);
    refused(t.g, ohd_hike(t.g, w, 0, 0, "p1"), CARC_E_ILLEGAL_MOVE, "a hike on a path the tile did not touch");
    t_free(&t);
}

/* Rulebook: hiking only on one's own turn. When player 1 extends player 0's
 * path, player 1 cannot walk player 0's wanderer, and has none to walk. */
Test(over_hill_and_dale_hiking, no_hike_with_someone_elses_wanderer)
{
    tgame t = ohd_new(2, "02a:1 02b:1 21a:1");
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 1, 0);
    cr_assert_eq(t_place(t.g, "02b", 2, 0, 0), CARC_OK);
    cr_assert_eq(t_player(t.g), 1);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 0);
    refused(t.g, ohd_hike(t.g, w, 2, 0, "p1"), CARC_E_ILLEGAL_MOVE, "player 1 walking player 0's wanderer");
    refused(t.g, ohd_hike(t.g, w, 0, 0, "p1"), CARC_E_ILLEGAL_MOVE, "player 1 walking player 0's wanderer");
    t_free(&t);
}

/* Rulebook: no crossing a junction. The path 02c - 02b - start ends at
 * junction 12a's west branch; a hike may end on the junction tile (on that
 * branch) but not go on along another branch, which is another path. */
Test(over_hill_and_dale_hiking, hike_stops_at_a_junction)
{
    tgame t = ohd_new(2, "12a:1 02a:1 02b:1 21a:1 02c:1 21b:1");
    cr_assert_eq(t_turn(t.g, "12a", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "02a", 2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "02b", -1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, -1, 0);
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "02c", -2, 0, 0), CARC_OK);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 3, "02c, the start tile, 12a's west branch");
    refused(t.g, ohd_hike(t.g, w, 2, 0, "p1"), CARC_E_ILLEGAL_MOVE, "a hike across the junction");
    refused(t.g, ohd_hike(t.g, w, 1, 0, "p1"), CARC_E_ILLEGAL_MOVE, "a hike onto the junction's east branch");
    refused(t.g, ohd_hike(t.g, w, 1, 0, "p2"), CARC_E_ILLEGAL_MOVE, "a hike onto the junction's south branch");
    cr_assert_eq(ohd_hike_to(t.g, w, 1, 0, "p3"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 2);
    t_free(&t);
}

/* Reading: a tile "where there is another wanderer" is any tile with a
 * meeple on one of its paths, even on another path than the hiker's: here
 * player 1's wanderer on 12a's east branch keeps player 0 off 12a. */
Test(over_hill_and_dale_hiking, wanderer_on_another_path_of_the_tile_blocks)
{
    tgame t = ohd_new(2, "02b:1 12a:1 21a:1 21b:1 02c:1 02a:1");
    cr_assert_eq(t_turn(t.g, "02b", -1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, -1, 0);
    cr_assert_eq(t_place(t.g, "12a", 1, 0, 0), CARC_OK);
    cr_assert_not(ohd_can(t.g, "meeple", "p3"), "the west branch joins player 0's path");
    cr_assert_eq(t_figure(t.g, "meeple", "p1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21b", -1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "02c", -2, 0, 0), CARC_OK);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 2, "02c and the start tile");
    refused(t.g, ohd_hike(t.g, w, 1, 0, "p3"), CARC_E_ILLEGAL_MOVE, "a hike onto a tile with a wanderer");
    cr_assert_eq(ohd_hike_to(t.g, w, 0, 0, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 1);
    t_free(&t);
}

/* Rulebook: only wanderers (meeples on paths) stop a hike; a farmer on the
 * destination tile does not. Player 1's farmer stands on 03a's field. */
Test(over_hill_and_dale_hiking, farmer_on_the_tile_does_not_block)
{
    tgame t = ohd_new(2, "02a:1 03a:1 02b:1 21a:1");
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 1, 0);
    cr_assert_eq(t_turn(t.g, "03a", 2, 0, 0, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "02b", 3, 0, 0), CARC_OK);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 3, "the start tile, 03a, 02b");
    cr_assert_eq(ohd_hike_to(t.g, w, 2, 0, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 1);
    t_free(&t);
}

/* Distance is counted along the path. The path start - 01a - 01b - 02a
 * bends round so 02a lies just south of the start tile; after 02b extends
 * it west, player 0's wanderer on 02a walks 3 tiles to the start tile and
 * would walk 4 to 02b, 2 squares away on the board. */
Test(over_hill_and_dale_hiking, u_shaped_path_counts_tiles_along_the_path)
{
    tgame t = ohd_new(2, "01a:1 01b:1 02a:1 06e:1 02b:1 21a:1");
    cr_assert_eq(t_turn(t.g, "01a", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "01b", 1, 1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "02a", 0, 1, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 0, 1);
    cr_assert_geq(w, 0);
    cr_assert_eq(t_turn(t.g, "06e", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "02b", -1, 0, 0), CARC_OK);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 4, "01b, 01a, start, 02b");
    carc_game *alt;
    cr_assert_eq(carc_game_clone(t.g, &alt), CARC_OK);
    cr_assert_eq(ohd_hike_to(alt, w, -1, 0, "p1"), CARC_OK);
    cr_assert_eq(t_cat(alt, 0, "hiking"), 4);
    carc_game_free(alt);
    cr_assert_eq(ohd_hike_to(t.g, w, 0, 0, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 3, "the start tile is 1 square away but 3 tiles along the path");
    int x, y;
    cr_assert_eq(ohd_figure_pos(t.g, w, &x, &y), 0);
    cr_assert(x == 0 && y == 0);
    t_free(&t);
}

/* Rulebook: scoring comes first (3a), then the hike (3b). 03a closes the
 * field start - 09b, where player 0 has a farmer, and extends player 0's
 * path: the field's 6 points and its apple come before the 2 hiking points
 * in the log, and the farmer is home while the wanderer walks. */
Test(over_hill_and_dale_hiking, hike_is_walked_after_the_turns_scoring)
{
    tgame t = ohd_new(2, "09b:1 01a:1 02a:1 01b:1 03a:1 21a:1");
    cr_assert_eq(t_turn(t.g, "09b", 0, -1, 0, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "01a", 1, 0, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "02a", 1, -1, 1, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 0, 1, -1);
    cr_assert_geq(w, 0);
    cr_assert_eq(t_turn(t.g, "01b", 1, -2, 0, NULL, NULL), CARC_OK);
    int events = h_event_count(t.g);
    cr_assert_eq(events, 0);
    cr_assert_eq(t_place(t.g, "03a", 0, -2, 2), CARC_OK);
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 4, "01b, 03a, 01a, start");
    cr_assert_eq(ohd_hike_to(t.g, w, 0, -2, "p1"), CARC_OK);
    cr_assert_eq(h_event_count(t.g), 2);
    h_assert_event(t.g, 0, 0, 6, "fields", CARC_REASON_COMPLETED);
    h_assert_event(t.g, 1, 0, 2, "hiking", CARC_REASON_ACTION);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_APPLE), 1);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 3, "the farmer is home, the wanderer out");
    int x, y;
    cr_assert_eq(ohd_figure_pos(t.g, w, &x, &y), 0);
    cr_assert(x == 0 && y == -2);
    t_free(&t);
}

/* Reading: wanderers on a path completed this turn go home in its scoring
 * before the hike is walked, so their tile does not stop the hiker. No
 * built-in tile both extends one path without closing it and closes
 * another, so a hand-made tile XT does: a path running east-west and a
 * stub to the north. XT closes player 0's path on junction J's south
 * branch and extends player 1's path from J's east branch; player 1's
 * wanderer may then walk onto J, where player 0's wanderer stood. */
static const char hike_tiles[] =
    "tileset ohd-hike\n"
    "tile S count=1 start\n"
    "  edges F F F M P M M M M M P M\n"
    "  feature field slots=0,1,2 id=f1\n"
    "  feature path slots=4,10 id=p1\n"
    "  feature meadow slots=5,6,7,8,9 id=m1\n"
    "  feature meadow slots=3,11 id=m2\n"
    "tile J count=1\n"
    "  edges M M M M P M M P M M P M\n"
    "  feature path slots=4 id=p1\n"
    "  feature path slots=7 id=p2\n"
    "  feature path slots=10 id=p3\n"
    "  feature meadow slots=11,0,1,2,3 id=m1\n"
    "  feature meadow slots=5,6 id=m2\n"
    "  feature meadow slots=8,9 id=m3\n"
    "tile C count=3\n"
    "  edges M M M M M M M P M M P M\n"
    "  feature path slots=7,10 id=p1\n"
    "  feature meadow slots=0,1,2,3,4,5,6,11 id=m1\n"
    "  feature meadow slots=8,9 id=m2\n"
    "tile XT count=1\n"
    "  edges M P M M P M M M M M P M\n"
    "  feature path slots=1 id=p2\n"
    "  feature path slots=4,10 id=p1\n"
    "  feature meadow slots=0,11 id=m1\n"
    "  feature meadow slots=2,3 id=m2\n"
    "  feature meadow slots=5,6,7,8,9 id=m3\n";

Test(over_hill_and_dale_hiking, wanderer_of_a_path_completed_this_turn_does_not_block)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "over-hill-and-dale", &v), CARC_OK);
    tgame t = t_new_text(v, 2, hike_tiles, sizeof hike_tiles - 1, NULL, 0);
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "J", 1, 0, 0, "meeple", "p2"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "C", 2, 0, 0, "meeple", "p1"), CARC_OK);
    int w = ohd_wanderer_at(t.g, 1, 2, 0);
    cr_assert_geq(w, 0);
    cr_assert_eq(t_turn(t.g, "C", 2, 1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "XT", 1, 1, 0), CARC_OK);
    cr_assert(t_feature_at(t.g, 1, 1, "p2").complete, "XT closes the south branch");
    cr_assert_not(t_feature_at(t.g, 1, 1, "p1").complete, "XT's through path stays open westwards");
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 3, "J, the second curve, XT");
    cr_assert_eq(ohd_hike_to(t.g, w, 1, 0, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "paths"), 2, "player 0's path of J and XT");
    cr_assert_eq(t_cat(t.g, 1, "hiking"), 1);
    cr_assert_eq(ohd_supply(t.g, 0, OHD_FIG_MEEPLE), 4);
    int x, y;
    cr_assert_eq(ohd_figure_pos(t.g, w, &x, &y), 0);
    cr_assert(x == 1 && y == 0);
    t_free(&t);
}

/* A wanderer on the start tile (placed tile 0) blocks it like any other:
 * player 0's wanderer hikes onto the start tile; when player 1's wanderer
 * may hike next, every tile along the path is offered but the start tile
 * (02c, 01b, 01a, and 02a past the start tile: four hikes). */
Test(over_hill_and_dale_hiking, a_wanderer_on_the_start_tile_blocks_it)
{
    tgame t = ohd_new(2, "01a:1 02b:1 01b:1 21a:1 02c:1 02a:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "01a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "02b", 0, 1, 0, "meeple", "p1"), CARC_OK);
    int w0 = ohd_wanderer_at(t.g, 0, 1, 0), w1 = ohd_wanderer_at(t.g, 1, 0, 1);
    cr_assert_eq(t_place(t.g, "01b", 1, 1, 1), CARC_OK);
    cr_assert_eq(ohd_hike_to(t.g, w0, 1, 1, "p1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", 2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "02c", -1, 1, 0), CARC_OK);
    cr_assert_eq(ohd_hike_to(t.g, w0, 0, 0, "p1"), CARC_OK, "01b, 01a, the start tile: two tiles walked");
    cr_assert_eq(t_cat(t.g, 0, "hiking"), 1 + 2);
    int x, y;
    cr_assert_eq(ohd_figure_pos(t.g, w0, &x, &y), 0);
    cr_assert(x == 0 && y == 0, "on the start tile");
    /* 02a west of the start tile extends the path for player 1 */
    cr_assert_eq(t_place(t.g, "02a", -1, 0, 0), CARC_OK);
    carc_move onto = ohd_hike(t.g, w1, 0, 0, "p1");
    cr_assert_not(ohd_listed(t.g, &onto), "the start tile holds player 0's wanderer");
    cr_assert_eq(ohd_count_action(t.g, OHD_ACTION_HIKE), 4);
    carc_move past = ohd_hike(t.g, w1, -1, 0, "p1");
    cr_assert(ohd_listed(t.g, &past), "past it to 02a");
    cr_assert_eq(ohd_hike_to(t.g, w1, -1, 0, "p1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 1, "hiking"), 4, "02b, 01b, 01a, the start tile, 02a: four tiles walked");
    t_free(&t);
}
