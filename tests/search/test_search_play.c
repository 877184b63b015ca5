/* libcarcassonne-search: what it finds and how it behaves over a game:
 * winning last moves, determinism, root statistics, reuse, budgets. */
#include <criterion/criterion.h>
#include <math.h>

#include <carcassonne_search.h>

#include "core/helpers.h"

static carc_search *search_with(const carc_search_options *o)
{
    carc_search *s = NULL;
    cr_assert_eq(carc_search_new(o, &s), CARC_OK);
    return s;
}

static carc_search *new_search(int64_t iterations, uint64_t seed, int threads)
{
    carc_search_options o = {.struct_size = sizeof o, .iterations = iterations, .seed = seed, .threads = threads};
    return search_with(&o);
}

/* A base game played at random up to its last tile (drawn, not placed);
 * with `keep_figures` every figure step passes, so figures stay in supply. */
static carc_game *last_tile_of(uint64_t seed, int keep_figures)
{
    carc_game *g = h_new("base", 2, seed);
    uint64_t rng = seed * 31 + 7;
    for (;;) {
        int left = -1;
        carc_phase phase;
        carc_game_state(g, &phase, NULL);
        carc_game_deck_remaining(g, 0, &left);
        if (phase == CARC_PHASE_OVER) break;
        if (left == 0 && phase == CARC_PHASE_TILE) return g;
        if (keep_figures && phase == CARC_PHASE_FIGURE)
            cr_assert_eq(t_pass(g), CARC_OK);
        else
            cr_assert_eq(h_random_move(g, &rng), 1);
    }
    carc_game_free(g);
    return NULL;
}

static carc_game *last_tile(uint64_t seed) { return last_tile_of(seed, 0); }

/* Plays the rest of the turn of g's player on a copy as `line` says (a
 * tile move and its best figure move): the final scores decide. */
static int wins_with(carc_game *g, int me, const carc_move *tile, carc_game *c, int *winning_figures)
{
    carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    int any = 0;
    *winning_figures = 0;
    cr_assert_eq(carc_game_copy(c, g), CARC_OK);
    cr_assert_eq(carc_game_apply(c, tile), CARC_OK);
    cr_assert_eq(carc_game_moves(c, buf, H_MOVE_CAP, &n), CARC_OK);
    carc_game *d;
    cr_assert_eq(carc_game_clone(c, &d), CARC_OK);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(carc_game_copy(d, c), CARC_OK);
        cr_assert_eq(carc_game_apply(d, &buf[i]), CARC_OK);
        unsigned w = 0;
        cr_assert_eq(carc_game_winners(d, &w), CARC_OK, "the last tile ends the game");
        if (w == 1u << me) any = 1, (*winning_figures)++;
    }
    carc_game_free(d);
    return any;
}

/* On the last tile nothing is left to chance: each placement and figure
 * decides the game. In positions where under a fifth of the placements
 * can win, the search must pick one of them, then a winning figure step. */
Test(search_play, finds_the_few_winning_last_moves)
{
    int checked = 0;
    for (uint64_t seed = 1; seed < 400 && checked < 6; seed++) {
        carc_game *g = last_tile(seed);
        if (!g) continue;
        int me = 0;
        carc_game_state(g, NULL, &me);
        carc_move buf[H_MOVE_CAP];
        size_t n = 0;
        cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
        carc_game *c;
        cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
        int winning = 0, figures;
        for (size_t i = 0; i < n; i++) winning += wins_with(g, me, &buf[i], c, &figures);
        if (winning == 0 || winning * 5 > (int)n) {
            carc_game_free(c);
            carc_game_free(g);
            continue;
        }
        carc_search *s = new_search(3000, seed, 1);
        carc_move m;
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
        cr_assert(wins_with(g, me, &m, c, &figures), "seed %llu: %d of %zu placements win; the search took a losing one",
                  (unsigned long long)seed, winning, n);
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
        unsigned w = 0;
        cr_assert_eq(carc_game_winners(g, &w), CARC_OK);
        cr_assert_eq(w, 1u << me, "seed %llu: the figure step kept the win", (unsigned long long)seed);
        checked++;
        carc_search_free(s);
        carc_game_free(c);
        carc_game_free(g);
    }
    cr_assert_geq(checked, 3, "positions with few winning moves were found");
}

