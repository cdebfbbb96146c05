#include "ui/ui.h"

#include <curses.h>
#include <dirent.h>
#include <langinfo.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "automa/automa.h"
#include "data/ruletext.h"
#include "play/play.h"
#include "rules/save.h"
#include "ui/keys.h"
#include "view/automa_view.h"
#include "view/maprender.h"
#include "view/mapview.h"
#include "view/orders.h"

enum { PANEL_W = 34, PANEL_MIN_COLS = 72 };

typedef struct {
    const GameData *gd;
    const ScenarioDef *setup; /* units shown on the map, if any */
    MapCanvas canvas, canvas_ids, canvas_over; /* the map, with hex ids, the overview (a character a hex) */
    MapViewBuf vb;                            /* what the side looking sees: units, markers, colours */
    bool overview;
    unsigned char *units[SIDE_COUNT];
    HexCoord cursor;
    int vx, vy; /* canvas position at the map window's top-left */
    bool ids, legend, help, panel_forced;
    bool colour;
    const char *vline, *hline, *corner[4]; /* box drawing, ASCII when not UTF-8 */
    attr_t style_attr[STY_COUNT];
    attr_t terrain_attr[256];
    attr_t mark_attr[OM_COUNT]; /* lit hexes: where a selection may go, whom it may attack */
    attr_t path_attr, range_attr;
    /* Drawn over the map when set (the game's orders; NULL in the viewer):
     * per hex index, enum OrderMark, the half MP to get there (-1 none),
     * on the previewed way, in the previewed command radius. */
    const unsigned char *mark, *on_path, *in_range;
    const short *cost;
    const unsigned char *flash; /* hexes the last step changed: where a stack left and arrived */
} Ui;

static volatile sig_atomic_t curses_on;

static void restore_terminal(void)
{
    if (curses_on) {
        curses_on = 0;
        endwin();
    }
}

