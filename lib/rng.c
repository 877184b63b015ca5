/* The game's random generator: splitmix64, chosen because it is tiny, has
 * no bad seeds and gives the same sequence on every platform. */
#include "internal.h"

uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) without modulo bias: redraw the few values past the
 * last whole multiple of n. */
unsigned rng_below(uint64_t *state, unsigned n)
{
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = rng_next(state);
    while (x >= limit);
    return (unsigned)(x % n);
}
