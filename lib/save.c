/* Saved games: a line-based text of the options and every draw and move,
 * replayed on load (format: docs/save-format.md). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define SAVE_MAGIC "carcassonne-save 2"
/* version 1 wrote figure moves with their square and actions as six numbers; it still loads */

typedef struct out_buf {
    char *buf;
    size_t cap, len;
} out_buf;

/* Formats straight into the caller's buffer while it has room (one byte is
 * kept for the final NUL); past that only the length is counted, so lines
 * of any length come out whole or not at all. */
static void put(out_buf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->buf && o->len < o->cap ? o->cap - o->len : 0;
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    o->len += (size_t)n;
}

static void put_move(out_buf *o, const carc_game *g, const carc_move *m)
{
    char text[512];
    int n = move_text(g, m, text, sizeof text);
    if (n < 0 || (size_t)n >= sizeof text) /* cannot happen for a move the game accepted */
        snprintf(text, sizeof text, "action %u %ld %d %d %u %u", m->action, (long)m->target, m->x, m->y, m->figure,
                 m->feature);
    put(o, "move %s\n", text);
}

int carc_game_save(const carc_game *g, char *buf, size_t cap, size_t *len)
{
    if (!g || !len) return CARC_E_NULL;
    out_buf o = {buf, cap, 0};
    put(&o, SAVE_MAGIC "\n");
    put(&o, "variant %s\n", g->vt.name);
    put(&o, "players %d\n", g->nplayers);
    put(&o, "seed %" PRIu64 "\n", g->seed);
    put(&o, "tileset %016" PRIx64 "\n", g->ts->fingerprint);
    for (int i = 0; i < g->vt.option_count; i++) put(&o, "rule %s %d\n", g->vt.options[i].name, g->rules[i]);
    for (int i = 0; i < g->nhist; i++) {
        const hist_rec *h = &g->hist[i];
        if (h->kind == H_DRAW) {
            put(&o, "draw %s %s%s\n", g->ts->deck_names[h->which], g->ts->types[h->value].name,
                h->forced ? " forced" : "");
        } else if (h->kind == H_REHIDE) {
            put(&o, "rehide %s %s %s\n", g->ts->deck_names[h->which], g->ts->types[h->value].name,
                g->ts->types[h->forced].name);
        } else if (h->kind == H_REPLACE) {
            if (h->pad)
                put(&o, "replace %s %s %s\n", g->ts->deck_names[h->which], g->ts->types[h->value].name,
                    g->ts->types[h->pad - 1].name);
            else
                put(&o, "replace %s %s\n", g->ts->deck_names[h->which], g->ts->types[h->value].name);
        } else if (h->kind == H_RESEED) {
            put(&o, "reseed %" PRIu64 "\n", hist_seed(h));
        } else if (h->kind == H_TOKEN) {
            put(&o, "token %s %s%s\n", g->vt.bags[h->which].name,
                g->vt.bags[h->which].token_names[h->value], h->forced ? " forced" : "");
        } else {
            put_move(&o, g, &h->move);
        }
    }
    /* fixed draws queued but not yet made */
    for (int d = 0; d < g->ts->ndecks; d++)
        for (int i = g->decks[d].forced_head; i < g->decks[d].nforced; i++)
            put(&o, "next-tile %s\n", g->ts->types[g->decks[d].forced[i]].name);
    for (int b = 0; b < g->vt.bag_count; b++)
        for (int i = g->bags[b].forced_head; i < g->bags[b].nforced; i++)
            put(&o, "next-token %s %s\n", g->vt.bags[b].name, g->vt.bags[b].token_names[g->bags[b].forced[i]]);
    put(&o, "end\n");
    *len = o.len;
    if (buf && cap > o.len) {
        buf[o.len] = 0;
        return CARC_OK;
    }
    return CARC_E_BUFFER;
}

/* ---- loading ------------------------------------------------------------ */

#define MAX_WORDS 8

typedef struct line {
    int n;
    char w[MAX_WORDS][CARC_NAME_MAX + 1];
} line;