static void on_fatal_signal(int sig)
{
    restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_quit_signal(int sig)
{
    restore_terminal();
    _exit(128 + sig);
}

static attr_t colour_attr(Ui *u, int colour, bool bold)
{
    attr_t a = bold ? A_BOLD : A_NORMAL;
    if (u->colour && colour >= 0 && colour < MAX_COLOUR)
        a |= COLOR_PAIR(colour + 1);
    return a;
}

static void setup_styles(Ui *u)
{
    /* Box lines are written as text: Unicode in a UTF-8 locale, ASCII
     * otherwise. The alternate character set is avoided because several
     * terminals (and tmux with TERM=xterm) print its letters instead. */
    const char *cs = nl_langinfo(CODESET);
    bool utf8 = cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
    u->vline = utf8 ? "\u2502" : "|";
    u->hline = utf8 ? "\u2500" : "-";
    u->corner[0] = utf8 ? "\u250c" : "+";
    u->corner[1] = utf8 ? "\u2510" : "+";
    u->corner[2] = utf8 ? "\u2514" : "+";
    u->corner[3] = utf8 ? "\u2518" : "+";
    const char *no_colour = getenv("NO_COLOR");
    u->colour = has_colors() && !(no_colour && *no_colour);
    if (u->colour) {
        start_color();
        use_default_colors();
        for (int c = 0; c < MAX_COLOUR; c++)
            init_pair((short)(c + 1), (short)c, -1);
        init_pair(MAX_COLOUR + 1, COLOR_BLACK, COLOR_GREEN);
        init_pair(MAX_COLOUR + 2, COLOR_WHITE, COLOR_RED);
        init_pair(MAX_COLOUR + 3, COLOR_BLACK, COLOR_YELLOW);
        init_pair(MAX_COLOUR + 4, COLOR_BLACK, COLOR_CYAN);
    }
    /* Lit hexes: a background with colour, the glyphs written into them say the same without. */
    u->mark_attr[OM_NONE] = A_NORMAL;
    u->mark_attr[OM_SOURCE] = A_BOLD | A_UNDERLINE;
    u->mark_attr[OM_MOVE] = u->colour ? COLOR_PAIR(MAX_COLOUR + 1) : A_BOLD;
    u->mark_attr[OM_ATTACK] = u->colour ? COLOR_PAIR(MAX_COLOUR + 2) | A_BOLD : A_BOLD;
    u->mark_attr[OM_BOMBARD] = u->colour ? COLOR_PAIR(MAX_COLOUR + 3) : A_BOLD;
    u->mark_attr[OM_OTHER] = u->colour ? COLOR_PAIR(MAX_COLOUR + 4) : A_BOLD;
    u->path_attr = A_REVERSE | A_BOLD;
    u->range_attr = A_UNDERLINE;
    for (int i = 0; i < STY_COUNT; i++)
        u->style_attr[i] = A_NORMAL;
    u->style_attr[STY_BORDER] = u->colour ? A_DIM : A_NORMAL;
    u->style_attr[STY_GREAT_RIVER] = colour_attr(u, COLOR_BLUE, true);
    u->style_attr[STY_MINOR_RIVER] = colour_attr(u, COLOR_BLUE, false);
    u->style_attr[STY_CREEK] = colour_attr(u, COLOR_CYAN, false);
    u->style_attr[STY_FORD] = colour_attr(u, COLOR_YELLOW, true);
    u->style_attr[STY_BRIDGE] = colour_attr(u, COLOR_WHITE, true);
    u->style_attr[STY_ROAD_MAJOR] = colour_attr(u, COLOR_YELLOW, true);
    u->style_attr[STY_ROAD_MINOR] = colour_attr(u, COLOR_YELLOW, false);
    u->style_attr[STY_RAILROAD] = colour_attr(u, COLOR_WHITE, false);
    u->style_attr[STY_PLACE] = colour_attr(u, COLOR_MAGENTA, true);
    u->style_attr[STY_SUPPLY_UNION] = colour_attr(u, COLOR_BLUE, true);
    u->style_attr[STY_SUPPLY_CSA] = colour_attr(u, COLOR_RED, true);
    u->style_attr[STY_EXIT] = colour_attr(u, COLOR_RED, true);
    u->style_attr[STY_FORT] = colour_attr(u, COLOR_RED, true);
    u->style_attr[STY_UNION] = colour_attr(u, COLOR_BLUE, true) | (u->colour ? A_REVERSE : A_UNDERLINE);
    u->style_attr[STY_CSA] = colour_attr(u, COLOR_RED, true) | (u->colour ? A_REVERSE : A_UNDERLINE);
    u->style_attr[STY_HEXID] = A_NORMAL;
    u->style_attr[STY_MARKER] = colour_attr(u, COLOR_YELLOW, true) | (u->colour ? A_NORMAL : A_BOLD);
    u->style_attr[STY_WORK] = colour_attr(u, COLOR_MAGENTA, true);
    for (int t = 0; t < u->gd->nterrain && t < 256; t++)
        u->terrain_attr[t] = colour_attr(u, u->gd->terrain[t].colour, false);
}

static int panel_width(const Ui *u)
{
    if (COLS >= PANEL_MIN_COLS || u->panel_forced)
        return COLS >= PANEL_W + 10 ? PANEL_W : COLS;
    return 0;
}

static int map_width(const Ui *u) { return COLS - panel_width(u); }
static int map_height(void) { return LINES - 2; }

static void clamp_view(Ui *u)
{
    int mw = map_width(u), mh = map_height();
    int maxx = u->canvas.width - mw, maxy = u->canvas.height - mh;
    if (u->vx > maxx)
        u->vx = maxx;
    if (u->vy > maxy)
        u->vy = maxy;
    if (u->vx < 0)
        u->vx = 0;
    if (u->vy < 0)
        u->vy = 0;
}

/* Scrolls so the cursor's hex (frame included) is in view. */
static void follow_cursor(Ui *u)
{
    int x, y;
    maprender_interior(u->cursor, &x, &y);
    int mw = map_width(u), mh = map_height();
    if (x - 1 < u->vx)
        u->vx = x - 1 - (mw > 20 ? 5 : 0);
    if (x + 5 > u->vx + mw)
        u->vx = x + 5 - mw + (mw > 20 ? 5 : 0);
    if (y - 1 < u->vy)
        u->vy = y - 1 - (mh > 10 ? 2 : 0);
    if (y + 2 > u->vy + mh)
        u->vy = y + 2 - mh + (mh > 10 ? 2 : 0);
    clamp_view(u);
}

static void centre_on_cursor(Ui *u)
{
    int x, y;
    maprender_interior(u->cursor, &x, &y);
    u->vx = x + 2 - map_width(u) / 2;
    u->vy = y - map_height() / 2;
    clamp_view(u);
}

/* A cell's attributes: its style, or its terrain's colour, or its formation's. */
static attr_t cell_attr(const Ui *u, const MapCell *cell)
{
    attr_t a = cell->style == STY_TERRAIN && cell->terrain < 255 ? u->terrain_attr[cell->terrain] : u->style_attr[cell->style];
    if (u->colour && cell->colour != MAP_NO_COLOUR && cell->colour < MAX_COLOUR)
        a = (a & ~A_COLOR) | COLOR_PAIR(cell->colour + 1) | A_REVERSE | A_BOLD;
    return a;
}

/* The interior of a lit hex: its glyphs (or text over them) with more attributes. */
static void decorate_hex(Ui *u, const MapCanvas *c, HexCoord h, const char *text, attr_t add)
{
    int x, y;
    maprender_interior(h, &x, &y);
    int sy = y - u->vy, mw = map_width(u);
    if (sy < 0 || sy >= map_height())
        return;
    for (int i = 0; i < 4; i++) {
        int sx = x + i - u->vx;
        if (sx < 0 || sx >= mw || x + i >= c->width || y >= c->height)
            continue;
        const MapCell *cell = &c->cells[y * c->width + x + i];
        chtype ch = text && text[i] ? (chtype)(unsigned char)text[i] : (chtype)(unsigned char)cell->ch;
        attr_t a = cell_attr(u, cell);
        if (add != A_NORMAL && (add & A_COLOR))
            a &= ~A_COLOR;
        mvaddch(1 + sy, sx, ch | a | add);
    }
}

/* What the orders light up: where the selection may go (with its cost),
 * whom it may attack or bombard, the previewed way and command radius. */
static void draw_orders(Ui *u, const MapCanvas *c)
{
    const Map *m = &u->gd->map;
    for (int h = 0; u->flash && !u->ids && h < m->cols * m->rows; h++)
        if (u->flash[h])
            decorate_hex(u, c, map_hex_at(m, h), NULL, A_REVERSE | A_BOLD);
    if (!u->mark || u->ids)
        return;
    for (int h = 0; h < m->cols * m->rows; h++) {
        int mk = u->mark[h];
        bool path = u->on_path && u->on_path[h], range = u->in_range && u->in_range[h];
        if (mk == OM_NONE && !path && !range)
            continue;
        HexCoord hc = map_hex_at(m, h);
        int x, y;
        maprender_interior(hc, &x, &y);
        char text[16] = {0};
        bool units = x + 3 < c->width && (c->cells[y * c->width + x + 2].style == STY_UNION ||
                                          c->cells[y * c->width + x + 2].style == STY_CSA);
        if (mk == OM_MOVE && u->cost && u->cost[h] >= 0) {
            unsigned char half = (unsigned char)(u->cost[h] > 198 ? 198 : u->cost[h]);
            if (units)
                snprintf(text, sizeof text, "%d%c", half / 2, half % 2 ? '+' : ' ');
            else if (half % 2)
                snprintf(text, sizeof text, "%d.5 ", half / 2);
            else
                snprintf(text, sizeof text, " %-3d", half / 2);
        } else if (mk == OM_ATTACK)
            memcpy(text, "xx", 2);
        else if (mk == OM_BOMBARD)
            memcpy(text, "##", 2);
        else if (mk == OM_OTHER)
            text[0] = '>';
        attr_t add = u->mark_attr[mk];
        if (range)
            add |= u->range_attr;
        if (path)
            add = u->path_attr;
        decorate_hex(u, c, hc, text[0] ? text : NULL, add);
    }
}

/* The whole map at a character a hex column and two hex rows: where the
 * armies stand; the cursor's hex is shown reversed. */
static void draw_overview(Ui *u)
{
    const MapCanvas *c = &u->canvas_over;
    int mw = map_width(u), mh = map_height();
    int cx, cy;
    maprender_overview_pos(u->cursor, &cx, &cy);
    int ox = mw > c->width ? (mw - c->width) / 2 : 0;
    for (int y = 0; y < c->height && y < mh; y++)
        for (int x = 0; x < c->width && x < mw; x++) {
            const MapCell *cell = &c->cells[y * c->width + x];
            attr_t a = cell_attr(u, cell);
            if (x == cx && y == cy)
                a |= A_REVERSE;
            mvaddch(1 + y, ox + x, (chtype)(unsigned char)cell->ch | a);
        }
    if (c->height + 2 < mh)
        mvaddnstr(1 + c->height + 1, ox, "overview (a letter a hex column, two rows): z back", mw - ox);
}

static void draw_map(Ui *u)
{
    if (u->overview) {
        draw_overview(u);
        return;
    }
    const MapCanvas *c = u->ids ? &u->canvas_ids : &u->canvas;
    int mw = map_width(u), mh = map_height();
    int cx, cy;
    maprender_interior(u->cursor, &cx, &cy);
    for (int sy = 0; sy < mh; sy++) {
        move(1 + sy, 0);
        for (int sx = 0; sx < mw; sx++) {
            int x = u->vx + sx, y = u->vy + sy;
            chtype ch = ' ';
            attr_t a = A_NORMAL;
            if (x < c->width && y < c->height) {
                const MapCell *cell = &c->cells[y * c->width + x];
                ch = (chtype)(unsigned char)cell->ch;
                a = cell_attr(u, cell);
                if (y == cy && x >= cx && x < cx + 4)
                    a |= A_REVERSE;
            }
            addch(ch | a);
        }
    }
    draw_orders(u, c);
    if (u->mark) /* the cursor stays visible over lit hexes */
        decorate_hex(u, c, u->cursor, NULL, A_REVERSE);
}

static void panel_line(int x, int *y, int w, attr_t a, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void panel_line(int x, int *y, int w, attr_t a, const char *fmt, ...)
{
    if (*y >= LINES - 1)
        return;
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    attrset(a);
    mvaddnstr(*y, x, buf, w);
    attrset(A_NORMAL);
    (*y)++;
}

static const char *bank_text(char b)
{
    switch (b) {
    case BANK_NORTH:
        return "north of the Rappahannock";
    case BANK_WEDGE:
        return "between the rivers";
    case BANK_SOUTH:
        return "south of the rivers";
    default:
        return "?";
    }
}

static void draw_hex_panel(Ui *u, int x, int w)
{
    const GameData *gd = u->gd;
    const Map *m = &gd->map;
    const MapHex *mh = map_hex(m, u->cursor);
    int y = 1;
    char id[5];
    hex_format(u->cursor, id);
    panel_line(x, &y, w, A_BOLD, "Hex %s", id);
    if (mh->place >= 0)
        panel_line(x, &y, w, u->style_attr[STY_PLACE], "%s", m->places[mh->place].name);
    panel_line(x, &y, w, A_NORMAL, "%s, %s", gd->terrain[mh->terrain].name, bank_text(mh->bank));
    if (mh->flags & HEXF_SUPPLY_UNION)
        panel_line(x, &y, w, A_NORMAL, "Union supply source");
    if (mh->flags & HEXF_SUPPLY_CSA)
        panel_line(x, &y, w, A_NORMAL, "Confederate supply source");
    if (mh->flags & HEXF_EXIT_CSA)
        panel_line(x, &y, w, A_NORMAL, "Exit road (Confederate flag)");
    if (mh->flags & HEXF_CAVALRY_ENTRY)
        panel_line(x, &y, w, A_NORMAL, "Union cavalry entry (turn 11)");
    if (mh->fort_faces) {
        char faces[32] = "";
        for (int d = 0; d < DIR_COUNT; d++)
            if (mh->fort_faces & (1u << d)) {
                strcat(faces, " ");
                strcat(faces, hex_dir_name(d));
            }
        panel_line(x, &y, w, A_NORMAL, "Fortification facing%s", faces);
    }
    for (int d = 0; d < DIR_COUNT; d++) {
        const Hexside *hs = map_hexside(m, u->cursor, d);
        if (!hs || hs->river < 0)
            continue;
        const char *what = (hs->flags & SIDE_FORD) ? " (ford)" : (hs->flags & SIDE_BRIDGE) ? " (bridge)" : "";
        panel_line(x, &y, w, A_NORMAL, "%-2s %s%s", hex_dir_name(d), m->rivers[hs->river].name, what);
    }
    for (int r = 0; r < m->nroads; r++)
        for (int i = 0; i < m->roads[r].nhexes; i++)
            if (hex_equal(m->roads[r].hexes[i], u->cursor)) {
                panel_line(x, &y, w, u->style_attr[gd->road_kinds[m->roads[r].kind].move == COST_NO ? STY_RAILROAD
                                                                                                   : STY_ROAD_MINOR],
                           "%s", m->roads[r].name);
                break;
            }
    for (int a = 0; a < gd->nareas; a++)
        for (int i = 0; i < gd->areas[a].nhexes; i++)
            if (hex_equal(gd->areas[a].hexes[i], u->cursor))
                panel_line(x, &y, w, A_NORMAL, "Area [%03d] %s", gd->areas[a].number, gd->areas[a].name);
    if (u->setup) {
        bool header = false;
        for (int i = 0; i < u->setup->ndeploy; i++) {
            const Deployment *dep = &u->setup->deploy[i];
            if (!hex_equal(dep->hex, u->cursor))
                continue;
            const UnitDef *ud = &gd->units[dep->unit];
            if (!header) {
                y++;
                panel_line(x, &y, w, A_BOLD, "Units (%s)", u->setup->name);
                header = true;
            }
            const char *form = ud->formation >= 0 ? gd->formations[ud->formation].name : "independent";
            attr_t a = colour_attr(u, ud->formation >= 0 ? gd->formations[ud->formation].colour : COLOR_WHITE, true);
            panel_line(x, &y, w, a, "%s", ud->name);
            panel_line(x, &y, w, A_NORMAL, "  %s, %d point%s%s", data_unit_type_name(ud->type),
                       dep->reduced ? ud->reduced : ud->strength, (dep->reduced ? ud->reduced : ud->strength) == 1 ? "" : "s",
                       dep->reduced ? " (reduced)" : "");
            panel_line(x, &y, w, A_NORMAL, "  %s", form);
        }
    }
}

static void draw_legend_panel(Ui *u, int x, int w)
{
    char lines[24][80];
    int n = maprender_legend(u->gd, lines, 24);
    int y = 1;
    panel_line(x, &y, w, A_BOLD, "Legend");
    for (int i = 0; i < n; i++)
        panel_line(x, &y, w, A_NORMAL, "%s", lines[i]);
}

static void draw_panel(Ui *u)
{
    int w = panel_width(u);
    if (w == 0)
        return;
    int x = COLS - w;
    for (int y = 1; y < LINES - 1; y++) {
        mvaddstr(y, x, u->vline);
        for (int i = 1; i < w; i++)
            addch(' ');
    }
    if (u->legend)
        draw_legend_panel(u, x + 2, w - 2);
    else
        draw_hex_panel(u, x + 2, w - 2);
}

static const char *const help_lines[] = {
    "Keys",
    "",
    "arrows, h j k l   move the cursor one hex",
    "y u b n           move diagonally (nw ne sw se)",
    "PgUp PgDn         scroll a screen up or down",
    "Home End          scroll to the west or east edge",
    "mouse wheel       scroll; click a hex to select it",
    "i                 hex ids on or off",
    "z                 the whole map at a glance (again: back)",
    "c                 centre the map on the cursor",
    "Tab               legend or hex details in the side panel",
    "p                 side panel on or off on a narrow screen",
    "?                 this help (any key closes it)",
    "q                 quit",
};

static void draw_help(const Ui *u)
{
    int n = (int)(sizeof help_lines / sizeof *help_lines);
    int w = 58, h = n + 2;
    if (w > COLS)
        w = COLS;
    if (h > LINES)
        h = LINES;
    int x0 = (COLS - w) / 2, y0 = (LINES - h) / 2;
    for (int y = 0; y < h; y++) {
        move(y0 + y, x0);
        for (int x = 0; x < w; x++)
            addch(' ');
    }
    attrset(A_NORMAL);
    for (int x = 1; x < w - 1; x++) {
        mvaddstr(y0, x0 + x, u->hline);
        mvaddstr(y0 + h - 1, x0 + x, u->hline);
    }
    for (int y = 1; y < h - 1; y++) {
        mvaddstr(y0 + y, x0, u->vline);
        mvaddstr(y0 + y, x0 + w - 1, u->vline);
    }
    mvaddstr(y0, x0, u->corner[0]);
    mvaddstr(y0, x0 + w - 1, u->corner[1]);
    mvaddstr(y0 + h - 1, x0, u->corner[2]);
    mvaddstr(y0 + h - 1, x0 + w - 1, u->corner[3]);
    for (int i = 0; i < n && i < h - 2; i++)
        mvaddnstr(y0 + 1 + i, x0 + 2, help_lines[i], w - 4);
}

static void draw(Ui *u)
{
    erase();
    char id[5];
    hex_format(u->cursor, id);
    const MapHex *mh = map_hex(&u->gd->map, u->cursor);
    char status[256];
    snprintf(status, sizeof status, " guv %s  Chancellorsville 1863  |  %s  |  hex %s %s", GUV_VERSION,
             u->setup ? u->setup->name : "map", id, mh->place >= 0 ? u->gd->map.places[mh->place].name : "");
    attrset(A_REVERSE);
    mvhline(0, 0, ' ', COLS);
    mvaddnstr(0, 0, status, COLS);
    attrset(A_NORMAL);
    draw_map(u);
    draw_panel(u);
    const char *keys = COLS >= 80 ? " arrows/hjkl move  i ids  Tab legend  ? help  q quit"
                                  : " hjkl move  i ids  Tab legend  ? help  q quit";
    attrset(A_REVERSE);
    mvhline(LINES - 1, 0, ' ', COLS);
    mvaddnstr(LINES - 1, 0, keys, COLS);
    attrset(A_NORMAL);
    if (u->help)
        draw_help(u);
    refresh();
}

static void move_cursor(Ui *u, int dir)
{
    HexCoord n = hex_neighbour(u->cursor, dir);
    if (map_has(&u->gd->map, n))
        u->cursor = n;
}

static void step_cursor(Ui *u, int dcol, int drow)
{
    HexCoord n = {u->cursor.col + dcol, u->cursor.row + drow};
    if (map_has(&u->gd->map, n))
        u->cursor = n;
}

static void handle_mouse(Ui *u)
{
    MEVENT ev;
    if (getmouse(&ev) != OK)
        return;
#ifdef BUTTON5_PRESSED
    if (ev.bstate & BUTTON5_PRESSED) {
        u->vy += 3;
        clamp_view(u);
        return;
    }
#endif
    if (ev.bstate & BUTTON4_PRESSED) {
        u->vy -= 3;
        clamp_view(u);
        return;
    }
    if (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)) {
        if (ev.y < 1 || ev.y >= LINES - 1 || ev.x >= map_width(u))
            return;
        HexCoord h;
        if (u->overview) { /* a click on the overview goes there on the map */
            int mw = map_width(u), ox = mw > u->canvas_over.width ? (mw - u->canvas_over.width) / 2 : 0;
            if (maprender_overview_hex_at(&u->gd->map, ev.x - ox, ev.y - 1, &h)) {
                u->cursor = h;
                u->overview = false;
                centre_on_cursor(u);
            }
            return;
        }
        if (maprender_hex_at(&u->gd->map, u->vx + ev.x, u->vy + ev.y - 1, &h))
            u->cursor = h;
    }
}

static const ScenarioDef *find_setup(const GameData *gd)
{
    int i = data_scenario_index(gd, "campaign");
    if (i < 0 && gd->nscenarios > 0)
        i = 0;
    return i >= 0 ? &gd->scenarios[i] : NULL;
}

static bool ui_init(Ui *u, const GameData *gd)
{
    memset(u, 0, sizeof *u);
    u->gd = gd;
    u->setup = find_setup(gd);
    int n = gd->map.cols * gd->map.rows;
    for (int s = 0; s < SIDE_COUNT; s++) {
        u->units[s] = calloc((size_t)n, 1);
        if (!u->units[s])
            return false;
    }
    for (int i = 0; u->setup && i < u->setup->ndeploy; i++) {
        const Deployment *dep = &u->setup->deploy[i];
        if (!hex_valid(dep->hex))
            continue;
        unsigned char *c = &u->units[gd->units[dep->unit].side][map_hex_index(&gd->map, dep->hex)];
        if (*c < 255)
            (*c)++;
    }
    MapOverlay ov = {false, {u->units[0], u->units[1]}};
    MapOverlay ov_ids = {true, {NULL, NULL}};
    if (!maprender_draw(gd, &ov, &u->canvas) || !maprender_draw(gd, &ov_ids, &u->canvas_ids) ||
        !maprender_overview(gd, &ov, &u->canvas_over))
        return false;
    int ch = data_place_index(gd, "chancellorsville");
    u->cursor = ch >= 0 ? gd->map.places[ch].hex : (HexCoord){gd->map.cols / 2, gd->map.rows / 2};
    return true;
}

static void ui_free(Ui *u)
{
    maprender_free(&u->canvas);
    maprender_free(&u->canvas_ids);
    maprender_free(&u->canvas_over);
    mapview_free(&u->vb);
    for (int s = 0; s < SIDE_COUNT; s++)
        free(u->units[s]);
}

/* The map viewer: the campaign's set-up on the map, a cursor and a panel. */
static void run_viewer(Ui *u)
{
    centre_on_cursor(u);
    bool running = true;
    while (running) {
        draw(u);
        int key = keys_get();
        if (u->help && key != KEY_RESIZE && key != KEY_MOUSE) {
            u->help = false;
            continue;
        }
        switch (key) {
        case 'q':
        case 'Q':
            running = false;
            break;
        case KEY_LEFT:
        case 'h':
            step_cursor(u, -1, 0);
            break;
        case KEY_RIGHT:
        case 'l':
            step_cursor(u, 1, 0);
            break;
        case KEY_UP:
        case 'k':
            move_cursor(u, DIR_N);
            break;
        case KEY_DOWN:
        case 'j':
            move_cursor(u, DIR_S);
            break;
        case 'y':
            move_cursor(u, DIR_NW);
            break;
        case 'u':
            move_cursor(u, DIR_NE);
            break;
        case 'b':
            move_cursor(u, DIR_SW);
            break;
        case 'n':
            move_cursor(u, DIR_SE);
            break;
        case KEY_NPAGE:
            u->vy += map_height() - 2;
            clamp_view(u);
            continue;
        case KEY_PPAGE:
            u->vy -= map_height() - 2;
            clamp_view(u);
            continue;
        case KEY_HOME:
            u->vx = 0;
            clamp_view(u);
            continue;
        case KEY_END:
            u->vx = u->canvas.width;
            clamp_view(u);
            continue;
        case 'i':
            u->ids = !u->ids;
            break;
        case 'z':
            u->overview = !u->overview;
            if (!u->overview)
                centre_on_cursor(u);
            continue;
        case 'c':
            centre_on_cursor(u);
            continue;
        case '\t':
            u->legend = !u->legend;
            break;
        case 'p':
            u->panel_forced = !u->panel_forced;
            break;
        case '?':
            u->help = true;
            break;
        case KEY_MOUSE:
            handle_mouse(u);
            continue;
        case KEY_RESIZE:
            centre_on_cursor(u);
            break;
        default:
            continue;
        }
        follow_cursor(u);
    }
}

/* ---- the game (issue 5): the solitaire campaign as Lee ------------------- */

typedef struct {
    Play play;
    Decision *legal;
    int nlegal, sel, top;
    int overlay; /* 0 none, 1 the Automa's display, 2 the log, 3 help, 4 the end, 5 a log entry's rule */
    int log_back; /* log lines scrolled back */
    int log_sel;  /* the log entry picked (0: the newest shown); Enter shows its rule */
    int rule_entry; /* overlay 5: the log entry whose rule is shown */
    int help_top;   /* the help's first key line shown */
    int log_filter; /* 0 all, 1 combat, 2 the Automa, 3 my decisions */
    int para;       /* the booklet paragraph the Automa read last, shown with its narrative; 0 none */
    bool hex_panel; /* the side panel shows the hex under the cursor instead of the decisions */
    int replay_at;  /* stepping through the game: the records shown, -1 when live */
    Game replay;    /* the game after replay_at records */
    char msg[6000];
    /* Orders on the map (view/orders.h). */
    OrderSel osel;         /* the stack selected, hex -1: none */
    int nextra;            /* the selected group's moves, asked of the engine, after the legal list */
    bool map_focus;        /* Enter acts at the map cursor (it moved last), not on the list */
    int pick[64], npick;   /* several decisions at one hex: the panel offers just these */
    int *view, nview;      /* the list shown: indexes into legal (the picks, the selection's orders, or all) */
    unsigned char *mark, *on_path, *in_range, *flash;
    short *cost;
    /* What happened: the log since the player's last decision, and the Automa's last step. */
    int news_from[SIDE_COUNT], step_from; /* per side: the log since its last decision */
    bool step_mode; /* the Automa waits after every step (space) and explains it; else it plays out on its own */
    int delay_ms;   /* watching the Automa: the pause after each of its steps */
    bool open_table; /* two players on one screen without the curtain between their turns */
    int seen_side;   /* the side the curtain was last lifted for, -1 none */
} GameUi;

enum { LEGAL_CAP = 20000, EXTRA_CAP = 4000 };

/* The game on screen: the live one, or the one being stepped through. */
static const Game *shown(const GameUi *gu) { return gu->replay_at >= 0 ? &gu->replay : &gu->play.game; }

/* The live armies on the map: the canvas is drawn again from the state. */
static void refresh_units(Ui *u, const Game *g)
{
    int viewer = g->st.automa.on ? SIDE_CONFEDERATE : g->st.to_move; /* hot-seat: the side to move looks */
    if (!mapview_build(g, viewer, &u->vb)) /* VISIBILITY: an enemy stack's contents only with a unit next to it */
        return;
    maprender_free(&u->canvas);
    maprender_free(&u->canvas_over);
    maprender_draw_marked(u->gd, &u->vb.ov, &u->vb.marks, &u->canvas);
    maprender_overview_marked(u->gd, &u->vb.ov, &u->vb.marks, &u->canvas_over);
}

/* The list the panel shows: the decisions offered at one hex; with a
 * stack selected, its orders and what is made from the list alone (end,
 * forced march, ...); else every legal decision. */
static void view_refresh(GameUi *gu)
{
    const Game *g = &gu->play.game;
    gu->nview = 0;
    if (gu->npick > 0) {
        memcpy(gu->view, gu->pick, (size_t)gu->npick * sizeof *gu->pick);
        gu->nview = gu->npick;
    } else if (gu->osel.hex >= 0) {
        for (int i = 0; i < gu->nlegal + gu->nextra; i++) {
            short t[CB_MAX_HEXES + 1];
            if (order_for(g, &gu->legal[i], &gu->osel) ||
                (i < gu->nlegal && order_source(g, &gu->legal[i]) < 0 &&
                 order_targets(g, &gu->legal[i], t, CB_MAX_HEXES + 1) == 0))
                gu->view[gu->nview++] = i;
        }
    } else
        for (int i = 0; i < gu->nlegal; i++)
            gu->view[gu->nview++] = i;
    if (gu->sel >= gu->nview)
        gu->sel = gu->nview > 0 ? gu->nview - 1 : 0;
    if (gu->sel < 0)
        gu->sel = 0;
}

/* The lit hexes for the selection (or for the whole list without one),
 * the selected group's moves the list does not hold, and their costs. */
static void orders_refresh(GameUi *gu)
{
    const Game *g = &gu->play.game;
    int cells = g->gd->map.cols * g->gd->map.rows;
    gu->nextra = 0;
    if (gu->osel.hex >= 0) {
        bool listed = false, any = false;
        for (int i = 0; i < gu->nlegal; i++)
            if (order_for(g, &gu->legal[i], &gu->osel)) {
                any = true;
                listed |= gu->legal[i].kind == D_MOVE;
            }
        if (!listed) {
            int k = game_group_moves(g, gu->osel.units, gu->osel.nunits, gu->legal + gu->nlegal, EXTRA_CAP);
            gu->nextra = k < EXTRA_CAP ? k : EXTRA_CAP;
        }
        if (!any && gu->nextra == 0 && gu->osel.nunits > 0) {
            short here[DEC_MAX_UNITS];
            if (orders_stack(g, gu->legal, gu->nlegal, gu->osel.hex, here, DEC_MAX_UNITS) == 0)
                gu->osel.hex = -1; /* the stack has no orders any more (it moved, the step is over) */
        }
    }
    int n = gu->nlegal + gu->nextra;
    orders_marks(g, gu->legal, n, gu->osel.hex >= 0 ? &gu->osel : NULL, gu->mark);
    view_refresh(gu);
    for (int h = 0; h < cells; h++)
        gu->cost[h] = -1;
    if (gu->osel.hex < 0)
        return;
    short path[256];
    for (int i = 0; i < n; i++) {
        const Decision *d = &gu->legal[i];
        int c = 0, a = 0;
        if (d->kind == D_MOVE && order_for(g, d, &gu->osel) && game_move_preview(g, d, path, 256, &c, &a) > 0)
            gu->cost[d->arg] = (short)c;
    }
}

static void game_legal_refresh(GameUi *gu)
{
    int n = game_legal(&gu->play.game, gu->legal, LEGAL_CAP);
    gu->nlegal = n < LEGAL_CAP ? n : LEGAL_CAP;
    if (gu->sel >= gu->nlegal)
        gu->sel = gu->nlegal > 0 ? gu->nlegal - 1 : 0;
    if (gu->sel < 0)
        gu->sel = 0;
    gu->npick = 0;
    orders_refresh(gu);
}

static bool game_ui_alloc(GameUi *gu, const GameData *gd)
{
    memset(gu, 0, sizeof *gu);
    size_t cells = (size_t)(gd->map.cols * gd->map.rows);
    gu->legal = malloc((LEGAL_CAP + EXTRA_CAP) * sizeof *gu->legal);
    gu->view = malloc((LEGAL_CAP + EXTRA_CAP) * sizeof *gu->view);
    gu->mark = calloc(cells, 1);
    gu->on_path = calloc(cells, 1);
    gu->in_range = calloc(cells, 1);
    gu->cost = calloc(cells, sizeof *gu->cost);
    gu->flash = calloc(cells, 1);
    gu->osel.hex = -1;
    gu->replay_at = -1;
    return gu->legal && gu->view && gu->mark && gu->on_path && gu->in_range && gu->cost && gu->flash;
}

static void game_ui_free(GameUi *gu)
{
    free(gu->legal);
    free(gu->view);
    free(gu->mark);
    free(gu->on_path);
    free(gu->in_range);
    free(gu->cost);
    free(gu->flash);
}

static const char *const phase_text[] = {"choosing", "activations", "recovery",  "over",
                                         "night events", "placement", "deployment"};

static void game_status(const Game *g, char *buf, size_t n)
{
    const GameState *st = &g->st;
    const TurnDef *td = &g->gd->turns[st->turn - 1];
    snprintf(buf, n, " T%d %s%s%s | %s | %s | pts %d", st->turn, td->label, td->night && !strstr(td->label, "night") ? " night" : "",
             st->rain ? " rain" : "", phase_text[st->phase], st->phase == PH_GAME_OVER ? "game over"
             : st->to_move == SIDE_UNION ? (st->automa.on ? "Automa" : "Union to decide")
             : st->automa.on ? "you decide" : "Confederates to decide",
             st->points[SIDE_CONFEDERATE]);
    if (st->automa.on) {
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, " | VP %d %s", st->automa.vp,
                 st->automa.attitude == ATT_CAUTIOUS ? "Cautious" : "Aggressive");
    }
}

