/* The other core additions of 0.2, through the public headers: tiles out of
 * play, token holdings and bag descriptions, the size-versioned structs,
 * figure values, decisions taken by another player while a feature is
 * scored, and the piece and figure calls a ruleset walks paths with. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../variants/over-hill-and-dale/over_hill_and_dale.h"
#include "helpers.h"

static const carc_variant *builtin(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, name, &v), CARC_OK, "%s is built in", name);
    return v;
}

static int type_of(carc_game *g, const char *name)
{
    int t = t_type(g, name);
    cr_assert_geq(t, 0, "no tile type %s", name);
    return t;
}

/* The piece of feature `id` of placed tile `tile_index`. */
static int piece_of(carc_game *g, int tile_index, const char *id)
{
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile(g, tile_index, &pt), CARC_OK);
    int f = t_feat(g, pt.type, id);
    cr_assert_geq(f, 0, "tile %d has no feature %s", tile_index, id);
    return carc_tile_first_piece(g, tile_index) + f;
}

/* Id of the one figure standing on placed tile `tile_index`, or -1. */
static int figure_on(const carc_game *g, int tile_index)
{
    int n = 0, found = -1;
    carc_game_figure_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_figure_info fi;
        cr_assert_eq(carc_game_figure(g, i, &fi), CARC_OK);
        if (fi.on_board && fi.tile_index == tile_index) found = i;
    }
    return found;
}

/* Whether the figure step lists a follower on feature `id` of the tile just placed. */
static int follower_listed(carc_game *g, const char *id)
{
    static carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    int last;
    carc_placed_tile pt;
    carc_game_last_tile(g, &last);
    cr_assert_eq(carc_game_tile(g, last, &pt), CARC_OK);
    int f = t_feat(g, pt.type, id);
    for (size_t i = 0; i < n; i++)
        if (buf[i].kind == CARC_MOVE_FIGURE && buf[i].feature == f) return 1;
    return 0;
}

/* ---- tiles out of play without hands -------------------------------- */

/* With W south of the start tile D, every open side of the pair carries a
 * road or a city, so B (all field) fits nowhere while E (one city side)
 * still fits north of D. */
static tgame road_ring(const char *deck)
{
    tgame t = t_new_deck("base", 2, deck, NULL, 0);
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "W", 0, 1, 0, NULL, NULL), CARC_OK);
    return t;
}

/* The same with the rest of the stack in the order given (B, then E), fixed
 * while W is on the board: the second turn draws from it as it begins. */
static tgame road_ring_b_e(void)
{
    tgame t = t_new_deck("base", 2, "W:1 B:1 E:1", NULL, 0);
    cr_assert_not_null(t.g);
    cr_assert_eq(t_place(t.g, "W", 0, 1, 0), CARC_OK);
    int order[] = {type_of(t.g, "B"), type_of(t.g, "E")};
    cr_assert_eq(carc_game_set_deck_order(t.g, 0, order, 2), CARC_OK);
    cr_assert_eq(t_pass(t.g), CARC_OK);
    return t;
}

Test(core_removed, a_base_tile_that_fits_nowhere_is_listed_with_its_type)
{
    tgame t = road_ring_b_e();
    carc_game *g = t.g;
    int b = type_of(g, "B"), e = type_of(g, "E");
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, e);
    cr_assert_eq(removed_count(g), 1);
    assert_removed(g, 0, b, CARC_REMOVED_UNPLACEABLE);
    cr_assert_eq(stack_left(g), 0);
    /* without hands, the hand of the player to move is the drawn tile */
    int h[2] = {-1, -1}, n = -1;
    cr_assert_eq(carc_game_hand(g, 1, h, 2, &n), CARC_OK);
    cr_assert_eq(n, 1);
    cr_assert_eq(h[0], e);
    cr_assert_eq(carc_game_hand(g, 0, h, 2, &n), CARC_OK);
    cr_assert_eq(n, 0);
    t_free(&t);
}

Test(core_removed, a_named_tile_that_fits_nowhere_in_place_of_the_drawn_one_is_listed)
{
    tgame t = road_ring("W:1 B:1 E:1");
    carc_game *g = t.g;
    int b = type_of(g, "B"), e = type_of(g, "E");
    cr_assert_eq(carc_game_set_next_tile(g, e), CARC_OK);
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, e);
    cr_assert_eq(removed_count(g), 0);
    /* B replaces the drawn E, is set aside, and E is drawn again */
    cr_assert_eq(carc_game_set_next_tile(g, b), CARC_OK);
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, e);
    cr_assert_eq(removed_count(g), 1);
    assert_removed(g, 0, b, CARC_REMOVED_UNPLACEABLE);
    /* the replay of a save sets it aside the same way */
    char *text = h_save(g);
    carc_game *back = NULL;
    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_E_MISMATCH,
                 "a t_new_deck tile set is custom: loading needs it");
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = t.ts};
    cr_assert_eq(carc_game_load(&lo, text, strlen(text), &back), CARC_OK);
    cr_assert_eq(removed_count(back), 1);
    assert_removed(back, 0, b, CARC_REMOVED_UNPLACEABLE);
    carc_game_free(back);
    free(text);
    t_free(&t);
}

