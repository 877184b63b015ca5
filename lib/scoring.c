/* The scoring framework: majorities, awards, the event log, final scoring. */
#include <limits.h>
#include <string.h>

#include "internal.h"
#include "plugin_check.h"

/* Adds without overflowing: a score stops at the ends of int. */
static int add_sat(int a, int b)
{
    if (b > 0 && a > INT_MAX - b) return INT_MAX;
    if (b < 0 && a < INT_MIN - b) return INT_MIN;
    return a + b;
}

/* The piece an event names: the feature's piece on this turn's tile when
 * the tile is part of it (what the player just did), else the piece on the
 * feature's oldest tile; stable whichever piece the union-find made root.
 * During a turn the tile's piece comes within a member or two, so this walk
 * stops there rather than share the walk that counts the tiles. */
static int event_piece(const carc_game *g, int root)
{
    int best = root, p = root;
    do {
        if (g->pieces[p].tile == g->turn_tile) return p;
        if (p < best) best = p;
        p = g->pieces[p].next[FEAT];
    } while (p != root);
    return best;
}

/* Sets the piece and tiles of an event about root `root`. Most features
 * scored have one or two pieces, named and counted without a walk; in
 * final scoring a larger one is left to the reader (EVENT_AT_END). */
static ALWAYS_INLINE void event_feature(const carc_game *g, event_rec *e, int root)
{
    const piece *ps = g->pieces;
    int tiles = 1, named = root, turn_tile = g->turn_tile;
    if (ps[root].size[FEAT] == 2) {
        int other = ps[root].next[FEAT];
        tiles = 1 + (ps[root].tile != ps[other].tile);
        if (ps[root].tile != turn_tile && (ps[other].tile == turn_tile || other < root)) named = other;
    } else if (ps[root].size[FEAT] > 2) {
        if (g->over) {
            e->piece = (int16_t)root;
            e->tiles = 0;
            e->complete |= EVENT_AT_END;
            return;
        }
        if (turn_tile < 0) {
            tiles = feat_tiles_lowest(g, root, &named);
        } else {
            tiles = feat_tiles(g, root);
            named = event_piece(g, root);
        }
    }
    e->piece = (int16_t)named;
    e->tiles = (uint8_t)(tiles > 255 ? 255 : tiles);
}

ALWAYS_INLINE void scoring_log(carc_game *g, int kind, int player, int points, int category, int reason, int feature)
{
    if (g->nevents == g->event_cap) return;
    event_rec *e = &g->events[g->nevents];
    e->turn = (uint16_t)g->turn;
    e->kind = (uint8_t)kind;
    e->player = (int8_t)player;
    e->category = (uint8_t)category;
    e->reason = (uint8_t)reason;
    /* the log keeps 16 bits an award; the totals stay exact */
    e->points = (int16_t)(points > INT16_MAX ? INT16_MAX : points < INT16_MIN ? INT16_MIN : points);
    if (feature >= 0 && feature < g->npieces) {
        int root = feat_find(g, feature);
        e->complete = (uint8_t)feat_complete(g, root);
        event_feature(g, e, root);
    } else {
        e->piece = -1;
        e->tiles = 0;
        e->complete = 0;
    }
    /* awards of 0 points stayed out of carc_game_event(), as they always did */
    if (kind == CARC_EVENT_SCORE && points != 0) g->award_at[g->nawards++] = (uint16_t)g->nevents;
    g->nevents++;
}

/* A feature completed in play that paid nobody, so a client can tell
 * "completed, nobody scored" from nothing: logged only when its kind is one
 * the rules score on completion (CARC_KIND_SCORED; a closed farm or
 * meadow is not), under the category its scoring would have used. That
 * category is asked of the variant when the log is read (scoring_event_category):
 * asking here cost Hunters & Gatherers 5,100 instructions a game, for logs
 * most games never read. */
