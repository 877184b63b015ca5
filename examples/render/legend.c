/* The legend: every feature kind as it is drawn, every figure kind in the
 * players' colours, the last-tile frame and the points tag. */
#include <ctype.h>

#include "rd.h"

int rd_legend_rows(const rd_ctx *c)
{
    int n = 0;
    for (int k = 0; k < c->nkinds; k++) n += c->kused[k];
    return n + c->info.figure_kind_count + 2;
}

double rd_legend_width(const rd_ctx *c)
{
    (void)c;
    return 300;
}

/* A kind's sample: a line with its casing, or a filled box (rounded and
 * lettered for a kind drawn inside tiles). */
static void kind_sample(rd_ctx *c, int k, double x, double y)
{
    if (c->kclass[k] == RD_LINE) {
        fprintf(c->f, "<path class=\"o%d\" d=\"M%.1f %.1fH%.1f\" style=\"stroke-width:9\"/>\n", k, x, y + 8, x + 30);
        fprintf(c->f, "<path class=\"l%d\" d=\"M%.1f %.1fH%.1f\" style=\"stroke-width:5\"/>\n", k, x, y + 8, x + 30);
        return;
    }
    fprintf(c->f, "<rect class=\"k%d\" x=\"%.1f\" y=\"%.1f\" width=\"30\" height=\"16\" rx=\"%d\"/>\n", k, x, y,
            c->kclass[k] == RD_MARKER ? 4 : 0);
    if (c->kclass[k] == RD_MARKER && c->kname[k] && isalnum((unsigned char)c->kname[k][0]))
        fprintf(c->f,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" "
                "fill=\"%s\">%c</text>\n",
                x + 15, y + 12.5, rd_light(c->kcolor[k]) > 140 ? "#222" : "#fff", c->kname[k][0]);
}

double rd_draw_legend(rd_ctx *c, double x, double y)
{
    rd_text(c, x, y + 14, 15, "bold", NULL, "#222", "Legend");
    y += 24;
    for (int k = 0; k < c->nkinds; k++) {
        if (!c->kused[k]) continue;
        const char *what = c->kclass[k] == RD_LINE ? "line" : c->kclass[k] == RD_MARKER ? "inside a tile" : "area";
        char t[96];
        kind_sample(c, k, x, y);
        snprintf(t, sizeof t, "%s (%s)", c->kname[k] ? c->kname[k] : "?", what);
        rd_text(c, x + 40, y + 12.5, 12, NULL, NULL, "#222", t);
        y += 20;
    }
    for (int k = 0; k < c->info.figure_kind_count; k++) {
        const char *fname = "?";
        char t[96];
        carc_variant_figure(c->v, k, &fname, NULL);
        for (int p = 0; p < c->players && p < 6; p++) rd_figure(c, k, p, x + 8 + p * 13, y + 8, 6.5);
        snprintf(t, sizeof t, "%s, in player colours", fname);
        rd_text(c, x + 16 + c->players * 13, y + 12.5, 12, NULL, NULL, "#222", t);
        y += 20;
    }
    fprintf(c->f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"30\" height=\"16\" fill=\"none\" stroke=\"#d500f9\" "
            "stroke-width=\"3\"/>\n",
            x, y);
    rd_text(c, x + 40, y + 12.5, 12, NULL, NULL, "#222", "last tile placed; small numbers: turn of each tile");
    y += 20;
    fprintf(c->f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"26\" height=\"15\" rx=\"4\" fill=\"#fff\" stroke=\"#888\" "
            "stroke-width=\"2\"/>\n",
            x + 2, y);
    rd_text(c, x + 6, y + 11.5, 11, "bold", NULL, "#111", "+4");
    rd_text(c, x + 40, y + 12.5, 12, NULL, NULL, "#222", "points scored in the last turn (in play)");
    return y + 20;
}
