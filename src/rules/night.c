/* The night turn's procedures (SEQ-NIGHT), supply (SUPPLY, OOS-LADDER) and
 * recovery (RECOVERY).
 *
 * When the cup of a night turn is empty: supply is checked and the
 * out-of-supply ladder climbed; units in supply recover their order
 * (disorganized ones) or half of it (demoralized ones); then each side in
 * turn (Confederates first) picks one reduced unit per formation, and any
 * independents, to return to full strength. Skirmishers and events at night
 * come with those rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game_internal.h"
#include "rules/variant.h"
#include "rules/move.h"

static bool scenario_always_supplied(const Game *g)
{
    const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
    const char *v = scenario_option(sc->rules, sc->nrules, "always_supplied");
    return v && strcmp(v, "yes") == 0;
}

/* May supply cross the hexside from h in dir? (RIVERS, MINOR-RIVERS) */
static bool supply_crosses(const Game *g, int side, int h, int dir)
{
    const Map *m = &g->gd->map;
    const Hexside *hs = &m->hexes[h].side[dir];
    if (hs->kind < 0)
        return true;
    bool pontoon = (g->st.pontoon[side][h] >> dir) & 1u;
    bool bridge = (hs->flags & SIDE_BRIDGE) != 0;
    switch (g->gd->hexside_kinds[hs->kind].supply) {
    case SUPPLY_ALWAYS:
        return true;
    case SUPPLY_DRY:
        return !g->st.rain || bridge || pontoon;
    case SUPPLY_BRIDGE:
        return bridge || pontoon;
    default: /* SUPPLY_PONTOON */
        return pontoon;
    }
}

static bool usable_road(const Game *g, int h, int dir)
{
    int r = g->gd->map.hexes[h].road[dir];
    return r >= 0 && g->gd->road_kinds[r].move != COST_NO;
}

static bool road_hex(const Game *g, int h)
{
    for (int d = 0; d < DIR_COUNT; d++)
        if (usable_road(g, h, d))
            return true;
    return false;
}

/* The road hexes joined to a friendly supply source by road, unbroken by the
 * enemy in or beside them (friends on the road keep it open). */
static void supply_network(const Game *g, int side, unsigned char *net)
{
    const Map *m = &g->gd->map;
    int cells = m->cols * m->rows;
    memset(net, 0, (size_t)cells);
    unsigned char *blocked = calloc((size_t)cells, 1);
    int *queue = malloc((size_t)cells * sizeof *queue);
    if (!blocked || !queue)
        goto out;
    for (int h = 0; h < cells; h++)
        blocked[h] = hex_has_side(g, h, 1 - side) || (next_to_side(g, h, 1 - side) && !hex_has_side(g, h, side));
    int head = 0, tail = 0;
    unsigned char flag = side == SIDE_UNION ? HEXF_SUPPLY_UNION : HEXF_SUPPLY_CSA;
    for (int h = 0; h < cells; h++)
        if ((m->hexes[h].flags & flag) && !blocked[h]) {
            net[h] = 1;
            queue[tail++] = h;
        }
    while (head < tail) {
        int h = queue[head++];
        HexCoord c = map_hex_at(m, h);
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord nb = hex_neighbour(c, d);
            if (!map_has(m, nb))
                continue;
            int ni = map_hex_index(m, nb);
            if (net[ni] || blocked[ni])
                continue;
            /* along a road, or across a pontoon joining two roads */
            bool pontoon = (g->st.pontoon[side][h] >> d) & 1u;
            bool linked = usable_road(g, h, d) || (pontoon && road_hex(g, ni));
            if (!linked || !supply_crosses(g, side, h, d))
                continue;
            net[ni] = 1;
            queue[tail++] = ni;
        }
    }
out:
    free(blocked);
    free(queue);
}

/* Whether a supply line runs from HEX to the network: on it, or within the
 * supply reach in MP of it (SUPPLY). */
