/* The panel's sections below the tables: the game-wide views, what the
 * last turn scored (and the final scoring), the hands, the tiles that left
 * the game. Each is gathered first (so the layout knows its size), then
 * drawn; each draw returns the y below it. */
#include <string.h>

#include "rd.h"

/* A "+N" tag beside the feature an award of the last turn was for. */
static void add_badge(rd_ctx *c, rd_panel *p, const carc_event_info *e)
{
    carc_placed_tile t;
    rd_geo geo;
    if (p->nbadges >= 64 || carc_game_tile(c->game, e->tile_index, &t) != CARC_OK) return;
    rd_geometry(c, t.type, t.rotation, &geo);
    if (e->feature >= geo.nf) return;
    rd_badge *bd = &p->badges[p->nbadges++];
    bd->x = t.x + geo.f[e->feature].anchor.x;
    bd->y = t.y + geo.f[e->feature].anchor.y;
    bd->player = e->player;
    bd->points = e->points;
}

/* One line of the last turn: a score, a completion nobody scored, an extra turn. */
static void event_line(rd_ctx *c, rd_panel *p, const carc_event_info *e)
{
    const char *cn = "?", *kind = "feature";
    carc_variant_category(c->v, e->category, &cn);
    if (e->kind == CARC_EVENT_SCORE) {
        snprintf(p->evlines[p->nev++], 128, "P%d +%d %s%s%s at (%d,%d)", e->player, e->points, cn,
                 e->feature_id && e->feature_id[0] ? " " : "", e->feature_id ? e->feature_id : "", e->x, e->y);
    } else if (e->kind == CARC_EVENT_COMPLETED) {
        carc_placed_tile t;
        if (e->tile_index >= 0 && e->feature >= 0 && carc_game_tile(c->game, e->tile_index, &t) == CARC_OK)
            carc_tileset_feature(c->ts, t.type, e->feature, NULL, &kind, NULL);
        snprintf(p->evlines[p->nev++], 128, "%s %s completed at (%d,%d), nobody scored", kind ? kind : "feature",
                 e->feature_id ? e->feature_id : "", e->x, e->y);
    } else if (e->kind == CARC_EVENT_EXTRA_TURN) {
        snprintf(p->evlines[p->nev++], 128, "P%d gets an extra turn", e->player);
    }
    if (e->kind == CARC_EVENT_SCORE && e->points > 0 && e->tile_index >= 0 && e->feature >= 0) add_badge(c, p, e);
}

/* The log's entries of the last turn; final scoring summed per player and category. */
void rd_last_turn(rd_ctx *c, rd_panel *p)
{
    int nlog = 0;
    carc_game_log_count(c->game, &nlog);
    for (int i = 0; i < nlog && c->last_turn >= 0; i++) {
        carc_event_info e = {.struct_size = sizeof e};
        if (carc_game_log(c->game, i, &e) != CARC_OK || e.turn < c->last_turn) continue;
        if (e.reason == CARC_REASON_FINAL && e.kind == CARC_EVENT_SCORE) {
            if (e.player >= 0 && e.player < CARC_MAX_PLAYERS && e.category >= 0 && e.category < RD_COLS)
                p->final_pts[e.player][e.category] += e.points, p->any_final = 1;
            continue;
        }
        if (p->nev >= 12) p->more_ev++;
        else event_line(c, p, &e);
    }
}

/* Hands (without hands, the tile drawn for the player to move) and the
 * number of tiles out of the game. */
void rd_holdings(rd_ctx *c, rd_panel *p)
{
    for (int q = 0; q < c->players && q < CARC_MAX_PLAYERS && !c->over; q++) {
        int n = 0;
        if (carc_game_hand(c->g, q, p->hands[q], 16, &n) != CARC_OK && n <= 0) continue;
        p->nhand[q] = n > 16 ? 16 : n;
        p->anyhand += n > 0;
        p->handrows += n > 0;
    }
    carc_game_removed_count(c->game, &p->nremoved);
}

static double heading(rd_ctx *c, double x, double y, const char *text)
{
    rd_text(c, x, y + 14, 15, "bold", NULL, "#222", text);
    return y + 22;
}

double rd_draw_game_views(rd_ctx *c, const rd_panel *p, double x, double y)
{
    if (!p->ngameviews) return y;
    y = heading(c, x, y, "Game");
    for (int i = 0; i < p->ngameviews; i++, y += 18) rd_text(c, x, y + 12, 12, NULL, NULL, "#222", p->gameviews[i]);
    return y + 10;
}

