/* Variant `hunters-gatherers`: Carcassonne - Hunters and Gatherers (2020
 * edition). How each rule maps onto the core: docs/variants/hunters-gatherers.md. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hunters_gatherers.h"

#include "hunters_gatherers_tiles.h"

/* Features a set may hold in all (408 in the built-in one): what the
 * bit set of covered pieces in the game state holds (128 of its 512
 * bytes; the core's most, 12,240 features, would take 1,530) and the
 * lists of a feature's pieces on the stack. tileset_check refuses a set
 * with more. */
#define HG_MAX_PIECES 1024
/* Pit traps a grassland's scoring notes (1 in the built-in set): a set
 * with more is refused, where a grassland's ninth lost its doubling. */
#define HG_MAX_PITS 8
/* Tile types whose powers the facts mark: the core's own limit. */
#define HG_MAX_TYPES 128

enum hg_attr {
    A_FISH,
    A_MENHIR,
    A_MUSHROOMS,
    A_MAMMOTH,
    A_AUROCHS,
    A_DEER,
    A_TIGER,
    A_WILDFIRE,
    A_PIT_TRAP,
    A_HUNTING_TRAP,
    A_SHAMAN,
    A_RAFT,
    A_LOGBOAT,
    A_COUNT
};

static const char *const attr_names[A_COUNT] = {
    "fish",          "menhir",          "mushrooms",          "animals.mammoth", "animals.aurochs",
    "animals.deer",  "animals.tiger",   "power.wildfire",     "power.pit_trap",  "power.hunting_trap",
    "power.shaman",  "power.raft",      "power.logboat",
};

/* What a game needs of its tile set, worked out once for each set
 * (carc_variant.tileset_setup): each attribute's index, and the tile types
 * with a feature that does something when placed. */
typedef struct hg_facts {
    int8_t attr[A_COUNT];
    uint8_t power_types[HG_MAX_TYPES / 8];
} hg_facts;

typedef struct hg_state {
    hg_facts facts; /* the tile set's, copied at set-up: read at every placement and score */
    int8_t menhir_deck;
    uint8_t shaman_pending;
    uint8_t any_covered; /* some piece is covered: grassland sums need correcting */
    /* Pieces whose animals a hunting trap has already scored. */
    uint8_t covered[HG_MAX_PIECES / 8];
} hg_state;

_Static_assert(sizeof(hg_state) <= CARC_VARIANT_STATE_MAX, "state must fit the core's buffer");

static hg_state *st(carc_game *g) { return (hg_state *)carc_variant_state(g); }
static const hg_state *st_read(const carc_game *g) { return carc_variant_state_const(g); }

static int attr(const carc_game *g, int piece, int a) { return carc_piece_attr(g, piece, st_read(g)->facts.attr[a]); }

static int covered(const carc_game *g, int piece)
{
    return piece >= 0 && piece < HG_MAX_PIECES && (st_read(g)->covered[piece >> 3] >> (piece & 7) & 1);
}

static void cover(carc_game *g, int piece)
{
    if (piece < 0 || piece >= HG_MAX_PIECES) return;
    st(g)->covered[piece >> 3] |= (uint8_t)(1u << (piece & 7));
    st(g)->any_covered = 1;
}

static void tile_pos(const carc_game *g, int tile_index, int *x, int *y)
{
    carc_placed_tile pt = {0};
    carc_game_tile(g, tile_index, &pt);
    *x = pt.x;
    *y = pt.y;
}

/* One of the 8 squares around (cx,cy); the centre itself is not one. */
static int around(int x, int y, int cx, int cy)
{
    int dx = x - cx, dy = y - cy;
    return (dx || dy) && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
}

/* The features of a tile type that do something when placed. */
static unsigned power_features(carc_game *g, int type)
{
    const hg_state *s = st(g);
    return carc_type_attr_features(g, type, s->facts.attr[A_LOGBOAT]) |
           carc_type_attr_features(g, type, s->facts.attr[A_HUNTING_TRAP]) |
           carc_type_attr_features(g, type, s->facts.attr[A_SHAMAN]);
}

_Static_assert(sizeof(hg_facts) <= CARC_VARIANT_TILESET_DATA_MAX, "facts must fit the tile set's buffer");

