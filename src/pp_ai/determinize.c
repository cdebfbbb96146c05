/* The AI's memory of the enemy and the determinizer: whole games sampled
 * from a view (pp_ai.h says what is remembered and why it is sound). */
#include <string.h>

#include "pp_ai/pp_ai.h"

#define BOX (1ull << PP_AI_BOX_BIT)

static uint64_t all_areas(const PpData *pd) { return pd->nareas >= 64 ? ~0ull : (1ull << pd->nareas) - 1ull; }

/* The areas one step (by land or at arrows) from those in set, and set. */
static uint64_t grow(const PpData *pd, uint64_t set)
{
    uint64_t out = set;
    for (int a = 0; a < pd->nareas; a++) {
        if (!(set & (1ull << a)))
            continue;
        for (int i = 0; i < pd->areas[a].nadj; i++)
            if (pd->areas[a].join[i] != PP_RIVER)
                out |= 1ull << pd->areas[a].adj[i];
    }
    return out;
}

/* The places where the view shows enemy counters it cannot name: how
 * many in each area (need) and in the box (*need_box). */
static uint64_t hidden_areas(const PpData *pd, const PpView *v, int need[PP_MAX_AREAS], int *need_box)
{
    int enemy = 1 - v->side;
    uint64_t set = 0;
    for (int a = 0; a < pd->nareas; a++)
        need[a] = v->backs[enemy][a];
    *need_box = v->box[enemy];
    for (int c = 0; c < pd->ncounters; c++)
        if (pd->counters[c].side == enemy && v->where[c] >= 0)
            need[v->where[c]]--;
    for (int a = 0; a < pd->nareas; a++)
        if (need[a] > 0)
            set |= 1ull << a;
    if (*need_box > 0)
        set |= BOX;
    return set;
}

void pp_ai_memory_init(PpAiMemory *m, int side)
{
    memset(m, 0, sizeof *m);
    m->side = (int8_t)side;
    for (int c = 0; c < PP_MAX_COUNTERS; c++)
        m->last_where[c] = PP_OFFMAP;
}

void pp_ai_observe(PpAiMemory *m, const PpData *pd, const PpView *v)
{
    int enemy = 1 - m->side;
    int need[PP_MAX_AREAS], need_box;
    uint64_t hidden = hidden_areas(pd, v, need, &need_box);
    uint64_t setup = 0, recovery = 0;
    for (int a = 0; a < pd->nareas; a++)
        if (pd->areas[a].setup_max[enemy] >= 0)
            setup |= 1ull << a;
    for (int i = 0; i < pd->sides[enemy].nrecovery; i++)
        recovery |= 1ull << pd->sides[enemy].recovery[i];
    if (pd->initiative_area >= 0)
        recovery |= 1ull << pd->initiative_area;
    for (int c = 0; c < pd->ncounters; c++) {
        const PpCounter *u = &pd->counters[c];
        if (u->side != enemy)
            continue;
        int w = v->where[c], was = m->last_where[c];
        uint64_t maybe;
        if (w >= 0)
            maybe = 1ull << w; /* face up in a fight */
        else if (w != PP_HIDDEN)
            maybe = 0; /* off the map: public */
        else if (!m->started)
            maybe = all_areas(pd) | BOX; /* the first view: nothing known yet */
        else if (was == PP_OFFMAP)
            maybe = u->arrive_turn > 0 && u->arrive_area >= 0 ? 1ull << u->arrive_area : setup;
        else {
            maybe = grow(pd, m->maybe[c]);
            if (was >= 0 && u->kind == PP_LEADER)
                maybe = all_areas(pd); /* leaders alone after a fight go to the closest friends, however far */
            if (was >= 0 || v->box[enemy] > m->last_box)
                maybe |= BOX; /* it stood in a fight, or one was fought out unseen: it may have been lost */
            if (maybe & BOX)
                maybe |= recovery; /* from the box a recovery brings it back there */
        }
        if (w == PP_HIDDEN)
            maybe &= hidden;
        m->maybe[c] = maybe;
        m->last_where[c] = (int8_t)w;
    }
    m->last_box = v->box[enemy];
    m->started = true;
}

/* ---- sampling ---------------------------------------------------------------- */

typedef struct {
    int n;                      /* hidden enemy counters */
    int counter[PP_MAX_COUNTERS];
    uint64_t maybe[PP_MAX_COUNTERS];
    int slot[PP_MAX_COUNTERS];  /* the places to fill (an area, or PP_AI_BOX_BIT for the box), one entry per counter to place, in area order */
    int area_of[PP_MAX_COUNTERS]; /* the answer: counter i goes to area_of[i] */
} Problem;

static bool fits(const Problem *p, int i, int area) { return (p->maybe[i] >> area) & 1ull; }

/* One uniform draw: a random order of the counters into the slots. Each
 * consistent assignment comes from the same number of orders (the product
 * of each area's count factorial), so accepted draws are uniform. */
static bool draw(Problem *p, Rng *rng)
{
    int order[PP_MAX_COUNTERS];
    for (int i = 0; i < p->n; i++)
        order[i] = i;
    for (int i = p->n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int k = 0; k < p->n; k++) {
        if (!fits(p, order[k], p->slot[k]))
            return false;
        p->area_of[order[k]] = p->slot[k];
    }
    return true;
}

