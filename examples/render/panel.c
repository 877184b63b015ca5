/* The panel's tables and lines: scores by category, what each player has
 * (figures in supply, per-player views, tokens), the game-wide views. */
#include <string.h>

#include "rd.h"

#define CELL(t, i, j) ((t)->cell[i][j].text)
#define CELLCAP sizeof(((rd_cell *)0)->text)

/* Players by scoring categories, the total, and while the game goes on
 * what each would have if it ended now. */
void rd_score_table(rd_ctx *c, rd_table *t)
{
    int ncat = c->info.category_count > RD_COLS - 3 ? RD_COLS - 3 : c->info.category_count;
    t->cols = ncat + 2;
    t->rows = c->players + 1;
    snprintf(CELL(t, 0, 0), CELLCAP, "player");
    for (int k = 0; k < ncat; k++) {
        const char *cn = "?";
        carc_variant_category(c->v, k, &cn);
        snprintf(CELL(t, 0, k + 1), CELLCAP, "%s", cn);
    }
    snprintf(CELL(t, 0, ncat + 1), CELLCAP, "total");
    t->cell[0][ncat + 1].bold = 1;
    for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
        int cats[RD_COLS] = {0}, total = 0, won = (int)((c->winners >> p) & 1);
        carc_game_score_breakdown(c->game, p, cats, ncat);
        carc_game_score(c->game, p, &total);
        rd_cell *row = t->cell[p + 1];
        snprintf(row[0].text, CELLCAP, "P%d%s%s", p, won ? "  winner" : "", p == c->to_move ? "  to move" : "");
        row[0].swatch = rd_player_color(p);
        row[0].bold = won;
        for (int k = 0; k < ncat; k++) snprintf(row[k + 1].text, CELLCAP, "%d", cats[k]);
        snprintf(row[ncat + 1].text, CELLCAP, "%d", total);
        row[ncat + 1].bold = 1;
    }
    int totals[CARC_MAX_PLAYERS] = {0};
    if (c->over || c->ntiles <= 1 || carc_game_projection(c->game, totals, CARC_MAX_PLAYERS, NULL, 0) != CARC_OK) return;
    int col = t->cols++;
    snprintf(CELL(t, 0, col), CELLCAP, "if it ended now");
    for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) snprintf(CELL(t, p + 1, col), CELLCAP, "%d", totals[p]);
}

/* The values of a view for one owner, each with its name: "sheep2 1,
 * sheep3 2" (the values above zero; "none" when all are zero), "#1 0, #2
 * 3" for a view whose values the ruleset does not name; a lone value as
 * it is (the view's name labels it). */
void rd_values(rd_ctx *c, int view, int owner, int length, char *out, size_t cap)
{
    size_t l = 0;
    int named = 0, shown = 0;
    out[0] = 0;
    for (int k = 0; k < length; k++) {
        const char *label = "";
        named |= carc_variant_view_label(c->v, view, k, &label) == CARC_OK && label[0];
    }
    for (int k = 0; k < length && l + 24 < cap; k++) {
        int val = 0;
        const char *label = "";
        carc_game_view(c->g, view, owner, k, &val);
        carc_variant_view_label(c->v, view, k, &label);
        if (length == 1) l += (size_t)snprintf(out + l, cap - l, "%d", val);
        else if (!named) l += (size_t)snprintf(out + l, cap - l, "%s#%d %d", shown++ ? ", " : "", k + 1, val);
        else if (val) l += (size_t)snprintf(out + l, cap - l, "%s%s %d", shown++ ? ", " : "", label, val);
    }
    if (length > 1 && named && !shown) snprintf(out, cap, "none");
}

static void player_column_supply(rd_ctx *c, rd_table *t)
{
    for (int k = 0; k < c->info.figure_kind_count && t->cols < RD_COLS; k++, t->cols++) {
        const char *fname = "?";
        carc_variant_figure(c->v, k, &fname, NULL);
        snprintf(CELL(t, 0, t->cols), CELLCAP, "%s left", fname);
        for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
            int n = 0;
            carc_game_supply(c->game, p, k, &n);
            snprintf(CELL(t, p + 1, t->cols), CELLCAP, "%d", n);
        }
    }
}

