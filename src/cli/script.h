/* guv script's session, a line at a time: used by `guv script` (lines from
 * standard input) and by the protocol's fuzz target (lines from the
 * fuzzer's input). Answers are printed on standard output. */
#ifndef GUV_SCRIPT_H
#define GUV_SCRIPT_H

#include <stdbool.h>
#include <stdint.h>

#include "data/data.h"
#include "rules/game.h"

typedef struct {
    const GameData *gd;
    Game game;
    bool started;
    int shown_log; /* log entries already printed */
    /* A Perfect Plan (script_pp.c): its session once `new perfect-plan`
     * has been run (pp_on while it is the game under way). */
    struct PpScript *pp;
    bool pp_on;
    /* The Red Die of Courage (script_rd.c): as A Perfect Plan's. */
    struct RdScript *rd;
    bool rd_on;
    const char *data_dir; /* where its data is read from; NULL: found as guv finds it */
    /* Set by a harness, never by a user: */
    bool sandbox; /* files are bare names in the current folder only */
    long budget;  /* decisions decide/pick/play/step may still apply; -1: no limit */
} ScriptSession;

void script_begin(ScriptSession *s, const GameData *gd);
/* Runs one command line (without its newline); false when it was quit. */
bool script_line(ScriptSession *s, char *line);
void script_end(ScriptSession *s);

/* script_pp.c: A Perfect Plan's commands. script_pp_new runs `new
 * perfect-plan ARGS`; script_pp_line runs any other command while its
 * game is under way (true when it was one of its commands). */
void script_pp_new(ScriptSession *s, const char *args);
bool script_pp_line(ScriptSession *s, const char *cmd, const char *args);
void script_pp_end(ScriptSession *s);
/* script_rd.c: the Red Die's commands, as A Perfect Plan's (`new red-die FIELD [SEED]`). */
void script_rd_new(ScriptSession *s, const char *args);
bool script_rd_line(ScriptSession *s, const char *cmd, const char *args);
void script_rd_end(ScriptSession *s);

/* The dice of a `dice N [N ...]` command (each 1-6, at most RNG_MAX_FORCED
 * waiting with the `queued` already there) into vals: how many, or 0 or
 * -1 after printing the error (nothing is then queued). Both games' scripts. */
int script_dice_args(const char *args, int queued, int vals[RNG_MAX_FORCED]);

/* One decision more against the session's budget: false, after printing
 * the error for cmd, when the budget is spent. Both games' scripts. */
bool script_spend(ScriptSession *s, const char *cmd);

/* The FILE of `CMD FILE` into path (1024 bytes); false, with the error
 * printed (usage), when missing or, sandboxed, not a bare name. Both scripts. */
bool script_file_arg(ScriptSession *s, const char *cmd, const char *usage, const char *args, char *path);

/* A box game's data for its `new`, loaded once (*loaded) into data by
 * load from the session's data folder (its own, or the one found) when
 * it holds the game's files (present); false, with the error printed
 * ("the data has no FILES", "WHOSE data files have errors"), when not.
 * Both scripts. */
bool script_box_data(const ScriptSession *s, bool *loaded, bool (*present)(const char *dir), const char *files,
                     bool (*load)(const char *dir, void *data, Diags *d), void *data, const char *whose);

/* save FILE for a box game: play written by save, its nrec decisions and
 * dice said, or the error. Both scripts. */
void script_box_save(ScriptSession *s, const char *args, bool (*save)(const void *play, const char *path, char *err, size_t n),
                     const void *play, int nrec);

#endif
