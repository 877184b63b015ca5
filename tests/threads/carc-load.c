/* carc-load: many threads on one registry and one tile set, for a long
 * time, for ThreadSanitizer (tests/threads/load.sh runs it; not in CI).
 *
 *   carc-load [--threads N] [--seconds S] [--seed X]
 *
 * The registry holds the built-ins and a third-party variant; a tile set
 * parsed once (base's, made again) is lent to a share of the games. Each
 * thread, until the time is up, plays games of every ruleset (and The
 * Discovery's hand of two), and along the way clones, copies into a spare
 * game, saves and loads back (with the shared registry and tile set),
 * projects, and plays a few playouts. Every game of a seed below 64 must
 * end with the scores the main thread got for it alone before the threads
 * started; every load must save the text it was loaded from. Prints one
 * line per thread and a last line "load: ... N mismatches"; exits 1 on any
 * mismatch or failed call. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne.h>
#include <carcassonne_variant.h>

#define MAX_SETUPS 16
#define KNOWN_SEEDS 64
#define MOVE_CAP 4608

typedef struct setup {
    const char *variant;
    carc_option rule;
    int nrules;
    int borrowed; /* plays on the shared tile set */
    int players;
    int known[KNOWN_SEEDS][CARC_MAX_PLAYERS]; /* final scores, seed by seed, played alone */
} setup;

typedef struct shared {
    const carc_registry *reg;
    const carc_tileset *ts;
    setup setups[MAX_SETUPS];
    int nsetups;
    double until;
    atomic_long mismatches;
} shared;

typedef struct worker {
    shared *sh;
    uint64_t rng;
    long games, moves, clones, copies, loads, projections, playouts;
    char where[160];
} worker;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int new_game(const shared *sh, const setup *s, uint64_t seed, carc_game **out)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = s->variant, .registry = sh->reg,
                           .players = s->players, .seed = seed, .rules = &s->rule, .rule_count = s->nrules,
                           .tileset = s->borrowed ? sh->ts : NULL};
    return carc_game_new(&o, out);
}

static char *save_text(const carc_game *g)
{
    size_t len = 0;
    carc_game_save(g, NULL, 0, &len);
    char *t = malloc(len + 1);
    if (t && carc_game_save(g, t, len + 1, &len)) {
        free(t);
        t = NULL;
    }
    return t;
}

/* Plays a game of seed `seed` to its end with moves picked by `pick`;
 * with `w`, also clones, copies, saves and loads along the way. Writes the
 * final scores. Returns 0, or nonzero on a failed call or a mismatch. */
static int play_game(shared *sh, const setup *s, uint64_t seed, uint64_t pick, worker *w, int scores[])
{
    static _Thread_local carc_move buf[MOVE_CAP];
    carc_game *g = NULL, *spare = NULL;
    if (new_game(sh, s, seed, &g)) return 1;
    if (w && carc_game_clone(g, &spare)) return 1;
    int bad = 0;
    size_t n;
    for (long step = 0; !bad && carc_game_moves(g, buf, MOVE_CAP, &n) == CARC_OK && n; step++) {
        bad |= carc_game_apply(g, &buf[next(&pick) % n]) != CARC_OK;
        if (!w) continue;
        w->moves++;
        unsigned what = (unsigned)(next(&w->rng) % 64);
        if (what == 0) { /* clone and carry on with the clone */
            carc_game *c = NULL;
            bad |= carc_game_clone(g, &c) != CARC_OK;
            carc_game_free(g);
            g = c;
            w->clones++;
        } else if (what == 1) {
            bad |= carc_game_copy(spare, g) != CARC_OK;
            w->copies++;
        } else if (what == 2) { /* save, load, save: the same text; carry on with the loaded game */
            char *t = save_text(g);
            carc_load_options lo = {.struct_size = sizeof lo, .registry = sh->reg,
                                    .tileset = s->borrowed ? sh->ts : NULL};
            carc_game *h = NULL;
            bad |= !t || carc_game_load(&lo, t, strlen(t), &h) != CARC_OK;
            char *t2 = h ? save_text(h) : NULL;
            bad |= !t2 || strcmp(t, t2) != 0;
            free(t);
            free(t2);
            if (h) {
                carc_game_free(g);
                g = h;
            }
            w->loads++;
        } else if (what == 3) {
            int totals[CARC_MAX_PLAYERS];
            bad |= carc_game_projection(g, totals, s->players, NULL, 0) != CARC_OK;
            w->projections++;
        } else if (what == 4) {
            int out[2 * CARC_MAX_PLAYERS];
            bad |= carc_game_playouts(g, 2, seed, out, sizeof out / sizeof out[0]) != CARC_OK;
            w->playouts++;
        }
    }
    for (int p = 0; p < s->players; p++) carc_game_score(g, p, &scores[p]);
    carc_game_free(g);
    carc_game_free(spare);
    return bad;
}

