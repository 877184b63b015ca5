/* An encoding: the sizes, tables and layout of observations and of the
 * action space for one kind of game (docs/observations.md), read once
 * from the variant, its tile set and a probe game through the public API. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn.h"

/* arrays start on 64-byte lines: a numpy view of each is aligned, and a
 * batch's rows (observation_bytes apart) stay so */
#define LEARN_ALIGN 64

static size_t align_up(size_t n) { return (n + LEARN_ALIGN - 1) / LEARN_ALIGN * LEARN_ALIGN; }

/* ---- the kind of game ---------------------------------------------------- */

static int copy_game_options(carc_encoding *e, const carc_game_options *go, const carc_variant *v)
{
    if (go->rule_count < 0 || go->rule_count > LEARN_MAX_RULES) return CARC_E_LIMIT;
    e->game = *go;
    e->game.struct_size = sizeof e->game;
    e->game.variant = v; /* resolved once: the name is not looked up again */
    e->game.variant_name = NULL;
    e->game.seed = 0;
    for (int i = 0; i < go->rule_count; i++) {
        if (!go->rules[i].name) return CARC_E_NULL;
        size_t n = strlen(go->rules[i].name);
        if (n > CARC_NAME_MAX) return CARC_E_NOT_FOUND; /* no option has so long a name */
        memcpy(e->rule_names[i], go->rules[i].name, n + 1);
        e->rules[i] = (carc_option){e->rule_names[i], go->rules[i].value};
    }
    e->game.rules = go->rule_count ? e->rules : NULL;
    return CARC_OK;
}

/* The kind id of a kind name, or -1. */
static int kind_id(const carc_variant *v, int nkinds, const char *name)
{
    for (int k = 0; k < nkinds; k++) {
        const char *n = NULL;
        if (carc_variant_kind(v, k, &n, NULL) == CARC_OK && n && name && strcmp(n, name) == 0) return k;
    }
    return -1;
}

static int read_sizes(carc_encoding *e, const carc_tileset *ts)
{
    if (carc_tileset_type_count(ts, &e->NT) || e->NT < 1 || e->NT > LEARN_MAX_TYPES) return CARC_E_LIMIT;
    e->FMAX = 1;
    for (int t = 0; t < e->NT; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (carc_tileset_type(ts, t, &ti)) return CARC_E_INVALID;
        if (ti.feature_count > e->FMAX) e->FMAX = ti.feature_count;
    }
    return CARC_OK;
}

/* Per tile type: copies, features, each feature's kind and the slots it
 * covers as the tile lies turned r quarter turns (board slot (s + 3r) mod 12). */
static int read_types(carc_encoding *e, const carc_tileset *ts)
{
    for (int t = 0; t < e->NT; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (carc_tileset_type(ts, t, &ti)) return CARC_E_INVALID;
        e->type_count[t] = (int16_t)ti.count;
        e->nfeat[t] = (uint8_t)ti.feature_count;
        for (int s = 0; s < LEARN_ROTATIONS * LEARN_SLOTS; s++) e->slot_feature[t * 48 + s] = -1;
        for (int f = 0; f < e->FMAX; f++) e->feature_kind[t * e->FMAX + f] = -1;
        for (int f = 0; f < ti.feature_count; f++) {
            const char *kind = NULL;
            unsigned slots = 0;
            if (carc_tileset_feature(ts, t, f, NULL, &kind, &slots)) return CARC_E_INVALID;
            int k = kind_id(e->variant, e->K, kind);
            if (k < 0) return CARC_E_INVALID;
            e->feature_kind[t * e->FMAX + f] = (int8_t)k;
            for (int s = 0; s < LEARN_SLOTS; s++) {
                if (!(slots >> s & 1)) continue;
                for (int r = 0; r < LEARN_ROTATIONS; r++) {
                    int at = t * 48 + r * LEARN_SLOTS + (s + 3 * r) % LEARN_SLOTS;
                    e->slot_kind[at] = (uint8_t)(k + 1);
                    e->slot_feature[at] = (int8_t)f;
                }
            }
        }
    }
    return CARC_OK;
}

