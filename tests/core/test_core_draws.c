/* Draws: a tile that fits nowhere is set aside and the next one drawn; the
 * game ends when the stack runs out, even if the last tiles fit nowhere. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* A game of the base rules on a tile set given as text. */
static tgame custom(const char *text)
{
    const carc_variant *v;
    carc_registry_find(NULL, "base", &v);
    tgame t = t_new_text(v, 2, text, strlen(text), NULL, 0);
    cr_assert_not_null(t.g);
    return t;
}

/* Start tile C (city on every side), then tiles whose fit we choose: B is
 * all field and can never touch C; E has one city side and fits beside C. */
static const char *const C_START = "tile C count=1 start\n"
                                   "  edges C C C C C C C C C C C C\n"
                                   "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1\n"
                                   "tile B count=1\n"
                                   "  edges F F F F F F F F F F F F\n"
                                   "  feature monastery slots=none id=m1\n"
                                   "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                                   "tile E count=1\n"
                                   "  edges C C C F F F F F F F F F\n"
                                   "  feature city slots=0,1,2 id=c1\n"
                                   "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1 borders=c1\n";

/* C_START with the draws fixed: B (which fits nowhere), then E. */
static tgame b_then_e(void)
{
    tgame t = custom(C_START);
    int order[2] = {t_type(t.g, "B"), t_type(t.g, "E")};
    cr_assert_eq(carc_game_set_deck_order(t.g, 0, order, 2), CARC_OK);
    return t;
}

Test(core_draws, a_tile_that_fits_nowhere_is_set_aside)
{
    tgame t = b_then_e();
    carc_game *g = t.g;
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, t_type(g, "E"), "B touches only city edges: set aside, E drawn instead");
    int left = -1;
    carc_game_deck_remaining(g, 0, &left);
    cr_assert_eq(left, 0);
    /* E fits on each side of C with its city facing C: one rotation per side */
    cr_assert_eq(t_move_count(g), 4);
    char *text = h_save(g);
    const char *b = strstr(text, "draw main B"), *e = strstr(text, "draw main E");
    cr_assert(b && e && b < e, "both draws are recorded, the set-aside one first");
    free(text);
    t_free(&t);
}

/* The draw can happen inside the listing call itself (the tile is then
 * listed as it is drawn): the moves are those of the tile that fits, and
 * the one set aside is not listed. */
Test(core_draws, a_listing_that_draws_lists_the_tile_that_fits)
{
    tgame t = b_then_e();
    carc_game *g = t.g;
    carc_move buf[16];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, 16, &n), CARC_OK);
    cr_assert_eq(n, 4, "E beside C on each side, its city facing C");
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(buf[i].kind, CARC_MOVE_TILE);
        cr_assert_eq(buf[i].tile, t_type(g, "E"));
    }
    int removed = 0, type = -1, reason = -1;
    cr_assert_eq(carc_game_removed_count(g, &removed), CARC_OK);
    cr_assert_eq(removed, 1);
    cr_assert_eq(carc_game_removed(g, 0, &type, &reason), CARC_OK);
    cr_assert(type == t_type(g, "B") && reason == CARC_REMOVED_UNPLACEABLE);
    /* a count-only call after the draw gives the same number */
    size_t again = 0;
    carc_game_moves(g, NULL, 0, &again);
    cr_assert_eq(again, 4);
    cr_assert_eq(carc_game_apply(g, &buf[2]), CARC_OK);
    t_free(&t);
}

/* The same with a buffer too short for the moves: the count is whole and
 * the first move is written. */
Test(core_draws, a_listing_that_draws_into_a_short_buffer_counts_every_move)
{
    tgame t = b_then_e();
    carc_game *g = t.g;
    carc_move one[1] = {{0}};
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, one, 1, &n), CARC_E_BUFFER);
    cr_assert_eq(n, 4);
    cr_assert_eq(one[0].kind, CARC_MOVE_TILE);
    cr_assert_eq(one[0].tile, t_type(g, "E"));
    cr_assert_eq(carc_game_apply(g, &one[0]), CARC_OK, "the written move is legal");
    t_free(&t);
}

Test(core_draws, the_game_ends_when_the_last_tiles_fit_nowhere)
{
    /* only B tiles are left and none can touch the all-city start tile */
    tgame u = custom("tile C count=1 start\n"
                     "  edges C C C C C C C C C C C C\n"
                     "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1\n"
                     "tile B count=2\n"
                     "  edges F F F F F F F F F F F F\n"
                     "  feature monastery slots=none id=m1\n"
                     "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n");
    carc_move buf[8];
    size_t n = 99;
    cr_assert_eq(carc_game_moves(u.g, buf, 8, &n), CARC_E_GAME_OVER, "both B tiles are set aside: the game ends");
    cr_assert_eq(n, 0);
    int over = -1;
    carc_game_is_over(u.g, &over);
    cr_assert_eq(over, 1);
    int placed = 0;
    carc_game_tile_count(u.g, &placed);
    cr_assert_eq(placed, 1, "only the start tile is on the board");
    t_free(&u);
}

