/* Saved games: a line-based text of the options and every draw and move,
 * replayed on load (format: docs/save-format.md). */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "text.h"

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

/* A line of a save: its words, each a name or a number (CARC_NAME_MAX bytes
 * at most; a move with a named action has at most 7 after "move"). */
#define MAX_WORDS 8

typedef struct words {
    int n;
    char w[MAX_WORDS][CARC_NAME_MAX + 1];
} words;

typedef struct loader {
    const carc_load_options *opts;
    char *err;
    size_t cap;
    text_reader rd;
    words ln;          /* the line just read */
    int line;          /* its number */
    int held;          /* ln was read and not used yet (the line after the header) */
    int held_line;     /* its number */
    carc_game *g;
    hist_rec *want;    /* the history the save records, in order */
    int *want_line;    /* the line of each record */
    int nwant;
} loader;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int ld_fail(loader *ld, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_verror(ld->err, ld->cap, ld->line, fmt, ap);
    va_end(ap);
    return status;
}

/* The next line that is not blank, split into words. Returns 1, 0 at the
 * end of the text, or a status for a line no save holds. */
static int next_words(loader *ld)
{
    if (ld->held) {
        ld->held = 0;
        ld->line = ld->held_line;
        return 1;
    }
    text_span line, w;
    int got;
    while ((got = text_line(&ld->rd, &line)) != 0) {
        ld->line = ld->rd.line;
        if (got < 0) return ld_fail(ld, CARC_E_PARSE, "a NUL byte");
        ld->ln.n = 0;
        while (text_word(&line, &w)) {
            if (ld->ln.n == MAX_WORDS) return ld_fail(ld, CARC_E_PARSE, "more than %d words", MAX_WORDS);
            if (w.n > CARC_NAME_MAX)
                return ld_fail(ld, CARC_E_PARSE, "a word longer than %d bytes", CARC_NAME_MAX);
            memcpy(ld->ln.w[ld->ln.n], w.s, w.n);
            ld->ln.w[ld->ln.n++][w.n] = 0;
        }
        if (ld->ln.n) return 1;
    }
    return 0;
}

static text_span span(const char *s) { return (text_span){s, strlen(s)}; }

/* ---- the header ---------------------------------------------------------- */

#define MAX_RULES 32

/* What the header says, gathered before the game is made. */
typedef struct header {
    char variant[CARC_NAME_MAX + 1];
    int players;
    uint64_t seed, fingerprint;
    int line_of[4];    /* line of the variant, players, seed and tileset lines (0: none yet) */
    int nrules;
    char rule_names[MAX_RULES][CARC_NAME_MAX + 1];
    int rule_values[MAX_RULES];
    int rule_line[MAX_RULES];
} header;

enum { H_VARIANT, H_PLAYERS, H_SEED, H_TILESET };

static int hdr_variant(loader *ld, header *h)
{
    strcpy(h->variant, ld->ln.w[1]);
    return 0;
}

/* A whole number; whether the variant takes that many is check_header's. */
static int hdr_players(loader *ld, header *h)
{
    long long v;
    int r = text_number(span(ld->ln.w[1]), INT_MIN, INT_MAX, &v);
    if (r == TEXT_NOT_NUMBER) return ld_fail(ld, CARC_E_PARSE, "players '%s' is not a whole number", ld->ln.w[1]);
    h->players = r == TEXT_NUMBER ? (int)v : INT_MAX;
    return 0;
}

static int hdr_seed(loader *ld, header *h)
{
    if (text_unsigned(span(ld->ln.w[1]), UINT64_MAX, &h->seed))
        return ld_fail(ld, CARC_E_PARSE, "seed '%s' is not a whole number from 0 to 2^64 - 1", ld->ln.w[1]);
    return 0;
}