/* Splits the next line into words; returns 0 at the end, -1 if malformed. */
static int next_line(const char **p, const char *end, line *ln)
{
    while (*p < end) {
        const char *eol = memchr(*p, '\n', (size_t)(end - *p));
        if (!eol) eol = end;
        const char *s = *p;
        *p = eol < end ? eol + 1 : end;
        ln->n = 0;
        while (s < eol) {
            while (s < eol && (*s == ' ' || *s == '\t' || *s == '\r')) s++;
            if (s == eol) break;
            const char *q = s;
            while (q < eol && *q != ' ' && *q != '\t' && *q != '\r') {
                if (*q == 0) return -1;
                q++;
            }
            if (ln->n == MAX_WORDS || (size_t)(q - s) >= sizeof ln->w[0]) return -1;
            memcpy(ln->w[ln->n], s, (size_t)(q - s));
            ln->w[ln->n][q - s] = 0;
            ln->n++;
            s = q;
        }
        if (ln->n) return 1;
    }
    return 0;
}

/* A fingerprint: 1 to 16 hex digits. */
static int to_hex64(const char *s, uint64_t *out)
{
    size_t n = strlen(s);
    if (n == 0 || n > 16) return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        int c = *s, dgt = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (dgt < 0) return -1;
        v = v << 4 | (uint64_t)dgt;
    }
    *out = v;
    return 0;
}

/* An unsigned 64-bit number in decimal (seeds): digits only, no overflow. */
static int to_u64(const char *s, uint64_t *out)
{
    if (!*s) return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned dgt = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - dgt) / 10) return -1;
        v = v * 10 + dgt;
    }
    *out = v;
    return 0;
}

/* Tile type by id, or -1. */
static int find_type(const carc_game *g, const char *name)
{
    int type;
    return carc_tileset_find(g->ts, name, &type) == CARC_OK ? type : -1;
}

static int find_token(const carc_game *g, const char *bag_name, const char *tok, int *b, int *t)
{
    for (int i = 0; i < g->vt.bag_count; i++)
        if (strcmp(g->vt.bags[i].name, bag_name) == 0)
            for (unsigned k = 0; k < g->vt.bags[i].token_count; k++)
                if (strcmp(g->vt.bags[i].token_names[k], tok) == 0) {
                    *b = i;
                    *t = (int)k;
                    return 0;
                }
    return -1;
}

/* The words after "move": what carc_move_parse() reads. */
static int parse_move(const carc_game *g, const line *ln, carc_move *m)
{
    const char *w[MAX_WORDS];
    for (int i = 1; i < ln->n; i++) w[i - 1] = ln->w[i];
    return move_from_words(g, w, ln->n - 1, m);
}

/* The header: magic, variant, players, seed, tileset, rules. */
static int load_header(const carc_load_options *opts, const char **p, const char *end, carc_game **out)
{
    line ln;
    if (next_line(p, end, &ln) != 1 || ln.n != 2 || strcmp(ln.w[0], "carcassonne-save") ||
        (strcmp(ln.w[1], "1") && strcmp(ln.w[1], "2")))
        return CARC_E_PARSE;
    carc_game_options o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.registry = opts ? opts->registry : NULL;
    o.tileset = opts ? opts->tileset : NULL;
    if (opts && opts->struct_size >= offsetof(carc_load_options, allocator) + sizeof opts->allocator)
        o.allocator = opts->allocator;
    char variant[CARC_NAME_MAX + 1] = "";
    carc_option rules[32];
    char names[32][CARC_NAME_MAX + 1];
    uint64_t fp = 0;
    int have_players = 0, have_seed = 0, have_fp = 0;
    const char *mark = *p;
    for (;;) {
        mark = *p;
        int r = next_line(p, end, &ln);
        if (r != 1) return CARC_E_PARSE;
        long v;
        if (strcmp(ln.w[0], "variant") == 0 && ln.n == 2) {
            strcpy(variant, ln.w[1]);
        } else if (strcmp(ln.w[0], "players") == 0 && ln.n == 2 && !text_int(ln.w[1], 1, CARC_MAX_PLAYERS, &v)) {
            o.players = (int)v;
            have_players = 1;
        } else if (strcmp(ln.w[0], "seed") == 0 && ln.n == 2) {
            if (to_u64(ln.w[1], &o.seed)) return CARC_E_PARSE;
            have_seed = 1;
        } else if (strcmp(ln.w[0], "tileset") == 0 && ln.n == 2) {
            if (to_hex64(ln.w[1], &fp)) return CARC_E_PARSE;
            have_fp = 1;
        } else if (strcmp(ln.w[0], "rule") == 0 && ln.n == 3 && o.rule_count < 32 &&
                   !text_int(ln.w[2], -1000000, 1000000, &v)) {
            strcpy(names[o.rule_count], ln.w[1]);
            rules[o.rule_count].name = names[o.rule_count];
            rules[o.rule_count].value = (int)v;
            o.rule_count++;
        } else {
            break;
        }
    }
    *p = mark;
    if (!variant[0] || !have_players || !have_seed || !have_fp) return CARC_E_PARSE;
    o.variant_name = variant;
    o.rules = rules;
    carc_game *g;
    int r = carc_game_new(&o, &g);
    if (r) return r;
    if (g->ts->fingerprint != fp) {
        carc_game_free(g);
        return CARC_E_MISMATCH;
    }
    *out = g;
    return CARC_OK;
}

