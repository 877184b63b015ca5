/* The tile set against the reference's totals, and the tile facts that the
 * rulebook leaves to the pictures: which land borders which, which sea a
 * city faces, and the land-locked sea of D63. */
#include <criterion/criterion.h>
#include <string.h>

#include "core/helpers.h"
#include "ds_test.h"

static ds_type types[80];

static const ds_type *type_named(int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(types[i].name, name) == 0) return &types[i];
    return NULL;
}

/* The reference's totals: 84 tiles of 66 types, 112 sides of each
 * terrain, 82 mountain, 82 grassland and 83 sea segments, 37 port cities
 * (14 in mountains, 23 in grasslands, two on D37), each facing one sea of
 * its tile. Sides and segments are read through the public tile-set
 * queries, cities from the variant's text. */
Test(discovery_tiles, totals_match_the_reference)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "discovery", &v), CARC_OK);
    carc_variant_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_variant_describe(v, &info), CARC_OK);
    cr_assert_eq(info.tile_count, 84);
    cr_assert_eq(info.tile_type_count, 66);
    cr_assert_eq(info.min_players, 2);
    cr_assert_eq(info.max_players, 5);
    cr_assert_eq(info.figure_kind_count, 1);
    const char *fname;
    int per = 0;
    cr_assert_eq(carc_variant_figure(v, 0, &fname, &per), CARC_OK);
    cr_assert_str_eq(fname, "follower");
    cr_assert_eq(per, 4);
    cr_assert_eq(info.category_count, 3);
    const char *want_cats[] = {"grassland", "mountain", "sea"};
    for (int c = 0; c < 3; c++) {
        const char *name;
        cr_assert_eq(carc_variant_category(v, c, &name), CARC_OK);
        cr_assert_str_eq(name, want_cats[c]);
    }

    carc_game *g = h_new("discovery", 2, 1);
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    int ntypes = 0, tiles = 0, starts = 0, sides[128] = {0}, segments[3] = {0};
    cr_assert_eq(carc_tileset_type_count(ts, &ntypes), CARC_OK);
    cr_assert_eq(ntypes, 66);
    for (int t = 0; t < ntypes; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        cr_assert_eq(carc_tileset_type(ts, t, &ti), CARC_OK);
        tiles += ti.count;
        if (ti.is_start) {
            starts++;
            cr_assert_str_eq(ti.name, "D01");
            cr_assert_eq(ti.count, 1);
        }
        cr_assert_str_eq(ti.deck, "main");
        for (int side = 0; side < 4; side++) {
            const char *e = ti.edges + 3 * side;
            cr_assert(e[0] == e[1] && e[1] == e[2], "%s: side %d is one terrain", ti.name, side);
            sides[(unsigned char)e[0]] += ti.count;
        }
        unsigned covered = 0;
        for (int f = 0; f < ti.feature_count; f++) {
            const char *id, *kind;
            unsigned slots;
            cr_assert_eq(carc_tileset_feature(ts, t, f, &id, &kind, &slots), CARC_OK);
            char letter = strcmp(kind, "mountain") == 0 ? 'M' : strcmp(kind, "grassland") == 0 ? 'G' : 'S';
            segments[letter == 'M' ? 0 : letter == 'G' ? 1 : 2] += ti.count;
            cr_assert_eq(covered & slots, 0u, "%s: a slot in two features", ti.name);
            covered |= slots;
            for (int s = 0; s < 12; s++)
                if (slots >> s & 1) cr_assert_eq(ti.edges[s], letter, "%s %s covers slot %d", ti.name, id, s);
            if (slots == 0) cr_assert(strcmp(ti.name, "D63") == 0 && letter == 'S', "only D63's sea is inland");
        }
        cr_assert_eq(covered, 0xFFFu, "%s: every slot belongs to a feature", ti.name);
    }
    cr_assert_eq(tiles, 84);
    cr_assert_eq(starts, 1);
    cr_assert_eq(sides['M'], 112);
    cr_assert_eq(sides['G'], 112);
    cr_assert_eq(sides['S'], 112);
    cr_assert_eq(segments[0], 82);
    cr_assert_eq(segments[1], 82);
    cr_assert_eq(segments[2], 83);

    int n = ds_read_tiles(types, 80);
    cr_assert_eq(n, 66);
    int cities = 0, in_mountain = 0, in_grassland = 0, city_tiles = 0, ports = 0;
    for (int t = 0; t < n; t++) {
        int here = 0, faced = 0;
        for (int f = 0; f < types[t].nfeat; f++) {
            const ds_feat *ft = &types[t].feat[f];
            here += ft->city;
            faced += ft->ports;
            cr_assert(ft->city == 0 || ft->kind != DS_K_SEA, "%s: no city stands in a sea", types[t].name);
            cr_assert(ft->ports == 0 || ft->kind == DS_K_SEA, "%s: only a sea is faced", types[t].name);
            if (ft->kind == DS_K_MOUNTAIN) in_mountain += ft->city * types[t].count;
            if (ft->kind == DS_K_GRASSLAND) in_grassland += ft->city * types[t].count;
        }
        cr_assert_eq(here, faced, "%s: each city faces one sea of its tile", types[t].name);
        cities += here * types[t].count;
        ports += faced * types[t].count;
        if (here) city_tiles += types[t].count;
        if (here == 2) cr_assert_str_eq(types[t].name, "D37");
    }
    cr_assert_eq(cities, 37);
    cr_assert_eq(ports, 37);
    cr_assert_eq(in_mountain, 14);
    cr_assert_eq(in_grassland, 23);
    cr_assert_eq(city_tiles, 36);
    carc_game_free(g);
}

