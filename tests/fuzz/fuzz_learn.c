/* fuzz_learn: programs of calls on the learning entry points (encodings,
 * observations, masks, the index-to-move map, batches).
 *
 * Header: variant (index into the built-in registry), players, ruleset
 * option mask with a value byte per option, window radius, action codes
 * (both may be out of range: the encoding must then be refused), games in
 * the batch (1-6), threads (0-2), reward and illegal-action policy (any
 * byte: out of range is refused), then the seed. Then one byte per
 * operation and its arguments, to the end of the input.
 *
 * What must hold:
 *  (a) a refused call returns a documented status and writes nothing: the
 *      caller's buffers keep their bytes and the games their save texts;
 *  (b) an observation is a function of the position: the same game gives
 *      the same bytes, into any buffer, and so does a clone of it;
 *  (c) the mask is exactly the legal moves that have an index: each listed
 *      move's index is marked, nothing else is, and carc_encoding_move
 *      gives back for each marked index a listed move with that index;
 *  (d) a batch's rows are what the encoder writes for its games, its
 *      legal lists are its masks, and its games keep the invariants of
 *      invariants.h. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MOVE_CAP 4096
#define MAX_GAMES 6
#define LEGAL_CAP 64

typedef struct reader {
    const uint8_t *d;
    size_t n, i;
} reader;

static unsigned u8(reader *r) { return r->i < r->n ? r->d[r->i++] : 0; }
static unsigned u16(reader *r) { return u8(r) | u8(r) << 8; }
static int32_t i32(reader *r) { return (int32_t)(u16(r) | (uint32_t)u16(r) << 16); }

typedef struct world {
    inv_ctx c;
    carc_encoding *e;
    carc_encoding_info info;
    carc_game *g;           /* a game played by hand beside the batch */
    carc_batch *b;
    carc_batch_buffers bufs;
    unsigned char *obs, *obs2; /* two observation buffers, 16 bytes of slack */
    uint8_t *mask;
    carc_move *moves;
    int32_t *idx;
    int games, illegal;
} world;

static void die(world *w, const char *where) { fuzz_die(&w->c, where); }

static void *must(void *p)
{
    if (!p) abort();
    return p;
}

static int make_world(world *w, reader *r)
{
    int count = 0;
    carc_registry_count(NULL, &count);
    const carc_variant *v;
    carc_variant_info vi = {.struct_size = sizeof vi};
    if (count < 1 || carc_registry_at(NULL, (int)(u8(r) % (unsigned)count), &v) || inv_describe(v, &vi)) return -1;
    static carc_option rules[16];
    carc_game_options go = {.struct_size = sizeof go, .variant = v,
                            .players = vi.min_players + (int)(u8(r) % (unsigned)(vi.max_players - vi.min_players + 1))};
    unsigned opts = u8(r);
    for (int i = 0; i < vi.option_count && i < 8; i++) {
        if (!(opts >> i & 1)) continue;
        int lo, hi;
        const char *name;
        carc_variant_option(v, i, &name, NULL, &lo, &hi, NULL);
        rules[go.rule_count++] = (carc_option){name, lo + (int)(u8(r) % (unsigned)(hi - lo + 1))};
    }
    go.rules = rules;
    int radius = (int)(u8(r) % 40) - 2, codes = (int)(u8(r) % 80) - 2; /* small windows: big ones only cost time */
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go, .radius = radius, .action_codes = codes};
    int st = carc_encoding_new(&eo, &w->e);
    int bad = radius < 0 || radius > CARC_ENCODING_RADIUS_MAX || codes < 0 || codes > CARC_ENCODING_ACTION_CODES_MAX;
    if (bad != (st == CARC_E_RANGE)) {
        inv_fail(&w->c, "radius %d, codes %d: carc_encoding_new gave %s", radius, codes, carc_strerror(st));
        die(w, "encoding");
    }
    if (st) return -1;
    w->info.struct_size = sizeof w->info;
    if (carc_encoding_describe(w->e, &w->info)) die(w, "describe");
    go.seed = u16(r);
    if (carc_game_new(&go, &w->g)) die(w, "game");
    w->games = 1 + (int)(u8(r) % MAX_GAMES);
    carc_batch_options bo = {.struct_size = sizeof bo, .encoding = w->e, .games = w->games,
                             .threads = (int)(u8(r) % 3), .reward = (int)(u8(r) % 3), .illegal = (int)(u8(r) % 3)};
    st = carc_batch_new(&bo, &w->b);
    if ((bo.reward > 1 || bo.illegal > 1) != (st == CARC_E_RANGE)) die(w, "batch options");
    w->illegal = bo.illegal;
    return 0;
}

