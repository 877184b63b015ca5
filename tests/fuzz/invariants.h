/* Properties every game must keep, whatever was done to it, checked only
 * through the public API. Shared by the libFuzzer harnesses (which abort on
 * the first violation) and by tests/soak/carc-soak.c (which counts them).
 *
 * Everything here reads a game the way a client would, so a violation is a
 * fault a client could observe, not a disagreement about internals. Some
 * calls (carc_game_state, carc_game_hand, carc_game_moves) perform a pending
 * tile draw: pass a scratch copy when the game under test must stay lazy. */
#ifndef CARC_FUZZ_INVARIANTS_H
#define CARC_FUZZ_INVARIANTS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>
#include <carcassonne_variant.h> /* carc_turn_is_extra: an extra turn's tile is in no hand */

/* Most moves one decision can offer (the library's bound) */
#define INV_MAX_MOVES CARC_MAX_MOVES
#define INV_MAX_TYPES 128
#define INV_MAX_FIG_KINDS 4
#define INV_MAX_CATS 12
#define INV_MAX_BAGS 2
#define INV_MAX_TOKENS 8
#define INV_MAX_DECKS 4
#define INV_EVENT_LOG 1024 /* the library keeps this many events; totals stay exact past it */

typedef struct inv_ctx {
    const carc_variant *v;
    const carc_tileset *ts;
    int players;
    int total_tiles;                  /* copies of every type, start tile included */
    int ntypes;
    int type_count[INV_MAX_TYPES];
    int type_deck[INV_MAX_TYPES];     /* stack index of the type's copies */
    int type_nfeat[INV_MAX_TYPES];
    char type_edges[INV_MAX_TYPES][13];
    int nfig_kinds;
    int per_player[INV_MAX_FIG_KINDS];
    int ncat;
    int nopts;
    int nbags;
    int bag_kinds[INV_MAX_BAGS];
    int bag_initial[INV_MAX_BAGS][INV_MAX_TOKENS];
    int bag_exact[INV_MAX_BAGS];      /* tokens only move between bag, holdings and bag_view */
    int bag_view[INV_MAX_BAGS];       /* a per-player view holding the rest of the tokens, or -1 */
    int nviews;
    int view_shape[16], view_len[16];
    int hands;                        /* hands were seen: sticky for the game */
    int last_score[6];
    int have_scores;
    carc_move *moves, *moves2;
    char *save[2];
    size_t save_cap[2];
    char msg[768];
    const char *text;                 /* a saved game the last violation is about, or NULL */
} inv_ctx;

static inline int inv_fail(inv_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, sizeof c->msg, fmt, ap);
    va_end(ap);
    return 1;
}

/* Bags whose tokens never leave play, so bag + holdings (+ a per-player
 * view that shows the rest, when there is one) is exactly the initial
 * count: Over Hill and Dale's harvest supply, and the sheep bag, whose
 * drawn sheep stand beside the shepherds (view "flock"; wolves go back at
 * once). For other bags only "never more than at the start" is checked.
 * A new variant with such a bag belongs here. */
static inline int inv_bag_is_exact(const char *variant, const char *bag, const char **view)
{
    static const char *const exact[][3] = {{"over-hill-and-dale", "harvest", NULL}, {"hills-sheep", "sheep", "flock"}};
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (!strcmp(variant, exact[i][0]) && !strcmp(bag, exact[i][1])) {
            *view = exact[i][2];
            return 1;
        }
    return 0;
}

static inline void inv_free(inv_ctx *c)
{
    free(c->moves);
    free(c->moves2);
    free(c->save[0]);
    free(c->save[1]);
    memset(c, 0, sizeof *c);
}

/* carc_variant_describe parses the variant's tile set; a program asks
 * once per variant. */
static inline int inv_describe(const carc_variant *v, carc_variant_info *out)
{
    static const carc_variant *seen[64];
    static carc_variant_info info[64];
    static int nseen;
    for (int i = 0; i < nseen; i++)
        if (seen[i] == v) {
            *out = info[i];
            return 0;
        }
    carc_variant_info vi = {.struct_size = sizeof vi};
    int r = carc_variant_describe(v, &vi);
    if (r) return r;
    if (nseen < 64) seen[nseen] = v, info[nseen++] = vi;
    *out = vi;
    return 0;
}

/* Copies of each tile type that no query shows (not on the board, not
 * removed face up, not in a hand or drawn): what the stacks must hold,
 * unless some tiles were removed hidden (*hidden > 0). `g` is resolved. */
static inline int inv_unseen(inv_ctx *c, carc_game *g, int unseen[INV_MAX_TYPES], int *hidden)
{
    int nt = 0, nr = 0, players = c->players;
    for (int t = 0; t < c->ntypes; t++) unseen[t] = c->type_count[t];
    *hidden = 0;
    carc_game_tile_count(g, &nt);
    for (int i = 0; i < nt; i++) {
        carc_placed_tile t;
        if (carc_game_tile(g, i, &t) || t.type < 0 || t.type >= c->ntypes) return -1;
        unseen[t.type]--;
    }
    carc_game_removed_count(g, &nr);
    for (int i = 0; i < nr; i++) {
        int t = -1, why = 0;
        carc_game_removed(g, i, &t, &why);
        if (t >= 0 && t < c->ntypes)
            unseen[t]--;
        else
            ++*hidden;
    }
    carc_phase ph = CARC_PHASE_OVER;
    int mover = 0, drawn = -1, in_hand = 0;
    carc_game_state(g, &ph, &mover);
    if (ph == CARC_PHASE_TILE) carc_game_drawn_tile(g, &drawn);
    for (int p = 0; p < players; p++) {
        int tiles[8], n = 0;
        if (carc_game_hand(g, p, tiles, 8, &n) || n > 8) return -1;
        for (int i = 0; i < n; i++) {
            if (tiles[i] < 0 || tiles[i] >= c->ntypes) return -1;
            unseen[tiles[i]]--;
            in_hand |= p == mover && tiles[i] == drawn;
        }
    }
    if (drawn >= 0 && drawn < c->ntypes && !in_hand) unseen[drawn]--;
    return 0;
}

