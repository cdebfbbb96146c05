/* The game: a plain-value state, the data it refers to, and its log.
 *
 * Everything a side may do is a Decision. game_legal lists the decisions
 * open right now (for the side that must decide, st.to_move); game_apply
 * carries one out or says precisely why it is illegal, changing nothing.
 * Random events (dice, cup draws) happen inside game_apply and are logged,
 * so a game replays exactly from its seed and its decisions.
 *
 * Done so far: set-up from a scenario (SETUP), the rain check (RAIN),
 * choosing formations within the activation points (ACT-POINTS, with the
 * campaign's locks), the cup with both Independent chits, drawing, and
 * activating or passing (ACT-CUP), placing the chit and the command radius
 * (ACT-RADIUS, INDEP-CHIT, ACT-INDEP-ATTACH), moving units and stacks
 * (MOVE-BASIC, no contact at night, BREAK-CONTACT), stacking after
 * movement (STACK), bombardment with the defender's
 * breastwork and choice of unit (BOMBARD, BOMBARD-PROC), and the turn
 * sequence around them (SEQ-DAY, SEQ-NIGHT start). Break contact, combat and
 * the rest follow. */
#ifndef GUV_GAME_H
#define GUV_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "data/data.h"
#include "rules/decision_kinds.h"
#include "rules/log.h"
#include "rules/rng.h"

#define GS_MAX_UNITS 256
#define GS_MAX_FORMATIONS 32
#define GS_MAX_COMMANDERS 32
#define GS_MAX_CHITS 40
#define GS_MAX_HEXES 2048
#define GS_MAX_BOMBARDED 32
#define GS_MAX_EVENTS 32
/* Room for the state of a system that commands a side (rules/variant.h):
 * the rules keep it and never read it, as sockaddr_storage keeps room for
 * any address. */
#define GS_VARIANT_BYTES 2048

typedef union {
    max_align_t align;
    unsigned char bytes[GS_VARIANT_BYTES];
} VariantState;

struct GameVariant;

/* AT_GONE: a skirmisher removed from the game for good (SKIRM-RULES). */
enum UnitWhere { AT_ABSENT, AT_MAP, AT_RESERVE, AT_ELIMINATED, AT_EXITED, AT_GONE };

enum UnitFlag {
    UF_DIS = 1,
    UF_DEM = 2,
    UF_OOS = 4,
    UF_FIRED = 8,
    UF_ACTIVATED = 16,
    UF_MOVED = 32,
    UF_DETACHED = 64,
    UF_ACTIVE = 128, /* acting in the current activation */
    UF_FOUGHT = 256,     /* attacked in this activation */
    UF_SKIRMISHED = 512, /* made a skirmisher in this activation (SKIRM-MAKE) */
    UF_FORCED = 1024,    /* force-marched this turn (FORCED-MARCH) */
    UF_BUILT = 2048,     /* tried to build a pontoon this turn (PONTOON-BUILD) */
    UF_RETREAT = 4096,   /* takes part in a General Retreat (EVENTS) */
    UF_RMOVED = 8192,    /* has made its General Retreat move */
    UF_GO_ON = 16384,    /* an enemy broke contact from its move: it may go on with mp_left (BREAK-CONTACT) */
    UF_GO_ROAD = 32768,  /* ... and every step so far was by road (ROADS) */
};

typedef struct {
    short hex;           /* map hex index when AT_MAP, else -1; written only by unit_put */
    unsigned char where; /* enum UnitWhere; written only by unit_put */
    unsigned char steps; /* 2 full, 1 reduced (or a one-step unit), 0 gone */
    unsigned short flags;
    short exited_from;   /* the road edge hex it left by when AT_EXITED (EXIT-MAP) */
    unsigned char mp_left; /* half MP still unspent after its move in this activation (UF_MOVED): leaving
                              the map from a road hex costs the rest of it (EXIT-MAP) */
} UnitState;

/* CHIT_EVENT: an event chit put in the command cup (Good General); index is the event. */
enum ChitKind { CHIT_FORMATION, CHIT_HIGHER, CHIT_INDEPENDENT, CHIT_EVENT };

