/* carc_game_state_json and carc_tileset_json: random positions of every
 * ruleset (and of each ruleset option moved off its default) validated
 * against docs/state.schema.json, their contents checked against the
 * library's queries, the buffer contract, strings that need escaping, and
 * a proof that asking for a document never changes a game. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne.h>
#include <carcassonne_variant.h> /* carc_turn_player: whose turn, to find decisions made by others */

#include "json_schema.h"
#include "over-hill-and-dale/ohd_test.h" /* ohd_new: a game on chosen tiles */
#include "json_tree.h"
#include "state_schema.h"
#include "tileset_schema.h"

#define MOVE_CAP 5000 /* 256 squares x 4 turns x 4 tiles of a hand, and the variant's own */

static carc_move moves_a[MOVE_CAP], moves_b[MOVE_CAP];

static uint64_t next_rand(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static char *document(const carc_game *g, size_t *len)
{
    size_t n = 0;
    cr_assert_eq(carc_game_state_json(g, NULL, 0, &n), CARC_E_BUFFER);
    char *text = malloc(n + 1);
    cr_assert_not_null(text);
    cr_assert_eq(carc_game_state_json(g, text, n + 1, len), CARC_OK);
    cr_assert_eq(*len, n);
    cr_assert_eq(strlen(text), n, "a NUL inside the document");
    return text;
}

static void parse_schema(jt_doc *d, const char *text, size_t len)
{
    cr_assert_eq(jt_parse(d, text, len), 0, "the schema does not parse: %s", d->error);
}

static void schema_free(jt_doc *d)
{
    js_release(d->root);
    jt_free(d);
}

/* Parses and validates; the caller frees the tree. */
static void validated(jt_doc *doc, jt_doc *schema, const char *text, size_t len, const char *where)
{
    char err[600];
    cr_assert_eq(jt_parse(doc, text, len), 0, "%s: not JSON: %s", where, doc->error);
    cr_assert_eq(js_validate((jt_doc *)schema, doc->root, err, sizeof err), 0, "%s: %s", where, err);
}

static const char *str_of(const jt_node *o, const char *key)
{
    const jt_node *v = jt_get(o, key);
    return v && v->type == JT_STRING ? v->string : NULL;
}

/* ---- what the document says is what the queries say ------------------------ */

static void check_turn(const jt_node *d, carc_game *g)
{
    static const char *const phases[] = {"tile", "figure", "action", "over"};
    carc_phase phase;
    int who = -1, players = 0;
    carc_game_state(g, &phase, &who);
    carc_game_players(g, &players);
    cr_assert_str_eq(str_of(d, "phase"), phases[phase]);
    cr_assert_eq(jt_int(d, "to_decide", -1), phase == CARC_PHASE_OVER ? -1 : who);
    cr_assert_eq(jt_int(d, "players", -1), players);
    int drawn = -1;
    const jt_node *dt = jt_get(d, "drawn_tile");
    if (phase != CARC_PHASE_OVER && carc_game_drawn_tile(g, &drawn) == CARC_OK)
        cr_assert_eq(jt_int(dt, "type", -2), drawn);
    else
        cr_assert_eq(dt->type, JT_NULL);
}

static void check_seats(const jt_node *d, const carc_game *g)
{
    const jt_node *seats = jt_get(d, "seats");
    int totals[CARC_MAX_PLAYERS] = {0};
    cr_assert_eq(carc_game_projection(g, totals, CARC_MAX_PLAYERS, NULL, 0), CARC_OK);
    for (size_t p = 0; p < seats->length; p++) {
        const jt_node *s = seats->items[p];
        int score = 0;
        carc_game_score(g, (int)p, &score);
        cr_assert_eq(jt_int(s, "score", -1), score);
        cr_assert_eq(jt_int(jt_get(s, "projected"), "score", -1), totals[p]);
        const jt_node *b = jt_get(s, "breakdown");
        long sum = 0;
        for (size_t c = 0; c < b->length; c++) sum += (long)b->items[c]->number;
        cr_assert_eq(sum, score, "seat %zu: the breakdown adds up to %ld, the score is %d", p, sum, score);
    }
}

static void check_board(const jt_node *d, const carc_game *g)
{
    const jt_node *board = jt_get(d, "board"), *figs = jt_get(d, "figures");
    int ntiles = 0, nfig = 0;
    carc_game_tile_count(g, &ntiles);
    carc_game_figure_count(g, &nfig);
    cr_assert_eq(board->length, (size_t)ntiles);
    for (int i = 0; i < ntiles; i++) {
        carc_placed_tile t;
        carc_game_tile(g, i, &t);
        const jt_node *e = board->items[i];
        cr_assert(jt_int(e, "x", 9999) == t.x && jt_int(e, "y", 9999) == t.y && jt_int(e, "type", -1) == t.type &&
                  jt_int(e, "rotation", -1) == t.rotation && jt_int(e, "turn", -1) == t.turn,
                  "tile %d differs from carc_game_tile", i);
    }
    cr_assert_eq(figs->length, (size_t)nfig);
    for (int i = 0; i < nfig; i++) {
        carc_figure_info fi;
        carc_game_figure(g, i, &fi);
        cr_assert_eq(jt_int(figs->items[i], "owner", -1), fi.owner);
        cr_assert_eq(jt_int(figs->items[i], "tile", -1), fi.on_board ? fi.tile_index : -1);
    }
}

/* Each view of the variant block names each of its values. */
static void check_variant(const jt_node *d)
{
    const jt_node *views = jt_get(jt_get(d, "variant"), "views");
    for (size_t i = 0; i < views->length; i++)
        cr_assert_eq(jt_get(views->items[i], "labels")->length, (size_t)jt_int(views->items[i], "length", -1),
                     "view %zu: labels and length differ", i);
}

/* The moves in the document are the listed moves, in order, as move text. */
static void check_moves(const jt_node *d, carc_game *g)
{
    const jt_node *moves = jt_get(d, "moves");
    size_t n = 0;
    int r = carc_game_moves(g, moves_a, MOVE_CAP, &n);
    cr_assert(r == CARC_OK || r == CARC_E_GAME_OVER);
    cr_assert_eq(moves->length, n, "%zu moves in the document, %zu listed", moves->length, n);
    for (size_t i = 0; i < n; i++) {
        char text[512];
        size_t len;
        cr_assert_eq(carc_move_format(g, &moves_a[i], text, sizeof text, &len), CARC_OK);
        cr_assert_str_eq(moves->items[i]->string, text);
    }
    int nlog = 0;
    carc_game_log_count(g, &nlog);
    cr_assert_eq(jt_get(d, "log")->length, (size_t)nlog);
}

/* ---- random positions of every ruleset -------------------------------------- */

typedef struct setup {
    const carc_variant *v;
    carc_option rule;
    int has_rule;
} setup;

/* Every variant with its defaults, then each option moved off its default. */
static int setups(setup *out, int cap)
{
    int n = 0, count = 0;
    carc_registry_count(NULL, &count);
    for (int i = 0; i < count; i++) {
        const carc_variant *v;
        carc_variant_info info = {.struct_size = sizeof info};
        carc_registry_at(NULL, i, &v);
        carc_variant_describe(v, &info);
        if (n < cap) out[n++] = (setup){v, {0}, 0};
        for (int k = 0; k < info.option_count && n < cap; k++) {
            int lo, hi, def;
            const char *name;
            carc_variant_option(v, k, &name, NULL, &lo, &hi, &def);
            out[n++] = (setup){v, {name, def != hi ? hi : lo}, 1};
        }
    }
    return n;
}

static int positions_of(const setup *s, jt_doc *schema, uint64_t seed)
{
    carc_variant_info info = {.struct_size = sizeof info};
    carc_variant_describe(s->v, &info);
    int checked = 0;
    for (int gi = 0; gi < 3; gi++) {
        carc_game_options o = {.struct_size = sizeof o, .variant = s->v, .seed = seed + (uint64_t)gi};
        o.players = info.min_players + gi % (info.max_players - info.min_players + 1);
        o.rules = s->has_rule ? &s->rule : NULL;
        o.rule_count = s->has_rule;
        carc_game *g = NULL;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        uint64_t rng = seed * 31 + (uint64_t)gi;
        for (int step = 0;; step++) {
            carc_phase phase = CARC_PHASE_TILE;
            int who = -1, turn_player = carc_turn_player(g);
            carc_game_state(g, &phase, &who);
            /* every 7th decision, the end, and every decision made by
             * another player than the one whose turn it is */
            if (step % 7 == 0 || phase == CARC_PHASE_OVER || who != turn_player) {
                char where[160];
                snprintf(where, sizeof where, "%s%s%s game %d decision %d", info.name, s->has_rule ? " " : "",
                         s->has_rule ? s->rule.name : "", gi, step);
                size_t len;
                char *text = document(g, &len);
                jt_doc doc;
                validated(&doc, schema, text, len, where);
                check_variant(doc.root);
                check_turn(doc.root, g);
                check_seats(doc.root, g);
                check_board(doc.root, g);
                check_moves(doc.root, g);
                jt_free(&doc);
                free(text);
                checked++;
            }
            size_t n = 0;
            if (carc_game_moves(g, moves_a, MOVE_CAP, &n) != CARC_OK || n == 0) break;
            cr_assert_eq(carc_game_apply(g, &moves_a[next_rand(&rng) % n]), CARC_OK);
        }
        carc_game_free(g);
    }
    return checked;
}

Test(state_json, random_positions_of_every_ruleset_validate)
{
    jt_doc schema;
    parse_schema(&schema, carc_state_schema, sizeof carc_state_schema - 1);
    setup list[64];
    int n = setups(list, 64), total = 0;
    cr_assert_geq(n, 5);
    for (int i = 0; i < n; i++) {
        int k = positions_of(&list[i], &schema, 1000 + (uint64_t)i * 17);
        cr_assert_geq(k, 20, "only %d positions", k);
        total += k;
    }
    cr_log_info("%d documents validated over %d setups", total, n);
    schema_free(&schema);
}

/* ---- asking changes nothing ---------------------------------------------------- */

/* Twin games take the same moves and the same reseeds; one is asked for its
 * document at every decision, before the turn's draw too. A document that
 * made the pending draw would make it before the reseed, so the tile drawn,
 * the decisions and the save would differ. */
static void twins(const char *variant, uint64_t seed)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = variant, .players = 3, .seed = seed};
    carc_game *asked, *quiet;
    cr_assert_eq(carc_game_new(&o, &asked), CARC_OK);
    cr_assert_eq(carc_game_new(&o, &quiet), CARC_OK);
    uint64_t rng = seed;
    for (int step = 0; step < 2000; step++) {
        size_t la, lb;
        char *first = document(asked, &la), *second = document(asked, &lb);
        cr_assert(la == lb && !memcmp(first, second, la), "%s: two documents of one position differ", variant);
        free(first);
        free(second);
        uint64_t s = next_rand(&rng);
        cr_assert_eq(carc_game_reseed(asked, s), carc_game_reseed(quiet, s));
        size_t na = 0, nb = 0;
        int ra = carc_game_moves(asked, moves_a, MOVE_CAP, &na), rb = carc_game_moves(quiet, moves_b, MOVE_CAP, &nb);
        cr_assert(ra == rb && na == nb && !memcmp(moves_a, moves_b, na * sizeof *moves_a),
                  "%s decision %d: the asked game offers other moves", variant, step);
        if (ra != CARC_OK || !na) break;
        size_t pick = next_rand(&rng) % na;
        cr_assert_eq(carc_game_apply(asked, &moves_a[pick]), CARC_OK);
        cr_assert_eq(carc_game_apply(quiet, &moves_b[pick]), CARC_OK);
    }
    size_t la = 0, lb = 0;
    carc_game_save(asked, NULL, 0, &la);
    carc_game_save(quiet, NULL, 0, &lb);
    char *sa = malloc(la + 1), *sb = malloc(lb + 1);
    carc_game_save(asked, sa, la + 1, &la);
    carc_game_save(quiet, sb, lb + 1, &lb);
    cr_assert(la == lb && !memcmp(sa, sb, la), "%s: the saves differ", variant);
    for (int p = 0; p < 3; p++) {
        int a, b;
        carc_game_score(asked, p, &a);
        carc_game_score(quiet, p, &b);
        cr_assert_eq(a, b);
    }
    free(sa);
    free(sb);
    carc_game_free(asked);
    carc_game_free(quiet);
}

