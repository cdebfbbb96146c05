/* The terminal user interface (curses). Thin: it shows what the engine and
 * data say and decides nothing about the rules. */
#ifndef GUV_UI_H
#define GUV_UI_H

#include "data/data.h"
#include "ui/keys.h"

/* Opens the full-screen map of the campaign; returns the exit status. */
int ui_run(const GameData *gd, const UiOptions *o);
/* Opens a saved game at its start, to step through forward and backward. */
int ui_replay(const GameData *gd, const char *file, const UiOptions *o);

#endif
