/* Mutated inputs never crash the library: thousands of damaged tile sets
 * and saved games are parsed; whatever parses must then play or replay to
 * a consistent end. Runs under the sanitizers in CI, where a bad read or
 * write anywhere on these paths stops the suite. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* One random edit of `text` (length *len, capacity cap): change a byte, put
 * a digit or a separator somewhere, cut a piece out, or repeat one. */
static void mutate(char *text, size_t *len, size_t cap, uint64_t *rng)
{
    if (*len == 0) return;
    size_t at = next(rng) % *len;
    switch (next(rng) % 6) {
    case 0: text[at] = (char)(next(rng) & 0xFF); break;
    case 1: text[at] = (char)('0' + next(rng) % 10); break;
    case 2: text[at] = " =,:\n"[next(rng) % 5]; break;
    case 3: { /* cut */
        size_t n = 1 + next(rng) % 40;
        if (at + n > *len) n = *len - at;
        memmove(text + at, text + at + n, *len - at - n);
        *len -= n;
        break;
    }
    default: { /* repeat a piece */
        size_t n = 1 + next(rng) % 60;
        if (at + n > *len) n = *len - at;
        if (*len + n > cap) return;
        memmove(text + at + n, text + at, *len - at);
        *len += n;
        break;
    }
    }
}

static int play_out(carc_game *g, uint64_t *rng)
{
    carc_move buf[1024];
    size_t n;
    int decisions = 0;
    while (carc_game_moves(g, buf, 1024, &n) == CARC_OK && n > 0 && decisions < 2000) {
        cr_assert_eq(carc_game_apply(g, &buf[next(rng) % n]), CARC_OK, "a listed move is legal");
        decisions++;
    }
    return decisions;
}

Test(core_fuzz, damaged_tile_sets_parse_or_fail_cleanly_and_play)
{
    /* every built-in variant: their hooks must cope with any set that parses */
    int nv = 0;
    carc_registry_count(NULL, &nv);
    for (int vi = 0; vi < nv; vi++) {
        const carc_variant *v;
        carc_registry_at(NULL, vi, &v);
        size_t cap = v->tiles_len * 2;
        char *text = malloc(cap);
        uint64_t rng = 99 + (uint64_t)vi;
        int parsed = 0, played = 0;
        for (int round = 0; round < 1200; round++) {
            size_t len = v->tiles_len;
            memcpy(text, v->tiles, len);
            int edits = 1 + (int)(next(&rng) % 4);
            for (int e = 0; e < edits; e++) mutate(text, &len, cap, &rng);
            carc_tileset *ts = NULL;
            char err[128];
            int r = carc_tileset_parse(v, text, len, &ts, err, sizeof err);
            cr_assert(r == CARC_OK || r == CARC_E_PARSE || r == CARC_E_LIMIT, "status %d", r);
            if (r != CARC_OK) continue;
            parsed++;
            carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 3, .seed = (uint64_t)round,
                                   .tileset = ts};
            carc_game *g;
            if (carc_game_new(&o, &g) == CARC_OK) {
                if (play_out(g, &rng) > 0) played++;
                int over = 0;
                carc_game_is_over(g, &over);
                cr_assert_eq(over, 1, "%s: every game on a damaged but valid tile set ends", v->name);
                carc_game_free(g);
            }
            carc_tileset_free(ts);
        }
        free(text);
        cr_assert_gt(parsed, 100, "%s: many edits leave a valid set (comments, counts)", v->name);
        cr_assert_gt(played, 100, "%s", v->name);
    }
}

Test(core_fuzz, damaged_saves_load_or_fail_cleanly)
{
    const char *variants[3] = {"base", "hills-sheep", "hunters-gatherers"};
    uint64_t rng = 7;
    int loaded = 0;
    for (int vi = 0; vi < 3; vi++) {
        carc_game_options o = {.struct_size = sizeof o, .variant_name = variants[vi], .players = 3, .seed = 5};
        carc_game *g;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        play_out(g, &rng);
        size_t len0;
        carc_game_save(g, NULL, 0, &len0);
        size_t cap = len0 * 2 + 16;
        char *orig = malloc(len0 + 1), *text = malloc(cap);
        cr_assert_eq(carc_game_save(g, orig, len0 + 1, &len0), CARC_OK);
        for (int round = 0; round < 400; round++) {
            size_t len = len0;
            memcpy(text, orig, len);
            int edits = 1 + (int)(next(&rng) % 3);
            for (int e = 0; e < edits; e++) mutate(text, &len, cap, &rng);
            carc_game *h = NULL;
            int r = carc_game_load(NULL, text, len, &h);
            cr_assert(r <= 0);
            if (r != CARC_OK) {
                cr_assert_null(h, "a failed load returns no game");
                continue;
            }
            loaded++;
            /* what loads is a game in its own right: it saves and reloads to itself */
            size_t n1;
            carc_game_save(h, NULL, 0, &n1);
            char *again = malloc(n1 + 1);
            cr_assert_eq(carc_game_save(h, again, n1 + 1, &n1), CARC_OK);
            carc_game *k;
            cr_assert_eq(carc_game_load(NULL, again, n1, &k), CARC_OK);
            play_out(k, &rng);
            carc_game_free(k);
            free(again);
            carc_game_free(h);
        }
        free(orig);
        free(text);
        carc_game_free(g);
    }
    cr_assert_gt(loaded, 0, "some edits (a seed digit, spacing) leave a loadable game");
}
