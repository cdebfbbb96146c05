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
 * its weakest units. The historical level plays Lee's plan instead: Early's
 * division holds Fredericksburg, Marye's Heights and Hamilton's Crossing,
 * the rest of the army marches round the Union front onto the Union's
 * right (its westernmost stacks south of the river) and attacks only at
 * good odds (docs/bot.md). Pure engine code: no output. */
#ifndef GUV_BOT_H
#define GUV_BOT_H

#include "rules/game.h"
#include "rules/rng.h"

/* The index (0..n-1) of the decision the Confederate bot takes among the n
 * legal ones for g->st.to_move. The rng breaks ties only, so the choice is
 * the same for the same state, list and rng. Returns -1 when n <= 0. */
int bot_choose(const Game *g, const Decision *legal, int n, Rng *rng);

/* The same choice at a level (enum BotLevel; BOT_SIMPLE is bot_choose's),
 * the bot asking for the legal decisions itself: the
 * list goes to buf (room for max), *listed says how many it listed (the
 * kinds it asked for alone; <= 0 none), and the index of the choice in buf
 * is returned (-1 when none). It asks only for what could win: when an
 * independent may join the activation, it asks for those alone, as
 * nothing else can beat them; else for the kinds it scores, and for the
 * kinds it never takes (exits, skirmishers, detachments, pontoons, events
 * ...) only when none of those scores above them. The same state and rng
 * give the same choice as bot_choose over game_legal's whole list. */
int bot_decide(const Game *g, int level, Decision *buf, int max, Rng *rng, int *listed);

/* For tests. The bot keeps some of its work from one decision to the
 * next (its sums over the map, updated for the units that changed; the
 * key places; the last distance fields, keyed by their sources, the cost
 * to the key places updated for the sources that changed).
 * bot_forget drops all of it: the next decision works everything out
 * afresh. bot_kept_is_fresh brings what is kept up to date for g as a
 * decision at that level would, and tells whether it equals what is
 * worked out afresh for g, keeping nothing (and whether the formations'
 * least distances to the enemy, searched only as far as they need, equal
 * those of the whole field; the map memo's cube coordinates and opposite
 * directions those of src/hex; and, when the drawn chit is to be placed,
 * every hex's place score that of a scan of every unit it activates). */
void bot_forget(void);
bool bot_kept_is_fresh(const Game *g, int level);
/* For tests: bot_choose at a level, and (when n > 1) each decision's
 * score into sc (room for n), to check that no score depends on where the
 * decision stands in the list. */
int bot_choose_scored(const Game *g, int level, const Decision *legal, int n, Rng *rng, long *sc);

/* The bot's levels (guv sim --bot NAME), declared once. */
#define BOT_LEVELS(X)                                                                                                  \
    X(BOT_SIMPLE, "simple", "the tiers above: nearest formations first, key places, good odds")                       \
    X(BOT_HISTORICAL, "historical", "Lee's plan: Early holds Fredericksburg, the rest marches on the Union right")
enum BotLevel {
#define X(id, name, what) id,
    BOT_LEVELS(X)
#undef X
        BOT_LEVEL_COUNT
};
const char *bot_level_name(int level);
const char *bot_level_what(int level);
/* The level named so, or -1. */
int bot_level_find(const char *name);

#endif
