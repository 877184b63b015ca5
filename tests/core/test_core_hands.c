/* Hands of tiles (carc_set_hand) as a third-party ruleset would deal them.
 *
 * The rulesets here are not built into the library: each is a copy of a
 * built-in variant's vtable with two options added ("hand", "removed") and
 * a setup hook that deals hands from them, registered in a registry of the
 * test's own. So what is checked is the core's hand machinery seen through
 * the public headers, for any ruleset, not The Discovery's use of it. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* ---- the test's own rulesets ------------------------------------------- */

#define MAX_OPTS 32

typedef struct handed {
    carc_variant v; /* first, so the pointer the game hands back leads here */
    const carc_variant *orig;
    int hand_opt; /* index of "hand"; "removed" follows it */
    char name[48];
    carc_option_desc opts[MAX_OPTS];
} handed;

static const char *const WRAPPED[] = {"base", "hills-sheep", "hunters-gatherers", "over-hill-and-dale"};
#define NWRAPPED (int)(sizeof WRAPPED / sizeof WRAPPED[0])

static handed wrapped[NWRAPPED];
/* hand-base for a lone player, as a plugin may allow: the player to move is
 * then the one whose hand is refilled */
static handed solo;
static carc_registry *reg;

static int handed_setup(carc_game *g)
{
    const carc_variant *v;
    if (carc_game_variant(g, &v)) return CARC_E_INVALID;
    const handed *h = (const handed *)(const void *)v;
    if (h->orig->setup) {
        int r = h->orig->setup(g);
        if (r) return r;
    }
    return carc_set_hand(g, carc_rule(g, h->hand_opt), carc_rule(g, h->hand_opt + 1));
}

/* The option ranges reach past what carc_set_hand takes, so a test can
 * see it refuse a size through an ordinary game option. */
static void registry_init(void)
{
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    for (int i = 0; i < NWRAPPED; i++) {
        const carc_variant *orig;
        cr_assert_eq(carc_registry_find(NULL, WRAPPED[i], &orig), CARC_OK, "%s is built in", WRAPPED[i]);
        handed *h = &wrapped[i];
        h->v = *orig;
        h->orig = orig;
        snprintf(h->name, sizeof h->name, "hand-%s", WRAPPED[i]);
        h->v.name = h->name;
        cr_assert_leq(orig->option_count + 2, MAX_OPTS);
        for (int k = 0; k < orig->option_count; k++) h->opts[k] = orig->options[k];
        h->hand_opt = orig->option_count;
        h->opts[h->hand_opt] =
            (carc_option_desc){"hand", "tiles each player holds (0: one drawn per turn)", -1, CARC_MAX_HAND + 1, 2};
        h->opts[h->hand_opt + 1] = (carc_option_desc){"removed", "tiles put out face up before the deal", -1, 40, 0};
        h->v.options = h->opts;
        h->v.option_count = orig->option_count + 2;
        h->v.setup = handed_setup;
        cr_assert_eq(carc_registry_add(reg, &h->v), CARC_OK, "cannot register %s", h->name);
    }
    solo = wrapped[0];
    snprintf(solo.name, sizeof solo.name, "hand-solo");
    solo.v.name = solo.name;
    solo.v.options = solo.opts;
    solo.v.min_players = 1;
    cr_assert_eq(carc_registry_add(reg, &solo.v), CARC_OK, "cannot register hand-solo");
}

static void registry_fini(void)
{
    carc_registry_free(reg);
    reg = NULL;
}

TestSuite(core_hands, .init = registry_init, .fini = registry_fini);

static const carc_variant *hand_variant(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(reg, name, &v), CARC_OK);
    return v;
}

static int new_hand_game(const char *name, int players, uint64_t seed, int hand, int removed,
                         const carc_tileset *ts, carc_game **out)
{
    carc_option rules[] = {{"hand", hand}, {"removed", removed}};
    carc_game_options o = {.struct_size = sizeof o, .variant_name = name, .registry = reg, .players = players,
                           .seed = seed, .rules = rules, .rule_count = 2, .tileset = ts};
    *out = NULL;
    return carc_game_new(&o, out);
}

static carc_game *hand_game(const char *name, int players, uint64_t seed, int hand, int removed,
                            const carc_tileset *ts)
{
    carc_game *g;
    int r = new_hand_game(name, players, seed, hand, removed, ts, &g);
    cr_assert_eq(r, CARC_OK, "cannot create %s: %s", name, carc_strerror(r));
    return g;
}

static carc_tileset *tiles_for(const carc_variant *v, const char *text)
{
    return h_parse_tiles(v, text, strlen(text));
}

/* ---- small readers ----------------------------------------------------- */

typedef struct hand {
    int n;
    int t[CARC_MAX_HAND + 4];
} hand;

static hand hand_of(carc_game *g, int player)
{
    hand h = {0};
    int r = carc_game_hand(g, player, h.t, CARC_MAX_HAND + 4, &h.n);
    cr_assert_eq(r, CARC_OK, "hand of %d: %s", player, carc_strerror(r));
    return h;
}

static void assert_hand(carc_game *g, int player, int n, const int *want)
{
    hand h = hand_of(g, player);
    cr_assert_eq(h.n, n, "player %d holds %d tiles, want %d", player, h.n, n);
    for (int i = 0; i < n; i++)
        cr_assert_eq(h.t[i], want[i], "player %d, hand slot %d: type %d, want %d", player, i, h.t[i], want[i]);
}