/* Wraps text into the panel from row *y: words kept whole. */
static void panel_wrap(int x, int *y, int w, const char *text)
{
    const char *p = text;
    while (*p && *y < LINES - 1) {
        while (*p == ' ' || *p == '\n')
            p++;
        int len = (int)strlen(p);
        if (len > w) {
            len = w;
            while (len > 0 && p[len] != ' ')
                len--;
            if (len == 0)
                len = w;
        }
        panel_line(x, y, w, A_NORMAL, "%.*s", len, p);
        p += len;
    }
}

/* The hex under the cursor as the player may know it: terrain, place,
 * works, objectives, and the units with their state (enemy units only
 * with a Confederate unit next to them, VISIBILITY). */
static void draw_game_hex(Ui *u, GameUi *gu, int x, int *y, int w)
{
    const Game *g = shown(gu);
    const GameData *gd = u->gd;
    int hex = map_hex_index(&gd->map, u->cursor);
    const MapHex *mh = &gd->map.hexes[hex];
    char id[5];
    hex_format(u->cursor, id);
    panel_line(x, y, w, A_BOLD, "Hex %s  %s", id, gd->terrain[mh->terrain].name);
    if (mh->place >= 0)
        panel_line(x, y, w, A_NORMAL, "%s", gd->map.places[mh->place].name);
    if (g->st.breastwork[hex])
        panel_line(x, y, w, A_NORMAL, "%s breastwork", g->st.breastwork[hex] == SIDE_UNION + 1 ? "Union" : "Confederate");
    if (mh->fort_faces || g->st.fort_marker[hex])
        panel_line(x, y, w, A_NORMAL, "fortification");
    for (int f = 0; g->st.automa.on && f < gd->automa.nformations; f++)
        if (g->st.automa.obj_area[f] >= 0 &&
            map_hex_index(&gd->map, gd->areas[g->st.automa.obj_area[f]].objective) == hex)
            panel_line(x, y, w, A_NORMAL, "objective of %s (%d VP)", automa_formation_name(gd, f),
                       g->st.automa.obj_value[f]);
    bool seen = game_can_inspect(g, SIDE_CONFEDERATE, hex);
    int hidden = 0;
    for (int i = 0; i < g->st.nunits; i++) {
        const UnitState *us = &g->st.unit[i];
        const UnitDef *ud = &gd->units[i];
        if (us->where != AT_MAP || us->hex != hex)
            continue;
        if (ud->side != SIDE_CONFEDERATE && !seen) {
            hidden++; /* VISIBILITY: how many counters, nothing of what they are */
            continue;
        }
        if (ud->type == UT_DUMMY)
            continue;
        char flags[40] = "";
        if (us->flags & UF_DIS)
            strcat(flags, " DIS");
        if (us->flags & UF_DEM)
            strcat(flags, " DEM");
        if (us->flags & UF_OOS)
            strcat(flags, " OOS");
        if (us->flags & UF_FIRED)
            strcat(flags, " fired");
        bool reduced = ud->counter >= 0 ? us->steps < gd->counters[ud->counter].nvalues : ud->reduced > 0 && us->steps < 2;
        panel_line(x, y, w, ud->side == SIDE_UNION ? u->style_attr[STY_UNION] : u->style_attr[STY_CSA], "%s %d%s%s",
                   ud->name, game_unit_points(g, i), reduced ? " (reduced)" : "", flags);
    }
    if (hidden)
        panel_line(x, y, w, u->style_attr[STY_UNION], "a Union stack of %d counter%s (none of yours next to it)", hidden,
                   hidden == 1 ? "" : "s");
    (*y)++;
}

