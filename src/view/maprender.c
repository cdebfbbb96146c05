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

/* h into out when it is on map m (the levels' *_hex_at). */
static bool on_map(const Map *m, HexCoord h, HexCoord *out)
{
    if (!hex_in_bounds(h, m->cols, m->rows))
        return false;
    *out = h;
    return true;
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

/* How a side's stack in a hex is drawn on either level: its count (n),
 * whether it is out of sight, its style, its letter (lower case when the top
 * unit is reduced), its formation's colour. */
typedef struct {
    int n, st;
    bool hidden;
    char letter;
    unsigned char colour;
} StackLook;

/* The look of side's stack in hex idx; false when the side has none there. */
static bool stack_look(const MapOverlay *ov, const MapMarks *mk, int idx, int side, StackLook *s)
{
    s->n = ov && ov->units[side] ? ov->units[side][idx] : 0;
    if (s->n <= 0)
        return false;
    s->hidden = s->n == MAP_UNITS_HIDDEN;
    s->st = side == SIDE_UNION ? STY_UNION : STY_CSA;
    s->letter = unit_letter(side, !s->hidden && mk && mk->reduced && mk->reduced[idx]);
    s->colour = !s->hidden && mk && mk->colour ? mk->colour[idx] : MAP_NO_COLOUR;
    return true;
}

/* The cells of hex h on a level: row y, columns x .. x + w - 1. */
void maprender_level_cells(int level, HexCoord h, int *x, int *y, int *w)
{
    if (level == MAP_LEVEL_COMPACT) {
        maprender_compact_pos(h, x, y);
        *w = MAP_COMPACT_W;
    } else if (level == MAP_LEVEL_OVERVIEW) {
        maprender_overview_pos(h, x, y);
        *w = 1;
    } else {
        maprender_interior(h, x, y);
        *w = 4;
    }
}

/* What every level draws first in hex h: its cells filled with its
 * terrain's symbol, its road on the second. Returns the hex; where it is
 * drawn in x, y, its terrain in t. */
static const MapHex *ground(const GameData *gd, MapCanvas *c, int level, HexCoord h, int *x, int *y, int *t)
{
    const MapHex *mh = map_hex(&gd->map, h);
    int w;
    maprender_level_cells(level, h, x, y, &w);
    *t = mh->terrain;
    for (int i = 0; i < w; i++)
        put(c, *x + i, *y, gd->terrain[*t].symbol, STY_TERRAIN, *t);
    char glyph;
    int rs = road_style(gd, mh, &glyph);
    if (rs >= 0)
        put(c, *x + 1, *y, glyph, rs, *t);
    return mh;
}

/* An exit's or a supply source's letter at x, y; false when the hex is neither. */
static bool edge_mark(MapCanvas *c, const MapHex *mh, int x, int y, int t)
{
    if (mh->flags & HEXF_EXIT_CSA)
        put(c, x, y, '>', STY_EXIT, t);
    else if (mh->flags & HEXF_SUPPLY_UNION)
        put(c, x, y, 'U', STY_SUPPLY_UNION, t);
    else if (mh->flags & HEXF_SUPPLY_CSA)
        put(c, x, y, 'C', STY_SUPPLY_CSA, t);
    else
        return false;
    return true;
}

/* A hex's first cell on either level: its work marker, else its place's star. */
static void first_cell(MapCanvas *c, const MapHex *mh, const MapMarks *mk, int idx, int x, int y, int t)
{
    if (mk && mk->work && mk->work[idx])
        put(c, x, y, mk->work[idx], STY_WORK, t);
    else if (mh->place >= 0)
        put(c, x, y, '*', STY_PLACE, t);
}

static void draw_interior(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *c, HexCoord h)
{
    int x, y, t;
    const MapHex *mh = ground(gd, c, MAP_LEVEL_FULL, h, &x, &y, &t);
    int idx = map_hex_index(&gd->map, h);
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
    if (mh->fort_faces)
        put(c, x + 2, y, '%', STY_FORT, t);
    edge_mark(c, mh, x + 3, y, t);
    first_cell(c, mh, mk, idx, x, y, t);
    for (int side = 0; side < SIDE_COUNT; side++) {
        StackLook sl;
        if (!stack_look(ov, mk, idx, side, &sl))
            continue;
        if (mk && mk->points && !sl.hidden) { /* [work][letter][points] */
            int p = mk->points[idx] > 99 ? 99 : mk->points[idx];
            put(c, x + 1, y, sl.letter, sl.st, t);
            put(c, x + 2, y, p > 9 ? (char)('0' + p / 10) : ' ', sl.st, t);
            put(c, x + 3, y, (char)('0' + p % 10), sl.st, t);
            for (int k = 1; k <= 3; k++)
                c->cells[y * c->width + x + k].colour = sl.colour;
            continue;
        }
        put(c, x + 2, y, sl.letter, sl.st, t);
        put(c, x + 3, y, (char)(sl.hidden ? '?' : sl.n > 9 ? '+' : '0' + sl.n), sl.st, t);
        c->cells[y * c->width + x + 2].colour = sl.colour;
        c->cells[y * c->width + x + 3].colour = sl.colour;
        if (!sl.hidden && mk && mk->mark && mk->mark[idx])
            put(c, x + 1, y, mk->mark[idx], STY_MARKER, t);
    }
}

/* A blank canvas of width x height for map m; false (and out empty) when
 * the map has no hexes or memory runs out. */
static bool canvas_new(MapCanvas *out, const Map *m, int width, int height)
{
    memset(out, 0, sizeof *out);
    if (!m->hexes)
        return false;
    out->width = width;
    out->height = height;
    out->labels = NULL;
    out->nlabels = 0;
    out->cells = malloc((size_t)out->width * (size_t)out->height * sizeof *out->cells);
    if (!out->cells) {
        memset(out, 0, sizeof *out);
        return false;
    }
    for (int i = 0; i < out->width * out->height; i++)
        out->cells[i] = (MapCell){' ', STY_BLANK, 255, MAP_NO_COLOUR, 0};
    return true;
}

bool maprender_draw_marked(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *out)
{
    const Map *m = &gd->map;
    if (!canvas_new(out, m, m->cols * MAP_CELL_W + 1, m->rows * MAP_CELL_H + 2))
        return false;
    for (int i = 0; i < m->cols * m->rows; i++)
        draw_frame(gd, out, map_hex_at(m, i));
    for (int i = 0; i < m->cols * m->rows; i++)
        draw_interior(gd, ov, mk, out, map_hex_at(m, i));
    maprender_place_labels(gd, ov, out, MAP_LEVEL_FULL);
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
    return on_map(m, (HexCoord){x + 1, 2 * y + 1}, out);
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
    if (!canvas_new(out, m, m->cols, (m->rows + 1) / 2))
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
    maprender_place_labels(gd, ov, out, MAP_LEVEL_OVERVIEW);
    return true;
}

bool maprender_overview(const GameData *gd, const MapOverlay *ov, MapCanvas *out)
{
    return maprender_overview_marked(gd, ov, NULL, out);
}

void maprender_free(MapCanvas *c)
{
    free(c->cells);
    free(c->labels);
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
    return on_map(m, (HexCoord){col, yy / MAP_CELL_H + 1}, out);
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
    LINE("v moved  a activated this turn");
    LINE("! objective  %% fort marker  b breastwork  p pontoon");
    LINE("Names by their places: N hides");
    LINE("In colour: background=terrain");
#undef LINE
    return n;
}

/* ---- the compact level ------------------------------------------------- */

void maprender_compact_pos(HexCoord h, int *x, int *y)
{
    *x = (h.col - 1) * MAP_COMPACT_W;
    *y = h.row - 1;
}

bool maprender_compact_hex_at(const Map *m, int x, int y, HexCoord *out)
{
    if (x < 0 || y < 0)
        return false;
    return on_map(m, (HexCoord){x / MAP_COMPACT_W + 1, y + 1}, out);
}

static void compact_hex(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *c, HexCoord h)
{
    int x, y, t;
    const MapHex *mh = ground(gd, c, MAP_LEVEL_COMPACT, h, &x, &y, &t);
    int idx = map_hex_index(&gd->map, h);
    if (!edge_mark(c, mh, x + 2, y, t)) {
        if (mh->fort_faces)
            put(c, x + 2, y, '%', STY_FORT, t);
        else if (touches_great_river(gd, h))
            put(c, x + 2, y, '~', STY_GREAT_RIVER, t);
    }
    first_cell(c, mh, mk, idx, x, y, t);
    for (int side = 0; side < SIDE_COUNT; side++) {
        StackLook sl;
        if (!stack_look(ov, mk, idx, side, &sl))
            continue;
        int from = 1;
        if (mk && mk->points && !sl.hidden) {
            int p = mk->points[idx] > 99 ? 99 : mk->points[idx];
            if (p > 9) { /* [letter][tens][ones] */
                put(c, x, y, sl.letter, sl.st, t);
                put(c, x + 1, y, (char)('0' + p / 10), sl.st, t);
                from = 0;
            } else
                put(c, x + 1, y, sl.letter, sl.st, t);
            put(c, x + 2, y, (char)('0' + p % 10), sl.st, t);
        } else {
            put(c, x + 1, y, sl.letter, sl.st, t);
            put(c, x + 2, y, (char)(sl.hidden ? '?' : sl.n > 9 ? '+' : '0' + sl.n), sl.st, t);
            if (!sl.hidden && mk && mk->mark && mk->mark[idx])
                put(c, x, y, mk->mark[idx], STY_MARKER, t);
        }
        for (int k = from; k < MAP_COMPACT_W; k++)
            c->cells[y * c->width + x + k].colour = sl.colour;
    }
}

bool maprender_compact_marked(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, MapCanvas *out)
{
    const Map *m = &gd->map;
    if (!canvas_new(out, m, m->cols * MAP_COMPACT_W, m->rows))
        return false;
    for (int i = 0; i < m->cols * m->rows; i++)
        compact_hex(gd, ov, mk, out, map_hex_at(m, i));
    maprender_place_labels(gd, ov, out, MAP_LEVEL_COMPACT);
    return true;
}

/* ---- place names ------------------------------------------------------- */

void maprender_label_name(const char *name, char *out, size_t n)
{
    size_t k = 0;
    int depth = 0;
    for (const char *p = name; *p && n > 0; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && depth > 0)
            depth--;
        else if (depth == 0 && k + 1 < n && !(*p == ' ' && (k == 0 || out[k - 1] == ' ')))
            out[k++] = *p;
    }
    while (k > 0 && out[k - 1] == ' ')
        k--;
    if (n > 0)
        out[k] = '\0';
}