static int tile_total(const carc_game *g)
{
    const carc_variant *v;
    cr_assert_eq(carc_game_variant(g, &v), CARC_OK);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    return info.tile_count;
}

static int all_stacks(const carc_game *g)
{
    int sum = 0, n;
    for (int d = 0; carc_game_deck_remaining(g, d, &n) == CARC_OK; d++) sum += n;
    return sum;
}

static carc_move tile_move(int type, int x, int y, int rot)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_TILE;
    m.tile = (uint16_t)type;
    m.x = (int16_t)x;
    m.y = (int16_t)y;
    m.rotation = (uint8_t)rot;
    return m;
}

/* Plays the first listed move of each decision until the game ends. */
static void play_first_moves(carc_game *g)
{
    static carc_move buf[H_MOVE_CAP];
    for (int steps = 0;; steps++) {
        cr_assert_lt(steps, 1000);
        size_t n = 0;
        int r = carc_game_moves(g, buf, H_MOVE_CAP, &n);
        if (r == CARC_E_GAME_OVER) return;
        cr_assert_eq(r, CARC_OK);
        cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
    }
}

/* Start tile S is all city; E has one city side and always finds a place
 * beside it or beside another E; X has edges of a letter no other tile
 * carries, so it can never be laid. Base rules, base kinds. */
#define S_E_X(ne, nx)                                                   \
    "tile S count=1 start\n"                                            \
    "  edges C C C C C C C C C C C C\n"                                 \
    "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1\n"            \
    "tile E count=" #ne "\n"                                            \
    "  edges C C C F F F F F F F F F\n"                                 \
    "  feature city slots=0,1,2 id=c1\n"                                \
    "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1 borders=c1\n"       \
    "tile X count=" #nx "\n"                                            \
    "  edges Q Q Q Q Q Q Q Q Q Q Q Q\n"                                 \
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"

static int type_of(carc_game *g, const char *name)
{
    int t = t_type(g, name);
    cr_assert_geq(t, 0, "no tile type %s", name);
    return t;
}

static void queue(carc_game *g, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        cr_assert_eq(carc_game_set_next_tile(g, type_of(g, names[i])), CARC_OK, "cannot queue %s", names[i]);
}

/* ---- the deal ---------------------------------------------------------- */

Test(core_hands, the_first_deal_is_made_at_creation_and_again_with_the_tiles_fixed_before_the_first_move)
{
    carc_game *g = hand_game("hand-base", 2, 11, 2, 3, NULL);
    /* the game is dealt as it is made: three tiles removed, two a seat */
    cr_assert_eq(removed_count(g), 3);
    cr_assert_eq(stack_left(g), 71 - 7);
    /* before the first move, tiles named are the first out of the stack:
     * the deal is made again, three removed, then seat 0's two, seat 1's */
    static const char *const order[] = {"A", "C", "X", "U", "K", "E", "V"};
    queue(g, order, 7);
    int want1[] = {type_of(g, "E"), type_of(g, "V")};
    assert_hand(g, 1, 2, want1);
    int want0[] = {type_of(g, "U"), type_of(g, "K")};
    assert_hand(g, 0, 2, want0);
    cr_assert_eq(removed_count(g), 3);
    assert_removed(g, 0, type_of(g, "A"), CARC_REMOVED_FACE_UP);
    assert_removed(g, 1, type_of(g, "C"), CARC_REMOVED_FACE_UP);
    assert_removed(g, 2, type_of(g, "X"), CARC_REMOVED_FACE_UP);
    cr_assert_eq(stack_left(g), 71 - 7);

    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, type_of(g, "U"), "the drawn tile is the first of the mover's hand");
    cr_assert_eq(t_phase(g), CARC_PHASE_TILE);
    cr_assert_eq(t_player(g), 0);
    carc_game_free(g);
}

Test(core_hands, every_seat_is_dealt_a_full_hand)
{
    for (int size = 1; size <= CARC_MAX_HAND; size++)
        for (int players = 2; players <= 5; players++) {
            carc_game *g = hand_game("hand-base", players, (uint64_t)(size * 10 + players), size, 0, NULL);
            for (int p = 0; p < players; p++) {
                hand h = hand_of(g, p);
                cr_assert_eq(h.n, size, "size %d, %d players: seat %d holds %d", size, players, p, h.n);
                for (int i = 0; i < h.n; i++) cr_assert(h.t[i] >= 0 && h.t[i] < 24);
            }
            cr_assert_eq(stack_left(g), 71 - size * players);
            carc_game_free(g);
        }
}

