/* carc_game_playouts: scores[i * players + p] is player p's final score in
 * playout i; the position is not changed; playout i follows its own
 * stream of the seed. */
#include "helpers.h"

/* A finished game: every playout is the game itself, so each row is the
 * final score, player by player (three players with three different
 * scores, so a row laid out another way shows). */
Test(core_playouts, a_finished_game_gives_its_scores_in_every_row)
{
    carc_game *g = NULL;
    uint64_t seed = 0;
    int s[3];
    for (seed = 1; seed < 200; seed++) {
        g = h_new("base", 3, seed);
        uint64_t rng = seed;
        h_play(g, &rng, 100000);
        for (int p = 0; p < 3; p++) s[p] = t_score(g, p);
        if (s[0] != s[1] && s[1] != s[2] && s[0] != s[2]) break;
        carc_game_free(g);
        g = NULL;
    }
    cr_assert_not_null(g, "a game with three different scores");
    int scores[5 * 3 + 2];
    for (int i = 0; i < 17; i++) scores[i] = -777;
    cr_assert_eq(carc_game_playouts(g, 5, 42, scores, 15), CARC_OK);
    for (int i = 0; i < 5; i++)
        for (int p = 0; p < 3; p++)
            cr_assert_eq(scores[i * 3 + p], s[p], "playout %d player %d: %d, want %d", i, p, scores[i * 3 + p], s[p]);
    cr_assert_eq(scores[15], -777, "nothing past n * players");
    carc_game_free(g);
}

/* One tile left for a two-player base game: the playouts differ only in
 * where it goes, and every row starts from the score as it stands. */
Test(core_playouts, every_row_is_a_whole_game_from_the_position)
{
    tgame t = t_new_deck("base", 2, "E:1 U:1 K:1", NULL, 0);
    cr_assert_eq(t_turn(t.g, "E", 0, -1, 2, "follower", "c1"), CARC_OK); /* closes D's city: 4 */
    cr_assert_eq(t_score(t.g, 0), 4);
    char *before = h_save(t.g);
    int scores[64 * 2];
    cr_assert_eq(carc_game_playouts(t.g, 64, 7, scores, 128), CARC_OK);
    h_assert_unchanged(t.g, before, "playouts");
    int differ = 0;
    for (int i = 0; i < 64; i++) {
        cr_assert_geq(scores[2 * i], 4, "playout %d: player 0 keeps the city", i);
        cr_assert_geq(scores[2 * i + 1], 0);
        differ |= scores[2 * i] != scores[0] || scores[2 * i + 1] != scores[1];
    }
    cr_assert(differ, "two tiles placed at random do not always end the same");
    /* a playout played by hand: the game ends, and its scores are one of
     * the rows' kind (player 0 at least 4) */
    uint64_t rng = 3;
    h_play(t.g, &rng, 100);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    free(before);
    t_free(&t);
}

/* Playout i depends on the seed and i alone: the first rows of a longer
 * call are a shorter call's rows; another seed gives other games; the same
 * call gives the same scores. */
Test(core_playouts, row_i_follows_its_own_stream)
{
    carc_game *g = h_new("hunters-gatherers", 3, 5);
    uint64_t rng = 1;
    h_play(g, &rng, 20);
    int a[8 * 3], b[3 * 3], c[8 * 3], d[8 * 3];
    cr_assert_eq(carc_game_playouts(g, 8, 99, a, 24), CARC_OK);
    cr_assert_eq(carc_game_playouts(g, 3, 99, b, 9), CARC_OK);
    cr_assert_eq(carc_game_playouts(g, 8, 99, c, 24), CARC_OK);
    cr_assert_eq(carc_game_playouts(g, 8, 100, d, 24), CARC_OK);
    cr_assert(memcmp(a, b, sizeof b) == 0, "the first three rows");
    cr_assert(memcmp(a, c, sizeof a) == 0, "the same call, the same scores");
    cr_assert(memcmp(a, d, sizeof a) != 0, "another seed, other games");
    int rows_differ = 0;
    for (int i = 1; i < 8; i++) rows_differ |= memcmp(a, a + 3 * i, 3 * sizeof a[0]) != 0;
    cr_assert(rows_differ, "the playouts are not all one game");
    carc_game_free(g);
}

Test(core_playouts, arguments)
{
    carc_game *g = h_new("base", 4, 2);
    char *before = h_save(g);
    int scores[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    cr_assert_eq(carc_game_playouts(NULL, 1, 0, scores, 8), CARC_E_NULL);
    cr_assert_eq(carc_game_playouts(g, 1, 0, NULL, 8), CARC_E_NULL);
    cr_assert_eq(carc_game_playouts(g, 0, 0, NULL, 0), CARC_OK, "nothing to play, nothing to write");
    cr_assert_eq(carc_game_playouts(g, -1, 0, scores, 8), CARC_E_RANGE);
    cr_assert_eq(carc_game_playouts(g, 2, 0, scores, 7), CARC_E_BUFFER, "2 x 4 entries needed");
    for (int i = 0; i < 8; i++) cr_assert_eq(scores[i], -1, "nothing written");
    cr_assert_eq(carc_game_playouts(g, 2, 0, scores, 8), CARC_OK);
    for (int i = 0; i < 8; i++) cr_assert_geq(scores[i], 0);
    h_assert_unchanged(g, before, "playouts");
    free(before);
    carc_game_free(g);
}
