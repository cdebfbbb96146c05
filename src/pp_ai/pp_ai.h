/* A Perfect Plan's computer opponent (issue 17, "The computer opponent").
 *
 * It never reads the hidden state. Everything it knows of the enemy comes
 * from pp_view for its own side, and from its memory of the views it saw
 * before (PpAiMemory). From these it samples whole games that agree with
 * what it saw (pp_ai_determinize) and plays or searches in those.
 * pp_ai_choose takes a PpGame only to call pp_view on it and to know its
 * data: the search is handed a copy of the view, never the game.
 *
 * Levels (one table, PP_AI_LEVELS):
 *   random  a uniformly random legal decision;
 *   greedy  a one-ply heuristic (pp_ai_greedy_score says what it likes);
 *   ismcts  information-set Monte Carlo tree search over sampled games;
 *   rollout Monte Carlo: from turn 4, each of the likeliest decisions
 *           played out by greedy in the same sampled games, the
 *           Confederates' own moves by the strike policy and their
 *           play-outs spent by sequential halving (rollout.c).
 *
 * Everything random comes from the one seed given: a game with the AI
 * replays exactly from its seeds, as long as the time cap (PpAiBudget
 * seconds) is not what stopped a search (PpAiStats.capped says so).
 * Includes only src/perfect_plan, src/data and rules/rng.h; nothing here
 * prints. */
#ifndef GUV_PP_AI_H
#define GUV_PP_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "data/pp_data.h"
#include "perfect_plan/pp.h"
#include "rules/rng.h"

/* X(ID, name, what it does) */
#define PP_AI_LEVELS(X)                                                                                            \
    X(RANDOM, "random", "a uniformly random legal decision")                                                       \
    X(GREEDY, "greedy", "a one-ply heuristic: hold the victory areas, attack with more dice, lose the weakest")    \
    X(ISMCTS, "ismcts", "information-set Monte Carlo tree search over games sampled from what it has seen")        \
    X(ROLLOUT, "rollout", "Monte Carlo: the likeliest decisions played out by greedy (own moves striking) in the same sampled games")

enum {
#define PP_AI_ENUM(id, name, what) PP_AI_##id,
    PP_AI_LEVELS(PP_AI_ENUM)
#undef PP_AI_ENUM
        PP_AI_LEVEL_COUNT
};

/* The level named so, or -1. */
int pp_ai_level_find(const char *name);
const char *pp_ai_level_name(int level); /* "?" for no level */
const char *pp_ai_level_what(int level);

/* How much an ismcts or rollout decision may take (rollout: iterations
 * are play-outs, per_choice the play-outs at most for each decision
 * searched, as many rounds of the flat search): stops at whichever comes
 * first.
 * 0 means no limit of that kind (not both). The iterations are scaled
 * down when few decisions are open (per_choice iterations for each, when
 * that is fewer); a forced decision takes none. */
typedef struct {
    int iterations;
    int per_choice;
    double seconds;
} PpAiBudget;

/* The default: at most 1 second a decision on the project's 2-core machine
 * (the iterations keep a decision well under it; the seconds are a cap). */
#define PP_AI_DEFAULT_ITERATIONS 1500
#define PP_AI_DEFAULT_PER_CHOICE 60
#define PP_AI_DEFAULT_SECONDS 1.0
PpAiBudget pp_ai_default_budget(void);

/* What a side remembers between its views, and nothing else:
 * - for each enemy counter, where it was in the last view seen (an area
 *   when it stood face up in a fight, PP_HIDDEN face down on the map or in
 *   the eliminated units box, PP_OFFMAP);
 * - for each enemy counter, the set of places it may be in: the area it
 *   was last seen face up in, grown by one area (by the ways a unit may
 *   step) at each view since, since a counter moves or retreats at most
 *   one area between two decisions, and the box once it has stood face up
 *   in a fight or the box has grown since the last view (a fight begun and
 *   ended within one decision shows no face); the set-up areas for
 *   a counter just placed, the arrival area for a reinforcement; the
 *   recovery areas added for one that may be in the box; always cut to
 *   the places where the view shows enemy counters face down.
 * It holds no dice, no events and nothing of the true game. It is exact
 * only when the side sees every view (pp_ai_observe after each decision
 * applied, by either side). A leader seen in a fight may then be sent
 * any distance (to the closest friends, when only leaders met), so after
 * one his set is every area and the box. */
#define PP_AI_BOX_BIT 63 /* in a set of places: the eliminated units box */
typedef struct {
    int8_t side;
    bool started;
    int8_t last_where[PP_MAX_COUNTERS];
    int8_t last_box; /* the enemy's counters in the box at the last view */
    uint64_t maybe[PP_MAX_COUNTERS]; /* bit per area, and PP_AI_BOX_BIT for the eliminated units box */
} PpAiMemory;

void pp_ai_memory_init(PpAiMemory *m, int side);
/* Takes in a view of m's side. */
void pp_ai_observe(PpAiMemory *m, const PpData *pd, const PpView *v);

/* A whole game agreeing with view v (and memory m, when not NULL): the
 * enemy's hidden counters put in the hidden places, uniformly among the
 * assignments the counts and the memory allow (by rejection; after
 * max_tries failed draws, by a random walk of swaps from one assignment
 * found by matching, near uniform). Its dice are seeded from rng.
 * pp_view(out, v->side) gives back v. Returns 1 with the memory kept, 0
 * when the memory had to be dropped (it contradicted the view). */
int pp_ai_determinize(const PpData *pd, const PpView *v, const PpAiMemory *m, Rng *rng, int max_tries,
                      PpGame *out);

typedef struct {
    int iterations;   /* search iterations (0 for the other levels) */
    int open;         /* decisions open */
    double seconds;   /* time taken */
    bool capped;      /* the time cap stopped the search */
} PpAiStats;

/* A computer player: its level, budget, dice and memory. */
typedef struct {
    int side, level;
    PpAiBudget budget;
    Rng rng;
    PpAiMemory mem;
} PpAi;

void pp_ai_init(PpAi *ai, int side, int level, uint64_t seed, const PpAiBudget *budget);
/* Shows the player the game as its side sees it (pp_view): call it after
 * every decision applied, by either side, so that its memory is exact. */
void pp_ai_see(PpAi *ai, const PpGame *g);
/* The player's decision for the game g, whose side to move must be ai's.
 * Reads g only through pp_view. stats may be NULL. */
PpDecision pp_ai_decide(PpAi *ai, const PpGame *g, PpAiStats *stats);

/* A one-off decision for the side to move, with no memory of earlier
 * views: the same as a fresh PpAi seeded with seed. */
PpDecision pp_ai_choose(const PpGame *g, int level, uint64_t seed, const PpAiBudget *budget);

/* The same from a view alone (what pp_ai_decide calls once it has taken
 * its view): the AI's whole world. */
PpDecision pp_ai_choose_view(const PpData *pd, const PpView *v, const PpAiMemory *m, int level, Rng *rng,
                             const PpAiBudget *budget, PpAiStats *stats);

/* The greedy level's liking for decision d of the side to move in g (a
 * sampled game: only the enemy's numbers per area are read, never which
 * counters they are). */
int pp_ai_greedy_score(const PpGame *g, const PpDecision *d);

#endif