typedef struct {
    unsigned char kind;
    unsigned char side;
    short index; /* formation (CHIT_FORMATION) or commander (CHIT_HIGHER) */
} Chit;

/* PH_NIGHT_EVENTS: at night, before the supply check, each side holding a
 * supply event says whether it plays it (EVENTS). */
/* PH_PLACEMENT, PH_DEPLOY: before the first turn of the hypothetical
 * deployment, command counters go face down on the Variable Placement Map,
 * then the formations deploy in their boxes' zones (VARIANT-HYPOTHETICAL). */
enum Phase { PH_CHOOSE, PH_ACTIVATION, PH_RECOVERY, PH_GAME_OVER, PH_NIGHT_EVENTS, PH_PLACEMENT, PH_DEPLOY };

enum Result { RES_NONE, RES_UNION, RES_CONFEDERATE, RES_DRAW };

/* Optional rules and variants, chosen at the start of a game. */
enum GameOption {
    OPT_EVENTS = 1,             /* EVENTS */
    OPT_DUMMIES = 2,            /* DUMMIES */
    OPT_RULE_OF_SIX = 4,        /* RULE-OF-SIX */
    OPT_EXTRA_SKIRMISHERS = 8,  /* SKIRM-POOL: the EXTRA counters */
    OPT_HYPOTHETICAL = 16,      /* VARIANT-HYPOTHETICAL */
    OPT_ABSENT_FORCES = 32,     /* VARIANT-ABSENT-FORCES */
    OPT_HIDDEN_AUTOMA = 64,     /* solitaire: the Automa's stacks hidden as in the two-player game (VISIBILITY) */
};
#define GAME_OPTION_COUNT 7
/* "events", "dummies", "rule-of-six", "extra-skirmishers", "hypothetical", "absent-forces", "hidden-automa" */
const char *game_option_name(int bit_index);
/* The option's bit for a name, 0 when unknown. */
unsigned game_option_parse(const char *name);

/* Steps of an activation once the chit is activated. Movement ends with the
 * first bombardment. */
enum ActStep { STEP_PLACE, STEP_MOVE, STEP_BOMBARD, STEP_COMBAT };

/* A decision the other side owes in the middle of an activation. */
enum Pending { PEND_NONE, PEND_BREASTWORK, PEND_BOMBARD_TAKE, PEND_BREAK_CONTACT, PEND_STACK, PEND_COMBAT,
               PEND_MARCH_LOSS, PEND_RETREAT_EVENT, PEND_SYSTEM /* the system's question (the Automa's engagement): the player answers */,
               PEND_DEMORAL /* demoralized units next to the enemy retreat at once (DEMORAL) */ };

/* The steps of a combat under way (COMBAT-STEPS). */
enum CombatStep {
    CB_SKIRMISHER, /* defender: a skirmisher in an attacked hex? (step B) */
    CB_BREASTWORK, /* defender: a breastwork in a defended hex? */
    CB_BW_CHOICE,  /* defender: the breastwork costs the attacker a die or a step */
    CB_BONUS_ATT,  /* attacker: elite bonus points on his dice */
    CB_BONUS_DEF,  /* defender: the same */
    CB_SIX_ATT,    /* attacker: each unmodified 6 picks a unit hit or forces a retreat */
    CB_SIX_DEF,    /* defender: each unmodified 6 picks a unit hit or cancels the retreat */
    CB_DEF_LOSS,   /* defender: which units take the hits, or retreat instead */
    CB_ATT_LOSS,   /* attacker: the same */
    CB_RETREAT,    /* defender: where each defending stack retreats */
    CB_ADVANCE,    /* attacker: advance into vacated hexes, or not */
};

/* A combat's sizes, from the rules rather than a guess (COMBAT-WHO: "A
 * unit (or stack) can be attacked simultaneously by all surrounding hexes"):
 * up to 6 defended hexes (a unit attacking every hex round it); their 4
 * units each, and the attackers of 12 hexes at 4 units each; the dice of
 * the best ratio under the stacking limit (6 hexes of 16 points against 1)
 * plus every bonus (extra, encirclement, fortification, events). */
