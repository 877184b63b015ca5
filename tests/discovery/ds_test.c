#include "ds_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tgame ds_new(int players, const char *deck) { return t_new_deck("discovery", players, deck, NULL, 0); }

tgame ds_new_opts(int players, const char *deck, int hand, int literal)
{
    carc_option rules[] = {{"hand", hand}, {"literal_two_tiles", literal}};
    return t_new_deck("discovery", players, deck, rules, 2);
}

int ds_fig(carc_game *g, int x, int y, const char *id)
{
    int ti = -1, nfig = 0;
    carc_placed_tile pt;
    if (carc_game_tile_at(g, x, y, &ti) || ti < 0 || carc_game_tile(g, ti, &pt)) return -1;
    int f = t_feat(g, pt.type, id);
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        if (carc_game_figure(g, i, &fi) == CARC_OK && fi.on_board && fi.tile_index == ti && fi.feature == f)
            return i;
    }
    return -1;
}

int ds_points(carc_game *g, int x, int y, const char *id)
{
    int fig = ds_fig(g, x, y, id), pts = -999;
    if (fig < 0 || carc_game_figure_points(g, fig, &pts)) return -999;
    return pts;
}

int ds_remove(carc_game *g, int x, int y, const char *id)
{
    int fig = ds_fig(g, x, y, id);
    if (fig < 0) return CARC_E_NOT_FOUND;
    carc_move m = {.kind = CARC_MOVE_ACTION, .action = DS_REMOVE, .target = fig};
    return carc_game_apply(g, &m);
}

int ds_can(carc_game *g, const char *id)
{
    int last;
    carc_placed_tile pt;
    if (carc_game_last_tile(g, &last) || last < 0 || carc_game_tile(g, last, &pt)) return 0;
    int f = t_feat(g, pt.type, id);
    carc_move buf[64];
    size_t n = 0;
    if (carc_game_moves(g, buf, 64, &n)) return 0;
    for (size_t i = 0; i < n; i++)
        if (buf[i].kind == CARC_MOVE_FIGURE && buf[i].figure == 0 && buf[i].feature == f) return 1;
    return 0;
}

int ds_supply(carc_game *g, int player)
{
    int n = -1;
    carc_game_supply(g, player, 0, &n);
    return n;
}

int ds_hand_place(carc_game *g, const char *tile, int x, int y, int rot)
{
    int type = t_type(g, tile);
    if (type < 0) return CARC_E_NOT_FOUND;
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)type, .x = (int16_t)x, .y = (int16_t)y,
                   .rotation = (uint8_t)rot};
    return carc_game_apply(g, &m);
}

int ds_in_hand(carc_game *g, int player, const char *tile)
{
    int tiles[8], n = 0, k = 0, type = t_type(g, tile);
    if (carc_game_hand(g, player, tiles, 8, &n)) return -1;
    for (int i = 0; i < n; i++) k += tiles[i] == type;
    return k;
}

/* ---- reading the tile text -------------------------------------------- */

static const char *word_after(const char *line, const char *key)
{
    const char *p = line;
    size_t n = strlen(key);
    while ((p = strstr(p, key)) != NULL) {
        if (p == line || p[-1] == ' ') return p + n;
        p += n;
    }
    return NULL;
}

static int kind_id(const char *line)
{
    if (strncmp(line, "mountain", 8) == 0) return DS_K_MOUNTAIN;
    if (strncmp(line, "grassland", 9) == 0) return DS_K_GRASSLAND;
    if (strncmp(line, "sea", 3) == 0) return DS_K_SEA;
    return -1;
}

/* Turns the borders= ids kept aside into bit masks once a tile is read. */
static int resolve_borders(ds_type *t, char ids[12][64])
{
    for (int i = 0; i < t->nfeat; i++) {
        char list[64];
        snprintf(list, sizeof list, "%s", ids[i]);
        for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
            int found = -1;
            for (int j = 0; j < t->nfeat; j++)
                if (strcmp(t->feat[j].id, tok) == 0) found = j;
            if (found < 0) return -1;
            t->feat[i].borders |= 1u << found;
        }
    }
    return 0;
}

