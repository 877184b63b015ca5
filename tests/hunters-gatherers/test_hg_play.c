/* Rivers, forests, menhirs and figure placement during play. Positions are
 * built from real tiles whose fish and menhirs give the rulebook's numbers;
 * the start tile HG20-56 sits at (0,0): grassland north (with an aurochs),
 * a menhir forest east and south, a river west that ends in a 1-fish lake. */
#include <criterion/criterion.h>

#include "hg_test.h"

/* Rulebook, river scoring: a river of 3 tiles closed by two lakes holding
 * 2 fish in all scores 5 for its fisher, who then goes home. */
Test(hunters_gatherers_play, river_of_three_tiles_scores_five)
{
    tgame t = hg_new(2, "HG20-48:1 HG20-02:1", 0);
    cr_assert_not_null(t.g);
    cr_assert_eq(t_place(t.g, "HG20-48", -1, 0, 0), CARC_OK);
    cr_assert_eq(t_figure(t.g, "meeple", "r1"), CARC_OK);
    cr_assert_eq(hg_supply(t.g, 0, 0), 4);
    cr_assert_eq(t_place(t.g, "HG20-02", -2, 0, 0), CARC_OK);
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "river"), 5);
    cr_assert_eq(t_score(t.g, 1), 0);
    cr_assert_eq(hg_supply(t.g, 0, 0), 5, "the fisher goes home after scoring");
    t_free(&t);
}

/* Rulebook, several meeples: two fishers on rivers that one tile joins into
 * a complete river of 4 tiles and 5 fish (2 lakes of 1, river fish 2 + 1)
 * both score the full 9; nobody may add a fisher on the joining tile. */
Test(hunters_gatherers_play, joined_river_ties_two_fishers_at_nine)
{
    tgame t = hg_new(2, "HG20-20:1 HG20-02:1 HG20-19:1", 0);
    cr_assert_eq(t_place(t.g, "HG20-20", -1, 0, 0), CARC_OK);
    cr_assert_eq(t_figure(t.g, "meeple", "r1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-02", 0, -1, 2), CARC_OK);
    cr_assert_eq(t_figure(t.g, "meeple", "r1"), CARC_OK, "the other river is still free");
    cr_assert_eq(t_place(t.g, "HG20-19", -1, -1, 0), CARC_OK);
    cr_assert_not(hg_can(t.g, "meeple", "r1"), "the joined river already has fishers");
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "river"), 9);
    cr_assert_eq(t_cat(t.g, 1, "river"), 9);
    cr_assert_eq(hg_supply(t.g, 0, 0), 5);
    cr_assert_eq(hg_supply(t.g, 1, 0), 5);
    t_free(&t);
}

/* Rulebook, menhirs: completing the start tile's menhir forest (3 tiles)
 * gives the placer (not the gatherer's owner) an extra turn with a menhir
 * tile; completing the 3-tile menhir forest of HG20-81 in that extra turn
 * scores 6 but gives no second extra turn, though menhir tiles are left. */
Test(hunters_gatherers_play, extra_turn_forest_scores_six_without_second_extra_turn)
{
    tgame t = hg_new(2, "HG20-34:1 HG20-22:1 HG20-35:1 HG20-37:1 HG20-62:1 HG20-81:1 HG20-90:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-34", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-22", -1, 0, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-37", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "forest"), 6);
    hg_fix(t.g, "HG20-81");
    cr_assert_eq(t_player(t.g), 1, "the player who completed the forest plays again");
    cr_assert_eq(hg_left(t.g, HG_MENHIR), 1, "the extra turn drew from the menhir stack");
    cr_assert_eq(hg_left(t.g, HG_MAIN), 1);
    cr_assert_eq(hg_place_drawn(t.g, "HG20-81", -1, -1, 0), CARC_OK);
    cr_assert_eq(t_figure(t.g, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_cat(t.g, 1, "forest"), 6);
    cr_assert_eq(t_player(t.g), 0, "no extra turn after an extra turn");
    cr_assert_eq(hg_left(t.g, HG_MENHIR), 1);
    cr_assert_eq(hg_left(t.g, HG_MAIN), 0, "player 0 drew from the regular stack");
    t_free(&t);
}

/* Rulebook, several meeples: one tile joins three forests into one of 5
 * tiles; 2 gatherers beat 1, so only the majority scores 10, every gatherer
 * goes home, and the placer takes an extra turn for the menhirs. */
Test(hunters_gatherers_play, forest_majority_two_to_one_scores_ten)
{
    tgame t = hg_new(2,
                     "HG20-62:1 HG20-37:1 HG20-36:1 HG20-61:1 HG20-35:1 HG20-33:1 HG20-63:1 HG20-50:1 HG20-90:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-62", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-37", 0, 1, 0, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-36", 1, -1, 0, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-61", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 1, 3, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-33", 0, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-63", 1, 0, 3), CARC_OK);
    cr_assert_not(hg_can(t.g, "meeple", "f1"));
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "forest"), 10);
    cr_assert_eq(t_score(t.g, 1), 0, "the minority gatherer scores nothing");
    cr_assert_eq(hg_supply(t.g, 0, 0), 5);
    cr_assert_eq(hg_supply(t.g, 1, 0), 5, "the losing gatherer also goes home");
    hg_fix(t.g, "HG20-90");
    cr_assert_eq(t_player(t.g), 0);
    cr_assert_eq(hg_left(t.g, HG_MENHIR), 0);
    t_free(&t);
}