/* Reads what the checks compare against from the game's variant and tile
 * set. Call it for every new game (a loaded game has a tile set of its own). */
static inline int inv_init(inv_ctx *c, const carc_game *g)
{
    if (!c->moves) {
        c->moves = malloc(sizeof(carc_move) * INV_MAX_MOVES);
        c->moves2 = malloc(sizeof(carc_move) * INV_MAX_MOVES);
        if (!c->moves || !c->moves2) return inv_fail(c, "out of memory");
    }
    c->msg[0] = 0;
    c->text = NULL;
    c->hands = 0;
    c->have_scores = 0;
    if (carc_game_variant(g, &c->v) || carc_game_tileset(g, &c->ts) || carc_game_players(g, &c->players))
        return inv_fail(c, "game accessors failed");
    /* facts kept with the tile set: there exactly when the variant keeps some */
    const int keeps = c->v->struct_size >= offsetof(carc_variant, tileset_setup) + sizeof c->v->tileset_setup &&
                      c->v->tileset_data_size > 0;
    if ((carc_variant_tileset_data(g) != NULL) != keeps)
        return inv_fail(c, "carc_variant_tileset_data answers %s for a variant keeping %zu bytes",
                        carc_variant_tileset_data(g) ? "bytes" : "NULL", keeps ? c->v->tileset_data_size : 0);
    if (carc_tileset_type_count(c->ts, &c->ntypes) || c->ntypes < 1 || c->ntypes > INV_MAX_TYPES)
        return inv_fail(c, "tile set has %d types", c->ntypes);
    c->total_tiles = 0;
    /* stack numbers follow the order in which deck names first appear,
     * "main" being 0 (docs/tile-format.md) */
    const char *decks[INV_MAX_DECKS] = {"main"};
    int ndecks = 1;
    for (int t = 0; t < c->ntypes; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (carc_tileset_type(c->ts, t, &ti)) return inv_fail(c, "carc_tileset_type(%d) failed", t);
        c->type_count[t] = ti.count;
        c->type_nfeat[t] = ti.feature_count;
        memcpy(c->type_edges[t], ti.edges, 13);
        c->total_tiles += ti.count;
        int d = -1;
        for (int k = 0; k < ndecks; k++)
            if (!strcmp(decks[k], ti.deck)) d = k;
        if (d < 0) {
            if (ndecks == INV_MAX_DECKS) return inv_fail(c, "more than %d stacks", INV_MAX_DECKS);
            d = ndecks;
            decks[ndecks++] = ti.deck;
        }
        c->type_deck[t] = d;
    }
    carc_variant_info vi = {.struct_size = sizeof vi};
    if (inv_describe(c->v, &vi)) return inv_fail(c, "carc_variant_describe failed");
    c->nfig_kinds = vi.figure_kind_count;
    c->ncat = vi.category_count;
    c->nopts = vi.option_count;
    c->nbags = vi.bag_count;
    if (c->nfig_kinds > INV_MAX_FIG_KINDS || c->ncat > INV_MAX_CATS || c->nbags > INV_MAX_BAGS)
        return inv_fail(c, "variant counts out of range");
    for (int k = 0; k < c->nfig_kinds; k++)
        if (carc_variant_figure(c->v, k, NULL, &c->per_player[k])) return inv_fail(c, "figure kind %d", k);
    c->nviews = vi.view_count;
    if (c->nviews < 0 || c->nviews > 16) return inv_fail(c, "%d views", c->nviews);
    for (int k = 0; k < c->nviews; k++)
        if (carc_variant_view(c->v, k, NULL, NULL, &c->view_shape[k], &c->view_len[k]) || c->view_len[k] < 0)
            return inv_fail(c, "view %d", k);
    for (int b = 0; b < c->nbags; b++) {
        const char *bname;
        if (carc_variant_bag(c->v, b, &bname, &c->bag_kinds[b]) || c->bag_kinds[b] > INV_MAX_TOKENS)
            return inv_fail(c, "bag %d", b);
        const char *vname = NULL;
        c->bag_exact[b] = inv_bag_is_exact(vi.name, bname, &vname);
        c->bag_view[b] = -1;
        for (int k = 0; vname && k < vi.view_count; k++) {
            const char *n = NULL;
            int shape = -1;
            if (!carc_variant_view(c->v, k, &n, NULL, &shape, NULL) && !strcmp(n, vname) && shape == CARC_VIEW_PLAYER)
                c->bag_view[b] = k;
        }
        if (vname && c->bag_view[b] < 0) return inv_fail(c, "bag %s: no player view %s", bname, vname);
        for (int k = 0; k < c->bag_kinds[b]; k++)
            if (carc_variant_bag_token(c->v, b, k, NULL, &c->bag_initial[b][k])) return inv_fail(c, "token %d", k);
    }
    return 0;
}

/* Saves into buffer `which` (0 or 1), growing it as needed. */
static inline int inv_save(inv_ctx *c, const carc_game *g, int which, size_t *len)
{
    for (;;) {
        size_t need = 0;
        int r = carc_game_save(g, c->save[which], c->save_cap[which], &need);
        if (r == CARC_OK) {
            *len = need;
            if (strlen(c->save[which]) != need) return inv_fail(c, "save: length %zu but text of %zu", need,
                                                                 strlen(c->save[which]));
            return 0;
        }
        if (r != CARC_E_BUFFER || need + 1 <= c->save_cap[which])
            return inv_fail(c, "carc_game_save: %s (needs %zu, has %zu)", carc_strerror(r), need,
                            c->save_cap[which]);
        char *nb = realloc(c->save[which], need + 1);
        if (!nb) return inv_fail(c, "out of memory");
        c->save[which] = nb;
        c->save_cap[which] = need + 1;
    }
}

/* A hash of everything the const queries show, to compare two games (a
 * clone, a copy, a reload) or one game before and after a failed call. */