int ds_read_tiles(ds_type *types, int cap)
{
    const carc_variant *v;
    if (carc_registry_find(NULL, "discovery", &v)) return -1;
    const char *p = v->tiles, *end = v->tiles + v->tiles_len;
    int n = 0;
    char border_ids[12][64];
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        char line[512];
        size_t len = (size_t)(eol - p) < sizeof line - 1 ? (size_t)(eol - p) : sizeof line - 1;
        memcpy(line, p, len);
        line[len] = 0;
        p = eol + 1;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char *s = line;
        while (*s == ' ') s++;
        if (strncmp(s, "tile ", 5) == 0) {
            if (n > 0 && resolve_borders(&types[n - 1], border_ids)) return -1;
            if (n == cap) return -1;
            ds_type *t = &types[n++];
            memset(t, 0, sizeof *t);
            memset(border_ids, 0, sizeof border_ids);
            sscanf(s + 5, "%7s", t->name);
            const char *c = word_after(s, "count=");
            t->count = c ? atoi(c) : 1;
            t->start = strstr(s, " start") != NULL;
        } else if (strncmp(s, "edges", 5) == 0 && n > 0) {
            int k = 0;
            for (const char *q = s + 5; *q && k < 12; q++)
                if (*q != ' ') types[n - 1].edges[k++] = *q;
            if (k != 12) return -1;
        } else if (strncmp(s, "feature ", 8) == 0 && n > 0) {
            ds_type *t = &types[n - 1];
            if (t->nfeat == 12) return -1;
            ds_feat *f = &t->feat[t->nfeat];
            f->kind = kind_id(s + 8);
            if (f->kind < 0) return -1;
            const char *sl = word_after(s, "slots=");
            if (!sl) return -1;
            if (strncmp(sl, "none", 4) != 0)
                for (const char *q = sl; *q && *q != ' ';) {
                    f->slots |= 1u << atoi(q);
                    while (*q && *q != ',' && *q != ' ') q++;
                    if (*q == ',') q++;
                }
            const char *id = word_after(s, "id=");
            if (!id) return -1;
            sscanf(id, "%7[^ ]", f->id);
            const char *c = word_after(s, "city=");
            f->city = c ? atoi(c) : 0;
            c = word_after(s, "ports=");
            f->ports = c ? atoi(c) : 0;
            c = word_after(s, "borders=");
            if (c) sscanf(c, "%63[^ ]", border_ids[t->nfeat]);
            t->nfeat++;
        }
    }
    if (n > 0 && resolve_borders(&types[n - 1], border_ids)) return -1;
    return n;
}

const ds_type *ds_type_of(carc_game *g, int type)
{
    static ds_type parsed[128];
    static int nparsed = -1;
    if (nparsed < 0) nparsed = ds_read_tiles(parsed, 128);
    const carc_tileset *ts;
    carc_tile_type_info info = {.struct_size = sizeof info};
    if (carc_game_tileset(g, &ts) || carc_tileset_type(ts, type, &info)) return NULL;
    for (int i = 0; i < nparsed; i++)
        if (strcmp(parsed[i].name, info.name) == 0) return &parsed[i];
    return NULL;
}

/* ---- reference placements -------------------------------------------- */

void ds_turn_edges(const char *edges, int r, char out[13])
{
    for (int s = 0; s < 12; s++) out[s] = edges[(s - 3 * r + 24) % 12];
    out[12] = 0;
}

