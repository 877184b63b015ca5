/* Batches: what a step writes, same-step autoreset, rewards, threads, and
 * every bad call refused before anything changes. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "learn_test.h"

typedef struct bufs {
    carc_batch_buffers b;
    int n, players, actions;
    size_t obs_bytes;
} bufs;

static bufs make_bufs(const carc_encoding *e, int n, int legal_cap)
{
    carc_encoding_info info = l_info(e);
    bufs x = {.n = n, .players = info.players, .actions = info.action_count, .obs_bytes = info.observation_bytes};
    carc_batch_buffers *b = &x.b;
    b->struct_size = sizeof *b;
    b->observations_size = b->final_observations_size = (size_t)n * info.observation_bytes;
    b->observations = l_buffer(b->observations_size, 0x11);
    b->final_observations = l_buffer(b->final_observations_size, 0x22);
    b->masks_size = (size_t)n * (size_t)info.action_count;
    b->masks = l_buffer(b->masks_size, 0x33);
    b->rewards_count = (size_t)n * (size_t)info.players;
    b->rewards = l_buffer(b->rewards_count * sizeof(double), 0x44);
    b->games_count = (size_t)n;
    b->terminations = l_buffer((size_t)n, 0x55);
    b->truncations = l_buffer((size_t)n, 0x66);
    b->seats = l_buffer((size_t)n * 4, 0x77);
    b->actors = l_buffer((size_t)n * 4, 0x77);
    b->legal_cap = legal_cap;
    b->legal_size = (size_t)n * (size_t)legal_cap;
    b->legal = l_buffer(b->legal_size * 4, 0x7F);
    b->legal_counts = l_buffer((size_t)n * 4, 0x7F);
    return x;
}

static void free_bufs(bufs *x)
{
    carc_batch_buffers *b = &x->b;
    free(b->observations);
    free(b->final_observations);
    free(b->masks);
    free(b->rewards);
    free(b->terminations);
    free(b->truncations);
    free(b->seats);
    free(b->actors);
    free(b->legal);
    free(b->legal_counts);
}

static carc_batch *make_batch(const carc_encoding *e, int games, int threads, int reward, int illegal)
{
    carc_batch_options o = {.struct_size = sizeof o, .encoding = e, .games = games, .threads = threads,
                            .reward = reward, .illegal = illegal};
    carc_batch *b = NULL;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_OK);
    return b;
}

static unsigned char *obs_row(const bufs *x, int i) { return (unsigned char *)x->b.observations + (size_t)i * x->obs_bytes; }
static unsigned char *final_row(const bufs *x, int i)
{
    return (unsigned char *)x->b.final_observations + (size_t)i * x->obs_bytes;
}

/* Game i's row of the buffers says what its game says now. */
static void row_matches_game(carc_batch *b, const carc_encoding *e, const bufs *x, int i)
{
    carc_game *g;
    cr_assert_eq(carc_batch_game(b, i, &g), CARC_OK);
    unsigned char *obs = l_buffer(x->obs_bytes, 0);
    uint8_t *mask = l_buffer((size_t)x->actions, 0);
    int legal = 0;
    cr_assert_eq(carc_encoding_observe(e, g, -1, obs, x->obs_bytes), CARC_OK);
    cr_assert_eq(memcmp(obs, obs_row(x, i), x->obs_bytes), 0, "game %d: observation", i);
    cr_assert_eq(carc_encoding_mask(e, g, mask, (size_t)x->actions, &legal, NULL), CARC_OK);
    cr_assert_eq(memcmp(mask, x->b.masks + (size_t)i * (size_t)x->actions, (size_t)x->actions), 0, "game %d: mask", i);
    int seat = -1;
    carc_game_state(g, NULL, &seat);
    cr_assert_eq(x->b.seats[i], seat);
    cr_assert_eq(x->b.legal_counts[i], legal);
    const int32_t *row = x->b.legal + (size_t)i * (size_t)x->b.legal_cap;
    for (int k = 0; k < x->b.legal_cap; k++) {
        if (k >= legal) {
            cr_assert_eq(row[k], -1);
            continue;
        }
        cr_assert_eq(mask[row[k]], 1, "game %d: listed action %d not in the mask", i, row[k]);
    }
    free(obs);
    free(mask);
}

