/* What the tile-set parser refuses beyond plain syntax errors (issue 25,
 * finding 5, and docs/tile-format.md "What is refused"): each case with
 * its status, line and reason. */
#include "helpers.h"

static const carc_variant *base_variant(void)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    return v;
}

/* Line 4 is the feature line every case rewrites. */
static const char *const HEAD = "# a one-tile set\n"
                                "tile A count=2 start\n"
                                "  edges F F F F F F F F F F F F\n";

/* Parses HEAD + `line4` (+ a newline): the status must be `status` and
 * the message "line N: ..." must hold `reason`; nothing is made. */
static void expect_at(const char *line4, int line, int status, const char *reason)
{
    char text[512], err[160] = "untouched";
    snprintf(text, sizeof text, "%s%s\n", HEAD, line4);
    carc_tileset *sentinel = (carc_tileset *)&text, *ts = sentinel;
    int r = carc_tileset_parse(base_variant(), text, strlen(text), &ts, err, sizeof err);
    cr_assert_eq(r, status, "%s: want %d, got %d (%s)", line4, status, r, err);
    cr_assert_eq(ts, sentinel, "%s: *out was written", line4);
    char head[16];
    snprintf(head, sizeof head, "line %d: ", line);
    cr_assert_eq(strncmp(err, head, strlen(head)), 0, "%s: want '%s...', got '%s'", line4, head, err);
    cr_assert_not_null(strstr(err, reason), "%s: want '%s' in '%s'", line4, reason, err);
}

static void expect(const char *line4, int status, const char *reason) { expect_at(line4, 4, status, reason); }

/* The value of an attribute read back from a parsed set, or -1. */
static int attr_value(const char *line4, const char *attr)
{
    char text[512];
    snprintf(text, sizeof text, "%s%s\n", HEAD, line4);
    carc_tileset *ts = NULL;
    char err[160];
    cr_assert_eq(carc_tileset_parse(base_variant(), text, strlen(text), &ts, err, sizeof err), CARC_OK, "%s", err);
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .tileset = ts};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    int a = carc_attr_index(g, attr), v = a < 0 ? -1 : carc_piece_attr(g, 0, a);
    carc_game_free(g);
    carc_tileset_free(ts);
    return v;
}

Test(core_tile_format, attribute_values_that_read_as_numbers_must_be_counts)
{
    /* accepted: a count, a word, a word list with counts */
    cr_assert_eq(attr_value("  feature farm slots=none id=f1 ports=7", "ports"), 7);
    cr_assert_eq(attr_value("  feature farm slots=none id=f1 ports=007", "ports"), 7);
    cr_assert_eq(attr_value("  feature farm slots=none id=f1 power=raft", "power.raft"), 1);
    cr_assert_eq(attr_value("  feature farm slots=none id=f1 animals=deer:2,tiger", "animals.deer"), 2);
    cr_assert_eq(attr_value("  feature farm slots=none id=f1 animals=deer:2,tiger", "animals.tiger"), 1);
    /* before, these three became word attributes named ports.-1 and so on */
    expect("  feature farm slots=none id=f1 ports=-1", CARC_E_PARSE, "ports: '-1' is not a whole number from 0 to 255");
    expect("  feature farm slots=none id=f1 ports=+1", CARC_E_PARSE, "ports: '+1' is not a whole number");
    expect("  feature farm slots=none id=f1 ports=2x", CARC_E_PARSE, "ports: '2x' is not a whole number");
    /* a number however long is a number: above 255 is the capacity, as 256 is */
    expect("  feature farm slots=none id=f1 ports=99999999999999999999", CARC_E_LIMIT,
           "ports 99999999999999999999 is above 255");
    expect("  feature farm slots=none id=f1 ports=256", CARC_E_LIMIT, "ports 256 is above 255");
    expect("  feature farm slots=none id=f1 animals=deer:-2", CARC_E_PARSE, "animals: '-2' is not a whole number");
    expect("  feature farm slots=none id=f1 animals=deer:300", CARC_E_LIMIT, "animals 300 is above 255");
}

Test(core_tile_format, words_of_values_are_names)
{
    expect("  feature farm slots=none id=f1 power=1raft", CARC_E_PARSE, "power: '1raft' is not a whole number");
    expect("  feature farm slots=none id=f1 power=ra.ft", CARC_E_PARSE, "power: 'ra.ft' is neither a whole number nor a word");
    expect("  feature farm slots=none id=f1 animals=deer,,tiger", CARC_E_PARSE, "animals: '' is neither");
    expect("  feature farm slots=none id=f1 animals=deer,", CARC_E_PARSE, "animals: '' is neither");
    expect("  feature farm slots=none id=f1 a=abcdefghijklmnopqrstuvwxyzabcdef", CARC_E_PARSE,
           "attribute name a.abcdefghijklmnopqrstuvwx is longer than 31 bytes");
    expect("  feature farm slots=none id=f1 ports=", CARC_E_PARSE, "expected key=value, not 'ports='");
}

Test(core_tile_format, counts_and_lists_refuse_what_no_real_file_holds)
{
    expect_at("tile B count=-1", 4, CARC_E_PARSE, "count: '-1' is not a whole number from 0 to 1020");
    expect_at("tile B count=12345678901234567890", 4, CARC_E_LIMIT, "count 12345678901234567890 is above 1020");
    expect_at("tile B count", 4, CARC_E_PARSE, "unknown tile attribute 'count' (want start, count=N or deck=NAME)");
    expect_at("tile B start=1", 4, CARC_E_PARSE, "unknown tile attribute 'start=1'");
    expect("  feature farm slots=0,1, id=f1", CARC_E_PARSE, "bad slot list: '' is not a slot from 0 to 11");
    expect("  feature farm slots=0,12 id=f1", CARC_E_PARSE, "bad slot list: '12' is not a slot from 0 to 11");
    expect("  feature farm slots=none id=f1 borders=f2,", CARC_E_PARSE, "bad feature id list ''");
    expect("tileset two words", CARC_E_PARSE, "bad tileset name");
    expect("  feature forrest slots=none id=f1", CARC_E_PARSE, "unknown feature kind 'forrest'");
    expect("  featurex farm", CARC_E_PARSE, "unknown line 'featurex' (want tileset, tile, edges or feature)");
}
