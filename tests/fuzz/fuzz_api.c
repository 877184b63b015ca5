/* fuzz_api: the input is a program of calls on one game.
 *
 * Header: variant (index into the built-in registry, so a new variant is
 * covered without touching this file), players, seed, then a mask of
 * ruleset options to set, each followed by its value byte. Then one byte per
 * operation and its arguments; the program ends with the input.
 *
 * After every operation (on a scratch copy, so the game under test keeps
 * its draw pending and calls like carc_game_set_next_tile still see it):
 *  (a) a call that failed changed nothing: the save text and every public
 *      query are the same as before, both taken after the pending draw, and
 *      the game goes on from there as its earlier self does (same draws);
 *  (b) a hand-made move that was accepted is one of the listed moves;
 *  (c)-(e) figures and tiles are conserved, scores never fall (inv_check);
 *  (f) every 32 operations, save -> load -> save gives the same text.
 * A listed move must always be accepted. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_ops.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct reader {
    const uint8_t *d;
    size_t n, i;
} reader;

static int more(const reader *r) { return r->i < r->n; }
static unsigned u8(reader *r) { return r->i < r->n ? r->d[r->i++] : 0; }
static unsigned u16(reader *r) { return u8(r) | u8(r) << 8; }
static int32_t i32(reader *r) { return (int32_t)(u16(r) | (uint32_t)u16(r) << 16); }
static uint64_t u64(reader *r) { return (uint64_t)(uint32_t)i32(r) | (uint64_t)(uint32_t)i32(r) << 32; }

typedef struct world {
    inv_ctx c;
    carc_game *g;       /* the game under test */
    carc_game *spare;   /* same variant: target of copies, then swapped in */
    carc_game *chk;     /* same variant: scratch copy for checks */
    carc_game *prior;   /* same variant: the game as it was before a call */
    char *before;       /* resolved save text before a call */
    size_t before_cap, before_len;
    uint64_t before_digest;
    carc_move *listed;  /* the moves listed before a call */
    size_t nlisted;
} world;

static void die(world *w, const char *where) { fuzz_die(&w->c, where); }

/* Resolved view of the game under test in w->chk, saved into c.save[which]. */
static size_t resolved_save(world *w, int which, uint64_t *digest)
{
    size_t len = 0;
    if (carc_game_copy(w->chk, w->g)) {
        inv_fail(&w->c, "copy into the scratch game failed");
        die(w, "scratch copy");
    }
    carc_game_state(w->chk, NULL, NULL);
    if (inv_save(&w->c, w->chk, which, &len)) die(w, "save");
    *digest = inv_digest(w->chk);
    return len;
}

static void snapshot(world *w)
{
    if (carc_game_copy(w->prior, w->g)) die(w, "scratch copy");
    size_t len = resolved_save(w, 0, &w->before_digest);
    if (len + 1 > w->before_cap) {
        free(w->before);
        w->before_cap = 2 * (len + 1);
        w->before = malloc(w->before_cap);
        if (!w->before) abort();
    }
    memcpy(w->before, w->c.save[0], len + 1);
    w->before_len = len;
}

/* A few decisions of the lazy player, so that draws made by then show
 * the state of the generator, which no query does. */
static void advance(world *w, carc_game *x)
{
    for (int i = 0; i < 6; i++) {
        size_t n = 0;
        if (carc_game_moves(x, w->c.moves2, INV_MAX_MOVES, &n) || !n || carc_game_apply(x, &w->c.moves2[0])) return;
    }
}

/* (a): nothing changed since the snapshot but the pending draw. */
static void unchanged(world *w, const char *what, int status)
{
    uint64_t d;
    size_t len = resolved_save(w, 0, &d);
    if (len != w->before_len || memcmp(w->before, w->c.save[0], len)) {
        inv_fail(&w->c, "%s failed (%s) but changed the saved game", what, carc_strerror(status));
        fprintf(stderr, "--- before\n%s--- after\n%s", w->before, w->c.save[0]);
        die(w, "(a)");
    }
    if (d != w->before_digest) {
        inv_fail(&w->c, "%s failed (%s) but changed what the queries show", what, carc_strerror(status));
        die(w, "(a)");
    }
    /* nor the generator: the game and its earlier self go on alike */
    if (carc_game_copy(w->chk, w->g)) die(w, "scratch copy");
    advance(w, w->chk);
    advance(w, w->prior);
    size_t a = 0, b = 0;
    if (inv_save(&w->c, w->chk, 0, &a) || inv_save(&w->c, w->prior, 1, &b)) die(w, "save");
    if (a != b || memcmp(w->c.save[0], w->c.save[1], a)) {
        inv_fail(&w->c, "%s failed (%s) but the game goes on differently (its generator moved?)", what,
                 carc_strerror(status));
        die(w, "(a)");
    }
}

