/* What the screen of A Perfect Plan shows, as text (issue 17): the area
 * map as a grid of characters and styles at the data's label positions
 * (config/perfect-plan/map.ini, made for 80x24), the status line, the
 * decisions in words, the boxes. Pure: no curses; src/ui/ui_pp.c paints
 * it, the tests may read it. Only what the viewer may see is drawn
 * (pp_view): his own counters by code, the enemy's as a count of backs
 * except in a combat under way. */
#ifndef GUV_PP_SCREEN_H
#define GUV_PP_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "perfect_plan/pp.h"

enum { PPS_COLS = 80, PPS_ROWS = 23 };

/* A cell's style; the curses layer gives each a colour and attribute
 * (and, without colour, the characters alone say it all). */
enum {
    PPS_BLANK,
    PPS_LAND,    /* a land connection between two areas: '.' */
    PPS_ARROW,   /* a river crossing at arrows: '~' */
    PPS_LABEL_U, /* an area's label, controlled by the Union */
    PPS_LABEL_C,
    PPS_FLAG_U, /* the control letter U / C */
    PPS_FLAG_C,
    PPS_OWN,    /* the viewer's counters */
    PPS_ENEMY,  /* the enemy's (backs "?N", or faces in a combat) */
    PPS_TRENCH, /* '#' */
    PPS_PICK,   /* the label of an area the highlighted decision names */
    PPS_FLASH,  /* the label of an area the opponent just acted in */
    PPS_COMBAT, /* the label of the area of a combat under way */
    PPS_TEXT,
    PPS_STYLES
};

typedef struct {
    char ch[PPS_ROWS][PPS_COLS + 1];
    unsigned char st[PPS_ROWS][PPS_COLS];
} PpMapGrid;

/* Per area: 1 when the highlighted decision names it, 2 when the
 * opponent acted there since the viewer's last decision; the area filter. */
typedef struct {
    unsigned char pick[PP_MAX_AREAS];
    unsigned char flash[PP_MAX_AREAS];
} PpMarks;

/* The map as viewer sees it. marks may be NULL. */
void pp_map_grid(PpMapGrid *m, const PpGame *g, int viewer, const PpMarks *marks);
/* A counter's code on the map: "II", "Stn", "*Ho" (leaders starred), "u3". */
void pp_counter_code(const PpData *pd, int c, char *buf, size_t n);
/* "Turn 2/6  Impulse 2/4 (4 moves, 1 left)  Initiative ANV  AoP to move". */
void pp_status_text(const PpGame *g, char *buf, size_t n);
/* A decision in words for the list: "move II Corps (Couch): Banks' Ford -> Salem Church". */
void pp_decision_words(const PpGame *g, const PpDecision *d, char *buf, size_t n);
/* The same in at most width characters: when the words are wider (or brief_always: a list where
 * some are, read alike), a shorter form that leaves out the area moved from (the map marks it)
 * and shortens the names (text_fit): "Anderson's Div. > Banks' Fd". The full words still show
 * on the bottom line. */
void pp_decision_fit(const PpGame *g, const PpDecision *d, char *buf, size_t n, int width, bool brief_always);
/* An area's contents as the viewer may know them, for the area the list is narrowed to:
 * "Hamilton's Crossing, held by ANV, trench (ANV); A. P. Hill's Division, Rodes' Division; 2 AoP
 * face down" (the enemy's faces only in a combat under way). */
void pp_area_text(const PpGame *g, int viewer, int a, char *buf, size_t n);
/* The areas a decision names (its counter's area first): up to two, -1 none; how many. */
int pp_decision_areas(const PpGame *g, const PpDecision *d, int out[2]);
/* What the side to move is asked now, in words ("AoP: move up to 3 units, or done"). */
void pp_question_text(const PpGame *g, char *buf, size_t n);
/* The eliminated units box and the reinforcements to come, as the viewer sees them (public). */
void pp_boxes_text(const PpGame *g, int viewer, char *elim, size_t ne, char *reinf, size_t nr);
/* The area under the label at (col, row) of the grid, -1 none. */
int pp_area_at(const PpData *pd, int col, int row);

#endif
