/* Chance and its record: draw stacks and token bags, the queues of fixed
 * draws callers and saves make, tiles hidden (under a hill) and drawn
 * tiles replaced, reseeds, the tiles that left the game unplaced, and the
 * history a save replays. The hot draw of a turn is inline in draws.h. */
#include <string.h>

#include "draws.h"
#include "plugin_check.h"

int draws_record(carc_game *g, const hist_rec *h)
{
    if (g->nhist >= g->hist_cap) return CARC_E_LIMIT;
    g->hist[g->nhist++] = *h;
    return CARC_OK;
}

/* Records the game itself makes later (draws and moves of every turn left)
 * always find room: calls that add records of their own (reseeds,
 * replacements) stop short of this reserve. */
int draws_reserve(const carc_game *g)
{
    int left = 0;
    for (int d = 0; d < g->ts->ndecks; d++) left += g->decks[d].nleft;
    for (int p = 0; p < g->nplayers; p++) left += g->nheld[p];
    return HIST_RESERVE + 8 * left;
}

/* Per move kind, the bytes of a carc_move the history keeps: those that
 * mean something for the kind (TILE: kind, rotation, x, y, tile; FIGURE:
 * kind, figure, feature, x, y; PASS: kind; ACTION: all). Byte by byte, so
 * the same on any byte order. */
const union keep_bytes KEEP = {
    .b = {
        [CARC_MOVE_TILE] = {255, 255, 0, 0, 255, 255, 255, 255, 255, 255},
        [CARC_MOVE_FIGURE] = {255, 0, 255, 255, 255, 255, 255, 255},
        [CARC_MOVE_PASS] = {255},
        [CARC_MOVE_ACTION] = {255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255},
    }};
_Static_assert(sizeof(carc_move) == 16 && offsetof(carc_move, rotation) == 1 && offsetof(carc_move, figure) == 2 &&
                   offsetof(carc_move, feature) == 3 && offsetof(carc_move, x) == 4 && offsetof(carc_move, y) == 6 &&
                   offsetof(carc_move, tile) == 8,
               "KEEP follows the layout of carc_move");

/* ---- tiles out of the game ---------------------------------------------- */

void draws_out_from(carc_game *g, int type, int reason, int d)
{
    if (type < 0 || g->nout >= g->ts->total) return;
    g->out[g->nout++] = (out_rec){(uint8_t)type, (uint8_t)reason, (uint8_t)d};
}

void draws_out(carc_game *g, int type, int reason) { draws_out_from(g, type, reason, 0); }

int carc_game_removed_count(const carc_game *g, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    *n = g->nout;
    return CARC_OK;
}

int carc_game_removed(const carc_game *g, int i, int *type, int *reason)
{
    if (!g) return CARC_E_NULL;
    if (i < 0 || i >= g->nout) return CARC_E_RANGE;
    if (type) *type = g->out[i].reason == CARC_REMOVED_HIDDEN ? -1 : g->out[i].type;
    if (reason) *reason = g->out[i].reason;
    return CARC_OK;
}

/* ---- the draw of a turn -------------------------------------------------- */

int draws_tile(carc_game *g, int d) { return draw_from(g, d, NULL); }

void draws_end_game(carc_game *g)
{
    g->phase = CARC_PHASE_OVER;
    g->over = 1;
    g->hand_valid = 0;
    g->decider = -1;
    /* nothing is drawn any more: fixed draws still queued mean nothing */
    for (int d = 0; d < MAX_DECKS; d++) fixed_clear(deck_fixed(&g->decks[d]));
    for (int b = 0; b < CARC_MAX_BAGS; b++) fixed_clear(bag_fixed(&g->bags[b]));
    if (g->vt.final_scoring)
        g->vt.final_scoring(g);
    else
        scoring_final(g);
}