static int feature_has(const carc_tileset *ts, int type, int feature, int attr)
{
    int value = 0;
    return attr >= 0 && carc_tileset_feature_attr(ts, type, feature, attr, &value) == CARC_OK && value != 0;
}

/* carc_variant.tileset_check: CARC_E_LIMIT for a set beyond the limits
 * above, the first one named in `why`. It comes with tileset_setup in the
 * same release (0.3.0), so every vtable that has the facts has the check
 * before them, and tileset_setup need not count again. */
static int tileset_check(const carc_tileset *ts, char *why, size_t cap)
{
    int pit = -1, types = 0, features = 0, pits = 0;
    if (carc_tileset_attr_find(ts, attr_names[A_PIT_TRAP], &pit) != CARC_OK) pit = -1;
    carc_tileset_type_count(ts, &types);
    if (types > HG_MAX_TYPES) {
        snprintf(why, cap, "%d tile types, at most %d", types, HG_MAX_TYPES);
        return CARC_E_LIMIT;
    }
    for (int t = 0; t < types; t++) {
        carc_tile_type_info info = {.struct_size = sizeof info};
        if (carc_tileset_type(ts, t, &info) != CARC_OK) continue;
        features += info.count * info.feature_count;
        for (int k = 0; k < info.feature_count; k++) pits += feature_has(ts, t, k, pit) ? info.count : 0;
    }
    if (features > HG_MAX_PIECES) {
        snprintf(why, cap, "%d features (a tile's count times its features, summed), at most %d", features,
                 HG_MAX_PIECES);
        return CARC_E_LIMIT;
    }
    if (pits > HG_MAX_PITS) {
        snprintf(why, cap, "%d pit traps, at most %d", pits, HG_MAX_PITS);
        return CARC_E_LIMIT;
    }
    return CARC_OK;
}

/* The facts: each attribute's index, and the tile types with a power (at
 * most 128, the core's own limit on types). */
static int tileset_setup(const carc_tileset *ts, void *data)
{
    hg_facts *f = data;
    for (int a = 0; a < A_COUNT; a++) {
        int i = -1;
        f->attr[a] = (int8_t)(carc_tileset_attr_find(ts, attr_names[a], &i) == CARC_OK ? i : -1);
    }
    static const int powers[] = {A_LOGBOAT, A_HUNTING_TRAP, A_SHAMAN};
    int types = 0;
    carc_tileset_type_count(ts, &types);
    for (int t = 0; t < types && t < HG_MAX_TYPES; t++) {
        carc_tile_type_info info = {.struct_size = sizeof info};
        if (carc_tileset_type(ts, t, &info) != CARC_OK) continue;
        for (int k = 0; k < info.feature_count; k++)
            for (size_t p = 0; p < sizeof powers / sizeof powers[0]; p++)
                if (feature_has(ts, t, k, f->attr[powers[p]])) f->power_types[t / 8] |= (uint8_t)(1u << t % 8);
    }
    return CARC_OK;
}

static int setup(carc_game *g)
{
    hg_state *s = st(g);
    hg_facts mine = {0};
    const hg_facts *f = carc_variant_tileset_data(g);
    const carc_tileset *ts;
    /* a copy of this vtable older than tileset_setup: the facts, now */
    if (!f && carc_game_tileset(g, &ts) == CARC_OK && tileset_setup(ts, &mine) == CARC_OK) f = &mine;
    if (!f) return CARC_E_INVALID;
    s->facts = *f;
    s->menhir_deck = (int8_t)carc_deck_index(g, "menhir");
    return CARC_OK;
}

/* ---- points ------------------------------------------------------------ */

/* Fish of the river plus those of every lake that closes one of its ends;
 * a lake that closes both ends of the same river counts once. */
static int river_points(const carc_game *g, int feature)
{
    int pieces[HG_MAX_PIECES], lakes[HG_MAX_PIECES];
    int n = carc_feature_pieces(g, feature, pieces, HG_MAX_PIECES), nl = 0;
    if (n > HG_MAX_PIECES) n = HG_MAX_PIECES;
    int pts = carc_feature_tiles(g, feature) + carc_feature_attr(g, feature, st_read(g)->facts.attr[A_FISH]);
    for (int i = 0; i < n; i++) {
        unsigned links = carc_piece_links(g, pieces[i]);
        int first = carc_tile_first_piece(g, carc_piece_tile(g, pieces[i]));
        for (int j = 0; links >> j; j++) {
            if (!(links >> j & 1)) continue;
            int lake = first + j, dup = 0;
            if (carc_piece_kind(g, lake) != HG_LAKE) continue;
            for (int k = 0; k < nl; k++) dup |= lakes[k] == lake;
            if (dup) continue;
            lakes[nl++] = lake;
            pts += attr(g, lake, A_FISH);
        }
    }
    return pts;
}

