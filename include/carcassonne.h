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
#define CARC_VERSION_MINOR 3 /**< Minor version: additions only. */
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

/** @defgroup memory Memory: the allocator hook
 *  Every block of memory the library takes (a game, a tile set, a registry,
 *  the scratch space of a load, a projection or a batch of playouts) comes
 *  from the allocator of the object it is for, and goes back to it. An
 *  allocator is given where an object is made: ::carc_game_options,
 *  ::carc_load_options, carc_tileset_parse_with(), carc_registry_new_with().
 *  It is copied into the object (the struct need not outlive the call; the
 *  `user` pointer's target must outlive every object made with it) and
 *  inherited by what is made from the object: a clone of a game, the
 *  scratch game of carc_game_projection() and carc_game_playouts(), the
 *  tile-set check of carc_registry_add(). Without one (a NULL pointer) the
 *  C library's malloc() and free() are used.
 *
 *  There is no process-wide allocator to set: two parts of a program (or two
 *  libraries inside it) each pass their own. Two things are not made for any
 *  object and so always come from malloc(): each built-in variant's tile
 *  set, parsed once the first time a game of it is made and shared by all
 *  such games until the library is unloaded, and the tile set that
 *  carc_variant_describe() parses for a variant that is not built in (and
 *  frees before it returns).
 *
 *  When an allocation fails the call returns ::CARC_E_NOMEM and, as for any
 *  failure, changes nothing it was given and keeps nothing it took; a retry
 *  may succeed. The suite checks this for every entry point that allocates
 *  by failing its 1st, 2nd, ... allocation in turn (tests/core/test_core_nomem.c).
 *  @{ */

/**
 * A memory allocator: three functions and the pointer they are given.
 * Zero-initialise, set `struct_size` to `sizeof(carc_allocator)`, then fill in.
 * The functions may be called from any thread that uses an object made with
 * the allocator (distinct objects from distinct threads at the same time),
 * so they must be thread-safe if the objects are spread over threads.
 */
typedef struct carc_allocator {
    uint32_t struct_size; /**< `sizeof(carc_allocator)`. */
    /** Returns a block of `size` bytes (never 0) aligned for any object
     *  type, as malloc() is (`alignof(max_align_t)`: a game holds 16-byte
     *  vectors), or NULL if there is none. Required. */
    void *(*alloc)(void *user, size_t size);
    /** Grows or shrinks block `ptr` of `old_size` bytes to `new_size`,
     *  keeping its contents, as realloc() does; NULL leaves `ptr` as it was.
     *  Optional (NULL: the library takes a new block, copies and releases
     *  the old one); no entry point of this version grows a block. */
    void *(*resize)(void *user, void *ptr, size_t old_size, size_t new_size);
    /** Gives back block `ptr`, which has `size` bytes (the size it was taken
     *  or last resized with), so an allocator may keep no sizes of its
     *  own. Never called with NULL. Required. */
    void (*release)(void *user, void *ptr, size_t size);
    void *user;           /**< Passed to every call; the library never reads it. */
} carc_allocator;

/** Smallest struct_size accepted for ::carc_allocator. */
#define CARC_ALLOCATOR_SIZE_V1 (offsetof(carc_allocator, user) + sizeof(void *))

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
    CARC_VIEW_FEATURE = 4  /**< a set per feature of a placed tile
                                (owner = tile index * ::CARC_VIEW_FEATURE_STRIDE + feature) */
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

/**
 * carc_registry_new() with an allocator for the registry and for what
 * carc_registry_add() takes to check a variant.
 * @param alloc the allocator (copied; NULL: malloc() and free()).
 * @param out receives the registry; free it with carc_registry_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION (`alloc->struct_size`
 *         below ::CARC_ALLOCATOR_SIZE_V1), ::CARC_E_INVALID (`alloc` without
 *         its `alloc` or `release` function), ::CARC_E_NOMEM.
 */
CARC_API int carc_registry_new_with(const carc_allocator *alloc, carc_registry **out);

/** Frees a registry (through the allocator it was made with). NULL is accepted. Variants it lists
 *  are not freed (the caller owns added ones). */
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

/**
 * carc_registry_add() that also says what is wrong: the same statuses, and
 * on failure a one-line message in `err` naming the member of the variant
 * at fault and the reason, such as `options[1] hand: default_value 3 is
 * outside 0 to 1`, `kinds[2].name "my kind": a name is 1 to 63 printable
 * bytes without spaces`, or for its tile set `tiles: line 12: unknown
 * feature kind 'forrest'`.
 * @param reg,v as for carc_registry_add().
 * @param err,err_cap optional caller buffer (may be NULL/0); set to `""` on
 *        success, cut to fit and NUL-terminated.
 * @return as carc_registry_add().
 */
CARC_API int carc_registry_add_v2(carc_registry *reg, const carc_variant *v, char *err, size_t err_cap);

