/* Registries of variants. The built-in list lives outside the core
 * (variants/builtin.c), so the core never names a ruleset. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "text.h"

#define MAX_REGISTERED 64

struct carc_registry {
    int n;
    const carc_variant *list[MAX_REGISTERED];
    carc_allocator alloc; /* its own block, and the tile set carc_registry_add checks */
};

int carc_variant_view_label(const carc_variant *v, int view, int k, const char **label)
{
    if (!v || !label) return CARC_E_NULL;
    if (!VARIANT_HAS(v, view_count) || view < 0 || view >= v->view_count || k < 0 || k >= v->views[view].length)
        return CARC_E_RANGE;
    const char *const *names = VARIANT_HAS(v, view_labels) && v->view_labels ? v->view_labels[view] : NULL;
    *label = names && names[k] ? names[k] : "";
    return CARC_OK;
}

/* The hooks that only read the game, for a variant that sets only their
 * older forms, which take a game they may change: called through a cast,
 * on the promise (carcassonne_variant.h) that they change nothing. */
static int old_figure_allowed(const carc_game *g, int k, int p) { return g->vt.figure_allowed((carc_game *)g, k, p); }
static int old_extra_moves(const carc_game *g, carc_move *out, int cap)
{
    return g->vt.extra_moves((carc_game *)g, out, cap);
}
static int old_feature_points(const carc_game *g, int f, int final, int *category)
{
    return g->vt.feature_points((carc_game *)g, f, final, category);
}
static void old_break_tie(const carc_game *g, int f, unsigned *winners) { g->vt.break_tie((carc_game *)g, f, winners); }
static int old_view_value(const carc_game *g, int view, int owner, int k)
{
    return g->vt.view_value((carc_game *)g, view, owner, k);
}

/* A copy of the vtable with the members a variant built against an older
 * header lacks set to zero (their defaults), so the core reads every hook
 * without asking how old the variant is; the core calls only the const
 * form of a hook that reads the game. */
void variant_normalise(const carc_variant *v, carc_variant *out)
{
    memset(out, 0, sizeof *out);
    size_t n = v->struct_size < sizeof *out ? v->struct_size : sizeof *out;
    memcpy(out, v, n);
    out->struct_size = (uint32_t)sizeof *out;
    if (!out->figure_allowed_const && out->figure_allowed) out->figure_allowed_const = old_figure_allowed;
    if (!out->extra_moves_const && out->extra_moves) out->extra_moves_const = old_extra_moves;
    if (!out->feature_points_const && out->feature_points) out->feature_points_const = old_feature_points;
    if (!out->break_tie_const && out->break_tie) out->break_tie_const = old_break_tie;
    if (!out->view_value_const && out->view_value) out->view_value_const = old_view_value;
}

/* Each built-in variant's tile set, parsed the first time a game needs it
 * and shared read-only by every game from then on. Publishing is one
 * compare-and-swap, so threads never wait on a lock: two that race both
 * parse and the loser frees its copy. The tile sets are immutable once
 * published and freed when the library is unloaded. */
#define MAX_BUILTINS 16
static _Atomic(carc_tileset *) builtin_tilesets[MAX_BUILTINS];

int builtin_index(const carc_variant *v)
{
    const int n = builtin_count() < MAX_BUILTINS ? builtin_count() : MAX_BUILTINS;
    for (int i = 0; i < n; i++)
        if (builtin_at(i) == v) return i;
    return -1;
}

const carc_tileset *builtin_tileset(int index)
{
    if (index < 0) return NULL;
    carc_tileset *ts = atomic_load_explicit(&builtin_tilesets[index], memory_order_acquire);
    if (ts) return ts;
    carc_tileset *mine, *none = NULL;
    /* shared by every game until unloaded: no caller's allocator may own it */
    if (tileset_builtin(builtin_at(index), &alloc_default, &mine)) return NULL;
    if (atomic_compare_exchange_strong_explicit(&builtin_tilesets[index], &none, mine, memory_order_acq_rel,
                                                memory_order_acquire))
        return mine;
    carc_tileset_free(mine);
    return none; /* another thread's copy won */
}