void scoring_log_unscored(carc_game *g, int root)
{
    if (!(g->vt.kinds[g->pieces[root].kind].flags & CARC_KIND_SCORED)) return;
    scoring_log(g, CARC_EVENT_COMPLETED, -1, 0, EVENT_ASK_CATEGORY, CARC_REASON_COMPLETED, root);
}

/* The category of an event logged with EVENT_ASK_CATEGORY: the one
 * scoring_points gives its feature. A completed feature never grows, so
 * the answer is the one it had then. The hook only reads the game. */
int scoring_event_category(const carc_game *g, int piece)
{
    int cat = 0;
    scoring_points(g, feat_find(g, piece), 0, &cat);
    return cat < 0 || cat >= g->vt.category_count ? 0 : cat;
}

/* An award to a player known to be in the game. */
static void award(carc_game *g, int player, int points, int category, int reason, int feature)
{
    if (category < 0 || category >= CARC_MAX_CATEGORIES) category = 0;
    g->score[player] = add_sat(g->score[player], points);
    g->cat[player][category] = add_sat(g->cat[player][category], points);
    scoring_log(g, CARC_EVENT_SCORE, player, points, category, reason, feature);
}

void carc_award(carc_game *g, int player, int points, int category, int reason, int feature)
{
    if (!PLUGIN_OK(g != NULL, "game", 0) || !PLUGIN_OK(player >= 0 && player < g->nplayers, "player", player)) return;
    award(g, player, points, category, reason, feature);
}

int scoring_points(const carc_game *g, int root, int final, int *cat)
{
    *cat = 0;
    if (g->vt.feature_points_const) return g->vt.feature_points_const(g, root, final, cat);
    return feat_tiles(g, root);
}

/* Reads once which figure kinds count for majorities, whether one of them
 * is left out of feature occupancy (counted per system, or free and not
 * counted at all), and whether occupancy also counts a kind that does not
 * count. With neither, a root's occupancy counts are exactly its majority
 * figures. */
void scoring_setup(carc_game *g)
{
    const carc_variant *v = &g->vt;
    unsigned kinds = 0;
    int out = 0, in = 0;
    for (int k = 0; k < v->figure_count; k++) {
        unsigned fl = v->figures[k].flags, elsewhere = fl & (CARC_FIG_SYSTEM | CARC_FIG_FREE);
        if (fl & CARC_FIG_MAJORITY) {
            kinds |= 1u << k;
            out |= elsewhere != 0;
        } else {
            in |= !elsewhere;
        }
    }
    g->majority = kinds;
    g->majority_uncounted = (uint8_t)out;
    g->majority_others = (uint8_t)in;
}

/* Figures of kinds `kinds` standing on root `feature`, counted per player,
 * up to `want` of them; their indices go to `list` when given (room for
 * MAX_FIGURES). */
static int followers_of(const carc_game *g, int feature, unsigned kinds, int want, int *counts, int *list)
{
    const figure *figs = g->figs;
    const piece *ps = g->pieces;
    int total = 0, n = g->nfigures;
    for (int i = 0; i < n && total < want; i++) {
        const figure *f = &figs[i];
        if (f->piece < 0 || !(kinds >> (f->kind & 31) & 1) || ps[f->piece].parent[FEAT] != feature) continue;
        counts[f->owner]++;
        if (list) list[total] = i;
        total++;
    }
    return total;
}

int carc_feature_followers(const carc_game *g, int feature, int *counts)
{
    int scratch[CARC_MAX_PLAYERS];
    if (!counts) counts = scratch; /* the total alone was asked for */
    for (int p = 0; p < CARC_MAX_PLAYERS; p++) counts[p] = 0;
    if (!PLUGIN_OK(g != NULL, "game", 0) || !PLUGIN_OK(feature >= 0 && feature < g->npieces, "piece", feature))
        return 0;
    return followers_of(g, feature, g->majority, MAX_FIGURES, counts, NULL);
}

