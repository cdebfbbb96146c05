/* Combat, step by step.
 * APP-COMBAT-ORDER: after the movement, the side with the initiative
 * chooses the next area where both armies stand (`fight AREA`), until none
 * is left (a single one is fought at once).
 * APP-IMPULSE-COMBAT: during its part of an impulse a side may instead
 * fight in such an area for two of its unit moves (rules.ini combat_cost).
 * APP-HIDDEN: the counters of the area are shown to both sides (REVEAL
 * events, pp_view) while it is fought.
 * APP-COMBAT-DICE: one die for each formation and minor unit (none for a
 * leader); a formation hits on a modified 4+, a minor unit on 6+ (rules.ini
 * [combat]). The dice are rolled Union units first, each side's in the
 * order of counters.ini.
 * APP-LEADER: Lee, Jackson and Longstreet add +1 to every die of their
 * army in their area; Hooker adds +1 to the die of one unit his player
 * chooses after the roll (`bonus UNIT`). Two leaders' bonuses on one die do
 * not add up (rules.ini leader_bonuses_add).
 * APP-LOSSES: each hit eliminates one unit of the side hit, chosen by its
 * owner (`loss UNIT`): a formation, a minor unit, a leader (never to come
 * back) or the side's trench in the area (`loss trench`), gone from the
 * game. The side with the initiative chooses first. When the hits reach
 * everything the side has there, all of it goes without a question.
 * APP-COMBAT-TIE: the side that scored more hits wins, or the only one left
 * in the area; on equal hits with both still there, the fight goes on with
 * a new round (capped at PP_MAX_ROUNDS, then the area's controller wins).
 * The beaten side retreats (retreat.c, APP-RETREAT); the winner controls
 * the area.
 * APP-LEADERS-ONLY: when only leaders of the two armies are in the area
 * (before a round), there is no fight: each leader goes to the closest area
 * holding units of his army (his player's choice between equally close
 * ones, `leader LEADER AREA`), or is eliminated when there is none. */
#include "perfect_plan/pp_internal.h"

#define PP_MAX_ROUNDS 100

static int order_side(const PpGame *g, int i) { return i == 0 ? g->initiative : PP_ENEMY(g->initiative); }

static int items_of(const PpGame *g, int side)
{
    return pp_units_in(g, side, g->cb.area) + (int)((g->trench[g->cb.area] >> side) & 1u);
}

static void next_round(PpGame *g, PpEvents *ev);
static void leaders_next(PpGame *g, PpEvents *ev);

/* ---- starting ------------------------------------------------------------- */

const char *pp_fight_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = PPD(g);
    if (!pp_contested(g, d->a))
        return pp_refuse(buf, n, "no fight in %s: both armies must have units there", pd->areas[d->a].name);
    if (g->phase == PP_PH_MOVEMENT && g->budget < pd->combat_cost) /* APP-IMPULSE-COMBAT */
        return pp_refuse(buf, n, "a fight during an impulse takes %d of its unit moves; %d left", pd->combat_cost,
                         g->budget);
    return NULL;
}

static void start_combat(PpGame *g, int area, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    memset(&g->cb, 0, sizeof g->cb);
    g->cb.area = (int8_t)area;
    g->cb.impulse = g->phase == PP_PH_MOVEMENT;
    g->cb.loser = g->cb.winner = -1;
    pp_emit(ev, PP_EV_COMBAT, g->to_move, -1, -1, area, 1, g->cb.impulse);
    for (int c = 0; c < pd->ncounters; c++) /* APP-HIDDEN: both sides turn their counters face up */
        if (g->where[c] == area)
            pp_emit(ev, PP_EV_REVEAL, pd->counters[c].side, c, -1, area, 0, 0);
    next_round(g, ev);
}

void pp_apply_fight(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    if (g->phase == PP_PH_MOVEMENT)
        g->budget = (int8_t)(g->budget - PPD(g)->combat_cost);
    start_combat(g, d->a, ev);
}

