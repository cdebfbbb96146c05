/* The Red Die of Courage: the rules engine of the box's skirmish game.
 *
 * The game is one plain value (RdGame): no pointers into itself, copied
 * with `=`, its dice (PCG32, rules/rng.h) inside it, so that a game replays
 * from its seed and its decisions. The only pointers are to the rules and
 * the battlefield it was made from (config/red-die, src/data/rd_data.h),
 * which must outlive it.
 *
 * The way to play (as Rally the Troops' modules: setup, view, action):
 * rd_new (set-up from a battlefield), then repeatedly rd_legal (every
 * decision open to the side to move, rd_to_move) and rd_apply (one of
 * them), until rd_over. A decision names the squad, the action, the dice
 * chosen and the target or destination; the engine rolls inside rd_apply
 * and asks the questions the rules leave to a player (which soldier takes a
 * hit, how many dice the defender fires with, what a heroic unit does) as
 * decisions of the side asked. Every die rolled is an event naming its
 * purpose and rule ID. Nothing here allocates memory or prints.
 *
 * The rule IDs (RDC-...) are listed in docs/rules-coverage.md; each file of
 * src/red_die names in its opening comment the IDs it implements. */
#ifndef GUV_RD_H
#define GUV_RD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data/rd_data.h"
#include "red_die/geometry.h"
#include "rules/rng.h"

#define RD_MAX_GAME_SQUADS (2 * RD_MAX_SQUADS) /* room for squads split by Bayonets! */
#define RD_MAX_SOLDIERS (RD_MAX_SQUADS * RD_MAX_SQUAD_SOLDIERS)
#define RD_MAX_CHOSEN 24 /* dice a player may choose (the rules set no maximum; the screen needs one) */
#define RD_MAX_POOL 60   /* chosen + repeat + red dice (the rules set none; the last red dice are cut, said in the log) */
#define RD_MAX_RED 30    /* red dice a side may hold (the rules set none; more are not taken, said in the log) */
#define RD_MAX_LEGAL 20000
#define RD_MAX_EVENTS 400
#define RD_DRAW 2 /* a result besides RD_UNION and RD_CONFEDERATE */

/* The four actions of an activation ([3.0]). */
#define RD_ACTIONS(X)                                                                                           \
    X(RD_MOVE, "move")                                                                                          \
    X(RD_FIRE, "fire")                                                                                          \
    X(RD_ASSAULT, "assault")                                                                                    \
    X(RD_RALLY, "rally")
#define RD_ENUM_(e, w) e,
enum { RD_ACTIONS(RD_ENUM_) RD_NACTIONS };
#undef RD_ENUM_

/* Where a soldier is. */
enum {
    RD_ON_TABLE,
    RD_DEAD,        /* the fire or melee loss table, or killed defenceless */
    RD_SKEDADDLED,  /* ran off (red die, Fearful); may come back by a Rally 6 */
    RD_ROUTED,      /* ran off with his routed squad (Run for your life!): for good */
    RD_PRISONER,    /* taken by the enemy (RdGame.captor) */
    RD_ESCORTING,   /* gone to the rear as an escort: of prisoners ([4.0]) or of a badly wounded man ([3.2]) */
    RD_CARRIED      /* badly wounded, taken to the rear by an escort ([3.2]): out of action, scores as the dead */
};
/* His wounds. */
enum { RD_UNHURT, RD_LIGHT, RD_BAD };

typedef struct {
    int8_t squad;  /* the squad he belongs to now */
    int8_t home;   /* the squad he was set up in */
    int8_t col, row;
    int8_t where;  /* RD_ON_TABLE, RD_DEAD, ... */
    int8_t wound;  /* RD_UNHURT, RD_LIGHT, RD_BAD */
    int8_t prone;  /* lightly wounded, down: 1; 2 while his side's activation that gets him up runs */
    int8_t leader; /* 1: he leads his squad, or led one; the squad's leader is its first soldier on
                      the table so marked (rd_leader). The victory points' leaders are the set-up's
                      (rd_officer), not the men who took command after them */
    int8_t captor; /* the side holding him prisoner, -1 */
} RdSoldier;

