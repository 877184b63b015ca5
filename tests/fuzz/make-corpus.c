/* make-corpus: writes the seed corpora of the fuzz harnesses.
 *
 *   make-corpus DIR    (normally tests/fuzz; DIR/corpus/{load,tileset,api,movetext} must exist)
 *
 * writes the seed inputs under DIR/corpus and the dictionaries
 * DIR/load.dict, DIR/tileset.dict and DIR/movetext.dict.
 *
 * Everything comes from the registry, so a new built-in variant gets seeds
 * by running this again (docs/fuzzing.md says how).
 * A "setup" is a variant with its default options, or with one option set
 * to another value (this gives The Discovery's hand=1, the Hills & Sheep
 * parts on their own, ...). Output is deterministic: same library, same
 * files. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>
#include <carcassonne_variant.h>

#include "api_ops.h"

static const char *outdir;
static int files;

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void write_file(const char *sub, const char *name, const void *data, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/corpus/%s/%s", outdir, sub, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
        fprintf(stderr, "make-corpus: cannot write %s\n", path);
        exit(1);
    }
    files++;
}

static void save_to(const carc_game *g, const char *name)
{
    size_t len = 0;
    carc_game_save(g, NULL, 0, &len);
    char *buf = malloc(len + 1);
    if (!buf || carc_game_save(g, buf, len + 1, &len)) {
        fprintf(stderr, "make-corpus: save failed\n");
        exit(1);
    }
    write_file("load", name, buf, len);
    free(buf);
}

typedef struct setup {
    const carc_variant *v;
    int index;            /* in the registry */
    carc_variant_info info;
    int option;           /* -1: defaults */
    const char *opt_name;
    int opt_value;
    char label[96];
} setup;

/* Plays `decisions` random moves (all of them when negative); calls the
 * chance-fixing functions now and then when `exotic`, so the saves show
 * reseed, replace, forced draws and queued next-tile/next-token lines. */
static void play(carc_game *g, int decisions, uint64_t *rng, int exotic)
{
    static carc_move moves[4608];
    const carc_variant *v;
    const char *bag = NULL;
    carc_game_variant(g, &v);
    carc_variant_bag(v, 0, &bag, NULL);
    for (int i = 0; decisions < 0 || i < decisions; i++) {
        if (exotic && i == 3) carc_game_reseed(g, next(rng));
        if (exotic && i % 7 == 5) {
            /* every other time with the draw made, so the tile named replaces it */
            if (i % 14 == 5) carc_game_state(g, NULL, NULL);
            int types = 0;
            const carc_tileset *ts;
            carc_game_tileset(g, &ts);
            carc_tileset_type_count(ts, &types);
            for (int k = 0; k < 8 && carc_game_set_next_tile(g, (int)(next(rng) % (uint64_t)types)); k++) {
            }
        }
        if (exotic && bag && i % 11 == 2) carc_game_set_next_token(g, bag, (int)(next(rng) % 3));
        size_t n = 0;
        if (carc_game_moves(g, moves, sizeof moves / sizeof moves[0], &n) || n == 0) return;
        carc_game_apply(g, &moves[next(rng) % n]);
    }
}

static void saves(const setup *s)
{
    carc_option rule = {s->opt_name, s->opt_value};
    int lo = s->info.min_players, hi = s->info.max_players;
    struct {
        int players, seed, decisions, exotic;
        const char *tag;
    } plan[] = {{lo, 1, 60, 0, "mid"}, {lo, 1, -1, 0, "end"}, {hi, 2, -1, 0, "end"}, {hi > lo ? lo + 1 : lo, 3, 90, 1, "exotic"}};
    for (size_t k = 0; k < sizeof plan / sizeof plan[0]; k++) {
        carc_game_options o = {.struct_size = sizeof o, .variant = s->v, .players = plan[k].players,
                               .seed = (uint64_t)plan[k].seed, .rules = &rule, .rule_count = s->option >= 0};
        carc_game *g;
        if (carc_game_new(&o, &g)) {
            fprintf(stderr, "make-corpus: cannot create %s\n", s->label);
            exit(1);
        }
        uint64_t rng = (uint64_t)plan[k].seed * 1000003u + (uint64_t)s->index;
        play(g, plan[k].decisions, &rng, plan[k].exotic);
        char name[160];
        snprintf(name, sizeof name, "%s-p%d-s%d-%s.sav", s->label, plan[k].players, plan[k].seed, plan[k].tag);
        save_to(g, name);
        carc_game_free(g);
    }
}

