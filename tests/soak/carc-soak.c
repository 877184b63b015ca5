/* carc-soak: many random games with every invariant checked after every move.
 *
 *   carc-soak --games N [--variant NAME] [--seed S] [--mixed-rules] [--quiet]
 *
 * Plays N games for each setup: every built-in variant with its default
 * options, plus the rulesets whose options change the turn itself (the
 * table below). Players cycle from each variant's minimum to its maximum.
 * After every move the checks of tests/fuzz/invariants.h run (the deep ones
 * every 16th move and at the end); a sample of positions is saved and
 * loaded back, cloned, and offered a move that is not legal. The last line
 * is "soak: G games, M moves, V violations"; the exit status is 1 if V > 0.
 *
 * A game is a copy of a prepared game reseeded, the library's own cheap
 * reset, so the run spends its time in play rather than in parsing tile
 * sets. A violation names the setup, the game's seed and the move, and the
 * first few print the game's save text, which carc-play --load replays. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#include "../scaled_set.h"
#include "invariants.h"

/* Rulesets whose options change how a turn goes, soaked on their own. */
static const struct {
    const char *variant, *option;
    int value;
} extra_setups[] = {{"discovery", "hand", 1}};

typedef struct setup {
    const carc_variant *v;
    carc_variant_info info;
    carc_option rule;
    int nrules;
    const carc_tileset *ts; /* the variant's own tiles copied --times times, or NULL for its own set */
    char label[96];
} setup;

typedef struct run {
    uint64_t games, moves, violations;
    int quiet, mixed;
    carc_move listed[INV_MAX_MOVES];
} run;

static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void report(run *r, inv_ctx *c, const setup *s, int players, uint64_t seed, uint64_t move, const carc_game *g)
{
    r->violations++;
    if (r->violations <= 20)
        fprintf(stderr, "soak: VIOLATION %s, %d players, seed %llu, move %llu: %s\n", s->label, players,
                (unsigned long long)seed, (unsigned long long)move, c->msg);
    if (r->violations <= 3 && g) {
        size_t len = 0;
        inv_ctx tmp = {0};
        if (!inv_save(&tmp, g, 0, &len)) fprintf(stderr, "--- the game so far\n%s---\n", tmp.save[0]);
        inv_free(&tmp);
    }
}

/* A move made illegal on purpose (a square far off the board, a figure
 * kind no variant has) must be refused and change nothing. */
static int refused_unchanged(inv_ctx *c, carc_game *g, const carc_move *legal)
{
    carc_move m = *legal;
    if (m.kind == CARC_MOVE_TILE)
        m.x = (int16_t)(m.x + 300);
    else if (m.kind == CARC_MOVE_FIGURE)
        m.figure = 200;
    else
        return 0;
    size_t a = 0, b = 0;
    uint64_t before = inv_digest(g);
    if (inv_save(c, g, 0, &a)) return 1;
    int r = carc_game_apply(g, &m);
    if (r == CARC_OK) return inv_fail(c, "an illegal move (kind %d) was accepted", m.kind);
    if (inv_save(c, g, 1, &b)) return 1;
    if (a != b || memcmp(c->save[0], c->save[1], a) || inv_digest(g) != before)
        return inv_fail(c, "a refused move (%s) changed the game", carc_strerror(r));
    return 0;
}

/* Clone and copy show the same game. */
static int same_when_copied(inv_ctx *c, const carc_game *g, carc_game *scratch)
{
    carc_game *h = NULL;
    if (carc_game_clone(g, &h)) return inv_fail(c, "clone failed");
    int bad = inv_digest(h) != inv_digest(g);
    carc_game_free(h);
    if (bad) return inv_fail(c, "a clone shows another state");
    if (carc_game_copy(scratch, g)) return inv_fail(c, "copy failed");
    if (inv_digest(scratch) != inv_digest(g)) return inv_fail(c, "a copy shows another state");
    return 0;
}

