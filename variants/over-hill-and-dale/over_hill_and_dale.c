/* Variant `over-hill-and-dale`: Carcassonne - Over Hill and Dale (2015). How
 * each rule maps onto the core: docs/variants/over-hill-and-dale.md. */
#include <stdio.h>
#include <string.h>

#include "over_hill_and_dale.h"

#include "over_hill_and_dale_tiles.h"

/* What the bit sets of a hike's walk hold: 1,024 tiles and 12,288
 * features, the most the core takes (1,020 tiles and 12,240 features, 12
 * a tile) rounded up to whole 64-bit words. tileset_check refuses a set
 * beyond them, which the core never passes it. */
#define OHD_MAX_PIECES 12288
#define OHD_MAX_TILES 1024
/* Path pieces a hike's walk can queue, with their distances (8 KiB of
 * stack, as the 1,024 of the old queue): every path piece of the set, 65
 * in the built-in one, about 900 in a set of 1,020 tiles in the same
 * proportions. tileset_check refuses a set with more. */
#define OHD_MAX_PATH 2048

enum { BAG_HARVEST = 0 };
enum { OHD_STABLES = 2 }; /* per player */
enum { OHD_MEEPLES = 4 };  /* per player */
enum { ANIMAL_KINDS = 5 };

static const char *const token_names[OHD_TOKEN_KINDS] = {"apple", "strawberry", "pumpkin",
                                                         "sunflower", "grain", "scarecrow"};
static const char *const animal_attrs[ANIMAL_KINDS] = {"animals.rooster", "animals.cow", "animals.horse",
                                                       "animals.sheep", "animals.pig"};

typedef struct ohd_state {
    int8_t harvest[OHD_TOKEN_KINDS]; /* attribute index of harvest.<kind>, -1 if unused */
    int8_t animal[ANIMAL_KINDS];     /* attribute index of animals.<kind> */
    /* the hike chosen in the figure step, walked once the turn's scoring is done */
    int16_t hike_figure;             /* -1: none */
    int16_t hike_piece;
    int16_t hike_steps;
    /* harvest tokens of a completed field shared by tied players */
    uint8_t picking;
    uint8_t pool[OHD_TOKEN_KINDS];
    uint8_t pickers;                 /* bit per tied player */
    int8_t picker;                   /* whose pick it is */
    /* each player's meeples lie in figure ids meeple_first .. meeple_end-1
     * (the core numbers a player's figures together; owners are still checked) */
    uint8_t meeple_first[CARC_MAX_PLAYERS];
    uint8_t meeple_end[CARC_MAX_PLAYERS];
    uint8_t stable_ids[OHD_STABLES * CARC_MAX_PLAYERS]; /* the figure ids of all stables */
    uint8_t nstables;
    uint8_t one_per_meadow; /* option one_stable_per_meadow, read once: every stable placement asks */
} ohd_state;

_Static_assert(sizeof(ohd_state) <= CARC_VARIANT_STATE_MAX, "state must fit the core's buffer");

/* A set this ruleset cannot play without dropping something is refused
 * when it is parsed, with CARC_E_LIMIT and the limit named in `why`: more
 * tiles or features than the bit sets hold, or more path pieces than a
 * hike's walk can queue. */
static int tileset_check(const carc_tileset *ts, char *why, size_t cap)
{
    int types = 0, tiles = 0, features = 0, paths = 0;
    carc_tileset_type_count(ts, &types);
    for (int t = 0; t < types; t++) {
        carc_tile_type_info info = {.struct_size = sizeof info};
        if (carc_tileset_type(ts, t, &info) != CARC_OK) return CARC_E_INVALID;
        tiles += info.count;
        features += info.count * info.feature_count;
        for (int k = 0; k < info.feature_count; k++) {
            carc_tile_feature_info fi = {.struct_size = sizeof fi};
            if (carc_tileset_feature_info(ts, t, k, &fi) != CARC_OK) return CARC_E_INVALID;
            paths += fi.kind_index == OHD_PATH ? info.count : 0;
        }
    }
    const struct {
        const char *what;
        int have, most;
    } limits[] = {{"tiles", tiles, OHD_MAX_TILES}, {"features", features, OHD_MAX_PIECES},
                  {"path pieces", paths, OHD_MAX_PATH}};
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++)
        if (limits[i].have > limits[i].most) {
            snprintf(why, cap, "%d %s, at most %d", limits[i].have, limits[i].what, limits[i].most);
            return CARC_E_LIMIT;
        }
    return CARC_OK;
}

