/* The core hands a ruleset's apply_move only the moves its extra_moves
 * listed (carcassonne_variant.h): a ruleset may trust that and check
 * nothing. Two plug-in rulesets here trust it: one lists a single action
 * in its action phase, one that action and a pass. An unlisted pass or an
 * unlisted action must come back CARC_E_ILLEGAL_MOVE with the game as it
 * was and the ruleset never called. (The mutation run, docs/fuzzing.md:
 * the built-in rulesets check their moves again, so a core that matched a
 * pass against any move went unseen.) */
#include <criterion/criterion.h>
#include <string.h>

#include "helpers.h"

static int applied; /* calls of apply_move in this test's process */

static void on_placed(carc_game *g, int tile_index)
{
    (void)tile_index;
    carc_set_action_pending(g, 1); /* an action phase after every tile */
}

static int list_action(carc_game *g, carc_move *out, int cap)
{
    (void)g;
    if (cap < 1) return 0;
    out[0] = (carc_move){.kind = CARC_MOVE_ACTION, .action = 1};
    return 1;
}

static int list_action_and_pass(carc_game *g, carc_move *out, int cap)
{
    if (cap < 2) return 0;
    list_action(g, out, cap);
    out[1] = (carc_move){.kind = CARC_MOVE_PASS};
    return 2;
}

static int trusting_apply(carc_game *g, const carc_move *m)
{
    (void)m;
    applied++;
    carc_set_action_pending(g, 0);
    return CARC_OK;
}

static const char tiles[] = "tileset trusting\n"
                            "tile C count=1 start\n  edges CCC CCC CCC CCC\n"
                            "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1\n"
                            "tile E count=20\n  edges CCC FFF FFF FFF\n  feature city slots=0,1,2 id=c1\n"
                            "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1\n";
static const carc_kind_desc kinds[] = {{"city", CARC_KIND_SCORED | CARC_KIND_FINAL}, {"farm", 0}};
static const carc_figure_desc figures[] = {{"follower", 5, 1u << 0, 0, CARC_FIG_MAJORITY}};
static const char *const categories[] = {"points"};

#define TRUSTING(lister)                                                                                               \
    {                                                                                                                  \
        .struct_size = sizeof(carc_variant), .abi = CARC_VARIANT_ABI, .name = "trusting", .title = "trusting",     \
        .min_players = 2, .max_players = 2, .tiles = tiles, .tiles_len = sizeof tiles - 1, .kinds = kinds,         \
        .kind_count = 2, .figures = figures, .figure_count = 1, .categories = categories, .category_count = 1,      \
        .on_tile_placed = on_placed, .extra_moves = lister, .apply_move = trusting_apply,                          \
    }
static const carc_variant action_only = TRUSTING(list_action);
static const carc_variant action_or_pass = TRUSTING(list_action_and_pass);

/* A new game of v with its first tile placed: the action phase is open. */
static carc_game *at_action(const carc_variant *v)
{
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 5};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    static carc_move buf[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_gt(n, 0);
    cr_assert_eq(carc_game_apply(g, &buf[0]), CARC_OK);
    carc_phase phase;
    cr_assert_eq(carc_game_state(g, &phase, NULL), CARC_OK);
    cr_assert_eq(phase, CARC_PHASE_ACTION, "the tile should open the action phase");
    cr_assert_eq(carc_game_moves(g, buf, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(n, (size_t)(v == &action_only ? 1 : 2), "the ruleset's own list, nothing added");
    return g;
}

/* Applies m, expecting CARC_E_ILLEGAL_MOVE with nothing changed and the
 * ruleset not asked. */
static void refused(carc_game *g, carc_move m, const char *what)
{
    char *before = h_save(g);
    cr_assert_not_null(before);
    applied = 0;
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE, "%s: accepted", what);
    cr_assert_eq(applied, 0, "%s reached the ruleset's apply_move", what);
    h_assert_unchanged(g, before, what);
    carc_phase phase;
    cr_assert_eq(carc_game_state(g, &phase, NULL), CARC_OK);
    cr_assert_eq(phase, CARC_PHASE_ACTION);
    free(before);
}

/* Applies m, expecting the ruleset to take it and the turn to go on to
 * the figure step. */
static void taken(carc_game *g, carc_move m)
{
    applied = 0;
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    cr_assert_eq(applied, 1);
    carc_phase phase;
    cr_assert_eq(carc_game_state(g, &phase, NULL), CARC_OK);
    cr_assert_eq(phase, CARC_PHASE_FIGURE);
}

Test(core_listed_moves, an_unlisted_pass_is_refused_before_the_ruleset_sees_it)
{
    carc_game *g = at_action(&action_only);
    refused(g, (carc_move){.kind = CARC_MOVE_PASS}, "a pass where only action 1 is listed");
    refused(g, (carc_move){.kind = CARC_MOVE_ACTION, .action = 2}, "action 2 where only action 1 is listed");
    taken(g, (carc_move){.kind = CARC_MOVE_ACTION, .action = 1});
    carc_game_free(g);
}

Test(core_listed_moves, a_listed_pass_does_not_admit_an_unlisted_action)
{
    carc_game *g = at_action(&action_or_pass);
    refused(g, (carc_move){.kind = CARC_MOVE_ACTION, .action = 2}, "action 2 beside a listed pass");
    refused(g, (carc_move){.kind = CARC_MOVE_ACTION, .action = 1, .target = 3}, "action 1 with another target");
    taken(g, (carc_move){.kind = CARC_MOVE_PASS});
    carc_game_free(g);
    g = at_action(&action_or_pass);
    taken(g, (carc_move){.kind = CARC_MOVE_ACTION, .action = 1});
    carc_game_free(g);
}
