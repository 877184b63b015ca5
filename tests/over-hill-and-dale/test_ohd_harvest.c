/* Harvest tokens and final scoring: who picks first, picks without a
 * choice, several tied fields from one tile, the supply running out, the
 * scarecrow_sets option, and what the end scores (and does not). The
 * hand-made tiles below have meadow everywhere but their fields, so rows
 * of fields can be laid on a line of meadow tiles; each tile's symbol is
 * in its name (A apple, S strawberry, P pumpkin, G grain, 0 none). */
#include <criterion/criterion.h>

#include <stdio.h>
#include <string.h>

#include "core/helpers.h"
#include "ohd_test.h"

#define CAP_BODY(sym)                                                                                          \
    "  edges F F F M M M M M M M M M\n"                                                                        \
    "  feature field slots=0,1,2 id=f1" sym "\n"                                                               \
    "  feature meadow slots=3,4,5,6,7,8,9,10,11 id=m1\n"
#define THRU_BODY(sym)                                                                                         \
    "  edges F F F M M M F F F M M M\n"                                                                        \
    "  feature field slots=0,1,2,6,7,8 id=f1" sym "\n"                                                         \
    "  feature meadow slots=3,4,5 id=m1\n"                                                                     \
    "  feature meadow slots=9,10,11 id=m2\n"

static const struct {
    const char *name, *body;
} blocks[] = {
    {"MEAD", "  edges M M M M M M M M M M M M\n  feature meadow slots=0,1,2,3,4,5,6,7,8,9,10,11 id=m1\n"},
    {"CAP0", CAP_BODY("")},
    {"CAPA", CAP_BODY(" harvest=apple")},
    {"CAPP", CAP_BODY(" harvest=pumpkin")},
    {"CAPG", CAP_BODY(" harvest=grain")},
    {"A6", CAP_BODY(" harvest=apple:6")},
    {"SC5", CAP_BODY(" harvest=scarecrow:5")},
    {"THRU0", THRU_BODY("")},
    {"THRUA", THRU_BODY(" harvest=apple")},
    {"THRUS", THRU_BODY(" harvest=strawberry")},
    /* two separate caps, north (f1, a sunflower) and south (f2, a scarecrow) */
    {"J", "  edges F F F M M M F F F M M M\n"
          "  feature field slots=0,1,2 id=f1 harvest=sunflower\n"
          "  feature field slots=6,7,8 id=f2 harvest=scarecrow\n"
          "  feature meadow slots=3,4,5,9,10,11 id=m1\n"},
};

/* A game on the hand-made tiles named in `deck` ("MEAD:3 CAPA:1"), after
 * an all-meadow start tile; `scarecrow_sets` < 0 leaves the option alone. */
static tgame harvest_game(int players, const char *deck, int scarecrow_sets)
{
    char text[4096];
    size_t len = (size_t)snprintf(text, sizeof text, "tileset ohd-harvest-test\ntile START count=1 start\n%s",
                                  blocks[0].body);
    char copy[256];
    snprintf(copy, sizeof copy, "%s", deck);
    for (char *item = strtok(copy, " "); item; item = strtok(NULL, " ")) {
        char *colon = strchr(item, ':');
        cr_assert_not_null(colon);
        *colon = 0;
        size_t i = 0;
        while (i < sizeof blocks / sizeof blocks[0] && strcmp(blocks[i].name, item) != 0) i++;
        cr_assert_lt(i, sizeof blocks / sizeof blocks[0], "no tile %s", item);
        len += (size_t)snprintf(text + len, sizeof text - len, "tile %s count=%s\n%s", item, colon + 1,
                                blocks[i].body);
    }
    const carc_variant *v;
    carc_registry_find(NULL, "over-hill-and-dale", &v);
    carc_option o = {"scarecrow_sets", scarecrow_sets};
    tgame t = t_new_text(v, players, text, len, &o, scarecrow_sets >= 0);
    cr_assert_not_null(t.g);
    return t;
}

