/* The Red Die of Courage: RDC-SETUP (squads set up from the battlefield
 * around their leaders, [1.1], by rd_setup_cells) and RDC-REPLAY (the game a plain value with
 * its dice, made by rd_new from a seed); the way of a decision
 * (rd_refusal, rd_apply), routed by the stage the game is in, and the small
 * questions every part asks about soldiers and squads. */

#include "red_die/rd_internal.h"

void rd_emit(RdEvents *ev, int kind, int side, int squad, int soldier, int other, int col, int row, int value,
             int value2)
{
    if (!ev)
        return;
    if (ev->n >= RD_MAX_EVENTS) {
        ev->overflow = true;
        return;
    }
    ev->ev[ev->n++] = (RdEvent){(int8_t)kind, (int8_t)side,    (int8_t)squad,    (int16_t)soldier, (int16_t)other,
                                (int8_t)col,  (int8_t)row,     (int16_t)value,   (int16_t)value2};
}

int rd_roll(RdGame *g, RdEvents *ev, int purpose, int squad, int soldier)
{
    int face = rng_die(&g->rng, NULL);
    int side = squad >= 0 ? g->squads[squad].side : -1;
    rd_emit(ev, RD_EV_DIE, side, squad, soldier, -1, -1, -1, face, purpose);
    return face;
}

RdCell rd_soldier_cell(const RdGame *g, int soldier)
{
    return (RdCell){g->soldiers[soldier].col, g->soldiers[soldier].row};
}

void rd_occupancy(const RdGame *g, RdOcc occ)
{
    memset(occ, 0, sizeof(RdOcc));
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->where == RD_ON_TABLE && s->col >= 0)
            occ[s->row][s->col] = (uint8_t)(s->squad + 1);
    }
}

int rd_soldier_at(const RdGame *g, RdCell c)
{
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].where == RD_ON_TABLE && g->soldiers[i].col == c.col && g->soldiers[i].row == c.row)
            return i;
    return -1;
}

int rd_squad_of_cell(const RdGame *g, RdCell c)
{
    int s = rd_soldier_at(g, c);
    return s < 0 ? -1 : g->soldiers[s].squad;
}

/* Prone soldiers cannot be hit by fire ([3.2], the fire loss table 5-6). */
bool rd_hittable(const RdSoldier *s) { return s->where == RD_ON_TABLE && !s->prone; }

bool rd_officer(const RdGame *g, int soldier)
{
    return soldier >= 0 && soldier < g->nsoldiers &&
           (soldier == 0 || g->soldiers[soldier - 1].home != g->soldiers[soldier].home); /* rd_new: leader first */
}

/* Able to fire, fight and be counted as acting: on the table, up, not badly wounded. */
bool rd_soldier_able(const RdSoldier *s) { return s->where == RD_ON_TABLE && !s->prone && s->wound != RD_BAD; }

int rd_squad_cells(const RdGame *g, int squad, int which, RdCell *out)
{
    int n = 0;
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->squad == squad && s->where == RD_ON_TABLE &&
            (which == RD_ALL || (which == RD_ABLE ? rd_soldier_able(s) : rd_hittable(s))))
            out[n++] = rd_soldier_cell(g, i);
    }
    return n;
}

int rd_members(const RdGame *g, int squad, int *out)
{
    int n = 0, leader = rd_leader(g, squad);
    if (leader >= 0)
        out[n++] = leader;
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && i != leader)
            out[n++] = i;
    return n;
}

int rd_leader(const RdGame *g, int squad)
{
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && g->soldiers[i].leader)
            return i;
    return -1;
}

int rd_on_table(const RdGame *g, int squad)
{
    int n = 0;
    for (int i = 0; i < g->nsoldiers; i++)
        n += g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE;
    return n;
}

int rd_able(const RdGame *g, int squad)
{
    int n = 0;
    for (int i = 0; i < g->nsoldiers; i++)
        n += g->soldiers[i].squad == squad && rd_soldier_able(&g->soldiers[i]);
    return n;
}

void rd_add_red(RdGame *g, RdEvents *ev, int side, int delta)
{
    int before = g->red[side], now = before + delta;
    if (now > RD_MAX_RED) /* the program's cap, not the rulebook's: said in the log */
        rd_emit(ev, RD_EV_CAP, side, -1, -1, -1, -1, -1, 0, now - RD_MAX_RED);
    now = now < 0 ? 0 : now > RD_MAX_RED ? RD_MAX_RED : now;
    if (now == before)
        return;
    g->red[side] = (int8_t)now;
    rd_emit(ev, RD_EV_RED, side, -1, -1, -1, -1, -1, now, now - before);
}

/* RDC-LOSSES: the leader falls last; when he leaves the table, the first of
 * his squad still there, unhurt if any, leads it (docs/rulings.md). */
void rd_after_leaving(RdGame *g, RdEvents *ev, int soldier)
{
    RdSoldier *s = &g->soldiers[soldier];
    if (!s->leader || rd_leader(g, s->squad) >= 0)
        return;
    int best = -1;
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *o = &g->soldiers[i];
        if (o->squad != s->squad || o->where != RD_ON_TABLE)
            continue;
        if (best < 0 || (o->wound < g->soldiers[best].wound))
            best = i;
    }
    if (best >= 0) {
        g->soldiers[best].leader = 1;
        rd_emit(ev, RD_EV_LEADER, g->squads[s->squad].side, s->squad, best, soldier, -1, -1, 0, 0);
    }
}