/* A hex digit's value, or -1. */
static int hex_digit(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* A fingerprint: 1 to 16 hex digits. */
static int hdr_tileset(loader *ld, header *h)
{
    const char *s = ld->ln.w[1];
    size_t n = strlen(s);
    uint64_t v = 0;
    int ok = n >= 1 && n <= 16;
    for (size_t i = 0; ok && i < n; i++) {
        int d = hex_digit(s[i]);
        ok = d >= 0;
        v = v << 4 | (uint64_t)(d & 15);
    }
    if (!ok) return ld_fail(ld, CARC_E_PARSE, "tileset '%s' is not 1 to 16 hex digits", s);
    h->fingerprint = v;
    return 0;
}

static int hdr_rule(loader *ld, header *h)
{
    long long v;
    for (int i = 0; i < h->nrules; i++)
        if (strcmp(h->rule_names[i], ld->ln.w[1]) == 0)
            return ld_fail(ld, CARC_E_PARSE, "a second rule %s (the first is on line %d)", ld->ln.w[1],
                           h->rule_line[i]);
    if (h->nrules == MAX_RULES) return ld_fail(ld, CARC_E_PARSE, "more than %d rule lines", MAX_RULES);
    int r = text_number(span(ld->ln.w[2]), INT_MIN, INT_MAX, &v);
    if (r == TEXT_NOT_NUMBER)
        return ld_fail(ld, CARC_E_PARSE, "rule %s: '%s' is not a whole number", ld->ln.w[1], ld->ln.w[2]);
    strcpy(h->rule_names[h->nrules], ld->ln.w[1]);
    h->rule_values[h->nrules] = r == TEXT_NUMBER ? (int)v : v < 0 ? INT_MIN : INT_MAX;
    h->rule_line[h->nrules++] = ld->line;
    return 0;
}

typedef int (*hdr_reader)(loader *ld, header *h);
static const struct {
    const char *word;
    int words;   /* the keyword included */
    int once;    /* index into line_of, or -1 for rule lines */
    hdr_reader read;
} header_lines[] = {
    {"variant", 2, H_VARIANT, hdr_variant}, {"players", 2, H_PLAYERS, hdr_players},
    {"seed", 2, H_SEED, hdr_seed},          {"tileset", 2, H_TILESET, hdr_tileset},
    {"rule", 3, -1, hdr_rule},
};
#define HEADER_LINES (int)(sizeof header_lines / sizeof header_lines[0])

static int header_kind(const char *word)
{
    for (int i = 0; i < HEADER_LINES; i++)
        if (strcmp(word, header_lines[i].word) == 0) return i;
    return -1;
}

/* One header line, already known to be one. */
static int header_line(loader *ld, header *h, int k)
{
    if (ld->ln.n != header_lines[k].words)
        return ld_fail(ld, CARC_E_PARSE, "%s takes %d word%s after it", header_lines[k].word,
                       header_lines[k].words - 1, header_lines[k].words > 2 ? "s" : "");
    int once = header_lines[k].once;
    if (once >= 0 && h->line_of[once])
        return ld_fail(ld, CARC_E_PARSE, "a second %s line (the first is on line %d)", header_lines[k].word,
                       h->line_of[once]);
    if (once >= 0) h->line_of[once] = ld->line;
    return header_lines[k].read(ld, h);
}

/* The magic line, then header lines up to the first line of the body
 * (left for load_body in ld->ln). */
static int read_header(loader *ld, header *h)
{
    int r = next_words(ld);
    if (r < 0) return r;
    if (r == 0 || ld->ln.n != 2 || strcmp(ld->ln.w[0], "carcassonne-save") ||
        (strcmp(ld->ln.w[1], "1") && strcmp(ld->ln.w[1], "2"))) {
        if (r == 0) ld->line = 1;
        return ld_fail(ld, CARC_E_PARSE, "not a saved game (one starts with 'carcassonne-save 2')");
    }
    while ((r = next_words(ld)) == 1) {
        int k = header_kind(ld->ln.w[0]);
        if (k < 0) break;
        if ((r = header_line(ld, h, k)) != 0) return r;
    }
    if (r < 0) return r;
    if (r == 0) {
        ld->line = ld->rd.line + 1;
        return ld_fail(ld, CARC_E_PARSE, "the save is cut short in its header: no end line");
    }
    ld->held = 1;
    ld->held_line = ld->line;
    for (int i = H_VARIANT; i <= H_TILESET; i++)
        if (!h->line_of[i])
            return ld_fail(ld, CARC_E_PARSE,
                           "the header has no %s line (variant, players, seed and tileset come first)",
                           header_lines[i].word);
    return 0;
}

/* Writes the names of the variants of a registry, comma-separated, into buf. */
static void variant_names(const carc_registry *reg, char *buf, size_t cap)
{
    int n = 0;
    size_t used = 0;
    buf[0] = 0;
    carc_registry_count(reg, &n);
    for (int i = 0; i < n && used < cap; i++) {
        const carc_variant *v;
        if (carc_registry_at(reg, i, &v)) continue;
        int k = snprintf(buf + used, cap - used, "%s%s", i ? ", " : "", v->name);
        if (k > 0) used += (size_t)k;
    }
}

/* The option of v named `name`, or -1. */
static int option_of(const carc_variant *v, const char *name)
{
    for (int i = 0; i < v->option_count; i++)
        if (strcmp(v->options[i].name, name) == 0) return i;
    return -1;
}

/* Checks the header against the variant it names, so that each fault is
 * told with its line; carc_game_new() then checks the same again. */
static int check_header(loader *ld, const header *h, const carc_variant **out)
{
    const carc_registry *reg = ld->opts ? ld->opts->registry : NULL;
    const carc_variant *v;
    if (carc_registry_find(reg, h->variant, &v)) {
        char names[160];
        variant_names(reg, names, sizeof names);
        ld->line = h->line_of[H_VARIANT];
        return ld_fail(ld, CARC_E_NOT_FOUND, "no variant named '%s' (there are: %s)", h->variant, names);
    }
    ld->line = h->line_of[H_PLAYERS];
    if (h->players < v->min_players || h->players > v->max_players)
        return ld_fail(ld, CARC_E_RANGE, "%s takes %d to %d players, not %d", v->name, v->min_players, v->max_players,
                       h->players);
    for (int i = 0; i < h->nrules; i++) {
        ld->line = h->rule_line[i];
        int k = option_of(v, h->rule_names[i]);
        if (k < 0) return ld_fail(ld, CARC_E_NOT_FOUND, "%s has no option '%s'", v->name, h->rule_names[i]);
        const carc_option_desc *o = &v->options[k];
        if (h->rule_values[i] < o->min_value || h->rule_values[i] > o->max_value)
            return ld_fail(ld, CARC_E_RANGE, "rule %s is %d, outside %d to %d", o->name, h->rule_values[i],
                           o->min_value, o->max_value);
    }
    *out = v;
    return 0;
}

/* Makes the game the header describes. */
static int make_game(loader *ld, const header *h)
{
    const carc_variant *v = NULL;
    int r = check_header(ld, h, &v);
    if (r) return r;
    carc_option rules[MAX_RULES];
    for (int i = 0; i < h->nrules; i++) rules[i] = (carc_option){h->rule_names[i], h->rule_values[i]};
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = h->players, .seed = h->seed,
                           .rules = rules, .rule_count = h->nrules};
    o.tileset = ld->opts ? ld->opts->tileset : NULL;
    if (ld->opts && ld->opts->struct_size >= offsetof(carc_load_options, allocator) + sizeof ld->opts->allocator)
        o.allocator = ld->opts->allocator;
    ld->line = h->line_of[H_VARIANT];
    /* its draws are those of the text: made as its lines need them */
    if ((r = game_create(&o, &ld->g)) != 0) return ld_fail(ld, r, "the game cannot be made: %s", carc_strerror(r));
    ld->g->lazy_draw = 1;
    if (ld->g->ts->fingerprint != h->fingerprint) {
        ld->line = h->line_of[H_TILESET];
        return ld_fail(ld, CARC_E_MISMATCH,
                       "the save was made with tile set %016" PRIx64 ", not %016" PRIx64 " (%s; pass the tile set "
                       "it was made with in carc_load_options)",
                       h->fingerprint, ld->g->ts->fingerprint, o.tileset ? "the one given" : "the built-in one");
    }
    return 0;
}

