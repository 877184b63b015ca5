/* The public state of a game as one JSON document (carc_game_state_json;
 * the members are described in docs/state-json.md and checked by
 * docs/state.schema.json). Everything is read from a scratch copy of the
 * game, with this turn's draw made there if it is still pending, so the
 * caller's game is never changed: its later draws, scores and saves are
 * the same whether or not a document was written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "json.h"

static const char *const phase_names[] = {"tile", "figure", "action", "over"};
static const char *const event_kinds[] = {"score", "completed", "extra_turn"};
static const char *const reasons[] = {"completed", "final", "action"};
static const char *const removals[] = {"unplaceable", "face_up", "hidden"};
static const char *const shapes[] = {"game", "player", "figure", "tile", "feature"};

JSON_COLD static const char *name_in(const char *const *names, size_t n, int i)
{
    return i >= 0 && (size_t)i < n ? names[i] : "unknown";
}
#define NAME_IN(names, i) name_in(names, sizeof names / sizeof names[0], i)

/* A tile type as the pair the document always gives: index and name. */
JSON_COLD static void tile_type_members(json_out *o, const carc_game *g, int type)
{
    json_int(o, "type", type);
    json_str(o, "tile", g->ts->types[type].name);
}

/* ---- the ruleset ---------------------------------------------------------- */

JSON_COLD static void variant_lists(json_out *o, const carc_variant *v)
{
    json_array(o, "figures");
    for (int k = 0; k < v->figure_count; k++) {
        json_object(o, NULL);
        json_str(o, "name", v->figures[k].name);
        json_int(o, "per_player", (long)v->figures[k].per_player);
        json_end(o, '}');
    }
    json_end(o, ']');
    json_array(o, "categories");
    for (int c = 0; c < v->category_count; c++) json_str(o, NULL, v->categories[c]);
    json_end(o, ']');
    json_array(o, "kinds");
    for (int k = 0; k < v->kind_count; k++) {
        const char *color = NULL;
        carc_variant_kind(v, k, NULL, &color);
        json_object(o, NULL);
        json_str(o, "name", v->kinds[k].name);
        json_str(o, "color", color);
        json_end(o, '}');
    }
    json_end(o, ']');
}

JSON_COLD static void variant_bags(json_out *o, const carc_variant *v)
{
    json_array(o, "bags");
    for (int b = 0; b < v->bag_count; b++) {
        json_object(o, NULL);
        json_str(o, "name", v->bags[b].name);
        json_array(o, "tokens");
        for (unsigned t = 0; t < v->bags[b].token_count; t++) {
            json_object(o, NULL);
            json_str(o, "name", v->bags[b].token_names[t]);
            json_int(o, "initial", (long)v->bags[b].initial[t]);
            json_end(o, '}');
        }
        json_end(o, ']');
        json_end(o, '}');
    }
    json_end(o, ']');
}

JSON_COLD static void variant_actions_and_views(json_out *o, const carc_variant *v)
{
    static const char *const arg_names[] = {"target", "square", "feature"};
    json_array(o, "actions");
    for (int i = 0; i < v->action_count; i++) {
        const carc_action_desc *a = &v->actions[i];
        json_object(o, NULL);
        json_int(o, "code", (long)a->code);
        json_str(o, "name", a->name);
        json_array(o, "args");
        for (int k = 0; k < 3; k++)
            if (a->args >> k & 1) json_str(o, NULL, arg_names[k]);
        json_end(o, ']');
        json_end(o, '}');
    }
    json_end(o, ']');
    json_array(o, "views");
    for (int i = 0; i < v->view_count; i++) {
        const carc_view_desc *d = &v->views[i];
        json_object(o, NULL);
        json_str(o, "name", d->name);
        json_str(o, "shape", NAME_IN(shapes, d->shape));
        json_int(o, "length", d->length);
        json_str(o, "help", d->help ? d->help : "");
        json_array(o, "labels");
        for (int k = 0; k < d->length; k++) {
            const char *label = "";
            carc_variant_view_label(v, i, k, &label);
            json_str(o, NULL, label);
        }
        json_end(o, ']');
        json_end(o, '}');
    }
    json_end(o, ']');
}

JSON_COLD static void variant_block(json_out *o, const carc_game *g)
{
    const carc_variant *v = &g->vt; /* normalised: members an older variant lacks are zero */
    json_object(o, "variant");
    json_str(o, "name", v->name);
    json_str(o, "title", v->title ? v->title : v->name);
    variant_lists(o, g->orig);
    variant_bags(o, v);
    variant_actions_and_views(o, v);
    json_end(o, '}');
    json_object(o, "options");
    for (int i = 0; i < v->option_count; i++) json_int(o, v->options[i].name, g->rules[i]);
    json_end(o, '}');
}

