/* The whole picture: the panel's contents gathered, the layout measured,
 * then the caption, the board and the panel written (render.h). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "rd.h"

#define RD_MARGIN 16
#define RD_AXIS 18
#define RD_FS 13     /* caption text */
#define RD_MINI 40   /* tiles of the hands and of the tiles out of the game */

typedef struct rd_layout {
    double head_h, bx, by, board_w, board_h, px, py, width, height;
    double score_w, score_h, more_w, more_h;
    char caption[3][320];
} rd_layout;

/* What the picture shows of every tile in it (for the legend). */
static void shown(rd_ctx *c, const rd_panel *p)
{
    for (int i = 0; i < c->ntiles; i++) {
        carc_placed_tile t;
        if (carc_game_tile(c->game, i, &t) == CARC_OK) rd_mark_shown(c, t.type);
    }
    for (int q = 0; q < c->players && q < CARC_MAX_PLAYERS; q++)
        for (int i = 0; i < p->nhand[q]; i++) rd_mark_shown(c, p->hands[q][i]);
    for (int i = 0; i < p->nremoved; i++) {
        int type = -1;
        if (carc_game_removed(c->game, i, &type, NULL) == CARC_OK && type >= 0) rd_mark_shown(c, type);
    }
}

static void gather(rd_ctx *c, rd_panel *p)
{
    rd_last_move(c, p->lastmove, sizeof p->lastmove);
    rd_score_table(c, &p->score);
    rd_player_table(c, &p->more);
    rd_game_views(c, p);
    rd_holdings(c, p);
    rd_last_turn(c, p);
    shown(c, p);
}

/* The state line, the last move, the caller's note. */
static void captions(const rd_ctx *c, const rd_panel *p, const render_options *opt, rd_layout *L)
{
    char *t = L->caption[0];
    size_t cap = sizeof L->caption[0], l = (size_t)snprintf(t, cap, "%d players", c->players);
    if (opt && opt->seed_known) l += (size_t)snprintf(t + l, cap - l, " · seed %llu", opt->seed);
    l += (size_t)snprintf(t + l, cap - l, " · %d tiles on the board", c->ntiles);
    if (c->over) {
        l += (size_t)snprintf(t + l, cap - l, " · game over, won by");
        for (int q = 0; q < c->players; q++)
            if ((c->winners >> q) & 1) l += (size_t)snprintf(t + l, cap - l, " P%d", q);
    } else {
        int left = 0;
        carc_game_deck_remaining(c->game, 0, &left);
        snprintf(t + l, cap - l, " · %d left to draw · P%d to %s", left, c->to_move,
                 c->phase == CARC_PHASE_TILE     ? "place a tile"
                 : c->phase == CARC_PHASE_FIGURE ? "place a figure or pass"
                                                 : "decide");
    }
    snprintf(L->caption[1], cap, "%s", p->lastmove[0] ? p->lastmove : "Only the start tile is on the board.");
    snprintf(L->caption[2], cap, "%s", opt && opt->note ? opt->note : "");
}

static double panel_height(const rd_ctx *c, const rd_panel *p, const rd_layout *L)
{
    double extra = 0;
    if (p->anyhand) extra += 22 + p->handrows * (RD_MINI + 22);
    if (p->nremoved > 0) extra += 22 + ((p->nremoved + 7) / 8) * (RD_MINI + 20);
    double gv = p->ngameviews ? 32 + p->ngameviews * 18 : 0;
    double ev = (p->nev || p->any_final) ? 22 + (p->nev + (p->more_ev > 0) + (p->any_final ? c->players + 1 : 0)) * 17 : 0;
    return 24 + L->score_h + (p->more.cols > 1 ? 14 + L->more_h : 0) + 14 + 22 + rd_legend_rows(c) * 20 + 14 + gv +
           ev + extra;
}

static double panel_width(const rd_ctx *c, const rd_panel *p, const rd_layout *L)
{
    double w = L->score_w;
    if (L->more_w > w) w = L->more_w;
    if (rd_legend_width(c) > w) w = rd_legend_width(c);
    if (8 * (RD_MINI + 8) > w && (p->nremoved || p->anyhand)) w = 8 * (RD_MINI + 8);
    for (int i = 0; i < p->ngameviews; i++)
        if (rd_textw(strlen(p->gameviews[i]), 12) > w) w = rd_textw(strlen(p->gameviews[i]), 12);
    return w;
}

