#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tgame t_new(const char *variant, int players, uint64_t seed)
{
    tgame t = {0};
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .seed = seed};
    if (carc_game_new(&o, &t.g)) t.g = NULL;
    return t;
}

/* Rewrites the count= of every tile line of the variant's own tile set;
 * `flat` also drops deck= so every tile goes to the main stack. */
static tgame deck_game(const char *variant, int players, const char *deck, const carc_option *rules, int nrules,
                       int flat)
{
    tgame t = {0};
    const carc_variant *v;
    if (carc_registry_find(NULL, variant, &v)) return t;
    size_t cap = v->tiles_len * 2 + 1024, len = 0;
    char *text = malloc(cap);
    const char *p = v->tiles, *end = v->tiles + v->tiles_len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        char line[512];
        size_t n = (size_t)(eol - p);
        if (n >= sizeof line) n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        p = eol + 1;
        if (strncmp(line, "tile ", 5) == 0) {
            char name[64];
            sscanf(line + 5, "%63s", name);
            int want = 0;
            const char *q = deck;
            size_t nl = strlen(name);
            while (q && *q) {
                while (*q == ' ') q++;
                if (strncmp(q, name, nl) == 0 && q[nl] == ':') want = atoi(q + nl + 1);
                q = strchr(q, ' ');
            }
            char *hash = strchr(line, '#');
            if (hash) *hash = 0;
            int start = strstr(line, " start") != NULL;
            char *dk = flat ? strstr(line, " deck=") : NULL;
            if (dk) { /* cut the deck= word out of the line */
                char *after = strchr(dk + 1, ' ');
                if (after)
                    memmove(dk, after, strlen(after) + 1);
                else
                    *dk = 0;
            }
            char *c = strstr(line, "count=");
            char rest[512] = "";
            if (c) {
                char *sp = strchr(c, ' ');
                if (sp) snprintf(rest, sizeof rest, "%s", sp);
                *c = 0;
            } else {
                strcat(line, " ");
            }
            len += (size_t)snprintf(text + len, cap - len, "%scount=%d%s\n", line, want + start, rest);
        } else {
            len += (size_t)snprintf(text + len, cap - len, "%s\n", line);
        }
    }
    t = t_new_text(v, players, text, len, rules, nrules);
    free(text);
    return t;
}

tgame t_new_text(const carc_variant *v, int players, const char *text, size_t len, const carc_option *rules,
                 int nrules)
{
    tgame t = {0};
    char err[200];
    if (carc_tileset_parse(v, text, len, &t.ts, err, sizeof err)) {
        fprintf(stderr, "t_new_text: %s\n", err);
        return t;
    }
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = 1,
                           .tileset = t.ts, .rules = rules, .rule_count = nrules};
    if (carc_game_new(&o, &t.g)) {
        carc_tileset_free(t.ts);
        t.ts = NULL;
        t.g = NULL;
    }
    return t;
}

tgame t_new_deck(const char *variant, int players, const char *deck, const carc_option *rules, int nrules)
{
    return deck_game(variant, players, deck, rules, nrules, 0);
}

tgame t_new_deck_flat(const char *variant, int players, const char *deck, const carc_option *rules, int nrules)
{
    return deck_game(variant, players, deck, rules, nrules, 1);
}

void t_free(tgame *t)
{
    carc_game_free(t->g);
    carc_tileset_free(t->ts);
    t->g = NULL;
    t->ts = NULL;
}

int t_type(carc_game *g, const char *name)
{
    const carc_tileset *ts;
    int type;
    if (carc_game_tileset(g, &ts) || carc_tileset_find(ts, name, &type)) return -1;
    return type;
}

int t_feat(carc_game *g, int type, const char *id)
{
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    for (int f = 0;; f++) {
        const char *fid;
        if (carc_tileset_feature(ts, type, f, &fid, NULL, NULL)) return -1;
        if (strcmp(fid, id) == 0) return f;
    }
}

int t_place(carc_game *g, const char *tile, int x, int y, int rot)
{
    int type = t_type(g, tile);
    if (type < 0) return CARC_E_NOT_FOUND;
    int r = carc_game_set_next_tile(g, type);
    if (r) return r;
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)type, .x = (int16_t)x, .y = (int16_t)y,
                   .rotation = (uint8_t)rot};
    return carc_game_apply(g, &m);
}

int t_figure(carc_game *g, const char *figure, const char *id)
{
    const carc_variant *v;
    carc_game_variant(g, &v);
    int kind = -1;
    for (int k = 0;; k++) {
        const char *name;
        if (carc_variant_figure(v, k, &name, NULL)) break;
        if (strcmp(name, figure) == 0) kind = k;
    }
    int last;
    carc_placed_tile pt;
    carc_game_last_tile(g, &last);
    if (kind < 0 || last < 0 || carc_game_tile(g, last, &pt)) return CARC_E_NOT_FOUND;
    int f = t_feat(g, pt.type, id);
    if (f < 0) return CARC_E_NOT_FOUND;
    carc_move m = {.kind = CARC_MOVE_FIGURE, .figure = (uint8_t)kind, .feature = (uint8_t)f, .x = (int16_t)pt.x,
                   .y = (int16_t)pt.y};
    return carc_game_apply(g, &m);
}

int t_pass(carc_game *g)
{
    carc_move m = {.kind = CARC_MOVE_PASS};
    return carc_game_apply(g, &m);
}

int t_turn(carc_game *g, const char *tile, int x, int y, int rot, const char *figure, const char *id)
{
    int r = t_place(g, tile, x, y, rot);
    if (r) return r;
    return figure ? t_figure(g, figure, id) : t_pass(g);
}

int t_score(carc_game *g, int player)
{
    int s = -9999;
    carc_game_score(g, player, &s);
    return s;
}

int t_cat(carc_game *g, int player, const char *category)
{
    const carc_variant *v;
    carc_game_variant(g, &v);
    int cats[CARC_MAX_CATEGORIES] = {0};
    carc_game_score_breakdown(g, player, cats, CARC_MAX_CATEGORIES);
    for (int c = 0; c < CARC_MAX_CATEGORIES; c++) {
        const char *name;
        if (carc_variant_category(v, c, &name)) break;
        if (strcmp(name, category) == 0) return cats[c];
    }
    return -9999;
}

carc_feature_info t_feature_at(carc_game *g, int x, int y, const char *id)
{
    carc_feature_info info = {.struct_size = sizeof info, .tiles = -1};
    int ti;
    carc_placed_tile pt;
    if (carc_game_tile_at(g, x, y, &ti) || ti < 0 || carc_game_tile(g, ti, &pt)) return info;
    int f = t_feat(g, pt.type, id);
    if (f >= 0) carc_game_feature(g, ti, f, &info);
    return info;
}

carc_phase t_phase(carc_game *g)
{
    carc_phase p = CARC_PHASE_OVER;
    carc_game_state(g, &p, NULL);
    return p;
}

int t_player(carc_game *g)
{
    int p = -1;
    carc_game_state(g, NULL, &p);
    return p;
}

int t_move_count(carc_game *g)
{
    size_t n = 0;
    carc_game_moves(g, NULL, 0, &n);
    return (int)n;
}
