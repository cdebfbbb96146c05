/* A game of A Perfect Plan being played (issue 17): the engine's game
 * (perfect_plan/pp.h), its record and log, and its autosave. Every
 * decision and forced die is recorded in words; the save is the seed, how
 * the game began and those records, written atomically (rules/save.h's
 * save_write_atomic), so a game resumes exactly where it was left:
 *
 *   guv-pp-save 1
 *   data 5f2c0e9d1a7b3c44   (the data's fingerprint: a save of other data is refused)
 *   seed 7
 *   computer confederate   (or: union, none)
 *   do standard
 *   do place hooker falmouth
 *   die 5
 *   do move ii-corps chancellorsville
 *
 * Undo takes back a side's last decision unless a die was rolled since
 * (combat dice cannot be taken back), replaying the rest. The opponent of
 * a game against the computer is a PpChooser: pp_computer_chooser, the
 * computer player of src/pp_ai. Pure: no
 * terminal; the screen, guv script and the tests use it alike. */
#ifndef GUV_PP_PLAY_H
#define GUV_PP_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "play/gamefile.h"

#include "perfect_plan/pp.h"

/* The computer's side: chooses the decision of the side to move. Must
 * return one of pp_legal's decisions. */
typedef PpDecision (*PpChooser)(const PpGame *g, void *ctx);

/* A uniformly random legal decision, from its own generator ctx (an
 * Rng *, seeded by the caller): guv script's `play`. */
PpDecision pp_fallback_chooser(const PpGame *g, void *ctx);

/* The computer opponent of the screen (src/pp_ai at `level`). Its dice
 * are seeded from the game's seed and how many records the game has, so
 * a game resumed from its save goes on exactly as it would have. */
typedef struct PpPlay PpPlay;
typedef struct {
    const PpPlay *play;
    int level;
    int playouts; /* the search's play-outs a decision; 0: the level's default */
} PpComputer;
PpDecision pp_computer_chooser(const PpGame *g, void *ctx);

enum { PP_REC_DO = GAMEFILE_REC_DO, PP_REC_DIE = GAMEFILE_REC_DIE };

typedef struct {
    union {
        GameRecHead head;
        struct {
            GAMEFILE_REC_FIELDS /* kind: PP_REC_DO or PP_REC_DIE */
        };
    };
    PpDecision d;
} PpRecord;

typedef struct {
    PpEvent e;
    int rec; /* the record that caused it (-1: the game's start) */
} PpLogEntry;

struct PpPlay {
    const PpData *pd;
    PpGame g;
    uint64_t seed;
    int computer;  /* the side the computer plays, -1: none */
    PpRecord *rec;
    int nrec, caprec;
    PpLogEntry *log;
    int nlog, caplog;
    bool oom; /* a record or log entry could not be kept (out of memory) */
    union {
        GameSave file; /* its autosave (play/gamefile.h): saved only by pp_play_flush when deferred */
        struct {
            GAMEFILE_SAVE_FIELDS
        };
    };
};

/* Whether the file at path is a save of A Perfect Plan (its first line). */
bool pp_play_is_save(const char *path);
/* DIR/perfect-plan.save in the save folder; false when there is none. */
bool pp_play_autosave_path(char *out, size_t size);
/* A new game (both sides' standard set-ups made at once, as two
 * recorded `standard` decisions, when standard), the computer
 * playing `computer` (-1: two players), saved to autosave (NULL or "": not saved). */
void pp_play_new(PpPlay *p, const PpData *pd, uint64_t seed, bool standard, int computer, const char *autosave);
/* Applies d for the side to move, records it, logs what happened, saves.
 * False (why) when the rules refuse it. */
bool pp_play_apply(PpPlay *p, const PpDecision *d, char *why, size_t n);
/* Queues a forced die (1-6) for the next roll, recorded. False when refused. */
bool pp_play_force_die(PpPlay *p, int value);
/* Takes back side's last decision and the computer's after it; false
 * with the reason when it cannot (a die rolled since, the other player's
 * decision since, nothing to take back). */
bool pp_play_undo(PpPlay *p, int side, char *why, size_t n);
/* How many of side's decisions could be taken back one after another now. */
int pp_play_undo_depth(const PpPlay *p, int side);
bool pp_play_save(const PpPlay *p, const char *path, char *err, size_t n);
/* Replays the save at path into p (which is left empty on failure, with
 * "path:line: what is wrong" in err); it goes on saving there when
 * keep_saving. */
bool pp_play_load(PpPlay *p, const PpData *pd, const char *path, bool keep_saving, char *err, size_t n);
/* A fresh, unsaved game in *out: whole's first n records replayed from its seed (the
 * screen's replay steps through a save so; guv replay prints one). False with the record's
 * number and reason in why when one no longer replays (out is then left empty). */
bool pp_play_replay_to(PpPlay *out, const PpPlay *whole, int n, char *why, size_t wn);
void pp_play_flush(PpPlay *p);
/* The game over: its autosave renamed perfect-plan-finished.save. */
void pp_play_finish(PpPlay *p);
void pp_play_free(PpPlay *p);
/* The record index of side's last decision, -1 none. */
int pp_play_last_of(const PpPlay *p, int side);
/* Why the game ended, in words (the victory areas and who holds them). */
void pp_play_result_text(const PpPlay *p, char *buf, size_t n);

#endif
