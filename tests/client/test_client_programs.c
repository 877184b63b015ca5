/* What the example programs say when a game cannot be made
 * (examples/rules.h: carc-play, carc-bench and carc-render share it): the
 * bad value, and what would be accepted. And carc-play itself, when the
 * build made it: its move text, a bad variant, a damaged save. */
#define _POSIX_C_SOURCE 200809L /* popen, mkstemp */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../examples/rules.h"

/* What rules_explain() writes for these options (carc_game_new's status first). */
static char *explain(const char *variant, int players, const carc_option *rules, int n)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .rules = rules,
                           .rule_count = n};
    carc_game *g = NULL;
    int r = carc_game_new(&o, &g);
    cr_assert_neq(r, CARC_OK, "the options make a game");
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    rules_explain(f, "prog", &o, r);
    static char text[1024];
    rewind(f);
    size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = 0;
    fclose(f);
    return text;
}

Test(client_programs, an_unknown_variant_lists_the_variants)
{
    const char *t = explain("bsae", 2, NULL, 0);
    cr_assert_str_eq(t, "prog: no variant named 'bsae'; the variants are: base, hills-sheep, hunters-gatherers, "
                        "discovery, over-hill-and-dale\n");
}

Test(client_programs, players_out_of_range_name_the_range)
{
    cr_assert_str_eq(explain("base", 7, NULL, 0), "prog: base takes 2 to 5 players, not 7\n");
    cr_assert_str_eq(explain("base", 1, NULL, 0), "prog: base takes 2 to 5 players, not 1\n");
}

Test(client_programs, a_misspelled_option_lists_the_options)
{
    carc_option hnd = {"hnd", 1};
    cr_assert_str_eq(explain("discovery", 2, &hnd, 1),
                     "prog: discovery has no option 'hnd'; its options: hand=0..1 (default 0), literal_two_tiles=0..1 "
                     "(default 0), hand_removed_5p=1..3 (default 1), hand_removal=0..1 (default 1)\n");
    cr_assert_str_eq(explain("base", 2, &hnd, 1), "prog: base has no option 'hnd'; its options: none\n");
}

Test(client_programs, a_value_out_of_range_names_the_range)
{
    carc_option rules[] = {{"sheep", 1}, {"hill_tiebreak", 5}};
    const char *t = explain("hills-sheep", 3, rules, 2);
    cr_assert_eq(strncmp(t, "prog: hill_tiebreak=5 is outside 0..2; the options of hills-sheep: sheep=0..1 (default 1)",
                         strlen("prog: hill_tiebreak=5 is outside 0..2; the options of hills-sheep: sheep=0..1 (default 1)")),
                 0, "%s", t);
}

#ifdef CARC_PLAY_PATH
/* Runs carc-play with `args`; the whole output (stdout and stderr). */
static char *run(const char *args, int *status)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>&1", CARC_PLAY_PATH, args);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    static char out[65536];
    size_t len = fread(out, 1, sizeof out - 1, p);
    out[len] = 0;
    *status = pclose(p);
    return out;
}

Test(client_programs, carc_play_prints_moves_in_move_text)
{
    if (access(CARC_PLAY_PATH, X_OK)) cr_skip_test("carc-play is not built here");
    int st;
    const char *out = run("--variant discovery --players 2 --seed 3", &st);
    cr_assert_eq(st, 0);
    cr_assert_eq(strncmp(out, "P0: tile ", 9), 0, "%.80s", out);
    cr_assert_not_null(strstr(out, "; figure follower "));
    cr_assert_not_null(strstr(out, "; action remove "), "a follower taken back, in the words of saves");
    cr_assert_null(strstr(out, "action:"));
    cr_assert_null(strstr(out, "@"));
}

Test(client_programs, carc_play_names_what_is_wrong)
{
    if (access(CARC_PLAY_PATH, X_OK)) cr_skip_test("carc-play is not built here");
    int st;
    const char *out = run("--variant foo", &st);
    cr_assert_neq(st, 0);
    cr_assert_not_null(strstr(out, "no variant named 'foo'; the variants are: base, hills-sheep"), "%s", out);
    char path[] = "/tmp/carc-play-test-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    const char *bad = "carcassonne-save 2\nvariant base\nplayers 2\nplayers 2\nseed 1\n";
    cr_assert_eq(write(fd, bad, strlen(bad)), (ssize_t)strlen(bad));
    close(fd);
    char args[128];
    snprintf(args, sizeof args, "--load %s", path);
    out = run(args, &st);
    unlink(path);
    cr_assert_neq(st, 0);
    cr_assert_not_null(strstr(out, ": line 4: a second players line (the first is on line 3)"), "%s", out);
}
#endif
