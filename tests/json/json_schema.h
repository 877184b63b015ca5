/* A small JSON Schema validator for the tests and the fuzzer: the part of
 * draft 2020-12 that docs/state.schema.json and docs/tileset.schema.json
 * use, over json_tree.h's nodes. A schema keyword it does not know is an
 * error, never ignored, so a schema edited to use more of the standard
 * fails here until this file learns it. The Python suite validates the
 * same documents with python3-jsonschema, the reference implementation.
 *
 * Known: type, const, enum, properties, required, additionalProperties,
 * items, minItems, maxItems, uniqueItems, minLength, maxLength, pattern
 * (POSIX extended syntax, which the schemas' patterns keep to), minimum,
 * maximum, allOf, anyOf, oneOf, not, if/then/else, $ref to "#/$defs/NAME",
 * and the annotations $schema, $id, $defs, title, description.
 *
 *   jt_doc schema;  jt_parse(&schema, text, len);
 *   if (js_validate(&schema, doc_root, err, sizeof err)) ...   (err names where and what)
 *
 * Each schema object's keywords are read once and kept in its node (in the
 * schema's own arena), so validating a 50 KB document takes about a
 * millisecond rather than a lookup per keyword per node. */
#ifndef CARC_TEST_JSON_SCHEMA_H
#define CARC_TEST_JSON_SCHEMA_H

#include <regex.h>
#include <stddef.h>

#include "json_tree.h"

#define JS_MAX_REGEX 16
#define JS_NONE ((size_t)-1)

/* The keywords of one schema object (NULL: absent). */
typedef struct js_kw {
    const jt_node *ref, *type, *cnst, *enm, *props, *extra, *req, *items, *unique, *min_items, *max_items, *min_len,
        *max_len, *pattern, *minimum, *maximum, *all, *any, *one, *not_, *if_, *then_, *else_;
    regex_t re;
    int has_re;
} js_kw;

static const struct {
    const char *name;
    size_t at; /* offset in js_kw, or JS_NONE for an annotation */
} js_keywords[] = {
    {"$schema", JS_NONE}, {"$id", JS_NONE}, {"$defs", JS_NONE}, {"title", JS_NONE}, {"description", JS_NONE},
    {"$ref", offsetof(js_kw, ref)}, {"type", offsetof(js_kw, type)}, {"const", offsetof(js_kw, cnst)},
    {"enum", offsetof(js_kw, enm)}, {"properties", offsetof(js_kw, props)},
    {"additionalProperties", offsetof(js_kw, extra)}, {"required", offsetof(js_kw, req)},
    {"items", offsetof(js_kw, items)}, {"uniqueItems", offsetof(js_kw, unique)},
    {"minItems", offsetof(js_kw, min_items)}, {"maxItems", offsetof(js_kw, max_items)},
    {"minLength", offsetof(js_kw, min_len)}, {"maxLength", offsetof(js_kw, max_len)},
    {"pattern", offsetof(js_kw, pattern)}, {"minimum", offsetof(js_kw, minimum)},
    {"maximum", offsetof(js_kw, maximum)}, {"allOf", offsetof(js_kw, all)}, {"anyOf", offsetof(js_kw, any)},
    {"oneOf", offsetof(js_kw, one)}, {"not", offsetof(js_kw, not_)}, {"if", offsetof(js_kw, if_)},
    {"then", offsetof(js_kw, then_)}, {"else", offsetof(js_kw, else_)},
};

typedef struct js_val {
    jt_doc *schema;
    const jt_node *defs;  /* the schema's $defs */
    char error[512];
    const char *keys[64]; /* where in the instance: a member's key, or NULL and an index */
    size_t index[64];
    int depth;
    int quiet;            /* inside anyOf/oneOf/not/if: failures are answers, not errors */
} js_val;

static inline int js_check(js_val *v, const jt_node *s, const jt_node *x);

static inline int js_fail(js_val *v, const char *fmt, const char *arg)
{
    if (!v->quiet && !v->error[0]) {
        char what[256], path[256] = "";
        size_t l = 0;
        snprintf(what, sizeof what, fmt, arg ? arg : "");
        for (int i = 0; i < v->depth && i < 64 && l < sizeof path; i++)
            l += v->keys[i] ? (size_t)snprintf(path + l, sizeof path - l, "/%s", v->keys[i])
                            : (size_t)snprintf(path + l, sizeof path - l, "/%zu", v->index[i]);
        snprintf(v->error, sizeof v->error, "%s: %s", path[0] ? path : "/", what);
    }
    return -1;
}

/* The keywords of schema object s, read on first use; NULL (with the error
 * set) for a keyword this validator does not know or a bad pattern. */
