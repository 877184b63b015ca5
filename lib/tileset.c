/* What the core derives from a tile set once it is read
 * (tileset_parse.c reads the text): per tile type the piece templates, the
 * four rotations and which of them look alike; per set the fit table of
 * the moves listing. And the public queries of a tile set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Whether the feature map (local feature -> local feature) keeps kinds,
 * attributes and the borders/links relations. */
static int map_keeps_tile(const tile_type *t, const int *map)
{
    unsigned hit = 0; /* one to one: two features never become one */
    for (int i = 0; i < t->nfeat; i++) hit |= 1u << map[i];
    if (hit != (1u << t->nfeat) - 1) return 0;
    for (int i = 0; i < t->nfeat; i++) {
        const tile_feat *x = &t->feat[i], *y = &t->feat[map[i]];
        if (x->kind != y->kind || memcmp(x->attr, y->attr, sizeof x->attr)) return 0;
        for (int j = 0; j < t->nfeat; j++) {
            if (((x->borders >> j) & 1) != ((y->borders >> map[j]) & 1)) return 0;
            if (((x->links >> j) & 1) != ((y->links >> map[j]) & 1)) return 0;
        }
    }
    return 1;
}

/* Gives each feature inside the tile (no slots), from the k-th on, a
 * distinct inner feature to turn into, trying every assignment until the
 * whole map keeps the tile: two lakes each linked to their own rivers swap
 * places when the rivers do. */
static int map_inner(const tile_type *t, int *map, const int *inner, int n, int k, unsigned used)
{
    if (k == n) return map_keeps_tile(t, map);
    for (int j = 0; j < n; j++) {
        if (used >> j & 1) continue;
        map[inner[k]] = inner[j];
        if (map_inner(t, map, inner, n, k + 1, used | 1u << j)) return 1;
    }
    return 0;
}

/* Whether placing t at rotation a gives the same tile as at rotation b:
 * the same letters, and a one-to-one renaming of its features that keeps
 * slots, kinds, attributes and relations. */
static int same_rotation(const tile_type *t, int a, int b)
{
    if (t->code[a] != t->code[b]) return 0;
    int map[MAX_FEATS], inner[MAX_FEATS], ninner = 0;
    for (int i = 0; i < MAX_FEATS; i++) map[i] = -1;
    for (int s = 0; s < 12; s++) {
        int fa = t->slot_feat[a][s], fb = t->slot_feat[b][s];
        if ((fa < 0) != (fb < 0)) return 0;
        if (fa < 0) continue;
        if (map[fa] >= 0 && map[fa] != fb) return 0;
        map[fa] = fb;
    }
    for (int i = 0; i < t->nfeat; i++) {
        if (t->feat[i].slots == 0) {
            if (map[i] >= 0) return 0;
            inner[ninner++] = i;
        } else if (map[i] < 0) {
            return 0;
        }
    }
    /* more than six inner features: keep each in place rather than search 7! maps */
    if (ninner > 6) {
        for (int k = 0; k < ninner; k++) map[inner[k]] = inner[k];
        return map_keeps_tile(t, map);
    }
    return map_inner(t, map, inner, ninner, 0, 0);
}

/* Joins the systems of the features of t that link= in its piece
 * templates, as the game once did on placing it: feature i with each later
 * j it links to, the smaller set under the larger, lists spliced. The ids
 * are local; placing the tile adds its first piece to them. */
static void link_systems(tile_type *t)
{
    piece *ps = t->tmpl;
    for (int i = 0; i < t->nfeat; i++)
        for (int j = i + 1; j < t->nfeat; j++) {
            if (!(t->feat[i].links >> j & 1)) continue;
            int a = ps[i].parent[SYS], b = ps[j].parent[SYS], gone;
            if (a != b) pieces_link(ps, SYS, a, b, &gone);
        }
}

/* A side's entry in tile_type.side_join (SJ_ in internal.h), its
 * three slots read from sf[0], sf[step], sf[2 * step]. */
static uint32_t side_join(const int8_t *sf, int step)
{
    uint32_t w = 0;
    for (int j = 0; j < 3; j++) {
        int f = sf[j * step];
        w |= (uint32_t)(f < 0 ? 15 : f) << (4 * j);
        if (f < 0) continue;
        w |= 1u << (SJ_HAS + j);
        int first = 1;
        for (int i = 0; i < j; i++) first &= sf[i * step] != f;
        if (first) w |= 1u << (SJ_FIRST + j);
        if (j > 0 && sf[(j - 1) * step] == f) w |= 1u << (SJ_SAME + j);
    }
    return w;
}

/* Per feature: the sides it touches, and the tile's masks by the kind's
 * flags and by the figure kinds that may stand on it. */
