/* The legend: a sample and a line of text for everything the picture
 * draws: each feature kind as it is drawn (an area, a line, inside a tile
 * with its letter), junction dots and edges with no feature when the
 * picture has them, each symbol printed on the tiles shown, each figure
 * kind in the players' colours, the last-tile frame and the points tag. */
#include <ctype.h>
#include <string.h>

#include "rd.h"

enum { LG_KIND, LG_INSIDE, LG_JUNCTION, LG_BARE, LG_GLYPH, LG_FIGURE, LG_LAST, LG_TAG };

typedef struct rd_entry {
    int what, index;
} rd_entry;

static int legend_entries(const rd_ctx *c, rd_entry *out)
{
    int n = 0;
    for (int k = 0; k < c->nkinds && n < RD_MAXLEGEND - 8; k++) {
        if (c->kused[k]) out[n++] = (rd_entry){LG_KIND, k};
        if (c->kinside[k] && c->kshown_inside[k]) out[n++] = (rd_entry){LG_INSIDE, k};
    }
    if (c->any_junction) out[n++] = (rd_entry){LG_JUNCTION, 0};
    if (c->any_bare) out[n++] = (rd_entry){LG_BARE, 0};
    for (int a = 0; a < c->nattrs && n < RD_MAXLEGEND - 8; a++)
        if (c->aused[a]) out[n++] = (rd_entry){LG_GLYPH, a};
    for (int k = 0; k < c->info.figure_kind_count && n < RD_MAXLEGEND - 2; k++) out[n++] = (rd_entry){LG_FIGURE, k};
    out[n++] = (rd_entry){LG_LAST, 0};
    out[n++] = (rd_entry){LG_TAG, 0};
    return n;
}

static char initial(const rd_ctx *c, int k)
{
    return c->kname[k] && isalnum((unsigned char)c->kname[k][0]) ? (char)toupper((unsigned char)c->kname[k][0]) : '?';
}

/* "pennant: coat of arms", "deer (animals)", "raft (power)". */
static void glyph_text(const rd_ctx *c, int a, char *t, size_t cap)
{
    const char *name = c->aname[a], *dot = strrchr(name, '.');
    const char *what = rd_glyph_title(c->aglyph[a], name), *word = dot ? dot + 1 : name;
    if (dot) snprintf(t, cap, "%s (%.*s)%s%s", word, (int)(dot - name), name, strcmp(what, word) ? ": " : "",
                      strcmp(what, word) ? what : "");
    else if (strcmp(what, word)) snprintf(t, cap, "%s: %s", word, what);
    else snprintf(t, cap, "%s", word);
}

static void entry_text(const rd_ctx *c, const rd_entry *e, char *t, size_t cap)
{
    const char *kn = e->what <= LG_INSIDE && c->kname[e->index] ? c->kname[e->index] : "?", *fname = "?";
    switch (e->what) {
    case LG_KIND:
        if (c->kclass[e->index] == RD_LINE) snprintf(t, cap, "%s: a line from the edge towards the centre", kn);
        else if (c->kclass[e->index] == RD_MARKER) snprintf(t, cap, "%s: inside the tile, marked %c", kn, initial(c, e->index));
        else snprintf(t, cap, "%s: an area of the tile", kn);
        break;
    case LG_INSIDE: snprintf(t, cap, "%s touching no edge: inside the tile, marked %c", kn, initial(c, e->index)); break;
    case LG_JUNCTION: snprintf(t, cap, "lines that end in the tile meet at its centre"); break;
    case LG_BARE: snprintf(t, cap, "edge with no feature (matches by its letter only)"); break;
    case LG_GLYPH: glyph_text(c, e->index, t, cap); break;
    case LG_FIGURE:
        carc_variant_figure(c->v, e->index, &fname, NULL);
        snprintf(t, cap, "%s, in player colours", fname);
        break;
    case LG_LAST: snprintf(t, cap, "last tile placed; small numbers: turn of each tile"); break;
    default: snprintf(t, cap, "points scored in the last turn (in play)"); break;
    }
}

