/* Helpers shared by the libFuzzer harnesses: input hashing, a small
 * generator, the crash report, and a sweep of every query with arguments in
 * and out of range whose answers the header documents exactly. */
#ifndef CARC_FUZZ_COMMON_H
#define CARC_FUZZ_COMMON_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>
#include <carcassonne_variant.h>

#include "invariants.h"

/* The harness's own generator (splitmix64): independent of the game's, so
 * the moves a harness picks never line up with the draws the game makes. */
static inline uint64_t fuzz_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t fuzz_hash(const uint8_t *d, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ d[i]) * 1099511628211ull;
    return h;
}

/* Each variant's built-in tile set, parsed once per process. A game
 * created or loaded with it in its options borrows it instead of parsing
 * its own copy, which is most of the cost of carc_game_load; harnesses use
 * it where the parse is not what is being tested. */
static inline const carc_tileset *fuzz_builtin_tileset(const carc_variant *v)
{
    static const carc_variant *seen[64];
    static carc_tileset *sets[64];
    static int nseen;
    for (int i = 0; i < nseen; i++)
        if (seen[i] == v) return sets[i];
    carc_tileset *ts;
    if (nseen == 64 || !v || carc_tileset_parse(v, v->tiles, v->tiles_len, &ts, NULL, 0)) return NULL;
    seen[nseen] = v;
    sets[nseen++] = ts;
    return ts;
}

/* Load options that lend the game's variant its built-in tile set. */
static inline carc_load_options fuzz_load_options(const carc_variant *v)
{
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = fuzz_builtin_tileset(v)};
    return lo;
}

/* A violation: say what and where, then abort so libFuzzer keeps the input. */
static inline void fuzz_die(const inv_ctx *c, const char *where)
{
    fprintf(stderr, "\n*** invariant violated (%s): %s\n", where, c->msg);
    if (c->text) fprintf(stderr, "--- the saved game\n%s---\n", c->text);
    fflush(stderr);
    abort();
}

/* A game on its variant's own tile set has exactly the tiles the variant
 * describes. */
static inline void fuzz_check_builtin_total(inv_ctx *c)
{
    carc_variant_info vi;
    if (inv_describe(c->v, &vi)) {
        inv_fail(c, "describe failed");
        fuzz_die(c, "variant");
    }
    if (vi.tile_count != c->total_tiles) {
        inv_fail(c, "variant describes %d tiles, its tile set has %d", vi.tile_count, c->total_tiles);
        fuzz_die(c, "variant");
    }
}

/* A listed tile move lands where it said, turned as it said (listed
 * rotations are the lowest of their class, so nothing is renamed). */
static inline int fuzz_check_placed(inv_ctx *c, const carc_game *g, const carc_move *m)
{
    int li = -1;
    carc_placed_tile t;
    if (carc_game_last_tile(g, &li) || li < 0 || carc_game_tile(g, li, &t))
        return inv_fail(c, "no last tile after a tile move");
    if (t.x != m->x || t.y != m->y || t.type != m->tile || t.rotation != m->rotation)
        return inv_fail(c, "listed tile %d at (%d,%d) turned %d was placed as %d at (%d,%d) turned %d", m->tile, m->x,
                        m->y, m->rotation, t.type, t.x, t.y, t.rotation);
    return 0;
}

