/* `--rule NAME=VALUE` for the example programs: ruleset options collected
 * from the command line into the carc_option list of carc_game_options, and
 * the message that says which value keeps a game from being made. */
#ifndef CARC_EXAMPLE_RULES_H
#define CARC_EXAMPLE_RULES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#define RULES_MAX 16

typedef struct rules {
    carc_option opt[RULES_MAX];
    char names[RULES_MAX][48];
    int n;
} rules;

/* Adds "NAME=VALUE"; returns 0, or -1 if it is malformed or too many. */
static inline int rules_add(rules *r, const char *arg)
{
    const char *eq = strchr(arg, '=');
    char *end;
    if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof r->names[0] || r->n == RULES_MAX) return -1;
    long v = strtol(eq + 1, &end, 10);
    if (*end || end == eq + 1 || v < -1000000 || v > 1000000) return -1;
    memcpy(r->names[r->n], arg, (size_t)(eq - arg));
    r->names[r->n][eq - arg] = 0;
    r->opt[r->n].name = r->names[r->n];
    r->opt[r->n].value = (int)v;
    r->n++;
    return 0;
}

/* Points the game options at the collected rules. */
static inline void rules_apply(rules *r, carc_game_options *o)
{
    o->rules = r->n ? r->opt : NULL;
    o->rule_count = r->n;
}

/* Writes the names of the variants of a registry (NULL: the built-ins). */
static inline void rules_list_variants(FILE *f, const carc_registry *reg)
{
    int n = 0;
    carc_registry_count(reg, &n);
    for (int i = 0; i < n; i++) {
        const carc_variant *v;
        carc_variant_info info = {.struct_size = sizeof info};
        if (carc_registry_at(reg, i, &v) == CARC_OK && carc_variant_describe(v, &info) == CARC_OK)
            fprintf(f, "%s%s", i ? ", " : "", info.name);
    }
}

/* Writes a variant's options with their ranges, or "none". */
static inline void rules_list_options(FILE *f, const carc_variant *v, int count)
{
    for (int i = 0; i < count; i++) {
        const char *name;
        int lo, hi, def;
        if (carc_variant_option(v, i, &name, NULL, &lo, &hi, &def) == CARC_OK)
            fprintf(f, "%s%s=%d..%d (default %d)", i ? ", " : "", name, lo, hi, def);
    }
    if (count == 0) fprintf(f, "none");
}

/* Says on `f`, after `prog: `, why carc_game_new(o) failed with status
 * `status`: which value is wrong and what would be accepted (the variants,
 * the players a variant takes, its options and their ranges). */
static inline void rules_explain(FILE *f, const char *prog, const carc_game_options *o, int status)
{
    const carc_variant *v = o->variant;
    if (!v && carc_registry_find(o->registry, o->variant_name ? o->variant_name : "", &v) != CARC_OK) {
        fprintf(f, "%s: no variant named '%s'; the variants are: ", prog, o->variant_name ? o->variant_name : "");
        rules_list_variants(f, o->registry);
        fprintf(f, "\n");
        return;
    }
    carc_variant_info info = {.struct_size = sizeof info};
    if (carc_variant_describe(v, &info) != CARC_OK) {
        fprintf(f, "%s: cannot create the game: %s\n", prog, carc_strerror(status));
        return;
    }
    if (o->players < info.min_players || o->players > info.max_players) {
        fprintf(f, "%s: %s takes %d to %d players, not %d\n", prog, info.name, info.min_players, info.max_players,
                o->players);
        return;
    }
    for (int i = 0; i < o->rule_count; i++) {
        int k = -1, lo = 0, hi = 0;
        for (int j = 0; j < info.option_count && k < 0; j++) {
            const char *name;
            if (carc_variant_option(v, j, &name, NULL, &lo, &hi, NULL) == CARC_OK && !strcmp(name, o->rules[i].name))
                k = j;
        }
        if (k < 0 || o->rules[i].value < lo || o->rules[i].value > hi) {
            if (k < 0)
                fprintf(f, "%s: %s has no option '%s'; its options: ", prog, info.name, o->rules[i].name);
            else
                fprintf(f, "%s: %s=%d is outside %d..%d; the options of %s: ", prog, o->rules[i].name,
                        o->rules[i].value, lo, hi, info.name);
            rules_list_options(f, v, info.option_count);
            fprintf(f, "\n");
            return;
        }
    }
    fprintf(f, "%s: cannot create the game: %s\n", prog, carc_strerror(status));
}

#endif
