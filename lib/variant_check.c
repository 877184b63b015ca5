/* What a variant vtable must hold before the core runs it, each fault
 * named by the member at fault and the reason (carc_variant_check()). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "text.h"

typedef struct checker {
    const carc_variant *v;
    char *err;
    size_t cap;
} checker;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int bad(checker *ck, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_verror(ck->err, ck->cap, 0, fmt, ap);
    va_end(ap);
    return status;
}

/* A name that goes into saved games and tile data: 1..63 printable bytes
 * without spaces, so a saved line splits back into the same words. */
static int good_name(const char *s)
{
    size_t n = 0;
    while (s && n <= CARC_NAME_MAX && s[n]) n++;
    return s && text_name_ok(s, n, CARC_NAME_MAX, 0);
}

/* A name as a message may quote it: at most 40 bytes (then "..."),
 * control bytes as '?'. */
static const char *quoted(const char *s, char buf[48])
{
    if (!s) return "NULL";
    size_t n = 0;
    buf[n++] = '"';
    size_t i = 0;
    for (; s[i] && i < 40; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[n++] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    if (s[i]) buf[n++] = '.', buf[n++] = '.', buf[n++] = '.';
    buf[n++] = '"';
    buf[n] = 0;
    return buf;
}

#define NAME_RULE "a name is 1 to 63 printable bytes without spaces"

/* ---- the fixed members ---------------------------------------------------- */

static int check_version(checker *ck)
{
    const carc_variant *v = ck->v;
    if (v->struct_size < CARC_VARIANT_SIZE_V1)
        return bad(ck, CARC_E_VERSION, "struct_size %u is below %u, the size of a 0.1 carc_variant",
                   (unsigned)v->struct_size, (unsigned)CARC_VARIANT_SIZE_V1);
    if (v->abi != CARC_VARIANT_ABI)
        return bad(ck, CARC_E_VERSION, "abi %u: this library reads abi %d", (unsigned)v->abi, CARC_VARIANT_ABI);
    return CARC_OK;
}

/* The counts and the arrays they count: each within its range, and an
 * array present when its count is above zero (always, for `need`). */
static int check_counts(checker *ck)
{
    const carc_variant *v = ck->v;
    const struct {
        const char *count, *array;
        int value, lo, hi;
        const void *ptr;
        int need; /* the array is required even when the count is 0 */
    } rules[] = {
        {"kind_count", "kinds", v->kind_count, 1, CARC_MAX_KINDS, v->kinds, 1},
        {"figure_count", "figures", v->figure_count, 0, CARC_MAX_FIGURE_KINDS, v->figures, 0},
        {"category_count", "categories", v->category_count, 1, CARC_MAX_CATEGORIES, v->categories, 1},
        {"option_count", "options", v->option_count, 0, 32, v->options, 0},
        {"bag_count", "bags", v->bag_count, 0, CARC_MAX_BAGS, v->bags, 0},
    };
    if (!v->name) return bad(ck, CARC_E_INVALID, "name is NULL");
    if (!v->tiles) return bad(ck, CARC_E_INVALID, "tiles is NULL: every variant has a tile set");
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        if (rules[i].value < rules[i].lo || rules[i].value > rules[i].hi)
            return bad(ck, CARC_E_INVALID, "%s %d is outside %d to %d", rules[i].count, rules[i].value, rules[i].lo,
                       rules[i].hi);
        if (!rules[i].ptr && (rules[i].need || rules[i].value > 0))
            return bad(ck, CARC_E_INVALID, "%s is NULL but %s is %d", rules[i].array, rules[i].count, rules[i].value);
    }
    if (v->min_players < 1 || v->max_players > CARC_MAX_PLAYERS || v->min_players > v->max_players)
        return bad(ck, CARC_E_INVALID, "min_players %d and max_players %d: want 1 <= min_players <= max_players <= %d",
                   v->min_players, v->max_players, CARC_MAX_PLAYERS);
    if (v->state_size > CARC_VARIANT_STATE_MAX)
        return bad(ck, CARC_E_INVALID, "state_size %zu is above %d", v->state_size, CARC_VARIANT_STATE_MAX);
    if (VARIANT_HAS(v, tileset_setup) && v->tileset_data_size > CARC_VARIANT_TILESET_DATA_MAX)
        return bad(ck, CARC_E_INVALID, "tileset_data_size %zu is above %d", v->tileset_data_size,
                   CARC_VARIANT_TILESET_DATA_MAX);
    if (VARIANT_HAS(v, tileset_setup) && v->tileset_data_size && !v->tileset_setup)
        return bad(ck, CARC_E_INVALID, "tileset_data_size is %zu but tileset_setup is NULL (it fills those bytes)",
                   v->tileset_data_size);
    return CARC_OK;
}