static inline uint64_t inv_digest(const carc_game *g)
{
    uint64_t h = 1469598103934665603ull;
#define INV_MIX(x) (h = (h ^ (uint64_t)(int64_t)(x)) * 1099511628211ull)
    int n = 0, players = 0;
    carc_game_players(g, &players);
    INV_MIX(players);
    carc_game_tile_count(g, &n);
    INV_MIX(n);
    for (int i = 0; i < n; i++) {
        carc_placed_tile t;
        carc_game_tile(g, i, &t);
        INV_MIX(t.x), INV_MIX(t.y), INV_MIX(t.type), INV_MIX(t.rotation), INV_MIX(t.turn);
    }
    carc_game_last_tile(g, &n);
    INV_MIX(n);
    carc_game_figure_count(g, &n);
    INV_MIX(n);
    for (int i = 0; i < n; i++) {
        carc_figure_info f;
        carc_game_figure(g, i, &f);
        INV_MIX(f.owner), INV_MIX(f.kind), INV_MIX(f.on_board), INV_MIX(f.tile_index), INV_MIX(f.feature);
    }
    for (int p = 0; p < players; p++) {
        int s = 0, cat[INV_MAX_CATS];
        carc_game_score(g, p, &s);
        INV_MIX(s);
        carc_game_score_breakdown(g, p, cat, INV_MAX_CATS);
        for (int k = 0; k < INV_MAX_CATS; k++) INV_MIX(cat[k]);
        for (int k = 0; k < INV_MAX_FIG_KINDS; k++) {
            int sup = -1;
            carc_game_supply(g, p, k, &sup);
            INV_MIX(sup);
        }
        for (int b = 0; b < INV_MAX_BAGS; b++)
            for (int k = 0; k < INV_MAX_TOKENS; k++) {
                int t = -1;
                if (carc_game_tokens(g, b, p, k, &t) == CARC_OK) INV_MIX(t);
            }
    }
    for (int b = 0; b < INV_MAX_BAGS; b++)
        for (int k = 0; k < INV_MAX_TOKENS; k++) {
            int t = -1;
            if (carc_game_tokens(g, b, -1, k, &t) == CARC_OK) INV_MIX(t);
        }
    carc_game_removed_count(g, &n);
    INV_MIX(n);
    for (int i = 0; i < n; i++) {
        int t = 0, why = 0;
        carc_game_removed(g, i, &t, &why);
        INV_MIX(t), INV_MIX(why);
    }
    for (int d = 0; d < INV_MAX_DECKS; d++) {
        int left = -1;
        if (carc_game_deck_remaining(g, d, &left) == CARC_OK) INV_MIX(left);
    }
    carc_game_event_count(g, &n);
    INV_MIX(n);
    for (int i = 0; i < n; i++) {
        carc_event e;
        carc_game_event(g, i, &e);
        INV_MIX(e.turn), INV_MIX(e.player), INV_MIX(e.points), INV_MIX(e.category), INV_MIX(e.reason),
            INV_MIX(e.tile_index), INV_MIX(e.feature);
    }
#undef INV_MIX
    return h;
}

/* What query group `q` answers for index i, in v[8]; -1 past the groups. */
static inline int inv_answers(const carc_game *g, int q, int i, int v[8])
{
    memset(v, 0, 8 * sizeof v[0]);
    switch (q) {
    case 0: carc_game_tile_count(g, &v[0]), carc_game_last_tile(g, &v[1]), carc_game_figure_count(g, &v[2]);
        carc_game_removed_count(g, &v[3]), carc_game_event_count(g, &v[4]);
        return 0;
    case 1: {
        carc_placed_tile t = {0};
        carc_game_tile(g, i, &t);
        v[0] = t.x, v[1] = t.y, v[2] = t.type, v[3] = t.rotation, v[4] = t.turn;
        return 0;
    }
    case 2: {
        carc_figure_info f = {0};
        carc_game_figure(g, i, &f);
        v[0] = f.owner, v[1] = f.kind, v[2] = f.on_board, v[3] = f.tile_index, v[4] = f.feature;
        return 0;
    }
    case 3:
        carc_game_score(g, i, &v[0]);
        for (int k = 0; k < 4; k++) carc_game_supply(g, i, k, &v[1 + k]);
        return 0;
    case 4:
        for (int k = 0; k < 8; k++) carc_game_tokens(g, i / 8, i % 8 - 1, k, &v[k]);
        return 0;
    case 5: carc_game_removed(g, i, &v[0], &v[1]); return 0;
    case 6: for (int d = 0; d < 4; d++) carc_game_deck_remaining(g, d, &v[d]); return 0;
    case 7: {
        carc_event e = {0};
        carc_game_event(g, i, &e);
        v[0] = e.turn, v[1] = e.player, v[2] = e.points, v[3] = e.category, v[4] = e.reason, v[5] = e.tile_index;
        v[6] = e.feature;
        return 0;
    }
    default: return -1;
    }
}

/* The first query that answers differently for two games, into c->msg
 * (after `what`); 0 if none does. Says what a digest mismatch was about. */
static inline int inv_diff(inv_ctx *c, const carc_game *a, const carc_game *b, const char *what)
{
    static const char *const names[] = {"counts", "tile", "figure", "score/supply of player", "tokens (bag*8 + player+1)",
                                        "removed tile", "stacks", "event"};
    int counts[8];
    inv_answers(a, 0, 0, counts);
    for (int q = 0; q < 8; q++) {
        int n = q == 0 || q == 6 ? 1 : q == 1 ? counts[0] : q == 2 ? counts[2] : q == 3 ? 6 : q == 4 ? 16
              : q == 5 ? counts[3] : counts[4];
        for (int i = 0; i < n; i++) {
            int x[8], y[8];
            inv_answers(a, q, i, x);
            inv_answers(b, q, i, y);
            if (memcmp(x, y, sizeof x))
                return inv_fail(c, "%s: %s %d differs: %d %d %d %d %d / %d %d %d %d %d", what, names[q], i, x[0], x[1],
                                x[2], x[3], x[4], y[0], y[1], y[2], y[3], y[4]);
        }
    }
    return inv_fail(c, "%s: a difference the queries do not show", what);
}

