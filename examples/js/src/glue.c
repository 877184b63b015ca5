/* glue.c: the few C helpers the JavaScript package calls besides the public
 * API itself. They exist where a call of carcassonne.h takes a struct with
 * pointers or a 64-bit number, which JavaScript cannot pass without knowing
 * the C layout, and for the bots and the benchmark loop, which run inside
 * WebAssembly so that no JavaScript runs per move.
 * Every function returns a carc_status, like the library. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include <carcassonne.h>

#include "bot.h"
#include "greedy.h"

#ifdef CJ_HAVE_SEARCH /* set by the build when the tree has libcarcassonne-search */
#include <carcassonne_search.h>
#endif

#define KEEP EMSCRIPTEN_KEEPALIVE

/* lib/api.mjs reads and writes carc_move in WebAssembly memory itself */
_Static_assert(sizeof(carc_move) == 16 && offsetof(carc_move, x) == 4 && offsetof(carc_move, y) == 6 &&
                   offsetof(carc_move, tile) == 8 && offsetof(carc_move, action) == 10 &&
                   offsetof(carc_move, target) == 12,
               "the layout of carc_move that lib/api.mjs assumes");

static uint64_t u64(uint32_t lo, uint32_t hi)
{
    return (uint64_t)hi << 32 | lo;
}

/* carc_game_new with the options struct filled here; `names` and `values`
 * are `nrules` ruleset options. */
KEEP int cj_game_new(const char *variant, int players, uint32_t seed_lo, uint32_t seed_hi, const char *const *names,
                     const int *values, int nrules, carc_game **out)
{
    carc_option rules[32];
    if (nrules < 0 || nrules > 32) return CARC_E_LIMIT;
    for (int i = 0; i < nrules; i++) rules[i] = (carc_option){.name = names[i], .value = values[i]};
    carc_game_options o = {.struct_size = sizeof o,
                           .variant_name = variant,
                           .players = players,
                           .seed = u64(seed_lo, seed_hi),
                           .rules = nrules ? rules : NULL,
                           .rule_count = nrules};
    return carc_game_new(&o, out);
}

/* carc_game_load with the built-in variants; `err` (`cap` bytes) gets the
 * library's reason, naming the line of the save at fault. */
KEEP int cj_game_load(const char *text, size_t len, carc_game **out, char *err, size_t cap)
{
    carc_load_options o = {.struct_size = sizeof o, .err = err, .err_cap = cap};
    return carc_game_load(&o, text, len, out);
}

KEEP int cj_game_reseed(carc_game *g, uint32_t lo, uint32_t hi)
{
    return carc_game_reseed(g, u64(lo, hi));
}

KEEP int cj_game_playouts(const carc_game *g, int n, uint32_t lo, uint32_t hi, int *scores, size_t cap)
{
    return carc_game_playouts(g, n, u64(lo, hi), scores, cap);
}

/* carc_variant_describe: ints[10] = min and max players, tiles, tile types,
 * figure kinds, options, categories, bags, kinds, actions, views (11 in
 * all); strs[2] = name, title. */
KEEP int cj_variant_describe(const carc_variant *v, int *ints, const char **strs)
{
    carc_variant_info i = {.struct_size = sizeof i};
    int r = carc_variant_describe(v, &i);
    if (r) return r;
    int vals[11] = {i.min_players,   i.max_players,    i.tile_count, i.tile_type_count,
                    i.figure_kind_count, i.option_count, i.category_count, i.bag_count,
                    i.kind_count,    i.action_count,   i.view_count};
    memcpy(ints, vals, sizeof vals);
    strs[0] = i.name;
    strs[1] = i.title;
    return CARC_OK;
}

/* carc_tileset_type: ints[3] = count, is_start, feature_count; strs[3] =
 * name, deck, edges (edges lives in `edges`, 13 bytes). */
KEEP int cj_tile_type(const carc_tileset *ts, int type, int *ints, const char **strs, char *edges)
{
    carc_tile_type_info t = {.struct_size = sizeof t};
    int r = carc_tileset_type(ts, type, &t);
    if (r) return r;
    ints[0] = t.count;
    ints[1] = t.is_start;
    ints[2] = t.feature_count;
    strs[0] = t.name;
    strs[1] = t.deck;
    memcpy(edges, t.edges, sizeof t.edges);
    return CARC_OK;
}

