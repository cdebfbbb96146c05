/* The greedy level: each legal decision scored by a one-ply heuristic, the
 * best taken (ties at random). It reads a sampled game, but of the enemy
 * only what the view shows: how many counters stand in each area, control
 * and trenches, and the counters face up in a fight. What it likes:
 *
 * - set-up: the standard (historical) set-up; recovery: every unit it may,
 *   formations first, Chancellorsville first;
 * - moves: taking and holding Chancellorsville and Fredericksburg (the
 *   victory areas) above all, then other enemy areas (minor units most,
 *   since holding ground is their use); stepping towards the nearest victory
 *   area; entering an enemy-held area only with more dice than the enemy
 *   has counters there; never leaving a victory area empty when emptied it
 *   would go to the enemy, nor walking out of a fight in one; a leader only
 *   where his units are;
 * - a fight during an impulse only with more dice than enemy counters
 *   there; in the combat phase the best odds first;
 * - a trench where it holds a victory area the enemy is next to or in, or
 *   in an area it shares with the enemy;
 * - losses: the weakest first (a trench, a minor unit, Hooker, a formation,
 *   then a leader who helps every die); Hooker's +1 where it makes a hit;
 *   retreats towards its own units and the victory areas;
 * - `done` (score 0) when nothing scores more. */
#include "pp_ai/pp_ai_internal.h"

void pp_ai_map_init(PpAiMap *m, const PpData *pd)
{
    m->pd = pd;
    m->key = 0;
    int queue[PP_MAX_AREAS], head = 0, tail = 0;
    for (int a = 0; a < pd->nareas; a++)
        m->vdist[a] = -1;
    for (int i = 0; i < pd->nvictory; i++) {
        int a = pd->victory_areas[i];
        m->key |= 1u << a;
        m->vdist[a] = 0;
        queue[tail++] = a;
    }
    while (head < tail) {
        int a = queue[head++];
        for (int i = 0; i < pd->areas[a].nadj; i++) {
            int b = pd->areas[a].adj[i];
            if (pd->areas[a].join[i] != PP_RIVER && m->vdist[b] < 0) {
                m->vdist[b] = (int8_t)(m->vdist[a] + 1);
                queue[tail++] = b;
            }
        }
    }
    for (int a = 0; a < pd->nareas; a++)
        if (m->vdist[a] < 0)
            m->vdist[a] = 20;
    for (int i = 0; i < pd->nvictory; i++) { /* the same, to each victory area alone */
        int8_t *dist = m->kdist[i];
        for (int a = 0; a < pd->nareas; a++)
            dist[a] = -1;
        head = tail = 0;
        dist[pd->victory_areas[i]] = 0;
        queue[tail++] = pd->victory_areas[i];
        while (head < tail) {
            int a = queue[head++];
            for (int k = 0; k < pd->areas[a].nadj; k++) {
                int b = pd->areas[a].adj[k];
                if (pd->areas[a].join[k] != PP_RIVER && dist[b] < 0) {
                    dist[b] = (int8_t)(dist[a] + 1);
                    queue[tail++] = b;
                }
            }
        }
        for (int a = 0; a < pd->nareas; a++)
            if (dist[a] < 0)
                dist[a] = 20;
    }
    for (unsigned set = 0; set < (1u << pd->nvictory); set++)
        for (int a = 0; a < pd->nareas; a++) {
            int best = -1;
            for (int i = 0; i < pd->nvictory; i++)
                if (((set >> i) & 1u) && (best < 0 || m->kdist[i][a] < best))
                    best = m->kdist[i][a];
            m->tdist[set][a] = (int8_t)(best < 0 ? m->vdist[a] : best);
        }
    m->strike[PP_UNION] = m->strike[PP_CONFEDERATE] = false;
    m->helps_all[PP_UNION] = m->helps_all[PP_CONFEDERATE] = true;
    m->nown[PP_UNION] = m->nown[PP_CONFEDERATE] = 0;
    for (int c = 0; c < pd->ncounters; c++) {
        int side = pd->counters[c].side;
        m->own[side][m->nown[side]++] = (int8_t)c;
    }
    for (int c = 0; c < pd->ncounters; c++)
        if (pd->counters[c].kind == PP_LEADER && !pd->counters[c].bonus_to_all)
            m->helps_all[pd->counters[c].side] = false;
}