/* ---- the body: one reader per kind of line ------------------------------- */

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

/* A deck name and a tile id of the line, or a message naming the bad one. */
static int deck_and_tile(loader *ld, int word, int *d, int *t)
{
    *d = carc_deck_index(ld->g, ld->ln.w[word]);
    *t = find_type(ld->g, ld->ln.w[word + 1]);
    if (*d < 0) return ld_fail(ld, CARC_E_PARSE, "no stack named '%s'", ld->ln.w[word]);
    if (*t < 0) return ld_fail(ld, CARC_E_PARSE, "no tile named '%s'", ld->ln.w[word + 1]);
    return 0;
}

/* Room for one more record of the saved history. */
static int record_room(loader *ld)
{
    if (ld->nwant == ld->g->hist_cap) return ld_fail(ld, CARC_E_LIMIT, "more than %d records", ld->g->hist_cap);
    return 0;
}

static void record(loader *ld, const hist_rec *h)
{
    ld->want_line[ld->nwant] = ld->line;
    ld->want[ld->nwant++] = *h;
}

/* `forced` as the last word of a draw or token line, or nothing. */
static int forced_word(loader *ld, int *forced)
{
    *forced = ld->ln.n == 4;
    if (*forced && strcmp(ld->ln.w[3], "forced"))
        return ld_fail(ld, CARC_E_PARSE, "'%s' where 'forced' or the end of the line belongs", ld->ln.w[3]);
    return 0;
}