typedef struct {
    int8_t setup;    /* index in the field's squads (its name and id); a split squad keeps its parent's */
    int8_t side, quality, weapon, facing;
    int8_t line;     /* deployed in line ([3.2.2]) */
    int8_t routed;   /* Run for your life! */
    int8_t crisis;   /* successes less on its next activation (Doubtful) */
    int16_t pinned_until; /* Confused: may not be activated while passes < this */
} RdSquad;

/* What the game waits for. */
typedef enum {
    RD_ST_ACTIVATE, /* the side with the initiative chooses a squad, an action, the dice */
    RD_ST_LOSS,     /* RDC-LOSSES: the side hit chooses which soldier takes the next hit */
    RD_ST_DEFEND,   /* RDC-ASSAULT: the defender chooses the dice of its defensive fire */
    RD_ST_HEROIC_MOVE, /* RDC-HEROIC Enterprising: where the unit moves for free (or pass) */
    RD_ST_HEROIC_FIRE, /* RDC-HEROIC Fire at will: at whom and with how many dice (or pass) */
    RD_ST_OVER
} RdStage;

/* The activation under way. */
typedef struct {
    int8_t squad, action, target; /* -1 when none */
    int8_t heroics;               /* heroic rolls left this activation */
    int8_t bonus;                 /* successes added (Fire at will +1, Charge!!! +2) */
    int8_t heroic_pending;        /* a red 6 was rolled: roll the heroic table once the action is done */
    int8_t after_loss;            /* what follows the losses: RD_AFTER_* (rd_internal.h) */
    int8_t hits;                  /* hits left to assign */
    int8_t hit_squad;             /* the squad taking them */
    int8_t from_squad;            /* the squad firing */
    int8_t to_col, to_row;        /* the assault's contact cell */
    int8_t behind;                /* the assault comes from behind: no defensive fire */
    int8_t alone;                 /* Bayonets!: only the split-off half fights, no one joins at the leader's voice */
    int16_t free_mm;              /* Enterprising's free move */
    int16_t reach_mm;             /* the assault's movement */
    int8_t cap_said;              /* the log said there was no room for a squad of the badly wounded */
} RdActivation;

typedef struct {
    const RdRules *rules;
    const RdField *field;
    Rng rng;
    int8_t stage;      /* RdStage */
    int8_t initiative; /* the side that holds it */
    int8_t to_move;    /* the side whose decision is next; -1 when over */
    int8_t result;     /* -1 while playing; RD_UNION, RD_CONFEDERATE or RD_DRAW */
    int16_t passes;    /* passes of the initiative so far */
    int16_t activations;
    int8_t red[RD_SIDES];
    int8_t nsquads;
    int16_t nsoldiers;
    /* [2.0] the chain of activations of one squad while its side keeps the initiative */
    int8_t last_squad, last_action, repeats;
    RdActivation act;
    RdSquad squads[RD_MAX_GAME_SQUADS];
    RdSoldier soldiers[RD_MAX_SOLDIERS];
} RdGame;

/* Every kind of decision, declared once: its name (RD_D_name) and its verb. */
#define RD_DECISION_KINDS(X)                                                                                   \
    X(MOVE, "move")       /* squad dice col row line: the leader goes to the cell (line 1: deployed in line) */ \
    X(FIRE, "fire")       /* squad dice target (also Fire at will's new fire) */                                \
    X(ASSAULT, "assault") /* squad dice target */                                                               \
    X(RALLY, "rally")     /* squad: its dice are its soldiers */                                                \
    X(LOSS, "loss")       /* soldier (in `target`): takes the next hit */                                       \
    X(DEFEND, "defend")   /* dice (0: hold fire) */                                                             \
    X(ADVANCE, "advance") /* col row: Enterprising's free move */                                               \
    X(PASS, "pass")       /* declines a heroic action */                                                        \
    X(LEAVE, "leave")     /* squad: leaves its badly wounded on the spot (no roll, not an activation) */ \
    X(ESCORT, "escort")   /* squad: one able soldier takes one of its badly wounded to the rear (the same) */

typedef enum {
#define RD_D_ENUM(name, word) RD_D_##name,
    RD_DECISION_KINDS(RD_D_ENUM)
#undef RD_D_ENUM
        RD_D_KINDS
} RdKind;

