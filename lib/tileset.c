/* Tile-set text parser and the per-rotation tables derived from it. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct parser {
    const carc_variant *v;
    carc_tileset *ts;
    char *err;
    size_t cap;
    int line;
    char letters[16]; /* letter of each nibble code 1..15 */
    int nletters;
    /* ids named by borders=/link= in the current tile, resolved at its end */
    char refs[MAX_FEATS][2][MAX_FEATS][12];
    int nrefs[MAX_FEATS][2];
} parser;

static void build_fit_table(carc_tileset *ts);
static void find_link_kinds(carc_tileset *ts);

static int fail_status(parser *ps, int status, const char *fmt, va_list ap)
{
    if (ps->err && ps->cap) {
        int n = snprintf(ps->err, ps->cap, "line %d: ", ps->line);
        if (n >= 0 && (size_t)n < ps->cap) vsnprintf(ps->err + n, ps->cap - (size_t)n, fmt, ap);
    }
    return status;
}

/* A capacity of the library is exceeded: CARC_E_LIMIT, not a text error. */
static int limit(parser *ps, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = fail_status(ps, CARC_E_LIMIT, fmt, ap);
    va_end(ap);
    return r;
}

static int fail(parser *ps, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = fail_status(ps, CARC_E_PARSE, fmt, ap);
    va_end(ap);
    return r;
}

/* Names are printable: a control byte would break the one-line records of
 * a saved game, which must load back whatever the parser accepted. */
static int copy_word(char *dst, size_t cap, const char *src, size_t n)
{
    if (n == 0 || n >= cap) return -1;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)src[i] < 0x20 || src[i] == 0x7f) return -1;
    memcpy(dst, src, n);
    dst[n] = 0;
    return 0;
}

static int letter_code(parser *ps, char c)
{
    for (int i = 1; i <= ps->nletters; i++)
        if (ps->letters[i] == c) return i;
    if (ps->nletters == 15) return -1;
    ps->letters[++ps->nletters] = c;
    return ps->nletters;
}

static int attr_index(carc_tileset *ts, const char *name, int create)
{
    for (int i = 0; i < ts->nattrs; i++)
        if (strcmp(ts->attr_names[i], name) == 0) return i;
    if (!create || ts->nattrs == MAX_ATTRS || strlen(name) >= sizeof ts->attr_names[0]) return -1;
    strcpy(ts->attr_names[ts->nattrs], name);
    return ts->nattrs++;
}

static int deck_index(carc_tileset *ts, const char *name)
{
    for (int i = 0; i < ts->ndecks; i++)
        if (strcmp(ts->deck_names[i], name) == 0) return i;
    if (ts->ndecks == MAX_DECKS || strlen(name) >= sizeof ts->deck_names[0]) return -1;
    strcpy(ts->deck_names[ts->ndecks], name);
    return ts->ndecks++;
}

static int parse_int(const char *s, size_t n, int *out)
{
    if (n == 0 || n > 6) return -1;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 0;
}

/* Splits the next space-separated token off *s (bounded by end). */
static int next_token(const char **s, const char *end, const char **tok, size_t *n)
{
    const char *p = *s;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
    if (p >= end) return 0;
    const char *q = p;
    while (q < end && *q != ' ' && *q != '\t' && *q != '\r') q++;
    *tok = p;
    *n = (size_t)(q - p);
    *s = q;
    return 1;
}

static int set_attr(parser *ps, tile_feat *f, const char *name, int value)
{
    int a = attr_index(ps->ts, name, 1);
    if (a < 0) return limit(ps, "too many attribute names (at most %d)", MAX_ATTRS);
    if (value > 255) return limit(ps, "attribute %s above 255", name);
    f->attr[a] = (uint8_t)value;
    return 0;
}

