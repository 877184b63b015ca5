/* A person at the terminal: the board as text, the legal moves numbered
 * from 1, and a move typed as its number or as move text (seat.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "seat.h"

/* every listing whole: Over Hill and Dale alone can offer more than 8,192
 * hikes on a set of long paths */
#define HUMAN_MAX_MOVES CARC_MAX_MOVES
#define BOARD_SPAN 128

/* The letter a feature kind is drawn with: its initial, or '.' for the
 * kind that covers the most edge slots of the tile set (the fields). */
static char kind_letter(const char *kind, const char *background)
{
    if (!kind) return ' ';
    if (background && !strcmp(kind, background)) return '.';
    return (char)tolower((unsigned char)kind[0]);
}

static const char *background_kind(const carc_tileset *ts)
{
    static char best[64];
    const char *names[32];
    int counts[32], nk = 0, ntypes = 0, top = -1;
    carc_tileset_type_count(ts, &ntypes);
    for (int t = 0; t < ntypes; t++) {
        const char *kind;
        unsigned slots;
        for (int f = 0; carc_tileset_feature(ts, t, f, NULL, &kind, &slots) == CARC_OK; f++) {
            int k = 0;
            while (k < nk && strcmp(names[k], kind)) k++;
            if (k == nk && nk < 32) names[nk] = kind, counts[nk++] = 0;
            if (k < nk) counts[k] += __builtin_popcount(slots);
        }
    }
    for (int k = 0; k < nk; k++)
        if (top < 0 || counts[k] > counts[top]) top = k;
    if (top < 0) return NULL;
    snprintf(best, sizeof best, "%s", names[top]);
    return best;
}

/* Board slot j of a tile turned r shows the type's slot (j - 3r) mod 12. */
static int type_slot(int j, int rot) { return ((j - 3 * rot) % 12 + 12) % 12; }

/* Where a figure on a feature is drawn: the first of the middle slots, then
 * the others, that the feature covers as laid; -1 for the tile's centre. */
static int figure_slot(unsigned slots, int rot)
{
    static const int order[12] = {1, 4, 7, 10, 0, 2, 3, 5, 6, 8, 9, 11};
    for (int i = 0; i < 12; i++)
        if (slots >> type_slot(order[i], rot) & 1u) return order[i];
    return -1;
}

/* The 5x3 block of a placed tile: north slots 0-2 on the top row, the
 * middle slots of west (10) and east (4) beside the centre, south slots
 * 8-6 at the bottom; figures as their owner's seat number. */
static void tile_block(carc_game *g, int index, const char *background, char block[3][6])
{
    const carc_tileset *ts;
    carc_placed_tile pt;
    carc_game_tileset(g, &ts);
    carc_game_tile(g, index, &pt);
    static const int pos[12][2] = {{0, 1}, {0, 2}, {0, 3}, {-1, -1}, {1, 4}, {-1, -1},
                                   {2, 3}, {2, 2}, {2, 1}, {-1, -1}, {1, 0}, {-1, -1}};
    memcpy(block, "     \0     \0     \0", 18);
    const char *kind;
    unsigned slots;
    for (int f = 0; carc_tileset_feature(ts, pt.type, f, NULL, &kind, &slots) == CARC_OK; f++) {
        char c = kind_letter(kind, background);
        if (!slots && c != '.') block[1][2] = c;
        for (int j = 0; j < 12; j++)
            if (pos[j][0] >= 0 && (slots >> type_slot(j, pt.rotation) & 1u)) block[pos[j][0]][pos[j][1]] = c;
    }
    int nfig = 0;
    carc_game_figure_count(g, &nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        if (carc_game_figure(g, i, &fi) || !fi.on_board || fi.tile_index != index) continue;
        carc_tileset_feature(ts, pt.type, fi.feature, NULL, NULL, &slots);
        int j = figure_slot(slots, pt.rotation);
        char *at = j < 0 || pos[j][0] < 0 ? &block[1][2] : &block[pos[j][0]][pos[j][1]];
        *at = (char)('0' + fi.owner);
    }
}

void board_text(carc_game *g, FILE *out)
{
    int n = 0, minx = 0, maxx = 0, miny = 0, maxy = 0;
    const carc_tileset *ts;
    carc_game_tileset(g, &ts);
    carc_game_tile_count(g, &n);
    for (int i = 0; i < n; i++) {
        carc_placed_tile pt;
        carc_game_tile(g, i, &pt);
        minx = pt.x < minx ? pt.x : minx, maxx = pt.x > maxx ? pt.x : maxx;
        miny = pt.y < miny ? pt.y : miny, maxy = pt.y > maxy ? pt.y : maxy;
    }
    if (maxx - minx >= BOARD_SPAN || maxy - miny >= BOARD_SPAN) return;
    const char *background = background_kind(ts);
    fprintf(out, "     ");
    for (int x = minx; x <= maxx; x++) fprintf(out, "%4d ", x);
    fprintf(out, "\n");
    for (int y = miny; y <= maxy; y++)
        for (int row = 0; row < 3; row++) {
            fprintf(out, row == 1 ? "%4d " : "     ", y);
            for (int x = minx; x <= maxx; x++) {
                int at = -1;
                char block[3][6];
                carc_game_tile_at(g, x, y, &at);
                if (at < 0) {
                    fprintf(out, "     ");
                    continue;
                }
                tile_block(g, at, background, block);
                fprintf(out, "%s", block[row]);
            }
            fprintf(out, "\n");
        }
    /* the legend: each kind's letter, then the figures */
    const carc_variant *v;
    const char *name;
    carc_game_variant(g, &v);
    fprintf(out, "letters:");
    for (int k = 0; carc_variant_kind(v, k, &name, NULL) == CARC_OK; k++)
        fprintf(out, "%s %c %s", k ? "," : "", kind_letter(name, background), name);
    fprintf(out, "; digits: a figure of that seat\n");
}

