/* Internal types shared by the core's files. Nothing here is public ABI. */
#ifndef CARC_INTERNAL_H
#define CARC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "carcassonne.h"
#include "carcassonne_variant.h"

/* x86-64 with GCC or clang: an AVX2 form of hot loops, taken when the CPU
 * has it (found when a tile set is read); -DCARC_NO_AVX2 leaves it out */
#if defined(__GNUC__) && defined(__x86_64__) && defined(__SSE2__) && !defined(CARC_NO_AVX2)
#define CARC_AVX2 1
#else
#define CARC_AVX2 0
#endif

/* Compiler helpers, with plain C for compilers without the builtins. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))
static inline int ctz32(unsigned x) { return __builtin_ctz(x); }
#else
#define NOINLINE
#define ALWAYS_INLINE inline
static inline int ctz32(unsigned x)
{
    int n = 0;
    while (!(x & 1u)) x >>= 1, n++;
    return n;
}
#endif

/* The lowest set bit of a nonzero word, as an index. On x86-64 one bsf:
 * GCC's builtin adds a clear of the output and a widening of the int it
 * returns, two instructions on every fitting square of every listing. */
static inline size_t ctz64(uint64_t x)
{
#if defined(__GNUC__) && defined(__x86_64__)
    uint64_t i;
    __asm__("bsfq %1, %0" : "=r"(i) : "rm"(x) : "cc");
    return (size_t)i;
#elif defined(__GNUC__)
    return (size_t)__builtin_ctzll(x);
#else
    size_t n = 0;
    while (!(x & 1u)) x >>= 1, n++;
    return n;
#endif
}

/* Capacities. A game is one block, sized by its tile set when it is made
 * (game_layout, game.c), so clone is one allocation and no move allocates. */
#define MAX_TILES 1020       /* tiles in a set, the start tile included: the most the torus of 2^19 cells holds */
#define MAX_TYPES 128        /* tile types in a tile set */
#define MAX_FEATS 12         /* features on one tile type */
#define MAX_ATTRS 16         /* distinct attribute names in a tile set */
#define MAX_PIECES (MAX_FEATS * MAX_TILES) /* features of all placed tiles: 12,240, inside an int16_t */
#define MAX_DECKS 4          /* draw stacks */
#define MAX_FIGURES 96       /* figures of all players */
/* The frontier: the empty squares next to tiles, at most 2 a tile + 2 for
 * n tiles; its arrays are kept for a block of 32 squares more, since
 * listing reads the classes 16 or 32 at a time (carc_game.fcls) */
#define FRONTIER_CAP(n) (((size_t)(n) * 2 + 2 + 31) / 32 * 32)
#define MAX_FRONTIER FRONTIER_CAP(MAX_TILES) /* 2,048 */
/* A narrow game: a tile set of at most NARROW_TILES tiles, every set the
 * library has. Its indices fit a byte (its frontier's 2n + 2 squares too),
 * and its board's arrays are members of the game (carc_game, region 3); a
 * wide game's are in the tail. */
#define NARROW_TILES 126
#define NARROW_FRONTIER 256
_Static_assert(NARROW_FRONTIER >= 2 * NARROW_TILES + 2 && NARROW_FRONTIER <= 255 + 1 && NARROW_FRONTIER % 32 == 0,
               "a narrow game's frontier indices fit a byte, in whole blocks of 32");

/* The board's arrays as the hot paths read them: in each of their two
 * copies `wide` is a constant, so a narrow game's are members, indexed
 * from the game itself. */
#define G_TILES(g, wide) ((wide) ? (g)->tiles : (g)->tiles_n)
#define G_FPOS(g, wide) ((wide) ? (g)->fpos : (g)->fpos_n)
#define G_FKEY(g, wide) ((wide) ? (g)->fkey : (g)->fkey_n)
#define G_FCLS(g, wide) ((wide) ? (g)->fcls : (g)->fcls_n)
/* Element i of each, as an lvalue: a narrow game's is then an index into
 * the member itself, which GCC addresses from the game (the whole array
 * as a pointer it keeps in a register of its own, costing base about 500
 * instructions a game) */
#define G_TILE(g, wide, i) (*((wide) ? &(g)->tiles[i] : &(g)->tiles_n[i]))
#define G_FPOS_AT(g, wide, i) (*((wide) ? &(g)->fpos[i] : &(g)->fpos_n[i]))
#define G_FKEY_AT(g, wide, i) (*((wide) ? &(g)->fkey[i] : &(g)->fkey_n[i]))
#define G_FCLS_AT(g, wide, i) (*((wide) ? &(g)->fcls[i] : &(g)->fcls_n[i]))
/* The history and the event log are sized by the tile set's tiles, n. The
 * history: HIST_RESERVE, 8 records a tile (draws_reserve keeps them for
 * the game's own records) and 64 for a caller's own (reseeds, named
 * draws) at the first turn, more as tiles are played; random games of
 * every ruleset write at most 3.1 a tile. The log: 8 events a tile, where
 * random games with up to 5 players log at most 0.8. */
#define HIST_RESERVE 64 /* see draws.h */
#define HIST_CAPACITY(n) (HIST_RESERVE + 8 * (n) + 64)
#define EVENT_CAPACITY(n) (8 * (n))
#define MAX_FORCED 128       /* queued fixed draws per stack */
#define MAX_FORCED_TOKENS 32 /* queued fixed tokens per bag */
/* a variant's moves held by a scratch list on the stack (turn.c); a
 * variant may list more, into a buffer with room for them */
