/* The layout an encoding describes: sizes, arrays, plane groups and action
 * blocks, as docs/observations.md gives them, and the errors of making one. */
#include <criterion/criterion.h>
#include <string.h>

#include "learn_test.h"

static const char *const array_names[] = {"board",   "figures",    "phase",      "to_move",   "scores",
                                          "supply",  "tokens",     "drawn",      "hand_slots", "hands",
                                          "unseen",  "decks",      "projection", "view_game", "view_player",
                                          "view_figure", "view_board"};

/* docs/observations.md: base, 2 players, R = 16: 39 board planes, 4421 actions. */
Test(learn_layout, base_two_players_sizes)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info i = l_info(e);
    cr_assert_eq(i.layout, CARC_ENCODING_LAYOUT);
    cr_assert_eq(i.radius, 16);
    cr_assert_eq(i.width, 33);
    cr_assert_eq(i.players, 2);
    cr_assert_eq(i.hand_slots, 1);
    cr_assert_eq(i.figures, 14);
    cr_assert_eq(i.figure_slots, 7);
    cr_assert_eq(i.features_max, 8);
    cr_assert_eq(i.array_count, 17);
    cr_assert_eq(i.action_count, 4421, "33*33*4 tiles + 1*8 figures + pass + 4*14 unnamed, got %d", i.action_count);
    carc_obs_array board = l_array(e, "board");
    cr_assert_eq(board.ndim, 3);
    cr_assert_eq(board.shape[0], 39, "29 + 2K + P*FK planes, got %d", board.shape[0]);
    cr_assert_eq(board.shape[1], 33);
    cr_assert_eq(board.dtype, CARC_DTYPE_UINT8);
    cr_assert_eq(board.bytes, (size_t)39 * 33 * 33);
    cr_assert_eq(l_plane(e, "slot_kind"), 5);
    cr_assert_eq(l_plane(e, "slot_complete"), 17);
    cr_assert_eq(l_plane(e, "figures"), 37);
    carc_encoding_free(e);
}

/* Arrays come in the documented order, 64-byte aligned, without overlap,
 * inside observation_bytes. */
Test(learn_layout, arrays_in_order_aligned_and_disjoint)
{
    carc_encoding *e = l_encoding("hills-sheep", 4, NULL, 0, 9);
    carc_encoding_info info = l_info(e);
    size_t end = 0;
    for (int i = 0; i < info.array_count; i++) {
        carc_obs_array a = {.struct_size = sizeof a};
        cr_assert_eq(carc_encoding_array(e, i, &a), CARC_OK);
        cr_assert_str_eq(a.name, array_names[i]);
        cr_assert_eq(a.offset % 64, 0, "%s at %zu", a.name, a.offset);
        cr_assert_geq(a.offset, end, "%s overlaps the array before it", a.name);
        size_t n = 1, item = a.dtype == CARC_DTYPE_UINT8 ? 1 : a.dtype == CARC_DTYPE_INT16 ? 2 : 4;
        for (int d = 0; d < a.ndim; d++) n *= (size_t)a.shape[d];
        cr_assert_eq(a.bytes, n * item, "%s", a.name);
        end = a.offset + a.bytes;
    }
    cr_assert_leq(end, info.observation_bytes);
    cr_assert_eq(info.observation_bytes % 64, 0);
    carc_obs_array a = {.struct_size = sizeof a};
    cr_assert_eq(carc_encoding_array(e, info.array_count, &a), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_array(e, -1, &a), CARC_E_RANGE);
    carc_encoding_free(e);
}

/* The board's plane groups tile its planes; Hills & Sheep's views of
 * tile and feature shape fill view_board. */
