/* The variants built into the library, in the order the registry lists them. */
#include "carcassonne_variant.h"

extern const carc_variant carc_variant_base;

static const carc_variant *const builtins[] = {
    &carc_variant_base,
};

int builtin_count(void);
const carc_variant *builtin_at(int i);

int builtin_count(void) { return (int)(sizeof builtins / sizeof builtins[0]); }

const carc_variant *builtin_at(int i) { return builtins[i]; }