static void layout(rd_ctx *c, rd_panel *p, const render_options *opt, rd_layout *L)
{
    L->head_h = 4 * (RD_FS + 7) + 36;
    L->board_w = (c->maxx - c->minx + 1) * c->S;
    L->board_h = (c->maxy - c->miny + 1) * c->S;
    L->bx = RD_MARGIN + RD_AXIS;
    L->by = L->head_h + RD_AXIS;
    L->score_w = rd_table_size(&p->score, 12, &L->score_h);
    L->more_w = p->more.cols > 1 ? rd_table_size(&p->more, 12, &L->more_h) : 0;
    L->px = L->bx + L->board_w + 28;
    L->py = L->head_h;
    L->width = L->px + panel_width(c, p, L) + RD_MARGIN;
    L->height = L->by + L->board_h + RD_MARGIN;
    if (L->py + panel_height(c, p, L) + RD_MARGIN > L->height) L->height = L->py + panel_height(c, p, L) + RD_MARGIN;
    captions(c, p, opt, L);
    for (int i = 0; i < 3; i++)
        if (rd_textw(strlen(L->caption[i]), RD_FS) + 2 * RD_MARGIN > L->width)
            L->width = rd_textw(strlen(L->caption[i]), RD_FS) + 2 * RD_MARGIN;
    const char *title = c->info.title ? c->info.title : "";
    if (rd_textw(strlen(title), 22) + 2 * RD_MARGIN > L->width) L->width = rd_textw(strlen(title), 22) + 2 * RD_MARGIN;
}

static void header(rd_ctx *c, const rd_layout *L)
{
    fprintf(c->f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
            L->width, L->height, L->width, L->height);
    fprintf(c->f, "<title>");
    rd_esc(c->f, c->info.title);
    fprintf(c->f, "</title>\n<style>\n");
    rd_style(c);
    fprintf(c->f, "</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fbfaf6\"/>\n");
    rd_text(c, RD_MARGIN, 30, 22, "bold", NULL, "#222", c->info.title ? c->info.title : "");
    for (int i = 0; i < 3; i++)
        if (L->caption[i][0])
            rd_text(c, RD_MARGIN, 30 + 24 + i * (RD_FS + 7), RD_FS, i == 1 ? "bold" : NULL, NULL, "#333", L->caption[i]);
}

static void panel(rd_ctx *c, rd_panel *p, const rd_layout *L)
{
    double x = L->px, y = L->py;
    rd_text(c, x, y + 14, 15, "bold", NULL, "#222", c->over ? "Final scores" : "Scores");
    y += 24;
    rd_table_draw(c, &p->score, x, y, 12);
    y += L->score_h + 14;
    if (p->more.cols > 1) {
        rd_table_draw(c, &p->more, x, y, 12);
        y += L->more_h + 14;
    }
    y = rd_draw_legend(c, x, y) + 14;
    y = rd_draw_game_views(c, p, x, y);
    y = rd_draw_last_turn(c, p, x, y);
    y = rd_draw_hands(c, p, x, y, RD_MINI);
    rd_draw_removed(c, p, x, y, RD_MINI);
}

int render_svg(const carc_game *game, const render_options *opt, FILE *out)
{
    if (!game || !out) return CARC_E_NULL;
    rd_ctx *c = calloc(1, sizeof *c);
    rd_panel *p = calloc(1, sizeof *p);
    rd_layout L;
    int r = c && p ? rd_context(c, game, opt, out) : CARC_E_NOMEM;
    if (r == CARC_OK) {
        gather(c, p);
        layout(c, p, opt, &L);
        header(c, &L);
        rd_board(c, p, L.bx, L.by);
        panel(c, p, &L);
        fprintf(out, "</svg>\n");
        r = ferror(out) ? CARC_E_INVALID : CARC_OK;
    }
    if (c) carc_game_free(c->g);
    free(c);
    free(p);
    return r;
}

int render_svg_string(const carc_game *game, const render_options *opt, char **text, size_t *len)
{
    if (!game || !text || !len) return CARC_E_NULL;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f) return CARC_E_NOMEM;
    int r = render_svg(game, opt, f);
    if (fclose(f) && r == CARC_OK) r = CARC_E_NOMEM;
    if (r != CARC_OK) {
        free(buf);
        return r;
    }
    *text = buf;
    *len = n;
    return CARC_OK;
}
