/* Moves as one line of text, in the words of saved games: "tile K 2 -1 1",
 * "figure shepherd f1", "pass", "action grow 7", "action hike 5 2 -1 p1".
 * An action the variant does not name is written as its six numbers. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const carc_action_desc *action_by_code(const carc_game *g, unsigned code)
{
    for (int i = 0; i < g->vt.action_count; i++)
        if (g->vt.actions[i].code == code) return &g->vt.actions[i];
    return NULL;
}

static const carc_action_desc *action_by_name(const carc_game *g, const char *name)
{
    for (int i = 0; i < g->vt.action_count; i++)
        if (strcmp(g->vt.actions[i].name, name) == 0) return &g->vt.actions[i];
    return NULL;
}

/* The type of the tile lying at (x,y), or -1. */
static int type_at(const carc_game *g, int x, int y)
{
    int ti = board_at(g, x, y);
    return ti >= 0 && g->tiles[ti].x == x && g->tiles[ti].y == y ? g->tiles[ti].type : -1;
}

int move_text(const carc_game *g, const carc_move *m, char *out, size_t cap)
{
    const carc_tileset *ts = g->ts;
    switch (m->kind) {
    case CARC_MOVE_TILE:
        /* only what carc_move_parse reads back: quarter turns 0..3 */
        if (m->tile >= ts->ntypes || m->rotation > 3) return -1;
        return snprintf(out, cap, "tile %s %d %d %d", ts->types[m->tile].name, m->x, m->y, m->rotation);
    case CARC_MOVE_FIGURE: {
        int type = type_at(g, m->x, m->y);
        if (type < 0 || m->feature >= ts->types[type].nfeat || m->figure >= g->vt.figure_count) return -1;
        return snprintf(out, cap, "figure %s %s", g->vt.figures[m->figure].name, ts->types[type].feat[m->feature].id);
    }
    case CARC_MOVE_PASS:
        return snprintf(out, cap, "pass");
    case CARC_MOVE_ACTION: {
        const carc_action_desc *a = action_by_code(g, m->action);
        if (!a)
            return snprintf(out, cap, "action %u %ld %d %d %u %u", m->action, (long)m->target, m->x, m->y, m->figure,
                            m->feature);
        int n = snprintf(out, cap, "action %s", a->name), k;
        size_t room = (size_t)n < cap ? cap - (size_t)n : 0;
        char *p = room ? out + n : NULL;
        if (a->args & CARC_ARG_TARGET) {
            k = snprintf(p, room, " %ld", (long)m->target);
            n += k, p = p && (size_t)k < room ? p + k : NULL, room = p ? room - (size_t)k : 0;
        }
        if (a->args & CARC_ARG_SQUARE) {
            k = snprintf(p, room, " %d %d", m->x, m->y);
            n += k, p = p && (size_t)k < room ? p + k : NULL, room = p ? room - (size_t)k : 0;
        }
        if (a->args & CARC_ARG_FEATURE) {
            int type = type_at(g, m->x, m->y);
            if (type < 0 || m->feature >= ts->types[type].nfeat) return -1;
            n += snprintf(p, room, " %s", ts->types[type].feat[m->feature].id);
        }
        return n;
    }
    default:
        return -1;
    }
}

/* A whole number as move text and saves write it: an optional '-' then
 * digits, no '+', no spaces, nothing outside [lo, hi]. */
int text_int(const char *s, long lo, long hi, long *out)
{
    const char *d = s[0] == '-' ? s + 1 : s;
    if (!*d || strlen(d) > 11) return -1;
    long long v = 0;
    for (; *d; d++) {
        if (*d < '0' || *d > '9') return -1;
        v = v * 10 + (*d - '0');
    }
    if (s[0] == '-') v = -v;
    if (v < lo || v > hi) return -1;
    *out = (long)v;
    return 0;
}

static int feature_of_type(const carc_game *g, int type, const char *id)
{
    for (int i = 0; i < g->ts->types[type].nfeat; i++)
        if (strcmp(g->ts->types[type].feat[i].id, id) == 0) return i;
    return -1;
}

