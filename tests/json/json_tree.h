/* A strict JSON reader for the tests and the fuzzer: parses a document
 * (RFC 8259: no trailing commas, no comments, strings of valid UTF-8 with
 * no raw control bytes, numbers in JSON's grammar) into a tree of nodes in
 * one arena. Header-only; the tree lives until jt_free.
 *
 *   jt_doc d;
 *   if (jt_parse(&d, text, len)) fail(d.error);
 *   const jt_node *v = jt_get(d.root, "version");
 */
#ifndef CARC_TEST_JSON_TREE_H
#define CARC_TEST_JSON_TREE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum jt_type { JT_NULL, JT_BOOL, JT_NUMBER, JT_STRING, JT_ARRAY, JT_OBJECT };

typedef struct jt_node {
    int type;
    int boolean;
    double number;
    int integral;           /* a number written without fraction or exponent */
    char *string;           /* JT_STRING: decoded, NUL-terminated (may hold \u0000 as a NUL) */
    size_t length;          /* JT_STRING: bytes; JT_ARRAY/JT_OBJECT: members */
    struct jt_node **items; /* JT_ARRAY: elements; JT_OBJECT: values */
    char **keys;            /* JT_OBJECT: keys, in document order */
    void *user;             /* free for a reader's own use (the validator keeps a schema's keywords there) */
} jt_node;

typedef struct jt_doc {
    jt_node *root;
    char error[160];
    /* the arena: chunks of JT_CHUNK bytes (or one of its own for a larger
     * request), bump-allocated, freed together by jt_free */
    void **blocks;
    size_t nblocks, capblocks;
    char *next;
    size_t left;
} jt_doc;

#define JT_CHUNK 65536

typedef struct jt_reader {
    const char *s, *end;
    jt_doc *doc;
    int depth;
} jt_reader;

static inline void *jt_block(jt_doc *d, size_t n)
{
    if (d->nblocks == d->capblocks) {
        size_t cap = d->capblocks ? 2 * d->capblocks : 16;
        void **b = realloc(d->blocks, cap * sizeof *b);
        if (!b) abort();
        d->blocks = b;
        d->capblocks = cap;
    }
    void *p = calloc(1, n);
    if (!p) abort();
    d->blocks[d->nblocks++] = p;
    return p;
}

/* n zeroed bytes, aligned for any node, living until jt_free. */
static inline void *jt_alloc(jt_doc *d, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (n > JT_CHUNK / 4) return jt_block(d, n);
    if (n > d->left) {
        d->next = jt_block(d, JT_CHUNK);
        d->left = JT_CHUNK;
    }
    void *p = d->next;
    d->next += n;
    d->left -= n;
    return p;
}

static inline void jt_free(jt_doc *d)
{
    for (size_t i = 0; i < d->nblocks; i++) free(d->blocks[i]);
    free(d->blocks);
    memset(d, 0, sizeof *d);
}

static inline int jt_fail(jt_reader *r, const char *what)
{
    if (!r->doc->error[0]) snprintf(r->doc->error, sizeof r->doc->error, "%s", what);
    return -1;
}

static inline void jt_space(jt_reader *r)
{
    while (r->s < r->end && (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r')) r->s++;
}

static int jt_hex4(jt_reader *r, unsigned *out)
{
    *out = 0;
    for (int i = 0; i < 4; i++) {
        if (r->s >= r->end) return -1;
        char c = *r->s++;
        unsigned v = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                   : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                   : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16u;
        if (v > 15) return -1;
        *out = *out << 4 | v;
    }
    return 0;
}

static size_t jt_put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 63)), 2;
    if (cp < 0x10000)
        return o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 63)), o[2] = (char)(0x80 | (cp & 63)), 3;
    o[0] = (char)(0xF0 | cp >> 18), o[1] = (char)(0x80 | (cp >> 12 & 63));
    o[2] = (char)(0x80 | (cp >> 6 & 63)), o[3] = (char)(0x80 | (cp & 63));
    return 4;
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t jt_utf8(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
               : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    if (!len || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (len == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) return 0;
    if (len == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))) return 0;
    return len;
}

