/* A time limit for each test of the Criterion suite, so that a rule broken
 * into an endless game (a turn that never uses up its tile, a phase that
 * never ends) fails its test instead of holding the run until CI's limit.
 *
 * Criterion's own .timeout starts a watchdog thread in the runner, whose
 * memory LeakSanitizer reports when the runner exits, so the suite uses
 * none. Instead each worker (Criterion runs every test in a process of its
 * own, started afresh, with BXFI_MAP in its environment) sets an alarm as
 * it starts. When the alarm rings the worker says which limit it hit and
 * dies of the signal, which Criterion counts as a crash: a failed test.
 *
 * The limit is CARC_TEST_SECONDS (0: none, for a debugger), 300 by default.
 * The slowest test takes 7.3 s under AddressSanitizer on a 2-core machine
 * (arena::a_bot_against_itself_scores_exactly_a_half), so 300 leaves room for
 * the -O0 and coverage builds on a slower machine. */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static void on_alarm(int sig)
{
    static const char msg[] = "\ncarc-tests: this test ran past its time limit (CARC_TEST_SECONDS, 300 s unless set): "
                              "a game that never ends?\n";
    /* write(2) and the default action: what a signal handler may call */
    ssize_t r = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)r;
    signal(sig, SIG_DFL);
    raise(sig);
}

__attribute__((constructor)) static void time_limit(void)
{
    if (!getenv("BXFI_MAP")) return; /* the runner, not a test's worker */
    unsigned seconds = 300;
    const char *s = getenv("CARC_TEST_SECONDS");
    if (s && *s) {
        char *end;
        unsigned long v = strtoul(s, &end, 10);
        if (*end == '\0' && v <= 86400) seconds = (unsigned)v;
    }
    if (!seconds) return;
    signal(SIGALRM, on_alarm);
    alarm(seconds);
}
