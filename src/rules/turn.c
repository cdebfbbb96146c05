/* The turn (SEQ-DAY, SEQ-NIGHT's start, RAIN, ACT-POINTS, ACT-CUP):
 * reinforcements and cavalry arriving, choosing formations within the
 * activation points, filling the command cup and drawing from it,
 * activating or passing the chit drawn, and ending an activation. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

void activation_fresh(Game *g)
{
    GameState *st = &g->st;
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
}

void turn_fresh(Game *g)
{
    GameState *st = &g->st;
    for (int s = 0; s < SIDE_COUNT; s++) {
        st->pontoons_left[s] += st->pontoons_next[s]; /* taken up last turn: usable again */
        st->pontoons_next[s] = 0;
        st->points[s] = turn_activation_points(g, s);
        st->done_choosing[s] = false;
    }
    memset(st->chosen, 0, sizeof st->chosen);
    for (int f = 0; f < GS_MAX_FORMATIONS; f++)
        st->held_by[f] = -1;
    st->detach_used[0] = st->detach_used[1] = false;
    st->march_used[0] = st->march_used[1] = false;
    memset(st->marched_fm, 0, sizeof st->marched_fm);
}

int turn_activation_points(const Game *g, int side)
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

void begin_turn(Game *g)
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
    turn_fresh(g);
    events_begin_turn(g);
    st->ncup = 0;
    st->activated = false;
    st->drawn = (Chit){0, 0, -1};
    st->drawn_extra = false;
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
void end_turn(Game *g)
{
    GameState *st = &g->st;
    for (int i = 0; i < st->nunits; i++) {
        st->unit[i].flags &= (unsigned short)~(UF_FIRED | UF_ACTIVATED | UF_MOVED | UF_DETACHED | UF_ACTIVE | UF_FOUGHT |
                                               UF_FORCED | UF_BUILT | UF_GO_ON | UF_GO_ROAD);
        st->unit[i].mp_left = 0; /* what a move left is for that move's end only */
    }
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

/* Why a formation cannot be chosen now, its cost in activation points
 * aside (an extra activation, and what a higher commander takes, are not
 * paid for one by one), or NULL. buf NULL: whether only (a refusal then
 * comes in fixed words, without its numbers). */
const char *choose_refusal_but_cost(const Game *g, int side, int f, char *buf, size_t n)
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
        if (!buf)
            return "it cannot be activated before its turn (CAMPAIGN)";
        snprintf(buf, n, "it cannot be activated before turn %d (CAMPAIGN)", st->lock_turn[f]);
        return buf;
    }
    if (st->lock_attacked[f] && !released)
        return "it cannot be activated until one of its units is attacked or bombarded";
    return NULL;
}

/* Why a formation cannot be chosen now, or NULL (buf as above). */
const char *choose_refusal(const Game *g, int side, int f, char *buf, size_t n)
{
    const char *why = choose_refusal_but_cost(g, side, f, buf, n);
    if (why)
        return why;
    const GameState *st = &g->st;
    int cost = game_formation_cost(g, f);
    if (cost > st->points[side]) {
        if (!buf)
            return "it costs more activation points than are left";
        snprintf(buf, n, "it costs %d activation point%s and %d %s left", cost, cost == 1 ? "" : "s",
                 st->points[side], st->points[side] == 1 ? "is" : "are");
        return buf;
    }
    return NULL;
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
void draw_next(Game *g)
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
    st->drawn_extra = false;
    st->cup[i] = st->cup[--st->ncup];
    st->activated = false;
    st->phase = PH_ACTIVATION;
    st->to_move = st->drawn.side;
    char name[NAME_LEN + 16] = ""; /* for the log line only */
    if (log_wants_text(&g->log))
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
    char buf[128] = ""; /* the chit's name: for a refusal, or the log line's words */
    if (st->phase != PH_ACTIVATION || st->activated) {
        snprintf(why, n, "no chit is waiting to be activated or passed");
        return false;
    }
    if (d->kind == D_ACTIVATE && st->drawn.kind == CHIT_EVENT) {
        chit_name(g, &st->drawn, buf, sizeof buf);
        snprintf(why, n, "%s: name the formation it activates (good-general FORMATION), or pass", buf);
        return false;
    }
    if (d->kind == D_PASS && st->drawn.kind == CHIT_EVENT && st->drawn.index >= 0 &&
        g->gd->events[st->drawn.index].returns)
        st->ev_cup[st->drawn.index]++; /* unused: back in its event cup */
    if (d->kind == D_ACTIVATE && !placeable(g)) {
        chit_name(g, &st->drawn, buf, sizeof buf);
        snprintf(why, n, "%s has no unit it could activate: it can only be passed", buf);
        return false;
    }
    if (log_wants_text(&g->log))
        chit_name(g, &st->drawn, buf, sizeof buf);
    if (d->kind == D_PASS) {
        log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s passes: %s is lost for the turn",
                data_side_name(d->side), buf);
        draw_next(g);
    } else {
        st->activated = true;
        activation_fresh(g);
        log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s activates %s", data_side_name(d->side), buf);
    }
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
    if (forced_march_ends(g, d))
        return true; /* the step it costs is chosen first (FORCED-MARCH) */
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
