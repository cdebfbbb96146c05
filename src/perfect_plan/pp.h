/* A Perfect Plan: the rules engine of the box's area game.
 *
 * The game is one plain value (PpGame): no pointers into itself, copied
 * with `=`, its dice (PCG32, rules/rng.h) inside it, so that a game replays
 * from its seed and its decisions. The only pointer is to the data it was
 * made from (config/perfect-plan, src/data/pp_data.h), which must outlive it.
 *
 * The way to play: pp_new, then repeatedly pp_legal (every decision open to
 * the side to move, `pp_to_move`) and pp_apply (one of them), until pp_over.
 * Every choice of a player is a decision, even the hidden ones (where the set-up goes,
 * which units are recovered where, which unit Hooker helps, which units are
 * lost, where each one retreats). The dice are rolled inside pp_apply.
 * pp_view gives what one side may see (the backs of the enemy's counters,
 * except during a combat); an AI's information must come from it. Nothing
 * here allocates memory or prints.
 *
 * The rule IDs (APP-...) are listed in docs/rules-coverage.md; each file of
 * src/perfect_plan names in its opening comment the IDs it implements. */
#ifndef GUV_PP_H
#define GUV_PP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data/pp_data.h"
#include "rules/rng.h"

/* Where a counter is, besides an area index. */
#define PP_OFFMAP (-1) /* not yet set up, or a reinforcement still to arrive */
#define PP_ELIM (-2)   /* in the eliminated units box */
#define PP_HIDDEN (-3) /* in a view: an enemy counter on the map, its area unknown */

#define PP_TIE 2 /* a result besides PP_UNION and PP_CONFEDERATE */
#define PP_TRENCH_LOSS (-1) /* the counter of a loss decision that takes the trench */
#define PP_MAX_LEGAL 600
#define PP_MAX_EVENTS 160

typedef enum {
    PP_PH_SETUP,    /* APP-SETUP: the Confederates place, then the Union */
    PP_PH_RECOVERY, /* APP-RECOVERY */
    PP_PH_MOVEMENT, /* APP-IMPULSE: the four impulses */
    PP_PH_COMBAT,   /* APP-COMBAT-ORDER: the fights left at the end of movement */
    PP_PH_OVER
} PpPhase;

/* A question of a combat under way, asked of one side. */
typedef enum {
    PP_Q_NONE,
    PP_Q_BONUS,   /* APP-LEADER: which unit Hooker helps */
    PP_Q_LOSS,    /* APP-LOSSES: which unit (or trench) is lost */
    PP_Q_RETREAT, /* APP-RETREAT: where a unit of the beaten army goes */
    PP_Q_LEADER   /* APP-LEADERS-ONLY: where a leader goes when only leaders met */
} PpQuestion;

/* Every kind of decision, declared once: its name (PP_D_name), its word
 * in the text form, and the shape of its two operands (NONE, COUNTER,
 * AREA, or LOSS: a counter or the word "trench"). */
#define PP_DECISION_KINDS(X)                                                                                     \
    X(PLACE, "place", COUNTER, AREA)       /* set-up */                                                          \
    X(STANDARD, "standard", NONE, NONE)    /* the rest of the side's set-up as the data gives it */              \
    X(RECOVER, "recover", COUNTER, AREA)                                                                         \
    X(MOVE, "move", COUNTER, AREA)                                                                               \
    X(SWAP, "swap", COUNTER, COUNTER)                                                                            \
    X(TRENCH, "trench", AREA, NONE)                                                                              \
    X(FIGHT, "fight", AREA, NONE)          /* during an impulse, or the next fight of the combat phase */        \
    X(DONE, "done", NONE, NONE)            /* the side ends its recovery, or its part of the impulse */          \
    X(BONUS, "bonus", COUNTER, NONE)       /* the unit Hooker helps */                                           \
    X(LOSS, "loss", LOSS, NONE)                                                                                  \
    X(RETREAT, "retreat", COUNTER, AREA)                                                                         \
    X(LEADER, "leader", COUNTER, AREA)     /* where a leader goes when only leaders met */

typedef enum {
#define PP_D_ENUM(name, word, a, b) PP_D_##name,
    PP_DECISION_KINDS(PP_D_ENUM)
#undef PP_D_ENUM
        PP_D_KINDS
} PpKind;

/* One decision: a kind and up to two operands (a counter or an area index,
 * per kind; -1 when unused). */
typedef struct {
    int8_t kind;
    int8_t a, b;
} PpDecision;