/* ---- whose decision, and the turn ---------------------------------------- */

JSON_COLD static void turn_block(json_out *o, const carc_game *s)
{
    carc_phase phase = CARC_PHASE_OVER;
    int who = -1, drawn = -1;
    carc_game_state(s, &phase, &who);
    int over = phase == CARC_PHASE_OVER;
    json_int(o, "players", s->nplayers);
    json_str(o, "phase", NAME_IN(phase_names, (int)phase));
    json_int_or_null(o, "to_decide", who, !over);
    json_int(o, "turn", s->turn);
    json_int_or_null(o, "turn_player", s->player, !over);
    json_bool(o, "extra_turn", !over && s->is_extra);
    if (!over && carc_game_drawn_tile(s, &drawn) == CARC_OK) {
        json_object(o, "drawn_tile");
        tile_type_members(o, s, drawn);
        json_end(o, '}');
    } else {
        json_null(o, "drawn_tile");
    }
    json_int_or_null(o, "turn_tile", s->turn_tile, !over && s->turn_tile >= 0);
    json_bool(o, "over", over);
    unsigned winners = 0;
    json_array(o, "winners");
    if (over && carc_game_winners(s, &winners) == CARC_OK)
        for (int p = 0; p < s->nplayers; p++)
            if (winners >> p & 1) json_int(o, NULL, p);
    json_end(o, ']');
    json_array(o, "decks");
    for (int d = 0; d < s->ts->ndecks; d++) {
        json_object(o, NULL);
        json_str(o, "name", s->ts->deck_names[d]);
        json_int(o, "left", s->decks[d].nleft);
        json_end(o, '}');
    }
    json_end(o, ']');
}

/* ---- views ------------------------------------------------------------------ */

/* "views": each view of `shape` with its values for `owner`; nothing when
 * the ruleset declares no view of that shape. */
JSON_COLD static void views_of(json_out *o, const carc_game *s, int shape, int owner)
{
    int any = 0;
    for (int i = 0; i < s->vt.view_count; i++) {
        const carc_view_desc *d = &s->vt.views[i];
        if (d->shape != shape) continue;
        if (!any++) json_object(o, "views");
        json_array(o, d->name);
        for (int k = 0; k < d->length; k++) {
            int value = 0;
            carc_game_view(s, i, owner, k, &value);
            json_int(o, NULL, value);
        }
        json_end(o, ']');
    }
    if (any) json_end(o, '}');
}

/* ---- the players ------------------------------------------------------------ */

JSON_COLD static void categories_object(json_out *o, const char *key, const carc_game *s, const int *points)
{
    json_object(o, key);
    for (int c = 0; c < s->vt.category_count; c++) json_int(o, s->vt.categories[c], points[c]);
    json_end(o, '}');
}

JSON_COLD static void seat_holdings(json_out *o, const carc_game *s, int p)
{
    json_object(o, "supply");
    for (int k = 0; k < s->vt.figure_count; k++) json_int(o, s->vt.figures[k].name, s->supply[p][k]);
    json_end(o, '}');
    int hand[CARC_MAX_HAND + 1], n = 0;
    carc_game_hand(s, p, hand, CARC_MAX_HAND + 1, &n);
    json_array(o, "hand");
    for (int i = 0; i < n && i <= CARC_MAX_HAND; i++) {
        json_object(o, NULL);
        tile_type_members(o, s, hand[i]);
        json_end(o, '}');
    }
    json_end(o, ']');
    json_object(o, "tokens");
    for (int b = 0; b < s->vt.bag_count; b++) {
        json_object(o, s->vt.bags[b].name);
        for (unsigned t = 0; t < s->vt.bags[b].token_count; t++)
            json_int(o, s->vt.bags[b].token_names[t], s->bags[b].held[p][t]);
        json_end(o, '}');
    }
    json_end(o, '}');
}

