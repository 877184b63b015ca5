/* A pool of threads sharing pieces of work (workers.c). Not public ABI. */
#ifndef CARC_WORKERS_H
#define CARC_WORKERS_H

/* One part of a piece of work: part 0 .. parts-1, the caller's being 0. */
typedef void (*work_fn)(void *ctx, int part, int parts);

typedef struct workers workers;

/* Starts up to `threads` threads; returns how many started (0 leaves
 * *out NULL: the caller does all the work), or -1 if memory ran out. */
int workers_start(int threads, workers **out);
/* Runs fn on every part, the caller's thread taking part 0; returns when
 * all are done. A NULL pool runs part 0 of 1. */
void workers_run(workers *w, work_fn fn, void *ctx);
/* Stops and frees the pool (NULL accepted). */
void workers_stop(workers *w);

#endif