static void feature_flags(const carc_variant *v, tile_type *t)
{
    for (int i = 0; i < t->nfeat; i++) {
        tile_feat *f = &t->feat[i];
        unsigned flags = v->kinds[f->kind].flags;
        for (int side = 0; side < 4; side++)
            if (f->slots & (7u << (3 * side))) f->nsides++;
        if (flags & CARC_KIND_AREA) t->has_area = 1;
        if (!(flags & (CARC_KIND_AREA | CARC_KIND_MARKER))) t->edge_feats |= (uint16_t)(1u << i);
        if (!(flags & CARC_KIND_MARKER))
            for (int k = 0; k < v->figure_count && k < CARC_MAX_FIGURE_KINDS; k++)
                if (v->figures[k].kinds >> f->kind & 1) t->fig_feats[k] |= (uint16_t)(1u << i);
    }
}

/* What a new piece of each feature starts as, and the per-kind and
 * per-attribute feature masks. */
static void piece_templates(tile_type *t)
{
    for (int i = 0; i < t->nfeat; i++) {
        piece *p = &t->tmpl[i];
        memset(p, 0, sizeof *p);
        p->parent[FEAT] = p->parent[SYS] = p->next[FEAT] = p->next[SYS] = (uint16_t)i;
        p->size[FEAT] = p->size[SYS] = 1;
        p->local = (uint8_t)i;
        p->kind = t->feat[i].kind;
        p->open = t->feat[i].nsides;
        p->borders = t->feat[i].borders;
        for (int a = 0; a < MAX_ATTRS; a++)
            if (t->feat[i].attr[a]) t->attr_feats[a] |= (uint16_t)(1u << i);
        if (t->feat[i].kind < CARC_MAX_KINDS) t->kind_feats[t->feat[i].kind] |= (uint16_t)(1u << i);
    }
}

/* The tile turned r quarters: its edge code, the feature at each slot, the
 * joins of each side, and each feature's open sides for every mask of
 * neighbours. */
static void rotation_tables(tile_type *t, int r)
{
    uint8_t feat_sides[MAX_FEATS] = {0}; /* per feature: the sides it touches (bit k: side k) */
    t->code[r] = 0;
    for (int s = 0; s < 12; s++) {
        int orig = (s + 12 - 3 * r) % 12;
        int fi = -1;
        for (int i = 0; i < t->nfeat; i++)
            if (t->feat[i].slots & (1u << orig)) fi = i;
        t->slot_feat[r][s] = (int8_t)fi;
        if (fi >= 0) feat_sides[fi] |= (uint8_t)(1u << (s / 3));
        t->code[r] |= (uint64_t)(unsigned char)t->edges[orig] << (4 * s);
    }
    for (int k = 0; k < 4; k++) {
        const int8_t *sf = &t->slot_feat[r][3 * k];
        t->side_join[0][r][k] = side_join(sf, 1);
        t->side_join[1][r][k] = side_join(sf + 2, -1);
    }
    for (unsigned nb = 0; nb < 16; nb++)
        for (int i = 0; i < t->nfeat; i++) {
            unsigned closed = 0;
            for (int k = 0; k < 4; k++) closed += (nb & feat_sides[i]) >> k & 1;
            t->open_at[r][nb][i] = (uint8_t)(t->feat[i].nsides - closed);
            if (!t->open_at[r][nb][i] && (t->edge_feats >> i & 1)) t->shut[r][nb] |= (uint16_t)(1u << i);
        }
}

/* Which rotations place the same tile: each points at the lowest of its group. */
static void canonical_rotations(tile_type *t)
{
    t->distinct_rots = 0;
    for (int r = 0; r < 4; r++) {
        t->canon_rot[r] = (uint8_t)r;
        for (int q = 0; q < r; q++)
            if (same_rotation(t, q, r)) {
                t->canon_rot[r] = t->canon_rot[q];
                break;
            }
        if (t->canon_rot[r] == r) t->distinct_rots |= (uint8_t)(1u << r);
    }
}

void tile_type_derive(const carc_variant *v, tile_type *t)
{
    feature_flags(v, t);
    piece_templates(t);
    for (int r = 0; r < 4; r++) rotation_tables(t, r);
    link_systems(t);
    canonical_rotations(t);
}

static void build_fit_table(carc_tileset *ts);
static void find_link_kinds(carc_tileset *ts);

void tileset_derive(carc_tileset *ts, const char *letters)
{
    build_fit_table(ts);
    find_link_kinds(ts);
    /* codes were built from letter numbers; keep the letters for carc_tileset_type() */
    for (int i = 0; i < ts->ntypes; i++)
        for (int s = 0; s < 12; s++) ts->types[i].edges[s] = letters[(int)ts->types[i].edges[s]];
}

static unsigned side_code(uint64_t code, int side) { return (unsigned)(code >> (12 * side)) & 0xFFF; }

