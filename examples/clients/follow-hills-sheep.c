/* Follows random games of Hills & Sheep as a client of a play server would:
 * every move as text, its own tally of scores, flocks and the sheep bag,
 * checked against the library at the end of each game.
 *   follow-hills-sheep [--games N] [--seed S] [--players N] [--verbose] */
#include "follow.h"

int main(int argc, char **argv) { return follow_main(argc, argv, "hills-sheep", NULL, 0); }