/* Hands, figures, stacks and ruleset values, as a new game of the kind has them. */
static int read_probe(carc_encoding *e, carc_game *probe)
{
    e->H = 1;
    for (int p = 0; p < e->P; p++) {
        int n = 0, r = carc_game_hand(probe, p, NULL, 0, &n);
        if (r && r != CARC_E_BUFFER) return r;
        if (n > e->H) e->H = n;
    }
    if (carc_game_figure_count(probe, &e->NFIG) || e->NFIG < 0 || e->NFIG > 255 * CARC_MAX_PLAYERS)
        return CARC_E_LIMIT;
    e->S = 0;
    for (int n; carc_game_deck_remaining(probe, e->S, &n) == CARC_OK;) e->S++;
    for (int i = 0; i < e->option_count && i < LEARN_MAX_RULES; i++) e->rule_values[i] = carc_rule(probe, i);
    return CARC_OK;
}

static int read_figures(carc_encoding *e, carc_game *probe)
{
    int owned[CARC_MAX_PLAYERS] = {0};
    e->FP = 1;
    for (int id = 0; id < e->NFIG; id++) {
        carc_figure_info fi;
        if (carc_game_figure(probe, id, &fi) || fi.owner < 0 || fi.owner >= e->P) return CARC_E_INVALID;
        e->fig_owner[id] = (uint8_t)fi.owner;
        e->fig_slot[id] = (uint8_t)owned[fi.owner]++;
        if (owned[fi.owner] > e->FP) e->FP = owned[fi.owner];
    }
    return CARC_OK;
}

/* Two probes made alike share their tile set when it is shared by every
 * game of the kind (a built-in variant's, or one the caller passed); a
 * variant whose games parse their own has none to keep. */
static const carc_tileset *shared_tileset(carc_encoding *e, carc_game *probe)
{
    const carc_tileset *a = NULL, *b = NULL;
    carc_game *other = NULL;
    if (carc_game_new(&e->game, &other)) return NULL;
    carc_game_tileset(probe, &a);
    carc_game_tileset(other, &b);
    carc_game_free(other);
    return a == b ? a : NULL;
}

/* ---- layout ---------------------------------------------------------------- */

static size_t dtype_size(int dtype) { return dtype == CARC_DTYPE_UINT8 ? 1 : dtype == CARC_DTYPE_INT16 ? 2 : 4; }

static void set_array(carc_encoding *e, int i, const char *name, int dtype, int d0, int d1, int d2)
{
    learn_array_desc *a = &e->arrays[i];
    a->name = name;
    a->dtype = dtype;
    a->ndim = d2 >= 0 ? 3 : d1 >= 0 ? 2 : 1;
    a->shape[0] = d0;
    a->shape[1] = d1 >= 0 ? d1 : 0;
    a->shape[2] = d2 >= 0 ? d2 : 0;
    size_t n = (size_t)d0 * (d1 >= 0 ? (size_t)d1 : 1) * (d2 >= 0 ? (size_t)d2 : 1);
    a->bytes = n * dtype_size(dtype);
}

static void add_planes(carc_encoding *e, const char *name, int array, int first, int count)
{
    e->planes[e->nplanes++] = (learn_planes){name, array, first, count};
}

static const char *const board_names[P_GROUPS] = {"occupied",      "tile_type",  "rotation",      "this_turn",
                                                  "frontier",      "slot_kind",  "slot_complete", "kind_count",
                                                  "kind_complete", "figures"};

static int board_layout(carc_encoding *e)
{
    int counts[P_GROUPS] = {1, 1, 1, 1, 1, LEARN_SLOTS, LEARN_SLOTS, e->K, e->K, e->P * e->FK};
    int c = 0;
    for (int i = 0; i < P_GROUPS; i++) {
        e->plane_at[i] = c;
        add_planes(e, board_names[i], A_BOARD, c, counts[i]);
        c += counts[i];
    }
    return c;
}

/* The variant's views by shape: value runs of the game, player and figure
 * arrays, plane runs of view_board (tile views, then feature views). */
