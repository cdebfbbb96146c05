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
 * characters inside show the terrain, roads, places and units. */
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
    STY_COUNT
};

typedef struct {
    char ch;
    unsigned char style;
    unsigned char terrain; /* terrain of the hex this cell belongs to, 255 outside */
} MapCell;

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

#define MAP_CELL_W 5
#define MAP_CELL_H 2

bool maprender_draw(const GameData *gd, const MapOverlay *ov, MapCanvas *out);
void maprender_free(MapCanvas *c);

/* Canvas position of the top-left of a hex's interior (4 characters wide). */
void maprender_interior(HexCoord h, int *x, int *y);
/* The hex whose interior or frame covers canvas cell (x, y); false if none. */
bool maprender_hex_at(const Map *m, int x, int y, HexCoord *out);

/* One line of the legend per style that appears; returns lines written. */
int maprender_legend(const GameData *gd, char lines[][80], int max);

#endif
