/* Saved games (issue 5, "never lose a game"): a small text file that names
 * the data it was played with (its fingerprint), the scenario, the seed and
 * the options, then every decision and every forced die in order. Loading
 * replays it, so a save is exact and readable:
 *
 *   guv-save 1
 *   data 1f0c9e2a77b3d415
 *   scenario solitaire
 *   seed 7
 *   options 0
 *   do choose anderson
 *   die 4
 *   do done
 *
 * A game with a position set up by hand (rules/position.h) also holds its
 * set-up lines, in order among the others ("set unit heth dis on", "place
 * birney 2120"); such a save begins with "guv-save 2" so that an older guv,
 * which cannot replay them, refuses it by its version. A save without them
 * is still "guv-save 1", and this guv reads both (docs/script.md, "Saves").
 *
 * Saves are written atomically (a temporary file in the same folder, synced,
 * then renamed over the old one), so a crash leaves the old save or the new
 * one, never half of either. */
#ifndef GUV_SAVE_H
#define GUV_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules/game.h"

#define SAVE_MAGIC "guv-save 1"
#define SAVE_MAGIC_SETUP "guv-save 2" /* a save with set-up lines */

/* Writes g's save to path. On failure says why in err, and any older file
 * at path is left as it was. */
bool save_write(const Game *g, const char *path, char *err, size_t errsize);

/* Writes a text file atomically: body(f, ctx) writes its lines into a
 * temporary file in the same folder, which is synced and renamed over
 * path. On failure err names `what` ("the save") and why, and any older
 * file at path is left as it was. */
bool save_write_atomic(const char *path, const char *what, void (*body)(FILE *f, const void *ctx), const void *ctx,
                       char *err, size_t errsize);

/* Replays the save at path into a new game (out, to be freed with
 * game_free). On failure says what is wrong and where ("path:line: ...")
 * and out holds nothing to free; the file is never changed. */
bool save_load(const GameData *gd, const char *path, Game *out, char *err, size_t errsize);

/* The same, stopping after the first `limit` decisions and dice (-1: all):
 * `guv replay --to N`. */
bool save_load_upto(const GameData *gd, const char *path, int limit, Game *out, char *err, size_t errsize);
/* save_load; when it fails on a damaged line after the header, *good is
 * the number of records before it that replayed (save_load_upto with that
 * limit gives their game), else -1. */
bool save_load_checked(const GameData *gd, const char *path, Game *out, char *err, size_t errsize, int *good);

/* What a save holds, read without replaying it (the load screen's list). */
typedef struct {
    int scenario;   /* its index in the data, -1 when unknown */
    int decisions;  /* the "do" lines */
    bool same_data; /* saved with this data (the fingerprint matches) */
} SaveSummary;

/* Reads the head of the save at path and counts its decisions; false when
 * it cannot be read or is not a guv save. The file is only read. */
bool save_peek(const GameData *gd, const char *path, SaveSummary *out);

/* The folder for saves: $XDG_DATA_HOME/guv, else ~/.local/share/guv,
 * created if missing. False when there is no such place. */
/* The folder a file's path names ("." for a bare name). */
void save_folder_of(const char *path, char *out, size_t size);
bool save_dir(char *out, size_t size);

#endif
