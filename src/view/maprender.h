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
 * Two smaller levels show more of the map at once: the compact level
 * (maprender_compact: three characters a hex, a row each) and the
 * overview (maprender_overview: the whole map small enough for an 80 x 24
 * terminal).
 *
 * Every level writes the names of the map's places near them (labels: see
 * maprender_place_labels), and maprender_look says how a cell is painted
 * on a terminal with or without colour. */
#ifndef GUV_MAPRENDER_H
#define GUV_MAPRENDER_H

#include <stdbool.h>
#include <stddef.h>

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
    char label;            /* a place name's letter written over ch when names are shown, 0 none */
} MapCell;

#define MAP_NO_COLOUR 255

/* Where a place's name went on a canvas. */
enum MapLabelState {
    LABEL_PLACED,  /* written at x, y: text, len characters */
    LABEL_CROWDED, /* no room that covers neither units, other names, places, markers nor fords, even cut down */
    LABEL_MINOR,   /* the overview names only places of map-display.ini's overview_priority */
    LABEL_OFF,     /* the canvas shows hex ids instead */
};

typedef struct {
    int place; /* index in the map's places */
    int state; /* enum MapLabelState */
    int x, y, len;
    char text[64];
} MapLabel;

typedef struct {
    int width, height;
    MapCell *cells;
    MapLabel *labels; /* one per place of the map, in the order they were placed */
    int nlabels;
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

/* The compact level: three characters a hex column and a row a hex (hex
 * 0101 at x 0-2 of row 0, 0201 at x 3-5 of row 0). The even columns' half
 * row lower is not drawn: of a hex's two neighbours in the next column,
 * one is beside it and the other in the row above (odd column) or below
 * (even column).
 * A hex reads [a][b][c]:
 *   with units  a: state marker, else work marker, else '*' for a place,
 *                  else the terrain; b: U/C (u/c reduced); c: the counters
 *                  or '?' (hidden). With mk->points: a the letter, b c the
 *                  points (a blank tens under 10: [mark][letter][points]).
 *   without     a: work marker, else '*' for a place, else the terrain;
 *                  b: the road (= - +), else the terrain; c: '>' exit,
 *                  U/C supply source, '%' fortification, '~' a great river
 *                  on a hexside, else the terrain.
 * Styles and colours as on the full map. */
#define MAP_COMPACT_W 3
bool maprender_compact_marked(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *out);
/* The left cell of hex h's three. */
void maprender_compact_pos(HexCoord h, int *x, int *y);
/* The hex at compact cell (x, y); false off the map. */
bool maprender_compact_hex_at(const Map *m, int x, int y, HexCoord *out);

/* Place names (every level but the hex ids). Each place's name is written
 * on the canvas's label layer (MapCell.label), which leaves the map's own
 * characters under it; a screen shows either. A name goes near its hex:
 * on the full map on the frame below it, else above it, else beside it,
 * else a row further; on the smaller levels beside it first. A name never
 * covers a hex holding units (nor the cell either side of one), another
 * name (nor the cell either side of it), a place's hex, a marker, a ford
 * or a bridge; covering terrain, roads and rivers costs, and the cheapest
 * position near the hex wins. Places go in order of map-display.ini's
 * priority, then of map.ini; the overview names only those of its
 * overview_priority (LABEL_MINOR). The text tried, first that fits: the
 * name without any part in parentheses (when it has at most max_letters
 * letters or no short form); its short form (map-display.ini's label);
 * the name's first word; the short form (or the name) cut to fewer letters
 * and a '.', down to min_letters. A place that fits none is left unnamed
 * (LABEL_CROWDED): its '*' and the hex panel still name it.
 * maprender_draw_marked, maprender_compact_marked and
 * maprender_overview_marked label their canvases (from the same units). */
enum MapLevel { MAP_LEVEL_FULL, MAP_LEVEL_COMPACT, MAP_LEVEL_OVERVIEW };
void maprender_place_labels(const GameData *gd, const MapOverlay *ov, MapCanvas *c, int level);
/* The name a label starts from: the place's name without a part in parentheses. */
void maprender_label_name(const char *name, char *out, size_t n);

/* How a cell is painted on a terminal. depth: MAP_MONO (no colour:
 * NO_COLOR=1 or a terminal without it), MAP_COLOUR8 (8 or 16 colours),
 * MAP_COLOUR256. Colours are terminal colour numbers, -1 the terminal's
 * own. With colour a hex takes its terrain's background
 * (map-display.ini) and its terrain letters go faint or take the
 * background's colour (the background says it); without colour the
 * letters stay and are the terrain. Units are blocks of their formation's
 * colour (reverse video), underlined without colour. names: a label's
 * letter replaces the cell's character. */
enum MapDepth { MAP_MONO, MAP_COLOUR8, MAP_COLOUR256 };
enum { MAP_A_BOLD = 1, MAP_A_REVERSE = 2, MAP_A_UNDERLINE = 4, MAP_A_DIM = 8 };
typedef struct {
    char ch;
    short fg, bg;
    unsigned char attrs; /* MAP_A_* */
} MapLook;
MapLook maprender_look(const GameData *gd, const MapCell *cell, int depth, bool names);

/* Canvas position of the top-left of a hex's interior (4 characters wide). */
void maprender_interior(HexCoord h, int *x, int *y);
/* The hex whose interior or frame covers canvas cell (x, y); false if none. */
bool maprender_hex_at(const Map *m, int x, int y, HexCoord *out);

/* One line of the legend per style that appears; returns lines written.
 * The first gd->nterrain lines are the terrain kinds, in their order, each
 * starting with its letter (a screen may paint it as the map does). */
int maprender_legend(const GameData *gd, char lines[][80], int max);

/* The cells of hex h on a map level (MAP_LEVEL_*): row y, columns x .. x + w - 1. */
void maprender_level_cells(int level, HexCoord h, int *x, int *y, int *w);

#endif
