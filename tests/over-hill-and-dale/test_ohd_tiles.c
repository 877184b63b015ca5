/* The built-in tile set against the reference's totals, the variant's
 * description, and a hand-made tile set loaded the way an owner of the
 * game would load the true tiles. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

static const char *const harvest_attrs[OHD_TOKEN_KINDS] = {"harvest.apple",     "harvest.strawberry",
                                                           "harvest.pumpkin",   "harvest.sunflower",
                                                           "harvest.grain",     "harvest.scarecrow"};
static const char *const animal_attrs[5] = {"animals.rooster", "animals.cow", "animals.horse", "animals.sheep",
                                            "animals.pig"};

/* Adds the attributes of placed tile `ti`, times `copies`, into the sums. */
static void add_tile(carc_game *g, int ti, int copies, int harvest[OHD_TOKEN_KINDS], int animals[5])
{
    int first = carc_tile_first_piece(g, ti), nf = carc_type_feature_count(g, carc_tile_type(g, ti));
    for (int f = 0; f < nf; f++) {
        for (int k = 0; k < OHD_TOKEN_KINDS; k++)
            harvest[k] += copies * carc_piece_attr(g, first + f, carc_attr_index(g, harvest_attrs[k]));
        for (int a = 0; a < 5; a++)
            animals[a] += copies * carc_piece_attr(g, first + f, carc_attr_index(g, animal_attrs[a]));
    }
}

/* Reference, section 7: 73 tiles (24 types plus the start tile 03-start,
 * a copy of type 03), 33 harvest symbols (5 of each fruit, 8 scarecrows)
 * matching the 33 tokens, and 45 animals, 9 of each species. Symbols and
 * animals are read through the game API from one placed copy of each tile
 * type. */
Test(over_hill_and_dale_tiles, totals_match_the_reference)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "over-hill-and-dale", &v), CARC_OK);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(info.tile_count, 73);
    cr_assert_eq(info.min_players, 2);
    cr_assert_eq(info.max_players, 5);

    tgame fresh = t_new("over-hill-and-dale", 2, 3);
    cr_assert_not_null(fresh.g);
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(fresh.g, &ts), CARC_OK);
    int types = 0;
    cr_assert_eq(carc_tileset_type_count(ts, &types), CARC_OK);
    cr_assert_eq(types, info.tile_type_count);

    static const int per_type[25] = {0, 11, 8, 5, 1, 2, 7, 2, 2, 2, 1, 3, 4, 1, 1, 1, 3, 2, 1, 4, 3, 2, 4, 1, 1};
    int by_type[25] = {0}, tiles = 0, starts = 0;
    int harvest[OHD_TOKEN_KINDS] = {0}, animals[5] = {0};
    for (int ty = 0; ty < types; ty++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        cr_assert_eq(carc_tileset_type(ts, ty, &ti), CARC_OK);
        tiles += ti.count;
        int number = atoi(ti.name);
        cr_assert(number >= 1 && number <= 24, "tile id %s", ti.name);
        if (ti.is_start) {
            starts++;
            cr_assert_str_eq(ti.name, "03-start");
            cr_assert_eq(ti.count, 1, "the start tile is not one of the 72");
            add_tile(fresh.g, 0, 1, harvest, animals);
            continue;
        }
        cr_assert_str_eq(ti.deck, "main");
        by_type[number] += ti.count;
        carc_game *g;
        cr_assert_eq(carc_game_clone(fresh.g, &g), CARC_OK);
        cr_assert_eq(carc_game_set_next_tile(g, ty), CARC_OK);
        carc_move m[H_MOVE_CAP];
        size_t n = 0;
        cr_assert_eq(carc_game_moves(g, m, H_MOVE_CAP, &n), CARC_OK);
        cr_assert_gt(n, 0, "%s fits beside the start tile", ti.name);
        cr_assert_eq(carc_game_apply(g, &m[0]), CARC_OK);
        int last = -1;
        carc_game_last_tile(g, &last);
        add_tile(g, last, ti.count, harvest, animals);
        carc_game_free(g);
    }
    cr_assert_eq(tiles, 73);
    cr_assert_eq(starts, 1);
    for (int k = 1; k <= 24; k++) cr_assert_eq(by_type[k], per_type[k], "type %02d", k);
    int symbols = 0, beasts = 0;
    for (int k = 0; k < OHD_TOKEN_KINDS; k++) {
        cr_assert_eq(harvest[k], k == OHD_SCARECROW ? 8 : 5, "%s", harvest_attrs[k]);
        symbols += harvest[k];
    }
    for (int a = 0; a < 5; a++) {
        cr_assert_eq(animals[a], 9, "%s", animal_attrs[a]);
        beasts += animals[a];
    }
    cr_assert_eq(symbols, 33);
    cr_assert_eq(beasts, 45);

    /* the start tile: field north, path east-west, a cow */
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile(fresh.g, 0, &pt), CARC_OK);
    cr_assert_eq(pt.type, t_type(fresh.g, "03-start"));
    cr_assert(pt.x == 0 && pt.y == 0 && pt.rotation == 0);
    cr_assert_str_eq(t_feature_at(fresh.g, 0, 0, "f1").kind, "field");
    cr_assert_str_eq(t_feature_at(fresh.g, 0, 0, "p1").kind, "path");
    int left = -1, removed = -1;
    cr_assert_eq(carc_game_deck_remaining(fresh.g, 0, &left), CARC_OK);
    cr_assert_eq(carc_game_removed_count(fresh.g, &removed), CARC_OK);
    cr_assert_eq(left + 1 + removed, 72, "72 to draw: the first turn's tile (and any set aside) drawn at creation");
    t_free(&fresh);
}