/* ---- dictionaries --------------------------------------------------------- */

#define MAX_WORDS 4096

typedef struct dict {
    char *w[MAX_WORDS];
    int n;
} dict;

/* Adds a word once. */
static void add(dict *d, const char *w, size_t len)
{
    if (!len || d->n == MAX_WORDS) return;
    for (int i = 0; i < d->n; i++)
        if (strlen(d->w[i]) == len && !memcmp(d->w[i], w, len)) return;
    d->w[d->n] = malloc(len + 1);
    if (!d->w[d->n]) exit(1);
    memcpy(d->w[d->n], w, len);
    d->w[d->n++][len] = 0;
}

static void adds(dict *d, const char *w) { add(d, w, strlen(w)); }

static void write_dict(const char *name, const dict *d, const char *about)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", outdir, name);
    FILE *f = fopen(path, "w");
    if (!f) exit(1);
    fprintf(f, "# %s\n# Written by make-corpus from the registry and the built-in tile sets.\n", about);
    /* libFuzzer's dictionary syntax: quotes, backslashes and bytes outside
     * printable ASCII as \xNN */
    for (int i = 0; i < d->n; i++) {
        fputc('"', f);
        for (const unsigned char *c = (const unsigned char *)d->w[i]; *c; c++)
            if (*c < 0x20 || *c > 0x7e || *c == '"' || *c == '\\')
                fprintf(f, "\\x%02X", *c);
            else
                fputc(*c, f);
        fputs("\"\n", f);
    }
    if (fclose(f)) exit(1);
    files++;
}

/* The names a game of this variant can mention: figures, bags, tokens,
 * options, categories, stacks, tiles and their features; the kinds and
 * attribute keys of its tile text go to the tile-set dictionary. */
static void variant_words(dict *save, dict *tiles, const carc_variant *v, const carc_variant_info *info)
{
    const char *name;
    int n;
    adds(save, info->name);
    for (int k = 0; k < info->figure_kind_count; k++)
        if (!carc_variant_figure(v, k, &name, NULL)) adds(save, name);
    for (int b = 0; b < info->bag_count; b++)
        if (!carc_variant_bag(v, b, &name, &n)) {
            adds(save, name);
            for (int t = 0; t < n; t++)
                if (!carc_variant_bag_token(v, b, t, &name, NULL)) adds(save, name);
        }
    for (int o = 0; o < info->option_count; o++)
        if (!carc_variant_option(v, o, &name, NULL, NULL, NULL, NULL)) adds(save, name);
    for (int k = 0; k < v->kind_count; k++) adds(tiles, v->kinds[k].name);
    carc_tileset *ts;
    if (carc_tileset_parse(v, v->tiles, v->tiles_len, &ts, NULL, 0)) return;
    carc_tileset_type_count(ts, &n);
    for (int t = 0; t < n; t++) {
        carc_tile_type_info ti = {.struct_size = sizeof ti};
        if (carc_tileset_type(ts, t, &ti)) continue;
        adds(save, ti.name);
        adds(save, ti.deck);
        for (int f = 0; f < ti.feature_count; f++) {
            const char *id;
            if (!carc_tileset_feature(ts, t, f, &id, NULL, NULL)) adds(save, id);
        }
    }
    carc_tileset_free(ts);
    /* attribute keys as the text writes them: every word ending in '=' */
    const char *p = v->tiles, *end = v->tiles + v->tiles_len;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\t')) p++;
        if (p < end && *p == '#') { /* a comment runs to the end of its line */
            while (p < end && *p != '\n') p++;
            continue;
        }
        const char *q = p;
        while (q < end && *q != ' ' && *q != '\n' && *q != '\t' && *q != '=') q++;
        if (q < end && *q == '=' && q > p) add(tiles, p, (size_t)(q - p + 1));
        while (q < end && *q != ' ' && *q != '\n' && *q != '\t' && *q != '#') q++;
        p = q;
    }
}