typedef struct {
    int8_t kind;
    int8_t squad;  /* -1 when unused */
    int8_t dice;   /* chosen dice (the list gives the least; up to RD_MAX_CHOSEN is as legal) */
    int8_t target; /* an enemy squad, or a soldier (loss); -1 */
    int8_t col, row; /* a cell; -1 */
    int8_t line;   /* move: deploy in line */
} RdDecision;

/* Why a die was rolled. X(ENUM, rule ID, words) */
#define RD_PURPOSES(X)                                                                                          \
    X(RD_ROLL_ACTIVATION, "RDC-ACTIVATION", "activation")                                                       \
    X(RD_ROLL_REPEAT, "RDC-INITIATIVE", "repeat die")                                                           \
    X(RD_ROLL_RED, "RDC-RED-DICE", "red die")                                                                   \
    X(RD_ROLL_DISASTER, "RDC-DISASTER", "disaster table")                                                       \
    X(RD_ROLL_HEROIC, "RDC-HEROIC", "heroic table")                                                             \
    X(RD_ROLL_COUNT, "RDC-DISASTER", "how many skedaddle")                                                      \
    X(RD_ROLL_RECOVERY, "RDC-HEROIC", "how many heal")                                                          \
    X(RD_ROLL_FIRE_LOSS, "RDC-FIRE-LOSS", "fire loss table")                                                    \
    X(RD_ROLL_BEHIND, "RDC-ASSAULT", "behind or not")                                                           \
    X(RD_ROLL_MELEE, "RDC-MELEE", "melee")                                                                      \
    X(RD_ROLL_MELEE_LOSS, "RDC-MELEE-LOSS", "melee loss table")                                                 \
    X(RD_ROLL_RALLY, "RDC-RALLY", "rally")
#define RD_ENUM_(e, rule, words) e,
enum { RD_PURPOSES(RD_ENUM_) RD_NPURPOSES };
#undef RD_ENUM_

/* What happened, for the log. Each kind has its rule ID (rd_event_rule). */
#define RD_EVENT_KINDS(X)                                                                                       \
    X(INITIATIVE, "RDC-INITIATIVE")  /* side: now holds it; value: passes so far */                            \
    X(ACTIVATE, "RDC-ACTIVATION")    /* side squad, value: action, value2: pool (dice+repeat+red) */            \
    X(DIE, "RDC-ACTIVATION")         /* side squad soldier, value: face, value2: purpose (rule by purpose) */   \
    X(ROLL, "RDC-ACTIVATION")        /* side squad, value: successes kept, value2: 1s, other: denied by the badly wounded, col: by a crisis */ \
    X(FIASCO, "RDC-FIASCO")          /* side squad */                                                           \
    X(DISASTER, "RDC-DISASTER")      /* side squad, value: the table's face */                                  \
    X(RED, "RDC-RED-DICE")           /* side, value: red dice now, value2: change */                            \
    X(SKEDADDLE, "RDC-RED-DICE")     /* side squad soldier, value: 1 sent off by Fearful (RDC-DISASTER) */     \
    X(HEROIC, "RDC-HEROIC")          /* side squad, value: the table's face */                                  \
    X(MOVE, "RDC-MOVE")              /* side squad, col row: the leader's cell, value: mm allowed, value2: 1 stayed */ \
    X(FIRE, "RDC-FIRE")              /* side squad other(target), value: successes after modifiers, value2: needed */ \
    X(NO_HIT, "RDC-FIRE")            /* side squad other */                                                     \
    X(HIT, "RDC-FIRE-LOSS")          /* side squad soldier, value: wound before, value2: the table's effect */   \
    X(WOUND, "RDC-WOUNDS")           /* side squad soldier, value: RD_LIGHT/RD_BAD, or 0 dead */                \
    X(LEADER, "RDC-LOSSES")          /* side squad soldier: the new leader */                                   \
    X(CONFUSED, "RDC-DISASTER")      /* side squad */                                                           \
    X(CRISIS, "RDC-DISASTER")        /* side squad, value: successes less */                                    \
    X(RETREAT, "RDC-DISASTER")       /* side squad col row */                                                   \
    X(ROUT, "RDC-DISASTER")          /* side squad, value: 1 surrendered, 0 ran */                              \
    X(RECOVER, "RDC-HEROIC")         /* side squad soldier */                                                   \
    X(ASSAULT, "RDC-ASSAULT")        /* side squad other, value: 1 contact made */                              \
    X(BEHIND, "RDC-ASSAULT")         /* side squad other(defender), value: 1 behind */                          \
    X(MELEE, "RDC-MELEE")            /* side squad soldier(attacker) other(defender soldier), value, value2: successes */ \
    X(DEFENCELESS, "RDC-MELEE")      /* side squad soldier: killed, down or badly wounded */                    \
    X(DEFEAT, "RDC-MELEE")           /* side squad (defeated), value: its losses, value2: the winner's */        \
    X(FLEE, "RDC-MELEE")             /* side squad col row */                                                   \
    X(SURRENDER, "RDC-SURRENDER")    /* side squad */                                                           \
    X(PRISONER, "RDC-PRISONERS")     /* side squad soldier (the prisoner), other: captor side */                \
    X(ESCORT, "RDC-PRISONERS")       /* side squad soldier (the escort) */                                      \
    X(RALLY, "RDC-RALLY")            /* side squad, value: red dice removed */                                  \
    X(RETURN, "RDC-RALLY")           /* side squad soldier: back from skedaddling */                            \
    X(LINE, "RDC-VOLLEY")            /* side squad, value: 1 in line, 0 cloud */                                \
    X(LEAVE, "RDC-WOUNDS")           /* side squad(the wounded, apart) other(the squad they were in), value: how many */                                \
    X(CARRIED, "RDC-WOUNDS")         /* side squad soldier(the badly wounded) other(his escort): both to the rear */ \
    X(END, "RDC-VICTORY")            /* side: result, value: Union points, value2: Confederate */               \
    X(DEFEND, "RDC-ASSAULT")         /* side squad(the defender) other(the assailant), value2: pool */          \
    X(CAP, "RDC-RED-DICE")           /* side squad, value: 0 red dice held at RD_MAX_RED, 1 pool at RD_MAX_POOL (value2: dice lost), 2 no room for a squad of the badly wounded */

