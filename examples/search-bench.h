/* carc-bench --search: the search's iterations per second (search-bench.c). */
#ifndef CARC_EXAMPLE_SEARCH_BENCH_H
#define CARC_EXAMPLE_SEARCH_BENCH_H

#include <carcassonne.h>

/* Searches a mid-game position of a game made with `o` (the first tile
 * placement with a choice after `decisions` random decisions) `runs` times with `iterations` each on one thread, and
 * prints the median as "search_iterations_per_second: X" (per CPU second
 * of the thread). Returns a status. */
int search_bench(const carc_game_options *o, int decisions, long iterations, int runs);

#endif
