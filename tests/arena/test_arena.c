/* The arena (examples/arena.h): paired deals, the arithmetic, the test. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "../../examples/arena.h"

static seat_spec spec(const char *text)
{
    seat_spec s;
    char err[160];
    cr_assert_eq(seat_parse(text, &s, err, sizeof err), 0, "%s", err);
    return s;
}

/* Plays `deals` deals of A against B and sums them up. */
static arena_sums match(const char *variant, int players, const char *a, const char *b, long deals, uint64_t seed)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players};
    seat_spec sa = spec(a), sb = spec(b);
    arena_sums sums;
    memset(&sums, 0, sizeof sums);
    for (long i = 0; i < deals; i++) {
        arena_deal d;
        arena_play_deal(&o, &sa, &sb, arena_deal_seed(seed, i), &d);
        cr_assert_eq(d.status, CARC_OK);
        arena_add(&sums, d.result, d.margin, players, d.wins, d.draws, d.losses);
    }
    return sums;
}

Test(arena, a_bot_against_itself_scores_exactly_a_half)
{
    struct {
        const char *variant, *bot;
        int players;
    } cases[] = {{"base", "greedy", 2}, {"hills-sheep", "random", 3}, {"base", "search:40", 2},
                 {"over-hill-and-dale", "mc:1", 4}, {"discovery", "search:20", 5}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        arena_sums s = match(cases[i].variant, cases[i].players, cases[i].bot, cases[i].bot, 4, 17);
        arena_stats st;
        arena_stats_of(&s, &st);
        cr_assert_eq(st.share, 0.5, "%s against itself, %d players: %f", cases[i].bot, cases[i].players, st.share);
        cr_assert_float_eq(st.margin, 0.0, 1e-9);
        cr_assert_eq(st.penta[2], 4, "every deal is even");
        cr_assert_eq(st.wins, st.losses);
        cr_assert_eq(st.games, 4L * cases[i].players);
    }
}

Test(arena, random_is_found_weaker_than_greedy)
{
    arena_sums s = match("base", 2, "random", "greedy", 12, 3);
    arena_stats st;
    arena_stats_of(&s, &st);
    cr_assert_lt(st.share_hi, 0.5, "the whole interval below a half: %f [%f, %f]", st.share, st.share_lo, st.share_hi);
    cr_assert_lt(st.margin_hi, 0);
    cr_assert_lt(st.elo, -200);
    /* and the same seen from the other side */
    arena_sums t = match("base", 2, "greedy", "random", 12, 3);
    arena_stats_of(&t, &st);
    cr_assert_gt(st.share_lo, 0.5);
}

/* Runs the sequential test deal by deal; returns the verdict and the deals it took. */
static int sprt_match(const char *a, const char *b, double elo0, double elo1, long max, long *used)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2};
    seat_spec sa = spec(a), sb = spec(b);
    arena_sums sums;
    memset(&sums, 0, sizeof sums);
    double llr, lo, hi;
    int verdict = 0;
    for (*used = 0; *used < max && !verdict; (*used)++) {
        arena_deal d;
        arena_play_deal(&o, &sa, &sb, arena_deal_seed(99, *used), &d);
        cr_assert_eq(d.status, CARC_OK);
        arena_add(&sums, d.result, d.margin, 2, d.wins, d.draws, d.losses);
        verdict = arena_sprt(&sums, elo0, elo1, &llr, &lo, &hi);
    }
    return verdict;
}

Test(arena, the_sprt_stops_with_the_right_verdict_on_bots_of_known_strength)
{
    long used;
    /* greedy beats random nearly always: far more than 100 Elo */
    cr_assert_eq(sprt_match("greedy", "random", 0, 100, 200, &used), 1, "H1 for the stronger A");
    cr_assert_lt(used, 60, "decided early (%ld deals)", used);
    cr_assert_eq(sprt_match("random", "greedy", 0, 100, 200, &used), -1, "H0 for the weaker A");
    cr_assert_lt(used, 60, "decided early (%ld deals)", used);
    /* equal bots: H0 'no better' against H1 '+100' */
    cr_assert_eq(sprt_match("mc:1", "mc:1", 0, 100, 200, &used), -1, "H0 for an equal A");
}

/* The test itself on simulated deals of known share: with 5% errors on
 * each side, at most a few of 200 tests may go the wrong way. */
