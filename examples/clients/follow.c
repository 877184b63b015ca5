/* The follower: a client of carcassonne.h and nothing else. See follow.h.
 *
 * It knows the rules it follows the way a person at the table does (a sheep
 * token joins the flock of the shepherd it was drawn for, a wolf scatters
 * every flock of that field, a hunting trap uses up the animals around it,
 * a tied field's harvest goes to the tied players), but every name, number
 * and code it uses comes from the library's self-description, and every
 * fact it learns during a game comes from public queries: the legal moves,
 * the log, the views, the bags and the figures. */
#include "follow.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXP CARC_MAX_PLAYERS
#define MAXC 32              /* scoring categories we keep a tally of */
#define MAXK 16              /* token kinds of one bag */
#define MAXT 128             /* placed tiles (the library holds 126) */
#define STRIDE CARC_VIEW_FEATURE_STRIDE
#define MOVE_LIMIT 20000     /* decisions; a game that goes on longer is broken */
#define REPORT_LIMIT 20

typedef struct loc {
    int tile, feature;
} loc;

/* The names the follower needs in each ruleset, resolved once. */
typedef struct sheep_rules {
    int on;
    int figure;            /* the shepherd kind */
    int bag, ntok, wolf;
    int value[MAXK];       /* sheep shown on each token kind (the wolf: 0) */
    int nflock;            /* values of the flock view per player */
    int flock_tok[MAXK];   /* bag token of each flock view value */
    int view_flock, view_last;
    unsigned grow, guide;
    int cat;
} sheep_rules;

typedef struct hunt_rules {
    int on;
    int view_covered;
    int cat_trap;
    unsigned shaman;
} hunt_rules;

typedef struct discovery_rules {
    int on;
    unsigned remove;
} discovery_rules;

typedef struct harvest_rules {
    int on;
    int bag, ntok, initial[MAXK];
    int view_pool, view_picker;
    unsigned pick;
    int cat_tokens;
} harvest_rules;

typedef struct follower {
    const follow_config *cfg;
    follow_stats *st;
    const carc_variant *v;
    carc_variant_info info;
    int ncat, nfig, nbag, naction;
    const char *cat[MAXC];
    const char *fig[16];
    sheep_rules sheep;
    hunt_rules hunt;
    discovery_rules disc;
    harvest_rules harv;

    /* the game being followed */
    carc_game *g;
    const carc_tileset *ts;
    long game_no;
    uint64_t game_seed;
    int players;
    long moves;
    int reported;
    carc_move *buf;
    size_t cap;
    uint64_t rng;
    int log_seen;
    int score[MAXP][MAXC];
    long nonzero_awards;
    int extra_for;          /* the player an extra turn was granted to, or -1 */
    int newest_tile;        /* index of the tile placed last */

    /* hills-sheep */
    int shepherd[MAXP];     /* figure id of each player's shepherd */
    int flock[MAXP][MAXK];  /* by bag token */
    int bag[MAXK];
    int last_token;
    int drew;               /* this move draws for the mover's flock */
    unsigned in_field;      /* shepherds in the field of that draw */
    int had[MAXP];          /* shepherd on the board before this move (or placed by it) */
    loc where[MAXP];
    unsigned guided;        /* flocks scored during this move */
    int guide_total[MAXP], guide_seen[MAXP];

    /* hunters-gatherers */
    unsigned char covered[MAXT * STRIDE];
    int trap_seen;
    int shaman_target, shaman_supply;

    /* discovery */
    int remove_target, remove_points, remove_first_entry;

    /* over-hill-and-dale */
    int held[MAXP][MAXK];
    int supply_before[MAXK];
    unsigned scorers;       /* players who won a field or path in the turn `scorers_turn` */
    int scorers_turn;
    int pick_target;
} follower;

/* ---- small things ------------------------------------------------------ */

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void miss(follower *f, const char *fmt, ...)
{
    f->st->mismatches++;
    if (!f->cfg->err || f->reported >= REPORT_LIMIT) return;
    f->reported++;
    fprintf(f->cfg->err, "%s game %ld (seed %" PRIu64 ", %d players), decision %ld: ", f->info.name, f->game_no,
            f->game_seed, f->players, f->moves);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f->cfg->err, fmt, ap);
    va_end(ap);
    fputc('\n', f->cfg->err);
}

static void say(const follower *f, const char *fmt, ...)
{
    if (!f->cfg->out || !f->cfg->verbose) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f->cfg->out, fmt, ap);
    va_end(ap);
}

static int feature_id(follower *f, int tile, int feature)
{
    carc_feature_info fi;
    memset(&fi, 0, sizeof fi);
    fi.struct_size = sizeof fi;
    if (carc_game_feature(f->g, tile, feature, &fi)) return -1;
    return fi.id;
}

static int tile_features(follower *f, int tile)
{
    carc_placed_tile pt;
    carc_tile_type_info ti;
    memset(&ti, 0, sizeof ti);
    ti.struct_size = sizeof ti;
    if (carc_game_tile(f->g, tile, &pt) || carc_tileset_type(f->ts, pt.type, &ti)) return 0;
    return ti.feature_count;
}

static int tile_count(follower *f)
{
    int n = 0;
    carc_game_tile_count(f->g, &n);
    return n;
}

static int view(follower *f, int v, int owner, int k)
{
    int value = 0;
    int r = carc_game_view(f->g, v, owner, k, &value);
    if (r) miss(f, "view %d owner %d value %d: %s", v, owner, k, carc_strerror(r));
    return value;
}

static int tokens(follower *f, int bag, int player, int token)
{
    int n = 0;
    int r = carc_game_tokens(f->g, bag, player, token, &n);
    if (r) miss(f, "tokens of bag %d, holder %d, kind %d: %s", bag, player, token, carc_strerror(r));
    return n;
}

static carc_figure_info figure(follower *f, int id)
{
    carc_figure_info fi;
    memset(&fi, 0, sizeof fi);
    fi.tile_index = fi.feature = -1;
    if (carc_game_figure(f->g, id, &fi)) miss(f, "figure %d cannot be read", id);
    return fi;
}