/* A tile dealt into a hand, seen by the variant like any draw. */
static int deal(carc_game *g)
{
    int t = draws_tile(g, 0);
    if (t >= 0 && g->vt.on_draw) g->vt.on_draw(g, t);
    return t;
}

/* draws_hand_turn's most common step, or -1 having changed nothing: after
 * the first deal, one player (who just played) is a tile short, the stack
 * holds tiles and queues no fixed draw, and every tile the player to move
 * will hold fits somewhere. The tile is dealt as deal() would (the same
 * pick from the generator, the same record), on a copy of the generator
 * kept only once the fits are known. Returns the tile the turn offers
 * first (g->hand). Games with an on_draw hook, wide games and sets
 * without a fit table take the full step (carc_game.hands_quick). */
static NOINLINE int hand_turn_quick(carc_game *g)
{
    deck *dk = &g->decks[0];
    const int size = g->hand_size, np = g->nplayers, p = g->player;
    if (!g->hands_quick || !g->dealt || !dk->nleft || dk->nforced) return -1;
    int shortp = -1;
    for (int q = 0; q < np; q++) {
        if (g->nheld[q] == size) continue;
        if (shortp >= 0 || g->nheld[q] != size - 1) return -1;
        shortp = q;
    }
    if (shortp < 0) return -1;
    uint64_t rng = g->rng;
    unsigned i = rng_below(&rng, dk->nleft);
    uint8_t *left = dk->left_n; /* a narrow game's (tested above) */
    const int t = left[i];
    const uint8_t *h = g->held[p];
    for (int k = 0; k < g->nheld[p]; k++)
        if (!board_any_fit_table(g, 0, h[k])) return -1;
    if (shortp == p && !board_any_fit_table(g, 0, t)) return -1;
    g->rng = rng;
    left[i] = left[--dk->nleft];
    draws_record_draw(g, 0, 0, t);
    g->held[shortp][g->nheld[shortp]++] = (uint8_t)t;
    g->hand = h[0];
    g->hand_valid = 1;
    g->draw_out = g->nout;
    return h[0];
}

/* The pending step of a turn with hands: tiles taken out before the first
 * deal, hands filled in seat order, then the hand of the player to move
 * with every tile that fits nowhere set aside and replaced. A player with
 * an empty hand is skipped; when every hand is empty the game ends. */
void draws_hand_turn(carc_game *g)
{
    /* tried here for the draws made as a game lists (a playout, a replay);
     * a turn whose quick deal already failed in draws_turn_quick (a tile
     * that fits nowhere, a queued draw) fails it again, rarely and cheaply */
    if (hand_turn_quick(g) >= 0) return;
    const deck *dk = &g->decks[0];
    if (!g->dealt) {
        for (int i = 0; i < g->hand_removed && dk->nleft; i++) draws_out(g, draws_tile(g, 0), CARC_REMOVED_FACE_UP);
        g->dealt = 1;
    }
    for (int p = 0; p < g->nplayers; p++)
        while (g->nheld[p] < g->hand_size && dk->nleft) {
            int t = deal(g);
            if (t >= 0) g->held[p][g->nheld[p]++] = (uint8_t)t;
        }
    for (int skipped = 0; skipped <= g->nplayers; skipped++) {
        int p = g->player;
        for (int i = 0; i < g->nheld[p];) {
            int t = g->held[p][i];
            if (board_any_fit(g, t)) {
                i++;
                continue;
            }
            draws_out(g, t, CARC_REMOVED_UNPLACEABLE);
            int r = dk->nleft ? deal(g) : -1;
            if (r >= 0) {
                g->held[p][i] = (uint8_t)r; /* the new tile is checked in turn */
            } else {
                memmove(&g->held[p][i], &g->held[p][i + 1], (size_t)(g->nheld[p] - i - 1));
                g->nheld[p]--;
            }
        }
        if (g->nheld[p]) {
            g->hand = g->held[p][0];
            g->hand_valid = 1;
            return;
        }
        g->player = p + 1 == g->nplayers ? 0 : p + 1;
    }
    draws_end_game(g); /* nobody holds a tile and the stack is empty */
}

