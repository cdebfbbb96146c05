#include "rules/game.h"

#include "data/inidoc.h"
#include "data/inidoc.h"
#include "rules/variant.h"
#include "rules/game_internal.h"
#include "rules/move.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ScenarioDef *scen(const Game *g) { return &g->gd->scenarios[g->st.scenario]; }

static const char *option(const Game *g, const char *key)
{
    const ScenarioDef *sc = scen(g);
    return scenario_option(sc->rules, sc->nrules, key);
}

static bool option_yes(const Game *g, const char *key)
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

void game_enemy_map(const Game *g, int side, unsigned char *enemy)
{
    memset(enemy, 0, (size_t)(g->gd->map.cols * g->gd->map.rows));
    for (int i = 0; i < g->st.nunits; i++)
        if (g->st.unit[i].where == AT_MAP && g->gd->units[i].side != side)
            enemy[g->st.unit[i].hex] = 1;
}

/* The hexes within `radius` of `from` along a path that never enters an
 * enemy hex nor crosses what a move could not cross now: impassable
 * terrain, a river without its ford, bridge or pontoon, a ford closed by
 * rain (ACT-RADIUS: "cannot cross enemy units or forbidden terrain").
 * in_range gets 1 for each. */
void command_range(const Game *g, int side, int from, int radius, unsigned char *in_range)
{
    const Map *m = &g->gd->map;
    int n = m->cols * m->rows;
    short queue[GS_MAX_HEXES];
    signed char dist[GS_MAX_HEXES];
    memset(in_range, 0, (size_t)n);
    Passage p;
    passage_init(g, side, NULL, 0, PASS_COMMAND, &p);
    memset(dist, -1, sizeof dist);
    int head = 0, tail = 0;
    dist[from] = 0;
    queue[tail++] = (short)from;
    in_range[from] = 1;
    while (head < tail) {
        int h = queue[head++];
        if (dist[h] >= radius)
            continue;
        HexCoord c = map_hex_at(m, h);
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord nb = hex_neighbour(c, d);
            if (!map_has(m, nb))
                continue;
            int ni = map_hex_index(m, nb);
            if (dist[ni] >= 0 || passage_step(&p, h, d) == COST_NO)
                continue;
            dist[ni] = (signed char)(dist[h] + 1);
            in_range[ni] = 1;
            queue[tail++] = (short)ni;
        }
    }
}

void move_context_area(const Game *g, MoveContext *ctx)
{
    const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
    ctx->area_nw = sc->area_nw;
    ctx->area_se = sc->area_se;
}

/* ---- set-up (SETUP) -------------------------------------------------- */

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

static void begin_turn(Game *g);
static const char *option(const Game *g, const char *key);

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
        unit_reset(g, u, (UnitState){.hex = -1, .where = AT_ABSENT, .steps = 0, .flags = 0, .exited_from = -1});
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
static void absent_arrivals(Game *g)
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
        unit_reset(g, i, (UnitState){.hex = -1, .where = AT_ABSENT, .steps = 0, .flags = 0, .exited_from = -1});
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

static bool record(Game *g, const GameRecord *r)
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

/* ---- the turn (SEQ-DAY, SEQ-NIGHT, RAIN, ACT-POINTS) ----------------- */

static int turn_points(const Game *g, int side)
{
    const ScenarioDef *sc = scen(g);
    int t = g->st.turn;
    if (t >= 0 && t <= SCEN_MAX_TURNS && sc->points[t][side] >= 0)
        return sc->points[t][side];
    return g->gd->turns[t - 1].points[side];
}

/* Reinforcements that arrive by roll (SCENARIO-SALEM-CHURCH): on a listed
 * turn, a die at or above the number brings every one still waiting; 1 or
 * less means they come without a roll. */
static void reinforcements(Game *g)
{
    GameState *st = &g->st;
    const char *rolls = option(g, "reinforcement_rolls");
    const char *hexes = option(g, "reinforcement_hexes");
    if (!rolls || !hexes)
        return;
    int need = 0;
    char tok[64];
    for (const char *p = rolls; (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        int t, d;
        if (sscanf(tok, "%d:%d", &t, &d) == 2 && t == st->turn)
            need = d;
    }
    if (need == 0)
        return;
    for (int side = 0; side < SIDE_COUNT; side++) {
        const char *list = option(g, side == SIDE_UNION ? "reinforcements.union" : "reinforcements.confederate");
        short waiting[GS_MAX_UNITS];
        int nw = 0;
        for (const char *p = list; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
            int u = data_unit_index(g->gd, tok);
            if (u >= 0 && st->unit[u].where == AT_RESERVE)
                waiting[nw++] = (short)u;
        }
        if (nw == 0)
            continue;
        if (need > 1) {
            char purpose[96];
            snprintf(purpose, sizeof purpose, "reinforcements arrive on %d or more", need);
            if (game_roll(g, "SCENARIO-SALEM-CHURCH", purpose) < need) {
                log_add(&g->log, st->turn, LOG_EVENT, "SCENARIO-SALEM-CHURCH", "the reinforcements do not come yet");
                continue;
            }
        }
        int placed = 0;
        for (const char *p = hexes; (p = ini_next_token(p, tok, sizeof tok, NULL)) && placed < nw;) {
            HexCoord h;
            if (!hex_parse(tok, &h) || !map_has(&g->gd->map, h))
                continue;
            int hex = map_hex_index(&g->gd->map, h);
            if (hex_has_side(g, hex, 1 - side))
                continue;
            while (placed < nw) {
                unit_put(g, waiting[placed], AT_MAP, hex);
                if (overstacked(g, hex, side)) {
                    unit_put(g, waiting[placed], AT_RESERVE, -1);
                    break;
                }
                log_add(&g->log, st->turn, LOG_EVENT, "SCENARIO-SALEM-CHURCH", "%s arrives in %s",
                        g->gd->units[waiting[placed]].name, tok);
                placed++;
            }
        }
    }
}

/* The Union cavalry of the campaign arrives on the west edge (CAMPAIGN). */
static void cavalry_arrives(Game *g)
{
    GameState *st = &g->st;
    const char *t = option(g, "union_cavalry_turn");
    if (!t || atoi(t) != st->turn)
        return;
    const Map *m = &g->gd->map;
    int cells = m->cols * m->rows;
    for (int u = 0; u < st->nunits; u++) {
        if (!st->late_cavalry[u] || st->unit[u].where != AT_RESERVE)
            continue;
        for (int h = 0; h < cells; h++) {
            if (!(m->hexes[h].flags & HEXF_CAVALRY_ENTRY) || hex_has_side(g, h, SIDE_CONFEDERATE))
                continue;
            unit_put(g, u, AT_MAP, h);
            if (overstacked(g, h, SIDE_UNION)) {
                unit_put(g, u, AT_RESERVE, -1);
                continue;
            }
            char hx[5];
            hex_format(map_hex_at(m, h), hx);
            log_add(&g->log, st->turn, LOG_EVENT, "CAMPAIGN", "%s enters on the west edge at %s", g->gd->units[u].name,
                    hx);
            break;
        }
    }
}

static void begin_turn(Game *g)
{
    GameState *st = &g->st;
    const TurnDef *td = &g->gd->turns[st->turn - 1];
    log_add(&g->log, st->turn, LOG_EVENT, td->night ? "SEQ-NIGHT" : "SEQ-DAY", "turn %d begins: %s (%s)", st->turn,
            td->label, td->night ? "night" : "day");
    st->rain = false;
    if (td->rain > 0) {
        char purpose[96];
        snprintf(purpose, sizeof purpose, "rain check: rain on %d or less", td->rain);
        int die = game_roll(g, "RAIN", purpose);
        st->rain = die <= td->rain;
        log_add(&g->log, st->turn, LOG_EVENT, "RAIN", "%s", st->rain ? "it rains this turn" : "no rain this turn");
    }
    reinforcements(g);
    cavalry_arrives(g);
    absent_arrivals(g);
    for (int s = 0; s < SIDE_COUNT; s++) {
        st->pontoons_left[s] += st->pontoons_next[s]; /* taken up last turn: usable again */
        st->pontoons_next[s] = 0;
        st->points[s] = turn_points(g, s);
        st->done_choosing[s] = false;
    }
    memset(st->chosen, 0, sizeof st->chosen);
    for (int f = 0; f < GS_MAX_FORMATIONS; f++)
        st->held_by[f] = -1;
    st->detach_used[0] = st->detach_used[1] = false;
    st->march_used[0] = st->march_used[1] = false;
    memset(st->marched_fm, 0, sizeof st->marched_fm);
    events_begin_turn(g);
    st->ncup = 0;
    st->activated = false;
    st->drawn = (Chit){0, 0, -1};
    st->phase = PH_CHOOSE;
    st->to_move = SIDE_CONFEDERATE;
    if (g->variant) { /* AI-SEQUENCE: the Automa's markers come from its track once the player has chosen */
        st->done_choosing[g->variant->side] = true;
        g->variant->turn_begins(g);
    }
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-POINTS", "activation points: union %d, confederate %d",
            st->points[SIDE_UNION], st->points[SIDE_CONFEDERATE]);
}

/* End of turn clean-up (SEQ-DAY step C), then the next turn. */
static void end_turn(Game *g)
{
    GameState *st = &g->st;
    for (int i = 0; i < st->nunits; i++)
        st->unit[i].flags &= (unsigned short)~(UF_FIRED | UF_ACTIVATED | UF_MOVED | UF_DETACHED | UF_ACTIVE | UF_FOUGHT |
                                               UF_FORCED | UF_BUILT | UF_GO_ON | UF_GO_ROAD);
    events_end_turn(g);
    if (g->variant)
        g->variant->turn_ends(g); /* AI-END-TURN, AI-DAY-VP, AI-WHEEL */
    log_add(&g->log, st->turn, LOG_EVENT, "SEQ-DAY", "turn %d ends", st->turn);
    bool last = st->turn >= scen(g)->last_turn;
    if (victory_check(g, true, last))
        return;
    if (last) {
        st->phase = PH_GAME_OVER;
        st->result = RES_DRAW;
        snprintf(st->result_text, sizeof st->result_text, "the last turn is over with no victory condition met");
        log_add(&g->log, st->turn, LOG_EVENT, "SEQ-DAY", "%s", st->result_text);
        return;
    }
    st->turn++;
    begin_turn(g);
}

void game_end_turn(Game *g) { end_turn(g); }

static bool unit_south_of_rappahannock(const Game *g, int unit)
{
    const UnitState *u = &g->st.unit[unit];
    if (u->where != AT_MAP)
        return false;
    return g->gd->map.hexes[u->hex].bank == BANK_SOUTH; /* "in other words, ... Confederate territory" */
}

int game_formation_cost(const Game *g, int formation)
{
    const FormationDef *f = &g->gd->formations[formation];
    if (!option_yes(g, "south_activation_cost") || f->south_activation_cost == f->activation_cost)
        return f->activation_cost;
    for (int i = 0; i < g->st.nunits; i++)
        if (g->gd->units[i].formation == formation && unit_south_of_rappahannock(g, i))
            return f->south_activation_cost;
    return f->activation_cost;
}

/* Why a formation cannot be chosen now, or NULL. */
static const char *choose_refusal(const Game *g, int side, int f, char *buf, size_t n)
{
    const GameState *st = &g->st;
    const FormationDef *fd = &g->gd->formations[f];
    const ScenarioDef *sc = scen(g);
    if (fd->side != side)
        return "that formation belongs to the other army";
    if (st->fm_present[f])
        ; /* arrived with the absent-forces variant */
    else if (fd->detached || !sc->formation_allowed[f])
        return "its command chit is not in this scenario (or not yet arrived)";
    if (st->chosen[f])
        return "it is already chosen this turn";
    bool released = st->release_turn[f] > 0 && st->release_turn[f] <= st->turn;
    if (st->lock_turn[f] > st->turn && !released) {
        snprintf(buf, n, "it cannot be activated before turn %d (CAMPAIGN)", st->lock_turn[f]);
        return buf;
    }
    if (st->lock_attacked[f] && !released)
        return "it cannot be activated until one of its units is attacked or bombarded";
    int cost = game_formation_cost(g, f);
    if (cost > st->points[side]) {
        snprintf(buf, n, "it costs %d activation point%s and %d %s left", cost, cost == 1 ? "" : "s",
                 st->points[side], st->points[side] == 1 ? "is" : "are");
        return buf;
    }
    return NULL;
}

const char *formation_choose_refusal(const Game *g, int side, int f, char *buf, size_t n)
{
    return choose_refusal(g, side, f, buf, n);
}

/* ---- the activation: chit, command radius, attaching, moving --------- */

/* Whether the drawn chit is a higher commander holding this formation. */
static bool held_by_drawn(const Game *g, int formation)
{
    const Chit *c = &g->st.drawn;
    return c->kind == CHIT_HIGHER && formation >= 0 && g->st.held_by[formation] == c->index;
}


static int chit_radius(const Game *g)
{
    const Chit *c = &g->st.drawn;
    if (c->kind == CHIT_INDEPENDENT)
        return g->gd->rules.independent_radius; /* INDEP-CHIT */
    if (c->kind == CHIT_HIGHER)
        return g->gd->commanders[c->index].command_radius;
    int k = g->gd->formations[c->index].commander;
    return k >= 0 ? g->gd->commanders[k].command_radius : 0;
}

static int max_attached(const Game *g)
{
    if (g->st.drawn.kind == CHIT_HIGHER) /* independents come along already (HIGHER-CMD); a Confederate */
        return g->st.drawn.side == SIDE_CONFEDERATE ? g->gd->rules.formation_independents : 0; /* may take one of Stuart's cavalry too */
    return g->st.drawn.kind == CHIT_INDEPENDENT ? g->gd->rules.independent_units : g->gd->rules.formation_independents; /* INDEP-CHIT, ACT-INDEP-ATTACH */
}

static const char *place_refusal(const Game *g, int hex)
{
    const GameState *st = &g->st;
    const Map *m = &g->gd->map;
    int side = st->drawn.side;
    if (hex < 0 || hex >= m->cols * m->rows)
        return "that hex is not on the map";
    unsigned char enemy_here = 0;
    for (int i = 0; i < st->nunits; i++)
        if (st->unit[i].where == AT_MAP && st->unit[i].hex == hex && g->gd->units[i].side != side)
            enemy_here = 1;
    if (enemy_here)
        return "enemy units stand in that hex";
    HexCoord c = map_hex_at(m, hex);
    for (int i = 0; i < st->nunits; i++) {
        const UnitState *u = &st->unit[i];
        const UnitDef *ud = &g->gd->units[i];
        if (u->where != AT_MAP || ud->side != side || hex_distance(c, map_hex_at(m, u->hex)) > 1)
            continue;
        if (st->drawn.kind == CHIT_FORMATION && ud->formation == st->drawn.index)
            return NULL;
        if (st->drawn.kind == CHIT_HIGHER && held_by_drawn(g, ud->formation))
            return NULL;
        if (st->drawn.kind == CHIT_INDEPENDENT && !(u->flags & UF_ACTIVATED))
            return NULL;
    }
    return st->drawn.kind == CHIT_INDEPENDENT ? "the chit must stand in or next to a unit not yet activated this turn"
                                              : "the chit must stand in or next to a hex holding a unit of its formation";
}

/* Whether the drawn chit has somewhere to go (else it can only be passed). */
static bool placeable(const Game *g)
{
    for (int h = 0; h < g->gd->map.cols * g->gd->map.rows; h++)
        if (!place_refusal(g, h))
            return true;
    return false;
}

