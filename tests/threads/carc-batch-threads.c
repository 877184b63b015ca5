/* carc-batch-threads: the threads of batched stepping, checked outside the
 * test runner so it can run under ThreadSanitizer. Two caller threads each
 * step a batch that has worker threads of its own; both batches share one
 * encoding (read-only once made). Every byte they write must equal what a
 * batch without threads writes for the same seed and actions. Exit status 0
 * when it does.
 *   carc-batch-threads [STEPS] */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#define GAMES 12
#define CAP 128

typedef struct run {
    const carc_encoding *e;
    int threads, steps;
    uint64_t seed;
    uint64_t digest; /* of everything written, every step */
    int status;
    char error[256];
} run;

static uint64_t fold(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static void *play(void *arg)
{
    run *r = arg;
    carc_encoding_info info = {.struct_size = sizeof info};
    carc_encoding_describe(r->e, &info);
    carc_batch_options o = {.struct_size = sizeof o, .encoding = r->e, .games = GAMES, .threads = r->threads};
    carc_batch *b;
    if ((r->status = carc_batch_new(&o, &b)) != CARC_OK) return NULL;
    size_t ob = GAMES * info.observation_bytes, masks = GAMES * (size_t)info.action_count;
    carc_batch_buffers bb = {.struct_size = sizeof bb, .observations = aligned_alloc(64, ob), .observations_size = ob,
                             .final_observations = aligned_alloc(64, ob), .final_observations_size = ob,
                             .masks = malloc(masks), .masks_size = masks,
                             .rewards = calloc(GAMES * (size_t)info.players, sizeof(double)),
                             .rewards_count = GAMES * (size_t)info.players, .terminations = malloc(GAMES),
                             .truncations = malloc(GAMES), .seats = malloc(4 * GAMES), .actors = malloc(4 * GAMES),
                             .games_count = GAMES, .legal = malloc(4 * GAMES * CAP), .legal_size = GAMES * CAP,
                             .legal_counts = malloc(4 * GAMES), .legal_cap = CAP};
    memset(bb.final_observations, 0, ob);
    int32_t actions[GAMES];
    uint64_t pick = r->seed, h = 1469598103934665603ull;
    r->status = carc_batch_reset(b, r->seed, &bb);
    for (int s = 0; s < r->steps && r->status == CARC_OK; s++) {
        for (int i = 0; i < GAMES; i++) {
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            int n = bb.legal_counts[i] < CAP ? bb.legal_counts[i] : CAP;
            actions[i] = bb.legal[i * CAP + (int)((pick >> 33) % (uint64_t)n)];
        }
        r->status = carc_batch_step(b, actions, GAMES, &bb);
        h = fold(h, bb.observations, ob);
        h = fold(h, bb.final_observations, ob);
        h = fold(h, bb.masks, masks);
        h = fold(h, bb.rewards, bb.rewards_count * sizeof(double));
        h = fold(h, bb.terminations, GAMES);
    }
    if (r->status) snprintf(r->error, sizeof r->error, "%s", carc_batch_error(b));
    r->digest = h;
    carc_batch_free(b);
    free(bb.observations), free(bb.final_observations), free(bb.masks), free(bb.rewards), free(bb.terminations);
    free(bb.truncations), free(bb.seats), free(bb.actors), free(bb.legal), free(bb.legal_counts);
    return NULL;
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 150;
    carc_game_options go = {.struct_size = sizeof go, .variant_name = "over-hill-and-dale", .players = 3};
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go, .radius = 12};
    carc_encoding *e;
    if (carc_encoding_new(&eo, &e)) return 2;
    run alone[2] = {{e, 0, steps, 5, 0, 0, ""}, {e, 0, steps, 6, 0, 0, ""}};
    run together[2] = {{e, 3, steps, 5, 0, 0, ""}, {e, 2, steps, 6, 0, 0, ""}};
    play(&alone[0]);
    play(&alone[1]);
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&th[i], NULL, play, &together[i])) return 2;
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    int bad = 0;
    for (int i = 0; i < 2; i++) {
        printf("batch %d: %d worker threads, digest %016llx; without threads %016llx (%s%s%s)\n", i,
               together[i].threads, (unsigned long long)together[i].digest, (unsigned long long)alone[i].digest,
               carc_strerror(together[i].status), together[i].error[0] ? ": " : "", together[i].error);
        bad |= together[i].status || alone[i].status || together[i].digest != alone[i].digest;
    }
    carc_encoding_free(e);
    printf("batch threads: %s\n", bad ? "MISMATCH" : "ok");
    return bad;
}