/* What covering a cell with a name costs; -1: never. */
static int cover_cost(const MapCell *c)
{
    switch (c->style) {
    case STY_BLANK:
        return 0;
    case STY_BORDER:
        return 1;
    case STY_TERRAIN:
        return 3;
    case STY_ROAD_MAJOR:
    case STY_ROAD_MINOR:
    case STY_RAILROAD:
        return 5;
    case STY_GREAT_RIVER:
    case STY_MINOR_RIVER:
    case STY_CREEK:
        return 12;
    default: /* places, markers, units, fords, bridges, supply, exits, forts, ids */
        return -1;
    }
}

typedef struct {
    int dy, side; /* side: 0 across the hex (a row above or below), 1 right of it, -1 left of it */
    int penalty;
} LabelSpot;

/* Where a name may go, nearest first: the full map writes it on the
 * hex's frame below or above; the small levels beside it first. */
static const LabelSpot spots_full[] = {
    {1, 0, 0}, {-1, 0, 3}, {0, 1, 4}, {0, -1, 6}, {2, 0, 8}, {-2, 0, 10}, {3, 0, 14}, {-3, 0, 16},
};
static const LabelSpot spots_small[] = {
    {0, 1, 0}, {1, 0, 1}, {-1, 0, 2}, {0, -1, 3}, {2, 0, 6}, {-2, 0, 7},
};
/* (the overview's rows are two hex rows each: only its neighbours) */
#define OVERVIEW_SPOTS 4

