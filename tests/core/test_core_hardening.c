/* Regression tests for defects found by hostile use (fuzzing, misuse of
 * every call): each one failed before its fix. */
#include <criterion/criterion.h>
#include <limits.h>

#include "helpers.h"

/* A game on tile-set text, or a test failure. */
static tgame text_game(const char *variant, int players, const char *text)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, variant, &v), CARC_OK);
    tgame t = t_new_text(v, players, text, strlen(text), NULL, 0);
    cr_assert_not_null(t.g, "tile set did not make a game");
    return t;
}

/* Plays random moves to the end; asserts every listed move is accepted. */
static void play_out(carc_game *g, uint64_t seed)
{
    uint64_t rng = seed;
    while (h_random_move(g, &rng) > 0) {
    }
    int over = 0;
    carc_game_is_over(g, &over);
    cr_assert(over);
}

/* Saves, loads and saves again: the two texts must be equal. */
static void assert_round_trip(carc_game *g, const carc_tileset *ts, const char *what)
{
    char *a = h_save(g);
    cr_assert_not_null(a, "%s: save failed", what);
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = ts};
    carc_game *back = NULL;
    int r = carc_game_load(&lo, a, strlen(a), &back);
    cr_assert_eq(r, CARC_OK, "%s: the save does not load back (%s)\n%s", what, carc_strerror(r), a);
    char *b = h_save(back);
    cr_assert_str_eq(a, b, "%s: the loaded game differs", what);
    free(a);
    free(b);
    carc_game_free(back);
}

/* ---- 1. a farm bordering more cities than a fixed buffer held ------------ */

/* 85 tiles, each one farm covering every edge and bordering 11 small closed
 * cities inside the tile: one farm of 85 tiles touching 935 complete
 * cities, 3 points each at the end (the farm scoring kept 512 at most and
 * wrote past its buffer). */
Test(core_hardening, farm_bordering_935_cities_scores_them_all)
{
    char text[2048];
    int n = snprintf(text, sizeof text,
                     "tile F count=85 start\n edges FFFFFFFFFFFF\n"
                     " feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11\n");
    for (int c = 1; c <= 11; c++) n += snprintf(text + n, sizeof text - (size_t)n, " feature city slots=none id=c%d\n", c);
    tgame t = text_game("base", 2, text);
    cr_assert_eq(t_place(t.g, "F", 1, 0, 0), CARC_OK);
    cr_assert_eq(t_figure(t.g, "follower", "f1"), CARC_OK);
    carc_feature_info info = t_feature_at(t.g, 0, 0, "f1");
    cr_assert_eq(info.points_now, 3 * 22, "two tiles: 22 complete cities");
    play_out(t.g, 5);
    cr_assert_eq(t_cat(t.g, 0, "farm"), 3 * 935);
    t_free(&t);
}

/* ---- 2. names up to the limit survive a save; longer ones are refused ---- */

static carc_variant long_names;
static char long_variant[CARC_NAME_MAX + 1], long_figure[CARC_NAME_MAX + 1];

Test(core_hardening, names_of_63_bytes_survive_save_and_load)
{
    const carc_variant *base;
    cr_assert_eq(carc_registry_find(NULL, "base", &base), CARC_OK);
    long_names = *base;
    memset(long_variant, 'v', CARC_NAME_MAX);
    long_names.name = long_variant;
    static carc_figure_desc fig;
    fig = base->figures[0];
    memset(long_figure, 'f', CARC_NAME_MAX);
    fig.name = long_figure;
    long_names.figures = &fig;
    carc_registry *reg;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    cr_assert_eq(carc_registry_add(reg, &long_names), CARC_OK);
    carc_game_options o = {.struct_size = sizeof o, .variant = &long_names, .players = 2, .seed = 3};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    uint64_t rng = 9;
    h_play(g, &rng, 40);
    char *a = h_save(g);
    cr_assert_not_null(strstr(a, long_figure), "the long figure name is in the save");
    carc_load_options lo = {.struct_size = sizeof lo, .registry = reg};
    carc_game *back;
    cr_assert_eq(carc_game_load(&lo, a, strlen(a), &back), CARC_OK);
    char *b = h_save(back);
    cr_assert_str_eq(a, b);
    free(a);
    free(b);
    carc_game_free(back);
    carc_game_free(g);

    static carc_variant too_long;
    static char name64[CARC_NAME_MAX + 2];
    too_long = *base;
    memset(name64, 'x', CARC_NAME_MAX + 1);
    too_long.name = name64;
    cr_assert_eq(carc_registry_add(reg, &too_long), CARC_E_INVALID);
    too_long.name = "with space";
    cr_assert_eq(carc_registry_add(reg, &too_long), CARC_E_INVALID);
    carc_registry_free(reg);
}