Test(core_hands, tile_moves_are_the_placements_of_each_distinct_hand_tile)
{
    carc_game *g = hand_game("hand-base", 2, 3, 2, 0, NULL);
    static const char *const order[] = {"U", "K", "E", "E"};
    queue(g, order, 4);
    int u = type_of(g, "U"), k = type_of(g, "K"), e = type_of(g, "E");

    /* the same board (the start tile alone) in a game without hands gives
     * each tile's own placements */
    int alone[24] = {0};
    int probe[] = {u, k, e};
    for (int i = 0; i < 3; i++) {
        carc_game *b = h_new("base", 2, 1);
        cr_assert_eq(carc_game_set_next_tile(b, probe[i]), CARC_OK);
        alone[probe[i]] = t_move_count(b);
        cr_assert_gt(alone[probe[i]], 0);
        carc_game_free(b);
    }

    static carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    int per[24] = {0};
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(buf[i].kind, CARC_MOVE_TILE);
        cr_assert(buf[i].tile == u || buf[i].tile == k, "move %zu names tile %d, not in the hand", i, buf[i].tile);
        per[buf[i].tile]++;
    }
    cr_assert_eq(per[u], alone[u]);
    cr_assert_eq(per[k], alone[k]);
    cr_assert_eq((int)n, alone[u] + alone[k]);
    size_t counted = 0;
    cr_assert_eq(carc_game_moves(g, NULL, 0, &counted), CARC_OK);
    cr_assert_eq(counted, n, "the count-only call agrees");
    /* a short buffer gets the first moves and the full count */
    carc_move few[3];
    size_t n3 = 0;
    cr_assert_eq(carc_game_moves(g, few, 3, &n3), CARC_E_BUFFER);
    cr_assert_eq(n3, n);
    cr_assert_eq(memcmp(few, buf, sizeof few), 0);
    /* a buffer of exactly the count is enough */
    carc_move *exact = malloc(n * sizeof *exact);
    size_t ne = 0;
    cr_assert_eq(carc_game_moves(g, exact, n, &ne), CARC_OK);
    cr_assert_eq(ne, n);
    cr_assert_eq(memcmp(exact, buf, n * sizeof *exact), 0);
    free(exact);

    /* seat 1 holds two E: its placements are listed once */
    cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_player(g), 1);
    int ee[] = {e, e};
    assert_hand(g, 1, 2, ee);
    carc_game *b = h_new("base", 2, 1);
    /* the same board again: the start tile and seat 0's first move */
    cr_assert_eq(carc_game_set_next_tile(b, buf[0].tile), CARC_OK);
    cr_assert_eq(carc_game_apply(b, &buf[0]), CARC_OK);
    cr_assert_eq(t_pass(b), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(b, e), CARC_OK);
    int want = t_move_count(b);
    cr_assert_eq(t_move_count(g), want, "a tile held twice is listed once");
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            cr_assert(memcmp(&buf[i], &buf[j], sizeof buf[i]) != 0, "moves %zu and %zu are the same", i, j);
    carc_game_free(b);
    carc_game_free(g);
}

/* A hand of four with one tile held twice, the pair in each of the six
 * pairs of slots: every tile's placements are listed once. (The test of a
 * tile against the slots before it is written out per slot, so a pair in
 * the last two slots has its own case.) */
Test(core_hands, a_tile_held_twice_is_listed_once_wherever_it_lies_in_a_hand_of_four)
{
    static const char *const hands[6][4] = {{"E", "E", "U", "K"}, {"E", "U", "E", "K"}, {"E", "U", "K", "E"},
                                            {"U", "E", "E", "K"}, {"U", "E", "K", "E"}, {"U", "K", "E", "E"}};
    carc_game *b = h_new("base", 2, 1);
    int alone[3], types[3];
    static const char *const names[3] = {"U", "K", "E"};
    for (int i = 0; i < 3; i++) {
        types[i] = type_of(b, names[i]);
        carc_game *one = h_new("base", 2, 1);
        cr_assert_eq(carc_game_set_next_tile(one, types[i]), CARC_OK);
        alone[i] = t_move_count(one);
        cr_assert_gt(alone[i], 0);
        carc_game_free(one);
    }
    carc_game_free(b);
    static carc_move buf[H_MOVE_CAP];
    for (int c = 0; c < 6; c++) {
        carc_game *g = hand_game("hand-base", 2, 3, 4, 0, NULL);
        queue(g, hands[c], 4);
        hand h = hand_of(g, 0);
        cr_assert_eq(h.n, 4);
        for (int i = 0; i < 4; i++) cr_assert_eq(h.t[i], type_of(g, hands[c][i]), "case %d, slot %d", c, i);
        size_t n = 0;
        cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
        int per[3] = {0};
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < 3; k++) per[k] += buf[i].tile == types[k];
        for (int k = 0; k < 3; k++)
            cr_assert_eq(per[k], alone[k], "case %d: %s listed %d times over, want %d", c, names[k], per[k], alone[k]);
        cr_assert_eq((int)n, alone[0] + alone[1] + alone[2], "case %d", c);
        carc_game_free(g);
    }
}

Test(core_hands, a_placed_tile_leaves_the_hand_which_is_refilled_before_the_next_turn)
{
    carc_game *g = hand_game("hand-base", 2, 5, 2, 0, NULL);
    static const char *const order[] = {"U", "K", "E", "V"};
    queue(g, order, 4);
    int u = type_of(g, "U"), k = type_of(g, "K"), e = type_of(g, "E"), v = type_of(g, "V"), w = type_of(g, "W");
    int h0[] = {u, k};
    assert_hand(g, 0, 2, h0);
    /* dealt already, so this names the next tile into a hand */
    cr_assert_eq(carc_game_set_next_tile(g, w), CARC_OK);
    int h0_again[] = {u, k};
    assert_hand(g, 0, 2, h0_again);
    int left = stack_left(g);

    /* the hand's second tile: K with its city against the start tile's */
    carc_move m = tile_move(k, 0, -1, 2);
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
    int rest[] = {u};
    assert_hand(g, 0, 1, rest);
    int drawn;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_E_PHASE);
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile(g, 1, &pt), CARC_OK);
    cr_assert(pt.type == k && pt.x == 0 && pt.y == -1);
    cr_assert_eq(t_pass(g), CARC_OK);

    cr_assert_eq(t_phase(g), CARC_PHASE_TILE);
    cr_assert_eq(t_player(g), 1);
    int refilled[] = {u, w};
    assert_hand(g, 0, 2, refilled);
    int h1[] = {e, v};
    assert_hand(g, 1, 2, h1);
    cr_assert_eq(stack_left(g), left - 1);
    carc_game_free(g);
}