/* key=value on a feature line; see docs/tile-format.md for the value forms. */
static int feature_attr(parser *ps, tile_feat *f, int fi, const char *k, size_t kn, const char *v, size_t vn)
{
    char key[32];
    if (copy_word(key, sizeof key, k, kn)) return fail(ps, "bad attribute name");
    if (strcmp(key, "slots") == 0) {
        if (vn == 4 && memcmp(v, "none", 4) == 0) return 0;
        const char *p = v, *e = v + vn;
        while (p < e) {
            const char *q = p;
            while (q < e && *q != ',') q++;
            int s;
            if (parse_int(p, (size_t)(q - p), &s) || s > 11) return fail(ps, "bad slot list");
            f->slots |= (uint16_t)(1u << s);
            p = q + 1;
        }
        return 0;
    }
    if (strcmp(key, "id") == 0) {
        if (copy_word(f->id, sizeof f->id, v, vn)) return fail(ps, "bad feature id");
        return 0;
    }
    int which = strcmp(key, "borders") == 0 ? 0 : strcmp(key, "link") == 0 ? 1 : -1;
    if (which >= 0) {
        if (vn == 4 && memcmp(v, "none", 4) == 0) return 0;
        const char *p = v, *e = v + vn;
        while (p < e) {
            const char *q = p;
            while (q < e && *q != ',') q++;
            int *n = &ps->nrefs[fi][which];
            if (*n == MAX_FEATS || copy_word(ps->refs[fi][which][*n], 12, p, (size_t)(q - p)))
                return fail(ps, "bad feature id list");
            (*n)++;
            p = q + 1;
        }
        return 0;
    }
    int num;
    if (parse_int(v, vn, &num) == 0) return set_attr(ps, f, key, num);
    /* word, or list of word[:count] */
    const char *p = v, *e = v + vn;
    while (p < e) {
        const char *q = p;
        while (q < e && *q != ',') q++;
        const char *colon = memchr(p, ':', (size_t)(q - p));
        char name[64];
        size_t wn = (size_t)((colon ? colon : q) - p);
        int count = 1;
        if (colon && parse_int(colon + 1, (size_t)(q - colon - 1), &count)) return fail(ps, "bad count in %s", key);
        if (kn + 1 + wn >= sizeof name || wn == 0) return fail(ps, "bad value for %s", key);
        memcpy(name, k, kn);
        name[kn] = '.';
        memcpy(name + kn + 1, p, wn);
        name[kn + 1 + wn] = 0;
        int r = set_attr(ps, f, name, count);
        if (r) return r;
        p = q + 1;
    }
    return 0;
}

static int find_local(const tile_type *t, const char *id)
{
    for (int i = 0; i < t->nfeat; i++)
        if (strcmp(t->feat[i].id, id) == 0) return i;
    return -1;
}

/* Whether the feature map (local feature -> local feature) keeps kinds,
 * attributes and the borders/links relations. */
static int map_keeps_tile(const tile_type *t, const int *map)
{
    unsigned hit = 0; /* one to one: two features never become one */
    for (int i = 0; i < t->nfeat; i++) hit |= 1u << map[i];
    if (hit != (1u << t->nfeat) - 1) return 0;
    for (int i = 0; i < t->nfeat; i++) {
        const tile_feat *x = &t->feat[i], *y = &t->feat[map[i]];
        if (x->kind != y->kind || memcmp(x->attr, y->attr, sizeof x->attr)) return 0;
        for (int j = 0; j < t->nfeat; j++) {
            if (((x->borders >> j) & 1) != ((y->borders >> map[j]) & 1)) return 0;
            if (((x->links >> j) & 1) != ((y->links >> map[j]) & 1)) return 0;
        }
    }
    return 1;
}

/* Gives each feature inside the tile (no slots), from the k-th on, a
 * distinct inner feature to turn into, trying every assignment until the
 * whole map keeps the tile: two lakes each linked to their own rivers swap
 * places when the rivers do. */
static int map_inner(const tile_type *t, int *map, const int *inner, int n, int k, unsigned used)
{
    if (k == n) return map_keeps_tile(t, map);
    for (int j = 0; j < n; j++) {
        if (used >> j & 1) continue;
        map[inner[k]] = inner[j];
        if (map_inner(t, map, inner, n, k + 1, used | 1u << j)) return 1;
    }
    return 0;
}