#define MAX_EXTRA_MOVES 512
/* the room a figure step's direct listings ask for: each kind on each
 * feature of the tile, the pass, a scratch list's worth of the variant's
 * own (more are counted, and written while the buffer has room) */
#define FIGURE_STEP_MOVES ((size_t)MAX_FEATS * CARC_MAX_FIGURE_KINDS + 1 + MAX_EXTRA_MOVES)
/* the most of a variant's own moves one listing counts, so that with the
 * figure step's own CARC_MAX_MOVES holds every listing whole (33,231; Over
 * Hill and Dale's hikes are at most 8,188): a count past it is cut */
#define MAX_OWN_MOVES (CARC_MAX_MOVES - (size_t)MAX_FEATS * CARC_MAX_FIGURE_KINDS - 1)
#define MAX_DONE 128         /* features completed by one tile */

/* The board is a torus of M cells (a power of two), square (x, y) at cell
 * (x + k*y) mod M: a skewed torus, which for the same M holds larger boards
 * than a square one. A connected set of n tiles inside a W x H box has
 * n >= W + H - 1 tiles, and every square the game reads (the tiles, the
 * frontier, the ring of a monastery) lies in that box grown by one on each
 * side; k is picked so that no two squares of any such box share a cell
 * (board_geometry, board.c, gives M and k by the tile set's tiles; the
 * test core_board checks every box for every size it gives). A square one
 * has: 128 x 128 cells for 126 tiles. Skewed: 4,096 for 86, 8,192 for 124,
 * 16,384 for 177, and so on to 524,288 for 1,020.
 * One grid holds both what is on a square and its frontier index, since a
 * square is never both (carc_game.cells). */
#define GRID_MAX_CELLS 524288
#define FPOS(x, y) ((uint32_t)(uint16_t)(x) | (uint32_t)(uint16_t)(y) << 16)
#define FPOS_X(p) ((int16_t)(uint16_t)((p)&0xFFFF))
#define FPOS_Y(p) ((int16_t)(uint16_t)((p) >> 16))
/* Frontier square i's FPOS (carc_game.fpos keeps it 32 bits up). */
#define FRONTIER_POS(g, i) ((uint32_t)((g)->fpos[i] >> 32))
#define FRONTIER_POS_W(g, wide, i) ((uint32_t)(G_FPOS(g, wide)[i] >> 32))
/* The cell of square (x, y); the cell one row down is grid_k further on. */
#define GRID_CELL(g, x, y) (((unsigned)(x) + (g)->grid_k * (unsigned)(y)) & (g)->grid_mask)

/* ---- tile sets ---------------------------------------------------------- */

typedef struct piece {
    /* two partitions of the pieces, [FEAT] features and [SYS] systems */
    uint16_t parent[2];        /* the root: unions relabel the smaller set */
    uint16_t next[2];          /* circular list of the members */
    uint16_t size[2];          /* union by size */
    uint16_t open;             /* at a root: open edge sides of the feature (12 a tile at most) */
    uint16_t tile;             /* placed tile index */
    uint8_t local;             /* feature index in the tile type */
    uint8_t kind;
    uint8_t occ[4];            /* at a feature root: figures per block class */
    uint8_t socc[4];           /* at a system root: system-scoped figures per class */
    /* features of its own tile it borders, by local index (from the tile
     * type; the tile's pieces are consecutive, so piece p - local + j) */
    uint16_t borders;
    uint8_t spare[4];
} piece;
/* 32 bytes, so a piece's address is its index shifted: the joins, figure
 * checks and scoring index pieces about a thousand times a game. Attribute
 * sums are not kept at the root for that reason: a feature's are added up
 * from its members when asked (feat_attr), a few times a game. */
_Static_assert(sizeof(piece) == 32, "a piece is 32 bytes");

typedef struct tile_feat {
    uint16_t slots;   /* 12-bit mask, unrotated */
    uint16_t borders; /* local features it borders */
    uint16_t links;   /* local features joined to it in a system */
    uint8_t kind;
    uint8_t nsides;   /* sides it touches: its open edges on placement */
    uint8_t attr[MAX_ATTRS];
    char id[12];
} tile_feat;

typedef struct tile_type {
    /* hot: read on every placement and enumeration */
    uint64_t code[4];       /* per rotation: 12 slot letters as nibbles, slot s at bits 4s */
    int8_t slot_feat[4][12];/* per rotation: local feature at each board-facing slot */
    uint8_t nfeat;
    uint8_t distinct_rots;  /* bit r: rotation r is the lowest of its equivalence class */
    uint8_t has_area;       /* some feature is of an area kind (monastery) */
    uint16_t edge_feats;    /* features completed by closing their edges: kinds neither area nor marker */
    uint16_t fig_feats[CARC_MAX_FIGURE_KINDS]; /* per figure kind, the features whose kind it may stand on */
    uint16_t attr_feats[MAX_ATTRS]; /* per attribute, the features where it is above zero */
    uint16_t kind_feats[CARC_MAX_KINDS]; /* per kind, the features of that kind */
    uint8_t canon_rot[4];   /* rotation r places the same tile as canon_rot[r] */
    uint16_t key_add[4][4]; /* per rotation and side: what it adds to the key of the square it faces */
    /* read on every placement (feat_add_tile) */
    /* [0] per rotation and side as laid, [1] as the neighbour facing it sees it (SJ_ below) */
    uint32_t side_join[2][4][4];
    /* per rotation and mask of sides with a neighbour: each feature's open sides on placement */
    uint8_t open_at[4][16][MAX_FEATS];
    uint16_t shut[4][16];   /* the same: edge_feats with no open side left, the only ones the tile can complete */
    piece tmpl[MAX_FEATS];  /* per feature: what a new piece starts as, ids local (the tile's systems joined), tile 0 */
    /* cold */
    uint16_t count;         /* copies in the set, up to MAX_TILES */
    uint8_t start;
    uint8_t deck;
    char edges[12];         /* letters, unrotated */
    char name[24];
    tile_feat feat[MAX_FEATS];
    uint8_t spare[6];
} tile_type;
/* Types are indexed on every placement, listing and figure step. At 2080
 * bytes (65 × 32) GCC multiplies an index by shifts and adds, four
 * instructions; at 2088 by one imul. Check the generated code when the
 * type changes size. */
