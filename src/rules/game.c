/* The game object: setting a game up from a scenario (SETUP, SCENARIOS,
 * VARIANT-ABSENT-FORCES, CAMPAIGN's locks and bridgeheads), its dice
 * (game_roll, every roll logged with its purpose), the record that replays
 * it, and units' strength as they stand. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

const ScenarioDef *scen(const Game *g) { return &g->gd->scenarios[g->st.scenario]; }

const char *option(const Game *g, const char *key)
{
    const ScenarioDef *sc = scen(g);
    return scenario_option(sc->rules, sc->nrules, key);
}

bool option_yes(const Game *g, const char *key)
{
    const char *v = option(g, key);
    return v && strcmp(v, "yes") == 0;
}

int game_roll(Game *g, const char *rule, const char *purpose)
{
    int forced = 0;
    int v = rng_die(&g->st.rng, &forced);
    LogEntry *e = log_add(&g->log, g->st.turn, LOG_ROLL, rule, "%s", purpose);
    if (e) {
        e->die = v;
        e->modified = v;
        e->forced = forced != 0;
    }
    return v;
}

int game_unit_points(const Game *g, int unit)
{
    const UnitState *u = &g->st.unit[unit];
    return u->where == AT_ELIMINATED ? 0 : game_unit_points_at(g, unit, u->steps);
}

int game_unit_points_at(const Game *g, int unit, int steps)
{
    const UnitDef *d = &g->gd->units[unit];
    if (steps <= 0)
        return 0;
    if (d->counter >= 0) { /* AI-COUNTERS: the value the counter is turned to */
        const AutomaCounterDef *c = &g->gd->counters[d->counter];
        int i = c->nvalues - steps;
        return i >= 0 && i < c->nvalues ? c->values[i] : 0;
    }
    return steps == 2 || d->reduced == 0 ? d->strength : d->reduced;
}

bool game_unit_active(const Game *g, int unit) { return (g->st.unit[unit].flags & UF_ACTIVE) != 0; }

static void read_locks(Game *g)
{
    const char *v = option(g, "locked");
    if (!v)
        return;
    char tok[64];
    const char *p = v;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        char *colon = strchr(tok, ':');
        if (!colon)
            continue;
        *colon = '\0';
        int f = data_formation_index(g->gd, tok);
        int u = f < 0 ? data_unit_index(g->gd, tok) : -1;
        if (u >= 0 && u < GS_MAX_UNITS) {
            if (strncmp(colon + 1, "turn-", 5) == 0)
                g->st.unit_lock[u] = (unsigned char)atoi(colon + 6);
            continue;
        }
        if (f < 0 || f >= GS_MAX_FORMATIONS)
            continue;
        if (strncmp(colon + 1, "turn-", 5) == 0)
            g->st.lock_turn[f] = atoi(colon + 6);
        else if (strcmp(colon + 1, "attacked") == 0)
            g->st.lock_attacked[f] = true;
    }
}

/* Places a waiting unit in the first of the hexes (in order) where it fits;
 * false when none has room. */
static bool place_in(Game *g, int u, const int *hexes, int n)
{
    int side = g->gd->units[u].side;
    for (int i = 0; i < n; i++) {
        if (hexes[i] < 0 || hex_has_side(g, hexes[i], 1 - side))
            continue;
        unit_reset(g, u, (UnitState){.hex = (short)hexes[i], .where = AT_MAP, .steps = (unsigned char)(g->gd->units[u].reduced > 0 ? 2 : 1), .flags = 0, .exited_from = -1});
        if (!overstacked(g, hexes[i], side))
            return true;
        unit_absent(g, u);
    }
    return false;
}