/* Rulebook, sharing tokens: when the placer is not among the tied players,
 * the first tied player clockwise after the placer picks first. Three
 * players on the X6 field: players 0 and 2 tie, player 1 closes it, so
 * player 2 takes 3 tokens and player 0 takes 2. A game saved in the middle
 * of the picks loads to the same position, picker included. */
Test(over_hill_and_dale_harvest, first_tied_player_after_the_placer_picks_first)
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

    carc_phase ph;
    int who = -1;
    cr_assert_eq(carc_game_state(t.g, &ph, &who), CARC_OK);
    cr_assert_eq(ph, CARC_PHASE_ACTION);
    cr_assert_eq(who, 2, "player 2 is the first tied player after player 1");
    cr_assert_eq(carc_turn_player(t.g), 1, "it is still player 1's turn");
    cr_assert_eq(t_cat(t.g, 0, "fields"), 10);
    cr_assert_eq(t_cat(t.g, 2, "fields"), 10);
    cr_assert_eq(t_score(t.g, 1), 0);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_APPLE), CARC_OK);
    cr_assert_eq(t_player(t.g), 0);

    char *saved = h_save(t.g);
    carc_game *back = NULL;
    carc_load_options lo = {.struct_size = sizeof lo, .tileset = t.ts};
    cr_assert_eq(carc_game_load(&lo, saved, strlen(saved), &back), CARC_OK);
    h_assert_unchanged(back, saved, "save and load");
    cr_assert_eq(t_phase(back), CARC_PHASE_ACTION);
    cr_assert_eq(t_player(back), 0);
    carc_game_free(back);
    free(saved);

    cr_assert_eq(ohd_pick_apply(t.g, OHD_STRAWBERRY), CARC_OK);
    cr_assert_eq(t_player(t.g), 2);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_STRAWBERRY), CARC_OK);
    cr_assert_eq(t_player(t.g), 0);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_PUMPKIN), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE);
    cr_assert_eq(t_player(t.g), 2, "the next turn is player 2's");
    cr_assert_eq(ohd_token_total(t.g, 2), 3);
    cr_assert_eq(ohd_tokens(t.g, 2, OHD_SCARECROW), 1, "the forced last pick");
    cr_assert_eq(ohd_token_total(t.g, 0), 2);
    cr_assert_eq(ohd_token_total(t.g, 1), 0);
    t_free(&t);
}

/* Reading: a pick with one kind left is no choice, so the library makes
 * it. A tied field whose 3 symbols are all apples is shared with no
 * decision at all: the placer takes 2 and the other player 1. */
Test(over_hill_and_dale_harvest, picks_without_a_choice_are_automatic)
{
    tgame t = harvest_game(2, "MEAD:4 THRUA:2 CAPA:1 CAP0:1", -1);
    cr_assert_eq(t_turn(t.g, "MEAD", 1, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "MEAD", 2, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "MEAD", 3, 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "THRUA", 1, -1, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "CAPA", 3, -1, 3, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "THRUA", 2, -1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "CAP0", 0, -1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE, "no decision was asked");
    cr_assert_eq(t_player(t.g), 1);
    cr_assert_eq(t_cat(t.g, 0, "fields"), 8);
    cr_assert_eq(t_cat(t.g, 1, "fields"), 8);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_APPLE), 2, "the placer picks first");
    cr_assert_eq(ohd_tokens(t.g, 1, OHD_APPLE), 1);
    t_free(&t);
}

/* Reading: a tile that closes several tied fields has them scored one after
 * the other in the order of its features, each shared from the placer
 * again. J's north cap (turned east, a sunflower) closes field E (apple,
 * none, pumpkin) and its south cap (turned west, a scarecrow) closes field
 * W (strawberry x2, grain); both are tied 1-1. Field E is scored and
 * shared first: 3 tokens, the third forced to player 0. Field W is scored
 * only then, and player 0 picks first again. */