/* ---- 3. saves made by ordinary use load back ------------------------------ */

Test(core_hardening, reseed_between_draw_and_placement_loads_back)
{
    carc_game *g = h_new("base", 2, 11);
    uint64_t rng = 2;
    h_play(g, &rng, 9);
    while (t_phase(g) != CARC_PHASE_TILE) h_play(g, &rng, 1);
    int tile;
    cr_assert_eq(carc_game_drawn_tile(g, &tile), CARC_OK); /* this turn's tile is drawn */
    cr_assert_eq(carc_game_reseed(g, 777), CARC_OK);
    h_play(g, &rng, 7);
    assert_round_trip(g, NULL, "reseed after the draw");
    carc_game_free(g);
}

Test(core_hardening, fixed_draws_queued_before_and_during_a_turn_load_back)
{
    carc_game *g = h_new("base", 2, 12);
    uint64_t rng = 3;
    h_play(g, &rng, 4);
    /* two named before the draw: the first is drawn, the second waits */
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "B")), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "U")), CARC_OK);
    cr_assert_eq(t_move_count(g) > 0, 1);
    assert_round_trip(g, NULL, "a fixed draw waiting behind the drawn tile");
    h_play(g, &rng, 6);
    assert_round_trip(g, NULL, "later in the same game");
    carc_game_free(g);
}

Test(core_hardening, set_deck_order_while_the_tile_is_drawn_loads_back)
{
    /* a tiny stack whose content is known: 3 tiles after the start */
    tgame t = t_new_deck("base", 2, "E:1 K:1 U:1", NULL, 0);
    cr_assert_not_null(t.g);
    int drawn;
    cr_assert_eq(carc_game_drawn_tile(t.g, &drawn), CARC_OK);
    int rest[2], k = 0;
    const char *names[3] = {"E", "K", "U"};
    for (int i = 0; i < 3; i++)
        if (t_type(t.g, names[i]) != drawn) rest[k++] = t_type(t.g, names[i]);
    cr_assert_eq(k, 2);
    int order[2] = {rest[1], rest[0]};
    cr_assert_eq(carc_game_set_deck_order(t.g, 0, order, 2), CARC_OK);
    assert_round_trip(t.g, t.ts, "an order fixed while the tile is drawn");
    t_free(&t);
}

Test(core_hardening, finished_game_with_queued_draws_loads_back)
{
    tgame t = t_new_deck("base", 2, "E:1 K:1", NULL, 0);
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, "E")), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, "K")), CARC_OK);
    play_out(t.g, 1);
    assert_round_trip(t.g, t.ts, "finished game");
    cr_assert_eq(carc_game_reseed(t.g, 5), CARC_E_GAME_OVER, "a finished game draws nothing more");
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, "E")), CARC_E_GAME_OVER);
    t_free(&t);
}

/* Reseeds stop while the history still has room for the rest of the game,
 * so its draws are always recorded and the save replays it exactly. A
 * base game's history holds 704 records (64 + 8 a tile of 72 + 64); at
 * its first turn it has one (the draw), and keeps 64 + 8 for each of the
 * 70 tiles still in the stack: 79 reseeds fit. */
Test(core_hardening, history_keeps_room_for_the_rest_of_the_game)
{
    carc_game *g = h_new("base", 3, 13);
    int r, reseeds = 0;
    while ((r = carc_game_reseed(g, (uint64_t)reseeds)) == CARC_OK) reseeds++;
    cr_assert_eq(r, CARC_E_LIMIT);
    cr_assert_eq(reseeds, 79);
    char *before = h_save(g);
    cr_assert_eq(carc_game_reseed(g, 1), CARC_E_LIMIT);
    h_assert_unchanged(g, before, "a refused reseed");
    free(before);
    play_out(g, 4);
    assert_round_trip(g, NULL, "history nearly full");
    carc_game_free(g);
}

/* ---- 4. NULL where a buffer was expected --------------------------------- */

