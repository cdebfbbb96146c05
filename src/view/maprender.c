#include "view/maprender.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void origin(HexCoord h, int *x0, int *y0)
{
    *x0 = (h.col - 1) * MAP_CELL_W;
    *y0 = (h.row - 1) * MAP_CELL_H + (h.col % 2 == 0 ? 1 : 0);
}

void maprender_interior(HexCoord h, int *x, int *y)
{
    origin(h, x, y);
    *x += 1;
    *y += 1;
}

static void put(MapCanvas *c, int x, int y, char ch, int style, int terrain)
{
    if (x < 0 || y < 0 || x >= c->width || y >= c->height)
        return;
    MapCell *cell = &c->cells[y * c->width + x];
    cell->ch = ch;
    cell->style = (unsigned char)style;
    if (terrain >= 0)
        cell->terrain = (unsigned char)terrain;
}

/* The glyph and style of a hexside; base is the plain frame character. */
static void side_glyph(const GameData *gd, const Hexside *hs, char base, char *ch, int *style)
{
    *ch = base;
    *style = STY_BORDER;
    if (!hs || hs->kind < 0)
        return;
    const HexsideKind *k = &gd->hexside_kinds[hs->kind];
    if (hs->flags & SIDE_BRIDGE) {
        *ch = 'H';
        *style = STY_BRIDGE;
    } else if (hs->flags & SIDE_FORD) {
        *ch = '=';
        *style = STY_FORD;
    } else if (k->cost == COST_NO) {
        *ch = '~';
        *style = STY_GREAT_RIVER;
    } else if (k->cost > 0 || k->rain_cost == COST_NO) {
        *ch = '~';
        *style = STY_MINOR_RIVER;
    } else {
        *ch = ':';
        *style = STY_CREEK;
    }
}

static void draw_frame(const GameData *gd, MapCanvas *c, HexCoord h)
{
    const Map *m = &gd->map;
    int x0, y0;
    origin(h, &x0, &y0);
    char ch;
    int st;
    /* n and s: four characters each */
    side_glyph(gd, map_hexside(m, h, DIR_N), '_', &ch, &st);
    for (int i = 1; i <= 4; i++)
        put(c, x0 + i, y0, ch, st, -1);
    side_glyph(gd, map_hexside(m, h, DIR_S), '_', &ch, &st);
    for (int i = 1; i <= 4; i++)
        put(c, x0 + i, y0 + 2, ch, st, -1);
    side_glyph(gd, map_hexside(m, h, DIR_NW), '/', &ch, &st);
    put(c, x0, y0 + 1, ch, st, -1);
    side_glyph(gd, map_hexside(m, h, DIR_SW), '\\', &ch, &st);
    put(c, x0, y0 + 2, ch, st, -1);
    side_glyph(gd, map_hexside(m, h, DIR_NE), '\\', &ch, &st);
    put(c, x0 + 5, y0 + 1, ch, st, -1);
    side_glyph(gd, map_hexside(m, h, DIR_SE), '/', &ch, &st);
    put(c, x0 + 5, y0 + 2, ch, st, -1);
}

static int road_style(const GameData *gd, const MapHex *mh, char *glyph)
{
    int best = -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        int r = mh->road[d];
        if (r < 0)
            continue;
        int move = gd->road_kinds[r].move;
        if (best < 0 || (move != COST_NO && (gd->road_kinds[best].move == COST_NO || move < gd->road_kinds[best].move)))
            best = r;
    }
    if (best < 0)
        return -1;
    int move = gd->road_kinds[best].move;
    if (move == COST_NO) {
        *glyph = '+';
        return STY_RAILROAD;
    }
    /* The cheapest road kind on the map is drawn as '=', others as '-'. */
    int cheapest = move;
    for (int i = 0; i < gd->nroad_kinds; i++)
        if (gd->road_kinds[i].move != COST_NO && gd->road_kinds[i].move < cheapest)
            cheapest = gd->road_kinds[i].move;
    *glyph = move == cheapest ? '=' : '-';
    return move == cheapest ? STY_ROAD_MAJOR : STY_ROAD_MINOR;
}

static char unit_letter(int side, bool reduced)
{
    if (side == SIDE_UNION)
        return reduced ? 'u' : 'U';
    return reduced ? 'c' : 'C';
}