/* Mushrooms: each group adds 3 to a completed forest (3 tiles: 6 + 3). */
Test(hunters_gatherers_play, mushrooms_add_three)
{
    tgame t = hg_new(2, "HG20-87:1 HG20-35:1 HG20-36:1", 1);
    cr_assert_eq(t_turn(t.g, "HG20-87", 0, -1, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", -1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-36", 0, -2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "forest"), 9);
    t_free(&t);
}

/* With the menhir stack empty a completed menhir forest gives no extra turn. */
Test(hunters_gatherers_play, empty_menhir_stack_gives_no_extra_turn)
{
    tgame t = hg_new(2, "HG20-35:1 HG20-37:1 HG20-62:1", 0);
    cr_assert_eq(hg_left(t.g, HG_MENHIR), 0);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-37", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert(t_feature_at(t.g, 0, 0, "f1").complete);
    cr_assert_eq(t_player(t.g), 0, "turn passes on to the next player");
    t_free(&t);
}

/* Reading: the game ends with the turn that places the last regular tile,
 * so a menhir forest completed by that tile gives no extra turn. */
Test(hunters_gatherers_play, last_regular_tile_ends_game_before_extra_turn)
{
    tgame t = hg_new(2, "HG20-35:1 HG20-37:1 HG20-90:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-37", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(hg_left(t.g, HG_MENHIR), 1, "the menhir tile was never drawn");
    cr_assert_eq(t_cat(t.g, 0, "forest"), 6);
    t_free(&t);
}

/* Figures: huts block huts across a river system but not fishers, fishers
 * block fishers on one river only, meeples never go on a lake, a hut may go
 * on a lake, and fishers and gatherers leave without points at the end. */
Test(hunters_gatherers_play, huts_and_fishers_block_only_their_own_kind)
{
    tgame t = hg_new(2, "HG20-48:1 HG20-47:1 HG20-01:1", 0);
    cr_assert_eq(t_place(t.g, "HG20-48", -1, 0, 0), CARC_OK);
    cr_assert(hg_can(t.g, "hut", "r1"));
    cr_assert_eq(t_figure(t.g, "hut", "r1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-47", -2, 0, 0), CARC_OK);
    cr_assert_not(hg_can(t.g, "hut", "r1"), "the river system has a hut");
    cr_assert(hg_can(t.g, "meeple", "r1"), "a hut does not stop a fisher");
    cr_assert_eq(t_figure(t.g, "meeple", "r1"), CARC_OK);
    cr_assert_eq(t_place(t.g, "HG20-01", -3, 0, 0), CARC_OK);
    cr_assert_not(hg_can(t.g, "meeple", "l1"), "no meeple on a lake");
    cr_assert_not(hg_can(t.g, "meeple", "r1"), "the river reaching east has a fisher");
    cr_assert(hg_can(t.g, "meeple", "r2"), "the river on the far side of the lake is another river");
    cr_assert_not(hg_can(t.g, "hut", "l1"), "the lake joins the system that has a hut");
    cr_assert(hg_can(t.g, "meeple", "f1"));
    cr_assert_eq(t_figure(t.g, "meeple", "f1"), CARC_OK);
    /* the river start-48-47-01 is complete: 4 tiles + lakes 1 + 3 + 1 fish in 47 */
    cr_assert_eq(t_cat(t.g, 1, "river"), 9);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(hg_supply(t.g, 0, 0), 5, "the open forest's gatherer left without points");
    cr_assert_eq(t_cat(t.g, 0, "forest"), 0);
    cr_assert_eq(hg_supply(t.g, 0, 1), 2, "the hut stays");
    t_free(&t);
}

/* Systems: HG20-48's river joins the start tile's river, which runs into
 * the start's lake (link=): two features, one system of three pieces. A
 * forest or a grassland never takes part in a link: its system is its
 * feature, with the same pieces. */
Test(hunters_gatherers_play, a_river_and_its_lake_make_one_system)
{
    tgame t = hg_new(2, "HG20-48:1 HG20-02:1", 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "HG20-48", -1, 0, 0), CARC_OK);
    int start = t_type(g, "HG20-56"), t48 = t_type(g, "HG20-48");
    int s0 = carc_tile_first_piece(g, 0), s1 = carc_tile_first_piece(g, 1);
    int river = s1 + t_feat(g, t48, "r1"), start_river = s0 + t_feat(g, start, "r1");
    int lake = s0 + t_feat(g, start, "l1"), forest = s0 + t_feat(g, start, "f1");
    int grass = s1 + t_feat(g, t48, "g2");
    cr_assert_eq(carc_feature_of(g, river), carc_feature_of(g, start_river), "the two rivers are one feature");
    cr_assert_neq(carc_feature_of(g, river), carc_feature_of(g, lake));
    cr_assert_eq(carc_system_of(g, river), carc_system_of(g, lake), "the lake is in the river's system");
    cr_assert_eq(carc_system_pieces(g, lake, NULL, 0), 3);
    cr_assert_eq(carc_feature_pieces(g, river, NULL, 0), 2);
    cr_assert_eq(carc_system_of(g, forest), carc_feature_of(g, forest));
    cr_assert_eq(carc_system_pieces(g, forest, NULL, 0), carc_feature_pieces(g, forest, NULL, 0));
    cr_assert_eq(carc_system_of(g, grass), carc_feature_of(g, grass));
    cr_assert_eq(carc_system_pieces(g, grass, NULL, 0), carc_feature_pieces(g, grass, NULL, 0));
    t_free(&t);
}