/* Whether placing t at rotation a gives the same tile as at rotation b:
 * the same letters, and a one-to-one renaming of its features that keeps
 * slots, kinds, attributes and relations. */
static int same_rotation(const tile_type *t, int a, int b)
{
    if (t->code[a] != t->code[b]) return 0;
    int map[MAX_FEATS], inner[MAX_FEATS], ninner = 0;
    for (int i = 0; i < MAX_FEATS; i++) map[i] = -1;
    for (int s = 0; s < 12; s++) {
        int fa = t->slot_feat[a][s], fb = t->slot_feat[b][s];
        if ((fa < 0) != (fb < 0)) return 0;
        if (fa < 0) continue;
        if (map[fa] >= 0 && map[fa] != fb) return 0;
        map[fa] = fb;
    }
    for (int i = 0; i < t->nfeat; i++) {
        if (t->feat[i].slots == 0) {
            if (map[i] >= 0) return 0;
            inner[ninner++] = i;
        } else if (map[i] < 0) {
            return 0;
        }
    }
    /* more than six inner features: keep each in place rather than search 7! maps */
    if (ninner > 6) {
        for (int k = 0; k < ninner; k++) map[inner[k]] = inner[k];
        return map_keeps_tile(t, map);
    }
    return map_inner(t, map, inner, ninner, 0, 0);
}

/* Joins the systems of the features of t that link= in its piece
 * templates, as the game once did on placing it: feature i with each later
 * j it links to, the smaller set under the larger, lists spliced. The ids
 * are local; placing the tile adds its first piece to them. */
static void link_systems(tile_type *t)
{
    piece *ps = t->tmpl;
    for (int i = 0; i < t->nfeat; i++)
        for (int j = i + 1; j < t->nfeat; j++) {
            if (!(t->feat[i].links >> j & 1)) continue;
            int a = ps[i].parent[SYS], b = ps[j].parent[SYS], gone;
            if (a != b) pieces_link(ps, SYS, a, b, &gone);
        }
}

/* A side's entry in tile_type.side_join (SJ_ in internal.h), its
 * three slots read from sf[0], sf[step], sf[2 * step]. */
static uint32_t side_join(const int8_t *sf, int step)
{
    uint32_t w = 0;
    for (int j = 0; j < 3; j++) {
        int f = sf[j * step];
        w |= (uint32_t)(f < 0 ? 15 : f) << (4 * j);
        if (f < 0) continue;
        w |= 1u << (SJ_HAS + j);
        int first = 1;
        for (int i = 0; i < j; i++) first &= sf[i * step] != f;
        if (first) w |= 1u << (SJ_FIRST + j);
        if (j > 0 && sf[(j - 1) * step] == f) w |= 1u << (SJ_SAME + j);
    }
    return w;
}

