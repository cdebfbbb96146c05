/* The Automa's data (Hurrah For Old Joe): config/activation-track.ini,
 * config/wheel.ini, booklet/pages.ini and booklet/paragraphs.ini, as
 * described in docs/booklet-format.md. Included by data/data.h. */
#ifndef GUV_AUTOMA_DATA_H
#define GUV_AUTOMA_DATA_H

#include <stdbool.h>

#define AUTOMA_MAX_FORMATIONS 12
#define TRACK_MAX_SLOTS 12
#define HOOKER_MAX_BOXES 12
#define WHEEL_MAX_SLOTS 16
#define BAND_MAX 8
#define AUTOMA_MAX_MARKERS 8

/* An Automa formation: a corps with a command marker, or a division acting
 * only through the Independent marker (AI-GIBBON). */
typedef struct {
    char id[24];
    int formation; /* Union formation index (the corps); for a lone division, its corps */
    int counter;   /* the Automa counter of a lone division, -1 for a corps */
} AutomaFormation;

enum Attitude { ATT_AGGRESSIVE, ATT_CAUTIOUS };

typedef struct {
    int attitude;  /* enum Attitude */
    int linked[2]; /* track slots (1-based), 0 when not highlighted */
} HookerBox;

/* A marker on the turn track: a corps (its Automa formation index), the
 * Independent marker or Objective X. */
enum TurnMarkerKind { TM_CORPS, TM_INDEPENDENT, TM_OBJECTIVE_X };

typedef struct {
    int kind;
    int formation; /* TM_CORPS: Automa formation index */
    int turn;
    int roll_lo[6], roll_hi[6], roll_para[6]; /* TM_OBJECTIVE_X: die ranges and paragraphs */
    int nroll;
} TurnMarker;

typedef struct {
    char id[24];
    char name[48];
    int from, to;
    bool at_once; /* ends the game when reached (else rated after the last turn) */
} RatingBand;

typedef struct {
    int slots, cost;
    int markers[AUTOMA_MAX_FORMATIONS]; /* Automa formation indexes with a CM */
    int nmarkers;
    int hooker_boxes, hooker_return_turns;
    HookerBox box[HOOKER_MAX_BOXES + 1]; /* 1-based */
    int advance_step;
    TurnMarker turn_markers[AUTOMA_MAX_MARKERS];
    int nturn_markers;
    int setup_track[TRACK_MAX_SLOTS], nsetup_track;   /* in order from the top */
    int setup_random[TRACK_MAX_SLOTS], nsetup_random; /* below them, in random order */
    int setup_hooker, setup_attitude, setup_vp;
    int vp_min, vp_max, confederate_from, union_from, track_strength, scoring_strength, objective_vp_max,
        loss_limit;
    RatingBand bands[BAND_MAX];
    int nbands;
    /* J.1: die modifiers per Automa formation, with every engaged division
     * at full strength and with all of them reduced */
    int mod_full[AUTOMA_MAX_FORMATIONS], mod_reduced[AUTOMA_MAX_FORMATIONS];
} ActivationTrack;

/* The solitaire rules' numbers (activation-track.ini [rules]). */
typedef struct {
    int dice_per, min_dice, max_dice;              /* J.2: dice = total / dice_per, within min..max */
    int engagement_units;                          /* H.2.c: divisions an engagement needs */
    int interrupt_stop, interrupt_aggressive;      /* AI-INTERRUPT */
    int overwhelm_strength, overwhelm_lone;        /* J.3's special case */
    int trades;                                    /* K.3: stacks retreating instead of a loss */
    int retreat_on, retreat_cautious;              /* K.3: the retreat roll */
    int break_contact_on;                          /* H.3 */
    int cover_step_from, cover_art_divisor;        /* J.1, I.2 */
    int isolated_hexes, proximity_friend_hexes;    /* N.7, H.1 */
    int transfer_mp;                               /* AI-TRANSFER: the longest way a transfer takes, in MP */
    int ford_clear_hexes, ford_loss_on;            /* N.6 */
    int night_divisor;                             /* M */
} AutomaRules;

typedef struct {
    int half, next, opposite;
    int trigger[2]; /* paragraph read per attitude, 0 none */
} WheelSlot;

typedef struct {
    int area; /* strategy-map area number */
    int slots, entry, arrivals, arrival_paragraph;
    WheelSlot slot[WHEEL_MAX_SLOTS + 1]; /* 1-based */
    int advance_dice, advance_target;
    bool add_markers, add_turn;
    int line_trigger[WHEEL_MAX_SLOTS + 1];
    int line_arrival;
} Wheel;

