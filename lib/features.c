/* Features as union-find over pieces (one piece per feature of a placed
 * tile), with what the turn needs kept at each root: open edge sides and
 * figures per block class; attribute sums are added up when asked. A union
 * relabels every member of the smaller set (each root keeps a circular list
 * of its members), so every piece names its root and a find is one load
 * (feat_find, sys_find in internal.h); a piece is relabelled O(log n) times
 * in a game. */
#include <string.h>

#include "internal.h"

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

static void sys_union(carc_game *g, int a, int b)
{
    a = sys_find(g, a);
    b = sys_find(g, b);
    if (a == b) return;
    int gone, root = pieces_link(g->pieces, SYS, a, b, &gone);
    add4(g->pieces[root].socc, g->pieces[gone].socc);
}

/* Joins the features of pieces a and b and returns the root kept. The
 * smaller feature's members are relabelled (a's root stays on a tie), and
 * what the root keeps for scoring is summed. `link_kinds` is the tile
 * set's. */
static inline int feat_join(carc_game *g, int a, int b, unsigned link_kinds)
{
    piece *ps = g->pieces;
    int root = ps[a].parent[FEAT], gone = ps[b].parent[FEAT];
    if (root == gone) return root;
    root = pieces_link(ps, FEAT, root, gone, &gone);
    piece *pa = &ps[root], *pb = &ps[gone];
    pa->open = (uint16_t)(pa->open + pb->open);
    add4(pa->occ, pb->occ);
    if (!in_systems(link_kinds, pa->kind)) add4(pa->socc, pb->socc); /* its system is this feature */
    return root;
}

