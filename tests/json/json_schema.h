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
 * and the annotations $schema, $id, $defs, title, description. */
#ifndef CARC_TEST_JSON_SCHEMA_H
#define CARC_TEST_JSON_SCHEMA_H

#include <regex.h>

#include "json_tree.h"

typedef struct js_val {
    const jt_node *root; /* the whole schema, for $ref */
    char error[512];
    char path[256];      /* where in the instance, as /a/0/b */
    int quiet;           /* inside anyOf/oneOf/not/if: failures are answers, not errors */
} js_val;

static int js_check(js_val *v, const jt_node *s, const jt_node *x);

static int js_fail(js_val *v, const char *fmt, const char *arg)
{
    if (!v->quiet && !v->error[0]) {
        char what[256];
        snprintf(what, sizeof what, fmt, arg ? arg : "");
        snprintf(v->error, sizeof v->error, "%s: %s", v->path[0] ? v->path : "/", what);
    }
    return -1;
}

static int js_equal(const jt_node *a, const jt_node *b)
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

static int js_is_type(const jt_node *x, const char *t)
{
    if (!strcmp(t, "integer")) return x->type == JT_NUMBER && x->number == (double)(long long)x->number;
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    return !strcmp(t, names[x->type]);
}

static int js_type(js_val *v, const jt_node *t, const jt_node *x)
{
    if (t->type == JT_STRING) return js_is_type(x, t->string) ? 0 : js_fail(v, "not of type %s", t->string);
    for (size_t i = 0; i < t->length; i++)
        if (t->items[i]->type == JT_STRING && js_is_type(x, t->items[i]->string)) return 0;
    return js_fail(v, "not of any of the types listed%s", NULL);
}

/* Runs a check one level down the instance, with the path extended. */
static int js_down(js_val *v, const jt_node *s, const jt_node *x, const char *key, size_t index)
{
    size_t l = strlen(v->path);
    if (key) snprintf(v->path + l, sizeof v->path - l, "/%s", key);
    else snprintf(v->path + l, sizeof v->path - l, "/%zu", index);
    int r = js_check(v, s, x);
    v->path[l] = 0;
    return r;
}

static int js_object(js_val *v, const jt_node *s, const jt_node *x)
{
    const jt_node *props = jt_get(s, "properties"), *extra = jt_get(s, "additionalProperties"),
                  *req = jt_get(s, "required");
    if (x->type != JT_OBJECT) return 0;
    for (size_t i = 0; req && i < req->length; i++)
        if (!jt_get(x, req->items[i]->string)) return js_fail(v, "required member \"%s\" missing", req->items[i]->string);
    for (size_t i = 0; i < x->length; i++) {
        const jt_node *ps = jt_get(props, x->keys[i]);
        if (!ps && extra && extra->type == JT_BOOL && !extra->boolean)
            return js_fail(v, "member \"%s\" is not allowed", x->keys[i]);
        if (!ps) ps = extra;
        if (ps && js_down(v, ps, x->items[i], x->keys[i], 0)) return -1;
    }
    return 0;
}

static int js_array(js_val *v, const jt_node *s, const jt_node *x)
{
    const jt_node *items = jt_get(s, "items"), *u = jt_get(s, "uniqueItems");
    if (x->type != JT_ARRAY) return 0;
    if ((double)x->length < (double)jt_int(s, "minItems", 0)) return js_fail(v, "too few items%s", NULL);
    if ((double)x->length > (double)jt_int(s, "maxItems", 1L << 30)) return js_fail(v, "too many items%s", NULL);
    for (size_t i = 0; items && i < x->length; i++)
        if (js_down(v, items, x->items[i], NULL, i)) return -1;
    for (size_t i = 0; u && u->boolean && i < x->length; i++)
        for (size_t j = i + 1; j < x->length; j++)
            if (js_equal(x->items[i], x->items[j])) return js_fail(v, "items not unique%s", NULL);
    return 0;
}

static size_t js_codepoints(const jt_node *x)
{
    size_t n = 0;
    for (size_t i = 0; i < x->length; i++) n += ((unsigned char)x->string[i] & 0xC0) != 0x80;
    return n;
}

static int js_string(js_val *v, const jt_node *s, const jt_node *x)
{
    const jt_node *pattern = jt_get(s, "pattern");
    if (x->type != JT_STRING) return 0;
    size_t n = js_codepoints(x);
    if ((double)n < (double)jt_int(s, "minLength", 0)) return js_fail(v, "string \"%s\" too short", x->string);
    if ((double)n > (double)jt_int(s, "maxLength", 1L << 30)) return js_fail(v, "string \"%s\" too long", x->string);
    if (!pattern) return 0;
    regex_t re;
    if (regcomp(&re, pattern->string, REG_EXTENDED | REG_NOSUB)) return js_fail(v, "bad pattern %s", pattern->string);
    int miss = regexec(&re, x->string, 0, NULL, 0);
    regfree(&re);
    return miss ? js_fail(v, "string \"%s\" does not match its pattern", x->string) : 0;
}

