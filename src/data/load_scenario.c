/* config/scenarios/NAME.ini: deployments and the scenarios' terms (SETUP,
 * CAMPAIGN, SCENARIO-*). The special rules and victory conditions are kept
 * as checked key/value options for the rules engine to read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

enum OptType { OPT_BOOL, OPT_INT, OPT_UNITS, OPT_FORMATIONS, OPT_HEXES, OPT_PLACES, OPT_IDS, OPT_LOCKS, OPT_ROLLS,
               OPT_WORD, OPT_RECT, OPT_HEXSIDES, OPT_INTS, OPT_PLACE_INTS, OPT_COMMANDERS };

typedef struct {
    const char *key; /* a trailing '*' matches any suffix (a place id) */
    int type;
    const char *words; /* OPT_WORD: the allowed values, space separated */
} OptSpec;

/* The special-rule switches a scenario may set. */
static const OptSpec rule_specs[] = {
    {"detachment", OPT_BOOL, NULL},
    {"always_supplied", OPT_BOOL, NULL},
    {"hypothetical", OPT_BOOL, NULL}, /* VARIANT-HYPOTHETICAL may be chosen */
    {"events.union", OPT_IDS, NULL},
    {"events.confederate", OPT_IDS, NULL},
    {"locked", OPT_LOCKS, NULL},
    {"locks_release_together", OPT_BOOL, NULL},
    {"independents", OPT_UNITS, NULL},
    {"pontoons.union", OPT_INT, NULL},
    {"pontoons.confederate", OPT_INT, NULL},
    {"first_activation", OPT_IDS, NULL},
    {"higher_commander_turns", OPT_ROLLS, NULL},
    {"reinforcements.confederate", OPT_UNITS, NULL},
    {"reinforcements.union", OPT_UNITS, NULL},
    {"reinforcement_rolls", OPT_ROLLS, NULL},
    {"fortification_markers", OPT_HEXES, NULL},
    {"pontoon_bridges", OPT_HEXSIDES, NULL},
    {"absent.union", OPT_FORMATIONS, NULL},
    {"absent.union_place", OPT_PLACES, NULL},
    {"absent.confederate", OPT_FORMATIONS, NULL},
    {"absent.higher", OPT_COMMANDERS, NULL},
    {"absent.turns", OPT_INTS, NULL},
    {"absent.roll", OPT_INT, NULL},
    {"absent.entry", OPT_PLACES, NULL},
    {"absent.bonus", OPT_PLACE_INTS, NULL},
    {"union_cavalry", OPT_UNITS, NULL},
    {"union_cavalry_turn", OPT_INT, NULL},
    {"stuart_crossing_steps", OPT_INT, NULL},
    {"reserves_stay_north", OPT_BOOL, NULL},
    {"south_activation_cost", OPT_BOOL, NULL},
    {"play_area", OPT_RECT, NULL},
    {"reinforcement_hexes", OPT_HEXES, NULL},
};

static const OptSpec victory_specs[] = {
    {"type", OPT_WORD, "campaign hold hold-or-eliminate hold-all exit solitaire"},
    {"side", OPT_WORD, "union confederate"},
    {"when", OPT_WORD, "end any"},
    {"places", OPT_PLACES, NULL},
    {"exit_units", OPT_INT, NULL},
    {"exit_edge", OPT_WORD, "north south east west"},
    {"margin", OPT_INT, NULL},
    {"auto_hold_turn", OPT_INT, NULL},
    {"auto_hold", OPT_PLACES, NULL},
    {"vp.*", OPT_INT, NULL},
    {"exit_steps", OPT_INT, NULL},
    {"exit_vp", OPT_INT, NULL},
    {"deny_steps", OPT_INT, NULL},
    {"union_wins_from", OPT_INT, NULL},
    {"draw_from", OPT_INT, NULL},
};

typedef struct {
    GameData *gd;
    Diags *d;
    ScenarioDef *sc;
} ScCtx;

