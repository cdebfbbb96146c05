/* What the saves of the box's games share (play/pp_play.c, play/rd_play.c):
 * their autosave's path in the save folder, their first line, the growth
 * of their records and logs, the finished game's renaming and an
 * unfinished game kept aside. Pure: no terminal. */
#ifndef GUV_GAMEFILE_H
#define GUV_GAMEFILE_H

#include <stdbool.h>
#include <stddef.h>

/* DIR/name in the save folder (rules/save.h's save_dir); false when there is none. */
bool gamefile_autosave_path(const char *name, char *out, size_t size);
/* Whether the file at path begins with magic. */
bool gamefile_starts_with(const char *path, const char *magic);
/* Room for one more element in *arr (n used, *cap allocated, doubling
 * from first); false when out of memory (*arr unchanged). */
bool gamefile_grow(void **arr, int *cap, int n, size_t elem, int first);
/* The file at path renamed `finished` in its folder; false with the
 * reason in err (the file stays where it was). */
bool gamefile_rename_finished(const char *path, const char *finished, char *err, size_t n);
/* The unfinished game at path kept aside as NAME-unfinished-STAMP.save
 * before a new one takes its place; false when it could not be. */
bool gamefile_keep_aside(const char *path);

#endif