int game_resolve(carc_game *g)
{
    if (g->phase == CARC_PHASE_TILE && !g->hand_valid) draws_turn(g, NULL, 0, NULL);
    return CARC_OK;
}

NOINLINE void draws_turn_slow(carc_game *g) { draws_turn(g, NULL, 0, NULL); }

int draws_turn_quick(carc_game *g)
{
    int d = g->turn_deck;
    deck *dk = &g->decks[d];
    if (!g->draws_plain || !dk->nleft || dk->nforced) return hand_mode(g) ? hand_turn_quick(g) : -1;
    /* the pick on a copy of the generator, kept only if the tile fits: else
     * draws_turn makes the same pick again and goes on from there */
    uint64_t rng = g->rng;
    unsigned i = rng_below(&rng, dk->nleft);
    uint8_t *left = dk->left_n; /* a plain draw's game is narrow (setup_game) */
    int t = left[i];
    if (!board_any_fit_table(g, 0, t)) return -1; /* a plain draw's game is narrow (setup_game) */
    g->rng = rng;
    left[i] = left[--dk->nleft];
    draws_record_draw(g, d, 0, t);
    g->draw_out = g->nout;
    return t;
}

/* ---- fixed tiles: queued, hidden, replaced ------------------------------ */

/* Copies of `tile` in stack d beyond those queued as fixed draws. */
static int free_copies(const deck *dk, int tile)
{
    int have = 0;
    for (int i = 0; i < dk->nleft; i++) have += deck_left(dk)[i] == tile;
    return have - fixed_queued(dk->forced, dk->forced_head, dk->nforced, tile);
}

/* A tile hidden unseen (under a hill) is any tile of its stack for all a
 * player knows, so a caller naming a tile that only lies hidden gets it:
 * the hidden one comes back and another tile of the stack, not queued,
 * takes its place under the hill (`*hidden`, or at random when -1). The
 * swap is recorded, so a save replays it. */
/* `within` a replacement, which records the pick itself: no record here,
 * and the room for it was checked by the replacement. */
static int rehide_at(carc_game *g, int tile, int d, int *hidden, int within)
{
    int at = -1;
    for (int i = 0; i < g->nout && at < 0; i++)
        if (g->out[i].reason == CARC_REMOVED_HIDDEN && g->out[i].type == tile && g->out[i].deck == d) at = i;
    if (at < 0) return CARC_E_UNAVAILABLE;
    deck *dk = &g->decks[d];
    int pool[MAX_TILES], n = 0;
    for (int i = 0; i < dk->nleft; i++) {
        int t = deck_left(dk)[i], seen = 0;
        for (int j = 0; j < i; j++) seen += deck_left(dk)[j] == t;
        if (t != tile && free_copies(dk, t) > seen) pool[n++] = t; /* a copy no fixed draw needs */
    }
    if (!n) return CARC_E_UNAVAILABLE;
    /* the pick comes from the game's generator; a replay (the pick given)
     * draws the same number so every later draw stays in step */
    int y = pool[rng_below(&g->rng, (unsigned)n)];
    if (*hidden >= 0) {
        int ok = 0;
        for (int i = 0; i < n; i++) ok |= pool[i] == *hidden;
        if (!ok) return CARC_E_UNAVAILABLE;
        y = *hidden;
    }
    hist_rec h = {.kind = H_REHIDE, .which = (uint8_t)d, .forced = (uint8_t)y, .value = (uint16_t)tile};
    if (!within) {
        if (g->nhist + 1 + draws_reserve(g) > g->hist_cap) return CARC_E_LIMIT;
        draws_record(g, &h);
    }
    g->out[at].type = (uint8_t)y;
    for (int i = 0; i < dk->nleft; i++)
        if (deck_left(dk)[i] == y) {
            deck_left(dk)[i] = (uint8_t)tile;
            break;
        }
    *hidden = y;
    return CARC_OK;
}

