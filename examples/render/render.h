/* render.h: draws a game of any variant as one SVG picture, through the
 * public header alone (examples/render/, docs/rendering.md).
 *
 *   render_options o = {0};
 *   render_svg(game, &o, file);
 *
 * The picture has a caption (variant title, players, seed when the caller
 * knows it, the state of the game, the last tile placed), the board with
 * each tile's features, the symbols printed on them (coats of arms, animals,
 * fish, harvest symbols, ports...) and the figures, a legend explaining
 * everything drawn, a score table (players x scoring categories) and what
 * else the game shows publicly: figures in supply, per-player views and
 * tokens, hands, tiles that left the game, the points of the last turn.
 *
 * Build the .c files of examples/render/ with the program (no libm), link
 * the library. The game given is never changed. */
#ifndef CARC_EXAMPLE_RENDER_H
#define CARC_EXAMPLE_RENDER_H

#include <stddef.h>
#include <stdio.h>

#include <carcassonne.h>

typedef struct render_options {
    int tile_px;            /* size of a board square in pixels; 0: 64 */
    int seed_known;         /* nonzero: `seed` is shown in the caption */
    unsigned long long seed;
    const char *note;       /* one more caption line (rules used, ...), or NULL */
} render_options;

/* Writes the picture of `game` to `out`. opt may be NULL (defaults).
 * Returns CARC_OK, CARC_E_NULL, CARC_E_NOMEM, a status of the queries, or
 * CARC_E_INVALID when writing to `out` failed. */
int render_svg(const carc_game *game, const render_options *opt, FILE *out);

/* The same picture as a string: *text (malloc'd, NUL-terminated, the
 * caller frees it) and its length. For programs without files, such as a
 * page running the library as WebAssembly. */
int render_svg_string(const carc_game *game, const render_options *opt, char **text, size_t *len);

#endif