/**
 * Checks a variant as carc_registry_add(), carc_game_new() and
 * carc_variant_describe() do before they use it, without registering it:
 * the vtable's version, counts, names, options, bags, actions and views,
 * then its tile set. A variant's author can call it from a test.
 * @param v the variant.
 * @param err,err_cap optional caller buffer for a one-line message naming
 *        the member at fault and why (as for carc_registry_add_v2()).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION (`struct_size` or
 *         `abi`), ::CARC_E_INVALID, ::CARC_E_LIMIT (more figures than a
 *         game holds), ::CARC_E_NOMEM.
 */
CARC_API int carc_variant_check(const carc_variant *v, char *err, size_t err_cap);

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
 *         types, 1020 tiles, 12 features on a tile, 16 attribute names,
 *         attribute values up to 255, 4 stacks, 15 edge letters; or one of
 *         the variant's own, which the message names: "9 pit traps, at
 *         most 8" in Hunters & Gatherers), ::CARC_E_INVALID (the variant
 *         refused the set otherwise),
 *         ::CARC_E_NOMEM.
 */
CARC_API int carc_tileset_parse(const carc_variant *v, const char *text, size_t len, carc_tileset **out,
                                char *err, size_t err_cap);

/**
 * carc_tileset_parse() with an allocator for the tile set.
 * @param alloc the allocator (copied; NULL: malloc() and free()).
 * @param v,text,len,out,err,err_cap as for carc_tileset_parse().
 * @return as carc_tileset_parse(), and ::CARC_E_VERSION or ::CARC_E_INVALID
 *         for an allocator as carc_registry_new_with() says.
 */
CARC_API int carc_tileset_parse_with(const carc_allocator *alloc, const carc_variant *v, const char *text, size_t len,
                                     carc_tileset **out, char *err, size_t err_cap);

/** Frees a tile set (through the allocator it was made with). NULL is accepted. Games using it must be freed first. */
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
    /** Bit j: it is joined to feature j of the same tile in a system (`link=`, a river and its lake). */
    unsigned links;
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
    /* appended after 0.2.0: read only when struct_size covers it */
    const carc_allocator *allocator; /**< Where the game's memory comes from (copied); NULL: malloc(). */
} carc_game_options;

/** Smallest struct_size accepted for ::carc_game_options: the members 0.2 had. */
#define CARC_GAME_OPTIONS_SIZE_V1 (offsetof(carc_game_options, tileset) + sizeof(const carc_tileset *))

/**
 * Creates a game; the start tile is already on the board and player 0 is to move.
 * @param opts options (copied; strings need not outlive the call).
 * @param out receives the game; free with carc_game_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION (`struct_size` below
 *         ::CARC_GAME_OPTIONS_SIZE_V1, or the allocator's below
 *         ::CARC_ALLOCATOR_SIZE_V1), ::CARC_E_NOT_FOUND (variant
 *         or option name), ::CARC_E_RANGE (players, option value),
 *         ::CARC_E_MISMATCH (tile set of another variant), ::CARC_E_INVALID
 *         (also an allocator without its `alloc` or `release`), ::CARC_E_NOMEM.
 */
CARC_API int carc_game_new(const carc_game_options *opts, carc_game **out);

/** Frees a game (through the allocator it was made with). NULL is accepted. */
CARC_API void carc_game_free(carc_game *g);

/**
 * Makes an independent copy of a game (one allocation, one copy), with
 * the allocator of `g`.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_NOMEM.
 */
CARC_API int carc_game_clone(const carc_game *g, carc_game **out);

/**
 * Copies `src` into an existing game `dst` of the same variant and tile set
 * without allocating: the cheap reset for tree search and playouts. `dst`
 * keeps its own allocator.
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
 *
 * A turn begins with its draw: the tile (or, with hands, the deal that
 * fills them and the tiles set aside because they fit nowhere) is drawn
 * as soon as the turn before ends, inside the carc_game_apply() call that
 * ends it; the first turn's when carc_game_new() makes the game. So a game
 * is always at a decision with its chance already decided, and every query
 * (carc_game_state(), carc_game_moves(), carc_game_hand() and the rest,
 * all taking a `const` game) only reads: any number of them, in any order,
 * from any number of threads at once, change no later draw, score or save.
 * carc_game_reseed() changes the draws after the one made. Calls that fix
 * a draw say what the table holds: carc_game_set_next_tile() replaces the
 * tile drawn for this turn, or queues the next one; until the first move
 * of a game, carc_game_set_next_tile() and carc_game_set_deck_order() also
 * fix what the game drew when it was made (its draws are made again, the
 * fixed ones first), so a game is set up as its table was dealt.
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
 * The phase of the game and the player to decide.
 * @param g the game.
 * @param phase out (may be NULL).
 * @param player out (may be NULL): 0-based seat of the player who decides
 *        now. That is the player whose turn it is, except for a decision a
 *        ruleset gives another player during scoring (a tied player picking
 *        a harvest token).
 * @return ::CARC_OK or ::CARC_E_NULL.
 */
CARC_API int carc_game_state(const carc_game *g, carc_phase *phase, int *player);

