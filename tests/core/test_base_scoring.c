/* The classic scoring rules on small fixed positions.
 *
 * Geometry reminder: the start tile D lies at (0,0) unturned: city on its
 * north side, a road running west-east, fields south. x grows east, y grows
 * south, and rotation r turns a tile r quarter turns clockwise. */
#include "helpers.h"

#define OK CARC_OK

static tgame deck_game(int players, const char *deck)
{
    tgame t = t_new_deck("base", players, deck, NULL, 0);
    cr_assert_not_null(t.g, "cannot build a base game with deck \"%s\"", deck);
    return t;
}

static int feature_figures(carc_feature_info fi)
{
    int n = 0;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) n += fi.figures[p];
    return n;
}

static int is_over(carc_game *g)
{
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), OK);
    return over;
}

/* ---- roads ------------------------------------------------------------ */

Test(base_scoring, road_between_two_junctions_scores_one_per_tile)
{
    tgame t = deck_game(2, "W:2");
    carc_game *g = t.g;
    /* W unturned: roads east (r1), south (r2), west (r3) meeting at a junction */
    cr_assert_eq(t_turn(g, "W", 1, 0, 0, "follower", "r3"), OK);
    carc_feature_info road = t_feature_at(g, 0, 0, "r1");
    cr_assert_eq(road.tiles, 2);
    cr_assert_eq(road.open_edges, 1, "the road still runs out west of the start tile");
    cr_assert_eq(road.complete, 0);
    cr_assert_eq(road.figures[0], 1);
    cr_assert_eq(h_supply(g, 0), 6);
    cr_assert_eq(t_score(g, 0), 0);

    cr_assert_eq(t_turn(g, "W", -1, 0, 0, NULL, NULL), OK);
    road = t_feature_at(g, 0, 0, "r1");
    cr_assert_eq(road.complete, 1);
    cr_assert_eq(road.tiles, 3);
    cr_assert_eq(t_cat(g, 0, "road"), 3, "a road of 3 tiles scores 3");
    cr_assert_eq(t_score(g, 1), 0, "player 1 has no follower on the road");
    cr_assert_eq(h_supply(g, 0), 7, "the follower went home");
    cr_assert_eq(feature_figures(road), 0);

    cr_assert_eq(h_event_count(g), 1);
    h_assert_event(g, 0, 0, 3, "road", CARC_REASON_COMPLETED);
    carc_event e = h_event(g, 0);
    carc_feature_info via = {.struct_size = sizeof via};
    cr_assert_eq(carc_game_feature(g, e.tile_index, e.feature, &via), OK);
    cr_assert_eq(via.id, road.id, "the event names a piece of the scored road");

    cr_assert(is_over(g));
    cr_assert_eq(t_score(g, 0), 3, "nothing else scores at the end");
    cr_assert_eq(t_score(g, 1), 0);
    t_free(&t);
}

Test(base_scoring, road_closing_a_loop_is_complete)
{
    tgame t = deck_game(2, "V:4");
    carc_game *g = t.g;
    /* four curves south of the start tile form a ring */
    cr_assert_eq(t_turn(g, "V", 0, 1, 3, "follower", "r1"), OK); /* east + south */
    cr_assert_eq(t_turn(g, "V", 1, 1, 0, NULL, NULL), OK);        /* west + south */
    cr_assert_eq(t_turn(g, "V", 0, 2, 2, NULL, NULL), OK);        /* north + east */
    carc_feature_info ring = t_feature_at(g, 0, 1, "r1");
    cr_assert_eq(ring.tiles, 3);
    cr_assert_eq(ring.complete, 0);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_turn(g, "V", 1, 2, 1, NULL, NULL), OK); /* north + west: closes the ring */
    ring = t_feature_at(g, 0, 1, "r1");
    cr_assert_eq(ring.complete, 1);
    cr_assert_eq(ring.open_edges, 0);
    cr_assert_eq(t_cat(g, 0, "road"), 4);
    cr_assert_eq(t_score(g, 1), 0, "closing someone else's road scores nothing");
    cr_assert_eq(h_supply(g, 0), 7);
    h_assert_event(g, 0, 0, 4, "road", CARC_REASON_COMPLETED);
    t_free(&t);
}