#define CB_MAX_HEXES 6
#define CB_MAX_UNITS 48
#define CB_MAX_DICE 128
/* A decision's units: an attack's, at most. */
#define DEC_MAX_UNITS CB_MAX_UNITS

#define GS_MAX_PATH 64

enum TargetType { TARGET_TROOPS, TARGET_ARTILLERY }; /* BOMBARD-PROC */

typedef struct {
    int scenario;
    unsigned options; /* enum GameOption */
    int turn;
    int phase;
    int to_move;
    bool rain;
    int points[SIDE_COUNT]; /* activation points left this turn */
    bool done_choosing[SIDE_COUNT];
    UnitState unit[GS_MAX_UNITS];
    int nunits;
    int skirmishers[SIDE_COUNT]; /* available */
    int dummies[SIDE_COUNT];     /* dummy markers available (DUMMIES option) */
    bool chosen[GS_MAX_FORMATIONS];
    int lock_turn[GS_MAX_FORMATIONS];     /* not before this turn (0: free) */
    bool lock_attacked[GS_MAX_FORMATIONS]; /* until attacked or bombarded */
    Chit cup[GS_MAX_CHITS];
    int ncup;
    Chit drawn;
    bool drawn_extra; /* drawn is the formation a Good General chit named: not a command chit, so no event is
                         drawn instead of it (EVENTS) */
    bool activated; /* the drawn chit was activated (not passed) */
    int act_step;   /* enum ActStep */
    short chit_hex; /* where the activated chit stands, -1 */
    int attached;   /* units attached to this activation (independents) */
    int pending;    /* enum Pending: the other side must answer first */
    /* The bombardment being resolved (BOMBARD-PROC). */
    short bomb_hex;
    unsigned char bomb_type; /* enum TargetType */
    unsigned char bomb_result; /* enum ArtilleryResult */
    int bomb_factor;
    int bomb_event_mod; /* Alexander's Artillery on this bombardment (EVENTS) */
    short bombarded[GS_MAX_BOMBARDED]; /* hexes bombarded this activation */
    int nbombarded;
    unsigned char breastwork[GS_MAX_HEXES]; /* side + 1 of its builder, 0 none */
    /* The move under way, executed hex by hex (MOVE-BASIC, BREAK-CONTACT). */
    short mv_units[DEC_MAX_UNITS];
    int mv_n;
    short mv_path[GS_MAX_PATH];
    int mv_len, mv_pos;
    int mv_spent;  /* half MP */
    int mv_contact; /* ... of them paid for entering contact with the enemy (MOVE-CONTACT), for the log */
    bool mv_road;  /* every step so far by road */
    bool mv_broke; /* an enemy stack broke contact from this move (BREAK-CONTACT: it may resume) */
    int mv_mp;     /* the slowest unit's MP */
    int mv_last_n; /* the move just ended (mv_units, until the next decision): a brigade of it that makes its
                    * skirmisher now may go on (SKIRM-MAKE: "during their movement") */
    bool mv_last_road;
    short bc_queue[DIR_COUNT]; /* enemy hexes still to be offered break contact */
    int bc_n;
    bool bc_split;             /* the stack at bc_queue[0] has begun to break contact in parts */
    /* An over-stacked hex being put right (STACK), and the decision that
     * waits for it (a bombardment or the end of the activation). */
    short stack_hex;
    bool stack_checked; /* movement of this activation has been checked */
    bool has_resume;
    int resume_kind, resume_side, resume_arg, resume_arg2, resume_n;
    short resume_units[DEC_MAX_UNITS];
    int resume_nhex;
    short resume_hexes[6];
    /* The combat under way (COMBAT-*). */
    /* Demoralized units next to the enemy retreating now (DEMORAL): their
     * hex, and who was to decide before. */
    short dem_hex;
    signed char dem_resume;
    int cb_step;
    short cb_att[CB_MAX_UNITS];
    int cb_natt;
    short cb_def[CB_MAX_UNITS];
    int cb_ndef;
    short cb_hex[CB_MAX_HEXES];
    int cb_nhex;
    short cb_queue[CB_MAX_HEXES]; /* hexes still to answer (breastworks, retreats) */
    int cb_nqueue;
    int cb_att_dice, cb_def_dice;
    int cb_att_bonus_max, cb_def_bonus_max;
    unsigned char cb_att_bonus[CB_MAX_DICE], cb_def_bonus[CB_MAX_DICE];
    bool cb_bw_die;        /* the breastwork took a die (else a step, if any) */
    bool cb_bw;            /* a breastwork counts in this combat */
    bool cb_fort;          /* a fortification counts in full */
    int cb_hits_def, cb_hits_att; /* still to allocate */
    int cb_att_extra;      /* steps the attacker loses to works */
    bool cb_def_first, cb_att_first; /* the first loss has been taken */
    bool cb_def_real, cb_att_real;   /* a loss other than a skirmisher has been taken */
    bool cb_skirm_done;              /* step B answered */
    int cb_six_att, cb_six_def;      /* unmodified 6s still to use (RULE-OF-SIX) */
    bool cb_forced_retreat;          /* an attacker's 6 forced the retreat */
    short cb_six_hit[CB_MAX_UNITS];  /* units already picked by a 6 */
    int cb_nsix_hit;
    bool cb_retreating;
    bool cb_bonus_done[2]; /* [0] attacker, [1] defender: bonus placed */
    bool cb_advance_over;
    bool cb_advanced[CB_MAX_UNITS]; /* per cb_att: has advanced (one hex, once: ADVANCE) */
    unsigned char cb_def_losses[CB_MAX_UNITS]; /* per cb_def: steps lost in this combat (K.1's round) */
    short attacked[32];    /* hexes attacked this activation */
    int nattacked;
    short obliged[32];     /* hexes that must still be attacked (COMBAT-WHO) */
    int nobliged;
    int release_turn[GS_MAX_FORMATIONS]; /* a lock ends from this turn (0: not yet) */
    unsigned char pontoon[SIDE_COUNT][GS_MAX_HEXES]; /* bit per direction a side's pontoon spans */
    int pontoons_left[SIDE_COUNT];                   /* not on the map */
    int pontoons_next[SIDE_COUNT];                   /* taken up: usable again next turn */
    bool recovered[GS_MAX_FORMATIONS];               /* a unit recovered this night (RECOVERY) */
    short held_by[GS_MAX_FORMATIONS];  /* the higher commander holding it this turn, -1 (HIGHER-CMD) */
    int hc_turn[GS_MAX_COMMANDERS];    /* the last turn a higher commander was used, 0 */
    bool detach_used[SIDE_COUNT];      /* the detachment marker this turn (DETACH) */
    bool march_used[SIDE_COUNT];       /* the forced march this turn (FORCED-MARCH) */
    bool marched_fm[GS_MAX_FORMATIONS]; /* formations that force-marched this turn: none of their units
                                          * attacks or bombards, whatever activates it later (FORCED-MARCH) */
    unsigned char fort_marker[GS_MAX_HEXES]; /* bridgehead fortification markers (CAMPAIGN) */
    unsigned char unit_lock[GS_MAX_UNITS];   /* a unit may not act before this turn (CAMPAIGN) */
    short left_works[GS_MAX_UNITS]; /* hex + 1 of works next to the enemy it moved out of this activation, 0 */
    unsigned char unit_release[GS_MAX_UNITS]; /* ... unless released from this turn */
    bool late_cavalry[GS_MAX_UNITS];         /* the turn-11 Union cavalry (CAMPAIGN) */
    bool scen_independent[GS_MAX_UNITS];     /* brigades the scenario makes independent (SCENARIO-SALEM-CHURCH) */
    bool fm_present[GS_MAX_FORMATIONS];      /* a detached formation in play (VARIANT-ABSENT-FORCES) */
    bool cmd_present[GS_MAX_COMMANDERS];     /* a detached higher commander in play */
    int absent_next;                         /* the division now arriving */
    /* VARIANT-HYPOTHETICAL: per formation 0 (not placed), 1 (waiting to be
     * placed) or 2 + its box; per unit, whether it waits to deploy. */
    unsigned char vp_box[GS_MAX_FORMATIONS];
    bool vp_wait[GS_MAX_UNITS];
    bool marching;                     /* this activation is a forced march */
    /* Event chits (EVENTS), counted per event of events.ini. */
    unsigned char ev_cup[GS_MAX_EVENTS];  /* in its side's event cup */
    unsigned char ev_hand[GS_MAX_EVENTS]; /* in its side's hand */
    unsigned char ev_held[GS_MAX_EVENTS]; /* of those, given by the scenario: used once */
    int ev_played[SIDE_COUNT];            /* played this turn */
    signed char ev_night_attack;          /* NIGHT-COMBAT: the Night Attack chit of this activation, -1 */
    signed char ev_woods;                 /* woods-as-open in force this activation, -1 */
    signed char ev_art;                   /* artillery-bonus this activation, -1 */
    short ev_art_hex;
    signed char ev_leader;                /* leader-attack played this turn, -1 */
    signed char ev_supply[SIDE_COUNT];    /* a supply chit on the map tonight, -1 */
    short ev_supply_hex[SIDE_COUNT];
    bool ev_supply_asked[SIDE_COUNT];
    signed char ev_extra[SIDE_COUNT];     /* an extra-activation chit for this turn's cup, -1 */
    signed char ev_retreat;               /* the General Retreat under way, -1 */
    int ev_retreat_to_move;               /* who was to move before it */
    bool ev_pontoon[SIDE_COUNT];          /* the side's pontoon event has been played */
    bool cavalry_free;                    /* the late cavalry may cross the great rivers */
    bool hc_twice[GS_MAX_COMMANDERS];     /* may command again this turn (higher-twice) */
    bool cmd_gone[GS_MAX_COMMANDERS];     /* fallen (leader-attack) */
    bool cmd_falls[GS_MAX_COMMANDERS];    /* falls at the end of this turn */
    /* How many units of each side stand in each hex (all kinds, dummies
     * too): kept by unit_put, the one way a unit changes place (units.c). */
    unsigned char occupants[SIDE_COUNT][GS_MAX_HEXES];
    /* And how many of each hex's neighbours hold a unit of that side across
     * a hexside that carries contact (MOVE-CONTACT): > 0 when the hex is in
     * contact with that side. Kept by unit_put with occupants: the enemy and
     * contact maps of every movement search are copies of these. */
    unsigned char near[SIDE_COUNT][GS_MAX_HEXES];
    /* And which: each hex's units in index order, a list through
     * unit_next (both hold a unit + 1, 0 ending the list). */
    short hex_first[GS_MAX_HEXES];
    short unit_next[GS_MAX_UNITS];
    VariantState variant_state; /* the state of the system commanding a side (Game.variant), all 0 when none */
    int result;            /* enum Result, once the game is decided */
    char result_text[160]; /* why */
    Rng rng;
} GameState;

