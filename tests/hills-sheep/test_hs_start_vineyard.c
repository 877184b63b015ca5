/* A vineyard on the start tile counts like any other: the start tile is
 * placed tile 0, and a neighbour test that took 0 for "no tile" dropped it
 * (a mutant of hs_feature_points that the built-in tile set, whose start
 * tile has no vineyard, cannot show). Built on a tile set of its own: an
 * all-farm start tile with a vineyard, one monastery, one more vineyard
 * tile and plain filler, all fitting anywhere. */
#include <criterion/criterion.h>
#include <string.h>

#include "core/helpers.h"
#include "hs_support.h"

#define FARM "  edges F F F F F F F F F F F F\n  feature farm slots=0,1,2,3,4,5,6,7,8,9,10,11 id=f1 borders=none\n"
static const char tiles[] = "tileset start-vineyard\n"
                            "tile S start\n" FARM "  feature vineyard slots=none id=v1\n"
                            "tile M count=1\n" FARM "  feature monastery slots=none id=m1\n"
                            "tile V count=1\n" FARM "  feature vineyard slots=none id=v1\n"
                            "tile G count=6\n" FARM;

/* The monastery south of the start tile at (0,1), surrounded by the start
 * tile, V at (1,2) and six fillers; returns its owner's monastery points. */
static int surrounded_monastery(int vineyards)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "hills-sheep", &v), CARC_OK);
    carc_option rules[] = {{"vineyards", vineyards}};
    tgame t = t_new_text(v, 2, tiles, sizeof tiles - 1, rules, 1);
    carc_game *g = t.g;
    cr_assert_not_null(g);
    cr_assert_eq(t_turn(g, "M", 0, 1, 0, "follower", "m1"), CARC_OK);
    static const int around[6][2] = {{-1, 0}, {1, 0}, {-1, 1}, {1, 1}, {-1, 2}, {0, 2}};
    for (int i = 0; i < 6; i++)
        cr_assert_eq(t_turn(g, "G", around[i][0], around[i][1], 0, NULL, NULL), CARC_OK, "filler %d", i);
    cr_assert_eq(t_cat(g, 0, "monastery"), 0, "one square left open");
    cr_assert_eq(t_turn(g, "V", 1, 2, 0, NULL, NULL), CARC_OK);
    int points = t_cat(g, 0, "monastery");
    cr_assert_eq(t_cat(g, 1, "monastery"), 0);
    t_free(&t);
    return points;
}

Test(hills_sheep_vineyards, a_vineyard_on_the_start_tile_counts)
{
    cr_assert_eq(surrounded_monastery(1), 9 + 3 + 3, "nine for the monastery, three each for V and the start tile");
}

Test(hills_sheep_vineyards, a_vineyard_on_the_start_tile_counts_only_with_the_rule)
{
    cr_assert_eq(surrounded_monastery(0), 9);
}
