/* render.h: draws a game of any variant as one SVG picture, through the
 * public header alone.
 *
 *   render_options o = {0};
 *   render_svg(game, &o, file);
 *
 * The picture has a caption (variant title, players, seed when the caller
 * knows it, the state of the game, the last tile placed), the board, a
 * legend, a score table (players x scoring categories) and what else the
 * game shows publicly: figures in supply, per-player views and tokens,
 * hands, tiles that left the game, the points of the last turn.
 *
 * How a tile is drawn, from the tile set only (no variant is named here):
 * - Every feature kind takes the colour its variant gives it
 *   (carc_variant_kind); a kind's index is its position among those names.
 * - A kind whose features all sit on middle slots (1, 4, 7, 10) is drawn as
 *   lines (roads, rivers, paths): a thick stroke from each slot's midpoint
 *   to the centre, a curve when the feature has two ends.
 * - Features without slots (a monastery, a lake, a hill) are small rounded
 *   squares in the middle, marked with the first letter of their kind.
 * - Every other feature is an area. A tile whose areas each cover one run
 *   of neighbouring slots is cut like a pie: each area is the wedge from
 *   the centre to its slots; if one area covers clearly more of the edge
 *   (six slots or more, and more than any other), it fills the tile and
 *   the others are caps bulging in from their edge. An area that reaches
 *   the edge in several separate runs (a city crossing the tile, a field
 *   between a city and a road) is drawn on top as one region: its runs
 *   joined by curves bowed towards the centre.
 * Rotation: slot i of a tile turned r quarter turns is slot (i + 3r) mod 12.
 *
 * Header-only (static inline functions) so that a program builds from its
 * own .c file and the installed library; no libm. */
#ifndef CARC_EXAMPLE_RENDER_H
#define CARC_EXAMPLE_RENDER_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

typedef struct render_options {
    int tile_px;            /* size of a board square in pixels; 0: 64 */
    int seed_known;         /* nonzero: `seed` is shown in the caption */
    unsigned long long seed;
    const char *note;       /* one more caption line (rules used, ...), or NULL */
} render_options;

/* ---- small helpers ------------------------------------------------------ */

#define RD_MAXK 32   /* feature kinds considered */
#define RD_MAXP 200  /* points of one feature outline */

enum { RD_AREA = 0, RD_LINE = 1, RD_MARKER = 2 };
enum { RD_WEDGE = 0, RD_CAP = 1, RD_OWNER = 2, RD_JOIN = 3 };

typedef struct rd_pt {
    double x, y;
} rd_pt;

static inline double rd_sqrt(double v)
{
    if (v <= 0) return 0;
    double r = v > 1 ? v : 1;
    for (int i = 0; i < 40; i++) r = 0.5 * (r + v / r);
    return r;
}

/* The point at perimeter position t (0..12, one unit per slot), clockwise
 * from the north-west corner, in a unit square (y grows south). */
static inline rd_pt rd_perim(double t)
{
    while (t >= 12) t -= 12;
    while (t < 0) t += 12;
    rd_pt p;
    if (t < 3) p.x = t / 3, p.y = 0;
    else if (t < 6) p.x = 1, p.y = (t - 3) / 3;
    else if (t < 9) p.x = 1 - (t - 6) / 3, p.y = 1;
    else p.x = 0, p.y = 1 - (t - 9) / 3;
    return p;
}

static inline unsigned rd_rotate_mask(unsigned mask, int r)
{
    unsigned out = 0;
    for (int i = 0; i < 12; i++)
        if (mask & (1u << i)) out |= 1u << ((i + 3 * r) % 12);
    return out;
}

/* Runs of neighbouring slots of a mask (cyclic): start and length each. */
static inline int rd_runs(unsigned mask, int *start, int *len)
{
    int n = 0;
    if ((mask & 0xfffu) == 0xfffu) {
        start[0] = 0;
        len[0] = 12;
        return 1;
    }
    for (int i = 0; i < 12; i++) {
        if (!(mask & (1u << i)) || (mask & (1u << ((i + 11) % 12)))) continue;
        int l = 0;
        while (l < 12 && (mask & (1u << ((i + l) % 12)))) l++;
        start[n] = i;
        len[n++] = l;
    }
    return n;
}