/* A tile set may let a kind without links meet a river across an edge (here
 * a forest on a river slot): the joined feature then belongs to the river's
 * system, lake included. */
Test(hunters_gatherers_play, a_feature_joined_to_a_linked_river_shares_its_system)
{
    static const char text[] = "tile S count=1 start\n"
                               "  edges F F F F F F F F F F R F\n"
                               "  feature forest slots=0,1,2,3,4,5,6,7,8,9,11 id=f1\n"
                               "  feature river slots=10 id=r1 link=l1\n"
                               "  feature lake slots=none id=l1\n"
                               "tile X count=1\n"
                               "  edges F F F F R F F F F F F F\n"
                               "  feature forest slots=4 id=w1\n"
                               "  feature forest slots=0,1,2,3,5,6,7,8,9,10,11 id=f2\n";
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "hunters-gatherers", &v), CARC_OK);
    tgame t = t_new_text(v, 2, text, sizeof text - 1, NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "X", -1, 0, 0), CARC_OK);
    int s = t_type(g, "S"), x = t_type(g, "X");
    int w1 = carc_tile_first_piece(g, 1) + t_feat(g, x, "w1");
    int r1 = carc_tile_first_piece(g, 0) + t_feat(g, s, "r1"), l1 = carc_tile_first_piece(g, 0) + t_feat(g, s, "l1");
    cr_assert_eq(carc_feature_of(g, w1), carc_feature_of(g, r1), "the forest slot meets the river");
    cr_assert_eq(carc_system_of(g, w1), carc_system_of(g, l1), "so it is in the lake's system");
    cr_assert_eq(carc_system_pieces(g, w1, NULL, 0), 3);
    t_free(&t);
}

/* carcassonne.h: without hands, carc_game_hand() gives the tile drawn for
 * the player to move, but the tile of an extra turn is in no hand (a client
 * showing the hand and the extra tile would show it twice). */
Test(hunters_gatherers_play, extra_turn_tile_is_in_no_hand)
{
    tgame t = hg_new(2, "HG20-34:1 HG20-22:1 HG20-35:1 HG20-37:1 HG20-62:1 HG20-81:1 HG20-90:1", 0);
    cr_assert_eq(t_turn(t.g, "HG20-34", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-22", -1, 0, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "HG20-35", 1, 0, 2, "meeple", "f1"), CARC_OK);
    /* an ordinary turn: the drawn tile is the mover's hand of one */
    int tiles[4] = {-1, -1, -1, -1}, n = -1, drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(t.g, &drawn), CARC_OK);
    cr_assert_eq(carc_game_hand(t.g, 1, tiles, 4, &n), CARC_OK);
    cr_assert_eq(n, 1);
    cr_assert_eq(tiles[0], drawn);
    cr_assert_eq(carc_game_hand(t.g, 0, tiles, 4, &n), CARC_OK);
    cr_assert_eq(n, 0, "nobody else holds a tile");
    cr_assert_eq(t_turn(t.g, "HG20-37", 0, 1, 0, NULL, NULL), CARC_OK);
    hg_fix(t.g, "HG20-81");
    cr_assert_eq(t_player(t.g), 1, "the forest earned player 1 an extra turn");
    cr_assert(carc_turn_is_extra(t.g));
    cr_assert_eq(carc_game_drawn_tile(t.g, &drawn), CARC_OK);
    cr_assert_eq(drawn, t_type(t.g, "HG20-81"));
    for (int p = 0; p < 2; p++) {
        n = -1;
        cr_assert_eq(carc_game_hand(t.g, p, tiles, 4, &n), CARC_OK);
        cr_assert_eq(n, 0, "player %d's hand holds %d tiles during the extra turn", p, n);
    }
    cr_assert_eq(hg_place_drawn(t.g, "HG20-81", -1, -1, 0), CARC_OK);
    t_free(&t);
}