/* A snapshot taken before a decision, for undo. */
typedef struct {
    GameState st;
    int log_count;
    int side; /* who made the decision */
} UndoEntry;

/* What a game is made of, for saves and replays: its decisions in order,
 * the dice forced (by a rules lawyer or a test) before them, and the lines
 * that set up a position by hand (rules/position.h). A record is a forced
 * die when `dice`, a set-up line when `setup`, else a decision. */
typedef struct {
    bool dice;      /* a forced die (in die) */
    bool setup;     /* a set-up line by hand ("place ...", "remove ...", "set ..."): not a decision */
    int die;
    int side;       /* who decided (-1 for a set-up line) */
    char text[1024]; /* the decision as decision_format writes it, or the set-up line */
} GameRecord;

typedef struct {
    const GameData *gd;
    GameState st;
    GameLog log;
    UndoEntry *undo; /* decisions since the last die, draw or revelation */
    int nundo, capundo;
    GameRecord *rec; /* everything since the start: the seed plus these replay the game */
    int nrec, caprec;
    const struct GameVariant *variant; /* the system commanding a side (rules/variant.h), NULL: two players */
    bool answering; /* the system's answer to one of the rules' questions is being applied (game_apply_base) */
    uint64_t seed;          /* as given to game_new */
    unsigned start_options; /* as given to game_new_options */
    /* A game played by programs alone (guv sim): no undo and no record, as
     * nothing is taken back, saved or replayed. Plays the same. */
    bool light;
} Game;