static int body_draw(loader *ld)
{
    int d, t, forced, r;
    if ((r = forced_word(ld, &forced)) || (r = deck_and_tile(ld, 1, &d, &t)) || (r = record_room(ld))) return r;
    record(ld, &(hist_rec){.kind = H_DRAW, .which = (uint8_t)d, .forced = (uint8_t)forced, .value = (uint16_t)t});
    if (!forced) return 0;
    deck *dk = &ld->g->decks[d];
    if (dk->nforced == MAX_FORCED) return ld_fail(ld, CARC_E_LIMIT, "more than %d fixed draws queued", MAX_FORCED);
    dk->forced[dk->nforced++] = (uint8_t)t;
    return 0;
}

static int body_token(loader *ld)
{
    int b, t, forced, r;
    if ((r = forced_word(ld, &forced))) return r;
    if (find_token(ld->g, ld->ln.w[1], ld->ln.w[2], &b, &t))
        return ld_fail(ld, CARC_E_PARSE, "no token %s in a bag %s", ld->ln.w[2], ld->ln.w[1]);
    if ((r = record_room(ld))) return r;
    record(ld, &(hist_rec){.kind = H_TOKEN, .which = (uint8_t)b, .forced = (uint8_t)forced, .value = (uint16_t)t});
    if (!forced) return 0;
    /* queued as it was drawn, whatever the bag holds now: the replay checks
     * that the draw really happened */
    bag *bg = &ld->g->bags[b];
    if (bg->nforced == MAX_FORCED_TOKENS)
        return ld_fail(ld, CARC_E_LIMIT, "more than %d fixed tokens queued", MAX_FORCED_TOKENS);
    bg->forced[bg->nforced++] = (uint8_t)t;
    return 0;
}

static int body_replace(loader *ld)
{
    carc_game *g = ld->g;
    int d, t, r, hide = -1;
    if ((r = deck_and_tile(ld, 1, &d, &t))) return r;
    if (ld->ln.n == 4 && (hide = find_type(g, ld->ln.w[3])) < 0)
        return ld_fail(ld, CARC_E_PARSE, "no tile named '%s'", ld->ln.w[3]);
    if ((r = record_room(ld))) return r;
    game_resolve(g); /* the draw it replaces */
    if (g->phase != CARC_PHASE_TILE || !g->hand_valid || g->turn_deck != d || t == g->hand || replace_drawn(g, t, hide))
        return ld_fail(ld, CARC_E_PARSE, "no drawn tile of stack %s can be replaced by %s here", ld->ln.w[1],
                       ld->ln.w[2]);
    record(ld, &g->hist[g->nhist - 1]); /* the replacement comes after its draws */
    return 0;
}

static int body_rehide(loader *ld)
{
    carc_game *g = ld->g;
    int d, t, r, y = find_type(g, ld->ln.w[3]);
    if ((r = deck_and_tile(ld, 1, &d, &t))) return r;
    if (y < 0) return ld_fail(ld, CARC_E_PARSE, "no tile named '%s'", ld->ln.w[3]);
    if ((r = record_room(ld))) return r;
    if (g->nhist < ld->nwant) game_resolve(g); /* the draws made before it */
    if ((r = rehide(g, t, d, &y)) != 0)
        return ld_fail(ld, r == CARC_E_LIMIT ? r : CARC_E_PARSE, "%s does not lie hidden in stack %s here",
                       ld->ln.w[2], ld->ln.w[1]);
    record(ld, &g->hist[g->nhist - 1]);
    return 0;
}

static int body_reseed(loader *ld)
{
    uint64_t seed;
    int r;
    if (text_unsigned(span(ld->ln.w[1]), UINT64_MAX, &seed))
        return ld_fail(ld, CARC_E_PARSE, "reseed '%s' is not a whole number from 0 to 2^64 - 1", ld->ln.w[1]);
    if ((r = record_room(ld))) return r;
    if (ld->g->nhist < ld->nwant) game_resolve(ld->g); /* the draws made before it */
    if ((r = carc_game_reseed(ld->g, seed)) != 0)
        return ld_fail(ld, r == CARC_E_LIMIT ? r : CARC_E_PARSE, "a reseed cannot come here: %s", carc_strerror(r));
    hist_rec h = {.kind = H_RESEED};
    hist_set_seed(&h, seed);
    record(ld, &h);
    return 0;
}