/* Mammoth 3, aurochs 2, deer 1 for the animals not yet covered; tigers
 * cancel deer, unless a wildfire in the grassland chased them off. Animals
 * around a pit trap count double, and tigers take the single-value deer
 * first, which is the best choice the rules leave to the scorer. */
static int grassland_points(const carc_game *g, int feature)
{
    int pieces[HG_MAX_PIECES];
    int n = carc_feature_pieces(g, feature, pieces, HG_MAX_PIECES);
    if (n > HG_MAX_PIECES) n = HG_MAX_PIECES;
    int wildfire = 0, npit = 0, pitx[HG_MAX_PITS], pity[HG_MAX_PITS];
    for (int i = 0; i < n; i++) {
        wildfire |= attr(g, pieces[i], A_WILDFIRE) > 0;
        if (attr(g, pieces[i], A_PIT_TRAP) > 0 && npit < HG_MAX_PITS) {
            tile_pos(g, carc_piece_tile(g, pieces[i]), &pitx[npit], &pity[npit]);
            npit++;
        }
    }
    int value[2] = {0, 0}, deer[2] = {0, 0}, tigers = 0;
    for (int i = 0; i < n; i++) {
        int p = pieces[i];
        if (covered(g, p)) continue;
        int m = attr(g, p, A_MAMMOTH), a = attr(g, p, A_AUROCHS), d = attr(g, p, A_DEER);
        tigers += attr(g, p, A_TIGER);
        if (!m && !a && !d) continue;
        int near = 0;
        if (npit) {
            int x, y;
            tile_pos(g, carc_piece_tile(g, p), &x, &y);
            for (int k = 0; k < npit; k++) near |= around(x, y, pitx[k], pity[k]);
        }
        value[near] += 3 * m + 2 * a;
        deer[near] += d;
    }
    if (wildfire) tigers = 0;
    int eaten = tigers < deer[0] ? tigers : deer[0];
    deer[0] -= eaten;
    tigers -= eaten;
    deer[1] -= tigers < deer[1] ? tigers : deer[1];
    return value[0] + deer[0] + 2 * (value[1] + deer[1]);
}

/* The animals a grassland scores, from the sums its feature keeps rather
 * than piece by piece: the sums less what covered pieces held. Returns -1
 * where that would not be exact (a pit trap doubles some animals). */
static int grassland_from_sums(const carc_game *g, int feature)
{
    static const uint8_t animals[4] = {A_MAMMOTH, A_AUROCHS, A_DEER, A_TIGER};
    const hg_state *s = st_read(g);
    if (carc_feature_attr(g, feature, s->facts.attr[A_PIT_TRAP]) > 0) return -1;
    int sum[4];
    for (int k = 0; k < 4; k++)
        sum[k] = carc_feature_attr(g, feature, s->facts.attr[animals[k]]);
    if (s->any_covered)
        for (int w = 0; w < HG_MAX_PIECES / 8; w += 8) {
            uint64_t any; /* eight bytes at once: few pieces are covered */
            memcpy(&any, &s->covered[w], sizeof any);
            if (!any) continue;
            for (int b = w; b < w + 8; b++)
                for (unsigned bits = s->covered[b]; bits; bits &= bits - 1) {
                    int p = 8 * b + carc_mask_first(bits);
                    if (carc_feature_of(g, p) != feature) continue;
                    for (int k = 0; k < 4; k++) sum[k] -= attr(g, p, animals[k]);
                }
        }
    int deer = sum[2], tigers = carc_feature_attr(g, feature, s->facts.attr[A_WILDFIRE]) > 0 ? 0 : sum[3];
    deer -= tigers < deer ? tigers : deer;
    return 3 * sum[0] + 2 * sum[1] + deer;
}

