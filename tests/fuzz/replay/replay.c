/* A libFuzzer harness without libFuzzer: runs LLVMFuzzerTestOneInput once
 * on each file named (a directory: on each file in it, in name order), so
 * the seed corpora and recorded crashes can be replayed by any compiler,
 * for instance in the coverage build (tests/coverage/run.sh).
 *
 *   replay_load FILE|DIR ...
 *
 * Prints how many inputs ran; a harness that finds a violation aborts. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#endif
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Called before and after each input when the program defines them
 * (tests/fuzz/wasm/driver.c: a digest of each input); weak, so a plain
 * replay program has neither. */
__attribute__((weak)) void replay_before(const char *path);
__attribute__((weak)) void replay_after(const char *path);

static long inputs;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        exit(2);
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) exit(2);
    /* a copy of exactly n bytes, so reading past the input is caught */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) exit(2);
    memcpy(exact, buf, n);
    free(buf);
    if (replay_before) replay_before(path);
    LLVMFuzzerTestOneInput(exact, n);
    if (replay_after) replay_after(path);
    free(exact);
    inputs++;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st)) {
        fprintf(stderr, "replay: no %s\n", path);
        exit(2);
    }
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
    /* MemorySanitizer does not see glibc 2.36's stat fill the struct */
    __msan_unpoison(&st, sizeof st);
#endif
#endif
    if (!S_ISDIR(st.st_mode)) {
        run_file(path);
        return;
    }
    DIR *d = opendir(path);
    if (!d) exit(2);
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        names = realloc(names, (n + 1) * sizeof *names);
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names || !names[n]) exit(2);
        snprintf(names[n++], len, "%s/%s", path, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        run_path(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR ...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) run_path(argv[i]);
    printf("replay: %ld inputs\n", inputs);
    return 0;
}
