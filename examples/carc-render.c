/* carc-render: draws a game as an SVG picture (examples/render/).
 *   carc-render --load SAVEFILE --svg OUT.svg
 *   carc-render --variant NAME --players N --seed S [--rule NAME=VALUE]... --svg OUT.svg
 * With --load it draws the saved position; otherwise it plays a game between
 * bots (greedy by default, as carc-play does) and draws the end, or the
 * position after --turns N tiles. --save FILE also writes that game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>

#include "cli.h"
#include "bot.h"
#include "greedy.h"
#include "render.h"
#include "rules.h"

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: carc-render --load SAVEFILE --svg OUT.svg [--tile PX]\n"
            "  or:  carc-render [OPTION]... --svg OUT.svg\n"
            "Draws a game as an SVG picture: the board with each tile's features in the\n"
            "variant's kind colours, the figures in player colours, the last tile placed,\n"
            "the scores by category and the game's public state. With --load it draws a\n"
            "saved game; otherwise it plays a game between bots, as carc-play does, and\n"
            "draws its end.\n"
            "\n"
            "Options:\n"
            "  --svg OUT.svg        the picture to write (required)\n"
            "  --load SAVEFILE      draw this saved game\n"
            "  --variant NAME       the ruleset (default: base; see Variants below)\n"
            "  --players N          number of players (default: 2)\n"
            "  --seed S             seed of the game's draws and of the bots (default: 1)\n"
            "  --rule NAME=VALUE    a ruleset option, e.g. --rule hand=1 (repeatable)\n"
            "  --bot greedy|random  the bots, as in carc-play (default: greedy)\n"
            "  --turns N            draw the position once the bots have placed N tiles\n"
            "  --save FILE          also write the game drawn as a save file\n"
            "  --tile PX            size of a board square in pixels (default: 64)\n"
            CLI_HELP_LINES
            "\n"
            "Exit status:\n"
            "  0  the picture was written\n"
            "  1  a game, file or picture could not be made, read or written\n"
            "  2  a bad option (--svg is required)\n"
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
    fprintf(stderr, "carc-render: %s: %s\n", what, carc_strerror(r));
    return 1;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        char *bigger = realloc(buf, 2 * cap + 1);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    fclose(f);
    if (buf) buf[n] = 0;
    *len = n;
    return buf;
}

/* The seed line of a save, for the caption only (the game is rebuilt by
 * carc_game_load, which does not report the seed). */
static int save_seed(const char *text, unsigned long long *seed)
{
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, "seed ", 5)) {
            *seed = strtoull(p + 5, NULL, 10);
            return 1;
        }
    return 0;
}

static int write_save(const carc_game *g, const char *path)
{
    size_t len = 0;
    carc_game_save(g, NULL, 0, &len);
    char *text = malloc(len + 1);
    if (!text) return CARC_E_NOMEM;
    int r = carc_game_save(g, text, len + 1, &len);
    FILE *f = r == CARC_OK ? fopen(path, "wb") : NULL;
    if (r == CARC_OK && (!f || fwrite(text, 1, len, f) != len)) r = CARC_E_INVALID;
    if (f && fclose(f)) r = CARC_E_INVALID;
    free(text);
    return r;
}

