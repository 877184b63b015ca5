/* A batch: many games of one encoding stepped together, with Gymnasium's
 * same-step autoreset (a game that ends is replaced within the step, its
 * last position kept for the caller), split over a pool of threads. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h" /* game_create, game_resolve: a game before its first draw */
#include "learn.h"
#include "workers.h"

#define MAX_GAMES 65536
#define MAX_THREADS 64
#define FIRST_MOVES 256 /* a game's move list at first; it grows when a decision has more */

/* What one part of a call works in: a game where projections run (a copy
 * into it allocates nothing, where carc_game_projection allocates and
 * clears a whole game). Observations go straight to their rows: building
 * them in a cached buffer first and copying measured slower. */
typedef struct part_work {
    carc_game *scratch;
} part_work;

typedef struct slot {
    carc_game *g;
    carc_move *moves;
    int32_t *idx;          /* each listed move's action, -1 none (learn_mark) */
    size_t cap, idx_cap, n;
    int marked;            /* distinct legal actions */
    int seat;              /* who decides now */
    uint64_t seed;
    unsigned long episode; /* games started in this slot since the reset */
    double margin[CARC_MAX_PLAYERS];
    int failed;            /* a move list could not grow in this call */
} slot;

struct carc_batch {
    const carc_encoding *e;
    int n, reward, illegal;
    int threads;           /* worker threads running: parts of a call are threads + 1 */
    slot *slots;
    carc_game *templ; /* a new game of the kind, seed 0, before its first draw: every game starts as a copy of it */
    part_work parts[MAX_THREADS + 1]; /* per part of a call (one a thread) */
    uint64_t run_seed;
    int ready;             /* reset at least once */
    workers *pool;
    /* the call under way, read by every part */
    const int32_t *actions;
    const carc_batch_buffers *out;
    char error[320];
};

/* ---- making and freeing ------------------------------------------------- */

int carc_batch_new(const carc_batch_options *opts, carc_batch **out)
{
    if (!opts || !out) return CARC_E_NULL;
    if (opts->struct_size < sizeof *opts) return CARC_E_VERSION;
    if (!opts->encoding) return CARC_E_NULL;
    if (opts->games < 1 || opts->games > MAX_GAMES || opts->threads < 0 || opts->threads > MAX_THREADS ||
        (opts->reward != CARC_REWARD_SCORE && opts->reward != CARC_REWARD_WIN) ||
        (opts->illegal != CARC_ILLEGAL_REFUSE && opts->illegal != CARC_ILLEGAL_LOSE))
        return CARC_E_RANGE;
    carc_batch *b = calloc(1, sizeof *b);
    if (!b) return CARC_E_NOMEM;
    b->e = opts->encoding;
    b->n = opts->games;
    b->reward = opts->reward;
    b->illegal = opts->illegal;
    b->slots = calloc((size_t)b->n, sizeof *b->slots);
    int threads = opts->threads < b->n ? opts->threads : b->n - 1;
    if (!b->slots || (b->threads = workers_start(threads, &b->pool)) < 0) {
        carc_batch_free(b);
        return CARC_E_NOMEM;
    }
    *out = b;
    return CARC_OK;
}

void carc_batch_free(carc_batch *b)
{
    if (!b) return;
    workers_stop(b->pool);
    for (int i = 0; b->slots && i < b->n; i++) {
        carc_game_free(b->slots[i].g);
        free(b->slots[i].moves);
        free(b->slots[i].idx);
    }
    free(b->slots);
    for (int i = 0; i <= MAX_THREADS; i++) {
        carc_game_free(b->parts[i].scratch);
    }
    carc_game_free(b->templ);
    free(b);
}

/* Games and first move lists for every slot, made before anything changes. */
static int allocate(carc_batch *b)
{
    if (!b->templ) {
        /* made without its first draw: each game draws it after its reseed,
         * so game i is the game carc_game_new makes with its seed */
        int r = game_create(&b->e->game, &b->templ);
        if (r) return r;
    }
    for (int i = 0; i <= b->threads; i++) {
        part_work *w = &b->parts[i];
        if (!w->scratch && carc_game_clone(b->templ, &w->scratch)) return CARC_E_NOMEM;
    }
    for (int i = 0; i < b->n; i++) {
        slot *s = &b->slots[i];
        if (!s->g && carc_game_clone(b->templ, &s->g)) return CARC_E_NOMEM;
        if (!s->moves) {
            s->moves = malloc(FIRST_MOVES * sizeof *s->moves);
            s->idx = malloc(FIRST_MOVES * sizeof *s->idx);
            if (!s->moves || !s->idx) return CARC_E_NOMEM;
            s->cap = s->idx_cap = FIRST_MOVES;
        }
    }
    return CARC_OK;
}

