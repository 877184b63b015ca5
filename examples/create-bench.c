/* carc-bench --create: how fast games are made and how much memory each
 * holds, the cost a server or a search tree pays for every game it keeps. */
#define _POSIX_C_SOURCE 200809L
#include "create-bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench-clock.h"
#include "bot.h"

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

/* The program's resident memory in KiB (Linux's /proc/self/statm), or -1. */
static long resident_kib(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, resident = -1;
    if (f) {
        if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = -1;
        fclose(f);
    }
    return resident < 0 ? -1 : resident * 4; /* pages of 4 KiB */
}

/* Holds `n` new games at once, then plays each to its end, and prints the
 * memory that became resident a game each time: what a server or a search
 * tree holding many games pays, which is less than the block when pages
 * of it are never touched. */
static int resident_bench(carc_game_options *opts, uint64_t seed, long n)
{
    carc_game **held = calloc((size_t)n, sizeof *held);
    carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES);
    int r = held && buf ? CARC_OK : CARC_E_NOMEM;
    long k = 0, before = resident_kib(), fresh = -1, played = -1;
    for (; k < n && !r; k++) {
        opts->seed = seed + (uint64_t)k;
        r = carc_game_new(opts, &held[k]);
    }
    if (!r) fresh = resident_kib();
    uint64_t rng = seed;
    for (long i = 0; i < k && !r; i++) {
        int s;
        while ((s = bot_step(held[i], buf, &rng, NULL)) == CARC_OK) continue;
        if (s != CARC_E_GAME_OVER) r = s;
    }
    if (!r) played = resident_kib();
    for (long i = 0; i < k; i++) carc_game_free(held[i]);
    free(held);
    free(buf);
    if (!r && before >= 0)
        printf("resident_kib_per_game_held: %.1f new, %.1f played to the end (%ld games held at once)\n",
               (double)(fresh - before) / (double)n, (double)(played - before) / (double)n, n);
    return r;
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
    /* last: the heap it leaves behind would slow the timed runs */
    return resident_bench(&opts, o->seed, games < 10000 ? games : 10000);
}