/* A random legal action of each game, from the legal lists. */
static void pick_actions(const bufs *x, uint64_t *rng, int32_t *actions)
{
    for (int i = 0; i < x->n; i++) {
        int n = x->b.legal_counts[i] < x->b.legal_cap ? x->b.legal_counts[i] : x->b.legal_cap;
        cr_assert_gt(n, 0, "game %d has no legal action", i);
        actions[i] = x->b.legal[(size_t)i * (size_t)x->b.legal_cap + h_below(rng, (unsigned)n)];
    }
}

Test(learn_batch, reset_writes_every_first_position)
{
    carc_encoding *e = l_encoding("base", 3, NULL, 0, 0);
    carc_batch *b = make_batch(e, 5, 0, CARC_REWARD_SCORE, CARC_ILLEGAL_REFUSE);
    bufs x = make_bufs(e, 5, 512);
    cr_assert_eq(carc_batch_reset(b, 9, &x.b), CARC_OK);
    cr_assert_str_eq(carc_batch_error(b), "");
    for (int i = 0; i < 5; i++) {
        row_matches_game(b, e, &x, i);
        cr_assert_eq(x.b.actors[i], -1);
        cr_assert_eq(x.b.terminations[i], 0);
        cr_assert_eq(x.b.truncations[i], 0);
        for (int p = 0; p < 3; p++) cr_assert_eq(x.b.rewards[i * 3 + p], 0.0);
        /* the seed makes the same game with carc_game_new */
        uint64_t seed;
        cr_assert_eq(carc_batch_seed(b, i, &seed), CARC_OK);
        carc_game_options go = {.struct_size = sizeof go, .variant_name = "base", .players = 3, .seed = seed};
        carc_game *g;
        cr_assert_eq(carc_game_new(&go, &g), CARC_OK);
        unsigned char *obs = l_buffer(x.obs_bytes, 0);
        cr_assert_eq(carc_encoding_observe(e, g, -1, obs, x.obs_bytes), CARC_OK);
        cr_assert_eq(memcmp(obs, obs_row(&x, i), x.obs_bytes), 0, "game %d is not carc_game_new's", i);
        free(obs);
        carc_game_free(g);
    }
    uint64_t s0, s1;
    carc_batch_seed(b, 0, &s0);
    carc_batch_seed(b, 1, &s1);
    cr_assert_neq(s0, s1, "each game its own seed");
    free_bufs(&x);
    carc_batch_free(b);
    carc_encoding_free(e);
}

/* The seat order turn of an observation undone: scores by seat. */
static void seat_scores(const carc_encoding *e, const unsigned char *obs, int looker, int players, int *out)
{
    const int32_t *s = l_at(e, obs, "scores");
    for (int k = 0; k < players; k++) out[(looker + k) % players] = s[k];
}

/* Score rewards add up, over an episode, to each seat's final margin; a
 * game that ends is replaced in the same step and its last position kept. */