/* Two moves that name the same decision: only the members that mean
 * something for the kind count (a pass is a pass; an action is compared
 * whole, as the library does). */
static inline void inv_move_key(const carc_move *m, carc_move *k)
{
    memset(k, 0, sizeof *k);
    k->kind = m->kind;
    switch (m->kind) {
    case CARC_MOVE_TILE:
        k->tile = m->tile, k->x = m->x, k->y = m->y, k->rotation = m->rotation;
        break;
    case CARC_MOVE_FIGURE:
        k->figure = m->figure, k->feature = m->feature, k->x = m->x, k->y = m->y;
        break;
    case CARC_MOVE_PASS:
        break;
    default:
        *k = *m;
        break;
    }
}

static inline int inv_move_cmp(const void *a, const void *b)
{
    const carc_move *x = a, *y = b;
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    if (x->tile != y->tile) return x->tile < y->tile ? -1 : 1;
    if (x->x != y->x) return x->x < y->x ? -1 : 1;
    if (x->y != y->y) return x->y < y->y ? -1 : 1;
    if (x->rotation != y->rotation) return x->rotation < y->rotation ? -1 : 1;
    if (x->figure != y->figure) return x->figure < y->figure ? -1 : 1;
    if (x->feature != y->feature) return x->feature < y->feature ? -1 : 1;
    if (x->action != y->action) return x->action < y->action ? -1 : 1;
    if (x->target != y->target) return x->target < y->target ? -1 : 1;
    return 0;
}

static inline int inv_same_key(const carc_move *a, const carc_move *b)
{
    carc_move x, y;
    inv_move_key(a, &x);
    inv_move_key(b, &y);
    return inv_move_cmp(&x, &y) == 0;
}

/* Edge letters of a type turned r quarter turns: slot s shows the letter
 * that sat at slot s - 3r. */
static inline void inv_rotated_edges(const inv_ctx *c, int type, int r, char out[12])
{
    for (int s = 0; s < 12; s++) out[s] = c->type_edges[type][(s + 12 - 3 * (r & 3)) % 12];
}

/* Lists the moves of `g` into c->moves; checks the count-only call agrees. */
static inline int inv_list(inv_ctx *c, carc_game *g, size_t *n)
{
    size_t only = 0;
    int r0 = carc_game_moves(g, NULL, 0, &only);
    int r = carc_game_moves(g, c->moves, INV_MAX_MOVES, n);
    if (r0 != r) return inv_fail(c, "moves: count-only call says %s, listing says %s", carc_strerror(r0),
                                 carc_strerror(r));
    if (r == CARC_OK && only != *n) return inv_fail(c, "moves: count-only %zu, listed %zu", only, *n);
    if (r == CARC_E_BUFFER) return inv_fail(c, "moves: more than %d legal moves (%zu)", INV_MAX_MOVES, *n);
    if (r != CARC_OK && r != CARC_E_GAME_OVER) return inv_fail(c, "moves: %s", carc_strerror(r));
    if (r == CARC_E_GAME_OVER) *n = 0;
    return 0;
}

/* Checks every property of one game. `g` may have its pending draw made.
 * deep: also every feature of every tile, the event log and duplicate
 * moves (slower; callers do it now and then and at the end). */
