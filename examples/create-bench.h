/* carc-bench --create: games made and freed per second (create-bench.c). */
#ifndef CARC_EXAMPLE_CREATE_BENCH_H
#define CARC_EXAMPLE_CREATE_BENCH_H

#include <carcassonne.h>

/* Through an allocator that counts, prints the bytes a game holds
 * ("bytes_per_game: N"); makes and frees `games` games with the options
 * `o` (seeds o->seed, o->seed + 1, ...) `runs` times on one thread and
 * prints the median run as "games_created_per_cpu_second: X"
 * (carc_game_new and carc_game_free, per CPU second of the thread); then
 * the memory that becomes resident a game when up to 10,000 games are held
 * at once, new and then played to their end
 * ("resident_kib_per_game_held: ...", Linux). Returns a status. */
int create_bench(const carc_game_options *o, long games, int runs);

#endif
