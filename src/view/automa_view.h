/* The Automa's display as text (AI-*): the Activation Track beside
 * Hooker's column and the holding box, the Chancellorsville Wheel, the VP
 * track, the turn track's markers and the strategy map with each
 * formation's area and objective, drawn as framed boxes like the physical
 * AI Display, in plain ASCII (+ - | and letters). With the shipped data it
 * takes 22 lines of AV_WIDTH columns: an 80x24 terminal with the status
 * and key lines. No terminal in sight: the curses UI shows the lines,
 * `guv script display text` prints them, tests compare them. */
#ifndef GUV_AUTOMA_VIEW_H
#define GUV_AUTOMA_VIEW_H

#include "rules/game.h"

#define AV_WIDTH 80 /* every line fits in this many columns */
#define AV_MAX_LINES 40

typedef struct {
    char line[AV_MAX_LINES][AV_WIDTH + 1];
    int n;
} AutomaView;

/* Fills v for a solitaire game; false (v empty) for any other game. */
bool automa_view(const Game *g, AutomaView *v);

/* A booklet page as the Ruler lies on it (AI-BEHAVIOUR), drawn as the
 * player sees the table: the page's border cells top to bottom with their
 * values, and beside them the Ruler's windows where the third die put its
 * arrow; the windows a behaviour check reads are marked. */
typedef struct {
    int page, anchor, ncells;
    char title[64];
    char value[BORDER_MAX][16];   /* the border cell's value as printed */
    signed char window[BORDER_MAX]; /* the Ruler's window over the cell (enum RulerWindow), -1 none */
    bool read[BORDER_MAX];        /* a window the behaviour check reads */
    char words[BORDER_MAX][48];   /* under a window: the cell as that window reads it, in plain words ("" else) */
} PagePicture;
/* False when the page or the anchor is not in the booklet. window is the
 * one window read (the track's randomizing, the Independent), or -1 for a
 * behaviour check's three, attitude picking the proximity window. */
bool automa_page_picture(const GameData *gd, int page, int anchor, int window, int attitude, PagePicture *out);
/* A window's short name: "Behaviour", "Prox. Aggr.", ... */
const char *automa_window_name(int window);

#endif
