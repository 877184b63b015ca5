/* Move text longer than any move: more words than a move has, or a word
 * longer than any name, is CARC_E_PARSE with the move untouched, whatever
 * the words would otherwise name. The parser keeps its words in fixed
 * rows (lib/movetext.c); these lines would run past them. (The mutation
 * run, docs/fuzzing.md: the guard on both limits deleted survived, since
 * the lines the tests tried failed later for other reasons.) */
#include <criterion/criterion.h>
#include <string.h>

#include <carcassonne.h>

#include "support.h"

static void refused(const carc_game *g, const char *text, const char *what)
{
    carc_move m;
    memset(&m, 0x5a, sizeof m);
    carc_move before = m;
    cr_assert_eq(carc_move_parse(g, text, strlen(text), &m), CARC_E_PARSE, "%s", what);
    cr_assert_eq(memcmp(&m, &before, sizeof m), 0, "%s: the move was written", what);
}

Test(client_movetext_limits, too_many_words_or_too_long_a_word)
{
    tgame t = t_new("base", 2, 1);
    carc_game *g = t.g;
    carc_move m;
    cr_assert_eq(carc_move_parse(g, "pass", 4, &m), CARC_OK, "the parser works on this game");
    refused(g, "pass pass pass pass pass pass pass pass pass", "nine words");
    refused(g, "pass x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x x", "thirty-three words");
    static char line[4200];
    memcpy(line, "tile ", 5);
    memset(line + 5, 'D', 4096);
    memcpy(line + 5 + 4096, " 0 1 0", 7);
    refused(g, line, "a tile name of 4096 letters");
    static char word[80];
    memset(word, 'p', 64);
    refused(g, word, "a word of 64 letters, past the longest name");
    t_free(&t);
}
