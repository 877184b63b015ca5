/* draw.c: pictures for the JavaScript package, from the renderer of
 * examples/render/. A whole game as one SVG document, and the pieces a
 * client assembles an interactive board from: one tile type drawn at a
 * rotation (with the symbols printed on it), where a figure stands on each
 * of its features, the style sheet that colours tiles, and a figure.
 * Texts are handed to the caller, who frees them with free(). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include <carcassonne.h>

#include "rd.h"

#define KEEP EMSCRIPTEN_KEEPALIVE

/* The whole game as an SVG document (render_svg); `note` may be NULL. */
KEEP int cj_render_svg(const carc_game *g, int tile_px, int seed_known, uint32_t seed_lo, uint32_t seed_hi,
                       const char *note, char **out, size_t *len)
{
    render_options o = {.tile_px = tile_px, .seed_known = seed_known,
                        .seed = (unsigned long long)seed_hi << 32 | seed_lo, .note = note};
    return render_svg_string(g, &o, out, len);
}

/* A drawing of the renderer: `draw(c, arg)` writes into a memory stream
 * with the renderer's view of game g (NULL: a drawing that needs no game),
 * squares of S pixels. */
static int drawing(const carc_game *g, double S, void (*draw)(rd_ctx *c, void *arg), void *arg, char **out,
                   size_t *len)
{
    if (!out || !len) return CARC_E_NULL;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    rd_ctx *c = calloc(1, sizeof *c);
    render_options o = {.tile_px = (int)S};
    int r = !f || !c ? CARC_E_NOMEM : g ? rd_context(c, g, &o, f) : CARC_OK;
    if (r == CARC_OK) {
        c->f = f;
        draw(c, arg);
    }
    if (c) carc_game_free(c->g);
    free(c);
    if (f && fclose(f) && r == CARC_OK) r = CARC_E_NOMEM;
    if (r != CARC_OK) {
        free(buf);
        return r;
    }
    *out = buf;
    *len = n;
    return CARC_OK;
}

typedef struct tile_job {
    int type, rot, cap;
    double S, *anchors;
} tile_job;

static void draw_tile(rd_ctx *c, void *arg)
{
    tile_job *j = arg;
    rd_geo *geo = malloc(sizeof *geo); /* 40 KB: not on WebAssembly's small stack */
    if (!geo) return;
    rd_tile(c, j->type, j->rot, 0, 0, j->S, geo);
    for (int i = 0; i < geo->nf && i < j->cap; i++) {
        j->anchors[2 * i] = geo->f[i].anchor.x;
        j->anchors[2 * i + 1] = geo->f[i].anchor.y;
    }
    free(geo);
}

/* One tile type turned `rot` quarter turns, drawn in the square (0,0)-(S,S),
 * and in anchors[2 * i], anchors[2 * i + 1] where a figure on its feature i
 * stands (0..1 of the square; `cap` features at most). */
KEEP int cj_tile_svg(const carc_game *g, int type, int rot, double S, double *anchors, int cap, char **out,
                     size_t *len)
{
    if (!g || (!anchors && cap > 0)) return CARC_E_NULL;
    int ntypes = 0;
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &ntypes);
    if (type < 0 || type >= ntypes || rot < 0 || rot > 3 || !(S > 0)) return CARC_E_RANGE;
    tile_job j = {.type = type, .rot = rot, .cap = cap, .S = S, .anchors = anchors};
    return drawing(g, S, draw_tile, &j, out, len);
}

static void draw_style(rd_ctx *c, void *arg)
{
    (void)arg;
    rd_style(c);
}

/* The CSS rules for the classes tiles are drawn with, for squares of S pixels. */
KEEP int cj_tile_style(const carc_game *g, double S, char **out, size_t *len)
{
    if (!g) return CARC_E_NULL;
    if (!(S > 0)) return CARC_E_RANGE;
    return drawing(g, S, draw_style, NULL, out, len);
}

typedef struct figure_job {
    int kind, owner;
    double x, y, k;
} figure_job;

static void draw_figure(rd_ctx *c, void *arg)
{
    figure_job *j = arg;
    rd_figure(c, j->kind, j->owner, j->x, j->y, j->k);
}

/* Figure kind `kind` in the colour of seat `owner`, centred on (x, y), its
 * box of about [-1,1] scaled by k. */
KEEP int cj_figure_svg(int kind, int owner, double x, double y, double k, char **out, size_t *len)
{
    figure_job j = {.kind = kind, .owner = owner, .x = x, .y = y, .k = k};
    return drawing(NULL, 64, draw_figure, &j, out, len);
}

/* The colour the pictures give seat `player` ("#rrggbb"). */
KEEP const char *cj_player_color(int player)
{
    return rd_player_color(player);
}