/* Replays the body. Fixed draws are queued as they come, random ones are
 * left to the generator; the rebuilt history must then equal the saved one. */
static int load_body(carc_game *g, const char **p, const char *end, hist_rec *want, int *nwant)
{
    line ln;
    int r;
    while ((r = next_line(p, end, &ln)) == 1) {
        if (strcmp(ln.w[0], "end") == 0 && ln.n == 1) return CARC_OK;
        if (strcmp(ln.w[0], "draw") == 0 && (ln.n == 3 || (ln.n == 4 && strcmp(ln.w[3], "forced") == 0))) {
            int d = carc_deck_index(g, ln.w[1]), t = find_type(g, ln.w[2]);
            if (d < 0 || t < 0) return CARC_E_PARSE;
            if (*nwant == MAX_HISTORY) return CARC_E_LIMIT;
            hist_rec h = {.kind = H_DRAW, .which = (uint8_t)d, .forced = ln.n == 4, .value = (uint16_t)t};
            want[(*nwant)++] = h;
            if (ln.n == 4) {
                deck *dk = &g->decks[d];
                if (dk->nforced == MAX_FORCED) return CARC_E_LIMIT;
                dk->forced[dk->nforced++] = (uint8_t)t;
            }
        } else if (strcmp(ln.w[0], "token") == 0 && (ln.n == 3 || (ln.n == 4 && strcmp(ln.w[3], "forced") == 0))) {
            int b, t;
            if (find_token(g, ln.w[1], ln.w[2], &b, &t)) return CARC_E_PARSE;
            if (*nwant == MAX_HISTORY) return CARC_E_LIMIT;
            hist_rec h = {.kind = H_TOKEN, .which = (uint8_t)b, .forced = ln.n == 4, .value = (uint16_t)t};
            want[(*nwant)++] = h;
            if (ln.n == 4) {
                /* queued as it was drawn, whatever the bag holds now: the
                 * replay checks that the draw really happened */
                bag *bg = &g->bags[b];
                if (bg->nforced == MAX_FORCED_TOKENS) return CARC_E_LIMIT;
                bg->forced[bg->nforced++] = (uint8_t)t;
            }
        } else if (strcmp(ln.w[0], "replace") == 0 && (ln.n == 3 || ln.n == 4)) {
            int d = carc_deck_index(g, ln.w[1]), t = find_type(g, ln.w[2]), hide = ln.n == 4 ? find_type(g, ln.w[3]) : -1;
            if (d < 0 || t < 0 || (ln.n == 4 && hide < 0)) return CARC_E_PARSE;
            if (*nwant == MAX_HISTORY) return CARC_E_LIMIT;
            game_resolve(g); /* the draw it replaces */
            if (g->phase != CARC_PHASE_TILE || !g->hand_valid || g->turn_deck != d || t == g->hand ||
                replace_drawn(g, t, hide))
                return CARC_E_PARSE;
            want[(*nwant)++] = g->hist[g->nhist - 1]; /* the replacement comes after its draws */
        } else if (strcmp(ln.w[0], "rehide") == 0 && ln.n == 4) {
            int d = carc_deck_index(g, ln.w[1]), t = find_type(g, ln.w[2]), y = find_type(g, ln.w[3]);
            if (d < 0 || t < 0 || y < 0) return CARC_E_PARSE;
            if (*nwant == MAX_HISTORY) return CARC_E_LIMIT;
            if (g->nhist < *nwant) game_resolve(g); /* the draws made before it */
            int r2 = rehide(g, t, d, &y);
            if (r2) return r2 == CARC_E_LIMIT ? r2 : CARC_E_PARSE;
            want[(*nwant)++] = g->hist[g->nhist - 1];
        } else if (strcmp(ln.w[0], "reseed") == 0 && ln.n == 2) {
            uint64_t seed;
            if (to_u64(ln.w[1], &seed)) return CARC_E_PARSE;
            if (*nwant == MAX_HISTORY) return CARC_E_LIMIT;
            if (g->nhist < *nwant) game_resolve(g); /* the draws made before it */
            int r2 = carc_game_reseed(g, seed);
            if (r2) return r2 == CARC_E_LIMIT ? r2 : CARC_E_PARSE;
            hist_rec h = {.kind = H_RESEED};
            hist_set_seed(&h, seed);
            want[(*nwant)++] = h;
        } else if (strcmp(ln.w[0], "move") == 0) {
            carc_move m;
            if (parse_move(g, &ln, &m)) return CARC_E_PARSE;
            if (*nwant == MAX_HISTORY) return CARC_E_LIMIT;
            if (game_apply(g, &m)) return CARC_E_PARSE;
            hist_rec h = {.kind = H_MOVE, .move = g->hist[g->nhist - 1].move};
            want[(*nwant)++] = h;
        } else if (strcmp(ln.w[0], "next-tile") == 0 && ln.n == 2) {
            int t = find_type(g, ln.w[1]);
            if (t < 0) return CARC_E_PARSE;
            if (g->nhist < *nwant) game_resolve(g); /* a trailing draw of the saved game comes first */
            /* queued, never a replacement: the line says what was waiting
             * when the game was saved, not when it was named */
            int r2 = g->over ? CARC_E_PARSE : deck_queue(g, t);
            if (r2) return r2 == CARC_E_LIMIT ? r2 : CARC_E_PARSE;
        } else if (strcmp(ln.w[0], "next-token") == 0 && ln.n == 3) {
            int b, t;
            if (find_token(g, ln.w[1], ln.w[2], &b, &t)) return CARC_E_PARSE;
            /* what was queued when the game was saved, as it stood */
            bag *bg = &g->bags[b];
            if (bg->nforced == MAX_FORCED_TOKENS) return CARC_E_LIMIT;
            bg->forced[bg->nforced++] = (uint8_t)t;
        } else {
            return CARC_E_PARSE;
        }
    }
    return CARC_E_PARSE; /* no "end" line */
}