static ohd_state *st(carc_game *g) { return (ohd_state *)carc_variant_state(g); }
static const ohd_state *st_read(const carc_game *g) { return carc_variant_state_const(g); }

static int setup(carc_game *g)
{
    ohd_state *s = st(g);
    char name[32];
    for (int k = 0; k < OHD_TOKEN_KINDS; k++) {
        strcpy(name, "harvest.");
        strcat(name, token_names[k]);
        s->harvest[k] = (int8_t)carc_attr_index(g, name);
    }
    for (int a = 0; a < ANIMAL_KINDS; a++) s->animal[a] = (int8_t)carc_attr_index(g, animal_attrs[a]);
    s->hike_figure = -1;
    s->one_per_meadow = (uint8_t)carc_rule(g, OHD_OPT_ONE_STABLE_PER_MEADOW);
    /* where each player's meeples lie, for the hikes listed every turn, and
     * the stables, for the check of every stable placement */
    int nfig = 0;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        int owner = carc_figure_owner(g, i);
        if (carc_figure_kind(g, i) == OHD_FIG_STABLE) {
            if (s->nstables == sizeof s->stable_ids) return CARC_E_INVALID;
            s->stable_ids[s->nstables++] = (uint8_t)i;
        }
        if (carc_figure_kind(g, i) != OHD_FIG_MEEPLE || owner < 0 || owner >= CARC_MAX_PLAYERS) continue;
        if (!s->meeple_end[owner]) s->meeple_first[owner] = (uint8_t)i;
        s->meeple_end[owner] = (uint8_t)(i + 1);
    }
    return CARC_OK;
}

static void tile_pos(const carc_game *g, int tile_index, int *x, int *y)
{
    carc_placed_tile pt = {0};
    carc_game_tile(g, tile_index, &pt);
    *x = pt.x;
    *y = pt.y;
}

static int figure_total(const carc_game *g)
{
    int n = 0;
    carc_game_figure_count(g, &n);
    return n;
}

/* ---- points ------------------------------------------------------------ */

/* Paths 1 per tile; fields 2 per tile when completed in play, 1 at the end.
 * Meadows are never scored. */
static int feature_points(const carc_game *g, int feature, int final, int *category)
{
    int tiles = carc_feature_tiles(g, feature);
    switch (carc_feature_kind(g, feature)) {
    case OHD_PATH:
        *category = OHD_CAT_PATHS;
        return tiles;
    case OHD_FIELD:
        *category = OHD_CAT_FIELDS;
        return !final && carc_feature_complete(g, feature) ? 2 * tiles : tiles;
    default:
        *category = OHD_CAT_PATHS;
        return 0;
    }
}

/* ---- stables ----------------------------------------------------------- */

static int is_stable(const carc_game *g, int f)
{
    return carc_figure_kind(g, f) == OHD_FIG_STABLE && carc_figure_piece(g, f) >= 0;
}

/* Whether the meadow of `piece` holds a stable (option one_stable_per_meadow). */
static int meadow_has_stable(const carc_game *g, const ohd_state *s, int piece)
{
    int meadow = carc_feature_of(g, piece);
    for (int i = 0; i < s->nstables; i++) {
        int at = carc_figure_piece(g, s->stable_ids[i]);
        if (at >= 0 && carc_feature_of(g, at) == meadow) return 1;
    }
    return 0;
}

