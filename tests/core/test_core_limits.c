/* The core at the edges of its ranges: ruleset options just inside and just
 * outside their declared range, more open monasteries than the core tracks
 * one by one, tile sets with more side codes than its fit table holds,
 * rotations told apart by slots without features, the tile-set words the
 * parser refuses, and the numbers move text reads. */
#include <limits.h>

#include "helpers.h"

/* ---- ruleset options -------------------------------------------------------- */

static int new_with(const carc_variant *v, const char *opt, int value, carc_game **out)
{
    carc_option rule = {opt, value};
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 1, .rules = &rule,
                           .rule_count = 1};
    return carc_game_new(&o, out);
}

/* Every option of every built-in variant: its minimum and maximum make a
 * game with that value, one past either end (and the ends of int) is
 * CARC_E_RANGE with nothing made, in carc_game_new and in a save loaded. */
Test(core_limits, option_values_just_inside_and_outside_their_range)
{
    int count = 0, tried = 0;
    carc_registry_count(NULL, &count);
    for (int vi = 0; vi < count; vi++) {
        const carc_variant *v;
        carc_registry_at(NULL, vi, &v);
        for (int i = 0;; i++) {
            const char *name;
            int lo, hi, def;
            if (carc_variant_option(v, i, &name, NULL, &lo, &hi, &def)) break;
            cr_assert_leq(lo, def);
            cr_assert_leq(def, hi);
            for (int k = 0; k < 2; k++) {
                int edge = k ? hi : lo;
                carc_game *g = NULL;
                cr_assert_eq(new_with(v, name, edge, &g), CARC_OK, "%s %s=%d", v->name, name, edge);
                cr_assert_eq(carc_rule(g, i), edge, "%s %s=%d reads back", v->name, name, edge);
                /* its save names the value and loads */
                char *text = h_save(g);
                carc_game *h = NULL;
                cr_assert_eq(carc_game_load(NULL, text, strlen(text), &h), CARC_OK);
                cr_assert_eq(carc_rule(h, i), edge);
                carc_game_free(h);
                /* the same save with the value one past the edge */
                char needle[96], worse[96];
                snprintf(needle, sizeof needle, "rule %s %d\n", name, edge);
                snprintf(worse, sizeof worse, "rule %s %d\n", name, k ? hi + 1 : lo - 1);
                char *at = strstr(text, needle);
                cr_assert_not_null(at, "the save says %s", needle);
                size_t n = strlen(text) + strlen(worse) + 1;
                char *bad = malloc(n);
                snprintf(bad, n, "%.*s%s%s", (int)(at - text), text, worse, at + strlen(needle));
                h = (carc_game *)&h;
                cr_assert_eq(carc_game_load(NULL, bad, strlen(bad), &h), CARC_E_RANGE, "%s", worse);
                cr_assert_eq(h, (carc_game *)&h, "nothing made");
                free(bad);
                free(text);
                carc_game_free(g);
                tried++;
            }
            const int outside[] = {lo - 1, hi + 1, INT_MIN, INT_MAX};
            for (int k = 0; k < 4; k++) {
                if (outside[k] >= lo && outside[k] <= hi) continue;
                carc_game *g = (carc_game *)&g;
                cr_assert_eq(new_with(v, name, outside[k], &g), CARC_E_RANGE, "%s %s=%d", v->name, name, outside[k]);
                cr_assert_eq(g, (carc_game *)&g, "nothing made");
            }
        }
        carc_game *g = (carc_game *)&g;
        cr_assert_eq(new_with(v, "no-such-option", 0, &g), CARC_E_NOT_FOUND);
        cr_assert_eq(g, (carc_game *)&g);
    }
    cr_assert_geq(tried, 2 * 7, "the built-in variants have options (%d edges tried)", tried);
}

/* ---- more than 32 open monasteries ------------------------------------------ */

/* A field with monasteries (B) and plain field tiles (F) in it. */
static char *field_set(int monasteries, int fields)
{
    static char text[1024];
    snprintf(text, sizeof text,
             "tile S count=1 start\n"
             "  edges F F F F F F F F F F F F\n"
             "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n"
             "tile B count=%d\n"
             "  edges F F F F F F F F F F F F\n"
             "  feature monastery slots=none id=m1\n"
             "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n"
             "tile F count=%d\n"
             "  edges F F F F F F F F F F F F\n"
             "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n",
             monasteries, fields);
    return text;
}