/* What is being decided, in a few words, for the panel's head (? gives more). */
static const char *situation_short(const Game *g)
{
    const GameState *st = &g->st;
    if (st->pending != PEND_NONE)
        return "Answer: choose below (? help)";
    switch (st->phase) {
    case PH_CHOOSE:
        return "Choose formations, then done";
    case PH_ACTIVATION:
        if (!st->activated)
            return "Activate or pass the chit";
        return st->act_step == STEP_PLACE  ? "Place the chit on a > hex"
               : st->act_step == STEP_MOVE ? "Move: Enter on a stack"
                                           : "Attack (xx) or bombard (##)";
    default:
        return "Choose below (? help)";
    }
}

/* A decision as guv script writes it, with a few words where that text
 * alone says little ("bw-die: the breastwork costs a die"). */
static void decision_label(const Game *g, const Decision *d, char *buf, size_t size)
{
    const GameData *gd = g->gd;
    decision_format(gd, d, buf, size);
    const char *hint = NULL;
    char tmp[120];
    if (d->kind == D_MOVE || d->kind == D_ATTACK) { /* the hex first, where a narrow panel still shows it */
        char units[400] = "", hexes[64] = "";
        for (int i = 0; i < d->nunits; i++)
            snprintf(units + strlen(units), sizeof units - strlen(units), "%s%s", i ? "+" : "", gd->units[d->units[i]].id);
        short h[CB_MAX_HEXES];
        int nh = d->kind == D_MOVE ? 1 : d->nhexes;
        for (int i = 0; i < nh && i < CB_MAX_HEXES; i++) {
            h[i] = (short)(d->kind == D_MOVE ? d->arg : d->hexes[i]);
            char id[5];
            hex_format(map_hex_at(&gd->map, h[i]), id);
            snprintf(hexes + strlen(hexes), sizeof hexes - strlen(hexes), "%s%s", i ? "+" : "", id);
        }
        if (d->kind == D_MOVE) {
            short path[256];
            int c = 0, a = 0;
            if (game_move_preview(g, d, path, 256, &c, &a) > 0)
                snprintf(buf, size, "move %s %d%s MP: %s", hexes, c / 2, c % 2 ? ".5" : "", units);
            else
                snprintf(buf, size, "move %s: %s", hexes, units);
        } else
            snprintf(buf, size, "attack %s: %s", hexes, units);
        return;
    }
    switch (d->kind) {
    case D_CHOOSE:
    case D_HIGHER: { /* a higher commander's formations are each paid for (HIGHER-CMD) */
        int pts = 0;
        if (d->kind == D_CHOOSE)
            pts = game_formation_cost(g, d->arg);
        for (int i = 0; d->kind == D_HIGHER && i < d->nunits; i++)
            pts += game_formation_cost(g, d->units[i]);
        snprintf(tmp, sizeof tmp, "%d pt%s", pts, pts == 1 ? "" : "s");
        hint = tmp;
        break;
    }
    case D_DONE:
        hint = "no more";
        break;
    case D_END:
        hint = "finish";
        break;
    case D_PASS:
        hint = "lose the chit";
        break;
    case D_BW_DIE:
        hint = "costs a die";
        break;
    case D_BW_STEP:
        hint = "costs a step";
        break;
    case D_RETREAT_INSTEAD:
        hint = "no loss, retreat";
        break;
    case D_NO_ADVANCE:
        hint = "stay";
        break;
    case D_FORCED_MARCH:
        hint = "more MP";
        break;
    case D_SIX_CANCEL:
        hint = "cancel a hit";
        break;
    case D_BONUS: {
        size_t n = 0;
        tmp[0] = '\0';
        for (int i = 0; i < d->nunits && n + 16 < sizeof tmp; i++)
            n += (size_t)snprintf(tmp + n, sizeof tmp - n, "%sd%d+%d", i ? " " : "", i + 1, d->units[i]);
        hint = tmp;
        break;
    }
    default:
        break;
    }
    if (hint) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "  (%s)", hint);
    }
}

/* Who is looking: the player in solitaire; in a game on one screen, the side to move. */
static int log_viewer(const Game *g) { return g->st.automa.on ? SIDE_CONFEDERATE : g->st.to_move; }

/* "Mahone, Wright and 1 more" */
static void unit_names(const GameData *gd, const short *units, int n, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < n && i < 2; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? ", " : "", gd->units[units[i]].name);
    if (n > 2)
        snprintf(out + strlen(out), size - strlen(out), " and %d more", n - 2);
}

static bool lg_automa_turn(const GameUi *gu)
{
    const Game *g = &gu->play.game;
    return g->st.automa.on && g->st.to_move == SIDE_UNION && g->st.phase != PH_GAME_OVER;
}

/* Whether the map's orders apply now: the live game, the player to decide. */
static bool orders_live(const GameUi *gu)
{
    const Game *g = &gu->play.game;
    return gu->replay_at < 0 && g->st.phase != PH_GAME_OVER && !(g->st.automa.on && g->st.to_move == SIDE_UNION);
}

/* What Enter would do at the map cursor, into line; lights the previewed
 * way or command radius. */
static void hover(Ui *u, GameUi *gu, char *line, size_t size)
{
    const Game *g = &gu->play.game;
    const GameData *gd = u->gd;
    int cells = gd->map.cols * gd->map.rows;
    memset(gu->on_path, 0, (size_t)cells);
    memset(gu->in_range, 0, (size_t)cells);
    line[0] = '\0';
    if (!orders_live(gu))
        return;
    int hex = map_hex_index(&gd->map, u->cursor);
    const OrderSel *sel = gu->osel.hex >= 0 ? &gu->osel : NULL;
    int idx[64];
    int k = orders_at(g, gu->legal, gu->nlegal + gu->nextra, sel, hex, idx, 64);
    char names[200], text[200];
    char id[5];
    hex_format(u->cursor, id);
    snprintf(line, size, " %s ", id);
    size_t at = strlen(line);
    line += at;
    size -= at;
    short here[DEC_MAX_UNITS];
    int nh = sel ? 0 : orders_stack(g, gu->legal, gu->nlegal, hex, here, DEC_MAX_UNITS);
    if (k == 0 || nh > 0) {
        if (sel)
            nh = orders_stack(g, gu->legal, gu->nlegal, hex, here, DEC_MAX_UNITS);
        if (nh > 0 && hex != gu->osel.hex) {
            unit_names(gd, here, nh, names, sizeof names);
            snprintf(line, size, "Enter: select %s", names);
        } else if (sel)
            snprintf(line, size, "selected: the lit hexes are its orders; 1-9 add or drop units, Esc drops");
        else
            snprintf(line, size, "nothing to order here (Tab: the hex; Up/Down: the list)");
        return;
    }
    const Decision *d = &gu->legal[idx[0]];
    if (d->kind == D_MOVE) {
        short path[256];
        int c = 0, a = 0;
        int len = game_move_preview(g, d, path, 256, &c, &a);
        for (int i = 0; i < len; i++)
            gu->on_path[path[i]] = 1;
        unit_names(gd, d->units, d->nunits, names, sizeof names);
        snprintf(line, size, "Enter: move %s here: %d%s of %d%s MP", names, c / 2, c % 2 ? ".5" : "", a / 2,
                 a % 2 ? ".5" : "");
        return;
    }
    if (d->kind == D_ATTACK) {
        int ad = 0, dd = 0;
        char why[200] = "";
        game_combat_dice(g, d->units, d->nunits, d->hexes, d->nhexes, false, &ad, &dd, why, sizeof why);
        if (d->nunits == 1)
            snprintf(names, sizeof names, "%s", gd->units[d->units[0]].name);
        else
            snprintf(names, sizeof names, "%d units", d->nunits);
        if (why[0])
            snprintf(line, size, "Enter: attack with %s: %s", names, why);
        else
            snprintf(line, size, "Enter: attack with %s: %d dice against %d", names, ad, dd);
        if (k > 1)
            snprintf(line + strlen(line), size - strlen(line), "; %d ways to choose from", k);
        return;
    }
    if (d->kind == D_BOMBARD) { /* the line of fire from the guns to the target */
        int src = order_source(g, d);
        HexCoord way[64];
        int len = src >= 0 ? hex_line(map_hex_at(&gd->map, src), u->cursor, way, 64) : 0;
        for (int i = 0; i < len; i++)
            if (map_has(&gd->map, way[i]))
                gu->on_path[map_hex_index(&gd->map, way[i])] = 1;
        decision_format(gd, d, text, sizeof text);
        snprintf(line, size, "Enter: %s (the line of fire is lit)%s", text, k > 1 ? "; more here" : "");
        return;
    }
    if (d->kind == D_PLACE && game_command_preview(g, hex, gu->in_range)) {
        snprintf(line, size, "Enter: place the chit here (underlined: its command radius)");
        return;
    }
    decision_format(gd, d, text, sizeof text);
    if (k == 1)
        snprintf(line, size, "Enter: %s", text);
    else
        snprintf(line, size, "Enter: choose among %d decisions here (%s, ...)", k, text);
}

/* Enter at the map cursor: select the stack there, or carry out the one
 * decision the cursor names, or offer the several it names. */
static bool game_do(Ui *u, GameUi *gu, const Decision *d);

static void map_enter(Ui *u, GameUi *gu)
{
    const Game *g = &gu->play.game;
    if (!orders_live(gu))
        return;
    int hex = map_hex_index(&u->gd->map, u->cursor);
    const OrderSel *sel = gu->osel.hex >= 0 ? &gu->osel : NULL;
    int idx[64];
    int k = orders_at(g, gu->legal, gu->nlegal + gu->nextra, sel, hex, idx, 64);
    short stack[DEC_MAX_UNITS];
    if (k == 0 || (!sel && orders_stack(g, gu->legal, gu->nlegal, hex, stack, DEC_MAX_UNITS) > 0)) {
        /* the stack first: what else names the hex stays in the list */
        if (hex == gu->osel.hex) {
            gu->osel.hex = -1; /* Enter on the selected stack again drops it */
            orders_refresh(gu);
        } else if (orders_select(g, gu->legal, gu->nlegal, hex, &gu->osel)) {
            gu->sel = gu->top = 0;
            orders_refresh(gu);
        }
        else
            snprintf(gu->msg, sizeof gu->msg, " nothing to order at this hex: Up/Down for the list of decisions");
        return;
    }
    if (k == 1) {
        Decision d = gu->legal[idx[0]];
        gu->osel.hex = -1;
        game_do(u, gu, &d);
        return;
    }
    gu->npick = k < 64 ? k : 64;
    memcpy(gu->pick, idx, (size_t)gu->npick * sizeof *idx);
    gu->sel = 0;
    view_refresh(gu);
    gu->map_focus = false;
}

/* The newest entries since the player's last decision, one line each,
 * in at most `rows` rows: the dice as they fell, the Automa's moves. */
static void draw_news(Ui *u, GameUi *gu, int x, int *y, int w, int rows)
{
    (void)u;
    const Game *g = shown(gu);
    if (rows < 2 || gu->replay_at >= 0)
        return;
    int n = 0, used = 1;
    char line[64][260];
    for (int i = g->log.count - 1; i >= gu->news_from[log_viewer(g)] && i >= 0 && n < 64; i--) {
        const LogEntry *e = &g->log.items[i];
        if ((e->secret && e->secret != log_viewer(g) + 1) || strcmp(e->rule, "AI-STEP") == 0)
            continue;
        if (e->kind == LOG_ROLL)
            snprintf(line[n], sizeof line[n], "die %d: %s", e->die, e->text);
        else
            snprintf(line[n], sizeof line[n], "%s", e->text);
        int need = (int)strlen(line[n]) / (w > 8 ? w - 6 : 2) + 1; /* rows it wraps to, about */
        if (used + need > rows - 1)
            break;
        used += need;
        n++;
    }
    if (n == 0)
        return;
    panel_line(x, y, w, A_BOLD, "What happened:");
    for (int k = n - 1; k >= 0; k--)
        panel_wrap(x, y, w, line[k]);
    (*y)++;
}

