/* Event chits (EVENTS, NIGHT-COMBAT): the cups, the hands, the draws and
 * every chit's effect. Each effect is played in one of a few windows:
 *   choose      the side's turn to choose formations (PH_CHOOSE)
 *   activation  during its own activation, with nothing pending
 *   combat      its own bonus step of a combat (attacker or defender)
 *   night       just before the night's supply check (PH_NIGHT_EVENTS)
 * The numbers (radius, MP, dice...) come from config/events.ini. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"

enum Window { W_NONE, W_CHOOSE, W_ACTIVATION, W_COMBAT_ATT, W_COMBAT_DEF, W_NIGHT };

static const EventDef *ev(const Game *g, int e) { return &g->gd->events[e]; }

static bool night(const Game *g) { return g->gd->turns[g->st.turn - 1].night; }

/* The window `side` is in now. */
static int window(const Game *g, int side)
{
    const GameState *st = &g->st;
    if (st->to_move != side)
        return W_NONE;
    if (st->phase == PH_NIGHT_EVENTS)
        return W_NIGHT;
    if (st->phase == PH_CHOOSE && st->pending == PEND_NONE && !st->done_choosing[side])
        return W_CHOOSE;
    if (st->phase != PH_ACTIVATION || !st->activated)
        return W_NONE;
    if (st->pending == PEND_COMBAT) {
        if (st->cb_step == CB_BONUS_ATT && st->drawn.side == side)
            return W_COMBAT_ATT;
        if (st->cb_step == CB_BONUS_DEF && st->drawn.side != side)
            return W_COMBAT_DEF;
        return W_NONE;
    }
    if (st->pending == PEND_NONE && st->drawn.side == side && st->act_step != STEP_PLACE)
        return W_ACTIVATION;
    return W_NONE;
}

static bool anything_moved(const Game *g)
{
    for (int u = 0; u < g->st.nunits; u++)
        if ((g->st.unit[u].flags & UF_ACTIVE) && (g->st.unit[u].flags & UF_MOVED))
            return true;
    return false;
}

static bool holds_formations(const Game *g, int k)
{
    for (int f = 0; f < g->gd->nformations && f < GS_MAX_FORMATIONS; f++)
        if (g->st.held_by[f] == k)
            return true;
    return false;
}

/* Whether unit u stands on the map within `radius` hexes of hex. */
static bool within(const Game *g, int u, int hex, int radius)
{
    const Map *m = &g->gd->map;
    return g->st.unit[u].where == AT_MAP &&
           hex_distance(map_hex_at(m, g->st.unit[u].hex), map_hex_at(m, hex)) <= radius;
}

/* The division a unit belongs to, for Brigade Regroup. */
static bool same_division(const GameData *gd, int a, int b)
{
    const UnitDef *x = &gd->units[a], *y = &gd->units[b];
    if (x->side != y->side || x->formation < 0 || x->formation != y->formation)
        return false;
    return x->division[0] == '\0' || strcmp(x->division, y->division) == 0;
}

static const char *regroup_refusal(const Game *g, int side, int u, int hex)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    if (u < 0 || u >= st->nunits || gd->units[u].side != side)
        return "name one of your own eliminated units";
    if (st->unit[u].where != AT_ELIMINATED || is_skirmisher(g, u) || is_dummy(g, u))
        return "only a unit eliminated in the fighting comes back";
    if (hex < 0 || hex >= gd->map.cols * gd->map.rows)
        return "name the hex it comes back in";
    if (gd->terrain[gd->map.hexes[hex].terrain].move == COST_NO)
        return "it cannot stand there";
    if (hex_has_side(g, hex, 1 - side) || next_to_side(g, hex, 1 - side))
        return "it comes back out of contact with the enemy";
    bool near = false;
    HexCoord c = map_hex_at(&gd->map, hex);
    for (int v = 0; v < st->nunits && !near; v++)
        near = v != u && st->unit[v].where == AT_MAP && same_division(gd, u, v) &&
               hex_distance(map_hex_at(&gd->map, st->unit[v].hex), c) <= 1;
    if (!near)
        return "it comes back next to a unit of its own division";
    /* it comes back with one step: its reduced side, or its only one */
    if (stack_over_with(g, hex, side, NULL, 0, 1, gd->units[u].reduced > 0 ? gd->units[u].reduced : gd->units[u].strength))
        return "that hex would be over-stacked";
    return NULL;
}