/* n monasteries in a row east of the start tile, all open, player 0's
 * follower on the 5th and player 1's on the 6th; six field tiles around
 * the 5th complete it (9 for player 0, at once); at the end the 6th scores
 * 1 + its 6 neighbours for player 1. The core tracks 32 open monasteries
 * one by one and scans the squares around each tile past that. */
static void monastery_row(int n)
{
    const carc_variant *base = NULL;
    carc_registry_find(NULL, "base", &base);
    const char *text = field_set(n, 6);
    tgame t = t_new_text(base, 2, text, strlen(text), NULL, 0);
    cr_assert_not_null(t.g);
    for (int x = 1; x <= n; x++) {
        const char *fig = x == 5 || x == 6 ? "follower" : NULL;
        cr_assert_eq(t_turn(t.g, "B", x, 0, 0, fig, "m1"), CARC_OK, "%d monasteries: the one at %d", n, x);
    }
    static const int around[6][2] = {{4, -1}, {5, -1}, {6, -1}, {4, 1}, {6, 1}, {5, 1}};
    for (int k = 0; k < 6; k++) {
        cr_assert_eq(t_score(t.g, 0), 0, "%d monasteries: nothing before the 8th neighbour", n);
        cr_assert_eq(t_turn(t.g, "F", around[k][0], around[k][1], 0, NULL, NULL), CARC_OK);
    }
    carc_feature_info done = t_feature_at(t.g, 5, 0, "m1");
    cr_assert(done.complete, "%d monasteries: the 5th is surrounded", n);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER, "every tile placed");
    cr_assert_eq(t_cat(t.g, 0, "monastery"), 9, "%d monasteries: player 0 scored %d", n, t_cat(t.g, 0, "monastery"));
    cr_assert_eq(t_cat(t.g, 1, "monastery"), 7, "%d monasteries: player 1 at the end %d", n, t_cat(t.g, 1, "monastery"));
    cr_assert_eq(t_score(t.g, 0), 9);
    cr_assert_eq(t_score(t.g, 1), 7);
    h_assert_event(t.g, 0, 0, 9, "monastery", CARC_REASON_COMPLETED);
    h_assert_event(t.g, 1, 1, 7, "monastery", CARC_REASON_FINAL);
    cr_assert_eq(h_event_count(t.g), 2);
    t_free(&t);
}

Test(core_limits, thirty_one_open_monasteries) { monastery_row(31); }
Test(core_limits, thirty_two_open_monasteries) { monastery_row(32); }
Test(core_limits, thirty_three_open_monasteries) { monastery_row(33); }
Test(core_limits, forty_open_monasteries) { monastery_row(40); }

/* A monastery completed while more than 32 are open, the last of forty in
 * the row: the scan of the 3x3 block around each new tile finds it
 * wherever it lies. Seven of its neighbours leave it open; the eighth
 * (east of it) completes it: 9 for player 1, who placed it (turn 40). */
Test(core_limits, the_last_of_forty_monasteries_completes)
{
    const carc_variant *base = NULL;
    carc_registry_find(NULL, "base", &base);
    const char *text = field_set(40, 8);
    tgame t = t_new_text(base, 2, text, strlen(text), NULL, 0);
    for (int x = 1; x <= 40; x++)
        cr_assert_eq(t_turn(t.g, "B", x, 0, 0, x == 40 ? "follower" : NULL, "m1"), CARC_OK);
    static const int around[7][2] = {{39, -1}, {40, -1}, {41, -1}, {39, 1}, {40, 1}, {41, 1}};
    for (int k = 0; k < 6; k++) cr_assert_eq(t_turn(t.g, "F", around[k][0], around[k][1], 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 1, "monastery"), 0, "seven neighbours");
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE);
    cr_assert_eq(t_turn(t.g, "F", 41, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 1, "monastery"), 9);
    h_assert_event(t.g, 0, 1, 9, "monastery", CARC_REASON_COMPLETED);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE, "one field tile left");
    t_free(&t);
}

/* ---- side codes past the fit table ------------------------------------------ */