/* A kind's sample: a line with its casing, or a filled box (rounded and
 * lettered for a feature drawn inside a tile). */
static void kind_sample(rd_ctx *c, int k, int inside, double x, double y)
{
    if (!inside && c->kclass[k] == RD_LINE) {
        fprintf(c->f, "<path class=\"o%d\" d=\"M%.1f %.1fH%.1f\" style=\"stroke-width:9\"/>\n", k, x, y + 8, x + 30);
        fprintf(c->f, "<path class=\"l%d\" d=\"M%.1f %.1fH%.1f\" style=\"stroke-width:5\"/>\n", k, x, y + 8, x + 30);
        return;
    }
    inside |= c->kclass[k] == RD_MARKER;
    fprintf(c->f, "<rect class=\"k%d\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"16\" rx=\"%d\"/>\n", k,
            x + (inside ? 7 : 0), y, inside ? 16 : 30, inside ? 4 : 0);
    if (inside)
        fprintf(c->f,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" "
                "fill=\"%s\">%c</text>\n",
                x + 15, y + 12.5, rd_light(c->kcolor[k]) > 140 ? "#222" : "#fff", initial(c, k));
}

static void entry_sample(rd_ctx *c, const rd_entry *e, double x, double y)
{
    switch (e->what) {
    case LG_KIND: kind_sample(c, e->index, 0, x, y); break;
    case LG_INSIDE: kind_sample(c, e->index, 1, x, y); break;
    case LG_JUNCTION:
        fprintf(c->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5.5\" fill=\"#4e4a40\"/>\n", x + 15, y + 8);
        break;
    case LG_BARE:
        fprintf(c->f, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"#e6dfcb\" stroke=\"#b9b2a2\"/>\n", x + 5, y,
                x + 25, y, x + 15, y + 14);
        break;
    case LG_GLYPH: rd_glyph(c, c->aglyph[e->index], x + 15, y + 8, 7.5, rd_word(c->aname[e->index])); break;
    case LG_FIGURE:
        for (int p = 0; p < c->players && p < 6; p++) rd_figure(c, e->index, p, x + 8 + p * 13, y + 8, 6.5);
        break;
    case LG_LAST:
        fprintf(c->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"30\" height=\"16\" fill=\"none\" stroke=\"#d500f9\" "
                "stroke-width=\"3\"/>\n",
                x, y);
        break;
    default:
        fprintf(c->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"26\" height=\"15\" rx=\"4\" fill=\"#fff\" stroke=\"#888\" "
                "stroke-width=\"2\"/>\n",
                x + 2, y);
        rd_text(c, x + 6, y + 11.5, 11, "bold", NULL, "#111", "+4");
    }
}

/* Where an entry's text starts: after the figures of every player for a figure kind. */
static double text_x(const rd_ctx *c, const rd_entry *e)
{
    double after_figures = 16 + c->players * 13;
    return e->what == LG_FIGURE && after_figures > 40 ? after_figures : 40;
}

int rd_legend_rows(const rd_ctx *c)
{
    rd_entry e[RD_MAXLEGEND];
    return legend_entries(c, e);
}

double rd_legend_width(const rd_ctx *c)
{
    rd_entry e[RD_MAXLEGEND];
    int n = legend_entries(c, e);
    double w = 300;
    for (int i = 0; i < n; i++) {
        char t[160];
        entry_text(c, &e[i], t, sizeof t);
        double tw = text_x(c, &e[i]) + rd_textw(strlen(t), 12);
        if (tw > w) w = tw;
    }
    return w;
}

double rd_draw_legend(rd_ctx *c, double x, double y)
{
    rd_entry e[RD_MAXLEGEND];
    int n = legend_entries(c, e);
    rd_text(c, x, y + 14, 15, "bold", NULL, "#222", "Legend");
    y += 24;
    for (int i = 0; i < n; i++, y += 20) {
        char t[160];
        entry_sample(c, &e[i], x, y);
        entry_text(c, &e[i], t, sizeof t);
        rd_text(c, x + text_x(c, &e[i]), y + 12.5, 12, NULL, NULL, "#222", t);
    }
    return y;
}
