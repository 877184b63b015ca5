/* The tile facts of a tile set and its JSON document, checked against each
 * other (fuzz_tileset, on every tile set it parses):
 *
 *  - carc_tileset_json answers a size query with CARC_E_BUFFER, writes the
 *    document into a buffer of that size with the same length, twice the
 *    same bytes; the text parses as strict JSON and validates against
 *    docs/tileset.schema.json (embedded at build time);
 *  - the document says what the queries say: the attributes in order
 *    (carc_tileset_attr, and carc_tileset_attr_find finds each by its
 *    name), every type's index, name, copies and features, each feature's
 *    id, kind, slots, borders, links and attributes with their values
 *    (carc_tileset_feature_info, carc_tileset_feature_attr);
 *  - the facts hold together: slots inside 12 bits, borders and links name
 *    features of the tile, attr_count is the number of attributes above 0;
 *  - a short buffer gets the first cap-1 bytes and a NUL, CARC_E_BUFFER and
 *    the full length;
 *  - out-of-range indices answer CARC_E_RANGE, NULL pointers CARC_E_NULL, an
 *    undersized struct_size CARC_E_VERSION, and none of them writes. */
#ifndef CARC_FUZZ_TILE_FACTS_H
#define CARC_FUZZ_TILE_FACTS_H

#include "fuzz_common.h"
#include "json_schema.h"
#include "json_tree.h"
#include "tileset_schema.h"

#define FACT_FAIL(c, ...) (inv_fail((c), __VA_ARGS__), fuzz_die((c), "tile facts"))

static int facts_popcount(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* Whether `decoded` (a string of the document, as read) is `raw` (a name
 * as the library holds it) written as JSON: valid UTF-8 sequences as they
 * are (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF),
 * any other byte as U+FFFD. */
static int facts_same_text(const char *raw, const char *decoded)
{
    const unsigned char *p = (const unsigned char *)raw, *q = (const unsigned char *)decoded;
    while (*p) {
        size_t n = jt_utf8(p, strlen((const char *)p));
        if (n == 0) {
            if (memcmp(q, "\xEF\xBF\xBD", 3)) return 0;
            p++, q += 3;
        } else {
            if (memcmp(p, q, n)) return 0;
            p += n, q += n;
        }
    }
    return *q == 0;
}

/* Every out-of-range or NULL argument of the fact queries of type t. */
static void facts_odd_arguments(inv_ctx *c, const carc_tileset *ts, int t, int nfeat, int nattr)
{
    carc_tile_feature_info fi;
    const int odd[] = {-1, nfeat, 1 << 20, -(1 << 30)};
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        memset(&fi, 0x5a, sizeof fi);
        fi.struct_size = sizeof fi;
        if (carc_tileset_feature_info(ts, t, odd[k], &fi) != CARC_E_RANGE || fi.kind_index != 0x5a5a5a5a)
            FACT_FAIL(c, "type %d: feature %d answers other than CARC_E_RANGE, or wrote", t, odd[k]);
        int v = 77;
        if (carc_tileset_feature_attr(ts, t, odd[k], 0, &v) != CARC_E_RANGE || v != 77)
            FACT_FAIL(c, "type %d: attribute of feature %d", t, odd[k]);
    }
    if (nfeat > 0) {
        int v = 77;
        if (carc_tileset_feature_attr(ts, t, 0, -1, &v) != CARC_E_RANGE ||
            carc_tileset_feature_attr(ts, t, 0, nattr, &v) != CARC_E_RANGE || v != 77)
            FACT_FAIL(c, "type %d: an attribute index out of range", t);
        if (carc_tileset_feature_info(ts, t, 0, NULL) != CARC_E_NULL ||
            carc_tileset_feature_attr(ts, t, 0, 0, NULL) != CARC_E_NULL)
            FACT_FAIL(c, "type %d: a NULL out pointer", t);
        memset(&fi, 0x5a, sizeof fi);
        fi.struct_size = sizeof fi - 1;
        if (carc_tileset_feature_info(ts, t, 0, &fi) != CARC_E_VERSION || fi.kind_index != 0x5a5a5a5a)
            FACT_FAIL(c, "type %d: an undersized struct_size", t);
    }
}