/* The reference lists the tiles whose mountain and grassland meet only at
 * a corner point (D50, D52, D53, D63) and records no border there; every
 * other tile holding both terrains has a mountain bordering a grassland. */
Test(discovery_tiles, corner_contact_is_not_a_border)
{
    int n = ds_read_tiles(types, 80);
    cr_assert_eq(n, 66);
    for (int t = 0; t < n; t++) {
        int has_m = 0, has_g = 0, bordering = 0;
        for (int f = 0; f < types[t].nfeat; f++) {
            const ds_feat *ft = &types[t].feat[f];
            has_m |= ft->kind == DS_K_MOUNTAIN;
            has_g |= ft->kind == DS_K_GRASSLAND;
            for (int j = 0; j < types[t].nfeat; j++)
                if ((ft->borders >> j & 1) && ft->kind == DS_K_MOUNTAIN && types[t].feat[j].kind == DS_K_GRASSLAND)
                    bordering = 1;
            for (int j = 0; j < types[t].nfeat; j++)
                cr_assert_eq(ft->borders >> j & 1, types[t].feat[j].borders >> f & 1, "%s: borders both ways",
                             types[t].name);
        }
        int corner_only = strcmp(types[t].name, "D50") == 0 || strcmp(types[t].name, "D52") == 0 ||
                          strcmp(types[t].name, "D53") == 0 || strcmp(types[t].name, "D63") == 0;
        if (has_m && has_g) cr_assert_eq(bordering, !corner_only, "%s", types[t].name);
    }
    cr_assert_not_null(type_named(n, "D53"));
}

/* D53's grassland city touches the western mountain only at a corner, so
 * a brigand there counts the start tile's city alone (1). When D64 and D03
 * join that grassland to the start tile's grassland, which does border the
 * mountain, the city three tiles away counts (2). */
