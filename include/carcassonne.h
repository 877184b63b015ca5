/**
 * @file carcassonne.h
 * @brief libcarcassonne: a rules engine for Carcassonne-family tile-laying games.
 *
 * @mainpage libcarcassonne
 *
 * libcarcassonne answers three questions for a game client, a play server or
 * a bot: *what may the player to move do now*, *what happens when they do it*
 * and *who has how many points*. Everything else (drawing pictures, talking
 * to people, thinking about good moves) is left to the caller.
 *
 * ### Conventions
 * - Every function returns a ::carc_status; results go through out-parameters.
 *   No function aborts, exits or prints, whatever it is given.
 * - A call that fails leaves every object it was given unchanged.
 * - Objects are opaque and owned by whoever created them: each `*_new`,
 *   `*_clone` or `*_load` result is released with the matching `*_free`.
 *   Strings returned by the library point into library-owned memory that
 *   lives as long as the object they came from (or forever for static data).
 * - Structs passed in carry their own size in their first member
 *   (`struct_size`); set it with `sizeof`. Later versions only append members.
 * - There is no global mutable state. Distinct games may be used from
 *   distinct threads at the same time; one game must not be used by two
 *   threads at once. Variants, registries and tile sets are read-only once
 *   built and may be shared freely.
 *
 * ### A turn
 * A game moves through decisions. At each decision carc_game_moves() lists
 * every legal ::carc_move and carc_game_apply() performs one. The first
 * decision of a turn places the drawn tile (::CARC_PHASE_TILE); the second
 * places a figure on it or passes (::CARC_PHASE_FIGURE); some rulesets add
 * further decisions (::CARC_PHASE_ACTION). Completed features are scored when
 * the turn ends, and the game is scored once more when no tile is left.
 *
 * ### Chance
 * Tile draws (and any other chance event of a ruleset, such as the sheep bag)
 * come from a generator seeded through ::carc_game_options and stored in the
 * game: the same seed and the same moves give the same game on every machine.
 * A caller tracking a physical game, or replaying one, can instead say what
 * the next draw is (carc_game_set_next_tile(), carc_game_set_next_token()).
 * A tile is drawn only when something needs it (a query of the phase, the
 * drawn tile or the legal moves), so the next draw can be fixed up to then.
 */
