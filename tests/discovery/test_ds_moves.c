/* Legal moves and follower values against a slow reference built from the
 * public queries and the tile text alone (as tests/core/test_core_moves.c
 * does for the base game): at a tile decision every placement of every
 * distinct tile the player may place is listed once, as its lowest turn,
 * and nothing else; at a figure step a follower may go on each feature of
 * the new tile whose region (joined by flood fill over the board, not by
 * the library's union-find) holds no follower, besides the pass and one
 * removal per own follower on the board; and what each follower on the
 * board would score is worked out from that flood fill by the rulebook's
 * values. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "core/helpers.h"
#include "ds_test.h"

static int in_list(const int *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v) return 1;
    return 0;
}

static void check_tile_decision(carc_game *g, const carc_move *mv, size_t n, int hands)
{
    static ds_board b;
    ds_board_read(g, &b);
    int hand[8], nh = 0, player = t_player(g);
    if (hands) {
        cr_assert_eq(carc_game_hand(g, player, hand, 8, &nh), CARC_OK);
        cr_assert(nh >= 1 && nh <= 2, "a hand of %d", nh);
    } else {
        cr_assert_eq(carc_game_drawn_tile(g, &hand[0]), CARC_OK);
        nh = 1;
    }
    for (size_t i = 0; i < n; i++) {
        const carc_move *m = &mv[i];
        cr_assert_eq(m->kind, CARC_MOVE_TILE);
        cr_assert(in_list(hand, nh, m->tile), "move with tile %d, not in hand", m->tile);
        cr_assert_lt(m->rotation, 4);
        const ds_type *t = ds_type_of(g, m->tile);
        cr_assert_not_null(t);
        char turned[13];
        ds_turn_edges(t->edges, m->rotation, turned);
        cr_assert(ds_board_fits(&b, m->x, m->y, turned), "%s at (%d,%d) r%d does not fit", t->name, m->x, m->y,
                  m->rotation);
        cr_assert_eq(ds_same_turn(t, m->rotation), m->rotation, "%s r%d is not the lowest of its picture", t->name,
                     m->rotation);
        for (size_t j = 0; j < i; j++)
            cr_assert(!(mv[j].tile == m->tile && mv[j].x == m->x && mv[j].y == m->y &&
                        mv[j].rotation == m->rotation),
                      "%s (%d,%d) r%d listed twice", t->name, m->x, m->y, m->rotation);
    }
    int want = 0;
    for (int h = 0; h < nh; h++) {
        if (in_list(hand, h, hand[h])) continue; /* a second copy adds nothing */
        const ds_type *t = ds_type_of(g, hand[h]);
        for (int r = 0; r < 4; r++) {
            if (ds_same_turn(t, r) != r) continue;
            char turned[13];
            ds_turn_edges(t->edges, r, turned);
            for (int y = b.miny - 1; y <= b.maxy + 1; y++)
                for (int x = b.minx - 1; x <= b.maxx + 1; x++) {
                    if (!ds_board_fits(&b, x, y, turned)) continue;
                    want++;
                    int found = 0;
                    for (size_t i = 0; i < n && !found; i++)
                        found = mv[i].tile == hand[h] && mv[i].x == x && mv[i].y == y && mv[i].rotation == r;
                    cr_assert(found, "%s at (%d,%d) r%d fits but is not listed", t->name, x, y, r);
                }
        }
    }
    cr_assert_eq(n, (size_t)want, "listed %zu placements, the reference finds %d", n, want);
}

/* Union-find over (placed tile, feature) pairs. */
static int parent[128 * 12];

static int find(int a)
{
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
}

static int feature_on_slot(const ds_type *t, int rot, int slot)
{
    int orig = (slot - 3 * rot + 24) % 12;
    for (int f = 0; f < t->nfeat; f++)
        if (t->feat[f].slots >> orig & 1) return f;
    return -1;
}

/* Joins the features of every pair of neighbouring tiles that meet. */
static void flood(carc_game *g, const ds_board *b)
{
    static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
    for (int i = 0; i < 128 * 12; i++) parent[i] = i;
    for (int i = 0; i < b->n; i++) {
        const ds_type *ti = ds_type_of(g, b->type[i]);
        for (int k = 0; k < 4; k++) {
            int j = ds_board_at(b, b->x[i] + DX[k], b->y[i] + DY[k]);
            if (j < 0) continue;
            const ds_type *tj = ds_type_of(g, b->type[j]);
            for (int s = 0; s < 3; s++) {
                int fi = feature_on_slot(ti, b->rot[i], 3 * k + s);
                int fj = feature_on_slot(tj, b->rot[j], 3 * ((k + 2) % 4) + (2 - s));
                if (fi >= 0 && fj >= 0) parent[find(i * 12 + fi)] = find(j * 12 + fj);
            }
        }
    }
}

