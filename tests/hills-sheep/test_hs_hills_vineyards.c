/* Hills, vineyards, the two split tiles and the tile data itself. The start
 * tile D lies at (0,0) with its city north and its road west-east. */
#include <criterion/criterion.h>

#include "core/helpers.h"
#include "hs_support.h"

/* A closed city of five tiles and one coat of arms (12 points) where P1's
 * knight stands on the part over the start tile and P0's on a hill. */
static void city_tie(int hills, int *p0, int *p1)
{
    carc_option rules[] = {{"hills", hills}};
    tgame t = t_new_deck("hills-sheep", 2, "U:2 HS04:1 Q:1 E:1 G:1 B:1", rules, 1);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "U", 2, 0, 1), CARC_OK);
    if (hills) cr_assert_eq(hs_queue_hill(g, "HS04", "B"), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    if (hills) {
        cr_assert_eq(t_place(g, "HS04", 2, -1, 0), CARC_OK);
        cr_assert_eq(hs_deck_left(g), 3);
    } else {
        cr_assert_eq(t_place(g, "HS04", 2, -1, 0), CARC_OK);
        cr_assert_eq(hs_deck_left(g), 4);
    }
    cr_assert_eq(t_figure(g, "follower", "c2"), CARC_OK);
    cr_assert_eq(t_place(g, "Q", 0, -1, 2), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "c1"), CARC_OK);
    cr_assert_eq(t_turn(g, "E", -1, -1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "G", 1, -1, 0), CARC_OK);
    carc_feature_info fi = t_feature_at(g, 1, -1, "c1");
    cr_assert(fi.complete);
    cr_assert_eq(fi.tiles, 5);
    cr_assert_eq(fi.figures[0], 1);
    cr_assert_eq(fi.figures[1], 1);
    cr_assert_eq(t_pass(g), CARC_OK);
    *p0 = t_cat(g, 0, "city");
    *p1 = t_cat(g, 1, "city");
    cr_assert_eq(hs_supply(g, 0, HS_FIG_FOLLOWER), 7);
    cr_assert_eq(hs_supply(g, 1, HS_FIG_FOLLOWER), 7);
    t_free(&t);
}

Test(hills_sheep_hills, knight_on_a_hill_wins_the_city_tie_alone)
{
    int p0, p1;
    city_tie(1, &p0, &p1);
    cr_assert_eq(p0, 12);
    cr_assert_eq(p1, 0);
}

Test(hills_sheep_hills, without_hills_the_tied_knights_both_score)
{
    int p0, p1;
    city_tie(0, &p0, &p1);
    cr_assert_eq(p0, 12);
    cr_assert_eq(p1, 12);
}

/* Three farmers, one each, in one field at game end: P0's and P1's stand on
 * hill tiles, P2's does not. The field touches one completed city. */
