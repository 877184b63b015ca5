/* Copy and clone keep every field of a game. The layout comes from
 * lib/internal.h: each field of struct carc_game is listed below with what
 * of it means something (all of it, or a prefix its count says), the list
 * is checked to cover the struct in order, and games of every ruleset are
 * played with a clone and two copies (one over a longer game, one over the
 * position before) compared with the original, field by field, at every
 * decision. Every field is seen non-zero in some game, so no comparison is
 * of zeros alone. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../lib/internal.h"
#include "helpers.h"

/* The bytes of a field that mean something in game g. */
typedef size_t (*used_fn)(const carc_game *g);

typedef struct field {
    const char *name;
    size_t at, size;
    used_fn used; /* NULL: all of it */
    int tail;     /* 1: a pointer into the block's tail, what it points at is compared;
                   * 2: the flexible array that ends the struct (and begins the tail) */
} field;

static size_t u_decks(const carc_game *g) { return (size_t)g->ts->ndecks * sizeof g->decks[0]; }
static size_t u_vstate(const carc_game *g) { return g->vt.state_size; }
/* a narrow game's board arrays are members (region 3 and 4), a wide one's
 * in its tail (region 6): each is compared where the game keeps it */
static size_t narrow(const carc_game *g, size_t n) { return g->wide ? 0 : n; }
static size_t wide(const carc_game *g, size_t n) { return g->wide ? n : 0; }
static size_t u_tiles_n(const carc_game *g) { return narrow(g, (size_t)g->ntiles * sizeof g->tiles[0]); }
static size_t u_fpos_n(const carc_game *g) { return narrow(g, (size_t)g->nfrontier * sizeof g->fpos[0]); }
static size_t u_fkey_n(const carc_game *g) { return narrow(g, (size_t)g->nfrontier * sizeof g->fkey[0]); }
static size_t u_fcell_n(const carc_game *g) { return narrow(g, (size_t)g->nfrontier * sizeof g->fcell_n[0]); }
static size_t u_fcls_n(const carc_game *g) { return narrow(g, sizeof g->fcls_n); }
static size_t u_tiles(const carc_game *g) { return wide(g, (size_t)g->ntiles * sizeof g->tiles[0]); }
static size_t u_fpos(const carc_game *g) { return wide(g, (size_t)g->nfrontier * sizeof g->fpos[0]); }
static size_t u_fkey(const carc_game *g) { return wide(g, (size_t)g->nfrontier * sizeof g->fkey[0]); }
static size_t u_fcell(const carc_game *g) { return wide(g, (size_t)g->nfrontier * sizeof g->fcell[0]); }
static size_t u_pieces(const carc_game *g) { return (size_t)g->npieces * sizeof g->pieces[0]; }
static size_t u_events(const carc_game *g) { return (size_t)g->nevents * sizeof g->events[0]; }
static size_t u_award_at(const carc_game *g) { return (size_t)g->nawards * sizeof g->award_at[0]; }
static size_t u_hist(const carc_game *g) { return (size_t)g->nhist * sizeof g->hist[0]; }
static size_t u_cells(const carc_game *g) { return wide(g, ((size_t)g->grid_mask + 1) * sizeof g->cells[0]); }
static size_t u_grid(const carc_game *g) { return narrow(g, (size_t)g->grid_mask + 1); }
static size_t u_fcls(const carc_game *g) { return wide(g, FRONTIER_CAP(g->ts->total) * sizeof g->fcls[0]); }
static size_t u_out(const carc_game *g) { return (size_t)g->nout * sizeof g->out[0]; }
static size_t u_fmask(const carc_game *g) { return g->ts->nside_codes ? 0 : (size_t)g->nfrontier * sizeof g->fmask[0]; }

#define F(f, used) {#f, offsetof(carc_game, f), sizeof(((carc_game *)0)->f), used, 0}
/* a tail array: its size is the game's, so the used part is checked against the block */
#define T(f, used) {#f, offsetof(carc_game, f), sizeof(((carc_game *)0)->f), used, 1}
#define FLEX(f, used) {#f, offsetof(carc_game, f), 0, used, 2}