static inline int inv_check(inv_ctx *c, carc_game *g, int deep)
{
    carc_phase ph;
    int mover = -1;
    if (carc_game_state(g, &ph, &mover)) return inv_fail(c, "carc_game_state failed");
    if ((int)ph < 0 || ph > CARC_PHASE_OVER || mover < 0 || mover >= c->players)
        return inv_fail(c, "state: phase %d, player %d", (int)ph, mover);
    int over = -1;
    if (carc_game_is_over(g, &over) || (over != 0) != (ph == CARC_PHASE_OVER))
        return inv_fail(c, "is_over %d but phase %d", over, (int)ph);

    /* ---- tiles on the board ---- */
    int nt = 0;
    carc_game_tile_count(g, &nt);
    if (nt < 1 || nt > c->total_tiles) return inv_fail(c, "%d tiles on the board of %d", nt, c->total_tiles);
    int used[INV_MAX_TYPES] = {0};
    for (int i = 0; i < nt; i++) {
        carc_placed_tile t;
        int at = -2;
        if (carc_game_tile(g, i, &t)) return inv_fail(c, "carc_game_tile(%d) failed", i);
        if (t.type < 0 || t.type >= c->ntypes || t.rotation < 0 || t.rotation > 3)
            return inv_fail(c, "tile %d: type %d rotation %d", i, t.type, t.rotation);
        if (carc_game_tile_at(g, t.x, t.y, &at) || at != i)
            return inv_fail(c, "tile %d at (%d,%d) but tile_at says %d", i, t.x, t.y, at);
        if (i == 0 && (t.x || t.y || t.rotation || t.turn)) return inv_fail(c, "start tile moved");
        used[t.type]++;
    }
    int last = -2;
    carc_game_last_tile(g, &last);
    if (last < -1 || last >= nt || ((ph == CARC_PHASE_TILE || ph == CARC_PHASE_OVER) && last != -1))
        return inv_fail(c, "last tile %d in phase %d", last, (int)ph);
    if (ph == CARC_PHASE_FIGURE && last < 0) return inv_fail(c, "figure phase without a placed tile");

    /* ---- tiles that left play, stacks, hands: every copy is somewhere ---- */
    int nr = 0, hidden = 0;
    carc_game_removed_count(g, &nr);
    if (nr < 0 || nr > c->total_tiles) return inv_fail(c, "%d tiles removed", nr);
    for (int i = 0; i < nr; i++) {
        int t = -2, why = -1;
        if (carc_game_removed(g, i, &t, &why)) return inv_fail(c, "carc_game_removed(%d) failed", i);
        if (why < 0 || why > CARC_REMOVED_HIDDEN || (why == CARC_REMOVED_HIDDEN) != (t == -1) ||
            (t != -1 && (t < 0 || t >= c->ntypes)))
            return inv_fail(c, "removed %d: type %d reason %d", i, t, why);
        if (t >= 0)
            used[t]++;
        else
            hidden++;
    }
    int stacked = 0, left_of[INV_MAX_DECKS] = {0}, ndecks = 0;
    for (int d = 0;; d++) {
        int left = -1, r = carc_game_deck_remaining(g, d, &left);
        if (r == CARC_E_RANGE) break;
        if (r || d >= INV_MAX_DECKS || left < 0) return inv_fail(c, "deck %d: %s, %d left", d, carc_strerror(r), left);
        left_of[d] = left;
        stacked += left;
        ndecks = d + 1;
    }
    if (ndecks < 1) return inv_fail(c, "no main stack");
    int held = 0, hand0[8] = {0}, nhand0 = 0;
    for (int p = 0; p < c->players; p++) {
        int tiles[8], n = -1, r = carc_game_hand(g, p, tiles, 8, &n);
        if (r || n < 0 || n > 4) return inv_fail(c, "hand of %d: %s, %d tiles", p, carc_strerror(r), n);
        if (n && (p != mover || n > 1)) c->hands = 1;
        for (int i = 0; i < n; i++) {
            if (tiles[i] < 0 || tiles[i] >= c->ntypes) return inv_fail(c, "hand of %d holds type %d", p, tiles[i]);
            used[tiles[i]]++;
        }
        if (p == mover) memcpy(hand0, tiles, sizeof hand0), nhand0 = n;
        held += n;
    }
    int extra_drawn = 0;
    if (ph == CARC_PHASE_TILE) {
        int d = -1;
        if (carc_game_drawn_tile(g, &d) || d < 0 || d >= c->ntypes)
            return inv_fail(c, "drawn tile %d in the tile phase", d);
        int in_hand = 0;
        for (int i = 0; i < nhand0; i++) in_hand |= hand0[i] == d;
        int extra = carc_turn_is_extra(g);
        if (extra && !c->hands && nhand0)
            return inv_fail(c, "the extra turn's tile %d is also in the mover's hand", d);
        if (!in_hand || extra) {
            /* only an extra turn draws outside the hands: its tile is in none */
            if (!c->hands && !extra) return inv_fail(c, "drawn tile %d is not in the mover's hand", d);
            extra_drawn = 1;
            used[d]++;
        }
    } else {
        int d = -1, r = carc_game_drawn_tile(g, &d);
        if (r != (ph == CARC_PHASE_OVER ? CARC_E_GAME_OVER : CARC_E_PHASE))
            return inv_fail(c, "drawn_tile in phase %d: %s", (int)ph, carc_strerror(r));
    }
    int sum = nt + nr + stacked + held + extra_drawn;
    if (sum != c->total_tiles)
        return inv_fail(c, "tiles: %d placed + %d removed + %d stacked + %d held + %d drawn = %d, set has %d", nt, nr,
                        stacked, held, extra_drawn, sum, c->total_tiles);
    /* per type: what can be seen never exceeds the copies; without hidden
     * removals the stacks hold exactly the rest */
    int unseen[INV_MAX_DECKS] = {0};
    for (int t = 0; t < c->ntypes; t++) {
        if (used[t] > c->type_count[t])
            return inv_fail(c, "type %d: %d seen, %d copies", t, used[t], c->type_count[t]);
        unseen[c->type_deck[t]] += c->type_count[t] - used[t];
    }
    for (int d = 0; d < ndecks && !hidden; d++)
        if (unseen[d] != left_of[d])
            return inv_fail(c, "stack %d: %d left but %d copies unaccounted", d, left_of[d], unseen[d]);

    /* ---- figures: supply + board = what each player owns ---- */
    int nf = 0, want_figs = 0;
    carc_game_figure_count(g, &nf);
    for (int k = 0; k < c->nfig_kinds; k++) want_figs += c->per_player[k] * c->players;
    if (nf != want_figs) return inv_fail(c, "%d figures, want %d", nf, want_figs);
    int on_board[6][INV_MAX_FIG_KINDS];
    memset(on_board, 0, sizeof on_board);
    for (int i = 0; i < nf; i++) {
        carc_figure_info f;
        if (carc_game_figure(g, i, &f)) return inv_fail(c, "carc_game_figure(%d) failed", i);
        if (f.owner < 0 || f.owner >= c->players || f.kind < 0 || f.kind >= c->nfig_kinds)
            return inv_fail(c, "figure %d: owner %d kind %d", i, f.owner, f.kind);
        if (f.on_board) {
            carc_placed_tile t;
            if (carc_game_tile(g, f.tile_index, &t) || f.feature < 0 || f.feature >= c->type_nfeat[t.type])
                return inv_fail(c, "figure %d on tile %d feature %d", i, f.tile_index, f.feature);
            on_board[f.owner][f.kind]++;
        } else if (f.tile_index != -1 || f.feature != -1) {
            return inv_fail(c, "figure %d in supply names tile %d feature %d", i, f.tile_index, f.feature);
        }
        /* what a figure is worth walks its feature: deep checks only */
        int pts = -1;
        if (deep && (carc_game_figure_points(g, i, &pts) || (!f.on_board && pts != 0)))
            return inv_fail(c, "figure_points(%d) = %d (on board %d)", i, pts, f.on_board);
    }
    for (int p = 0; p < c->players; p++)
        for (int k = 0; k < c->nfig_kinds; k++) {
            int s = -1;
            if (carc_game_supply(g, p, k, &s) || s + on_board[p][k] != c->per_player[k])
                return inv_fail(c, "player %d figure kind %d: %d in supply + %d on board != %d", p, k, s,
                                on_board[p][k], c->per_player[k]);
        }

    /* ---- scores: never fall, and the breakdown adds up ---- */
    for (int p = 0; p < c->players; p++) {
        int s = 0, cat[INV_MAX_CATS + 4], total = 0;
        if (carc_game_score(g, p, &s)) return inv_fail(c, "score(%d) failed", p);
        if (carc_game_score_breakdown(g, p, cat, INV_MAX_CATS + 4)) return inv_fail(c, "breakdown(%d) failed", p);
        for (int k = 0; k < INV_MAX_CATS + 4; k++) {
            if (k >= c->ncat && cat[k]) return inv_fail(c, "player %d: %d points in undeclared category %d", p, cat[k], k);
            total += cat[k];
        }
        if (total != s) return inv_fail(c, "player %d: score %d, categories add to %d", p, s, total);
        if (c->have_scores && s < c->last_score[p])
            return inv_fail(c, "player %d: score fell from %d to %d", p, c->last_score[p], s);
        c->last_score[p] = s;
    }
    c->have_scores = 1;

    /* ---- tokens: bag + holdings never exceed the start ---- */
    for (int b = 0; b < c->nbags; b++)
        for (int k = 0; k < c->bag_kinds[b]; k++) {
            int in_bag = -1, total;
            if (carc_game_tokens(g, b, -1, k, &in_bag) || in_bag < 0) return inv_fail(c, "bag %d token %d", b, k);
            total = in_bag;
            for (int p = 0; p < c->players; p++) {
                int h = -1;
                if (carc_game_tokens(g, b, p, k, &h) || h < 0) return inv_fail(c, "holding %d/%d/%d", b, p, k);
                total += h;
                if (c->bag_view[b] >= 0 && k < c->view_len[c->bag_view[b]]) {
                    if (carc_game_view(g, c->bag_view[b], p, k, &h) || h < 0)
                        return inv_fail(c, "view %d of player %d value %d", c->bag_view[b], p, k);
                    total += h;
                }
            }
            if (total > c->bag_initial[b][k] || (c->bag_exact[b] && total != c->bag_initial[b][k]))
                return inv_fail(c, "bag %d token %d: %d in play, %d at the start", b, k, total, c->bag_initial[b][k]);
        }

    /* ---- the legal moves ---- */
    size_t nm = 0;
    if (inv_list(c, g, &nm)) return 1;
    unsigned winners = 0;
    int wr = carc_game_winners(g, &winners);
    if (ph == CARC_PHASE_OVER) {
        if (nm) return inv_fail(c, "game over but %zu moves", nm);
        if (wr || !winners || winners >> c->players) return inv_fail(c, "winners %s mask %#x", carc_strerror(wr), winners);
    } else {
        if (wr != CARC_E_PHASE) return inv_fail(c, "winners before the end: %s", carc_strerror(wr));
        if (nm == 0) return inv_fail(c, "no legal move in phase %d", (int)ph);
    }
    carc_placed_tile lt = {0};
    if (last >= 0) carc_game_tile(g, last, &lt);
    for (size_t i = 0; i < nm; i++) {
        const carc_move *m = &c->moves[i];
        int ok = 1;
        switch (m->kind) {
        case CARC_MOVE_TILE: {
            int at = 0, mine = 0;
            carc_game_tile_at(g, m->x, m->y, &at);
            for (int j = 0; j < nhand0; j++) mine |= hand0[j] == m->tile;
            if (extra_drawn) {
                int d = -1;
                carc_game_drawn_tile(g, &d);
                mine = d == m->tile;
            }
            ok = ph == CARC_PHASE_TILE && m->rotation <= 3 && at == -1 && mine;
            break;
        }
        case CARC_MOVE_FIGURE: {
            int s = 0;
            ok = ph == CARC_PHASE_FIGURE && m->figure < c->nfig_kinds && last >= 0 && m->x == lt.x && m->y == lt.y &&
                 m->feature < c->type_nfeat[lt.type] && carc_game_supply(g, mover, m->figure, &s) == CARC_OK && s > 0;
            break;
        }
        case CARC_MOVE_PASS:
        case CARC_MOVE_ACTION:
            ok = ph == CARC_PHASE_FIGURE || ph == CARC_PHASE_ACTION;
            break;
        default:
            ok = 0;
        }
        if (!ok)
            return inv_fail(c, "listed move %zu (kind %d tile %d at %d,%d rot %d fig %d feat %d) in phase %d", i,
                            m->kind, m->tile, m->x, m->y, m->rotation, m->figure, m->feature, (int)ph);
    }
    if (!deep) return 0;

    /* each legal move once */
    for (size_t i = 0; i < nm; i++) inv_move_key(&c->moves[i], &c->moves2[i]);
    qsort(c->moves2, nm, sizeof(carc_move), inv_move_cmp);
    for (size_t i = 1; i < nm; i++)
        if (inv_move_cmp(&c->moves2[i - 1], &c->moves2[i]) == 0)
            return inv_fail(c, "move listed twice (kind %d tile %d at %d,%d rot %d fig %d feat %d act %d target %d)",
                            c->moves2[i].kind, c->moves2[i].tile, c->moves2[i].x, c->moves2[i].y,
                            c->moves2[i].rotation, c->moves2[i].figure, c->moves2[i].feature, c->moves2[i].action,
                            (int)c->moves2[i].target);

    /* ---- the event log adds up to the scores ---- */
    int ne = 0, ev_sum[6] = {0};
    carc_game_event_count(g, &ne);
    if (ne < 0 || ne > INV_EVENT_LOG) return inv_fail(c, "%d events", ne);
    for (int i = 0; i < ne; i++) {
        carc_event e;
        if (carc_game_event(g, i, &e)) return inv_fail(c, "event %d failed", i);
        if (e.player < 0 || e.player >= c->players || e.category < 0 || e.category >= c->ncat || e.reason < 0 ||
            e.reason > CARC_REASON_ACTION || e.points == 0)
            return inv_fail(c, "event %d: player %d category %d reason %d points %d", i, e.player, e.category,
                            e.reason, e.points);
        if (e.tile_index != -1 || e.feature != -1) {
            carc_placed_tile t;
            if (carc_game_tile(g, e.tile_index, &t) || e.feature < 0 || e.feature >= c->type_nfeat[t.type])
                return inv_fail(c, "event %d names tile %d feature %d", i, e.tile_index, e.feature);
        }
        ev_sum[e.player] += e.points;
    }
    /* the full log: awards (those of 0 points too), completions nobody
     * scored, extra turns; its nonzero awards are the events above */
    int nl = 0, log_sum[6] = {0}, award = 0;
    carc_game_log_count(g, &nl);
    if (nl < ne || nl > INV_EVENT_LOG) return inv_fail(c, "log of %d entries, %d events", nl, ne);
    for (int i = 0; i < nl; i++) {
        carc_event_info e = {.struct_size = sizeof e};
        if (carc_game_log(g, i, &e)) return inv_fail(c, "log entry %d failed", i);
        int ok = e.kind >= CARC_EVENT_SCORE && e.kind <= CARC_EVENT_EXTRA_TURN && e.feature_id;
        if (e.kind == CARC_EVENT_COMPLETED) ok = ok && e.player == -1 && e.points == 0;
        else ok = ok && e.player >= 0 && e.player < c->players && (e.kind == CARC_EVENT_SCORE || e.points == 0);
        if (e.kind == CARC_EVENT_SCORE) ok = ok && e.category >= 0 && e.category < c->ncat && e.reason >= 0 && e.reason <= CARC_REASON_ACTION;
        if (!ok)
            return inv_fail(c, "log %d: kind %d player %d points %d category %d reason %d", i, e.kind, e.player,
                            e.points, e.category, e.reason);
        if (e.tile_index == -1) {
            if (e.feature != -1 || e.x != -1 || e.y != -1 || e.feature_id[0])
                return inv_fail(c, "log %d: no tile but feature %d at (%d,%d)", i, e.feature, e.x, e.y);
        } else {
            carc_placed_tile t;
            const char *id = NULL;
            if (carc_game_tile(g, e.tile_index, &t) || t.x != e.x || t.y != e.y || e.feature < 0 ||
                carc_tileset_feature(c->ts, t.type, e.feature, &id, NULL, NULL) || strcmp(id, e.feature_id) ||
                e.tiles < 1)
                return inv_fail(c, "log %d: tile %d at (%d,%d) feature %d (%s) of %d tiles", i, e.tile_index, e.x, e.y,
                                e.feature, e.feature_id, e.tiles);
        }
        if (e.kind != CARC_EVENT_SCORE) continue;
        log_sum[e.player] += e.points;
        if (!e.points) continue;
        carc_event ev;
        if (award >= ne || carc_game_event(g, award++, &ev) || ev.player != e.player || ev.points != e.points ||
            ev.category != e.category || ev.reason != e.reason || ev.tile_index != e.tile_index ||
            ev.feature != e.feature || ev.turn != e.turn)
            return inv_fail(c, "log %d is not event %d", i, award - 1);
    }
    if (award != ne) return inv_fail(c, "the log holds %d awards, the events %d", award, ne);
    if (nl < INV_EVENT_LOG)
        for (int p = 0; p < c->players; p++)
            if (ev_sum[p] != c->last_score[p] || log_sum[p] != c->last_score[p])
                return inv_fail(c, "player %d: events add to %d, the log to %d, score %d", p, ev_sum[p], log_sum[p],
                                c->last_score[p]);

    /* ---- what the end would bring: never less, and it adds up ---- */
    int tot[6], bd[6 * INV_MAX_CATS];
    if (carc_game_projection(g, tot, c->players, bd, c->players * c->ncat))
        return inv_fail(c, "projection failed");
    for (int p = 0; p < c->players; p++) {
        int sumc = 0;
        for (int k = 0; k < c->ncat; k++) sumc += bd[p * c->ncat + k];
        if (tot[p] < c->last_score[p] || sumc != tot[p] || (ph == CARC_PHASE_OVER && tot[p] != c->last_score[p]))
            return inv_fail(c, "player %d: projection %d (categories %d), score %d", p, tot[p], sumc,
                            c->last_score[p]);
    }

    /* ---- views: every owner the shape names can be read ---- */
    for (int vw = 0; vw < c->nviews; vw++) {
        int owners = 1, stride = 1;
        switch (c->view_shape[vw]) {
        case CARC_VIEW_PLAYER: owners = c->players; break;
        case CARC_VIEW_FIGURE: owners = nf; break;
        case CARC_VIEW_TILE: owners = nt; break;
        case CARC_VIEW_FEATURE: owners = nt, stride = CARC_VIEW_FEATURE_STRIDE; break;
        default: break;
        }
        for (int o = 0; o < owners; o++)
            for (int f = 0; f < stride; f++) {
                int owner = o * stride + f, val;
                if (c->view_shape[vw] == CARC_VIEW_FEATURE) {
                    carc_placed_tile t;
                    carc_game_tile(g, o, &t);
                    if (f >= c->type_nfeat[t.type]) {
                        if (carc_game_view(g, vw, owner, 0, &val) != CARC_E_RANGE)
                            return inv_fail(c, "view %d answers for feature %d of tile %d", vw, f, o);
                        continue;
                    }
                }
                for (int k = 0; k < c->view_len[vw]; k++)
                    if (carc_game_view(g, vw, owner, k, &val))
                        return inv_fail(c, "view %d owner %d value %d refused", vw, owner, k);
            }
    }

    /* ---- move text: every legal move reads back as itself ---- */
    for (size_t i = 0; i < nm; i++) {
        char text[512];
        size_t len = 0;
        carc_move back;
        int r = carc_move_format(g, &c->moves[i], text, sizeof text, &len);
        if (r) return inv_fail(c, "listed move %zu (kind %d) cannot be written: %s", i, c->moves[i].kind, carc_strerror(r));
        r = carc_move_parse(g, text, len, &back);
        if (r) return inv_fail(c, "listed move %zu written \"%s\" does not read back: %s", i, text, carc_strerror(r));
        if (!inv_same_key(&back, &c->moves[i]))
            return inv_fail(c, "listed move %zu written \"%s\" reads back as another move", i, text);
    }

    /* ---- features: every tile, every feature; figures counted where they stand ---- */
    int fig_feature[96], nfig_on = 0;
    for (int i = 0; i < nf && i < 96; i++) {
        carc_figure_info f;
        carc_game_figure(g, i, &f);
        fig_feature[i] = -1;
        if (!f.on_board) continue;
        carc_feature_info fi = {.struct_size = sizeof fi};
        if (carc_game_feature(g, f.tile_index, f.feature, &fi)) return inv_fail(c, "feature of figure %d", i);
        fig_feature[i] = fi.id;
        nfig_on++;
    }
    for (int i = 0; i < nt; i++) {
        carc_placed_tile t;
        carc_game_tile(g, i, &t);
        for (int f = -1; f <= c->type_nfeat[t.type]; f++) {
            carc_feature_info fi = {.struct_size = sizeof fi};
            int r = carc_game_feature(g, i, f, &fi);
            if (f < 0 || f == c->type_nfeat[t.type]) {
                if (r != CARC_E_RANGE) return inv_fail(c, "feature(%d, %d) outside the tile: %s", i, f, carc_strerror(r));
                continue;
            }
            if (r) return inv_fail(c, "feature(%d, %d): %s", i, f, carc_strerror(r));
            if (!fi.kind || fi.tiles < 1 || fi.tiles > nt || fi.open_edges < 0 || fi.id < 0)
                return inv_fail(c, "feature(%d, %d): kind %p tiles %d open %d id %d", i, f, (const void *)fi.kind,
                                fi.tiles, fi.open_edges, fi.id);
            int here = 0, counted = 0;
            for (int p = 0; p < 6; p++) {
                if (fi.figures[p] < 0 || (p >= c->players && fi.figures[p]))
                    return inv_fail(c, "feature(%d, %d): %d figures of player %d", i, f, fi.figures[p], p);
                here += fi.figures[p];
            }
            for (int k = 0; k < nf && k < 96; k++) counted += fig_feature[k] == fi.id;
            if (here != counted)
                return inv_fail(c, "feature(%d, %d): says %d figures, %d stand on it", i, f, here, counted);
        }
    }
    (void)nfig_on;
    return 0;
}