#if defined(__GNUC__)
__attribute__((destructor)) static void free_builtin_tilesets(void)
{
    for (int i = 0; i < MAX_BUILTINS; i++) carc_tileset_free(atomic_exchange(&builtin_tilesets[i], NULL));
}
#endif

int carc_registry_new_with(const carc_allocator *alloc, carc_registry **out)
{
    if (!out) return CARC_E_NULL;
    carc_allocator a;
    int e = alloc_take(alloc, &a);
    if (e) return e;
    carc_registry *r = mem_zalloc(&a, sizeof *r);
    if (!r) return CARC_E_NOMEM;
    r->alloc = a;
    for (int i = 0; i < builtin_count() && r->n < MAX_REGISTERED; i++) r->list[r->n++] = builtin_at(i);
    *out = r;
    return CARC_OK;
}

int carc_registry_new(carc_registry **out) { return carc_registry_new_with(NULL, out); }

void carc_registry_free(carc_registry *reg)
{
    if (reg) mem_release(&reg->alloc, reg, sizeof *reg);
}

int carc_registry_add_v2(carc_registry *reg, const carc_variant *v, char *err, size_t err_cap)
{
    if (err && err_cap) err[0] = 0;
    if (!reg || !v) return CARC_E_NULL;
    int r = variant_check_why(v, err, err_cap);
    if (r) return r;
    for (int i = 0; i < reg->n; i++)
        if (strcmp(reg->list[i]->name, v->name) == 0) {
            text_error(err, err_cap, 0, "name \"%s\" is in the registry already", v->name);
            return CARC_E_INVALID;
        }
    if (reg->n == MAX_REGISTERED) {
        text_error(err, err_cap, 0, "the registry holds %d variants, its most", MAX_REGISTERED);
        return CARC_E_LIMIT;
    }
    r = variant_check_all(v, &reg->alloc, err, err_cap); /* the tile set, last: it takes the longest */
    if (r) return r;
    reg->list[reg->n++] = v;
    return CARC_OK;
}

int carc_registry_add(carc_registry *reg, const carc_variant *v) { return carc_registry_add_v2(reg, v, NULL, 0); }

int carc_registry_count(const carc_registry *reg, int *count)
{
    if (!count) return CARC_E_NULL;
    *count = reg ? reg->n : builtin_count();
    return CARC_OK;
}

int carc_registry_at(const carc_registry *reg, int index, const carc_variant **out)
{
    if (!out) return CARC_E_NULL;
    int n = reg ? reg->n : builtin_count();
    if (index < 0 || index >= n) return CARC_E_RANGE;
    *out = reg ? reg->list[index] : builtin_at(index);
    return CARC_OK;
}

int carc_registry_find(const carc_registry *reg, const char *name, const carc_variant **out)
{
    if (!name || !out) return CARC_E_NULL;
    int n = reg ? reg->n : builtin_count();
    for (int i = 0; i < n; i++) {
        const carc_variant *v = reg ? reg->list[i] : builtin_at(i);
        if (strcmp(v->name, name) == 0) {
            *out = v;
            return CARC_OK;
        }
    }
    return CARC_E_NOT_FOUND;
}

int carc_variant_describe(const carc_variant *v, carc_variant_info *info)
{
    if (!v || !info) return CARC_E_NULL;
    if (info->struct_size < CARC_VARIANT_INFO_SIZE_V1) return CARC_E_VERSION;
    int r = variant_check(v);
    if (r) return r;
    carc_tileset *own = NULL;
    const carc_tileset *ts = builtin_tileset(builtin_index(v));
    if (!ts) {
        r = tileset_builtin(v, &alloc_default, &own); /* a variant has no allocator (carcassonne.h) */
        if (r) return r == CARC_E_NOMEM ? r : CARC_E_INVALID;
        ts = own;
    }
    carc_variant_info full = {.struct_size = info->struct_size};
    full.name = v->name;
    full.title = v->title ? v->title : v->name;
    full.min_players = v->min_players;
    full.max_players = v->max_players;
    full.tile_count = ts->total;
    full.tile_type_count = ts->ntypes;
    full.figure_kind_count = v->figure_count;
    full.option_count = v->option_count;
    full.category_count = v->category_count;
    full.bag_count = v->bag_count;
    full.kind_count = v->kind_count;
    full.action_count = VARIANT_HAS(v, action_count) ? v->action_count : 0;
    full.view_count = VARIANT_HAS(v, view_count) ? v->view_count : 0;
    carc_tileset_free(own);
    /* a caller built against an older header gets the members it knows */
    memcpy(info, &full, info->struct_size < sizeof full ? info->struct_size : sizeof full);
    return CARC_OK;
}