/* A whole game's answers and root statistics, as text. */
static char *game_trace(const char *variant, int players, uint64_t seed, int threads, int no_reuse)
{
    carc_search_options o = {.struct_size = sizeof o, .iterations = 60, .seed = seed, .threads = threads,
                             .no_reuse = no_reuse};
    carc_search *s = search_with(&o);
    carc_game *g = h_new(variant, players, seed);
    size_t cap = 1 << 20, len = 0;
    char *out = malloc(cap);
    int over = 0;
    while (!carc_game_is_over(g, &over) && !over) {
        carc_move m;
        carc_search_stat st[H_MOVE_CAP];
        size_t n;
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
        cr_assert_eq(carc_search_root(s, st, H_MOVE_CAP, &n), CARC_OK);
        for (size_t i = 0; i < n && len + 64 < cap; i++)
            len += (size_t)snprintf(out + len, cap - len, "%lld:%.6f ", (long long)st[i].visits, st[i].value);
        len += (size_t)snprintf(out + len, cap - len, "| %d %d %d %d\n", m.kind, m.x, m.y, m.feature);
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    }
    carc_search_free(s);
    carc_game_free(g);
    return out;
}

Test(search_play, the_same_seed_and_iterations_give_the_same_game)
{
    char *a = game_trace("hills-sheep", 3, 21, 1, 0), *b = game_trace("hills-sheep", 3, 21, 1, 0);
    cr_assert_str_eq(a, b, "one thread");
    char *c = game_trace("hills-sheep", 3, 21, 2, 0), *d = game_trace("hills-sheep", 3, 21, 2, 0);
    cr_assert_str_eq(c, d, "two threads, whatever the scheduling");
    char *e = game_trace("hills-sheep", 3, 22, 1, 0);
    cr_assert_str_neq(a, e, "another seed searches otherwise");
    free(a), free(b), free(c), free(d), free(e);
}

Test(search_play, root_statistics_follow_the_listing_and_add_up)
{
    carc_game *g = h_new("base", 2, 8);
    uint64_t rng = 3;
    h_play(g, &rng, 40);
    carc_search_options o = {.struct_size = sizeof o, .iterations = 700, .seed = 5, .no_reuse = 1};
    carc_search *s = search_with(&o);
    carc_move m, buf[H_MOVE_CAP];
    carc_search_stat st[H_MOVE_CAP];
    size_t n, k;
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(carc_search_root(s, st, H_MOVE_CAP, &k), CARC_OK);
    cr_assert_eq(k, n);
    int64_t sum = 0, most = -1;
    size_t best = 0;
    for (size_t i = 0; i < n; i++) {
        cr_assert(!memcmp(&st[i].move, &buf[i], sizeof buf[i]), "entry %zu is move %zu of the listing", i, i);
        cr_assert(st[i].value >= 0 && st[i].value <= 1);
        sum += st[i].visits;
        if (st[i].visits > most) most = st[i].visits, best = i;
    }
    cr_assert_eq(sum, 700, "every iteration went through one root move");
    cr_assert(!memcmp(&m, &buf[best], sizeof m), "the most visited move is the answer");
    carc_search_info in = {.struct_size = sizeof in};
    cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
    cr_assert_eq(in.iterations, 700);
    cr_assert_eq(in.root_visits, 700);
    cr_assert_eq(in.reused, 0);
    cr_assert_geq(in.nodes, 700, "a node a new iteration");
    carc_search_free(s);
    carc_game_free(g);
}

