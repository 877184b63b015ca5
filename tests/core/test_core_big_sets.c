/* Tile sets past the 126 tiles of a narrow game, up to the 1,020 a set may
 * have (lib/internal.h, MAX_TILES): they load, and random games on them
 * play to the end with every invariant of tests/fuzz/invariants.h holding
 * after every move, save and load back to the same game, and copy. The
 * games are wide: their board's arrays are in the block's tail and their
 * grid has a cell of 16 bits (lib/internal.h, carc_game). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../lib/internal.h"
#include "../fuzz/invariants.h"
#include "helpers.h"

static const carc_variant *ruleset(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, name, &v), CARC_OK, "no ruleset %s", name);
    return v;
}

/* Plays a random game of v on ts to its end, checking the invariants after
 * every move (the deep ones every 16th move and at the end) and saving and
 * loading it back every 97th; returns the tiles placed. */
static int play_checked(const carc_variant *v, const carc_tileset *ts, int players, uint64_t seed)
{
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = seed, .tileset = ts};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    cr_assert(g->wide == (ts->total > NARROW_TILES), "a set of %d tiles makes a %s game", ts->total,
              g->wide ? "wide" : "narrow");
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = ts};
    inv_ctx c;
    memset(&c, 0, sizeof c);
    cr_assert_eq(inv_init(&c, g), 0, "%s", c.msg);
    uint64_t rng = seed;
    int moves = 0;
    for (;; moves++) {
        cr_assert_eq(inv_check(&c, g, moves % 16 == 0), 0, "%s, move %d: %s", v->name, moves, c.msg);
        if (moves % 97 == 0) cr_assert_eq(inv_roundtrip(&c, g, &lo), 0, "%s, move %d: %s", v->name, moves, c.msg);
        size_t n = 0;
        cr_assert_eq(inv_list(&c, g, &n), 0, "%s, move %d: %s", v->name, moves, c.msg);
        if (n == 0) break;
        cr_assert_eq(carc_game_apply(g, &c.moves[h_below(&rng, (unsigned)n)]), CARC_OK);
    }
    cr_assert_eq(inv_check(&c, g, 1), 0, "%s, at the end: %s", v->name, c.msg);
    cr_assert_eq(inv_roundtrip(&c, g, &lo), 0, "%s, at the end: %s", v->name, c.msg);
    /* every tile was placed, left the game unplaced, or is still in a
     * stack a ruleset draws from only now and then (Hunters & Gatherers'
     * bonus tiles) */
    int out = 0, left = 0;
    cr_assert_eq(carc_game_removed_count(g, &out), CARC_OK);
    for (int d = 0; d < ts->ndecks; d++) left += carc_deck_left(g, d);
    cr_assert_eq(g->ntiles + out + left, ts->total, "%d placed, %d out and %d left of %d", g->ntiles, out, left,
                 ts->total);
    const int placed = g->ntiles;
    inv_free(&c);
    carc_game_free(g);
    return placed;
}

/* base's tiles 14 times over: 1,008 tiles, the largest whole multiple. */
Test(core_big_sets, a_set_of_1008_tiles_plays_to_the_end)
{
    carc_tileset *ts = h_scaled_set(ruleset("base"), 14);
    cr_assert_eq(ts->total, 1008);
    int placed = play_checked(ruleset("base"), ts, 2, 1);
    cr_assert_gt(placed, 1000, "only %d tiles placed", placed);
    carc_tileset_free(ts);
}

/* base's tiles five times over: 360 tiles, for 2 to 5 players. */
Test(core_big_sets, a_set_of_360_tiles_plays_to_the_end)
{
    carc_tileset *ts = h_scaled_set(ruleset("base"), 5);
    cr_assert_eq(ts->total, 360);
    for (int players = 2; players <= 5; players++) play_checked(ruleset("base"), ts, players, 10 + (uint64_t)players);
    carc_tileset_free(ts);
}

/* A set of 1,020 tiles that fit anywhere, each beside the last: a board
 * of the most tiles a set may have, and the torus of 2^19 cells. */
Test(core_big_sets, the_most_tiles_a_set_may_have_play_to_the_end)
{
    carc_tileset *ts = h_open_set(MAX_TILES);
    cr_assert_eq(play_checked(ruleset("base"), ts, 2, 7), MAX_TILES);
    carc_tileset_free(ts);
    /* one more is refused, naming the most */
    char text[512];
    int len = snprintf(text, sizeof text, "tileset open\ntile S count=%d start\n  edges FFF FFF FFF FFF\n", MAX_TILES + 1);
    carc_tileset *none = NULL;
    char err[200] = "";
    cr_assert_eq(carc_tileset_parse(ruleset("base"), text, (size_t)len, &none, err, sizeof err), CARC_E_LIMIT);
    cr_assert_null(none);
    cr_assert(strstr(err, "1020") != NULL, "%s", err);
}

/* A wide game copies over another and clones as a narrow one does: the
 * same moves, scores and saves as the game it came from, played on. */
