/* What a side sees on the map: the overlay and markers maprender draws,
 * built from a game state. Pure: no curses, no output.
 *
 * Per hex: how many counters of each side stand there, or MAP_UNITS_HIDDEN
 * for an enemy stack the viewer may not inspect (VISIBILITY: it shows that
 * it is there, nothing of what it is); for every other stack the formation
 * colour and reduced state of its top unit (the first unit of the stack
 * that is not a dummy) and its most important state marker; and the most
 * important marker lying on the hex itself, which both sides see.
 *
 *   state (mark): D demoralized > d disorganized > o out of supply > f fired
 *                 > m forced march > x detached > v moved this turn
 *                 > a activated this turn (the turn's flags: a stack shows
 *                 whether it has had its go)
 *   work  (work): ! an Automa objective marker (its area's objective hex)
 *                 > % fortification marker > b breastwork > p pontoon (either end)
 */
#ifndef GUV_MAPVIEW_H
#define GUV_MAPVIEW_H

#include <stdbool.h>

#include "rules/game.h"
#include "view/maprender.h"

typedef struct {
    int n;                            /* hexes (map columns x rows) the arrays hold */
    unsigned char *units[SIDE_COUNT]; /* counters per side, MAP_UNITS_HIDDEN for a hidden stack */
    char *mark;                       /* the stack's state marker, 0 none */
    char *work;                       /* the hex's work or objective marker, 0 none */
    unsigned char *colour;            /* formation colour of the top unit, MAP_NO_COLOUR */
    bool *reduced;                    /* the top unit is below its full strength */
    bool *objective;                  /* an Automa objective marker is on the hex */
    unsigned char *points;            /* the stack's combat points (at most 99) where the viewer may see them */
    MapOverlay ov;                    /* points at units: for maprender_draw */
    MapMarks marks;                   /* points at mark, work, colour, reduced (not points: set marks.points to show them) */
} MapViewBuf;

/* Fills b for the side `viewer` (solitaire: the Confederate player) and
 * points b->ov and b->marks at it, ready for maprender_draw_marked or
 * maprender_overview_marked. b must be zeroed before its first use; it may
 * be built again and again (the arrays are reused). False when out of
 * memory or the map is larger than a game state holds. */
bool mapview_build(const Game *g, int viewer, MapViewBuf *b);
void mapview_free(MapViewBuf *b);

/* The state marker of a unit's flags (see above), 0 none. */
char mapview_unit_mark(unsigned flags);
/* Whether a unit on the map is below its full strength. */
bool mapview_unit_reduced(const Game *g, int unit);

#endif
