/* The allocator hook and allocation failure, the SQLite way.
 *
 * Every public entry point that allocates is a row of ENTRY_POINTS below.
 * For each, the n-th allocation it makes fails, for n = 1, 2, ... until the
 * call succeeds, and each time: the call returns CARC_E_NOMEM, its out
 * pointer is untouched, every block it took was given back (the allocator
 * counts them; the suite also runs under ASan in CI), the objects it was
 * given are unchanged, and a retry at once succeeds with the same result as
 * a call that never failed. An entry point added later is one more row: a
 * call, and what to free and compare of its result. */
#include "helpers.h"

/* ---- an allocator that counts and fails on request -------------------- */

#define NM_BLOCKS 64

typedef struct failing {
    carc_allocator a;
    long fail_at; /* the allocation (1-based, counted from arming) that fails; 0: none */
    long taken;   /* allocations asked for since arming */
    long live;    /* blocks out now */
    long errors;  /* releases of unknown blocks or with a wrong size */
    long resizes;
    void *ptr[NM_BLOCKS];
    size_t size[NM_BLOCKS];
} failing;

static void *f_alloc(void *user, size_t size)
{
    failing *f = user;
    if (++f->taken == f->fail_at) return NULL;
    for (int i = 0; i < NM_BLOCKS; i++)
        if (!f->ptr[i]) {
            f->ptr[i] = malloc(size);
            if (!f->ptr[i]) return NULL;
            f->size[i] = size;
            f->live++;
            return f->ptr[i];
        }
    f->errors++; /* more blocks out than any test needs */
    return NULL;
}

static void *f_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)ptr, (void)old_size, (void)new_size;
    ((failing *)user)->resizes++; /* no entry point grows a block yet */
    return NULL;
}

static void f_release(void *user, void *ptr, size_t size)
{
    failing *f = user;
    for (int i = 0; i < NM_BLOCKS; i++)
        if (f->ptr[i] == ptr) {
            if (f->size[i] != size) f->errors++;
            free(ptr);
            f->ptr[i] = NULL;
            f->live--;
            return;
        }
    f->errors++;
}

static void f_init(failing *f)
{
    memset(f, 0, sizeof *f);
    f->a = (carc_allocator){.struct_size = sizeof f->a, .alloc = f_alloc, .resize = f_resize, .release = f_release,
                            .user = f};
}

static void f_arm(failing *f, long n)
{
    f->taken = 0;
    f->fail_at = n;
}

/* ---- what the rows work on --------------------------------------------- */

typedef struct world {
    failing fa;               /* the allocator under test */
    carc_variant mine;        /* a variant that is not built in (base's rules, its own name) */
    carc_registry *reg;       /* made with fa, holding `mine` */
    carc_tileset *ts;         /* base's tile set made again, with fa */
    carc_game *game;          /* a base game made with fa, some turns in, draw made */
    carc_game *mine_game;     /* a game of `mine` (its tile set in its own block), with fa */
    char *save, *mine_save;   /* their saved texts */
    carc_registry *fresh;     /* carc_registry_add's target: new before each attempt */
} world;

static const carc_variant *base_v(void)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    return v;
}

static carc_game_options options(world *w, const carc_variant *v, const carc_tileset *ts)
{
    return (carc_game_options){.struct_size = sizeof(carc_game_options), .variant = v, .players = 3, .seed = 7,
                               .tileset = ts, .allocator = &w->fa.a};
}