static int feature_points(const carc_game *g, int feature, int final, int *category)
{
    switch (carc_feature_kind(g, feature)) {
    case HG_RIVER:
        *category = HG_CAT_RIVER;
        return final ? 0 : river_points(g, feature);
    case HG_FOREST:
        *category = HG_CAT_FOREST;
        if (final) return 0;
        return 2 * carc_feature_tiles(g, feature) +
               3 * carc_feature_attr(g, feature, st_read(g)->facts.attr[A_MUSHROOMS]);
    case HG_GRASSLAND:
        *category = HG_CAT_HUNTER;
        int pts = grassland_from_sums(g, feature);
        return pts >= 0 ? pts : grassland_points(g, feature);
    default:
        *category = HG_CAT_RIVER;
        return 0;
    }
}

/* ---- during play ------------------------------------------------------- */

static void on_completed(carc_game *g, int feature)
{
    int kind = carc_feature_kind(g, feature);
    if (kind != HG_RIVER && kind != HG_FOREST) return;
    carc_score_feature(g, feature, 0);
    int md = st(g)->menhir_deck;
    /* The game ends with the turn that places the last regular tile, so an
     * extra turn earned then is not played, unless the option reads the
     * extra turn as part of that turn (docs: "Game end"). */
    int regular_left = carc_deck_left(g, 0) > 0 || carc_rule(g, HG_OPT_LAST_TILE_EXTRA_TURN);
    if (kind == HG_FOREST && carc_feature_attr(g, feature, st(g)->facts.attr[A_MENHIR]) > 0 && !carc_turn_is_extra(g) &&
        md > 0 && carc_deck_left(g, md) > 0 && regular_left)
        carc_turn_grant_extra(g, md); /* md > 0: a stack of the game */
}

static void logboat(carc_game *g, int lake)
{
    int pieces[HG_MAX_PIECES];
    int n = carc_system_pieces(g, lake, pieces, HG_MAX_PIECES), lakes = 0;
    if (n > HG_MAX_PIECES) n = HG_MAX_PIECES;
    for (int i = 0; i < n; i++) lakes += carc_piece_kind(g, pieces[i]) == HG_LAKE;
    carc_award(g, carc_turn_player(g), 2 * lakes, HG_CAT_LOGBOAT, CARC_REASON_ACTION, lake);
}

/* A small grassland scoring of the trap's neighbourhood, paid to whoever
 * placed it; every animal there is then used up, tigers included. */
static void hunting_trap(carc_game *g, int trap)
{
    int pieces[HG_MAX_PIECES];
    int n = carc_feature_pieces(g, trap, pieces, HG_MAX_PIECES);
    if (n > HG_MAX_PIECES) n = HG_MAX_PIECES;
    int cx, cy, value = 0, deer = 0, tigers = 0;
    tile_pos(g, carc_piece_tile(g, trap), &cx, &cy);
    for (int i = 0; i < n; i++) {
        int p = pieces[i], x, y;
        if (covered(g, p)) continue;
        tile_pos(g, carc_piece_tile(g, p), &x, &y);
        if (!around(x, y, cx, cy)) continue;
        value += 3 * attr(g, p, A_MAMMOTH) + 2 * attr(g, p, A_AUROCHS);
        deer += attr(g, p, A_DEER);
        tigers += attr(g, p, A_TIGER);
        cover(g, p);
    }
    int pts = value + (deer > tigers ? deer - tigers : 0);
    carc_award(g, carc_turn_player(g), pts, HG_CAT_HUNTING_TRAP, CARC_REASON_ACTION, trap);
}

static int own_meeples_on_board(carc_game *g, int player)
{
    int n = 0, count = 0;
    carc_game_figure_count(g, &n);
    for (int i = 0; i < n; i++)
        count += carc_figure_kind(g, i) == HG_FIG_MEEPLE && carc_figure_owner(g, i) == player &&
                 carc_figure_piece(g, i) >= 0;
    return count;
}

/* The powers of features `m` of the tile just placed. */
static void use_powers(carc_game *g, int tile_index, unsigned m)
{
    int first = carc_tile_first_piece(g, tile_index);
    for (int i = 0; m >> i; i++) {
        if (!(m >> i & 1)) continue;
        int p = first + i;
        if (attr(g, p, A_LOGBOAT) > 0) logboat(g, p);
        if (attr(g, p, A_HUNTING_TRAP) > 0) hunting_trap(g, p);
        /* With no meeple out there is nothing to choose, so no decision. */
        if (attr(g, p, A_SHAMAN) > 0 && own_meeples_on_board(g, carc_turn_player(g))) {
            st(g)->shaman_pending = 1;
            carc_set_action_pending(g, 1);
        }
    }
}