/* ---- set-up --------------------------------------------------------------- */

void rd_new(RdGame *g, const RdRules *r, const RdField *f, uint64_t seed)
{
    memset(g, 0, sizeof *g);
    g->rules = r;
    g->field = f;
    rng_seed(&g->rng, seed);
    g->result = -1;
    g->initiative = (int8_t)f->first_side;
    g->to_move = g->initiative;
    g->stage = RD_ST_ACTIVATE;
    g->last_squad = -1;
    g->last_action = -1;
    g->act.squad = -1;
    for (int k = 0; k < f->nsquads && k < RD_MAX_SQUADS; k++) {
        const RdSquadSetup *su = &f->squads[k];
        RdSquad *q = &g->squads[g->nsquads];
        *q = (RdSquad){(int8_t)k, (int8_t)su->side, (int8_t)su->quality, (int8_t)su->weapon, (int8_t)su->facing,
                       (int8_t)su->line, 0, 0, 0};
        int first = g->nsoldiers;
        for (int i = 0; i < su->soldiers && g->nsoldiers < RD_MAX_SOLDIERS; i++)
            g->soldiers[g->nsoldiers++] = (RdSoldier){(int8_t)g->nsquads, (int8_t)g->nsquads, -1, -1,
                                                       RD_ON_TABLE, RD_UNHURT, 0, (int8_t)(i == 0), -1};
        int cols[RD_MAX_SQUAD_SOLDIERS], rows[RD_MAX_SQUAD_SOLDIERS];
        rd_setup_cells(su, cols, rows); /* the loader checked that they are free and on the field */
        for (int i = first; i < g->nsoldiers; i++) {
            g->soldiers[i].col = (int8_t)cols[i - first];
            g->soldiers[i].row = (int8_t)rows[i - first];
        }
        g->nsquads++;
    }
}

int rd_to_move(const RdGame *g) { return g->to_move; }
bool rd_over(const RdGame *g) { return g->stage == RD_ST_OVER; }
int rd_result(const RdGame *g) { return g->result; }

/* ---- the way of a decision --------------------------------------------------- */

static bool kind_in_stage(int stage, int kind)
{
    switch (stage) {
    case RD_ST_ACTIVATE:
        return kind == RD_D_MOVE || kind == RD_D_FIRE || kind == RD_D_ASSAULT || kind == RD_D_RALLY ||
               kind == RD_D_LEAVE || kind == RD_D_ESCORT;
    case RD_ST_LOSS:
        return kind == RD_D_LOSS;
    case RD_ST_DEFEND:
        return kind == RD_D_DEFEND;
    case RD_ST_HEROIC_MOVE:
        return kind == RD_D_ADVANCE || kind == RD_D_PASS;
    case RD_ST_HEROIC_FIRE:
        return kind == RD_D_FIRE || kind == RD_D_PASS;
    default:
        return false;
    }
}

static const char *const stage_words[] = {"an activation", "which soldier takes the hit (loss)",
                                          "the defensive fire's dice (defend)", "the free move (advance or pass)",
                                          "the new fire (fire or pass)", "nothing: the game is over"};

const char *rd_waiting_for(const RdGame *g) { return stage_words[g->stage]; }

const char *rd_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    if (g->stage == RD_ST_OVER)
        return rd_refuse(buf, n, "the game is over");
    if (d->kind < 0 || d->kind >= RD_D_KINDS)
        return rd_refuse(buf, n, "unknown decision");
    if (!kind_in_stage(g->stage, d->kind))
        return rd_refuse(buf, n, "the game waits for %s", stage_words[g->stage]);
    switch (g->stage) {
    case RD_ST_ACTIVATE:
        if (d->kind == RD_D_LEAVE)
            return rd_leave_refusal(g, d->squad, buf, n);
        if (d->kind == RD_D_ESCORT)
            return rd_carry_refusal(g, d->squad, buf, n);
        return rd_activation_refusal(g, d, buf, n);
    case RD_ST_LOSS:
        return rd_loss_refusal(g, d, buf, n);
    case RD_ST_DEFEND:
        return rd_defend_refusal(g, d, buf, n);
    default:
        return rd_heroic_refusal(g, d, buf, n);
    }
}

int rd_apply(RdGame *g, const RdDecision *d, RdEvents *ev, char *why, size_t n)
{
    char buf[200];
    if (rd_refusal(g, d, buf, sizeof buf)) {
        if (why && n)
            snprintf(why, n, "%s", buf);
        return -1;
    }
    switch (g->stage) {
    case RD_ST_ACTIVATE:
        if (d->kind == RD_D_LEAVE)
            rd_leave(g, ev, d->squad);
        else if (d->kind == RD_D_ESCORT)
            rd_carry(g, ev, d->squad);
        else
            rd_apply_activation(g, d, ev);
        break;
    case RD_ST_LOSS:
        rd_apply_loss(g, d, ev);
        break;
    case RD_ST_DEFEND:
        rd_apply_defend(g, d, ev);
        break;
    default:
        rd_apply_heroic(g, d, ev);
        break;
    }
    if (why && n)
        why[0] = '\0';
    return 0;
}