/* The names of the variant, its kinds, figures and categories. */
static int check_names(checker *ck)
{
    const carc_variant *v = ck->v;
    char q[48];
    if (!good_name(v->name)) return bad(ck, CARC_E_INVALID, "name %s: " NAME_RULE, quoted(v->name, q));
    for (int k = 0; k < v->kind_count; k++)
        if (!good_name(v->kinds[k].name))
            return bad(ck, CARC_E_INVALID, "kinds[%d].name %s: " NAME_RULE, k, quoted(v->kinds[k].name, q));
    for (int k = 0; k < v->figure_count; k++)
        if (!good_name(v->figures[k].name))
            return bad(ck, CARC_E_INVALID, "figures[%d].name %s: " NAME_RULE, k, quoted(v->figures[k].name, q));
    for (int c = 0; c < v->category_count; c++)
        if (!good_name(v->categories[c]))
            return bad(ck, CARC_E_INVALID, "categories[%d] %s: " NAME_RULE, c, quoted(v->categories[c], q));
    if (VARIANT_HAS(v, kind_colors) && v->kind_colors)
        for (int k = 0; k < v->kind_count; k++)
            if (!v->kind_colors[k])
                return bad(ck, CARC_E_INVALID, "kind_colors[%d] is NULL (kind_colors needs kind_count entries)", k);
    return CARC_OK;
}

static int check_options(checker *ck)
{
    char q[48];
    for (int i = 0; i < ck->v->option_count; i++) {
        const carc_option_desc *o = &ck->v->options[i];
        if (!good_name(o->name))
            return bad(ck, CARC_E_INVALID, "options[%d].name %s: " NAME_RULE, i, quoted(o->name, q));
        if (o->min_value > o->max_value)
            return bad(ck, CARC_E_INVALID, "options[%d] %s: min_value %d is above max_value %d", i, o->name,
                       o->min_value, o->max_value);
        if (o->default_value < o->min_value || o->default_value > o->max_value)
            return bad(ck, CARC_E_INVALID, "options[%d] %s: default_value %d is outside %d to %d", i, o->name,
                       o->default_value, o->min_value, o->max_value);
    }
    return CARC_OK;
}

static int check_bags(checker *ck)
{
    char q[48];
    for (int b = 0; b < ck->v->bag_count; b++) {
        const carc_bag_desc *bg = &ck->v->bags[b];
        if (!good_name(bg->name))
            return bad(ck, CARC_E_INVALID, "bags[%d].name %s: " NAME_RULE, b, quoted(bg->name, q));
        if (bg->token_count < 1 || bg->token_count > CARC_MAX_TOKENS)
            return bad(ck, CARC_E_INVALID, "bags[%d] %s: token_count %u is outside 1 to %d", b, bg->name,
                       bg->token_count, CARC_MAX_TOKENS);
        for (unsigned t = 0; t < bg->token_count; t++) {
            if (!good_name(bg->token_names[t]))
                return bad(ck, CARC_E_INVALID, "bags[%d].token_names[%u] %s: " NAME_RULE, b, t,
                           quoted(bg->token_names[t], q));
            if (bg->initial[t] > 255)
                return bad(ck, CARC_E_INVALID, "bags[%d].initial[%u] is %u: a bag holds at most 255 of a kind", b, t,
                           bg->initial[t]);
        }
    }
    return CARC_OK;
}

/* One action: a name that starts with a letter (a number would read as
 * the six-number form), a 16-bit code, known argument bits. */
