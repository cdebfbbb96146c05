/* A Perfect Plan: APP-REPLAY (the game a plain value with its dice, made
 * by pp_new from a seed); a new game, the way of a decision (pp_refusal, pp_apply)
 * and the list of what may be decided (pp_legal). Each kind of decision is
 * checked and carried out in the file of its part of the rules; this file
 * only routes it by phase and by the combat's question. */

#include "perfect_plan/pp_internal.h"

void pp_emit(PpEvents *ev, int kind, int side, int counter, int from, int to, int value, int value2)
{
    if (!ev)
        return;
    if (ev->n >= PP_MAX_EVENTS) {
        ev->overflow = true;
        return;
    }
    ev->ev[ev->n++] = (PpEvent){(int8_t)kind, (int8_t)side, (int8_t)counter, (int8_t)from, (int8_t)to, (int8_t)value,
                                (int8_t)value2};
}

int pp_roll(PpGame *g) { return rng_die(&g->rng, NULL); }

void pp_put_counter(PpGame *g, int c, int area)
{
    const PpCounter *u = PP_CTR(g, c);
    int from = g->where[c];
    if (from >= 0) {
        g->units[u->side][from]--;
        g->dice[u->side][from] -= u->kind != PP_LEADER;
    }
    g->where[c] = (int8_t)area;
    if (area >= 0) {
        g->units[u->side][area]++;
        g->dice[u->side][area] += u->kind != PP_LEADER;
    }
}

int pp_units_in(const PpGame *g, int side, int area) { return area >= 0 ? g->units[side][area] : 0; }

bool pp_contested(const PpGame *g, int area) { return g->units[0][area] > 0 && g->units[1][area] > 0; }

const char *pp_phase_name(int phase)
{
    static const char *const names[] = {"set-up", "recovery", "movement", "combat", "over"};
    return phase >= 0 && phase <= PP_PH_OVER ? names[phase] : "?";
}

int pp_to_move(const PpGame *g) { return g->to_move; }
bool pp_over(const PpGame *g) { return g->phase == PP_PH_OVER; }
int pp_result(const PpGame *g) { return g->result; }

void pp_new(PpGame *g, const PpData *data, uint64_t seed)
{
    memset(g, 0, sizeof *g);
    g->data = data;
    rng_seed(&g->rng, seed);
    g->phase = PP_PH_SETUP;
    g->turn = 1;
    g->result = -1;
    g->cb.area = -1;
    g->initiative = (int8_t)data->first_initiative;
    g->centre_holder = -1;
    for (int c = 0; c < data->ncounters; c++)
        g->where[c] = PP_OFFMAP;
    for (int a = 0; a < data->nareas; a++)
        g->control[a] = (uint8_t)data->areas[a].control;
    /* APP-SETUP: the trenches printed in the set-up (Fredericksburg's) */
    for (int side = 0; side < PP_SIDES; side++) {
        g->trench_pool[side] = (int8_t)data->sides[side].trenches;
        for (int a = 0; a < data->nareas; a++)
            if (data->areas[a].trench_setup[side]) {
                g->trench[a] |= (uint8_t)(1u << side);
                g->trench_pool[side]--;
            }
    }
    g->to_move = PP_CONFEDERATE; /* APP-SETUP: the Confederates place first */
}

void pp_new_standard(PpGame *g, const PpData *data, uint64_t seed)
{
    pp_new(g, data, seed);
    for (int i = 0; i < 2 && g->phase == PP_PH_SETUP; i++) {
        PpDecision d = {PP_D_STANDARD, -1, -1};
        pp_apply(g, &d, NULL, NULL, 0);
    }
}

/* ---- the operands of each kind (decision.c's table) ---------------------- */

static bool operand_ok(const PpData *pd, int shape, int v)
{
    switch (shape) {
    case PP_OP_COUNTER:
        return v >= 0 && v < pd->ncounters;
    case PP_OP_AREA:
        return v >= 0 && v < pd->nareas;
    case PP_OP_LOSS:
        return v == PP_TRENCH_LOSS || (v >= 0 && v < pd->ncounters);
    default:
        return true;
    }
}

static bool kind_in_phase(const PpGame *g, int kind)
{
    if (g->cb.area >= 0 && g->cb.question != PP_Q_NONE) {
        static const int answer[] = {[PP_Q_BONUS] = PP_D_BONUS, [PP_Q_LOSS] = PP_D_LOSS,
                                     [PP_Q_RETREAT] = PP_D_RETREAT, [PP_Q_LEADER] = PP_D_LEADER};
        return kind == answer[g->cb.question];
    }
    switch (g->phase) {
    case PP_PH_SETUP:
        return kind == PP_D_PLACE || kind == PP_D_STANDARD;
    case PP_PH_RECOVERY:
        return kind == PP_D_RECOVER || kind == PP_D_DONE;
    case PP_PH_MOVEMENT:
        return kind == PP_D_MOVE || kind == PP_D_SWAP || kind == PP_D_TRENCH || kind == PP_D_FIGHT ||
               kind == PP_D_DONE;
    case PP_PH_COMBAT:
        return kind == PP_D_FIGHT;
    default:
        return false;
    }
}