static inline const js_kw *js_kw_of(js_val *v, const jt_node *s)
{
    if (s->user) return s->user;
    js_kw *k = jt_alloc(v->schema, sizeof *k);
    for (size_t i = 0; i < s->length; i++) {
        size_t w = 0, n = sizeof js_keywords / sizeof js_keywords[0];
        while (w < n && strcmp(js_keywords[w].name, s->keys[i])) w++;
        if (w == n) return js_fail(v, "schema keyword \"%s\" is not supported here", s->keys[i]), NULL;
        if (js_keywords[w].at != JS_NONE) *(const jt_node **)((char *)k + js_keywords[w].at) = s->items[i];
    }
    if (k->pattern) {
        if (k->pattern->type != JT_STRING || regcomp(&k->re, k->pattern->string, REG_EXTENDED | REG_NOSUB))
            return js_fail(v, "bad pattern in the schema%s", NULL), NULL;
        k->has_re = 1;
    }
    ((jt_node *)s)->user = k;
    return k;
}

static inline int js_equal(const jt_node *a, const jt_node *b)
{
    if (a->type != b->type) return 0;
    switch (a->type) {
    case JT_NULL: return 1;
    case JT_BOOL: return a->boolean == b->boolean;
    case JT_NUMBER: return a->number == b->number;
    case JT_STRING: return a->length == b->length && !memcmp(a->string, b->string, a->length);
    default: break;
    }
    if (a->length != b->length) return 0;
    for (size_t i = 0; i < a->length; i++) {
        if (a->type == JT_OBJECT) {
            const jt_node *other = jt_get(b, a->keys[i]);
            if (!other || !js_equal(a->items[i], other)) return 0;
        } else if (!js_equal(a->items[i], b->items[i])) {
            return 0;
        }
    }
    return 1;
}

static inline int js_is_type(const jt_node *x, const char *t)
{
    if (!strcmp(t, "integer")) return x->type == JT_NUMBER && x->number == (double)(long long)x->number;
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    return !strcmp(t, names[x->type]);
}

static inline int js_type(js_val *v, const jt_node *t, const jt_node *x)
{
    if (t->type == JT_STRING) return js_is_type(x, t->string) ? 0 : js_fail(v, "not of type %s", t->string);
    for (size_t i = 0; i < t->length; i++)
        if (t->items[i]->type == JT_STRING && js_is_type(x, t->items[i]->string)) return 0;
    return js_fail(v, "not of any of the types listed%s", NULL);
}

/* Runs a check one level down the instance. */
static inline int js_down(js_val *v, const jt_node *s, const jt_node *x, const char *key, size_t index)
{
    if (v->depth < 64) v->keys[v->depth] = key, v->index[v->depth] = index;
    v->depth++;
    int r = js_check(v, s, x);
    v->depth--;
    return r;
}

static inline double js_num(const jt_node *n, double otherwise) { return n && n->type == JT_NUMBER ? n->number : otherwise; }

static inline int js_object(js_val *v, const js_kw *k, const jt_node *x)
{
    for (size_t i = 0; k->req && i < k->req->length; i++)
        if (!jt_get(x, k->req->items[i]->string))
            return js_fail(v, "required member \"%s\" missing", k->req->items[i]->string);
    for (size_t i = 0; i < x->length; i++) {
        const jt_node *ps = jt_get(k->props, x->keys[i]);
        if (!ps && k->extra && k->extra->type == JT_BOOL && !k->extra->boolean)
            return js_fail(v, "member \"%s\" is not allowed", x->keys[i]);
        if (!ps) ps = k->extra;
        if (ps && js_down(v, ps, x->items[i], x->keys[i], 0)) return -1;
    }
    return 0;
}

static inline int js_array(js_val *v, const js_kw *k, const jt_node *x)
{
    if ((double)x->length < js_num(k->min_items, 0)) return js_fail(v, "too few items%s", NULL);
    if ((double)x->length > js_num(k->max_items, 1e18)) return js_fail(v, "too many items%s", NULL);
    for (size_t i = 0; k->items && i < x->length; i++)
        if (js_down(v, k->items, x->items[i], NULL, i)) return -1;
    for (size_t i = 0; k->unique && k->unique->boolean && i < x->length; i++)
        for (size_t j = i + 1; j < x->length; j++)
            if (js_equal(x->items[i], x->items[j])) return js_fail(v, "items not unique%s", NULL);
    return 0;
}

static inline int js_string(js_val *v, const js_kw *k, const jt_node *x)
{
    size_t n = 0;
    for (size_t i = 0; i < x->length; i++) n += ((unsigned char)x->string[i] & 0xC0) != 0x80; /* code points */
    if ((double)n < js_num(k->min_len, 0)) return js_fail(v, "string \"%s\" too short", x->string);
    if ((double)n > js_num(k->max_len, 1e18)) return js_fail(v, "string \"%s\" too long", x->string);
    if (k->has_re && regexec(&k->re, x->string, 0, NULL, 0))
        return js_fail(v, "string \"%s\" does not match its pattern", x->string);
    return 0;
}

static inline int js_number(js_val *v, const js_kw *k, const jt_node *x)
{
    if (x->number < js_num(k->minimum, -1e300)) return js_fail(v, "number below its minimum%s", NULL);
    if (x->number > js_num(k->maximum, 1e300)) return js_fail(v, "number above its maximum%s", NULL);
    return 0;
}