static bool word_in(const char *word, const char *list)
{
    size_t n = strlen(word);
    if (n == 0)
        return false; /* an empty value is no word (strstr would find "" for ever) */
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* Checks one option value; reports problems at line. */
static void check_option(ScCtx *c, IniDoc *doc, int line, const OptSpec *spec, const char *key, const char *v)
{
    GameData *gd = c->gd;
    Diags *d = c->d;
    char tok[64];
    const char *p = v;
    switch (spec->type) {
    case OPT_BOOL:
        if (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0)
            diag_error(d, doc->file, line, "'%s' must be yes or no, not '%s'", key, v);
        return;
    case OPT_INT: {
        char *end;
        long n = strtol(v, &end, 10);
        if (*v == '\0' || *end != '\0' || n < 0 || n > 999)
            diag_error(d, doc->file, line, "'%s' must be a whole number from 0 to 999, not '%s'", key, v);
        return;
    }
    case OPT_RECT: {
        HexCoord a, b;
        char t1[16], t2[16], extra;
        if (sscanf(v, "%15s %15s %c", t1, t2, &extra) != 2 || !lu_hex(doc, line, gd, t1, &a, d) ||
            !lu_hex(doc, line, gd, t2, &b, d))
            diag_error(d, doc->file, line, "'%s' must be two hex ids: the north-west and south-east corners", key);
        else if (a.col > b.col || a.row > b.row)
            diag_error(d, doc->file, line, "'%s': %s must lie north-west of %s", key, t1, t2);
        return;
    }
    case OPT_WORD:
        if (!word_in(v, spec->words))
            diag_error(d, doc->file, line, "'%s' must be one of: %s (not '%s')", key, spec->words, v);
        return;
    default:
        break;
    }
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        switch (spec->type) {
        case OPT_UNITS:
            if (data_unit_index(gd, tok) < 0)
                diag_error(d, doc->file, line, "%s: unknown unit '%s'", key, tok);
            break;
        case OPT_FORMATIONS:
            if (data_formation_index(gd, tok) < 0)
                diag_error(d, doc->file, line, "%s: unknown formation '%s'", key, tok);
            break;
        case OPT_PLACES:
            if (data_place_index(gd, tok) < 0)
                diag_error(d, doc->file, line, "%s: unknown place '%s' (see the [place:...] sections of map.ini)", key,
                           tok);
            break;
        case OPT_HEXES: {
            HexCoord h;
            lu_hex(doc, line, gd, tok, &h, d);
            break;
        }
        case OPT_HEXSIDES: {
            HexCoord h;
            int dir;
            if (lu_hexside(doc, line, gd, tok, &h, &dir, d)) {
                const Hexside *hs = map_hexside(&gd->map, h, dir);
                if (!hs || hs->kind < 0)
                    diag_error(d, doc->file, line, "%s: no river runs along %s, so no pontoon can span it", key, tok);
            }
            break;
        }
        case OPT_COMMANDERS:
            if (data_commander_index(gd, tok) < 0)
                diag_error(d, doc->file, line, "%s: unknown commander '%s'", key, tok);
            break;
        case OPT_INTS: {
            char *end;
            long t = strtol(tok, &end, 10);
            if (*end || t < 1 || t > SCEN_MAX_TURNS)
                diag_error(d, doc->file, line, "%s: '%s' must be a turn (1-%d)", key, tok, SCEN_MAX_TURNS);
            break;
        }
        case OPT_PLACE_INTS: { /* place[+place...]:number */
            char *colon = strchr(tok, ':');
            if (colon)
                *colon = '\0';
            bool ok = colon && atoi(colon + 1) >= -6 && atoi(colon + 1) <= 6;
            char places[64];
            snprintf(places, sizeof places, "%s", tok);
            char *save = NULL;
            for (char *pl = strtok_r(places, "+", &save); pl && ok; pl = strtok_r(NULL, "+", &save))
                ok = data_place_index(gd, pl) >= 0;
            if (!ok)
                diag_error(d, doc->file, line,
                           "%s: '%s' must be places and a number (like fredericksburg:1 or "
                           "fredericksburg+spotsylvania:2)",
                           key, tok);
            break;
        }
        case OPT_IDS:
            if (!ini_valid_id(tok))
                diag_error(d, doc->file, line, "%s: '%s' is not a valid id", key, tok);
            break;
        case OPT_LOCKS: {
            char *colon = strchr(tok, ':');
            if (colon)
                *colon = '\0';
            if (!colon || (data_formation_index(gd, tok) < 0 && data_unit_index(gd, tok) < 0))
                diag_error(d, doc->file, line,
                           "%s: '%s' must be formation:until or unit:until (until = attacked or turn-N)", key, tok);
            else if (strcmp(colon + 1, "attacked") != 0 && strncmp(colon + 1, "turn-", 5) != 0)
                diag_error(d, doc->file, line, "%s: '%s' must end in :attacked or :turn-N", key, tok);
            break;
        }
        case OPT_ROLLS: {
            int a, b;
            char extra;
            if (sscanf(tok, "%d:%d%c", &a, &b, &extra) != 2 || a < 1 || a > SCEN_MAX_TURNS || b < 0 || b > 6)
                diag_error(d, doc->file, line, "%s: '%s' must be turn:number (like 17:5)", key, tok);
            break;
        }
        default:
            break;
        }
    }
}

