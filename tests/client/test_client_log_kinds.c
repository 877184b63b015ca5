/* Every log entry of random games of every ruleset, its category checked
 * against the kind of the feature it names: an award in a category the
 * rules give that kind, a completion nobody scored only for a kind the
 * rules score on completion and under that kind's own category. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "client_test.h"

/* What a ruleset's log may say of a feature kind: the categories of its
 * awards ("a|b"), and the category of a completion nobody scored (NULL:
 * such a completion is not logged, no rule scoring it). */
typedef struct kind_rule {
    const char *variant, *kind, *awards, *completed;
} kind_rule;

static const kind_rule rules[] = {
    {"base", "city", "city", "city"},
    {"base", "road", "road", "road"},
    {"base", "monastery", "monastery", "monastery"},
    {"base", "farm", "farm", NULL},
    {"hills-sheep", "city", "city", "city"},
    {"hills-sheep", "road", "road", "road"},
    {"hills-sheep", "monastery", "monastery", "monastery"},
    {"hills-sheep", "farm", "farm|sheep", NULL},
    {"hunters-gatherers", "forest", "forest", "forest"},
    {"hunters-gatherers", "river", "river|hut", "river"},
    {"hunters-gatherers", "lake", "logboat|hut", NULL},
    {"hunters-gatherers", "grassland", "hunter|hunting_trap", NULL},
    {"discovery", "mountain", "mountain", NULL},
    {"discovery", "grassland", "grassland", NULL},
    {"discovery", "sea", "sea", NULL},
    {"over-hill-and-dale", "path", "paths|hiking", "paths"},
    {"over-hill-and-dale", "field", "fields", "fields"},
    {"over-hill-and-dale", "meadow", "stables", NULL},
};

/* Awards that name no feature: the rulesets whose rules pay for something else. */
static const char *const featureless[][2] = {{"over-hill-and-dale", "tokens|sets"}};

static const kind_rule *rule_of(const char *variant, const char *kind)
{
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (!strcmp(rules[i].variant, variant) && !strcmp(rules[i].kind, kind)) return &rules[i];
    return NULL;
}

/* Whether `name` is one of the '|'-separated names of `list`. */
static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p; p = strchr(p, '|'), p = p ? p + 1 : NULL)
        if (!strncmp(p, name, n) && (p[n] == '|' || p[n] == 0)) return 1;
    return 0;
}

static const char *category_name(const carc_game *g, int c)
{
    const carc_variant *v;
    const char *name = "?";
    carc_game_variant(g, &v);
    carc_variant_category(v, c, &name);
    return name;
}

/* The kind name of the feature a log entry names. */
static const char *kind_of(const carc_game *g, const carc_event_info *e)
{
    carc_placed_tile t;
    const carc_tileset *ts;
    const char *kind = NULL;
    cr_assert_eq(carc_game_tile(g, e->tile_index, &t), CARC_OK);
    carc_game_tileset(g, &ts);
    cr_assert_eq(carc_tileset_feature(ts, t.type, e->feature, NULL, &kind, NULL), CARC_OK);
    return kind;
}

typedef struct tally {
    long awards, completed, featureless, extra;
} tally;

static void check_entry(const carc_game *g, const char *variant, int i, tally *t)
{
    carc_event_info e = cl_log(g, i);
    if (e.kind == CARC_EVENT_EXTRA_TURN) {
        cr_assert_eq(e.tile_index, -1, "%s log %d: an extra turn names a feature", variant, i);
        t->extra++;
        return;
    }
    const char *cat = category_name(g, e.category);
    if (e.tile_index < 0) {
        int ok = 0;
        for (size_t k = 0; k < sizeof featureless / sizeof featureless[0]; k++)
            ok |= !strcmp(featureless[k][0], variant) && listed(featureless[k][1], cat);
        cr_assert(ok && e.kind == CARC_EVENT_SCORE, "%s log %d: %s without a feature", variant, i, cat);
        t->featureless++;
        return;
    }
    const char *kind = kind_of(g, &e);
    const kind_rule *r = rule_of(variant, kind);
    cr_assert_not_null(r, "%s log %d: a feature of kind %s", variant, i, kind);
    if (e.kind == CARC_EVENT_COMPLETED) {
        cr_assert_not_null(r->completed, "%s log %d: a %s logged as completed, which no rule scores", variant, i, kind);
        cr_assert_str_eq(cat, r->completed, "%s log %d: a completed %s under %s", variant, i, kind, cat);
        cr_assert(e.complete, "%s log %d: a completion of an open %s", variant, i, kind);
        t->completed++;
    } else {
        cr_assert(listed(r->awards, cat), "%s log %d: an award for a %s under %s", variant, i, kind, cat);
        t->awards++;
    }
}

Test(client_log_kinds, every_entry_has_its_features_category)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    for (int s = 0; s < cl_setup_count; s++) {
        const char *variant = cl_setups[s].variant;
        uint64_t rng = 900 + (uint64_t)s;
        tally t = {0};
        for (int game = 0; game < 150; game++) {
            carc_game *g = cl_new(&cl_setups[s], 2 + game % 4, cl_rand(&rng));
            cr_assert_not_null(g);
            while (cl_random_move(g, &rng, &buf, &cap)) {
            }
            int n = cl_log_count(g);
            for (int i = 0; i < n; i++) check_entry(g, variant, i, &t);
            carc_game_free(g);
        }
        cr_expect_gt(t.awards, 1000, "%s: %ld awards", variant, t.awards);
        if (strcmp(variant, "discovery") == 0)
            cr_expect_eq(t.completed, 0, "%s: no rule scores a completed territory", variant);
        else
            cr_expect_gt(t.completed, 100, "%s: %ld completions nobody scored", variant, t.completed);
        if (strcmp(variant, "over-hill-and-dale") == 0) cr_expect_gt(t.featureless, 0);
        if (strcmp(variant, "hunters-gatherers") == 0) cr_expect_gt(t.extra, 0);
    }
    free(buf);
}

/* The cases the review found: a closed meadow no longer logged; a field
 * completed with nobody on it logged under fields, not paths (category 0). */
Test(client_log_kinds, over_hill_and_dale_fields_and_meadows)
{
    carc_move *buf = NULL;
    size_t cap = 0;
    uint64_t rng = 77;
    long fields = 0, paths = 0;
    const cl_setup ohd = {"over-hill-and-dale", NULL, 0};
    for (int game = 0; game < 100; game++) {
        carc_game *g = cl_new(&ohd, 3, cl_rand(&rng));
        while (cl_random_move(g, &rng, &buf, &cap)) {
        }
        for (int i = 0, n = cl_log_count(g); i < n; i++) {
            carc_event_info e = cl_log(g, i);
            if (e.kind != CARC_EVENT_COMPLETED) continue;
            const char *kind = kind_of(g, &e);
            cr_assert_neq(strcmp(kind, "meadow"), 0, "a closed meadow was logged");
            fields += !strcmp(kind, "field");
            paths += !strcmp(kind, "path");
            cr_assert_eq(e.category, cl_category(g, !strcmp(kind, "field") ? "fields" : "paths"));
        }
        carc_game_free(g);
    }
    cr_expect_gt(fields, 50, "fields completed with nobody on them: %ld", fields);
    cr_expect_gt(paths, 50);
    free(buf);
}