static int js_number(js_val *v, const jt_node *s, const jt_node *x)
{
    const jt_node *lo = jt_get(s, "minimum"), *hi = jt_get(s, "maximum");
    if (x->type != JT_NUMBER) return 0;
    if (lo && x->number < lo->number) return js_fail(v, "number below its minimum%s", NULL);
    if (hi && x->number > hi->number) return js_fail(v, "number above its maximum%s", NULL);
    return 0;
}

/* Whether x is valid against s, as an answer (no error recorded). */
static int js_passes(js_val *v, const jt_node *s, const jt_node *x)
{
    v->quiet++;
    int ok = js_check(v, s, x) == 0;
    v->quiet--;
    return ok;
}

static int js_combinators(js_val *v, const jt_node *s, const jt_node *x)
{
    const jt_node *all = jt_get(s, "allOf"), *any = jt_get(s, "anyOf"), *one = jt_get(s, "oneOf"),
                  *not = jt_get(s, "not"), *cond = jt_get(s, "if");
    for (size_t i = 0; all && i < all->length; i++)
        if (js_check(v, all->items[i], x)) return -1;
    size_t hits = 0;
    for (size_t i = 0; any && i < any->length; i++) hits += js_passes(v, any->items[i], x);
    if (any && !hits) return js_fail(v, "matches none of anyOf%s", NULL);
    hits = 0;
    for (size_t i = 0; one && i < one->length; i++) hits += js_passes(v, one->items[i], x);
    if (one && hits != 1) return js_fail(v, "matches %s of oneOf, not exactly one", hits ? "several" : "none");
    if (not && js_passes(v, not, x)) return js_fail(v, "matches what \"not\" forbids%s", NULL);
    if (cond) {
        const jt_node *branch = jt_get(s, js_passes(v, cond, x) ? "then" : "else");
        if (branch && js_check(v, branch, x)) return -1;
    }
    return 0;
}

static int js_known(js_val *v, const jt_node *s)
{
    static const char *const known[] = {
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "const", "enum", "properties", "required",
        "additionalProperties", "items", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern",
        "minimum", "maximum", "allOf", "anyOf", "oneOf", "not", "if", "then", "else"};
    for (size_t i = 0; i < s->length; i++) {
        size_t k = 0;
        while (k < sizeof known / sizeof known[0] && strcmp(known[k], s->keys[i])) k++;
        if (k == sizeof known / sizeof known[0]) return js_fail(v, "schema keyword \"%s\" is not supported here", s->keys[i]);
    }
    return 0;
}

static int js_ref(js_val *v, const jt_node *ref, const jt_node *x)
{
    const char *prefix = "#/$defs/";
    const jt_node *target = NULL;
    if (ref->type == JT_STRING && !strncmp(ref->string, prefix, strlen(prefix)))
        target = jt_get(jt_get(v->root, "$defs"), ref->string + strlen(prefix));
    if (!target) return js_fail(v, "unresolved $ref %s", ref->type == JT_STRING ? ref->string : "?");
    return js_check(v, target, x);
}

static int js_check(js_val *v, const jt_node *s, const jt_node *x)
{
    if (s->type == JT_BOOL) return s->boolean ? 0 : js_fail(v, "schema false%s", NULL);
    if (s->type != JT_OBJECT || js_known(v, s)) return js_fail(v, "not a schema%s", NULL);
    const jt_node *ref = jt_get(s, "$ref"), *t = jt_get(s, "type"), *c = jt_get(s, "const"), *e = jt_get(s, "enum");
    if (ref && js_ref(v, ref, x)) return -1;
    if (t && js_type(v, t, x)) return -1;
    if (c && !js_equal(c, x)) return js_fail(v, "not the constant the schema wants%s", NULL);
    if (e) {
        size_t i = 0;
        while (i < e->length && !js_equal(e->items[i], x)) i++;
        if (i == e->length) return js_fail(v, "%s not among the values allowed", x->type == JT_STRING ? x->string : "value");
    }
    if (js_object(v, s, x) || js_array(v, s, x) || js_string(v, s, x) || js_number(v, s, x)) return -1;
    return js_combinators(v, s, x);
}

/* Validates `doc` against `schema` (both parsed); 0, or -1 with err set. */
static int js_validate(const jt_node *schema, const jt_node *doc, char *err, size_t cap)
{
    js_val v;
    memset(&v, 0, sizeof v);
    v.root = schema;
    int r = js_check(&v, schema, doc);
    if (r && err) snprintf(err, cap, "%s", v.error[0] ? v.error : "invalid");
    return r;
}

#endif