static const OptSpec *find_spec(const OptSpec *specs, int n, const char *key, ScCtx *c)
{
    for (int i = 0; i < n; i++) {
        size_t len = strlen(specs[i].key);
        if (specs[i].key[len - 1] == '*') {
            if (strncmp(key, specs[i].key, len - 1) == 0 && data_place_index(c->gd, key + len - 1) >= 0)
                return &specs[i];
        } else if (strcmp(key, specs[i].key) == 0)
            return &specs[i];
    }
    return NULL;
}

static ScenarioOption *read_options(IniDoc *doc, IniSection *s, const OptSpec *specs, int nspecs, int *n, ScCtx *c)
{
    *n = 0;
    if (!s)
        return NULL;
    ScenarioOption *out = calloc((size_t)(s->nkeys ? s->nkeys : 1), sizeof *out);
    if (!out)
        return NULL;
    for (int k = 0; k < s->nkeys; k++) {
        IniKey *key = &s->keys[k];
        key->used = true;
        const OptSpec *spec = find_spec(specs, nspecs, key->name, c);
        if (!spec) {
            diag_error(c->d, doc->file, key->line, "unknown key '%s' in [%s]", key->name, s->name);
            continue;
        }
        check_option(c, doc, key->line, spec, key->name, key->value);
        ScenarioOption *o = &out[(*n)++];
        snprintf(o->key, sizeof o->key, "%s", key->name);
        o->line = key->line;
        o->value = strdup(key->value);
    }
    return out;
}

/* counters: the section deploys the Automa's division counters ([deploy:automa]), none of them elsewhere. */
static void read_deploy(IniDoc *doc, IniSection *s, int side, bool counters, ScCtx *c, int *where)
{
    GameData *gd = c->gd;
    ScenarioDef *sc = c->sc;
    for (int k = 0; k < s->nkeys; k++) {
        IniKey *key = &s->keys[k];
        key->used = true;
        int u = data_unit_index(gd, key->name);
        if (u < 0) {
            diag_error(c->d, doc->file, key->line, "unknown unit '%s'", key->name);
            continue;
        }
        if (gd->units[u].side != side) {
            diag_error(c->d, doc->file, key->line, "%s is a %s unit, deployed in [%s]", key->name,
                       data_side_name(gd->units[u].side), s->name);
            continue;
        }
        if (counters != (gd->units[u].counter >= 0)) {
            diag_error(c->d, doc->file, key->line,
                       counters ? "%s is not an Automa division counter (config/automa-counters.ini)"
                                : "%s is an Automa division counter: it is deployed in [deploy:automa] of a solitaire "
                                  "scenario",
                       key->name);
            continue;
        }
        if (where[u]) {
            diag_error(c->d, doc->file, key->line, "%s is already deployed at line %d", key->name, where[u]);
            continue;
        }
        where[u] = key->line;
        char tok[32];
        const char *p = key->value;
        Deployment dep = {u, HEX_NONE, false};
        int ntok = 0;
        bool ok = true;
        while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
            ntok++;
            if (ntok == 1) {
                if (strcmp(tok, "reserve") != 0)
                    ok = lu_hex(doc, key->line, gd, tok, &dep.hex, c->d);
            } else if (strcmp(tok, "reduced") == 0 && gd->units[u].reduced > 0)
                dep.reduced = true;
            else {
                diag_error(c->d, doc->file, key->line,
                           "'%s': a deployment is a hex id or 'reserve', then optionally 'reduced' (two-step units)",
                           tok);
                ok = false;
            }
        }
        if (ntok == 0) {
            diag_error(c->d, doc->file, key->line, "%s: no hex given", key->name);
            ok = false;
        }
        if (ok)
            sc->deploy[sc->ndeploy++] = dep;
    }
}

