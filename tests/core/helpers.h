/* Extra helpers for the core and base-variant tests (tests/core only).
 * Everything is static inline so each test file uses what it needs. */
#ifndef CARC_TESTS_CORE_HELPERS_H
#define CARC_TESTS_CORE_HELPERS_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../scaled_set.h"
#include "support.h"

/* Room for every legal move of one decision of the games the tests play:
 * 4 turns of the drawn tile on every square of the frontier (2n + 2
 * squares for n tiles, 2,042 for the 1,020 a set may have), and a
 * variant's own. */
#define H_MOVE_CAP 8400

static inline char *h_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* A tile set for ruleset v, parsed from the len bytes of text; the test
 * fails with the parser's reason if it is refused. The caller frees the
 * set, after every game on it. */
static inline carc_tileset *h_parse_tiles(const carc_variant *v, const char *text, size_t len)
{
    carc_tileset *ts = NULL;
    char err[200] = "";
    cr_assert_eq(carc_tileset_parse(v, text, len, &ts, err, sizeof err), CARC_OK, "tile set: %s", err);
    return ts;
}

/* The same for a ruleset of the default registry, by name. */
static inline carc_tileset *h_tileset(const char *variant, const char *text, size_t len)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, variant, &v), CARC_OK, "no ruleset %s", variant);
    return h_parse_tiles(v, text, len);
}

/* Ruleset v's own tile set with `times` copies of every tile
 * (scaled_tiles), parsed: base's 72 tiles times 14 make 1,008, a wide
 * set. The caller frees it. */
static inline carc_tileset *h_scaled_set(const carc_variant *v, int times)
{
    size_t len = 0;
    char *text = scaled_tiles(v, times, &len);
    cr_assert_not_null(text);
    carc_tileset *ts = h_parse_tiles(v, text, len);
    free(text);
    return ts;
}

/* Seven field tiles of three types (the start tile, 4 and 2 more) in
 * base's kinds: a small set for tests of how a set is read. */
#define H_FIELDS_SET                                                          \
    "tileset small\n"                                                         \
    "tile S count=1 start\n  edges FFF FFF FFF FFF\n"                         \
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"                   \
    "tile P count=4\n  edges FFF FFF FFF FFF\n"                               \
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"                   \
    "tile Q count=2\n  edges FFF FFF FFF FFF\n"                               \
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"

/* A copy of base's vtable named `name`, for a test to change. */
static inline carc_variant h_base_copy(const char *name)
{
    const carc_variant *base = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &base), CARC_OK);
    carc_variant v = *base;
    v.name = name;
    return v;
}

/* A set of n tiles (for base) that fit anywhere beside each other: the
 * start tile and n - 1 copies of one more, all field. The caller frees it. */
static inline carc_tileset *h_open_set(int n)
{
    char text[512];
    int len = snprintf(text, sizeof text,
                       "tileset open\n"
                       "tile S count=1 start\n  edges FFF FFF FFF FFF\n"
                       "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"
                       "tile P count=%d\n  edges FFF FFF FFF FFF\n"
                       "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n",
                       n - 1);
    return h_tileset("base", text, (size_t)len);
}

/* A 2-player base game on tile set ts (borrowed: free the game first). */
static inline carc_game *h_base_game_on(const carc_tileset *ts, uint64_t seed)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = seed, .tileset = ts};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    return g;
}

/* Index of a scoring category by name, or -1. */
static inline int h_cat_index(carc_game *g, const char *name)
{
    const carc_variant *v;
    if (carc_game_variant(g, &v)) return -1;
    for (int c = 0;; c++) {
        const char *n;
        if (carc_variant_category(v, c, &n)) return -1;
        if (strcmp(n, name) == 0) return c;
    }
}

/* The saved text of a game (malloc'd, NUL-terminated), or NULL. */
static inline char *h_save(const carc_game *g)
{
    size_t len = 0;
    if (carc_game_save(g, NULL, 0, &len) != CARC_E_BUFFER) return NULL;
    char *buf = malloc(len + 1);
    if (!buf) return NULL;
    size_t len2 = 0;
    if (carc_game_save(g, buf, len + 1, &len2) != CARC_OK || len2 != len) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Asserts that the saved text of g equals `before` (frees nothing). */
static inline void h_assert_unchanged(const carc_game *g, const char *before, const char *what)
{
    char *now = h_save(g);
    cr_assert_not_null(now, "%s: save failed", what);
    cr_assert_str_eq(now, before, "%s changed the game", what);
    free(now);
}

/* Asserts that a game of `variant` with option name=value (after `first`,
 * an option it needs beside, or NULL) is refused with CARC_E_RANGE and no
 * game is made: the rulesets' options tests, each at its range's edges. */
static inline void h_assert_option_refused(const char *variant, int players, const carc_option *first,
                                           const char *name, int value)
{
    carc_option rules[2];
    size_t n = 0;
    if (first) rules[n++] = *first;
    rules[n++] = (carc_option){name, value};
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .rules = rules,
                           .rule_count = n};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_RANGE, "%s: %s=%d", variant, name, value);
    cr_assert_null(g, "%s: %s=%d made a game", variant, name, value);
}

/* Asserts that the saved text `text` loads back to itself, and so does it
 * with its `n` lines `lines` (each in it once) taken out, as in a save made
 * before those options existed: the defaults replay it exactly. */
