/* Variant `discovery`: Carcassonne - The Discovery (2005). How each rule
 * maps onto the core: docs/variants/discovery.md. */
#include <string.h>

#include "discovery.h"

#include "../pieces.h"

#include "discovery_tiles.h"

/* Grassland regions a mountain borders, listed at once (1 KiB of stack);
 * a mountain bordering more (a set of 1,020 tiles may put 11,220 next to
 * one) is summed by border_sum()'s slow way, exactly. */
#define DS_BORDERS 256

typedef struct ds_state {
    int8_t city;  /* attribute index of city=, -1 if none */
    int8_t ports; /* attribute index of ports= (cities facing a sea piece), -1 if none */
    /* each player's followers lie in figure ids first .. end-1 (the core
     * numbers a player's figures together; owners are still checked) */
    uint8_t first[CARC_MAX_PLAYERS];
    uint8_t end[CARC_MAX_PLAYERS];
    /* bit i: follower first + i of the player stands on the board. Only
     * the figure step puts one out and only this ruleset takes one back,
     * so listing the take-backs needs no look at the other figures. */
    uint8_t out[CARC_MAX_PLAYERS];
} ds_state;

_Static_assert(sizeof(ds_state) <= CARC_VARIANT_STATE_MAX, "state must fit the core's buffer");

static ds_state *st(carc_game *g) { return (ds_state *)carc_variant_state(g); }
static const ds_state *st_read(const carc_game *g) { return carc_variant_state_const(g); }

/* Tiles removed face up at the start of a game with hands, by players. */
static const int removed_for_players[CARC_MAX_PLAYERS + 1] = {0, 0, 1, 2, 3, 1, 1};

/* Looks up, once per game, the attributes scoring reads (the tile set is
 * fixed for the game) and where each player's followers lie among the
 * figures (listed every turn), and deals hands when the option asks for
 * them. */
static int setup(carc_game *g)
{
    ds_state *s = st(g);
    s->city = (int8_t)carc_attr_index(g, "city");
    s->ports = (int8_t)carc_attr_index(g, "ports");
    int nfig = 0;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        int owner = carc_figure_owner(g, i);
        if (owner < 0 || owner >= CARC_MAX_PLAYERS) continue;
        if (!s->end[owner]) s->first[owner] = (uint8_t)i;
        s->end[owner] = (uint8_t)(i + 1);
        if (s->end[owner] - s->first[owner] > 8) return CARC_E_INVALID; /* more than ds_state.out holds */
    }
    if (carc_rule(g, DS_OPT_HAND)) {
        int players = 0;
        carc_game_players(g, &players);
        int removed = players == 5 ? carc_rule(g, DS_OPT_HAND_REMOVED_5P) : removed_for_players[players];
        return carc_set_hand(g, 2, carc_rule(g, DS_OPT_HAND_REMOVAL) ? removed : 0);
    }
    return CARC_OK;
}

static int cities_in(const carc_game *g, int feature) { return carc_feature_attr(g, feature, st_read(g)->city); }

/* Port cities on the shores of a sea: each sea piece carries the cities of
 * its tile that face it, and the core keeps the sum at the region's root. */
static int sea_cities(const carc_game *g, int feature) { return carc_feature_attr(g, feature, st_read(g)->ports); }

/* Cities of a mountain: those standing in it, plus every city of every
 * grassland region that shares a boundary line with it on some tile, each
 * region once however many tiles it touches the mountain on. */
static int mountain_cities(const carc_game *g, int feature)
{
    int region[DS_BORDERS]; /* the grasslands the mountain borders */
    /* the regions first, then the mountain's own: in this order the
     * fast way costs what the list of 1,024 did (the other, 130
     * instructions a game more) */
    int regions = border_sum(g, feature, DS_GRASSLAND, cities_in, region, DS_BORDERS);
    return cities_in(g, feature) + regions;
}

/* Whether a complete region keeps the incomplete value: two tiles (or
 * fewer, by default). */
static int small_region(const carc_game *g, int tiles)
{
    return carc_rule(g, DS_OPT_LITERAL_TWO) ? tiles == 2 : tiles <= 2;
}

/* A region's value for one follower. At game end every region counts as
 * incomplete; a complete region of two tiles (or fewer, by default) keeps
 * the incomplete value, except a grassland, which is worth 2. An
 * incomplete mountain or sea is worth its cities alone, so their tiles (a
 * walk over the region) are counted only once they are complete. */
static int feature_points(const carc_game *g, int feature, int final, int *category)
{
    int complete = !final && carc_feature_complete(g, feature);
    switch (carc_feature_kind(g, feature)) {
    case DS_GRASSLAND: {
        *category = DS_CAT_GRASSLAND;
        int tiles = carc_feature_tiles(g, feature);
        return !complete ? tiles : small_region(g, tiles) ? 2 : 2 * tiles;
    }
    case DS_MOUNTAIN: {
        *category = DS_CAT_MOUNTAIN;
        int c = mountain_cities(g, feature);
        return complete && !small_region(g, carc_feature_tiles(g, feature)) ? 2 * c : c;
    }
    case DS_SEA: {
        *category = DS_CAT_SEA;
        int c = sea_cities(g, feature);
        if (!complete) return c;
        int tiles = carc_feature_tiles(g, feature);
        return small_region(g, tiles) ? c : c + tiles;
    }
    default:
        *category = DS_CAT_GRASSLAND;
        return 0;
    }
}

static int own_on_board(carc_game *g, int figure, int player)
{
    return carc_figure_owner(g, figure) == player && carc_figure_piece(g, figure) >= 0;
}