#ifndef CARCASSONNE_H
#define CARCASSONNE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup basics Version, status codes and export macro
 *  @{ */

/** Marks a public symbol. Everything else in the library is hidden. */
#if defined(CARC_BUILDING_LIBRARY) && defined(__GNUC__)
#define CARC_API __attribute__((visibility("default")))
#else
#define CARC_API
#endif

#define CARC_VERSION_MAJOR 0 /**< Major version: changes break the ABI. */
#define CARC_VERSION_MINOR 2 /**< Minor version: additions only. */
#define CARC_VERSION_PATCH 0 /**< Patch version: fixes only. */
/** The version as one number, `major * 10000 + minor * 100 + patch`. */
#define CARC_VERSION_NUMBER (CARC_VERSION_MAJOR * 10000 + CARC_VERSION_MINOR * 100 + CARC_VERSION_PATCH)

/** Status codes. Zero is success; every failure is negative. */
typedef enum carc_status {
    CARC_OK = 0,                    /**< Success. */
    CARC_E_NULL = -1,               /**< A required pointer argument was NULL. */
    CARC_E_RANGE = -2,              /**< A number was out of its allowed range. */
    CARC_E_ILLEGAL_MOVE = -3,       /**< The move is not legal in the current position. */
    CARC_E_PHASE = -4,              /**< The call does not fit the game's current phase. */
    CARC_E_GAME_OVER = -5,          /**< The game has ended; no move is possible. */
    CARC_E_NOMEM = -6,              /**< Memory allocation failed. */
    CARC_E_BUFFER = -7,             /**< The caller's buffer is too small; the needed size was reported. */
    CARC_E_PARSE = -8,              /**< Text input (tile set, saved game) is malformed. */
    CARC_E_NOT_FOUND = -9,          /**< No such variant, tile, option, figure or bag. */
    CARC_E_UNAVAILABLE = -10,       /**< The named tile or token is not left to draw. */
    CARC_E_MISMATCH = -11,          /**< Two objects that must agree (variant, tile set) do not. */
    CARC_E_VERSION = -12,           /**< A struct size or ABI version is not supported. */
    CARC_E_LIMIT = -13,             /**< A fixed capacity of the library would be exceeded. */
    CARC_E_INVALID = -14            /**< An argument is inconsistent (e.g. a variant with no tile set). */
} carc_status;

/**
 * Returns a short English description of a status code.
 * @param status any value; unknown values get a generic text.
 * @return a static string; never NULL; the caller must not free it.
 * Thread-safe.
 */
CARC_API const char *carc_strerror(int status);

/**
 * Returns the library's version string, e.g. `"0.1.0"`, of the library
 * actually linked (which may be newer than the header compiled against).
 * @return a static string; never NULL. Thread-safe.
 */
CARC_API const char *carc_version(void);

/** Returns ::CARC_VERSION_NUMBER of the linked library. Thread-safe. */
CARC_API int carc_version_number(void);

/** @} */

/** @defgroup objects Opaque objects
 *  @{ */
typedef struct carc_game carc_game;         /**< One game in progress. Owned by the caller. */
typedef struct carc_tileset carc_tileset;   /**< A parsed, immutable tile set. */
typedef struct carc_registry carc_registry; /**< A caller-owned list of variants. */
typedef struct carc_variant carc_variant;   /**< A ruleset; see carcassonne_variant.h. */
/** @} */

/** @defgroup registry Variants and the registry
 *  @{ */

/** Upper bound on players in any variant. */
#define CARC_MAX_PLAYERS 6

/** What a variant says of itself (filled by carc_variant_describe()). */
typedef struct carc_variant_info {
    uint32_t struct_size;     /**< Set to `sizeof(carc_variant_info)` before the call. */
    const char *name;         /**< Short name used in options and saves, e.g. `"base"`. */
    const char *title;        /**< Human title, e.g. `"Carcassonne (classic base game)"`. */
    int min_players;          /**< Fewest players allowed. */
    int max_players;          /**< Most players allowed. */
    int tile_count;           /**< Tiles in its built-in tile set, start tile included. */
    int tile_type_count;      /**< Distinct tile types in the built-in tile set. */
    int figure_kind_count;    /**< Kinds of figure each player owns (see carc_variant_figure()). */
    int option_count;         /**< Ruleset options (see carc_variant_option()). */
    int category_count;       /**< Scoring categories (see carc_variant_category()). */
    /* appended in 0.2.0: filled only when struct_size covers them */
    int bag_count;            /**< Token bags and supplies (see carc_variant_bag()). */
    int kind_count;           /**< Feature kinds (see carc_variant_kind()). */
    int action_count;         /**< Named ACTION moves (see carc_variant_action()). */
    int view_count;           /**< Public per-game quantities (see carc_variant_view()). */
} carc_variant_info;

/** Smallest struct_size accepted for ::carc_variant_info: the members 0.1 had, without trailing padding. */
#define CARC_VARIANT_INFO_SIZE_V1 (offsetof(carc_variant_info, bag_count))

/**
 * Describes a variant.
 * @param v the variant (not NULL).
 * @param info out: filled up to `info->struct_size` bytes (members a caller
 *        compiled against an older header does not have are not written).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION if `struct_size` is
 *         below ::CARC_VARIANT_INFO_SIZE_V1, ::CARC_E_INVALID if the
 *         variant's tile set does not parse.
 */
CARC_API int carc_variant_describe(const carc_variant *v, carc_variant_info *info);

/**
 * A figure kind of a variant: its name and how many each player owns.
 * @param v the variant. @param index 0 .. figure_kind_count-1.
 * @param name out (may be NULL): static name such as `"follower"` or `"shepherd"`.
 * @param per_player out (may be NULL): how many each player has.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_figure(const carc_variant *v, int index, const char **name, int *per_player);

/**
 * A ruleset option of a variant (a named integer with a range and default).
 * @param v the variant. @param index 0 .. option_count-1.
 * @param name out (may be NULL). @param help out (may be NULL): one line of text.
 * @param min_value,max_value,default_value out (each may be NULL).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_option(const carc_variant *v, int index, const char **name, const char **help,
                                 int *min_value, int *max_value, int *default_value);

/**
 * Name of a scoring category of a variant (such as `"city"` or `"farm"`),
 * the unit of the breakdown returned by carc_game_score_breakdown().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_category(const carc_variant *v, int index, const char **name);

/**
 * A bag of tokens of a variant: tokens drawn at random (the sheep bag) or a
 * supply that players take tokens from (harvest tokens).
 * @param v the variant. @param bag 0 .. bag_count-1.
 * @param name out (may be NULL): static name such as `"sheep"` or `"harvest"`.
 * @param token_kinds out (may be NULL): how many kinds of token it holds.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_bag(const carc_variant *v, int bag, const char **name, int *token_kinds);

/**
 * A token kind of a bag: its name and how many the bag holds at the start.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_bag_token(const carc_variant *v, int bag, int token, const char **name, int *initial);

/**
 * A feature kind of a variant: its name (as in tile data) and a colour a
 * client may draw it with (`"#rrggbb"`, the variant's choice, or a neutral
 * grey when the variant gives none).
 * @param v the variant. @param kind 0 .. number of kinds - 1 (carc_variant_kind() answers
 *        ::CARC_E_RANGE past the last).
 * @param name,color out (each may be NULL): static strings.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_kind(const carc_variant *v, int kind, const char **name, const char **color);

/**
 * An ACTION move of a variant: the code in ::carc_move `action`, its name in
 * move text and saves, and which fields follow the name (::carc_action_args
 * in carcassonne_variant.h: 1 target, 2 square, 4 feature).
 * @param v the variant. @param index 0 .. carc_variant_info::action_count - 1.
 * @param code,name,args,help out (each may be NULL).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_action(const carc_variant *v, int index, unsigned *code, const char **name, unsigned *args,
                                 const char **help);

/** The owners a view's values belong to (carc_variant_view()). */
typedef enum carc_view_shape {
    CARC_VIEW_GAME = 0,    /**< one set of values for the whole game (owner 0) */
    CARC_VIEW_PLAYER = 1,  /**< a set per seat (owner = seat) */
    CARC_VIEW_FIGURE = 2,  /**< a set per figure (owner = figure id) */
    CARC_VIEW_TILE = 3,    /**< a set per placed tile (owner = tile index) */
    CARC_VIEW_FEATURE = 4  /**< a set per feature of a placed tile (owner = tile index * ::CARC_VIEW_FEATURE_STRIDE + feature) */
} carc_view_shape;

/** Multiplier of the tile index in the owner of a ::CARC_VIEW_FEATURE view. */
#define CARC_VIEW_FEATURE_STRIDE 16

/**
 * A public quantity a variant keeps per game (a view): its name, a line of
 * help, its shape (::carc_view_shape) and how many values each owner has.
 * Read the values with carc_game_view().
 * @param v the variant. @param index 0 .. carc_variant_info::view_count - 1.
 * @param name out (may be NULL): one word, e.g. `"flock"`.
 * @param help out (may be NULL): one line saying what the values are.
 * @param shape out (may be NULL): a ::carc_view_shape.
 * @param length out (may be NULL): values per owner.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_view(const carc_variant *v, int index, const char **name, const char **help, int *shape,
                               int *length);

/**
 * The name of value `k` of a view, to label it on a screen: a flock's four
 * counts are of `"sheep1"` .. `"sheep4"`, a tied field's pool of `"apple"`,
 * `"strawberry"`... An empty string when the variant names none (a view of
 * one value is named by the view itself).
 * @param v the variant. @param view 0 .. carc_variant_info::view_count - 1.
 * @param k 0 .. the view's length - 1. @param label out: static; never NULL.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_variant_view_label(const carc_variant *v, int view, int k, const char **label);

/**
 * Creates a registry holding every built-in variant.
 * @param out receives the registry; free it with carc_registry_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_NOMEM.
 * Thread-safe. A registry may be read from several threads at once but
 * carc_registry_add() must not run concurrently with anything on the same registry.
 */
CARC_API int carc_registry_new(carc_registry **out);

/** Frees a registry. NULL is accepted. Variants it lists are not freed (the caller owns added ones). */
CARC_API void carc_registry_free(carc_registry *reg);

/**
 * Adds a third-party variant. The registry keeps the pointer, not a copy:
 * the variant must outlive the registry and every game made from it.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION (struct_size/abi not
 *         supported), ::CARC_E_INVALID (a name missing, already present,
 *         longer than ::CARC_NAME_MAX or with spaces or control bytes, bad
 *         player range, tile set that does not parse), ::CARC_E_LIMIT, ::CARC_E_NOMEM.
 */
CARC_API int carc_registry_add(carc_registry *reg, const carc_variant *v);

/** Number of variants in a registry (NULL: the built-ins). @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_registry_count(const carc_registry *reg, int *count);

/**
 * The variant at a position of the registry (NULL registry: the built-ins).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_registry_at(const carc_registry *reg, int index, const carc_variant **out);

/**
 * Finds a variant by name (NULL registry: the built-ins only).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_NOT_FOUND.
 */
CARC_API int carc_registry_find(const carc_registry *reg, const char *name, const carc_variant **out);

/** @} */

/** @defgroup tilesets Tile sets
 *  Tile sets are text (format in docs/tile-format.md). Every variant embeds
 *  its own; a caller may parse a corrected or extended one and pass it in
 *  ::carc_game_options.
 *  @{ */

/**
 * Parses a tile set for a variant (its feature kinds and figures decide
 * which kind names are accepted).
 * @param v the variant the tile set is for.
 * @param text,len the text (need not be NUL-terminated).
 * @param out receives the tile set; free with carc_tileset_free().
 * @param err,err_cap optional buffer for a one-line message naming the line
 *        that failed (may be NULL/0).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PARSE (malformed text, or a
 *         name with a control byte), ::CARC_E_LIMIT (a capacity: 128 tile
 *         types, 126 tiles, 12 features on a tile, 1024 features over all
 *         tiles, 16 attribute names, attribute values up to 255, 4 stacks,
 *         15 edge letters), ::CARC_E_NOMEM.
 */
CARC_API int carc_tileset_parse(const carc_variant *v, const char *text, size_t len, carc_tileset **out,
                                char *err, size_t err_cap);

/** Frees a tile set. NULL is accepted. Games using it must be freed first. */
CARC_API void carc_tileset_free(carc_tileset *ts);

/** Number of tile types in a tile set. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_tileset_type_count(const carc_tileset *ts, int *count);

/** A tile type as described by a tile set. */
typedef struct carc_tile_type_info {
    uint32_t struct_size;  /**< Set to `sizeof(carc_tile_type_info)`. */
    const char *name;      /**< Tile id as in the references, e.g. `"D"` or `"HS02"`. */
    int count;             /**< Copies in the game (start tile included). */
    int is_start;          /**< Nonzero for the start tile's type. */
    const char *deck;      /**< Name of the draw stack its copies go to. */
    int feature_count;     /**< Features on the tile (see carc_tileset_feature()). */
    char edges[13];        /**< The 12 edge-slot letters, NUL-terminated, slot 0 first. */
} carc_tile_type_info;

/**
 * Describes tile type `type` (0 .. count-1).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_VERSION.
 */
CARC_API int carc_tileset_type(const carc_tileset *ts, int type, carc_tile_type_info *info);

/**
 * Finds a tile type by its id string. @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_NOT_FOUND.
 */
CARC_API int carc_tileset_find(const carc_tileset *ts, const char *name, int *type);

/**
 * One feature of a tile type: its id (`"c1"`), kind name (`"city"`) and the
 * 12-bit mask of edge slots it covers (0 for a feature inside the tile).
 * Strings live as long as the tile set.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_tileset_feature(const carc_tileset *ts, int type, int feature, const char **id,
                                  const char **kind, unsigned *slots);

/**
 * @name Tile facts: features and what is printed on them
 * What a client draws and explains beside the shapes: coats of arms,
 * animals, fish, harvest symbols, port cities... Tile data writes them as
 * attributes of a feature (docs/tile-format.md); a tile set names each
 * distinct one once, and every feature of every tile type has a value for
 * each (0 when the tile does not show it). An attribute written with a
 * number keeps its key as its name (`"pennant"`, `"fish"`, `"ports"`); one
 * written with a word or a list of words is named `KEY.WORD` per word
 * (`"animals.deer"`, `"harvest.apple"`, `"power.raft"`), the value saying
 * how many (two deer: `"animals.deer"` 2). Which attributes a tile set
 * carries, and what they are worth, is the ruleset's (docs/variants/).
 * @{ */

/** Number of distinct attributes a tile set uses (at most 16). @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_tileset_attr_count(const carc_tileset *ts, int *count);

/**
 * The name of attribute `attr` of a tile set, e.g. `"pennant"` or `"animals.deer"`.
 * @param ts the tile set. @param attr 0 .. carc_tileset_attr_count() - 1.
 * @param name out: lives as long as the tile set.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_tileset_attr(const carc_tileset *ts, int attr, const char **name);

/**
 * Finds an attribute of a tile set by its name.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_NOT_FOUND (the tile set has no
 *         such attribute: no tile of it shows one).
 */
CARC_API int carc_tileset_attr_find(const carc_tileset *ts, const char *name, int *attr);

/** Everything tile data says about one feature of a tile type (carc_tileset_feature_info()). */
typedef struct carc_tile_feature_info {
    uint32_t struct_size; /**< Set to `sizeof(carc_tile_feature_info)` before the call. */
    const char *id;       /**< Its id on the tile, e.g. `"c1"`; lives as long as the tile set. */
    const char *kind;     /**< Kind name, e.g. `"city"`; static. */
    int kind_index;       /**< The kind's index for carc_variant_kind(). */
    unsigned slots;       /**< 12-bit mask of the edge slots it covers, unturned (0: inside the tile). */
    unsigned borders;     /**< Bit j: it touches feature j of the same tile (`borders=`, a farm and its cities). */
    unsigned links;       /**< Bit j: it is joined to feature j of the same tile in a system (`link=`, a river and its lake). */
    int attr_count;       /**< How many of the tile set's attributes are above zero on it. */
} carc_tile_feature_info;

/**
 * Describes feature `feature` of tile type `type`.
 * @param ts the tile set. @param type 0 .. type count - 1.
 * @param feature 0 .. carc_tile_type_info::feature_count - 1.
 * @param info out: filled when `struct_size` covers it.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_VERSION
 *         (`struct_size` smaller than this header's struct).
 */
CARC_API int carc_tileset_feature_info(const carc_tileset *ts, int type, int feature, carc_tile_feature_info *info);

/**
 * The value of attribute `attr` on feature `feature` of tile type `type`:
 * how many coats of arms, fish, deer... it shows (0 when none).
 * @param ts the tile set. @param type,feature as for carc_tileset_feature_info().
 * @param attr 0 .. carc_tileset_attr_count() - 1. @param value out: 0 .. 255.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_tileset_feature_attr(const carc_tileset *ts, int type, int feature, int attr, int *value);

/** @} */

/** @} */

/** @defgroup game Games
 *  @{ */

/** One ruleset option setting: a name from carc_variant_option() and a value. */
typedef struct carc_option {
    const char *name; /**< Option name. */
    int value;        /**< Value within the option's range. */
} carc_option;

/** How to create a game. Zero-initialise, set `struct_size`, then fill in. */
typedef struct carc_game_options {
    uint32_t struct_size;          /**< `sizeof(carc_game_options)`. */
    const char *variant_name;      /**< Variant by name, looked up in `registry`; or NULL and set `variant`. */
    const carc_variant *variant;   /**< Variant by pointer (wins over `variant_name`). */
    const carc_registry *registry; /**< Where to look the name up; NULL: the built-ins. */
    int players;                   /**< Number of players, within the variant's range. */
    uint64_t seed;                 /**< Seed of the game's random generator. */
    const carc_option *rules;      /**< Ruleset options (`rule_count` of them); others keep defaults. */
    int rule_count;                /**< Entries in `rules`. */
    const carc_tileset *tileset;   /**< Custom tile set made for this variant, or NULL for the built-in
                                        one. Borrowed: it must outlive the game. */
} carc_game_options;

/**
 * Creates a game; the start tile is already on the board and player 0 is to move.
 * @param opts options (copied; strings need not outlive the call).
 * @param out receives the game; free with carc_game_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION, ::CARC_E_NOT_FOUND (variant
 *         or option name), ::CARC_E_RANGE (players, option value),
 *         ::CARC_E_MISMATCH (tile set of another variant), ::CARC_E_INVALID, ::CARC_E_NOMEM.
 */
CARC_API int carc_game_new(const carc_game_options *opts, carc_game **out);

/** Frees a game. NULL is accepted. */
CARC_API void carc_game_free(carc_game *g);

/**
 * Makes an independent copy of a game (one allocation, one copy).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_NOMEM.
 */
CARC_API int carc_game_clone(const carc_game *g, carc_game **out);

/**
 * Copies `src` into an existing game `dst` of the same variant and tile set
 * without allocating: the cheap reset for tree search and playouts.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_MISMATCH.
 */
CARC_API int carc_game_copy(carc_game *dst, const carc_game *src);

/** The variant a game plays. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_variant(const carc_game *g, const carc_variant **out);

/** The tile set a game uses (borrowed; lives as long as the game). @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_tileset(const carc_game *g, const carc_tileset **out);

/** Number of players. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_players(const carc_game *g, int *players);

/** @} */

/** @defgroup turns Turns and moves
 *  @{ */

/** The kind of decision the game is waiting for. */
typedef enum carc_phase {
    CARC_PHASE_TILE = 0,   /**< Place the drawn tile. */
    CARC_PHASE_FIGURE = 1, /**< Place a figure on that tile, pass, or a variant's alternative. */
    CARC_PHASE_ACTION = 2, /**< A further decision of the variant (e.g. a flock action). */
    CARC_PHASE_OVER = 3    /**< The game has ended and is fully scored. */
} carc_phase;

/** The kinds of move. */
typedef enum carc_move_kind {
    CARC_MOVE_TILE = 1,   /**< Place tile `tile` at (`x`,`y`) turned `rotation` quarter turns clockwise. */
    CARC_MOVE_FIGURE = 2, /**< Place figure kind `figure` on feature `feature` of the tile just placed. */
    CARC_MOVE_PASS = 3,   /**< Place nothing / decline. */
    CARC_MOVE_ACTION = 4  /**< A variant action: `action` and `target`, `x`, `y` as the variant documents. */
} carc_move_kind;

/**
 * A move. Coordinates grow east (x) and south (y); the start tile is at (0,0).
 * Zero-initialise moves you build by hand.
 */
typedef struct carc_move {
    uint8_t kind;     /**< A ::carc_move_kind. */
    uint8_t rotation; /**< TILE: 0..3 quarter turns clockwise. Of turns that give an identical
                           tile only the lowest is listed, but any of them is accepted and the
                           tile is laid as given, so feature indices follow the caller's turn. */
    uint8_t figure;   /**< FIGURE: figure kind index. */
    uint8_t feature;  /**< FIGURE: feature index within the tile type. */
    int16_t x;        /**< TILE/FIGURE: column. ACTION: variant-defined. */
    int16_t y;        /**< TILE/FIGURE: row. ACTION: variant-defined. */
    uint16_t tile;    /**< TILE: tile type index. */
    uint16_t action;  /**< ACTION: variant action code. */
    int32_t target;   /**< ACTION: variant-defined argument (often a figure id). */
} carc_move;

/**
 * The phase of the game and the player to decide. May perform the pending
 * tile draw (so the game is not const).
 * @param g the game.
 * @param phase out (may be NULL).
 * @param player out (may be NULL): 0-based seat of the player who decides
 *        now. That is the player whose turn it is, except for a decision a
 *        ruleset gives another player during scoring (a tied player picking
 *        a harvest token).
 * @return ::CARC_OK or ::CARC_E_NULL.
 */
CARC_API int carc_game_state(carc_game *g, carc_phase *phase, int *player);

/**
 * The tile type drawn for this turn (performing the draw if still pending).
 * In a game where players hold hands of tiles it is the first tile of the
 * hand of the player to move (carc_game_hand() lists them all), except in
 * an extra turn, whose tile comes from its own stack and is in no hand.
 * @param g the game.
 * @param tile out: tile type index.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_GAME_OVER, ::CARC_E_PHASE (the
 *         tile of this turn is already placed; see carc_game_last_tile()).
 */
CARC_API int carc_game_drawn_tile(carc_game *g, int *tile);

/**
 * The tiles in a player's hand, in a game whose ruleset deals hands (see
 * carc_set_hand() in carcassonne_variant.h; every hand is public). Without
 * hands it gives the tile drawn for the player to move, if drawn, and none
 * for the others; the tile of an extra turn is in no hand
 * (carc_game_drawn_tile() gives it). May perform the pending deal or draw.
 * @param g the game. @param player seat.
 * @param tiles,cap caller buffer for tile type indices (may be NULL/0).
 * @param n out: number of tiles in the hand (even when more than `cap`).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_BUFFER.
 */
CARC_API int carc_game_hand(carc_game *g, int player, int *tiles, int cap, int *n);

/** Why a tile left the game without being placed (carc_game_removed()). */
typedef enum carc_removal {
    CARC_REMOVED_UNPLACEABLE = 0, /**< Drawn, fitted nowhere, set aside face up. */
    CARC_REMOVED_FACE_UP = 1,     /**< Removed face up by the ruleset (tiles taken out at the start). */
    CARC_REMOVED_HIDDEN = 2       /**< Removed unseen (a tile hidden under a hill); its type is not told. */
} carc_removal;

/** Number of tiles that left the game unplaced, so far. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_removed_count(const carc_game *g, int *n);

/**
 * The `i`-th tile that left the game unplaced (oldest first).
 * @param g the game. @param i 0 .. carc_game_removed_count() - 1.
 * @param type out (may be NULL): its tile type, or -1 when ::CARC_REMOVED_HIDDEN.
 * @param reason out (may be NULL): a ::carc_removal.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_game_removed(const carc_game *g, int i, int *type, int *reason);

/**
 * Lists every legal move of the current decision, each exactly once (tile
 * rotations that give an identical tile are listed once, as the lowest; with
 * hands, the placements of every distinct tile in the hand, each move
 * naming its tile).
 * @param g the game.
 * @param buf,cap caller buffer; may be NULL/0 to ask for the count only.
 * @param count out: number of legal moves (even when more than `cap`).
 * @return ::CARC_OK (also for the count-only call with `buf` NULL),
 *         ::CARC_E_NULL, ::CARC_E_GAME_OVER, ::CARC_E_BUFFER (a buffer was
 *         given but is too small: `count` is set and the first `cap` moves
 *         are written).
 * Does not allocate.
 */
CARC_API int carc_game_moves(carc_game *g, carc_move *buf, size_t cap, size_t *count);

/**
 * Plays a move. An illegal move changes nothing (beyond this turn's pending
 * tile draw, which the call performs first, as every query that needs the
 * drawn tile does).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_GAME_OVER, ::CARC_E_ILLEGAL_MOVE,
 *         ::CARC_E_PHASE (a move kind the current phase does not take),
 *         ::CARC_E_LIMIT (history full: a game keeps 1280 records of draws,
 *         moves and reseeds, where a real game uses under 300; the game is
 *         unchanged).
 * Does not allocate.
 */
CARC_API int carc_game_apply(carc_game *g, const carc_move *m);

/**
 * Says which tile is drawn. If this turn's tile has been drawn and not yet
 * placed (and no fixed order is queued for its stack), it is replaced: the
 * drawn tile goes back to the stack, with any tile the library drew at
 * random before it and set aside as fitting nowhere, and the named one is
 * this turn's tile (set aside, and the next one drawn, if it fits nowhere;
 * a tile the caller named stays set aside). Otherwise the
 * named tile is queued as the next draw from its stack; several calls queue
 * tiles in order. A tile that lies hidden unseen (under a hill) is
 * available too, as it is at a real table: it comes back and another tile
 * of its stack, chosen at random, is hidden in its place.
 * @param g the game. @param tile tile type index.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE (bad type),
 *         ::CARC_E_UNAVAILABLE (no copy left in that stack), ::CARC_E_LIMIT,
 *         ::CARC_E_GAME_OVER.
 */
CARC_API int carc_game_set_next_tile(carc_game *g, int tile);

/**
 * Reseeds the game's generator: later random draws follow the new seed.
 * Useful to give each playout of a tree search its own chance outcomes.
 * The reseed is kept in the history, so saving and loading still replay.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_GAME_OVER, ::CARC_E_LIMIT (the
 *         history keeps room for the rest of the game's draws and moves;
 *         a reseed that would eat into it is refused, the game unchanged).
 */
CARC_API int carc_game_reseed(carc_game *g, uint64_t seed);

/**
 * Fixes the whole remaining order of a draw stack (`deck` = 0 is the main stack).
 * `tiles` must be a permutation of exactly the tiles left in that stack.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_UNAVAILABLE, ::CARC_E_GAME_OVER.
 */
CARC_API int carc_game_set_deck_order(carc_game *g, int deck, const int *tiles, int n);

/** Number of tiles still to draw in stack `deck` (0 = main). @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
CARC_API int carc_game_deck_remaining(const carc_game *g, int deck, int *n);

/**
 * Fixes the next token drawn from a variant's bag (e.g. the sheep bag).
 * Several calls queue tokens in order; each must be in the bag beyond those
 * already queued.
 * @param g the game.
 * @param bag bag name as the variant documents it (e.g. `"sheep"`).
 * @param token token index within the bag (variant documents them).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_NOT_FOUND, ::CARC_E_RANGE,
 *         ::CARC_E_UNAVAILABLE (no such token left to draw),
 *         ::CARC_E_LIMIT (32 tokens queued already), ::CARC_E_GAME_OVER.
 */
CARC_API int carc_game_set_next_token(carc_game *g, const char *bag, int token);

/**
 * Plays `n` random games to the end from the position of `g` and writes
 * their final scores, without changing `g`: the inner loop of a Monte
 * Carlo bot, with no call per move. At every decision a playout picks one
 * legal move uniformly; tile draws and other chance events follow `seed`
 * (playout i its own stream), not the generator of `g`, so the playouts
 * sample the unknown future fairly and the same call gives the same
 * scores. A tile already drawn in `g` stays the one drawn.
 * @param g the position (not changed). @param n number of playouts.
 * @param seed chooses the moves and the chance of every playout.
 * @param scores out: `scores[i * players + p]` is player p's final score in
 *        playout i. @param cap entries in `scores` (at least `n * players`).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE (n < 0), ::CARC_E_BUFFER
 *         (`cap` too small; nothing played), ::CARC_E_NOMEM.
 * Allocates once per call (a scratch game and a move buffer), never per move.
 */
CARC_API int carc_game_playouts(const carc_game *g, int n, uint64_t seed, int *scores, size_t cap);

/**
 * Writes a move as one line of text in the words of saved games, e.g.
 * `tile K 2 -1 1`, `figure shepherd f1` (on the tile placed this turn),
 * `pass`, `action grow 7`, `action hike 5 2 -1 p1` (actions by the names
 * and arguments the variant declares, carc_variant_action(); an unnamed
 * action as its six numbers `action CODE TARGET X Y FIGURE FEATURE`).
 * Feature ids are those of the tile lying at the move's square, so a
 * FIGURE move is written while its tile is on the board.
 * @param g the game the move belongs to. @param m the move.
 * @param buf,cap caller buffer (may be NULL/0 to ask for the length); a
 *        terminating NUL is written when there is room.
 * @param len out: length of the text without the NUL.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_BUFFER, ::CARC_E_INVALID (a
 *         figure or feature that does not exist on that square, an unknown kind).
 */
CARC_API int carc_move_format(const carc_game *g, const carc_move *m, char *buf, size_t cap, size_t *len);

/**
 * Reads one move written by carc_move_format() (or typed by a person).
 * It says what the words mean; whether the move is legal is for
 * carc_game_apply() to decide. A `figure` move without a square is on the
 * tile placed this turn.
 * @param g the game. @param text,len the text (one line; need not be NUL-terminated).
 * @param out receives the move (unchanged on failure).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PARSE (malformed),
 *         ::CARC_E_NOT_FOUND (no such tile, figure, feature or action name),
 *         ::CARC_E_PHASE (a `figure` move with no tile placed this turn).
 */
CARC_API int carc_move_parse(const carc_game *g, const char *text, size_t len, carc_move *out);

/** @} */

/** @defgroup queries Queries
 *  @{ */

/** A tile on the board. */
typedef struct carc_placed_tile {
    int x;        /**< Column (grows east). */
    int y;        /**< Row (grows south). */
    int type;     /**< Tile type index. */
    int rotation; /**< Quarter turns clockwise. */
    int turn;     /**< Turn it was placed in (0 for the start tile). */
} carc_placed_tile;

/** Number of tiles on the board. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_tile_count(const carc_game *g, int *n);

/** The `i`-th tile placed (0 is the start tile). @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
CARC_API int carc_game_tile(const carc_game *g, int i, carc_placed_tile *out);

/** Index of the tile at (x,y), or -1 in `*index` if the square is empty. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_tile_at(const carc_game *g, int x, int y, int *index);

/** The tile placed in the current turn (index), or -1 before placement. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_last_tile(const carc_game *g, int *index);

/** A feature (a connected city, road, field, ...) seen from one of its pieces. */
typedef struct carc_feature_info {
    uint32_t struct_size;           /**< `sizeof(carc_feature_info)`. */
    const char *kind;               /**< Kind name, e.g. `"city"`. */
    int id;                         /**< Stable while the feature does not merge: pieces with equal id are one feature. */
    int tiles;                      /**< Distinct tiles it covers. */
    int open_edges;                 /**< Edge sides still open (0 when closed). */
    int complete;                   /**< Nonzero if complete under the variant's rules. */
    int figures[CARC_MAX_PLAYERS];  /**< Figures of each player standing on it (all figure kinds). */
    int points_now;                 /**< What it would score for its leaders if scored now (in play if
                                         complete, else as at game end). */
} carc_feature_info;

/**
 * Describes the feature that feature `feature` of placed tile `tile_index` belongs to.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_VERSION.
 */
CARC_API int carc_game_feature(carc_game *g, int tile_index, int feature, carc_feature_info *info);

/** A figure in a game. */
typedef struct carc_figure_info {
    int owner;       /**< Seat of the owner. */
    int kind;        /**< Figure kind index (carc_variant_figure()). */
    int on_board;    /**< Nonzero if on the board. */
    int tile_index;  /**< Placed tile it stands on (-1 in supply). */
    int feature;     /**< Feature index on that tile (-1 in supply). */
} carc_figure_info;

/** Number of figures in the game (all players, board and supply). @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_figure_count(const carc_game *g, int *n);

/** Describes figure `id` (0 .. count-1; ids are stable for the whole game). @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
CARC_API int carc_game_figure(const carc_game *g, int id, carc_figure_info *out);

/** How many figures of kind `kind` player `player` has in supply. @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
CARC_API int carc_game_supply(const carc_game *g, int player, int kind, int *n);

/**
 * What the feature a figure stands on is worth now: the value of a
 * completed feature, or the end-of-game value of an open one, as its
 * winners would score it, without changing the game. It does not say
 * whether this figure's owner would be among the winners (majorities are
 * for the caller to weigh). In rulesets where a player scores by taking a
 * figure back (The Discovery) it is exactly what that move scores.
 * @param g the game. @param figure figure id. @param points out (0 for a figure in supply).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_game_figure_points(carc_game *g, int figure, int *points);

/**
 * A value of a variant's view (carc_variant_view()): value `k` of `owner`.
 * @param g the game. @param view view index.
 * @param owner by the view's shape: 0 (game), a seat, a figure id, a placed
 *        tile index, or `tile_index * CARC_VIEW_FEATURE_STRIDE + feature`.
 * @param k 0 .. the view's length - 1. @param value out.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_game_view(carc_game *g, int view, int owner, int k, int *value);

/**
 * Tokens of a bag (carc_variant_bag()) that a player holds, or with
 * `player` -1 that are still in the bag or supply.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_game_tokens(const carc_game *g, int bag, int player, int token, int *n);

/** A player's total score. @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
CARC_API int carc_game_score(const carc_game *g, int player, int *score);

/**
 * A player's score by category: `out[c]` for category c of carc_variant_category().
 * @param g the game. @param player seat.
 * @param out receives the points per category.
 * @param n size of `out`; at most that many entries are written.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_game_score_breakdown(const carc_game *g, int player, int *out, int n);

/**
 * What each player would have if the game ended now: the final scoring run
 * on a copy, the game itself unchanged. Bots use it as an evaluation and
 * clients show it. For a finished game it is the final score.
 * @param g the game.
 * @param totals,ntotals out: total of seat p in `totals[p]` (entries past
 *        the players are 0; may be NULL with 0).
 * @param breakdown,nbreakdown out: `breakdown[p * category_count + c]` for
 *        seat p and category c (carc_variant_category()); may be NULL with 0.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_NOMEM.
 * Allocates one scratch game per call.
 */
CARC_API int carc_game_projection(const carc_game *g, int *totals, int ntotals, int *breakdown, int nbreakdown);

/** Nonzero in `*over` when the game has ended. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_is_over(carc_game *g, int *over);

/**
 * Bit mask of the players with the highest score (ties share the win).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PHASE (game not over).
 */
CARC_API int carc_game_winners(carc_game *g, unsigned *mask);

/** Why points were scored. */
typedef enum carc_reason {
    CARC_REASON_COMPLETED = 0, /**< A feature was completed during play. */
    CARC_REASON_FINAL = 1,     /**< Final scoring at game end. */
    CARC_REASON_ACTION = 2     /**< A variant action (removing a follower, a flock, a special tile, an extra turn). */
} carc_reason;

/** What an entry of the game's log (carc_game_log()) records. */
typedef enum carc_event_kind {
    CARC_EVENT_SCORE = 0,      /**< A player scored (`points` may be 0). */
    CARC_EVENT_COMPLETED = 1,  /**< A feature was completed and nobody scored it (`player` is -1). */
    CARC_EVENT_EXTRA_TURN = 2  /**< `player` was granted an extra turn. */
} carc_event_kind;

/** One scoring event: who got how many points, for which feature and why. */
typedef struct carc_event {
    int turn;        /**< Turn number. */
    int player;      /**< Seat that scored. */
    int points;      /**< Points scored (awards of 0 points are not logged). */
    int category;    /**< Scoring category (carc_variant_category()). */
    int reason;      /**< A ::carc_reason. */
    int tile_index;  /**< A placed tile of the feature (-1 if none). */
    int feature;     /**< Feature index on that tile (-1 if none). */
} carc_event;

/** Number of scoring events (awards of points) so far; carc_game_log_count() counts every entry of the log. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_event_count(const carc_game *g, int *n);

/** Scoring event `i` (oldest first). @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
CARC_API int carc_game_event(const carc_game *g, int i, carc_event *out);

/** An entry of the game's log: every award, every completion nobody scored, every extra turn. */
typedef struct carc_event_info {
    uint32_t struct_size;    /**< Set to `sizeof(carc_event_info)`. */
    int kind;                /**< A ::carc_event_kind: skip the kinds you do not want. */
    int turn;                /**< Turn number. */
    int player;              /**< Who scored or plays again; -1 for a completion that paid nobody. */
    int points;              /**< Points scored (0 for the other kinds). */
    int category;            /**< Scoring category (carc_variant_category()). */
    int reason;              /**< A ::carc_reason. */
    int tile_index;          /**< A tile of the feature: this turn's tile if it is part of it, else
                                  the feature's oldest tile; -1 when no feature is concerned. */
    int x;                   /**< That tile's column. */
    int y;                   /**< That tile's row. */
    int feature;             /**< The feature's index on that tile (-1 if none). */
    const char *feature_id;  /**< Its id in the tile data, e.g. `"c1"` (`""` if none); lives as long as the game. */
    int tiles;               /**< Tiles the feature covered then. */
    int complete;            /**< Nonzero if the feature was complete then. */
} carc_event_info;

/** Number of entries in the game's log. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_log_count(const carc_game *g, int *n);

/**
 * Entry `i` of the game's log (oldest first): each award (as
 * carc_game_event() gives them, plus awards of 0 points), each feature
 * completed that nobody scored, each extra turn granted.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_VERSION.
 */
CARC_API int carc_game_log(const carc_game *g, int i, carc_event_info *out);

/** @} */

/** @defgroup saves Saving and loading
 *  The text format is described in docs/save-format.md.
 *  @{ */

/**
 * Writes the game as text (variant, options, seed, every draw and move).
 * @param g the game.
 * @param buf,cap caller buffer (may be NULL/0 to ask for the size).
 * @param len out: bytes needed, not counting the terminating NUL that is
 *        written when there is room.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_BUFFER (also for the size
 *         query with `buf` NULL, since no text was written).
 */
CARC_API int carc_game_save(const carc_game *g, char *buf, size_t cap, size_t *len);

/** How to load a saved game. */
typedef struct carc_load_options {
    uint32_t struct_size;          /**< `sizeof(carc_load_options)`. */
    const carc_registry *registry; /**< Where to find the variant; NULL: the built-ins. */
    const carc_tileset *tileset;   /**< The custom tile set the game used, or NULL. */
} carc_load_options;

/**
 * Rebuilds a saved game by replaying it.
 * @param text,len the saved text (need not be NUL-terminated).
 * @param opts may be NULL (built-in variants and tile sets).
 * @param out receives the game; free with carc_game_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PARSE (malformed text or a move
 *         that is not legal when replayed), ::CARC_E_LIMIT (more than 1280
 *         history records, or more queued draws than a game holds), ::CARC_E_NOT_FOUND, ::CARC_E_NOMEM,
 *         ::CARC_E_VERSION, and the errors of carc_game_new().
 */
CARC_API int carc_game_load(const carc_load_options *opts, const char *text, size_t len, carc_game **out);

/** @} */

/** @defgroup bots What players know, for bots
 *  Calls for programs that think about moves (carcassonne_search.h is one):
 *  they let a bot work on a copy of a game without knowing more than a
 *  player at the table does.
 *  @{ */

/**
 * Deals the tiles lying hidden unseen (under a hill, ::CARC_REMOVED_HIDDEN)
 * again at random. Nobody at the table knows which tiles those are, but a
 * copy of the game does, and its stacks lack them, so a bot drawing from a
 * copy would never draw them. After this call each hidden tile has stayed
 * or changed places with a copy of its stack, so that the hidden ones are a
 * uniform draw from the hidden tiles and the tiles left in their stacks
 * (copies a queued fixed draw needs are left alone). Call it on a bot's
 * scratch copy, after carc_game_reseed(), before looking ahead.
 * Each change is kept in the history as a `rehide` (saves replay it) and
 * takes one number from the game's generator, as a rehide named by the
 * caller does.
 * @param g the game. @param seed picks the tiles: the same game and seed
 *        give the same deal.
 * @return ::CARC_OK (also when nothing lies hidden), ::CARC_E_NULL,
 *         ::CARC_E_GAME_OVER, ::CARC_E_LIMIT (no room left in the history
 *         for a record per hidden tile; nothing changed).
 * Does not allocate.
 */
CARC_API int carc_game_redeal_hidden(carc_game *g, uint64_t seed);

/** @} */

/** @defgroup json Game state as JSON
 *  What a server sends to players and a client shows: the public state of
 *  a game as one JSON document (UTF-8), described member by member in
 *  docs/state-json.md and checked by the JSON Schema docs/state.schema.json.
 *  A save (carc_game_save()) stays the exact replay of a game; this
 *  document is a picture of one moment, without the seed, the order of the
 *  stacks or the tiles hidden under hills, and it cannot be loaded.
 *  @{ */

/** The `version` member of the JSON documents this library writes (the
 *  state of a game, a tile set). Members may be added without a new
 *  version; a member removed or given another meaning changes it. */
#define CARC_JSON_VERSION 1

/**
 * Writes the public state of a game as a JSON document: the variant and its
 * options, the decision waited for and who makes it, the drawn tile, each
 * seat's score with its breakdown and what it would be if the game ended
 * now, figures in supply, hands, tokens and views, the board (every tile
 * with its type, rotation and features, each feature with the id of the
 * whole feature it belongs to), the figures, tiles out of play, the bags,
 * the legal moves of the current decision in move text
 * (carc_move_format()), and the log.
 *
 * The game is not changed, so a document may be asked for at any moment
 * without changing a later draw, score or save. If this turn's tile is not
 * drawn yet, the document shows the tile the game will draw when next
 * asked (carc_game_state()), worked out on a copy; a later
 * carc_game_set_next_tile() or carc_game_reseed() before that question
 * can still change it.
 * @param g the game (not changed).
 * @param buf,cap caller buffer (may be NULL/0 to ask for the size).
 * @param len out: bytes needed, not counting the terminating NUL that is
 *        written when there is room.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_BUFFER (also for the size
 *         query with `buf` NULL, since no text was written; a buffer of
 *         `cap` > 0 bytes then holds the first `cap - 1` bytes of the
 *         document and a NUL), ::CARC_E_NOMEM.
 * Allocates a scratch copy of the game and the list of legal moves per call.
 */
CARC_API int carc_game_state_json(const carc_game *g, char *buf, size_t cap, size_t *len);

/**
 * Writes a tile set as a JSON document (docs/state-json.md, schema
 * docs/tileset.schema.json): its stacks, the attributes it uses, and every
 * tile type with its copies, stack, edge letters and features, each feature
 * with its id, kind, edge slots, the features of its tile it borders or is
 * linked to, and the attributes it shows. What a client needs to draw the
 * tiles of a game's document (carc_game_state_json() names tile types by
 * index and name); the same facts as carc_tileset_type() and
 * carc_tileset_feature_info().
 * @param ts the tile set (carc_game_tileset() gives a game's).
 * @param buf,cap,len as for carc_game_state_json().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_BUFFER. Does not allocate.
 */
CARC_API int carc_tileset_json(const carc_tileset *ts, char *buf, size_t cap, size_t *len);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
