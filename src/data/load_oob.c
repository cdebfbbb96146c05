/* oob-confederate.ini, oob-union.ini: armies, commanders, formations, units. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

typedef struct {
    GameData *gd;
    Diags *d;
    int side;
} OobCtx;

static const char *const type_names[UT_COUNT] = {"infantry",   "cavalry", "artillery", "horse-artillery",
                                                 "skirmisher", "dummy"};

const char *data_unit_type_name(int type) { return type >= 0 && type < UT_COUNT ? type_names[type] : "?"; }

static bool id_taken(OobCtx *c, IniDoc *doc, IniSection *s, const char *id)
{
    GameData *gd = c->gd;
    const char *what = NULL;
    if (data_unit_index(gd, id) >= 0)
        what = "unit";
    else if (data_formation_index(gd, id) >= 0 && strncmp(s->name, "formation:", 10) == 0)
        what = "formation";
    else if (data_commander_index(gd, id) >= 0 && strncmp(s->name, "commander:", 10) == 0)
        what = "commander";
    if (what)
        diag_error(c->d, doc->file, s->line, "id '%s' is already used by another %s", id, what);
    return what != NULL;
}

static void read_army(IniDoc *doc, OobCtx *c)
{
    IniSection *s = lu_section(doc, "army", c->d);
    if (!s)
        return;
    ArmyDef *a = &c->gd->army[c->side];
    const char *v;
    if (ini_get_str(doc, s, "side", true, &v, c->d) && strcmp(v, data_side_name(c->side)) != 0)
        diag_error(c->d, doc->file, ini_key(s, "side")->line, "this file is for the %s army, not '%s'",
                   data_side_name(c->side), v);
    lu_name(doc, s, a->name, sizeof a->name, c->d);
    ini_get_int(doc, s, "skirmishers", true, 0, 99, &a->skirmishers, c->d);
    ini_get_int(doc, s, "extra_skirmishers", true, 0, 99, &a->extra_skirmishers, c->d);
    ini_get_int(doc, s, "pontoons", true, 0, 99, &a->pontoons, c->d);
    ini_get_int(doc, s, "dummies", true, 0, 99, &a->dummies, c->d);
    ini_get_int(doc, s, "detachment_markers", true, 0, 9, &a->detachment_markers, c->d);
}

/* What every commander, formation and unit starts with: an id no other
 * uses (false when it is taken), this army's side, name = .... */
static bool def_start(IniDoc *doc, IniSection *s, const char *id, OobCtx *c, char *def_id, int *side, char *name,
                      size_t n)
{
    if (id_taken(c, doc, s, id))
        return false;
    lu_id_name(doc, s, id, def_id, name, n, c->d);
    *side = c->side;
    return true;
}

static void read_commander(IniDoc *doc, IniSection *s, const char *id, OobCtx *c)
{
    CommanderDef k = {0};
    if (!def_start(doc, s, id, c, k.id, &k.side, k.name, sizeof k.name))
        return;
    const char *v;
    if (ini_get_str(doc, s, "kind", true, &v, c->d)) {
        if (strcmp(v, "higher") == 0)
            k.higher = true;
        else if (strcmp(v, "formation") != 0)
            diag_error(c->d, doc->file, ini_key(s, "kind")->line, "kind must be higher or formation, not '%s'", v);
    }
    ini_get_int(doc, s, "command_radius", true, 0, 20, &k.command_radius, c->d);
    if (k.higher)
        ini_get_int(doc, s, "command_factor", true, 1, 9, &k.command_factor, c->d);
    ini_get_bool(doc, s, "detached", false, &k.detached, c->d);
    if (!k.higher && ini_key(s, "command_factor"))
        diag_error(c->d, doc->file, ini_key(s, "command_factor")->line,
                   "only a higher commander has a command_factor");
    lu_append((void **)&c->gd->commanders, &c->gd->ncommanders, sizeof *c->gd->commanders, &k);
}

static void read_formation(IniDoc *doc, IniSection *s, const char *id, OobCtx *c)
{
    FormationDef f = {.commander = -1};
    if (!def_start(doc, s, id, c, f.id, &f.side, f.name, sizeof f.name))
        return;
    const char *v;
    if (ini_get_str(doc, s, "commander", true, &v, c->d)) {
        int line = ini_key(s, "commander")->line;
        f.commander = data_commander_index(c->gd, v);
        if (f.commander < 0)
            diag_error(c->d, doc->file, line, "unknown commander '%s'", v);
        else if (c->gd->commanders[f.commander].side != c->side || c->gd->commanders[f.commander].higher) {
            diag_error(c->d, doc->file, line, "'%s' is not a formation commander of this army", v);
            f.commander = -1;
        } else
            for (int i = 0; i < c->gd->nformations; i++)
                if (c->gd->formations[i].commander == f.commander) {
                    diag_error(c->d, doc->file, line, "commander '%s' already leads %s", v, c->gd->formations[i].id);
                    f.commander = -1;
                    break;
                }
    }
    if (ini_get_str(doc, s, "colour", true, &v, c->d)) {
        f.colour = data_colour_parse(v);
        if (f.colour < 0) {
            diag_error(c->d, doc->file, ini_key(s, "colour")->line,
                       "unknown colour '%s' (black red green yellow blue magenta cyan white)", v);
            f.colour = 7;
        }
    }
    if (ini_get_str(doc, s, "parent", false, &v, c->d))
        ini_copy(doc, ini_key(s, "parent")->line, f.parent, sizeof f.parent, v, "parent", c->d);
    ini_get_int(doc, s, "activation_cost", true, 0, 9, &f.activation_cost, c->d);
    ini_get_int(doc, s, "south_activation_cost", true, 0, 9, &f.south_activation_cost, c->d);
    ini_get_bool(doc, s, "detached", false, &f.detached, c->d);
    lu_append((void **)&c->gd->formations, &c->gd->nformations, sizeof *c->gd->formations, &f);
}