/**
 * The tile type drawn for this turn.
 * In a game where players hold hands of tiles it is the first tile of the
 * hand of the player to move (carc_game_hand() lists them all), except in
 * an extra turn, whose tile comes from its own stack and is in no hand.
 * @param g the game.
 * @param tile out: tile type index.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_GAME_OVER, ::CARC_E_PHASE (the
 *         tile of this turn is already placed; see carc_game_last_tile()).
 */
CARC_API int carc_game_drawn_tile(const carc_game *g, int *tile);

/**
 * The tiles in a player's hand, in a game whose ruleset deals hands (see
 * carc_set_hand() in carcassonne_variant.h; every hand is public). Without
 * hands it gives the tile drawn for the player to move, if drawn, and none
 * for the others; the tile of an extra turn is in no hand
 * (carc_game_drawn_tile() gives it).
 * @param g the game. @param player seat.
 * @param tiles,cap caller buffer for tile type indices (may be NULL/0).
 * @param n out: number of tiles in the hand (even when more than `cap`).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_BUFFER.
 */
CARC_API int carc_game_hand(const carc_game *g, int player, int *tiles, int cap, int *n);

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
 * Most moves one decision can offer in any game: four turns of each of up
 * to four distinct tiles in a hand (::CARC_MAX_HAND) on each of the 2,048
 * open squares a set of 1,020 tiles can leave, and 512 of a variant's own.
 * A built-in ruleset lists more of its own only at the figure step, where
 * no tile is placed (Over Hill and Dale's hikes: at most 4 wanderers
 * times 2,047 other pieces of a path), well inside this too.
 * A buffer of this many moves (532,480 bytes) takes every listing of
 * carc_game_moves() whole; a base game lists at most a few hundred.
 */
#define CARC_MAX_MOVES 33280

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
CARC_API int carc_game_moves(const carc_game *g, carc_move *buf, size_t cap, size_t *count);

/**
 * Plays a move. An illegal move changes nothing. A move that ends a turn
 * also makes the next turn's draw (see @ref turns).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_GAME_OVER, ::CARC_E_ILLEGAL_MOVE,
 *         ::CARC_E_PHASE (a move kind the current phase does not take),
 *         ::CARC_E_LIMIT (history full: a game keeps 64 + 8 × its tile
 *         set's tiles + 64 records of draws, moves and reseeds, 704 for
 *         base, where a real game uses about 3 a tile; the game is
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
 * Allocates once per call (a scratch game and a move buffer, with the
 * allocator of `g`), never per move; once more when a decision's moves
 * outgrow the buffer (a ruleset's own past 512), as the playouts are then
 * made again with a larger one, to the same scores.
 */
CARC_API int carc_game_playouts(const carc_game *g, int n, uint64_t seed, int *scores, size_t cap);

/**
 * Writes a move as one line of text in the words of saved games, e.g.
 * `tile K 2 -1 1`, `figure shepherd f1` (on the tile placed this turn;
 * on any other tile its square follows, `figure follower c1 2 -1`), `pass`,
 * `action grow 7`, `action hike 5 2 -1 p1` (actions by the names and
 * arguments the variant declares, carc_variant_action(); an unnamed
 * action as its six numbers `action CODE TARGET X Y FIGURE FEATURE`).
 * Feature ids are those of the tile lying at the move's square, so a
 * FIGURE move is written while its tile is on the board. Whatever text is
 * written, carc_move_parse() reads it back as the same move (up to the
 * members its kind, or its action's arguments, leave unused).
 * @param g the game the move belongs to. @param m the move.
 * @param buf,cap caller buffer (may be NULL/0 to ask for the length); a
 *        terminating NUL is written when there is room.
 * @param len out: length of the text without the NUL.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_BUFFER, ::CARC_E_INVALID (a
 *         figure or feature that does not exist on that square, a tile type
 *         or a rotation (above 3) that does not exist, an unknown kind).
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
 *         ::CARC_E_NOT_FOUND (no such tile, figure, feature or action name;
 *         a named action given as six numbers whose feature is not on the
 *         tile at its square),
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
    int id;                         /**< Stable while the feature does not merge: pieces with equal id are
                                         one feature. */
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
CARC_API int carc_game_feature(const carc_game *g, int tile_index, int feature, carc_feature_info *info);

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

/** Describes figure `id` (0 .. count-1; ids are stable for the whole game).
 *  @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
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
CARC_API int carc_game_figure_points(const carc_game *g, int figure, int *points);

/**
 * A value of a variant's view (carc_variant_view()): value `k` of `owner`.
 * @param g the game. @param view view index.
 * @param owner by the view's shape: 0 (game), a seat, a figure id, a placed
 *        tile index, or `tile_index * CARC_VIEW_FEATURE_STRIDE + feature`.
 * @param k 0 .. the view's length - 1. @param value out.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE.
 */
CARC_API int carc_game_view(const carc_game *g, int view, int owner, int k, int *value);

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
 * Allocates one scratch game per call, with the allocator of `g`.
 */
