/* One tile: its areas, the slots no feature covers, its lines, the
 * junction dot, the features inside it (markers) and its outline. */
#include <ctype.h>

#include "rd.h"

static const char *const rd_neutral = "#e6dfcb"; /* slots no feature covers */

/* The wedge from the centre to the edge between perimeter positions a and b. */
static void rd_tri(rd_ctx *c, double a, double b, double x0, double y0, double S, const char *fill)
{
    rd_pt p[3] = {{0.5, 0.5}, rd_perim(a), rd_perim(b)};
    char attrs[64];
    snprintf(attrs, sizeof attrs, "fill=\"%s\"", fill);
    rd_path(c, p, 3, x0, y0, S, attrs);
}

/* A joined area's own runs as wedges first, so no hole shows under it. */
static void tile_join_base(rd_ctx *c, const rd_feat *f, double x0, double y0, double S)
{
    char attrs[96];
    for (int r = 0; r < f->nruns; r++) {
        rd_feat w = {.np = 0};
        rd_add(&w, (rd_pt){0.5, 0.5});
        rd_edge(&w, f->ra[r], f->rb[r]);
        snprintf(attrs, sizeof attrs, "class=\"k%d\" stroke=\"none\"", f->kind < 0 ? 0 : f->kind);
        rd_path(c, w.poly, w.np, x0, y0, S, attrs);
    }
}

/* Areas in three passes: the one filling the tile, then wedges and caps,
 * then the joined ones (over the pie). */
static void tile_areas(rd_ctx *c, const rd_geo *g, double x0, double y0, double S)
{
    char attrs[96];
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < g->nf; i++) {
            const rd_feat *f = &g->f[i];
            if (f->cls != RD_AREA) continue;
            int want = pass == 0 ? f->mode == RD_OWNER
                     : pass == 1 ? (f->mode == RD_WEDGE || f->mode == RD_CAP)
                                 : f->mode == RD_JOIN;
            if (pass == 1 && f->mode == RD_JOIN) tile_join_base(c, f, x0, y0, S);
            if (!want) continue;
            if (f->kind >= 0) snprintf(attrs, sizeof attrs, "class=\"k%d\"", f->kind);
            else snprintf(attrs, sizeof attrs, "fill=\"#9e9e9e\"");
            rd_path(c, f->poly, f->np, x0, y0, S, attrs);
        }
}

/* Lines: a dark casing, then the colour; a curve through the centre for a
 * line with two ends. */
static void tile_lines(rd_ctx *c, const rd_geo *g, double x0, double y0, double S)
{
    for (int layer = 0; layer < 2; layer++)
        for (int i = 0; i < g->nf; i++) {
            const rd_feat *f = &g->f[i];
            if (f->cls != RD_LINE) continue;
            fprintf(c->f, "<path class=\"%s%d\" d=\"", layer ? "l" : "o", f->kind < 0 ? 0 : f->kind);
            if (f->nends == 2)
                fprintf(c->f, "M%.1f %.1fQ%.1f %.1f %.1f %.1f", x0 + f->ends[0].x * S, y0 + f->ends[0].y * S,
                        x0 + 0.5 * S, y0 + 0.5 * S, x0 + f->ends[1].x * S, y0 + f->ends[1].y * S);
            else
                for (int e = 0; e < f->nends; e++)
                    fprintf(c->f, "M%.1f %.1fL%.1f %.1f", x0 + f->ends[e].x * S, y0 + f->ends[e].y * S, x0 + 0.5 * S,
                            y0 + 0.5 * S);
            fprintf(c->f, "\"/>\n");
        }
    if (g->junction)
        fprintf(c->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#4e4a40\"/>\n", x0 + 0.5 * S, y0 + 0.5 * S,
                0.085 * S);
}

/* Features without slots: small rounded squares marked with the first
 * letter of their kind. */
static void tile_markers(rd_ctx *c, const rd_geo *g, double x0, double y0, double S)
{
    for (int i = 0; i < g->nf; i++) {
        const rd_feat *f = &g->f[i];
        if (f->cls != RD_MARKER) continue;
        double w = 0.3 * S, cx = x0 + f->anchor.x * S, cy = y0 + f->anchor.y * S;
        int k = f->kind < 0 ? 0 : f->kind;
        fprintf(c->f,
                "<rect class=\"k%d\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" "
                "stroke-width=\"%.1f\"/>\n",
                k, cx - w / 2, cy - w / 2, w, w, 0.07 * S, 0.035 * S);
        if (f->kind >= 0 && c->kname[k] && isalnum((unsigned char)c->kname[k][0]))
            fprintf(c->f,
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" text-anchor=\"middle\" "
                    "fill=\"%s\">%c</text>\n",
                    cx, cy + 0.075 * S, 0.21 * S, rd_light(c->kcolor[k]) > 140 ? "#222" : "#fff",
                    toupper((unsigned char)c->kname[k][0]));
    }
}

/* Draws tile `type` turned `rot` with its north-west corner at (x0,y0). */
void rd_tile(rd_ctx *c, int type, int rot, double x0, double y0, double S, rd_geo *g)
{
    rd_geometry(c, type, rot, g);
    fprintf(c->f, "<g>\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x0, y0, S, S,
            rd_neutral);
    tile_areas(c, g, x0, y0, S);
    for (int s = 0; s < 12; s++)
        if (g->slot_feat[s] < 0) rd_tri(c, s, s + 1, x0, y0, S, rd_neutral);
    tile_lines(c, g, x0, y0, S);
    tile_markers(c, g, x0, y0, S);
    rd_tile_glyphs(c, type, g, x0, y0, S);
    fprintf(c->f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#5d5648\" "
            "stroke-opacity=\"0.55\" stroke-width=\"0.8\"/>\n</g>\n",
            x0, y0, S, S);
}
