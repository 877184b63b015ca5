/* The symbols printed on features (tile attributes: carc_tileset_attr and
 * carc_tileset_feature_attr), each a small glyph of simple shapes drawn
 * here (no publisher artwork) with an SVG <title> naming it, so that a
 * player can check a score against the board: coats of arms, animals,
 * fish, mushrooms, menhirs, special powers, harvest symbols, port cities.
 * A glyph is chosen by the attribute's word (the part after the dot of
 * "animals.deer"); a word without a glyph of its own gets a lettered
 * disc, so a third-party ruleset's attributes are shown too. */
#include <ctype.h>
#include <string.h>

#include "rd.h"

typedef struct rd_glyph_desc {
    const char *word;  /* the attribute's word */
    const char *what;  /* for the legend */
    const char *svg;   /* elements in a box of about [-1,1]^2, y growing south */
} rd_glyph_desc;

#define INK "stroke-linejoin=\"round\" stroke-linecap=\"round\""

static const rd_glyph_desc rd_glyphs[] = {
    {"pennant", "coat of arms",
     "<path d=\"M-0.8-0.85H0.8V-0.1Q0.8 0.6 0 0.95Q-0.8 0.6-0.8-0.1Z\" fill=\"#1e4fa3\" stroke=\"#fff\" "
     "stroke-width=\"0.14\"/><path d=\"M-0.45-0.35L0 0.15L0.45-0.35\" fill=\"none\" stroke=\"#fff\" "
     "stroke-width=\"0.2\" " INK "/>"},
    {"fish", "fish",
     "<path d=\"M-0.95 0Q-0.3-0.65 0.35 0Q-0.3 0.65-0.95 0ZM0.25 0L0.95-0.55V0.55Z\" fill=\"#ff8a65\" "
     "stroke=\"#6d2d12\" stroke-width=\"0.12\" " INK "/><circle cx=\"-0.55\" cy=\"-0.08\" r=\"0.1\" fill=\"#222\"/>"},
    {"deer", "deer",
     "<path d=\"M-0.22-0.15L-0.5-0.85M-0.42-0.6L-0.85-0.7M0.22-0.15L0.5-0.85M0.42-0.6L0.85-0.7\" fill=\"none\" "
     "stroke=\"#5d3a1a\" stroke-width=\"0.16\" " INK "/><ellipse cx=\"0\" cy=\"0.3\" rx=\"0.42\" ry=\"0.55\" "
     "fill=\"#a0522d\" stroke=\"#4a2a10\" stroke-width=\"0.1\"/><circle cx=\"0\" cy=\"0.7\" r=\"0.12\" fill=\"#222\"/>"},
    {"mammoth", "mammoth",
     "<circle cx=\"-0.15\" cy=\"-0.15\" r=\"0.7\" fill=\"#8d7b6a\" stroke=\"#3e3128\" stroke-width=\"0.1\"/>"
     "<path d=\"M0.3 0.1Q0.75 0.4 0.5 0.95\" fill=\"none\" stroke=\"#8d7b6a\" stroke-width=\"0.3\" " INK "/>"
     "<path d=\"M0.1 0.25Q0 0.85-0.5 0.75\" fill=\"none\" stroke=\"#fffde7\" stroke-width=\"0.16\" " INK "/>"},
    {"aurochs", "aurochs",
     "<path d=\"M-0.35-0.1Q-1.05-0.15-0.8-0.9M0.35-0.1Q1.05-0.15 0.8-0.9\" fill=\"none\" stroke=\"#3e2723\" "
     "stroke-width=\"0.3\" " INK "/><path d=\"M-0.35-0.1Q-1.05-0.15-0.8-0.9M0.35-0.1Q1.05-0.15 0.8-0.9\" "
     "fill=\"none\" stroke=\"#f3ead0\" stroke-width=\"0.16\" " INK "/><ellipse cx=\"0\" cy=\"0.25\" "
     "rx=\"0.48\" ry=\"0.62\" fill=\"#6d4c41\" stroke=\"#1b0f0b\" stroke-width=\"0.1\"/><ellipse cx=\"0\" "
     "cy=\"0.68\" rx=\"0.28\" ry=\"0.16\" fill=\"#a1887f\"/>"},
    {"tiger", "tiger",
     "<path d=\"M-0.75-0.3L-0.6-0.95L-0.2-0.7ZM0.75-0.3L0.6-0.95L0.2-0.7Z\" fill=\"#f57c00\" stroke=\"#4e2600\" "
     "stroke-width=\"0.1\" " INK "/><circle r=\"0.78\" fill=\"#f57c00\" stroke=\"#4e2600\" stroke-width=\"0.1\"/><path d=\"M-0.6-0.35L-0.15-0.1"
     "M-0.7 0.15L-0.2 0.15M0.6-0.35L0.15-0.1M0.7 0.15L0.2 0.15M0-0.75V-0.35\" fill=\"none\" stroke=\"#111\" "
     "stroke-width=\"0.13\" " INK "/>"},
    {"boar", "boar",
     "<ellipse rx=\"0.8\" ry=\"0.6\" fill=\"#5d4037\" stroke=\"#1b0f0b\" stroke-width=\"0.1\"/><path "
     "d=\"M0.45 0.2Q0.75 0.2 0.8-0.2M-0.45 0.2Q-0.75 0.2-0.8-0.2\" fill=\"none\" stroke=\"#fff\" "
     "stroke-width=\"0.14\" " INK "/>"},
    {"mushrooms", "mushrooms",
     "<rect x=\"-0.22\" y=\"-0.05\" width=\"0.44\" height=\"0.9\" rx=\"0.15\" fill=\"#fff3e0\" stroke=\"#6d4c41\" "
     "stroke-width=\"0.1\"/><path d=\"M-0.9 0.05Q-0.9-0.85 0-0.85Q0.9-0.85 0.9 0.05Z\" fill=\"#d32f2f\" "
     "stroke=\"#7f0000\" stroke-width=\"0.1\"/><circle cx=\"-0.35\" cy=\"-0.35\" r=\"0.12\" fill=\"#fff\"/>"
     "<circle cx=\"0.3\" cy=\"-0.5\" r=\"0.1\" fill=\"#fff\"/>"},
    {"menhir", "menhir (standing stone)",
     "<path d=\"M-0.45 0.9L-0.55-0.35Q-0.35-0.95 0.1-0.9Q0.55-0.8 0.48-0.25L0.42 0.9Z\" fill=\"#9e9e9e\" "
     "stroke=\"#37474f\" stroke-width=\"0.12\" " INK "/>"},
    {"wildfire", "wildfire",
     "<path d=\"M0-0.95Q0.75-0.3 0.55 0.4Q0.38 0.95 0 0.95Q-0.38 0.95-0.55 0.4Q-0.65-0.1-0.22-0.38Q-0.1 0.05 0.1-0.2"
     "Q0.22-0.55 0-0.95Z\" fill=\"#ff5722\" stroke=\"#8d1c00\" stroke-width=\"0.1\" " INK "/>"},
    {"pit_trap", "pit trap",
     "<ellipse cy=\"0.3\" rx=\"0.85\" ry=\"0.45\" fill=\"#3e2723\"/><path d=\"M-0.45 0.35L-0.35-0.6M0 0.35V-0.75"
     "M0.45 0.35L0.35-0.6\" fill=\"none\" stroke=\"#d7ccc8\" stroke-width=\"0.14\" " INK "/>"},
    {"hunting_trap", "hunting trap",
     "<circle r=\"0.8\" fill=\"#fff8e1\" stroke=\"#5d4037\" stroke-width=\"0.14\"/><path d=\"M-0.55-0.55L0.55 0.55"
     "M0.55-0.55L-0.55 0.55M-0.8 0H0.8M0-0.8V0.8\" fill=\"none\" stroke=\"#5d4037\" stroke-width=\"0.1\"/>"},
    {"shaman", "shaman",
     "<path d=\"M-0.6 0.9L0-0.2L0.6 0.9Z\" fill=\"#8e24aa\" stroke=\"#3a0b48\" stroke-width=\"0.1\" " INK "/>"
     "<circle cy=\"-0.45\" r=\"0.3\" fill=\"#d1a27a\" stroke=\"#3a0b48\" stroke-width=\"0.1\"/><path "
     "d=\"M0.2-0.7L0.55-1\" stroke=\"#ffc107\" stroke-width=\"0.16\" " INK "/>"},
    {"raft", "raft",
     "<g fill=\"#a1887f\" stroke=\"#4e342e\" stroke-width=\"0.1\"><rect x=\"-0.9\" y=\"-0.7\" width=\"1.8\" "
     "height=\"0.4\" rx=\"0.2\"/><rect x=\"-0.9\" y=\"-0.2\" width=\"1.8\" height=\"0.4\" rx=\"0.2\"/><rect "
     "x=\"-0.9\" y=\"0.3\" width=\"1.8\" height=\"0.4\" rx=\"0.2\"/></g>"},
    {"logboat", "logboat",
     "<path d=\"M-0.95-0.25H0.95Q0.75 0.6 0 0.6Q-0.75 0.6-0.95-0.25Z\" fill=\"#795548\" stroke=\"#2e1b12\" "
     "stroke-width=\"0.1\" " INK "/><path d=\"M-0.6-0.05H0.6\" stroke=\"#3e2723\" stroke-width=\"0.12\"/>"},
    {"apple", "apple",
     "<circle cy=\"0.12\" r=\"0.72\" fill=\"#e53935\" stroke=\"#7f0000\" stroke-width=\"0.1\"/><path "
     "d=\"M0-0.55Q0.45-1 0.65-0.65Q0.3-0.4 0-0.55Z\" fill=\"#43a047\"/>"},
    {"strawberry", "strawberry",
     "<path d=\"M0 0.92Q-0.88 0.1-0.62-0.4Q-0.3-0.65 0-0.45Q0.3-0.65 0.62-0.4Q0.88 0.1 0 0.92Z\" fill=\"#e91e63\" "
     "stroke=\"#7a0c2e\" stroke-width=\"0.1\" " INK "/><path d=\"M-0.45-0.5L0-0.3L0.45-0.5L0-0.9Z\" "
     "fill=\"#388e3c\"/><circle cx=\"-0.2\" cy=\"0.05\" r=\"0.07\" fill=\"#ffeb3b\"/><circle cx=\"0.22\" "
     "cy=\"0.2\" r=\"0.07\" fill=\"#ffeb3b\"/>"},
    {"pumpkin", "pumpkin",
     "<ellipse cy=\"0.12\" rx=\"0.88\" ry=\"0.65\" fill=\"#fb8c00\" stroke=\"#7a3300\" stroke-width=\"0.1\"/>"
     "<ellipse cy=\"0.12\" rx=\"0.32\" ry=\"0.65\" fill=\"none\" stroke=\"#7a3300\" stroke-width=\"0.08\"/>"
     "<path d=\"M0-0.5L0.15-0.85\" stroke=\"#2e7d32\" stroke-width=\"0.18\" " INK "/>"},
    {"sunflower", "sunflower",
     "<path d=\"M0-0.95L0.25-0.45L0.67-0.67L0.45-0.25L0.95 0L0.45 0.25L0.67 0.67L0.25 0.45L0 0.95L-0.25 0.45"
     "L-0.67 0.67L-0.45 0.25L-0.95 0L-0.45-0.25L-0.67-0.67L-0.25-0.45Z\" fill=\"#fdd835\" stroke=\"#8d6e00\" "
     "stroke-width=\"0.08\" " INK "/><circle r=\"0.38\" fill=\"#6d4c41\"/>"},
    {"grain", "grain",
     "<path d=\"M0 0.95V-0.9\" stroke=\"#8d6e00\" stroke-width=\"0.12\" " INK "/><g fill=\"#f9a825\" "
     "stroke=\"#8d6e00\" stroke-width=\"0.06\"><ellipse cx=\"-0.25\" cy=\"-0.55\" rx=\"0.17\" ry=\"0.3\" "
     "transform=\"rotate(-30 -0.25 -0.55)\"/><ellipse cx=\"0.25\" cy=\"-0.55\" rx=\"0.17\" ry=\"0.3\" "
     "transform=\"rotate(30 0.25 -0.55)\"/><ellipse cx=\"-0.25\" cy=\"-0.05\" rx=\"0.17\" ry=\"0.3\" "
     "transform=\"rotate(-30 -0.25 -0.05)\"/><ellipse cx=\"0.25\" cy=\"-0.05\" rx=\"0.17\" ry=\"0.3\" "
     "transform=\"rotate(30 0.25 -0.05)\"/><ellipse cx=\"0\" cy=\"-0.85\" rx=\"0.14\" ry=\"0.22\"/></g>"},
    {"scarecrow", "scarecrow",
     "<path d=\"M-0.85-0.15H0.85M0-0.45V0.95M0 0.95L-0.3 0.95M0 0.95L0.3 0.95\" fill=\"none\" stroke=\"#6d4c41\" "
     "stroke-width=\"0.18\" " INK "/><circle cy=\"-0.5\" r=\"0.26\" fill=\"#ffe0b2\" stroke=\"#6d4c41\" "
     "stroke-width=\"0.08\"/><path d=\"M-0.5-0.68H0.5L0.22-0.98H-0.22Z\" fill=\"#4e342e\"/>"},
    {"rooster", "rooster",
     "<circle cy=\"0.22\" r=\"0.62\" fill=\"#fafafa\" stroke=\"#424242\" stroke-width=\"0.1\"/><path "
     "d=\"M-0.35-0.3Q-0.25-0.95 0-0.55Q0.15-0.98 0.35-0.35Z\" fill=\"#e53935\"/><path d=\"M0.55 0.1L0.95 0.25"
     "L0.55 0.4Z\" fill=\"#ffa000\"/>"},
    {"cow", "cow",
     "<path d=\"M-0.45-0.5Q-0.9-0.6-0.85-0.95M0.45-0.5Q0.9-0.6 0.85-0.95\" fill=\"none\" stroke=\"#757575\" "
     "stroke-width=\"0.14\" " INK "/><ellipse cy=\"0.1\" rx=\"0.55\" ry=\"0.75\" fill=\"#fafafa\" stroke=\"#212121\" "
     "stroke-width=\"0.1\"/><circle cx=\"-0.2\" cy=\"-0.2\" r=\"0.22\" fill=\"#212121\"/><ellipse cy=\"0.6\" "
     "rx=\"0.35\" ry=\"0.2\" fill=\"#f8bbd0\"/>"},
    {"horse", "horse",
     "<path d=\"M-0.35 0.92L-0.45-0.2Q-0.35-0.9 0.2-0.8L0.75-0.1Q0.85 0.25 0.5 0.3L0.1 0.12L0.2 0.92Z\" "
     "fill=\"#8d6e63\" stroke=\"#3e2723\" stroke-width=\"0.1\" " INK "/><path d=\"M-0.2-0.75Q-0.6-0.4-0.5 0.3\" "
     "fill=\"none\" stroke=\"#3e2723\" stroke-width=\"0.16\" " INK "/>"},
    {"sheep", "sheep",
     "<g fill=\"#fafafa\" stroke=\"#616161\" stroke-width=\"0.08\"><circle cx=\"-0.45\" cy=\"0\" r=\"0.4\"/>"
     "<circle cx=\"0\" cy=\"-0.3\" r=\"0.4\"/><circle cx=\"0\" cy=\"0.3\" r=\"0.4\"/><circle cx=\"0.3\" cy=\"0\" "
     "r=\"0.4\"/></g><ellipse cx=\"0.72\" cy=\"0\" rx=\"0.25\" ry=\"0.3\" fill=\"#37474f\"/>"},
    {"pig", "pig",
     "<path d=\"M-0.6-0.45L-0.45-0.9L-0.2-0.6ZM0.6-0.45L0.45-0.9L0.2-0.6Z\" fill=\"#f48fb1\" stroke=\"#ad1457\" "
     "stroke-width=\"0.08\"/><circle cy=\"0.05\" r=\"0.72\" fill=\"#f8bbd0\" stroke=\"#ad1457\" "
     "stroke-width=\"0.1\"/><ellipse cy=\"0.25\" rx=\"0.3\" ry=\"0.2\" fill=\"#f48fb1\" stroke=\"#ad1457\" "
     "stroke-width=\"0.06\"/>"},
    {"city", "port city",
     "<path d=\"M-0.7 0.9V-0.2L0-0.85L0.7-0.2V0.9Z\" fill=\"#efebe9\" stroke=\"#4e342e\" stroke-width=\"0.12\" " INK
     "/><rect x=\"-0.2\" y=\"0.3\" width=\"0.4\" height=\"0.6\" fill=\"#4e342e\"/>"},
    {"ports", "a port city of this tile faces this sea",
     "<circle cy=\"-0.62\" r=\"0.2\" fill=\"none\" stroke=\"#0d3c78\" stroke-width=\"0.14\"/><path "
     "d=\"M0-0.42V0.85M-0.6 0.35Q0 1.05 0.6 0.35M-0.38-0.15H0.38\" fill=\"none\" stroke=\"#0d3c78\" "
     "stroke-width=\"0.16\" " INK "/>"},
};