Test(base_scoring, road_ends_at_a_crossroads)
{
    tgame t = deck_game(2, "X:1 W:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "X", 1, 0, 0, "follower", "r4"), OK); /* r4: the west arm */
    carc_feature_info main_road = t_feature_at(g, 0, 0, "r1");
    carc_feature_info east_arm = t_feature_at(g, 1, 0, "r2");
    cr_assert_eq(main_road.tiles, 2);
    cr_assert_neq(east_arm.id, main_road.id, "the road must not pass through the crossroads");
    cr_assert_eq(east_arm.tiles, 1);
    cr_assert_eq(main_road.open_edges, 1);

    cr_assert_eq(t_turn(g, "W", -1, 0, 0, "follower", "r2"), OK); /* r2: the junction's south arm */
    cr_assert_eq(t_feature_at(g, 0, 0, "r1").complete, 1);
    cr_assert_eq(t_cat(g, 0, "road"), 3);
    cr_assert(is_over(g));
    /* the south arm of W is a one-tile road, incomplete at the end: 1 point */
    cr_assert_eq(t_cat(g, 1, "road"), 1);
    cr_assert_eq(t_score(g, 0), 3);
    int n = h_event_count(g);
    cr_assert_eq(n, 2);
    h_assert_event(g, 1, 1, 1, "road", CARC_REASON_FINAL);
    t_free(&t);
}

/* ---- cities ----------------------------------------------------------- */

Test(base_scoring, two_tile_city_scores_four)
{
    tgame t = deck_game(2, "E:1 B:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, "follower", "c1"), OK); /* city side turned south */
    carc_feature_info city = t_feature_at(g, 0, 0, "c1");
    cr_assert_eq(city.complete, 1);
    cr_assert_eq(city.tiles, 2);
    cr_assert_eq(t_cat(g, 0, "city"), 4);
    cr_assert_eq(t_score(g, 0), 4);
    cr_assert_eq(h_supply(g, 0), 7);
    cr_assert_eq(h_event_count(g), 1);
    h_assert_event(g, 0, 0, 4, "city", CARC_REASON_COMPLETED);
    t_free(&t);
}

Test(base_scoring, city_covering_a_tile_twice_counts_it_once)
{
    tgame t = deck_game(2, "I:1 N:3");
    carc_game *g = t.g;
    /* I turned twice: two separate city parts, south and east; three N tiles
     * join them around a 2x2 block */
    cr_assert_eq(t_turn(g, "I", 0, 1, 2, "follower", "c1"), OK);
    cr_assert_neq(t_feature_at(g, 0, 1, "c1").id, t_feature_at(g, 0, 1, "c2").id);
    cr_assert_eq(t_turn(g, "N", 0, 2, 0, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "N", 1, 2, 3, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "N", 1, 1, 2, NULL, NULL), OK);
    carc_feature_info city = t_feature_at(g, 0, 1, "c1");
    cr_assert_eq(city.id, t_feature_at(g, 0, 1, "c2").id, "both parts of I are one city now");
    cr_assert_eq(city.complete, 1);
    cr_assert_eq(city.tiles, 4);
    cr_assert_eq(t_cat(g, 0, "city"), 8, "4 distinct tiles, not 5 city parts");
    cr_assert_eq(t_score(g, 1), 0);
    t_free(&t);
}

Test(base_scoring, completed_city_counts_coat_of_arms_twice)
{
    tgame t = deck_game(2, "M:1 E:1");
    carc_game *g = t.g;
    /* M (pennant) turned twice: city on its south and west sides */
    cr_assert_eq(t_turn(g, "M", 0, -1, 2, "follower", "c1"), OK);
    carc_feature_info city = t_feature_at(g, 0, -1, "c1");
    cr_assert_eq(city.complete, 0);
    cr_assert_eq(city.points_now, 3, "open city: 2 tiles + 1 coat of arms");
    cr_assert_eq(t_turn(g, "E", -1, -1, 1, NULL, NULL), OK); /* closes the west side */
    city = t_feature_at(g, 0, -1, "c1");
    cr_assert_eq(city.complete, 1);
    cr_assert_eq(city.tiles, 3);
    cr_assert_eq(t_cat(g, 0, "city"), 8, "2 x (3 tiles + 1 coat of arms)");
    cr_assert_eq(t_score(g, 1), 0, "the player closing the city has no follower in it");
    h_assert_event(g, 0, 0, 8, "city", CARC_REASON_COMPLETED);
    t_free(&t);
}

/* A tile set for the base rules whose cities carry no `pennant`
 * attribute at all: the rules look the attribute up once a game and find
 * none, and a city is worth its tiles alone. */
static const char NO_PENNANTS[] = "tile S count=1 start\n"
                                  "  edges C C C F F F F F F F F F\n"
                                  "  feature city slots=0,1,2 id=c1\n"
                                  "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1 borders=c1\n"
                                  "tile N count=1\n"
                                  "  edges F F F F F F C C C F F F\n"
                                  "  feature city slots=6,7,8 id=c1\n"
                                  "  feature farm slots=0,1,2,3,4,5,9,10,11 id=f1 borders=c1\n";

Test(base_scoring, city_in_a_set_without_pennants_scores_its_tiles)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), OK);
    tgame t = t_new_text(v, 2, NO_PENNANTS, sizeof NO_PENNANTS - 1, NULL, 0);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    cr_assert_eq(carc_attr_index(g, "pennant"), -1);
    cr_assert_eq(t_turn(g, "N", 0, -1, 0, "follower", "c1"), OK);
    cr_assert(is_over(g), "the only tile ends the game");
    cr_assert_eq(t_cat(g, 0, "city"), 4, "2 tiles, no coat of arms");
    cr_assert_eq(t_score(g, 0), 4);
    cr_assert_eq(t_score(g, 1), 0);
    h_assert_event(g, 0, 0, 4, "city", CARC_REASON_COMPLETED);
    t_free(&t);
}

