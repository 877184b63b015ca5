/* Variant `hills-sheep`: the classic game plus the Hills & Sheep expansion.
 *
 * The numbers a caller needs to drive this ruleset through the public API:
 * figure kinds, the tokens of the "sheep" bag, the codes of the flock
 * actions, the ruleset options and the layout of the per-game state (so
 * tests and tools can read the flocks through carc_variant_state()).
 * docs/variants/hills-sheep.md explains how each rule is mapped. */
#ifndef CARC_VARIANTS_HILLS_SHEEP_H
#define CARC_VARIANTS_HILLS_SHEEP_H

#include <stdint.h>

#include "carcassonne_variant.h"
#include "../base/classic.h"

/* Feature kinds after the four classic ones (classic.h): drawings only. */
enum hs_kind { HS_KIND_HILL = 4, HS_KIND_VINEYARD = 5 };

/* Figure kinds (carc_move.figure). A shepherd stands only on a farm. */
enum hs_figure { HS_FIG_FOLLOWER = 0, HS_FIG_SHEPHERD = 1 };

/* The only bag, named "sheep" (carc_game_set_next_token(g, "sheep", token)).
 * Token k < HS_TOKEN_WOLF shows k + 1 sheep. */
#define HS_BAG_SHEEP 0
enum hs_token {
    HS_TOKEN_SHEEP1 = 0, /* 4 in the bag */
    HS_TOKEN_SHEEP2 = 1, /* 5 */
    HS_TOKEN_SHEEP3 = 2, /* 5 */
    HS_TOKEN_SHEEP4 = 3, /* 2 */
    HS_TOKEN_WOLF = 4,   /* 2 */
    HS_TOKEN_KINDS = 5
};
#define HS_SHEEP_KINDS 4
#define HS_TOKEN_TOTAL 18

/* Flock actions, offered in CARC_PHASE_ACTION as CARC_MOVE_ACTION moves with
 * `action` set to one of these, `target` the figure id of the mover's
 * shepherd and x = y = 0 (every other field zero). One of the two must be
 * chosen: the action phase has no pass. */
enum hs_action {
    HS_ACTION_GROW = 1,  /* draw a token for the flock's field */
    HS_ACTION_GUIDE = 2  /* score every flock of the field and clear it */
};

/* Ruleset options, in carc_variant_option() order. */
enum hs_option {
    HS_OPT_SHEEP = 0,         /* "sheep" 0/1: shepherds and the bag */
    HS_OPT_HILLS = 1,         /* "hills" 0/1: hidden tile and tie-break */
    HS_OPT_VINEYARDS = 2,     /* "vineyards" 0/1: +3 per vineyard for a completed monastery */
    HS_OPT_HILL_TIEBREAK = 3  /* "hill_tiebreak": one of enum hs_tiebreak */
};

/* What happens when several tied leaders have a follower on a hill part. */
enum hs_tiebreak {
    HS_TIE_HILL_PLAYERS = 0, /* default: every tied player with one there scores, the others do not */
    HS_TIE_SOLE_ONLY = 1,    /* the hill decides only for a single such player; else all tied score */
    HS_TIE_MOST_ON_HILLS = 2 /* the tied player(s) with the most followers on hill tiles of the feature score */
};

/* Scoring categories: the classic four (classic.h order) and then sheep. */
#define HS_CAT_SHEEP 4

/* Per-game state (carc_variant_state()). flock[p][k] counts the sheep
 * tokens of kind k lying beside player p's shepherd (one shepherd each, so
 * the owner names the flock); all zero while that shepherd is in supply. */
typedef struct hs_state {
    uint8_t flock[CARC_MAX_PLAYERS][HS_SHEEP_KINDS];
    uint8_t action_open; /* the open action phase is this player's flock choice */
    uint8_t last_drawn;  /* the token drawn last, plus one (0: none yet) */
    uint8_t shepherd[CARC_MAX_PLAYERS]; /* each player's shepherd figure id plus one (0: no such player) */
    classic_state classic;              /* the classic rules' look-ups (classic_setup) */
} hs_state;

#endif
