/* Observations of built positions: every array says what the game says,
 * turned to the seat that looks; bad calls are refused and write nothing. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "learn_test.h"

enum { CITY = 0, ROAD = 1, FARM = 2 }; /* base's kind ids (carc_variant_kind) */

/* Player 0 lays E at (0,-1) turned twice, closing the start tile's city,
 * with a follower on it: 4 points at the end of the turn. */
static carc_game *closed_city(void)
{
    carc_game *g = h_new("base", 2, 5);
    cr_assert_eq(t_place(g, "E", 0, -1, 2), CARC_OK);
    return g;
}

Test(learn_observe, the_tile_of_the_turn_and_its_features)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = closed_city();
    void *obs = l_buffer(info.observation_bytes, 0xAB);
    cr_assert_eq(carc_encoding_observe(e, g, -1, obs, info.observation_bytes), CARC_OK);
    int E = t_type(g, "E"), D = t_type(g, "D");
    cr_assert_eq(l_board(e, obs, "occupied", 0, 0, -1), 1);
    cr_assert_eq(l_board(e, obs, "occupied", 0, 1, -1), 0);
    cr_assert_eq(l_board(e, obs, "tile_type", 0, 0, -1), E + 1);
    cr_assert_eq(l_board(e, obs, "tile_type", 0, 0, 0), D + 1);
    cr_assert_eq(l_board(e, obs, "rotation", 0, 0, -1), 2);
    cr_assert_eq(l_board(e, obs, "this_turn", 0, 0, -1), 1);
    cr_assert_eq(l_board(e, obs, "this_turn", 0, 0, 0), 0);
    /* E's city (type slots 0-2) lies on board slots 6-8 when turned twice */
    for (int s = 0; s < 12; s++) {
        int want = s >= 6 && s <= 8 ? CITY + 1 : FARM + 1;
        cr_assert_eq(l_board(e, obs, "slot_kind", s, 0, -1), want, "slot %d", s);
        cr_assert_eq(l_board(e, obs, "slot_complete", s, 0, -1), s >= 6 && s <= 8, "slot %d", s);
        cr_assert_eq(l_board(e, obs, "slot_complete", s, 0, 0), s <= 2, "start tile slot %d", s);
    }
    cr_assert_eq(l_board(e, obs, "slot_kind", 4, 0, 0), ROAD + 1);
    cr_assert_eq(l_board(e, obs, "kind_count", CITY, 0, -1), 1);
    cr_assert_eq(l_board(e, obs, "kind_count", FARM, 0, -1), 1);
    cr_assert_eq(l_board(e, obs, "kind_complete", CITY, 0, -1), 1);
    cr_assert_eq(l_board(e, obs, "kind_complete", FARM, 0, -1), 0);
    cr_assert_eq(l_board(e, obs, "kind_count", FARM, 0, 0), 2, "the start tile has two farms");
    /* the frontier: the six empty squares beside the two tiles */
    int frontier = 0, W = info.width;
    for (int y = -info.radius; y <= info.radius; y++)
        for (int x = -info.radius; x <= info.radius; x++) frontier += l_board(e, obs, "frontier", 0, x, y);
    cr_assert_eq(frontier, 6);
    cr_assert_eq(l_board(e, obs, "frontier", 0, 0, -2), 1);
    cr_assert_eq(l_board(e, obs, "frontier", 0, 1, -1), 1);
    cr_assert_eq(l_board(e, obs, "frontier", 0, 0, 0), 0);
    const uint8_t *phase = l_at(e, obs, "phase");
    cr_assert(phase[CARC_PHASE_FIGURE] == 1 && phase[CARC_PHASE_TILE] == 0);
    const uint8_t *drawn = l_at(e, obs, "drawn");
    for (int t = 0; t < info.tile_types; t++) cr_assert_eq(drawn[t], 0, "no tile to place in the figure step");
    (void)W;
    free(obs);
    carc_game_free(g);
    carc_encoding_free(e);
}