/* ---- learning the ruleset by name -------------------------------------- */

static int find_view(const follower *f, const char *name)
{
    for (int i = 0; i < f->info.view_count; i++) {
        const char *n;
        if (carc_variant_view(f->v, i, &n, NULL, NULL, NULL) == CARC_OK && strcmp(n, name) == 0) return i;
    }
    return -1;
}

static int find_action(const follower *f, const char *name, unsigned *code)
{
    for (int i = 0; i < f->info.action_count; i++) {
        const char *n;
        if (carc_variant_action(f->v, i, code, &n, NULL, NULL) == CARC_OK && strcmp(n, name) == 0) return 0;
    }
    return -1;
}

static int find_bag(const follower *f, const char *name, int *kinds)
{
    for (int i = 0; i < f->info.bag_count; i++) {
        const char *n;
        if (carc_variant_bag(f->v, i, &n, kinds) == CARC_OK && strcmp(n, name) == 0) return i;
    }
    return -1;
}

static int find_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

/* The number a token's name ends in ("sheep3": 3), or 0. */
static int trailing_number(const char *s)
{
    size_t n = strlen(s), i = n;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
    return i < n ? atoi(s + i) : 0;
}

static int need(const follower *f, int ok, const char *what)
{
    if (!ok && f->cfg->err) fprintf(f->cfg->err, "%s: the ruleset has no %s\n", f->info.name, what);
    return ok ? 0 : FOLLOW_MISSING_NAME;
}

static int learn_sheep(follower *f)
{
    sheep_rules *s = &f->sheep;
    int bad = 0;
    s->figure = find_index(f->fig, f->nfig, "shepherd");
    s->bag = find_bag(f, "sheep", &s->ntok);
    s->view_flock = find_view(f, "flock");
    s->view_last = find_view(f, "last_token");
    s->cat = find_index(f->cat, f->ncat, "sheep");
    bad |= need(f, s->figure >= 0, "shepherd figure");
    bad |= need(f, s->bag >= 0 && s->ntok <= MAXK, "sheep bag");
    bad |= need(f, s->view_flock >= 0 && s->view_last >= 0, "flock and last_token views");
    bad |= need(f, s->cat >= 0, "sheep category");
    bad |= need(f, find_action(f, "grow", &s->grow) == 0 && find_action(f, "guide", &s->guide) == 0,
                "grow and guide actions");
    if (bad) return FOLLOW_MISSING_NAME;
    s->wolf = -1;
    s->nflock = 0;
    for (int k = 0; k < s->ntok; k++) {
        const char *name;
        carc_variant_bag_token(f->v, s->bag, k, &name, NULL);
        if (strcmp(name, "wolf") == 0) {
            s->wolf = k;
            s->value[k] = 0;
            continue;
        }
        s->value[k] = trailing_number(name);
        bad |= need(f, s->value[k] > 0, "sheep count in a token name");
        s->flock_tok[s->nflock++] = k;
    }
    int shape = -1, length = -1;
    carc_variant_view(f->v, s->view_flock, NULL, NULL, &shape, &length);
    bad |= need(f, s->wolf >= 0, "wolf token");
    bad |= need(f, shape == CARC_VIEW_PLAYER && length == s->nflock, "flock view of one value per sheep token");
    return bad ? FOLLOW_MISSING_NAME : 0;
}

static int learn_hunt(follower *f)
{
    hunt_rules *h = &f->hunt;
    int bad = 0, shape = -1;
    h->view_covered = find_view(f, "covered");
    h->cat_trap = find_index(f->cat, f->ncat, "hunting_trap");
    if (h->view_covered >= 0) carc_variant_view(f->v, h->view_covered, NULL, NULL, &shape, NULL);
    bad |= need(f, h->view_covered >= 0 && shape == CARC_VIEW_FEATURE, "covered view per feature");
    bad |= need(f, h->cat_trap >= 0, "hunting_trap category");
    bad |= need(f, find_action(f, "shaman-return", &h->shaman) == 0, "shaman-return action");
    return bad ? FOLLOW_MISSING_NAME : 0;
}

static int learn_harvest(follower *f)
{
    harvest_rules *h = &f->harv;
    int bad = 0;
    h->bag = find_bag(f, "harvest", &h->ntok);
    h->view_pool = find_view(f, "pool");
    h->view_picker = find_view(f, "picker");
    h->cat_tokens = find_index(f->cat, f->ncat, "tokens");
    bad |= need(f, h->bag >= 0 && h->ntok <= MAXK, "harvest bag");
    bad |= need(f, h->view_pool >= 0 && h->view_picker >= 0, "pool and picker views");
    bad |= need(f, h->cat_tokens >= 0, "tokens category");
    bad |= need(f, find_action(f, "pick", &h->pick) == 0, "pick action");
    if (bad) return FOLLOW_MISSING_NAME;
    for (int k = 0; k < h->ntok; k++) carc_variant_bag_token(f->v, h->bag, k, NULL, &h->initial[k]);
    return 0;
}

static const char *shape_name(int shape)
{
    static const char *const names[] = {"game", "player", "figure", "tile", "feature"};
    return shape >= 0 && shape <= 4 ? names[shape] : "?";
}