static void world_init(world *w)
{
    memset(w, 0, sizeof *w);
    f_init(&w->fa);
    w->mine = *base_v();
    w->mine.name = "nomem-base";
    cr_assert_eq(carc_registry_new_with(&w->fa.a, &w->reg), CARC_OK);
    cr_assert_eq(carc_registry_add(w->reg, &w->mine), CARC_OK);
    const carc_variant *b = base_v();
    cr_assert_eq(carc_tileset_parse_with(&w->fa.a, b, b->tiles, b->tiles_len, &w->ts, NULL, 0), CARC_OK);
    carc_game_options o = options(w, b, NULL);
    cr_assert_eq(carc_game_new(&o, &w->game), CARC_OK);
    o = options(w, &w->mine, NULL);
    cr_assert_eq(carc_game_new(&o, &w->mine_game), CARC_OK);
    uint64_t rng = 3;
    h_play(w->game, &rng, 25);
    h_play(w->mine_game, &rng, 9);
    cr_assert_eq(carc_game_state(w->game, NULL, NULL), CARC_OK); /* the pending draw, made now */
    cr_assert_eq(carc_game_state(w->mine_game, NULL, NULL), CARC_OK);
    w->save = h_save(w->game);
    w->mine_save = h_save(w->mine_game);
    cr_assert(w->save && w->mine_save);
}

static void world_free(world *w)
{
    carc_game_free(w->game);
    carc_game_free(w->mine_game);
    carc_tileset_free(w->ts);
    carc_registry_free(w->reg);
    carc_registry_free(w->fresh);
    free(w->save);
    free(w->mine_save);
    cr_assert_eq(w->fa.live, 0, "%ld blocks never given back", w->fa.live);
    cr_assert_eq(w->fa.errors, 0, "blocks given back that were not taken, or with another size");
}

/* What the rows are given, as a digest of everything a caller can see of
 * it without allocating (save texts, scores, the listing, the registry). */
static uint64_t mix(uint64_t h, uint64_t x) { return (h ^ x) * 0x100000001B3ull; }

static uint64_t text_digest(uint64_t h, const char *s)
{
    while (*s) h = mix(h, (unsigned char)*s++);
    return h;
}

static uint64_t game_digest(uint64_t h, carc_game *g)
{
    char *s = h_save(g);
    cr_assert_not_null(s);
    h = text_digest(h, s);
    free(s);
    int players = 0;
    carc_game_players(g, &players);
    for (int p = 0; p < players; p++) h = mix(h, (uint64_t)t_score(g, p));
    carc_phase ph;
    int who;
    carc_game_state(g, &ph, &who);
    size_t n = 0;
    carc_game_moves(g, NULL, 0, &n);
    return mix(mix(mix(h, ph), (uint64_t)who), n);
}

static uint64_t world_digest(world *w)
{
    uint64_t h = game_digest(game_digest(1469598103934665603ull, w->game), w->mine_game);
    carc_registry *regs[2] = {w->reg, w->fresh};
    for (int k = 0; k < 2 && regs[k]; k++) {
        int n = 0;
        carc_registry_count(regs[k], &n);
        h = mix(h, (uint64_t)n);
        for (int i = 0; i < n; i++) {
            const carc_variant *v;
            carc_registry_at(regs[k], i, &v);
            h = mix(h, (uint64_t)(uintptr_t)v);
        }
    }
    int types = 0;
    carc_tileset_type_count(w->ts, &types);
    return mix(h, (uint64_t)types);
}

/* ---- the rows ------------------------------------------------------------ */

/* A call under test: returns its status and its result in *out (an object
 * to free, or a digest of what it wrote as a heap uint64_t). */
typedef int (*call_fn)(world *w, void **out);
typedef enum { OUT_GAME, OUT_TILESET, OUT_REGISTRY, OUT_DIGEST, OUT_NONE } out_kind;

static uint64_t *digest_box(uint64_t d)
{
    uint64_t *box = malloc(sizeof *box); /* the test's own memory, not the allocator's */
    cr_assert_not_null(box);
    *box = d;
    return box;
}

static int c_game_new(world *w, void **out)
{
    carc_game_options o = options(w, base_v(), NULL);
    return carc_game_new(&o, (carc_game **)out);
}

static int c_game_new_tileset(world *w, void **out)
{
    carc_game_options o = options(w, base_v(), w->ts);
    return carc_game_new(&o, (carc_game **)out);
}