typedef struct {
    int8_t area;     /* -1: no combat under way */
    int8_t impulse;  /* started during an impulse (APP-IMPULSE-COMBAT) */
    int8_t round;    /* 1, 2, ... (APP-COMBAT-TIE) */
    int8_t question; /* PpQuestion */
    int8_t asked;    /* the side asked */
    int8_t bonus_left[PP_SIDES];
    int8_t hits[PP_SIDES];    /* hits each side scored this round */
    int8_t to_lose[PP_SIDES]; /* losses each side has still to take */
    int8_t loser, winner;     /* -1 until known */
    int8_t die[PP_MAX_COUNTERS]; /* this round's die of each unit (0: none) */
    int8_t mod[PP_MAX_COUNTERS]; /* and what the leaders added */
} PpCombat;

typedef struct {
    const PpData *data;
    Rng rng;
    int8_t phase;      /* PpPhase */
    int8_t turn;       /* 1..turns */
    int8_t impulse;    /* 0..nimpulses-1 */
    int8_t step;       /* 0: the side with the initiative moves, 1: the other */
    int8_t initiative; /* side */
    int8_t to_move;    /* the side whose decision is next; -1 when over */
    int8_t budget;     /* unit moves left in this part of the impulse */
    int8_t centre_holder; /* controller of the initiative area at the start of the turn */
    int8_t result;     /* -1 while playing; PP_UNION, PP_CONFEDERATE or PP_TIE */
    int8_t rec_count[PP_SIDES];
    int8_t rec_slot[PP_SIDES][PP_MAX_RECOVERY + 1]; /* units recovered this turn into each recovery area
                                                      (the last: the initiative area) */
    int8_t trench_pool[PP_SIDES]; /* trenches not yet built */
    int8_t where[PP_MAX_COUNTERS];
    uint64_t moved; /* bit per counter: moved this impulse */
    uint8_t control[PP_MAX_AREAS];
    uint8_t trench[PP_MAX_AREAS]; /* bit per side */
    int8_t units[PP_SIDES][PP_MAX_AREAS]; /* counters on the map, kept by pp_put_counter */
    int8_t dice[PP_SIDES][PP_MAX_AREAS];  /* of them, formations and minor units */
    PpCombat cb;
} PpGame;

/* What happened, for the log and for an AI's observations. Each kind has
 * its rule ID (pp_event_rule). */
#define PP_EVENT_KINDS(X)                                                                                        \
    X(TURN, "APP-SEQUENCE")              /* value: turn */                                                       \
    X(INITIATIVE, "APP-INITIATIVE")      /* side */                                                              \
    X(PLACE, "APP-SETUP")                /* side counter to */                                                   \
    X(TRENCH_START, "APP-SETUP")         /* side to */                                                           \
    X(REINFORCE, "APP-REINFORCE")        /* side counter to */                                                   \
    X(POSTPONE, "APP-REINFORCE")         /* side to */                                                           \
    X(RECOVERY, "APP-RECOVERY")          /* side: starts recovering */                                           \
    X(RECOVER, "APP-RECOVERY")           /* side counter to */                                                   \
    X(IMPULSE, "APP-IMPULSE")            /* side, value: impulse (1-based), value2: units */                     \
    X(MOVE, "APP-MOVE")                  /* side counter from to */                                              \
    X(SWAP, "APP-SWAP")                  /* side counter from, value: the other counter, to */                   \
    X(TRENCH, "APP-TRENCH")              /* side to */                                                           \
    X(TRENCH_GONE, "APP-TRENCH")         /* side to: left alone, or lost */                                      \
    X(DONE, "APP-IMPULSE")               /* side */                                                              \
    X(COMBAT, "APP-COMBAT-ORDER")        /* side (who chose) to, value: round */                                 \
    X(REVEAL, "APP-HIDDEN")              /* side counter to */                                                   \
    X(DIE, "APP-COMBAT-DICE")            /* side counter, value: die, value2: modified */                        \
    X(BONUS, "APP-LEADER")               /* side counter (the helped unit), value: its die now */                \
    X(HITS, "APP-COMBAT-DICE")           /* side, value: hits scored */                                          \
    X(LOSS, "APP-LOSSES")                /* side counter (PP_TRENCH_LOSS: the trench) to */                      \
    X(TIE, "APP-COMBAT-TIE")             /* to, value: the next round */                                         \
    X(WIN, "APP-COMBAT-TIE")             /* side (winner, or -1 for none) to, value: rounds fought */            \
    X(RETREAT, "APP-RETREAT")            /* side counter from to */                                              \
    X(NO_RETREAT, "APP-RETREAT")         /* side counter from: eliminated */                                     \
    X(LEADERS_ONLY, "APP-LEADERS-ONLY")  /* to */                                                                \
    X(LEADER_MOVE, "APP-LEADERS-ONLY")   /* side counter from to (to -1: eliminated) */                          \
    X(CONTROL, "APP-CONTROL")            /* side (new controller) to */                                          \
    X(COMBAT_PHASE, "APP-COMBAT-ORDER")  /* the movement is over */                                              \
    X(END, "APP-VICTORY")                /* side: the result */