JSON_COLD static void seats_block(json_out *o, const carc_game *s, const int *totals, const int *breakdown)
{
    int ncat = s->vt.category_count;
    json_array(o, "seats");
    for (int p = 0; p < s->nplayers; p++) {
        json_object(o, NULL);
        json_int(o, "seat", p);
        json_int(o, "score", s->score[p]);
        categories_object(o, "breakdown", s, s->cat[p]);
        json_object(o, "projected");
        json_int(o, "score", totals[p]);
        categories_object(o, "breakdown", s, breakdown + p * ncat);
        json_end(o, '}');
        seat_holdings(o, s, p);
        views_of(o, s, CARC_VIEW_PLAYER, p);
        json_end(o, '}');
    }
    json_end(o, ']');
}

/* ---- the board -------------------------------------------------------------- */

JSON_COLD static void tile_entry(json_out *o, const carc_game *s, int i)
{
    const placed *pl = &s->tiles[i];
    const tile_type *t = &s->ts->types[pl->type];
    json_object(o, NULL);
    json_int(o, "index", i);
    json_int(o, "x", pl->x);
    json_int(o, "y", pl->y);
    tile_type_members(o, s, pl->type);
    json_int(o, "rotation", pl->rot);
    json_int(o, "turn", pl->turn);
    json_array(o, "features");
    for (int f = 0; f < t->nfeat; f++) {
        json_object(o, NULL);
        json_str(o, "id", t->feat[f].id);
        json_str(o, "kind", s->vt.kinds[t->feat[f].kind].name);
        json_int(o, "feature", feat_find(s, pl->first_piece + f));
        views_of(o, s, CARC_VIEW_FEATURE, i * CARC_VIEW_FEATURE_STRIDE + f);
        json_end(o, '}');
    }
    json_end(o, ']');
    views_of(o, s, CARC_VIEW_TILE, i);
    json_end(o, '}');
}

JSON_COLD static void feature_entry(json_out *o, const carc_game *s, int root)
{
    carc_feature_info fi = {.struct_size = sizeof fi};
    const piece *p = &s->pieces[root];
    carc_game_feature(s, p->tile, p->local, &fi);
    json_object(o, NULL);
    json_int(o, "feature", root);
    json_str(o, "kind", fi.kind);
    json_int(o, "tiles", fi.tiles);
    json_int(o, "open_edges", fi.open_edges);
    json_bool(o, "complete", fi.complete);
    json_int(o, "points_now", fi.points_now);
    json_array(o, "figures");
    for (int q = 0; q < s->nplayers; q++) json_int(o, NULL, fi.figures[q]);
    json_end(o, ']');
    json_end(o, '}');
}

JSON_COLD static void board_block(json_out *o, const carc_game *s)
{
    json_array(o, "board");
    for (int i = 0; i < s->ntiles; i++) tile_entry(o, s, i);
    json_end(o, ']');
    json_array(o, "features");
    for (int p = 0; p < s->npieces; p++)
        if (feat_find(s, p) == p) feature_entry(o, s, p);
    json_end(o, ']');
}

JSON_COLD static void figures_block(json_out *o, const carc_game *s)
{
    json_array(o, "figures");
    for (int i = 0; i < s->nfigures; i++) {
        const figure *f = &s->figs[i];
        json_object(o, NULL);
        json_int(o, "id", i);
        json_int(o, "owner", f->owner);
        json_str(o, "kind", s->vt.figures[f->kind].name);
        if (f->piece >= 0) {
            const piece *p = &s->pieces[f->piece];
            const placed *pl = &s->tiles[p->tile];
            json_int(o, "tile", p->tile);
            json_int(o, "x", pl->x);
            json_int(o, "y", pl->y);
            json_str(o, "feature", s->ts->types[pl->type].feat[p->local].id);
        } else {
            json_null(o, "tile");
        }
        views_of(o, s, CARC_VIEW_FIGURE, i);
        json_end(o, '}');
    }
    json_end(o, ']');
}

/* Tiles out of play, the bags, the game's own views. */
JSON_COLD static void outside_block(json_out *o, const carc_game *s)
{
    json_array(o, "out_of_play");
    for (int i = 0; i < s->nout; i++) {
        int hidden = s->out[i].reason == CARC_REMOVED_HIDDEN;
        json_object(o, NULL);
        if (hidden) {
            json_null(o, "type");
            json_null(o, "tile");
        } else {
            tile_type_members(o, s, s->out[i].type);
        }
        json_str(o, "reason", NAME_IN(removals, s->out[i].reason));
        json_end(o, '}');
    }
    json_end(o, ']');
    json_object(o, "bags");
    for (int b = 0; b < s->vt.bag_count; b++) {
        json_object(o, s->vt.bags[b].name);
        for (unsigned t = 0; t < s->vt.bags[b].token_count; t++)
            json_int(o, s->vt.bags[b].token_names[t], s->bags[b].count[t]);
        json_end(o, '}');
    }
    json_end(o, '}');
    int any = 0;
    for (int i = 0; i < s->vt.view_count; i++) any |= s->vt.views[i].shape == CARC_VIEW_GAME;
    if (any) views_of(o, s, CARC_VIEW_GAME, 0);
    else {
        json_object(o, "views");
        json_end(o, '}');
    }
}

