/* carc_variant_check() and carc_registry_add_v2() name the member of a
 * variant table at fault and why: one case per kind of fault, each with
 * its status and message; carc_registry_add() refuses the same. */
#include "helpers.h"

static const carc_kind_desc kinds[] = {{"road", CARC_KIND_SCORED}, {"farm", 0}};
static const carc_figure_desc figures[] = {{"follower", 7, 3u, 0, CARC_FIG_MAJORITY}};
static const char *const categories[] = {"road", "farm"};
static const carc_option_desc options[] = {{"double", "roads score double", 0, 1, 0}};
static const carc_bag_desc bags[] = {{"stones", 2, {"grey", "white"}, {3, 4}}};
static const carc_action_desc actions[] = {{1, "hop", CARC_ARG_TARGET, "hop"}, {2, "skip", 0, "skip"}};
static const carc_view_desc views[] = {{"stones", "stones left", CARC_VIEW_GAME, 2}};
static const char *const colors[] = {"#111111", "#222222"};
static const char tiles[] = "tile S start count=3\n"
                            "  edges F R F F F F F R F F F F\n"
                            "  feature road slots=1,7 id=r1\n"
                            "  feature farm slots=0,2,3,4,5,6,8,9,10,11 id=f1\n";

static int view_value(carc_game *g, int view, int owner, int k)
{
    (void)g, (void)view, (void)owner;
    return k;
}

/* A small, valid variant the cases below break one member at a time. */
static carc_variant good(void)
{
    return (carc_variant){
        .struct_size = sizeof(carc_variant), .abi = CARC_VARIANT_ABI, .name = "tiny", .title = "Tiny",
        .min_players = 2, .max_players = 4, .tiles = tiles, .tiles_len = sizeof tiles - 1,
        .kinds = kinds, .kind_count = 2, .figures = figures, .figure_count = 1, .categories = categories,
        .category_count = 2, .options = options, .option_count = 1, .bags = bags, .bag_count = 1,
        .state_size = 16, .actions = actions, .action_count = 2, .views = views, .view_count = 1,
        .view_value = view_value, .kind_colors = colors,
    };
}

/* The status and message of carc_variant_check(), the same status from
 * carc_registry_add() with nothing added, and the same message from
 * carc_registry_add_v2(). */
static void expect(const carc_variant *v, int status, const char *reason)
{
    char err[200] = "untouched", err2[200] = "untouched";
    int r = carc_variant_check(v, err, sizeof err);
    cr_assert_eq(r, status, "want %d for '%s', got %d: %s", status, reason, r, err);
    cr_assert_str_eq(err, reason);
    carc_registry *reg;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    int before = 0, after = -1;
    carc_registry_count(reg, &before);
    cr_assert_eq(carc_registry_add(reg, v), status, "%s", reason);
    cr_assert_eq(carc_registry_add_v2(reg, v, err2, sizeof err2), status, "%s", reason);
    cr_assert_str_eq(err2, reason);
    carc_registry_count(reg, &after);
    cr_assert_eq(after, before, "a refused variant was added");
    carc_registry_free(reg);
}

Test(core_variant_check, a_good_table_passes_and_registers)
{
    carc_variant v = good();
    char err[64] = "untouched";
    cr_assert_eq(carc_variant_check(&v, err, sizeof err), CARC_OK, "%s", err);
    cr_assert_str_eq(err, "");
    carc_registry *reg;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    cr_assert_eq(carc_registry_add_v2(reg, &v, err, sizeof err), CARC_OK, "%s", err);
    cr_assert_eq(carc_registry_add_v2(reg, &v, err, sizeof err), CARC_E_INVALID);
    cr_assert_str_eq(err, "name \"tiny\" is in the registry already");
    carc_registry_free(reg);
    cr_assert_eq(carc_variant_check(NULL, err, sizeof err), CARC_E_NULL);
    const carc_variant *base;
    cr_assert_eq(carc_registry_find(NULL, "base", &base), CARC_OK);
    cr_assert_eq(carc_variant_check(base, NULL, 0), CARC_OK, "a built-in passes, no buffer needed");
}

