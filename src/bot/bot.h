/* A simple computer player for the Confederates, for `guv sim` and tests.
 *
 * It only ever picks one of the legal decisions it is given, and it decides
 * from the state alone, cheaply (no game_apply on copies): it chooses the
 * formations nearest the enemy, activates rather than passes, puts the chit
 * where most of the formation stands, moves toward the key places
 * (Chancellorsville, Fredericksburg, Marye's Heights, Salem Church, and the
 * other places the booklet's day's reckoning scores; then the Automa's
 * objectives and the other places south of the river) or toward the enemy,
 * holds the key places it stands on, attacks when it expects to roll at
 * least as many dice as the defender, falls back from much stronger enemies
 * and from places it could not retreat from, and in combat takes losses on
 * its weakest units. Pure engine code: no output. */
#ifndef GUV_BOT_H
#define GUV_BOT_H

#include "rules/game.h"
#include "rules/rng.h"

/* The index (0..n-1) of the decision the Confederate bot takes among the n
 * legal ones for g->st.to_move. The rng breaks ties only, so the choice is
 * the same for the same state, list and rng. Returns -1 when n <= 0. */
int bot_choose(const Game *g, const Decision *legal, int n, Rng *rng);

#endif
