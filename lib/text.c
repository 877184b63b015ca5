/* The line reader, word splitter, number parser and name rule shared by
 * the tile-set parser, the save loader, move text and variant checks. */
#include "text.h"

#include <limits.h>
#include <stdio.h>

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

int text_line(text_reader *r, text_span *line)
{
    if (r->p >= r->end) return 0;
    r->line++;
    const char *eol = memchr(r->p, '\n', (size_t)(r->end - r->p));
    if (!eol) eol = r->end;
    const char *stop = r->comment ? memchr(r->p, r->comment, (size_t)(eol - r->p)) : NULL;
    line->s = r->p;
    line->n = (size_t)((stop ? stop : eol) - r->p);
    r->p = eol < r->end ? eol + 1 : r->end;
    return memchr(line->s, 0, line->n) ? -1 : 1;
}

int text_word(text_span *rest, text_span *word)
{
    const char *p = rest->s, *end = rest->s + rest->n;
    while (p < end && blank(*p)) p++;
    if (p == end) {
        rest->s = end;
        rest->n = 0;
        return 0;
    }
    const char *q = p;
    while (q < end && !blank(*q)) q++;
    word->s = p;
    word->n = (size_t)(q - p);
    rest->s = q;
    rest->n = (size_t)(end - q);
    return 1;
}

int text_item(text_span *rest, text_span *item)
{
    if (!rest->s) return 0;
    const char *comma = memchr(rest->s, ',', rest->n);
    item->s = rest->s;
    item->n = comma ? (size_t)(comma - rest->s) : rest->n;
    if (comma) {
        rest->n -= item->n + 1;
        rest->s = comma + 1;
    } else {
        rest->s = NULL; /* used up: the next call says so, even after an empty last item */
        rest->n = 0;
    }
    return 1;
}

int text_unsigned(text_span w, uint64_t max, uint64_t *out)
{
    if (w.n == 0) return TEXT_NOT_NUMBER;
    uint64_t v = 0;
    int over = 0;
    for (size_t i = 0; i < w.n; i++) {
        if (w.s[i] < '0' || w.s[i] > '9') return TEXT_NOT_NUMBER;
        unsigned d = (unsigned)(w.s[i] - '0');
        if (v > (UINT64_MAX - d) / 10) over = 1; /* keep reading: a later byte may make it no number */
        else v = v * 10 + d;
    }
    if (over || v > max) return TEXT_OUT_OF_RANGE;
    *out = v;
    return TEXT_NUMBER;
}

int text_number(text_span w, long long lo, long long hi, long long *out)
{
    int neg = w.n > 0 && w.s[0] == '-';
    text_span digits = {w.s + neg, w.n - (size_t)neg};
    uint64_t mag;
    int r = text_unsigned(digits, UINT64_MAX, &mag);
    if (r == TEXT_NOT_NUMBER) return r;
    /* the magnitudes of long long: up to 2^63 below zero, 2^63 - 1 above */
    uint64_t room = neg ? (uint64_t)LLONG_MAX + 1 : (uint64_t)LLONG_MAX;
    if (r == TEXT_OUT_OF_RANGE || mag > room) return TEXT_OUT_OF_RANGE;
    long long v = neg ? (mag == room ? LLONG_MIN : -(long long)mag) : (long long)mag;
    if (v < lo || v > hi) return TEXT_OUT_OF_RANGE;
    *out = v;
    return TEXT_NUMBER;
}

int text_name_ok(const char *s, size_t n, size_t max, int blanks)
{
    if (!s || n == 0 || n > max) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f || (c == ' ' && !blanks)) return 0;
    }
    return 1;
}

void text_verror(char *err, size_t cap, int line, const char *fmt, va_list ap)
{
    if (!err || !cap) return;
    int n = line > 0 ? snprintf(err, cap, "line %d: ", line) : 0;
    if (n < 0) n = 0;
    if ((size_t)n < cap) vsnprintf(err + n, cap - (size_t)n, fmt, ap);
}

void text_error(char *err, size_t cap, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_verror(err, cap, line, fmt, ap);
    va_end(ap);
}