static void draw_interior(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *c, HexCoord h)
{
    const Map *m = &gd->map;
    const MapHex *mh = map_hex(m, h);
    int idx = map_hex_index(m, h);
    int x, y;
    maprender_interior(h, &x, &y);
    int t = mh->terrain;
    char sym = gd->terrain[t].symbol;
    for (int i = 0; i < 4; i++)
        put(c, x + i, y, sym, STY_TERRAIN, t);
    /* the underscores below the interior also take the terrain colour */
    for (int i = 0; i < 4; i++)
        c->cells[(y + 1) * c->width + x + i].terrain = (unsigned char)t;
    if (ov && ov->ids) {
        char id[5];
        hex_format(h, id);
        for (int i = 0; i < 4; i++)
            put(c, x + i, y, id[i], STY_HEXID, t);
        return;
    }
    char glyph;
    int rs = road_style(gd, mh, &glyph);
    if (rs >= 0)
        put(c, x + 1, y, glyph, rs, t);
    if (mh->place >= 0)
        put(c, x, y, '*', STY_PLACE, t);
    if (mh->fort_faces)
        put(c, x + 2, y, '%', STY_FORT, t);
    if (mh->flags & HEXF_EXIT_CSA)
        put(c, x + 3, y, '>', STY_EXIT, t);
    else if (mh->flags & HEXF_SUPPLY_UNION)
        put(c, x + 3, y, 'U', STY_SUPPLY_UNION, t);
    else if (mh->flags & HEXF_SUPPLY_CSA)
        put(c, x + 3, y, 'C', STY_SUPPLY_CSA, t);
    if (mk && mk->work && mk->work[idx])
        put(c, x, y, mk->work[idx], STY_WORK, t);
    for (int side = 0; ov && side < SIDE_COUNT; side++) {
        int n = ov->units[side] ? ov->units[side][idx] : 0;
        if (n <= 0)
            continue;
        bool hidden = n == MAP_UNITS_HIDDEN;
        int st = side == SIDE_UNION ? STY_UNION : STY_CSA;
        char letter = unit_letter(side, !hidden && mk && mk->reduced && mk->reduced[idx]);
        unsigned char colour = !hidden && mk && mk->colour ? mk->colour[idx] : MAP_NO_COLOUR;
        if (mk && mk->points && !hidden) { /* [work][letter][points] */
            int p = mk->points[idx] > 99 ? 99 : mk->points[idx];
            put(c, x + 1, y, letter, st, t);
            put(c, x + 2, y, p > 9 ? (char)('0' + p / 10) : ' ', st, t);
            put(c, x + 3, y, (char)('0' + p % 10), st, t);
            for (int k = 1; k <= 3; k++)
                c->cells[y * c->width + x + k].colour = colour;
            continue;
        }
        put(c, x + 2, y, letter, st, t);
        put(c, x + 3, y, (char)(hidden ? '?' : n > 9 ? '+' : '0' + n), st, t);
        c->cells[y * c->width + x + 2].colour = colour;
        c->cells[y * c->width + x + 3].colour = colour;
        if (!hidden && mk && mk->mark && mk->mark[idx])
            put(c, x + 1, y, mk->mark[idx], STY_MARKER, t);
    }
}

static bool canvas_new(MapCanvas *out, int width, int height)
{
    out->width = width;
    out->height = height;
    out->cells = malloc((size_t)out->width * (size_t)out->height * sizeof *out->cells);
    if (!out->cells) {
        memset(out, 0, sizeof *out);
        return false;
    }
    for (int i = 0; i < out->width * out->height; i++)
        out->cells[i] = (MapCell){' ', STY_BLANK, 255, MAP_NO_COLOUR};
    return true;
}

bool maprender_draw_marked(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *out)
{
    const Map *m = &gd->map;
    memset(out, 0, sizeof *out);
    if (!m->hexes)
        return false;
    if (!canvas_new(out, m->cols * MAP_CELL_W + 1, m->rows * MAP_CELL_H + 2))
        return false;
    for (int i = 0; i < m->cols * m->rows; i++)
        draw_frame(gd, out, map_hex_at(m, i));
    for (int i = 0; i < m->cols * m->rows; i++)
        draw_interior(gd, ov, mk, out, map_hex_at(m, i));
    return true;
}

bool maprender_draw(const GameData *gd, const MapOverlay *ov, MapCanvas *out)
{
    return maprender_draw_marked(gd, ov, NULL, out);
}

/* ---- the overview ------------------------------------------------------ */

void maprender_overview_pos(HexCoord h, int *x, int *y)
{
    *x = h.col - 1;
    *y = (h.row - 1) / 2;
}

bool maprender_overview_hex_at(const Map *m, int x, int y, HexCoord *out)
{
    if (x < 0 || y < 0)
        return false;
    HexCoord h = {x + 1, 2 * y + 1};
    if (!hex_in_bounds(h, m->cols, m->rows))
        return false;
    *out = h;
    return true;
}

static bool touches_great_river(const GameData *gd, HexCoord h)
{
    for (int d = 0; d < DIR_COUNT; d++) {
        const Hexside *hs = map_hexside(&gd->map, h, d);
        if (hs && hs->kind >= 0 && gd->hexside_kinds[hs->kind].cost == COST_NO)
            return true;
    }
    return false;
}