/* Why event e may not be played now as d says, or NULL. */
static const char *event_refusal(const Game *g, const Decision *d, char *buf, size_t n)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    int e = d->arg;
    if (e < 0 || e >= gd->nevents || ev(g, e)->side != d->side)
        return "that is not one of your event chits";
    const EventDef *E = ev(g, e);
    if (st->ev_hand[e] == 0)
        return "you do not hold that chit";
    if (st->ev_played[d->side] >= gd->event_rules.max_per_turn) {
        snprintf(buf, n, "at most %d event chits a turn", gd->event_rules.max_per_turn);
        return buf;
    }
    int w = window(g, d->side);
    bool hexed = E->effect == EV_SUPPLY || E->effect == EV_ATTACK_AGAIN || E->effect == EV_ARTILLERY_BONUS ||
                 E->effect == EV_GENERAL_RETREAT || E->effect == EV_RALLY || E->effect == EV_REGROUP;
    int cells = gd->map.cols * gd->map.rows;
    if (hexed && (d->hex < 0 || d->hex >= cells))
        return "name the hex where the chit goes";
    if (!hexed && d->hex >= 0)
        return "that chit is not placed on the map";
    if (hexed && E->effect != EV_REGROUP && !hex_has_side(g, d->hex, d->side))
        return "the chit goes on a hex holding units of your own";
    switch (E->effect) {
    case EV_NIGHT_ATTACK:
        if (w != W_ACTIVATION || !night(g))
            return "Night Attack is played in one of your activations at night";
        if (st->ev_night_attack >= 0 || anything_moved(g) || st->act_step != STEP_MOVE)
            return "Night Attack is played before anything of the activation has moved";
        return NULL;
    case EV_SUPPLY:
        return w == W_NIGHT ? NULL : "a supply chit is played at night, just before the supply check";
    case EV_REGROUP:
        if (w != W_CHOOSE && w != W_ACTIVATION)
            return "Brigade Regroup is played while choosing formations or in your own activation";
        return regroup_refusal(g, d->side, d->arg2, d->hex);
    case EV_ATTACK_AGAIN: {
        if (w != W_ACTIVATION || (night(g) && st->ev_night_attack < 0))
            return "it is played in your own activation, when attacks are allowed";
        bool any = false;
        for (int u = 0; u < st->nunits && !any; u++)
            any = (st->unit[u].flags & UF_ACTIVE) && (st->unit[u].flags & UF_FOUGHT) && within(g, u, d->hex, E->radius);
        return any ? NULL : "no active unit that has already attacked is under the chit or next to it";
    }
    case EV_COMBAT_DICE:
        if (w == W_COMBAT_ATT && (E->role & ROLE_ATTACK))
            return NULL;
        if (w == W_COMBAT_DEF && (E->role & ROLE_DEFENCE))
            return NULL;
        return E->role == ROLE_ATTACK    ? "it is played when you attack, before the bonus points are placed"
               : E->role == ROLE_DEFENCE ? "it is played when you defend, before the bonus points are placed"
                                         : "it is played in a combat, before your bonus points are placed";
    case EV_WOODS_AS_OPEN:
        if (w != W_ACTIVATION || st->act_step != STEP_MOVE || st->ev_woods >= 0)
            return "it is played in your own activation, before the movement is over";
        return NULL;
    case EV_ARTILLERY_BONUS: {
        if (w != W_ACTIVATION || st->act_step == STEP_COMBAT || night(g) || st->ev_art >= 0)
            return "it is played in your own day activation, before the bombardments are over";
        short guns[16];
        int ng = units_in_hex(g, d->hex, d->side, TARGET_ARTILLERY, guns, 16);
        for (int i = 0; i < ng; i++)
            if (st->unit[guns[i]].flags & UF_ACTIVE)
                return NULL;
        return "the chit goes on a hex with active artillery";
    }
    case EV_LEADER_ATTACK:
        if (st->ev_leader >= 0)
            return "it has been played this turn";
        if (E->commander < 0 || st->cmd_gone[E->commander])
            return "that commander is no longer with the army";
        if (w == W_CHOOSE && holds_formations(g, E->commander))
            return NULL;
        if (w == W_ACTIVATION && st->drawn.kind == CHIT_HIGHER && st->drawn.index == E->commander)
            return NULL;
        snprintf(buf, n, "it is played once %s commands formations this turn, or in his activation",
                 gd->commanders[E->commander].name);
        return buf;
    case EV_PONTOON:
        if (w != W_CHOOSE && w != W_ACTIVATION)
            return "it is played while choosing formations or in your own activation";
        return st->ev_pontoon[d->side] ? "the pontoon is already in play" : NULL;
    case EV_GENERAL_RETREAT:
        if (w != W_CHOOSE && w != W_ACTIVATION)
            return "it is played while choosing formations or in your own activation";
        return NULL;
    case EV_EXTRA_ACTIVATION:
        if (w != W_CHOOSE)
            return "it is played while choosing the formations, and goes in the cup with them";
        return st->ev_extra[d->side] >= 0 ? "one such chit a turn" : NULL;
    case EV_RALLY: {
        if (w != W_CHOOSE && w != W_ACTIVATION)
            return "it is played while choosing formations or in your own activation";
        for (int u = 0; u < st->nunits; u++)
            if (gd->units[u].side == d->side && (st->unit[u].flags & (UF_DIS | UF_DEM)) && within(g, u, d->hex, E->radius))
                return NULL;
        return "no disorganized or demoralized unit of yours is under the chit or next to it";
    }
    case EV_HIGHER_TWICE:
        if (w != W_CHOOSE)
            return "it is played while choosing formations";
        if (E->commander < 0 || st->hc_twice[E->commander] || !higher_barred_by_interval(g, E->commander) ||
            st->hc_turn[E->commander] == st->turn) /* used this turn: he may not take more (HIGHER-CMD) */
            return "it is played when the commander acted last turn and so may not act now";
        return NULL;
    case EV_RELEASE:
        if (w != W_CHOOSE)
            return "it is played while choosing formations";
        if (d->arg2 < 0) {
            bool any = false;
            for (int u = 0; u < st->nunits; u++)
                any |= st->late_cavalry[u];
            if (!E->cavalry || !any || st->cavalry_free)
                return "there is no held cavalry to release";
            return NULL;
        }
        for (int i = 0; i < E->nformations; i++)
            if (E->formations[i] == d->arg2) {
                int f = d->arg2;
                bool released = st->release_turn[f] > 0 && st->release_turn[f] <= st->turn;
                if (released || !(st->lock_turn[f] > st->turn || st->lock_attacked[f]))
                    return "that formation is not held back";
                return NULL;
            }
        return "that formation is not one this chit releases";
    default:
        return "unknown event";
    }
}