static const field FIELDS[] = {
    /* region 1 */
    F(orig, NULL), F(ts, NULL), F(nplayers, NULL), F(seed, NULL), F(rng, NULL), F(rules, NULL),
    F(phase, NULL), F(player, NULL), F(turn, NULL), F(hand_valid, NULL), F(hand, NULL), F(turn_tile, NULL),
    F(turn_deck, NULL), F(is_extra, NULL), F(extra_deck, NULL), F(action_pending, NULL), F(action_first, NULL),
    F(decider, NULL), F(over, NULL), F(stage, NULL), F(lazy_draw, NULL), F(majority, NULL),
    F(majority_uncounted, NULL), F(majority_others, NULL), F(figures_plain, NULL), F(draws_plain, NULL), F(ndone, NULL),
    F(done_next, NULL), F(turn_shut, NULL), F(place_around, NULL), F(done, NULL), F(hand_size, NULL),
    F(hand_removed, NULL), F(dealt, NULL), F(nheld, NULL), F(held, NULL), F(nout, NULL), F(draw_out, NULL),
    F(score, NULL), F(cat, NULL), F(supply, NULL),
    F(nfigures, NULL), F(fig_first, NULL), F(figs, NULL), F(bags, NULL), F(nfrontier, NULL), F(ntiles, NULL),
    F(narea, NULL), F(area_tiles, NULL), F(area_pos, NULL), F(nevents, NULL), F(nawards, NULL), F(nhist, NULL),
    F(npieces, NULL),
    /* region 2 */
    F(decks, u_decks), F(vstate, u_vstate), F(vt, NULL),
    /* region 3: a narrow game's board arrays */
    F(tiles_n, u_tiles_n), F(fpos_n, u_fpos_n), F(fkey_n, u_fkey_n), F(fcell_n, u_fcell_n),
    /* region 4: past the frontier every entry is 0 in every game */
    F(fcls_n, u_fcls_n),
    /* region 6: a wide game's board arrays and every game's other tail
     * arrays (fcls: past the frontier every entry is 0; the grids, rebuilt,
     * so equal whole), the torus's skew, and the block's size; the stacks'
     * tiles, reached from the stacks, are compared by same_stacks */
    F(wide, NULL), T(tiles, u_tiles), T(fpos, u_fpos), T(fkey, u_fkey), T(fcell, u_fcell), T(fcls, u_fcls),
    T(grid, u_grid), T(fgrid, u_grid), T(cells, u_cells), F(grid_k, NULL), F(grid_mask, NULL), T(out, u_out),
    T(events, u_events), T(award_at, u_award_at), T(hist, u_hist), F(hist_cap, NULL), F(event_cap, NULL),
    F(narrow_room, NULL), T(fmask, u_fmask), T(fval, u_fmask), F(block_bytes, NULL),
    /* region 7: each game's own allocator (a clone is given its original's) */
    F(alloc, NULL),
    /* region 8: the pieces, the struct's last member, as many as its tile set's features */
    FLEX(pieces, u_pieces),
};
#define NFIELDS (sizeof FIELDS / sizeof FIELDS[0])

/* Fields that are 0 whenever the library hands a game back: `lazy_draw`
 * is set only in a playout's scratch game and in a save being replayed. */
static int zero_at_rest(const char *name) { return !strcmp(name, "lazy_draw"); }

Test(core_copy, the_field_list_covers_the_game_in_order)
{
    cr_assert_eq(FIELDS[0].at, 0);
    for (size_t i = 1; i < NFIELDS; i++) {
        size_t end = FIELDS[i - 1].at + FIELDS[i - 1].size;
        /* a gap is alignment padding only: shorter than the widest
         * alignment in the struct (32 bytes, of pieces) */
        cr_assert(FIELDS[i].at >= end && FIELDS[i].at - end < _Alignof(carc_game),
                  "%s does not follow %s: a field between them is missing from this list", FIELDS[i].name,
                  FIELDS[i - 1].name);
    }
    size_t end = FIELDS[NFIELDS - 1].at + FIELDS[NFIELDS - 1].size;
    cr_assert(sizeof(carc_game) >= end && sizeof(carc_game) - end < _Alignof(carc_game),
              "a field after pieces is missing");
}

static const carc_variant *builtin(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, name, &v), CARC_OK);
    return v;
}

