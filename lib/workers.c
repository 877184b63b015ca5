/* A small pool of threads that run one piece of work together: the
 * caller takes part 0 and each worker one more part, and the call returns
 * when every part is done (a batch's games, split in runs). */
#include <pthread.h>
#include <stdlib.h>

#include "workers.h"

typedef struct worker {
    workers *pool;
    int part;
    pthread_t thread;
} worker;

struct workers {
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    worker *crew;
    int n;               /* threads running */
    unsigned long round; /* bumped for each piece of work */
    int pending;         /* parts not finished in this round */
    int quit;
    work_fn fn;
    void *ctx;
};

static void *worker_main(void *arg)
{
    worker *me = arg;
    workers *w = me->pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (w->round == seen && !w->quit) pthread_cond_wait(&w->wake, &w->lock);
        if (w->quit) break;
        seen = w->round;
        work_fn fn = w->fn;
        void *ctx = w->ctx;
        int parts = w->n + 1;
        pthread_mutex_unlock(&w->lock);
        fn(ctx, me->part, parts);
        pthread_mutex_lock(&w->lock);
        if (--w->pending == 0) pthread_cond_signal(&w->done);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

int workers_start(int threads, workers **out)
{
    *out = NULL;
    if (threads <= 0) return 0;
    workers *w = calloc(1, sizeof *w);
    if (!w) return -1;
    w->crew = calloc((size_t)threads, sizeof *w->crew);
    if (!w->crew || pthread_mutex_init(&w->lock, NULL)) {
        free(w->crew);
        free(w);
        return -1;
    }
    pthread_cond_init(&w->wake, NULL);
    pthread_cond_init(&w->done, NULL);
    /* no round runs before this returns, so n may grow as threads start;
     * a thread the system refuses leaves the pool smaller */
    for (int i = 0; i < threads; i++) {
        w->crew[i] = (worker){w, i + 1, 0};
        if (pthread_create(&w->crew[i].thread, NULL, worker_main, &w->crew[i])) break;
        w->n++;
    }
    *out = w;
    return w->n;
}

void workers_run(workers *w, work_fn fn, void *ctx)
{
    if (!w || w->n == 0) {
        fn(ctx, 0, 1);
        return;
    }
    pthread_mutex_lock(&w->lock);
    w->fn = fn;
    w->ctx = ctx;
    w->pending = w->n;
    w->round++;
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);
    fn(ctx, 0, w->n + 1);
    pthread_mutex_lock(&w->lock);
    while (w->pending) pthread_cond_wait(&w->done, &w->lock);
    pthread_mutex_unlock(&w->lock);
}

void workers_stop(workers *w)
{
    if (!w) return;
    pthread_mutex_lock(&w->lock);
    w->quit = 1;
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);
    for (int i = 0; i < w->n; i++) pthread_join(w->crew[i].thread, NULL);
    pthread_cond_destroy(&w->wake);
    pthread_cond_destroy(&w->done);
    pthread_mutex_destroy(&w->lock);
    free(w->crew);
    free(w);
}
