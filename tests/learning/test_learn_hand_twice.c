/* A tile type held twice is indexed by its first hand slot
 * (docs/observations.md, "Action space"): in The Discovery with hand=1
 * (two tiles a hand), a hand of two alike puts every tile move in slot 0.
 * (The mutation run, docs/fuzzing.md: slot 0 skipped when the slots were
 * read backwards survived; no test held the first tile twice.) */
#include <criterion/criterion.h>
#include <string.h>

#include "core/helpers.h"
#include "learn_test.h"

Test(learn_hand_twice, a_tile_held_twice_takes_its_first_slot)
{
    carc_option hand = {"hand", 1};
    carc_encoding *e = l_encoding("discovery", 2, &hand, 1, 0);
    carc_action_block tile = {.struct_size = sizeof tile};
    cr_assert_eq(carc_encoding_block(e, 0, &tile), CARC_OK);
    cr_assert_str_eq(tile.name, "tile");
    cr_assert_str_eq(tile.axis_names[0], "hand_slot");
    cr_assert_eq(tile.axis_sizes[0], 2);
    int per_slot = tile.size / 2, found = 0;
    for (uint64_t seed = 1; seed <= 400 && !found; seed++) {
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = 2, .seed = seed,
                               .rules = &hand, .rule_count = 1};
        carc_game *g;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        int h[4], k = 0;
        cr_assert_eq(carc_game_hand(g, 0, h, 4, &k), CARC_OK);
        cr_assert_eq(k, 2);
        if (h[0] == h[1]) {
            found = 1;
            static carc_move moves[H_MOVE_CAP];
            static int32_t idx[H_MOVE_CAP];
            size_t n = 0;
            cr_assert_eq(carc_game_moves(g, moves, H_MOVE_CAP, &n), CARC_OK);
            cr_assert_gt(n, 0);
            cr_assert_eq(carc_encoding_indices(e, g, moves, n, idx), CARC_OK);
            for (size_t i = 0; i < n; i++) {
                cr_assert_eq(moves[i].kind, CARC_MOVE_TILE);
                cr_assert(idx[i] >= tile.offset && idx[i] < tile.offset + per_slot,
                          "seed %llu: move %zu indexed %d, outside hand slot 0 (%d .. %d)", (unsigned long long)seed, i,
                          idx[i], tile.offset, tile.offset + per_slot - 1);
            }
        }
        carc_game_free(g);
    }
    cr_assert(found, "no deal of two alike tiles in 400 seeds");
    carc_encoding_free(e);
}