/* No stable on any of the 8 tiles around the tile just placed; with the
 * option, none in a meadow that holds a stable already either. */
static int figure_allowed(const carc_game *g, int kind, int piece)
{
    if (kind != OHD_FIG_STABLE) return 1;
    const ohd_state *s = st_read(g);
    if (s->one_per_meadow && meadow_has_stable(g, s, piece)) return 0;
    int x = 0, y = 0, placed = 0;
    for (int i = 0; i < s->nstables; i++) {
        int at = carc_figure_piece(g, s->stable_ids[i]);
        if (at < 0) continue;
        if (!placed++) tile_pos(g, carc_piece_tile(g, piece), &x, &y);
        int sx, sy;
        tile_pos(g, carc_piece_tile(g, at), &sx, &sy);
        if (sx - x >= -1 && sx - x <= 1 && sy - y >= -1 && sy - y <= 1) return 0;
    }
    return 1;
}

/* Animals on a placed tile: of each kind, only the features showing some are read. */
static int tile_animals(carc_game *g, int tile_index)
{
    const ohd_state *s = st(g);
    int first = carc_tile_first_piece(g, tile_index), type = carc_tile_type(g, tile_index), n = 0;
    for (int a = 0; a < ANIMAL_KINDS; a++)
        for (unsigned on = carc_type_attr_features(g, type, s->animal[a]); on; on &= on - 1)
            n += carc_piece_attr(g, first + carc_mask_first(on), s->animal[a]);
    return n;
}

/* Animals on the stable's tile and the 8 around it, however many of those
 * squares hold tiles. */
static int stable_points(carc_game *g, int stable)
{
    int x, y, n = 0;
    tile_pos(g, carc_piece_tile(g, carc_figure_piece(g, stable)), &x, &y);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int ti = -1;
            carc_game_tile_at(g, x + dx, y + dy, &ti);
            if (ti >= 0) n += tile_animals(g, ti);
        }
    return n;
}

/* ---- hiking ------------------------------------------------------------ */

static int is_wanderer(const carc_game *g, int f)
{
    int p = carc_figure_piece(g, f);
    return p >= 0 && carc_figure_kind(g, f) == OHD_FIG_MEEPLE && carc_piece_kind(g, p) == OHD_PATH;
}

/* Tiles that will hold a wanderer when the hike is walked: wanderers on a
 * path completed this turn go home in its scoring first. A bit for each of
 * the `placed` tiles of the game, the words past them untouched. */
static void wanderer_tiles(const carc_game *g, uint64_t *tiles, int placed)
{
    /* the first 128 tiles, every built-in game's, by two stores; a memset
     * call for so few bytes cost 30 instructions a game more */
    tiles[0] = tiles[1] = 0;
    for (int w = 2; w < (placed + 63) / 64; w++) tiles[w] = 0;
    int n = figure_total(g);
    for (int i = 0; i < n; i++) {
        if (!is_wanderer(g, i)) continue;
        int p = carc_figure_piece(g, i);
        if (carc_feature_complete(g, p)) continue;
        int t = carc_piece_tile(g, p);
        if (t >= 0 && t < placed) tiles[t >> 6] |= (uint64_t)1 << (t & 63);
    }
}

/* Whether one of this turn's tile's path pieces (features `paths` of the
 * tile, from piece `first`) belongs to the path. */
static int tile_extends(const carc_game *g, int path, int first, unsigned paths)
{
    for (; paths; paths &= paths - 1)
        if (carc_feature_of(g, first + carc_mask_first(paths)) == path) return 1;
    return 0;
}

/* Whether move b is hike a, field for field: past the first 512 hikes the
 * core leaves the match to apply_move (carcassonne_variant.h), and a hike
 * with a stray field set is no hike listed. A move has no padding. */
