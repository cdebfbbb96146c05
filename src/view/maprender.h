/* Draws the hex map into a grid of characters with a style for each, with
 * no terminal in sight: `guv map` prints the grid, the curses UI colours it,
 * and tests compare it as text.
 *
 * Each hex is drawn in a classic ASCII frame, five characters a column:
 *
 *      ____
 *     / .=*\____
 *     \____/    \
 *
 * The underscores and slashes are the hexsides (rivers replace them with
 * '~', creeks with ':', fords with '=', bridges with 'H'); the four
 * characters inside show the terrain, roads, places and units, and with
 * MapMarks the markers of the hex and its stack (see below).
 *
 * The overview (maprender_overview) draws the whole map small enough for
 * an 80 x 24 terminal. */
#ifndef GUV_MAPRENDER_H
#define GUV_MAPRENDER_H

#include <stdbool.h>

#include "data/data.h"

enum MapStyle {
    STY_BLANK,
    STY_BORDER,
    STY_TERRAIN, /* interior filler: colour from the hex's terrain */
    STY_GREAT_RIVER,
    STY_MINOR_RIVER,
    STY_CREEK,
    STY_FORD,
    STY_BRIDGE,
    STY_ROAD_MAJOR,
    STY_ROAD_MINOR,
    STY_RAILROAD,
    STY_PLACE,
    STY_SUPPLY_UNION,
    STY_SUPPLY_CSA,
    STY_EXIT,
    STY_FORT,
    STY_UNION,
    STY_CSA,
    STY_HEXID,
    STY_MARKER, /* a stack's state marker (demoralized, out of supply, ...) */
    STY_WORK,   /* a marker on the hex: objective, fortification marker, breastwork, pontoon */
    STY_COUNT
};

typedef struct {
    char ch;
    unsigned char style;
    unsigned char terrain; /* terrain of the hex this cell belongs to, 255 outside */
    unsigned char colour;  /* formation colour of the units drawn here (data colour index), MAP_NO_COLOUR */
} MapCell;

#define MAP_NO_COLOUR 255

typedef struct {
    int width, height;
    MapCell *cells;
} MapCanvas;

/* What to draw on top of the terrain. */
typedef struct {
    bool ids;                      /* hex ids instead of terrain details */
    const unsigned char *units[SIDE_COUNT]; /* optional: units per hex index and side */
} MapOverlay;

/* A units count that hides how many there are (VISIBILITY): drawn "?". */
#define MAP_UNITS_HIDDEN 255

/* More to draw on a hex with units (src/view/mapview.h builds it from a
 * game). Every array is per hex index and optional (NULL: none). A hex's
 * interior then reads
 *
 *     [work marker or place][state marker or road][U/C][count]
 *
 * with the army letter in lower case (u/c) when the stack's top unit is
 * reduced. Markers are single characters, 0 for none:
 *   state: D demoralized, d disorganized, o out of supply, f fired,
 *          m forced march, x detached (only on a hex with units)
 *   work:  ! objective, % fortification marker, b breastwork, p pontoon
 * Nothing of this is drawn for a hidden stack (MAP_UNITS_HIDDEN) but the
 * work marker, which lies on the map for both sides to see. */
typedef struct {
    const char *mark;            /* the stack's state marker */
    const char *work;            /* the hex's work or objective marker */
    const unsigned char *colour; /* formation colour of the stack's top unit, MAP_NO_COLOUR */
    const bool *reduced;         /* the stack's top unit is reduced */
    /* the stack's combat points (at most 99): when given, a stack reads
     * [work][U/C][points] instead, without its state marker */
    const unsigned char *points;
} MapMarks;

#define MAP_CELL_W 5
#define MAP_CELL_H 2

bool maprender_draw(const GameData *gd, const MapOverlay *ov, MapCanvas *out);
/* The same with markers, formation colours and reduced units (mk may be NULL). */
bool maprender_draw_marked(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *out);
void maprender_free(MapCanvas *c);

/* The overview: the whole map small, one character per hex column and one
 * canvas row per two hex rows (hexes 0101 and 0102 share the top-left
 * character). Each character shows, first that applies: units (C, then U;
 * '?' for a hidden stack, a seen one of the same side first; c/u when the
 * top unit is reduced and mk says so; the cell takes the stack's colour),
 * a place '*', a great river '~' on one of the hexsides, the terrain symbol
 * of the upper hex. Styles as on the full map; ov and mk may be NULL. */
bool maprender_overview(const GameData *gd, const MapOverlay *ov, MapCanvas *out);
bool maprender_overview_marked(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *out);
/* The upper of the two hexes at overview cell (x, y); false off the map. */
bool maprender_overview_hex_at(const Map *m, int x, int y, HexCoord *out);
/* The overview cell showing hex h. */
void maprender_overview_pos(HexCoord h, int *x, int *y);

/* Canvas position of the top-left of a hex's interior (4 characters wide). */
void maprender_interior(HexCoord h, int *x, int *y);
/* The hex whose interior or frame covers canvas cell (x, y); false if none. */
bool maprender_hex_at(const Map *m, int x, int y, HexCoord *out);

/* One line of the legend per style that appears; returns lines written. */
int maprender_legend(const GameData *gd, char lines[][80], int max);

#endif