static void *run(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    while (now() < sh->until) {
        const setup *s = &sh->setups[next(&w->rng) % (uint64_t)sh->nsetups];
        int known = next(&w->rng) % 2 == 0;
        uint64_t seed = known ? next(&w->rng) % KNOWN_SEEDS : KNOWN_SEEDS + next(&w->rng) % 1000000;
        int scores[CARC_MAX_PLAYERS] = {0};
        int bad = play_game(sh, s, seed, seed * 7 + 1, w, scores);
        if (!bad && known) bad = memcmp(scores, s->known[seed], sizeof(int) * (size_t)s->players) != 0;
        if (bad) {
            if (atomic_fetch_add(&sh->mismatches, 1) < 5)
                fprintf(stderr, "load: %s%s seed %llu: a call failed or the game differs from the one played alone\n",
                        s->variant, s->nrules ? " (option)" : "", (unsigned long long)seed);
        }
        w->games++;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int threads = 16;
    double seconds = 600;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: carc-load [--threads N] [--seconds S] [--seed X]\n");
            return 2;
        }
    }
    if (threads < 1 || threads > 256) return 2;
    static shared sh;
    static carc_variant mine;
    const carc_variant *base, *dis;
    carc_registry *reg;
    carc_tileset *ts;
    if (carc_registry_find(NULL, "base", &base) || carc_registry_find(NULL, "discovery", &dis) ||
        carc_registry_new(&reg))
        return 2;
    mine = *dis;
    mine.name = "load-discovery";
    if (carc_registry_add(reg, &mine) || carc_tileset_parse(base, base->tiles, base->tiles_len, &ts, NULL, 0)) return 2;
    sh.reg = reg;
    sh.ts = ts;
    int count = 0;
    carc_registry_count(reg, &count);
    for (int i = 0; i < count && sh.nsetups < MAX_SETUPS - 2; i++) {
        const carc_variant *v;
        carc_variant_info info = {.struct_size = sizeof info};
        carc_registry_at(reg, i, &v);
        carc_variant_describe(v, &info);
        setup *s = &sh.setups[sh.nsetups++];
        s->variant = v->name;
        s->players = info.min_players + i % (info.max_players - info.min_players + 1);
        if (v == base) { /* base once more, on the shared tile set */
            sh.setups[sh.nsetups] = *s;
            sh.setups[sh.nsetups++].borrowed = 1;
        }
        if (v == dis) { /* and The Discovery with its hand of two */
            sh.setups[sh.nsetups] = *s;
            sh.setups[sh.nsetups].rule = (carc_option){"hand", 1};
            sh.setups[sh.nsetups++].nrules = 1;
        }
    }
    /* the games of the known seeds, played alone */
    for (int k = 0; k < sh.nsetups; k++)
        for (uint64_t s = 0; s < KNOWN_SEEDS; s++)
            if (play_game(&sh, &sh.setups[k], s, s * 7 + 1, NULL, sh.setups[k].known[s])) {
                fprintf(stderr, "load: %s seed %llu does not play alone\n", sh.setups[k].variant,
                        (unsigned long long)s);
                return 1;
            }
    worker *ws = calloc((size_t)threads, sizeof *ws);
    pthread_t *th = calloc((size_t)threads, sizeof *th);
    if (!ws || !th) return 2;
    double start = now();
    sh.until = start + seconds;
    for (int i = 0; i < threads; i++) {
        ws[i].sh = &sh;
        ws[i].rng = seed * 1000003u + (uint64_t)i;
        if (pthread_create(&th[i], NULL, run, &ws[i])) return 2;
    }
    long games = 0, moves = 0, clones = 0, copies = 0, loads = 0, proj = 0, outs = 0;
    for (int i = 0; i < threads; i++) {
        pthread_join(th[i], NULL);
        printf("thread %2d: %ld games, %ld moves, %ld clones, %ld copies, %ld loads, %ld projections, %ld playouts\n",
               i, ws[i].games, ws[i].moves, ws[i].clones, ws[i].copies, ws[i].loads, ws[i].projections,
               ws[i].playouts);
        games += ws[i].games, moves += ws[i].moves, clones += ws[i].clones, copies += ws[i].copies;
        loads += ws[i].loads, proj += ws[i].projections, outs += ws[i].playouts;
    }
    long bad = atomic_load(&sh.mismatches);
    printf("load: %d threads, %.0f s, %d setups, %ld games, %ld moves, %ld clones, %ld copies, %ld loads, "
           "%ld projections, %ld playouts, %ld mismatches\n",
           threads, now() - start, sh.nsetups, games, moves, clones, copies, loads, proj, outs, bad);
    free(ws);
    free(th);
    carc_tileset_free(ts);
    carc_registry_free(reg);
    return bad ? 1 : 0;
}
