/* Follows one game of any ruleset through carcassonne.h alone: learns the
 * ruleset by name, shows each decision and move as text, reads what each
 * move caused from the log, keeps its own score sheet and checks it
 * against the library's at the end. docs/client-guide.md lists it in full.
 *   follow-game [VARIANT [PLAYERS [SEED]]] */
#include <carcassonne.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_CATEGORIES 32

static int fail(const char *what, int status)
{
    fprintf(stderr, "%s: %s\n", what, carc_strerror(status));
    return 1;
}

/* A tile type's name, as printed on the tile. */
static const char *tile_name(const carc_game *g, int type)
{
    const carc_tileset *ts;
    carc_tile_type_info ti = {.struct_size = sizeof ti};
    carc_game_tileset(g, &ts);
    return carc_tileset_type(ts, type, &ti) == CARC_OK ? ti.name : "?";
}

int main(int argc, char **argv)
{
    const char *variant = argc > 1 ? argv[1] : "hills-sheep";
    int players = argc > 2 ? atoi(argv[2]) : 2;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;

    /* The ruleset describes itself: never hard-code its numbers. */
    const carc_variant *v;
    int r = carc_registry_find(NULL, variant, &v);
    if (r) return fail(variant, r);
    carc_variant_info info = {.struct_size = sizeof info};
    if ((r = carc_variant_describe(v, &info))) return fail("describe", r);
    if (info.category_count > MAX_CATEGORIES || players < 1 || players > CARC_MAX_PLAYERS)
        return fail("limits", CARC_E_LIMIT);
    const char *category[MAX_CATEGORIES];
    for (int c = 0; c < info.category_count; c++) carc_variant_category(v, c, &category[c]);
    printf("%s, %d players, seed %llu\n", info.title, players, (unsigned long long)seed);

    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = players, .seed = seed};
    carc_game *g;
    if ((r = carc_game_new(&o, &g))) return fail("new game", r);

    int sheet[CARC_MAX_PLAYERS][MAX_CATEGORIES] = {{0}};
    int seen = 0; /* log entries read so far */
    size_t cap = 256;
    carc_move *moves = malloc(cap * sizeof *moves);
    uint64_t rng = seed;
    if (!moves) return fail("moves", CARC_E_NOMEM);

    for (;;) {
        carc_phase phase;
        int who;
        carc_game_state(g, &phase, &who); /* who decides now: not always whose turn it is */
        if (phase == CARC_PHASE_OVER) break;
        if (phase == CARC_PHASE_TILE) {
            int hand[8], n = 0;
            carc_game_hand(g, who, hand, 8, &n); /* the drawn tile, or the whole hand */
            printf("p%d holds", who);
            for (int i = 0; i < n && i < 8; i++) printf(" %s", tile_name(g, hand[i]));
            printf("\n");
        }
        size_t n = 0;
        r = carc_game_moves(g, moves, cap, &n);
        if (r == CARC_E_BUFFER) { /* n says how many there are */
            carc_move *more = realloc(moves, n * sizeof *moves);
            if (!more) return fail("moves", CARC_E_NOMEM);
            moves = more;
            cap = n;
            continue;
        }
        if (r) return fail("moves", r);

        /* a random player picks; a real client would ask a person or a bot */
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        const carc_move *m = &moves[(rng >> 33) % n];
        char text[128];
        size_t len;
        if ((r = carc_move_format(g, m, text, sizeof text, &len))) return fail("format", r);
        if ((r = carc_game_apply(g, m))) return fail(text, r);
        printf("p%d %s\n", who, text);

        int count = 0;
        carc_game_log_count(g, &count);
        for (; seen < count; seen++) {
            carc_event_info e = {.struct_size = sizeof e};
            carc_game_log(g, seen, &e);
            if (e.kind == CARC_EVENT_SCORE) {
                sheet[e.player][e.category] += e.points;
                printf("    p%d +%d %s", e.player, e.points, category[e.category]);
                if (e.tile_index >= 0) printf(" (%s at %d,%d, %d tiles)", e.feature_id, e.x, e.y, e.tiles);
                printf("\n");
            } else if (e.kind == CARC_EVENT_COMPLETED) {
                printf("    %s at %d,%d completed, nobody scores\n", e.feature_id, e.x, e.y);
            } else if (e.kind == CARC_EVENT_EXTRA_TURN) {
                printf("    p%d plays again\n", e.player);
            }
        }
    }

    /* The score sheet kept from the log must be the library's score. */
    int wrong = 0;
    for (int p = 0; p < players; p++) {
        int row[MAX_CATEGORIES], total = 0, score = 0;
        carc_game_score_breakdown(g, p, row, info.category_count);
        carc_game_score(g, p, &score);
        printf("p%d %d:", p, score);
        for (int c = 0; c < info.category_count; c++) {
            printf(" %s %d", category[c], sheet[p][c]);
            total += sheet[p][c];
            wrong += row[c] != sheet[p][c];
        }
        printf("\n");
        wrong += total != score;
    }
    /* Public quantities a ruleset keeps (flocks, pools...), by name. */
    for (int i = 0; i < info.view_count; i++) {
        const char *name;
        int shape, length, value;
        carc_variant_view(v, i, &name, NULL, &shape, &length);
        int owners = shape == CARC_VIEW_GAME ? 1 : shape == CARC_VIEW_PLAYER ? players : 0;
        for (int owner = 0; owner < owners; owner++) {
            printf("%s[%d]:", name, owner);
            for (int k = 0; k < length; k++)
                if (carc_game_view(g, i, owner, k, &value) == CARC_OK) printf(" %d", value);
            printf("\n");
        }
    }
    printf("%s\n", wrong ? "the score sheet differs from the library" : "the score sheet agrees");
    free(moves);
    carc_game_free(g);
    return wrong != 0;
}
