/* The two options every program answers alike: --help (-h) prints its
 * usage on standard output, --version its name and the library's version.
 * One place for both keeps the four programs' answers the same and their
 * option loops no longer (carc-play's main is at the examples' complexity
 * limit). */
#ifndef CARC_EXAMPLES_CLI_H
#define CARC_EXAMPLES_CLI_H

#include <carcassonne.h>
#include <stdio.h>
#include <string.h>

/* The help lines of the two options, for each program's usage text. */
#define CLI_HELP_LINES                                                                                       \
    "  -h, --help           print this help and exit\n"                                                   \
    "  --version            print the program's and the library's version and exit\n"

/* 1 when `arg` was --help, -h or --version and was answered (the program
 * then exits with status 0), 0 for any other argument. */
static inline int cli_answered(const char *arg, const char *prog, void (*usage)(FILE *))
{
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
        usage(stdout);
        return 1;
    }
    if (!strcmp(arg, "--version")) {
        printf("%s (libcarcassonne) %s\n", prog, carc_version());
        return 1;
    }
    return 0;
}

#endif
