/* draw.c: pictures for the JavaScript package, from examples/render.h.
 * A whole game as one SVG document, and the pieces a client assembles an
 * interactive board from: one tile type drawn at a rotation, where a figure
 * stands on each of its features, and the style sheet that colours them.
 * Texts are written into memory (open_memstream) and handed to the caller,
 * who frees them with free(). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include <emscripten.h>

#include <carcassonne.h>

#include "render.h"

#define KEEP EMSCRIPTEN_KEEPALIVE

typedef struct cj_text {
    FILE *f;
    char *buf;
    size_t len;
} cj_text;

static int text_open(cj_text *t)
{
    t->buf = NULL;
    t->len = 0;
    t->f = open_memstream(&t->buf, &t->len);
    return t->f ? CARC_OK : CARC_E_NOMEM;
}

/* Closes the stream; on success *out owns the text (NUL-terminated). */
static int text_close(cj_text *t, int r, char **out, size_t *len)
{
    if (fclose(t->f) && r == CARC_OK) r = CARC_E_NOMEM;
    if (r != CARC_OK) {
        free(t->buf);
        return r;
    }
    *out = t->buf;
    *len = t->len;
    return CARC_OK;
}

/* The whole game as an SVG document (render_svg); `note` may be NULL. */
KEEP int cj_render_svg(const carc_game *g, int tile_px, int seed_known, uint32_t seed_lo, uint32_t seed_hi,
                       const char *note, char **out, size_t *len)
{
    if (!g || !out || !len) return CARC_E_NULL;
    cj_text t;
    int r = text_open(&t);
    if (r) return r;
    render_options o = {.tile_px = tile_px, .seed_known = seed_known,
                        .seed = (unsigned long long)seed_hi << 32 | seed_lo, .note = note};
    r = render_svg(g, &o, t.f);
    return text_close(&t, r, out, len);
}

static int ctx_init(rd_ctx *c, const carc_game *g, FILE *f, double S)
{
    memset(c, 0, sizeof *c);
    c->f = f;
    c->game = g;
    c->S = S;
    c->info.struct_size = sizeof c->info;
    int r;
    if ((r = carc_game_variant(g, &c->v)) || (r = carc_game_tileset(g, &c->ts)) ||
        (r = carc_variant_describe(c->v, &c->info)) || (r = carc_game_players(g, &c->players)))
        return r;
    rd_kinds(c);
    return CARC_OK;
}

/* One tile type turned `rot` quarter turns, drawn in the square (0,0)-(S,S),
 * and in anchors[2 * i], anchors[2 * i + 1] where a figure on its feature i
 * stands (0..1 of the square; `cap` features at most). */
KEEP int cj_tile_svg(const carc_game *g, int type, int rot, double S, double *anchors, int cap, char **out,
                     size_t *len)
{
    if (!g || !out || !len || (!anchors && cap > 0)) return CARC_E_NULL;
    int ntypes = 0;
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &ntypes);
    if (type < 0 || type >= ntypes || rot < 0 || rot > 3) return CARC_E_RANGE;
    cj_text t;
    rd_ctx c;
    rd_geo geo;
    int r = text_open(&t);
    if (r) return r;
    if ((r = ctx_init(&c, g, t.f, S)) == CARC_OK) {
        rd_tile(&c, type, rot, 0, 0, S, &geo);
        for (int i = 0; i < geo.nf && i < cap; i++) {
            anchors[2 * i] = geo.f[i].anchor.x;
            anchors[2 * i + 1] = geo.f[i].anchor.y;
        }
    }
    return text_close(&t, r, out, len);
}

/* The CSS rules for the classes tiles are drawn with, for squares of S pixels. */
KEEP int cj_tile_style(const carc_game *g, double S, char **out, size_t *len)
{
    if (!g || !out || !len) return CARC_E_NULL;
    cj_text t;
    rd_ctx c;
    int r = text_open(&t);
    if (r) return r;
    if ((r = ctx_init(&c, g, t.f, S)) == CARC_OK) {
        for (int k = 0; k < c.nkinds; k++) {
            const char *col = c.kcolor[k] ? c.kcolor[k] : "#9e9e9e";
            char dark[8], casing[8];
            rd_shade(col, 0.62, dark);
            rd_shade(col, 0.42, casing);
            fprintf(t.f, ".k%d{fill:%s;stroke:%s;stroke-width:1;stroke-linejoin:round}\n", k, col, dark);
            fprintf(t.f, ".l%d{fill:none;stroke:%s;stroke-width:%.1f;stroke-linecap:butt}\n", k, col, 0.13 * S);
            fprintf(t.f, ".o%d{fill:none;stroke:%s;stroke-width:%.1f;stroke-linecap:butt}\n", k,
                    rd_light(col) > 200 ? "#6d6456" : casing, 0.21 * S);
        }
    }
    return text_close(&t, r, out, len);
}

/* The outline of figure kind `kind`, as an SVG path in a box of about [-1,1]. */
KEEP const char *cj_figure_path(int kind)
{
    return rd_figure_path(kind);
}

/* The colour the pictures give seat `player` ("#rrggbb"). */
KEEP const char *cj_player_color(int player)
{
    return rd_player_color(player);
}
