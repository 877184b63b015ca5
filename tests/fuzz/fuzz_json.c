/* fuzz_json: the state documents of games played by the input.
 *
 * Header: variant (index into the built-in registry), players, seed, a mask
 * of ruleset options to set, each followed by its value byte. Then one byte
 * per operation and its arguments (JOP_ below), at most 12 operations (a
 * run of moves reaches the end of a game in a few). After every operation the game's document is asked for and:
 *  (a) it parses as strict JSON and validates against docs/state.schema.json
 *      (tests/json's validator, which knows every keyword the schema uses);
 *  (b) it agrees with the queries: phase, who decides, the number of legal
 *      moves, seats, tiles and log entries (read on a copy with its draw made);
 *  (c) asking changed nothing: the save text is the same before and after,
 *      a second document has the same bytes, and the document of a copy
 *      whose pending draw was made is the same document;
 *  (d) a buffer of a size chosen by the input gets the first cap-1 bytes
 *      and a NUL, and CARC_E_BUFFER with the full length. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#include "json_schema.h"
#include "json_tree.h"
#include "state_schema.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum jop {
    JOP_LISTED,    /* a listed move (2-byte index) */
    JOP_RUN,       /* a run of 1..64 listed moves (byte) */
    JOP_NEXT_TILE, /* carc_game_set_next_tile (signed byte: a type, or out of range) */
    JOP_RESEED,    /* carc_game_reseed (4 bytes) */
    JOP_DRAW,      /* carc_game_state: the pending draw made */
    JOP_SMALL,     /* the document into a buffer of the size the next 2 bytes say */
    JOP_COUNT
};

#define MOVE_CAP 5000

typedef struct reader {
    const uint8_t *d;
    size_t n, i;
} reader;

static unsigned u8(reader *r) { return r->i < r->n ? r->d[r->i++] : 0; }
static unsigned u16(reader *r) { return u8(r) | u8(r) << 8; }

static carc_move moves[MOVE_CAP];
static jt_doc schema;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "\n*** invariant violated (fuzz_json): %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    fflush(stderr);
    abort();
}

static char *text_of(int (*fn)(const carc_game *, char *, size_t, size_t *), const carc_game *g, size_t *len)
{
    size_t n = 0;
    if (fn(g, NULL, 0, &n) != CARC_E_BUFFER) die("the size query did not answer CARC_E_BUFFER", NULL);
    char *t = malloc(n + 1);
    if (!t) abort();
    int r = fn(g, t, n + 1, len);
    if (r != CARC_OK || *len != n) die("a buffer of the size asked for was refused", carc_strerror(r));
    return t;
}

/* (b): the document agrees with the queries of a copy whose draw is made. */
static void agrees(const jt_node *d, carc_game *chk)
{
    static const char *const phases[] = {"tile", "figure", "action", "over"};
    carc_phase phase;
    int who = -1, players = 0, tiles = 0, nlog = 0;
    size_t n = 0;
    carc_game_state(chk, &phase, &who);
    carc_game_players(chk, &players);
    carc_game_tile_count(chk, &tiles);
    carc_game_log_count(chk, &nlog);
    int r = carc_game_moves(chk, moves, MOVE_CAP, &n);
    const jt_node *p = jt_get(d, "phase");
    if (!p || strcmp(p->string, phases[phase])) die("phase differs from carc_game_state", p ? p->string : NULL);
    if (jt_int(d, "to_decide", -1) != (phase == CARC_PHASE_OVER ? -1 : who)) die("to_decide differs", NULL);
    if ((r == CARC_OK || r == CARC_E_GAME_OVER) && jt_get(d, "moves")->length != n) die("moves differ in number", NULL);
    if (jt_get(d, "seats")->length != (size_t)players) die("seats differ from the players", NULL);
    if (jt_get(d, "board")->length != (size_t)tiles) die("board differs from the tile count", NULL);
    if (jt_get(d, "log")->length != (size_t)nlog) die("log differs from the log count", NULL);
}