_Static_assert(sizeof(tile_type) == 2088, "tile_type size chosen for its multiply");

/* What a join across a side needs, read per slot j (0..2) in the order
 * the side is walked (tile_type.side_join): the local feature at slot j in
 * nibble j (15: none), and per slot a bit saying it has a feature, one
 * saying it has the same feature as slot j-1, one saying it is the first
 * slot of its feature on the side. */
#define SJ_FEAT(w, j) ((int)((w) >> (4 * (j)) & 15))
#define SJ_HAS 12   /* bits 12..14 */
#define SJ_SAME 16  /* bits 16..18 */
#define SJ_FIRST 20 /* bits 20..22 */

/* Fit table: each side of a frontier square is open (0) or needs one of
 * the set's distinct side codes (1..nsides); four such digits in base
 * nsides+1 make the square's key, and fit[type][key] holds the rotations
 * (lowest of each identical group) that fit, as a mask shifted left by
 * FIT_SHIFT: the listing's table of move vectors has 64-byte rows, so a
 * row is at entry × 4, an addressing mode, with no shift per square. Used
 * when the key space is small, which it is for every known set (3 or 4
 * side codes). */
#define MAX_SIDE_CODES 5
#define MAX_KEYS 1296 /* (MAX_SIDE_CODES + 1)^4 */
#define FIT_SHIFT 4

struct carc_tileset {
    const carc_variant *variant;
    char name[32];
    int ntypes;
    int total;        /* tiles including the start tile */
    int start_type;
    int ndecks;
    char deck_names[MAX_DECKS][24];
    int nattrs;
    char attr_names[MAX_ATTRS][32];
    int max_pieces;   /* pieces if every tile is placed */
    uint16_t link_kinds; /* kinds that take part in systems (find_link_kinds); others' systems are their features */
    uint64_t fingerprint;
    int nside_codes;        /* 0: too many for a table, test edges directly */
    int key_base;           /* nside_codes + 1 */
    /* Types whose fit-table rows fit the same keys share a fit class (17 to
     * 24 classes in the built-in sets); key_classes[key] has a bit per
     * class that fits the key at all. A frontier square keeps its key's
     * bits (carc_game.fcls), so listing tests sixteen squares a vector step
     * (tile_moves.c). fit_classes 0: more than 32 classes, squares tested
     * by key. */
    int fit_classes;
    uint8_t fit_class[MAX_TYPES];
    /* per type, the most rotations one entry of its fit-table row holds,
     * over the keys a square can have: the moves listing writes a fitting
     * square (tile_moves.c), 1 for a tile that looks the same every way */
    uint8_t fit_width[MAX_TYPES];
    /* per type, what listing by class needs besides: the left shift that
     * puts its class bit in a lane's sign, and the first 16 bytes of each
     * of its moves before the square and rotation are ORed in (kind TILE,
     * tile = type), read as one vector */
    uint8_t class_shift[MAX_TYPES];
    /* fit classes, and the CPU that read the set has AVX2 and BMI1: listing
     * by class takes tile_moves.c's AVX2 form, tile_moves_avx2 (1) for a
     * narrow set, tile_moves_avx2_wide (2) for a wide one */
    uint8_t avx2;
    _Alignas(16) uint64_t move_head[MAX_TYPES][2]; /* 16: a row is one vector (loaded unaligned all the same) */
    uint16_t side_codes[MAX_SIDE_CODES + 1];
    tile_type types[MAX_TYPES];
    uint8_t fit[MAX_TYPES][MAX_KEYS];
    uint32_t key_classes[MAX_KEYS];
    /* the variant's facts about this set (carc_variant.tileset_setup) */
    _Alignas(max_align_t) unsigned char vdata[CARC_VARIANT_TILESET_DATA_MAX];
    carc_allocator alloc; /* what carc_tileset_free gives it back to (set after parsing) */
};

/* ---- games -------------------------------------------------------------- */

enum partition { FEAT = 0, SYS = 1 };


typedef struct placed {
    int16_t x, y;
    uint8_t type, rot;
    uint16_t first_piece;
    uint16_t turn;
    uint8_t has_area; /* copied from the type: end_turn checks 9 squares every turn */
    uint8_t spare;
    uint32_t cell;    /* GRID_CELL(x, y): a copy clears and marks the grid by it */
} placed;
_Static_assert(sizeof(placed) == 16, "a placed tile is 16 bytes: its index shifted");

typedef struct figure {
    uint8_t owner, kind;
    int16_t piece; /* -1: in supply */
} figure;

typedef struct event_rec {
    uint16_t turn;
    uint8_t kind;      /* carc_event_kind */
    int8_t player;     /* -1: a completion that paid nobody */
    uint8_t category, reason;
    int16_t points;
    int16_t piece;     /* the feature's piece on this turn's tile, else its oldest; -1 if none */
    uint8_t tiles;     /* tiles the feature covered (saturating) */
    uint8_t complete;  /* bit 0: the feature was complete; EVENT_AT_END: see below */
} event_rec;