/* A ruleset that does what no built-in one does, so that the fields it
 * sets are compared too: an action before the figure step on every third
 * tile (action_first), one after every completed feature, taken while the
 * turn is scoring (stage), a majority figure that is blocked per system
 * (majority_uncounted), and a tile hidden from a second stack at every
 * draw from the first (out_deck). */
enum { P_CITY, P_FARM, P_MONASTERY };

static void probe_placed(carc_game *g, int tile_index)
{
    if (tile_index % 3 == 0) carc_set_action_pending(g, 1);
}
static void probe_completed(carc_game *g, int feature)
{
    carc_score_feature(g, feature, 0);
    carc_set_action_pending(g, 1);
}
static int probe_moves(carc_game *g, carc_move *out, int cap)
{
    carc_phase phase;
    carc_game_state(g, &phase, NULL);
    if (phase != CARC_PHASE_ACTION || cap < 1) return 0;
    out[0] = (carc_move){.kind = CARC_MOVE_ACTION, .action = 1};
    return 1;
}
static int probe_apply(carc_game *g, const carc_move *m)
{
    (void)m;
    carc_set_action_pending(g, 0);
    return CARC_OK;
}
static void probe_draw(carc_game *g, int tile_type)
{
    (void)tile_type;
    if (carc_deck_left(g, 1) > 0 && carc_deck_left(g, 0) % 2) carc_deck_discard(g, 1);
}

static const char probe_tiles[] = "tileset probe\n"
                                  "tile C count=1 start\n  edges CCC CCC CCC CCC\n"
                                  "  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1\n"
                                  "tile E count=24\n  edges CCC FFF FFF FFF\n  feature city slots=0,1,2 id=c1\n"
                                  "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f1\n"
                                  "tile M count=8\n  edges FFF FFF FFF FFF\n  feature monastery slots=none id=m1\n"
                                  "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
                                  "tile X count=8 deck=spare\n  edges FFF FFF FFF FFF\n"
                                  "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n";
static const carc_kind_desc probe_kinds[] = {
    [P_CITY] = {"city", CARC_KIND_SCORED | CARC_KIND_FINAL},
    [P_FARM] = {"farm", 0},
    [P_MONASTERY] = {"monastery", CARC_KIND_AREA | CARC_KIND_SCORED | CARC_KIND_FINAL},
};
static const carc_figure_desc probe_figures[] = {
    {"follower", 5, 1u << P_CITY | 1u << P_MONASTERY, 0, CARC_FIG_MAJORITY},
    {"scout", 2, 1u << P_CITY, 1, CARC_FIG_MAJORITY | CARC_FIG_SYSTEM},
};
static const char *const probe_categories[] = {"points"};
static const carc_variant probe = {
    .struct_size = sizeof(carc_variant),
    .abi = CARC_VARIANT_ABI,
    .name = "probe",
    .title = "copy probe",
    .min_players = 2,
    .max_players = 2,
    .tiles = probe_tiles,
    .tiles_len = sizeof probe_tiles - 1,
    .kinds = probe_kinds,
    .kind_count = sizeof probe_kinds / sizeof probe_kinds[0],
    .figures = probe_figures,
    .figure_count = sizeof probe_figures / sizeof probe_figures[0],
    .categories = probe_categories,
    .category_count = sizeof probe_categories / sizeof probe_categories[0],
    .on_draw = probe_draw,
    .on_tile_placed = probe_placed,
    .extra_moves = probe_moves,
    .apply_move = probe_apply,
    .on_completed = probe_completed,
};

/* The pointer stored at `at` (a field of region 6). */
static const unsigned char *stored_pointer(const unsigned char *at)
{
    const unsigned char *p;
    memcpy(&p, at, sizeof p);
    return p;
}

/* Asserts that each stack of b has a's tiles left, in the same order, in
 * b's own block. */
static void same_stacks(const carc_game *a, const carc_game *b, const char *what)
{
    for (int d = 0; d < a->ts->ndecks; d++) {
        const uint8_t *la = DECK_LEFT(a, d), *lb = DECK_LEFT(b, d);
        const unsigned char *bb = (const unsigned char *)b;
        cr_assert(lb >= bb && lb + b->decks[d].nleft <= bb + b->block_bytes, "%s: stack %d's tiles outside the block",
                  what, d);
        cr_assert(memcmp(la, lb, a->decks[d].nleft) == 0, "%s: stack %d's tiles differ", what, d);
    }
}

