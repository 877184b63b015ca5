/* fuzz_load: arbitrary bytes as a saved game (docs/save-format.md).
 *
 * Whatever loads must save to a text that loads back to the same text, and
 * must then be playable to its end with every invariant of invariants.h
 * holding after each move. The moves are the first listed one or picked by
 * a small generator seeded from the input, so a save's corpus entry also
 * explores how the rest of that game can go. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

#ifndef FUZZ_LOAD_PLAY
#define FUZZ_LOAD_PLAY 48
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The fingerprint of a variant's own tile set, as a save writes it. */
static const char *fingerprint_of(const char *variant)
{
    static char names[64][64], prints[64][20];
    static int n;
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], variant)) return prints[i];
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = 2};
    carc_game *g;
    char buf[512];
    size_t len;
    if (n == 64 || strlen(variant) >= sizeof names[0] || carc_game_new(&o, &g)) return NULL;
    carc_game_save(g, buf, sizeof buf, &len);
    carc_game_free(g);
    const char *t = strstr(buf, "\ntileset ");
    if (!t || sscanf(t + 9, "%19s", prints[n]) != 1) return NULL;
    strcpy(names[n], variant);
    return prints[n++];
}

/* Where the value of the last line starting with `key` begins, or NULL
 * (the loader refuses a repeated header line, so which one is fixed up
 * matters only for texts that are refused anyway). */
static const char *last_line(const uint8_t *data, size_t size, const char *key)
{
    const char *end = (const char *)data + size, *found = NULL;
    size_t kl = strlen(key);
    for (const char *p = (const char *)data; p && p < end; p = memchr(p, '\n', (size_t)(end - p)), p = p ? p + 1 : p)
        if ((size_t)(end - p) > kl && !memcmp(p, key, kl)) found = p + kl;
    return found;
}

/* The variant the save names, or NULL. */
static const carc_variant *variant_named(const uint8_t *data, size_t size)
{
    const char *end = (const char *)data + size, *p = last_line(data, size, "variant ");
    char name[64];
    size_t k = 0;
    if (!p) return NULL;
    while (p + k < end && p[k] != '\n' && p[k] != ' ' && k + 1 < sizeof name) name[k] = p[k], k++;
    name[k] = 0;
    const carc_variant *v;
    return carc_registry_find(NULL, name, &v) == CARC_OK ? v : NULL;
}

/* A mutated save rarely keeps a 64-bit fingerprint matching the variant it
 * names (libFuzzer's comparison hints give it the number, not its hex
 * text), so a save refused for the fingerprint alone is tried again with
 * the right one: mutations of the variant and option lines then reach the
 * replay instead of stopping at the header. */
static char *with_fingerprint(const uint8_t *data, size_t size, size_t *out_len)
{
    const char *t = last_line(data, size, "tileset "), *end = (const char *)data + size;
    const carc_variant *v = variant_named(data, size);
    if (!v || !t) return NULL;
    const char *fp = fingerprint_of(v->name);
    if (!fp) return NULL;
    size_t old = 0;
    while (t + old < end && t[old] != '\n' && t[old] != ' ') old++;
    size_t fl = strlen(fp), pre = (size_t)(t - (const char *)data);
    char *buf = malloc(size - old + fl + 1);
    if (!buf) return NULL;
    memcpy(buf, data, pre);
    memcpy(buf + pre, fp, fl);
    memcpy(buf + pre + fl, t + old, size - pre - old);
    *out_len = size - old + fl;
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static inv_ctx c;
    carc_game *g = NULL;
    uint64_t rng = fuzz_hash(data, size);
    /* A quarter of the inputs load exactly as a client with no options
     * would; the rest lend the named variant its tile set, parsed once,
     * which makes a load several times cheaper and replays the same way. */
    carc_load_options lo = fuzz_load_options(variant_named(data, size));
    if (!(rng >> 8 & 3)) lo.tileset = NULL; /* no tile set lent: as with no options at all */
    char err[80];
    memset(err, 'x', sizeof err);
    lo.err = err;
    lo.err_cap = sizeof err;
    int r = carc_game_load(&lo, (const char *)data, size, &g);
    if (r == CARC_E_MISMATCH) {
        size_t len = 0;
        char *fixed = with_fingerprint(data, size, &len);
        if (fixed) r = carc_game_load(&lo, fixed, len, &g);
        free(fixed);
    }
    /* a refusal names its line, cut to the buffer; success clears the message */
    int line = 0;
    if (!memchr(err, 0, sizeof err) || (r == CARC_OK && err[0]) ||
        (r != CARC_OK && r != CARC_E_NOMEM && (sscanf(err, "line %d: ", &line) != 1 || line < 1))) {
        inv_fail(&c, "load answered %s with the message \"%.60s\"", carc_strerror(r), err);
        fuzz_die(&c, "load message");
    }
    if (r != CARC_OK) return 0;
    int lent = lo.tileset != NULL;
    if (inv_init(&c, g)) fuzz_die(&c, "init");
    fuzz_check_builtin_total(&c);
    lo = fuzz_load_options(c.v);

    /* save, load, save: one text */
    if (inv_roundtrip(&c, g, &lo)) fuzz_die(&c, "round trip of the loaded game");
    if (!lent && (rng >> 10 & 7) == 0 && inv_roundtrip(&c, g, NULL)) fuzz_die(&c, "round trip without options");
    if (inv_check(&c, g, 1)) fuzz_die(&c, "loaded game");

    int first_listed = (rng & 3) == 0; /* the lazy player of the README, a quarter of the time */
    /* Most inputs play on for FUZZ_LOAD_PLAY decisions; one in eight plays
     * to the end. Whole games from every start are what the soak program
     * does; here time goes to new saves rather than one game's long tail,
     * which made the harness several times slower. */
    int bound = (rng >> 20 & 7) == 0 ? -1 : FUZZ_LOAD_PLAY;
    size_t n = 0;
    for (int step = 0;; step++) {
        if (inv_list(&c, g, &n)) fuzz_die(&c, "listing");
        if (n == 0) break;
        size_t pick = first_listed ? 0 : (size_t)(fuzz_rand(&rng) % n);
        carc_move m = c.moves[pick];
        int r = carc_game_apply(g, &m);
        if (r) {
            inv_fail(&c, "listed move %zu of %zu refused: %s", pick, n, carc_strerror(r));
            fuzz_die(&c, "playout");
        }
        if (m.kind == CARC_MOVE_TILE && fuzz_check_placed(&c, g, &m)) fuzz_die(&c, "playout");
        /* a full feature sweep costs a lot: the cheap checks every move, the
         * deep ones now and then */
        if (inv_check(&c, g, (step & 31) == 31)) fuzz_die(&c, "playout");
        if (step % 97 == 96 && inv_roundtrip(&c, g, &lo)) fuzz_die(&c, "mid-playout round trip");
        if (step == (int)(rng >> 56) && fuzz_query_everything(&c, g, &rng)) fuzz_die(&c, "queries in play");
        if (step == bound) break;
        if (step > 4000) {
            inv_fail(&c, "no end after %d decisions", step);
            fuzz_die(&c, "playout");
        }
    }
    fuzz_check_end(&c, g, &lo, &rng);
    carc_game_free(g);
    return 0;
}