/* The units of a side in an overview cell: 0 none, else its character. */
static char overview_units(const MapOverlay *ov, const MapMarks *mk, int side, const int *idx, int n, int *shown)
{
    if (!ov || !ov->units[side])
        return 0;
    char ch = 0;
    for (int i = 0; i < n; i++) {
        int k = ov->units[side][idx[i]];
        if (k <= 0)
            continue;
        if (k == MAP_UNITS_HIDDEN) {
            if (!ch) {
                ch = '?';
                *shown = -1;
            }
            continue;
        }
        if (ch && ch != '?')
            continue; /* the upper hex's stack first */
        ch = unit_letter(side, mk && mk->reduced && mk->reduced[idx[i]]);
        *shown = idx[i];
    }
    return ch;
}

bool maprender_overview_marked(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *out)
{
    const Map *m = &gd->map;
    memset(out, 0, sizeof *out);
    if (!m->hexes)
        return false;
    if (!canvas_new(out, m->cols, (m->rows + 1) / 2))
        return false;
    for (int y = 0; y < out->height; y++)
        for (int x = 0; x < out->width; x++) {
            HexCoord top;
            if (!maprender_overview_hex_at(m, x, y, &top))
                continue;
            HexCoord hexes[2] = {top, {top.col, top.row + 1}};
            int idx[2], n = 0;
            for (int i = 0; i < 2; i++)
                if (hex_in_bounds(hexes[i], m->cols, m->rows))
                    idx[n++] = map_hex_index(m, hexes[i]);
            MapCell *cell = &out->cells[y * out->width + x];
            int t = m->hexes[idx[0]].terrain;
            cell->terrain = (unsigned char)t;
            cell->ch = gd->terrain[t].symbol;
            cell->style = STY_TERRAIN;
            int shown = -1;
            char u = overview_units(ov, mk, SIDE_CONFEDERATE, idx, n, &shown);
            int side = SIDE_CONFEDERATE;
            if (!u) {
                u = overview_units(ov, mk, SIDE_UNION, idx, n, &shown);
                side = SIDE_UNION;
            }
            if (u) {
                cell->ch = u;
                cell->style = side == SIDE_UNION ? STY_UNION : STY_CSA;
                if (shown >= 0 && mk && mk->colour)
                    cell->colour = mk->colour[shown];
                continue;
            }
            bool place = false, river = false;
            for (int i = 0; i < n; i++) {
                place |= m->hexes[idx[i]].place >= 0;
                river |= touches_great_river(gd, hexes[i]);
            }
            if (place) {
                cell->ch = '*';
                cell->style = STY_PLACE;
            } else if (river) {
                cell->ch = '~';
                cell->style = STY_GREAT_RIVER;
            }
        }
    return true;
}

bool maprender_overview(const GameData *gd, const MapOverlay *ov, MapCanvas *out)
{
    return maprender_overview_marked(gd, ov, NULL, out);
}

void maprender_free(MapCanvas *c)
{
    free(c->cells);
    memset(c, 0, sizeof *c);
}

bool maprender_hex_at(const Map *m, int x, int y, HexCoord *out)
{
    if (x < 0 || y < 0)
        return false;
    /* Only interiors and their underscores pick a hex; frames are ambiguous. */
    int col = x / MAP_CELL_W + 1;
    if (x % MAP_CELL_W == 0)
        return false;
    int shift = col % 2 == 0 ? 1 : 0;
    int yy = y - shift - 1;
    if (yy < 0)
        return false;
    HexCoord h = {col, yy / MAP_CELL_H + 1};
    if (!hex_in_bounds(h, m->cols, m->rows))
        return false;
    *out = h;
    return true;
}

int maprender_legend(const GameData *gd, char lines[][80], int max)
{
    int n = 0;
#define LINE(...)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            snprintf(lines[n++], 80, __VA_ARGS__);                                                                     \
    } while (0)
    for (int i = 0; i < gd->nterrain; i++)
        LINE("%c  %s", gd->terrain[i].symbol, gd->terrain[i].name);
    LINE("=  major road    -  minor road    +  railroad");
    LINE("*  named place   %%  fortification");
    LINE("U/C supply source (Union/Confederate)   >  exit road");
    LINE("~  river (great or minor)   :  creek");
    LINE("=  ford on a hexside        H  bridge");
    LINE("U3/C2  units: army and how many; U? out of sight");
    LINE("u3/c2  the stack's top unit is reduced");
    LINE("D demoralized  d disorganized  o out of supply");
    LINE("f fired   m forced march   x detached");
    LINE("! objective  %% fort marker  b breastwork  p pontoon");
#undef LINE
    return n;
}