Test(core_removed, the_last_tiles_fitting_nowhere_end_the_game_and_stay_listed)
{
    tgame t = road_ring("W:1 B:2");
    carc_game *g = t.g;
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert_eq(over, 1);
    cr_assert_eq(removed_count(g), 2);
    assert_removed(g, 0, type_of(g, "B"), CARC_REMOVED_UNPLACEABLE);
    assert_removed(g, 1, type_of(g, "B"), CARC_REMOVED_UNPLACEABLE);
    cr_assert_eq(tiles_on_board(g), 2);
    t_free(&t);
}

Test(core_removed, a_hill_hides_one_tile_whose_type_is_not_told)
{
    tgame t = t_new_deck("hills-sheep", 2, "HS03:1 E:3", NULL, 0);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    int hill = type_of(g, "HS03");
    cr_assert_eq(carc_game_set_next_tile(g, hill), CARC_OK);
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, hill);
    cr_assert_eq(removed_count(g), 1);
    assert_removed(g, 0, -1, CARC_REMOVED_HIDDEN);
    cr_assert_eq(stack_left(g), 2, "the hill tile and the tile under it left the stack");
    int type = 5, reason = -1;
    cr_assert_eq(carc_game_removed(g, 0, &type, NULL), CARC_OK, "reason may be left out");
    cr_assert_eq(type, -1);
    cr_assert_eq(carc_game_removed(g, 0, NULL, &reason), CARC_OK, "type may be left out");
    cr_assert_eq(reason, CARC_REMOVED_HIDDEN);
    t_free(&t);

    /* with the hills rule off nothing is hidden */
    const carc_option no_hills[] = {{"hills", 0}};
    t = t_new_deck("hills-sheep", 2, "HS03:1 E:3", no_hills, 1);
    g = t.g;
    cr_assert_eq(carc_game_set_next_tile(g, hill), CARC_OK);
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(removed_count(g), 0);
    cr_assert_eq(stack_left(g), 3);
    t_free(&t);
}

Test(core_removed, random_games_account_for_every_tile)
{
    const char *const variants[] = {"base", "hills-sheep"};
    static carc_move buf[H_MOVE_CAP];
    int hidden = 0;
    for (int vi = 0; vi < 2; vi++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            carc_game *g = h_new(variants[vi], 2 + (int)(seed % 4), seed);
            carc_variant_info info = {.struct_size = sizeof info};
            cr_assert_eq(carc_variant_describe(builtin(variants[vi]), &info), CARC_OK);
            uint64_t rng = seed;
            for (int steps = 0;; steps++) {
                cr_assert_lt(steps, 1000);
                carc_phase ph = t_phase(g);
                /* without hands the drawn tile sits between stack and board */
                int drawn = ph == CARC_PHASE_TILE;
                cr_assert_eq(tiles_on_board(g) + removed_count(g) + stack_left(g) + drawn, info.tile_count,
                             "%s seed %llu step %d", variants[vi], (unsigned long long)seed, steps);
                size_t n = 0;
                if (carc_game_moves(g, buf, H_MOVE_CAP, &n) == CARC_E_GAME_OVER) break;
                cr_assert_eq(carc_game_apply(g, &buf[h_below(&rng, (unsigned)n)]), CARC_OK);
            }
            for (int i = 0; i < removed_count(g); i++) {
                int type, why;
                cr_assert_eq(carc_game_removed(g, i, &type, &why), CARC_OK);
                if (why == CARC_REMOVED_HIDDEN) {
                    cr_assert_eq(type, -1);
                    hidden++;
                } else {
                    cr_assert_eq(why, CARC_REMOVED_UNPLACEABLE, "no ruleset here puts tiles out face up");
                    cr_assert(type >= 0 && type < info.tile_type_count);
                }
            }
            carc_game_free(g);
        }
    cr_assert_gt(hidden, 0, "hills hid tiles in some game");
}

Test(core_removed, removal_queries_check_their_arguments)
{
    tgame t = road_ring_b_e(); /* B set aside as the second turn began */
    carc_game *g = t.g;
    cr_assert_eq(removed_count(g), 1);
    int type, why, n;
    cr_assert_eq(carc_game_removed_count(NULL, &n), CARC_E_NULL);
    cr_assert_eq(carc_game_removed_count(g, NULL), CARC_E_NULL);
    cr_assert_eq(carc_game_removed(NULL, 0, &type, &why), CARC_E_NULL);
    cr_assert_eq(carc_game_removed(g, -1, &type, &why), CARC_E_RANGE);
    cr_assert_eq(carc_game_removed(g, 1, &type, &why), CARC_E_RANGE);
    cr_assert_eq(carc_game_removed(g, 0, NULL, NULL), CARC_OK);
    t_free(&t);
    carc_game *fresh = h_new("base", 2, 1);
    cr_assert_eq(carc_game_removed(fresh, 0, &type, &why), CARC_E_RANGE);
    carc_game_free(fresh);
}

/* ---- token holdings and bags ------------------------------------------- */