/* The start tile shows A, B, C, D on its north, east, south and west sides;
 * T fits only north of it, turned three quarters (its west side, A, then
 * faces south). `sixth` is T's east side: F makes six side codes (no fit
 * table: edges tested directly), E keeps five (the table). */
static void fits_in_its_fourth_rotation_only(char sixth)
{
    const carc_variant *base = NULL;
    carc_registry_find(NULL, "base", &base);
    char text[1024];
    snprintf(text, sizeof text,
             "tile S count=1 start\n"
             "  edges A A A B B B C C C D D D\n"
             "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n"
             "tile T count=1\n"
             "  edges E E E %c %c %c E E E A A A\n"
             "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n",
             sixth, sixth, sixth);
    tgame t = t_new_text(base, 2, text, strlen(text), NULL, 0);
    cr_assert_not_null(t.g);
    carc_move moves[16];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(t.g, moves, 16, &n), CARC_OK);
    cr_assert_eq(n, 1u, "side codes up to %c: %zu moves", sixth, n);
    cr_assert_eq(moves[0].x, 0);
    cr_assert_eq(moves[0].y, -1);
    cr_assert_eq(moves[0].rotation, 3);
    cr_assert_eq(moves[0].tile, t_type(t.g, "T"));
    int removed = -1;
    cr_assert_eq(carc_game_removed_count(t.g, &removed), CARC_OK);
    cr_assert_eq(removed, 0, "not set aside as fitting nowhere");
    /* the other turns are refused there */
    for (int r = 0; r < 3; r++) {
        carc_move m = moves[0];
        m.rotation = (uint8_t)r;
        cr_assert_eq(carc_game_apply(t.g, &m), CARC_E_ILLEGAL_MOVE, "turned %d", r);
    }
    cr_assert_eq(carc_game_apply(t.g, &moves[0]), CARC_OK);
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile(t.g, 1, &pt), CARC_OK);
    cr_assert_eq(pt.rotation, 3);
    t_free(&t);
}

Test(core_limits, six_side_codes_a_tile_that_fits_only_turned_three_times)
{
    fits_in_its_fourth_rotation_only('F');
}

Test(core_limits, five_side_codes_a_tile_that_fits_only_turned_three_times)
{
    fits_in_its_fourth_rotation_only('E');
}

/* ---- rotations told apart by slots without features -------------------------- */

/* Every edge letter is C, so every turn of T fits north of the start tile;
 * how many are listed depends on where T's features lie, slots without a
 * feature included: a city on every slot looks the same every way (1), on
 * the north and south thirds only twice (2), on three sides not at all (4). */
static size_t turns_listed(const char *slots)
{
    const carc_variant *base = NULL;
    carc_registry_find(NULL, "base", &base);
    char text[1024];
    snprintf(text, sizeof text,
             "tile S count=1 start\n"
             "  edges C C C C C C C C C C C C\n"
             "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1\n"
             "tile T count=1\n"
             "  edges C C C C C C C C C C C C\n"
             "  feature city slots=%s id=c1\n",
             slots);
    tgame t = t_new_text(base, 2, text, strlen(text), NULL, 0);
    cr_assert_not_null(t.g);
    carc_move moves[32];
    size_t n = 0, north = 0;
    cr_assert_eq(carc_game_moves(t.g, moves, 32, &n), CARC_OK);
    for (size_t i = 0; i < n; i++) north += moves[i].x == 0 && moves[i].y == -1;
    cr_assert_eq(n, 4 * north, "the same on each side");
    t_free(&t);
    return north;
}

Test(core_limits, rotations_told_apart_by_slots_without_features)
{
    cr_assert_eq(turns_listed("0,1,2,3,4,5,6,7,8,9,10,11"), 1u);
    cr_assert_eq(turns_listed("0,1,2,6,7,8"), 2u, "north and south");
    cr_assert_eq(turns_listed("0,1,2,3,4,5,6,7,8"), 4u, "three sides");
    cr_assert_eq(turns_listed("1"), 4u, "one slot");
    cr_assert_eq(turns_listed("1,4,7,10"), 1u, "the middle of each side");
}

/* ---- the tile-set words ----------------------------------------------------- */

