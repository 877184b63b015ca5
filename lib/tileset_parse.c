/* The tile-set text (docs/tile-format.md) read into tile types: one
 * function per kind of line and per kind of key, found by table. The
 * tables derived from the types (rotations, fit table) are tileset.c's. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "json.h"
#include "text.h"

/* Longest id kept per feature reference of borders= and link=. */
#define REF_MAX 12
/* How much of an offending word a message quotes. */
#define QUOTE 24
#define Q(w) (int)((w).n > QUOTE ? QUOTE : (w).n), (w).s

typedef struct parser {
    const carc_variant *v;
    carc_tileset *ts;
    char *err;
    size_t cap;
    int line;
    tile_type *cur;   /* the tile whose lines are being read */
    char letters[16]; /* letter of each nibble code 1..15 */
    int nletters;
    /* ids named by borders=/link= in the current tile, resolved at its end */
    char refs[MAX_FEATS][2][MAX_FEATS][REF_MAX];
    int nrefs[MAX_FEATS][2];
} parser;

/* A fault of the set: its status, and its reason (with the line, if one)
 * in the caller's buffer. The shorthands below give the status by kind. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail_as(parser *ps, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_verror(ps->err, ps->cap, ps->line, fmt, ap);
    va_end(ap);
    return status;
}

/* the text breaks the format */
#define fail(ps, ...) fail_as(ps, CARC_E_PARSE, __VA_ARGS__)
/* a capacity of the library is exceeded: not a fault of the text */
#define limit(ps, ...) fail_as(ps, CARC_E_LIMIT, __VA_ARGS__)
/* the variant refuses the set: a fault of neither the text nor the library */
#define refuse(ps, ...) fail_as(ps, CARC_E_INVALID, __VA_ARGS__)

/* Names are printable: a control byte would break the one-line records of
 * a saved game, which must load back whatever the parser accepted. */
static int copy_word(char *dst, size_t cap, text_span w)
{
    if (!text_name_ok(w.s, w.n, cap - 1, 0)) return -1;
    memcpy(dst, w.s, w.n);
    dst[w.n] = 0;
    return 0;
}

/* A count of something (copies, an attribute value): a whole number from
 * 0 to max. A number above max is a capacity (CARC_E_LIMIT), however many
 * digits it has; anything else is malformed. */
static int read_count(parser *ps, text_span w, int max, const char *what, int *out)
{
    long long v;
    int r = text_number(w, 0, max, &v);
    if (r == TEXT_NUMBER) {
        *out = (int)v;
        return 0;
    }
    if (r == TEXT_OUT_OF_RANGE && w.s[0] != '-') return limit(ps, "%s %.*s is above %d", what, Q(w), max);
    return fail(ps, "%s: '%.*s' is not a whole number from 0 to %d", what, Q(w), max);
}

static int letter_code(parser *ps, char c)
{
    for (int i = 1; i <= ps->nletters; i++)
        if (ps->letters[i] == c) return i;
    if (ps->nletters == 15) return -1;
    ps->letters[++ps->nletters] = c;
    return ps->nletters;
}

/* The index of attribute `name`, added if new: -1 when there is no room,
 * -2 - i when it would read as attribute i does in a JSON document (where
 * the names are keys: json_same_text) without being it, which the set
 * cannot tell apart. The names kept all read apart, so at most one reads
 * as `name`. */
static int attr_index(carc_tileset *ts, const char *name)
{
    for (int i = 0; i < ts->nattrs; i++)
        if (json_same_text(ts->attr_names[i], name)) return strcmp(ts->attr_names[i], name) ? -2 - i : i;
    if (ts->nattrs == MAX_ATTRS) return -1;
    strcpy(ts->attr_names[ts->nattrs], name); /* callers keep names short enough */
    return ts->nattrs++;
}

static int deck_index(carc_tileset *ts, const char *name)
{
    for (int i = 0; i < ts->ndecks; i++)
        if (strcmp(ts->deck_names[i], name) == 0) return i;
    if (ts->ndecks == MAX_DECKS) return -1;
    strcpy(ts->deck_names[ts->ndecks], name); /* callers keep names short enough */
    return ts->ndecks++;
}

/* ---- feature lines: one reader per key --------------------------------- */

/* What a feature line's keys write to. */
typedef struct feature_ctx {
    tile_feat *f;
    int index; /* the feature's index in its tile */
} feature_ctx;

