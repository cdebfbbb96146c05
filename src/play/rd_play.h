/* A game of The Red Die of Courage being played (issue 18): the engine's
 * game (red_die/rd.h), its record and log, and its autosave. Every
 * decision and forced die is recorded in words; the save is the field, the
 * seed and those records, written atomically (rules/save.h's
 * save_write_atomic), so a game resumes exactly where it was left:
 *
 *   guv-rd-save 1
 *   data 5f2c0e9d1a7b3c44   (the data's fingerprint: a save of other data is refused)
 *   field hazel-grove
 *   seed 7
 *   computer union          (or: confederate, none)
 *   do fire 7th-tn 3 114th-pa
 *   die 5
 *   do loss 114th-pa.3
 *
 * Undo takes back a side's last decision unless a die was rolled since
 * (dice cannot be taken back), replaying the rest. The opponent of a game
 * against the computer is an RdChooser. Pure: no terminal; the screen,
 * guv script, guv replay and the tests use it alike. */
#ifndef GUV_RD_PLAY_H
#define GUV_RD_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "play/gamefile.h"

#include "red_die/rd.h"

/* The computer's side: chooses the decision of the side to move. Must
 * return a decision rd_refusal accepts (one of rd_legal's, its dice at
 * least rd_min_dice). */
typedef RdDecision (*RdChooser)(const RdGame *g, void *ctx);

/* A uniformly random legal decision, with the least dice it takes, from
 * its own generator ctx (an Rng *, seeded by the caller). */
RdDecision rd_fallback_chooser(const RdGame *g, void *ctx);

/* The computer opponent of the screen: src/rd_ai at `level` (rd_ai_choose). Its dice are
 * seeded from the game's seed and how many records the game has, so a game resumed from its
 * save goes on exactly as it would have. */
typedef struct RdPlay RdPlay;
typedef struct {
    const RdPlay *play;
    int level;
} RdComputer;
RdDecision rd_computer_chooser(const RdGame *g, void *ctx);

enum { RD_REC_DO = GAMEFILE_REC_DO, RD_REC_DIE = GAMEFILE_REC_DIE };

typedef struct {
    union {
        GameRecHead head;
        struct {
            GAMEFILE_REC_FIELDS /* kind: RD_REC_DO or RD_REC_DIE */
        };
    };
    RdDecision d;
    char text[80]; /* d in words (rd_decision_format before it was applied: a split squad's name is the game's) */
} RdRecord;

typedef struct {
    RdEvent e;
    int rec; /* the record that caused it */
} RdLogEntry;

struct RdPlay {
    const RdData *rd;
    int field;      /* index in rd->fields */
    RdGame g;
    uint64_t seed;
    int computer;   /* the side the computer plays, -1: none */
    RdRecord *rec;
    int nrec, caprec;
    RdLogEntry *log;
    int nlog, caplog;
    bool oom;              /* a record or log entry could not be kept (out of memory) */
    union {
        GameSave file; /* its autosave (play/gamefile.h): saved only by rd_play_flush when deferred */
        struct {
            GAMEFILE_SAVE_FIELDS
        };
    };
};

/* Whether the file at path is a save of the Red Die (its first line). */
bool rd_play_is_save(const char *path);
/* DIR/red-die.save in the save folder; false when there is none. */
bool rd_play_autosave_path(char *out, size_t size);
/* A new game on rd->fields[field], the computer playing `computer` (-1:
 * two players), saved to autosave (NULL or "": not saved). */
void rd_play_new(RdPlay *p, const RdData *rd, int field, uint64_t seed, int computer, const char *autosave);
/* Applies d for the side to move, records it, logs what happened, saves.
 * False (why) when the rules refuse it. */
bool rd_play_apply(RdPlay *p, const RdDecision *d, char *why, size_t n);
/* Queues a forced die (1-6) for the next roll, recorded. False when refused. */
bool rd_play_force_die(RdPlay *p, int value);
/* Takes back side's last decision and the computer's after it; false
 * with the reason when it cannot (a die rolled since, the other player's
 * decision since, nothing to take back). */
bool rd_play_undo(RdPlay *p, int side, char *why, size_t n);
/* How many of side's decisions could be taken back one after another now. */
int rd_play_undo_depth(const RdPlay *p, int side);
bool rd_play_save(const RdPlay *p, const char *path, char *err, size_t n);
/* Replays the save at path into p (left empty on failure, with
 * "path:line: what is wrong" in err; the file is never written); it goes
 * on saving there when keep_saving. */
bool rd_play_load(RdPlay *p, const RdData *rd, const char *path, bool keep_saving, char *err, size_t n);
/* out: whole's game replayed from its seed through its first n records
 * (guv replay's steps); false with why when they no longer replay. */
bool rd_play_replay_to(RdPlay *out, const RdPlay *whole, int n, char *why, size_t wn);
void rd_play_flush(RdPlay *p);
/* The game over: its autosave renamed red-die-finished.save. */
void rd_play_finish(RdPlay *p);
void rd_play_free(RdPlay *p);
/* Who won and the points, in words. */
void rd_play_result_text(const RdPlay *p, char *buf, size_t n);

#endif
