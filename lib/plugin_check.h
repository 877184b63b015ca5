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

#endif