Test(core_big_sets, a_wide_game_copies_and_clones)
{
    carc_tileset *ts = h_scaled_set(ruleset("base"), 3);
    carc_game *g = h_base_game_on(ts, 5), *later = h_base_game_on(ts, 6), *c = NULL;
    cr_assert(g->wide);
    uint64_t rng = 5;
    h_play(later, &rng, 100000);
    for (int step = 0; step < 200; step++) {
        static carc_move mv[H_MOVE_CAP];
        size_t n = 0;
        if (carc_game_moves(g, mv, H_MOVE_CAP, &n) != CARC_OK || n == 0) break;
        cr_assert_eq(carc_game_apply(g, &mv[h_below(&rng, (unsigned)n)]), CARC_OK);
    }
    cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
    cr_assert_eq(carc_game_copy(later, g), CARC_OK);
    char *a = h_save(g), *b = h_save(c), *d = h_save(later);
    cr_assert_str_eq(a, b);
    cr_assert_str_eq(a, d);
    /* and the three play on alike */
    uint64_t r1 = 9, r2 = 9, r3 = 9;
    h_play(g, &r1, 100000);
    h_play(c, &r2, 100000);
    h_play(later, &r3, 100000);
    free(a), free(b), free(d);
    a = h_save(g), b = h_save(c), d = h_save(later);
    cr_assert_str_eq(a, b);
    cr_assert_str_eq(a, d);
    free(a), free(b), free(d);
    carc_game_free(g);
    carc_game_free(c);
    carc_game_free(later);
    carc_tileset_free(ts);
}

/* Every ruleset on its own tiles twice over (a wide game of 144 to 190
 * tiles), The Discovery with hands too: their own moves, systems, hands and
 * scoring on the wide copy of the hot paths. */
Test(core_big_sets, every_ruleset_plays_its_tiles_twice_over)
{
    static const char *names[] = {"base", "hills-sheep", "hunters-gatherers", "discovery", "over-hill-and-dale"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const carc_variant *v = ruleset(names[i]);
        carc_tileset *ts = h_scaled_set(v, 2);
        cr_assert_gt(ts->total, NARROW_TILES, "%s", names[i]);
        cr_assert_gt(play_checked(v, ts, 3, 20 + i), NARROW_TILES, "%s", names[i]);
        carc_tileset_free(ts);
    }
    const carc_variant *ds = ruleset("discovery");
    carc_tileset *ts = h_scaled_set(ds, 2);
    carc_option hand = {"hand", 1};
    carc_game_options o = {.struct_size = sizeof o, .variant = ds, .players = 2, .seed = 31, .tileset = ts,
                           .rules = &hand, .rule_count = 1};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    /* a tile named before the first deal: the game is dealt again */
    cr_assert_eq(carc_game_set_next_tile(g, 5), CARC_OK);
    uint64_t rng = 31;
    h_play(g, &rng, 100000);
    int over = 0, out = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert(over);
    cr_assert_eq(carc_game_removed_count(g, &out), CARC_OK);
    cr_assert_eq(g->ntiles + out, ts->total, "every tile placed or out, with hands");
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* Seven kinds of tile side, too many for a fit table, on 166 tiles: a
 * wide game keeps each square's edge mask and value, and lists and checks
 * moves by them. */
Test(core_big_sets, a_wide_set_without_a_fit_table_plays_to_the_end)
{
    carc_tileset *ts = h_many_sides_set(15, 0);
    cr_assert_eq(ts->nside_codes, 0, "no fit table");
    cr_assert_eq(ts->total, 166);
    play_checked(ruleset("base"), ts, 2, 3);
    carc_tileset_free(ts);
}

/* Moves that are not legal are refused by a wide game as by a narrow one,
 * each with its status, and change nothing: another tile than the drawn
 * one, a fifth rotation, a square off the frontier or with no fit, a
 * figure in the tile phase, a tile in the figure step, a figure off the
 * turn's tile or of a kind the ruleset lacks. */
Test(core_big_sets, a_wide_game_refuses_what_is_not_legal_and_changes_nothing)
{
    carc_tileset *ts = h_scaled_set(ruleset("base"), 2);
    carc_game *g = h_base_game_on(ts, 12);
    static carc_move mv[H_MOVE_CAP];
    uint64_t rng = 12;
    for (int turn = 0; turn < 30; turn++) {
        size_t n = 0;
        cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
        carc_move bad[6];
        int nbad = 0, ok[6];
        carc_move m = mv[0];
        if (m.kind == CARC_MOVE_TILE) {
            bad[nbad] = m, bad[nbad].tile = (uint16_t)((m.tile + 1) % 24), ok[nbad++] = CARC_E_ILLEGAL_MOVE;
            bad[nbad] = m, bad[nbad].rotation = 4, ok[nbad++] = CARC_E_ILLEGAL_MOVE;
            bad[nbad] = m, bad[nbad].x = (int16_t)(m.x + 500), ok[nbad++] = CARC_E_ILLEGAL_MOVE;
            bad[nbad] = m, bad[nbad].x = 0, bad[nbad].y = 0, ok[nbad++] = CARC_E_ILLEGAL_MOVE; /* the start tile's square */
            bad[nbad] = (carc_move){.kind = CARC_MOVE_FIGURE, .x = m.x, .y = m.y}, ok[nbad++] = CARC_E_PHASE;
        } else {
            bad[nbad] = (carc_move){.kind = CARC_MOVE_TILE, .tile = 0, .x = 1, .y = 1}, ok[nbad++] = CARC_E_PHASE;
            bad[nbad] = (carc_move){.kind = CARC_MOVE_FIGURE, .figure = 0, .x = 9999, .y = 0},
            ok[nbad++] = CARC_E_ILLEGAL_MOVE;
            bad[nbad] = m, bad[nbad].kind = CARC_MOVE_FIGURE, bad[nbad].figure = 9, ok[nbad++] = CARC_E_ILLEGAL_MOVE;
        }
        for (int i = 0; i < nbad; i++) {
            char *before = h_save(g);
            cr_assert_eq(carc_game_apply(g, &bad[i]), ok[i], "turn %d, bad move %d", turn, i);
            h_assert_unchanged(g, before, "a refused move on a wide game");
            free(before);
        }
        cr_assert_eq(carc_game_apply(g, &mv[h_below(&rng, (unsigned)n)]), CARC_OK);
    }
    carc_game_free(g);
    carc_tileset_free(ts);
}