Test(base_scoring, incomplete_city_at_game_end_one_per_tile_and_arms)
{
    tgame t = deck_game(2, "M:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "M", 0, -1, 2, "follower", "c1"), OK);
    cr_assert(is_over(g), "the last tile ends the game at once");
    cr_assert_eq(t_cat(g, 0, "city"), 3, "2 tiles + 1 coat of arms");
    cr_assert_eq(t_score(g, 1), 0);
    cr_assert_eq(h_event_count(g), 1);
    h_assert_event(g, 0, 0, 3, "city", CARC_REASON_FINAL);
    t_free(&t);
}

/* ---- monasteries ------------------------------------------------------ */

Test(base_scoring, surrounded_monastery_scores_nine)
{
    tgame t = deck_game(2, "B:6 A:2");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, "follower", "m1"), OK);
    static const int ring[5][2] = {{1, 1}, {-1, 1}, {0, 2}, {1, 2}, {-1, 2}};
    for (int i = 0; i < 5; i++) cr_assert_eq(t_turn(g, "B", ring[i][0], ring[i][1], 0, NULL, NULL), OK);
    /* A turned once: road end on its west side, meets the start tile's road */
    cr_assert_eq(t_turn(g, "A", 1, 0, 1, NULL, NULL), OK);
    carc_feature_info mon = t_feature_at(g, 0, 1, "m1");
    cr_assert_eq(mon.complete, 0);
    cr_assert_eq(mon.points_now, 8, "1 + 7 neighbours so far");
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_turn(g, "A", -1, 0, 3, NULL, NULL), OK); /* the eighth neighbour */
    mon = t_feature_at(g, 0, 1, "m1");
    cr_assert_eq(mon.complete, 1);
    cr_assert_eq(t_cat(g, 0, "monastery"), 9);
    cr_assert_eq(t_score(g, 1), 0);
    cr_assert_eq(h_supply(g, 0), 7);
    h_assert_event(g, 0, 0, 9, "monastery", CARC_REASON_COMPLETED);
    cr_assert(is_over(g));
    cr_assert_eq(t_score(g, 0), 9);
    t_free(&t);
}

/* The eighth neighbour is the square below, on the column x = 0: the
 * nearness test must hold across the sign change of x - 1. */
Test(base_scoring, monastery_completed_from_the_square_below_on_column_zero)
{
    tgame t = deck_game(2, "B:6 A:2");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, "follower", "m1"), OK);
    cr_assert_eq(t_turn(g, "A", 1, 0, 1, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "A", -1, 0, 3, NULL, NULL), OK);
    static const int ring[4][2] = {{1, 1}, {-1, 1}, {1, 2}, {-1, 2}};
    for (int i = 0; i < 4; i++) cr_assert_eq(t_turn(g, "B", ring[i][0], ring[i][1], 0, NULL, NULL), OK);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_turn(g, "B", 0, 2, 0, NULL, NULL), OK); /* the eighth neighbour */
    cr_assert_eq(t_cat(g, 0, "monastery"), 9);
    h_assert_event(g, 0, 0, 9, "monastery", CARC_REASON_COMPLETED);
    cr_assert_eq(h_supply(g, 0), 7, "the follower went home");
    t_free(&t);
}

Test(base_scoring, monastery_placed_into_a_full_ring_scores_at_once)
{
    tgame t = deck_game(2, "A:2 B:6");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "A", 1, 0, 1, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "A", -1, 0, 3, NULL, NULL), OK);
    static const int ring[5][2] = {{1, 1}, {-1, 1}, {1, 2}, {-1, 2}, {0, 2}};
    for (int i = 0; i < 5; i++) cr_assert_eq(t_turn(g, "B", ring[i][0], ring[i][1], 0, NULL, NULL), OK);
    cr_assert_eq(t_place(g, "B", 0, 1, 0), OK);
    cr_assert_eq(t_player(g), 1);
    cr_assert_eq(t_figure(g, "follower", "m1"), OK);
    cr_assert_eq(t_cat(g, 1, "monastery"), 9);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(h_supply(g, 1), 7);
    h_assert_event(g, 0, 1, 9, "monastery", CARC_REASON_COMPLETED);
    t_free(&t);
}

/* Field tiles and two monasteries, so that only the two monasteries are
 * open areas: the list of open monasteries is what this tests. */
static const char TWO_MONASTERIES[] =
    "tile S count=1 start\n"
    "  edges F F F F F F F F F F F F\n"
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n"
    "tile F count=12\n"
    "  edges F F F F F F F F F F F F\n"
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n"
    "tile M count=2\n"
    "  edges F F F F F F F F F F F F\n"
    "  feature monastery slots=none id=m1\n"
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n";

/* The first monastery surrounded leaves the list of open ones and the
 * second moves into its place; each is scored once, by the tile that
 * surrounds it, and nothing else is logged. */