CARC_API int carc_game_projection(const carc_game *g, int *totals, int ntotals, int *breakdown, int nbreakdown);

/**
 * carc_game_projection() without its allocation, for callers that project
 * often (an evaluation per candidate move, an observation per step): the
 * final scoring runs on `scratch`, whose contents are overwritten.
 * @param g the game (unchanged). @param scratch a game of the same variant
 *        and tile set (a clone of `g` made once will do), not `g` itself.
 * @param totals,ntotals,breakdown,nbreakdown as for carc_game_projection().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_MISMATCH (a scratch
 *         game of another variant or tile set), ::CARC_E_INVALID (`scratch` is `g`).
 * Does not allocate.
 */
CARC_API int carc_game_projection_with(const carc_game *g, carc_game *scratch, int *totals, int ntotals,
                                       int *breakdown, int nbreakdown);

/** Nonzero in `*over` when the game has ended. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_is_over(const carc_game *g, int *over);

/**
 * Bit mask of the players with the highest score (ties share the win).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PHASE (game not over).
 */
CARC_API int carc_game_winners(const carc_game *g, unsigned *mask);

/** Why points were scored. */
typedef enum carc_reason {
    CARC_REASON_COMPLETED = 0, /**< A feature was completed during play. */
    CARC_REASON_FINAL = 1,     /**< Final scoring at game end. */
    CARC_REASON_ACTION = 2     /**< A variant action (removing a follower, a flock, a special tile, an extra turn). */
} carc_reason;

/** What an entry of the game's log (carc_game_log()) records. */
typedef enum carc_event_kind {
    CARC_EVENT_SCORE = 0,      /**< A player scored (`points` may be 0). */
    CARC_EVENT_COMPLETED = 1,  /**< A feature was completed and nobody scored it (`player` is -1): only
                                    features of a kind the ruleset scores on completion
                                    (::CARC_KIND_SCORED; not a closed farm or meadow), with the
                                    `category` their scoring would have used. */
    CARC_EVENT_EXTRA_TURN = 2  /**< `player` was granted an extra turn. */
} carc_event_kind;

/** One scoring event: who got how many points, for which feature and why. */
typedef struct carc_event {
    int turn;        /**< Turn number. */
    int player;      /**< Seat that scored. */
    int points;      /**< Points scored (awards of 0 points are not among these events;
                          carc_game_log() lists them). */
    int category;    /**< Scoring category (carc_variant_category()). */
    int reason;      /**< A ::carc_reason. */
    int tile_index;  /**< A placed tile of the feature (-1 if none). */
    int feature;     /**< Feature index on that tile (-1 if none). */
} carc_event;

/** Number of scoring events (awards of points) so far; carc_game_log_count() counts every entry of
 *  the log. @return ::CARC_OK or ::CARC_E_NULL. */
CARC_API int carc_game_event_count(const carc_game *g, int *n);

/** Scoring event `i` (oldest first). @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE. */
CARC_API int carc_game_event(const carc_game *g, int i, carc_event *out);

/** An entry of the game's log: every award, every completion of a scored kind that nobody scored,
 *  every extra turn. */
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

/** Number of entries in the game's log. The log keeps 8 entries a tile of the game's tile set
 *  (576 for base, where random games with up to five players log at most 0.8 a tile); entries past
 *  that are not kept, and the scores stay exact. @return ::CARC_OK or ::CARC_E_NULL. */
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
    /* appended after 0.2.0: read only when struct_size covers them */
    char *err;                     /**< Optional buffer (caller-owned) for a one-line message naming the
                                        line of the save that failed and what is wrong with it, e.g.
                                        `line 3: base takes 2 to 5 players, not 7`; set to `""` on
                                        success. NULL: no message. */
    size_t err_cap;                /**< Bytes in `err` (the message is cut to fit, NUL-terminated). */
    const carc_allocator *allocator; /**< Where the game's memory and the load's scratch space come from
                                          (copied); NULL: malloc(). */
} carc_load_options;

/** Smallest struct_size accepted for ::carc_load_options: the members 0.2 had, without trailing padding. */
#define CARC_LOAD_OPTIONS_SIZE_V1 (offsetof(carc_load_options, tileset) + sizeof(const carc_tileset *))

/**
 * Rebuilds a saved game by replaying it.
 * @param text,len the saved text (need not be NUL-terminated).
 * @param opts may be NULL (built-in variants and tile sets). Its `err`
 *        buffer, if given, receives the line of the save at fault and the
 *        reason (docs/save-format.md lists them); a header line given twice,
 *        or text after the `end` line, is refused.
 * @param out receives the game; free with carc_game_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PARSE (malformed text or a move
 *         that is not legal when replayed), ::CARC_E_LIMIT (more history
 *         records than the game keeps, see carc_game_apply(), or more
 *         queued draws than a game holds), ::CARC_E_NOT_FOUND, ::CARC_E_NOMEM,
 *         ::CARC_E_VERSION, and the errors of carc_game_new().
 */
