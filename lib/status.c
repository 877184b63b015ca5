/* Status texts and the version of the linked library. */
#include "internal.h"

#define STR2(x) #x
#define STR(x) STR2(x)

const char *carc_strerror(int status)
{
    switch (status) {
    case CARC_OK: return "success";
    case CARC_E_NULL: return "a required pointer argument is NULL";
    case CARC_E_RANGE: return "a value is out of range";
    case CARC_E_ILLEGAL_MOVE: return "the move is not legal here";
    case CARC_E_PHASE: return "the call does not fit the current phase";
    case CARC_E_GAME_OVER: return "the game is over";
    case CARC_E_NOMEM: return "out of memory";
    case CARC_E_BUFFER: return "buffer too small";
    case CARC_E_PARSE: return "malformed input text";
    case CARC_E_NOT_FOUND: return "no such name";
    case CARC_E_UNAVAILABLE: return "no such tile or token left to draw";
    case CARC_E_MISMATCH: return "objects of different variants or tile sets";
    case CARC_E_VERSION: return "unsupported struct size or ABI version";
    case CARC_E_LIMIT: return "a fixed capacity would be exceeded";
    case CARC_E_INVALID: return "inconsistent argument";
    default: return "unknown status";
    }
}

const char *carc_version(void)
{
    return STR(CARC_VERSION_MAJOR) "." STR(CARC_VERSION_MINOR) "." STR(CARC_VERSION_PATCH);
}

int carc_version_number(void) { return CARC_VERSION_NUMBER; }