static const char *attach_refusal(const Game *g, int unit)
{
    const GameState *st = &g->st;
    if (unit < 0 || unit >= st->nunits)
        return "no such unit";
    if (is_dummy(g, unit))
        return "a dummy is never activated by itself: it acts with the real units of its stack (DUMMIES)";
    const UnitState *u = &st->unit[unit];
    const UnitDef *ud = &g->gd->units[unit];
    if (ud->side != st->drawn.side)
        return "it belongs to the other army";
    if (u->where != AT_MAP)
        return "it is not on the map";
    if (u->flags & UF_ACTIVATED)
        return "it has already been activated this turn";
    if (unit_locked(g, unit))
        return "it may not act yet (CAMPAIGN)";
    if (st->late_cavalry[unit] && st->drawn.kind != CHIT_INDEPENDENT)
        return "this cavalry acts only by the Independent chit or the detachment (CAMPAIGN)";
    if (st->attached >= max_attached(g))
        return st->drawn.kind == CHIT_INDEPENDENT ? "the Independent chit activates at most 3 units"
                                                  : "a formation takes along only one independent unit";
    if (st->drawn.kind == CHIT_FORMATION && unit_formation(g, unit) >= 0)
        return "only an independent unit can join a formation's activation";
    if (st->drawn.kind == CHIT_HIGHER && (ud->type != UT_CAVALRY || ud->formation < 0))
        return "a Confederate higher commander takes along only one of Stuart's cavalry (ACT-INDEP-ATTACH)";
    int n = g->gd->map.cols * g->gd->map.rows;
    unsigned char *range = malloc((size_t)n);
    if (!range)
        return "out of memory";
    command_range(g, st->drawn.side, st->chit_hex, chit_radius(g), range);
    bool in = range[u->hex] != 0;
    free(range);
    return in ? NULL : "it is outside the command radius";
}

/* SKIRM-RULES: skirmishers "must be stacked with infantry brigades" to
 * move: one standing with an infantry unit active now acts with it,
 * whenever it was made (it is not "activated" for the once-a-turn rule).
 * DUMMIES: a dummy "must always move with their stack": it acts with any
 * real unit of its stack active now. */
static void activate_skirmishers(Game *g, int side)
{
    GameState *st = &g->st;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        bool dummy = is_dummy(g, i);
        if (u->where != AT_MAP || !(is_skirmisher(g, i) || dummy) || g->gd->units[i].side != side ||
            (u->flags & UF_ACTIVE))
            continue;
        for (int j = 0; j < st->nunits; j++)
            if (j != i && st->unit[j].where == AT_MAP && st->unit[j].hex == u->hex && (st->unit[j].flags & UF_ACTIVE) &&
                (dummy ? !is_dummy(g, j) && !is_skirmisher(g, j) : g->gd->units[j].type == UT_INFANTRY)) {
                u->flags |= UF_ACTIVE;
                break;
            }
    }
}

/* Whether unit i answers the drawn chit (ACT-RADIUS): of its formation or
 * held by its commander, not yet activated, detached or locked. Placing the
 * chit and the screen's count before it is placed both ask. */
static bool answers_chit(const Game *g, int i)
{
    const GameState *st = &g->st;
    const UnitState *u = &st->unit[i];
    int f = unit_formation(g, i);
    bool mine = st->drawn.kind == CHIT_FORMATION ? f == st->drawn.index
                                                 : held_by_drawn(g, f) ||
                                                       (f < 0 && g->gd->units[i].side == st->drawn.side &&
                                                        !is_skirmisher(g, i) && !is_dummy(g, i) &&
                                                        !(u->flags & UF_ACTIVATED)); /* dummies go with their stack */
    if (st->drawn.kind == CHIT_HIGHER && st->late_cavalry[i])
        mine = false; /* only the Independent chit or the detachment moves them (CAMPAIGN) */
    /* ACT-INDEP, DETACH: a unit the Independent chit or a detachment moved this turn "can not be
     * activated again later during the current turn", by its own formation neither */
    return u->where == AT_MAP && mine && !(u->flags & (UF_DETACHED | UF_ACTIVATED)) && !unit_locked(g, i);
}

int game_place_count(const Game *g, int hex, int *outside)
{
    *outside = 0;
    int n = g->gd->map.cols * g->gd->map.rows, active = 0;
    if (g->st.phase != PH_ACTIVATION || g->st.drawn.kind == CHIT_INDEPENDENT || hex < 0 || hex >= n)
        return 0;
    unsigned char *range = malloc((size_t)n);
    if (!range)
        return 0;
    command_range(g, g->st.drawn.side, hex, chit_radius(g), range);
    for (int i = 0; i < g->st.nunits; i++)
        if (answers_chit(g, i)) {
            if (range[g->st.unit[i].hex])
                active++;
            else
                (*outside)++;
        }
    free(range);
    return active;
}

static void activate_in_radius(Game *g)
{
    GameState *st = &g->st;
    if (st->drawn.kind == CHIT_INDEPENDENT)
        return;
    int n = g->gd->map.cols * g->gd->map.rows;
    unsigned char *range = malloc((size_t)n);
    if (!range)
        return;
    command_range(g, st->drawn.side, st->chit_hex, chit_radius(g), range);
    int active = 0, outside = 0;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        if (!answers_chit(g, i))
            continue;
        if (range[u->hex]) {
            u->flags |= UF_ACTIVE | UF_ACTIVATED;
            active++;
        } else
            outside++;
    }
    free(range);
    activate_skirmishers(g, st->drawn.side);
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-RADIUS", "%d unit%s within the command radius of %d act; %d outside stay",
            active, active == 1 ? "" : "s", chit_radius(g), outside);
}

/* The movement search for units moving together (the slowest sets the pace). */
bool group_reach_with(const Game *g, const short *units, int n, int mp_override, MoveReach *r)
{
    const GameData *gd = g->gd;
    int mp = 99;
    for (int i = 0; i < n; i++)
        if (!is_skirmisher(g, units[i]) && !is_dummy(g, units[i]) && gd->units[units[i]].movement < mp)
            mp = gd->units[units[i]].movement;
    if (mp == 99)
        mp = 0; /* skirmishers alone do not move */
    bool forced = false;
    for (int i = 0; i < n; i++)
        forced |= (g->st.unit[units[i]].flags & UF_FORCED) != 0;
    if (forced)
        mp *= gd->rules.forced_march_factor; /* FORCED-MARCH */
    Passage p;
    passage_init(g, gd->units[units[0]].side, units, n, PASS_MOVE, &p);
    mp += event_extra_mp(g, units, n); /* Jackson Attacks (EVENTS) */
    if (mp_override >= 0) {
        mp = mp_override; /* General Retreat (EVENTS): its own MP, never next to the enemy */
        p.ctx.no_contact = true;
    } else if (n > 0 && (g->st.unit[units[0]].flags & UF_GO_ON)) {
        /* BREAK-CONTACT: "the unit's movement can resume if it still has movement points available" */
        bool road = true;
        int left = 255;
        for (int i = 0; i < n; i++) {
            road &= (g->st.unit[units[i]].flags & UF_GO_ROAD) != 0;
            if (g->st.unit[units[i]].mp_left < left)
                left = g->st.unit[units[i]].mp_left;
        }
        p.ctx.spent_half = mp * 2 + (road ? gd->movement.road_bonus : 0) - left;
        p.ctx.road_lost = !road;
    }
    return passage_reach(g, &p, g->st.unit[units[0]].hex, mp, r);
}

static bool group_reach(const Game *g, const short *units, int n, MoveReach *r)
{
    return group_reach_with(g, units, n, -1, r);
}

const char *group_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    if (d->nunits < 1 || d->nunits > DEC_MAX_UNITS)
        return "name the units moving together (all in one hex)";
    const char *bad = unit_list_refusal(g, d->units, d->nunits);
    if (bad)
        return bad;
    bool real = false, infantry = false, skirm = false;
    for (int i = 0; i < d->nunits; i++) {
        int u = d->units[i];
        if (g->gd->units[u].side != d->side)
            return "that unit belongs to the other army";
        if (st->unit[u].hex != st->unit[d->units[0]].hex)
            return "units moving together must start in the same hex";
        real |= !is_skirmisher(g, u) && !is_dummy(g, u);
        infantry |= g->gd->units[u].type == UT_INFANTRY;
        skirm |= is_skirmisher(g, u);
    }
    if (!real)
        return "skirmishers and dummies move only with a real unit (SKIRM-RULES, DUMMIES)";
    if (skirm && !infantry)
        return "skirmishers move only stacked with infantry brigades (SKIRM-RULES)";
    return NULL;
}

static const char *move_group_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    const char *bad = group_refusal(g, d);
    if (bad)
        return bad;
    bool go_on = (st->unit[d->units[0]].flags & UF_GO_ON) != 0;
    for (int i = 0; i < d->nunits; i++) {
        unsigned f = st->unit[d->units[i]].flags;
        if (!(f & UF_ACTIVE))
            return "that unit is not active in this activation";
        if ((f & UF_MOVED) && !(f & UF_GO_ON))
            return "that unit has already moved";
        if (((f & UF_GO_ON) != 0) != go_on)
            return "a unit going on after a break of contact moves on only with those it moved with";
    }
    return NULL;
}

/* Why these units may not leave the map now (EXIT-MAP), or NULL: from a
 * road hex on an exit, "Leaving a road hex and move off the maps costs 1
 * movement point": before moving, or at the end of a move with that much
 * left. Skirmishers and dummies go only with a real unit. */
static const char *exit_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    const char *bad = group_refusal(g, d);
    if (bad)
        return bad;
    for (int i = 0; i < d->nunits; i++) {
        const UnitState *us = &st->unit[d->units[i]];
        if (!(us->flags & UF_ACTIVE) || us->where != AT_MAP)
            return "that unit is not active in this activation";
        if ((us->flags & UF_MOVED) && us->mp_left < g->gd->movement.exit_cost)
            return "leaving the map costs 1 MP and it has less left after its move";
    }
    if (!exit_hex(g, st->unit[d->units[0]].hex))
        return "units leave only from a road hex on an exit (EXIT-MAP)";
    return NULL;
}

/* mv to every hex r reaches (but its start) that ok lets through, appended from out[n]. */
static int reached_moves(const Game *g, Decision *mv, const MoveReach *r, MoveFilter ok, Decision *out, int max, int n)
{
    for (int h = 0; h < r->nhexes; h++) {
        if (h == r->start || move_cost_to(r, map_hex_at(&g->gd->map, h), NULL) == MOVE_UNREACHED)
            continue;
        if (ok && !ok(g, mv, h))
            continue;
        mv->arg = h;
        if (n < max)
            out[n] = *mv;
        n++;
    }
    return n;
}

int list_group_moves(const Game *g, Decision *out, int max, int n, unsigned want, unsigned done, int mp_override,
                     MoveFilter ok)
{
    const GameState *st = &g->st;
    /* Each eligible unit alone, and each hex's whole eligible stack. */
    for (int u = 0; u < st->nunits; u++) {
        if (!(st->unit[u].flags & want) || (st->unit[u].flags & done))
            continue;
        Decision grp = {.kind = D_MOVE, .side = st->to_move};
        bool first_in_hex = true;
        for (int v = 0; v < st->nunits; v++)
            if ((st->unit[v].flags & want) && !(st->unit[v].flags & done) && st->unit[v].hex == st->unit[u].hex) {
                if (v < u)
                    first_in_hex = false;
                if (grp.nunits < DEC_MAX_UNITS)
                    grp.units[grp.nunits++] = (short)v;
            }
        for (int pass = 0; pass < 2; pass++) {
            Decision mv = grp;
            if (pass == 0) {
                mv.nunits = 1;
                mv.units[0] = (short)u;
            } else if (!first_in_hex || grp.nunits < 2)
                continue;
            MoveReach r;
            if ((ok ? !ok(g, &mv, -1) : move_group_refusal(g, &mv) != NULL) ||
                !group_reach_with(g, mv.units, mv.nunits, mp_override, &r))
                continue;
            n = reached_moves(g, &mv, &r, ok, out, max, n);
            move_reach_free(&r);
        }
    }
    return n;
}

int game_move_preview(const Game *g, const Decision *d, short *path, int max, int *half_mp, int *allowance_half)
{
    const Map *m = &g->gd->map;
    if (d->kind != D_MOVE || d->nunits < 1 || d->nunits > DEC_MAX_UNITS || d->arg < 0 || d->arg >= m->cols * m->rows ||
        group_refusal(g, d))
        return 0;
    MoveReach r;
    int mp_override = g->st.pending == PEND_RETREAT_EVENT ? event_retreat_mp(g) : -1;
    if (!group_reach_with(g, d->units, d->nunits, mp_override, &r))
        return 0;
    HexCoord to = map_hex_at(m, d->arg);
    bool road = false;
    int cost = move_cost_to(&r, to, &road);
    int n = 0;
    if (cost != MOVE_UNREACHED && d->arg != r.start) {
        HexCoord *way = malloc((size_t)(m->cols * m->rows) * sizeof *way);
        int len = way ? move_path(&r, to, way, m->cols * m->rows) : 0;
        for (int i = 0; i < len && n < max; i++)
            path[n++] = (short)map_hex_index(m, way[i]);
        free(way);
        if (half_mp)
            *half_mp = cost;
        if (allowance_half)
            *allowance_half = r.allowance[road ? LAYER_ROAD : LAYER_ANY];
    }
    move_reach_free(&r);
    return n;
}

int game_group_moves(const Game *g, const short *units, int nunits, Decision *out, int max)
{
    const GameState *st = &g->st;
    if (st->pending != PEND_NONE || st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE ||
        nunits < 1 || nunits > DEC_MAX_UNITS)
        return 0;
    Decision mv = {.kind = D_MOVE, .side = st->to_move, .nunits = nunits};
    memcpy(mv.units, units, (size_t)nunits * sizeof *units);
    MoveReach r;
    if (move_group_refusal(g, &mv) || !group_reach(g, mv.units, nunits, &r))
        return 0;
    int n = reached_moves(g, &mv, &r, NULL, out, max, 0);
    move_reach_free(&r);
    return n;
}

bool game_command_preview(const Game *g, int hex, unsigned char *in_range)
{
    const Chit *c = &g->st.drawn;
    if (g->st.phase != PH_ACTIVATION || c->side >= SIDE_COUNT || c->kind == CHIT_EVENT || (c->kind != CHIT_INDEPENDENT && c->index < 0) || hex < 0 ||
        hex >= g->gd->map.cols * g->gd->map.rows)
        return false;
    command_range(g, c->side, hex, chit_radius(g), in_range);
    return true;
}

/* ---- leaving hexes, the move under way, break contact ---------------- */

bool hex_has_side(const Game *g, int hex, int side)
{
    return hex >= 0 && hex < GS_MAX_HEXES && side >= 0 && side < SIDE_COUNT && g->st.occupants[hex][side] > 0;
}

/* Where the units (all of the stack in hex when n is 0) may break contact to. */
static int break_destinations_for(const Game *g, int hex, const short *units, int nu, short *out, int max)
{
    return break_destinations_of(g, hex, 1 - g->st.drawn.side, units, nu, out, max);
}