Test(core_variant_check, version_and_counts)
{
    carc_variant v = good();
    v.struct_size = 8;
    char want[96];
    snprintf(want, sizeof want, "struct_size 8 is below %u, the size of a 0.1 carc_variant",
             (unsigned)CARC_VARIANT_SIZE_V1);
    expect(&v, CARC_E_VERSION, want);
    v = good(), v.abi = 7;
    expect(&v, CARC_E_VERSION, "abi 7: this library reads abi 1");
    v = good(), v.name = NULL;
    expect(&v, CARC_E_INVALID, "name is NULL");
    v = good(), v.tiles = NULL;
    expect(&v, CARC_E_INVALID, "tiles is NULL: every variant has a tile set");
    v = good(), v.kind_count = 0;
    expect(&v, CARC_E_INVALID, "kind_count 0 is outside 1 to 16");
    v = good(), v.kinds = NULL;
    expect(&v, CARC_E_INVALID, "kinds is NULL but kind_count is 2");
    v = good(), v.figure_count = 5;
    expect(&v, CARC_E_INVALID, "figure_count 5 is outside 0 to 4");
    v = good(), v.figures = NULL;
    expect(&v, CARC_E_INVALID, "figures is NULL but figure_count is 1");
    v = good(), v.category_count = 13;
    expect(&v, CARC_E_INVALID, "category_count 13 is outside 1 to 12");
    v = good(), v.option_count = 33;
    expect(&v, CARC_E_INVALID, "option_count 33 is outside 0 to 32");
    v = good(), v.options = NULL;
    expect(&v, CARC_E_INVALID, "options is NULL but option_count is 1");
    v = good(), v.bag_count = 3;
    expect(&v, CARC_E_INVALID, "bag_count 3 is outside 0 to 2");
    v = good(), v.min_players = 3, v.max_players = 2;
    expect(&v, CARC_E_INVALID, "min_players 3 and max_players 2: want 1 <= min_players <= max_players <= 6");
    v = good(), v.state_size = 513;
    expect(&v, CARC_E_INVALID, "state_size 513 is above 512");
}

Test(core_variant_check, names)
{
    carc_variant v = good();
    v.name = "my tiny";
    expect(&v, CARC_E_INVALID, "name \"my tiny\": a name is 1 to 63 printable bytes without spaces");
    v = good(), v.name = "";
    expect(&v, CARC_E_INVALID, "name \"\": a name is 1 to 63 printable bytes without spaces");
    carc_kind_desc k2[] = {{"road", 0}, {"fa\trm", 0}};
    v = good(), v.kinds = k2;
    expect(&v, CARC_E_INVALID, "kinds[1].name \"fa?rm\": a name is 1 to 63 printable bytes without spaces");
    carc_figure_desc f2[] = {{NULL, 1, 1, 0, 0}};
    v = good(), v.figures = f2;
    expect(&v, CARC_E_INVALID, "figures[0].name NULL: a name is 1 to 63 printable bytes without spaces");
    const char *c2[] = {"road", "a-name-that-is-sixty-four-bytes-long-which-is-one-too-many-bytes"};
    v = good(), v.categories = c2;
    expect(&v, CARC_E_INVALID,
           "categories[1] \"a-name-that-is-sixty-four-bytes-long-whi...\": a name is 1 to 63 printable bytes without spaces");
    const char *col2[] = {"#111111", NULL};
    v = good(), v.kind_colors = col2;
    expect(&v, CARC_E_INVALID, "kind_colors[1] is NULL (kind_colors needs kind_count entries)");
}

Test(core_variant_check, options_and_bags)
{
    carc_variant v = good();
    carc_option_desc o[] = {{"double", "", 2, 1, 1}};
    v.options = o;
    expect(&v, CARC_E_INVALID, "options[0] double: min_value 2 is above max_value 1");
    o[0] = (carc_option_desc){"double", "", 0, 1, 3};
    expect(&v, CARC_E_INVALID, "options[0] double: default_value 3 is outside 0 to 1");
    o[0] = (carc_option_desc){"dou ble", "", 0, 1, 0};
    expect(&v, CARC_E_INVALID, "options[0].name \"dou ble\": a name is 1 to 63 printable bytes without spaces");
    v = good();
    carc_bag_desc b[] = {{"stones", 0, {"grey"}, {1}}};
    v.bags = b;
    expect(&v, CARC_E_INVALID, "bags[0] stones: token_count 0 is outside 1 to 8");
    b[0] = (carc_bag_desc){"stones", 2, {"grey", "white"}, {3, 256}};
    expect(&v, CARC_E_INVALID, "bags[0].initial[1] is 256: a bag holds at most 255 of a kind");
    b[0] = (carc_bag_desc){"stones", 2, {"grey", NULL}, {3, 4}};
    expect(&v, CARC_E_INVALID, "bags[0].token_names[1] NULL: a name is 1 to 63 printable bytes without spaces");
    b[0] = (carc_bag_desc){"", 1, {"grey"}, {3}};
    expect(&v, CARC_E_INVALID, "bags[0].name \"\": a name is 1 to 63 printable bytes without spaces");
}