Test(learn_layout, plane_groups_cover_the_planes)
{
    carc_encoding *e = l_encoding("hills-sheep", 3, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    int next[17] = {0};
    for (int i = 0; i < info.plane_group_count; i++) {
        carc_obs_planes p = {.struct_size = sizeof p};
        cr_assert_eq(carc_encoding_planes(e, i, &p), CARC_OK);
        cr_assert(p.array == 0 || p.array == 16, "group %s of array %d", p.name, p.array);
        cr_assert_eq(p.first, next[p.array], "group %s starts at %d, want %d", p.name, p.first, next[p.array]);
        next[p.array] += p.count;
    }
    cr_assert_eq(next[0], l_array(e, "board").shape[0]);
    cr_assert_eq(next[16], l_array(e, "view_board").shape[0]);
    carc_encoding_free(e);
}

/* Blocks follow each other from 0 to action_count, each the product of its axes. */
Test(learn_layout, blocks_are_consecutive)
{
    carc_encoding *e = l_encoding("over-hill-and-dale", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    int at = 0;
    for (int i = 0; i < info.block_count; i++) {
        carc_action_block b = {.struct_size = sizeof b};
        cr_assert_eq(carc_encoding_block(e, i, &b), CARC_OK);
        cr_assert_eq(b.offset, at, "%s", b.name);
        int size = 1;
        for (int a = 0; a < b.axis_count; a++) size *= b.axis_sizes[a];
        cr_assert_eq(b.size, size, "%s", b.name);
        at += b.size;
    }
    cr_assert_eq(at, info.action_count);
    /* the hike: one index per own wanderer (figure slot), square and path */
    carc_action_block hike = l_block(e, "action:hike");
    cr_assert_eq(hike.move_kind, CARC_MOVE_ACTION);
    cr_assert_eq(hike.axis_count, 4);
    cr_assert_str_eq(hike.axis_names[0], "figure_slot");
    cr_assert_eq(hike.axis_sizes[0], info.figure_slots);
    cr_assert_eq(info.figure_slots, 6, "4 meeples and 2 stables a player");
    cr_assert_str_eq(hike.axis_names[1], "y");
    cr_assert_str_eq(hike.axis_names[2], "x");
    cr_assert_str_eq(hike.axis_names[3], "feature");
    carc_action_block pick = l_block(e, "action:pick");
    cr_assert_eq(pick.axis_count, 1);
    cr_assert_str_eq(pick.axis_names[0], "target");
    cr_assert_eq(pick.axis_sizes[0], info.targets);
    carc_action_block pass = l_block(e, "pass");
    cr_assert_eq(pass.size, 1);
    cr_assert_eq(pass.axis_count, 0);
    carc_encoding_free(e);
}

/* Hands: The Discovery with hand=1 has two hand slots, so the tile block doubles. */
Test(learn_layout, hand_slots_of_the_discovery)
{
    carc_option hand = {"hand", 1};
    carc_encoding *one = l_encoding("discovery", 2, NULL, 0, 0), *two = l_encoding("discovery", 2, &hand, 1, 0);
    cr_assert_eq(l_info(one).hand_slots, 1);
    cr_assert_eq(l_info(two).hand_slots, 2);
    cr_assert_eq(l_block(two, "tile").size, 2 * l_block(one, "tile").size);
    carc_encoding_free(one);
    carc_encoding_free(two);
}

Test(learn_layout, bad_options_are_refused)
{
    carc_encoding *e = (carc_encoding *)0x1;
    carc_game_options go = {.struct_size = sizeof go, .variant_name = "base", .players = 2};
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go};
    cr_assert_eq(carc_encoding_new(NULL, &e), CARC_E_NULL);
    cr_assert_eq(carc_encoding_new(&eo, NULL), CARC_E_NULL);
    eo.struct_size = 4;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_VERSION);
    eo.struct_size = sizeof eo;
    eo.game = NULL;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_NULL);
    eo.game = &go;
    eo.radius = CARC_ENCODING_RADIUS_MAX + 1;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_RANGE);
    eo.radius = -1;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_RANGE);
    eo.radius = 0;
    eo.action_codes = CARC_ENCODING_ACTION_CODES_MAX + 1;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_RANGE);
    eo.action_codes = 0;
    go.players = 9;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_RANGE);
    go.players = 2;
    go.variant_name = "no-such-game";
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_E_NOT_FOUND);
    cr_assert_eq(e, (carc_encoding *)0x1, "a failed call wrote its out-parameter");
    go.variant_name = "base";
    carc_encoding_info info = {.struct_size = 8};
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_OK);
    cr_assert_eq(carc_encoding_describe(e, &info), CARC_E_VERSION);
    cr_assert_eq(carc_encoding_describe(NULL, &info), CARC_E_NULL);
    carc_obs_planes p = {.struct_size = sizeof p};
    cr_assert_eq(carc_encoding_planes(e, 99, &p), CARC_E_RANGE);
    carc_action_block b = {.struct_size = sizeof b};
    cr_assert_eq(carc_encoding_block(e, 99, &b), CARC_E_RANGE);
    carc_encoding_free(e);
    carc_encoding_free(NULL);
}

/* Radius and action codes move the sizes as documented. */
Test(learn_layout, radius_and_codes_set_the_sizes)
{
    carc_game_options go = {.struct_size = sizeof go, .variant_name = "base", .players = 3};
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go, .radius = 5, .action_codes = 2};
    carc_encoding *e;
    cr_assert_eq(carc_encoding_new(&eo, &e), CARC_OK);
    carc_encoding_info i = l_info(e);
    cr_assert_eq(i.width, 11);
    cr_assert_eq(i.action_codes, 2);
    cr_assert_eq(i.action_count, 11 * 11 * 4 + 8 + 1 + 2 * 21);
    carc_encoding_free(e);
}
