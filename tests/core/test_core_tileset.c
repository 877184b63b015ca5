/* Tile-set parsing, the registry, variant descriptions and status texts. */
#include "helpers.h"

static const carc_variant *base_variant(void)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    cr_assert_not_null(v);
    return v;
}

/* A small valid set: the start tile, a city cap and a straight road. */
static const char *const GOOD =
    "tileset mini\n"
    "tile D count=2 start\n"
    "  edges C C C F R F F F F F R F\n"
    "  feature city slots=0,1,2 id=c1\n"
    "  feature road slots=4,10 id=r1\n"
    "  feature farm slots=3,11 id=f1 borders=c1\n"
    "  feature farm slots=5,6,7,8,9 id=f2 borders=none\n"
    "tile E count=3\n"
    "  edges C C C F F F F F F F F F\n"
    "  feature city slots=0,1,2 id=c1 pennant=1\n"
    "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1 borders=c1\n"
    "tile U count=2 # a straight road\n"
    "  edges F R F F F F F R F F F F\n"
    "  feature road slots=1,7 id=r1\n"
    "  feature farm slots=2,3,4,5,6 id=f1 borders=none\n"
    "  feature farm slots=0,8,9,10,11 id=f2 borders=none\n";

/* GOOD with the first occurrence of `from` replaced by `to`. */
static char *edit(const char *from, const char *to)
{
    const char *at = strstr(GOOD, from);
    cr_assert_not_null(at, "\"%s\" is not in the sample", from);
    size_t n = strlen(GOOD) + strlen(to) + 1;
    char *s = malloc(n);
    snprintf(s, n, "%.*s%s%s", (int)(at - GOOD), GOOD, to, at + strlen(from));
    return s;
}

static void assert_rejected(const char *text, const char *why)
{
    carc_tileset *ts = (carc_tileset *)&ts;
    carc_tileset *const sentinel = ts;
    char err[128] = "untouched";
    int r = carc_tileset_parse(base_variant(), text, strlen(text), &ts, err, sizeof err);
    cr_assert_eq(r, CARC_E_PARSE, "%s: got %d", why, r);
    cr_assert_eq(ts, sentinel, "%s: *out was written", why);
    cr_assert_neq(strcmp(err, "untouched"), 0, "%s: no message", why);
    cr_assert_gt(strlen(err), 0u, "%s: empty message", why);
}

Test(core_tileset, accepts_a_custom_set_and_plays_it)
{
    carc_tileset *ts = NULL;
    char err[128];
    cr_assert_eq(carc_tileset_parse(base_variant(), GOOD, strlen(GOOD), &ts, err, sizeof err), CARC_OK, "%s", err);
    int n;
    cr_assert_eq(carc_tileset_type_count(ts, &n), CARC_OK);
    cr_assert_eq(n, 3);
    int e;
    cr_assert_eq(carc_tileset_find(ts, "E", &e), CARC_OK);
    carc_tile_type_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_tileset_type(ts, e, &info), CARC_OK);
    cr_assert_str_eq(info.name, "E");
    cr_assert_eq(info.count, 3);
    cr_assert_eq(info.is_start, 0);
    cr_assert_eq(info.feature_count, 2);
    cr_assert_str_eq(info.edges, "CCCFFFFFFFFF");
    cr_assert_str_eq(info.deck, "main");
    const char *id, *kind;
    unsigned slots;
    cr_assert_eq(carc_tileset_feature(ts, e, 1, &id, &kind, &slots), CARC_OK);
    cr_assert_str_eq(id, "f1");
    cr_assert_str_eq(kind, "farm");
    cr_assert_eq(slots, 0xFF8u);

    carc_game_options o = {.struct_size = sizeof o, .variant = base_variant(), .players = 2, .seed = 1, .tileset = ts};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    int left;
    cr_assert_eq(carc_game_deck_remaining(g, 0, &left), CARC_OK);
    cr_assert_eq(left, 5, "2 D (one is the start tile) + 3 E + 2 U, less the start tile and the first turn's tile, "
                          "drawn as the game is made");
    /* with E's coat of arms, a two-tile city is worth 2 x (2 + 1) */
    cr_assert_eq(carc_game_set_next_tile(g, e), CARC_OK);
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)e, .x = 0, .y = -1, .rotation = 2};
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    cr_assert_eq(t_figure(g, "follower", "c1"), CARC_OK);
    cr_assert_eq(t_score(g, 0), 6);
    carc_game_free(g);

    /* a set made for one variant cannot be used by another */
    const carc_variant *other = NULL;
    for (int i = 0;; i++) {
        const carc_variant *v;
        if (carc_registry_at(NULL, i, &v)) break;
        if (v != base_variant()) other = v;
    }
    if (other) {
        carc_game_options o2 = {.struct_size = sizeof o2, .variant = other, .players = other->min_players,
                                .tileset = ts};
        cr_assert_eq(carc_game_new(&o2, &g), CARC_E_MISMATCH);
    }
    carc_tileset_free(ts);
}

