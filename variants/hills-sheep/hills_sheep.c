/* Variant `hills-sheep`: the classic game with shepherds and their flocks,
 * hills that hide a tile and break ties, and vineyards that enrich
 * monasteries. Mapping onto the hooks: docs/variants/hills-sheep.md. */
#include "hills_sheep.h"

#include "classic.h"
#include "hills_sheep_tiles.h"

_Static_assert(sizeof(hs_state) <= CARC_VARIANT_STATE_MAX, "state too large");

static const carc_kind_desc kinds[] = {
    [CLASSIC_CITY] = {"city", CARC_KIND_SCORED | CARC_KIND_FINAL},
    [CLASSIC_ROAD] = {"road", CARC_KIND_SCORED | CARC_KIND_FINAL},
    [CLASSIC_FARM] = {"farm", CARC_KIND_FINAL},
    [CLASSIC_MONASTERY] = {"monastery", CARC_KIND_AREA | CARC_KIND_SCORED | CARC_KIND_FINAL},
    [HS_KIND_HILL] = {"hill", CARC_KIND_MARKER},
    [HS_KIND_VINEYARD] = {"vineyard", CARC_KIND_MARKER},
};

/* The shepherd has its own block class so farmers never keep it out (nor it
 * them), and no MAJORITY flag, so no feature ever counts or scores it. */
static const carc_figure_desc figures[] = {
    [HS_FIG_FOLLOWER] = {"follower", 7,
                         1u << CLASSIC_CITY | 1u << CLASSIC_ROAD | 1u << CLASSIC_FARM | 1u << CLASSIC_MONASTERY, 0,
                         CARC_FIG_MAJORITY},
    [HS_FIG_SHEPHERD] = {"shepherd", 1, 1u << CLASSIC_FARM, 1, 0},
};

static const char *const categories[] = {"road", "city", "monastery", "farm", "sheep"};

static const carc_option_desc options[] = {
    [HS_OPT_SHEEP] = {"sheep", "shepherds, flocks and the sheep bag", 0, 1, 1},
    [HS_OPT_HILLS] = {"hills", "a hill hides one more tile and wins follower ties", 0, 1, 1},
    [HS_OPT_VINEYARDS] = {"vineyards", "a completed monastery gets 3 per vineyard around it", 0, 1, 1},
    [HS_OPT_HILL_TIEBREAK] = {"hill_tiebreak",
                              "several tied players on hills: 0 those players score, 1 the hill decides nothing", 0,
                              1, HS_TIE_HILL_PLAYERS},
};

static const carc_bag_desc bags[] = {
    [HS_BAG_SHEEP] = {"sheep", HS_TOKEN_KINDS, {"sheep1", "sheep2", "sheep3", "sheep4", "wolf"}, {4, 5, 5, 2, 2}},
};

static hs_state *st(carc_game *g) { return carc_variant_state(g); }

static int type_has(const carc_game *g, int type, int kind) { return carc_type_kind_features(g, type, kind) != 0; }

static int figure_total(const carc_game *g)
{
    int n = 0;
    carc_game_figure_count(g, &n);
    return n;
}

/* Figure ids never change, so setup notes each player's shepherd once:
 * several hooks ask for it every turn. */
static int shepherd_of(carc_game *g, int player) { return st(g)->shepherd[player] - 1; }

static int hs_setup(carc_game *g)
{
    hs_state *s = st(g);
    classic_setup(g, &s->classic);
    int n = figure_total(g);
    for (int i = 0; i < n; i++) {
        int owner = carc_figure_owner(g, i);
        if (owner < 0 || owner >= CARC_MAX_PLAYERS) continue;
        if (carc_figure_kind(g, i) == HS_FIG_SHEPHERD && !s->shepherd[owner]) s->shepherd[owner] = (uint8_t)(i + 1);
    }
    return CARC_OK;
}

static int flock_sheep(const hs_state *s, int player)
{
    int sum = 0;
    for (int k = 0; k < HS_SHEEP_KINDS; k++) sum += s->flock[player][k] * (k + 1);
    return sum;
}

static void flock_to_bag(carc_game *g, int player)
{
    hs_state *s = st(g);
    for (int k = 0; k < HS_SHEEP_KINDS; k++) {
        carc_bag_return(g, HS_BAG_SHEEP, k, s->flock[player][k]);
        s->flock[player][k] = 0;
    }
}

/* Shepherds standing in `field`, as a mask of their owners. */
static unsigned shepherds_in(carc_game *g, int field)
{
    unsigned owners = 0;
    for (int player = 0; player < CARC_MAX_PLAYERS; player++) {
        int p = carc_figure_piece(g, shepherd_of(g, player));
        if (p >= 0 && carc_feature_of(g, p) == field) owners |= 1u << player;
    }
    return owners;
}