static int c_game_new_own_tileset(world *w, void **out)
{
    carc_game_options o = options(w, &w->mine, NULL);
    return carc_game_new(&o, (carc_game **)out);
}

static int c_game_new_by_name(world *w, void **out)
{
    carc_game_options o = options(w, NULL, NULL);
    o.variant_name = "nomem-base";
    o.registry = w->reg;
    return carc_game_new(&o, (carc_game **)out);
}

static int c_game_load(world *w, void **out)
{
    carc_load_options lo = {.struct_size = sizeof lo, .allocator = &w->fa.a};
    return carc_game_load(&lo, w->save, strlen(w->save), (carc_game **)out);
}

static int c_game_load_registry(world *w, void **out)
{
    carc_load_options lo = {.struct_size = sizeof lo, .registry = w->reg, .allocator = &w->fa.a};
    return carc_game_load(&lo, w->mine_save, strlen(w->mine_save), (carc_game **)out);
}

static int c_game_load_tileset(world *w, void **out)
{
    /* a game on the tile set made with fa, saved and loaded with it */
    carc_game_options o = options(w, base_v(), w->ts);
    carc_game *g = NULL;
    long fail_at = w->fa.fail_at, taken = w->fa.taken;
    w->fa.fail_at = 0; /* made outside the count */
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    uint64_t rng = 5;
    h_play(g, &rng, 12);
    char *text = h_save(g);
    carc_game_free(g);
    w->fa.fail_at = fail_at, w->fa.taken = taken;
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = w->ts, .allocator = &w->fa.a};
    int r = carc_game_load(&lo, text, strlen(text), (carc_game **)out);
    free(text);
    return r;
}

static int c_game_clone(world *w, void **out) { return carc_game_clone(w->game, (carc_game **)out); }

static int c_mine_clone(world *w, void **out) { return carc_game_clone(w->mine_game, (carc_game **)out); }

static int c_projection(world *w, void **out)
{
    int totals[CARC_MAX_PLAYERS], breakdown[CARC_MAX_PLAYERS * 8];
    memset(totals, 0x5a, sizeof totals);
    memcpy(breakdown, totals, sizeof totals);
    int r = carc_game_projection(w->game, totals, 3, breakdown, 3 * 4);
    uint64_t h = 1;
    for (int i = 0; i < 3; i++) h = mix(h, (uint64_t)totals[i]);
    for (int i = 0; i < 12; i++) h = mix(h, (uint64_t)breakdown[i]);
    if (r == CARC_OK) *out = digest_box(h);
    return r;
}

static int c_playouts(world *w, void **out)
{
    int scores[4 * 3];
    memset(scores, 0x5a, sizeof scores);
    int r = carc_game_playouts(w->mine_game, 4, 99, scores, 12);
    uint64_t h = 1;
    for (int i = 0; i < 12; i++) h = mix(h, (uint64_t)scores[i]);
    if (r == CARC_OK) *out = digest_box(h);
    return r;
}

/* The document is written only once every block is taken: a call that
 * fails for memory leaves the buffer and the length as they were. */
static int c_state_json(world *w, void **out)
{
    static char buf[1 << 17];
    memset(buf, 0x5a, sizeof buf);
    size_t len = 12345;
    int r = carc_game_state_json(w->game, buf, sizeof buf, &len);
    if (r != CARC_OK) {
        cr_assert_eq(len, 12345, "carc_game_state_json failed (%s) and set the length", carc_strerror(r));
        for (size_t i = 0; i < sizeof buf; i++)
            cr_assert_eq(buf[i], 0x5a, "carc_game_state_json failed (%s) and wrote byte %zu", carc_strerror(r), i);
        return r;
    }
    cr_assert_lt(len, sizeof buf, "a document of %zu bytes: make the buffer larger", len);
    *out = digest_box(mix(text_digest(1, buf), len));
    return r;
}

