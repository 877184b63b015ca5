/* Legal move enumeration against a slow reference that only uses the
 * public tile-set and board queries. */
#include <stdio.h>

#include "helpers.h"

typedef struct ref_board {
    int n;
    int x[128], y[128];
    char edges[128][13]; /* rotated as placed */
    int minx, maxx, miny, maxy;
} ref_board;

static void rotate_edges(const char *e, int r, char out[13])
{
    for (int s = 0; s < 12; s++) out[s] = e[(s - 3 * r + 24) % 12];
    out[12] = 0;
}

static void type_edges(carc_game *g, int type, char out[13])
{
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    carc_tile_type_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_tileset_type(ts, type, &info), CARC_OK);
    cr_assert_eq(strlen(info.edges), 12u);
    memcpy(out, info.edges, 13);
}

static void read_board(carc_game *g, ref_board *b)
{
    cr_assert_eq(carc_game_tile_count(g, &b->n), CARC_OK);
    cr_assert_leq(b->n, 128);
    b->minx = b->miny = 1 << 20;
    b->maxx = b->maxy = -(1 << 20);
    for (int i = 0; i < b->n; i++) {
        carc_placed_tile pt;
        cr_assert_eq(carc_game_tile(g, i, &pt), CARC_OK);
        char e[13];
        type_edges(g, pt.type, e);
        rotate_edges(e, pt.rotation, b->edges[i]);
        b->x[i] = pt.x;
        b->y[i] = pt.y;
        if (pt.x < b->minx) b->minx = pt.x;
        if (pt.x > b->maxx) b->maxx = pt.x;
        if (pt.y < b->miny) b->miny = pt.y;
        if (pt.y > b->maxy) b->maxy = pt.y;
    }
}

static int ref_at(const ref_board *b, int x, int y)
{
    for (int i = 0; i < b->n; i++)
        if (b->x[i] == x && b->y[i] == y) return i;
    return -1;
}

/* Whether a tile with rotated edges `mine` may go on (x,y). */
static int ref_fits(const ref_board *b, int x, int y, const char *mine)
{
    static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
    if (ref_at(b, x, y) >= 0) return 0;
    int neighbours = 0;
    for (int k = 0; k < 4; k++) {
        int ni = ref_at(b, x + DX[k], y + DY[k]);
        if (ni < 0) continue;
        neighbours++;
        for (int j = 0; j < 3; j++)
            if (mine[3 * k + j] != b->edges[ni][3 * ((k + 2) % 4) + (2 - j)]) return 0;
    }
    return neighbours > 0;
}

/* A turned tile as a string: its 12 edge letters, then for each edge slot
 * which feature covers it, numbered in order of first appearance. Two turns
 * of a tile are the same tile when both halves match (edges alone would take
 * a tile with four alike sides but features split unevenly for one tile). */
static void turned_tile(carc_game *g, int type, const char *edges, int r, char out[25])
{
    const carc_tileset *ts;
    cr_assert_eq(carc_game_tileset(g, &ts), CARC_OK);
    rotate_edges(edges, r, out);
    int owner[12] = {15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15}; /* 15: no feature */
    for (int f = 0;; f++) {
        unsigned slots = 0;
        if (carc_tileset_feature(ts, type, f, NULL, NULL, &slots) != CARC_OK) break;
        for (int sl = 0; sl < 12; sl++)
            if (slots >> sl & 1) owner[(sl + 3 * r) % 12] = f;
    }
    int label[16], next = 0;
    for (int f = 0; f < 16; f++) label[f] = -1;
    for (int sl = 0; sl < 12; sl++) {
        if (label[owner[sl]] < 0) label[owner[sl]] = next++;
        out[12 + sl] = (char)('a' + label[owner[sl]]);
    }
    out[24] = 0;
}

/* Checks the listed tile moves against the reference; returns how many
 * legal (square, rotation) pairs the reference found. */