/* A neighbour's side seen from the square facing it: slots in reverse. */
static unsigned reversed(unsigned c) { return (c & 0xF) << 8 | (c & 0xF0) | (c >> 8 & 0xF); }

static int side_id(carc_tileset *ts, unsigned c)
{
    for (int i = 1; i <= ts->nside_codes; i++)
        if (ts->side_codes[i] == c) return i;
    return 0;
}

/* The kinds whose pieces need the system partition: kinds of features with
 * link=, and any kind that can meet one of those across an edge (the same
 * slot letter), since a join makes them one feature. Every other kind's
 * system is its feature, so joins and finds skip the second union-find. */
static void find_link_kinds(carc_tileset *ts)
{
    unsigned kinds = 0;
    for (int t = 0; t < ts->ntypes; t++)
        for (int i = 0; i < ts->types[t].nfeat; i++)
            if (ts->types[t].feat[i].links) kinds |= 1u << ts->types[t].feat[i].kind;
    for (unsigned more = kinds;; kinds = more) {
        unsigned char letter[256] = {0};
        for (int t = 0; t < ts->ntypes; t++)
            for (int i = 0; i < ts->types[t].nfeat; i++)
                if (kinds >> ts->types[t].feat[i].kind & 1)
                    for (int sl = 0; sl < 12; sl++)
                        if (ts->types[t].feat[i].slots >> sl & 1) letter[(unsigned char)ts->types[t].edges[sl]] = 1;
        for (int t = 0; t < ts->ntypes; t++)
            for (int i = 0; i < ts->types[t].nfeat; i++)
                for (int sl = 0; sl < 12; sl++)
                    if ((ts->types[t].feat[i].slots >> sl & 1) && letter[(unsigned char)ts->types[t].edges[sl]])
                        more |= 1u << ts->types[t].feat[i].kind;
        if (more == kinds) break;
    }
    ts->link_kinds = (uint16_t)kinds;
}

