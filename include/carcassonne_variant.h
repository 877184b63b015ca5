/**
 * @file carcassonne_variant.h
 * @brief Writing a ruleset: the variant vtable and the calls a variant may make.
 *
 * A variant is a constant ::carc_variant struct: its tile set as text, the
 * feature kinds and figure kinds of its game, and hooks the core calls at
 * fixed points of a turn. Every built-in ruleset is written against this
 * header alone, so a third party can write one the same way and add it with
 * carc_registry_add().
 *
 * ### Vocabulary
 * - A **piece** is one feature of one placed tile (`c1` of the tile at (2,0)).
 *   Pieces are numbered from 0 in placement order and never change.
 * - A **feature** is a set of connected pieces (a whole city), named by
 *   its root piece: carc_feature_of() gives it. A root stops being a root
 *   when its feature merges with another, so do not keep feature ids across
 *   tile placements; keep pieces.
 * - A **system** is a coarser grouping: pieces joined across tile edges or by
 *   a `link=` inside a tile (rivers through lakes, for instance).
 *
 * ### Hook order in a turn
 * draw (`on_draw`, made as soon as the turn before ends, inside the move
 * that ends it; the first turn's when the game is made, after `setup`) →
 * tile placed (`on_tile_placed`, may open an action
 * phase that comes before the figure step) → figure step: core
 * figure placements filtered by `figure_allowed`, plus `extra_moves`, applied by
 * core or `apply_move` → `after_figure` (may open ::CARC_PHASE_ACTION, whose
 * moves come from `extra_moves` and go to `apply_move`) → completed features
 * (`on_completed`, default carc_score_feature()) → `end_of_turn` → next
 * turn. When the main stack is empty at a draw: `final_scoring`, then game
 * over.
 *
 * `on_tile_placed`, `after_figure` and `on_completed` may each open the
 * action phase (carc_set_action_pending()): the turn then waits for
 * decisions (listed by `extra_moves`, applied by `apply_move`) and goes on
 * from where it stopped once the variant closes the phase. An action opened
 * by `on_completed` (a tied player picking a harvest token) may be decided
 * by another player than the one whose turn it is
 * (carc_turn_set_decider()); the next completed feature is scored after it.
 *
 * Hooks run inside the library: they must not call carc_game_apply() or
 * other top-level game functions, only the calls of this header and the
 * read-only queries of carcassonne.h. The hooks the library calls while it
 * answers a query (`figure_allowed`, `extra_moves`, `feature_points`,
 * `view_value`) and `break_tie` must not change the game; since 0.3.0 each
 * has a form taking a `const` game (`figure_allowed_const` and so on). Hook state lives in the per-game
 * buffer of `state_size` bytes (carc_variant_state()), which is copied with
 * the game, so a variant keeps no state of its own.
 *
 * ### Bad arguments
 * The calls of this header answer an argument out of range (a piece, tile, figure,
 * player, stack, bag or token id that does not exist in the game, a NULL
 * game) with a fixed neutral value and change nothing, so a hook can ask
 * about a neighbour that may be missing without a test first:
 * - calls answering an id, a kind or a side count answer -1
 *   (carc_tile_type(), carc_tile_first_piece(), carc_type_feature_kind(),
 *   carc_attr_index() for an unknown name, carc_piece_tile(),
 *   carc_piece_local(), carc_piece_kind(), carc_piece_across(),
 *   carc_feature_of(), carc_feature_kind(), carc_feature_open(),
 *   carc_system_of(), carc_figure_piece(), carc_figure_owner(),
 *   carc_figure_kind(), carc_figure_move(), carc_figure_place(),
 *   carc_turn_player(), carc_deck_index(), carc_deck_discard(),
 *   carc_bag_draw());
 * - calls answering a count, a sum, a mask or a yes/no answer 0
 *   (carc_rule(), carc_type_feature_count(), carc_type_kind_features(),
 *   carc_type_attr_features(), carc_piece_attr(), carc_piece_borders(),
 *   carc_piece_links(), carc_tile_neighbours(), carc_feature_complete(),
 *   carc_feature_tiles(), carc_feature_attr(), carc_feature_pieces(),
 *   carc_feature_borders(), carc_system_pieces(), carc_score_feature(),
 *   carc_feature_followers(), carc_turn_is_extra(), carc_deck_left(),
 *   carc_bag_count(), carc_bag_give(), carc_player_tokens()), and
 *   carc_variant_state() answers NULL;
 * - calls that change the game do nothing (carc_figure_return(),
 *   carc_award(), carc_set_action_pending(), carc_set_action_player(),
 *   carc_grant_extra_turn(), carc_bag_return()).
 *
 * An attribute index of -1, what carc_attr_index() answers for an
 * attribute the tile set lacks, is not a mistake: the attribute is 0
 * everywhere. The newer calls return a ::carc_status instead
 * (carc_set_hand(), carc_turn_set_decider(), carc_turn_grant_extra()).
 *
 * A library configured with `meson setup -Dplugin_checks=true` stops the
 * program at such a call instead (a message on stderr naming the call and
 * the value, then abort()), to find a ruleset's mistakes while writing it.
 * Release builds never do.
 */
