/* carc-arena: plays bot A against bot B on paired deals and says how much
 * stronger A is, with intervals (the arithmetic and its reasons: arena.h).
 *   carc-arena --variant V --players P --a BOT --b BOT --pairs N --seed S
 *              [--rule NAME=VALUE]... [--sprt ELO0 ELO1] [--jobs J]
 *              [--progress K] [--log FILE]
 * The output ends with the lines "score_share: X" (A's), "interval: LO HI"
 * (95%) and "games: N". */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#include "cli.h"
#include "arena.h"
#include "rules.h"
#include "seat.h"

typedef struct arena {
    carc_game_options o;
    seat_spec a, b;
    long pairs, next;
    uint64_t seed;
    arena_deal *deals;
    int stop;
    pthread_mutex_t lock;
    pthread_cond_t changed;
} arena;

static void *worker(void *arg)
{
    arena *ar = arg;
    for (;;) {
        pthread_mutex_lock(&ar->lock);
        long i = ar->stop || ar->next >= ar->pairs ? -1 : ar->next++;
        pthread_mutex_unlock(&ar->lock);
        if (i < 0) return NULL;
        arena_deal d;
        arena_play_deal(&ar->o, &ar->a, &ar->b, arena_deal_seed(ar->seed, i), &d);
        pthread_mutex_lock(&ar->lock);
        ar->deals[i] = d;
        pthread_cond_broadcast(&ar->changed);
        pthread_mutex_unlock(&ar->lock);
    }
}

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: carc-arena --a BOT --b BOT --pairs N [OPTION]...\n"
            "Plays N deals of bot A against bot B and says which is stronger. Each deal is\n"
            "played once per rotation of the seats (A in one seat, B in the others), so the\n"
            "tiles' and the seats' luck cancel within it. Prints A's score share (1 a win,\n"
            "0.5 a tie, against each B seat) and mean score margin with 95%% intervals, the\n"
            "deals by result (pentanomial), the Elo difference, and with --sprt the\n"
            "sequential test, which may stop early. The last lines are 'score_share: X',\n"
            "'interval: LO HI' and 'games: N'.\n"
            "\n"
            "Options:\n"
            "  --a BOT              bot A, the one measured (see Bots below)\n"
            "  --b BOT              bot B, its opponent in every other seat\n"
            "  --pairs N            deals to play (each deal is one game per rotation)\n"
            "  --variant NAME       the ruleset (default: base)\n"
            "  --players P          players a game, 2 to 6 (default: 2)\n"
            "  --seed S             seed of the match; deal i's seed follows from it\n"
            "                       (default: 1)\n"
            "  --rule NAME=VALUE    a ruleset option, e.g. --rule hand=1 (repeatable)\n"
            "  --sprt ELO0 ELO1     stop when the sequential probability ratio test decides\n"
            "                       between H0 'A is ELO0 better' and H1 'A is ELO1 better'\n"
            "                       (5%% error each way)\n"
            "  --jobs J             play J deals at once on threads (1 to 64; default: 1)\n"
            "  --progress K         print a line of the figures so far every K deals\n"
            "  --log FILE           write every game's scores, a line a game\n"
            CLI_HELP_LINES
            "\n"
            "Bots: random picks any legal move; greedy tries every move with the rest of\n"
            "its turn on scratch copies and keeps the best; mc:K follows every move with K\n"
            "random playouts; search:N is the tree search of libcarcassonne-search with N\n"
            "iterations a decision, search:Tms with T milliseconds. BOT is one of:\n%s"
            "\n"
            "Exit status:\n"
            "  0  the match was played\n"
            "  1  a game could not be made or played, or the log could not be written\n"
            "  2  a bad option\n",
            seat_help);
}

typedef struct cli {
    arena ar;
    rules rs;
    int jobs, sprt;
    long progress;
    double elo0, elo1;
    const char *log;
} cli;