static void farm_tie(int reading, int out[3])
{
    carc_option rules[] = {{"hill_tiebreak", reading}};
    tgame t = t_new_deck("hills-sheep", 3, "HS06:1 HS09:1 E:1 A:1 B:2", rules, 1);
    carc_game *g = t.g;
    cr_assert_eq(hs_place_hill(g, "HS06", "B", 0, 1, 1), CARC_OK);
    cr_assert_eq(hs_queue_hill(g, "HS09", "B"), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    cr_assert_eq(t_place(g, "HS09", -1, 0, 0), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    cr_assert_eq(t_place(g, "E", 1, 1, 3), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    cr_assert_eq(t_turn(g, "A", 1, 0, 1, NULL, NULL), CARC_OK);
    carc_feature_info fi = t_feature_at(g, 1, 0, "f1");
    for (int p = 0; p < 3; p++) cr_assert_eq(fi.figures[p], 1);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    for (int p = 0; p < 3; p++) out[p] = t_cat(g, p, "farm");
    t_free(&t);
}

Test(hills_sheep_hills, several_tied_players_on_hills_share_and_shut_out_the_rest)
{
    int s[3];
    farm_tie(HS_TIE_HILL_PLAYERS, s);
    cr_assert_eq(s[0], 3);
    cr_assert_eq(s[1], 3);
    cr_assert_eq(s[2], 0);
}

Test(hills_sheep_hills, sole_only_reading_lets_every_tied_player_score)
{
    int s[3];
    farm_tie(HS_TIE_SOLE_ONLY, s);
    cr_assert_eq(s[0], 3);
    cr_assert_eq(s[1], 3);
    cr_assert_eq(s[2], 3);
}

/* Plays the first listed move at every decision; returns tiles on the board. */
static int play_out(carc_game *g)
{
    carc_move mv[512];
    size_t n;
    while (carc_game_moves(g, mv, 512, &n) == CARC_OK && n > 0) cr_assert_eq(carc_game_apply(g, &mv[0]), CARC_OK);
    int tiles = 0;
    carc_game_tile_count(g, &tiles);
    return tiles;
}

Test(hills_sheep_hills, a_hill_hides_one_tile_so_the_game_has_fewer_turns)
{
    carc_option off[] = {{"hills", 0}};
    for (int hills = 0; hills <= 1; hills++) {
        tgame t = t_new_deck("hills-sheep", 2, "HS03:1 E:3", hills ? NULL : off, hills ? 0 : 1);
        carc_game *g = t.g;
        cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "HS03")), CARC_OK);
        int drawn;
        cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
        cr_assert_eq(drawn, t_type(g, "HS03"));
        cr_assert_eq(hs_deck_left(g), hills ? 2 : 3);
        cr_assert_eq(hs_hidden(g), hills);
        cr_assert_eq(play_out(g), hills ? 4 : 5);
        t_free(&t);
    }
}

Test(hills_sheep_hills, a_hill_drawn_last_hides_nothing)
{
    tgame t = t_new_deck("hills-sheep", 2, "HS03:1 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "E")), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "HS03")), CARC_OK);
    cr_assert_eq(play_out(g), 3);
    cr_assert_eq(hs_hidden(g), 0);
    t_free(&t);
}

Test(hills_sheep_hills, no_figure_can_stand_on_a_hill_or_vineyard)
{
    tgame t = t_new_deck("hills-sheep", 2, "HS03:1 HS05:1 B:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(hs_place_hill(g, "HS03", "B", 0, -1, 2), CARC_OK);
    /* follower on city or farm, shepherd on farm, pass; not the hill */
    cr_assert_eq(t_move_count(g), 4);
    cr_assert_eq(t_figure(g, "follower", "h1"), CARC_E_ILLEGAL_MOVE);
    cr_assert_eq(t_pass(g), CARC_OK);
    int hs05 = t_type(g, "HS05");
    cr_assert_eq(carc_game_set_next_tile(g, hs05), CARC_OK);
    carc_move bad = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)hs05, .x = 0, .y = 1, .rotation = 0};
    cr_assert_eq(carc_game_apply(g, &bad), CARC_E_ILLEGAL_MOVE); /* its city would face a field */
    carc_move good = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)hs05, .x = 1, .y = -1, .rotation = 3};
    cr_assert_eq(carc_game_apply(g, &good), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "v1"), CARC_E_ILLEGAL_MOVE);
    t_free(&t);
}

/* A 3x3 block around a monastery at (0,1) whose bottom row is three
 * vineyards, then a second monastery at (1,1) sharing two of them. */