Test(core_hands, a_tile_outside_the_movers_hand_is_refused_and_changes_nothing)
{
    carc_game *g = hand_game("hand-base", 2, 5, 2, 0, NULL);
    static const char *const order[] = {"U", "K", "E", "V"};
    queue(g, order, 4);
    int k = type_of(g, "K"), e = type_of(g, "E"), c = type_of(g, "C");
    int h0[] = {type_of(g, "U"), k};
    assert_hand(g, 0, 2, h0);
    char *before = h_save(g);
    cr_assert_not_null(before);

    /* E lies in seat 1's hand and would fit north of the start tile */
    carc_move m = tile_move(e, 0, -1, 2);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a tile of another player's hand");
    /* C is still in the stack and fits there too */
    m = tile_move(c, 0, -1, 0);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a tile of the stack");
    m = tile_move(9999, 0, -1, 0);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a tile type that does not exist");
    /* a tile of the hand on a square where it does not fit */
    m = tile_move(k, 0, -1, 0);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
    m = tile_move(k, 7, 7, 0);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
    m = tile_move(k, 0, -1, 4);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a hand tile on a wrong square");
    cr_assert_eq(t_pass(g), CARC_E_PHASE);
    h_assert_unchanged(g, before, "a pass at the tile decision");

    assert_hand(g, 0, 2, h0);
    int h1[] = {e, type_of(g, "V")};
    assert_hand(g, 1, 2, h1);
    cr_assert_eq(removed_count(g), 0);
    free(before);
    carc_game_free(g);
}

Test(core_hands, a_fixed_tile_already_in_a_hand_is_unavailable)
{
    carc_game *g = hand_game("hand-base", 2, 5, 2, 0, NULL);
    static const char *const order[] = {"C", "K"};
    queue(g, order, 2);
    int h0[] = {type_of(g, "C"), type_of(g, "K")};
    assert_hand(g, 0, 2, h0);
    /* the one C is held, not in the stack */
    cr_assert_eq(carc_game_set_next_tile(g, type_of(g, "C")), CARC_E_UNAVAILABLE);
    assert_hand(g, 0, 2, h0);
    carc_game_free(g);
}

/* ---- tiles that never fit ---------------------------------------------- */

Test(core_hands, a_hand_tile_that_fits_nowhere_is_set_aside_and_replaced)
{
    const carc_variant *v = hand_variant("hand-base");
    carc_tileset *ts = tiles_for(v, S_E_X(6, 2));
    carc_game *g = hand_game("hand-base", 2, 1, 2, 0, ts);
    int e = type_of(g, "E"), x = type_of(g, "X");
    int order[] = {x, e, e, e, e, x, e, e};
    cr_assert_eq(carc_game_set_deck_order(g, 0, order, 8), CARC_OK);

    /* seat 0 is dealt X and E; X is set aside and the next tile takes its
     * place, while seat 1, not to move, is not looked at */
    int ee[] = {e, e};
    assert_hand(g, 0, 2, ee);
    assert_hand(g, 1, 2, ee);
    cr_assert_eq(removed_count(g), 1);
    assert_removed(g, 0, x, CARC_REMOVED_UNPLACEABLE);
    cr_assert_eq(stack_left(g), 3);
    static carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    for (size_t i = 0; i < n; i++) cr_assert_eq(buf[i].tile, e);

    /* the refill hands seat 0 the second X, found out on its next turn */
    cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    int ex[] = {e, x};
    assert_hand(g, 0, 2, ex);
    cr_assert_eq(removed_count(g), 1);
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_player(g), 0);
    assert_hand(g, 0, 2, ee);
    cr_assert_eq(removed_count(g), 2);
    assert_removed(g, 1, x, CARC_REMOVED_UNPLACEABLE);
    cr_assert_eq(stack_left(g), 0);

    play_first_moves(g);
    cr_assert_eq(tiles_on_board(g), 1 + 6);
    cr_assert_eq(removed_count(g), 2);
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* The refill of the player to move (a lone player) is checked like the
 * rest of the hand: drawn at random (no tile queued), an X, which fits
 * nowhere, never stays in the hand, and every X ends set aside. */
Test(core_hands, a_lone_players_refill_that_fits_nowhere_is_set_aside_and_replaced)
{
    const carc_variant *v = hand_variant("hand-solo");
    carc_tileset *ts = tiles_for(v, S_E_X(6, 6));
    static carc_move buf[H_MOVE_CAP];
    for (uint64_t seed = 1; seed <= 12; seed++) {
        carc_game *g = hand_game("hand-solo", 1, seed, 2, 0, ts);
        int x = type_of(g, "X"), turns = 0;
        for (int steps = 0;; steps++) {
            cr_assert_lt(steps, 100);
            if (t_phase(g) == CARC_PHASE_TILE) {
                hand h = hand_of(g, 0);
                for (int i = 0; i < h.n; i++) cr_assert_neq(h.t[i], x, "seed %d, turn %d: X in the hand", (int)seed, turns);
                turns++;
            }
            size_t n = 0;
            int r = carc_game_moves(g, buf, H_MOVE_CAP, &n);
            if (r == CARC_E_GAME_OVER) break;
            cr_assert_eq(r, CARC_OK);
            cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
        }
        cr_assert_eq(tiles_on_board(g), 1 + 6, "seed %d", (int)seed);
        cr_assert_eq(removed_count(g), 6, "seed %d: every X set aside", (int)seed);
        carc_game_free(g);
    }
    carc_tileset_free(ts);
}

