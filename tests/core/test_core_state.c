/* Saving, loading, cloning, copying and determinism. */
#include "helpers.h"

static carc_game *load_text(const char *text)
{
    carc_game *g = NULL;
    int r = carc_game_load(NULL, text, strlen(text), &g);
    cr_assert_eq(r, CARC_OK, "load failed: %s", carc_strerror(r));
    return g;
}

/* Everything a player can see of two games is the same. */
static void assert_same_game(carc_game *a, carc_game *b)
{
    int pa, pb, na, nb;
    carc_phase pha, phb;
    int sa, sb;
    cr_assert_eq(carc_game_players(a, &pa), CARC_OK);
    cr_assert_eq(carc_game_players(b, &pb), CARC_OK);
    cr_assert_eq(pa, pb);
    cr_assert_eq(carc_game_state(a, &pha, &sa), CARC_OK);
    cr_assert_eq(carc_game_state(b, &phb, &sb), CARC_OK);
    cr_assert_eq(pha, phb);
    cr_assert_eq(sa, sb);
    for (int p = 0; p < pa; p++) {
        cr_assert_eq(t_score(a, p), t_score(b, p), "score of player %d", p);
        cr_assert_eq(h_supply(a, p), h_supply(b, p));
    }
    cr_assert_eq(carc_game_tile_count(a, &na), CARC_OK);
    cr_assert_eq(carc_game_tile_count(b, &nb), CARC_OK);
    cr_assert_eq(na, nb);
    for (int i = 0; i < na; i++) {
        carc_placed_tile ta, tb;
        cr_assert_eq(carc_game_tile(a, i, &ta), CARC_OK);
        cr_assert_eq(carc_game_tile(b, i, &tb), CARC_OK);
        cr_assert(ta.x == tb.x && ta.y == tb.y && ta.type == tb.type && ta.rotation == tb.rotation &&
                      ta.turn == tb.turn,
                  "tile %d differs", i);
    }
    cr_assert_eq(carc_game_figure_count(a, &na), CARC_OK);
    cr_assert_eq(carc_game_figure_count(b, &nb), CARC_OK);
    cr_assert_eq(na, nb);
    for (int i = 0; i < na; i++) {
        carc_figure_info fa, fb;
        cr_assert_eq(carc_game_figure(a, i, &fa), CARC_OK);
        cr_assert_eq(carc_game_figure(b, i, &fb), CARC_OK);
        cr_assert(fa.owner == fb.owner && fa.kind == fb.kind && fa.on_board == fb.on_board &&
                      fa.tile_index == fb.tile_index && fa.feature == fb.feature,
                  "figure %d differs", i);
    }
    cr_assert_eq(h_event_count(a), h_event_count(b));
    for (int i = 0; i < h_event_count(a); i++) {
        carc_event ea = h_event(a, i), eb = h_event(b, i);
        cr_assert_eq(memcmp(&ea, &eb, sizeof ea), 0, "event %d differs", i);
    }
    char *xa = h_save(a), *xb = h_save(b);
    cr_assert_str_eq(xa, xb);
    free(xa);
    free(xb);
}

/* Plays the same random moves on both games to the end, checking at each
 * decision that both list the same moves. */
static void play_both(carc_game *a, carc_game *b, uint64_t rng)
{
    static carc_move ma[H_MOVE_CAP], mb[H_MOVE_CAP];
    for (int steps = 0;; steps++) {
        cr_assert_lt(steps, 400);
        size_t na = 0, nb = 0;
        int ra = carc_game_moves(a, ma, H_MOVE_CAP, &na);
        int rb = carc_game_moves(b, mb, H_MOVE_CAP, &nb);
        cr_assert_eq(ra, rb);
        cr_assert_eq(na, nb);
        if (ra == CARC_E_GAME_OVER) break;
        cr_assert_eq(ra, CARC_OK);
        cr_assert_eq(memcmp(ma, mb, na * sizeof ma[0]), 0, "move lists differ at step %d", steps);
        carc_move m = ma[h_below(&rng, (unsigned)na)];
        cr_assert_eq(carc_game_apply(a, &m), CARC_OK);
        cr_assert_eq(carc_game_apply(b, &m), CARC_OK);
    }
    assert_same_game(a, b);
}