/* Reads the value of option k into the cli; returns 0, or 2 on a bad value. */
static int option(cli *c, const char *k, const char *v, const char *v2)
{
    char err[160];
    if (!strcmp(k, "--variant")) {
        c->ar.o.variant_name = v;
    } else if (!strcmp(k, "--players")) {
        c->ar.o.players = atoi(v);
    } else if (!strcmp(k, "--a") || !strcmp(k, "--b")) {
        seat_spec *sp = k[2] == 'a' ? &c->ar.a : &c->ar.b;
        if (seat_parse(v, sp, err, sizeof err)) {
            fprintf(stderr, "carc-arena: %s\n", err);
            return 2;
        }
        if (sp->kind == SEAT_HUMAN) {
            fprintf(stderr, "carc-arena: the arena plays bots only (carc-play --human plays a person)\n");
            return 2;
        }
    } else if (!strcmp(k, "--pairs")) {
        c->ar.pairs = atol(v);
    } else if (!strcmp(k, "--seed")) {
        c->ar.seed = strtoull(v, NULL, 10);
    } else if (!strcmp(k, "--jobs")) {
        c->jobs = atoi(v);
    } else if (!strcmp(k, "--progress")) {
        c->progress = atol(v);
    } else if (!strcmp(k, "--log")) {
        c->log = v;
    } else if (!strcmp(k, "--rule")) {
        if (rules_add(&c->rs, v)) {
            fprintf(stderr, "carc-arena: bad --rule %s (want NAME=VALUE)\n", v);
            return 2;
        }
    } else if (!strcmp(k, "--sprt") && v2) {
        c->sprt = 1;
        c->elo0 = atof(v);
        c->elo1 = atof(v2);
    } else {
        fprintf(stderr, "carc-arena: unknown option %s (try --help)\n", k);
        return 2;
    }
    return 0;
}

static int parse_args(int argc, char **argv, cli *c)
{
    for (int i = 1; i < argc; i++) {
        if (cli_answered(argv[i], "carc-arena", usage)) exit(0);
        if (i + 1 >= argc) {
            fprintf(stderr, "carc-arena: %s wants a value (try --help)\n", argv[i]);
            return 2;
        }
        int two = !strcmp(argv[i], "--sprt");
        if (option(c, argv[i], argv[i + 1], two && i + 2 < argc ? argv[i + 2] : NULL)) return 2;
        i += 1 + two;
    }
    const char *why = !c->ar.a.text[0] || !c->ar.b.text[0] ? "--a and --b are needed"
                      : c->ar.pairs < 1                    ? "--pairs wants at least 1"
                      : c->jobs < 1 || c->jobs > 64        ? "--jobs wants 1 to 64"
                      : c->ar.o.players < 2 || c->ar.o.players > ARENA_MAX_SEATS ? "--players wants 2 to 6"
                      : c->sprt && !(c->elo1 > c->elo0)   ? "--sprt wants ELO0 below ELO1"
                                                           : NULL;
    if (why) {
        fprintf(stderr, "carc-arena: %s (try --help)\n", why);
        return 2;
    }
    return 0;
}

static void print_log(FILE *f, const arena *ar, long i, const arena_deal *d)
{
    for (int r = 0; r < ar->o.players; r++) {
        fprintf(f, "deal %ld seed %llu a_seat %d scores", i, (unsigned long long)arena_deal_seed(ar->seed, i), r);
        for (int p = 0; p < ar->o.players; p++) fprintf(f, " %d", d->scores[r][p]);
        fprintf(f, "\n");
    }
}

static void print_stats(const arena_sums *sums, const char *label)
{
    arena_stats st;
    arena_stats_of(sums, &st);
    printf("%s: pairs %ld, score share %.4f [%.4f, %.4f], margin %+.2f [%+.2f, %+.2f], elo %+.1f [%+.1f, %+.1f]\n",
           label, st.pairs, st.share, st.share_lo, st.share_hi, st.margin, st.margin_lo, st.margin_hi, st.elo,
           st.elo_lo, st.elo_hi);
    fflush(stdout);
}

/* Takes the finished deals in order into the sums, testing after each;
 * returns when every deal is in or the test has decided. */
static void collect(cli *c, arena_sums *sums, FILE *log, double *cpu, long *decisions, int *verdict, int *status)
{
    arena *ar = &c->ar;
    double llr, lo, hi;
    for (long i = 0; i < ar->pairs && !*verdict && !*status; i++) {
        pthread_mutex_lock(&ar->lock);
        while (!ar->deals[i].done) pthread_cond_wait(&ar->changed, &ar->lock);
        arena_deal d = ar->deals[i];
        pthread_mutex_unlock(&ar->lock);
        if ((*status = d.status) != CARC_OK) break;
        arena_add(sums, d.result, d.margin, ar->o.players, d.wins, d.draws, d.losses);
        for (int k = 0; k < 2; k++) cpu[k] += d.cpu[k], decisions[k] += d.decisions[k];
        if (log) print_log(log, ar, i, &d);
        if (c->progress > 0 && (i + 1) % c->progress == 0) print_stats(sums, "progress");
        if (c->sprt) *verdict = arena_sprt(sums, c->elo0, c->elo1, &llr, &lo, &hi);
    }
    pthread_mutex_lock(&ar->lock);
    ar->stop = 1;
    pthread_mutex_unlock(&ar->lock);
}