static void check_stacks(IniDoc *doc, ScCtx *c, const int *where)
{
    GameData *gd = c->gd;
    ScenarioDef *sc = c->sc;
    for (int i = 0; i < sc->ndeploy; i++) {
        Deployment *a = &sc->deploy[i];
        if (!hex_valid(a->hex))
            continue;
        bool first = true;
        int units = 0, points = 0;
        for (int j = 0; j < sc->ndeploy; j++) {
            Deployment *b = &sc->deploy[j];
            if (!hex_equal(a->hex, b->hex))
                continue;
            if (j < i) {
                first = false;
                break;
            }
            const UnitDef *ub = &gd->units[b->unit];
            if (ub->side != gd->units[a->unit].side) {
                char h[5];
                hex_format(a->hex, h);
                diag_error(c->d, doc->file, where[b->unit], "%s and %s (enemies) are both deployed in hex %s",
                           gd->units[a->unit].id, ub->id, h);
                continue;
            }
            units++;
            points += b->reduced ? ub->reduced : ub->strength;
        }
        if (first && (units > gd->stacking.max_units || points > gd->stacking.max_points)) {
            char h[5];
            hex_format(a->hex, h);
            diag_error(c->d, doc->file, where[a->unit],
                       "hex %s holds %d units with %d combat points; at most %d units and %d points may stack", h,
                       units, points, gd->stacking.max_units, gd->stacking.max_points);
        }
    }
}

/* A strategy-map area named by its paragraph number; -1 (reported) when not one. */
static int area_token(ScCtx *c, IniDoc *doc, int line, const char *key, const char *tok)
{
    char *end;
    long n = strtol(tok, &end, 10);
    int a = *tok && !*end ? data_area_index(c->gd, (int)n) : -1;
    if (a < 0)
        diag_error(c->d, doc->file, line, "%s: '%s' is not an area of config/strategy-map.ini", key, tok);
    return a;
}

/* [strategy], [objectives] and [deploy:automa] (docs/booklet-format.md,
 * "New scenario keys"); the other sections' solitaire values. */
