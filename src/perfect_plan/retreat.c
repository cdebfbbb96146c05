/* APP-RETREAT: the beaten army leaves the combat area. Its player moves
 * each of its units there (leaders too) to an adjacent area it could step
 * into (APP-RIVER), one unit at a time (`retreat UNIT AREA`): not an area
 * the enemy controls, not one holding enemy units (a fight still to be
 * resolved), within the stacking limit. A unit with nowhere to go is
 * eliminated (a leader for good). A retreat is not a move. */
#include "perfect_plan/pp_internal.h"

bool pp_retreat_ok(const PpGame *g, int side, int from, int to)
{
    return pp_passable(PPD(g), from, to) && g->control[to] == side && pp_units_in(g, PP_ENEMY(side), to) == 0 &&
           pp_room_for(g, side, to, 1);
}

static void retreat_next(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    int side = g->cb.loser, from = g->cb.area;
    if (pp_units_in(g, side, from) == 0) {
        pp_combat_over(g, ev);
        return;
    }
    bool any = false;
    for (int i = 0; i < pd->areas[from].nadj && !any; i++)
        any = pp_retreat_ok(g, side, from, pd->areas[from].adj[i]);
    if (any) {
        g->cb.question = PP_Q_RETREAT;
        g->cb.asked = (int8_t)side;
        g->to_move = (int8_t)side;
        return;
    }
    for (int c = 0; c < pd->ncounters; c++) /* nowhere to go: eliminated */
        if (g->where[c] == from && pd->counters[c].side == side) {
            pp_put_counter(g, c, PP_ELIM);
            pp_emit(ev, PP_EV_NO_RETREAT, side, c, from, PP_ELIM, 0, 0);
        }
    pp_combat_over(g, ev);
}

void pp_begin_retreat(PpGame *g, PpEvents *ev) { retreat_next(g, ev); }

const char *pp_retreat_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    const PpCounter *u = &pd->counters[d->a];
    if (u->side != g->to_move || g->where[d->a] != g->cb.area)
        return pp_refuse(buf, n, "%s is not one of your units in %s", u->name, pd->areas[g->cb.area].name);
    if (!pp_retreat_ok(g, u->side, g->cb.area, d->b))
        return pp_refuse(buf, n, "%s cannot take a retreat: it must border the fight (across a river only at "
                         "arrows), be under your control, hold no enemy and have room", pd->areas[d->b].name);
    return NULL;
}

void pp_apply_retreat(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    pp_put_counter(g, d->a, d->b);
    pp_emit(ev, PP_EV_RETREAT, g->to_move, d->a, g->cb.area, d->b, 0, 0);
    pp_settle(g, ev);
    g->cb.question = PP_Q_NONE;
    retreat_next(g, ev);
}
