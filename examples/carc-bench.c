/* carc-bench: complete random games per second on one core.
 *   carc-bench --variant NAME --players N --games G --seed S
 * At every decision the bot lists all legal moves through the public API
 * and picks one uniformly. Each playout copies a prepared game into a
 * preallocated one and reseeds it, so no playout allocates.
 * The last line is "games_per_second: X". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne.h>

#include "bot.h"
#include "rules.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    rules ruleset = {0};
    const char *variant = "base";
    int players = 2;
    long games = 20000;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: carc-bench [--variant NAME] [--players N] [--games G] [--seed S] [--rule NAME=VALUE]...\n"
                   "Plays G random games and prints their rate; last line 'games_per_second: X'.\n");
            return 0;
        } else if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            variant = argv[++i];
        } else if (!strcmp(argv[i], "--players") && i + 1 < argc) {
            players = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            games = atol(argv[++i]);
        } else if (!strcmp(argv[i], "--rule") && i + 1 < argc) {
            if (rules_add(&ruleset, argv[++i])) {
                fprintf(stderr, "bad --rule %s (want NAME=VALUE)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 10);
        } else {
            fprintf(stderr, "carc-bench: bad argument %s (try --help)\n", argv[i]);
            return 2;
        }
    }
    if (games < 1) games = 1;
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .seed = seed};
    rules_apply(&ruleset, &o);
    carc_game *start, *work;
    int r = carc_game_new(&o, &start);
    if (r == CARC_OK) r = carc_game_clone(start, &work);
    if (r) {
        fprintf(stderr, "carc-bench: %s\n", carc_strerror(r));
        return 1;
    }
    carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES);
    if (!buf) return 1;
    uint64_t rng = seed + 12345;
    long decisions = 0, points = 0;
    double t0 = now();
    for (long i = 0; i < games; i++) {
        carc_game_copy(work, start);
        carc_game_reseed(work, seed + (uint64_t)i);
        for (;;) {
            r = bot_step(work, buf, &rng, NULL);
            if (r == CARC_E_GAME_OVER) break;
            if (r) {
                fprintf(stderr, "carc-bench: %s\n", carc_strerror(r));
                return 1;
            }
            decisions++;
        }
        for (int p = 0; p < players; p++) {
            int s;
            carc_game_score(work, p, &s);
            points += s;
        }
    }
    double dt = now() - t0;
    printf("variant %s, %d players: %ld games, %ld decisions, %.3f s, mean score %.1f\n", variant, players, games,
           decisions, dt, (double)points / (double)(games * players));
    printf("games_per_second: %.0f\n", (double)games / dt);
    free(buf);
    carc_game_free(work);
    carc_game_free(start);
    return 0;
}
