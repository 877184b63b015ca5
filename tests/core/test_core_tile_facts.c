/* Tile facts for clients (carcassonne.h): attribute names and values,
 * borders and links of each feature, read without the variant header. */
#include "helpers.h"

static const carc_variant *variant(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, name, &v), CARC_OK);
    return v;
}

/* A start tile whose city carries two attributes and whose farm borders it,
 * and a tile with a river linked to a lake carrying a word attribute. */
static const char *const SET =
    "tile D count=2 start\n"
    "  edges C C C F F F F F F F F F\n"
    "  feature city slots=0,1,2 id=c1 pennant=2 animals=deer:2,boar:1\n"
    "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1 borders=c1\n"
    "tile E count=3\n"
    "  edges F F F F F F F F F F F F\n"
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
    "  feature monastery slots=none id=m1 power=raft\n";

static carc_tileset *parse(const char *variant_name, const char *text)
{
    return h_tileset(variant_name, text, strlen(text));
}

static int attr(const carc_tileset *ts, const char *name)
{
    int a = -1;
    cr_assert_eq(carc_tileset_attr_find(ts, name, &a), CARC_OK, "no attribute %s", name);
    const char *back = NULL;
    cr_assert_eq(carc_tileset_attr(ts, a, &back), CARC_OK);
    cr_assert_str_eq(back, name);
    return a;
}

static int value(const carc_tileset *ts, int type, int feature, int a)
{
    int v = -1;
    cr_assert_eq(carc_tileset_feature_attr(ts, type, feature, a, &v), CARC_OK);
    return v;
}

Test(core_tile_facts, attributes_by_name_and_value)
{
    carc_tileset *ts = parse("base", SET);
    int n = -1;
    cr_assert_eq(carc_tileset_attr_count(ts, &n), CARC_OK);
    cr_assert_eq(n, 4, "pennant, animals.deer, animals.boar, power.raft: got %d", n);
    int pennant = attr(ts, "pennant"), deer = attr(ts, "animals.deer"), boar = attr(ts, "animals.boar"),
        raft = attr(ts, "power.raft");
    cr_assert_eq(value(ts, 0, 0, pennant), 2);
    cr_assert_eq(value(ts, 0, 0, deer), 2);
    cr_assert_eq(value(ts, 0, 0, boar), 1);
    cr_assert_eq(value(ts, 0, 0, raft), 0);
    cr_assert_eq(value(ts, 0, 1, pennant), 0);
    cr_assert_eq(value(ts, 1, 1, raft), 1);
    cr_assert_eq(value(ts, 1, 0, raft), 0);
    carc_tileset_free(ts);
}

Test(core_tile_facts, feature_info_kind_borders_links)
{
    carc_tileset *ts = parse("base", SET);
    carc_tile_feature_info fi = {.struct_size = sizeof fi};
    cr_assert_eq(carc_tileset_feature_info(ts, 0, 0, &fi), CARC_OK);
    cr_assert_str_eq(fi.id, "c1");
    cr_assert_str_eq(fi.kind, "city");
    const char *kind = NULL;
    cr_assert_eq(carc_variant_kind(variant("base"), fi.kind_index, &kind, NULL), CARC_OK);
    cr_assert_str_eq(kind, "city");
    cr_assert_eq(fi.slots, 0x7u);
    cr_assert_eq(fi.borders, 0x2u, "the farm (feature 1) borders the city both ways");
    cr_assert_eq(fi.links, 0u);
    cr_assert_eq(fi.attr_count, 3);
    cr_assert_eq(carc_tileset_feature_info(ts, 1, 1, &fi), CARC_OK);
    cr_assert_str_eq(fi.kind, "monastery");
    cr_assert_eq(fi.slots, 0u);
    cr_assert_eq(fi.borders, 0u);
    cr_assert_eq(fi.attr_count, 1);
    carc_tileset_free(ts);

    /* a river linked to its lake (Hunters and Gatherers): links both ways */
    const char *river =
        "tile S count=1 start\n"
        "  edges F R F F F F F F F F F F\n"
        "  feature river slots=1 id=r1 link=l1 fish=1\n"
        "  feature lake slots=none id=l1 fish=2\n"
        "  feature forest slots=0,2,3,4,5,6,7,8,9,10,11 id=f1\n";
    ts = parse("hunters-gatherers", river);
    cr_assert_eq(carc_tileset_feature_info(ts, 0, 0, &fi), CARC_OK);
    cr_assert_eq(fi.links, 0x2u);
    cr_assert_eq(carc_tileset_feature_info(ts, 0, 1, &fi), CARC_OK);
    cr_assert_eq(fi.links, 0x1u);
    cr_assert_eq(value(ts, 0, 1, attr(ts, "fish")), 2);
    carc_tileset_free(ts);
}