/* An event of final scoring about a feature of more than two pieces: its
 * piece is the feature's root, and its tiles and oldest piece are counted
 * when a reader asks (event_where, query.c). Nothing changes a game after
 * its final scoring, so the count is the same, and most games end without
 * anyone reading their log. */
#define EVENT_AT_END 2
/* The category of a completion nobody scored, asked of the variant when
 * the log is read (event_category, scoring.c). */
#define EVENT_ASK_CATEGORY 0xFF

enum hist_kind { H_MOVE = 1, H_DRAW = 2, H_TOKEN = 3, H_RESEED = 4, H_REPLACE = 5, H_REHIDE = 6 };

typedef struct hist_rec {
    uint8_t kind;
    uint8_t which;   /* deck or bag */
    uint8_t forced;  /* the draw was fixed by the caller; H_REPLACE: the tile put back */
    uint8_t pad;     /* H_REPLACE: 1 + the tile hidden in place of the named one (0: none) */
    union {
        carc_move move; /* H_MOVE */
        struct {
            uint16_t value;   /* tile type or token */
            uint16_t spare;
            uint32_t seed[2]; /* H_RESEED, low half first: two halves keep a record at 20 bytes */
        };
    };
} hist_rec;

static inline void hist_set_seed(hist_rec *h, uint64_t s)
{
    h->seed[0] = (uint32_t)s;
    h->seed[1] = (uint32_t)(s >> 32);
}
static inline uint64_t hist_seed(const hist_rec *h) { return (uint64_t)h->seed[1] << 32 | h->seed[0]; }

typedef struct deck {
    uint8_t left_n[NARROW_TILES]; /* a narrow game's remaining tile types, unordered */
    uint16_t nleft;
    uint8_t nforced, forced_head; /* the queue of fixed draws (draws.h) */
    uint8_t forced[MAX_FORCED];
    /* where its remaining tile types lie (deck_left), as bytes from this
     * record, a uint32_t in bytes so the record stays 262 bytes (below):
     * its own left_n in a narrow game, the tail in a wide one, with room
     * for every tile of the set. A game and its copies lay their blocks
     * out alike, so a copy of the record is right as it is */
    uint8_t left_at[4];
} deck;
_Static_assert(MAX_FORCED <= UINT8_MAX, "a queue of fixed draws counts in bytes");
/* The draw indexes a stack twice a turn: at 260 bytes GCC multiplies by
 * shifts and adds (three instructions), at 262 by one imul. */
_Static_assert(sizeof(deck) == 262, "deck size chosen for its multiply");
static inline uint8_t *deck_left(const deck *d)
{
    uint32_t at;
    memcpy(&at, d->left_at, sizeof at);
    return (uint8_t *)(uintptr_t)d + at;
}
/* Stack d's remaining tiles: room for every tile of the set. */
#define DECK_LEFT(g, d) deck_left(&(g)->decks[d])

/* A tile that left the game unplaced (carc_game.out). */
typedef struct out_rec {
    uint8_t type, reason, deck; /* reason: carc_removal */
} out_rec;

typedef struct bag {
    uint8_t count[CARC_MAX_TOKENS];
    uint8_t nforced, forced_head; /* the queue of fixed draws, as a stack's (draws.h) */
    uint8_t forced[MAX_FORCED_TOKENS];
    uint8_t held[CARC_MAX_PLAYERS][CARC_MAX_TOKENS]; /* tokens players have taken */
} bag;

/* Where a turn stands: its end can stop for decisions (a token pick while
 * scoring) and go on from the same feature. */
enum turn_stage { STAGE_PLAY = 0, STAGE_SCORING };

struct carc_game {
    /* --- region 1: the fixed part. A copy takes each region by its own
     * rule, written once in game.c (copying); a field goes where its rule fits --- */
    const carc_variant *orig;   /* the caller's variant, for identity and carc_game_variant */
    const carc_tileset *ts;
    int nplayers;
    uint64_t seed;
    uint64_t rng;
    int rules[32];

    int phase;          /* carc_phase */
    int player;
    int turn;
    int hand_valid;
    int hand;           /* drawn tile type */
    int turn_tile;      /* placed index of this turn's tile, -1 before */
    int turn_deck;      /* stack this turn draws from */
    int is_extra;
    int extra_deck;     /* granted extra turn's stack, -1 none */
    int action_pending;
    int action_first;   /* the open action phase comes before the figure step */
    int decider;        /* who decides in the open action phase, -1: the turn's player */
    int over;
    int stage;          /* enum turn_stage */
    /* the draw of a turn waits for the next listing or move (turn_enum):
     * a playout's scratch game, a save being replayed. Every game a caller
     * holds draws as its turn begins (carcassonne.h, turns) */
    int lazy_draw;
    /* the variant's majority figure kinds, read once (scoring_setup): as
     * bits; whether one of them is left out of feature occupancy; whether
     * occupancy also counts other kinds */
    unsigned majority;
    uint8_t majority_uncounted, majority_others;
    /* the figure step is plain: no figure_allowed hook, and every figure
     * kind kept off a feature by the figures on it alone (not free, not
     * system-scoped); 1 with no variant moves (figure_plain_moves lists
     * it), 2 with them (figure_plain_extra); 0 otherwise (turn_setup) */
    uint8_t figures_plain;
    /* a turn's draw is plain: no hands, a fit table, a narrow game, so the
     * common draw is draws_turn_quick's; with hands, the same but no
     * on_draw hook, so the common deal is hand_turn_quick's (both set at
     * the end of setup_game) */
    uint8_t draws_plain, hands_quick;
    int ndone, done_next;
    uint16_t turn_shut; /* the turn tile's features with every side against a neighbour (tile_type.shut) */
    /* the last placed tile's four neighbours as its grid holds them, side
     * k at bits 8k in a narrow game (a byte: placed index + 1, 0: none), at
     * bits 16k in a wide one (carc_game.cells: above 0 a tile): board_place
     * reads them, the joins reuse them */
    uint64_t place_around;
    uint16_t done[MAX_DONE]; /* features completed this turn, scored in order */

