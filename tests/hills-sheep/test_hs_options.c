/* hill_tiebreak = 2 (docs/variants/hills-sheep.md, "Readings"): among tied
 * players, the one with the most followers on hill tiles of the feature
 * scores, and a tie there is shared. Built on a tile set of four kinds of
 * square so the road is easy to lay out: an all-farm start tile, all-farm
 * filler tiles, and west-east road tiles with and without a hill. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "hs_support.h"

static const char tiles[] = "tileset road-row\n"
                            "tile S start\n"
                            "  edges F F F F F F F F F F F F\n"
                            "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                            "tile G count=%d\n"
                            "  edges F F F F F F F F F F F F\n"
                            "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                            "tile R count=%d\n"
                            "  edges F F F F R F F F F F R F\n"
                            "  feature road slots=4,10 id=r1\n"
                            "  feature farm slots=0,1,2,3,11 id=f1\n"
                            "  feature farm slots=5,6,7,8,9 id=f2\n"
                            "tile H count=%d\n"
                            "  edges F F F F R F F F F F R F\n"
                            "  feature hill slots=none id=h1\n"
                            "  feature road slots=4,10 id=r1\n"
                            "  feature farm slots=0,1,2,3,11 id=f1\n"
                            "  feature farm slots=5,6,7,8,9 id=f2\n";

/* Six filler tiles east of the start (y = 0), then four road tiles below
 * them with a gap between each (y = 1, x = 0, 2, 4, 6), a follower on
 * each, players 0, 1, 0, 1 in turn; road tile k lies on a hill when bit k
 * of `hills` is set. Three road tiles then fill the gaps: one road of 7
 * tiles, 2 followers each, open at both ends, scored at the end: 7 points
 * for whoever wins the tie. Every hill tile hides one filler. */
static void road_tie(int reading, unsigned hills, int score[2])
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "hills-sheep", &v), CARC_OK);
    int nhills = (int)(hills & 1) + (int)(hills >> 1 & 1) + (int)(hills >> 2 & 1) + (int)(hills >> 3 & 1);
    char text[sizeof tiles + 16];
    /* the fillers: six laid, one hidden under each hill */
    snprintf(text, sizeof text, tiles, 6 + nhills, 7 - nhills, nhills);
    carc_option rules[] = {{"hill_tiebreak", reading}};
    tgame t = t_new_text(v, 2, text, strlen(text), rules, 1);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    /* a hill's draws (the hill, then the filler under it) are fixed before
     * the move that ends the turn before it, which makes the next draw */
    for (int x = 1; x <= 6; x++) {
        cr_assert_eq(t_place(g, "G", x, 0, 0), CARC_OK, "filler at %d", x);
        if (x == 6 && (hills & 1)) cr_assert_eq(hs_queue_hill(g, "H", "G"), CARC_OK);
        cr_assert_eq(t_pass(g), CARC_OK);
    }
    for (int k = 0; k < 4; k++) {
        cr_assert_eq(t_place(g, hills >> k & 1 ? "H" : "R", 2 * k, 1, 0), CARC_OK, "road tile %d", k);
        cr_assert_eq(t_player(g), k % 2);
        if (k < 3 && (hills >> (k + 1) & 1)) cr_assert_eq(hs_queue_hill(g, "H", "G"), CARC_OK);
        cr_assert_eq(t_figure(g, "follower", "r1"), CARC_OK, "a road of its own yet");
    }
    cr_assert_eq(hs_hidden(g), nhills, "a filler under every hill");
    for (int x = 1; x <= 5; x += 2) cr_assert_eq(t_turn(g, "R", x, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    carc_feature_info fi = t_feature_at(g, 0, 1, "r1");
    cr_assert_eq(fi.tiles, 7);
    cr_assert_eq(fi.figures[0], 2);
    cr_assert_eq(fi.figures[1], 2);
    score[0] = t_cat(g, 0, "road");
    score[1] = t_cat(g, 1, "road");
    t_free(&t);
}

Test(hills_sheep_options, most_followers_on_hills_win_the_tie)
{
    int s[2];
    /* player 0 on hills with both, player 1 with one of two */
    road_tie(HS_TIE_MOST_ON_HILLS, 0x7, s);
    cr_assert_eq(s[0], 7, "two followers on hill tiles against one");
    cr_assert_eq(s[1], 0);
    road_tie(HS_TIE_HILL_PLAYERS, 0x7, s);
    cr_assert_eq(s[0], 7, "the default: every tied player with one on a hill scores");
    cr_assert_eq(s[1], 7);
    road_tie(HS_TIE_SOLE_ONLY, 0x7, s);
    cr_assert_eq(s[0], 7);
    cr_assert_eq(s[1], 7);
    /* the other way round: player 1 with two on hills */
    road_tie(HS_TIE_MOST_ON_HILLS, 0xe, s);
    cr_assert_eq(s[0], 0);
    cr_assert_eq(s[1], 7);
    /* only player 1 on a hill: the hill decides under every reading */
    for (int reading = 0; reading <= 2; reading++) {
        road_tie(reading, 0x2, s);
        cr_assert_eq(s[0], 0, "reading %d", reading);
        cr_assert_eq(s[1], 7, "reading %d", reading);
    }
}

Test(hills_sheep_options, a_tie_on_hills_is_shared)
{
    int s[2];
    road_tie(HS_TIE_MOST_ON_HILLS, 0xf, s);
    cr_assert_eq(s[0], 7, "two on hills each: shared");
    cr_assert_eq(s[1], 7);
    road_tie(HS_TIE_MOST_ON_HILLS, 0x0, s);
    cr_assert_eq(s[0], 7, "no hill: the plain tie, shared");
    cr_assert_eq(s[1], 7);
}

Test(hills_sheep_options, values_out_of_range_are_refused)
{
    h_assert_option_refused("hills-sheep", 2, NULL, "hill_tiebreak", -1);
    h_assert_option_refused("hills-sheep", 2, NULL, "hill_tiebreak", 3);
}

/* The reading is in the save and comes back with it. */
Test(hills_sheep_options, saves_record_the_reading)
{
    carc_option rules[] = {{"hill_tiebreak", 2}};
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "hills-sheep", .players = 3, .seed = 8,
                           .rules = rules, .rule_count = 1};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    uint64_t rng = 5;
    h_play(g, &rng, 10000);
    char *text = h_save(g);
    cr_assert_not_null(strstr(text, "rule hill_tiebreak 2\n"));
    h_assert_loads_without(text, NULL, 0);
    carc_game_free(g);
    free(text);
}
