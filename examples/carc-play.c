/* carc-play: plays one whole game between bots (or people) and prints it.
 *   carc-play --variant NAME --players N --seed S [--quiet] [--save FILE] [--load FILE] [--svg FILE]
 *             [--json FILE] [--bot SPEC] [--human SEAT]...
 * --load continues a saved game; --save writes the finished game; --svg
 * draws the final position (examples/render/); --json writes its state
 * as JSON (carc_game_state_json).
 * The last line is "final: S1 S2 ..." (scores in seat order). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#include "cli.h"
#include "rules.h"
#include "render.h"
#include "seat.h"

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: carc-play [OPTION]...\n"
            "Plays one game between bots and prints every turn, the final scores with\n"
            "their breakdown by category, the winners, and a last line 'final: S1 S2 ...'\n"
            "(the scores in seat order). The same options give the same game. A turn is\n"
            "a line 'P0: tile U -1 0 1; figure follower r1': the player, then its moves\n"
            "in the move text of saves (carc_move_format).\n"
            "\n"
            "Options:\n"
            "  --variant NAME       the ruleset (default: base; see Variants below)\n"
            "  --players N          number of players (default: 2)\n"
            "  --seed S             seed of the game's draws and of the bots (default: 1)\n"
            "  --rule NAME=VALUE    a ruleset option, e.g. --rule hand=1 (repeatable)\n"
            "  --bot SPEC           the bot of every seat but the --human ones (default:\n"
            "                       greedy; see Bots below)\n"
            "  --human SEAT         a person plays seat SEAT (from 0; repeatable), typing a\n"
            "                       move as move text or as its number in the list shown\n"
            "                       (from 1), with the board drawn as text after each turn\n"
            "  --load FILE          continue a saved game: its variant, players and draws\n"
            "                       come from the file\n"
            "  --save FILE          write the finished game, which --load replays exactly\n"
            "  --svg FILE           draw the final position as an SVG picture\n"
            "  --json FILE          write the final position's public state as JSON\n"
            "                       (docs/state-json.md)\n"
            "  --quiet              print the result only, not every turn\n"
            CLI_HELP_LINES
            "\n"
            "Bots: greedy tries every move with the rest of its turn on scratch copies of\n"
            "the game and keeps the best; random picks any legal move; mc:K follows every\n"
            "move with K random playouts; search:N is the tree search of\n"
            "libcarcassonne-search with N iterations a decision, search:Tms with T\n"
            "milliseconds. SPEC is one of:\n%s"
            "\n"
            "Exit status:\n"
            "  0  the game was played\n"
            "  1  a game, file or picture could not be made, read or written\n"
            "  2  a bad option\n"
            "\n"
            "Variants:", seat_help);
    int n = 0;
    carc_registry_count(NULL, &n);
    for (int i = 0; i < n; i++) {
        const carc_variant *v;
        carc_variant_info info = {.struct_size = sizeof info};
        if (carc_registry_at(NULL, i, &v) == CARC_OK && carc_variant_describe(v, &info) == CARC_OK)
            fprintf(f, " %s", info.name);
    }
    fprintf(f, "\n");
}

static int fail(const char *what, int r)
{
    fprintf(stderr, "carc-play: %s: %s\n", what, carc_strerror(r));
    return 1;
}

/* Loads a saved game; `err` gets the library's message naming the line of
 * the save at fault. */
static int load_game(const char *path, carc_game **out, char *err, size_t err_cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_cap, "cannot open it: %s", strerror(errno));
        return CARC_E_NOT_FOUND;
    }
    size_t cap = 1 << 20, len;
    char *text = malloc(cap);
    if (!text) {
        fclose(f);
        return CARC_E_NOMEM;
    }
    len = fread(text, 1, cap, f);
    fclose(f);
    carc_load_options lo = {.struct_size = sizeof lo, .err = err, .err_cap = err_cap};
    int r = carc_game_load(&lo, text, len, out);
    free(text);
    return r;
}

