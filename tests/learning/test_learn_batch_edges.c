/* carc_batch_new() at the edges of its ranges: 1 to 65536 games and 0 to
 * 64 threads are taken, one past either end is CARC_E_RANGE. A batch makes
 * its games at the first reset, so even the largest is cheap to make and
 * free here. (The mutation run, docs/fuzzing.md: a check refusing exactly
 * 65536 games survived; the tests stopped one short of each end.) */
#include <criterion/criterion.h>

#include "learn_test.h"

static int make(const carc_encoding *e, int games, int threads)
{
    carc_batch_options o = {.struct_size = sizeof o, .encoding = e, .games = games, .threads = threads};
    carc_batch *b = (carc_batch *)0x1;
    int r = carc_batch_new(&o, &b);
    if (r == CARC_OK) {
        cr_assert_neq(b, (carc_batch *)0x1);
        carc_batch_free(b);
    } else {
        cr_assert_eq(b, (carc_batch *)0x1, "a refused batch leaves *out alone");
    }
    return r;
}

Test(learn_batch_edges, games_from_1_to_65536)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    cr_assert_eq(make(e, 1, 0), CARC_OK);
    cr_assert_eq(make(e, 65536, 0), CARC_OK, "the documented largest batch");
    cr_assert_eq(make(e, 65537, 0), CARC_E_RANGE);
    cr_assert_eq(make(e, 0, 0), CARC_E_RANGE);
    carc_encoding_free(e);
}

Test(learn_batch_edges, threads_from_0_to_64)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    cr_assert_eq(make(e, 2, 0), CARC_OK);
    cr_assert_eq(make(e, 2, 64), CARC_OK, "64 threads asked (one used: two games)");
    cr_assert_eq(make(e, 2, 65), CARC_E_RANGE);
    cr_assert_eq(make(e, 2, -1), CARC_E_RANGE);
    carc_encoding_free(e);
}
