/* carc-play: plays one whole game between bots (greedy by default) and prints it.
 *   carc-play --variant NAME --players N --seed S [--quiet] [--save FILE] [--load FILE] [--svg FILE]
 *             [--json FILE]
 * --load continues a saved game; --save writes the finished game; --svg
 * draws the final position (examples/render/); --json writes its state
 * as JSON (carc_game_state_json).
 * The last line is "final: S1 S2 ..." (scores in seat order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#include "bot.h"
#include "rules.h"
#include "greedy.h"
#include "render.h"

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: carc-play [OPTION]...\n"
            "Plays one game between bots and prints every turn, the final scores with\n"
            "their breakdown by category, the winners, and a last line 'final: S1 S2 ...'\n"
            "(the scores in seat order). The same options give the same game.\n"
            "\n"
            "Options:\n"
            "  --variant NAME       the ruleset (default: base; see Variants below)\n"
            "  --players N          number of players (default: 2)\n"
            "  --seed S             seed of the game's draws and of the bots (default: 1)\n"
            "  --rule NAME=VALUE    a ruleset option, e.g. --rule hand=1 (repeatable)\n"
            "  --bot greedy|random  greedy (the default) tries every move with the rest of\n"
            "                       its turn on scratch copies of the game and keeps the\n"
            "                       best; random picks any legal move\n"
            "  --load FILE          continue a saved game: its variant, players and draws\n"
            "                       come from the file\n"
            "  --save FILE          write the finished game, which --load replays exactly\n"
            "  --svg FILE           draw the final position as an SVG picture\n"
            "  --json FILE          write the final position's public state as JSON\n"
            "                       (docs/state-json.md)\n"
            "  --quiet              print the result only, not every turn\n"
            "  -h, --help           print this help and exit\n"
            "\n"
            "Exit status:\n"
            "  0  the game was played\n"
            "  1  a game, file or picture could not be made, read or written\n"
            "  2  a bad option\n"
            "\n"
            "Variants:");
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

static int load_game(const char *path, carc_game **out)
{
    FILE *f = fopen(path, "rb");
    if (!f) return CARC_E_NOT_FOUND;
    size_t cap = 1 << 20, len;
    char *text = malloc(cap);
    if (!text) {
        fclose(f);
        return CARC_E_NOMEM;
    }
    len = fread(text, 1, cap, f);
    fclose(f);
    int r = carc_game_load(NULL, text, len, out);
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

/* `placed_type` is the type of this turn's tile: after a figure move the
 * turn may be over, so the game no longer says which tile it was. */
static void print_move(const carc_tileset *ts, const carc_variant *v, const carc_move *m, int placed_type)
{
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    const char *name = "?";
    switch (m->kind) {
    case CARC_MOVE_TILE:
        carc_tileset_type(ts, m->tile, &ti);
        printf(" %s@%d,%d/%d", ti.name, m->x, m->y, m->rotation * 90);
        break;
    case CARC_MOVE_FIGURE: {
        const char *fid = "?";
        carc_tileset_feature(ts, placed_type, m->feature, &fid, NULL, NULL);
        carc_variant_figure(v, m->figure, &name, NULL);
        printf(" +%s:%s", name, fid);
        break;
    }
    case CARC_MOVE_PASS:
        break;
    default:
        printf(" action:%u/%d", m->action, (int)m->target);
        break;
    }
}

int main(int argc, char **argv)
{
    rules ruleset = {0};
    const char *variant = "base";
    int players = 2, quiet = 0, greedy = 1;
    const char *save_path = NULL, *load_path = NULL, *svg_path = NULL, *json_path = NULL;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
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
            i++;
            if (strcmp(argv[i], "greedy") && strcmp(argv[i], "random")) {
                usage(stderr);
                return 2;
            }
            greedy = !strcmp(argv[i], "greedy");
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
        r = load_game(load_path, &g);
        if (r) return fail(load_path, r);
        carc_game_players(g, &players);
    } else {
        r = carc_game_new(&o, &g);
        if (r) return fail("cannot create the game", r);
    }
    const carc_variant *v;
    const carc_tileset *ts;
    carc_game_variant(g, &v);
    carc_game_tileset(g, &ts);
    carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES * 3);
    carc_game *scratch[3] = {NULL, NULL, NULL};
    if (!buf) return fail("moves", CARC_E_NOMEM);
    carc_move *bufs[3] = {buf, buf + BOT_MAX_MOVES, buf + 2 * BOT_MAX_MOVES};
    for (int i = 0; i < 3 && greedy; i++)
        if ((r = carc_game_clone(g, &scratch[i])) != CARC_OK) return fail("scratch games", r);
    uint64_t rng = seed * 2654435761u + 1;
    int last_turn_player = -1, placed_type = 0;
    for (;;) {
        carc_phase phase;
        int player;
        carc_game_state(g, &phase, &player);
        if (phase == CARC_PHASE_OVER) break;
        if (phase == CARC_PHASE_TILE && !quiet) {
            if (last_turn_player >= 0) printf("\n");
            printf("P%d:", player);
            last_turn_player = player;
        }
        carc_move m;
        r = greedy ? greedy_step(g, scratch, bufs, &rng, &m) : bot_step(g, buf, &rng, &m);
        if (r) return fail("move", r);
        if (m.kind == CARC_MOVE_TILE) placed_type = m.tile;
        if (!quiet) print_move(ts, v, &m, placed_type);
    }
    if (!quiet) printf("\n");
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
    free(buf);
    for (int i = 0; i < 3; i++) carc_game_free(scratch[i]);
    carc_game_free(g);
    return 0;
}