static void player_column_views(rd_ctx *c, rd_table *t)
{
    for (int vi = 0; vi < c->info.view_count && t->cols < RD_COLS; vi++) {
        const char *vname = "?";
        int shape = -1, length = 0;
        if (carc_variant_view(c->v, vi, &vname, NULL, &shape, &length) != CARC_OK || length <= 0 ||
            shape != CARC_VIEW_PLAYER)
            continue;
        snprintf(CELL(t, 0, t->cols), CELLCAP, "%s", vname);
        for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++)
            rd_values(c, vi, p, length, CELL(t, p + 1, t->cols), CELLCAP);
        t->cols++;
    }
}

/* Tokens each player holds of a bag: "apple 2, pumpkin 1", "-" for none;
 * returns whether any player holds any. */
static int player_tokens(rd_ctx *c, rd_table *t, int b)
{
    int nt = 0, any = 0;
    carc_variant_bag(c->v, b, NULL, &nt);
    for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
        char *s = CELL(t, p + 1, t->cols);
        size_t l = 0;
        s[0] = 0;
        for (int k = 0; k < nt; k++) {
            const char *tn = "?";
            int n = 0;
            carc_variant_bag_token(c->v, b, k, &tn, NULL);
            if (carc_game_tokens(c->game, b, p, k, &n) || n <= 0 || l >= 80) continue;
            l += (size_t)snprintf(s + l, 96 - l, "%s%s %d", l ? ", " : "", tn, n);
            any = 1;
        }
        if (!s[0]) snprintf(s, 96, "-");
    }
    return any;
}

/* Figures in supply, per-player views, tokens held. */
void rd_player_table(rd_ctx *c, rd_table *t)
{
    t->rows = c->players + 1;
    t->cols = 1;
    snprintf(CELL(t, 0, 0), CELLCAP, "player");
    for (int p = 0; p < c->players && p < CARC_MAX_PLAYERS; p++) {
        snprintf(CELL(t, p + 1, 0), CELLCAP, "P%d", p);
        t->cell[p + 1][0].swatch = rd_player_color(p);
    }
    player_column_supply(c, t);
    player_column_views(c, t);
    for (int b = 0; b < c->info.bag_count && t->cols < RD_COLS; b++) {
        if (!player_tokens(c, t, b)) continue; /* a bag no player holds tokens from (a draw bag) */
        const char *bname = "?";
        carc_variant_bag(c->v, b, &bname, NULL);
        snprintf(CELL(t, 0, t->cols), CELLCAP, "%s tokens", bname);
        t->cols++;
    }
}

/* "name: values (help)" per game-wide view, then what is left in each
 * bag or supply, by token. */
void rd_game_views(rd_ctx *c, rd_panel *p)
{
    for (int vi = 0; vi < c->info.view_count && p->ngameviews < 8; vi++) {
        const char *vname = "?", *help = NULL;
        int shape = -1, length = 0;
        if (carc_variant_view(c->v, vi, &vname, &help, &shape, &length) != CARC_OK || length <= 0 ||
            shape != CARC_VIEW_GAME)
            continue;
        char *t = p->gameviews[p->ngameviews++], values[160];
        rd_values(c, vi, 0, length, values, sizeof values);
        snprintf(t, sizeof p->gameviews[0], "%s: %s%s%s%s", vname, values, help && help[0] ? "  (" : "",
                 help ? help : "", help && help[0] ? ")" : "");
    }
    for (int b = 0; b < c->info.bag_count && p->ngameviews < 8; b++) {
        const char *bname = "?";
        int nt = 0;
        carc_variant_bag(c->v, b, &bname, &nt);
        char *t = p->gameviews[p->ngameviews++];
        size_t l = (size_t)snprintf(t, sizeof p->gameviews[0], "left in the %s bag or supply:", bname);
        for (int k = 0; k < nt && l + 40 < sizeof p->gameviews[0]; k++) {
            const char *tn = "?";
            int n = 0;
            carc_variant_bag_token(c->v, b, k, &tn, NULL);
            carc_game_tokens(c->game, b, -1, k, &n);
            l += (size_t)snprintf(t + l, sizeof p->gameviews[0] - l, "%s %s %d", k ? "," : "", tn, n);
        }
    }
}
