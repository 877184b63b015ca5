/* Features as union-find over pieces (one piece per feature of a placed
 * tile), with what scoring needs kept at each root: open edge sides, figures
 * per block class and attribute sums. A union relabels every member of the
 * smaller set (each root keeps a circular list of its members), so every
 * piece names its root and a find is one load (feat_find, sys_find in
 * internal.h); a piece is relabelled O(log n) times in a game. */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "internal.h"

static const int DX[4] = {0, 1, 0, -1};
static const int DY[4] = {-1, 0, 1, 0};

/* Adds four small counters at once; each stays far below 256, so no byte
 * carries into the next. */
static inline void add4(uint8_t *dst, const uint8_t *src)
{
    uint32_t a, b;
    memcpy(&a, dst, 4);
    memcpy(&b, src, 4);
    a += b;
    memcpy(dst, &a, 4);
}

/* Hangs the smaller of two roots of partition w under the larger and joins
 * their member lists. Returns the root kept; *gone gets the other. */
static int link_roots(carc_game *g, int w, int a, int b, int *gone)
{
    piece *ps = g->pieces;
    if (ps[a].size[w] < ps[b].size[w]) {
        int t = a;
        a = b;
        b = t;
    }
    int p = b;
    do {
        ps[p].parent[w] = (uint16_t)a;
        p = ps[p].next[w];
    } while (p != b);
    ps[a].size[w] = (uint16_t)(ps[a].size[w] + ps[b].size[w]);
    uint16_t t = ps[a].next[w];
    ps[a].next[w] = ps[b].next[w];
    ps[b].next[w] = t;
    *gone = b;
    return a;
}

static void feat_union(carc_game *g, int a, int b)
{
    a = feat_find(g, a);
    b = feat_find(g, b);
    if (a == b) return;
    int gone, root = link_roots(g, FEAT, a, b, &gone);
    piece *pa = &g->pieces[root], *pb = &g->pieces[gone];
    pa->open = (uint16_t)(pa->open + pb->open);
    add4(pa->occ, pb->occ);
    if (!in_systems(g->ts->link_kinds, pa->kind)) add4(pa->socc, pb->socc); /* its system is this feature */
    if (!g->ts->nattrs) return;
#ifdef __SSE2__
    /* all sixteen sums at once, saturating at 255 */
    _Static_assert(MAX_ATTRS == 16, "one vector of attribute sums");
    __m128i sa = _mm_loadu_si128((const __m128i *)(const void *)pa->attr);
    __m128i sb = _mm_loadu_si128((const __m128i *)(const void *)pb->attr);
    _mm_storeu_si128((__m128i *)(void *)pa->attr, _mm_adds_epu8(sa, sb));
#else
    for (int i = 0, n = g->ts->nattrs; i < n; i++) {
        unsigned s = (unsigned)pa->attr[i] + pb->attr[i];
        pa->attr[i] = (uint8_t)(s > 255 ? 255 : s);
    }
#endif
}

static void sys_union(carc_game *g, int a, int b)
{
    a = sys_find(g, a);
    b = sys_find(g, b);
    if (a == b) return;
    int gone, root = link_roots(g, SYS, a, b, &gone);
    add4(g->pieces[root].socc, g->pieces[gone].socc);
}

/* How many sides a 4-bit side mask names (a popcount without a library call). */
static const uint8_t SIDES_COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Adds the pieces of placed tile ti and joins them to the neighbours'.
 * Each side where a neighbour lies closes one open side of every feature
 * touching it on either tile; facing slots then join. */
