/* carc-copy-bench: the cost of carc_game_copy as a bot pays it. A root
 * position (after D random decisions) and the same game played on to the
 * end are copied, in turn, into one scratch game: each copy overwrites a
 * game that shares the root's first tiles and went further, or the other
 * way round.
 *   carc-copy-bench [--variant NAME] [--decisions D] [--copies N]
 * The last line is "copies_per_second: X"; tests/bench/copy-instructions.sh
 * counts instructions per copy under callgrind. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne.h>

#include "bot.h"

int main(int argc, char **argv)
{
    const char *variant = "base";
    int decisions = 60;
    long copies = 200000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            variant = argv[++i];
        else if (!strcmp(argv[i], "--decisions") && i + 1 < argc)
            decisions = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--copies") && i + 1 < argc)
            copies = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: carc-copy-bench [--variant NAME] [--decisions D] [--copies N]\n");
            return 2;
        }
    }
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = 2, .seed = 3};
    carc_game *root = NULL, *end = NULL, *work = NULL;
    carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES);
    if (!buf || carc_game_new(&o, &root) != CARC_OK) {
        fprintf(stderr, "carc-copy-bench: cannot start a %s game\n", variant);
        return 1;
    }
    uint64_t rng = 5;
    for (int i = 0; i < decisions && bot_step(root, buf, &rng, NULL) == CARC_OK; i++) {}
    if (carc_game_clone(root, &end) != CARC_OK) return 1;
    while (bot_step(end, buf, &rng, NULL) == CARC_OK) {}
    if (carc_game_clone(end, &work) != CARC_OK) return 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < copies; i++) carc_game_copy(work, i % 2 ? end : root);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    int tiles = 0;
    carc_game_tile_count(root, &tiles);
    printf("variant %s, root after %d decisions (%d tiles), %ld copies\n", variant, decisions, tiles, copies);
    printf("copies_per_second: %.0f\n", s > 0 ? (double)copies / s : 0.0);
    carc_game_free(root);
    carc_game_free(end);
    carc_game_free(work);
    free(buf);
    return 0;
}
