/* A variant's word on a tile set before its facts (carc_variant.tileset_check):
 * a set it cannot play is refused as it is parsed, with the variant's own
 * reason in the message, CARC_E_LIMIT kept a limit and any other refusal
 * CARC_E_INVALID; nothing is made, tileset_setup is not called, and a
 * variant built against an older header is never asked. */
#include <stddef.h>
#include <string.h>

#include "helpers.h"

static int checks, setups; /* calls across the variants of this file */
static int verdict;        /* what the check returns */
static const char *reason; /* what it writes, NULL for nothing */
static size_t cap_seen;    /* the room it was given */

static int check(const carc_tileset *ts, char *why, size_t cap)
{
    checks++;
    cap_seen = cap;
    int types = 0;
    cr_assert_eq(carc_tileset_type_count(ts, &types), CARC_OK, "the set is complete and readable");
    cr_assert_eq(types, 3);
    if (reason) {
        size_t n = strlen(reason);
        memcpy(why, reason, n < cap ? n : cap); /* no NUL when it fills the buffer */
        if (n < cap) why[n] = 0;
    }
    return verdict;
}

static int setup_facts(const carc_tileset *ts, void *data)
{
    (void)ts;
    (void)data;
    setups++;
    return CARC_OK;
}

static carc_variant checking(void)
{
    carc_variant v = h_base_copy("checking");
    v.tileset_setup = setup_facts;
    v.tileset_check = check;
    checks = setups = verdict = 0;
    reason = NULL;
    return v;
}

static const char SMALL[] = H_FIELDS_SET;

/* Parses SMALL for v; returns the status, the message in err. */
static int parse(const carc_variant *v, char *err, size_t cap)
{
    carc_tileset *ts = (carc_tileset *)v; /* must be left alone on a refusal */
    int r = carc_tileset_parse(v, SMALL, sizeof SMALL - 1, &ts, err, cap);
    if (r) {
        cr_assert_eq(ts, (carc_tileset *)v, "nothing made");
        return r;
    }
    carc_tileset_free(ts);
    return r;
}

/* With the check answering `answer` and writing `why`, the parse of SMALL
 * for v fails with `status` and `message`, and no facts are worked out. */
static void expect_refusal(const carc_variant *v, int answer, const char *why, int status, const char *message)
{
    verdict = answer;
    reason = why;
    char err[160] = "";
    cr_assert_eq(parse(v, err, sizeof err), status);
    cr_assert_str_eq(err, message);
    cr_assert_eq(setups, 0, "no facts of a set refused");
}

Test(core_tileset_check, a_set_beyond_a_limit_of_the_ruleset_names_the_limit)
{
    carc_variant v = checking();
    expect_refusal(&v, CARC_E_LIMIT, "7 tiles, at most 6", CARC_E_LIMIT,
                   "the set is beyond a limit of the ruleset: 7 tiles, at most 6");
    cr_assert_eq(checks, 1);
    cr_assert_geq(cap_seen, 64, "the header promises at least 64 bytes");
}

Test(core_tileset_check, another_refusal_is_an_inconsistent_argument)
{
    carc_variant v = checking();
    expect_refusal(&v, CARC_E_RANGE, "a tile of only farms", CARC_E_INVALID,
                   "the ruleset refused the set: a tile of only farms");
}

Test(core_tileset_check, a_refusal_without_a_reason_names_the_status)
{
    carc_variant v = checking();
    expect_refusal(&v, CARC_E_LIMIT, NULL, CARC_E_LIMIT,
                   "the set is beyond a limit of the ruleset: its tileset_check returned -13: a fixed capacity "
                   "would be exceeded");
}

/* The message is one line, however the reason is written: control bytes
 * become spaces and a reason that fills the room without a NUL is cut. */
Test(core_tileset_check, a_reason_is_kept_to_one_line_and_its_room)
{
    carc_variant v = checking();
    expect_refusal(&v, CARC_E_LIMIT, "9 pit traps,\nat most 8\t(see the docs)", CARC_E_LIMIT,
                   "the set is beyond a limit of the ruleset: 9 pit traps, at most 8 (see the docs)");
    static char longer[400];
    memset(longer, 'w', sizeof longer - 1);
    reason = longer;
    char big[400] = "";
    cr_assert_eq(parse(&v, big, sizeof big), CARC_E_LIMIT);
    const char *head = "the set is beyond a limit of the ruleset: ";
    cr_assert_eq(strncmp(big, head, strlen(head)), 0);
    cr_assert_eq(strlen(big), strlen(head) + cap_seen - 1, "the reason cut to its room: %zu bytes", strlen(big));
}

Test(core_tileset_check, a_set_it_takes_goes_on_to_its_facts_and_plays)
{
    carc_variant v = checking();
    carc_tileset *ts = h_parse_tiles(&v, SMALL, sizeof SMALL - 1);
    cr_assert_eq(checks, 1);
    cr_assert_eq(setups, 1);
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2, .seed = 3, .tileset = ts};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    uint64_t rng = 3;
    h_play(g, &rng, 100);
    carc_phase phase;
    cr_assert_eq(carc_game_state(g, &phase, NULL), CARC_OK);
    cr_assert_eq(phase, CARC_PHASE_OVER);
    cr_assert_eq(checks, 1, "a game on a parsed set asks nothing more");
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* Its own set refused: the vtable does not pass the check, and no game is
 * made of it. */
Test(core_tileset_check, its_own_set_refused_fails_the_vtable)
{
    carc_variant v = checking();
    v.tiles = SMALL;
    v.tiles_len = sizeof SMALL - 1;
    verdict = CARC_E_LIMIT;
    reason = "7 tiles, at most 6";
    char why[200] = "";
    cr_assert_eq(carc_variant_check(&v, why, sizeof why), CARC_E_INVALID);
    cr_assert_str_eq(why, "tiles: the set is beyond a limit of the ruleset: 7 tiles, at most 6");
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_INVALID);
    cr_assert_null(g);
}

/* A ruleset with limits and no facts to keep: the check alone. */
Test(core_tileset_check, a_check_needs_no_facts)
{
    carc_variant v = checking();
    v.tileset_setup = NULL;
    v.tileset_data_size = 0;
    carc_tileset *ts = h_parse_tiles(&v, SMALL, sizeof SMALL - 1);
    cr_assert_eq(checks, 1);
    cr_assert_eq(setups, 0);
    carc_tileset_free(ts);
    expect_refusal(&v, CARC_E_LIMIT, "7 tiles, at most 6", CARC_E_LIMIT,
                   "the set is beyond a limit of the ruleset: 7 tiles, at most 6");
}

Test(core_tileset_check, a_variant_older_than_the_hook_is_never_asked)
{
    carc_variant v = checking();
    verdict = CARC_E_LIMIT;
    v.struct_size = (uint32_t)offsetof(carc_variant, tileset_check);
    carc_tileset *ts = h_parse_tiles(&v, SMALL, sizeof SMALL - 1);
    cr_assert_eq(checks, 0, "members past struct_size are not read");
    cr_assert_eq(setups, 1, "the hook before it is");
    carc_tileset_free(ts);
}
