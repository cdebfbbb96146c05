#include "hex/hex.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int x, y, z;
} Cube;

static const char *const dir_names[DIR_COUNT] = {"n", "ne", "se", "s", "sw", "nw"};

/* Offsets for odd (unshifted) and even (shifted down) columns. */
static const int odd_col_delta[DIR_COUNT][2] = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}};
static const int even_col_delta[DIR_COUNT][2] = {{0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};

bool hex_parse(const char *s, HexCoord *out)
{
    if (!s || strlen(s) != 4)
        return false;
    for (int i = 0; i < 4; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    HexCoord h = {(s[0] - '0') * 10 + (s[1] - '0'), (s[2] - '0') * 10 + (s[3] - '0')};
    if (!hex_valid(h))
        return false;
    *out = h;
    return true;
}

void hex_format(HexCoord h, char buf[5])
{
    int c = h.col < 0 ? 0 : h.col % 100;
    int r = h.row < 0 ? 0 : h.row % 100;
    buf[0] = (char)('0' + c / 10);
    buf[1] = (char)('0' + c % 10);
    buf[2] = (char)('0' + r / 10);
    buf[3] = (char)('0' + r % 10);
    buf[4] = '\0';
}

bool hex_equal(HexCoord a, HexCoord b) { return a.col == b.col && a.row == b.row; }

bool hex_valid(HexCoord h) { return h.col >= 1 && h.col <= 99 && h.row >= 1 && h.row <= 99; }

bool hex_in_bounds(HexCoord h, int cols, int rows)
{
    return h.col >= 1 && h.col <= cols && h.row >= 1 && h.row <= rows;
}

bool hex_on_edge(HexCoord h, int cols, int rows)
{
    return hex_in_bounds(h, cols, rows) && (h.col == 1 || h.col == cols || h.row == 1 || h.row == rows);
}

HexCoord hex_neighbour(HexCoord h, int dir)
{
    if (dir < 0 || dir >= DIR_COUNT)
        return h;
    const int *d = (h.col % 2 == 0) ? even_col_delta[dir] : odd_col_delta[dir];
    return (HexCoord){h.col + d[0], h.row + d[1]};
}

int hex_direction(HexCoord a, HexCoord b)
{
    for (int d = 0; d < DIR_COUNT; d++)
        if (hex_equal(hex_neighbour(a, d), b))
            return d;
    return -1;
}

const char *hex_dir_name(int dir) { return (dir >= 0 && dir < DIR_COUNT) ? dir_names[dir] : "?"; }

int hex_dir_parse(const char *s)
{
    for (int d = 0; d < DIR_COUNT; d++)
        if (strcmp(s, dir_names[d]) == 0)
            return d;
    return -1;
}

/* Column c is 1-based; even columns are shifted down. With q = c - 1 this is
 * the "odd-q" offset layout (odd q shifted down). */
static Cube to_cube(HexCoord h)
{
    int q = h.col - 1, r = h.row - 1;
    Cube c;
    c.x = q;
    c.z = r - (q - (q & 1)) / 2;
    c.y = -c.x - c.z;
    return c;
}

static HexCoord from_cube(Cube c)
{
    int q = c.x;
    int r = c.z + (q - (q & 1)) / 2;
    return (HexCoord){q + 1, r + 1};
}

HexCube hex_cube(HexCoord h)
{
    Cube c = to_cube(h);
    return (HexCube){c.x, c.y, c.z};
}

int hex_distance(HexCoord a, HexCoord b) { return hex_cube_distance(hex_cube(a), hex_cube(b)); }

static Cube cube_round(double x, double y, double z)
{
    double rx = round(x), ry = round(y), rz = round(z);
    double dx = fabs(rx - x), dy = fabs(ry - y), dz = fabs(rz - z);
    if (dx > dy && dx > dz)
        rx = -ry - rz;
    else if (dy > dz)
        ry = -rx - rz;
    else
        rz = -rx - ry;
    return (Cube){(int)rx, (int)ry, (int)rz};
}

int hex_line(HexCoord a, HexCoord b, HexCoord *out, int max)
{
    int n = hex_distance(a, b);
    Cube ca = to_cube(a), cb = to_cube(b);
    int count = 0;
    /* A small nudge keeps points that fall exactly on a hexside on one side. */
    const double ex = 1e-6, ey = 2e-6, ez = -3e-6;
    for (int i = 0; i <= n && count < max; i++) {
        double t = n == 0 ? 0.0 : (double)i / n;
        double x = ca.x + ex + (cb.x - ca.x) * t;
        double y = ca.y + ey + (cb.y - ca.y) * t;
        double z = ca.z + ez + (cb.z - ca.z) * t;
        out[count++] = from_cube(cube_round(x, y, z));
    }
    return count;
}

int hex_between(HexCoord a, HexCoord b, HexCoord out[2])
{
    if (hex_distance(a, b) != 2)
        return 0;
    int n = 0;
    for (int d = 0; d < DIR_COUNT && n < 2; d++) {
        HexCoord m = hex_neighbour(a, d);
        if (hex_distance(m, b) == 1)
            out[n++] = m;
    }
    return n;
}