CARC_API int carc_game_load(const carc_load_options *opts, const char *text, size_t len, carc_game **out);

/** @} */

/** @defgroup learning Observations, action masks and batched steps
 *  A fixed numeric view of games for learning agents, laid out as
 *  docs/observations.md describes. An **encoding** is made once for a kind of
 *  game (variant, players, ruleset options, tile set, window radius): it writes
 *  any position of that kind into a caller's buffer as arrays of fixed shapes
 *  and gives every legal move one index of a fixed action space. A **batch**
 *  plays many games of one encoding together: one call applies an action in
 *  each and writes the observations, masks, rewards and episode ends of all of
 *  them, starting a new game wherever one ended.
 *
 *  The layout is described by the library itself (carc_encoding_array(),
 *  carc_encoding_planes(), carc_encoding_block()), so a binding needs no copy
 *  of it: it reads names, shapes, offsets and index axes at run time.
 *  @{ */

/** An observation and action layout. Read-only once made: share it freely between threads. */
typedef struct carc_encoding carc_encoding;
/** Games stepped together. Owned by the caller; one thread may use it at a time. */
typedef struct carc_batch carc_batch;

/** Version of the observation and action layout (carc_encoding_info::layout).
 *  It changes whenever an array, plane or action index would move. */
#define CARC_ENCODING_LAYOUT 2
/** Window radius used when ::carc_encoding_options::radius is 0. */
#define CARC_ENCODING_RADIUS 16
/** Largest window radius an encoding accepts. */
#define CARC_ENCODING_RADIUS_MAX 127
/** Unnamed action codes covered when ::carc_encoding_options::action_codes is 0. */
#define CARC_ENCODING_ACTION_CODES 4
/** Largest number of unnamed action codes an encoding covers. */
#define CARC_ENCODING_ACTION_CODES_MAX 64

/** What kind of game an encoding is for. Zero-initialise, set `struct_size`, then fill in. */
typedef struct carc_encoding_options {
    uint32_t struct_size;          /**< `sizeof(carc_encoding_options)`. */
    const carc_game_options *game; /**< The kind of game: variant, registry, players, ruleset options and
                                        tile set, as for carc_game_new() (its seed is not used). Read during
                                        the call only; the registry, variant and tile set it names are
                                        borrowed and must outlive the encoding. */
    int radius;                    /**< Board window radius R, 1 .. ::CARC_ENCODING_RADIUS_MAX
                                        (0: ::CARC_ENCODING_RADIUS).
                                        The window holds the squares with -R <= x, y <= R. */
    int action_codes;              /**< Unnamed ACTION codes the action space covers, 1 ..
                                        ::CARC_ENCODING_ACTION_CODES_MAX (0: ::CARC_ENCODING_ACTION_CODES). */
} carc_encoding_options;

/**
 * Makes an encoding. It plays nothing: a game of the given kind is made and
 * freed during the call to read its figures, hands and stacks.
 * @param opts the options (not kept).
 * @param out receives the encoding; free it with carc_encoding_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION (a struct_size too small),
 *         ::CARC_E_RANGE (radius or action_codes outside their ranges), the
 *         errors of carc_game_new() for `opts->game`, ::CARC_E_NOMEM.
 */
CARC_API int carc_encoding_new(const carc_encoding_options *opts, carc_encoding **out);

/** Frees an encoding. NULL is accepted. Batches using it must be freed first. */
CARC_API void carc_encoding_free(carc_encoding *e);

/** The sizes of an encoding (filled by carc_encoding_describe()); docs/observations.md names them. */
typedef struct carc_encoding_info {
    uint32_t struct_size;     /**< Set to `sizeof(carc_encoding_info)` before the call. */
    int layout;               /**< ::CARC_ENCODING_LAYOUT of the library that made the encoding. */
    int players;              /**< P: seats. */
    int radius;               /**< R: window radius. */
    int width;                /**< W = 2R + 1: squares along a side of the window. */
    int tile_types;           /**< NT: tile types of the tile set. */
    int kinds;                /**< K: feature kinds of the variant. */
    int figure_kinds;         /**< FK: figure kinds. */
    int features_max;         /**< FMAX: most features on one tile type (at least 1). */
    int hand_slots;           /**< H: hand slots (1 without hands). */
    int figures;              /**< NFIG: figures in a game, all seats. */
    int figure_slots;         /**< FP: most figures one seat owns (the figure axis of square actions). */
    int token_kinds;          /**< NTOK: token kinds of all bags. */
    int targets;              /**< T: action targets, max(NFIG, largest bag's token kinds, 1). */
    int action_codes;         /**< C: unnamed action codes covered. */
    int decks;                /**< S: draw stacks. */
    int array_count;          /**< Observation arrays (carc_encoding_array()). */
    int plane_group_count;    /**< Named plane groups (carc_encoding_planes()). */
    int block_count;          /**< Blocks of the action space (carc_encoding_block()). */
    int action_count;         /**< Size of the action space: indices 0 .. action_count - 1. */
    size_t observation_bytes; /**< Bytes of one observation (a multiple of 64). */
} carc_encoding_info;