static void read_solitaire(IniDoc *doc, ScCtx *c, int *where)
{
    GameData *gd = c->gd;
    ScenarioDef *sc = c->sc;
    Diags *d = c->d;
    const AutomaData *a = &gd->automa;
    static const char *const secs[3] = {"strategy", "objectives", "deploy:automa"};
    for (int f = 0; f < AUTOMA_MAX_FORMATIONS; f++)
        sc->strategy_area[f] = sc->objective_area[f] = -1;
    if (!sc->solitaire) {
        for (int i = 0; i < 3; i++) {
            IniSection *s = ini_section(doc, secs[i]);
            if (s) {
                diag_error(d, doc->file, s->line, "[%s] belongs only in a solitaire scenario (solitaire = yes)", secs[i]);
                for (int k = 0; k < s->nkeys; k++)
                    s->keys[k].used = true;
            }
        }
        return;
    }
    IniSection *head = ini_section(doc, "scenario");
    if (!a->present) {
        /* Files there but broken: their own errors say what is wrong, and
         * the solitaire keys cannot be checked against them. */
        if (!a->attempted)
            diag_error(d, doc->file, head ? head->line : 0,
                       "a solitaire scenario needs the Automa's files (config/activation-track.ini, config/wheel.ini, "
                       "booklet/pages.ini, booklet/paragraphs.ini)");
        for (int i = 0; i < 3; i++) {
            IniSection *s = ini_section(doc, secs[i]);
            for (int k = 0; s && k < s->nkeys; k++)
                s->keys[k].used = true;
        }
        return;
    }
    const char *type = scenario_option(sc->victory, sc->nvictory, "type");
    if (type && (strcmp(type, "solitaire") != 0 || sc->nvictory != 1))
        diag_error(d, doc->file, ini_section(doc, "victory")->line,
                   "a solitaire scenario's [victory] is only 'type = solitaire' (the VP track and its bands are in "
                   "config/activation-track.ini)");
    int nunion = 0;
    for (int i = 0; i < sc->ndeploy; i++)
        nunion += gd->units[sc->deploy[i].unit].side == SIDE_UNION;
    if (nunion > 0)
        diag_error(d, doc->file, ini_section(doc, "deploy:union")->line,
                   "[deploy:union] must be empty in a solitaire scenario: the Automa uses division counters, deployed "
                   "in [deploy:automa]");
    int nbefore = sc->ndeploy;
    char tok[32];
    IniSection *s = ini_section(doc, "strategy");
    if (!s)
        diag_error(d, doc->file, 0, "missing section [strategy] (a solitaire scenario places every strategy counter)");
    int sline[AUTOMA_MAX_FORMATIONS] = {0};
    for (int k = 0; s && k < s->nkeys; k++) {
        IniKey *key = &s->keys[k];
        key->used = true;
        int f = data_automa_formation(gd, key->name);
        if (f < 0) {
            diag_error(d, doc->file, key->line,
                       "'%s' is not an Automa formation ([track] markers or independent_only of "
                       "config/activation-track.ini)",
                       key->name);
            continue;
        }
        sline[f] = key->line;
        const char *p = key->value;
        int ntok = 0;
        while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
            ntok++;
            if (ntok == 1)
                sc->strategy_area[f] = area_token(c, doc, key->line, key->name, tok);
            else if (ntok == 2 && (strcmp(tok, "combat+1") == 0 || strcmp(tok, "combat-1") == 0))
                sc->strategy_combat[f] = tok[6] == '+' ? 1 : -1;
            else
                diag_error(d, doc->file, key->line, "%s: '%s' - the value is AREA, then optionally combat+1 or combat-1",
                           key->name, tok);
        }
        if (ntok == 0)
            diag_error(d, doc->file, key->line, "%s: no area given", key->name);
    }
    for (int f = 0; s && f < a->nformations; f++)
        if (!sline[f])
            diag_error(d, doc->file, s->line, "[strategy] has no strategy counter for %s", a->formations[f].id);
    s = ini_section(doc, "objectives");
    for (int k = 0; s && k < s->nkeys; k++) {
        IniKey *key = &s->keys[k];
        key->used = true;
        int f = data_automa_formation(gd, key->name);
        int value, area_at;
        char at[16], extra[2];
        if (f < 0) {
            diag_error(d, doc->file, key->line, "'%s' is not an Automa formation", key->name);
            continue;
        }
        if (sscanf(key->value, "%d %15s %1s", &value, at, extra) != 2 || value < 0 ||
            value > a->track.objective_vp_max) {
            diag_error(d, doc->file, key->line, "%s: the value is VALUE AREA, VALUE from 0 to %d", key->name,
                       a->track.objective_vp_max);
            continue;
        }
        if ((area_at = area_token(c, doc, key->line, key->name, at)) < 0)
            continue;
        if (area_at == sc->strategy_area[f])
            diag_error(d, doc->file, key->line, "%s: the objective is the area its strategy counter already stands in",
                       key->name);
        sc->objective_area[f] = area_at;
        sc->objective_value[f] = value;
    }
    s = ini_section(doc, "deploy:automa");
    if (!s) {
        diag_error(d, doc->file, 0, "missing section [deploy:automa] (where each Automa division counter starts)");
        return;
    }
    read_deploy(doc, s, SIDE_UNION, true, c, where);
    for (int u = 0; u < gd->nunits; u++) {
        if (gd->units[u].counter < 0 || data_automa_formation_of_unit(gd, u) < 0)
            continue;
        if (!where[u])
            diag_error(d, doc->file, s->line, "[deploy:automa] does not place %s", gd->units[u].id);
    }
    for (int i = nbefore; i < sc->ndeploy; i++) {
        if (data_automa_formation_of_unit(gd, sc->deploy[i].unit) < 0)
            diag_error(d, doc->file, where[sc->deploy[i].unit],
                       "%s belongs to no Automa formation (its corps has no command marker)",
                       gd->units[sc->deploy[i].unit].id);
        if (!hex_valid(sc->deploy[i].hex)) {
            diag_error(d, doc->file, where[sc->deploy[i].unit], "%s: an Automa counter starts on the map, not in reserve",
                       gd->units[sc->deploy[i].unit].id);
            continue;
        }
        for (int j = nbefore; j < i; j++)
            if (hex_equal(sc->deploy[i].hex, sc->deploy[j].hex)) {
                char h[5];
                hex_format(sc->deploy[i].hex, h);
                diag_error(d, doc->file, where[sc->deploy[i].unit],
                           "%s and %s share hex %s: Automa counters never stack (AI-COUNTERS)",
                           gd->units[sc->deploy[j].unit].id, gd->units[sc->deploy[i].unit].id, h);
            }
    }
}

