/* A game being played (issue 5, "never lose a game"): the game and its
 * autosave. Every decision, undo or forced die is written to the autosave
 * (atomically, see rules/save.h): at once, or, for the curses screen
 * (deferred), as soon as the screen for the key is drawn and before the
 * next key is read. Killing the program at any moment loses at most the
 * key in progress, and the next start can resume exactly there. Pure: no terminal; the curses UI and the tests use
 * it alike. */
#ifndef GUV_PLAY_H
#define GUV_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/game.h"

typedef struct {
    Game game;
    bool started;
    char autosave[4096]; /* "" when the game is not saved */
    char save_error[5000]; /* the last autosave failure, "" when none */
    /* Set by a screen that draws before it saves: each decision only marks
     * the game dirty, and play_flush writes it once, after the screen for
     * the key is drawn and before the next key is read (the disk's wait is
     * not the player's; a key that plays several decisions saves once). */
    bool deferred;
    bool dirty;
} Play;

/* The autosave of the unfinished game: DIR/current.save in the save
 * folder (save_dir). False when there is no save folder. */
bool play_autosave_path(char *out, size_t size);

/* A new game, saved to `autosave` (NULL or "": not saved). */
bool play_new(Play *p, const GameData *gd, int scenario, uint64_t seed, unsigned options, const char *autosave,
              char *err, size_t errsize);
/* A game started elsewhere (a position file, rules/position.h), taken
 * over (g is left empty) and saved to `autosave` (NULL or "": not saved);
 * its set-up lines are in the save, so it resumes like any other. */
void play_adopt(Play *p, Game *g, const char *autosave);
/* The unfinished game in `autosave`, replayed. */
bool play_resume(Play *p, const GameData *gd, const char *autosave, char *err, size_t errsize);
/* play_resume; on a save damaged after its header, *good > 0 is the
 * number of records before the damage (else -1). */
bool play_resume_checked(Play *p, const GameData *gd, const char *path, char *err, size_t errsize, int *good);
/* Plays on from the first `good` records of a damaged save, the damaged
 * file kept beside it as PATH.damaged (never lost). */
bool play_resume_good_part(Play *p, const GameData *gd, const char *path, int good, char *err, size_t errsize);
/* A decision, then the autosave. False (and why) when the rules refuse the
 * decision. A failed autosave does not undo the decision: it is kept in
 * p->save_error for the UI to show, and retried with the next one. */
bool play_apply(Play *p, const Decision *d, char *why, size_t whysize);
bool play_undo(Play *p, int side, char *why, size_t whysize);
bool play_force_die(Play *p, int value);
/* The autosave the decisions since the last one call for, if any
 * (deferred). play_finish and play_free flush first. */
void play_flush(Play *p);
/* When the game is over, its autosave is renamed to finished.save (the
 * last finished game), so the next start offers no resume. */
void play_finish(Play *p);
void play_free(Play *p);

/* The game as it stood after its first k records (decisions, forced dice
 * and set-up lines), for stepping through a game backward and forward:
 * replayed into out from g's seed and record. */
bool play_replay_to(const Game *g, int k, Game *out, char *err, size_t errsize);

#endif
