/* Shared between the parts of the AI (src/pp_ai). */
#ifndef GUV_PP_AI_INTERNAL_H
#define GUV_PP_AI_INTERNAL_H

#include "pp_ai/pp_ai.h"

/* What the heuristics know of the map, worked out once a decision. */
typedef struct {
    const PpData *pd;
    uint32_t key;                 /* the victory areas */
    int8_t vdist[PP_MAX_AREAS];   /* steps from each area to the nearest victory area */
    int8_t kdist[PP_MAX_VICTORY][PP_MAX_AREAS]; /* steps from each area to each victory area */
    /* The strike policy's distances (greedy.c, target_dist): for each set
     * of victory areas (bit i: victory area i), the steps from each area to
     * the nearest of them; vdist's for the empty set. */
    int8_t tdist[1 << PP_MAX_VICTORY][PP_MAX_AREAS];
    /* Per side: its moves are scored strike-minded (greedy.c, "The strike
     * policy"): false for both after pp_ai_map_init, which is the greedy
     * level; the rollout level sets it for its own side in its play-outs. */
    bool strike[PP_SIDES];
    int8_t own[PP_SIDES][PP_MAX_COUNTERS]; /* each side's counters, in the data's order */
    int nown[PP_SIDES];
    bool helps_all[PP_SIDES]; /* every leader of the side helps every die of his area (its scores per kind) */
} PpAiMap;

void pp_ai_map_init(PpAiMap *m, const PpData *pd);
/* What greedy's moves like in stepping into an empty area the enemy
 * controls, not a victory area: a minor unit (holding ground is its use),
 * another unit. */
#define GREEDY_TAKE_MINOR 12
#define GREEDY_TAKE_OTHER 6
int pp_ai_greedy_score_map(const PpAiMap *m, const PpGame *g, const PpDecision *d);
/* The best-scored of the n decisions (ties broken by rng). */
int pp_ai_greedy_pick(const PpAiMap *m, const PpGame *g, const PpDecision *list, int n, Rng *rng);

/* The greedy play-outs' decision in the movement phase (no combat under
 * way): the best scored of the legal moves, trenches, fights and `done`,
 * the first of equals in the order of movement_candidates (ismcts.c: each
 * unit's steps, then each area's trench and fight, then `done`); no swaps.
 * The same as scoring that list with pp_ai_greedy_score_map and taking its
 * first best legal one, only faster (test_pp_ai checks it). */
PpDecision pp_ai_greedy_movement(const PpAiMap *m, const PpGame *g);

void pp_ai_playout(const PpAiMap *m, PpGame *g, Rng *rng, PpDecision *buf, int random_one_in);

PpDecision pp_ai_ismcts(const PpData *pd, const PpView *v, const PpAiMemory *mem, Rng *rng, const PpAiBudget *b,
                        PpAiStats *stats);

PpDecision pp_ai_rollout(const PpData *pd, const PpView *v, const PpAiMemory *mem, Rng *rng, const PpAiBudget *b,
                         PpAiStats *stats);

double pp_ai_now(void);

#endif