/* One escape after the backslash; appends its UTF-8 to o. */
static inline int jt_escape(jt_reader *r, char *o, size_t *n)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    if (r->s >= r->end) return jt_fail(r, "unfinished escape");
    char c = *r->s++;
    const char *k = c ? strchr(from, c) : NULL;
    if (k) {
        o[(*n)++] = to[k - from];
        return 0;
    }
    unsigned cp, lo;
    if (c != 'u' || jt_hex4(r, &cp)) return jt_fail(r, "bad escape");
    if (cp >= 0xDC00 && cp <= 0xDFFF) return jt_fail(r, "lone low surrogate");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (r->end - r->s < 6 || r->s[0] != '\\' || r->s[1] != 'u') return jt_fail(r, "lone high surrogate");
        r->s += 2;
        if (jt_hex4(r, &lo) || lo < 0xDC00 || lo > 0xDFFF) return jt_fail(r, "bad surrogate pair");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    *n += jt_put_utf8(o + *n, cp);
    return 0;
}

static inline int jt_string(jt_reader *r, char **out, size_t *outlen)
{
    r->s++; /* the opening quote */
    /* the raw text up to the closing quote bounds the decoded length (an
     * escape never decodes to more bytes than it is written with) */
    const char *close = r->s;
    while (close < r->end && *close != '"') close += *close == '\\' && close + 1 < r->end ? 2 : 1;
    char *o = jt_alloc(r->doc, (size_t)(close - r->s) + 1), c;
    size_t n = 0;
    while (r->s < r->end && (c = *r->s) != '"') {
        if ((unsigned char)c < 0x20) return jt_fail(r, "raw control byte in a string");
        if (c == '\\') {
            r->s++;
            if (jt_escape(r, o, &n)) return -1;
            continue;
        }
        size_t k = jt_utf8((const unsigned char *)r->s, (size_t)(r->end - r->s));
        if (!k) return jt_fail(r, "invalid UTF-8 in a string");
        memcpy(o + n, r->s, k);
        n += k;
        r->s += k;
    }
    if (r->s >= r->end) return jt_fail(r, "unterminated string");
    r->s++;
    o[n] = 0;
    *out = o;
    *outlen = n;
    return 0;
}

static inline int jt_digits(jt_reader *r)
{
    const char *from = r->s;
    while (r->s < r->end && *r->s >= '0' && *r->s <= '9') r->s++;
    return r->s > from ? 0 : -1;
}

static inline int jt_number(jt_reader *r, jt_node *v)
{
    const char *from = r->s;
    v->type = JT_NUMBER;
    v->integral = 1;
    if (*r->s == '-') r->s++;
    if (r->s < r->end && *r->s == '0') r->s++;
    else if (jt_digits(r)) return jt_fail(r, "bad number");
    if (r->s < r->end && *r->s == '.') {
        r->s++;
        v->integral = 0;
        if (jt_digits(r)) return jt_fail(r, "bad fraction");
    }
    if (r->s < r->end && (*r->s == 'e' || *r->s == 'E')) {
        r->s++;
        v->integral = 0;
        if (r->s < r->end && (*r->s == '+' || *r->s == '-')) r->s++;
        if (jt_digits(r)) return jt_fail(r, "bad exponent");
    }
    char tmp[64];
    size_t len = (size_t)(r->s - from);
    if (len >= sizeof tmp) return jt_fail(r, "number too long");
    memcpy(tmp, from, len);
    tmp[len] = 0;
    v->number = strtod(tmp, NULL);
    return 0;
}

static inline int jt_value(jt_reader *r, jt_node *v);

