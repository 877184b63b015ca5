/* The public face of the search: options, runs over threads, the root
 * statistics and the choice of the move. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

#ifndef CARC_SEARCH_VERSION
#define CARC_SEARCH_VERSION "0.0.0"
#endif

/* A listing buffer no built-in ruleset outgrows: four tiles in a hand in
 * four turns on 256 frontier squares, plus a ruleset's own moves; a larger
 * listing grows it (search_list). */
#define FIRST_MOVES 4700u

const char *carc_search_version(void) { return CARC_SEARCH_VERSION; }

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int live(const carc_search *s)
{
    if (!s) return CARC_E_NULL;
    return s->magic == SEARCH_MAGIC ? CARC_OK : CARC_E_INVALID;
}

/* The options with defaults filled in, or a status saying what is wrong. */
static int normalise(const carc_search_options *in, carc_search_options *o)
{
    if (in->struct_size < sizeof *o) return CARC_E_VERSION;
    *o = *in;
    o->struct_size = sizeof *o;
    if (o->iterations < 0 || !(o->milliseconds >= 0) || !isfinite(o->milliseconds)) return CARC_E_RANGE;
    if (o->iterations == 0 && o->milliseconds == 0) return CARC_E_RANGE; /* no budget */
    if (o->threads == 0) o->threads = 1;
    if (o->threads < 1 || o->threads > CARC_SEARCH_MAX_THREADS) return CARC_E_RANGE;
    if (o->reward != CARC_SEARCH_REWARD_WIN && o->reward != CARC_SEARCH_REWARD_MARGIN) return CARC_E_RANGE;
    if (!(o->exploration >= 0) || !isfinite(o->exploration)) return CARC_E_RANGE;
    if (o->exploration == 0) o->exploration = 0.35;
    if (!(o->margin_scale >= 0) || !isfinite(o->margin_scale)) return CARC_E_RANGE;
    if (o->margin_scale == 0) o->margin_scale = 20;
    if (o->memory_limit == 0) o->memory_limit = (size_t)256 << 20;
    if (o->memory_limit / (size_t)o->threads < (size_t)64 << 10) return CARC_E_RANGE;
    return CARC_OK;
}

static void free_workers(carc_search *s)
{
    for (int i = 0; s->w && i < s->nworkers; i++) {
        tree_free(&s->w[i].t);
        free(s->w[i].moves);
        carc_game_free(s->w[i].work);
    }
    free(s->w);
    s->w = NULL;
}

int carc_search_new(const carc_search_options *opts, carc_search **out)
{
    if (!opts || !out) return CARC_E_NULL;
    carc_search_options o;
    int r = normalise(opts, &o);
    if (r) return r;
    carc_search *s = calloc(1, sizeof *s);
    if (!s) return CARC_E_NOMEM;
    s->o = o;
    s->nworkers = o.threads;
    s->w = calloc((size_t)o.threads, sizeof *s->w);
    r = s->w ? CARC_OK : CARC_E_NOMEM;
    for (int i = 0; !r && i < o.threads; i++) {
        worker *w = &s->w[i];
        w->s = s;
        r = tree_init(&w->t, o.memory_limit / (size_t)o.threads, o.preallocate);
        w->moves = malloc(FIRST_MOVES * sizeof *w->moves);
        w->cap_moves = FIRST_MOVES;
        if (!r && !w->moves) r = CARC_E_NOMEM;
    }
    if (r) {
        free_workers(s);
        free(s);
        return r;
    }
    s->magic = SEARCH_MAGIC;
    *out = s;
    return CARC_OK;
}

void carc_search_free(carc_search *s)
{
    if (!s || s->magic != SEARCH_MAGIC) return;
    s->magic = SEARCH_DEAD;
    free_workers(s);
    carc_game_free(s->root);
    free(s->stats);
    free(s);
}

int carc_search_reset(carc_search *s)
{
    int r = live(s);
    if (r) return r;
    for (int i = 0; i < s->nworkers; i++) tree_clear(&s->w[i].t);
    carc_game_free(s->root);
    s->root = NULL;
    return CARC_OK;
}

/* What the root's variant has that the search looks at: players, bags and
 * their token kinds, and whether a tile lies hidden at the root (tiles a
 * later draw hides are hidden by the iteration's own chance). */