static void vineyard_block(int vineyards, int *first, int *second)
{
    carc_option rules[] = {{"vineyards", vineyards}};
    tgame t = t_new_deck("hills-sheep", 2, "U:3 B:2 E:3 HS05:1 HS07:1 HS01:1", rules, 1);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "U", -1, 0, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "B", 1, 1, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "E", -1, 1, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "HS05", -1, 2, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "HS07", 0, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "monastery"), 0);
    cr_assert_eq(t_turn(g, "HS01", 1, 2, 3, NULL, NULL), CARC_OK);
    *first = t_cat(g, 0, "monastery");
    cr_assert_eq(t_cat(g, 1, "monastery"), 0);
    cr_assert_eq(t_turn(g, "U", 2, 0, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "E", 2, 1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "E", 2, 2, 1, NULL, NULL), CARC_OK);
    *second = t_cat(g, 1, "monastery");
    cr_assert_eq(t_cat(g, 0, "monastery"), *first);
    t_free(&t);
}

Test(hills_sheep_vineyards, monastery_with_three_vineyards_scores_18_and_they_count_again)
{
    int a, b;
    vineyard_block(1, &a, &b);
    cr_assert_eq(a, 18);
    cr_assert_eq(b, 15);
}

Test(hills_sheep_vineyards, vineyards_off_scores_plain_monasteries)
{
    int a, b;
    vineyard_block(0, &a, &b);
    cr_assert_eq(a, 9);
    cr_assert_eq(b, 9);
}

Test(hills_sheep_vineyards, incomplete_monastery_gets_no_vineyard_at_the_end)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:1 HS16:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "HS16", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_feature_at(g, 0, 1, "m1").points_now, 3);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(g, 0, "monastery"), 3);
    t_free(&t);
}

/* HS02 turned half way below the start tile: its split city edge faces
 * south, where one cap joins both segments; two more caps close it. */
Test(hills_sheep_split, split_city_joined_by_one_tile_scores_once)
{
    tgame t = t_new_deck("hills-sheep", 2, "HS02:1 E:3", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "HS02", 0, 1, 2), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "c1"), CARC_OK);
    cr_assert_neq(t_feature_at(g, 0, 1, "c1").id, t_feature_at(g, 0, 1, "c2").id);
    cr_assert_eq(t_turn(g, "E", 0, 2, 0, NULL, NULL), CARC_OK);
    carc_feature_info a = t_feature_at(g, 0, 1, "c1"), b = t_feature_at(g, 0, 1, "c2");
    cr_assert_eq(a.id, b.id);
    cr_assert_eq(a.tiles, 2);
    cr_assert_eq(a.open_edges, 2);
    cr_assert_eq(t_turn(g, "E", 1, 1, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "city"), 0);
    cr_assert_eq(t_turn(g, "E", -1, 1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "city"), 8);
    cr_assert_eq(t_score(g, 1), 0);
    t_free(&t);
}

/* HS01 turned half way on the start city: its split field edge faces north,
 * where one field joins both segments. One completed city, counted once. */
Test(hills_sheep_split, split_field_joined_by_one_tile_is_one_farm)
{
    tgame t = t_new_deck("hills-sheep", 2, "HS01:1 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "HS01", 0, -1, 2), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    cr_assert(t_feature_at(g, 0, -1, "c1").complete);
    cr_assert_neq(t_feature_at(g, 0, -1, "f1").id, t_feature_at(g, 0, -1, "f2").id);
    cr_assert_eq(t_turn(g, "E", 0, -2, 0, NULL, NULL), CARC_OK);
    carc_feature_info a = t_feature_at(g, 0, -1, "f1"), b = t_feature_at(g, 0, -1, "f2");
    cr_assert_eq(a.id, b.id);
    cr_assert_eq(a.tiles, 2);
    cr_assert_eq(a.points_now, 3);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(g, 0, "farm"), 3);
    t_free(&t);
}

