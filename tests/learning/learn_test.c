#include "learn_test.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

carc_encoding *l_encoding(const char *variant, int players, const carc_option *rules, int nrules, int radius)
{
    carc_game_options go = {.struct_size = sizeof go, .variant_name = variant, .players = players, .rules = rules,
                            .rule_count = nrules};
    carc_encoding_options eo = {.struct_size = sizeof eo, .game = &go, .radius = radius};
    carc_encoding *e = NULL;
    int r = carc_encoding_new(&eo, &e);
    cr_assert_eq(r, CARC_OK, "carc_encoding_new(%s, %d players): %s", variant, players, carc_strerror(r));
    return e;
}

carc_encoding_info l_info(const carc_encoding *e)
{
    carc_encoding_info info = {.struct_size = sizeof info};
    cr_assert_eq(carc_encoding_describe(e, &info), CARC_OK);
    return info;
}

carc_obs_array l_array(const carc_encoding *e, const char *name)
{
    carc_encoding_info info = l_info(e);
    for (int i = 0; i < info.array_count; i++) {
        carc_obs_array a = {.struct_size = sizeof a};
        cr_assert_eq(carc_encoding_array(e, i, &a), CARC_OK);
        if (strcmp(a.name, name) == 0) return a;
    }
    cr_assert_fail("no array %s", name);
    return (carc_obs_array){0};
}

int l_plane(const carc_encoding *e, const char *name)
{
    carc_encoding_info info = l_info(e);
    for (int i = 0; i < info.plane_group_count; i++) {
        carc_obs_planes p = {.struct_size = sizeof p};
        cr_assert_eq(carc_encoding_planes(e, i, &p), CARC_OK);
        if (p.array == 0 && strcmp(p.name, name) == 0) return p.first;
    }
    cr_assert_fail("no plane group %s", name);
    return -1;
}

carc_action_block l_block(const carc_encoding *e, const char *name)
{
    carc_encoding_info info = l_info(e);
    for (int i = 0; i < info.block_count; i++) {
        carc_action_block b = {.struct_size = sizeof b};
        cr_assert_eq(carc_encoding_block(e, i, &b), CARC_OK);
        if (strcmp(b.name, name) == 0) return b;
    }
    cr_assert_fail("no block %s", name);
    return (carc_action_block){0};
}

void *l_buffer(size_t n, int fill)
{
    void *p = aligned_alloc(64, (n + 63) / 64 * 64);
    cr_assert_not_null(p);
    memset(p, fill, n);
    return p;
}

const void *l_at(const carc_encoding *e, const void *obs, const char *name)
{
    return (const char *)obs + l_array(e, name).offset;
}

int l_board(const carc_encoding *e, const void *obs, const char *group, int k, int x, int y)
{
    carc_encoding_info info = l_info(e);
    int plane = l_plane(e, group) + k, W = info.width, R = info.radius;
    const uint8_t *b = l_at(e, obs, "board");
    return b[(size_t)plane * (size_t)(W * W) + (size_t)((y + R) * W + x + R)];
}
