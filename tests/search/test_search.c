/* libcarcassonne-search: bad calls, the game left alone, legal and
 * deterministic answers in every ruleset, winning last moves, reuse. */
#include <criterion/criterion.h>
#include <math.h>

#include <carcassonne_search.h>

#include "core/helpers.h"

/* A sanitizer build reports a read of freed memory, which is the point of
 * one check below: that check runs in plain builds only. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

static const char *const variants[] = {"base", "hills-sheep", "hunters-gatherers", "discovery",
                                       "over-hill-and-dale"};

static carc_search *new_search(int64_t iterations, uint64_t seed, int threads)
{
    carc_search_options o = {.struct_size = sizeof o, .iterations = iterations, .seed = seed, .threads = threads};
    carc_search *s = NULL;
    cr_assert_eq(carc_search_new(&o, &s), CARC_OK);
    return s;
}

/* Whether m is among the moves carc_game_moves lists for g. */
static int listed(carc_game *g, const carc_move *m)
{
    carc_move buf[H_MOVE_CAP * 4];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP * 4, &n), CARC_OK);
    for (size_t i = 0; i < n; i++)
        if (!memcmp(&buf[i], m, sizeof *m)) return 1;
    return 0;
}

Test(search_errors, bad_options_are_refused_with_what_is_wrong)
{
    carc_search *s = (carc_search *)1;
    carc_search_options o = {.struct_size = sizeof o, .iterations = 10};
    cr_assert_eq(carc_search_new(NULL, &s), CARC_E_NULL);
    cr_assert_eq(carc_search_new(&o, NULL), CARC_E_NULL);
    o.struct_size = 8;
    cr_assert_eq(carc_search_new(&o, &s), CARC_E_VERSION);
    o.struct_size = sizeof o;
    struct {
        const char *what;
        carc_search_options o;
    } bad[] = {
        {"no budget", {.struct_size = sizeof o}},
        {"negative iterations", {.struct_size = sizeof o, .iterations = -5}},
        {"negative time", {.struct_size = sizeof o, .milliseconds = -1}},
        {"time not a number", {.struct_size = sizeof o, .milliseconds = NAN}},
        {"threads past the bound", {.struct_size = sizeof o, .iterations = 9, .threads = CARC_SEARCH_MAX_THREADS + 1}},
        {"negative threads", {.struct_size = sizeof o, .iterations = 9, .threads = -1}},
        {"unknown reward", {.struct_size = sizeof o, .iterations = 9, .reward = 7}},
        {"negative constant", {.struct_size = sizeof o, .iterations = 9, .exploration = -0.1}},
        {"infinite constant", {.struct_size = sizeof o, .iterations = 9, .exploration = INFINITY}},
        {"negative scale", {.struct_size = sizeof o, .iterations = 9, .margin_scale = -3}},
        {"memory under 64 KiB a thread", {.struct_size = sizeof o, .iterations = 9, .threads = 2, .memory_limit = 100000}},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s = (carc_search *)1;
        cr_assert_eq(carc_search_new(&bad[i].o, &s), CARC_E_RANGE, "%s", bad[i].what);
        cr_assert_eq(s, (carc_search *)1, "%s: the out-parameter is left alone", bad[i].what);
    }
    o.milliseconds = 5; /* a time budget alone is a budget */
    o.iterations = 0;
    cr_assert_eq(carc_search_new(&o, &s), CARC_OK);
    carc_search_free(s);
    carc_search_free(NULL);
}

Test(search_errors, bad_runs_change_nothing)
{
    carc_search *s = new_search(50, 1, 1);
    carc_game *g = h_new("base", 2, 3);
    carc_move m, keep;
    memset(&keep, 0x5a, sizeof keep);
    m = keep;
    size_t n = 1;
    carc_search_info in = {.struct_size = sizeof in};
    cr_assert_eq(carc_search_run(NULL, g, &m), CARC_E_NULL);
    cr_assert_eq(carc_search_run(s, NULL, &m), CARC_E_NULL);
    cr_assert_eq(carc_search_run(s, g, NULL), CARC_E_NULL);
    cr_assert_eq(carc_search_root(s, NULL, 0, &n), CARC_E_PHASE, "no run yet");
    cr_assert_eq(carc_search_describe(s, &in), CARC_E_PHASE);
    /* a finished game */
    uint64_t rng = 4;
    h_play(g, &rng, 100000);
    char *before = h_save(g);
    cr_assert_eq(carc_search_run(s, g, &m), CARC_E_GAME_OVER);
    cr_assert(!memcmp(&m, &keep, sizeof m), "the move is left alone");
    h_assert_unchanged(g, before, "a search of a finished game");
    cr_assert_eq(carc_search_root(s, NULL, 0, &n), CARC_E_PHASE, "still no result");
    free(before);
    carc_game_free(g);
    carc_search_free(s);
}

