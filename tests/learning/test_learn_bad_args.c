/* Bad arguments of the encoding and batch getters, one at a time: each call
 * returns its code and writes nothing to the caller's structs (these are the
 * argument checks the coverage run found untaken; tests/coverage/reasons.txt). */
#include <criterion/criterion.h>
#include <string.h>

#include "core/helpers.h"
#include "learn_test.h"

/* A sentinel pattern in `p`, and a check that it is still there. */
#define FILL(x) memset(&(x), 0xA5, sizeof(x))
static void assert_filled(const void *p, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(((const unsigned char *)p)[i], 0xA5, "%s wrote its out struct (byte %zu)", what, i);
}

Test(learn_bad_args, encoding_getters_refuse_each_null_and_each_end_of_range)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_encoding_info in2;
    FILL(in2);
    in2.struct_size = sizeof in2;
    cr_assert_eq(carc_encoding_describe(NULL, &in2), CARC_E_NULL);
    cr_assert_eq(carc_encoding_describe(e, NULL), CARC_E_NULL);
    cr_assert_eq(in2.struct_size, sizeof in2);
    assert_filled((const char *)&in2 + sizeof in2.struct_size, sizeof in2 - sizeof in2.struct_size, "describe");

    carc_obs_array a;
    carc_obs_planes p;
    carc_action_block k;
    FILL(a), FILL(p), FILL(k);
    cr_assert_eq(carc_encoding_array(NULL, 0, &a), CARC_E_NULL);
    cr_assert_eq(carc_encoding_array(e, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_encoding_array(e, -1, &a), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_array(e, info.array_count, &a), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_planes(NULL, 0, &p), CARC_E_NULL);
    cr_assert_eq(carc_encoding_planes(e, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_encoding_planes(e, -1, &p), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_planes(e, info.plane_group_count, &p), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_block(NULL, 0, &k), CARC_E_NULL);
    cr_assert_eq(carc_encoding_block(e, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_encoding_block(e, -1, &k), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_block(e, info.block_count, &k), CARC_E_RANGE);
    assert_filled(&a, sizeof a, "carc_encoding_array");
    assert_filled(&p, sizeof p, "carc_encoding_planes");
    assert_filled(&k, sizeof k, "carc_encoding_block");
    carc_encoding_free(e);
}

Test(learn_bad_args, mask_indices_and_move_refuse_each_null)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = h_new("base", 2, 5);
    char *before = h_save(g);
    uint8_t *mask = l_buffer((size_t)info.action_count, 0x5A);
    int legal = -7;
    cr_assert_eq(carc_encoding_mask(NULL, g, mask, (size_t)info.action_count, &legal, NULL), CARC_E_NULL);
    cr_assert_eq(carc_encoding_mask(e, NULL, mask, (size_t)info.action_count, &legal, NULL), CARC_E_NULL);
    cr_assert_eq(carc_encoding_mask(e, g, NULL, (size_t)info.action_count, &legal, NULL), CARC_E_NULL);
    cr_assert_eq(legal, -7);
    for (int i = 0; i < info.action_count; i++) cr_assert_eq(mask[i], 0x5A, "the mask was written at %d", i);

    carc_move m = {.kind = CARC_MOVE_PASS};
    int32_t out = -9;
    cr_assert_eq(carc_encoding_indices(NULL, g, &m, 1, &out), CARC_E_NULL);
    cr_assert_eq(carc_encoding_indices(e, NULL, &m, 1, &out), CARC_E_NULL);
    cr_assert_eq(carc_encoding_indices(e, g, NULL, 1, &out), CARC_E_NULL);
    cr_assert_eq(carc_encoding_indices(e, g, &m, 1, NULL), CARC_E_NULL);
    cr_assert_eq(out, -9);
    cr_assert_eq(carc_encoding_indices(e, g, NULL, 0, NULL), CARC_OK, "no moves need no arrays");

    carc_move mv;
    FILL(mv);
    cr_assert_eq(carc_encoding_move(NULL, g, 0, &mv), CARC_E_NULL);
    cr_assert_eq(carc_encoding_move(e, NULL, 0, &mv), CARC_E_NULL);
    cr_assert_eq(carc_encoding_move(e, g, 0, NULL), CARC_E_NULL);
    assert_filled(&mv, sizeof mv, "carc_encoding_move");
    h_assert_unchanged(g, before, "a refused encoding call");
    free(before);
    free(mask);
    carc_game_free(g);
    carc_encoding_free(e);
}

Test(learn_bad_args, batch_game_and_seed_refuse_null_phase_and_range)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_batch_options o = {.struct_size = sizeof o, .encoding = e, .games = 2};
    carc_batch *b = NULL;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_OK);
    carc_game *g = (carc_game *)0x1;
    uint64_t seed = 77;
    cr_assert_eq(carc_batch_reset(NULL, 1, NULL), CARC_E_NULL);
    cr_assert_eq(carc_batch_game(NULL, 0, &g), CARC_E_NULL);
    cr_assert_eq(carc_batch_game(b, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_batch_seed(NULL, 0, &seed), CARC_E_NULL);
    cr_assert_eq(carc_batch_seed(b, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_batch_seed(b, 0, &seed), CARC_E_PHASE, "no reset yet");

    /* the smallest buffers a reset takes */
    size_t n = 2;
    carc_batch_buffers x = {.struct_size = sizeof x};
    x.observations_size = n * info.observation_bytes;
    x.observations = l_buffer(x.observations_size, 0);
    x.masks_size = n * (size_t)info.action_count;
    x.masks = l_buffer(x.masks_size, 0);
    x.rewards_count = n * (size_t)info.players;
    x.rewards = l_buffer(x.rewards_count * sizeof(double), 0);
    x.games_count = n;
    x.terminations = l_buffer(n, 0);
    x.truncations = l_buffer(n, 0);
    x.seats = l_buffer(n * 4, 0);
    x.actors = l_buffer(n * 4, 0);
    cr_assert_eq(carc_batch_reset(b, 3, &x), CARC_OK, "%s", carc_batch_error(b));
    cr_assert_eq(carc_batch_game(b, -1, &g), CARC_E_RANGE);
    cr_assert_eq(carc_batch_game(b, 2, &g), CARC_E_RANGE);
    cr_assert_eq(carc_batch_seed(b, -1, &seed), CARC_E_RANGE);
    cr_assert_eq(carc_batch_seed(b, 2, &seed), CARC_E_RANGE);
    cr_assert_eq(g, (carc_game *)0x1);
    cr_assert_eq(seed, 77);
    cr_assert_eq(carc_batch_game(b, 1, &g), CARC_OK);
    cr_assert_eq(carc_batch_seed(b, 1, &seed), CARC_OK);
    cr_assert_neq(g, (carc_game *)0x1);
    free(x.observations), free(x.masks), free(x.rewards), free(x.terminations), free(x.truncations);
    free(x.seats), free(x.actors);
    carc_batch_free(b);
    carc_encoding_free(e);
}

/* The action code of named action `name` of the game's variant. */
static carc_move named(const carc_game *g, const char *name)
{
    const carc_variant *v;
    cr_assert_eq(carc_game_variant(g, &v), CARC_OK);
    for (int i = 0;; i++) {
        unsigned code;
        const char *n;
        cr_assert_eq(carc_variant_action(v, i, &code, &n, NULL, NULL), CARC_OK, "no action %s", name);
        if (strcmp(n, name) == 0) return (carc_move){.kind = CARC_MOVE_ACTION, .action = (uint16_t)code};
    }
}

/* A caller's moves with a field out of its range have no index (-1), next
 * to moves that have one, in one call. */
Test(learn_bad_args, moves_with_a_field_out_of_range_have_no_index)
{
    carc_encoding *e = l_encoding("over-hill-and-dale", 2, NULL, 0, 3);
    carc_encoding_info info = l_info(e);
    carc_game *g = h_new("over-hill-and-dale", 2, 5);
    carc_move hike = named(g, "hike"), pick = named(g, "pick");
    carc_move m[] = {
        {.kind = CARC_MOVE_PASS},                          /* 0: has an index */
        {.kind = CARC_MOVE_TILE, .rotation = 4},           /* a fifth quarter turn */
        {.kind = CARC_MOVE_TILE, .x = 4},                  /* outside radius 3 */
        {.kind = CARC_MOVE_FIGURE, .figure = 200},         /* no such figure kind */
        {.kind = CARC_MOVE_FIGURE, .feature = 200},        /* no such feature */
        {.kind = 42},                                      /* no such kind */
        {.kind = CARC_MOVE_ACTION, .action = 65000},       /* no such code */
        {.kind = CARC_MOVE_ACTION, .action = 65000, .target = -1},
        hike, hike, hike, hike, pick, pick,
    };
    m[8].target = -1;                 /* a figure id below 0 */
    m[9].target = info.figures;       /* one past the last figure */
    m[10].target = info.figures - 1;  /* the other seat's last figure: not the mover's */
    m[11].target = 0, m[11].x = 9;    /* the mover's figure, a square outside the radius */
    m[12].target = -1;                /* a token kind below 0 */
    m[13].target = 1 << 20;           /* far past the last token kind */
    size_t n = sizeof m / sizeof m[0];
    int32_t idx[sizeof m / sizeof m[0]];
    cr_assert_eq(carc_encoding_indices(e, g, m, n, idx), CARC_OK);
    cr_assert_geq(idx[0], 0, "a pass has an index");
    for (size_t i = 1; i < n; i++) cr_assert_eq(idx[i], -1, "move %zu has index %d", i, idx[i]);
    carc_game_free(g);
    carc_encoding_free(e);
}

/* Game options an encoding cannot copy, and action_codes outside 1 .. max:
 * refused, and no encoding made. */
Test(learn_bad_args, encoding_options_out_of_range_are_refused)
{
    carc_option rules[1] = {{"no-such-rule-but-a-name", 1}};
    carc_game_options go = {.struct_size = sizeof go, .variant_name = "base", .players = 2};
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go};
    carc_encoding *e = (carc_encoding *)0x1;
    eo.action_codes = CARC_ENCODING_ACTION_CODES_MAX + 1;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_RANGE);
    eo.action_codes = -1;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_RANGE);
    eo.action_codes = 0;
    go.rules = rules, go.rule_count = -1;
    cr_assert_neq(carc_encoding_new(&eo, &e), CARC_OK, "a negative rule count");
    rules[0].name = NULL, go.rule_count = 1;
    cr_assert_neq(carc_encoding_new(&eo, &e), CARC_OK, "a rule without a name");
    cr_assert_eq(e, (carc_encoding *)0x1);
}

