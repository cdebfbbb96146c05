/* The Automa: the solitaire system "Hurrah For Old Joe" driving the Union
 * (AI-*). It reads the booklet, the wheel and the activation track from
 * data (data/automa_data.h) and keeps its display in AUTOMA(GameState).
 *
 * The Automa acts through "automa" decisions (D_SYSTEM): whenever it is the
 * Union's turn to decide in a solitaire game, the one legal decision is the
 * Automa's next step, so a game still replays from its seed and decision
 * list, and `guv script` can show one step at a time. Each step logs the
 * rule, the dice, the page and ruler position, the paragraph and branch,
 * and the candidates it compared. */
#ifndef GUV_AUTOMA_H
#define GUV_AUTOMA_H

#include "automa/automa_state.h"
#include "rules/game.h"

/* AI-SETUP: the display as activation-track.ini [setup] and the scenario's
 * [strategy] and [objectives] give it. Called by game_new for a solitaire
 * scenario, before the first turn. */
/* Makes the solitaire system known to game_new (rules/variant.h); call once at start. */
void automa_register(void);

void automa_setup(Game *g);
/* Whether the game is a solitaire one (the Automa plays the Union). */
bool automa_on(const Game *g);

/* AI-SEQUENCE O.1 steps 2-4, once the player has chosen: the track
 * randomized (not on the first turn), Hooker's holding box, the markers for
 * the Union points. Returns the chits to add to the cup (at most max). */
int automa_cup(Game *g, Chit *out, int max);

/* A Union chit was drawn from the cup: the Automa takes over (to_move
 * Union, step AS_DRAWN). */
void automa_drawn(Game *g);
/* The cup is empty at night: the Automa's night marches come first
 * (AI-NIGHT). True when they are under way (the Automa decides next). */
bool automa_night(Game *g);

/* The Automa's one decision now, if it has one. */
int automa_legal(const Game *g, Decision *out, int max, int n);
/* Carries out the Automa's next step. */
bool automa_apply(Game *g, const Decision *d, char *why, size_t n);

/* AI-END-TURN, AI-RECOVERY, AI-DAY-VP, AI-WHEEL's advance roll: the end of
 * a turn, before the turn marker moves. */
void automa_end_turn(Game *g);
/* AI-VP-TRACK: whether the game ends now (the marker at an end or on a
 * counter, 15 Confederate counters lost) or, after the last turn, its
 * rating. Sets the result; true when the game is over. */
bool automa_victory(Game *g, bool last_turn);

/* After every decision: each loss since the last look moves the VP track
 * once, whatever caused it (AI-VP-TRACK, AI-COUNTERS' boxed values), and
 * objectives reached by an advance after combat are read (AI-OBJECTIVE). */
void automa_reconcile(Game *g);
/* automa_reconcile keeps what the units were at its last look, for any game
 * (outside the state); this drops it, so that the next look goes over every
 * unit (for the tests). */
void automa_seen_forget(void);

/* AI-ENGAGEMENT: the player's decisions while the Automa's engagement
 * waits for them (pending PEND_SYSTEM): a breastwork and a skirmisher
 * before the dice, the losses, retreats instead of losses. */
int automa_engage_legal(const Game *g, Decision *out, int max, int n);
bool automa_engage_apply(Game *g, const Decision *d, char *why, size_t n);

/* AI-PLAYER-ATTACK: the defending Automa's hits from its last nd dice
 * (just rolled, the last log entries), its corps' modifiers placed after
 * the roll in its best way. */
int automa_defence_hits(Game *g, int nd);

/* AI-COMBAT-MARKER: the defending formation's combat marker (+1, -1, 0),
 * and its removal once the dice are rolled. */
int automa_defence_marker(const Game *g, const short *def, int ndef);
void automa_marker_used(Game *g, const short *def, int ndef);
/* The player attacks Automa divisions (the defenders of the combat just
 * declared): a formation on the wheel jumps (AI-WHEEL, once per Confederate
 * activation), I or VI Corps waiting comes into play (N.5). */
void automa_attacked(Game *g);
/* K.3: the loss the defending Automa would take next (the skirmisher, else
 * the strongest division, K.1) would remove a division from play: it
 * retreats instead, even before a first loss is taken. */