/* The moves the game offers now (on the scratch copy), kept in w->listed. */
static void list_now(world *w)
{
    if (carc_game_copy(w->chk, w->g)) die(w, "scratch copy");
    if (inv_list(&w->c, w->chk, &w->nlisted)) die(w, "listing");
    memcpy(w->listed, w->c.moves, w->nlisted * sizeof(carc_move));
}

static int placed_rotation(world *w)
{
    int li = -1;
    carc_placed_tile t = {0};
    if (carc_game_last_tile(w->g, &li) || li < 0 || carc_game_tile(w->g, li, &t)) {
        inv_fail(&w->c, "a tile move was accepted but no tile is the turn's");
        die(w, "(b)");
    }
    return t.rotation;
}

/* Plays a move that was not taken from the list: accepted means listed (b),
 * refused means unchanged (a). */
static void try_move(world *w, const carc_move *m, const char *what)
{
    snapshot(w);
    int r = carc_game_apply(w->g, m);
    if (r) {
        unchanged(w, what, r);
        return;
    }
    int rot = m->kind == CARC_MOVE_TILE ? placed_rotation(w) : 0;
    if (inv_accepted_was_listed(&w->c, w->listed, w->nlisted, m, rot)) die(w, "(b)");
}

/* idx is 64 bits and reduced here, so a 32-bit size_t (WebAssembly) picks
 * the same move as a 64-bit one: tests/fuzz/wasm compares the two */
static void play_listed(world *w, uint64_t idx)
{
    list_now(w);
    if (w->nlisted == 0) {
        carc_move pass = {.kind = CARC_MOVE_PASS};
        int r = carc_game_apply(w->g, &pass);
        if (r != CARC_E_GAME_OVER) {
            inv_fail(&w->c, "no move listed, but a pass gives %s", carc_strerror(r));
            die(w, "listed");
        }
        return;
    }
    size_t pick = (size_t)(idx % w->nlisted);
    carc_move m = w->listed[pick];
    int r = carc_game_apply(w->g, &m);
    if (r) {
        inv_fail(&w->c, "listed move %zu of %zu (kind %d) refused: %s", pick, w->nlisted, m.kind,
                 carc_strerror(r));
        die(w, "listed");
    }
    if (m.kind == CARC_MOVE_TILE && fuzz_check_placed(&w->c, w->g, &m)) die(w, "listed");
}

static void replace_game(world *w, carc_game *h)
{
    carc_game_free(w->g);
    w->g = h;
    /* a loaded game carries its own copy of the tile set */
    carc_game_tileset(h, &w->c.ts);
}

static void same_game(world *w, const carc_game *a, const carc_game *b, const char *what)
{
    size_t la = 0, lb = 0;
    if (inv_save(&w->c, a, 0, &la) || inv_save(&w->c, b, 1, &lb)) die(w, what);
    if (la != lb || memcmp(w->c.save[0], w->c.save[1], la)) {
        inv_fail(&w->c, "%s: the saved texts differ", what);
        die(w, what);
    }
    if (inv_digest(a) != inv_digest(b)) {
        inv_fail(&w->c, "%s: the queries show different states", what);
        die(w, what);
    }
}

/* A game of another variant, kept for the program's lifetime: copying
 * into it must fail and leave it as it was. */
static carc_game *other_variant_game(int vi, int count)
{
    static carc_game *games[64];
    if (count < 2 || vi >= 64) return NULL;
    if (!games[vi]) {
        const carc_variant *v;
        carc_variant_info info = {.struct_size = sizeof info};
        carc_registry_at(NULL, (vi + 1) % count, &v);
        inv_describe(v, &info);
        carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = info.min_players, .seed = 7};
        if (carc_game_new(&o, &games[vi])) return NULL;
    }
    return games[vi];
}

/* Parsing a tile set costs more than most programs, so each variant's
 * first game is kept and later ones start as clones of it, reseeded: the
 * library's own cheap reset. Options bit 7 asks for carc_game_new itself.
 * The spare and scratch games live as long as the process, one pair per
 * variant (copies only need the same variant and tile set). */
static carc_game *spare_of[64], *chk_of[64], *prior_of[64];