Test(base_scoring, two_monasteries_side_by_side_each_scored_once)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), OK);
    tgame t = t_new_text(v, 2, TWO_MONASTERIES, sizeof TWO_MONASTERIES - 1, NULL, 0);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    cr_assert_eq(t_turn(g, "M", 0, 1, 0, "follower", "m1"), OK);
    cr_assert_eq(t_turn(g, "M", 0, 2, 0, "follower", "m1"), OK);
    static const int around_first[6][2] = {{-1, 0}, {1, 0}, {-1, 1}, {1, 1}, {-1, 2}, {1, 2}};
    for (int i = 0; i < 6; i++) cr_assert_eq(t_turn(g, "F", around_first[i][0], around_first[i][1], 0, NULL, NULL), OK);
    cr_assert_eq(t_cat(g, 0, "monastery"), 9, "the first monastery, surrounded by the sixth field");
    cr_assert_eq(t_score(g, 1), 0, "the second still has three empty squares around");
    static const int around_second[3][2] = {{-1, 3}, {0, 3}, {1, 3}};
    for (int i = 0; i < 3; i++) cr_assert_eq(t_turn(g, "F", around_second[i][0], around_second[i][1], 0, NULL, NULL), OK);
    cr_assert_eq(t_cat(g, 1, "monastery"), 9);
    cr_assert_eq(t_score(g, 0), 9);
    cr_assert_eq(h_supply(g, 0), 7);
    cr_assert_eq(h_supply(g, 1), 7);
    int n = 0;
    cr_assert_eq(carc_game_log_count(g, &n), OK);
    cr_assert_eq(n, 2, "two awards and nothing else");
    cr_assert_eq(t_turn(g, "F", 2, 0, 0, NULL, NULL), OK);
    cr_assert_eq(carc_game_log_count(g, &n), OK);
    cr_assert_eq(n, 2, "a later tile completes nothing");
    t_free(&t);
}

Test(base_scoring, monastery_at_game_end_one_plus_neighbours)
{
    tgame t = deck_game(2, "B:2");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, "follower", "m1"), OK);
    cr_assert_eq(t_turn(g, "B", 1, 1, 0, NULL, NULL), OK);
    cr_assert(is_over(g));
    /* neighbours of (0,1): the start tile and (1,1) */
    cr_assert_eq(t_cat(g, 0, "monastery"), 3);
    cr_assert_eq(t_score(g, 1), 0);
    h_assert_event(g, 0, 0, 3, "monastery", CARC_REASON_FINAL);
    t_free(&t);
}

/* One player fills a row with monasteries until out of followers; each
 * scores 1 + its neighbours at the end, counted here from the board. */
Test(base_scoring, row_of_monasteries_final_values_and_empty_supply)
{
    tgame t = deck_game(2, "B:15");
    carc_game *g = t.g;
    for (int i = 0; i < 15; i++) {
        int me = i % 2;
        int x = me == 0 ? i / 2 : -(i / 2 + 1);
        cr_assert_eq(t_place(g, "B", x, 1, 0), OK);
        if (me == 0 && i / 2 < 7) {
            cr_assert_eq(t_move_count(g), 3, "monastery, field, pass");
            cr_assert_eq(t_figure(g, "follower", "m1"), OK);
        } else if (me == 0) {
            cr_assert_eq(h_supply(g, 0), 0);
            cr_assert_eq(t_move_count(g), 1, "no follower left: only the pass");
            char *before = h_save(g);
            cr_assert_eq(t_figure(g, "follower", "m1"), CARC_E_ILLEGAL_MOVE);
            h_assert_unchanged(g, before, "a figure move without followers");
            free(before);
            cr_assert_eq(t_pass(g), OK);
        } else {
            cr_assert_eq(t_pass(g), OK);
        }
    }
    cr_assert(is_over(g));
    int want = 0;
    for (int x = 0; x < 7; x++) {
        int n = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int ti;
                carc_game_tile_at(g, x + dx, 1 + dy, &ti);
                if ((dx || dy) && ti >= 0) n++;
            }
        want += 1 + n;
    }
    cr_assert_eq(t_cat(g, 0, "monastery"), want);
    cr_assert_eq(t_score(g, 1), 0);
    t_free(&t);
}

/* ---- farms ------------------------------------------------------------ */

Test(base_scoring, farmer_scores_three_per_completed_city_and_stays)
{
    tgame t = deck_game(2, "E:1 B:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, "follower", "f1"), OK);
    cr_assert_eq(t_feature_at(g, 0, 0, "c1").complete, 1);
    cr_assert_eq(t_score(g, 0), 0, "a city without followers scores for nobody");
    cr_assert_eq(h_supply(g, 0), 6, "the farmer stays on the board");
    cr_assert_eq(h_on_board(g, 0), 1);
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, NULL, NULL), OK);
    cr_assert_eq(h_on_board(g, 0), 1);
    cr_assert(is_over(g));
    cr_assert_eq(t_cat(g, 0, "farm"), 3);
    cr_assert_eq(t_score(g, 0), 3);
    cr_assert_eq(t_score(g, 1), 0);
    cr_assert_eq(h_event_count(g), 1);
    h_assert_event(g, 0, 0, 3, "farm", CARC_REASON_FINAL);
    t_free(&t);
}

