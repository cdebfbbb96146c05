/* Where the curses UI gets its keys: the keyboard, or a key script that
 * drives the real UI with no terminal in sight (screen tests, docs/screen-tests.md).
 *
 * A key script is text: one or more tokens a line, `#` starts a comment.
 *   n  q  ?  [           a single character is that key
 *   Enter Esc Tab BTab Space Up Down Left Right PgUp PgDn Home End Backspace F1..F12
 *   Hash                 the '#' key (a lone # starts a comment)
 *   C-c                  a control key
 *   @screen NAME         write the screen as text to SCREENS/NAME.txt
 *   @size COLS ROWS      resize the terminal (the UI gets a resize)
 *   @until TEXT N KEY    press KEY up to N times until the screen shows TEXT
 *                        (TEXT has no spaces; '_' stands for a space)
 *   @expect TEXT         the screen must show TEXT now
 *   @click COL ROW       a left click at that screen cell (0-based)
 *   @type TEXT           types TEXT and Enter ('_' stands for a space), e.g. at
 *                        the game's ':' prompt: @type move_mahone_2221
 * A failing @until or @expect, or an unknown token, stops guv with
 * "FILE:LINE: message" on standard error and exit status 3.
 *
 * GUV_KEY_TIMES=FILE (script or keyboard) appends to FILE the time each
 * key took, from its reading to its screen drawn (keys.c; make bench). */
#ifndef GUV_KEYS_H
#define GUV_KEYS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    const char *keys_file;   /* NULL: the keyboard */
    const char *screens_dir; /* where @screen writes (default: the current folder) */
    int cols, rows;          /* the headless terminal's size (default 80x24) */
    bool seed_set;
    uint64_t seed; /* new games use this seed instead of the clock */
    const char *position_file; /* --position: the game opens at this position (rules/position.h), NULL */
    const char *data_dir;      /* the data folder (A Perfect Plan's files are read from it when chosen), NULL */
} UiOptions;

/* Opens the key script, if any; false with a message on stderr if it cannot. */
bool keys_open(const UiOptions *o);
bool keys_scripted(void);
/* The next key: from the script, or getch(). */
int keys_get(void);
/* A key script's stand-in for the pause while the Automa is watched: ERR
 * (no key) at once. GUV_KEY_TIMES times each such step (keys.c). */
int keys_pause(void);
/* fn(arg) is called each time the screen for a key is drawn, before the
 * next key is read (keys_get, keys_pause): where the game's autosave is
 * written (play_flush). NULL: nothing. */
void keys_on_idle(void (*fn)(void *), void *arg);
/* The seed for a new game. */
uint64_t keys_new_seed(void);
void keys_close(void);

#endif