/* carc_game_feature: ints[5 + CARC_MAX_PLAYERS] = id, tiles, open edges,
 * complete, points now, figures per player; *kind = kind name. */
KEEP int cj_game_feature(carc_game *g, int tile, int feature, int *ints, const char **kind)
{
    carc_feature_info f = {.struct_size = sizeof f};
    int r = carc_game_feature(g, tile, feature, &f);
    if (r) return r;
    ints[0] = f.id;
    ints[1] = f.tiles;
    ints[2] = f.open_edges;
    ints[3] = f.complete;
    ints[4] = f.points_now;
    memcpy(ints + 5, f.figures, sizeof f.figures);
    *kind = f.kind;
    return CARC_OK;
}

/* carc_game_log: ints[12] = kind, turn, player, points, category, reason,
 * tile index, x, y, feature, tiles, complete; *fid = feature id text. */
KEEP int cj_game_log(const carc_game *g, int i, int *ints, const char **fid)
{
    carc_event_info e = {.struct_size = sizeof e};
    int r = carc_game_log(g, i, &e);
    if (r) return r;
    int vals[12] = {e.kind, e.turn, e.player, e.points, e.category, e.reason, e.tile_index, e.x, e.y,
                    e.feature, e.tiles, e.complete};
    memcpy(ints, vals, sizeof vals);
    *fid = e.feature_id;
    return CARC_OK;
}

/* ---- bots ---------------------------------------------------------------
 * A bot chooses the move of the current decision on its own copy of the
 * game and says which; the caller applies it. Each bot is an entry of the
 * table below: a search bot joins by adding its entry (and its sources to
 * the build), and the JavaScript side lists whatever the table holds. */

typedef struct cj_bot {
    int kind;
    uint64_t rng;
    void *engine;          /* a bot's own state (the search's trees) */
    void (*engine_free)(void *);
    int64_t iterations;    /* the search's budget a decision (cj_bot_budget) */
    double milliseconds;
    carc_game *work;       /* the position the bot plays its choice on */
    carc_game *scratch[3]; /* greedy look-ahead */
    carc_move *bufs[3];
} cj_bot;

typedef struct cj_bot_kind {
    const char *name;
    const char *help;
    int (*choose)(cj_bot *b, carc_move *out);
} cj_bot_kind;

static int choose_random(cj_bot *b, carc_move *out)
{
    return bot_step(b->work, b->bufs[0], &b->rng, out);
}

static int choose_greedy(cj_bot *b, carc_move *out)
{
    return greedy_step(b->work, b->scratch, b->bufs, &b->rng, out);
}

#ifdef CJ_HAVE_SEARCH
static void search_free(void *s)
{
    carc_search_free(s);
}

/* Monte Carlo tree search for a quarter of a second a decision unless
 * cj_bot_budget() set another budget, one thread (WebAssembly here runs
 * without threads). */
static int choose_search(cj_bot *b, carc_move *out)
{
    if (!b->engine) {
        carc_search_options o = {.struct_size = sizeof o, .iterations = b->iterations,
                                 .milliseconds = b->milliseconds, .seed = b->rng, .threads = 1};
        carc_search *s;
        int r = carc_search_new(&o, &s);
        if (r) return r;
        b->engine = s;
        b->engine_free = search_free;
    }
    return carc_search_run(b->engine, b->work, out);
}
#endif

static const cj_bot_kind bot_kinds[] = {
    {"greedy", "looks one turn ahead: the move whose turn ends best for it", choose_greedy},
    {"random", "any legal move, uniformly", choose_random},
#ifdef CJ_HAVE_SEARCH
    {"search", "Monte Carlo tree search, a quarter of a second a decision", choose_search},
#endif
};

#define NBOTS ((int)(sizeof bot_kinds / sizeof bot_kinds[0]))

KEEP int cj_bot_count(void)
{
    return NBOTS;
}

KEEP const char *cj_bot_name(int i)
{
    return i >= 0 && i < NBOTS ? bot_kinds[i].name : NULL;
}

KEEP const char *cj_bot_help(int i)
{
    return i >= 0 && i < NBOTS ? bot_kinds[i].help : NULL;
}