Test(core_tileset, rejects_malformed_sets)
{
    struct {
        const char *from, *to, *why;
    } cases[] = {
        {"feature road slots=1,7", "feature river slots=1,7", "unknown feature kind"},
        {"edges C C C F F F F F F F F F", "edges C C C F F F F F F F F", "11 edge letters"},
        {"edges C C C F F F F F F F F F", "edges C C C F F F F F F F F F F", "13 edge letters"},
        {"edges C C C F F F F F F F F F", "edges C C C F F F F F F F 1 F", "a digit as edge letter"},
        {"id=f2 borders=none\ntile E", "id=f1 borders=none\ntile E", "duplicate feature id"},
        {"tile E count=3", "tile D count=3", "duplicate tile id"},
        {"tile E count=3", "tile E count=3 start", "two start tiles"},
        {"borders=c1\n  feature farm slots=5", "borders=c9\n  feature farm slots=5", "unknown border id"},
        {"slots=0,1,2 id=c1 pennant", "slots=0,1,12 id=c1 pennant", "slot 12"},
        {"slots=3,4,5,6,7,8,9,10,11 id=f1", "slots=2,3,4,5,6,7,8,9,10,11 id=f1", "slot used twice"},
        {"tile U count=2", "tile U count=x", "bad count"},
        {"tile U count=2", "tile U colour=2", "unknown tile attribute"},
        {"  edges F R F F F F F R F F F F\n", "  edges F R F F F F F R F F F F\n  banner yes\n", "unknown line"},
        {"  feature road slots=1,7 id=r1\n", "  feature road slots=1,7\n", "feature without id"},
        {"tile D count=2 start", "tile D count=2", "no start tile"},
        {"tile D count=2 start", "tile D count=0 start", "start tile with count 0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = edit(cases[i].from, cases[i].to);
        assert_rejected(text, cases[i].why);
        free(text);
    }
    assert_rejected("", "empty text");
    assert_rejected("tileset x\n", "no tiles");
    assert_rejected("  edges C C C C C C C C C C C C\n", "edges outside a tile");
    char nul[] = "tile D start\n  edges C C C F R F F F F F R F\0\n";
    carc_tileset *ts = NULL;
    cr_assert_eq(carc_tileset_parse(base_variant(), nul, sizeof nul - 1, &ts, NULL, 0), CARC_E_PARSE,
                 "a NUL byte, and no error buffer");
    cr_assert_null(ts);
}

Test(core_tileset, builtin_base_set_matches_the_rules)
{
    carc_game *g = h_new("base", 2, 1);
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    int n, total = 0, starts = 0, arms = 0, monasteries = 0;
    cr_assert_eq(carc_tileset_type_count(ts, &n), CARC_OK);
    cr_assert_eq(n, 24);
    for (int t = 0; t < n; t++) {
        carc_tile_type_info info = {.struct_size = sizeof info};
        cr_assert_eq(carc_tileset_type(ts, t, &info), CARC_OK);
        total += info.count;
        if (info.is_start) {
            starts++;
            cr_assert_str_eq(info.name, "D");
        }
        for (int f = 0; f < info.feature_count; f++) {
            const char *kind;
            cr_assert_eq(carc_tileset_feature(ts, t, f, NULL, &kind, NULL), CARC_OK);
            monasteries += info.count * (strcmp(kind, "monastery") == 0);
        }
    }
    cr_assert_eq(total, 72);
    cr_assert_eq(starts, 1);
    cr_assert_eq(monasteries, 6);
    /* tiles with a coat of arms: a completed 2-tile city on one scores 6, not 4 */
    const char *arms_types[] = {"C", "F", "M", "O", "Q", "S"};
    for (size_t i = 0; i < 6; i++) {
        int t;
        cr_assert_eq(carc_tileset_find(ts, arms_types[i], &t), CARC_OK);
        carc_tile_type_info info = {.struct_size = sizeof info};
        carc_tileset_type(ts, t, &info);
        arms += info.count;
    }
    cr_assert_eq(arms, 10);
    int left;
    cr_assert_eq(carc_game_deck_remaining(g, 0, &left), CARC_OK);
    cr_assert_eq(left, 70, "72 tiles less the start tile and the first turn's, drawn as the game is made");
    carc_game_free(g);
}

Test(core_tileset, describe_base_variant)
{
    const carc_variant *v = base_variant();
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_str_eq(info.name, "base");
    cr_assert_not_null(info.title);
    cr_assert_eq(info.tile_count, 72);
    cr_assert_eq(info.tile_type_count, 24);
    cr_assert_eq(info.min_players, 2);
    cr_assert_eq(info.max_players, 5);
    cr_assert_eq(info.figure_kind_count, 1);
    cr_assert_eq(info.option_count, 0);
    cr_assert_eq(info.category_count, 4);
    const char *name;
    int per;
    cr_assert_eq(carc_variant_figure(v, 0, &name, &per), CARC_OK);
    cr_assert_str_eq(name, "follower");
    cr_assert_eq(per, 7);
    const char *want[] = {"road", "city", "monastery", "farm"};
    for (int c = 0; c < 4; c++) {
        cr_assert_eq(carc_variant_category(v, c, &name), CARC_OK);
        cr_assert_str_eq(name, want[c]);
    }
    carc_variant_info old = {.struct_size = 8};
    cr_assert_eq(carc_variant_describe(v, &old), CARC_E_VERSION);
}

Test(core_tileset, registry_new_add_find)
{
    const carc_variant *base = base_variant();
    carc_registry *reg = NULL;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    int n_builtin, n;
    cr_assert_eq(carc_registry_count(NULL, &n_builtin), CARC_OK);
    cr_assert_eq(carc_registry_count(reg, &n), CARC_OK);
    cr_assert_eq(n, n_builtin, "a new registry holds the built-ins");
    cr_assert_geq(n, 1);
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(reg, "base", &v), CARC_OK);
    cr_assert_eq(v, base);
    cr_assert_eq(carc_registry_find(reg, "Base", &v), CARC_E_NOT_FOUND, "names are exact");
    cr_assert_eq(carc_registry_at(reg, n, &v), CARC_E_RANGE);

    carc_variant mine = *base;
    mine.name = "my-base";
    cr_assert_eq(carc_registry_add(reg, &mine), CARC_OK);
    cr_assert_eq(carc_registry_count(reg, &n), CARC_OK);
    cr_assert_eq(n, n_builtin + 1);
    cr_assert_eq(carc_registry_find(reg, "my-base", &v), CARC_OK);
    cr_assert_eq(v, &mine);
    cr_assert_eq(carc_registry_at(reg, n - 1, &v), CARC_OK);
    cr_assert_eq(v, &mine);
    cr_assert_eq(carc_registry_find(NULL, "my-base", &v), CARC_E_NOT_FOUND, "the built-in list is unchanged");
    cr_assert_eq(carc_registry_add(reg, &mine), CARC_E_INVALID, "the name is taken");

    carc_variant bad = *base;
    bad.name = "bad-players";
    bad.min_players = 0;
    cr_assert_eq(carc_registry_add(reg, &bad), CARC_E_INVALID);
    bad = *base;
    bad.name = "bad-abi";
    bad.abi = CARC_VARIANT_ABI + 1;
    cr_assert_eq(carc_registry_add(reg, &bad), CARC_E_VERSION);
    bad = *base;
    bad.name = "bad-tiles";
    bad.tiles = "tile A\n  edges F F\n";
    bad.tiles_len = strlen(bad.tiles);
    cr_assert_eq(carc_registry_add(reg, &bad), CARC_E_INVALID);
    bad = *base;
    bad.name = "";
    cr_assert_eq(carc_registry_add(reg, &bad), CARC_E_INVALID);
    cr_assert_eq(carc_registry_count(reg, &n), CARC_OK);
    cr_assert_eq(n, n_builtin + 1, "refused variants are not added");

    /* a game of the added variant, found by name in the registry */
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "my-base", .registry = reg, .players = 3};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    const carc_variant *gv;
    cr_assert_eq(carc_game_variant(g, &gv), CARC_OK);
    cr_assert_eq(gv, &mine);
    /* its save names the variant, so loading needs the registry */
    char *text = h_save(g);
    carc_game *h = NULL;
    cr_assert_eq(carc_game_load(NULL, text, strlen(text), &h), CARC_E_NOT_FOUND);
    carc_load_options lo = {.struct_size = sizeof lo, .registry = reg};
    cr_assert_eq(carc_game_load(&lo, text, strlen(text), &h), CARC_OK);
    carc_game_free(h);
    free(text);
    carc_game_free(g);
    carc_registry_free(reg);
}