/* Elements or members until `close`; an object's keys go to `keys`. */
static inline int jt_members(jt_reader *r, jt_node *v, char close)
{
    size_t cap = 8;
    v->items = jt_alloc(r->doc, cap * sizeof *v->items);
    if (close == '}') v->keys = jt_alloc(r->doc, cap * sizeof *v->keys);
    r->s++;
    jt_space(r);
    if (r->s < r->end && *r->s == close) return r->s++, 0;
    for (;;) {
        if (v->length == cap) {
            jt_node **items = jt_alloc(r->doc, 2 * cap * sizeof *items);
            memcpy(items, v->items, cap * sizeof *items);
            v->items = items;
            if (v->keys) {
                char **keys = jt_alloc(r->doc, 2 * cap * sizeof *keys);
                memcpy(keys, v->keys, cap * sizeof *keys);
                v->keys = keys;
            }
            cap *= 2;
        }
        jt_space(r);
        if (close == '}') {
            size_t kl;
            if (r->s >= r->end || *r->s != '"') return jt_fail(r, "object key expected");
            if (jt_string(r, &v->keys[v->length], &kl)) return -1;
            jt_space(r);
            if (r->s >= r->end || *r->s++ != ':') return jt_fail(r, "':' expected");
        }
        v->items[v->length] = jt_alloc(r->doc, sizeof(jt_node));
        if (jt_value(r, v->items[v->length++])) return -1;
        jt_space(r);
        if (r->s < r->end && *r->s == ',') {
            r->s++;
            continue;
        }
        if (r->s < r->end && *r->s == close) return r->s++, 0;
        return jt_fail(r, close == '}' ? "',' or '}' expected" : "',' or ']' expected");
    }
}

static inline int jt_word(jt_reader *r, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(r->end - r->s) < n || memcmp(r->s, w, n)) return jt_fail(r, "unknown word");
    r->s += n;
    return 0;
}

static inline int jt_value(jt_reader *r, jt_node *v)
{
    jt_space(r);
    if (r->s >= r->end) return jt_fail(r, "value expected");
    if (++r->depth > 64) return jt_fail(r, "nested too deep");
    int rc;
    switch (*r->s) {
    case '{': v->type = JT_OBJECT; rc = jt_members(r, v, '}'); break;
    case '[': v->type = JT_ARRAY; rc = jt_members(r, v, ']'); break;
    case '"': v->type = JT_STRING; rc = jt_string(r, &v->string, &v->length); break;
    case 't': v->type = JT_BOOL; v->boolean = 1; rc = jt_word(r, "true"); break;
    case 'f': v->type = JT_BOOL; rc = jt_word(r, "false"); break;
    case 'n': v->type = JT_NULL; rc = jt_word(r, "null"); break;
    default:
        rc = (*r->s == '-' || (*r->s >= '0' && *r->s <= '9')) ? jt_number(r, v) : jt_fail(r, "value expected");
    }
    r->depth--;
    return rc;
}

/* Parses text[0..len): 0, or -1 with d->error set (d is reset either way). */
static inline int jt_parse(jt_doc *d, const char *text, size_t len)
{
    memset(d, 0, sizeof *d);
    jt_reader r = {text, text + len, d, 0};
    d->root = jt_alloc(d, sizeof(jt_node));
    if (jt_value(&r, d->root)) {
        size_t at = (size_t)(r.s - text);
        size_t l = strlen(d->error);
        snprintf(d->error + l, sizeof d->error - l, " (offset %zu)", at);
        return -1;
    }
    jt_space(&r);
    if (r.s != r.end) {
        snprintf(d->error, sizeof d->error, "text after the value (offset %zu)", (size_t)(r.s - text));
        return -1;
    }
    return 0;
}

/* The member `key` of an object, or NULL. */
static inline const jt_node *jt_get(const jt_node *o, const char *key)
{
    if (!o || o->type != JT_OBJECT) return NULL;
    for (size_t i = 0; i < o->length; i++)
        if (!strcmp(o->keys[i], key)) return o->items[i];
    return NULL;
}

/* The integer value of a member, or `otherwise` if it is missing or not an integer. */
static inline long jt_int(const jt_node *o, const char *key, long otherwise)
{
    const jt_node *v = jt_get(o, key);
    return v && v->type == JT_NUMBER && v->integral ? (long)v->number : otherwise;
}

#endif