/* The two step scores are asked a few million times a rollout decision:
 * inlined into pp_ai_greedy_movement's loops they cost 12% fewer
 * instructions (GCC's heuristics leave them out of line). */
#if defined(__GNUC__)
#define GUV_HOT_INLINE __attribute__((always_inline)) static inline
#else
#define GUV_HOT_INLINE static inline
#endif

static inline bool is_key(const PpAiMap *m, int a) { return a >= 0 && ((m->key >> a) & 1u); }

/* pp_units_in, read here without a call: the play-outs score every
 * candidate of every decision with these */
static inline int units_in(const PpGame *g, int side, int area) { return area >= 0 ? g->units[side][area] : 0; }

/* Dice of our own side in an area (its formations and minor units; the
 * enemy's counters are only counted, never told apart). */
static inline int own_dice(const PpGame *g, int side, int area) { return g->dice[side][area]; }

static bool enemy_next_to(const PpGame *g, int side, int area)
{
    const PpArea *a = &g->data->areas[area];
    for (int i = 0; i < a->nadj; i++)
        if (units_in(g, 1 - side, a->adj[i]) > 0)
            return true;
    return false;
}

/* A move's score in two parts: what leaving `from` costs (the same for
 * each of a unit's steps) and what stepping into `to` is worth. */
static inline int leave_score(const PpAiMap *m, const PpGame *g, int side, int from)
{
    int own_from = units_in(g, side, from), en_from = units_in(g, 1 - side, from);
    int s = 0;
    if (is_key(m, from)) {
        if (own_from == 1 && g->data->areas[from].control != side)
            s -= 200; /* emptied, it would go back to the enemy's flag */
        else if (own_from == 1)
            s -= 20;
        if (en_from > 0)
            s -= 40;
    }
    if (en_from > 0 && own_from - 1 < en_from)
        s -= 10;
    return s;
}

/* The strike policy's distances: from each area, the steps to the
 * nearest victory area the enemy controls (greedy's vdist when the side
 * holds them all), looked up in m->tdist: the same for every step scored
 * in one position, so worked out once for it. */
static const int8_t *target_dist(const PpAiMap *m, const PpGame *g, int side)
{
    unsigned set = 0;
    for (int i = 0; i < m->pd->nvictory; i++)
        if (g->control[m->pd->victory_areas[i]] != side)
            set |= 1u << i;
    return m->tdist[set];
}

/* How many of the side's units could step into area `to` in what is left
 * of this part of the impulse: its unmoved units next to it (by land or
 * arrow), at most the moves left. */
static int can_enter_now(const PpAiMap *m, const PpGame *g, int side, int to)
{
    const PpArea *a = &m->pd->areas[to];
    uint32_t next = 0;
    for (int i = 0; i < a->nadj; i++)
        if (a->join[i] != PP_RIVER)
            next |= 1u << a->adj[i];
    int n = 0;
    for (int k = 0; k < m->nown[side]; k++) {
        int c = m->own[side][k], at = g->where[c];
        if (at >= 0 && ((next >> at) & 1u) && !(g->moved & ((uint64_t)1 << c)))
            n++;
    }
    return n < g->budget ? n : g->budget;
}

/* The strike policy (the rollout level's play-outs of its own side): the
 * greedy level's scores, but its units head for the enemy's victory area
 * (target_dist), the first step into that area held by enemy units is
 * taken when as many units as the enemy has there can step in before the
 * enemy moves again (can_enter_now: so that he does not fight a strike
 * half made), and once a strike is under way there (our units in it)
 * every unit that can joins it, the leaders who help every die first and
 * the minor units (6+ to hit) last. Greedy alone never brings a second unit into a stack it does not
 * outnumber, so its play-outs could not tell a strike from a sacrifice. */
GUV_HOT_INLINE int strike_step(const PpAiMap *m, const PpGame *g, const int8_t *tdist, int side, int kind, int from,
                              int to)
{
    int own_to = g->units[side][to], en_to = g->units[1 - side][to];
    bool target = is_key(m, to) && g->control[to] != side && en_to > 0;
    int s = 6 * (tdist[from] - tdist[to]);
    if (target && own_to > 0) /* a leader who helps every die first, a minor unit (6+ to hit) last */
        return s + 70 + (kind == PP_LEADER && m->helps_all[side] ? 10 : kind == PP_MINOR ? -25 : 0);
    if (target && kind != PP_LEADER && can_enter_now(m, g, side, to) >= en_to)
        return s + 40;
    if (target)
        return s - 40;
    if (en_to > 0) {
        int mine = own_dice(g, side, to) + (kind != PP_LEADER);
        s += mine > en_to ? 30 : -40;
    } else if (g->control[to] != side)
        s += is_key(m, to) ? 80 : kind == PP_MINOR ? GREEDY_TAKE_MINOR : GREEDY_TAKE_OTHER;
    if (kind == PP_LEADER)
        s += own_dice(g, side, to) > 0 ? 5 : -30;
    return s;
}