/* The kinds of decision, declared once in rules/decision_kinds.h. */
enum DecisionKind {
#define X(kind, verb, shape, apply, answers) kind,
    DECISION_KINDS(X)
#undef X
    D_COUNT
};

typedef struct {
    int kind;
    int side;
    int arg;    /* D_CHOOSE: formation; D_PLACE, D_MOVE, D_BOMBARD: hex index;
                   D_ATTACH, D_TAKE, D_DISPLACE, D_ELIMINATE: unit; D_BREAK: hex (units: part of the stack, none: all) */
    int arg2;   /* D_BOMBARD: enum TargetType; D_DISPLACE, D_SKIRMISH: hex */
    int hex, dir; /* pontoon decisions: the hexside (arg: the unit, if any) */
    int nunits; /* D_HIGHER: the formations (in units[]);
                   D_MOVE: the units moving together (one hex, one stack);
                   D_BOMBARD: the artillery firing together; D_ATTACK,
                   D_ADVANCE: the units; D_BONUS: the points on each die */
    short units[DEC_MAX_UNITS];
    int nhexes; /* D_ATTACK: the defended hexes */
    short hexes[CB_MAX_HEXES];
} Decision;

/* Sets a game up from a scenario. On failure writes why into err. */
bool game_new(Game *g, const GameData *gd, int scenario, uint64_t seed, char *err, size_t errsize);
/* The same with optional rules and variants (enum GameOption bits). */
bool game_new_options(Game *g, const GameData *gd, int scenario, uint64_t seed, unsigned options, char *err,
                      size_t errsize);
