/* Variant `base`: the classic game with nothing added. */
#include "classic.h"

#include "base_tiles.h"

static const carc_kind_desc kinds[] = {
    [CLASSIC_CITY] = {"city", CARC_KIND_SCORED | CARC_KIND_FINAL},
    [CLASSIC_ROAD] = {"road", CARC_KIND_SCORED | CARC_KIND_FINAL},
    [CLASSIC_FARM] = {"farm", CARC_KIND_FINAL},
    [CLASSIC_MONASTERY] = {"monastery", CARC_KIND_AREA | CARC_KIND_SCORED | CARC_KIND_FINAL},
};

static const carc_figure_desc figures[] = {
    {"follower", 7, 1u << CLASSIC_CITY | 1u << CLASSIC_ROAD | 1u << CLASSIC_FARM | 1u << CLASSIC_MONASTERY, 0,
     CARC_FIG_MAJORITY},
};

static const char *const categories[] = {"road", "city", "monastery", "farm"};

static const char *const colors[] = {CLASSIC_COLORS};

/* The variant state is the classic rules' look-ups alone. */
static int base_setup(carc_game *g)
{
    classic_setup(g, carc_variant_state(g));
    return CARC_OK;
}

static int base_points(const carc_game *g, int feature, int final, int *category)
{
    (void)final;
    return classic_points(g, carc_variant_state_const(g), feature, category);
}

const carc_variant carc_variant_base = {
    .struct_size = sizeof(carc_variant),
    .abi = CARC_VARIANT_ABI,
    .name = "base",
    .title = "Carcassonne (classic base game)",
    .min_players = 2,
    .max_players = 5,
    .tiles = carc_tiles_base,
    .tiles_len = sizeof carc_tiles_base - 1,
    .kinds = kinds,
    .kind_count = (int)(sizeof kinds / sizeof kinds[0]),
    .figures = figures,
    .figure_count = (int)(sizeof figures / sizeof figures[0]),
    .categories = categories,
    .category_count = (int)(sizeof categories / sizeof categories[0]),
    .state_size = sizeof(classic_state),
    .setup = base_setup,
    .feature_points_const = base_points,
    .kind_colors = colors,
};