void feat_add_tile(carc_game *g, int ti)
{
    const placed *pl = &g->tiles[ti];
    const tile_type *t = &g->ts->types[pl->type];
    int base = g->npieces;
    unsigned link_kinds = g->ts->link_kinds;
    int nb[4];
    unsigned nbmask = 0;
    for (int k = 0; k < 4; k++) {
        nb[k] = board_at(g, pl->x + DX[k], pl->y + DY[k]);
        nbmask |= (unsigned)(nb[k] >= 0) << k;
    }
    /* a new piece starts with its sides that face a neighbour closed */
    for (int i = 0; i < t->nfeat; i++) {
        piece *p = &g->pieces[base + i];
        *p = t->feat[i].tmpl;
        p->parent[FEAT] = p->parent[SYS] = p->next[FEAT] = p->next[SYS] = (uint16_t)(base + i);
        p->tile = (uint8_t)ti;
        p->open = (uint16_t)(p->open - SIDES_COUNT[t->feat_sides[pl->rot][i] & nbmask]);
    }
    g->npieces += t->nfeat;
    if (t->has_links)
        for (int i = 0; i < t->nfeat; i++)
            for (int j = i + 1; j < t->nfeat; j++)
                if (t->feat[i].links & (1u << j)) sys_union(g, base + i, base + j);

    for (unsigned sides = nbmask; sides; sides &= sides - 1) {
        int k = ctz32(sides);
        const placed *np = &g->tiles[nb[k]];
        const tile_type *nt = &g->ts->types[np->type];
        int opp = (k + 2) & 3;
        /* most sides are one feature on both tiles (a city or field side):
         * one side closes and one join, without walking the slots */
        int a1 = t->side_one[pl->rot][k], b1 = nt->side_one[np->rot][opp];
        if ((a1 | b1) >= 0) {
            int rb = feat_find(g, np->first_piece + b1);
            g->pieces[rb].open--;
            feat_union(g, base + a1, rb);
            if (in_systems(link_kinds, g->pieces[base + a1].kind)) sys_union(g, base + a1, np->first_piece + b1);
            continue;
        }
        for (unsigned theirs = nt->side_mask[np->rot][opp]; theirs; theirs &= theirs - 1)
            g->pieces[feat_find(g, np->first_piece + ctz32(theirs))].open--;
        int pa = -2, pb = -2;
        for (int j = 0; j < 3; j++) {
            int a = t->slot_feat[pl->rot][3 * k + j];
            int b = nt->slot_feat[np->rot][3 * opp + 2 - j];
            if (a < 0 || b < 0 || (a == pa && b == pb)) continue; /* a whole-side feature: joined once */
            pa = a;
            pb = b;
            feat_union(g, base + a, np->first_piece + b);
            if (in_systems(link_kinds, g->pieces[base + a].kind)) sys_union(g, base + a, np->first_piece + b);
        }
    }
}

int feat_tiles(const carc_game *g, int root)
{
    uint64_t seen[2] = {0, 0};
    int n = 0, p = root;
    do {
        int t = g->pieces[p].tile;
        uint64_t bit = 1ull << (t & 63);
        if (!(seen[t >> 6] & bit)) {
            seen[t >> 6] |= bit;
            n++;
        }
        p = g->pieces[p].next[FEAT];
    } while (p != root);
    return n;
}

int feat_complete(const carc_game *g, int root)
{
    const piece *p = &g->pieces[root];
    if (g->v->kinds[p->kind].flags & CARC_KIND_AREA) {
        const placed *pl = &g->tiles[p->tile];
        return board_neighbours(g, pl->x, pl->y) == 8;
    }
    return p->open == 0;
}

/* Counts a figure in (delta 1) or out (-1) of the occupancy at its root. */
void feat_occ_add(carc_game *g, int fig, int delta)
{
    const figure *f = &g->figs[fig];
    const carc_figure_desc *d = &g->v->figures[f->kind];
    if (d->flags & CARC_FIG_FREE) return; /* blocks nothing, so not counted */
    if (d->flags & CARC_FIG_SYSTEM)
        g->pieces[sys_find(g, f->piece)].socc[d->block_class & 3] += (uint8_t)delta;
    else
        g->pieces[feat_find(g, f->piece)].occ[d->block_class & 3] += (uint8_t)delta;
}
