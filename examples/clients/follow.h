/* A client that follows games move by move through carcassonne.h alone, as
 * the screen of a play server would: it learns the ruleset by name, keeps
 * its own running tallies (scores by category from the log; flocks and the
 * sheep bag; animals used up by hunting traps; harvest tokens) and checks
 * them against what the library reports. The two programs in this folder
 * and the tests in tests/client run it. */
#ifndef CARC_FOLLOW_H
#define CARC_FOLLOW_H

#include <stdint.h>
#include <stdio.h>

#include <carcassonne.h>

typedef struct follow_config {
    const char *variant;      /* variant name */
    const carc_option *rules; /* ruleset options, or NULL */
    int rule_count;
    int players;              /* 0: every player count the variant allows, game by game */
    long games;
    uint64_t seed;            /* picks the game seeds and the random moves */
    FILE *out;                /* the ruleset, the summary and (verbose) every move; NULL: quiet */
    int verbose;
    FILE *err;                /* one line per mismatch (the first 20); NULL: quiet */
} follow_config;

/* What was followed: enough for a test to see the rules were really met. */
typedef struct follow_stats {
    long games;
    long mismatches;      /* every check that failed */
    long decisions;       /* moves played */
    long log_entries;
    long awards;          /* SCORE entries */
    long unscored;        /* COMPLETED entries: a completion that paid nobody */
    long extra_turns;     /* EXTRA_TURN entries, each followed by the same player's turn */
    long actions;         /* ACTION moves played */
    long sheep_drawn;     /* hills-sheep: tokens drawn for flocks */
    long wolves;
    long flocks_scored;
    long traps;           /* hunters-gatherers: hunting traps laid */
    long covered;         /* features whose animals a trap used up */
    long shaman_returns;
    long removals;        /* discovery: followers taken back to score */
    long hand_moves;      /* tile decisions whose moves were checked against the mover's hand */
    long tokens_taken;    /* over-hill-and-dale: harvest tokens that reached a player */
    long picks;           /* harvest tokens picked by a tied player */
} follow_stats;

/* follow_games() when the ruleset lacks a name the client relies on. */
#define FOLLOW_MISSING_NAME 1

/* Follows cfg->games random games. Returns 0 when the setup worked (the
 * variant and every name the client relies on were found), whatever the
 * mismatch count; a carc_status or FOLLOW_MISSING_NAME otherwise. */
int follow_games(const follow_config *cfg, follow_stats *stats);

/* A command line around follow_games: --games N, --seed S, --players N,
 * --verbose. Returns the exit status (non-zero on any mismatch). */
int follow_main(int argc, char **argv, const char *variant, const carc_option *rules, int rule_count);

#endif