/* VARIANT-ABSENT-FORCES: the Union's absent formations start near their place. */
static void absent_union(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    const char *list = option(g, "absent.union"), *place = option(g, "absent.union_place");
    int p = place ? data_place_index(gd, place) : -1;
    if (!list || p < 0)
        return;
    HexCoord c = gd->map.places[p].hex;
    int hexes[DIR_COUNT + 1], nh = 0;
    hexes[nh++] = map_hex_index(&gd->map, c);
    for (int d = 0; d < DIR_COUNT; d++)
        if (map_has(&gd->map, hex_neighbour(c, d)) && gd->map.hexes[map_hex_index(&gd->map, hex_neighbour(c, d))].bank ==
                                                          gd->map.hexes[hexes[0]].bank)
            hexes[nh++] = map_hex_index(&gd->map, hex_neighbour(c, d));
    char tok[64];
    for (const char *q = list; (q = ini_next_token(q, tok, sizeof tok, NULL));) {
        int f = data_formation_index(gd, tok);
        if (f < 0 || f >= GS_MAX_FORMATIONS)
            continue;
        st->fm_present[f] = true;
        for (int u = 0; u < st->nunits; u++)
            if (gd->units[u].formation == f && st->unit[u].where == AT_ABSENT && place_in(g, u, hexes, nh))
                log_add(&g->log, st->turn, LOG_EVENT, "VARIANT-ABSENT-FORCES", "%s is in play near %s",
                        gd->units[u].name, gd->map.places[p].name);
    }
}

/* VARIANT-ABSENT-FORCES: on the listed turns, each waiting unit of the
 * division now arriving comes on a roll; the next division starts once the
 * last one is all in. */
void absent_arrivals(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    if (!(st->options & OPT_ABSENT_FORCES))
        return;
    const char *turns = option(g, "absent.turns"), *list = option(g, "absent.confederate");
    char tok[64];
    bool now = false;
    for (const char *q = turns; q && (q = ini_next_token(q, tok, sizeof tok, NULL));)
        now |= atoi(tok) == st->turn;
    if (!now || !list)
        return;
    int f = -1, i = 0;
    for (const char *q = list; (q = ini_next_token(q, tok, sizeof tok, NULL)); i++)
        if (i == st->absent_next)
            f = data_formation_index(gd, tok);
    if (f < 0 || f >= GS_MAX_FORMATIONS)
        return;
    int need = option(g, "absent.roll") ? atoi(option(g, "absent.roll")) : 4, bonus = 0;
    const char *bl = option(g, "absent.bonus");
    /* "If the Union controls Fredericksburg add +1 to the dice. If they also
     * control Spotsylvania add +2": each token is places joined by '+' and
     * its bonus; the best one whose places the Union all holds counts. */
    for (const char *q = bl; q && (q = ini_next_token(q, tok, sizeof tok, NULL));) {
        char *colon = strchr(tok, ':');
        if (!colon)
            continue;
        *colon = '\0';
        bool all = true;
        char *save = NULL;
        for (char *pl = strtok_r(tok, "+", &save); pl && all; pl = strtok_r(NULL, "+", &save)) {
            int p = data_place_index(gd, pl);
            short tmp[1];
            all = p >= 0 && units_in_hex(g, map_hex_index(&gd->map, gd->map.places[p].hex), SIDE_UNION, -1, tmp, 1) > 0;
        }
        if (all && atoi(colon + 1) > bonus)
            bonus = atoi(colon + 1);
    }
    int entry[64], ne = 0;
    const char *ep = option(g, "absent.entry");
    int pe = ep ? data_place_index(gd, ep) : -1;
    if (pe >= 0)
        entry[ne++] = map_hex_index(&gd->map, gd->map.places[pe].hex);
    for (int h = 0; h < gd->map.cols * gd->map.rows && ne < 64; h++)
        if (gd->map.hexes[h].flags & HEXF_SUPPLY_CSA)
            entry[ne++] = h;
    int arrived = 0, waiting = 0;
    for (int u = 0; u < st->nunits; u++) {
        if (gd->units[u].formation != f || st->unit[u].where != AT_ABSENT)
            continue;
        char purpose[120];
        snprintf(purpose, sizeof purpose, "%s arrives on %d or more (bonus %+d)", gd->units[u].name, need, bonus);
        int die = game_roll(g, "VARIANT-ABSENT-FORCES", purpose);
        g->log.items[g->log.count - 1].modified = die + bonus;
        if (die + bonus >= need && place_in(g, u, entry, ne)) {
            arrived++;
            log_add(&g->log, st->turn, LOG_EVENT, "VARIANT-ABSENT-FORCES", "%s arrives", gd->units[u].name);
        } else
            waiting++;
    }
    if (arrived > 0 && !st->fm_present[f]) {
        st->fm_present[f] = true;
        const char *hc = option(g, "absent.higher");
        int k = hc ? data_commander_index(gd, hc) : -1;
        if (k >= 0 && k < GS_MAX_COMMANDERS && st->absent_next == 0)
            st->cmd_present[k] = true;
        if (gd->formations[f].commander >= 0 && gd->formations[f].commander < GS_MAX_COMMANDERS)
            st->cmd_present[gd->formations[f].commander] = true;
    }
    if (waiting == 0)
        st->absent_next++;
}

