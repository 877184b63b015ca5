/* Move text: every legal move of thousands of random positions of every
 * ruleset reads back as the same move; saves say moves in the same words;
 * bad text is refused with the status that says why. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_test.h"

/* Format, then parse: the very move listed (its unused fields are zero, so
 * the whole struct compares). Returns the kinds of move seen as a mask. */
static unsigned round_trip_all(carc_game *g, const carc_move *moves, size_t n, unsigned *actions_seen)
{
    unsigned kinds = 0;
    for (size_t i = 0; i < n; i++) {
        char text[256];
        size_t len = 0, len2 = 0;
        cr_assert_eq(carc_move_format(g, &moves[i], text, sizeof text, &len), CARC_OK);
        cr_assert_eq(len, strlen(text));
        cr_assert_eq(carc_move_format(g, &moves[i], NULL, 0, &len2), CARC_OK);
        cr_assert_eq(len2, len);
        carc_move back;
        memset(&back, 0xA5, sizeof back);
        cr_assert_eq(carc_move_parse(g, text, len, &back), CARC_OK, "'%s' does not parse", text);
        cr_assert(memcmp(&back, &moves[i], sizeof back) == 0, "'%s' reads back as another move", text);
        kinds |= 1u << moves[i].kind;
        if (moves[i].kind == CARC_MOVE_ACTION && moves[i].action < 32) *actions_seen |= 1u << moves[i].action;
    }
    return kinds;
}

Test(client_movetext, every_legal_move_of_random_positions_round_trips)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    for (int s = 0; s < cl_setup_count; s++) {
        const cl_setup *set = &cl_setups[s];
        uint64_t rng = 1000 + (uint64_t)s;
        long positions = 0;
        unsigned kinds = 0, actions = 0;
        /* Over Hill and Dale's picking decision is rare: play on until one came up */
        for (int game = 0; game < 400 && (game < 30 || !(actions >> 2 & 1) || positions < 3000); game++) {
            carc_game *g = cl_new(set, 2 + game % 3, cl_rand(&rng));
            cr_assert_not_null(g);
            size_t n;
            while ((n = cl_moves(g, &buf, &cap)) > 0) {
                kinds |= round_trip_all(g, buf, n, &actions);
                positions++;
                cr_assert_eq(carc_game_apply(g, &buf[cl_rand(&rng) % n]), CARC_OK);
            }
            carc_game_free(g);
            if (strcmp(set->variant, "over-hill-and-dale") != 0 && positions >= 3000) break;
        }
        cr_expect_geq(positions, 3000, "%s: %ld positions", set->variant, positions);
        unsigned want = 1u << CARC_MOVE_TILE | 1u << CARC_MOVE_FIGURE | 1u << CARC_MOVE_PASS;
        cr_expect_eq(kinds & want, want, "%s: move kinds seen %#x", set->variant, kinds);
        /* every action the ruleset names was among the moves read back */
        carc_game *g = cl_new(set, 2, 1);
        const carc_variant *v;
        carc_game_variant(g, &v);
        carc_variant_info info = {.struct_size = sizeof info};
        carc_variant_describe(v, &info);
        for (int a = 0; a < info.action_count; a++) {
            unsigned code;
            const char *name;
            carc_variant_action(v, a, &code, &name, NULL, NULL);
            cr_expect(code < 32 && (actions >> code & 1), "%s: action %s never came up", set->variant, name);
        }
        carc_game_free(g);
    }
    free(buf);
}