#define RD_NGLYPHS (int)(sizeof rd_glyphs / sizeof rd_glyphs[0])
#define RD_GENERIC RD_NGLYPHS /* a lettered disc */

/* Attributes that say how a tile is shaped rather than what is printed on
 * it: the shape already shows them (the junction dot, a path's end). */
static const char *const rd_shape_words[] = {"junction", "ends"};

/* The word of an attribute: "deer" of "animals.deer", the key when it has
 * no dot ("pennant"). */
const char *rd_word(const char *attribute)
{
    const char *dot = attribute ? strrchr(attribute, '.') : NULL;
    return dot ? dot + 1 : attribute ? attribute : "";
}

int rd_glyph_of(const char *attribute)
{
    char key[32];
    size_t n = attribute ? strcspn(attribute, ".") : 0;
    snprintf(key, sizeof key, "%.*s", (int)(n < sizeof key ? n : sizeof key - 1), attribute ? attribute : "");
    for (size_t i = 0; i < sizeof rd_shape_words / sizeof rd_shape_words[0]; i++)
        if (!strcmp(key, rd_shape_words[i])) return -1;
    const char *word = rd_word(attribute);
    for (int i = 0; i < RD_NGLYPHS; i++)
        if (!strcmp(word, rd_glyphs[i].word)) return i;
    return RD_GENERIC;
}