bool automa_loss_removes(const Game *g);

/* AI-SIX: the Automa defends and its 6 must hit one of several equally
 * strong Confederate units: the player picks (to_move is the Confederates
 * in the base combat's CB_SIX_DEF step); the filter keeps those choices. */
bool automa_six_choice(const Game *g);
int automa_six_filter(const Game *g, Decision *list, int k);

/* Names for the log and the display. */
const char *automa_formation_name(const GameData *gd, int f);

/* The words of the log lines that tell the facts guv sim reads for its
 * corps figures (rules/log_facts.h: the sim reads the facts, not these). */
#define AUTOMA_LOG_LEAD " lead "                       /* a march: " lead UNIT HHHH->HHHH (M MP)" */
#define AUTOMA_LOG_NO_CLOSER " cannot get closer"      /* ... or " lead UNIT cannot get closer" */
#define AUTOMA_LOG_ENGAGES " engages with "            /* "CORPS engages with N divisions ..." */
#define AUTOMA_LOG_CALLED_OFF "the attack is called off" /* AI-INTERRUPT */
#define AUTOMA_LOG_HITS_ON_CONF " on the Confederates" /* "...: N hits on the Confederates" */
#define AUTOMA_LOG_HITS_ON_UNION " on the Union"       /* "N hits on the Union" */
#define AUTOMA_LOG_REACHES " reaches its objective at " /* "CORPS reaches its objective at [NNN] AREA" */
#define AUTOMA_LOG_READ_FOR ", read for "              /* "[NNN] TITLE, read for CORPS" */
/* Why VP were scored (automa_vp, and its fact LF_VP): the words after
 * "N VP (" in its line; NULL: the paragraph's number, "[NNN]". */
#define AUTOMA_VP_WHYS(X)                                                                                              \
    X(AVP_OBJECTIVE, "an objective reached")                                                                           \
    X(AVP_PARAGRAPH, NULL)     /* a VP line of a paragraph */                                                          \
    X(AVP_DAY, NULL)           /* the same in the paragraph read at the end of a day (AI-DAY-VP) */                    \
    X(AVP_CONF_LOST, "a Confederate counter eliminated")                                                               \
    X(AVP_BOXED, "a division turned to a boxed value")                                                                 \
    X(AVP_LAST, "the last VP of an eliminated division")
enum AutomaVpWhy {
#define X(id, words) id,
    AUTOMA_VP_WHYS(X)
#undef X
        AVP_COUNT
};
/* What breaking contact costs the player now, in an Automa engagement that
 * offers it (H.3, by attitude and proximity), in words into buf; false (buf
 * "") when no break is offered. */
bool automa_break_price(const Game *g, char *buf, size_t n);
/* I.4: whether the Automa builds a breastwork in hex when the player
 * bombards it (Cautious, or in open ground). */
bool automa_will_entrench(const Game *g, int hex);
/* The hex of the stack offered to break contact from the Automa now, -1 none. */
int automa_break_from(const Game *g);
/* The dice of the Automa's engagement under way (J.2, J.3), before the
 * player's last answer before the roll (AI-ENGAGEMENT's first question):
 * each side's dice, the Automa's modifier points placed after its roll,
 * the player's elite bonus, the works' steps, the faces of the
 * interruption roll on which the attack is called off (AI-INTERRUPT). */
typedef struct {
    int ai_dice, conf_dice, ai_points, conf_bonus, bw_steps, fort_steps, calloff_faces;
    int ai_steps, conf_steps;
    bool all_reduced, conf_marched;
    bool bw_pending; /* a Confederate breastwork in an engaged hex: after 'done' the player picks a die or a step */
    char why[400];
} EngageDice;
bool automa_engage_preview(const Game *g, EngageDice *out);
/* The Automa's hits from its dice with its modifier points placed after
 * the roll in its best way (J.2); dice is not changed. */
int automa_best_hits(const int *dice, int n, int points, int hit_on);
/* What the player is asked in the Automa's engagement under way, in plain
 * words for the help screen; NULL when none is. */
const char *automa_engage_situation(const Game *g);
const char *automa_step_name(int step);

#endif
