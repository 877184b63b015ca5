/* The renderer's own types and functions, shared by the files of
 * examples/render/ (render.h is what programs include). One file per job:
 *   svg.c      text, paths, colours, escaping
 *   geometry.c the shape of every feature of a tile, from its slots
 *   tile.c     one tile: areas, lines, markers
 *   glyphs.c   the symbols printed on features (attributes), with titles
 *   figures.c  figure shapes in player colours
 *   context.c  what is read once of a game: kinds, attributes, board, state
 *   table.c    tables measured, then drawn
 *   panel.c    the panel's contents: scores, players, views, last turn
 *   legend.c   the legend: every kind, symbol, figure and mark explained
 *   board.c    the board: axes, tiles, turns, figures, points tags
 *   sections.c the panel's other sections: game views, last turn, hands, tiles out
 *   render.c   layout and the whole picture */
#ifndef CARC_EXAMPLE_RD_H
#define CARC_EXAMPLE_RD_H

#include <stdio.h>

#include <carcassonne.h>

#include "render.h"

#define RD_MAXK 32   /* feature kinds considered */
#define RD_MAXA 16   /* attributes of a tile set */
#define RD_MAXP 200  /* points of one feature outline */
#define RD_ROWS (CARC_MAX_PLAYERS + 1)
#define RD_COLS 24
#define RD_MAXLEGEND 64

enum { RD_AREA = 0, RD_LINE = 1, RD_MARKER = 2 };
enum { RD_WEDGE = 0, RD_CAP = 1, RD_OWNER = 2, RD_JOIN = 3 };

typedef struct rd_pt {
    double x, y;
} rd_pt;

/* ---- one tile's geometry ---- */

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
    int nmark;          /* features without slots */
} rd_geo;

/* ---- what is read once of a game ---- */

typedef struct rd_ctx {
    FILE *f;
    const carc_game *game;
    carc_game *g; /* a private copy for the queries that may draw a tile */
    const carc_variant *v;
    const carc_tileset *ts;
    carc_variant_info info;
    int players, nkinds, ntypes;
    const char *kname[RD_MAXK];
    const char *kcolor[RD_MAXK];
    int kclass[RD_MAXK];  /* RD_AREA / RD_LINE / RD_MARKER */
    int kused[RD_MAXK];   /* the tile set has features of the kind */
    int kinside[RD_MAXK]; /* ... and some of an area or line kind have no slots (drawn as markers) */
    int kshown_inside[RD_MAXK]; /* a feature of the kind is drawn inside a tile of the picture */
    int nattrs;
    const char *aname[RD_MAXA];
    int aglyph[RD_MAXA];  /* glyph index of each attribute, -1: drawn by the tile's shape (no glyph) */
    int aused[RD_MAXA];   /* shown in the picture */
    int any_junction, any_bare; /* junction dots, slots with no feature, in the picture */
    double S;             /* board square size */
    /* the game now */
    int over, to_move, ntiles, minx, maxx, miny, maxy, last, last_turn;
    carc_phase phase;
    unsigned winners;
    carc_placed_tile lt; /* the last tile placed (last >= 0) */
} rd_ctx;

/* ---- panel tables ---- */

typedef struct rd_cell {
    char text[112];
    const char *swatch; /* a player colour square before the text, or NULL */
    int bold;
} rd_cell;

typedef struct rd_table {
    int rows, cols;
    rd_cell cell[RD_ROWS][RD_COLS];
    double colw[RD_COLS];
} rd_table;

typedef struct rd_badge {
    double x, y;
    int player, points;
} rd_badge;

typedef struct rd_panel {
    rd_table score, more;
    char lastmove[256];
    char gameviews[8][240];
    int ngameviews;
    char evlines[14][128];
    int nev, more_ev, any_final;
    int final_pts[CARC_MAX_PLAYERS][RD_COLS];
    rd_badge badges[64];
    int nbadges;
    int hands[CARC_MAX_PLAYERS][16], nhand[CARC_MAX_PLAYERS], anyhand, handrows;
    int nremoved;
    int nlegend; /* legend rows */
} rd_panel;

/* svg.c */
double rd_sqrt(double v);
double rd_textw(size_t n, double size);
void rd_shade(const char *hex, double f, char out[8]);
int rd_light(const char *hex);
void rd_esc(FILE *f, const char *s);
void rd_text(rd_ctx *c, double x, double y, double size, const char *weight, const char *anchor, const char *fill,
             const char *s);
void rd_path(rd_ctx *c, const rd_pt *p, int n, double x0, double y0, double S, const char *attrs);
void rd_swatch(rd_ctx *c, double x, double y, double size, const char *fill);
const char *rd_player_color(int p);
void rd_style(rd_ctx *c);

/* geometry.c */
rd_pt rd_perim(double t);
int rd_popcount(unsigned m);
void rd_add(rd_feat *f, rd_pt p);
void rd_edge(rd_feat *f, double a, double b);
int rd_inside(const rd_pt *p, int n, rd_pt q);
void rd_geometry(const rd_ctx *c, int type, int rot, rd_geo *g);

/* tile.c */
void rd_tile(rd_ctx *c, int type, int rot, double x0, double y0, double S, rd_geo *g);

/* glyphs.c */
int rd_glyph_of(const char *attribute);
const char *rd_word(const char *attribute);
const char *rd_glyph_title(int glyph, const char *attribute);
void rd_glyph(rd_ctx *c, int glyph, double cx, double cy, double k, const char *title);
void rd_tile_glyphs(rd_ctx *c, int type, const rd_geo *g, double x0, double y0, double S);

/* figures.c */
void rd_figure(rd_ctx *c, int kind, int owner, double cx, double cy, double k);
void rd_board_figures(rd_ctx *c, double bx, double by);

/* context.c */
int rd_context(rd_ctx *c, const carc_game *game, const render_options *opt, FILE *out);
void rd_last_move(rd_ctx *c, char *out, size_t cap);
void rd_mark_shown(rd_ctx *c, int type);

/* table.c */
double rd_table_size(rd_table *t, double fs, double *h);
void rd_table_draw(rd_ctx *c, rd_table *t, double x, double y, double fs);

/* panel.c */
void rd_score_table(rd_ctx *c, rd_table *t);
void rd_player_table(rd_ctx *c, rd_table *t);
void rd_game_views(rd_ctx *c, rd_panel *p);
void rd_values(rd_ctx *c, int view, int owner, int length, char *out, size_t cap);

/* sections.c */
void rd_last_turn(rd_ctx *c, rd_panel *p);
void rd_holdings(rd_ctx *c, rd_panel *p);
double rd_draw_game_views(rd_ctx *c, const rd_panel *p, double x, double y);
double rd_draw_last_turn(rd_ctx *c, const rd_panel *p, double x, double y);
double rd_draw_hands(rd_ctx *c, const rd_panel *p, double x, double y, double mini);
double rd_draw_removed(rd_ctx *c, const rd_panel *p, double x, double y, double mini);

/* legend.c */
int rd_legend_rows(const rd_ctx *c);
double rd_legend_width(const rd_ctx *c);
double rd_draw_legend(rd_ctx *c, double x, double y);

/* board.c */
void rd_board(rd_ctx *c, const rd_panel *p, double bx, double by);

#endif