Test(learn_batch, episodes_end_and_restart_in_the_same_step)
{
    const int N = 6, P = 2;
    carc_encoding *e = l_encoding("base", P, NULL, 0, 0);
    carc_batch *b = make_batch(e, N, 0, CARC_REWARD_SCORE, CARC_ILLEGAL_REFUSE);
    bufs x = make_bufs(e, N, 1024);
    cr_assert_eq(carc_batch_reset(b, 3, &x.b), CARC_OK);
    double sum[6][2] = {{0}};
    int32_t actions[6], seats_before[6];
    uint64_t rng = 3, seed_before[6];
    int ended = 0;
    for (int step = 0; step < 400; step++) {
        pick_actions(&x, &rng, actions);
        for (int i = 0; i < N; i++) {
            seats_before[i] = x.b.seats[i];
            carc_batch_seed(b, i, &seed_before[i]);
        }
        cr_assert_eq(carc_batch_step(b, actions, (size_t)N, &x.b), CARC_OK, "%s", carc_batch_error(b));
        for (int i = 0; i < N; i++) {
            cr_assert_eq(x.b.actors[i], seats_before[i]);
            for (int p = 0; p < P; p++) sum[i][p] += x.b.rewards[i * P + p];
            row_matches_game(b, e, &x, i);
            uint64_t seed;
            carc_batch_seed(b, i, &seed);
            cr_assert_eq(x.b.truncations[i], 0);
            if (!x.b.terminations[i]) {
                cr_assert_eq(seed, seed_before[i]);
                continue;
            }
            ended++;
            cr_assert_neq(seed, seed_before[i], "a new game after the end");
            const uint8_t *phase = l_at(e, final_row(&x, i), "phase");
            cr_assert_eq(phase[CARC_PHASE_OVER], 1, "the final observation shows the end");
            const uint8_t *now = l_at(e, obs_row(&x, i), "phase");
            cr_assert_eq(now[CARC_PHASE_TILE], 1, "the observation is the new game's");
            int s[2];
            seat_scores(e, final_row(&x, i), x.b.actors[i], P, s);
            for (int p = 0; p < P; p++) {
                double margin = s[p] - (double)(s[0] + s[1] - s[p]);
                cr_assert(fabs(sum[i][p] - margin) < 1e-9, "game %d seat %d: rewards %g, margin %g", i, p, sum[i][p],
                          margin);
                sum[i][p] = 0;
            }
        }
    }
    cr_assert_geq(ended, 6, "%d episodes ended in 400 steps of 6 games", ended);
    free_bufs(&x);
    carc_batch_free(b);
    carc_encoding_free(e);
}

/* "win": nothing until the end, then +1 to the top scores and -1 to the others. */
Test(learn_batch, win_rewards)
{
    const int N = 3, P = 3;
    carc_encoding *e = l_encoding("hills-sheep", P, NULL, 0, 0);
    carc_batch *b = make_batch(e, N, 0, CARC_REWARD_WIN, CARC_ILLEGAL_REFUSE);
    bufs x = make_bufs(e, N, 1024);
    cr_assert_eq(carc_batch_reset(b, 1, &x.b), CARC_OK);
    int32_t actions[3];
    uint64_t rng = 8;
    int ended = 0;
    while (ended < 3) {
        pick_actions(&x, &rng, actions);
        cr_assert_eq(carc_batch_step(b, actions, (size_t)N, &x.b), CARC_OK);
        for (int i = 0; i < N; i++) {
            const double *r = x.b.rewards + i * P;
            if (!x.b.terminations[i]) {
                for (int p = 0; p < P; p++) cr_assert_eq(r[p], 0.0);
                continue;
            }
            ended++;
            int s[3], top = -1;
            seat_scores(e, final_row(&x, i), x.b.actors[i], P, s);
            for (int p = 0; p < P; p++) top = s[p] > top ? s[p] : top;
            for (int p = 0; p < P; p++) cr_assert_eq(r[p], s[p] == top ? 1.0 : -1.0, "seat %d", p);
        }
    }
    free_bufs(&x);
    carc_batch_free(b);
    carc_encoding_free(e);
}