/* What a client shows before the first move: the ruleset as the library describes it. */
static void describe(const follower *f)
{
    FILE *o = f->cfg->out;
    if (!o) return;
    fprintf(o, "%s: %s, %d-%d players, %d tiles of %d types\n", f->info.name, f->info.title, f->info.min_players,
            f->info.max_players, f->info.tile_count, f->info.tile_type_count);
    fprintf(o, "  kinds:");
    for (int i = 0; i < f->info.kind_count; i++) {
        const char *name, *color;
        carc_variant_kind(f->v, i, &name, &color);
        fprintf(o, " %s (%s)", name, color);
    }
    fprintf(o, "\n  figures:");
    for (int i = 0; i < f->nfig; i++) {
        int per = 0;
        carc_variant_figure(f->v, i, NULL, &per);
        fprintf(o, " %s x%d", f->fig[i], per);
    }
    fprintf(o, "\n  categories:");
    for (int i = 0; i < f->ncat; i++) fprintf(o, " %s", f->cat[i]);
    fprintf(o, "\n");
    for (int b = 0; b < f->info.bag_count; b++) {
        const char *name;
        int kinds = 0;
        carc_variant_bag(f->v, b, &name, &kinds);
        fprintf(o, "  bag %s:", name);
        for (int k = 0; k < kinds; k++) {
            const char *tn;
            int n = 0;
            carc_variant_bag_token(f->v, b, k, &tn, &n);
            fprintf(o, " %s x%d", tn, n);
        }
        fprintf(o, "\n");
    }
    for (int i = 0; i < f->info.action_count; i++) {
        const char *name, *help;
        unsigned code, args;
        carc_variant_action(f->v, i, &code, &name, &args, &help);
        fprintf(o, "  action %s%s%s%s: %s\n", name, args & 1 ? " TARGET" : "", args & 2 ? " X Y" : "",
                args & 4 ? " FEATURE" : "", help);
    }
    for (int i = 0; i < f->info.view_count; i++) {
        const char *name, *help;
        int shape, length;
        carc_variant_view(f->v, i, &name, &help, &shape, &length);
        fprintf(o, "  view %s (per %s, %d value%s): %s\n", name, shape_name(shape), length, length == 1 ? "" : "s",
                help);
    }
}

static int learn(follower *f, const char *variant)
{
    int r = carc_registry_find(NULL, variant, &f->v);
    if (r) {
        if (f->cfg->err) fprintf(f->cfg->err, "%s: %s\n", variant, carc_strerror(r));
        return r;
    }
    memset(&f->info, 0, sizeof f->info);
    f->info.struct_size = sizeof f->info;
    if ((r = carc_variant_describe(f->v, &f->info))) return r;
    f->ncat = f->info.category_count;
    f->nfig = f->info.figure_kind_count;
    if (f->ncat > MAXC || f->nfig > 16 || f->info.max_players > MAXP) return CARC_E_LIMIT;
    for (int i = 0; i < f->ncat; i++) carc_variant_category(f->v, i, &f->cat[i]);
    for (int i = 0; i < f->nfig; i++) carc_variant_figure(f->v, i, &f->fig[i], NULL);
    /* the client knows these rulesets' rules; everything else it looks up */
    if (strcmp(variant, "hills-sheep") == 0) f->sheep.on = 1;
    if (strcmp(variant, "hunters-gatherers") == 0) f->hunt.on = 1;
    if (strcmp(variant, "discovery") == 0) f->disc.on = 1;
    if (strcmp(variant, "over-hill-and-dale") == 0) f->harv.on = 1;
    if ((f->sheep.on && learn_sheep(f)) || (f->hunt.on && learn_hunt(f)) ||
        (f->disc.on && need(f, find_action(f, "remove", &f->disc.remove) == 0, "remove action")) ||
        (f->harv.on && learn_harvest(f)))
        return FOLLOW_MISSING_NAME;
    describe(f);
    return 0;
}

/* ---- the log ----------------------------------------------------------- */

static const char *reason_name(int reason)
{
    return reason == CARC_REASON_COMPLETED ? "completed" : reason == CARC_REASON_FINAL ? "final" : "action";
}

static int has_feature(follower *f, int tile, int id)
{
    int nf = tile_features(f, tile);
    for (int j = 0; j < nf; j++)
        if (feature_id(f, tile, j) == id) return 1;
    return 0;
}

static int first_tile_of(follower *f, int id)
{
    int n = tile_count(f);
    for (int t = 0; t < n; t++)
        if (has_feature(f, t, id)) return t;
    return -1;
}

/* What an entry says of its feature must be what the board says. */
static void check_entry_feature(follower *f, const carc_event_info *e, int i)
{
    if (e->tile_index < 0) {
        if (e->feature != -1 || e->feature_id[0] || e->x != -1 || e->y != -1)
            miss(f, "log %d names no tile but a feature or square", i);
        return;
    }
    carc_placed_tile pt;
    if (e->tile_index >= tile_count(f) || carc_game_tile(f->g, e->tile_index, &pt)) {
        miss(f, "log %d names tile %d, not on the board", i, e->tile_index);
        return;
    }
    if (pt.x != e->x || pt.y != e->y) miss(f, "log %d: tile %d lies at %d,%d, not %d,%d", i, e->tile_index, pt.x, pt.y, e->x, e->y);
    const char *id = NULL;
    if (e->feature < 0 || carc_tileset_feature(f->ts, pt.type, e->feature, &id, NULL, NULL) || strcmp(id, e->feature_id))
        miss(f, "log %d: feature %d of tile %d is not '%s'", i, e->feature, e->tile_index, e->feature_id);
    carc_feature_info fi;
    memset(&fi, 0, sizeof fi);
    fi.struct_size = sizeof fi;
    if (carc_game_feature(f->g, e->tile_index, e->feature, &fi)) {
        miss(f, "log %d: its feature cannot be read", i);
        return;
    }
    /* features only grow and never reopen */
    if (e->tiles < 1 || e->tiles > fi.tiles) miss(f, "log %d: %d tiles, the feature has %d now", i, e->tiles, fi.tiles);
    if (e->complete && !fi.complete) miss(f, "log %d: complete then, open now", i);
    int completion = e->kind == CARC_EVENT_COMPLETED || (e->kind == CARC_EVENT_SCORE && e->reason == CARC_REASON_COMPLETED);
    if (completion && !e->complete) miss(f, "log %d: a completion of an open feature", i);
    /* the tile named is the one just placed when it is part of the feature
     * (what the player did), else the feature's oldest tile */
    int want = first_tile_of(f, fi.id);
    if (has_feature(f, f->newest_tile, fi.id) && e->reason != CARC_REASON_FINAL) want = f->newest_tile;
    if (e->tile_index != want && !(e->reason == CARC_REASON_FINAL && e->tile_index == f->newest_tile))
        miss(f, "log %d names tile %d, not tile %d", i, e->tile_index, want);
}