/* The variant describes its figures, bag, categories and option as the
 * header says. */
Test(over_hill_and_dale_tiles, figures_bag_categories_and_option)
{
    const carc_variant *v;
    carc_registry_find(NULL, "over-hill-and-dale", &v);
    const char *name;
    int n;
    cr_assert_eq(carc_variant_figure(v, OHD_FIG_MEEPLE, &name, &n), CARC_OK);
    cr_assert_str_eq(name, "meeple");
    cr_assert_eq(n, 4);
    cr_assert_eq(carc_variant_figure(v, OHD_FIG_STABLE, &name, &n), CARC_OK);
    cr_assert_str_eq(name, "stable");
    cr_assert_eq(n, 2);
    cr_assert_eq(carc_variant_figure(v, 2, &name, &n), CARC_E_RANGE);

    cr_assert_eq(carc_variant_bag(v, 0, &name, &n), CARC_OK);
    cr_assert_str_eq(name, "harvest");
    cr_assert_eq(n, OHD_TOKEN_KINDS);
    static const char *const tokens[] = {"apple", "strawberry", "pumpkin", "sunflower", "grain", "scarecrow"};
    for (int k = 0; k < OHD_TOKEN_KINDS; k++) {
        cr_assert_eq(carc_variant_bag_token(v, 0, k, &name, &n), CARC_OK);
        cr_assert_str_eq(name, tokens[k]);
        cr_assert_eq(n, k == OHD_SCARECROW ? 8 : 5);
    }
    cr_assert_eq(carc_variant_bag(v, 1, &name, &n), CARC_E_RANGE);

    static const char *const cats[] = {"paths", "fields", "hiking", "stables", "tokens", "sets"};
    for (int c = 0; c < 6; c++) {
        cr_assert_eq(carc_variant_category(v, c, &name), CARC_OK);
        cr_assert_str_eq(name, cats[c]);
    }
    cr_assert_eq(carc_variant_category(v, 6, &name), CARC_E_RANGE);

    const char *help;
    int lo, hi, def;
    cr_assert_eq(carc_variant_option(v, OHD_OPT_SCARECROW_SETS, &name, &help, &lo, &hi, &def), CARC_OK);
    cr_assert_str_eq(name, "scarecrow_sets");
    cr_assert(lo == 0 && hi == 1 && def == 0);
    cr_assert_eq(carc_variant_option(v, OHD_OPT_ONE_STABLE_PER_MEADOW, &name, &help, &lo, &hi, &def), CARC_OK);
    cr_assert_str_eq(name, "one_stable_per_meadow");
    cr_assert(lo == 0 && hi == 1 && def == 0);
    cr_assert_eq(carc_variant_option(v, 2, &name, &help, &lo, &hi, &def), CARC_E_RANGE);
}