Test(core_tile_facts, bad_calls_change_nothing)
{
    carc_tileset *ts = parse("base", SET);
    int n = 77, a = 77;
    const char *name = "untouched";
    cr_assert_eq(carc_tileset_attr_count(NULL, &n), CARC_E_NULL);
    cr_assert_eq(carc_tileset_attr_count(ts, NULL), CARC_E_NULL);
    cr_assert_eq(carc_tileset_attr(ts, 4, &name), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_attr(ts, -1, &name), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_attr(NULL, 0, &name), CARC_E_NULL);
    cr_assert_str_eq(name, "untouched");
    cr_assert_eq(carc_tileset_attr_find(ts, "fish", &a), CARC_E_NOT_FOUND);
    cr_assert_eq(carc_tileset_attr_find(ts, "animals", &a), CARC_E_NOT_FOUND, "only animals.WORD exists");
    cr_assert_eq(carc_tileset_attr_find(ts, NULL, &a), CARC_E_NULL);
    cr_assert_eq(a, 77);
    int v = 77;
    cr_assert_eq(carc_tileset_feature_attr(ts, 2, 0, 0, &v), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature_attr(ts, 0, 2, 0, &v), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature_attr(ts, 0, 0, 4, &v), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature_attr(ts, 0, 0, -1, &v), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature_attr(ts, 0, 0, 0, NULL), CARC_E_NULL);
    cr_assert_eq(v, 77);
    carc_tile_feature_info fi;
    memset(&fi, 0x5a, sizeof fi);
    fi.struct_size = sizeof fi - 1;
    carc_tile_feature_info before = fi;
    cr_assert_eq(carc_tileset_feature_info(ts, 0, 0, &fi), CARC_E_VERSION);
    fi.struct_size = sizeof fi;
    before.struct_size = sizeof fi;
    cr_assert_eq(carc_tileset_feature_info(ts, 0, 9, &fi), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature_info(ts, -1, 0, &fi), CARC_E_RANGE);
    cr_assert_eq(carc_tileset_feature_info(NULL, 0, 0, &fi), CARC_E_NULL);
    cr_assert_eq(memcmp(&fi, &before, sizeof fi), 0, "a failed call wrote the struct");
    carc_tileset_free(ts);
}

/* The attribute names every built-in tile set carries, and how many
 * features of the whole set (copies counted) show each, from the tile
 * data's own lines. */
static int shown(const carc_tileset *ts, const char *name)
{
    int a = attr(ts, name), types = 0, total = 0;
    carc_tileset_type_count(ts, &types);
    for (int t = 0; t < types; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        cr_assert_eq(carc_tileset_type(ts, t, &ti), CARC_OK);
        for (int f = 0; f < ti.feature_count; f++) total += ti.count * value(ts, t, f, a);
    }
    return total;
}

static carc_tileset *builtin(const char *name)
{
    const carc_variant *v = variant(name);
    return parse(name, v->tiles);
}

Test(core_tile_facts, builtin_sets)
{
    carc_tileset *ts = builtin("base");
    int n = 0;
    carc_tileset_attr_count(ts, &n);
    cr_assert_eq(n, 1);
    cr_assert_eq(shown(ts, "pennant"), 10, "the classic land tiles show 10 coats of arms");
    carc_tileset_free(ts);

    ts = builtin("hunters-gatherers");
    cr_assert_eq(shown(ts, "animals.deer"), 33, "33 deer over every copy of every tile, counted from the tile data");
    cr_assert_eq(shown(ts, "power.raft"), 1);
    cr_assert_eq(shown(ts, "mushrooms") > 0, 1);
    int t = -1;
    cr_assert_eq(carc_tileset_find(ts, "HG20-81", &t), CARC_OK);
    cr_assert_eq(value(ts, t, 0, attr(ts, "animals.mammoth")), 1);
    cr_assert_eq(value(ts, t, 0, attr(ts, "animals.tiger")), 1);
    carc_tileset_free(ts);

    ts = builtin("over-hill-and-dale");
    static const char *const harvest[] = {"apple", "strawberry", "pumpkin", "sunflower", "grain"};
    for (int i = 0; i < 5; i++) {
        char key[32];
        snprintf(key, sizeof key, "harvest.%s", harvest[i]);
        cr_assert_eq(shown(ts, key), 5, "%s", key);
    }
    cr_assert_eq(shown(ts, "harvest.scarecrow"), 8);
    carc_tileset_free(ts);

    ts = builtin("discovery");
    cr_assert_eq(shown(ts, "city"), shown(ts, "ports"), "every port city faces one sea");
    carc_tileset_free(ts);
}
