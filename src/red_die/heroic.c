/* The Red Die of Courage: RDC-HEROIC (a red 6: one roll on the heroic
 * table, at most rules.heroic_per_activation an activation, once the
 * action is done: Enterprising, Refreshed, Fire at will, Recovery,
 * Bayonets!, Charge!!!; each row's effect and numbers from rules.ini). */
#include "red_die/rd_internal.h"

static bool any_target(const RdGame *g, int squad)
{
    for (int t = 0; t < g->nsquads; t++)
        if (!rd_fire_refusal(g, squad, t, NULL, 0))
            return true;
    return false;
}

/* Bayonets!: the row's percent of the able soldiers (half: rounded down, the
 * leader staying) become a squad of their own, the first its leader; -1 when none. */
static int split(RdGame *g, RdEvents *ev, int squad, int percent)
{
    int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m), half = rd_able(g, squad) * percent / 100, moved = 0;
    if (half == 0 || g->nsquads >= RD_MAX_GAME_SQUADS)
        return -1;
    int ns = g->nsquads++;
    g->squads[ns] = g->squads[squad];
    g->squads[ns].line = 0;
    g->squads[ns].crisis = 0;
    for (int i = n - 1; i > 0 && moved < half; i--)
        if (rd_soldier_able(&g->soldiers[m[i]])) {
            g->soldiers[m[i]].squad = (int8_t)ns;
            g->soldiers[m[i]].leader = (int8_t)(moved == 0);
            moved++;
        }
    rd_emit(ev, RD_EV_HEROIC, g->squads[ns].side, ns, -1, squad, -1, -1, 0, moved);
    return ns;
}

void rd_heroic(RdGame *g, RdEvents *ev)
{
    int squad = g->act.squad, side = g->squads[squad].side;
    int face = rd_roll(g, ev, RD_ROLL_HEROIC, squad, -1);
    const RdTableRow *row = &RDR(g)->heroic.row[face - 1];
    rd_emit(ev, RD_EV_HEROIC, side, squad, -1, -1, -1, -1, face, row->effect);
    switch (row->effect) {
    case RD_FX_FREE_MOVE:
        g->act.free_mm = (int16_t)(rd_slow(g, squad) || g->squads[squad].line ? row->distance_mm * RDR(g)->slow_percent / 100
                                                                            : row->distance_mm);
        g->stage = RD_ST_HEROIC_MOVE;
        g->to_move = (int8_t)side;
        return;
    case RD_FX_REMOVE_RED:
        rd_add_red(g, ev, side, -row->amount);
        break;
    case RD_FX_FIRE_AGAIN:
        if (any_target(g, squad)) {
            g->act.bonus = (int8_t)row->amount;
            g->stage = RD_ST_HEROIC_FIRE;
            g->to_move = (int8_t)side;
            return;
        }
        break;
    case RD_FX_RECOVER_LIGHT: {
        int k = 0;
        for (int i = 0; i < row->dice; i++)
            k += rd_roll(g, ev, RD_ROLL_RECOVERY, squad, -1);
        for (int i = 0; i < g->nsoldiers && k > 0; i++) {
            RdSoldier *s = &g->soldiers[i];
            if (s->squad == squad && s->where == RD_ON_TABLE && s->wound == RD_LIGHT) {
                s->wound = RD_UNHURT;
                s->prone = 0;
                k--;
                rd_emit(ev, RD_EV_RECOVER, side, squad, i, -1, -1, -1, 0, 0);
            }
        }
        break;
    }
    case RD_FX_BAYONETS:
    case RD_FX_CHARGE: {
        int who = row->effect == RD_FX_BAYONETS ? split(g, ev, squad, row->percent) : squad;
        if (who >= 0)
            rd_stay_behind(g, ev, who); /* first: the nearest enemy and the distance are those who go */
        int target = who >= 0 ? rd_nearest_enemy(g, who) : -1;
        if (target >= 0) {
            g->act.bonus = (int8_t)row->amount;
            g->act.alone = row->effect == RD_FX_BAYONETS; /* "Half of the soldiers advance ... Split the unit" */
            int mm = rd_slow_assault(g, who) ? row->distance_mm * RDR(g)->slow_percent / 100 : row->distance_mm;
            rd_assault(g, ev, who, target, mm, true);
            return;
        }
        break;
    }
    default:
        break;
    }
    rd_action_done(g, ev);
}

const char *rd_heroic_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    int squad = g->act.squad;
    if (d->kind == RD_D_PASS)
        return NULL;
    if (d->kind == RD_D_FIRE) {
        if (d->squad != squad)
            return rd_refuse(buf, n, "only the heroic squad fires at will");
        if (d->dice < RDR(g)->min_dice || d->dice > RD_MAX_CHOSEN)
            return rd_refuse(buf, n, "choose %d to %d dice", RDR(g)->min_dice, RD_MAX_CHOSEN);
        return rd_fire_refusal(g, squad, d->target, buf, n);
    }
    RdCell to = {d->col, d->row};
    return rd_destination_refusal(g, squad, to, g->squads[squad].line, g->act.free_mm,
                                  rd_squad_cost_to(g, squad, g->act.free_mm, to), NULL, buf, n);
}

void rd_apply_heroic(RdGame *g, const RdDecision *d, RdEvents *ev)
{
    int squad = g->act.squad;
    bool heroic_ok = rd_roll_heroic_allowed(g, d); /* asked at the stage the odds were shown */
    g->stage = RD_ST_ACTIVATE;
    g->to_move = g->initiative;
    if (d->kind == RD_D_ADVANCE)
        rd_move_toward(g, ev, squad, (RdCell){d->col, d->row}, g->act.free_mm, g->squads[squad].line);
    if (d->kind != RD_D_FIRE) {
        rd_action_done(g, ev);
        return;
    }
    RdRoll roll;
    rd_emit(ev, RD_EV_ACTIVATE, g->squads[squad].side, squad, -1, d->target, -1, -1, RD_FIRE,
            d->dice + rd_red_rolled(g, g->squads[squad].side, d->dice, 0));
    rd_activation_roll(g, ev, squad, d->dice, 0, heroic_ok, RD_ROLL_ACTIVATION, &roll);
    g->act.heroic_pending = (int8_t)(g->act.heroic_pending + roll.sixes_red);
    if (roll.fiasco || roll.disaster) {
        rd_failed(g, ev, squad, &roll);
        rd_end_activation(g, ev);
        return;
    }
    rd_fire(g, ev, squad, d->target, roll.successes, g->act.bonus, RD_AFTER_ACTION);
}
