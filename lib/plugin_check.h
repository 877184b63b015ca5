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

/* `ok`, after stopping the program when it is false in a checking build. */
static inline int plugin_ok(int ok, const char *call, const char *what, long value)
{
#if CARC_PLUGIN_CHECKS
    if (!ok) plugin_misuse(call, what, value);
#else
    (void)call;
    (void)what;
    (void)value;
#endif
    return ok;
}

/* The argument checks of the plug-in calls, each naming what it checks. */
#define PLUGIN_OK(cond, what, value) plugin_ok((cond) != 0, __func__, (what), (long)(value))

#endif