static int same_hike(const carc_move *a, const carc_move *b) { return memcmp(a, b, sizeof *a) == 0; }

/* Where a hike ends and how many tiles it walks. */
typedef struct hike_end {
    int piece, steps;
} hike_end;

/* Every hike open to the player now: for each own wanderer on a path the
 * tile extended and did not complete, every tile along the path that holds
 * no wanderer, with its distance counted along the path. The walk goes out
 * from the wanderer breadth first, piece by piece across tile sides, so it
 * follows every direction (and every branch, should a tile set draw a path
 * piece reaching three sides) and counts the shortest way along the path.
 * A junction never joins branches (each is a path of its own), so a walk
 * stops at a junction tile as at any other end.
 * Writes the first `cap` hikes to `out` and returns how many there are:
 * up to 4 wanderers times the 2,047 other pieces of a path (OHD_MAX_PATH),
 * past any list on the stack. With `want`, writes none, and returns 1 as
 * soon as it meets the hike `want` (its end in *end), else 0. */
static int list_hikes(const carc_game *g, carc_move *out, int cap, const carc_move *want, hike_end *end)
{
    /* most turns no hike is open: a tile without a path extends none */
    int tile = carc_turn_tile(g), first = carc_tile_first_piece(g, tile), type = carc_tile_type(g, tile);
    unsigned paths = carc_type_kind_features(g, type, OHD_PATH);
    if (!paths) return 0;
    /* bit sets over the tiles and the pieces of the game, cleared as far
     * as the game goes: the tile of the turn is the last placed, so no
     * piece is numbered past its first + 12 */
    uint64_t busy[OHD_MAX_TILES / 64], seen[OHD_MAX_PIECES / 64];
    int busy_known = 0, words = 0;
    const ohd_state *s = st_read(g);
    int n = 0, me = carc_turn_player(g);
    for (int f = s->meeple_first[me]; f < s->meeple_end[me]; f++) {
        if (carc_figure_owner(g, f) != me || !is_wanderer(g, f)) continue;
        int start = carc_figure_piece(g, f), path = carc_feature_of(g, start);
        if (!tile_extends(g, path, first, paths) || carc_feature_complete(g, path)) continue;
        if (!busy_known) {
            wanderer_tiles(g, busy, tile + 1);
            words = (first + 12 + 63) / 64; /* a tile has at most 12 */
            busy_known = 1;
        }
        /* the first 256 pieces, every built-in game's, by four stores */
        seen[0] = seen[1] = seen[2] = seen[3] = 0;
        for (int w = 4; w < words; w++) seen[w] = 0;
        uint16_t queue[OHD_MAX_PATH], dist[OHD_MAX_PATH];
        int head = 0, tail = 0;
        queue[tail] = (uint16_t)start;
        dist[tail++] = 0;
        seen[start >> 6] |= (uint64_t)1 << (start & 63);
        while (head < tail) {
            int cur = queue[head], d = dist[head++];
            int t = carc_piece_tile(g, cur);
            if (d > 0 && t >= 0 && t <= tile && !(busy[t >> 6] >> (t & 63) & 1)) {
                int x, y;
                tile_pos(g, t, &x, &y);
                carc_move h = {.kind = CARC_MOVE_ACTION, .action = OHD_ACTION_HIKE, .target = f,
                               .x = (int16_t)x, .y = (int16_t)y, .feature = (uint8_t)carc_piece_local(g, cur)};
                if (want && same_hike(&h, want)) {
                    *end = (hike_end){cur, d};
                    return 1;
                }
                if (!want && n < cap) out[n] = h;
                n++;
            }
            for (int side = 0; side < 4; side++) {
                int q = carc_piece_across(g, cur, side);
                if (q < 0 || q >= OHD_MAX_PIECES || (seen[q >> 6] >> (q & 63) & 1) || tail == OHD_MAX_PATH) continue;
                seen[q >> 6] |= (uint64_t)1 << (q & 63);
                queue[tail] = (uint16_t)q;
                dist[tail++] = (uint16_t)(d + 1);
            }
        }
    }
    return want ? 0 : n;
}

