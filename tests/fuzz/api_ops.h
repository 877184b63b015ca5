/* The operations of fuzz_api's programs and the bytes that name them,
 * shared with make-corpus.c so seed programs say what they mean. */
#ifndef CARC_FUZZ_API_OPS_H
#define CARC_FUZZ_API_OPS_H

#include <stdint.h>

enum op {
    OP_LISTED,      /* a listed move (2-byte index): must be accepted */
    OP_RAW,         /* 16 raw bytes as a move */
    OP_MUTATED,     /* a listed move (2-byte index) with one member (byte) set from a byte */
    OP_NEXT_TILE,   /* carc_game_set_next_tile (byte: odd makes the draw first; signed tile byte) */
    OP_NEXT_TOKEN,  /* carc_game_set_next_token (bag byte, signed token byte) */
    OP_RESEED,      /* carc_game_reseed (8 bytes) */
    OP_DECK_ORDER,  /* carc_game_set_deck_order (stack byte, mode byte, then mode's bytes) */
    OP_CLONE,       /* carry on with a clone */
    OP_COPY,        /* carry on with a copy in the spare game (byte: odd copies into another variant) */
    OP_SAVE_LOAD,   /* carry on with the game saved and loaded */
    OP_QUERY,       /* a query (selector byte, two 4-byte arguments) */
    OP_STATE,       /* make the pending draw */
    OP_PLAY,        /* a run of 1..48 listed moves (byte) */
    OP_TEXT,        /* a move read by carc_move_parse from input text (length byte, bytes) */
    OP_FORMAT,      /* a listed move (2-byte index) written and read back through buffers of odd sizes */
    OP_COUNT
};

/* Operation bytes map to operations with listed moves weighted up: a game
 * must move forward for the other calls to meet interesting states. */
static const uint8_t op_of_byte[] = {OP_LISTED,     OP_LISTED, OP_LISTED,     OP_LISTED,     OP_RAW,
                                     OP_MUTATED,    OP_MUTATED, OP_NEXT_TILE, OP_NEXT_TOKEN, OP_RESEED,
                                     OP_DECK_ORDER, OP_CLONE,  OP_COPY,       OP_SAVE_LOAD,  OP_QUERY,
                                     OP_QUERY,      OP_STATE,  OP_PLAY,       OP_TEXT,       OP_FORMAT};

#endif
