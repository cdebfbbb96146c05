/* The Red Die of Courage: RDC-PRISONERS ([4.0]: prisoners go to the rear
 * at once, one soldier of the capturing squad escorting every
 * rules.prisoners_per_escort of them (its leader never); both leave the
 * table; prisoners never flee). */
#include "red_die/rd_internal.h"

void rd_capture(RdGame *g, RdEvents *ev, int soldier, int captor_squad)
{
    RdSoldier *s = &g->soldiers[soldier];
    s->where = RD_PRISONER;
    s->prone = 0;
    s->captor = g->squads[captor_squad].side;
    rd_emit(ev, RD_EV_PRISONER, g->squads[s->squad].side, s->squad, soldier, s->captor, -1, -1, 0, 0);
    rd_after_leaving(g, ev, soldier);
}

void rd_escort(RdGame *g, RdEvents *ev, int captor_squad, int prisoners)
{
    int per = RDR(g)->prisoners_per_escort, need = per > 0 ? (prisoners + per - 1) / per : 0;
    int m[RD_MAX_SOLDIERS], n = rd_members(g, captor_squad, m);
    for (int i = n - 1; i > 0 && need > 0; i--) { /* m[0] is the leader */
        if (!rd_soldier_able(&g->soldiers[m[i]]))
            continue;
        g->soldiers[m[i]].where = RD_ESCORTING;
        rd_emit(ev, RD_EV_ESCORT, g->squads[captor_squad].side, captor_squad, m[i], -1, -1, -1, 0, 0);
        need--;
    }
}
