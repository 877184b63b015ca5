/**
 * @file carcassonne_search.h
 * @brief libcarcassonne-search: a Monte Carlo tree search bot on top of the rules engine.
 *
 * The rules engine (carcassonne.h) leaves thinking about good moves to its
 * callers; this library is one such caller, built and shipped on its own
 * (`libcarcassonne-search.so`, pkg-config `carcassonne-search`). It uses
 * nothing but the engine's public API, so it plays every ruleset the engine
 * plays, third-party ones included, with 2 to 5 players (or as many as the
 * ruleset allows, up to ::CARC_MAX_PLAYERS).
 *
 * ### The search
 * Monte Carlo tree search (UCT) over the engine's own decisions: each
 * node of the tree is a decision (a tile placement, a figure step, any
 * action of the ruleset) and each edge a legal move as carc_game_moves()
 * lists it. An iteration copies the position, walks down the tree choosing
 * at each node the move with the best upper confidence bound
 * `mean + c * sqrt(ln N / n)` for the player who decides there, adds one
 * node, plays the game to its end with uniformly random moves, and adds the
 * result to every move it went through.
 *
 * **Chance.** Everything no player knows (the order of the tiles, tiles
 * hidden under hills, tokens drawn from a bag) is drawn by the engine
 * itself on the iteration's copy, after carc_game_reseed() with a seed of
 * the iteration's own and carc_game_redeal_hidden(), so the copy holds no
 * more than a player does and each outcome comes with the probability the
 * rules give it (a tile type by the copies of it left). After each move the
 * search looks at what the draw showed (the tile drawn, every hand, the
 * contents of each bag, the tiles set aside) and follows, or adds, the
 * child of that outcome: a chance node whose outcomes are visited as often
 * as they come up. No order of the stack is ever fixed in advance.
 *
 * **Several players.** Each node keeps, for every move, the mean reward of
 * the player deciding there, and that player picks by it (max^n): every
 * player is assumed to play for themselves, not against the searching seat.
 *
 * **Reward.** By default ::CARC_SEARCH_REWARD_MARGIN, the score margin:
 * `1 / (1 + exp(-m / scale))` where m is the player's final score minus the
 * best other final score (20 points of scale by default). With
 * ::CARC_SEARCH_REWARD_WIN a winner gets 1 divided by the number of players
 * sharing the highest score and the others 0 (a two-player tie is worth
 * 0.5). Both are measured by the win and tie share they reach in the arena
 * (docs/strength.md): the margin wins more games, since a random playout's
 * margin says much more about a position than who won it.
 *
 * **Reuse.** After a run the tree is kept. The next run on a later position
 * of the same game finds that position in the tree by replaying, on a copy
 * of the last root, the moves played since (read from the game's save), and
 * keeps that subtree and its statistics. It works when the game went on by
 * its own draws; a caller who fixed draws, reseeded or loaded another game
 * gets a fresh tree (carc_search_info::reused says which happened).
 *
 * **Budget and determinism.** A run stops after a number of new iterations
 * or after a time, whichever comes first. With an iteration budget the
 * result depends only on the options (thread count included), the seed and
 * the positions searched: the same on every machine, however the threads
 * are scheduled.
 *
 * **Threads.** With `threads` > 1 each thread grows a tree of its own from
 * its own seeds (root parallelism) and the root statistics are summed.
 * An iteration budget is shared out between them.
 *
 * **Memory.** Nodes and moves live in pools per thread that double up to
 * `memory_limit` (or take all of it at creation, with `preallocate`); past
 * it the search goes on without adding nodes. Nothing is allocated per
 * iteration.
 *
 * ### Conventions
 * Those of carcassonne.h: every function returns a ::carc_status, a failing
 * call changes nothing, the handle is owned by its creator. The game given
 * to carc_search_run() is never changed (the search works on copies). One
 * handle must not be used by two threads at once; distinct handles may.
 */
