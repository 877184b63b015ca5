/* carc_game_redeal_hidden: the tile under a hill dealt again, so a bot's
 * copy knows no more than the players. A game of HS03 (a hill), one E and
 * three each of U and K: the hill hides one of the seven others. */
#include <criterion/criterion.h>

#include "core/helpers.h"
#include "hs_support.h"

/* HS03 laid first with `hidden` fixed under it, and the turn passed; the
 * next turn's tile (drawn as that turn begins, so seen) is fixed as a K. */
static tgame hill_over(const char *hidden)
{
    tgame t = t_new_deck("hills-sheep", 2, "HS03:1 E:1 U:3 K:3", NULL, 0);
    cr_assert_not_null(t.g);
    carc_move mv[H_MOVE_CAP];
    size_t n;
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, "HS03")), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, hidden)), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, "K")), CARC_OK);
    cr_assert_eq(carc_game_moves(t.g, mv, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(carc_game_apply(t.g, &mv[0]), CARC_OK);
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(hs_hidden(t.g), 1);
    return t;
}

/* The tile under the hill as the save tells it: the last rehide's new
 * tile, else the one fixed at the start. */
static char hidden_now(const carc_game *g, char first)
{
    char *s = h_save(g), *at = s, *line;
    char tile = first;
    while ((line = strstr(at, "rehide main ")) != NULL) {
        tile = line[strlen("rehide main X ")];
        at = line + 1;
    }
    free(s);
    return tile;
}

Test(hills_sheep_redeal, the_hidden_tile_is_any_unseen_tile_by_its_count)
{
    /* E hidden at first, a K in the hand of the player to move; over 1,400
     * deals the hidden tile must follow the counts of the six unseen tiles
     * (E 1/6, U 3/6, K 2/6), not stay E */
    int seen[3] = {0};
    const int deals = 1400;
    for (int i = 0; i < deals; i++) {
        tgame t = hill_over("E");
        cr_assert_eq(carc_game_redeal_hidden(t.g, 1000u + (uint64_t)i), CARC_OK);
        cr_assert_eq(hs_hidden(t.g), 1, "still one tile hidden");
        cr_assert_eq(hs_deck_left(t.g), 5, "the stack keeps its size");
        char c = hidden_now(t.g, 'E');
        seen[c == 'E' ? 0 : c == 'U' ? 1 : 2]++;
        t_free(&t);
    }
    /* expected 233, 700, 467; five standard deviations of a binomial */
    cr_assert(seen[0] > 233 - 70 && seen[0] < 233 + 70, "E hidden %d times", seen[0]);
    cr_assert(seen[1] > 700 - 94 && seen[1] < 700 + 94, "U hidden %d times", seen[1]);
    cr_assert(seen[2] > 467 - 88 && seen[2] < 467 + 88, "K hidden %d times", seen[2]);
}

Test(hills_sheep_redeal, a_redealt_game_saves_loads_and_plays_every_tile)
{
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tgame t = hill_over("U");
        cr_assert_eq(carc_game_redeal_hidden(t.g, seed), CARC_OK);
        char *a = h_save(t.g);
        carc_load_options lo = {.struct_size = sizeof lo, .tileset = t.ts};
        carc_game *back;
        cr_assert_eq(carc_game_load(&lo, a, strlen(a), &back), CARC_OK, "%s", a);
        char *b = h_save(back);
        cr_assert_str_eq(a, b);
        /* the same deal again from the same game and seed */
        tgame u = hill_over("U");
        cr_assert_eq(carc_game_redeal_hidden(u.g, seed), CARC_OK);
        char *c = h_save(u.g);
        cr_assert_str_eq(a, c);
        uint64_t rng = seed;
        h_play(t.g, &rng, 100);
        int over = 0;
        cr_assert_eq(carc_game_is_over(t.g, &over), CARC_OK);
        cr_assert(over);
        free(a);
        free(b);
        free(c);
        carc_game_free(back);
        t_free(&u);
        t_free(&t);
    }
}

Test(hills_sheep_redeal, nothing_hidden_nothing_changed_and_bad_calls)
{
    tgame t = t_new_deck("hills-sheep", 2, "E:1 U:3 K:3", NULL, 0);
    char *a = h_save(t.g);
    cr_assert_eq(carc_game_redeal_hidden(t.g, 7), CARC_OK);
    h_assert_unchanged(t.g, a, "a redeal with nothing hidden");
    cr_assert_eq(carc_game_redeal_hidden(NULL, 7), CARC_E_NULL);
    uint64_t rng = 3;
    h_play(t.g, &rng, 100);
    free(a);
    a = h_save(t.g);
    cr_assert_eq(carc_game_redeal_hidden(t.g, 7), CARC_E_GAME_OVER);
    h_assert_unchanged(t.g, a, "a redeal of a finished game");
    free(a);
    t_free(&t);
}
