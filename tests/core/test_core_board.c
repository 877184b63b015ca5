/* The board's torus (lib/internal.h): a game keeps its squares on a skewed
 * torus sized by its tile set's tiles, and no two squares the game reads
 * (its tiles, its frontier, the ring around a monastery) may share a cell.
 * n connected tiles fill a box of W x H with W + H <= n + 1; the squares
 * read lie in that box grown by one on each side. */
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "../../lib/internal.h"

static carc_tileset *open_set(int n) { return h_open_set(n); }

static unsigned cell_of(const carc_game *g, int x, int y) { return GRID_CELL(g, x, y); }

/* Whether a difference (a, b) between two squares can occur inside the
 * grown box of n connected tiles: the smallest box holding it is
 * max(1, |a| - 1) x max(1, |b| - 1) tiles. */
static int reachable(int a, int b, int n)
{
    int w = abs(a) - 1 < 1 ? 1 : abs(a) - 1, h = abs(b) - 1 < 1 ? 1 : abs(b) - 1;
    return w + h <= n + 1;
}

/* For every set size of a narrow game, and the sizes at each edge of the
 * larger tori (the most tiles each holds, the one more that takes the
 * next), every difference the grown box can hold lands on another cell:
 * no square the game reads shares one. */
static void every_box_fits(int n)
{
    carc_tileset *ts = open_set(n);
    carc_game *g = h_base_game_on(ts, 3);
    const unsigned cells = g->grid_mask + 1, origin = cell_of(g, 0, 0);
    cr_assert((cells & (cells - 1)) == 0, "%d tiles: %u cells is not a power of two", n, cells);
    for (int b = 0; b <= n + 2; b++)
        for (int a = -(n + 2); a <= n + 2; a++) {
            if ((a == 0 && b == 0) || !reachable(a, b, n) || cell_of(g, a, b) != origin) continue;
            cr_assert_fail("%d tiles, %u cells, skew %u: (%d, %d) shares a cell", n, cells, g->grid_k, a, b);
        }
    carc_game_free(g);
    carc_tileset_free(ts);
}

Test(core_board, every_box_of_every_set_size_fits_its_torus)
{
    for (int n = 2; n <= NARROW_TILES + 2; n++) every_box_fits(n);
    static const int edges[] = {177, 178, 252, 253, 357, 358, 508, 509, 720, 721, MAX_TILES};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) every_box_fits(edges[i]);
}

/* The torus is the smallest that holds the set, so a base game (72 tiles)
 * keeps 4,096 cells, 8 KiB with the frontier's: the block is sized by it. */
Test(core_board, torus_sized_by_the_tile_set)
{
    static const struct {
        int tiles;
        unsigned cells;
    } want[] = {{2, 4096},     {72, 4096},    {86, 4096},     {87, 8192},     {124, 8192},    {125, 16384},
                {126, 16384},  {177, 16384},  {178, 32768},   {252, 32768},   {253, 65536},   {357, 65536},
                {358, 131072}, {508, 131072}, {509, 262144},  {720, 262144},  {721, 524288},  {1020, 524288}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        carc_tileset *ts = open_set(want[i].tiles);
        carc_game *g = h_base_game_on(ts, 3);
        cr_assert_eq(g->grid_mask + 1, want[i].cells, "%d tiles", want[i].tiles);
        carc_game_free(g);
        carc_tileset_free(ts);
    }
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 1};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    cr_assert_eq(g->grid_mask + 1, 4096u);
    carc_game_free(g);
}

/* The difference of two squares that comes soonest to sharing a cell:
 * the one whose smallest box holds the fewest tiles. */
static void nearest_alias(const carc_game *g, int n, int *da, int *db)
{
    int best = 1 << 30;
    const int reach = n + 3;
    for (int b = 0; b <= reach; b++)
        for (int a = -reach; a <= reach; a++) {
            if ((a == 0 && b == 0) || cell_of(g, a, b) != cell_of(g, 0, 0)) continue;
            int w = abs(a) - 1 < 1 ? 1 : abs(a) - 1, h = b - 1 < 1 ? 1 : b - 1;
            if (w + h < best) best = w + h, *da = a, *db = b;
        }
}