Test(base_scoring, farm_next_to_incomplete_city_scores_nothing)
{
    tgame t = deck_game(2, "M:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "M", 0, -1, 2, "follower", "f1"), OK);
    cr_assert(is_over(g));
    cr_assert_eq(t_cat(g, 0, "farm"), 0);
    cr_assert_eq(t_score(g, 0), 0);
    t_free(&t);
}

Test(base_scoring, one_city_counts_for_each_farm_touching_it)
{
    tgame t = deck_game(2, "H:1 E:1");
    carc_game *g = t.g;
    /* H: cities north and south, one field between them touching both */
    cr_assert_eq(t_turn(g, "H", 0, -1, 0, "follower", "f1"), OK);
    cr_assert_eq(t_feature_at(g, 0, 0, "c1").complete, 1, "H's south city closes the start city");
    cr_assert_eq(t_turn(g, "E", 0, -2, 2, "follower", "f1"), OK);
    cr_assert_eq(t_feature_at(g, 0, -1, "c1").complete, 1);
    cr_assert_neq(t_feature_at(g, 0, -1, "f1").id, t_feature_at(g, 0, -2, "f1").id, "two separate fields");
    cr_assert(is_over(g));
    cr_assert_eq(t_cat(g, 0, "farm"), 6, "field touching two completed cities");
    cr_assert_eq(t_cat(g, 1, "farm"), 3, "the northern city also counts for the other field");
    cr_assert_eq(t_cat(g, 0, "city") + t_cat(g, 1, "city"), 0);
    t_free(&t);
}

Test(base_scoring, farmers_tied_in_a_merged_farm_both_score)
{
    tgame t = deck_game(2, "E:1 V:1 B:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, "follower", "f1"), OK); /* closes the start city */
    cr_assert_eq(t_turn(g, "V", 1, 0, 0, "follower", "f1"), OK);  /* field north of the curve */
    cr_assert_neq(t_feature_at(g, 0, -1, "f1").id, t_feature_at(g, 1, 0, "f1").id);
    cr_assert_eq(t_turn(g, "B", 1, -1, 0, NULL, NULL), OK);       /* joins the two fields */
    carc_feature_info farm = t_feature_at(g, 1, -1, "f1");
    cr_assert_eq(farm.id, t_feature_at(g, 0, -1, "f1").id);
    cr_assert_eq(farm.id, t_feature_at(g, 1, 0, "f1").id);
    cr_assert_eq(farm.figures[0], 1);
    cr_assert_eq(farm.figures[1], 1);
    cr_assert(is_over(g));
    cr_assert_eq(t_cat(g, 0, "farm"), 3);
    cr_assert_eq(t_cat(g, 1, "farm"), 3);
    t_free(&t);
}

/* The piece of feature `id` of the tile at (x,y), for the variant API. */
static int piece_at(carc_game *g, int x, int y, const char *id)
{
    int ti = -1;
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile_at(g, x, y, &ti), OK);
    cr_assert_geq(ti, 0, "no tile at (%d,%d)", x, y);
    cr_assert_eq(carc_game_tile(g, ti, &pt), OK);
    int f = t_feat(g, pt.type, id);
    cr_assert_geq(f, 0, "no feature %s at (%d,%d)", id, x, y);
    return carc_tile_first_piece(g, ti) + f;
}

static int kind_id(carc_game *g, const char *name)
{
    const carc_variant *v = NULL;
    carc_game_variant(g, &v);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), OK);
    for (int k = 0; k < info.kind_count; k++) {
        const char *kn = NULL;
        carc_variant_kind(v, k, &kn, NULL);
        if (!strcmp(kn, name)) return k;
    }
    cr_assert_fail("no kind %s", name);
    return -1;
}