/**
 * Describes an encoding.
 * @param e the encoding. @param info out: filled up to `info->struct_size` bytes.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION (struct_size below the
 *         members of the first version).
 */
CARC_API int carc_encoding_describe(const carc_encoding *e, carc_encoding_info *info);

/** Element types of observation arrays. */
typedef enum carc_obs_dtype {
    CARC_DTYPE_UINT8 = 1, /**< unsigned 8-bit */
    CARC_DTYPE_INT16 = 2, /**< signed 16-bit, native byte order */
    CARC_DTYPE_INT32 = 3  /**< signed 32-bit, native byte order */
} carc_obs_dtype;

/** One array of an observation: where it lies in the buffer and its shape (row-major). */
typedef struct carc_obs_array {
    uint32_t struct_size; /**< Set to `sizeof(carc_obs_array)`. */
    const char *name;     /**< E.g. `"board"`; static. */
    int dtype;            /**< A ::carc_obs_dtype. */
    int ndim;             /**< Dimensions, 1 to 3. */
    int shape[3];         /**< Size of each dimension (entries past `ndim` are 0); a size may be 0. */
    size_t offset;        /**< Byte offset from the start of an observation (a multiple of 64). */
    size_t bytes;         /**< Bytes it holds: the product of the shape times the element size. */
} carc_obs_array;

/**
 * Array `index` (0 .. carc_encoding_info::array_count - 1) of an observation,
 * in the order of docs/observations.md (`board` first).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_VERSION.
 */
CARC_API int carc_encoding_array(const carc_encoding *e, int index, carc_obs_array *out);

/** A named run of planes of a three-dimensional array (`board` or `view_board`). */
typedef struct carc_obs_planes {
    uint32_t struct_size; /**< Set to `sizeof(carc_obs_planes)`. */
    const char *name;     /**< E.g. `"slot_kind"`, or a view's name in `view_board`; lives as long as the encoding. */
    int array;            /**< Index of the array the planes belong to (carc_encoding_array()). */
    int first;            /**< First plane. */
    int count;            /**< Planes in the run. */
} carc_obs_planes;

/**
 * Plane group `index` (0 .. carc_encoding_info::plane_group_count - 1): the
 * board's groups in order, then one per view in `view_board`.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_VERSION.
 */
CARC_API int carc_encoding_planes(const carc_encoding *e, int index, carc_obs_planes *out);

/** Most axes an action block's indices range over. */
#define CARC_BLOCK_AXES 4

/**
 * A block of the action space: consecutive indices `offset .. offset + size - 1`
 * standing for moves of one kind. An index inside it is read as digits over the
 * axes, the first axis the slowest: `offset + ((a0 * s1 + a1) * s2 + a2) * s3 + a3`
 * for axes of sizes s0..s3. docs/observations.md says what each axis is.
 */
typedef struct carc_action_block {
    uint32_t struct_size;                   /**< Set to `sizeof(carc_action_block)`. */
    const char *name;                       /**< `"tile"`, `"figure"`, `"pass"`, `"action:NAME"` or `"action:unnamed"`;
                                                 lives as long as the encoding. */
    int offset;                             /**< First index of the block. */
    int size;                               /**< Indices in the block (the product of the axis sizes). */
    int move_kind;                          /**< The ::carc_move_kind of its moves. */
    int action;                             /**< The ACTION code of a named action's block, else -1. */
    int axis_count;                         /**< Axes, 0 .. ::CARC_BLOCK_AXES. */
    const char *axis_names[CARC_BLOCK_AXES]; /**< Each axis: `"hand_slot"`, `"y"`, `"x"`, `"rotation"`, `"figure"`,
                                                  `"feature"`, `"figure_slot"`, `"target"` or `"code"`; static. */
    int axis_sizes[CARC_BLOCK_AXES];        /**< Size of each axis. */
} carc_action_block;

/**
 * Block `index` (0 .. carc_encoding_info::block_count - 1) of the action space, in index order.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE, ::CARC_E_VERSION.
 */
CARC_API int carc_encoding_block(const carc_encoding *e, int index, carc_action_block *out);

/**
 * Writes a position as the encoding's arrays, seen by one seat: every array
 * with a player axis is turned so that its row 0 is that seat.
 * @param e the encoding. @param g a game of the encoding's kind (same variant,
 *        players, ruleset options and tile set); it may perform its pending draw.
 * @param perspective the seat that looks (0 .. players - 1), or -1 for the seat that decides now.
 * @param out,size the caller's buffer, 4-byte aligned, of at least
 *        carc_encoding_info::observation_bytes bytes; every byte of that many is written.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE (perspective), ::CARC_E_BUFFER
 *         (size too small; nothing written), ::CARC_E_INVALID (`out` not 4-byte
 *         aligned), ::CARC_E_MISMATCH (a game of another kind), ::CARC_E_NOMEM.
 * Thread-safe for distinct games.
 */