Test(core_variant_check, actions_and_views)
{
    carc_variant v = good();
    carc_action_desc a[] = {{1, "hop", CARC_ARG_TARGET, ""}, {2, "2skip", 0, ""}};
    v.actions = a;
    expect(&v, CARC_E_INVALID,
           "actions[1].name \"2skip\": a name is 1 to 63 printable bytes without spaces, starting with a letter");
    a[1] = (carc_action_desc){65536, "skip", 0, ""};
    expect(&v, CARC_E_INVALID, "actions[1] skip: code 65536 is above 65535");
    a[1] = (carc_action_desc){2, "skip", 8, ""};
    expect(&v, CARC_E_INVALID, "actions[1] skip: args 0x8 has bits other than CARC_ARG_TARGET, _SQUARE and _FEATURE");
    a[1] = (carc_action_desc){2, "skip", CARC_ARG_FEATURE, ""};
    expect(&v, CARC_E_INVALID, "actions[1] skip: CARC_ARG_FEATURE needs CARC_ARG_SQUARE (the tile it is on)");
    a[1] = (carc_action_desc){1, "skip", 0, ""};
    expect(&v, CARC_E_INVALID, "actions[1] skip: the same code as actions[0]");
    a[1] = (carc_action_desc){2, "hop", 0, ""};
    expect(&v, CARC_E_INVALID, "actions[1] hop: the same name as actions[0]");
    v = good(), v.action_count = -1;
    expect(&v, CARC_E_INVALID, "action_count -1 is below 0");
    v = good(), v.actions = NULL;
    expect(&v, CARC_E_INVALID, "actions is NULL but action_count is 2");
    v = good(), v.view_value = NULL;
    expect(&v, CARC_E_INVALID, "view_value (and view_value_const) is NULL but view_count is 1");
    carc_view_desc w[] = {{"stones", "", 9, 1}};
    v = good(), v.views = w;
    expect(&v, CARC_E_INVALID, "views[0] stones: shape 9 is not a carc_view_shape");
    w[0] = (carc_view_desc){"stones", "", CARC_VIEW_GAME, 0};
    expect(&v, CARC_E_INVALID, "views[0] stones: length 0 is below 1");
}

Test(core_variant_check, figures_beyond_a_game_and_the_tile_set)
{
    carc_variant v = good();
    carc_figure_desc many[] = {{"follower", 40, 3u, 0, CARC_FIG_MAJORITY}};
    v.figures = many;
    expect(&v, CARC_E_LIMIT, "40 figures per player for 4 players is more than the 96 a game holds");
    v = good();
    const char bad_tiles[] = "tile S start\n  edges F R F F F F F R F F F F\n  feature forest slots=1,7 id=r1\n";
    v.tiles = bad_tiles;
    v.tiles_len = sizeof bad_tiles - 1;
    expect(&v, CARC_E_INVALID, "tiles: line 3: unknown feature kind 'forest'");
    /* carc_game_new refuses the same variant */
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_INVALID);
    cr_assert_null(g);
}

Test(core_variant_check, a_full_registry_says_so)
{
    carc_registry *reg;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    static carc_variant many[64];
    static char names[64][16];
    int n = 0, r = CARC_OK;
    char err[128];
    carc_registry_count(reg, &n);
    for (int i = 0; r == CARC_OK && i < 64; i++) {
        many[i] = good();
        snprintf(names[i], sizeof names[i], "tiny%d", i);
        many[i].name = names[i];
        r = carc_registry_add_v2(reg, &many[i], err, sizeof err);
    }
    cr_assert_eq(r, CARC_E_LIMIT);
    cr_assert_str_eq(err, "the registry holds 64 variants, its most");
    carc_registry_free(reg);
}

/* The library's own variants pass the check a caller's variant passes at
 * every game it makes: carc_game_new skips it for them (lib/game.c), on
 * the strength of this test. */
Test(core_variant_check, every_builtin_variant_passes)
{
    int n = 0;
    cr_assert_eq(carc_registry_count(NULL, &n), CARC_OK);
    cr_assert_geq(n, 5);
    for (int i = 0; i < n; i++) {
        const carc_variant *v = NULL;
        char err[200] = "untouched";
        cr_assert_eq(carc_registry_at(NULL, i, &v), CARC_OK);
        cr_expect_eq(carc_variant_check(v, err, sizeof err), CARC_OK, "%s: %s", v->name, err);
        cr_expect_str_eq(err, "", "%s", v->name);
    }
}