static void build_fit_table(carc_tileset *ts)
{
    for (int t = 0; t < ts->ntypes; t++) {
        ts->move_head[t][0] = CARC_MOVE_TILE;
        ts->move_head[t][1] = (uint64_t)t;
    }
    ts->nside_codes = 0;
    ts->fit_classes = 0;
    ts->avx2 = 0;
    memset(ts->key_classes, 0, sizeof ts->key_classes);
    for (int t = 0; t < ts->ntypes; t++)
        for (int side = 0; side < 4; side++) {
            unsigned c = side_code(ts->types[t].code[0], side);
            for (int k = 0; k < 2; k++, c = reversed(c)) {
                if (side_id(ts, c)) continue;
                if (ts->nside_codes == MAX_SIDE_CODES) {
                    ts->nside_codes = 0; /* too many: no table */
                    return;
                }
                ts->side_codes[++ts->nside_codes] = (uint16_t)c;
            }
        }
    int base = ts->key_base = ts->nside_codes + 1;
    int nkeys = base * base * base * base;
    for (int t = 0; t < ts->ntypes; t++) {
        const tile_type *tt = &ts->types[t];
        int sid[4][4];
        for (int r = 0; r < 4; r++)
            for (int side = 0; side < 4; side++) sid[r][side] = side_id(ts, side_code(tt->code[r], side));
        for (int key = 0; key < nkeys; key++) {
            int need[4], k = key;
            for (int side = 0; side < 4; side++, k /= base) need[side] = k % base;
            unsigned mask = 0;
            for (int r = 0; r < 4; r++) {
                int ok = 1;
                for (int side = 0; side < 4; side++) ok &= need[side] == 0 || need[side] == sid[r][side];
                mask |= (unsigned)ok << r;
            }
            ts->fit[t][key] = (uint8_t)((mask & tt->distinct_rots) << FIT_SHIFT);
        }
    }
    /* fit classes: a type joins the first earlier type that fits the same keys */
    for (int t = 0; t < ts->ntypes; t++) {
        int c = -1;
        for (int u = 0; u < t && c < 0; u++) {
            int same = 1;
            for (int key = 0; key < nkeys && same; key++) same = !ts->fit[t][key] == !ts->fit[u][key];
            if (same) c = ts->fit_class[u];
        }
        if (c < 0) c = ts->fit_classes++;
        ts->fit_class[t] = (uint8_t)c;
        ts->class_shift[t] = (uint8_t)(31 - (c & 31));
        if (c < 32)
            for (int key = 0; key < nkeys; key++)
                if (ts->fit[t][key]) ts->key_classes[key] |= 1u << c;
    }
    if (ts->fit_classes > 32) ts->fit_classes = 0;
#if CARC_AVX2
    if (ts->fit_classes && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi"))
        ts->avx2 = ts->total > NARROW_TILES ? 2 : 1;
#endif
    /* a square always has a neighbour, so key 0 (all sides open) never
     * occurs: over the other keys, the most rotations of a type that fit
     * one square, the moves listing writes a square of it */
    for (int t = 0; t < ts->ntypes; t++) {
        ts->fit_width[t] = 0;
        for (int key = 1; key < nkeys; key++) {
            unsigned m = ts->fit[t][key] >> FIT_SHIFT;
            int n = (int)(m & 1) + (int)(m >> 1 & 1) + (int)(m >> 2 & 1) + (int)(m >> 3 & 1);
            if (n > ts->fit_width[t]) ts->fit_width[t] = (uint8_t)n;
        }
    }
    /* the square beyond side k is constrained on its side k+2 */
    for (int t = 0; t < ts->ntypes; t++) {
        tile_type *tt = &ts->types[t];
        for (int r = 0; r < 4; r++)
            for (int side = 0; side < 4; side++) {
                int opp = (side + 2) & 3, weight = 1;
                for (int i = 0; i < opp; i++) weight *= base;
                tt->key_add[r][side] = (uint16_t)(weight * side_id(ts, reversed(side_code(tt->code[r], side))));
            }
    }
}

/* Parses into a block of allocator `a`, which the tile set keeps. */
static int parse_into_block(const carc_allocator *a, const carc_variant *v, const char *text, size_t len,
                            carc_tileset **out, char *err, size_t err_cap)
{
    carc_tileset *ts = mem_alloc(a, sizeof *ts);
    if (!ts) {
        if (err && err_cap) snprintf(err, err_cap, "out of memory (a tile set takes %zu bytes)", sizeof *ts);
        return CARC_E_NOMEM;
    }
    int r = tileset_parse(v, text, len, ts, err, err_cap);
    if (r) {
        mem_release(a, ts, sizeof *ts);
        return r;
    }
    ts->alloc = *a;
    *out = ts;
    return CARC_OK;
}

int tileset_builtin(const carc_variant *v, const carc_allocator *a, carc_tileset **out)
{
    return parse_into_block(a, v, v->tiles, v->tiles_len, out, NULL, 0);
}

int carc_tileset_parse_with(const carc_allocator *alloc, const carc_variant *v, const char *text, size_t len,
                            carc_tileset **out, char *err, size_t err_cap)
{
    if (!v || !text || !out) return CARC_E_NULL;
    carc_allocator a;
    int r = alloc_take(alloc, &a);
    if (r) return r;
    return parse_into_block(&a, v, text, len, out, err, err_cap);
}

int carc_tileset_parse(const carc_variant *v, const char *text, size_t len, carc_tileset **out, char *err,
                       size_t err_cap)
{
    return carc_tileset_parse_with(NULL, v, text, len, out, err, err_cap);
}

void carc_tileset_free(carc_tileset *ts)
{
    if (ts) mem_release(&ts->alloc, ts, sizeof *ts);
}

int carc_tileset_type_count(const carc_tileset *ts, int *count)
{
    if (!ts || !count) return CARC_E_NULL;
    *count = ts->ntypes;
    return CARC_OK;
}

int carc_tileset_type(const carc_tileset *ts, int type, carc_tile_type_info *info)
{
    if (!ts || !info) return CARC_E_NULL;
    if (info->struct_size < sizeof *info) return CARC_E_VERSION;
    if (type < 0 || type >= ts->ntypes) return CARC_E_RANGE;
    const tile_type *t = &ts->types[type];
    info->name = t->name;
    info->count = t->count;
    info->is_start = t->start;
    info->deck = ts->deck_names[t->deck];
    info->feature_count = t->nfeat;
    memcpy(info->edges, t->edges, 12);
    info->edges[12] = 0;
    return CARC_OK;
}

int carc_tileset_find(const carc_tileset *ts, const char *name, int *type)
{
    if (!ts || !name || !type) return CARC_E_NULL;
    for (int i = 0; i < ts->ntypes; i++)
        if (strcmp(ts->types[i].name, name) == 0) {
            *type = i;
            return CARC_OK;
        }
    return CARC_E_NOT_FOUND;
}

int carc_tileset_feature(const carc_tileset *ts, int type, int feature, const char **id, const char **kind,
                         unsigned *slots)
{
    if (!ts) return CARC_E_NULL;
    if (type < 0 || type >= ts->ntypes) return CARC_E_RANGE;
    const tile_type *t = &ts->types[type];
    if (feature < 0 || feature >= t->nfeat) return CARC_E_RANGE;
    if (id) *id = t->feat[feature].id;
    if (kind) *kind = ts->variant->kinds[t->feat[feature].kind].name;
    if (slots) *slots = t->feat[feature].slots;
    return CARC_OK;
}
