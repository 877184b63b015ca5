/* One iteration of the search: copy the root, walk down the tree by the
 * confidence bound, add a node, play the game out at random, and add the
 * result to every move on the way. */
#include <math.h>
#include <stdlib.h>

#include "search.h"

/* splitmix64: the search's own generator (the engine's is per game). */
uint64_t search_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) by multiply and shift: no division, a bias under n / 2^32. */
static inline uint32_t below(uint64_t *state, uint32_t n)
{
    return (uint32_t)((search_rand(state) >> 32) * n >> 32);
}

static inline uint64_t mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

int move_equal(const carc_move *a, const carc_move *b)
{
    if (a->kind != b->kind) return 0;
    switch (a->kind) {
    case CARC_MOVE_TILE:
        return a->tile == b->tile && a->x == b->x && a->y == b->y && a->rotation == b->rotation;
    case CARC_MOVE_FIGURE:
        return a->figure == b->figure && a->feature == b->feature && a->x == b->x && a->y == b->y;
    case CARC_MOVE_PASS:
        return 1;
    default:
        return a->action == b->action && a->target == b->target && a->x == b->x && a->y == b->y &&
               a->figure == b->figure && a->feature == b->feature;
    }
}

/* The outcome of the chance since the last decision, as every player sees
 * it: the phase and who decides, every hand (without hands, the tile drawn
 * for the player to move), the tile of the turn, what each bag holds, and
 * the tiles set aside. Two positions a tree node stands for must agree on
 * all of it; a hidden tile is not in it, since nobody sees it. */
uint64_t search_observe(const struct carc_search *s, carc_game *g, int *player)
{
    carc_phase phase;
    int p = -1, n = 0, t = -1, buf[8];
    carc_game_state(g, &phase, &p);
    if (phase == CARC_PHASE_OVER) {
        *player = -1;
        return 1;
    }
    *player = p;
    uint64_t h = mix((uint64_t)phase << 8, (uint64_t)p);
    for (int q = 0; q < s->players; q++) {
        carc_game_hand(g, q, buf, 8, &n);
        h = mix(h, (uint64_t)n);
        for (int i = 0; i < n && i < 8; i++) h = mix(h, (uint64_t)buf[i]);
    }
    if (phase == CARC_PHASE_TILE && carc_game_drawn_tile(g, &t) == CARC_OK) h = mix(h, (uint64_t)t + 1000);
    for (int b = 0; b < s->bags; b++)
        for (int k = 0; k < s->tokens[b]; k++) {
            carc_game_tokens(g, b, -1, k, &n);
            h = mix(h, (uint64_t)n);
        }
    carc_game_removed_count(g, &n);
    h = mix(h, (uint64_t)n);
    if (n > 0 && carc_game_removed(g, n - 1, &t, NULL) == CARC_OK) h = mix(h, (uint64_t)(t + 1));
    return h;
}

int search_list(worker *w, carc_game *g, size_t *n)
{
    int r = carc_game_moves(g, w->moves, w->cap_moves, n);
    if (r != CARC_E_BUFFER) return r;
    /* a listing past the buffer: grow it once to what the engine says */
    carc_move *m = realloc(w->moves, *n * sizeof *m);
    if (!m) return CARC_E_NOMEM;
    w->moves = m;
    w->cap_moves = *n;
    return carc_game_moves(g, w->moves, w->cap_moves, n);
}

/* The next move to go down from node nd: the untried ones first, in an
 * order drawn edge by edge (a Fisher-Yates shuffle done as it goes), then
 * the best upper confidence bound for the player deciding there. */
static uint32_t select_edge(worker *w, snode *nd)
{
    tree *t = &w->t;
    if (nd->tried < nd->nedges) {
        uint32_t a = nd->edges + nd->tried, b = a + below(&w->rng, (uint32_t)(nd->nedges - nd->tried));
        sedge tmp = t->edges[a];
        t->edges[a] = t->edges[b];
        t->edges[b] = tmp;
        nd->tried++;
        return a;
    }
    const sedge *e = &t->edges[nd->edges];
    double k = w->s->o.exploration * sqrt(log((double)nd->visits)), best = -1.0;
    uint32_t pick = 0;
    for (uint32_t i = 0; i < nd->nedges; i++) {
        double n = (double)e[i].visits, u = (e[i].value + k * sqrt(n)) / n; /* mean + k / sqrt(n) */
        if (u > best) best = u, pick = i;
    }
    return nd->edges + pick;
}