static int finish_tile(parser *ps, tile_type *t)
{
    if (!t->name[0]) return 0;
    for (int s = 0; s < 12; s++)
        if (!t->edges[s]) return fail(ps, "tile %s has no edges line", t->name);
    uint16_t seen = 0;
    for (int i = 0; i < t->nfeat; i++) {
        tile_feat *f = &t->feat[i];
        if (!f->id[0]) return fail(ps, "tile %s: feature %d has no id", t->name, i + 1);
        if (find_local(t, f->id) != i) return fail(ps, "tile %s: duplicate id %s", t->name, f->id);
        if (seen & f->slots) return fail(ps, "tile %s: slot used by two features", t->name);
        seen |= f->slots;
        for (int w = 0; w < 2; w++)
            for (int r = 0; r < ps->nrefs[i][w]; r++) {
                int j = find_local(t, ps->refs[i][w][r]);
                if (j < 0 || j == i) return fail(ps, "tile %s: unknown id %s", t->name, ps->refs[i][w][r]);
                if (w == 0) {
                    f->borders |= (uint16_t)(1u << j);
                    t->feat[j].borders |= (uint16_t)(1u << i);
                } else {
                    f->links |= (uint16_t)(1u << j);
                    t->feat[j].links |= (uint16_t)(1u << i);
                }
            }
        for (int side = 0; side < 4; side++)
            if (f->slots & (7u << (3 * side))) f->nsides++;
        if (ps->v->kinds[f->kind].flags & CARC_KIND_AREA) t->has_area = 1;
        if (!(ps->v->kinds[f->kind].flags & (CARC_KIND_AREA | CARC_KIND_MARKER))) t->edge_feats |= (uint16_t)(1u << i);
        if (!(ps->v->kinds[f->kind].flags & CARC_KIND_MARKER))
            for (int k = 0; k < ps->v->figure_count && k < CARC_MAX_FIGURE_KINDS; k++)
                if (ps->v->figures[k].kinds >> f->kind & 1) t->fig_feats[k] |= (uint16_t)(1u << i);
    }
    for (int i = 0; i < t->nfeat; i++) {
        piece *p = &t->tmpl[i];
        memset(p, 0, sizeof *p);
        p->parent[FEAT] = p->parent[SYS] = p->next[FEAT] = p->next[SYS] = (uint16_t)i;
        p->size[FEAT] = p->size[SYS] = 1;
        p->local = (uint8_t)i;
        p->kind = t->feat[i].kind;
        p->open = t->feat[i].nsides;
        p->borders = t->feat[i].borders;
        for (int a = 0; a < MAX_ATTRS; a++)
            if (t->feat[i].attr[a]) t->attr_feats[a] |= (uint16_t)(1u << i);
        if (t->feat[i].kind < CARC_MAX_KINDS) t->kind_feats[t->feat[i].kind] |= (uint16_t)(1u << i);
    }
    for (int r = 0; r < 4; r++) {
        uint8_t feat_sides[MAX_FEATS] = {0}; /* per feature: the sides it touches (bit k: side k) */
        t->code[r] = 0;
        for (int s = 0; s < 12; s++) {
            int orig = (s + 12 - 3 * r) % 12;
            int fi = -1;
            for (int i = 0; i < t->nfeat; i++)
                if (t->feat[i].slots & (1u << orig)) fi = i;
            t->slot_feat[r][s] = (int8_t)fi;
            if (fi >= 0) feat_sides[fi] |= (uint8_t)(1u << (s / 3));
            t->code[r] |= (uint64_t)(unsigned char)t->edges[orig] << (4 * s);
        }
        for (int k = 0; k < 4; k++) {
            const int8_t *sf = &t->slot_feat[r][3 * k];
            t->side_join[0][r][k] = side_join(sf, 1);
            t->side_join[1][r][k] = side_join(sf + 2, -1);
        }
        for (unsigned nb = 0; nb < 16; nb++)
            for (int i = 0; i < t->nfeat; i++) {
                unsigned closed = 0;
                for (int k = 0; k < 4; k++) closed += (nb & feat_sides[i]) >> k & 1;
                t->open_at[r][nb][i] = (uint8_t)(t->feat[i].nsides - closed);
                if (!t->open_at[r][nb][i] && (t->edge_feats >> i & 1)) t->shut[r][nb] |= (uint16_t)(1u << i);
            }
    }
    link_systems(t);
    t->distinct_rots = 0;
    for (int r = 0; r < 4; r++) {
        t->canon_rot[r] = (uint8_t)r;
        for (int q = 0; q < r; q++)
            if (same_rotation(t, q, r)) {
                t->canon_rot[r] = t->canon_rot[q];
                break;
            }
        if (t->canon_rot[r] == r) t->distinct_rots |= (uint8_t)(1u << r);
    }
    memset(ps->nrefs, 0, sizeof ps->nrefs);
    return 0;
}

static int kind_of(const carc_variant *v, const char *name, size_t n)
{
    for (int k = 0; k < v->kind_count; k++)
        if (strlen(v->kinds[k].name) == n && memcmp(v->kinds[k].name, name, n) == 0) return k;
    return -1;
}

