/* Tree reuse: where the position of this run lies in the tree of the last
 * one. The moves played since are read from the game's save (the last
 * root's save is the start of it), replayed on a copy of the last root,
 * and the chance after each is looked at as an iteration looks at it. The
 * replay must end in the very position searched now (the same save), which
 * holds when the game drew its own tiles since: the copy carries the same
 * generator. */
#include <stdlib.h>
#include <string.h>

#include "search.h"

static char *save_text(const carc_game *g, size_t *len)
{
    if (carc_game_save(g, NULL, 0, len) != CARC_E_BUFFER) return NULL;
    char *text = malloc(*len + 1);
    if (text && carc_game_save(g, text, *len + 1, len) != CARC_OK) {
        free(text);
        return NULL;
    }
    return text;
}

/* Length of the part of a save that later saves of the same game repeat:
 * everything before the lines that describe the present (queued draws, end). */
static size_t history_length(const char *text, size_t len)
{
    size_t keep = 0, at = 0;
    while (at < len) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        if (strncmp(text + at, "next-", 5) != 0 && strncmp(text + at, "end", 3) != 0) keep = end;
        at = end;
    }
    return keep;
}

/* Replays the move lines of `lines` on c, keeping each move and the key
 * of what followed it. Returns the number replayed, or -1. */
static int replay(const struct carc_search *s, carc_game *c, const char *lines, size_t len, carc_move *moves,
                  uint64_t *keys, int cap)
{
    int n = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(lines + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - lines) : len;
        if (end - at > 5 && memcmp(lines + at, "move ", 5) == 0) {
            carc_move m;
            int player;
            if (n == cap || carc_move_parse(c, lines + at + 5, end - at - 5, &m) != CARC_OK ||
                carc_game_apply(c, &m) != CARC_OK)
                return -1;
            moves[n] = m;
            keys[n++] = search_observe(s, c, &player);
        }
        at = end + 1;
    }
    return n;
}

int reuse_path(const struct carc_search *s, carc_game *before, const carc_game *now, carc_move *moves,
               uint64_t *keys, int cap, int *n)
{
    size_t la, lb, lc;
    char *a = save_text(before, &la), *b = save_text(now, &lb), *c_text = NULL;
    carc_game *c = NULL;
    int found = 0;
    size_t common = a ? history_length(a, la) : 0;
    if (a && b && common <= lb && memcmp(a, b, common) == 0 && carc_game_clone(before, &c) == CARC_OK) {
        *n = replay(s, c, b + common, history_length(b, lb) - common, moves, keys, cap);
        c_text = *n >= 0 ? save_text(c, &lc) : NULL;
        found = c_text && lc == lb && memcmp(c_text, b, lb) == 0;
    }
    free(a);
    free(b);
    free(c_text);
    carc_game_free(c);
    return found;
}

uint32_t reuse_follow(const tree *t, const carc_move *moves, const uint64_t *keys, int n)
{
    uint32_t at = t->root;
    for (int i = 0; i < n && at; i++) {
        const snode *nd = &t->nodes[at];
        uint32_t next = 0;
        for (uint32_t e = nd->edges; e < nd->edges + nd->tried && !next; e++)
            if (move_equal(&t->edges[e].move, &moves[i])) next = tree_outcome(t, e, keys[i]);
        at = next;
    }
    return at;
}