static void alloc_buffers(world *w)
{
    size_t ob = w->info.observation_bytes, n = (size_t)w->games, a = (size_t)w->info.action_count;
    w->obs = must(aligned_alloc(64, ob + 64));
    w->obs2 = must(aligned_alloc(64, ob + 64));
    w->mask = must(malloc(a + 16));
    w->moves = must(malloc(MOVE_CAP * sizeof *w->moves));
    w->idx = must(malloc(MOVE_CAP * sizeof *w->idx));
    carc_batch_buffers *b = &w->bufs;
    *b = (carc_batch_buffers){.struct_size = sizeof *b, .observations_size = n * ob, .final_observations_size = n * ob,
                              .masks_size = n * a, .rewards_count = n * (size_t)w->info.players, .games_count = n,
                              .legal_size = n * LEGAL_CAP, .legal_cap = LEGAL_CAP};
    b->observations = must(aligned_alloc(64, n * ob));
    b->final_observations = must(aligned_alloc(64, n * ob));
    b->masks = must(malloc(n * a));
    b->rewards = must(malloc(n * (size_t)w->info.players * sizeof(double)));
    b->terminations = must(malloc(n));
    b->truncations = must(malloc(n));
    b->seats = must(malloc(n * 4));
    b->actors = must(malloc(n * 4));
    b->legal = must(malloc(n * LEGAL_CAP * 4));
    b->legal_counts = must(malloc(n * 4));
}

static void free_world(world *w)
{
    carc_batch_buffers *b = &w->bufs;
    free(b->observations), free(b->final_observations), free(b->masks), free(b->rewards), free(b->terminations);
    free(b->truncations), free(b->seats), free(b->actors), free(b->legal), free(b->legal_counts);
    free(w->obs), free(w->obs2), free(w->mask), free(w->moves), free(w->idx);
    carc_batch_free(w->b);
    carc_game_free(w->g);
    carc_encoding_free(w->e);
}

static size_t list(world *w, carc_game *g)
{
    size_t n = 0;
    int st = carc_game_moves(g, w->moves, MOVE_CAP, &n);
    if (st == CARC_E_GAME_OVER) return 0;
    if (st) die(w, "listing");
    return n;
}

/* (a): a buffer a refused call was given still holds `fill`. */
static void untouched(world *w, const unsigned char *p, size_t n, int fill, const char *what)
{
    /* memcmp against a filled copy: a byte loop would be traced byte by byte */
    unsigned char *want = must(malloc(n));
    memset(want, fill, n);
    if (memcmp(p, want, n)) {
        inv_fail(&w->c, "%s was refused but wrote into the buffer", what);
        die(w, "(a)");
    }
    free(want);
}

/* (b): observe with a perspective and a buffer size and alignment taken from the input. */
static void op_observe(world *w, reader *r)
{
    size_t ob = w->info.observation_bytes;
    int who = (int)(u8(r) % (unsigned)(w->info.players + 3)) - 2, shift = (int)(u8(r) % 8) - 4;
    size_t size = shift < 0 ? ob - (size_t)-shift : ob + (size_t)shift;
    unsigned off = u8(r) % 4 == 0 ? 1 + u8(r) % 3 : 0;
    memset(w->obs, 0xA5, ob + 64);
    int st = carc_encoding_observe(w->e, w->g, who, w->obs + off, size);
    int want = who < -1 || who >= w->info.players ? CARC_E_RANGE : size < ob ? CARC_E_BUFFER : off ? CARC_E_INVALID
                                                                                                     : CARC_OK;
    if (st != want) {
        inv_fail(&w->c, "observe(perspective %d, size %zu of %zu, offset %u) gave %s, want %s", who, size, ob, off,
                 carc_strerror(st), carc_strerror(want));
        die(w, "(a)");
    }
    if (st) {
        untouched(w, w->obs, ob + 64, 0xA5, "an observation");
        return;
    }
    carc_game *clone;
    if (carc_game_clone(w->g, &clone)) abort();
    memset(w->obs2, 0x5A, ob);
    if (carc_encoding_observe(w->e, clone, who, w->obs2, ob) || memcmp(w->obs, w->obs2, ob)) {
        inv_fail(&w->c, "the same position gave other bytes (perspective %d)", who);
        die(w, "(b)");
    }
    carc_game_free(clone);
}

