/* Getters given an index far outside its range: CARC_E_RANGE and nothing
 * written, never a read of memory the index happens to reach. Tests of the
 * edges (-1, the count) alone let a deleted range guard pass, since the
 * entries just past an array are zeros that look like "nothing there"
 * (docs/fuzzing.md, "Mutation testing"). */
#include <criterion/criterion.h>
#include <limits.h>
#include <string.h>

#include "helpers.h"

static carc_tileset *base_tiles(void)
{
    const carc_variant *v;
    cr_assert_eq(carc_registry_find(NULL, "base", &v), CARC_OK);
    carc_tileset *ts = NULL;
    cr_assert_eq(carc_tileset_parse(v, v->tiles, v->tiles_len, &ts, NULL, 0), CARC_OK);
    return ts;
}

static const int FAR[] = {INT_MIN, -1000000, -129, 128, 1000000, INT_MAX};

Test(core_far_indices, tile_feature_getters_refuse_a_far_tile_type)
{
    carc_tileset *ts = base_tiles();
    for (size_t i = 0; i < sizeof FAR / sizeof FAR[0]; i++) {
        carc_tile_feature_info fi;
        memset(&fi, 0x5a, sizeof fi);
        fi.struct_size = sizeof fi;
        carc_tile_feature_info before = fi;
        cr_assert_eq(carc_tileset_feature_info(ts, FAR[i], 0, &fi), CARC_E_RANGE, "type %d", FAR[i]);
        cr_assert_eq(memcmp(&fi, &before, sizeof fi), 0, "type %d: a failed call wrote the struct", FAR[i]);
        int value = 77;
        cr_assert_eq(carc_tileset_feature_attr(ts, FAR[i], 0, 0, &value), CARC_E_RANGE, "type %d", FAR[i]);
        cr_assert_eq(value, 77);
    }
    carc_tileset_free(ts);
}