static int own_hexes(const Game *g, int side, short *out, int max)
{
    int n = 0;
    for (int u = 0; u < g->st.nunits; u++) {
        if (g->st.unit[u].where != AT_MAP || g->gd->units[u].side != side)
            continue;
        bool dup = false;
        for (int i = 0; i < n && !dup; i++)
            dup = out[i] == g->st.unit[u].hex;
        if (!dup && n < max)
            out[n++] = g->st.unit[u].hex;
    }
    return n;
}

/* Hexes toward supply: the distance in hexes to the side's nearest supply source. */
static int supply_distance(const Game *g, int side, int hex)
{
    const Map *m = &g->gd->map;
    int flag = side == SIDE_UNION ? HEXF_SUPPLY_UNION : HEXF_SUPPLY_CSA;
    int best = 9999;
    HexCoord c = map_hex_at(m, hex);
    for (int h = 0; h < m->cols * m->rows; h++)
        if (m->hexes[h].flags & flag) {
            int dd = hex_distance(c, map_hex_at(m, h));
            if (dd < best)
                best = dd;
        }
    return best;
}

int event_retreat_mp(const Game *g) { return ev(g, g->st.ev_retreat)->mp; }

static bool retreat_reach(const Game *g, const short *units, int n, MoveReach *r)
{
    return group_reach_with(g, units, n, event_retreat_mp(g), r);
}

static const char *retreat_move_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    const char *bad = group_refusal(g, d);
    if (bad)
        return bad;
    for (int i = 0; i < d->nunits; i++)
        if (!(st->unit[d->units[i]].flags & UF_RETREAT) || (st->unit[d->units[i]].flags & UF_RMOVED))
            return "that unit is not in the General Retreat, or has already fallen back";
    int cells = g->gd->map.cols * g->gd->map.rows;
    if (d->arg < 0 || d->arg >= cells)
        return "no such hex";
    int from = st->unit[d->units[0]].hex;
    if (supply_distance(g, d->side, d->arg) >= supply_distance(g, d->side, from))
        return "the retreat goes toward the army's supply sources: that hex is no nearer";
    if (stack_over_with(g, d->arg, d->side, d->units, d->nunits, 0, 0))
        return "that hex would be over-stacked";
    MoveReach r;
    if (!retreat_reach(g, d->units, d->nunits, &r))
        return "out of memory";
    int cost = move_cost_to(&r, map_hex_at(&g->gd->map, d->arg), NULL);
    move_reach_free(&r);
    if (cost == MOVE_UNREACHED)
        return "out of reach of the retreat's movement, or next to the enemy";
    return NULL;
}

/* A group that may fall back (hex -1), or a hex it may fall back to. */
static bool retreat_ok(const Game *g, const Decision *mv, int hex)
{
    for (int i = 0; hex < 0 && i < mv->nunits; i++)
        if (!is_skirmisher(g, mv->units[i]) && !is_dummy(g, mv->units[i]))
            return true;
    if (hex < 0)
        return false;
    return supply_distance(g, mv->side, hex) < supply_distance(g, mv->side, g->st.unit[mv->units[0]].hex) &&
           !stack_over_with(g, hex, mv->side, mv->units, mv->nunits, 0, 0);
}

static int general_retreat_legal(const Game *g, Decision *out, int max, int n)
{
    n = list_group_moves(g, out, max, n, UF_RETREAT, UF_RMOVED, ev(g, g->st.ev_retreat)->mp, retreat_ok);
    if (n < max)
        out[n] = (Decision){.kind = D_END, .side = g->st.to_move};
    return n + 1;
}

static int side_cup_total(const Game *g, int side)
{
    int t = 0;
    for (int e = 0; e < g->gd->nevents && e < GS_MAX_EVENTS; e++)
        if (ev(g, e)->side == side)
            t += g->st.ev_cup[e];
    return t;
}

int events_legal(const Game *g, Decision *out, int max, int n)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    int side = st->to_move;
    if (st->pending == PEND_RETREAT_EVENT)
        return general_retreat_legal(g, out, max, n);