static const char *const question_words[] = {"", "which unit Hooker helps (bonus)", "which unit is lost (loss)",
                                             "where a beaten unit goes (retreat)", "where a leader goes (leader)"};

const char *pp_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    if (g->phase == PP_PH_OVER)
        return pp_refuse(buf, n, "the game is over");
    if (d->kind < 0 || d->kind >= PP_D_KINDS)
        return pp_refuse(buf, n, "unknown decision");
    if (!operand_ok(pd, pp_kinds[d->kind].a, d->a) || !operand_ok(pd, pp_kinds[d->kind].b, d->b))
        return pp_refuse(buf, n, "no such counter or area");
    if (!kind_in_phase(g, d->kind)) {
        if (g->cb.area >= 0 && g->cb.question != PP_Q_NONE)
            return pp_refuse(buf, n, "the combat in %s waits for the %s to decide %s", pd->areas[g->cb.area].name,
                             pd->sides[g->to_move].shortname, question_words[g->cb.question]);
        return pp_refuse(buf, n, "not a decision of the %s phase", pp_phase_name(g->phase));
    }
    switch (d->kind) {
    case PP_D_PLACE:
        return pp_place_refusal(g, d, buf, n);
    case PP_D_STANDARD:
        return pp_standard_refusal(g, buf, n);
    case PP_D_RECOVER:
        return pp_recover_refusal(g, d, buf, n);
    case PP_D_MOVE:
        return pp_move_refusal(g, d, buf, n);
    case PP_D_SWAP:
        return pp_swap_refusal(g, d, buf, n);
    case PP_D_TRENCH:
        return pp_trench_refusal(g, d, buf, n);
    case PP_D_FIGHT:
        return pp_fight_refusal(g, d, buf, n);
    case PP_D_BONUS:
        return pp_bonus_refusal(g, d, buf, n);
    case PP_D_LOSS:
        return pp_loss_refusal(g, d, buf, n);
    case PP_D_RETREAT:
        return pp_retreat_refusal(g, d, buf, n);
    case PP_D_LEADER:
        return pp_leader_refusal(g, d, buf, n);
    default: /* PP_D_DONE: always open in its phases */
        return NULL;
    }
}

bool pp_open(const PpGame *g, const PpDecision *d)
{
    const PpData *pd = PPD(g);
    if (g->phase == PP_PH_MOVEMENT && !(g->cb.area >= 0 && g->cb.question != PP_Q_NONE)) {
        /* pp_refusal's checks, in the same order, for the kinds the
         * play-outs ask most (the phase and question are those of
         * kind_in_phase) */
        switch (d->kind) {
        case PP_D_MOVE:
            return operand_ok(pd, PP_OP_COUNTER, d->a) && operand_ok(pd, PP_OP_AREA, d->b) &&
                   pp_move_open(g, d->a, d->b);
        case PP_D_TRENCH:
            return operand_ok(pd, PP_OP_AREA, d->a) && !pp_trench_refusal(g, d, NULL, 0);
        case PP_D_FIGHT:
            return operand_ok(pd, PP_OP_AREA, d->a) && !pp_fight_refusal(g, d, NULL, 0);
        case PP_D_DONE:
            return true;
        default:
            break;
        }
    }
    if (g->phase == PP_PH_COMBAT && !(g->cb.area >= 0 && g->cb.question != PP_Q_NONE) && d->kind == PP_D_FIGHT)
        return operand_ok(pd, PP_OP_AREA, d->a) && !pp_fight_refusal(g, d, NULL, 0);
    return !pp_refusal(g, d, NULL, 0);
}

int pp_apply(PpGame *g, const PpDecision *d, PpEvents *ev, char *why, size_t n)
{
    char buf[200];
    if (!pp_open(g, d)) {
        pp_refusal(g, d, buf, sizeof buf);
        if (why && n)
            snprintf(why, n, "%s", buf);
        return -1;
    }
    switch (d->kind) {
    case PP_D_PLACE:
        pp_apply_place(g, d, ev);
        break;
    case PP_D_STANDARD:
        pp_apply_standard(g, ev);
        break;
    case PP_D_RECOVER:
        pp_apply_recover(g, d, ev);
        break;
    case PP_D_MOVE:
        pp_apply_move(g, d, ev);
        break;
    case PP_D_SWAP:
        pp_apply_swap(g, d, ev);
        break;
    case PP_D_TRENCH:
        pp_apply_trench(g, d, ev);
        break;
    case PP_D_FIGHT:
        pp_apply_fight(g, d, ev);
        break;
    case PP_D_BONUS:
        pp_apply_bonus(g, d, ev);
        break;
    case PP_D_LOSS:
        pp_apply_loss(g, d, ev);
        break;
    case PP_D_RETREAT:
        pp_apply_retreat(g, d, ev);
        break;
    case PP_D_LEADER:
        pp_apply_leader(g, d, ev);
        break;
    case PP_D_DONE:
        if (g->phase == PP_PH_RECOVERY)
            pp_recovery_done(g, ev);
        else {
            pp_emit(ev, PP_EV_DONE, g->to_move, -1, -1, -1, 0, 0);
            pp_next_step(g, ev);
        }
        break;
    }
    if (why && n)
        why[0] = '\0';
    return 0;
}