int tileset_parse(const carc_variant *v, const char *text, size_t len, carc_tileset *ts, char *err, size_t cap)
{
    parser ps;
    memset(&ps, 0, sizeof ps);
    memset(ts, 0, sizeof *ts);
    ps.v = v;
    ps.ts = ts;
    ps.err = err;
    ps.cap = cap;
    if (err && cap) err[0] = 0;
    ts->variant = v;
    ts->start_type = -1;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)text[i]) * 1099511628211ull;
    ts->fingerprint = h;
    deck_index(ts, "main");

    tile_type *cur = NULL;
    const char *p = text, *end = text + len;
    while (p < end) {
        ps.line++;
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        const char *le = eol;
        const char *hash = memchr(p, '#', (size_t)(le - p));
        if (hash) le = hash;
        for (const char *c = p; c < le; c++)
            if (*c == 0) return fail(&ps, "NUL byte");
        const char *s = p, *tok;
        size_t n;
        p = eol + 1;
        if (!next_token(&s, le, &tok, &n)) continue;
        if (n == 7 && memcmp(tok, "tileset", 7) == 0) {
            if (!next_token(&s, le, &tok, &n) || copy_word(ts->name, sizeof ts->name, tok, n))
                return fail(&ps, "bad tileset name");
        } else if (n == 4 && memcmp(tok, "tile", 4) == 0) {
            if (cur) {
                int r = finish_tile(&ps, cur);
                if (r) return r;
            }
            if (ts->ntypes == MAX_TYPES) return limit(&ps, "too many tile types (at most %d)", MAX_TYPES);
            cur = &ts->types[ts->ntypes++];
            memset(cur, 0, sizeof *cur);
            cur->count = 1;
            if (!next_token(&s, le, &tok, &n) || copy_word(cur->name, sizeof cur->name, tok, n))
                return fail(&ps, "bad tile id");
            for (int i = 0; i < ts->ntypes - 1; i++)
                if (strcmp(ts->types[i].name, cur->name) == 0) return fail(&ps, "duplicate tile id %s", cur->name);
            char dn[24] = "";
            while (next_token(&s, le, &tok, &n)) {
                int num;
                if (n == 5 && memcmp(tok, "start", 5) == 0) {
                    if (ts->start_type >= 0) return fail(&ps, "two start tiles");
                    cur->start = 1;
                    ts->start_type = ts->ntypes - 1;
                } else if (n > 6 && memcmp(tok, "count=", 6) == 0) {
                    if (parse_int(tok + 6, n - 6, &num)) return fail(&ps, "bad count");
                    if (num > MAX_TILES) return limit(&ps, "count above %d", MAX_TILES);
                    cur->count = (uint8_t)num;
                } else if (n > 5 && memcmp(tok, "deck=", 5) == 0) {
                    if (copy_word(dn, sizeof dn, tok + 5, n - 5)) return fail(&ps, "bad deck name");
                } else {
                    return fail(&ps, "unknown tile attribute");
                }
            }
            /* a stack is made when a tile goes into it: a deck= that a later
             * one on the same line overrides leaves no empty stack behind */
            if (dn[0]) {
                int d = deck_index(ts, dn);
                if (d < 0) return limit(&ps, "too many decks (at most %d)", MAX_DECKS);
                cur->deck = (uint8_t)d;
            }
        } else if (n == 5 && memcmp(tok, "edges", 5) == 0) {
            if (!cur) return fail(&ps, "edges outside a tile");
            int k = 0;
            while (next_token(&s, le, &tok, &n))
                for (size_t i = 0; i < n; i++) {
                    if (k == 12 || !isalpha((unsigned char)tok[i])) return fail(&ps, "edges need 12 letters");
                    int c = letter_code(&ps, tok[i]);
                    if (c < 0) return limit(&ps, "more than 15 edge letters");
                    cur->edges[k++] = (char)c;
                }
            if (k != 12) return fail(&ps, "edges need 12 letters");
        } else if (n == 7 && memcmp(tok, "feature", 7) == 0) {
            if (!cur) return fail(&ps, "feature outside a tile");
            if (cur->nfeat == MAX_FEATS) return limit(&ps, "too many features (at most %d)", MAX_FEATS);
            int fi = cur->nfeat++;
            tile_feat *f = &cur->feat[fi];
            if (!next_token(&s, le, &tok, &n)) return fail(&ps, "feature needs a kind");
            int k = kind_of(v, tok, n);
            if (k < 0) return fail(&ps, "unknown feature kind %.*s", (int)(n > 20 ? 20 : n), tok);
            f->kind = (uint8_t)k;
            while (next_token(&s, le, &tok, &n)) {
                const char *eq = memchr(tok, '=', n);
                if (!eq || eq == tok || eq == tok + n - 1) return fail(&ps, "expected key=value");
                int r = feature_attr(&ps, f, fi, tok, (size_t)(eq - tok), eq + 1, (size_t)(tok + n - eq - 1));
                if (r) return r;
            }
        } else {
            return fail(&ps, "unknown line");
        }
    }
    if (cur) {
        int r = finish_tile(&ps, cur);
        if (r) return r;
    }
    ps.line = 0;
    if (ts->ntypes == 0) return fail(&ps, "no tiles");
    if (ts->start_type < 0) return fail(&ps, "no start tile");
    if (ts->types[ts->start_type].count < 1) return fail(&ps, "the start tile needs count=1 or more");
    int feats = 0;
    for (int i = 0; i < ts->ntypes; i++) {
        ts->total += ts->types[i].count;
        feats += ts->types[i].count * ts->types[i].nfeat;
    }
    if (ts->total > MAX_TILES) return limit(&ps, "too many tiles (at most %d)", MAX_TILES);
    if (feats > MAX_PIECES) return limit(&ps, "too many features in all (at most %d)", MAX_PIECES);
    ts->max_pieces = feats;
    build_fit_table(ts);
    find_link_kinds(ts);
    /* codes were built from letter numbers; keep the letters for carc_tileset_type() */
    for (int i = 0; i < ts->ntypes; i++)
        for (int s = 0; s < 12; s++) ts->types[i].edges[s] = ps.letters[(int)ts->types[i].edges[s]];
    return CARC_OK;
}

