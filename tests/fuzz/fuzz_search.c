/* fuzz_search: libcarcassonne-search and carc_game_redeal_hidden on the
 * positions and options the input picks.
 *
 * Input: variant (index into the built-in registry), players, seed, a
 * number of random decisions to play first, then per search: iterations
 * (1..64), reward, exploration, memory limit, reuse; searches follow one
 * another over the same game while the input lasts, each answer applied.
 *
 * Checked: (a) a search never changes the game it is given (the save text,
 * taken after the pending draw, is the same before and after); (b) the
 * answer is one of the listed moves; (c) the root statistics have one entry
 * per listed move, in the listing's order, their visits adding up to the
 * root's; (d) a redeal of the hidden tiles on a copy keeps the tiles
 * unseen and the copy's save loads back to the same text. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne_search.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CAP 8192

static carc_move moves[CAP];
static carc_search_stat stats[CAP];

static void die(const char *what)
{
    fprintf(stderr, "\n*** invariant violated (search): %s\n", what);
    abort();
}

static char *save_of(const carc_game *g)
{
    size_t len = 0;
    if (carc_game_save(g, NULL, 0, &len) != CARC_E_BUFFER) die("save size");
    char *text = malloc(len + 1);
    if (!text || carc_game_save(g, text, len + 1, &len) != CARC_OK) die("save");
    return text;
}

/* (d): a redeal on a copy, saved and loaded back. */
static void check_redeal(const carc_game *g, uint64_t seed)
{
    carc_game *c;
    const carc_variant *v;
    if (carc_game_clone(g, &c) || carc_game_variant(g, &v)) die("clone");
    int before = 0, after = 0, left0 = 0, left1 = 0;
    carc_game_removed_count(c, &before);
    carc_game_deck_remaining(c, 0, &left0);
    int r = carc_game_redeal_hidden(c, seed);
    if (r != CARC_OK && r != CARC_E_GAME_OVER && r != CARC_E_LIMIT) die("redeal status");
    carc_game_removed_count(c, &after);
    carc_game_deck_remaining(c, 0, &left1);
    if (before != after || left0 != left1) die("a redeal changed what is seen");
    char *a = save_of(c);
    carc_load_options lo = fuzz_load_options(v);
    carc_game *back;
    if (carc_game_load(&lo, a, strlen(a), &back) != CARC_OK) die("a redealt game does not load");
    char *b = save_of(back);
    if (strcmp(a, b)) die("a redealt game loads to another save");
    free(a);
    free(b);
    carc_game_free(back);
    carc_game_free(c);
}

/* One search of g with the options the next bytes give; applies the answer. */
static int search_once(carc_game *g, const uint8_t *d, size_t n, size_t *at, carc_search **kept)
{
    if (*at + 5 > n) return 0;
    const uint8_t *p = d + *at;
    *at += 5;
    if (!*kept || (p[4] & 1)) {
        carc_search_free(*kept);
        carc_search_options o = {.struct_size = sizeof o,
                                 .iterations = 1 + p[0] % 64,
                                 .seed = p[1],
                                 .reward = p[2] & 1,
                                 .exploration = (p[2] >> 1) / 32.0,
                                 .memory_limit = (size_t)(64 + p[3] * 64) << 10,
                                 .no_reuse = (p[4] >> 1) & 1};
        if (carc_search_new(&o, kept) != CARC_OK) die("new");
    }
    carc_game_state(g, NULL, NULL); /* the pending draw, which a save would record */
    char *before = save_of(g);
    carc_move best;
    int r = carc_search_run(*kept, g, &best);
    char *after = save_of(g);
    if (strcmp(before, after)) die("the search changed its game");
    free(before);
    free(after);
    if (r == CARC_E_GAME_OVER) return 0;
    if (r != CARC_OK) die("run");
    size_t count = 0, k = 0;
    if (carc_game_moves(g, moves, CAP, &count) != CARC_OK) die("moves");
    if (carc_search_root(*kept, stats, CAP, &k) != CARC_OK || k != count) die("root statistics count");
    int64_t sum = 0;
    int found = 0;
    carc_search_info in = {.struct_size = sizeof in};
    if (carc_search_describe(*kept, &in) != CARC_OK) die("describe");
    for (size_t i = 0; i < count; i++) {
        if (memcmp(&stats[i].move, &moves[i], sizeof moves[i])) die("root statistics out of the listing's order");
        sum += stats[i].visits;
        found |= !memcmp(&best, &moves[i], sizeof best);
    }
    if (!found) die("the answer is not a listed move");
    if (count > 1 && sum != in.root_visits) die("root visits do not add up");
    return carc_game_apply(g, &best) == CARC_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4) return 0;
    int nv = 0;
    carc_registry_count(NULL, &nv);
    const carc_variant *v;
    if (carc_registry_at(NULL, data[0] % nv, &v)) return 0;
    carc_variant_info vi = {.struct_size = sizeof vi};
    if (carc_variant_describe(v, &vi)) return 0;
    int players = vi.min_players + data[1] % (vi.max_players - vi.min_players + 1);
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = data[2],
                           .tileset = fuzz_builtin_tileset(v)};
    carc_game *g;
    if (carc_game_new(&o, &g)) return 0;
    uint64_t rng = fuzz_hash(data, size);
    for (int i = 0; i < data[3] * 2; i++) {
        size_t count = 0;
        if (carc_game_moves(g, moves, CAP, &count) != CARC_OK || !count) break;
        if (carc_game_apply(g, &moves[fuzz_rand(&rng) % count])) die("a listed move was refused");
    }
    check_redeal(g, rng);
    carc_search *s = NULL;
    size_t at = 4;
    while (search_once(g, data, size, &at, &s)) {}
    check_redeal(g, rng + 1);
    carc_search_free(s);
    carc_game_free(g);
    return 0;
}
