/* carc_game_hand() writes no more than `cap` tiles and none past the hand:
 * a buffer one short of the hand keeps its last entry, a longer one keeps
 * what follows the hand, and the count is the hand's either way. (The
 * mutation run, docs/fuzzing.md: a copy loop that wrote one entry past
 * `cap` survived, since every caller passed room to spare.) */
#include <criterion/criterion.h>

#include "helpers.h"

#define SENTINEL (-77)

static carc_game *discovery_with_hands(void)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "discovery", &v), CARC_OK);
    carc_option hand = {"hand", 1};
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 3, .rules = &hand,
                           .rule_count = 1};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    return g;
}

Test(core_hand_buffer, a_short_buffer_gets_cap_tiles_and_nothing_past_them)
{
    carc_game *g = discovery_with_hands();
    int full[8], k = -1;
    cr_assert_eq(carc_game_hand(g, 0, full, 8, &k), CARC_OK);
    cr_assert_geq(k, 2, "a hand of at least two tiles");
    for (int cap = 0; cap < k; cap++) {
        int tiles[8], n = -1;
        for (int i = 0; i < 8; i++) tiles[i] = SENTINEL;
        cr_assert_eq(carc_game_hand(g, 0, tiles, cap, &n), CARC_E_BUFFER, "cap %d", cap);
        cr_assert_eq(n, k, "the hand's size, whatever the room");
        for (int i = 0; i < cap; i++) cr_assert_eq(tiles[i], full[i], "cap %d: tile %d", cap, i);
        for (int i = cap; i < 8; i++) cr_assert_eq(tiles[i], SENTINEL, "cap %d: entry %d written", cap, i);
    }
    int tiles[8], n = -1;
    for (int i = 0; i < 8; i++) tiles[i] = SENTINEL;
    cr_assert_eq(carc_game_hand(g, 0, tiles, 8, &n), CARC_OK);
    for (int i = k; i < 8; i++) cr_assert_eq(tiles[i], SENTINEL, "entry %d past the hand written", i);
    carc_game_free(g);
}

Test(core_hand_buffer, without_hands_the_drawn_tile_and_nothing_more)
{
    tgame t = t_new("base", 2, 9);
    int tiles[3] = {SENTINEL, SENTINEL, SENTINEL}, n = -1;
    cr_assert_eq(carc_game_hand(t.g, 0, tiles, 0, &n), CARC_E_BUFFER);
    cr_assert_eq(n, 1);
    cr_assert_eq(tiles[0], SENTINEL, "cap 0 writes nothing");
    cr_assert_eq(carc_game_hand(t.g, 0, tiles, 3, &n), CARC_OK);
    cr_assert_eq(n, 1);
    cr_assert_geq(tiles[0], 0);
    cr_assert_eq(tiles[1], SENTINEL);
    cr_assert_eq(carc_game_hand(t.g, 1, tiles + 1, 2, &n), CARC_OK);
    cr_assert_eq(n, 0, "the other player holds nothing");
    cr_assert_eq(tiles[1], SENTINEL);
    t_free(&t);
}
