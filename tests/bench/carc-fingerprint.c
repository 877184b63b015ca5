/* carc-fingerprint: one number that changes when any game changes.
 *
 *   carc-fingerprint [--games N] [--seed S]
 *
 * Plays N random games for every built-in variant and player count, each
 * made by carc_game_new with its own seed (a change to how a copy or a
 * reseed behaves leaves them alone), every other one with each ruleset
 * option at a random value, and folds into one hash every move of
 * every listing, every score and category total, and every field of every
 * log entry, award and removed tile. Prints "fingerprint: HASH, G games,
 * M moves". A change that must not alter play (a refactoring, a faster
 * listing) keeps the line the same; docs/performance.md's ledger quotes it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#define MAX_MOVES 8192

static uint64_t hash = 0xcbf29ce484222325ull;

/* FNV-1a over the bytes given, one value at a time. */
static void mix(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) hash = (hash ^ b[i]) * 0x100000001b3ull;
}
static void mix_int(long long v) { mix(&v, sizeof v); }
static void mix_str(const char *s) { mix(s, strlen(s) + 1); }

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Every field of a move, one by one (padding left out). */
static void mix_move(const carc_move *m)
{
    mix_int(m->kind), mix_int(m->rotation), mix_int(m->figure), mix_int(m->feature);
    mix_int(m->x), mix_int(m->y), mix_int(m->tile), mix_int(m->action), mix_int(m->target);
}

static void mix_end(carc_game *g, int players)
{
    for (int p = 0; p < players; p++) {
        int s = 0, cat[16] = {0};
        carc_game_score(g, p, &s);
        carc_game_score_breakdown(g, p, cat, 16);
        mix_int(s);
        mix(cat, sizeof cat);
    }
    int n = 0;
    carc_game_log_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_event_info e = {.struct_size = sizeof e};
        carc_game_log(g, i, &e);
        mix_int(e.kind), mix_int(e.turn), mix_int(e.player), mix_int(e.points), mix_int(e.category);
        mix_int(e.reason), mix_int(e.tile_index), mix_int(e.feature), mix_int(e.x), mix_int(e.y);
        mix_int(e.tiles), mix_int(e.complete);
        mix_str(e.feature_id);
    }
    carc_game_event_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_event e;
        carc_game_event(g, i, &e);
        mix_int(e.turn), mix_int(e.player), mix_int(e.points), mix_int(e.category), mix_int(e.reason);
        mix_int(e.tile_index), mix_int(e.feature);
    }
    carc_game_removed_count(g, &n);
    for (int i = 0; i < n; i++) {
        int type = 0, reason = 0;
        carc_game_removed(g, i, &type, &reason);
        mix_int(type), mix_int(reason);
    }
}

int main(int argc, char **argv)
{
    long games = 200;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: carc-fingerprint [--games N] [--seed S]\n");
            return 2;
        }
    }
    carc_move *buf = malloc(sizeof *buf * MAX_MOVES);
    if (!buf) return 2;
    int nvariants = 0;
    carc_registry_count(NULL, &nvariants);
    long total_games = 0, total_moves = 0;
    for (int vi = 0; vi < nvariants; vi++) {
        const carc_variant *v;
        carc_variant_info info = {.struct_size = sizeof info};
        carc_registry_at(NULL, vi, &v);
        carc_variant_describe(v, &info);
        for (int players = info.min_players; players <= info.max_players; players++)
            for (long gi = 0; gi < games; gi++) {
                uint64_t s = seed + (uint64_t)gi * 7919 + (uint64_t)players * 104729 + (uint64_t)vi * 15485863;
                carc_option rules[16];
                int nrules = 0;
                uint64_t rr = s;
                for (int k = 0; (gi & 1) && k < info.option_count && nrules < 16; k++) {
                    int lo, hi;
                    carc_variant_option(v, k, &rules[nrules].name, NULL, &lo, &hi, NULL);
                    rules[nrules++].value = lo + (int)(next(&rr) % (uint64_t)(hi - lo + 1));
                }
                carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = s,
                                       .rules = rules, .rule_count = nrules};
                carc_game *g;
                if (carc_game_new(&o, &g)) {
                    fprintf(stderr, "carc-fingerprint: cannot make a %s game\n", info.name);
                    return 1;
                }
                uint64_t bot = s ^ 0x5bd1e995ull;
                for (;;) {
                    size_t n = 0;
                    int r = carc_game_moves(g, buf, MAX_MOVES, &n);
                    if (r == CARC_E_GAME_OVER) break;
                    if (r || n == 0) {
                        fprintf(stderr, "carc-fingerprint: %s: no moves (%s)\n", info.name, carc_strerror(r));
                        return 1;
                    }
                    mix_int((long long)n);
                    for (size_t i = 0; i < n; i++) mix_move(&buf[i]);
                    if (carc_game_apply(g, &buf[next(&bot) % n])) {
                        fprintf(stderr, "carc-fingerprint: %s: a listed move was refused\n", info.name);
                        return 1;
                    }
                    total_moves++;
                }
                mix_end(g, players);
                carc_game_free(g);
                total_games++;
            }
    }
    free(buf);
    printf("fingerprint: %016llx, %ld games, %ld moves\n", (unsigned long long)hash, total_games, total_moves);
    return 0;
}
