/* What the curses screens of the box's two games share (ui_pp.c, ui_rd.c):
 * their menu (new game, the unfinished one kept aside, resume), the
 * log overlay's scrolling, the replay's common keys, the curtain between
 * two players and the head of the end screen. Each game keeps its own
 * drawing and state. */
#ifndef GUV_UI_BOX_H
#define GUV_UI_BOX_H

#include <stdbool.h>
#include <stddef.h>

#include "play/gamefile.h"
#include "ui/ui_internal.h"

typedef struct {
    const char *title;    /* the top bar */
    const char *about;    /* above the choices */
    const char *computer; /* below them: how the computer plays */
    bool (*autosave_path)(char *out, size_t size);
    void (*fresh)(Ui *u); /* the screen's state set up for a game about to start */
    /* Before a new game is begun (the Red Die: its battlefield); false back to the
     * menu. NULL: nothing to choose. */
    bool (*prepare)(void);
    /* A new game for key '1' (two players), '2' (the player the Union) or '3'
     * (the Confederates), saved to autosave (NULL: not saved). */
    void (*start)(int key, const char *autosave);
    /* The game in autosave resumed; false with err. */
    bool (*resume)(const char *autosave, char *err, size_t n);
    /* Plays the started game (see the games' play_started). */
    void (*play)(bool finish, char *note, size_t n);
} UiBoxMenu;

/* The game's menu until the player leaves it. */
void ui_box_menu(const UiBoxMenu *m, Ui *u);

/* The log overlay (overlay 1) scrolled by k, nlog entries; false (k not
 * taken) when it is not open. vi_keys: k and j scroll too. */
bool ui_box_log_key(int k, int *overlay, int *log_back, int nlog, bool vi_keys);

/* A replay's keys common to the games at record at of nrec: the record to
 * show next (at itself when k moves nothing), -1 when k leaves. A word for
 * the player into msg, the log or help into *overlay. */
int ui_box_replay_key(int k, int at, int nrec, int *overlay, char *msg, size_t n);

/* The curtain between two players: who decides now (bold), who takes the
 * keyboard, and what Enter shows ("field", "game"); then the player's
 * key: -1 leaves (q), 1 lifts the curtain (Enter, space), 0 any other. */
int ui_box_curtain(const char *now, const char *take, const char *shows);

/* After a flush of the game's autosave (gs) that was not failing before
 * (failing): a new failure beeps and is said in msg. */
void ui_box_flushed(const GameSave *gs, bool failing, char *msg, size_t n);
/* The game left: its autosave's failure, if any, into note ("" when none). */
void ui_box_left(const GameSave *gs, char *note, size_t n);

/* The end screen's head: the bar, the result in bold and, against the
 * computer (computer >= 0) with a result r >= 0, who won (draw: r of
 * neither). The next free line. */
int ui_box_end_head(const char *bar, const char *result, int computer, int r, int draw);

#endif
