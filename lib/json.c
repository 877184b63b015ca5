/* The JSON writer of json.h. */
#include "json.h"

#include <string.h>

#include "carcassonne.h"

JSON_COLD void json_init(json_out *o, char *buf, size_t cap)
{
    memset(o, 0, sizeof *o);
    o->buf = buf;
    o->cap = buf ? cap : 0;
    o->first[0] = 1;
}

JSON_COLD static void put_bytes(json_out *o, const char *s, size_t n)
{
    if (o->buf && o->len < o->cap) {
        size_t room = o->cap - o->len - 1; /* the NUL's byte */
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

/* Decimal digits by hand: vsnprintf was half the cost of a document, which
 * is mostly small integers. */
JSON_COLD static void put_long(json_out *o, long value)
{
    char tmp[24], *end = tmp + sizeof tmp, *p = end;
    unsigned long u = value < 0 ? 0ul - (unsigned long)value : (unsigned long)value;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (value < 0) *--p = '-';
    put_bytes(o, p, (size_t)(end - p));
}

/* The length of the valid UTF-8 sequence at s (1..4), or 0 if it is not one. */
JSON_COLD static size_t utf8_length(const unsigned char *s)
{
    size_t n = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
               : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
               : s[0] >= 0xC2 && s[0] < 0xE0  ? 2
                                              : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0))) return 0; /* overlong, surrogate */
    /* overlong, past U+10FFFF */
    if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))) return 0;
    return n;
}

JSON_COLD static void put_string(json_out *o, const char *s)
{
    put_bytes(o, "\"", 1);
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        size_t n;
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            put_bytes(o, esc, 2);
            p++;
        } else if (*p < 0x20 || *p == 0x7F) {
            char esc[6] = {'\\', 'u', '0', '0', "0123456789abcdef"[*p >> 4], "0123456789abcdef"[*p & 15]};
            put_bytes(o, esc, 6);
            p++;
        } else if (*p < 0x80) { /* a run of plain ASCII in one copy */
            const unsigned char *q = p;
            while (*q >= 0x20 && *q < 0x7F && *q != '"' && *q != '\\') q++;
            put_bytes(o, (const char *)p, (size_t)(q - p));
            p = q;
        } else if ((n = utf8_length(p)) > 0) {
            put_bytes(o, (const char *)p, n);
            p += n;
        } else {
            put_bytes(o, "\\ufffd", 6);
            p++;
        }
    }
    put_bytes(o, "\"", 1);
}

/* The next character of s as json_str shows it: its UTF-8 bytes in *out
 * (U+FFFD's for a byte that is not UTF-8); returns how many of s it takes. */
JSON_COLD static size_t shown_char(const unsigned char *s, const unsigned char **out, size_t *n)
{
    size_t k = *s < 0x80 ? 1 : utf8_length(s);
    *out = k ? s : (const unsigned char *)"\xEF\xBF\xBD";
    *n = k ? k : 3;
    return k ? k : 1;
}

JSON_COLD int json_same_text(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    while (*p && *q) {
        const unsigned char *sp, *sq;
        size_t np, nq;
        p += shown_char(p, &sp, &np);
        q += shown_char(q, &sq, &nq);
        if (np != nq || memcmp(sp, sq, np)) return 0;
    }
    return !*p && !*q;
}

/* The separator, the line break and indent near the top, and the key. */
JSON_COLD static void member(json_out *o, const char *key)
{
    int d = o->depth;
    if (!o->first[d]) put_bytes(o, ",", 1);
    o->first[d] = 0;
    if (d > 0 && d <= JSON_PRETTY_DEPTH) {
        put_bytes(o, "\n", 1);
        for (int i = 0; i < d; i++) put_bytes(o, "  ", 2);
    }
    if (key) {
        put_string(o, key);
        put_bytes(o, ":", 1);
    }
}

JSON_COLD static void open_nested(json_out *o, const char *key, const char *bracket)
{
    member(o, key);
    put_bytes(o, bracket, 1);
    if (o->depth + 1 < JSON_MAX_DEPTH) o->depth++;
    o->first[o->depth] = 1;
}

JSON_COLD void json_object(json_out *o, const char *key) { open_nested(o, key, "{"); }

JSON_COLD void json_array(json_out *o, const char *key) { open_nested(o, key, "["); }

JSON_COLD void json_end(json_out *o, char close)
{
    int d = o->depth;
    if (d > 0) o->depth--;
    if (!o->first[d] && d <= JSON_PRETTY_DEPTH) {
        put_bytes(o, "\n", 1);
        for (int i = 0; i < o->depth; i++) put_bytes(o, "  ", 2);
    }
    put_bytes(o, &close, 1);
}

JSON_COLD void json_int(json_out *o, const char *key, long value)
{
    member(o, key);
    put_long(o, value);
}

JSON_COLD void json_bool(json_out *o, const char *key, int value)
{
    member(o, key);
    put_bytes(o, value ? "true" : "false", value ? 4 : 5);
}

JSON_COLD void json_null(json_out *o, const char *key)
{
    member(o, key);
    put_bytes(o, "null", 4);
}

JSON_COLD void json_int_or_null(json_out *o, const char *key, long value, int present)
{
    if (present) json_int(o, key, value);
    else json_null(o, key);
}

JSON_COLD void json_str(json_out *o, const char *key, const char *s)
{
    member(o, key);
    put_string(o, s);
}

JSON_COLD int json_finish(json_out *o, size_t *len)
{
    put_bytes(o, "\n", 1);
    *len = o->len;
    if (o->buf && o->cap > o->len) {
        o->buf[o->len] = 0;
        return CARC_OK;
    }
    if (o->buf && o->cap > 0) o->buf[o->cap - 1] = 0; /* what fitted, as a string */
    return CARC_E_BUFFER;
}