Test(arena, the_sprt_errors_stay_near_five_percent)
{
    uint64_t rng = 12345;
    int wrong_h1 = 0, wrong_h0 = 0;
    for (int run = 0; run < 400; run++) {
        /* true Elo 0 for even runs, +60 for odd ones; bounds 0 and 60 */
        double p = run % 2 ? 1.0 / (1.0 + pow(10.0, -60.0 / 400.0)) : 0.5;
        arena_sums sums;
        memset(&sums, 0, sizeof sums);
        int verdict = 0;
        for (long k = 0; k < 100000 && !verdict; k++) {
            /* a deal of two games, each won with probability p */
            double res[2];
            for (int gm = 0; gm < 2; gm++) {
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                res[gm] = (double)(rng >> 11) / 9007199254740992.0 < p ? 1.0 : 0.0;
            }
            double margin[2] = {0, 0};
            arena_add(&sums, res, margin, 2, 0, 0, 0);
            double llr, lo, hi;
            verdict = arena_sprt(&sums, 0, 60, &llr, &lo, &hi);
        }
        cr_assert_neq(verdict, 0);
        if (run % 2 == 0 && verdict > 0) wrong_h1++;
        if (run % 2 == 1 && verdict < 0) wrong_h0++;
    }
    cr_assert_leq(wrong_h1, 16, "H1 wrongly accepted %d times in 200", wrong_h1);
    cr_assert_leq(wrong_h0, 16, "H0 wrongly accepted %d times in 200", wrong_h0);
    cr_log_info("sprt errors in 200 runs each: H1 wrongly %d, H0 wrongly %d", wrong_h1, wrong_h0);
}

Test(arena, the_arithmetic)
{
    cr_assert_float_eq(arena_elo(0.5), 0.0, 1e-12);
    cr_assert_float_eq(arena_elo(0.75), 400 * log10(3.0), 1e-9);
    cr_assert_float_eq(arena_elo(0.25), -400 * log10(3.0), 1e-9);
    arena_sums s;
    memset(&s, 0, sizeof s);
    /* four deals of two games with results 1+1, 1+0.5, 0.5+0, 0+0 */
    double r[4][2] = {{1, 1}, {1, 0.5}, {0.5, 0}, {0, 0}}, m[4][2] = {{10, 20}, {5, 0}, {0, -5}, {-10, -20}};
    for (int i = 0; i < 4; i++) arena_add(&s, r[i], m[i], 2, 0, 0, 0);
    arena_stats st;
    arena_stats_of(&s, &st);
    cr_assert_float_eq(st.share, 0.5, 1e-12);
    /* deal means 1, .75, .25, 0: sample sd sqrt(0.2083), half width 1.96 sd / 2 */
    double half = 1.959963984540054 * sqrt((1 + 0.5625 + 0.0625 + 0 - 4 * 0.25) / 3.0) / 2.0;
    cr_assert_float_eq(st.share_hi - st.share, half, 1e-9);
    cr_assert_float_eq(st.margin, 0.0, 1e-12);
    long want[5] = {1, 1, 0, 1, 1};
    for (int b = 0; b < 5; b++) cr_assert_eq(st.penta[b], want[b], "bin %d", b);
    cr_assert_eq(st.games, 8);
}

Test(arena, bad_bot_names_say_what_is_wanted)
{
    seat_spec s;
    char err[160];
    const char *bad[] = {"mc:0", "mc:x", "search:0", "search-ms:-3", "gredy", "search:10,threads=99", "greedy,win",
                         "search:5,foo"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        cr_assert_eq(seat_parse(bad[i], &s, err, sizeof err), -1, "%s", bad[i]);
        cr_assert(strstr(err, bad[i]) != NULL, "the message names the bad player: %s", err);
    }
    cr_assert_eq(seat_parse("search:2000,threads=2,win,c=0.5,no-reuse", &s, err, sizeof err), 0);
    cr_assert_eq(s.amount, 2000);
    cr_assert_eq(s.threads, 2);
    cr_assert(s.win && s.no_reuse);
    cr_assert_float_eq(s.exploration, 0.5, 1e-12);
    cr_assert_eq(seat_parse("search:250ms", &s, err, sizeof err), 0);
    cr_assert_eq(s.amount, 0);
    cr_assert_float_eq(s.milliseconds, 250, 1e-12);
    cr_assert_eq(seat_parse("search:0ms", &s, err, sizeof err), -1);
}
