/* Queries only read. A turn's draw is made as the turn begins (carcassonne.h,
 * turns), so no query, in any order or number, changes a later draw, score
 * or save: games of every ruleset are played twice with the same moves,
 * reseeds and fixed tiles, once asking nothing and once asking every query
 * of the API (at random, any number of times) between every two calls that
 * change the game, and the two must be the same at every step and save to
 * the same text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const carc_variant *builtin(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, name, &v), CARC_OK);
    return v;
}

/* The reproducer: asking the phase before a reseed changed the tile
 * drawn after it. The next turn's tile is drawn by the move that ends the
 * turn, so it is the same whether or not anything was asked, and the
 * reseed changes the draws after it: over these seeds some third turn's
 * tile differs between two reseeds, or the check would prove nothing. */
Test(core_queries, a_state_query_before_a_reseed_changes_no_draw)
{
    int differs = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        int tile[2][2];
        for (int ask = 0; ask < 2; ask++)
            for (int r = 0; r < 2; r++) {
                carc_game *g = h_new("base", 2, seed);
                static carc_move buf[H_MOVE_CAP];
                size_t n = 0;
                for (int i = 0; i < 2; i++) { /* the first turn: its tile, then a pass */
                    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
                    cr_assert_eq(carc_game_apply(g, &buf[n - 1]), CARC_OK);
                }
                carc_phase phase;
                if (ask) cr_assert_eq(carc_game_state(g, &phase, NULL), CARC_OK);
                cr_assert_eq(carc_game_reseed(g, 777 + (uint64_t)r), CARC_OK);
                int second = -1;
                cr_assert_eq(carc_game_drawn_tile(g, &second), CARC_OK);
                for (int i = 0; i < 2; i++) { /* the second turn */
                    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
                    cr_assert_eq(carc_game_apply(g, &buf[n - 1]), CARC_OK);
                }
                cr_assert_eq(carc_game_drawn_tile(g, &tile[ask][r]), CARC_OK);
                int again = -1;
                carc_game *h = h_new("base", 2, seed);
                for (int i = 0; i < 2; i++) {
                    cr_assert_eq(carc_game_moves(h, buf, H_MOVE_CAP, &n), CARC_OK);
                    cr_assert_eq(carc_game_apply(h, &buf[n - 1]), CARC_OK);
                }
                cr_assert_eq(carc_game_drawn_tile(h, &again), CARC_OK);
                cr_assert_eq(second, again, "seed %llu: the second tile was drawn before the reseed",
                             (unsigned long long)seed);
                carc_game_free(g);
                carc_game_free(h);
            }
        cr_assert_eq(tile[0][0], tile[1][0], "seed %llu: asking the phase changed a later draw",
                     (unsigned long long)seed);
        cr_assert_eq(tile[0][1], tile[1][1]);
        differs += tile[0][0] != tile[0][1];
    }
    cr_assert_gt(differs, 0, "a reseed changes the draws after it");
}

/* ---- every query, at random ---------------------------------------------- */

static carc_move qbuf[H_MOVE_CAP];

/* Asks one query of g, chosen by r, with arguments from r; the answers are
 * thrown away. `moves`: the moves of the decision, for move text. */
static void ask(const carc_game *g, uint64_t *r, const carc_move *moves, size_t nmoves)
{
    int players = 0, n = 0, x = 0;
    unsigned mask = 0;
    carc_game_players(g, &players);
    int p = (int)h_below(r, (unsigned)players);
    switch (h_below(r, 16)) {
    case 0: {
        carc_phase phase;
        carc_game_state(g, &phase, &x);
        break;
    }
    case 1:
        carc_game_drawn_tile(g, &x);
        break;
    case 2: {
        int tiles[8];
        carc_game_hand(g, p, tiles, 8, &n);
        break;
    }
    case 3: {
        size_t c = 0;
        unsigned how = h_below(r, 3); /* whole, count only, short buffer */
        carc_game_moves(g, how == 1 ? NULL : qbuf, how == 0 ? H_MOVE_CAP : how == 1 ? 0 : 2, &c);
        break;
    }
    case 4:
        carc_game_removed_count(g, &n);
        for (int i = 0; i < n; i++) carc_game_removed(g, i, &x, &x);
        carc_game_deck_remaining(g, (int)h_below(r, 2), &x);
        break;
    case 5: {
        carc_game_tile_count(g, &n);
        int t = (int)h_below(r, (unsigned)n);
        carc_feature_info fi = {.struct_size = sizeof fi};
        carc_game_feature(g, t, (int)h_below(r, 4), &fi);
        carc_placed_tile pt;
        carc_game_tile(g, t, &pt);
        carc_game_tile_at(g, pt.x + 1, pt.y, &x);
        carc_game_last_tile(g, &x);
        break;
    }
    case 6:
        carc_game_figure_count(g, &n);
        for (int i = 0; i < n; i++) {
            carc_figure_info fi;
            carc_game_figure(g, i, &fi);
            carc_game_figure_points(g, i, &x);
        }
        carc_game_supply(g, p, 0, &x);
        break;
    case 7: {
        const carc_variant *v;
        carc_game_variant(g, &v);
        carc_variant_info info = {.struct_size = sizeof info};
        carc_variant_describe(v, &info);
        for (int view = 0; view < info.view_count; view++) {
            int shape = 0;
            carc_variant_view(v, view, NULL, NULL, &shape, NULL);
            carc_game_view(g, view, shape == CARC_VIEW_PLAYER ? p : 0, 0, &x);
        }
        for (int b = 0; b < info.bag_count; b++) carc_game_tokens(g, b, p - 1, 0, &x);
        break;
    }
    case 8: {
        int cats[CARC_MAX_CATEGORIES];
        carc_game_score(g, p, &x);
        carc_game_score_breakdown(g, p, cats, CARC_MAX_CATEGORIES);
        break;
    }
    case 9: {
        int totals[CARC_MAX_PLAYERS];
        carc_game_projection(g, totals, CARC_MAX_PLAYERS, NULL, 0);
        break;
    }
    case 10:
        carc_game_is_over(g, &x);
        carc_game_winners(g, &mask);
        break;
    case 11:
        carc_game_event_count(g, &n);
        for (int i = 0; i < n; i++) {
            carc_event e;
            carc_game_event(g, i, &e);
        }
        carc_game_log_count(g, &n);
        for (int i = 0; i < n; i++) {
            carc_event_info e = {.struct_size = sizeof e};
            carc_game_log(g, i, &e);
        }
        break;
    case 12: {
        int scores[4 * CARC_MAX_PLAYERS];
        carc_game_playouts(g, 2, h_rand(r), scores, 4 * CARC_MAX_PLAYERS);
        break;
    }
    case 13: {
        char *text = h_save(g);
        free(text);
        break;
    }
    case 14: {
        char text[256];
        size_t len;
        if (nmoves) carc_move_format(g, &moves[h_below(r, (unsigned)nmoves)], text, sizeof text, &len);
        break;
    }
    default: {
        carc_game *c;
        if (carc_game_clone(g, &c) == CARC_OK) carc_game_free(c);
        break;
    }
    }
}

