/* fuzz_movetext: move text, both ways (carc_move_parse, carc_move_format).
 *
 * Byte 0 picks the variant (low five bits index the built-in registry) and
 * players above its minimum (bits 5-7); byte 1 is how many random moves to
 * play first (bytes 2-3 seed the game and the moves), so the text meets
 * positions with figures on the board, actions open and tiles placed this
 * turn. The rest is, at once, text for carc_move_parse and (its first 16
 * bytes) a carc_move for carc_move_format. Checked:
 *
 * - a parse answers a documented status and, failing, leaves the move
 *   untouched; a parsed move is written again (it names only what exists),
 *   and that text reads back as the same move and is written the same;
 *   the same text with blanks around its words reads the same;
 * - a parsed move the game accepts was a listed one (on a scratch copy);
 * - a raw move is written, or refused with CARC_E_INVALID with nothing
 *   written; what is written reads back as the same move (up to the
 *   members its kind or action leaves unused), into buffers of every size
 *   it is cut at the right length;
 * - every listed move of the position reads back exactly. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne_variant.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TEXT_MAX 600

/* The action a code names in the variant, or NULL (written as six numbers). */
static int action_args(const carc_variant *v, unsigned code, unsigned *args)
{
    for (int i = 0;; i++) {
        unsigned c = 0, a = 0;
        if (carc_variant_action(v, i, &c, NULL, &a, NULL)) return 0;
        if (c == code) {
            *args = a;
            return 1;
        }
    }
}

/* Whether b says what a says: the members a's kind uses, and for an action
 * those its declared arguments carry (an unnamed one: all six numbers). */
static int same_said(const carc_variant *v, const carc_move *a, const carc_move *b)
{
    if (a->kind != b->kind) return 0;
    switch (a->kind) {
    case CARC_MOVE_TILE:
        return a->tile == b->tile && a->x == b->x && a->y == b->y && a->rotation == b->rotation;
    case CARC_MOVE_FIGURE:
        return a->figure == b->figure && a->feature == b->feature && a->x == b->x && a->y == b->y;
    case CARC_MOVE_PASS:
        return 1;
    default: {
        unsigned args = 0;
        if (a->action != b->action) return 0;
        if (!action_args(v, a->action, &args))
            return a->target == b->target && a->x == b->x && a->y == b->y && a->figure == b->figure &&
                   a->feature == b->feature;
        return (!(args & CARC_ARG_TARGET) || a->target == b->target) &&
               (!(args & CARC_ARG_SQUARE) || (a->x == b->x && a->y == b->y)) &&
               (!(args & CARC_ARG_FEATURE) || a->feature == b->feature);
    }
    }
}

static void die(inv_ctx *c, carc_game *g, const char *where)
{
    size_t len = 0;
    if (!c->text && !inv_save(c, g, 0, &len)) c->text = c->save[0];
    fuzz_die(c, where);
}

/* Writes m; then the text must read back as m and be written the same. */
static void format_round_trip(inv_ctx *c, carc_game *g, const carc_move *m, int must_write)
{
    char text[TEXT_MAX], again[TEXT_MAX];
    memset(text, 0x5a, sizeof text);
    size_t len = 12345, len2 = 0;
    int r = carc_move_format(g, m, text, sizeof text, &len);
    if (r == CARC_E_INVALID && !must_write) {
        for (size_t i = 0; i < sizeof text; i++)
            if (text[i] != 0x5a) {
                inv_fail(c, "a refused move wrote byte %zu", i);
                die(c, g, "format");
            }
        if (len != 12345) {
            inv_fail(c, "a refused move wrote its length");
            die(c, g, "format");
        }
        return;
    }
    if (r != CARC_OK || len != strlen(text)) {
        inv_fail(c, "format of a move (kind %d): %s, length %zu", m->kind, carc_strerror(r), len);
        die(c, g, "format");
    }
    carc_move back;
    memset(&back, 0xa5, sizeof back);
    r = carc_move_parse(g, text, len, &back);
    if (r != CARC_OK || !same_said(c->v, m, &back)) {
        inv_fail(c, "\"%s\" reads back as %s", text, r ? carc_strerror(r) : "another move");
        die(c, g, "format");
    }
    if (carc_move_format(g, &back, again, sizeof again, &len2) || len2 != len || memcmp(again, text, len + 1)) {
        inv_fail(c, "\"%s\" read back is written \"%s\"", text, again);
        die(c, g, "format");
    }
    /* cut short: the length, nothing past the buffer, a NUL only with room */
    for (size_t cap = 0; cap <= len + 1; cap += 1 + (len > 40) * 7) {
        char small[TEXT_MAX];
        memset(small, 0x5a, sizeof small);
        size_t l = 0;
        r = carc_move_format(g, m, small, cap, &l);
        int want = cap > len ? CARC_OK : CARC_E_BUFFER;
        int past = 0;
        for (size_t i = cap; i < sizeof small; i++) past |= small[i] != 0x5a;
        if (r != want || l != len || past || (r == CARC_OK && memcmp(small, text, len + 1))) {
            inv_fail(c, "\"%s\" into %zu bytes: %s, length %zu", text, cap, carc_strerror(r), l);
            die(c, g, "format");
        }
    }
}