/* One feature's facts, and its object in the document. */
static void facts_feature(inv_ctx *c, const carc_tileset *ts, int t, int f, int nfeat, int nattr, const jt_node *jf)
{
    carc_tile_feature_info fi = {.struct_size = sizeof fi};
    const char *id = NULL, *kind = NULL;
    unsigned slots = 0;
    if (carc_tileset_feature_info(ts, t, f, &fi) || carc_tileset_feature(ts, t, f, &id, &kind, &slots))
        FACT_FAIL(c, "type %d feature %d: no facts", t, f);
    if (!fi.id || !fi.kind || strcmp(fi.id, id) || strcmp(fi.kind, kind) || fi.slots != slots || fi.slots >> 12 ||
        fi.borders >> nfeat || fi.links >> nfeat || fi.attr_count < 0 || fi.attr_count > nattr)
        FACT_FAIL(c, "type %d feature %d: facts out of their ranges or unlike carc_tileset_feature", t, f);
    int above = 0;
    const jt_node *ja = jt_get(jf, "attributes");
    for (int a = 0; a < nattr; a++) {
        int v = -1;
        const char *name = NULL;
        if (carc_tileset_feature_attr(ts, t, f, a, &v) || v < 0 || v > 255 || carc_tileset_attr(ts, a, &name))
            FACT_FAIL(c, "type %d feature %d attribute %d: value %d", t, f, a, v);
        above += v > 0;
        long shown = 0;
        for (size_t k = 0; ja && k < ja->length; k++)
            if (facts_same_text(name, ja->keys[k])) shown = (long)ja->items[k]->number;
        if (shown != v) FACT_FAIL(c, "type %d feature %d: the document's %s is not %d", t, f, name, v);
    }
    if (above != fi.attr_count || !ja || ja->length != (size_t)above)
        FACT_FAIL(c, "type %d feature %d: %d attributes above 0, attr_count %d", t, f, above, fi.attr_count);
    const jt_node *js = jt_get(jf, "slots"), *jb = jt_get(jf, "borders"), *jl = jt_get(jf, "links");
    const jt_node *jid = jt_get(jf, "id"), *jk = jt_get(jf, "kind");
    if (!jid || !facts_same_text(fi.id, jid->string) || !jk || !facts_same_text(fi.kind, jk->string))
        FACT_FAIL(c, "type %d feature %d: the document's id or kind", t, f);
    if (js->length != (size_t)facts_popcount(fi.slots) || jb->length != (size_t)facts_popcount(fi.borders) ||
        jl->length != (size_t)facts_popcount(fi.links))
        FACT_FAIL(c, "type %d feature %d: the document's slots, borders or links in number", t, f);
    for (size_t i = 0; i < js->length; i++)
        if (!(fi.slots >> (int)js->items[i]->number & 1))
            FACT_FAIL(c, "type %d feature %d: slot %g in the document only", t, f, js->items[i]->number);
}