static void draw_game_panel(Ui *u, GameUi *gu)
{
    int w = panel_width(u);
    if (w == 0)
        return;
    int x = COLS - w, y = 1;
    for (int yy = 1; yy < LINES - 1; yy++) {
        mvaddstr(yy, x, u->vline);
        for (int i = 1; i < w; i++)
            addch(' ');
    }
    x += 2;
    w -= 2;
    const Game *g = shown(gu);
    if (gu->hex_panel) {
        draw_game_hex(u, gu, x, &y, w);
        panel_line(x, &y, w, A_NORMAL, "(Tab: back to the decisions)");
        return;
    }
    if (gu->replay_at >= 0) {
        panel_line(x, &y, w, A_BOLD, "Replay: %d of %d", gu->replay_at, gu->play.game.nrec);
        panel_line(x, &y, w, A_NORMAL, "[ back, ] forward, Esc: the game");
        y++;
        for (int i = gu->replay_at - 1; i >= 0 && y < LINES - 1; i--) {
            const GameRecord *r = &gu->play.game.rec[i];
            if (r->dice)
                panel_line(x, &y, w, i == gu->replay_at - 1 ? A_REVERSE : A_NORMAL, "%d die %d", i + 1, r->die);
            else
                panel_line(x, &y, w, i == gu->replay_at - 1 ? A_REVERSE : A_NORMAL, "%d %s: %s", i + 1,
                           r->side == SIDE_UNION ? "U" : "C", r->text);
        }
        return;
    }
    if (g->st.phase == PH_GAME_OVER) {
        panel_line(x, &y, w, A_BOLD, "The game is over");
        const char *t = g->st.result_text; /* wrapped to the panel */
        while (*t && y < LINES - 1) {
            int len = (int)strlen(t) > w ? w : (int)strlen(t);
            panel_line(x, &y, w, A_NORMAL, "%.*s", len, t);
            t += len;
        }
        return;
    }
    if (g->st.automa.on && g->st.to_move == SIDE_UNION) {
        panel_line(x, &y, w, A_BOLD, "The Automa acts (%s)", gu->step_mode ? "step mode" : "watching");
        if (gu->step_mode) {
            panel_line(x, &y, w, A_NORMAL, "space its next step, g on to you");
            panel_line(x, &y, w, A_NORMAL, "S watch it play instead");
        } else
            panel_line(x, &y, w, A_NORMAL, "S step mode, g skip to your turn");
        y++;
        if (gu->step_mode && gu->step_from < g->log.count) {
            panel_line(x, &y, w, A_BOLD, "Its last step:");
            for (int i = gu->step_from; i < g->log.count && y < LINES - 1; i++) {
                const LogEntry *e = &g->log.items[i];
                if (e->secret && e->secret != SIDE_CONFEDERATE + 1)
                    continue;
                char line[400];
                if (e->kind == LOG_ROLL)
                    snprintf(line, sizeof line, "%s die %d: %s", e->rule, e->die, e->text);
                else
                    snprintf(line, sizeof line, "%s: %s", e->rule, e->text);
                panel_wrap(x, &y, w, line);
            }
            y++;
        }
        const Paragraph *para = gu->para ? data_paragraph(u->gd, gu->para) : NULL;
        if (para) {
            panel_line(x, &y, w, A_BOLD, "[%03d] %s", para->number, para->title);
            panel_wrap(x, &y, w, para->text ? para->text : "");
            y++;
        }
        if (!gu->step_mode)
            draw_news(u, gu, x, &y, w, LINES - 1 - y);
    } else {
        const Chit *c = &g->st.drawn;
        if (g->st.phase == PH_ACTIVATION && !g->st.activated && c->side == SIDE_CONFEDERATE)
            panel_line(x, &y, w, A_NORMAL, "Drawn: %s",
                       c->kind == CHIT_FORMATION && c->index >= 0 ? u->gd->formations[c->index].name
                       : c->kind == CHIT_HIGHER && c->index >= 0 ? u->gd->commanders[c->index].name
                       : c->kind == CHIT_INDEPENDENT ? "the Independent chit"
                                                     : "an event chit");
        panel_line(x, &y, w, A_BOLD, "%s", situation_short(g));
        if (g->st.automa.on)
            panel_line(x, &y, w, A_BOLD, "Your decision (%d)", gu->nlegal);
        else
            panel_line(x, &y, w, A_BOLD, "%s decide (%d)", g->st.to_move == SIDE_UNION ? "The Union players" : "The Confederates",
                       gu->nlegal);
    }
    if (gu->npick > 0) /* several decisions at one hex: the list below holds just them */
        panel_line(x, &y, w, A_BOLD, "At this hex, choose (Esc: none)");
    else if (gu->osel.hex >= 0 && orders_live(gu)) {
        short here[DEC_MAX_UNITS];
        int nh = orders_stack(g, gu->legal, gu->nlegal, gu->osel.hex, here, DEC_MAX_UNITS);
        char id[5];
        hex_format(map_hex_at(&u->gd->map, gu->osel.hex), id);
        panel_line(x, &y, w, A_BOLD, "Selected at %s (Esc drops)", id);
        for (int i = 0; i < nh && i < 9; i++) {
            bool in = false;
            for (int j = 0; j < gu->osel.nunits; j++)
                in |= gu->osel.units[j] == here[i];
            panel_line(x, &y, w, in ? A_BOLD : A_NORMAL, "%d [%c] %s %d", i + 1, in ? 'x' : ' ', u->gd->units[here[i]].name,
                       game_unit_points(g, here[i]));
        }
        panel_line(x, &y, w, A_NORMAL, "lit: where they may go, whom");
        panel_line(x, &y, w, A_NORMAL, "they may attack; Enter there");
        panel_line(x, &y, w, A_NORMAL, "Below: its orders (%d of %d)", gu->nview, gu->nlegal);
        y++;
    }
    if (!(g->st.automa.on && g->st.to_move == SIDE_UNION) && !gu->npick) /* the Automa's panel shows its own */
        draw_news(u, gu, x, &y, w, (LINES - 1 - y) / 2 > 4 ? (LINES - 1 - y) / 2 : 4);
    int rows = LINES - 1 - y;
    if (gu->sel < gu->top)
        gu->top = gu->sel;
    if (gu->sel >= gu->top + rows)
        gu->top = gu->sel - rows + 1;
    for (int i = gu->top; i < gu->nview && y < LINES - 1; i++) {
        char text[160];
        decision_label(g, &gu->legal[gu->view[i]], text, sizeof text);
        panel_line(x, &y, w, i == gu->sel ? A_REVERSE : A_NORMAL, "%s", text);
    }
}

/* What is being decided now and how to answer, for the help screen. */
static const char *situation(const Game *g)
{
    const GameState *st = &g->st;
    if (st->phase == PH_GAME_OVER)
        return "The game is over: q goes back to the menu; [ and ] step through it again.";
    if (st->automa.on && st->to_move == SIDE_UNION)
        return "The Automa is acting. It plays on by itself and stops when you must decide; S switches to step mode, "
               "where space plays one step and the panel shows the rules, dice and booklet paragraph behind it.";
    if (st->pending == PEND_ENGAGE || st->pending == PEND_COMBAT)
        return "A combat is under way and you must answer: the list shows your choices (breastwork, skirmisher, "
               "bonus dice, which unit loses a step, where to retreat). Retreats can also be chosen on the map: the "
               "hexes marked > are open. The dice appear under What happened as they fall.";
    if (st->pending != PEND_NONE)
        return "The other side's action needs your answer first: choose from the list (or on the map where hexes are marked).";
    switch (st->phase) {
    case PH_CHOOSE:
        return "Choose the formations to activate this turn: each costs activation points (shown in the status "
               "line). A higher commander takes several formations at once. Then 'done': the chosen chits and the "
               "Independent chit go into the cup.";
    case PH_RECOVERY:
    case PH_NIGHT_EVENTS:
        return "Night: recovery and the night's events. Choose from the list.";
    case PH_PLACEMENT:
    case PH_DEPLOY:
        return "Before the game: place your counters. The lit hexes (>) are where the chosen one may go.";
    default:
        break;
    }
    if (!st->activated)
        return "A chit of yours was drawn from the cup: activate the formation, or pass it (it is lost for the turn).";
    switch (st->act_step) {
    case STEP_PLACE:
        return "Place the command chit next to a unit of the formation: the hexes marked > may take it. With the "
               "cursor on one, the underlined hexes show its command radius: the units inside will act.";
    case STEP_MOVE:
        return "Move the active units: Enter on a stack (underlined) selects it; the lit hexes show where it may go "
               "and the MP each costs; Enter there moves it. 1-9 split the stack. Attacks (xx) and bombardments (##) "
               "end movement. 'end' in the list finishes the activation.";
    default:
        return "Bombard and attack: with a stack selected, the enemy hexes marked xx may be attacked (the key line "
               "gives the dice each side rolls) and ## bombarded. 'end' in the list finishes the activation.";
    }
}

static const char *const game_help[] = {
    "Keys in the game",
    "",
    "Up Down, PgUp PgDn  choose among your decisions (the map follows);",
    "Home End            the first or last of them",
    "Enter               carry out the chosen decision",
    "H                   two players on one screen: curtain between turns or not",
    "S                   step mode: the Automa waits after each of its steps and",
    "                    shows why (rule, dice, page, paragraph); again: watch it",
    "space               the Automa's next step (in step mode)",
    "g                   the Automa acts until you must decide",
    "a                   the Automa's display (again: back)",
    "L                   the log: j k pick an entry, Enter shows its rule's text,",
    "                    f filters, w writes it to a file; L again: back",
    "U                   take back your last decision",
    "[ ]                 step back and forward through the game; Esc returns",
    "h j k l y u b n     move the map cursor (also Left, Right, the mouse); the",
    "                    key line says what Enter does there",
    "Enter on the map    select your stack there (it has orders: underlined);",
    "                    then the lit hexes show where it may go, with the MP",
    "                    each costs (2+ = 2.5 MP), and the way to the cursor;",
    "                    xx: an enemy it may attack (the dice are shown), ##: a",
    "                    bombardment target, >: another decision at that hex",
    "1-9                 add or drop a unit of the selected stack",
    "#                   go to a hex by its number (e.g. # 2322)",
    ":                   type a decision as guv script does (move mahone 2221)",
    "Esc                 drop the selection, or the choice offered at a hex",
    "Tab                 the hex under the cursor: units, works, objectives",
    "z                   the whole map at a glance (z or Enter: back)",
    "i                   hex ids on the map instead of its details (again: back)",
    "On the map: U3/C2 a stack and its counters (u/c: reduced; U? out of sight);",
    "  beside it D demoralized d disorganized o out of supply f fired m forced",
    "  march x detached; ! an objective b breastwork p pontoon % fortification",
    "?                   this help (again: back)",
    "q                   back to the menu (the game is saved)",
    "",
    "Every decision is saved at once; the menu's r resumes the game.",
};

/* Whether a log entry is shown under a filter: all, combat, the Automa,
 * the player's own decisions; the Automa's hidden draws never. */
static bool log_passes(const LogEntry *e, int filter, int viewer)
{
    if (e->secret && e->secret != viewer + 1)
        return false;
    switch (filter) {
    case 1:
        return strncmp(e->rule, "COMBAT", 6) == 0 || strcmp(e->rule, "HITS") == 0 || strncmp(e->rule, "RETREAT", 7) == 0 ||
               strncmp(e->rule, "BOMBARD", 7) == 0 || strcmp(e->rule, "AI-ENGAGEMENT") == 0 ||
               strcmp(e->rule, "AI-SIX") == 0 || strcmp(e->rule, "AI-LOSSES") == 0 ||
               strcmp(e->rule, "AI-PLAYER-ATTACK") == 0 || strcmp(e->rule, "RULE-OF-SIX") == 0 ||
               strcmp(e->rule, "AI-INTERRUPT") == 0 || strcmp(e->rule, "AI-ARTILLERY") == 0;
    case 2:
        return strncmp(e->rule, "AI-", 3) == 0;
    case 3:
        return e->kind == LOG_DECISION &&
               strncmp(e->text, data_side_name(1 - viewer), strlen(data_side_name(1 - viewer))) != 0;
    default:
        return true;
    }
}

static void log_line(const LogEntry *e, char *line, size_t n)
{
    if (e->kind == LOG_ROLL)
        snprintf(line, n, "T%-2d %-17s die %d: %s", e->turn, e->rule, e->die, e->text);
    else
        snprintf(line, n, "T%-2d %-17s %s", e->turn, e->rule, e->text);
}

/* The whole log to a file beside the saves, for reading or sharing. */
static void write_log(GameUi *gu)
{
    char dir[4096], path[4200];
    if (!save_dir(dir, sizeof dir)) {
        snprintf(gu->msg, sizeof gu->msg, " no folder to write the log to (set HOME or XDG_DATA_HOME)");
        return;
    }
    snprintf(path, sizeof path, "%s/game-log.txt", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(gu->msg, sizeof gu->msg, " cannot write %s", path);
        return;
    }
    const Game *g = &gu->play.game;
    for (int i = 0; i < g->log.count; i++)
        if (log_passes(&g->log.items[i], 0, log_viewer(g))) {
            char line[400];
            log_line(&g->log.items[i], line, sizeof line);
            fprintf(f, "%s\n", line);
        }
    bool ok = fclose(f) == 0;
    snprintf(gu->msg, sizeof gu->msg, ok ? " the log is in %s" : " cannot write %s", path);
}

/* The end of the game: the result, the VP and band, the losses, the
 * places each side holds. */
