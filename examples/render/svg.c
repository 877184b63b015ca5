/* SVG output helpers: text, paths, colours, escaping, the style sheet. */
#include <stdlib.h>
#include <string.h>

#include "rd.h"

double rd_sqrt(double v)
{
    if (v <= 0) return 0;
    double r = v > 1 ? v : 1;
    for (int i = 0; i < 40; i++) r = 0.5 * (r + v / r);
    return r;
}

/* Width in pixels of a text of n characters at a font size (an estimate). */
double rd_textw(size_t n, double size) { return (double)n * size * 0.6; }

static unsigned rd_rgb(const char *hex)
{
    if (hex && hex[0] == '#' && strlen(hex) == 7) return (unsigned)strtoul(hex + 1, NULL, 16);
    return 0x9e9e9e;
}

/* "#rrggbb" scaled towards black (f < 1) or white (f > 1). */
void rd_shade(const char *hex, double f, char out[8])
{
    unsigned v = rd_rgb(hex);
    int c[3] = {(int)(v >> 16) & 255, (int)(v >> 8) & 255, (int)v & 255};
    for (int i = 0; i < 3; i++) {
        double x = f <= 1 ? c[i] * f : c[i] + (255 - c[i]) * (f - 1);
        c[i] = x < 0 ? 0 : x > 255 ? 255 : (int)(x + 0.5);
    }
    snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

/* Perceived lightness 0..255 of "#rrggbb". */
int rd_light(const char *hex)
{
    unsigned v = rd_rgb(hex);
    return (int)((299 * ((v >> 16) & 255) + 587 * ((v >> 8) & 255) + 114 * (v & 255)) / 1000);
}

void rd_esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

void rd_text(rd_ctx *c, double x, double y, double size, const char *weight, const char *anchor, const char *fill,
             const char *s)
{
    const char *align = anchor && !strcmp(anchor, "end")      ? " text-anchor=\"end\""
                        : anchor && !strcmp(anchor, "middle") ? " text-anchor=\"middle\""
                                                              : "";
    fprintf(c->f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s%s%s%s fill=\"%s\">", x, y, size,
            weight ? " font-weight=\"" : "", weight ? weight : "", weight ? "\"" : "", align, fill);
    rd_esc(c->f, s);
    fprintf(c->f, "</text>\n");
}

void rd_path(rd_ctx *c, const rd_pt *p, int n, double x0, double y0, double S, const char *attrs)
{
    fprintf(c->f, "<path d=\"");
    for (int i = 0; i < n; i++) fprintf(c->f, "%s%.1f %.1f", i ? "L" : "M", x0 + p[i].x * S, y0 + p[i].y * S);
    fprintf(c->f, "Z\" %s/>\n", attrs);
}

/* A small square of a player's colour, as in the tables. */
void rd_swatch(rd_ctx *c, double x, double y, double size, const char *fill)
{
    fprintf(c->f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#111\" "
            "stroke-width=\"0.8\"/>\n",
            x, y, size, size, fill);
}

/* Player colours: bright, told apart on every kind colour thanks to a white
 * halo and a dark outline around each figure. */
static const char *const rd_player_colors[CARC_MAX_PLAYERS] = {"#e53935", "#1e63d6", "#fdd835",
                                                              "#263238", "#ec407a", "#fb8c00"};

const char *rd_player_color(int p) { return p >= 0 && p < CARC_MAX_PLAYERS ? rd_player_colors[p] : "#9e9e9e"; }

/* One class per kind: .kN fills an area, .lN and .oN draw a line and its casing. */
void rd_style(rd_ctx *c)
{
    for (int k = 0; k < c->nkinds; k++) {
        char dark[8], casing[8];
        const char *color = c->kcolor[k] ? c->kcolor[k] : "#9e9e9e";
        rd_shade(c->kcolor[k], 0.62, dark);
        rd_shade(c->kcolor[k], 0.42, casing);
        fprintf(c->f, ".k%d{fill:%s;stroke:%s;stroke-width:1;stroke-linejoin:round}\n", k, color, dark);
        fprintf(c->f, ".l%d{fill:none;stroke:%s;stroke-width:%.1f;stroke-linecap:butt}\n", k, color, 0.13 * c->S);
        fprintf(c->f, ".o%d{fill:none;stroke:%s;stroke-width:%.1f;stroke-linecap:butt}\n", k,
                rd_light(c->kcolor[k]) > 200 ? "#6d6456" : casing, 0.21 * c->S);
    }
}
