/* What the saves of the box's games share (play/pp_play.c, play/rd_play.c):
 * their autosave's path in the save folder, their first line, the growth
 * of their records and logs, the finished game's renaming and an
 * unfinished game kept aside. Pure: no terminal. */
#ifndef GUV_GAMEFILE_H
#define GUV_GAMEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A game's autosave, in its play (PpPlay, RdPlay) both as these named
 * fields and as a GameSave `file` (an anonymous union). */
#define GAMEFILE_SAVE_FIELDS                                                                                           \
    char autosave[4096];   /* "" when not saved */                                                                    \
    char save_error[5000]; /* the last autosave failure, "" when none */                                              \
    bool deferred, dirty;  /* deferred: saved only by the flush (the screen, when idle); dirty: a save is due */
typedef struct {
    GAMEFILE_SAVE_FIELDS
} GameSave;

/* The head of a game's record (PpRecord, RdRecord): both as these named
 * fields and as a GameRecHead `head`, first in the record. */
enum { GAMEFILE_REC_DO = 0, GAMEFILE_REC_DIE = 1 };
#define GAMEFILE_REC_FIELDS                                                                                            \
    int8_t kind; /* GAMEFILE_REC_DO or GAMEFILE_REC_DIE */                                                            \
    int8_t side; /* who decided (a decision) */                                                                       \
    bool rolled; /* dice were rolled while it was applied */                                                          \
    int8_t die;  /* a forced die: its value */
typedef struct {
    GAMEFILE_REC_FIELDS
} GameRecHead;

/* p saved to gs->autosave by body (rules/save.h's save_write_atomic),
 * the failure into gs->save_error; only marked dirty when deferred. */
void gamefile_autosave(GameSave *gs, void (*body)(FILE *f, const void *p), const void *p);
/* The deferred save made now when one is due. */
void gamefile_flush(GameSave *gs, void (*body)(FILE *f, const void *p), const void *p);
/* The game over (over): its autosave renamed `finished`, and no longer
 * saved to; a failure into gs->save_error. */
void gamefile_finish(GameSave *gs, bool over, const char *finished);

/* Where undo for side would go back to among the nrec records at recs
 * (stride bytes apart, each beginning with a GameRecHead): the record to
 * drop from, or -1 with why (nothing of side's, a die rolled since, the
 * other player's decision since; the computer's decisions are taken back
 * with the player's). */
int gamefile_undo_target(const void *recs, size_t stride, int nrec, int side, int computer, char *why, size_t n);
/* The side of the last decision among the nrec records at recs (as
 * gamefile_undo_target's), -1 when none. */
int gamefile_last_decider(const void *recs, size_t stride, int nrec);
/* How many of side's decisions could be taken back one after another. */
int gamefile_undo_depth(const void *recs, size_t stride, int nrec, int side, int computer);

/* How a game's save is read (gamefile_read): its first line, its head
 * (until head says started) then its records, 'die N' and 'do DECISION'. */
typedef struct {
    const char *magic;     /* the first line */
    const char *game;      /* "A Perfect Plan": not a save of ... */
    const char *head_what; /* "seed and computer lines": the save ends before its ... */
    /* One line of the head; false with "path:ln: ..." in err. */
    bool (*head)(void *ctx, const char *line, const char *path, int ln, bool *started, char *err, size_t n);
    /* A forced die queued; false when refused. */
    bool (*die)(void *ctx, int value);
    /* A decision in words parsed and applied; false with why. */
    bool (*decide)(void *ctx, const char *text, char *why, size_t n);
} GameFormat;

/* The save at path read line by line into ctx by fmt's hooks; false with
 * "path:line: what is wrong" in err, or when *oom (the play's records
 * could not all be kept). Read, its autosave becomes path when keep (NULL:
 * the play is not saved there). */
bool gamefile_read(const GameFormat *fmt, void *ctx, const char *path, const bool *oom, GameSave *keep, char *err,
                   size_t n);

/* DIR/name in the save folder (rules/save.h's save_dir); false when there is none. */
bool gamefile_autosave_path(const char *name, char *out, size_t size);
/* Whether the file at path begins with magic. */
bool gamefile_starts_with(const char *path, const char *magic);
/* Room for one more element in *arr (n used, *cap allocated, doubling
 * from first); false when out of memory (*arr unchanged). */
bool gamefile_grow(void **arr, int *cap, int n, size_t elem, int first);
/* item (elem bytes) appended to *arr (n used, *cap allocated, doubling
 * from first); false, *oom set, when out of memory. */
bool gamefile_push(void **arr, int *cap, int *n, size_t elem, int first, const void *item, bool *oom);
/* The file at path renamed `finished` in its folder; false with the
 * reason in err (the file stays where it was). */
bool gamefile_rename_finished(const char *path, const char *finished, char *err, size_t n);
/* The unfinished game at path kept aside as NAME-unfinished-STAMP.save
 * before a new one takes its place; false when it could not be. */
bool gamefile_keep_aside(const char *path);

#endif