#define PUSH(dec)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            out[n] = (dec);                                                                                            \
        n++;                                                                                                           \
    } while (0)
    if (st->phase == PH_ACTIVATION && !st->activated && st->drawn.side == side) {
        if (st->drawn.kind == CHIT_EVENT) {
            for (int f = 0; f < gd->nformations; f++) {
                if (!choose_refusal_but_cost(g, side, f, NULL, 0)) /* the extra activation is free */
                    PUSH(((Decision){.kind = D_GOOD_GENERAL, .side = side, .arg = f}));
            }
            PUSH(((Decision){.kind = D_PASS, .side = side}));
            return n;
        }
        if ((st->options & OPT_EVENTS) && side_cup_total(g, side) > 0 && !st->drawn_extra &&
            (st->drawn.kind == CHIT_FORMATION || st->drawn.kind == CHIT_INDEPENDENT))
            PUSH(((Decision){.kind = D_DRAW_EVENT, .side = side}));
        return n;
    }
    int w = window(g, side);
    if (w == W_NONE)
        return n;
    char buf[128];
    short hexes[GS_MAX_UNITS];
    int nh = -1;
    for (int e = 0; e < gd->nevents && e < GS_MAX_EVENTS; e++) {
        if (st->ev_hand[e] == 0 || ev(g, e)->side != side)
            continue;
        const EventDef *E = ev(g, e);
        Decision d = {.kind = D_EVENT, .side = side, .arg = e, .hex = -1, .arg2 = -1};
        switch (E->effect) {
        case EV_SUPPLY:
        case EV_ATTACK_AGAIN:
        case EV_ARTILLERY_BONUS:
        case EV_GENERAL_RETREAT:
        case EV_RALLY:
            if (nh < 0)
                nh = own_hexes(g, side, hexes, GS_MAX_UNITS);
            for (int i = 0; i < nh; i++) {
                d.hex = hexes[i];
                if (!event_refusal(g, &d, buf, sizeof buf))
                    PUSH(d);
            }
            break;
        case EV_REGROUP:
            for (int u = 0; u < st->nunits; u++) {
                if (st->unit[u].where != AT_ELIMINATED || gd->units[u].side != side || is_skirmisher(g, u))
                    continue;
                d.arg2 = u;
                /* next to any unit of its division */
                unsigned char tried[GS_MAX_HEXES];
                memset(tried, 0, sizeof tried);
                for (int v = 0; v < st->nunits; v++) {
                    if (st->unit[v].where != AT_MAP || !same_division(gd, u, v))
                        continue;
                    HexCoord c = map_hex_at(&gd->map, st->unit[v].hex);
                    for (int dir = -1; dir < DIR_COUNT; dir++) {
                        HexCoord h = dir < 0 ? c : hex_neighbour(c, dir);
                        if (!map_has(&gd->map, h))
                            continue;
                        int hi = map_hex_index(&gd->map, h);
                        if (tried[hi])
                            continue;
                        tried[hi] = 1;
                        d.hex = hi;
                        if (!event_refusal(g, &d, buf, sizeof buf))
                            PUSH(d);
                    }
                }
            }
            break;
        case EV_RELEASE:
            for (int i = -1; i < E->nformations; i++) {
                d.arg2 = i < 0 ? -1 : E->formations[i];
                if (!event_refusal(g, &d, buf, sizeof buf))
                    PUSH(d);
            }
            break;
        default:
            if (!event_refusal(g, &d, buf, sizeof buf))
                PUSH(d);
            break;
        }
    }
    if (w == W_NIGHT)
        PUSH(((Decision){.kind = D_NO_EVENT, .side = side}));
#undef PUSH
    return n;
}

/* Draws one chit from `side`'s event cup into its hand; the name is told
 * to that side alone. */
static void draw_event(Game *g, int side, const char *why)
{
    GameState *st = &g->st;
    int total = side_cup_total(g, side);
    if (total == 0) {
        log_add(&g->log, st->turn, LOG_EVENT, "EVENTS", "the %s event cup is empty: nothing to draw (%s)",
                data_side_name(side), why);
        return;
    }
    int k = (int)rng_below(&st->rng, (uint32_t)total);
    for (int e = 0; e < g->gd->nevents && e < GS_MAX_EVENTS; e++) {
        if (ev(g, e)->side != side)
            continue;
        if (k < st->ev_cup[e]) {
            st->ev_cup[e]--;
            st->ev_hand[e]++;
            log_add(&g->log, st->turn, LOG_EVENT, "EVENTS", "%s draws an event chit (%s)", data_side_name(side), why);
            LogEntry *le = log_add(&g->log, st->turn, LOG_EVENT, "EVENTS", "%s's chit drawn: %s",
                                   data_side_name(side), ev(g, e)->name);
            if (le)
                le->secret = side + 1;
            return;
        }
        k -= st->ev_cup[e];
    }
}

void events_setup(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    st->ev_woods = st->ev_art = st->ev_leader = st->ev_retreat = -1;
    st->ev_art_hex = -1;
    for (int s = 0; s < SIDE_COUNT; s++) {
        st->ev_supply[s] = st->ev_extra[s] = -1;
        st->ev_supply_hex[s] = -1;
        /* a side with a pontoon chit has its pontoon only by that chit */
        for (int e = 0; e < gd->nevents; e++)
            if (gd->events[e].side == s && gd->events[e].effect == EV_PONTOON)
                st->pontoons_left[s] = 0;
    }
    if (st->options & OPT_EVENTS)
        for (int e = 0; e < gd->nevents && e < GS_MAX_EVENTS; e++)
            st->ev_cup[e] = (unsigned char)gd->events[e].copies;
    const ScenarioDef *sc = &gd->scenarios[st->scenario];
    static const char *const keys[SIDE_COUNT] = {"events.union", "events.confederate"};
    for (int s = SIDE_COUNT - 1; s >= 0; s--) {
        const char *v = scenario_option(sc->rules, sc->nrules, keys[s]);
        char tok[ID_LEN];
        for (const char *p = v; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
            int e = data_event_index(gd, s, tok);
            if (e < 0 || e >= GS_MAX_EVENTS)
                continue;
            st->ev_hand[e]++;
            st->ev_held[e]++;
            log_add(&g->log, st->turn, LOG_EVENT, "EVENTS", "the %s side holds %s, to be played once",
                    data_side_name(s), gd->events[e].name);
        }
        if (st->options & OPT_EVENTS)
            for (int i = 0; i < gd->event_rules.hand; i++)
                draw_event(g, s, "the opening hand");
    }
}