static void check(carc_game *g, carc_game *chk, size_t small)
{
    size_t la = 0, lb = 0, lc = 0, ld = 0, ls = 0;
    char *save_before = text_of(carc_game_save, g, &la);
    char *doc = text_of(carc_game_state_json, g, &lb);
    char *again = text_of(carc_game_state_json, g, &lc);
    char *save_after = text_of(carc_game_save, g, &ls);
    if (la != ls || memcmp(save_before, save_after, la)) die("asking for the document changed the saved game", NULL);
    if (lb != lc || memcmp(doc, again, lb)) die("two documents of one position differ", NULL);
    jt_doc d;
    char err[600];
    if (jt_parse(&d, doc, lb)) die("the document is not JSON", d.error);
    if (js_validate(&schema, d.root, err, sizeof err)) die("the document does not validate", err);
    if (carc_game_copy(chk, g)) die("copy", NULL);
    carc_game_state(chk, NULL, NULL);
    char *resolved = text_of(carc_game_state_json, chk, &ld);
    if (ld != lb || memcmp(doc, resolved, lb)) die("the document of the game with its draw made differs", NULL);
    agrees(d.root, chk);
    if (small > 0 && small <= lb) {
        char *part = malloc(small + 1);
        size_t n = 0;
        if (!part) abort();
        part[small] = 0x5a;
        if (carc_game_state_json(g, part, small, &n) != CARC_E_BUFFER || n != lb) die("short buffer: status or length", NULL);
        if (strlen(part) != small - 1 || memcmp(part, doc, small - 1) || part[small] != 0x5a)
            die("short buffer: not the first cap-1 bytes and a NUL", NULL);
        free(part);
    }
    jt_free(&d);
    free(save_before);
    free(save_after);
    free(doc);
    free(again);
    free(resolved);
}

static int play(carc_game *g, unsigned idx)
{
    size_t n = 0;
    if (carc_game_moves(g, moves, MOVE_CAP, &n) != CARC_OK || n == 0) return 0;
    int r = carc_game_apply(g, &moves[idx % n]);
    if (r) die("a listed move was refused", carc_strerror(r));
    return 1;
}

static carc_game *new_game(reader *in)
{
    int count = 0;
    carc_registry_count(NULL, &count);
    if (count < 1) return NULL;
    const carc_variant *v;
    carc_registry_at(NULL, (int)(u8(in) % (unsigned)count), &v);
    carc_variant_info info = {.struct_size = sizeof info};
    if (carc_variant_describe(v, &info)) die("describe", NULL);
    carc_game_options o = {.struct_size = sizeof o, .variant = v};
    o.players = info.min_players + (int)(u8(in) % (unsigned)(info.max_players - info.min_players + 1));
    o.seed = u16(in) | (uint64_t)u16(in) << 16;
    carc_option rules[8];
    unsigned mask = u8(in);
    for (int i = 0; i < info.option_count && i < 8; i++) {
        if (!(mask >> i & 1)) continue;
        int lo, hi;
        carc_variant_option(v, i, &rules[o.rule_count].name, NULL, &lo, &hi, NULL);
        rules[o.rule_count++].value = lo + (int)(u8(in) % (unsigned)(hi - lo + 1));
    }
    o.rules = rules;
    carc_game *g = NULL;
    int r = carc_game_new(&o, &g);
    if (r) die("carc_game_new", carc_strerror(r));
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!schema.root && jt_parse(&schema, carc_state_schema, sizeof carc_state_schema - 1))
        die("the schema does not parse", schema.error);
    reader in = {data, size, 0};
    if (size < 6) return 0;
    carc_game *g = new_game(&in), *chk = NULL;
    if (!g) return 0;
    if (carc_game_clone(g, &chk)) abort();
    check(g, chk, 0);
    int ntypes = 0;
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &ntypes);
    for (int ops = 0; in.i < in.n && ops < 12; ops++) {
        size_t small = 0;
        switch (u8(&in) % JOP_COUNT) {
        case JOP_LISTED: play(g, u16(&in)); break;
        case JOP_RUN: {
            int steps = 1 + (int)(u8(&in) % 64);
            for (int s = 0; s < steps && play(g, (unsigned)(s * 7919 + u8(&in))); s++) continue;
            break;
        }
        case JOP_NEXT_TILE: carc_game_set_next_tile(g, (int)(int8_t)u8(&in) % (ntypes + 2)); break;
        case JOP_RESEED: carc_game_reseed(g, u16(&in) | (uint64_t)u16(&in) << 16); break;
        case JOP_DRAW: carc_game_state(g, NULL, NULL); break;
        default: small = 1 + u16(&in); break;
        }
        check(g, chk, small);
    }
    carc_game_free(chk);
    carc_game_free(g);
    return 0;
}