Test(search_errors, a_handle_that_is_not_a_search_is_refused)
{
    /* memory that never was a search: zeros, or another object */
    union {
        char bytes[256];
        carc_search_options o;
    } fake;
    memset(&fake, 0, sizeof fake);
    carc_game *g = h_new("base", 2, 3);
    carc_move m;
    size_t n;
    carc_search_info in = {.struct_size = sizeof in};
    carc_search *s = (carc_search *)(void *)&fake;
    cr_assert_eq(carc_search_run(s, g, &m), CARC_E_INVALID);
    cr_assert_eq(carc_search_root(s, NULL, 0, &n), CARC_E_INVALID);
    cr_assert_eq(carc_search_describe(s, &in), CARC_E_INVALID);
    cr_assert_eq(carc_search_reset(s), CARC_E_INVALID);
    carc_search_free(s); /* not a search: left alone, not freed */
    s = (carc_search *)(void *)g;
    cr_assert_eq(carc_search_run(s, g, &m), CARC_E_INVALID, "a game passed as a search");
#if !UNDER_ASAN
    /* a freed handle: its first word was overwritten by carc_search_free
     * (reading freed memory is what a sanitizer build would report, so
     * the check runs in plain builds only) */
    carc_search *dead = new_search(10, 1, 1);
    carc_search_free(dead);
    cr_assert_eq(carc_search_run(dead, g, &m), CARC_E_INVALID);
#endif
    carc_game_free(g);
}

Test(search_errors, a_small_buffer_gets_the_count_and_the_first_entries)
{
    carc_search *s = new_search(200, 2, 1);
    carc_game *g = h_new("base", 2, 5);
    carc_move m;
    cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
    size_t n = 0, n2 = 0;
    cr_assert_eq(carc_search_root(s, NULL, 0, &n), CARC_OK);
    cr_assert_gt(n, 2);
    carc_search_stat all[64], few[2];
    cr_assert_leq(n, 64);
    cr_assert_eq(carc_search_root(s, all, 64, &n2), CARC_OK);
    cr_assert_eq(n2, n);
    memset(few, 0, sizeof few);
    cr_assert_eq(carc_search_root(s, few, 2, &n2), CARC_E_BUFFER);
    cr_assert_eq(n2, n);
    cr_assert(!memcmp(few, all, sizeof few));
    carc_search_info small = {.struct_size = 8};
    cr_assert_eq(carc_search_describe(s, &small), CARC_E_VERSION);
    carc_game_free(g);
    carc_search_free(s);
}

/* Plays a random game of `variant` and, every `every` decisions, searches
 * the position: the answer is a legal move and the game is unchanged. */
static void legal_everywhere(const char *variant, int players, const carc_option *rules, int nrules, uint64_t seed,
                             int every, int threads)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .seed = seed,
                           .rules = rules, .rule_count = nrules};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK, "%s", variant);
    carc_search *s = new_search(40, seed, threads);
    uint64_t rng = seed;
    int searched = 0, kinds = 0;
    for (int d = 0;; d++) {
        int over = 0;
        carc_game_is_over(g, &over);
        if (over) break;
        if (d % every == 0) {
            char *before = h_save(g);
            carc_move m;
            cr_assert_eq(carc_search_run(s, g, &m), CARC_OK, "%s decision %d", variant, d);
            h_assert_unchanged(g, before, "a search");
            cr_assert(listed(g, &m), "%s decision %d: the move is a legal one", variant, d);
            free(before);
            kinds |= 1 << m.kind;
            searched++;
            cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
        } else {
            cr_assert_eq(h_random_move(g, &rng), 1);
        }
    }
    cr_assert_gt(searched, 20, "%s: %d positions searched", variant, searched);
    cr_assert(kinds & (1 << CARC_MOVE_TILE), "%s: a tile placement was chosen", variant);
    carc_search_free(s);
    carc_game_free(g);
}