/* The cost of writing text (len) at sx, y; -1 when it may not go there. */
static int spot_cost(const MapCanvas *c, const bool *no, int sx, int y, int len)
{
    if (y < 0 || y >= c->height || sx < 0 || sx + len > c->width)
        return -1;
    int cost = 0;
    for (int i = 0; i < len; i++) {
        int k = y * c->width + sx + i;
        int cc = cover_cost(&c->cells[k]);
        if (no[k] || cc < 0)
            return -1;
        cost += cc;
    }
    /* A name that runs into letters reads worse than one between frames. */
    for (int e = 0; e < 2; e++) {
        int x = e ? sx + len : sx - 1;
        if (x >= 0 && x < c->width) {
            int cc = cover_cost(&c->cells[y * c->width + x]);
            if (cc >= 3 || cc < 0)
                cost += 3;
        }
    }
    return cost;
}

/* The best place for text near the hex at (x, y, w); false when none is good enough. */
static bool best_spot(const MapCanvas *c, const bool *no, int level, int x, int y, int w, int len, int *bx,
                      int *by)
{
    const LabelSpot *spots = level == MAP_LEVEL_FULL ? spots_full : spots_small;
    int nspots = level == MAP_LEVEL_FULL      ? (int)(sizeof spots_full / sizeof *spots_full)
                 : level == MAP_LEVEL_OVERVIEW ? OVERVIEW_SPOTS
                                               : (int)(sizeof spots_small / sizeof *spots_small);
    int best = -1;
    for (int s = 0; s < nspots; s++) {
        int yy = y + spots[s].dy;
        int from, to;
        if (spots[s].side > 0)
            from = to = x + w + 1; /* one cell between the hex and its name */
        else if (spots[s].side < 0)
            from = to = x - 1 - len;
        else if (spots[s].dy == 1 || spots[s].dy == -1) {
            from = x - len; /* overlapping the hex's columns or the cell either side */
            to = x + w;
        } else {
            from = x - len + 1; /* further away: over the hex's own columns */
            to = x + w - 1;
        }
        for (int sx = from; sx <= to; sx++) {
            int cost = spot_cost(c, no, sx, yy, len);
            if (cost < 0)
                continue;
            int off = 2 * sx + len - (2 * x + w);
            cost += spots[s].penalty + (spots[s].side ? 0 : (off < 0 ? -off : off) / 2);
            if (best < 0 || cost < best) {
                best = cost;
                *bx = sx;
                *by = yy;
            }
        }
    }
    /* Good enough: on the full map a name may cover some terrain letters
     * beside its frame; on the small levels every cell is a hex's. */
    return best >= 0 && best <= (level == MAP_LEVEL_FULL ? 3 : 5) * len + 12;
}