/* tdist: target_dist's for the side, when its moves are strike-minded */
GUV_HOT_INLINE int step_score(const PpAiMap *m, const PpGame *g, const int8_t *tdist, int side, int kind, int from,
                             int to)
{
    if (tdist)
        return strike_step(m, g, tdist, side, kind, from, to);
    int own_to = g->units[side][to], en_to = g->units[1 - side][to];
    bool leader = kind == PP_LEADER;
    int s = 0;
    if (en_to > 0) {
        int mine = own_dice(g, side, to) + !leader;
        if (mine > en_to)
            s += 30 + (is_key(m, to) ? 40 : 0);
        else if (mine == en_to)
            s += is_key(m, to) ? 5 : -10;
        else
            s -= 40;
    } else {
        if (g->control[to] != side)
            s += is_key(m, to) ? 80 : kind == PP_MINOR ? GREEDY_TAKE_MINOR : GREEDY_TAKE_OTHER;
        else if (is_key(m, to) && own_to < 2)
            s += 15;
    }
    if (!leader || own_to > 0)
        s += 6 * (m->vdist[from] - m->vdist[to]);
    if (leader)
        s += own_dice(g, side, to) > 0 ? 5 : -30;
    if (is_key(m, to) && own_to >= 3)
        s -= 10;
    return s;
}

static int score_move(const PpAiMap *m, const PpGame *g, int c, int to)
{
    int side = g->to_move, from = g->where[c];
    const int8_t *tdist = m->strike[side] ? target_dist(m, g, side) : NULL;
    return leave_score(m, g, side, from) + step_score(m, g, tdist, side, g->data->counters[c].kind, from, to);
}

/* A trench's score: never more than TRENCH_MOST (pp_ai_greedy_movement
 * scores no trench once a decision has that much). */
#define TRENCH_MOST 40
static inline int trench_score(const PpAiMap *m, const PpGame *g, int side, int a)
{
    bool shared = units_in(g, 1 - side, a) > 0;
    if (is_key(m, a))
        return shared || enemy_next_to(g, side, a) ? TRENCH_MOST : 10;
    return shared ? 15 : -5;
}

int pp_ai_greedy_score_map(const PpAiMap *m, const PpGame *g, const PpDecision *d)
{
    const PpData *pd = g->data;
    int side = g->to_move, en = 1 - side;
    switch (d->kind) {
    case PP_D_STANDARD:
        return 1000;
    case PP_D_PLACE:
        return is_key(m, d->b) ? 5 : 0;
    case PP_D_RECOVER:
        return 100 + (pd->counters[d->a].kind == PP_FORMATION ? 20 : 0) + (d->b == pd->initiative_area ? 10 : 0);
    case PP_D_MOVE:
        return score_move(m, g, d->a, d->b);
    case PP_D_SWAP:
        return -5;
    case PP_D_TRENCH:
        return trench_score(m, g, side, d->a);
    case PP_D_FIGHT: {
        int a = d->a, mine = own_dice(g, side, a), theirs = units_in(g, en, a);
        int base = 4 * (mine - theirs) + ((g->trench[a] >> side) & 1u ? 3 : 0);
        if (g->phase != PP_PH_MOVEMENT)
            return base;
        return (mine > theirs ? 25 + (is_key(m, a) ? 20 : 0) : -30) + base;
    }
    case PP_D_BONUS: {
        int c = d->a, need = pd->counters[c].kind == PP_MINOR ? pd->minor_hit : pd->formation_hit;
        int now = g->cb.die[c] + g->cb.mod[c];
        return now < need && now + 1 >= need ? 10 : 0;
    }
    case PP_D_LOSS: {
        if (d->a == PP_TRENCH_LOSS)
            return 100;
        const PpCounter *u = &pd->counters[d->a];
        if (u->kind == PP_MINOR)
            return 80;
        if (u->kind == PP_FORMATION)
            return 50;
        return u->bonus_to_all ? 10 : 60;
    }
    case PP_D_RETREAT:
        return (is_key(m, d->b) ? 10 : 0) + 3 * units_in(g, side, d->b) - m->vdist[d->b] -
               (enemy_next_to(g, side, d->b) ? 2 : 0);
    case PP_D_LEADER:
        return own_dice(g, side, d->b) - m->vdist[d->b];
    default: /* PP_D_DONE */
        return 0;
    }
}