static int check_tile_decision(carc_game *g, const carc_move *mv, size_t n)
{
    int hand;
    cr_assert_eq(carc_game_drawn_tile(g, &hand), CARC_OK);
    char base[13], rot[4][25];
    type_edges(g, hand, base);
    for (int r = 0; r < 4; r++) turned_tile(g, hand, base, r, rot[r]);
    ref_board b;
    read_board(g, &b);

    for (size_t i = 0; i < n; i++) {
        const carc_move *m = &mv[i];
        cr_assert_eq(m->kind, CARC_MOVE_TILE);
        cr_assert_eq(m->tile, hand, "listed move uses tile %d, drawn %d", m->tile, hand);
        cr_assert_lt(m->rotation, 4);
        cr_assert(ref_fits(&b, m->x, m->y, rot[m->rotation]), "listed move (%d,%d) r%d does not fit", m->x, m->y,
                  m->rotation);
        for (int r = 0; r < m->rotation; r++)
            cr_assert(strcmp(rot[r], rot[m->rotation]) != 0, "listed rotation %d is not the lowest of its group",
                      m->rotation);
        for (size_t j = 0; j < i; j++)
            cr_assert(!(mv[j].x == m->x && mv[j].y == m->y && strcmp(rot[mv[j].rotation], rot[m->rotation]) == 0),
                      "move (%d,%d) r%d listed twice", m->x, m->y, m->rotation);
    }
    int legal = 0;
    for (int y = b.miny - 1; y <= b.maxy + 1; y++)
        for (int x = b.minx - 1; x <= b.maxx + 1; x++)
            for (int r = 0; r < 4; r++) {
                if (!ref_fits(&b, x, y, rot[r])) continue;
                legal++;
                int found = 0;
                for (size_t i = 0; i < n && !found; i++)
                    found = mv[i].x == x && mv[i].y == y && strcmp(rot[mv[i].rotation], rot[r]) == 0;
                cr_assert(found, "legal placement (%d,%d) r%d of tile %d is not listed", x, y, r, hand);
            }
    return legal;
}

static void check_figure_decision(carc_game *g, const carc_move *mv, size_t n)
{
    int last, player;
    carc_placed_tile pt;
    cr_assert_eq(carc_game_last_tile(g, &last), CARC_OK);
    cr_assert_geq(last, 0);
    cr_assert_eq(carc_game_tile(g, last, &pt), CARC_OK);
    cr_assert_eq(carc_game_state(g, NULL, &player), CARC_OK);
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_tile_type_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_tileset_type(ts, pt.type, &info), CARC_OK);
    int supply = h_supply(g, player);

    size_t expect = 1; /* the pass */
    for (int f = 0; f < info.feature_count; f++) {
        carc_feature_info fi = {.struct_size = sizeof fi};
        cr_assert_eq(carc_game_feature(g, last, f, &fi), CARC_OK);
        int taken = 0;
        for (int p = 0; p < CARC_MAX_PLAYERS; p++) taken += fi.figures[p];
        int want = supply > 0 && taken == 0;
        int listed = 0;
        for (size_t i = 0; i < n; i++)
            if (mv[i].kind == CARC_MOVE_FIGURE && mv[i].feature == f) {
                listed++;
                cr_assert_eq(mv[i].figure, 0);
                cr_assert_eq(mv[i].x, pt.x);
                cr_assert_eq(mv[i].y, pt.y);
            }
        cr_assert_eq(listed, want, "feature %d of tile %s: listed %d times, want %d (taken %d, supply %d)", f,
                     info.name, listed, want, taken, supply);
        expect += (size_t)want;
    }
    int passes = 0;
    for (size_t i = 0; i < n; i++) passes += mv[i].kind == CARC_MOVE_PASS;
    cr_assert_eq(passes, 1);
    cr_assert_eq(n, expect, "unexpected moves in the figure step");
}

