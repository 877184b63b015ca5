/* The arena's arithmetic (arena.h). */
#include <math.h>

#include "arena.h"

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
    o->share_lo = o->share - half;
    o->share_hi = o->share + half;
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

double arena_llr(const arena_sums *a, double elo0, double elo1)
{
    if (a->pairs < 2) return 0;
    double n = (double)a->pairs, mean = a->s / n, var = (a->ss - a->s * a->s / n) / (n - 1);
    /* a deal's result lies in 0..1; a variance this small only comes from a
     * few equal deals, and would make the first ones decide the test */
    if (var < 1e-3) var = 1e-3;
    double s0 = expected(elo0), s1 = expected(elo1);
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

int arena_sprt(const arena_sums *a, double elo0, double elo1, double *llr, double *lower, double *upper)
{
    const double alpha = 0.05, beta = 0.05;
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
    *llr = arena_llr(a, elo0, elo1);
    return *llr >= *upper ? 1 : *llr <= *lower ? -1 : 0;
}