static unsigned side_code(uint64_t code, int side) { return (unsigned)(code >> (12 * side)) & 0xFFF; }

/* A neighbour's side seen from the square facing it: slots in reverse. */
static unsigned reversed(unsigned c) { return (c & 0xF) << 8 | (c & 0xF0) | (c >> 8 & 0xF); }

static int side_id(carc_tileset *ts, unsigned c)
{
    for (int i = 1; i <= ts->nside_codes; i++)
        if (ts->side_codes[i] == c) return i;
    return 0;
}

/* The kinds whose pieces need the system partition: kinds of features with
 * link=, and any kind that can meet one of those across an edge (the same
 * slot letter), since a join makes them one feature. Every other kind's
 * system is its feature, so joins and finds skip the second union-find. */
static void find_link_kinds(carc_tileset *ts)
{
    unsigned kinds = 0;
    for (int t = 0; t < ts->ntypes; t++)
        for (int i = 0; i < ts->types[t].nfeat; i++)
            if (ts->types[t].feat[i].links) kinds |= 1u << ts->types[t].feat[i].kind;
    for (unsigned more = kinds;; kinds = more) {
        unsigned char letter[256] = {0};
        for (int t = 0; t < ts->ntypes; t++)
            for (int i = 0; i < ts->types[t].nfeat; i++)
                if (kinds >> ts->types[t].feat[i].kind & 1)
                    for (int sl = 0; sl < 12; sl++)
                        if (ts->types[t].feat[i].slots >> sl & 1) letter[(unsigned char)ts->types[t].edges[sl]] = 1;
        for (int t = 0; t < ts->ntypes; t++)
            for (int i = 0; i < ts->types[t].nfeat; i++)
                for (int sl = 0; sl < 12; sl++)
                    if ((ts->types[t].feat[i].slots >> sl & 1) && letter[(unsigned char)ts->types[t].edges[sl]])
                        more |= 1u << ts->types[t].feat[i].kind;
        if (more == kinds) break;
    }
    ts->link_kinds = (uint16_t)kinds;
}