static void check_random_games_ts(uint64_t first_seed, int games, const carc_tileset *ts)
{
    static carc_move mv[H_MOVE_CAP];
    for (int gi = 0; gi < games; gi++) {
        uint64_t seed = first_seed + (uint64_t)gi;
        uint64_t rng = seed * 7919u + 1;
        carc_game *g = NULL;
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2 + gi % 4,
                               .seed = seed, .tileset = ts};
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        int decisions = 0;
        for (;;) {
            carc_phase ph;
            cr_assert_eq(carc_game_state(g, &ph, NULL), CARC_OK);
            size_t n = 0;
            int r = carc_game_moves(g, mv, H_MOVE_CAP, &n);
            if (ph == CARC_PHASE_OVER) {
                cr_assert_eq(r, CARC_E_GAME_OVER);
                cr_assert_eq(n, 0u);
                break;
            }
            cr_assert_eq(r, CARC_OK);
            cr_assert_gt(n, 0u);
            if (ph == CARC_PHASE_TILE) {
                int legal = check_tile_decision(g, mv, n);
                cr_assert_geq((size_t)legal, n);
            } else {
                cr_assert_eq(ph, CARC_PHASE_FIGURE);
                check_figure_decision(g, mv, n);
            }
            /* favour figures so that many features get occupied */
            size_t pick = h_below(&rng, (unsigned)n);
            if (ph == CARC_PHASE_FIGURE && n > 1 && h_below(&rng, 3)) pick = h_below(&rng, (unsigned)(n - 1));
            cr_assert_eq(carc_game_apply(g, &mv[pick]), CARC_OK);
            cr_assert_lt(++decisions, 400);
        }
        carc_game_free(g);
    }
}

static void check_random_games(uint64_t first_seed, int games) { check_random_games_ts(first_seed, games, NULL); }

/* A set with many kinds of tile side (7 letters, whole-side codes), so the
 * enumeration cannot rely on a small table of side codes. */
Test(core_moves, enumeration_matches_reference_with_many_side_kinds)
{
    carc_tileset *ts = h_many_sides_set(9, 1);
    check_random_games_ts(500, 30, ts);
    carc_tileset_free(ts);
}

/* A start tile that is one field, for the small sets below. */
#define FIELD_START                                   \
    "tile S count=1 start\n  edges FFF FFF FFF FFF\n" \
    "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"

/* A set with two side codes (so listing goes through the fit table) and a
 * tile whose sides are all alike but whose four turns are four different
 * tiles: next to a single neighbour it fits in every rotation, so a square
 * gives four moves. */
Test(core_moves, four_rotations_of_one_square_through_the_fit_table)
{
    static const char text[] = "tileset turns\n"
                               FIELD_START
                               "tile Q count=30\n  edges FFF FFF FFF FFF\n"
                               "  feature farm slots=0,1,2 id=n\n  feature farm slots=3,4,5,6,7,8 id=es\n"
                               "  feature farm slots=9,10,11 id=w\n"
                               "tile C count=10\n  edges CCC FFF FFF FFF\n"
                               "  feature city slots=0,1,2 id=c\n  feature farm slots=3,4,5,6,7,8,9,10,11 id=f\n";
    carc_tileset *ts = h_tileset("base", text, sizeof text - 1);
    carc_game *g = h_base_game_on(ts, 5);
    int q = -1;
    cr_assert_eq(carc_tileset_find(ts, "Q", &q), CARC_OK);
    cr_assert_eq(carc_game_set_next_tile(g, q), CARC_OK);
    static carc_move mv[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(n, 16u, "4 squares around the start tile, 4 rotations each: got %zu", n);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(mv[i].tile, q);
        cr_assert_eq(mv[i].rotation, i % 4, "the rotations of a square in order");
        cr_assert_eq(mv[i].x, mv[i - i % 4].x);
        cr_assert_eq(mv[i].y, mv[i - i % 4].y);
    }
    carc_game_free(g);
    check_random_games_ts(700, 20, ts);
    carc_tileset_free(ts);
}

