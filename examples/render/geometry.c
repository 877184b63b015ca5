/* The shape of every feature of a tile, from its edge slots alone
 * (docs/rendering.md, "How a tile is drawn"). Coordinates are in a unit
 * square, y growing south; slot i of a tile turned r quarter turns is slot
 * (i + 3r) mod 12. */
#include <string.h>

#include "rd.h"

/* The point at perimeter position t (0..12, one unit per slot), clockwise
 * from the north-west corner. */
rd_pt rd_perim(double t)
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

static unsigned rd_rotate_mask(unsigned mask, int r)
{
    unsigned out = 0;
    for (int i = 0; i < 12; i++)
        if (mask & (1u << i)) out |= 1u << ((i + 3 * r) % 12);
    return out;
}

/* Runs of neighbouring slots of a mask (cyclic): start and length each. */
static int rd_runs(unsigned mask, int *start, int *len)
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

int rd_popcount(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

void rd_add(rd_feat *f, rd_pt p)
{
    if (f->np < RD_MAXP) f->poly[f->np++] = p;
}

/* The curve between perimeter positions a and b, bowed towards the centre
 * (less for a chord near the centre; a chord through it stays straight).
 * The same pair gives the same curve whichever way it is walked, so two
 * features on either side of it share one border. Appends the points after
 * P(a), up to P(b). */
static void rd_cut(rd_feat *f, double a, double b)
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
void rd_edge(rd_feat *f, double a, double b)
{
    if (a < 0) a += 12, b += 12;
    rd_add(f, rd_perim(a));
    for (int k = (int)a + 1; k < b; k++) rd_add(f, rd_perim(k));
    rd_add(f, rd_perim(b));
}

static double rd_area(const rd_pt *p, int n, rd_pt *centroid)
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

int rd_inside(const rd_pt *p, int n, rd_pt q)
{
    int in = 0;
    for (int i = 0, j = n - 1; i < n; j = i++)
        if ((p[i].y > q.y) != (p[j].y > q.y) && q.x < (p[j].x - p[i].x) * (q.y - p[i].y) / (p[j].y - p[i].y) + p[i].x)
            in = !in;
    return in;
}

/* The point a share `k` of the way from the centre to p, at most 0.3 from the centre. */
static rd_pt rd_toward(rd_pt p, double k)
{
    double dx = (p.x - 0.5) * k, dy = (p.y - 0.5) * k, d = rd_sqrt(dx * dx + dy * dy);
    if (d > 0.3) dx *= 0.3 / d, dy *= 0.3 / d;
    rd_pt r = {0.5 + dx, 0.5 + dy};
    return r;
}

/* Where the slot-less features of a tile sit. */
static rd_pt rd_marker_pos(int i, int n)
{
    static const rd_pt two[2] = {{0.32, 0.5}, {0.68, 0.5}};
    static const rd_pt many[6] = {{0.5, 0.3}, {0.7, 0.5}, {0.5, 0.7}, {0.3, 0.5}, {0.36, 0.36}, {0.64, 0.64}};
    rd_pt mid = {0.5, 0.5};
    if (n <= 1) return mid;
    if (n == 2) return two[i];
    return many[i % 6];
}

static int rd_kind_index(const rd_ctx *c, const char *name)
{
    for (int k = 0; k < c->nkinds; k++)
        if (name && c->kname[k] && !strcmp(name, c->kname[k])) return k;
    return -1;
}

/* Each feature's kind, class, turned slots and runs; returns the number of
 * areas that reach the edge in several runs. */
static int geo_features(const rd_ctx *c, int type, int rot, rd_geo *g)
{
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    int joins = 0;
    g->nf = carc_tileset_type(c->ts, type, &ti) == CARC_OK ? (ti.feature_count > 12 ? 12 : ti.feature_count) : 0;
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
        if (f->cls == RD_MARKER) g->nmark++;
        if (f->cls == RD_AREA && f->nruns > 1) joins++;
    }
    return joins;
}