/* Saves, loads, saves again: the texts must match and the reloaded game
 * must show the same state. `lo` carries a custom tile set if any. */
static inline int inv_roundtrip(inv_ctx *c, const carc_game *g, const carc_load_options *lo)
{
    size_t a = 0, b = 0;
    if (inv_save(c, g, 0, &a)) return 1;
    carc_game *h = NULL;
    int r = carc_game_load(lo, c->save[0], a, &h);
    if (r) {
        c->text = c->save[0];
        return inv_fail(c, "a save does not load back: %s", carc_strerror(r));
    }
    int bad = inv_save(c, h, 1, &b);
    if (!bad && (a != b || memcmp(c->save[0], c->save[1], a)))
        bad = inv_fail(c, "save, load, save: the texts differ (%zu and %zu bytes)", a, b);
    if (!bad && inv_digest(g) != inv_digest(h)) bad = inv_fail(c, "a reloaded game shows a different state");
    carc_game_free(h);
    return bad;
}

/* A move the library accepted that was not listed must be one of the
 * listed ones in disguise: same tile and square, turned as listed or by a
 * turn that gives the identical tile (laid as the caller turned it); same
 * figure and feature; a pass; or the same action. `placed_rot` is the
 * rotation the tile got (TILE moves only). */
static inline int inv_accepted_was_listed(inv_ctx *c, const carc_move *listed, size_t n, const carc_move *m,
                                          int placed_rot)
{
    if (m->kind == CARC_MOVE_TILE) {
        int square = 0, same_edges = 0;
        char got[12], want[12], asked[12];
        if (m->rotation > 3) return inv_fail(c, "accepted rotation %d", m->rotation);
        if (placed_rot != m->rotation)
            for (size_t i = 0; i < n; i++) /* renamed: then only to a listed turn */
                if (listed[i].kind == CARC_MOVE_TILE && listed[i].tile == m->tile && listed[i].x == m->x &&
                    listed[i].y == m->y && listed[i].rotation == placed_rot)
                    same_edges = -1;
        if (placed_rot != m->rotation && same_edges != -1)
            return inv_fail(c, "tile asked turned %d was laid turned %d, neither a listed turn", m->rotation,
                            placed_rot);
        inv_rotated_edges(c, m->tile, placed_rot, got);
        inv_rotated_edges(c, m->tile, m->rotation, asked);
        if (memcmp(got, asked, 12))
            return inv_fail(c, "tile asked turned %d was laid turned %d, which shows other edges", m->rotation,
                            placed_rot);
        same_edges = 0;
        for (size_t i = 0; i < n; i++)
            if (listed[i].kind == CARC_MOVE_TILE && listed[i].tile == m->tile && listed[i].x == m->x &&
                listed[i].y == m->y) {
                square = 1;
                inv_rotated_edges(c, m->tile, listed[i].rotation, want);
                same_edges |= !memcmp(want, got, 12);
            }
        if (!square) return inv_fail(c, "accepted tile %d at (%d,%d) was not listed", m->tile, m->x, m->y);
        if (!same_edges)
            return inv_fail(c, "tile %d at (%d,%d) laid turned %d, which no listed turn looks like", m->tile, m->x,
                            m->y, placed_rot);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        if (inv_same_key(&listed[i], m)) return 0;
    return inv_fail(c, "accepted a move that was not listed (kind %d fig %d feat %d at %d,%d act %d target %d)",
                    m->kind, m->figure, m->feature, m->x, m->y, m->action, (int)m->target);
}

#endif