Test(search_play, the_tree_is_kept_when_the_game_goes_on_by_its_own_draws)
{
    carc_game *g = h_new("base", 2, 12);
    carc_search *s = new_search(2000, 7, 1);
    carc_search_info in = {.struct_size = sizeof in};
    carc_move m;
    int64_t reused = 0, runs = 0;
    for (int turn = 0; turn < 8; turn++) {
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
        cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
        if (runs++) reused += in.reused > 0;
        cr_assert_eq(in.root_visits, in.reused + in.iterations);
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    }
    cr_assert_geq(reused, runs - 2, "most runs found the position in the tree (%lld of %lld)", (long long)reused,
                  (long long)runs - 1);
    /* a draw the caller fixes is not one the tree can know: a fresh tree */
    carc_phase phase;
    carc_game_state(g, &phase, NULL);
    while (phase != CARC_PHASE_TILE) {
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
        carc_game_state(g, &phase, NULL);
    }
    int drawn;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    carc_move moves[H_MOVE_CAP];
    size_t n;
    for (int t = 0; t < 24; t++)
        if (t != drawn && carc_game_set_next_tile(g, t) == CARC_OK) break;
    cr_assert_eq(carc_game_moves(g, moves, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
    cr_assert_eq(in.reused, 0, "a fixed draw starts a fresh tree");
    cr_assert_eq(carc_search_reset(s), CARC_OK);
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
    cr_assert_eq(in.reused, 0, "nothing kept after a reset");
    carc_search_free(s);
    carc_game_free(g);
}

Test(search_play, budgets_and_limits)
{
    carc_game *g = h_new("base", 2, 2);
    uint64_t rng = 1;
    h_play(g, &rng, 30);
    carc_move m, buf[H_MOVE_CAP];
    size_t n;
    carc_search_info in = {.struct_size = sizeof in};
    /* a time budget alone: it stops, having done some iterations */
    carc_search_options o = {.struct_size = sizeof o, .milliseconds = 30, .seed = 1};
    carc_search *s = search_with(&o);
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
    cr_assert_gt(in.iterations, 0);
    cr_assert_geq(in.milliseconds, 30);
    carc_search_free(s);
    /* the smallest memory: the tree stops growing, the search goes on */
    carc_search_options small = {.struct_size = sizeof small, .iterations = 3000, .seed = 1, .memory_limit = 64 << 10};
    s = search_with(&small);
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
    cr_assert_eq(in.iterations, 3000);
    cr_assert(in.full, "the limit was met");
    cr_assert_leq(in.bytes, 64 << 10);
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    int found = 0;
    for (size_t i = 0; i < n; i++) found |= !memcmp(&buf[i], &m, sizeof m);
    cr_assert(found);
    carc_search_free(s);
    /* pools taken whole at creation: their size never changes */
    carc_search_options whole = {.struct_size = sizeof whole, .iterations = 4000, .seed = 1,
                                 .memory_limit = 1 << 20, .preallocate = 1};
    s = search_with(&whole);
    size_t bytes = 0;
    for (int run = 0; run < 2; run++) {
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
        cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
        if (run) cr_assert_eq(in.bytes, bytes, "the pools did not grow");
        bytes = in.bytes;
        cr_assert_leq(in.bytes, 1 << 20);
        cr_assert_gt(in.bytes, (1 << 20) - 64, "they hold all of the limit");
    }
    carc_search_free(s);
    /* a single legal move is given without a search */
    s = new_search(500, 1, 1);
    carc_phase phase;
    for (int i = 0; i < 400; i++) {
        carc_game_state(g, &phase, NULL);
        if (phase == CARC_PHASE_OVER) break;
        cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
        if (n == 1) {
            cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
            cr_assert(!memcmp(&m, &buf[0], sizeof m));
            cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
            cr_assert_eq(in.iterations, 0);
            break;
        }
        cr_assert_eq(h_random_move(g, &rng), 1);
    }
    carc_search_free(s);
    carc_game_free(g);
}

/* After the last tile only the figure step is left, and each of its moves
 * ends the game: every visited root move's value must be exactly the
 * reward of that ending, the win share or the logistic of the margin. */
static void exact_values(int reward, double scale)
{
    carc_game *g = NULL, *c = NULL;
    carc_move buf[H_MOVE_CAP], m;
    size_t n, pick = 0, most = 0, k;
    /* a last tile whose placement leaves three figure steps or more */
    for (uint64_t seed = 5; seed < 100 && most < 3; seed++) {
        carc_game_free(g);
        carc_game_free(c);
        if (!(g = last_tile_of(seed, 1))) continue;
        cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
        cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
        for (size_t i = 0; i < n; i++) {
            carc_move after[64];
            cr_assert_eq(carc_game_copy(c, g), CARC_OK);
            cr_assert_eq(carc_game_apply(c, &buf[i]), CARC_OK);
            cr_assert_eq(carc_game_moves(c, after, 64, &k), CARC_OK);
            if (k > most) most = k, pick = i;
        }
    }
    cr_assert_geq(most, 3);
    int me;
    carc_game_state(g, NULL, &me);
    cr_assert_eq(carc_game_apply(g, &buf[pick]), CARC_OK);
    carc_search_options o = {.struct_size = sizeof o, .iterations = 300, .seed = 1, .reward = reward,
                             .margin_scale = scale};
    carc_search *s = search_with(&o);
    carc_search_stat st[H_MOVE_CAP];
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    cr_assert_eq(carc_search_root(s, st, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_gt(n, 2, "a figure step with a choice");
    for (size_t i = 0; i < n; i++) {
        cr_assert_gt(st[i].visits, 0);
        cr_assert_eq(carc_game_copy(c, g), CARC_OK);
        cr_assert_eq(carc_game_apply(c, &st[i].move), CARC_OK);
        int a = 0, b = 0;
        carc_game_score(c, me, &a);
        carc_game_score(c, 1 - me, &b);
        double want = reward == CARC_SEARCH_REWARD_WIN ? (a > b ? 1.0 : a == b ? 0.5 : 0.0)
                                                       : 1.0 / (1.0 + exp(-(double)(a - b) / scale));
        cr_assert_float_eq(st[i].value, want, 1e-9, "move %zu: %d to %d is worth %f, not %f", i, a, b, want,
                           st[i].value);
    }
    carc_game_free(c);
    carc_search_free(s);
    carc_game_free(g);
}

Test(search_play, a_finished_game_is_worth_its_reward_exactly)
{
    exact_values(CARC_SEARCH_REWARD_WIN, 0);
    exact_values(CARC_SEARCH_REWARD_MARGIN, 10);
}
