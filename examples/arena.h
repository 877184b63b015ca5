/* The arena's arithmetic: results of paired deals, the score share and the
 * margin with 95% intervals, pair counts, Elo and the sequential test.
 *
 * A deal is played once per rotation of the seats: with P players, A sits
 * in seat r of rotation r and B in every other seat, so each seat and each
 * turn order is A's once. A's result in a game is its score against each B
 * seat (1 for a higher final score, 0.5 for an equal one, 0 for a lower),
 * averaged over the B seats: with two players, win 1, tie 0.5, loss 0. A
 * deal's result is the mean over its rotations, and the deals (the "pairs"
 * of the two-player case) are the independent samples every interval and
 * the test are computed from, so the luck of the tiles and of the seat
 * cancels inside each sample. Over all rotations the B seats' results
 * against A add up to one minus A's, so a bot against itself scores
 * exactly 0.5. */
#ifndef CARC_EXAMPLE_ARENA_H
#define CARC_EXAMPLE_ARENA_H

#include <stddef.h>
#include <stdint.h>

#include <carcassonne.h>

#include "seat.h"

#define ARENA_MAX_SEATS 6

/* One deal played in every rotation of the seats. */
typedef struct arena_deal {
    int done, status;
    double result[ARENA_MAX_SEATS], margin[ARENA_MAX_SEATS]; /* A's, per rotation (A in seat r) */
    int scores[ARENA_MAX_SEATS][ARENA_MAX_SEATS];           /* per rotation, per seat */
    long wins, draws, losses;                                /* A against each B seat */
    double cpu[2];                                           /* seconds A and B spent choosing */
    long decisions[2];
} arena_deal;

/* The seed of deal i of a match. */
uint64_t arena_deal_seed(uint64_t match_seed, long i);
/* Plays a deal (games made with `o`, its seed replaced by `deal_seed`):
 * rotation r seats A in seat r and B elsewhere, and the player in seat p
 * of every rotation draws its choices from a seed of the deal and p alone
 * (not of the bot), so two equal bots play every rotation alike. Sets
 * d->status (CARC_OK or the failing call's) and d->done. */
void arena_play_deal(const carc_game_options *o, const seat_spec *a, const seat_spec *b, uint64_t deal_seed,
                     arena_deal *d);

typedef struct arena_stats {
    long pairs, games;
    double share, share_lo, share_hi;     /* A's score share and its 95% interval */
    double margin, margin_lo, margin_hi;  /* A's score minus the B seats' mean, per game */
    double elo, elo_lo, elo_hi;           /* the share as an Elo difference */
    long penta[5];                        /* deals by A's result: 0, 1/4, 1/2, 3/4, 1 (nearest) */
    long wins, draws, losses;             /* A's games against each B seat, counted one by one */
} arena_stats;

/* Sums over deals: per deal its mean score share and mean margin. */
typedef struct arena_sums {
    long pairs, games, wins, draws, losses;
    double s, ss, m, mm;
    long penta[5];
} arena_sums;

/* Adds one deal: A's per-game results and margins over its `games` rotations. */
void arena_add(arena_sums *a, const double *results, const double *margins, int games, long wins, long draws,
               long losses);
void arena_stats_of(const arena_sums *a, arena_stats *out);

/* The Elo difference of a score share (logistic), clamped to +-1000. */
double arena_elo(double share);

/* The sequential probability ratio test on Elo bounds, as engine testing
 * runs it on pair results: H0 "A is elo0 better", H1 "elo1 better", each
 * with 5% error. The log-likelihood ratio of the deals so far, under a
 * normal model of a deal's result with the variance observed. */
double arena_llr(const arena_sums *a, double elo0, double elo1);
/* +1: H1 accepted, -1: H0 accepted, 0: go on. */
int arena_sprt(const arena_sums *a, double elo0, double elo1, double *llr, double *lower, double *upper);

#endif
