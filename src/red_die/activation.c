/* The Red Die of Courage: RDC-ACTIVATION ([3.0]: a squad, an action, at
 * least two dice chosen, the side's red dice added; 4-5-6 succeed),
 * RDC-INITIATIVE ([2.0]: the Confederates start; the initiative passes on a
 * fiasco, a disaster or a rally; a squad acting again with the same action
 * adds a die per repeat), RDC-FIASCO (two 1s), RDC-RED-DICE (each red die:
 * 1-2 a soldier skedaddles, 5 one red die less, 6 a heroic roll, at most
 * rules.heroic_per_activation an activation) and the activation's end. */
#include "red_die/rd_internal.h"

/* The four activation decisions are the four actions, in order. */
_Static_assert(RD_D_MOVE == 0 && RD_D_FIRE == RD_D_MOVE + RD_FIRE && RD_D_ASSAULT == RD_D_MOVE + RD_ASSAULT &&
                   RD_D_RALLY == RD_D_MOVE + RD_RALLY,
               "decision kinds and actions out of step");

int rd_repeat_dice(const RdGame *g, int squad, int action)
{
    if (g->last_squad != squad || g->last_action != action)
        return 0;
    return (g->repeats + 1) * RDR(g)->repeat_extra_dice;
}

int rd_min_dice(const RdGame *g, const RdDecision *d)
{
    switch (d->kind) {
    case RD_D_MOVE:
    case RD_D_FIRE:
    case RD_D_ASSAULT:
        return RDR(g)->min_dice;
    default:
        return 0; /* rally: its soldiers; defend: 0 holds fire */
    }
}

int rd_red_rolled(const RdGame *g, int side, int chosen, int repeat)
{
    int room = RD_MAX_POOL - chosen - repeat, red = side >= 0 ? g->red[side] : 0;
    return red < room ? red : room > 0 ? room : 0;
}

int rd_pool(const RdGame *g, const RdDecision *d, int *red)
{
    int squad = d->squad, side = g->to_move, repeat = 0, base = d->dice;
    if (d->kind == RD_D_RALLY && squad >= 0 && squad < g->nsquads)
        base = rd_on_table(g, squad);
    if (g->stage == RD_ST_ACTIVATE && squad >= 0 && squad < g->nsquads && d->kind <= RD_D_RALLY)
        repeat = rd_repeat_dice(g, squad, d->kind - RD_D_MOVE + RD_MOVE);
    if (d->kind == RD_D_DEFEND && d->dice == 0)
        side = -1;
    if (base + repeat > RD_MAX_POOL)
        repeat = RD_MAX_POOL - base;
    int r = rd_red_rolled(g, side, base, repeat);
    if (red)
        *red = r;
    return base + repeat + r;
}

bool rd_may_activate(const RdGame *g, int squad)
{
    if (squad < 0 || squad >= g->nsquads)
        return false;
    const RdSquad *q = &g->squads[squad];
    return !q->routed && g->passes >= q->pinned_until && rd_may_act(g, squad);
}

/* A soldier on the table not badly wounded (one down gets up after his side's next activation). */
bool rd_may_act(const RdGame *g, int squad)
{
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && g->soldiers[i].wound != RD_BAD)
            return true;
    return false;
}

/* Successes the squad's next roll loses: a badly wounded soldier's each
 * ([3.2] the loss table), its leader's crisis (Doubtful). */
int rd_denied(const RdGame *g, int squad)
{
    int n = g->squads[squad].crisis;
    for (int i = 0; i < g->nsoldiers; i++)
        n += g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && g->soldiers[i].wound == RD_BAD;
    return n;
}