/* Every square of the board reads the same in both games (a grid square
 * left marked or unmarked by a copy shows here before it changes a join). */
static void assert_same_squares(carc_game *a, carc_game *b)
{
    for (int y = -64; y < 64; y++)
        for (int x = -64; x < 64; x++) {
            int ta = -2, tb = -2;
            cr_assert_eq(carc_game_tile_at(a, x, y, &ta), CARC_OK);
            cr_assert_eq(carc_game_tile_at(b, x, y, &tb), CARC_OK);
            cr_assert_eq(ta, tb, "square (%d,%d): tile %d and %d", x, y, ta, tb);
        }
}

/* A bot copies its root position over games played on from it, again and
 * again: the copy shares the first tiles with what it overwrites (carc_game_copy
 * leaves those squares of the grid as they are) and must still be the source
 * exactly, whether the game it overwrites went further or less far. */
Test(core_state, copy_over_games_played_on_from_the_same_position)
{
    uint64_t rng = 31;
    carc_game *root = h_new("base", 2, 31);
    h_play(root, &rng, 40);
    carc_game *far = NULL, *near = NULL, *again = NULL;
    cr_assert_eq(carc_game_clone(root, &far), CARC_OK);
    cr_assert_eq(carc_game_clone(root, &near), CARC_OK);
    cr_assert_eq(carc_game_clone(root, &again), CARC_OK);
    uint64_t r1 = 1, r2 = 2;
    h_play(far, &r1, 1000); /* to the end */
    h_play(near, &r2, 12);  /* a few tiles, elsewhere */
    /* the root over the finished game, then played out on both */
    cr_assert_eq(carc_game_copy(far, root), CARC_OK);
    assert_same_game(root, far);
    assert_same_squares(root, far);
    play_both(again, far, 5);
    /* a sibling that went less far over the finished one, and back */
    cr_assert_eq(carc_game_copy(far, near), CARC_OK);
    assert_same_game(near, far);
    assert_same_squares(near, far);
    cr_assert_eq(carc_game_copy(again, near), CARC_OK);
    assert_same_squares(near, again);
    play_both(far, again, 6);
    carc_game_free(root);
    carc_game_free(far);
    carc_game_free(near);
    carc_game_free(again);
}

Test(core_state, save_load_round_trip_mid_game)
{
    for (int k = 0; k < 6; k++) {
        uint64_t rng = 100 + (uint64_t)k;
        carc_game *g = h_new("base", 2 + k % 4, 1234 + (uint64_t)k);
        h_play(g, &rng, 17 + 23 * k); /* stops in both tile and figure phases */
        if (k % 3 == 1) cr_assert_eq(carc_game_state(g, NULL, NULL), CARC_OK); /* save after the draw */
        char *text = h_save(g);
        cr_assert_not_null(text);
        carc_game *h = load_text(text);
        assert_same_game(g, h);
        play_both(g, h, rng);
        free(text);
        carc_game_free(g);
        carc_game_free(h);
    }
}

