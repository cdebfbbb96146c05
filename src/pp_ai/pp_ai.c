/* The AI's levels and its way in: a decision from a view. pp_ai_choose and
 * pp_ai_decide take a PpGame only to call pp_view on it (for the side to
 * move) and to know its data; everything after that works on the copy of
 * the view (pp_ai_choose_view), so the hidden counters cannot leak in. */
#include <string.h>

#include "pp_ai/pp_ai_internal.h"

static const struct {
    const char *name, *what;
} levels[PP_AI_LEVEL_COUNT] = {
#define PP_AI_ROW(id, name, what) [PP_AI_##id] = {name, what},
    PP_AI_LEVELS(PP_AI_ROW)
#undef PP_AI_ROW
};

int pp_ai_level_find(const char *name)
{
    for (int i = 0; name && i < PP_AI_LEVEL_COUNT; i++)
        if (strcmp(name, levels[i].name) == 0)
            return i;
    return -1;
}

const char *pp_ai_level_name(int level) { return level >= 0 && level < PP_AI_LEVEL_COUNT ? levels[level].name : "?"; }
const char *pp_ai_level_what(int level) { return level >= 0 && level < PP_AI_LEVEL_COUNT ? levels[level].what : "?"; }

PpAiBudget pp_ai_default_budget(void)
{
    return (PpAiBudget){PP_AI_DEFAULT_ITERATIONS, PP_AI_DEFAULT_PER_CHOICE, PP_AI_DEFAULT_SECONDS};
}

PpDecision pp_ai_choose_view(const PpData *pd, const PpView *v, const PpAiMemory *m, int level, Rng *rng,
                             const PpAiBudget *budget, PpAiStats *stats)
{
    double t0 = pp_ai_now();
    PpAiStats local;
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    PpAiBudget def = pp_ai_default_budget();
    if (!budget || (budget->iterations <= 0 && budget->seconds <= 0))
        budget = &def;
    PpDecision out = {PP_D_DONE, -1, -1};
    if (v->phase == PP_PH_OVER || v->to_move != v->side)
        return out;
    if (level == PP_AI_ISMCTS) {
        out = pp_ai_ismcts(pd, v, m, rng, budget, stats);
    } else if (level == PP_AI_ROLLOUT) {
        out = pp_ai_rollout(pd, v, m, rng, budget, stats);
    } else {
        PpGame g;
        PpDecision list[PP_MAX_LEGAL];
        pp_ai_determinize(pd, v, m, rng, 64, &g);
        int n = pp_legal(&g, list, PP_MAX_LEGAL);
        if (n > PP_MAX_LEGAL)
            n = PP_MAX_LEGAL;
        stats->open = n;
        if (n == 1)
            out = list[0];
        else if (n > 1 && level == PP_AI_GREEDY) {
            PpAiMap map;
            pp_ai_map_init(&map, pd);
            out = list[pp_ai_greedy_pick(&map, &g, list, n, rng)];
        } else if (n > 1)
            out = list[rng_below(rng, (uint32_t)n)];
    }
    stats->seconds = pp_ai_now() - t0;
    return out;
}

void pp_ai_init(PpAi *ai, int side, int level, uint64_t seed, const PpAiBudget *budget)
{
    memset(ai, 0, sizeof *ai);
    ai->side = side;
    ai->level = level;
    ai->budget = budget ? *budget : pp_ai_default_budget();
    rng_seed(&ai->rng, seed);
    pp_ai_memory_init(&ai->mem, side);
}

void pp_ai_see(PpAi *ai, const PpGame *g)
{
    PpView v;
    pp_view(g, ai->side, &v);
    pp_ai_observe(&ai->mem, g->data, &v);
}

PpDecision pp_ai_decide(PpAi *ai, const PpGame *g, PpAiStats *stats)
{
    PpView v; /* the one thing taken from g */
    pp_view(g, ai->side, &v);
    pp_ai_observe(&ai->mem, g->data, &v);
    return pp_ai_choose_view(g->data, &v, &ai->mem, ai->level, &ai->rng, &ai->budget, stats);
}

PpDecision pp_ai_choose(const PpGame *g, int level, uint64_t seed, const PpAiBudget *budget)
{
    PpAi ai;
    pp_ai_init(&ai, pp_to_move(g), level, seed, budget);
    return pp_ai_decide(&ai, g, NULL);
}