/* What the legend says of a glyph: "coat of arms", "deer"; the word for a
 * lettered disc. */
const char *rd_glyph_title(int glyph, const char *attribute)
{
    return glyph >= 0 && glyph < RD_NGLYPHS ? rd_glyphs[glyph].what : rd_word(attribute);
}

/* Glyph `glyph` centred at (cx, cy), its unit box scaled by k, on a pale
 * disc so that it shows on every kind colour; `title` names it. */
void rd_glyph(rd_ctx *c, int glyph, double cx, double cy, double k, const char *title)
{
    fprintf(c->f, "<g transform=\"translate(%.1f %.1f) scale(%.2f)\"><title>", cx, cy, k);
    rd_esc(c->f, title);
    fprintf(c->f, "</title><circle r=\"1.12\" fill=\"#fff\" fill-opacity=\"0.78\"/>");
    if (glyph >= 0 && glyph < RD_NGLYPHS) {
        fputs(rd_glyphs[glyph].svg, c->f);
    } else {
        char letter = title && isalnum((unsigned char)title[0]) ? (char)toupper((unsigned char)title[0]) : '?';
        fprintf(c->f,
                "<circle r=\"0.85\" fill=\"#eceff1\" stroke=\"#455a64\" stroke-width=\"0.14\"/><text y=\"0.38\" "
                "font-size=\"1.1\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#263238\">%c</text>",
                letter);
    }
    fprintf(c->f, "</g>\n");
}

