/* A save that names the tile set's first tile type (type 0) in a queued
 * draw loads: "next-tile A" in base. Index 0 is a tile like any other, not
 * "none" (the mutation run, docs/fuzzing.md: a loader refusing type 0 in a
 * next-tile line survived, since no test queued the first type). */
#include <criterion/criterion.h>
#include <string.h>

#include "helpers.h"

static int drawn(const carc_game *g)
{
    int t = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &t), CARC_OK);
    return t;
}

/* Places the drawn tile where it first fits and passes the figure step. */
static void first_fit_and_pass(carc_game *g)
{
    static carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_gt(n, 0);
    cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
}

Test(core_save_first_type, a_queued_draw_of_tile_type_0_is_saved_and_loaded)
{
    tgame t = t_new("base", 2, 4);
    carc_game *g = t.g;
    int a = t_type(g, "A"), b = t_type(g, "B");
    cr_assert_eq(a, 0, "A is base's first tile type");
    static carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
    /* at the figure step: B is drawn when the turn ends, A waits */
    cr_assert_eq(carc_game_set_next_tile(g, b), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, a), CARC_OK);
    char *text = h_save(g);
    cr_assert_not_null(text);
    cr_assert_not_null(strstr(text, "next-tile A\n"), "the queued draw of A is saved:\n%s", text);
    carc_game *h = NULL;
    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &h), CARC_OK, "a save queueing type 0 loads");
    h_assert_unchanged(h, text, "the load");
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_pass(h), CARC_OK);
    cr_assert_eq(drawn(g), b);
    cr_assert_eq(drawn(h), b);
    first_fit_and_pass(g);
    first_fit_and_pass(h);
    cr_assert_eq(drawn(g), a);
    cr_assert_eq(drawn(h), a, "the loaded game draws the queued A too");
    free(text);
    carc_game_free(h);
    t_free(&t);
}