static void read_setup(carc_search *s, carc_game *root)
{
    const carc_variant *v = NULL;
    carc_variant_info vi = {.struct_size = sizeof vi};
    carc_game_players(root, &s->players);
    s->bags = 0;
    if (carc_game_variant(root, &v) == CARC_OK && carc_variant_describe(v, &vi) == CARC_OK)
        for (int b = 0; b < vi.bag_count && b < 8; b++) {
            s->tokens[b] = 0;
            carc_variant_bag(v, b, NULL, &s->tokens[b]);
            s->bags = b + 1;
        }
    int n = 0, reason = 0;
    s->hidden = 0;
    carc_game_removed_count(root, &n);
    for (int i = 0; i < n; i++)
        if (carc_game_removed(root, i, NULL, &reason) == CARC_OK && reason == CARC_REMOVED_HIDDEN) s->hidden = 1;
}

/* Iterations that went through a move of the tree's root. */
static int64_t root_edge_visits(const tree *t)
{
    int64_t v = 0;
    if (!t->root) return 0;
    const snode *nd = &t->nodes[t->root];
    for (uint32_t e = nd->edges; e < nd->edges + nd->nedges; e++) v += t->edges[e].visits;
    return v;
}

/* Moves every thread's tree to the position `root` when the last root's
 * tree holds it; else clears them. Returns the visits found at the root. */
static int64_t move_trees(carc_search *s, carc_game *root)
{
    enum { CAP = 256 };
    carc_move moves[CAP];
    uint64_t keys[CAP];
    int n = 0, found = !s->o.no_reuse && s->root && reuse_path(s, s->root, root, moves, keys, CAP, &n);
    int64_t visits = 0;
    for (int i = 0; i < s->nworkers; i++) {
        tree *t = &s->w[i].t;
        uint32_t at = found ? reuse_follow(t, moves, keys, n) : 0;
        tree_reroot(t, at);
        visits += root_edge_visits(t);
    }
    return visits;
}

/* Copies the root into worker i's game and gives the worker its root node,
 * and the seeds and budget of this run (each run of a search draws from
 * seeds of its own, numbered by s->runs). */
static int prepare(carc_search *s, int i, const carc_move *moves, size_t n, uint64_t key, int player, double deadline)
{
    worker *w = &s->w[i];
    int r = w->work ? carc_game_copy(w->work, s->root) : CARC_E_MISMATCH;
    if (r == CARC_E_MISMATCH) {
        carc_game_free(w->work);
        w->work = NULL;
        r = carc_game_clone(s->root, &w->work);
    }
    if (r) return r;
    if (!w->t.root && !tree_add(&w->t, 0, key, player, 0, moves, n)) return CARC_E_NOMEM;
    uint64_t base = s->o.seed ^ (s->runs * 0xD1B54A32D192ED03ull) ^ ((uint64_t)i << 48);
    w->rng = base ^ 0x5851F42D4C957F2Dull;
    w->chance = base ^ 0x14057B7EF767814Full;
    search_rand(&w->rng);
    int64_t share = s->o.iterations / s->nworkers + (i < s->o.iterations % s->nworkers);
    w->budget = s->o.iterations ? share : INT64_MAX;
    w->deadline = deadline;
    w->done = 0;
    w->status = CARC_OK;
    return CARC_OK;
}

static void *work(void *arg)
{
    worker *w = arg;
    while (w->done < w->budget) {
        if (w->deadline > 0 && (w->done & 15) == 0 && now_seconds() >= w->deadline) break;
        if ((w->status = search_iterate(w)) != CARC_OK) break;
        w->done++;
    }
    return NULL;
}

static int run_workers(carc_search *s)
{
    pthread_t th[CARC_SEARCH_MAX_THREADS];
    int started = 0;
    for (int i = 1; i < s->nworkers; i++, started++)
        if (pthread_create(&th[i], NULL, work, &s->w[i])) break;
    work(&s->w[0]);
    /* threads that could not start run here, after the first */
    for (int i = started + 1; i < s->nworkers; i++) work(&s->w[i]);
    for (int i = 1; i <= started; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < s->nworkers; i++)
        if (s->w[i].status) return s->w[i].status;
    return CARC_OK;
}

/* Sums the root edges of every tree into one entry per listed move. */
static void merge_root(carc_search *s, const carc_move *moves, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        carc_search_stat *st = &s->stats[j];
        double sum = 0;
        st->move = moves[j];
        st->visits = 0;
        for (int i = 0; i < s->nworkers; i++) {
            const tree *t = &s->w[i].t;
            const snode *nd = &t->nodes[t->root];
            for (uint32_t e = nd->edges; e < nd->edges + nd->nedges; e++)
                if (move_equal(&t->edges[e].move, &moves[j])) {
                    st->visits += t->edges[e].visits;
                    sum += t->edges[e].value;
                    break;
                }
        }
        st->value = st->visits ? sum / (double)st->visits : 0.0;
    }
    s->nstats = n;
}

