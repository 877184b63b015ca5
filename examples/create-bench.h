/* carc-bench --create: games made and freed per second (create-bench.c). */
#ifndef CARC_EXAMPLE_CREATE_BENCH_H
#define CARC_EXAMPLE_CREATE_BENCH_H

#include <carcassonne.h>

/* Makes and frees `games` games with the options `o` (seeds o->seed,
 * o->seed + 1, ...) `runs` times on one thread, through an allocator that
 * counts, and prints the bytes a game holds ("bytes_per_game: N") and the
 * median run as "games_created_per_cpu_second: X" (carc_game_new and
 * carc_game_free, per CPU second of the thread). Returns a status. */
int create_bench(const carc_game_options *o, long games, int runs);

#endif