/* The same seed and actions give the same bytes with and without threads. */
Test(learn_batch, threads_change_nothing)
{
    const int N = 16;
    carc_option hand = {"hand", 1};
    carc_encoding *e = l_encoding("discovery", 2, &hand, 1, 0);
    carc_batch *one = make_batch(e, N, 0, CARC_REWARD_SCORE, CARC_ILLEGAL_REFUSE);
    carc_batch *many = make_batch(e, N, 3, CARC_REWARD_SCORE, CARC_ILLEGAL_REFUSE);
    bufs a = make_bufs(e, N, 256), c = make_bufs(e, N, 256);
    cr_assert_eq(carc_batch_reset(one, 77, &a.b), CARC_OK);
    cr_assert_eq(carc_batch_reset(many, 77, &c.b), CARC_OK);
    int32_t actions[16];
    uint64_t rng = 1;
    for (int step = 0; step < 300; step++) {
        cr_assert_eq(memcmp(a.b.observations, c.b.observations, a.b.observations_size), 0, "step %d", step);
        cr_assert_eq(memcmp(a.b.masks, c.b.masks, a.b.masks_size), 0);
        cr_assert_eq(memcmp(a.b.rewards, c.b.rewards, a.b.rewards_count * sizeof(double)), 0);
        cr_assert_eq(memcmp(a.b.terminations, c.b.terminations, (size_t)N), 0);
        cr_assert_eq(memcmp(a.b.legal, c.b.legal, a.b.legal_size * 4), 0);
        pick_actions(&a, &rng, actions);
        cr_assert_eq(carc_batch_step(one, actions, (size_t)N, &a.b), CARC_OK);
        cr_assert_eq(carc_batch_step(many, actions, (size_t)N, &c.b), CARC_OK);
    }
    free_bufs(&a);
    free_bufs(&c);
    carc_batch_free(one);
    carc_batch_free(many);
    carc_encoding_free(e);
}

/* Copies of every buffer and every game's save, to see that nothing changed. */
typedef struct snap {
    unsigned char *bytes[10];
    size_t sizes[10];
    char *saves[8];
} snap;

static void *buffer_of(const carc_batch_buffers *b, int k)
{
    void *const all[10] = {b->observations, b->final_observations, b->masks, b->rewards, b->terminations,
                           b->truncations, b->seats, b->actors, b->legal, b->legal_counts};
    return all[k];
}

static size_t size_of(const bufs *x, int k)
{
    const carc_batch_buffers *b = &x->b;
    size_t n = (size_t)x->n;
    size_t all[10] = {b->observations_size, b->final_observations_size, b->masks_size, b->rewards_count * 8, n, n,
                      n * 4, n * 4, b->legal_size * 4, n * 4};
    return all[k];
}

static snap take(carc_batch *b, const bufs *x)
{
    snap s;
    for (int k = 0; k < 10; k++) {
        s.sizes[k] = size_of(x, k);
        s.bytes[k] = malloc(s.sizes[k]);
        memcpy(s.bytes[k], buffer_of(&x->b, k), s.sizes[k]);
    }
    for (int i = 0; i < x->n; i++) {
        carc_game *g;
        cr_assert_eq(carc_batch_game(b, i, &g), CARC_OK);
        s.saves[i] = h_save(g);
    }
    return s;
}

static void same_as(carc_batch *b, const bufs *x, snap *s, const char *what)
{
    for (int k = 0; k < 10; k++) {
        cr_assert_eq(memcmp(s->bytes[k], buffer_of(&x->b, k), s->sizes[k]), 0, "%s wrote buffer %d", what, k);
        free(s->bytes[k]);
    }
    for (int i = 0; i < x->n; i++) {
        carc_game *g;
        carc_batch_game(b, i, &g);
        h_assert_unchanged(g, s->saves[i], what);
        free(s->saves[i]);
    }
}

Test(learn_batch, an_illegal_action_is_refused_by_name)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_batch *b = make_batch(e, 4, 2, CARC_REWARD_SCORE, CARC_ILLEGAL_REFUSE);
    bufs x = make_bufs(e, 4, 512);
    cr_assert_eq(carc_batch_reset(b, 5, &x.b), CARC_OK);
    uint64_t rng = 2;
    int32_t actions[4];
    pick_actions(&x, &rng, actions);
    actions[2] = l_block(e, "pass").offset; /* no pass in a tile step */
    snap s = take(b, &x);
    cr_assert_eq(carc_batch_step(b, actions, 4, &x.b), CARC_E_ILLEGAL_MOVE);
    const char *why = carc_batch_error(b);
    char want[64];
    snprintf(want, sizeof want, "game 2: seat %d chose action %d", x.b.seats[2], actions[2]);
    cr_assert(strstr(why, want), "error text: %s", why);
    cr_assert(strstr(why, "pass"), "names the block: %s", why);
    same_as(b, &x, &s, "a refused step");
    actions[2] = -5;
    s = take(b, &x);
    cr_assert_eq(carc_batch_step(b, actions, 4, &x.b), CARC_E_ILLEGAL_MOVE);
    cr_assert(strstr(carc_batch_error(b), "outside the action space"), "%s", carc_batch_error(b));
    same_as(b, &x, &s, "an action out of range");
    pick_actions(&x, &rng, actions);
    cr_assert_eq(carc_batch_step(b, actions, 4, &x.b), CARC_OK, "the batch goes on");
    cr_assert_str_eq(carc_batch_error(b), "");
    free_bufs(&x);
    carc_batch_free(b);
    carc_encoding_free(e);
}

