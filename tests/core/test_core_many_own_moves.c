/* A ruleset may list more than 512 moves of its own in one decision, its
 * extra_moves counting past the room it is given (carcassonne_variant.h).
 * "crowd" offers 1,500 actions, targets 0 to 1,499, each a point to the
 * mover: in an action phase after every tile, or in the figure step
 * beside the figure moves (plain, or asked of figure_allowed). Every one
 * is listed, the count is right whatever the buffer, a move from outside
 * past the first 512 reaches apply_move (which refuses what it did not
 * list), and playouts, whose buffer holds 4 turns on every open square
 * and 512 of a ruleset's own, are made again with a larger one and play
 * each game to its end: 20 tiles, 20 actions, 20 points. */
#include <criterion/criterion.h>
#include <string.h>

#include "helpers.h"

#define CROWD 1500
#define TILES 20 /* besides the start tile */

static void on_placed(carc_game *g, int tile_index)
{
    (void)tile_index;
    carc_set_action_pending(g, 1);
}

static carc_move action(int target) { return (carc_move){.kind = CARC_MOVE_ACTION, .action = 1, .target = target}; }

/* the crowd in `phase` alone */
static int list_in(carc_game *g, carc_move *out, int cap, carc_phase in)
{
    carc_phase phase;
    if (carc_game_state(g, &phase, NULL) != CARC_OK || phase != in) return 0;
    for (int i = 0; i < CROWD && i < cap; i++) out[i] = action(i);
    return CROWD;
}
static int list_crowd(carc_game *g, carc_move *out, int cap) { return list_in(g, out, cap, CARC_PHASE_ACTION); }
/* 40,000 actions, more than CARC_MAX_MOVES */
#define HORDE 40000
static int list_horde(carc_game *g, carc_move *out, int cap)
{
    carc_phase phase;
    if (carc_game_state(g, &phase, NULL) != CARC_OK || phase != CARC_PHASE_ACTION) return 0;
    for (int i = 0; i < HORDE && i < cap; i++) out[i] = action(i);
    return HORDE;
}
static int list_at_figures(carc_game *g, carc_move *out, int cap) { return list_in(g, out, cap, CARC_PHASE_FIGURE); }
static int any_figure(carc_game *g, int kind, int piece)
{
    (void)g, (void)kind, (void)piece;
    return 1;
}

static int crowd_apply(carc_game *g, const carc_move *m)
{
    if (m->kind != CARC_MOVE_ACTION || m->action != 1 || m->target < 0 || m->target >= CROWD) return CARC_E_ILLEGAL_MOVE;
    carc_award(g, carc_turn_player(g), 1, 0, CARC_REASON_ACTION, -1);
    carc_set_action_pending(g, 0);
    return CARC_OK;
}

/* farm all round, so every tile fits every open square */
static const char tiles[] = "tileset crowd\n"
                            "tile S count=1 start\n  edges FFF FFF FFF FFF\n"
                            "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                            "tile F count=20\n  edges FFF FFF FFF FFF\n"
                            "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n";
static const carc_kind_desc kinds[] = {{"farm", 0}};
static const carc_figure_desc figures[] = {{"follower", 5, 1u << 0, 0, CARC_FIG_MAJORITY}};
static const char *const categories[] = {"points"};
#define CROWD_OF(lister, placed, allowed)                                                                              \
    {                                                                                                                  \
        .struct_size = sizeof(carc_variant), .abi = CARC_VARIANT_ABI, .name = "crowd", .title = "crowd",           \
        .min_players = 2, .max_players = 2, .tiles = tiles, .tiles_len = sizeof tiles - 1, .kinds = kinds,         \
        .kind_count = 1, .figures = figures, .figure_count = 1, .categories = categories, .category_count = 1,      \
        .on_tile_placed = placed, .extra_moves = lister, .apply_move = crowd_apply, .figure_allowed = allowed,      \
    }
/* in an action phase after each tile; in the figure step, where the core
 * lists the figure moves itself (a plain step) or asks figure_allowed */