/* ---- checking a call ------------------------------------------------------ */

#if defined(__GNUC__)
static int fail(carc_batch *b, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#endif

/* Keeps the reason of a failing call for carc_batch_error(); returns status. */
static int fail(carc_batch *b, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->error, sizeof b->error, fmt, ap);
    va_end(ap);
    return status;
}

static int misaligned(const void *p, size_t to) { return p && (uintptr_t)p % to != 0; }

/* Every buffer present, large enough and aligned for its type. */
static int check_buffers(carc_batch *b, const carc_batch_buffers *o)
{
    const carc_encoding *e = b->e;
    size_t n = (size_t)b->n, obs = n * e->obs_bytes;
    if (!o) return fail(b, CARC_E_NULL, "no buffers given");
    if (o->struct_size < sizeof *o)
        return fail(b, CARC_E_VERSION, "carc_batch_buffers.struct_size is %u; set it to sizeof(carc_batch_buffers)",
                    (unsigned)o->struct_size);
    if (!o->observations || !o->masks || !o->rewards || !o->terminations || !o->truncations || !o->seats || !o->actors)
        return fail(b, CARC_E_NULL, "observations, masks, rewards, terminations, truncations, seats and actors are "
                                    "required; only final_observations, legal and legal_counts may be NULL");
    if (o->observations_size < obs)
        return fail(b, CARC_E_BUFFER, "observations holds %zu bytes; %d games need %zu", o->observations_size, b->n,
                    obs);
    if (o->final_observations && o->final_observations_size < obs)
        return fail(b, CARC_E_BUFFER, "final_observations holds %zu bytes; %d games need %zu",
                    o->final_observations_size, b->n, obs);
    if (o->masks_size < n * (size_t)e->action_count)
        return fail(b, CARC_E_BUFFER, "masks holds %zu bytes; %d games need %zu", o->masks_size, b->n,
                    n * (size_t)e->action_count);
    if (o->rewards_count < n * (size_t)e->P)
        return fail(b, CARC_E_BUFFER, "rewards holds %zu values; %d games of %d players need %zu", o->rewards_count,
                    b->n, e->P, n * (size_t)e->P);
    if (o->games_count < n)
        return fail(b, CARC_E_BUFFER, "games_count is %zu; terminations, truncations, seats and actors need %d "
                    "entries each", o->games_count, b->n);
    if (o->legal && (o->legal_cap < 1 || o->legal_size < n * (size_t)o->legal_cap))
        return fail(b, CARC_E_BUFFER, "legal holds %zu entries; %d games of legal_cap %d need %zu (legal_cap >= 1)",
                    o->legal_size, b->n, o->legal_cap, n * (size_t)(o->legal_cap > 0 ? o->legal_cap : 1));
    if (misaligned(o->observations, 4) || misaligned(o->final_observations, 4) ||
        misaligned(o->rewards, sizeof(double)) || misaligned(o->seats, 4) || misaligned(o->actors, 4) ||
        misaligned(o->legal, 4) || misaligned(o->legal_counts, 4))
        return fail(b, CARC_E_INVALID, "a buffer is misaligned: observations 4-byte, rewards 8-byte, seats, actors, "
                                       "legal and legal_counts 4-byte aligned");
    return CARC_OK;
}

/* Position of `action` among the slot's listed moves, or -1. */
static int find_action(const slot *s, int action)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->idx[i] == action) return (int)i;
    return -1;
}