Test(learn_batch, an_illegal_action_can_lose_the_game)
{
    carc_encoding *e = l_encoding("base", 3, NULL, 0, 0);
    carc_batch *b = make_batch(e, 3, 0, CARC_REWARD_SCORE, CARC_ILLEGAL_LOSE);
    bufs x = make_bufs(e, 3, 512);
    cr_assert_eq(carc_batch_reset(b, 5, &x.b), CARC_OK);
    uint64_t rng = 2, before;
    int32_t actions[3];
    for (int k = 0; k < 10; k++) {
        pick_actions(&x, &rng, actions);
        cr_assert_eq(carc_batch_step(b, actions, 3, &x.b), CARC_OK);
    }
    unsigned char *last = malloc(x.obs_bytes);
    memcpy(last, obs_row(&x, 1), x.obs_bytes);
    int offender = x.b.seats[1];
    carc_batch_seed(b, 1, &before);
    pick_actions(&x, &rng, actions);
    actions[1] = 1 << 30;
    cr_assert_eq(carc_batch_step(b, actions, 3, &x.b), CARC_OK);
    cr_assert_eq(x.b.terminations[1], 1);
    cr_assert_eq(x.b.terminations[0] + x.b.terminations[2], 0);
    for (int p = 0; p < 3; p++) cr_assert_eq(x.b.rewards[3 + p], p == offender ? -1.0 : 0.0);
    cr_assert_eq(memcmp(last, final_row(&x, 1), x.obs_bytes), 0, "the final observation is the position it lost in");
    uint64_t after;
    carc_batch_seed(b, 1, &after);
    cr_assert_neq(after, before);
    row_matches_game(b, e, &x, 1);
    free(last);
    free_bufs(&x);
    carc_batch_free(b);
    carc_encoding_free(e);
}

/* A decision whose legal moves all lie outside the window cuts the game
 * short (truncation), and a new one starts. */
Test(learn_batch, a_board_past_the_window_truncates)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 1);
    carc_batch *b = make_batch(e, 4, 0, CARC_REWARD_SCORE, CARC_ILLEGAL_REFUSE);
    bufs x = make_bufs(e, 4, 64);
    cr_assert_eq(carc_batch_reset(b, 5, &x.b), CARC_OK);
    uint64_t rng = 4;
    int32_t actions[4];
    int cut = 0;
    for (int step = 0; step < 200 && !cut; step++) {
        pick_actions(&x, &rng, actions);
        cr_assert_eq(carc_batch_step(b, actions, 4, &x.b), CARC_OK);
        for (int i = 0; i < 4; i++) {
            if (!x.b.truncations[i]) continue;
            cut = 1;
            cr_assert_eq(x.b.terminations[i], 0);
            const uint8_t *phase = l_at(e, final_row(&x, i), "phase");
            cr_assert_eq(phase[CARC_PHASE_OVER], 0, "cut short, not over");
            row_matches_game(b, e, &x, i);
        }
    }
    cr_assert(cut, "no game outgrew a window of radius 1");
    free_bufs(&x);
    carc_batch_free(b);
    carc_encoding_free(e);
}