static const carc_variant crowd = CROWD_OF(list_crowd, on_placed, NULL);
static const carc_variant at_figures = CROWD_OF(list_at_figures, NULL, NULL);
static const carc_variant at_figures_filtered = CROWD_OF(list_at_figures, NULL, any_figure);
static const carc_variant horde = CROWD_OF(list_horde, on_placed, NULL);

static carc_game *new_game_of(const carc_variant *v)
{
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 7};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    return g;
}

static carc_game *new_game(void) { return new_game_of(&crowd); }

static carc_move moves[CARC_MAX_MOVES];

/* The game with its first tile placed: the action phase is open. */
static carc_game *at_action(void)
{
    carc_game *g = new_game();
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, moves, CARC_MAX_MOVES, &n), CARC_OK);
    cr_assert_gt(n, 0);
    cr_assert_eq(carc_game_apply(g, &moves[0]), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    return g;
}

Test(core_many_own_moves, all_1500_are_listed_whatever_the_buffer)
{
    carc_game *g = at_action();
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, moves, CARC_MAX_MOVES, &n), CARC_OK);
    cr_assert_eq(n, (size_t)CROWD);
    for (int i = 0; i < CROWD; i++) {
        carc_move want = action(i);
        cr_assert_eq(memcmp(&moves[i], &want, sizeof want), 0, "move %d is action 1 on target %d", i, i);
    }
    cr_assert_eq(carc_game_moves(g, NULL, 0, &n), CARC_OK);
    cr_assert_eq(n, (size_t)CROWD, "the count alone");
    carc_move few[100];
    cr_assert_eq(carc_game_moves(g, few, 100, &n), CARC_E_BUFFER);
    cr_assert_eq(n, (size_t)CROWD, "the count past a buffer of 100");
    cr_assert_eq(memcmp(few, moves, sizeof few), 0, "the first 100 of the listing");
    cr_assert_eq(carc_game_moves(g, moves, 1000, &n), CARC_E_BUFFER);
    cr_assert_eq(n, (size_t)CROWD, "the count past a buffer of 1,000");
    carc_game_free(g);
}

Test(core_many_own_moves, a_move_past_the_first_512_is_taken_or_refused_by_the_ruleset)
{
    carc_game *g = at_action();
    int mover = t_player(g);
    char *before = h_save(g);
    cr_assert_not_null(before);
    carc_move m = action(CROWD);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE, "target 1,500 is not listed");
    h_assert_unchanged(g, before, "an unlisted action");
    free(before);
    m = action(CROWD - 1);
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK, "target 1,499, the last listed");
    cr_assert_eq(t_score(g, mover), 1);
    cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
    carc_game_free(g);
}

/* A ruleset with more moves of its own than CARC_MAX_MOVES holds: the
 * listing is cut at 33,231 (CARC_MAX_MOVES less a figure step's own 49),
 * so a buffer of CARC_MAX_MOVES still holds every listing whole. */
Test(core_many_own_moves, more_than_carc_max_moves_are_cut_to_fit_it)
{
    carc_game *g = new_game_of(&horde);
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, moves, CARC_MAX_MOVES, &n), CARC_OK);
    cr_assert_eq(carc_game_apply(g, &moves[0]), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_ACTION);
    cr_assert_eq(carc_game_moves(g, moves, CARC_MAX_MOVES, &n), CARC_OK);
    cr_assert_eq(n, (size_t)CARC_MAX_MOVES - 4 * 12 - 1);
    cr_assert_eq(moves[n - 1].target, (int)n - 1, "the first 33,231, in order");
    cr_assert_eq(carc_game_moves(g, NULL, 0, &n), CARC_OK);
    cr_assert_eq(n, (size_t)CARC_MAX_MOVES - 4 * 12 - 1, "the count alone, cut the same");
    carc_game_free(g);
}

/* The figure step of the tile at (1,0): a follower on its farm, the pass,
 * then all 1,500 (or as many as the buffer takes); the last is taken. */