void events_begin_turn(Game *g)
{
    GameState *st = &g->st;
    st->ev_played[0] = st->ev_played[1] = 0;
    st->ev_leader = -1;
    st->ev_extra[0] = st->ev_extra[1] = -1;
    memset(st->hc_twice, 0, sizeof st->hc_twice);
    events_end_activation(g);
}

void events_end_activation(Game *g)
{
    GameState *st = &g->st;
    st->ev_night_attack = -1;
    st->ev_woods = st->ev_art = -1;
    st->ev_art_hex = -1;
}

void events_end_turn(Game *g)
{
    GameState *st = &g->st;
    for (int k = 0; k < g->gd->ncommanders && k < GS_MAX_COMMANDERS; k++)
        if (st->cmd_falls[k]) {
            st->cmd_falls[k] = false;
            st->cmd_gone[k] = true;
            log_add(&g->log, st->turn, LOG_EVENT, "EVENTS", "%s has fallen and leaves the game",
                    g->gd->commanders[k].name);
        }
    if ((st->options & OPT_EVENTS) && night(g))
        for (int s = SIDE_COUNT - 1; s >= 0; s--)
            for (int i = 0; i < g->gd->event_rules.night_draw; i++)
                draw_event(g, s, "the night's draw (SEQ-NIGHT step 6)");
}

/* Sides to ask about their supply chits at night, Confederates first. */
static bool ask_night_supply(Game *g)
{
    GameState *st = &g->st;
    for (int s = SIDE_COUNT - 1; s >= 0; s--) {
        if (st->ev_supply_asked[s])
            continue;
        st->ev_supply_asked[s] = true;
        if (st->ev_played[s] >= g->gd->event_rules.max_per_turn)
            continue;
        for (int e = 0; e < g->gd->nevents && e < GS_MAX_EVENTS; e++)
            if (st->ev_hand[e] && ev(g, e)->side == s && ev(g, e)->effect == EV_SUPPLY) {
                st->phase = PH_NIGHT_EVENTS;
                st->to_move = s;
                return true;
            }
    }
    return false;
}

bool events_night_window(Game *g)
{
    g->st.ev_supply_asked[0] = g->st.ev_supply_asked[1] = false;
    return ask_night_supply(g);
}

bool event_supplied(const Game *g, int u)
{
    const GameState *st = &g->st;
    int side = g->gd->units[u].side;
    int e = st->ev_supply[side];
    return e >= 0 && st->ev_supply_hex[side] >= 0 && within(g, u, st->ev_supply_hex[side], ev(g, e)->radius);
}

void events_supply_checked(Game *g)
{
    for (int s = 0; s < SIDE_COUNT; s++) {
        g->st.ev_supply[s] = -1;
        g->st.ev_supply_hex[s] = -1;
    }
}

int event_extra_mp(const Game *g, const short *units, int n)
{
    const GameState *st = &g->st;
    if (st->ev_leader < 0)
        return 0;
    const EventDef *E = ev(g, st->ev_leader);
    for (int i = 0; i < n; i++) {
        int f = g->gd->units[units[i]].formation;
        if (f < 0 || f >= GS_MAX_FORMATIONS || st->held_by[f] != E->commander)
            return 0; /* the group moves at the pace of its slowest: all must be his */
    }
    return n > 0 ? E->mp : 0;
}

int event_attack_dice(const Game *g, const short *att, int n)
{
    const GameState *st = &g->st;
    if (st->ev_leader < 0)
        return 0;
    const EventDef *E = ev(g, st->ev_leader);
    for (int i = 0; i < n; i++) {
        int f = g->gd->units[att[i]].formation;
        if (f >= 0 && f < GS_MAX_FORMATIONS && st->held_by[f] == E->commander)
            return E->dice;
    }
    return 0;
}

int event_bombard_modifier(const Game *g, const short *guns, int n)
{
    const GameState *st = &g->st;
    if (st->ev_art < 0 || st->ev_art_hex < 0)
        return 0;
    const EventDef *E = ev(g, st->ev_art);
    for (int i = 0; i < n; i++)
        if (g->gd->units[guns[i]].side == E->side && within(g, guns[i], st->ev_art_hex, E->radius))
            return E->modifier;
    return 0;
}

void event_move_context(const Game *g, MoveContext *ctx)
{
    const GameState *st = &g->st;
    if (st->ev_woods >= 0) {
        const EventDef *E = ev(g, st->ev_woods);
        for (int i = 0; i < E->nterrain; i++)
            ctx->as_mask |= 1u << E->terrain[i];
        ctx->as_terrain = E->as_terrain;
    }
    if (st->ev_night_attack >= 0) {
        const EventDef *E = ev(g, st->ev_night_attack);
        for (int i = 0; i < E->nterrain; i++)
            ctx->contact_free_mask |= 1u << E->terrain[i];
    }
}

bool event_night_attack(const Game *g) { return g->st.ev_night_attack >= 0; }

bool event_combat_playable(const Game *g, int side, bool attacker)
{
    const GameState *st = &g->st;
    if (st->ev_played[side] >= g->gd->event_rules.max_per_turn)
        return false;
    for (int e = 0; e < g->gd->nevents && e < GS_MAX_EVENTS; e++) {
        const EventDef *E = ev(g, e);
        if (E->side == side && E->effect == EV_COMBAT_DICE && st->ev_hand[e] &&
            (E->role & (attacker ? ROLE_ATTACK : ROLE_DEFENCE)))
            return true;
    }
    return false;
}