Test(state_json, asking_changes_no_draw_score_or_save)
{
    int count = 0;
    carc_registry_count(NULL, &count);
    for (int i = 0; i < count; i++) {
        const carc_variant *v;
        carc_variant_info info = {.struct_size = sizeof info};
        carc_registry_at(NULL, i, &v);
        carc_variant_describe(v, &info);
        twins(info.name, 77 + (uint64_t)i);
    }
}

/* The pending draw is shown as the tile the game draws when asked next. */
Test(state_json, pending_draw_shows_the_tile_drawn_next)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 9};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    size_t len;
    char *text = document(g, &len);
    jt_doc doc;
    cr_assert_eq(jt_parse(&doc, text, len), 0);
    int drawn = -1;
    cr_assert_eq(carc_game_drawn_tile(g, &drawn), CARC_OK);
    cr_assert_eq(jt_int(jt_get(doc.root, "drawn_tile"), "type", -1), drawn);
    cr_assert_str_eq(str_of(doc.root, "phase"), "tile");
    cr_assert_gt(jt_get(doc.root, "moves")->length, 0u);
    jt_free(&doc);
    free(text);
    carc_game_free(g);
}

/* ---- the buffer contract ------------------------------------------------------- */

Test(state_json, buffer_contract_as_for_saves)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "hills-sheep", .players = 2, .seed = 3};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    size_t len = 0, n = 12345;
    char *full = document(g, &len);
    cr_assert_eq(carc_game_state_json(NULL, full, len + 1, &n), CARC_E_NULL);
    cr_assert_eq(carc_game_state_json(g, full, len + 1, NULL), CARC_E_NULL);
    cr_assert_eq(n, 12345u, "a failed call wrote the length");
    char *part = malloc(len + 1);
    for (size_t cap = 1; cap <= len; cap += cap < 64 ? 1 : 997) {
        memset(part, 'x', len + 1);
        n = 0;
        cr_assert_eq(carc_game_state_json(g, part, cap, &n), CARC_E_BUFFER, "cap %zu", cap);
        cr_assert_eq(n, len);
        cr_assert_eq(strlen(part), cap - 1, "cap %zu: not the first cap-1 bytes and a NUL", cap);
        cr_assert_eq(memcmp(part, full, cap - 1), 0);
        cr_assert_eq(part[cap], 'x', "cap %zu: wrote past the buffer", cap);
    }
    cr_assert_eq(carc_game_state_json(g, part, len + 1, &n), CARC_OK);
    cr_assert_str_eq(part, full);
    cr_assert_eq(carc_tileset_json(NULL, part, len, &n), CARC_E_NULL);
    free(part);
    free(full);
    carc_game_free(g);
}