static void assert_bag(const carc_variant *v, int bag, const char *name, int kinds, const char *const *tokens,
                       const int *initial)
{
    const char *got = NULL;
    int k = -1;
    cr_assert_eq(carc_variant_bag(v, bag, &got, &k), CARC_OK);
    cr_assert_str_eq(got, name);
    cr_assert_eq(k, kinds);
    for (int i = 0; i < kinds; i++) {
        const char *tn = NULL;
        int init = -1;
        cr_assert_eq(carc_variant_bag_token(v, bag, i, &tn, &init), CARC_OK);
        cr_assert_str_eq(tn, tokens[i]);
        cr_assert_eq(init, initial[i], "%s of bag %s: %d at the start, want %d", tokens[i], name, init, initial[i]);
    }
    cr_assert_eq(carc_variant_bag_token(v, bag, kinds, &got, &k), CARC_E_RANGE);
    cr_assert_eq(carc_variant_bag_token(v, bag, -1, &got, &k), CARC_E_RANGE);
    cr_assert_eq(carc_variant_bag(v, bag, NULL, NULL), CARC_OK);
    cr_assert_eq(carc_variant_bag_token(v, bag, 0, NULL, NULL), CARC_OK);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(carc_variant_bag(v, info.bag_count, &got, &k), CARC_E_RANGE);
    cr_assert_eq(carc_variant_bag(v, -1, &got, &k), CARC_E_RANGE);
}

/* Every token of every kind is in the supply or held by someone. */
static void assert_tokens_kept(carc_game *g, int bag, int kinds, const int *initial)
{
    int players = 0;
    carc_game_players(g, &players);
    for (int k = 0; k < kinds; k++) {
        int sum = 0, n = -1;
        cr_assert_eq(carc_game_tokens(g, bag, -1, k, &n), CARC_OK);
        cr_assert_geq(n, 0);
        sum += n;
        for (int p = 0; p < players; p++) {
            cr_assert_eq(carc_game_tokens(g, bag, p, k, &n), CARC_OK);
            cr_assert_geq(n, 0);
            sum += n;
        }
        cr_assert_eq(sum, initial[k], "token kind %d: %d in all, want %d", k, sum, initial[k]);
    }
}

static const char *const SHEEP[] = {"sheep1", "sheep2", "sheep3", "sheep4", "wolf"};
static const int SHEEP_START[] = {4, 5, 5, 2, 2};
static const char *const HARVEST[] = {"apple", "strawberry", "pumpkin", "sunflower", "grain", "scarecrow"};
static const int HARVEST_START[] = {5, 5, 5, 5, 5, 8};