    /* hands (carc_set_hand): size 0 means one tile drawn per turn */
    int hand_size;
    int hand_removed;   /* tiles to take out face up before the first deal */
    int dealt;
    uint8_t nheld[CARC_MAX_PLAYERS];
    uint8_t held[CARC_MAX_PLAYERS][CARC_MAX_HAND];

    /* tiles that left the game unplaced, with a carc_removal reason */
    int nout;
    int draw_out;       /* out-list entries from here on were hidden by this turn's draw */

    int score[CARC_MAX_PLAYERS];
    int cat[CARC_MAX_PLAYERS][CARC_MAX_CATEGORIES];
    uint8_t supply[CARC_MAX_PLAYERS][CARC_MAX_FIGURE_KINDS];

    int nfigures;
    uint8_t fig_first[CARC_MAX_PLAYERS]; /* each player's first figure: a player's figures are side by side */
    figure figs[MAX_FIGURES];

    bag bags[CARC_MAX_BAGS];

    int nfrontier;
    int ntiles;
    /* tiles with an area feature (monastery) not yet surrounded, so the end
     * of a turn checks only those near the new tile; -1 count: too many,
     * scan the 3x3 block instead */
    int narea;
    uint16_t area_tiles[32];
    /* FPOS of each with the sign bits flipped, for a cheap test of nearness;
     * read four at a time with unaligned loads, so 4-byte aligned is enough */
    uint32_t area_pos[32];

    int nevents;
    int nawards;        /* events that are point awards: what carc_game_event() lists */
    int nhist;
    int npieces;

    /* --- region 2: the tile set's stacks, the variant's state, the vtable --- */
    deck decks[MAX_DECKS];
    _Alignas(16) unsigned char vstate[CARC_VARIANT_STATE_MAX];
    /* the variant's vtable, normalised (members an older struct lacks
     * zeroed, the const form of each hook that reads the game set): every
     * hook is read from here */
    carc_variant vt;

    /* --- region 3: the board's arrays for a narrow game (a tile set of at
     * most NARROW_TILES tiles: every set the library has), used up to the
     * counts above. Members, at fixed offsets from the game, since the hot
     * paths index them on every placement and listing: through pointers
     * they cost base thousands of instructions a game (docs/performance.md,
     * "Sets of up to 1,020 tiles"). A wide game leaves them
     * unused and keeps its arrays in the tail (region 6) --- */
    placed tiles_n[NARROW_TILES];
    uint64_t fpos_n[NARROW_FRONTIER];
    uint16_t fkey_n[NARROW_FRONTIER];
    uint16_t fcell_n[NARROW_FRONTIER]; /* a narrow torus has at most 16,384 cells */

    /* --- region 4: a narrow game's fit classes of each square's key
     * (key_classes), read 16 or 32 squares at a time; past nfrontier always
     * 0, so a block read past the end finds no class there --- */
    /* 16: the SSE2 form reads it with aligned 16-byte loads; the AVX2 form
     * reads 32 bytes unaligned, since a game block is only as aligned as
     * the allocator's max_align_t (16 on x86-64) */
    _Alignas(16) uint32_t fcls_n[NARROW_FRONTIER];

    /* --- region 6: where the board's arrays are, and the other arrays of
     * the block's tail, sized by the game's tile set when the block is made
     * (game_layout, game.c). Set by creation and clone, never copied. Each
     * is used up to its count above. The hot paths come in a narrow and a
     * wide copy, and read the board's arrays by G_TILE and the like; the
     * rest of the library reads them through these pointers, which a
     * narrow game points at its members --- */
    uint8_t wide;       /* more tiles than NARROW_TILES: the arrays below are in the tail */
    placed *tiles;      /* ntiles */
    /* FPOS(x, y) << 32: the first 8 bytes of a move at the square,
     * little-endian, with kind and rotation 0 (FRONTIER_POS) */
    uint64_t *fpos;     /* nfrontier */
    uint16_t *fkey;     /* nfrontier: fit-table key of each square */
    uint32_t *fcell;    /* nfrontier: grid cell of each square (a wide game's; a narrow one's is fcell_n, NULL here) */
    /* the fit classes (region 4), up to the frontier's capacity (a wide
     * game's FRONTIER_CAP, 64-byte aligned in its tail) */
    uint32_t *fcls;
    /* the board's torus, grid_mask + 1 cells (GRID_CELL), and its skew, by
     * the tile set (board_geometry); rebuilt by a copy from the tile and
     * frontier lists (fcell). A narrow game has two grids of a byte a
     * cell: placed index + 1 (0: empty) and frontier index + 1 (0: not in
     * the frontier). Through pointers, the two grids cost base about 600
     * instructions a game more than members did (docs/performance.md) and
     * save it 24 KiB. A wide game, whose indices pass a byte, has one grid
     * of 16 bits, the same bytes: placed index + 1 for a tile, -(frontier
     * index + 1) for a square of the frontier, 0 for neither */
    uint8_t *grid, *fgrid;
    int16_t *cells;
    unsigned grid_k, grid_mask;
    out_rec *out;       /* nout */
    event_rec *events;  /* event_cap */
    uint16_t *award_at; /* event_cap: the event of each award, for carc_game_event() */
    hist_rec *hist;     /* hist_cap */
    int hist_cap, event_cap; /* HIST_CAPACITY and EVENT_CAPACITY of the tile set's tiles */
    /* the most history records a move of the narrow copy of the hot paths
     * may start at: hist_cap - HIST_RESERVE (room for the move and the
     * draws it may cause), or -1 for a wide game. One test, which a move
     * makes anyway, sends both a full history and a wide game on to the
     * other copy */
    int narrow_room;
    /* kept only for tile sets without a fit table (NULL otherwise): each
     * square's requirement as a mask and value over the 12 slot letters */
    uint64_t *fmask, *fval;
    size_t block_bytes; /* the whole block, for giving it back */

