/* The board: a grid of placed tiles and the frontier of empty squares next
 * to them, each with its edge requirement packed as a mask and a value over
 * the 12 slot letters, so a fit test is one XOR and one AND. */
#include <string.h>

#include "internal.h"

static const int DX[4] = {0, 1, 0, -1}; /* N E S W */
static const int DY[4] = {-1, 0, 1, 0};

/* The skewed tori (internal.h), smallest first, each with the most tiles
 * it holds. Found by search over every k for each M (the lattice of
 * squares on cell 0 has no vector (a, b) with max(1,|a|-1) +
 * max(1,|b|-1) <= n + 1, the difference of two squares of a box grown by
 * one around n tiles); test_core_board checks each. */
static const struct {
    unsigned cells, k;
    int tiles;
} GEOMETRY[] = {{4096, 90, 86},     {8192, 127, 124},      {16384, 4142, 177},  {32768, 255, 252},
                {65536, 2930, 357}, {131072, 511, 508},    {262144, 18053, 720}, {GRID_MAX_CELLS, 1023, 1020}};
_Static_assert(MAX_TILES <= 1020, "the largest torus holds the most tiles a set may have");
_Static_assert(MAX_TILES < INT16_MAX && MAX_FRONTIER < INT16_MAX, "a cell holds a tile's or a square's index in 16 bits");

unsigned board_geometry(int n, unsigned *k)
{
    size_t i = 0;
    while (GEOMETRY[i].tiles < n && i + 1 < sizeof GEOMETRY / sizeof GEOMETRY[0]) i++;
    *k = GEOMETRY[i].k;
    return GEOMETRY[i].cells;
}

int board_fits(const carc_game *g, int wide, int fi, int type, int rot)
{
    const tile_type *t = &g->ts->types[type];
    if (g->ts->nside_codes) return g->ts->fit[type][G_FKEY_AT(g, wide, fi)] >> (FIT_SHIFT + rot) & 1;
    return ((t->code[rot] ^ g->fval[fi]) & g->fmask[fi]) == 0;
}

int board_any_fit_edges(const carc_game *g, int type)
{
    const tile_type *t = &g->ts->types[type];
    for (int i = 0; i < g->nfrontier; i++)
        for (int r = 0; r < 4; r++)
            if (((t->code[r] ^ g->fval[i]) & g->fmask[i]) == 0) return 1;
    return 0;
}

int board_neighbours(const carc_game *g, unsigned cell)
{
    unsigned r[8];
    board_ring(g, cell, r);
    int n = 0;
    for (int i = 0; i < 8; i++) n += board_has_tile(g, g->wide, r[i]);
    return n;
}

/* The frontier index of the empty square at grid cell `cell`, position
 * `pos`, next to a tile; a new square is added, and *fresh says so, its
 * requirement left for the caller to set. A square next to a tile cannot
 * share a cell with another square in use (internal.h), so the cell alone
 * says whether it is in the frontier: `c` is what the cell holds, read by
 * the caller from a wide game's grid (in a narrow one it is read here). */
static ALWAYS_INLINE int frontier_square(carc_game *g, int wide, int c, unsigned cell, uint32_t pos, int *fresh)
{
    int f = wide ? -c - 1 : (int)g->fgrid[cell] - 1;
    *fresh = f < 0;
    if (f < 0) {
        f = g->nfrontier++;
        G_FPOS_AT(g, wide, f) = (uint64_t)pos << 32;
        if (wide)
            g->fcell[f] = cell;
        else
            g->fcell_n[f] = (uint16_t)cell;
        if (wide)
            g->cells[cell] = (int16_t)(-f - 1);
        else
            g->fgrid[cell] = (uint8_t)(f + 1);
    }
    return f;
}

/* The placed record of a new tile, and its place among the open area
 * tiles (carc_game.area_tiles). */
static ALWAYS_INLINE void place_record(carc_game *g, int wide, int ti, int type, int rot, int x, int y, unsigned cell)
{
    placed *pl = &G_TILE(g, wide, ti);
    pl->x = (int16_t)x;
    pl->y = (int16_t)y;
    pl->type = (uint8_t)type;
    pl->rot = (uint8_t)rot;
    pl->turn = (uint16_t)g->turn;
    pl->first_piece = (uint16_t)g->npieces;
    pl->cell = cell;
    pl->has_area = g->ts->types[type].has_area;
    if (pl->has_area && g->narea >= 0) {
        if (g->narea == (int)(sizeof g->area_tiles / sizeof g->area_tiles[0]))
            g->narea = -1;
        else {
            g->area_pos[g->narea] = FPOS(x, y) ^ 0x80008000u; /* see collect_completed */
            g->area_tiles[g->narea++] = (uint16_t)ti;
        }
    }
}