static void send_shepherds_home(carc_game *g, unsigned owners)
{
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (owners >> p & 1) {
            flock_to_bag(g, p);
            carc_figure_return(g, shepherd_of(g, p));
        }
}

/* Every owner of a shepherd in the field scores all sheep of the field. */
static void guide(carc_game *g, int field, int reason)
{
    unsigned owners = shepherds_in(g, field);
    if (!owners) return;
    int total = 0;
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (owners >> p & 1) total += flock_sheep(st(g), p);
    for (int p = 0; p < CARC_MAX_PLAYERS; p++)
        if (owners >> p & 1) carc_award(g, p, total, HS_CAT_SHEEP, reason, field);
    send_shepherds_home(g, owners);
}

/* Draws for `player`'s flock in `field`: a sheep joins it, a wolf goes back
 * and scatters every flock of the field. */
static void draw_for_flock(carc_game *g, int player, int field)
{
    int t = carc_bag_draw(g, HS_BAG_SHEEP);
    if (t < 0) return; /* cannot happen: wolves always go back */
    st(g)->last_drawn = (uint8_t)(t + 1);
    if (t == HS_TOKEN_WOLF) {
        carc_bag_return(g, HS_BAG_SHEEP, t, 1);
        send_shepherds_home(g, shepherds_in(g, field));
    } else {
        st(g)->flock[player][t]++;
    }
}

/* Whether the tile of this turn is part of the field holding `player`'s shepherd. */
static int tile_extends_flock(carc_game *g, int player)
{
    int p = carc_figure_piece(g, shepherd_of(g, player));
    if (p < 0) return 0;
    int field = carc_feature_of(g, p);
    int ti = carc_turn_tile(g), first = carc_tile_first_piece(g, ti);
    /* only a farm of the tile can be the shepherd's field */
    unsigned farms = carc_type_kind_features(g, carc_tile_type(g, ti), CLASSIC_FARM);
    for (; farms; farms &= farms - 1)
        if (carc_feature_of(g, first + carc_mask_first(farms)) == field) return 1;
    return 0;
}

static void hs_on_draw(carc_game *g, int tile_type)
{
    if (!carc_rule(g, HS_OPT_HILLS) || !type_has(g, tile_type, HS_KIND_HILL)) return;
    carc_deck_discard(g, 0); /* the core lists it as removed, hidden */
}

static int hs_figure_allowed(carc_game *g, int figure_kind, int piece)
{
    (void)piece;
    return figure_kind != HS_FIG_SHEPHERD || carc_rule(g, HS_OPT_SHEEP);
}

static void hs_after_figure(carc_game *g, const carc_move *m)
{
    int player = carc_turn_player(g);
    if (m->kind == CARC_MOVE_FIGURE && m->figure == HS_FIG_SHEPHERD) {
        /* the new flock's first draw is the whole of this turn's flock step */
        int sid = shepherd_of(g, player);
        draw_for_flock(g, player, carc_feature_of(g, carc_figure_piece(g, sid)));
        return;
    }
    /* without the sheep rule no shepherd is ever out, which the flock check sees */
    if (tile_extends_flock(g, player)) {
        st(g)->action_open = 1;
        carc_set_action_pending(g, 1);
    }
}

static int hs_extra_moves(carc_game *g, carc_move *out, int cap)
{
    if (!st(g)->action_open || cap < 2) return 0;
    int sid = shepherd_of(g, carc_turn_player(g));
    out[0] = (carc_move){.kind = CARC_MOVE_ACTION, .action = HS_ACTION_GROW, .target = sid};
    out[1] = (carc_move){.kind = CARC_MOVE_ACTION, .action = HS_ACTION_GUIDE, .target = sid};
    return 2;
}

static int hs_apply_move(carc_game *g, const carc_move *m)
{
    hs_state *s = st(g);
    int player = carc_turn_player(g);
    /* the core only passes moves we listed; these checks guard the invariant */
    if (!s->action_open || m->kind != CARC_MOVE_ACTION || m->target != shepherd_of(g, player))
        return CARC_E_ILLEGAL_MOVE;
    int p = carc_figure_piece(g, m->target);
    if (p < 0 || (m->action != HS_ACTION_GROW && m->action != HS_ACTION_GUIDE)) return CARC_E_ILLEGAL_MOVE;
    int field = carc_feature_of(g, p);
    if (m->action == HS_ACTION_GROW)
        draw_for_flock(g, player, field);
    else
        guide(g, field, CARC_REASON_ACTION);
    s->action_open = 0;
    carc_set_action_pending(g, 0);
    return CARC_OK;
}

/* Closed fields are met here only after the mover's own flock action, which
 * is the order of the rulebook's example (grow first, then the stable). */
static void hs_on_completed(carc_game *g, int feature)
{
    int kind = carc_feature_kind(g, feature);
    if (kind == CLASSIC_FARM) {
        if (carc_rule(g, HS_OPT_SHEEP)) guide(g, feature, CARC_REASON_COMPLETED);
        return;
    }
    if (kind >= 0 && (kinds[kind].flags & CARC_KIND_SCORED)) carc_score_feature(g, feature, 0);
}