static void play_effect(Game *g, const Decision *d)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    const EventDef *E = ev(g, d->arg);
    char hx[5];
    switch (E->effect) {
    case EV_NIGHT_ATTACK:
        st->ev_night_attack = (signed char)d->arg;
        log_add(&g->log, st->turn, LOG_EVENT, "NIGHT-COMBAT",
                "this activation's units may move next to the enemy and attack tonight");
        break;
    case EV_SUPPLY:
        st->ev_supply[d->side] = (signed char)d->arg;
        st->ev_supply_hex[d->side] = (short)d->hex;
        log_add(&g->log, st->turn, LOG_EVENT, "SUPPLY", "units within %d hexes of %s are in supply tonight",
                E->radius, hex_name(gd, d->hex, hx));
        break;
    case EV_REGROUP:
        unit_reset(g, d->arg2, (UnitState){.hex = (short)d->hex, .where = AT_MAP, .steps = 1, .flags = 0, .exited_from = -1});
        log_add(&g->log, st->turn, LOG_EVENT, "RECOVERY", "%s comes back on its reduced side in %s",
                gd->units[d->arg2].name, hex_name(gd, d->hex, hx));
        break;
    case EV_ATTACK_AGAIN: {
        int freed = 0;
        for (int u = 0; u < st->nunits; u++) {
            if (!(st->unit[u].flags & UF_ACTIVE) || !within(g, u, d->hex, E->radius))
                continue;
            freed += (st->unit[u].flags & UF_FOUGHT) != 0;
            st->unit[u].flags &= (unsigned short)~UF_FOUGHT;
            /* the hexes next to it may be attacked again */
            HexCoord c = map_hex_at(&gd->map, st->unit[u].hex);
            for (int i = 0; i < st->nattacked; i++)
                if (hex_distance(c, map_hex_at(&gd->map, st->attacked[i])) == 1)
                    st->attacked[i--] = st->attacked[--st->nattacked];
        }
        log_add(&g->log, st->turn, LOG_EVENT, "COMBAT-WHO", "%d unit%s around %s may attack again", freed,
                freed == 1 ? "" : "s", hex_name(gd, d->hex, hx));
        break;
    }
    case EV_COMBAT_DICE: {
        bool attacker = st->cb_step == CB_BONUS_ATT;
        int *dice = attacker ? &st->cb_att_dice : &st->cb_def_dice;
        int *bonus = attacker ? &st->cb_att_bonus_max : &st->cb_def_bonus_max;
        *dice += E->dice;
        if (*dice > CB_MAX_DICE)
            *dice = CB_MAX_DICE;
        *bonus += E->modifier;
        log_add(&g->log, st->turn, LOG_EVENT, "COMBAT-DICE", "the %s now rolls %d dice with %d bonus point%s to place",
                attacker ? "attacker" : "defender", *dice, *bonus, *bonus == 1 ? "" : "s");
        break;
    }
    case EV_WOODS_AS_OPEN:
        st->ev_woods = (signed char)d->arg;
        log_add(&g->log, st->turn, LOG_EVENT, "MOVE-BASIC", "this activation's units cross %s as %s",
                gd->terrain[E->terrain[0]].name, gd->terrain[E->as_terrain].name);
        break;
    case EV_ARTILLERY_BONUS:
        st->ev_art = (signed char)d->arg;
        st->ev_art_hex = (short)d->hex;
        log_add(&g->log, st->turn, LOG_EVENT, "BOMBARD-PROC", "guns within %d of %s add %+d to their bombardments now",
                E->radius, hex_name(gd, d->hex, hx), E->modifier);
        break;
    case EV_LEADER_ATTACK: {
        st->ev_leader = (signed char)d->arg;
        log_add(&g->log, st->turn, LOG_EVENT, "EVENTS", "this turn %s's units move %d MP more and add %d die to each attack",
                gd->commanders[E->commander].name, E->mp, E->dice);
        char why[96];
        snprintf(why, sizeof why, "%s's fate: %d or less, he falls", gd->commanders[E->commander].name, E->roll_on);
        int die = game_roll(g, "EVENTS", why);
        if (die <= E->roll_on) {
            st->cmd_falls[E->commander] = true;
            log_add(&g->log, st->turn, LOG_EVENT, "EVENTS", "%s is struck down: he leaves the game at the turn's end",
                    gd->commanders[E->commander].name);
        }
        break;
    }
    case EV_PONTOON:
        st->ev_pontoon[d->side] = true;
        st->pontoons_left[d->side] += E->pontoons;
        log_add(&g->log, st->turn, LOG_EVENT, "PONTOON-BUILD", "%d pontoon%s may now be laid by the %s side", E->pontoons,
                E->pontoons == 1 ? "" : "s", data_side_name(d->side));
        break;
    case EV_GENERAL_RETREAT: {
        int k = 0;
        for (int u = 0; u < st->nunits; u++)
            if (gd->units[u].side == d->side && within(g, u, d->hex, E->radius) && !is_dummy(g, u) &&
                !is_skirmisher(g, u)) {
                st->unit[u].flags |= UF_RETREAT;
                k++;
            }
        st->ev_retreat = (signed char)d->arg;
        st->ev_retreat_to_move = st->to_move;
        st->pending = PEND_RETREAT_EVENT;
        log_add(&g->log, st->turn, LOG_EVENT, "EVENTS",
                "%d unit%s within %d hexes of %s may fall back %d MP toward supply (move ..., then end)", k,
                k == 1 ? "" : "s", E->radius, hex_name(gd, d->hex, hx), E->mp);
        break;
    }
    case EV_EXTRA_ACTIVATION:
        st->ev_extra[d->side] = (signed char)d->arg;
        log_add(&g->log, st->turn, LOG_EVENT, "ACT-CUP", "the chit will go in the cup with the command chits");
        break;
    case EV_RALLY:
        for (int u = 0; u < st->nunits; u++) {
            if (gd->units[u].side != d->side || !within(g, u, d->hex, E->radius))
                continue;
            int was = morale_recover(g, u);
            if (was == UF_DIS)
                log_add(&g->log, st->turn, LOG_EVENT, "DISORG", "%s recovers its order", gd->units[u].name);
            else if (was == UF_DEM)
                log_add(&g->log, st->turn, LOG_EVENT, "DEMORAL", "%s is now only disorganized", gd->units[u].name);
        }
        break;
    case EV_HIGHER_TWICE:
        st->hc_twice[E->commander] = true;
        log_add(&g->log, st->turn, LOG_EVENT, "HIGHER-CMD", "%s may command again this turn",
                gd->commanders[E->commander].name);
        break;
    case EV_RELEASE:
        if (d->arg2 < 0) {
            st->cavalry_free = true;
            log_add(&g->log, st->turn, LOG_EVENT, "CAMPAIGN", "the late cavalry may now cross the great rivers");
        } else {
            int f = d->arg2;
            st->release_turn[f] = st->turn;
            for (int u = 0; u < st->nunits; u++) /* Gibbon's brigades go with VI Corps */
                if (st->unit_lock[u] && st->unit_lock[u] == st->lock_turn[f] && !st->unit_release[u])
                    st->unit_release[u] = (unsigned char)st->turn;
            log_add(&g->log, st->turn, LOG_EVENT, "CAMPAIGN", "%s may be activated from now on", gd->formations[f].name);
        }
        break;
    default:
        break;
    }
}

