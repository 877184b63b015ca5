/* Views: the public per-game quantities of a ruleset, read by name. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_test.h"

static int view_value(carc_game *g, int view, int owner, int k)
{
    int v = -99;
    cr_assert_eq(carc_game_view(g, view, owner, k, &v), CARC_OK, "view %d owner %d k %d", view, owner, k);
    return v;
}

static void expect_range(carc_game *g, int view, int owner, int k)
{
    int v = 12345;
    cr_expect_eq(carc_game_view(g, view, owner, k, &v), CARC_E_RANGE, "view %d owner %d k %d", view, owner, k);
    cr_expect_eq(v, 12345, "a refused read wrote its value");
}

static const carc_variant *variant_of(carc_game *g)
{
    const carc_variant *v;
    carc_game_variant(g, &v);
    return v;
}

static carc_variant_info info_of(carc_game *g)
{
    carc_variant_info info = {.struct_size = sizeof info};
    carc_variant_describe(variant_of(g), &info);
    return info;
}

Test(client_views, out_of_range_requests_are_refused)
{
    carc_game *g = cl_new_game("hills-sheep", 3, 1);
    int flock = cl_view(g, "flock"), last = cl_view(g, "last_token"), v;
    carc_variant_info info = info_of(g);
    cr_assert(flock >= 0 && last >= 0);
    expect_range(g, -1, 0, 0);
    expect_range(g, info.view_count, 0, 0);
    expect_range(g, flock, -1, 0);
    expect_range(g, flock, 3, 0); /* three seats */
    expect_range(g, flock, 0, -1);
    expect_range(g, flock, 0, 4);
    expect_range(g, last, 1, 0);
    expect_range(g, last, 0, 1);
    cr_expect_eq(view_value(g, flock, 2, 3), 0);
    cr_expect_eq(view_value(g, last, 0, 0), -1, "nothing drawn yet");
    cr_expect_eq(carc_game_view(g, flock, 0, 0, NULL), CARC_E_NULL);
    cr_expect_eq(carc_game_view(NULL, flock, 0, 0, &v), CARC_E_NULL);
    carc_game_free(g);

    g = cl_new_game("hunters-gatherers", 2, 1);
    int covered = cl_view(g, "covered"), nt = 0;
    cr_assert(covered >= 0);
    carc_game_tile_count(g, &nt);
    const carc_tileset *ts;
    carc_placed_tile start;
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    carc_game_tileset(g, &ts);
    carc_game_tile(g, 0, &start);
    carc_tileset_type(ts, start.type, &ti);
    cr_expect_eq(view_value(g, covered, 0, 0), 0);
    cr_expect_eq(view_value(g, covered, ti.feature_count - 1, 0), 0);
    expect_range(g, covered, ti.feature_count, 0); /* no such feature on the start tile */
    expect_range(g, covered, nt * CARC_VIEW_FEATURE_STRIDE, 0); /* no such tile yet */
    expect_range(g, covered, -1, 0);
    expect_range(g, covered, 0, 1);
    carc_game_free(g);

    g = cl_new_game("over-hill-and-dale", 2, 1);
    int pool = cl_view(g, "pool"), picker = cl_view(g, "picker"), kinds = 0;
    carc_variant_bag(variant_of(g), cl_bag(g, "harvest"), NULL, &kinds);
    cr_assert(pool >= 0 && picker >= 0 && kinds > 0);
    expect_range(g, pool, 0, kinds);
    expect_range(g, picker, 1, 0);
    cr_expect_eq(view_value(g, picker, 0, 0), -1);
    carc_game_free(g);

    g = cl_new_game("base", 2, 1);
    cr_expect_eq(info_of(g).view_count, 0);
    expect_range(g, 0, 0, 0);
    carc_game_free(g);
}