/* An area covering six slots or more, and more than any other, fills the tile. */
static void geo_owner(rd_geo *g)
{
    int best = -1, bestn = 0, second = 0;
    for (int i = 0; i < g->nf; i++) {
        if (g->f[i].cls != RD_AREA) continue;
        int n = rd_popcount(g->f[i].mask);
        if (n > bestn) second = bestn, bestn = n, best = i;
        else if (n > second) second = n;
    }
    if (best >= 0 && bestn >= 6 && bestn > second) g->owner = best;
}

/* An area's run reaches half way into the slot of a line beside it, so
 * that the line runs on the border between the areas on either side. */
static void geo_runs_beside_lines(rd_geo *g)
{
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
}

/* A line: a stroke from the middle of each of its slots to the centre; a
 * figure stands halfway along it. Returns 1 for a line with one end. */
static int geo_line(rd_feat *f)
{
    for (int s = 0; s < 12; s++)
        if (f->mask & (1u << s)) f->ends[f->nends++] = rd_perim(s + 0.5);
    if (f->nends == 2)
        f->anchor.x = 0.25 * f->ends[0].x + 0.25 * f->ends[1].x + 0.25,
        f->anchor.y = 0.25 * f->ends[0].y + 0.25 * f->ends[1].y + 0.25;
    else
        f->anchor.x = (f->ends[0].x + 0.5) / 2, f->anchor.y = (f->ends[0].y + 0.5) / 2;
    return f->nends == 1;
}

/* An area reaching the edge in several runs: its runs joined by curves. */
static void geo_joined(rd_feat *f, int nmark)
{
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
        return;
    }
    int best = 0; /* beside the longest run, a little inside */
    for (int r = 1; r < f->nruns; r++)
        if (f->rl[r] > f->rl[best]) best = r;
    rd_pt e = rd_perim((f->ra[best] + f->rb[best]) / 2);
    f->anchor.x = e.x + (0.5 - e.x) * 0.36, f->anchor.y = e.y + (0.5 - e.y) * 0.36;
}

/* An area: the whole tile, a cap bulging in from its edge, a wedge from the
 * centre, or several runs joined. */
static void geo_area(rd_geo *g, int i)
{
    rd_feat *f = &g->f[i];
    rd_pt centre = {0.5, 0.5}, pm = rd_perim((f->ra[0] + f->rb[0]) / 2);
    rd_pt low = {0.5, 0.8}; /* below the markers of a tile filled by one area */
    if (i == g->owner) {
        f->mode = RD_OWNER;
        rd_add(f, (rd_pt){0, 0});
        rd_add(f, (rd_pt){1, 0});
        rd_add(f, (rd_pt){1, 1});
        rd_add(f, (rd_pt){0, 1});
        f->anchor = f->rl[0] == 12 ? (g->nmark ? low : centre) : rd_toward(pm, 0.58);
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
        f->anchor = f->rl[0] == 12 ? (g->nmark ? low : centre) : rd_toward(pm, 0.62);
    } else {
        geo_joined(f, g->nmark);
    }
}

void rd_geometry(const rd_ctx *c, int type, int rot, rd_geo *g)
{
    memset(g, 0, sizeof *g);
    g->owner = -1;
    for (int s = 0; s < 12; s++) g->slot_feat[s] = -1;
    if (!geo_features(c, type, rot, g)) geo_owner(g);
    geo_runs_beside_lines(g);
    int marks = 0, lines_one_end = 0;
    for (int i = 0; i < g->nf; i++) {
        rd_feat *f = &g->f[i];
        if (f->cls == RD_MARKER) f->anchor = rd_marker_pos(marks++, g->nmark);
        else if (f->cls == RD_LINE) lines_one_end += geo_line(f);
        else geo_area(g, i);
    }
    g->junction = lines_one_end > 0 && !(g->nmark == 1);
}
