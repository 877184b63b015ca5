/* carc-learn-bench: what a learning loop pays per step, in C, split into
 * its parts (docs/performance.md). N games are stepped side by side with
 * uniformly random legal moves; each figure is CPU microseconds per game
 * step, the median of --runs runs:
 *   play     list the moves and apply one (the engine alone)
 *   mask     the same plus the legal-action mask (carc_encoding_mask)
 *   observe  the same plus the observation, into each game's own row
 *            (carc_encoding_observe), as a batch writes them
 *   batch    carc_batch_step (all of it: the mask, the observation, rewards,
 *            games replaced as they end)
 * and observe_us, one observation of a mid-game position (2 players: after
 * 70 decisions), written again and again into one buffer.
 *   carc-learn-bench [--variant NAME] [--players P] [--rule NAME=V] [--games N]
 *                    [--steps S] [--threads T] [--runs R] [--observe-only K]
 * --observe-only K makes K observations and nothing else, for callgrind:
 * instructions per observation = Ir / K. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne.h>

#define MAX_RULES 8
#define MOVE_CAP 8192

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct cfg {
    carc_game_options game;
    carc_option rules[MAX_RULES];
    char names[MAX_RULES][64];
    int games, steps, threads, runs;
    long observe_only;
} cfg;

static int parse(int argc, char **argv, cfg *c)
{
    c->game = (carc_game_options){.struct_size = sizeof c->game, .variant_name = "base", .players = 2};
    c->games = 256, c->steps = 200, c->threads = 0, c->runs = 5, c->observe_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) return -1;
        i++;
        if (!strcmp(a, "--variant")) c->game.variant_name = v;
        else if (!strcmp(a, "--players")) c->game.players = atoi(v);
        else if (!strcmp(a, "--games")) c->games = atoi(v);
        else if (!strcmp(a, "--steps")) c->steps = atoi(v);
        else if (!strcmp(a, "--threads")) c->threads = atoi(v);
        else if (!strcmp(a, "--runs")) c->runs = atoi(v);
        else if (!strcmp(a, "--observe-only")) c->observe_only = atol(v);
        else if (!strcmp(a, "--rule") && c->game.rule_count < MAX_RULES && strchr(v, '=')) {
            int k = c->game.rule_count++;
            snprintf(c->names[k], sizeof c->names[k], "%.*s", (int)(strchr(v, '=') - v), v);
            c->rules[k] = (carc_option){c->names[k], atoi(strchr(v, '=') + 1)};
            c->game.rules = c->rules;
        } else return -1;
    }
    return c->games > 0 && c->steps > 0 && c->runs > 0 ? 0 : -1;
}

/* One run of the stepping loop by hand: level 0 play, 1 + mask, 2 + observe. */
static double by_hand(const cfg *c, const carc_encoding *e, const carc_encoding_info *info, int level, uint64_t seed)
{
    int n = c->games;
    carc_game **g = calloc((size_t)n, sizeof *g);
    carc_move *moves = malloc(MOVE_CAP * sizeof *moves);
    unsigned char *rows = aligned_alloc(64, (size_t)n * info->observation_bytes);
    uint8_t *masks = malloc((size_t)n * (size_t)info->action_count);
    carc_game_options o = c->game;
    for (int i = 0; i < n; i++) {
        o.seed = seed + (uint64_t)i;
        if (carc_game_new(&o, &g[i])) exit(1);
    }
    uint64_t rng = seed;
    double t = cpu_now();
    for (int s = 0; s < c->steps; s++)
        for (int i = 0; i < n; i++) {
            size_t count = 0;
            if (carc_game_moves(g[i], moves, MOVE_CAP, &count) || !count) {
                carc_game_free(g[i]);
                o.seed = next(&rng);
                carc_game_new(&o, &g[i]);
                carc_game_moves(g[i], moves, MOVE_CAP, &count);
            }
            carc_game_apply(g[i], &moves[next(&rng) % count]);
            if (level >= 1)
                carc_encoding_mask(e, g[i], masks + (size_t)i * (size_t)info->action_count,
                                   (size_t)info->action_count, NULL, NULL);
            if (level >= 2)
                carc_encoding_observe(e, g[i], -1, rows + (size_t)i * info->observation_bytes,
                                      info->observation_bytes);
        }
    t = cpu_now() - t;
    for (int i = 0; i < n; i++) carc_game_free(g[i]);
    free(g);
    free(moves);
    free(rows);
    free(masks);
    return t / c->steps / n * 1e6;
}