/* Places the tile on (x, y) (a square of the frontier: fits anywhere). */
static void place_at(carc_game *g, int x, int y)
{
    static carc_move mv[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
    size_t i = 0;
    while (i < n && !(mv[i].kind == CARC_MOVE_TILE && mv[i].x == x && mv[i].y == y)) i++;
    cr_assert_lt(i, n, "(%d, %d) is not listed", x, y);
    cr_assert_eq(carc_game_apply(g, &mv[i]), CARC_OK);
    carc_move pass = {.kind = CARC_MOVE_PASS};
    cr_assert_eq(carc_game_apply(g, &pass), CARC_OK);
}

/* After each tile, what the game says of the board against the tiles the
 * test laid: the tile on each square of the grown box, and the squares
 * listed (every empty square beside a tile, once: the tile looks the same
 * every way round). */
static void check_board(carc_game *g, const int *xs, const int *ys, int placed)
{
    int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (int i = 0; i < placed; i++) {
        if (xs[i] < x0) x0 = xs[i];
        if (xs[i] > x1) x1 = xs[i];
        if (ys[i] < y0) y0 = ys[i];
        if (ys[i] > y1) y1 = ys[i];
    }
    /* the tiles laid, by square of the box grown by one */
    const int w = x1 - x0 + 3, h = y1 - y0 + 3;
    int *laid = malloc(sizeof *laid * (size_t)w * (size_t)h);
    cr_assert_not_null(laid);
    for (int i = 0; i < w * h; i++) laid[i] = -1;
#define LAID(x, y) laid[((y) - y0 + 1) * w + (x) - x0 + 1]
    for (int i = 0; i < placed; i++) LAID(xs[i], ys[i]) = i;
    size_t beside = 0;
    for (int y = y0 - 1; y <= y1 + 1; y++)
        for (int x = x0 - 1; x <= x1 + 1; x++) {
            int want = LAID(x, y), near = 0;
            near |= x > x0 - 1 && LAID(x - 1, y) >= 0;
            near |= x < x1 + 1 && LAID(x + 1, y) >= 0;
            near |= y > y0 - 1 && LAID(x, y - 1) >= 0;
            near |= y < y1 + 1 && LAID(x, y + 1) >= 0;
            int at = -2;
            cr_assert_eq(carc_game_tile_at(g, x, y, &at), CARC_OK);
            cr_assert_eq(at, want, "(%d, %d) after %d tiles", x, y, placed);
            beside += want < 0 && near;
        }
#undef LAID
    free(laid);
    static carc_move mv[H_MOVE_CAP];
    size_t n = 0;
    int r = carc_game_moves(g, mv, H_MOVE_CAP, &n);
    if (r == CARC_E_GAME_OVER) return; /* the set's last tile */
    cr_assert_eq(r, CARC_OK);
    cr_assert_eq(n, beside, "after %d tiles: %zu moves for %zu squares", placed, n, beside);
}

/* Tiles laid along the two sides of the box of the nearest alias, as far
 * as the set goes: the shape that brings two squares in use closest to
 * one cell. Each set size at the edge of a torus, both ways round. */
Test(core_board, tiles_laid_toward_the_nearest_alias_keep_every_square_apart)
{
    static const int sizes[] = {86, 87, 124, 125, 126, 127, 177, 178, 720, 721, MAX_TILES};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int across_first = 0; across_first < 2; across_first++) {
            const int n = sizes[s];
            carc_tileset *ts = open_set(n);
            carc_game *g = h_base_game_on(ts, 3);
            int a = 0, b = 0;
            nearest_alias(g, n, &a, &b);
            const int w = abs(a) - 1 < 1 ? 1 : abs(a) - 1, sx = a < 0 ? -1 : 1;
            int xs[MAX_TILES], ys[MAX_TILES], placed = 1, x = 0, y = 0;
            xs[0] = ys[0] = 0;
            while (placed < n) {
                int along = across_first ? abs(x) + 1 < w : y + 1 >= (b - 1 < 1 ? 1 : b - 1);
                if (along)
                    x += sx;
                else
                    y++;
                place_at(g, x, y);
                xs[placed] = x, ys[placed] = y, placed++;
                if (placed % (n > NARROW_TILES ? 64 : 8) == 0 || placed == n) check_board(g, xs, ys, placed);
            }
            carc_game_free(g);
            carc_tileset_free(ts);
        }
}

/* A square far off the board can share a cell with one in use: what the
 * game says of it is checked against the square itself. A tile move there
 * is illegal and changes nothing; no tile lies there. */
Test(core_board, a_far_square_on_the_cell_of_one_in_use_is_not_that_square)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 1};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    const int far = (int)g->grid_mask + 1; /* (far, 0) is on (0, 0)'s cell, (1 + far, 0) on (1, 0)'s */
    cr_assert_eq(cell_of(g, far, 0), cell_of(g, 0, 0));
    int at = -2;
    cr_assert_eq(carc_game_tile_at(g, far, 0, &at), CARC_OK);
    cr_assert_eq(at, -1, "the start tile is not on (%d, 0)", far);
    static carc_move mv[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
    size_t east = 0;
    while (east < n && !(mv[east].x == 1 && mv[east].y == 0)) east++;
    cr_assert_lt(east, n, "a fitting turn of the drawn tile east of the start tile");
    char *before = h_save(g);
    carc_move m = mv[east];
    m.x = (int16_t)(1 + far);
    cr_assert_eq(carc_game_apply(g, &m), CARC_E_ILLEGAL_MOVE);
    h_assert_unchanged(g, before, "a move on a square that shares a frontier square's cell");
    free(before);
    cr_assert_eq(carc_game_apply(g, &mv[east]), CARC_OK, "the square itself takes it");
    carc_game_free(g);
}