#ifndef CARCASSONNE_VARIANT_H
#define CARCASSONNE_VARIANT_H

#include <stddef.h>

#include "carcassonne.h"

#ifdef __cplusplus
extern "C" {
#endif

/** ABI version of ::carc_variant this header describes. */
#define CARC_VARIANT_ABI 1
/** Longest name (variant, kind, figure, category, option, bag, token) in bytes: printable, no spaces. */
#define CARC_NAME_MAX 63
/** Most bytes of per-game variant state. */
#define CARC_VARIANT_STATE_MAX 512
/** Most bytes a variant keeps with each tile set (carc_variant.tileset_data_size). */
#define CARC_VARIANT_TILESET_DATA_MAX 256
/** Most feature kinds a variant may declare. */
#define CARC_MAX_KINDS 16
/** Most figure kinds a variant may declare. */
#define CARC_MAX_FIGURE_KINDS 4
/** Most scoring categories a variant may declare. */
#define CARC_MAX_CATEGORIES 12
/** Most bags (token draws) a variant may declare. */
#define CARC_MAX_BAGS 2
/** Most token kinds in one bag. */
#define CARC_MAX_TOKENS 8
/** Most tiles in a player's hand (carc_set_hand()). */
#define CARC_MAX_HAND 4

/** Flags of a feature kind. */
enum carc_kind_flags {
    CARC_KIND_MARKER = 1u << 0,   /**< A drawing on the tile, not a feature: no figure, never scored
                                       (hill, vineyard). */
    CARC_KIND_AREA = 1u << 1,     /**< Complete when all 8 surrounding squares hold tiles (monastery). */
    CARC_KIND_SCORED = 1u << 2,   /**< Scored by the default rules when completed during play. */
    CARC_KIND_FINAL = 1u << 3     /**< Scored by the default final scoring when the game ends. */
};

/** A feature kind: the name used in the tile set and its flags. */
typedef struct carc_kind_desc {
    const char *name;  /**< Kind name in tile data, e.g. `"city"`. */
    unsigned flags;    /**< ::carc_kind_flags. */
} carc_kind_desc;

/** Flags of a figure kind. */
enum carc_figure_flags {
    CARC_FIG_MAJORITY = 1u << 0, /**< Counts for the majority when its feature is scored (a follower). */
    CARC_FIG_STAYS = 1u << 1,    /**< Not sent home when its feature is scored during play. */
    CARC_FIG_SYSTEM = 1u << 2,   /**< Blocking is checked over the whole system, not the feature. */
    CARC_FIG_FREE = 1u << 3      /**< Never blocked by figures already on its feature or system, and
                                      blocks nothing: `figure_allowed` alone decides (a stable). */
};

/** A figure kind each player owns some of. */
typedef struct carc_figure_desc {
    const char *name;     /**< E.g. `"follower"`, `"shepherd"`, `"hut"`. */
    unsigned per_player;  /**< How many each player owns. */
    unsigned kinds;       /**< Bit k set: may stand on feature kind k. */
    unsigned block_class; /**< 0..3: cannot be placed where a figure of the same class already stands. */
    unsigned flags;       /**< ::carc_figure_flags. */
} carc_figure_desc;

/** A ruleset option: a named integer with a range. */
typedef struct carc_option_desc {
    const char *name;  /**< E.g. `"hills"`. */
    const char *help;  /**< One line describing it. */
    int min_value;     /**< Smallest value. */
    int max_value;     /**< Largest value. */
    int default_value; /**< Value when the caller says nothing. */
} carc_option_desc;

/** A bag of tokens drawn at random and put back (e.g. sheep and wolves). */
typedef struct carc_bag_desc {
    const char *name;                              /**< Bag name, e.g. `"sheep"`. */
    unsigned token_count;                          /**< Token kinds in the bag. */
    const char *token_names[CARC_MAX_TOKENS];      /**< Name of each token kind. */
    unsigned initial[CARC_MAX_TOKENS];             /**< How many of each at the start. */
} carc_bag_desc;

/** What the words after an action's name stand for (::carc_action_desc, move text). */
enum carc_action_args {
    CARC_ARG_TARGET = 1u << 0,  /**< the move's `target` (a figure id, a token kind...) */
    CARC_ARG_SQUARE = 1u << 1,  /**< the move's `x` and `y` (a square on the board) */
    CARC_ARG_FEATURE = 1u << 2  /**< the move's `feature`, as the feature id of the tile at (`x`,`y`) */
};

/** An ACTION move of a variant: its code, the name it has in move text, its arguments. */
typedef struct carc_action_desc {
    unsigned code;      /**< The move's `action` field. */
    const char *name;   /**< One word, e.g. `"grow"` or `"shaman-return"`. */
    unsigned args;      /**< ::carc_action_args: which fields follow the name, in the order target, x y, feature. */
    const char *help;   /**< One line describing it. */
} carc_action_desc;

/**
 * A public quantity of a game of the variant (a view), read by
 * carc_game_view(): the sheep beside each shepherd, the animals a trap
 * covered, the tokens a tied field still has to share... `length` values
 * belong to each owner the shape names.
 */
typedef struct carc_view_desc {
    const char *name;   /**< One word, e.g. `"flock"`. */
    const char *help;   /**< One line saying what the values are. */
    int shape;          /**< A ::carc_view_shape. */
    int length;         /**< Values per owner (at least 1). */
} carc_view_desc;

/**
 * The variant vtable. New members are only ever appended; `struct_size`
 * tells the library which ones a variant compiled against an older header
 * has. Any hook may be NULL and then the default described beside it applies.
 */
struct carc_variant {
    uint32_t struct_size;   /**< `sizeof(carc_variant)` as compiled by the variant's author. */
    uint32_t abi;           /**< ::CARC_VARIANT_ABI. */
    const char *name;       /**< Short name, e.g. `"base"`. */
    const char *title;      /**< Human title. */
    int min_players;        /**< Fewest players. */
    int max_players;        /**< Most players (at most ::CARC_MAX_PLAYERS). */
    const char *tiles;      /**< Built-in tile set text (docs/tile-format.md). */
    size_t tiles_len;       /**< Its length in bytes. */
    const carc_kind_desc *kinds;      /**< Feature kinds (index = kind id). */
    int kind_count;                   /**< Number of kinds (at most ::CARC_MAX_KINDS). */
    const carc_figure_desc *figures;  /**< Figure kinds (index = figure kind id). */
    int figure_count;                 /**< Number of figure kinds (at most ::CARC_MAX_FIGURE_KINDS). */
    const char *const *categories;    /**< Scoring category names. */
    int category_count;               /**< Number of categories (at most ::CARC_MAX_CATEGORIES). */
    const carc_option_desc *options;  /**< Ruleset options. */
    int option_count;                 /**< Number of options. */
    const carc_bag_desc *bags;        /**< Token bags. */
    int bag_count;                    /**< Number of bags (at most ::CARC_MAX_BAGS). */
    size_t state_size;                /**< Bytes of per-game state (at most ::CARC_VARIANT_STATE_MAX). */

    /** After the start tile is placed. Initialise state. Return ::CARC_OK or an error that aborts creation. */
    int (*setup)(carc_game *g);
    /** A tile was drawn for the turn (before the check that it fits somewhere). */
    void (*on_draw)(carc_game *g, int tile_type);
    /** The turn's tile was placed and its features merged. */
    void (*on_tile_placed)(carc_game *g, int tile_index);
    /** Extra rule for a figure placement the core found legal. Return nonzero to allow. Default: allow. */
    int (*figure_allowed)(carc_game *g, int figure_kind, int piece);
    /**
     * Adds the variant's own moves (kind ::CARC_MOVE_ACTION, or ::CARC_MOVE_PASS
     * in the action phase) for the current phase. Writes at most `cap`
     * moves to `out` and returns how many there are in all: the number
     * written, or more when they did not fit. `cap` is 512 or the room left
     * in the caller's buffer, if that is more; when the count passes it,
     * carc_game_moves() reports ::CARC_E_BUFFER with the full count, so the
     * caller can list again with room for all. A count past 33,231 is
     * cut there, so that ::CARC_MAX_MOVES holds every listing. A hook that
     * returns only what it wrote is taken as it is, its moves past `cap`
     * dropped.
     */
    int (*extra_moves)(carc_game *g, carc_move *out, int cap);
    /**
     * Applies a move listed by `extra_moves`. Return ::CARC_OK or
     * ::CARC_E_ILLEGAL_MOVE (nothing changed). The core hands over only a
     * move found among the first 512 that `extra_moves` lists; when it
     * lists 512 or more, a move past them is handed over unchecked, and
     * this hook must refuse it if it was not listed.
     */
    int (*apply_move)(carc_game *g, const carc_move *m);
    /**
     * After the figure step (placement, pass or variant move `m`). May call
     * carc_set_action_pending() to ask the player for a further decision.
     */
    void (*after_figure)(carc_game *g, const carc_move *m);
    /**
     * Points for a feature: `final` is nonzero at game end. Sets `*category`.
     * Default: 1 per tile, category 0.
     */
    int (*feature_points)(carc_game *g, int feature, int final, int *category);
    /** Narrows a tie: `*winners` has a bit per tied leading player. Default: all tied players score. */
    void (*break_tie)(carc_game *g, int feature, unsigned *winners);
    /** A feature completed this turn. Default: carc_score_feature() if its kind has ::CARC_KIND_SCORED. */
    void (*on_completed)(carc_game *g, int feature);
    /** Last thing in a turn, after the completed features. */
    void (*end_of_turn)(carc_game *g);
    /** Game end. Default: carc_score_feature() for every feature of a ::CARC_KIND_FINAL kind. */
    void (*final_scoring)(carc_game *g);

    /* ---- appended in 0.2.0: the library reads them only when struct_size covers them ---- */

    /** The variant's ACTION moves by name (move text, saves). Unnamed codes print as numbers. */
    const carc_action_desc *actions;
    int action_count;                 /**< Entries in `actions`. */
    /** Public per-game quantities (carc_game_view()). */
    const carc_view_desc *views;
    int view_count;                   /**< Entries in `views`. */
    /**
     * Value `k` (0 .. length-1) of view `view` for `owner` (a seat, a figure
     * id, a placed tile index, a tile's feature as `tile_index *
     * ::CARC_VIEW_FEATURE_STRIDE + feature`, or 0, by the view's shape). The
     * library has checked the ranges. Returns the value.
     */
    int (*view_value)(carc_game *g, int view, int owner, int k);
    /** A colour to draw each feature kind with, `"#rrggbb"` (`kind_count` entries), or NULL. */
    const char *const *kind_colors;
    /**
     * Names of the values of each view, so that clients label them
     * (carc_variant_view_label()): `view_labels[i]` is NULL or an array of
     * `views[i].length` short names (a NULL entry: unnamed), e.g. the sheep
     * kinds a flock counts. The whole member may be NULL. Appended after
     * 0.2.0: the library reads it only when struct_size covers it.
     */
    const char *const *const *view_labels;

    /* ---- also appended after 0.2.0: the library reads them only when struct_size covers them ---- */

    /**
     * @name Hooks that only read the game
     * The hooks the library calls while it answers a query (listing moves,
     * a feature's points, a view) or decides a tie, taking a game they may
     * not change, so that every query is a pure read (of a `const` game,
     * from any number of threads at once). Each is used in place of the
     * hook of the same name without `_const`; a variant that sets only the
     * older one still works, and that hook must then not change the game
     * either.
     * @{
     */
    /** As `figure_allowed`. */
    int (*figure_allowed_const)(const carc_game *g, int figure_kind, int piece);
    /** As `extra_moves`. */
    int (*extra_moves_const)(const carc_game *g, carc_move *out, int cap);
    /** As `feature_points`. */
    int (*feature_points_const)(const carc_game *g, int feature, int final, int *category);
    /** As `break_tie`. */
    void (*break_tie_const)(const carc_game *g, int feature, unsigned *winners);
    /** As `view_value`. */
    int (*view_value_const)(const carc_game *g, int view, int owner, int k);
    /** @} */

    /**
     * @name Facts derived once from a tile set
     * What `setup` would otherwise work out at every game from the tile set
     * alone (attribute indices looked up by name, which tile types carry a
     * power) is the same for every game on that set. `tileset_setup` works
     * it out once, as the set is parsed, into `tileset_data_size` bytes that
     * the tile set keeps; each game reads them with
     * carc_variant_tileset_data(). A set is read-only once parsed, so games
     * on any number of threads share the bytes. Before it, `tileset_check`
     * says whether the variant can play the set at all, and if not, why.
     * @{
     */
    /** Bytes the tile set keeps for the variant (at most ::CARC_VARIANT_TILESET_DATA_MAX,
     *  aligned for any type); 0 for none. Needs `tileset_setup`. */
    size_t tileset_data_size;
    /** Fills `data` (`tileset_data_size` bytes, zeroed before the call) from tile
     *  set `ts`, which is complete and may be read with the carc_tileset_*()
     *  calls. Called once for each set parsed for this variant, including the
     *  built-in set and a set parsed into a game of its own, from the thread
     *  that parses it. Returns ::CARC_OK to accept the set; ::CARC_E_LIMIT
     *  refuses it as beyond a capacity of the variant's, and the parse fails
     *  with ::CARC_E_LIMIT; any other value refuses it, and the parse fails
     *  with ::CARC_E_INVALID. Either way the parse's error text gives the
     *  value only: a variant with limits of its own says which one a set is
     *  beyond in `tileset_check`, called first. Borrowed: `ts` and `data`
     *  only for the call. May be NULL when `tileset_data_size` is 0. */
    int (*tileset_setup)(const carc_tileset *ts, void *data);
    /** Whether the variant can play tile set `ts`, which is complete and
     *  may be read with the carc_tileset_*() calls; called before
     *  `tileset_setup`, as each set is parsed for this variant. Returns
     *  ::CARC_OK to go on; ::CARC_E_LIMIT for a set beyond a capacity of
     *  the variant's, and the parse fails with ::CARC_E_LIMIT; any other
     *  value refuses the set, and the parse fails with ::CARC_E_INVALID. On a
     *  refusal it writes one line into `why` (`why_cap` bytes, at least 64,
     *  NUL-terminated) naming the limit and the set's value, e.g.
     *  `"9 pit traps, at most 8"`, which the parse's message carries. Borrowed:
     *  `ts` and `why` only for the call. May be NULL. Appended in 0.3.0 after
     *  `tileset_setup`: the library reads it only when struct_size covers it. */
    int (*tileset_check)(const carc_tileset *ts, char *why, size_t why_cap);
    /** @} */
};

/** Size of a ::carc_variant as compiled against 0.1 headers: the smallest the library accepts. */
#define CARC_VARIANT_SIZE_V1 (offsetof(carc_variant, final_scoring) + sizeof(void (*)(carc_game *)))

/** @name Variant state and options
 *  The calls below never fail: a NULL game, or an index (tile, type,
 *  feature, piece, figure, player, stack, bag, token, attribute, kind, side)
 *  outside its range, is answered with -1 where the call names an id or a
 *  kind and 0 where it gives a count, a mask or a value, and a call that
 *  would change the game changes nothing (tests/core/test_core_plugin_guards.c).
 *  @{ */
/** The variant's per-game state buffer (`state_size` bytes, zeroed at creation); NULL for a NULL game. */
CARC_API void *carc_variant_state(carc_game *g);
/** The same buffer, to read: what the hooks that only read the game use
 *  (`figure_allowed_const` and the others). NULL if `g` is NULL. */
CARC_API const void *carc_variant_state_const(const carc_game *g);
/** The bytes the variant's `tileset_setup` derived from the tile set of game
 *  `g` (`tileset_data_size` of them), to read. Owned by the tile set, which
 *  outlives the game: valid while `g` is. NULL if `g` is NULL or the
 *  variant keeps no such bytes (`tileset_data_size` 0, or a variant built
 *  against a header older than the member). */
CARC_API const void *carc_variant_tileset_data(const carc_game *g);
/** Value of ruleset option `index` in this game. Returns 0 for a bad index. */
CARC_API int carc_rule(const carc_game *g, int index);
/** @} */

/** @name Tiles and pieces
 *  @{ */
/** Tile type of placed tile `tile_index`, or -1. */
CARC_API int carc_tile_type(const carc_game *g, int tile_index);
/** First piece of placed tile `tile_index`; its features are pieces first .. first+count-1 in
 *  tile-type order. -1 if none. */
CARC_API int carc_tile_first_piece(const carc_game *g, int tile_index);
/** Number of features of a tile type. */
CARC_API int carc_type_feature_count(const carc_game *g, int tile_type);
/** Kind id of feature `feature` of a tile type, or -1. */
CARC_API int carc_type_feature_kind(const carc_game *g, int tile_type, int feature);
/** The features of a tile type of kind `kind`, as a mask (bit i: feature i);
 *  0 for a bad type or kind. Kept per tile type when the tile set is read. */
CARC_API unsigned carc_type_kind_features(const carc_game *g, int tile_type, int kind);
/** Index of the attribute named `name` in this game's tile set (e.g. `"pennant"`, `"animals.deer"`), or -1. */
CARC_API int carc_attr_index(const carc_game *g, const char *name);
/** The features of a tile type whose attribute `attr` (carc_attr_index()) is
 *  above zero, as a mask (bit i: feature i); 0 for a bad type or attribute.
 *  Kept per tile type when the tile set is read, so a hook that acts on a
 *  placed tile's attributes asks once instead of once per feature. */
CARC_API unsigned carc_type_attr_features(const carc_game *g, int tile_type, int attr);
/** The index of the lowest set bit of `mask`, which must not be 0: the first
 *  feature of a mask from carc_type_kind_features() or
 *  carc_type_attr_features(), or the first entry of a variant's own bit set.
 *  Inline, so not a library symbol. */
static inline int carc_mask_first(unsigned mask)
{
#if defined(__GNUC__)
    return __builtin_ctz(mask);
#else
    int i = 0;
    while (!(mask >> i & 1)) i++;
    return i;
#endif
}
/** Placed tile a piece lies on, or -1. */
CARC_API int carc_piece_tile(const carc_game *g, int piece);
/** Feature index (within its tile type) of a piece, or -1. */
CARC_API int carc_piece_local(const carc_game *g, int piece);
/** Kind id of a piece, or -1. */
CARC_API int carc_piece_kind(const carc_game *g, int piece);
/** Value of attribute `attr` on a piece (0 if absent). */
CARC_API int carc_piece_attr(const carc_game *g, int piece, int attr);
/** Bit mask of the features of the same tile this piece borders (`borders=` in tile data). */
CARC_API unsigned carc_piece_borders(const carc_game *g, int piece);
/** Bit mask of the features of the same tile this piece is linked to (`link=` in tile data). */
CARC_API unsigned carc_piece_links(const carc_game *g, int piece);
/**
 * The piece a piece is joined to across side `side` (0 north, 1 east, 2
 * south, 3 west) of its tile: the neighbour's feature on the facing slots,
 * or -1 if the piece does not reach that side or no tile lies there. Lets a
 * ruleset walk a road or path tile by tile.
 */
CARC_API int carc_piece_across(const carc_game *g, int piece, int side);
/** Number of the 8 squares around placed tile `tile_index` that hold tiles (0..8). */
CARC_API int carc_tile_neighbours(const carc_game *g, int tile_index);
/** @} */

/** @name Features and systems
 *  @{ */
/** The feature (root piece) a piece belongs to, or -1. */
CARC_API int carc_feature_of(const carc_game *g, int piece);
/** Kind id of a feature. */
CARC_API int carc_feature_kind(const carc_game *g, int feature);
/** Open edge sides of a feature (0 = closed; -1 for a piece id that does not exist, which earlier
 *  versions answered with 0). */
CARC_API int carc_feature_open(const carc_game *g, int feature);
/** Whether the feature is complete: closed, or for an area kind all 8 neighbours present. */
CARC_API int carc_feature_complete(const carc_game *g, int feature);
/** Distinct tiles the feature covers. */
CARC_API int carc_feature_tiles(const carc_game *g, int feature);
/** Sum of attribute `attr` over the feature's pieces, exact (each piece holds 0..255, so
 *  the sum is at most 255 times the pieces; 0 for a bad feature or attribute). Added up
 *  over the pieces on each call. */
CARC_API int carc_feature_attr(const carc_game *g, int feature, int attr);
/** Writes up to `cap` pieces of the feature to `out`; returns how many there are in all. */
CARC_API int carc_feature_pieces(const carc_game *g, int feature, int *out, int cap);
/**
 * The features of kind `kind` that feature `feature` borders (`borders=` in
 * tile data, on any of its tiles), such as the cities a farm touches: writes
 * up to `cap` of them to `out` (may be NULL), each once as its root piece,
 * in the order the feature's pieces meet them. Returns how many there are in
 * all; 0 for a bad feature or kind.
 */
CARC_API int carc_feature_borders(const carc_game *g, int feature, int kind, int *out, int cap);
/** The system (root piece) a piece belongs to, or -1. */
CARC_API int carc_system_of(const carc_game *g, int piece);
/** Writes up to `cap` pieces of the system to `out`; returns how many there are in all. */
CARC_API int carc_system_pieces(const carc_game *g, int system, int *out, int cap);
/** @} */

/** @name Figures
 *  Figure ids are those of carc_game_figure().
 *  @{ */
/** Piece the figure stands on, or -1 when in supply. */
CARC_API int carc_figure_piece(const carc_game *g, int figure);
/** Owner seat of a figure, or -1. */
CARC_API int carc_figure_owner(const carc_game *g, int figure);
/** Figure kind of a figure, or -1. */
CARC_API int carc_figure_kind(const carc_game *g, int figure);
/**
 * Moves a figure standing on the board to another piece (a hike), keeping
 * its id; occupancy follows it. Returns 0, or -1 if the figure is in supply
 * or an argument is out of range.
 */
CARC_API int carc_figure_move(carc_game *g, int figure, int piece);
/** Sends a figure home to its owner's supply (nothing if already there). */
CARC_API void carc_figure_return(carc_game *g, int figure);
/** Places a figure of kind `kind` of `player` from supply on `piece`; returns its id or -1 if none is in supply. */
CARC_API int carc_figure_place(carc_game *g, int player, int kind, int piece);
/** @} */

/** @name Scoring
 *  @{ */
/** Adds points for a player and logs the event (`feature` may be -1). Totals saturate at the limits of int. */
CARC_API void carc_award(carc_game *g, int player, int points, int category, int reason, int feature);
/**
 * Scores a feature the standard way: majority of ::CARC_FIG_MAJORITY figures
 * (ties all score, narrowed by `break_tie`), points from `feature_points`;
 * during play the scored figures go home unless ::CARC_FIG_STAYS.
 * Returns the bit mask of players who scored.
 */
CARC_API unsigned carc_score_feature(carc_game *g, int feature, int final);
/** Counts ::CARC_FIG_MAJORITY figures per player on a feature into `counts[CARC_MAX_PLAYERS]`
 *  (may be NULL); returns the total. */
CARC_API int carc_feature_followers(const carc_game *g, int feature, int *counts);
/** @} */

/** @name Turn control and chance
 *  @{ */
/** Seat of the player whose turn it is. */
CARC_API int carc_turn_player(const carc_game *g);
/** Placed tile index of this turn's tile, or -1 before placement. */
CARC_API int carc_turn_tile(const carc_game *g);
/** Nonzero if this turn is an extra turn. */
CARC_API int carc_turn_is_extra(const carc_game *g);
/**
 * Opens (nonzero) or closes (0) the variant's action phase. Called from
 * `after_figure`, the phase comes after the figure step; called from
 * `on_tile_placed`, it comes before the figure step, which follows once the
 * variant closes it (an action taken at once on placing a tile).
 */
CARC_API void carc_set_action_pending(carc_game *g, int pending);
/**
 * Names the player who decides in the action phase now open (default: the
 * player whose turn it is), e.g. a tied player picking a token. It holds
 * until the phase closes. carc_game_state() reports this player.
 * @param g the game. @param player a seat, or -1 for the player whose turn it is.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE (no such seat),
 *         ::CARC_E_PHASE (no action phase is open: call carc_set_action_pending() first);
 *         on failure nothing changes.
 */
CARC_API int carc_turn_set_decider(carc_game *g, int player);
/** carc_turn_set_decider() without its status: a bad seat, or no action phase open, changes
 *  nothing (older rulesets call it; new ones should call carc_turn_set_decider()). */
CARC_API void carc_set_action_player(carc_game *g, int player);
/**
 * Gives every player a hand of `size` face-up tiles (1 .. ::CARC_MAX_HAND;
 * 0 turns hands off), for a ruleset option such as a "hand of two" drawing
 * rule. Call it from `setup`. Before the first deal, `removed` tiles are
 * drawn from the main stack and put out of play face up. Then each player is
 * dealt `size` tiles in seat order; a turn places one tile of the player's
 * hand (every hand tile's placements are legal moves) and the hand is
 * refilled from the main stack before the next turn. A hand tile that fits
 * nowhere is set aside face up and replaced. The game ends when the stack
 * and every hand are empty; a player whose hand is empty then is skipped.
 * Extra turns (carc_grant_extra_turn()) draw one tile as without hands.
 * Returns ::CARC_OK, or ::CARC_E_RANGE (`size` not 0 .. ::CARC_MAX_HAND,
 * `removed` not 0 .. the tile set's tiles) / ::CARC_E_PHASE (after the
 * first draw).
 */
CARC_API int carc_set_hand(carc_game *g, int size, int removed);
/**
 * Grants the current player one extra turn drawing from stack `deck`,
 * played after this turn ends; it is skipped if the stack has no tile
 * then. A second grant in the same turn replaces the first.
 * @param g the game. @param deck a stack of the tile set (carc_deck_index()).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE (no such stack); on failure nothing changes.
 */
CARC_API int carc_turn_grant_extra(carc_game *g, int deck);
/** carc_turn_grant_extra() without its status: a bad stack changes nothing (older rulesets call
 *  it; new ones should call carc_turn_grant_extra()). */
CARC_API void carc_grant_extra_turn(carc_game *g, int deck);
/** Index of the draw stack named `name` (e.g. `"menhir"`), or -1. Stack 0 is the main stack. */
CARC_API int carc_deck_index(const carc_game *g, const char *name);
/** Tiles left in stack `deck`. */
CARC_API int carc_deck_left(const carc_game *g, int deck);
/** Draws a tile from stack `deck` and removes it from play unseen (hills); returns its type or -1 if empty. */
CARC_API int carc_deck_discard(carc_game *g, int deck);
/** Draws a token from bag `bag` (honouring a fixed next token); returns the token kind or -1 if empty. */
CARC_API int carc_bag_draw(carc_game *g, int bag);
/** Puts `n` tokens of kind `token` back into bag `bag` (a bag holds at most 255 of a kind; more are dropped). */
CARC_API void carc_bag_return(carc_game *g, int bag, int token, int n);
/** Tokens of kind `token` in bag `bag` now. */
CARC_API int carc_bag_count(const carc_game *g, int bag, int token);
/**
 * Moves one token of kind `token` from bag `bag` to `player`'s holding (a
 * harvest token won). Returns 1, or 0 if the bag has none of that kind left.
 * Holdings are public (carc_game_tokens()) and copied with the game.
 */
CARC_API int carc_bag_give(carc_game *g, int bag, int token, int player);
/** Tokens of kind `token` of bag `bag` that `player` holds. */
CARC_API int carc_player_tokens(const carc_game *g, int player, int bag, int token);
/** @} */

#ifdef __cplusplus
}
#endif
#endif
