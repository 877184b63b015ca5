/* carc_game_load() names the line of a save that fails and what is wrong
 * with it (carc_load_options.err): one test per kind of fault, each
 * checking the status, the line number and the reason. */
#include "helpers.h"

/* A base game of 2 players, seed 42, 12 random moves in, as save text. */
static char *sample(void)
{
    uint64_t rng = 5;
    carc_game *g = h_new("base", 2, 42);
    h_play(g, &rng, 12);
    char *text = h_save(g);
    cr_assert_not_null(text);
    carc_game_free(g);
    return text;
}

/* The line number (from 1) at which `at` starts in `text`. */
static int line_of(const char *text, const char *at)
{
    int line = 1;
    for (const char *p = text; p < at; p++) line += *p == '\n';
    return line;
}

/* `text` with the first occurrence of `from` replaced by `to`; *line gets
 * the number of the line where the replacement starts. */
static char *edit(const char *text, const char *from, const char *to, int *line)
{
    const char *at = strstr(text, from);
    cr_assert_not_null(at, "'%s' is not in the save", from);
    if (line) *line = line_of(text, at);
    size_t n = strlen(text) + strlen(to) + 1;
    char *s = malloc(n);
    cr_assert_not_null(s);
    snprintf(s, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return s;
}

/* Loads `text` with an error buffer: the status must be `status`, the
 * message must start with "line N: " and hold `reason`; nothing is made. */
static void expect(const char *text, int status, int line, const char *reason)
{
    char err[256] = "untouched";
    carc_load_options o = {.struct_size = sizeof o, .err = err, .err_cap = sizeof err};
    carc_game *sentinel = (carc_game *)&o, *g = sentinel;
    int r = carc_game_load(&o, text, strlen(text), &g);
    cr_assert_eq(r, status, "want %d (%s), got %d: %s", status, reason, r, err);
    cr_assert_eq(g, sentinel, "a failed load wrote *out");
    char head[32];
    snprintf(head, sizeof head, "line %d: ", line);
    cr_assert_eq(strncmp(err, head, strlen(head)), 0, "want '%s...', got '%s'", head, err);
    cr_assert_not_null(strstr(err, reason), "want '%s' in '%s'", reason, err);
}

/* Replaces `from` by `to` in the sample and expects the fault at the line
 * of the replacement (plus `below` lines). */
static void expect_edit(const char *text, const char *from, const char *to, int below, int status, const char *reason)
{
    int line;
    char *s = edit(text, from, to, &line);
    expect(s, status, line + below, reason);
    free(s);
}

Test(core_load_reasons, a_good_save_loads_and_clears_the_message)
{
    char *text = sample();
    char err[64] = "untouched";
    carc_load_options o = {.struct_size = sizeof o, .err = err, .err_cap = sizeof err};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_load(&o, text, strlen(text), &g), CARC_OK, "%s", err);
    cr_assert_str_eq(err, "");
    carc_game_free(g);
    /* options of 0.2's size (no err member) still load */
    carc_load_options old = {.struct_size = (uint32_t)CARC_LOAD_OPTIONS_SIZE_V1, .err = err};
    strcpy(err, "untouched");
    cr_assert_eq(carc_game_load(&old, text, strlen(text), &g), CARC_OK);
    cr_assert_str_eq(err, "untouched", "err is not read when struct_size does not cover it");
    carc_game_free(g);
    old.struct_size = (uint32_t)CARC_LOAD_OPTIONS_SIZE_V1 - 1;
    cr_assert_eq(carc_game_load(&old, text, strlen(text), &g), CARC_E_VERSION);
    free(text);
}

Test(core_load_reasons, the_first_line_must_be_the_magic)
{
    expect("", CARC_E_PARSE, 1, "not a saved game");
    expect("carcassonne-save 9\nend\n", CARC_E_PARSE, 1, "not a saved game");
    expect("\n\nhello world\n", CARC_E_PARSE, 3, "not a saved game");
}

Test(core_load_reasons, header_faults_name_their_line)
{
    char *text = sample();
    expect_edit(text, "players 2\n", "players two\n", 0, CARC_E_PARSE, "players 'two' is not a whole number");
    expect_edit(text, "players 2\n", "players 7\n", 0, CARC_E_RANGE, "base takes 2 to 5 players, not 7");
    expect_edit(text, "players 2\n", "players 2 3\n", 0, CARC_E_PARSE, "players takes 1 word after it");
    expect_edit(text, "seed 42\n", "seed -42\n", 0, CARC_E_PARSE, "seed '-42' is not a whole number");
    expect_edit(text, "seed 42\n", "seed 18446744073709551616\n", 0, CARC_E_PARSE, "seed '18446744073709551616'");
    expect_edit(text, "tileset ", "tileset xyz\nfoo ", 0, CARC_E_PARSE, "tileset 'xyz' is not 1 to 16 hex digits");
    expect_edit(text, "variant base\n", "variant nope\n", 0, CARC_E_NOT_FOUND,
                "no variant named 'nope' (there are: base, hills-sheep");
    /* a header line missing: named at the first line of the body */
    int line;
    char *s = edit(text, "seed 42\n", "", NULL);
    const char *body = strstr(s, "\ndraw ");
    cr_assert_not_null(body);
    line = line_of(s, body + 1);
    expect(s, CARC_E_PARSE, line, "the header has no seed line");
    free(s);
    /* the tile set of another game */
    s = edit(text, "tileset ", "tileset 0123456789abcdef ", &line);
    char *cut = strstr(s, "0123456789abcdef ") + 16;
    memmove(cut, strchr(cut, '\n'), strlen(strchr(cut, '\n')) + 1);
    expect(s, CARC_E_MISMATCH, line, "the save was made with tile set 0123456789abcdef");
    free(s);
    free(text);
}