CARC_API int carc_encoding_observe(const carc_encoding *e, carc_game *g, int perspective, void *out, size_t size);

/**
 * Writes the legal-action mask of the current decision: `mask[i]` is 1 when
 * action `i` plays a legal move now, else 0. A legal move the action space has
 * no index for (a square outside the window, a target past the axis) is not in
 * the mask and is counted in `unindexed`.
 * @param e the encoding. @param g the game.
 * @param mask,size the caller's buffer of at least carc_encoding_info::action_count bytes (that many written).
 * @param legal out (may be NULL): legal moves now (0 once the game is over).
 * @param unindexed out (may be NULL): of those, how many have no index.
 * @return ::CARC_OK (a finished game gives an empty mask), ::CARC_E_NULL,
 *         ::CARC_E_BUFFER, ::CARC_E_MISMATCH, ::CARC_E_NOMEM.
 */
CARC_API int carc_encoding_mask(const carc_encoding *e, carc_game *g, uint8_t *mask, size_t size, int *legal,
                                int *unindexed);

/**
 * The action index of each of `n` moves in the current decision of `g` (the
 * hand of the seat deciding now gives the tile block's hand slot), or -1 for
 * a move the action space has no index for. Legality is not checked.
 * @param e the encoding. @param g the game. @param moves,n the moves.
 * @param out receives `n` indices.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_MISMATCH.
 */
CARC_API int carc_encoding_indices(const carc_encoding *e, carc_game *g, const carc_move *moves, size_t n,
                                   int32_t *out);

/**
 * The legal move action `action` plays now (the map from index to move).
 * @param e the encoding. @param g the game. @param action an index.
 * @param out receives the move (unchanged on failure).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_RANGE (not in 0 .. action_count - 1),
 *         ::CARC_E_ILLEGAL_MOVE (no legal move has that index now),
 *         ::CARC_E_GAME_OVER, ::CARC_E_MISMATCH, ::CARC_E_NOMEM.
 */
CARC_API int carc_encoding_move(const carc_encoding *e, carc_game *g, int action, carc_move *out);

/** What a batch pays each seat (::carc_batch_options::reward). */
typedef enum carc_reward_kind {
    CARC_REWARD_SCORE = 0, /**< At every step, each seat's change of (own score - mean of the others'
                                scores): an episode adds up to the final margin. */
    CARC_REWARD_WIN = 1    /**< Nothing until the end, then +1 to every seat with the top score and -1 to the others. */
} carc_reward_kind;

/** What a batch does with an action outside the mask (::carc_batch_options::illegal). */
typedef enum carc_illegal_policy {
    CARC_ILLEGAL_REFUSE = 0, /**< The step fails with ::CARC_E_ILLEGAL_MOVE and changes nothing;
                                  carc_batch_error() names the game, seat and action. */
    CARC_ILLEGAL_LOSE = 1    /**< The offending game ends at once as terminated: that step pays the seat that
                                  chose the action -1 and every other seat 0, and the game starts anew. */
} carc_illegal_policy;

/** How to make a batch. Zero-initialise, set `struct_size`, then fill in. */
typedef struct carc_batch_options {
    uint32_t struct_size;           /**< `sizeof(carc_batch_options)`. */
    const carc_encoding *encoding;  /**< The kind of game and its layout. Borrowed: it must outlive the batch. */
    int games;                      /**< Games stepped together, 1 .. 65536. */
    int threads;                    /**< Worker threads started besides the caller's, 0 .. 64. 0: every game is
                                         stepped in the calling thread. Fewer are used if the system refuses some. */
    int reward;                     /**< A ::carc_reward_kind. */
    int illegal;                    /**< A ::carc_illegal_policy. */
} carc_batch_options;

/**
 * Makes a batch. Its games exist after the first carc_batch_reset().
 * @param opts options (copied). @param out receives the batch; free with carc_batch_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION, ::CARC_E_RANGE (games,
 *         threads, reward or illegal out of range), ::CARC_E_NOMEM.
 */
CARC_API int carc_batch_new(const carc_batch_options *opts, carc_batch **out);

/** Frees a batch, its games and its threads. NULL is accepted. */
CARC_API void carc_batch_free(carc_batch *b);

/**
 * Where a batch call writes its results: buffers owned by the caller, for all
 * games at once, game i's entries at row i. Optional buffers may be NULL (with
 * their size 0). Sizes count bytes for `observations`, `final_observations` and
 * `masks`, and entries for the others.
 */
