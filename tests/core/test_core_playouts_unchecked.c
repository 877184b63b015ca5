/* A playout plays each move it has just listed without checking it again
 * (turn_apply_listed, lib/turn.c). Each row of carc_game_playouts is
 * played again here through the public calls, which check every move,
 * from the same picks (the generator streams of lib/playout.c): the
 * scores must be the same, in every ruleset. */
#include <criterion/criterion.h>

#include "../../lib/internal.h"
#include "../big_sets.h"
#include "helpers.h"

static carc_game *game_on(const char *variant, int players, uint64_t seed, const char *rule, const carc_tileset *ts)
{
    carc_option opt = {rule, 1};
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .seed = seed,
                           .rules = rule ? &opt : NULL, .rule_count = rule ? 1 : 0, .tileset = ts};
    carc_game *g = NULL;
    int r = carc_game_new(&o, &g);
    cr_assert_eq(r, CARC_OK, "%s %s, %d players: %s", variant, rule ? rule : "", players, carc_strerror(r));
    return g;
}

static carc_game *game_with(const char *variant, int players, uint64_t seed, const char *rule)
{
    return game_on(variant, players, seed, rule, NULL);
}

enum { ROWS = 6 };

/* Plays the rows of carc_game_playouts(g, ROWS, seed) through the public
 * calls: a copy of g, reseeded from the row's chance stream, each move
 * picked from the stream of picks that runs on through the rows. */
static void assert_rows_replayed(carc_game *g, uint64_t seed, const char *what)
{
    int players = 0, rows[ROWS * CARC_MAX_PLAYERS];
    cr_assert_eq(carc_game_players(g, &players), CARC_OK);
    cr_assert_eq(carc_game_playouts(g, ROWS, seed, rows, sizeof rows / sizeof rows[0]), CARC_OK);
    static carc_move buf[H_MOVE_CAP];
    uint64_t pick = seed ^ 0x5851F42D4C957F2Dull;
    for (int i = 0; i < ROWS; i++) {
        carc_game *c = NULL;
        cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
        uint64_t chance = seed + (uint64_t)i;
        cr_assert_eq(carc_game_reseed(c, rng_next(&chance)), CARC_OK);
        size_t n = 0;
        int moves = 0;
        while (carc_game_moves(c, buf, H_MOVE_CAP, &n) == CARC_OK && n) {
            cr_assert_eq(carc_game_apply(c, &buf[rng_below(&pick, (unsigned)n)]), CARC_OK, "%s row %d", what, i);
            moves++;
        }
        cr_assert_eq(t_phase(c), CARC_PHASE_OVER, "%s row %d: played to the end", what, i);
        cr_assert_gt(moves, 20, "%s row %d", what, i);
        for (int p = 0; p < players; p++)
            cr_assert_eq(rows[i * players + p], t_score(c, p), "%s row %d, player %d: %d in the playout, %d checked",
                         what, i, p, rows[i * players + p], t_score(c, p));
        carc_game_free(c);
    }
}

Test(core_playouts_unchecked, every_playout_plays_the_game_the_checked_calls_play)
{
    const char *names[] = {"base", "hills-sheep", "hunters-gatherers", "discovery", "over-hill-and-dale", "discovery"};
    for (int v = 0; v < 6; v++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            carc_game *g = game_with(names[v], 2 + (int)(seed % 3), seed, v == 5 ? "hand" : NULL);
            uint64_t rng = seed;
            h_play(g, &rng, (int)seed * 9); /* from the start, and from a few turns in */
            assert_rows_replayed(g, seed * 31, names[v]);
            carc_game_free(g);
        }
}

/* A Hunters & Gatherers tile that fits any neighbour: one grassland on
 * all 12 slots and a lake inside. */
static void grass_and_lake(bs_text *t)
{
    bs_add(t, "  edges gggggggggggg\n  feature grassland slots=0,1,2,3,4,5,6,7,8,9,10,11 id=g1\n"
              "  feature lake slots=none id=l1 fish=1\n");
}

/* The same on wide sets (base's tiles 14 times, 1,008; The Discovery's
 * 8 times, with hands; 160 tiles of Hunters & Gatherers, the ruleset with
 * a hook on every placed tile), whose games play by the wide copy of the
 * apply. */
Test(core_playouts_unchecked, on_a_wide_set_too)
{
    const char *names[] = {"base", "discovery"};
    for (int v = 0; v < 2; v++) {
        const carc_variant *var;
        cr_assert_eq(carc_registry_find(NULL, names[v], &var), CARC_OK);
        carc_tileset *ts = h_scaled_set(var, v ? 8 : 14);
        carc_game *g = game_on(names[v], 2, 4, v ? "hand" : NULL, ts);
        uint64_t rng = 8;
        h_play(g, &rng, 30);
        assert_rows_replayed(g, 5, names[v]);
        carc_game_free(g);
        carc_tileset_free(ts);
    }
    const carc_variant *hg = bs_variant("hunters-gatherers");
    bs_text t = {0};
    bs_tiles(&t, "G", 160, 1, grass_and_lake);
    carc_tileset *ts = bs_parse(hg, &t);
    carc_game *g = game_on("hunters-gatherers", 3, 4, NULL, ts);
    assert_rows_replayed(g, 6, "hunters-gatherers");
    carc_game_free(g);
    carc_tileset_free(ts);
    free(t.s);
}