/* ---- fuzz_movetext inputs ------------------------------------------------ */

/* The position fuzz_movetext reaches from its four header bytes (the same
 * play: n listed moves picked by the input's generator). */
static carc_game *movetext_position(const setup *s, const uint8_t head[4])
{
    static carc_move moves[4608];
    int span = s->info.max_players - s->info.min_players + 1;
    uint64_t rng = (uint64_t)head[2] | (uint64_t)head[3] << 8;
    carc_game_options o = {.struct_size = sizeof o, .variant = s->v, .players = s->info.min_players + (head[0] >> 5) % span,
                           .seed = rng};
    carc_game *g = NULL;
    if (carc_game_new(&o, &g)) exit(1);
    for (int k = 0; k < head[1]; k++) {
        size_t n = 0;
        if (carc_game_moves(g, moves, sizeof moves / sizeof moves[0], &n) || n == 0) break;
        carc_game_apply(g, &moves[next(&rng) % n]);
    }
    return g;
}

static void movetext_file(const setup *s, const uint8_t head[4], const char *what, const void *body, size_t len)
{
    uint8_t buf[600];
    if (len > sizeof buf - 4) return;
    memcpy(buf, head, 4);
    memcpy(buf + 4, body, len);
    char name[160];
    snprintf(name, sizeof name, "%s-%u-%s", s->info.name, head[1], what);
    write_file("movetext", name, buf, 4 + len);
}

/* Per variant: positions after 0 to 120 moves, each with a listed move said
 * in text (the first, and one of each other kind), the raw bytes of one,
 * and texts that are nearly moves. */
static void movetext_inputs(const setup *s, dict *words)
{
    static carc_move moves[4608];
    static const uint8_t depth[] = {0, 1, 6, 31, 60, 121};
    static const char *const odd[] = {"pass", "tile D 0 1 200", "action 7 -12 3 -4 1 2", "figure follower c1 0 0",
                                      "tile D 0 1", "action 65536 0 0 0 0 0", "  pass \r\n"};
    adds(words, "tile ");
    adds(words, "figure ");
    adds(words, "action ");
    adds(words, "pass");
    for (size_t d = 0; d < sizeof depth; d++) {
        uint8_t head[4] = {(uint8_t)s->index, depth[d], (uint8_t)(7 * d + 1), (uint8_t)s->index};
        carc_game *g = movetext_position(s, head);
        size_t n = 0;
        carc_game_moves(g, moves, sizeof moves / sizeof moves[0], &n);
        unsigned kinds = 0;
        for (size_t i = 0; i < n; i++) {
            char text[512], what[32];
            size_t len = 0;
            if (kinds >> moves[i].kind & 1 || carc_move_format(g, &moves[i], text, sizeof text, &len)) continue;
            kinds |= 1u << moves[i].kind;
            snprintf(what, sizeof what, "kind%d", moves[i].kind);
            movetext_file(s, head, what, text, len);
            if (d == 3) movetext_file(s, head, "raw", &moves[i], sizeof moves[i]);
        }
        if (d == 2)
            for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
                char what[32];
                snprintf(what, sizeof what, "odd%zu", k);
                movetext_file(s, head, what, odd[k], strlen(odd[k]));
            }
        carc_game_free(g);
    }
    for (int i = 0; i < s->info.action_count; i++) {
        const char *name;
        if (!carc_variant_action(s->v, i, NULL, &name, NULL, NULL)) adds(words, name);
    }
}

/* ---- fuzz_api programs -------------------------------------------------- */

typedef struct prog {
    uint8_t b[4096];
    size_t n;
} prog;

static void put(prog *p, unsigned v)
{
    if (p->n < sizeof p->b) p->b[p->n++] = (uint8_t)v;
}