/* Instead of deploying: take back any one of one's followers. */
static int extra_moves(const carc_game *g, carc_move *out, int cap)
{
    const ds_state *s = st_read(g);
    int n = 0, player = carc_turn_player(g);
    /* one move, its target changed and copied whole: a compound literal
     * per move was a 16-byte zeroing and three field stores each (313 a
     * game more) */
    carc_move m = {.kind = CARC_MOVE_ACTION, .action = DS_ACTION_REMOVE};
    for (unsigned on = s->out[player]; on && n < cap; on &= on - 1) {
        m.target = s->first[player] + carc_mask_first(on);
        out[n++] = m;
    }
    return n;
}

/* A follower deployed: the one of the player's now on the piece taken
 * (a region holds one follower, so a piece too). */
static void after_figure(carc_game *g, const carc_move *m)
{
    int player = carc_turn_player(g);
    if (m->kind != CARC_MOVE_FIGURE || player < 0 || player >= CARC_MAX_PLAYERS) return;
    ds_state *s = st(g);
    int piece = carc_tile_first_piece(g, carc_turn_tile(g)) + m->feature;
    for (int i = s->first[player]; i < s->end[player]; i++)
        if (carc_figure_piece(g, i) == piece && carc_figure_owner(g, i) == player) {
            s->out[player] |= (uint8_t)(1u << (i - s->first[player]));
            return;
        }
}

/* Scores the follower's region as it stands (the tile just placed
 * included) for its owner alone, then sends it home. */
static void remove_and_score(carc_game *g, int figure, int final)
{
    ds_state *s = st(g);
    int feature = carc_feature_of(g, carc_figure_piece(g, figure)), category, owner = carc_figure_owner(g, figure);
    int pts = feature_points(g, feature, final, &category);
    carc_award(g, owner, pts, category, final ? CARC_REASON_FINAL : CARC_REASON_ACTION, feature);
    carc_figure_return(g, figure);
    if (owner >= 0 && owner < CARC_MAX_PLAYERS) s->out[owner] &= (uint8_t)~(1u << (figure - s->first[owner]));
}

static int apply_move(carc_game *g, const carc_move *m)
{
    /* the core hands over only moves extra_moves listed */
    if (m->kind != CARC_MOVE_ACTION || m->action != DS_ACTION_REMOVE ||
        !own_on_board(g, m->target, carc_turn_player(g)))
        return CARC_E_ILLEGAL_MOVE;
    remove_and_score(g, m->target, 0);
    return CARC_OK;
}

/* No region scores when it is completed; only taking a follower back does. */
static void on_completed(carc_game *g, int feature)
{
    (void)g;
    (void)feature;
}

/* Every follower still out scores its region as if it were incomplete. */
static void final_scoring(carc_game *g)
{
    int nfig = 0;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++)
        if (carc_figure_piece(g, i) >= 0) remove_and_score(g, i, 1);
}

/* ---- the vtable -------------------------------------------------------- */

static const carc_kind_desc kinds[] = {
    [DS_MOUNTAIN] = {"mountain", 0},
    [DS_GRASSLAND] = {"grassland", 0},
    [DS_SEA] = {"sea", 0},
};

static const carc_figure_desc figures[] = {
    {"follower", 4, 1u << DS_MOUNTAIN | 1u << DS_GRASSLAND | 1u << DS_SEA, 0, 0},
};

static const char *const categories[] = {
    [DS_CAT_GRASSLAND] = "grassland",
    [DS_CAT_MOUNTAIN] = "mountain",
    [DS_CAT_SEA] = "sea",
};

static const carc_option_desc options[] = {
    [DS_OPT_HAND] = {"hand", "variant drawing rule: two face-up tiles per player, some tiles removed face up", 0, 1,
                     0},
    [DS_OPT_LITERAL_TWO] = {"literal_two_tiles",
                            "the two-tile exception means exactly two tiles (else two or fewer)", 0, 1, 0},
    [DS_OPT_HAND_REMOVED_5P] = {"hand_removed_5p",
                                "tiles taken out with the hand for 5 players: 1 as printed, or 3 so that every "
                                "seat has 16 turns",
                                1, 3, 1},
    [DS_OPT_HAND_REMOVAL] = {"hand_removal", "the hand variant takes tiles out face up first (0: none)", 0, 1, 1},
};

static const char *const colors[] = {[DS_MOUNTAIN] = "#8d6e63", [DS_GRASSLAND] = "#9ccc65", [DS_SEA] = "#4fc3f7"};

static const carc_action_desc actions[] = {
    {DS_ACTION_REMOVE, "remove", CARC_ARG_TARGET, "take a follower back and score its region (target: its figure id)"},
};

const carc_variant carc_variant_discovery = {
    .struct_size = sizeof(carc_variant),
    .abi = CARC_VARIANT_ABI,
    .name = "discovery",
    .title = "Carcassonne - The Discovery",
    .min_players = 2,
    .max_players = 5,
    .tiles = carc_tiles_discovery,
    .tiles_len = sizeof carc_tiles_discovery - 1,
    .kinds = kinds,
    .kind_count = (int)(sizeof kinds / sizeof kinds[0]),
    .figures = figures,
    .figure_count = (int)(sizeof figures / sizeof figures[0]),
    .categories = categories,
    .category_count = (int)(sizeof categories / sizeof categories[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .state_size = sizeof(ds_state),
    .setup = setup,
    .extra_moves_const = extra_moves,
    .apply_move = apply_move,
    .after_figure = after_figure,
    .feature_points_const = feature_points,
    .on_completed = on_completed,
    .final_scoring = final_scoring,
    .actions = actions,
    .action_count = (int)(sizeof actions / sizeof actions[0]),
    .kind_colors = colors,
};
