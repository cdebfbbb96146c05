/* config/variable-placement.ini: the Variable Placement Map of the
 * hypothetical deployment (VARIANT-HYPOTHETICAL). Each box's side, counts
 * and zone are checked here, and each side's boxes must be able to take
 * all of its formations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

bool data_formation_placed(const GameData *gd, int f)
{
    return f >= 0 && f < gd->nformations && !gd->formations[f].detached;
}

bool data_box_holds(const GameData *gd, const PlacementBox *b, int hex, int extra)
{
    if (hex < 0 || hex >= gd->map.cols * gd->map.rows)
        return false;
    if (b->banks[0] && !strchr(b->banks, gd->map.hexes[hex].bank))
        return false;
    HexCoord h = map_hex_at(&gd->map, hex);
    for (int i = 0; i < b->nzone; i++)
        if (hex_distance(h, gd->map.places[b->zone_place[i]].hex) <= b->zone_radius[i] + extra)
            return true;
    return false;
}

typedef struct {
    GameData *gd;
    Diags *d;
    int zone_line[64]; /* per box read, for the checks across boxes */
} PlCtx;

static void read_zone(IniDoc *doc, IniKey *k, PlacementBox *b, const GameData *gd, Diags *d)
{
    char tok[2 * ID_LEN];
    const char *p = k->value;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        char *colon = strchr(tok, ':');
        char *end = NULL;
        long r = colon ? strtol(colon + 1, &end, 10) : -1;
        if (!colon || !end || *end || end == colon + 1 || r < 0 || r > 6) {
            diag_error(d, doc->file, k->line, "zone: '%s' should be PLACE:RADIUS, a place id and a radius of 0 to 6 hexes",
                       tok);
            continue;
        }
        *colon = '\0';
        int pl = data_place_index(gd, tok);
        if (pl < 0) {
            diag_error(d, doc->file, k->line, "zone: unknown place '%s' (see the [place:...] sections of map.ini)", tok);
            continue;
        }
        if (b->nzone == BOX_MAX_ZONE) {
            diag_error(d, doc->file, k->line, "zone: at most %d places", BOX_MAX_ZONE);
            continue;
        }
        b->zone_place[b->nzone] = pl;
        b->zone_radius[b->nzone++] = (int)r;
    }
    if (b->nzone == 0 && k->value[0] == '\0')
        diag_error(d, doc->file, k->line, "zone: name at least one PLACE:RADIUS");
}

static void read_box(IniDoc *doc, IniSection *s, PlCtx *c)
{
    GameData *gd = c->gd;
    Diags *d = c->d;
    const char *id = lu_section_id(doc, s, "box", d);
    if (!id)
        return;
    for (int i = 0; i < gd->nboxes; i++)
        if (strcmp(gd->boxes[i].id, id) == 0) {
            diag_error(d, doc->file, s->line, "box '%s' is defined twice", id);
            ini_mark_all_used(doc);
            return;
        }
    PlacementBox b;
    memset(&b, 0, sizeof b);
    b.side = -1;
    lu_id_name(doc, s, id, b.id, b.name, sizeof b.name, d);
    const char *v;
    if (ini_get_str(doc, s, "side", true, &v, d) && (b.side = data_side_parse(v)) < 0)
        diag_error(d, doc->file, ini_key(s, "side")->line, "side: 'union' or 'confederate', not '%s'", v);
    bool have_min = ini_get_int(doc, s, "min", true, 0, 20, &b.min, d);
    bool have_max = ini_get_int(doc, s, "max", true, 1, 20, &b.max, d);
    if (have_min && have_max && b.min > b.max)
        diag_error(d, doc->file, ini_key(s, "min")->line, "min (%d) is more than max (%d)", b.min, b.max);
    IniKey *z = ini_key(s, "zone");
    if (!z)
        diag_error(d, doc->file, s->line, "box '%s' needs 'zone' (PLACE:RADIUS pairs)", id);
    else {
        z->used = true;
        read_zone(doc, z, &b, gd, d);
    }
    IniKey *k = ini_key(s, "banks");
    if (k) {
        k->used = true;
        char tok[8];
        const char *p = k->value;
        while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
            if (strlen(tok) != 1 || !strchr("NWS", tok[0]))
                diag_error(d, doc->file, k->line, "banks: N, W or S (as in map.ini's [bank]), not '%s'", tok);
            else if (!strchr(b.banks, tok[0]) && strlen(b.banks) < 3)
                b.banks[strlen(b.banks)] = tok[0];
        }
    }
    if (b.nzone > 0) {
        bool any = false;
        for (int h = 0; h < gd->map.cols * gd->map.rows && !any; h++)
            any = data_box_holds(gd, &b, h, 0);
        if (!any)
            diag_error(d, doc->file, z->line, "zone: no hex of the map lies in this zone on the banks given");
    }
    if (gd->nboxes < 64)
        c->zone_line[gd->nboxes] = z ? z->line : s->line;
    lu_append((void **)&gd->boxes, &gd->nboxes, sizeof *gd->boxes, &b);
}