int rehide(carc_game *g, int tile, int d, int *hidden) { return rehide_at(g, tile, d, hidden, 0); }

/* Queues a fixed draw of `tile` on its stack if a copy is left for it
 * beyond those already queued (or one lies hidden, see rehide). */
int deck_queue(carc_game *g, int tile)
{
    int d = g->ts->types[tile].deck, any = -1;
    deck *dk = &g->decks[d];
    if (dk->nforced == MAX_FORCED) return CARC_E_LIMIT; /* before anything changes */
    if (free_copies(dk, tile) <= 0 && rehide(g, tile, d, &any)) return CARC_E_UNAVAILABLE;
    return fixed_push(deck_fixed(dk), tile);
}

/* This turn's tile is drawn but not placed: the caller says it is another
 * one. The drawn tile goes back; a named tile that fits nowhere is set
 * aside and the next draw follows. */
int replace_drawn(carc_game *g, int tile, int hide)
{
    deck *dk = &g->decks[g->turn_deck];
    if (tile == g->hand) return CARC_OK;
    hist_rec h = {.kind = H_REPLACE, .which = (uint8_t)g->turn_deck, .forced = (uint8_t)g->hand,
                  .value = (uint16_t)tile};
    if (g->nhist + 1 + draws_reserve(g) > g->hist_cap) return CARC_E_LIMIT;
    /* the named tile must be in the stack, or lie hidden: then the drawn tile,
     * about to go back, can at least take its place (rehide) */
    int hidden_there = 0;
    for (int i = 0; i < g->nout; i++)
        hidden_there |= g->out[i].reason == CARC_REMOVED_HIDDEN && g->out[i].type == tile &&
                        g->out[i].deck == g->turn_deck;
    if (!deck_has(dk, tile) && !hidden_there) return CARC_E_UNAVAILABLE;
    /* the replaced draws did not happen: tiles they hid (under a hill) or
     * set aside (fitting nowhere) go back */
    for (int i = g->nout - 1; i >= g->draw_out; i--) {
        if (g->out[i].reason != CARC_REMOVED_HIDDEN && g->out[i].reason != CARC_REMOVED_UNPLACEABLE) continue;
        deck *back = &g->decks[g->out[i].deck];
        deck_left(back)[back->nleft++] = g->out[i].type;
        for (int j = i; j + 1 < g->nout; j++) g->out[j] = g->out[j + 1];
        g->nout--;
    }
    deck_left(dk)[dk->nleft++] = (uint8_t)g->hand;
    /* the named tile lay under a hill: it comes out and a tile of the stack (the
     * old one is back there, so there is one) goes under; the replacement
     * records the pick (`hide` replays it) */
    if (!deck_has(dk, tile)) {
        if (rehide_at(g, tile, g->turn_deck, &hide, 1)) return CARC_E_UNAVAILABLE; /* only a bad replay hint */
        h.pad = (uint8_t)(hide + 1);
    }
    deck_remove(dk, tile);
    g->hand = tile;
    /* the named tile is drawn like any other (a hill hides its tile), and the
     * replacement is recorded after the draws it set off, as a move is */
    if (g->vt.on_draw) g->vt.on_draw(g, tile);
    draws_record(g, &h);
    if (!board_any_fit(g, tile)) {
        g->hand_valid = 0;
        draws_out(g, tile, CARC_REMOVED_UNPLACEABLE);
    }
    return CARC_OK;
}

/* ---- fixing the first draws ----------------------------------------------
 *
 * A new game has drawn its first tile (or dealt its hands) when it is made,
 * but until its first move that deal is not yet a fact of the table: a call
 * that fixes a draw then makes the game's draws again from its options,
 * with every draw fixed so far first, as they would have come had the
 * calls been made before the game drew anything. */