#if !CARC_PLUGIN_CHECKS /* bad arguments on purpose: a -Dplugin_checks build stops at them */
Test(core_hardening, feature_followers_accepts_null_counts)
{
    carc_game *g = h_new("base", 2, 1);
    cr_assert_eq(t_place(g, "E", 0, -1, 2), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "f1"), CARC_OK); /* a farm stays until the end */
    int last = 0;
    carc_game_tile_count(g, &last);
    int piece = carc_tile_first_piece(g, last - 1) + 1; /* f1 */
    cr_assert_eq(carc_feature_followers(g, carc_feature_of(g, piece), NULL), 1);
    cr_assert_eq(carc_feature_followers(NULL, 0, NULL), 0);
    carc_game_free(g);
}
#endif

Test(core_hardening, registry_refuses_a_variant_with_a_null_kind_name)
{
    const carc_variant *base;
    carc_registry_find(NULL, "base", &base);
    static carc_variant bad;
    static carc_kind_desc kinds[4];
    bad = *base;
    bad.name = "nullkind";
    memcpy(kinds, base->kinds, sizeof kinds);
    kinds[2].name = NULL;
    bad.kinds = kinds;
    carc_registry *reg;
    carc_registry_new(&reg);
    cr_assert_eq(carc_registry_add(reg, &bad), CARC_E_INVALID);
    carc_registry_free(reg);
}

/* ---- 5. integers that grew past their type ------------------------------- */

static int award_huge(carc_game *g)
{
    carc_award(g, 0, INT_MAX, 0, CARC_REASON_ACTION, -1);
    carc_award(g, 0, INT_MAX, 0, CARC_REASON_ACTION, -1);
    carc_award(g, 1, INT_MIN, 0, CARC_REASON_ACTION, -1);
    carc_award(g, 1, -5, 0, CARC_REASON_ACTION, -1);
    carc_bag_return(g, 0, 0, 300);
    return CARC_OK;
}

Test(core_hardening, scores_and_bags_saturate_instead_of_wrapping)
{
    const carc_variant *hs;
    carc_registry_find(NULL, "hills-sheep", &hs);
    static carc_variant v;
    v = *hs;
    v.name = "huge";
    v.setup = award_huge;
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2, .seed = 1};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    cr_assert_eq(t_score(g, 0), INT_MAX);
    cr_assert_eq(t_score(g, 1), INT_MIN);
    int n = 0;
    cr_assert_eq(carc_game_tokens(g, 0, -1, 0, &n), CARC_OK);
    cr_assert_eq(n, 255, "a bag holds 255 of a kind at most");
    carc_game_free(g);
}

/* Tile Y has three city pieces, each on one third of every side; tile W is
 * one city on all sides and joins all three pieces of a Y beside it. A row
 * Y W Y W ... of 64 tiles is one city with 4 * 64 + 4 = 260 open sides,
 * which an 8-bit counter read as 4 (and a row one shorter as 0: complete). */
Test(core_hardening, a_city_with_260_open_sides_counts_them_all)
{
    const char *text = "tile Y count=32 start\n edges CCCCCCCCCCCC\n"
                       " feature city slots=0,3,6,9 id=a\n"
                       " feature city slots=1,4,7,10 id=b\n"
                       " feature city slots=2,5,8,11 id=c\n"
                       "tile W count=32\n edges CCCCCCCCCCCC\n"
                       " feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=w\n";
    tgame t = text_game("base", 2, text);
    for (int x = 1; x < 64; x++) {
        cr_assert_eq(t_place(t.g, x % 2 ? "W" : "Y", x, 0, 0), CARC_OK, "x %d", x);
        if (x < 63) cr_assert_eq(t_pass(t.g), CARC_OK);
    }
    carc_feature_info info = t_feature_at(t.g, 0, 0, "a");
    cr_assert_eq(info.tiles, 64);
    cr_assert_eq(info.open_edges, 260);
    cr_assert_not(info.complete);
    cr_assert_eq(t_feature_at(t.g, 0, 0, "c").id, info.id, "one city");
    t_free(&t);
}

Test(core_hardening, loader_refuses_seeds_that_overflow_and_signed_numbers)
{
    carc_game *g = h_new("base", 2, 42);
    char *text = h_save(g);
    carc_game *back = NULL;
    const char *bad[] = {"seed 18446744073709551616\n", "seed +42\n", "seed -1\n", "seed 4 2\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char buf[512];
        const char *at = strstr(text, "seed 42\n");
        cr_assert_not_null(at);
        snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - text), text, bad[i], at + 8);
        cr_assert_neq(carc_game_load(NULL, buf, strlen(buf), &back), CARC_OK, "accepted %s", bad[i]);
        cr_assert_null(back);
    }
    char buf[512];
    const char *at = strstr(text, "players 2\n");
    snprintf(buf, sizeof buf, "%.*splayers +2\n%s", (int)(at - text), text, at + 10);
    cr_assert_eq(carc_game_load(NULL, buf, strlen(buf), &back), CARC_E_PARSE);
    free(text);
    carc_game_free(g);
}

