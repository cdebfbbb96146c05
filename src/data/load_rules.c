/* terrain.ini (MAP-TEC), tables.ini (BOMBARD-PROC), turns.ini (TURN-TRACK). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

/* ---- terrain.ini ----------------------------------------------------- */

static void read_terrain_kind(IniDoc *doc, IniSection *s, const char *id, LoadCtx *c)
{
    GameData *gd = c->gd;
    Diags *d = c->d;
    TerrainKind t;
    memset(&t, 0, sizeof t);
    lu_id_name(doc, s, id, t.id, t.name, sizeof t.name, d);
    const char *v;
    if (ini_get_str(doc, s, "symbol", true, &v, d)) {
        if (strlen(v) != 1 || v[0] <= ' ' || v[0] > '~')
            diag_error(d, doc->file, ini_key(s, "symbol")->line, "symbol must be one printable character, not '%s'",
                       v);
        else if (data_terrain_by_symbol(gd, v[0]) >= 0)
            diag_error(d, doc->file, ini_key(s, "symbol")->line, "symbol '%c' is already used by another terrain",
                       v[0]);
        else
            t.symbol = v[0];
    }
    t.colour = 2;
    if (ini_get_str(doc, s, "colour", true, &v, d)) {
        t.colour = data_colour_parse(v);
        if (t.colour < 0) {
            diag_error(d, doc->file, ini_key(s, "colour")->line,
                       "unknown colour '%s' (black red green yellow blue magenta cyan white)", v);
            t.colour = 2;
        }
    }
    ini_get_half(doc, s, "move", true, true, &t.move, d);
    ini_get_half(doc, s, "contact_cost", true, false, &t.contact_cost, d);
    ini_get_int(doc, s, "dice_limit", true, 0, 20, &t.dice_limit, d);
    ini_get_int(doc, s, "attacker_dice", true, -6, 6, &t.attacker_dice, d);
    ini_get_int(doc, s, "defender_dice", true, -6, 6, &t.defender_dice, d);
    ini_get_int(doc, s, "bombard_modifier", true, -6, 6, &t.bombard_modifier, d);
    ini_get_bool(doc, s, "blocks_fire", true, &t.blocks_fire, d);
    ini_get_bool(doc, s, "breastworks", true, &t.breastworks, d);
    ini_get_bool(doc, s, "choose_targets", true, &t.choose_targets, d);
    ini_get_bool(doc, s, "open", true, &t.open, d);
    lu_append((void **)&gd->terrain, &gd->nterrain, sizeof *gd->terrain, &t);
}

static bool supply_parse(const char *v, int *out)
{
    static const char *const names[] = {"always", "dry", "bridge", "pontoon"};
    for (int i = 0; i < 4; i++)
        if (strcmp(v, names[i]) == 0) {
            *out = i;
            return true;
        }
    return false;
}

static void read_hexside_kind(IniDoc *doc, IniSection *s, const char *id, LoadCtx *c)
{
    Diags *d = c->d;
    HexsideKind k;
    memset(&k, 0, sizeof k);
    lu_id_name(doc, s, id, k.id, k.name, sizeof k.name, d);
    ini_get_half(doc, s, "cost", true, true, &k.cost, d);
    ini_get_half(doc, s, "rain_cost", true, true, &k.rain_cost, d);
    ini_get_half(doc, s, "ford_cost", true, true, &k.ford_cost, d);
    ini_get_half(doc, s, "ford_rain_cost", true, true, &k.ford_rain_cost, d);
    ini_get_half(doc, s, "bridge_cost", true, true, &k.bridge_cost, d);
    ini_get_half(doc, s, "pontoon_cost", true, true, &k.pontoon_cost, d);
    ini_get_bool(doc, s, "road_negates", true, &k.road_negates, d);
    const char *v;
    if (ini_get_str(doc, s, "supply", true, &v, d) && !supply_parse(v, &k.supply))
        diag_error(d, doc->file, ini_key(s, "supply")->line,
                   "supply must be always, dry, bridge or pontoon, not '%s'", v);
    ini_get_bool(doc, s, "contact_across", true, &k.contact_across, d);
    ini_get_bool(doc, s, "combat_across", true, &k.combat_across, d);
    ini_get_int(doc, s, "attack_dice_limit", true, 0, 20, &k.attack_dice_limit, d);
    ini_get_int(doc, s, "attacker_dice", true, -6, 6, &k.attacker_dice, d);
    lu_append((void **)&c->gd->hexside_kinds, &c->gd->nhexside_kinds, sizeof *c->gd->hexside_kinds, &k);
}