void pp_combat_phase(PpGame *g, PpEvents *ev)
{
    g->phase = PP_PH_COMBAT;
    g->to_move = g->initiative;
    int count = 0, last = -1;
    for (int a = 0; a < PPD(g)->nareas; a++)
        if (pp_contested(g, a))
            count++, last = a;
    if (count == 0)
        pp_end_turn(g, ev);
    else if (count == 1)
        start_combat(g, last, ev);
}

/* ---- a round -------------------------------------------------------------- */

static void ask(PpGame *g, int question, int side)
{
    g->cb.question = (int8_t)question;
    g->cb.asked = (int8_t)side;
    g->to_move = (int8_t)side;
}

static void score(PpGame *g, PpEvents *ev);

/* After the dice: Hooker's choice, then the hits. */
static void after_dice(PpGame *g, PpEvents *ev)
{
    for (int i = 0; i < PP_SIDES; i++) {
        int side = order_side(g, i);
        if (g->cb.bonus_left[side] > 0) {
            ask(g, PP_Q_BONUS, side);
            return;
        }
    }
    score(g, ev);
}

static int combine(const PpData *pd, int mod, int bonus) { return pd->leader_bonuses_add ? mod + bonus : (mod > bonus ? mod : bonus); }

static void next_round(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    int area = g->cb.area;
    if (pp_dice_units_in(g, PP_UNION, area) == 0 && pp_dice_units_in(g, PP_CONFEDERATE, area) == 0) {
        pp_emit(ev, PP_EV_LEADERS_ONLY, -1, -1, -1, area, 0, 0); /* APP-LEADERS-ONLY */
        leaders_next(g, ev);
        return;
    }
    g->cb.round++;
    g->cb.question = PP_Q_NONE;
    memset(g->cb.die, 0, sizeof g->cb.die);
    memset(g->cb.mod, 0, sizeof g->cb.mod);
    int all_bonus[PP_SIDES] = {0, 0};
    for (int side = 0; side < PP_SIDES; side++) {
        g->cb.bonus_left[side] = 0;
        g->cb.hits[side] = g->cb.to_lose[side] = 0;
    }
    for (int c = 0; c < pd->ncounters; c++) { /* APP-LEADER */
        const PpCounter *u = &pd->counters[c];
        if (g->where[c] != area || u->kind != PP_LEADER || u->bonus <= 0)
            continue;
        if (u->bonus_to_all)
            all_bonus[u->side] = combine(pd, all_bonus[u->side], u->bonus);
        else if (pp_dice_units_in(g, u->side, area) > 0)
            g->cb.bonus_left[u->side]++;
    }
    for (int side = 0; side < PP_SIDES; side++) /* APP-COMBAT-DICE */
        for (int c = 0; c < pd->ncounters; c++) {
            const PpCounter *u = &pd->counters[c];
            if (g->where[c] != area || u->side != side || u->kind == PP_LEADER)
                continue;
            g->cb.die[c] = (int8_t)pp_roll(g);
            g->cb.mod[c] = (int8_t)all_bonus[side];
            pp_emit(ev, PP_EV_DIE, side, c, -1, area, g->cb.die[c], g->cb.die[c] + g->cb.mod[c]);
        }
    after_dice(g, ev);
}

const char *pp_bonus_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpCounter *u = PP_CTR(g, d->a);
    if (u->side != g->to_move || g->where[d->a] != g->cb.area || g->cb.die[d->a] == 0)
        return pp_refuse(buf, n, "%s has no die of yours in this fight", u->name);
    return NULL;
}

/* The largest bonus of a side's one-unit leaders in the area. */
static int one_bonus(const PpGame *g, int side)
{
    int best = 0;
    for (int c = 0; c < PPD(g)->ncounters; c++) {
        const PpCounter *u = PP_CTR(g, c);
        if (g->where[c] == g->cb.area && u->side == side && u->kind == PP_LEADER && !u->bonus_to_all &&
            u->bonus > best)
            best = u->bonus;
    }
    return best;
}

void pp_apply_bonus(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    int side = g->to_move;
    g->cb.mod[d->a] = (int8_t)combine(PPD(g), g->cb.mod[d->a], one_bonus(g, side));
    g->cb.bonus_left[side]--;
    g->cb.question = PP_Q_NONE;
    pp_emit(ev, PP_EV_BONUS, side, d->a, -1, g->cb.area, g->cb.die[d->a] + g->cb.mod[d->a], 0);
    after_dice(g, ev);
}

