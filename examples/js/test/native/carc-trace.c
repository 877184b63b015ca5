/* carc-trace: one game played natively, printed decision by decision, for
 * the JavaScript tests to compare with the same game in WebAssembly.
 *   carc-trace VARIANT PLAYERS SEED PICK [NAME=VALUE...]
 *       plays a game choosing each move with a xorshift32 generator seeded
 *       with PICK (index = next() % count), as test/trace.mjs does;
 *   carc-trace --moves FILE VARIANT PLAYERS SEED [NAME=VALUE...]
 *       plays the move texts of FILE (one a line) instead;
 *   carc-trace --playouts N PSEED VARIANT PLAYERS SEED [NAME=VALUE...]
 *       prints the scores of carc_game_playouts(start, N, PSEED), one a line.
 * Each decision prints
 *   <i> p<player> <phase> n=<legal moves> h=<fnv-1a of their texts> <move> j=<fnv-1a of the
 *   state JSON after it> | <scores>
 * and the last line is "final: S1 S2 ...". Exit status 1 on any error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#define MAX_MOVES 4096

static int fail(const char *what, int r)
{
    fprintf(stderr, "carc-trace: %s: %s\n", what, carc_strerror(r));
    return 1;
}

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static uint32_t fnv(uint32_t h, const char *s)
{
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return (h ^ '\n') * 16777619u;
}

/* The hash of the game's state JSON (0 if it cannot be written). */
static uint32_t state_hash(const carc_game *g)
{
    size_t len = 0;
    carc_game_state_json(g, NULL, 0, &len);
    char *doc = malloc(len + 1);
    uint32_t h = 0;
    if (doc && carc_game_state_json(g, doc, len + 1, &len) == CARC_OK) h = fnv(2166136261u, doc);
    free(doc);
    return h;
}

static int print_playouts(const carc_game_options *o, int n, unsigned long long seed)
{
    carc_game *g;
    int r = carc_game_new(o, &g);
    if (r) return fail("new game", r);
    int *scores = calloc((size_t)n * (size_t)o->players + 1, sizeof *scores);
    if (!scores) return fail("playouts", CARC_E_NOMEM);
    if ((r = carc_game_playouts(g, n, seed, scores, (size_t)n * (size_t)o->players))) return fail("playouts", r);
    for (int i = 0; i < n; i++)
        for (int p = 0; p < o->players; p++) printf("%d%c", scores[i * o->players + p], p + 1 < o->players ? ' ' : '\n');
    free(scores);
    carc_game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    FILE *moves_file = NULL;
    int a = 1, playouts = -1;
    unsigned long long pseed = 0;
    if (argc > 2 && !strcmp(argv[1], "--moves")) {
        if (!(moves_file = fopen(argv[2], "r"))) return fail(argv[2], CARC_E_NOT_FOUND);
        a = 3;
    } else if (argc > 3 && !strcmp(argv[1], "--playouts")) {
        playouts = atoi(argv[2]);
        pseed = strtoull(argv[3], NULL, 10);
        a = 4;
    }
    int need = moves_file || playouts >= 0 ? 3 : 4;
    if (argc < a + need) {
        fprintf(stderr, "usage: carc-trace VARIANT PLAYERS SEED PICK [NAME=VALUE...]\n"
                        "       carc-trace --moves FILE VARIANT PLAYERS SEED [NAME=VALUE...]\n"
                        "       carc-trace --playouts N PSEED VARIANT PLAYERS SEED [NAME=VALUE...]\n");
        return 2;
    }
    carc_option rules[16];
    char names[16][64];
    int nrules = 0;
    for (int i = a + need; i < argc && nrules < 16; i++) {
        const char *eq = strchr(argv[i], '=');
        if (!eq || eq == argv[i] || (size_t)(eq - argv[i]) >= sizeof names[0]) return fail(argv[i], CARC_E_PARSE);
        memcpy(names[nrules], argv[i], (size_t)(eq - argv[i]));
        names[nrules][eq - argv[i]] = 0;
        rules[nrules] = (carc_option){.name = names[nrules], .value = atoi(eq + 1)};
        nrules++;
    }
    carc_game_options o = {.struct_size = sizeof o,
                           .variant_name = argv[a],
                           .players = atoi(argv[a + 1]),
                           .seed = strtoull(argv[a + 2], NULL, 10),
                           .rules = nrules ? rules : NULL,
                           .rule_count = nrules};
    if (playouts >= 0) return print_playouts(&o, playouts, pseed);
    uint32_t pick = moves_file ? 1 : (uint32_t)strtoul(argv[a + 3], NULL, 10);
    if (!pick) pick = 0x9E3779B9u;
    carc_game *g;
    int r = carc_game_new(&o, &g);
    if (r) return fail("new game", r);
    static carc_move moves[MAX_MOVES];
    static const char *phases[] = {"tile", "figure", "action", "over"};
    char text[256], line[256];
    for (int d = 0;; d++) {
        carc_phase phase;
        int player;
        size_t n = 0;
        carc_game_state(g, &phase, &player);
        if (phase == CARC_PHASE_OVER) break;
        if ((r = carc_game_moves(g, moves, MAX_MOVES, &n)) != CARC_OK) return fail("moves", r);
        uint32_t h = 2166136261u;
        size_t len;
        for (size_t i = 0; i < n; i++) {
            if ((r = carc_move_format(g, &moves[i], text, sizeof text, &len))) return fail("format", r);
            h = fnv(h, text);
        }
        carc_move m;
        if (moves_file) {
            if (!fgets(line, sizeof line, moves_file)) return fail("the moves ended before the game", CARC_E_PARSE);
            line[strcspn(line, "\r\n")] = 0;
            if ((r = carc_move_parse(g, line, strlen(line), &m))) return fail(line, r);
        } else {
            m = moves[xorshift32(&pick) % n];
        }
        if ((r = carc_move_format(g, &m, text, sizeof text, &len))) return fail("format", r);
        if ((r = carc_game_apply(g, &m))) return fail(text, r);
        printf("%d p%d %s n=%zu h=%08x %s j=%08x |", d, player, phases[phase], n, h, text, state_hash(g));
        for (int p = 0; p < o.players; p++) {
            int s;
            carc_game_score(g, p, &s);
            printf(" %d", s);
        }
        printf("\n");
    }
    printf("final:");
    for (int p = 0; p < o.players; p++) {
        int s;
        carc_game_score(g, p, &s);
        printf(" %d", s);
    }
    printf("\n");
    carc_game_free(g);
    if (moves_file) fclose(moves_file);
    return 0;
}