static void say_entry(follower *f, const carc_event_info *e)
{
    if (!f->cfg->verbose || !f->cfg->out) return;
    const char *kind = "";
    if (e->tile_index >= 0) {
        carc_placed_tile pt;
        if (carc_game_tile(f->g, e->tile_index, &pt) == CARC_OK)
            carc_tileset_feature(f->ts, pt.type, e->feature, NULL, &kind, NULL);
    }
    char where[96] = "";
    if (e->tile_index >= 0)
        snprintf(where, sizeof where, "%s %s at %d,%d, %d tile%s%s", kind, e->feature_id, e->x, e->y, e->tiles,
                 e->tiles == 1 ? "" : "s", e->complete ? ", complete" : "");
    if (e->kind == CARC_EVENT_SCORE)
        say(f, "         p%d %+d %s (%s%s%s)\n", e->player, e->points,
            e->category >= 0 && e->category < f->ncat ? f->cat[e->category] : "?", reason_name(e->reason),
            where[0] ? ": " : "", where);
    else if (e->kind == CARC_EVENT_COMPLETED)
        say(f, "         completed, nobody scored: %s\n", where);
    else
        say(f, "         p%d plays again\n", e->player);
}

static void sheep_entry(follower *f, const carc_event_info *e);
static void hunt_entry(follower *f, const carc_event_info *e);
static void harvest_entry(follower *f, const carc_event_info *e);

static void read_log(follower *f)
{
    int n = 0;
    carc_game_log_count(f->g, &n);
    if (n < f->log_seen) miss(f, "the log shrank from %d to %d entries", f->log_seen, n);
    for (int i = f->log_seen; i < n; i++) {
        carc_event_info e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        int r = carc_game_log(f->g, i, &e);
        if (r) {
            miss(f, "log %d: %s", i, carc_strerror(r));
            continue;
        }
        f->st->log_entries++;
        check_entry_feature(f, &e, i);
        switch (e.kind) {
        case CARC_EVENT_SCORE:
            if (e.player < 0 || e.player >= f->players || e.category < 0 || e.category >= f->ncat) {
                miss(f, "log %d: award to player %d in category %d", i, e.player, e.category);
                break;
            }
            f->score[e.player][e.category] += e.points;
            f->st->awards++;
            f->nonzero_awards += e.points != 0;
            if (f->sheep.on) sheep_entry(f, &e);
            if (f->hunt.on) hunt_entry(f, &e);
            if (f->harv.on) harvest_entry(f, &e);
            break;
        case CARC_EVENT_COMPLETED:
            if (e.player != -1 || e.points != 0 || e.tile_index < 0)
                miss(f, "log %d: an unscored completion with player %d, %d points", i, e.player, e.points);
            f->st->unscored++;
            break;
        case CARC_EVENT_EXTRA_TURN:
            if (e.player < 0 || e.player >= f->players) miss(f, "log %d: extra turn for player %d", i, e.player);
            f->extra_for = e.player;
            f->st->extra_turns++;
            break;
        default:
            miss(f, "log %d: unknown kind %d", i, e.kind);
        }
        say_entry(f, &e);
    }
    f->log_seen = n;
}

/* ---- hills-sheep: flocks and the bag ------------------------------------ */

static void flock_home(follower *f, int p)
{
    for (int k = 0; k < f->sheep.ntok; k++) {
        f->bag[k] += f->flock[p][k];
        f->flock[p][k] = 0;
    }
    f->had[p] = 0;
}

static int flock_sheep(const follower *f, int p)
{
    int n = 0;
    for (int k = 0; k < f->sheep.ntok; k++) n += f->flock[p][k] * f->sheep.value[k];
    return n;
}

static void sheep_begin(follower *f)
{
    const sheep_rules *s = &f->sheep;
    int n = 0;
    carc_game_figure_count(f->g, &n);
    for (int p = 0; p < MAXP; p++) f->shepherd[p] = -1;
    for (int i = 0; i < n; i++) {
        carc_figure_info fi = figure(f, i);
        if (fi.kind == s->figure && fi.owner >= 0 && fi.owner < f->players) f->shepherd[fi.owner] = i;
    }
    for (int p = 0; p < f->players; p++)
        if (f->shepherd[p] < 0) miss(f, "player %d has no shepherd", p);
    memset(f->flock, 0, sizeof f->flock);
    for (int k = 0; k < s->ntok; k++) carc_variant_bag_token(f->v, s->bag, k, NULL, &f->bag[k]);
    f->last_token = view(f, s->view_last, 0, 0);
    if (f->last_token != -1) miss(f, "a token was drawn before the first move");
}

static void sheep_before(follower *f, const carc_move *m, int mover)
{
    const sheep_rules *s = &f->sheep;
    for (int p = 0; p < f->players; p++) {
        carc_figure_info fi = figure(f, f->shepherd[p]);
        f->had[p] = fi.on_board;
        f->where[p] = (loc){fi.tile_index, fi.feature};
    }
    f->drew = 0;
    f->in_field = 0;
    f->guided = 0;
    memset(f->guide_seen, 0, sizeof f->guide_seen);
    if (m->kind == CARC_MOVE_FIGURE && m->figure == s->figure) {
        int last = -1;
        carc_game_last_tile(f->g, &last);
        f->had[mover] = 1;
        f->where[mover] = (loc){last, m->feature};
        f->drew = 1;
    } else if (m->kind == CARC_MOVE_ACTION && (m->action == s->grow || m->action == s->guide)) {
        if (m->target != f->shepherd[mover] || !f->had[mover])
            miss(f, "a flock action on figure %d, not the mover's shepherd on the board", (int)m->target);
        f->drew = m->action == s->grow;
    }
    if (!f->drew) return;
    int field = feature_id(f, f->where[mover].tile, f->where[mover].feature);
    for (int p = 0; p < f->players; p++)
        if (f->had[p] && feature_id(f, f->where[p].tile, f->where[p].feature) == field) f->in_field |= 1u << p;
}

