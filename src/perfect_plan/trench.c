/* APP-TRENCH: trenches. In place of a unit's move, a side may put one of
 * its trenches (Union 5, Confederate 6 of which one starts in
 * Fredericksburg: counters.ini `trenches`) in an area where at least one
 * of its units stands, one per army in an area (APP-STACK). A trench does
 * not count for stacking; it may take a loss in combat (combat.c) and is
 * then gone from the game, and it goes as soon as no unit of its army is
 * left with it (control.c). */
#include "perfect_plan/pp_internal.h"

const char *pp_trench_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    int side = g->to_move;
    if (g->budget < pd->trench_cost)
        return pp_refuse(buf, n, "a trench takes %d of the impulse's unit moves; %d left", pd->trench_cost,
                         g->budget);
    if (g->trench_pool[side] <= 0)
        return pp_refuse(buf, n, "you have no trench left to build");
    if (pp_units_in(g, side, d->a) == 0)
        return pp_refuse(buf, n, "a trench needs one of your units in %s", pd->areas[d->a].name);
    if (!pp_trench_room(g, side, d->a))
        return pp_refuse(buf, n, "%s already has your trench", pd->areas[d->a].name);
    return NULL;
}

void pp_apply_trench(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    int side = g->to_move;
    g->trench[d->a] |= (uint8_t)(1u << side);
    g->trench_pool[side]--;
    g->budget = (int8_t)(g->budget - PPD(g)->trench_cost);
    pp_emit(ev, PP_EV_TRENCH, side, -1, -1, d->a, g->trench_pool[side], 0);
    pp_after_action(g, ev);
}