/* ---- tile sets ------------------------------------------------------------------ */

static char *tileset_document(const carc_tileset *ts, size_t *len)
{
    size_t n = 0;
    cr_assert_eq(carc_tileset_json(ts, NULL, 0, &n), CARC_E_BUFFER);
    char *text = malloc(n + 1);
    cr_assert_eq(carc_tileset_json(ts, text, n + 1, len), CARC_OK);
    return text;
}

static void check_tileset_doc(const jt_node *d, const carc_tileset *ts)
{
    const jt_node *types = jt_get(d, "types"), *attrs = jt_get(d, "attributes");
    int ntypes = 0, nattrs = 0;
    carc_tileset_type_count(ts, &ntypes);
    carc_tileset_attr_count(ts, &nattrs);
    cr_assert_eq(types->length, (size_t)ntypes);
    cr_assert_eq(attrs->length, (size_t)nattrs);
    for (int t = 0; t < ntypes; t++) {
        const jt_node *feats = jt_get(types->items[t], "features");
        for (size_t f = 0; f < feats->length; f++) {
            carc_tile_feature_info fi = {.struct_size = sizeof fi};
            cr_assert_eq(carc_tileset_feature_info(ts, t, (int)f, &fi), CARC_OK);
            cr_assert_str_eq(str_of(feats->items[f], "id"), fi.id);
            const jt_node *slots = jt_get(feats->items[f], "slots");
            unsigned mask = 0;
            for (size_t k = 0; k < slots->length; k++) mask |= 1u << (int)slots->items[k]->number;
            cr_assert_eq(mask, fi.slots);
            for (int a = 0; a < nattrs; a++) {
                int value = 0;
                carc_tileset_feature_attr(ts, t, (int)f, a, &value);
                cr_assert_eq(jt_int(jt_get(feats->items[f], "attributes"), attrs->items[a]->string, 0), value);
            }
        }
    }
}

