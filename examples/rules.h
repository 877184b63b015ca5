/* `--rule NAME=VALUE` for the example programs: ruleset options collected
 * from the command line into the carc_option list of carc_game_options. */
#ifndef CARC_EXAMPLE_RULES_H
#define CARC_EXAMPLE_RULES_H

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

#endif
