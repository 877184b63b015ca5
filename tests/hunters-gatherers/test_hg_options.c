/* Option last_tile_extra_turn (docs/variants/hunters-gatherers.md, "Readings
 * where the rulebook is unclear"): a menhir forest completed by the last
 * regular tile earns its extra turn, which is played before the game ends. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "hg_test.h"

/* The start tile's menhir forest (east and south) completed by player 1's
 * HG20-37, the last regular tile, player 0's gatherer on it: 3 tiles, 6
 * points to player 0. With the option player 1 then draws HG20-90 from the
 * menhir stack, lays it north of the start tile turned half round and puts
 * a hunter on its grassland, which joins the start's: a mammoth and two
 * aurochs, 3 + 2 + 2 = 7 points at the end. */
static void last_tile(int option, int *p0, int *p1, int *menhir_left)
{
    carc_option rules[] = {{"last_tile_extra_turn", option}};
    tgame t = t_new_deck("hunters-gatherers", 2, "HG20-35:1 HG20-37:1 HG20-90:1", rules, 1);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    cr_assert_eq(t_turn(g, "HG20-35", 1, 0, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(g, "HG20-37", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "forest"), 6);
    if (option) {
        cr_assert_neq(t_phase(g), CARC_PHASE_OVER, "the extra turn is played");
        cr_assert_eq(t_player(g), 1, "by the player who placed the tile");
        int drawn = -1;
        cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
        cr_assert_eq(drawn, t_type(g, "HG20-90"), "from the menhir stack");
        cr_assert_eq(hg_place_drawn(g, "HG20-90", 0, -1, 2), CARC_OK);
        cr_assert_eq(t_figure(g, "meeple", "g1"), CARC_OK);
    }
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    *p0 = t_score(g, 0);
    *p1 = t_score(g, 1);
    *menhir_left = hg_left(g, HG_MENHIR);
    if (option) cr_assert_eq(t_cat(g, 1, "hunter"), 7);
    t_free(&t);
}

Test(hunters_gatherers_options, last_tile_extra_turn_is_played_with_the_option)
{
    int p0, p1, left;
    last_tile(0, &p0, &p1, &left);
    cr_assert_eq(p0, 6);
    cr_assert_eq(p1, 0, "by default the game ends with the last regular tile");
    cr_assert_eq(left, 1, "the menhir tile was never drawn");
    last_tile(1, &p0, &p1, &left);
    cr_assert_eq(p0, 6);
    cr_assert_eq(p1, 7, "the extra turn's hunter scores at the end");
    cr_assert_eq(left, 0);
}

/* The option changes nothing while regular tiles remain, and an extra turn
 * never follows an extra turn. */
Test(hunters_gatherers_options, the_option_leaves_other_extra_turns_alone)
{
    carc_option rules[] = {{"last_tile_extra_turn", 1}};
    tgame t = t_new_deck("hunters-gatherers", 2, "HG20-35:1 HG20-37:1 HG20-22:1 HG20-81:1 HG20-90:1", rules, 1);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "HG20-35", 1, 0, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "HG20-37", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_player(g), 1, "the extra turn of a forest completed with regular tiles left");
    cr_assert_eq(hg_left(g, HG_MAIN), 1);
    t_free(&t);
}

Test(hunters_gatherers_options, values_out_of_range_are_refused)
{
    h_assert_option_refused("hunters-gatherers", 2, NULL, "last_tile_extra_turn", -1);
    h_assert_option_refused("hunters-gatherers", 2, NULL, "last_tile_extra_turn", 2);
}

/* Saves say the option; a save without the line (made before it existed)
 * loads with the default, the reading it was played under. */
Test(hunters_gatherers_options, saves_record_the_option_and_old_saves_load)
{
    for (int option = 0; option <= 1; option++) {
        carc_option rules[] = {{"last_tile_extra_turn", option}};
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "hunters-gatherers", .players = 3,
                               .seed = 17, .rules = rules, .rule_count = 1};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        uint64_t rng = 3;
        h_play(g, &rng, 10000);
        char *text = h_save(g);
        char line[64];
        snprintf(line, sizeof line, "rule last_tile_extra_turn %d\n", option);
        const char *lines[] = {line};
        h_assert_loads_without(text, lines, !option); /* an old save has the default, 0 */
        cr_assert_not_null(strstr(text, line));
        free(text);
        carc_game_free(g);
    }
}
