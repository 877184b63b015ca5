/* carc-threads: the library's thread promise, checked outside the test
 * runner so it can run under ThreadSanitizer (whose memory layout the
 * Criterion runner cannot share). Two threads share one registry (holding
 * a third-party variant) and one parsed tile set, read-only once built,
 * and each plays its own games of a different variant; every result must
 * equal the one the same work gives alone. Exit status 0 when it does.
 *   carc-threads [GAMES] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <carcassonne.h>
#include <carcassonne_variant.h>

typedef struct work {
    const carc_registry *reg;
    const carc_tileset *ts;
    const char *variant;
    const carc_option *rules;
    int nrules;
    uint64_t seed;
    int games;
    long points, moves;
    int status;
} work;

static void *play(void *arg)
{
    work *w = arg;
    static _Thread_local carc_move buf[1100];
    carc_game_options o = {.struct_size = sizeof o, .variant_name = w->variant, .registry = w->reg, .players = 3,
                           .tileset = w->ts, .rules = w->rules, .rule_count = w->nrules};
    for (int i = 0; i < w->games && !w->status; i++) {
        carc_game *g, *c;
        o.seed = w->seed + (uint64_t)i;
        if ((w->status = carc_game_new(&o, &g)) != CARC_OK) break;
        if ((w->status = carc_game_clone(g, &c)) != CARC_OK) break;
        uint64_t pick = o.seed * 2654435761u + 1;
        size_t n;
        while (carc_game_moves(c, buf, 1100, &n) == CARC_OK && n > 0) {
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            if ((w->status = carc_game_apply(c, &buf[(pick >> 33) % n])) != CARC_OK) break;
            w->moves++;
        }
        for (int p = 0; p < 3; p++) {
            int s = 0;
            carc_game_score(c, p, &s);
            w->points += s;
        }
        size_t len;
        carc_game_save(c, NULL, 0, &len);
        carc_game_free(c);
        carc_game_free(g);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 20;
    static carc_variant mine;
    const carc_variant *dis;
    carc_registry *reg;
    carc_tileset *ts;
    if (carc_registry_find(NULL, "discovery", &dis) || carc_registry_new(&reg)) return 2;
    mine = *dis;
    mine.name = "my-discovery";
    if (carc_registry_add(reg, &mine) || carc_tileset_parse(&mine, mine.tiles, mine.tiles_len, &ts, NULL, 0)) return 2;
    static const carc_option hand = {"hand", 1};
    work alone[2] = {{reg, ts, "my-discovery", &hand, 1, 5, games, 0, 0, 0},
                     {reg, NULL, "over-hill-and-dale", NULL, 0, 6, games, 0, 0, 0}};
    work together[2] = {alone[0], alone[1]};
    play(&alone[0]);
    play(&alone[1]);
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&th[i], NULL, play, &together[i])) return 2;
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    int bad = 0;
    for (int i = 0; i < 2; i++) {
        printf("%s: alone %ld points in %ld moves, in a thread %ld points in %ld moves (%s)\n", together[i].variant,
               alone[i].points, alone[i].moves, together[i].points, together[i].moves,
               carc_strerror(together[i].status));
        bad |= together[i].status || alone[i].status || together[i].points != alone[i].points ||
               together[i].moves != alone[i].moves || alone[i].moves == 0;
    }
    carc_tileset_free(ts);
    carc_registry_free(reg);
    printf("threads: %s\n", bad ? "MISMATCH" : "ok");
    return bad;
}
