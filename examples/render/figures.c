/* Figures: a shape per figure kind in the owner's colour, with a white
 * halo and a dark outline so that it stands out on every kind colour; on
 * the board, each where its feature is drawn. */
#include "rd.h"

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

static const char *rd_figure_path(int kind)
{
    int n = (int)(sizeof rd_figure_paths / sizeof rd_figure_paths[0]);
    return rd_figure_paths[kind >= 0 && kind < n ? kind : n - 1];
}

void rd_figure(rd_ctx *c, int kind, int owner, double cx, double cy, double k)
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

/* Where a figure stands, in board units: its feature's anchor (beside a
 * marker, so the marker's letter stays visible), stepped aside from the
 * figures already placed. */
static rd_pt figure_spot(rd_ctx *c, const carc_figure_info *fi, const carc_placed_tile *t, const rd_pt *placed,
                         int nplaced)
{
    rd_geo geo;
    rd_geometry(c, t->type, t->rotation, &geo);
    rd_pt a = {0.5, 0.5};
    if (fi->feature >= 0 && fi->feature < geo.nf) {
        a = geo.f[fi->feature].anchor;
        if (geo.f[fi->feature].cls == RD_MARKER) a.x += 0.26, a.y += 0.13;
    }
    rd_pt p = {t->x + a.x, t->y + a.y};
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
    return p;
}

void rd_board_figures(rd_ctx *c, double bx, double by)
{
    int nfig = 0;
    carc_game_figure_count(c->game, &nfig);
    rd_pt placed[128];
    int nplaced = 0;
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_placed_tile t;
        if (carc_game_figure(c->game, i, &fi) || !fi.on_board || carc_game_tile(c->game, fi.tile_index, &t)) continue;
        rd_pt p = figure_spot(c, &fi, &t, placed, nplaced);
        if (nplaced < 128) placed[nplaced++] = p;
        rd_figure(c, fi.kind, fi.owner, bx + (p.x - c->minx) * c->S, by + (p.y - c->miny) * c->S, 0.15 * c->S);
    }
}