static void read_road_kind(IniDoc *doc, IniSection *s, const char *id, LoadCtx *c)
{
    RoadKind k;
    memset(&k, 0, sizeof k);
    lu_id_name(doc, s, id, k.id, k.name, sizeof k.name, c->d);
    ini_get_half(doc, s, "move", true, true, &k.move, c->d);
    lu_append((void **)&c->gd->road_kinds, &c->gd->nroad_kinds, sizeof *c->gd->road_kinds, &k);
}

static void terrain_file(IniDoc *doc, void *arg)
{
    LoadCtx *c = arg;
    Diags *d = c->d;
    IniSection *mv = lu_section(doc, "movement", d);
    if (mv) {
        int bonus = 0, exit_cost = 0;
        if (ini_get_int(doc, mv, "road_bonus", true, 0, 10, &bonus, d))
            c->gd->movement.road_bonus = bonus * 2;
        ini_get_half(doc, mv, "exit_cost", true, false, &exit_cost, d);
        c->gd->movement.exit_cost = exit_cost;
        int seize = 0;
        ini_get_half(doc, mv, "seize_cost", true, false, &seize, d);
        c->gd->movement.seize_cost = seize;
    }
    IniSection *st = lu_section(doc, "stacking", d);
    if (st) {
        ini_get_int(doc, st, "max_units", true, 1, 20, &c->gd->stacking.max_units, d);
        ini_get_int(doc, st, "max_points", true, 1, 99, &c->gd->stacking.max_points, d);
    }
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id;
        if ((id = lu_section_id(doc, s, "terrain", d)))
            read_terrain_kind(doc, s, id, c);
        else if ((id = lu_section_id(doc, s, "hexside", d)))
            read_hexside_kind(doc, s, id, c);
        else if ((id = lu_section_id(doc, s, "road", d)))
            read_road_kind(doc, s, id, c);
    }
    if (c->gd->nterrain == 0)
        diag_error(d, doc->file, 0, "no [terrain:...] sections");
    if (c->gd->nterrain > 250 || c->gd->nhexside_kinds > 100 || c->gd->nroad_kinds > 100)
        diag_error(d, doc->file, 0, "too many terrain, hexside or road kinds");
}

bool load_terrain(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, terrain_file, &c);
}

/* ---- tables.ini ------------------------------------------------------ */

static bool art_result_parse(const char *t, unsigned char *out)
{
    if (strcmp(t, "-") == 0)
        *out = ART_NONE;
    else if (strcmp(t, "DIS") == 0)
        *out = ART_DIS;
    else if (strcmp(t, "1") == 0)
        *out = ART_LOSS;
    else if (strcmp(t, "1DIS") == 0)
        *out = ART_LOSS_DIS;
    else
        return false;
    return true;
}