void game_free(Game *g);

/* Queues a forced die (1-6) for the next roll, recorded so that a save
 * replays it; false when the value or the queue is wrong. */
bool game_force_die(Game *g, int value);

/* One die for `purpose` under `rule`, logged. */
int game_roll(Game *g, const char *rule, const char *purpose);

int game_legal(const Game *g, Decision *out, int max);
/* The same list, but only the decisions whose kind has its bit set in
 * kinds (1 << D_...), in the same order; the questions whose answers would
 * be dropped are not asked. */
#define GAME_ALL_KINDS UINT64_MAX
int game_legal_kinds(const Game *g, uint64_t kinds, Decision *out, int max);

/* Takes back the last decision, if `side` made it and nothing random or
 * hidden has come out since (a die, a chit drawn, an enemy stack seen).
 * The state and the log return to what they were. */
bool game_undo(Game *g, int side, char *why, size_t whysize);
/* How many decisions `side` could take back now. */
int game_undo_depth(const Game *g, int side);
bool game_apply(Game *g, const Decision *d, char *why, size_t whysize);

/* "choose hill", "done", "activate", "pass", "end", "place 1820",
 * "attach nelson", "move heth+lane 1921", "bombard walker+nelson 1820 troops",
 * "breastwork", "no-breastwork", "take von-gilsa", "break 1921", "stay",
 * "displace heth 1921", "eliminate heth", "attack pender+lane 1921[+1922]",
 * "bw-die", "bw-step", "bonus 2 2 0", "lose heth", "retreat-instead",
 * "retreat 1920", "advance lane 1921", "no-advance", "recover heth",
 * "exit heth+lane", "skirmish heth 1921", "skirmisher 1921", "no-skirmisher",
 * "higher jackson hill+rodes", "detach 1921", "forced-march",
 * "build heth 2015-2016", "take-up 2015-2016", "destroy heth 2015-2016", "capture heth 2015-2016",
 * "six-hit heth", "six-retreat", "six-cancel", "dummy 1921", "remove-dummy dummy-c1",
 * "event rebel-yell", "event supply-depot 1921", "event brigade-regroup heth 1921",
 * "event corps-released sedgwick", "event corps-released cavalry", "draw-event",
 * "good-general sickles", "no-event", "vp-place couch us-ford", "deploy heth 1921" */
void decision_format(const GameData *gd, const Decision *d, char *buf, size_t size);
/* Parses that text for the side to move; false when it is not a decision. */
bool decision_parse(const Game *g, const char *text, Decision *out);