Test(core_hands, the_game_ends_with_stack_and_hands_empty_and_skips_an_empty_hand)
{
    const carc_variant *v = hand_variant("hand-base");
    carc_tileset *ts = tiles_for(v, S_E_X(2, 2));
    carc_game *g = hand_game("hand-base", 2, 1, 2, 0, ts);
    int e = type_of(g, "E"), x = type_of(g, "X");
    int order[] = {e, e, x, x};
    cr_assert_eq(carc_game_set_deck_order(g, 0, order, 4), CARC_OK);
    int ee[] = {e, e}, xx[] = {x, x};
    assert_hand(g, 0, 2, ee);
    assert_hand(g, 1, 2, xx);

    carc_move m = tile_move(e, 0, -1, 2);
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    /* seat 1's tiles both fit nowhere and nothing replaces them: its hand
     * is empty, so the turn passes straight back to seat 0 */
    cr_assert_eq(t_phase(g), CARC_PHASE_TILE);
    cr_assert_eq(t_player(g), 0);
    assert_hand(g, 1, 0, NULL);
    cr_assert_eq(removed_count(g), 2);
    assert_removed(g, 0, x, CARC_REMOVED_UNPLACEABLE);
    assert_removed(g, 1, x, CARC_REMOVED_UNPLACEABLE);
    int over = -1;
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert_eq(over, 0, "seat 0 still holds a tile");

    m = tile_move(e, 0, 1, 0);
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(carc_game_is_over(g, &over), CARC_OK);
    cr_assert_eq(over, 1);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    size_t n = 9;
    cr_assert_eq(carc_game_moves(g, NULL, 0, &n), CARC_E_GAME_OVER);
    assert_hand(g, 0, 0, NULL);
    assert_hand(g, 1, 0, NULL);
    cr_assert_eq(tiles_on_board(g) + removed_count(g), 5, "every tile is placed or out of play");
    cr_assert_eq(stack_left(g), 0);
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* ---- saves, copies, clones --------------------------------------------- */

/* Everything a client sees of a game with hands. */
static void assert_same_hands(carc_game *a, carc_game *b)
{
    int pa = 0, pb = 0;
    carc_game_players(a, &pa);
    carc_game_players(b, &pb);
    cr_assert_eq(pa, pb);
    for (int p = 0; p < pa; p++) {
        hand ha = hand_of(a, p), hb = hand_of(b, p);
        cr_assert_eq(ha.n, hb.n, "seat %d holds %d and %d tiles", p, ha.n, hb.n);
        cr_assert_eq(memcmp(ha.t, hb.t, sizeof ha.t[0] * (size_t)ha.n), 0, "seat %d holds other tiles", p);
        cr_assert_eq(t_score(a, p), t_score(b, p));
    }
    carc_phase fa, fb;
    int sa, sb;
    cr_assert_eq(carc_game_state(a, &fa, &sa), CARC_OK);
    cr_assert_eq(carc_game_state(b, &fb, &sb), CARC_OK);
    cr_assert_eq(fa, fb);
    cr_assert_eq(sa, sb);
    cr_assert_eq(removed_count(a), removed_count(b));
    for (int i = 0; i < removed_count(a); i++) {
        int ta, ra, tb, rb;
        carc_game_removed(a, i, &ta, &ra);
        carc_game_removed(b, i, &tb, &rb);
        cr_assert(ta == tb && ra == rb, "removal %d differs", i);
    }
    cr_assert_eq(stack_left(a), stack_left(b));
    cr_assert_eq(tiles_on_board(a), tiles_on_board(b));
}

/* Save, load, save: the two texts are the same and so is the game. */
static void assert_round_trip(carc_game *g, const carc_tileset *ts, const char *when)
{
    char *text = h_save(g);
    cr_assert_not_null(text, "%s: save failed", when);
    carc_load_options lo = {.struct_size = sizeof lo, .registry = reg, .tileset = ts};
    carc_game *back = NULL;
    int r = carc_game_load(&lo, text, strlen(text), &back);
    cr_assert_eq(r, CARC_OK, "%s: load failed: %s\n%s", when, carc_strerror(r), text);
    char *again = h_save(back);
    cr_assert_not_null(again);
    cr_assert_str_eq(again, text, "%s: the reloaded game saves differently", when);
    assert_same_hands(g, back);
    /* answering the queries above must not have moved either apart */
    char *after = h_save(g), *after_back = h_save(back);
    cr_assert_str_eq(after, after_back, "%s", when);
    free(after);
    free(after_back);
    free(again);
    free(text);
    carc_game_free(back);
}

static void assert_round_trips_through(carc_game *g, const carc_tileset *ts, uint64_t rng)
{
    assert_round_trip(g, ts, "right after creation");
    cr_assert_eq(carc_game_set_next_tile(g, 0), CARC_OK);
    assert_round_trip(g, ts, "with a fixed tile queued before the deal");
    hand_of(g, 0);
    assert_round_trip(g, ts, "after the deal");
    cr_assert_eq(carc_game_set_next_tile(g, 1), CARC_OK);
    assert_round_trip(g, ts, "with a fixed refill queued");
    int placed = 0;
    for (int steps = 0; steps < 2000; steps++) {
        int over = 0;
        carc_game_is_over(g, &over);
        if (over) break;
        carc_phase ph = t_phase(g);
        if (ph == CARC_PHASE_FIGURE && placed < 3) {
            placed++;
            assert_round_trip(g, ts, "between placing a tile and the figure step");
        }
        if (ph == CARC_PHASE_TILE && stack_left(g) == 0) {
            assert_round_trip(g, ts, "with the stack empty and hands still held");
            placed = 99;
        }
        cr_assert_eq(h_random_move(g, &rng), 1);
    }
    cr_assert_eq(placed, 99, "the stack ran out before the end");
    assert_round_trip(g, ts, "at the end");
}

Test(core_hands, saves_reload_to_the_same_game_at_every_stage)
{
    carc_game *g = hand_game("hand-base", 3, 77, 2, 2, NULL);
    assert_round_trips_through(g, NULL, 1);
    carc_game_free(g);
    g = hand_game("hand-base", 4, 78, CARC_MAX_HAND, 0, NULL);
    assert_round_trips_through(g, NULL, 2);
    carc_game_free(g);
}

Test(core_hands, saves_reload_with_a_custom_tile_set_and_set_aside_tiles)
{
    const carc_variant *v = hand_variant("hand-base");
    carc_tileset *ts = tiles_for(v, S_E_X(6, 2));
    carc_game *g = hand_game("hand-base", 2, 9, 2, 1, ts);
    int e = type_of(g, "E"), x = type_of(g, "X");
    int order[] = {e, x, e, e, e, x, e, e};
    cr_assert_eq(carc_game_set_deck_order(g, 0, order, 8), CARC_OK);
    assert_round_trip(g, ts, "with the stack order fixed");
    /* E goes out face up; seat 0 is dealt X and E, and the X is replaced
     * by the other X, which is set aside in turn */
    int ee[] = {e, e};
    assert_hand(g, 0, 2, ee);
    cr_assert_eq(removed_count(g), 3);
    assert_removed(g, 0, e, CARC_REMOVED_FACE_UP);
    assert_removed(g, 1, x, CARC_REMOVED_UNPLACEABLE);
    assert_removed(g, 2, x, CARC_REMOVED_UNPLACEABLE);
    assert_round_trip(g, ts, "after hand tiles were set aside");
    play_first_moves(g);
    assert_round_trip(g, ts, "at the end");
    carc_game_free(g);
    carc_tileset_free(ts);
}

Test(core_hands, copies_and_clones_keep_every_hand)
{
    carc_game *g = hand_game("hand-base", 3, 21, 3, 1, NULL);
    uint64_t rng = 5;
    h_play(g, &rng, 17); /* stops in the middle of a turn */
    carc_game *clone = NULL;
    cr_assert_eq(carc_game_clone(g, &clone), CARC_OK);
    carc_game *copy = hand_game("hand-base", 3, 1, 3, 1, NULL);
    cr_assert_eq(carc_game_copy(copy, g), CARC_OK);
    assert_same_hands(g, clone);
    assert_same_hands(g, copy);

    /* the three play on alike; a change to one leaves the others alone */
    static carc_move buf[H_MOVE_CAP];
    for (int steps = 0;; steps++) {
        cr_assert_lt(steps, 1000);
        size_t n = 0;
        int r = carc_game_moves(g, buf, H_MOVE_CAP, &n);
        size_t n2 = 0, n3 = 0;
        cr_assert_eq(carc_game_moves(clone, NULL, 0, &n2), r);
        cr_assert_eq(carc_game_moves(copy, NULL, 0, &n3), r);
        if (r == CARC_E_GAME_OVER) break;
        cr_assert_eq(n2, n);
        cr_assert_eq(n3, n);
        carc_move m = buf[h_below(&rng, (unsigned)n)];
        char *clone_before = steps == 0 ? h_save(clone) : NULL;
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
        if (clone_before) {
            h_assert_unchanged(clone, clone_before, "a move in the original");
            free(clone_before);
        }
        cr_assert_eq(carc_game_apply(clone, &m), CARC_OK);
        cr_assert_eq(carc_game_apply(copy, &m), CARC_OK);
        if (t_phase(g) == CARC_PHASE_TILE) {
            assert_same_hands(g, clone);
            assert_same_hands(g, copy);
        }
    }
    char *a = h_save(g), *b = h_save(clone), *c = h_save(copy);
    cr_assert_str_eq(a, b);
    cr_assert_str_eq(a, c);
    free(a);
    free(b);
    free(c);
    carc_game_free(copy);
    carc_game_free(clone);
    carc_game_free(g);
}

/* ---- random games ------------------------------------------------------ */

/* Plays one random game to its end, checking at every decision that hands
 * hold what the moves say and that no tile is lost or made. */
static void random_hand_game(const char *name, int players, int size, int removed, uint64_t seed)
{
    carc_game *g = hand_game(name, players, seed, size, removed, NULL);
    const int total = tile_total(g);
    static carc_move buf[H_MOVE_CAP];
    uint64_t rng = seed * 7919 + 1;
    for (int steps = 0;; steps++) {
        cr_assert_lt(steps, 4000, "%s: the game does not end", name);
        int held = 0;
        for (int p = 0; p < players; p++) {
            hand h = hand_of(g, p);
            cr_assert_leq(h.n, size, "%s seed %llu: seat %d holds %d tiles", name, (unsigned long long)seed, p, h.n);
            held += h.n;
        }
        carc_phase ph;
        int mover;
        cr_assert_eq(carc_game_state(g, &ph, &mover), CARC_OK);
        /* an extra turn (Hunters & Gatherers) draws one tile outside the hand */
        int extra = ph == CARC_PHASE_TILE && carc_turn_is_extra(g);
        cr_assert_eq(tiles_on_board(g) + removed_count(g) + all_stacks(g) + held + extra, total,
                     "%s seed %llu step %d: tiles lost or made", name, (unsigned long long)seed, steps);
        if (steps % 97 == 50) assert_round_trip(g, NULL, name);
        size_t n = 0;
        int r = carc_game_moves(g, buf, H_MOVE_CAP, &n);
        if (r == CARC_E_GAME_OVER) break;
        cr_assert_eq(r, CARC_OK, "%s: moves failed: %s", name, carc_strerror(r));
        cr_assert_gt(n, 0);
        if (ph == CARC_PHASE_TILE && !extra) {
            hand h = hand_of(g, mover);
            cr_assert_gt(h.n, 0, "the player to move holds a tile");
            for (size_t i = 0; i < n; i++) {
                int in = 0;
                for (int j = 0; j < h.n; j++) in |= h.t[j] == buf[i].tile;
                cr_assert(in, "%s: a listed tile is not in the mover's hand", name);
            }
        }
        r = carc_game_apply(g, &buf[h_below(&rng, (unsigned)n)]);
        cr_assert_eq(r, CARC_OK, "%s seed %llu: a listed move failed: %s", name, (unsigned long long)seed,
                     carc_strerror(r));
    }
    for (int p = 0; p < players; p++) cr_assert_eq(hand_of(g, p).n, 0);
    cr_assert_eq(stack_left(g), 0);
    cr_assert_eq(tiles_on_board(g) + removed_count(g) + all_stacks(g), total);
    /* the tiles put out face up are the first ones out, and only those */
    int face_up = 0;
    for (int i = 0; i < removed_count(g); i++) {
        int t, why;
        cr_assert_eq(carc_game_removed(g, i, &t, &why), CARC_OK);
        if (why == CARC_REMOVED_FACE_UP) {
            cr_assert_eq(i, face_up, "face-up removals come first");
            face_up++;
        }
        cr_assert(why == CARC_REMOVED_HIDDEN ? t == -1 : t >= 0);
    }
    cr_assert_leq(face_up, removed);
    assert_round_trip(g, NULL, name);
    carc_game_free(g);
}

Test(core_hands, random_base_games_with_hands_never_fail_and_lose_no_tile)
{
    for (int size = 1; size <= CARC_MAX_HAND; size++)
        for (int players = 2; players <= 5; players++)
            for (int removed = 0; removed <= 6; removed += 6)
                random_hand_game("hand-base", players, size, removed, (uint64_t)(100 * size + 10 * players + removed));
}

Test(core_hands, hands_work_under_every_other_ruleset)
{
    for (int i = 1; i < NWRAPPED; i++) {
        const carc_variant *v = hand_variant(wrapped[i].name);
        for (int players = v->min_players; players <= v->max_players && players <= 5; players++)
            for (int seed = 1; seed <= 3; seed++)
                random_hand_game(wrapped[i].name, players, 1 + (players + seed) % CARC_MAX_HAND, seed == 2 ? 4 : 0,
                                 (uint64_t)(1000 * i + 10 * players + seed));
    }
}

/* Hunters & Gatherers grants an extra turn from its menhir stack; with
 * hands that turn still draws its one tile, and the hand waits. */
Test(core_hands, an_extra_turn_draws_one_tile_outside_the_hand)
{
    static carc_move buf[H_MOVE_CAP];
    int found = 0;
    for (uint64_t seed = 1; seed <= 300 && !found; seed++) {
        carc_game *g = hand_game("hand-hunters-gatherers", 2, seed, 2, 0, NULL);
        int menhir = carc_deck_index(g, "menhir");
        cr_assert_gt(menhir, 0);
        uint64_t rng = seed;
        for (int steps = 0; steps < 2000 && !found; steps++) {
            carc_phase ph;
            int mover;
            cr_assert_eq(carc_game_state(g, &ph, &mover), CARC_OK);
            if (ph == CARC_PHASE_OVER) break;
            if (ph == CARC_PHASE_TILE && carc_turn_is_extra(g) && stack_left(g) > 0) {
                found = 1;
                hand before = hand_of(g, mover);
                cr_assert_eq(before.n, 1, "the hand is not refilled for an extra turn");
                int drawn = -1;
                cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
                const carc_tileset *ts;
                carc_game_tileset(g, &ts);
                carc_tile_type_info ti = {.struct_size = sizeof ti};
                cr_assert_eq(carc_tileset_type(ts, drawn, &ti), CARC_OK);
                cr_assert_str_eq(ti.deck, "menhir");
                size_t n = 0;
                cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
                cr_assert_gt(n, 0);
                for (size_t i = 0; i < n; i++) cr_assert_eq(buf[i].tile, drawn, "only the drawn tile is placed");
                /* the hand's own tile cannot be laid in this turn */
                carc_move m = buf[0];
                m.tile = (uint16_t)before.t[0];
                if (m.tile != drawn) cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
                assert_round_trip(g, NULL, "in an extra turn");
                cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
                assert_hand(g, mover, 1, before.t);
                /* finish the extra turn; the next turn refills the hand */
                while (t_phase(g) != CARC_PHASE_TILE || carc_turn_player(g) == mover) {
                    if (t_phase(g) == CARC_PHASE_OVER) break;
                    cr_assert_eq(h_random_move(g, &rng), 1);
                }
                if (t_phase(g) == CARC_PHASE_TILE) {
                    hand after = hand_of(g, mover);
                    cr_assert_eq(after.n, 2, "refilled once the extra turn is over");
                    cr_assert_eq(after.t[0], before.t[0]);
                }
            }
            if (!found) cr_assert_eq(h_random_move(g, &rng), 1);
        }
        carc_game_free(g);
    }
    cr_assert(found, "no extra turn came up");
}

/* ---- the calls themselves ---------------------------------------------- */

Test(core_hands, set_hand_refuses_sizes_it_cannot_deal)
{
    carc_game *g = NULL;
    cr_assert_eq(new_hand_game("hand-base", 2, 1, CARC_MAX_HAND + 1, 0, NULL, &g), CARC_E_RANGE);
    cr_assert_null(g, "a failed setup leaves no game");
    cr_assert_eq(new_hand_game("hand-base", 2, 1, -1, 0, NULL, &g), CARC_E_RANGE);
    cr_assert_eq(new_hand_game("hand-base", 2, 1, 2, -1, NULL, &g), CARC_E_RANGE);
    cr_assert_eq(new_hand_game("hand-base", 2, 1, CARC_MAX_HAND, 0, NULL, &g), CARC_OK);
    cr_assert_eq(hand_of(g, 1).n, CARC_MAX_HAND);
    carc_game_free(g);
    cr_assert_eq(carc_set_hand(NULL, 1, 0), CARC_E_NULL);
}

Test(core_hands, set_hand_after_the_first_draw_is_too_late)
{
    carc_game *g = h_new("base", 2, 4);
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    char *before = h_save(g);
    cr_assert_eq(carc_set_hand(g, 2, 0), CARC_E_PHASE);
    h_assert_unchanged(g, before, "a late carc_set_hand");
    int want[] = {drawn};
    assert_hand(g, 0, 1, want);
    assert_hand(g, 1, 0, NULL);
    free(before);
    carc_game_free(g);
}

Test(core_hands, without_hands_a_hand_is_the_drawn_tile_of_the_player_to_move)
{
    carc_game *g = hand_game("hand-base", 3, 8, 0, 5, NULL);
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    int want[] = {drawn};
    assert_hand(g, 0, 1, want);
    assert_hand(g, 1, 0, NULL);
    assert_hand(g, 2, 0, NULL);
    cr_assert_eq(removed_count(g), 0, "no hand, so nothing is put out face up");
    cr_assert_eq(stack_left(g), 70);
    uint64_t rng = 3;
    h_play(g, &rng, 1);
    assert_hand(g, 0, 0, NULL);
    carc_game_free(g);

    /* a hand of 0 is the built-in game itself, draw for draw */
    g = hand_game("hand-base", 3, 8, 0, 0, NULL);
    carc_game *plain = h_new("base", 3, 8);
    static carc_move a[H_MOVE_CAP], b[H_MOVE_CAP];
    for (int steps = 0;; steps++) {
        cr_assert_lt(steps, 1000);
        size_t na = 0, nb = 0;
        int ra = carc_game_moves(g, a, H_MOVE_CAP, &na), rb = carc_game_moves(plain, b, H_MOVE_CAP, &nb);
        cr_assert_eq(ra, rb);
        if (ra == CARC_E_GAME_OVER) break;
        cr_assert_eq(na, nb);
        cr_assert_eq(memcmp(a, b, na * sizeof a[0]), 0, "step %d lists other moves", steps);
        size_t pick = h_below(&rng, (unsigned)na);
        cr_assert_eq(carc_game_apply(g, &a[pick]), CARC_OK);
        cr_assert_eq(carc_game_apply(plain, &a[pick]), CARC_OK);
    }
    for (int p = 0; p < 3; p++) cr_assert_eq(t_score(g, p), t_score(plain, p));
    carc_game_free(plain);
    carc_game_free(g);
}

Test(core_hands, hand_query_errors)
{
    carc_game *g = hand_game("hand-base", 2, 8, 3, 0, NULL);
    int tiles[CARC_MAX_HAND], n = -1;
    cr_assert_eq(carc_game_hand(NULL, 0, tiles, CARC_MAX_HAND, &n), CARC_E_NULL);
    cr_assert_eq(carc_game_hand(g, 0, tiles, CARC_MAX_HAND, NULL), CARC_E_NULL);
    cr_assert_eq(carc_game_hand(g, -1, tiles, CARC_MAX_HAND, &n), CARC_E_RANGE);
    cr_assert_eq(carc_game_hand(g, 2, tiles, CARC_MAX_HAND, &n), CARC_E_RANGE);
    cr_assert_eq(carc_game_hand(g, 0, tiles, -1, &n), CARC_E_RANGE);
    n = -1;
    cr_assert_eq(carc_game_hand(g, 1, NULL, 0, &n), CARC_OK, "a count-only call");
    cr_assert_eq(n, 3);
    hand full = hand_of(g, 1);
    int two[2] = {-7, -7};
    n = -1;
    cr_assert_eq(carc_game_hand(g, 1, two, 2, &n), CARC_E_BUFFER);
    cr_assert_eq(n, 3, "the full count comes back with a short buffer");
    cr_assert(two[0] == full.t[0] && two[1] == full.t[1], "the first tiles are written");
    carc_game_free(g);
}