static void tables_file(IniDoc *doc, void *arg)
{
    LoadCtx *c = arg;
    Diags *d = c->d;
    ArtilleryTable *t = &c->gd->artillery;
    IniSection *cb = lu_section(doc, "combat", d);
    if (cb) {
        ini_get_int(doc, cb, "hit_on", true, 1, 12, &c->gd->combat.hit_on, d);
        ini_get_int(doc, cb, "extra_dice", true, 0, 6, &c->gd->combat.extra_dice, d);
        ini_get_int(doc, cb, "min_dice", true, 0, 6, &c->gd->combat.min_dice, d);
    }
    IniSection *sp = lu_section(doc, "supply", d);
    if (sp)
        ini_get_int(doc, sp, "reach", true, 0, 30, &c->gd->combat.supply_reach, d);
    IniSection *rs = lu_section(doc, "rules", d);
    if (rs) {
        static const LuIntKey keys[] = {
            {"independent_radius", offsetof(RuleNumbers, independent_radius), 0, 10},
            {"independent_units", offsetof(RuleNumbers, independent_units), 0, 20},
            {"formation_independents", offsetof(RuleNumbers, formation_independents), 0, 20},
            {"higher_interval", offsetof(RuleNumbers, higher_interval), 1, 25},
            {"break_contact_hexes", offsetof(RuleNumbers, break_contact_hexes), 0, 5},
            {"cavalry_break_contact_hexes", offsetof(RuleNumbers, cavalry_break_contact_hexes), 0, 5},
            {"forced_march_factor", offsetof(RuleNumbers, forced_march_factor), 1, 5},
            {"forced_march_loss", offsetof(RuleNumbers, forced_march_loss), 0, 6},
            {"forced_march_penalty", offsetof(RuleNumbers, forced_march_penalty), 0, 6},
            {"supply_penalty", offsetof(RuleNumbers, supply_penalty), 0, 6},
            {"pontoon_roll", offsetof(RuleNumbers, pontoon_roll), 1, 7},
            {"encircle_dice", offsetof(RuleNumbers, encircle_dice), 0, 6},
            {"breastwork_dice", offsetof(RuleNumbers, breastwork_dice), 0, 6},
            {"breastwork_steps", offsetof(RuleNumbers, breastwork_steps), 0, 6},
            {"fortification_dice", offsetof(RuleNumbers, fortification_dice), 0, 6},
            {"fortification_steps", offsetof(RuleNumbers, fortification_steps), 0, 6},
            {"lone_skirmisher_dice", offsetof(RuleNumbers, lone_skirmisher_dice), 1, 6},
            {"skirmishers_lost_nightly", offsetof(RuleNumbers, skirmishers_lost_nightly), 0, 20},
            {"six", offsetof(RuleNumbers, six), 1, 6},
        };
        lu_int_keys(doc, rs, &c->gd->rules, keys, sizeof keys / sizeof *keys, d);
    }
    IniSection *a = lu_section(doc, "artillery", d);
    if (!a)
        return;
    bool ok = ini_get_int(doc, a, "die_min", true, -5, 20, &t->die_min, d);
    ok &= ini_get_int(doc, a, "die_max", true, -5, 20, &t->die_max, d);
    ini_get_int(doc, a, "modifier.breastwork", true, -6, 6, &t->breastwork_modifier, d);
    ini_get_int(doc, a, "modifier.fortification", true, -6, 6, &t->fortification_modifier, d);
    /* The open-terrain modifier lives with the terrain (bombard_modifier);
     * modifier.open here only documents it. */
    ini_key(a, "modifier.open");
    if (ok && (t->die_max < t->die_min || t->die_max - t->die_min + 1 > ART_MAX_COLS)) {
        diag_error(d, doc->file, a->line, "die_min..die_max must span 1 to %d results", ART_MAX_COLS);
        ok = false;
    }
    int cols = t->die_max - t->die_min + 1;
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        if (!lu_section_id(doc, s, "artillery-row", d))
            continue;
        ArtilleryRow row;
        memset(&row, 0, sizeof row);
        bool rok = ini_get_int(doc, s, "factor_min", true, 1, 99, &row.factor_min, d);
        rok &= ini_get_int(doc, s, "factor_max", true, 1, 99, &row.factor_max, d);
        if (rok && row.factor_max < row.factor_min) {
            diag_error(d, doc->file, s->line, "factor_max is below factor_min");
            rok = false;
        }
        const char *v;
        if (ini_get_str(doc, s, "results", true, &v, d) && ok) {
            int line = ini_key(s, "results")->line;
            int n = ini_count_tokens(v);
            if (n != cols) {
                diag_error(d, doc->file, line, "results has %d entries; die_min..die_max needs %d", n, cols);
                rok = false;
            } else {
                char tok[16];
                const char *p = v;
                int col = 0;
                while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
                    if (!art_result_parse(tok, &row.result[col])) {
                        diag_error(d, doc->file, line, "'%s' is not a result (use -, DIS, 1 or 1DIS)", tok);
                        rok = false;
                    }
                    col++;
                }
            }
        } else
            rok = false;
        for (int r = 0; r < t->nrows && rok; r++)
            if (row.factor_min <= t->rows[r].factor_max && t->rows[r].factor_min <= row.factor_max) {
                diag_error(d, doc->file, s->line, "factors %d-%d overlap another row (%d-%d)", row.factor_min,
                           row.factor_max, t->rows[r].factor_min, t->rows[r].factor_max);
                rok = false;
            }
        if (!rok)
            continue;
        if (!lu_append((void **)&t->rows, &t->nrows, sizeof *t->rows, &row))
            return;
    }
    if (t->nrows == 0) {
        diag_error(d, doc->file, a->line, "the artillery table has no [artillery-row:...] sections");
        return;
    }
    /* Rows must cover factors 1 .. highest without gaps. */
    int highest = 0;
    for (int r = 0; r < t->nrows; r++)
        if (t->rows[r].factor_max > highest)
            highest = t->rows[r].factor_max;
    for (int f = 1; f <= highest; f++) {
        bool found = false;
        for (int r = 0; r < t->nrows; r++)
            found |= f >= t->rows[r].factor_min && f <= t->rows[r].factor_max;
        if (!found) {
            diag_error(d, doc->file, a->line, "no artillery row covers a bombardment factor of %d", f);
            break;
        }
    }
}

