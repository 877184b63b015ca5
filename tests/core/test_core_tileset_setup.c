/* Facts a variant derives once from a tile set (carc_variant.tileset_setup,
 * carc_variant_tileset_data): worked out as the set is parsed, read by
 * every game on it, refused with a reason when the variant says no, and
 * never asked of a variant built against an older header. */
#include <stddef.h>

#include "helpers.h"

/* What the test variant keeps: the set's tile types and tiles. */
typedef struct facts {
    int types, tiles, calls;
} facts;

static int calls; /* tileset_setup calls, across the variants of this file */
static int refusal;

static int count_tiles(const carc_tileset *ts, void *data)
{
    facts *f = data;
    calls++;
    f->calls++; /* zeroed before the call: 1 afterwards */
    if (refusal) return refusal;
    carc_tileset_type_count(ts, &f->types);
    for (int t = 0; t < f->types; t++) {
        carc_tile_type_info info = {.struct_size = sizeof info};
        carc_tileset_type(ts, t, &info);
        f->tiles += info.count;
    }
    return CARC_OK;
}

static carc_variant counting(void)
{
    carc_variant v = h_base_copy("counting");
    v.tileset_data_size = sizeof(facts);
    v.tileset_setup = count_tiles;
    calls = refusal = 0;
    return v;
}

static carc_game *game_of(const carc_variant *v, const carc_tileset *ts)
{
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 7, .tileset = ts};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    return g;
}

static const char SMALL[] = H_FIELDS_SET;

Test(core_tileset_setup, a_set_is_worked_out_once_and_every_game_reads_it)
{
    carc_variant v = counting();
    carc_tileset *ts = h_parse_tiles(&v, SMALL, sizeof SMALL - 1);
    cr_assert_eq(calls, 1);
    carc_game *a = game_of(&v, ts), *b = game_of(&v, ts);
    cr_assert_eq(calls, 1, "a game on a parsed set asks nothing more");
    const facts *fa = carc_variant_tileset_data(a);
    cr_assert_not_null(fa);
    cr_assert_eq(fa->types, 3);
    cr_assert_eq(fa->tiles, 7);
    cr_assert_eq(fa->calls, 1);
    cr_assert_eq(carc_variant_tileset_data(b), fa, "the games share the set's bytes");
    carc_game *c = NULL;
    cr_assert_eq(carc_game_clone(a, &c), CARC_OK);
    cr_assert_eq(carc_variant_tileset_data(c), fa, "a copy reads the same set");
    carc_game_free(c);
    carc_game_free(b);
    carc_game_free(a);
    carc_tileset_free(ts);
}

Test(core_tileset_setup, the_variants_own_set_in_a_game_of_its_own)
{
    carc_variant v = counting();
    carc_game *g = game_of(&v, NULL); /* base's 72 tiles, parsed into the game's block */
    cr_assert_eq(calls, 1);
    const facts *f = carc_variant_tileset_data(g);
    cr_assert_not_null(f);
    cr_assert_eq(f->types, 24);
    cr_assert_eq(f->tiles, 72);
    carc_game *c = NULL;
    cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
    carc_game_free(g); /* the copy keeps its own block, set and facts */
    const facts *fc = carc_variant_tileset_data(c);
    cr_assert_not_null(fc);
    cr_assert_eq(fc->tiles, 72);
    carc_game_free(c);
}

Test(core_tileset_setup, a_variant_that_refuses_the_set_refuses_the_parse)
{
    carc_variant v = counting();
    refusal = CARC_E_RANGE;
    carc_tileset *ts = (carc_tileset *)&v; /* must be left alone */
    char err[160] = "";
    cr_assert_eq(carc_tileset_parse(&v, SMALL, sizeof SMALL - 1, &ts, err, sizeof err), CARC_E_INVALID);
    cr_assert_eq(ts, (carc_tileset *)&v, "nothing made");
    cr_assert_str_eq(err, "the variant's tileset_setup refused the set (it returned -2: a value is out of range)");
    carc_game_options o = {.struct_size = sizeof o, .variant = &v, .players = 2};
    carc_game *g = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_E_INVALID, "its own set, refused");
    cr_assert_null(g);
}

/* CARC_E_LIMIT from the hook is a set beyond a capacity of the variant's,
 * which the parse reports as a limit, as it does one of the core's (with
 * only the status: tileset_check is where a variant names the limit); the
 * variant's check of its own set reports it as a fault of the variant. */