Test(core_draws, the_last_tile_ends_the_game_at_once)
{
    tgame t = t_new_deck("base", 2, "E:1", NULL, 0); /* start tile D, city to the north */
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, "follower", "c1"), CARC_OK);
    /* no further query needed: scores are final when the last move returns */
    int score = -1;
    carc_game_score(g, 0, &score);
    cr_assert_eq(score, 4, "D's city and E's city close into a 2-tile city: 4");
    t_free(&t);
}

/* The library's own draw set B aside (it fits nowhere) and drew E; the
 * caller then says the tile drawn was F. None of the library's draws
 * happened, so B goes back to the stack with E. A tile the caller named
 * stays set aside: that draw did happen. */
static const char *const B_E_F = "tile F count=1\n"
                                 "  edges C C C C C C F F F F F F\n"
                                 "  feature city slots=0,1,2,3,4,5 id=c1\n"
                                 "  feature farm slots=6,7,8,9,10,11 id=f1 borders=c1\n";

static tgame b_e_f(void)
{
    size_t n = strlen(C_START) + strlen(B_E_F) + 1;
    char *text = malloc(n);
    cr_assert_not_null(text);
    snprintf(text, n, "%s%s", C_START, B_E_F);
    tgame t = custom(text);
    free(text);
    return t;
}

/* The same with a city tile K to lay beside C on the first turn, so that
 * the second turn's draws are the library's own, made as it begins: with
 * only city sides open, B fits nowhere. */
static const char *const K_CITY = "tile K count=1\n"
                                  "  edges C C C C C C C C C C C C\n"
                                  "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1\n";

Test(core_draws, a_replaced_draw_takes_back_the_tiles_the_library_set_aside)
{
    size_t len = strlen(C_START) + strlen(B_E_F) + strlen(K_CITY);
    char *text = malloc(len + 1);
    cr_assert_not_null(text);
    snprintf(text, len + 1, "%s%s%s", C_START, B_E_F, K_CITY);
    const carc_variant *v;
    carc_registry_find(NULL, "base", &v);
    carc_tileset *ts;
    cr_assert_eq(carc_tileset_parse(v, text, len, &ts, NULL, 0), CARC_OK);
    free(text);
    int found = 0;
    for (uint64_t seed = 1; seed < 64 && !found; seed++) {
        carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = seed, .tileset = ts};
        carc_game *g;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        cr_assert_eq(t_turn(g, "K", 0, -1, 0, NULL, NULL), CARC_OK);
        int drawn = -1, removed = 0, left = 0;
        carc_game_drawn_tile(g, &drawn);
        carc_game_removed_count(g, &removed);
        if (removed == 1 && drawn == t_type(g, "E")) { /* B first, then E */
            found = 1;
            cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "F")), CARC_OK);
            carc_game_drawn_tile(g, &drawn);
            cr_assert_eq(drawn, t_type(g, "F"));
            carc_game_removed_count(g, &removed);
            carc_game_deck_remaining(g, 0, &left);
            cr_assert_eq(removed, 0, "B was set aside by a draw that did not happen: it is back");
            cr_assert_eq(left, 2, "B and E are in the stack");
            char *save = h_save(g);
            carc_game *back = NULL;
            carc_load_options lo = {.struct_size = sizeof lo, .tileset = ts};
            cr_assert_eq(carc_game_load(&lo, save, strlen(save), &back), CARC_OK);
            carc_game_removed_count(back, &removed);
            carc_game_deck_remaining(back, 0, &left);
            cr_assert(removed == 0 && left == 2, "the save replays the replacement");
            char *again = h_save(back);
            cr_assert_str_eq(again, save);
            free(again);
            free(save);
            carc_game_free(back);
        }
        carc_game_free(g);
    }
    carc_tileset_free(ts);
    cr_assert(found, "some seed draws B before E");
}

Test(core_draws, a_named_tile_that_fits_nowhere_stays_aside_after_a_replacement)
{
    tgame t = b_e_f();
    carc_game *g = t.g;
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "B")), CARC_OK); /* queued: the table drew B */
    int drawn = -1, removed = 0, left = 0, type = -1, reason = -1;
    carc_game_drawn_tile(g, &drawn);
    carc_game_removed_count(g, &removed);
    cr_assert_eq(removed, 1, "B fits nowhere");
    cr_assert_eq(carc_game_set_next_tile(g, drawn == t_type(g, "E") ? t_type(g, "F") : t_type(g, "E")), CARC_OK);
    carc_game_removed_count(g, &removed);
    carc_game_deck_remaining(g, 0, &left);
    carc_game_removed(g, 0, &type, &reason);
    cr_assert_eq(removed, 1);
    cr_assert(type == t_type(g, "B") && reason == CARC_REMOVED_UNPLACEABLE, "the named B stays set aside");
    cr_assert_eq(left, 1, "only the replaced tile went back");
    t_free(&t);
}