Test(discovery_tiles, corner_contact_city_counts_only_through_a_bordering_grassland)
{
    tgame t = ds_new(2, "D53:1 D64:1 D03:1 D66:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D53", 1, 0, 0, "follower", "m2"), CARC_OK);
    cr_assert_eq(t_feature_at(g, 1, 0, "m2").id, t_feature_at(g, 0, 0, "m1").id);
    cr_assert_eq(ds_points(g, 1, 0, "m2"), 1);
    cr_assert_eq(t_turn(g, "D64", 1, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(ds_points(g, 1, 0, "m2"), 1);
    cr_assert_eq(t_place(g, "D03", 0, -1, 2), CARC_OK);
    cr_assert_eq(t_feature_at(g, 1, 0, "g1").id, t_feature_at(g, 0, 0, "g1").id);
    cr_assert_eq(ds_points(g, 1, 0, "m2"), 2);
    cr_assert_eq(ds_remove(g, 1, 0, "m2"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "mountain"), 2);
    t_free(&t);
}

/* D50: the grassland with the city joins the start tile's grassland. The
 * start tile's mountain borders that grassland and counts the city (start
 * city + D50 city = 2); D50's own mountain meets it only at a corner and
 * counts nothing. */
Test(discovery_tiles, same_grassland_counts_for_one_mountain_and_not_the_other)
{
    tgame t = ds_new(2, "D50:1 D66:1 D10:1 D03:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D50", 0, -1, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_feature_at(g, 0, -1, "g1").id, t_feature_at(g, 0, 0, "g1").id);
    cr_assert_eq(ds_points(g, 0, -1, "m1"), 0);
    cr_assert_eq(t_turn(g, "D66", 1, 0, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(ds_points(g, 1, 0, "m1"), 2);
    cr_assert_eq(t_place(g, "D10", -1, 0, 2), CARC_OK);
    cr_assert_eq(ds_remove(g, 0, -1, "m1"), CARC_OK);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_place(g, "D03", 2, 0, 2), CARC_OK);
    cr_assert_eq(ds_remove(g, 1, 0, "m1"), CARC_OK);
    cr_assert_eq(t_cat(g, 1, "mountain"), 2);
    t_free(&t);
}

/* D63: neither mountain borders either grassland. A city brought into its
 * western grassland by D43 counts for no mountain of D63. */
Test(discovery_tiles, d63_mountains_do_not_count_its_grasslands)
{
    tgame t = ds_new(2, "D63:1 D43:1 D66:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D63", 0, -1, 0, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_place(g, "D43", -1, -1, 2), CARC_OK);
    cr_assert_eq(t_feature_at(g, -1, -1, "g1").id, t_feature_at(g, 0, -1, "g2").id);
    cr_assert(ds_can(g, "g1"));
    cr_assert_eq(t_figure(g, "follower", "g1"), CARC_OK);
    cr_assert_eq(ds_points(g, 0, -1, "m1"), 0);
    cr_assert_eq(ds_points(g, -1, -1, "g1"), 2, "the explorer's grassland is open: 2 tiles");
    t_free(&t);
}

/* D17 has two seas; its city faces the western one (s2). Turned a quarter
 * east of the start, s2 lies north and s1 east. A navigator on s1 gets
 * nothing for the city; one on the sea that D65 makes of s2 gets 1. */
Test(discovery_tiles, city_counts_only_for_the_sea_it_faces)
{
    tgame t = ds_new(2, "D17:1 D65:1 D66:1 D10:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D17", 1, 0, 1, "follower", "s1"), CARC_OK);
    cr_assert_eq(ds_points(g, 1, 0, "s1"), 0);
    cr_assert_eq(t_turn(g, "D65", 1, -1, 0, "follower", "s1"), CARC_OK);
    cr_assert_eq(t_feature_at(g, 1, -1, "s1").id, t_feature_at(g, 1, 0, "s2").id);
    cr_assert_eq(ds_points(g, 1, -1, "s1"), 1);
    cr_assert_eq(ds_points(g, 1, 0, "s1"), 0);
    cr_assert_eq(t_place(g, "D66", -1, 0, 0), CARC_OK);
    cr_assert_eq(ds_remove(g, 1, 0, "s1"), CARC_OK);
    cr_assert_eq(t_score(g, 0), 0);
    cr_assert_eq(t_place(g, "D10", 1, 1, 0), CARC_OK);
    cr_assert_eq(ds_remove(g, 1, -1, "s1"), CARC_OK);
    cr_assert_eq(t_cat(g, 1, "sea"), 1);
    t_free(&t);
}

/* D22 and D39 look the same turned half round except for the city, which
 * then faces the other sea: both turns are separate placements, and the
 * turn chosen decides which sea gets the city. (The tile data once named
 * the faced sea on the land feature, which made the two turns one.) */
Test(discovery_tiles, half_turn_that_moves_the_city_is_another_placement)
{
    for (int rot = 0; rot <= 2; rot += 2) {
        tgame t = ds_new(2, "D22:1 D65:1 D66:1");
        carc_game *g = t.g;
        cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "D22")), CARC_OK);
        static carc_move mv[DS_MOVE_CAP];
        size_t n = 0;
        cr_assert_eq(carc_game_moves(g, mv, DS_MOVE_CAP, &n), CARC_OK);
        int at_east = 0;
        for (size_t i = 0; i < n; i++) at_east |= (mv[i].x == 1 && mv[i].y == 0) << mv[i].rotation;
        cr_assert_eq(at_east, 1 | 4, "both half turns listed east of the start");
        /* unturned, the northern sea is s1 and the city faces s2, south
         * (played as drawn: naming D22 again would fix a second copy) */
        const char *north = rot == 0 ? "s1" : "s2";
        carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)t_type(g, "D22"), .x = 1, .y = 0,
                       .rotation = (uint8_t)rot};
        cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
        cr_assert_eq(t_figure(g, "follower", north), CARC_OK);
        carc_placed_tile pt;
        cr_assert_eq(carc_game_tile(g, 1, &pt), CARC_OK);
        cr_assert_eq(pt.rotation, rot, "kept as placed");
        cr_assert_eq(ds_points(g, 1, 0, north), rot == 2 ? 1 : 0, "the northern sea has the city if turned");
        t_free(&t);
    }
    tgame t = ds_new(2, "D39:1 D65:1");
    carc_game *g = t.g;
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "D39")), CARC_OK);
    static carc_move mv[DS_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, DS_MOVE_CAP, &n), CARC_OK);
    int south = 0;
    for (size_t i = 0; i < n; i++) south |= (mv[i].x == 0 && mv[i].y == 1) << mv[i].rotation;
    cr_assert_eq(south, 1 | 4);
    t_free(&t);
}

