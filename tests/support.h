/* Helpers for building exact positions in tests through the public API. */
#ifndef CARC_TEST_SUPPORT_H
#define CARC_TEST_SUPPORT_H

#include <carcassonne.h>
#include <carcassonne_variant.h>

typedef struct tgame {
    carc_game *g;
    carc_tileset *ts; /* custom tile set owned by the test, or NULL */
} tgame;

/* A game of a built-in variant with its own tile set and seed. */
tgame t_new(const char *variant, int players, uint64_t seed);

/* A game of a built-in variant whose stacks hold only the tiles named in
 * `deck`, e.g. "E:2 K:1 HS02:1" (type:count, space separated). The start
 * tile is placed as usual. The game ends when those tiles are used up, so
 * final scoring can be tested on a small board. `rules` may be NULL. */
tgame t_new_deck(const char *variant, int players, const char *deck, const carc_option *rules, int nrules);

/* The same with every tile in the main stack, whatever its deck= says
 * (a special tile can then come up in an ordinary turn of a short test). */
tgame t_new_deck_flat(const char *variant, int players, const char *deck, const carc_option *rules, int nrules);

/* A game (seed 1) on a tile set given as text; t.g is NULL if it does not
 * parse (the parser's message goes to stderr) or the game cannot be made. */
tgame t_new_text(const carc_variant *v, int players, const char *text, size_t len, const carc_option *rules,
                 int nrules);

void t_free(tgame *t);

/* Tile type index by id ("D", "HS02"), or -1. */
int t_type(carc_game *g, const char *name);

/* Feature index of feature id ("c1") on tile type `type`, or -1. */
int t_feat(carc_game *g, int type, const char *id);

/* Fixes the next tile, then places it: returns the carc_game_apply status. */
int t_place(carc_game *g, const char *tile, int x, int y, int rot);

/* Places a figure kind (by name) on feature `id` of the tile just placed. */
int t_figure(carc_game *g, const char *figure, const char *id);

/* Passes the current decision. */
int t_pass(carc_game *g);

/* One whole turn: place the tile, then a figure (NULL figure: pass). */
int t_turn(carc_game *g, const char *tile, int x, int y, int rot, const char *figure, const char *id);

/* Score of a player; category score (by category name) of a player. */
int t_score(carc_game *g, int player);
int t_cat(carc_game *g, int player, const char *category);

/* The feature info of feature id `id` of the tile at (x,y). */
carc_feature_info t_feature_at(carc_game *g, int x, int y, const char *id);

/* Current phase and player. */
carc_phase t_phase(carc_game *g);
int t_player(carc_game *g);

/* Number of legal moves now. */
int t_move_count(carc_game *g);

#endif
