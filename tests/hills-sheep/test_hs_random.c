/* Whole games with random legal moves: invariants that must hold at every
 * decision, whatever the players do. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "hs_support.h"

#define MOVES_CAP 2048

static uint64_t next_rand(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static const unsigned initial[HS_TOKEN_KINDS] = {4, 5, 5, 2, 2};

/* Every token is in the bag or beside a shepherd on the board; a shepherd
 * on the board always has a flock, one in supply never has. */
static void check_tokens(carc_game *g, int players)
{
    const hs_state *s = carc_variant_state(g);
    for (int k = 0; k < HS_TOKEN_KINDS; k++) {
        unsigned n = (unsigned)carc_bag_count(g, HS_BAG_SHEEP, k);
        for (int p = 0; p < players && k < HS_SHEEP_KINDS; p++) n += s->flock[p][k];
        cr_assert_eq(n, initial[k], "token kind %d: %u", k, n);
    }
    for (int p = 0; p < players; p++) {
        int on_board = hs_supply(g, p, HS_FIG_SHEPHERD) == 0;
        cr_assert_eq(on_board, hs_flock(g, p) > 0);
    }
}

Test(hills_sheep_random, tokens_are_conserved_over_10000_games)
{
    carc_move *buf = malloc(sizeof *buf * MOVES_CAP);
    carc_game *start[6] = {0}, *work[6] = {0};
    for (int n = 2; n <= 5; n++) {
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "hills-sheep", .players = n, .seed = 1};
        cr_assert_eq(carc_game_new(&o, &start[n]), CARC_OK);
        cr_assert_eq(carc_game_clone(start[n], &work[n]), CARC_OK);
    }
    uint64_t rng = 99;
    long actions = 0, sheep_points = 0;
    for (int i = 0; i < 10000; i++) {
        int n = 2 + i % 4;
        carc_game *g = work[n];
        carc_game_copy(g, start[n]);
        carc_game_reseed(g, 1000 + (uint64_t)i);
        for (;;) {
            size_t count = 0;
            int r = carc_game_moves(g, buf, MOVES_CAP, &count);
            if (r == CARC_E_GAME_OVER) break;
            cr_assert_eq(r, CARC_OK);
            cr_assert_gt(count, 0);
            carc_phase ph;
            carc_game_state(g, &ph, NULL);
            if (ph == CARC_PHASE_ACTION) {
                cr_assert_eq(count, 2);
                actions++;
            }
            cr_assert_eq(carc_game_apply(g, &buf[next_rand(&rng) % count]), CARC_OK);
            check_tokens(g, n);
        }
        for (int p = 0; p < n; p++) sheep_points += t_cat(g, p, "sheep");
    }
    /* the random players really did use the flock rules */
    cr_assert_gt(actions, 10000);
    cr_assert_gt(sheep_points, 10000);
    for (int n = 2; n <= 5; n++) {
        carc_game_free(start[n]);
        carc_game_free(work[n]);
    }
    free(buf);
}

static int hills_on_board(carc_game *g)
{
    int n = 0, hills = 0;
    carc_game_tile_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_placed_tile pt;
        carc_game_tile(g, i, &pt);
        for (int f = 0; f < carc_type_feature_count(g, pt.type); f++)
            hills += carc_type_feature_kind(g, pt.type, f) == HS_KIND_HILL;
    }
    return hills;
}

static int random_game(carc_game *g, uint64_t *rng, carc_move *buf)
{
    for (;;) {
        size_t count = 0;
        if (carc_game_moves(g, buf, MOVES_CAP, &count) != CARC_OK) break;
        carc_game_apply(g, &buf[next_rand(rng) % count]);
    }
    int n = 0;
    carc_game_tile_count(g, &n);
    return n;
}

Test(hills_sheep_random, hidden_tiles_shorten_random_games)
{
    carc_move *buf = malloc(sizeof *buf * MOVES_CAP);
    carc_option off[] = {{"hills", 0}};
    long with = 0, without = 0;
    for (int i = 0; i < 40; i++) {
        uint64_t rng = (uint64_t)i;
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "hills-sheep", .players = 3,
                               .seed = (uint64_t)i};
        carc_game *g;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        int tiles = random_game(g, &rng, buf);
        int hidden = hs_hidden(g);
        int h = hills_on_board(g);
        /* each hill hides a tile unless it was the last one drawn (or,
         * rarely, it fit nowhere and left the game itself) */
        cr_assert(hidden >= h - 1 && hidden <= 8, "hills %d hidden %d", h, hidden);
        cr_assert_leq(tiles + hidden, 90);
        with += tiles;
        carc_game_free(g);
        o.rules = off;
        o.rule_count = 1;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        tiles = random_game(g, &rng, buf);
        cr_assert_eq(hs_hidden(g), 0);
        without += tiles;
        carc_game_free(g);
    }
    /* about 8 fewer tiles a game */
    cr_assert_lt(with, without - 40 * 6);
    free(buf);
}

/* Disabled until the core records a figure move after the token draw it
 * causes (see docs/variants/hills-sheep.md, "Core issue"). */
Test(hills_sheep_random, random_games_save_and_load_to_the_same_result)
{
    carc_move *buf = malloc(sizeof *buf * MOVES_CAP);
    for (int i = 0; i < 20; i++) {
        uint64_t rng = 7 + (uint64_t)i;
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "hills-sheep", .players = 2 + i % 4,
                               .seed = 500 + (uint64_t)i};
        carc_game *g, *back;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        random_game(g, &rng, buf);
        size_t len = 0;
        carc_game_save(g, NULL, 0, &len);
        char *text = malloc(len + 1);
        carc_game_save(g, text, len + 1, &len);
        cr_assert_eq(carc_game_load(NULL, text, len, &back), CARC_OK);
        /* the end of the game, like a draw, happens at the next query */
        cr_assert_eq(t_phase(back), CARC_PHASE_OVER);
        for (int p = 0; p < o.players; p++) {
            cr_assert_eq(t_score(back, p), t_score(g, p));
            cr_assert_eq(t_cat(back, p, "sheep"), t_cat(g, p, "sheep"));
        }
        free(text);
        carc_game_free(back);
        carc_game_free(g);
    }
    free(buf);
}
