/* The Red Die of Courage: RDC-VICTORY ([5.0]: rules.vp_objective for an
 * objective held at the end (a side's soldiers within its radius and none
 * of the enemy's), rules.vp_soldier for each enemy soldier off the table
 * (dead, skedaddled, routed, carried to the rear badly wounded: out of action), rules.vp_prisoner
 * for each prisoner,
 * rules.vp_leader instead for a leader eliminated or captured: a squad's
 * leader at the set-up, not a man who took command later) and RDC-END
 * (the game ends after the field's `length` passes of the initiative, or
 * when a side has no soldier able to act; the more points win). */
#include "red_die/rd_internal.h"

void rd_points(const RdGame *g, int points[RD_SIDES])
{
    const RdRules *r = RDR(g);
    const RdField *f = RDF(g);
    points[0] = points[1] = 0;
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        int enemy = RD_ENEMY(g->squads[s->home].side);
        if (s->where == RD_DEAD || s->where == RD_SKEDADDLED || s->where == RD_ROUTED || s->where == RD_CARRIED)
            points[enemy] += rd_officer(g, i) ? r->vp_leader : r->vp_soldier;
        else if (s->where == RD_PRISONER)
            points[s->captor] += rd_officer(g, i) ? r->vp_leader : r->vp_prisoner;
    }
    for (int o = 0; o < f->nobjectives; o++) {
        const RdObjective *ob = &f->objectives[o];
        bool there[RD_SIDES] = {false, false};
        for (int i = 0; i < g->nsoldiers; i++) {
            const RdSoldier *s = &g->soldiers[i];
            if (s->where == RD_ON_TABLE &&
                rd_within(r, (RdCell){(int8_t)ob->col, (int8_t)ob->row}, rd_soldier_cell(g, i), ob->radius_mm))
                there[g->squads[s->squad].side] = true;
        }
        if (there[0] != there[1])
            points[there[1]] += ob->points;
    }
}

/* A soldier able to act: on the table, not badly wounded, his squad not routed (one down gets up). */
bool rd_side_can_act(const RdGame *g, int side)
{
    for (int q = 0; q < g->nsquads; q++)
        if (g->squads[q].side == side && !g->squads[q].routed && rd_may_act(g, q))
            return true;
    return false;
}

void rd_check_end(RdGame *g, RdEvents *ev)
{
    if (g->stage == RD_ST_OVER)
        return;
    if (g->passes < RDF(g)->length && rd_side_can_act(g, RD_UNION) && rd_side_can_act(g, RD_CONFEDERATE))
        return;
    int p[RD_SIDES];
    rd_points(g, p);
    g->result = (int8_t)(p[0] > p[1] ? RD_UNION : p[1] > p[0] ? RD_CONFEDERATE : RD_DRAW);
    g->stage = RD_ST_OVER;
    g->to_move = -1;
    rd_emit(ev, RD_EV_END, g->result, -1, -1, -1, -1, -1, p[0], p[1]);
}