/* "tile (hand_slot 0, y 3, x 17, rotation 1)": an index in the words of its block. */
static void describe_action(const carc_encoding *e, int action, char *buf, size_t cap)
{
    int i = e->nblocks - 1;
    while (i > 0 && action < e->blocks[i].offset) i--;
    const learn_block *blk = &e->blocks[i];
    carc_action_block d = {.struct_size = sizeof d};
    carc_encoding_block(e, i, &d);
    int rest = action - blk->offset, digit[CARC_BLOCK_AXES];
    for (int a = blk->axis_count - 1; a >= 0; a--) {
        digit[a] = rest % blk->axis_sizes[a];
        rest /= blk->axis_sizes[a];
    }
    size_t at = (size_t)snprintf(buf, cap, "%s", blk->name);
    for (int a = 0; a < blk->axis_count && at < cap; a++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%s %d", a ? ", " : " (", d.axis_names[a], digit[a]);
    if (blk->axis_count && at < cap) snprintf(buf + at, cap - at, ")");
}

static int check_actions(carc_batch *b, const int32_t *actions)
{
    const carc_encoding *e = b->e;
    for (int i = 0; i < b->n; i++) {
        const slot *s = &b->slots[i];
        int a = actions[i];
        if (a >= 0 && a < e->action_count && find_action(s, a) >= 0) continue;
        if (b->illegal == CARC_ILLEGAL_LOSE) continue;
        if (a < 0 || a >= e->action_count)
            return fail(b, CARC_E_ILLEGAL_MOVE, "game %d: seat %d chose action %d, outside the action space "
                        "(0 .. %d); %d actions are legal now", i, s->seat, a, e->action_count - 1, s->marked);
        char what[160];
        describe_action(e, a, what, sizeof what);
        int example = -1;
        for (size_t k = 0; k < s->n && example < 0; k++) example = s->idx[k];
        return fail(b, CARC_E_ILLEGAL_MOVE, "game %d: seat %d chose action %d, %s, which is not legal now; %d "
                    "actions are legal (such as %d): pick one whose mask entry is 1", i, s->seat, a, what, s->marked,
                    example);
    }
    return CARC_OK;
}

/* ---- one game's share of a call ------------------------------------------- */

static void margins(const carc_batch *b, const slot *s, double *out)
{
    int P = b->e->P, score[CARC_MAX_PLAYERS], total = 0;
    for (int p = 0; p < P; p++) {
        score[p] = 0;
        carc_game_score(s->g, p, &score[p]);
        total += score[p];
    }
    /* as the Python environment computes it, so the two agree to the bit */
    for (int p = 0; p < P; p++)
        out[p] = P > 1 ? (double)score[p] - (double)(total - score[p]) / (double)(P - 1) : (double)score[p];
}

/* Lists the moves of the slot's decision and marks its mask row; returns
 * the distinct legal actions (0 when none has an index or the game is over). */
static int list_and_mark(carc_batch *b, int i)
{
    slot *s = &b->slots[i];
    s->n = 0;
    int r = learn_list(s->g, &s->moves, &s->cap, &s->n);
    if (!r && s->n > s->idx_cap) {
        int32_t *grown = realloc(s->idx, s->cap * sizeof *grown);
        if (grown) s->idx = grown, s->idx_cap = s->cap;
        else r = CARC_E_NOMEM;
    }
    uint8_t *mask = b->out->masks + (size_t)i * (size_t)b->e->action_count;
    if (r) {
        if (r == CARC_E_NOMEM) s->failed = 1;
        s->n = 0;
    }
    s->seat = 0;
    carc_game_state(s->g, NULL, &s->seat);
    s->marked = learn_mark(b->e, s->g, s->moves, s->n, mask, s->idx, NULL);
    return s->marked;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Game i's k-th game since the reset: seeded from (run seed, i, k). */
static void new_game(carc_batch *b, int i)
{
    slot *s = &b->slots[i];
    s->seed = mix(mix(b->run_seed + 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1)) + s->episode++);
    carc_game_copy(s->g, b->templ);
    carc_game_reseed(s->g, s->seed);
    game_resolve(s->g); /* the first turn's draw, from this game's seed */
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) s->margin[p] = 0;
    list_and_mark(b, i);
}

static void write_legal(carc_batch *b, int i)
{
    const carc_batch_buffers *o = b->out;
    const slot *s = &b->slots[i];
    if (o->legal_counts) o->legal_counts[i] = s->marked;
    if (!o->legal) return;
    int32_t *row = o->legal + (size_t)i * (size_t)o->legal_cap;
    int k = 0;
    for (size_t m = 0; m < s->n && k < o->legal_cap; m++)
        if (s->idx[m] >= 0) row[k++] = s->idx[m];
    while (k < o->legal_cap) row[k++] = -1;
}

/* Game g's position seen by `perspective`, written to `row`. */
static void observe_into(carc_batch *b, part_work *w, carc_game *g, int perspective, unsigned char *row)
{
    learn_observe(b->e, g, perspective, row, w->scratch);
}

static void finish(carc_batch *b, int i, int actor, part_work *w)
{
    const carc_batch_buffers *o = b->out;
    slot *s = &b->slots[i];
    unsigned char *row = (unsigned char *)o->observations + (size_t)i * b->e->obs_bytes;
    observe_into(b, w, s->g, -1, row);
    o->seats[i] = s->seat;
    o->actors[i] = actor;
    write_legal(b, i);
}

/* Plays game i's action; returns 1 terminated, 2 truncated, 0 neither. */
static int play(carc_batch *b, int i, double *reward)
{
    slot *s = &b->slots[i];
    int actor = s->seat, pos = find_action(s, b->actions[i]);
    if (pos < 0) { /* CARC_ILLEGAL_LOSE: checked before the call ran */
        reward[actor] = -1;
        return 1;
    }
    if (carc_game_apply(s->g, &s->moves[pos])) return 2; /* the history is full */
    int over = 0;
    carc_game_is_over(s->g, &over);
    if (b->reward == CARC_REWARD_SCORE) {
        double now[CARC_MAX_PLAYERS];
        margins(b, s, now);
        for (int p = 0; p < b->e->P; p++) {
            reward[p] = now[p] - s->margin[p];
            s->margin[p] = now[p];
        }
    } else if (over) {
        unsigned winners = 0;
        carc_game_winners(s->g, &winners);
        for (int p = 0; p < b->e->P; p++) reward[p] = winners >> p & 1 ? 1 : -1;
    }
    if (over) return 1;
    return list_and_mark(b, i) ? 0 : 2;
}

static void step_one(carc_batch *b, int i, part_work *w)
{
    const carc_batch_buffers *o = b->out;
    slot *s = &b->slots[i];
    double *reward = o->rewards + (size_t)i * (size_t)b->e->P;
    for (int p = 0; p < b->e->P; p++) reward[p] = 0;
    int actor = s->seat, end = play(b, i, reward);
    o->terminations[i] = end == 1;
    o->truncations[i] = end == 2;
    if (end) {
        if (o->final_observations)
            observe_into(b, w, s->g, actor, (unsigned char *)o->final_observations + (size_t)i * b->e->obs_bytes);
        new_game(b, i);
    }
    finish(b, i, actor, w);
}

static void reset_one(carc_batch *b, int i, part_work *w)
{
    const carc_batch_buffers *o = b->out;
    b->slots[i].episode = 0;
    new_game(b, i);
    for (int p = 0; p < b->e->P; p++) o->rewards[(size_t)i * (size_t)b->e->P + p] = 0;
    o->terminations[i] = o->truncations[i] = 0;
    finish(b, i, -1, w);
}

static void step_part(void *ctx, int part, int parts)
{
    carc_batch *b = ctx;
    int from = (int)((long)b->n * part / parts), to = (int)((long)b->n * (part + 1) / parts);
    part_work *w = &b->parts[part];
    for (int i = from; i < to; i++) b->actions ? step_one(b, i, w) : reset_one(b, i, w);
}

/* Runs the call on every game; a move list that could not grow is the
 * one failure left once the checks pass. */
static int run(carc_batch *b, const int32_t *actions, const carc_batch_buffers *out)
{
    b->actions = actions;
    b->out = out;
    for (int i = 0; i < b->n; i++) b->slots[i].failed = 0;
    workers_run(b->pool, step_part, b);
    b->actions = NULL;
    b->out = NULL;
    for (int i = 0; i < b->n; i++)
        if (b->slots[i].failed)
            return fail(b, CARC_E_NOMEM, "game %d: no memory to list its moves; it was cut short (truncated)", i);
    return CARC_OK;
}

/* ---- the calls ----------------------------------------------------------------- */

int carc_batch_reset(carc_batch *b, uint64_t seed, const carc_batch_buffers *out)
{
    if (!b) return CARC_E_NULL;
    b->error[0] = 0;
    int r = check_buffers(b, out);
    if (r) return r;
    r = allocate(b);
    if (r) return fail(b, r, "could not make the batch's games: %s", carc_strerror(r));
    b->run_seed = seed;
    b->ready = 1;
    return run(b, NULL, out);
}

int carc_batch_step(carc_batch *b, const int32_t *actions, size_t n, const carc_batch_buffers *out)
{
    if (!b) return CARC_E_NULL;
    b->error[0] = 0;
    if (!b->ready) return fail(b, CARC_E_PHASE, "the batch has no games yet: call carc_batch_reset first");
    if (!actions) return fail(b, CARC_E_NULL, "no actions given");
    if (n != (size_t)b->n) return fail(b, CARC_E_RANGE, "%zu actions given for %d games", n, b->n);
    int r = check_buffers(b, out);
    if (!r) r = check_actions(b, actions);
    return r ? r : run(b, actions, out);
}

int carc_batch_game(carc_batch *b, int index, carc_game **out)
{
    if (!b || !out) return CARC_E_NULL;
    if (!b->ready) return CARC_E_PHASE;
    if (index < 0 || index >= b->n) return CARC_E_RANGE;
    *out = b->slots[index].g;
    return CARC_OK;
}

int carc_batch_seed(const carc_batch *b, int index, uint64_t *seed)
{
    if (!b || !seed) return CARC_E_NULL;
    if (!b->ready) return CARC_E_PHASE;
    if (index < 0 || index >= b->n) return CARC_E_RANGE;
    *seed = b->slots[index].seed;
    return CARC_OK;
}

const char *carc_batch_error(const carc_batch *b) { return b ? b->error : ""; }