static void retreat_over(Game *g)
{
    GameState *st = &g->st;
    const EventDef *E = ev(g, st->ev_retreat);
    for (int u = 0; u < st->nunits; u++) {
        UnitState *us = &st->unit[u];
        if (!(us->flags & UF_RETREAT))
            continue;
        us->flags &= (unsigned short)~(UF_RETREAT | UF_RMOVED);
        if (us->where != AT_MAP || (us->flags & (UF_DIS | UF_DEM)))
            continue; /* already in disorder: nothing more */
        us->flags |= UF_DIS;
        char why[160];
        snprintf(why, sizeof why, "General Retreat: %s demoralized on %d or less", g->gd->units[u].name, E->roll_on);
        int die = game_roll(g, "EVENTS", why);
        if (die <= E->roll_on) {
            us->flags = (unsigned short)((us->flags & ~UF_DIS) | UF_DEM);
            log_add(&g->log, st->turn, LOG_EVENT, "DEMORAL", "%s ends the retreat demoralized", g->gd->units[u].name);
        } else
            log_add(&g->log, st->turn, LOG_EVENT, "DISORG", "%s ends the retreat disorganized", g->gd->units[u].name);
    }
    st->pending = PEND_NONE;
    st->to_move = st->ev_retreat_to_move;
    st->ev_retreat = -1;
}

bool events_apply(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    char buf[160], hx[5];
    if (st->pending == PEND_RETREAT_EVENT) {
        if (d->kind == D_END) {
            log_add(&g->log, st->turn, LOG_DECISION, "EVENTS", "%s ends the General Retreat", data_side_name(d->side));
            retreat_over(g);
            return true;
        }
        if (d->kind != D_MOVE) {
            snprintf(why, n, "during the General Retreat: move UNITS HEX, or end");
            return false;
        }
        const char *r = retreat_move_refusal(g, d);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        int from = st->unit[d->units[0]].hex;
        for (int i = 0; i < d->nunits; i++) {
            unit_put(g, d->units[i], AT_MAP, d->arg);
            st->unit[d->units[i]].flags |= UF_RMOVED;
        }
        leave_hex(g, from, d->side, d->units, d->nunits, LEAVE_MOVE, next_to_side(g, from, 1 - d->side));
        char from_s[5];
        log_add(&g->log, st->turn, LOG_DECISION, "EVENTS", "%s falls back from %s to %s",
                d->nunits == 1 ? gd->units[d->units[0]].name : "a stack", hex_name(gd, from, from_s),
                hex_name(gd, d->arg, hx));
        return true;
    }
    switch (d->kind) {
    case D_NO_EVENT:
        if (st->phase != PH_NIGHT_EVENTS) {
            snprintf(why, n, "no-event answers the night's supply-chit question only");
            return false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "EVENTS", "%s keeps its supply chit", data_side_name(d->side));
        return true; /* the caller moves the night on */
    case D_DRAW_EVENT: {
        if (st->phase != PH_ACTIVATION || st->activated || st->drawn.side != d->side || st->drawn_extra ||
            (st->drawn.kind != CHIT_FORMATION && st->drawn.kind != CHIT_INDEPENDENT)) {
            snprintf(why, n, "an event is drawn instead of activating a formation's or the Independent chit just drawn");
            return false;
        }
        if (!(st->options & OPT_EVENTS) || side_cup_total(g, d->side) == 0) {
            snprintf(why, n, (st->options & OPT_EVENTS) ? "your event cup is empty" : "the events option is not in play");
            return false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "EVENTS", "%s gives up the activation to draw an event chit",
                data_side_name(d->side));
        draw_event(g, d->side, "instead of an activation");
        return true; /* the caller draws the next chit */
    }
    case D_GOOD_GENERAL: {
        if (st->phase != PH_ACTIVATION || st->activated || st->drawn.kind != CHIT_EVENT) {
            snprintf(why, n, "no extra-activation chit has been drawn");
            return false;
        }
        const char *r = d->arg >= 0 && d->arg < gd->nformations
                            ? choose_refusal_but_cost(g, d->side, d->arg, buf, sizeof buf)
                            : "no such formation";
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        int e = st->drawn.index;
        if (ev(g, e)->returns)
            st->ev_cup[e]++;
        st->chosen[d->arg] = true;
        st->drawn = (Chit){CHIT_FORMATION, (unsigned char)d->side, (short)d->arg};
        st->drawn_extra = true;
        log_add(&g->log, st->turn, LOG_DECISION, "EVENTS", "%s: %s is the extra formation", ev(g, e)->name,
                gd->formations[d->arg].name);
        return true; /* then activate or pass, as for any chit */
    }
    case D_EVENT: {
        const char *r = event_refusal(g, d, buf, sizeof buf);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        int e = d->arg;
        const EventDef *E = ev(g, e);
        st->ev_hand[e]--;
        if (st->ev_held[e] > 0)
            st->ev_held[e]--; /* the scenario's chit: once only */
        else if (E->returns && E->effect != EV_EXTRA_ACTIVATION)
            st->ev_cup[e]++;
        st->ev_played[d->side]++;
        log_add(&g->log, st->turn, LOG_DECISION, "EVENTS", "%s plays %s%s%s: %s", data_side_name(d->side), E->name,
                d->hex >= 0 ? " in " : "", d->hex >= 0 ? hex_name(gd, d->hex, hx) : "", E->text);
        play_effect(g, d);
        return true;
    }
    default:
        snprintf(why, n, "unknown decision");
        return false;
    }
}