static inline int rd_popcount(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* "#rrggbb" scaled towards black (f < 1) or white (f > 1). */
static inline void rd_shade(const char *hex, double f, char out[8])
{
    unsigned v = 0x9e9e9e;
    if (hex && hex[0] == '#' && strlen(hex) == 7) v = (unsigned)strtoul(hex + 1, NULL, 16);
    int c[3] = {(int)(v >> 16) & 255, (int)(v >> 8) & 255, (int)v & 255};
    for (int i = 0; i < 3; i++) {
        double x = f <= 1 ? c[i] * f : c[i] + (255 - c[i]) * (f - 1);
        c[i] = x < 0 ? 0 : x > 255 ? 255 : (int)(x + 0.5);
    }
    snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

/* Perceived lightness 0..255 of "#rrggbb". */
static inline int rd_light(const char *hex)
{
    unsigned v = 0x9e9e9e;
    if (hex && hex[0] == '#' && strlen(hex) == 7) v = (unsigned)strtoul(hex + 1, NULL, 16);
    return (int)((299 * ((v >> 16) & 255) + 587 * ((v >> 8) & 255) + 114 * (v & 255)) / 1000);
}

static inline void rd_esc(FILE *f, const char *s)
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

/* Width in pixels of a text of n characters at a font size (an estimate). */
static inline double rd_textw(size_t n, double size)
{
    return (double)n * size * 0.6;
}

/* Player colours: bright, told apart on every kind colour thanks to a white
 * halo and a dark outline around each figure. */
static const char *const rd_player_colors[CARC_MAX_PLAYERS] = {"#e53935", "#1e63d6", "#fdd835",
                                                              "#263238", "#ec407a", "#fb8c00"};

static inline const char *rd_player_color(int p)
{
    return p >= 0 && p < CARC_MAX_PLAYERS ? rd_player_colors[p] : "#9e9e9e";
}

/* Figure shapes by figure kind index, drawn in a box of about [-1,1]². */
static const char *const rd_figure_paths[] = {
    /* a meeple */
    ("M-0.28-0.62A0.34 0.34 0 1 1 0.28-0.62L0.92-0.36Q1.05-0.08 0.86 0L0.42 0L0.8 0.92L0.2 0.92L0 0.5L-0.2 0.92"
     "L-0.8 0.92L-0.42 0L-0.86 0Q-1.05-0.08-0.92-0.36Z"),
    /* a house */
    "M-0.78 0.86L-0.78-0.12L0-0.9L0.78-0.12L0.78 0.86Z",
    /* a diamond */
    "M0-0.95L0.85 0L0 0.95L-0.85 0Z",
    /* a triangle */
    "M0-0.95L0.95 0.8L-0.95 0.8Z",
    /* a star */
    "M0-1L0.24-0.33L0.95-0.31L0.39 0.12L0.59 0.81L0 0.4L-0.59 0.81L-0.39 0.12L-0.95-0.31L-0.24-0.33Z",
    /* a disc */
    "M-0.85 0A0.85 0.85 0 1 0 0.85 0A0.85 0.85 0 1 0-0.85 0Z",
};

static inline const char *rd_figure_path(int kind)
{
    int n = (int)(sizeof rd_figure_paths / sizeof rd_figure_paths[0]);
    return rd_figure_paths[kind >= 0 && kind < n ? kind : n - 1];
}

static const char *const rd_neutral = "#e6dfcb"; /* slots no feature covers */

/* ---- what the renderer knows of the game -------------------------------- */

typedef struct rd_ctx {
    FILE *f;
    const carc_game *game;
    const carc_game *g; /* the game: every query only reads it */
    const carc_variant *v;
    const carc_tileset *ts;
    carc_variant_info info;
    int players, nkinds, ntypes;
    const char *kname[RD_MAXK];
    const char *kcolor[RD_MAXK];
    int kclass[RD_MAXK]; /* RD_AREA / RD_LINE / RD_MARKER */
    int kslots[RD_MAXK]; /* slots the kind covers over the tile set */
    int kused[RD_MAXK];
    double S;            /* board square size */
} rd_ctx;

static inline int rd_kind_index(const rd_ctx *c, const char *name)
{
    for (int k = 0; k < c->nkinds; k++)
        if (name && c->kname[k] && !strcmp(name, c->kname[k])) return k;
    return -1;
}

/* Reads the kinds and classifies them from the tile set. */
static inline void rd_kinds(rd_ctx *c)
{
    c->nkinds = 0;
    while (c->nkinds < RD_MAXK &&
           carc_variant_kind(c->v, c->nkinds, &c->kname[c->nkinds], &c->kcolor[c->nkinds]) == CARC_OK)
        c->nkinds++;
    int slotted[RD_MAXK] = {0}, offmiddle[RD_MAXK] = {0};
    for (int k = 0; k < RD_MAXK; k++) c->kslots[k] = c->kused[k] = 0;
    c->ntypes = 0;
    carc_tileset_type_count(c->ts, &c->ntypes);
    for (int t = 0; t < c->ntypes; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (carc_tileset_type(c->ts, t, &ti) != CARC_OK) continue;
        for (int i = 0; i < ti.feature_count; i++) {
            const char *kind = NULL;
            unsigned slots = 0;
            if (carc_tileset_feature(c->ts, t, i, NULL, &kind, &slots) != CARC_OK) continue;
            int k = rd_kind_index(c, kind);
            if (k < 0) continue;
            c->kused[k] = 1;
            if (slots) slotted[k] = 1;
            if (slots & ~0x492u) offmiddle[k] = 1; /* 0x492: slots 1, 4, 7, 10 */
            c->kslots[k] += rd_popcount(slots & 0xfffu);
        }
    }
    for (int k = 0; k < c->nkinds; k++)
        c->kclass[k] = !slotted[k] ? RD_MARKER : offmiddle[k] ? RD_AREA : RD_LINE;
}

/* ---- the geometry of one tile ------------------------------------------- */

typedef struct rd_feat {
    int kind, cls, mode;
    unsigned mask;      /* slots after rotation */
    int nruns, rs[12], rl[12];
    double ra[12], rb[12]; /* runs as drawn: half a slot more beside a line */
    rd_pt poly[RD_MAXP];
    int np;
    rd_pt anchor;       /* where a figure on it stands */
    rd_pt ends[12];
    int nends;
} rd_feat;

typedef struct rd_geo {
    int nf;
    rd_feat f[12];
    int owner;          /* feature filling the tile, or -1 */
    int junction;       /* draw a dot where lines meet in the centre */
    int slot_feat[12];  /* feature on each (rotated) slot, or -1 */
} rd_geo;

static inline void rd_add(rd_feat *f, rd_pt p)
{
    if (f->np < RD_MAXP) f->poly[f->np++] = p;
}

/* The curve between perimeter positions a and b, bowed towards the centre
 * (less for a chord near the centre; a chord through it stays straight).
 * The same pair gives the same curve whichever way it is walked, so two
 * features on either side of it share one border. Appends the points after
 * P(a), up to P(b). */
static inline void rd_cut(rd_feat *f, double a, double b)
{
    rd_pt p = rd_perim(a), q = rd_perim(b);
    if ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) < 1e-9) return; /* no gap to cross */
    rd_pt m = {(p.x + q.x) / 2, (p.y + q.y) / 2};
    double dx = 0.5 - m.x, dy = 0.5 - m.y, dist = rd_sqrt(dx * dx + dy * dy);
    double depth = 0.6 * dist < 0.3 ? 0.6 * dist : 0.3;
    rd_pt ctl = m;
    if (dist > 1e-6) ctl.x = m.x + dx / dist * 2 * depth, ctl.y = m.y + dy / dist * 2 * depth;
    for (int i = 1; i <= 10; i++) {
        double t = i / 10.0, u = 1 - t;
        rd_pt r = {u * u * p.x + 2 * u * t * ctl.x + t * t * q.x, u * u * p.y + 2 * u * t * ctl.y + t * t * q.y};
        rd_add(f, r);
    }
}

/* Appends the perimeter from position a to b (b > a), corners included. */
static inline void rd_edge(rd_feat *f, double a, double b)
{
    if (a < 0) a += 12, b += 12;
    rd_add(f, rd_perim(a));
    for (int k = (int)a + 1; k < b; k++) rd_add(f, rd_perim(k));
    rd_add(f, rd_perim(b));
}

static inline double rd_area(const rd_pt *p, int n, rd_pt *centroid)
{
    double a = 0, cx = 0, cy = 0;
    for (int i = 0; i < n; i++) {
        const rd_pt *u = &p[i], *w = &p[(i + 1) % n];
        double cr = u->x * w->y - w->x * u->y;
        a += cr;
        cx += (u->x + w->x) * cr;
        cy += (u->y + w->y) * cr;
    }
    if (centroid) {
        if (a > 1e-9 || a < -1e-9) centroid->x = cx / (3 * a), centroid->y = cy / (3 * a);
        else centroid->x = centroid->y = 0.5;
    }
    return a / 2;
}

static inline int rd_inside(const rd_pt *p, int n, rd_pt q)
{
    int in = 0;
    for (int i = 0, j = n - 1; i < n; j = i++)
        if ((p[i].y > q.y) != (p[j].y > q.y) &&
            q.x < (p[j].x - p[i].x) * (q.y - p[i].y) / (p[j].y - p[i].y) + p[i].x)
            in = !in;
    return in;
}

/* The point a share `k` of the way from the centre to p, at most 0.3 from the centre. */
static inline rd_pt rd_toward(rd_pt p, double k)
{
    double dx = (p.x - 0.5) * k, dy = (p.y - 0.5) * k, d = rd_sqrt(dx * dx + dy * dy);
    if (d > 0.3) dx *= 0.3 / d, dy *= 0.3 / d;
    rd_pt r = {0.5 + dx, 0.5 + dy};
    return r;
}