Test(base_scoring, feature_borders_lists_each_bordered_city_once)
{
    tgame t = deck_game(2, "H:1 E:1");
    carc_game *g = t.g;
    int city = kind_id(g, "city"), road = kind_id(g, "road"), farm = kind_id(g, "farm");
    /* H north of the start tile: its south city closes the start city, its
     * north city is open, its field lies between the two */
    cr_assert_eq(t_turn(g, "H", 0, -1, 0, "follower", "f1"), OK);
    int field = piece_at(g, 0, -1, "f1");
    int north = carc_feature_of(g, piece_at(g, 0, -1, "c1"));
    int south = carc_feature_of(g, piece_at(g, 0, 0, "c1"));
    cr_assert_eq(carc_feature_of(g, piece_at(g, 0, -1, "c2")), south);
    cr_assert_neq(north, south);
    int out[4] = {-7, -7, -7, -7};
    cr_assert_eq(carc_feature_borders(g, field, city, out, 4), 2);
    cr_assert((out[0] == north && out[1] == south) || (out[0] == south && out[1] == north),
              "got %d %d, want the roots %d and %d", out[0], out[1], north, south);
    cr_assert_eq(out[2], -7, "nothing written past the count");
    cr_assert_eq(carc_feature_complete(g, south), 1);
    cr_assert_eq(carc_feature_complete(g, north), 0);
    cr_assert_eq(carc_feature_borders(g, field, road, out, 4), 0, "base farms border cities only");
    cr_assert_eq(carc_feature_borders(g, field, farm, out, 4), 0);
    /* the start tile: the field north of the road borders the city, the one south of it nothing */
    cr_assert_eq(carc_feature_borders(g, piece_at(g, 0, 0, "f1"), city, out, 4), 1);
    cr_assert_eq(out[0], south);
    cr_assert_eq(carc_feature_borders(g, piece_at(g, 0, 0, "f2"), city, out, 4), 0);

    /* E closes the north city: still two cities, now both complete */
    cr_assert_eq(t_turn(g, "E", 0, -2, 2, NULL, NULL), OK);
    north = carc_feature_of(g, piece_at(g, 0, -1, "c1"));
    cr_assert_eq(carc_feature_complete(g, north), 1);
    cr_assert_eq(carc_feature_borders(g, field, city, NULL, 0), 2, "counted without a buffer");
    out[0] = out[1] = -7;
    cr_assert_eq(carc_feature_borders(g, field, city, out, 1), 2, "the count is of them all");
    cr_assert(out[0] == north || out[0] == south);
    cr_assert_eq(out[1], -7, "cap 1 writes one");
    cr_assert_eq(carc_feature_borders(g, field, city, out, -3), 2, "a negative cap writes nothing");
    cr_assert_eq(out[1], -7);
    t_free(&t);
}

Test(base_scoring, feature_borders_walks_a_merged_farm)
{
    tgame t = deck_game(2, "E:1 V:1 B:1");
    carc_game *g = t.g;
    int city = kind_id(g, "city");
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "V", 1, 0, 0, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "B", 1, -1, 0, NULL, NULL), OK);
    /* one field over E, V, B and the start tile's northern field; two of
     * its pieces (E's and the start tile's) border the same city */
    int start_field = piece_at(g, 0, 0, "f1"), e_field = piece_at(g, 0, -1, "f1");
    cr_assert_eq(carc_feature_of(g, start_field), carc_feature_of(g, e_field));
    cr_assert_eq(carc_feature_of(g, piece_at(g, 1, -1, "f1")), carc_feature_of(g, e_field));
    cr_assert_geq(carc_feature_pieces(g, e_field, NULL, 0), 4);
    int the_city = carc_feature_of(g, piece_at(g, 0, 0, "c1"));
    cr_assert_eq(carc_feature_of(g, piece_at(g, 0, -1, "c1")), the_city);
    int out[4] = {-7, -7, -7, -7};
    /* any piece of the field names it */
    cr_assert_eq(carc_feature_borders(g, piece_at(g, 1, -1, "f1"), city, out, 4), 1);
    cr_assert_eq(out[0], the_city);
    cr_assert_eq(out[1], -7);
    cr_assert_eq(carc_feature_borders(g, start_field, city, out, 4), 1);
    cr_assert_eq(out[0], the_city);
    t_free(&t);
}

#if !CARC_PLUGIN_CHECKS /* bad arguments on purpose: a -Dplugin_checks build stops at them */
Test(base_scoring, feature_borders_refuses_bad_arguments)
{
    tgame t = deck_game(2, "E:1");
    carc_game *g = t.g;
    int city = kind_id(g, "city"), field = piece_at(g, 0, 0, "f1");
    int out[2] = {-7, -7};
    cr_assert_eq(carc_feature_borders(g, field, city, out, 2), 1);
    out[0] = -7;
    cr_assert_eq(carc_feature_borders(NULL, field, city, out, 2), 0);
    cr_assert_eq(carc_feature_borders(g, -1, city, out, 2), 0);
    cr_assert_eq(carc_feature_borders(g, 999, city, out, 2), 0);
    cr_assert_eq(carc_feature_borders(g, field, -1, out, 2), 0);
    cr_assert_eq(carc_feature_borders(g, field, CARC_MAX_KINDS, out, 2), 0);
    cr_assert_eq(out[0], -7, "nothing written on a bad argument");
    t_free(&t);
}
#endif

/* ---- majorities ------------------------------------------------------- */

/* Builds a six-tile city: K east and J west of the start tile each carry a
 * follower in separate city parts; R above the start tile, then two N
 * tiles join everything. `second` puts player 0's second follower on R. */