Test(core_tileset, strerror_texts_are_distinct)
{
    const char *seen[15];
    for (int code = 0; code >= -14; code--) {
        const char *s = carc_strerror(code);
        cr_assert_not_null(s);
        cr_assert_gt(strlen(s), 0u);
        for (int j = 0; j < -code; j++) cr_assert_str_neq(s, seen[j], "codes %d and %d share a text", code, -j);
        seen[-code] = s;
    }
    const char *unknown = carc_strerror(-999);
    cr_assert_not_null(unknown);
    for (int j = 0; j < 15; j++) cr_assert_str_neq(unknown, seen[j]);
    cr_assert_not_null(carc_strerror(12345));
    cr_assert_not_null(carc_version());
    cr_assert_eq(carc_version_number(), CARC_VERSION_NUMBER);
}

#if !CARC_PLUGIN_CHECKS /* bad arguments on purpose: a -Dplugin_checks build stops at them */
/* A hook can ask which features of a tile type carry an attribute: the
 * base set's coats of arms lie on F's city (feature 0) and on C's, not on
 * E's city nor on any farm. */
Test(core_tileset, attribute_features_of_a_tile_type)
{
    carc_game *g = h_new("base", 2, 1);
    int pennant = carc_attr_index(g, "pennant");
    cr_assert_geq(pennant, 0);
    cr_expect_eq(carc_type_attr_features(g, t_type(g, "F"), pennant), 1u, "F: the city, not its two farms");
    cr_expect_eq(carc_type_attr_features(g, t_type(g, "C"), pennant), 1u);
    cr_expect_eq(carc_type_attr_features(g, t_type(g, "E"), pennant), 0u, "E's city has no coat of arms");
    cr_expect_eq(carc_type_attr_features(g, t_type(g, "D"), pennant), 0u);
    cr_expect_eq(carc_type_attr_features(g, -1, pennant), 0u);
    cr_expect_eq(carc_type_attr_features(g, 999, pennant), 0u);
    cr_expect_eq(carc_type_attr_features(g, t_type(g, "F"), -1), 0u);
    cr_expect_eq(carc_type_attr_features(g, t_type(g, "F"), 99), 0u);
    cr_expect_eq(carc_type_attr_features(NULL, 0, pennant), 0u);
    carc_game_free(g);
}
#endif