#ifndef CARCASSONNE_SEARCH_H
#define CARCASSONNE_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "carcassonne.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup search Tree search
 *  @{ */

/** Marks a public symbol of libcarcassonne-search. */
#if defined(CARC_BUILDING_SEARCH) && defined(__GNUC__)
#define CARC_SEARCH_API __attribute__((visibility("default")))
#else
#define CARC_SEARCH_API
#endif

/** A search: its options, its trees and its last result. Owned by the caller. */
typedef struct carc_search carc_search;

/** What a finished game is worth to a player (carc_search_options::reward). */
typedef enum carc_search_reward {
    CARC_SEARCH_REWARD_MARGIN = 0, /**< `1 / (1 + exp(-m / scale))`, m = own score minus the best other score
                                        (the default). */
    CARC_SEARCH_REWARD_WIN = 1     /**< 1 shared among the players with the highest score, 0 for the others. */
} carc_search_reward;

/** Most threads a search runs. */
#define CARC_SEARCH_MAX_THREADS 64

/**
 * How to search. Zero-initialise, set `struct_size` and a budget; every
 * other zero member means its default.
 */
typedef struct carc_search_options {
    uint32_t struct_size;  /**< `sizeof(carc_search_options)`. */
    int64_t iterations;    /**< New iterations per run (0: no limit by count). */
    double milliseconds;   /**< Wall-clock time per run (0: no limit by time). At least one budget must be set. */
    uint64_t seed;         /**< Seed of the search's own choices and chance. */
    int threads;           /**< Root-parallel threads, 1 .. ::CARC_SEARCH_MAX_THREADS (0: 1). */
    int reward;            /**< A ::carc_search_reward (0: the margin). */
    double exploration;    /**< The constant c of the confidence bound (0: 0.35; rewards lie in 0..1). */
    double margin_scale;   /**< Points of margin worth e times the odds with ::CARC_SEARCH_REWARD_MARGIN (0: 20). */
    size_t memory_limit;   /**< Bytes the trees of all threads may take together (0: 256 MiB; at least
                                64 KiB a thread). */
    int no_reuse;          /**< Nonzero: start every run from a fresh tree. */
    int preallocate;       /**< Nonzero: the pools take all of `memory_limit` at creation and never grow. */
} carc_search_options;

/**
 * Creates a search. No tree is grown before the first run.
 * @param opts options (copied). @param out receives the search; free it with carc_search_free().
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_VERSION (`struct_size` too
 *         small), ::CARC_E_RANGE (no budget, a negative budget, threads
 *         out of range, an unknown reward, a negative or non-finite
 *         constant, a memory limit under 64 KiB a thread), ::CARC_E_NOMEM.
 */
CARC_SEARCH_API int carc_search_new(const carc_search_options *opts, carc_search **out);

/** Frees a search and its trees. NULL is accepted. */
CARC_SEARCH_API void carc_search_free(carc_search *s);

/**
 * Searches the position of `g` for the player who decides now and gives
 * the move it finds best: the most visited move at the root (ties go to
 * the higher mean, then to the earlier move in carc_game_moves() order).
 * When only one move is legal it is given at once, without iterations.
 * The game is not changed; a pending draw is made on the search's copy
 * with the game's own generator, so it is the tile the game itself will
 * draw. Keeps a copy of the position until the next run, carc_search_reset()
 * or carc_search_free(): a custom tile set or a third-party variant the
 * game uses must outlive that copy.
 * @param s the search. @param g the position (not changed).
 * @param best out: the move, one of those carc_game_moves() lists for `g`.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_INVALID (not a live handle
 *         made by carc_search_new()), ::CARC_E_GAME_OVER, ::CARC_E_NOMEM,
 *         ::CARC_E_LIMIT (a move listing larger than the engine's own
 *         bound), or the status of the engine call that failed. On
 *         failure `best` and the search's last result are unchanged.
 */
CARC_SEARCH_API int carc_search_run(carc_search *s, const carc_game *g, carc_move *best);

/** One root move of the last run and what the search found of it. */
typedef struct carc_search_stat {
    carc_move move;  /**< The move. */
    int64_t visits;  /**< Iterations that went through it (over every thread, with those kept by reuse). */
    double value;    /**< Mean reward of the deciding player after it, 0..1 (0 with no visit). */
} carc_search_stat;

/**
 * The root statistics of the last run, one entry per legal move in the
 * order carc_game_moves() lists them: visits and mean value, which bots and
 * learning programs use as a policy target.
 * @param s the search. @param buf,cap caller buffer (may be NULL/0 to ask the count).
 * @param count out: the number of moves (even when more than `cap`).
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_INVALID (not a live handle),
 *         ::CARC_E_PHASE (no run yet), ::CARC_E_BUFFER (a buffer was given
 *         but is too small: `count` is set and the first `cap` entries written).
 */
CARC_SEARCH_API int carc_search_root(const carc_search *s, carc_search_stat *buf, size_t cap, size_t *count);

/** What the last run did (carc_search_describe()). */
typedef struct carc_search_info {
    uint32_t struct_size; /**< Set to `sizeof(carc_search_info)` before the call. */
    int64_t iterations;   /**< Iterations of the last run, over every thread. */
    int64_t root_visits;  /**< Iterations through the root's moves, with those kept by reuse: the sum of the
                               visits carc_search_root() gives. */
    int64_t reused;       /**< Of those, the ones found in the tree kept from the run before (0: a fresh tree). */
    int64_t nodes;        /**< Nodes in the trees after the run. */
    size_t bytes;         /**< Bytes the trees hold. */
    double milliseconds;  /**< Wall-clock time of the run. */
    int threads;          /**< Threads that ran. */
    int full;             /**< Nonzero when the memory limit stopped the trees from growing. */
} carc_search_info;

/**
 * Describes the last run.
 * @param s the search. @param info out: filled up to `info->struct_size` bytes.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_INVALID (not a live handle),
 *         ::CARC_E_VERSION (`struct_size` too small), ::CARC_E_PHASE (no run yet).
 */
CARC_SEARCH_API int carc_search_describe(const carc_search *s, carc_search_info *info);

/**
 * Drops the trees and the kept position: the next run starts afresh (as a
 * new game would). The options stay.
 * @return ::CARC_OK, ::CARC_E_NULL, ::CARC_E_INVALID (not a live handle).
 */
CARC_SEARCH_API int carc_search_reset(carc_search *s);

/**
 * The version of libcarcassonne-search actually linked, e.g. `"0.3.0"`.
 * @return a static string; never NULL. Thread-safe.
 */
CARC_SEARCH_API const char *carc_search_version(void);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
