/* Arguments of the plug-in calls (carcassonne_variant.h). A release build
 * answers a bad one with the neutral value each call documents; a build
 * configured with -Dplugin_checks=true stops the program instead, naming
 * the call and the value, so a ruleset's author finds the mistake where it
 * is made. */
#ifndef CARC_PLUGIN_CHECK_H
#define CARC_PLUGIN_CHECK_H

#ifndef CARC_PLUGIN_CHECKS
#define CARC_PLUGIN_CHECKS 0
#endif

#if CARC_PLUGIN_CHECKS
/* Prints "libcarcassonne: CALL: bad WHAT VALUE" and aborts (plugin_check.c). */
void plugin_misuse(const char *call, const char *what, long value);
#endif

#if CARC_PLUGIN_CHECKS
/* `ok`, after stopping the program when it is false. */
static inline int plugin_ok(int ok, const char *call, const char *what, long value)
{
    if (!ok) plugin_misuse(call, what, value);
    return ok;
}
#endif

/* The argument checks of the plug-in calls, each naming what it checks;
 * in a release build the bare condition, so hooks pay nothing for it. */
#if CARC_PLUGIN_CHECKS
#define PLUGIN_OK(cond, what, value) plugin_ok((cond) != 0, __func__, (what), (long)(value))
#else
#define PLUGIN_OK(cond, what, value) (cond)
#endif

/* The arguments of the plug-in calls (variant_api.c, draws.c): a game,
 * then an index below its count. */
#define VALID_GAME(g) PLUGIN_OK((g) != NULL, "game", 0)
#define VALID_PIECE(g, p) (VALID_GAME(g) && PLUGIN_OK((p) >= 0 && (p) < (g)->npieces, "piece", (p)))
#define VALID_TILE(g, t) (VALID_GAME(g) && PLUGIN_OK((t) >= 0 && (t) < (g)->ntiles, "placed tile", (t)))
#define VALID_TYPE(g, t) (VALID_GAME(g) && PLUGIN_OK((t) >= 0 && (t) < (g)->ts->ntypes, "tile type", (t)))
#define VALID_FIGURE(g, f) (VALID_GAME(g) && PLUGIN_OK((f) >= 0 && (f) < (g)->nfigures, "figure", (f)))
#define VALID_PLAYER(g, p) (VALID_GAME(g) && PLUGIN_OK((p) >= 0 && (p) < (g)->nplayers, "player", (p)))
#define VALID_DECK(g, d) (VALID_GAME(g) && PLUGIN_OK((d) >= 0 && (d) < (g)->ts->ndecks, "stack", (d)))
#define VALID_BAG(g, b) (VALID_GAME(g) && PLUGIN_OK((b) >= 0 && (b) < (g)->vt.bag_count, "bag", (b)))
#define VALID_TOKEN(g, b, t)                                                                                          \
    (VALID_BAG(g, b) && PLUGIN_OK((t) >= 0 && (unsigned)(t) < (g)->vt.bags[b].token_count, "token", (t)))
/* -1 is what carc_attr_index() answers for an attribute the tile set does
 * not have: asking for it is no mistake, and gives 0 (a release build tests
 * the range once: a stable's count asks some 45 times) */
#if CARC_PLUGIN_CHECKS
#define VALID_ATTR(a) (PLUGIN_OK((a) >= -1 && (a) < MAX_ATTRS, "attribute", (a)) && (a) >= 0)
#else
#define VALID_ATTR(a) ((a) >= 0 && (a) < MAX_ATTRS)
#endif

#endif