static void figure_step_lists_all(const carc_variant *v)
{
    carc_game *g = new_game_of(v);
    int type = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &type), CARC_OK);
    carc_move tile = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)type, .x = 1, .y = 0};
    cr_assert_eq(carc_game_apply(g, &tile), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_FIGURE);
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, moves, CARC_MAX_MOVES, &n), CARC_OK);
    cr_assert_eq(n, (size_t)CROWD + 2, "the follower, the pass and the crowd");
    cr_assert_eq(moves[0].kind, CARC_MOVE_FIGURE);
    cr_assert_eq(moves[1].kind, CARC_MOVE_PASS);
    for (int i = 0; i < CROWD; i++) cr_assert_eq(moves[2 + i].target, i);
    carc_move few[600];
    cr_assert_eq(carc_game_moves(g, few, 600, &n), CARC_E_BUFFER);
    cr_assert_eq(n, (size_t)CROWD + 2);
    cr_assert_eq(memcmp(few, moves, sizeof few), 0, "the first 600 of the listing");
    int mover = t_player(g);
    cr_assert_eq(carc_game_apply(g, &moves[n - 1]), CARC_OK);
    cr_assert_eq(t_score(g, mover), 1);
    carc_game_free(g);
}

Test(core_many_own_moves, a_plain_figure_step_lists_all_1500) { figure_step_lists_all(&at_figures); }
Test(core_many_own_moves, a_filtered_figure_step_lists_all_1500) { figure_step_lists_all(&at_figures_filtered); }

Test(core_many_own_moves, playouts_take_a_larger_buffer_and_play_every_tile)
{
    carc_game *g = new_game();
    enum { RUNS = 8 };
    int scores[RUNS * 2];
    cr_assert_eq(carc_game_playouts(g, RUNS, 99, scores, RUNS * 2), CARC_OK);
    for (int i = 0; i < RUNS; i++)
        cr_assert_eq(scores[2 * i] + scores[2 * i + 1], TILES,
                     "playout %d: one action a tile, a point each (%d + %d)", i, scores[2 * i], scores[2 * i + 1]);
    carc_game_free(g);
}

/* An allocator that fails its n-th allocation from arming and counts the
 * blocks out. */
typedef struct failing {
    carc_allocator a;
    long fail_at, taken, live;
} failing;

static void *f_alloc(void *user, size_t size)
{
    failing *f = user;
    if (++f->taken == f->fail_at) return NULL;
    void *p = malloc(size);
    if (p) f->live++;
    return p;
}

static void *f_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user, (void)ptr, (void)old_size, (void)new_size;
    return NULL;
}

static void f_release(void *user, void *ptr, size_t size)
{
    (void)size;
    if (ptr) ((failing *)user)->live--;
    free(ptr);
}

/* Each allocation of the playouts failing in turn, those of the second
 * round among them: CARC_E_NOMEM, every block given back; then the call
 * succeeds. */
Test(core_many_own_moves, playouts_out_of_memory_in_either_round_give_everything_back)
{
    failing f = {.a = {.struct_size = sizeof f.a, .alloc = f_alloc, .resize = f_resize, .release = f_release, .user = &f}};
    carc_game_options o = {.struct_size = sizeof o, .variant = &crowd, .players = 2, .seed = 7, .allocator = &f.a};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    const long live = f.live;
    int scores[2], r = CARC_E_NOMEM;
    long n = 1;
    for (; r == CARC_E_NOMEM && n < 100; n++) {
        f.taken = 0;
        f.fail_at = n;
        r = carc_game_playouts(g, 1, 99, scores, 2);
        cr_assert_eq(f.live, live, "allocation %ld failing: every block given back", n);
    }
    cr_assert_eq(r, CARC_OK);
    cr_assert_eq(scores[0] + scores[1], TILES);
    f.taken = 0;
    f.fail_at = 0;
    cr_assert_eq(carc_game_playouts(g, 1, 99, scores, 2), CARC_OK);
    cr_assert_eq(f.taken, 4, "the scratch game and its buffer, then both again with room for 1,500");
    cr_assert_eq(n - 1, f.taken + 1, "each of them failed once before the call went through");
    carc_game_free(g);
}