static int c_tileset_parse(world *w, void **out)
{
    const carc_variant *b = base_v();
    char err[128];
    return carc_tileset_parse_with(&w->fa.a, b, b->tiles, b->tiles_len, (carc_tileset **)out, err, sizeof err);
}

static int c_registry_new(world *w, void **out) { return carc_registry_new_with(&w->fa.a, (carc_registry **)out); }

/* carc_registry_add changes its registry when it succeeds, so each attempt
 * adds to a registry made just before it (world.fresh) */
static int c_registry_add(world *w, void **out)
{
    (void)out;
    return carc_registry_add(w->fresh, &w->mine);
}

typedef struct entry_point {
    const char *name;
    call_fn call;
    out_kind out;
    int fresh_registry; /* make world.fresh (with fa, outside the count) before each attempt */
} entry_point;

static const entry_point ENTRY_POINTS[] = {
    {"carc_game_new", c_game_new, OUT_GAME, 0},
    {"carc_game_new with a tile set", c_game_new_tileset, OUT_GAME, 0},
    {"carc_game_new of a variant not built in", c_game_new_own_tileset, OUT_GAME, 0},
    {"carc_game_new by name in a registry", c_game_new_by_name, OUT_GAME, 0},
    {"carc_game_load", c_game_load, OUT_GAME, 0},
    {"carc_game_load with a registry", c_game_load_registry, OUT_GAME, 0},
    {"carc_game_load with a tile set", c_game_load_tileset, OUT_GAME, 0},
    {"carc_game_clone", c_game_clone, OUT_GAME, 0},
    {"carc_game_clone of a game with its own tile set", c_mine_clone, OUT_GAME, 0},
    {"carc_game_projection", c_projection, OUT_DIGEST, 0},
    {"carc_game_playouts", c_playouts, OUT_DIGEST, 0},
    {"carc_game_state_json", c_state_json, OUT_DIGEST, 0},
    {"carc_tileset_parse_with", c_tileset_parse, OUT_TILESET, 0},
    {"carc_registry_new_with", c_registry_new, OUT_REGISTRY, 0},
    {"carc_registry_add", c_registry_add, OUT_NONE, 1},
};

/* What a successful call gave, as a digest, then freed. */
static uint64_t take_result(world *w, const entry_point *e, void *out)
{
    uint64_t h = 7;
    switch (e->out) {
    case OUT_GAME:
        h = game_digest(h, out);
        carc_game_free(out);
        break;
    case OUT_TILESET: {
        int n = 0;
        carc_tileset_type_count(out, &n);
        for (int t = 0; t < n; t++) {
            carc_tile_type_info info = {.struct_size = sizeof info};
            carc_tileset_type(out, t, &info);
            h = mix(text_digest(mix(h, (uint64_t)info.count), info.name), (uint64_t)info.feature_count);
        }
        carc_tileset_free(out);
        break;
    }
    case OUT_REGISTRY: {
        int n = 0;
        carc_registry_count(out, &n);
        h = mix(h, (uint64_t)n);
        carc_registry_free(out);
        break;
    }
    case OUT_DIGEST:
        h = *(uint64_t *)out;
        free(out);
        break;
    case OUT_NONE: {
        const carc_variant *v = NULL;
        cr_assert_eq(carc_registry_find(w->fresh, "nomem-base", &v), CARC_OK, "%s: not added", e->name);
        h = mix(h, (uint64_t)(uintptr_t)v);
        break;
    }
    }
    return h;
}

static void before_attempt(world *w, const entry_point *e)
{
    if (!e->fresh_registry) return;
    long fail_at = w->fa.fail_at;
    w->fa.fail_at = 0;
    carc_registry_free(w->fresh);
    w->fresh = NULL;
    cr_assert_eq(carc_registry_new_with(&w->fa.a, &w->fresh), CARC_OK);
    w->fa.fail_at = fail_at;
    w->fa.taken = 0;
}