/* D63's sea touches no side: it is complete, one tile, as soon as it is
 * placed, and has no city. Read as "two tiles or fewer" (the default) the
 * exception leaves its navigator 0; read as "exactly two tiles"
 * (literal_two_tiles=1) it scores as a complete sea, 0 cities + 1 tile. */
Test(discovery_tiles, inland_sea_of_d63_by_both_readings)
{
    for (int literal = 0; literal <= 1; literal++) {
        tgame t = ds_new_opts(2, "D63:1 D66:1 D10:1", 0, literal);
        carc_game *g = t.g;
        cr_assert_eq(t_turn(g, "D63", 0, -1, 0, "follower", "s1"), CARC_OK);
        carc_feature_info s = t_feature_at(g, 0, -1, "s1");
        cr_assert(s.complete);
        cr_assert_eq(s.tiles, 1);
        cr_assert_eq(s.open_edges, 0);
        cr_assert_eq(ds_points(g, 0, -1, "s1"), literal);
        cr_assert_eq(t_turn(g, "D66", 1, 0, 0, NULL, NULL), CARC_OK);
        cr_assert_eq(t_place(g, "D10", -1, 0, 2), CARC_OK);
        cr_assert_eq(ds_remove(g, 0, -1, "s1"), CARC_OK);
        cr_assert_eq(t_cat(g, 0, "sea"), literal, "literal_two_tiles=%d", literal);
        cr_assert_eq(ds_supply(g, 0), 4);
        t_free(&t);
    }
}

/* At the end the same sea counts as open under both readings: 0. */
Test(discovery_tiles, inland_sea_of_d63_at_the_end)
{
    for (int literal = 0; literal <= 1; literal++) {
        tgame t = ds_new_opts(2, "D63:1", 0, literal);
        carc_game *g = t.g;
        cr_assert_eq(t_turn(g, "D63", 0, -1, 0, "follower", "s1"), CARC_OK);
        cr_assert_eq(t_phase(g), CARC_PHASE_OVER);
        cr_assert_eq(t_score(g, 0), 0);
        cr_assert_eq(ds_supply(g, 0), 4);
        t_free(&t);
    }
}

/* The two-tile exception is the same for both readings on 2 tiles: a
 * closed sea of 2 tiles with 1 city is worth 1 either way. */
Test(discovery_tiles, two_tile_sea_same_under_both_readings)
{
    for (int literal = 0; literal <= 1; literal++) {
        tgame t = ds_new_opts(2, "D42:1 D66:1", 0, literal);
        carc_game *g = t.g;
        cr_assert_eq(t_turn(g, "D42", 0, 1, 3, "follower", "s1"), CARC_OK);
        cr_assert_eq(ds_points(g, 0, 1, "s1"), 1);
        t_free(&t);
    }
}

/* A grassland that borders one mountain on two tiles (the start tile and
 * the D03 east of it) brings its city to that mountain once: start city +
 * D43's city = 2. */
Test(discovery_tiles, grassland_bordering_on_two_tiles_counts_once)
{
    tgame t = ds_new(2, "D03:2 D64:1 D43:1 D66:1");
    carc_game *g = t.g;
    cr_assert_eq(t_turn(g, "D03", 1, 0, 2, "follower", "m1"), CARC_OK);
    cr_assert_eq(t_turn(g, "D64", 0, -1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D03", 1, -1, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(g, "D43", 2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_feature_at(g, 1, 0, "g1").id, t_feature_at(g, 0, 0, "g1").id, "one grassland");
    cr_assert_eq(t_feature_at(g, 1, 0, "m1").id, t_feature_at(g, 0, 0, "m1").id, "one mountain");
    cr_assert_eq(ds_points(g, 1, 0, "m1"), 2);
    cr_assert_eq(t_place(g, "D66", -1, 0, 0), CARC_OK);
    cr_assert_eq(ds_remove(g, 1, 0, "m1"), CARC_OK);
    cr_assert_eq(t_cat(g, 0, "mountain"), 2);
    t_free(&t);
}
