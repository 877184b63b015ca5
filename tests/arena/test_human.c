/* A person's seat (examples/human.c), driven through memory streams: a
 * move by number or by text, bad lines answered and asked again, the end
 * of the input, and the board drawn as text. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../examples/seat.h"
#include "core/helpers.h"

typedef struct talk {
    FILE *in, *out;
    char *said;
    size_t len;
} talk;

/* The stream writes through &t->said, so t must stay where it is. An
 * empty input is a stream at its end (fmemopen refuses a size of 0). */
static void open_talk(talk *t, const char *typed)
{
    memset(t, 0, sizeof *t);
    t->in = *typed ? fmemopen((void *)typed, strlen(typed), "r") : fopen("/dev/null", "r");
    t->out = open_memstream(&t->said, &t->len);
    cr_assert(t->in && t->out);
}

static void close_talk(talk *t)
{
    fclose(t->in);
    fclose(t->out);
    free(t->said);
}

Test(human, a_number_from_the_list_and_move_text_are_moves)
{
    carc_game *g = h_new("base", 2, 3);
    carc_move buf[H_MOVE_CAP], m;
    size_t n;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    talk t;
    open_talk(&t, "2\n");
    cr_assert_eq(human_move(g, t.in, t.out, &m), CARC_OK);
    fflush(t.out);
    cr_assert(!memcmp(&m, &buf[1], sizeof m), "number 2 is the second move listed");
    cr_assert(strstr(t.said, "   1 tile ") && strstr(t.said, "   2 tile "), "the moves are listed from 1:\n%s", t.said);
    close_talk(&t);
    char text[64];
    size_t len;
    cr_assert_eq(carc_move_format(g, &buf[n - 1], text, sizeof text, &len), CARC_OK);
    strcat(text, "\n");
    open_talk(&t, text);
    cr_assert_eq(human_move(g, t.in, t.out, &m), CARC_OK);
    cr_assert(!memcmp(&m, &buf[n - 1], sizeof m), "the text of the last move is that move");
    close_talk(&t);
    carc_game_free(g);
}

Test(human, a_bad_line_gets_the_reason_and_the_prompt_again)
{
    carc_game *g = h_new("base", 2, 3);
    carc_move m, buf[H_MOVE_CAP];
    size_t n;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    talk t;
    open_talk(&t, "\n0\n999\nhello there\ntile D 40 40 0\n?\n1\n");
    cr_assert_eq(human_move(g, t.in, t.out, &m), CARC_OK);
    fflush(t.out);
    cr_assert(!memcmp(&m, &buf[0], sizeof m));
    cr_assert(strstr(t.said, "no move 0: the moves are numbered 1 to"), "%s", t.said);
    cr_assert(strstr(t.said, "no move 999"), "%s", t.said);
    cr_assert(strstr(t.said, "cannot read 'hello there'"), "%s", t.said);
    cr_assert(strstr(t.said, "'tile D 40 40 0' is not a legal move now"), "%s", t.said);
    int prompts = 0;
    for (const char *p = t.said; (p = strstr(p, "move (1-")) != NULL; p++) prompts++;
    cr_assert_eq(prompts, 7, "one prompt per line read");
    close_talk(&t);
    carc_game_free(g);
}

Test(human, the_end_of_the_input_ends_the_seat_and_changes_nothing)
{
    carc_game *g = h_new("hills-sheep", 3, 8);
    carc_game_state(g, NULL, NULL); /* the turn's draw, which a save records */
    char *before = h_save(g);
    carc_move m;
    talk t;
    open_talk(&t, "nonsense\n");
    cr_assert_eq(human_move(g, t.in, t.out, &m), CARC_E_NOT_FOUND);
    h_assert_unchanged(g, before, "a person who typed nothing legal");
    close_talk(&t);
    free(before);
    carc_game_free(g);
}

Test(human, the_board_shows_tiles_by_kind_and_figures_by_seat)
{
    carc_game *g = h_new("base", 2, 3);
    /* the start tile D: a city north, the road west to east */
    talk t;
    open_talk(&t, "");
    board_text(g, t.out);
    fflush(t.out);
    cr_assert(strstr(t.said, "      ccc \n   0 r   r\n      ... \n"), "the start tile:\n%s", t.said);
    close_talk(&t);
    /* E turned half round north of it closes the city; a follower of seat 0
     * stands on E's field, drawn on the field's north middle slot */
    cr_assert_eq(t_place(g, "E", 0, -1, 2), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    open_talk(&t, "");
    board_text(g, t.out);
    fflush(t.out);
    cr_assert(strstr(t.said, "      .0. \n  -1 .   .\n      ccc \n      ccc \n   0 r   r\n"),
              "the follower on the field over the closed city:\n%s", t.said);
    close_talk(&t);
    carc_game_free(g);
}