static void put_op(prog *p, int op)
{
    for (unsigned i = 0; i < sizeof op_of_byte; i++)
        if (op_of_byte[i] == op) {
            put(p, i);
            return;
        }
}

static void put32(prog *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) put(p, v >> (8 * i));
}

static void header(prog *p, const setup *s, int players_byte, uint64_t seed)
{
    put(p, (unsigned)s->index);
    put(p, (unsigned)players_byte);
    put32(p, (uint32_t)seed);
    put32(p, (uint32_t)(seed >> 32));
    if (s->option < 0) {
        put(p, 0);
        return;
    }
    int lo = 0;
    carc_variant_option(s->v, s->option, NULL, NULL, &lo, NULL, NULL);
    put(p, 1u << s->option);
    put(p, (unsigned)(s->opt_value - lo));
}

/* One of each operation, then a long stretch of play with calls between. */
static void api_tour(const setup *s, uint64_t seed)
{
    prog p = {.n = 0};
    uint64_t rng = seed;
    header(&p, s, 1, seed);
    put_op(&p, OP_NEXT_TILE), put(&p, 0), put(&p, 1); /* fixes the first draw (or hand) */
    put_op(&p, OP_QUERY), put(&p, 8), put32(&p, 1), put32(&p, 3);
    for (int round = 0; round < 12; round++) {
        put_op(&p, OP_LISTED), put(&p, (unsigned)next(&rng)), put(&p, 0);
        put_op(&p, OP_MUTATED), put(&p, (unsigned)next(&rng)), put(&p, 0), put(&p, round), put(&p, (unsigned)next(&rng));
        put_op(&p, OP_LISTED), put(&p, (unsigned)next(&rng)), put(&p, 0);
        put_op(&p, OP_LISTED), put(&p, (unsigned)next(&rng)), put(&p, 0);
        switch (round % 10) {
        case 0: put_op(&p, OP_NEXT_TILE), put(&p, 1), put(&p, (unsigned)next(&rng) & 0x3f); break;
        case 1: put_op(&p, OP_NEXT_TOKEN), put(&p, 0), put(&p, (unsigned)next(&rng) % 6); break;
        case 2: put_op(&p, OP_RESEED), put32(&p, (uint32_t)next(&rng)), put32(&p, 0); break;
        case 3: put_op(&p, OP_DECK_ORDER), put(&p, 1), put(&p, 0); break;
        case 4: put_op(&p, OP_CLONE); break;
        case 5: put_op(&p, OP_COPY), put(&p, round); break;
        case 6: put_op(&p, OP_SAVE_LOAD); break;
        case 7: put_op(&p, OP_STATE); break;
        case 8:
            put_op(&p, OP_FORMAT), put(&p, (unsigned)next(&rng)), put(&p, 0), put(&p, 5);
            break;
        default:
            put_op(&p, OP_RAW);
            put(&p, CARC_MOVE_PASS);
            for (int i = 1; i < 16; i++) put(&p, 0);
            break;
        }
        put_op(&p, OP_QUERY), put(&p, round), put32(&p, (uint32_t)next(&rng)), put32(&p, (uint32_t)round);
    }
    put_op(&p, OP_PLAY), put(&p, 47);
    put_op(&p, OP_SAVE_LOAD);
    put_op(&p, OP_PLAY), put(&p, 47);
    put_op(&p, OP_DECK_ORDER), put(&p, 1), put(&p, 1), put(&p, 3);
    for (int i = 0; i < 8; i++) put_op(&p, OP_PLAY), put(&p, 47);
    put_op(&p, OP_QUERY), put(&p, 17), put32(&p, 5), put32(&p, 9);
    /* the move text calls, and a look at the finished game's views, log, projection, playouts */
    put_op(&p, OP_FORMAT), put(&p, 3), put(&p, 0), put(&p, 7);
    put_op(&p, OP_TEXT), put(&p, 4), put(&p, 'p'), put(&p, 'a'), put(&p, 's'), put(&p, 's');
    for (int q = 18; q < 22; q++) put_op(&p, OP_QUERY), put(&p, (unsigned)q), put32(&p, 1), put32(&p, 2);
    char name[160];
    snprintf(name, sizeof name, "%s-tour-%d", s->label, (int)(seed & 0xff));
    write_file("api", name, p.b, p.n);
}