/* ---- 6. tile ids are printable --------------------------------------------- */

Test(core_hardening, control_bytes_in_names_are_refused_and_crlf_files_read)
{
    const carc_variant *v;
    carc_registry_find(NULL, "base", &v);
    carc_tileset *ts = NULL;
    const char *cr_in_id = "tile A\rB start\n edges FFFFFFFFFFFF\n feature farm slots=0 id=f1\n";
    cr_assert_eq(carc_tileset_parse(v, cr_in_id, strlen(cr_in_id), &ts, NULL, 0), CARC_E_PARSE);
    const char *bell = "tile A\aB start\n edges FFFFFFFFFFFF\n feature farm slots=0 id=f1\n";
    cr_assert_eq(carc_tileset_parse(v, bell, strlen(bell), &ts, NULL, 0), CARC_E_PARSE);
    const char *crlf = "tile AB start count=3\r\n edges FFFFFFFFFFFF\r\n feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\r\n";
    cr_assert_eq(carc_tileset_parse(v, crlf, strlen(crlf), &ts, NULL, 0), CARC_OK);
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 1, .tileset = ts};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    play_out(g, 2);
    assert_round_trip(g, ts, "CRLF tile set");
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* Found by fuzz_tileset: a tile line naming two stacks made a stack of the
 * first name, which stayed empty and took the stack number the tile's real
 * stack should have had (a variant drawing from stack 1 drew from nothing). */
Test(core_hardening, an_overridden_deck_name_makes_no_empty_stack)
{
    const char *text = "tile S start\n edges FFFFFFFFFFFF\n feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                       "tile M count=3\n edges FFFFFFFFFFFF\n feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                       "tile H deck=typo count=2 deck=side\n edges FFFFFFFFFFFF\n"
                       " feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n";
    tgame t = text_game("base", 2, text);
    int left = -1;
    cr_assert_eq(carc_game_deck_remaining(t.g, 1, &left), CARC_OK);
    cr_assert_eq(left, 2, "stack 1 is the tiles' stack 'side' and holds both copies");
    cr_assert_eq(carc_game_deck_remaining(t.g, 2, &left), CARC_E_RANGE, "no third stack");
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(t.g, &ts), CARC_OK);
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    cr_assert_eq(carc_tileset_type(ts, 2, &ti), CARC_OK);
    cr_assert_str_eq(ti.deck, "side");
    play_out(t.g, 3);
    assert_round_trip(t.g, ts, "two deck names on a line");
    t_free(&t);
}

/* ---- 7. capacities answer CARC_E_LIMIT ------------------------------------ */

static int parse_status(const char *text)
{
    const carc_variant *v;
    carc_registry_find(NULL, "base", &v);
    carc_tileset *ts = NULL;
    int r = carc_tileset_parse(v, text, strlen(text), &ts, NULL, 0);
    carc_tileset_free(ts);
    return r;
}