static int key_slots(parser *ps, feature_ctx *fc, text_span value)
{
    if (text_is(value, "none")) return 0;
    text_span item;
    while (text_item(&value, &item)) {
        long long s;
        if (text_number(item, 0, 11, &s) != TEXT_NUMBER)
            return fail(ps, "bad slot list: '%.*s' is not a slot from 0 to 11", Q(item));
        fc->f->slots |= (uint16_t)(1u << s);
    }
    return 0;
}

static int key_id(parser *ps, feature_ctx *fc, text_span value)
{
    if (copy_word(fc->f->id, sizeof fc->f->id, value)) return fail(ps, "bad feature id '%.*s'", Q(value));
    return 0;
}

/* borders= (which 0) and link= (which 1): ids of the same tile, resolved
 * once the tile's every feature is read. */
static int read_refs(parser *ps, feature_ctx *fc, text_span value, int which)
{
    if (text_is(value, "none")) return 0;
    text_span item;
    while (text_item(&value, &item)) {
        int *n = &ps->nrefs[fc->index][which];
        if (*n == MAX_FEATS || copy_word(ps->refs[fc->index][which][*n], REF_MAX, item))
            return fail(ps, "bad feature id list '%.*s'", Q(item));
        (*n)++;
    }
    return 0;
}

static int key_borders(parser *ps, feature_ctx *fc, text_span value) { return read_refs(ps, fc, value, 0); }
static int key_link(parser *ps, feature_ctx *fc, text_span value) { return read_refs(ps, fc, value, 1); }

static int set_attr(parser *ps, tile_feat *f, const char *name, int value)
{
    int a = attr_index(ps->ts, name);
    if (a < -1)
        return fail(ps, "attribute name %s reads as %s does once its bytes that are not UTF-8 are shown as U+FFFD; "
                        "name them apart", name, ps->ts->attr_names[-2 - a]);
    if (a < 0) return limit(ps, "too many attribute names (at most %d)", MAX_ATTRS);
    f->attr[a] = (uint8_t)value;
    return 0;
}