/* Takes frontier square fi, at grid cell `cell`, out of the frontier: the
 * last square takes its index. */
static ALWAYS_INLINE void frontier_remove(carc_game *g, int wide, int fi, unsigned cell, int table)
{
    int last = g->nfrontier - 1;
    g->nfrontier--;
    if (!wide) g->fgrid[cell] = 0; /* a wide grid's cell has the tile now */
    if (fi != last) {
        G_FPOS_AT(g, wide, fi) = G_FPOS_AT(g, wide, last);
        G_FKEY_AT(g, wide, fi) = G_FKEY_AT(g, wide, last);
        if (wide)
            g->fcell[fi] = g->fcell[last];
        else
            g->fcell_n[fi] = g->fcell_n[last];
        G_FCLS_AT(g, wide, fi) = G_FCLS_AT(g, wide, last);
        if (!table) {
            g->fmask[fi] = g->fmask[last];
            g->fval[fi] = g->fval[last];
        }
        if (wide)
            g->cells[g->fcell[fi]] = (int16_t)(-fi - 1);
        else
            g->fgrid[g->fcell_n[fi]] = (uint8_t)(fi + 1);
    }
    G_FCLS_AT(g, wide, last) = 0; /* past the end: no class (carc_game.fcls) */
}

/* The frontier square on side k of the new tile, for a set without a fit
 * table: the square's side facing this tile must show this side's letters
 * in reverse slot order. */
static void edge_side(carc_game *g, int f, int fresh, uint64_t code, int k)
{
    if (fresh) {
        G_FKEY_AT(g, g->wide, f) = 0;
        g->fmask[f] = g->fval[f] = 0;
    }
    int opp = (k + 2) & 3;
    unsigned side = (unsigned)(code >> (12 * k)) & 0xFFF;
    uint64_t need = (side & 0xF) << 8 | (side & 0xF0) | (side >> 8 & 0xF);
    g->fmask[f] |= (uint64_t)0xFFF << (12 * opp);
    g->fval[f] |= need << (12 * opp);
}

ALWAYS_INLINE int board_place(carc_game *g, int wide, int type, int rot, int x, int y, unsigned cell, int fi)
{
    int ti = g->ntiles++;
    place_record(g, wide, ti, type, rot, x, y, cell);
    if (wide)
        g->cells[cell] = (int16_t)(ti + 1);
    else
        g->grid[cell] = (uint8_t)(ti + 1);
    const int table = g->ts->nside_codes != 0;
    if (fi >= 0) frontier_remove(g, wide, fi, cell, table);
    const tile_type *t = &g->ts->types[type];
    /* the four cells around, N E S W, read once for the grid and again
     * for the frontier (carc_game.place_around) */
    const unsigned k = g->grid_k, m = g->grid_mask;
    const unsigned nc[4] = {(cell - k) & m, (cell + 1) & m, (cell + k) & m, (cell - 1) & m};
    int c[4] = {0, 0, 0, 0}; /* a wide game's cells; a narrow game's tiles are in `around` */
    uint32_t around = 0;
    if (wide) {
        for (int s = 0; s < 4; s++) c[s] = g->cells[nc[s]];
        g->place_around = (uint64_t)(uint16_t)c[0] | (uint64_t)(uint16_t)c[1] << 16 | (uint64_t)(uint16_t)c[2] << 32 |
                          (uint64_t)(uint16_t)c[3] << 48;
    } else {
        around = (uint32_t)g->grid[nc[0]] | (uint32_t)g->grid[nc[1]] << 8 | (uint32_t)g->grid[nc[2]] << 16 |
                 (uint32_t)g->grid[nc[3]] << 24;
        g->place_around = around;
    }
#define HAS_TILE(s) (wide ? c[s] > 0 : (around >> 8 * (s) & 0xFF) != 0)
    if (table) {
        /* the common case, kept apart so its loop holds only this */
        const uint16_t *add = t->key_add[rot];
        const uint32_t *classes = g->ts->key_classes;
        for (int s = 0; s < 4; s++) {
            if (HAS_TILE(s)) continue;
            int fresh, f = frontier_square(g, wide, c[s], nc[s], FPOS(x + DX[s], y + DY[s]), &fresh);
            unsigned key = fresh ? add[s] : (uint16_t)(G_FKEY_AT(g, wide, f) + add[s]);
            G_FKEY_AT(g, wide, f) = (uint16_t)key;
            G_FCLS_AT(g, wide, f) = classes[key];
        }
        return ti;
    }
    for (int s = 0; s < 4; s++) {
        if (HAS_TILE(s)) continue;
        int fresh, f = frontier_square(g, wide, c[s], nc[s], FPOS(x + DX[s], y + DY[s]), &fresh);
        edge_side(g, f, fresh, t->code[rot], s);
    }
#undef HAS_TILE
    return ti;
}
