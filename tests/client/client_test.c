#include "client_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const cl_setup cl_setups[] = {
    {"base", NULL, 0},
    {"hills-sheep", NULL, 0},
    {"hunters-gatherers", NULL, 0},
    {"discovery", NULL, 0},
    {"discovery", "hand", 1},
    {"over-hill-and-dale", NULL, 0},
};
const int cl_setup_count = (int)(sizeof cl_setups / sizeof cl_setups[0]);

carc_game *cl_new(const cl_setup *s, int players, uint64_t seed)
{
    carc_option rule = {s->rule, s->value};
    carc_game_options o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.variant_name = s->variant;
    o.players = players;
    o.seed = seed;
    if (s->rule) {
        o.rules = &rule;
        o.rule_count = 1;
    }
    carc_game *g = NULL;
    return carc_game_new(&o, &g) == CARC_OK ? g : NULL;
}

carc_game *cl_new_game(const char *variant, int players, uint64_t seed)
{
    cl_setup s = {variant, NULL, 0};
    return cl_new(&s, players, seed);
}

int cl_play(carc_game *g, const char *text)
{
    if (strncmp(text, "tile ", 5) == 0) {
        char name[64];
        int type;
        const carc_tileset *ts;
        if (sscanf(text + 5, "%63s", name) != 1) return CARC_E_PARSE;
        carc_game_tileset(g, &ts);
        int r = carc_tileset_find(ts, name, &type);
        if (r == CARC_OK) r = carc_game_set_next_tile(g, type);
        if (r) return r;
    }
    carc_move m;
    int r = carc_move_parse(g, text, strlen(text), &m);
    return r ? r : carc_game_apply(g, &m);
}

const char *cl_text(carc_game *g, const carc_move *m)
{
    static char buf[256];
    size_t len;
    if (carc_move_format(g, m, buf, sizeof buf, &len)) buf[0] = 0;
    return buf;
}

static const carc_variant *variant_of(const carc_game *g)
{
    const carc_variant *v = NULL;
    carc_game_variant(g, &v);
    return v;
}

static carc_variant_info info_of(const carc_game *g)
{
    carc_variant_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    carc_variant_describe(variant_of(g), &info);
    return info;
}

int cl_category(const carc_game *g, const char *name)
{
    const char *n;
    for (int i = 0; carc_variant_category(variant_of(g), i, &n) == CARC_OK; i++)
        if (strcmp(n, name) == 0) return i;
    return -1;
}

int cl_view(const carc_game *g, const char *name)
{
    const char *n;
    for (int i = 0; carc_variant_view(variant_of(g), i, &n, NULL, NULL, NULL) == CARC_OK; i++)
        if (strcmp(n, name) == 0) return i;
    return -1;
}

int cl_bag(const carc_game *g, const char *name)
{
    const char *n;
    for (int i = 0; carc_variant_bag(variant_of(g), i, &n, NULL) == CARC_OK; i++)
        if (strcmp(n, name) == 0) return i;
    return -1;
}

int cl_token(const carc_game *g, int bag, const char *name)
{
    const char *n;
    for (int i = 0; carc_variant_bag_token(variant_of(g), bag, i, &n, NULL) == CARC_OK; i++)
        if (strcmp(n, name) == 0) return i;
    return -1;
}

int cl_figure_kind(const carc_game *g, const char *name)
{
    const char *n;
    for (int i = 0; carc_variant_figure(variant_of(g), i, &n, NULL) == CARC_OK; i++)
        if (strcmp(n, name) == 0) return i;
    return -1;
}

int cl_action(const carc_game *g, const char *name)
{
    const char *n;
    unsigned code;
    int count = info_of(g).action_count;
    for (int i = 0; i < count; i++)
        if (carc_variant_action(variant_of(g), i, &code, &n, NULL, NULL) == CARC_OK && strcmp(n, name) == 0)
            return (int)code;
    return -1;
}

int cl_figure_of(carc_game *g, int player, const char *kind)
{
    int k = cl_figure_kind(g, kind), n = 0;
    carc_game_figure_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_figure_info fi;
        if (carc_game_figure(g, i, &fi) == CARC_OK && fi.owner == player && fi.kind == k) return i;
    }
    return -1;
}

int cl_tile_at(carc_game *g, int x, int y)
{
    int t = -1;
    carc_game_tile_at(g, x, y, &t);
    return t;
}

uint64_t cl_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

size_t cl_moves(carc_game *g, carc_move **buf, size_t *cap)
{
    for (;;) {
        size_t n = 0;
        int r = carc_game_moves(g, *buf, *cap, &n);
        /* with no buffer yet the call only counts */
        if (r == CARC_OK && *buf) return n;
        if (r != CARC_OK && r != CARC_E_BUFFER) return 0;
        if (n < 64) n = 64;
        carc_move *b = realloc(*buf, sizeof *b * n);
        if (!b) return 0;
        *buf = b;
        *cap = n;
    }
}

int cl_random_move(carc_game *g, uint64_t *rng, carc_move **buf, size_t *cap)
{
    size_t n = cl_moves(g, buf, cap);
    if (!n) return 0;
    return carc_game_apply(g, &(*buf)[cl_rand(rng) % n]) == CARC_OK;
}

char *cl_save(const carc_game *g)
{
    size_t len = 0;
    int r = carc_game_save(g, NULL, 0, &len); /* the size; CARC_E_BUFFER says it did not fit */
    if (r != CARC_OK && r != CARC_E_BUFFER) return NULL;
    char *text = malloc(len + 1);
    if (text && carc_game_save(g, text, len + 1, &len)) {
        free(text);
        return NULL;
    }
    return text;
}

int cl_log_count(const carc_game *g)
{
    int n = 0;
    carc_game_log_count(g, &n);
    return n;
}

carc_event_info cl_log(const carc_game *g, int i)
{
    carc_event_info e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.kind = -1;
    if (i < 0) i += cl_log_count(g);
    carc_game_log(g, i, &e);
    return e;
}

int cl_score(const carc_game *g, int player)
{
    int s = 0;
    carc_game_score(g, player, &s);
    return s;
}

int cl_cat_score(const carc_game *g, int player, const char *category)
{
    int c = cl_category(g, category), row[32] = {0};
    if (c < 0 || c >= 32) return -1;
    carc_game_score_breakdown(g, player, row, 32);
    return row[c];
}
