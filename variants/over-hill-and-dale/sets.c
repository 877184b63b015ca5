/* Fruit sets of Over Hill and Dale's final scoring: a pure function, built
 * into the library and, on its own, into the tests that check it against
 * an exhaustive search. */
#include "over_hill_and_dale.h"

/* k sets fit when the scarecrows cover every fruit missing from them; a set
 * needs a real fruit unless `scarecrow_only`. Each fruit kind fills at most
 * one place per set, and spreading every kind over consecutive sets (mod k)
 * gives each set a fruit as soon as there are k fruit places in all. */
int ohd_best_sets(const int fruits[5], int scarecrows, int scarecrow_only)
{
    if (scarecrows < 0) scarecrows = 0;
    long total = scarecrows;
    for (int i = 0; i < 5; i++) total += fruits[i] > 0 ? fruits[i] : 0;
    for (long k = total / 5; k > 0; k--) {
        long missing = 0, placed = 0;
        for (int i = 0; i < 5; i++) {
            long c = fruits[i] > 0 ? fruits[i] : 0;
            missing += c < k ? k - c : 0;
            placed += c < k ? c : k;
        }
        if (missing <= scarecrows && (scarecrow_only || placed >= k)) return (int)k;
    }
    return 0;
}