Test(core_state, save_load_keeps_fixed_draws_and_custom_tileset)
{
    tgame t = t_new_deck("base", 3, "E:2 K:2 V:3 B:1", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = t.g;
    cr_assert_eq(t_place(g, "E", 0, -1, 2), CARC_OK);
    /* queue the next two draws while this turn's tile is on the board: the
     * move that ends the turn draws V, and the save keeps B waiting */
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "V")), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "B")), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "c1"), CARC_OK);
    char *text = h_save(g);
    cr_assert_not_null(text);
    cr_assert_not_null(strstr(text, "draw main V forced"), "the fixed draw is saved");
    cr_assert_not_null(strstr(text, "next-tile B"), "the queued draw is saved");

    carc_game *h = NULL;
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = t.ts};
    cr_assert_eq(carc_game_load(&lo, text, strlen(text), &h), CARC_OK);
    /* without the custom tile set the fingerprint does not match */
    carc_game *bad = (carc_game *)&lo;
    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &bad), CARC_E_MISMATCH);
    cr_assert_eq(bad, (carc_game *)&lo, "a failed load leaves *out alone");

    int da, db;
    cr_assert_eq(carc_game_drawn_tile(g, &da), CARC_OK);
    cr_assert_eq(carc_game_drawn_tile(h, &db), CARC_OK);
    cr_assert_eq(da, t_type(g, "V"));
    cr_assert_eq(db, da);
    assert_same_game(g, h);
    play_both(g, h, 77);
    int left = -1;
    cr_assert_eq(carc_game_deck_remaining(h, 0, &left), CARC_OK);
    cr_assert_eq(left, 0);
    free(text);
    carc_game_free(h);
    t_free(&t);
}

Test(core_state, save_load_finished_game)
{
    uint64_t rng = 5;
    carc_game *g = h_new("base", 4, 99);
    h_play(g, &rng, 1000);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    char *text = h_save(g);
    carc_game *h = load_text(text);
    cr_assert_eq(t_phase(h), CARC_PHASE_OVER);
    assert_same_game(g, h);
    unsigned wa, wb;
    cr_assert_eq(carc_game_winners(g, &wa), CARC_OK);
    cr_assert_eq(carc_game_winners(h, &wb), CARC_OK);
    cr_assert_eq(wa, wb);
    free(text);
    carc_game_free(g);
    carc_game_free(h);
}

Test(core_state, clone_is_independent)
{
    uint64_t rng = 8;
    carc_game *g = h_new("base", 3, 8);
    h_play(g, &rng, 30);
    carc_game *c = NULL;
    cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
    assert_same_game(g, c);
    char *before = h_save(g);
    uint64_t r2 = 9;
    cr_assert_eq(h_play(c, &r2, 40), 40);
    h_assert_unchanged(g, before, "playing on the clone");
    char *clone_text = h_save(c);
    h_play(g, &rng, 10);
    h_assert_unchanged(c, clone_text, "playing on the original");
    carc_game_free(g); /* the clone must survive its original */
    h_play(c, &r2, 1000);
    cr_assert_eq(t_phase(c), CARC_PHASE_OVER);
    free(before);
    free(clone_text);
    carc_game_free(c);
}

