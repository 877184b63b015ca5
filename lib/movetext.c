/* Moves as one line of text, in the words of saved games: "tile K 2 -1 1",
 * "figure shepherd f1", "pass", "action grow 7", "action hike 5 2 -1 p1".
 * An action the variant does not name is written as its six numbers. */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "text.h"

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

/* Whether the feature a named action's FEATURE argument gives lies on the
 * move's square: the text of such an action says the feature by its id, so
 * without it the move cannot be written (an action without a name, or one
 * taking no feature, always can). */
static int action_feature_exists(const carc_game *g, const carc_move *m)
{
    const carc_action_desc *a = action_by_code(g, m->action);
    if (!a || !(a->args & CARC_ARG_FEATURE)) return 1;
    int type = type_at(g, m->x, m->y);
    return type >= 0 && m->feature < g->ts->types[type].nfeat;
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
            if (!action_feature_exists(g, m)) return -1;
            n += snprintf(p, room, " %s", ts->types[type_at(g, m->x, m->y)].feat[m->feature].id);
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
    long long v;
    if (text_number((text_span){s, strlen(s)}, lo, hi, &v) != TEXT_NUMBER) return -1;
    *out = (long)v;
    return 0;
}

static int feature_of_type(const carc_game *g, int type, const char *id)
{
    for (int i = 0; i < g->ts->types[type].nfeat; i++)
        if (strcmp(g->ts->types[type].feat[i].id, id) == 0) return i;
    return -1;
}

/* A square's two coordinates. */
static int read_square(const char *const *w, int16_t *x, int16_t *y)
{
    long a, b;
    if (text_int(w[0], -32768, 32767, &a) || text_int(w[1], -32768, 32767, &b)) return CARC_E_PARSE;
    *x = (int16_t)a;
    *y = (int16_t)b;
    return CARC_OK;
}

static int words_pass(const carc_game *g, const char *const *w, int n, carc_move *m)
{
    (void)g;
    (void)w;
    if (n != 1) return CARC_E_PARSE;
    m->kind = CARC_MOVE_PASS;
    return CARC_OK;
}

/* tile ID X Y ROTATION */
static int words_tile(const carc_game *g, const char *const *w, int n, carc_move *m)
{
    int t;
    long rot;
    if (n != 5) return CARC_E_PARSE;
    if (carc_tileset_find(g->ts, w[1], &t)) return CARC_E_NOT_FOUND;
    if (read_square(w + 2, &m->x, &m->y) || text_int(w[4], 0, 3, &rot)) return CARC_E_PARSE;
    m->kind = CARC_MOVE_TILE;
    m->tile = (uint16_t)t;
    m->rotation = (uint8_t)rot;
    return CARC_OK;
}

/* figure KIND FEATURE [X Y]: the square is the tile placed this turn
 * unless given (older saves give it). */
static int words_figure(const carc_game *g, const char *const *w, int n, carc_move *m)
{
    if (n != 3 && n != 5) return CARC_E_PARSE;
    if (n == 5) {
        if (read_square(w + 3, &m->x, &m->y)) return CARC_E_PARSE;
    } else {
        if (g->turn_tile < 0) return CARC_E_PHASE;
        m->x = g->tiles[g->turn_tile].x;
        m->y = g->tiles[g->turn_tile].y;
    }
    int k = -1, type = type_at(g, m->x, m->y);
    for (int i = 0; i < g->vt.figure_count; i++)
        if (strcmp(g->vt.figures[i].name, w[1]) == 0) k = i;
    int fe = type < 0 ? -1 : feature_of_type(g, type, w[2]);
    if (k < 0 || fe < 0) return CARC_E_NOT_FOUND;
    m->kind = CARC_MOVE_FIGURE;
    m->figure = (uint8_t)k;
    m->feature = (uint8_t)fe;
    return CARC_OK;
}