/* ---- what may be decided -------------------------------------------------- */

typedef struct {
    const PpGame *g;
    PpDecision *out;
    int max, count;
} Lister;

static void offer(Lister *l, int kind, int a, int b)
{
    PpDecision d = {(int8_t)kind, (int8_t)a, (int8_t)b};
    if (!pp_open(l->g, &d))
        return;
    if (l->count < l->max)
        l->out[l->count] = d;
    l->count++;
}

static void list_question(Lister *l)
{
    const PpGame *g = l->g;
    const PpData *pd = PPD(g);
    int side = g->to_move, area = g->cb.area;
    for (int c = 0; c < pd->ncounters; c++) {
        if (pd->counters[c].side != side || g->where[c] != area)
            continue;
        switch (g->cb.question) {
        case PP_Q_BONUS:
            offer(l, PP_D_BONUS, c, -1);
            break;
        case PP_Q_LOSS:
            offer(l, PP_D_LOSS, c, -1);
            break;
        case PP_Q_RETREAT:
            for (int i = 0; i < pd->areas[area].nadj; i++)
                offer(l, PP_D_RETREAT, c, pd->areas[area].adj[i]);
            break;
        case PP_Q_LEADER:
            for (int a = 0; a < pd->nareas; a++)
                offer(l, PP_D_LEADER, c, a);
            break;
        }
    }
    if (g->cb.question == PP_Q_LOSS)
        offer(l, PP_D_LOSS, PP_TRENCH_LOSS, -1);
}

int pp_legal(const PpGame *g, PpDecision *out, int max)
{
    Lister l = {g, out, max, 0};
    const PpData *pd = PPD(g);
    int side = g->to_move;
    if (g->phase == PP_PH_OVER || side < 0)
        return 0;
    if (g->cb.area >= 0 && g->cb.question != PP_Q_NONE) {
        list_question(&l);
        return l.count;
    }
    switch (g->phase) {
    case PP_PH_SETUP:
        offer(&l, PP_D_STANDARD, -1, -1);
        for (int c = 0; c < pd->ncounters; c++)
            if (pd->counters[c].side == side && g->where[c] == PP_OFFMAP && pd->counters[c].arrive_turn == 0)
                for (int a = 0; a < pd->nareas; a++)
                    if (pd->areas[a].setup_max[side] >= 0)
                        offer(&l, PP_D_PLACE, c, a);
        break;
    case PP_PH_RECOVERY:
        for (int c = 0; c < pd->ncounters; c++)
            if (pd->counters[c].side == side && g->where[c] == PP_ELIM && pd->counters[c].kind != PP_LEADER) {
                for (int i = 0; i < pd->sides[side].nrecovery; i++)
                    offer(&l, PP_D_RECOVER, c, pd->sides[side].recovery[i]);
                offer(&l, PP_D_RECOVER, c, pd->initiative_area);
            }
        offer(&l, PP_D_DONE, -1, -1);
        break;
    case PP_PH_MOVEMENT: {
        bool trench_seen[PP_MAX_AREAS] = {false};
        for (int c = 0; c < pd->ncounters; c++) {
            int at = g->where[c];
            if (pd->counters[c].side != side || at < 0)
                continue;
            /* cheap filters first: pp_legal runs in every playout of an AI */
            bool free_unit = !(g->moved & PP_BIT(c)) && g->budget > 0;
            for (int i = 0; i < pd->areas[at].nadj && free_unit; i++)
                if (pd->areas[at].join[i] != PP_RIVER)
                    offer(&l, PP_D_MOVE, c, pd->areas[at].adj[i]);
            for (int c2 = c + 1; c2 < pd->ncounters && free_unit; c2++)
                if (pd->counters[c2].side == side && g->where[c2] >= 0 && g->where[c2] != at &&
                    !(g->moved & PP_BIT(c2)) && pp_passable(pd, at, g->where[c2]))
                    offer(&l, PP_D_SWAP, c, c2);
            if (!trench_seen[at]) {
                trench_seen[at] = true;
                offer(&l, PP_D_TRENCH, at, -1);
            }
        }
        for (int a = 0; a < pd->nareas; a++)
            if (pp_contested(g, a))
                offer(&l, PP_D_FIGHT, a, -1);
        offer(&l, PP_D_DONE, -1, -1);
        break;
    }
    case PP_PH_COMBAT:
        for (int a = 0; a < pd->nareas; a++)
            offer(&l, PP_D_FIGHT, a, -1);
        break;
    }
    return l.count;
}
