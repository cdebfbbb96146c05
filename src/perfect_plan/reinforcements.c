/* APP-REINFORCE: reinforcements. At the start of their turn (after the
 * initiative), each side's arrivals for one area (Stoneman at Mine Run;
 * Longstreet, Hood and Pickett at Bowling Green, counters.ini `arrives`)
 * are placed there together, unless the area is controlled by the enemy or
 * would go over the stacking limit: then all of them wait for a later turn
 * and are tried again at its start. Placing them is not a move. */
#include "perfect_plan/pp_internal.h"

static bool due_now(const PpGame *g, int c, int side, int area)
{
    const PpCounter *u = PP_CTR(g, c);
    return u->side == side && u->arrive_area == area && u->arrive_turn <= g->turn && g->where[c] == PP_OFFMAP;
}

void pp_reinforcements(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    int due[PP_SIDES][PP_MAX_AREAS] = {{0}};
    bool any = false;
    for (int c = 0; c < pd->ncounters; c++) { /* one pass over the counters: every turn of every play-out calls it */
        const PpCounter *u = &pd->counters[c];
        if (u->arrive_area >= 0 && u->arrive_area < pd->nareas && due_now(g, c, u->side, u->arrive_area)) {
            due[u->side][u->arrive_area]++;
            any = true;
        }
    }
    for (int side = 0; side < PP_SIDES && any; side++)
        for (int a = 0; a < pd->nareas; a++) {
            if (due[side][a] == 0)
                continue;
            if (g->control[a] != side || !pp_room_for(g, side, a, due[side][a])) {
                pp_emit(ev, PP_EV_POSTPONE, side, -1, -1, a, due[side][a], 0);
                continue;
            }
            for (int c = 0; c < pd->ncounters; c++)
                if (due_now(g, c, side, a)) {
                    pp_put_counter(g, c, a);
                    pp_emit(ev, PP_EV_REINFORCE, side, c, -1, a, 0, 0);
                }
        }
    pp_settle(g, ev);
}