static int view_layout(carc_encoding *e, int count, int lengths[5])
{
    for (int s = 0; s < 5; s++) lengths[s] = 0;
    e->nviews = 0;
    if (count > LEARN_MAX_VIEWS) return CARC_E_LIMIT;
    for (int pass = 0; pass < 2; pass++) /* planes: tile views first */
        for (int i = 0; i < count; i++) {
            const char *name = NULL;
            int shape = 0, length = 0;
            if (carc_variant_view(e->variant, i, &name, NULL, &shape, &length)) return CARC_E_INVALID;
            if (shape < CARC_VIEW_GAME || shape > CARC_VIEW_FEATURE || length < 0) return CARC_E_INVALID;
            if ((shape == CARC_VIEW_FEATURE) != (pass == 1)) continue;
            learn_view *w = &e->views[e->nviews++];
            *w = (learn_view){i, shape, length, 0};
            if (shape < CARC_VIEW_TILE) {
                w->at = lengths[shape];
                lengths[shape] += length;
                continue;
            }
            int planes = shape == CARC_VIEW_TILE ? length : e->FMAX * length;
            w->at = lengths[CARC_VIEW_TILE];
            lengths[CARC_VIEW_TILE] += planes;
            add_planes(e, name, A_VIEW_BOARD, w->at, planes);
        }
    return CARC_OK;
}

static int arrays_layout(carc_encoding *e, int views)
{
    int P = e->P, W = e->W, lengths[5];
    e->nplanes = 0;
    int channels = board_layout(e);
    int r = view_layout(e, views, lengths);
    if (r) return r;
    set_array(e, A_BOARD, "board", CARC_DTYPE_UINT8, channels, W, W);
    set_array(e, A_FIGURES, "figures", CARC_DTYPE_INT16, e->NFIG, 7, -1);
    set_array(e, A_PHASE, "phase", CARC_DTYPE_UINT8, LEARN_PHASES, -1, -1);
    set_array(e, A_TO_MOVE, "to_move", CARC_DTYPE_UINT8, P, -1, -1);
    set_array(e, A_SCORES, "scores", CARC_DTYPE_INT32, P, -1, -1);
    set_array(e, A_SUPPLY, "supply", CARC_DTYPE_INT16, P, e->FK, -1);
    set_array(e, A_TOKENS, "tokens", CARC_DTYPE_INT16, P + 1, e->NTOK, -1);
    set_array(e, A_DRAWN, "drawn", CARC_DTYPE_UINT8, e->NT, -1, -1);
    set_array(e, A_HAND_SLOTS, "hand_slots", CARC_DTYPE_INT16, e->H, -1, -1);
    set_array(e, A_HANDS, "hands", CARC_DTYPE_INT16, P, e->NT, -1);
    set_array(e, A_UNSEEN, "unseen", CARC_DTYPE_INT16, e->NT, -1, -1);
    set_array(e, A_DECKS, "decks", CARC_DTYPE_INT16, e->S, -1, -1);
    set_array(e, A_PROJECTION, "projection", CARC_DTYPE_INT32, P, -1, -1);
    set_array(e, A_VIEW_GAME, "view_game", CARC_DTYPE_INT32, lengths[CARC_VIEW_GAME], -1, -1);
    set_array(e, A_VIEW_PLAYER, "view_player", CARC_DTYPE_INT32, P, lengths[CARC_VIEW_PLAYER], -1);
    set_array(e, A_VIEW_FIGURE, "view_figure", CARC_DTYPE_INT32, e->NFIG, lengths[CARC_VIEW_FIGURE], -1);
    set_array(e, A_VIEW_BOARD, "view_board", CARC_DTYPE_INT32, lengths[CARC_VIEW_TILE], W, W);
    size_t at = 0;
    for (int i = 0; i < LEARN_ARRAYS; i++) {
        e->arrays[i].offset = at;
        at = align_up(at + e->arrays[i].bytes);
    }
    e->obs_bytes = at;
    return CARC_OK;
}

static learn_block *add_block(carc_encoding *e, const char *name, int what, int move_kind)
{
    learn_block *b = &e->blocks[e->nblocks++];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->what = what;
    b->move_kind = move_kind;
    b->action = -1;
    b->offset = e->action_count;
    return b;
}