    /* --- region 7, not copied: each game keeps the allocator it was made
     * with (a clone takes its original's) and is given back to it --- */
    carc_allocator alloc;

    /* --- region 8: the pieces, as many as the features of all the tile
     * set's tiles (tileset.max_pieces), not the 12,240 the largest set may
     * have. Last, so that its place is fixed and it is indexed from the
     * game itself like a member (reached through a pointer like the other
     * tail arrays, they cost The Discovery 3.4% more instructions a game,
     * most of it in the figure step's listing); used up to npieces. 32 bytes
     * each, at a 16-byte boundary only: a game block is only as aligned as
     * malloc's (or a caller's allocator's) blocks, and the compiler must
     * not assume more (issue 25's rotation-table crash) --- */
    piece pieces[];
};

/* A narrow game's block, with its tail, stays within 126 KiB for the
 * largest narrow tile set (game.c asserts it): sanitizer builds (ASan, the fuzzers) then
 * serve it from their size-class allocator instead of mapping fresh pages
 * for every game, clone and projection, which made the loader fuzzer four
 * times slower. */
_Static_assert(sizeof(hist_rec) == 20, "a history record is 20 bytes");

#include "rng.h"

/* alloc.c */
/* The allocator a NULL carc_allocator pointer stands for: malloc and free. */
extern const carc_allocator alloc_default;
/* Checks a caller's allocator (NULL: the default) and copies it into *out. */
int alloc_take(const carc_allocator *in, carc_allocator *out);
static inline void *mem_alloc(const carc_allocator *a, size_t size) { return a->alloc(a->user, size); }
void *mem_zalloc(const carc_allocator *a, size_t size); /* zeroed */
static inline void mem_release(const carc_allocator *a, void *p, size_t size)
{
    if (p) a->release(a->user, p, size);
}
/* Blocks hold 16-byte vectors (carc_game.fcls, carc_tileset.move_head):
 * an allocator's blocks are aligned as malloc's are, which must do where
 * the SSE2 and AVX2 forms read them (x86-64: max_align_t is 16). wasm32's
 * max_align_t is 8 and it has none of those forms (its loads take any
 * address), so there the members' alignment is layout only. */
#if defined(__SSE2__)
_Static_assert(_Alignof(struct carc_game) <= _Alignof(max_align_t) &&
                   _Alignof(struct carc_tileset) <= _Alignof(max_align_t),
               "a game or tile set needs no more alignment than an allocator gives");
#endif

/* tileset.c */
int tileset_parse(const carc_variant *v, const char *text, size_t len, carc_tileset *ts, char *err, size_t cap);
/* parses v->tiles into a block of allocator a */
int tileset_builtin(const carc_variant *v, const carc_allocator *a, carc_tileset **out);
void tile_type_derive(const carc_variant *v, tile_type *t); /* a tile read and checked: its tables */
void tileset_derive(carc_tileset *ts, const char *letters); /* every tile read: the set's tables */

/* board.c */
/* The grid cell of frontier square i: a copy clears and marks the grid
 * by it. */
static inline unsigned frontier_cell(const carc_game *g, int i) { return g->wide ? g->fcell[i] : g->fcell_n[i]; }
/* The placed index of the tile at grid cell c, or -1; `wide`: g is wide
 * (carc_game.grid, cells). */
static inline int board_tile_in(const carc_game *g, int wide, unsigned c)
{
    if (wide) {
        const int v = g->cells[c];
        return (v > 0 ? v : 0) - 1;
    }
    return (int)g->grid[c] - 1;
}
/* Whether grid cell c holds a tile. */
static inline int board_has_tile(const carc_game *g, int wide, unsigned c)
{
    return wide ? g->cells[c] > 0 : g->grid[c] != 0;
}
/* The placed index of the tile whose cell (x, y) has, or -1: the grid
 * wraps, so the caller checks the tile's own square. */
static inline int board_at(const carc_game *g, int x, int y) { return board_tile_in(g, g->wide, GRID_CELL(g, x, y)); }
/* The frontier index of square (x, y), or -1; *cell gets its cell, for
 * board_place. */
static inline int board_frontier_cell(const carc_game *g, int wide, int x, int y, unsigned *cell)
{
    const unsigned c = *cell = GRID_CELL(g, x, y);
    int i = wide ? -(int)g->cells[c] - 1 : (int)g->fgrid[c] - 1;
    return i >= 0 && FRONTIER_POS_W(g, wide, i) == FPOS(x, y) ? i : -1;
}
/* Places a tile on (x, y), at grid cell `cell`, frontier square fi of the
 * game (-1: none, only for the start tile); returns its placed index. */
