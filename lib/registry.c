/* Registries of variants. The built-in list lives outside the core
 * (variants/builtin.c), so the core never names a ruleset. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_REGISTERED 64

struct carc_registry {
    int n;
    const carc_variant *list[MAX_REGISTERED];
};

/* A name that goes into saved games and tile data: 1..63 printable bytes
 * without spaces, so a saved line splits back into the same words. */
static int good_name(const char *s)
{
    if (!s || !*s) return 0;
    size_t n = 0;
    for (; s[n]; n++)
        if ((unsigned char)s[n] <= 0x20 || s[n] == 0x7f || n == CARC_NAME_MAX) return 0;
    return 1;
}

int variant_check(const carc_variant *v)
{
    if (!v) return CARC_E_NULL;
    if (v->struct_size < CARC_VARIANT_SIZE_V1 || v->abi != CARC_VARIANT_ABI) return CARC_E_VERSION;
    if (!v->name || !v->name[0] || !v->tiles || !v->kinds || !v->categories) return CARC_E_INVALID;
    if (v->min_players < 1 || v->max_players > CARC_MAX_PLAYERS || v->min_players > v->max_players)
        return CARC_E_INVALID;
    if (v->kind_count < 1 || v->kind_count > CARC_MAX_KINDS) return CARC_E_INVALID;
    if (v->figure_count < 0 || v->figure_count > CARC_MAX_FIGURE_KINDS || (v->figure_count && !v->figures))
        return CARC_E_INVALID;
    if (v->category_count < 1 || v->category_count > CARC_MAX_CATEGORIES) return CARC_E_INVALID;
    if (v->option_count < 0 || v->option_count > 32 || (v->option_count && !v->options)) return CARC_E_INVALID;
    if (v->bag_count < 0 || v->bag_count > CARC_MAX_BAGS || (v->bag_count && !v->bags)) return CARC_E_INVALID;
    for (int b = 0; b < v->bag_count; b++)
        if (v->bags[b].token_count < 1 || v->bags[b].token_count > CARC_MAX_TOKENS) return CARC_E_INVALID;
    if (v->state_size > CARC_VARIANT_STATE_MAX) return CARC_E_INVALID;
    if (!good_name(v->name)) return CARC_E_INVALID;
    for (int k = 0; k < v->kind_count; k++)
        if (!good_name(v->kinds[k].name)) return CARC_E_INVALID;
    for (int k = 0; k < v->figure_count; k++)
        if (!good_name(v->figures[k].name)) return CARC_E_INVALID;
    for (int c = 0; c < v->category_count; c++)
        if (!good_name(v->categories[c])) return CARC_E_INVALID;
    for (int i = 0; i < v->option_count; i++) {
        const carc_option_desc *o = &v->options[i];
        if (!good_name(o->name) || o->min_value > o->max_value || o->default_value < o->min_value ||
            o->default_value > o->max_value)
            return CARC_E_INVALID;
    }
    for (int b = 0; b < v->bag_count; b++) {
        if (!good_name(v->bags[b].name)) return CARC_E_INVALID;
        for (unsigned t = 0; t < v->bags[b].token_count; t++)
            if (!good_name(v->bags[b].token_names[t]) || v->bags[b].initial[t] > 255) return CARC_E_INVALID;
    }
    if (VARIANT_HAS(v, kind_colors) && v->kind_colors)
        for (int k = 0; k < v->kind_count; k++)
            if (!v->kind_colors[k]) return CARC_E_INVALID;
    if (VARIANT_HAS(v, action_count)) {
        if (v->action_count < 0 || (v->action_count && !v->actions)) return CARC_E_INVALID;
        for (int i = 0; i < v->action_count; i++) {
            char c0 = v->actions[i].name ? v->actions[i].name[0] : 0; /* a name, not a number */
            if (!good_name(v->actions[i].name) || !((c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z')) ||
                v->actions[i].code > UINT16_MAX ||
                (v->actions[i].args & ~7u) || ((v->actions[i].args & CARC_ARG_FEATURE) && !(v->actions[i].args & CARC_ARG_SQUARE)))
                return CARC_E_INVALID;
            for (int j = 0; j < i; j++) /* one name, one code */
                if (v->actions[j].code == v->actions[i].code || strcmp(v->actions[j].name, v->actions[i].name) == 0)
                    return CARC_E_INVALID;
        }
    }
    if (VARIANT_HAS(v, view_value)) {
        if (v->view_count < 0 || (v->view_count && (!v->views || !v->view_value))) return CARC_E_INVALID;
        for (int i = 0; i < v->view_count; i++)
            if (!good_name(v->views[i].name) || v->views[i].shape < CARC_VIEW_GAME ||
                v->views[i].shape > CARC_VIEW_FEATURE || v->views[i].length < 1)
                return CARC_E_INVALID;
    }
    unsigned figs = 0;
    for (int k = 0; k < v->figure_count; k++) figs += v->figures[k].per_player;
    if (figs * (unsigned)v->max_players > MAX_FIGURES) return CARC_E_LIMIT;
    return CARC_OK;
}

int carc_variant_view_label(const carc_variant *v, int view, int k, const char **label)
{
    if (!v || !label) return CARC_E_NULL;
    if (!VARIANT_HAS(v, view_count) || view < 0 || view >= v->view_count || k < 0 || k >= v->views[view].length)
        return CARC_E_RANGE;
    const char *const *names = VARIANT_HAS(v, view_labels) && v->view_labels ? v->view_labels[view] : NULL;
    *label = names && names[k] ? names[k] : "";
    return CARC_OK;
}

/* A copy of the vtable with the members a variant built against an older
 * header lacks set to zero (their defaults), so the core reads every hook
 * without asking how old the variant is. */
void variant_normalise(const carc_variant *v, carc_variant *out)
{
    memset(out, 0, sizeof *out);
    size_t n = v->struct_size < sizeof *out ? v->struct_size : sizeof *out;
    memcpy(out, v, n);
    out->struct_size = (uint32_t)sizeof *out;
}

/* Each built-in variant's tile set, parsed the first time a game needs it
 * and shared read-only by every game from then on. Publishing is one
 * compare-and-swap, so threads never wait on a lock: two that race both
 * parse and the loser frees its copy. The tile sets are immutable once
 * published and freed when the library is unloaded. */
#define MAX_BUILTINS 16
static _Atomic(carc_tileset *) builtin_tilesets[MAX_BUILTINS];

const carc_tileset *builtin_tileset(const carc_variant *v)
{
    int i = 0, n = builtin_count();
    while (i < n && i < MAX_BUILTINS && builtin_at(i) != v) i++;
    if (i == n || i == MAX_BUILTINS) return NULL;
    carc_tileset *ts = atomic_load_explicit(&builtin_tilesets[i], memory_order_acquire);
    if (ts) return ts;
    carc_tileset *mine, *none = NULL;
    if (tileset_builtin(v, &mine)) return NULL;
    if (atomic_compare_exchange_strong_explicit(&builtin_tilesets[i], &none, mine, memory_order_acq_rel,
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

int carc_registry_new(carc_registry **out)
{
    if (!out) return CARC_E_NULL;
    carc_registry *r = calloc(1, sizeof *r);
    if (!r) return CARC_E_NOMEM;
    for (int i = 0; i < builtin_count() && r->n < MAX_REGISTERED; i++) r->list[r->n++] = builtin_at(i);
    *out = r;
    return CARC_OK;
}

void carc_registry_free(carc_registry *reg) { free(reg); }

int carc_registry_add(carc_registry *reg, const carc_variant *v)
{
    if (!reg || !v) return CARC_E_NULL;
    int r = variant_check(v);
    if (r) return r;
    for (int i = 0; i < reg->n; i++)
        if (strcmp(reg->list[i]->name, v->name) == 0) return CARC_E_INVALID;
    if (reg->n == MAX_REGISTERED) return CARC_E_LIMIT;
    carc_tileset *ts;
    r = tileset_builtin(v, &ts);
    if (r) return r == CARC_E_NOMEM ? r : CARC_E_INVALID;
    carc_tileset_free(ts);
    reg->list[reg->n++] = v;
    return CARC_OK;
}

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
    const carc_tileset *ts = builtin_tileset(v);
    if (!ts) {
        r = tileset_builtin(v, &own);
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
