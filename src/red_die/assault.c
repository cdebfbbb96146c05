/* The Red Die of Courage: RDC-ASSAULT ([3.3]: a unit that sees an enemy
 * unit within rules.assault_mm may assault it; the successes buy the way
 * as a move does, terrain counted; the contact cell is the cheapest cell
 * next to a target soldier where the squad fits; the defender, unless
 * caught from behind (the assault starting behind its front: the rear
 * three of the eight directions around its facing; exactly on its flank a
 * die decides, 1..rules.behind_max_face behind), may fire first with
 * rules.surprise_mod; then the melee, unless every attacker fell). */
#include <stdlib.h>

#include "red_die/rd_internal.h"

int rd_assault_reach_mm(const RdGame *g, int squad, int target)
{
    int a = rd_leader(g, squad), best = -1;
    for (int i = 0; i < g->nsoldiers && a >= 0; i++)
        if (g->soldiers[i].squad == target && g->soldiers[i].where == RD_ON_TABLE) {
            int mm = rd_distance_mm(RDR(g), rd_soldier_cell(g, a), rd_soldier_cell(g, i));
            if (best < 0 || mm < best)
                best = mm;
        }
    return best;
}

const char *rd_assault_refusal(const RdGame *g, int squad, int target, char *buf, size_t n)
{
    if (squad < 0 || squad >= g->nsquads || target < 0 || target >= g->nsquads)
        return rd_refuse(buf, n, "no such squad");
    if (g->squads[squad].side == g->squads[target].side)
        return rd_refuse(buf, n, "not an enemy squad");
    RdCell a[RD_MAX_SOLDIERS], t[RD_MAX_SOLDIERS];
    int na = rd_squad_cells(g, squad, RD_ABLE, a), nt = rd_squad_cells(g, target, RD_ALL, t);
    if (na == 0 || nt == 0)
        return rd_refuse(buf, n, "no soldier to assault with or to assault");
    if (rd_leader_stays_behind(g, squad)) /* the reach, the way and the odds are his */
        return rd_refuse(buf, n, "its leader is badly wounded and would not go: leave him first (leave), then assault");
    RdCell leader = rd_soldier_cell(g, rd_leader(g, squad));
    bool near = false;
    for (int i = 0; i < nt && !near; i++)
        near = rd_within(RDR(g), leader, t[i], RDR(g)->assault_mm);
    if (!near)
        return rd_refuse(buf, n, "no soldier of the target within %d cm of the leader", RDR(g)->assault_mm / 10);
    if (!rd_unit_sees(RDF(g), RDR(g), a, na, t, nt))
        return rd_refuse(buf, n, "the squad does not see the target");
    return NULL;
}

/* The cheapest cell next to a target soldier where the squad fits, within mm; false when none. */
static bool contact_cell(const RdGame *g, int squad, int target, int mm, RdCell *out, int *out_cost)
{
    RdCosts cost;
    RdOcc occ;
    rd_squad_costs(g, squad, mm, cost);
    rd_occupancy(g, occ);
    /* only the goers need room: asked before the badly wounded stay behind (the odds, the
     * list), their cells are already another squad's, and the squad that fits is smaller */
    int goers = 0;
    bool split = rd_assault_splits(g, squad);
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->squad != squad || s->where != RD_ON_TABLE)
            continue;
        if (split && s->wound == RD_BAD)
            occ[s->row][s->col] = UINT8_MAX; /* no squad's number: taken */
        else
            goers++;
    }
    const RdRules *r = RDR(g);
    int reach = r->cohesion_mm / r->cell_mm, best = -1;
    RdCell cells[RD_MAX_SOLDIERS];
    for (int i = 0; i < g->nsoldiers; i++) {
        if (g->soldiers[i].squad != target || g->soldiers[i].where != RD_ON_TABLE)
            continue;
        RdCell t = rd_soldier_cell(g, i);
        for (int dr = -reach; dr <= reach; dr++)
            for (int dc = -reach; dc <= reach; dc++) {
                RdCell c = {(int8_t)(t.col + dc), (int8_t)(t.row + dr)};
                if (!rd_on_field(RDF(g), c) || !rd_within(r, c, t, r->cohesion_mm))
                    continue;
                int k = cost[c.row][c.col];
                if (k < 0 || k > mm || (best >= 0 && k >= best))
                    continue;
                if (!rd_formation_of(g, (const uint8_t(*)[RD_MAX_W])occ, squad, goers, c, false, rd_direction(c, t),
                                     cells))
                    continue;
                best = k;
                *out = c;
            }
    }
    if (out_cost)
        *out_cost = best;
    return best >= 0;
}

int rd_assault_cost(const RdGame *g, int squad, int target, int limit_mm)
{
    RdCell c;
    int k;
    return contact_cell(g, squad, target, limit_mm, &c, &k) ? k : -1;
}