/* Plays g to its end at random. `n` moves of the position are listed in
 * the worker's buffer already (0: none yet). */
static int playout(worker *w, carc_game *g, size_t n)
{
    for (;;) {
        if (!n) {
            int r = search_list(w, g, &n);
            if (r == CARC_E_GAME_OVER) return CARC_OK;
            if (r) return r;
            if (!n) return CARC_E_INVALID; /* a decision without a legal move: not a game the engine makes */
        }
        int r = carc_game_apply(g, &w->moves[below(&w->rng, (uint32_t)n)]);
        if (r) return r;
        n = 0;
    }
}

/* Each player's reward for the finished game g. */
static void rewards(const struct carc_search *s, carc_game *g, double *r)
{
    int score[CARC_MAX_PLAYERS], top = INT32_MIN, tied = 0;
    for (int p = 0; p < s->players; p++) {
        score[p] = 0;
        carc_game_score(g, p, &score[p]);
        if (score[p] > top) top = score[p], tied = 0;
        tied += score[p] == top;
    }
    for (int p = 0; p < s->players; p++) {
        if (s->o.reward == CARC_SEARCH_REWARD_WIN) {
            r[p] = score[p] == top ? 1.0 / tied : 0.0;
            continue;
        }
        int other = INT32_MIN;
        for (int q = 0; q < s->players; q++)
            if (q != p && score[q] > other) other = score[q];
        r[p] = 1.0 / (1.0 + exp(-(double)(score[p] - other) / s->o.margin_scale));
    }
}

/* Walks down from the root, applying each move to g, until it adds a node,
 * meets the end of the game or leaves the tree. Returns the path's length;
 * *listed is the number of moves of g listed in the buffer (0: none). */
static int descend(worker *w, carc_game *g, size_t *listed, int *status)
{
    tree *t = &w->t;
    uint32_t at = t->root;
    int depth = 0;
    *listed = 0;
    while (!(t->nodes[at].flags & NODE_OVER) && depth < MAX_PATH - 1) {
        uint32_t e = select_edge(w, &t->nodes[at]);
        if (carc_game_apply(g, &t->edges[e].move) != CARC_OK) break; /* a position the key missed: play on from here */
        w->path_node[depth] = at;
        w->path_edge[depth++] = e;
        int player;
        uint64_t key = search_observe(w->s, g, &player);
        uint32_t next = tree_outcome(t, e, key);
        if (next) {
            at = next;
            continue;
        }
        size_t n = 0;
        if (player >= 0 && (*status = search_list(w, g, &n)) != CARC_OK) return depth;
        if ((next = tree_add(t, e, key, player, player < 0, w->moves, n)) != 0) {
            w->path_node[depth] = next;
            w->path_edge[depth++] = 0;
        }
        *listed = n;
        return depth;
    }
    w->path_node[depth] = at;
    w->path_edge[depth++] = 0;
    return depth;
}

int search_iterate(worker *w)
{
    const struct carc_search *s = w->s;
    carc_game *g = w->work;
    int r = carc_game_copy(g, s->root);
    if (!r) r = carc_game_reseed(g, search_rand(&w->chance));
    if (!r && s->hidden) r = carc_game_redeal_hidden(g, search_rand(&w->chance));
    if (r) return r;
    size_t listed;
    int depth = descend(w, g, &listed, &r);
    if (!r) r = playout(w, g, listed);
    if (r) return r;
    double reward[CARC_MAX_PLAYERS];
    rewards(s, g, reward);
    tree *t = &w->t;
    for (int i = 0; i < depth; i++) {
        snode *nd = &t->nodes[w->path_node[i]];
        nd->visits++;
        if (!w->path_edge[i]) continue;
        sedge *e = &t->edges[w->path_edge[i]];
        e->visits++;
        e->value += reward[nd->player];
    }
    return CARC_OK;
}
