/* Setting up a position by hand, for rules lawyers and tests: a position
 * that would take hundreds of decisions to reach is written in a few lines.
 *
 *   new solitaire 7
 *   set turn 4
 *   place birney 2120
 *   place mahone 2121
 *   set breastwork 2121 confederate
 *   set drawn sickles
 *
 * Each line changes the game's state directly (docs/script.md lists every
 * form), logs a SETUP entry ("by hand: ...") and is kept in the game's
 * record (GameRecord.setup) among its decisions and forced dice, so a save
 * replays it and a replay shows it. Setting up is not a decision: it clears
 * the undo stack. No line rolls a die.
 *
 * A position file (.guv) is a text file of such lines: `new SCENARIO [SEED]
 * [OPTION ...]` first, then `place`, `remove` and `set` lines; `#` starts a
 * comment line and blank lines are skipped. Pure: no printing, no terminal. */
#ifndef GUV_POSITION_H
#define GUV_POSITION_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/game.h"

/* The longest set-up line kept (the size of GameRecord.text, less one). */
#define POSITION_LINE_MAX ((int)sizeof(((GameRecord *)0)->text) - 1)

/* Applies one set-up line ("place ...", "remove ...", "set ...") to g.
 * False when the line is wrong: why says what is wrong and what to write
 * instead, and g is left exactly as it was (state, log, record, undo). */
bool position_apply(Game *g, const char *line, char *why, size_t whysize);

/* Whether a line's first word is a set-up verb (place, remove, set). */
bool position_is_setup(const char *line);

/* Starts a game from the arguments of a `new` line ("solitaire 7 events"):
 * the scenario, the seed (1 if none) and the options. False with why
 * (nothing to free in out) when they are wrong. */
bool position_new(const GameData *gd, const char *args, Game *out, char *why, size_t whysize);

/* Reads a position file into a new game (out, to be freed with game_free).
 * On failure err says "FILE:LINE: what is wrong" and out holds nothing to
 * free; the file is only read. */
bool position_load(const GameData *gd, const char *path, Game *out, char *err, size_t errsize);

/* Writes g as a position file: its scenario, seed and options, then every
 * set-up line in order (decisions and forced dice are not part of a
 * position). Atomic, as saves are. On failure err says why and an older
 * file at path is left as it was. */
bool position_write(const Game *g, const char *path, char *err, size_t errsize);

/* How many of g's records are set-up lines, and how many are decisions or
 * forced dice. */
void position_count(const Game *g, int *setup, int *played);

#endif