int carc_variant_figure(const carc_variant *v, int index, const char **name, int *per_player)
{
    if (!v) return CARC_E_NULL;
    if (index < 0 || index >= v->figure_count) return CARC_E_RANGE;
    if (name) *name = v->figures[index].name;
    if (per_player) *per_player = (int)v->figures[index].per_player;
    return CARC_OK;
}

int carc_variant_option(const carc_variant *v, int index, const char **name, const char **help, int *min_value,
                        int *max_value, int *default_value)
{
    if (!v) return CARC_E_NULL;
    if (index < 0 || index >= v->option_count) return CARC_E_RANGE;
    const carc_option_desc *o = &v->options[index];
    if (name) *name = o->name;
    if (help) *help = o->help;
    if (min_value) *min_value = o->min_value;
    if (max_value) *max_value = o->max_value;
    if (default_value) *default_value = o->default_value;
    return CARC_OK;
}

int carc_variant_category(const carc_variant *v, int index, const char **name)
{
    if (!v || !name) return CARC_E_NULL;
    if (index < 0 || index >= v->category_count) return CARC_E_RANGE;
    *name = v->categories[index];
    return CARC_OK;
}

int carc_variant_bag(const carc_variant *v, int bag, const char **name, int *token_kinds)
{
    if (!v) return CARC_E_NULL;
    if (bag < 0 || bag >= v->bag_count || bag >= CARC_MAX_BAGS) return CARC_E_RANGE;
    if (name) *name = v->bags[bag].name;
    if (token_kinds) *token_kinds = (int)v->bags[bag].token_count;
    return CARC_OK;
}

int carc_variant_bag_token(const carc_variant *v, int bag, int token, const char **name, int *initial)
{
    if (!v) return CARC_E_NULL;
    if (bag < 0 || bag >= v->bag_count || bag >= CARC_MAX_BAGS || token < 0 ||
        (unsigned)token >= v->bags[bag].token_count)
        return CARC_E_RANGE;
    if (name) *name = v->bags[bag].token_names[token];
    if (initial) *initial = (int)v->bags[bag].initial[token];
    return CARC_OK;
}

int carc_variant_kind(const carc_variant *v, int kind, const char **name, const char **color)
{
    if (!v) return CARC_E_NULL;
    if (kind < 0 || kind >= v->kind_count) return CARC_E_RANGE;
    if (name) *name = v->kinds[kind].name;
    if (color)
        *color = VARIANT_HAS(v, kind_colors) && v->kind_colors && v->kind_colors[kind] ? v->kind_colors[kind]
                                                                                     : "#9e9e9e";
    return CARC_OK;
}

int carc_variant_action(const carc_variant *v, int index, unsigned *code, const char **name, unsigned *args,
                        const char **help)
{
    if (!v) return CARC_E_NULL;
    if (!VARIANT_HAS(v, action_count) || index < 0 || index >= v->action_count) return CARC_E_RANGE;
    const carc_action_desc *a = &v->actions[index];
    if (code) *code = a->code;
    if (name) *name = a->name;
    if (args) *args = a->args;
    if (help) *help = a->help ? a->help : "";
    return CARC_OK;
}

int carc_variant_view(const carc_variant *v, int index, const char **name, const char **help, int *shape,
                      int *length)
{
    if (!v) return CARC_E_NULL;
    if (!VARIANT_HAS(v, view_count) || index < 0 || index >= v->view_count) return CARC_E_RANGE;
    const carc_view_desc *d = &v->views[index];
    if (name) *name = d->name;
    if (help) *help = d->help ? d->help : "";
    if (shape) *shape = d->shape;
    if (length) *length = d->length;
    return CARC_OK;
}