/* A hand-made tile set with ids of its own: how an owner of the game would
 * write the true tiles. Counts are filled in per test. */
static const char custom_format[] =
    "tileset my-over-hill-and-dale\n"
    "tile HOME count=1 start\n"
    "  edges F F F M P M M M M M P M\n"
    "  feature field slots=0,1,2 id=f1 harvest=grain\n"
    "  feature path slots=4,10 id=p1\n"
    "  feature meadow slots=5,6,7,8,9 id=m1 animals=cow:2\n"
    "  feature meadow slots=3,11 id=m2\n"
    "tile BEND count=%d\n"
    "  edges M M M M M M M P M M P M\n"
    "  feature path slots=7,10 id=p1\n"
    "  feature meadow slots=0,1,2,3,4,5,6,11 id=m1 animals=pig:1,sheep:2\n"
    "  feature meadow slots=8,9 id=m2\n"
    "tile ROAD count=%d\n"
    "  edges M M M M P M M M M M P M\n"
    "  feature path slots=4,10 id=p1\n"
    "  feature meadow slots=11,0,1,2,3 id=m1 animals=horse:1\n"
    "  feature meadow slots=5,6,7,8,9 id=m2\n"
    "tile BERRY count=%d\n"
    "  edges F F F M M M M M M M M M\n"
    "  feature field slots=0,1,2 id=f1 harvest=strawberry\n"
    "  feature meadow slots=3,4,5,6,7,8,9,10,11 id=m1 animals=rooster:3\n"
    "tile ORCHARD count=%d\n"
    "  edges F F F M M M F F F M M M\n"
    "  feature field slots=0,1,2,6,7,8 id=f1 harvest=apple:2,scarecrow:1\n"
    "  feature meadow slots=3,4,5 id=m1\n"
    "  feature meadow slots=9,10,11 id=m2\n"
    "tile CROSS count=%d\n"
    "  edges M P M M P M M P M M P M\n"
    "  feature path slots=1 id=p1\n"
    "  feature path slots=4 id=p2\n"
    "  feature path slots=7 id=p3\n"
    "  feature path slots=10 id=p4\n"
    "  feature meadow slots=11,0 id=m1\n"
    "  feature meadow slots=2,3 id=m2\n"
    "  feature meadow slots=5,6 id=m3\n"
    "  feature meadow slots=8,9 id=m4\n"
    "tile GRAZE count=%d\n"
    "  edges M M M M M M M M M M M M\n"
    "  feature meadow slots=0,1,2,3,4,5,6,7,8,9,10,11 id=m1 animals=sheep:1\n";

/* Parses the hand-made set with the given counts; returns NULL on failure. */
static carc_tileset *custom_set(const carc_variant *v, int bend, int road, int berry, int orchard, int cross,
                                int graze)
{
    char text[sizeof custom_format + 64];
    int len = snprintf(text, sizeof text, custom_format, bend, road, berry, orchard, cross, graze);
    carc_tileset *ts = NULL;
    char err[200] = "";
    int r = carc_tileset_parse(v, text, (size_t)len, &ts, err, sizeof err);
    cr_assert_eq(r, CARC_OK, "parse: %s", err);
    return ts;
}

/* Random games to the end on the hand-made set, for every player count:
 * nothing fails, the tokens the tiles can give add up, and the token and
 * set points follow the holdings. */
