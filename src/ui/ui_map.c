/* The map on screen: styles, the map with its lit hexes, the cursor, the
 * mouse, the hex and legend panels, and the map viewer. */
#include "ui/ui_internal.h"


static attr_t colour_attr(Ui *u, int colour, bool bold)
{
    attr_t a = bold ? A_BOLD : A_NORMAL;
    if (u->colour && colour >= 0 && colour < MAX_COLOUR)
        a |= COLOR_PAIR(colour + 1);
    return a;
}

void setup_styles(Ui *u)
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
        init_pair(MAX_COLOUR + 5, COLOR_WHITE, COLOR_MAGENTA);
    }
    u->flash_attr = u->colour ? COLOR_PAIR(MAX_COLOUR + 5) | A_BOLD : A_REVERSE | A_BOLD;
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

int panel_width(const Ui *u)
{
    if (COLS >= PANEL_MIN_COLS || u->panel_forced)
        return COLS >= PANEL_W + 10 ? PANEL_W : COLS;
    return 0;
}

int map_width(const Ui *u) { return COLS - panel_width(u); }
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
void follow_cursor(Ui *u)
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

void centre_on_cursor(Ui *u)
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
            decorate_hex(u, c, map_hex_at(m, h), NULL, u->flash_attr);
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

void draw_map(Ui *u)
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


void panel_line(int x, int *y, int w, attr_t a, const char *fmt, ...)
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

void move_cursor(Ui *u, int dir)
{
    HexCoord n = hex_neighbour(u->cursor, dir);
    if (map_has(&u->gd->map, n))
        u->cursor = n;
}

void step_cursor(Ui *u, int dcol, int drow)
{
    HexCoord n = {u->cursor.col + dcol, u->cursor.row + drow};
    if (map_has(&u->gd->map, n))
        u->cursor = n;
}

bool handle_mouse_event(Ui *u, const MEVENT *ev)
{
#ifdef BUTTON5_PRESSED
    if (ev->bstate & BUTTON5_PRESSED) {
        u->vy += 3;
        clamp_view(u);
        return false;
    }
#endif
    if (ev->bstate & BUTTON4_PRESSED) {
        u->vy -= 3;
        clamp_view(u);
        return false;
    }
    if (ev->bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)) {
        if (ev->y < 1 || ev->y >= LINES - 1 || ev->x >= map_width(u))
            return false;
        HexCoord h;
        if (u->overview) { /* a click on the overview goes there on the map */
            int mw = map_width(u), ox = mw > u->canvas_over.width ? (mw - u->canvas_over.width) / 2 : 0;
            if (maprender_overview_hex_at(&u->gd->map, ev->x - ox, ev->y - 1, &h)) {
                u->cursor = h;
                u->overview = false;
                centre_on_cursor(u);
            }
            return false;
        }
        if (maprender_hex_at(&u->gd->map, u->vx + ev->x, u->vy + ev->y - 1, &h)) {
            u->cursor = h;
            return true;
        }
    }
    return false;
}

void handle_mouse(Ui *u)
{
    MEVENT ev;
    if (getmouse(&ev) == OK)
        handle_mouse_event(u, &ev);
}

bool cursor_key(Ui *u, int key)
{
    switch (key) {
    case 'h':
    case KEY_LEFT:
        step_cursor(u, -1, 0);
        return true;
    case 'l':
    case KEY_RIGHT:
        step_cursor(u, 1, 0);
        return true;
    case 'k':
        move_cursor(u, DIR_N);
        return true;
    case 'j':
        move_cursor(u, DIR_S);
        return true;
    case 'y':
        move_cursor(u, DIR_NW);
        return true;
    case 'u':
        move_cursor(u, DIR_NE);
        return true;
    case 'b':
        move_cursor(u, DIR_SW);
        return true;
    case 'n':
        move_cursor(u, DIR_SE);
        return true;
    default:
        return false;
    }
}

static const ScenarioDef *find_setup(const GameData *gd)
{
    int i = data_scenario_index(gd, "campaign");
    if (i < 0 && gd->nscenarios > 0)
        i = 0;
    return i >= 0 ? &gd->scenarios[i] : NULL;
}

bool ui_init(Ui *u, const GameData *gd)
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

void ui_free(Ui *u)
{
    maprender_free(&u->canvas);
    maprender_free(&u->canvas_ids);
    maprender_free(&u->canvas_over);
    mapview_free(&u->vb);
    for (int s = 0; s < SIDE_COUNT; s++)
        free(u->units[s]);
}

/* The map viewer: the campaign's set-up on the map, a cursor and a panel. */
void run_viewer(Ui *u)
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
        case KEY_UP:
            move_cursor(u, DIR_N);
            break;
        case KEY_DOWN:
            move_cursor(u, DIR_S);
            break;
        case 'h':
        case 'l':
        case 'k':
        case 'j':
        case 'y':
        case 'u':
        case 'b':
        case 'n':
        case KEY_LEFT:
        case KEY_RIGHT:
            cursor_key(u, key);
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
