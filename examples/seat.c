/* Seats: the bots of the example programs behind one call (seat.h). */
#include <stdlib.h>
#include <string.h>

#include <carcassonne_search.h>

#include "bot.h"
#include "greedy.h"
#include "seat.h"

const char seat_help[] =
    "  random | greedy | mc:K | search:N | search:Tms (or search-ms:T) | human\n"
    "  (a search may add ,threads=T ,win ,c=X ,no-reuse; e.g. search:2000,threads=2)\n";

struct seat {
    seat_spec spec;
    uint64_t rng;
    carc_search *search;
    carc_game *scratch[4];   /* greedy: three look-ahead games and one to play on; mc: one */
    carc_move *bufs;         /* three listings of BOT_MAX_MOVES */
    int *scores;
};

static int fail(char *err, size_t cap, const char *text, const char *why)
{
    snprintf(err, cap, "bad player '%s': %s", text, why);
    return -1;
}

/* The options after the first comma of a search spec. */
static int search_extras(seat_spec *s, char *rest, char *err, size_t cap)
{
    for (char *w = strtok(rest, ","); w; w = strtok(NULL, ",")) {
        char *end;
        if (!strcmp(w, "win") || !strcmp(w, "margin")) {
            s->win = w[0] == 'w';
        } else if (!strcmp(w, "no-reuse")) {
            s->no_reuse = 1;
        } else if (!strncmp(w, "threads=", 8)) {
            s->threads = (int)strtol(w + 8, &end, 10);
            if (*end || s->threads < 1 || s->threads > CARC_SEARCH_MAX_THREADS)
                return fail(err, cap, s->text, "threads=T wants T from 1 to 64");
        } else if (!strncmp(w, "c=", 2)) {
            s->exploration = strtod(w + 2, &end);
            if (*end || !(s->exploration > 0)) return fail(err, cap, s->text, "c=X wants a positive number");
        } else {
            return fail(err, cap, s->text, "a search option is threads=T, win, margin, c=X or no-reuse");
        }
    }
    return 0;
}

int seat_parse(const char *text, seat_spec *out, char *err, size_t cap)
{
    seat_spec s;
    memset(&s, 0, sizeof s);
    if (strlen(text) >= sizeof s.text) return fail(err, cap, text, "too long");
    strcpy(s.text, text);
    char buf[64], *end;
    strcpy(buf, text);
    char *comma = strchr(buf, ',');
    if (comma) *comma++ = 0;
    if (!strcmp(buf, "random") || !strcmp(buf, "greedy") || !strcmp(buf, "human")) {
        s.kind = buf[0] == 'r' ? SEAT_RANDOM : buf[0] == 'g' ? SEAT_GREEDY : SEAT_HUMAN;
    } else if (!strncmp(buf, "mc:", 3)) {
        s.kind = SEAT_MC;
        s.amount = strtol(buf + 3, &end, 10);
        if (*end || end == buf + 3 || s.amount < 1 || s.amount > 1000000)
            return fail(err, cap, text, "mc:K wants K playouts from 1 to 1000000");
    } else if (!strcmp(buf, "search") || !strncmp(buf, "search:", 7)) {
        s.kind = SEAT_SEARCH;
        s.amount = buf[6] ? strtol(buf + 7, &end, 10) : 2000;
        int ms = buf[6] && end != buf + 7 && !strcmp(end, "ms"); /* search:250ms, the same as search-ms:250 */
        if (ms && s.amount >= 1)
            s.milliseconds = (double)s.amount, s.amount = 0;
        else if (buf[6] && (ms || *end || end == buf + 7 || s.amount < 1))
            return fail(err, cap, text, "search:N wants N iterations, at least 1 (or search:Tms, T milliseconds)");
    } else if (!strncmp(buf, "search-ms:", 10)) {
        s.kind = SEAT_SEARCH;
        s.milliseconds = strtod(buf + 10, &end);
        if (*end || end == buf + 10 || !(s.milliseconds > 0) || s.milliseconds > 1e7)
            return fail(err, cap, text, "search-ms:T wants T milliseconds above 0");
    } else {
        return fail(err, cap, text, "want random, greedy, mc:K, search:N, search-ms:T or human");
    }
    if (comma && s.kind != SEAT_SEARCH) return fail(err, cap, text, "only a search takes options after a comma");
    if (comma && search_extras(&s, comma, err, cap)) return -1;
    *out = s;
    return 0;
}

static int open_search(seat *s, uint64_t seed)
{
    carc_search_options o = {.struct_size = sizeof o,
                             .iterations = s->spec.amount,
                             .milliseconds = s->spec.milliseconds,
                             .seed = seed,
                             .threads = s->spec.threads,
                             .reward = s->spec.win ? CARC_SEARCH_REWARD_WIN : CARC_SEARCH_REWARD_MARGIN,
                             .exploration = s->spec.exploration,
                             .no_reuse = s->spec.no_reuse};
    return carc_search_new(&o, &s->search);
}