static const char *const axis_names[] = {[AX_HAND_SLOT] = "hand_slot", [AX_Y] = "y", [AX_X] = "x",
                                         [AX_ROTATION] = "rotation", [AX_FIGURE] = "figure",
                                         [AX_FEATURE] = "feature", [AX_FIGURE_SLOT] = "figure_slot",
                                         [AX_TARGET] = "target", [AX_CODE] = "code"};

static void add_axis(learn_block *b, int axis, int size)
{
    b->axes[b->axis_count] = axis;
    b->axis_sizes[b->axis_count++] = size;
}

static int close_block(carc_encoding *e, learn_block *b)
{
    long size = 1;
    for (int i = 0; i < b->axis_count; i++) size *= b->axis_sizes[i];
    if (size > (1L << 30) - e->action_count) return CARC_E_LIMIT;
    b->size = (int)size;
    e->action_count += b->size;
    return CARC_OK;
}

/* A named action's axes: a square action's figure (its place among the
 * deciding seat's own figures, so two wanderers reaching one spot have
 * two indices), or else its target; then the square; then the feature. */
static void named_axes(carc_encoding *e, learn_block *b, unsigned args)
{
    int square = (args & CARC_ARG_SQUARE) != 0;
    if (args & CARC_ARG_TARGET) add_axis(b, square ? AX_FIGURE_SLOT : AX_TARGET, square ? e->FP : e->T);
    if (square) {
        add_axis(b, AX_Y, e->W);
        add_axis(b, AX_X, e->W);
    }
    if (args & CARC_ARG_FEATURE) add_axis(b, AX_FEATURE, e->FMAX);
}

static int action_layout(carc_encoding *e, int named)
{
    e->nblocks = 0;
    e->action_count = 0;
    if (named > LEARN_MAX_ACTIONS) return CARC_E_LIMIT;
    learn_block *b = add_block(e, "tile", B_TILE, CARC_MOVE_TILE);
    add_axis(b, AX_HAND_SLOT, e->H);
    add_axis(b, AX_Y, e->W);
    add_axis(b, AX_X, e->W);
    add_axis(b, AX_ROTATION, LEARN_ROTATIONS);
    int r = close_block(e, b);
    b = add_block(e, "figure", B_FIGURE, CARC_MOVE_FIGURE);
    add_axis(b, AX_FIGURE, e->FK);
    add_axis(b, AX_FEATURE, e->FMAX);
    r = r ? r : close_block(e, b);
    r = r ? r : close_block(e, add_block(e, "pass", B_PASS, CARC_MOVE_PASS));
    for (int i = 0; i < named && !r; i++) {
        unsigned code = 0, args = 0;
        const char *name = NULL;
        if (carc_variant_action(e->variant, i, &code, &name, &args, NULL) || !name) return CARC_E_INVALID;
        char full[sizeof b->name];
        snprintf(full, sizeof full, "action:%s", name);
        b = add_block(e, full, B_NAMED, CARC_MOVE_ACTION);
        b->action = (int)code;
        b->args = args;
        named_axes(e, b, args);
        r = close_block(e, b);
    }
    if (r) return r;
    b = add_block(e, "action:unnamed", B_UNNAMED, CARC_MOVE_ACTION);
    add_axis(b, AX_CODE, e->C);
    add_axis(b, AX_TARGET, e->T);
    return close_block(e, b);
}

/* ---- making one ------------------------------------------------------------ */

static int alloc_tables(carc_encoding *e)
{
    size_t nt = (size_t)e->NT, per_rot = nt * LEARN_ROTATIONS * LEARN_SLOTS;
    size_t bytes = nt * 2 + nt + nt * (size_t)e->FMAX + 2 * per_rot + 2 * (size_t)e->NFIG + 8;
    unsigned char *m = calloc(1, bytes);
    if (!m) return CARC_E_NOMEM;
    e->alloc = m;
    e->type_count = (int16_t *)(void *)m;
    m += nt * 2;
    e->nfeat = m;
    m += nt;
    e->feature_kind = (int8_t *)m;
    m += nt * (size_t)e->FMAX;
    e->slot_kind = m;
    m += per_rot;
    e->slot_feature = (int8_t *)m;
    m += per_rot;
    e->fig_owner = m;
    e->fig_slot = m + e->NFIG;
    return CARC_OK;
}

