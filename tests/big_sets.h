/* Tile sets generated in the tests, of up to the 1,020 tiles and 12,240
 * features (12 a tile) the core takes, and a game played on one square by
 * square: what the rulesets' tests of large sets share. Every set a test
 * means to be taken must parse (bs_parse); one a ruleset must refuse is
 * checked by bs_assert_beyond_limit. */
#ifndef CARC_TESTS_BIG_SETS_H
#define CARC_TESTS_BIG_SETS_H

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The core's limits (MAX_TILES and MAX_PIECES of lib/internal.h): tiles
 * in a set, the start tile included, and features in all. */
#define BS_TILES 1020
#define BS_FEATURES 12240

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

/* Adds `count` copies of tile `name` as one type (start: the start tile's
 * type, the start tile being one of the copies); body(t) writes its edges
 * and feature lines. */
static inline void bs_tiles(bs_text *t, const char *name, int count, int start, void (*body)(bs_text *))
{
    bs_add(t, "tile %s count=%d%s\n", name, count, start ? " start" : "");
    body(t);
}

/* The parse of a set by ruleset v: the test fails with the parser's
 * reason if it is refused. */
static inline carc_tileset *bs_parse(const carc_variant *v, const bs_text *t)
{
    carc_tileset *ts = NULL;
    char err[256] = "";
    int r = carc_tileset_parse(v, t->s, t->len, &ts, err, sizeof err);
    cr_assert_eq(r, CARC_OK, "%s: the tile set is refused: %s", v->name, err);
    cr_assert_not_null(ts, "%s: a set is made", v->name);
    return ts;
}

/* Asserts that ruleset v refuses the set as beyond one of its limits: the
 * parse fails with CARC_E_LIMIT, its message naming the limit as `why`. */
static inline void bs_assert_beyond_limit(const carc_variant *v, const bs_text *t, const char *why)
{
    carc_tileset *ts = NULL;
    char err[256] = "", want[160];
    int r = carc_tileset_parse(v, t->s, t->len, &ts, err, sizeof err);
    cr_assert_eq(r, CARC_E_LIMIT, "%s: the set is taken or refused otherwise (%d: %s)", v->name, r, err);
    cr_assert_null(ts, "no set is made");
    snprintf(want, sizeof want, "the set is beyond a limit of the ruleset: %s", why);
    cr_assert_str_eq(err, want, "%s", v->name);
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

/* The shape of the tests of a feature bordering many others: one kind of
 * feature (the bordering one) on all 12 slots of every tile, under edge
 * letter `edge`, bordering features of another kind inside the same tile
 * (slots=none), each line of those ending with `extra` (" city=1"). */
typedef struct bs_border {
    const char *edge, *kind, *neighbour, *extra;
} bs_border;

static inline void bs_border_tile(bs_text *t, const bs_border *b, const char *name, int count, int start, int n)
{
    bs_add(t, "tile %s count=%d%s\n  edges ", name, count, start ? " start" : "");
    for (int s = 0; s < 12; s++) bs_add(t, "%s", b->edge);
    bs_add(t, "\n  feature %s slots=0,1,2,3,4,5,6,7,8,9,10,11 id=b0 borders=", b->kind);
    for (int c = 1; c <= n; c++) bs_add(t, "%sn%d", c > 1 ? "," : "", c);
    bs_add(t, "\n");
    for (int c = 1; c <= n; c++) bs_add(t, "  feature %s slots=none id=n%d%s\n", b->neighbour, c, b->extra);
}

/* `tiles` tiles bordering 11 features each (the start tile among them),
 * then `last` tiles bordering `k` each. */
static inline bs_text bs_border_set(const bs_border *b, int tiles, int last, int k)
{
    bs_text t = {0};
    bs_border_tile(&t, b, "B", tiles, 1, 11);
    if (last) bs_border_tile(&t, b, "K", last, 0, k);
    return t;
}

/* Plays every one of the `tiles` tiles of ts in rows of `width`, player 0's
 * follower (figure kind 0) on the bordering feature of the first, player 1
 * none; returns player 0's points in `category` at the end. */
static inline int bs_points_at_end(const carc_variant *v, const carc_tileset *ts, int tiles, int width,
                                   const char *category)
{
    carc_game *g = bs_game(v, ts, 2, NULL, 0);
    for (int i = 0; i + 1 < tiles; i++) {
        int x, y;
        bs_square(i, width, &x, &y);
        bs_turn(g, x, y, 0, i == 0 ? 0 : -1);
    }
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert(over, "every tile is placed");
    cr_assert_eq(t_cat(g, 1, category), 0, "player 1 has no follower out");
    int pts = t_cat(g, 0, category);
    carc_game_free(g);
    return pts;
}

#endif