int break_destinations_of(const Game *g, int hex, int side, const short *units, int nu, short *out, int max)
{
    const Map *m = &g->gd->map;
    int n = 0;
    bool cavalry = true, any = false, skirm = false, infantry = false;
    for (int i = 0; i < g->st.nunits; i++) {
        bool in = nu == 0;
        for (int k = 0; k < nu; k++)
            in |= units[k] == i;
        if (!in || g->st.unit[i].where != AT_MAP || g->st.unit[i].hex != hex || g->gd->units[i].side != side)
            continue;
        skirm |= is_skirmisher(g, i);
        infantry |= g->gd->units[i].type == UT_INFANTRY;
        if (!is_skirmisher(g, i) && !is_dummy(g, i)) {
            any = true; /* skirmishers and dummies alone never break contact */
            cavalry &= g->gd->units[i].type == UT_CAVALRY;
        }
    }
    if (!any || (skirm && !infantry))
        return 0; /* SKIRM-RULES: skirmishers break contact only stacked with infantry brigades */
    int reach = cavalry ? g->gd->rules.cavalry_break_contact_hexes : g->gd->rules.break_contact_hexes;
    short going[GS_MAX_UNITS];
    int ngoing = nu > 0 ? nu : units_in_hex(g, hex, side, -1, going, GS_MAX_UNITS);
    Passage p;
    passage_init(g, side, nu > 0 ? units : going, ngoing, PASS_BREAK, &p);
    /* one or two steps the rules let these units take, into hexes free of the enemy */
    short first[DIR_COUNT];
    int nfirst = 0;
    HexCoord c = map_hex_at(m, hex);
    for (int d = 0; d < DIR_COUNT; d++)
        if (map_has(m, hex_neighbour(c, d)) && passage_step(&p, hex, d) != COST_NO)
            first[nfirst++] = (short)map_hex_index(m, hex_neighbour(c, d));
    short cand[64];
    bool second[64];
    int nc = 0;
    for (int i = 0; i < nfirst; i++) {
        second[nc] = false;
        cand[nc++] = first[i];
        if (reach < 2)
            continue;
        HexCoord f = map_hex_at(m, first[i]);
        for (int d = 0; d < DIR_COUNT && nc < 64; d++) {
            HexCoord nb = hex_neighbour(f, d);
            int ni = map_has(m, nb) ? map_hex_index(m, nb) : -1;
            if (ni < 0 || ni == hex || passage_step(&p, first[i], d) == COST_NO)
                continue;
            second[nc] = true;
            cand[nc++] = (short)ni;
        }
    }
    for (int i = 0; i < nc; i++) {
        bool dup = false;
        for (int j = 0; j < n && j < max; j++)
            dup |= out[j] == cand[i];
        if (dup)
            continue;
        /* never next to the enemy, unless friends already hold the hex; cavalry going two hexes "always if
         * it does not end movement adjacent to enemy units", friends or not */
        if (next_to_side(g, cand[i], 1 - side) && (second[i] || !hex_has_side(g, cand[i], side)))
            continue;
        if (n < max)
            out[n] = cand[i];
        n++;
    }
    return n;
}

static int break_destinations(const Game *g, int hex, short *out, int max)
{
    return break_destinations_for(g, hex, NULL, 0, out, max);
}

/* Queues the enemy stacks next to `hex` that may break contact. */
/* Why these units of the stack breaking contact may not go off on their
 * own (the rest must still be able to follow), or NULL. */
static const char *break_split_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    int from = st->bc_queue[0];
    const char *bad = unit_list_refusal(g, d->units, d->nunits);
    if (bad)
        return bad;
    bool real = false;
    for (int i = 0; i < d->nunits; i++) {
        int u = d->units[i];
        if (st->unit[u].where != AT_MAP || st->unit[u].hex != from || g->gd->units[u].side != d->side)
            return "name units of the stack breaking contact";
        real |= !is_skirmisher(g, u) && !is_dummy(g, u);
    }
    if (!real)
        return "skirmishers and dummies never break contact on their own (SKIRM-RULES)";
    short rest[GS_MAX_UNITS], dest[1];
    int nr = 0;
    for (int u = 0; u < st->nunits; u++) {
        bool going = false;
        for (int i = 0; i < d->nunits; i++)
            going |= d->units[i] == u;
        if (!going && st->unit[u].where == AT_MAP && st->unit[u].hex == from && g->gd->units[u].side == d->side)
            rest[nr++] = (short)u;
    }
    if (nr > 0 && break_destinations_for(g, from, rest, nr, dest, 1) == 0)
        return "the units left behind could not get away: the whole hex must be left empty";
    return NULL;
}

static void offer_break_contact(Game *g, int hex)
{
    GameState *st = &g->st;
    const Map *m = &g->gd->map;
    st->bc_n = 0;
    if (g->gd->turns[st->turn - 1].night)
        return; /* not at night */
    int enemy = 1 - st->drawn.side;
    HexCoord c = map_hex_at(m, hex);
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(c, d);
        if (!map_has(m, nb))
            continue;
        int ni = map_hex_index(m, nb);
        short tmp[1];
        /* in the solitaire game H.3 replaces this for the Automa: only a stack it could fight breaks (see
         * docs/rulings.md, AI-BREAK-CONTACT across the great rivers) */
        bool touch = g->variant && g->variant->break_only_if_can_fight && enemy == g->variant->side
                         ? hexes_can_fight(g, hex, ni)
                         : hexes_in_contact(g, hex, ni);
        if (hex_has_side(g, ni, enemy) && touch && break_destinations(g, ni, tmp, 1) > 0)
            st->bc_queue[st->bc_n++] = (short)ni;
    }
    if (st->bc_n > 0) {
        st->pending = PEND_BREAK_CONTACT;
        st->to_move = enemy;
    }
}

static void end_move(Game *g, const char *why)
{
    GameState *st = &g->st;
    char route[GS_MAX_PATH * 5 + 1] = "";
    for (int i = 0; i <= st->mv_pos; i++) {
        char hx[5];
        hex_format(map_hex_at(&g->gd->map, st->mv_path[i]), hx);
        if (i)
            strcat(route, " ");
        strcat(route, hx);
    }
    log_add(&g->log, st->turn, LOG_EVENT, "MOVE-BASIC", "moved %s, %d%s MP%s%s%s", route, st->mv_spent / 2,
            st->mv_spent % 2 ? ".5" : "", st->mv_road && st->mv_pos > 0 ? " wholly by road (ROADS)" : "",
            why ? "; " : "", why ? why : "");
    /* what is left of the allowance, for leaving the map at the end of the move (EXIT-MAP) */
    int left = st->mv_mp * 2 + (st->mv_road ? g->gd->movement.road_bonus : 0) - st->mv_spent;
    for (int i = 0; i < st->mv_n; i++) {
        UnitState *u = &st->unit[st->mv_units[i]];
        u->mp_left = (unsigned char)(left > 0 ? left : 0);
        /* BREAK-CONTACT: a break "only temporarily interrupts the movement of the unit that caused this
         * effect": with MP left it may go on (a new move from here) */
        if (st->mv_broke && left > 0 && u->where == AT_MAP && !(u->flags & UF_DEM))
            u->flags |= UF_GO_ON | (st->mv_road ? UF_GO_ROAD : 0);
    }
    st->mv_broke = false;
    st->mv_last_n = st->mv_n; /* mv_units kept until the next decision (SKIRM-MAKE) */
    st->mv_last_road = st->mv_road && st->mv_pos > 0;
    st->mv_n = 0;
    st->mv_len = st->mv_pos = 0;
}

/* Goes on with the move under way, hex by hex, pricing each step against
 * the units where they stand now; stops when break contact is offered. */
static void continue_move(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    int side = st->drawn.side;
    while (st->mv_pos < st->mv_len - 1) {
        int from = st->mv_path[st->mv_pos], to = st->mv_path[st->mv_pos + 1];
        if (hex_has_side(g, to, 1 - side)) {
            end_move(g, "the way ahead is held by the enemy");
            return;
        }
        Passage p; /* each step priced against the units where they stand now */
        passage_init(g, side, st->mv_units, st->mv_n, PASS_MOVE, &p);
        bool by_road;
        const Map *m = &gd->map;
        int dir = hex_direction(map_hex_at(m, from), map_hex_at(m, to));
        int cost = move_step_cost(&p.ctx, map_hex_at(m, from), dir, &by_road);
        bool road = st->mv_road && by_road;
        int allowance = st->mv_mp * 2 + (road ? gd->movement.road_bonus : 0);
        if (cost == COST_NO || st->mv_spent + cost > allowance) {
            end_move(g, cost == COST_NO ? "the next hex cannot be entered now" : "not enough movement points left");
            return;
        }
        /* only the hex the move started in was held: a hex marched through is not abandoned works */
        bool was_adjacent = st->mv_pos == 0 && next_to_side(g, from, 1 - side);
        bool dem_before[DEC_MAX_UNITS];
        for (int i = 0; i < st->mv_n; i++) {
            dem_before[i] = (st->unit[st->mv_units[i]].flags & UF_DEM) != 0;
            unit_put(g, st->mv_units[i], AT_MAP, to);
        }
        leave_hex(g, from, side, st->mv_units, st->mv_n, LEAVE_MOVE, was_adjacent);
        st->mv_spent += cost;
        st->mv_road = road;
        st->mv_pos++;
        bool became_dem = false;
        for (int i = 0; i < st->mv_n; i++)
            became_dem |= !dem_before[i] && (st->unit[st->mv_units[i]].flags & UF_DEM);
        /* Demoralized units "maintain their movement ability": one demoralized by leaving its works goes on,
         * never next to the enemy from here (passage_init); only one that became so next to the enemy stops,
         * to fall back at once (DEMORAL) */
        if (became_dem && next_to_side(g, to, 1 - side)) {
            end_move(g, "demoralized next to the enemy, it goes no further");
            morale_check(g);
            return;
        }
        if (morale_check(g)) /* demoralized enemies it came next to fall back first (DEMORAL) */
            return;
        offer_break_contact(g, to);
        if (st->pending != PEND_NONE)
            return;
    }
    end_move(g, NULL);
}

void game_resume_move(Game *g)
{
    GameState *st = &g->st;
    if (st->mv_n == 0 || st->phase != PH_ACTIVATION)
        return;
    offer_break_contact(g, st->mv_path[st->mv_pos]);
    if (st->pending == PEND_NONE)
        continue_move(g);
}

/* ---- stacking (STACK) ------------------------------------------------ */

bool stack_over_with(const Game *g, int hex, int side, const short *movers, int nmovers, int extra_units,
                     int extra_points)
{
    int units = extra_units, points = extra_points;
    for (int i = 0; i < g->st.nunits; i++) {
        bool moving = false;
        for (int k = 0; k < nmovers; k++)
            moving |= movers[k] == i;
        if (moving || (g->st.unit[i].where == AT_MAP && g->st.unit[i].hex == hex && g->gd->units[i].side == side)) {
            units++;
            points += game_unit_points(g, i);
        }
    }
    return units > g->gd->stacking.max_units || points > g->gd->stacking.max_points;
}

bool overstacked(const Game *g, int hex, int side) { return stack_over_with(g, hex, side, NULL, 0, 0, 0); }

/* Hexes next to `hex` where unit u of its over-stacked stack may be
 * displaced: one step the rules let it take, not next to the enemy, and
 * where it fits within the stacking limits (STACK). */
static int displace_destinations(const Game *g, int hex, int u, short *out, int max)
{
    const Map *m = &g->gd->map;
    int side = g->gd->units[u].side;
    short one[1] = {(short)u};
    Passage p;
    passage_init(g, side, one, 1, PASS_DISPLACE, &p);
    int n = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(map_hex_at(m, hex), d);
        if (!map_has(m, nb) || passage_step(&p, hex, d) == COST_NO)
            continue;
        int ni = map_hex_index(m, nb);
        if (next_to_side(g, ni, 1 - side) || stack_over_with(g, ni, side, one, 1, 0, 0))
            continue;
        if (n < max)
            out[n] = (short)ni;
        n++;
    }
    return n;
}

/* Looks for an over-stacked hex; when one is found the owner must put it
 * right before the waiting decision goes on. Returns true when clean. */
bool stacking_clean(Game *g)
{
    GameState *st = &g->st;
    int cells = g->gd->map.cols * g->gd->map.rows;
    for (int side = 0; side < SIDE_COUNT; side++) {
        int s2 = side == 0 ? st->drawn.side : 1 - st->drawn.side; /* the mover first */
        for (int h = 0; h < cells; h++)
            if (overstacked(g, h, s2)) {
                char hx[5];
                hex_format(map_hex_at(&g->gd->map, h), hx);
                st->pending = PEND_STACK;
                st->stack_hex = (short)h;
                st->to_move = s2;
                log_add(&g->log, st->turn, LOG_EVENT, "STACK",
                        "hex %s holds more than %d units or %d combat points: the %s side must displace the excess",
                        hx, g->gd->stacking.max_units, g->gd->stacking.max_points, data_side_name(s2));
                return false;
            }
    }
    return true;
}

bool stacking_holds_up(Game *g, const Decision *d)
{
    if (g->st.stack_checked)
        return false;
    g->st.stack_checked = true;
    if (stacking_clean(g))
        return false;
    remember(g, d);
    return true;
}

void remember(Game *g, const Decision *d)
{
    GameState *st = &g->st;
    st->has_resume = true;
    st->resume_kind = d->kind;
    st->resume_side = d->side;
    st->resume_arg = d->arg;
    st->resume_arg2 = d->arg2;
    st->resume_n = d->nunits;
    memcpy(st->resume_units, d->units, sizeof st->resume_units);
    st->resume_nhex = d->nhexes;
    memcpy(st->resume_hexes, d->hexes, sizeof st->resume_hexes);
}

/* ---- skirmishers (SKIRM-MAKE) -------------------------------------- */

/* Where active brigade u may put a skirmisher now: its own hex, or a
 * neighbour out of contact with the enemy; within stacking. */
static int skirmish_destinations(const Game *g, int u, short *out)
{
    const GameState *st = &g->st;
    const UnitState *us = &st->unit[u];
    int side = g->gd->units[u].side;
    if (g->gd->units[u].type != UT_INFANTRY || us->where != AT_MAP || !(us->flags & UF_ACTIVE) ||
        (us->flags & (UF_SKIRMISHED | UF_FOUGHT)) || st->skirmishers[side] <= 0 || st->act_step == STEP_COMBAT ||
        st->act_step == STEP_PLACE || g->gd->turns[st->turn - 1].night)
        return 0;
    int n = 0;
    HexCoord c = map_hex_at(&g->gd->map, us->hex);
    short maker[1] = {(short)u};
    Passage p;
    passage_init(g, side, maker, 1, PASS_PLACE, &p);
    for (int d = -1; d < DIR_COUNT; d++) {
        int hex = us->hex;
        if (d >= 0) {
            HexCoord nb = hex_neighbour(c, d);
            if (!map_has(&g->gd->map, nb) || passage_step(&p, us->hex, d) == COST_NO)
                continue;
            hex = map_hex_index(&g->gd->map, nb);
            if (next_to_side(g, hex, 1 - side))
                continue;
        }
        short here[GS_MAX_UNITS];
        int k = units_in_hex(g, hex, side, -1, here, GS_MAX_UNITS), pts = 1;
        for (int i = 0; i < k; i++)
            pts += game_unit_points(g, here[i]);
        if (k + 1 > g->gd->stacking.max_units || pts > g->gd->stacking.max_points)
            continue;
        out[n++] = (short)hex;
    }
    return n;
}

/* ---- bombardment (BOMBARD, BOMBARD-PROC) ---------------------------- */

bool is_artillery(const UnitDef *u) { return u->type == UT_ARTILLERY || u->type == UT_HORSE_ARTILLERY; }

bool is_skirmisher(const Game *g, int u) { return g->gd->units[u].type == UT_SKIRMISHER; }

const char *unit_id_of(const GameData *gd, int u) { return u >= 0 && u < gd->nunits ? gd->units[u].id : "?"; }

const char *hex_name(const GameData *gd, int hex, char out[5])
{
    if (hex >= 0 && hex < gd->map.cols * gd->map.rows)
        hex_format(map_hex_at(&gd->map, hex), out);
    else
        memcpy(out, "????", 5);
    return out;
}

const char *unit_list_refusal(const Game *g, const short *units, int n)
{
    for (int i = 0; i < n; i++) {
        if (units[i] < 0 || units[i] >= g->st.nunits)
            return "no such unit";
        for (int j = 0; j < i; j++)
            if (units[j] == units[i])
                return "a unit is named twice";
    }
    return NULL;
}

bool is_dummy(const Game *g, int u) { return g->gd->units[u].type == UT_DUMMY; }

