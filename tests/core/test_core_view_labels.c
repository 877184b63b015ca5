/* carc_variant_view_label: the names of a view's values, so that clients
 * label counters (a flock's sheep kinds, a pool's harvest kinds). */
#include "helpers.h"

static const carc_variant *variant(const char *name)
{
    const carc_variant *v = NULL;
    cr_assert_eq(carc_registry_find(NULL, name, &v), CARC_OK);
    return v;
}

static int view_index(const carc_variant *v, const char *name)
{
    for (int i = 0;; i++) {
        const char *n;
        if (carc_variant_view(v, i, &n, NULL, NULL, NULL)) return -1;
        if (!strcmp(n, name)) return i;
    }
}

/* Each value of a view that counts a bag's tokens is named as the token. */
static void labels_are_tokens(const char *variant_name, const char *view_name, int bag)
{
    const carc_variant *v = variant(variant_name);
    int view = view_index(v, view_name), length = 0, kinds = 0;
    cr_assert_geq(view, 0);
    carc_variant_view(v, view, NULL, NULL, NULL, &length);
    carc_variant_bag(v, bag, NULL, &kinds);
    cr_assert_leq(length, kinds);
    for (int k = 0; k < length; k++) {
        const char *label = NULL, *token = NULL;
        cr_assert_eq(carc_variant_view_label(v, view, k, &label), CARC_OK);
        carc_variant_bag_token(v, bag, k, &token, NULL);
        cr_assert_str_eq(label, token, "%s %s value %d", variant_name, view_name, k);
    }
}

Test(core_view_labels, counts_are_named_by_the_tokens_they_count)
{
    labels_are_tokens("hills-sheep", "flock", 0);
    labels_are_tokens("over-hill-and-dale", "pool", 0);
}

Test(core_view_labels, single_values_and_errors)
{
    const carc_variant *hs = variant("hills-sheep");
    const char *label = "untouched";
    int last = view_index(hs, "last_token");
    cr_assert_eq(carc_variant_view_label(hs, last, 0, &label), CARC_OK);
    cr_assert_str_eq(label, "", "a one-value view is named by the view");
    label = "untouched";
    cr_assert_eq(carc_variant_view_label(hs, last, 1, &label), CARC_E_RANGE);
    cr_assert_eq(carc_variant_view_label(hs, -1, 0, &label), CARC_E_RANGE);
    cr_assert_eq(carc_variant_view_label(hs, 99, 0, &label), CARC_E_RANGE);
    cr_assert_eq(carc_variant_view_label(variant("base"), 0, 0, &label), CARC_E_RANGE, "base has no views");
    cr_assert_eq(carc_variant_view_label(NULL, 0, 0, &label), CARC_E_NULL);
    cr_assert_eq(carc_variant_view_label(hs, last, 0, NULL), CARC_E_NULL);
    cr_assert_str_eq(label, "untouched");
}

/* A variant built against the header before view_labels (its struct_size
 * stops at kind_colors) gets empty labels, not a read past its struct. */
Test(core_view_labels, an_older_variant_has_none)
{
    carc_variant old = *variant("hills-sheep");
    old.struct_size = (uint32_t)(offsetof(carc_variant, kind_colors) + sizeof old.kind_colors);
    static const char *const bogus[] = {"x", "x", "x", "x"};
    static const char *const *const trap[] = {bogus, bogus};
    old.view_labels = trap; /* past struct_size: must not be read */
    const char *label = NULL;
    cr_assert_eq(carc_variant_view_label(&old, 0, 2, &label), CARC_OK);
    cr_assert_str_eq(label, "");
}