/* "P0 +12 (road 3, city 9)" per player. */
static void final_line(rd_ctx *c, const rd_panel *p, int q, char *t, size_t cap)
{
    int ncat = c->info.category_count > RD_COLS - 3 ? RD_COLS - 3 : c->info.category_count, sum = 0, parts = 0;
    for (int k = 0; k < ncat; k++) sum += p->final_pts[q][k];
    size_t l = (size_t)snprintf(t, cap, "P%d +%d", q, sum);
    for (int k = 0; k < ncat && l < 200; k++) {
        const char *cn = "?";
        if (!p->final_pts[q][k]) continue;
        carc_variant_category(c->v, k, &cn);
        l += (size_t)snprintf(t + l, cap - l, "%s%s %d", parts++ ? ", " : " (", cn, p->final_pts[q][k]);
    }
    if (parts && l < cap - 1) strcat(t, ")");
}

double rd_draw_last_turn(rd_ctx *c, const rd_panel *p, double x, double y)
{
    if (!p->nev && !p->any_final) return y;
    y = heading(c, x, y, "Last turn");
    for (int i = 0; i < p->nev; i++, y += 17) rd_text(c, x, y + 12, 12, NULL, NULL, "#222", p->evlines[i]);
    if (p->more_ev) {
        char t[64];
        snprintf(t, sizeof t, "... and %d more", p->more_ev);
        rd_text(c, x, y + 12, 12, NULL, NULL, "#222", t);
        y += 17;
    }
    if (p->any_final) {
        rd_text(c, x, y + 12, 12, "bold", NULL, "#222", "Final scoring at the end of the game:");
        y += 17;
        for (int q = 0; q < c->players && q < CARC_MAX_PLAYERS; q++, y += 17) {
            char t[256];
            final_line(c, p, q, t, sizeof t);
            fprintf(c->f,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\" stroke=\"#111\" "
                    "stroke-width=\"0.8\"/>\n",
                    x, y + 3, rd_player_color(q));
            rd_text(c, x + 16, y + 12, 12, NULL, NULL, "#222", t);
        }
    }
    return y + 8;
}

double rd_draw_hands(rd_ctx *c, const rd_panel *p, double x, double y, double mini)
{
    if (!p->anyhand) return y;
    /* without hands only the player to move holds a tile: the one drawn */
    y = heading(c, x, y, p->anyhand > 1 ? "Hands (tiles to place)" : "Tile to place");
    for (int q = 0; q < c->players && q < CARC_MAX_PLAYERS; q++) {
        char t[16];
        if (!p->nhand[q]) continue;
        snprintf(t, sizeof t, "P%d", q);
        fprintf(c->f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\" stroke=\"#111\" "
                "stroke-width=\"0.8\"/>\n",
                x, y + mini / 2 - 5, rd_player_color(q));
        rd_text(c, x + 13, y + mini / 2 + 4, 12, "bold", NULL, "#222", t);
        for (int i = 0; i < p->nhand[q]; i++) {
            rd_geo geo;
            carc_tile_type_info ti = {.struct_size = sizeof ti};
            carc_tileset_type(c->ts, p->hands[q][i], &ti);
            rd_tile(c, p->hands[q][i], 0, x + 40 + i * (mini + 8), y, mini, &geo);
            rd_text(c, x + 40 + i * (mini + 8) + mini / 2, y + mini + 13, 10, NULL, "middle", "#444", ti.name);
        }
        y += mini + 22;
    }
    return y;
}

double rd_draw_removed(rd_ctx *c, const rd_panel *p, double x, double y, double mini)
{
    if (p->nremoved <= 0) return y;
    char t[96];
    snprintf(t, sizeof t, "Tiles out of the game (%d)", p->nremoved);
    y = heading(c, x, y, t);
    for (int i = 0; i < p->nremoved; i++) {
        int type = -1, reason = 0;
        carc_game_removed(c->game, i, &type, &reason);
        double tx = x + (i % 8) * (mini + 8), ty = y + (i / 8) * (mini + 20);
        const char *why = reason == CARC_REMOVED_UNPLACEABLE ? "fit nowhere"
                        : reason == CARC_REMOVED_FACE_UP     ? "face up"
                                                             : "hidden";
        if (type >= 0) {
            rd_geo geo;
            rd_tile(c, type, 0, tx, ty, mini, &geo);
        } else {
            fprintf(c->f,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#9e9789\" stroke=\"#5d5648\"/>\n",
                    tx, ty, mini, mini);
            rd_text(c, tx + mini / 2, ty + mini / 2 + 6, 16, "bold", "middle", "#fff", "?");
        }
        rd_text(c, tx + mini / 2, ty + mini + 12, 9, NULL, "middle", "#444", why);
    }
    return y + ((p->nremoved + 7) / 8) * (mini + 20);
}
