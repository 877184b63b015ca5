/* What carc_registry_add accepts of a third-party variant (and so what
 * carc_game_new and carc_variant_describe accept as a variant): each rule
 * of the check, broken on its own, is refused with the status the header
 * names, and each limit is accepted exactly up to its edge. */
#include <limits.h>

#include "helpers.h"

/* A variant with everything: Hills & Sheep has options, a bag, actions,
 * views and colours. Each test breaks one thing of a copy. */
static carc_variant hs(void)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "hills-sheep", &v), CARC_OK);
    carc_variant mine = *v;
    mine.name = "mine";
    return mine;
}

static int add(const carc_variant *v)
{
    carc_registry *reg = NULL;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    int before = 0, after = 0;
    carc_registry_count(reg, &before);
    int r = carc_registry_add(reg, v);
    carc_registry_count(reg, &after);
    cr_assert_eq(after, before + (r == CARC_OK), "added %d, count %d to %d", r, before, after);
    /* and the same answer where a variant is given directly */
    carc_variant_info info = {.struct_size = sizeof info};
    int d = carc_variant_describe(v, &info);
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = v->min_players > 0 ? v->min_players : 2};
    carc_game *g = NULL;
    int n = carc_game_new(&o, &g);
    carc_game_free(g);
    cr_assert_eq(d, r, "describe says %d, registry_add %d", d, r);
    if (r) cr_assert_eq(n, r, "game_new says %d, registry_add %d", n, r);
    carc_registry_free(reg);
    return r;
}

