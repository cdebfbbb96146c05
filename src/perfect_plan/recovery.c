/* APP-RECOVERY: recovery of eliminated units, from turn 2 (rules.ini
 * [recovery]). The side without the initiative first, then the other; each
 * chooses which of its eliminated formations and minor units come back and
 * where (never a leader): one in each of its dedicated areas (counters.ini
 * `recovery`) that it controls and that has room, and one more in the
 * initiative area (Chancellorsville) if it controlled that area when the
 * turn began; at most three a turn. Voluntary: `done` ends it. Placing a
 * unit is not a move. What is not recovered waits in the box. */
#include "perfect_plan/pp_internal.h"

/* The slot of area for side's recovery, or -1: its dedicated areas first,
 * then the initiative area. */
static int slot_of(const PpGame *g, int side, int area)
{
    const PpData *pd = PPD(g);
    for (int i = 0; i < pd->sides[side].nrecovery; i++)
        if (pd->sides[side].recovery[i] == area)
            return i;
    if (area == pd->initiative_area && g->centre_holder == side && pd->recovery_initiative_extra > 0)
        return PP_MAX_RECOVERY;
    return -1;
}

static int slot_limit(const PpData *pd, int slot)
{
    return slot == PP_MAX_RECOVERY ? pd->recovery_initiative_extra : pd->recovery_per_area;
}

const char *pp_recover_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    int side = g->to_move;
    const PpCounter *u = &pd->counters[d->a];
    const PpArea *a = &pd->areas[d->b];
    if (u->side != side)
        return pp_refuse(buf, n, "%s is not yours", u->name);
    if (g->where[d->a] != PP_ELIM)
        return pp_refuse(buf, n, "%s is not in the eliminated units box", u->name);
    if (u->kind == PP_LEADER)
        return pp_refuse(buf, n, "%s is a leader: leaders are never recovered", u->name);
    if (g->rec_count[side] >= pd->recovery_most)
        return pp_refuse(buf, n, "at most %d units are recovered a turn", pd->recovery_most);
    int slot = slot_of(g, side, d->b);
    if (slot < 0)
        return pp_refuse(buf, n, "%s is not one of your recovery areas%s", a->name,
                         d->b == pd->initiative_area ? " (you did not control it as the turn began)" : "");
    if (g->rec_slot[side][slot] >= slot_limit(pd, slot))
        return pp_refuse(buf, n, "%s has taken its recovered unit this turn", a->name);
    if (g->control[d->b] != side)
        return pp_refuse(buf, n, "%s is not under your control", a->name);
    if (!pp_room_for(g, side, d->b, 1))
        return pp_refuse(buf, n, "%s is full (%d units)", a->name, pd->stack_units);
    return NULL;
}

static bool can_recover(const PpGame *g)
{
    PpDecision out[1];
    int n = pp_legal(g, out, 1); /* `done` is always there: anything more is a unit to recover */
    return n > 1;
}

/* The side to recover next, skipping a side with nothing it could recover. */
static void recovery_advance(PpGame *g, PpEvents *ev)
{
    while (g->phase == PP_PH_RECOVERY) {
        if (can_recover(g)) {
            pp_emit(ev, PP_EV_RECOVERY, g->to_move, -1, -1, -1, 0, 0);
            return;
        }
        if (g->to_move != g->initiative)
            g->to_move = g->initiative;
        else
            pp_begin_movement(g, ev);
    }
}

void pp_begin_recovery(PpGame *g, PpEvents *ev)
{
    g->phase = PP_PH_RECOVERY;
    memset(g->rec_count, 0, sizeof g->rec_count);
    memset(g->rec_slot, 0, sizeof g->rec_slot);
    g->to_move = (int8_t)PP_ENEMY(g->initiative);
    recovery_advance(g, ev);
}

void pp_apply_recover(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    int side = g->to_move;
    g->rec_slot[side][slot_of(g, side, d->b)]++;
    g->rec_count[side]++;
    pp_put_counter(g, d->a, d->b);
    pp_emit(ev, PP_EV_RECOVER, side, d->a, PP_ELIM, d->b, 0, 0);
    pp_settle(g, ev);
    if (!can_recover(g))
        pp_recovery_done(g, ev);
}

void pp_recovery_done(PpGame *g, PpEvents *ev)
{
    if (g->to_move != g->initiative) {
        g->to_move = g->initiative;
        recovery_advance(g, ev);
    } else
        pp_begin_movement(g, ev);
}
