/* Helpers for the client tests: they use carcassonne.h only, as a client
 * does, and say moves in move text ("tile U 1 0 1", "figure follower r1"). */
#ifndef CARC_CLIENT_TEST_H
#define CARC_CLIENT_TEST_H

#include <stddef.h>
#include <stdint.h>

#include <carcassonne.h>

/* One ruleset to try: a variant and at most one option. */
typedef struct cl_setup {
    const char *variant;
    const char *rule; /* NULL: none */
    int value;
} cl_setup;

/* Every built-in ruleset, The Discovery also with its hand of tiles. */
extern const cl_setup cl_setups[];
extern const int cl_setup_count;

/* A game of `s` (NULL rule: defaults); NULL if it cannot be made. */
carc_game *cl_new(const cl_setup *s, int players, uint64_t seed);
carc_game *cl_new_game(const char *variant, int players, uint64_t seed);

/* Plays one move given as text. A tile move first fixes that tile as the
 * one drawn, so a test lays out exactly the board it wants. Returns the
 * status of the first call that failed. */
int cl_play(carc_game *g, const char *text);

/* Text of a move, "" if it cannot be written. Static buffer. */
const char *cl_text(carc_game *g, const carc_move *m);

/* Indices by name: category, view, bag, token of a bag, figure kind; -1 if absent. */
int cl_category(const carc_game *g, const char *name);
int cl_view(const carc_game *g, const char *name);
int cl_bag(const carc_game *g, const char *name);
int cl_token(const carc_game *g, int bag, const char *name);
int cl_figure_kind(const carc_game *g, const char *name);
/* Code of a named action, or -1. */
int cl_action(const carc_game *g, const char *name);

/* Figure id of a player's first figure of a kind, -1 if none. */
int cl_figure_of(carc_game *g, int player, const char *kind);

/* Tile index of the tile at a square, -1 if empty. */
int cl_tile_at(carc_game *g, int x, int y);

/* A small generator for choosing moves. */
uint64_t cl_rand(uint64_t *state);

/* Lists the moves of the current decision into *buf (grown as needed).
 * Returns the count; 0 when the game is over. */
size_t cl_moves(carc_game *g, carc_move **buf, size_t *cap);

/* Plays one random legal move; 0 when the game is over. */
int cl_random_move(carc_game *g, uint64_t *rng, carc_move **buf, size_t *cap);

/* The whole save text (malloc'd, NUL-terminated). */
char *cl_save(const carc_game *g);

/* The i-th log entry (i may be negative: from the end). */
carc_event_info cl_log(const carc_game *g, int i);
int cl_log_count(const carc_game *g);

int cl_score(const carc_game *g, int player);
int cl_cat_score(const carc_game *g, int player, const char *category);

#endif
