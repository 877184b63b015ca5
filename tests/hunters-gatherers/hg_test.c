#include "hg_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tgame hg_new(int players, const char *deck, int menhir_in_main)
{
    tgame t = {0};
    const carc_variant *v;
    if (carc_registry_find(NULL, "hunters-gatherers", &v)) return t;
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
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        if (strncmp(line, "tile ", 5) == 0) {
            char name[64];
            sscanf(line + 5, "%63s", name);
            int want = 0;
            size_t nl = strlen(name);
            for (const char *q = deck; q && *q; q = strchr(q, ' ')) {
                while (*q == ' ') q++;
                if (strncmp(q, name, nl) == 0 && q[nl] == ':') want = atoi(q + nl + 1);
            }
            int start = strstr(line, " start") != NULL;
            int menhir = strstr(line, "deck=menhir") != NULL && !menhir_in_main;
            len += (size_t)snprintf(text + len, cap - len, "tile %s count=%d%s%s\n", name, want + start,
                                    start ? " start" : "", menhir ? " deck=menhir" : "");
        } else {
            len += (size_t)snprintf(text + len, cap - len, "%s\n", line);
        }
    }
    char err[200];
    if (carc_tileset_parse(v, text, len, &t.ts, err, sizeof err)) {
        fprintf(stderr, "hg_new: %s\n", err);
        free(text);
        return t;
    }
    free(text);
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = 1, .tileset = t.ts};
    if (carc_game_new(&o, &t.g)) {
        carc_tileset_free(t.ts);
        t.ts = NULL;
        t.g = NULL;
    }
    return t;
}

void hg_fix(carc_game *g, const char *tile) { carc_game_set_next_tile(g, t_type(g, tile)); }

int hg_place_drawn(carc_game *g, const char *tile, int x, int y, int rot)
{
    int drawn = -1;
    int r = carc_game_drawn_tile(g, &drawn);
    if (r) return r;
    if (drawn != t_type(g, tile)) return CARC_E_MISMATCH;
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)drawn, .x = (int16_t)x, .y = (int16_t)y,
                   .rotation = (uint8_t)rot};
    return carc_game_apply(g, &m);
}

int hg_can(carc_game *g, const char *figure, const char *id)
{
    int last;
    carc_placed_tile pt;
    carc_game_last_tile(g, &last);
    if (last < 0 || carc_game_tile(g, last, &pt)) return 0;
    int kind = strcmp(figure, "hut") == 0 ? 1 : 0, f = t_feat(g, pt.type, id);
    carc_move buf[256];
    size_t n = 0;
    carc_game_moves(g, buf, 256, &n);
    for (size_t i = 0; i < n && i < 256; i++)
        if (buf[i].kind == CARC_MOVE_FIGURE && buf[i].figure == kind && buf[i].feature == f) return 1;
    return 0;
}

int hg_supply(carc_game *g, int player, int kind)
{
    int n = -1;
    carc_game_supply(g, player, kind, &n);
    return n;
}

int hg_left(carc_game *g, int deck)
{
    int n = -1;
    carc_game_deck_remaining(g, deck, &n);
    return n;
}