/* Whether x is valid against s, as an answer (no error recorded). */
static inline int js_passes(js_val *v, const jt_node *s, const jt_node *x)
{
    v->quiet++;
    int ok = js_check(v, s, x) == 0;
    v->quiet--;
    return ok;
}

static inline int js_combinators(js_val *v, const js_kw *k, const jt_node *x)
{
    for (size_t i = 0; k->all && i < k->all->length; i++)
        if (js_check(v, k->all->items[i], x)) return -1;
    size_t hits = 0;
    for (size_t i = 0; k->any && i < k->any->length && !hits; i++) hits += js_passes(v, k->any->items[i], x);
    if (k->any && !hits) return js_fail(v, "matches none of anyOf%s", NULL);
    hits = 0;
    for (size_t i = 0; k->one && i < k->one->length; i++) hits += js_passes(v, k->one->items[i], x);
    if (k->one && hits != 1) return js_fail(v, "matches %s of oneOf, not exactly one", hits ? "several" : "none");
    if (k->not_ && js_passes(v, k->not_, x)) return js_fail(v, "matches what \"not\" forbids%s", NULL);
    if (k->if_) {
        const jt_node *branch = js_passes(v, k->if_, x) ? k->then_ : k->else_;
        if (branch && js_check(v, branch, x)) return -1;
    }
    return 0;
}

static inline int js_ref(js_val *v, const jt_node *ref, const jt_node *x)
{
    const char *prefix = "#/$defs/";
    const jt_node *target = NULL;
    if (ref->type == JT_STRING && !strncmp(ref->string, prefix, strlen(prefix)))
        target = jt_get(v->defs, ref->string + strlen(prefix));
    if (!target) return js_fail(v, "unresolved $ref %s", ref->type == JT_STRING ? ref->string : "?");
    return js_check(v, target, x);
}

static inline int js_check(js_val *v, const jt_node *s, const jt_node *x)
{
    if (s->type == JT_BOOL) return s->boolean ? 0 : js_fail(v, "schema false%s", NULL);
    const js_kw *k = s->type == JT_OBJECT ? js_kw_of(v, s) : NULL;
    if (!k) return js_fail(v, "not a schema%s", NULL);
    if (k->ref && js_ref(v, k->ref, x)) return -1;
    if (k->type && js_type(v, k->type, x)) return -1;
    if (k->cnst && !js_equal(k->cnst, x)) return js_fail(v, "not the constant the schema wants%s", NULL);
    if (k->enm) {
        size_t i = 0;
        while (i < k->enm->length && !js_equal(k->enm->items[i], x)) i++;
        if (i == k->enm->length)
            return js_fail(v, "%s not among the values allowed", x->type == JT_STRING ? x->string : "value");
    }
    int r = x->type == JT_OBJECT ? js_object(v, k, x)
          : x->type == JT_ARRAY  ? js_array(v, k, x)
          : x->type == JT_STRING ? js_string(v, k, x)
          : x->type == JT_NUMBER ? js_number(v, k, x) : 0;
    return r ? r : js_combinators(v, k, x);
}

/* Every schema object inside `s` uses known keywords only (checked once,
 * before validating, so that a schema's mistake shows whatever document). */
static inline int js_schema_ok(js_val *v, const jt_node *s)
{
    static const char *const one[] = {"additionalProperties", "items", "not", "if", "then", "else"};
    static const char *const many[] = {"allOf", "anyOf", "oneOf", "properties", "$defs"};
    if (s->type == JT_BOOL) return 0;
    if (s->type != JT_OBJECT || !js_kw_of(v, s)) return js_fail(v, "not a schema%s", NULL);
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
        const jt_node *x = jt_get(s, one[i]);
        if (x && js_schema_ok(v, x)) return -1;
    }
    for (size_t i = 0; i < sizeof many / sizeof many[0]; i++) {
        const jt_node *x = jt_get(s, many[i]);
        for (size_t j = 0; x && j < x->length; j++)
            if (js_schema_ok(v, x->items[j])) return -1;
    }
    return 0;
}

/* Frees the compiled patterns kept in a schema's nodes (before jt_free). */
static inline void js_release(const jt_node *s)
{
    if (!s || (s->type != JT_OBJECT && s->type != JT_ARRAY)) return;
    js_kw *k = s->type == JT_OBJECT ? s->user : NULL;
    if (k && k->has_re) regfree(&k->re), k->has_re = 0;
    for (size_t i = 0; i < s->length; i++) js_release(s->items[i]);
}

/* Validates `doc` against the parsed `schema`; 0, or -1 with err set. */
static inline int js_validate(jt_doc *schema, const jt_node *doc, char *err, size_t cap)
{
    js_val v;
    memset(&v, 0, sizeof v);
    v.schema = schema;
    v.defs = jt_get(schema->root, "$defs");
    int r = js_schema_ok(&v, schema->root) || js_check(&v, schema->root, doc) ? -1 : 0;
    if (r && err) snprintf(err, cap, "%s", v.error[0] ? v.error : "invalid");
    return r;
}

#endif