/* Random bytes after a valid header: the fuzzer's own kind of input. */
static void api_random(const setup *s, uint64_t seed)
{
    prog p = {.n = 0};
    uint64_t rng = seed;
    header(&p, s, (int)(seed & 3), seed);
    for (int i = 0; i < 300; i++) put(&p, (unsigned)next(&rng));
    char name[160];
    snprintf(name, sizeof name, "%s-random-%d", s->label, (int)(seed & 0xff));
    write_file("api", name, p.b, p.n);
}

/* ---- fuzz_tileset inputs ------------------------------------------------ */

/* The variant byte, then (when `rules` is not 0) the option mask byte. */
static void tileset_input(int index, unsigned rules, const char *name, const char *text, size_t len)
{
    char *buf = malloc(len + 2);
    if (!buf) exit(1);
    size_t k = 0;
    buf[k++] = (char)(index | (rules ? 0x20 : 0));
    if (rules) buf[k++] = (char)rules;
    memcpy(buf + k, text, len);
    write_file("tileset", name, buf, len + k);
    free(buf);
}

/* Small sets written by hand: each reaches a corner of the format or the
 * core that the built-in sets do not (more than five side codes, so no fit
 * table; extra stacks; links; count=0; lone start tile). */
static const struct {
    const char *variant, *name, *text;
} small_sets[] = {
    {"base", "base-tiny",
     "tileset tiny\n"
     "tile S start\n  edges CCC FRF FFF FRF\n"
     "  feature city slots=0,1,2 id=c1\n  feature road slots=4,10 id=r1\n"
     "  feature farm slots=3,11 id=f1 borders=c1\n  feature farm slots=5,6,7,8,9 id=f2\n"
     "tile M count=3\n  edges FFF FFF FRF FFF\n  feature monastery slots=none id=m1\n"
     "  feature road slots=7 id=r1\n  feature farm slots=0,1,2,3,4,5,6,8,9,10,11 id=f1\n"
     "tile C count=2\n  edges CCC CCC CCC CCC\n  feature city slots=0,1,2,3,4,5,6,7,8,9,10,11 id=c1 pennant=1\n"},
    {"base", "base-monasteries",
     "tile S start\n  edges FFF FFF FFF FFF\n  feature monastery slots=none id=m\n  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"
     "tile M count=70\n  edges FFF FFF FFF FFF\n  feature monastery slots=none id=m\n  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"
     "tile R count=20\n  edges FRF FFF FRF FFF\n  feature road slots=1,7 id=r\n  feature farm slots=0,3,4,5,6 id=f1\n  feature farm slots=2,8,9,10,11 id=f2\n"},
    {"base", "base-only-start", "tile S start count=1\n  edges FFFFFFFFFFFF\n  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"},
    {"base", "base-many-letters",
     "tile S start\n  edges ABC DEF GHI JKL\n  feature city slots=0 id=a\n  feature road slots=3,4 id=b\n"
     "tile T count=6\n  edges LKJ IHG FED CBA\n  feature city slots=2 id=a\n  feature farm slots=5,6,7 id=b\n"
     "tile U count=6\n  edges ABC ABC ABC ABC\n  feature road slots=1,4,7,10 id=r\n"
     "tile V count=0\n  edges AAAAAAAAAAAA\n"},
    {"base", "base-decks",
     "tile S start count=2 deck=main\n  edges RRR RRR RRR RRR\n  feature road slots=1,4,7,10 id=r\n"
     "tile X count=4 deck=side\n  edges RRR RRR RRR RRR\n  feature road slots=1 id=r1\n  feature road slots=4 id=r2\n"
     "tile Y count=3 deck=third\n  edges RRR RRR RRR RRR\n  feature farm slots=0,2,3,5 id=f1 borders=f2\n"
     "  feature farm slots=6,8,9,11 id=f2\n"},
    {"hunters-gatherers", "hg-river-lake",
     "tile S start\n  edges GGG GRG GGG GRG\n  feature river slots=4,10 id=r1 fish=2 link=l1\n"
     "  feature lake slots=none id=l1 fish=1\n  feature grassland slots=0,1,2,3,11 id=g1 animals=deer:2,tiger:1\n"
     "  feature grassland slots=5,6,7,8,9 id=g2 power=pit_trap\n"
     "tile F count=5 deck=menhir\n  edges FFF FFF FFF FFF\n  feature forest slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 menhir=1 mushrooms=1\n"
     "tile L count=6\n  edges GRG GGG GGG GGG\n  feature river slots=1 id=r1 link=l1\n  feature lake slots=none id=l1 fish=3 power=logboat\n"
     "  feature grassland slots=0,2,3,4,5,6,7,8,9,10,11 id=g1 power=shaman animals=mammoth:1\n"
     "tile W count=4\n  edges FFF GGG GRG GGG\n  feature forest slots=0,1,2 id=f1 menhir=1\n"
     "  feature river slots=7 id=r1\n  feature grassland slots=3,4,5,6,8,9,10,11 id=g1 power=hunting_trap animals=aurochs:2\n"},
    {"hills-sheep", "hs-hills",
     "tile S start count=3\n  edges FFF FFF FFF FFF\n  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n  feature hill slots=none id=h\n"
     "tile V count=4\n  edges FFF FFF FFF FFF\n  feature monastery slots=none id=m\n  feature vineyard slots=none id=v\n"
     "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1\n"
     "tile C count=3\n  edges CCC FFF FFF FFF\n  feature city slots=0,1,2 id=c\n  feature farm slots=3,4,5,6,7,8,9,10,11 id=f borders=c\n"},
    {"discovery", "ds-small",
     "tile S start count=2\n  edges MMM GGG SSS GGG\n  feature mountain slots=0,1,2 id=m1 city=1 borders=g1\n"
     "  feature grassland slots=3,4,5,9,10,11 id=g1 city=1\n  feature sea slots=6,7,8 id=s1 ports=1\n"
     "tile T count=8\n  edges SSS SSS SSS GGG\n  feature sea slots=0,1,2,3,4,5,6,7,8 id=s1 ports=2\n  feature grassland slots=9,10,11 id=g1 city=2\n"},
    {"discovery", "ds-hand-odd-tiles",
     "tile S start\n  edges GGG GGG GGG GGG\n  feature grassland slots=0,1,2,3,4,5,6,7,8,9,10,11 id=g1 city=1\n"
     "tile G count=30\n  edges GGG GGG GGG GGG\n  feature grassland slots=0,1,2,3,4,5,6,7,8,9,10,11 id=g1\n"
     "tile Z count=12\n  edges ZZZ ZZZ ZZZ ZZZ\n  feature sea slots=0,1,2,3,4,5,6,7,8,9,10,11 id=s1 ports=1\n"
     "tile H count=6\n  edges GGG MMM GGG MMM\n  feature mountain slots=3,4,5,9,10,11 id=m1 borders=g1\n"
     "  feature grassland slots=0,1,2,6,7,8 id=g1\n"},
    {"over-hill-and-dale", "ohd-small",
     "tile S start count=2\n  edges MMM MPM MMM MPM\n  feature path slots=4,10 id=p1\n  feature meadow slots=0,1,2,3,11 id=m1 animals=cow:2\n"
     "  feature meadow slots=5,6,7,8,9 id=m2 animals=pig:1,horse:1\n"
     "tile F count=9\n  edges FFF FFF FFF FFF\n  feature field slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 harvest=apple:1,scarecrow:1\n"
     "tile J count=5\n  edges MPM MPM MPM MPM\n  feature path slots=1 id=p1\n  feature path slots=4 id=p2\n  feature path slots=7 id=p3\n"
     "  feature path slots=10 id=p4\n  feature meadow slots=0,2,3,5,6,8,9,11 id=m1 animals=sheep:1\n"},
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make-corpus DIR\n");
        return 2;
    }
    outdir = argv[1];
    int count = 0;
    static dict save_words, tile_words, move_words;
    static const char *const save_syntax[] = {
        "carcassonne-save 1\n", "variant ", "players ", "seed ", "tileset ", "rule ", "draw ", "draw main ",
        "token ", "reseed ", "replace ", "replace main ", "move tile ", "move figure ", "move pass\n",
        "move action ", "next-tile ", "next-token ", " forced", "end\n", "\n", " 0 0 ", " -1 ", "18446744073709551615"};
    static const char *const tile_syntax[] = {"tileset ", "tile ", "count=", " start", "deck=", "edges ",
                                              "feature ", "slots=", "slots=none", "id=", "borders=", "link=",
                                              "none", "\n  ", ",", ":", "0,1,2", "3,4,5", "6,7,8", "9,10,11"};
    for (size_t i = 0; i < sizeof save_syntax / sizeof save_syntax[0]; i++) adds(&save_words, save_syntax[i]);
    for (size_t i = 0; i < sizeof tile_syntax / sizeof tile_syntax[0]; i++) adds(&tile_words, tile_syntax[i]);
    carc_registry_count(NULL, &count);
    for (int vi = 0; vi < count; vi++) {
        setup s = {.index = vi, .option = -1};
        carc_registry_at(NULL, vi, &s.v);
        s.info.struct_size = sizeof s.info;
        if (carc_variant_describe(s.v, &s.info)) return 1;
        variant_words(&save_words, &tile_words, s.v, &s.info);
        variant_words(&move_words, &tile_words, s.v, &s.info);
        movetext_inputs(&s, &move_words);
        tileset_input(vi, 0, s.info.name, s.v->tiles, s.v->tiles_len);
        for (int opt = -1; opt < s.info.option_count; opt++) {
            s.option = opt;
            if (opt >= 0 && opt < 8) {
                char name[96];
                snprintf(name, sizeof name, "%s-option%d", s.info.name, opt);
                tileset_input(vi, 1u << opt, name, s.v->tiles, s.v->tiles_len);
            }
            snprintf(s.label, sizeof s.label, "%s", s.info.name);
            if (opt >= 0) {
                int lo, hi, def;
                carc_variant_option(s.v, opt, &s.opt_name, NULL, &lo, &hi, &def);
                if (lo == hi) continue;
                s.opt_value = def == hi ? lo : hi;
                snprintf(s.label, sizeof s.label, "%s-%s-%d", s.info.name, s.opt_name, s.opt_value);
            }
            saves(&s);
            api_tour(&s, 11 + (uint64_t)opt);
            if (opt < 0) api_random(&s, 21);
        }
    }
    for (size_t i = 0; i < sizeof small_sets / sizeof small_sets[0]; i++) {
        const carc_variant *v;
        int vi = -1;
        for (int k = 0; k < count && vi < 0; k++)
            if (carc_registry_at(NULL, k, &v) == CARC_OK && !strcmp(v->name, small_sets[i].variant)) vi = k;
        if (vi < 0) continue;
        /* a seed that does not parse would teach the fuzzer nothing */
        carc_tileset *ts;
        char err[128];
        size_t len = strlen(small_sets[i].text);
        if (carc_tileset_parse(v, small_sets[i].text, len, &ts, err, sizeof err)) {
            fprintf(stderr, "make-corpus: set %s does not parse: %s\n", small_sets[i].name, err);
            return 1;
        }
        carc_tileset_free(ts);
        tileset_input(vi, 0, small_sets[i].name, small_sets[i].text, len);
        /* and with every option away from its default */
        char name[96];
        snprintf(name, sizeof name, "%s-options", small_sets[i].name);
        tileset_input(vi, 0xff, name, small_sets[i].text, len);
    }
    write_dict("load.dict", &save_words, "fuzz_load: the words of saved games (docs/save-format.md)");
    write_dict("tileset.dict", &tile_words, "fuzz_tileset: the words of tile sets (docs/tile-format.md)");
    write_dict("movetext.dict", &move_words, "fuzz_movetext: the words of move text (carc_move_format)");
    printf("make-corpus: %d files in %s\n", files, outdir);
    return 0;
}
