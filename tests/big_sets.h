/* Tile sets generated in the tests, of up to the 1,024 tiles and 12,288
 * features (12 a tile) the core is being raised to, and a game played on
 * one square by square: what the rulesets' tests of large sets share.
 *
 * The core of this branch still takes at most 126 tiles and 1,024
 * features. A test of a set beyond that calls bs_parse_big(), which skips
 * the test, saying why, when the core refuses the set with exactly those
 * old limits (its own message); any other outcome is checked, so the test
 * runs for real as soon as the core takes larger sets. */
#ifndef CARC_TESTS_BIG_SETS_H
#define CARC_TESTS_BIG_SETS_H

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The limits the core is being raised to. */
#define BS_TILES 1024
#define BS_FEATURES 12288

/* A built-in ruleset by name. */
static inline const carc_variant *bs_variant(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, name, &v), CARC_OK, "no ruleset %s", name);
    return v;
}

/* A growing text, malloc'd. */
typedef struct bs_text {
    char *s;
    size_t len, cap;
} bs_text;

static inline void bs_add(bs_text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = t->cap - t->len;
        va_start(ap, fmt);
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? room : 0, fmt, ap);
        va_end(ap);
        cr_assert_geq(n, 0);
        if (t->s && (size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        t->cap = 2 * (t->cap + (size_t)n) + 64;
        t->s = realloc(t->s, t->cap);
        cr_assert_not_null(t->s);
    }
}

/* Adds `count` copies of tile `name` (start: the start tile's type) in
 * types of at most 100 copies each (`name`0, `name`1, ...), since the
 * parser of this branch takes a count of at most 126; body(t, i) writes the
 * edges and feature lines of the i-th such type. Returns how many types. */
static inline int bs_tiles(bs_text *t, const char *name, int count, int start, void (*body)(bs_text *, int))
{
    int types = 0;
    for (int left = count; left > 0; left -= 100, types++) {
        bs_add(t, "tile %s%d count=%d%s\n", name, types, left < 100 ? left : 100, start && !types ? " start" : "");
        body(t, types);
    }
    return types;
}

/* The parse of a set of at most 126 tiles and 1,024 features, which the
 * core of every branch takes; the test fails with the parser's reason
 * if it is refused. */
static inline carc_tileset *bs_parse(const carc_variant *v, const bs_text *t)
{
    carc_tileset *ts = NULL;
    char err[256] = "";
    int r = carc_tileset_parse(v, t->s, t->len, &ts, err, sizeof err);
    cr_assert_eq(r, CARC_OK, "%s: the tile set is refused: %s", v->name, err);
    return ts;
}

/* Whether the core's message is its refusal of a set beyond its old
 * limits: 126 tiles, 1,024 features. */
static inline int bs_old_core(int status, const char *err)
{
    return status == CARC_E_LIMIT &&
           (strstr(err, "too many tiles (at most 126)") || strstr(err, "too many features in all (at most 1024)"));
}

/* The parse of a set beyond the old limits: the test is skipped, with the
 * core's reason, where the core still has them; else it must parse. */
static inline carc_tileset *bs_parse_big(const carc_variant *v, const bs_text *t)
{
    carc_tileset *ts = NULL;
    char err[256] = "";
    int r = carc_tileset_parse(v, t->s, t->len, &ts, err, sizeof err);
    if (bs_old_core(r, err)) {
        free(t->s);
        cr_skip_test("needs the core to take 1,024 tiles and 12,288 features; this one says: %s", err);
    }
    cr_assert_eq(r, CARC_OK, "%s: the tile set is refused: %s", v->name, err);
    return ts;
}

/* Asserts that ruleset v refuses the set: tileset_setup returns `status`,
 * which the parse reports as CARC_E_INVALID with that value in its text.
 * Skipped where the core refuses the set first with its old limits. */
static inline void bs_assert_refused(const carc_variant *v, const bs_text *t, int status)
{
    carc_tileset *ts = NULL;
    char err[256] = "", want[96];
    int r = carc_tileset_parse(v, t->s, t->len, &ts, err, sizeof err);
    if (bs_old_core(r, err)) {
        free(t->s);
        cr_skip_test("needs the core to take 1,024 tiles and 12,288 features; this one says: %s", err);
    }
    cr_assert_eq(r, CARC_E_INVALID, "%s: the set is taken (%d: %s)", v->name, r, err);
    cr_assert_null(ts, "no set is made");
    snprintf(want, sizeof want, "tileset_setup refused the set (it returned %d: %s)", status, carc_strerror(status));
    cr_assert_not_null(strstr(err, want), "%s: want \"%s\" in \"%s\"", v->name, want, err);
}

/* A game of `players` on set ts (borrowed), seed 1, options `rules`. */
static inline carc_game *bs_game(const carc_variant *v, const carc_tileset *ts, int players, const carc_option *rules,
                                 int nrules)
{
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = 1, .tileset = ts,
                           .rules = rules, .rule_count = nrules};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK, "%s: a game on the set", v->name);
    return g;
}

/* The square of the i-th tile placed after the start tile at (0,0): rows
 * of `width` from (1,0), each square next to the one before it or to the
 * one above it, so every tile set whose tiles fit any neighbour (one edge
 * letter all round) fills a rectangle. */
static inline void bs_square(int i, int width, int *x, int *y)
{
    *x = (i + 1) % width;
    *y = (i + 1) / width;
}

/* Places the drawn tile unturned at (x,y); then, if `feature` >= 0, a
 * figure of kind `figure` on that feature of it, else nothing. */
static inline void bs_turn(carc_game *g, int x, int y, int figure, int feature)
{
    int type = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &type), CARC_OK);
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)type, .x = (int16_t)x, .y = (int16_t)y};
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK, "tile %d at (%d,%d)", type, x, y);
    carc_move f = {.kind = CARC_MOVE_PASS};
    if (feature >= 0)
        f = (carc_move){.kind = CARC_MOVE_FIGURE, .figure = (uint8_t)figure, .feature = (uint8_t)feature,
                        .x = (int16_t)x, .y = (int16_t)y};
    cr_assert_eq(carc_game_apply(g, &f), CARC_OK, "figure step at (%d,%d)", x, y);
}

#endif