/* DUMMIES: "Dummies can never move alone but must always move with their
 * stack ... they retreat or advance with the real units of their stack."
 * A dummy whose stack left its hex (a move, a retreat, an advance, a break
 * of contact: the real units that stood with it before the decision are
 * now elsewhere) goes with them, to where most of them went that has room
 * for it; one left with
 * no real unit of its side otherwise (its stack destroyed) comes off the
 * map, back to its owner. Only its owner reads of it in the log. */
void dummies_cleanup(Game *g, const GameState *before)
{
    GameState *st = &g->st;
    for (int u = 0; u < st->nunits; u++) {
        if (!is_dummy(g, u) || st->unit[u].where != AT_MAP)
            continue;
        int side = g->gd->units[u].side;
        bool company = false;
        for (int v = 0; v < st->nunits && !company; v++)
            company = v != u && !is_dummy(g, v) && st->unit[v].where == AT_MAP && st->unit[v].hex == st->unit[u].hex &&
                      g->gd->units[v].side == side;
        if (company)
            continue;
        int to = -1, most = 0;
        for (int v = 0; v < st->nunits && before; v++) {
            const UnitState *b = &before->unit[v], *a = &st->unit[v];
            if (v == u || is_dummy(g, v) || g->gd->units[v].side != side || b->where != AT_MAP ||
                b->hex != before->unit[u].hex || a->where != AT_MAP || a->hex == b->hex)
                continue;
            short self[1] = {(short)u};
            if (stack_over_with(g, a->hex, side, self, 1, 0, 0))
                continue; /* no room there: it does not follow (a dummy counts in the stacking) */
            int k = 0; /* how many of its stack went there */
            for (int w = 0; w < st->nunits; w++)
                k += !is_dummy(g, w) && before->unit[w].where == AT_MAP && before->unit[w].hex == b->hex &&
                     st->unit[w].where == AT_MAP && st->unit[w].hex == a->hex;
            if (k > most) {
                most = k;
                to = a->hex;
            }
        }
        char hf[5], ht[5];
        if (to >= 0) {
            hex_name(g->gd, st->unit[u].hex, hf);
            unit_put(g, u, AT_MAP, to);
            LogEntry *le = log_add(&g->log, st->turn, LOG_EVENT, "DUMMIES", "%s goes with its stack from %s to %s",
                                   g->gd->units[u].name, hf, hex_name(g->gd, to, ht));
            if (le)
                le->secret = side + 1;
            continue;
        }
        {
            LogEntry *le = log_add(&g->log, st->turn, LOG_EVENT, "DUMMIES", "%s, left alone in %s, comes off the map",
                                   g->gd->units[u].name, hex_name(g->gd, st->unit[u].hex, hf));
            if (le)
                le->secret = side + 1;
            unit_reset(g, u, (UnitState){.hex = -1, .where = AT_ABSENT, .steps = 0, .flags = 0, .exited_from = -1});
            st->dummies[g->gd->units[u].side]++;
        }
    }
}

/* In the solitaire game the player moves every Union counter at the table
 * and sees them all; hidden stacks are an option (hidden-automa). */
static bool system_in_sight(const Game *g, int viewer)
{
    return g->variant && viewer != g->variant->side && !(g->st.options & g->variant->hidden_option);
}

bool game_can_inspect(const Game *g, int viewer, int hex)
{
    if (system_in_sight(g, viewer))
        return true;
    bool enemy = false;
    for (int i = 0; i < g->st.nunits; i++)
        if (g->st.unit[i].where == AT_MAP && g->st.unit[i].hex == hex && g->gd->units[i].side != viewer)
            enemy = true;
    return !enemy || next_to_side(g, hex, viewer);
}

/* The unit's own lock (Gibbon's brigades: CAMPAIGN). */
static bool own_lock(const Game *g, int u)
{
    const GameState *st = &g->st;
    return st->unit_lock[u] > st->turn && !(st->unit_release[u] && st->unit_release[u] <= st->turn);
}

/* The formation's lock: not before a turn, or until attacked (CAMPAIGN,
 * SCENARIO-LEE-MOVES), unless released. */
static bool formation_locked(const Game *g, int f)
{
    const GameState *st = &g->st;
    if (f < 0 || f >= GS_MAX_FORMATIONS)
        return false;
    bool released = st->release_turn[f] > 0 && st->release_turn[f] <= st->turn;
    return !released && (st->lock_turn[f] > st->turn || st->lock_attacked[f]);
}

bool unit_locked(const Game *g, int u)
{
    return own_lock(g, u) || formation_locked(g, g->gd->units[u].formation);
}

bool hex_has_real(const Game *g, int hex, int side)
{
    for (int i = 0; i < g->st.nunits; i++)
        if (g->st.unit[i].where == AT_MAP && g->st.unit[i].hex == hex && g->gd->units[i].side == side &&
            !is_skirmisher(g, i) && !is_dummy(g, i))
            return true;
    return false;
}

int skirmisher_place(Game *g, int side, int hex)
{
    GameState *st = &g->st;
    if (st->skirmishers[side] <= 0)
        return -1;
    for (int u = 0; u < st->nunits; u++)
        if (is_skirmisher(g, u) && g->gd->units[u].side == side && st->unit[u].where == AT_ABSENT) {
            unit_reset(g, u, (UnitState){.hex = (short)hex, .where = AT_MAP, .steps = 1, .flags = 0, .exited_from = -1});
            st->skirmishers[side]--;
            return u;
        }
    return -1;
}

/* A formation locked until attacked or bombarded is released from the next
 * turn once one of its units in `hex` is hit at (CAMPAIGN, scenario rules).
 * With locks_release_together (the campaign: "from the next turn both Corps
 * and the Gibbon division can be activated normally"), every lock of the
 * scenario goes at once. */
void release_locks_in_hex(Game *g, int hex)
{
    GameState *st = &g->st;
    bool together = option_yes(g, "locks_release_together");
    for (int i = 0; i < st->nunits; i++) {
        if (st->unit[i].where != AT_MAP || st->unit[i].hex != hex || !unit_locked(g, i))
            continue;
        int f = g->gd->units[i].formation, next = st->turn + 1;
        bool freed = false;
        for (int j = 0; j < st->nunits; j++) {
            bool same_group = st->unit_lock[j] && ((st->unit_lock[j] == st->unit_lock[i] &&
                                                     g->gd->units[j].formation == f) ||
                                                    (f >= 0 && f < GS_MAX_FORMATIONS && st->unit_lock[j] == st->lock_turn[f]));
            if (own_lock(g, j) && !st->unit_release[j] && (together || same_group)) {
                st->unit_release[j] = (unsigned char)next;
                freed = true;
            }
        }
        for (int k = 0; k < g->gd->nformations && k < GS_MAX_FORMATIONS; k++)
            if (formation_locked(g, k) && st->release_turn[k] == 0 && (together || k == f)) {
                st->release_turn[k] = next;
                freed = true;
            }
        if (freed)
            log_add(&g->log, st->turn, LOG_EVENT, "CAMPAIGN", "%s is attacked or bombarded: %s may act from turn %d",
                g->gd->units[i].name, together ? "every formation held back" : "it and its locked companions", next);
    }
}

int units_in_hex(const Game *g, int hex, int side, int type /* -1 any */, short *out, int max)
{
    int n = 0;
    if (!hex_has_side(g, hex, side))
        return 0; /* the index says at once that no such unit stands there */
    for (int i = 0; i < g->st.nunits; i++) {
        const UnitState *u = &g->st.unit[i];
        const UnitDef *ud = &g->gd->units[i];
        if (u->where != AT_MAP || u->hex != hex || ud->side != side)
            continue;
        if (type >= 0 && ud->type == UT_DUMMY)
            continue; /* a dummy is never a target (DUMMIES) */
        if (type == TARGET_TROOPS && is_artillery(ud))
            continue;
        if (type == TARGET_ARTILLERY && !is_artillery(ud))
            continue;
        if (n < max)
            out[n] = (short)i;
        n++;
    }
    return n;
}

/* Why these guns may not bombard that hex (BOMBARD), or NULL. */
static const char *bombard_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    const Map *m = &g->gd->map;
    if (g->gd->turns[st->turn - 1].night)
        return "there is no bombardment at night";
    if (d->arg < 0 || d->arg >= m->cols * m->rows)
        return "that hex is not on the map";
    if (d->nunits < 1 || d->nunits > DEC_MAX_UNITS)
        return "name the artillery units firing together";
    HexCoord target = map_hex_at(m, d->arg);
    const char *bad = unit_list_refusal(g, d->units, d->nunits);
    if (bad)
        return bad;
    for (int i = 0; i < d->nunits; i++) {
        int u = d->units[i];
        const UnitState *us = &st->unit[u];
        if (!is_artillery(&g->gd->units[u]))
            return "only artillery bombards";
        if (!(us->flags & UF_ACTIVE))
            return "that unit is not active in this activation";
        if (us->flags & UF_FIRED)
            return "that battery has already fired this turn";
        if (us->flags & (UF_DIS | UF_DEM))
            return "disorganized or demoralized units do not bombard (DISORG, DEMORAL)";
        if (forced_march_bars(g, u))
            return "no unit of a force-marching formation bombards this turn (FORCED-MARCH)";
        int dist = hex_distance(map_hex_at(m, us->hex), target);
        if (dist < 1 || dist > 2)
            return "the target must be one or two hexes away";
        if (dist == 2) {
            HexCoord between[2];
            int nb = hex_between(map_hex_at(m, us->hex), target, between);
            bool blocked = nb > 0;
            for (int k = 0; k < nb; k++)
                blocked &= g->gd->terrain[map_hex(m, between[k])->terrain].blocks_fire;
            if (blocked)
                return "every hex between is woods or town: the shot is blocked";
        }
    }
    for (int i = 0; i < st->nbombarded; i++)
        if (st->bombarded[i] == d->arg)
            return "that hex has already been bombarded in this activation";
    int enemy = 1 - g->gd->units[d->units[0]].side;
    short tmp[1];
    int troops = units_in_hex(g, d->arg, enemy, TARGET_TROOPS, tmp, 1);
    int guns = units_in_hex(g, d->arg, enemy, TARGET_ARTILLERY, tmp, 1);
    if (troops + guns == 0)
        return "no enemy unit stands there";
    if (d->arg2 == TARGET_TROOPS && troops == 0)
        return "there is no infantry or cavalry there; target the artillery";
    if (d->arg2 == TARGET_ARTILLERY && guns == 0)
        return "there is no artillery there; target the troops";
    return NULL;
}

bool breastwork_allowed(const Game *g, int hex)
{
    const MapHex *mh = &g->gd->map.hexes[hex];
    return g->st.breastwork[hex] == 0 && g->gd->terrain[mh->terrain].breastworks && mh->fort_faces == 0 &&
           !g->st.fort_marker[hex] && !g->gd->turns[g->st.turn - 1].night;
}

static const char *const art_names[] = {"no effect", "DIS (one unit disorganized)", "1 (one step lost)",
                                        "1DIS (one step lost and disorganized)"};

static void finish_bombardment(Game *g)
{
    g->st.pending = PEND_NONE;
    g->st.to_move = g->st.drawn.side;
}

/* Applies the result to one unit of the target type (BOMBARD-PROC). */
static void bombard_effect(Game *g, int unit) { bombard_apply(g, unit, g->st.bomb_result); }

void bombard_apply(Game *g, int unit, int r)
{
    GameState *st = &g->st;
    UnitState *u = &st->unit[unit];
    const char *name = g->gd->units[unit].name;
    if (r == ART_LOSS || r == ART_LOSS_DIS) {
        u->steps--;
        if (u->steps == 0) {
            unit_put(g, unit, AT_ELIMINATED, -1);
            log_add(&g->log, st->turn, LOG_EVENT, "BOMBARD-PROC", "%s loses its last step and is eliminated", name);
            return;
        }
        log_add(&g->log, st->turn, LOG_EVENT, "BOMBARD-PROC", "%s loses a step", name);
    }
    if ((r == ART_DIS || r == ART_LOSS_DIS) && is_skirmisher(g, unit))
        log_add(&g->log, st->turn, LOG_EVENT, "SKIRM-RULES", "%s is immune to disorder", name);
    else if (r == ART_DIS || r == ART_LOSS_DIS) {
        if (u->flags & (UF_DIS | UF_DEM)) {
            u->flags = (unsigned short)((u->flags & ~UF_DIS) | UF_DEM);
            log_add(&g->log, st->turn, LOG_EVENT, "BOMBARD-PROC", "%s, already disorganized, is demoralized", name);
        } else {
            u->flags |= UF_DIS;
            log_add(&g->log, st->turn, LOG_EVENT, "BOMBARD-PROC", "%s is disorganized", name);
        }
    }
}

/* The bombardment table's result for a die (BOMBARD-PROC): the die's
 * modifiers (terrain, breastwork, fortification, event), the factor's row,
 * the column of the modified die. The roll and the preview both ask it. */
static int bombard_lookup(const Game *g, int hex, int factor, int defender, int die, int event_mod, bool breastwork,
                          int *modified, int *terrain_mod, int *bw_mod, int *fort_mod)
{
    const GameData *gd = g->gd;
    const MapHex *mh = &gd->map.hexes[hex];
    const ArtilleryTable *t = &gd->artillery;
    *terrain_mod = gd->terrain[mh->terrain].bombard_modifier;
    *bw_mod = breastwork ? t->breastwork_modifier : 0;
    bool works = (mh->fort_faces && defender == SIDE_CONFEDERATE) || g->st.fort_marker[hex];
    *fort_mod = works ? t->fortification_modifier : 0;
    int mod = die + *terrain_mod + *bw_mod + *fort_mod + event_mod;
    *modified = mod;
    int col = mod < t->die_min ? t->die_min : mod > t->die_max ? t->die_max : mod;
    const ArtilleryRow *row = NULL;
    for (int i = 0; i < t->nrows; i++)
        if (factor >= t->rows[i].factor_min && factor <= t->rows[i].factor_max)
            row = &t->rows[i];
    for (int i = 0; i < t->nrows && !row; i++) /* beyond the table: its strongest row */
        if (!row || t->rows[i].factor_max > row->factor_max)
            row = &t->rows[i];
    return row ? row->result[col - t->die_min] : ART_NONE;
}

int bombard_table(Game *g, int hex, int factor, int defender, int die, int event_mod, const char *rule)
{
    const GameData *gd = g->gd;
    LogEntry *roll = &g->log.items[g->log.count - 1];
    int mod, terrain_mod, bw_mod, fort_mod;
    int result = bombard_lookup(g, hex, factor, defender, die, event_mod, g->st.breastwork[hex] != 0, &mod, &terrain_mod,
                                &bw_mod, &fort_mod);
    roll->modified = mod;
    log_add(&g->log, g->st.turn, LOG_EVENT, rule,
            "factor %d, die %d, %+d %s, %+d breastwork, %+d fortification, %+d event = %d: %s", factor, die, terrain_mod,
            gd->terrain[gd->map.hexes[hex].terrain].name, bw_mod, fort_mod, event_mod, mod, art_names[result]);
    return result;
}

void game_bombard_preview(const Game *g, const Decision *d, BombardPreview *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < d->nunits; i++)
        out->factor += game_unit_points(g, d->units[i]);
    out->event_mod = event_bombard_modifier(g, d->units, d->nunits);
    int defender = 1 - d->side;
    bool has_bw = g->st.breastwork[d->arg] != 0;
    out->breastwork_possible = !has_bw && breastwork_allowed(g, d->arg) && hex_has_real(g, d->arg, defender);
    for (int pass = 0; pass < 2; pass++) {
        bool bw = has_bw || pass == 1;
        if (pass == 1 && !out->breastwork_possible)
            break;
        for (int die = 1; die <= 6; die++) {
            int mod, tm, bm, fm;
            int r = bombard_lookup(g, d->arg, out->factor, defender, die, out->event_mod, bw, &mod, &tm, &bm, &fm);
            (pass == 0 ? out->result : out->result_bw)[die - 1] = (unsigned char)r;
            if (pass == 0) {
                out->terrain_mod = tm;
                out->bw_mod = bm;
                out->fort_mod = fm;
            }
        }
    }
}