Test(client_views, the_descriptions_end_where_the_counts_say)
{
    for (int s = 0; s < cl_setup_count; s++) {
        carc_game *g = cl_new(&cl_setups[s], 2, 1);
        const carc_variant *v = variant_of(g);
        carc_variant_info info = info_of(g);
        const char *name;
        int shape, length, kinds;
        unsigned code;
        for (int i = 0; i < info.view_count; i++) {
            cr_assert_eq(carc_variant_view(v, i, &name, NULL, &shape, &length), CARC_OK);
            cr_expect(shape >= CARC_VIEW_GAME && shape <= CARC_VIEW_FEATURE && length >= 1);
        }
        cr_expect_eq(carc_variant_view(v, info.view_count, &name, NULL, NULL, NULL), CARC_E_RANGE);
        cr_expect_eq(carc_variant_view(v, -1, &name, NULL, NULL, NULL), CARC_E_RANGE);
        cr_expect_eq(carc_variant_action(v, info.action_count, &code, &name, NULL, NULL), CARC_E_RANGE);
        cr_expect_eq(carc_variant_kind(v, info.kind_count, &name, NULL), CARC_E_RANGE);
        cr_expect_eq(carc_variant_kind(v, -1, &name, NULL), CARC_E_RANGE);
        for (int k = 0; k < info.kind_count; k++) {
            const char *color;
            cr_assert_eq(carc_variant_kind(v, k, &name, &color), CARC_OK);
            cr_expect(color && color[0] == '#' && strlen(color) == 7, "%s: colour '%s'", name, color);
        }
        cr_expect_eq(carc_variant_bag(v, info.bag_count, &name, NULL), CARC_E_RANGE);
        for (int b = 0; b < info.bag_count; b++) {
            cr_assert_eq(carc_variant_bag(v, b, &name, &kinds), CARC_OK);
            cr_expect_eq(carc_variant_bag_token(v, b, kinds, &name, NULL), CARC_E_RANGE);
        }
        carc_game_free(g);
    }
}

/* A shepherd on the start tile's upper field, which straight roads to the
 * east and west extend: the flock view shows exactly the tokens fixed with
 * carc_game_set_next_token, the bag gives them up, and the wolf or a
 * guided flock sends them back. */