static bool *read_commanders(IniDoc *doc, IniSection *s, ScCtx *c, bool **formations)
{
    GameData *gd = c->gd;
    bool *cmd = calloc((size_t)(gd->ncommanders ? gd->ncommanders : 1), sizeof *cmd);
    *formations = calloc((size_t)(gd->nformations ? gd->nformations : 1), sizeof **formations);
    if (!cmd || !*formations || !s)
        return cmd;
    static const char *const keys[SIDE_COUNT] = {"union", "confederate"};
    for (int side = 0; side < SIDE_COUNT; side++) {
        const char *v;
        if (!ini_get_str(doc, s, keys[side], true, &v, c->d))
            continue;
        int line = ini_key(s, keys[side])->line;
        char tok[64];
        const char *p = v;
        while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
            if (strcmp(tok, "all") == 0) {
                for (int i = 0; i < gd->ncommanders; i++)
                    cmd[i] |= gd->commanders[i].side == side && !gd->commanders[i].detached;
                for (int i = 0; i < gd->nformations; i++)
                    if (gd->formations[i].side == side && !gd->formations[i].detached) {
                        (*formations)[i] = true;
                        if (gd->formations[i].commander >= 0)
                            cmd[gd->formations[i].commander] = true;
                    }
                continue;
            }
            int k = data_commander_index(gd, tok);
            if (k < 0 || gd->commanders[k].side != side) {
                diag_error(c->d, doc->file, line, "'%s' is not a %s commander", tok, data_side_name(side));
                continue;
            }
            cmd[k] = true;
            for (int i = 0; i < gd->nformations; i++)
                if (gd->formations[i].commander == k)
                    (*formations)[i] = true;
        }
    }
    return cmd;
}