/* The draws fixed so far: those made (forced records of the history) and
 * those still queued, per stack and bag. */
typedef struct fixed_draws {
    uint8_t tile[MAX_DECKS][MAX_FORCED];
    int ntile[MAX_DECKS];
    uint8_t token[CARC_MAX_BAGS][MAX_FORCED_TOKENS];
    int ntoken[CARC_MAX_BAGS];
} fixed_draws;

/* Whether the game can still be dealt again: no move made, and a history
 * of draws, tokens and reseeds alone (a replacement or a rehide of a loaded
 * game is kept as it is). */
static int dealing(const carc_game *g)
{
    if (g->over) return 0;
    for (int i = 0; i < g->nhist; i++)
        if (g->hist[i].kind != H_DRAW && g->hist[i].kind != H_TOKEN && g->hist[i].kind != H_RESEED) return 0;
    return 1;
}

static int add_fixed(uint8_t *list, int *n, int cap, int v)
{
    if (*n >= cap) return CARC_E_LIMIT;
    list[(*n)++] = (uint8_t)v;
    return CARC_OK;
}

static int fixed_so_far(const carc_game *g, fixed_draws *f)
{
    memset(f->ntile, 0, sizeof f->ntile);
    memset(f->ntoken, 0, sizeof f->ntoken);
    int r = CARC_OK;
    for (int i = 0; i < g->nhist && !r; i++) {
        const hist_rec *h = &g->hist[i];
        if (h->kind == H_DRAW && h->forced) r = add_fixed(f->tile[h->which], &f->ntile[h->which], MAX_FORCED, h->value);
        if (h->kind == H_TOKEN && h->forced)
            r = add_fixed(f->token[h->which], &f->ntoken[h->which], MAX_FORCED_TOKENS, h->value);
    }
    for (int d = 0; d < MAX_DECKS && !r; d++)
        for (int i = g->decks[d].forced_head; i < g->decks[d].nforced && !r; i++)
            r = add_fixed(f->tile[d], &f->ntile[d], MAX_FORCED, g->decks[d].forced[i]);
    for (int b = 0; b < CARC_MAX_BAGS && !r; b++)
        for (int i = g->bags[b].forced_head; i < g->bags[b].nforced && !r; i++)
            r = add_fixed(f->token[b], &f->ntoken[b], MAX_FORCED_TOKENS, g->bags[b].forced[i]);
    return r;
}

/* Copies of each tile type in stack d as the game was made. */
static void made_with(const carc_game *g, int d, int counts[MAX_TYPES])
{
    for (int t = 0; t < g->ts->ntypes; t++) {
        const tile_type *ty = &g->ts->types[t];
        counts[t] = ty->deck == d ? ty->count - (ty->start ? 1 : 0) : 0;
    }
}

/* Makes the game again from its options with the draws f fixed, keeping
 * the reseeds made so far (in order, after what the ruleset's setup
 * records), and makes its first draws. */
static void deal_again(carc_game *g, const fixed_draws *f)
{
    /* the reseeds wait at the far end of the history, which nothing
     * before the first move comes near */
    int n = 0;
    uint64_t rng = 0;
    for (int i = g->nhist - 1; i >= 0; i--)
        if (g->hist[i].kind == H_RESEED) g->hist[g->hist_cap - 1 - n++] = g->hist[i];
    setup_clear(g);
    setup_game(g); /* it did once with these options, so it does again */
    for (int i = n - 1; i >= 0; i--) {
        g->hist[g->nhist++] = g->hist[g->hist_cap - 1 - i];
        rng = hist_seed(&g->hist[g->nhist - 1]);
    }
    if (n) g->rng = rng;
    for (int d = 0; d < MAX_DECKS; d++)
        for (int i = 0; i < f->ntile[d]; i++) fixed_push(deck_fixed(&g->decks[d]), f->tile[d][i]);
    for (int b = 0; b < CARC_MAX_BAGS; b++)
        for (int i = 0; i < f->ntoken[b]; i++) fixed_push(bag_fixed(&g->bags[b]), f->token[b][i]);
    game_resolve(g);
}

