/* carc-bench: complete random games per second.
 *   carc-bench --variant NAME --players N --games G --seed S [--rule NAME=VALUE]... [--threads T]
 * At every decision the bot lists all legal moves through the public API
 * and picks one uniformly. Each game copies a prepared game into a
 * preallocated one and reseeds it, so no game allocates. Then the same
 * number of games again through carc_game_playouts (one call plays them
 * all). With --threads T, T threads each play G games at once on their own
 * games, to show how the work scales over cores.
 * The last lines are "games_per_second: X" and "playouts_per_second: Y". */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne.h>

#include "bench-clock.h"
#include "bot.h"
#include "cli.h"
#include "create-bench.h"
#include "rules.h"
#include "search-bench.h"


typedef struct job {
    const carc_game *start;
    uint64_t seed;
    long games;
    long decisions, points;
    double cpu_seconds;
    int status;
} job;

/* One thread's share: G games through the move-by-move API. */
static void *run_games(void *arg)
{
    job *j = arg;
    double c0 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
    carc_game *work = NULL;
    carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES);
    int players = 0;
    carc_game_players(j->start, &players);
    if (!buf || (j->status = carc_game_clone(j->start, &work)) != CARC_OK) {
        if (!j->status) j->status = CARC_E_NOMEM;
        free(buf);
        return NULL;
    }
    uint64_t rng = j->seed + 12345;
    for (long i = 0; i < j->games && !j->status; i++) {
        carc_game_copy(work, j->start);
        carc_game_reseed(work, j->seed + (uint64_t)i);
        for (;;) {
            int r = bot_step(work, buf, &rng, NULL);
            if (r == CARC_E_GAME_OVER) break;
            if (r) {
                j->status = r;
                break;
            }
            j->decisions++;
        }
        for (int p = 0; p < players; p++) {
            int s;
            carc_game_score(work, p, &s);
            j->points += s;
        }
    }
    free(buf);
    carc_game_free(work);
    j->cpu_seconds = bench_seconds(CLOCK_THREAD_CPUTIME_ID) - c0;
    return NULL;
}

static void usage(FILE *f)
{
    fprintf(f, "Usage: carc-bench [OPTION]...\n"
            "Measures random games per second: G games played move by move through the\n"
            "API, each decision a uniform pick among all legal moves, then G more through\n"
            "one carc_game_playouts call. The last lines are 'games_per_second: X' and\n"
            "'playouts_per_second: Y'.\n"
            "With --search it times libcarcassonne-search instead: a mid-game position\n"
            "(70 random decisions in), G iterations a run (default 20000), the median of 5\n"
            "runs on one thread; the last line is 'search_iterations_per_second: X' (per\n"
            "CPU second of the thread).\n"
            "With --create it measures making games instead: the memory a game holds\n"
            "('bytes_per_game: N'), G games made and freed 5 times on one thread (the\n"
            "median run as 'games_created_per_cpu_second: X'), then the memory resident\n"
            "a game with up to 10,000 held at once, new and played to their end.\n"
            "\n"
            "Options:\n"
            "  --variant NAME       the ruleset (default: base)\n"
            "  --players N          number of players (default: 2)\n"
            "  --games G            games to play (default: 20000)\n"
            "  --seed S             seed of the first game (default: 1)\n"
            "  --rule NAME=VALUE    a ruleset option, e.g. --rule hand=1 (repeatable)\n"
            "  --threads T          T threads (1 to 64) each play G games on games of their\n"
            "                       own, and a 'games_per_cpu_second: Z' line is added\n"
            "                       (default: 1)\n"
            "  --no-playouts        leave out the carc_game_playouts run\n"
            "  --search             time the tree search (see above) instead of games\n"
            "  --create             time making games (see above) instead of playing them\n"
            CLI_HELP_LINES
            "\n"
            "Exit status:\n"
            "  0  the games were played\n"
            "  1  a game could not be made or played\n"
            "  2  a bad option\n");
}

int main(int argc, char **argv)
{
    rules ruleset = {0};
    const char *variant = "base";
    int players = 2, threads = 1, batch = 1, search = 0, create = 0;
    long games = 20000;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (cli_answered(argv[i], "carc-bench", usage)) {
            return 0;
        } else if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            variant = argv[++i];
        } else if (!strcmp(argv[i], "--players") && i + 1 < argc) {
            players = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            games = atol(argv[++i]);
        } else if (!strcmp(argv[i], "--search")) {
            search = 1; /* the tree search's speed instead (search-bench.h) */
        } else if (!strcmp(argv[i], "--create")) {
            create = 1; /* making games instead (create-bench.h) */
        } else if (!strcmp(argv[i], "--no-playouts")) {
            batch = 0;
        } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            threads = atoi(argv[++i]);
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
    if (threads < 1 || threads > 64) threads = 1;
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .seed = seed};
    rules_apply(&ruleset, &o);
    if (search) {
        int rs = search_bench(&o, 70, games, 5);
        if (rs) fprintf(stderr, "carc-bench: search: %s\n", carc_strerror(rs));
        return rs ? 1 : 0;
    }
    if (create) {
        int rc = create_bench(&o, games, 5);
        if (rc) rules_explain(stderr, "carc-bench", &o, rc);
        return rc ? 1 : 0;
    }
    carc_game *start;
    int r = carc_game_new(&o, &start);
    if (r) {
        rules_explain(stderr, "carc-bench", &o, r);
        return 1;
    }

    job jobs[64];
    pthread_t th[64];
    double t0 = bench_seconds(CLOCK_MONOTONIC);
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){.start = start, .seed = seed + (uint64_t)t * 1000003u, .games = games};
        if (threads == 1)
            run_games(&jobs[t]);
        else if (pthread_create(&th[t], NULL, run_games, &jobs[t]))
            return 1;
    }
    for (int t = 0; t < threads && threads > 1; t++) pthread_join(th[t], NULL);
    double dt = bench_seconds(CLOCK_MONOTONIC) - t0, cpu = 0;
    long decisions = 0, points = 0;
    for (int t = 0; t < threads; t++) {
        if (jobs[t].status) {
            fprintf(stderr, "carc-bench: %s\n", carc_strerror(jobs[t].status));
            return 1;
        }
        decisions += jobs[t].decisions;
        points += jobs[t].points;
        cpu += jobs[t].cpu_seconds;
    }
    long total = games * threads;
    printf("variant %s, %d players, %d thread%s: %ld games, %ld decisions, %.3f s, mean score %.1f\n", variant, players,
           threads, threads > 1 ? "s" : "", total, decisions, dt, (double)points / (double)(total * players));
    if (threads > 1) printf("games_per_cpu_second: %.0f\n", (double)total / cpu);

    printf("games_per_second: %.0f\n", (double)total / dt);
    if (!batch) {
        carc_game_free(start);
        return 0;
    }
    /* the same number of games in one batch call */
    int *scores = malloc(sizeof *scores * (size_t)games * (size_t)players);
    if (!scores) return 1;
    double p0 = bench_seconds(CLOCK_MONOTONIC);
    r = carc_game_playouts(start, (int)games, seed, scores, (size_t)games * (size_t)players);
    double pdt = bench_seconds(CLOCK_MONOTONIC) - p0;
    if (r) {
        fprintf(stderr, "carc-bench: playouts: %s\n", carc_strerror(r));
        return 1;
    }
    printf("playouts_per_second: %.0f\n", (double)games / pdt);
    free(scores);
    carc_game_free(start);
    return 0;
}