/* Whether point q is within d of a line of the tile (a stroke from the
 * middle of an edge slot to the centre). */
static int near_line(const rd_geo *g, rd_pt q, double d)
{
    for (int i = 0; i < g->nf; i++) {
        if (g->f[i].cls != RD_LINE) continue;
        for (int e = 0; e < g->f[i].nends; e++) {
            rd_pt a = g->f[i].ends[e];
            double vx = 0.5 - a.x, vy = 0.5 - a.y, t = ((q.x - a.x) * vx + (q.y - a.y) * vy) / (vx * vx + vy * vy);
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            double dx = a.x + t * vx - q.x, dy = a.y + t * vy - q.y;
            if (dx * dx + dy * dy < d * d) return 1;
        }
    }
    return 0;
}

/* Whether point q of the tile shows feature i: inside its outline, off the
 * tile's lines, and not under an area drawn over it (a cap over the area
 * filling the tile). */
static int shows(const rd_geo *g, int i, rd_pt q)
{
    const rd_feat *f = &g->f[i];
    if (q.x < 0.1 || q.x > 0.9 || q.y < 0.1 || q.y > 0.9) return 0;
    if (f->cls != RD_AREA) return 1;
    if (!rd_inside(f->poly, f->np, q) || near_line(g, q, 0.17)) return 0;
    for (int j = 0; j < g->nf; j++)
        if (j != i && g->f[j].cls == RD_AREA && g->f[j].mode != RD_OWNER && f->mode != RD_JOIN &&
            rd_inside(g->f[j].poly, g->f[j].np, q))
            return 0;
    return 1;
}