/* The hike chosen in the figure step is walked after the turn's scoring. */
static void end_of_turn(carc_game *g)
{
    ohd_state *s = st(g);
    if (s->hike_figure < 0) return;
    int f = s->hike_figure;
    s->hike_figure = -1;
    if (carc_figure_move(g, f, s->hike_piece) == 0)
        carc_award(g, carc_figure_owner(g, f), s->hike_steps, OHD_CAT_HIKING, CARC_REASON_ACTION,
                   carc_feature_of(g, s->hike_piece));
}

/* ---- harvest tokens ---------------------------------------------------- */

static int pool_kinds(const ohd_state *s)
{
    int k = 0;
    for (int i = 0; i < OHD_TOKEN_KINDS; i++) k += s->pool[i] > 0;
    return k;
}

static int next_picker(carc_game *g, int from)
{
    int players = 0;
    carc_game_players(g, &players);
    for (int i = 1; i <= players; i++) {
        int p = (from + i) % players;
        if (st(g)->pickers >> p & 1) return p;
    }
    return from;
}

static void take(carc_game *g, int kind)
{
    ohd_state *s = st(g);
    carc_bag_give(g, BAG_HARVEST, kind, s->picker);
    s->pool[kind]--;
    s->picker = (int8_t)next_picker(g, s->picker);
}

/* Tied players take turns; a pick with one kind left is no choice, so it
 * is made here, and the phase stays open only while there is one. */
static void run_picks(carc_game *g)
{
    ohd_state *s = st(g);
    while (pool_kinds(s) == 1)
        for (int k = 0; k < OHD_TOKEN_KINDS; k++)
            if (s->pool[k]) take(g, k);
    s->picking = pool_kinds(s) > 1;
    carc_set_action_pending(g, s->picking);
    if (s->picking) carc_turn_set_decider(g, s->picker); /* a tied player of this game, the phase just opened */
}

/* A completed field: the majority scores 2 per tile, then takes one token
 * per harvest symbol in it (as many as the supply still has). Tied players
 * share them, picking in turn from the player who placed the tile, or the
 * first tied player after them. */
static void score_field(carc_game *g, int field)
{
    ohd_state *s = st(g);
    int want[OHD_TOKEN_KINDS];
    for (int k = 0; k < OHD_TOKEN_KINDS; k++) {
        want[k] = s->harvest[k] >= 0 ? carc_feature_attr(g, field, s->harvest[k]) : 0;
        int left = carc_bag_count(g, BAG_HARVEST, k);
        if (want[k] > left) want[k] = left;
    }
    unsigned winners = carc_score_feature(g, field, 0);
    if (!winners) return;
    int placer = carc_turn_player(g);
    s->pickers = (uint8_t)winners;
    s->picker = (int8_t)(winners >> placer & 1 ? placer : next_picker(g, placer));
    for (int k = 0; k < OHD_TOKEN_KINDS; k++) s->pool[k] = (uint8_t)want[k];
    if (!(winners & (winners - 1))) { /* one winner takes them all */
        for (int k = 0; k < OHD_TOKEN_KINDS; k++)
            while (s->pool[k]) take(g, k);
        return;
    }
    run_picks(g);
}

static void on_completed(carc_game *g, int feature)
{
    int kind = carc_feature_kind(g, feature);
    if (kind == OHD_FIELD)
        score_field(g, feature);
    else if (kind == OHD_PATH)
        carc_score_feature(g, feature, 0);
}

/* ---- moves ------------------------------------------------------------- */