/* Each side's boxes must take exactly its formations, and the two armies'
 * zones must not touch (the placement is hidden: nobody starts in contact). */
static void check_boxes(IniDoc *doc, PlCtx *c, int line)
{
    GameData *gd = c->gd;
    for (int side = 0; side < SIDE_COUNT; side++) {
        int forms = 0, mins = 0, maxs = 0, boxes = 0;
        for (int f = 0; f < gd->nformations; f++)
            forms += gd->formations[f].side == side && data_formation_placed(gd, f);
        for (int i = 0; i < gd->nboxes; i++)
            if (gd->boxes[i].side == side)
                mins += gd->boxes[i].min, maxs += gd->boxes[i].max, boxes++;
        if (boxes == 0)
            diag_error(c->d, doc->file, line, "no box for the %s side", data_side_name(side));
        else if (mins > forms)
            diag_error(c->d, doc->file, line,
                       "the %s boxes' minimums add up to %d, more than the side's %d formations to place",
                       data_side_name(side), mins, forms);
        else if (maxs < forms)
            diag_error(c->d, doc->file, line, "the %s boxes' maximums add up to %d, fewer than the side's %d formations",
                       data_side_name(side), maxs, forms);
    }
    int cells = gd->map.cols * gd->map.rows;
    for (int i = 0; i < gd->nboxes; i++)
        for (int j = 0; j < gd->nboxes; j++) {
            const PlacementBox *a = &gd->boxes[i], *b = &gd->boxes[j];
            if (a->side != SIDE_UNION || b->side != SIDE_CONFEDERATE)
                continue;
            for (int h = 0; h < cells; h++) {
                if (!data_box_holds(gd, a, h, 0))
                    continue;
                HexCoord hc = map_hex_at(&gd->map, h);
                for (int dir = -1; dir < DIR_COUNT; dir++) {
                    HexCoord n = dir < 0 ? hc : hex_neighbour(hc, dir);
                    if (!map_has(&gd->map, n) || !data_box_holds(gd, b, map_hex_index(&gd->map, n), 0))
                        continue;
                    char s1[5], s2[5];
                    hex_format(hc, s1);
                    hex_format(n, s2);
                    int li = i < 64 ? c->zone_line[i] : line, lj = j < 64 ? c->zone_line[j] : line;
                    diag_error(c->d, doc->file, li > lj ? li : lj, /* at the later of the two */
                               "zone: box '%s' meets the enemy box '%s' (%s and %s); leave at least one hex between "
                               "the two armies' zones",
                               a->id, b->id, s1, s2);
                    dir = DIR_COUNT, h = cells;
                }
            }
        }
}

static void placement_file(IniDoc *doc, void *arg)
{
    PlCtx *c = arg;
    IniSection *r = ini_section(doc, "placement");
    int line = 0;
    c->gd->placement_first = SIDE_CONFEDERATE;
    if (!r)
        diag_error(c->d, doc->file, 0, "missing [placement] section (first = union or confederate)");
    else {
        line = r->line;
        const char *v;
        if (ini_get_str(doc, r, "first", true, &v, c->d) && (c->gd->placement_first = data_side_parse(v)) < 0) {
            diag_error(c->d, doc->file, ini_key(r, "first")->line, "first: 'union' or 'confederate', not '%s'", v);
            c->gd->placement_first = SIDE_CONFEDERATE;
        }
    }
    for (int i = 0; i < doc->nsections; i++)
        if (strncmp(doc->sections[i].name, "box:", 4) == 0)
            read_box(doc, &doc->sections[i], c);
    check_boxes(doc, c, line);
}

bool load_placement(GameData *gd, const char *path, const char *shown, Diags *d)
{
    PlCtx c = {gd, d, {0}};
    return lu_with_file(path, shown, d, placement_file, &c);
}