int board_place(carc_game *g, int wide, int type, int rot, int x, int y, unsigned cell, int fi);
int board_fits(const carc_game *g, int wide, int fi, int type, int rot);
int board_any_fit_edges(const carc_game *g, int type); /* board_any_fit without a fit table */
/* Whether tile `type` fits anywhere: asked at every draw. The newest
 * squares, at the end of the list, have the fewest neighbours and so fit
 * the most tiles: looked at first, a fitting square turns up after about
 * one and a half squares instead of three and a third (base game). */
static inline int board_any_fit_table(const carc_game *g, int wide, int type)
{
    const uint8_t *fit = g->ts->fit[type];
    for (int i = g->nfrontier - 1; i >= 0; i--)
        if (fit[G_FKEY_AT(g, wide, i)]) return 1;
    return 0;
}
static inline int board_any_fit(const carc_game *g, int type)
{
    if (!g->ts->nside_codes) return board_any_fit_edges(g, type);
    /* through the pointer, which reaches either game's keys */
    const uint8_t *fit = g->ts->fit[type];
    const uint16_t *key = g->fkey;
    for (int i = g->nfrontier - 1; i >= 0; i--)
        if (fit[key[i]]) return 1;
    return 0;
}
/* The 8 grid cells around cell `cell`, row by row (above, beside, below). */
static inline void board_ring(const carc_game *g, unsigned cell, unsigned ring[8])
{
    const unsigned k = g->grid_k, m = g->grid_mask;
    ring[0] = (cell - k - 1) & m, ring[1] = (cell - k) & m, ring[2] = (cell - k + 1) & m, ring[3] = (cell - 1) & m;
    ring[4] = (cell + 1) & m, ring[5] = (cell + k - 1) & m, ring[6] = (cell + k) & m, ring[7] = (cell + k + 1) & m;
}
/* The torus for a tile set of n tiles: grid_k and grid_mask, and the
 * cells, M (board.c). */
unsigned board_geometry(int n, unsigned *k);
int board_neighbours(const carc_game *g, unsigned cell); /* placed tiles among the 8 around grid cell `cell` */
/* Whether all 8 squares around grid cell `cell` hold a tile, stopping at
 * the first empty one (a monastery looked at is most often not surrounded
 * yet). Inline: the end of a turn asks it without making a call. */
static ALWAYS_INLINE int board_surrounded(const carc_game *g, int wide, unsigned cell)
{
    unsigned r[8];
    board_ring(g, cell, r);
    if (wide) {
        const int16_t *c = g->cells;
        return c[r[0]] > 0 && c[r[1]] > 0 && c[r[2]] > 0 && c[r[3]] > 0 && c[r[4]] > 0 && c[r[5]] > 0 &&
               c[r[6]] > 0 && c[r[7]] > 0;
    }
    return g->grid[r[0]] && g->grid[r[1]] && g->grid[r[2]] && g->grid[r[3]] && g->grid[r[4]] && g->grid[r[5]] &&
           g->grid[r[6]] && g->grid[r[7]];
}

/* features.c */
/* The root of a piece's feature, or of its system (a feature joined by
 * link= to others; for kinds that never take part in a link the two are
 * the same, and only the feature partition is kept).
 * Every piece names its root: unions relabel the smaller set. */
static inline int feat_find(const carc_game *g, int p) { return g->pieces[p].parent[FEAT]; }
/* Whether pieces of `kind` take part in systems, given a tile set's link_kinds. */
static inline int in_systems(unsigned link_kinds, int kind) { return link_kinds >> kind & 1; }
static inline int sys_part(const carc_game *g, int p)
{
    return in_systems(g->ts->link_kinds, g->pieces[p].kind) ? SYS : FEAT;
}
static inline int sys_find(const carc_game *g, int p) { return g->pieces[p].parent[sys_part(g, p)]; }
/* Hangs the smaller of two roots of partition w of `ps` under the larger
 * (a's on a tie), relabelling the smaller's members, and joins their member
 * lists. Returns the root kept; *gone gets the other. Also used on a tile
 * type's piece templates when the tile set is read. */
static inline int pieces_link(piece *ps, int w, int a, int b, int *gone)
{
    if (ps[a].size[w] < ps[b].size[w]) {
        int t = a;
        a = b;
        b = t;
    }
    int p = b;
    do {
        ps[p].parent[w] = (uint16_t)a;
        p = ps[p].next[w];
    } while (p != b);
    ps[a].size[w] = (uint16_t)(ps[a].size[w] + ps[b].size[w]);
    uint16_t t = ps[a].next[w];
    ps[a].next[w] = ps[b].next[w];
    ps[b].next[w] = t;
    *gone = b;
    return a;
}
/* The words of a bit set of every piece a game may have: 192, since
 * 12,240 is not a whole number of words. */
#define PIECE_WORDS ((MAX_PIECES + 63) / 64)
/* Clears the words of a bit set of g's pieces (PIECE_WORDS words,
 * 1.5 KiB) that its pieces use: 1,024 pieces' worth, a few vector stores,
 * for every narrow set the library has, else as many as it takes. */
static inline void pieces_clear(uint64_t *seen, const carc_game *g)
{
    if (g->npieces <= 1024)
        memset(seen, 0, 1024 / 8);
    else
        memset(seen, 0, ((size_t)g->npieces + 63) / 64 * sizeof seen[0]);
}
/* Marks piece r in a bit set of the game's pieces (pieces_clear);
 * returns whether it was not marked yet. */