Test(over_hill_and_dale_harvest, tied_fields_of_one_tile_are_shared_in_feature_order)
{
    tgame t = harvest_game(2, "MEAD:7 THRUA:1 THRU0:1 CAPP:1 THRUS:2 CAPG:1 J:1", -1);
    static const int row[6] = {1, 2, 3, -1, -2, -3};
    for (int i = 0; i < 6; i++) cr_assert_eq(t_turn(t.g, "MEAD", row[i], 0, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "THRUA", 1, -1, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "CAPP", 3, -1, 3, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "THRU0", 2, -1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "THRUS", -1, -1, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "CAPG", -3, -1, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "THRUS", -2, -1, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "J", 0, -1, 1, NULL, NULL), CARC_OK);

    cr_assert_eq(t_phase(t.g), CARC_PHASE_ACTION);
    cr_assert_eq(t_player(t.g), 0);
    cr_assert_eq(t_cat(t.g, 0, "fields"), 8, "field W is not scored yet");
    cr_assert_eq(t_cat(t.g, 1, "fields"), 8);
    cr_assert_eq(t_move_count(t.g), 3);
    carc_move strawberry = ohd_pick(OHD_STRAWBERRY);
    cr_assert_not(ohd_listed(t.g, &strawberry), "field W's tokens wait their turn");
    cr_assert_eq(ohd_pick_apply(t.g, OHD_APPLE), CARC_OK);
    cr_assert_eq(t_player(t.g), 1);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_PUMPKIN), CARC_OK);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_SUNFLOWER), 1, "the last token of field E was forced");

    cr_assert_eq(t_phase(t.g), CARC_PHASE_ACTION);
    cr_assert_eq(t_player(t.g), 0, "field W is shared from the placer again");
    cr_assert_eq(t_cat(t.g, 0, "fields"), 16);
    cr_assert_eq(t_cat(t.g, 1, "fields"), 16);
    cr_assert_eq(t_move_count(t.g), 3, "strawberry, grain, scarecrow");
    cr_assert_eq(ohd_pick_apply(t.g, OHD_SCARECROW), CARC_OK);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_STRAWBERRY), CARC_OK);
    cr_assert_eq(t_player(t.g), 0);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_GRAIN), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE);
    cr_assert_eq(t_player(t.g), 1);
    cr_assert_eq(ohd_token_total(t.g, 0), 4, "apple, sunflower, scarecrow, grain");
    cr_assert_eq(ohd_tokens(t.g, 1, OHD_STRAWBERRY), 2, "the second strawberry was forced");
    cr_assert_eq(ohd_token_total(t.g, 1), 3);
    for (int p = 0; p < 2; p++) cr_assert_eq(ohd_supply(t.g, p, OHD_FIG_MEEPLE), 4);
    t_free(&t);
}

/* Reading: a field gives only the tokens the supply still has. A field
 * with 6 apple symbols gives its farmer the 5 apples there are. */