/* Previews for the screen (the rules decide; these only tell):
 * the way a legal D_MOVE goes, hex indexes from its start to its end, and
 * its cost and the group's allowance in half MP (MOVE-BASIC, ROADS);
 * returns the path's length, 0 when d is not a move that can be made. */
int game_move_preview(const Game *g, const Decision *d, short *path, int max, int *half_mp, int *allowance_half);
/* Every move open to these units going together (one hex, any part of a
 * stack) now: the list offers each unit alone and each whole stack; this
 * answers for any other group. Returns the count (up to max stored). */
int game_group_moves(const Game *g, const short *units, int nunits, Decision *out, int max);
/* The hexes a command chit placed at `hex` would reach with the drawn
 * chit's radius (ACT-RADIUS): in_range[hex index] = 1. False if no chit is
 * drawn or out of memory. */
bool game_command_preview(const Game *g, int hex, unsigned char *in_range);
/* How many units would act if the drawn chit were placed at hex now, and
 * how many of them would stay outside its radius (ACT-RADIUS). */
int game_place_count(const Game *g, int hex, int *outside);

/* Activation points a formation costs now (ACT-POINTS). */
int game_formation_cost(const Game *g, int formation);
/* True when the unit acts in the current activation. */
bool game_unit_active(const Game *g, int unit);
/* Fills enemy (per map hex index) with 1 where units of the other side
 * than `side` stand; lists those hexes in `hexes` (each once, NULL: not
 * wanted) and returns how many there are. */
int game_enemy_map(const Game *g, int side, unsigned char *enemy, short *hexes);

/* The dice each side would roll if `attackers` attacked `hexes` now, with
 * the breastwork taking a die when bw_die (COMBAT-DICE, TERRAIN-LIMITS,
 * ENCIRCLE, BREASTWORK, FORTIFICATION). why gets a short explanation. */
void game_combat_dice(const Game *g, const short *attackers, int natt, const short *hexes, int nhex, bool bw_die,
                      int *att_dice, int *def_dice, char *why, size_t whysize);

/* What an attack would be, before it is declared, for a preview: each
 * side's points, dice and elite bonus, what modifies every die, the steps
 * each side has to lose, the works' price (COMBAT-DICE, ELITE-BONUS, HITS,
 * OOS-LADDER, FORCED-MARCH, BREASTWORK, FORTIFICATION). Dice as
 * game_combat_dice gives them with the breastwork taking a step. */
typedef struct {
    int att_points, def_points;
    int att_dice, def_dice;
    int att_dice_bw; /* the attacker's dice if the defender's breastwork takes a die instead (-1: no breastwork) */
    int att_bonus, def_bonus;   /* elite bonus points each side places on its dice */
    int att_mod, def_mod;       /* on every die: out of supply */
    int def_first_mod;          /* on the defender's first die: it force-marched this turn */
    int att_steps, def_steps;   /* the steps each side has to lose (skirmishers' included) */
    int works_steps;            /* steps the works cost the attacker whatever the dice (fortification) */
    int bw_steps;               /* the breastwork's step, when there is one and it takes a step (not a die) */
    bool bw_possible;           /* the defender may still build a breastwork before the dice */
    bool skirm_possible;        /* the defender may still put out a skirmisher (one more point and step) */
    int cover_step_from;        /* the Automa defends: its cover roll costs a step from this face, a die below */
    int hit_on;                 /* a modified die of this or more is a hit */
    bool system_defends;        /* the system defends (the Automa: its corps modifiers change its hits after the roll) */
    char why[300];              /* game_combat_dice's explanation */
} CombatPreview;
void game_combat_preview(const Game *g, const short *attackers, int natt, const short *hexes, int nhex,
                         CombatPreview *out);

/* Whether units of `side` leaving `from` (n 0: the whole stack) would be
 * disorganized for leaving their works (BREASTWORK, FORTIFICATION): how is
 * 0 a move or break contact, 1 a retreat, 2 an advance (enum LeaveHow). */
enum { LEAVE_WORKS_MOVE, LEAVE_WORKS_RETREAT, LEAVE_WORKS_ADVANCE }; /* as enum LeaveHow */
bool leaving_works_disorders(const Game *g, int from, int side, const short *units, int n, int how);
/* The enemy hexes that would still have to be attacked after attack d
 * (COMBAT-WHO: an attacker not in woods takes on every adjacent enemy);
 * the count, up to max in out. */