static void report(const cli *c, const arena_sums *sums, const double *cpu, const long *decisions, int verdict)
{
    const arena *ar = &c->ar;
    arena_stats st;
    arena_stats_of(sums, &st);
    printf("arena: %s, %d players, A %s, B %s, seed %llu: %ld deals of %d games\n", ar->o.variant_name,
           ar->o.players, ar->a.text, ar->b.text, (unsigned long long)ar->seed, st.pairs, ar->o.players);
    printf("pentanomial: %ld %ld %ld %ld %ld (deals by A's result 0, 1/4, 1/2, 3/4, 1)\n", st.penta[0],
           st.penta[1], st.penta[2], st.penta[3], st.penta[4]);
    printf("against each B seat: %ld won, %ld tied, %ld lost\n", st.wins, st.draws, st.losses);
    printf("margin: %+.2f [%+.2f, %+.2f] points a game (A's score minus the B seats' mean)\n", st.margin,
           st.margin_lo, st.margin_hi);
    printf("elo: %+.1f [%+.1f, %+.1f]\n", st.elo, st.elo_lo, st.elo_hi);
    for (int k = 0; k < 2; k++)
        printf("%s: %.3f ms a decision (CPU), %ld decisions\n", k ? "B" : "A",
               decisions[k] ? 1000.0 * cpu[k] / (double)decisions[k] : 0.0, decisions[k]);
    if (c->sprt) {
        double llr, lo, hi;
        arena_sprt(sums, c->elo0, c->elo1, &llr, &lo, &hi);
        printf("sprt: elo0 %g elo1 %g: %s after %ld deals, llr %.3f (bounds %.3f, %.3f)\n", c->elo0, c->elo1,
               verdict > 0 ? "H1 accepted" : verdict < 0 ? "H0 accepted" : "no verdict", st.pairs, llr, lo, hi);
    }
    printf("score_share: %.4f\n", st.share);
    printf("interval: %.4f %.4f\n", st.share_lo, st.share_hi);
    printf("games: %ld\n", st.games);
}

int main(int argc, char **argv)
{
    cli c;
    memset(&c, 0, sizeof c);
    c.ar.o = (carc_game_options){.struct_size = sizeof c.ar.o, .variant_name = "base", .players = 2};
    c.ar.seed = 1;
    c.jobs = 1;
    if (parse_args(argc, argv, &c)) return 2;
    arena *ar = &c.ar;
    rules_apply(&c.rs, &ar->o);
    carc_game *probe;
    int r = carc_game_new(&ar->o, &probe);
    if (r) {
        fprintf(stderr, "carc-arena: cannot create a %s game for %d players: %s\n", ar->o.variant_name,
                ar->o.players, carc_strerror(r));
        return 1;
    }
    carc_game_free(probe);
    FILE *log = c.log ? fopen(c.log, "w") : NULL;
    if (c.log && !log) {
        fprintf(stderr, "carc-arena: cannot write %s\n", c.log);
        return 1;
    }
    if (log) setvbuf(log, NULL, _IOLBF, 0); /* a run stopped midway keeps every deal it finished */
    ar->deals = calloc((size_t)ar->pairs, sizeof *ar->deals);
    if (!ar->deals) return 1;
    pthread_mutex_init(&ar->lock, NULL);
    pthread_cond_init(&ar->changed, NULL);
    pthread_t th[64];
    int started = 0;
    for (; started < c.jobs; started++)
        if (pthread_create(&th[started], NULL, worker, ar)) break;
    if (!started) worker(ar); /* no thread could start: play here */
    arena_sums sums;
    memset(&sums, 0, sizeof sums);
    double cpu[2] = {0, 0};
    long decisions[2] = {0, 0};
    int verdict = 0, status = CARC_OK;
    collect(&c, &sums, log, cpu, decisions, &verdict, &status);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    if (log) fclose(log);
    free(ar->deals);
    if (status) {
        fprintf(stderr, "carc-arena: a game failed: %s\n", carc_strerror(status));
        return 1;
    }
    report(&c, &sums, cpu, decisions, verdict);
    return 0;
}