const char *game_bombard_result_name(int result)
{
    return result >= 0 && result < (int)(sizeof art_names / sizeof *art_names) ? art_names[result] : "?";
}

/* The units that may take the bombardment's result: those of the target
 * type, and for a disorder alone not a skirmisher while another may take it
 * ("not subject to the Disorganization or Demoralization result"). */
static int bombard_candidates(const Game *g, int side, short *out, int max)
{
    const GameState *st = &g->st;
    int n = units_in_hex(g, st->bomb_hex, side, st->bomb_type, out, max);
    if (st->bomb_result != ART_DIS)
        return n;
    int k = 0;
    for (int i = 0; i < n && i < max; i++)
        if (!is_skirmisher(g, out[i]))
            out[k++] = out[i];
    return k > 0 ? k : (n > 0 ? 1 : 0); /* skirmishers alone: one of them shrugs it off */
}

static void resolve_bombardment(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    const MapHex *mh = &gd->map.hexes[st->bomb_hex];
    char hx[5];
    hex_format(map_hex_at(&gd->map, st->bomb_hex), hx);
    char purpose[96];
    snprintf(purpose, sizeof purpose, "bombardment of %s, factor %d", hx, st->bomb_factor);
    int die = game_roll(g, "BOMBARD-PROC", purpose);
    int defender = 1 - st->drawn.side;
    st->bomb_result = (unsigned char)bombard_table(g, st->bomb_hex, st->bomb_factor, defender, die, st->bomb_event_mod,
                                                   "BOMBARD-PROC");
    (void)mh;
    if (st->bomb_result == ART_NONE) {
        finish_bombardment(g);
        return;
    }
    short cand[16];
    int n = bombard_candidates(g, defender, cand, 16);
    if (n == 1) {
        bombard_effect(g, cand[0]);
        finish_bombardment(g);
        return;
    }
    st->pending = PEND_BOMBARD_TAKE; /* the defender picks the unit */
    st->to_move = defender;
}

/* ---- higher commanders (HIGHER-CMD) and the detachment (DETACH) ------ */

static bool hc_free_turn(const Game *g, int k)
{
    /* higher_commander_turns lists turns where he may act whatever the
     * alternate-turn rule says (Jackson's Attack: 14:1). */
    const char *v = option(g, "higher_commander_turns");
    char tok[32];
    for (const char *p = v; p && (p = ini_next_token(p, tok, sizeof tok, NULL));)
        if (atoi(tok) == g->st.turn)
            return true;
    (void)k;
    return false;
}

bool higher_barred_by_interval(const Game *g, int k)
{
    const GameState *st = &g->st;
    return st->hc_turn[k] && st->turn < st->hc_turn[k] + g->gd->rules.higher_interval && !hc_free_turn(g, k);
}

static const char *higher_refusal(const Game *g, const Decision *d, char *buf, size_t n)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    if (d->arg < 0 || d->arg >= gd->ncommanders || !gd->commanders[d->arg].higher || gd->commanders[d->arg].side != d->side)
        return "that is not a higher commander of this army";
    const ScenarioDef *sc = scen(g);
    if (!st->cmd_present[d->arg] && (!sc->commander_allowed[d->arg] || gd->commanders[d->arg].detached))
        return "his chit is not in this scenario (or he has not arrived)";
    if (st->cmd_gone[d->arg])
        return "he has fallen and left the game";
    if (higher_barred_by_interval(g, d->arg) && !st->hc_twice[d->arg])
        return "a higher commander acts only every other turn";
    if (d->nunits < 1 || d->nunits > gd->commanders[d->arg].command_factor) {
        snprintf(buf, n, "he commands from 1 to %d formations (his command factor)", gd->commanders[d->arg].command_factor);
        return buf;
    }
    int cost = 0;
    for (int i = 0; i < d->nunits; i++) {
        int f = d->units[i];
        if (f < 0 || f >= gd->nformations)
            return "no such formation";
        for (int j = 0; j < i; j++)
            if (d->units[j] == f)
                return "a formation is named twice";
        char why[128];
        const char *r = choose_refusal(g, d->side, f, why, sizeof why);
        if (r && strncmp(r, "it costs", 8) != 0) {
            snprintf(buf, n, "%s: %s", gd->formations[f].name, r);
            return buf;
        }
        cost += game_formation_cost(g, f);
    }
    if (cost > st->points[d->side]) {
        snprintf(buf, n, "those formations cost %d activation points and %d are left", cost, st->points[d->side]);
        return buf;
    }
    return NULL;
}

/* Hexes where the detachment marker may go now, with units to take along. */
static bool detach_ok(const Game *g, int hex, const unsigned char *range)
{
    const GameState *st = &g->st;
    int side = st->drawn.side;
    if (!range[hex])
        return false;
    for (int i = 0; i < st->nunits; i++) {
        const UnitState *u = &st->unit[i];
        if (u->where == AT_MAP && u->hex == hex && g->gd->units[i].side == side && !(u->flags & UF_ACTIVATED) &&
            !unit_locked(g, i))
            return true;
    }
    return false;
}

/* The formation a unit acts with: its own, or none (-1) for an independent,
 * as the scenario may make a brigade (Salem Church: "Mahone and Wilcox,
 * belonging to the Anderson Division, are considered independent units"). */
int unit_formation(const Game *g, int u)
{
    return u >= 0 && u < GS_MAX_UNITS && g->st.scen_independent[u] ? -1 : g->gd->units[u].formation;
}

/* FORCED-MARCH: "No unit in the force marching formation may attack or
 * bombard that turn": a unit that marched, any unit of the activation under
 * way, and any unit of a formation that marched, even one activated later
 * by the Independent chit or a detachment. */
bool forced_march_bars(const Game *g, int u)
{
    const GameState *st = &g->st;
    int f = unit_formation(g, u);
    return (st->unit[u].flags & UF_FORCED) || st->marching || (f >= 0 && f < GS_MAX_FORMATIONS && st->marched_fm[f]);
}

/* Why this activation may not be a forced march now, or NULL. */
static const char *march_refusal(const Game *g)
{
    const GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE || st->pending != PEND_NONE)
        return "a forced march is declared during an activation's movement";
    if (st->drawn.kind == CHIT_INDEPENDENT)
        return "only a formation (or a higher commander's) may force-march";
    if (st->march_used[st->drawn.side])
        return "only one formation a turn may force-march";
    bool able = false;
    for (int i = 0; i < st->nunits; i++) {
        if ((st->unit[i].flags & UF_ACTIVE) && (st->unit[i].flags & (UF_MOVED | UF_FIRED)))
            return "declare it before any unit moves";
        able |= (st->unit[i].flags & UF_ACTIVE) && !(st->unit[i].flags & (UF_OOS | UF_DIS | UF_DEM)) &&
                !is_skirmisher(g, i) && st->unit[i].where == AT_MAP;
    }
    return able ? NULL : "no active unit could march (out of supply and disordered units cannot)";
}

/* FORCED-MARCH: "a step loss is removed by any unit belonging to the
 * formation": a unit of the marching formation (or of a higher
 * commander's formations) on the map, or one that marched with it. */
static bool march_loss_ok(const Game *g, int u)
{
    const GameState *st = &g->st;
    const Chit *c = &st->drawn;
    if (u < 0 || u >= st->nunits || st->unit[u].where != AT_MAP || is_skirmisher(g, u) || is_dummy(g, u) ||
        g->gd->units[u].side != c->side)
        return false;
    int f = unit_formation(g, u);
    return (st->unit[u].flags & UF_FORCED) || (c->kind == CHIT_FORMATION && f >= 0 && f == c->index) ||
           held_by_drawn(g, f);
}

/* DUMMIES: a marker goes on a hex holding units of one's own, within the
 * stacking limit, at the start of the turn. */
static const char *dummy_refusal(const Game *g, int side, int hex)
{
    const GameState *st = &g->st;
    if (!(st->options & OPT_DUMMIES))
        return "dummies are an optional rule not chosen for this game";
    if (st->phase != PH_CHOOSE)
        return "dummies are placed at the start of the turn";
    if (st->dummies[side] <= 0)
        return "no dummy marker is left";
    if (hex < 0 || hex >= g->gd->map.cols * g->gd->map.rows || !hex_has_side(g, hex, side))
        return "a dummy goes on a hex holding units of one's own";
    short here[GS_MAX_UNITS];
    if (units_in_hex(g, hex, side, -1, here, GS_MAX_UNITS) + 1 > g->gd->stacking.max_units)
        return "the stack would be over the stacking limit";
    return NULL;
}

static bool detachment_allowed(const Game *g)
{
    const GameState *st = &g->st;
    const char *v = option(g, "detachment");
    return st->drawn.kind != CHIT_INDEPENDENT && !st->detach_used[st->drawn.side] &&
           g->gd->army[st->drawn.side].detachment_markers > 0 && !(v && strcmp(v, "no") == 0);
}

int game_legal(const Game *g, Decision *out, int max)
{
    const GameState *st = &g->st;
    if (g->variant && st->to_move == g->variant->side && st->phase != PH_GAME_OVER)
        return g->variant->legal(g, out, max); /* the Automa answers for the Union */
    int n = game_legal_base(g, out, max);
    if (g->variant)
        n = g->variant->filter(g, out, n < max ? n : max); /* AI-SIX: the player picks among equals */
    return n;
}

int game_legal_base(const Game *g, Decision *out, int max)
{
    const GameState *st = &g->st;
    int n = 0;
#define ADD(k, a)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            out[n] = (Decision){.kind = (k), .side = st->to_move, .arg = (a)};                                                              \
        n++;                                                                                                           \
    } while (0)
    char buf[128];
    if (st->pending == PEND_DEMORAL)
        return morale_legal(g, out, max, 0); /* demoralized units next to the enemy fall back (DEMORAL) */
    if (st->pending == PEND_RETREAT_EVENT)
        return events_legal(g, out, max, 0); /* a General Retreat under way (EVENTS) */
    if (st->pending == PEND_ENGAGE)
        return g->variant->answer_legal(g, out, max); /* the player's answers in an Automa engagement */
    switch (st->phase) {
    case PH_NIGHT_EVENTS:
        n = events_legal(g, out, max, n);
        break;
    case PH_PLACEMENT:
    case PH_DEPLOY:
        n = placement_legal(g, out, max, n);
        break;
    case PH_CHOOSE:
        for (int f = 0; f < g->gd->nformations; f++)
            if (!choose_refusal(g, st->to_move, f, buf, sizeof buf))
                ADD(D_CHOOSE, f);
        /* A higher commander with one formation, or two; any larger group
         * within his factor is accepted too. */
        for (int k = 0; k < g->gd->ncommanders; k++)
            for (int f1 = 0; f1 < g->gd->nformations; f1++)
                for (int f2 = f1; f2 < g->gd->nformations; f2++) {
                    Decision h = {.kind = D_HIGHER, .side = st->to_move, .arg = k, .nunits = f1 == f2 ? 1 : 2,
                                  .units = {(short)f1, (short)f2}};
                    if (!higher_refusal(g, &h, buf, sizeof buf)) {
                        if (n < max)
                            out[n] = h;
                        n++;
                    }
                }
        for (int h = 0; st->dummies[st->to_move] > 0 && h < g->gd->map.cols * g->gd->map.rows; h++)
            if (!dummy_refusal(g, st->to_move, h))
                ADD(D_DUMMY, h);
        for (int u = 0; u < st->nunits; u++)
            if (is_dummy(g, u) && st->unit[u].where == AT_MAP && g->gd->units[u].side == st->to_move)
                ADD(D_REMOVE_DUMMY, u);
        n = events_legal(g, out, max, n);
        ADD(D_DONE, 0);
        break;
    case PH_RECOVERY:
        n = night_legal(g, out, max, n);
        break;
    case PH_ACTIVATION:
        if (!st->activated) {
            if (st->drawn.kind == CHIT_EVENT) {
                n = events_legal(g, out, max, n); /* Good General: the formation, or pass */
                break;
            }
            if (placeable(g))
                ADD(D_ACTIVATE, 0);
            ADD(D_PASS, 0);
            n = events_legal(g, out, max, n); /* draw an event instead */
            break;
        }
        if (st->pending == PEND_BREASTWORK) {
            ADD(D_BREASTWORK, 0);
            ADD(D_NO_BREASTWORK, 0);
            break;
        }
        if (st->pending == PEND_COMBAT) {
            n = combat_legal(g, out, max, n);
            n = events_legal(g, out, max, n); /* a chit adding dice, at one's bonus step */
            break;
        }
        if (st->pending == PEND_STACK) {
            short here[GS_MAX_UNITS];
            int nh = units_in_hex(g, st->stack_hex, st->to_move, -1, here, GS_MAX_UNITS);
            for (int i = 0; i < nh; i++) {
                short dest[DIR_COUNT];
                int nd = displace_destinations(g, st->stack_hex, here[i], dest, DIR_COUNT);
                for (int j = 0; j < nd; j++) {
                    if (n < max)
                        out[n] = (Decision){.kind = D_DISPLACE, .side = st->to_move, .arg = here[i], .arg2 = dest[j]};
                    n++;
                }
                if (nd == 0)
                    ADD(D_ELIMINATE, here[i]);
            }
            break;
        }
        if (st->pending == PEND_BREAK_CONTACT) {
            short dest[64];
            int nd = break_destinations(g, st->bc_queue[0], dest, 64);
            for (int i = 0; i < nd && i < 64; i++)
                ADD(D_BREAK, dest[i]);
            /* or the stack splits: each real unit alone (BREAK-CONTACT) */
            short here[GS_MAX_UNITS];
            int nh = units_in_hex(g, st->bc_queue[0], st->to_move, -1, here, GS_MAX_UNITS);
            for (int i = 0; i < nh && nh > 1; i++) {
                Decision one = {.kind = D_BREAK, .side = st->to_move, .nunits = 1, .units = {here[i]}};
                if (break_split_refusal(g, &one))
                    continue;
                nd = break_destinations_for(g, st->bc_queue[0], one.units, 1, dest, 64);
                for (int j = 0; j < nd && j < 64; j++) {
                    one.arg = dest[j];
                    if (n < max)
                        out[n] = one;
                    n++;
                }
            }
            if (!st->bc_split)
                ADD(D_STAY, 0);
            break;
        }
        if (st->pending == PEND_MARCH_LOSS) {
            for (int u = 0; u < st->nunits; u++)
                if (march_loss_ok(g, u))
                    ADD(D_TAKE, u);
            break;
        }
        if (st->pending == PEND_BOMBARD_TAKE) {
            short cand[16];
            int nc = bombard_candidates(g, st->to_move, cand, 16);
            for (int i = 0; i < nc && i < 16; i++)
                ADD(D_TAKE, cand[i]);
            break;
        }
        if (st->act_step == STEP_PLACE) {
            for (int h = 0; h < g->gd->map.cols * g->gd->map.rows; h++)
                if (!place_refusal(g, h))
                    ADD(D_PLACE, h);
            break;
        }
        /* Bombardments: each active gun alone, and all guns that can reach a
         * target together, at every target type present. */
        for (int h = 0; st->act_step != STEP_COMBAT && h < g->gd->map.cols * g->gd->map.rows; h++) {
            Decision all = {.kind = D_BOMBARD, .side = st->to_move, .arg = h};
            for (int u = 0; u < st->nunits; u++) {
                if (!(st->unit[u].flags & UF_ACTIVE) || !is_artillery(&g->gd->units[u]) || all.nunits >= DEC_MAX_UNITS)
                    continue;
                Decision one = {.kind = D_BOMBARD, .side = st->to_move, .arg = h, .nunits = 1, .units = {(short)u}};
                bool any = false;
                for (int type = 0; type < 2; type++) {
                    one.arg2 = type;
                    if (!bombard_refusal(g, &one)) {
                        if (n < max)
                            out[n] = one;
                        n++;
                        any = true;
                    }
                }
                if (any)
                    all.units[all.nunits++] = (short)u;
            }
            for (int type = 0; all.nunits > 1 && type < 2; type++) {
                all.arg2 = type;
                if (!bombard_refusal(g, &all)) {
                    if (n < max)
                        out[n] = all;
                    n++;
                }
            }
        }
        n = combat_legal(g, out, max, n);
        n = events_legal(g, out, max, n);
        bool can_end = combat_obligations_met(g, buf, sizeof buf);
        if (st->act_step == STEP_BOMBARD || st->act_step == STEP_COMBAT) {
            if (can_end)
                ADD(D_END, 0);
            break;
        }
        for (int u = 0; u < st->nunits; u++)
            if (st->unit[u].where == AT_MAP && g->gd->units[u].side == st->to_move && !attach_refusal(g, u))
                ADD(D_ATTACH, u);
        if (!march_refusal(g))
            ADD(D_FORCED_MARCH, 0);
        n = pontoon_legal(g, out, max, n);
        if (detachment_allowed(g)) {
            int cells = g->gd->map.cols * g->gd->map.rows;
            unsigned char *range = malloc((size_t)cells);
            if (range) {
                command_range(g, st->drawn.side, st->chit_hex, chit_radius(g), range);
                for (int h = 0; h < cells; h++)
                    if (detach_ok(g, h, range))
                        ADD(D_DETACH, h);
                free(range);
            }
        }
        for (int u = 0; u < st->nunits; u++) {
            short dest[DIR_COUNT + 1];
            int nd = skirmish_destinations(g, u, dest);
            for (int i = 0; i < nd; i++) {
                if (n < max)
                    out[n] = (Decision){.kind = D_SKIRMISH, .side = st->to_move, .arg = u, .arg2 = dest[i]};
                n++;
            }
        }
        for (int u = 0; u < st->nunits; u++) { /* each unit alone, and each exit hex's whole active stack */
            if (!(st->unit[u].flags & UF_ACTIVE) || st->unit[u].where != AT_MAP || !exit_hex(g, st->unit[u].hex))
                continue;
            Decision one = {.kind = D_EXIT, .side = st->to_move, .nunits = 1, .units = {(short)u}};
            Decision all = {.kind = D_EXIT, .side = st->to_move};
            bool first = true;
            for (int v = 0; v < st->nunits && all.nunits < DEC_MAX_UNITS; v++)
                if ((st->unit[v].flags & UF_ACTIVE) && st->unit[v].where == AT_MAP && st->unit[v].hex == st->unit[u].hex) {
                    first &= v >= u;
                    all.units[all.nunits++] = (short)v;
                }
            for (int pass = 0; pass < 2; pass++) {
                const Decision *e = pass == 0 ? &one : &all;
                if ((pass == 1 && (!first || all.nunits < 2)) || exit_refusal(g, e))
                    continue;
                if (n < max)
                    out[n] = *e;
                n++;
            }
        }
        n = list_group_moves(g, out, max, n, UF_ACTIVE, UF_MOVED, -1, NULL);
        n = list_group_moves(g, out, max, n, UF_GO_ON, 0, -1, NULL); /* going on after a break of contact */
        if (can_end)
            ADD(D_END, 0);
        break;
    default:
        break;
    }