/* A game may name one option many times (the last value wins), but an
 * encoding keeps at most 32 rule lines: 33 are refused with CARC_E_LIMIT,
 * where carc_game_new() takes the same options. */
Test(learn_bad_args, more_rule_lines_than_an_encoding_keeps_are_refused)
{
    int count = 0;
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_count(NULL, &count), CARC_OK);
    for (int i = 0; i < count; i++) {
        carc_variant_info vi = {.struct_size = sizeof vi};
        cr_assert_eq(carc_registry_at(NULL, i, &v), CARC_OK);
        cr_assert_eq(carc_variant_describe(v, &vi), CARC_OK);
        if (vi.option_count > 0) break;
        v = NULL;
    }
    cr_assert_not_null(v, "no built-in variant has an option");
    const char *name;
    int def;
    cr_assert_eq(carc_variant_option(v, 0, &name, NULL, NULL, NULL, &def), CARC_OK);
    carc_option rules[33];
    for (int i = 0; i < 33; i++) rules[i] = (carc_option){name, def};
    carc_game_options go = {.struct_size = sizeof go, .variant = v, .players = 2, .rules = rules, .rule_count = 33};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&go, &g), CARC_OK);
    carc_game_free(g);
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go};
    carc_encoding *e = (carc_encoding *)0x1;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_LIMIT);
    cr_assert_eq(e, (carc_encoding *)0x1);
    go.rule_count = 32;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_OK, "32 rule lines are kept");
    carc_encoding_free(e);
}