/* Listing keeps each frontier square's fit classes and tests them a vector
 * at a time, in words of 64 squares. A line of tiles that fit anywhere grows
 * the frontier past three such words (two squares a tile, one move a
 * square), and every square must still be listed once. */
Test(core_moves, frontier_longer_than_three_words_listed_whole)
{
    static const char text[] = "tileset line\n"
                               FIELD_START
                               "tile P count=110\n  edges FFF FFF FFF FFF\n"
                               "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n";
    carc_tileset *ts = h_tileset("base", text, sizeof text - 1);
    carc_game *g = h_base_game_on(ts, 9);
    static carc_move mv[H_MOVE_CAP];
    size_t most = 0;
    for (int tiles = 1; tiles <= 100; tiles++) {
        size_t n = 0;
        cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
        /* a line of t tiles has 2t + 2 squares beside it */
        cr_assert_eq(n, (size_t)(2 * tiles + 2), "after %d tiles", tiles);
        if (tiles % 9 == 0 || n > 128) cr_assert_eq((size_t)check_tile_decision(g, mv, n) / 4, n);
        if (n > most) most = n;
        size_t east = 0;
        for (size_t i = 1; i < n; i++)
            if (mv[i].y == 0 && (mv[east].y != 0 || mv[i].x > mv[east].x)) east = i;
        cr_assert_eq(mv[east].y, 0);
        cr_assert_eq(carc_game_apply(g, &mv[east]), CARC_OK);
        carc_move pass = {.kind = CARC_MOVE_PASS};
        cr_assert_eq(carc_game_apply(g, &pass), CARC_OK);
    }
    cr_assert_eq(most, 202u);
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* More kinds of tile than the 32 fit classes a square can keep: 40 tiles
 * with different sides out of four whole-side letters. Listing then tests
 * squares by key, and must agree with the reference all the same. */
Test(core_moves, more_kinds_of_tile_than_fit_classes)
{
    static const char letters[] = "ABCD";
    char text[8192];
    size_t len = (size_t)snprintf(text, sizeof text, "tileset kinds\n");
    int types = 0;
    for (int code = 0; code < 256 && types < 41; code++) {
        int e[4] = {code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6 & 3}, lowest = 1;
        /* one tile per set of sides up to turning: keep the lowest turn */
        for (int r = 1; r < 4; r++) {
            int turned = e[r] | e[(r + 1) & 3] << 2 | e[(r + 2) & 3] << 4 | e[(r + 3) & 3] << 6;
            if (turned < code) lowest = 0;
        }
        if (!lowest) continue;
        char c[4];
        for (int k = 0; k < 4; k++) c[k] = letters[e[k]];
        len += (size_t)snprintf(text + len, sizeof text - len,
                                "tile T%d count=%d%s\n  edges %c%c%c %c%c%c %c%c%c %c%c%c\n"
                                "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n",
                                types, types == 0 ? 1 : 2, types == 0 ? " start" : "", c[0], c[0], c[0], c[1], c[1],
                                c[1], c[2], c[2], c[2], c[3], c[3], c[3]);
        types++;
    }
    cr_assert_eq(types, 41);
    carc_tileset *ts = h_tileset("base", text, len);
    check_random_games_ts(900, 12, ts);
    carc_tileset_free(ts);
}

Test(core_moves, enumeration_matches_reference_seeds_1_to_40) { check_random_games(1, 40); }
Test(core_moves, enumeration_matches_reference_seeds_1000_to_1040) { check_random_games(1000, 40); }

/* The figure step has two listings: a short one for rulesets like the
 * base game when the buffer has room for any figure step, and the general
 * one. Both give the same moves, byte for byte, at every figure step. */
Test(core_moves, figure_step_same_moves_whatever_the_buffer)
{
    static carc_move big[H_MOVE_CAP];
    carc_move small[48]; /* room for every real figure step, not for the short listing's bound */
    int steps = 0, with_figures = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        carc_game *g = h_new("base", 2 + (int)(seed % 4), seed);
        uint64_t rng = seed * 31 + 7;
        for (;;) {
            carc_phase ph;
            cr_assert_eq(carc_game_state(g, &ph, NULL), CARC_OK);
            size_t n = 0, ns = 0;
            if (carc_game_moves(g, big, H_MOVE_CAP, &n) != CARC_OK) break;
            if (ph == CARC_PHASE_FIGURE) {
                cr_assert_eq(carc_game_moves(g, small, 48, &ns), CARC_OK);
                cr_assert_eq(ns, n);
                cr_assert_eq(memcmp(small, big, n * sizeof big[0]), 0, "seed %d: the two listings differ", (int)seed);
                steps++;
                with_figures += n > 1;
            }
            cr_assert_eq(carc_game_apply(g, &big[h_below(&rng, (unsigned)n)]), CARC_OK);
        }
        carc_game_free(g);
    }
    cr_assert_gt(steps, 1000);
    cr_assert_gt(with_figures, 200, "figure steps with a figure to place: %d", with_figures);
}