/* The draw comes before the turn's scoring, so before the log is read. */
static void sheep_draw(follower *f, int mover)
{
    const sheep_rules *s = &f->sheep;
    int t = view(f, s->view_last, 0, 0);
    if (!f->drew) {
        if (t != f->last_token) miss(f, "last_token went from %d to %d with nothing drawn", f->last_token, t);
        return;
    }
    f->st->sheep_drawn++;
    if (t < 0 || t >= s->ntok) {
        miss(f, "a draw left last_token at %d", t);
        return;
    }
    const char *name = "?";
    carc_variant_bag_token(f->v, s->bag, t, &name, NULL);
    say(f, "         drew %s\n", name);
    f->last_token = t;
    if (t == s->wolf) { /* it goes back to the bag, and every flock of the field goes home */
        f->st->wolves++;
        for (int p = 0; p < f->players; p++)
            if (f->in_field >> p & 1) flock_home(f, p);
    } else {
        f->flock[mover][t]++;
        f->bag[t]--;
    }
}

/* Every shepherd in a scored field earns the sheep of all its flocks. */
static void sheep_entry(follower *f, const carc_event_info *e)
{
    if (e->category != f->sheep.cat) return;
    int p = e->player;
    f->guide_seen[p]++;
    if (f->guided >> p & 1) {
        if (e->points != f->guide_total[p]) miss(f, "player %d scored %d sheep, the field had %d", p, e->points, f->guide_total[p]);
        return;
    }
    int field = feature_id(f, e->tile_index, e->feature);
    unsigned group = 0;
    int total = 0;
    for (int q = 0; q < f->players; q++)
        if (f->had[q] && !(f->guided >> q & 1) && feature_id(f, f->where[q].tile, f->where[q].feature) == field) {
            group |= 1u << q;
            total += flock_sheep(f, q);
        }
    if (!(group >> p & 1)) miss(f, "player %d scored sheep with no shepherd in that field", p);
    if (e->points != total) miss(f, "player %d scored %d sheep, the field had %d", p, e->points, total);
    f->st->flocks_scored++;
    for (int q = 0; q < f->players; q++)
        if (group >> q & 1) {
            flock_home(f, q);
            f->guided |= 1u << q;
            f->guide_total[q] = total;
        }
}

static void sheep_check(follower *f)
{
    const sheep_rules *s = &f->sheep;
    for (int p = 0; p < f->players; p++) {
        if ((f->guided >> p & 1) && f->guide_seen[p] != 1)
            miss(f, "player %d's flock was scored %d times", p, f->guide_seen[p]);
        int sheep = 0;
        for (int k = 0; k < s->nflock; k++) {
            int want = f->flock[p][s->flock_tok[k]], got = view(f, s->view_flock, p, k);
            if (want != got) miss(f, "flock of player %d, value %d: tally %d, view %d", p, k, want, got);
            sheep += want;
        }
        int on_board = figure(f, f->shepherd[p]).on_board;
        if (on_board != (sheep > 0)) miss(f, "player %d: shepherd on board %d with %d tokens", p, on_board, sheep);
    }
    for (int k = 0; k < s->ntok; k++) {
        int got = tokens(f, s->bag, -1, k);
        if (got != f->bag[k]) miss(f, "sheep bag kind %d: tally %d, bag %d", k, f->bag[k], got);
    }
}

/* ---- hunters-gatherers: traps and the shaman ------------------------------ */

/* A trap uses up the animals of its grassland on the eight tiles around it. */
static void hunt_entry(follower *f, const carc_event_info *e)
{
    if (e->category != f->hunt.cat_trap) return;
    f->st->traps++;
    f->trap_seen = 1;
    int field = feature_id(f, e->tile_index, e->feature);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int t = -1;
            if ((!dx && !dy) || carc_game_tile_at(f->g, e->x + dx, e->y + dy, &t) || t < 0 || t >= MAXT) continue;
            int nf = tile_features(f, t);
            for (int j = 0; j < nf && j < STRIDE; j++)
                if (!f->covered[t * STRIDE + j] && feature_id(f, t, j) == field) {
                    f->covered[t * STRIDE + j] = 1;
                    f->st->covered++;
                }
        }
}

static void hunt_check_board(follower *f)
{
    int n = tile_count(f);
    for (int t = 0; t < n && t < MAXT; t++) {
        int nf = tile_features(f, t);
        for (int j = 0; j < nf && j < STRIDE; j++) {
            int got = view(f, f->hunt.view_covered, t * STRIDE + j, 0);
            if (got != f->covered[t * STRIDE + j])
                miss(f, "covered view of tile %d feature %d is %d, tally %d", t, j, got, f->covered[t * STRIDE + j]);
        }
    }
}

static int supply(follower *f, int player, int kind)
{
    int n = 0;
    carc_game_supply(f->g, player, kind, &n);
    return n;
}

static void hunt_before(follower *f, const carc_move *m, int mover)
{
    f->trap_seen = 0;
    f->shaman_target = -1;
    if (m->kind != CARC_MOVE_ACTION || m->action != f->hunt.shaman) return;
    carc_figure_info fi = figure(f, m->target);
    if (fi.owner != mover || !fi.on_board) miss(f, "the shaman returns figure %d, not the mover's on the board", (int)m->target);
    f->shaman_target = m->target;
    f->shaman_supply = supply(f, mover, fi.kind);
}

static void hunt_after(follower *f, int mover, int log_before)
{
    if (f->trap_seen) hunt_check_board(f);
    if (f->shaman_target < 0) return;
    f->st->shaman_returns++;
    carc_figure_info fi = figure(f, f->shaman_target);
    if (fi.on_board || supply(f, mover, fi.kind) != f->shaman_supply + 1)
        miss(f, "the shaman's figure %d did not go back to supply", f->shaman_target);
    if (f->log_seen != log_before) miss(f, "the shaman's return scored");
}