/* Asserts that every meaningful byte of `b` equals `a`'s; marks in `seen`
 * the fields with a byte other than 0 in `a`. */
static void same_fields(const carc_game *a, const carc_game *b, const char *what, int *seen)
{
    same_stacks(a, b, what);
    for (size_t i = 0; i < NFIELDS; i++) {
        const field *f = &FIELDS[i];
        const unsigned char *pa = (const unsigned char *)a + f->at, *pb = (const unsigned char *)b + f->at;
        size_t n = f->used ? f->used(a) : f->size;
        if (f->tail) { /* inside each game's own block, past the struct's fixed part */
            if (f->tail == 1) {
                pa = stored_pointer(pa);
                pb = stored_pointer(pb);
            }
            const unsigned char *ba = (const unsigned char *)a, *bb = (const unsigned char *)b;
            if (n == 0) continue;
            cr_assert(pa >= ba + offsetof(carc_game, pieces) && pa + n <= ba + a->block_bytes, "%s: %s outside the block", what, f->name);
            cr_assert(pb >= bb + offsetof(carc_game, pieces) && pb + n <= bb + b->block_bytes, "%s: %s outside the block", what, f->name);
        } else if (!strcmp(f->name, "ts") && a->ts != b->ts) {
            /* a game that parsed its own tile set keeps it in its block,
             * and so does its clone: the same set, read from the same text */
            const unsigned char *ta = (const unsigned char *)a->ts, *tb = (const unsigned char *)b->ts;
            cr_assert(ta > (const unsigned char *)a && ta < (const unsigned char *)a + a->block_bytes, "%s: ts", what);
            cr_assert(tb > (const unsigned char *)b && tb < (const unsigned char *)b + b->block_bytes, "%s: ts", what);
            cr_assert_eq(a->ts->fingerprint, b->ts->fingerprint, "%s: ts differs", what);
            seen[i] = 1;
            continue;
        } else {
            cr_assert_leq(n, f->size);
        }
        if (memcmp(pa, pb, n) != 0) cr_assert_fail("%s: field %s differs", what, f->name);
        for (size_t k = 0; k < n && !seen[i]; k++) seen[i] = pa[k] != 0;
    }
}

/* Asserts that the used parts of g's tail arrays (and of its pieces, which
 * begin the tail) lie in its block without overlapping: each is laid out
 * with room for every count the game can reach. */
static void tail_apart(const carc_game *g, const char *what)
{
    const unsigned char *b = (const unsigned char *)g, *start[NFIELDS], *end[NFIELDS];
    size_t n = 0;
    for (size_t i = 0; i < NFIELDS; i++) {
        const field *f = &FIELDS[i];
        size_t used = f->used ? f->used(g) : 0;
        if (!f->tail || used == 0) continue;
        const unsigned char *p = b + f->at;
        if (f->tail == 1) p = stored_pointer(p);
        start[n] = p, end[n] = p + used;
        cr_assert(p >= b + offsetof(carc_game, pieces) && end[n] <= b + g->block_bytes, "%s: %s outside the block",
                  what, f->name);
        for (size_t k = 0; k < n; k++)
            cr_assert(end[k] <= p || end[n] <= start[k], "%s: %s overlaps another array of the tail", what, f->name);
        n++;
    }
}

/* Plays a random game of the setup to its end, comparing at every
 * decision the game with its clone, with a copy over a game played to the
 * end, and with a copy over the position of the decision before. */