Test(hills_sheep_tiles, tile_set_has_90_tiles_8_hills_8_vineyards)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "hills-sheep", &v), CARC_OK);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(info.tile_count, 90);
    cr_assert_eq(info.tile_type_count, 40);
    cr_assert_eq(info.min_players, 2);
    cr_assert_eq(info.max_players, 5);
    cr_assert_eq(info.figure_kind_count, 2);
    cr_assert_eq(info.option_count, 4);
    tgame t = t_new("hills-sheep", 2, 1);
    const carc_tileset *ts;
    carc_game_tileset(t.g, &ts);
    int hills = 0, vines = 0, hs = 0, both = 0;
    for (int ty = 0; ty < info.tile_type_count; ty++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        carc_tileset_type(ts, ty, &ti);
        int h = 0, w = 0;
        for (int f = 0; f < ti.feature_count; f++) {
            const char *kind;
            carc_tileset_feature(ts, ty, f, NULL, &kind, NULL);
            h |= strcmp(kind, "hill") == 0;
            w |= strcmp(kind, "vineyard") == 0;
        }
        hills += h * ti.count;
        vines += w * ti.count;
        both += h && w;
        if (strncmp(ti.name, "HS", 2) == 0) hs += ti.count;
    }
    cr_assert_eq(hills, 8);
    cr_assert_eq(vines, 8);
    cr_assert_eq(both, 0);
    cr_assert_eq(hs, 18);
    /* the split edges: HS02's north edge is shared 2:1, HS01's south
     * middle third belongs to nobody */
    int hs02 = t_type(t.g, "HS02"), hs01 = t_type(t.g, "HS01");
    unsigned s;
    carc_tileset_feature(ts, hs02, t_feat(t.g, hs02, "c1"), NULL, NULL, &s);
    cr_assert_eq(s, 0xE03u);
    carc_tileset_feature(ts, hs02, t_feat(t.g, hs02, "c2"), NULL, NULL, &s);
    cr_assert_eq(s, 0x03Cu);
    unsigned all = 0;
    for (int f = 0; f < 4; f++) {
        carc_tileset_feature(ts, hs01, f, NULL, NULL, &s);
        all |= s;
    }
    cr_assert_eq(all, 0xFFFu & ~(1u << 7));
    t_free(&t);
}

/* The hill rule holds however the tile came to be drawn: naming a hill in
 * place of the drawn tile hides a tile under it, and naming another tile in
 * place of a drawn hill gives the hill's hidden tile back to the stack.
 * Both games save and load back. */
Test(hills_sheep_hills, replacing_a_drawn_tile_keeps_the_hill_rule)
{
    /* a first turn lays an E; the second turn's tile is the one replaced */
    tgame t = t_new_deck("hills-sheep", 2, "HS03:1 E:4", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "E")), CARC_OK);
    int drawn;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(hs_deck_left(g), 3);
    cr_assert_eq(hs_hidden(g), 0);
    /* E drawn, a hill named instead: the hill hides one of the E's */
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "HS03")), CARC_OK);
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, t_type(g, "HS03"));
    cr_assert_eq(hs_hidden(g), 1);
    cr_assert_eq(hs_deck_left(g), 2, "E went back, another E went under the hill");
    char *a = h_save(g);
    carc_game *back;
    cr_assert_eq(carc_game_load(&(carc_load_options){.struct_size = sizeof(carc_load_options), .tileset = t.ts}, a,
                                strlen(a), &back),
                 CARC_OK, "%s", a);
    char *b = h_save(back);
    cr_assert_str_eq(a, b);
    free(b);
    carc_game_free(back);
    /* the hill named away again: its hidden tile comes back */
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "E")), CARC_OK);
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, t_type(g, "E"));
    cr_assert_eq(hs_hidden(g), 0);
    cr_assert_eq(hs_deck_left(g), 3, "the hill and the tile under it are both back");
    free(a);
    a = h_save(g);
    cr_assert_eq(carc_game_load(&(carc_load_options){.struct_size = sizeof(carc_load_options), .tileset = t.ts}, a,
                                strlen(a), &back),
                 CARC_OK, "%s", a);
    b = h_save(back);
    cr_assert_str_eq(a, b);
    free(a);
    free(b);
    carc_game_free(back);
    cr_assert_eq(play_out(g), 5, "every tile is played: nothing stayed hidden");
    t_free(&t);
}