KEEP void cj_bot_free(cj_bot *b)
{
    if (!b) return;
    if (b->engine) b->engine_free(b->engine);
    carc_game_free(b->work);
    for (int i = 0; i < 3; i++) carc_game_free(b->scratch[i]);
    free(b->bufs[0]);
    free(b);
}

/* A bot of kind `kind` for games like `g` (same variant and tile set). */
KEEP int cj_bot_new(int kind, const carc_game *g, uint32_t seed_lo, uint32_t seed_hi, cj_bot **out)
{
    if (!g || !out) return CARC_E_NULL;
    if (kind < 0 || kind >= NBOTS) return CARC_E_RANGE;
    cj_bot *b = calloc(1, sizeof *b);
    if (!b) return CARC_E_NOMEM;
    b->kind = kind;
    b->rng = u64(seed_lo, seed_hi) * 2654435761u + 1;
    b->milliseconds = 250;
    int r = CARC_OK;
    b->bufs[0] = malloc(sizeof(carc_move) * BOT_MAX_MOVES * 3);
    if (!b->bufs[0]) r = CARC_E_NOMEM;
    for (int i = 1; i < 3 && !r; i++) b->bufs[i] = b->bufs[0] + i * BOT_MAX_MOVES;
    if (!r) r = carc_game_clone(g, &b->work);
    for (int i = 0; i < 3 && !r; i++) r = carc_game_clone(g, &b->scratch[i]);
    if (r) {
        cj_bot_free(b);
        return r;
    }
    *out = b;
    return CARC_OK;
}

/* Sets the budget of a search bot a decision: `iterations` new iterations
 * and/or `milliseconds` of wall-clock time, whichever ends first (0: no
 * limit of that kind; at least one must be set). With iterations alone the
 * bot is deterministic for its seed. Only before the bot's first move, and
 * only for a bot that searches: CARC_E_INVALID otherwise; CARC_E_RANGE for
 * a negative, non-integral or non-finite budget, or none; nothing changes
 * on failure. */
KEEP int cj_bot_budget(cj_bot *b, double iterations, double milliseconds)
{
    if (!b) return CARC_E_NULL;
#ifdef CJ_HAVE_SEARCH
    if (bot_kinds[b->kind].choose != choose_search || b->engine) return CARC_E_INVALID;
    if (!(iterations >= 0 && iterations <= 1e15) || iterations != (double)(int64_t)iterations) return CARC_E_RANGE;
    if (!(milliseconds >= 0 && milliseconds <= 1e9) || (iterations == 0 && milliseconds == 0)) return CARC_E_RANGE;
    b->iterations = (int64_t)iterations;
    b->milliseconds = milliseconds;
    return CARC_OK;
#else
    (void)iterations;
    (void)milliseconds;
    return CARC_E_INVALID;
#endif
}

/* The bot's move for the current decision of g, which is left unchanged. */
KEEP int cj_bot_choose(cj_bot *b, const carc_game *g, carc_move *out)
{
    if (!b || !g || !out) return CARC_E_NULL;
    int r = carc_game_copy(b->work, g);
    if (r) return r;
    return bot_kinds[b->kind].choose(b, out);
}

/* ---- benchmark -----------------------------------------------------------
 * `games` random games from `start`, each on a copy reseeded from `seed`,
 * through the move-by-move API (the loop of carc-bench); returns the sum of
 * the decisions made in *decisions. */
KEEP int cj_bench_games(const carc_game *start, int games, uint32_t seed, double *decisions)
{
    carc_game *work = NULL;
    carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES);
    int r = buf ? carc_game_clone(start, &work) : CARC_E_NOMEM;
    uint64_t rng = (uint64_t)seed + 12345;
    double n = 0;
    for (int i = 0; i < games && !r; i++) {
        carc_game_copy(work, start);
        carc_game_reseed(work, (uint64_t)seed + (uint64_t)i);
        while ((r = bot_step(work, buf, &rng, NULL)) == CARC_OK) n++;
        if (r == CARC_E_GAME_OVER) r = CARC_OK;
    }
    *decisions = n;
    carc_game_free(work);
    free(buf);
    return r;
}