/* Where the slot-less features of a tile sit. */
static inline rd_pt rd_marker_pos(int i, int n)
{
    static const rd_pt two[2] = {{0.32, 0.5}, {0.68, 0.5}};
    static const rd_pt many[6] = {{0.5, 0.3}, {0.7, 0.5}, {0.5, 0.7}, {0.3, 0.5}, {0.36, 0.36}, {0.64, 0.64}};
    rd_pt mid = {0.5, 0.5};
    if (n <= 1) return mid;
    if (n == 2) return two[i];
    return many[i % 6];
}

static inline int rd_feature_count(const carc_tileset *ts, int type)
{
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    if (carc_tileset_type(ts, type, &ti) != CARC_OK) return 0;
    return ti.feature_count > 12 ? 12 : ti.feature_count;
}

static inline void rd_geometry(const rd_ctx *c, int type, int rot, rd_geo *g)
{
    memset(g, 0, sizeof *g);
    g->owner = -1;
    for (int s = 0; s < 12; s++) g->slot_feat[s] = -1;
    int nmark = 0, marks = 0, lines_one_end = 0, joins = 0;
    g->nf = rd_feature_count(c->ts, type);
    for (int i = 0; i < g->nf; i++) {
        rd_feat *f = &g->f[i];
        const char *kind = NULL;
        unsigned slots = 0;
        carc_tileset_feature(c->ts, type, i, NULL, &kind, &slots);
        f->kind = rd_kind_index(c, kind);
        f->mask = rd_rotate_mask(slots & 0xfffu, rot & 3);
        f->cls = !f->mask ? RD_MARKER : f->kind >= 0 ? c->kclass[f->kind] : RD_AREA;
        f->nruns = rd_runs(f->mask, f->rs, f->rl);
        for (int s = 0; s < 12; s++)
            if (f->mask & (1u << s)) g->slot_feat[s] = i;
        if (f->cls == RD_MARKER) nmark++;
        if (f->cls == RD_AREA && f->nruns > 1) joins++;
    }
    /* an area covering six slots or more, and more than any other, fills the tile */
    if (!joins) {
        int best = -1, bestn = 0, second = 0;
        for (int i = 0; i < g->nf; i++) {
            if (g->f[i].cls != RD_AREA) continue;
            int n = rd_popcount(g->f[i].mask);
            if (n > bestn) second = bestn, bestn = n, best = i;
            else if (n > second) second = n;
        }
        if (best >= 0 && bestn >= 6 && bestn > second) g->owner = best;
    }
    /* an area's run reaches half way into the slot of a line beside it, so
     * that the line runs on the border between the areas on either side */
    for (int i = 0; i < g->nf; i++) {
        rd_feat *f = &g->f[i];
        for (int r = 0; r < f->nruns; r++) {
            f->ra[r] = f->rs[r];
            f->rb[r] = f->rs[r] + f->rl[r];
            if (f->cls != RD_AREA || f->rl[r] == 12) continue;
            int before = g->slot_feat[(f->rs[r] + 11) % 12], after = g->slot_feat[(f->rs[r] + f->rl[r]) % 12];
            if (before >= 0 && g->f[before].cls == RD_LINE) f->ra[r] -= 0.5;
            if (after >= 0 && g->f[after].cls == RD_LINE) f->rb[r] += 0.5;
        }
    }
    rd_pt centre = {0.5, 0.5};
    for (int i = 0; i < g->nf; i++) {
        rd_feat *f = &g->f[i];
        if (f->cls == RD_MARKER) {
            f->anchor = rd_marker_pos(marks++, nmark);
            continue;
        }
        if (f->cls == RD_LINE) {
            for (int s = 0; s < 12; s++)
                if (f->mask & (1u << s)) f->ends[f->nends++] = rd_perim(s + 0.5);
            if (f->nends == 2)
                f->anchor.x = 0.25 * f->ends[0].x + 0.25 * f->ends[1].x + 0.25,
                f->anchor.y = 0.25 * f->ends[0].y + 0.25 * f->ends[1].y + 0.25;
            else
                f->anchor.x = (f->ends[0].x + 0.5) / 2, f->anchor.y = (f->ends[0].y + 0.5) / 2;
            if (f->nends == 1) lines_one_end++;
            continue;
        }
        /* areas */
        double mid = (f->ra[0] + f->rb[0]) / 2;
        rd_pt pm = rd_perim(mid);
        if (i == g->owner) {
            f->mode = RD_OWNER;
            rd_add(f, (rd_pt){0, 0});
            rd_add(f, (rd_pt){1, 0});
            rd_add(f, (rd_pt){1, 1});
            rd_add(f, (rd_pt){0, 1});
            if (f->rl[0] == 12) f->anchor = nmark ? (rd_pt){0.5, 0.8} : centre;
            else f->anchor = rd_toward(pm, 0.58);
        } else if (f->nruns == 1 && g->owner >= 0) {
            f->mode = RD_CAP;
            rd_edge(f, f->ra[0], f->rb[0]);
            int before = f->np;
            rd_cut(f, f->rb[0], f->ra[0]);
            rd_pt deep = f->poly[before + (f->np - before) / 2 - 1];
            f->anchor.x = (pm.x + deep.x) / 2, f->anchor.y = (pm.y + deep.y) / 2;
        } else if (f->nruns == 1) {
            f->mode = RD_WEDGE;
            rd_add(f, centre);
            rd_edge(f, f->ra[0], f->rb[0]);
            if (f->rl[0] == 12) f->anchor = nmark ? (rd_pt){0.5, 0.8} : centre;
            else f->anchor = rd_toward(pm, 0.62);
        } else {
            f->mode = RD_JOIN;
            for (int r = 0; r < f->nruns; r++) {
                double a = f->ra[r], b = f->rb[r], next = f->ra[(r + 1) % f->nruns];
                rd_edge(f, a, b);
                while (next < b) next += 12;
                rd_cut(f, b, next);
            }
            rd_pt cen;
            rd_area(f->poly, f->np, &cen);
            if (rd_inside(f->poly, f->np, cen) && !(nmark && cen.x > 0.35 && cen.x < 0.65 && cen.y > 0.35 && cen.y < 0.65)) {
                f->anchor = cen;
            } else { /* beside the longest run, a little inside */
                int best = 0;
                for (int r = 1; r < f->nruns; r++)
                    if (f->rl[r] > f->rl[best]) best = r;
                rd_pt e = rd_perim((f->ra[best] + f->rb[best]) / 2);
                f->anchor.x = e.x + (0.5 - e.x) * 0.36, f->anchor.y = e.y + (0.5 - e.y) * 0.36;
            }
        }
    }
    g->junction = lines_one_end > 0 && !(nmark == 1);
}

/* ---- drawing ------------------------------------------------------------ */

static inline void rd_path(rd_ctx *c, const rd_pt *p, int n, double x0, double y0, double S, const char *attrs)
{
    fprintf(c->f, "<path d=\"");
    for (int i = 0; i < n; i++)
        fprintf(c->f, "%s%.1f %.1f", i ? "L" : "M", x0 + p[i].x * S, y0 + p[i].y * S);
    fprintf(c->f, "Z\" %s/>\n", attrs);
}

/* The wedge from the centre to the edge between perimeter positions a and b. */
static inline void rd_tri(rd_ctx *c, double a, double b, double x0, double y0, double S, const char *fill)
{
    rd_pt p[3] = {{0.5, 0.5}, rd_perim(a), rd_perim(b)};
    char attrs[64];
    snprintf(attrs, sizeof attrs, "fill=\"%s\"", fill);
    rd_path(c, p, 3, x0, y0, S, attrs);
}

