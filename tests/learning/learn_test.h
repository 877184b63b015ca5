/* Helpers for the tests of observations, masks and batches (tests/learning). */
#ifndef LEARN_TEST_H
#define LEARN_TEST_H

#include <carcassonne.h>
#include <stdint.h>

/* An encoding of a built-in variant (rules may be NULL), or a test failure. */
carc_encoding *l_encoding(const char *variant, int players, const carc_option *rules, int nrules, int radius);

/* Its description. */
carc_encoding_info l_info(const carc_encoding *e);

/* Array `name` of the encoding (a test failure if there is none). */
carc_obs_array l_array(const carc_encoding *e, const char *name);

/* First plane of board plane group `name`. */
int l_plane(const carc_encoding *e, const char *name);

/* Block `name` of the action space. */
carc_action_block l_block(const carc_encoding *e, const char *name);

/* A 64-byte aligned buffer of n bytes filled with `fill` (free with free()). */
void *l_buffer(size_t n, int fill);

/* Value of a board plane at square (x, y) of an observation. */
int l_board(const carc_encoding *e, const void *obs, const char *group, int k, int x, int y);

/* Pointer to array `name` inside an observation. */
const void *l_at(const carc_encoding *e, const void *obs, const char *name);

#endif
