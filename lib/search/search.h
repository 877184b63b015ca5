/* The search's own types, shared by its files. It sees the engine through
 * carcassonne.h alone (meson.build and scripts/check-search-includes.sh
 * hold it to that). */
#ifndef CARC_SEARCH_INTERNAL_H
#define CARC_SEARCH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "carcassonne.h"
#include "carcassonne_search.h"

/* A decision of the tree: the position after a move and the chance that
 * followed it. Index 0 is never a node, so 0 means "none". */
typedef struct snode {
    uint64_t key;      /* what the chance before it showed (observe) */
    uint32_t edges;    /* its first edge */
    uint32_t next;     /* the next outcome of the same parent edge */
    uint32_t visits;
    uint16_t nedges;
    uint16_t tried;    /* edges[0 .. tried) have been tried; they are in random order */
    uint8_t player;    /* who decides here */
    uint8_t flags;     /* NODE_OVER, NODE_KEEP */
    uint8_t spare[6];
} snode;
_Static_assert(sizeof(snode) == 32, "a node is 32 bytes");

#define NODE_OVER 1u /* the game is over here: no edge, the reward is the final score's */
#define NODE_KEEP 2u /* marked to be kept when the tree moves to a new root */

/* A move of a node and what the search found of it. */
typedef struct sedge {
    carc_move move;
    uint32_t child;    /* the first outcome node, 0 until the move is tried */
    uint32_t visits;
    double value;      /* the sum of the deciding player's rewards */
} sedge;
_Static_assert(sizeof(sedge) == 32, "an edge is 32 bytes");

/* One thread's tree: pools that grow by doubling up to `limit` bytes. */
typedef struct tree {
    snode *nodes;
    sedge *edges;
    uint32_t nnodes, cap_nodes; /* nodes[0] is the unused "none" */
    uint32_t nedges, cap_edges;
    uint32_t root;
    size_t limit;
    int full;                   /* the limit stopped a growth */
} tree;

/* Deepest path an iteration keeps: more decisions than any game has left
 * (a game keeps at most 1,136 history records, MAX_HISTORY). */
#define MAX_PATH 1536

struct carc_search;

/* A thread's share of a run, with everything it needs in its own memory. */
typedef struct worker {
    const struct carc_search *s;
    tree t;
    carc_game *work;       /* the iteration's copy */
    carc_move *moves;      /* a listing buffer of `cap_moves` */
    size_t cap_moves;
    uint64_t rng;          /* picks: try orders and the playout's moves */
    uint64_t chance;       /* seeds of the iterations' draws */
    int64_t budget;        /* iterations to run, or INT64_MAX under a time budget alone */
    int64_t done;
    double deadline;       /* CLOCK_MONOTONIC seconds, 0: none */
    int status;
    uint32_t path_node[MAX_PATH];
    uint32_t path_edge[MAX_PATH];
} worker;

#define SEARCH_MAGIC 0x43415243u /* "CRAC": a live handle */
#define SEARCH_DEAD 0x44454144u  /* "DEAD": written by carc_search_free */

struct carc_search {
    uint32_t magic;
    carc_search_options o;  /* with the defaults filled in */
    int nworkers;
    worker *w;
    carc_game *root;        /* the last position searched, its draw made; NULL before */
    int players, bags, tokens[8], hidden;
    uint64_t runs;          /* runs made: each has its own seeds */
    int has_result;
    carc_search_stat *stats;/* the last run's root statistics, in listing order */
    size_t nstats, cap_stats;
    carc_move best;
    carc_search_info info;
};

/* tree.c */
int tree_init(tree *t, size_t limit, int whole);
void tree_free(tree *t);
void tree_clear(tree *t);
/* A node for `n` moves copied from `moves`, linked as an outcome of edge
 * `parent` (0: the root); 0 when the limit is reached. */
uint32_t tree_add(tree *t, uint32_t parent, uint64_t key, int player, int over, const carc_move *moves, size_t n);
/* The outcome of edge e whose key is `key`, or 0. */
static inline uint32_t tree_outcome(const tree *t, uint32_t e, uint64_t key)
{
    uint32_t c = t->edges[e].child;
    while (c && t->nodes[c].key != key) c = t->nodes[c].next;
    return c;
}
/* Keeps the subtree of node `keep` alone, moved to the front of the pools. */
void tree_reroot(tree *t, uint32_t keep);
size_t tree_bytes(const tree *t);

/* iterate.c */
uint64_t search_rand(uint64_t *state);
/* What the position shows of its chance, and who decides (-1: over). */
uint64_t search_observe(const struct carc_search *s, carc_game *g, int *player);
int search_iterate(worker *w);
/* Lists the moves of g into the worker's buffer, growing it if needed. */
int search_list(worker *w, carc_game *g, size_t *n);
int move_equal(const carc_move *a, const carc_move *b);

/* reuse.c */
/* The node of `t` for the position `now`, reached from the tree's root
 * (the position `before`) by the moves played since; 0 if none. */
int reuse_path(const struct carc_search *s, carc_game *before, const carc_game *now, carc_move *moves,
               uint64_t *keys, int cap, int *n);
uint32_t reuse_follow(const tree *t, const carc_move *moves, const uint64_t *keys, int n);

#endif