Test(core_tokens, the_sheep_bag_is_described_and_starts_full)
{
    const carc_variant *v = builtin("hills-sheep");
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(info.bag_count, 1);
    assert_bag(v, 0, "sheep", 5, SHEEP, SHEEP_START);

    carc_game *g = h_new("hills-sheep", 3, 2);
    for (int k = 0; k < 5; k++) {
        int n = -1;
        cr_assert_eq(carc_game_tokens(g, 0, -1, k, &n), CARC_OK);
        cr_assert_eq(n, SHEEP_START[k], "supply of %s", SHEEP[k]);
        for (int p = 0; p < 3; p++) {
            cr_assert_eq(carc_game_tokens(g, 0, p, k, &n), CARC_OK);
            cr_assert_eq(n, 0, "nobody holds a token at the start");
        }
    }
    int n = 77;
    cr_assert_eq(carc_game_tokens(g, 1, -1, 0, &n), CARC_E_RANGE, "one bag only");
    cr_assert_eq(carc_game_tokens(g, -1, -1, 0, &n), CARC_E_RANGE);
    cr_assert_eq(carc_game_tokens(g, 0, -1, 5, &n), CARC_E_RANGE);
    cr_assert_eq(carc_game_tokens(g, 0, -1, -1, &n), CARC_E_RANGE);
    cr_assert_eq(carc_game_tokens(g, 0, 3, 0, &n), CARC_E_RANGE);
    cr_assert_eq(carc_game_tokens(g, 0, -2, 0, &n), CARC_E_RANGE);
    cr_assert_eq(n, 77, "a refused call writes nothing");
    cr_assert_eq(carc_game_tokens(g, 0, -1, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_game_tokens(NULL, 0, -1, 0, &n), CARC_E_NULL);
    carc_game_free(g);
}

Test(core_tokens, a_drawn_sheep_leaves_the_supply_and_a_wolf_goes_back)
{
    tgame t = t_new_deck("hills-sheep", 2, "B:2 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    /* seat 0: a shepherd south of the road draws the fixed sheep2 */
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    cr_assert_eq(carc_game_set_next_token(g, "sheep", 1), CARC_OK);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    int n = -1;
    cr_assert_eq(carc_game_tokens(g, 0, -1, 1, &n), CARC_OK);
    cr_assert_eq(n, SHEEP_START[1] - 1, "the drawn sheep2 is out of the bag");
    for (int k = 0; k < 5; k++) {
        if (k == 1) continue;
        cr_assert_eq(carc_game_tokens(g, 0, -1, k, &n), CARC_OK);
        cr_assert_eq(n, SHEEP_START[k]);
    }
    t_free(&t);

    /* a wolf drawn for a new shepherd goes straight back */
    t = t_new_deck("hills-sheep", 2, "B:1 E:1", NULL, 0);
    g = t.g;
    cr_assert_eq(t_place(g, "B", 0, 1, 0), CARC_OK);
    cr_assert_eq(carc_game_set_next_token(g, "sheep", 4), CARC_OK);
    cr_assert_eq(t_figure(g, "shepherd", "f1"), CARC_OK);
    for (int k = 0; k < 5; k++) {
        cr_assert_eq(carc_game_tokens(g, 0, -1, k, &n), CARC_OK);
        cr_assert_eq(n, SHEEP_START[k], "%s after a wolf", SHEEP[k]);
    }
    t_free(&t);
}

Test(core_tokens, the_harvest_supply_is_described_and_starts_full)
{
    const carc_variant *v = builtin("over-hill-and-dale");
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(info.bag_count, 1);
    assert_bag(v, 0, "harvest", 6, HARVEST, HARVEST_START);
    carc_game *g = h_new("over-hill-and-dale", 4, 3);
    assert_tokens_kept(g, 0, 6, HARVEST_START);
    for (int k = 0; k < 6; k++) {
        int n = -1;
        cr_assert_eq(carc_game_tokens(g, 0, -1, k, &n), CARC_OK);
        cr_assert_eq(n, HARVEST_START[k]);
    }
    int n;
    cr_assert_eq(carc_game_tokens(g, 0, -1, 6, &n), CARC_E_RANGE);
    carc_game_free(g);
}

Test(core_tokens, a_ruleset_without_bags_has_none_to_describe)
{
    const carc_variant *v = builtin("base");
    carc_variant_info info = {.struct_size = sizeof info, .bag_count = 99};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(info.bag_count, 0);
    const char *name;
    int kinds;
    cr_assert_eq(carc_variant_bag(v, 0, &name, &kinds), CARC_E_RANGE);
    cr_assert_eq(carc_variant_bag_token(v, 0, 0, &name, &kinds), CARC_E_RANGE);
    cr_assert_eq(carc_variant_bag(NULL, 0, &name, &kinds), CARC_E_NULL);
    cr_assert_eq(carc_variant_bag_token(NULL, 0, 0, &name, &kinds), CARC_E_NULL);
    carc_game *g = h_new("base", 2, 1);
    int n;
    cr_assert_eq(carc_game_tokens(g, 0, -1, 0, &n), CARC_E_RANGE);
    carc_game_free(g);
}

/* The smallest struct a caller may pass ends before bag_count: nothing
 * past it may be written, even though the caller's memory goes on. */
Test(core_tokens, describe_writes_no_further_than_the_callers_struct)
{
    enum { CANARY = 0xA5 };
    union {
        carc_variant_info info;
        unsigned char bytes[sizeof(carc_variant_info) + 64];
    } buf;
    const carc_variant *v = builtin("hills-sheep");

    memset(&buf, CANARY, sizeof buf);
    buf.info.struct_size = (uint32_t)CARC_VARIANT_INFO_SIZE_V1;
    cr_assert_eq(carc_variant_describe(v, &buf.info), CARC_OK);
    cr_assert_str_eq(buf.info.name, "hills-sheep");
    cr_assert_eq(buf.info.struct_size, CARC_VARIANT_INFO_SIZE_V1);
    cr_assert_eq(buf.info.min_players, 2);
    cr_assert_gt(buf.info.tile_count, 72);
    cr_assert_eq(buf.info.figure_kind_count, 2);
    cr_assert_gt(buf.info.category_count, 0);
    for (size_t i = CARC_VARIANT_INFO_SIZE_V1; i < sizeof buf.bytes; i++)
        cr_assert_eq(buf.bytes[i], CANARY, "byte %zu past a 0.1 struct was written", i);

    /* one byte short of 0.1 is refused, and nothing is written */
    memset(&buf, CANARY, sizeof buf);
    buf.info.struct_size = (uint32_t)CARC_VARIANT_INFO_SIZE_V1 - 1;
    cr_assert_eq(carc_variant_describe(v, &buf.info), CARC_E_VERSION);
    for (size_t i = sizeof buf.info.struct_size; i < sizeof buf.bytes; i++)
        cr_assert_eq(buf.bytes[i], CANARY, "byte %zu written by a refused call", i);
    buf.info.struct_size = 0;
    cr_assert_eq(carc_variant_describe(v, &buf.info), CARC_E_VERSION);

    /* a caller from a later version: what this library knows is filled in,
     * the members it does not know are left to the caller */
    memset(&buf, CANARY, sizeof buf);
    buf.info.struct_size = (uint32_t)sizeof buf.bytes;
    cr_assert_eq(carc_variant_describe(v, &buf.info), CARC_OK);
    cr_assert_eq(buf.info.bag_count, 1);
    for (size_t i = sizeof buf.info; i < sizeof buf.bytes; i++)
        cr_assert_eq(buf.bytes[i], CANARY, "byte %zu past the struct this library knows", i);
}

/* ---- a vtable built against the first header ---------------------------- */

/* The old vtable ends right before an inaccessible page, so reading a
 * member it does not have crashes the test instead of passing by luck. */
typedef struct fenced {
    unsigned char *map;
    size_t len;
    carc_variant *v;
} fenced;

static fenced fenced_copy(const carc_variant *src, size_t size)
{
    fenced f;
    long page = sysconf(_SC_PAGESIZE);
    cr_assert_gt(page, 0);
    f.len = 2 * (size_t)page;
    f.map = mmap(NULL, f.len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    cr_assert_neq(f.map, MAP_FAILED);
    cr_assert_eq(mprotect(f.map + page, (size_t)page, PROT_NONE), 0);
    cr_assert_eq(size % _Alignof(carc_variant), 0);
    f.v = (carc_variant *)(void *)(f.map + page - size);
    memcpy(f.v, src, size);
    f.v->struct_size = (uint32_t)size;
    return f;
}

Test(core_vtable, a_variant_of_the_first_size_is_accepted_and_plays_a_game)
{
    cr_assert_leq(CARC_VARIANT_SIZE_V1, sizeof(carc_variant));
    fenced f = fenced_copy(builtin("base"), CARC_VARIANT_SIZE_V1);
    f.v->name = "base-v1";
    carc_registry *reg;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    cr_assert_eq(carc_registry_add(reg, f.v), CARC_OK);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(f.v, &info), CARC_OK);
    cr_assert_eq(info.tile_count, 72);

    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base-v1", .registry = reg, .players = 3,
                           .seed = 9};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    const carc_variant *back = NULL;
    cr_assert_eq(carc_game_variant(g, &back), CARC_OK);
    cr_assert_eq(back, f.v, "the game names the caller's vtable");
    carc_game *scratch = NULL;
    cr_assert_eq(carc_game_clone(g, &scratch), CARC_OK);
    uint64_t rng = 4;
    h_play(g, &rng, 100000);
    int over = 0;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert_eq(over, 1);
    int total = 0;
    for (int p = 0; p < 3; p++) total += t_score(g, p);
    cr_assert_gt(total, 0, "something was scored");
    cr_assert_eq(carc_game_copy(scratch, g), CARC_OK);
    char *text = h_save(g);
    carc_load_options lo = {.struct_size = sizeof lo, .registry = reg};
    carc_game *loaded = NULL;
    cr_assert_eq(carc_game_load(&lo, text, strlen(text), &loaded), CARC_OK);
    h_assert_unchanged(loaded, text, "a load of the finished game");
    h_assert_unchanged(scratch, text, "a copy of the finished game");
    free(text);
    carc_game_free(loaded);
    carc_game_free(scratch);
    carc_game_free(g);
    carc_registry_free(reg);
    munmap(f.map, f.len);
}

Test(core_vtable, a_vtable_shorter_than_the_first_header_is_refused)
{
    const carc_variant *base = builtin("base");
    carc_variant v = *base;
    v.name = "short";
    carc_registry *reg;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    int before = 0, after = 0;
    carc_registry_count(reg, &before);
    v.struct_size = (uint32_t)CARC_VARIANT_SIZE_V1 - 1;
    cr_assert_eq(carc_registry_add(reg, &v), CARC_E_VERSION);
    v.struct_size = 0;
    cr_assert_eq(carc_registry_add(reg, &v), CARC_E_VERSION);
    v.struct_size = (uint32_t)sizeof v;
    v.abi = CARC_VARIANT_ABI + 1;
    cr_assert_eq(carc_registry_add(reg, &v), CARC_E_VERSION);
    carc_registry_count(reg, &after);
    cr_assert_eq(after, before, "nothing was added");
    /* the same check guards a game made from the pointer */
    v.abi = CARC_VARIANT_ABI;
    v.struct_size = (uint32_t)CARC_VARIANT_SIZE_V1 - 8;
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2, .seed = 1};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_VERSION);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(&v, &info), CARC_E_VERSION);
    carc_registry_free(reg);
}