static void refused_on_line(const char *text, int line)
{
    const carc_variant *base = NULL;
    carc_registry_find(NULL, "base", &base);
    carc_tileset *ts = (carc_tileset *)&ts;
    char err[128] = "", want[16];
    cr_assert_eq(carc_tileset_parse(base, text, strlen(text), &ts, err, sizeof err), CARC_E_PARSE, "%s", text);
    cr_assert_eq(ts, (carc_tileset *)&ts);
    snprintf(want, sizeof want, "line %d:", line);
    cr_assert_eq(strncmp(err, want, strlen(want)), 0, "\"%s\" names line %d", err, line);
}

Test(core_limits, words_the_tile_set_parser_refuses)
{
    static const char head[] = "tile D count=2 start\n  edges C C C F R F F F F F R F\n";
    static const char *const lines[] = {
        "  featurex city slots=0,1,2 id=c1\n",
        "  feature city slots=0,1,2 id=c1 pennant=\n",
        "  feature city slots=0,1,2 id=c1 =1\n",
        "  feature city slots=0,1,2 id=c1 pennant\n",
        "  feature city slots=0,1,2 id=\n",
        "  feature city slots= id=c1\n",
        "  edgesx C C C F R F F F F F R F\n",
        "  tiles D\n",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "%s%s", head, lines[i]);
        refused_on_line(text, 3);
    }
    refused_on_line("tileset\n", 1);
    refused_on_line("tilex D\n", 1);
}

/* ---- numbers in move text ---------------------------------------------------- */

static int parse(carc_game *g, const char *text, carc_move *m)
{
    memset(m, 0xa5, sizeof *m);
    carc_move keep = *m;
    int r = carc_move_parse(g, text, strlen(text), m);
    if (r) cr_assert(memcmp(m, &keep, sizeof keep) == 0, "'%s' failed and wrote the move", text);
    return r;
}

/* Each number a move names is read up to the ends of its field in
 * carc_move and refused one past them. */
Test(core_limits, move_text_numbers_up_to_the_ends_of_their_fields)
{
    carc_game *g = h_new("base", 2, 3);
    carc_move m;
    cr_assert_eq(parse(g, "action 65535 2147483647 32767 -32768 255 255", &m), CARC_OK);
    cr_assert_eq(m.action, 65535);
    cr_assert_eq(m.target, INT32_MAX);
    cr_assert_eq(m.x, 32767);
    cr_assert_eq(m.y, -32768);
    cr_assert_eq(m.figure, 255);
    cr_assert_eq(m.feature, 255);
    cr_assert_eq(parse(g, "action 0 -2147483648 -32768 32767 0 0", &m), CARC_OK);
    cr_assert_eq(m.target, INT32_MIN);
    static const char *const past[] = {
        "action 65536 0 0 0 0 0",       "action 0 2147483648 0 0 0 0", "action 0 -2147483649 0 0 0 0",
        "action 0 0 32768 0 0 0",       "action 0 0 -32769 0 0 0",     "action 0 0 0 32768 0 0",
        "action 0 0 0 -32769 0 0",      "action 0 0 0 0 256 0",        "action 0 0 0 0 0 256",
        "action 0 0 0 0 -1 0",          "action 0 0 0 0 0 -1",         "action -1 0 0 0 0 0",
        "tile D 32768 0 1",             "tile D 0 -32769 1",           "tile D 0 0 4",
        "figure follower c1 32768 0",   "figure follower c1 0 -32769", "action 0 99999999999 0 0 0 0",
        "action 0 0 0 0 0 +1",          "action 0 0 0 0 0 0x1",        "tile D 0 0 -0x",
    };
    for (size_t i = 0; i < sizeof past / sizeof past[0]; i++)
        cr_assert_eq(parse(g, past[i], &m), CARC_E_PARSE, "'%s'", past[i]);
    cr_assert_eq(parse(g, "tile D 32767 -32768 3", &m), CARC_OK);
    cr_assert_eq(m.x, 32767);
    cr_assert_eq(m.y, -32768);
    cr_assert_eq(m.rotation, 3);
    cr_assert_eq(parse(g, "tile D -0 0 0", &m), CARC_OK);
    cr_assert_eq(m.x, 0);
    cr_assert_eq(parse(g, "figure follower c1 0 0", &m), CARC_OK);
    cr_assert_eq(m.kind, CARC_MOVE_FIGURE);
    cr_assert_eq(m.feature, 0);
    carc_game_free(g);
}

