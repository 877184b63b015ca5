/* The action space: every legal move has one index of its own, the mask is
 * exactly those indices, and each index plays its move back. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "learn_test.h"

#define CAP 4096

/* At the current decision: indices distinct and >= 0, the mask is them,
 * and carc_encoding_move gives each move back. Returns the move count. */
static size_t check_decision(carc_encoding *e, carc_game *g, carc_move *moves, int32_t *idx, uint8_t *mask)
{
    carc_encoding_info info = l_info(e);
    size_t n = 0;
    int r = carc_game_moves(g, moves, CAP, &n);
    if (r == CARC_E_GAME_OVER) return 0;
    cr_assert_eq(r, CARC_OK);
    cr_assert_eq(carc_encoding_indices(e, g, moves, n, idx), CARC_OK);
    int legal = -1, unindexed = -1;
    cr_assert_eq(carc_encoding_mask(e, g, mask, (size_t)info.action_count, &legal, &unindexed), CARC_OK);
    cr_assert_eq((size_t)legal, n);
    cr_assert_eq(unindexed, 0, "a legal move without an index");
    int marked = 0;
    for (int a = 0; a < info.action_count; a++) marked += mask[a];
    cr_assert_eq((size_t)marked, n, "%d actions marked for %zu moves: two moves share an index", marked, n);
    for (size_t i = 0; i < n; i++) {
        cr_assert(idx[i] >= 0 && idx[i] < info.action_count);
        cr_assert_eq(mask[idx[i]], 1);
        carc_move back;
        cr_assert_eq(carc_encoding_move(e, g, idx[i], &back), CARC_OK);
        cr_assert_eq(memcmp(&back, &moves[i], sizeof back), 0, "index %d plays another move", idx[i]);
    }
    return n;
}

static void whole_games(const char *variant, int players, const carc_option *rules, int nrules)
{
    carc_encoding *e = l_encoding(variant, players, rules, nrules, 0);
    carc_encoding_info info = l_info(e);
    carc_move *moves = malloc(CAP * sizeof *moves);
    int32_t *idx = malloc(CAP * sizeof *idx);
    uint8_t *mask = malloc((size_t)info.action_count);
    for (uint64_t seed = 1; seed <= 2; seed++) {
        carc_game_options go = {.struct_size = sizeof go, .variant_name = variant, .players = players,
                                .seed = seed, .rules = rules, .rule_count = nrules};
        carc_game *g;
        cr_assert_eq(carc_game_new(&go, &g), CARC_OK);
        uint64_t rng = seed;
        size_t n;
        while ((n = check_decision(e, g, moves, idx, mask)) > 0)
            cr_assert_eq(carc_game_apply(g, &moves[h_below(&rng, (unsigned)n)]), CARC_OK);
        int legal = -1;
        cr_assert_eq(carc_encoding_mask(e, g, mask, (size_t)info.action_count, &legal, NULL), CARC_OK);
        cr_assert_eq(legal, 0, "the game is over");
        for (int a = 0; a < info.action_count; a++) cr_assert_eq(mask[a], 0);
        carc_move m;
        cr_assert_eq(carc_encoding_move(e, g, 0, &m), CARC_E_GAME_OVER);
        carc_game_free(g);
    }
    free(moves);
    free(idx);
    free(mask);
    carc_encoding_free(e);
}

Test(learn_actions, every_variant_whole_games)
{
    int count = 0;
    carc_registry_count(NULL, &count);
    for (int i = 0; i < count; i++) {
        const carc_variant *v;
        carc_variant_info vi = {.struct_size = sizeof vi};
        carc_registry_at(NULL, i, &v);
        carc_variant_describe(v, &vi);
        whole_games(vi.name, vi.max_players, NULL, 0);
        whole_games(vi.name, vi.min_players, NULL, 0);
    }
    carc_option hand = {"hand", 1};
    whole_games("discovery", 3, &hand, 1);
}

/* Over Hill and Dale: two wanderers of one seat on one path can both hike
 * to the same spot; those are two moves and get two indices (the figure
 * slot axis). The position is found by playing seeded games that favour
 * placing meeples. */