void rd_activation_roll(RdGame *g, RdEvents *ev, int squad, int chosen, int repeat, bool heroic_allowed, int chosen_purpose,
                        RdRoll *out)
{
    const RdRules *r = RDR(g);
    int side = g->squads[squad].side, asked = chosen + repeat + g->red[side];
    if (chosen + repeat > RD_MAX_POOL) /* chosen <= RD_MAX_CHOSEN < RD_MAX_POOL */
        repeat = RD_MAX_POOL - chosen;
    int red = rd_red_rolled(g, side, chosen, repeat);
    if (chosen + repeat + red < asked) /* the program's cap, not the rulebook's: said in the log */
        rd_emit(ev, RD_EV_CAP, side, squad, -1, -1, -1, -1, 1, asked - chosen - repeat - red);
    *out = (RdRoll){chosen + repeat + red, 0, 0, 0, 0, false, false};
    int faces[RD_MAX_POOL];
    for (int i = 0; i < out->dice; i++) {
        int purpose = i < chosen ? chosen_purpose : i < chosen + repeat ? RD_ROLL_REPEAT : RD_ROLL_RED;
        faces[i] = rd_roll(g, ev, purpose, squad, -1);
        out->successes += faces[i] >= r->success_face;
        out->ones += faces[i] == 1;
        out->sixes += faces[i] >= r->rally_return_face;
    }
    out->disaster = out->ones >= r->disaster_ones;
    out->fiasco = !out->disaster && out->ones >= r->fiasco_ones;
    /* the red dice's own effects, die by die */
    for (int i = chosen + repeat; i < out->dice; i++) {
        const RdTableRow *row = &r->red_die.row[faces[i] - 1];
        if (row->effect == RD_FX_SKEDADDLE) {
            int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m);
            if (n > 0)
                rd_skedaddle(g, ev, m[n - 1], false); /* the squad's last soldier, its leader last */
        } else if (row->effect == RD_FX_REMOVE_RED)
            rd_add_red(g, ev, side, -row->amount);
        else if (row->effect == RD_FX_HEROIC && heroic_allowed)
            out->sixes_red++;
    }
    int crisis = g->squads[squad].crisis, wounded = rd_denied(g, squad) - crisis;
    g->squads[squad].crisis = 0;
    out->successes = out->successes > crisis + wounded ? out->successes - crisis - wounded : 0;
    rd_emit(ev, RD_EV_ROLL, side, squad, -1, wounded, crisis, -1, out->successes, out->ones);
}

void rd_pass_initiative(RdGame *g, RdEvents *ev)
{
    g->initiative = (int8_t)RD_ENEMY(g->initiative);
    g->passes++;
    g->last_squad = -1;
    g->last_action = -1;
    g->repeats = 0;
    rd_emit(ev, RD_EV_INITIATIVE, g->initiative, -1, -1, -1, -1, -1, g->passes, 0);
}

void rd_failed(RdGame *g, RdEvents *ev, int squad, const RdRoll *roll)
{
    int side = g->squads[squad].side;
    if (roll->disaster) {
        rd_emit(ev, RD_EV_DISASTER, side, squad, -1, -1, -1, -1, 0, 0);
        rd_add_red(g, ev, side, RDR(g)->disaster_red);
    } else
        rd_emit(ev, RD_EV_FIASCO, side, squad, -1, -1, -1, -1, 0, 0);
    if (g->initiative == side)
        rd_pass_initiative(g, ev);
    if (roll->disaster)
        rd_disaster(g, ev, squad);
}

void rd_end_activation(RdGame *g, RdEvents *ev)
{
    /* [3.4] a rally hands over the initiative, whatever the roll (a fiasco's has already gone) */
    if (g->act.action == RD_RALLY && g->act.squad >= 0 && g->initiative == g->squads[g->act.squad].side &&
        g->stage != RD_ST_OVER)
        rd_pass_initiative(g, ev);
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].prone == 2)
            g->soldiers[i].prone = 0; /* up again after one activation down */
    g->act = (RdActivation){.squad = -1, .action = -1, .target = -1, .hit_squad = -1, .from_squad = -1};
    g->stage = RD_ST_ACTIVATE;
    g->to_move = g->initiative;
    rd_check_end(g, ev);
    /* a side with nothing it may do passes the initiative */
    for (int tries = 0; tries < 2 && g->stage == RD_ST_ACTIVATE && !rd_any_legal(g); tries++) {
        rd_pass_initiative(g, ev);
        g->to_move = g->initiative;
        rd_check_end(g, ev);
    }
    if (g->stage == RD_ST_ACTIVATE && !rd_any_legal(g)) {
        g->passes = (int16_t)RDF(g)->length; /* neither side may do anything: the game ends */
        rd_check_end(g, ev);
    }
}

void rd_action_done(RdGame *g, RdEvents *ev)
{
    if (g->stage == RD_ST_OVER)
        return;
    RdActivation *a = &g->act;
    if (a->heroic_pending > 0 && a->heroics > 0 && rd_on_table(g, a->squad) > 0) {
        a->heroic_pending--;
        a->heroics--;
        rd_heroic(g, ev);
        return;
    }
    rd_end_activation(g, ev);
}