#undef ADD
    return n;
}

static void chit_name(const Game *g, const Chit *c, char *buf, size_t n)
{
    if (c->kind == CHIT_INDEPENDENT)
        snprintf(buf, n, "%s Independent", c->side == SIDE_UNION ? "Union" : "Confederate");
    else if (c->kind == CHIT_EVENT)
        snprintf(buf, n, "%s (event)", c->index >= 0 && c->index < g->gd->nevents ? g->gd->events[c->index].name : "?");
    else if (c->kind == CHIT_HIGHER)
        snprintf(buf, n, "%s", g->gd->commanders[c->index].name);
    else
        snprintf(buf, n, "%s", g->gd->formations[c->index].name);
}

/* Draws the next chit, or ends the turn when the cup is empty (ACT-CUP). */
static void draw_next(Game *g)
{
    GameState *st = &g->st;
    if (st->ncup == 0) {
        if (g->gd->turns[st->turn - 1].night && g->variant && g->variant->night(g))
            return; /* AI-NIGHT: the Automa's night marches first */
        if (g->gd->turns[st->turn - 1].night && !night_begin(g))
            return; /* recovery decisions first */
        end_turn(g);
        return;
    }
    int i = -1;
    const char *first = st->turn == scen(g)->first_turn ? option(g, "first_activation") : NULL;
    for (int c = 0; first && c < st->ncup && i < 0; c++)
        if (st->cup[c].kind == CHIT_HIGHER && strcmp(g->gd->commanders[st->cup[c].index].id, first) == 0)
            i = c; /* this scenario opens with his activation */
    if (i < 0)
        i = (int)rng_below(&st->rng, (uint32_t)st->ncup);
    st->drawn = st->cup[i];
    st->cup[i] = st->cup[--st->ncup];
    st->activated = false;
    st->phase = PH_ACTIVATION;
    st->to_move = st->drawn.side;
    char name[NAME_LEN + 16];
    chit_name(g, &st->drawn, name, sizeof name);
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-CUP", "drawn from the cup: %s (%d left in the cup)", name, st->ncup);
    if (g->variant)
        g->variant->chit_drawn(g); /* the Automa acts (AI-ACTIVATE), or counts the player's activation (AI-WHEEL) */
}

static void fill_cup(Game *g)
{
    GameState *st = &g->st;
    st->ncup = 0;
    if (g->variant) /* AI-SEQUENCE: the Automa's markers, Hooker, its Independent */
        st->ncup = g->variant->fill_cup(g, st->cup, GS_MAX_CHITS);
    for (int f = 0; f < g->gd->nformations; f++)
        if (st->chosen[f] && st->held_by[f] < 0)
            st->cup[st->ncup++] = (Chit){CHIT_FORMATION, (unsigned char)g->gd->formations[f].side, (short)f};
    for (int k = 0; k < g->gd->ncommanders && k < GS_MAX_COMMANDERS; k++) {
        bool holds = false;
        for (int f = 0; f < g->gd->nformations; f++)
            holds |= st->held_by[f] == k;
        if (holds)
            st->cup[st->ncup++] = (Chit){CHIT_HIGHER, (unsigned char)g->gd->commanders[k].side, (short)k};
    }
    for (int s = 0; s < SIDE_COUNT; s++) {
        if (!(g->variant && s == g->variant->side))
            st->cup[st->ncup++] = (Chit){CHIT_INDEPENDENT, (unsigned char)s, -1};
        if (st->ev_extra[s] >= 0) /* Good General goes in with the command chits (EVENTS) */
            st->cup[st->ncup++] = (Chit){CHIT_EVENT, (unsigned char)s, st->ev_extra[s]};
    }
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-CUP", "%d chits in the cup, %s among them", st->ncup,
            g->variant ? "the Independent chits in play" : "the two Independent chits");
}



void game_draw_next(Game *g) { draw_next(g); }

/* What one side may see of enemy stacks: one bit per hex. */
static void seen_hexes(const Game *g, int side, unsigned char *seen)
{
    const Map *m = &g->gd->map;
    int cells = m->cols * m->rows;
    memset(seen, 0, (size_t)cells);
    if (system_in_sight(g, side))
        return; /* everything is always in sight: nothing new is ever seen */
    for (int u = 0; u < g->st.nunits; u++) /* seen[h]: bit 1 own units, bit 2 enemy units */
        if (g->st.unit[u].where == AT_MAP)
            seen[g->st.unit[u].hex] |= (unsigned char)(g->gd->units[u].side == side ? 1 : 2);
    for (int h = 0; h < cells; h++) {
        if (!(seen[h] & 2))
            continue;
        bool near = false;
        HexCoord c = map_hex_at(m, h);
        for (int d = 0; d < DIR_COUNT && !near; d++) {
            HexCoord nb = hex_neighbour(c, d);
            near = map_has(m, nb) && (seen[map_hex_index(m, nb)] & 1);
        }
        if (near)
            seen[h] |= 4;
    }
    for (int h = 0; h < cells; h++)
        seen[h] = (seen[h] & 4) != 0;
}

/* SKIRM-MAKE: infantry make skirmishers "at the beginning, during or at the
 * end of their movement" (the rulebook's example: a stack moves, leaves a
 * skirmisher in the hex just left, moves on and leaves another). A move is
 * one decision here, so a brigade of the move just ended that makes its
 * skirmisher lets that stack go on with what the move left, as after a
 * break of contact: the same move, resumed. */
static void skirmish_mid_move(Game *g, int maker)
{
    GameState *st = &g->st;
    bool in_last = false;
    for (int i = 0; i < st->mv_last_n; i++)
        in_last |= st->mv_units[i] == maker;
    if (!in_last)
        return; /* a stack already going on stays so (go_on_expire) */
    for (int i = 0; i < st->mv_last_n; i++) {
        UnitState *u = &st->unit[st->mv_units[i]];
        if (u->where == AT_MAP && u->hex == st->unit[maker].hex && u->mp_left > 0) /* demoralized too (DEMORAL) */
            u->flags |= UF_GO_ON | (st->mv_last_road ? UF_GO_ROAD : 0);
    }
}

/* BREAK-CONTACT's resume is the same move going on: "Single units or
 * stacks must complete movement before starting with the next one". Any
 * decision but the enemy's answer to the break, or one by the units that
 * may go on themselves, ends their chance. */
static void go_on_expire(Game *g, const Decision *d)
{
    GameState *st = &g->st;
    if (d->kind != D_MOVE)
        st->mv_last_n = 0; /* the move just ended is over for SKIRM-MAKE too */
    if (d->kind == D_BREAK || d->kind == D_STAY)
        return;
    bool own = d->kind == D_MOVE || d->kind == D_EXIT || d->kind == D_DESTROY || d->kind == D_CAPTURE;
    /* a brigade of the stack making its skirmisher pauses its movement, it does not end it (SKIRM-MAKE) */
    int maker = d->kind == D_SKIRMISH && d->arg >= 0 && d->arg < st->nunits && (st->unit[d->arg].flags & UF_GO_ON)
                    ? d->arg
                    : -1;
    for (int u = 0; u < st->nunits; u++) {
        if (!(st->unit[u].flags & UF_GO_ON))
            continue;
        bool mine = maker >= 0 && st->unit[u].where == AT_MAP && st->unit[u].hex == st->unit[maker].hex;
        for (int i = 0; i < d->nunits && own; i++)
            mine |= d->units[i] == u;
        if ((d->kind == D_DESTROY || d->kind == D_CAPTURE) && own)
            mine |= d->arg == u;
        if (!mine)
            st->unit[u].flags &= (unsigned short)~(UF_GO_ON | UF_GO_ROAD);
    }
}

bool game_apply(Game *g, const Decision *d, char *why, size_t n)
{
    /* Undo keeps a snapshot of each decision until something random or
     * hidden comes out: a die, a draw from the cup, an enemy stack seen. */
    UndoEntry before = {g->st, g->log.count, d->side};
    int cells = g->gd->map.cols * g->gd->map.rows;
    unsigned char *seen_before = malloc((size_t)cells), *seen_after = malloc((size_t)cells);
    if (seen_before)
        seen_hexes(g, d->side, seen_before);
    if (!decision_apply(g, d, why, n)) {
        free(seen_before);
        free(seen_after);
        return false;
    }
    GameRecord rec = {.dice = false, .side = d->side};
    decision_format(g->gd, d, rec.text, sizeof rec.text);
    record(g, &rec);
    go_on_expire(g, d);
    morale_check(g); /* demoralized units next to the enemy fall back at once (DEMORAL) */
    dummies_cleanup(g, &before.st); /* after the check: its cull may leave a dummy alone */
    breastworks_cleanup(g); /* after the check: a demoralized stack with no way out is eliminated there */
    if (g->variant && g->st.phase != PH_GAME_OVER)
        g->variant->after_decision(g); /* AI-VP-TRACK: losses on the VP track; objectives reached by an advance */
    if (g->st.phase != PH_GAME_OVER && g->st.phase != PH_PLACEMENT && g->st.phase != PH_DEPLOY)
        victory_check(g, false, false); /* conditions met "as soon as" */
    assert(game_index_ok(g)); /* every unit moved through unit_put */
    /* playing an event chit shows the enemy what was in one's hand; the
     * placement counters turned over show both (VARIANT-HYPOTHETICAL) */
    bool barrier = memcmp(&before.st.rng, &g->st.rng, sizeof g->st.rng) != 0 || d->kind == D_EVENT ||
                   (before.st.phase == PH_PLACEMENT && g->st.phase != PH_PLACEMENT);
    if (!barrier && seen_before && seen_after) {
        seen_hexes(g, d->side, seen_after);
        for (int h = 0; h < cells && !barrier; h++)
            barrier = seen_after[h] && !seen_before[h];
    }
    free(seen_before);
    free(seen_after);
    if (barrier) {
        g->nundo = 0;
        return true;
    }
    if (g->nundo == g->capundo) {
        int cap = g->capundo ? g->capundo * 2 : 16;
        UndoEntry *p = realloc(g->undo, (size_t)cap * sizeof *p);
        if (!p) {
            g->nundo = 0; /* no memory for undo: the game goes on without it */
            return true;
        }
        g->undo = p;
        g->capundo = cap;
    }
    g->undo[g->nundo++] = before;
    return true;
}

int game_undo_depth(const Game *g, int side)
{
    int k = 0;
    for (int i = g->nundo - 1; i >= 0 && g->undo[i].side == side; i--)
        k++;
    return k;
}

bool game_undo(Game *g, int side, char *why, size_t n)
{
    if (g->nundo == 0) {
        snprintf(why, n, "nothing to take back: a die, a draw or a sighting of the enemy came since");
        return false;
    }
    UndoEntry *e = &g->undo[g->nundo - 1];
    if (e->side != side) {
        snprintf(why, n, "the last decision was the %s side's", data_side_name(e->side));
        return false;
    }
    g->st = e->st;
    if (e->log_count <= g->log.count)
        g->log.count = e->log_count;
    g->nundo--;
    while (g->nrec > 0 && g->rec[g->nrec - 1].dice)
        g->nrec--; /* dice forced after it went with the state */
    if (g->nrec > 0)
        g->nrec--;
    return true;
}

bool game_apply_base(Game *g, const Decision *d, char *why, size_t n)
{
    g->answering = true; /* the rules' own handling of the Automa's answer */
    bool ok = decision_apply(g, d, why, n);
    g->answering = false;
    return ok;
}

/* D_CHOOSE */
bool apply_choose(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char buf[128];
    if (st->phase != PH_CHOOSE) {
        snprintf(why, n, "formations are chosen at the start of the turn");
        return false;
    }
    if (d->arg < 0 || d->arg >= g->gd->nformations) {
        snprintf(why, n, "no such formation");
        return false;
    }
    const char *r = choose_refusal(g, d->side, d->arg, buf, sizeof buf);
    if (r) {
        snprintf(why, n, "%s cannot be chosen: %s", g->gd->formations[d->arg].name, r);
        return false;
    }
    int cost = game_formation_cost(g, d->arg);
    st->points[d->side] -= cost;
    st->chosen[d->arg] = true;
    LogEntry *le = log_add(&g->log, st->turn, LOG_DECISION, "ACT-POINTS", "%s chooses %s for %d point%s (%d left)",
                           data_side_name(d->side), g->gd->formations[d->arg].name, cost, cost == 1 ? "" : "s",
                           st->points[d->side]);
    if (le)
        le->secret = d->side + 1; /* the chits chosen for the cup are hidden (VISIBILITY) */
    return true;
}

