/* The Automa's part of the game state (Hurrah For Old Joe): the AI Display
 * (Activation Track, Hooker, the wheel, the strategy map, the turn-track
 * markers, the VP track) and the activation under way. A plain value inside
 * GameState: copied, saved and compared with it. */
#ifndef GUV_AUTOMA_STATE_H
#define GUV_AUTOMA_STATE_H

#include <stdbool.h>

#include "data/automa_data.h"
#include "rules/game.h"

#define AUTOMA_MAX_UNITS 256 /* GS_MAX_UNITS */

/* Where an Automa formation's command marker is. */
enum FormationStatus {
    FS_TRACK,      /* on the Activation Track */
    FS_CUP,        /* in the cup this turn */
    FS_HOLDING,    /* in Hooker's holding box (AI-HOOKER) */
    FS_WHEEL,      /* on the Chancellorsville Wheel (AI-WHEEL) */
    FS_WAITING,    /* its marker is still on the turn track (AI-I-VI) */
    FS_NO_MARKER,  /* acts only through the Independent marker (AI-GIBBON) */
    FS_GONE,       /* every division eliminated */
};

/* Where Hooker's counter is (AI-HOOKER). */
enum HookerWhere { HK_COLUMN, HK_CUP, HK_TURN_TRACK };

/* The player's part in an engagement (AI-ENGAGEMENT, AI-SIX, AI-RETREAT). */
enum EngageStep { ENG_NONE, ENG_PREP, ENG_LOSS, ENG_RETREAT,
                  ENG_BREAK,      /* break HHHH or stay, for each stack the Automa came next to (AI-BREAK-CONTACT) */
                  ENG_BREAK_LOSS, /* Aggressive: one unit of the stack that broke contact loses a step (lose UNIT) */
                  ENG_BREAK_DIS,  /* Cautious: one unit of it is disorganized (take UNIT) */
                  ENG_VP,         /* an Automa division eliminated: on the VP track or one last VP (AI-VP-TRACK) */
                  ENG_SIX,        /* a natural 6 of the Automa: the player picks among tied strongest units (K.2) */
                  ENG_SIX_CANCEL, /* an Automa 6 forces a retreat: the player's 6 may cancel it (six-cancel) or not (retreat) */
                  ENG_SIX_PICK,   /* the player's natural 6: he picks the Automa division hit (six-hit UNIT) */
                  ENG_BONUS,      /* the player's elite bonus points on his dice, before his roll (J.2) */
                  ENG_BW_CHOICE,  /* a Confederate breastwork: the Automa loses a die or a step (bw-die, bw-step) */
                  ENG_BOMB_BW };  /* the Automa's bombardment: the target may entrench first (breastwork, no-breastwork) */

/* The steps of the Automa's work, one per "automa" decision. */
enum AutomaStep {
    AS_IDLE,
    AS_DRAWN,      /* a marker was drawn: what does it do? */
    AS_BEHAVIOUR,  /* AI-BEHAVIOUR: three dice, the page and the ruler */
    AS_OBJECTIVE,  /* AI-OBJECTIVE: the location paragraph */
    AS_MOVE,       /* AI-MOVE, AI-PROXIMITY, AI-ADJACENT */
    AS_COMBAT,     /* AI-ARTILLERY, AI-ENGAGEMENT */
    AS_FINISH,     /* AI-ISOLATED, the marker back on the track */
    AS_NIGHT,      /* AI-NIGHT: the night marches */
};