Test(over_hill_and_dale_harvest, tokens_are_limited_by_the_supply)
{
    tgame t = harvest_game(2, "A6:1 CAP0:1 MEAD:1", -1);
    cr_assert_eq(t_turn(t.g, "A6", 0, -1, 0, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "CAP0", 0, -2, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_cat(t.g, 0, "fields"), 4);
    cr_assert_eq(ohd_tokens(t.g, 0, OHD_APPLE), 5);
    cr_assert_eq(ohd_tokens(t.g, -1, OHD_APPLE), 0);
    cr_assert_eq(ohd_token_total(t.g, -1), 28);
    t_free(&t);
}

/* Rulebook: a scarecrow replaces any one fruit of a set. Reading: a set
 * needs at least one real fruit, unless option scarecrow_sets is 1. Five
 * scarecrows score 5 as tokens, and a set of 5 more only with the option. */
Test(over_hill_and_dale_harvest, five_scarecrows_make_a_set_only_with_the_option)
{
    for (int opt = 0; opt <= 1; opt++) {
        tgame t = harvest_game(2, "SC5:1 CAP0:1", opt);
        cr_assert_eq(t_turn(t.g, "SC5", 0, -1, 0, "meeple", "f1"), CARC_OK);
        cr_assert_eq(t_turn(t.g, "CAP0", 0, -2, 2, NULL, NULL), CARC_OK);
        cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
        cr_assert_eq(ohd_tokens(t.g, 0, OHD_SCARECROW), 5);
        cr_assert_eq(t_cat(t.g, 0, "tokens"), 5);
        cr_assert_eq(t_cat(t.g, 0, "sets"), opt ? 5 : 0, "option %d", opt);
        cr_assert_eq(t_score(t.g, 0), 4 + 5 + (opt ? 5 : 0));
        t_free(&t);
    }
}

/* Rulebook, final scoring: an open path scores 1 per tile and an open field
 * 1 per tile (half), and no tokens are given for it. */
Test(over_hill_and_dale_harvest, open_features_score_one_per_tile_without_tokens)
{
    tgame t = ohd_new(2, "02a:1 09a:1 06a:1 21a:1");
    cr_assert_eq(t_turn(t.g, "02a", 1, 0, 0, "meeple", "p1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "09a", 0, -1, 0, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", 0, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE);
    cr_assert_eq(t_place(t.g, "06a", 1, -1, 0), CARC_OK);
    cr_assert_eq(t_pass(t.g), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "paths"), 2, "start + 02a");
    cr_assert_eq(t_cat(t.g, 1, "fields"), 2, "start + 09a, open northwards");
    cr_assert_eq(ohd_token_total(t.g, 1), 0, "no tokens at the end");
    cr_assert_eq(ohd_tokens(t.g, -1, OHD_STRAWBERRY), 5);
    cr_assert_eq(ohd_token_total(t.g, -1), 33);
    cr_assert_eq(t_score(t.g, 0), 2);
    cr_assert_eq(t_score(t.g, 1), 2);
    t_free(&t);
}

/* A field closed with no farmer: nobody scores, the apple stays. */
Test(over_hill_and_dale_harvest, field_without_farmer_gives_nothing)
{
    tgame t = ohd_new(2, "06a:1 21a:1");
    cr_assert_eq(t_turn(t.g, "06a", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert(t_feature_at(t.g, 0, 0, "f1").complete);
    cr_assert_eq(ohd_token_total(t.g, -1), 33);
    cr_assert_eq(t_score(t.g, 0), 0);
    t_free(&t);
}

/* Reading: when the last tile closes a tied field, the picks are made
 * before the game ends, and the tokens count in the final scoring. The X6
 * field with no tile left after 06d: player 0 ends with 10 + 3 tokens,
 * player 1 with 10 + 2. */
Test(over_hill_and_dale_harvest, last_tile_shares_its_tokens_before_the_end)
{
    tgame t = ohd_new(2, "06c:1 21a:1 06e:1 09a:1 13:1 03e:1 06d:1");
    cr_assert_eq(t_turn(t.g, "06c", 0, 1, 2, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "21a", -1, 1, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06e", 0, -1, 2, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "09a", -1, 2, 1, "meeple", "f1"), CARC_OK);
    cr_assert_eq(t_turn(t.g, "13", 0, 2, 0, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "03e", 1, 2, 3, NULL, NULL), CARC_OK);
    cr_assert_eq(t_turn(t.g, "06d", -2, 2, 1, NULL, NULL), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_ACTION, "the picks come before the end");
    cr_assert_eq(t_cat(t.g, 0, "tokens"), 0);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_STRAWBERRY), CARC_OK);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_STRAWBERRY), CARC_OK);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_APPLE), CARC_OK);
    cr_assert_eq(ohd_pick_apply(t.g, OHD_PUMPKIN), CARC_OK);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_OVER);
    cr_assert_eq(t_cat(t.g, 0, "tokens"), 3);
    cr_assert_eq(t_cat(t.g, 1, "tokens"), 2);
    cr_assert_eq(t_score(t.g, 0), 13);
    cr_assert_eq(t_score(t.g, 1), 12);
    t_free(&t);
}