#if !CARC_PLUGIN_CHECKS /* bad arguments on purpose: a -Dplugin_checks build stops at them */
/* The features of a tile type of one kind: D (the base start tile) has its
 * city first, then a road and two farms. */
Test(core_tileset, kind_features_of_a_tile_type)
{
    carc_game *g = h_new("base", 2, 1);
    const carc_variant *v = NULL;
    carc_game_variant(g, &v);
    int city = -1, road = -1, farm = -1, monastery = -1;
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    for (int k = 0; k < info.kind_count; k++) {
        const char *name = NULL;
        carc_variant_kind(v, k, &name, NULL);
        if (!strcmp(name, "city")) city = k;
        if (!strcmp(name, "road")) road = k;
        if (!strcmp(name, "farm")) farm = k;
        if (!strcmp(name, "monastery")) monastery = k;
    }
    int d = t_type(g, "D");
    cr_expect_eq(carc_type_kind_features(g, d, city), 1u << t_feat(g, d, "c1"));
    cr_expect_eq(carc_type_kind_features(g, d, road), 1u << t_feat(g, d, "r1"));
    cr_expect_eq(carc_type_kind_features(g, d, farm), 1u << t_feat(g, d, "f1") | 1u << t_feat(g, d, "f2"));
    cr_expect_eq(carc_type_kind_features(g, d, monastery), 0u);
    cr_expect_eq(carc_type_kind_features(g, -1, city), 0u);
    cr_expect_eq(carc_type_kind_features(g, d, -1), 0u);
    cr_expect_eq(carc_type_kind_features(g, d, 16), 0u);
    cr_expect_eq(carc_type_kind_features(NULL, d, city), 0u);
    carc_game_free(g);
}

