/* APP-SETUP: the set-up. The Confederate player places his starting units
 * first, then the Union player, each in his own set-up areas within each
 * area's minimum and maximum (counters.ini [side:...] setup). Placed face
 * down: the other side sees only backs (APP-HIDDEN). A place is refused
 * when the units left could no longer meet every area's minimum. The
 * `standard` decision places the rest as the data's standard set-up. */
#include "perfect_plan/pp_internal.h"

static int unplaced(const PpGame *g, int side)
{
    int n = 0;
    for (int c = 0; c < PPD(g)->ncounters; c++)
        n += PP_CTR(g, c)->side == side && PP_CTR(g, c)->arrive_turn == 0 && g->where[c] == PP_OFFMAP;
    return n;
}

const char *pp_place_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    int side = g->to_move;
    const PpCounter *u = &pd->counters[d->a];
    const PpArea *a = &pd->areas[d->b];
    if (u->side != side)
        return pp_refuse(buf, n, "%s is not yours", u->name);
    if (u->arrive_turn > 0)
        return pp_refuse(buf, n, "%s is a reinforcement (turn %d)", u->name, u->arrive_turn);
    if (g->where[d->a] != PP_OFFMAP)
        return pp_refuse(buf, n, "%s is already placed", u->name);
    if (a->setup_max[side] < 0)
        return pp_refuse(buf, n, "%s is not one of your set-up areas", a->name);
    int here = pp_units_in(g, side, d->b);
    if (here >= a->setup_max[side])
        return pp_refuse(buf, n, "%s takes at most %d units at the set-up", a->name, a->setup_max[side]);
    /* the units left after this one must still fill every area's minimum */
    int need = 0;
    for (int i = 0; i < pd->nareas; i++) {
        int count = pp_units_in(g, side, i) + (i == d->b);
        if (pd->areas[i].setup_max[side] >= 0 && count < pd->areas[i].setup_min[side])
            need += pd->areas[i].setup_min[side] - count;
    }
    if (need > unplaced(g, side) - 1)
        return pp_refuse(buf, n, "the units left would not fill the areas that need a number of units (%d more "
                         "needed)", need);
    return NULL;
}

const char *pp_standard_refusal(const PpGame *g, char *buf, size_t n)
{
    int side = g->to_move;
    for (int c = 0; c < PPD(g)->ncounters; c++)
        if (PP_CTR(g, c)->side == side && g->where[c] != PP_OFFMAP)
            return pp_refuse(buf, n, "the standard set-up is for a side that has placed nothing yet");
    return NULL;
}

/* After each placing: the next side, or the first turn. */
static void setup_next(PpGame *g, PpEvents *ev)
{
    if (unplaced(g, g->to_move) > 0)
        return;
    if (g->to_move == PP_CONFEDERATE && unplaced(g, PP_UNION) > 0) {
        g->to_move = PP_UNION;
        return;
    }
    for (int a = 0; a < PPD(g)->nareas; a++)
        for (int side = 0; side < PP_SIDES; side++)
            if (g->trench[a] & (1u << side))
                pp_emit(ev, PP_EV_TRENCH_START, side, -1, -1, a, 0, 0);
    pp_settle(g, ev);
    pp_begin_turn(g, ev);
}

void pp_apply_place(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    pp_put_counter(g, d->a, d->b);
    pp_emit(ev, PP_EV_PLACE, g->to_move, d->a, -1, d->b, 0, 0);
    setup_next(g, ev);
}

void pp_apply_standard(PpGame *g, PpEvents *ev)
{
    int side = g->to_move;
    for (int c = 0; c < PPD(g)->ncounters; c++)
        if (PP_CTR(g, c)->side == side && PP_CTR(g, c)->setup >= 0) {
            pp_put_counter(g, c, PP_CTR(g, c)->setup);
            pp_emit(ev, PP_EV_PLACE, side, c, -1, g->where[c], 0, 0);
        }
    setup_next(g, ev);
}