/* Kuhn's augmenting path: slot k to a counter that fits it. */
static bool augment(const Problem *p, int k, int *owner_of_counter, int *counter_of_slot, bool *seen,
                    const int *order)
{
    for (int t = 0; t < p->n; t++) {
        int i = order[t];
        if (seen[i] || !fits(p, i, p->slot[k]))
            continue;
        seen[i] = true;
        if (owner_of_counter[i] < 0 || augment(p, owner_of_counter[i], owner_of_counter, counter_of_slot, seen, order)) {
            owner_of_counter[i] = k;
            counter_of_slot[k] = i;
            return true;
        }
    }
    return false;
}

/* One consistent assignment by matching, then a random walk of swaps
 * (two counters in different areas trade places when both fit): the walk's
 * proposals are symmetric, so it tends to the uniform law. */
static bool match_and_walk(Problem *p, Rng *rng)
{
    int order[PP_MAX_COUNTERS], owner[PP_MAX_COUNTERS], slot_counter[PP_MAX_COUNTERS];
    for (int i = 0; i < p->n; i++) {
        order[i] = i;
        owner[i] = -1;
        slot_counter[i] = -1;
    }
    for (int i = p->n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int k = 0; k < p->n; k++) {
        bool seen[PP_MAX_COUNTERS] = {false};
        if (!augment(p, k, owner, slot_counter, seen, order))
            return false;
    }
    for (int i = 0; i < p->n; i++)
        p->area_of[i] = p->slot[owner[i]];
    int steps = 20 * p->n + 40;
    for (int s = 0; s < steps && p->n > 1; s++) {
        int i = (int)rng_below(rng, (uint32_t)p->n), j = (int)rng_below(rng, (uint32_t)p->n);
        int ai = p->area_of[i], aj = p->area_of[j];
        if (ai != aj && fits(p, i, aj) && fits(p, j, ai)) {
            p->area_of[i] = aj;
            p->area_of[j] = ai;
        }
    }
    return true;
}

static bool solve(Problem *p, Rng *rng, int max_tries)
{
    for (int t = 0; t < max_tries; t++)
        if (draw(p, rng))
            return true;
    return match_and_walk(p, rng);
}

int pp_ai_determinize(const PpData *pd, const PpView *v, const PpAiMemory *m, Rng *rng, int max_tries, PpGame *out)
{
    int enemy = 1 - v->side;
    int need[PP_MAX_AREAS], need_box;
    uint64_t hidden = hidden_areas(pd, v, need, &need_box);
    Problem p;
    p.n = 0;
    for (int c = 0; c < pd->ncounters; c++)
        if (pd->counters[c].side == enemy && v->where[c] == PP_HIDDEN) {
            p.counter[p.n] = c;
            p.maybe[p.n] = hidden & (m && m->started ? m->maybe[c] : ~0ull);
            p.n++;
        }
    int k = 0;
    for (int a = 0; a < pd->nareas; a++)
        for (int i = 0; i < need[a] && k < p.n; i++)
            p.slot[k++] = a;
    for (int i = 0; i < need_box && k < p.n; i++)
        p.slot[k++] = PP_AI_BOX_BIT; /* a place in the box */
    int kept = 1;
    if (!solve(&p, rng, max_tries)) {
        /* the memory contradicts the view (a count it could not follow):
         * sample from the view alone */
        for (int i = 0; i < p.n; i++)
            p.maybe[i] = hidden;
        kept = 0;
        solve(&p, rng, 1);
    }

    PpGame *g = out;
    memset(g, 0, sizeof *g);
    g->data = pd;
    rng_seed(&g->rng, ((uint64_t)rng_next(rng) << 32) | rng_next(rng));
    g->phase = v->phase;
    g->turn = v->turn;
    g->impulse = v->impulse;
    g->step = v->step;
    g->initiative = v->initiative;
    g->to_move = v->to_move;
    g->budget = v->budget;
    g->result = v->result;
    g->centre_holder = v->centre_holder;
    memcpy(g->rec_count, v->rec_count, sizeof g->rec_count);
    memcpy(g->rec_slot, v->rec_slot, sizeof g->rec_slot);
    memcpy(g->trench_pool, v->trench_pool, sizeof g->trench_pool);
    memcpy(g->control, v->control, sizeof g->control);
    memcpy(g->trench, v->trench, sizeof g->trench);
    /* Own counters only: the view does not say which enemy counters moved.
     * That matters only in a fight the enemy started during its part of an
     * impulse: the sample then lets its units that moved move again when
     * the fight is over, a small error of the search alone (the marks are
     * cleared before the enemy's next part anyway). */
    g->moved = v->moved;
    g->cb = v->cb;
    for (int c = 0; c < pd->ncounters; c++)
        g->where[c] = PP_OFFMAP;
    for (int c = 0; c < pd->ncounters; c++)
        if (v->where[c] != PP_HIDDEN)
            pp_put_counter(g, c, v->where[c]);
    for (int i = 0; i < p.n; i++)
        pp_put_counter(g, p.counter[i], p.area_of[i] == PP_AI_BOX_BIT ? PP_ELIM : p.area_of[i]);
    return kept;
}