static void draw_end(const Ui *u, const Game *g)
{
    const GameData *gd = u->gd;
    int y = 2;
    static const char *const who[] = {"", "THE UNION WINS", "THE CONFEDERACY WINS", "A DRAW"};
    attrset(A_BOLD);
    mvaddnstr(y++, 2, who[g->st.result], COLS - 2);
    attrset(A_NORMAL);
    panel_wrap(2, &y, COLS - 4 > 20 ? COLS - 4 : 20, g->st.result_text);
    y++;
    char line[200];
    if (g->st.automa.on) { /* the VP marker and its rating band (AI-VP-TRACK) */
        const ActivationTrack *t = &gd->automa.track;
        const char *band = "";
        for (int i = 0; i < t->nbands; i++)
            if (g->st.automa.vp >= t->bands[i].from && g->st.automa.vp <= t->bands[i].to)
                band = t->bands[i].name;
        snprintf(line, sizeof line, "Final VP: %d on the track (%d-%d): %s", g->st.automa.vp, t->vp_min, t->vp_max,
                 band);
        mvaddnstr(y++, 2, line, COLS - 2);
    }
    int lost[SIDE_COUNT] = {0, 0};
    for (int i = 0; i < g->st.nunits; i++)
        if (g->st.unit[i].where == AT_ELIMINATED && gd->units[i].type != UT_SKIRMISHER && gd->units[i].type != UT_DUMMY)
            lost[gd->units[i].side]++;
    snprintf(line, sizeof line, "Losses: Union %d counters eliminated (%d points), Confederate %d (%d points)",
             lost[SIDE_UNION], game_eliminated_points(g, SIDE_UNION), lost[SIDE_CONFEDERATE],
             game_eliminated_points(g, SIDE_CONFEDERATE));
    mvaddnstr(y++, 2, line, COLS - 2);
    y++;
    mvaddnstr(y++, 2, "Places held at the end:", COLS - 2);
    for (int p = 0; p < gd->map.nplaces && y < LINES - 2; p++) {
        int hex = map_hex_index(&gd->map, gd->map.places[p].hex);
        int side = -1;
        for (int i = 0; i < g->st.nunits && side < 0; i++)
            if (g->st.unit[i].where == AT_MAP && g->st.unit[i].hex == hex && gd->units[i].type != UT_DUMMY)
                side = gd->units[i].side;
        if (side < 0)
            continue;
        snprintf(line, sizeof line, "  %-28s %s", gd->map.places[p].name, side == SIDE_UNION ? "Union" : "Confederate");
        mvaddnstr(y++, 2, line, COLS - 2);
    }
    mvaddnstr(LINES - 2, 2, "q back to the menu (the game is kept as finished.save)", COLS - 2);
}

static void draw_overlay(const Ui *u, GameUi *gu)
{
    const Game *g = shown(gu);
    for (int y = 1; y < LINES - 1; y++) {
        move(y, 0);
        clrtoeol();
    }
    if (gu->overlay == 4) {
        draw_end(u, g);
        return;
    }
    if (gu->overlay == 3) { /* help: what is being decided now, then every key */
        int y = 2;
        attrset(A_BOLD);
        mvaddnstr(y++, 2, "Now", COLS - 2);
        attrset(A_NORMAL);
        panel_wrap(2, &y, COLS - 4 > 20 ? COLS - 4 : 20, situation(g));
        y++;
        int n = (int)(sizeof game_help / sizeof *game_help);
        if (gu->help_top > n - 1)
            gu->help_top = n - 1;
        for (int i = gu->help_top; i < n && y < LINES - 2; i++)
            mvaddnstr(y++, 2, game_help[i], COLS - 2);
        mvaddnstr(LINES - 2, 2, "j k scroll, ? or Esc: back", COLS - 2);
        return;
    }
    if (gu->overlay == 1) {
        AutomaView v;
        if (!automa_view(g, &v)) {
            mvaddstr(2, 1, "No Automa in this game.");
            return;
        }
        for (int i = 0; i < v.n && 1 + i < LINES - 1; i++)
            mvaddnstr(1 + i, 0, v.line[i], COLS);
        return;
    }
    if (gu->overlay == 5) { /* the rule of a log entry */
        const LogEntry *e = gu->rule_entry >= 0 && gu->rule_entry < g->log.count ? &g->log.items[gu->rule_entry] : NULL;
        if (!e)
            return;
        const RuleText *rt = ruletext_find(&u->gd->ruletext, e->rule);
        char line[400];
        log_line(e, line, sizeof line);
        int y = 2;
        mvaddnstr(y++, 2, line, COLS - 2);
        y++;
        attrset(A_BOLD);
        if (rt)
            snprintf(line, sizeof line, "%s  %s%s%s%s", rt->id, rt->title, rt->section[0] ? "  (rulebook " : "",
                     rt->section, rt->section[0] ? ")" : "");
        else
            snprintf(line, sizeof line, "%s", e->rule);
        mvaddnstr(y++, 2, line, COLS - 2);
        attrset(A_NORMAL);
        y++;
        panel_wrap(2, &y, COLS - 4 > 20 ? COLS - 4 : 20,
                   rt ? rt->text : "No text for this rule: config/rule-text.ini does not explain it.");
        mvaddnstr(LINES - 2, 2, "Esc or Enter: back to the log", COLS - 2);
        return;
    }
    static const char *const filters[] = {"all", "combat", "the Automa", "my decisions"};
    attrset(A_BOLD);
    char head[160];
    snprintf(head, sizeof head, "Log: %s  (f filter, j k pick, Enter its rule, w write to a file, L back)",
             filters[gu->log_filter]);
    mvaddnstr(1, 0, head, COLS);
    attrset(A_NORMAL);
    int rows = LINES - 3;
    int shown[4096], ns = 0; /* the entries that pass, newest last */
    for (int i = g->log.count - 1; i >= 0 && ns < 4096; i--)
        if (log_passes(&g->log.items[i], gu->log_filter, log_viewer(g)))
            shown[ns++] = i;
    if (gu->log_sel >= ns)
        gu->log_sel = ns > 0 ? ns - 1 : 0;
    if (gu->log_sel < 0)
        gu->log_sel = 0;
    if (gu->log_sel < gu->log_back)
        gu->log_back = gu->log_sel;
    if (gu->log_sel > gu->log_back + rows - 1)
        gu->log_back = gu->log_sel - rows + 1;
    if (gu->log_back > ns - rows)
        gu->log_back = ns - rows > 0 ? ns - rows : 0;
    gu->rule_entry = ns > 0 ? shown[gu->log_sel] : -1;
    int first = gu->log_back + rows - 1 < ns ? gu->log_back + rows - 1 : ns - 1;
    for (int k = first, y = 2; k >= gu->log_back && y < LINES - 1; k--, y++) {
        char line[400];
        log_line(&g->log.items[shown[k]], line, sizeof line);
        if (k == gu->log_sel)
            attrset(A_REVERSE);
        mvaddnstr(y, 0, line, COLS);
        attrset(A_NORMAL);
    }
}

static void draw_game(Ui *u, GameUi *gu)
{
    erase();
    char status[300];
    game_status(shown(gu), status, sizeof status);
    if (gu->replay_at >= 0) {
        size_t len = strlen(status);
        snprintf(status + len, sizeof status - len, " | REPLAY %d/%d", gu->replay_at, gu->play.game.nrec);
    }
    attrset(A_REVERSE);
    mvhline(0, 0, ' ', COLS);
    mvaddnstr(0, 0, status, COLS);
    attrset(A_NORMAL);
    char hover_line[400] = "";
    if (gu->overlay)
        draw_overlay(u, gu);
    else {
        bool live = orders_live(gu);
        u->mark = live ? gu->mark : NULL;
        u->cost = gu->cost;
        u->on_path = gu->on_path;
        u->in_range = gu->in_range;
        u->flash = gu->replay_at < 0 && lg_automa_turn(gu) ? gu->flash : NULL;
        if (live)
            hover(u, gu, hover_line, sizeof hover_line);
        draw_map(u);
        u->mark = NULL;
        u->flash = NULL;
        draw_game_panel(u, gu);
    }
    bool solo = gu->play.game.st.automa.on;
    const char *keys = gu->msg[0] ? gu->msg : gu->map_focus && hover_line[0] ? hover_line
                       : COLS >= 90 ? (solo ? " Enter decide  Up/Down choose  hjkl map  a Automa  L log  U undo  ? help  q menu"
                                            : " Enter decide  Up/Down choose  hjkl map  L log  U undo  z overview  ? help  q menu")
                                    : " Enter decide  hjkl map  L log  U undo  ? help  q menu";
    attrset(A_REVERSE);
    mvhline(LINES - 1, 0, ' ', COLS);
    mvaddnstr(LINES - 1, 0, keys, COLS);
    attrset(A_NORMAL);
    refresh();
}

/* Steps the replay to record k (0..nrec); k == nrec or more ends it. */
static void replay_go(Ui *u, GameUi *gu, int k)
{
    if (gu->replay_at >= 0)
        game_free(&gu->replay);
    if (k < 0)
        k = 0;
    if (k >= gu->play.game.nrec) {
        gu->replay_at = -1;
        refresh_units(u, &gu->play.game);
        return;
    }
    char err[300];
    if (!play_replay_to(&gu->play.game, k, &gu->replay, err, sizeof err)) {
        gu->replay_at = -1;
        snprintf(gu->msg, sizeof gu->msg, " %s", err);
        refresh_units(u, &gu->play.game);
        return;
    }
    gu->replay_at = k;
    refresh_units(u, &gu->replay);
}

/* Centres the map on the hex a decision names, if any. */
static void show_decision(Ui *u, const Decision *d)
{
    int hex = -1;
    if (d->kind == D_MOVE || d->kind == D_PLACE || d->kind == D_RETREAT || d->kind == D_BREAK || d->kind == D_ENTRENCH ||
        d->kind == D_TRADE || d->kind == D_SKIRM_DEFEND)
        hex = d->arg;
    else if (d->kind == D_ATTACK && d->nhexes > 0)
        hex = d->hexes[0];
    if (hex >= 0 && hex < u->gd->map.cols * u->gd->map.rows) {
        u->cursor = map_hex_at(&u->gd->map, hex);
        centre_on_cursor(u);
    }
}

/* A new kind of decision to make (another step, phase or side): the map
 * shows where it is, the first hex the list names, or the drawn
 * formation's units. */
static void centre_on_news(Ui *u, GameUi *gu)
{
    const Game *g = &gu->play.game;
    int hex = -1;
    for (int i = 0; i < gu->nlegal && i < 50 && hex < 0; i++) {
        short t[CB_MAX_HEXES + 1];
        int src = order_source(g, &gu->legal[i]);
        hex = src >= 0 ? src : order_targets(g, &gu->legal[i], t, CB_MAX_HEXES + 1) > 0 ? t[0] : -1;
    }
    const Chit *c = &g->st.drawn;
    for (int i = 0; hex < 0 && g->st.phase == PH_ACTIVATION && c->kind == CHIT_FORMATION && i < g->st.nunits; i++)
        if (u->gd->units[i].formation == c->index && g->st.unit[i].where == AT_MAP)
            hex = g->st.unit[i].hex;
    if (hex >= 0) {
        u->cursor = map_hex_at(&u->gd->map, hex);
        centre_on_cursor(u);
    }
}

static bool game_do(Ui *u, GameUi *gu, const Decision *d)
{
    char why[300];
    const GameState *st = &gu->play.game.st;
    int log_before = gu->play.game.log.count;
    int before[5] = {st->phase, st->act_step, st->pending, st->to_move, st->activated};
    if (!play_apply(&gu->play, d, why, sizeof why)) {
        snprintf(gu->msg, sizeof gu->msg, " %s", why);
        return false;
    }
    gu->msg[0] = '\0';
    gu->osel.hex = -1; /* a new position: select again */
    if (d->kind != D_AUTOMA)
        gu->news_from[d->side] = log_before; /* what follows the side's own decision */
    if (gu->play.save_error[0])
        snprintf(gu->msg, sizeof gu->msg, " (not saved: %s)", gu->play.save_error);
    refresh_units(u, &gu->play.game);
    game_legal_refresh(gu);
    gu->sel = 0;
    gu->top = 0;
    int after[5] = {st->phase, st->act_step, st->pending, st->to_move, st->activated};
    if (memcmp(before, after, sizeof before) != 0 && !(st->automa.on && st->to_move == SIDE_UNION)) {
        bool located = false; /* can any of the new decisions be made on the map? */
        for (int i = 0; i < gu->nlegal && !located; i++) {
            short t[CB_MAX_HEXES + 1];
            located = order_source(&gu->play.game, &gu->legal[i]) >= 0 ||
                      order_targets(&gu->play.game, &gu->legal[i], t, CB_MAX_HEXES + 1) > 0;
        }
        if (!located)
            gu->map_focus = false; /* Enter answers from the list until the cursor moves */
        if (!gu->map_focus)
            centre_on_news(u, gu);
    }
    if (gu->play.game.st.phase == PH_GAME_OVER) {
        play_finish(&gu->play);
        gu->overlay = 4; /* the end of the game */
    }
    return true;
}