Test(client_views, hills_sheep_flock_holds_the_tokens_drawn)
{
    carc_game *g = cl_new_game("hills-sheep", 2, 9);
    int flock = cl_view(g, "flock"), last = cl_view(g, "last_token"), bag = cl_bag(g, "sheep");
    int sheep1 = cl_token(g, bag, "sheep1"), sheep3 = cl_token(g, bag, "sheep3"), wolf = cl_token(g, bag, "wolf");
    int sheep4 = cl_token(g, bag, "sheep4"), grow = cl_action(g, "grow"), guide = cl_action(g, "guide");
    cr_assert(flock >= 0 && last >= 0 && bag >= 0 && sheep1 >= 0 && sheep3 >= 0 && wolf >= 0 && grow >= 0 && guide >= 0);
    int initial[8], kinds = 0;
    carc_variant_bag(variant_of(g), bag, NULL, &kinds);
    for (int k = 0; k < kinds; k++) carc_variant_bag_token(variant_of(g), bag, k, NULL, &initial[k]);
    int shepherd = cl_figure_of(g, 0, "shepherd");
    char text[64];

    cr_assert_eq(cl_play(g, "tile U 1 0 1"), CARC_OK);
    cr_assert_eq(carc_game_set_next_token(g, "sheep", sheep3), CARC_OK);
    cr_assert_eq(cl_play(g, "figure shepherd f2"), CARC_OK);
    cr_expect_eq(view_value(g, last, 0, 0), sheep3);
    for (int k = 0; k < 4; k++) cr_expect_eq(view_value(g, flock, 0, k), k == sheep3, "value %d", k);
    int n = -1;
    carc_game_tokens(g, bag, -1, sheep3, &n);
    cr_expect_eq(n, initial[sheep3] - 1);

    cr_assert_eq(cl_play(g, "tile U 2 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U -1 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    /* the field grew: the flock's owner chooses, and the choices say so */
    carc_phase ph;
    int who;
    carc_game_state(g, &ph, &who);
    cr_assert_eq(ph, CARC_PHASE_ACTION);
    cr_assert_eq(who, 0);
    carc_move moves[8];
    size_t count = 0;
    cr_assert_eq(carc_game_moves(g, moves, 8, &count), CARC_OK);
    cr_assert_eq(count, 2);
    snprintf(text, sizeof text, "action grow %d", shepherd);
    cr_expect_str_eq(cl_text(g, &moves[0]), text);
    snprintf(text, sizeof text, "action guide %d", shepherd);
    cr_expect_str_eq(cl_text(g, &moves[1]), text);

    cr_assert_eq(carc_game_set_next_token(g, "sheep", sheep1), CARC_OK);
    snprintf(text, sizeof text, "action grow %d", shepherd);
    cr_assert_eq(cl_play(g, text), CARC_OK);
    cr_expect_eq(view_value(g, last, 0, 0), sheep1);
    for (int k = 0; k < 4; k++) cr_expect_eq(view_value(g, flock, 0, k), k == sheep3 || k == sheep1);
    for (int k = 0; k < 4; k++) cr_expect_eq(view_value(g, flock, 1, k), 0);

    /* a token the bag no longer holds cannot be fixed */
    cr_expect_eq(carc_game_set_next_token(g, "sheep", sheep4), CARC_OK);
    cr_expect_eq(carc_game_set_next_token(g, "sheep", sheep4), CARC_OK);
    cr_expect_eq(carc_game_set_next_token(g, "sheep", sheep4), CARC_E_UNAVAILABLE);
    carc_game_free(g);
}

Test(client_views, hills_sheep_a_guided_flock_scores_and_a_wolf_scatters)
{
    carc_game *g = cl_new_game("hills-sheep", 2, 9);
    int flock = cl_view(g, "flock"), last = cl_view(g, "last_token"), bag = cl_bag(g, "sheep");
    int sheep1 = cl_token(g, bag, "sheep1"), sheep3 = cl_token(g, bag, "sheep3"), wolf = cl_token(g, bag, "wolf");
    int shepherd = cl_figure_of(g, 0, "shepherd"), kinds = 0, initial[8];
    carc_variant_bag(variant_of(g), bag, NULL, &kinds);
    for (int k = 0; k < kinds; k++) carc_variant_bag_token(variant_of(g), bag, k, NULL, &initial[k]);
    char grow[64], guide[64];
    snprintf(grow, sizeof grow, "action grow %d", shepherd);
    snprintf(guide, sizeof guide, "action guide %d", shepherd);

    cr_assert_eq(cl_play(g, "tile U 1 0 1"), CARC_OK);
    carc_game_set_next_token(g, "sheep", sheep3);
    cr_assert_eq(cl_play(g, "figure shepherd f2"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U 2 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U -1 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    carc_game_set_next_token(g, "sheep", sheep1);
    cr_assert_eq(cl_play(g, grow), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U 3 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U -2 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    int log_before = cl_log_count(g);
    cr_assert_eq(cl_play(g, guide), CARC_OK);
    /* 3 sheep and 1 sheep */
    cr_expect_eq(cl_cat_score(g, 0, "sheep"), 4);
    carc_event_info e = cl_log(g, log_before);
    cr_expect_eq(e.kind, CARC_EVENT_SCORE);
    cr_expect_eq(e.points, 4);
    cr_expect_eq(e.reason, CARC_REASON_ACTION);
    cr_expect_eq(e.category, cl_category(g, "sheep"));
    cr_expect_eq(e.tile_index, cl_tile_at(g, -2, 0), "names the tile of this turn");
    for (int k = 0; k < 4; k++) cr_expect_eq(view_value(g, flock, 0, k), 0);
    for (int k = 0; k < kinds; k++) {
        int n = -1;
        carc_game_tokens(g, bag, -1, k, &n);
        cr_expect_eq(n, initial[k], "token %d back in the bag", k);
    }
    int in_supply = 0;
    carc_game_supply(g, 0, cl_figure_kind(g, "shepherd"), &in_supply);
    cr_expect_eq(in_supply, 1);

    /* a new flock whose first token is the wolf */
    cr_assert_eq(cl_play(g, "tile U 4 0 1"), CARC_OK);
    cr_assert_eq(cl_play(g, "pass"), CARC_OK);
    cr_assert_eq(cl_play(g, "tile U -3 0 1"), CARC_OK);
    carc_game_set_next_token(g, "sheep", wolf);
    cr_assert_eq(cl_play(g, "figure shepherd f2"), CARC_OK);
    cr_expect_eq(view_value(g, last, 0, 0), wolf);
    for (int k = 0; k < 4; k++) cr_expect_eq(view_value(g, flock, 0, k), 0);
    int wolves = -1;
    carc_game_tokens(g, bag, -1, wolf, &wolves);
    cr_expect_eq(wolves, initial[wolf], "the wolf goes back");
    carc_game_supply(g, 0, cl_figure_kind(g, "shepherd"), &in_supply);
    cr_expect_eq(in_supply, 1, "the shepherd went home");
    cr_expect_eq(cl_cat_score(g, 0, "sheep"), 4);
    carc_game_free(g);
}

static int features_of(carc_game *g, int tile)
{
    const carc_tileset *ts;
    carc_placed_tile pt;
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    carc_game_tileset(g, &ts);
    if (carc_game_tile(g, tile, &pt) || carc_tileset_type(ts, pt.type, &ti)) return 0;
    return ti.feature_count;
}

static int feature_id(carc_game *g, int tile, int f)
{
    carc_feature_info fi = {.struct_size = sizeof fi};
    return carc_game_feature(g, tile, f, &fi) == CARC_OK ? fi.id : -1;
}

/* Random games: a feature's covered value turns 1 only in the move that lays
 * a hunting trap, only on the 8 tiles around the trap and only in the trap's
 * grassland, and never turns back. */
Test(client_views, hunters_gatherers_covered_turns_1_after_a_hunting_trap)
{
    enum { CELLS = 128 * CARC_VIEW_FEATURE_STRIDE };
    unsigned char *was = malloc(CELLS);
    carc_move *buf = NULL;
    size_t cap = 0;
    uint64_t rng = 31337;
    int traps_that_covered = 0, traps = 0;
    for (int game = 0; game < 400 && traps_that_covered < 10; game++) {
        carc_game *g = cl_new_game("hunters-gatherers", 2 + game % 4, cl_rand(&rng));
        int covered = cl_view(g, "covered"), trap_cat = cl_category(g, "hunting_trap");
        cr_assert(covered >= 0 && trap_cat >= 0);
        memset(was, 0, CELLS);
        for (;;) {
            int log_before = cl_log_count(g), tiles_before = 0, tiles = 0;
            carc_game_tile_count(g, &tiles_before);
            if (!cl_random_move(g, &rng, &buf, &cap)) break;
            carc_game_tile_count(g, &tiles);
            carc_event_info trap = {.kind = -1};
            for (int i = log_before; i < cl_log_count(g); i++) {
                carc_event_info e = cl_log(g, i);
                if (e.kind == CARC_EVENT_SCORE && e.category == trap_cat) trap = e;
            }
            int newly = 0;
            for (int t = 0; t < tiles; t++) {
                int nf = features_of(g, t);
                for (int j = 0; j < nf; j++) {
                    int cell = t * CARC_VIEW_FEATURE_STRIDE + j, now = view_value(g, covered, cell, 0);
                    cr_assert(now == 0 || now == 1);
                    if (was[cell]) cr_assert_eq(now, 1, "tile %d feature %d was uncovered", t, j);
                    if (now && !was[cell]) {
                        cr_assert_neq(trap.kind, -1, "tile %d feature %d covered without a trap", t, j);
                        carc_placed_tile pt;
                        carc_game_tile(g, t, &pt);
                        int dx = pt.x - trap.x, dy = pt.y - trap.y;
                        cr_expect((dx || dy) && abs(dx) <= 1 && abs(dy) <= 1, "covered at %d,%d, trap at %d,%d",
                                  pt.x, pt.y, trap.x, trap.y);
                        cr_expect_eq(feature_id(g, t, j), feature_id(g, trap.tile_index, trap.feature));
                        newly++;
                    }
                    was[cell] = (unsigned char)now;
                }
            }
            if (trap.kind != -1) {
                traps++;
                cr_expect_eq(tiles, tiles_before + 1, "a trap is laid with its tile");
                traps_that_covered += newly > 0;
            }
        }
        carc_game_free(g);
    }
    cr_expect_geq(traps_that_covered, 10, "%d of %d traps covered anything", traps_that_covered, traps);
    free(was);
    free(buf);
}