/* Symbols already placed on a tile, and the places where figures stand. */
typedef struct rd_taken {
    rd_pt at[48];
    int n;
} rd_taken;

static int is_free(const rd_taken *t, rd_pt q, double d)
{
    for (int k = 0; k < t->n; k++) {
        double dx = t->at[k].x - q.x, dy = t->at[k].y - q.y;
        if (dx * dx + dy * dy < d * d) return 0;
    }
    return 1;
}

/* Whether a row of symbols from `first` to `last` shows feature i and
 * keeps clear of the symbols placed and the figures' places. */
static int row_fits(const rd_geo *g, int i, const rd_taken *t, rd_pt first, rd_pt last, double step)
{
    rd_pt mid = {(first.x + last.x) / 2, first.y};
    return shows(g, i, first) && shows(g, i, last) && is_free(t, first, step) && is_free(t, last, step) &&
           is_free(t, mid, step);
}

/* Where the first of a feature's n symbols goes (the others follow to the
 * east, `step` apart): the first spot around its figure's place where the
 * whole row shows the feature clear of other symbols and figures; above a
 * marker; below the figure's place when no spot fits. */
static rd_pt glyph_row(const rd_geo *g, int i, int n, double step, const rd_taken *t)
{
    static const rd_pt around[] = {{0, 0.23}, {0.24, 0}, {-0.24, 0}, {0, -0.23}, {0.2, 0.2}, {-0.2, 0.2},
                                   {0.2, -0.2}, {-0.2, -0.2}, {0, 0.32}, {0.33, 0}, {-0.33, 0}, {0, -0.32}};
    const rd_feat *f = &g->f[i];
    double half = (n - 1) * step / 2;
    rd_pt at = f->anchor;
    if (f->cls == RD_MARKER) {
        at.y -= 0.27;
        at.x -= half;
        if (at.x < 0.11) at.x = 0.11;
        return at;
    }
    for (size_t k = 0; k < sizeof around / sizeof around[0]; k++) {
        rd_pt first = {f->anchor.x + around[k].x - half, f->anchor.y + around[k].y};
        rd_pt last = {first.x + 2 * half, first.y};
        if (row_fits(g, i, t, first, last, step)) return first;
    }
    at.y = at.y + 0.2 > 0.89 ? 0.89 : at.y + 0.2;
    at.x = at.x - half < 0.11 ? 0.11 : at.x - half;
    return at;
}