static int on_hill_tile(const carc_game *g, int piece)
{
    return type_has(g, carc_tile_type(g, carc_piece_tile(g, piece)), HS_KIND_HILL);
}

static void hs_break_tie(carc_game *g, int feature, unsigned *winners)
{
    if (!carc_rule(g, HS_OPT_HILLS)) return;
    unsigned on_hill = 0;
    int n = figure_total(g);
    for (int i = 0; i < n; i++) {
        int p = carc_figure_piece(g, i);
        if (p < 0 || carc_figure_kind(g, i) != HS_FIG_FOLLOWER || carc_feature_of(g, p) != feature) continue;
        if (on_hill_tile(g, p)) on_hill |= 1u << carc_figure_owner(g, i);
    }
    on_hill &= *winners;
    if (!on_hill) return;
    int several = (on_hill & (on_hill - 1)) != 0;
    if (several && carc_rule(g, HS_OPT_HILL_TIEBREAK) == HS_TIE_SOLE_ONLY) return;
    *winners = on_hill;
}

static int hs_feature_points(carc_game *g, int feature, int final, int *category)
{
    (void)final;
    int pts = classic_points(g, &st(g)->classic, feature, category);
    if (carc_feature_kind(g, feature) != CLASSIC_MONASTERY || !carc_rule(g, HS_OPT_VINEYARDS) ||
        !carc_feature_complete(g, feature))
        return pts;
    carc_placed_tile at;
    if (carc_game_tile(g, carc_piece_tile(g, feature), &at)) return pts;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int ti;
            if ((dx || dy) && carc_game_tile_at(g, at.x + dx, at.y + dy, &ti) == CARC_OK && ti >= 0 &&
                type_has(g, carc_tile_type(g, ti), HS_KIND_VINEYARD))
                pts += 3;
        }
    return pts;
}

static const char *const colors[] = {CLASSIC_COLORS, "#a1887f", "#7b1fa2"};

static const carc_action_desc actions[] = {
    {HS_ACTION_GROW, "grow", CARC_ARG_TARGET, "draw a sheep token for your shepherd (target: its figure id)"},
    {HS_ACTION_GUIDE, "guide", CARC_ARG_TARGET, "score the flocks of your shepherd's field (target: its figure id)"},
};

enum { VIEW_FLOCK, VIEW_LAST_TOKEN };
static const carc_view_desc views[] = {
    [VIEW_FLOCK] = {"flock", "tokens of each sheep kind (1 to 4 sheep) beside the player's shepherd", CARC_VIEW_PLAYER,
                    HS_SHEEP_KINDS},
    [VIEW_LAST_TOKEN] = {"last_token", "the sheep bag's token drawn last (-1: none yet)", CARC_VIEW_GAME, 1},
};

/* the flock counts tokens of the bag's first four kinds, by their names */
static const char *const flock_labels[HS_SHEEP_KINDS] = {"sheep1", "sheep2", "sheep3", "sheep4"};
static const char *const *const view_labels[] = {[VIEW_FLOCK] = flock_labels, [VIEW_LAST_TOKEN] = NULL};

static int hs_view_value(carc_game *g, int view, int owner, int k)
{
    if (view == VIEW_FLOCK) return st(g)->flock[owner][k];
    return (int)st(g)->last_drawn - 1;
}

const carc_variant carc_variant_hills_sheep = {
    .struct_size = sizeof(carc_variant),
    .abi = CARC_VARIANT_ABI,
    .name = "hills-sheep",
    .title = "Carcassonne with Hills & Sheep",
    .min_players = 2,
    .max_players = 5,
    .tiles = carc_tiles_hills_sheep,
    .tiles_len = sizeof carc_tiles_hills_sheep - 1,
    .kinds = kinds,
    .kind_count = (int)(sizeof kinds / sizeof kinds[0]),
    .figures = figures,
    .figure_count = (int)(sizeof figures / sizeof figures[0]),
    .categories = categories,
    .category_count = (int)(sizeof categories / sizeof categories[0]),
    .options = options,
    .option_count = (int)(sizeof options / sizeof options[0]),
    .bags = bags,
    .bag_count = 1,
    .state_size = sizeof(hs_state),
    .setup = hs_setup,
    .on_draw = hs_on_draw,
    .figure_allowed = hs_figure_allowed,
    .extra_moves = hs_extra_moves,
    .apply_move = hs_apply_move,
    .after_figure = hs_after_figure,
    .feature_points = hs_feature_points,
    .break_tie = hs_break_tie,
    .on_completed = hs_on_completed,
    .actions = actions,
    .action_count = 2,
    .views = views,
    .view_count = 2,
    .view_value = hs_view_value,
    .kind_colors = colors,
    .view_labels = view_labels,
};
