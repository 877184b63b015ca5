/* Following a game played on a real table: the client tells the library
 * every tile drawn, before the draw (queued) or after it (a replacement). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "client_test.h"

typedef struct table {
    int tiles[128];
    int n, next;
} table;

/* The table's own stack: every copy but the start tile, shuffled. */
static table shuffle_table(carc_game *g, uint64_t *rng)
{
    table t = {.n = 0};
    const carc_tileset *ts;
    int types = 0;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &types);
    for (int k = 0; k < types; k++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        carc_tileset_type(ts, k, &ti);
        if (strcmp(ti.deck, "main") != 0) continue;
        for (int c = ti.is_start; c < ti.count; c++) t.tiles[t.n++] = k;
    }
    for (int i = t.n - 1; i > 0; i--) {
        int j = (int)(cl_rand(rng) % (uint64_t)(i + 1)), x = t.tiles[i];
        t.tiles[i] = t.tiles[j];
        t.tiles[j] = x;
    }
    return t;
}

static int has_hill(carc_game *g, int type)
{
    const carc_tileset *ts;
    const char *kind;
    carc_game_tileset(g, &ts);
    for (int f = 0; carc_tileset_feature(ts, type, f, NULL, &kind, NULL) == CARC_OK; f++)
        if (strcmp(kind, "hill") == 0) return 1;
    return 0;
}

/* The tile named fitted nowhere: it was set aside face up, and another drawn. */
static void set_aside(carc_game *g, int removed_before, int want)
{
    int removed = 0, type = -1, reason = -1;
    carc_game_removed_count(g, &removed);
    cr_assert_gt(removed, removed_before, "the tile named is neither drawn nor set aside");
    carc_game_removed(g, removed - 1, &type, &reason);
    cr_assert(type == want && reason == CARC_REMOVED_UNPLACEABLE);
}

/* Plays a whole game whose draws come from the table. On the table a hill
 * hides the next tile of the stack, which nobody sees: the client cannot
 * tell the library which one it was. Returns the number of draws the
 * library refused. */
static int follow_table(const cl_setup *setup, uint64_t seed, int queue_first, int hills_hide)
{
    uint64_t rng = seed;
    carc_game *g = cl_new(setup, 2, seed);
    cr_assert_not_null(g);
    table t = shuffle_table(g, &rng);
    carc_move *buf = NULL;
    size_t cap = 0;
    int refused = 0;
    for (;;) {
        int last = 0, removed_before = 0, queued = 0;
        carc_game_last_tile(g, &last);
        carc_game_removed_count(g, &removed_before);
        if (queue_first && last < 0 && t.next < t.n && (cl_rand(&rng) & 1)) {
            /* said before the library draws (nothing has asked for the tile yet): it is queued */
            if (carc_game_set_next_tile(g, t.tiles[t.next]) != CARC_OK) {
                refused++;
                break;
            }
            queued = 1;
        }
        carc_phase ph;
        carc_game_state(g, &ph, NULL);
        if (ph == CARC_PHASE_OVER) break;
        int done = 0;
        if (queued && ph == CARC_PHASE_TILE) {
            int want = t.tiles[t.next++], drawn = -1;
            carc_game_drawn_tile(g, &drawn);
            done = drawn == want;
            if (done && hills_hide && has_hill(g, want)) t.next++; /* the table hides the next tile, unseen */
            if (!done) set_aside(g, removed_before, want);
        }
        while (ph == CARC_PHASE_TILE && !done) {
            cr_assert_lt(t.next, t.n, "the table ran out first");
            int want = t.tiles[t.next++], drawn = -1;
            carc_game_removed_count(g, &removed_before);
            /* said after the library drew: its tile goes back, this one is drawn */
            if (carc_game_set_next_tile(g, want) != CARC_OK) {
                refused++;
                break;
            }
            carc_game_drawn_tile(g, &drawn);
            done = drawn == want;
            if (done && hills_hide && has_hill(g, want)) t.next++;
            if (!done) set_aside(g, removed_before, want);
        }
        if (refused) break;
        size_t n = cl_moves(g, &buf, &cap);
        cr_assert_gt(n, 0);
        cr_assert_eq(carc_game_apply(g, &buf[cl_rand(&rng) % n]), CARC_OK);
    }
    free(buf);
    carc_game_free(g);
    return refused;
}