static void automa_step(Ui *u, GameUi *gu)
{
    if (!gu->play.game.st.automa.on || gu->play.game.st.to_move != SIDE_UNION || gu->nlegal == 0)
        return;
    int from = gu->play.game.log.count;
    gu->step_from = from;
    const GameState *st = &gu->play.game.st;
    short before[GS_MAX_UNITS];
    for (int i = 0; i < st->nunits && i < GS_MAX_UNITS; i++)
        before[i] = st->unit[i].where == AT_MAP ? st->unit[i].hex : -1;
    game_do(u, gu, &gu->legal[0]);
    /* The stacks that moved light up where they left and arrived, and the map follows them. */
    memset(gu->flash, 0, (size_t)(u->gd->map.cols * u->gd->map.rows));
    int follow = -1;
    for (int i = 0; i < st->nunits && i < GS_MAX_UNITS; i++) {
        int now = st->unit[i].where == AT_MAP ? st->unit[i].hex : -1;
        if (now == before[i] || u->gd->units[i].type == UT_DUMMY)
            continue;
        if (before[i] >= 0)
            gu->flash[before[i]] = 1;
        if (now >= 0) {
            gu->flash[now] = 1;
            if (follow < 0)
                follow = now;
        }
    }
    if (follow >= 0) {
        u->cursor = map_hex_at(&u->gd->map, follow);
        follow_cursor(u);
    }
    for (int i = from; i < gu->play.game.log.count; i++) { /* a paragraph read: its narrative is shown */
        const LogEntry *e = &gu->play.game.log.items[i];
        int n;
        if (strcmp(e->rule, "AI-OBJECTIVE") == 0 && sscanf(e->text, "[%d]", &n) == 1 && strstr(e->text, ", read for"))
            gu->para = n;
    }
}


/* The screen between two players' turns on one screen. */
static void draw_curtain(int side)
{
    erase();
    int y = LINES / 2 - 3;
    attrset(A_BOLD);
    mvaddnstr(y++, 4, side == SIDE_UNION ? "The Union players decide now." : "The Confederates decide now.", COLS - 4);
    attrset(A_NORMAL);
    y++;
    mvaddnstr(y++, 4, side == SIDE_UNION ? "Confederates, look away; Union players, take the keyboard."
                                         : "Union players, look away; Confederates, take the keyboard.",
              COLS - 4);
    mvaddnstr(y++, 4, "Enter or space: show the game.  q: back to the menu (the game is saved).", COLS - 4);
    mvaddnstr(y++, 4, "H: no curtain between the turns (both sides see everything).", COLS - 4);
    refresh();
}

/* A line typed on the key line after label: printable characters (digits
 * only when digits, which also ends it once the buffer is full); false on
 * Esc or when nothing was typed. */
static bool read_line(const char *label, char *buf, size_t size, bool digits)
{
    size_t len = 0;
    buf[0] = '\0';
    for (;;) {
        char prompt[400];
        snprintf(prompt, sizeof prompt, "%s%s", label, buf);
        attrset(A_REVERSE);
        mvhline(LINES - 1, 0, ' ', COLS);
        mvaddnstr(LINES - 1, 0, prompt, COLS);
        attrset(A_NORMAL);
        refresh();
        int k = keys_get();
        if (k == 27)
            return false;
        if (k == '\n' || k == KEY_ENTER)
            return len > 0;
        if ((k == KEY_BACKSPACE || k == 127 || k == 8) && len > 0)
            buf[--len] = '\0';
        else if ((digits ? (k >= '0' && k <= '9') : (k >= 32 && k < 127)) && len + 1 < size) {
            buf[len++] = (char)k;
            buf[len] = '\0';
            if (digits && len + 1 == size)
                return true;
        }
    }
}

static void run_game(Ui *u, GameUi *gu)
{
    refresh_units(u, &gu->play.game);
    game_legal_refresh(gu);
    if (gu->play.game.st.phase == PH_GAME_OVER && gu->replay_at < 0)
        gu->overlay = 4;
    int ch = data_place_index(u->gd, "chancellorsville");
    if (ch >= 0)
        u->cursor = u->gd->map.places[ch].hex;
    centre_on_cursor(u);
    bool running = true;
    gu->news_from[SIDE_UNION] = gu->news_from[SIDE_CONFEDERATE] = gu->step_from = gu->play.game.log.count;
    if (gu->delay_ms <= 0)
        gu->delay_ms = 250;
    gu->seen_side = -1;
    while (running) {
        /* Two players on one screen: a curtain when the other side must decide,
         * so that neither sees what the other hides (VISIBILITY, ACT-POINTS). */
        const GameState *cst = &gu->play.game.st;
        if (!cst->automa.on && !gu->open_table && gu->replay_at < 0 && cst->phase != PH_GAME_OVER &&
            cst->to_move != gu->seen_side) {
            draw_curtain(cst->to_move);
            int k = keys_get();
            if (k == 'q' || k == 'Q')
                break;
            if (k == '\n' || k == KEY_ENTER || k == ' ') {
                gu->seen_side = cst->to_move;
                refresh_units(u, &gu->play.game); /* the map as this side sees it */
            } else if (k == 'H') {
                gu->open_table = true;
            }
            continue;
        }
        draw_game(u, gu);
        /* Watching the Automa: it plays a step, the screen shows it, a short
         * pause (any key answers at once); a key script does not wait. */
        const Game *lg = &gu->play.game;
        bool watch = !gu->step_mode && lg->st.automa.on && lg->st.to_move == SIDE_UNION &&
                     lg->st.phase != PH_GAME_OVER && !gu->overlay && gu->replay_at < 0;
        int key;
        if (watch && keys_scripted())
            key = ERR;
        else {
            if (watch)
                timeout(gu->delay_ms);
            key = keys_get();
            if (watch)
                timeout(-1);
        }
        if (key == ERR) {
            if (watch)
                automa_step(u, gu);
            continue;
        }
        HexCoord was = u->cursor;
        switch (key) {
        case 'q':
        case 'Q':
            running = false;
            break;
        case KEY_UP:
            gu->map_focus = false;
            if (gu->sel > 0) {
                gu->sel--;
                show_decision(u, &gu->legal[gu->view[gu->sel]]);
            }
            break;
        case KEY_DOWN:
            gu->map_focus = false;
            if (gu->sel + 1 < gu->nview) {
                gu->sel++;
                show_decision(u, &gu->legal[gu->view[gu->sel]]);
            }
            break;
        case KEY_NPAGE:
            gu->sel = gu->sel + 10 < gu->nview ? gu->sel + 10 : (gu->nview > 0 ? gu->nview - 1 : 0);
            break;
        case KEY_PPAGE:
            gu->sel = gu->sel > 10 ? gu->sel - 10 : 0;
            break;
        case KEY_HOME:
            gu->sel = 0;
            gu->map_focus = false;
            break;
        case KEY_END:
            gu->sel = gu->nview - 1;
            if (gu->sel < 0)
                gu->sel = 0;
            gu->map_focus = false;
            break;
        case '[':
            replay_go(u, gu, gu->replay_at >= 0 ? gu->replay_at - 1 : gu->play.game.nrec - 1);
            break;
        case ']':
            if (gu->replay_at >= 0)
                replay_go(u, gu, gu->replay_at + 1);
            break;
        case 27: /* Esc: back to the game, or drop the choice at a hex, or the selection */
            if (gu->replay_at >= 0)
                replay_go(u, gu, gu->play.game.nrec);
            else if (!gu->overlay && gu->npick) {
                gu->npick = 0;
                gu->sel = 0;
                view_refresh(gu);
            } else if (!gu->overlay && gu->osel.hex >= 0) {
                gu->osel.hex = -1;
                orders_refresh(gu);
            }
            gu->overlay = gu->overlay == 5 ? 2 : 0; /* a rule's text goes back to the log */
            break;
        case 'z':
            u->overview = !u->overview;
            if (!u->overview)
                centre_on_cursor(u);
            break;
        case 'i':
            u->ids = !u->ids;
            break;
        case '\n':
        case KEY_ENTER:
            if (u->overview) {
                u->overview = false;
                centre_on_cursor(u);
            } else if (gu->overlay == 2)
                gu->overlay = 5; /* the picked entry's rule */
            else if (gu->overlay == 5)
                gu->overlay = 2;
            else if (gu->overlay)
                gu->overlay = 0;
            else if (gu->replay_at >= 0)
                snprintf(gu->msg, sizeof gu->msg, " replaying: ] forward, [ back, Esc back to the game");
            else if (gu->map_focus && !gu->npick)
                map_enter(u, gu);
            else if (gu->sel < gu->nview) {
                Decision d = gu->legal[gu->view[gu->sel]]; /* a copy: the list is made anew */
                game_do(u, gu, &d);
            }
            break;
        case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
            if (gu->osel.hex >= 0 && orders_live(gu)) {
                short here[DEC_MAX_UNITS];
                int nh = orders_stack(&gu->play.game, gu->legal, gu->nlegal, gu->osel.hex, here, DEC_MAX_UNITS);
                if (key - '1' < nh) {
                    orders_toggle(&gu->osel, here[key - '1']);
                    int keep = gu->osel.hex;
                    orders_refresh(gu);
                    gu->osel.hex = keep; /* an empty selection stays until Esc */
                }
            }
            break;
        case ':': { /* a decision typed as text, as guv script takes it */
            if (!orders_live(gu)) {
                snprintf(gu->msg, sizeof gu->msg, " not your decision now");
                break;
            }
            char text[200];
            Decision d;
            if (!read_line(" decision (as in guv script, e.g. move mahone 2221; Esc: none): ", text, sizeof text, false))
                break;
            if (!decision_parse(&gu->play.game, text, &d))
                snprintf(gu->msg, sizeof gu->msg, " '%s' is not a decision (? help; the list shows them)", text);
            else
                game_do(u, gu, &d); /* the rules say no with their reason */
            break;
        }
        case '#': { /* go to a hex by its number */
            char id[5];
            HexCoord h;
            if (!read_line(" go to hex (4 digits, Esc: no): ", id, sizeof id, true))
                break;
            if (strlen(id) == 4 && hex_parse(id, &h) && map_has(&u->gd->map, h)) {
                u->cursor = h;
                centre_on_cursor(u);
                gu->map_focus = true;
                gu->msg[0] = '\0';
            } else
                snprintf(gu->msg, sizeof gu->msg, " no hex %s on this map", id);
            break;
        }
        case 'y':
        case 'u':
        case 'b':
        case 'n':
            if (!gu->overlay) {
                move_cursor(u, key == 'y' ? DIR_NW : key == 'u' ? DIR_NE : key == 'b' ? DIR_SW : DIR_SE);
                follow_cursor(u);
                gu->map_focus = true;
                gu->msg[0] = '\0';
            }
            break;
        case KEY_MOUSE:
            if (!gu->overlay) {
                HexCoord before = u->cursor;
                bool over = u->overview;
                handle_mouse(u);
                if (!over && (!hex_equal(before, u->cursor) || gu->map_focus)) {
                    gu->map_focus = true;
                    gu->msg[0] = '\0';
                    map_enter(u, gu); /* a click acts at once: select, or go */
                }
            }
            break;
        case ' ':
            if (gu->replay_at < 0)
                automa_step(u, gu);
            break;
        case 'g':
            for (int i = 0; gu->replay_at >= 0 && i < 1; i++)
                replay_go(u, gu, gu->play.game.nrec);
            for (int i = 0; i < 2000 && gu->play.game.st.to_move == SIDE_UNION &&
                            gu->play.game.st.phase != PH_GAME_OVER;
                 i++)
                automa_step(u, gu);
            break;
        case 'a':
            gu->overlay = gu->overlay == 1 ? 0 : 1;
            break;
        case 'H':
            if (!gu->play.game.st.automa.on) {
                gu->open_table = !gu->open_table;
                snprintf(gu->msg, sizeof gu->msg, gu->open_table ? " no curtain between the two sides' turns"
                                                                 : " a curtain between the two sides' turns");
                gu->seen_side = gu->play.game.st.to_move;
            }
            break;
        case 'S':
            gu->step_mode = !gu->step_mode;
            snprintf(gu->msg, sizeof gu->msg, gu->step_mode ? " step mode: the Automa waits after each step (space), and explains it"
                                                            : " watching: the Automa plays on by itself until you must decide");
            break;
        case '?':
            gu->overlay = gu->overlay == 3 ? 0 : 3;
            gu->help_top = 0;
            break;
        case '\t':
            gu->hex_panel = !gu->hex_panel;
            break;
        case 'L':
            gu->overlay = gu->overlay == 2 ? 0 : 2;
            gu->log_back = gu->log_sel = 0;
            break;
        case 'U': {
            if (gu->replay_at >= 0)
                replay_go(u, gu, gu->play.game.nrec);
            char why[300];
            if (play_undo(&gu->play, log_viewer(&gu->play.game), why, sizeof why)) {
                refresh_units(u, &gu->play.game);
                game_legal_refresh(gu);
                gu->msg[0] = '\0';
            } else
                snprintf(gu->msg, sizeof gu->msg, " %s", why);
            break;
        }
        case 'h':
        case KEY_LEFT:
            step_cursor(u, -1, 0);
            follow_cursor(u);
            gu->map_focus = true;
            gu->msg[0] = '\0';
            break;
        case 'l':
        case KEY_RIGHT:
            step_cursor(u, 1, 0);
            follow_cursor(u);
            gu->map_focus = true;
            gu->msg[0] = '\0';
            break;
        case 'f':
            if (gu->overlay == 2) {
                gu->log_filter = (gu->log_filter + 1) % 4;
                gu->log_back = gu->log_sel = 0;
            }
            break;
        case 'w':
            write_log(gu);
            break;
        case 'k':
            if (gu->overlay == 2)
                gu->log_sel++;
            else if (gu->overlay == 3) {
                if (gu->help_top > 0)
                    gu->help_top--;
            } else if (gu->overlay) {
            } else {
                move_cursor(u, DIR_N), follow_cursor(u);
                gu->map_focus = true;
                gu->msg[0] = '\0';
            }
            break;
        case 'j':
            if (gu->overlay == 2) {
                if (gu->log_sel > 0)
                    gu->log_sel--;
            } else if (gu->overlay == 3)
                gu->help_top++;
            else if (!gu->overlay) {
                move_cursor(u, DIR_S), follow_cursor(u);
                gu->map_focus = true;
                gu->msg[0] = '\0';
            }
            break;
        case KEY_RESIZE:
            centre_on_cursor(u);
            break;
        default:
            break;
        }
        if (gu->npick && gu->map_focus && !hex_equal(was, u->cursor)) {
            gu->npick = 0; /* the choice offered at a hex goes when the cursor leaves it */
            gu->sel = 0;
            view_refresh(gu);
        }
    }
}