/* The glyphs of one feature: each attribute it shows, repeated up to three
 * times for its count, or once with "×N" beyond. */
static void feature_glyphs(rd_ctx *c, int type, int i, const rd_geo *g, rd_taken *taken, double x0, double y0,
                           double S)
{
    int glyph[RD_MAXA * 3], n = 0, attr_of[RD_MAXA * 3], big = 0;
    for (int a = 0; a < c->nattrs && n < RD_MAXA * 3; a++) {
        int v = 0;
        if (c->aglyph[a] < 0 || carc_tileset_feature_attr(c->ts, type, i, a, &v) != CARC_OK || v <= 0) continue;
        for (int k = 0; k < (v > 3 ? 1 : v); k++) glyph[n] = c->aglyph[a], attr_of[n++] = a;
        if (v > 3) big = v;
    }
    if (!n) return;
    const double step = 0.24;
    rd_pt at = glyph_row(g, i, n, step, taken);
    for (int k = 0; k < n; k++) {
        if (taken->n < 48) taken->at[taken->n++] = (rd_pt){at.x + k * step, at.y};
        int v = 0;
        char title[64];
        carc_tileset_feature_attr(c->ts, type, i, attr_of[k], &v);
        if (v > 3) snprintf(title, sizeof title, "%s \xc3\x97%d", rd_word(c->aname[attr_of[k]]), v);
        else snprintf(title, sizeof title, "%s", rd_word(c->aname[attr_of[k]]));
        rd_glyph(c, glyph[k], x0 + (at.x + k * step) * S, y0 + at.y * S, 0.1 * S, title);
    }
    if (big) {
        char t[16];
        snprintf(t, sizeof t, "\xc3\x97%d", big);
        rd_text(c, x0 + (at.x + (n - 0.4) * step) * S, y0 + (at.y + 0.05) * S, 0.14 * S, "bold", NULL, "#111", t);
    }
}

void rd_tile_glyphs(rd_ctx *c, int type, const rd_geo *g, double x0, double y0, double S)
{
    rd_taken taken = {.n = 0};
    for (int i = 0; i < g->nf && i < 12; i++) { /* where figures stand: beside a marker, else on the anchor */
        taken.at[taken.n++] = g->f[i].anchor;
        if (g->f[i].cls == RD_MARKER) taken.at[taken.n++] = (rd_pt){g->f[i].anchor.x + 0.26, g->f[i].anchor.y + 0.13};
    }
    for (int i = 0; i < g->nf; i++) feature_glyphs(c, type, i, g, &taken, x0, y0, S);
}
