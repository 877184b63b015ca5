/* What the core does for a third-party variant that leaves hooks out, and
 * the views of every shape: base's kinds, figures and tiles with no hooks
 * at all (a feature is then worth its tiles), and five views, one of each
 * ::carc_view_shape, whose value names the owner and the index. */
#include "helpers.h"

static int view_value(carc_game *g, int view, int owner, int k)
{
    (void)g;
    return view * 100000 + owner * 10 + k;
}

static const carc_view_desc VIEWS[] = {
    {"whole", "one for the game", CARC_VIEW_GAME, 1},  {"seat", "two per seat", CARC_VIEW_PLAYER, 2},
    {"figure", "one per figure", CARC_VIEW_FIGURE, 1}, {"tile", "three per tile", CARC_VIEW_TILE, 3},
    {"feature", "one per feature", CARC_VIEW_FEATURE, 1},
};

static carc_variant bare(void)
{
    const carc_variant *base = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &base), CARC_OK);
    carc_variant v = *base;
    v.name = "bare";
    v.setup = NULL;
    v.feature_points = NULL;
    v.feature_points_const = NULL; /* base's hooks come in both forms */
    v.state_size = 0;
    v.views = VIEWS;
    v.view_count = 5;
    v.view_value = view_value;
    v.view_value_const = NULL;
    return v;
}

static int view(carc_game *g, int which, int owner, int k, int *value)
{
    *value = -12345;
    return carc_game_view(g, which, owner, k, value);
}

Test(core_plugin_defaults, views_of_every_shape_up_to_their_edges)
{
    carc_variant v = bare();
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 3, .seed = 2};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    uint64_t rng = 4;
    h_play(g, &rng, 7);
    int nf = 0, nt = 0, value;
    carc_game_figure_count(g, &nf);
    carc_game_tile_count(g, &nt);
    cr_assert_eq(nf, 21);
    cr_assert_geq(nt, 4);
    /* owner ranges: 1 game, 3 seats, 21 figures, nt tiles */
    const int owners[4] = {1, 3, 21, nt};
    for (int s = 0; s < 4; s++) {
        cr_assert_eq(view(g, s, owners[s] - 1, 0, &value), CARC_OK, "view %d, last owner", s);
        cr_assert_eq(value, s * 100000 + (owners[s] - 1) * 10);
        cr_assert_eq(view(g, s, owners[s], 0, &value), CARC_E_RANGE, "view %d, owner past the last", s);
        cr_assert_eq(value, -12345, "nothing written");
        cr_assert_eq(view(g, s, -1, 0, &value), CARC_E_RANGE, "view %d, owner -1", s);
        cr_assert_eq(view(g, s, 0, VIEWS[s].length, &value), CARC_E_RANGE, "view %d, k past the last", s);
        cr_assert_eq(view(g, s, 0, VIEWS[s].length - 1, &value), CARC_OK);
        cr_assert_eq(value, s * 100000 + VIEWS[s].length - 1);
        cr_assert_eq(view(g, s, 0, -1, &value), CARC_E_RANGE);
    }
    /* features: the last feature of the last tile, and one past it */
    int last_type = carc_tile_type(g, nt - 1), feats = carc_type_feature_count(g, last_type);
    int owner = (nt - 1) * CARC_VIEW_FEATURE_STRIDE + feats - 1;
    cr_assert_eq(view(g, 4, owner, 0, &value), CARC_OK);
    cr_assert_eq(value, 400000 + owner * 10);
    cr_assert_eq(view(g, 4, owner + 1, 0, &value), CARC_E_RANGE, "past the tile's features");
    cr_assert_eq(view(g, 4, nt * CARC_VIEW_FEATURE_STRIDE, 0, &value), CARC_E_RANGE, "past the tiles");
    cr_assert_eq(view(g, 4, -1, 0, &value), CARC_E_RANGE);
    cr_assert_eq(view(g, 5, 0, 0, &value), CARC_E_RANGE, "no view 5");
    cr_assert_eq(view(g, -1, 0, 0, &value), CARC_E_RANGE);
    cr_assert_eq(carc_game_view(g, 0, 0, 0, NULL), CARC_E_NULL);
    cr_assert_eq(carc_game_view(NULL, 0, 0, 0, &value), CARC_E_NULL);
    carc_game_free(g);
}