/* The move's words again, for a message. */
static const char *move_words(const loader *ld, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 1; i < ld->ln.n && used < cap; i++) {
        int k = snprintf(buf + used, cap - used, "%s%s", i > 1 ? " " : "", ld->ln.w[i]);
        if (k > 0) used += (size_t)k;
    }
    return buf;
}

/* The words after "move": what carc_move_parse() reads. */
static int body_move(loader *ld)
{
    carc_game *g = ld->g;
    const char *w[MAX_WORDS];
    char text[MAX_WORDS * (CARC_NAME_MAX + 1)];
    carc_move m;
    for (int i = 1; i < ld->ln.n; i++) w[i - 1] = ld->ln.w[i];
    int r = move_from_words(g, w, ld->ln.n - 1, &m);
    if (r)
        return ld_fail(ld, CARC_E_PARSE, "'%s' is not a move: %s", move_words(ld, text, sizeof text),
                       r == CARC_E_NOT_FOUND ? "it names no such tile, figure, feature or action"
                       : r == CARC_E_PHASE ? "no tile was placed this turn"
                                           : "malformed");
    if ((r = record_room(ld))) return r;
    if ((r = game_apply(g, &m)) != 0)
        return ld_fail(ld, CARC_E_PARSE, "move %s cannot be played here: %s", move_words(ld, text, sizeof text),
                       carc_strerror(r));
    record(ld, &(hist_rec){.kind = H_MOVE, .move = g->hist[g->nhist - 1].move});
    return 0;
}

static int body_next_tile(loader *ld)
{
    carc_game *g = ld->g;
    int t = find_type(g, ld->ln.w[1]);
    if (t < 0) return ld_fail(ld, CARC_E_PARSE, "no tile named '%s'", ld->ln.w[1]);
    if (g->nhist < ld->nwant) game_resolve(g); /* a trailing draw of the saved game comes first */
    /* queued, never a replacement: the line says what was waiting when the
     * game was saved, not when it was named */
    int r = g->over ? CARC_E_PARSE : deck_queue(g, t);
    if (r) return ld_fail(ld, r == CARC_E_LIMIT ? r : CARC_E_PARSE, "%s cannot be the next tile here", ld->ln.w[1]);
    return 0;
}

static int body_next_token(loader *ld)
{
    int b, t;
    if (find_token(ld->g, ld->ln.w[1], ld->ln.w[2], &b, &t))
        return ld_fail(ld, CARC_E_PARSE, "no token %s in a bag %s", ld->ln.w[2], ld->ln.w[1]);
    /* what was queued when the game was saved, as it stood */
    bag *bg = &ld->g->bags[b];
    if (bg->nforced == MAX_FORCED_TOKENS)
        return ld_fail(ld, CARC_E_LIMIT, "more than %d fixed tokens queued", MAX_FORCED_TOKENS);
    bg->forced[bg->nforced++] = (uint8_t)t;
    return 0;
}

typedef int (*body_reader)(loader *ld);
static const struct {
    const char *word;
    int min, max; /* words on the line, the keyword included */
    body_reader read;
} body_lines[] = {
    {"draw", 3, 4, body_draw},       {"token", 3, 4, body_token},         {"replace", 3, 4, body_replace},
    {"rehide", 4, 4, body_rehide},   {"reseed", 2, 2, body_reseed},       {"move", 2, MAX_WORDS, body_move},
    {"next-tile", 2, 2, body_next_tile}, {"next-token", 3, 3, body_next_token}, {"end", 1, 1, NULL},
};

/* One line of the body; 1 for the end line. */
static int body_line(loader *ld)
{
    const char *word = ld->ln.w[0];
    for (size_t i = 0; i < sizeof body_lines / sizeof body_lines[0]; i++) {
        if (strcmp(word, body_lines[i].word)) continue;
        if (ld->ln.n < body_lines[i].min || ld->ln.n > body_lines[i].max)
            return ld_fail(ld, CARC_E_PARSE, "%s takes %d to %d words after it, not %d", word, body_lines[i].min - 1,
                           body_lines[i].max - 1, ld->ln.n - 1);
        return body_lines[i].read ? body_lines[i].read(ld) : 1;
    }
    if (header_kind(word) >= 0)
        return ld_fail(ld, CARC_E_PARSE, "'%s' belongs in the header, before the first draw or move", word);
    return ld_fail(ld, CARC_E_PARSE, "unknown line '%s'", word);
}