void ds_board_read(carc_game *g, ds_board *b)
{
    memset(b->grid, 0, sizeof b->grid);
    b->n = 0;
    carc_game_tile_count(g, &b->n);
    b->minx = b->miny = 1 << 20;
    b->maxx = b->maxy = -(1 << 20);
    for (int i = 0; i < b->n && i < 128; i++) {
        carc_placed_tile pt;
        carc_game_tile(g, i, &pt);
        const ds_type *t = ds_type_of(g, pt.type);
        b->x[i] = pt.x;
        b->y[i] = pt.y;
        b->type[i] = pt.type;
        b->rot[i] = pt.rotation;
        ds_turn_edges(t ? t->edges : "????????????", pt.rotation, b->edges[i]);
        b->grid[pt.y + 128][pt.x + 128] = (short)(i + 1);
        if (pt.x < b->minx) b->minx = pt.x;
        if (pt.x > b->maxx) b->maxx = pt.x;
        if (pt.y < b->miny) b->miny = pt.y;
        if (pt.y > b->maxy) b->maxy = pt.y;
    }
}

int ds_board_at(const ds_board *b, int x, int y)
{
    if (x < -127 || x > 127 || y < -127 || y > 127) return -1;
    return b->grid[y + 128][x + 128] - 1;
}

int ds_board_fits(const ds_board *b, int x, int y, const char *turned)
{
    static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
    if (ds_board_at(b, x, y) >= 0) return 0;
    int neighbours = 0;
    for (int k = 0; k < 4; k++) {
        int ni = ds_board_at(b, x + DX[k], y + DY[k]);
        if (ni < 0) continue;
        neighbours++;
        /* slot j of side k meets slot 2-j of the facing side */
        for (int j = 0; j < 3; j++)
            if (turned[3 * k + j] != b->edges[ni][3 * ((k + 2) % 4) + (2 - j)]) return 0;
    }
    return neighbours > 0;
}

/* The feature of t on slot s of the tile turned r, or -1. */
static int owner(const ds_type *t, int r, int s)
{
    int orig = (s - 3 * r + 24) % 12;
    for (int f = 0; f < t->nfeat; f++)
        if (t->feat[f].slots >> orig & 1) return f;
    return -1;
}

static int same_picture(const ds_type *t, int a, int b)
{
    char ea[13], eb[13];
    ds_turn_edges(t->edges, a, ea);
    ds_turn_edges(t->edges, b, eb);
    if (strcmp(ea, eb) != 0) return 0;
    int map[12];
    for (int i = 0; i < 12; i++) map[i] = -1;
    for (int s = 0; s < 12; s++) {
        int fa = owner(t, a, s), fb = owner(t, b, s);
        if ((fa < 0) != (fb < 0)) return 0;
        if (fa < 0) continue;
        if (map[fa] >= 0 && map[fa] != fb) return 0;
        map[fa] = fb;
    }
    for (int f = 0; f < t->nfeat; f++)
        if (t->feat[f].slots == 0) map[f] = f; /* an inland feature turns in place */
    for (int f = 0; f < t->nfeat; f++) {
        const ds_feat *x = &t->feat[f], *y = &t->feat[map[f]];
        if (x->kind != y->kind || x->city != y->city || x->ports != y->ports) return 0;
        for (int j = 0; j < t->nfeat; j++)
            if ((x->borders >> j & 1) != (y->borders >> map[j] & 1)) return 0;
    }
    return 1;
}

int ds_same_turn(const ds_type *t, int r)
{
    for (int q = 0; q < r; q++)
        if (same_picture(t, q, r)) return q;
    return r;
}

int ds_ref_placements(carc_game *g, const ds_board *b, int type)
{
    const ds_type *t = ds_type_of(g, type);
    if (!t) return -1;
    int count = 0;
    for (int r = 0; r < 4; r++) {
        if (ds_same_turn(t, r) != r) continue;
        char turned[13];
        ds_turn_edges(t->edges, r, turned);
        for (int y = b->miny - 1; y <= b->maxy + 1; y++)
            for (int x = b->minx - 1; x <= b->maxx + 1; x++) count += ds_board_fits(b, x, y, turned);
    }
    return count;
}