/* The body of a save says each move as "move " and its move text. */
Test(client_movetext, saves_say_each_move_in_move_text)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    for (int s = 0; s < cl_setup_count; s++) {
        uint64_t rng = 77 + (uint64_t)s;
        carc_game *g = cl_new(&cl_setups[s], 3, 5);
        cr_assert_not_null(g);
        size_t played_cap = 1 << 16, used = 0, n;
        char *played = malloc(played_cap);
        played[0] = 0;
        while ((n = cl_moves(g, &buf, &cap)) > 0) {
            const carc_move *m = &buf[cl_rand(&rng) % n];
            used += (size_t)snprintf(played + used, played_cap - used, "move %s\n", cl_text(g, m));
            cr_assert_eq(carc_game_apply(g, m), CARC_OK);
        }
        char *save = cl_save(g);
        cr_assert_not_null(save);
        cr_assert(strncmp(save, "carcassonne-save 2\n", 19) == 0);
        /* the save's move lines, in order */
        size_t got_len = 0;
        char *got = malloc(strlen(save) + 1);
        for (const char *p = save; *p;) {
            const char *eol = strchr(p, '\n');
            size_t len = eol ? (size_t)(eol - p + 1) : strlen(p);
            if (strncmp(p, "move ", 5) == 0) {
                memcpy(got + got_len, p, len);
                got_len += len;
            }
            p += len;
        }
        got[got_len] = 0;
        cr_expect_str_eq(got, played, "%s: the save's moves differ", cl_setups[s].variant);
        free(got);
        free(save);
        free(played);
        carc_game_free(g);
    }
    free(buf);
}

static void expect_parse(carc_game *g, const char *text, int status)
{
    carc_move m, before;
    memset(&m, 0x5A, sizeof m);
    before = m;
    cr_expect_eq(carc_move_parse(g, text, strlen(text), &m), status, "'%s'", text);
    if (status != CARC_OK) cr_expect(memcmp(&m, &before, sizeof m) == 0, "'%s' changed the move", text);
}

Test(client_movetext, unknown_names_are_not_found)
{
    carc_game *g = cl_new_game("hills-sheep", 2, 3);
    expect_parse(g, "tile NOPE 1 0 0", CARC_E_NOT_FOUND);
    expect_parse(g, "action fly 3", CARC_E_NOT_FOUND);
    cr_assert_eq(cl_play(g, "tile U 1 0 1"), CARC_OK);
    expect_parse(g, "figure wizard f2", CARC_E_NOT_FOUND);
    expect_parse(g, "figure shepherd f9", CARC_E_NOT_FOUND);
    expect_parse(g, "figure follower c1", CARC_E_NOT_FOUND); /* U has no city */
    expect_parse(g, "figure follower r1 5 5", CARC_E_NOT_FOUND); /* no tile there */
    expect_parse(g, "figure shepherd f2", CARC_OK);
    carc_game_free(g);
}

Test(client_movetext, malformed_text_is_a_parse_error)
{
    carc_game *g = cl_new_game("hills-sheep", 2, 3);
    const char *bad[] = {
        "", "   ", "jump", "pass now", "pass\npass", "tile U 1 0", "tile U 1 0 1 1", "tile U a 0 1",
        "tile U 1 0 4", "tile U 1 0 -1", "tile U 40000 0 1", "tile U 1.5 0 1", "figure", "figure shepherd",
        "action", "action grow", "action grow 1 2", "action grow x",
        "tile U 1 0 1 # comment",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) expect_parse(g, bad[i], CARC_E_PARSE);
    /* surrounding blanks and one line end are fine */
    expect_parse(g, "  tile U 1 0 1 \n", CARC_OK);
    expect_parse(g, "pass\r\n", CARC_OK);
    carc_game_free(g);
}