Test(core_moves, first_decision_of_the_game)
{
    carc_game *g = h_new("base", 2, 3);
    /* whatever is drawn, each of the 4 squares around the start tile is checked */
    static carc_move mv[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
    int legal = check_tile_decision(g, mv, n);
    cr_assert_gt(legal, 0);
    carc_game_free(g);
}

Test(core_moves, count_only_and_short_buffer)
{
    carc_game *g = h_new("base", 3, 42);
    size_t full = 0, counted = 0, shortn = 0;
    static carc_move mv[H_MOVE_CAP];
    cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &full), CARC_OK);
    int r = carc_game_moves(g, NULL, 0, &counted);
    cr_assert(r == CARC_OK || r == CARC_E_BUFFER, "count only: %d", r);
    cr_assert_eq(counted, full);
    if (full > 1) {
        carc_move few[1];
        cr_assert_eq(carc_game_moves(g, few, 1, &shortn), CARC_E_BUFFER);
        cr_assert_eq(shortn, full);
        cr_assert_eq(memcmp(&few[0], &mv[0], sizeof few[0]), 0, "the first moves are written");
    }
    carc_game_free(g);
}

/* A tile whose rotations are all the same tile (crossroads X, cloister B)
 * is listed once per square; a curve V up to four times. */
Test(core_moves, identical_rotations_listed_once)
{
    tgame t = t_new_deck("base", 2, "B:1 X:1 V:1", NULL, 0);
    cr_assert_not_null(t.g);
    carc_game *g = t.g;
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "B")), CARC_OK);
    static carc_move mv[H_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
    cr_assert_eq(n, 1u, "B fits only south of the start tile, in one way");
    cr_assert_eq(mv[0].x, 0);
    cr_assert_eq(mv[0].y, 1);
    cr_assert_eq(mv[0].rotation, 0);
    /* a non-lowest rotation of the same tile is accepted, and laid as given
     * so that feature indices keep the meaning the caller gave them */
    carc_move m = mv[0];
    m.rotation = 2;
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile(g, 1, &pt), CARC_OK);
    cr_assert_eq(pt.rotation, 2, "laid as the caller turned it");
    cr_assert_eq(t_pass(g), CARC_OK);

    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "X")), CARC_OK);
    cr_assert_eq(carc_game_moves(g, mv, H_MOVE_CAP, &n), CARC_OK);
    /* X fits east and west of the start tile's road, once each */
    cr_assert_eq(n, 2u);
    for (size_t i = 0; i < n; i++) cr_assert_eq(mv[i].rotation, 0);
    t_free(&t);
}