static bool hex_traces(const Game *g, int side, int hex, const unsigned char *net)
{
    const GameData *gd = g->gd;
    if (net[hex])
        return true;
    int cells = gd->map.cols * gd->map.rows;
    Passage p;
    passage_init(g, side, NULL, 0, PASS_SUPPLY, &p);
    MoveReach r;
    bool ok = false;
    if (passage_reach(g, &p, hex, gd->combat.supply_reach, &r)) {
        for (int h = 0; h < cells && !ok; h++)
            ok = net[h] && move_cost_to(&r, map_hex_at(&gd->map, h), NULL) != MOVE_UNREACHED;
        move_reach_free(&r);
    }
    return ok;
}

static bool traces_to(const Game *g, int u, const unsigned char *net)
{
    const UnitState *us = &g->st.unit[u];
    return us->where == AT_MAP && hex_traces(g, g->gd->units[u].side, us->hex, net);
}

void game_hexes_supplied(const Game *g, int side, const short *hexes, int n, bool *out)
{
    int cells = g->gd->map.cols * g->gd->map.rows;
    bool always = scenario_always_supplied(g);
    unsigned char *net = always ? NULL : malloc((size_t)cells);
    if (net)
        supply_network(g, side, net);
    for (int i = 0; i < n; i++)
        out[i] = hexes[i] >= 0 && hexes[i] < cells && (always || (net && hex_traces(g, side, hexes[i], net)));
    free(net);
}

bool game_hex_supplied(const Game *g, int side, int hex)
{
    short h = (short)hex;
    bool ok;
    game_hexes_supplied(g, side, &h, 1, &ok);
    return ok;
}

static bool always_supplied(const Game *g, int u)
{
    /* SUPPLY: cavalry and skirmishers are always in supply. */
    return g->gd->units[u].type == UT_CAVALRY || is_skirmisher(g, u) || is_dummy(g, u) || scenario_always_supplied(g);
}

bool game_in_supply(const Game *g, int u)
{
    if (always_supplied(g, u))
        return true;
    const UnitState *us = &g->st.unit[u];
    return us->where == AT_MAP && game_hex_supplied(g, g->gd->units[u].side, us->hex);
}

bool game_supply_status(const Game *g, unsigned char *out)
{
    int cells = g->gd->map.cols * g->gd->map.rows;
    unsigned char *net[SIDE_COUNT] = {malloc((size_t)cells), malloc((size_t)cells)};
    if (!net[0] || !net[1]) {
        free(net[0]);
        free(net[1]);
        return false;
    }
    for (int s = 0; s < SIDE_COUNT; s++)
        supply_network(g, s, net[s]);
    for (int u = 0; u < g->st.nunits; u++)
        out[u] = g->st.unit[u].where == AT_MAP &&
                 (always_supplied(g, u) || event_supplied(g, u) || traces_to(g, u, net[g->gd->units[u].side]));
    free(net[0]);
    free(net[1]);
    return true;
}