/* Finding 5 of issue 25: a header line given twice was taken, the last one
 * winning, however often it came; no save the library writes repeats one. */
Test(core_load_reasons, repeated_header_lines_are_refused)
{
    char *text = sample();
    int line;
    char *s = edit(text, "players 2\n", "players 2\nplayers 2\nplayers 2\nplayers 2\nplayers 2\n", &line);
    expect(s, CARC_E_PARSE, line + 1, "a second players line (the first is on line 3)");
    free(s);
    const char *lines[] = {"variant base\n", "seed 42\n"};
    for (int i = 0; i < 2; i++) {
        char twice[64];
        snprintf(twice, sizeof twice, "%s%s", lines[i], lines[i]);
        s = edit(text, lines[i], twice, &line);
        expect(s, CARC_E_PARSE, line + 1, "a second");
        free(s);
    }
    const char *tl = strstr(text, "tileset ");
    char tline[64];
    snprintf(tline, sizeof tline, "%.*s", (int)(strchr(tl, '\n') - tl + 1), tl);
    char twice[128];
    snprintf(twice, sizeof twice, "%s%s", tline, tline);
    s = edit(text, tline, twice, &line);
    expect(s, CARC_E_PARSE, line + 1, "a second tileset line");
    free(s);
    /* the same line after the body began is out of place, not a repeat */
    s = edit(text, "end\n", "players 2\nend\n", &line);
    expect(s, CARC_E_PARSE, line, "'players' belongs in the header");
    free(s);
    free(text);
}

Test(core_load_reasons, rule_lines_name_the_option_and_its_range)
{
    carc_game *g = h_new("hills-sheep", 2, 3);
    char *text = h_save(g);
    carc_game_free(g);
    expect_edit(text, "rule hills 1\n", "rule hils 1\n", 0, CARC_E_NOT_FOUND, "hills-sheep has no option 'hils'");
    expect_edit(text, "rule hills 1\n", "rule hills 5\n", 0, CARC_E_RANGE, "rule hills is 5, outside 0 to 1");
    expect_edit(text, "rule hills 1\n", "rule hills on\n", 0, CARC_E_PARSE, "rule hills: 'on' is not a whole number");
    expect_edit(text, "rule hills 1\n", "rule hills 1\nrule hills 0\n", 1, CARC_E_PARSE,
                "a second rule hills (the first is on line");
    expect_edit(text, "rule hills 1\n", "rule hills\n", 0, CARC_E_PARSE, "rule takes 2 words after it");
    free(text);
}

Test(core_load_reasons, body_faults_name_their_line)
{
    char *text = sample();
    expect_edit(text, "end\n", "frobnicate 3\nend\n", 0, CARC_E_PARSE, "unknown line 'frobnicate'");
    expect_edit(text, "draw main ", "draw nowhere ", 0, CARC_E_PARSE, "no stack named 'nowhere'");
    expect_edit(text, "end\n", "draw main ZZ\nend\n", 0, CARC_E_PARSE, "no tile named 'ZZ'");
    expect_edit(text, "end\n", "draw main D forsed\nend\n", 0, CARC_E_PARSE, "'forsed' where 'forced'");
    expect_edit(text, "end\n", "draw main\nend\n", 0, CARC_E_PARSE, "draw takes 2 to 3 words after it, not 1");
    expect_edit(text, "end\n", "token sheep wolf\nend\n", 0, CARC_E_PARSE, "no token wolf in a bag sheep");
    expect_edit(text, "end\n", "reseed x\nend\n", 0, CARC_E_PARSE, "reseed 'x' is not a whole number");
    expect_edit(text, "end\n", "next-tile ZZ\nend\n", 0, CARC_E_PARSE, "no tile named 'ZZ'");
    expect_edit(text, "end\n", "next-token sheep wolf\nend\n", 0, CARC_E_PARSE, "no token wolf");
    /* in the figure step no drawn tile waits to be replaced */
    expect_edit(text, "move pass\n", "replace main D\nmove pass\n", 0, CARC_E_PARSE, "can be replaced by D here");
    expect_edit(text, "end\n", "rehide main D E\nend\n", 0, CARC_E_PARSE, "D does not lie hidden in stack main");
    expect_edit(text, "move tile ", "move tile ZZ 0 0 0\nmove tile ", 0, CARC_E_PARSE,
                "'tile ZZ 0 0 0' is not a move: it names no such tile");
    expect_edit(text, "move tile ", "move tile D 0 0\nmove tile ", 0, CARC_E_PARSE, "'tile D 0 0' is not a move");
    expect_edit(text, "move pass\n", "move pass\nmove pass\n", 1, CARC_E_PARSE, "move pass cannot be played here");
    expect_edit(text, "end\n", "move a b c d e f g h\nend\n", 0, CARC_E_PARSE, "more than 8 words");
    char longword[100];
    memset(longword, 'x', 80);
    snprintf(longword + 80, sizeof longword - 80, "\nend\n");
    expect_edit(text, "end\n", longword, 0, CARC_E_PARSE, "a word longer than 63 bytes");
    free(text);
}