/* ---- discovery: taking a follower back scores its region ------------------ */

static void disc_before(follower *f, const carc_move *m, int mover)
{
    f->remove_target = -1;
    if (m->kind != CARC_MOVE_ACTION || m->action != f->disc.remove) return;
    carc_figure_info fi = figure(f, m->target);
    if (fi.owner != mover || !fi.on_board) miss(f, "remove names figure %d, not the mover's on the board", (int)m->target);
    f->remove_target = m->target;
    f->remove_first_entry = f->log_seen;
    if (carc_game_figure_points(f->g, m->target, &f->remove_points)) miss(f, "figure points of %d", (int)m->target);
}

static void disc_after(follower *f, int mover)
{
    if (f->remove_target < 0) return;
    f->st->removals++;
    carc_event_info e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    if (f->log_seen <= f->remove_first_entry || carc_game_log(f->g, f->remove_first_entry, &e) ||
        e.kind != CARC_EVENT_SCORE || e.player != mover || e.reason != CARC_REASON_ACTION ||
        e.points != f->remove_points)
        miss(f, "taking figure %d back did not score the %d points it was worth", f->remove_target, f->remove_points);
    if (figure(f, f->remove_target).on_board) miss(f, "figure %d is still on the board", f->remove_target);
}

/* ---- over-hill-and-dale: harvest tokens --------------------------------- */

static void harvest_entry(follower *f, const carc_event_info *e)
{
    if (e->reason != CARC_REASON_COMPLETED) return;
    if (e->turn != f->scorers_turn) {
        f->scorers = 0;
        f->scorers_turn = e->turn;
    }
    f->scorers |= 1u << e->player;
}

/* The picking decision must be what the views say: the picker decides, and
 * the kinds offered are the kinds left in the pool. */
static void harvest_decision(follower *f, carc_phase ph, int mover, size_t n)
{
    const harvest_rules *h = &f->harv;
    int picker = view(f, h->view_picker, 0, 0), kinds = 0;
    unsigned in_pool = 0, offered = 0;
    for (int k = 0; k < h->ntok; k++) {
        int pool = view(f, h->view_pool, 0, k);
        if (pool > 0) in_pool |= 1u << k, kinds++;
        if (pool > tokens(f, h->bag, -1, k)) miss(f, "the pool shares %d tokens of kind %d, more than the supply", pool, k);
    }
    if (ph != CARC_PHASE_ACTION) {
        if (picker != -1 || in_pool) miss(f, "no picking going on, yet picker %d and pool %#x", picker, in_pool);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const carc_move *m = &f->buf[i];
        if (m->kind != CARC_MOVE_ACTION || m->action != h->pick || m->target < 0 || m->target >= h->ntok)
            miss(f, "a move of the picking decision is not a pick");
        else
            offered |= 1u << m->target;
    }
    if (picker != mover || offered != in_pool || kinds < 2)
        miss(f, "picker %d (mover %d), pool %#x, offered %#x", picker, mover, in_pool, offered);
}

static void harvest_before(follower *f, const carc_move *m)
{
    for (int k = 0; k < f->harv.ntok; k++) f->supply_before[k] = tokens(f, f->harv.bag, -1, k);
    f->pick_target = m->kind == CARC_MOVE_ACTION && m->action == f->harv.pick ? m->target : -1;
}

/* Tokens leave the supply only for players who won a field this turn (the
 * tied ones in turn); the tally follows them to their holders. */
static void harvest_after(follower *f, int mover)
{
    const harvest_rules *h = &f->harv;
    carc_placed_tile pt;
    int turn = -1;
    if (carc_game_tile(f->g, f->newest_tile, &pt) == CARC_OK) turn = pt.turn;
    unsigned may = f->scorers_turn == turn ? f->scorers : 0;
    if (f->pick_target >= 0) {
        may |= 1u << mover;
        f->st->picks++;
    }
    for (int k = 0; k < h->ntok; k++) {
        int given = 0;
        for (int p = 0; p < f->players; p++) {
            int now = tokens(f, h->bag, p, k), gain = now - f->held[p][k];
            if (gain < 0 || (gain > 0 && !(may >> p & 1)))
                miss(f, "player %d's %d tokens of kind %d became %d", p, f->held[p][k], k, now);
            if (p == mover && k == f->pick_target && gain < 1) miss(f, "the picker did not get the token picked");
            given += gain;
            f->held[p][k] = now;
        }
        f->st->tokens_taken += given;
        int left = tokens(f, h->bag, -1, k);
        if (f->supply_before[k] - left != given)
            miss(f, "kind %d: the supply went from %d to %d, players got %d", k, f->supply_before[k], left, given);
    }
}

static void harvest_end(follower *f)
{
    const harvest_rules *h = &f->harv;
    for (int k = 0; k < h->ntok; k++) {
        int all = tokens(f, h->bag, -1, k);
        for (int p = 0; p < f->players; p++) all += f->held[p][k];
        if (all != h->initial[k]) miss(f, "harvest kind %d: %d tokens in all, %d at the start", k, all, h->initial[k]);
        if (view(f, h->view_pool, 0, k)) miss(f, "the pool is not empty at the end");
    }
    if (view(f, h->view_picker, 0, 0) != -1) miss(f, "a picker at the end");
    /* each token held is worth a point at the end */
    for (int p = 0; p < f->players; p++) {
        int held = 0;
        for (int k = 0; k < h->ntok; k++) held += f->held[p][k];
        if (f->score[p][h->cat_tokens] != held)
            miss(f, "player %d holds %d tokens and scored %d for them", p, held, f->score[p][h->cat_tokens]);
    }
}

/* ---- one game ---------------------------------------------------------- */

