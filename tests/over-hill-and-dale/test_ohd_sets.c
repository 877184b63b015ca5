/* ohd_best_sets, the grouping of harvest tokens into sets of five
 * different fruits with scarecrows standing in, against an exhaustive
 * search that tries every way to build the sets one after another. */
#include <criterion/criterion.h>

#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

#define MAXF 7  /* fruits of one kind: 0..MAXF */
#define MAXS 12 /* scarecrows: 0..MAXS */

/* best[only][state] + 1, 0 = not computed yet */
static signed char memo[2][(MAXF + 1) * (MAXF + 1) * (MAXF + 1) * (MAXF + 1) * (MAXF + 1) * (MAXS + 1)];

static int key(const int f[5], int s)
{
    int k = 0;
    for (int i = 0; i < 5; i++) k = k * (MAXF + 1) + f[i];
    return k * (MAXS + 1) + s;
}

/* Most sets: for every choice of which fruit kinds a next set takes as
 * real fruits (the rest are scarecrows), build it and search on. */
static int brute(int f[5], int s, int only)
{
    signed char *m = &memo[only][key(f, s)];
    if (*m) return *m - 1;
    int best = 0;
    for (int mask = only ? 0 : 1; mask < 32; mask++) {
        int ok = 1, real = 0;
        for (int i = 0; i < 5; i++)
            if (mask >> i & 1) {
                ok &= f[i] > 0;
                real++;
            }
        if (!ok || s < 5 - real) continue;
        for (int i = 0; i < 5; i++) f[i] -= mask >> i & 1;
        int n = 1 + brute(f, s - (5 - real), only);
        for (int i = 0; i < 5; i++) f[i] += mask >> i & 1;
        if (n > best) best = n;
    }
    *m = (signed char)(best + 1);
    return best;
}

/* Random holdings, both settings: the formula equals the search. */
Test(over_hill_and_dale_sets, matches_exhaustive_search_on_random_holdings)
{
    uint64_t rng = 0x5e75u;
    for (int n = 0; n < 50000; n++) {
        int f[5], s = (int)h_below(&rng, MAXS + 1);
        for (int i = 0; i < 5; i++) f[i] = (int)h_below(&rng, MAXF + 1);
        for (int only = 0; only <= 1; only++) {
            int want = brute(f, s, only);
            int got = ohd_best_sets(f, s, only);
            cr_assert_eq(got, want, "fruits %d %d %d %d %d, scarecrows %d, scarecrow_only %d: %d, want %d", f[0],
                         f[1], f[2], f[3], f[4], s, only, got, want);
        }
    }
}

/* Every holding the real supply allows (5 of each fruit, 8 scarecrows). */
Test(over_hill_and_dale_sets, matches_exhaustive_search_on_every_real_holding)
{
    int f[5];
    for (int a = 0; a <= 5; a++)
        for (int b = 0; b <= 5; b++)
            for (int c = 0; c <= 5; c++)
                for (int d = 0; d <= 5; d++)
                    for (int e = 0; e <= 5; e++)
                        for (int s = 0; s <= 8; s++)
                            for (int only = 0; only <= 1; only++) {
                                f[0] = a, f[1] = b, f[2] = c, f[3] = d, f[4] = e;
                                cr_assert_eq(ohd_best_sets(f, s, only), brute(f, s, only),
                                             "fruits %d %d %d %d %d, scarecrows %d, scarecrow_only %d", a, b, c, d,
                                             e, s, only);
                            }
}

/* Cases worth naming: the rulebook's holding, sets that need a fruit, and
 * scarecrows that cannot fill two places of one set. */
Test(over_hill_and_dale_sets, named_cases)
{
    int none[5] = {0, 0, 0, 0, 0}, one_each[5] = {1, 1, 1, 1, 1}, rule[5] = {2, 2, 2, 1, 1};
    int apples[5] = {5, 0, 0, 0, 0}, two_kinds[5] = {3, 3, 0, 0, 0};
    cr_assert_eq(ohd_best_sets(rule, 4, 0), 2, "the rulebook's 12 tokens");
    cr_assert_eq(ohd_best_sets(one_each, 0, 0), 1);
    cr_assert_eq(ohd_best_sets(none, 5, 0), 0, "a set needs a fruit");
    cr_assert_eq(ohd_best_sets(none, 5, 1), 1, "unless scarecrow_sets");
    cr_assert_eq(ohd_best_sets(none, 10, 1), 2);
    cr_assert_eq(ohd_best_sets(apples, 8, 0), 2, "each apple set needs 4 scarecrows");
    cr_assert_eq(ohd_best_sets(apples, 20, 0), 5);
    cr_assert_eq(ohd_best_sets(two_kinds, 8, 0), 2, "3 sets would need 9 scarecrows");
    cr_assert_eq(ohd_best_sets(two_kinds, 9, 0), 3);
    cr_assert_eq(ohd_best_sets(one_each, -3, 0), 1, "a negative count is none");
}