Test(core_tileset_setup, a_set_beyond_a_limit_of_the_variant_is_a_limit)
{
    carc_variant v = counting();
    refusal = CARC_E_LIMIT;
    carc_tileset *ts = NULL;
    char err[200] = "";
    cr_assert_eq(carc_tileset_parse(&v, SMALL, sizeof SMALL - 1, &ts, err, sizeof err), CARC_E_LIMIT);
    cr_assert_null(ts);
    cr_assert_str_eq(err, "the set is beyond a limit of the ruleset (its tileset_setup returned -13: a fixed capacity "
                          "would be exceeded)");
    v.tiles = SMALL;
    v.tiles_len = sizeof SMALL - 1;
    cr_assert_eq(carc_variant_check(&v, err, sizeof err), CARC_E_INVALID);
    cr_assert_str_eq(err, "tiles: the set is beyond a limit of the ruleset (its tileset_setup returned -13: a fixed "
                          "capacity would be exceeded)");
}

Test(core_tileset_setup, too_many_bytes_or_no_hook_to_fill_them_is_refused)
{
    carc_variant v = counting();
    char why[200] = "";
    v.tileset_data_size = CARC_VARIANT_TILESET_DATA_MAX + 1;
    cr_assert_eq(carc_variant_check(&v, why, sizeof why), CARC_E_INVALID);
    cr_assert_str_eq(why, "tileset_data_size 257 is above 256");
    carc_tileset *ts = NULL;
    cr_assert_eq(carc_tileset_parse(&v, SMALL, sizeof SMALL - 1, &ts, why, sizeof why), CARC_E_INVALID);
    cr_assert_str_eq(why, "the variant's tileset_data_size 257 is above 256");
    cr_assert_null(ts);
    cr_assert_eq(calls, 0);
    v.tileset_data_size = CARC_VARIANT_TILESET_DATA_MAX;
    cr_assert_eq(carc_variant_check(&v, why, sizeof why), CARC_OK, "%s", why);
    v.tileset_setup = NULL;
    cr_assert_eq(carc_variant_check(&v, why, sizeof why), CARC_E_INVALID);
    cr_assert_str_eq(why, "tileset_data_size is 256 but tileset_setup is NULL (it fills those bytes)");
}

Test(core_tileset_setup, a_variant_older_than_the_hook_is_never_asked)
{
    carc_variant v = counting();
    v.struct_size = (uint32_t)offsetof(carc_variant, tileset_data_size);
    carc_tileset *ts = h_parse_tiles(&v, SMALL, sizeof SMALL - 1);
    carc_game *g = game_of(&v, ts);
    cr_assert_eq(calls, 0, "members past struct_size are not read");
    cr_assert_null(carc_variant_tileset_data(g)); /* a NULL game: core_plugin_guards */
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* Hunters & Gatherers keeps its attribute indices and the tile types with
 * powers with its set; a copy of its vtable from before the hook works them
 * out at each game instead, and plays the same games. */
Test(core_tileset_setup, hunters_gatherers_plays_the_same_without_its_facts)
{
    const carc_variant *hg = NULL;
    cr_assert_eq(carc_registry_find(NULL, "hunters-gatherers", &hg), CARC_OK);
    cr_assert_geq(hg->tileset_data_size, 29, "13 attributes and 128 bits of types");
    carc_variant old = *hg;
    old.struct_size = (uint32_t)offsetof(carc_variant, tileset_data_size);
    int awards = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        carc_game_options o = {.struct_size = sizeof o, .variant = hg, .players = 3, .seed = seed};
        carc_game *a = NULL, *b = NULL;
        cr_assert_eq(carc_game_new(&o, &a), CARC_OK);
        cr_assert_not_null(carc_variant_tileset_data(a));
        o.variant = &old;
        cr_assert_eq(carc_game_new(&o, &b), CARC_OK);
        cr_assert_null(carc_variant_tileset_data(b));
        uint64_t ra = seed, rb = seed;
        h_play(a, &ra, 1000);
        h_play(b, &rb, 1000);
        carc_phase phase;
        int player;
        cr_assert_eq(carc_game_state(a, &phase, &player), CARC_OK);
        cr_assert_eq(phase, CARC_PHASE_OVER, "seed %llu", (unsigned long long)seed);
        char *sa = h_save(a), *sb = h_save(b);
        cr_assert_str_eq(sa, sb, "seed %llu: the same moves listed and drawn", (unsigned long long)seed);
        free(sa);
        free(sb);
        int events = h_event_count(a);
        cr_assert_eq(h_event_count(b), events, "seed %llu", (unsigned long long)seed);
        for (int i = 0; i < events; i++) {
            carc_event ea = h_event(a, i), eb = h_event(b, i);
            cr_assert(ea.player == eb.player && ea.points == eb.points && ea.category == eb.category,
                      "seed %llu event %d", (unsigned long long)seed, i);
        }
        awards += events;
        carc_game_free(a);
        carc_game_free(b);
    }
    cr_assert_gt(awards, 100);
}