/* (c): the mask, the indices and the index-to-move map agree. */
static void op_mask(world *w)
{
    size_t n = list(w, w->g), a = (size_t)w->info.action_count;
    int legal = -1, unindexed = -1;
    memset(w->mask, 0xEE, a + 16);
    if (carc_encoding_mask(w->e, w->g, w->mask, a - 1, NULL, NULL) != CARC_E_BUFFER) die(w, "mask size");
    untouched(w, w->mask, a + 16, 0xEE, "a mask");
    if (carc_encoding_mask(w->e, w->g, w->mask, a, &legal, &unindexed)) die(w, "mask");
    if ((size_t)legal != n) {
        inv_fail(&w->c, "mask counts %d legal moves, the listing %zu", legal, n);
        die(w, "(c)");
    }
    if (n && carc_encoding_indices(w->e, w->g, w->moves, n, w->idx)) die(w, "indices");
    size_t marked = 0, none = 0;
    for (size_t i = 0; i < a; i++) marked += w->mask[i];
    for (size_t i = 0; i < n; i++) {
        if (w->idx[i] < 0) {
            none++;
            continue;
        }
        if (w->idx[i] >= (int32_t)a || w->mask[w->idx[i]] != 1) {
            inv_fail(&w->c, "move %zu has index %d, not marked", i, w->idx[i]);
            die(w, "(c)");
        }
        carc_move back;
        if (carc_encoding_move(w->e, w->g, w->idx[i], &back)) die(w, "index to move");
        int32_t again;
        if (carc_encoding_indices(w->e, w->g, &back, 1, &again) || again != w->idx[i]) {
            inv_fail(&w->c, "index %d plays a move of index %d", w->idx[i], again);
            die(w, "(c)");
        }
    }
    if ((int)none != unindexed || marked + none > n || (none == 0 && marked != n)) {
        inv_fail(&w->c, "%zu marked, %zu without index (mask says %d), %zu legal", marked, none, unindexed, n);
        die(w, "(c)");
    }
}

/* An index (in or out of range) given to the index-to-move map. */
static void op_index(world *w, reader *r)
{
    int32_t action = i32(r) % (w->info.action_count + 8);
    carc_move m = {.kind = 0xEE};
    int st = carc_encoding_move(w->e, w->g, action, &m);
    if (st == CARC_OK) {
        size_t n = list(w, w->g);
        int found = 0;
        for (size_t i = 0; i < n && !found; i++) found = !memcmp(&w->moves[i], &m, sizeof m);
        if (!found) die(w, "index to an unlisted move");
    } else if (m.kind != 0xEE) {
        die(w, "a refused index wrote its move");
    } else if (st != CARC_E_RANGE && st != CARC_E_ILLEGAL_MOVE && st != CARC_E_GAME_OVER) {
        die(w, "index to move status");
    }
}

static void op_play(world *w, reader *r)
{
    size_t n = list(w, w->g);
    if (n && carc_game_apply(w->g, &w->moves[u8(r) % n])) die(w, "a listed move refused");
    if (inv_check(&w->c, w->g, 0)) die(w, "invariants");
}

/* (d): every row of the batch is the encoder's view of its game. */
static void check_rows(world *w, int deep)
{
    size_t ob = w->info.observation_bytes, a = (size_t)w->info.action_count;
    for (int i = 0; i < w->games; i++) {
        carc_game *g;
        if (carc_batch_game(w->b, i, &g)) die(w, "batch game");
        if (carc_encoding_observe(w->e, g, -1, w->obs, ob) ||
            memcmp(w->obs, (unsigned char *)w->bufs.observations + (size_t)i * ob, ob))
            die(w, "(d) a row is not its game's observation");
        if (carc_encoding_mask(w->e, g, w->mask, a, NULL, NULL) || memcmp(w->mask, w->bufs.masks + i * a, a))
            die(w, "(d) a mask row is not its game's mask");
        for (int k = 0; k < w->bufs.legal_counts[i] && k < LEGAL_CAP; k++)
            if (w->mask[w->bufs.legal[i * LEGAL_CAP + k]] != 1) die(w, "(d) a listed action not in the mask");
        if (!deep) continue;
        inv_ctx c;
        memset(&c, 0, sizeof c);
        if (inv_init(&c, g) || inv_check(&c, g, 0)) { /* its own context: a batch game may be new */
            fprintf(stderr, "\n*** invariant violated (a batch game): %s\n", c.msg);
            abort();
        }
        inv_free(&c);
    }
}

/* Copies of the buffers a step writes (observations, masks, legal lists), to compare after a refusal. */
static unsigned char *snapshot(const carc_batch_buffers *b, size_t *len)
{
    size_t o = b->observations_size, m = b->masks_size, l = b->legal_size * 4;
    unsigned char *s = must(malloc(o + m + l));
    memcpy(s, b->observations, o);
    memcpy(s + o, b->masks, m);
    memcpy(s + o + m, b->legal, l);
    *len = o + m + l;
    return s;
}