static void scenario_file(IniDoc *doc, void *arg)
{
    ScCtx *c = arg;
    GameData *gd = c->gd;
    ScenarioDef *sc = c->sc;
    Diags *d = c->d;
    IniSection *s = lu_section(doc, "scenario", d);
    if (!s) {
        ini_mark_all_used(doc);
        return;
    }
    lu_name(doc, s, sc->name, sizeof sc->name, d);
    const char *v;
    if (ini_get_str(doc, s, "description", true, &v, d))
        sc->description = strdup(v);
    ini_get_bool(doc, s, "solitaire", true, &sc->solitaire, d);
    int maxturn = gd->nturns > 0 ? gd->nturns : SCEN_MAX_TURNS;
    ini_get_int(doc, s, "first_turn", true, 1, maxturn, &sc->first_turn, d);
    ini_get_int(doc, s, "last_turn", true, 1, maxturn, &sc->last_turn, d);
    if (sc->last_turn < sc->first_turn)
        diag_error(d, doc->file, s->line, "last_turn (%d) comes before first_turn (%d)", sc->last_turn,
                   sc->first_turn);
    if (ini_get_str(doc, s, "sets_up_first", true, &v, d)) {
        if ((sc->first_side = data_side_parse(v)) < 0) {
            sc->first_side = SIDE_CONFEDERATE;
            diag_error(d, doc->file, ini_key(s, "sets_up_first")->line,
                       "sets_up_first must be union or confederate, not '%s'", v);
        }
    }
    ini_get_int(doc, s, "skirmishers.union", true, 0, 99, &sc->skirmishers[SIDE_UNION], d);
    ini_get_int(doc, s, "skirmishers.confederate", true, 0, 99, &sc->skirmishers[SIDE_CONFEDERATE], d);

    for (int t = 0; t <= SCEN_MAX_TURNS; t++)
        sc->points[t][0] = sc->points[t][1] = -1;
    IniSection *pts = ini_section(doc, "points");
    for (int k = 0; pts && k < pts->nkeys; k++) {
        IniKey *key = &pts->keys[k];
        key->used = true;
        int t, u, cf;
        char extra;
        if (sscanf(key->name, "t%d%c", &t, &extra) != 1 || t < sc->first_turn || t > sc->last_turn) {
            diag_error(d, doc->file, key->line, "'%s' must name a turn of the scenario as tN (t%d to t%d)", key->name,
                       sc->first_turn, sc->last_turn);
            continue;
        }
        if (sscanf(key->value, "%d/%d%c", &u, &cf, &extra) != 2 || u < 0 || cf < 0 || u > 20 || cf > 20) {
            diag_error(d, doc->file, key->line, "'%s' must be union/confederate points, like 1/2", key->value);
            continue;
        }
        sc->points[t][SIDE_UNION] = u;
        sc->points[t][SIDE_CONFEDERATE] = cf;
    }
    IniSection *cmd = lu_section(doc, "commanders", d);
    sc->commander_allowed = read_commanders(doc, cmd, c, &sc->formation_allowed);
    sc->rules = read_options(doc, ini_section(doc, "rules"), rule_specs, (int)(sizeof rule_specs / sizeof *rule_specs),
                             &sc->nrules, c);
    const char *area = scenario_option(sc->rules, sc->nrules, "play_area");
    char a[16], b[16];
    HexCoord nw, se;
    if (area && sscanf(area, "%15s %15s", a, b) == 2 && hex_parse(a, &nw) && hex_parse(b, &se))
        sc->area_nw = nw, sc->area_se = se; /* checked above (OPT_RECT) */
    IniSection *vic = lu_section(doc, "victory", d);
    sc->victory = read_options(doc, vic, victory_specs, (int)(sizeof victory_specs / sizeof *victory_specs),
                               &sc->nvictory, c);
    if (vic && !scenario_option(sc->victory, sc->nvictory, "type"))
        diag_error(d, doc->file, vic->line, "[victory] needs a 'type' key");

    int *where = calloc((size_t)(gd->nunits ? gd->nunits : 1), sizeof *where);
    sc->deploy = calloc((size_t)(gd->nunits ? gd->nunits : 1), sizeof *sc->deploy);
    if (!where || !sc->deploy) {
        free(where);
        return;
    }
    static const char *const dsec[SIDE_COUNT] = {"deploy:union", "deploy:confederate"};
    for (int side = 0; side < SIDE_COUNT; side++) {
        IniSection *ds = lu_section(doc, dsec[side], d);
        if (ds)
            read_deploy(doc, ds, side, false, c, where);
    }
    read_solitaire(doc, c, where);
    check_stacks(doc, c, where);
    free(where);
}

bool load_scenario(GameData *gd, const char *path, const char *shown, Diags *d)
{
    ScenarioDef sc;
    memset(&sc, 0, sizeof sc);
    /* The id is the file name without its directory and ".ini". */
    const char *base = strrchr(shown, '/');
    base = base ? base + 1 : shown;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".ini") == 0)
        n -= 4;
    if (n == 0 || n >= ID_LEN) {
        diag_error(d, shown, 0, "a scenario file name must be a short id followed by .ini");
        return false;
    }
    memcpy(sc.id, base, n);
    sc.id[n] = '\0';
    if (!ini_valid_id(sc.id)) {
        diag_error(d, shown, 0, "'%s' is not a valid scenario id: use lower-case letters, digits and '-'", sc.id);
        return false;
    }
    sc.file = strdup(shown);
    ScCtx c = {gd, d, &sc};
    bool ok = lu_with_file(path, shown, d, scenario_file, &c);
    if (!lu_append((void **)&gd->scenarios, &gd->nscenarios, sizeof *gd->scenarios, &sc)) {
        lu_scenario_free(&sc);
        return false;
    }
    return ok;
}
