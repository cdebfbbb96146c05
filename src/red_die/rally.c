/* The Red Die of Courage: RDC-RALLY ([3.4]: the squad rolls a die per
 * soldier on the table, the red dice added; each success removes a red
 * die, each 6 also brings back a soldier who skedaddled (his own squad's
 * first, then any of the side's whose squad still stands, not routed); a
 * fiasco or disaster counts as ever; a red 6 gives its heroic roll once
 * the rally is done; the initiative passes whatever the roll, at the end
 * of the activation: rd_end_activation). */
#include "red_die/rd_internal.h"

/* A skedaddled soldier who may come back with this squad's rally: -1 when none. */
static int returning(const RdGame *g, int squad)
{
    int side = g->squads[squad].side, any = -1;
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->where != RD_SKEDADDLED || g->squads[s->squad].side != side || g->squads[s->squad].routed ||
            rd_leader(g, s->squad) < 0)
            continue;
        if (s->squad == squad)
            return i;
        if (any < 0)
            any = i;
    }
    return any;
}

bool rd_may_return(const RdGame *g, int squad) { return returning(g, squad) >= 0; }

/* He stands again with his squad, re-formed where its leader is; false when there is no room. */
static bool come_back(RdGame *g, RdEvents *ev, int soldier)
{
    RdSoldier *s = &g->soldiers[soldier];
    int squad = s->squad;
    RdOcc occ;
    s->where = RD_ON_TABLE;
    s->col = s->row = -1;
    rd_occupancy(g, occ);
    RdCell cells[RD_MAX_SOLDIERS], at = rd_soldier_cell(g, rd_leader(g, squad));
    const RdSquad *q = &g->squads[squad];
    if (!rd_formation(g, occ, squad, at, q->line, q->facing, cells) &&
        !rd_formation(g, occ, squad, at, false, q->facing, cells)) {
        s->where = RD_SKEDADDLED;
        return false;
    }
    int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m);
    for (int i = 0; i < n; i++) {
        g->soldiers[m[i]].col = cells[i].col;
        g->soldiers[m[i]].row = cells[i].row;
    }
    rd_emit(ev, RD_EV_RETURN, q->side, squad, soldier, -1, -1, -1, 0, 0);
    return true;
}

void rd_rally(RdGame *g, RdEvents *ev, int squad, const RdRoll *roll)
{
    int side = g->squads[squad].side;
    if (roll->fiasco || roll->disaster)
        rd_failed(g, ev, squad, roll);
    else {
        int before = g->red[side];
        rd_add_red(g, ev, side, -roll->successes);
        rd_emit(ev, RD_EV_RALLY, side, squad, -1, -1, -1, -1, before - g->red[side], 0);
        for (int i = 0; i < roll->sixes; i++) {
            int s = returning(g, squad);
            if (s < 0 || !come_back(g, ev, s))
                break;
        }
    }
    if (roll->fiasco || roll->disaster) {
        rd_end_activation(g, ev);
        return;
    }
    rd_action_done(g, ev); /* a red 6's heroic roll, as in any activation; the initiative passes at its end */
}