typedef struct carc_batch_buffers {
    uint32_t struct_size;          /**< `sizeof(carc_batch_buffers)`. */
    void *observations;            /**< games × observation_bytes: each game's position, seen by the seat to
                                        decide. 4-byte aligned. */
    size_t observations_size;      /**< Its size in bytes. */
    uint8_t *masks;                /**< games × action_count: each game's legal-action mask. */
    size_t masks_size;             /**< Its size in bytes. */
    double *rewards;               /**< games × players: what the step paid each seat, in seat order (not turned). */
    size_t rewards_count;          /**< Its entries. */
    uint8_t *terminations;         /**< games: 1 where the game ended by the rules (or an illegal action,
                                        ::CARC_ILLEGAL_LOSE). */
    uint8_t *truncations;          /**< games: 1 where the game was cut short (a decision whose legal moves all lack an
                                        index, or a history that is full). */
    int32_t *seats;                /**< games: the seat to decide in the observation written. */
    int32_t *actors;               /**< games: the seat whose action the step applied (-1 after a reset). */
    size_t games_count;            /**< Entries of each of terminations, truncations, seats and actors. */
    void *final_observations;      /**< Optional, games × observation_bytes: where a game ended in this step, its
                                        last position seen by the seat that acted (other rows untouched). */
    size_t final_observations_size; /**< Its size in bytes. */
    int32_t *legal;                /**< Optional, games × legal_cap: the legal actions of each game, in the order
                                        the library lists their moves, -1 after the last. */
    size_t legal_size;             /**< Its entries. */
    int32_t *legal_counts;         /**< Optional, games: how many legal actions each game has (may exceed legal_cap). */
    int legal_cap;                 /**< Entries per game in `legal`. */
} carc_batch_buffers;

/**
 * Starts a new game in every slot of the batch and writes their first
 * observations and masks (rewards 0, no ends, actors -1). Game i's k-th game
 * since this reset is made by carc_game_new() with a seed computed from
 * (`seed`, i, k); carc_batch_seed() tells it.
 * @param b the batch. @param seed the seed of this run.
 * @param out the caller's buffers (checked before anything changes).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_BUFFER (a buffer too small; carc_batch_error()
 *         names it), ::CARC_E_INVALID (a misaligned buffer), the errors of carc_game_new(), ::CARC_E_NOMEM.
 */
CARC_API int carc_batch_reset(carc_batch *b, uint64_t seed, const carc_batch_buffers *out);

/**
 * Applies one action in every game and writes the results. The gym
 * convention it follows is Gymnasium's *same-step* autoreset: a game that ends
 * in this step has its termination or truncation flag and its last rewards
 * written, its last position written to `final_observations` (if given), and
 * is replaced at once by a new game, whose first observation and mask are the
 * ones written to `observations` and `masks`. So every observation returned
 * has a legal action.
 * @param b the batch. @param actions,n one action index per game (`n` = games).
 * @param out the caller's buffers.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PHASE (no reset yet), ::CARC_E_RANGE
 *         (`n` is not the number of games), ::CARC_E_BUFFER, ::CARC_E_INVALID,
 *         ::CARC_E_ILLEGAL_MOVE (with ::CARC_ILLEGAL_REFUSE: an action outside its
 *         game's mask; carc_batch_error() names the game, seat and action),
 *         ::CARC_E_NOMEM (a decision had more moves than the game's move list held
 *         and it could not grow: that game was cut short and started anew, the
 *         others stepped; the one failure that comes after changes). On any other
 *         failure no game has changed and nothing was written.
 */
CARC_API int carc_batch_step(carc_batch *b, const int32_t *actions, size_t n, const carc_batch_buffers *out);

/**
 * Borrows game `index` of the batch, to read (carc_game_save(), carc_game_tile(),
 * a clone...). It must not be changed (no apply, draw fixing or reseed), and it
 * lives until the next step, reset or free of the batch.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PHASE (no reset yet), ::CARC_E_RANGE.
 */
CARC_API int carc_batch_game(carc_batch *b, int index, carc_game **out);

/**
 * The seed game `index` of the batch was made with (give it to carc_game_new()
 * with the encoding's game options to replay that game).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_PHASE (no reset yet), ::CARC_E_RANGE.
 */
CARC_API int carc_batch_seed(const carc_batch *b, int index, uint64_t *seed);

/**
 * Why the batch's last call failed, in one line naming what was wrong and what
 * would be accepted; `""` after a call that succeeded.
 * @return a string owned by the batch, valid until its next call; never NULL (`""` for a NULL batch).
 */
CARC_API const char *carc_batch_error(const carc_batch *b);

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
 * The game is only read (like every query, @ref turns), so a document may
 * be asked for at any moment without changing a later draw, score or
 * save; it shows the tile drawn as the turn began.
 * @param g the game (not changed).
 * @param buf,cap caller buffer (may be NULL/0 to ask for the size).
 * @param len out: bytes needed, not counting the terminating NUL that is
 *        written when there is room.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_BUFFER (also for the size
 *         query with `buf` NULL, since no text was written; a buffer of
 *         `cap` > 0 bytes then holds the first `cap - 1` bytes of the
 *         document and a NUL), ::CARC_E_NOMEM.
 * Allocates, from the game's allocator (::carc_allocator), the
 * projection's scratch game and the list of legal moves per call, all
 * before a byte is written: a call that fails with ::CARC_E_NOMEM leaves
 * `buf` and `*len` as they were.
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