/* The most visited move; a tie goes to the higher mean, then the first listed. */
static size_t choose(const carc_search *s)
{
    size_t best = 0;
    for (size_t j = 1; j < s->nstats; j++) {
        const carc_search_stat *a = &s->stats[j], *b = &s->stats[best];
        if (a->visits > b->visits || (a->visits == b->visits && a->value > b->value)) best = j;
    }
    return best;
}

/* The new root: a copy of g with its pending draw made, its moves listed
 * into the first worker's buffer (which the run does not need before the
 * first iteration lists into it, so they are copied out first). */
static int new_root(carc_search *s, const carc_game *g, carc_game **root, carc_move **moves, size_t *n)
{
    carc_phase phase;
    int r = carc_game_clone(g, root);
    if (r) return r;
    carc_game_state(*root, &phase, NULL);
    if (phase == CARC_PHASE_OVER) r = CARC_E_GAME_OVER;
    if (!r) r = search_list(&s->w[0], *root, n);
    if (!r && *n == 0) r = CARC_E_INVALID;
    if (!r && !(*moves = malloc(*n * sizeof **moves))) r = CARC_E_NOMEM;
    if (!r) memcpy(*moves, s->w[0].moves, *n * sizeof **moves);
    if (!r && *n > s->cap_stats) {
        carc_search_stat *st = realloc(s->stats, *n * sizeof *st);
        if (!st) {
            free(*moves);
            r = CARC_E_NOMEM;
        } else {
            s->stats = st;
            s->cap_stats = *n;
        }
    }
    if (r) carc_game_free(*root);
    return r;
}

int carc_search_run(carc_search *s, const carc_game *g, carc_move *best)
{
    int r = live(s);
    if (r) return r;
    if (!g || !best) return CARC_E_NULL;
    double t0 = now_seconds();
    carc_game *root;
    carc_move *moves = NULL;
    size_t n = 0;
    if ((r = new_root(s, g, &root, &moves, &n)) != CARC_OK) return r;
    read_setup(s, root);
    int64_t reused = move_trees(s, root);
    carc_game_free(s->root);
    s->root = root;
    int player = 0;
    uint64_t key = search_observe(s, root, &player);
    double deadline = s->o.milliseconds > 0 ? t0 + s->o.milliseconds / 1000.0 : 0;
    for (int i = 0; r == CARC_OK && i < s->nworkers; i++) r = prepare(s, i, moves, n, key, player, deadline);
    s->runs++;
    if (!r && n > 1) r = run_workers(s);
    if (r) {
        free(moves);
        carc_search_reset(s);
        return r;
    }
    merge_root(s, moves, n);
    s->best = moves[choose(s)];
    free(moves);
    carc_search_info *in = &s->info;
    memset(in, 0, sizeof *in);
    in->struct_size = sizeof *in;
    in->reused = reused;
    in->threads = s->nworkers;
    for (int i = 0; i < s->nworkers; i++) {
        const tree *t = &s->w[i].t;
        in->iterations += s->w[i].done;
        in->root_visits += root_edge_visits(t);
        in->nodes += t->nnodes - 1;
        in->bytes += tree_bytes(t);
        in->full |= t->full;
    }
    in->milliseconds = (now_seconds() - t0) * 1000.0;
    s->has_result = 1;
    *best = s->best;
    return CARC_OK;
}

int carc_search_root(const carc_search *s, carc_search_stat *buf, size_t cap, size_t *count)
{
    int r = live(s);
    if (r) return r;
    if (!count) return CARC_E_NULL;
    if (!s->has_result) return CARC_E_PHASE;
    *count = s->nstats;
    if (!buf) return CARC_OK;
    memcpy(buf, s->stats, (cap < s->nstats ? cap : s->nstats) * sizeof *buf);
    return cap < s->nstats ? CARC_E_BUFFER : CARC_OK;
}

int carc_search_describe(const carc_search *s, carc_search_info *info)
{
    int r = live(s);
    if (r) return r;
    if (!info) return CARC_E_NULL;
    if (info->struct_size < sizeof *info) return CARC_E_VERSION;
    if (!s->has_result) return CARC_E_PHASE;
    *info = s->info;
    return CARC_OK;
}