static void on_tile_placed(carc_game *g, int tile_index)
{
    /* the features that do something when placed: on most tiles none */
    unsigned type = (unsigned)carc_tile_type(g, tile_index); /* a placed tile: 0 to 127 */
    if (st(g)->facts.power_types[type / 8] >> type % 8 & 1) use_powers(g, tile_index, power_features(g, (int)type));
}

static int extra_moves(const carc_game *g, carc_move *out, int cap)
{
    if (!st_read(g)->shaman_pending) return 0;
    int n = 0, nfig = 0, player = carc_turn_player(g);
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig && n < cap; i++)
        if (carc_figure_kind(g, i) == HG_FIG_MEEPLE && carc_figure_owner(g, i) == player &&
            carc_figure_piece(g, i) >= 0) {
            carc_move m = {.kind = CARC_MOVE_ACTION, .action = HG_ACTION_SHAMAN, .target = i};
            out[n++] = m;
        }
    if (n < cap) {
        carc_move pass = {.kind = CARC_MOVE_PASS};
        out[n++] = pass;
    }
    return n;
}

static int apply_move(carc_game *g, const carc_move *m)
{
    if (!st(g)->shaman_pending) return CARC_E_ILLEGAL_MOVE;
    if (m->kind == CARC_MOVE_ACTION) {
        int f = m->target;
        if (m->action != HG_ACTION_SHAMAN || carc_figure_kind(g, f) != HG_FIG_MEEPLE ||
            carc_figure_owner(g, f) != carc_turn_player(g) || carc_figure_piece(g, f) < 0)
            return CARC_E_ILLEGAL_MOVE;
        carc_figure_return(g, f);
    } else if (m->kind != CARC_MOVE_PASS) {
        return CARC_E_ILLEGAL_MOVE;
    }
    st(g)->shaman_pending = 0;
    carc_set_action_pending(g, 0);
    return CARC_OK;
}

/* ---- game end ---------------------------------------------------------- */

/* Huts score each system they stand in for the most huts there: found in
 * one pass over the figures, systems in the order of their first hut. */
static void score_huts(carc_game *g)
{
    int nfig = 0, sys[64], counts[64][CARC_MAX_PLAYERS], nd = 0;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        int p = carc_figure_piece(g, i);
        if (p < 0 || carc_figure_kind(g, i) != HG_FIG_HUT) continue;
        int s = carc_system_of(g, p), k = 0;
        while (k < nd && sys[k] != s) k++;
        if (k == nd) {
            if (nd == 64) continue;
            sys[nd] = s;
            for (int q = 0; q < CARC_MAX_PLAYERS; q++) counts[nd][q] = 0;
            nd++;
        }
        counts[k][carc_figure_owner(g, i)]++;
    }
    for (int k = 0; k < nd; k++) {
        int best = 0;
        for (int q = 0; q < CARC_MAX_PLAYERS; q++)
            if (counts[k][q] > best) best = counts[k][q];
        int pieces[HG_MAX_PIECES];
        int n = carc_system_pieces(g, sys[k], pieces, HG_MAX_PIECES), fish = 0, lakes = 0, raft = 0;
        if (n > HG_MAX_PIECES) n = HG_MAX_PIECES;
        for (int j = 0; j < n; j++) {
            fish += attr(g, pieces[j], A_FISH);
            lakes += carc_piece_kind(g, pieces[j]) == HG_LAKE;
            raft |= attr(g, pieces[j], A_RAFT) > 0;
        }
        int pts = fish + (raft ? lakes : 0);
        for (int q = 0; q < CARC_MAX_PLAYERS; q++)
            if (counts[k][q] == best) carc_award(g, q, pts, HG_CAT_HUT, CARC_REASON_FINAL, sys[k]);
    }
}

