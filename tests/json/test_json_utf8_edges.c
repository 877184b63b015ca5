/* The byte sequences that look like UTF-8 by their lead and continuation
 * bytes but are not (RFC 3629): overlong forms of three and four bytes,
 * UTF-16 surrogates and code points past U+10FFFF. Each comes out of a
 * JSON document as one U+FFFD a byte, like any other invalid byte, and
 * the sequences just inside each edge go through as they are. (The
 * mutation run, docs/fuzzing.md: a mutant that let overlong and surrogate
 * three-byte sequences through survived.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <carcassonne.h>

#include "json_tree.h"

#define FFFD "\xEF\xBF\xBD"

/* The tile name the JSON document of a one-tile set gives tile `name`. */
static void json_name_of(const char *name, char *out, size_t cap)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    char text[256], err[160];
    int len = snprintf(text, sizeof text,
                       "tileset edges\ntile S%s start\n  edges RRR RRR RRR RRR\n  feature road slots=1,4,7,10 id=r\n",
                       name);
    carc_tileset *ts = NULL;
    cr_assert_eq(carc_tileset_parse(v, text, (size_t)len, &ts, err, sizeof err), CARC_OK, "%s", err);
    size_t n = 0, got = 0;
    cr_assert_eq(carc_tileset_json(ts, NULL, 0, &n), CARC_E_BUFFER);
    char *doc = malloc(n + 1);
    cr_assert_not_null(doc);
    cr_assert_eq(carc_tileset_json(ts, doc, n + 1, &got), CARC_OK);
    jt_doc d;
    cr_assert_eq(jt_parse(&d, doc, got), 0, "not JSON: %s", d.error);
    snprintf(out, cap, "%s", jt_get(jt_get(d.root, "types")->items[0], "tile")->string);
    jt_free(&d);
    free(doc);
    carc_tileset_free(ts);
}

static void named(const char *raw, const char *want, const char *what)
{
    char got[128];
    json_name_of(raw, got, sizeof got);
    char full[128];
    snprintf(full, sizeof full, "S%s", want);
    cr_assert_str_eq(got, full, "%s", what);
}

Test(json_utf8_edges, overlong_and_surrogate_three_byte_sequences_are_replaced)
{
    named("\xE0\x80\x80", FFFD FFFD FFFD, "U+0000 in three bytes (overlong)");
    named("\xE0\x9F\xBF", FFFD FFFD FFFD, "U+07FF in three bytes (overlong)");
    named("\xED\xA0\x80", FFFD FFFD FFFD, "U+D800, a surrogate");
    named("\xED\xBF\xBF", FFFD FFFD FFFD, "U+DFFF, a surrogate");
    named("\xE0\xA0\x80", "\xE0\xA0\x80", "U+0800, the first three-byte code point");
    named("\xED\x9F\xBF", "\xED\x9F\xBF", "U+D7FF, just below the surrogates");
    named("\xE1\x80\x80", "\xE1\x80\x80", "U+1000");
}

Test(json_utf8_edges, overlong_and_too_high_four_byte_sequences_are_replaced)
{
    named("\xF0\x8F\xBF\xBF", FFFD FFFD FFFD FFFD, "U+FFFF in four bytes (overlong)");
    named("\xF4\x90\x80\x80", FFFD FFFD FFFD FFFD, "U+110000, past the last code point");
    named("\xF0\x90\x80\x80", "\xF0\x90\x80\x80", "U+10000, the first four-byte code point");
    named("\xF4\x8F\xBF\xBF", "\xF4\x8F\xBF\xBF", "U+10FFFF, the last code point");
}