/* Draws tile `type` turned `rot` with its north-west corner at (x0,y0). */
static inline void rd_tile(rd_ctx *c, int type, int rot, double x0, double y0, double S, rd_geo *g)
{
    rd_geometry(c, type, rot, g);
    char attrs[96];
    fprintf(c->f, "<g>\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x0, y0, S, S,
            rd_neutral);
    /* areas: the filling one, then wedges or caps, then the joined ones */
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < g->nf; i++) {
            rd_feat *f = &g->f[i];
            if (f->cls != RD_AREA) continue;
            int want = pass == 0 ? (f->mode == RD_OWNER) : pass == 1 ? (f->mode == RD_WEDGE || f->mode == RD_CAP)
                                                                     : (f->mode == RD_JOIN);
            if (pass == 1 && f->mode == RD_JOIN) { /* its own slots as wedges first: no holes */
                for (int r = 0; r < f->nruns; r++) {
                    rd_feat w = {.np = 0};
                    rd_add(&w, (rd_pt){0.5, 0.5});
                    rd_edge(&w, f->ra[r], f->rb[r]);
                    snprintf(attrs, sizeof attrs, "class=\"k%d\" stroke=\"none\"", f->kind < 0 ? 0 : f->kind);
                    rd_path(c, w.poly, w.np, x0, y0, S, attrs);
                }
            }
            if (!want) continue;
            if (f->kind >= 0) snprintf(attrs, sizeof attrs, "class=\"k%d\"", f->kind);
            else snprintf(attrs, sizeof attrs, "fill=\"#9e9e9e\"");
            rd_path(c, f->poly, f->np, x0, y0, S, attrs);
        }
    /* slots with no feature */
    for (int s = 0; s < 12; s++)
        if (g->slot_feat[s] < 0) rd_tri(c, s, s + 1, x0, y0, S, rd_neutral);
    /* lines: a dark casing, then the colour */
    for (int layer = 0; layer < 2; layer++)
        for (int i = 0; i < g->nf; i++) {
            rd_feat *f = &g->f[i];
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
    /* features without slots */
    for (int i = 0; i < g->nf; i++) {
        rd_feat *f = &g->f[i];
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
                    cx, cy + 0.075 * S, 0.21 * S, rd_light(c->kcolor[k]) > 140 ? "#222" : "#fff", c->kname[k][0]);
    }
    fprintf(c->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#5d5648\" "
                  "stroke-opacity=\"0.55\" stroke-width=\"0.8\"/>\n</g>\n",
            x0, y0, S, S);
}

static inline void rd_figure(rd_ctx *c, int kind, int owner, double cx, double cy, double k)
{
    const char *d = rd_figure_path(kind);
    fprintf(c->f,
            "<path d=\"%s\" transform=\"translate(%.1f %.1f) scale(%.2f)\" fill=\"#fff\" stroke=\"#fff\" "
            "stroke-width=\"%.2f\" stroke-linejoin=\"round\"/>\n",
            d, cx, cy, k, 0.5);
    fprintf(c->f,
            "<path d=\"%s\" transform=\"translate(%.1f %.1f) scale(%.2f)\" fill=\"%s\" stroke=\"#111\" "
            "stroke-width=\"%.2f\" stroke-linejoin=\"round\"/>\n",
            d, cx, cy, k, rd_player_color(owner), 0.12);
}

static inline void rd_text(rd_ctx *c, double x, double y, double size, const char *weight, const char *anchor,
                           const char *fill, const char *s)
{
    fprintf(c->f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s%s%s%s fill=\"%s\">", x, y, size,
            weight ? " font-weight=\"" : "", weight ? weight : "", weight ? "\"" : "",
            anchor && !strcmp(anchor, "end") ? " text-anchor=\"end\"" :
            anchor && !strcmp(anchor, "middle") ? " text-anchor=\"middle\"" : "",
            fill);
    rd_esc(c->f, s);
    fprintf(c->f, "</text>\n");
}

/* ---- the side panel: blocks measured, then drawn ------------------------ */

typedef struct rd_cell {
    char text[96];
    const char *swatch; /* a player colour square before the text, or NULL */
    int bold;
} rd_cell;

#define RD_ROWS (CARC_MAX_PLAYERS + 1)
#define RD_COLS 24

typedef struct rd_table {
    int rows, cols;
    rd_cell cell[RD_ROWS][RD_COLS];
    double colw[RD_COLS];
} rd_table;

static inline double rd_table_size(rd_table *t, double fs, double *h)
{
    double w = 0;
    for (int j = 0; j < t->cols; j++) {
        double m = 0;
        for (int i = 0; i < t->rows; i++) {
            double cw = rd_textw(strlen(t->cell[i][j].text), fs) + (t->cell[i][j].swatch ? fs + 4 : 0);
            if (cw > m) m = cw;
        }
        t->colw[j] = m + 14;
        w += t->colw[j];
    }
    *h = t->rows * (fs + 9);
    return w;
}

static inline void rd_table_draw(rd_ctx *c, rd_table *t, double x, double y, double fs)
{
    double rh = fs + 9, w = 0;
    for (int j = 0; j < t->cols; j++) w += t->colw[j];
    for (int i = 0; i < t->rows; i++) {
        if (i == 0 || i % 2 == 0)
            fprintf(c->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x, y + i * rh,
                    w, rh, i == 0 ? "#e8e4da" : "#f6f4ef");
        double cx = x;
        for (int j = 0; j < t->cols; j++) {
            rd_cell *cl = &t->cell[i][j];
            double tx = cx + 7, ty = y + i * rh + rh / 2 + fs * 0.36;
            if (cl->swatch) {
                fprintf(c->f,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\" "
                        "stroke=\"#111\" stroke-width=\"0.8\"/>\n",
                        tx, y + i * rh + (rh - fs) / 2, fs, fs, cl->swatch);
                tx += fs + 4;
            }
            if (j == 0 || cl->swatch) rd_text(c, tx, ty, fs, cl->bold ? "bold" : NULL, NULL, "#222", cl->text);
            else rd_text(c, cx + t->colw[j] - 7, ty, fs, cl->bold ? "bold" : NULL, "end", "#222", cl->text);
            cx += t->colw[j];
        }
    }
    fprintf(c->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#b9b2a2\"/>\n", x,
            y, w, t->rows * rh);
}

/* ---- the whole picture -------------------------------------------------- */

typedef struct rd_badge {
    double x, y;
    int player, points;
} rd_badge;