int combat_obligations_after(const Game *g, const Decision *d, short *out, int max);

/* What a bombardment (a D_BOMBARD decision) would do, before it is made:
 * its factor, the die's modifiers, and the result for each face of the die
 * (enum ArtilleryResult), also with the breastwork the defender may still
 * build before the roll (BOMBARD-PROC, BREASTWORK). */
typedef struct {
    int factor, terrain_mod, bw_mod, fort_mod, event_mod;
    unsigned char result[6];    /* die 1-6 */
    bool breastwork_possible;   /* the defender may build one first: then result_bw */
    unsigned char result_bw[6];
} BombardPreview;
void game_bombard_preview(const Game *g, const Decision *d, BombardPreview *out);
/* "no effect", "DIS (one unit disorganized)", ... */
const char *game_bombard_result_name(int result);

/* VISIBILITY: may `viewer` see the contents of the stack in hex? Always
 * for its own units; for the enemy's only with a unit of its own next to it. */
bool game_can_inspect(const Game *g, int viewer, int hex);

/* The campaign's Union victory points as things stand (VICTORY-POINTS). */
int game_union_vp(const Game *g);
/* Combat points of `side`'s units permanently eliminated. */
int game_eliminated_points(const Game *g, int side);

/* Every unit's supply at once (SUPPLY), each side's road network traced
 * once: out[u] is 1 for units in supply, 0 for the others and those off the
 * map. Returns false when out of memory. */
bool game_supply_status(const Game *g, unsigned char *out);

/* Whether unit u can trace supply now (SUPPLY); cavalry always can. */
bool game_in_supply(const Game *g, int u);
/* Whether SIDE can draw a supply line to HEX now (SUPPLY; EXIT-MAP's check).
 * game_hexes_supplied answers for N hexes at once, tracing the network once. */
bool game_hex_supplied(const Game *g, int side, int hex);
void game_hexes_supplied(const Game *g, int side, const short *hexes, int n, bool *out);

/* EVENTS: how many event chits `side` holds (all the enemy may know; the
 * owner sees which in st.ev_hand). */
int game_hand_size(const Game *g, int side);

/* VARIANT-HYPOTHETICAL: counters in a box of the Variable Placement Map
 * (all anyone may know while they lie face down); whether `viewer` (-1:
 * everyone) may know that formation's box now. */
int placement_box_count(const Game *g, int box);
bool placement_visible(const Game *g, int viewer, int formation);

/* Where a unit stands, changed only here so that the index of what
 * stands in each hex (GameState.occupants) stays true: on the map at hex
 * (where AT_MAP), or off it (any other enum UnitWhere; hex is then -1). */
void unit_put(Game *g, int u, int where, int hex);
/* A step lost: true when it was the last, the unit then eliminated (in
 * the losses box). The caller says so in the log, in its rule's words. */
bool unit_lose_step(Game *g, int u);
/* Off the map and out of play, as at the start (a counter back to its
 * pool): steps, flags and exit cleared. */
void unit_absent(Game *g, int u);
/* The units standing in hex, both sides, in index order (up to max in
 * out); the count. The only walk of the index's lists outside units.c. */
int hex_units(const Game *g, int hex, short *out, int max);
/* The first unit from u on with any of the flags (enum UnitFlag) set, or
 * st->nunits when none: a tight scan, for the checks after every decision
 * that nearly always find none. */
int unit_next_flagged(const GameState *st, int u, unsigned flags);
/* A unit's whole state at once (set-up, a counter back to its pool): its
 * place goes through unit_put. */
void unit_reset(Game *g, int u, UnitState s);
/* Whether the index agrees with the units' places (checked after every
 * decision in builds with assertions). */
bool game_index_ok(const Game *g);

/* Combat points of a unit as it stands (0 when gone). */
int game_unit_points(const Game *g, int unit);
/* The unit's combat points with that many steps left (0: none). */
int game_unit_points_at(const Game *g, int unit, int steps);

#endif