/* The rulebook's value of the region of node `node` for one follower. */
static int ref_value(carc_game *g, const ds_board *b, int node, int literal)
{
    static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
    int root = find(node), tiles = 0, open = 0, cities = 0, ports = 0;
    const ds_type *t0 = ds_type_of(g, b->type[node / 12]);
    int kind = t0->feat[node % 12].kind;
    static unsigned char counted[128 * 12];
    memset(counted, 0, sizeof counted);
    for (int i = 0; i < b->n; i++) {
        const ds_type *t = ds_type_of(g, b->type[i]);
        int here = 0;
        for (int f = 0; f < t->nfeat; f++) {
            if (find(i * 12 + f) != root) continue;
            here = 1;
            cities += t->feat[f].city;
            ports += t->feat[f].ports;
            for (int k = 0; k < 4; k++) {
                int reaches = 0;
                for (int s = 0; s < 3; s++) reaches |= feature_on_slot(t, b->rot[i], 3 * k + s) == f;
                if (reaches && ds_board_at(b, b->x[i] + DX[k], b->y[i] + DY[k]) < 0) open++;
            }
            if (kind != DS_K_MOUNTAIN) continue;
            for (int j = 0; j < t->nfeat; j++) {
                if (!(t->feat[f].borders >> j & 1) || t->feat[j].kind != DS_K_GRASSLAND) continue;
                int other = find(i * 12 + j);
                if (counted[other]) continue;
                counted[other] = 1;
                /* every city of that whole grassland */
                for (int i2 = 0; i2 < b->n; i2++) {
                    const ds_type *t2 = ds_type_of(g, b->type[i2]);
                    for (int f2 = 0; f2 < t2->nfeat; f2++)
                        if (find(i2 * 12 + f2) == other) cities += t2->feat[f2].city;
                }
            }
        }
        tiles += here;
    }
    int complete = open == 0, small = literal ? tiles == 2 : tiles <= 2;
    switch (kind) {
    case DS_K_GRASSLAND: return !complete ? tiles : small ? 2 : 2 * tiles;
    case DS_K_MOUNTAIN: return complete && !small ? 2 * cities : cities;
    default: return complete && !small ? ports + tiles : ports;
    }
}

/* Every follower on the board is worth what the reference says. */
static void check_values(carc_game *g, const ds_board *b, int literal)
{
    int nfig = 0;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        if (!fi.on_board) continue;
        int pts = -1, want = ref_value(g, b, fi.tile_index * 12 + fi.feature, literal);
        cr_assert_eq(carc_game_figure_points(g, i, &pts), CARC_OK);
        const ds_type *t = ds_type_of(g, b->type[fi.tile_index]);
        cr_assert_eq(pts, want, "follower %d on %s %s at (%d,%d): %d, the reference says %d", i, t->name,
                     t->feat[fi.feature].id, b->x[fi.tile_index], b->y[fi.tile_index], pts, want);
    }
}

static void check_figure_decision(carc_game *g, const carc_move *mv, size_t n, int literal)
{
    static ds_board b;
    ds_board_read(g, &b);
    flood(g, &b);
    check_values(g, &b, literal);
    int last = -1, player = t_player(g), nfig = 0;
    cr_assert_eq(carc_game_last_tile(g, &last), CARC_OK);
    cr_assert_eq(last, b.n - 1);
    const ds_type *t = ds_type_of(g, b.type[last]);
    int taken[128 * 12] = {0}, own = 0;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        if (!fi.on_board) continue;
        taken[find(fi.tile_index * 12 + fi.feature)] = 1;
        if (fi.owner == player) {
            own++;
            int listed = 0;
            for (size_t m = 0; m < n; m++)
                listed += mv[m].kind == CARC_MOVE_ACTION && mv[m].action == DS_REMOVE && mv[m].target == i;
            cr_assert_eq(listed, 1, "removal of own follower %d listed %d times", i, listed);
        }
    }
    int supply = ds_supply(g, player), deploy = 0;
    for (int f = 0; f < t->nfeat; f++) {
        int want = supply > 0 && !taken[find(last * 12 + f)];
        int listed = 0;
        for (size_t m = 0; m < n; m++)
            if (mv[m].kind == CARC_MOVE_FIGURE && mv[m].feature == f) {
                listed++;
                cr_assert_eq(mv[m].figure, 0);
                cr_assert_eq(mv[m].x, b.x[last]);
                cr_assert_eq(mv[m].y, b.y[last]);
            }
        cr_assert_eq(listed, want, "%s %s: listed %d, want %d", t->name, t->feat[f].id, listed, want);
        deploy += want;
    }
    int passes = 0;
    for (size_t m = 0; m < n; m++) passes += mv[m].kind == CARC_MOVE_PASS;
    cr_assert_eq(passes, 1);
    cr_assert_eq(n, (size_t)(deploy + 1 + own), "nothing else is offered");
}