static inline void h_assert_loads_without(const char *text, const char *const *lines, int n)
{
    carc_game *back = NULL;
    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_OK);
    h_assert_unchanged(back, text, "load");
    carc_game_free(back);
    char *old = h_strdup(text);
    for (int i = 0; i < n; i++) {
        char *at = strstr(old, lines[i]);
        cr_assert_not_null(at, "the save has no line %s", lines[i]);
        memmove(at, at + strlen(lines[i]), strlen(at + strlen(lines[i])) + 1);
    }
    cr_assert_eq(carc_game_load(NULL, old, strlen(old), &back), CARC_OK, "a save without the lines loads");
    h_assert_unchanged(back, text, "the old save replays as the game was played");
    carc_game_free(back);
    free(old);
}

/* splitmix64: the tests' own generator, independent of the library's. */
static inline uint64_t h_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline unsigned h_below(uint64_t *s, unsigned n) { return (unsigned)(h_rand(s) % n); }

/* A set (for base) with seven kinds of tile side, too many for a fit
 * table: 12 types of one farm, the start tile and `copies` copies of each
 * other type, sides drawn from a fixed seed; `alike`: the second type has
 * all four sides alike. The caller frees it. */
static inline carc_tileset *h_many_sides_set(int copies, int alike)
{
    static const char sides[] = "ABCDEGH";
    char text[4096];
    size_t len = (size_t)snprintf(text, sizeof text, "tileset many\n");
    uint64_t rng = 99;
    for (int t = 0; t < 12; t++) {
        char e[4];
        for (int k = 0; k < 4; k++) e[k] = sides[t == 0 ? k : (int)h_below(&rng, t < 4 ? 3 : 7)];
        if (alike && t == 1) e[1] = e[2] = e[3] = e[0];
        len += (size_t)snprintf(text + len, sizeof text - len,
                                "tile T%d count=%d%s\n  edges %c%c%c %c%c%c %c%c%c %c%c%c\n"
                                "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n",
                                t, t == 0 ? 1 : copies, t == 0 ? " start" : "", e[0], e[0], e[0], e[1], e[1], e[1],
                                e[2], e[2], e[2], e[3], e[3], e[3]);
    }
    return h_tileset("base", text, len);
}


/* Figures of `player` standing on the board. */
static inline int h_on_board(const carc_game *g, int player)
{
    int n = 0, count = 0;
    carc_game_figure_count(g, &count);
    for (int i = 0; i < count; i++) {
        carc_figure_info fi;
        if (carc_game_figure(g, i, &fi) == CARC_OK && fi.owner == player && fi.on_board) n++;
    }
    return n;
}

static inline int h_supply(const carc_game *g, int player)
{
    int n = -1;
    carc_game_supply(g, player, 0, &n);
    return n;
}

static inline int h_event_count(const carc_game *g)
{
    int n = -1;
    carc_game_event_count(g, &n);
    return n;
}

static inline carc_event h_event(const carc_game *g, int i)
{
    carc_event e;
    memset(&e, 0xff, sizeof e);
    cr_assert_eq(carc_game_event(g, i, &e), CARC_OK, "event %d missing", i);
    return e;
}

/* Asserts the fields of event i. */
static inline void h_assert_event(carc_game *g, int i, int player, int points, const char *category, int reason)
{
    carc_event e = h_event(g, i);
    cr_assert_eq(e.player, player, "event %d: player %d, want %d", i, e.player, player);
    cr_assert_eq(e.points, points, "event %d: %d points, want %d", i, e.points, points);
    cr_assert_eq(e.category, h_cat_index(g, category), "event %d: category %d, want %s", i, e.category, category);
    cr_assert_eq(e.reason, reason, "event %d: reason %d, want %d", i, e.reason, reason);
}

/* Plays one random legal move; returns 1 if a move was played, 0 if the
 * game is over, a negative status on an unexpected failure. */
static inline int h_random_move(carc_game *g, uint64_t *rng)
{
    static _Thread_local carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    int r = carc_game_moves(g, buf, H_MOVE_CAP, &n);
    if (r == CARC_E_GAME_OVER) return 0;
    if (r != CARC_OK || n == 0) return r ? r : -100;
    carc_move m = buf[h_below(rng, (unsigned)n)];
    r = carc_game_apply(g, &m);
    return r == CARC_OK ? 1 : r;
}

/* Plays up to `max` random moves (fewer if the game ends); returns how many. */
static inline int h_play(carc_game *g, uint64_t *rng, int max)
{
    int done = 0;
    while (done < max) {
        int r = h_random_move(g, rng);
        cr_assert_geq(r, 0, "random move failed: %d", r);
        if (r == 0) break;
        done++;
    }
    return done;
}

/* A new built-in game or a test failure. */
static inline carc_game *h_new(const char *variant, int players, uint64_t seed)
{
    tgame t = t_new(variant, players, seed);
    cr_assert_not_null(t.g, "cannot create %s game", variant);
    return t.g;
}

/* Tiles that left the game unplaced so far, one of them checked, stack and board sizes. */
static inline int removed_count(const carc_game *g)
{
    int n = -1;
    cr_assert_eq(carc_game_removed_count(g, &n), CARC_OK);
    return n;
}

static inline void assert_removed(const carc_game *g, int i, int type, int reason)
{
    int t = -2, why = -2;
    cr_assert_eq(carc_game_removed(g, i, &t, &why), CARC_OK, "removal %d missing", i);
    cr_assert_eq(t, type, "removal %d: type %d, want %d", i, t, type);
    cr_assert_eq(why, reason, "removal %d: reason %d, want %d", i, why, reason);
}

static inline int stack_left(const carc_game *g)
{
    int n = -1;
    cr_assert_eq(carc_game_deck_remaining(g, 0, &n), CARC_OK);
    return n;
}

static inline int tiles_on_board(const carc_game *g)
{
    int n = -1;
    cr_assert_eq(carc_game_tile_count(g, &n), CARC_OK);
    return n;
}

#endif