/* SEQ-NIGHT steps 3 and 4: supply with its ladder, then order recovered. */
static void supply_and_order(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    unsigned char supplied[GS_MAX_UNITS];
    if (g->variant && g->variant->no_supply_phase) /* M.1: no supply phase in the solitaire game */
        memset(supplied, 1, sizeof supplied);
    else if (!game_supply_status(g, supplied))
        return;
    int out_count[SIDE_COUNT] = {0, 0};
    for (int u = 0; u < st->nunits; u++) {
        UnitState *us = &st->unit[u];
        if (us->where != AT_MAP)
            continue;
        const char *name = gd->units[u].name;
        if (supplied[u]) {
            if (us->flags & UF_OOS)
                log_add(&g->log, st->turn, LOG_EVENT, "SUPPLY", "%s is back in supply", name);
            us->flags &= (unsigned short)~UF_OOS;
            continue;
        }
        out_count[gd->units[u].side]++;
        /* OOS-LADDER: marker, then disorganized, then demoralized, then a step; "Units that are out of
         * supply and are demoralized lose one step level", the marker or not */
        if (!(us->flags & UF_OOS) && !(us->flags & UF_DEM)) {
            us->flags |= UF_OOS;
            log_add(&g->log, st->turn, LOG_EVENT, "OOS-LADDER", "%s is out of supply", name);
        } else if (us->flags & UF_DEM) {
            us->flags |= UF_OOS;
            if (unit_lose_step(g, u)) {
                log_add(&g->log, st->turn, LOG_EVENT, "OOS-LADDER", "%s, out of supply and demoralized, is lost",
                        name);
            } else
                log_add(&g->log, st->turn, LOG_EVENT, "OOS-LADDER",
                        "%s, out of supply and demoralized, loses a step", name);
        } else if (us->flags & UF_DIS) {
            us->flags = (unsigned short)((us->flags & ~UF_DIS) | UF_DEM);
            log_add(&g->log, st->turn, LOG_EVENT, "OOS-LADDER", "%s, still out of supply, is demoralized", name);
        } else {
            us->flags |= UF_DIS;
            log_add(&g->log, st->turn, LOG_EVENT, "OOS-LADDER", "%s, still out of supply, is disorganized", name);
        }
    }
    log_add(&g->log, st->turn, LOG_EVENT, "SUPPLY", "supply checked: %d Union and %d Confederate units out of supply",
            out_count[SIDE_UNION], out_count[SIDE_CONFEDERATE]);
    /* Step 4: units in supply recover their order. */
    for (int u = 0; u < st->nunits; u++) {
        UnitState *us = &st->unit[u];
        if (us->where != AT_MAP || (us->flags & UF_OOS))
            continue;
        int was = morale_recover(g, u);
        if (was == UF_DIS)
            log_add(&g->log, st->turn, LOG_EVENT, "DISORG", "night: %s recovers its order", gd->units[u].name);
        else if (was == UF_DEM) {
            if (g->variant)
                g->variant->night_rallied(g, u); /* the Automa's night clean-up leaves this one disorganized */
            log_add(&g->log, st->turn, LOG_EVENT, "DEMORAL", "night: %s, demoralized, is now only disorganized",
                    gd->units[u].name);
        }
    }
}

/* Why unit u may not recover a step now (RECOVERY), or NULL. */
static const char *recovery_refusal(const Game *g, int u, int side)
{
    const UnitState *us = &g->st.unit[u];
    const UnitDef *ud = &g->gd->units[u];
    if (ud->side != side)
        return "that unit belongs to the other army";
    if (us->where != AT_MAP)
        return "only units on the map recover (never eliminated ones)";
    if (ud->counter >= 0)
        return "an Automa division recovers by its own rule (AI-RECOVERY)";
    if (ud->reduced == 0 || us->steps != 1)
        return "it is not a reduced two-step unit";
    if (us->flags & (UF_OOS | UF_DIS | UF_DEM))
        return "it must be in supply, and neither disorganized nor demoralized";
    if (next_to_side(g, us->hex, 1 - side))
        return "it is next to the enemy";
    if (ud->formation >= 0 && ud->formation < GS_MAX_FORMATIONS && g->st.recovered[ud->formation])
        return "its formation has already recovered a unit tonight";
    return NULL;
}

static bool side_can_recover(const Game *g, int side)
{
    for (int u = 0; u < g->st.nunits; u++)
        if (!recovery_refusal(g, u, side))
            return true;
    return false;
}

int night_legal(const Game *g, Decision *out, int max, int n)
{
    const GameState *st = &g->st;
    for (int u = 0; u < st->nunits; u++)
        if (!recovery_refusal(g, u, st->to_move)) {
            if (n < max)
                out[n] = (Decision){.kind = D_RECOVER, .side = st->to_move, .arg = u};
            n++;
        }
    if (n < max)
        out[n] = (Decision){.kind = D_DONE, .side = st->to_move};
    return n + 1;
}