static const char *const option_names[GAME_OPTION_COUNT] = {"events",           "dummies",      "rule-of-six",
                                                              "extra-skirmishers", "hypothetical", "absent-forces",
                                                              "hidden-automa"};

const char *game_option_name(int i) { return i >= 0 && i < GAME_OPTION_COUNT ? option_names[i] : "?"; }

unsigned game_option_parse(const char *name)
{
    for (int i = 0; i < GAME_OPTION_COUNT; i++)
        if (strcmp(name, option_names[i]) == 0)
            return 1u << i;
    return 0;
}

bool game_new(Game *g, const GameData *gd, int scenario, uint64_t seed, char *err, size_t errsize)
{
    return game_new_options(g, gd, scenario, seed, 0, err, errsize);
}

bool game_new_options(Game *g, const GameData *gd, int scenario, uint64_t seed, unsigned options, char *err,
                      size_t errsize)
{
    memset(g, 0, sizeof *g);
    g->gd = gd;
    g->seed = seed;
    g->start_options = options;
    if (scenario < 0 || scenario >= gd->nscenarios) {
        snprintf(err, errsize, "no such scenario");
        return false;
    }
    if (gd->map.cols * gd->map.rows > GS_MAX_HEXES) {
        snprintf(err, errsize, "the map has more hexes (%d) than a game holds (%d)", gd->map.cols * gd->map.rows,
                 GS_MAX_HEXES);
        return false;
    }
    if (gd->ncommanders > GS_MAX_COMMANDERS) {
        snprintf(err, errsize, "the data has more commanders (%d) than a game holds (%d)", gd->ncommanders,
                 GS_MAX_COMMANDERS);
        return false;
    }
    if (gd->nevents > GS_MAX_EVENTS) {
        snprintf(err, errsize, "the data has more event chits (%d) than a game holds (%d)", gd->nevents, GS_MAX_EVENTS);
        return false;
    }
    if (gd->nunits > GS_MAX_UNITS || gd->nformations > GS_MAX_FORMATIONS) {
        snprintf(err, errsize, "the data has more units (%d) or formations (%d) than a game holds (%d, %d)",
                 gd->nunits, gd->nformations, GS_MAX_UNITS, GS_MAX_FORMATIONS);
        return false;
    }
    const GameVariant *variant = NULL; /* the system commanding a side, if the scenario names one */
    if (gd->scenarios[scenario].solitaire) {
        variant = game_variant_find("solitaire");
        if (!variant) {
            snprintf(err, errsize, "%s is played against the Automa, and this program was built without it",
                     gd->scenarios[scenario].name);
            return false;
        }
        if (variant->state_size > GS_VARIANT_BYTES) {
            snprintf(err, errsize, "the %s system needs %zu bytes of state, more than a game keeps for it (%d)",
                     variant->name, variant->state_size, GS_VARIANT_BYTES);
            return false;
        }
        if (!variant->data_present(gd))
            variant = NULL; /* its files are missing: two players, as guv check reports */
    }
    GameState *st = &g->st;
    st->scenario = scenario;
    st->options = options;
    st->dem_hex = -1;
    st->nunits = gd->nunits;
    rng_seed(&st->rng, seed);
    for (int i = 0; i < gd->nunits; i++)
        unit_absent(g, i);
    const ScenarioDef *sc = &gd->scenarios[scenario];
    for (int i = 0; i < sc->ndeploy; i++) {
        const Deployment *dep = &sc->deploy[i];
        UnitState *u = &st->unit[dep->unit];
        const UnitDef *ud = &gd->units[dep->unit];
        u->steps = (unsigned char)(ud->reduced > 0 && !dep->reduced ? 2 : 1);
        if (ud->counter >= 0)
            u->steps = (unsigned char)gd->counters[ud->counter].nvalues; /* AI-COUNTERS: every value still to turn */
        if (hex_valid(dep->hex))
            unit_put(g, dep->unit, AT_MAP, map_hex_index(&gd->map, dep->hex));
        else
            unit_put(g, dep->unit, AT_RESERVE, -1);
    }
    for (int s = 0; s < SIDE_COUNT; s++) {
        st->skirmishers[s] = sc->skirmishers[s];
        if (options & OPT_EXTRA_SKIRMISHERS)
            st->skirmishers[s] += gd->army[s].extra_skirmishers; /* SKIRM-POOL: the EXTRA counters */
        st->dummies[s] = (options & OPT_DUMMIES) ? gd->army[s].dummies : 0;
        st->pontoons_left[s] = gd->army[s].pontoons;
        const char *v = scenario_option(sc->rules, sc->nrules, s == SIDE_UNION ? "pontoons.union" : "pontoons.confederate");
        if (v)
            st->pontoons_left[s] = atoi(v);
    }
    const char *bridges = scenario_option(sc->rules, sc->nrules, "pontoon_bridges");
    char tok[32];
    for (const char *p = bridges; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        HexCoord a, b;
        char s1[5], s2[5];
        if (strlen(tok) != 9 || tok[4] != '-')
            continue;
        memcpy(s1, tok, 4), s1[4] = '\0';
        memcpy(s2, tok + 5, 4), s2[4] = '\0';
        int dir;
        if (!hex_parse(s1, &a) || !hex_parse(s2, &b) || (dir = hex_direction(a, b)) < 0 || st->pontoons_left[SIDE_UNION] <= 0)
            continue;
        st->pontoon[SIDE_UNION][map_hex_index(&gd->map, a)] |= (unsigned char)(1u << dir);
        st->pontoon[SIDE_UNION][map_hex_index(&gd->map, b)] |= (unsigned char)(1u << hex_dir_opposite(dir));
        st->pontoons_left[SIDE_UNION]--;
        log_add(&g->log, st->turn, LOG_EVENT, "SETUP", "a Union pontoon spans %s", tok);
    }
    read_locks(g);
    const char *marks = scenario_option(sc->rules, sc->nrules, "fortification_markers");
    for (const char *p = marks; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        HexCoord h;
        if (hex_parse(tok, &h) && map_has(&gd->map, h))
            st->fort_marker[map_hex_index(&gd->map, h)] = 1;
    }
    const char *cav = scenario_option(sc->rules, sc->nrules, "union_cavalry");
    for (const char *p = cav; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        int u = data_unit_index(gd, tok);
        if (u >= 0)
            st->late_cavalry[u] = true;
    }
    const char *indep = scenario_option(sc->rules, sc->nrules, "independents");
    for (const char *p = indep; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        int u = data_unit_index(gd, tok);
        if (u >= 0 && u < GS_MAX_UNITS)
            st->scen_independent[u] = true;
    }
    st->turn = sc->first_turn;
    if ((options & OPT_HYPOTHETICAL) && !placement_start(g, err, errsize)) {
        log_free(&g->log);
        return false;
    }
    if (options & OPT_ABSENT_FORCES)
        absent_union(g);
    char opts[160] = "";
    for (int i = 0; i < GAME_OPTION_COUNT; i++)
        if (options & (1u << i)) {
            strcat(opts, opts[0] ? ", " : "; options: ");
            strcat(opts, option_names[i]);
        }
    log_add(&g->log, st->turn, LOG_EVENT, "SETUP", "%s: turns %d-%d, seed %llu%s", sc->name, sc->first_turn,
            sc->last_turn, (unsigned long long)seed, opts);
    events_setup(g);
    if (variant) {
        g->variant = variant;
        variant->setup(g); /* AI-SETUP: the Automa plays the Union */
    }
    if (!(options & OPT_HYPOTHETICAL))
        begin_turn(g); /* else once both armies are deployed */
    return true;
}

void game_free(Game *g)
{
    log_free(&g->log);
    free(g->undo);
    g->undo = NULL;
    g->nundo = g->capundo = 0;
    free(g->rec);
    g->rec = NULL;
    g->nrec = g->caprec = 0;
}

bool record(Game *g, const GameRecord *r)
{
    if (g->nrec == g->caprec) {
        int cap = g->caprec ? g->caprec * 2 : 64;
        GameRecord *p = realloc(g->rec, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        g->rec = p;
        g->caprec = cap;
    }
    g->rec[g->nrec++] = *r;
    return true;
}

bool game_force_die(Game *g, int value)
{
    if (rng_force(&g->st.rng, value) < 0)
        return false;
    GameRecord r = {.dice = true, .die = value};
    record(g, &r);
    return true;
}