static inline int render_svg(const carc_game *game, const render_options *opt, FILE *out)
{
    rd_ctx C, *c = &C;
    memset(c, 0, sizeof *c);
    c->f = out;
    c->game = game;
    c->S = opt && opt->tile_px > 0 ? opt->tile_px : 64;
    c->info.struct_size = sizeof c->info;
    int r;
    if (!game || !out) return CARC_E_NULL;
    if ((r = carc_game_variant(game, &c->v)) || (r = carc_game_tileset(game, &c->ts)) ||
        (r = carc_variant_describe(c->v, &c->info)) || (r = carc_game_players(game, &c->players)))
        return r;
    c->g = game;
    rd_kinds(c);
    const double S = c->S, fs = 13;
    int ncat = c->info.category_count > RD_COLS - 3 ? RD_COLS - 3 : c->info.category_count;

    /* the board's extent */
    int ntiles = 0, minx = 0, maxx = 0, miny = 0, maxy = 0;
    carc_game_tile_count(game, &ntiles);
    for (int i = 0; i < ntiles; i++) {
        carc_placed_tile t;
        if (carc_game_tile(game, i, &t)) continue;
        if (!i || t.x < minx) minx = t.x;
        if (!i || t.x > maxx) maxx = t.x;
        if (!i || t.y < miny) miny = t.y;
        if (!i || t.y > maxy) maxy = t.y;
    }
    int over = 0, to_move = -1;
    carc_phase phase = CARC_PHASE_TILE;
    carc_game_is_over(c->g, &over);
    if (!over) carc_game_state(c->g, &phase, &to_move);
    unsigned winners = 0;
    if (over) carc_game_winners(c->g, &winners);

    /* the last tile placed and the figures put on it */
    int last = ntiles > 1 ? ntiles - 1 : -1, last_turn = -1;
    carc_placed_tile lt = {0};
    char lastmove[256] = "";
    if (last >= 0 && carc_game_tile(game, last, &lt) == CARC_OK) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        carc_tileset_type(c->ts, lt.type, &ti);
        carc_move m = {0};
        m.kind = CARC_MOVE_TILE;
        m.tile = (uint16_t)lt.type;
        m.x = (int16_t)lt.x;
        m.y = (int16_t)lt.y;
        m.rotation = (uint8_t)lt.rotation;
        char mv[96] = "";
        size_t len;
        if (carc_move_format(game, &m, mv, sizeof mv, &len) != CARC_OK) snprintf(mv, sizeof mv, "tile %s", ti.name);
        last_turn = lt.turn;
        snprintf(lastmove, sizeof lastmove, "Last tile (turn %d, framed in magenta): %s", lt.turn, mv);
        int nfig = 0;
        carc_game_figure_count(game, &nfig);
        for (int i = 0; i < nfig; i++) {
            carc_figure_info fi;
            if (carc_game_figure(game, i, &fi) || !fi.on_board || fi.tile_index != last) continue;
            carc_move fm = {0};
            fm.kind = CARC_MOVE_FIGURE;
            fm.figure = (uint8_t)fi.kind;
            fm.feature = (uint8_t)fi.feature;
            fm.x = (int16_t)lt.x;
            fm.y = (int16_t)lt.y;
            if (carc_move_format(game, &fm, mv, sizeof mv, &len) == CARC_OK) {
                size_t l = strlen(lastmove);
                snprintf(lastmove + l, sizeof lastmove - l, ", then %s (P%d)", mv, fi.owner);
            }
        }
    }

    /* --- panel contents ---------------------------------------------------- */
    rd_table score = {0};
    score.cols = ncat + 2;
    score.rows = c->players + 1;
    snprintf(score.cell[0][0].text, sizeof score.cell[0][0].text, "player");
    for (int k = 0; k < ncat; k++) {
        const char *cn = "?";
        carc_variant_category(c->v, k, &cn);
        snprintf(score.cell[0][k + 1].text, sizeof score.cell[0][k + 1].text, "%s", cn);
    }
    snprintf(score.cell[0][ncat + 1].text, sizeof score.cell[0][ncat + 1].text, "total");
    score.cell[0][ncat + 1].bold = 1;
    for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
        int cats[RD_COLS] = {0}, total = 0;
        carc_game_score_breakdown(game, p, cats, ncat);
        carc_game_score(game, p, &total);
        rd_cell *row = score.cell[p + 1];
        snprintf(row[0].text, sizeof row[0].text, "P%d%s%s", p, (winners >> p) & 1 ? "  winner" : "",
                 p == to_move ? "  to move" : "");
        row[0].swatch = rd_player_color(p);
        row[0].bold = (int)((winners >> p) & 1);
        for (int k = 0; k < ncat; k++) snprintf(row[k + 1].text, sizeof row[k + 1].text, "%d", cats[k]);
        snprintf(row[ncat + 1].text, sizeof row[ncat + 1].text, "%d", total);
        row[ncat + 1].bold = 1;
    }
    /* what the final scoring would give now (unfinished games) */
    if (!over && ntiles > 1) {
        int totals[CARC_MAX_PLAYERS] = {0};
        if (carc_game_projection(game, totals, CARC_MAX_PLAYERS, NULL, 0) == CARC_OK) {
            int col = score.cols++;
            snprintf(score.cell[0][col].text, sizeof score.cell[0][col].text, "if it ended now");
            for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++)
                snprintf(score.cell[p + 1][col].text, sizeof score.cell[p + 1][col].text, "%d", totals[p]);
        }
    }
    /* figures in supply, per-player views, tokens held */
    rd_table more = {0};
    more.rows = c->players + 1;
    snprintf(more.cell[0][0].text, sizeof more.cell[0][0].text, "player");
    more.cols = 1;
    for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
        snprintf(more.cell[p + 1][0].text, sizeof more.cell[p + 1][0].text, "P%d", p);
        more.cell[p + 1][0].swatch = rd_player_color(p);
    }
    for (int k = 0; k < c->info.figure_kind_count && more.cols < RD_COLS; k++, more.cols++) {
        const char *fname = "?";
        carc_variant_figure(c->v, k, &fname, NULL);
        snprintf(more.cell[0][more.cols].text, sizeof more.cell[0][more.cols].text, "%s left", fname);
        for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
            int n = 0;
            carc_game_supply(game, p, k, &n);
            snprintf(more.cell[p + 1][more.cols].text, sizeof more.cell[p + 1][more.cols].text, "%d", n);
        }
    }
    char gameviews[8][160];
    int ngameviews = 0;
    for (int vi = 0; vi < c->info.view_count; vi++) {
        const char *vname = "?", *help = NULL;
        int shape = -1, length = 0;
        if (carc_variant_view(c->v, vi, &vname, &help, &shape, &length) != CARC_OK || length <= 0) continue;
        if (shape == CARC_VIEW_PLAYER && more.cols < RD_COLS) {
            snprintf(more.cell[0][more.cols].text, sizeof more.cell[0][more.cols].text, "%s", vname);
            for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
                char *t = more.cell[p + 1][more.cols].text;
                size_t l = 0;
                t[0] = 0;
                for (int k = 0; k < length && k < 12; k++) {
                    int val = 0;
                    carc_game_view(c->g, vi, p, k, &val);
                    l += (size_t)snprintf(t + l, l < 90 ? 96 - l : 0, "%s%d", k ? " " : "", val);
                    if (l >= 90) break;
                }
            }
            more.cols++;
        } else if (shape == CARC_VIEW_GAME && ngameviews < 8) {
            char *t = gameviews[ngameviews++];
            size_t l = (size_t)snprintf(t, 160, "%s:", vname);
            for (int k = 0; k < length && k < 16 && l < 150; k++) {
                int val = 0;
                carc_game_view(c->g, vi, 0, k, &val);
                l += (size_t)snprintf(t + l, 160 - l, " %d", val);
            }
            if (help && l < 150) snprintf(t + l, 160 - l, "  (%s)", help);
        }
    }
    for (int b = 0; b < c->info.bag_count && more.cols < RD_COLS; b++) {
        const char *bname = "?";
        int nt = 0, any = 0;
        carc_variant_bag(c->v, b, &bname, &nt);
        for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
            char *t = more.cell[p + 1][more.cols].text;
            size_t l = 0;
            t[0] = 0;
            for (int k = 0; k < nt; k++) {
                const char *tn = "?";
                int n = 0;
                carc_variant_bag_token(c->v, b, k, &tn, NULL);
                if (carc_game_tokens(game, b, p, k, &n) || n <= 0 || l >= 80) continue;
                l += (size_t)snprintf(t + l, 96 - l, "%s%s %d", l ? ", " : "", tn, n);
                any = 1;
            }
            if (!t[0]) snprintf(t, 96, "-");
        }
        if (!any) continue; /* a bag no player holds tokens from (a draw bag) */
        snprintf(more.cell[0][more.cols].text, sizeof more.cell[0][more.cols].text, "%s tokens", bname);
        more.cols++;
    }

    /* hands and tiles out of the game */
    int hands[CARC_MAX_PLAYERS][16], nhand[CARC_MAX_PLAYERS] = {0}, anyhand = 0, handrows = 0;
    for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS && !over; p++) {
        int n = 0;
        if (carc_game_hand(c->g, p, hands[p], 16, &n) != CARC_OK && n <= 0) continue;
        nhand[p] = n > 16 ? 16 : n;
        anyhand += n > 0;
        handrows += n > 0;
    }
    int nremoved = 0;
    carc_game_removed_count(game, &nremoved);

    /* events of the last turn (and of the final scoring) */
    char evlines[14][128];
    int nev = 0, more_ev = 0, final_pts[CARC_MAX_PLAYERS][RD_COLS];
    memset(final_pts, 0, sizeof final_pts);
    int any_final = 0;
    rd_badge badges[64];
    int nbadges = 0;
    int nlog = 0;
    carc_game_log_count(game, &nlog);
    for (int i = 0; i < nlog; i++) {
        carc_event_info e = {.struct_size = sizeof e};
        if (carc_game_log(game, i, &e) != CARC_OK || e.turn < last_turn || last_turn < 0) continue;
        const char *cn = "?";
        carc_variant_category(c->v, e.category, &cn);
        if (e.reason == CARC_REASON_FINAL && e.kind == CARC_EVENT_SCORE) {
            if (e.player >= 0 && e.player < CARC_MAX_PLAYERS && e.category >= 0 && e.category < RD_COLS)
                final_pts[e.player][e.category] += e.points, any_final = 1;
            continue;
        }
        if (nev >= 12) {
            more_ev++;
            continue;
        }
        if (e.kind == CARC_EVENT_SCORE)
            snprintf(evlines[nev++], 128, "P%d +%d %s%s%s at (%d,%d)", e.player, e.points, cn,
                     e.feature_id && e.feature_id[0] ? " " : "", e.feature_id ? e.feature_id : "", e.x, e.y);
        else if (e.kind == CARC_EVENT_COMPLETED) {
            const char *kind = "feature";
            carc_placed_tile t;
            if (e.tile_index >= 0 && e.feature >= 0 && carc_game_tile(game, e.tile_index, &t) == CARC_OK)
                carc_tileset_feature(c->ts, t.type, e.feature, NULL, &kind, NULL);
            snprintf(evlines[nev++], 128, "%s %s completed at (%d,%d), nobody scored", kind ? kind : "feature",
                     e.feature_id ? e.feature_id : "", e.x, e.y);
        }
        else if (e.kind == CARC_EVENT_EXTRA_TURN)
            snprintf(evlines[nev++], 128, "P%d gets an extra turn", e.player);
        if (e.kind == CARC_EVENT_SCORE && e.points > 0 && e.tile_index >= 0 && e.feature >= 0 && nbadges < 64) {
            carc_placed_tile t;
            if (carc_game_tile(game, e.tile_index, &t) == CARC_OK) {
                rd_geo geo;
                rd_geometry(c, t.type, t.rotation, &geo);
                if (e.feature < geo.nf) {
                    rd_badge *bd = &badges[nbadges++];
                    bd->x = t.x + geo.f[e.feature].anchor.x;
                    bd->y = t.y + geo.f[e.feature].anchor.y;
                    bd->player = e.player;
                    bd->points = e.points;
                }
            }
        }
    }

    /* --- layout ------------------------------------------------------------ */
    const double margin = 16, axis = 18;
    double head_h = 4 * (fs + 7) + 36;
    double board_w = (maxx - minx + 1) * S, board_h = (maxy - miny + 1) * S;
    double bx = margin + axis, by = head_h + axis;
    /* panel blocks: heights and widths */
    double score_h, score_w = rd_table_size(&score, 12, &score_h);
    double more_h = 0, more_w = more.cols > 1 ? rd_table_size(&more, 12, &more_h) : 0;
    int nlegend = 0;
    for (int k = 0; k < c->nkinds; k++) nlegend += c->kused[k];
    nlegend += c->info.figure_kind_count + 2;
    double legend_h = 22 + nlegend * 20, legend_w = 300;
    double mini = 40;
    double extra_h = 0;
    if (anyhand) extra_h += 22 + handrows * (mini + 22);
    if (nremoved > 0) extra_h += 22 + ((nremoved + 7) / 8) * (mini + 20);
    double gv_h = ngameviews ? 32 + ngameviews * 18 : 0;
    double ev_h = (nev || any_final) ? 22 + (nev + (more_ev > 0) + (any_final ? c->players + 1 : 0)) * 17 : 0;
    double panel_w = score_w;
    if (more_w > panel_w) panel_w = more_w;
    if (legend_w > panel_w) panel_w = legend_w;
    if (8 * (mini + 8) > panel_w && (nremoved || anyhand)) panel_w = 8 * (mini + 8);
    for (int i = 0; i < ngameviews; i++)
        if (rd_textw(strlen(gameviews[i]), 12) > panel_w) panel_w = rd_textw(strlen(gameviews[i]), 12);
    double panel_h = 24 + score_h + (more.cols > 1 ? 14 + more_h : 0) + 14 +
                     legend_h + 14 + gv_h + ev_h + extra_h;
    double px = bx + board_w + 28, py = head_h;
    double width = px + panel_w + margin, height = by + board_h + margin;
    if (py + panel_h + margin > height) height = py + panel_h + margin;
    char caption[4][320];
    {
        size_t l = (size_t)snprintf(caption[0], sizeof caption[0], "%d players", c->players);
        if (opt && opt->seed_known) l += (size_t)snprintf(caption[0] + l, sizeof caption[0] - l, " · seed %llu", opt->seed);
        l += (size_t)snprintf(caption[0] + l, sizeof caption[0] - l, " · %d tiles on the board", ntiles);
        if (over) {
            l += (size_t)snprintf(caption[0] + l, sizeof caption[0] - l, " · game over, won by");
            for (int p = 0; p < c->players; p++)
                if ((winners >> p) & 1) l += (size_t)snprintf(caption[0] + l, sizeof caption[0] - l, " P%d", p);
        } else {
            int left = 0;
            carc_game_deck_remaining(game, 0, &left);
            snprintf(caption[0] + l, sizeof caption[0] - l, " · %d left to draw · P%d to %s", left, to_move,
                     phase == CARC_PHASE_TILE ? "place a tile" : phase == CARC_PHASE_FIGURE ? "place a figure or pass"
                                                                                          : "decide");
        }
        snprintf(caption[1], sizeof caption[1], "%s", lastmove[0] ? lastmove : "Only the start tile is on the board.");
        snprintf(caption[2], sizeof caption[2], "%s", opt && opt->note ? opt->note : "");
    }
    for (int i = 0; i < 3; i++)
        if (rd_textw(strlen(caption[i]), fs) + 2 * margin > width) width = rd_textw(strlen(caption[i]), fs) + 2 * margin;
    if (rd_textw(strlen(c->info.title ? c->info.title : ""), 22) + 2 * margin > width)
        width = rd_textw(strlen(c->info.title ? c->info.title : ""), 22) + 2 * margin;

    /* --- output ------------------------------------------------------------ */
    FILE *f = out;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
            width, height, width, height);
    fprintf(f, "<title>");
    rd_esc(f, c->info.title);
    fprintf(f, "</title>\n<style>\n");
    for (int k = 0; k < c->nkinds; k++) {
        char dark[8], casing[8];
        rd_shade(c->kcolor[k], 0.62, dark);
        rd_shade(c->kcolor[k], 0.42, casing);
        fprintf(f, ".k%d{fill:%s;stroke:%s;stroke-width:1;stroke-linejoin:round}\n", k, c->kcolor[k] ? c->kcolor[k] : "#9e9e9e", dark);
        fprintf(f, ".l%d{fill:none;stroke:%s;stroke-width:%.1f;stroke-linecap:butt}\n", k,
                c->kcolor[k] ? c->kcolor[k] : "#9e9e9e", 0.13 * S);
        fprintf(f, ".o%d{fill:none;stroke:%s;stroke-width:%.1f;stroke-linecap:butt}\n", k,
                rd_light(c->kcolor[k]) > 200 ? "#6d6456" : casing, 0.21 * S);
    }
    fprintf(f, "</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fbfaf6\"/>\n");
    /* caption */
    rd_text(c, margin, 30, 22, "bold", NULL, "#222", c->info.title ? c->info.title : "");
    for (int i = 0; i < 3; i++)
        if (caption[i][0]) rd_text(c, margin, 30 + 24 + i * (fs + 7), fs, i == 1 ? "bold" : NULL, NULL, "#333", caption[i]);

    /* board */
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#efece3\" stroke=\"#d6d0c2\"/>\n", bx,
            by, board_w, board_h);
    for (int x = minx; x <= maxx; x++) {
        char t[16];
        snprintf(t, sizeof t, "%d", x);
        rd_text(c, bx + (x - minx + 0.5) * S, by - 5, 10, NULL, "middle", "#777", t);
    }
    for (int y = miny; y <= maxy; y++) {
        char t[16];
        snprintf(t, sizeof t, "%d", y);
        rd_text(c, bx - 4, by + (y - miny + 0.5) * S + 4, 10, NULL, "end", "#777", t);
    }
    for (int i = 0; i < ntiles; i++) {
        carc_placed_tile t;
        rd_geo geo;
        if (carc_game_tile(game, i, &t)) continue;
        rd_tile(c, t.type, t.rotation, bx + (t.x - minx) * S, by + (t.y - miny) * S, S, &geo);
    }
    /* turn numbers, small, in each tile's corner */
    fprintf(f, "<g font-size=\"%.1f\" fill=\"#1d1a14\" fill-opacity=\"0.55\">\n", S * 0.15);
    for (int i = 0; i < ntiles; i++) {
        carc_placed_tile t;
        if (carc_game_tile(game, i, &t)) continue;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%d</text>\n", bx + (t.x - minx) * S + 2, by + (t.y - miny) * S + S * 0.15,
                t.turn);
    }
    fprintf(f, "</g>\n");
    if (last >= 0)
        fprintf(f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#d500f9\" "
                "stroke-width=\"4\"/>\n",
                bx + (lt.x - minx) * S + 2, by + (lt.y - miny) * S + 2, S - 4, S - 4);
    /* figures */
    int nfig = 0;
    carc_game_figure_count(game, &nfig);
    rd_pt placed[128];
    int nplaced = 0;
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_placed_tile t;
        rd_geo geo;
        if (carc_game_figure(game, i, &fi) || !fi.on_board || carc_game_tile(game, fi.tile_index, &t)) continue;
        rd_geometry(c, t.type, t.rotation, &geo);
        rd_pt a = {0.5, 0.5};
        if (fi.feature >= 0 && fi.feature < geo.nf) {
            a = geo.f[fi.feature].anchor;
            if (geo.f[fi.feature].cls == RD_MARKER) a.x += 0.26, a.y += 0.13; /* keep the marker's letter in sight */
        }
        rd_pt p = {t.x + a.x, t.y + a.y};
        for (int tries = 0; tries < 6; tries++) { /* two figures on one spot: step aside */
            int clash = 0;
            for (int j = 0; j < nplaced; j++) {
                double dx = placed[j].x - p.x, dy = placed[j].y - p.y;
                if (dx * dx + dy * dy < 0.22 * 0.22) clash = 1;
            }
            if (!clash) break;
            p.x += tries % 2 ? -0.44 : 0.22;
            if (tries % 2) p.y += 0.12;
        }
        if (nplaced < 128) placed[nplaced++] = p;
        rd_figure(c, fi.kind, fi.owner, bx + (p.x - minx) * S, by + (p.y - miny) * S, 0.15 * S);
    }
    /* points scored in the last turn, beside the feature */
    for (int i = 0; i < nbadges; i++) {
        char t[16];
        snprintf(t, sizeof t, "+%d", badges[i].points);
        double w = rd_textw(strlen(t), 11) + 6, x = bx + (badges[i].x - minx) * S + 0.14 * S,
               y = by + (badges[i].y - miny) * S - 0.2 * S - 15;
        fprintf(f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"15\" rx=\"4\" fill=\"#fff\" stroke=\"%s\" "
                "stroke-width=\"2\"/>\n",
                x, y, w, rd_player_color(badges[i].player));
        rd_text(c, x + 3, y + 11.5, 11, "bold", NULL, "#111", t);
    }

    /* panel */
    double y = py;
    rd_text(c, px, y + 14, 15, "bold", NULL, "#222", over ? "Final scores" : "Scores");
    y += 24;
    rd_table_draw(c, &score, px, y, 12);
    y += score_h + 14;
    if (more.cols > 1) {
        rd_table_draw(c, &more, px, y, 12);
        y += more_h + 14;
    }
    /* legend */
    rd_text(c, px, y + 14, 15, "bold", NULL, "#222", "Legend");
    y += 24;
    for (int k = 0; k < c->nkinds; k++) {
        if (!c->kused[k]) continue;
        char cls[16];
        const char *what = c->kclass[k] == RD_LINE ? "line" : c->kclass[k] == RD_MARKER ? "inside a tile" : "area";
        if (c->kclass[k] == RD_LINE) {
            snprintf(cls, sizeof cls, "o%d", k);
            fprintf(f, "<path class=\"%s\" d=\"M%.1f %.1fH%.1f\" style=\"stroke-width:9\"/>\n", cls, px, y + 8, px + 30);
            snprintf(cls, sizeof cls, "l%d", k);
            fprintf(f, "<path class=\"%s\" d=\"M%.1f %.1fH%.1f\" style=\"stroke-width:5\"/>\n", cls, px, y + 8, px + 30);
        } else {
            fprintf(f, "<rect class=\"k%d\" x=\"%.1f\" y=\"%.1f\" width=\"30\" height=\"16\" rx=\"%d\"/>\n", k, px, y,
                    c->kclass[k] == RD_MARKER ? 4 : 0);
            if (c->kclass[k] == RD_MARKER && c->kname[k] && isalnum((unsigned char)c->kname[k][0]))
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%c</text>\n",
                        px + 15, y + 12.5, rd_light(c->kcolor[k]) > 140 ? "#222" : "#fff", c->kname[k][0]);
        }
        char t[96];
        snprintf(t, sizeof t, "%s (%s)", c->kname[k] ? c->kname[k] : "?", what);
        rd_text(c, px + 40, y + 12.5, 12, NULL, NULL, "#222", t);
        y += 20;
    }
    for (int k = 0; k < c->info.figure_kind_count; k++) {
        const char *fname = "?";
        carc_variant_figure(c->v, k, &fname, NULL);
        for (int p = 0; p < c->players && p < 6; p++) rd_figure(c, k, p, px + 8 + p * 13, y + 8, 6.5);
        char t[96];
        snprintf(t, sizeof t, "%s, in player colours", fname);
        rd_text(c, px + 16 + c->players * 13, y + 12.5, 12, NULL, NULL, "#222", t);
        y += 20;
    }
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"30\" height=\"16\" fill=\"none\" stroke=\"#d500f9\" stroke-width=\"3\"/>\n",
            px, y);
    rd_text(c, px + 40, y + 12.5, 12, NULL, NULL, "#222", "last tile placed; small numbers: turn of each tile");
    y += 20;
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"26\" height=\"15\" rx=\"4\" fill=\"#fff\" stroke=\"#888\" stroke-width=\"2\"/>\n",
            px + 2, y);
    rd_text(c, px + 6, y + 11.5, 11, "bold", NULL, "#111", "+4");
    rd_text(c, px + 40, y + 12.5, 12, NULL, NULL, "#222", "points scored in the last turn (in play)");
    y += 20 + 14;
    if (ngameviews) {
        rd_text(c, px, y + 14, 15, "bold", NULL, "#222", "Game");
        y += 22;
        for (int i = 0; i < ngameviews; i++, y += 18) rd_text(c, px, y + 12, 12, NULL, NULL, "#222", gameviews[i]);
        y += 10;
    }
    if (nev || any_final) {
        rd_text(c, px, y + 14, 15, "bold", NULL, "#222", "Last turn");
        y += 22;
        for (int i = 0; i < nev; i++, y += 17) rd_text(c, px, y + 12, 12, NULL, NULL, "#222", evlines[i]);
        if (more_ev) {
            char t[64];
            snprintf(t, sizeof t, "... and %d more", more_ev);
            rd_text(c, px, y + 12, 12, NULL, NULL, "#222", t);
            y += 17;
        }
        if (any_final) {
            rd_text(c, px, y + 12, 12, "bold", NULL, "#222", "Final scoring at the end of the game:");
            y += 17;
            for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++, y += 17) {
                char t[256];
                int sum = 0;
                size_t l = 0;
                for (int k = 0; k < ncat; k++) sum += final_pts[p][k];
                l = (size_t)snprintf(t, sizeof t, "P%d +%d", p, sum);
                for (int k = 0; k < ncat && l < 200; k++) {
                    const char *cn = "?";
                    if (!final_pts[p][k]) continue;
                    carc_variant_category(c->v, k, &cn);
                    l += (size_t)snprintf(t + l, sizeof t - l, "%s%s %d", l > 8 && strchr(t, '(') ? ", " : " (", cn,
                                          final_pts[p][k]);
                }
                if (strchr(t, '(') && l < sizeof t - 1) strcat(t, ")");
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\" stroke=\"#111\" stroke-width=\"0.8\"/>\n",
                        px, y + 3, rd_player_color(p));
                rd_text(c, px + 16, y + 12, 12, NULL, NULL, "#222", t);
            }
        }
        y += 8;
    }
    if (anyhand) {
        /* without hands only the player to move holds a tile: the one drawn */
        rd_text(c, px, y + 14, 15, "bold", NULL, "#222", anyhand > 1 ? "Hands (tiles to place)" : "Tile to place");
        y += 22;
        for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
            char t[16];
            if (!nhand[p]) continue;
            snprintf(t, sizeof t, "P%d", p);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\" stroke=\"#111\" stroke-width=\"0.8\"/>\n",
                    px, y + mini / 2 - 5, rd_player_color(p));
            rd_text(c, px + 13, y + mini / 2 + 4, 12, "bold", NULL, "#222", t);
            for (int i = 0; i < nhand[p]; i++) {
                rd_geo geo;
                carc_tile_type_info ti = {.struct_size = sizeof ti};
                carc_tileset_type(c->ts, hands[p][i], &ti);
                rd_tile(c, hands[p][i], 0, px + 40 + i * (mini + 8), y, mini, &geo);
                rd_text(c, px + 40 + i * (mini + 8) + mini / 2, y + mini + 13, 10, NULL, "middle", "#444", ti.name);
            }
            y += mini + 22;
        }
    }
    if (nremoved > 0) {
        char t[96];
        snprintf(t, sizeof t, "Tiles out of the game (%d)", nremoved);
        rd_text(c, px, y + 14, 15, "bold", NULL, "#222", t);
        y += 22;
        for (int i = 0; i < nremoved; i++) {
            int type = -1, reason = 0;
            carc_game_removed(game, i, &type, &reason);
            double x = px + (i % 8) * (mini + 8), yy = y + (i / 8) * (mini + 20);
            const char *why = reason == CARC_REMOVED_UNPLACEABLE ? "fit nowhere" :
                              reason == CARC_REMOVED_FACE_UP ? "face up" : "hidden";
            if (type >= 0) {
                rd_geo geo;
                rd_tile(c, type, 0, x, yy, mini, &geo);
            } else {
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#9e9789\" stroke=\"#5d5648\"/>\n",
                        x, yy, mini, mini);
                rd_text(c, x + mini / 2, yy + mini / 2 + 6, 16, "bold", "middle", "#fff", "?");
            }
            rd_text(c, x + mini / 2, yy + mini + 12, 9, NULL, "middle", "#444", why);
        }
        y += ((nremoved + 7) / 8) * (mini + 20);
    }
    fprintf(f, "</svg>\n");
    return ferror(f) ? CARC_E_INVALID : CARC_OK;
}

#endif
