/* The variant drawing rule (option hand=1): two face-up tiles per player,
 * tiles taken out face up at the start, and the game's end when the stack
 * and every hand are empty. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "core/helpers.h"
#include "ds_test.h"

static carc_game *hand_game(int players, uint64_t seed)
{
    carc_option rules[] = {{"hand", 1}};
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = players,
                           .seed = seed, .rules = rules, .rule_count = 1};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    return g;
}

/* Queues tiles by name, in the order they will be drawn. */
static void queue(carc_game *g, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        cr_assert_eq(carc_game_set_next_tile(g, t_type(g, names[i])), CARC_OK, "queue %s", names[i]);
}

/* Placements of one tile on the present board, by the slow reference. */
static int placements(carc_game *g, const char *tile)
{
    static ds_board b;
    ds_board_read(g, &b);
    return ds_ref_placements(g, &b, t_type(g, tile));
}

/* Each player holds 2 tiles; tiles taken out before the deal: 1 with 2 or
 * 5 players, 2 with 3, 3 with 4, all face up. Without the option nothing is
 * taken out and only the player to move holds a tile. */
Test(discovery_hand, removed_tiles_by_player_count)
{
    static const int want[6] = {0, 0, 1, 2, 3, 1};
    for (int players = 2; players <= 5; players++) {
        carc_game *g = hand_game(players, 40 + (uint64_t)players);
        int n = -1;
        for (int p = 0; p < players; p++) { /* dealt as the game is made */
            int tiles[4], k = 0;
            cr_assert_eq(carc_game_hand(g, p, tiles, 4, &k), CARC_OK);
            cr_assert_eq(k, 2, "%d players: player %d holds 2 tiles", players, p);
        }
        cr_assert_eq(carc_game_removed_count(g, &n), CARC_OK);
        cr_assert_eq(n, want[players], "%d players", players);
        for (int i = 0; i < n; i++) {
            int type = -1, reason = -1;
            cr_assert_eq(carc_game_removed(g, i, &type, &reason), CARC_OK);
            cr_assert_eq(reason, CARC_REMOVED_FACE_UP);
            cr_assert_geq(type, 0, "its type is shown");
        }
        int left = -1;
        cr_assert_eq(carc_game_deck_remaining(g, 0, &left), CARC_OK);
        cr_assert_eq(left, 83 - want[players] - 2 * players);
        carc_game_free(g);

        g = h_new("discovery", players, 7);
        int tiles[4], k = -1;
        cr_assert_eq(carc_game_hand(g, 0, tiles, 4, &k), CARC_OK);
        cr_assert_eq(k, 1, "without the option: the drawn tile");
        cr_assert_eq(carc_game_hand(g, 1, tiles, 4, &k), CARC_OK);
        cr_assert_eq(k, 0);
        cr_assert_eq(carc_game_removed_count(g, &n), CARC_OK);
        cr_assert_eq(n, 0);
        carc_game_free(g);
    }
}

/* Fixed draws: the tiles taken out come first, then the hands in seat
 * order, then each refill. Player 0 holding D03 and D13 may place either:
 * D03 fits 5 ways around the start tile (3 turns north, 1 east, 1 west)
 * and D13 5 ways (3 south, 1 east, 1 west), 10 moves naming their tile. */