static tgame merged_city(int second)
{
    tgame t = deck_game(2, "K:1 J:1 R:1 N:2");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "K", 1, 0, 0, "follower", "c1"), OK);
    cr_assert_eq(t_turn(g, "J", -1, 0, 0, "follower", "c1"), OK);
    cr_assert_eq(t_place(g, "R", 0, -1, 2), OK);
    cr_assert_eq(t_move_count(g), 3, "R's city (only the start city so far), its field, pass");
    cr_assert_eq(second ? t_figure(g, "follower", "c1") : t_pass(g), OK);
    cr_assert_eq(t_place(g, "N", -1, -1, 1), OK); /* joins J's city to R's */
    carc_feature_info city = t_feature_at(g, -1, -1, "c1");
    cr_assert_eq(city.figures[1], 1);
    cr_assert_eq(city.figures[0], second ? 1 : 0);
    cr_assert_eq(city.complete, 0);
    /* player 1 to decide: the city is taken, the field is free */
    cr_assert_eq(t_move_count(g), 2);
    char *before = h_save(g);
    cr_assert_eq(t_figure(g, "follower", "c1"), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a follower on an occupied city");
    free(before);
    cr_assert_eq(t_pass(g), OK);
    cr_assert_eq(t_turn(g, "N", 1, -1, 2, NULL, NULL), OK); /* joins K's city and closes it */
    city = t_feature_at(g, 0, 0, "c1");
    cr_assert_eq(city.complete, 1);
    cr_assert_eq(city.tiles, 6);
    return t;
}

Test(base_scoring, tied_majority_both_players_score)
{
    tgame t = merged_city(0);
    carc_game *g = t.g;
    cr_assert_eq(t_cat(g, 0, "city"), 12);
    cr_assert_eq(t_cat(g, 1, "city"), 12);
    cr_assert_eq(h_supply(g, 0), 7);
    cr_assert_eq(h_supply(g, 1), 7);
    cr_assert_eq(h_event_count(g), 2);
    carc_event a = h_event(g, 0), b = h_event(g, 1);
    cr_assert_eq(a.player + b.player, 1, "one event for each player");
    h_assert_event(g, 0, a.player, 12, "city", CARC_REASON_COMPLETED);
    h_assert_event(g, 1, b.player, 12, "city", CARC_REASON_COMPLETED);
    cr_assert(is_over(g));
    cr_assert_eq(t_score(g, 0), 12);
    cr_assert_eq(t_score(g, 1), 12);
    unsigned w = 0;
    cr_assert_eq(carc_game_winners(g, &w), OK);
    cr_assert_eq(w, 3u, "equal scores share the win");
    t_free(&t);
}

Test(base_scoring, majority_two_against_one_takes_all)
{
    tgame t = merged_city(1);
    carc_game *g = t.g;
    cr_assert_eq(t_cat(g, 0, "city"), 12);
    cr_assert_eq(t_cat(g, 1, "city"), 0);
    cr_assert_eq(h_supply(g, 0), 7, "both of the winner's followers return");
    cr_assert_eq(h_supply(g, 1), 7, "the loser's follower returns as well");
    cr_assert_eq(h_on_board(g, 0) + h_on_board(g, 1), 0);
    cr_assert_eq(h_event_count(g), 1);
    h_assert_event(g, 0, 0, 12, "city", CARC_REASON_COMPLETED);
    unsigned w = 0;
    cr_assert_eq(carc_game_winners(g, &w), OK);
    cr_assert_eq(w, 1u);
    t_free(&t);
}

/* At the end, final scoring groups the figures by feature: the four-tile
 * city (start tile, R, J, N; no pennants) holds one follower of each player
 * and pays both 4; K's one-tile city pays its owner 1 more. */
Test(base_scoring, final_majorities_group_figures_by_feature)
{
    tgame t = deck_game(2, "K:1 J:1 R:1 N:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "K", 1, 0, 0, "follower", "c1"), OK);
    cr_assert_eq(t_turn(g, "J", -1, 0, 0, "follower", "c1"), OK);
    cr_assert_eq(t_turn(g, "R", 0, -1, 2, "follower", "c1"), OK);
    cr_assert_eq(t_turn(g, "N", -1, -1, 1, NULL, NULL), OK); /* joins J's city to R's, still open */
    cr_assert(is_over(g));
    carc_feature_info big = t_feature_at(g, 0, 0, "c1");
    cr_assert_eq(big.tiles, 4);
    cr_assert_eq(big.complete, 0);
    cr_assert_eq(big.figures[0], 1);
    cr_assert_eq(big.figures[1], 1);
    cr_assert_eq(t_cat(g, 0, "city"), 5, "4 for the shared city, 1 for K's");
    cr_assert_eq(t_cat(g, 1, "city"), 4);
    cr_assert_eq(h_event_count(g), 3);
    for (int i = 0; i < 3; i++) cr_assert_eq(h_event(g, i).reason, CARC_REASON_FINAL);
    cr_assert_eq(h_on_board(g, 0), 2, "final scoring sends nobody home");
    cr_assert_eq(h_on_board(g, 1), 1);
    t_free(&t);
}

Test(base_scoring, follower_cannot_join_an_occupied_road)
{
    tgame t = deck_game(2, "U:2");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), OK);
    cr_assert_eq(t_place(g, "U", -1, 0, 1), OK);
    cr_assert_eq(t_feature_at(g, -1, 0, "r1").figures[0], 1, "the new tile extends player 0's road");
    cr_assert_eq(t_move_count(g), 3, "two fields and a pass; the road is taken");
    char *before = h_save(g);
    cr_assert_eq(t_figure(g, "follower", "r1"), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a follower on an occupied road");
    free(before);
    cr_assert_eq(t_figure(g, "follower", "f1"), OK);
    cr_assert(is_over(g));
    cr_assert_eq(t_cat(g, 0, "road"), 3, "open road of 3 tiles at the end");
    cr_assert_eq(t_cat(g, 1, "road"), 0);
    t_free(&t);
}