bool events_night_next(Game *g) { return ask_night_supply(g); }

int game_hand_size(const Game *g, int side)
{
    int k = 0;
    for (int e = 0; e < g->gd->nevents && e < GS_MAX_EVENTS; e++)
        if (ev(g, e)->side == side)
            k += g->st.ev_hand[e];
    return k;
}

void events_format(const GameData *gd, const Decision *d, char *buf, size_t size)
{
    char hx[5];
    const char *verb = decision_kinds[d->kind].verb;
    switch (d->kind) {
    case D_DRAW_EVENT:
    case D_NO_EVENT:
        snprintf(buf, size, "%s", verb);
        return;
    case D_GOOD_GENERAL:
        snprintf(buf, size, "%s %s", verb, d->arg >= 0 && d->arg < gd->nformations ? gd->formations[d->arg].id : "?");
        return;
    default:
        break;
    }
    const char *id = d->arg >= 0 && d->arg < gd->nevents ? gd->events[d->arg].id : "?";
    int effect = d->arg >= 0 && d->arg < gd->nevents ? gd->events[d->arg].effect : -1;
    size_t k = (size_t)snprintf(buf, size, "%s %s", verb, id);
    if (effect == EV_REGROUP && k < size)
        k += (size_t)snprintf(buf + k, size - k, " %s", unit_id_of(gd, d->arg2));
    if (effect == EV_RELEASE && k < size)
        k += (size_t)snprintf(buf + k, size - k, " %s",
                              d->arg2 < 0 ? "cavalry" : d->arg2 < gd->nformations ? gd->formations[d->arg2].id : "?");
    if (d->hex >= 0 && k < size)
        snprintf(buf + k, size - k, " %s", hex_name(gd, d->hex, hx));
}

/* "event ID [UNIT|FORMATION|cavalry] [HEX]", "draw-event", "good-general F", "no-event". */
bool events_parse(const Game *g, int kind, char *const *tok, int ntok, Decision *out)
{
    const GameData *gd = g->gd;
    int side = g->st.to_move;
    *out = (Decision){.side = side, .hex = -1, .arg2 = -1};
    if (kind == D_DRAW_EVENT && ntok == 0) {
        out->kind = D_DRAW_EVENT;
        return true;
    }
    if (kind == D_NO_EVENT && ntok == 0) {
        out->kind = D_NO_EVENT;
        return true;
    }
    if (kind == D_GOOD_GENERAL && ntok == 1) {
        out->kind = D_GOOD_GENERAL;
        out->arg = data_formation_index(gd, tok[0]);
        return out->arg >= 0;
    }
    if (kind != D_EVENT || ntok < 1)
        return false;
    out->kind = D_EVENT;
    out->arg = data_event_index(gd, side, tok[0]);
    if (out->arg < 0)
        return false;
    int i = 1;
    int effect = gd->events[out->arg].effect;
    if (effect == EV_REGROUP) {
        if (i >= ntok || (out->arg2 = data_unit_index(gd, tok[i])) < 0)
            return false;
        i++;
    } else if (effect == EV_RELEASE) {
        if (i >= ntok)
            return false;
        if (strcmp(tok[i], "cavalry") == 0)
            out->arg2 = -1;
        else if ((out->arg2 = data_formation_index(gd, tok[i])) < 0)
            return false;
        i++;
    }
    if (i < ntok) {
        HexCoord h;
        if (!hex_parse(tok[i], &h) || !map_has(&gd->map, h))
            return false;
        out->hex = map_hex_index(&gd->map, h);
        i++;
    }
    return i == ntok;
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