Test(learn_actions, two_wanderers_to_one_spot_have_two_indices)
{
    carc_encoding *e = l_encoding("over-hill-and-dale", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_action_block hike = l_block(e, "action:hike");
    carc_move *moves = malloc(CAP * sizeof *moves);
    int32_t *idx = malloc(CAP * sizeof *idx);
    uint8_t *mask = malloc((size_t)info.action_count);
    int found = 0;
    for (uint64_t seed = 0; seed < 400 && !found; seed++) {
        carc_game *g = h_new("over-hill-and-dale", 2, seed);
        uint64_t rng = seed * 7 + 1;
        size_t n;
        while (!found && carc_game_moves(g, moves, CAP, &n) == CARC_OK && n > 0) {
            for (size_t a = 0; a < n && !found; a++)
                for (size_t b = a + 1; b < n; b++) {
                    const carc_move *x = &moves[a], *y = &moves[b];
                    if (x->kind != CARC_MOVE_ACTION || y->kind != CARC_MOVE_ACTION || x->action != y->action ||
                        x->x != y->x || x->y != y->y || x->feature != y->feature || x->target == y->target)
                        continue;
                    found = 1;
                    check_decision(e, g, moves, idx, mask);
                    cr_assert_neq(idx[a], idx[b]);
                    cr_assert(idx[a] >= hike.offset && idx[a] < hike.offset + hike.size);
                    cr_assert(idx[b] >= hike.offset && idx[b] < hike.offset + hike.size);
                    break;
                }
            if (found) break;
            /* a figure move seven times in ten when there is one */
            size_t pick = h_below(&rng, (unsigned)n), figures = 0;
            for (size_t k = 0; k < n; k++) figures += moves[k].kind == CARC_MOVE_FIGURE;
            if (figures && h_below(&rng, 10) < 7)
                for (size_t k = 0, want = h_below(&rng, (unsigned)figures); k < n; k++)
                    if (moves[k].kind == CARC_MOVE_FIGURE && want-- == 0) {
                        pick = k;
                        break;
                    }
            cr_assert_eq(carc_game_apply(g, &moves[pick]), CARC_OK);
        }
        carc_game_free(g);
    }
    cr_assert(found, "no position with two wanderers able to reach one spot in 400 games");
    free(moves);
    free(idx);
    free(mask);
    carc_encoding_free(e);
}

/* A legal move whose square lies outside the window has no index: it is
 * counted, not marked, and no index plays it. */
Test(learn_actions, moves_outside_the_window)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 1);
    carc_encoding_info info = l_info(e);
    carc_game *g = h_new("base", 2, 3);
    carc_move *moves = malloc(CAP * sizeof *moves);
    int32_t *idx = malloc(CAP * sizeof *idx);
    uint8_t *mask = malloc((size_t)info.action_count);
    uint64_t rng = 5;
    int seen = 0;
    size_t n;
    while (!seen && carc_game_moves(g, moves, CAP, &n) == CARC_OK && n > 0) {
        int legal, unindexed, outside = 0;
        cr_assert_eq(carc_encoding_mask(e, g, mask, (size_t)info.action_count, &legal, &unindexed), CARC_OK);
        cr_assert_eq(carc_encoding_indices(e, g, moves, n, idx), CARC_OK);
        for (size_t i = 0; i < n; i++) {
            int out = moves[i].kind == CARC_MOVE_TILE && (abs(moves[i].x) > 1 || abs(moves[i].y) > 1);
            cr_assert_eq(idx[i] < 0, out, "move %zu at (%d,%d)", i, moves[i].x, moves[i].y);
            outside += out;
        }
        cr_assert_eq(unindexed, outside);
        int marked = 0;
        for (int a = 0; a < info.action_count; a++) marked += mask[a];
        cr_assert_eq(marked, legal - unindexed);
        seen = outside > 0;
        carc_game_apply(g, &moves[h_below(&rng, (unsigned)n)]);
    }
    cr_assert(seen, "the board never left a window of radius 1");
    free(moves);
    free(idx);
    free(mask);
    carc_game_free(g);
    carc_encoding_free(e);
}

Test(learn_actions, index_to_move_errors)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = h_new("base", 2, 4);
    carc_move m = {.kind = 99};
    cr_assert_eq(carc_encoding_move(e, g, -1, &m), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_move(e, g, info.action_count, &m), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_move(e, g, l_block(e, "pass").offset, &m), CARC_E_ILLEGAL_MOVE,
                 "no pass in the tile step");
    cr_assert_eq(m.kind, 99, "a failed call wrote its move");
    cr_assert_eq(carc_encoding_move(e, g, 0, NULL), CARC_E_NULL);
    carc_move pass = {.kind = CARC_MOVE_PASS}, far = {.kind = CARC_MOVE_TILE, .x = 100, .y = 0};
    int32_t out[2];
    cr_assert_eq(carc_encoding_indices(e, g, (carc_move[]){pass, far}, 2, out), CARC_OK);
    cr_assert_eq(out[0], l_block(e, "pass").offset, "an index whether legal or not");
    cr_assert_eq(out[1], -1);
    cr_assert_eq(carc_encoding_indices(e, g, NULL, 1, out), CARC_E_NULL);
    carc_game_free(g);
    carc_encoding_free(e);
}

/* The tile block's index is a hand slot: a tile move of a type the deciding
 * seat does not hold has none (it used to get slot 0's), in a game of one
 * drawn tile and in a hand of two; a held type keeps its slot's index. */
Test(learn_actions, a_tile_not_in_the_hand_has_no_index)
{
    const carc_option hand = {"hand", 1};
    for (int with_hand = 0; with_hand <= 1; with_hand++) {
        carc_encoding *e = l_encoding("discovery", 2, &hand, with_hand, 0);
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = 2, .seed = 7,
                               .rules = &hand, .rule_count = (size_t)with_hand};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        carc_move *moves = malloc(CAP * sizeof *moves);
        size_t n = 0;
        cr_assert_eq(carc_game_moves(g, moves, CAP, &n), CARC_OK);
        cr_assert_gt(n, 0);
        int held[CARC_MAX_HAND + 1], nheld = 0, types = 0;
        cr_assert_eq(carc_game_hand(g, 0, held, CARC_MAX_HAND + 1, &nheld), CARC_OK);
        cr_assert_eq(nheld, with_hand ? 2 : 1);
        const carc_tileset *ts = NULL;
        cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
        cr_assert_eq(carc_tileset_type_count(ts, &types), CARC_OK);
        carc_move m = moves[0];
        int32_t legal_idx, idx;
        cr_assert_eq(carc_encoding_indices(e, g, &m, 1, &legal_idx), CARC_OK);
        cr_assert_geq(legal_idx, 0, "the listed move has an index");
        int other = -1;
        for (int t = 0; t < types && other < 0; t++)
            if (t != held[0] && (nheld < 2 || t != held[1])) other = t;
        m.tile = other;
        cr_assert_eq(carc_encoding_indices(e, g, &m, 1, &idx), CARC_OK);
        cr_assert_eq(idx, -1, "tile type %d, not held (hand %d tiles), got index %d", other, nheld, idx);
        free(moves);
        carc_game_free(g);
        carc_encoding_free(e);
    }
}
