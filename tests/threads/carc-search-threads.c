/* carc-search-threads: libcarcassonne-search under ThreadSanitizer. Two
 * threads each play whole games with a search of their own (one with its
 * own root-parallel threads), while a third search runs four threads on one
 * shared, read-only position; every result must equal what the same work
 * gives alone, and the four-thread search must give the same answers twice.
 * Exit status 0 when all agree.
 *   carc-search-threads [GAMES] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne_search.h>

typedef struct work {
    const char *variant;
    int threads, games;
    uint64_t seed;
    long points;
    int status;
} work;

/* Whole games where every decision is a search's. */
static void *play(void *arg)
{
    work *w = arg;
    carc_search_options so = {.struct_size = sizeof so, .iterations = 40, .seed = w->seed, .threads = w->threads};
    carc_search *s;
    if ((w->status = carc_search_new(&so, &s)) != CARC_OK) return NULL;
    for (int i = 0; i < w->games && !w->status; i++) {
        carc_game_options o = {.struct_size = sizeof o, .variant_name = w->variant, .players = 3,
                               .seed = w->seed + (uint64_t)i};
        carc_game *g;
        if ((w->status = carc_game_new(&o, &g)) != CARC_OK) break;
        int over = 0;
        while (!w->status && carc_game_is_over(g, &over) == CARC_OK && !over) {
            carc_move m;
            if ((w->status = carc_search_run(s, g, &m)) == CARC_OK) w->status = carc_game_apply(g, &m);
        }
        for (int p = 0; p < 3; p++) {
            int sc = 0;
            carc_game_score(g, p, &sc);
            w->points += sc;
        }
        carc_game_free(g);
    }
    carc_search_free(s);
    return NULL;
}

/* Four root-parallel threads on one position: the root statistics as text. */
static int root_text(const carc_game *g, char *out, size_t cap)
{
    carc_search_options so = {.struct_size = sizeof so, .iterations = 400, .seed = 3, .threads = 4};
    carc_search *s;
    carc_move m;
    static carc_search_stat st[4096];
    size_t n = 0, len = 0;
    int r = carc_search_new(&so, &s);
    if (!r) r = carc_search_run(s, g, &m);
    if (!r) r = carc_search_root(s, st, 4096, &n);
    for (size_t i = 0; !r && i < n && len + 40 < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%lld:%.9f ", (long long)st[i].visits, st[i].value);
    carc_search_free(s);
    return r;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 2;
    work alone[2] = {{"hills-sheep", 1, games, 5, 0, 0}, {"over-hill-and-dale", 2, games, 9, 0, 0}};
    work together[2] = {alone[0], alone[1]};
    play(&alone[0]);
    play(&alone[1]);
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&th[i], NULL, play, &together[i])) return 2;
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 4};
    carc_game *g;
    static char a[1 << 16], b[1 << 16];
    int r = carc_game_new(&o, &g);
    carc_game_state(g, NULL, NULL); /* the draw made before the position is shared */
    if (!r) r = root_text(g, a, sizeof a);
    if (!r) r = root_text(g, b, sizeof b);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    carc_game_free(g);
    int ok = !r && !strcmp(a, b);
    for (int i = 0; i < 2; i++) {
        printf("%s (%d thread%s): alone %ld points (status %d), beside others %ld points (status %d)\n",
               alone[i].variant, alone[i].threads, alone[i].threads > 1 ? "s" : "", alone[i].points, alone[i].status,
               together[i].points, together[i].status);
        ok &= !alone[i].status && !together[i].status && alone[i].points == together[i].points;
    }
    printf("four-thread search of one position twice: %s\n", r ? carc_strerror(r) : strcmp(a, b) ? "differs" : "same");
    printf("%s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