/* A step with actions from the legal lists or from the input; a refused
 * step (or one with a spoiled buffer) changes nothing. */
static void op_step(world *w, reader *r, int spoil)
{
    int32_t actions[MAX_GAMES];
    int any_illegal = 0;
    for (int i = 0; i < w->games; i++) {
        int k = w->bufs.legal_counts[i] < LEGAL_CAP ? w->bufs.legal_counts[i] : LEGAL_CAP;
        if (u8(r) % 8 == 0 || k == 0) {
            actions[i] = i32(r);
            /* legal by the game's whole mask: the legal list stops at LEGAL_CAP */
            size_t a = (size_t)w->info.action_count;
            int legal = actions[i] >= 0 && (size_t)actions[i] < a && w->bufs.masks[(size_t)i * a + (size_t)actions[i]] == 1;
            any_illegal |= !legal;
        } else {
            actions[i] = w->bufs.legal[i * LEGAL_CAP + u8(r) % (unsigned)k];
        }
    }
    carc_batch_buffers b = w->bufs;
    int want = any_illegal && w->illegal == CARC_ILLEGAL_REFUSE ? CARC_E_ILLEGAL_MOVE : CARC_OK;
    switch (spoil) {
    case 1: b.observations_size -= 1 + u8(r) % 64, want = CARC_E_BUFFER; break;
    case 2: b.rewards = NULL, want = CARC_E_NULL; break;
    case 3: b.legal_size -= 1, want = CARC_E_BUFFER; break;
    case 4: b.struct_size = 4, want = CARC_E_VERSION; break;
    }
    size_t len, len2;
    unsigned char *before = snapshot(&w->bufs, &len);
    int st = carc_batch_step(w->b, actions, (size_t)w->games, &b);
    if (st == CARC_OK && want == CARC_E_ILLEGAL_MOVE) want = CARC_OK; /* a listed action past legal_cap */
    if (st != want) {
        inv_fail(&w->c, "a step (spoil %d) gave %s, want %s: %s", spoil, carc_strerror(st), carc_strerror(want),
                 carc_batch_error(w->b));
        die(w, "step");
    }
    if (st) {
        unsigned char *after = snapshot(&w->bufs, &len2);
        if (memcmp(before, after, len) || !carc_batch_error(w->b)[0])
            die(w, "(a) a refused step wrote its buffers or gave no reason");
        free(after);
    }
    free(before);
}

static void op_layout(world *w, reader *r)
{
    int i = (int)(u8(r) % 40) - 2;
    carc_obs_array a = {.struct_size = sizeof a};
    carc_obs_planes p = {.struct_size = sizeof p};
    carc_action_block bl = {.struct_size = sizeof bl};
    int sa = carc_encoding_array(w->e, i, &a), sp = carc_encoding_planes(w->e, i, &p),
        sb = carc_encoding_block(w->e, i, &bl);
    if ((sa == CARC_OK) != (i >= 0 && i < w->info.array_count) ||
        (sp == CARC_OK) != (i >= 0 && i < w->info.plane_group_count) ||
        (sb == CARC_OK) != (i >= 0 && i < w->info.block_count))
        die(w, "layout index");
    if (sa == CARC_OK && a.offset + a.bytes > w->info.observation_bytes) die(w, "an array past the observation");
    if (sb == CARC_OK && bl.offset + bl.size > w->info.action_count) die(w, "a block past the action space");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size, 0};
    world w;
    memset(&w, 0, sizeof w);
    if (make_world(&w, &r) || !w.b) {
        free_world(&w);
        return 0;
    }
    inv_init(&w.c, w.g);
    alloc_buffers(&w);
    if (carc_batch_reset(w.b, u16(&r), &w.bufs)) die(&w, "reset");
    for (int ops = 0; r.i < r.n && ops < 200; ops++) {
        unsigned op = u8(&r) % 10;
        switch (op) {
        case 0: op_observe(&w, &r); break;
        case 1: op_mask(&w); break;
        case 2: op_index(&w, &r); break;
        case 3: op_play(&w, &r); break;
        case 4: case 5: case 6: op_step(&w, &r, 0); break;
        case 7: op_step(&w, &r, 1 + (int)(u8(&r) % 4)); break;
        case 8: op_layout(&w, &r); break;
        case 9: if (carc_batch_reset(w.b, u16(&r), &w.bufs)) die(&w, "reset"); break;
        }
        if (ops % 32 == 31) check_rows(&w, 0);
    }
    check_rows(&w, 1);
    inv_free(&w.c);
    free_world(&w);
    return 0;
}
