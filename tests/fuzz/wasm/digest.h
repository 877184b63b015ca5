/* Included (-include) before a harness of tests/fuzz/ when it is built by
 * tests/fuzz/wasm/build.sh, natively and for WebAssembly alike: every call
 * the harness makes to a public function that returns something passes
 * its result through fuzz_dig_*, which folds it into one digest per input
 * (numbers by value, text by its bytes, pointers as null or not). The two
 * builds replay the same corpus and must print the same digests: the
 * library answered the same on a 32-bit WebAssembly machine as on the
 * 64-bit native one, call for call.
 *
 * The public headers are read first, so their declarations are not
 * rewritten; digest_calls.h (generated from them by build.sh) then defines
 * one macro per function, `carc_x(...)` -> `FUZZ_CALL(carc_x, carc_x(...))` (a
 * macro does not expand inside itself, so the inner name is the function). */
#ifndef FUZZ_WASM_DIGEST_H
#define FUZZ_WASM_DIGEST_H

#include <carcassonne.h>
#include <carcassonne_search.h>
#include <carcassonne_variant.h>

int fuzz_dig_int(int v);
unsigned fuzz_dig_unsigned(unsigned v);
const char *fuzz_dig_text(const char *s);
void *fuzz_dig_pointer(const void *p);

/* the controlling expression of _Generic is not evaluated: the call runs once */
#define FUZZ_DIG(x) _Generic((x), int: fuzz_dig_int, unsigned: fuzz_dig_unsigned, \
    const char *: fuzz_dig_text, char *: fuzz_dig_text, default: fuzz_dig_pointer)(x)

/* FUZZ_DIGEST_TRACE (TRACE=1 build.sh): every value digested is printed
 * with its function's name, to find where two builds part */
#ifdef FUZZ_DIGEST_TRACE
extern const char *fuzz_dig_name;
#define FUZZ_CALL(f, x) (fuzz_dig_name = #f, FUZZ_DIG(x))
#else
#define FUZZ_CALL(f, x) FUZZ_DIG(x)
#endif

#include "digest_calls.h"

#endif