/* The texts to try for a place, longest first; returns how many. */
static int label_forms(const GameData *gd, const Place *pl, char forms[][64], int max)
{
    int n = 0;
    char name[64];
    maprender_label_name(pl->name, name, sizeof name);
    /* A long name goes whole only where it has no short form. */
    if (name[0] && n < max && (!pl->label[0] || (int)strlen(name) <= gd->display.max_letters))
        snprintf(forms[n++], 64, "%s", name);
    if (pl->label[0] && strcmp(pl->label, name) != 0 && n < max)
        snprintf(forms[n++], 64, "%s", pl->label);
    if (n == 0)
        return 0;
    int min = gd->display.min_letters > 0 ? gd->display.min_letters : 1;
    /* The name's first word alone ("Salem" for Salem Church). */
    const char *sp = strchr(name, ' ');
    if (sp && sp - name >= min && n < max && (int)(sp - name) < (int)strlen(forms[n - 1]))
        snprintf(forms[n++], 64, "%.*s", (int)(sp - name), name);
    const char *base = pl->label[0] ? pl->label : name;
    for (int k = (int)strlen(base) - 1; k >= min && n < max; k--) {
        char cut[64];
        snprintf(cut, sizeof cut, "%.*s", k, base);
        int len = (int)strlen(cut);
        while (len > 0 && (cut[len - 1] == ' ' || cut[len - 1] == '.' || cut[len - 1] == '-' || cut[len - 1] == '\''))
            len--;
        if (len < min || len + 2 > (int)sizeof cut)
            continue;
        cut[len] = '.';
        cut[len + 1] = '\0';
        if (strcmp(cut, forms[n - 1]) != 0 && strlen(cut) < strlen(forms[n - 1]))
            snprintf(forms[n++], 64, "%s", cut);
    }
    return n;
}