/* ---- the tile set's fingerprint --------------------------------------------- */

/* A save names its tile set by a fingerprint of the text: every byte
 * counts, the first and the last included, so a game saved with one set
 * does not load with a set that differs anywhere. */
Test(core_limits, the_fingerprint_covers_every_byte)
{
    const carc_variant *base = NULL;
    carc_registry_find(NULL, "base", &base);
    char text[1024];
    snprintf(text, sizeof text, "%s", field_set(3, 3));
    size_t len = strlen(text);
    char *saves[3] = {NULL, NULL, NULL};
    carc_tileset *sets[3] = {NULL, NULL, NULL};
    for (int k = 0; k < 3; k++) {
        char edited[1024];
        memcpy(edited, text, len + 1);
        if (k == 1) { /* a blank in front: the same tiles */
            edited[0] = ' ';
            memcpy(edited + 1, text, len + 1);
        }
        if (k == 2) edited[len - 1] = ' '; /* the final newline a blank: the same tiles */
        size_t n = strlen(edited);
        cr_assert_eq(carc_tileset_parse(base, edited, n, &sets[k], NULL, 0), CARC_OK, "variant %d", k);
        carc_game_options o = {.struct_size = sizeof o, .variant = base, .players = 2, .tileset = sets[k]};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        saves[k] = h_save(g);
        carc_game_free(g);
    }
    cr_assert_str_neq(saves[0], saves[1], "a byte put in front");
    cr_assert_str_neq(saves[0], saves[2], "the last byte changed");
    cr_assert_str_neq(saves[1], saves[2]);
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++) {
            carc_load_options lo = {.struct_size = sizeof lo, .tileset = sets[j]};
            carc_game *g = NULL;
            int r = carc_game_load(&lo, saves[k], strlen(saves[k]), &g);
            cr_assert_eq(r, k == j ? CARC_OK : CARC_E_MISMATCH, "saved with set %d, loaded with %d", k, j);
            carc_game_free(g);
        }
    for (int k = 0; k < 3; k++) {
        free(saves[k]);
        carc_tileset_free(sets[k]);
    }
}

/* ---- a save of more history than a game keeps -------------------------------- */

/* A base game keeps 704 records of draws, moves and reseeds (64 + 8 a tile
 * of its 72 + 64: carcassonne.h). A save naming more is CARC_E_LIMIT,
 * whatever its next line is: here 704 draw lines in all (the new game's
 * save holds its first draw), then a move or one more draw; with 703 the
 * move line is read and refused as a move (a pass in the tile phase:
 * CARC_E_PARSE). */
static int load_with_draws(int draws, const char *last)
{
    carc_game *g = h_new("base", 2, 1);
    char *head = h_save(g);
    carc_game_free(g);
    char *end = strstr(head, "end\n");
    cr_assert_not_null(end);
    *end = 0;
    for (const char *d = strstr(head, "\ndraw "); d; d = strstr(d + 1, "\ndraw ")) draws--;
    size_t cap = strlen(head) + (size_t)draws * 16 + 64, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text, cap, "%s", head);
    for (int i = 0; i < draws; i++) len += (size_t)snprintf(text + len, cap - len, "draw main D\n");
    len += (size_t)snprintf(text + len, cap - len, "%send\n", last);
    carc_game *out = (carc_game *)&out;
    int r = carc_game_load(NULL, text, len, &out);
    cr_assert(r == CARC_OK || out == (carc_game *)&out, "a failed load made a game");
    if (r == CARC_OK) carc_game_free(out);
    free(text);
    free(head);
    return r;
}

Test(core_limits, a_save_of_more_history_than_a_game_keeps)
{
    cr_assert_eq(load_with_draws(704, "move pass\n"), CARC_E_LIMIT);
    cr_assert_eq(load_with_draws(704, "draw main D\n"), CARC_E_LIMIT);
    cr_assert_eq(load_with_draws(704, "reseed 5\n"), CARC_E_LIMIT);
    cr_assert_eq(load_with_draws(703, "move pass\n"), CARC_E_PARSE);
    cr_assert_eq(load_with_draws(703, ""), CARC_E_PARSE, "draws the game did not make");
}