Test(learn_observe, scores_figures_and_tiles_turn_with_the_seat)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = closed_city();
    cr_assert_eq(t_figure(g, "follower", "c1"), CARC_OK); /* the city scores 4, the follower comes back */
    cr_assert_eq(t_score(g, 0), 4);
    void *mover = l_buffer(info.observation_bytes, 0), *first = l_buffer(info.observation_bytes, 0);
    cr_assert_eq(carc_encoding_observe(e, g, -1, mover, info.observation_bytes), CARC_OK);
    cr_assert_eq(carc_encoding_observe(e, g, 0, first, info.observation_bytes), CARC_OK);
    const int32_t *s1 = l_at(e, mover, "scores"), *s0 = l_at(e, first, "scores");
    cr_assert(s1[0] == 0 && s1[1] == 4, "seen by seat 1: [%d %d]", s1[0], s1[1]);
    cr_assert(s0[0] == 4 && s0[1] == 0, "seen by seat 0: [%d %d]", s0[0], s0[1]);
    const uint8_t *m1 = l_at(e, mover, "to_move"), *m0 = l_at(e, first, "to_move");
    cr_assert(m1[0] == 1 && m1[1] == 0);
    cr_assert(m0[0] == 0 && m0[1] == 1);
    const int16_t *supply = l_at(e, first, "supply");
    cr_assert_eq(supply[0], 7, "the follower is back");
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    const uint8_t *d = l_at(e, mover, "drawn");
    cr_assert_eq(d[drawn], 1);
    const int16_t *slots = l_at(e, mover, "hand_slots"), *hands = l_at(e, mover, "hands");
    cr_assert_eq(slots[0], drawn + 1);
    cr_assert_eq(hands[drawn], 1, "row 0 is the mover, who holds the drawn tile");
    cr_assert_eq(hands[info.tile_types + drawn], 0);
    /* unseen: the set less D, E and the drawn tile */
    const int16_t *unseen = l_at(e, mover, "unseen");
    int total = 0;
    for (int t = 0; t < info.tile_types; t++) total += unseen[t];
    cr_assert_eq(total, 72 - 3);
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    carc_tileset_type(ts, t_type(g, "E"), &ti);
    cr_assert_eq(unseen[t_type(g, "E")], ti.count - 1 - (drawn == t_type(g, "E")));
    const int16_t *decks = l_at(e, mover, "decks");
    cr_assert_eq(decks[0], 69);
    int totals[2];
    cr_assert_eq(carc_game_projection(g, totals, 2, NULL, 0), CARC_OK);
    const int32_t *proj = l_at(e, mover, "projection");
    cr_assert(proj[0] == totals[1] && proj[1] == totals[0]);
    free(mover);
    free(first);
    carc_game_free(g);
    carc_encoding_free(e);
}

Test(learn_observe, a_figure_on_the_board)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = closed_city();
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK); /* a farmer on E: it stays */
    void *obs = l_buffer(info.observation_bytes, 0);
    cr_assert_eq(carc_encoding_observe(e, g, 1, obs, info.observation_bytes), CARC_OK);
    /* seat 0's figures are row 1 seen by seat 1 */
    cr_assert_eq(l_board(e, obs, "figures", 1 * 1 + 0, 0, -1), 1);
    cr_assert_eq(l_board(e, obs, "figures", 0, 0, -1), 0);
    const int16_t *figs = l_at(e, obs, "figures");
    int on = 0;
    for (int id = 0; id < info.figures; id++) {
        const int16_t *row = figs + 7 * id;
        cr_assert_eq(row[0], 1);
        if (!row[3]) {
            cr_assert(row[4] == -1 && row[5] == -1 && row[6] == -1);
            continue;
        }
        on++;
        cr_assert_eq(row[1], 1, "owner seat 0, seen by seat 1");
        cr_assert_eq(row[4], info.radius);
        cr_assert_eq(row[5], info.radius - 1);
        cr_assert_eq(row[6], t_feat(g, t_type(g, "E"), "f1"));
    }
    cr_assert_eq(on, 1);
    free(obs);
    carc_game_free(g);
    carc_encoding_free(e);
}