/* ---- what a figure's feature is worth ----------------------------------- */

Test(core_figure_points, a_follower_on_an_open_road_of_three_tiles_is_worth_three)
{
    tgame t = t_new_deck("base", 2, "U:3", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), CARC_OK);
    int fig = figure_on(g, 1);
    cr_assert_geq(fig, 0);
    int pts = -1;
    cr_assert_eq(carc_game_figure_points(g, fig, &pts), CARC_OK);
    cr_assert_eq(pts, 2, "start tile and one straight");
    cr_assert_eq(t_turn(g, "U", -1, 0, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(carc_game_figure_points(g, fig, &pts), CARC_OK);
    cr_assert_eq(pts, 3, "the road runs over three tiles, open at both ends");
    cr_assert_eq(t_feature_at(g, 0, 0, "r1").points_now, 3);
    cr_assert_eq(t_score(g, 0), 0, "nothing is scored by asking");
    t_free(&t);
}

Test(core_figure_points, a_completed_city_is_worth_its_value_until_it_is_scored)
{
    tgame t = t_new_deck("base", 2, "G:1 E:1 U:1", NULL, 0);
    carc_game *g = t.g;
    /* seat 0: G north of the start tile, its city running north-south */
    cr_assert_eq(t_turn(g, "G", 0, -1, 1, "follower", "c1"), CARC_OK);
    int fig = figure_on(g, 1);
    cr_assert_geq(fig, 0);
    int pts = -1;
    cr_assert_eq(carc_game_figure_points(g, fig, &pts), CARC_OK);
    cr_assert_eq(pts, 2, "an open city of two tiles: one each");
    /* seat 1 closes it: three tiles, two each, not scored before the turn ends */
    cr_assert_eq(t_place(g, "E", 0, -2, 2), CARC_OK);
    char *before = h_save(g);
    cr_assert_eq(carc_game_figure_points(g, fig, &pts), CARC_OK);
    cr_assert_eq(pts, 6);
    h_assert_unchanged(g, before, "asking a figure's value");
    free(before);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_score(g, 0), 6);
    carc_figure_info fi;
    cr_assert_eq(carc_game_figure(g, fig, &fi), CARC_OK);
    cr_assert_eq(fi.on_board, 0, "scored and sent home");
    cr_assert_eq(carc_game_figure_points(g, fig, &pts), CARC_OK);
    cr_assert_eq(pts, 0, "a figure in supply is worth nothing");
    t_free(&t);
}