int move_from_words(const carc_game *g, const char *const *w, int n, carc_move *m)
{
    memset(m, 0, sizeof *m);
    long a, b, c, d, e, f;
    if (n < 1) return CARC_E_PARSE;
    if (strcmp(w[0], "pass") == 0 && n == 1) {
        m->kind = CARC_MOVE_PASS;
        return CARC_OK;
    }
    if (strcmp(w[0], "tile") == 0 && n == 5) {
        int t;
        if (carc_tileset_find(g->ts, w[1], &t)) return CARC_E_NOT_FOUND;
        if (text_int(w[2], -32768, 32767, &a) || text_int(w[3], -32768, 32767, &b) || text_int(w[4], 0, 3, &c))
            return CARC_E_PARSE;
        *m = (carc_move){.kind = CARC_MOVE_TILE, .tile = (uint16_t)t, .x = (int16_t)a, .y = (int16_t)b,
                         .rotation = (uint8_t)c};
        return CARC_OK;
    }
    if (strcmp(w[0], "figure") == 0 && (n == 3 || n == 5)) {
        /* the square is the tile placed this turn unless given (older saves give it) */
        if (n == 5) {
            if (text_int(w[3], -32768, 32767, &a) || text_int(w[4], -32768, 32767, &b)) return CARC_E_PARSE;
        } else {
            if (g->turn_tile < 0) return CARC_E_PHASE;
            a = g->tiles[g->turn_tile].x;
            b = g->tiles[g->turn_tile].y;
        }
        int k = -1, type = type_at(g, (int)a, (int)b);
        for (int i = 0; i < g->vt.figure_count; i++)
            if (strcmp(g->vt.figures[i].name, w[1]) == 0) k = i;
        int fe = type < 0 ? -1 : feature_of_type(g, type, w[2]);
        if (k < 0 || fe < 0) return CARC_E_NOT_FOUND;
        *m = (carc_move){.kind = CARC_MOVE_FIGURE, .figure = (uint8_t)k, .feature = (uint8_t)fe, .x = (int16_t)a,
                         .y = (int16_t)b};
        return CARC_OK;
    }
    if (strcmp(w[0], "action") != 0 || n < 2) return CARC_E_PARSE;
    if (n == 7 && text_int(w[1], 0, 65535, &a) == 0) { /* an action without a name: its six numbers */
        if (text_int(w[2], INT32_MIN, INT32_MAX, &b) || text_int(w[3], -32768, 32767, &c) ||
            text_int(w[4], -32768, 32767, &d) || text_int(w[5], 0, 255, &e) || text_int(w[6], 0, 255, &f))
            return CARC_E_PARSE;
        *m = (carc_move){.kind = CARC_MOVE_ACTION, .action = (uint16_t)a, .target = (int32_t)b, .x = (int16_t)c,
                         .y = (int16_t)d, .figure = (uint8_t)e, .feature = (uint8_t)f};
        return CARC_OK;
    }
    /* an action name starts with a letter (variant_check); anything else is
     * the six-number form cut short or with a code past 65535 */
    char c0 = w[1][0];
    if (!((c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z'))) return CARC_E_PARSE;
    const carc_action_desc *act = action_by_name(g, w[1]);
    if (!act) return CARC_E_NOT_FOUND;
    int want = 2 + !!(act->args & CARC_ARG_TARGET) + 2 * !!(act->args & CARC_ARG_SQUARE) +
               !!(act->args & CARC_ARG_FEATURE);
    if (n != want) return CARC_E_PARSE;
    *m = (carc_move){.kind = CARC_MOVE_ACTION, .action = (uint16_t)act->code};
    int i = 2;
    if (act->args & CARC_ARG_TARGET) {
        if (text_int(w[i++], INT32_MIN, INT32_MAX, &a)) return CARC_E_PARSE;
        m->target = (int32_t)a;
    }
    if (act->args & CARC_ARG_SQUARE) {
        if (text_int(w[i], -32768, 32767, &a) || text_int(w[i + 1], -32768, 32767, &b)) return CARC_E_PARSE;
        m->x = (int16_t)a;
        m->y = (int16_t)b;
        i += 2;
    }
    if (act->args & CARC_ARG_FEATURE) {
        int type = type_at(g, m->x, m->y), fe = type < 0 ? -1 : feature_of_type(g, type, w[i]);
        if (fe < 0) return CARC_E_NOT_FOUND;
        m->feature = (uint8_t)fe;
    }
    return CARC_OK;
}

#define TEXT_WORDS 8
#define WORD_MAX (CARC_NAME_MAX + 1)

int carc_move_format(const carc_game *g, const carc_move *m, char *buf, size_t cap, size_t *len)
{
    if (!g || !m || !len) return CARC_E_NULL;
    char line[512];
    int n = move_text(g, m, line, sizeof line);
    if (n < 0 || (size_t)n >= sizeof line) return CARC_E_INVALID;
    /* a figure on another tile than this turn's: its square too, so the
     * text reads back as the same move (saves need not: each figure move
     * there follows its own tile) */
    if (m->kind == CARC_MOVE_FIGURE &&
        (g->turn_tile < 0 || g->tiles[g->turn_tile].x != m->x || g->tiles[g->turn_tile].y != m->y))
        n += snprintf(line + n, sizeof line - (size_t)n, " %d %d", m->x, m->y);
    *len = (size_t)n;
    if (!buf || cap <= (size_t)n) return buf ? CARC_E_BUFFER : CARC_OK;
    memcpy(buf, line, (size_t)n + 1);
    return CARC_OK;
}

int carc_move_parse(const carc_game *g, const char *text, size_t len, carc_move *out)
{
    if (!g || !text || !out) return CARC_E_NULL;
    char words[TEXT_WORDS][WORD_MAX];
    const char *ptr[TEXT_WORDS];
    int n = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
        if (i == len || text[i] == '\n' || text[i] == '\r' || text[i] == 0) break;
        size_t s = i;
        while (i < len && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r' && text[i] != 0) i++;
        if (n == TEXT_WORDS || i - s >= WORD_MAX) return CARC_E_PARSE;
        memcpy(words[n], text + s, i - s);
        words[n][i - s] = 0;
        ptr[n] = words[n];
        n++;
    }
    /* one line: only blanks may follow it */
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) i++;
    if (i < len) return CARC_E_PARSE;
    carc_move m;
    int r = move_from_words(g, ptr, n, &m);
    if (r == CARC_OK) *out = m;
    return r;
}