static bool from_behind(RdGame *g, RdEvents *ev, int squad, int target)
{
    RdCell t = rd_soldier_cell(g, rd_leader(g, target)), a = rd_soldier_cell(g, rd_leader(g, squad));
    int dir = rd_direction(t, a), facing = g->squads[target].facing;
    int diff = dir < 0 ? 0 : abs(dir - facing);
    if (diff > 4)
        diff = 8 - diff;
    bool behind = diff >= 3;
    if (diff == 2) /* exactly on the flank: in doubt, a die */
        behind = rd_roll(g, ev, RD_ROLL_BEHIND, target, -1) <= RDR(g)->behind_max_face;
    rd_emit(ev, RD_EV_BEHIND, g->squads[squad].side, squad, -1, target, -1, -1, behind, diff);
    return behind;
}

void rd_assault(RdGame *g, RdEvents *ev, int squad, int target, int mm, bool defensive_fire)
{
    RdActivation *a = &g->act;
    a->squad = (int8_t)squad;
    a->target = (int8_t)target;
    int side = g->squads[squad].side;
    if (mm <= 0) { /* no movement at all: the assault does not start, and no one is left behind */
        rd_emit(ev, RD_EV_ASSAULT, side, squad, -1, target, -1, -1, 0, 0);
        rd_action_done(g, ev);
        return;
    }
    rd_stay_behind(g, ev, squad); /* the badly wounded do not go */
    RdCell contact;
    if (!contact_cell(g, squad, target, mm, &contact, NULL)) {
        rd_emit(ev, RD_EV_ASSAULT, side, squad, -1, target, -1, -1, 0, mm);
        if (mm > 0)
            rd_move_toward(g, ev, squad, rd_soldier_cell(g, rd_leader(g, target)), mm, false);
        rd_action_done(g, ev);
        return;
    }
    rd_emit(ev, RD_EV_ASSAULT, side, squad, -1, target, contact.col, contact.row, 1, mm);
    a->reach_mm = (int16_t)mm;
    a->to_col = contact.col;
    a->to_row = contact.row;
    a->behind = (int8_t)from_behind(g, ev, squad, target);
    if (defensive_fire && !a->behind && !rd_fire_refusal(g, target, squad, NULL, 0)) {
        g->stage = RD_ST_DEFEND;
        g->to_move = g->squads[target].side;
        return;
    }
    rd_assault_contact(g, ev);
}

const char *rd_defend_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    if (d->dice != 0 && (d->dice < RDR(g)->min_dice || d->dice > RD_MAX_CHOSEN))
        return rd_refuse(buf, n, "0 (hold fire) or %d to %d dice", RDR(g)->min_dice, RD_MAX_CHOSEN);
    return NULL;
}

/* The defensive fire: a roll of the defender's dice and red dice; a fiasco
 * or disaster spoils it (a disaster adds its red dice; the initiative,
 * not the defender's, does not pass and no table is rolled). */
void rd_apply_defend(RdGame *g, const RdDecision *d, RdEvents *ev)
{
    int squad = g->act.squad, target = g->act.target, side = g->squads[target].side;
    g->stage = RD_ST_ACTIVATE;
    g->to_move = g->initiative;
    if (d->dice == 0) {
        rd_assault_contact(g, ev);
        return;
    }
    RdRoll roll;
    int crisis = g->squads[target].crisis; /* not an activation: a crisis waits for the next one */
    g->squads[target].crisis = 0;
    rd_emit(ev, RD_EV_DEFEND, side, target, -1, squad, -1, -1, RD_FIRE, d->dice + rd_red_rolled(g, side, d->dice, 0));
    rd_activation_roll(g, ev, target, d->dice, 0, rd_roll_heroic_allowed(g, d), RD_ROLL_ACTIVATION, &roll);
    g->squads[target].crisis = (int8_t)crisis;
    if (roll.fiasco || roll.disaster) {
        rd_emit(ev, roll.disaster ? RD_EV_DISASTER : RD_EV_FIASCO, side, target, -1, -1, -1, -1, 0, 0);
        if (roll.disaster)
            rd_add_red(g, ev, side, RDR(g)->disaster_red);
        rd_assault_contact(g, ev);
        return;
    }
    rd_fire(g, ev, target, squad, roll.successes, RDR(g)->surprise_mod, RD_AFTER_DEFENSIVE);
}

/* After the defensive fire (or none): "unless all the attackers are eliminated by fire, a
 * melee begins". The men it wounded badly stay where they lie (they do not join an assault);
 * the rest go on into contact, as near the contact cell as they get, and fight. */
void rd_assault_contact(RdGame *g, RdEvents *ev)
{
    int squad = g->act.squad, target = g->act.target, side = g->squads[squad].side, bad;
    if (rd_on_table(g, target) > 0) {
        if (rd_able(g, squad) > 0)
            rd_stay_behind(g, ev, squad);
        if (rd_able(g, squad) == 0 || rd_assault_goers(g, squad, &bad) == 0) { /* no one left to go on */
            rd_emit(ev, RD_EV_ASSAULT, side, squad, -1, target, -1, -1, 0, -1);
            rd_action_done(g, ev);
            return;
        }
        rd_move_toward(g, ev, squad, (RdCell){g->act.to_col, g->act.to_row}, g->act.reach_mm, false);
        rd_melee(g, ev, squad, target, g->act.bonus);
    }
    rd_action_done(g, ev);
}