Test(discovery_hand, both_hand_tiles_are_enumerated)
{
    tgame t = ds_new_opts(2, "D03:3 D13:2 D66:1 D65:1", 1, 0);
    carc_game *g = t.g;
    static const char *const order[] = {"D66", "D03", "D13", "D65", "D03"};
    queue(g, order, 5);
    cr_assert_eq(ds_in_hand(g, 0, "D03"), 1);
    cr_assert_eq(ds_in_hand(g, 0, "D13"), 1);
    cr_assert_eq(ds_in_hand(g, 1, "D65"), 1);
    cr_assert_eq(ds_in_hand(g, 1, "D03"), 1);
    int type = -1, reason = -1, n = 0;
    cr_assert_eq(carc_game_removed_count(g, &n), CARC_OK);
    cr_assert_eq(n, 1);
    cr_assert_eq(carc_game_removed(g, 0, &type, &reason), CARC_OK);
    cr_assert_eq(type, t_type(g, "D66"));
    cr_assert_eq(reason, CARC_REMOVED_FACE_UP);
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(drawn, t_type(g, "D03"), "the drawn tile is the first of the hand");

    cr_assert_eq(placements(g, "D03"), 5);
    cr_assert_eq(placements(g, "D13"), 5);
    cr_assert_eq(t_move_count(g), 10);
    carc_move mv[DS_MOVE_CAP];
    size_t k = 0;
    cr_assert_eq(carc_game_moves(g, mv, DS_MOVE_CAP, &k), CARC_OK);
    for (size_t i = 0; i < k; i++) {
        cr_assert_eq(mv[i].kind, CARC_MOVE_TILE);
        cr_assert(mv[i].tile == t_type(g, "D03") || mv[i].tile == t_type(g, "D13"));
    }
    /* a tile not in hand is refused, whatever it is */
    char *before = h_save(g);
    cr_assert_eq(ds_hand_place(g, "D65", 0, 1, 0), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a tile from outside the hand");
    free(before);

    /* the second hand tile is placed; the first stays, and the refill, made
     * as the turn ends, is fixed before */
    cr_assert_eq(ds_hand_place(g, "D13", 0, 1, 0), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "D03")), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(ds_in_hand(g, 0, "D03"), 2, "refilled with the fixed tile");
    cr_assert_eq(t_player(g), 1);
    t_free(&t);
}

/* Two copies of one tile in hand give each placement once. */
Test(discovery_hand, same_tile_twice_is_listed_once)
{
    tgame t = ds_new_opts(2, "D03:3 D66:2", 1, 0);
    carc_game *g = t.g;
    static const char *const order[] = {"D66", "D03", "D03", "D66", "D03"};
    queue(g, order, 5);
    cr_assert_eq(ds_in_hand(g, 0, "D03"), 2);
    cr_assert_eq(t_move_count(g), 5);
    t_free(&t);
}

/* 3 players and 4 tiles after 2 are taken out: the third player is dealt
 * nothing and is skipped; the game ends when the four are placed. */