/* ---- moves and the log ------------------------------------------------------- */

JSON_COLD static void moves_block(json_out *o, const carc_game *s, const carc_move *m, size_t n)
{
    json_array(o, "moves");
    for (size_t i = 0; i < n; i++) {
        char text[512];
        if (move_text(s, &m[i], text, sizeof text) < 0) /* every listed move has words; kept as numbers otherwise */
            snprintf(text, sizeof text, "action %u %ld %d %d %u %u", m[i].action, (long)m[i].target, m[i].x, m[i].y,
                     m[i].figure, m[i].feature);
        json_str(o, NULL, text);
    }
    json_end(o, ']');
}

JSON_COLD static void log_entry(json_out *o, const carc_game *s, const carc_event_info *e)
{
    json_object(o, NULL);
    json_str(o, "kind", NAME_IN(event_kinds, e->kind));
    json_int(o, "turn", e->turn);
    json_int_or_null(o, "player", e->player, e->player >= 0);
    if (e->kind == CARC_EVENT_SCORE) {
        json_int(o, "points", e->points);
        json_str(o, "category", e->category >= 0 && e->category < s->vt.category_count
                                    ? s->vt.categories[e->category]
                                    : "unknown");
        json_str(o, "reason", NAME_IN(reasons, e->reason));
    }
    if (e->tile_index >= 0) {
        json_int(o, "tile", e->tile_index);
        json_int(o, "x", e->x);
        json_int(o, "y", e->y);
        json_str(o, "feature", e->feature_id);
        json_int(o, "tiles", e->tiles);
        json_bool(o, "complete", e->complete);
    } else {
        json_null(o, "tile");
    }
    json_end(o, '}');
}

JSON_COLD static void log_block(json_out *o, const carc_game *s)
{
    json_array(o, "log");
    for (int i = 0; i < s->nevents; i++) {
        carc_event_info e = {.struct_size = sizeof e};
        if (carc_game_log(s, i, &e) == CARC_OK) log_entry(o, s, &e);
    }
    json_end(o, ']');
}

/* ---- the document ------------------------------------------------------------- */

JSON_COLD static int write_document(json_out *o, const carc_game *s, const carc_move *moves, size_t nmoves)
{
    int totals[CARC_MAX_PLAYERS], breakdown[CARC_MAX_PLAYERS * CARC_MAX_CATEGORIES];
    int r = carc_game_projection(s, totals, CARC_MAX_PLAYERS, breakdown, s->nplayers * s->vt.category_count);
    if (r) return r;
    json_object(o, NULL);
    json_str(o, "format", "carcassonne-state");
    json_int(o, "version", CARC_JSON_VERSION);
    json_str(o, "library", carc_version());
    variant_block(o, s);
    turn_block(o, s);
    seats_block(o, s, totals, breakdown);
    board_block(o, s);
    figures_block(o, s);
    outside_block(o, s);
    moves_block(o, s, moves, nmoves);
    log_block(o, s);
    json_end(o, '}');
    return CARC_OK;
}

JSON_COLD int carc_game_state_json(const carc_game *g, char *buf, size_t cap, size_t *len)
{
    if (!g || !len) return CARC_E_NULL;
    /* the listing (and the projection's scratch game, first thing in
     * write_document) are taken before a byte is written, so a call that
     * fails for memory leaves the caller's buffer as it was; both come from
     * the game's allocator */
    size_t nmoves = 0, cap_moves = 0;
    carc_move *moves = NULL;
    if (carc_game_moves(g, NULL, 0, &cap_moves) == CARC_OK && cap_moves > 0) {
        moves = mem_alloc(&g->alloc, cap_moves * sizeof *moves);
        if (!moves) return CARC_E_NOMEM;
        carc_game_moves(g, moves, cap_moves, &nmoves);
    }
    json_out o;
    json_init(&o, buf, cap);
    int r = write_document(&o, g, moves, nmoves); /* every query a pure read: no copy */
    mem_release(&g->alloc, moves, cap_moves * sizeof *moves);
    if (r) return r;
    return json_finish(&o, len);
}
