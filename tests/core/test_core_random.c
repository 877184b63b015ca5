/* Many random games: invariants that must hold at every step. */
#include "helpers.h"

#define FOLLOWERS 7
#define BASE_TILES 72
#define MAX_DECISIONS 400 /* 71 turns of at most 2 decisions each */

typedef struct stats {
    long decisions, scored_points;
} stats;

static void check_step(carc_game *g, int players, int *last_score, const char *where, int game)
{
    for (int p = 0; p < players; p++) {
        int s = t_score(g, p);
        cr_assert_geq(s, last_score[p], "game %d %s: score of player %d fell from %d to %d", game, where, p,
                      last_score[p], s);
        last_score[p] = s;
        int sup = h_supply(g, p), on = h_on_board(g, p);
        cr_assert_eq(sup + on, FOLLOWERS, "game %d %s: player %d has %d in supply and %d on the board", game, where,
                     p, sup, on);
    }
    int tiles, left;
    cr_assert_eq(carc_game_tile_count(g, &tiles), CARC_OK);
    cr_assert_eq(carc_game_deck_remaining(g, 0, &left), CARC_OK);
    cr_assert_leq(tiles + left, BASE_TILES, "game %d %s: %d on the board + %d in the stack", game, where, tiles,
                  left);
}

static void play_many(uint64_t first, int games, stats *st)
{
    static carc_move mv[H_MOVE_CAP];
    for (int gi = 0; gi < games; gi++) {
        int players = 2 + gi % 4;
        uint64_t seed = first + (uint64_t)gi;
        uint64_t rng = seed ^ 0xABCDEFull;
        carc_game *g = h_new("base", players, seed);
        int last[CARC_MAX_PLAYERS] = {0};
        int decisions = 0;
        for (;;) {
            size_t n = 0;
            int r = carc_game_moves(g, mv, H_MOVE_CAP, &n);
            if (r == CARC_E_GAME_OVER) break;
            cr_assert_eq(r, CARC_OK, "game %d: moves gave %d", gi, r);
            cr_assert_gt(n, 0u, "game %d: a decision without moves", gi);
            cr_assert_eq(carc_game_apply(g, &mv[h_below(&rng, (unsigned)n)]), CARC_OK);
            check_step(g, players, last, "during play", gi);
            cr_assert_lt(++decisions, MAX_DECISIONS, "game %d does not end", gi);
        }
        check_step(g, players, last, "after final scoring", gi);
        int over = 0, left = -1, tiles = 0;
        cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
        cr_assert(over);
        cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
        cr_assert_eq(carc_game_deck_remaining(g, 0, &left), CARC_OK);
        cr_assert_eq(left, 0, "game %d ended with tiles left", gi);
        carc_game_tile_count(g, &tiles);
        cr_assert_leq(tiles, BASE_TILES);
        cr_assert_gt(tiles, 1);
        /* tiles are conserved: every draw was placed or set aside, 71 draws in all */
        char *text = h_save(g);
        cr_assert_not_null(text);
        int draws = 0, placed = 0;
        for (const char *q = text; (q = strstr(q, "\n")) != NULL; q++) {
            draws += strncmp(q + 1, "draw ", 5) == 0;
            placed += strncmp(q + 1, "move tile ", 10) == 0;
        }
        free(text);
        cr_assert_eq(draws, BASE_TILES - 1, "game %d: %d draws", gi, draws);
        cr_assert_eq(placed, tiles - 1, "game %d: %d tile moves for %d tiles", gi, placed, tiles);
        cr_assert_eq(decisions, 2 * placed, "game %d: a base turn is one tile and one figure decision", gi);
        /* the winners are exactly the players with the top score */
        unsigned mask = 0, want = 0;
        int best = -1;
        cr_assert_eq(carc_game_winners(g, &mask), CARC_OK);
        for (int p = 0; p < players; p++)
            if (last[p] > best) best = last[p];
        for (int p = 0; p < players; p++)
            if (last[p] == best) want |= 1u << p;
        cr_assert_eq(mask, want);
        /* every point is in the event log */
        int sum[CARC_MAX_PLAYERS] = {0};
        for (int i = 0; i < h_event_count(g); i++) {
            carc_event e = h_event(g, i);
            cr_assert(e.player >= 0 && e.player < players);
            sum[e.player] += e.points;
        }
        for (int p = 0; p < players; p++) cr_assert_eq(sum[p], last[p], "game %d: events of player %d", gi, p);
        st->decisions += decisions;
        for (int p = 0; p < players; p++) st->scored_points += last[p];
        carc_game_free(g);
    }
}

/* 10,000 games in five parts so that they run side by side. */
#define PART(name, first)                                                                    \
    Test(core_random, name)                                                                  \
    {                                                                                        \
        stats st = {0, 0};                                                                  \
        play_many(first, 2000, &st);                                                         \
        cr_assert_gt(st.scored_points, 0);                                                   \
    }
PART(games_0_to_1999, 0)
PART(games_2000_to_3999, 2000)
PART(games_4000_to_5999, 4000)
PART(games_6000_to_7999, 6000)
PART(games_8000_to_9999, 8000)