Test(core_figure_points, argument_errors)
{
    carc_game *g = h_new("base", 2, 1);
    int n = 0, pts = 42;
    carc_game_figure_count(g, &n);
    cr_assert_eq(n, 14);
    cr_assert_eq(carc_game_figure_points(g, 0, &pts), CARC_OK);
    cr_assert_eq(pts, 0);
    pts = 42;
    cr_assert_eq(carc_game_figure_points(g, -1, &pts), CARC_E_RANGE);
    cr_assert_eq(carc_game_figure_points(g, n, &pts), CARC_E_RANGE);
    cr_assert_eq(pts, 42);
    cr_assert_eq(carc_game_figure_points(g, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_game_figure_points(NULL, 0, &pts), CARC_E_NULL);
    carc_game_free(g);
}

/* ---- decisions while a feature is scored -------------------------------- */

/* Random Over Hill and Dale games, with meeples favoured so that farmers
 * meet in fields and tie: every decision the harvest opens lists only
 * picks, each of them playable, and some belong to a player whose turn it
 * is not. */
Test(core_scoring_decisions, harvest_picks_are_listed_playable_and_may_be_another_players)
{
    static carc_move buf[H_MOVE_CAP];
    carc_game *scratch = h_new("over-hill-and-dale", 2, 1);
    int decisions = 0, by_other = 0, round_trips = 0;
    uint64_t rng = 12345;
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        int players = 2 + (int)(seed % 4);
        carc_game *g = h_new("over-hill-and-dale", players, seed);
        for (int steps = 0;; steps++) {
            cr_assert_lt(steps, 2000);
            carc_phase ph;
            int decider;
            cr_assert_eq(carc_game_state(g, &ph, &decider), CARC_OK);
            size_t n = 0;
            int r = carc_game_moves(g, buf, H_MOVE_CAP, &n);
            if (r == CARC_E_GAME_OVER) break;
            cr_assert_eq(r, CARC_OK);
            cr_assert_gt(n, 0);
            if (ph == CARC_PHASE_ACTION) {
                decisions++;
                cr_assert(decider >= 0 && decider < players);
                if (decider != carc_turn_player(g)) by_other++;
                cr_assert_geq(n, 2, "a pick with one kind left is made for the player");
                for (size_t i = 0; i < n; i++) {
                    cr_assert_eq(buf[i].kind, CARC_MOVE_ACTION);
                    cr_assert_eq(buf[i].action, OHD_ACTION_PICK);
                    int left = -1;
                    cr_assert_eq(carc_game_tokens(g, 0, -1, buf[i].target, &left), CARC_OK);
                    cr_assert_gt(left, 0, "a listed token is in the supply");
                    cr_assert_eq(carc_game_copy(scratch, g), CARC_OK);
                    int before = -1, after = -1;
                    carc_game_tokens(scratch, 0, decider, buf[i].target, &before);
                    cr_assert_eq(carc_game_apply(scratch, &buf[i]), CARC_OK, "listed pick %zu refused", i);
                    carc_game_tokens(scratch, 0, decider, buf[i].target, &after);
                    cr_assert_eq(after, before + 1, "the deciding player took the token");
                }
                if (round_trips < 5) {
                    round_trips++;
                    char *text = h_save(g);
                    carc_game *back = NULL;
                    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_OK);
                    h_assert_unchanged(back, text, "a load in the middle of a harvest");
                    carc_phase bph;
                    int bdecider;
                    cr_assert_eq(carc_game_state(back, &bph, &bdecider), CARC_OK);
                    cr_assert_eq(bph, CARC_PHASE_ACTION);
                    cr_assert_eq(bdecider, decider);
                    for (int pl = -1; pl < players; pl++)
                        for (int k = 0; k < 6; k++) {
                            int x = -1, y = -2;
                            carc_game_tokens(g, 0, pl, k, &x);
                            carc_game_tokens(back, 0, pl, k, &y);
                            cr_assert_eq(x, y, "holding of seat %d, token %d after a load", pl, k);
                        }
                    carc_game_free(back);
                    free(text);
                }
            } else if (ph == CARC_PHASE_TILE || ph == CARC_PHASE_FIGURE) {
                cr_assert_eq(decider, carc_turn_player(g), "only scoring hands a decision to someone else");
            }
            size_t pick = h_below(&rng, (unsigned)n);
            if (ph == CARC_PHASE_FIGURE && h_below(&rng, 4)) {
                size_t meeples[H_MOVE_CAP], k = 0;
                for (size_t i = 0; i < n; i++)
                    if (buf[i].kind == CARC_MOVE_FIGURE && buf[i].figure == OHD_FIG_MEEPLE) meeples[k++] = i;
                if (k) pick = meeples[h_below(&rng, (unsigned)k)];
            }
            cr_assert_eq(carc_game_apply(g, &buf[pick]), CARC_OK);
            assert_tokens_kept(g, 0, 6, HARVEST_START);
        }
        carc_game_free(g);
    }
    carc_game_free(scratch);
    cr_assert_gt(decisions, 0, "no harvest was shared");
    cr_assert_gt(by_other, 0, "no pick fell to a player whose turn it was not");
}

/* ---- walking pieces and moving figures ---------------------------------- */

enum { NORTH, EAST, SOUTH, WEST };

