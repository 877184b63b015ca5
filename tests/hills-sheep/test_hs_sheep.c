/* Shepherds, flocks and the sheep bag, on small fixed boards. The start
 * tile D lies at (0,0): city north, road west-east, a thin field between
 * city and road (f1) and a large field south of the road (f2). */
#include <criterion/criterion.h>

#include "hs_support.h"

static const carc_option sheep_off[] = {{"sheep", 0}};

/* Two flocks that end up in one field: P0 holds 2+2 sheep, P1 3+1. Leaves
 * the game at P0's action phase on the fifth tile. */
static tgame shared_field(void)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:3 U:1 A:1", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = t.g;
    /* P0: shepherd south of the road */
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    hs_token(g, HS_TOKEN_SHEEP2);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    /* P1: shepherd north of the road, a separate field for now */
    cr_assert_eq(t_place(g, "U", -1, 0, 1), CARC_OK);
    hs_token(g, HS_TOKEN_SHEEP3);
    cr_assert_eq(t_figure(g, "shepherd", "f2"), CARC_OK);
    cr_assert_eq(hs_flock(g, 0), 2);
    cr_assert_eq(hs_flock(g, 1), 3);
    /* P0: the road ends at a monastery, so the two fields join */
    cr_assert_eq(t_place(g, "A", 1, 0, 1), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    cr_assert_eq(t_move_count(g), 2);
    hs_token(g, HS_TOKEN_SHEEP2);
    cr_assert_eq(hs_act(g, HS_ACTION_GROW, 0), CARC_OK);
    /* P1 extends the shared field too */
    cr_assert_eq(t_place(g, "B", 1, 1, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    cr_assert_eq(t_player(g), 1);
    hs_token(g, HS_TOKEN_SHEEP1);
    cr_assert_eq(hs_act(g, HS_ACTION_GROW, 1), CARC_OK);
    cr_assert_eq(hs_flock(g, 0) + hs_flock(g, 1), 8);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL - 4);
    /* P0 extends the field once more */
    cr_assert_eq(t_place(g, "B", -1, 1, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    cr_assert_eq(t_player(g), 0);
    return t;
}

Test(hills_sheep_flock, shared_field_guided_scores_all_sheep_for_each_shepherd)
{
    tgame t = shared_field();
    carc_game *g = t.g;
    cr_assert_eq(hs_act(g, HS_ACTION_GUIDE, 0), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sheep"), 8);
    cr_assert_eq(t_cat(g, 1, "sheep"), 8);
    cr_assert_eq(t_score(g, 0), 8);
    cr_assert_eq(t_score(g, 1), 8);
    cr_assert_eq(hs_supply(g, 0, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(hs_supply(g, 1, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL);
    cr_assert_eq(carc_bag_count(g, HS_BAG_SHEEP, HS_TOKEN_SHEEP2), 5);
    /* the game ends here: shepherds gone, nothing more for sheep */
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(g, 0, "sheep"), 8);
    t_free(&t);
}

Test(hills_sheep_flock, wolf_in_shared_field_scatters_every_flock)
{
    tgame t = shared_field();
    carc_game *g = t.g;
    hs_token(g, HS_TOKEN_WOLF);
    cr_assert_eq(hs_act(g, HS_ACTION_GROW, 0), CARC_OK);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_score(g, 1), 0);
    cr_assert_eq(hs_flock(g, 0), 0);
    cr_assert_eq(hs_flock(g, 1), 0);
    cr_assert_eq(hs_supply(g, 0, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(hs_supply(g, 1, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(carc_bag_count(g, HS_BAG_SHEEP, HS_TOKEN_WOLF), 2);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL);
    t_free(&t);
}

/* S turned half way sits on the start city and shows two small fields on
 * its north edge; T above it closes both. */
Test(hills_sheep_flock, grow_then_closed_field_is_guided_at_once)
{
    tgame t = t_new_deck("hills-sheep", 2, "S:1 B:1 T:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "S", 0, -1, 2), CARC_OK);
    hs_token(g, HS_TOKEN_SHEEP4);
    cr_assert_eq(t_figure(g, "shepherd", "f2"), CARC_OK);
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "T", 0, -2, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    cr_assert_eq(t_move_count(g), 2);
    hs_token(g, HS_TOKEN_SHEEP3);
    cr_assert_eq(hs_act(g, HS_ACTION_GROW, 0), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sheep"), 7);
    cr_assert_eq(t_score(g, 1), 0);
    cr_assert_eq(hs_supply(g, 0, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL);
    /* one award of 7, logged as a completed feature */
    int n = 0;
    carc_game_event_count(g, &n);
    cr_assert_eq(n, 1);
    carc_event e;
    carc_game_event(g, 0, &e);
    cr_assert_eq(e.points, 7);
    cr_assert_eq(e.category, HS_CAT_SHEEP);
    cr_assert_eq(e.reason, CARC_REASON_COMPLETED);
    t_free(&t);
}

Test(hills_sheep_flock, closed_field_is_guided_for_a_player_who_is_not_moving)
{
    tgame t = t_new_deck("hills-sheep", 2, "S:1 B:1 T:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "S", 0, -1, 2), CARC_OK);
    hs_token(g, HS_TOKEN_SHEEP4);
    cr_assert_eq(t_figure(g, "shepherd", "f2"), CARC_OK);
    /* P0 closes P1's field; P0 has no flock, so no action phase */
    cr_assert_eq(t_place(g, "T", 0, -2, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_cat(g, 1, "sheep"), 4);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(hs_supply(g, 1, HS_FIG_SHEPHERD), 1);
    t_free(&t);
}

Test(hills_sheep_flock, wolf_at_placement_sends_the_shepherd_home)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:1 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    hs_token(g, HS_TOKEN_WOLF);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    cr_assert_eq(hs_supply(g, 0, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(hs_flock(g, 0), 0);
    cr_assert_eq(carc_bag_count(g, HS_BAG_SHEEP, HS_TOKEN_WOLF), 2);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL);
    t_free(&t);
}

Test(hills_sheep_flock, shepherd_moves_are_listed_and_blocked_by_shepherds_only)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:2 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    /* follower on monastery or farm, shepherd on farm, pass */
    cr_assert_eq(t_move_count(g), 4);
    hs_token(g, HS_TOKEN_SHEEP1);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    /* P1 joins that field: a farmer still may go there, a shepherd not */
    cr_assert_eq(t_place(g, "B", 1, 1, 0), CARC_OK);
    cr_assert_eq(t_move_count(g), 3);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_E_ILLEGAL_MOVE);
    cr_assert_eq(hs_supply(g, 1, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    /* P0 extends the field: farm taken, shepherd on the board */
    cr_assert_eq(t_place(g, "E", -1, 1, 0), CARC_OK);
    cr_assert_eq(t_move_count(g), 2);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    carc_move mv[4];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, 4, &n), CARC_OK);
    cr_assert_eq(n, 2);
    cr_assert_eq(mv[0].kind, CARC_MOVE_ACTION);
    cr_assert_eq(mv[0].action, HS_ACTION_GROW);
    cr_assert_eq(mv[1].action, HS_ACTION_GUIDE);
    cr_assert_eq(mv[0].target, hs_shepherd(g, 0));
    t_free(&t);
}

Test(hills_sheep_flock, illegal_flock_moves_are_refused_and_change_nothing)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:2 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    hs_token(g, HS_TOKEN_SHEEP3);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    cr_assert_eq(t_turn(g, "B", 1, 1, 0, NULL, NULL), CARC_OK);
    /* a grow offered outside the action phase */
    carc_move early = hs_action(g, HS_ACTION_GROW, 0);
    cr_assert_eq(t_place(g, "E", -1, 1, 0), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &early), CARC_E_ILLEGAL_MOVE);
    cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);

    size_t before = 0;
    carc_game_save(g, NULL, 0, &before);
    cr_assert_eq(t_pass(g), CARC_E_ILLEGAL_MOVE);
    carc_move other = hs_action(g, HS_ACTION_GUIDE, 1);
    cr_assert_eq(carc_game_apply(g, &other), CARC_E_ILLEGAL_MOVE);
    carc_move bad = hs_action(g, 7, 0);
    cr_assert_eq(carc_game_apply(g, &bad), CARC_E_ILLEGAL_MOVE);
    carc_move moved = hs_action(g, HS_ACTION_GUIDE, 0);
    moved.x = 1;
    cr_assert_eq(carc_game_apply(g, &moved), CARC_E_ILLEGAL_MOVE);
    carc_move fig = {.kind = CARC_MOVE_FIGURE, .figure = HS_FIG_FOLLOWER, .feature = 0, .x = -1, .y = 1};
    cr_assert_eq(carc_game_apply(g, &fig), CARC_E_PHASE);
    size_t after = 0;
    carc_game_save(g, NULL, 0, &after);
    cr_assert_eq(after, before);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    cr_assert_eq(hs_flock(g, 0), 3);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL - 1);

    cr_assert_eq(hs_act(g, HS_ACTION_GUIDE, 0), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sheep"), 3);
    cr_assert_eq(t_score(g, 1), 0);
    t_free(&t);
}

Test(hills_sheep_flock, action_is_offered_after_a_follower_was_placed)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:2 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    hs_token(g, HS_TOKEN_SHEEP2);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    cr_assert_eq(t_turn(g, "B", 1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "E", -1, 1, 0), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "c1"), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    cr_assert_eq(hs_act(g, HS_ACTION_GUIDE, 0), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sheep"), 2);
    cr_assert_eq(hs_supply(g, 0, HS_FIG_FOLLOWER), 6);
    t_free(&t);
}

/* P0's shepherd and P1's farmer share a field next to a completed city. */
Test(hills_sheep_flock, shepherd_never_counts_for_farms_and_scores_nothing_at_the_end)
{
    tgame t = t_new_deck("hills-sheep", 2, "E:2 B:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "E", 0, 1, 2), CARC_OK);
    hs_token(g, HS_TOKEN_SHEEP4);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    cr_assert_eq(t_place(g, "B", 1, 1, 0), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    cr_assert_eq(t_turn(g, "E", 0, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(g, 1, "farm"), 3);
    cr_assert_eq(t_cat(g, 0, "farm"), 0);
    cr_assert_eq(t_cat(g, 0, "sheep"), 0);
    cr_assert_eq(t_score(g, 0), 0);
    t_free(&t);
}

Test(hills_sheep_flock, sheep_off_lists_no_shepherd_and_no_action)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:2 E:1", sheep_off, 1);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    cr_assert_eq(t_move_count(g), 3);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_E_ILLEGAL_MOVE);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL);
    t_free(&t);
}

/* Disabled until the core records a figure move after the token draw it
 * causes (see docs/variants/hills-sheep.md, "Core issue"): today the saved
 * text lists the fixed token after the move, so loading draws it too late. */
Test(hills_sheep_flock, saved_game_with_flock_actions_replays_to_the_same_scores)
{
    tgame t = shared_field();
    carc_game *g = t.g;
    cr_assert_eq(hs_act(g, HS_ACTION_GUIDE, 0), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    size_t len = 0;
    carc_game_save(g, NULL, 0, &len);
    char *text = malloc(len + 1);
    cr_assert_eq(carc_game_save(g, text, len + 1, &len), CARC_OK);
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = t.ts};
    carc_game *back = NULL;
    cr_assert_eq(carc_game_load(&lo, text, len, &back), CARC_OK);
    cr_assert_eq(t_phase(back), CARC_PHASE_OVER);
    for (int p = 0; p < 2; p++) cr_assert_eq(t_score(back, p), t_score(g, p));
    cr_assert_eq(t_cat(back, 1, "sheep"), 8);
    free(text);
    carc_game_free(back);
    t_free(&t);
}

Test(hills_sheep_flock, shepherd_placed_on_the_closing_tile_is_guided_that_turn)
{
    tgame t = t_new_deck("hills-sheep", 2, "S:1 B:1 T:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "S", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "B", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_place(g, "T", 0, -2, 0), CARC_OK);
    cr_assert(t_feature_at(g, 0, -2, "f1").complete);
    hs_token(g, HS_TOKEN_SHEEP2);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "sheep"), 2);
    cr_assert_eq(hs_supply(g, 0, HS_FIG_SHEPHERD), 1);
    cr_assert_eq(hs_bag_total(g), HS_TOKEN_TOTAL);
    t_free(&t);
}

/* Unfixed draws follow the seed: the same seed gives the same token, and
 * over many seeds the draws match the bag's make-up (2 wolves in 18). */
Test(hills_sheep_flock, unfixed_tokens_come_from_the_seeded_bag)
{
    int seen[HS_TOKEN_KINDS] = {0};
    for (uint64_t seed = 1; seed <= 360; seed++) {
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "hills-sheep", .players = 2, .seed = seed};
        carc_game *g, *twin;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        carc_move mv[512];
        size_t n;
        cr_assert_eq(carc_game_moves(g, mv, 512, &n), CARC_OK);
        cr_assert_eq(carc_game_apply(g, &mv[0]), CARC_OK);
        cr_assert_eq(carc_game_moves(g, mv, 512, &n), CARC_OK);
        size_t k = 0;
        while (k < n && !(mv[k].kind == CARC_MOVE_FIGURE && mv[k].figure == HS_FIG_SHEPHERD)) k++;
        if (k == n) {
            carc_game_free(g);
            continue;
        }
        cr_assert_eq(carc_game_clone(g, &twin), CARC_OK);
        cr_assert_eq(carc_game_apply(g, &mv[k]), CARC_OK);
        cr_assert_eq(carc_game_apply(twin, &mv[k]), CARC_OK);
        int drawn = -1;
        for (int t = 0; t < HS_TOKEN_KINDS; t++) {
            int in_bag = carc_bag_count(g, HS_BAG_SHEEP, t);
            cr_assert_eq(in_bag, carc_bag_count(twin, HS_BAG_SHEEP, t));
            if (t < HS_TOKEN_WOLF && in_bag == (int)(t == 0 ? 3 : t == 3 ? 1 : 4)) drawn = t;
        }
        if (drawn < 0) {
            cr_assert_eq(hs_supply(g, 0, HS_FIG_SHEPHERD), 1);
            drawn = HS_TOKEN_WOLF;
        }
        seen[drawn]++;
        carc_game_free(twin);
        carc_game_free(g);
    }
    int total = 0;
    for (int t = 0; t < HS_TOKEN_KINDS; t++) {
        cr_assert_gt(seen[t], 0, "token %d never drawn", t);
        total += seen[t];
    }
    cr_assert_gt(total, 200);
    /* expected share of wolves 1/9, of sheep3 5/18 */
    cr_assert(seen[HS_TOKEN_WOLF] * 9 > total / 3 && seen[HS_TOKEN_WOLF] * 9 < total * 3);
    cr_assert(seen[HS_TOKEN_SHEEP3] * 18 > total * 5 / 2 && seen[HS_TOKEN_SHEEP3] * 18 < total * 10);
}