static int save_game(const carc_game *g, const char *path)
{
    size_t len;
    carc_game_save(g, NULL, 0, &len); /* ask for the size first */
    char *text = malloc(len + 1);
    if (!text) return CARC_E_NOMEM;
    int r = carc_game_save(g, text, len + 1, &len);
    FILE *f = r == CARC_OK ? fopen(path, "wb") : NULL;
    if (r == CARC_OK && (!f || fwrite(text, 1, len, f) != len)) r = CARC_E_INVALID;
    if (f && fclose(f)) r = CARC_E_INVALID;
    free(text);
    return r;
}

/* --json: the final position's document (carc_game_state_json). */
static int write_json(const carc_game *g, const char *path)
{
    size_t len = 0;
    carc_game_state_json(g, NULL, 0, &len); /* the size first */
    char *text = malloc(len + 1);
    if (!text) return CARC_E_NOMEM;
    int r = carc_game_state_json(g, text, len + 1, &len);
    FILE *f = r == CARC_OK ? fopen(path, "wb") : NULL;
    if (r == CARC_OK && (!f || fwrite(text, 1, len, f) != len)) r = CARC_E_INVALID;
    if (f && fclose(f)) r = CARC_E_INVALID;
    free(text);
    return r;
}

/* A move in the library's move text (carc_move_format), the words saves
 * use: `tile U -1 0 1`, `figure follower r1`, `pass`, `action remove 4`.
 * Written after the move: the tile a figure move names stays on the board. */
static void print_move(const carc_game *g, const carc_move *m, int first)
{
    char text[256];
    size_t len;
    if (carc_move_format(g, m, text, sizeof text, &len) != CARC_OK) snprintf(text, sizeof text, "?");
    printf("%s %s", first ? "" : ";", text);
}

/* The closing lines: the title, each score with its breakdown by category,
 * the winners and "final: S1 S2 ..." in seat order. */
