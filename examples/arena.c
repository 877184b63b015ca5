/* The arena: paired deals and their arithmetic (arena.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <string.h>
#include <time.h>

#include "arena.h"

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

uint64_t arena_deal_seed(uint64_t match_seed, long i) { return mix(match_seed * 0x100000001B3ull + (uint64_t)i); }

static uint64_t seat_seed(uint64_t deal, int p) { return mix(deal ^ ((uint64_t)(p + 1) << 56)); }

/* A's result in rotation r: its score against each B seat, averaged. */
static void judge(const int *s, int players, int r, arena_deal *d)
{
    double res = 0, others = 0;
    for (int q = 0; q < players; q++) {
        if (q == r) continue;
        res += s[r] > s[q] ? 1.0 : s[r] == s[q] ? 0.5 : 0.0;
        others += s[q];
        d->wins += s[r] > s[q], d->draws += s[r] == s[q], d->losses += s[r] < s[q];
    }
    d->result[r] = res / (players - 1);
    d->margin[r] = s[r] - others / (players - 1);
}

/* Plays rotation r of a deal: A in seat r, B elsewhere. */
static int play(const carc_game_options *base, const seat_spec *a, const seat_spec *b, uint64_t dseed, int r,
                arena_deal *d)
{
    carc_game_options o = *base;
    o.seed = dseed;
    carc_game *g;
    int st = carc_game_new(&o, &g), players = o.players;
    seat *seats[ARENA_MAX_SEATS] = {0};
    for (int p = 0; !st && p < players; p++) seats[p] = seat_open(p == r ? a : b, g, seat_seed(dseed, p), &st);
    for (;;) {
        carc_phase phase;
        int who = 0;
        carc_move m;
        if (st || (st = carc_game_state(g, &phase, &who)) != CARC_OK || phase == CARC_PHASE_OVER) break;
        double c0 = cpu_now();
        st = seat_move(seats[who], g, NULL, NULL, &m);
        d->cpu[who != r] += cpu_now() - c0;
        d->decisions[who != r]++;
        if (!st) st = carc_game_apply(g, &m);
    }
    for (int p = 0; p < players; p++) {
        seat_close(seats[p]);
        if (!st) carc_game_score(g, p, &d->scores[r][p]);
    }
    carc_game_free(g);
    if (!st) judge(d->scores[r], players, r, d);
    return st;
}

void arena_play_deal(const carc_game_options *o, const seat_spec *a, const seat_spec *b, uint64_t deal_seed,
                     arena_deal *d)
{
    memset(d, 0, sizeof *d);
    for (int r = 0; r < o->players && !d->status; r++) d->status = play(o, a, b, deal_seed, r, d);
    d->done = 1;
}

/* Two-sided 95% normal quantile. */
#define Z95 1.959963984540054

void arena_add(arena_sums *a, const double *results, const double *margins, int games, long wins, long draws,
               long losses)
{
    double s = 0, m = 0;
    for (int i = 0; i < games; i++) s += results[i], m += margins[i];
    s /= games;
    m /= games;
    a->pairs++;
    a->games += games;
    a->s += s;
    a->ss += s * s;
    a->m += m;
    a->mm += m * m;
    a->wins += wins;
    a->draws += draws;
    a->losses += losses;
    int bin = (int)floor(s * 4 + 0.5);
    a->penta[bin < 0 ? 0 : bin > 4 ? 4 : bin]++;
}

double arena_elo(double share)
{
    if (share <= 0) return -1000;
    if (share >= 1) return 1000;
    double e = -400.0 * log10(1.0 / share - 1.0);
    return e < -1000 ? -1000 : e > 1000 ? 1000 : e;
}

/* The mean and the half width of its 95% interval from a sum and a sum of squares. */
static void interval(double sum, double squares, long n, double *mean, double *half)
{
    *mean = n ? sum / (double)n : 0;
    double var = n > 1 ? (squares - sum * sum / (double)n) / (double)(n - 1) : 0;
    *half = n > 1 && var > 0 ? Z95 * sqrt(var / (double)n) : 0;
}

void arena_stats_of(const arena_sums *a, arena_stats *o)
{
    double half;
    o->pairs = a->pairs;
    o->games = a->games;
    interval(a->s, a->ss, a->pairs, &o->share, &half);
    /* a share lies in 0..1, and so does what can be said of it */
    o->share_lo = o->share - half < 0 ? 0 : o->share - half;
    o->share_hi = o->share + half > 1 ? 1 : o->share + half;
    interval(a->m, a->mm, a->pairs, &o->margin, &half);
    o->margin_lo = o->margin - half;
    o->margin_hi = o->margin + half;
    o->elo = arena_elo(o->share);
    o->elo_lo = arena_elo(o->share_lo);
    o->elo_hi = arena_elo(o->share_hi);
    for (int i = 0; i < 5; i++) o->penta[i] = a->penta[i];
    o->wins = a->wins;
    o->draws = a->draws;
    o->losses = a->losses;
}

static double expected(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* Deals the test waits for before it may decide, and the prior of the
 * variance of a deal's result: two deals' worth of 1/16 (the variance of a
 * two-game deal whose games are independent coin flips with half of them
 * drawn), so that a few alike deals early cannot make the variance tiny
 * and decide the test. Simulated on deals of known share (tests/arena),
 * both errors stay at or under the 5% asked. */
#define SPRT_MIN_DEALS 8
#define PRIOR_DEALS 2.0
#define PRIOR_VARIANCE 0.0625

double arena_llr(const arena_sums *a, double elo0, double elo1)
{
    if (a->pairs < 2) return 0;
    double n = (double)a->pairs, mean = a->s / n;
    double var = (a->ss - a->s * a->s / n + PRIOR_DEALS * PRIOR_VARIANCE) / (n - 1 + PRIOR_DEALS);
    double s0 = expected(elo0), s1 = expected(elo1);
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

int arena_sprt(const arena_sums *a, double elo0, double elo1, double *llr, double *lower, double *upper)
{
    const double alpha = 0.05, beta = 0.05;
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
    *llr = arena_llr(a, elo0, elo1);
    if (a->pairs < SPRT_MIN_DEALS) return 0;
    return *llr >= *upper ? 1 : *llr <= *lower ? -1 : 0;
}