Test(core_load_reasons, a_move_sent_where_it_is_illegal_names_its_line)
{
    char *text = sample();
    const char *mv = strstr(text, "move tile ");
    char name[8];
    cr_assert_eq(sscanf(mv, "move tile %7s", name), 1);
    char from[64], to[64];
    snprintf(from, sizeof from, "%.*s", (int)(strchr(mv, '\n') - mv + 1), mv);
    snprintf(to, sizeof to, "move tile %s 40 40 0\n", name);
    expect_edit(text, from, to, 0, CARC_E_PARSE, "cannot be played here: the move is not legal here");
    free(text);
}

Test(core_load_reasons, a_draw_that_does_not_follow_from_the_seed_is_named)
{
    char *text = sample();
    const char *dr = strstr(text, "draw main ");
    char from[64], to[64], name[8];
    cr_assert_eq(sscanf(dr, "draw main %7s", name), 1);
    snprintf(from, sizeof from, "%.*s", (int)(strchr(dr, '\n') - dr + 1), dr);
    /* another tile of the set: a different draw than the seed gives */
    snprintf(to, sizeof to, "draw main %s\n", strcmp(name, "B") ? "B" : "C");
    expect_edit(text, from, to, 0, CARC_E_PARSE, "does not follow from the seed");
    free(text);
}

Test(core_load_reasons, the_end_line_is_required_and_last)
{
    char *text = sample();
    size_t len = strlen(text);
    char *cut = h_strdup(text);
    cut[len - 4] = 0; /* drop "end\n": the fault is where it belonged */
    expect(cut, CARC_E_PARSE, line_of(text, text + len - 4), "the save is cut short: no end line");
    free(cut);
    expect_edit(text, "end\n", "end\nmove pass\n", 1, CARC_E_PARSE, "text after the end line");
    /* blank lines after the end are no text */
    char *blank = edit(text, "end\n", "end\n\n  \n", NULL);
    carc_game *g = NULL;
    cr_assert_eq(carc_game_load(NULL, blank, strlen(blank), &g), CARC_OK);
    carc_game_free(g);
    free(blank);
    /* a text that stops inside the header */
    const char *rule = strstr(text, "\ndraw ");
    char *head = h_strdup(text);
    head[rule - text + 1] = 0;
    expect(head, CARC_E_PARSE, line_of(text, rule + 1), "cut short in its header");
    free(head);
    free(text);
}

Test(core_load_reasons, a_nul_byte_names_its_line)
{
    char *text = sample();
    int line;
    char *s = edit(text, "players 2", "players 2", &line);
    char *at = strstr(s, "players 2");
    at[7] = 0; /* "players\0" */
    char err[128];
    carc_load_options o = {.struct_size = sizeof o, .err = err, .err_cap = sizeof err};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_load(&o, s, strlen(text), &g), CARC_E_PARSE);
    char want[64];
    snprintf(want, sizeof want, "line %d: a NUL byte", line);
    cr_assert_str_eq(err, want);
    free(s);
    free(text);
}

Test(core_load_reasons, capacities_name_their_line)
{
    char *text = sample();
    size_t len = strlen(text);
    static char buf[65536];
    memcpy(buf, text, len - 4);
    size_t n = len - 4;
    for (int i = 0; i < 129; i++) n += (size_t)snprintf(buf + n, sizeof buf - n, "draw main D forced\n");
    snprintf(buf + n, sizeof buf - n, "end\n");
    int first = line_of(text, text + len - 4);
    expect(buf, CARC_E_LIMIT, first + 128, "more than 128 fixed draws queued");
    free(text);
}

Test(core_load_reasons, a_short_buffer_gets_the_message_cut)
{
    char *text = sample();
    char *s = edit(text, "players 2\n", "players 7\n", NULL);
    char err[12];
    memset(err, 'x', sizeof err);
    carc_load_options o = {.struct_size = sizeof o, .err = err, .err_cap = sizeof err};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_load(&o, s, strlen(s), &g), CARC_E_RANGE);
    cr_assert_str_eq(err, "line 3: bas");
    free(s);
    free(text);
}
