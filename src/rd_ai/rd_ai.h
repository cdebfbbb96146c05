/* The Red Die of Courage's computer opponent (issue 18, "The computer
 * opponent"), on the rules engine alone (src/red_die/rd.h).
 *
 * Everything in this game is open, so the AI reads the whole RdGame: the
 * soldiers, the squads, the red dice. It never reads the game's dice to
 * come (it never copies the game to roll ahead: every chance it weighs is
 * computed exactly by rd_chances). Its only randomness is the Rng it is
 * handed, so a game with the AI replays from its seeds.
 *
 * Levels (one table, RD_AI_LEVELS):
 *   fixed    the baseline: always RD_AI_FIXED_DICE dice (and that
 *            many for defensive fire), a random squad, then a random
 *            action among those open to it (a rally only when it has
 *            nothing else), a random target or destination;
 *   careful  the real opponent: every decision open, and every number of
 *            dice for it, scored by its expected value in victory points
 *            (rd_ai_value): what the successes gain (hits, a better
 *            cell, a melee's odds, red dice removed) against the chance of
 *            a fiasco or disaster losing the initiative, the disaster
 *            table's expected harm and the red dice's own harm.
 * Includes only src/red_die, src/data and rules/rng.h; nothing here prints
 * or allocates. */
#ifndef GUV_RD_AI_H
#define GUV_RD_AI_H

#include "red_die/rd.h"
#include "rules/rng.h"

/* X(ID, name, what it does) */
#define RD_AI_LEVELS(X)                                                                                            \
    X(FIXED, "fixed", "always 4 dice, a random squad, action and target (the issue's baseline)")                  \
    X(CAREFUL, "careful", "weighs each action and number of dice: successes against fiasco, disaster, red dice")

enum {
#define RD_AI_ENUM(id, name, what) RD_AI_##id,
    RD_AI_LEVELS(RD_AI_ENUM)
#undef RD_AI_ENUM
        RD_AI_LEVEL_COUNT
};

/* The dice the fixed level always chooses. */
#define RD_AI_FIXED_DICE 4

/* The level named so, or -1. */
int rd_ai_level_find(const char *name);
const char *rd_ai_level_name(int level); /* "?" for no level */
const char *rd_ai_level_what(int level);

/* The decision of the side to move (rd_to_move) at that level. The game
 * must not be over. Deterministic given rng; the careful level uses it
 * for nothing but is handed it all the same. */
RdDecision rd_ai_choose(const RdGame *g, int level, Rng *rng);

/* The careful level's expected value (victory points) of decision d,
 * which must be open now (its dice as chosen): what the screen may show
 * and the tests check. The careful level takes the highest. */
double rd_ai_value(const RdGame *g, const RdDecision *d);

#endif