seat *seat_open(const seat_spec *spec, const carc_game *g, uint64_t seed, int *status)
{
    seat *s = calloc(1, sizeof *s);
    int r = s ? CARC_OK : CARC_E_NOMEM;
    if (s) {
        s->spec = *spec;
        s->rng = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
        int games = spec->kind == SEAT_GREEDY ? 4 : spec->kind == SEAT_MC ? 1 : 0;
        for (int i = 0; !r && i < games; i++) r = carc_game_clone(g, &s->scratch[i]);
        if (!r && !(s->bufs = malloc(sizeof *s->bufs * BOT_MAX_MOVES * 3))) r = CARC_E_NOMEM;
        if (!r && spec->kind == SEAT_MC && !(s->scores = malloc(sizeof *s->scores * (size_t)spec->amount * 8)))
            r = CARC_E_NOMEM;
        if (!r && spec->kind == SEAT_SEARCH) r = open_search(s, seed);
    }
    if (r) {
        seat_close(s);
        s = NULL;
    }
    if (status) *status = r;
    return s;
}

void seat_close(seat *s)
{
    if (!s) return;
    carc_search_free(s->search);
    for (int i = 0; i < 4; i++) carc_game_free(s->scratch[i]);
    free(s->bufs);
    free(s->scores);
    free(s);
}

/* Flat Monte Carlo: K playouts after each move, on a copy reseeded from the
 * seat's own generator (one seed a decision, the same for every move), so
 * it guesses what is hidden instead of reading the game's next draws. */
static int mc_move(seat *s, carc_game *g, carc_move *out)
{
    size_t n = 0;
    int r = carc_game_moves(g, s->bufs, BOT_MAX_MOVES, &n), me = 0, players = 0;
    if (r) return r;
    carc_game_state(g, NULL, &me);
    carc_game_players(g, &players);
    uint64_t guess = bot_rand(&s->rng), seed = bot_rand(&s->rng);
    double best = -1e18;
    size_t pick = 0, k = (size_t)s->spec.amount;
    for (size_t i = 0; i < n && n > 1; i++) {
        carc_game *c = s->scratch[0];
        if ((r = carc_game_copy(c, g)) || (r = carc_game_reseed(c, guess)) || (r = carc_game_apply(c, &s->bufs[i])) ||
            (r = carc_game_playouts(c, (int)k, seed, s->scores, k * (size_t)players)))
            return r;
        double sum = 0;
        for (size_t j = 0; j < k; j++) {
            const int *sc = s->scores + j * (size_t)players;
            int other = -1000000;
            for (int p = 0; p < players; p++)
                if (p != me && sc[p] > other) other = sc[p];
            sum += sc[me] - other;
        }
        if (sum / (double)k > best) best = sum / (double)k, pick = i;
    }
    *out = s->bufs[pick];
    return CARC_OK;
}

int seat_move(seat *s, carc_game *g, FILE *in, FILE *out, carc_move *m)
{
    switch (s->spec.kind) {
    case SEAT_RANDOM: {
        carc_game *c = g; /* bot_step applies: choose on g's own listing, then undo nothing */
        size_t n = 0;
        int r = carc_game_moves(c, s->bufs, BOT_MAX_MOVES, &n);
        if (r) return r;
        *m = s->bufs[(size_t)((bot_rand(&s->rng) >> 32) * n >> 32)];
        return CARC_OK;
    }
    case SEAT_GREEDY: {
        carc_move *bufs[3] = {s->bufs, s->bufs + BOT_MAX_MOVES, s->bufs + 2 * BOT_MAX_MOVES};
        int r = carc_game_copy(s->scratch[3], g);
        return r ? r : greedy_step(s->scratch[3], s->scratch, bufs, &s->rng, m);
    }
    case SEAT_MC:
        return mc_move(s, g, m);
    case SEAT_SEARCH:
        return carc_search_run(s->search, g, m);
    default:
        return human_move(g, in, out, m);
    }
}

int seats_open(seat **seats, int players, const seat_spec *bot, unsigned humans, const carc_game *g, uint64_t seed)
{
    seat_spec person;
    char err[8];
    seat_parse("human", &person, err, sizeof err);
    int r = CARC_OK;
    for (int p = 0; p < players && !r; p++)
        seats[p] = seat_open(humans >> p & 1u ? &person : bot, g, seed * 0x100000001B3ull + (uint64_t)p, &r);
    return r;
}

/* The scores and supplies under the board, for a person. */
static void standings(carc_game *g, FILE *out)
{
    int players = 0;
    carc_game_players(g, &players);
    fprintf(out, "scores:");
    for (int p = 0; p < players; p++) {
        int score = 0, supply = 0;
        carc_game_score(g, p, &score);
        carc_game_supply(g, p, 0, &supply);
        fprintf(out, "  player %d: %d points, %d in supply", p, score, supply);
    }
    fprintf(out, "\n");
}

int seats_move(seat **seats, unsigned humans, carc_game *g, carc_move *m)
{
    carc_phase phase;
    int player = 0;
    int r = carc_game_state(g, &phase, &player);
    if (r) return r;
    if (humans && (phase == CARC_PHASE_TILE || humans >> player & 1u)) {
        printf("\n");
        board_text(g, stdout);
        standings(g, stdout);
    }
    r = seat_move(seats[player], g, stdin, stdout, m);
    return r ? r : carc_game_apply(g, m);
}
