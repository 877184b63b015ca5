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
} GEOMETRY[] = {{4096, 90, 86}, {8192, 127, 124}, {GRID_MAX_CELLS, 4142, 177}};
_Static_assert(MAX_TILES <= 177, "the largest torus holds the most tiles a set may have");

unsigned board_geometry(int n, unsigned *k)
{
    size_t i = 0;
    while (GEOMETRY[i].tiles < n && i + 1 < sizeof GEOMETRY / sizeof GEOMETRY[0]) i++;
    *k = GEOMETRY[i].k;
    return GEOMETRY[i].cells;
}

int board_fits(const carc_game *g, int fi, int type, int rot)
{
    const tile_type *t = &g->ts->types[type];
    if (g->ts->nside_codes) return g->ts->fit[type][g->fkey[fi]] >> (FIT_SHIFT + rot) & 1;
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
    for (int i = 0; i < 8; i++) n += g->grid[r[i]] != 0;
    return n;
}

/* The frontier index of the empty square at grid cell `cell`, position
 * `pos`, next to a tile; a new square is added, and *fresh says so, its
 * requirement left for the caller to set. A square next to a tile cannot
 * share a cell with another square in use (internal.h), so the cell alone
 * says whether it is in the frontier. */
static ALWAYS_INLINE int frontier_square(carc_game *g, unsigned cell, uint32_t pos, int *fresh)
{
    int f = (int)g->fgrid[cell] - 1;
    *fresh = f < 0;
    if (f < 0) {
        f = g->nfrontier++;
        g->fpos[f] = (uint64_t)pos << 32;
        g->fcell[f] = (uint16_t)cell;
        g->fgrid[cell] = (uint8_t)(f + 1);
    }
    return f;
}

ALWAYS_INLINE int board_place(carc_game *g, int type, int rot, int x, int y, unsigned cell, int fi)
{
    int ti = g->ntiles++;
    placed *pl = &g->tiles[ti];
    pl->x = (int16_t)x;
    pl->y = (int16_t)y;
    pl->type = (uint8_t)type;
    pl->rot = (uint8_t)rot;
    pl->turn = (uint16_t)g->turn;
    pl->first_piece = (uint16_t)g->npieces;
    pl->cell = (uint16_t)cell;
    pl->has_area = g->ts->types[type].has_area;
    if (pl->has_area && g->narea >= 0) {
        if (g->narea == (int)sizeof g->area_tiles)
            g->narea = -1;
        else {
            g->area_pos[g->narea] = FPOS(x, y) ^ 0x80008000u; /* see collect_completed */
            g->area_tiles[g->narea++] = (uint8_t)ti;
        }
    }
    g->grid[cell] = (uint8_t)(ti + 1);

    const int table = g->ts->nside_codes != 0;
    if (fi >= 0) {
        int last = g->nfrontier - 1;
        g->nfrontier--;
        g->fgrid[cell] = 0;
        if (fi != last) {
            g->fpos[fi] = g->fpos[last];
            g->fkey[fi] = g->fkey[last];
            g->fcell[fi] = g->fcell[last];
            g->fcls[fi] = g->fcls[last];
            if (!table) {
                g->fmask[fi] = g->fmask[last];
                g->fval[fi] = g->fval[last];
            }
            g->fgrid[g->fcell[fi]] = (uint8_t)(fi + 1);
        }
        g->fcls[last] = 0; /* past the end: no class (carc_game.fcls) */
    }
    const tile_type *t = &g->ts->types[type];
    /* the four cells around, N E S W, read once for the grid and again
     * for the frontier */
    const unsigned k = g->grid_k, m = g->grid_mask;
    const unsigned nc[4] = {(cell - k) & m, (cell + 1) & m, (cell + k) & m, (cell - 1) & m};
    const uint32_t around = g->place_around = (uint32_t)g->grid[nc[0]] | (uint32_t)g->grid[nc[1]] << 8 |
                                              (uint32_t)g->grid[nc[2]] << 16 | (uint32_t)g->grid[nc[3]] << 24;
    if (table) {
        /* the common case, kept apart so its loop holds only this */
        const uint16_t *add = t->key_add[rot];
        const uint32_t *classes = g->ts->key_classes;
        for (int k = 0; k < 4; k++) {
            if (around >> 8 * k & 0xFF) continue;
            int fresh, f = frontier_square(g, nc[k], FPOS(x + DX[k], y + DY[k]), &fresh);
            unsigned key = fresh ? add[k] : (uint16_t)(g->fkey[f] + add[k]);
            g->fkey[f] = (uint16_t)key;
            g->fcls[f] = classes[key];
        }
        return ti;
    }
    uint64_t code = t->code[rot];
    for (int k = 0; k < 4; k++) {
        if (around >> 8 * k & 0xFF) continue;
        int fresh, f = frontier_square(g, nc[k], FPOS(x + DX[k], y + DY[k]), &fresh);
        if (fresh) {
            g->fkey[f] = 0;
            g->fmask[f] = g->fval[f] = 0;
        }
        /* the square's side facing this tile must show this side's
         * letters in reverse slot order */
        int opp = (k + 2) & 3;
        unsigned c = (unsigned)(code >> (12 * k)) & 0xFFF;
        uint64_t need = (c & 0xF) << 8 | (c & 0xF0) | (c >> 8 & 0xF);
        g->fmask[f] |= (uint64_t)0xFFF << (12 * opp);
        g->fval[f] |= need << (12 * opp);
    }
    return ti;
}
