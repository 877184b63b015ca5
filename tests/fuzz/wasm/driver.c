/* The driver of a harness of tests/fuzz/ built by tests/fuzz/wasm/build.sh.
 *
 * In WebAssembly it exports fuzz_one() for run.mjs: one input through
 * LLVMFuzzerTestOneInput, then fuzz_result() gives its digest (digest.h).
 * Natively it is linked with tests/fuzz/replay/replay.c (each file named,
 * a directory's files in name order) and prints, for each input, the line
 * run.mjs makes for it:
 *
 *   NAME DIGEST CALLS        the file's name, 16 hex digits, calls digested
 *
 * A harness that finds a violation aborts, in either build. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t digest;
static uint32_t calls;

/* FNV-1a over 64 bits, a byte at a time (the same on any byte order) */
static void mix(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) digest = (digest ^ b[i]) * 0x100000001b3u;
}

#ifdef FUZZ_DIGEST_TRACE
const char *fuzz_dig_name;
#endif

static void mix_u32(uint32_t v)
{
#ifdef FUZZ_DIGEST_TRACE
    fprintf(stderr, "%lu %s %lu\n", (unsigned long)calls, fuzz_dig_name, (unsigned long)v);
#endif
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
    mix(b, 4);
    calls++;
}

int fuzz_dig_int(int v)
{
    mix_u32((uint32_t)v);
    return v;
}

unsigned fuzz_dig_unsigned(unsigned v)
{
    mix_u32(v);
    return v;
}

const char *fuzz_dig_text(const char *s)
{
    if (s) mix(s, strlen(s) + 1);
    mix_u32(s != NULL);
    return s;
}

void *fuzz_dig_pointer(const void *p)
{
    mix_u32(p != NULL);
    return (void *)(uintptr_t)p;
}

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

EMSCRIPTEN_KEEPALIVE void fuzz_one(const uint8_t *data, size_t size)
{
    digest = 0xcbf29ce484222325u;
    calls = 0;
    LLVMFuzzerTestOneInput(data, size);
}

/* 0 and 1: the digest's low and high 32 bits; 2: the calls digested */
EMSCRIPTEN_KEEPALIVE uint32_t fuzz_result(int which)
{
    return which == 0 ? (uint32_t)digest : which == 1 ? (uint32_t)(digest >> 32) : calls;
}

/* Blocks allocated and no longer reachable (LeakSanitizer, part of the
 * AddressSanitizer build): 1 when there are (reported on stderr), 0 when
 * none, -1 in a build without it. Called by run.mjs after each phase;
 * libFuzzer checks after each input natively. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_HAVE_LSAN 1
int __lsan_do_recoverable_leak_check(void);
#endif
#endif
EMSCRIPTEN_KEEPALIVE int fuzz_leaks(void)
{
#ifdef FUZZ_HAVE_LSAN
    return __lsan_do_recoverable_leak_check() != 0;
#else
    return -1;
#endif
}
#else
/* natively: the hooks of tests/fuzz/replay/replay.c, linked with it */
void replay_before(const char *path);
void replay_after(const char *path);

void replay_before(const char *path)
{
    (void)path;
    digest = 0xcbf29ce484222325u;
    calls = 0;
}

void replay_after(const char *path)
{
    const char *name = strrchr(path, '/');
    printf("%s %016llx %lu\n", name ? name + 1 : path, (unsigned long long)digest, (unsigned long)calls);
    fflush(stdout);
}
#endif
