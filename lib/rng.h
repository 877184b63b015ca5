/* The game's random generator: splitmix64, chosen because it is tiny, has
 * no bad seeds and gives the same sequence on every platform. Inline: a
 * turn's draw takes a number, and a call the whole-program inliner may or
 * may not make costs more than the draw itself. */
#ifndef CARC_RNG_H
#define CARC_RNG_H

#include <stdint.h>

/* ALWAYS_INLINE comes from internal.h, which includes this */

static ALWAYS_INLINE uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) without bias, by Lemire's multiply-and-shift on the top
 * 32 bits: a 64-bit division per draw costs more than the rest of a draw,
 * and here the slow path that divides is taken with probability n / 2^32. */
static ALWAYS_INLINE unsigned rng_below(uint64_t *state, unsigned n)
{
    if (n <= 1) return 0;
    uint64_t m = (rng_next(state) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (rng_next(state) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (unsigned)(m >> 32);
}

#endif
