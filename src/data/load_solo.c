/* automa-counters.ini (AI-COUNTERS) and strategy-map.ini (AI-OBJECTIVE). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

static void read_counter(IniDoc *doc, IniSection *s, const char *id, LoadCtx *c)
{
    GameData *gd = c->gd;
    for (int i = 0; i < gd->ncounters; i++)
        if (strcmp(gd->counters[i].id, id) == 0) {
            diag_error(c->d, doc->file, s->line, "counter '%s' is defined twice", id);
            return;
        }
    AutomaCounterDef k;
    memset(&k, 0, sizeof k);
    k.corps = -1;
    k.line = s->line;
    lu_id_name(doc, s, id, k.id, k.name, sizeof k.name, c->d);
    const char *v;
    if (ini_get_str(doc, s, "corps", true, &v, c->d)) {
        k.corps = data_formation_index(gd, v);
        if (k.corps < 0 || gd->formations[k.corps].side != SIDE_UNION)
            diag_error(c->d, doc->file, ini_key(s, "corps")->line, "'%s' is not a Union formation", v);
    }
    if (ini_get_str(doc, s, "values", true, &v, c->d)) {
        int line = ini_key(s, "values")->line;
        char tok[16];
        const char *p = v;
        bool bad = false;
        while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
            if (k.nvalues == COUNTER_MAX_VALUES) {
                diag_error(c->d, doc->file, line, "at most %d values on a counter", COUNTER_MAX_VALUES);
                bad = true;
                break;
            }
            size_t n = strlen(tok);
            bool boxed = n >= 3 && tok[0] == '[' && tok[n - 1] == ']';
            char *num = boxed ? tok + 1 : tok;
            if (boxed)
                tok[n - 1] = '\0';
            char *end;
            long val = strtol(num, &end, 10);
            if (*num == '\0' || *end != '\0' || val < 1 || val > 40) {
                diag_error(c->d, doc->file, line, "'%s' is not a combat value (1-40, or [n] for a boxed one)", tok);
                bad = true;
                break;
            }
            if (k.nvalues > 0 && val >= k.values[k.nvalues - 1]) {
                diag_error(c->d, doc->file, line, "values must fall from full strength: %ld follows %d", val,
                           k.values[k.nvalues - 1]);
                bad = true;
                break;
            }
            k.boxed[k.nvalues] = boxed;
            k.values[k.nvalues++] = (int)val;
        }
        if (!bad && k.nvalues == 0)
            diag_error(c->d, doc->file, line, "a counter needs at least one value");
    }
    lu_append((void **)&gd->counters, &gd->ncounters, sizeof *gd->counters, &k);
}

static void counters_file(IniDoc *doc, void *arg)
{
    LoadCtx *c = arg;
    for (int i = 0; i < doc->nsections; i++) {
        const char *id = lu_section_id(doc, &doc->sections[i], "counter", c->d);
        if (id)
            read_counter(doc, &doc->sections[i], id, c);
    }
    if (c->gd->ncounters == 0)
        diag_error(c->d, doc->file, 0, "no [counter:...] sections");
}

bool load_automa_counters(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, counters_file, &c);
}

static void read_area(IniDoc *doc, IniSection *s, const char *id, LoadCtx *c, short *owner)
{
    GameData *gd = c->gd;
    if (strlen(id) != 3 || id[0] < '0' || id[0] > '9' || id[1] < '0' || id[1] > '9' || id[2] < '0' || id[2] > '9') {
        diag_error(c->d, doc->file, s->line, "an area is named by its three-digit paragraph number, not '%s'", id);
        ini_key(s, "name"), ini_key(s, "objective"), ini_key(s, "hexes");
        return;
    }
    StrategyArea a;
    memset(&a, 0, sizeof a);
    a.number = atoi(id);
    lu_name(doc, s, a.name, sizeof a.name, c->d);
    const char *v;
    if (ini_get_str(doc, s, "objective", true, &v, c->d))
        lu_hex(doc, ini_key(s, "objective")->line, gd, v, &a.objective, c->d);
    a.hexes = lu_hex_list(doc, s, "hexes", true, gd, &a.nhexes, c->d);
    int idx = gd->nareas;
    bool has_objective = false;
    for (int i = 0; i < a.nhexes; i++) {
        int hi = map_hex_index(&gd->map, a.hexes[i]);
        has_objective |= hex_equal(a.hexes[i], a.objective);
        if (owner[hi] >= 0) {
            char h[5];
            hex_format(a.hexes[i], h);
            diag_error(c->d, doc->file, ini_key(s, "hexes")->line, "hex %s already belongs to area %03d", h,
                       owner[hi] == idx ? a.number : gd->areas[owner[hi]].number);
        } else
            owner[hi] = (short)idx;
    }
    if (a.nhexes > 0 && hex_valid(a.objective) && !has_objective)
        diag_error(c->d, doc->file, ini_key(s, "objective")->line, "the objective hex is not one of the area's hexes");
    if (!lu_append((void **)&gd->areas, &gd->nareas, sizeof *gd->areas, &a)) {
        free(a.hexes);
        return;
    }
}

static void strategy_file(IniDoc *doc, void *arg)
{
    LoadCtx *c = arg;
    int n = c->gd->map.cols * c->gd->map.rows;
    if (n == 0) {
        ini_mark_all_used(doc);
        return;
    }
    short *owner = malloc((size_t)n * sizeof *owner);
    if (!owner)
        return;
    for (int i = 0; i < n; i++)
        owner[i] = -1;
    for (int i = 0; i < doc->nsections; i++) {
        const char *id = lu_section_id(doc, &doc->sections[i], "area", c->d);
        if (id)
            read_area(doc, &doc->sections[i], id, c, owner);
    }
    free(owner);
    if (c->gd->nareas == 0)
        diag_error(c->d, doc->file, 0, "no [area:...] sections");
}

bool load_strategy_map(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, strategy_file, &c);
}

int data_area_index(const GameData *gd, int number)
{
    for (int i = 0; i < gd->nareas; i++)
        if (gd->areas[i].number == number)
            return i;
    return -1;
}

void data_add_counter_units(GameData *gd, Diags *d)
{
    int ncounters = gd->ncounters;
    for (int k = 0; k < ncounters; k++) {
        const AutomaCounterDef *c = &gd->counters[k];
        if (c->corps < 0 || c->nvalues == 0)
            continue; /* reported by load_automa_counters */
        if (data_unit_index(gd, c->id) >= 0) {
            diag_error(d, "config/automa-counters.ini", c->line,
                       "counter '%s' has the id of a unit of the orders of battle; counters become units in the "
                       "solitaire game, so give it another id",
                       c->id);
            continue;
        }
        int movement = 0;
        for (int u = 0; u < gd->nunits; u++)
            if (gd->units[u].side == SIDE_UNION && gd->units[u].counter < 0 && strcmp(gd->units[u].division, c->id) == 0 &&
                (movement == 0 || gd->units[u].movement < movement))
                movement = gd->units[u].movement;
        if (movement == 0) {
            diag_error(d, "config/automa-counters.ini", c->line,
                       "no brigade of oob-union.ini has 'division = %s': the counter takes its movement from its "
                       "brigades",
                       c->id);
            continue;
        }
        UnitDef u;
        memset(&u, 0, sizeof u);
        snprintf(u.id, sizeof u.id, "%s", c->id);
        snprintf(u.name, sizeof u.name, "%s", c->name);
        snprintf(u.division, sizeof u.division, "%s", c->id);
        u.side = SIDE_UNION;
        u.formation = c->corps;
        u.type = UT_INFANTRY;
        u.strength = c->values[0];
        u.reduced = c->nvalues > 1 ? c->values[1] : 0;
        u.movement = movement;
        u.counter = k;
        if (!lu_append((void **)&gd->units, &gd->nunits, sizeof *gd->units, &u))
            return;
    }
}

int data_automa_formation_of_unit(const GameData *gd, int unit)
{
    const UnitDef *u = &gd->units[unit];
    if (u->counter < 0 || !gd->automa.present)
        return -1;
    const AutomaData *a = &gd->automa;
    for (int i = 0; i < a->nformations; i++)
        if (a->formations[i].counter == u->counter)
            return i;
    for (int i = 0; i < a->nformations; i++)
        if (a->formations[i].counter < 0 && a->formations[i].formation == u->formation)
            return i;
    return -1;
}
