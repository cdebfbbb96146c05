/* APP-REINFORCE: reinforcements. At the start of their turn (after the
 * initiative), each side's arrivals for one area (Stoneman at Mine Run;
 * Longstreet, Hood and Pickett at Bowling Green, counters.ini `arrives`)
 * are placed there together, unless the area is controlled by the enemy or
 * would go over the stacking limit: then all of them wait for a later turn
 * and are tried again at its start. Placing them is not a move. */
#include "perfect_plan/pp_internal.h"

void pp_reinforcements(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    for (int side = 0; side < PP_SIDES; side++)
        for (int a = 0; a < pd->nareas; a++) {
            int due = 0;
            for (int c = 0; c < pd->ncounters; c++)
                due += pd->counters[c].side == side && pd->counters[c].arrive_area == a &&
                       pd->counters[c].arrive_turn <= g->turn && g->where[c] == PP_OFFMAP;
            if (due == 0)
                continue;
            if (g->control[a] != side || !pp_room_for(g, side, a, due)) {
                pp_emit(ev, PP_EV_POSTPONE, side, -1, -1, a, due, 0);
                continue;
            }
            for (int c = 0; c < pd->ncounters; c++)
                if (pd->counters[c].side == side && pd->counters[c].arrive_area == a &&
                    pd->counters[c].arrive_turn <= g->turn && g->where[c] == PP_OFFMAP) {
                    pp_put_counter(g, c, a);
                    pp_emit(ev, PP_EV_REINFORCE, side, c, -1, a, 0, 0);
                }
        }
    pp_settle(g, ev);
}