/* Batch options out of range, and buffers a reset refuses: the later
 * required ones missing, a legal buffer of legal_cap 0, each optional or
 * required buffer misaligned. The games stay as they were. */
Test(learn_bad_args, batch_options_and_buffers_refused_one_at_a_time)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_batch_options o = {.struct_size = sizeof o, .encoding = e, .games = 2};
    carc_batch *b = (carc_batch *)0x1;
    cr_assert_eq(carc_batch_new(&o, NULL), CARC_E_NULL);
    o.games = 65537;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_RANGE, "more games than a batch holds");
    o.games = 2, o.threads = -1;
    cr_assert_eq(carc_batch_new(&o, &b), CARC_E_RANGE, "a negative thread count");
    cr_assert_eq(b, (carc_batch *)0x1);
    o.threads = 4; /* more threads than games: cut to one per game */
    cr_assert_eq(carc_batch_new(&o, &b), CARC_OK);

    size_t n = 2, cap = 8;
    carc_batch_buffers x = {.struct_size = sizeof x};
    x.observations_size = x.final_observations_size = n * info.observation_bytes;
    x.observations = l_buffer(x.observations_size + 8, 0);
    x.final_observations = l_buffer(x.final_observations_size + 8, 0);
    x.masks_size = n * (size_t)info.action_count;
    x.masks = l_buffer(x.masks_size, 0);
    x.rewards_count = n * (size_t)info.players;
    x.rewards = l_buffer(x.rewards_count * sizeof(double) + 8, 0);
    x.games_count = n;
    x.terminations = l_buffer(n, 0);
    x.truncations = l_buffer(n, 0);
    x.seats = l_buffer(n * 4 + 8, 0);
    x.actors = l_buffer(n * 4 + 8, 0);
    x.legal_cap = (int)cap;
    x.legal_size = n * cap;
    x.legal = l_buffer(x.legal_size * 4 + 8, 0);
    x.legal_counts = l_buffer(n * 4 + 8, 0);
    cr_assert_eq(carc_batch_reset(b, 5, &x), CARC_OK, "%s", carc_batch_error(b));
    carc_game *g;
    cr_assert_eq(carc_batch_game(b, 1, &g), CARC_OK);
    char *before = h_save(g);
    for (int k = 0; k < 10; k++) {
        carc_batch_buffers bad = x;
        int want = CARC_E_INVALID;
        switch (k) {
        case 0: bad.terminations = NULL, want = CARC_E_NULL; break;
        case 1: bad.truncations = NULL, want = CARC_E_NULL; break;
        case 2: bad.seats = NULL, want = CARC_E_NULL; break;
        case 3: bad.legal_cap = 0, want = CARC_E_BUFFER; break;
        case 4: bad.observations = (char *)bad.observations + 2; break;
        case 5: bad.final_observations = (char *)bad.final_observations + 2; break;
        case 6: bad.seats = (int32_t *)(void *)((char *)bad.seats + 2); break;
        case 7: bad.actors = (int32_t *)(void *)((char *)bad.actors + 2); break;
        case 8: bad.legal = (int32_t *)(void *)((char *)bad.legal + 2); break;
        case 9: bad.legal_counts = (int32_t *)(void *)((char *)bad.legal_counts + 2); break;
        }
        cr_assert_eq(carc_batch_reset(b, 6, &bad), want, "case %d: %s", k, carc_batch_error(b));
        cr_assert_neq(carc_batch_error(b)[0], 0, "case %d gives a reason", k);
        cr_assert_eq(carc_batch_game(b, 1, &g), CARC_OK);
        h_assert_unchanged(g, before, "a reset with a bad buffer");
    }
    free(before);
    free(x.observations), free(x.final_observations), free(x.masks), free(x.rewards), free(x.terminations);
    free(x.truncations), free(x.seats), free(x.actors), free(x.legal), free(x.legal_counts);
    carc_batch_free(b);
    carc_encoding_free(e);
}