int pp_ai_greedy_pick(const PpAiMap *m, const PpGame *g, const PpDecision *list, int n, Rng *rng)
{
    int best = 0, best_score = 0, ties = 0;
    for (int i = 0; i < n; i++) {
        int s = pp_ai_greedy_score_map(m, g, &list[i]);
        if (i == 0 || s > best_score) {
            best = i;
            best_score = s;
            ties = 1;
        } else if (s == best_score && rng_below(rng, (uint32_t)++ties) == 0)
            best = i;
    }
    return best;
}

/* Keeps d when it scores more than the best so far (the first of equals
 * stays) and is legal: legality is asked only of such a one. */
#define CONSIDER(d, s)                                                                                               \
    do {                                                                                                             \
        int s_ = (s);                                                                                                \
        if (!found || s_ > best_score) {                                                                             \
            PpDecision d_ = (d);                                                                                     \
            if (pp_open(g, &d_)) {                                                                                   \
                best = d_;                                                                                           \
                best_score = s_;                                                                                     \
                found = true;                                                                                        \
            }                                                                                                        \
        }                                                                                                            \
    } while (0)

PpDecision pp_ai_greedy_movement(const PpAiMap *m, const PpGame *g)
{
    const PpData *pd = g->data;
    int side = g->to_move;
    const int8_t *tdist = m->strike[side] ? target_dist(m, g, side) : NULL;
    PpDecision best = {PP_D_DONE, -1, -1};
    int best_score = 0;
    bool found = false;
    uint32_t held = 0, tried[3] = {0}; /* by kind: the areas whose unmoved units' steps were scored */
    for (int k = 0; k < m->nown[side]; k++) {
        int c = m->own[side][k], from = g->where[c], kind = pd->counters[c].kind;
        if (from < 0)
            continue;
        held |= 1u << from;
        /* a unit's steps score as those of an earlier unmoved one of its
         * kind in its area, and are as legal: never better */
        if ((g->moved & ((uint64_t)1 << c)) || kind < 0 || kind > 2 || ((tried[kind] >> from) & 1u))
            continue;
        tried[kind] |= 1u << from;
        const PpArea *ar = &pd->areas[from];
        int leave = leave_score(m, g, side, from);
        if (tdist) { /* the strike policy's side */
            for (int i = 0; i < ar->nadj; i++)
                if (ar->join[i] != PP_RIVER)
                    CONSIDER(((PpDecision){PP_D_MOVE, (int8_t)c, (int8_t)ar->adj[i]}),
                             leave + strike_step(m, g, tdist, side, kind, from, ar->adj[i]));
        } else {
            for (int i = 0; i < ar->nadj; i++)
                if (ar->join[i] != PP_RIVER)
                    CONSIDER(((PpDecision){PP_D_MOVE, (int8_t)c, (int8_t)ar->adj[i]}),
                             leave + step_score(m, g, NULL, side, kind, from, ar->adj[i]));
        }
    }
    for (int a = 0; a < pd->nareas; a++) {
        if (!((held >> a) & 1u))
            continue;
        if (!found || best_score < TRENCH_MOST) /* else no trench can beat it */
            CONSIDER(((PpDecision){PP_D_TRENCH, (int8_t)a, -1}), trench_score(m, g, side, a));
        if (units_in(g, 1 - side, a) > 0) {
            PpDecision f = {PP_D_FIGHT, (int8_t)a, -1};
            CONSIDER(f, pp_ai_greedy_score_map(m, g, &f));
        }
    }
    CONSIDER(((PpDecision){PP_D_DONE, -1, -1}), 0);
    return best;
}
#undef CONSIDER

int pp_ai_greedy_score(const PpGame *g, const PpDecision *d)
{
    PpAiMap m;
    pp_ai_map_init(&m, g->data);
    return pp_ai_greedy_score_map(&m, g, d);
}