/* A game of HS03 (a hill), one E and three each of U and K: HS03 is laid
 * first, so its hill hides one of the others (the reseed comes before the
 * first draws, since naming a tile before the first move makes them again). */
static tgame hill_placed(uint64_t seed)
{
    tgame t = t_new_deck("hills-sheep", 2, "HS03:1 E:1 U:3 K:3", NULL, 0);
    cr_assert_eq(carc_game_reseed(t.g, seed), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, "HS03")), CARC_OK);
    carc_move mv[H_MOVE_CAP];
    size_t n;
    cr_assert_eq(carc_game_moves(t.g, mv, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(carc_game_apply(t.g, &mv[0]), CARC_OK);
    return t;
}

/* The same with the turn passed, so the second turn's tile is drawn. */
static tgame hill_laid(uint64_t seed)
{
    tgame t = hill_placed(seed);
    cr_assert_eq(t_pass(t.g), CARC_OK);
    return t;
}

/* Plays the game on at random, then its save must load back to itself. */
static void plays_on_and_reloads(tgame *t, uint64_t seed)
{
    uint64_t rng = seed;
    h_play(t->g, &rng, 100);
    char *a = h_save(t->g);
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = t->ts};
    carc_game *back;
    cr_assert_eq(carc_game_load(&lo, a, strlen(a), &back), CARC_OK, "%s", a);
    char *b = h_save(back);
    cr_assert_str_eq(a, b);
    free(a);
    free(b);
    carc_game_free(back);
}

/* Found by fuzz_api: naming a tile that lies only under a hill swaps it for
 * a tile of the stack picked at random; the replay of that pick must draw
 * from the generator as the game did, or every later random draw differs
 * and the save no longer loads. A hill hides one of E, U, K at random; when
 * it hid E, E is named as the next draw while the hill is on the board,
 * and the rest of the game is left to chance. */
Test(hills_sheep_hills, a_hidden_tile_named_later_keeps_saves_loading)
{
    int swapped = 0;
    for (uint64_t seed = 1; seed < 60 && swapped < 3; seed++) {
        tgame t = hill_placed(seed);
        carc_game *g = t.g;
        cr_assert_eq(hs_hidden(g), 1);
        cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "E")), CARC_OK, "in the stack or under the hill");
        char *a = h_save(g);
        if (strstr(a, "rehide")) {
            swapped++;
            plays_on_and_reloads(&t, seed);
        }
        free(a);
        t_free(&t);
    }
    cr_assert_gt(swapped, 0, "the hill hid E in some game");
}

/* Found by fuzz_api: the turn's drawn tile replaced by one that lies only
 * under a hill. The drawn tile goes back and may itself be the one hidden
 * in its place; the save records that pick with the replacement, and must
 * load. A hill hides one of E, U, K; in the games where it hid E, the next
 * drawn tile is replaced by E. */
Test(hills_sheep_hills, replacing_the_draw_by_a_hidden_tile_keeps_saves_loading)
{
    int replaced = 0, drawn_hidden = 0;
    for (uint64_t seed = 1; seed < 200 && replaced < 20; seed++) {
        tgame t = hill_laid(seed);
        carc_game *g = t.g;
        int drawn;
        cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
        char *a = NULL;
        if (drawn != t_type(g, "E") && carc_game_set_next_tile(g, t_type(g, "E")) == CARC_OK &&
            strstr((a = h_save(g)), "replace main E ")) {
            replaced++;
            char want[64];
            snprintf(want, sizeof want, "replace main E %s\n", drawn == t_type(g, "U") ? "U" : "K");
            drawn_hidden += strstr(a, want) != NULL;
            plays_on_and_reloads(&t, seed);
        }
        free(a);
        t_free(&t);
    }
    cr_assert_gt(replaced, 0, "the hill hid E in some game");
    cr_assert_gt(drawn_hidden, 0, "in some game the drawn tile itself went under the hill");
}