static void read_unit(IniDoc *doc, IniSection *s, const char *id, OobCtx *c)
{
    UnitDef u = {.formation = -1, .counter = -1};
    if (!def_start(doc, s, id, c, u.id, &u.side, u.name, sizeof u.name))
        return;
    const char *v;
    if (ini_get_str(doc, s, "formation", true, &v, c->d) && strcmp(v, "independent") != 0) {
        u.formation = data_formation_index(c->gd, v);
        if (u.formation < 0 || c->gd->formations[u.formation].side != c->side) {
            diag_error(c->d, doc->file, ini_key(s, "formation")->line,
                       "unknown formation '%s' (a [formation:...] of this file, or independent)", v);
            u.formation = -1;
        }
    }
    if (ini_get_str(doc, s, "division", false, &v, c->d))
        ini_copy(doc, ini_key(s, "division")->line, u.division, sizeof u.division, v, "division", c->d);
    if (ini_get_str(doc, s, "type", true, &v, c->d)) {
        u.type = -1;
        for (int t = 0; t < UT_OOB_TYPES; t++)
            if (strcmp(v, type_names[t]) == 0)
                u.type = t;
        if (u.type < 0) {
            diag_error(c->d, doc->file, ini_key(s, "type")->line,
                       "type must be infantry, cavalry, artillery or horse-artillery, not '%s'", v);
            u.type = UT_INFANTRY;
        }
    }
    ini_get_int(doc, s, "strength", true, 1, 16, &u.strength, c->d);
    if (ini_get_int(doc, s, "reduced", true, 0, 16, &u.reduced, c->d) && u.reduced >= u.strength && u.strength > 0)
        diag_error(c->d, doc->file, ini_key(s, "reduced")->line,
                   "the reduced side (%d) must be weaker than full strength (%d)", u.reduced, u.strength);
    ini_get_int(doc, s, "movement", true, 1, 30, &u.movement, c->d);
    ini_get_int(doc, s, "elite", true, 0, 6, &u.elite, c->d);
    ini_get_bool(doc, s, "detached", false, &u.detached, c->d);
    lu_append((void **)&c->gd->units, &c->gd->nunits, sizeof *c->gd->units, &u);
}

static void oob_file(IniDoc *doc, void *arg)
{
    OobCtx *c = arg;
    read_army(doc, c);
    /* Commanders, then formations (which name commanders), then units. */
    const char *kinds[] = {"commander", "formation", "unit"};
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < doc->nsections; i++) {
            IniSection *s = &doc->sections[i];
            const char *id = lu_section_id(doc, s, kinds[pass], c->d);
            if (!id)
                continue;
            if (pass == 0)
                read_commander(doc, s, id, c);
            else if (pass == 1)
                read_formation(doc, s, id, c);
            else
                read_unit(doc, s, id, c);
        }
    int units = 0;
    for (int i = 0; i < c->gd->nunits; i++)
        units += c->gd->units[i].side == c->side;
    if (units == 0)
        diag_error(c->d, doc->file, 0, "no [unit:...] sections");
}

/* n independent units of a type, what-u1 "Union what 1" and on, of the
 * given strength; false when out of memory. */
static bool add_pool(GameData *gd, int side, int n, int type, const char *what, int strength)
{
    for (int i = 1; i <= n; i++) {
        UnitDef u = {.side = side, .formation = -1, .type = type, .strength = strength, .counter = -1};
        snprintf(u.id, sizeof u.id, "%s-%c%d", what, side == SIDE_UNION ? 'u' : 'c', i);
        snprintf(u.name, sizeof u.name, "%s %s %d", side == SIDE_UNION ? "Union" : "Confederate", what, i);
        if (!lu_append((void **)&gd->units, &gd->nunits, sizeof *gd->units, &u))
            return false;
    }
    return true;
}

/* The army's skirmisher counters, as one-point units (SKIRM-POOL), then
 * its dummies, zero-point markers (DUMMIES). */
static void add_skirmishers(GameData *gd, int side)
{
    const ArmyDef *a = &gd->army[side];
    if (add_pool(gd, side, a->skirmishers + a->extra_skirmishers, UT_SKIRMISHER, "skirmisher", 1))
        add_pool(gd, side, a->dummies, UT_DUMMY, "dummy", 0);
}

bool load_oob(GameData *gd, int side, const char *path, const char *shown, Diags *d)
{
    OobCtx c = {gd, d, side};
    bool ok = lu_with_file(path, shown, d, oob_file, &c);
    add_skirmishers(gd, side);
    return ok;
}