static int read_variant(carc_encoding *e, carc_variant_info *vi)
{
    vi->struct_size = sizeof *vi;
    int r = carc_variant_describe(e->variant, vi);
    if (r) return r;
    e->K = vi->kind_count;
    e->FK = vi->figure_kind_count;
    e->option_count = vi->option_count;
    if (e->option_count > LEARN_MAX_RULES || vi->bag_count > CARC_MAX_BAGS) return CARC_E_LIMIT;
    e->nbags = vi->bag_count;
    e->NTOK = 0;
    int most = 1;
    for (int b = 0; b < e->nbags; b++) {
        if (carc_variant_bag(e->variant, b, NULL, &e->bag_tokens[b])) return CARC_E_INVALID;
        e->NTOK += e->bag_tokens[b];
        if (e->bag_tokens[b] > most) most = e->bag_tokens[b];
    }
    e->T = most;
    return CARC_OK;
}

static int build(carc_encoding *e, carc_game *probe)
{
    carc_variant_info vi;
    const carc_tileset *ts = NULL;
    int r = read_variant(e, &vi);
    if (!r) r = carc_game_tileset(probe, &ts);
    if (!r) r = read_sizes(e, ts);
    if (!r) r = read_probe(e, probe);
    if (!r) r = alloc_tables(e);
    if (!r) r = read_types(e, ts);
    if (!r) r = read_figures(e, probe);
    if (r) return r;
    if (e->NFIG > e->T) e->T = e->NFIG;
    r = arrays_layout(e, vi.view_count);
    if (!r) r = action_layout(e, vi.action_count);
    if (!r) e->ts = shared_tileset(e, probe);
    return r;
}

int carc_encoding_new(const carc_encoding_options *opts, carc_encoding **out)
{
    if (!opts || !out) return CARC_E_NULL;
    if (opts->struct_size < sizeof *opts) return CARC_E_VERSION;
    if (!opts->game) return CARC_E_NULL;
    int radius = opts->radius ? opts->radius : CARC_ENCODING_RADIUS;
    int codes = opts->action_codes ? opts->action_codes : CARC_ENCODING_ACTION_CODES;
    if (radius < 1 || radius > CARC_ENCODING_RADIUS_MAX || codes < 1 || codes > CARC_ENCODING_ACTION_CODES_MAX)
        return CARC_E_RANGE;
    carc_game *probe = NULL;
    int r = carc_game_new(opts->game, &probe);
    if (r) return r;
    carc_encoding *e = calloc(1, sizeof *e);
    if (!e) {
        carc_game_free(probe);
        return CARC_E_NOMEM;
    }
    carc_game_variant(probe, &e->variant);
    carc_game_players(probe, &e->P);
    e->R = radius;
    e->W = 2 * radius + 1;
    e->C = codes;
    r = copy_game_options(e, opts->game, e->variant);
    if (!r) r = build(e, probe);
    carc_game_free(probe);
    if (r) {
        carc_encoding_free(e);
        return r;
    }
    *out = e;
    return CARC_OK;
}

void carc_encoding_free(carc_encoding *e)
{
    if (!e) return;
    free(e->alloc);
    free(e);
}

/* ---- checking a game --------------------------------------------------------- */

/* A tile set with the encoding's types, copies, features and slots. */
static int same_types(const carc_encoding *e, const carc_tileset *ts)
{
    int n = 0;
    if (carc_tileset_type_count(ts, &n) || n != e->NT) return 0;
    for (int t = 0; t < n; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (carc_tileset_type(ts, t, &ti) || ti.count != e->type_count[t] || ti.feature_count != e->nfeat[t])
            return 0;
        for (int f = 0; f < ti.feature_count; f++) {
            const char *kind = NULL;
            unsigned slots = 0;
            if (carc_tileset_feature(ts, t, f, NULL, &kind, &slots)) return 0;
            if (kind_id(e->variant, e->K, kind) != e->feature_kind[t * e->FMAX + f]) return 0;
            for (int s = 0; s < LEARN_SLOTS; s++)
                if ((int)(slots >> s & 1) != (e->slot_feature[t * 48 + s] == f)) return 0;
        }
    }
    return 1;
}