static void final_scoring(carc_game *g)
{
    int nfig = 0;
    carc_game_figure_count(g, &nfig);
    /* Fishers and gatherers leave without points; hunters and huts stay. */
    for (int i = 0; i < nfig; i++) {
        int p = carc_figure_piece(g, i);
        if (p >= 0 && carc_figure_kind(g, i) == HG_FIG_MEEPLE && carc_piece_kind(g, p) != HG_GRASSLAND)
            carc_figure_return(g, i);
    }
    score_huts(g);
    int done[64], nd = 0;
    for (int i = 0; i < nfig; i++) {
        int p = carc_figure_piece(g, i);
        if (p < 0 || carc_figure_kind(g, i) != HG_FIG_MEEPLE) continue;
        int f = carc_feature_of(g, p), dup = 0;
        for (int k = 0; k < nd; k++) dup |= done[k] == f;
        if (dup || nd == 64) continue;
        done[nd++] = f;
        carc_score_feature(g, f, 1);
    }
}

/* ---- the vtable -------------------------------------------------------- */

static const carc_kind_desc kinds[] = {
    [HG_FOREST] = {"forest", CARC_KIND_SCORED},
    [HG_GRASSLAND] = {"grassland", 0},
    [HG_RIVER] = {"river", CARC_KIND_SCORED},
    [HG_LAKE] = {"lake", 0},
};

static const carc_figure_desc figures[] = {
    [HG_FIG_MEEPLE] = {"meeple", 5, 1u << HG_RIVER | 1u << HG_FOREST | 1u << HG_GRASSLAND, 0, CARC_FIG_MAJORITY},
    [HG_FIG_HUT] = {"hut", 3, 1u << HG_RIVER | 1u << HG_LAKE, 1, CARC_FIG_SYSTEM | CARC_FIG_STAYS},
};

static const char *const categories[] = {
    [HG_CAT_RIVER] = "river",     [HG_CAT_FOREST] = "forest",   [HG_CAT_HUT] = "hut",
    [HG_CAT_HUNTER] = "hunter",   [HG_CAT_LOGBOAT] = "logboat", [HG_CAT_HUNTING_TRAP] = "hunting_trap",
};

static const char *const colors[] = {
    [HG_FOREST] = "#2e7d32", [HG_GRASSLAND] = "#c5e1a5", [HG_RIVER] = "#29b6f6", [HG_LAKE] = "#0277bd"};

static const carc_option_desc options[] = {
    [HG_OPT_LAST_TILE_EXTRA_TURN] = {"last_tile_extra_turn",
                                     "a menhir forest completed by the last regular tile still earns its extra turn, "
                                     "played before the game ends",
                                     0, 1, 0},
};

static const carc_action_desc actions[] = {
    {HG_ACTION_SHAMAN, "shaman-return", CARC_ARG_TARGET, "take one of your meeples back (target: its figure id)"},
};

static const carc_view_desc views[] = {
    {"covered", "1 where a hunting trap has used up the animals of this feature", CARC_VIEW_FEATURE, 1},
};

static int view_value(const carc_game *g, int view, int owner, int k)
{
    (void)view;
    (void)k;
    int tile = owner / CARC_VIEW_FEATURE_STRIDE;
    return covered(g, carc_tile_first_piece(g, tile) + owner % CARC_VIEW_FEATURE_STRIDE);
}

const carc_variant carc_variant_hunters_gatherers = {
    .struct_size = sizeof(carc_variant),
    .abi = CARC_VARIANT_ABI,
    .name = "hunters-gatherers",
    .title = "Carcassonne - Hunters and Gatherers (2020 edition)",
    .min_players = 2,
    .max_players = 5,
    .tiles = carc_tiles_hunters_gatherers,
    .tiles_len = sizeof carc_tiles_hunters_gatherers - 1,
    .kinds = kinds,
    .kind_count = (int)(sizeof kinds / sizeof kinds[0]),
    .figures = figures,
    .figure_count = (int)(sizeof figures / sizeof figures[0]),
    .categories = categories,
    .category_count = (int)(sizeof categories / sizeof categories[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(hg_state),
    .setup = setup,
    .on_tile_placed = on_tile_placed,
    .extra_moves_const = extra_moves,
    .apply_move = apply_move,
    .feature_points_const = feature_points,
    .on_completed = on_completed,
    .final_scoring = final_scoring,
    .actions = actions,
    .action_count = (int)(sizeof actions / sizeof actions[0]),
    .views = views,
    .view_count = (int)(sizeof views / sizeof views[0]),
    .view_value_const = view_value,
    .kind_colors = colors,
    .tileset_data_size = sizeof(hg_facts),
    .tileset_setup = tileset_setup,
    .tileset_check = tileset_check,
};