int carc_game_load(const carc_load_options *opts, const char *text, size_t len, carc_game **out)
{
    if (!text || !out) return CARC_E_NULL;
    if (opts && opts->struct_size < CARC_LOAD_OPTIONS_SIZE_V1) return CARC_E_VERSION;
    const char *p = text, *end = text + len;
    carc_game *g;
    int r = load_header(opts, &p, end, &g);
    if (r) return r;
    hist_rec *want = mem_alloc(&g->alloc, sizeof(hist_rec) * MAX_HISTORY);
    if (!want) {
        carc_game_free(g);
        return CARC_E_NOMEM;
    }
    int nwant = 0;
    r = load_body(g, &p, end, want, &nwant);
    if (r == CARC_OK && g->nhist < nwant) game_resolve(g); /* the saved game had drawn its next tile */
    if (r == CARC_OK) {
        int same = g->nhist == nwant;
        for (int i = 0; same && i < nwant; i++) {
            const hist_rec *a = &g->hist[i], *b = &want[i];
            same = a->kind == b->kind;
            if (same && a->kind == H_MOVE) same = memcmp(&a->move, &b->move, sizeof a->move) == 0;
            else if (same && a->kind == H_RESEED) same = hist_seed(a) == hist_seed(b);
            else if (same && a->kind == H_REPLACE)
                same = a->which == b->which && a->value == b->value && a->pad == b->pad;
            else if (same) /* draws, tokens, rehides */
                same = a->which == b->which && a->value == b->value && a->forced == b->forced;
        }
        if (!same) r = CARC_E_PARSE;
    }
    mem_release(&g->alloc, want, sizeof(hist_rec) * MAX_HISTORY);
    if (r) {
        carc_game_free(g);
        return r;
    }
    *out = g;
    return CARC_OK;
}