/* Scores root `feature` for the majority of the figures counted on it
 * (`on`: their indices, `non` of them). */
static unsigned score_counted(carc_game *g, int feature, int final, const int *counts, const int *on, int non)
{
    int n = g->nplayers, best = 0;
    unsigned winners = 0;
    for (int p = 0; p < n; p++) {
        if (counts[p] > best) best = counts[p], winners = 0;
        if (counts[p] == best) winners |= 1u << p;
    }
    if ((winners & (winners - 1)) && g->vt.break_tie_const) g->vt.break_tie_const(g, feature, &winners);
    int cat;
    int pts = scoring_points(g, feature, final, &cat);
    /* bits a tie-breaker set past the players name nobody */
    for (unsigned w = winners & ((1u << n) - 1); w; w &= w - 1)
        award(g, ctz32(w), pts, cat, final ? CARC_REASON_FINAL : CARC_REASON_COMPLETED, feature);
    if (!final)
        for (int k = 0; k < non; k++) {
            /* looked at again: a variant's hook may have moved it meanwhile */
            const figure *f = &g->figs[on[k]];
            if (f->piece >= 0 && !(g->vt.figures[f->kind].flags & CARC_FIG_STAYS) && feat_find(g, f->piece) == feature)
                figure_return(g, on[k]);
        }
    return winners;
}

/* Scores root `feature`, whose occupancy counts total `held`; out of line,
 * so the many empty features carc_score_feature turns away pay for none of
 * its work. */
NOINLINE static unsigned score_held(carc_game *g, int feature, int held, int final)
{
    /* when the counts are exactly the majority figures, the search stops
     * at the last one */
    int want = g->majority_uncounted || g->majority_others ? MAX_FIGURES : held;
    int counts[CARC_MAX_PLAYERS] = {0}, on[MAX_FIGURES];
    int non = followers_of(g, feature, g->majority, want, counts, on);
    return non ? score_counted(g, feature, final, counts, on, non) : 0;
}

unsigned carc_score_feature(carc_game *g, int feature, int final)
{
    if (!PLUGIN_OK(g != NULL, "game", 0) || !PLUGIN_OK(feature >= 0 && feature < g->npieces, "piece", feature))
        return 0;
    feature = feat_find(g, feature);
    /* most closed features are empty, which their occupancy counts show at
     * once, unless a majority figure is not counted there */
    const uint8_t *occ = g->pieces[feature].occ;
    int held = occ[0] + occ[1] + occ[2] + occ[3];
    if (!held && !g->majority_uncounted) return 0;
    return score_held(g, feature, held, final);
}

/* Only features with a follower can score, so visit those through the
 * figures rather than every root on the board, in the order of each
 * feature's first figure; roots are found and grouped before any scoring,
 * since final scoring moves no figure and joins nothing. */
void scoring_final(carc_game *g)
{
    uint64_t seen[PIECE_WORDS];
    pieces_clear(seen, g);
    uint8_t group_of[MAX_PIECES]; /* read only where `seen` says it was written */
    int root[MAX_FIGURES], counts[MAX_FIGURES][CARC_MAX_PLAYERS], ngroups = 0;
    const carc_variant *v = &g->vt;
    for (int i = 0; i < g->nfigures; i++) {
        const figure *f = &g->figs[i];
        if (f->piece < 0 || !(g->majority >> f->kind & 1)) continue;
        int r = feat_find(g, f->piece);
        if (!(v->kinds[g->pieces[r].kind].flags & CARC_KIND_FINAL)) continue;
        if (first_sight(seen, r)) {
            group_of[r] = (uint8_t)ngroups;
            for (int p = 0; p < CARC_MAX_PLAYERS; p++) counts[ngroups][p] = 0;
            root[ngroups++] = r;
        }
        counts[group_of[r]][f->owner]++;
    }
    for (int k = 0; k < ngroups; k++) score_counted(g, root[k], 1, counts[k], NULL, 0);
}
