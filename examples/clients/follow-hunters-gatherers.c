/* Follows random games of Hunters and Gatherers as a client of a play server
 * would: every move as text (the shaman's return by its name), its own tally
 * of scores and of the animals hunting traps used up, checked against the
 * library at the end of each game.
 *   follow-hunters-gatherers [--games N] [--seed S] [--players N] [--verbose] */
#include "follow.h"

int main(int argc, char **argv) { return follow_main(argc, argv, "hunters-gatherers", NULL, 0); }