/* Returns how many allocations the call made when it succeeded. */
static long fail_each_allocation(world *w, const entry_point *e)
{
    /* the reference: no failure */
    before_attempt(w, e);
    f_arm(&w->fa, 0);
    void *out = NULL;
    cr_assert_eq(e->call(w, &out), CARC_OK, "%s fails without any failure", e->name);
    long needed = w->fa.taken;
    uint64_t want = take_result(w, e, out);
    cr_assert_geq(needed, 1, "%s allocates nothing: not a row of this table", e->name);

    for (long n = 1;; n++) {
        before_attempt(w, e);
        long live = w->fa.live;
        uint64_t given = world_digest(w);
        static char mark;
        void *const sentinel = &mark;
        out = sentinel;
        f_arm(&w->fa, n);
        int r = e->call(w, &out);
        f_arm(&w->fa, 0);
        if (r == CARC_OK) {
            cr_assert_gt(n, needed, "%s succeeded with allocation %ld of %ld failing", e->name, n, needed);
            cr_assert_eq(take_result(w, e, out), want, "%s: another result", e->name);
            return n - 1;
        }
        cr_assert_eq(r, CARC_E_NOMEM, "%s with allocation %ld failing: %s", e->name, n, carc_strerror(r));
        cr_assert_eq(out, sentinel, "%s with allocation %ld failing wrote its result", e->name, n);
        cr_assert_eq(w->fa.live, live, "%s with allocation %ld failing kept %ld blocks", e->name, n,
                     w->fa.live - live);
        cr_assert_eq(world_digest(w), given, "%s with allocation %ld failing changed what it was given", e->name, n);
        /* at once again, without failure: the same result */
        cr_assert_eq(e->call(w, &out), CARC_OK, "%s: the retry after failure %ld failed", e->name, n);
        cr_assert_eq(take_result(w, e, out), want, "%s: the retry after failure %ld gave another result", e->name, n);
        before_attempt(w, e); /* the retry's addition undone */
    }
}

Test(core_nomem, every_allocation_of_every_entry_point_may_fail)
{
    world w;
    world_init(&w);
    for (size_t i = 0; i < sizeof ENTRY_POINTS / sizeof ENTRY_POINTS[0]; i++) {
        long n = fail_each_allocation(&w, &ENTRY_POINTS[i]);
        cr_assert_geq(n, 1, "%s", ENTRY_POINTS[i].name);
        cr_assert_eq(w.fa.errors, 0, "%s gave back a block it did not take, or with another size",
                     ENTRY_POINTS[i].name);
    }
    cr_assert_eq(w.fa.resizes, 0);
    world_free(&w);
}

/* The allocations each entry point makes, as documented: one block for a
 * game (its tile set inside when it has its own, read into a scratch block
 * first, since the game's block is sized by it), one for a tile set or a
 * registry; a load adds its scratch and the history it reads (sized by
 * the game's set), playouts a move buffer. */
Test(core_nomem, each_entry_point_takes_the_blocks_it_says)
{
    static const struct {
        const char *name;
        long blocks;
    } want[] = {
        {"carc_game_new", 1},
        {"carc_game_new with a tile set", 1},
        {"carc_game_new of a variant not built in", 2},
        {"carc_game_new by name in a registry", 2},
        {"carc_game_load", 3},
        {"carc_game_load with a registry", 4},
        {"carc_game_load with a tile set", 3},
        {"carc_game_clone", 1},
        {"carc_game_clone of a game with its own tile set", 1},
        {"carc_game_projection", 1},
        {"carc_game_playouts", 2},
        {"carc_game_state_json", 2},
        {"carc_tileset_parse_with", 1},
        {"carc_registry_new_with", 1},
        {"carc_registry_add", 1},
    };
    cr_assert_eq(sizeof want / sizeof want[0], sizeof ENTRY_POINTS / sizeof ENTRY_POINTS[0]);
    world w;
    world_init(&w);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const entry_point *e = &ENTRY_POINTS[i];
        cr_assert_str_eq(e->name, want[i].name);
        before_attempt(&w, e);
        f_arm(&w.fa, 0);
        long live = w.fa.live;
        void *out = NULL;
        cr_assert_eq(e->call(&w, &out), CARC_OK);
        cr_assert_eq(w.fa.taken, want[i].blocks, "%s took %ld blocks", e->name, w.fa.taken);
        take_result(&w, e, out);
        if (e->out != OUT_NONE) cr_assert_eq(w.fa.live, live, "%s: its result freed, every block is back", e->name);
    }
    world_free(&w);
}