Test(search_rulesets, every_ruleset_gets_legal_moves_and_keeps_its_game)
{
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
        for (int players = 2; players <= 5; players += 3) legal_everywhere(variants[v], players, NULL, 0, 7 + v, 3, 1);
    carc_option hand = {"hand", 1};
    legal_everywhere("discovery", 3, &hand, 1, 11, 3, 1);
    legal_everywhere("hills-sheep", 4, NULL, 0, 12, 2, 2); /* two threads */
}

/* The actions of a ruleset (shepherd grow and guide, hikes, token picks,
 * The Discovery's removals) are among the moves a search gives, when
 * every decision of many games is searched. */
Test(search_rulesets, actions_are_searched_like_any_move)
{
    const char *with_actions[] = {"hills-sheep", "discovery", "over-hill-and-dale"};
    for (int v = 0; v < 3; v++) {
        int actions = 0;
        for (uint64_t seed = 1; seed <= 6 && !actions; seed++) {
            carc_game *g = h_new(with_actions[v], 2, seed);
            carc_search *s = new_search(30, seed, 1);
            carc_move m;
            int over = 0;
            while (!carc_game_is_over(g, &over) && !over) {
                cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
                actions += m.kind == CARC_MOVE_ACTION;
                cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
            }
            carc_search_free(s);
            carc_game_free(g);
        }
        cr_assert_gt(actions, 0, "%s: the search played an action", with_actions[v]);
    }
}

Test(search_rulesets, a_third_party_ruleset_is_searched_through_the_registry)
{
    const carc_variant *base;
    carc_registry *reg;
    cr_assert_eq(carc_registry_find(NULL, "base", &base), CARC_OK);
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    static carc_variant mine;
    mine = *base;
    mine.name = "my-rules";
    /* a tile set of its own: six road curves, four city caps, two monasteries */
    static const char tiles[] = "tile D count=1 start\n"
                                "  edges C C C F R F F F F F R F\n"
                                "  feature city slots=0,1,2 id=c1\n"
                                "  feature road slots=4,10 id=r1\n"
                                "  feature farm slots=3,11 id=f1 borders=c1\n"
                                "  feature farm slots=5,6,7,8,9 id=f2\n"
                                "tile V count=6\n"
                                "  edges F F F F F F F R F F R F\n"
                                "  feature road slots=7,10 id=r1\n"
                                "  feature farm slots=0,1,2,3,4,5,6,11 id=f1\n"
                                "  feature farm slots=8,9 id=f2\n"
                                "tile E count=4\n"
                                "  edges C C C F F F F F F F F F\n"
                                "  feature city slots=0,1,2 id=c1\n"
                                "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1 borders=c1\n"
                                "tile B count=2\n"
                                "  edges F F F F F F F F F F F F\n"
                                "  feature monastery slots=none id=m1\n"
                                "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n";
    mine.tiles = tiles;
    mine.tiles_len = sizeof tiles - 1;
    cr_assert_eq(carc_registry_add(reg, &mine), CARC_OK);
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "my-rules", .registry = reg, .players = 3,
                           .seed = 9};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    carc_search *s = new_search(60, 3, 1);
    int over = 0, decisions = 0;
    while (!carc_game_is_over(g, &over) && !over) {
        carc_move m;
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK);
        cr_assert(listed(g, &m));
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
        decisions++;
    }
    cr_assert_geq(decisions, 12, "every tile of the little set was played");
    carc_search_free(s);
    carc_game_free(g);
    carc_registry_free(reg);
}

Test(search_rulesets, one_search_goes_from_game_to_game_and_ruleset_to_ruleset)
{
    carc_search *s = new_search(30, 4, 2);
    const char *order[] = {"base", "hills-sheep", "base", "discovery", "discovery"};
    for (int i = 0; i < 5; i++) {
        carc_game *g = h_new(order[i], 2 + i % 3, 30 + (uint64_t)i);
        uint64_t rng = (uint64_t)i;
        h_play(g, &rng, 10 * i);
        carc_move m;
        carc_search_info in = {.struct_size = sizeof in};
        cr_assert_eq(carc_search_run(s, g, &m), CARC_OK, "%s", order[i]);
        cr_assert(listed(g, &m), "%s: a legal move", order[i]);
        cr_assert_eq(carc_search_describe(s, &in), CARC_OK);
        cr_assert_eq(in.reused, 0, "another game: a fresh tree");
        carc_game_free(g);
    }
    carc_search_free(s);
}