/* ---- final scoring ---------------------------------------------------- */

Test(base_scoring, final_scoring_of_every_incomplete_feature)
{
    tgame t = deck_game(2, "M:1 U:1 B:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "M", 0, -1, 2, "follower", "c1"), OK); /* city 2 tiles + arms */
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), OK); /* road 2 tiles */
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, "follower", "m1"), OK); /* monastery with 2 neighbours */
    cr_assert(is_over(g));
    cr_assert_eq(t_cat(g, 0, "city"), 3);
    cr_assert_eq(t_cat(g, 0, "monastery"), 3);
    cr_assert_eq(t_cat(g, 1, "road"), 2);
    cr_assert_eq(t_score(g, 0), 6);
    cr_assert_eq(t_score(g, 1), 2);
    int n = h_event_count(g);
    cr_assert_eq(n, 3);
    int seen = 0;
    for (int i = 0; i < n; i++) {
        carc_event e = h_event(g, i);
        cr_assert_eq(e.reason, CARC_REASON_FINAL);
        if (e.category == h_cat_index(g, "city")) {
            cr_assert_eq(e.player, 0);
            cr_assert_eq(e.points, 3);
            seen |= 1;
        } else if (e.category == h_cat_index(g, "monastery")) {
            cr_assert_eq(e.player, 0);
            cr_assert_eq(e.points, 3);
            seen |= 2;
        } else if (e.category == h_cat_index(g, "road")) {
            cr_assert_eq(e.player, 1);
            cr_assert_eq(e.points, 2);
            seen |= 4;
        }
        carc_placed_tile pt;
        cr_assert_eq(carc_game_tile(g, e.tile_index, &pt), OK, "event names a placed tile");
    }
    cr_assert_eq(seen, 7);
    unsigned w = 0;
    cr_assert_eq(carc_game_winners(g, &w), OK);
    cr_assert_eq(w, 1u);
    t_free(&t);
}

/* A road of four tiles left open scores 4 at the end, and its log entry
 * (whose tile count and named piece final scoring leaves for the reader)
 * names the road's oldest tile, the start tile, and counts all four: on
 * the game and on a copy of it. */
Test(base_scoring, final_award_on_a_long_feature_names_its_oldest_tile)
{
    tgame t = deck_game(2, "U:3");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "U", 2, 0, 1, NULL, NULL), OK);
    cr_assert_eq(t_turn(g, "U", -1, 0, 1, "follower", "r1"), OK);
    cr_assert(is_over(g));
    cr_assert_eq(t_cat(g, 0, "road"), 4);
    carc_game *copy = NULL;
    cr_assert_eq(carc_game_clone(g, &copy), OK);
    carc_game *games[2] = {g, copy};
    for (int k = 0; k < 2; k++) {
        int n = -1;
        cr_assert_eq(carc_game_log_count(games[k], &n), OK);
        cr_assert_eq(n, 1);
        carc_event_info e = {.struct_size = sizeof e};
        cr_assert_eq(carc_game_log(games[k], 0, &e), OK);
        cr_expect_eq(e.reason, CARC_REASON_FINAL);
        cr_expect_eq(e.player, 0);
        cr_expect_eq(e.points, 4);
        cr_expect_eq(e.tiles, 4);
        cr_expect_eq(e.complete, 0);
        cr_expect_eq(e.tile_index, 0, "the road's oldest tile");
        cr_expect_eq(e.x, 0);
        cr_expect_eq(e.y, 0);
        carc_event a;
        cr_assert_eq(carc_game_event(games[k], 0, &a), OK);
        cr_expect_eq(a.tile_index, 0);
        cr_expect_eq(a.feature, e.feature);
    }
    carc_game_free(copy);
    t_free(&t);
}

Test(base_scoring, score_breakdown_sums_to_total)
{
    tgame t = deck_game(2, "M:1 U:1 B:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "M", 0, -1, 2, "follower", "c1"), OK);
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), OK);
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, "follower", "f1"), OK);
    cr_assert(is_over(g));
    for (int p = 0; p < 2; p++) {
        int cats[CARC_MAX_CATEGORIES] = {0}, sum = 0;
        cr_assert_eq(carc_game_score_breakdown(g, p, cats, CARC_MAX_CATEGORIES), OK);
        for (int c = 0; c < CARC_MAX_CATEGORIES; c++) sum += cats[c];
        cr_assert_eq(sum, t_score(g, p));
    }
    /* B's field joins the start tile's southern field, which touches no city */
    cr_assert_eq(t_cat(g, 0, "farm"), 0);
    cr_assert_eq(t_score(g, 0), 3);
    t_free(&t);
}