typedef struct {
    bool on; /* a solitaire game */
    signed char track[TRACK_MAX_SLOTS]; /* Automa formation in each slot (index 0 = slot 1), -1 empty */
    signed char status[AUTOMA_MAX_FORMATIONS]; /* enum FormationStatus */
    signed char hooker_where;                  /* enum HookerWhere */
    signed char hooker_box;                    /* his box when on his column (1-based) */
    signed char hooker_turn;                   /* the turn he comes back on, when on the turn track */
    signed char holding[2];                    /* the formations in the holding box, in order, -1 */
    signed char attitude;                      /* enum Attitude */
    signed char extra_cup[AUTOMA_MAX_FORMATIONS]; /* into the next cup without a point (AI-I-VI) */
    /* The strategy map (AI-OBJECTIVE): the strategy counter's area, the
     * objective marker's area (-1 none) and value, the combat marker. */
    short area[AUTOMA_MAX_FORMATIONS];
    short obj_area[AUTOMA_MAX_FORMATIONS];
    signed char obj_value[AUTOMA_MAX_FORMATIONS];
    signed char combat[AUTOMA_MAX_FORMATIONS];
    /* The turn track: each marker's turn, 0 once it has come into play. */
    signed char marker_turn[AUTOMA_MAX_MARKERS];
    bool independent; /* the Independent marker goes into each day's cup (AI-INDEPENDENT) */
    /* The wheel (AI-WHEEL): the formation on each slot (1-based), -1. */
    signed char wheel[WHEEL_MAX_SLOTS + 1];
    bool wheel_closed;
    bool wheel_rolling; /* a CM was thrown to the opposite half: the advance roll is made */
    signed char arrivals;
    signed char thrown[AUTOMA_MAX_FORMATIONS]; /* the Confederate activation that last threw it (count) */
    /* The VP track (AI-VP-TRACK). */
    signed char vp;
    signed char low_counters;  /* Confederate counters placed from the bottom */
    signed char high_counters; /* Automa counters placed from the top */
    short confederate_lost;    /* Confederate counters eliminated */
    bool strategic_end;        /* the game ended at once on the track (a strategic victory), not rated by band */
    /* The activation under way. */
    signed char step;   /* enum AutomaStep */
    signed char active; /* Automa formation acting, -1 */
    signed char queue[2]; /* Hooker's formations still to act, -1 */
    bool independent_acting; /* the Independent marker's own activation (Gibbon, activate-top...) */
    signed char prox;        /* the proximity value (AI-PROXIMITY), after the caps */
    signed char bombard;     /* bombardment factor, 0 none (AI-ARTILLERY) */
    signed char attack_art;  /* artillery added to the attack */
    short ford[AUTOMA_MAX_FORMATIONS]; /* AI-NORTH: the temporary objective, a ford's place index, -1 */
    bool in_proximity;       /* activated in proximity or adjacent (AI-BREAK-CONTACT) */
    bool iso_known;          /* N.7: the isolated divisions of this activation are set (at its start) */
    signed char nisolated;
    short isolated[16];      /* N.7: they do not act; they march to the others at its end */
    signed char night_left;  /* night marches still to make (AI-NIGHT) */
    signed char night_wing;  /* 0 the Marching Wing (even die), 1 the Left Wing */
    bool night_done;         /* this night's marches are over */
    bool marched[AUTOMA_MAX_FORMATIONS]; /* has made its night march */
    short confederate_acts;  /* Confederate activations so far (AI-WHEEL's once per activation) */
    short skirm[AUTOMA_MAX_FORMATIONS]; /* the formation's skirmisher unit, -1 (AI-SKIRMISHER) */
    /* The engagement under way (AI-ENGAGEMENT): its step, the divisions
     * and the Confederate hexes in it, the hits still to take. */
    signed char eng;                  /* enum EngageStep */
    short eng_att[16];
    signed char eng_natt;
    short eng_hex[24];
    signed char eng_nhex;
    short eng_def[48];                /* the Confederate units engaged, wherever they retreat to (K.1) */
    signed char eng_ndef;
    signed char eng_csix;             /* the player's natural 6s still to use (K.2, RULE-OF-SIX) */
    bool eng_hit[16];                 /* per eng_att: has taken a loss this round (K.1) */
    bool bombarded;                   /* the formation has made its bombardment this activation */
    bool eng_bw, eng_sk;              /* the player's breastwork and skirmisher (J.3) */
    signed char eng_conf_hits;        /* hits the Confederates still take */
    signed char eng_ai_hits;          /* hits on the Automa's divisions */
    signed char eng_six;              /* the Automa's natural 6s still to place (AI-SIX) */
    signed char eng_trades;           /* stacks retreated instead of a loss (K.3: at most 2) */
    short eng_retreat;                /* the Confederate hex retreating now, -1 */
    signed char eng_cdice, eng_bonus; /* the player's dice and elite bonus points */
    /* BREASTWORK, FORTIFICATION in the engagement: the works hexes (-1), the
     * player's choice for the breastwork, the steps the works still take
     * from the Automa divisions next to them (J.3). */
    short eng_fort_hex, eng_bw_hex;
    short bomb_target;
    bool night_dem[256];              /* demoralized when this night began: only disorganized by its end (AI-NIGHT) */
    short eng_sixed[8];               /* Confederate units an Automa 6 has hit in this engagement (K.2) */
    signed char eng_nsixed;
    bool eng_conf_real;               /* a Confederate unit other than a skirmisher has lost a step (HITS) */                /* the unit the Automa bombards, waiting for the player's breastwork */
    bool eng_bw_die;
    signed char eng_fort_steps, eng_bw_steps;
    /* The player's attack on the Automa (AI-PLAYER-ATTACK): the defending
     * artillery from the roll for cover (I.2), for the combat under way. */
    signed char cover_art;
    /* AI-BREAK-CONTACT: the hex the breaking stack left, the step the
     * activation goes on with, the lead division and the half MP it spent. */
    short bc_from, bc_lead, bc_spent;
    /* The way the last march's lead took in this step (for the screen to
     * draw; emptied at every step): hex indexes from its start. */
    short path[32];
    signed char npath;
    /* The Confederate hexes this step's proximity check measured (H.1), emptied every step. */
    short measured[16];
    signed char nmeasured;
    bool bc_road;                     /* the lead's march so far went wholly by road (ROADS) */
    signed char bc_then;
    /* AI-VP-TRACK: eliminated Automa divisions the player has still to
     * place or score, and who was to move before the question. */
    short vp_waiting[8];
    signed char nvp_waiting;
    signed char vp_resume;
    /* Each unit's steps as last seen, so that every loss, whatever caused
     * it, moves the VP track once (AI-VP-TRACK, AI-COUNTERS). */
    unsigned char seen_steps[AUTOMA_MAX_UNITS];
    unsigned char seen_where[AUTOMA_MAX_UNITS];
} AutomaState;

/* The Automa's state inside a GameState lvalue: AUTOMA(g->st).vp. It
 * lives in the room the rules keep for a system's state (VariantState). */
static inline AutomaState *automa_state_of(GameState *st) { return (AutomaState *)(void *)st->variant_state.bytes; }
static inline const AutomaState *automa_state_of_const(const GameState *st)
{
    return (const AutomaState *)(const void *)st->variant_state.bytes;
}
#define AUTOMA(state) \
    (*_Generic(&(state), GameState *: automa_state_of, const GameState *: automa_state_of_const)(&(state)))
_Static_assert(sizeof(AutomaState) <= GS_VARIANT_BYTES, "the Automa's state must fit in VariantState");

#endif