Test(client_movetext, a_figure_before_any_tile_this_turn_is_a_phase_error)
{
    carc_game *g = cl_new_game("base", 2, 3);
    expect_parse(g, "figure follower r1", CARC_E_PHASE);
    cr_assert_eq(cl_play(g, "tile U 1 0 1"), CARC_OK);
    expect_parse(g, "figure follower r1", CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    expect_parse(g, "figure follower r1", CARC_E_PHASE);
    /* with its square a figure move says where it is, whatever the turn */
    expect_parse(g, "figure follower r1 1 0", CARC_OK);
    carc_game_free(g);
}

Test(client_movetext, too_small_a_buffer_reports_the_length)
{
    carc_game *g = cl_new_game("base", 2, 3);
    carc_move m;
    cr_assert_eq(carc_move_parse(g, "tile U 12 -3 1", 14, &m), CARC_OK);
    char buf[64];
    size_t len = 0;
    memset(buf, '#', sizeof buf);
    cr_expect_eq(carc_move_format(g, &m, buf, 5, &len), CARC_E_BUFFER);
    cr_expect_eq(len, strlen("tile U 12 -3 1"));
    cr_expect_eq(buf[5], '#', "wrote past the buffer");
    /* the text needs room for its NUL too */
    cr_expect_eq(carc_move_format(g, &m, buf, len, &len), CARC_E_BUFFER);
    cr_expect_eq(carc_move_format(g, &m, buf, len + 1, &len), CARC_OK);
    cr_expect_str_eq(buf, "tile U 12 -3 1");
    cr_expect_eq(carc_move_format(g, &m, buf, 0, NULL), CARC_E_NULL);
    cr_expect_eq(carc_move_format(g, NULL, buf, 64, &len), CARC_E_NULL);
    cr_expect_eq(carc_move_parse(g, NULL, 0, &m), CARC_E_NULL);
    carc_game_free(g);
}

Test(client_movetext, moves_that_name_nothing_cannot_be_written)
{
    carc_game *g = cl_new_game("base", 2, 3);
    char buf[64];
    size_t len;
    carc_move m = {.kind = CARC_MOVE_FIGURE, .x = 4, .y = 4}; /* an empty square */
    cr_expect_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_E_INVALID);
    m = (carc_move){.kind = CARC_MOVE_FIGURE, .feature = 11}; /* the start tile has 4 features */
    cr_expect_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_E_INVALID);
    m = (carc_move){.kind = CARC_MOVE_TILE, .tile = 999};
    cr_expect_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_E_INVALID);
    m = (carc_move){.kind = 9};
    cr_expect_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_E_INVALID);
    carc_game_free(g);
}

/* An action the ruleset does not name is said as its six numbers, and read back. */
Test(client_movetext, unnamed_actions_are_six_numbers)
{
    carc_game *g = cl_new_game("base", 2, 3);
    carc_move m = {.kind = CARC_MOVE_ACTION, .action = 7, .target = -12, .x = 3, .y = -4, .figure = 1, .feature = 2}, back;
    char buf[64];
    size_t len;
    cr_assert_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_OK);
    cr_expect_str_eq(buf, "action 7 -12 3 -4 1 2");
    cr_assert_eq(carc_move_parse(g, buf, len, &back), CARC_OK);
    cr_expect(memcmp(&m, &back, sizeof m) == 0);
    carc_game_free(g);
}

/* Only what reads back is written: a tile turned more than three quarters
 * is not a move text can say (it was once written as `tile D 0 1 200`,
 * which carc_move_parse refuses). */
Test(client_movetext, a_rotation_above_three_cannot_be_written)
{
    carc_game *g = cl_new_game("base", 2, 3);
    int d = -1;
    const carc_tileset *ts = NULL;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    cr_assert_eq(carc_tileset_find(ts, "D", &d), CARC_OK);
    char buf[64] = "untouched";
    size_t len = 77;
    for (int rot = 0; rot < 256; rot++) {
        carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)d, .x = 0, .y = 1, .rotation = (uint8_t)rot}, back;
        int r = carc_move_format(g, &m, buf, sizeof buf, &len);
        if (rot > 3) {
            cr_assert_eq(r, CARC_E_INVALID, "rotation %d: %s", rot, carc_strerror(r));
            cr_assert_str_eq(buf, "tile D 0 1 3", "rotation %d: the buffer was written", rot);
            cr_assert_eq(len, 12u, "rotation %d: the length was written", rot);
            continue;
        }
        cr_assert_eq(r, CARC_OK);
        cr_assert_eq(carc_move_parse(g, buf, len, &back), CARC_OK, "'%s'", buf);
        cr_assert_eq(back.rotation, rot);
    }
    carc_game_free(g);
}

/* A figure move on another tile than this turn's is written with its
 * square, so it reads back as the same move (and not as a move on this
 * turn's tile). */