/* Text of the input read as a move. */
static void parse_text(inv_ctx *c, carc_game *g, const char *text, size_t len)
{
    carc_move m, untouched;
    memset(&m, 0xa5, sizeof m);
    untouched = m;
    int r = carc_move_parse(g, text, len, &m);
    if (r != CARC_OK) {
        if (r != CARC_E_PARSE && r != CARC_E_NOT_FOUND && r != CARC_E_PHASE) {
            inv_fail(c, "carc_move_parse answered %s", carc_strerror(r));
            die(c, g, "parse");
        }
        if (memcmp(&m, &untouched, sizeof m)) {
            inv_fail(c, "carc_move_parse failed (%s) but wrote the move", carc_strerror(r));
            die(c, g, "parse");
        }
        return;
    }
    format_round_trip(c, g, &m, 1);
    /* the same words with other blanks around them */
    char said[TEXT_MAX], spaced[2 * TEXT_MAX + 4];
    size_t l = 0, k = 0;
    carc_move_format(g, &m, said, sizeof said, &l);
    spaced[k++] = '\t';
    for (size_t i = 0; i < l; i++) {
        spaced[k++] = said[i];
        if (said[i] == ' ') spaced[k++] = '\t';
    }
    spaced[k++] = ' ';
    spaced[k++] = '\r';
    spaced[k++] = '\n';
    carc_move back;
    if (carc_move_parse(g, spaced, k, &back) || !same_said(c->v, &m, &back)) {
        inv_fail(c, "\"%s\" with other blanks reads differently", said);
        die(c, g, "parse");
    }
    /* played on a scratch copy: accepted only if listed */
    carc_game *s = NULL;
    if (carc_game_clone(g, &s)) abort();
    size_t n = 0;
    if (inv_list(c, s, &n)) die(c, s, "listing");
    if (carc_game_apply(s, &m) == CARC_OK) {
        int li = -1;
        carc_placed_tile t = {.rotation = -1};
        if (m.kind == CARC_MOVE_TILE && (carc_game_last_tile(s, &li) || carc_game_tile(s, li, &t))) abort();
        if (inv_accepted_was_listed(c, c->moves, n, &m, t.rotation)) die(c, g, "parse");
    }
    carc_game_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static inv_ctx c;
    static carc_move listed[INV_MAX_MOVES];
    int count = 0;
    carc_registry_count(NULL, &count);
    if (size < 4 || count < 1) return 0;
    const carc_variant *v;
    carc_registry_at(NULL, (int)((data[0] & 0x1f) % (unsigned)count), &v);
    carc_variant_info info = {.struct_size = sizeof info};
    if (inv_describe(v, &info)) abort();
    int span = info.max_players - info.min_players + 1;
    uint64_t rng = (uint64_t)data[2] | (uint64_t)data[3] << 8;
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = info.min_players + (data[0] >> 5) % span,
                           .seed = rng};
    carc_game *g = NULL;
    if (carc_game_new(&o, &g)) abort();
    if (inv_init(&c, g)) fuzz_die(&c, "init");
    for (int k = 0; k < data[1]; k++) {
        size_t n = 0;
        if (carc_game_moves(g, listed, INV_MAX_MOVES, &n) || n == 0) break;
        if (carc_game_apply(g, &listed[fuzz_rand(&rng) % n])) abort();
    }
    carc_game_state(g, NULL, NULL);

    const uint8_t *rest = data + 4;
    size_t nrest = size - 4;
    parse_text(&c, g, (const char *)rest, nrest);
    if (nrest >= sizeof(carc_move)) {
        carc_move raw;
        memcpy(&raw, rest, sizeof raw);
        format_round_trip(&c, g, &raw, 0);
    }
    /* every listed move of the position, exactly */
    size_t n = 0;
    if (carc_game_moves(g, listed, INV_MAX_MOVES, &n) == CARC_OK)
        for (size_t i = 0; i < n; i += 1 + n / 64) {
            char text[TEXT_MAX];
            size_t len = 0;
            carc_move back;
            memset(&back, 0xa5, sizeof back);
            if (carc_move_format(g, &listed[i], text, sizeof text, &len) ||
                carc_move_parse(g, text, len, &back) || memcmp(&back, &listed[i], sizeof back)) {
                inv_fail(&c, "listed move %zu (\"%s\") does not read back exactly", i, text);
                die(&c, g, "listed");
            }
        }
    carc_game_free(g);
    return 0;
}