Test(learn_batch, bad_buffers_and_calls_are_refused)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_batch *b = make_batch(e, 3, 1, CARC_REWARD_SCORE, CARC_ILLEGAL_REFUSE);
    bufs x = make_bufs(e, 3, 16);
    int32_t actions[3] = {0, 0, 0};
    cr_assert_eq(carc_batch_step(b, actions, 3, &x.b), CARC_E_PHASE);
    cr_assert(strstr(carc_batch_error(b), "reset"));
    carc_game *g;
    cr_assert_eq(carc_batch_game(b, 0, &g), CARC_E_PHASE);
    cr_assert_eq(carc_batch_reset(b, 1, &x.b), CARC_OK);
    carc_batch_buffers good = x.b;
    /* each required buffer missing, each size one short, a misaligned one */
    for (int k = 0; k < 12; k++) {
        carc_batch_buffers bad = good;
        int want = CARC_E_BUFFER;
        switch (k) {
        case 0: bad.observations = NULL, want = CARC_E_NULL; break;
        case 1: bad.masks = NULL, want = CARC_E_NULL; break;
        case 2: bad.rewards = NULL, want = CARC_E_NULL; break;
        case 3: bad.actors = NULL, want = CARC_E_NULL; break;
        case 4: bad.observations_size--; break;
        case 5: bad.final_observations_size--; break;
        case 6: bad.masks_size--; break;
        case 7: bad.rewards_count--; break;
        case 8: bad.games_count--; break;
        case 9: bad.legal_size--; break;
        case 10: bad.rewards = (double *)((char *)bad.rewards + 4), want = CARC_E_INVALID; break;
        case 11: bad.struct_size = 8, want = CARC_E_VERSION; break;
        }
        uint64_t rng = 1;
        pick_actions(&x, &rng, actions);
        snap s = take(b, &x);
        cr_assert_eq(carc_batch_step(b, actions, 3, &bad), want, "case %d: %s", k, carc_batch_error(b));
        cr_assert_neq(carc_batch_error(b)[0], 0, "case %d gives a reason", k);
        same_as(b, &x, &s, "a step with a bad buffer");
        s = take(b, &x);
        cr_assert_eq(carc_batch_reset(b, 2, &bad), want, "reset, case %d", k);
        same_as(b, &x, &s, "a reset with a bad buffer");
    }
    snap s = take(b, &x);
    cr_assert_eq(carc_batch_step(b, actions, 2, &x.b), CARC_E_RANGE);
    cr_assert(strstr(carc_batch_error(b), "2 actions given for 3 games"), "%s", carc_batch_error(b));
    cr_assert_eq(carc_batch_step(b, NULL, 3, &x.b), CARC_E_NULL);
    cr_assert_eq(carc_batch_step(b, actions, 3, NULL), CARC_E_NULL);
    same_as(b, &x, &s, "refused steps");
    cr_assert_eq(carc_batch_game(b, 3, &g), CARC_E_RANGE);
    cr_assert_eq(carc_batch_step(NULL, actions, 3, &x.b), CARC_E_NULL);
    cr_assert_str_eq(carc_batch_error(NULL), "");
    /* optional buffers may be left out */
    carc_batch_buffers lean = good;
    lean.final_observations = NULL;
    lean.final_observations_size = 0;
    lean.legal = NULL;
    lean.legal_size = 0;
    lean.legal_counts = NULL;
    uint64_t rng = 1;
    pick_actions(&x, &rng, actions);
    cr_assert_eq(carc_batch_step(b, actions, 3, &lean), CARC_OK);
    free_bufs(&x);
    carc_batch_free(b);
    carc_encoding_free(e);
}

Test(learn_batch, bad_options_are_refused)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_batch_options o = {.struct_size = sizeof o, .encoding = e, .games = 4};
    carc_batch *b = (carc_batch *)0x1;
    cr_assert_eq(carc_batch_new(NULL, &b), CARC_E_NULL);
    o.games = 0;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_RANGE);
    o.games = 4;
    o.threads = 65;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_RANGE);
    o.threads = 0;
    o.reward = 7;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_RANGE);
    o.reward = 0;
    o.illegal = 2;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_RANGE);
    o.illegal = 0;
    o.encoding = NULL;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_NULL);
    o.encoding = e;
    o.struct_size = 8;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_VERSION);
    cr_assert_eq(b, (carc_batch *)0x1);
    carc_batch_free(NULL);
    carc_encoding_free(e);
}