static int check_action(checker *ck, int i)
{
    const carc_action_desc *a = &ck->v->actions[i];
    char q[48];
    char c0 = a->name ? a->name[0] : 0;
    if (!good_name(a->name) || !((c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z')))
        return bad(ck, CARC_E_INVALID, "actions[%d].name %s: " NAME_RULE ", starting with a letter", i,
                   quoted(a->name, q));
    if (a->code > UINT16_MAX)
        return bad(ck, CARC_E_INVALID, "actions[%d] %s: code %u is above 65535", i, a->name, a->code);
    if (a->args & ~7u)
        return bad(ck, CARC_E_INVALID,
                   "actions[%d] %s: args 0x%x has bits other than CARC_ARG_TARGET, _SQUARE and _FEATURE", i, a->name,
                   a->args);
    if ((a->args & CARC_ARG_FEATURE) && !(a->args & CARC_ARG_SQUARE))
        return bad(ck, CARC_E_INVALID, "actions[%d] %s: CARC_ARG_FEATURE needs CARC_ARG_SQUARE (the tile it is on)", i,
                   a->name);
    for (int j = 0; j < i; j++) /* one name, one code */
        if (ck->v->actions[j].code == a->code || strcmp(ck->v->actions[j].name, a->name) == 0)
            return bad(ck, CARC_E_INVALID, "actions[%d] %s: the same %s as actions[%d]", i, a->name,
                       ck->v->actions[j].code == a->code ? "code" : "name", j);
    return CARC_OK;
}

static int check_actions(checker *ck)
{
    const carc_variant *v = ck->v;
    if (!VARIANT_HAS(v, action_count)) return CARC_OK;
    if (v->action_count < 0) return bad(ck, CARC_E_INVALID, "action_count %d is below 0", v->action_count);
    if (v->action_count && !v->actions)
        return bad(ck, CARC_E_INVALID, "actions is NULL but action_count is %d", v->action_count);
    for (int i = 0; i < v->action_count; i++) {
        int r = check_action(ck, i);
        if (r) return r;
    }
    return CARC_OK;
}

static int check_views(checker *ck)
{
    const carc_variant *v = ck->v;
    char q[48];
    if (!VARIANT_HAS(v, view_value)) return CARC_OK;
    if (v->view_count < 0) return bad(ck, CARC_E_INVALID, "view_count %d is below 0", v->view_count);
    /* either form of the hook answers: view_value_const (new in 0.3.0) or view_value */
    int hook = v->view_value || (VARIANT_HAS(v, view_value_const) && v->view_value_const);
    if (v->view_count && (!v->views || !hook))
        return bad(ck, CARC_E_INVALID, "%s is NULL but view_count is %d",
                   v->views ? "view_value (and view_value_const)" : "views", v->view_count);
    for (int i = 0; i < v->view_count; i++) {
        const carc_view_desc *d = &v->views[i];
        if (!good_name(d->name)) return bad(ck, CARC_E_INVALID, "views[%d].name %s: " NAME_RULE, i, quoted(d->name, q));
        if (d->shape < CARC_VIEW_GAME || d->shape > CARC_VIEW_FEATURE)
            return bad(ck, CARC_E_INVALID, "views[%d] %s: shape %d is not a carc_view_shape", i, d->name, d->shape);
        if (d->length < 1) return bad(ck, CARC_E_INVALID, "views[%d] %s: length %d is below 1", i, d->name, d->length);
    }
    return CARC_OK;
}

/* A game holds MAX_FIGURES figures of all players. */
static int check_figures(checker *ck)
{
    unsigned figs = 0;
    for (int k = 0; k < ck->v->figure_count; k++) figs += ck->v->figures[k].per_player;
    if (figs * (unsigned)ck->v->max_players > MAX_FIGURES)
        return bad(ck, CARC_E_LIMIT, "%u figures per player for %d players is more than the %d a game holds", figs,
                   ck->v->max_players, MAX_FIGURES);
    return CARC_OK;
}

int variant_check_why(const carc_variant *v, char *err, size_t cap)
{
    checker ck = {v, err, cap};
    if (err && cap) err[0] = 0;
    if (!v) return CARC_E_NULL;
    int (*const steps[])(checker *) = {check_version, check_counts, check_names, check_options,
                                       check_bags,    check_actions, check_views, check_figures};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        int r = steps[i](&ck);
        if (r) return r;
    }
    return CARC_OK;
}

int variant_check(const carc_variant *v) { return variant_check_why(v, NULL, 0); }

/* The vtable, and then its tile set (parsed unless it is a built-in's, whose
 * shared copy is known good). */
int variant_check_all(const carc_variant *v, const carc_allocator *a, char *err, size_t cap)
{
    int r = variant_check_why(v, err, cap);
    if (r || builtin_tileset(builtin_index(v))) return r;
    carc_tileset *ts = mem_alloc(a, sizeof *ts);
    if (!ts) return CARC_E_NOMEM;
    char why[160] = "";
    r = tileset_parse(v, v->tiles, v->tiles_len, ts, why, sizeof why);
    mem_release(a, ts, sizeof *ts);
    if (r) text_error(err, cap, 0, "tiles: %s", why);
    return r ? CARC_E_INVALID : CARC_OK;
}

int carc_variant_check(const carc_variant *v, char *err, size_t err_cap)
{
    return variant_check_all(v, &alloc_default, err, err_cap);
}
