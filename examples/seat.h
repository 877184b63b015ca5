/* Seats for the example programs: who plays a seat of a game, named by a
 * short spec, and a call that gives that player's move.
 *
 *   random          any legal move, uniformly
 *   greedy          looks one turn ahead on scratch copies (greedy.h)
 *   mc:K            flat Monte Carlo: every legal move tried on a scratch
 *                   copy and scored by K random playouts; the best mean
 *                   margin (own score minus the best other) wins
 *   search:N        libcarcassonne-search with N iterations a decision
 *   search:Tms      the same with T milliseconds a decision (also search-ms:T)
 *   human           a person at the terminal (seat_human_*)
 *
 * A search spec may add options after commas: `threads=T`, `win` (the
 * win-share reward instead of the margin), `margin` (the default), `c=X`
 * (the exploration constant), `no-reuse`,
 * e.g. `search:2000,threads=2`.
 *
 * A seat's choices follow the seed it is opened with alone, so the same
 * spec and seed play the same way in any seat and any program. */
#ifndef CARC_EXAMPLE_SEAT_H
#define CARC_EXAMPLE_SEAT_H

#include <stdint.h>
#include <stdio.h>

#include <carcassonne.h>

enum seat_kind { SEAT_RANDOM, SEAT_GREEDY, SEAT_MC, SEAT_SEARCH, SEAT_HUMAN };

typedef struct seat_spec {
    int kind;             /* enum seat_kind */
    long amount;          /* mc: playouts; search: iterations */
    double milliseconds;  /* search-ms: time a decision */
    int threads, win, no_reuse;
    double exploration;   /* 0: the library's default */
    char text[64];        /* the spec as given */
} seat_spec;

/* Reads a spec; returns 0, or -1 with a reason in err. */
int seat_parse(const char *text, seat_spec *out, char *err, size_t cap);

typedef struct seat seat;

/* A seat for games like g (same variant and tile set), or NULL when out of
 * memory or the search cannot be made (then *status says why). */
seat *seat_open(const seat_spec *spec, const carc_game *g, uint64_t seed, int *status);
void seat_close(seat *s);

/* The seat's move in g, not applied. A human seat reads it from `in`,
 * writing prompts and the board to `out`; it returns CARC_E_NOT_FOUND at
 * the end of the input. */
int seat_move(seat *s, carc_game *g, FILE *in, FILE *out, carc_move *m);

/* For a program seating one bot spec and some people (bit p of `humans`:
 * a person in seat p): opens a seat per player, seat p's choices seeded
 * from `seed` and p. */
int seats_open(seat **seats, int players, const seat_spec *bot, unsigned humans, const carc_game *g, uint64_t seed);
/* The decision of the player to move, made by their seat and applied to g.
 * With a person in the game the board is drawn on stdout at the start of
 * every turn. CARC_E_NOT_FOUND: a person ended the input. */
int seats_move(seat **seats, unsigned humans, carc_game *g, carc_move *m);

/* The usage lines of the specs, for --help texts. */
extern const char seat_help[];

/* human.c: a person's move, read as move text or as a number of the list. */
int human_move(carc_game *g, FILE *in, FILE *out, carc_move *m);
/* Draws the board as text, a tile as a block of 5 columns and 3 rows. */
void board_text(carc_game *g, FILE *out);

#endif
