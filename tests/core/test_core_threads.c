/* No global mutable state: games played at the same time in two threads
 * end exactly as when they are played one after the other. */
#include <criterion/criterion.h>
#include <pthread.h>

#include "helpers.h"

typedef struct run {
    const char *variant;
    uint64_t seed;
    int scores[CARC_MAX_PLAYERS];
    int tiles;
    int status;
} run;

static void *play(void *arg)
{
    run *r = arg;
    carc_game_options o = {.struct_size = sizeof o, .variant_name = r->variant, .players = 3, .seed = r->seed};
    carc_game *g;
    r->status = carc_game_new(&o, &g);
    if (r->status) return NULL;
    carc_move buf[1024];
    uint64_t pick = r->seed * 7 + 1;
    for (int games = 0; games < 50; games++) {
        carc_game *h;
        carc_game_clone(g, &h);
        carc_game_reseed(h, r->seed + (uint64_t)games);
        size_t n;
        while (carc_game_moves(h, buf, 1024, &n) == CARC_OK && n > 0) {
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            carc_game_apply(h, &buf[(pick >> 33) % n]);
        }
        for (int p = 0; p < 3; p++) {
            int s;
            carc_game_score(h, p, &s);
            r->scores[p] += s;
        }
        int t;
        carc_game_tile_count(h, &t);
        r->tiles += t;
        carc_game_free(h);
    }
    carc_game_free(g);
    return NULL;
}

Test(core_threads, two_threads_play_as_if_alone)
{
    const char *variants[2] = {"base", "hunters-gatherers"};
    run alone[2] = {{.variant = variants[0], .seed = 11}, {.variant = variants[1], .seed = 12}};
    run together[2] = {alone[0], alone[1]};
    play(&alone[0]);
    play(&alone[1]);
    pthread_t th[2];
    for (int i = 0; i < 2; i++) cr_assert_eq(pthread_create(&th[i], NULL, play, &together[i]), 0);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(alone[i].status, CARC_OK);
        cr_assert_eq(together[i].status, CARC_OK);
        cr_assert_gt(alone[i].tiles, 50, "games were played");
        cr_assert_eq(together[i].tiles, alone[i].tiles, "%s: same tiles placed", variants[i]);
        for (int p = 0; p < 3; p++)
            cr_assert_eq(together[i].scores[p], alone[i].scores[p], "%s: same scores", variants[i]);
    }
}