/* D_DUMMY */
bool apply_dummy(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    const char *r = dummy_refusal(g, d->side, d->arg);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    for (int u = 0; u < st->nunits; u++)
        if (is_dummy(g, u) && g->gd->units[u].side == d->side && st->unit[u].where == AT_ABSENT) {
            unit_reset(g, u, (UnitState){.hex = (short)d->arg, .where = AT_MAP, .steps = 1, .flags = 0, .exited_from = -1});
            st->dummies[d->side]--;
            log_add(&g->log, st->turn, LOG_DECISION, "DUMMIES", "%s places a dummy marker", data_side_name(d->side));
            return true;
        }
    snprintf(why, n, "no dummy marker is left");
    return false;
}

/* D_REMOVE_DUMMY */
bool apply_remove_dummy(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    int u = d->arg;
    if (u < 0 || u >= st->nunits || !is_dummy(g, u) || st->unit[u].where != AT_MAP ||
        g->gd->units[u].side != d->side) {
        snprintf(why, n, "that is not one of your dummies on the map");
        return false;
    }
    unit_reset(g, u, (UnitState){.hex = -1, .where = AT_ABSENT, .steps = 0, .flags = 0, .exited_from = -1});
    st->dummies[d->side]++;
    log_add(&g->log, st->turn, LOG_DECISION, "DUMMIES", "%s takes a dummy marker off", data_side_name(d->side));
    return true;
}

/* D_HIGHER */
bool apply_higher(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char buf[128];
    char text[1024]; /* the decision as the log and the record write it */
    decision_format(g->gd, d, text, sizeof text);
    if (st->phase != PH_CHOOSE) {
        snprintf(why, n, "higher commanders are chosen at the start of the turn");
        return false;
    }
    const char *r = higher_refusal(g, d, buf, sizeof buf);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    int cost = 0;
    for (int i = 0; i < d->nunits; i++) {
        cost += game_formation_cost(g, d->units[i]);
        st->chosen[d->units[i]] = true;
        st->held_by[d->units[i]] = (short)d->arg;
    }
    st->points[d->side] -= cost;
    st->hc_turn[d->arg] = st->turn;
    LogEntry *le = log_add(&g->log, st->turn, LOG_DECISION, "HIGHER-CMD",
                           "%s: %d point%s, his chit goes in the cup (%d left)", text, cost, cost == 1 ? "" : "s",
                           st->points[d->side]);
    if (le)
        le->secret = d->side + 1;
    return true;
}

/* D_FORCED_MARCH */
bool apply_forced_march(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    const char *r = march_refusal(g);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    int marching = 0;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        if (!(u->flags & UF_ACTIVE))
            continue;
        if (u->flags & (UF_OOS | UF_DIS | UF_DEM)) {
            /* "cannot perform this type of movement": they move at their own pace, and like the whole
             * formation do not attack or bombard */
            log_add(&g->log, st->turn, LOG_EVENT, "FORCED-MARCH",
                    "%s, out of supply or in disorder, cannot force-march: it moves at its normal pace",
                    g->gd->units[i].name);
            continue;
        }
        u->flags |= UF_FORCED;
        marching++;
    }
    for (int i = 0; i < st->nunits; i++) { /* "the force marching formation": every formation acting now */
        int f = unit_formation(g, i);
        if ((st->unit[i].flags & UF_ACTIVE) && f >= 0 && f < GS_MAX_FORMATIONS)
            st->marched_fm[f] = true;
    }
    st->march_used[d->side] = true;
    st->marching = true;
    log_add(&g->log, st->turn, LOG_DECISION, "FORCED-MARCH",
            "%s force-marches: %d units, double movement, never next to the enemy, no attack", data_side_name(d->side),
            marching);
    return true;
}

/* D_DETACH */
bool apply_detach(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as the log and the record write it */
    decision_format(g->gd, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE || !detachment_allowed(g)) {
        snprintf(why, n, "the detachment marker serves once a turn, during an activation's movement (DETACH)");
        return false;
    }
    int cells = g->gd->map.cols * g->gd->map.rows;
    unsigned char *range = malloc((size_t)cells);
    if (!range) {
        snprintf(why, n, "out of memory");
        return false;
    }
    command_range(g, st->drawn.side, st->chit_hex, chit_radius(g), range);
    bool ok = d->arg >= 0 && d->arg < cells && detach_ok(g, d->arg, range);
    free(range);
    if (!ok) {
        snprintf(why, n, "the marker goes on units not yet activated this turn, within the command radius");
        return false;
    }
    int taken = 0;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        if (u->where == AT_MAP && u->hex == d->arg && g->gd->units[i].side == d->side &&
            !(u->flags & UF_ACTIVATED) && !unit_locked(g, i)) {
            u->flags |= UF_ACTIVE | UF_ACTIVATED | UF_DETACHED;
            if (st->marching && !(u->flags & (UF_OOS | UF_DIS | UF_DEM)))
                u->flags |= UF_FORCED; /* FORCED-MARCH: "and units with a 'detachment' marker" */
            taken++;
        }
    }
    activate_skirmishers(g, d->side);
    st->detach_used[d->side] = true;
    log_add(&g->log, st->turn, LOG_DECISION, "DETACH", "%s: %d unit%s join this activation", text, taken,
            taken == 1 ? "" : "s");
    return true;
}

/* D_DONE */
bool apply_done(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase != PH_CHOOSE) {
        snprintf(why, n, "nothing is being chosen now");
        return false;
    }
    log_add(&g->log, st->turn, LOG_DECISION, "ACT-POINTS", "%s has chosen (%d unused point%s lost)",
            data_side_name(d->side), st->points[d->side], st->points[d->side] == 1 ? "" : "s");
    st->points[d->side] = 0;
    st->done_choosing[d->side] = true;
    if (!st->done_choosing[SIDE_UNION]) {
        st->to_move = SIDE_UNION;
        return true;
    }
    fill_cup(g);
    draw_next(g);
    return true;
}

/* D_ACTIVATE, D_PASS */
bool apply_activate(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char buf[128];
    if (st->phase != PH_ACTIVATION || st->activated) {
        snprintf(why, n, "no chit is waiting to be activated or passed");
        return false;
    }
    chit_name(g, &st->drawn, buf, sizeof buf);
    if (d->kind == D_ACTIVATE && st->drawn.kind == CHIT_EVENT) {
        snprintf(why, n, "%s: name the formation it activates (good-general FORMATION), or pass", buf);
        return false;
    }
    if (d->kind == D_PASS && st->drawn.kind == CHIT_EVENT && st->drawn.index >= 0 &&
        g->gd->events[st->drawn.index].returns)
        st->ev_cup[st->drawn.index]++; /* unused: back in its event cup */
    if (d->kind == D_ACTIVATE && !placeable(g)) {
        snprintf(why, n, "%s has no unit it could activate: it can only be passed", buf);
        return false;
    }
    if (d->kind == D_PASS) {
        log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s passes: %s is lost for the turn",
                data_side_name(d->side), buf);
        draw_next(g);
    } else {
        st->activated = true;
        st->act_step = STEP_PLACE;
        st->chit_hex = -1;
        st->attached = 0;
        st->nbombarded = 0;
        st->stack_checked = false;
        st->has_resume = false;
        st->nattacked = 0;
        st->nobliged = 0;
        st->marching = false;
        events_end_activation(g);
        log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s activates %s", data_side_name(d->side), buf);
    }
    return true;
}

/* D_PLACE */
bool apply_place(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_PLACE) {
        snprintf(why, n, "no chit is waiting to be placed");
        return false;
    }
    const char *r = place_refusal(g, d->arg);
    if (r) {
        snprintf(why, n, "the chit cannot go there: %s", r);
        return false;
    }
    st->chit_hex = (short)d->arg;
    st->act_step = STEP_MOVE;
    char hx[5];
    hex_format(map_hex_at(&g->gd->map, d->arg), hx);
    log_add(&g->log, st->turn, LOG_DECISION, st->drawn.kind == CHIT_INDEPENDENT ? "INDEP-CHIT" : "ACT-RADIUS",
            "%s places the chit in %s", data_side_name(d->side), hx);
    activate_in_radius(g);
    return true;
}

/* D_ATTACH */
bool apply_attach(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE) {
        snprintf(why, n, "units join an activation once its chit is placed");
        return false;
    }
    const char *r = attach_refusal(g, d->arg);
    if (r) {
        snprintf(why, n, "%s cannot join: %s", d->arg >= 0 && d->arg < st->nunits ? g->gd->units[d->arg].name : "?",
                 r);
        return false;
    }
    st->unit[d->arg].flags |= UF_ACTIVE | UF_ACTIVATED;
    if (st->marching && !(st->unit[d->arg].flags & (UF_OOS | UF_DIS | UF_DEM)))
        st->unit[d->arg].flags |= UF_FORCED; /* FORCED-MARCH: "including any independent units" */
    activate_skirmishers(g, st->drawn.side);
    st->attached++;
    log_add(&g->log, st->turn, LOG_DECISION, st->drawn.kind == CHIT_INDEPENDENT ? "INDEP-CHIT" : "ACT-INDEP-ATTACH",
            "%s joins the activation", g->gd->units[d->arg].name);
    return true;
}

/* D_BOMBARD */
bool apply_bombard(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as the log and the record write it */
    decision_format(g->gd, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step == STEP_PLACE) {
        snprintf(why, n, "artillery bombards during an activation, once the chit is placed");
        return false;
    }
    if (st->act_step == STEP_COMBAT) {
        snprintf(why, n, "bombardment comes before combat (SEQ-DAY)");
        return false;
    }
    const char *r = bombard_refusal(g, d);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    if (stacking_holds_up(g, d)) /* movement is over: stacking before anything fires */
        return true;
    st->act_step = STEP_BOMBARD;
    st->bomb_hex = (short)d->arg;
    st->bomb_type = (unsigned char)d->arg2;
    st->bomb_factor = 0;
    st->bomb_event_mod = event_bombard_modifier(g, d->units, d->nunits); /* Alexander's Artillery */
    for (int i = 0; i < d->nunits; i++) {
        st->unit[d->units[i]].flags |= UF_FIRED;
        st->bomb_factor += game_unit_points(g, d->units[i]);
    }
    if (st->nbombarded < GS_MAX_BOMBARDED)
        st->bombarded[st->nbombarded++] = (short)d->arg;
    log_add(&g->log, st->turn, LOG_DECISION, "BOMBARD", "%s: factor %d at the %s (movement is over)", text,
            st->bomb_factor, d->arg2 == TARGET_ARTILLERY ? "artillery" : "infantry and cavalry");
    release_locks_in_hex(g, d->arg);
    if (breastwork_allowed(g, d->arg) && hex_has_real(g, d->arg, 1 - d->side)) {
        st->pending = PEND_BREASTWORK;
        st->to_move = 1 - d->side;
    } else
        resolve_bombardment(g);
    return true;
}

/* D_BREASTWORK, D_NO_BREASTWORK */
bool apply_breastwork(Game *g, const Decision *d, char *why, size_t n)
{
    (void)why; /* the question's own answer: never refused */
    (void)n;
    GameState *st = &g->st;
    if (d->kind == D_BREASTWORK) {
        st->breastwork[st->bomb_hex] = (unsigned char)(d->side + 1);
        log_add(&g->log, st->turn, LOG_DECISION, "BREASTWORK", "%s builds a breastwork in the bombarded hex",
                data_side_name(d->side));
    } else
        log_add(&g->log, st->turn, LOG_DECISION, "BREASTWORK", "%s builds no breastwork", data_side_name(d->side));
    st->pending = PEND_NONE;
    resolve_bombardment(g);
    return true;
}

/* D_BREAK, D_STAY */
bool apply_break(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    int from = st->bc_queue[0];
    char hf[5], hd[5] = "";
    hex_format(map_hex_at(&g->gd->map, from), hf);
    if (d->kind == D_BREAK) {
        const char *r = d->nunits > 0 ? break_split_refusal(g, d) : NULL;
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        short dest[64];
        int nd = break_destinations_for(g, from, d->units, d->nunits, dest, 64);
        bool ok = false;
        for (int i = 0; i < nd && i < 64; i++)
            ok |= dest[i] == d->arg;
        if (!ok) {
            snprintf(why, n, "%s in %s cannot break contact into that hex", d->nunits ? "those units" : "the stack", hf);
            return false;
        }
        short moved[GS_MAX_UNITS];
        int nm = d->nunits;
        if (nm > 0)
            memcpy(moved, d->units, (size_t)nm * sizeof *moved);
        else
            nm = units_in_hex(g, from, d->side, -1, moved, GS_MAX_UNITS);
        for (int i = 0; i < nm; i++)
            unit_put(g, moved[i], AT_MAP, d->arg);
        hex_format(map_hex_at(&g->gd->map, d->arg), hd);
        log_add(&g->log, st->turn, LOG_DECISION, "BREAK-CONTACT", "%s breaks contact: %s in %s step%s back to %s",
                data_side_name(d->side), d->nunits ? "part of the stack" : "the stack", hf, d->nunits ? "" : "s",
                hd);
        leave_hex(g, from, d->side, moved, nm, LEAVE_MOVE, true);
        if (st->mv_n > 0)
            st->mv_broke = true; /* the mover may go on past its planned end (BREAK-CONTACT) */
        if (hex_has_side(g, from, d->side)) {
            st->bc_split = true; /* the rest must follow: the hex is left empty */
            return true;
        }
        st->bc_split = false;
    } else {
        if (st->bc_split) {
            snprintf(why, n, "part of the stack has broken contact: the rest must follow (the hex is left empty)");
            return false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "BREAK-CONTACT", "%s stays in %s", data_side_name(d->side), hf);
    }
    memmove(st->bc_queue, st->bc_queue + 1, (size_t)(st->bc_n - 1) * sizeof *st->bc_queue);
    st->bc_n--;
    /* A stack no longer there (it broke away, or another move emptied it) is skipped. */
    while (st->bc_n > 0 && !hex_has_side(g, st->bc_queue[0], d->side)) {
        memmove(st->bc_queue, st->bc_queue + 1, (size_t)(st->bc_n - 1) * sizeof *st->bc_queue);
        st->bc_n--;
    }
    if (st->bc_n > 0)
        return true;
    st->pending = PEND_NONE;
    st->to_move = st->drawn.side;
    continue_move(g);
    return true;
}