static void build_fit_table(carc_tileset *ts)
{
    for (int t = 0; t < ts->ntypes; t++) {
        ts->move_head[t][0] = CARC_MOVE_TILE;
        ts->move_head[t][1] = (uint64_t)t;
    }
    ts->nside_codes = 0;
    ts->fit_classes = 0;
    ts->avx2 = 0;
    memset(ts->key_classes, 0, sizeof ts->key_classes);
    for (int t = 0; t < ts->ntypes; t++)
        for (int side = 0; side < 4; side++) {
            unsigned c = side_code(ts->types[t].code[0], side);
            for (int k = 0; k < 2; k++, c = reversed(c)) {
                if (side_id(ts, c)) continue;
                if (ts->nside_codes == MAX_SIDE_CODES) {
                    ts->nside_codes = 0; /* too many: no table */
                    return;
                }
                ts->side_codes[++ts->nside_codes] = (uint16_t)c;
            }
        }
    int base = ts->key_base = ts->nside_codes + 1;
    int nkeys = base * base * base * base;
    for (int t = 0; t < ts->ntypes; t++) {
        const tile_type *tt = &ts->types[t];
        int sid[4][4];
        for (int r = 0; r < 4; r++)
            for (int side = 0; side < 4; side++) sid[r][side] = side_id(ts, side_code(tt->code[r], side));
        for (int key = 0; key < nkeys; key++) {
            int need[4], k = key;
            for (int side = 0; side < 4; side++, k /= base) need[side] = k % base;
            unsigned mask = 0;
            for (int r = 0; r < 4; r++) {
                int ok = 1;
                for (int side = 0; side < 4; side++) ok &= need[side] == 0 || need[side] == sid[r][side];
                mask |= (unsigned)ok << r;
            }
            ts->fit[t][key] = (uint8_t)((mask & tt->distinct_rots) << FIT_SHIFT);
        }
    }
    /* fit classes: a type joins the first earlier type that fits the same keys */
    for (int t = 0; t < ts->ntypes; t++) {
        int c = -1;
        for (int u = 0; u < t && c < 0; u++) {
            int same = 1;
            for (int key = 0; key < nkeys && same; key++) same = !ts->fit[t][key] == !ts->fit[u][key];
            if (same) c = ts->fit_class[u];
        }
        if (c < 0) c = ts->fit_classes++;
        ts->fit_class[t] = (uint8_t)c;
        ts->class_shift[t] = (uint8_t)(31 - (c & 31));
        if (c < 32)
            for (int key = 0; key < nkeys; key++)
                if (ts->fit[t][key]) ts->key_classes[key] |= 1u << c;
    }
    if (ts->fit_classes > 32) ts->fit_classes = 0;
#if CARC_AVX2
    ts->avx2 = ts->fit_classes && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
#endif
    /* a square always has a neighbour, so key 0 (all sides open) never
     * occurs: over the other keys, the most rotations of a type that fit
     * one square, the moves listing writes a square of it */
    for (int t = 0; t < ts->ntypes; t++) {
        ts->fit_width[t] = 0;
        for (int key = 1; key < nkeys; key++) {
            unsigned m = ts->fit[t][key] >> FIT_SHIFT;
            int n = (int)(m & 1) + (int)(m >> 1 & 1) + (int)(m >> 2 & 1) + (int)(m >> 3 & 1);
            if (n > ts->fit_width[t]) ts->fit_width[t] = (uint8_t)n;
        }
    }
    /* the square beyond side k is constrained on its side k+2 */
    for (int t = 0; t < ts->ntypes; t++) {
        tile_type *tt = &ts->types[t];
        for (int r = 0; r < 4; r++)
            for (int side = 0; side < 4; side++) {
                int opp = (side + 2) & 3, weight = 1;
                for (int i = 0; i < opp; i++) weight *= base;
                tt->key_add[r][side] = (uint16_t)(weight * side_id(ts, reversed(side_code(tt->code[r], side))));
            }
    }
}

