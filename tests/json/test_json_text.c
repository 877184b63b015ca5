/* Names holding bytes that are not UTF-8 are written as U+FFFD, so every
 * document stays JSON (RFC 8259 asks for UTF-8): a tile set's attribute key,
 * tile name and feature id may hold any byte above 0x20 (docs/tile-format.md). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <carcassonne.h>

#include "json_tree.h"

static char *tileset_json_of(const char *text, carc_tileset **ts)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    char err[160];
    cr_assert_eq(carc_tileset_parse(v, text, strlen(text), ts, err, sizeof err), CARC_OK, "%s", err);
    size_t n = 0, len = 0;
    cr_assert_eq(carc_tileset_json(*ts, NULL, 0, &n), CARC_E_BUFFER);
    char *doc = malloc(n + 1);
    cr_assert_not_null(doc);
    cr_assert_eq(carc_tileset_json(*ts, doc, n + 1, &len), CARC_OK);
    return doc;
}

/* 0xF5..0xFF never start a UTF-8 sequence: F8 80 80 was copied as if it
 * were a three-byte one, and the document did not parse. */
Test(json_text, bytes_that_start_no_utf8_sequence_are_replaced)
{
    static const char text[] = "tileset odd\n"
                               "tile S\xF8\x80\x80 start\n"
                               "  edges RRR RRR RRR RRR\n"
                               "  feature road slots=1,4,7,10 id=r\xFF k\xF8\x80\x80=1 \xE9t\xE9=2\n";
    carc_tileset *ts = NULL;
    char *doc = tileset_json_of(text, &ts);
    jt_doc d;
    cr_assert_eq(jt_parse(&d, doc, strlen(doc)), 0, "not JSON: %s", d.error);
    const jt_node *type = jt_get(d.root, "types")->items[0];
    cr_assert_str_eq(jt_get(type, "tile")->string, "S\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    const jt_node *f = jt_get(type, "features")->items[0];
    cr_assert_str_eq(jt_get(f, "id")->string, "r\xEF\xBF\xBD");
    const jt_node *attrs = jt_get(f, "attributes");
    cr_assert_eq(attrs->length, 2);
    cr_assert_eq(jt_int(attrs, "k\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", 0), 1);
    cr_assert_eq(jt_int(attrs, "\xEF\xBF\xBDt\xEF\xBF\xBD", 0), 2); /* Latin-1 bytes, not UTF-8 */
    jt_free(&d);
    free(doc);
    carc_tileset_free(ts);
}

/* Attribute names are the keys of a feature's "attributes" object, so two
 * that a document would show alike (each byte that is not UTF-8 as U+FFFD,
 * or as U+FFFD itself written out) are refused as the set is read, naming
 * both; names alike byte for byte are one attribute, as always. */
Test(json_text, attribute_names_a_document_shows_alike_are_refused)
{
    static const struct {
        const char *first, *second;
    } alike[] = {
        {"bord\xBF" "ers", "bord\x98" "ers"},         /* two bytes that are not UTF-8 */
        {"k\xEF\xBF\xBD", "k\xFF"},                    /* U+FFFD itself, and such a byte */
        {"\xE9t\xE9", "\xE8t\xEF\xBF\xBD"},              /* Latin-1 bytes */
    };
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    for (size_t i = 0; i < sizeof alike / sizeof alike[0]; i++) {
        char text[256], err[200] = "", want[200];
        int len = snprintf(text, sizeof text,
                           "tileset odd\ntile S start\n  edges RRR RRR RRR RRR\n"
                           "  feature road slots=1,4,7,10 id=r1 %s=1\n"
                           "tile T\n  edges RRR RRR RRR RRR\n"
                           "  feature road slots=1,4,7,10 id=r1 %s=2\n",
                           alike[i].first, alike[i].second);
        carc_tileset *ts = NULL;
        cr_assert_eq(carc_tileset_parse(v, text, (size_t)len, &ts, err, sizeof err), CARC_E_PARSE, "pair %zu", i);
        cr_assert_null(ts);
        snprintf(want, sizeof want,
                 "line 7: attribute name %s reads as %s does once its bytes that are not UTF-8 are shown as U+FFFD; "
                 "name them apart",
                 alike[i].second, alike[i].first);
        cr_assert_str_eq(err, want, "pair %zu", i);
    }
    /* one byte apart where both are UTF-8, or the same bytes: taken */
    static const char text[] = "tileset odd\ntile S start\n  edges RRR RRR RRR RRR\n"
                               "  feature road slots=1,4,7,10 id=r1 k\xC3\xA9=1 k\xC3\xA8=2\n"
                               "tile T\n  edges RRR RRR RRR RRR\n"
                               "  feature road slots=1,4,7,10 id=r1 k\xC3\xA9=3\n";
    carc_tileset *ts = NULL;
    char *doc = tileset_json_of(text, &ts);
    int n = 0;
    cr_assert_eq(carc_tileset_attr_count(ts, &n), CARC_OK);
    cr_assert_eq(n, 2);
    free(doc);
    carc_tileset_free(ts);
}

/* Valid UTF-8 of every length goes through as it is. */
Test(json_text, utf8_names_are_kept)
{
    static const char text[] = "tileset utf8\n"
                               "tile S\xC3\xA9\xE2\x82\xAC\xF0\x9F\x8F\xB0 start\n"
                               "  edges RRR RRR RRR RRR\n"
                               "  feature road slots=1,4,7,10 id=r\n";
    carc_tileset *ts = NULL;
    char *doc = tileset_json_of(text, &ts);
    jt_doc d;
    cr_assert_eq(jt_parse(&d, doc, strlen(doc)), 0, "not JSON: %s", d.error);
    cr_assert_str_eq(jt_get(jt_get(d.root, "types")->items[0], "tile")->string, "S\xC3\xA9\xE2\x82\xAC\xF0\x9F\x8F\xB0");
    jt_free(&d);
    free(doc);
    carc_tileset_free(ts);
}