/* D_DISPLACE, D_ELIMINATE */
bool apply_displace(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as the log and the record write it */
    decision_format(g->gd, d, text, sizeof text);
    int u = d->arg;
    if (u < 0 || u >= st->nunits || st->unit[u].where != AT_MAP || st->unit[u].hex != st->stack_hex ||
        g->gd->units[u].side != d->side) {
        snprintf(why, n, "that unit is not in the over-stacked hex");
        return false;
    }
    short dest[DIR_COUNT];
    int nd = displace_destinations(g, st->stack_hex, u, dest, DIR_COUNT);
    if (d->kind == D_DISPLACE) {
        bool ok = false;
        for (int j = 0; j < nd; j++)
            ok |= dest[j] == d->arg2;
        if (!ok) {
            snprintf(why, n, "the excess goes to a neighbouring hex it may enter, not next to the enemy, where it "
                             "fits within the stacking limits");
            return false;
        }
        int from = st->unit[u].hex;
        unit_put(g, u, AT_MAP, d->arg2);
        short one[1] = {(short)u};
        leave_hex(g, from, d->side, one, 1, LEAVE_MOVE, next_to_side(g, from, 1 - d->side));
        log_add(&g->log, st->turn, LOG_DECISION, "STACK", "%s", text);
    } else {
        if (nd > 0) {
            snprintf(why, n, "a unit is eliminated only when it cannot be displaced");
            return false;
        }
        unit_put(g, u, AT_ELIMINATED, -1);
        st->unit[u].steps = 0;
        log_add(&g->log, st->turn, LOG_DECISION, "STACK", "%s is eliminated: no hex to displace it into",
                g->gd->units[u].name);
    }
    if (overstacked(g, st->stack_hex, d->side))
        return true;
    st->pending = PEND_NONE;
    st->to_move = st->drawn.side;
    if (!stacking_clean(g))
        return true;
    if (st->has_resume) {
        st->has_resume = false;
        Decision r = {.kind = st->resume_kind, .side = st->resume_side, .arg = st->resume_arg,
                      .arg2 = st->resume_arg2, .nunits = st->resume_n};
        memcpy(r.units, st->resume_units, sizeof r.units);
        r.nhexes = st->resume_nhex;
        memcpy(r.hexes, st->resume_hexes, sizeof r.hexes);
        char rwhy[160];
        if (!decision_apply(g, &r, rwhy, sizeof rwhy))
            log_add(&g->log, st->turn, LOG_EVENT, "STACK", "the waiting decision no longer stands: %s", rwhy);
    }
    return true;
}

/* D_TAKE */
bool apply_take(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->pending == PEND_MARCH_LOSS) {
        int u = d->arg;
        if (!march_loss_ok(g, u)) {
            snprintf(why, n, "the step comes from a unit of the formation that marched (FORCED-MARCH)");
            return false;
        }
        st->unit[u].steps--;
        if (st->unit[u].steps == 0)
            unit_put(g, u, AT_ELIMINATED, -1);
        log_add(&g->log, st->turn, LOG_DECISION, "FORCED-MARCH", "%s loses a step to the march%s",
                g->gd->units[u].name, st->unit[u].steps == 0 ? " and is gone" : "");
        st->pending = PEND_NONE;
        st->to_move = st->drawn.side;
        if (st->has_resume) {
            st->has_resume = false;
            Decision r = {.kind = D_END, .side = st->resume_side};
            char rwhy[160];
            decision_apply(g, &r, rwhy, sizeof rwhy);
        }
        return true;
    }
    {
    short cand[16];
    int nc = bombard_candidates(g, d->side, cand, 16);
    bool ok = false;
    for (int i = 0; i < nc && i < 16; i++)
        ok |= cand[i] == d->arg;
    if (!ok) {
        snprintf(why, n, "that unit is not one of the bombarded hex's %s",
                 st->bomb_type == TARGET_ARTILLERY ? "artillery" : "infantry and cavalry");
        return false;
    }
    log_add(&g->log, st->turn, LOG_DECISION, "BOMBARD-PROC", "%s chooses %s to take the result",
            data_side_name(d->side), g->gd->units[d->arg].name);
    bombard_effect(g, d->arg);
    finish_bombardment(g);
    return true;
}
}

/* D_SKIRMISH */
bool apply_skirmish(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as the log and the record write it */
    decision_format(g->gd, d, text, sizeof text);
    short dest[DIR_COUNT + 1];
    int nd = d->arg >= 0 && d->arg < st->nunits && g->gd->units[d->arg].side == d->side
                 ? skirmish_destinations(g, d->arg, dest)
                 : 0;
    bool ok = false;
    for (int i = 0; i < nd; i++)
        ok |= dest[i] == d->arg2;
    if (!ok) {
        snprintf(why, n, "an active brigade that has not yet done so puts one skirmisher, before combat, in its "
                         "hex or next to it out of contact, while any are available (SKIRM-MAKE)");
        return false;
    }
    int sk = skirmisher_place(g, d->side, d->arg2);
    if (sk < 0) {
        snprintf(why, n, "no skirmisher is available");
        return false;
    }
    st->unit[sk].flags |= UF_ACTIVE | UF_ACTIVATED;
    st->unit[d->arg].flags |= UF_SKIRMISHED;
    skirmish_mid_move(g, d->arg);
    log_add(&g->log, st->turn, LOG_DECISION, "SKIRM-MAKE", "%s (%d left in the pool)", text,
            st->skirmishers[d->side]);
    return true;
}

/* D_EXIT */
bool apply_exit(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as the log and the record write it */
    decision_format(g->gd, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE) {
        snprintf(why, n, "units leave the map during their movement");
        return false;
    }
    const char *r = exit_refusal(g, d);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    for (int i = 0; i < d->nunits; i++) {
        UnitState *u = &st->unit[d->units[i]];
        int from = u->hex;
        unit_put(g, d->units[i], AT_EXITED, -1);
        u->exited_from = (short)from;
        u->flags |= UF_MOVED;
        leave_hex(g, from, d->side, &d->units[i], 1, LEAVE_MOVE, next_to_side(g, from, 1 - d->side));
    }
    log_add(&g->log, st->turn, LOG_DECISION, "EXIT-MAP", "%s: off the map for good", text);
    return true;
}

/* D_MOVE */
bool apply_move(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as the log and the record write it */
    decision_format(g->gd, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE) {
        snprintf(why, n, st->act_step == STEP_BOMBARD ? "movement ends with the first bombardment"
                                                      : "nothing may move now");
        return false;
    }
    const char *r = move_group_refusal(g, d);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    MoveReach reach;
    if (!group_reach(g, d->units, d->nunits, &reach)) {
        snprintf(why, n, "out of memory");
        return false;
    }
    const Map *m = &g->gd->map;
    bool road_only = false;
    int cost = d->arg >= 0 && d->arg < m->cols * m->rows ? move_cost_to(&reach, map_hex_at(m, d->arg), &road_only)
                                                         : MOVE_UNREACHED;
    if (cost == MOVE_UNREACHED || d->arg == reach.start) {
        move_reach_free(&reach);
        snprintf(why, n, "that hex cannot be reached this move%s",
                 g->gd->turns[st->turn - 1].night ? " (at night no unit may enter a hex next to the enemy)" : "");
        return false;
    }
    HexCoord path[GS_MAX_PATH];
    int len = move_path(&reach, map_hex_at(m, d->arg), path, GS_MAX_PATH);
    move_reach_free(&reach);
    st->mv_n = d->nunits;
    st->mv_mp = 99;
    bool resumed = (st->unit[d->units[0]].flags & UF_GO_ON) != 0, go_road = true;
    int go_left = 255;
    for (int i = 0; i < d->nunits && resumed; i++) {
        UnitState *u = &st->unit[d->units[i]];
        go_road &= (u->flags & UF_GO_ROAD) != 0;
        if (u->mp_left < go_left)
            go_left = u->mp_left;
        u->flags &= (unsigned short)~(UF_GO_ON | UF_GO_ROAD);
    }
    for (int i = 0; i < d->nunits; i++) {
        st->mv_units[i] = d->units[i];
        st->unit[d->units[i]].flags |= UF_MOVED;
        if (!is_skirmisher(g, d->units[i]) && !is_dummy(g, d->units[i]) &&
            g->gd->units[d->units[i]].movement < st->mv_mp)
            st->mv_mp = g->gd->units[d->units[i]].movement;
    }
    for (int i = 0; i < d->nunits; i++)
        if (st->unit[d->units[i]].flags & UF_FORCED) {
            st->mv_mp *= g->gd->rules.forced_march_factor; /* FORCED-MARCH */
            break;
        }
    st->mv_mp += event_extra_mp(g, d->units, d->nunits); /* Jackson Attacks (EVENTS) */
    st->mv_len = len;
    for (int i = 0; i < len; i++)
        st->mv_path[i] = (short)map_hex_index(m, path[i]);
    st->mv_pos = 0;
    st->mv_spent = resumed ? st->mv_mp * 2 + (go_road ? g->gd->movement.road_bonus : 0) - go_left : 0;
    st->mv_road = resumed ? go_road : true;
    st->mv_broke = false;
    /* VISIBILITY: a stack the enemy may not inspect moves under its count of counters only; its
     * owner reads which units (and dummies) they are */
    int from_hex = st->unit[d->units[0]].hex;
    bool hidden = !game_can_inspect(g, 1 - d->side, from_hex);
    LogEntry *le = log_add(&g->log, st->turn, LOG_DECISION, "MOVE-BASIC", "%s: planned %d%s MP%s", text,
                           cost / 2, cost % 2 ? ".5" : "", road_only ? " wholly by road" : "");
    if (hidden && le) {
        le->secret = d->side + 1;
        /* the counters the enemy sees go: those named, and the dummies that follow a stack leaving whole */
        int counters = d->nunits, left = 0, dummies = 0;
        for (int u = 0; u < st->nunits; u++) {
            bool named = false;
            for (int i = 0; i < d->nunits; i++)
                named |= d->units[i] == u;
            if (named || st->unit[u].where != AT_MAP || st->unit[u].hex != from_hex ||
                g->gd->units[u].side != d->side)
                continue;
            if (is_dummy(g, u))
                dummies++;
            else
                left++;
        }
        if (left == 0)
            counters += dummies;
        char hf[5], ht[5];
        LogEntry *pub = log_add(&g->log, st->turn, LOG_DECISION, "VISIBILITY",
                                "a %s stack of %d counter%s moves from %s towards %s",
                                d->side == SIDE_UNION ? "Union" : "Confederate", counters, counters == 1 ? "" : "s",
                                hex_name(g->gd, from_hex, hf), hex_name(g->gd, d->arg, ht));
        if (pub)
            pub->secret = -(d->side + 1); /* the enemy's view: its owner reads its own line above */
    }
    continue_move(g);
    return true;
}

/* D_END */
bool apply_end(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated) {
        snprintf(why, n, "no activation is under way");
        return false;
    }
    if (!combat_obligations_met(g, why, n))
        return false;
    if (stacking_holds_up(g, d))
        return true;
    if (st->marching) {
        st->marching = false;
        char why2[64];
        snprintf(why2, sizeof why2, "after a forced march: 1-%d costs the formation a step", g->gd->rules.forced_march_loss);
        int die = game_roll(g, "FORCED-MARCH", why2);
        if (die <= g->gd->rules.forced_march_loss) {
            int nc = 0;
            for (int i = 0; i < st->nunits; i++)
                nc += march_loss_ok(g, i);
            if (nc > 0) {
                st->pending = PEND_MARCH_LOSS;
                st->to_move = d->side;
                remember(g, d);
                log_add(&g->log, st->turn, LOG_EVENT, "FORCED-MARCH", "the march costs a step: %s chooses the unit",
                        data_side_name(d->side));
                return true;
            }
        }
    }
    log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s ends the activation", data_side_name(d->side));
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        /* DISORG: "removed at the end of the activation, if the unit was activated without moving ...
         * provided the unit does not have an 'Out of Supply' (OOS) marker" */
        if ((u->flags & UF_ACTIVE) && (u->flags & UF_DIS) && !(u->flags & (UF_MOVED | UF_OOS)) &&
            u->where == AT_MAP) {
            u->flags &= (unsigned short)~UF_DIS;
            log_add(&g->log, st->turn, LOG_EVENT, "DISORG", "%s, activated without moving, recovers its order",
                    g->gd->units[i].name);
        }
        u->flags &= (unsigned short)~(UF_ACTIVE | UF_SKIRMISHED | UF_GO_ON | UF_GO_ROAD);
    }
    memset(st->left_works, 0, sizeof st->left_works);
    events_end_activation(g);
    draw_next(g);
    return true;
}

/* D_EVENT, D_DRAW_EVENT, D_GOOD_GENERAL, D_NO_EVENT: a drawn chit traded
 * for an event draws the next chit (EVENTS). */
bool apply_event(Game *g, const Decision *d, char *why, size_t n)
{
    if (!events_apply(g, d, why, n))
        return false;
    if (d->kind == D_DRAW_EVENT)
        draw_next(g);
    return true;
}

/* kinds that only come in a phase or question routed before them */
bool apply_unknown(Game *g, const Decision *d, char *why, size_t n)
{
    (void)g;
    (void)d;
    snprintf(why, n, "unknown decision");
    return false;
}

bool decision_apply(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase == PH_GAME_OVER) {
        snprintf(why, n, "the game is over");
        return false;
    }
    if (d->side != st->to_move) {
        snprintf(why, n, "it is the %s side's decision", data_side_name(st->to_move));
        return false;
    }
    if (d->kind == D_AUTOMA || (g->variant && st->to_move == g->variant->side && !g->answering)) {
        if (d->kind != D_AUTOMA) {
            snprintf(why, n, "the Automa commands the Union: its only decision is \"automa\" (its next step)");
            return false;
        }
        if (!g->variant) {
            snprintf(why, n, "the Automa plays only in a solitaire game");
            return false;
        }
        return g->variant->apply(g, d, why, n);
    }
    if (st->pending == PEND_DEMORAL)
        return morale_apply(g, d, why, n);
    if (st->pending == PEND_ENGAGE)
        return g->variant->answer_apply(g, d, why, n);
    const char *refused = g->variant ? g->variant->refuse(g, d) : NULL;
    if (refused) { /* AI-SIX: only one of the strongest, for the Automa's 6 */
        snprintf(why, n, "%s", refused);
        return false;
    }
    if (d->kind < 0 || d->kind >= D_COUNT) {
        snprintf(why, n, "unknown decision");
        return false;
    }
    unsigned answers = decision_kinds[d->kind].answers;
    bool answers_pending = st->pending != PEND_NONE && (answers & A(st->pending));
    if (st->pending != PEND_NONE && !answers_pending) {
        snprintf(why, n, "the %s side must first %s", data_side_name(st->to_move),
                 st->pending == PEND_BREASTWORK    ? "decide on a breastwork (breastwork or no-breastwork)"
                 : st->pending == PEND_BOMBARD_TAKE ? "choose the unit that takes the bombardment (take UNIT)"
                 : st->pending == PEND_MARCH_LOSS   ? "choose the unit that loses a step to the march (take UNIT)"
                 : st->pending == PEND_STACK        ? "put right an over-stacked hex (displace UNIT HEX)"
                 : st->pending == PEND_COMBAT       ? "answer in the combat under way (see 'legal')"
                 : st->pending == PEND_RETREAT_EVENT ? "finish the General Retreat (move UNITS HEX, or end)"
                                                    : "decide whether to break contact (break HEX or stay)");
        return false;
    }
    if (st->pending == PEND_NONE && (answers & ANSWER_ONLY)) {
        snprintf(why, n, "nothing is asking for that now");
        return false;
    }
    if (st->phase == PH_RECOVERY) {
        bool over = false;
        if (!night_apply(g, d, why, n, &over))
            return false;
        if (over)
            end_turn(g);
        return true;
    }
    if (st->phase == PH_PLACEMENT || st->phase == PH_DEPLOY) {
        bool done = false;
        if (!placement_apply(g, d, why, n, &done))
            return false;
        if (done)
            begin_turn(g);
        return true;
    }
    if (placement_decision(d->kind)) {
        snprintf(why, n, "the hypothetical deployment is over");
        return false;
    }
    if (st->phase == PH_NIGHT_EVENTS) {
        if (d->kind != D_EVENT && d->kind != D_NO_EVENT) {
            snprintf(why, n, "before the night's supply check: event ID HEX (a supply chit) or no-event");
            return false;
        }
        if (!events_apply(g, d, why, n))
            return false;
        if (!events_night_next(g) && night_after_events(g))
            end_turn(g);
        return true;
    }
    if (st->pending == PEND_RETREAT_EVENT)
        return apply_event(g, d, why, n); /* a General Retreat under way (EVENTS) */
    if (st->pending == PEND_COMBAT && (d->kind == D_BREASTWORK || d->kind == D_NO_BREASTWORK))
        return combat_apply(g, d, why, n); /* the defender's breastwork in a combat */
    return decision_kinds[d->kind].apply(g, d, why, n);
}