int learn_check_game(const carc_encoding *e, carc_game *g)
{
    const carc_variant *v = NULL;
    const carc_tileset *ts = NULL;
    int players = 0;
    carc_game_variant(g, &v);
    carc_game_players(g, &players);
    if (v != e->variant || players != e->P) return CARC_E_MISMATCH;
    for (int i = 0; i < e->option_count; i++)
        if (carc_rule(g, i) != e->rule_values[i]) return CARC_E_MISMATCH;
    carc_game_tileset(g, &ts);
    if (ts != e->ts && !same_types(e, ts)) return CARC_E_MISMATCH;
    return CARC_OK;
}

/* ---- describing one ------------------------------------------------------------ */

/* Copies the members a caller's struct has room for (its struct_size, at
 * least `least` bytes) from a full one. */
static int sized_copy(void *dst, const void *src, size_t full, size_t least)
{
    uint32_t size;
    memcpy(&size, dst, sizeof size);
    if (size < least) return CARC_E_VERSION;
    size_t n = size < full ? size : full;
    memcpy((char *)dst + sizeof size, (const char *)src + sizeof size, n - sizeof size);
    return CARC_OK;
}

int carc_encoding_describe(const carc_encoding *e, carc_encoding_info *info)
{
    if (!e || !info) return CARC_E_NULL;
    carc_encoding_info full = {
        .struct_size = sizeof full, .layout = CARC_ENCODING_LAYOUT, .players = e->P, .radius = e->R,
        .width = e->W, .tile_types = e->NT, .kinds = e->K, .figure_kinds = e->FK, .features_max = e->FMAX,
        .hand_slots = e->H, .figures = e->NFIG, .figure_slots = e->FP, .token_kinds = e->NTOK, .targets = e->T,
        .action_codes = e->C, .decks = e->S, .array_count = LEARN_ARRAYS, .plane_group_count = e->nplanes,
        .block_count = e->nblocks, .action_count = e->action_count, .observation_bytes = e->obs_bytes};
    return sized_copy(info, &full, sizeof full, sizeof full);
}

int carc_encoding_array(const carc_encoding *e, int index, carc_obs_array *out)
{
    if (!e || !out) return CARC_E_NULL;
    if (index < 0 || index >= LEARN_ARRAYS) return CARC_E_RANGE;
    const learn_array_desc *a = &e->arrays[index];
    carc_obs_array full = {.struct_size = sizeof full, .name = a->name, .dtype = a->dtype, .ndim = a->ndim,
                           .shape = {a->shape[0], a->shape[1], a->shape[2]}, .offset = a->offset, .bytes = a->bytes};
    return sized_copy(out, &full, sizeof full, sizeof full);
}

int carc_encoding_planes(const carc_encoding *e, int index, carc_obs_planes *out)
{
    if (!e || !out) return CARC_E_NULL;
    if (index < 0 || index >= e->nplanes) return CARC_E_RANGE;
    const learn_planes *p = &e->planes[index];
    carc_obs_planes full = {sizeof full, p->name, p->array, p->first, p->count};
    return sized_copy(out, &full, sizeof full, sizeof full);
}

int carc_encoding_block(const carc_encoding *e, int index, carc_action_block *out)
{
    if (!e || !out) return CARC_E_NULL;
    if (index < 0 || index >= e->nblocks) return CARC_E_RANGE;
    const learn_block *b = &e->blocks[index];
    carc_action_block full = {.struct_size = sizeof full, .name = b->name, .offset = b->offset, .size = b->size,
                              .move_kind = b->move_kind, .action = b->action, .axis_count = b->axis_count};
    for (int i = 0; i < b->axis_count; i++) {
        full.axis_names[i] = axis_names[b->axes[i]];
        full.axis_sizes[i] = b->axis_sizes[i];
    }
    return sized_copy(out, &full, sizeof full, sizeof full);
}
