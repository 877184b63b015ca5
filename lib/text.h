/* Reading the library's line-based texts (tile sets, saved games, move
 * text) and naming what is wrong with them: one line reader, one word
 * splitter, one whole-number parser and one rule for names, so the formats
 * agree on what a word, a number and a name are. */
#ifndef CARC_TEXT_H
#define CARC_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A piece of a text: s[0..n), not NUL-terminated. */
typedef struct text_span {
    const char *s;
    size_t n;
} text_span;

/* A text read a line at a time. */
typedef struct text_reader {
    const char *p, *end;
    int line;     /* number of the line last read, from 1 */
    char comment; /* a byte that starts a comment running to the end of the line, or 0 */
} text_reader;

static inline void text_start(text_reader *r, const char *text, size_t len, char comment)
{
    r->p = text;
    r->end = text + len;
    r->line = 0;
    r->comment = comment;
}

/* The next line, without its newline and comment. Returns 1, 0 at the end
 * of the text, or -1 for a line holding a NUL byte (r->line is its number). */
int text_line(text_reader *r, text_span *line);

/* Splits the next word off the front of *rest (words are separated by
 * spaces, tabs and carriage returns). Returns 0 when no word is left. */
int text_word(text_span *rest, text_span *word);

/* Splits the next item off a comma-separated list in *rest. Returns 0 when
 * the list is used up; an empty item (",," or a trailing comma) is returned
 * as one of length 0 for the caller to refuse. */
int text_item(text_span *rest, text_span *item);

/* Whether a word is the string s. */
static inline int text_is(text_span w, const char *s)
{
    size_t n = strlen(s);
    return w.n == n && memcmp(w.s, s, n) == 0;
}

/* What text_number() makes of a word. */
enum text_number_result {
    TEXT_NUMBER = 0,     /* a whole number within the range asked for */
    TEXT_NOT_NUMBER = -1,/* not an optional '-' followed by decimal digits only */
    TEXT_OUT_OF_RANGE = -2 /* a whole number (of any length) outside the range */
};

/* Reads a whole number: an optional '-' and one or more decimal digits,
 * nothing else (no '+', no blanks), however many digits, checked against
 * [lo, hi]. Returns one of enum text_number_result; *out is set only for
 * TEXT_NUMBER. */
int text_number(text_span w, long long lo, long long hi, long long *out);

/* The same for an unsigned 64-bit number (no '-'), up to `max`. */
int text_unsigned(text_span w, uint64_t max, uint64_t *out);

/* Whether a word may be a name: 1 to max bytes with no control byte and,
 * when `blanks` is 0, no space either. */
int text_name_ok(const char *s, size_t n, size_t max, int blanks);

/* Writes "line N: " (when line > 0) and the message into err[0..cap), cut
 * to fit; nothing when err is NULL or cap 0. */
void text_verror(char *err, size_t cap, int line, const char *fmt, va_list ap);

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void text_error(char *err, size_t cap, int line, const char *fmt, ...);

#endif