/* ---- hits and losses ------------------------------------------------------ */

static void ask_losses(PpGame *g, PpEvents *ev);
static void outcome(PpGame *g, PpEvents *ev);

static void score(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    g->cb.question = PP_Q_NONE;
    for (int c = 0; c < pd->ncounters; c++) /* APP-COMBAT-DICE */
        if (g->cb.die[c] > 0) {
            int need = pd->counters[c].kind == PP_MINOR ? pd->minor_hit : pd->formation_hit;
            if (g->cb.die[c] + g->cb.mod[c] >= need)
                g->cb.hits[pd->counters[c].side]++;
        }
    for (int side = 0; side < PP_SIDES; side++) {
        pp_emit(ev, PP_EV_HITS, side, -1, -1, g->cb.area, g->cb.hits[side], g->cb.round);
        int have = items_of(g, side);
        int hit = g->cb.hits[PP_ENEMY(side)];
        g->cb.to_lose[side] = (int8_t)(hit < have ? hit : have);
    }
    ask_losses(g, ev);
}

static void lose(PpGame *g, int side, int c, PpEvents *ev)
{
    if (c == PP_TRENCH_LOSS)
        g->trench[g->cb.area] &= (uint8_t)~(1u << side);
    else
        pp_put_counter(g, c, PP_ELIM);
    g->cb.to_lose[side]--;
    pp_emit(ev, PP_EV_LOSS, side, c, g->cb.area, PP_ELIM, 0, 0);
}

/* APP-LOSSES: the owners choose, the side with the initiative first. */
static void ask_losses(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    for (int i = 0; i < PP_SIDES; i++) {
        int side = order_side(g, i);
        if (g->cb.to_lose[side] <= 0)
            continue;
        if (g->cb.to_lose[side] < items_of(g, side)) {
            ask(g, PP_Q_LOSS, side);
            return;
        }
        for (int c = 0; c < pd->ncounters; c++) /* everything goes: no choice to make */
            if (g->where[c] == g->cb.area && pd->counters[c].side == side)
                lose(g, side, c, ev);
        if (g->trench[g->cb.area] & (1u << side))
            lose(g, side, PP_TRENCH_LOSS, ev);
        g->cb.to_lose[side] = 0;
    }
    g->cb.question = PP_Q_NONE;
    outcome(g, ev);
}

const char *pp_loss_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    int side = g->to_move;
    if (d->a == PP_TRENCH_LOSS) {
        if (!(g->trench[g->cb.area] & (1u << side)))
            return pp_refuse(buf, n, "you have no trench in %s", PPD(g)->areas[g->cb.area].name);
        return NULL;
    }
    const PpCounter *u = PP_CTR(g, d->a);
    if (u->side != side || g->where[d->a] != g->cb.area)
        return pp_refuse(buf, n, "%s is not one of your units in this fight", u->name);
    return NULL;
}

void pp_apply_loss(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    lose(g, g->to_move, d->a, ev);
    g->cb.question = PP_Q_NONE;
    ask_losses(g, ev);
}

/* APP-COMBAT-TIE */
static void outcome(PpGame *g, PpEvents *ev)
{
    int area = g->cb.area;
    int left[PP_SIDES] = {pp_units_in(g, PP_UNION, area), pp_units_in(g, PP_CONFEDERATE, area)};
    if (left[0] > 0 && left[1] > 0) {
        int u = g->cb.hits[PP_UNION], c = g->cb.hits[PP_CONFEDERATE];
        if (u == c && g->cb.round < PP_MAX_ROUNDS) {
            pp_emit(ev, PP_EV_TIE, -1, -1, -1, area, g->cb.round + 1, u);
            next_round(g, ev);
            return;
        }
        g->cb.winner = (int8_t)(u == c ? g->control[area] : u > c ? PP_UNION : PP_CONFEDERATE);
        g->cb.loser = (int8_t)PP_ENEMY(g->cb.winner);
        pp_begin_retreat(g, ev);
        return;
    }
    g->cb.winner = (int8_t)(left[0] > 0 ? PP_UNION : left[1] > 0 ? PP_CONFEDERATE : -1);
    pp_combat_over(g, ev);
}

