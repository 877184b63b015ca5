/* A ruleset's own tile set with every tile copied k times, as text: what
 * the tests, benchmarks and the soak of large sets play on (base's 72 tiles
 * times 14 make 1,008). Plain C, no test framework. */
#ifndef CARC_TESTS_SCALED_SET_H
#define CARC_TESTS_SCALED_SET_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne_variant.h>

/* The text of v's tile set with every `tile` line's count times k (a line
 * without count= is one copy); malloc'd, its length in *len, or NULL when
 * out of memory. */
static inline char *scaled_tiles(const carc_variant *v, int k, size_t *len)
{
    size_t cap = v->tiles_len * 2 + 64, n_out = 0;
    char *text = malloc(cap);
    for (const char *p = v->tiles, *end = v->tiles + v->tiles_len; text && p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        if (n_out + n + 32 > cap) { /* a count grew by more digits than the room kept */
            free(text);
            return NULL;
        }
        const int tile = n > 5 && !strncmp(p, "tile ", 5);
        const char *c = NULL;
        for (size_t i = 0; tile && i + 7 <= n && !c; i++)
            if (!memcmp(p + i, " count=", 7)) c = p + i;
        if (c) {
            long copies = strtol(c + 7, NULL, 10);
            const char *after = c + 7 + strspn(c + 7, "0123456789");
            n_out += (size_t)snprintf(text + n_out, cap - n_out, "%.*s count=%ld%.*s", (int)(c - p), p, copies * k,
                                      (int)(p + n - after), after);
        } else if (tile) {
            size_t name = strcspn(p + 5, " \n") + 5;
            n_out += (size_t)snprintf(text + n_out, cap - n_out, "%.*s count=%d%.*s", (int)name, p, k,
                                      (int)(n - name), p + name);
        } else {
            memcpy(text + n_out, p, n);
            n_out += n;
        }
        p += n;
    }
    *len = n_out;
    return text;
}

#endif