Test(over_hill_and_dale_tiles, custom_tile_set_plays_to_the_end)
{
    const carc_variant *v;
    carc_registry_find(NULL, "over-hill-and-dale", &v);
    carc_tileset *ts = custom_set(v, 8, 8, 6, 4, 2, 3);
    int types = 0;
    carc_tileset_type_count(ts, &types);
    cr_assert_eq(types, 7);
    uint64_t rng = 77;
    for (int game = 0; game < 200; game++) {
        int players = 2 + game % 4;
        carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players,
                               .seed = (uint64_t)game + 1, .tileset = ts};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        h_play(g, &rng, 1000);
        cr_assert_eq(t_phase(g), CARC_PHASE_OVER, "game %d ended", game);
        int tokens = ohd_token_total(g, -1);
        for (int p = 0; p < players; p++) tokens += ohd_token_total(g, p);
        cr_assert_eq(tokens, 33);
        for (int p = 0; p < players; p++) {
            int held[OHD_TOKEN_KINDS], all = 0;
            for (int k = 0; k < OHD_TOKEN_KINDS; k++) all += held[k] = ohd_tokens(g, p, k);
            cr_assert_eq(ohd_tokens(g, p, OHD_PUMPKIN) + ohd_tokens(g, p, OHD_SUNFLOWER), 0,
                         "no tile shows a pumpkin or a sunflower");
            cr_assert_eq(t_cat(g, p, "tokens"), all);
            cr_assert_eq(t_cat(g, p, "sets"), 5 * ohd_best_sets(held, held[OHD_SCARECROW], 0));
        }
        carc_game_free(g);
    }
    carc_tileset_free(ts);
}

/* The same set with one copy each of ORCHARD, BEND, BERRY and ROAD, placed
 * by hand: the points come from the data. ORCHARD joins HOME's field and
 * BERRY closes it: 3 tiles, 6 points, and the symbols grain, apple x2,
 * scarecrow, strawberry give 5 tokens (no set: pumpkin and sunflower would
 * need 2 scarecrows). The path ROAD - HOME - BEND stays open: 3 points. The
 * stable on BEND counts HOME's 2 cows and BEND's 3 animals: 5. */
Test(over_hill_and_dale_tiles, custom_tile_set_points_follow_the_data)
{
    const carc_variant *v;
    carc_registry_find(NULL, "over-hill-and-dale", &v);
    carc_tileset *ts = custom_set(v, 1, 1, 1, 1, 0, 0);
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 9, .tileset = ts};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    cr_assert_eq(t_turn(g, "ORCHARD", 0, -1, 0, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(g, "BEND", 1, 0, 0, "stable", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "BERRY", 0, -2, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "fields"), 6);
    cr_assert_eq(ohd_tokens(g, 0, OHD_APPLE), 2);
    cr_assert_eq(ohd_tokens(g, 0, OHD_SCARECROW), 1);
    cr_assert_eq(ohd_tokens(g, 0, OHD_GRAIN), 1);
    cr_assert_eq(ohd_tokens(g, 0, OHD_STRAWBERRY), 1);
    cr_assert_eq(t_turn(g, "ROAD", -1, 0, 0, "meeple", "p1"), CARC_OK);
    cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(g, 0, "tokens"), 5);
    cr_assert_eq(t_cat(g, 0, "sets"), 0);
    cr_assert_eq(t_score(g, 0), 11);
    cr_assert_eq(t_cat(g, 1, "paths"), 3);
    cr_assert_eq(t_cat(g, 1, "stables"), 5);
    cr_assert_eq(t_score(g, 1), 8);
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* A tile set for this variant may only use its kinds: a city is refused. */
Test(over_hill_and_dale_tiles, custom_tile_set_with_a_foreign_kind_is_refused)
{
    const carc_variant *v;
    carc_registry_find(NULL, "over-hill-and-dale", &v);
    static const char text[] = "tile X count=1 start\n"
                               "  edges C C C M M M M M M M M M\n"
                               "  feature city slots=0,1,2 id=c1\n"
                               "  feature meadow slots=3,4,5,6,7,8,9,10,11 id=m1\n";
    carc_tileset *ts = NULL;
    cr_assert_eq(carc_tileset_parse(v, text, sizeof text - 1, &ts, NULL, 0), CARC_E_PARSE);
    cr_assert_null(ts);
}
