/* The tile set against the reference's totals, and the stacks of a game. */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "hg_test.h"

/* Sums, over every copy of every tile, the value of `key=` (or of the list
 * entry `key=...name:N`) found on feature lines; -1 sums feature lines of a
 * kind instead. Reading the embedded text checks the conversion kept every
 * attribute of the reference. */
typedef struct totals {
    int tiles, start, main, menhir, lakes, fish, mammoth, aurochs, deer, tiger, menhir_forests, mushrooms, powers;
} totals;

static int value_after(const char *line, const char *key)
{
    const char *p = strstr(line, key);
    return p ? atoi(p + strlen(key)) : 0;
}

static totals count(const char *text, size_t len)
{
    totals t = {0};
    int copies = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        char line[512];
        size_t n = (size_t)(eol - p) < sizeof line - 1 ? (size_t)(eol - p) : sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        p = eol + 1;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        if (strncmp(line, "tile ", 5) == 0) {
            copies = value_after(line, "count=");
            t.tiles += copies;
            if (strstr(line, " start")) t.start += copies;
            else if (strstr(line, "deck=menhir")) t.menhir += copies;
            else t.main += copies;
        } else if (strstr(line, "feature ")) {
            if (strstr(line, "feature lake")) t.lakes += copies;
            t.fish += copies * value_after(line, "fish=");
            t.mammoth += copies * value_after(line, "mammoth:");
            t.aurochs += copies * value_after(line, "aurochs:");
            t.deer += copies * value_after(line, "deer:");
            t.tiger += copies * value_after(line, "tiger:");
            t.menhir_forests += copies * value_after(line, "menhir=");
            t.mushrooms += copies * value_after(line, "mushrooms=");
            if (strstr(line, "power=")) t.powers += copies;
            if (strstr(line, "lake=") || strstr(line, "borders_") || strstr(line, "ends=")) t.tiles = -1000;
        }
    }
    return t;
}

Test(hunters_gatherers_tiles, totals_match_the_reference)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "hunters-gatherers", &v), CARC_OK);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(info.tile_count, 95);
    cr_assert_eq(info.tile_type_count, 85);
    cr_assert_eq(info.min_players, 2);
    cr_assert_eq(info.max_players, 5);
    totals t = count(v->tiles, v->tiles_len);
    cr_assert_eq(t.tiles, 95, "and no reference-only attribute left over");
    cr_assert_eq(t.start, 1);
    cr_assert_eq(t.main, 78);
    cr_assert_eq(t.menhir, 16);
    cr_assert_eq(t.lakes, 29);
    cr_assert_eq(t.fish, 50, "42 in lakes and 8 in rivers");
    cr_assert_eq(t.mammoth, 8);
    cr_assert_eq(t.aurochs, 13);
    cr_assert_eq(t.deer, 33);
    cr_assert_eq(t.tiger, 13);
    cr_assert_eq(t.menhir_forests, 31);
    cr_assert_eq(t.mushrooms, 2);
    cr_assert_eq(t.powers, 6);
}

Test(hunters_gatherers_tiles, figures_and_categories)
{
    const carc_variant *v;
    carc_registry_find(NULL, "hunters-gatherers", &v);
    const char *name;
    int per;
    cr_assert_eq(carc_variant_figure(v, 0, &name, &per), CARC_OK);
    cr_assert_str_eq(name, "meeple");
    cr_assert_eq(per, 5);
    cr_assert_eq(carc_variant_figure(v, 1, &name, &per), CARC_OK);
    cr_assert_str_eq(name, "hut");
    cr_assert_eq(per, 3);
    cr_assert_eq(carc_variant_figure(v, 2, &name, &per), CARC_E_RANGE);
}

/* A new game: the start tile on the board, 78 regular and 16 menhir tiles
 * to draw, and the first turn's tile drawn from the regular stack as the
 * game is made. */
Test(hunters_gatherers_tiles, stacks_of_a_new_game)
{
    tgame t = t_new("hunters-gatherers", 3, 11);
    cr_assert_not_null(t.g);
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile(t.g, 0, &pt), CARC_OK);
    cr_assert_eq(pt.type, t_type(t.g, "HG20-56"));
    int drawn, removed = -1;
    cr_assert_eq(carc_game_drawn_tile(t.g, &drawn), CARC_OK);
    cr_assert_eq(carc_game_removed_count(t.g, &removed), CARC_OK);
    cr_assert_eq(hg_left(t.g, HG_MAIN) + 1 + removed, 78, "the tile drawn, and any set aside, came from 78");
    cr_assert_eq(hg_left(t.g, HG_MENHIR), 16);
    const carc_tileset *ts;
    carc_game_tileset(t.g, &ts);
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    cr_assert_eq(carc_tileset_type(ts, t_type(t.g, "HG20-92"), &ti), CARC_OK);
    cr_assert_str_eq(ti.deck, "menhir");
    cr_assert_eq(carc_tileset_type(ts, t_type(t.g, "HG20-33"), &ti), CARC_OK);
    cr_assert_str_eq(ti.deck, "main");
    cr_assert_eq(ti.count, 3);
    t_free(&t);
}

/* HG20-83 (a river on every side, two lakes each fed by two rivers) looks
 * the same turned half round: the lakes swap places with their rivers. West
 * of the start tile every turn fits, and only the two different-looking
 * turns are listed. */
Test(hunters_gatherers_tiles, symmetric_tile_with_two_lakes_listed_twice)
{
    tgame t = t_new_deck_flat("hunters-gatherers", 2, "HG20-83:1", NULL, 0);
    cr_assert_not_null(t.g);
    cr_assert_eq(carc_game_set_next_tile(t.g, t_type(t.g, "HG20-83")), CARC_OK);
    carc_move mv[64];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(t.g, mv, 64, &n), CARC_OK);
    cr_assert_eq(n, 2u);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(mv[i].x, -1);
        cr_assert_eq(mv[i].y, 0);
        cr_assert_lt(mv[i].rotation, 2, "rotations 2 and 3 repeat 0 and 1");
    }
    t_free(&t);
}