static void check_games(uint64_t first_seed, int games, int hands)
{
    int values_checked = 0;
    static carc_move mv[DS_MOVE_CAP];
    for (int gi = 0; gi < games; gi++) {
        uint64_t seed = first_seed + (uint64_t)gi, rng = seed * 7919 + 1;
        int players = 2 + gi % 4;
        int literal = gi / 4 % 2;
        carc_option rules[] = {{"hand", hands}, {"literal_two_tiles", literal}};
        carc_game_options o = {.struct_size = sizeof o, .variant_name = "discovery", .players = players,
                               .seed = seed, .rules = rules, .rule_count = 2};
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        int decisions = 0;
        for (;;) {
            carc_phase ph;
            cr_assert_eq(carc_game_state(g, &ph, NULL), CARC_OK);
            size_t n = 0;
            int r = carc_game_moves(g, mv, DS_MOVE_CAP, &n);
            if (ph == CARC_PHASE_OVER) {
                cr_assert_eq(r, CARC_E_GAME_OVER);
                break;
            }
            cr_assert_eq(r, CARC_OK);
            if (ph == CARC_PHASE_TILE) {
                check_tile_decision(g, mv, n, hands);
            } else {
                cr_assert_eq(ph, CARC_PHASE_FIGURE, "the variant has no other decision");
                check_figure_decision(g, mv, n, literal);
                values_checked++;
            }
            /* favour deployments, so that many regions are taken */
            size_t pick = h_below(&rng, (unsigned)n);
            if (ph == CARC_PHASE_FIGURE && mv[0].kind == CARC_MOVE_FIGURE && h_below(&rng, 2)) pick = 0;
            cr_assert_eq(carc_game_apply(g, &mv[pick]), CARC_OK);
            cr_assert_lt(++decisions, 400);
        }
        carc_game_free(g);
    }
    cr_assert_gt(values_checked, games * 30);
}

Test(discovery_moves, single_draw_matches_reference) { check_games(1, 32, 0); }

Test(discovery_moves, hands_match_reference) { check_games(101, 32, 1); }

/* D37 turned half round shows the same picture (a city on each grassland,
 * both facing the one sea): one placement, and a move naming the half turn
 * is accepted and laid as given (feature ids follow the caller's turn). (D22 and D39, whose half turn moves the
 * city to another sea, are in test_ds_tiles.c.) */
Test(discovery_moves, identical_turns_are_one_placement)
{
    tgame t = ds_new(2, "D37:1 D64:1");
    carc_game *g = t.g;
    cr_assert_eq(carc_game_set_next_tile(g, t_type(g, "D37")), CARC_OK);
    static carc_move mv[DS_MOVE_CAP];
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, mv, DS_MOVE_CAP, &n), CARC_OK);
    /* D37 fits north of the start (grassland down) and south (sea up):
     * north in 2 turns that look alike, south in 2 that look alike */
    cr_assert_eq(n, 2u);
    carc_move m = {.kind = CARC_MOVE_TILE, .tile = (uint16_t)t_type(g, "D37"), .x = 0, .y = -1, .rotation = 2};
    cr_assert_eq(carc_game_apply(g, &m), CARC_OK);
    carc_placed_tile pt;
    cr_assert_eq(carc_game_tile(g, 1, &pt), CARC_OK);
    cr_assert_eq(pt.rotation, 2, "laid as the caller turned it");
    t_free(&t);
}