/* Marks columns x0 .. x1 of row y as not to be covered. */
static void forbid(const MapCanvas *c, bool *no, int x0, int x1, int y)
{
    if (y < 0 || y >= c->height)
        return;
    for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < c->width; x++)
        no[y * c->width + x] = true;
}

void maprender_place_labels(const GameData *gd, const MapOverlay *ov, MapCanvas *c, int level)
{
    const Map *m = &gd->map;
    for (int i = 0; i < c->width * c->height; i++)
        c->cells[i].label = 0;
    free(c->labels);
    c->labels = NULL;
    c->nlabels = 0;
    if (m->nplaces <= 0)
        return;
    c->labels = calloc((size_t)m->nplaces, sizeof *c->labels);
    bool *no = calloc((size_t)c->width * (size_t)c->height, sizeof *no);
    int *order = malloc((size_t)m->nplaces * sizeof *order);
    if (!c->labels || !no || !order) {
        free(c->labels);
        c->labels = NULL;
        free(no);
        free(order);
        return;
    }
    /* Units (and the cell either side), places and their hexes stay in sight. */
    for (int i = 0; i < m->cols * m->rows; i++) {
        HexCoord h = map_hex_at(m, i);
        bool units = false;
        for (int s = 0; ov && s < SIDE_COUNT; s++)
            units |= ov->units[s] && ov->units[s][i] > 0;
        if (!units && m->hexes[i].place < 0)
            continue;
        int x, y, w;
        maprender_level_cells(level, h, &x, &y, &w);
        forbid(c, no, x - 1, x + w, y);
    }
    /* The order: priority, then map.ini's. */
    int n = 0;
    for (int p = 9; p >= 0; p--)
        for (int i = 0; i < m->nplaces; i++)
            if (m->places[i].priority == p || (p == 0 && (m->places[i].priority < 0 || m->places[i].priority > 9)))
                order[n++] = i;
    for (int k = 0; k < n; k++) {
        const Place *pl = &m->places[order[k]];
        MapLabel *lb = &c->labels[c->nlabels++];
        lb->place = order[k];
        lb->state = LABEL_CROWDED;
        if (ov && ov->ids) {
            lb->state = LABEL_OFF;
            continue;
        }
        if (level == MAP_LEVEL_OVERVIEW && pl->priority < gd->display.overview_priority) {
            lb->state = LABEL_MINOR;
            continue;
        }
        if (!map_has(m, pl->hex))
            continue;
        char forms[48][64];
        int nf = label_forms(gd, pl, forms, 48);
        int x, y, w;
        maprender_level_cells(level, pl->hex, &x, &y, &w);
        for (int f = 0; f < nf; f++) {
            int len = (int)strlen(forms[f]), bx, by;
            if (len == 0 || !best_spot(c, no, level, x, y, w, len, &bx, &by))
                continue;
            lb->state = LABEL_PLACED;
            lb->x = bx;
            lb->y = by;
            lb->len = len;
            snprintf(lb->text, sizeof lb->text, "%s", forms[f]);
            for (int i = 0; i < len; i++)
                c->cells[by * c->width + bx + i].label = forms[f][i];
            forbid(c, no, bx - 1, bx + len, by); /* and a cell between it and the next name */
            break;
        }
    }
    free(no);
    free(order);
}

/* ---- how a cell looks on a terminal ------------------------------------ */

enum { BLACK, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN, WHITE };

/* Per style: the colour on 8-colour terminals, on 256-colour ones, and
 * attributes with colour (without colour only MAP_A_BOLD is kept). */
