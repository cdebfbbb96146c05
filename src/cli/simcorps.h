/* What each Union corps did in a game, for guv sim's report (issue 16):
 * watched from outside the rules, decision by decision, from the state
 * before and after and the facts of the log lines the decision added
 * (rules/log_facts.h). Nothing here changes a game. Pure: no output. */
#ifndef GUV_SIMCORPS_H
#define GUV_SIMCORPS_H

#include <stdbool.h>

#include "data/automa_data.h"
#include "rules/game.h"

/* Where the VP came from, by side (the why of the log's LF_VP facts). */
#define VP_SOURCES(X)                                                                                                  \
    X(VS_OBJECTIVE, "objectives reached", "a corps reaching its objective (AI-OBJECTIVE)")                          \
    X(VS_PARAGRAPH, "other paragraphs", "a VP line of another paragraph (for a corps, or the last turn)")        \
    X(VS_DAY, "the day's reckoning", "the paragraph read at the end of a day (AI-DAY-VP)")                         \
    X(VS_CONF_LOST, "Confederate counters lost", "a Confederate counter eliminated")                                 \
    X(VS_BOXED, "Union boxed values", "a Union division turned to a boxed value")                                    \
    X(VS_LAST_VP, "Union divisions' last VP", "the last VP of an eliminated Union division")                          \
    X(VS_OTHER, "other", "anything else")
enum VpSource {
#define X(id, name, what) id,
    VP_SOURCES(X)
#undef X
        VS_COUNT
};
const char *vp_source_name(int s);

typedef struct {
    int activations;   /* times it became the acting formation */
    int marches;       /* marches its lead made (AI-MOVE, AI-NOT-PROXIMITY, AI-NIGHT, AI-ISOLATED, AI-BREAK-CONTACT) */
    int nowhere;       /* of them, those whose lead could get no closer */
    int hexes;         /* hexes the leads covered, start to stop */
    int engagements;   /* engagements it began (AI-ENGAGEMENT) */
    int interrupts;    /* interruption rolls (AI-INTERRUPT) */
    int called_off;    /* of them, those that called the attack off */
    int hits_dealt;    /* hits rolled on the Confederates in its engagements */
    int hits_taken;    /* hits rolled on it in its engagements */
    int steps_lost;    /* steps its divisions lost, however */
    int wheel_turn;    /* the turn it first stood on the wheel, 0 never */
    int release_turn;  /* the turn the wheel first let it go after that, 0 never */
    int vp_objective;  /* VP the Union scored by it: its objectives reached, paragraphs read for it */
} CorpsGame;

typedef struct {
    int nf; /* the Automa's formations */
    CorpsGame corps[AUTOMA_MAX_FORMATIONS];
    int vp[SIDE_COUNT][VS_COUNT]; /* VP scored by each side from each source */
} CorpsRecord;

typedef struct {
    int facts_seen; /* the log's facts read so far */
    int active;   /* the acting formation before the decision */
    int eng_f;    /* the formation of the engagement under way, -1 */
    int reader;   /* the formation the last paragraph was read for, -1 */
    bool on_wheel[AUTOMA_MAX_FORMATIONS];
    unsigned char steps[GS_MAX_UNITS];
    /* The Union units of an Automa formation and their formations: the
     * only ones whose steps are watched (steps_lost), listed once. */
    int nwatched;
    short watched[GS_MAX_UNITS];
    signed char watched_f[GS_MAX_UNITS];
} CorpsWatch;

/* At the game's start (after game_new). */
void corps_watch_start(CorpsWatch *w, CorpsRecord *r, const Game *g);
/* Before and after each decision. */
void corps_watch_before(CorpsWatch *w, const Game *g);
void corps_watch_after(CorpsWatch *w, CorpsRecord *r, const Game *g);

#endif