const char *rd_activation_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    int squad = d->squad;
    if (squad < 0 || squad >= g->nsquads)
        return rd_refuse(buf, n, "no such squad");
    if (g->squads[squad].side != g->initiative)
        return rd_refuse(buf, n, "not a squad of the side with the initiative");
    if (g->squads[squad].routed || !rd_may_act(g, squad))
        return rd_refuse(buf, n, "the squad has no soldier able to act");
    if (g->passes < g->squads[squad].pinned_until)
        return rd_refuse(buf, n, "the squad is confused (pinned) until its side next loses the initiative");
    if (d->kind == RD_D_RALLY) {
        if (d->dice != 0)
            return rd_refuse(buf, n, "a rally rolls a die per soldier: no dice to choose");
        if (g->red[g->squads[squad].side] == 0 && !rd_may_return(g, squad))
            return rd_refuse(buf, n, "no red die to remove and no one to bring back");
        return NULL;
    }
    if (d->dice < RDR(g)->min_dice || d->dice > RD_MAX_CHOSEN)
        return rd_refuse(buf, n, "choose %d to %d dice", RDR(g)->min_dice, RD_MAX_CHOSEN);
    if (d->kind == RD_D_FIRE)
        return rd_fire_refusal(g, squad, d->target, buf, n);
    if (d->kind == RD_D_ASSAULT)
        return rd_assault_refusal(g, squad, d->target, buf, n);
    int max_mm = rd_allowance(g, squad, RDR(g)->nlevels, d->line);
    RdCell to = {d->col, d->row};
    return rd_destination_refusal(g, squad, to, d->line, max_mm, rd_squad_cost_to(g, squad, max_mm, to), NULL, buf,
                                  n);
}

void rd_apply_activation(RdGame *g, const RdDecision *d, RdEvents *ev)
{
    int squad = d->squad, action = d->kind - RD_D_MOVE + RD_MOVE, side = g->squads[squad].side;
    int repeat = rd_repeat_dice(g, squad, action);
    g->repeats = (int8_t)(g->last_squad == squad && g->last_action == action ? g->repeats + 1 : 0);
    g->last_squad = (int8_t)squad;
    g->last_action = (int8_t)action;
    g->activations++;
    g->act = (RdActivation){.squad = (int8_t)squad, .action = (int8_t)action, .target = d->target,
                            .heroics = (int8_t)RDR(g)->heroic_per_activation, .after_loss = RD_AFTER_ACTION,
                            .hit_squad = -1, .from_squad = -1, .to_col = -1, .to_row = -1};
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->squads[g->soldiers[i].squad].side == side && g->soldiers[i].prone == 1)
            g->soldiers[i].prone = 2; /* down for his side's next activation, whichever squad acts: up after it */
    int chosen = action == RD_RALLY ? rd_on_table(g, squad) : d->dice;
    int pool = chosen + repeat > RD_MAX_POOL ? RD_MAX_POOL : chosen + repeat + rd_red_rolled(g, side, chosen, repeat);
    rd_emit(ev, RD_EV_ACTIVATE, side, squad, -1, d->target, d->col, d->row, action, pool);
    RdRoll roll;
    rd_activation_roll(g, ev, squad, chosen, repeat, true, action == RD_RALLY ? RD_ROLL_RALLY : RD_ROLL_ACTIVATION, &roll);
    g->act.heroic_pending = (int8_t)roll.sixes_red;
    if (action == RD_RALLY) {
        rd_rally(g, ev, squad, &roll);
        return;
    }
    if (roll.fiasco || roll.disaster) {
        rd_failed(g, ev, squad, &roll);
        rd_end_activation(g, ev);
        return;
    }
    if (rd_on_table(g, squad) == 0) { /* all skedaddled */
        rd_end_activation(g, ev);
        return;
    }
    switch (action) {
    case RD_MOVE:
        rd_move_toward(g, ev, squad, (RdCell){d->col, d->row}, rd_allowance(g, squad, roll.successes, d->line),
                       d->line);
        rd_action_done(g, ev);
        break;
    case RD_FIRE:
        rd_fire(g, ev, squad, d->target, roll.successes, 0, RD_AFTER_ACTION);
        break;
    default:
        rd_assault(g, ev, squad, d->target, rd_assault_allowance(g, squad, roll.successes), true);
        break;
    }
}
