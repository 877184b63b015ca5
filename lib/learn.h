/* What the learning-environment files share (encoding.c, observe.c,
 * actions.c, batch.c, workers.c). Not public ABI.
 *
 * These files are written against the public headers only: every fact of
 * a game comes from a carc_* call, so the core's layout (struct carc_game,
 * the turn machine) may change under them without an edit here. The
 * encoding reads the tile set, variant and a probe game once, at creation,
 * into the tables below; an observation then costs one call per tile,
 * feature, figure and count it writes. */
#ifndef CARC_LEARN_H
#define CARC_LEARN_H

#include <stddef.h>
#include <stdint.h>

#include "carcassonne.h"
#include "carcassonne_variant.h"

#define LEARN_SLOTS 12    /* edge slots of a tile (docs/tile-format.md) */
#define LEARN_ROTATIONS 4
#define LEARN_ARRAYS 17   /* observation arrays, docs/observations.md */
#define LEARN_PHASES 4    /* carc_phase: TILE, FIGURE, ACTION, OVER */
#define LEARN_MAX_ACTIONS 32 /* named actions of a variant the action space gives blocks to */
#define LEARN_MAX_VIEWS 64
#define LEARN_MAX_RULES 32
#define LEARN_MAX_TYPES 256  /* tile types an encoding takes (tile sets hold at most 128) */

/* the observation arrays, in buffer order */
enum learn_array {
    A_BOARD, A_FIGURES, A_PHASE, A_TO_MOVE, A_SCORES, A_SUPPLY, A_TOKENS, A_DRAWN, A_HAND_SLOTS, A_HANDS,
    A_UNSEEN, A_DECKS, A_PROJECTION, A_VIEW_GAME, A_VIEW_PLAYER, A_VIEW_FIGURE, A_VIEW_BOARD
};

/* the board's plane groups, in plane order */
enum learn_plane {
    P_OCCUPIED, P_TILE_TYPE, P_ROTATION, P_THIS_TURN, P_FRONTIER, P_SLOT_KIND, P_SLOT_COMPLETE, P_KIND_COUNT,
    P_KIND_COMPLETE, P_FIGURES, P_GROUPS
};

/* what a block of the action space holds (learn_block.what) */
enum learn_block_what { B_TILE, B_FIGURE, B_PASS, B_NAMED, B_UNNAMED };

/* what an axis of a block counts (learn_block.axes) */
enum learn_axis { AX_HAND_SLOT, AX_Y, AX_X, AX_ROTATION, AX_FIGURE, AX_FEATURE, AX_FIGURE_SLOT, AX_TARGET, AX_CODE };

typedef struct learn_array_desc {
    const char *name;
    int dtype, ndim, shape[3];
    size_t offset, bytes;
} learn_array_desc;

typedef struct learn_planes {
    const char *name;
    int array, first, count;
} learn_planes;

typedef struct learn_block {
    char name[CARC_NAME_MAX + 8]; /* "action:" + a variant's action name */
    int what;                     /* learn_block_what */
    int offset, size, move_kind, action;
    unsigned args;                /* a named action's carc_action_args */
    int axis_count;
    int axes[CARC_BLOCK_AXES];    /* learn_axis */
    int axis_sizes[CARC_BLOCK_AXES];
} learn_block;

/* a view of the variant and where its values go */
typedef struct learn_view {
    int index, shape, length;
    int at;       /* first value (game, player, figure views) or first plane (tile, feature views) */
} learn_view;

struct carc_encoding {
    /* the kind of game, kept to make games (batches) and to check them */
    carc_game_options game;
    carc_option rules[LEARN_MAX_RULES];
    char rule_names[LEARN_MAX_RULES][CARC_NAME_MAX + 1];
    const carc_variant *variant;
    const carc_tileset *ts;
    int option_count;
    int rule_values[LEARN_MAX_RULES]; /* every option's value in a game of this kind */

    /* sizes (docs/observations.md) */
    int P, R, W, NT, K, FK, FMAX, H, NFIG, FP, NTOK, T, C, S;
    int nbags, bag_tokens[CARC_MAX_BAGS];

    /* per tile type (NT of each, in one allocation) */
    int16_t *type_count;   /* copies in the tile set */
    uint8_t *nfeat;        /* features */
    int8_t *feature_kind;  /* [type * FMAX + f]: kind id */
    uint8_t *slot_kind;    /* [(type * 4 + rot) * 12 + s]: kind id + 1 of the feature on board slot s, 0 none */
    int8_t *slot_feature;  /* same index: that feature, -1 none */
    /* per figure id: owner and its position among the owner's figures */
    uint8_t *fig_owner, *fig_slot;

    /* the layout */
    learn_array_desc arrays[LEARN_ARRAYS];
    int plane_at[P_GROUPS];             /* first board plane of each group */
    learn_planes planes[P_GROUPS + LEARN_MAX_VIEWS];
    int nplanes;
    learn_view views[LEARN_MAX_VIEWS];
    int nviews;
    learn_block blocks[3 + LEARN_MAX_ACTIONS + 1];
    int nblocks;
    int action_count;
    size_t obs_bytes;

    void *alloc;  /* the per-type and per-figure tables */
};

/* encoding.c */
/* Whether g is a game of e's kind: CARC_OK or CARC_E_MISMATCH. */
int learn_check_game(const carc_encoding *e, carc_game *g);

/* observe.c: carc_encoding_observe without the checks (out holds obs_bytes,
 * aligned); the projection runs on `scratch` (a game of e's kind) if given,
 * else on a game allocated for the call. */
int learn_observe(const carc_encoding *e, carc_game *g, int perspective, unsigned char *out, carc_game *scratch);

/* actions.c */
/* What the index of a move depends on besides the move: the deciding
 * seat and the hand slot of each tile type in its hand. */
/* No hand slot: a tile move of a type the seat does not hold has no index. */
#define LEARN_NO_SLOT 0xFF
typedef struct learn_index_ctx {
    int seat;
    uint8_t slot_of[LEARN_MAX_TYPES]; /* tile type -> first position in the seat's hand, LEARN_NO_SLOT if not in it */
} learn_index_ctx;
void learn_index_setup(const carc_encoding *e, carc_game *g, learn_index_ctx *c);
int learn_index(const carc_encoding *e, const learn_index_ctx *c, const carc_move *m);
/* Lists the decision's moves into *buf (grown with realloc from *cap,
 * which may start 0); returns CARC_OK, CARC_E_GAME_OVER (count 0) or
 * CARC_E_NOMEM. */
int learn_list(carc_game *g, carc_move **buf, size_t *cap, size_t *count);
/* Writes the mask of moves[0..n) (zeroing it first) and, if idx is given,
 * each move's index (-1 for none or for a repeat of an earlier index:
 * the first listed wins); returns how many actions it marked, and in
 * *unindexed (may be NULL) how many moves have no index. */
int learn_mark(const carc_encoding *e, carc_game *g, const carc_move *moves, size_t n, uint8_t *mask,
               int32_t *idx, int *unindexed);

#endif