/* Returns true when the recovery phase is over for both sides. */
static bool next_recovering_side(Game *g, int from_side)
{
    for (int s = from_side; s >= 0; s--) { /* Confederates (1) first, then the Union (0) */
        if (side_can_recover(g, s)) {
            g->st.to_move = s;
            return false;
        }
    }
    return true;
}

/* SEQ-NIGHT step 2: every skirmisher comes off the map; those in the losses
 * box come back to the pool, but one of them is gone for good. */
static void skirmishers_at_night(Game *g)
{
    GameState *st = &g->st;
    for (int side = 0; side < SIDE_COUNT; side++) {
        int back = 0, lost = 0, gone = -1, ngone = 0;
        for (int u = 0; u < st->nunits; u++) {
            if (!is_skirmisher(g, u) || g->gd->units[u].side != side)
                continue;
            UnitState *us = &st->unit[u];
            if (us->where == AT_ELIMINATED && ngone < g->gd->rules.skirmishers_lost_nightly) {
                gone = u;
                ngone++;
                unit_put(g, u, AT_GONE, -1);
                continue;
            }
            if (us->where == AT_MAP || us->where == AT_ELIMINATED) {
                lost += us->where == AT_ELIMINATED;
                unit_absent(g, u);
                st->skirmishers[side]++;
                back++;
            }
        }
        if (back || gone >= 0)
            log_add(&g->log, st->turn, LOG_EVENT, "SKIRM-RULES",
                    "%s skirmishers: %d back in the pool (%d of them from the losses box)%s; %d available",
                    data_side_name(side), back, lost, gone >= 0 ? ", one lost for good" : "", st->skirmishers[side]);
    }
}

bool night_begin(Game *g)
{
    GameState *st = &g->st;
    log_add(&g->log, st->turn, LOG_EVENT, "SEQ-NIGHT", "the night's activations are over: supply, order, recovery");
    /* BREASTWORK: "removed ... during night turns"; NIGHT-COMBAT: "If already present, they may add their
     * effects to night combat": they last through the night's activations and go with the skirmishers */
    bool any = false;
    for (size_t h = 0; h < sizeof st->breastwork; h++)
        any |= st->breastwork[h] != 0;
    memset(st->breastwork, 0, sizeof st->breastwork);
    if (any)
        log_add(&g->log, st->turn, LOG_EVENT, "BREASTWORK", "night: every breastwork is removed");
    skirmishers_at_night(g);
    if (events_night_window(g))
        return false; /* a side may first play a supply chit (EVENTS) */
    return night_after_events(g);
}

bool night_after_events(Game *g)
{
    GameState *st = &g->st;
    supply_and_order(g);
    events_supply_checked(g);
    memset(st->recovered, 0, sizeof st->recovered);
    st->phase = PH_RECOVERY;
    return next_recovering_side(g, SIDE_CONFEDERATE);
}

bool night_apply(Game *g, const Decision *d, char *why, size_t n, bool *over)
{
    GameState *st = &g->st;
    *over = false;
    if (d->kind == D_DONE) {
        log_add(&g->log, st->turn, LOG_DECISION, "RECOVERY", "%s has finished recovering", data_side_name(d->side));
        *over = d->side == SIDE_UNION || next_recovering_side(g, d->side - 1);
        return true;
    }
    if (d->kind != D_RECOVER) {
        snprintf(why, n, "at night's end only recover UNIT or done");
        return false;
    }
    const char *r = d->arg >= 0 && d->arg < st->nunits ? recovery_refusal(g, d->arg, d->side) : "no such unit";
    if (r) {
        snprintf(why, n, "that unit cannot recover: %s", r);
        return false;
    }
    st->unit[d->arg].steps = 2;
    int f = g->gd->units[d->arg].formation;
    if (f >= 0 && f < GS_MAX_FORMATIONS)
        st->recovered[f] = true;
    log_add(&g->log, st->turn, LOG_DECISION, "RECOVERY", "%s returns to full strength", g->gd->units[d->arg].name);
    if (!side_can_recover(g, d->side))
        *over = d->side == SIDE_UNION || next_recovering_side(g, d->side - 1);
    return true;
}