static int extra_moves(const carc_game *g, carc_move *out, int cap)
{
    const ohd_state *s = st_read(g);
    int n = 0;
    if (s->picking) {
        for (int k = 0; k < OHD_TOKEN_KINDS && n < cap; k++)
            if (s->pool[k]) out[n++] = (carc_move){.kind = CARC_MOVE_ACTION, .action = OHD_ACTION_PICK, .target = k};
        return n;
    }
    return list_hikes(g, out, cap, NULL, NULL);
}

static int apply_move(carc_game *g, const carc_move *m)
{
    ohd_state *s = st(g);
    if (m->kind != CARC_MOVE_ACTION) return CARC_E_ILLEGAL_MOVE;
    if (s->picking) {
        if (m->action != OHD_ACTION_PICK || m->target < 0 || m->target >= OHD_TOKEN_KINDS || !s->pool[m->target])
            return CARC_E_ILLEGAL_MOVE;
        take(g, m->target);
        run_picks(g);
        return CARC_OK;
    }
    hike_end end;
    if (m->action != OHD_ACTION_HIKE || !list_hikes(g, NULL, 0, m, &end)) return CARC_E_ILLEGAL_MOVE;
    s->hike_figure = (int16_t)m->target;
    s->hike_piece = (int16_t)end.piece;
    s->hike_steps = (int16_t)end.steps;
    return CARC_OK;
}

/* ---- game end ---------------------------------------------------------- */

static void final_scoring(carc_game *g)
{
    int nfig = figure_total(g);
    /* the features scored, one for each meeple at most */
    int done[OHD_MEEPLES * CARC_MAX_PLAYERS], nd = 0;
    /* open paths 1 per tile and open fields 1 per tile, to the majority */
    for (int i = 0; i < nfig; i++) {
        int p = carc_figure_piece(g, i);
        if (p < 0 || carc_figure_kind(g, i) != OHD_FIG_MEEPLE) continue;
        int f = carc_feature_of(g, p), k = 0;
        while (k < nd && done[k] != f) k++;
        if (k < nd || nd == OHD_MEEPLES * CARC_MAX_PLAYERS) continue;
        done[nd++] = f;
        carc_score_feature(g, f, 1);
    }
    for (int i = 0; i < nfig; i++)
        if (is_stable(g, i))
            carc_award(g, carc_figure_owner(g, i), stable_points(g, i), OHD_CAT_STABLES, CARC_REASON_FINAL,
                       carc_figure_piece(g, i));
    int players = 0;
    carc_game_players(g, &players);
    for (int p = 0; p < players; p++) {
        int held[OHD_TOKEN_KINDS], all = 0;
        for (int k = 0; k < OHD_TOKEN_KINDS; k++) all += held[k] = carc_player_tokens(g, p, BAG_HARVEST, k);
        carc_award(g, p, all, OHD_CAT_TOKENS, CARC_REASON_FINAL, -1);
        int sets = ohd_best_sets(held, held[OHD_SCARECROW], carc_rule(g, OHD_OPT_SCARECROW_SETS));
        carc_award(g, p, 5 * sets, OHD_CAT_SETS, CARC_REASON_FINAL, -1);
    }
}

/* ---- the vtable -------------------------------------------------------- */

static const carc_kind_desc kinds[] = {
    [OHD_PATH] = {"path", CARC_KIND_SCORED | CARC_KIND_FINAL},
    [OHD_FIELD] = {"field", CARC_KIND_SCORED | CARC_KIND_FINAL},
    [OHD_MEADOW] = {"meadow", 0},
};

static const carc_figure_desc figures[] = {
    [OHD_FIG_MEEPLE] = {"meeple", OHD_MEEPLES, 1u << OHD_PATH | 1u << OHD_FIELD, 0, CARC_FIG_MAJORITY},
    [OHD_FIG_STABLE] = {"stable", OHD_STABLES, 1u << OHD_MEADOW, 1, CARC_FIG_FREE | CARC_FIG_STAYS},
};

