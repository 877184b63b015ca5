/* carc-bench --search (search-bench.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <carcassonne_search.h>

#include "bench-clock.h"
#include "bot.h"
#include "search-bench.h"

int search_bench(const carc_game_options *o, int decisions, long iterations, int runs)
{
    carc_game *g;
    int r = carc_game_new(o, &g), tiles = 0;
    if (r) return r;
    carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES);
    uint64_t rng = o->seed + 77;
    for (int i = 0; buf && i < decisions && bot_step(g, buf, &rng, NULL) == CARC_OK; i++) {}
    /* on to a tile placement with a choice: a decision with one move is not searched */
    for (int i = 0; buf && i < 50; i++) {
        carc_phase phase;
        size_t n = 0;
        carc_game_state(g, &phase, NULL);
        if (phase == CARC_PHASE_OVER) break;
        if (phase == CARC_PHASE_TILE && carc_game_moves(g, NULL, 0, &n) == CARC_OK && n > 1) break;
        bot_step(g, buf, &rng, NULL);
    }
    free(buf);
    carc_game_tile_count(g, &tiles);
    double rate[16], wall[16];
    if (runs < 1) runs = 1;
    if (runs > 16) runs = 16;
    for (int k = 0; k < runs && !r; k++) {
        carc_search_options so = {.struct_size = sizeof so, .iterations = iterations, .seed = o->seed};
        carc_search *s;
        carc_move best;
        if ((r = carc_search_new(&so, &s)) != CARC_OK) break;
        double c0 = bench_seconds(CLOCK_THREAD_CPUTIME_ID), w0 = bench_seconds(CLOCK_MONOTONIC);
        r = carc_search_run(s, g, &best);
        double c = bench_seconds(CLOCK_THREAD_CPUTIME_ID) - c0, w = bench_seconds(CLOCK_MONOTONIC) - w0;
        carc_search_info in = {.struct_size = sizeof in};
        if (!r) r = carc_search_describe(s, &in);
        rate[k] = c > 0 ? (double)in.iterations / c : 0;
        wall[k] = w > 0 ? (double)in.iterations / w : 0;
        carc_search_free(s);
    }
    if (!r) {
        printf("search: %s, %d players, position after %d decisions (%d tiles), %ld iterations, 1 thread, "
               "median of %d runs: %.0f iterations per wall-clock second\n",
               o->variant_name, o->players, decisions, tiles, iterations, runs, bench_median(wall, runs));
        printf("search_iterations_per_second: %.0f\n", bench_median(rate, runs));
    }
    carc_game_free(g);
    return r;
}
