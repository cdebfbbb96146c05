/* APP-SEQUENCE: the turn's order (initiative, reinforcements, recovery,
 * four impulses of movement, combat, the turn marker); APP-INITIATIVE: the
 * Union on turn 1 (rules.ini [initiative] first), from turn 2 whoever
 * controls Chancellorsville (the initiative area) as the turn begins;
 * APP-END: after the last turn (rules.ini [turns]) the game ends and
 * victory is checked (victory.c). */
#include "perfect_plan/pp_internal.h"

void pp_begin_turn(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    pp_emit(ev, PP_EV_TURN, -1, -1, -1, -1, g->turn, 0);
    /* APP-INITIATIVE */
    if (g->turn > 1 && pd->initiative_area >= 0)
        g->initiative = (int8_t)g->control[pd->initiative_area];
    else if (g->turn == 1)
        g->initiative = (int8_t)pd->first_initiative;
    pp_emit(ev, PP_EV_INITIATIVE, g->initiative, -1, -1, pd->initiative_area, g->turn, 0);
    /* who holds the initiative area now keeps its extra recovery (APP-RECOVERY) */
    g->centre_holder = pd->initiative_area >= 0 ? (int8_t)g->control[pd->initiative_area] : -1;
    pp_reinforcements(g, ev);
    if (g->turn >= pd->recovery_from_turn)
        pp_begin_recovery(g, ev);
    else
        pp_begin_movement(g, ev);
}

void pp_end_turn(PpGame *g, PpEvents *ev)
{
    if (g->turn >= PPD(g)->turns) { /* APP-END */
        g->phase = PP_PH_OVER;
        g->to_move = -1;
        g->result = (int8_t)pp_victory(g);
        pp_emit(ev, PP_EV_END, g->result, -1, -1, -1, g->turn, 0);
        return;
    }
    g->turn++;
    pp_begin_turn(g, ev);
}