/* A whole game played through the public calls takes no memory: only
 * making, cloning and loading objects (and the scratch of projection and
 * playouts) do. */
Test(core_nomem, playing_takes_no_memory)
{
    failing fa;
    f_init(&fa);
    carc_registry *reg = NULL;
    cr_assert_eq(carc_registry_new_with(&fa.a, &reg), CARC_OK);
    int count = 0;
    carc_registry_count(reg, &count);
    for (int vi = 0; vi < count; vi++) {
        const carc_variant *v;
        carc_registry_at(reg, vi, &v);
        carc_variant_info info = {.struct_size = sizeof info};
        cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
        carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = info.min_players, .seed = 11,
                               .allocator = &fa.a};
        carc_game *g = NULL, *spare = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        cr_assert_eq(carc_game_clone(g, &spare), CARC_OK);
        long blocks = fa.live;
        f_arm(&fa, 0);
        uint64_t rng = 17;
        int moves = h_play(g, &rng, 10000);
        char buf[64];
        size_t len;
        carc_move m = {.kind = CARC_MOVE_PASS};
        cr_assert_eq(carc_move_format(g, &m, buf, sizeof buf, &len), CARC_OK);
        cr_assert_eq(carc_move_parse(g, buf, len, &m), CARC_OK);
        cr_assert_eq(carc_game_copy(spare, g), CARC_OK);
        cr_assert_eq(carc_game_save(g, NULL, 0, &len), CARC_E_BUFFER);
        cr_assert_gt(moves, 50, "%s: a whole game", info.name);
        cr_assert_eq(fa.taken, 0, "%s: %ld allocations while playing", info.name, fa.taken);
        cr_assert_eq(fa.live, blocks);
        carc_game_free(g);
        carc_game_free(spare);
    }
    carc_registry_free(reg);
    cr_assert_eq(fa.live, 0);
    cr_assert_eq(fa.errors, 0);
}

/* Each object goes back to the allocator it was made with: a clone to its
 * original's, a copy's target keeps its own. */
Test(core_nomem, objects_keep_their_allocator)
{
    failing one, two;
    f_init(&one);
    f_init(&two);
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 3,
                           .allocator = &one.a};
    carc_game *a = NULL, *b = NULL, *c = NULL;
    cr_assert_eq(carc_game_new(&o, &a), CARC_OK);
    o.allocator = &two.a;
    cr_assert_eq(carc_game_new(&o, &b), CARC_OK);
    cr_assert_eq(one.live, 1);
    cr_assert_eq(two.live, 1);
    cr_assert_eq(carc_game_clone(a, &c), CARC_OK);
    cr_assert_eq(one.live, 2, "a clone is made with its original's allocator");
    cr_assert_eq(carc_game_copy(b, a), CARC_OK);
    carc_game_free(c);
    cr_assert_eq(one.live, 1);
    carc_game_free(b);
    cr_assert_eq(two.live, 0, "a copy's target went back to its own allocator");
    cr_assert_eq(one.live, 1);
    carc_game_free(a);
    cr_assert_eq(one.live, 0);
    cr_assert_eq(one.errors + two.errors, 0);

    /* the struct is copied: it need not outlive the call */
    carc_allocator *temp = malloc(sizeof *temp);
    *temp = one.a;
    o.allocator = temp;
    cr_assert_eq(carc_game_new(&o, &a), CARC_OK);
    memset(temp, 0, sizeof *temp);
    free(temp);
    cr_assert_eq(carc_game_clone(a, &c), CARC_OK);
    carc_game_free(c);
    carc_game_free(a);
    cr_assert_eq(one.live, 0);
    cr_assert_eq(one.errors, 0);
}