Test(learn_observe, views_of_a_variant)
{
    carc_encoding *e = l_encoding("over-hill-and-dale", 3, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = h_new("over-hill-and-dale", 3, 2);
    void *obs = l_buffer(info.observation_bytes, 0xFF);
    cr_assert_eq(carc_encoding_observe(e, g, -1, obs, info.observation_bytes), CARC_OK);
    carc_obs_array vg = l_array(e, "view_game");
    cr_assert_eq(vg.shape[0], 7, "pool (6 token kinds) and picker");
    const int32_t *v = l_at(e, obs, "view_game");
    for (int k = 0; k < 6; k++) cr_assert_eq(v[k], 0);
    cr_assert_eq(v[6], -1, "nobody picks a shared token now");
    const int16_t *tokens = l_at(e, obs, "tokens");
    cr_assert_eq(tokens[3 * info.token_kinds + 5], 8, "eight scarecrows in the supply");
    free(obs);
    carc_game_free(g);
    carc_encoding_free(e);
}

/* A failing call writes nothing and changes no game. */
Test(learn_observe, bad_calls_are_refused)
{
    carc_encoding *e = l_encoding("base", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = h_new("base", 2, 1);
    t_phase(g);
    char *before = h_save(g);
    size_t n = info.observation_bytes;
    unsigned char *obs = l_buffer(n + 8, 0xAB);
    cr_assert_eq(carc_encoding_observe(e, g, -1, obs, n - 1), CARC_E_BUFFER);
    cr_assert_eq(carc_encoding_observe(e, g, -1, obs + 2, n), CARC_E_INVALID);
    cr_assert_eq(carc_encoding_observe(e, g, 2, obs, n), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_observe(e, g, -2, obs, n), CARC_E_RANGE);
    cr_assert_eq(carc_encoding_observe(NULL, g, -1, obs, n), CARC_E_NULL);
    cr_assert_eq(carc_encoding_observe(e, NULL, -1, obs, n), CARC_E_NULL);
    cr_assert_eq(carc_encoding_observe(e, g, -1, NULL, n), CARC_E_NULL);
    carc_game *three = h_new("base", 3, 1), *hs = h_new("hills-sheep", 2, 1);
    cr_assert_eq(carc_encoding_observe(e, three, -1, obs, n), CARC_E_MISMATCH);
    cr_assert_eq(carc_encoding_observe(e, hs, -1, obs, n), CARC_E_MISMATCH);
    tgame small = t_new_deck("base", 2, "E:2 K:1", NULL, 0);
    cr_assert_eq(carc_encoding_observe(e, small.g, -1, obs, n), CARC_E_MISMATCH, "another tile set");
    for (size_t i = 0; i < n + 8; i++) cr_assert_eq(obs[i], 0xAB, "byte %zu written by a failed call", i);
    uint8_t *mask = l_buffer((size_t)info.action_count, 0xCD);
    cr_assert_eq(carc_encoding_mask(e, g, mask, (size_t)info.action_count - 1, NULL, NULL), CARC_E_BUFFER);
    cr_assert_eq(carc_encoding_mask(e, hs, mask, (size_t)info.action_count, NULL, NULL), CARC_E_MISMATCH);
    for (int i = 0; i < info.action_count; i++) cr_assert_eq(mask[i], 0xCD);
    h_assert_unchanged(g, before, "refused observations");
    /* a game of the kind made another way (loaded from its save) is accepted */
    carc_game *loaded;
    cr_assert_eq(carc_game_load(NULL, before, strlen(before), &loaded), CARC_OK);
    cr_assert_eq(carc_encoding_observe(e, loaded, -1, obs, n), CARC_OK);
    unsigned char *again = l_buffer(n, 0);
    cr_assert_eq(carc_encoding_observe(e, g, -1, again, n), CARC_OK);
    cr_assert_eq(memcmp(obs, again, n), 0, "the loaded game looks the same");
    carc_option hand = {"hand", 1};
    carc_encoding *dh = l_encoding("discovery", 2, &hand, 1, 0);
    carc_game *ds = h_new("discovery", 2, 1);
    size_t dn = l_info(dh).observation_bytes;
    void *dbuf = l_buffer(dn, 0);
    cr_assert_eq(carc_encoding_observe(dh, ds, -1, dbuf, dn), CARC_E_MISMATCH, "other ruleset options");
    free(dbuf);
    free(before);
    free(obs);
    free(again);
    free(mask);
    t_free(&small);
    carc_game_free(loaded);
    carc_game_free(ds);
    carc_game_free(three);
    carc_game_free(hs);
    carc_game_free(g);
    carc_encoding_free(dh);
    carc_encoding_free(e);
}

/* Every byte of the observation is written: the same position gives the
 * same bytes whatever the buffer held. */
Test(learn_observe, every_byte_is_written)
{
    carc_encoding *e = l_encoding("hunters-gatherers", 2, NULL, 0, 0);
    carc_encoding_info info = l_info(e);
    carc_game *g = h_new("hunters-gatherers", 2, 7);
    uint64_t rng = 7;
    h_play(g, &rng, 40);
    unsigned char *a = l_buffer(info.observation_bytes, 0x00), *b = l_buffer(info.observation_bytes, 0x5A);
    cr_assert_eq(carc_encoding_observe(e, g, -1, a, info.observation_bytes), CARC_OK);
    cr_assert_eq(carc_encoding_observe(e, g, -1, b, info.observation_bytes), CARC_OK);
    cr_assert_eq(memcmp(a, b, info.observation_bytes), 0);
    free(a);
    free(b);
    carc_game_free(g);
    carc_encoding_free(e);
}

/* carc_game_projection_with gives carc_game_projection's numbers on a
 * scratch game, leaves the game alone and refuses what does not fit. */
Test(learn_observe, projection_on_a_scratch_game)
{
    carc_game *g = h_new("hills-sheep", 3, 4), *scratch = h_new("hills-sheep", 3, 99);
    carc_game *other = h_new("base", 3, 1);
    uint64_t rng = 4;
    for (int round = 0; round < 6; round++) {
        h_play(g, &rng, 15);
        char *before = h_save(g);
        int a[3], b[3], ba[3 * 12], bb[3 * 12];
        cr_assert_eq(carc_game_projection(g, a, 3, ba, 36), CARC_OK);
        cr_assert_eq(carc_game_projection_with(g, scratch, b, 3, bb, 36), CARC_OK);
        cr_assert_eq(memcmp(a, b, sizeof a), 0, "round %d: totals", round);
        cr_assert_eq(memcmp(ba, bb, sizeof ba), 0, "round %d: breakdown", round);
        h_assert_unchanged(g, before, "a projection");
        free(before);
    }
    int t[3];
    cr_assert_eq(carc_game_projection_with(g, NULL, t, 3, NULL, 0), CARC_E_NULL);
    cr_assert_eq(carc_game_projection_with(g, scratch, NULL, 3, NULL, 0), CARC_E_NULL);
    cr_assert_eq(carc_game_projection_with(g, scratch, t, -1, NULL, 0), CARC_E_RANGE);
    cr_assert_eq(carc_game_projection_with(g, other, t, 3, NULL, 0), CARC_E_MISMATCH);
    cr_assert_eq(carc_game_projection_with(g, g, t, 3, NULL, 0), CARC_E_INVALID);
    carc_game_free(g);
    carc_game_free(scratch);
    carc_game_free(other);
}