#define FUZZ_EXPECT(call, want)                                                                             \
    do {                                                                                                    \
        int got_ = (call);                                                                                  \
        if (got_ != (want))                                                                                 \
            return inv_fail(c, "%s returned %s, expected %s", #call, carc_strerror(got_), carc_strerror(want)); \
    } while (0)

#define FUZZ_NQUERIES 22

/* One query with arguments from a and b (often out of range), checked
 * against what the header promises. The game may have its draw made
 * (callers compare states on resolved copies). Returns 1 on a violation. */
static inline int fuzz_odd_query(inv_ctx *c, carc_game *g, int sel, int a, int b)
{
    int nt = 0, nf = 0, ne = 0, nr = 0, players = 0, ntypes = c->ntypes;
    carc_game_tile_count(g, &nt);
    carc_game_figure_count(g, &nf);
    carc_game_event_count(g, &ne);
    carc_game_removed_count(g, &nr);
    carc_game_players(g, &players);
    /* indices near the edges of their range, and far outside it */
    const int picks[] = {a, -1, 0, nt, nt - 1, INT_MIN, INT_MAX, b, (int)(0u - (unsigned)b), (int)((unsigned)a + (unsigned)b)};
    int i = picks[((unsigned)b) % (sizeof picks / sizeof picks[0])];
    switch (((unsigned)sel) % FUZZ_NQUERIES) {
    case 0: {
        carc_placed_tile t;
        FUZZ_EXPECT(carc_game_tile(g, i, &t), i >= 0 && i < nt ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_tile(g, 0, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_tile_count(g, NULL), CARC_E_NULL);
        break;
    }
    case 1: {
        int at = -2;
        FUZZ_EXPECT(carc_game_tile_at(g, a, b, &at), CARC_OK);
        if (at != -1) {
            carc_placed_tile t;
            if (carc_game_tile(g, at, &t) || t.x != a || t.y != b)
                return inv_fail(c, "tile_at(%d,%d) gave tile %d, which is elsewhere", a, b, at);
        }
        FUZZ_EXPECT(carc_game_tile_at(g, a, b, NULL), CARC_E_NULL);
        break;
    }
    case 2: {
        carc_feature_info fi = {.struct_size = (b & 1) ? sizeof fi : (uint32_t)(a & 0xff) % sizeof fi};
        int tile = i, f = a % 16;
        int want;
        if (fi.struct_size < sizeof fi) {
            want = CARC_E_VERSION;
        } else if (tile < 0 || tile >= nt) {
            want = CARC_E_RANGE;
        } else {
            carc_placed_tile t;
            carc_game_tile(g, tile, &t);
            want = f >= 0 && f < c->type_nfeat[t.type] ? CARC_OK : CARC_E_RANGE;
        }
        FUZZ_EXPECT(carc_game_feature(g, tile, f, &fi), want);
        FUZZ_EXPECT(carc_game_feature(g, 0, 0, NULL), CARC_E_NULL);
        break;
    }
    case 3: {
        carc_figure_info fi;
        int id = picks[((unsigned)a) % 10] == nt ? nf : i, pts;
        FUZZ_EXPECT(carc_game_figure(g, id, &fi), id >= 0 && id < nf ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_figure_points(g, id, &pts), id >= 0 && id < nf ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_figure_points(g, 0, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_figure(g, 0, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_figure_count(g, NULL), CARC_E_NULL);
        break;
    }
    case 4: {
        int s, p = a % 8 - 1, k = b % 6 - 1;
        FUZZ_EXPECT(carc_game_supply(g, p, k, &s),
                    p >= 0 && p < players && k >= 0 && k < c->nfig_kinds ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_supply(g, 0, 0, NULL), CARC_E_NULL);
        break;
    }
    case 5: {
        int n, bag = a % 4 - 1, p = b % 8 - 2, k = (a / 4) % 10 - 1;
        int ok = bag >= 0 && bag < c->nbags && k >= 0 && k < c->bag_kinds[bag] && p >= -1 && p < players;
        FUZZ_EXPECT(carc_game_tokens(g, bag, p, k, &n), ok ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_tokens(g, 0, 0, 0, NULL), CARC_E_NULL);
        break;
    }
    case 6: {
        int s, out[24], p = a % 8 - 1;
        const int ns[] = {-1, 0, 1, 12, 20, 24};
        int n = ns[((unsigned)b) % 6];
        for (int k = 0; k < 24; k++) out[k] = 0x5a5a;
        FUZZ_EXPECT(carc_game_score(g, p, &s), p >= 0 && p < players ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_score_breakdown(g, p, out, n), p >= 0 && p < players && n >= 0 ? CARC_OK : CARC_E_RANGE);
        if (p >= 0 && p < players && n >= 0)
            for (int k = 0; k < 24; k++)
                if ((k >= n && out[k] != 0x5a5a) || (k < n && k >= INV_MAX_CATS && out[k] != 0))
                    return inv_fail(c, "breakdown with n=%d wrote %d at %d", n, out[k], k);
        FUZZ_EXPECT(carc_game_score_breakdown(g, 0, NULL, 1), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_score(g, 0, NULL), CARC_E_NULL);
        break;
    }
    case 7: {
        carc_event e;
        int id = picks[((unsigned)a) % 10] == nt ? ne : i;
        FUZZ_EXPECT(carc_game_event(g, id, &e), id >= 0 && id < ne ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_event(g, 0, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_event_count(g, NULL), CARC_E_NULL);
        break;
    }
    case 8: {
        int full[8], part[8], n = -1, m = -1, p = a % 8 - 1, cap = b % 6 - 1;
        for (int k = 0; k < 8; k++) part[k] = -7;
        if (p < 0 || p >= players || cap < 0) {
            FUZZ_EXPECT(carc_game_hand(g, p, part, cap, &m), CARC_E_RANGE);
            break;
        }
        FUZZ_EXPECT(carc_game_hand(g, p, full, 8, &n), CARC_OK);
        FUZZ_EXPECT(carc_game_hand(g, p, NULL, 0, &m), CARC_OK);
        if (m != n) return inv_fail(c, "hand size %d, count-only %d", n, m);
        FUZZ_EXPECT(carc_game_hand(g, p, part, cap, &m), n > cap ? CARC_E_BUFFER : CARC_OK);
        for (int k = 0; k < 8; k++)
            if ((k < cap && k < n && part[k] != full[k]) || (k >= cap && part[k] != -7))
                return inv_fail(c, "hand with cap %d wrote %d at %d", cap, part[k], k);
        FUZZ_EXPECT(carc_game_hand(g, 0, NULL, 0, NULL), CARC_E_NULL);
        break;
    }
    case 9: {
        int id = picks[((unsigned)a) % 10] == nt ? nr : i;
        FUZZ_EXPECT(carc_game_removed(g, id, NULL, NULL), id >= 0 && id < nr ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_removed_count(g, NULL), CARC_E_NULL);
        break;
    }
    case 10: {
        int n, d = a % 7 - 2, ndecks = 0;
        while (carc_game_deck_remaining(g, ndecks, &n) == CARC_OK) ndecks++;
        FUZZ_EXPECT(carc_game_deck_remaining(g, d, &n), d >= 0 && d < ndecks ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_deck_remaining(g, 0, NULL), CARC_E_NULL);
        break;
    }
    case 11: {
        size_t full = 0, len = 0;
        if (inv_save(c, g, 0, &full)) return 1;
        size_t cap = (size_t)(unsigned)a % 64;
        if (b & 1) cap = full + 1 - (size_t)((unsigned)b % 3); /* at, one short of and two short of the room needed */
        char *buf = malloc(cap ? cap : 1);
        if (!buf) return inv_fail(c, "out of memory");
        memset(buf, 0x7f, cap ? cap : 1);
        int r = carc_game_save(g, cap ? buf : NULL, cap, &len);
        int bad = 0;
        if (r != (cap > full ? CARC_OK : CARC_E_BUFFER) || len != full)
            bad = inv_fail(c, "save into %zu bytes: %s, len %zu of %zu", cap, carc_strerror(r), len, full);
        /* whatever was written is the start of the text */
        for (size_t k = 0; !bad && k < cap && k < full && buf[k] != 0x7f && buf[k] != 0; k++)
            if (buf[k] != c->save[0][k]) bad = inv_fail(c, "save into %zu bytes wrote other text at %zu", cap, k);
        free(buf);
        if (bad) return 1;
        FUZZ_EXPECT(carc_game_save(g, NULL, 0, NULL), CARC_E_NULL);
        break;
    }
    case 12: {
        size_t n = 0, k = 0, cap = (size_t)((unsigned)a % 40);
        int r = carc_game_moves(g, c->moves, INV_MAX_MOVES, &n);
        if (r == CARC_E_GAME_OVER) {
            FUZZ_EXPECT(carc_game_moves(g, c->moves2, cap, &k), CARC_E_GAME_OVER);
            break;
        }
        if (r) return inv_fail(c, "moves: %s", carc_strerror(r));
        memset(c->moves2, 0xa5, sizeof(carc_move) * (cap + 1));
        FUZZ_EXPECT(carc_game_moves(g, c->moves2, cap, &k), n > cap ? CARC_E_BUFFER : CARC_OK);
        if (k != n) return inv_fail(c, "moves with cap %zu counted %zu of %zu", cap, k, n);
        for (size_t j = 0; j < cap && j < n; j++)
            if (memcmp(&c->moves2[j], &c->moves[j], sizeof(carc_move)))
                return inv_fail(c, "moves with cap %zu: move %zu differs from the full list", cap, j);
        unsigned char guard[sizeof(carc_move)];
        memset(guard, 0xa5, sizeof guard);
        if (memcmp(&c->moves2[cap], guard, sizeof guard))
            return inv_fail(c, "moves with cap %zu wrote past the cap", cap);
        FUZZ_EXPECT(carc_game_moves(g, NULL, cap, &k), CARC_OK);
        FUZZ_EXPECT(carc_game_moves(g, c->moves2, cap, NULL), CARC_E_NULL);
        break;
    }
    case 13: {
        carc_phase ph;
        int p, over;
        unsigned w;
        FUZZ_EXPECT(carc_game_state(g, NULL, NULL), CARC_OK);
        FUZZ_EXPECT(carc_game_state(g, &ph, NULL), CARC_OK);
        FUZZ_EXPECT(carc_game_state(g, NULL, &p), CARC_OK);
        FUZZ_EXPECT(carc_game_drawn_tile(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_last_tile(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_is_over(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_winners(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_is_over(g, &over), CARC_OK);
        FUZZ_EXPECT(carc_game_winners(g, &w), over ? CARC_OK : CARC_E_PHASE);
        FUZZ_EXPECT(carc_game_state(NULL, &ph, &p), CARC_E_NULL);
        break;
    }
    case 14: {
        const carc_variant *v;
        const carc_tileset *ts;
        int p;
        FUZZ_EXPECT(carc_game_copy(g, g), CARC_OK);
        FUZZ_EXPECT(carc_game_copy(NULL, g), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_copy(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_clone(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_variant(g, &v), CARC_OK);
        FUZZ_EXPECT(carc_game_tileset(g, &ts), CARC_OK);
        FUZZ_EXPECT(carc_game_players(g, &p), CARC_OK);
        if (v != c->v || ts != c->ts || p != c->players) return inv_fail(c, "game accessors changed");
        FUZZ_EXPECT(carc_game_variant(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_tileset(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_players(g, NULL), CARC_E_NULL);
        break;
    }
    case 15: {
        const carc_variant *v = c->v;
        const char *name = NULL;
        int k = a % 12 - 2, t = b % 12 - 2, n;
        carc_variant_info vi;
        FUZZ_EXPECT(carc_variant_figure(v, k, &name, &n), k >= 0 && k < c->nfig_kinds ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_variant_category(v, k, &name), k >= 0 && k < c->ncat ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_variant_category(v, 0, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_variant_bag(v, k, NULL, NULL), k >= 0 && k < c->nbags ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_variant_bag_token(v, k, t, NULL, NULL),
                    k >= 0 && k < c->nbags && t >= 0 && t < c->bag_kinds[k] ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_variant_option(v, k, NULL, NULL, NULL, NULL, NULL),
                    k >= 0 && k < c->nopts ? CARC_OK : CARC_E_RANGE);
        /* a caller built against 0.1 gets no bag_count written */
        memset(&vi, 0x5a, sizeof vi);
        vi.struct_size = (uint32_t)CARC_VARIANT_INFO_SIZE_V1;
        FUZZ_EXPECT(carc_variant_describe(v, &vi), CARC_OK);
        if (vi.bag_count != 0x5a5a5a5a) return inv_fail(c, "describe wrote past a 0.1 struct_size");
        vi.struct_size = (uint32_t)CARC_VARIANT_INFO_SIZE_V1 - 1;
        FUZZ_EXPECT(carc_variant_describe(v, &vi), CARC_E_VERSION);
        FUZZ_EXPECT(carc_variant_describe(NULL, &vi), CARC_E_NULL);
        FUZZ_EXPECT(carc_variant_figure(NULL, 0, NULL, NULL), CARC_E_NULL);
        break;
    }
    case 16: {
        const carc_tileset *ts = c->ts;
        int t = a % (ntypes + 4) - 2, f = b % 16 - 2, found = -1, n = 0;
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        FUZZ_EXPECT(carc_tileset_type_count(ts, &n), CARC_OK);
        if (n != ntypes) return inv_fail(c, "type count changed");
        FUZZ_EXPECT(carc_tileset_type(ts, t, &ti), t >= 0 && t < ntypes ? CARC_OK : CARC_E_RANGE);
        if (t >= 0 && t < ntypes) {
            FUZZ_EXPECT(carc_tileset_find(ts, ti.name, &found), CARC_OK);
            if (found != t) return inv_fail(c, "type %d named %s is found as %d", t, ti.name, found);
            FUZZ_EXPECT(carc_tileset_feature(ts, t, f, NULL, NULL, NULL),
                        f >= 0 && f < c->type_nfeat[t] ? CARC_OK : CARC_E_RANGE);
        }
        ti.struct_size = sizeof ti - 1;
        FUZZ_EXPECT(carc_tileset_type(ts, 0, &ti), CARC_E_VERSION);
        FUZZ_EXPECT(carc_tileset_find(ts, "no such tile id", &found), CARC_E_NOT_FOUND);
        FUZZ_EXPECT(carc_tileset_find(ts, NULL, &found), CARC_E_NULL);
        FUZZ_EXPECT(carc_tileset_feature(NULL, 0, 0, NULL, NULL, NULL), CARC_E_NULL);
        break;
    }
    case 18: {
        /* views: owners and values in and out of range */
        int vw = a % (c->nviews + 2) - 1, val = 0, owner = i, k = b % 8 - 1, want = CARC_E_RANGE;
        if (vw >= 0 && vw < c->nviews && k >= 0 && k < c->view_len[vw]) {
            switch (c->view_shape[vw]) {
            case CARC_VIEW_GAME: want = owner == 0 ? CARC_OK : CARC_E_RANGE; break;
            case CARC_VIEW_PLAYER: want = owner >= 0 && owner < players ? CARC_OK : CARC_E_RANGE; break;
            case CARC_VIEW_FIGURE: want = owner >= 0 && owner < nf ? CARC_OK : CARC_E_RANGE; break;
            case CARC_VIEW_TILE: want = owner >= 0 && owner < nt ? CARC_OK : CARC_E_RANGE; break;
            default: {
                int tile = owner / CARC_VIEW_FEATURE_STRIDE, f = owner % CARC_VIEW_FEATURE_STRIDE;
                carc_placed_tile t;
                want = owner >= 0 && tile < nt && carc_game_tile(g, tile, &t) == CARC_OK && f < c->type_nfeat[t.type]
                           ? CARC_OK
                           : CARC_E_RANGE;
            }
            }
        }
        FUZZ_EXPECT(carc_game_view(g, vw, owner, k, &val), want);
        FUZZ_EXPECT(carc_game_view(g, 0, 0, 0, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_variant_view(c->v, vw, NULL, NULL, NULL, NULL),
                    vw >= 0 && vw < c->nviews ? CARC_OK : CARC_E_RANGE);
        break;
    }
    case 19: {
        /* the log with odd indices and struct sizes */
        int nl = 0;
        carc_game_log_count(g, &nl);
        carc_event_info e = {.struct_size = (b & 1) ? sizeof e : (uint32_t)((unsigned)a % sizeof e)};
        int id = picks[((unsigned)a) % 10] == nt ? nl : i;
        FUZZ_EXPECT(carc_game_log(g, id, &e),
                    e.struct_size < sizeof e ? CARC_E_VERSION : id >= 0 && id < nl ? CARC_OK : CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_log(g, 0, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_log_count(g, NULL), CARC_E_NULL);
        break;
    }
    case 20: {
        /* projection into buffers of every size, and the game left as it was */
        int tot[16], bd[96], nto = a % 18 - 1, nbd = b % 97 - 1;
        uint64_t before = inv_digest(g);
        for (int k = 0; k < 16; k++) tot[k] = 0x5a5a;
        FUZZ_EXPECT(carc_game_projection(g, tot, nto, bd, nbd), nto < 0 || nbd < 0 ? CARC_E_RANGE : CARC_OK);
        if (nto < 0 || nbd < 0) break;
        for (int k = nto; k < 16; k++)
            if (tot[k] != 0x5a5a) return inv_fail(c, "projection into %d totals wrote at %d", nto, k);
        for (int k = players; k < nto; k++)
            if (tot[k]) return inv_fail(c, "projection: %d for seat %d of %d", tot[k], k, players);
        FUZZ_EXPECT(carc_game_projection(g, NULL, 1, NULL, 0), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_projection(g, NULL, 0, NULL, 0), CARC_OK);
        if (inv_digest(g) != before) return inv_fail(c, "a projection changed the game");
        break;
    }
    case 21: {
        /* playouts: no change to the game, and nobody ends below their score now */
        int n = a % 4 - 1, sc[3 * 6], cap = (b & 1) ? 18 : (int)((unsigned)b % 20);
        uint64_t before = inv_digest(g);
        carc_game *copy = NULL;
        if (carc_game_clone(g, &copy)) return inv_fail(c, "clone failed");
        int r = carc_game_playouts(g, n, (uint64_t)(unsigned)b, sc, (size_t)cap);
        int changed = inv_digest(g) != before && (inv_diff(c, copy, g, "after playouts"), 1);
        carc_game_free(copy);
        if (changed) return 1;
        FUZZ_EXPECT(r, n < 0 ? CARC_E_RANGE : (size_t)cap < (size_t)n * (size_t)players ? CARC_E_BUFFER : CARC_OK);
        for (int k = 0; n >= 0 && k < n * players && k < cap; k++) {
            int now = 0;
            carc_game_score(g, k % players, &now);
            if (cap >= n * players && sc[k] < now)
                return inv_fail(c, "a playout ends with %d for seat %d, who has %d now", sc[k], k % players, now);
        }
        FUZZ_EXPECT(carc_game_playouts(g, 1, 0, NULL, 0), CARC_E_NULL);
        break;
    }
    default: {
        /* calls that would change the game, with arguments they must refuse */
        FUZZ_EXPECT(carc_game_apply(g, NULL), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_set_deck_order(g, 0, NULL, 1 + (a & 3)), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_set_next_token(g, NULL, 0), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_set_next_token(g, "no such bag", 0), CARC_E_NOT_FOUND);
        FUZZ_EXPECT(carc_game_set_next_tile(g, b % 2 ? -1 - (a & 0xffff) : ntypes + (a & 0xffff)), CARC_E_RANGE);
        FUZZ_EXPECT(carc_game_set_next_tile(NULL, 0), CARC_E_NULL);
        FUZZ_EXPECT(carc_game_reseed(NULL, 1), CARC_E_NULL);
        break;
    }
    }
    return 0;
}

/* Every query once with arguments from a generator. */
static inline int fuzz_query_everything(inv_ctx *c, carc_game *g, uint64_t *rng)
{
    for (int sel = 0; sel < FUZZ_NQUERIES; sel++) {
        uint64_t r = fuzz_rand(rng);
        if (fuzz_odd_query(c, g, sel, (int)(r & 0x7fffffff), (int)(r >> 33))) return 1;
    }
    return 0;
}

/* Where a harness stops playing a game: the deep invariants, a save that
 * loads back to itself, and every query with odd arguments. */
static inline void fuzz_check_end(inv_ctx *c, carc_game *g, const carc_load_options *lo, uint64_t *rng)
{
    if (inv_check(c, g, 1)) fuzz_die(c, "game where play stopped");
    if (inv_roundtrip(c, g, lo)) fuzz_die(c, "round trip where play stopped");
    if (fuzz_query_everything(c, g, rng)) fuzz_die(c, "queries where play stopped");
}

#endif