static void print_result(carc_game *g, const carc_variant *v, int players, unsigned long long seed)
{
    carc_variant_info info = {.struct_size = sizeof info};
    carc_variant_describe(v, &info);
    int ntiles;
    carc_game_tile_count(g, &ntiles);
    printf("%s, %d players, seed %llu: %d tiles on the board\n", info.title, players, seed, ntiles);
    for (int p = 0; p < players; p++) {
        int total, cats[16] = {0};
        carc_game_score(g, p, &total);
        carc_game_score_breakdown(g, p, cats, info.category_count);
        printf("player %d: %3d  (", p, total);
        for (int c = 0; c < info.category_count; c++) {
            const char *cn;
            carc_variant_category(v, c, &cn);
            printf("%s%s %d", c ? ", " : "", cn, cats[c]);
        }
        printf(")\n");
    }
    unsigned winners = 0;
    carc_game_winners(g, &winners);
    printf("winner(s):");
    for (int p = 0; p < players; p++)
        if (winners & (1u << p)) printf(" player %d", p);
    printf("\nfinal:");
    for (int p = 0; p < players; p++) {
        int total;
        carc_game_score(g, p, &total);
        printf(" %d", total);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    rules ruleset = {0};
    const char *variant = "base";
    int players = 2, quiet = 0;
    unsigned humans = 0;
    seat_spec bot;
    char err[160];
    seat_parse("greedy", &bot, err, sizeof err);
    const char *save_path = NULL, *load_path = NULL, *svg_path = NULL, *json_path = NULL;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (cli_answered(argv[i], "carc-play", usage)) {
            return 0;
        } else if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            variant = argv[++i];
        } else if (!strcmp(argv[i], "--players") && i + 1 < argc) {
            players = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--rule") && i + 1 < argc) {
            if (rules_add(&ruleset, argv[++i])) {
                fprintf(stderr, "bad --rule %s (want NAME=VALUE)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--save") && i + 1 < argc) {
            save_path = argv[++i];
        } else if (!strcmp(argv[i], "--svg") && i + 1 < argc) {
            svg_path = argv[++i];
        } else if (!strcmp(argv[i], "--json") && i + 1 < argc) {
            json_path = argv[++i];
        } else if (!strcmp(argv[i], "--load") && i + 1 < argc) {
            load_path = argv[++i];
        } else if (!strcmp(argv[i], "--bot") && i + 1 < argc) {
            if (seat_parse(argv[++i], &bot, err, sizeof err)) {
                fprintf(stderr, "carc-play: %s\n", err);
                return 2;
            }
        } else if (!strcmp(argv[i], "--human") && i + 1 < argc) {
            int seat_no = atoi(argv[++i]);
            if (seat_no < 0 || seat_no >= CARC_MAX_PLAYERS || strspn(argv[i], "0123456789") != strlen(argv[i])) {
                fprintf(stderr, "carc-play: --human wants a seat number from 0\n");
                return 2;
            }
            humans |= 1u << seat_no;
        } else if (!strcmp(argv[i], "--quiet")) {
            quiet = 1;
        } else {
            usage(stderr);
            return 2;
        }
    }
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .seed = seed};
    rules_apply(&ruleset, &o);
    carc_game *g;
    int r;
    if (load_path) {
        char err[256] = "";
        r = load_game(load_path, &g, err, sizeof err);
        if (r && err[0]) fprintf(stderr, "carc-play: %s: %s\n", load_path, err);
        if (r) return err[0] ? 1 : fail(load_path, r);
        carc_game_players(g, &players);
    } else {
        r = carc_game_new(&o, &g);
        if (r) rules_explain(stderr, "carc-play", &o, r);
        if (r) return 1;
    }
    const carc_variant *v;
    carc_game_variant(g, &v);
    seat *seats[CARC_MAX_PLAYERS] = {NULL};
    if (humans >> players) {
        fprintf(stderr, "carc-play: --human wants a seat from 0 to %d (the game has %d players)\n", players - 1, players);
        carc_game_free(g);
        return 2;
    }
    if ((r = seats_open(seats, players, &bot, humans, g, seed)) != CARC_OK) return fail("players", r);
    int last_turn_player = -1, first = 1;
    for (;;) {
        carc_phase phase;
        int player;
        carc_game_state(g, &phase, &player);
        if (phase == CARC_PHASE_OVER) break;
        if (phase == CARC_PHASE_TILE && !quiet) {
            if (last_turn_player >= 0) printf("\n");
            printf("P%d:", player);
            last_turn_player = player;
            first = 1;
        }
        carc_move m;
        r = seats_move(seats, humans, g, &m);
        if (r == CARC_E_NOT_FOUND) { /* a person ended the input */
            printf("\nend of input: the game is left unfinished\n");
            for (int i = 0; i < players; i++) seat_close(seats[i]);
            carc_game_free(g);
            return 0;
        }
        if (r) return fail("move", r);
        if (!quiet) print_move(g, &m, first);
        first = 0;
    }
    if (!quiet) printf("\n");
    print_result(g, v, players, seed);
    if (save_path && (r = save_game(g, save_path)) != CARC_OK) return fail(save_path, r);
    if (json_path && (r = write_json(g, json_path)) != CARC_OK) return fail(json_path, r);
    if (svg_path) {
        /* a loaded game's seed is not known here, so the caption leaves it out */
        render_options ro = {.seed_known = !load_path, .seed = seed};
        FILE *f = fopen(svg_path, "wb");
        r = f ? render_svg(g, &ro, f) : CARC_E_NOT_FOUND;
        if (f && fclose(f) && r == CARC_OK) r = CARC_E_INVALID;
        if (r) return fail(svg_path, r);
    }
    for (int i = 0; i < players; i++) seat_close(seats[i]);
    carc_game_free(g);
    return 0;
}
