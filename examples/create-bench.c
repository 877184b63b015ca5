/* carc-bench --create: how fast games are made and how much memory each
 * holds, the cost a server or a search tree pays for every game it keeps. */
#define _POSIX_C_SOURCE 200809L
#include "create-bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench-clock.h"

/* The allocator's count: blocks and bytes taken and not given back. */
typedef struct counted {
    long blocks;
    size_t bytes;
} counted;

static void *count_alloc(void *user, size_t size)
{
    counted *c = user;
    void *p = malloc(size);
    if (p) c->blocks++, c->bytes += size;
    return p;
}

static void count_release(void *user, void *ptr, size_t size)
{
    counted *c = user;
    c->blocks--, c->bytes -= size;
    free(ptr);
}

int create_bench(const carc_game_options *o, long games, int runs)
{
    counted c = {0, 0};
    carc_allocator a = {.struct_size = sizeof a, .alloc = count_alloc, .release = count_release, .user = &c};
    carc_game_options opts = *o;
    opts.allocator = &a;
    /* one game first, held while its memory is counted */
    carc_game *g = NULL;
    int r = carc_game_new(&opts, &g);
    if (r) return r;
    printf("bytes_per_game: %zu (%ld block%s)\n", c.bytes, c.blocks, c.blocks == 1 ? "" : "s");
    carc_game_free(g);
    double rate[15];
    if (runs > 15) runs = 15;
    for (int k = 0; k < runs; k++) {
        double t0 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
        for (long i = 0; i < games; i++) {
            opts.seed = o->seed + (uint64_t)i;
            if ((r = carc_game_new(&opts, &g)) != CARC_OK) return r;
            carc_game_free(g);
        }
        rate[k] = (double)games / (bench_seconds(CLOCK_THREAD_CPUTIME_ID) - t0);
    }
    if (c.blocks || c.bytes) {
        fprintf(stderr, "carc-bench: %ld blocks (%zu bytes) never given back\n", c.blocks, c.bytes);
        return CARC_E_INVALID;
    }
    printf("games_created_per_cpu_second: %.0f (median of %d runs of %ld)\n", bench_median(rate, runs), runs, games);
    return CARC_OK;
}