#if !CARC_PLUGIN_CHECKS /* bad arguments on purpose: a -Dplugin_checks build stops at them */
Test(core_pieces, a_piece_across_a_side_is_the_neighbours_piece_on_the_facing_slots)
{
    tgame t = t_new_deck("base", 2, "U:1 G:1", NULL, 0);
    carc_game *g = t.g;
    /* U east of the start tile D, turned so its road runs west-east */
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, NULL, NULL), CARC_OK);
    int d_road = piece_of(g, 0, "r1"), u_road = piece_of(g, 1, "r1");
    cr_assert_eq(carc_piece_across(g, d_road, EAST), u_road);
    cr_assert_eq(carc_piece_across(g, u_road, WEST), d_road);
    cr_assert_eq(carc_piece_across(g, d_road, WEST), -1, "no tile west of D");
    cr_assert_eq(carc_piece_across(g, u_road, EAST), -1, "no tile east of U");
    cr_assert_eq(carc_piece_across(g, d_road, NORTH), -1, "the road does not reach north");
    cr_assert_eq(carc_piece_across(g, d_road, SOUTH), -1);
    /* D's thin field touches the north third of its east side, which
     * faces the field U (turned) has north of its road */
    cr_assert_eq(carc_piece_across(g, piece_of(g, 0, "f1"), EAST), piece_of(g, 1, "f2"));
    cr_assert_eq(carc_piece_across(g, piece_of(g, 0, "f2"), EAST), piece_of(g, 1, "f1"));

    /* G north of D, turned so its city runs north-south */
    cr_assert_eq(t_turn(g, "G", 0, -1, 1, NULL, NULL), CARC_OK);
    int d_city = piece_of(g, 0, "c1"), g_city = piece_of(g, 2, "c1");
    cr_assert_eq(carc_piece_across(g, d_city, NORTH), g_city);
    cr_assert_eq(carc_piece_across(g, g_city, SOUTH), d_city);
    cr_assert_eq(carc_piece_across(g, g_city, NORTH), -1);
    cr_assert_eq(carc_piece_across(g, piece_of(g, 2, "f1"), SOUTH), -1, "G's fields lie east and west");
    /* U at (1,0) and G at (0,-1) only touch at a corner */
    cr_assert_eq(carc_piece_across(g, piece_of(g, 2, "f1"), EAST), -1);

    cr_assert_eq(carc_piece_across(g, d_road, -1), -1);
    cr_assert_eq(carc_piece_across(g, d_road, 4), -1);
    cr_assert_eq(carc_piece_across(g, -1, EAST), -1);
    cr_assert_eq(carc_piece_across(g, 100000, EAST), -1);
    cr_assert_eq(carc_piece_across(NULL, d_road, EAST), -1);
    t_free(&t);
}
#endif

#if !CARC_PLUGIN_CHECKS /* bad arguments on purpose: a -Dplugin_checks build stops at them */
Test(core_pieces, a_features_attribute_is_the_sum_over_its_tiles)
{
    /* F (a city across the tile, with a pennant) north of the start tile,
     * then another F north of it: one city of three tiles, two pennants */
    tgame t = t_new_deck("base", 2, "F:2 E:1", NULL, 0);
    carc_game *g = t.g;
    int pennant = carc_attr_index(g, "pennant");
    cr_assert_geq(pennant, 0);
    cr_assert_eq(t_turn(g, "F", 0, -1, 1, NULL, NULL), CARC_OK);
    int d_city = piece_of(g, 0, "c1"), f_city = piece_of(g, 1, "c1");
    cr_assert_eq(carc_piece_attr(g, d_city, pennant), 0, "the start tile's city has no pennant");
    cr_assert_eq(carc_piece_attr(g, f_city, pennant), 1);
    cr_assert_eq(carc_feature_attr(g, d_city, pennant), 1);
    cr_assert_eq(t_turn(g, "F", 0, -2, 1, NULL, NULL), CARC_OK);
    for (int i = 0; i < 3; i++)
        cr_assert_eq(carc_feature_attr(g, piece_of(g, i, "c1"), pennant), 2, "asked through piece %d", i);
    cr_assert_eq(carc_feature_attr(g, piece_of(g, 0, "r1"), pennant), 0, "a road has no pennant");
    cr_assert_eq(carc_feature_attr(g, d_city, -1), 0);
    cr_assert_eq(carc_feature_attr(g, d_city, 16), 0);
    cr_assert_eq(carc_feature_attr(g, -1, pennant), 0);
    t_free(&t);
}
#endif

/* A tile set whose cities carry 200 pennants each: a feature's sum is exact past 255. */
static const char BIG_PENNANTS[] = "tile S count=1 start\n"
                                   "  edges C C C C C C C C C C C C\n"
                                   "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1 pennant=200\n"
                                   "tile C count=2\n"
                                   "  edges C C C C C C C C C C C C\n"
                                   "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1 pennant=200\n";