/* A word of an attribute's value: a letter, then letters, digits, '_' or '-'. */
static int word_ok(text_span w)
{
    if (w.n == 0 || !((w.s[0] >= 'a' && w.s[0] <= 'z') || (w.s[0] >= 'A' && w.s[0] <= 'Z'))) return 0;
    for (size_t i = 1; i < w.n; i++) {
        char c = w.s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

/* One item of a word list, WORD or WORD:N: sets KEY.WORD to N (1 if absent). */
static int word_item(parser *ps, tile_feat *f, const char *key, text_span item)
{
    const char *colon = memchr(item.s, ':', item.n);
    text_span word = {item.s, colon ? (size_t)(colon - item.s) : item.n};
    int count = 1;
    if (!word_ok(word)) return fail(ps, "%s: '%.*s' is neither a whole number nor a word", key, Q(item));
    if (colon) {
        text_span n = {colon + 1, item.n - word.n - 1};
        int r = read_count(ps, n, 255, key, &count);
        if (r) return r;
    }
    char name[sizeof ps->ts->attr_names[0]];
    size_t kn = strlen(key);
    if (kn + 1 + word.n >= sizeof name)
        return fail(ps, "attribute name %s.%.*s is longer than %d bytes", key, Q(word), (int)sizeof name - 1);
    memcpy(name, key, kn);
    name[kn] = '.';
    memcpy(name + kn + 1, word.s, word.n);
    name[kn + 1 + word.n] = 0;
    return set_attr(ps, f, name, count);
}

/* Any other key: a whole number 0 to 255 sets KEY; a value that starts
 * like a number but is none (`-1`, `2x`) is refused; else a list of
 * WORD[:N] items sets each KEY.WORD. */
static int key_attribute(parser *ps, feature_ctx *fc, text_span k, text_span value)
{
    char key[sizeof ps->ts->attr_names[0]];
    if (copy_word(key, sizeof key, k)) return fail(ps, "bad attribute name '%.*s'", Q(k));
    char c0 = value.s[0];
    if ((c0 >= '0' && c0 <= '9') || c0 == '-' || c0 == '+') {
        int num = 0, r = read_count(ps, value, 255, key, &num);
        return r ? r : set_attr(ps, fc->f, key, num);
    }
    text_span item;
    while (text_item(&value, &item)) {
        int r = word_item(ps, fc->f, key, item);
        if (r) return r;
    }
    return 0;
}

typedef int (*key_reader)(parser *ps, feature_ctx *fc, text_span value);
static const struct {
    const char *key;
    key_reader read;
} feature_keys[] = {
    {"slots", key_slots}, {"id", key_id}, {"borders", key_borders}, {"link", key_link},
};

static int feature_key(parser *ps, feature_ctx *fc, text_span word)
{
    const char *eq = memchr(word.s, '=', word.n);
    if (!eq || eq == word.s || eq == word.s + word.n - 1) return fail(ps, "expected key=value, not '%.*s'", Q(word));
    text_span key = {word.s, (size_t)(eq - word.s)}, value = {eq + 1, word.n - key.n - 1};
    for (size_t i = 0; i < sizeof feature_keys / sizeof feature_keys[0]; i++)
        if (text_is(key, feature_keys[i].key)) return feature_keys[i].read(ps, fc, value);
    return key_attribute(ps, fc, key, value);
}

static int kind_of(const carc_variant *v, text_span name)
{
    for (int k = 0; k < v->kind_count; k++)
        if (text_is(name, v->kinds[k].name)) return k;
    return -1;
}

/* ---- the end of a tile: ids and relations checked --------------------- */

static int find_local(const tile_type *t, const char *id)
{
    for (int i = 0; i < t->nfeat; i++)
        if (strcmp(t->feat[i].id, id) == 0) return i;
    return -1;
}

/* The borders= and link= ids of feature i, made into masks both ways. */
static int resolve_refs(parser *ps, tile_type *t, int i)
{
    for (int w = 0; w < 2; w++)
        for (int r = 0; r < ps->nrefs[i][w]; r++) {
            int j = find_local(t, ps->refs[i][w][r]);
            if (j < 0 || j == i) return fail(ps, "tile %s: unknown id %s", t->name, ps->refs[i][w][r]);
            uint16_t *mine = w ? &t->feat[i].links : &t->feat[i].borders;
            uint16_t *theirs = w ? &t->feat[j].links : &t->feat[j].borders;
            *mine |= (uint16_t)(1u << j);
            *theirs |= (uint16_t)(1u << i);
        }
    return 0;
}

static int finish_tile(parser *ps)
{
    tile_type *t = ps->cur;
    if (!t) return 0;
    ps->cur = NULL;
    for (int s = 0; s < 12; s++)
        if (!t->edges[s]) return fail(ps, "tile %s has no edges line", t->name);
    uint16_t seen = 0;
    for (int i = 0; i < t->nfeat; i++) {
        const tile_feat *f = &t->feat[i];
        if (!f->id[0]) return fail(ps, "tile %s: feature %d has no id", t->name, i + 1);
        if (find_local(t, f->id) != i) return fail(ps, "tile %s: duplicate id %s", t->name, f->id);
        if (seen & f->slots) return fail(ps, "tile %s: slot used by two features", t->name);
        seen |= f->slots;
        int r = resolve_refs(ps, t, i);
        if (r) return r;
    }
    memset(ps->nrefs, 0, sizeof ps->nrefs);
    tile_type_derive(ps->v, t);
    return 0;
}

/* ---- tile lines: one reader per option --------------------------------- */

/* What a tile line's options write to. */
typedef struct tile_ctx {
    tile_type *t;
    char deck[sizeof((carc_tileset *)0)->deck_names[0]]; /* the last deck= of the line, "" if none */
} tile_ctx;

static int opt_start(parser *ps, tile_ctx *tc, text_span value)
{
    (void)value;
    if (ps->ts->start_type >= 0) return fail(ps, "two start tiles");
    tc->t->start = 1;
    ps->ts->start_type = (int)(tc->t - ps->ts->types);
    return 0;
}

static int opt_count(parser *ps, tile_ctx *tc, text_span value)
{
    int n = 0, r = read_count(ps, value, MAX_TILES, "count", &n);
    if (!r) tc->t->count = (uint16_t)n;
    return r;
}

static int opt_deck(parser *ps, tile_ctx *tc, text_span value)
{
    if (copy_word(tc->deck, sizeof tc->deck, value)) return fail(ps, "bad deck name '%.*s'", Q(value));
    return 0;
}

typedef int (*opt_reader)(parser *ps, tile_ctx *tc, text_span value);
static const struct {
    const char *key;
    int has_value; /* KEY=VALUE, or the bare word KEY */
    opt_reader read;
} tile_opts[] = {
    {"start", 0, opt_start}, {"count", 1, opt_count}, {"deck", 1, opt_deck},
};

static int tile_option(parser *ps, tile_ctx *tc, text_span word)
{
    const char *eq = memchr(word.s, '=', word.n);
    text_span key = {word.s, eq ? (size_t)(eq - word.s) : word.n};
    text_span value = {eq ? eq + 1 : word.s + word.n, eq ? word.n - key.n - 1 : 0};
    for (size_t i = 0; i < sizeof tile_opts / sizeof tile_opts[0]; i++)
        if (text_is(key, tile_opts[i].key) && tile_opts[i].has_value == (eq != NULL))
            return tile_opts[i].read(ps, tc, value);
    return fail(ps, "unknown tile attribute '%.*s' (want start, count=N or deck=NAME)", Q(word));
}

/* ---- the four kinds of line --------------------------------------------- */

static int line_tileset(parser *ps, text_span rest)
{
    text_span name, more;
    if (!text_word(&rest, &name) || copy_word(ps->ts->name, sizeof ps->ts->name, name) || text_word(&rest, &more))
        return fail(ps, "bad tileset name (want one word of at most %d bytes)", (int)sizeof ps->ts->name - 1);
    return 0;
}

static int line_tile(parser *ps, text_span rest)
{
    int r = finish_tile(ps);
    if (r) return r;
    carc_tileset *ts = ps->ts;
    if (ts->ntypes == MAX_TYPES) return limit(ps, "too many tile types (at most %d)", MAX_TYPES);
    tile_ctx tc = {.t = &ts->types[ts->ntypes++]};
    memset(tc.t, 0, sizeof *tc.t);
    tc.t->count = 1;
    ps->cur = tc.t;
    text_span w;
    if (!text_word(&rest, &w) || copy_word(tc.t->name, sizeof tc.t->name, w)) return fail(ps, "bad tile id");
    for (int i = 0; i < ts->ntypes - 1; i++)
        if (strcmp(ts->types[i].name, tc.t->name) == 0) return fail(ps, "duplicate tile id %s", tc.t->name);
    while (text_word(&rest, &w))
        if ((r = tile_option(ps, &tc, w)) != 0) return r;
    /* a stack is made when a tile goes into it: a deck= that a later one on
     * the same line overrides leaves no empty stack behind */
    if (tc.deck[0]) {
        int d = deck_index(ts, tc.deck);
        if (d < 0) return limit(ps, "too many decks (at most %d)", MAX_DECKS);
        tc.t->deck = (uint8_t)d;
    }
    return 0;
}

static int line_edges(parser *ps, text_span rest)
{
    tile_type *t = ps->cur;
    if (!t) return fail(ps, "edges outside a tile");
    int k = 0;
    text_span w;
    while (text_word(&rest, &w))
        for (size_t i = 0; i < w.n; i++) {
            char c = w.s[i];
            if (k == 12 || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                return fail(ps, "edges need 12 letters");
            int code = letter_code(ps, c);
            if (code < 0) return limit(ps, "more than 15 edge letters");
            t->edges[k++] = (char)code;
        }
    if (k != 12) return fail(ps, "edges need 12 letters");
    return 0;
}

static int line_feature(parser *ps, text_span rest)
{
    tile_type *t = ps->cur;
    if (!t) return fail(ps, "feature outside a tile");
    if (t->nfeat == MAX_FEATS) return limit(ps, "too many features (at most %d)", MAX_FEATS);
    feature_ctx fc = {.f = &t->feat[t->nfeat], .index = t->nfeat};
    t->nfeat++;
    text_span w;
    if (!text_word(&rest, &w)) return fail(ps, "feature needs a kind");
    int k = kind_of(ps->v, w);
    if (k < 0) return fail(ps, "unknown feature kind '%.*s'", Q(w));
    fc.f->kind = (uint8_t)k;
    while (text_word(&rest, &w)) {
        int r = feature_key(ps, &fc, w);
        if (r) return r;
    }
    return 0;
}

typedef int (*line_reader)(parser *ps, text_span rest);
static const struct {
    const char *word;
    line_reader read;
} line_kinds[] = {
    {"tileset", line_tileset}, {"tile", line_tile}, {"edges", line_edges}, {"feature", line_feature},
};

static int read_line(parser *ps, text_span line)
{
    text_span w;
    if (!text_word(&line, &w)) return 0; /* blank or comment only */
    for (size_t i = 0; i < sizeof line_kinds / sizeof line_kinds[0]; i++)
        if (text_is(w, line_kinds[i].word)) return line_kinds[i].read(ps, line);
    return fail(ps, "unknown line '%.*s' (want tileset, tile, edges or feature)", Q(w));
}

/* What the whole set needs once every line is read. */
static int finish_set(parser *ps)
{
    carc_tileset *ts = ps->ts;
    ps->line = 0;
    if (ts->ntypes == 0) return fail(ps, "no tiles");
    if (ts->start_type < 0) return fail(ps, "no start tile");
    if (ts->types[ts->start_type].count < 1) return fail(ps, "the start tile needs count=1 or more");
    int feats = 0;
    for (int i = 0; i < ts->ntypes; i++) {
        ts->total += ts->types[i].count;
        feats += ts->types[i].count * ts->types[i].nfeat;
    }
    if (ts->total > MAX_TILES) return limit(ps, "too many tiles (at most %d)", MAX_TILES);
    /* so the pieces of every set that has room for its tiles fit too */
    _Static_assert(MAX_PIECES >= MAX_TILES * MAX_FEATS, "the features of the most tiles fit the pieces");
    ts->max_pieces = feats;
    tileset_derive(ts, ps->letters);
    return CARC_OK;
}

/* The variant's word on the finished set (carc_variant.tileset_check): its
 * reason, if it refuses, is the message. CARC_E_LIMIT stays a limit: the set
 * is beyond a capacity of the ruleset (Hunters & Gatherers' 8 pit traps), as
 * it would be beyond one of the core's; any other value is CARC_E_INVALID. */
static int variant_check_set(parser *ps)
{
    const carc_variant *v = ps->v;
    if (!VARIANT_HAS(v, tileset_check) || !v->tileset_check) return CARC_OK;
    char why[128] = "";
    int r = v->tileset_check(ps->ts, why, sizeof why);
    if (r == CARC_OK) return CARC_OK;
    why[sizeof why - 1] = 0;
    for (char *c = why; *c; c++)
        if ((unsigned char)*c < 0x20) *c = ' '; /* the message is one line */
    if (!why[0]) snprintf(why, sizeof why, "its tileset_check returned %d: %s", r, carc_strerror(r));
    if (r == CARC_E_LIMIT) return limit(ps, "the set is beyond a limit of the ruleset: %s", why);
    return refuse(ps, "the ruleset refused the set: %s", why);
}

/* The variant's facts about the finished set (carc_variant.tileset_setup),
 * into the set's zeroed vdata; a variant that refuses the set refuses the
 * parse, CARC_E_LIMIT as a limit and any other value as CARC_E_INVALID, a
 * fault of the variant rather than of the text. */
static int variant_facts(parser *ps)
{
    const carc_variant *v = ps->v;
    if (!VARIANT_HAS(v, tileset_setup)) return CARC_OK;
    ps->line = 0; /* the whole set, not its last line */
    if (v->tileset_data_size > CARC_VARIANT_TILESET_DATA_MAX)
        return refuse(ps, "the variant's tileset_data_size %zu is above %d", v->tileset_data_size,
                      CARC_VARIANT_TILESET_DATA_MAX);
    int r = variant_check_set(ps);
    if (r || !v->tileset_setup) return r;
    r = v->tileset_setup(ps->ts, ps->ts->vdata);
    if (r == CARC_E_LIMIT)
        return limit(ps, "the set is beyond a limit of the ruleset (its tileset_setup returned %d: %s)", r,
                     carc_strerror(r));
    if (r != CARC_OK)
        return refuse(ps, "the variant's tileset_setup refused the set (it returned %d: %s)", r, carc_strerror(r));
    return CARC_OK;
}

int tileset_parse(const carc_variant *v, const char *text, size_t len, carc_tileset *ts, char *err, size_t cap)
{
    parser ps;
    memset(&ps, 0, sizeof ps);
    memset(ts, 0, sizeof *ts);
    ps.v = v;
    ps.ts = ts;
    ps.err = err;
    ps.cap = cap;
    if (err && cap) err[0] = 0;
    ts->variant = v;
    ts->start_type = -1;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)text[i]) * 1099511628211ull;
    ts->fingerprint = h;
    deck_index(ts, "main");
    text_reader rd;
    text_start(&rd, text, len, '#');
    text_span line;
    int got;
    while ((got = text_line(&rd, &line)) != 0) {
        ps.line = rd.line;
        if (got < 0) return fail(&ps, "NUL byte");
        int r = read_line(&ps, line);
        if (r) return r;
    }
    int r = finish_tile(&ps);
    if (!r) r = finish_set(&ps);
    return r ? r : variant_facts(&ps);
}