Test(core_hardening, tile_set_capacities_answer_limit)
{
    static char text[65536];
    int n;
    /* 129 types */
    n = 0;
    for (int i = 0; i < 129; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "tile T%d count=0%s\n edges FFFFFFFFFFFF\n", i,
                      i ? "" : " start");
    cr_assert_eq(parse_status(text), CARC_E_LIMIT, "tile types");
    cr_assert_eq(parse_status("tile A count=1021 start\n edges FFFFFFFFFFFF\n"), CARC_E_LIMIT, "copies of a tile");
    cr_assert_eq(parse_status("tile A count=1020 start\n edges FFFFFFFFFFFF\n"), CARC_OK, "the most copies of a tile");
    cr_assert_eq(parse_status("tile A count=520 start\n edges FFFFFFFFFFFF\ntile B count=501\n edges FFFFFFFFFFFF\n"),
                 CARC_E_LIMIT, "tiles in all");
    n = snprintf(text, sizeof text, "tile A start\n edges FFFFFFFFFFFF\n");
    for (int i = 0; i < 13; i++) n += snprintf(text + n, sizeof text - (size_t)n, " feature city slots=none id=c%d\n", i);
    cr_assert_eq(parse_status(text), CARC_E_LIMIT, "features on a tile");
    n = snprintf(text, sizeof text, "tile A start\n edges FFFFFFFFFFFF\n feature farm slots=0 id=f1");
    for (int i = 0; i < 17; i++) n += snprintf(text + n, sizeof text - (size_t)n, " a%d=1", i);
    snprintf(text + n, sizeof text - (size_t)n, "\n");
    cr_assert_eq(parse_status(text), CARC_E_LIMIT, "attribute names");
    cr_assert_eq(parse_status("tile A start\n edges FFFFFFFFFFFF\n feature farm slots=0 id=f1 fish=256\n"),
                 CARC_E_LIMIT, "attribute value");
    n = snprintf(text, sizeof text, "tile A start\n edges FFFFFFFFFFFF\n");
    for (int i = 0; i < 5; i++) n += snprintf(text + n, sizeof text - (size_t)n, "tile D%d deck=d%d\n edges FFFFFFFFFFFF\n", i, i);
    cr_assert_eq(parse_status(text), CARC_E_LIMIT, "stacks");
    cr_assert_eq(parse_status("tile A start\n edges ABCDEFGHIJKL\ntile B\n edges MNOPQRSTUVWX\n"), CARC_E_LIMIT,
                 "edge letters");
    /* every feature a set can have fits: 1,020 tiles of 12 each */
    n = snprintf(text, sizeof text, "tile A count=1020 start\n edges FFFFFFFFFFFF\n");
    for (int i = 0; i < 12; i++) n += snprintf(text + n, sizeof text - (size_t)n, " feature city slots=none id=c%d\n", i);
    cr_assert_eq(parse_status(text), CARC_OK, "features of all tiles");
}

/* More fixed draws than the loader can queue, or more records than a game
 * keeps, are a capacity, not a text error. */
Test(core_hardening, loader_capacities_answer_limit)
{
    carc_game *g = h_new("base", 2, 42);
    char *text = h_save(g);
    size_t len = strlen(text);
    static char buf[65536];
    const char *lines[] = {"draw main D forced\n", "reseed 1\n"};
    int counts[] = {129, 1537};
    for (int k = 0; k < 2; k++) {
        memcpy(buf, text, len - 4); /* drop "end\n" */
        size_t n = len - 4;
        for (int i = 0; i < counts[k]; i++) n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", lines[k]);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "end\n");
        carc_game *back = NULL;
        cr_assert_eq(carc_game_load(NULL, buf, n, &back), CARC_E_LIMIT, "%s", lines[k]);
        cr_assert_null(back);
    }
    free(text);
    carc_game_free(g);
}

/* A token that the bag no longer holds cannot be named as the next draw. */
Test(core_hardening, next_token_must_be_in_the_bag)
{
    carc_game *g = h_new("hills-sheep", 2, 1);
    int wolf = 4, queued = 0, r;
    while ((r = carc_game_set_next_token(g, "sheep", wolf)) == CARC_OK) queued++;
    cr_assert_eq(queued, 2, "two wolves in the bag");
    cr_assert_eq(r, CARC_E_UNAVAILABLE);
    carc_game_free(g);
}

/* Found by fuzz_api: five apples queued as fixed draws of the harvest supply,
 * then one given to a player for a field: the queue promised five apples
 * the supply no longer had, and the save did not load. The queue now keeps
 * no more entries of a kind than the bag holds, and the save loads. */
Test(core_hardening, queued_tokens_never_outnumber_the_bag)
{
    int given = 0;
    for (uint64_t seed = 1; seed < 400 && !given; seed++) {
        carc_game *g = h_new("over-hill-and-dale", 2, seed);
        for (int i = 0; i < 5; i++) cr_assert_eq(carc_game_set_next_token(g, "harvest", 0), CARC_OK);
        cr_assert_eq(carc_game_set_next_token(g, "harvest", 0), CARC_E_UNAVAILABLE, "five apples in all");
        uint64_t rng = seed;
        int apples = 5;
        while (apples == 5 && h_random_move(g, &rng) > 0) carc_game_tokens(g, 0, -1, 0, &apples);
        if (apples < 5) {
            given = 1;
            assert_round_trip(g, NULL, "tokens queued past the supply");
        }
        carc_game_free(g);
    }
    cr_assert(given, "some game gave an apple out");
}