static int new_game(world *w, const carc_game_options *o, int vi, unsigned mask)
{
    static carc_game *templ[64][8];
    static unsigned templ_mask[64][8];
    if (vi >= 64) return CARC_E_LIMIT;
    int r;
    if (mask & 0x80 || o->players >= 8) {
        r = carc_game_new(o, &w->g);
    } else {
        carc_game **t = &templ[vi][o->players];
        if (*t && templ_mask[vi][o->players] != mask) {
            carc_game_free(*t);
            *t = NULL;
        }
        if (!*t) {
            carc_game_options zero = *o;
            zero.seed = 0;
            r = carc_game_new(&zero, t);
            if (r) return r;
            templ_mask[vi][o->players] = mask;
        }
        r = carc_game_clone(*t, &w->g);
        if (!r && o->seed) r = carc_game_reseed(w->g, o->seed);
    }
    if (r) return r;
    if (!spare_of[vi] && (carc_game_clone(w->g, &spare_of[vi]) || carc_game_clone(w->g, &chk_of[vi]) ||
                          carc_game_clone(w->g, &prior_of[vi])))
        abort();
    w->spare = spare_of[vi];
    w->chk = chk_of[vi];
    w->prior = prior_of[vi];
    return CARC_OK;
}

static void deck_order(world *w, reader *in, uint64_t *rng)
{
    int ndecks = 0, left = 0;
    while (carc_game_deck_remaining(w->g, ndecks, &left) == CARC_OK) ndecks++;
    int d = (int)(u8(in) % (unsigned)(ndecks + 2)) - 1, mode = (int)(u8(in) % 4);
    int order[168], n = 0, unseen[INV_MAX_TYPES], hidden = 0;
    if (mode != 2) {
        /* what the stack must hold, from what is seen elsewhere */
        carc_game_state(w->g, NULL, NULL);
        if (inv_unseen(&w->c, w->g, unseen, &hidden)) {
            inv_fail(&w->c, "cannot read the game's tiles");
            die(w, "deck order");
        }
        for (int t = 0; t < w->c.ntypes; t++)
            if (d >= 0 && w->c.type_deck[t] == d)
                for (int k = 0; k < unseen[t] && n < 160; k++) order[n++] = t;
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(fuzz_rand(rng) % (uint64_t)(i + 1)), t = order[i];
            order[i] = order[j], order[j] = t;
        }
    } else {
        n = (int)(u8(in) % 140);
        for (int i = 0; i < n; i++) order[i] = (int)(fuzz_rand(rng) % (uint64_t)(w->c.ntypes + 2)) - 1;
    }
    if (mode == 1 && n > 0) order[fuzz_rand(rng) % (uint64_t)n] = (int)(u8(in) % (unsigned)(w->c.ntypes + 1));
    if (mode == 3) n += (u8(in) & 1) ? 1 : -1;
    if (n < 0) n = 0;
    int over = 0;
    carc_game_is_over(w->g, &over);
    snapshot(w);
    int r = carc_game_set_deck_order(w->g, d, order, n);
    if (r) {
        unchanged(w, "carc_game_set_deck_order", r);
        /* the exact order of a stack is refused only for a reason */
        if (mode == 0 && !hidden && !over && d >= 0 && d < ndecks) {
            inv_fail(&w->c, "set_deck_order of the %d tiles left in stack %d refused: %s", n, d, carc_strerror(r));
            die(w, "deck order");
        }
    }
}