/* A caller's allocator is checked before anything is taken. */
Test(core_nomem, a_bad_allocator_is_refused)
{
    failing fa;
    f_init(&fa);
    const carc_variant *b = base_v();
    carc_allocator bad = fa.a;
    carc_game_options o = {.struct_size = sizeof o, .variant = b, .players = 2, .allocator = &bad};
    carc_load_options lo = {.struct_size = sizeof lo, .allocator = &bad};
    carc_game *g = (carc_game *)&g, *const gs = g;
    carc_tileset *ts = (carc_tileset *)&ts, *const tss = ts;
    carc_registry *reg = (carc_registry *)&reg, *const regs = reg;
    static const char save[] = "carcassonne-save 2\nvariant base\nplayers 2\nseed 1\ntileset 0\nend\n";
    bad.struct_size = (uint32_t)CARC_ALLOCATOR_SIZE_V1 - 1;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_VERSION);
    cr_assert_eq(carc_game_load(&lo, save, sizeof save - 1, &g), CARC_E_VERSION);
    cr_assert_eq(carc_tileset_parse_with(&bad, b, b->tiles, b->tiles_len, &ts, NULL, 0), CARC_E_VERSION);
    cr_assert_eq(carc_registry_new_with(&bad, &reg), CARC_E_VERSION);
    bad = fa.a;
    bad.alloc = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_INVALID);
    cr_assert_eq(carc_registry_new_with(&bad, &reg), CARC_E_INVALID);
    bad = fa.a;
    bad.release = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_INVALID);
    cr_assert_eq(carc_tileset_parse_with(&bad, b, b->tiles, b->tiles_len, &ts, NULL, 0), CARC_E_INVALID);
    cr_assert_eq(g, gs);
    cr_assert_eq(ts, tss);
    cr_assert_eq(reg, regs);
    cr_assert_eq(fa.taken, 0);
    /* resize is optional; a NULL allocator is malloc's */
    bad = fa.a;
    bad.resize = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    cr_assert_eq(fa.live, 1);
    carc_game_free(g);
    cr_assert_eq(carc_registry_new_with(NULL, &reg), CARC_OK);
    carc_registry_free(reg);
    /* options from before the allocator member: no allocator read */
    carc_game_options old = {.struct_size = (uint32_t)CARC_GAME_OPTIONS_SIZE_V1, .variant = b, .players = 2,
                             .allocator = &bad};
    bad.alloc = NULL; /* would be refused if it were read */
    cr_assert_eq(carc_game_new(&old, &g), CARC_OK);
    carc_game_free(g);
    old.struct_size = (uint32_t)CARC_GAME_OPTIONS_SIZE_V1 - 1;
    cr_assert_eq(carc_game_new(&old, &g), CARC_E_VERSION);
    carc_load_options old_lo = {.struct_size = (uint32_t)CARC_LOAD_OPTIONS_SIZE_V1, .allocator = &bad};
    carc_game *made = NULL;
    o.allocator = NULL;
    cr_assert_eq(carc_game_new(&o, &made), CARC_OK);
    char *text = h_save(made);
    cr_assert_eq(carc_game_load(&old_lo, text, strlen(text), &g), CARC_OK);
    carc_game_free(g);
    old_lo.struct_size--;
    cr_assert_eq(carc_game_load(&old_lo, text, strlen(text), &g), CARC_E_VERSION);
    free(text);
    carc_game_free(made);
    cr_assert_eq(fa.live, 0);
}