Test(core_pieces, a_features_attribute_sum_is_exact_past_255)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    tgame t = t_new_text(v, 2, BIG_PENNANTS, sizeof BIG_PENNANTS - 1, NULL, 0);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    int pennant = carc_attr_index(g, "pennant");
    cr_assert_eq(carc_feature_attr(g, piece_of(g, 0, "c1"), pennant), 200);
    cr_assert_eq(t_turn(g, "C", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(carc_feature_attr(g, piece_of(g, 0, "c1"), pennant), 400, "400 pennants, not capped");
    cr_assert_eq(carc_feature_attr(g, piece_of(g, 1, "c1"), pennant), 400);
    t_free(&t);
}

Test(core_pieces, a_moved_figure_keeps_its_id_and_takes_its_occupancy_along)
{
    tgame t = t_new_deck("base", 2, "U:2 G:1 E:1", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), CARC_OK);
    cr_assert_eq(t_turn(g, "G", 0, -1, 1, NULL, NULL), CARC_OK);
    int fig = figure_on(g, 1);
    cr_assert_geq(fig, 0);
    carc_game *unmoved = NULL;
    cr_assert_eq(carc_game_clone(g, &unmoved), CARC_OK);

    /* off the road, onto the city of D and G */
    int city = piece_of(g, 2, "c1");
    cr_assert_eq(carc_figure_move(g, fig, city), 0);
    cr_assert_eq(carc_figure_piece(g, fig), city);
    carc_figure_info fi;
    cr_assert_eq(carc_game_figure(g, fig, &fi), CARC_OK);
    cr_assert(fi.on_board && fi.owner == 0 && fi.tile_index == 2);
    cr_assert_eq(fi.feature, t_feat(g, type_of(g, "G"), "c1"));
    cr_assert_eq(h_supply(g, 0), 6, "moving takes nothing from the supply");
    cr_assert_eq(figure_on(g, 1), -1);
    cr_assert_eq(t_feature_at(g, 0, 0, "c1").figures[0], 1);
    cr_assert_eq(t_feature_at(g, 0, 0, "r1").figures[0], 0);

    /* seat 0 extends the road: free now, still taken in the unmoved game */
    cr_assert_eq(t_place(g, "U", 2, 0, 1), CARC_OK);
    cr_assert_eq(t_place(unmoved, "U", 2, 0, 1), CARC_OK);
    cr_assert(follower_listed(g, "r1"), "the road the follower left is free");
    cr_assert(!follower_listed(unmoved, "r1"), "without the move the road is taken");
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_pass(unmoved), CARC_OK);

    /* seat 1 closes the city: no follower of its own may join, and the
     * moved follower is the one scored */
    cr_assert_eq(t_place(g, "E", 0, -2, 2), CARC_OK);
    cr_assert(!follower_listed(g, "c1"), "the city is taken by the moved follower");
    cr_assert(follower_listed(g, "f1"));
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "city"), 6);
    cr_assert_eq(carc_game_figure(g, fig, &fi), CARC_OK);
    cr_assert_eq(fi.on_board, 0);
    carc_game_free(unmoved);
    t_free(&t);
}

#if !CARC_PLUGIN_CHECKS /* bad arguments on purpose: a -Dplugin_checks build stops at them */
Test(core_pieces, figure_move_refuses_what_it_cannot_do)
{
    tgame t = t_new_deck("base", 2, "U:2", NULL, 0);
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), CARC_OK);
    int fig = figure_on(g, 1), n = 0;
    carc_game_figure_count(g, &n);
    int home = -1;
    for (int i = 0; i < n && home < 0; i++)
        if (i != fig && carc_figure_piece(g, i) < 0) home = i;
    cr_assert_geq(home, 0);
    int city = piece_of(g, 0, "c1");
    char *before = h_save(g);
    cr_assert_eq(carc_figure_move(g, home, city), -1, "a figure in supply does not move");
    cr_assert_eq(carc_figure_piece(g, home), -1);
    cr_assert_eq(carc_figure_move(g, fig, -1), -1);
    cr_assert_eq(carc_figure_move(g, fig, 100000), -1);
    cr_assert_eq(carc_figure_move(g, -1, city), -1);
    cr_assert_eq(carc_figure_move(g, n, city), -1);
    cr_assert_eq(carc_figure_move(NULL, fig, city), -1);
    cr_assert_eq(carc_figure_piece(g, fig), piece_of(g, 1, "r1"));
    cr_assert_eq(t_feature_at(g, 0, 0, "c1").figures[0], 0);
    h_assert_unchanged(g, before, "refused figure moves");
    free(before);
    t_free(&t);
}
#endif

/* ---- a majority figure that is free ------------------------------------- */

/* A third-party variant whose follower is CARC_FIG_FREE as well as
 * CARC_FIG_MAJORITY: free figures are not counted in a feature's
 * occupancy, yet they still decide who scores it. */
Test(core_scoring_free, a_free_majority_figure_scores_a_completed_city_and_an_open_road)
{
    carc_variant v = *builtin("base");
    carc_figure_desc follower = v.figures[0];
    follower.flags |= CARC_FIG_FREE;
    v.name = "base-free";
    v.figures = &follower;
    v.figure_count = 1;
    carc_registry *reg;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    cr_assert_eq(carc_registry_add(reg, &v), CARC_OK);
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base-free", .registry = reg, .players = 2,
                           .seed = 1};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    /* the start tile D has its city to the north: a city cap closes it */
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, "follower", "c1"), CARC_OK);
    cr_expect_eq(t_score(g, 0), 4, "a 2-tile city completed: 4 for its follower's owner");
    cr_expect_eq(t_score(g, 1), 0);
    int supply = 0;
    carc_game_supply(g, 0, 0, &supply);
    cr_expect_eq(supply, 7, "the follower went home");
    /* player 1 stands on the start tile's road through a straight road to
     * the east; the game ends with the road open: 2 tiles, 2 points */
    cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), CARC_OK);
    cr_expect_eq(t_score(g, 1), 0, "an open road scores nothing in play");
    int totals[2] = {0, 0};
    cr_assert_eq(carc_game_projection(g, totals, 2, NULL, 0), CARC_OK);
    cr_expect_eq(totals[1], 2, "at the end the open road scores 2 for player 1");
    cr_expect_eq(totals[0], 4);
    carc_game_free(g);
    carc_registry_free(reg);
}
