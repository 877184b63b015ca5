/* search-demo: the smallest program on libcarcassonne-search. Seat 0 asks
 * the search for every decision, the other seats play the first listed
 * move; it prints the first decision's root statistics and the final scores.
 *   cc search-demo.c $(pkg-config --cflags --libs carcassonne-search)
 *   ./search-demo [ITERATIONS] */
#include <stdio.h>
#include <stdlib.h>

#include <carcassonne_search.h>

int main(int argc, char **argv)
{
    carc_game_options o = {.struct_size = sizeof o, .variant_name = "base", .players = 2, .seed = 42};
    carc_search_options so = {.struct_size = sizeof so, .iterations = argc > 1 ? atol(argv[1]) : 1000, .seed = 1};
    carc_game *g;
    carc_search *s;
    if (carc_game_new(&o, &g) != CARC_OK || carc_search_new(&so, &s) != CARC_OK) return 1;
    carc_move buf[4096], m;
    size_t n;
    int first = 1;
    while (carc_game_moves(g, buf, 4096, &n) == CARC_OK) {
        int player = 0;
        carc_game_state(g, NULL, &player);
        m = buf[0];
        if (player == 0 && carc_search_run(s, g, &m) != CARC_OK) return 1;
        if (player == 0 && first) {
            carc_search_stat st[4096];
            size_t k = 0;
            carc_search_root(s, st, 4096, &k);
            for (size_t i = 0; i < k; i++) {
                char text[80];
                size_t len;
                carc_move_format(g, &st[i].move, text, sizeof text, &len);
                printf("%-20s %6lld visits, value %.3f\n", text, (long long)st[i].visits, st[i].value);
            }
            first = 0;
        }
        if (carc_game_apply(g, &m) != CARC_OK) return 1;
    }
    int a = 0, b = 0;
    carc_game_score(g, 0, &a);
    carc_game_score(g, 1, &b);
    printf("search %d, first listed move %d\n", a, b);
    carc_search_free(s);
    carc_game_free(g);
    return 0;
}
