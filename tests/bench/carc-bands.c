/* carc-bands: what a turn costs as a board grows. Plays random games on a
 * ruleset's own tile set with every tile copied K times (base x 14: 1,008
 * tiles), every legal move listed at every decision and one picked
 * uniformly, as carc-bench does, and under callgrind dumps the counts at
 * the end of every band of B turns, so tests/bench/bands.sh can give the
 * instructions a turn in each band:
 *
 *   carc-bands [--variant NAME] [--times K] [--games G] [--band B] [--seed S]
 *              [--rule NAME=VALUE]...
 *
 * --rule sets a ruleset option (up to 8 of them), e.g. --rule hand=1.
 * Without callgrind it plays the same games and prints the turns of each
 * band and the moves listed in it, the tile steps' apart. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>
#include <carcassonne_variant.h>
#include <valgrind/callgrind.h>

#include "../scaled_set.h"

enum { MAX_BANDS = 64 };

static uint64_t next(uint64_t *s)
{
    uint64_t x = *s += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static int arg_int(const char *s, int lo, int hi, const char *what)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi) {
        fprintf(stderr, "carc-bands: %s must be %d to %d, not '%s'\n", what, lo, hi, s);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv)
{
    const char *variant = "base";
    int times = 14, games = 3, band = 100;
    uint64_t seed = 1;
    carc_option rules[8];
    char names[8][64];
    int nrules = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL, *eq = v ? strchr(v, '=') : NULL;
        if (!strcmp(a, "--variant") && v) variant = argv[++i];
        else if (!strcmp(a, "--times") && v) times = arg_int(argv[++i], 1, 64, "--times");
        else if (!strcmp(a, "--games") && v) games = arg_int(argv[++i], 1, 100000, "--games");
        else if (!strcmp(a, "--band") && v) band = arg_int(argv[++i], 1, 1020, "--band");
        else if (!strcmp(a, "--seed") && v) seed = (uint64_t)strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--rule") && eq && eq - v < 64 && nrules < 8) {
            memcpy(names[nrules], v, (size_t)(eq - v));
            names[nrules][eq - v] = '\0';
            rules[nrules] = (carc_option){names[nrules], arg_int(eq + 1, -1000000, 1000000, "a rule's value")};
            nrules++, i++;
        } else {
            fprintf(stderr, "usage: carc-bands [--variant NAME] [--times K] [--games G] [--band B] [--seed S] "
                            "[--rule NAME=VALUE]...\n");
            return 2;
        }
    }
    const carc_variant *v = NULL;
    if (carc_registry_find(NULL, variant, &v)) {
        fprintf(stderr, "carc-bands: no ruleset '%s'\n", variant);
        return 2;
    }
    size_t len = 0;
    char *text = scaled_tiles(v, times, &len), err[256] = "";
    carc_tileset *ts = NULL;
    if (!text || carc_tileset_parse(v, text, len, &ts, err, sizeof err)) {
        fprintf(stderr, "carc-bands: %s x %d: %s\n", variant, times, err);
        return 1;
    }
    free(text);
    size_t cap = CARC_MAX_MOVES;
    carc_move *buf = malloc(sizeof *buf * cap);
    long turns[MAX_BANDS] = {0}, listed[MAX_BANDS] = {0}, tile_moves[MAX_BANDS] = {0}, decisions[MAX_BANDS] = {0};
    int nbands = 0;
    for (int gi = 0; gi < games; gi++) {
        carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = seed + (uint64_t)gi,
                               .tileset = ts, .rules = rules, .rule_count = nrules};
        carc_game *g = NULL;
        int r = buf ? carc_game_new(&o, &g) : CARC_E_NOMEM;
        if (r) {
            fprintf(stderr, "carc-bands: a new game of %s (its options as given): %s\n", variant, carc_strerror(r));
            return 1;
        }
        uint64_t rng = seed * 7919 + (uint64_t)gi;
        int tiles = 1, b = 0, in_band = 0; /* the start tile is on the board */
        char label[32];
        CALLGRIND_ZERO_STATS;
        for (;;) {
            size_t n = 0;
            if (carc_game_moves(g, buf, cap, &n) != CARC_OK || n == 0) break;
            const carc_move m = buf[next(&rng) % n];
            if (b < MAX_BANDS) {
                listed[b] += (long)n, decisions[b]++;
                if (buf[0].kind == CARC_MOVE_TILE) tile_moves[b] += (long)n;
            }
            if (carc_game_apply(g, &m) != CARC_OK) return 1;
            if (m.kind == CARC_MOVE_TILE) tiles++, in_band++;
            if (m.kind == CARC_MOVE_TILE && tiles % band == 0 && b < MAX_BANDS) {
                turns[b] += in_band;
                in_band = 0;
                snprintf(label, sizeof label, "band %d", b);
                CALLGRIND_DUMP_STATS_AT(label);
                b++;
            }
        }
        if (b < MAX_BANDS && in_band) {
            turns[b] += in_band;
            snprintf(label, sizeof label, "band %d", b);
            CALLGRIND_DUMP_STATS_AT(label);
            b++;
        }
        if (b > nbands) nbands = b;
        carc_game_free(g);
    }
    int ntypes = 0, total = 0;
    carc_tileset_type_count(ts, &ntypes);
    for (int t = 0; t < ntypes; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (!carc_tileset_type(ts, t, &ti)) total += ti.count;
    }
    printf("%s x %d: %d tiles, %d games, bands of %d turns\n", variant, times, total, games, band);
    for (int b = 0; b < nbands; b++) {
        const double t = turns[b] ? (double)turns[b] : 1.0;
        printf("band %d: %ld turns, %.1f decisions and %.1f moves listed a turn (%.1f of them tile moves)\n", b,
               turns[b], (double)decisions[b] / t, (double)listed[b] / t, (double)tile_moves[b] / t);
    }
    free(buf);
    carc_tileset_free(ts);
    return 0;
}