/* Fixes `n` draws of stack d before the first move: after those fixed so
 * far, or (`whole`) as the stack's whole order in place of them. Each must
 * be a copy the stack was made with beyond those fixed already. */
static int deal_fixed(carc_game *g, int d, const int *tiles, int n, int whole)
{
    fixed_draws f;
    int counts[MAX_TYPES];
    if (fixed_so_far(g, &f)) return CARC_E_LIMIT;
    if (whole) f.ntile[d] = 0;
    if (f.ntile[d] + n > MAX_FORCED) return CARC_E_LIMIT;
    made_with(g, d, counts);
    for (int i = 0; i < f.ntile[d]; i++) counts[f.tile[d][i]]--;
    for (int i = 0; i < n; i++)
        if (--counts[tiles[i]] < 0) return CARC_E_UNAVAILABLE;
    for (int i = 0; i < n; i++) f.tile[d][f.ntile[d]++] = (uint8_t)tiles[i];
    deal_again(g, &f);
    return CARC_OK;
}

int carc_game_set_next_tile(carc_game *g, int tile)
{
    if (!g) return CARC_E_NULL;
    if (tile < 0 || tile >= g->ts->ntypes) return CARC_E_RANGE;
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    int d = g->ts->types[tile].deck;
    if (dealing(g)) return deal_fixed(g, d, &tile, 1, 0);
    deck *dk = &g->decks[d];
    /* with hands every fixed tile is queued: it is the next one dealt */
    if (!hand_mode(g) && g->phase == CARC_PHASE_TILE && g->hand_valid && d == g->turn_deck &&
        dk->forced_head == dk->nforced) {
        int r = replace_drawn(g, tile, -1);
        game_resolve(g); /* the named tile fits nowhere: the next draw */
        return r;
    }
    return deck_queue(g, tile);
}

int carc_game_set_deck_order(carc_game *g, int d, const int *tiles, int n)
{
    if (!g || (!tiles && n)) return CARC_E_NULL;
    if (d < 0 || d >= g->ts->ndecks || n < 0 || n > MAX_FORCED) return CARC_E_RANGE;
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    for (int i = 0; i < n; i++)
        if (tiles[i] < 0 || tiles[i] >= g->ts->ntypes) return CARC_E_RANGE;
    deck *dk = &g->decks[d];
    int counts[MAX_TYPES] = {0}, whole = 0, made[MAX_TYPES];
    for (int i = 0; i < dk->nleft; i++) counts[deck_left(dk)[i]]++;
    made_with(g, d, made);
    for (int t = 0; t < g->ts->ntypes; t++) whole += made[t];
    /* before the first move, the stack as it was made: its draws again */
    if (n != dk->nleft && n == whole && dealing(g)) return deal_fixed(g, d, tiles, n, 1);
    if (n != dk->nleft) return CARC_E_UNAVAILABLE;
    for (int i = 0; i < n; i++)
        if (--counts[tiles[i]] < 0) return CARC_E_UNAVAILABLE;
    fixed_ref q = deck_fixed(dk);
    fixed_clear(q);
    for (int i = 0; i < n; i++) fixed_push(q, tiles[i]);
    return CARC_OK;
}

int carc_game_deck_remaining(const carc_game *g, int d, int *n)
{
    if (!g || !n) return CARC_E_NULL;
    if (d < 0 || d >= g->ts->ndecks) return CARC_E_RANGE;
    *n = g->decks[d].nleft;
    return CARC_OK;
}

int carc_game_reseed(carc_game *g, uint64_t seed)
{
    if (!g) return CARC_E_NULL;
    if (g->over) return CARC_E_GAME_OVER;
    hist_rec h = {.kind = H_RESEED};
    hist_set_seed(&h, seed);
    if (g->nhist + 1 + draws_reserve(g) > g->hist_cap || draws_record(g, &h)) return CARC_E_LIMIT;
    g->rng = seed;
    return CARC_OK;
}

