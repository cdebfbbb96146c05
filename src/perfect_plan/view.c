/* APP-HIDDEN: hidden identity. Each side sees its own counters; of the
 * enemy's it sees only how many stand in each area (their backs) and in
 * the eliminated units box, except in the area of a combat under way,
 * where both sides' counters are face up (so each side sees which enemy
 * units are lost, but not which one a recovery later takes out of the
 * box). The reinforcements' arrival, control, trenches and the combat's
 * dice are public. An AI's information must come
 * from pp_view (and the events formatted for its side). */
#include "perfect_plan/pp_internal.h"

void pp_view(const PpGame *g, int side, PpView *v)
{
    const PpData *pd = PPD(g);
    memset(v, 0, sizeof *v);
    v->side = (int8_t)side;
    v->phase = g->phase;
    v->turn = g->turn;
    v->impulse = g->impulse;
    v->step = g->step;
    v->initiative = g->initiative;
    v->to_move = g->to_move;
    v->budget = g->budget;
    v->result = g->result;
    v->combat_area = g->cb.area;
    v->question = g->cb.question;
    v->asked = g->cb.asked;
    memcpy(v->hits, g->cb.hits, sizeof v->hits);
    memcpy(v->control, g->control, sizeof v->control);
    memcpy(v->trench, g->trench, sizeof v->trench);
    memcpy(v->trench_pool, g->trench_pool, sizeof v->trench_pool);
    memcpy(v->die, g->cb.die, sizeof v->die);
    memcpy(v->mod, g->cb.mod, sizeof v->mod);
    v->centre_holder = g->centre_holder;
    memcpy(v->rec_count, g->rec_count, sizeof v->rec_count);
    memcpy(v->rec_slot, g->rec_slot, sizeof v->rec_slot);
    v->cb = g->cb;
    for (int c = 0; c < pd->ncounters; c++) {
        int at = g->where[c], owner = pd->counters[c].side;
        v->where[c] = (int8_t)at;
        if (at >= 0) {
            v->backs[owner][at]++;
            if (owner != side && at != g->cb.area)
                v->where[c] = PP_HIDDEN;
        } else if (at == PP_ELIM) {
            v->box[owner]++;
            if (owner != side)
                v->where[c] = PP_HIDDEN; /* face down in the box (APP-HIDDEN, APP-RECOVERY) */
        }
        if (owner == side && (g->moved & PP_BIT(c)))
            v->moved |= PP_BIT(c);
    }
}