static void soak_setup(run *r, setup *s, long games, uint64_t seed)
{
    int lo = s->info.min_players, hi = s->info.max_players;
    carc_game *start[CARC_MAX_PLAYERS + 1] = {0}, *work = NULL, *scratch = NULL;
    uint64_t before_games = r->games, before_moves = r->moves, before_viol = r->violations;
    inv_ctx c = {0};
    carc_option rules[8];
    carc_load_options load = {.struct_size = sizeof load, .tileset = s->ts};
    for (int p = lo; p <= hi; p++) {
        carc_game_options o = {.struct_size = sizeof o, .variant = s->v, .players = p, .seed = seed,
                               .rules = &s->rule, .rule_count = s->nrules, .tileset = s->ts};
        int e = carc_game_new(&o, &start[p]);
        if (e) {
            inv_fail(&c, "carc_game_new: %s", carc_strerror(e));
            report(r, &c, s, p, seed, 0, NULL);
            goto done;
        }
    }
    if (carc_game_clone(start[lo], &work) || carc_game_clone(start[lo], &scratch)) {
        fprintf(stderr, "soak: out of memory\n");
        exit(2);
    }
    for (long gi = 0; gi < games; gi++) {
        int players = lo + (int)(gi % (hi - lo + 1));
        uint64_t game_seed = seed + (uint64_t)gi * 0x10001ull;
        carc_game *g = work;
        if (r->mixed && (gi & 1)) {
            /* every option at a random value, but those the setup fixes */
            uint64_t rr = game_seed;
            int n = 0;
            for (int i = 0; i < s->info.option_count && n < 8; i++) {
                const char *name;
                int olo, ohi;
                carc_variant_option(s->v, i, &name, NULL, &olo, &ohi, NULL);
                if (s->nrules && !strcmp(name, s->rule.name)) continue;
                rules[n].name = name;
                rules[n++].value = olo + (int)(rnd(&rr) % (uint64_t)(ohi - olo + 1));
            }
            if (s->nrules) rules[n++] = s->rule;
            carc_game_options o = {.struct_size = sizeof o, .variant = s->v, .players = players,
                                   .seed = game_seed, .rules = rules, .rule_count = n, .tileset = s->ts};
            if (carc_game_new(&o, &g)) {
                inv_fail(&c, "carc_game_new with mixed options failed");
                report(r, &c, s, players, game_seed, 0, NULL);
                continue;
            }
        } else if (carc_game_copy(work, start[players]) || carc_game_reseed(work, game_seed)) {
            inv_fail(&c, "copy or reseed of a new game failed");
            report(r, &c, s, players, game_seed, 0, NULL);
            continue;
        }
        r->games++;
        if (inv_init(&c, g)) {
            report(r, &c, s, players, game_seed, 0, g);
            if (g != work) carc_game_free(g);
            continue;
        }
        uint64_t bot = game_seed ^ 0x5bd1e995ull;
        for (uint64_t step = 0;; step++) {
            int deep = (step & 15) == 0;
            if (inv_check(&c, g, deep)) {
                report(r, &c, s, players, game_seed, step, g);
                break;
            }
            carc_phase ph;
            carc_game_state(g, &ph, NULL);
            if (ph == CARC_PHASE_OVER) {
                if (inv_check(&c, g, 1) || inv_roundtrip(&c, g, &load)) report(r, &c, s, players, game_seed, step, g);
                break;
            }
            size_t n = 0;
            if (inv_list(&c, g, &n) || n == 0) {
                if (!n) inv_fail(&c, "no move listed before the end");
                report(r, &c, s, players, game_seed, step, g);
                break;
            }
            memcpy(r->listed, c.moves, n * sizeof(carc_move));
            carc_move m = r->listed[(rnd(&bot) >> 11) % n];
            uint64_t total = r->moves + step;
            if (total % 53 == 0 && refused_unchanged(&c, g, &m)) {
                report(r, &c, s, players, game_seed, step, g);
                break;
            }
            int e = carc_game_apply(g, &m);
            if (e) {
                inv_fail(&c, "listed move (kind %d) refused: %s", m.kind, carc_strerror(e));
                report(r, &c, s, players, game_seed, step, g);
                break;
            }
            if ((total % 97 == 0 && inv_roundtrip(&c, g, &load)) ||
                (total % 211 == 0 && same_when_copied(&c, g, scratch))) {
                report(r, &c, s, players, game_seed, step, g);
                break;
            }
            if (step > 5000 + 40 * (uint64_t)c.total_tiles) {
                inv_fail(&c, "no end after %llu moves", (unsigned long long)step);
                report(r, &c, s, players, game_seed, step, g);
                break;
            }
            r->moves++;
        }
        if (g != work) carc_game_free(g);
    }
done:
    if (!r->quiet)
        printf("soak: %-40s %llu games, %llu moves, %llu violations\n", s->label,
               (unsigned long long)(r->games - before_games), (unsigned long long)(r->moves - before_moves),
               (unsigned long long)(r->violations - before_viol));
    fflush(stdout);
    for (int p = 0; p <= CARC_MAX_PLAYERS; p++) carc_game_free(start[p]);
    carc_game_free(work);
    carc_game_free(scratch);
    inv_free(&c);
}

