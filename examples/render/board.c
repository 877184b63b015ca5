/* The board: its background and axes, every tile, the turn numbers, the
 * last-tile frame, the figures and the points tags of the last turn. Turn
 * numbers, frame, figures and tags come after all tiles, so nothing of a
 * neighbouring tile covers them. */
#include <string.h>

#include "rd.h"

static void board_axes(rd_ctx *c, double bx, double by)
{
    const double S = c->S;
    fprintf(c->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#efece3\" stroke=\"#d6d0c2\"/>\n",
            bx, by, (c->maxx - c->minx + 1) * S, (c->maxy - c->miny + 1) * S);
    for (int x = c->minx; x <= c->maxx; x++) {
        char t[16];
        snprintf(t, sizeof t, "%d", x);
        rd_text(c, bx + (x - c->minx + 0.5) * S, by - 5, 10, NULL, "middle", "#777", t);
    }
    for (int y = c->miny; y <= c->maxy; y++) {
        char t[16];
        snprintf(t, sizeof t, "%d", y);
        rd_text(c, bx - 4, by + (y - c->miny + 0.5) * S + 4, 10, NULL, "end", "#777", t);
    }
}

static void board_tiles(rd_ctx *c, double bx, double by)
{
    const double S = c->S;
    for (int i = 0; i < c->ntiles; i++) {
        carc_placed_tile t;
        rd_geo geo;
        if (carc_game_tile(c->game, i, &t)) continue;
        rd_tile(c, t.type, t.rotation, bx + (t.x - c->minx) * S, by + (t.y - c->miny) * S, S, &geo);
    }
    /* turn numbers, small, in each tile's corner */
    fprintf(c->f, "<g font-size=\"%.1f\" fill=\"#1d1a14\" fill-opacity=\"0.55\">\n", S * 0.15);
    for (int i = 0; i < c->ntiles; i++) {
        carc_placed_tile t;
        if (carc_game_tile(c->game, i, &t)) continue;
        fprintf(c->f, "<text x=\"%.1f\" y=\"%.1f\">%d</text>\n", bx + (t.x - c->minx) * S + 2,
                by + (t.y - c->miny) * S + S * 0.15, t.turn);
    }
    fprintf(c->f, "</g>\n");
    if (c->last >= 0)
        fprintf(c->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#d500f9\" "
                "stroke-width=\"4\"/>\n",
                bx + (c->lt.x - c->minx) * S + 2, by + (c->lt.y - c->miny) * S + 2, S - 4, S - 4);
}

/* Points scored in the last turn, beside the feature. */
static void board_badges(rd_ctx *c, const rd_panel *p, double bx, double by)
{
    for (int i = 0; i < p->nbadges; i++) {
        char t[16];
        snprintf(t, sizeof t, "+%d", p->badges[i].points);
        double w = rd_textw(strlen(t), 11) + 6, x = bx + (p->badges[i].x - c->minx) * c->S + 0.14 * c->S,
               y = by + (p->badges[i].y - c->miny) * c->S - 0.2 * c->S - 15;
        fprintf(c->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"15\" rx=\"4\" fill=\"#fff\" stroke=\"%s\" "
                "stroke-width=\"2\"/>\n",
                x, y, w, rd_player_color(p->badges[i].player));
        rd_text(c, x + 3, y + 11.5, 11, "bold", NULL, "#111", t);
    }
}

void rd_board(rd_ctx *c, const rd_panel *p, double bx, double by)
{
    board_axes(c, bx, by);
    board_tiles(c, bx, by);
    rd_board_figures(c, bx, by);
    board_badges(c, p, bx, by);
}
