/* A tile set as a JSON document (carc_tileset_json; members in
 * docs/state-json.md, schema docs/tileset.schema.json). */
#include "internal.h"
#include "json.h"

/* The features of the same tile named by a mask (borders, links), by id. */
JSON_COLD static void feature_ids(json_out *o, const char *key, const tile_type *t, unsigned mask)
{
    json_array(o, key);
    for (int j = 0; j < t->nfeat; j++)
        if (mask >> j & 1) json_str(o, NULL, t->feat[j].id);
    json_end(o, ']');
}

JSON_COLD static void feature_entry(json_out *o, const carc_tileset *ts, const tile_type *t, int f)
{
    const tile_feat *tf = &t->feat[f];
    json_object(o, NULL);
    json_str(o, "id", tf->id);
    json_str(o, "kind", ts->variant->kinds[tf->kind].name);
    json_array(o, "slots");
    for (int s = 0; s < 12; s++)
        if (tf->slots >> s & 1) json_int(o, NULL, s);
    json_end(o, ']');
    feature_ids(o, "borders", t, tf->borders);
    feature_ids(o, "links", t, tf->links);
    json_object(o, "attributes");
    for (int a = 0; a < ts->nattrs; a++)
        if (tf->attr[a]) json_int(o, ts->attr_names[a], tf->attr[a]);
    json_end(o, '}');
    json_end(o, '}');
}

JSON_COLD static void type_entry(json_out *o, const carc_tileset *ts, int type)
{
    const tile_type *t = &ts->types[type];
    char edges[13];
    for (int s = 0; s < 12; s++) edges[s] = t->edges[s];
    edges[12] = 0;
    json_object(o, NULL);
    json_int(o, "type", type);
    json_str(o, "tile", t->name);
    json_int(o, "count", t->count);
    json_bool(o, "start", t->start);
    json_str(o, "deck", ts->deck_names[t->deck]);
    json_str(o, "edges", edges);
    json_array(o, "features");
    for (int f = 0; f < t->nfeat; f++) feature_entry(o, ts, t, f);
    json_end(o, ']');
    json_end(o, '}');
}

JSON_COLD int carc_tileset_json(const carc_tileset *ts, char *buf, size_t cap, size_t *len)
{
    if (!ts || !len) return CARC_E_NULL;
    json_out o;
    json_init(&o, buf, cap);
    json_object(&o, NULL);
    json_str(&o, "format", "carcassonne-tileset");
    json_int(&o, "version", CARC_JSON_VERSION);
    json_str(&o, "name", ts->name);
    json_str(&o, "variant", ts->variant->name);
    json_int(&o, "tiles", ts->total);
    json_array(&o, "decks");
    for (int d = 0; d < ts->ndecks; d++) json_str(&o, NULL, ts->deck_names[d]);
    json_end(&o, ']');
    json_array(&o, "attributes");
    for (int a = 0; a < ts->nattrs; a++) json_str(&o, NULL, ts->attr_names[a]);
    json_end(&o, ']');
    json_array(&o, "types");
    for (int t = 0; t < ts->ntypes; t++) type_entry(&o, ts, t);
    json_end(&o, ']');
    json_end(&o, '}');
    return json_finish(&o, len);
}