static void fuzz_tile_facts(inv_ctx *c, const carc_tileset *ts)
{
    static jt_doc schema;
    if (!schema.root && jt_parse(&schema, carc_tileset_schema, sizeof carc_tileset_schema - 1))
        FACT_FAIL(c, "the tile-set schema does not parse: %s", schema.error);
    size_t n = 0, len = 0, again = 0;
    if (carc_tileset_json(ts, NULL, 0, &n) != CARC_E_BUFFER) FACT_FAIL(c, "the size query");
    char *doc = malloc(n + 1), *doc2 = malloc(n + 1);
    if (!doc || !doc2) abort();
    if (carc_tileset_json(ts, doc, n + 1, &len) != CARC_OK || len != n ||
        carc_tileset_json(ts, doc2, n + 1, &again) != CARC_OK || again != n || memcmp(doc, doc2, n + 1))
        FACT_FAIL(c, "the document into a buffer of its size, twice");
    for (size_t cap = 1; cap <= n; cap = cap * 3 + 1) {
        memset(doc2, 0x5a, n + 1);
        size_t got = 0;
        if (carc_tileset_json(ts, doc2, cap, &got) != CARC_E_BUFFER || got != n || strlen(doc2) != cap - 1 ||
            memcmp(doc2, doc, cap - 1) || (cap <= n && doc2[cap] != 0x5a))
            FACT_FAIL(c, "a buffer of %zu bytes", cap);
    }
    jt_doc d;
    char err[600];
    if (jt_parse(&d, doc, n)) FACT_FAIL(c, "the document is not JSON: %s", d.error);
    if (js_validate(&schema, d.root, err, sizeof err)) FACT_FAIL(c, "the document does not validate: %s", err);

    int nattr = 0, ntypes = 0;
    carc_tileset_attr_count(ts, &nattr);
    carc_tileset_type_count(ts, &ntypes);
    const jt_node *jattrs = jt_get(d.root, "attributes"), *jtypes = jt_get(d.root, "types");
    if (nattr < 0 || nattr > 16 || jattrs->length != (size_t)nattr || jtypes->length != (size_t)ntypes)
        FACT_FAIL(c, "%d attributes and %d types, the document has %zu and %zu", nattr, ntypes, jattrs->length,
                  jtypes->length);
    for (int a = 0; a < nattr; a++) {
        const char *name = NULL;
        int back = -1;
        if (carc_tileset_attr(ts, a, &name) || !name || !facts_same_text(name, jattrs->items[a]->string) ||
            carc_tileset_attr_find(ts, name, &back) || back != a)
            FACT_FAIL(c, "attribute %d (%s) is not found by its name, or the document names another", a, name);
    }
    const char *name = "unchanged";
    int back = 99;
    if (carc_tileset_attr(ts, nattr, &name) != CARC_E_RANGE || carc_tileset_attr(ts, -1, &name) != CARC_E_RANGE ||
        strcmp(name, "unchanged") || carc_tileset_attr_find(ts, "no such attribute", &back) != CARC_E_NOT_FOUND ||
        back != 99)
        FACT_FAIL(c, "attribute queries out of range");
    for (int t = 0; t < ntypes; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        carc_tileset_type(ts, t, &ti);
        const jt_node *jt = jtypes->items[t], *jfeat = jt_get(jt, "features");
        if (jt_int(jt, "type", -1) != t || !facts_same_text(ti.name, jt_get(jt, "tile")->string) ||
            jt_int(jt, "count", -1) != ti.count || jfeat->length != (size_t)ti.feature_count)
            FACT_FAIL(c, "type %d (%s): the document's index, name, copies or features", t, ti.name);
        for (int f = 0; f < ti.feature_count; f++) facts_feature(c, ts, t, f, ti.feature_count, nattr, jfeat->items[f]);
        facts_odd_arguments(c, ts, t, ti.feature_count, nattr);
    }
    carc_tile_feature_info fi = {.struct_size = sizeof fi};
    if (carc_tileset_feature_info(ts, -1, 0, &fi) != CARC_E_RANGE ||
        carc_tileset_feature_info(ts, ntypes, 0, &fi) != CARC_E_RANGE ||
        carc_tileset_feature_info(NULL, 0, 0, &fi) != CARC_E_NULL || carc_tileset_json(NULL, doc, n, &len) != CARC_E_NULL ||
        carc_tileset_json(ts, doc, n, NULL) != CARC_E_NULL)
        FACT_FAIL(c, "a type out of range or a NULL tile set");
    jt_free(&d);
    free(doc);
    free(doc2);
}

#endif