/* With no feature_points hook a feature is worth its tiles, complete or
 * not: a city of two tiles scores 2 (base would say 4), the open road at
 * the end 1 per tile. */
Test(core_plugin_defaults, a_feature_is_worth_its_tiles_without_a_points_hook)
{
    carc_variant v = bare();
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2, .seed = 1};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    cr_assert_eq(t_turn(g, "E", 0, -1, 2, "follower", "c1"), CARC_OK);
    cr_assert_eq(t_score(g, 0), 2, "two tiles");
    cr_assert_eq(t_cat(g, 0, "road"), 2, "the default category is the first");
    carc_feature_info fi = t_feature_at(g, 0, 0, "r1");
    cr_assert_eq(fi.points_now, 1, "one tile of road");
    carc_game_free(g);
}

/* carc_figure_place puts the lowest figure of a kind from supply; with none
 * left it answers -1 and changes nothing. */
Test(core_plugin_defaults, figure_place_takes_from_supply_until_none_is_left)
{
    carc_game *g = h_new("base", 2, 1);
    int first = -1;
    for (int k = 0; k < 7; k++) {
        int id = carc_figure_place(g, 1, 0, 1); /* the start tile's road */
        cr_assert_eq(id, 7 + k, "player 1's figures are 7..13");
        if (k == 0) first = id;
        cr_assert_eq(carc_figure_piece(g, id), 1);
        cr_assert_eq(carc_figure_owner(g, id), 1);
        cr_assert_eq(h_supply(g, 1), 6 - k);
    }
    char *before = h_save(g);
    cr_assert_eq(carc_figure_place(g, 1, 0, 1), -1, "none left");
    cr_assert_eq(h_supply(g, 1), 0);
    h_assert_unchanged(g, before, "placing from an empty supply");
    carc_feature_info fi = t_feature_at(g, 0, 0, "r1");
    cr_assert_eq(fi.figures[1], 7);
    cr_assert_eq(fi.figures[0], 0);
    carc_figure_return(g, first);
    cr_assert_eq(h_supply(g, 1), 1);
    cr_assert_eq(carc_figure_place(g, 1, 0, 2), first, "the one back home goes out again");
    free(before);
    carc_game_free(g);
}

Test(core_plugin_defaults, an_option_without_a_name)
{
    const carc_variant *hs = NULL;
    cr_assert_eq(carc_registry_find(NULL, "hills-sheep", &hs), CARC_OK);
    carc_option rules[2] = {{"hills", 0}, {NULL, 1}};
    carc_game_options o = {.struct_size = sizeof o, .variant = hs, .players = 2, .rules = rules, .rule_count = 2};
    carc_game *g = (carc_game *)&g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_NULL);
    cr_assert_eq(g, (carc_game *)&g);
    o.rules = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_NULL, "two rules, no array");
    o.rule_count = -1;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_NULL);
    o.rule_count = 0;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    carc_game_free(g);
}

/* A variant's followers may block in any of the four classes: whichever it
 * is, a completed city with one on it is scored (2 x 2 for D and E) and
 * the follower goes home; a second follower of the same class cannot join
 * it, one of another kind and class could. */
Test(core_plugin_defaults, followers_of_every_block_class_score)
{
    const carc_variant *base = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &base), CARC_OK);
    for (unsigned cls = 0; cls < 4; cls++) {
        static carc_figure_desc figs[1];
        figs[0] = base->figures[0];
        figs[0].block_class = cls;
        carc_variant v = *base;
        v.name = "classes";
        v.figures = figs;
        carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2, .seed = 1};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        cr_assert_eq(t_turn(g, "U", 1, 0, 1, "follower", "r1"), CARC_OK);
        cr_assert_eq(t_place(g, "U", -1, 0, 1), CARC_OK);
        cr_assert_eq(t_figure(g, "follower", "r1"), CARC_E_ILLEGAL_MOVE, "class %u: the road is taken", cls);
        cr_assert_eq(t_pass(g), CARC_OK);
        cr_assert_eq(t_turn(g, "E", 0, -1, 2, "follower", "c1"), CARC_OK);
        cr_assert_eq(t_score(g, 0), 4, "class %u: the city scored %d", cls, t_score(g, 0));
        cr_assert_eq(h_supply(g, 0), 6, "class %u: the city's follower is home, the road's is out", cls);
        carc_game_free(g);
    }
}
