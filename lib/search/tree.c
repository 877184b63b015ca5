/* The tree's memory: a pool of nodes and a pool of edges per thread, each
 * doubling up to the thread's share of the memory limit, and the move of
 * a kept subtree to the front of the pools when the game goes on. */
#include <stdlib.h>
#include <string.h>

#include "search.h"

/* First sizes: a run of a few thousand iterations on a base game (about 30
 * moves a node) fits without a growth. */
#define FIRST_NODES 4096u
#define FIRST_EDGES 65536u

size_t tree_bytes(const tree *t)
{
    return (size_t)t->cap_nodes * sizeof(snode) + (size_t)t->cap_edges * sizeof(sedge);
}

/* With `whole`, the pools take the whole limit at once: sixteen edges a
 * node, about what a base game's tree holds (some 30 moves a placement,
 * 2 to 6 a figure step). */
int tree_init(tree *t, size_t limit, int whole)
{
    memset(t, 0, sizeof *t);
    t->limit = limit;
    uint32_t nodes = FIRST_NODES, edges = FIRST_EDGES;
    if (whole) {
        size_t n = limit / (sizeof(snode) + 16 * sizeof(sedge));
        if (n > UINT32_MAX / 64) n = UINT32_MAX / 64;
        nodes = (uint32_t)n;
        edges = (uint32_t)((limit - n * sizeof(snode)) / sizeof(sedge));
    }
    while ((size_t)nodes * sizeof(snode) + (size_t)edges * sizeof(sedge) > limit && edges > 64) {
        nodes /= 2;
        edges /= 2;
    }
    t->nodes = malloc((size_t)nodes * sizeof(snode));
    t->edges = malloc((size_t)edges * sizeof(sedge));
    if (!t->nodes || !t->edges) {
        tree_free(t);
        return CARC_E_NOMEM;
    }
    t->cap_nodes = nodes;
    t->cap_edges = edges;
    tree_clear(t);
    return CARC_OK;
}

void tree_free(tree *t)
{
    free(t->nodes);
    free(t->edges);
    memset(t, 0, sizeof *t);
}

void tree_clear(tree *t)
{
    t->nnodes = 1; /* node 0 is "none" */
    t->nedges = 1; /* so is edge 0: the root's parent */
    t->root = 0;
    t->full = 0;
    memset(&t->nodes[0], 0, sizeof t->nodes[0]);
    memset(&t->edges[0], 0, sizeof t->edges[0]);
}

/* Doubles a pool until it holds `need` items; the last growth below the
 * limit takes what room is left. Returns 0 when `need` does not fit. */
static int grow(tree *t, int edges, uint32_t need)
{
    uint32_t cap = edges ? t->cap_edges : t->cap_nodes;
    size_t item = edges ? sizeof(sedge) : sizeof(snode);
    if (need <= cap) return 1;
    uint64_t want = cap;
    while (want < need) want *= 2;
    size_t used = tree_bytes(t), room = t->limit > used ? (t->limit - used) / item : 0;
    if (want - cap > room) want = cap + room;
    if (want < need || want > UINT32_MAX / 2) return 0;
    void *p = realloc(edges ? (void *)t->edges : (void *)t->nodes, (size_t)want * item);
    if (!p) return 0;
    if (edges) {
        t->edges = p;
        t->cap_edges = (uint32_t)want;
    } else {
        t->nodes = p;
        t->cap_nodes = (uint32_t)want;
    }
    return 1;
}

uint32_t tree_add(tree *t, uint32_t parent, uint64_t key, int player, int over, const carc_move *moves, size_t n)
{
    if (n > UINT16_MAX || !grow(t, 0, t->nnodes + 1) || !grow(t, 1, t->nedges + (uint32_t)n)) {
        t->full = 1;
        return 0;
    }
    uint32_t id = t->nnodes++;
    snode *nd = &t->nodes[id];
    memset(nd, 0, sizeof *nd);
    nd->key = key;
    nd->edges = t->nedges;
    nd->nedges = (uint16_t)n;
    nd->player = (uint8_t)(player < 0 ? 0 : player);
    nd->flags = over ? NODE_OVER : 0;
    for (size_t i = 0; i < n; i++) {
        sedge *e = &t->edges[t->nedges + i];
        e->move = moves[i];
        e->child = 0;
        e->visits = 0;
        e->value = 0;
    }
    t->nedges += (uint32_t)n;
    if (parent) {
        nd->next = t->edges[parent].child;
        t->edges[parent].child = id;
    } else {
        t->root = id;
    }
    return id;
}

/* Marks the subtree of `keep`: a child always comes after its parent in
 * the pool, so one pass in order finds every descendant of a marked node. */
static void mark(tree *t, uint32_t keep)
{
    for (uint32_t i = 1; i < t->nnodes; i++) t->nodes[i].flags &= (uint8_t)~NODE_KEEP;
    t->nodes[keep].flags |= NODE_KEEP;
    for (uint32_t i = keep; i < t->nnodes; i++) {
        const snode *nd = &t->nodes[i];
        if (!(nd->flags & NODE_KEEP)) continue;
        for (uint32_t e = nd->edges; e < nd->edges + nd->nedges; e++)
            for (uint32_t c = t->edges[e].child; c; c = t->nodes[c].next) t->nodes[c].flags |= NODE_KEEP;
    }
}

void tree_reroot(tree *t, uint32_t keep)
{
    if (!keep) {
        tree_clear(t);
        return;
    }
    mark(t, keep);
    /* Slide the kept nodes and their edges down, in pool order, so nothing
     * is overwritten before it moved; then point every link at the new
     * places (`where`: old index to new, 0 for a node not kept). */
    uint32_t *where = malloc((size_t)t->nnodes * sizeof *where);
    if (!where) { /* without room to move it, the tree starts afresh */
        tree_clear(t);
        return;
    }
    uint32_t nn = 1, ne = 1;
    for (uint32_t i = 1; i < t->nnodes; i++) {
        snode nd = t->nodes[i];
        where[i] = 0;
        if (!(nd.flags & NODE_KEEP)) continue;
        where[i] = nn;
        memmove(&t->edges[ne], &t->edges[nd.edges], (size_t)nd.nedges * sizeof(sedge));
        nd.edges = ne;
        nd.flags &= (uint8_t)~NODE_KEEP;
        ne += nd.nedges;
        t->nodes[nn++] = nd;
    }
    for (uint32_t i = 1; i < nn; i++) {
        snode *nd = &t->nodes[i];
        nd->next = nd->next ? where[nd->next] : 0;
        for (uint32_t e = nd->edges; e < nd->edges + nd->nedges; e++)
            t->edges[e].child = t->edges[e].child ? where[t->edges[e].child] : 0;
    }
    free(where);
    t->nodes[1].next = 0; /* its old siblings were not kept */
    t->nnodes = nn;
    t->nedges = ne;
    t->root = 1;
    t->full = 0;
}
