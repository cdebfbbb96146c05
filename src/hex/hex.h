/* Hex grid geometry (MAP-GRID).
 *
 * Hexes are identified by their printed four-digit id: two digits of column
 * (01 = west) and two of row (01 = north). Hexes are flat-topped in vertical
 * columns; even-numbered columns sit half a hex lower than odd ones. Cube
 * coordinates are used only inside this module, for distances and lines. */
#ifndef GUV_HEX_H
#define GUV_HEX_H

#include <stdbool.h>
#include <stdlib.h>

typedef struct {
    int col;
    int row;
} HexCoord;

enum HexDir { DIR_N, DIR_NE, DIR_SE, DIR_S, DIR_SW, DIR_NW, DIR_COUNT };

#define HEX_NONE ((HexCoord){0, 0})
#define HEX_MAX_LINE 200

/* "1820" -> {18, 20}. Exactly four digits, column and row from 01 to 99. */
bool hex_parse(const char *s, HexCoord *out);
/* Writes the four-digit id and a terminating NUL into buf (5 bytes). */
void hex_format(HexCoord h, char buf[5]);
bool hex_equal(HexCoord a, HexCoord b);
bool hex_valid(HexCoord h); /* not HEX_NONE, within 1..99 */
bool hex_in_bounds(HexCoord h, int cols, int rows);
/* On a map edge (first/last column or row). */
bool hex_on_edge(HexCoord h, int cols, int rows);

HexCoord hex_neighbour(HexCoord h, int dir);
/* Direction from a to its neighbour b, or -1 when they are not neighbours. */
int hex_direction(HexCoord a, HexCoord b);
static inline int hex_dir_opposite(int dir) { return (dir + 3) % DIR_COUNT; }
const char *hex_dir_name(int dir); /* "n", "ne", ... */
int hex_dir_parse(const char *s);  /* -1 when unknown */

int hex_distance(HexCoord a, HexCoord b);
/* A hex in cube coordinates, and the distance between two of them: what
 * hex_distance answers, for a caller that measures from the same hexes
 * again and again. */
typedef struct {
    int x, y, z;
} HexCube;
HexCube hex_cube(HexCoord h);
static inline int hex_cube_distance(HexCube a, HexCube b)
{
    int dx = abs(a.x - b.x), dy = abs(a.y - b.y), dz = abs(a.z - b.z);
    int m = dx > dy ? dx : dy;
    return m > dz ? m : dz;
}
/* The hexes on the straight line from a to b, both included, in order.
 * Returns how many were written (at most max). Where the line runs exactly
 * along a hexside, the hex on the clockwise side is taken. */
int hex_line(HexCoord a, HexCoord b, HexCoord *out, int max);

/* For two hexes exactly two apart: the hexes next to both (one when they
 * lie on a straight line through a hex, two when the line runs along a
 * hexside). Returns how many (0 when the distance is not 2). */
int hex_between(HexCoord a, HexCoord b, HexCoord out[2]);

#endif