typedef enum {
#define PP_EV_ENUM(name, rule) PP_EV_##name,
    PP_EVENT_KINDS(PP_EV_ENUM)
#undef PP_EV_ENUM
        PP_EV_KINDS
} PpEventKind;

typedef struct {
    int8_t kind, side, counter, from, to, value, value2;
} PpEvent;

typedef struct {
    int n;
    bool overflow; /* more happened than fits (never in a normal game) */
    PpEvent ev[PP_MAX_EVENTS];
} PpEvents;

/* What one side may see. Enemy counters on the map and in the eliminated
 * units box are PP_HIDDEN in `where` (only their number per area shows, in
 * `backs`, and in the box, in `box`), except those in the area of a combat
 * under way: the box is part of the map, its counters face down, so which
 * unit a recovery took out of it stays unknown. The arrivals are public. */
typedef struct {
    int8_t side;
    int8_t phase, turn, impulse, step, initiative, to_move, budget, result;
    int8_t where[PP_MAX_COUNTERS];
    int8_t backs[PP_SIDES][PP_MAX_AREAS]; /* counters of each side in each area */
    int8_t box[PP_SIDES];                 /* ... and in the eliminated units box */
    uint8_t control[PP_MAX_AREAS];
    uint8_t trench[PP_MAX_AREAS];
    int8_t trench_pool[PP_SIDES];
    int8_t combat_area;
    int8_t question, asked;
    int8_t hits[PP_SIDES];
    int8_t die[PP_MAX_COUNTERS], mod[PP_MAX_COUNTERS]; /* the combat's dice, public */
    uint64_t moved; /* own counters moved this impulse */
    /* The rest of what is public, so that an AI can build a whole game
     * from a view (src/pp_ai): who held the initiative area as the turn
     * began, the recoveries made this turn, and the combat under way (all
     * of it face up). */
    int8_t centre_holder;
    int8_t rec_count[PP_SIDES];
    int8_t rec_slot[PP_SIDES][PP_MAX_RECOVERY + 1];
    PpCombat cb;
} PpView;

/* A new game at the start of the set-up, its dice seeded. */
void pp_new(PpGame *g, const PpData *data, uint64_t seed);
/* Every decision open now, at most max of them into out; returns how many
 * there are (more than max when out was too short). None when over. */
int pp_legal(const PpGame *g, PpDecision *out, int max);
/* Applies d for the side to move: 0, or -1 (the game unchanged) with the
 * reason in why. On success, events (if not NULL) gets what happened,
 * appended. */
int pp_apply(PpGame *g, const PpDecision *d, PpEvents *events, char *why, size_t n);
/* NULL when d may be applied now, else the reason (into buf). */
const char *pp_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
/* Whether d may be applied now: the same answer as pp_refusal(g, d, NULL,
 * 0) == NULL, asked without its dispatch for the movement phase's moves,
 * trenches, fights and `done` and the combat phase's fights (pp_legal,
 * pp_apply and the AI's play-outs ask it thousands of times a decision). */
bool pp_open(const PpGame *g, const PpDecision *d);
int pp_to_move(const PpGame *g);
bool pp_over(const PpGame *g);
int pp_result(const PpGame *g); /* -1 while playing */
void pp_view(const PpGame *g, int side, PpView *v);
/* The standard set-up for both sides, as `standard` twice would give it:
 * a game ready for its first turn. */
void pp_new_standard(PpGame *g, const PpData *data, uint64_t seed);

/* Decisions as words: "move i-corps deep-run", "loss trench", "done". */
void pp_decision_format(const PpData *pd, const PpDecision *d, char *buf, size_t n);
/* Parses the words; false with the reason in why. */
bool pp_decision_parse(const PpData *pd, const char *text, PpDecision *d, char *why, size_t n);

/* An event as a line of the log for `viewer` (a side, or -1 for everyone
 * with nothing hidden): "APP-MOVE: ..." (the enemy's moving counters stay
 * unnamed for the other side). */
void pp_event_format(const PpData *pd, const PpEvent *e, int viewer, char *buf, size_t n);
const char *pp_event_rule(int kind);

/* Puts counter c in area (or PP_OFFMAP, PP_ELIM): the one way a counter's
 * place changes, for the rules and for positions set up by hand (tests, a
 * position editor). Control is not worked out again. */
void pp_put_counter(PpGame *g, int c, int area);

/* Small questions the screen and an AI ask. */
int pp_units_in(const PpGame *g, int side, int area);
bool pp_contested(const PpGame *g, int area);
const char *pp_phase_name(int phase);

#endif