typedef enum {
#define RD_EV_ENUM(name, rule) RD_EV_##name,
    RD_EVENT_KINDS(RD_EV_ENUM)
#undef RD_EV_ENUM
        RD_EV_KINDS
} RdEventKind;

typedef struct {
    int8_t kind, side, squad;
    int16_t soldier, other;
    int8_t col, row;
    int16_t value, value2;
} RdEvent;

typedef struct {
    int n;
    bool overflow;
    RdEvent ev[RD_MAX_EVENTS];
} RdEvents;

/* ---- game.c: set-up and the way of a decision ------------------------------ */

/* A new game on field (its squads set up around their leaders), the side the
 * field names with the initiative, dice seeded. */
void rd_new(RdGame *g, const RdRules *r, const RdField *f, uint64_t seed);
/* Every decision open now, at most max of them into out; returns how many
 * there are (more than max when out was too short). An activation is listed
 * with the least dice it takes (rd_min_dice); any number up to
 * RD_MAX_CHOSEN is as legal. */
int rd_legal(const RdGame *g, RdDecision *out, int max);
/* Applies d for the side to move: 0, or -1 (the game unchanged) with the
 * reason in why. events (if not NULL) gets what happened, appended. */
int rd_apply(RdGame *g, const RdDecision *d, RdEvents *events, char *why, size_t n);
/* NULL when d may be applied now, else the reason (into buf, may be NULL). */
const char *rd_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n);
int rd_to_move(const RdGame *g);
/* A side as the screen and the log name it: "Union", "Confederates" ("nobody" otherwise). */
const char *rd_side_name(int side);
/* What the game waits for, in words ("an activation", "which soldier takes the hit (loss)", ...).
 * Everything of the game is public: the game itself is both sides' view. */
const char *rd_waiting_for(const RdGame *g);
bool rd_over(const RdGame *g);
int rd_result(const RdGame *g);
/* Victory points ([5.0]) each side holds now. */
void rd_points(const RdGame *g, int points[RD_SIDES]);

/* ---- questions the screen and the AI ask ------------------------------------ */

int rd_min_dice(const RdGame *g, const RdDecision *d);
/* The dice rolled for d: chosen + the repeat dice + the side's red dice
 * (rally: the squad's soldiers + red dice). */
int rd_pool(const RdGame *g, const RdDecision *d, int *red);
/* The raw successes (4-5-6, before modifiers) d needs: moving to its cell,
 * hitting with a fire, reaching the target of an assault. 0 for a rally. */