Test(state_json, tileset_documents_of_every_ruleset_validate)
{
    jt_doc schema;
    parse_schema(&schema, carc_tileset_schema, sizeof carc_tileset_schema - 1);
    int count = 0;
    carc_registry_count(NULL, &count);
    for (int i = 0; i < count; i++) {
        const carc_variant *v;
        carc_registry_at(NULL, i, &v);
        carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2};
        carc_game *g;
        const carc_tileset *ts;
        cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
        carc_game_tileset(g, &ts);
        size_t len;
        char *text = tileset_document(ts, &len);
        jt_doc doc;
        validated(&doc, &schema, text, len, "tile set");
        check_tileset_doc(doc.root, ts);
        jt_free(&doc);
        free(text);
        carc_game_free(g);
    }
    schema_free(&schema);
}

/* Names come out as valid JSON whatever bytes a tile set gave them: quotes
 * and backslashes escaped, valid UTF-8 kept, other high bytes as U+FFFD. */
Test(state_json, names_that_need_escaping)
{
    const char *text = "tile Q\"\\\xc3\xa9\xff count=3 start\n"
                       "  edges F F F F F F F F F F F F\n"
                       "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\"1\n";
    const carc_variant *v;
    carc_registry_find(NULL, "base", &v);
    carc_tileset *ts;
    char err[128];
    cr_assert_eq(carc_tileset_parse(v, text, strlen(text), &ts, err, sizeof err), CARC_OK, "%s", err);
    carc_game_options o = {.struct_size = sizeof o, .variant = v, .players = 2, .seed = 1, .tileset = ts};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    jt_doc schema, doc;
    parse_schema(&schema, carc_state_schema, sizeof carc_state_schema - 1);
    size_t len;
    char *json = document(g, &len);
    validated(&doc, &schema, json, len, "escaped names");
    const jt_node *tile = jt_get(doc.root, "board")->items[0];
    cr_assert_str_eq(str_of(tile, "tile"), "Q\"\\\xc3\xa9\xef\xbf\xbd");
    cr_assert_str_eq(str_of(jt_get(tile, "features")->items[0], "id"), "f\"1");
    jt_free(&doc);
    free(json);
    json = tileset_document(ts, &len);
    cr_assert_eq(jt_parse(&doc, json, len), 0, "%s", doc.error);
    jt_free(&doc);
    free(json);
    schema_free(&schema);
    carc_game_free(g);
    carc_tileset_free(ts);
}

