/* The Red Die of Courage: RDC-DISASTER ([3.0]: three or more 1s fail the
 * activation, pass the initiative, add rules.disaster_red red dice and roll
 * the disaster table: Confused, Cautious, Doubtful, Hesitant, Fearful, Run
 * for your life!, each row's effect and numbers from rules.ini) and the
 * soldier who skedaddles (RDC-RED-DICE, Fearful). */
#include "red_die/rd_internal.h"

void rd_skedaddle(RdGame *g, RdEvents *ev, int soldier, bool fearful)
{
    RdSoldier *s = &g->soldiers[soldier];
    s->where = RD_SKEDADDLED;
    s->prone = 0;
    rd_emit(ev, RD_EV_SKEDADDLE, g->squads[s->squad].side, s->squad, soldier, -1, -1, -1, fearful, 0);
    rd_after_leaving(g, ev, soldier);
}

bool rd_rout_surrenders(const RdGame *g, int squad, int mm)
{
    int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m), side = g->squads[squad].side;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < g->nsoldiers; k++)
            if (g->soldiers[k].where == RD_ON_TABLE && g->squads[g->soldiers[k].squad].side != side &&
                rd_may_act(g, g->soldiers[k].squad) && /* wounded left behind take no prisoners */
                rd_within(RDR(g), rd_soldier_cell(g, m[i]), rd_soldier_cell(g, k), mm))
                return true;
    return false;
}

/* Run for your life!: the squad runs off the table when none of its
 * soldiers is within mm of an enemy soldier, else all surrender to the
 * nearest enemy squad. */
static void rout(RdGame *g, RdEvents *ev, int squad, int mm)
{
    int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m), side = g->squads[squad].side;
    int captor = rd_rout_surrenders(g, squad, mm) ? rd_nearest_enemy(g, squad) : -1;
    g->squads[squad].routed = 1;
    rd_emit(ev, RD_EV_ROUT, side, squad, -1, -1, -1, -1, captor >= 0, 0);
    if (captor >= 0) {
        rd_emit(ev, RD_EV_SURRENDER, side, squad, -1, -1, -1, -1, n, 0);
        for (int i = n - 1; i >= 0; i--)
            rd_capture(g, ev, m[i], captor);
        rd_escort(g, ev, captor, n);
        return;
    }
    for (int i = n - 1; i >= 0; i--) {
        g->soldiers[m[i]].where = RD_ROUTED;
        g->soldiers[m[i]].prone = 0;
    }
}

void rd_disaster(RdGame *g, RdEvents *ev, int squad)
{
    int face = rd_roll(g, ev, RD_ROLL_DISASTER, squad, -1), side = g->squads[squad].side;
    const RdTableRow *row = &RDR(g)->disaster.row[face - 1];
    rd_emit(ev, RD_EV_DISASTER, side, squad, -1, -1, -1, -1, face, row->effect);
    if (rd_on_table(g, squad) == 0)
        return;
    switch (row->effect) {
    case RD_FX_CONFUSED: /* not activated again during its side's next spell of the initiative */
        g->squads[squad].pinned_until = (int16_t)(g->passes + 2);
        rd_emit(ev, RD_EV_CONFUSED, side, squad, -1, -1, -1, -1, g->squads[squad].pinned_until, 0);
        break;
    case RD_FX_RETREAT_COVER:
        rd_retreat(g, ev, squad, row->distance_mm, false, RD_EV_RETREAT);
        break;
    case RD_FX_LEADER_CRISIS:
        g->squads[squad].crisis = (int8_t)row->amount;
        rd_emit(ev, RD_EV_CRISIS, side, squad, -1, -1, -1, -1, row->amount, 0);
        break;
    case RD_FX_ADD_RED:
        rd_add_red(g, ev, side, row->amount);
        break;
    case RD_FX_FLEE: {
        rd_retreat(g, ev, squad, row->distance_mm, true, RD_EV_RETREAT);
        int k = 0;
        for (int i = 0; i < row->dice; i++)
            k += rd_roll(g, ev, RD_ROLL_COUNT, squad, -1);
        for (int i = 0; i < k; i++) {
            int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m);
            if (n == 0)
                break;
            rd_skedaddle(g, ev, m[n - 1], true);
        }
        break;
    }
    case RD_FX_ROUT:
        rout(g, ev, squad, row->distance_mm);
        break;
    default:
        break;
    }
}