static void play_and_compare(const carc_variant *v, int players, uint64_t seed, const carc_option *rules, int nrules,
                             const carc_tileset *ts, int *seen)
{
    const char *variant = v->name;
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = seed,
                           .rules = rules, .rule_count = nrules, .tileset = ts};
    carc_game *g, *longer, *scratch, *before;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    cr_assert_eq(carc_game_new(&o, &longer), CARC_OK);
    static carc_move buf[H_MOVE_CAP];
    uint64_t rng = seed;
    h_play(longer, &rng, 100000);
    cr_assert_eq(carc_game_clone(longer, &scratch), CARC_OK);
    cr_assert_eq(carc_game_clone(g, &before), CARC_OK);
    for (int step = 0;; step++) {
        char what[96];
        carc_game *c;
        cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
        snprintf(what, sizeof what, "%s, decision %d, clone", variant, step);
        same_fields(g, c, what, seen);
        carc_game_free(c);
        cr_assert_eq(carc_game_copy(scratch, longer), CARC_OK);
        cr_assert_eq(carc_game_copy(scratch, g), CARC_OK);
        snprintf(what, sizeof what, "%s, decision %d, copy over a finished game", variant, step);
        same_fields(g, scratch, what, seen);
        cr_assert_eq(carc_game_copy(before, g), CARC_OK);
        snprintf(what, sizeof what, "%s, decision %d, copy over the decision before", variant, step);
        same_fields(g, before, what, seen);
        /* the tail holds the pieces of every tile of the set, and no more */
        snprintf(what, sizeof what, "%s, decision %d", variant, step);
        cr_assert_leq(g->npieces, g->ts->max_pieces, "%s: more pieces than the tile set's tiles have", what);
        cr_assert_leq(g->ntiles, g->ts->total, "%s: more tiles than the tile set has", what);
        tail_apart(g, what);
        size_t n = 0;
        if (carc_game_moves(g, buf, H_MOVE_CAP, &n) == CARC_E_GAME_OVER) break;
        cr_assert_gt(n, 0);
        cr_assert_eq(carc_game_apply(g, &buf[h_below(&rng, (unsigned)n)]), CARC_OK);
    }
    carc_game_free(g);
    carc_game_free(longer);
    carc_game_free(scratch);
    carc_game_free(before);
}

Test(core_copy, copy_and_clone_keep_every_field_of_every_ruleset)
{
    int seen[NFIELDS] = {0};
    int players[] = {2, 3, 4, 5};
    for (int i = 0; i < 4; i++) {
        play_and_compare(builtin("base"), players[i], 11 + (uint64_t)i, NULL, 0, NULL, seen);
        play_and_compare(builtin("hills-sheep"), players[i], 21 + (uint64_t)i, NULL, 0, NULL, seen);
        play_and_compare(builtin("hunters-gatherers"), players[i], 31 + (uint64_t)i, NULL, 0, NULL, seen);
        play_and_compare(builtin("over-hill-and-dale"), players[i], 41 + (uint64_t)i, NULL, 0, NULL, seen);
        carc_option hand = {"hand", 1};
        play_and_compare(builtin("discovery"), players[i], 51 + (uint64_t)i, &hand, 1, NULL, seen);
    }
    /* seven kinds of tile side: too many for a fit table, so the frontier
     * keeps each square's edge mask and value (fmask, fval, in the tail) */
    carc_tileset *ts = h_many_sides_set(9, 0);
    play_and_compare(builtin("base"), 2, 61, NULL, 0, ts, seen);
    carc_tileset_free(ts);
    /* a wide game: base's tiles twice, 144, its board's arrays in its tail */
    ts = h_scaled_set(builtin("base"), 2);
    play_and_compare(builtin("base"), 3, 81, NULL, 0, ts, seen);
    carc_tileset_free(ts);
    /* what no built-in ruleset does (above) */
    /* (its tile set given, as a built-in one is shared: a game that parses
     * its own keeps it in its block, and a clone points to its own copy) */
    cr_assert_eq(carc_tileset_parse(&probe, probe_tiles, sizeof probe_tiles - 1, &ts, NULL, 0), CARC_OK);
    for (int i = 0; i < 4; i++) play_and_compare(&probe, 2, 71 + (uint64_t)i, NULL, 0, ts, seen);
    carc_tileset_free(ts);
    /* and parsed into the game's own block, laid out for that set */
    play_and_compare(&probe, 2, 75, NULL, 0, NULL, seen);
    char missing[512] = "";
    for (size_t i = 0; i < NFIELDS; i++)
        if (!seen[i] && !zero_at_rest(FIELDS[i].name))
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), " %s", FIELDS[i].name);
    cr_assert_str_empty(missing, "fields 0 in every game, so their comparison proves nothing:%s", missing);
}