static int list_moves(follower *f, size_t *n)
{
    for (;;) {
        int r = carc_game_moves(f->g, f->buf, f->cap, n);
        if (r != CARC_E_BUFFER) return r;
        carc_move *b = realloc(f->buf, sizeof *b * *n);
        if (!b) return CARC_E_NOMEM;
        f->buf = b;
        f->cap = *n;
    }
}

/* Every tile move places a tile the mover may play: one of their hand, or
 * the drawn tile (an extra turn's tile is in no hand). */
static void check_tiles_offered(follower *f, carc_phase ph, int mover, size_t n)
{
    if (ph != CARC_PHASE_TILE) return;
    int hand[16], nh = 0, drawn = -1;
    if (carc_game_hand(f->g, mover, hand, 16, &nh)) miss(f, "the mover's hand cannot be read");
    if (nh > 16) nh = 16;
    carc_game_drawn_tile(f->g, &drawn);
    for (size_t i = 0; i < n; i++) {
        const carc_move *m = &f->buf[i];
        int ok = m->kind == CARC_MOVE_TILE && m->tile == drawn;
        for (int k = 0; k < nh && !ok; k++) ok = m->kind == CARC_MOVE_TILE && m->tile == hand[k];
        if (!ok) {
            miss(f, "tile move %zu places tile %d, in neither hand nor draw", i, m->tile);
            break;
        }
    }
    f->st->hand_moves++;
}

static void check_scores(follower *f)
{
    for (int p = 0; p < f->players; p++) {
        int total = 0, got = 0;
        for (int c = 0; c < f->ncat; c++) total += f->score[p][c];
        carc_game_score(f->g, p, &got);
        if (got != total) miss(f, "player %d: score %d, the log's awards sum to %d", p, got, total);
    }
}

/* Award i of carc_game_event is the i-th SCORE entry with points. */
static void check_events(follower *f)
{
    int n = 0, count = 0, j = 0;
    carc_game_event_count(f->g, &count);
    if (count != f->nonzero_awards) miss(f, "%d scoring events, %ld awards with points in the log", count, f->nonzero_awards);
    carc_game_log_count(f->g, &n);
    for (int i = 0; i < n && j < count; i++) {
        carc_event_info e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        carc_game_log(f->g, i, &e);
        if (e.kind != CARC_EVENT_SCORE || e.points == 0) continue;
        carc_event a;
        carc_game_event(f->g, j++, &a);
        if (a.turn != e.turn || a.player != e.player || a.points != e.points || a.category != e.category ||
            a.reason != e.reason || a.tile_index != e.tile_index || a.feature != e.feature)
            miss(f, "scoring event %d differs from log entry %d", j - 1, i);
    }
}

/* Every tile of the set is on the board, out of play, or still to draw. */
static void check_tiles_accounted(follower *f)
{
    int placed = tile_count(f), removed = 0, left = 0, n;
    carc_game_removed_count(f->g, &removed);
    for (int i = 0; i < removed; i++) {
        int type = 0, reason = 0;
        carc_game_removed(f->g, i, &type, &reason);
        if ((type < 0) != (reason == CARC_REMOVED_HIDDEN)) miss(f, "removed tile %d: type %d, reason %d", i, type, reason);
    }
    for (int d = 0; carc_game_deck_remaining(f->g, d, &n) == CARC_OK; d++) left += n;
    if (placed + removed + left != f->info.tile_count)
        miss(f, "%d placed + %d out of play + %d to draw, of %d tiles", placed, removed, left, f->info.tile_count);
}

static void end_game(follower *f)
{
    int totals[MAXP], breakdown[MAXP * MAXC], row[MAXC];
    int r = carc_game_projection(f->g, totals, f->players, breakdown, f->players * f->ncat);
    if (r) miss(f, "projection: %s", carc_strerror(r));
    unsigned best = 0;
    int top = 0;
    for (int p = 0; p < f->players; p++) {
        int score = 0, total = 0;
        carc_game_score(f->g, p, &score);
        carc_game_score_breakdown(f->g, p, row, f->ncat);
        for (int c = 0; c < f->ncat; c++) {
            total += f->score[p][c];
            if (row[c] != f->score[p][c])
                miss(f, "player %d, %s: breakdown %d, tally %d", p, f->cat[c], row[c], f->score[p][c]);
            if (!r && breakdown[p * f->ncat + c] != row[c]) miss(f, "player %d, %s: projection differs", p, f->cat[c]);
        }
        if (score != total) miss(f, "player %d: score %d, tally %d", p, score, total);
        if (!r && totals[p] != score) miss(f, "player %d: final score %d, projection %d", p, score, totals[p]);
        if (p == 0 || score > top) top = score, best = 0;
        if (score == top) best |= 1u << p;
    }
    unsigned winners = 0;
    if (carc_game_winners(f->g, &winners) || winners != best) miss(f, "winners %#x, the scores say %#x", winners, best);
    check_events(f);
    check_tiles_accounted(f);
    if (f->sheep.on) sheep_check(f);
    if (f->hunt.on) hunt_check_board(f);
    if (f->harv.on) harvest_end(f);
    if (f->cfg->verbose && f->cfg->out) {
        say(f, "  final:");
        for (int p = 0; p < f->players; p++) {
            int total = 0;
            for (int c = 0; c < f->ncat; c++) total += f->score[p][c];
            say(f, "%s p%d %d (", p ? "," : "", p, total);
            for (int c = 0, first = 1; c < f->ncat; c++)
                if (f->score[p][c]) {
                    say(f, "%s%s %d", first ? "" : " ", f->cat[c], f->score[p][c]);
                    first = 0;
                }
            say(f, ")");
        }
        say(f, "\n");
    }
}

static void begin_game(follower *f)
{
    memset(f->score, 0, sizeof f->score);
    memset(f->covered, 0, sizeof f->covered);
    memset(f->held, 0, sizeof f->held);
    f->log_seen = 0;
    f->nonzero_awards = 0;
    f->extra_for = -1;
    f->newest_tile = 0;
    f->scorers = 0;
    f->scorers_turn = -1;
    f->moves = 0;
    carc_game_tileset(f->g, &f->ts);
    if (f->sheep.on) sheep_begin(f);
    say(f, "game %ld: %s, %d players, seed %" PRIu64 "\n", f->game_no, f->info.name, f->players, f->game_seed);
}