void pp_combat_over(PpGame *g, PpEvents *ev)
{
    int area = g->cb.area;
    pp_emit(ev, PP_EV_WIN, g->cb.winner, -1, -1, area, g->cb.round, 0);
    bool impulse = g->cb.impulse;
    memset(&g->cb, 0, sizeof g->cb);
    g->cb.area = -1;
    g->cb.loser = g->cb.winner = -1;
    pp_settle(g, ev); /* the winner alone in the area controls it (APP-CONTROL) */
    if (impulse) {
        g->to_move = (int8_t)(g->step == 0 ? g->initiative : PP_ENEMY(g->initiative));
        pp_after_action(g, ev);
    } else
        pp_combat_phase(g, ev);
}

/* ---- only leaders ----------------------------------------------------------- */

/* The areas a leader of side in the combat area may go to: the closest
 * ones (by steps a unit could take) holding units of his army, without
 * enemy units, with room. Returns how many; their bits in *set. */
static int leader_targets(const PpGame *g, int side, uint32_t *set)
{
    const PpData *pd = PPD(g);
    int dist[PP_MAX_AREAS], queue[PP_MAX_AREAS], head = 0, tail = 0;
    for (int a = 0; a < pd->nareas; a++)
        dist[a] = -1;
    dist[g->cb.area] = 0;
    queue[tail++] = g->cb.area;
    int best = -1, count = 0;
    *set = 0;
    while (head < tail) {
        int a = queue[head++];
        if (best >= 0 && dist[a] > best)
            break;
        if (a != g->cb.area && pp_units_in(g, side, a) > 0 && pp_units_in(g, PP_ENEMY(side), a) == 0 &&
            pp_room_for(g, side, a, 1)) {
            best = dist[a];
            *set |= 1u << a;
            count++;
        }
        for (int i = 0; i < pd->areas[a].nadj; i++) {
            int b = pd->areas[a].adj[i];
            if (dist[b] < 0 && pp_passable(pd, a, b)) {
                dist[b] = dist[a] + 1;
                queue[tail++] = b;
            }
        }
    }
    return count;
}

static void leaders_next(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    for (int i = 0; i < PP_SIDES; i++) {
        int side = order_side(g, i);
        for (int c = 0; c < pd->ncounters; c++) {
            if (g->where[c] != g->cb.area || pd->counters[c].side != side)
                continue;
            uint32_t set;
            int count = leader_targets(g, side, &set);
            if (count > 1) {
                ask(g, PP_Q_LEADER, side);
                return;
            }
            int to = -1;
            for (int a = 0; a < pd->nareas && count == 1; a++)
                if (set & (1u << a))
                    to = a;
            pp_put_counter(g, c, to >= 0 ? to : PP_ELIM);
            pp_emit(ev, PP_EV_LEADER_MOVE, side, c, g->cb.area, to, 0, 0);
        }
    }
    g->cb.question = PP_Q_NONE;
    g->cb.winner = -1;
    pp_combat_over(g, ev);
}

const char *pp_leader_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpCounter *u = PP_CTR(g, d->a);
    if (u->side != g->to_move || g->where[d->a] != g->cb.area || u->kind != PP_LEADER)
        return pp_refuse(buf, n, "%s is not one of your leaders in %s", u->name, PPD(g)->areas[g->cb.area].name);
    uint32_t set;
    leader_targets(g, u->side, &set);
    if (!(set & (1u << d->b)))
        return pp_refuse(buf, n, "%s is not one of the closest areas holding your units", PPD(g)->areas[d->b].name);
    return NULL;
}

void pp_apply_leader(PpGame *g, const PpDecision *d, PpEvents *ev)
{
    pp_put_counter(g, d->a, d->b);
    pp_emit(ev, PP_EV_LEADER_MOVE, g->to_move, d->a, g->cb.area, d->b, 0, 0);
    leaders_next(g, ev);
}