/* ---- tokens -------------------------------------------------------------- */

static int bag_there(const void *b, int token) { return ((const bag *)b)->count[token] != 0; }

/* Whether b is a bag of the game and token one of its kinds. */
static int bag_token(const carc_game *g, int b, int token)
{
    return b >= 0 && b < g->vt.bag_count && token >= 0 && (unsigned)token < g->vt.bags[b].token_count;
}

int carc_game_set_next_token(carc_game *g, const char *name, int token)
{
    if (!g || !name) return CARC_E_NULL;
    int b = -1;
    for (int i = 0; i < g->vt.bag_count; i++)
        if (strcmp(g->vt.bags[i].name, name) == 0) b = i;
    if (b < 0) return CARC_E_NOT_FOUND;
    if (g->phase == CARC_PHASE_OVER) return CARC_E_GAME_OVER;
    if (!bag_token(g, b, token)) return CARC_E_RANGE;
    bag *bg = &g->bags[b];
    if (bg->count[token] <= fixed_queued(bg->forced, bg->forced_head, bg->nforced, token)) return CARC_E_UNAVAILABLE;
    return fixed_push(bag_fixed(bg), token);
}

int carc_deck_discard(carc_game *g, int d)
{
    if (!VALID_DECK(g, d)) return -1;
    int t = draws_tile(g, d);
    draws_out_from(g, t, CARC_REMOVED_HIDDEN, d);
    return t;
}

int carc_bag_draw(carc_game *g, int b)
{
    if (!VALID_BAG(g, b)) return -1;
    bag *bg = &g->bags[b];
    unsigned kinds = g->vt.bags[b].token_count, total = 0;
    for (unsigned k = 0; k < kinds; k++) total += bg->count[k];
    if (total == 0) return -1;
    int token = fixed_take(bag_fixed(bg), bag_there, bg), forced = token >= 0;
    if (token < 0) {
        unsigned r = rng_below(&g->rng, total);
        for (unsigned k = 0; k < kinds; k++) {
            if (r < bg->count[k]) {
                token = (int)k;
                break;
            }
            r -= bg->count[k];
        }
    }
    if (token < 0) return -1; /* cannot happen while total > 0; says so to the compiler too */
    bg->count[token]--;
    hist_rec h = {.kind = H_TOKEN, .which = (uint8_t)b, .forced = (uint8_t)forced, .value = (uint16_t)token};
    draws_record(g, &h);
    return token;
}

void carc_bag_return(carc_game *g, int b, int token, int n)
{
    if (!VALID_TOKEN(g, b, token) || !PLUGIN_OK(n >= 0, "count", n) || n == 0) return;
    int c = g->bags[b].count[token] + n;
    g->bags[b].count[token] = (uint8_t)(c > UINT8_MAX ? UINT8_MAX : c);
}

int carc_bag_count(const carc_game *g, int b, int token)
{
    if (!VALID_TOKEN(g, b, token)) return 0;
    return g->bags[b].count[token];
}

int carc_bag_give(carc_game *g, int b, int token, int player)
{
    if (!VALID_TOKEN(g, b, token) || !VALID_PLAYER(g, player)) return 0;
    bag *bg = &g->bags[b];
    if (!bg->count[token] || bg->held[player][token] == UINT8_MAX) return 0;
    bg->count[token]--;
    bg->held[player][token]++;
    /* a fixed draw queued for a token no longer in the bag would never come */
    fixed_keep(bag_fixed(bg), token, bg->count[token]);
    return 1;
}

int carc_player_tokens(const carc_game *g, int player, int b, int token)
{
    if (!VALID_TOKEN(g, b, token) || !VALID_PLAYER(g, player)) return 0;
    return g->bags[b].held[player][token];
}