/* The validator itself refuses what the schema forbids (so the tests above
 * can fail): a member too many, one missing, a wrong type, a bad enum. */
Test(state_json, the_validator_refuses_bad_documents)
{
    jt_doc schema, doc;
    parse_schema(&schema, carc_state_schema, sizeof carc_state_schema - 1);
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 1};
    carc_game *g;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    size_t len;
    char *good = document(g, &len);
    static const char *const edits[][2] = {
        {"\"phase\":\"tile\"", "\"phase\":\"tiles\""},
        {"\"version\":1", "\"version\":2"},
        {"\"turn\":", "\"turns\":"},
        {"\"players\":2", "\"players\":\"2\""},
        {"\"over\":false", "\"over\":false,\"extra\":1"},
        {"\"rotation\":0", "\"rotation\":4"},
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        const char *at = strstr(good, edits[i][0]);
        cr_assert_not_null(at, "no %s in the document", edits[i][0]);
        size_t n = strlen(good) + strlen(edits[i][1]) + 1;
        char *bad = malloc(n), err[600];
        snprintf(bad, n, "%.*s%s%s", (int)(at - good), good, edits[i][1], at + strlen(edits[i][0]));
        cr_assert_eq(jt_parse(&doc, bad, strlen(bad)), 0);
        cr_assert_neq(js_validate(&schema, doc.root, err, sizeof err), 0, "%s accepted", edits[i][1]);
        jt_free(&doc);
        free(bad);
    }
    cr_assert_neq(jt_parse(&doc, "{\"a\":1,}", 8), 0, "a trailing comma parsed");
    jt_free(&doc);
    free(good);
    schema_free(&schema);
    carc_game_free(g);
}

/* A decision made by another player than the one whose turn it is: in Over
 * Hill and Dale a tied player picks a harvest token during the turn of the
 * player who closed the field (the opening of the harvest tests: players 0
 * and 2 tie, player 1 closes the field, player 2 picks first). */
Test(state_json, a_decision_of_another_player)
{
    tgame t = ohd_new(3, "06c:1 21a:1 09a:1 13:1 03e:1 06e:1 02a:1 06d:1 21b:1");
    cr_assert_not_null(t.g);
    cr_assert_eq(t_turn(t.g, "06c", 0, 1, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", -1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "09a", -1, 2, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "13", 0, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "03e", 1, 2, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06e", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06d", -2, 2, 1, NULL, NULL), CARC_OK);
    jt_doc schema, doc;
    parse_schema(&schema, carc_state_schema, sizeof carc_state_schema - 1);
    size_t len;
    char *text = document(t.g, &len);
    validated(&doc, &schema, text, len, "a tied field's pick");
    cr_assert_str_eq(str_of(doc.root, "phase"), "action");
    cr_assert_eq(jt_int(doc.root, "to_decide", -1), 2, "the tied player after the placer picks");
    cr_assert_eq(jt_int(doc.root, "turn_player", -1), 1, "during player 1's turn");
    const jt_node *moves = jt_get(doc.root, "moves");
    cr_assert_gt(moves->length, 1u);
    for (size_t i = 0; i < moves->length; i++)
        cr_assert_eq(strncmp(moves->items[i]->string, "action pick ", 12), 0, "%s", moves->items[i]->string);
    check_moves(doc.root, t.g);
    jt_free(&doc);
    schema_free(&schema);
    free(text);
    t_free(&t);
}