/* A scenario for two players (not the solitaire one): its index, -1 when
 * the player goes back. */
static int choose_scenario(Ui *u, int solitaire)
{
    for (;;) {
        erase();
        attrset(A_REVERSE);
        mvhline(0, 0, ' ', COLS);
        mvaddnstr(0, 0, " guv  a scenario for two players on one screen", COLS);
        attrset(A_NORMAL);
        int y = 2, k = 0;
        int index[10];
        for (int i = 0; i < u->gd->nscenarios && k < 9; i++) {
            if (i == solitaire)
                continue;
            index[k] = i;
            char line[200];
            snprintf(line, sizeof line, "%d   %s (turns %d-%d)", k + 1, u->gd->scenarios[i].name,
                     u->gd->scenarios[i].first_turn, u->gd->scenarios[i].last_turn);
            mvaddnstr(y++, 4, line, COLS - 4);
            k++;
        }
        mvaddnstr(y + 1, 4, "Esc or q   back", COLS - 4);
        refresh();
        int key = keys_get();
        if (key == 27 || key == 'q')
            return -1;
        if (key >= '1' && key < '1' + k)
            return index[key - '1'];
    }
}

/* A save in the save folder, chosen by number: its path into out; false
 * when the player goes back or there is none. */
static bool choose_save(const char *dir, char *out, size_t size)
{
    char names[9][256];
    int n = 0;
    DIR *dh = opendir(dir);
    struct dirent *e;
    while (dh && (e = readdir(dh)) && n < 9) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".save") == 0 && len < sizeof names[0])
            snprintf(names[n++], sizeof names[0], "%s", e->d_name);
    }
    if (dh)
        closedir(dh);
    for (;;) {
        erase();
        attrset(A_REVERSE);
        mvhline(0, 0, ' ', COLS);
        mvaddnstr(0, 0, " guv  load a saved game", COLS);
        attrset(A_NORMAL);
        int y = 2;
        if (n == 0)
            mvaddnstr(y++, 4, "No saved game in the save folder.", COLS - 4);
        for (int i = 0; i < n; i++) {
            char line[300];
            snprintf(line, sizeof line, "%d   %s", i + 1, names[i]);
            mvaddnstr(y++, 4, line, COLS - 4);
        }
        mvaddnstr(y + 1, 4, "Esc or q   back", COLS - 4);
        refresh();
        int key = keys_get();
        if (key == 27 || key == 'q')
            return false;
        if (key >= '1' && key < '1' + n) {
            snprintf(out, size, "%s/%s", dir, names[key - '1']);
            return true;
        }
    }
}

/* The optional rules and variants, toggled by number. */
static void choose_options(Ui *u, unsigned *options)
{
    (void)u;
    for (;;) {
        erase();
        attrset(A_REVERSE);
        mvhline(0, 0, ' ', COLS);
        mvaddnstr(0, 0, " guv  optional rules and variants (two-player games)", COLS);
        attrset(A_NORMAL);
        for (int i = 0; i < GAME_OPTION_COUNT; i++) {
            char line[120];
            snprintf(line, sizeof line, "%d   [%c] %s", i + 1, (*options & (1u << i)) ? 'x' : ' ', game_option_name(i));
            mvaddnstr(2 + i, 4, line, COLS - 4);
        }
        mvaddnstr(3 + GAME_OPTION_COUNT, 4, "Enter, Esc or q   back", COLS - 4);
        refresh();
        int key = keys_get();
        if (key == 27 || key == 'q' || key == '\n' || key == KEY_ENTER)
            return;
        if (key >= '1' && key < '1' + GAME_OPTION_COUNT)
            *options ^= 1u << (key - '1');
    }
}

/* The start menu: a new solitaire campaign, the unfinished game, the map. */
static int run_menu(Ui *u)
{
    char autosave[4200] = "";
    bool have_dir = play_autosave_path(autosave, sizeof autosave);
    GameUi gu;
    if (!game_ui_alloc(&gu, u->gd)) {
        game_ui_free(&gu);
        return 1;
    }
    int solitaire = data_scenario_index(u->gd, "solitaire");
    unsigned options = 0; /* for the two-player scenarios */
    char msg[400] = "";
    for (;;) {
        bool can_resume = have_dir && access(autosave, F_OK) == 0;
        erase();
        attrset(A_REVERSE);
        mvhline(0, 0, ' ', COLS);
        mvaddnstr(0, 0, " guv  Give Us Victories: Chancellorsville 1863", COLS);
        attrset(A_NORMAL);
        int y = 3;
        mvaddnstr(y++, 4, "You are Lee. The Automa commands Hooker's Army of the Potomac.", COLS - 4);
        y++;
        if (solitaire >= 0)
            mvaddnstr(y++, 6, can_resume ? "n   new solitaire campaign (30 April - 4 May 1863)"
                                         : "n   new solitaire campaign (30 April - 4 May 1863)   [Enter]",
                      COLS - 6);
        mvaddnstr(y++, 6, "s   a scenario for two players on one screen", COLS - 6);
        char opts[200] = "o   options:";
        for (int i = 0; i < GAME_OPTION_COUNT; i++)
            if (options & (1u << i))
                snprintf(opts + strlen(opts), sizeof opts - strlen(opts), " %s", game_option_name(i));
        if (!options)
            strcat(opts, " none (the base rules)");
        mvaddnstr(y++, 6, opts, COLS - 6);
        if (can_resume)
            mvaddnstr(y++, 6, "r   resume the unfinished game   [Enter]", COLS - 6);
        if (have_dir)
            mvaddnstr(y++, 6, "l   load a saved game", COLS - 6);
        mvaddnstr(y++, 6, "m   the map", COLS - 6);
        mvaddnstr(y++, 6, "q   quit", COLS - 6);
        if (msg[0])
            mvaddnstr(y + 1, 4, msg, COLS - 4);
        if (!have_dir)
            mvaddnstr(y + 2, 4, "(no save folder: set HOME or XDG_DATA_HOME to keep games)", COLS - 4);
        refresh();
        int key = keys_get();
        if (key == 'q' || key == 'Q')
            break;
        if (key == '\n' || key == KEY_ENTER) /* the default: the unfinished game, else a new campaign */
            key = can_resume ? 'r' : 'n';
        if (key == 'm') {
            run_viewer(u);
            continue;
        }
        char err[1200];
        bool started = false;
        if (key == 'o') {
            choose_options(u, &options);
            continue;
        }
        int scenario = -1;
        if ((key == 'n' || key == 's') && can_resume) { /* never lose a game: the old one is kept aside */
            char previous[4300];
            snprintf(previous, sizeof previous, "%s", autosave);
            char *slash = strrchr(previous, '/');
            snprintf(slash ? slash + 1 : previous, sizeof previous - (size_t)(slash ? slash + 1 - previous : 0),
                     "previous.save");
            if (key == 's' && (scenario = choose_scenario(u, solitaire)) < 0)
                continue;
            rename(autosave, previous);
            snprintf(msg, sizeof msg, "the unfinished game was kept as %.300s", previous);
        }
        if (key == 's' && (scenario >= 0 || (scenario = choose_scenario(u, solitaire)) >= 0)) {
            uint64_t seed = keys_new_seed();
            started = play_new(&gu.play, u->gd, scenario, seed, options, have_dir ? autosave : NULL, err, sizeof err);
        } else if (key == 'n' && solitaire >= 0) {
            uint64_t seed = keys_new_seed();
            started = play_new(&gu.play, u->gd, solitaire, seed, 0, have_dir ? autosave : NULL, err, sizeof err);
        } else if (key == 'r' && can_resume)
            started = play_resume(&gu.play, u->gd, autosave, err, sizeof err);
        else if (key == 'l' && have_dir) {
            char dir[4300], path[4600];
            snprintf(dir, sizeof dir, "%s", autosave);
            char *slash = strrchr(dir, '/');
            if (slash)
                *slash = '\0';
            if (!choose_save(dir, path, sizeof path))
                continue;
            started = play_resume(&gu.play, u->gd, path, err, sizeof err); /* it goes on saving there */
        } else
            continue;
        if (!started) {
            snprintf(msg, sizeof msg, "%.390s", err);
            continue;
        }
        gu.sel = gu.top = gu.overlay = gu.para = gu.log_back = gu.log_filter = 0;
        gu.hex_panel = gu.map_focus = false;
        gu.msg[0] = '\0';
        gu.replay_at = -1;
        gu.osel.hex = -1;
        gu.npick = 0;
        run_game(u, &gu);
        if (gu.replay_at >= 0)
            game_free(&gu.replay);
        gu.replay_at = -1;
        play_free(&gu.play);
        msg[0] = '\0';
    }
    game_ui_free(&gu);
    return 0;
}

/* A saved game opened at its start, to step through with [ and ]. */
static int run_replay(Ui *u, const char *file)
{
    GameUi gu;
    char err[1200];
    bool mem = game_ui_alloc(&gu, u->gd);
    if (!mem || !play_resume(&gu.play, u->gd, file, err, sizeof err)) {
        game_ui_free(&gu);
        restore_terminal();
        fprintf(stderr, "guv replay: %s\n", mem ? err : "out of memory");
        return 1;
    }
    gu.play.autosave[0] = '\0'; /* looking, not playing: the file is not written */
    gu.replay_at = -1;
    replay_go(u, &gu, 0);
    run_game(u, &gu);
    if (gu.replay_at >= 0)
        game_free(&gu.replay);
    play_free(&gu.play);
    game_ui_free(&gu);
    return 0;
}

static int ui_start(const GameData *gd, const char *replay_file, const UiOptions *o)
{
    Ui u;
    if (!ui_init(&u, gd)) {
        ui_free(&u);
        fprintf(stderr, "guv: out of memory drawing the map\n");
        return 1;
    }
    signal(SIGINT, on_quit_signal);
    signal(SIGTERM, on_quit_signal);
    signal(SIGHUP, on_quit_signal);
    signal(SIGSEGV, on_fatal_signal);
    signal(SIGABRT, on_fatal_signal);
    signal(SIGBUS, on_fatal_signal);
    signal(SIGFPE, on_fatal_signal);
    atexit(restore_terminal);
    SCREEN *headless = NULL;
    FILE *null_out = NULL, *null_in = NULL;
    if (!keys_open(o)) {
        ui_free(&u);
        return 2;
    }
    if (keys_scripted()) {
        /* A key script drives the real UI with no terminal: the screen goes nowhere and is read back as text. */
        char size[16];
        snprintf(size, sizeof size, "%d", o->cols > 0 ? o->cols : 80);
        setenv("COLUMNS", size, 1);
        snprintf(size, sizeof size, "%d", o->rows > 0 ? o->rows : 24);
        setenv("LINES", size, 1);
        null_out = fopen("/dev/null", "w");
        null_in = fopen("/dev/null", "r");
        const char *term = getenv("TERM");
        if (null_out && null_in)
            headless = newterm(term && *term && strcmp(term, "dumb") != 0 ? term : "xterm", null_out, null_in);
        if (!headless) {
            if (null_out)
                fclose(null_out);
            if (null_in)
                fclose(null_in);
            keys_close();
            ui_free(&u);
            fprintf(stderr, "guv: cannot start a headless screen for the key script\n");
            return 1;
        }
    } else if (!initscr()) {
        ui_free(&u);
        fprintf(stderr, "guv: cannot start the terminal screen (is TERM set?)\n");
        return 1;
    }
    curses_on = 1;
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
                  | BUTTON5_PRESSED
#endif
              ,
              NULL);
    mouseinterval(0);
    set_escdelay(25); /* Esc answers at once */
    setup_styles(&u);
    int rc = replay_file ? run_replay(&u, replay_file) : run_menu(&u);
    restore_terminal();
    if (headless) {
        delscreen(headless);
        fclose(null_out);
        fclose(null_in);
    }
    keys_close();
    ui_free(&u);
    return rc;
}

int ui_run(const GameData *gd, const UiOptions *o) { return ui_start(gd, NULL, o); }

int ui_replay(const GameData *gd, const char *file, const UiOptions *o) { return ui_start(gd, file, o); }
