/* A JSON writer into a caller's buffer, for the documents of
 * state_json.c and tileset_json.c. Like the save writer it formats
 * straight into the buffer while there is room (one byte kept for the NUL)
 * and past that only counts, so the caller learns the size it needs.
 * Members and elements are written with their separators; objects and
 * arrays near the top start each member on a line of its own, deeper ones
 * are compact, so a document reads well and stays small. */
#ifndef CARC_JSON_H
#define CARC_JSON_H

#include <stddef.h>

/* Documents are written a few times a game at most, by clients, never in a
 * bot's or a playout's loop: their code is marked cold, so the compiler
 * optimises it for size and, with LTO, spends none of the whole library's
 * inlining budget on it (without the mark, adding it took inlining away
 * from hot helpers of the turn and raised the instructions of a random
 * game by 1 to 4 %; docs/performance.md). */
#if defined(__GNUC__)
#define JSON_COLD __attribute__((cold))
#else
#define JSON_COLD
#endif

#define JSON_MAX_DEPTH 16
#define JSON_PRETTY_DEPTH 2 /* members of the top object and of its children get lines of their own */

typedef struct json_out {
    char *buf;
    size_t cap, len;
    int depth;
    unsigned char first[JSON_MAX_DEPTH]; /* no member written yet at this depth */
} json_out;

JSON_COLD void json_init(json_out *o, char *buf, size_t cap);
/* A member `key` (NULL for an array element or the top value) opening an object or an array. */
JSON_COLD void json_object(json_out *o, const char *key);
JSON_COLD void json_array(json_out *o, const char *key);
JSON_COLD void json_end(json_out *o, char close); /* '}' or ']' */
JSON_COLD void json_int(json_out *o, const char *key, long value);
JSON_COLD void json_bool(json_out *o, const char *key, int value);
JSON_COLD void json_null(json_out *o, const char *key);
/* A string: bytes that are not valid UTF-8 come out as U+FFFD, control
 * bytes escaped, so the document is valid JSON whatever a tile set names. */
JSON_COLD void json_str(json_out *o, const char *key, const char *s);
/* Whether strings a and b come out as the same JSON text (json_str): true
 * for the same bytes, and for names that differ only where a byte that is
 * not UTF-8 (shown as U+FFFD) stands against another such byte or U+FFFD. */
JSON_COLD int json_same_text(const char *a, const char *b);
/* An integer, or null when !present (a tile index that does not exist yet). */
JSON_COLD void json_int_or_null(json_out *o, const char *key, long value, int present);
/* Finishes the document: the NUL, and the status of carc_game_save's
 * contract (CARC_OK when it fitted, else CARC_E_BUFFER), *len the length. */
JSON_COLD int json_finish(json_out *o, size_t *len);

#endif