static const char *const categories[] = {
    [OHD_CAT_PATHS] = "paths",     [OHD_CAT_FIELDS] = "fields", [OHD_CAT_HIKING] = "hiking",
    [OHD_CAT_STABLES] = "stables", [OHD_CAT_TOKENS] = "tokens", [OHD_CAT_SETS] = "sets",
};

static const carc_bag_desc bags[] = {
    {"harvest", OHD_TOKEN_KINDS, {"apple", "strawberry", "pumpkin", "sunflower", "grain", "scarecrow"},
     {5, 5, 5, 5, 5, 8}},
};

static const carc_option_desc options[] = {
    [OHD_OPT_SCARECROW_SETS] = {"scarecrow_sets", "five scarecrows alone make a set (else a set needs a fruit)", 0,
                                1, 0},
    [OHD_OPT_ONE_STABLE_PER_MEADOW] = {"one_stable_per_meadow",
                                       "no stable in a meadow that holds one already (besides the 8-square rule)",
                                       0, 1, 0},
};

static const char *const colors[] = {[OHD_PATH] = "#d7ccc8", [OHD_FIELD] = "#ffca28", [OHD_MEADOW] = "#aed581"};

static const carc_action_desc actions[] = {
    {OHD_ACTION_HIKE, "hike", CARC_ARG_TARGET | CARC_ARG_SQUARE | CARC_ARG_FEATURE,
     "walk a wanderer along its path (target: its figure id) to the path's feature on the tile at x y"},
    {OHD_ACTION_PICK, "pick", CARC_ARG_TARGET, "take a harvest token of a shared field (target: token kind)"},
};

enum { VIEW_POOL, VIEW_PICKER };
static const carc_view_desc views[] = {
    [VIEW_POOL] = {"pool", "harvest tokens of each kind a tied field still has to share", CARC_VIEW_GAME,
                   OHD_TOKEN_KINDS},
    [VIEW_PICKER] = {"picker", "the player to pick the next shared token (-1: no sharing going on)", CARC_VIEW_GAME, 1},
};
/* the pool counts harvest tokens by kind, named as in the harvest supply */
static const char *const *const view_labels[] = {[VIEW_POOL] = token_names, [VIEW_PICKER] = NULL};

static int view_value(const carc_game *g, int view, int owner, int k)
{
    (void)owner;
    const ohd_state *s = st_read(g);
    if (view == VIEW_POOL) return s->picking ? s->pool[k] : 0;
    return s->picking ? s->picker : -1;
}

const carc_variant carc_variant_over_hill_and_dale = {
    .struct_size = sizeof(carc_variant),
    .abi = CARC_VARIANT_ABI,
    .name = "over-hill-and-dale",
    .title = "Carcassonne - Over Hill and Dale (reconstructed tile set)",
    .min_players = 2,
    .max_players = 5,
    .tiles = carc_tiles_over_hill_and_dale,
    .tiles_len = sizeof carc_tiles_over_hill_and_dale - 1,
    .kinds = kinds,
    .kind_count = (int)(sizeof kinds / sizeof kinds[0]),
    .figures = figures,
    .figure_count = (int)(sizeof figures / sizeof figures[0]),
    .categories = categories,
    .category_count = (int)(sizeof categories / sizeof categories[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .bags = bags,
    .bag_count = (int)(sizeof bags / sizeof bags[0]),
    .state_size = sizeof(ohd_state),
    .setup = setup,
    .figure_allowed_const = figure_allowed,
    .extra_moves_const = extra_moves,
    .apply_move = apply_move,
    .feature_points_const = feature_points,
    .on_completed = on_completed,
    .end_of_turn = end_of_turn,
    .final_scoring = final_scoring,
    .actions = actions,
    .action_count = (int)(sizeof actions / sizeof actions[0]),
    .views = views,
    .view_count = (int)(sizeof views / sizeof views[0]),
    .view_value_const = view_value,
    .kind_colors = colors,
    .view_labels = view_labels,
    .tileset_check = tileset_check,
};