bool load_tables(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, tables_file, &c);
}

/* ---- turns.ini ------------------------------------------------------- */

static void turns_file(IniDoc *doc, void *arg)
{
    LoadCtx *c = arg;
    Diags *d = c->d;
    GameData *gd = c->gd;
    IniSection *t = lu_section(doc, "turns", d);
    int count = 0;
    if (!t)
        return;
    if (!ini_get_int(doc, t, "count", true, 1, SCEN_MAX_TURNS, &count, d))
        return;
    ini_get_int(doc, t, "day_turns", true, 1, 10, &gd->day_turns, d);
    gd->turns = calloc((size_t)count, sizeof *gd->turns);
    if (!gd->turns)
        return;
    gd->nturns = count;
    for (int n = 1; n <= count; n++) {
        char name[32];
        snprintf(name, sizeof name, "turn:%d", n);
        IniSection *s = ini_section(doc, name);
        TurnDef *td = &gd->turns[n - 1];
        td->number = n;
        if (!s) {
            diag_error(d, doc->file, t->line, "turn %d has no [turn:%d] section (count = %d)", n, n, count);
            continue;
        }
        const char *v;
        if (ini_get_str(doc, s, "date", true, &v, d))
            ini_copy(doc, ini_key(s, "date")->line, td->date, sizeof td->date, v, "date", d);
        if (ini_get_str(doc, s, "label", true, &v, d))
            ini_copy(doc, ini_key(s, "label")->line, td->label, sizeof td->label, v, "label", d);
        if (ini_get_str(doc, s, "period", true, &v, d)) {
            if (strcmp(v, "night") == 0)
                td->night = true;
            else if (strcmp(v, "day") != 0)
                diag_error(d, doc->file, ini_key(s, "period")->line, "period must be day or night, not '%s'", v);
        }
        ini_get_int(doc, s, "union_points", true, 0, 20, &td->points[SIDE_UNION], d);
        ini_get_int(doc, s, "confederate_points", true, 0, 20, &td->points[SIDE_CONFEDERATE], d);
        ini_get_int(doc, s, "rain", true, 0, 6, &td->rain, d);
        bool expect_night = gd->day_turns > 0 && n % (gd->day_turns + 1) == 0;
        if (gd->day_turns > 0 && td->night != expect_night)
            diag_error(d, doc->file, s->line, "turn %d should be a %s turn (%d day turns, then a night turn)", n,
                       expect_night ? "night" : "day", gd->day_turns);
    }
    /* Any [turn:N] beyond count is reported as unknown by ini_check_unused. */
}

bool load_turns(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, turns_file, &c);
}