Test(discovery_hand, player_with_empty_hand_is_skipped)
{
    tgame t = ds_new_opts(3, "D64:1 D65:1 D66:1 D03:3", 1, 0);
    carc_game *g = t.g;
    static const char *const order[] = {"D03", "D03", "D64", "D65", "D66", "D03"};
    queue(g, order, 6);
    int k = -1;
    cr_assert_eq(carc_game_hand(g, 2, NULL, 0, &k), CARC_OK);
    cr_assert_eq(k, 0);
    cr_assert_eq(ds_hand_place(g, "D64", 0, -1, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_player(g), 1);
    cr_assert_eq(ds_hand_place(g, "D66", 1, 0, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_player(g), 0, "player 2 holds nothing");
    cr_assert_eq(ds_hand_place(g, "D65", 0, 1, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_player(g), 1);
    cr_assert_eq(ds_hand_place(g, "D03", -1, 0, 0), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    int tiles = 0, removed = 0;
    carc_game_tile_count(g, &tiles);
    carc_game_removed_count(g, &removed);
    cr_assert_eq(tiles + removed, 7);
    t_free(&t);
}

/* Plays random moves; returns the number played. */
static int play_random(carc_game *g, uint64_t *rng, int max)
{
    static carc_move mv[DS_MOVE_CAP];
    int done = 0;
    while (done < max) {
        size_t n = 0;
        int r = carc_game_moves(g, mv, DS_MOVE_CAP, &n);
        if (r == CARC_E_GAME_OVER) break;
        cr_assert_eq(r, CARC_OK);
        cr_assert_eq(carc_game_apply(g, &mv[h_below(rng, (unsigned)n)]), CARC_OK);
        done++;
    }
    return done;
}

static void assert_same_hands(carc_game *a, carc_game *b, int players)
{
    for (int p = 0; p < players; p++) {
        int ta[4], tb[4], na = -1, nb = -2;
        cr_assert_eq(carc_game_hand(a, p, ta, 4, &na), CARC_OK);
        cr_assert_eq(carc_game_hand(b, p, tb, 4, &nb), CARC_OK);
        cr_assert_eq(na, nb, "player %d", p);
        for (int i = 0; i < na; i++) cr_assert_eq(ta[i], tb[i]);
    }
    int ra = -1, rb = -2;
    carc_game_removed_count(a, &ra);
    carc_game_removed_count(b, &rb);
    cr_assert_eq(ra, rb);
    for (int i = 0; i < ra; i++) {
        int xa, xb, ya, yb;
        carc_game_removed(a, i, &xa, &ya);
        carc_game_removed(b, i, &xb, &yb);
        cr_assert(xa == xb && ya == yb, "removed tile %d", i);
    }
    size_t ma = 0, mb = 0;
    static carc_move mva[DS_MOVE_CAP], mvb[DS_MOVE_CAP];
    carc_game_moves(a, mva, DS_MOVE_CAP, &ma);
    carc_game_moves(b, mvb, DS_MOVE_CAP, &mb);
    cr_assert_eq(ma, mb);
    cr_assert_eq(memcmp(mva, mvb, ma * sizeof mva[0]), 0, "the same moves");
}

/* A save in the middle of a game with hands loads back to the same game:
 * same hands, same tiles out, same moves, and the same text saved again. */
Test(discovery_hand, save_and_load_keep_hands)
{
    for (int players = 2; players <= 5; players++) {
        carc_game *g = hand_game(players, 100 + (uint64_t)players);
        uint64_t rng = 5 + (uint64_t)players;
        /* an odd number of decisions: the save falls between a tile and its figure step */
        cr_assert_eq(play_random(g, &rng, 41), 41);
        cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
        char *text = h_save(g);
        cr_assert_not_null(text);
        carc_game *back = NULL;
        cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_OK);
        char *again = h_save(back);
        cr_assert_str_eq(again, text);
        assert_same_hands(g, back, players);
        /* both go on alike to the end */
        uint64_t r1 = 77, r2 = 77;
        play_random(g, &r1, 1000);
        play_random(back, &r2, 1000);
        char *end1 = h_save(g), *end2 = h_save(back);
        cr_assert_str_eq(end1, end2);
        for (int p = 0; p < players; p++) cr_assert_eq(t_score(g, p), t_score(back, p));
        free(text);
        free(again);
        free(end1);
        free(end2);
        carc_game_free(back);
        carc_game_free(g);
    }
}

/* Fixed tiles queued but not yet dealt are saved too. */
Test(discovery_hand, save_keeps_a_queued_refill)
{
    carc_game *g = hand_game(3, 9);
    uint64_t rng = 3;
    play_random(g, &rng, 10);
    while (t_phase(g) != CARC_PHASE_TILE) play_random(g, &rng, 1);
    /* place a tile, then fix a tile for the refill after the next move */
    static carc_move mv[DS_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, DS_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &mv[0]), CARC_OK);
    cr_assert_eq(t_pass(g), CARC_OK);
    int fixed = -1;
    for (int ty = 0; ty < 66 && fixed < 0; ty++)
        if (carc_game_set_next_tile(g, ty) == CARC_OK) fixed = ty;
    cr_assert_geq(fixed, 0);
    char *text = h_save(g);
    carc_game *back = NULL;
    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_OK);
    char *again = h_save(back);
    cr_assert_str_eq(again, text, "the fixed tile is still waiting");
    free(again);
    assert_same_hands(g, back, 3);
    /* the next move ends its turn, and the refill deals the fixed tile */
    for (carc_game *h = g; h; h = h == g ? back : NULL) {
        cr_assert_eq(carc_game_moves(h, mv, DS_MOVE_CAP, &n), CARC_OK);
        cr_assert_eq(carc_game_apply(h, &mv[0]), CARC_OK);
        cr_assert_eq(t_pass(h), CARC_OK);
    }
    assert_same_hands(g, back, 3);
    int dealt = 0;
    for (int p = 0; p < 3; p++) {
        int tiles[4], k = 0;
        carc_game_hand(g, p, tiles, 4, &k);
        for (int i = 0; i < k; i++) dealt |= tiles[i] == fixed;
    }
    cr_assert(dealt, "the fixed tile was dealt");
    again = h_save(back);
    char *now = h_save(g);
    cr_assert_str_eq(again, now);
    free(now);
    free(text);
    free(again);
    carc_game_free(back);
    carc_game_free(g);
}

/* Clones and copies carry the hands and the tiles taken out. */
Test(discovery_hand, clone_and_copy_keep_hands)
{
    carc_game *g = hand_game(4, 21);
    uint64_t rng = 8;
    play_random(g, &rng, 30);
    carc_game *c = NULL;
    cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
    assert_same_hands(g, c, 4);
    carc_game *d = hand_game(4, 99);
    cr_assert_eq(carc_game_copy(d, g), CARC_OK);
    assert_same_hands(g, d, 4);
    /* the three go on alike */
    uint64_t r1 = 4, r2 = 4, r3 = 4;
    play_random(g, &r1, 1000);
    play_random(c, &r2, 1000);
    play_random(d, &r3, 1000);
    char *a = h_save(g), *b = h_save(c), *e = h_save(d);
    cr_assert_str_eq(a, b);
    cr_assert_str_eq(a, e);
    free(a);
    free(b);
    free(e);
    carc_game_free(c);
    carc_game_free(d);
    carc_game_free(g);
}

/* A whole game with hands ends when the stack and every hand are empty:
 * each of the 84 tiles is on the board or out of play. 82 tiles are dealt
 * with 2 or 5 players, 81 with 3, 80 with 4: the same number of turns for
 * every player, except with 5 players, where the first two seats get one
 * more (17, 17, 16, 16, 16) when no tile is set aside as unplaceable. */
Test(discovery_hand, game_ends_with_every_tile_placed_or_out)
{
    static const int turns_each[6] = {0, 0, 41, 27, 20, 16};
    for (int players = 2; players <= 5; players++) {
        int checked_even = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            carc_game *g = hand_game(players, seed);
            uint64_t rng = seed * 31;
            int placed_by[CARC_MAX_PLAYERS] = {0};
            static carc_move mv[DS_MOVE_CAP];
            for (;;) {
                carc_phase ph;
                int who;
                carc_game_state(g, &ph, &who);
                size_t n = 0;
                if (carc_game_moves(g, mv, DS_MOVE_CAP, &n) == CARC_E_GAME_OVER) break;
                if (ph == CARC_PHASE_TILE) placed_by[who]++;
                cr_assert_eq(carc_game_apply(g, &mv[h_below(&rng, (unsigned)n)]), CARC_OK);
            }
            int tiles = 0, removed = 0, face_up = 0, left = -1;
            carc_game_tile_count(g, &tiles);
            carc_game_removed_count(g, &removed);
            carc_game_deck_remaining(g, 0, &left);
            for (int i = 0; i < removed; i++) {
                int reason;
                carc_game_removed(g, i, NULL, &reason);
                face_up += reason == CARC_REMOVED_FACE_UP;
            }
            cr_assert_eq(tiles + removed, 84);
            cr_assert_eq(left, 0);
            for (int p = 0; p < players; p++) {
                int k = -1;
                carc_game_hand(g, p, NULL, 0, &k);
                cr_assert_eq(k, 0);
            }
            if (removed == face_up) {
                checked_even++;
                for (int p = 0; p < players; p++)
                    cr_assert_eq(placed_by[p], turns_each[players] + (players == 5 && p < 2), "%d players, seat %d",
                                 players, p);
            }
            carc_game_free(g);
        }
        cr_assert_gt(checked_even, 0, "some game had no unplaceable tile");
    }
}
