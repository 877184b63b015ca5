/* The examples' random bot (examples/bot.h) picks among every legal move,
 * however many a decision offers: its buffer holds CARC_MAX_MOVES, the
 * library's bound on a listing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../examples/bot.h"

/* A base set whose tile fits every open square in four distinct turns:
 * field all round, one field on its north side and another on the rest. */
static carc_tileset *open_set(int tiles)
{
    char text[512];
    int len = snprintf(text, sizeof text,
                       "tileset lines\n"
                       "tile S count=1 start\n  edges FFF FFF FFF FFF\n"
                       "  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f\n"
                       "tile P count=%d\n  edges FFF FFF FFF FFF\n"
                       "  feature farm slots=0,1,2 id=f1\n"
                       "  feature farm slots=3,4,5,6,7,8,9,10,11 id=f2\n",
                       tiles - 1);
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    carc_tileset *ts = NULL;
    char err[160] = "";
    cr_assert_eq(carc_tileset_parse(v, text, (size_t)len, &ts, err, sizeof err), CARC_OK, "%s", err);
    return ts;
}

static int same(const carc_move *a, const carc_move *b)
{
    return a->kind == b->kind && a->rotation == b->rotation && a->x == b->x && a->y == b->y && a->tile == b->tile &&
           a->figure == b->figure && a->feature == b->feature;
}

/* The start tile and 700 more laid in a row leave 1,404 open squares, each
 * taking the next tile in 4 turns: 5,616 moves, past the 4,096 the bot
 * once listed. */
Test(bot_listing, the_random_bot_picks_past_the_first_4096_moves)
{
    carc_tileset *ts = open_set(1000);
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 5, .tileset = ts};
    carc_game *g = NULL, *c = NULL;
    cr_assert_eq(carc_game_new(&o, &g), CARC_OK);
    for (int x = 1; x <= 700; x++) {
        carc_move tile = {.kind = CARC_MOVE_TILE, .x = (int16_t)x}, pass = {.kind = CARC_MOVE_PASS};
        int type = -1;
        cr_assert_eq(carc_game_drawn_tile(g, &type), CARC_OK);
        tile.tile = (uint16_t)type;
        cr_assert_eq(carc_game_apply(g, &tile), CARC_OK, "tile %d", x);
        cr_assert_eq(carc_game_apply(g, &pass), CARC_OK, "pass %d", x);
    }
    carc_move *all = malloc(sizeof *all * CARC_MAX_MOVES), *buf = malloc(sizeof *buf * BOT_MAX_MOVES);
    cr_assert(all && buf);
    size_t n = 0;
    cr_assert_eq(carc_game_moves(g, all, CARC_MAX_MOVES, &n), CARC_OK);
    cr_assert_eq(n, 4 * (2 * 701 + 2), "4 turns on each of the row's open squares");
    cr_assert_eq(carc_game_clone(g, &c), CARC_OK);
    uint64_t rng = 11;
    int past = 0;
    for (int i = 0; i < 64; i++) {
        carc_game_copy(c, g);
        carc_move played = {0};
        cr_assert_eq(bot_step(c, buf, &rng, &played), CARC_OK);
        size_t at = 0;
        while (at < n && !same(&all[at], &played)) at++;
        cr_assert_lt(at, n, "the bot played a listed move");
        past += at >= 4096;
    }
    /* each pick is past 4,096 with odds 1,520 in 5,616: 64 picks all short
     * of it would have odds below 1 in 10^8 */
    cr_assert_gt(past, 0, "no pick among the last %zu moves", n - 4096);
    free(all);
    free(buf);
    carc_game_free(c);
    carc_game_free(g);
    carc_tileset_free(ts);
}
