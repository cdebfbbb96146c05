/* The movement phase.
 * APP-IMPULSE: four impulses (rules.ini [turns] impulses: 3, 4, 3, 2 units),
 * in each the side with the initiative first, then the other; a side may
 * move up to that many units and ends its part with `done`; what it does
 * not use is lost. APP-MOVE: a unit moves one area, to an adjacent one, at
 * most once an impulse. APP-RIVER: across a river only where the stretch
 * has arrows (map.ini [river:...] arrows). APP-ENEMY-AREA: a unit may enter
 * an area holding enemy units (within the stacking limit); a unit in an
 * area with enemy units may leave only for an area its army controls or
 * where its army already has units. APP-SWAP: two units in adjacent areas
 * change places, as one unit's move; each of them has then moved. */
#include "perfect_plan/pp_internal.h"

bool pp_passable(const PpData *pd, int a, int b)
{
    int j = pp_join(pd, a, b);
    return j == PP_LAND || j == PP_ARROW;
}

bool pp_may_leave_to(const PpGame *g, int side, int from, int to)
{
    if (pp_units_in(g, PP_ENEMY(side), from) == 0)
        return true;
    return g->control[to] == side || pp_units_in(g, side, to) > 0; /* APP-ENEMY-AREA */
}

static void start_step(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    if (g->step == 0)
        g->moved = 0;
    g->to_move = (int8_t)(g->step == 0 ? g->initiative : PP_ENEMY(g->initiative));
    g->budget = (int8_t)pd->impulse_units[g->impulse];
    pp_emit(ev, PP_EV_IMPULSE, g->to_move, -1, -1, -1, g->impulse + 1, g->budget);
}

void pp_begin_movement(PpGame *g, PpEvents *ev)
{
    g->phase = PP_PH_MOVEMENT;
    g->impulse = 0;
    g->step = 0;
    start_step(g, ev);
}

void pp_next_step(PpGame *g, PpEvents *ev)
{
    if (g->step == 0) {
        g->step = 1;
        start_step(g, ev);
        return;
    }
    g->step = 0;
    if (++g->impulse < PPD(g)->nimpulses) {
        start_step(g, ev);
        return;
    }
    g->budget = 0;
    g->moved = 0;
    bool fights = false; /* the phase is announced only when there is something to fight */
    for (int a = 0; a < PPD(g)->nareas && !fights; a++)
        fights = pp_contested(g, a);
    if (fights)
        pp_emit(ev, PP_EV_COMBAT_PHASE, g->initiative, -1, -1, -1, 0, 0);
    pp_combat_phase(g, ev);
}

void pp_after_action(PpGame *g, PpEvents *ev)
{
    if (g->phase == PP_PH_MOVEMENT && g->cb.area < 0 && g->budget <= 0)
        pp_next_step(g, ev);
}

/* Checks common to a unit leaving its area for `to`. */
static const char *step_refusal(const PpGame *g, int c, int to, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    const PpCounter *u = &pd->counters[c];
    int from = g->where[c];
    if (u->side != g->to_move)
        return pp_refuse(buf, n, "%s is not yours", u->name);
    if (from < 0)
        return pp_refuse(buf, n, "%s is not on the map", u->name);
    if (g->moved & PP_BIT(c))
        return pp_refuse(buf, n, "%s has already moved this impulse", u->name);
    int join = pp_join(pd, from, to);
    if (join < 0)
        return pp_refuse(buf, n, "%s does not border %s", pd->areas[to].name, pd->areas[from].name);
    if (join == PP_RIVER) /* APP-RIVER */
        return pp_refuse(buf, n, "no arrows on the river between %s and %s", pd->areas[from].name,
                         pd->areas[to].name);
    return NULL;
}

const char *pp_move_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    int side = g->to_move, from = g->where[d->a];
    const char *r = step_refusal(g, d->a, d->b, buf, n);
    if (r)
        return r;
    if (g->budget < 1)
        return pp_refuse(buf, n, "no unit moves left in this impulse");
    if (!pp_room_for(g, side, d->b, 1)) /* APP-STACK */
        return pp_refuse(buf, n, "%s already holds %d of your units", pd->areas[d->b].name, pd->stack_units);
    if (!pp_may_leave_to(g, side, from, d->b)) /* APP-ENEMY-AREA */
        return pp_refuse(buf, n, "a unit sharing %s with the enemy may leave only for an area you control or hold",
                         pd->areas[from].name);
    return NULL;
}

bool pp_move_open(const PpGame *g, int c, int to)
{
    const PpData *pd = PPD(g);
    int side = g->to_move, from = g->where[c];
    return pd->counters[c].side == side && from >= 0 && !(g->moved & PP_BIT(c)) && pp_passable(pd, from, to) &&
           g->budget >= 1 && pp_room_for(g, side, to, 1) && pp_may_leave_to(g, side, from, to);
}

const char *pp_swap_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    if (d->a == d->b)
        return pp_refuse(buf, n, "a swap takes two units");
    if (g->where[d->a] < 0 || g->where[d->b] < 0)
        return pp_refuse(buf, n, "both units of a swap must be on the map");
    if (g->where[d->a] == g->where[d->b])
        return pp_refuse(buf, n, "the two units are in the same area");
    const char *r = step_refusal(g, d->a, g->where[d->b], buf, n);
    if (!r)
        r = step_refusal(g, d->b, g->where[d->a], buf, n);
    if (r)
        return r;
    if (g->budget < pd->swap_cost)
        return pp_refuse(buf, n, "a swap takes %d of the impulse's unit moves; %d left", pd->swap_cost, g->budget);
    return NULL;
}

void pp_apply_move(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    int from = g->where[d->a];
    pp_put_counter(g, d->a, d->b);
    g->moved |= PP_BIT(d->a);
    g->budget--;
    pp_emit(ev, PP_EV_MOVE, g->to_move, d->a, from, d->b, 0, 0);
    pp_settle(g, ev);
    pp_after_action(g, ev);
}

void pp_apply_swap(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    int x = g->where[d->a], y = g->where[d->b];
    pp_put_counter(g, d->a, y);
    pp_put_counter(g, d->b, x);
    g->moved |= PP_BIT(d->a) | PP_BIT(d->b);
    g->budget = (int8_t)(g->budget - PPD(g)->swap_cost);
    pp_emit(ev, PP_EV_SWAP, g->to_move, d->a, x, y, d->b, 0);
    pp_settle(g, ev);
    pp_after_action(g, ev);
}