/* Which bytes of w are not zero, as a 4-bit mask. */
static inline unsigned nonzero_bytes(uint32_t w)
{
    uint32_t high = (((w & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | w) & 0x80808080u;
    return (high >> 7) * 0x204081u >> 21 & 15;
}

/* Which 16-bit lanes of w are above 0 as int16_t, as a 4-bit mask: the
 * lanes' high bits set where not zero and not negative, moved to bits 0,
 * 16, 32 and 48, then gathered into bits 48..51 by one multiply (its other
 * products fall on bits 3 to 35, with no carry). */
static inline unsigned positive_lanes(uint64_t w)
{
    const uint64_t low = 0x7FFF7FFF7FFF7FFFu;
    uint64_t high = ((w & low) + low) & ~w & ~low;
    return (unsigned)((high >> 15) * 0x0001000200040008u >> 48) & 15;
}

/* Joins new piece a, not joined to anything yet, to b's feature: as
 * pieces_link would, the larger feature keeps its root (a's on a tie), and
 * a brings no figures. `close` is taken from the open sides of the root. */
static inline void join_alone(piece *ps, int a, int b, unsigned close, unsigned link_kinds)
{
    piece *pa = &ps[a];
    int rb = ps[b].parent[FEAT];
    piece *pb = &ps[rb];
    if (pb->size[FEAT] > 1) {
        pa->parent[FEAT] = (uint16_t)rb;
        pa->next[FEAT] = pb->next[FEAT];
        pb->next[FEAT] = (uint16_t)a;
        pb->size[FEAT]++;
        pb->open = (uint16_t)(pb->open + pa->open - close);
        return;
    }
    pb->parent[FEAT] = (uint16_t)a;
    pb->next[FEAT] = (uint16_t)a;
    pa->next[FEAT] = (uint16_t)rb;
    pa->size[FEAT] = 2;
    pa->open = (uint16_t)(pa->open + pb->open - close);
    memcpy(pa->occ, pb->occ, sizeof pa->occ);
    if (!in_systems(link_kinds, pa->kind)) memcpy(pa->socc, pb->socc, sizeof pa->socc); /* its system is this feature */
}

/* Joins the features of pieces a and b, where a is the tile's new piece,
 * and takes `close` from the open sides of the root kept. */
static NOINLINE void join_closing(carc_game *g, int a, int b, unsigned close, unsigned link_kinds)
{
    int root = feat_join(g, a, b, link_kinds);
    g->pieces[root].open = (uint16_t)(g->pieces[root].open - close);
}

/* Joins new piece a to piece b of a neighbour across a side (and their
 * systems), taking `close` from the open sides of the root kept. */
static ALWAYS_INLINE void join_slot(carc_game *g, int a, int b, unsigned close, unsigned link_kinds)
{
    piece *ps = g->pieces;
    if (ps[a].next[FEAT] == a) /* not joined yet */
        join_alone(ps, a, b, close, link_kinds);
    else
        join_closing(g, a, b, close, link_kinds);
    if (link_kinds && in_systems(link_kinds, ps[a].kind)) sys_union(g, a, b);
}

/* Joins the new pieces (from base) across side k, as `mine` (its
 * side_join word) has it, to those of placed tile ni facing it. */
static ALWAYS_INLINE void join_side(carc_game *g, int wide, int base, uint32_t mine, int k, int ni,
                                    unsigned link_kinds)
{
    const placed *np = &G_TILE(g, wide, ni);
    int first = np->first_piece;
    uint32_t theirs = g->ts->types[np->type].side_join[1][np->rot][(k + 2) & 3];
    /* slots that both have a feature, but for the repeat of a pair just
     * joined; a neighbour's feature closes one side where it first meets
     * the side, at the root it is joined into */
    uint32_t both = mine & theirs;
    unsigned join = (both >> SJ_HAS & ~(both >> SJ_SAME)) & 7, closes = theirs >> SJ_FIRST & 7;
    for (unsigned m = closes & ~join; m; m &= m - 1) /* facing a slot without a feature */
        g->pieces[feat_find(g, first + SJ_FEAT(theirs, ctz32(m)))].open--;
    /* the three slots written out: constant shifts only */
    if (join & 1) join_slot(g, base + SJ_FEAT(mine, 0), first + SJ_FEAT(theirs, 0), closes & 1, link_kinds);
    if (join & 2) join_slot(g, base + SJ_FEAT(mine, 1), first + SJ_FEAT(theirs, 1), closes >> 1 & 1, link_kinds);
    if (join & 4) join_slot(g, base + SJ_FEAT(mine, 2), first + SJ_FEAT(theirs, 2), closes >> 2, link_kinds);
}

/* Adds the pieces of placed tile ti and joins them to the neighbours'.
 * Each side where a neighbour lies closes one open side of every feature
 * touching it on either tile; facing slots then join. `link_kinds` (the
 * tile set's) is a constant in each copy below, so a set without systems
 * does not test for them on every join. */
static ALWAYS_INLINE void add_tile(carc_game *g, int wide, int ti, unsigned link_kinds)
{
    const carc_tileset *ts = g->ts;
    piece *ps = g->pieces;
    const placed *pl = &G_TILE(g, wide, ti);
    const tile_type *t = &ts->types[pl->type];
    int rot = pl->rot, base = g->npieces, n = t->nfeat;
    /* the neighbours, a lane a side: bytes in a narrow game, 16 bits in a wide one */
    const uint64_t around = g->place_around;
    const unsigned nbmask = wide ? positive_lanes(around) : nonzero_bytes((uint32_t)around); /* the sides with a tile */
    /* a new piece starts with its sides that face a neighbour closed; its
     * four ids (parent and next in both partitions) are written as one
     * word, of the tile's ids plus base: a set with systems takes them from
     * the template (its features' systems joined at parse time), one
     * without has each piece its own in all four */
    const uint8_t *open = t->open_at[rot][nbmask];
    g->turn_shut = t->shut[rot][nbmask];
    _Static_assert(offsetof(piece, next) == offsetof(piece, parent) + 2 * sizeof(uint16_t), "ids side by side");
    const uint64_t each = 0x0001000100010001u;
    uint64_t ids = (uint64_t)base * each;
    for (int i = 0; i < n; i++, ids += each) {
        piece *p = &ps[base + i];
        *p = t->tmpl[i];
        if (link_kinds) {
            uint64_t local;
            memcpy(&local, t->tmpl[i].parent, sizeof local);
            uint64_t sum = local + (uint64_t)base * each; /* lanes stay far below 65536: no carries */
            memcpy(p->parent, &sum, sizeof sum);
        } else {
            memcpy(p->parent, &ids, sizeof ids);
        }
        p->tile = (uint16_t)ti;
        p->open = open[i];
    }
    g->npieces = base + n;

    /* the four sides written out: constant side numbers */
    const uint32_t *mine = t->side_join[0][rot];
    if (wide) { /* a lane can hold a square of the frontier (below 0) */
        if (nbmask & 1) join_side(g, 1, base, mine[0], 0, (int)(around & 0xFFFF) - 1, link_kinds);
        if (nbmask & 2) join_side(g, 1, base, mine[1], 1, (int)(around >> 16 & 0xFFFF) - 1, link_kinds);
        if (nbmask & 4) join_side(g, 1, base, mine[2], 2, (int)(around >> 32 & 0xFFFF) - 1, link_kinds);
        if (nbmask & 8) join_side(g, 1, base, mine[3], 3, (int)(around >> 48) - 1, link_kinds);
        return;
    }
    if (around & 0xFF) join_side(g, 0, base, mine[0], 0, (int)(around & 0xFF) - 1, link_kinds);
    if (around & 0xFF00) join_side(g, 0, base, mine[1], 1, (int)(around >> 8 & 0xFF) - 1, link_kinds);
    if (around & 0xFF0000) join_side(g, 0, base, mine[2], 2, (int)(around >> 16 & 0xFF) - 1, link_kinds);
    if (around & 0xFF000000) join_side(g, 0, base, mine[3], 3, (int)(around >> 24 & 0xFF) - 1, link_kinds);
}

/* Copies of add_tile for sets with systems (one known set) and without,
 * narrow and wide. */
static NOINLINE void add_tile_plain(carc_game *g, int ti) { add_tile(g, 0, ti, 0); }
static NOINLINE void add_tile_systems(carc_game *g, int ti) { add_tile(g, 0, ti, g->ts->link_kinds); }
static NOINLINE void add_tile_plain_wide(carc_game *g, int ti) { add_tile(g, 1, ti, 0); }
static NOINLINE void add_tile_systems_wide(carc_game *g, int ti) { add_tile(g, 1, ti, g->ts->link_kinds); }

void feat_add_tile(carc_game *g, int wide, int ti)
{
    if (wide)
        g->ts->link_kinds ? add_tile_systems_wide(g, ti) : add_tile_plain_wide(g, ti);
    else if (g->ts->link_kinds)
        add_tile_systems(g, ti);
    else
        add_tile_plain(g, ti);
}

/* The distinct tiles of a feature (a feature can pass a tile twice); with
 * `lowest`, also its lowest piece, from the same walk. */
static ALWAYS_INLINE int tiles_walk(const carc_game *g, int root, int *lowest, uint8_t *seen)
{
    int n = 0, best = root, p = root;
    do {
        const piece *pc = &g->pieces[p];
        n += !seen[pc->tile];
        seen[pc->tile] = 1;
        if (p < best) best = p;
        p = pc->next[FEAT];
    } while (p != root);
    if (lowest) *lowest = best;
    return n;
}

static NOINLINE int feat_tiles_many(const carc_game *g, int root, int *lowest)
{
    uint8_t seen[MAX_TILES];
    memset(seen, 0, (size_t)g->ntiles);
    return tiles_walk(g, root, lowest, seen);
}

int feat_tiles_lowest(const carc_game *g, int root, int *lowest)
{
    /* a byte a tile: cheaper to test than bits. Zeroing 128 on the stack
     * is a few vector stores, room for every known set; a board of more
     * tiles clears what it has */
    if (g->ntiles > 128) return feat_tiles_many(g, root, lowest);
    uint8_t seen[128] = {0};
    return tiles_walk(g, root, lowest, seen);
}

int feat_tiles(const carc_game *g, int root) { return feat_tiles_lowest(g, root, NULL); }

int feat_attr(const carc_game *g, int root, int attr)
{
    /* exact: at most 255 a piece and MAX_PIECES pieces, far inside an int */
    unsigned sum = 0;
    int p = root;
    do {
        const piece *pc = &g->pieces[p];
        sum += g->ts->types[g->tiles[pc->tile].type].feat[pc->local].attr[attr];
        p = pc->next[FEAT];
    } while (p != root);
    return (int)sum;
}

ALWAYS_INLINE int feat_complete(const carc_game *g, int root)
{
    const piece *p = &g->pieces[root];
    if (g->vt.kinds[p->kind].flags & CARC_KIND_AREA) {
        const placed *pl = &g->tiles[p->tile];
        return board_surrounded(g, g->wide, pl->cell);
    }
    return p->open == 0;
}

/* Counts a figure in (delta 1) or out (-1) of the occupancy at its root. */
ALWAYS_INLINE void feat_occ_add(carc_game *g, int fig, int delta)
{
    const figure *f = &g->figs[fig];
    const carc_figure_desc *d = &g->vt.figures[f->kind];
    if (d->flags & CARC_FIG_FREE) return; /* blocks nothing, so not counted */
    if (d->flags & CARC_FIG_SYSTEM)
        g->pieces[sys_find(g, f->piece)].socc[d->block_class & 3] += (uint8_t)delta;
    else
        g->pieces[feat_find(g, f->piece)].occ[d->block_class & 3] += (uint8_t)delta;
}