/* Parses into a block of allocator `a`, which the tile set keeps. */
static int parse_into_block(const carc_allocator *a, const carc_variant *v, const char *text, size_t len,
                            carc_tileset **out, char *err, size_t err_cap)
{
    carc_tileset *ts = mem_alloc(a, sizeof *ts);
    if (!ts) {
        if (err && err_cap) snprintf(err, err_cap, "out of memory (a tile set takes %zu bytes)", sizeof *ts);
        return CARC_E_NOMEM;
    }
    int r = tileset_parse(v, text, len, ts, err, err_cap);
    if (r) {
        mem_release(a, ts, sizeof *ts);
        return r;
    }
    ts->alloc = *a;
    *out = ts;
    return CARC_OK;
}

int tileset_builtin(const carc_variant *v, const carc_allocator *a, carc_tileset **out)
{
    return parse_into_block(a, v, v->tiles, v->tiles_len, out, NULL, 0);
}

int carc_tileset_parse_with(const carc_allocator *alloc, const carc_variant *v, const char *text, size_t len,
                            carc_tileset **out, char *err, size_t err_cap)
{
    if (!v || !text || !out) return CARC_E_NULL;
    carc_allocator a;
    int r = alloc_take(alloc, &a);
    if (r) return r;
    return parse_into_block(&a, v, text, len, out, err, err_cap);
}

int carc_tileset_parse(const carc_variant *v, const char *text, size_t len, carc_tileset **out, char *err,
                       size_t err_cap)
{
    return carc_tileset_parse_with(NULL, v, text, len, out, err, err_cap);
}

void carc_tileset_free(carc_tileset *ts)
{
    if (ts) mem_release(&ts->alloc, ts, sizeof *ts);
}

int carc_tileset_type_count(const carc_tileset *ts, int *count)
{
    if (!ts || !count) return CARC_E_NULL;
    *count = ts->ntypes;
    return CARC_OK;
}

int carc_tileset_type(const carc_tileset *ts, int type, carc_tile_type_info *info)
{
    if (!ts || !info) return CARC_E_NULL;
    if (info->struct_size < sizeof *info) return CARC_E_VERSION;
    if (type < 0 || type >= ts->ntypes) return CARC_E_RANGE;
    const tile_type *t = &ts->types[type];
    info->name = t->name;
    info->count = t->count;
    info->is_start = t->start;
    info->deck = ts->deck_names[t->deck];
    info->feature_count = t->nfeat;
    memcpy(info->edges, t->edges, 12);
    info->edges[12] = 0;
    return CARC_OK;
}

int carc_tileset_find(const carc_tileset *ts, const char *name, int *type)
{
    if (!ts || !name || !type) return CARC_E_NULL;
    for (int i = 0; i < ts->ntypes; i++)
        if (strcmp(ts->types[i].name, name) == 0) {
            *type = i;
            return CARC_OK;
        }
    return CARC_E_NOT_FOUND;
}

int carc_tileset_feature(const carc_tileset *ts, int type, int feature, const char **id, const char **kind,
                         unsigned *slots)
{
    if (!ts) return CARC_E_NULL;
    if (type < 0 || type >= ts->ntypes) return CARC_E_RANGE;
    const tile_type *t = &ts->types[type];
    if (feature < 0 || feature >= t->nfeat) return CARC_E_RANGE;
    if (id) *id = t->feat[feature].id;
    if (kind) *kind = ts->variant->kinds[t->feat[feature].kind].name;
    if (slots) *slots = t->feat[feature].slots;
    return CARC_OK;
}