int rd_needed(const RdGame *g, const RdDecision *d);
/* Whether a red die's heroic face may bring a heroic roll in d's roll: never in a defensive
 * fire, in Fire at will only while the activation has a heroic roll left. */
bool rd_roll_heroic_allowed(const RdGame *g, const RdDecision *d);

/* The chances of a roll of `dice` white dice (chosen and repeat) and `red`
 * red dice, which count alike: at_least[k] the chance of k or more
 * successes with fewer 1s than a fiasco (k up to dice + red), fiasco, disaster;
 * heroic the chance of a heroic roll (a red die's face for it, and no
 * fiasco or disaster), skedaddle the soldiers the red dice send off, on
 * average. Exact (dynamic programming over the faces). */
typedef struct {
    double at_least[RD_MAX_POOL + 1];
    double fiasco, disaster, heroic, skedaddle;
} RdChances;
void rd_chances(const RdRules *r, int dice, int red, RdChances *c);

/* One function per question, for every caller (the rules, the list, the AI). */
const char *rd_fire_refusal(const RdGame *g, int squad, int target, char *buf, size_t n);
const char *rd_assault_refusal(const RdGame *g, int squad, int target, char *buf, size_t n);
/* Successes added to a fire of squad at target (weapon or volley, cover). */
int rd_fire_modifier(const RdGame *g, int squad, int target);
/* What that modifier is made of, as the rules measure it: the range band between the two
 * leaders (RD_SHORT.., -1 beyond long range), their distance in mm, and the cover the greater
 * part of the target holds against the firing leader (RD_COVER_*). */
int rd_fire_band(const RdGame *g, int squad, int target);
int rd_leaders_mm(const RdGame *g, int squad, int target);
int rd_fire_cover(const RdGame *g, int squad, int target);
/* An assault's reach: the mm from the squad's leader to the target's nearest soldier, rounded
 * (-1 none); rd_assault_refusal compares the same distance unrounded with rules.assault_mm. */
int rd_assault_reach_mm(const RdGame *g, int squad, int target);
/* Soldiers of a squad on the table / able to act (on the table, not badly
 * wounded, not down). */
/* RDC-DISASTER's Run for your life: whether squad, routed now, would surrender (a soldier of an
 * enemy squad able to act within mm of one of its own) rather than leave the table. */
bool rd_rout_surrenders(const RdGame *g, int squad, int mm);
int rd_on_table(const RdGame *g, int squad);
int rd_able(const RdGame *g, int squad);
int rd_leader(const RdGame *g, int squad);
/* A squad's leader at the set-up (the first soldier of his squad): he scores rules.vp_leader
 * for the enemy when he falls or is taken ([5.0]); a man who took command later does not. */
bool rd_officer(const RdGame *g, int soldier);
RdCell rd_soldier_cell(const RdGame *g, int soldier);
bool rd_may_activate(const RdGame *g, int squad);
/* mm the squad may move with that many successes (the table, the cap, half
 * speed in line or carrying wounded). */
int rd_allowance(const RdGame *g, int squad, int successes, bool line);
/* The same for an assault, by those who go (the badly wounded stay behind). */
int rd_assault_allowance(const RdGame *g, int squad, int successes);

/* ---- decision.c, event.c -------------------------------------------------- */

/* Decisions as words: "move <squad> <dice> <col> <row> [line]", "fire <squad>
 * <dice> <target>", "assault ...", "rally <squad>", "loss <squad>.<n>",
 * "defend <dice>", "advance <col> <row>", "pass". Squads by their field id
 * (a split squad: <id>+). */
void rd_decision_format(const RdGame *g, const RdDecision *d, char *buf, size_t n);
bool rd_decision_parse(const RdGame *g, const char *text, RdDecision *d, char *why, size_t n);
void rd_squad_name(const RdGame *g, int squad, char *buf, size_t n);
void rd_soldier_name(const RdGame *g, int soldier, char *buf, size_t n);
/* "RDC-FIRE: ..." */
void rd_event_format(const RdGame *g, const RdEvent *e, char *buf, size_t n);
const char *rd_event_rule(const RdEvent *e);
const char *rd_purpose_rule(int purpose);
const char *rd_purpose_words(int purpose);
const char *rd_action_word(int action);

#endif