static double batched(const cfg *c, const carc_encoding *e, const carc_encoding_info *info, uint64_t seed)
{
    int n = c->games, cap = 1024;
    carc_batch_options bo = {.struct_size = sizeof bo, .encoding = e, .games = n, .threads = c->threads};
    carc_batch *b;
    if (carc_batch_new(&bo, &b)) exit(1);
    size_t obs = (size_t)n * info->observation_bytes;
    carc_batch_buffers bb = {.struct_size = sizeof bb, .observations = aligned_alloc(64, obs),
                             .observations_size = obs, .final_observations = aligned_alloc(64, obs),
                             .final_observations_size = obs, .masks = malloc((size_t)n * (size_t)info->action_count),
                             .masks_size = (size_t)n * (size_t)info->action_count,
                             .rewards = malloc(sizeof(double) * (size_t)n * (size_t)info->players),
                             .rewards_count = (size_t)n * (size_t)info->players, .terminations = malloc((size_t)n),
                             .truncations = malloc((size_t)n), .seats = malloc(4 * (size_t)n),
                             .actors = malloc(4 * (size_t)n), .games_count = (size_t)n,
                             .legal = malloc(4 * (size_t)n * (size_t)cap), .legal_size = (size_t)n * (size_t)cap,
                             .legal_counts = malloc(4 * (size_t)n), .legal_cap = cap};
    int32_t *actions = malloc(4 * (size_t)n);
    if (carc_batch_reset(b, seed, &bb)) exit(1);
    uint64_t rng = seed;
    double t = cpu_now();
    for (int s = 0; s < c->steps; s++) {
        for (int i = 0; i < n; i++) {
            int k = bb.legal_counts[i] < cap ? bb.legal_counts[i] : cap;
            actions[i] = bb.legal[(size_t)i * (size_t)cap + next(&rng) % (uint64_t)k];
        }
        if (carc_batch_step(b, actions, (size_t)n, &bb)) {
            fprintf(stderr, "carc-learn-bench: %s\n", carc_batch_error(b));
            exit(1);
        }
    }
    t = cpu_now() - t;
    carc_batch_free(b);
    free(bb.observations), free(bb.final_observations), free(bb.masks), free(bb.rewards), free(bb.terminations);
    free(bb.truncations), free(bb.seats), free(bb.actors), free(bb.legal), free(bb.legal_counts), free(actions);
    return t / c->steps / n * 1e6;
}

/* One observation of a mid-game position, k times into one buffer. */
static double observe_once(const cfg *c, const carc_encoding *e, const carc_encoding_info *info, long k)
{
    carc_game_options o = c->game;
    o.seed = 1;
    carc_game *g;
    if (carc_game_new(&o, &g)) exit(1);
    carc_move *moves = malloc(MOVE_CAP * sizeof *moves);
    uint64_t rng = 1;
    for (int d = 0; d < 70; d++) {
        size_t n = 0;
        if (carc_game_moves(g, moves, MOVE_CAP, &n) || !n) break;
        carc_game_apply(g, &moves[next(&rng) % n]);
    }
    unsigned char *buf = aligned_alloc(64, info->observation_bytes);
    double t = cpu_now();
    for (long i = 0; i < k; i++) carc_encoding_observe(e, g, -1, buf, info->observation_bytes);
    t = cpu_now() - t;
    free(buf);
    free(moves);
    carc_game_free(g);
    return t / (double)k * 1e6;
}

static double median(double *x, int n)
{
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    cfg c = {0};
    if (parse(argc, argv, &c)) {
        fprintf(stderr, "usage: carc-learn-bench [--variant NAME] [--players P] [--rule NAME=V] [--games N] "
                        "[--steps S] [--threads T] [--runs R] [--observe-only K]\n");
        return 2;
    }
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &c.game};
    carc_encoding *e;
    int r = carc_encoding_new(&eo, &e);
    if (r) {
        fprintf(stderr, "carc-learn-bench: %s\n", carc_strerror(r));
        return 1;
    }
    carc_encoding_info info = {.struct_size = sizeof info};
    carc_encoding_describe(e, &info);
    if (c.observe_only) {
        printf("observe_us: %.3f\n", observe_once(&c, e, &info, c.observe_only));
        carc_encoding_free(e);
        return 0;
    }
    double x[5][64];
    int runs = c.runs < 64 ? c.runs : 64;
    for (int k = 0; k < runs; k++) {
        x[0][k] = observe_once(&c, e, &info, 20000);
        for (int level = 0; level < 3; level++) x[1 + level][k] = by_hand(&c, e, &info, level, 11 + (uint64_t)k);
        x[4][k] = batched(&c, e, &info, 11 + (uint64_t)k);
    }
    printf("%s, %d players, %d games, %d steps, %d threads; CPU us per game step, median of %d runs\n",
           c.game.variant_name, c.game.players, c.games, c.steps, c.threads, runs);
    printf("observe_us: %.3f\n", median(x[0], runs));
    printf("play_us: %.3f\n", median(x[1], runs));
    printf("play_mask_us: %.3f\n", median(x[2], runs));
    printf("play_mask_observe_us: %.3f\n", median(x[3], runs));
    double batch = median(x[4], runs);
    printf("batch_step_us: %.3f\n", batch);
    printf("batch_steps_per_cpu_second: %.0f\n", 1e6 / batch);
    carc_encoding_free(e);
    return 0;
}