int main(int argc, char **argv)
{
    rules ruleset = {0};
    const char *variant = "base", *load_path = NULL, *svg_path = NULL, *save_path = NULL;
    int players = 2, greedy = 1, turns = -1, tile_px = 0;
    unsigned long long seed = 1;
    char note[256] = "";
    for (int i = 1; i < argc; i++) {
        if (cli_answered(argv[i], "carc-render", usage)) {
            return 0;
        } else if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            variant = argv[++i];
        } else if (!strcmp(argv[i], "--players") && i + 1 < argc) {
            players = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--rule") && i + 1 < argc) {
            if (rules_add(&ruleset, argv[++i])) {
                fprintf(stderr, "bad --rule %s (want NAME=VALUE)\n", argv[i]);
                return 2;
            }
            size_t l = strlen(note);
            snprintf(note + l, sizeof note - l, "%s%s", l ? " " : "Rules: ", argv[i]);
        } else if (!strcmp(argv[i], "--bot") && i + 1 < argc) {
            i++;
            if (strcmp(argv[i], "greedy") && strcmp(argv[i], "random")) {
                usage(stderr);
                return 2;
            }
            greedy = !strcmp(argv[i], "greedy");
        } else if (!strcmp(argv[i], "--turns") && i + 1 < argc) {
            turns = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--tile") && i + 1 < argc) {
            tile_px = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--load") && i + 1 < argc) {
            load_path = argv[++i];
        } else if (!strcmp(argv[i], "--save") && i + 1 < argc) {
            save_path = argv[++i];
        } else if (!strcmp(argv[i], "--svg") && i + 1 < argc) {
            svg_path = argv[++i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!svg_path) {
        usage(stderr);
        return 2;
    }
    render_options ro = {.tile_px = tile_px};
    carc_game *g = NULL;
    int r;
    if (load_path) {
        size_t len = 0;
        char *text = read_file(load_path, &len);
        if (!text) {
            fprintf(stderr, "carc-render: cannot read %s\n", load_path);
            return 1;
        }
        ro.seed_known = save_seed(text, &ro.seed);
        char err[256] = "";
        carc_load_options lo = {.struct_size = sizeof lo, .err = err, .err_cap = sizeof err};
        r = carc_game_load(&lo, text, len, &g);
        free(text);
        if (r && err[0]) fprintf(stderr, "carc-render: %s: %s\n", load_path, err);
        if (r) return err[0] ? 1 : fail(load_path, r);
        snprintf(note, sizeof note, "Loaded from %s", load_path);
    } else {
        carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = players, .seed = seed};
        rules_apply(&ruleset, &o);
        if ((r = carc_game_new(&o, &g)) != CARC_OK) {
            rules_explain(stderr, "carc-render", &o, r);
            return 1;
        }
        ro.seed_known = 1;
        ro.seed = seed;
        size_t l = strlen(note);
        snprintf(note + l, sizeof note - l, "%sPlayed by %s bots", l ? " · " : "", greedy ? "greedy" : "random");
        carc_move *buf = malloc(sizeof *buf * BOT_MAX_MOVES * 3);
        carc_game *scratch[3] = {NULL, NULL, NULL};
        if (!buf) return fail("moves", CARC_E_NOMEM);
        carc_move *bufs[3] = {buf, buf + BOT_MAX_MOVES, buf + 2 * BOT_MAX_MOVES};
        for (int i = 0; i < 3 && greedy; i++)
            if ((r = carc_game_clone(g, &scratch[i])) != CARC_OK) return fail("scratch games", r);
        uint64_t rng = seed * 2654435761u + 1;
        int placed = 0;
        for (;;) {
            carc_phase phase;
            carc_game_state(g, &phase, NULL);
            if (phase == CARC_PHASE_OVER) break;
            if (phase == CARC_PHASE_TILE && turns >= 0 && placed >= turns) break;
            carc_move m;
            r = greedy ? greedy_step(g, scratch, bufs, &rng, &m) : bot_step(g, buf, &rng, &m);
            if (r) return fail("move", r);
            if (m.kind == CARC_MOVE_TILE) placed++;
        }
        free(buf);
        for (int i = 0; i < 3; i++) carc_game_free(scratch[i]);
    }
    ro.note = note;
    FILE *out = fopen(svg_path, "wb");
    if (!out) {
        fprintf(stderr, "carc-render: cannot write %s\n", svg_path);
        return 1;
    }
    r = render_svg(g, &ro, out);
    if (fclose(out) && r == CARC_OK) r = CARC_E_INVALID;
    if (r) return fail(svg_path, r);
    if (save_path && (r = write_save(g, save_path)) != CARC_OK) return fail(save_path, r);
    carc_game_free(g);
    return 0;
}