static inline int first_sight(uint64_t *seen, int r)
{
    uint64_t bit = (uint64_t)1 << (r & 63);
    if (seen[r >> 6] & bit) return 0;
    seen[r >> 6] |= bit;
    return 1;
}
void feat_add_tile(carc_game *g, int wide, int ti); /* wide: g->wide, passed by the hot paths as a constant */
int feat_tiles(const carc_game *g, int root);
int feat_tiles_lowest(const carc_game *g, int root, int *lowest); /* also the feature's lowest piece */
int feat_attr(const carc_game *g, int root, int attr);       /* the members' sum of attribute attr (exact) */
int feat_complete(const carc_game *g, int root);
void feat_occ_add(carc_game *g, int fig, int delta);

/* Places a figure of kind `kind` of `player` from supply on piece p (all
 * valid): the lowest id of that kind in supply, looked for among the
 * player's own figures; returns its id, or -1 if none is in supply. */
static inline int figure_put(carc_game *g, int player, int kind, int p)
{
    for (int i = g->fig_first[player]; i < g->nfigures && g->figs[i].owner == player; i++) {
        figure *f = &g->figs[i];
        if (f->kind == kind && f->piece < 0) {
            f->piece = (int16_t)p;
            g->supply[player][kind]--;
            feat_occ_add(g, i, 1);
            return i;
        }
    }
    return -1;
}

/* Sends figure f, standing on the board, home to its owner's supply. */
static inline void figure_return(carc_game *g, int f)
{
    feat_occ_add(g, f, -1);
    g->supply[g->figs[f].owner][g->figs[f].kind]++;
    g->figs[f].piece = -1;
}

/* game.c */
/* carc_game_new without the first turn's draw (a save being loaded makes
 * it as its text says) */
int game_create(const carc_game_options *opts, carc_game **out);

/* setup.c */
int setup_game(carc_game *g);  /* stacks, figures, start tile, the variant's setup */
void setup_clear(carc_game *g); /* back to before setup_game: the options and variant kept, and the history's
                                  records (not its count) */

/* turn.c */
void turn_setup(carc_game *g); /* after the variant is in place */
int turn_enum(carc_game *g, carc_move *buf, size_t cap, size_t *count);
int game_apply(carc_game *g, const carc_move *m);
/* plays move m, which the library listed for g's position just now (a
 * playout's), without checking it again */
int turn_apply_listed(carc_game *g, const carc_move *m);

/* draws.c (and draws.h, what the turn inlines) */
int game_resolve(carc_game *g); /* performs the pending draw of a turn, if any */
int draws_record(carc_game *g, const hist_rec *h);
int draws_tile(carc_game *g, int d);
int replace_drawn(carc_game *g, int tile, int hide); /* hide: the pick of a rehide, -1 at random */
int deck_queue(carc_game *g, int tile);
int rehide(carc_game *g, int tile, int d, int *hidden); /* *hidden: -1 to choose at random */
int draws_reserve(const carc_game *g);
void draws_out(carc_game *g, int type, int reason);
void draws_out_from(carc_game *g, int type, int reason, int deck);
static inline int hand_mode(const carc_game *g) { return g->hand_size > 0 && !g->is_extra; }

/* tile_moves.c */
/* tile_moves when tileset.avx2 is 1 and cap >= 4 * nfrontier */
size_t tile_moves_avx2(const carc_game *g, int type, carc_move *buf);
/* tile_moves in the other cases */
size_t tile_moves_other(const carc_game *g, int type, carc_move *buf, size_t cap);
/* Writes the placements of tile `type` (up to cap) and returns how many
 * there are. Inline, so the common case (AVX2, room for four moves a
 * square) calls its listing directly. */
static inline size_t tile_moves(const carc_game *g, int type, carc_move *buf, size_t cap)
{
#if CARC_AVX2
    if (g->ts->avx2 == 1 && cap >= 4 * (size_t)g->nfrontier) return tile_moves_avx2(g, type, buf);
#endif
    return tile_moves_other(g, type, buf, cap);
}

/* movetext.c */
int move_text(const carc_game *g, const carc_move *m, char *out, size_t cap); /* snprintf-like; -1 if not expressible */
int move_from_words(const carc_game *g, const char *const *words, int n, carc_move *m);
int text_int(const char *s, long lo, long hi, long *out);

/* scoring.c */
void scoring_log(carc_game *g, int kind, int player, int points, int category, int reason, int feature);
void scoring_log_unscored(carc_game *g, int root); /* a completed feature nobody scored */
int scoring_event_category(const carc_game *g, int piece); /* for EVENT_ASK_CATEGORY */
void scoring_final(carc_game *g);
void scoring_setup(carc_game *g); /* after the variant is in place */
int scoring_points(const carc_game *g, int root, int final, int *cat);

/* registry.c */
int builtin_count(void);
const carc_variant *builtin_at(int i);
/* Whether a variant struct (maybe built against an older header) has a member. */
#define VARIANT_HAS(v, member) ((v)->struct_size >= offsetof(carc_variant, member) + sizeof((v)->member))
int variant_check(const carc_variant *v);
/* variant_check.c: the same naming the first fault in err; _all also parses the tile set */
int variant_check_why(const carc_variant *v, char *err, size_t cap);
int variant_check_all(const carc_variant *v, const carc_allocator *a, char *err, size_t cap);
/* Which of the library's own variants v is, or -1 (their tests check each
 * of them, so a game of one skips variant_check). */
int builtin_index(const carc_variant *v);
/* Built-in variant `index`'s tile set, parsed on first use and shared; NULL
 * for index -1 or if it could not be read (no memory). */
const carc_tileset *builtin_tileset(int index);
void variant_normalise(const carc_variant *v, carc_variant *out);

#endif