Test(client_movetext, a_figure_on_another_tile_is_written_with_its_square)
{
    carc_game *g = cl_new_game("base", 2, 3);
    char buf[64];
    size_t len;
    carc_move m = {.kind = CARC_MOVE_FIGURE, .feature = 0, .x = 0, .y = 0}, back;
    cr_assert_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_OK);
    cr_assert_str_eq(buf, "figure follower c1 0 0", "no tile placed this turn yet");
    cr_assert_eq(carc_move_parse(g, buf, len, &back), CARC_OK);
    cr_assert(memcmp(&m, &back, sizeof m) == 0);
    /* place this turn's tile, then a figure on it is said without square */
    carc_move moves[256];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, moves, 256, &n), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &moves[0]), CARC_OK);
    carc_move here = {.kind = CARC_MOVE_FIGURE, .feature = 0, .x = moves[0].x, .y = moves[0].y};
    cr_assert_eq(carc_move_format(g, &here, buf, sizeof buf, &len), CARC_OK);
    cr_assert_eq(strchr(buf + 7, ' ') == strrchr(buf, ' '), 1, "'%s' has a square", buf);
    cr_assert_eq(carc_move_parse(g, buf, len, &back), CARC_OK);
    cr_assert(memcmp(&here, &back, sizeof here) == 0);
    /* and the start tile's city, from this turn, with its square */
    cr_assert_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_OK);
    cr_assert_str_eq(buf, "figure follower c1 0 0");
    cr_assert_eq(carc_move_parse(g, buf, len, &back), CARC_OK);
    cr_assert(memcmp(&m, &back, sizeof m) == 0);
    carc_game_free(g);
}

/* The code of the action the ruleset of g names `name`. */
static unsigned action_code(carc_game *g, const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_game_variant(g, &v), CARC_OK);
    for (int i = 0;; i++) {
        unsigned code = 0, args = 0;
        const char *n = NULL;
        cr_assert_eq(carc_variant_action(v, i, &code, &n, &args, NULL), CARC_OK, "no action %s", name);
        if (strcmp(n, name) == 0) return code;
    }
}

/* A named action may be given as its six numbers too, but only where its
 * named form could say it: a hike names a feature of the tile on its square,
 * so six numbers for a hike off the board, or to a feature the tile lacks,
 * name nothing (fuzz_movetext found "action 1 -12 3 -4 1 2" read, and then
 * refused by carc_move_format). */
Test(client_movetext, six_numbers_for_a_named_action_name_a_feature_that_exists)
{
    carc_game *g = cl_new_game("over-hill-and-dale", 2, 3);
    unsigned hike = action_code(g, "hike");
    char text[64], buf[64];
    snprintf(text, sizeof text, "action %u -12 3 -4 1 2", hike); /* no tile at (3,-4) */
    expect_parse(g, text, CARC_E_NOT_FOUND);
    snprintf(text, sizeof text, "action %u 5 0 0 0 200", hike); /* the start tile has no feature 200 */
    expect_parse(g, text, CARC_E_NOT_FOUND);
    /* and such a hike, made by hand, cannot be written */
    carc_move off = {.kind = CARC_MOVE_ACTION, .action = (uint16_t)hike, .target = -12, .x = 3, .y = -4, .feature = 2};
    size_t untouched = 77;
    cr_expect_eq(carc_move_format(g, &off, buf, sizeof buf, &untouched), CARC_E_INVALID);
    cr_expect_eq(untouched, 77u);
    /* a feature of the start tile: read, and written by name */
    snprintf(text, sizeof text, "action %u 5 0 0 0 1", hike);
    carc_move m, back;
    cr_assert_eq(carc_move_parse(g, text, strlen(text), &m), CARC_OK);
    cr_expect(m.kind == CARC_MOVE_ACTION && m.action == hike && m.target == 5 && m.x == 0 && m.y == 0 && m.feature == 1);
    size_t len = 0;
    cr_assert_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_OK);
    cr_expect(strncmp(buf, "action hike 5 0 0 ", 18) == 0, "written '%s'", buf);
    cr_assert_eq(carc_move_parse(g, buf, len, &back), CARC_OK, "'%s'", buf);
    cr_expect(back.action == hike && back.target == 5 && back.x == 0 && back.y == 0 && back.feature == 1);
    carc_game_free(g);
}