Test(core_state, clone_of_custom_tileset_game)
{
    tgame t = t_new_deck("base", 2, "E:1 V:2", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *c = NULL;
    cr_assert_eq(carc_game_clone(t.g, &c), CARC_OK);
    cr_assert_eq(t_turn(c, "E", 0, -1, 2, "follower", "c1"), CARC_OK);
    cr_assert_eq(t_score(c, 0), 4);
    cr_assert_eq(t_score(t.g, 0), 0);
    int n;
    carc_game_tile_count(t.g, &n);
    cr_assert_eq(n, 1);
    carc_game_free(c);
    t_free(&t);
}

Test(core_state, copy_into_existing_game)
{
    uint64_t rng = 21;
    carc_game *src = h_new("base", 2, 21);
    carc_game *dst = h_new("base", 5, 777);
    uint64_t r3 = 3;
    h_play(dst, &r3, 15);
    h_play(src, &rng, 25);
    cr_assert_eq(carc_game_copy(dst, src), CARC_OK);
    assert_same_game(src, dst);
    play_both(src, dst, rng);
    /* copying a game onto itself changes nothing */
    char *before = h_save(dst);
    cr_assert_eq(carc_game_copy(dst, dst), CARC_OK);
    h_assert_unchanged(dst, before, "copying a game onto itself");
    free(before);
    carc_game_free(src);
    carc_game_free(dst);
}

Test(core_state, copy_between_tile_sets_is_a_mismatch)
{
    tgame t = t_new_deck("base", 2, "E:1 V:2", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = h_new("base", 2, 1);
    char *a = h_save(g), *b = h_save(t.g);
    cr_assert_eq(carc_game_copy(g, t.g), CARC_E_MISMATCH);
    cr_assert_eq(carc_game_copy(t.g, g), CARC_E_MISMATCH);
    h_assert_unchanged(g, a, "a refused copy");
    h_assert_unchanged(t.g, b, "a refused copy");
    free(a);
    free(b);
    carc_game_free(g);
    t_free(&t);
}

static void record_game(uint64_t seed, uint64_t bot, int *scores, carc_placed_tile *tiles, int *ntiles)
{
    carc_game *g = h_new("base", 3, seed);
    uint64_t rng = bot;
    h_play(g, &rng, 1000);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    for (int p = 0; p < 3; p++) scores[p] = t_score(g, p);
    carc_game_tile_count(g, ntiles);
    for (int i = 0; i < *ntiles; i++) carc_game_tile(g, i, &tiles[i]);
    carc_game_free(g);
}

Test(core_state, same_seed_and_choices_give_same_game)
{
    int sa[3], sb[3], sc[3], na, nb, nc;
    static carc_placed_tile ta[80], tb[80], tc[80];
    record_game(31337, 4, sa, ta, &na);
    record_game(31337, 4, sb, tb, &nb);
    cr_assert_eq(na, nb);
    cr_assert_eq(memcmp(sa, sb, sizeof sa), 0, "same final scores");
    cr_assert_eq(memcmp(ta, tb, (size_t)na * sizeof ta[0]), 0, "same tile sequence");
    /* another seed draws other tiles (72 tiles: a coincidence is impossible in practice) */
    record_game(31338, 4, sc, tc, &nc);
    int same = na == nc;
    for (int i = 0; same && i < na; i++) same = ta[i].type == tc[i].type;
    cr_assert(!same, "a different seed gave the same draws");
}

Test(core_state, reseed_is_replayed_by_load)
{
    uint64_t rng = 12;
    carc_game *g = h_new("base", 2, 12);
    h_play(g, &rng, 10);
    cr_assert_eq(carc_game_reseed(g, 555), CARC_OK);
    h_play(g, &rng, 10);
    char *text = h_save(g);
    cr_assert_not_null(strstr(text, "reseed 555"));
    carc_game *h = load_text(text);
    assert_same_game(g, h);
    play_both(g, h, rng);
    free(text);
    carc_game_free(g);
    carc_game_free(h);
}

Test(core_state, save_load_after_replacing_the_drawn_tile)
{
    uint64_t rng = 61;
    carc_game *g = h_new("base", 2, 61);
    h_play(g, &rng, 20);
    int now;
    cr_assert_eq(carc_game_drawn_tile(g, &now), CARC_OK); /* this turn's draw is made */
    int want = t_type(g, now == t_type(g, "U") ? "V" : "U");
    cr_assert_eq(carc_game_set_next_tile(g, want), CARC_OK, "copies of U and V are left after 10 turns");
    int ga;
    cr_assert_eq(carc_game_drawn_tile(g, &ga), CARC_OK);
    cr_assert_eq(ga, want, "the drawn tile is replaced by the named one");
    int left_g, left_h;
    carc_game_deck_remaining(g, 0, &left_g);
    char *text = h_save(g);
    cr_assert_not_null(strstr(text, "replace main"));
    carc_game *h = load_text(text);
    int ha;
    cr_assert_eq(carc_game_drawn_tile(h, &ha), CARC_OK);
    cr_assert_eq(ha, want, "the loaded game holds the replacing tile");
    carc_game_deck_remaining(h, 0, &left_h);
    cr_assert_eq(left_h, left_g, "the replaced tile went back to the stack in both");
    play_both(g, h, rng);
    free(text);
    carc_game_free(g);
    carc_game_free(h);
}

Test(core_state, deck_order_is_followed_and_replayed)
{
    carc_game *g = h_new("base", 2, 70);
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    int ntypes, order[80], n = 0;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &ntypes);
    /* the whole stack, highest type first */
    for (int t = ntypes - 1; t >= 0; t--) {
        carc_tile_type_info info = {.struct_size = sizeof info};
        carc_tileset_type(ts, t, &info);
        for (int c = 0; c < info.count - (info.is_start ? 1 : 0); c++) order[n++] = t;
    }
    cr_assert_eq(n, 71);
    cr_assert_eq(carc_game_set_deck_order(g, 0, order, n - 1), CARC_E_UNAVAILABLE, "one tile short");
    int swapped = order[0];
    order[0] = (order[0] + 1) % ntypes;
    cr_assert_eq(carc_game_set_deck_order(g, 0, order, n), CARC_E_UNAVAILABLE, "one tile too many of a kind");
    order[0] = swapped;
    cr_assert_eq(carc_game_set_deck_order(g, 0, order, n), CARC_OK);
    uint64_t rng = 70;
    h_play(g, &rng, 1000);
    /* placed tiles follow the order; tiles that fit nowhere are skipped */
    int tiles, k = 0;
    carc_game_tile_count(g, &tiles);
    for (int i = 1; i < tiles; i++) {
        carc_placed_tile pt;
        carc_game_tile(g, i, &pt);
        while (k < n && order[k] != pt.type) k++;
        cr_assert_lt(k, n, "tile %d (type %d) is out of the fixed order", i, pt.type);
        k++;
    }
    char *text = h_save(g);
    carc_game *h = load_text(text);
    assert_same_game(g, h);
    free(text);
    carc_game_free(g);
    carc_game_free(h);
}

/* A move's fields that mean nothing for its kind are not part of the game:
 * two games played with the same moves, one of them carrying junk in those
 * fields, save to the same text, and the junk one loads back. */
Test(core_state, fields_a_move_kind_ignores_change_nothing)
{
    static carc_move mv[H_MOVE_CAP];
    carc_game *clean = h_new("base", 3, 4242), *junk = h_new("base", 3, 4242);
    uint64_t rng = 9;
    int kinds_seen = 0;
    for (int step = 0; step < 60; step++) {
        size_t n = 0;
        if (carc_game_moves(clean, mv, H_MOVE_CAP, &n) == CARC_E_GAME_OVER) break;
        carc_move m = mv[h_below(&rng, (unsigned)n)], j = m;
        if (m.kind == CARC_MOVE_TILE) {
            j.figure = 9, j.feature = 7, j.action = 3, j.target = 99;
            kinds_seen |= 1;
        } else if (m.kind == CARC_MOVE_FIGURE) {
            j.rotation = 2, j.tile = 5, j.action = 3, j.target = -1;
            kinds_seen |= 2;
        } else if (m.kind == CARC_MOVE_PASS) {
            j.rotation = 1, j.figure = 4, j.x = 12, j.y = -3, j.tile = 5, j.target = 99;
            kinds_seen |= 4;
        }
        cr_assert_eq(carc_game_apply(clean, &m), CARC_OK);
        cr_assert_eq(carc_game_apply(junk, &j), CARC_OK, "junk in ignored fields is still the same move");
    }
    cr_assert_eq(kinds_seen, 7, "tile, figure and pass moves all played");
    char *a = h_save(clean), *b = h_save(junk);
    cr_assert_str_eq(a, b);
    carc_game *back = load_text(b);
    assert_same_game(back, clean);
    carc_game_free(back);
    free(a);
    free(b);
    carc_game_free(clean);
    carc_game_free(junk);
}
