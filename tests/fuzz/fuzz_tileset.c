/* fuzz_tileset: a tile set of one's own (docs/tile-format.md).
 *
 * Byte 0 picks the variant: its low five bits index the built-in registry
 * (so a new variant is covered at once), bits 6-7 add players above the
 * variant's minimum, and bit 5 says byte 1 is a mask of ruleset options to
 * set away from their defaults (The Discovery's hand=1, for one). The rest
 * is the tile-set text. A tile set that parses must describe itself consistently
 * (its tile facts and JSON document too: tile_facts.h) and play a whole
 * random game with every invariant holding, saving and loading (with the
 * tile set passed back in) along the way. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne_variant.h>

#include "fuzz_common.h"
#include "tile_facts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the tile set says of itself agrees with itself. */
static void check_tileset(inv_ctx *c, const carc_tileset *ts)
{
    int n = 0;
    if (carc_tileset_type_count(ts, &n) || n < 1 || n > 128) {
        inv_fail(c, "a parsed tile set has %d types", n);
        fuzz_die(c, "tile set");
    }
    int starts = 0;
    for (int t = 0; t < n; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        int found = -1;
        if (carc_tileset_type(ts, t, &ti) || !ti.name || !ti.deck || ti.count < 0 || ti.feature_count < 0 ||
            ti.feature_count > 12 || strlen(ti.edges) != 12) {
            inv_fail(c, "type %d describes itself badly", t);
            fuzz_die(c, "tile set");
        }
        if (carc_tileset_find(ts, ti.name, &found) || found != t) {
            inv_fail(c, "type %d (%s) is found as %d", t, ti.name, found);
            fuzz_die(c, "tile set");
        }
        starts += ti.is_start != 0;
        unsigned seen = 0;
        for (int f = 0; f < ti.feature_count; f++) {
            const char *id = NULL, *kind = NULL;
            unsigned slots = 0;
            if (carc_tileset_feature(ts, t, f, &id, &kind, &slots) || !id || !kind || slots >> 12 || (slots & seen)) {
                inv_fail(c, "type %d feature %d: bad id, kind or slots %#x", t, f, slots);
                fuzz_die(c, "tile set");
            }
            seen |= slots;
        }
        if (carc_tileset_feature(ts, t, ti.feature_count, NULL, NULL, NULL) != CARC_E_RANGE) {
            inv_fail(c, "type %d: a feature past the last one", t);
            fuzz_die(c, "tile set");
        }
    }
    if (starts != 1) {
        inv_fail(c, "%d start tiles", starts);
        fuzz_die(c, "tile set");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static inv_ctx c;
    int count = 0;
    carc_registry_count(NULL, &count);
    if (size < 1 || count < 1) return 0;
    const carc_variant *v;
    carc_registry_at(NULL, (int)((data[0] & 0x1f) % (unsigned)count), &v);
    carc_variant_info info = {.struct_size = sizeof info};
    if (inv_describe(v, &info)) abort();

    unsigned rule_mask = 0;
    size_t skip = 1;
    if (data[0] & 0x20) {
        if (size < 2) return 0;
        rule_mask = data[1];
        skip = 2;
    }
    const char *text = (const char *)data + skip;
    size_t len = size - skip;
    char err[96];
    memset(err, 'x', sizeof err);
    carc_tileset *ts = NULL;
    int r = carc_tileset_parse(v, text, len, &ts, err, sizeof err);
    if (fuzz_hash(data, size) % 4 == 0) { /* now and then, the same text as a variant's own tile set */
        carc_variant mine = *v;
        mine.name = "fuzz-variant";
        mine.tiles = text;
        mine.tiles_len = len;
        char why[128];
        memset(why, 'x', sizeof why);
        int rv = carc_variant_check(&mine, why, sizeof why);
        if ((r == CARC_OK) != (rv == CARC_OK) || !memchr(why, 0, sizeof why) ||
            (rv && (rv != CARC_E_INVALID || strncmp(why, "tiles: ", 7) || strncmp(why + 7, err, 40)))) {
            inv_fail(&c, "the parse said %s, carc_variant_check %s (\"%.60s\")", carc_strerror(r), carc_strerror(rv),
                     why);
            fuzz_die(&c, "variant check");
        }
    }
    if (r) {
        if ((r != CARC_E_PARSE && r != CARC_E_LIMIT) || !memchr(err, 0, sizeof err) || !err[0]) {
            inv_fail(&c, "tile set refused with %s and message \"%.40s\"", carc_strerror(r), err);
            fuzz_die(&c, "parse");
        }
        return 0;
    }
    check_tileset(&c, ts);
    fuzz_tile_facts(&c, ts);

    uint64_t rng = fuzz_hash(data, size);
    carc_option rules[8];
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .tileset = ts, .rules = rules};
    o.players = info.min_players + (data[0] >> 6) % (info.max_players - info.min_players + 1);
    o.seed = rng;
    for (int i = 0; i < info.option_count && i < 8; i++) {
        int lo, hi, def;
        if (!(rule_mask >> i & 1)) continue;
        carc_variant_option(v, i, &rules[o.rule_count].name, NULL, &lo, &hi, &def);
        rules[o.rule_count++].value = def == hi ? lo : hi;
    }
    carc_game *g = NULL;
    r = carc_game_new(&o, &g);
    if (r) {
        inv_fail(&c, "a tile set that parsed makes no game: %s", carc_strerror(r));
        fuzz_die(&c, "new game");
    }
    if (inv_init(&c, g)) fuzz_die(&c, "init");
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = ts};
    if (inv_check(&c, g, 1)) fuzz_die(&c, "new game");

    size_t n = 0;
    for (int step = 0;; step++) {
        if (inv_list(&c, g, &n)) fuzz_die(&c, "listing");
        if (n == 0) break;
        carc_move m = c.moves[fuzz_rand(&rng) % n];
        r = carc_game_apply(g, &m);
        if (r) {
            inv_fail(&c, "listed move (kind %d) refused: %s", m.kind, carc_strerror(r));
            fuzz_die(&c, "playout");
        }
        if (m.kind == CARC_MOVE_TILE && fuzz_check_placed(&c, g, &m)) fuzz_die(&c, "playout");
        if (inv_check(&c, g, (step & 31) == 31)) fuzz_die(&c, "playout");
        if (step % 29 == 28 && inv_roundtrip(&c, g, &lo)) fuzz_die(&c, "round trip");
        if (step == 40) {
            /* a clone and a copy are the same game, and play on the same way */
            carc_game *h = NULL;
            if (carc_game_clone(g, &h) || carc_game_copy(h, g)) abort();
            if (inv_digest(h) != inv_digest(g)) {
                inv_fail(&c, "a clone shows another state");
                fuzz_die(&c, "clone");
            }
            carc_game_free(g);
            g = h;
        }
        if (step > 4000) {
            inv_fail(&c, "no end after %d decisions", step);
            fuzz_die(&c, "playout");
        }
    }
    fuzz_check_end(&c, g, &lo, &rng);
    /* without the tile set a save of another text is refused (now and
     * then: it parses the built-in set) */
    if ((rng & 7) == 0 && (len != v->tiles_len || memcmp(text, v->tiles, len))) {
        size_t sl = 0;
        carc_game *h = NULL;
        if (inv_save(&c, g, 0, &sl)) fuzz_die(&c, "save");
        r = carc_game_load(NULL, c.save[0], sl, &h);
        carc_game_free(h);
        if (r != CARC_E_MISMATCH) {
            inv_fail(&c, "a game on a custom tile set loads without it: %s", carc_strerror(r));
            fuzz_die(&c, "load without the tile set");
        }
    }
    carc_game_free(g);
    carc_tileset_free(ts);
    return 0;
}