/* action CODE TARGET X Y FIGURE FEATURE: an action without a name. */
static int words_action_numbers(const char *const *w, carc_move *m)
{
    long a, b, e, f;
    if (text_int(w[1], 0, 65535, &a) || text_int(w[2], INT32_MIN, INT32_MAX, &b) || read_square(w + 3, &m->x, &m->y) ||
        text_int(w[5], 0, 255, &e) || text_int(w[6], 0, 255, &f))
        return CARC_E_PARSE;
    m->kind = CARC_MOVE_ACTION;
    m->action = (uint16_t)a;
    m->target = (int32_t)b;
    m->figure = (uint8_t)e;
    m->feature = (uint8_t)f;
    return CARC_OK;
}

/* action NAME, then the words its args declare: target, x y, feature. */
static int words_action(const carc_game *g, const char *const *w, int n, carc_move *m)
{
    long a;
    if (n < 2) return CARC_E_PARSE;
    if (n == 7 && text_int(w[1], 0, 65535, &a) == 0) {
        /* six numbers for a named action that takes a feature: that feature
         * must lie on the square, as its named form requires, or the move
         * read could not be written (fuzz_movetext found "action 1 -12 3
         * -4 1 2" read for a hike off the board) */
        int r = words_action_numbers(w, m);
        return r == CARC_OK && !action_feature_exists(g, m) ? CARC_E_NOT_FOUND : r;
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
    m->kind = CARC_MOVE_ACTION;
    m->action = (uint16_t)act->code;
    int i = 2;
    if (act->args & CARC_ARG_TARGET) {
        if (text_int(w[i++], INT32_MIN, INT32_MAX, &a)) return CARC_E_PARSE;
        m->target = (int32_t)a;
    }
    if (act->args & CARC_ARG_SQUARE) {
        if (read_square(w + i, &m->x, &m->y)) return CARC_E_PARSE;
        i += 2;
    }
    if (act->args & CARC_ARG_FEATURE) {
        int type = type_at(g, m->x, m->y), fe = type < 0 ? -1 : feature_of_type(g, type, w[i]);
        if (fe < 0) return CARC_E_NOT_FOUND;
        m->feature = (uint8_t)fe;
    }
    return CARC_OK;
}

typedef int (*words_reader)(const carc_game *g, const char *const *w, int n, carc_move *m);
static const struct {
    const char *word;
    words_reader read;
} move_words[] = {
    {"pass", words_pass}, {"tile", words_tile}, {"figure", words_figure}, {"action", words_action},
};

int move_from_words(const carc_game *g, const char *const *w, int n, carc_move *m)
{
    memset(m, 0, sizeof *m);
    if (n < 1) return CARC_E_PARSE;
    for (size_t i = 0; i < sizeof move_words / sizeof move_words[0]; i++)
        if (strcmp(w[0], move_words[i].word) == 0) {
            int r = move_words[i].read(g, w, n, m);
            if (r) memset(m, 0, sizeof *m);
            return r;
        }
    return CARC_E_PARSE;
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
    /* one line: only blanks and line ends may follow it, and no NUL byte anywhere */
    if (memchr(text, 0, len)) return CARC_E_PARSE;
    const char *nl = memchr(text, '\n', len);
    text_span line = {text, nl ? (size_t)(nl - text) : len}, rest = {nl, nl ? len - line.n : 0}, w;
    for (size_t i = 0; i < rest.n; i++)
        if (rest.s[i] != '\n' && rest.s[i] != ' ' && rest.s[i] != '\t' && rest.s[i] != '\r') return CARC_E_PARSE;
    char words[TEXT_WORDS][WORD_MAX];
    const char *ptr[TEXT_WORDS];
    int n = 0;
    while (text_word(&line, &w)) {
        if (n == TEXT_WORDS || w.n >= WORD_MAX) return CARC_E_PARSE;
        memcpy(words[n], w.s, w.n);
        words[n][w.n] = 0;
        ptr[n] = words[n];
        n++;
    }
    carc_move m;
    int r = move_from_words(g, ptr, n, &m);
    if (r == CARC_OK) *out = m;
    return r;
}