/* Replays the body. Fixed draws are queued as they come, random ones are
 * left to the generator; the rebuilt history must then equal the saved
 * one. Nothing but blanks may follow the end line. */
static int load_body(loader *ld)
{
    int r;
    while ((r = next_words(ld)) == 1) {
        if ((r = body_line(ld)) == 0) continue;
        if (r < 0) return r;
        int end_line = ld->line;
        if ((r = next_words(ld)) != 0) return r < 0 ? r : ld_fail(ld, CARC_E_PARSE, "text after the end line");
        ld->line = end_line;
        return CARC_OK;
    }
    if (r < 0) return r;
    ld->line = ld->rd.line + 1;
    return ld_fail(ld, CARC_E_PARSE, "the save is cut short: no end line");
}

/* Whether two history records say the same. */
static int same_record(const hist_rec *a, const hist_rec *b)
{
    if (a->kind != b->kind) return 0;
    if (a->kind == H_MOVE) return memcmp(&a->move, &b->move, sizeof a->move) == 0;
    if (a->kind == H_RESEED) return hist_seed(a) == hist_seed(b);
    if (a->kind == H_REPLACE) return a->which == b->which && a->value == b->value && a->pad == b->pad;
    return a->which == b->which && a->value == b->value && a->forced == b->forced; /* draws, tokens, rehides */
}

/* The replayed history against the saved one: the first record that
 * differs is named by its line. */
static int compare_history(loader *ld)
{
    carc_game *g = ld->g;
    if (g->nhist < ld->nwant) game_resolve(g); /* the saved game had drawn its next tile */
    int i = 0;
    while (i < ld->nwant && i < g->nhist && same_record(&g->hist[i], &ld->want[i])) i++;
    if (i == ld->nwant && i == g->nhist) return CARC_OK;
    if (i < ld->nwant) {
        ld->line = ld->want_line[i];
        return ld_fail(ld, CARC_E_PARSE,
                       i < g->nhist ? "this record does not follow from the seed and the lines before it"
                                    : "the replay never makes this draw");
    }
    /* the replay made a draw the save does not record: named at the end line */
    return ld_fail(ld, CARC_E_PARSE, "the replay makes a draw the save does not record before its end");
}

int carc_game_load(const carc_load_options *opts, const char *text, size_t len, carc_game **out)
{
    if (!text || !out) return CARC_E_NULL;
    if (opts && opts->struct_size < CARC_LOAD_OPTIONS_SIZE_V1) return CARC_E_VERSION;
    /* the load's scratch space comes from the caller's allocator too */
    carc_allocator a;
    int r = alloc_take(opts && opts->struct_size >= offsetof(carc_load_options, allocator) + sizeof opts->allocator
                           ? opts->allocator : NULL, &a);
    if (r) return r;
    loader *ld = mem_zalloc(&a, sizeof *ld);
    if (!ld) return CARC_E_NOMEM;
    ld->opts = opts;
    if (opts && opts->struct_size >= offsetof(carc_load_options, err_cap) + sizeof opts->err_cap && opts->err &&
        opts->err_cap) {
        ld->err = opts->err;
        ld->cap = opts->err_cap;
        ld->err[0] = 0;
    }
    text_start(&ld->rd, text, len, 0);
    header h;
    memset(&h, 0, sizeof h);
    r = read_header(ld, &h);
    if (!r) r = make_game(ld, &h);
    /* the records the save may hold: as many as the game's history, which
     * its tile set sizes (written before they are read, so not zeroed) */
    const size_t want_bytes = ld->g ? (sizeof(hist_rec) + sizeof(int)) * (size_t)ld->g->hist_cap : 0;
    if (!r && !(ld->want = mem_alloc(&a, want_bytes))) r = CARC_E_NOMEM;
    if (!r) ld->want_line = (int *)(void *)(ld->want + ld->g->hist_cap);
    if (!r) r = load_body(ld);
    if (!r) r = compare_history(ld);
    /* a game saved by a library older than 0.3.0 may end before the draw
     * of its turn, which the game makes now, as it makes every draw */
    if (!r) {
        ld->g->lazy_draw = 0;
        game_resolve(ld->g);
    }
    if (!r) *out = ld->g;
    else carc_game_free(ld->g);
    mem_release(&a, ld->want, want_bytes);
    mem_release(&a, ld, sizeof *ld);
    return r;
}
