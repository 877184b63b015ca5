/* Helpers shared by the discovery tests.
 *
 * Board conventions used in every position: x grows east, y grows south,
 * the start tile D01 lies at (0,0) unturned (grassland north, one mountain
 * east and west holding a port city that faces the sea south). */
#ifndef DS_TEST_H
#define DS_TEST_H

#include "support.h"

/* The removal action of the variant (variants/discovery/discovery.h); the
 * tests keep their own copy so that they read the documented interface. */
#define DS_REMOVE 1

/* Room for every tile move of a hand of two tiles (2 x 4 x 256 squares). */
#define DS_MOVE_CAP 2200

/* A game whose stack holds only the tiles of `deck` ("D03:2 D17:1");
 * `hand` and `literal` set the two ruleset options. */
tgame ds_new(int players, const char *deck);
tgame ds_new_opts(int players, const char *deck, int hand, int literal);

/* Figure id of the follower on feature `id` of the tile at (x,y), or -1. */
int ds_fig(carc_game *g, int x, int y, const char *id);

/* What taking that follower back would score now (-999 if there is none). */
int ds_points(carc_game *g, int x, int y, const char *id);

/* Takes that follower back in the figure step (the player to move must
 * own it); returns the carc_game_apply status or CARC_E_NOT_FOUND. */
int ds_remove(carc_game *g, int x, int y, const char *id);

/* Whether a follower may go on feature `id` of the tile just placed. */
int ds_can(carc_game *g, const char *id);

/* Followers of a player in supply. */
int ds_supply(carc_game *g, int player);

/* Places tile `tile` from the hand of the player to move (hand option). */
int ds_hand_place(carc_game *g, const char *tile, int x, int y, int rot);

/* Number of copies of `tile` in a player's hand. */
int ds_in_hand(carc_game *g, int player, const char *tile);

/* ---- the tile set read straight from the variant's text -------------- */

enum { DS_K_MOUNTAIN, DS_K_GRASSLAND, DS_K_SEA };

typedef struct ds_feat {
    char id[8];
    int kind;       /* DS_K_* */
    unsigned slots; /* bit s: edge slot s */
    int city;       /* port cities standing in it */
    int ports;      /* port cities of the tile facing it (seas) */
    unsigned borders; /* bit j: borders feature j of the same tile */
} ds_feat;

typedef struct ds_type {
    char name[8];
    int count;
    int start;
    char edges[13];
    int nfeat;
    ds_feat feat[12];
} ds_type;

/* Parses the built-in tile set text of the variant into `types` (at most
 * `cap`); returns the number of types, or -1 on a line it cannot read. */
int ds_read_tiles(ds_type *types, int cap);

/* The parsed description of a game's tile type (by its index), or NULL. */
const ds_type *ds_type_of(carc_game *g, int type);

/* ---- a slow reference for tile placements ----------------------------
 * Built from the board as the public queries show it and the tile text;
 * it shares nothing with the library's frontier and fit tables. */

typedef struct ds_board {
    int n;
    int x[128], y[128], type[128], rot[128];
    char edges[128][13]; /* turned as placed */
    int minx, maxx, miny, maxy;
    short grid[256][256]; /* placed index + 1 at [y + 128][x + 128] */
} ds_board;

void ds_board_read(carc_game *g, ds_board *b);

/* Placed index at (x,y), or -1. */
int ds_board_at(const ds_board *b, int x, int y);

/* The 12 edge letters of a tile turned r quarter turns clockwise. */
void ds_turn_edges(const char *edges, int r, char out[13]);

/* Whether tile edges `turned` may go on the empty square (x,y). */
int ds_board_fits(const ds_board *b, int x, int y, const char *turned);

/* The lowest turn of tile t that shows the same picture as turn r: same
 * letters and, slot by slot, features of the same kind, cities and faced
 * cities, bordering the same neighbours. */
int ds_same_turn(const ds_type *t, int r);

/* Distinct placements (square, picture) of tile type `type` on board b. */
int ds_ref_placements(carc_game *g, const ds_board *b, int type);

#endif