/* Plays one scripted game, the script's choices from `seed`: a reseed every
 * 7th call, a fixed next tile every 11th, else a move by index into the
 * listing. Without `asking` nothing else is asked, not even between a move
 * and a reseed; with it, up to 6 queries at random come before every call.
 * Returns the save text (malloc'd); `trace` gets each listing's length. */
static char *scripted(const carc_variant *v, int players, uint64_t seed, const carc_option *rules, int nrules,
                      int asking, uint64_t *trace, int cap, int *steps)
{
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = seed,
                           .rules = rules, .rule_count = nrules};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    static carc_move buf[H_MOVE_CAP];
    uint64_t script = seed * 31 + 7, noise = seed ^ 0xABCDEFull;
    int ntypes = 0;
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &ntypes);
    int step = 0, over = 0;
    for (; step < cap && !over; step++) {
        size_t n = 0;
        if (asking)
            for (unsigned k = h_below(&noise, 7); k > 0; k--) {
                carc_game_moves(g, buf, H_MOVE_CAP, &n);
                ask(g, &noise, buf, n);
            }
        trace[step] = 0;
        if (step % 7 == 3) {
            int r = carc_game_reseed(g, h_rand(&script));
            cr_assert(r == CARC_OK || r == CARC_E_GAME_OVER);
        } else if (step % 11 == 5) {
            carc_game_set_next_tile(g, (int)h_below(&script, (unsigned)ntypes)); /* refused or not, the same in both */
        } else if (carc_game_moves(g, buf, H_MOVE_CAP, &n) == CARC_E_GAME_OVER) {
            over = 1;
        } else {
            cr_assert_gt(n, 0);
            trace[step] = n;
            cr_assert_eq(carc_game_apply(g, &buf[h_below(&script, (unsigned)n)]), CARC_OK);
        }
    }
    *steps = step;
    char *text = h_save(g);
    carc_game_free(g);
    return text;
}

#define MAX_STEPS 2000

static void same_with_and_without_queries(const char *variant, int players, uint64_t seed, const carc_option *rules,
                                          int nrules)
{
    static uint64_t quiet[MAX_STEPS], asked[MAX_STEPS];
    int n1 = 0, n2 = 0;
    const carc_variant *v = builtin(variant);
    char *a = scripted(v, players, seed, rules, nrules, 0, quiet, MAX_STEPS, &n1);
    char *b = scripted(v, players, seed, rules, nrules, 1, asked, MAX_STEPS, &n2);
    cr_assert_eq(n1, n2, "%s seed %llu: the games took as many steps", variant, (unsigned long long)seed);
    for (int i = 0; i < n1; i++)
        cr_assert_eq(quiet[i], asked[i], "%s seed %llu: the listing of step %d differs after queries", variant,
                     (unsigned long long)seed, i);
    cr_assert_str_eq(a, b, "%s seed %llu: the saves differ", variant, (unsigned long long)seed);
    cr_assert_not_null(strstr(a, "reseed "), "the script reseeded");
    free(a);
    free(b);
}

Test(core_queries, no_query_changes_a_later_draw_score_or_save)
{
    carc_option hand = {"hand", 1};
    for (uint64_t seed = 1; seed <= 3; seed++) {
        same_with_and_without_queries("base", 2 + (int)seed % 3, seed, NULL, 0);
        same_with_and_without_queries("hills-sheep", 2 + (int)seed % 3, seed, NULL, 0);
        same_with_and_without_queries("hunters-gatherers", 2 + (int)seed % 3, seed, NULL, 0);
        same_with_and_without_queries("discovery", 2 + (int)seed % 3, seed, &hand, 1);
        same_with_and_without_queries("over-hill-and-dale", 2 + (int)seed % 3, seed, NULL, 0);
    }
}