static const struct {
    signed char fg8;
    short fg256;
    unsigned char attrs;
} style_looks[STY_COUNT] = {
    [STY_BLANK] = {-1, -1, 0},
    [STY_BORDER] = {-1, -1, MAP_A_DIM},
    [STY_TERRAIN] = {-1, -1, 0},
    [STY_GREAT_RIVER] = {BLUE, 45, MAP_A_BOLD},
    [STY_MINOR_RIVER] = {BLUE, 39, 0},
    [STY_CREEK] = {CYAN, 80, 0},
    [STY_FORD] = {YELLOW, 226, MAP_A_BOLD},
    [STY_BRIDGE] = {WHITE, 231, MAP_A_BOLD},
    [STY_ROAD_MAJOR] = {YELLOW, 220, MAP_A_BOLD},
    [STY_ROAD_MINOR] = {YELLOW, 178, 0},
    [STY_RAILROAD] = {WHITE, 250, 0},
    [STY_PLACE] = {MAGENTA, 213, MAP_A_BOLD},
    [STY_SUPPLY_UNION] = {BLUE, 75, MAP_A_BOLD},
    [STY_SUPPLY_CSA] = {RED, 203, MAP_A_BOLD},
    [STY_EXIT] = {RED, 203, MAP_A_BOLD},
    [STY_FORT] = {RED, 203, MAP_A_BOLD},
    [STY_UNION] = {BLUE, 27, MAP_A_BOLD | MAP_A_REVERSE},
    [STY_CSA] = {RED, 160, MAP_A_BOLD | MAP_A_REVERSE},
    [STY_HEXID] = {-1, -1, 0},
    [STY_MARKER] = {YELLOW, 226, MAP_A_BOLD},
    [STY_WORK] = {MAGENTA, 213, MAP_A_BOLD},
};

/* On an 8-colour terminal: a light colour (the terminal's own foreground counts as one). */
static bool light8(int c) { return c < 0 || c == GREEN || c == YELLOW || c == CYAN || c == WHITE; }

MapLook maprender_look(const GameData *gd, const MapCell *cell, int depth, bool names)
{
    MapLook l = {cell->ch, -1, -1, 0};
    bool label = names && cell->label;
    if (label)
        l.ch = cell->label;
    int st = cell->style < STY_COUNT ? cell->style : STY_BLANK;
    bool unit = !label && (st == STY_UNION || st == STY_CSA);
    if (depth == MAP_MONO) {
        l.attrs = label ? MAP_A_BOLD : unit ? MAP_A_BOLD | MAP_A_UNDERLINE : style_looks[st].attrs & MAP_A_BOLD;
        return l;
    }
    bool c256 = depth == MAP_COLOUR256;
    const TerrainKind *tk = cell->terrain < gd->nterrain ? &gd->terrain[cell->terrain] : NULL;
    short ground = tk ? (c256 ? tk->background_256 : tk->background) : -1;
    if (unit) { /* a block of the formation's colour over any background */
        l.fg = cell->colour < MAX_COLOUR ? cell->colour : c256 ? style_looks[st].fg256 : style_looks[st].fg8;
        l.attrs = MAP_A_REVERSE | MAP_A_BOLD;
        if (l.fg == ground) { /* the block would vanish: its colour on black instead */
            l.bg = BLACK;
            l.attrs = MAP_A_BOLD;
        }
        return l;
    }
    l.bg = ground;
    if (label) {
        l.fg = c256 ? 231 : WHITE;
        l.attrs = MAP_A_BOLD;
    } else if (st == STY_TERRAIN) {
        l.fg = (short)(tk ? tk->colour : -1);
        if (tk && l.bg >= 0)
            l.fg = c256 ? (tk->texture_256 >= 0 ? tk->texture_256 : l.fg) : l.bg;
        return l; /* faint or hidden on purpose: the background says it */
    } else {
        l.fg = c256 ? style_looks[st].fg256 : style_looks[st].fg8;
        l.attrs = style_looks[st].attrs;
    }
    if (!c256 && l.bg >= 0 && light8(l.fg) == light8(l.bg)) /* 8 colours: keep it readable */
        l.fg = light8(l.bg) ? BLACK : WHITE;
    return l;
}