/* A feature's attribute sum is exact: each value is at most 255, but two
 * tiles of a city with 128 coats of arms each make 256 (2 x (2 + 256) =
 * 516 points, not the 514 of a sum stopped at 255), and 200 each 400
 * (804 points). */
static void city_of_two_with_pennants(int pennants, int points)
{
    char text[1024];
    snprintf(text, sizeof text,
             "tile D count=2 start\n"
             "  edges C C C F R F F F F F R F\n"
             "  feature city slots=0,1,2 id=c1 pennant=%d\n"
             "  feature road slots=4,10 id=r1\n"
             "  feature farm slots=3,11 id=f1 borders=c1\n"
             "  feature farm slots=5,6,7,8,9 id=f2 borders=none\n"
             "tile E count=3\n"
             "  edges C C C F F F F F F F F F\n"
             "  feature city slots=0,1,2 id=c1 pennant=%d\n"
             "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1 borders=c1\n",
             pennants, pennants);
    tgame t = t_new_text(base_variant(), 2, text, strlen(text), NULL, 0);
    cr_assert_not_null(t.g);
    carc_feature_info before = t_feature_at(t.g, 0, 0, "c1");
    cr_assert_eq(before.points_now, 1 + pennants, "one open tile");
    cr_assert_eq(t_turn(t.g, "E", 0, -1, 2, "follower", "c1"), CARC_OK);
    cr_assert_eq(t_score(t.g, 0), points, "pennant=%d: %d points", pennants, t_score(t.g, 0));
    cr_assert_eq(t_cat(t.g, 0, "city"), points);
    cr_assert_eq(t_score(t.g, 1), 0);
    h_assert_event(t.g, 0, 0, points, "city", CARC_REASON_COMPLETED);
    t_free(&t);
}

Test(core_tileset, attribute_sums_are_not_capped)
{
    city_of_two_with_pennants(127, 2 * (2 + 254));
    city_of_two_with_pennants(128, 516);
    city_of_two_with_pennants(200, 804);
    city_of_two_with_pennants(255, 2 * (2 + 510));
}
#endif
