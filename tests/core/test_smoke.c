#include <criterion/criterion.h>

#include "support.h"

Test(smoke, start_tile_and_first_moves)
{
    tgame t = t_new("base", 2, 7);
    cr_assert_not_null(t.g);
    int n;
    carc_game_tile_count(t.g, &n);
    cr_assert_eq(n, 1);
    cr_assert_eq(t_phase(t.g), CARC_PHASE_TILE);
    cr_assert_gt(t_move_count(t.g), 0);
    t_free(&t);
}
