/* The odds of a combat before it is declared (issue 14): from the engine's
 * preview (game_combat_preview), the chance of each number of hits each
 * side scores, and of each side losing every step, assuming each side
 * spreads its elite bonus one point a die (the most hits it can expect).
 * And the same for a bombardment: the chance of each result of its row.
 * Pure arithmetic over the dice: tests/test_orders.c. */
#ifndef GUV_ODDS_H
#define GUV_ODDS_H

#include <stddef.h>

#include "automa/automa.h"
#include "rules/game.h"

enum { ODDS_MAX_HITS = CB_MAX_DICE + 1 };

typedef struct {
    double att_hits[ODDS_MAX_HITS + 1]; /* the chance that the attacker scores k hits */
    double def_hits[ODDS_MAX_HITS + 1];
    int natt, ndef;                     /* the most hits each may score (its dice) */
    double att_mean, def_mean;          /* hits expected */
    double def_gone;                    /* the attacker's hits take every defending step, one more than
                                           they have (they may retreat instead of one loss, RETREAT-FOR-LOSS) */
    double def_gone_held;               /* ... as many as they have (with nowhere to retreat) */
    double att_gone;                    /* the defender's hits and the works (a breastwork's step
                                           included) take every attacking step */
} CombatOdds;

/* The chance that one die (1-6) plus mod reaches hit_on. */
double odds_die(int hit_on, int mod);
void odds_combat(const CombatPreview *p, CombatOdds *o);
/* Several lines of text (each ending '\n') for a panel of width w: points,
 * ratio, dice and why, then the chances. */
void odds_text(const CombatPreview *p, const CombatOdds *o, int w, char *buf, size_t size);
/* One line: "11 to 4: 3 dice against 2; you hit 1+ 71%, clear the hex 15%; they hit 1+ 56%". */
void odds_line(const CombatPreview *p, const CombatOdds *o, char *buf, size_t size);

/* A bombardment in one line: "factor 4 (woods -1): no effect 50%, DIS 33%,
 * a step 17%; if they build a breastwork first: ...". */
void odds_bombard_line(const BombardPreview *p, char *buf, size_t size);

/* The Automa's engagement, before the roll (AI-ENGAGEMENT): the chance of
 * each number of hits each side scores, the Automa's modifier points
 * placed after its roll in its best way (every outcome of its dice is
 * counted), the player's bonus one a die, the first Confederate die a point
 * lower after a forced march. att_* is the Automa's side. */
void odds_engage(const EngageDice *e, int hit_on, int march_penalty, CombatOdds *o);
/* A few lines for the panel ('\n' after each): the dice, each side's hits,
 * the interruption, the breastwork's choice (the dice's why is logged when
 * they are rolled). */
void odds_engage_text(const EngageDice *e, const CombatOdds *o, char *buf, size_t size);

#endif