static void next_token(world *w, reader *in)
{
    unsigned sel = u8(in);
    int bag = (int)(sel % (unsigned)(w->c.nbags + 2));
    const char *name = NULL;
    if (bag < w->c.nbags)
        carc_variant_bag(w->c.v, bag, &name, NULL);
    else if (bag == w->c.nbags)
        name = (sel & 0x80) ? "" : "no-such-bag";
    int token = (int)(int8_t)u8(in) % 10;
    snapshot(w);
    int r = carc_game_set_next_token(w->g, name, token);
    if (r) unchanged(w, "carc_game_set_next_token", r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static world w;
    reader in = {data, size, 0};
    int count = 0;
    carc_registry_count(NULL, &count);
    if (size < 12 || count < 1) return 0;
    int vi = (int)(u8(&in) % (unsigned)count);
    const carc_variant *v;
    carc_registry_at(NULL, vi, &v);
    carc_variant_info info = {.struct_size = sizeof info};
    if (inv_describe(v, &info)) return 0;
    carc_game_options o = {.struct_size = sizeof o, .variant = v};
    o.players = info.min_players + (int)(u8(&in) % (unsigned)(info.max_players - info.min_players + 1));
    o.seed = u64(&in);
    carc_option rules[8];
    unsigned mask = u8(&in);
    for (int i = 0; i < info.option_count && i < 8; i++) {
        if (!(mask >> i & 1)) continue;
        const char *name;
        int lo, hi;
        carc_variant_option(v, i, &name, NULL, &lo, &hi, NULL);
        rules[o.rule_count].name = name;
        rules[o.rule_count].value = lo + (int)(u8(&in) % (unsigned)(hi - lo + 1));
        o.rule_count++;
    }
    o.rules = rules;
    int r = new_game(&w, &o, vi, mask);
    if (r) {
        inv_fail(&w.c, "carc_game_new of %s with %d players: %s", info.name, o.players, carc_strerror(r));
        die(&w, "setup");
    }
    if (!w.listed && !(w.listed = malloc(sizeof(carc_move) * INV_MAX_MOVES))) abort();
    if (inv_init(&w.c, w.g)) die(&w, "init");
    uint64_t rng = fuzz_hash(data, size);
    /* the periodic round trips lend the tile set; OP_SAVE_LOAD does not */
    carc_load_options lo = fuzz_load_options(v);

    for (int ops = 1; more(&in); ops++) {
        int op = op_of_byte[u8(&in) % sizeof op_of_byte];
        switch (op) {
        case OP_LISTED:
            play_listed(&w, u16(&in));
            break;
        case OP_RAW: {
            carc_move m;
            uint8_t raw[sizeof m];
            for (size_t i = 0; i < sizeof raw; i++) raw[i] = (uint8_t)u8(&in);
            memcpy(&m, raw, sizeof m);
            list_now(&w);
            try_move(&w, &m, "a move of raw bytes");
            break;
        }
        case OP_MUTATED: {
            list_now(&w);
            carc_move m = {0};
            unsigned idx = u16(&in), field = u8(&in), val = u8(&in);
            if (w.nlisted) m = w.listed[idx % w.nlisted];
            switch (field % 11) {
            case 0: m.kind = (uint8_t)(val % 6); break;
            case 1: m.rotation = (uint8_t)val; break;
            case 2: m.figure = (uint8_t)val; break;
            case 3: m.feature = (uint8_t)val; break;
            case 4: m.x = (int16_t)(m.x + (int8_t)val); break;
            case 5: m.y = (int16_t)(m.y + (int8_t)val); break;
            case 6: m.tile = (uint16_t)(val % (unsigned)(w.c.ntypes + 2)); break;
            case 7: m.action = (uint16_t)val; break;
            case 8: m.target += (int8_t)val; break;
            case 9: m.rotation = (uint8_t)(m.rotation + (val & 3)); break;
            default: /* members the move's kind does not use */
                if (m.kind != CARC_MOVE_ACTION) m.action = (uint16_t)val, m.target = (int32_t)val;
                if (m.kind != CARC_MOVE_TILE) m.tile = (uint16_t)val;
                break;
            }
            try_move(&w, &m, "a changed listed move");
            break;
        }
        case OP_NEXT_TILE: {
            /* with the draw made, a tile named now replaces it; else it is queued */
            if (u8(&in) & 1) carc_game_state(w.g, NULL, NULL);
            int t = (int8_t)u8(&in);
            if (t >= 0) t %= w.c.ntypes + 1;
            snapshot(&w);
            r = carc_game_set_next_tile(w.g, t);
            if (r) unchanged(&w, "carc_game_set_next_tile", r);
            break;
        }
        case OP_NEXT_TOKEN:
            next_token(&w, &in);
            break;
        case OP_RESEED:
            snapshot(&w);
            r = carc_game_reseed(w.g, u64(&in));
            if (r) unchanged(&w, "carc_game_reseed", r);
            break;
        case OP_DECK_ORDER:
            deck_order(&w, &in, &rng);
            break;
        case OP_CLONE: {
            carc_game *h = NULL;
            if (carc_game_clone(w.g, &h)) die(&w, "clone");
            same_game(&w, w.g, h, "clone");
            replace_game(&w, h);
            break;
        }
        case OP_COPY: {
            carc_game *other = other_variant_game(vi, count);
            if (other && (u8(&in) & 1)) {
                uint64_t before = inv_digest(other);
                r = carc_game_copy(other, w.g);
                if (r != CARC_E_MISMATCH || inv_digest(other) != before) {
                    inv_fail(&w.c, "copy into a game of another variant: %s", carc_strerror(r));
                    die(&w, "copy");
                }
                break;
            }
            if (carc_game_copy(w.spare, w.g)) die(&w, "copy");
            same_game(&w, w.g, w.spare, "copy");
            carc_game *t = w.g;
            w.g = w.spare;
            w.spare = spare_of[vi] = t;
            carc_game_tileset(w.g, &w.c.ts);
            break;
        }
        case OP_SAVE_LOAD: {
            size_t len = 0;
            carc_game *h = NULL;
            if (inv_save(&w.c, w.g, 0, &len)) die(&w, "save");
            r = carc_game_load(NULL, w.c.save[0], len, &h);
            if (r) {
                inv_fail(&w.c, "a saved game does not load: %s", carc_strerror(r));
                fprintf(stderr, "%s", w.c.save[0]);
                die(&w, "save/load");
            }
            same_game(&w, w.g, h, "save and load");
            replace_game(&w, h);
            break;
        }
        case OP_QUERY: {
            int sel = (int)u8(&in), a = i32(&in), b = i32(&in);
            snapshot(&w);
            if (fuzz_odd_query(&w.c, w.g, sel, a, b)) die(&w, "query");
            unchanged(&w, "a query", CARC_OK);
            break;
        }
        case OP_STATE:
            snapshot(&w);
            carc_game_state(w.g, NULL, NULL);
            unchanged(&w, "carc_game_state", CARC_OK);
            break;
        case OP_TEXT: {
            char text[256];
            size_t len = u8(&in) % sizeof text;
            for (size_t i = 0; i < len; i++) text[i] = (char)u8(&in);
            carc_move m, untouched;
            memset(&m, 0x6b, sizeof m);
            untouched = m;
            list_now(&w);
            r = carc_move_parse(w.g, text, len, &m);
            if (r) {
                if (memcmp(&m, &untouched, sizeof m)) {
                    inv_fail(&w.c, "carc_move_parse failed (%s) but wrote the move", carc_strerror(r));
                    die(&w, "move text");
                }
                break;
            }
            try_move(&w, &m, "a move read from text");
            break;
        }
        case OP_FORMAT: {
            list_now(&w);
            unsigned idx = u16(&in), cap = u8(&in);
            if (!w.nlisted) break;
            carc_move m = w.listed[idx % w.nlisted], back;
            char full[512], part[256];
            size_t len = 0, len2 = 0;
            if (carc_move_format(w.g, &m, full, sizeof full, &len) || len != strlen(full)) {
                inv_fail(&w.c, "a listed move cannot be written");
                die(&w, "move text");
            }
            memset(part, 0x7f, sizeof part);
            cap %= sizeof part;
            r = carc_move_format(w.g, &m, cap ? part : NULL, cap, &len2);
            if (len2 != len || r != (cap == 0 || cap > len ? CARC_OK : CARC_E_BUFFER) ||
                (r == CARC_OK && cap && strcmp(part, full))) {
                inv_fail(&w.c, "move text into %u bytes: %s, length %zu of %zu", cap, carc_strerror(r), len2, len);
                die(&w, "move text");
            }
            /* read back with the blanks a person might leave */
            char spaced[600];
            snprintf(spaced, sizeof spaced, "%s%s%s", (idx & 1) ? "  " : "", full, (idx & 2) ? " \r\n" : "");
            if (carc_move_parse(w.g, spaced, strlen(spaced), &back) || !inv_same_key(&back, &m)) {
                inv_fail(&w.c, "listed move written \"%s\" does not read back as itself", spaced);
                die(&w, "move text");
            }
            play_listed(&w, idx);
            break;
        }
        default: { /* OP_PLAY */
            int steps = 1 + (int)(u8(&in) % 48);
            for (int s = 0; s < steps; s++) {
                play_listed(&w, fuzz_rand(&rng) >> 20);
                if (carc_game_copy(w.chk, w.g)) die(&w, "scratch copy");
                if (inv_check(&w.c, w.chk, 0)) die(&w, "play");
            }
            break;
        }
        }
        if (carc_game_copy(w.chk, w.g)) die(&w, "scratch copy");
        if (inv_check(&w.c, w.chk, (ops & 7) == 0)) die(&w, "after an operation");
        if ((ops & 31) == 0 && inv_roundtrip(&w.c, w.g, &lo)) die(&w, "(f) round trip");
    }
    if (inv_check(&w.c, w.g, 1)) die(&w, "end of program");
    if (inv_roundtrip(&w.c, w.g, &lo)) die(&w, "(f) round trip at the end");
    carc_game_free(w.g);
    w.g = NULL;
    return 0;
}
