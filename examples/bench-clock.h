/* The clock and the median the carc-bench measurements share. */
#ifndef CARC_EXAMPLE_BENCH_CLOCK_H
#define CARC_EXAMPLE_BENCH_CLOCK_H

#include <stdlib.h>
#include <time.h>

/* Seconds on `clock` (CLOCK_MONOTONIC for the wall, CLOCK_THREAD_CPUTIME_ID
 * for the calling thread's CPU). */
static inline double bench_seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int bench_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0..n-1] (n > 0); sorts v. */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], bench_by_value);
    return v[n / 2];
}

#endif
