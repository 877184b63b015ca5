/* Tile facts for clients: the attributes a tile set carries (coats of
 * arms, animals, fish, symbols...) and the borders and links of each
 * feature, read from the parsed tile set (carcassonne.h, "Tile facts"). */
#include <string.h>

#include "internal.h"

int carc_tileset_attr_count(const carc_tileset *ts, int *count)
{
    if (!ts || !count) return CARC_E_NULL;
    *count = ts->nattrs;
    return CARC_OK;
}

int carc_tileset_attr(const carc_tileset *ts, int attr, const char **name)
{
    if (!ts || !name) return CARC_E_NULL;
    if (attr < 0 || attr >= ts->nattrs) return CARC_E_RANGE;
    *name = ts->attr_names[attr];
    return CARC_OK;
}

int carc_tileset_attr_find(const carc_tileset *ts, const char *name, int *attr)
{
    if (!ts || !name || !attr) return CARC_E_NULL;
    for (int i = 0; i < ts->nattrs; i++)
        if (strcmp(ts->attr_names[i], name) == 0) {
            *attr = i;
            return CARC_OK;
        }
    return CARC_E_NOT_FOUND;
}

/* The feature `feature` of type `type`, or NULL when either is out of range. */
static const tile_feat *feature_at(const carc_tileset *ts, int type, int feature)
{
    if (type < 0 || type >= ts->ntypes) return NULL;
    const tile_type *t = &ts->types[type];
    return feature >= 0 && feature < t->nfeat ? &t->feat[feature] : NULL;
}

int carc_tileset_feature_info(const carc_tileset *ts, int type, int feature, carc_tile_feature_info *info)
{
    if (!ts || !info) return CARC_E_NULL;
    if (info->struct_size < sizeof *info) return CARC_E_VERSION;
    const tile_feat *f = feature_at(ts, type, feature);
    if (!f) return CARC_E_RANGE;
    info->id = f->id;
    info->kind = ts->variant->kinds[f->kind].name;
    info->kind_index = f->kind;
    info->slots = f->slots;
    info->borders = f->borders;
    info->links = f->links;
    info->attr_count = 0;
    for (int a = 0; a < ts->nattrs; a++) info->attr_count += f->attr[a] > 0;
    return CARC_OK;
}

int carc_tileset_feature_attr(const carc_tileset *ts, int type, int feature, int attr, int *value)
{
    if (!ts || !value) return CARC_E_NULL;
    const tile_feat *f = feature_at(ts, type, feature);
    if (!f || attr < 0 || attr >= ts->nattrs) return CARC_E_RANGE;
    *value = f->attr[attr];
    return CARC_OK;
}