static int usage(FILE *f)
{
    fprintf(f, "usage: carc-soak --games N [--variant NAME] [--seed S] [--mixed-rules] [--times K] [--quiet]\n"
               "Plays N random games per setup (every built-in variant, and the option setups\n"
               "that change the turn), checking invariants after every move.\n"
               "--mixed-rules: every other game sets the variant's options at random.\n"
               "--times K: on each variant's own tiles copied K times (a ruleset that refuses\n"
               "the set says so on a line of its own, and is not played).\n"
               "Last line: 'soak: G games, M moves, V violations'; exit 1 on any violation.\n");
    return f == stdout ? 0 : 2;
}

int main(int argc, char **argv)
{
    long games = 100;
    int times = 1;
    const char *only = NULL;
    uint64_t seed = 1;
    static run r;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = atol(argv[++i]);
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--times") && i + 1 < argc)
            times = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--mixed-rules"))
            r.mixed = 1;
        else if (!strcmp(argv[i], "--quiet"))
            r.quiet = 1;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return usage(stdout);
        else
            return usage(stderr);
    }
    if (games < 0) games = 0;
    if (times < 1 || times > 64) return usage(stderr);
    int count = 0, matched = 0;
    carc_registry_count(NULL, &count);
    for (int vi = 0; vi < count; vi++) {
        setup s = {.nrules = 0};
        carc_registry_at(NULL, vi, &s.v);
        s.info.struct_size = sizeof s.info;
        if (carc_variant_describe(s.v, &s.info)) {
            fprintf(stderr, "soak: variant %d does not describe itself\n", vi);
            return 1;
        }
        if (only && strcmp(only, s.info.name)) continue;
        matched = 1;
        carc_tileset *scaled = NULL;
        if (times > 1) {
            size_t len = 0;
            char *text = scaled_tiles(s.v, times, &len), err[256] = "";
            int e = text ? carc_tileset_parse(s.v, text, len, &scaled, err, sizeof err) : CARC_E_NOMEM;
            free(text);
            if (e) {
                printf("soak: %-40s refuses its tiles %d times over: %s\n", s.info.name, times, err);
                continue;
            }
            s.ts = scaled;
        }
        snprintf(s.label, sizeof s.label, times > 1 ? "%s x %d" : "%s", s.info.name, times);
        soak_setup(&r, &s, games, seed);
        for (size_t k = 0; k < sizeof extra_setups / sizeof extra_setups[0]; k++) {
            if (strcmp(extra_setups[k].variant, s.info.name)) continue;
            s.rule.name = extra_setups[k].option;
            s.rule.value = extra_setups[k].value;
            s.nrules = 1;
            if (times > 1)
                snprintf(s.label, sizeof s.label, "%s x %d %s=%d", s.info.name, times, s.rule.name, s.rule.value);
            else
                snprintf(s.label, sizeof s.label, "%s %s=%d", s.info.name, s.rule.name, s.rule.value);
            soak_setup(&r, &s, games, seed);
        }
        carc_tileset_free(scaled);
    }
    if (!matched) {
        fprintf(stderr, "soak: no variant named %s\n", only);
        return 2;
    }
    printf("soak: %llu games, %llu moves, %llu violations\n", (unsigned long long)r.games, (unsigned long long)r.moves,
           (unsigned long long)r.violations);
    return r.violations ? 1 : 0;
}