/* The legal moves, numbered from 1, three to a line. */
static void list_moves(carc_game *g, const carc_move *moves, size_t n, FILE *out)
{
    for (size_t i = 0; i < n; i++) {
        char text[96];
        size_t len;
        if (carc_move_format(g, &moves[i], text, sizeof text, &len) != CARC_OK) snprintf(text, sizeof text, "?");
        fprintf(out, "%4zu %-22s%s", i + 1, text, i % 3 == 2 || i + 1 == n ? "\n" : "");
    }
}

/* Reads one line into buf (the rest of a longer line is dropped); 0 at
 * the end of the input. Leading and trailing spaces are cut. */
static int read_line(FILE *in, char *buf, size_t cap)
{
    if (!fgets(buf, (int)cap, in)) return 0;
    size_t len = strlen(buf);
    if (len && buf[len - 1] != '\n' && !feof(in)) {
        int c;
        while ((c = fgetc(in)) != EOF && c != '\n') {}
    }
    while (len && isspace((unsigned char)buf[len - 1])) buf[--len] = 0;
    size_t start = 0;
    while (isspace((unsigned char)buf[start])) start++;
    memmove(buf, buf + start, len - start + 1);
    return 1;
}

/* Whether the line is a number; *k gets it (0 when too large). */
static int is_number(const char *s, size_t *k)
{
    if (!*s) return 0;
    *k = 0;
    for (const char *p = s; *p; p++) {
        if (!isdigit((unsigned char)*p)) return 0;
        *k = *k < 100000000 ? *k * 10 + (size_t)(*p - '0') : 0;
    }
    return 1;
}

/* Checks a typed move on a scratch copy: 0 if legal, else the status. */
static int try_move(carc_game *g, carc_game **scratch, const carc_move *m)
{
    int r = *scratch ? carc_game_copy(*scratch, g) : carc_game_clone(g, scratch);
    return r ? r : carc_game_apply(*scratch, m);
}

/* What the player sees before deciding: whose decision and which tile. */
static void header(carc_game *g, FILE *out)
{
    carc_phase phase;
    int player = 0, tile = -1;
    const carc_tileset *ts;
    carc_game_state(g, &phase, &player);
    carc_game_tileset(g, &ts);
    fprintf(out, "\nplayer %d to decide", player);
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    if (phase == CARC_PHASE_TILE && carc_game_drawn_tile(g, &tile) == CARC_OK &&
        carc_tileset_type(ts, tile, &ti) == CARC_OK)
        fprintf(out, ": place tile %s (edges %s)", ti.name, ti.edges);
    else if (phase == CARC_PHASE_FIGURE)
        fprintf(out, ": a figure on the tile just placed, or pass");
    fprintf(out, "\n");
}

int human_move(carc_game *g, FILE *in, FILE *out, carc_move *m)
{
    size_t n = 0;
    carc_move *moves = malloc(sizeof *moves * HUMAN_MAX_MOVES);
    carc_game *scratch = NULL;
    int r = moves ? carc_game_moves(g, moves, HUMAN_MAX_MOVES, &n) : CARC_E_NOMEM;
    if (!r && !n) r = CARC_E_ILLEGAL_MOVE;
    if (!r) {
        header(g, out);
        list_moves(g, moves, n, out);
    }
    while (!r) {
        char line[256];
        size_t k;
        fprintf(out, "move (1-%zu, or move text; ? lists the moves again): ", n);
        fflush(out);
        if (!read_line(in, line, sizeof line)) {
            r = CARC_E_NOT_FOUND; /* the end of the input */
            break;
        }
        if (!line[0]) continue;
        if (!strcmp(line, "?")) {
            list_moves(g, moves, n, out);
        } else if (is_number(line, &k)) {
            if (k >= 1 && k <= n) {
                *m = moves[k - 1];
                break;
            }
            fprintf(out, "no move %s: the moves are numbered 1 to %zu\n", line, n);
        } else {
            int e = carc_move_parse(g, line, strlen(line), m);
            if (e) {
                char first[96];
                size_t len;
                if (carc_move_format(g, &moves[0], first, sizeof first, &len)) snprintf(first, sizeof first, "pass");
                fprintf(out, "cannot read '%s' (%s): type a number, or a move as listed, such as '%s'\n", line,
                        carc_strerror(e), first);
            }
            else if ((e = try_move(g, &scratch, m)) != CARC_OK)
                fprintf(out, "'%s' is not a legal move now (%s)\n", line, carc_strerror(e));
            else
                break;
        }
    }
    carc_game_free(scratch);
    free(moves);
    return r;
}