#define REFUSED(status, change)                                                   \
    do {                                                                          \
        carc_variant v = hs();                                                    \
        change;                                                                   \
        cr_assert_eq(add(&v), status, "%s: %s", #change, carc_strerror(add(&v))); \
    } while (0)
#define ACCEPTED(change) REFUSED(CARC_OK, change)

static char *name_of(size_t len, char fill)
{
    static char buf[4][128];
    static int k;
    char *s = buf[k++ & 3];
    memset(s, fill, len);
    s[len] = 0;
    return s;
}

Test(core_registration, the_variant_as_built_is_accepted)
{
    carc_variant v = hs();
    cr_assert_eq(add(&v), CARC_OK);
}

Test(core_registration, struct_size_and_abi)
{
    REFUSED(CARC_E_VERSION, v.struct_size = (uint32_t)CARC_VARIANT_SIZE_V1 - 1);
    REFUSED(CARC_E_VERSION, v.abi = CARC_VARIANT_ABI + 1);
    REFUSED(CARC_E_VERSION, v.abi = CARC_VARIANT_ABI - 1);
    cr_assert_eq(carc_registry_add(NULL, NULL), CARC_E_NULL);
}

Test(core_registration, names)
{
    REFUSED(CARC_E_INVALID, v.name = NULL);
    REFUSED(CARC_E_INVALID, v.name = "");
    REFUSED(CARC_E_INVALID, v.name = "two words");
    REFUSED(CARC_E_INVALID, v.name = "tab\there");
    REFUSED(CARC_E_INVALID, v.name = "del\x7f");
    carc_variant taken = hs();
    taken.name = "base";
    carc_registry *reg = NULL;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    cr_assert_eq(carc_registry_add(reg, &taken), CARC_E_INVALID, "the name is taken");
    carc_registry_free(reg);
    ACCEPTED(v.name = name_of(CARC_NAME_MAX - 1, 'n'));
    ACCEPTED(v.name = name_of(CARC_NAME_MAX, 'n'));
    REFUSED(CARC_E_INVALID, v.name = name_of(CARC_NAME_MAX + 1, 'n'));
    ACCEPTED(v.name = "\x21~"); /* the printable edges */
    REFUSED(CARC_E_INVALID, v.tiles = NULL);
    REFUSED(CARC_E_INVALID, v.kinds = NULL);
    REFUSED(CARC_E_INVALID, v.categories = NULL);
    /* every other name goes into saves and move text too */
    static carc_kind_desc kinds[16];
    static carc_figure_desc figs[4];
    static const char *cats[12];
    carc_variant base = hs();
    memcpy(kinds, base.kinds, sizeof kinds[0] * (size_t)base.kind_count);
    memcpy(figs, base.figures, sizeof figs[0] * (size_t)base.figure_count);
    memcpy(cats, base.categories, sizeof cats[0] * (size_t)base.category_count);
    kinds[0].name = "bad kind";
    REFUSED(CARC_E_INVALID, v.kinds = kinds);
    kinds[0].name = base.kinds[0].name;
    figs[0].name = "";
    REFUSED(CARC_E_INVALID, v.figures = figs);
    figs[0].name = base.figures[0].name;
    cats[1] = NULL;
    REFUSED(CARC_E_INVALID, v.categories = cats);
    cats[1] = base.categories[1];
    ACCEPTED(v.kinds = kinds; v.figures = figs; v.categories = cats);
}

Test(core_registration, players)
{
    ACCEPTED(v.min_players = 1; v.max_players = 1);
    REFUSED(CARC_E_INVALID, v.min_players = 0);
    ACCEPTED(v.max_players = CARC_MAX_PLAYERS);
    REFUSED(CARC_E_INVALID, v.max_players = CARC_MAX_PLAYERS + 1);
    REFUSED(CARC_E_INVALID, v.min_players = 4; v.max_players = 3);
    ACCEPTED(v.min_players = 3; v.max_players = 3);
}

Test(core_registration, counts_of_kinds_figures_categories)
{
    static carc_kind_desc kinds[CARC_MAX_KINDS + 1];
    static const char *cats[CARC_MAX_CATEGORIES + 1];
    static char names[CARC_MAX_KINDS + CARC_MAX_CATEGORIES + 2][8];
    carc_variant base = hs();
    for (int k = 0; k <= CARC_MAX_KINDS; k++) {
        kinds[k] = k < base.kind_count ? base.kinds[k] : (carc_kind_desc){names[k], 0};
        if (k >= base.kind_count) snprintf(names[k], sizeof names[k], "kind%d", k);
    }
    for (int c = 0; c <= CARC_MAX_CATEGORIES; c++) {
        char *n = names[CARC_MAX_KINDS + 1 + c];
        snprintf(n, 8, "cat%d", c);
        cats[c] = c < base.category_count ? base.categories[c] : n;
    }
    REFUSED(CARC_E_INVALID, v.kind_count = 0);
    REFUSED(CARC_E_INVALID, v.kinds = kinds; v.kind_count = CARC_MAX_KINDS + 1);
    ACCEPTED(v.kinds = kinds; v.kind_count = CARC_MAX_KINDS; v.kind_colors = NULL);
    REFUSED(CARC_E_INVALID, v.category_count = 0);
    ACCEPTED(v.categories = cats; v.category_count = CARC_MAX_CATEGORIES);
    REFUSED(CARC_E_INVALID, v.categories = cats; v.category_count = CARC_MAX_CATEGORIES + 1);
    REFUSED(CARC_E_INVALID, v.figure_count = -1);
    REFUSED(CARC_E_INVALID, v.figure_count = CARC_MAX_FIGURE_KINDS + 1);
    REFUSED(CARC_E_INVALID, v.figures = NULL);
    ACCEPTED(v.figures = NULL; v.figure_count = 0);
    /* figures for every player of the largest game: at most 96 in all */
    static carc_figure_desc many[1];
    many[0] = base.figures[0];
    many[0].per_player = 16;
    ACCEPTED(v.figures = many; v.figure_count = 1; v.max_players = 6);
    many[0].per_player = 17;
    REFUSED(CARC_E_LIMIT, v.figures = many; v.figure_count = 1; v.max_players = 6);
    ACCEPTED(v.figures = many; v.figure_count = 1; v.max_players = 5);
    REFUSED(CARC_E_INVALID, v.state_size = CARC_VARIANT_STATE_MAX + 1);
    ACCEPTED(v.state_size = CARC_VARIANT_STATE_MAX);
    /* a categories' game: the breakdown has exactly that many entries */
    carc_variant v = hs();
    v.categories = cats;
    v.category_count = CARC_MAX_CATEGORIES;
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    const char *last = NULL;
    cr_assert_eq(carc_variant_category(&v, CARC_MAX_CATEGORIES - 1, &last), CARC_OK);
    cr_assert_str_eq(last, "cat11");
    cr_assert_eq(carc_variant_category(&v, CARC_MAX_CATEGORIES, &last), CARC_E_RANGE);
    int bd[CARC_MAX_CATEGORIES + 1];
    memset(bd, 0x5a, sizeof bd);
    cr_assert_eq(carc_game_score_breakdown(g, 1, bd, CARC_MAX_CATEGORIES), CARC_OK);
    for (int c = 0; c < CARC_MAX_CATEGORIES; c++) cr_assert_eq(bd[c], 0);
    cr_assert_eq(bd[CARC_MAX_CATEGORIES], 0x5a5a5a5a);
    carc_game_free(g);
}

#if !CARC_PLUGIN_CHECKS /* reads option 1 of a game on purpose: a -Dplugin_checks build stops there */
Test(core_registration, options)
{
    static carc_option_desc opts[33];
    carc_variant base = hs();
    for (int i = 0; i < 33; i++) {
        static char names[33][12];
        snprintf(names[i], sizeof names[i], "opt%d", i);
        opts[i] = i < base.option_count ? base.options[i] : (carc_option_desc){names[i], "", 0, 1, 0};
    }
    ACCEPTED(v.options = opts; v.option_count = 32);
    REFUSED(CARC_E_INVALID, v.options = opts; v.option_count = 33);
    REFUSED(CARC_E_INVALID, v.option_count = -1);
    REFUSED(CARC_E_INVALID, v.options = NULL);
    ACCEPTED(v.options = NULL; v.option_count = 0);
    carc_option_desc saved = opts[0];
    opts[0].min_value = 2, opts[0].max_value = 1, opts[0].default_value = 1;
    REFUSED(CARC_E_INVALID, v.options = opts);
    opts[0].min_value = 1, opts[0].max_value = 1, opts[0].default_value = 1;
    ACCEPTED(v.options = opts);
    opts[0].min_value = 0, opts[0].max_value = 3, opts[0].default_value = -1;
    REFUSED(CARC_E_INVALID, v.options = opts);
    opts[0].default_value = 4;
    REFUSED(CARC_E_INVALID, v.options = opts);
    opts[0].default_value = 3;
    ACCEPTED(v.options = opts);
    opts[0].default_value = 0;
    ACCEPTED(v.options = opts);
    opts[0].name = "no good";
    REFUSED(CARC_E_INVALID, v.options = opts);
    opts[0] = saved;
}
#endif

Test(core_registration, bags)
{
    static carc_bag_desc bags[CARC_MAX_BAGS + 1];
    carc_variant base = hs();
    cr_assert_eq(base.bag_count, 1);
    for (int b = 0; b <= CARC_MAX_BAGS; b++) bags[b] = base.bags[0];
    bags[1].name = "second";
    bags[2].name = "third";
    ACCEPTED(v.bags = bags; v.bag_count = CARC_MAX_BAGS);
    REFUSED(CARC_E_INVALID, v.bags = bags; v.bag_count = CARC_MAX_BAGS + 1);
    REFUSED(CARC_E_INVALID, v.bag_count = -1);
    REFUSED(CARC_E_INVALID, v.bags = NULL);
    bags[0].token_count = 0;
    REFUSED(CARC_E_INVALID, v.bags = bags);
    bags[0] = base.bags[0];
    bags[0].token_count = CARC_MAX_TOKENS + 1;
    REFUSED(CARC_E_INVALID, v.bags = bags);
    bags[0] = base.bags[0];
    static char tnames[CARC_MAX_TOKENS][8];
    bags[0].token_count = CARC_MAX_TOKENS;
    for (unsigned t = base.bags[0].token_count; t < CARC_MAX_TOKENS; t++) {
        snprintf(tnames[t], sizeof tnames[t], "tok%u", t);
        bags[0].token_names[t] = tnames[t];
        bags[0].initial[t] = 1;
    }
    ACCEPTED(v.bags = bags);
    bags[0].initial[CARC_MAX_TOKENS - 1] = 255;
    ACCEPTED(v.bags = bags);
    bags[0].initial[CARC_MAX_TOKENS - 1] = 256;
    REFUSED(CARC_E_INVALID, v.bags = bags);
    bags[0].initial[CARC_MAX_TOKENS - 1] = 1;
    bags[0].token_names[0] = "a b";
    REFUSED(CARC_E_INVALID, v.bags = bags);
    bags[0] = base.bags[0];
    bags[0].name = NULL;
    REFUSED(CARC_E_INVALID, v.bags = bags);
}

Test(core_registration, actions)
{
    static carc_action_desc acts[8];
    carc_variant base = hs();
    cr_assert_geq(base.action_count, 1);
    int n = base.action_count;
    memcpy(acts, base.actions, sizeof acts[0] * (size_t)n);
    carc_action_desc keep = acts[0];
#define ACT(status, change)                  \
    do {                                     \
        change;                              \
        REFUSED(status, v.actions = acts);   \
        acts[0] = keep;                      \
    } while (0)
    ACT(CARC_OK, acts[0].name = "a1");
    ACT(CARC_OK, acts[0].name = "Z");
    ACT(CARC_OK, acts[0].name = "z9");
    ACT(CARC_OK, acts[0].name = "A");
    /* the bytes just outside the letters */
    ACT(CARC_E_INVALID, acts[0].name = "@a");
    ACT(CARC_E_INVALID, acts[0].name = "[a");
    ACT(CARC_E_INVALID, acts[0].name = "`a");
    ACT(CARC_E_INVALID, acts[0].name = "{a");
    ACT(CARC_E_INVALID, acts[0].name = "1a");
    ACT(CARC_E_INVALID, acts[0].name = "-a");
    ACT(CARC_E_INVALID, acts[0].name = "");
    ACT(CARC_E_INVALID, acts[0].name = NULL);
    ACT(CARC_E_INVALID, acts[0].name = "a b");
    ACT(CARC_OK, acts[0].code = 65535);
    ACT(CARC_E_INVALID, acts[0].code = 65536);
    ACT(CARC_OK, acts[0].args = CARC_ARG_TARGET | CARC_ARG_SQUARE | CARC_ARG_FEATURE);
    ACT(CARC_OK, acts[0].args = 0);
    ACT(CARC_E_INVALID, acts[0].args = 8);
    ACT(CARC_E_INVALID, acts[0].args = CARC_ARG_FEATURE);
    ACT(CARC_E_INVALID, acts[0].args = CARC_ARG_FEATURE | CARC_ARG_TARGET);
    if (n > 1) {
        ACT(CARC_E_INVALID, acts[0].code = acts[1].code);
        ACT(CARC_E_INVALID, acts[0].name = acts[1].name);
    }
#undef ACT
    REFUSED(CARC_E_INVALID, v.action_count = -1);
    REFUSED(CARC_E_INVALID, v.actions = NULL);
    ACCEPTED(v.actions = NULL; v.action_count = 0);
    /* a variant built against 0.1 headers has no actions at all */
    ACCEPTED(v.struct_size = (uint32_t)CARC_VARIANT_SIZE_V1; v.action_count = -1; v.actions = NULL);
}

Test(core_registration, views_and_colours)
{
    static carc_view_desc views[4];
    static const char *colors[CARC_MAX_KINDS];
    carc_variant base = hs();
    cr_assert_geq(base.view_count, 1);
    memcpy(views, base.views, sizeof views[0] * (size_t)base.view_count);
    memcpy(colors, base.kind_colors, sizeof colors[0] * (size_t)base.kind_count);
    carc_view_desc keep = views[0];
    views[0].shape = CARC_VIEW_FEATURE;
    ACCEPTED(v.views = views);
    views[0].shape = CARC_VIEW_FEATURE + 1;
    REFUSED(CARC_E_INVALID, v.views = views);
    views[0].shape = CARC_VIEW_GAME - 1;
    REFUSED(CARC_E_INVALID, v.views = views);
    views[0] = keep;
    views[0].length = 0;
    REFUSED(CARC_E_INVALID, v.views = views);
    views[0] = keep;
    views[0].name = "two words";
    REFUSED(CARC_E_INVALID, v.views = views);
    views[0] = keep;
    REFUSED(CARC_E_INVALID, v.view_count = -1);
    REFUSED(CARC_E_INVALID, v.views = NULL);
    REFUSED(CARC_E_INVALID, v.view_value = NULL; v.view_value_const = NULL);
    ACCEPTED(v.views = NULL; v.view_value = NULL; v.view_value_const = NULL; v.view_count = 0);
    colors[base.kind_count - 1] = NULL;
    REFUSED(CARC_E_INVALID, v.kind_colors = colors);
    ACCEPTED(v.kind_colors = NULL);
}

Test(core_registration, the_tile_set_must_parse)
{
    REFUSED(CARC_E_INVALID, v.tiles = "tile A\n  edges F F\n"; v.tiles_len = strlen(v.tiles));
    REFUSED(CARC_E_INVALID, v.tiles_len = 10);
}

/* Past 64 variants a registry is full. */
Test(core_registration, a_registry_holds_64)
{
    carc_registry *reg = NULL;
    cr_assert_eq(carc_registry_new(&reg), CARC_OK);
    int n = 0;
    carc_registry_count(reg, &n);
    static carc_variant vs[64];
    static char names[64][16];
    int added = 0, r = CARC_OK;
    for (int i = 0; i < 64 && r == CARC_OK; i++) {
        vs[i] = hs();
        snprintf(names[i], sizeof names[i], "mine%d", i);
        vs[i].name = names[i];
        r = carc_registry_add(reg, &vs[i]);
        added += r == CARC_OK;
    }
    cr_assert_eq(r, CARC_E_LIMIT);
    cr_assert_eq(added, 64 - n);
    int now = 0;
    carc_registry_count(reg, &now);
    cr_assert_eq(now, 64);
    const carc_variant *last = NULL;
    cr_assert_eq(carc_registry_at(reg, 63, &last), CARC_OK);
    cr_assert_eq(last, &vs[63 - n]);
    cr_assert_eq(carc_registry_at(reg, 64, &last), CARC_E_RANGE);
    carc_registry_free(reg);
}