Test(client_physical, a_base_game_follows_the_tables_draws)
{
    cl_setup base = {"base", NULL, 0};
    for (uint64_t seed = 1; seed <= 50; seed++) cr_expect_eq(follow_table(&base, seed, (int)(seed & 1), 0), 0);
}

/* Replacing a drawn tile puts it back; replacing a hill tile brings back the
 * tile it had hidden. (From the second turn: before the first move, naming
 * tiles sets up the stack instead, carcassonne.h, turns.) */
Test(client_physical, a_replaced_draw_goes_back_and_takes_its_hidden_tile_with_it)
{
    carc_game *g = cl_new_game("hills-sheep", 2, 3);
    const carc_tileset *ts;
    int hill = -1, types = 0, u = -1, left0 = 0, left = 0, removed0 = 0, removed = 0, drawn = -1;
    carc_game_tileset(g, &ts);
    carc_tileset_type_count(ts, &types);
    for (int k = 0; k < types && hill < 0; k++)
        if (has_hill(g, k)) hill = k;
    carc_tileset_find(ts, "U", &u);
    cr_assert(hill >= 0 && u >= 0);
    /* a first turn without hills: its tile set to U, then moves until the
     * second turn's tile is drawn */
    cr_assert_eq(carc_game_set_next_tile(g, u), CARC_OK);
    uint64_t rng = 5;
    carc_move *buf = NULL;
    size_t cap = 0;
    carc_phase phase;
    do {
        cr_assert_eq(cl_random_move(g, &rng, &buf, &cap), 1);
        carc_game_state(g, &phase, NULL);
    } while (phase != CARC_PHASE_TILE);
    free(buf);
    carc_game_drawn_tile(g, &drawn); /* drawn as the turn began */
    carc_game_deck_remaining(g, 0, &left0);
    carc_game_removed_count(g, &removed0);
    if (has_hill(g, drawn)) { /* this seed's second tile is no hill: keep the count right if it changes */
        cr_assert_eq(carc_game_set_next_tile(g, u), CARC_OK);
        carc_game_deck_remaining(g, 0, &left0);
        carc_game_removed_count(g, &removed0);
    }
    cr_assert_eq(carc_game_set_next_tile(g, hill), CARC_OK);
    carc_game_drawn_tile(g, &drawn);
    cr_expect_eq(drawn, hill);
    carc_game_removed_count(g, &removed);
    carc_game_deck_remaining(g, 0, &left);
    cr_expect_eq(removed, removed0 + 1, "the hill hides a tile");
    cr_expect_eq(left, left0 - 1);
    int type = 0, reason = -1;
    carc_game_removed(g, removed0, &type, &reason);
    cr_expect_eq(type, -1, "its type is not told");
    cr_expect_eq(reason, CARC_REMOVED_HIDDEN);
    cr_assert_eq(carc_game_set_next_tile(g, u), CARC_OK);
    carc_game_drawn_tile(g, &drawn);
    cr_expect_eq(drawn, u);
    carc_game_removed_count(g, &removed);
    carc_game_deck_remaining(g, 0, &left);
    cr_expect_eq(removed, removed0, "the hidden tile went back with the hill");
    cr_expect_eq(left, left0);
    /* and the save replays it all */
    char *text = cl_save(g);
    carc_game *back = NULL;
    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &back), CARC_OK);
    char *again = cl_save(back);
    cr_expect_str_eq(again, text);
    free(text);
    free(again);
    carc_game_free(back);
    carc_game_free(g);
}

/* Hills & Sheep on a table: a hill hides a tile nobody sees, and the library
 * hides one of its own choosing. When the table later draws every copy of
 * the type the library hid, the last one is refused (CARC_E_UNAVAILABLE):
 * the client has no way to say "the hidden tile was another one". Disabled
 * until the library can take such a draw (see the report of issue 9). */
Test(client_physical, a_hills_sheep_game_follows_the_tables_draws)
{
    cl_setup hs = {"hills-sheep", NULL, 0};
    int refused = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) refused += follow_table(&hs, seed, 0, 1) != 0;
    cr_expect_eq(refused, 0, "%d of 20 games could not be followed to the end", refused);
}

/* Without hills nothing is hidden, and the same game follows the table. */
Test(client_physical, hills_sheep_without_hills_follows_the_tables_draws)
{
    cl_setup hs = {"hills-sheep", "hills", 0};
    for (uint64_t seed = 1; seed <= 20; seed++) cr_expect_eq(follow_table(&hs, seed, (int)(seed & 1), 0), 0);
}