static void follow_one(follower *f)
{
    carc_game_options o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.variant = f->v;
    o.players = f->players;
    o.seed = f->game_seed;
    o.rules = f->cfg->rules;
    o.rule_count = f->cfg->rule_count;
    int r = carc_game_new(&o, &f->g);
    if (r) {
        miss(f, "cannot make a game: %s", carc_strerror(r));
        return;
    }
    begin_game(f);
    for (;;) {
        carc_phase ph;
        int mover;
        carc_game_state(f->g, &ph, &mover);
        if (ph == CARC_PHASE_OVER) break;
        if (f->extra_for >= 0 && (ph != CARC_PHASE_TILE || mover != f->extra_for))
            miss(f, "player %d was granted an extra turn, player %d decides", f->extra_for, mover);
        f->extra_for = -1;
        size_t n = 0;
        r = list_moves(f, &n);
        if (r || n == 0) {
            miss(f, "no move to play (%s)", carc_strerror(r));
            break;
        }
        check_tiles_offered(f, ph, mover, n);
        if (f->harv.on) harvest_decision(f, ph, mover, n);

        /* what a server would send: the move as text, read back by the client */
        const carc_move *pick = &f->buf[splitmix(&f->rng) % n];
        char text[256] = "";
        size_t len = 0;
        carc_move m;
        memset(&m, 0, sizeof m);
        r = carc_move_format(f->g, pick, text, sizeof text, &len);
        if (r == CARC_OK) r = carc_move_parse(f->g, text, len, &m);
        if (r || memcmp(&m, pick, sizeof m) != 0) {
            miss(f, "move '%s' does not read back as the move listed (%s)", r ? "?" : text, carc_strerror(r));
            m = *pick;
        }
        say(f, "  %4ld p%d %s\n", f->moves, mover, text);

        int log_before = f->log_seen;
        if (f->sheep.on) sheep_before(f, &m, mover);
        if (f->hunt.on) hunt_before(f, &m, mover);
        if (f->disc.on) disc_before(f, &m, mover);
        if (f->harv.on) harvest_before(f, &m);
        r = carc_game_apply(f->g, &m);
        f->moves++;
        f->st->decisions++;
        if (r) {
            miss(f, "'%s' was listed but not accepted: %s", text, carc_strerror(r));
            break;
        }
        if (m.kind == CARC_MOVE_TILE) f->newest_tile = tile_count(f) - 1;
        if (m.kind == CARC_MOVE_ACTION) f->st->actions++;
        if (f->sheep.on) sheep_draw(f, mover);
        read_log(f);
        check_scores(f);
        if (f->sheep.on) sheep_check(f);
        if (f->hunt.on) hunt_after(f, mover, log_before);
        if (f->disc.on) disc_after(f, mover);
        if (f->harv.on) harvest_after(f, mover);
        if (f->moves > MOVE_LIMIT) {
            miss(f, "the game does not end");
            break;
        }
    }
    end_game(f);
    carc_game_free(f->g);
    f->g = NULL;
}

int follow_games(const follow_config *cfg, follow_stats *stats)
{
    follower *f = calloc(1, sizeof *f);
    if (!f) return CARC_E_NOMEM;
    memset(stats, 0, sizeof *stats);
    f->cfg = cfg;
    f->st = stats;
    int r = learn(f, cfg->variant);
    if (r) {
        free(f);
        return r;
    }
    if (cfg->players && (cfg->players < f->info.min_players || cfg->players > f->info.max_players)) {
        if (cfg->err) fprintf(cfg->err, "%s: %d players is out of its range\n", f->info.name, cfg->players);
        free(f);
        return CARC_E_RANGE;
    }
    f->cap = 512;
    f->buf = malloc(sizeof *f->buf * f->cap);
    if (!f->buf) {
        free(f);
        return CARC_E_NOMEM;
    }
    uint64_t seeds = cfg->seed;
    f->rng = cfg->seed ^ 0x5eed5eed5eed5eedull;
    int span = f->info.max_players - f->info.min_players + 1;
    for (long i = 0; i < cfg->games; i++) {
        f->game_no = i;
        f->game_seed = splitmix(&seeds);
        f->players = cfg->players ? cfg->players : f->info.min_players + (int)(i % span);
        follow_one(f);
        stats->games++;
    }
    free(f->buf);
    free(f);
    return 0;
}

static int usage(const char *prog)
{
    fprintf(stderr, "usage: %s [--games N] [--seed S] [--players N] [--verbose]\n", prog);
    return 2;
}

int follow_main(int argc, char **argv, const char *variant, const carc_option *rules, int rule_count)
{
    follow_config cfg = {.variant = variant, .rules = rules, .rule_count = rule_count, .games = 1000, .seed = 1,
                         .out = stdout, .err = stderr};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (strcmp(a, "--verbose") == 0) {
            cfg.verbose = 1;
            continue;
        }
        if (!val) return usage(argv[0]);
        if (strcmp(a, "--games") == 0)
            cfg.games = strtol(val, &end, 10);
        else if (strcmp(a, "--seed") == 0)
            cfg.seed = strtoull(val, &end, 10);
        else if (strcmp(a, "--players") == 0)
            cfg.players = (int)strtol(val, &end, 10);
        else
            return usage(argv[0]);
        if (!end || *end || cfg.games < 0 || cfg.players < 0) return usage(argv[0]);
        i++;
    }
    follow_stats st;
    int r = follow_games(&cfg, &st);
    if (r) {
        fprintf(stderr, "%s: cannot follow (%s)\n", variant,
                r == FOLLOW_MISSING_NAME ? "a name it relies on is missing" : carc_strerror(r));
        return 1;
    }
    printf("followed %ld games, %ld mismatches\n", st.games, st.mismatches);
    return st.mismatches ? 1 : 0;
}