/* ---- booklet/pages.ini (AI-BEHAVIOUR, AI-PROXIMITY, AI-ARTILLERY,
 * AI-INDEPENDENT, AI-RANDOMIZE) ---------------------------------------- */

enum RulerWindow { RW_BEHAVIOUR, RW_PROX_AGGRESSIVE, RW_PROX_CAUTIOUS, RW_BOMBARD, RW_INDEPENDENT, RW_ACTIVATION,
                   RW_COUNT };
enum Behaviour { BH_NONE, BH_SKIRMISHER, BH_COMBAT_PLUS, BH_COMBAT_MINUS, BH_ADVANCE_I_VI, BH_COUNT };
enum IndependentResult { IR_NONE, IR_GIBBON, IR_ACTIVATE_TOP, IR_ACTIVATE_LAST, IR_SKIRMISHER, IR_COMBAT_PLUS,
                         IR_ADVANCE_I_VI, IR_WHEEL_ADVANCE, IR_COUNT };

#define ARROW_MAX 6
#define BORDER_MAX 48

typedef struct {
    signed char slot; /* 1.. a track slot; 0 Hooker */
    bool up;
    bool star; /* Hooker only: wraps between the first and last box */
} TrackArrow;

typedef struct {
    char token[16];
    int value;       /* behaviour or independent result, proximity MP, bombardment or attack value */
    bool no_bombard; /* N(x) */
    TrackArrow arrows[ARROW_MAX];
    int narrows;
} PageCell;

typedef struct {
    char title[48];
    PageCell cell[BORDER_MAX]; /* cell i is border position i + 1 */
    int ncells;
} BookletPage;

/* ---- booklet/paragraphs.ini ---------------------------------------------- */

enum ParaOp { OP_ROLL, OP_IF, OP_OBJECTIVE, OP_COMBAT, OP_VP, OP_DEPLOY, OP_RELEASE, OP_SET_ATTITUDE,
              OP_WHEEL_RELEASE, OP_END, OP_HOLD, OP_WHEEL_ENTER, OP_GOTO, OP_COUNT };
enum ParaTest { TEST_ATTITUDE, TEST_TURN, TEST_HOLDS, TEST_WHEEL, TEST_IS, TEST_VP };
enum { TARGET_SELF = -1, TARGET_WHEEL = -2 };

#define PARA_MAX_STEPS 40
/* The longest chain of paragraphs one reading follows through goto (the
 * game stops there; guv check reports a longer chain as an error). */
#define PARA_MAX_HOPS 64
#define PARA_MAX_OUT 11

typedef struct {
    int op; /* enum ParaOp */
    int line;
    int dice;                                                     /* OP_ROLL: 1 or 2 */
    int nout, lo[PARA_MAX_OUT], hi[PARA_MAX_OUT], to[PARA_MAX_OUT]; /* OP_ROLL: ranges and steps (1-based) */
    int test, yes, no;                                            /* OP_IF */
    int a, b; /* test: attitude; turn lo, hi; side, place; 1 open / 0 closed; Automa formation; VP lo, hi */
    int target; /* TARGET_SELF, TARGET_WHEEL or an Automa formation */
    int value;  /* objective value; combat +1/-1; vp points; attitude */
    int side;   /* vp */
    int area;   /* objective, deploy: area number */
    int para;   /* goto: paragraph number */
} ParaStep;

typedef struct {
    int number;
    char title[48];
    bool game_reader; /* reader = game (else formation) */
    char *text;
    ParaStep step[PARA_MAX_STEPS];
    int nsteps;
    int line;
} Paragraph;

/* The night marches (AI-NIGHT): the two wings, by Automa formation, and
 * how far a formation marches. */
typedef struct {
    int wing[2][AUTOMA_MAX_FORMATIONS]; /* [0] the Marching Wing (even die), [1] the Left Wing (odd) */
    int nwing[2];
    int march_hexes;
} AutomaNight;

typedef struct {
    bool present; /* the data has the Automa's files, and they loaded without error */
    bool attempted; /* the data has some of the Automa's files (present or broken) */
    AutomaFormation formations[AUTOMA_MAX_FORMATIONS];
    int nformations;
    ActivationTrack track;
    AutomaRules rules;
    AutomaNight night;
    Wheel wheel;
    int anchors[6];
    int window[RW_COUNT];
    BookletPage pages[13]; /* 2..12 */
    Paragraph *paragraphs;
    int nparagraphs;
    int hook_start[4], nhook_start, hook_day_end, hook_turn_end, hook_reduced;
} AutomaData;

#endif
