/* The map on screen: styles, the map with its lit hexes, the cursor, the
 * mouse, the hex and legend panels, and the map viewer. */
#include "ui/ui_internal.h"

/* Colour pairs: 1..MAX_COLOUR the eight colours on the terminal's
 * background, then the lit hexes', then those the map asks for as it is
 * painted (pair_for). */
enum { PAIR_LIT = MAX_COLOUR + 1, PAIR_FIRST = MAX_COLOUR + 6 };

static attr_t colour_attr(Ui *u, int colour, bool bold)
{
    attr_t a = bold ? A_BOLD : A_NORMAL;
    if (u->colour && colour >= 0 && colour < MAX_COLOUR)
        a |= COLOR_PAIR(colour + 1);
    return a;
}

/* The pair of foreground fg on background bg (-1: the terminal's own),
 * made on first use; when the terminal has no pair left, the nearest:
 * the foreground alone, else none. */
static int pair_for(Ui *u, short fg, short bg)
{
    if (!u->colour || (fg < 0 && bg < 0))
        return 0;
    if (bg < 0 && fg >= 0 && fg < MAX_COLOUR)
        return fg + 1;
    if (fg >= COLORS || bg >= COLORS)
        return 0;
    for (int i = 0; i < u->npairs; i++)
        if (u->pair_fg[i] == fg && u->pair_bg[i] == bg)
            return PAIR_FIRST + i;
    int limit = COLOR_PAIRS < 256 ? COLOR_PAIRS : 256; /* a pair number must fit the attributes */
    if (PAIR_FIRST + u->npairs >= limit || u->npairs >= (int)(sizeof u->pair_fg / sizeof *u->pair_fg))
        return bg >= 0 ? pair_for(u, fg, -1) : 0;
    if (init_pair((short)(PAIR_FIRST + u->npairs), fg, bg) == ERR)
        return 0;
    u->pair_fg[u->npairs] = fg;
    u->pair_bg[u->npairs] = bg;
    return PAIR_FIRST + u->npairs++;
}

static attr_t look_attr(Ui *u, const MapLook *l)
{
    attr_t a = A_NORMAL;
    if (l->attrs & MAP_A_BOLD)
        a |= A_BOLD;
    if (l->attrs & MAP_A_REVERSE)
        a |= A_REVERSE;
    if (l->attrs & MAP_A_UNDERLINE)
        a |= A_UNDERLINE;
    if (l->attrs & MAP_A_DIM)
        a |= A_DIM;
    return a | COLOR_PAIR(pair_for(u, l->fg, l->bg));
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
    u->depth = MAP_MONO;
    u->npairs = 0;
    if (u->colour) {
        start_color();
        use_default_colors();
        u->depth = COLORS >= 256 ? MAP_COLOUR256 : MAP_COLOUR8;
        for (int c = 0; c < MAX_COLOUR; c++)
            init_pair((short)(c + 1), (short)c, -1);
        /* Lit hexes: brighter than any terrain's muted background on 256
         * colours; on 8, colours the terrains leave free where they can. */
        bool c256 = u->depth == MAP_COLOUR256;
        init_pair(PAIR_LIT + 0, COLOR_BLACK, c256 ? 40 : COLOR_BLUE); /* where it may go */
        init_pair(PAIR_LIT + 1, COLOR_WHITE, c256 ? 160 : COLOR_RED); /* whom it may attack */
        init_pair(PAIR_LIT + 2, COLOR_BLACK, c256 ? 220 : COLOR_YELLOW); /* bombardment */
        init_pair(PAIR_LIT + 3, COLOR_BLACK, c256 ? 51 : COLOR_CYAN);   /* another decision */
        init_pair(PAIR_LIT + 4, COLOR_WHITE, c256 ? 127 : COLOR_MAGENTA); /* the Automa's moves */
        if (!c256)
            init_pair(PAIR_LIT + 0, COLOR_WHITE, COLOR_BLUE);
    }
    u->flash_attr = u->colour ? COLOR_PAIR(PAIR_LIT + 4) | A_BOLD : A_REVERSE | A_BOLD;
    /* Lit hexes: a background with colour, the glyphs written into them say the same without. */
    u->mark_attr[OM_NONE] = A_NORMAL;
    u->mark_attr[OM_SOURCE] = A_BOLD | A_UNDERLINE;
    u->mark_attr[OM_MOVE] = u->colour ? COLOR_PAIR(PAIR_LIT + 0) : A_BOLD;
    u->mark_attr[OM_ATTACK] = u->colour ? COLOR_PAIR(PAIR_LIT + 1) | A_BOLD : A_BOLD;
    u->mark_attr[OM_BOMBARD] = u->colour ? COLOR_PAIR(PAIR_LIT + 2) : A_BOLD;
    u->mark_attr[OM_OTHER] = u->colour ? COLOR_PAIR(PAIR_LIT + 3) : A_BOLD;
    u->path_attr = A_REVERSE | A_BOLD;
    u->range_attr = A_UNDERLINE;
    /* The side panel writes units and places in the map's colours. */
    for (int i = 0; i < STY_COUNT; i++)
        u->style_attr[i] = A_NORMAL;
    u->style_attr[STY_ROAD_MINOR] = colour_attr(u, COLOR_YELLOW, false);
    u->style_attr[STY_RAILROAD] = colour_attr(u, COLOR_WHITE, false);
    u->style_attr[STY_PLACE] = colour_attr(u, COLOR_MAGENTA, true);
    u->style_attr[STY_UNION] = colour_attr(u, COLOR_BLUE, true) | (u->colour ? A_REVERSE : A_UNDERLINE);
    u->style_attr[STY_CSA] = colour_attr(u, COLOR_RED, true) | (u->colour ? A_REVERSE : A_UNDERLINE);
}

int panel_width(const Ui *u)
{
    if (COLS >= PANEL_MIN_COLS || u->panel_forced) /* a wide screen gives the panel more (fewer wrapped lines) */
        return COLS >= 140 ? PANEL_W + 20 : COLS >= 110 ? PANEL_W + 10 : COLS >= PANEL_W + 10 ? PANEL_W : COLS;
    return 0;
}

int map_width(const Ui *u) { return COLS - panel_width(u); }
static int map_height(void) { return LINES - 2; }

static int level_of(const Ui *u)
{
    return u->overview ? MAP_LEVEL_OVERVIEW : u->compact ? MAP_LEVEL_COMPACT : MAP_LEVEL_FULL;
}

/* The cells showing hex h on the level shown: row y, columns x .. x + w - 1
 * (on the full map its interior). */
static void hex_cells(const Ui *u, HexCoord h, int *x, int *y, int *w)
{
    switch (level_of(u)) {
    case MAP_LEVEL_OVERVIEW:
        maprender_overview_pos(h, x, y);
        *w = 1;
        break;
    case MAP_LEVEL_COMPACT:
        maprender_compact_pos(h, x, y);
        *w = MAP_COMPACT_W;
        break;
    default:
        maprender_interior(h, x, y);
        *w = 4;
        break;
    }
}

/* The size of the level's canvas. */
static void level_size(const Ui *u, int *w, int *h)
{
    const Map *m = &u->gd->map;
    switch (level_of(u)) {
    case MAP_LEVEL_OVERVIEW:
        *w = m->cols;
        *h = (m->rows + 1) / 2;
        break;
    case MAP_LEVEL_COMPACT:
        *w = m->cols * MAP_COMPACT_W;
        *h = m->rows;
        break;
    default:
        *w = u->canvas.width;
        *h = u->canvas.height;
        break;
    }
}

/* The canvas cell at the map window's top-left: the scroll, or for the
 * overview (never scrolled) what centres it. */
static void view_origin(const Ui *u, int *vx, int *vy)
{
    if (u->overview) {
        int mw = map_width(u);
        *vx = mw > u->gd->map.cols ? -(mw - u->gd->map.cols) / 2 : 0;
        *vy = 0;
        return;
    }
    *vx = u->vx;
    *vy = u->vy;
}

static void clamp_view(Ui *u)
{
    int cw, ch;
    level_size(u, &cw, &ch);
    int mw = map_width(u), mh = map_height();
    int maxx = cw - mw, maxy = ch - mh;
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
    if (u->overview)
        return;
    int x, y, w;
    hex_cells(u, u->cursor, &x, &y, &w);
    int frame = u->compact ? 0 : 1; /* the full map's hex has a frame row above and below */
    int mw = map_width(u), mh = map_height();
    if (x - 1 < u->vx)
        u->vx = x - 1 - (mw > 20 ? 5 : 0);
    if (x + w + 1 > u->vx + mw)
        u->vx = x + w + 1 - mw + (mw > 20 ? 5 : 0);
    if (y - frame < u->vy)
        u->vy = y - frame - (mh > 10 ? 2 : 0);
    if (y + frame + 1 > u->vy + mh)
        u->vy = y + frame + 1 - mh + (mh > 10 ? 2 : 0);
    clamp_view(u);
}

void centre_on_cursor(Ui *u)
{
    if (u->overview)
        return;
    int x, y, w;
    hex_cells(u, u->cursor, &x, &y, &w);
    u->vx = x + w / 2 - map_width(u) / 2;
    u->vy = y - map_height() / 2;
    clamp_view(u);
}

bool map_view_key(Ui *u, int key)
{
    switch (key) {
    case 'z':
    case 'Z': { /* full -> compact -> overview -> full; Z the other way */
        int level = level_of(u);
        level = (level + (key == 'z' ? 1 : 2)) % 3;
        u->overview = level == MAP_LEVEL_OVERVIEW;
        u->compact = level == MAP_LEVEL_COMPACT;
        centre_on_cursor(u);
        return true;
    }
    case 'N':
        u->names_hidden = !u->names_hidden;
        return true;
    default:
        return false;
    }
}

/* The canvas of the level shown; the compact one is drawn afresh from
 * what the map shows now (the game's view, or the viewer's set-up). */
static const MapCanvas *level_canvas(Ui *u)
{
    if (u->overview)
        return &u->canvas_over;
    if (!u->compact)
        return u->ids ? &u->canvas_ids : &u->canvas;
    maprender_free(&u->canvas_compact);
    if (u->vb.n > 0)
        maprender_compact_marked(u->gd, &u->vb.ov, &u->vb.marks, &u->canvas_compact);
    else {
        MapOverlay ov = {false, {u->units[0], u->units[1]}};
        maprender_compact_marked(u->gd, &ov, NULL, &u->canvas_compact);
    }
    return &u->canvas_compact;
}

/* Paints w cells of canvas row y from column x, as the map shows them
 * (names when on), or with text over them and more attributes: lit hexes,
 * the cursor. flip turns reverse video over (so a unit's block shows the
 * cursor too). */
static void paint_cells(Ui *u, const MapCanvas *c, int x, int y, int w, const char *text, attr_t add, bool names,
                        bool flip)
{
    int vx, vy;
    view_origin(u, &vx, &vy);
    int sy = y - vy, mw = map_width(u);
    if (sy < 0 || sy >= map_height() || y < 0 || y >= c->height)
        return;
    int ntext = text ? (int)strlen(text) : 0; /* the text covers its first cells, the rest show through */
    for (int i = 0; i < w; i++) {
        int sx = x + i - vx;
        if (sx < 0 || sx >= mw || x + i < 0 || x + i >= c->width)
            continue;
        const MapCell *cell = &c->cells[y * c->width + x + i];
        MapLook l = maprender_look(u->gd, cell, u->depth, names);
        chtype ch = i < ntext ? (chtype)(unsigned char)text[i] : (chtype)(unsigned char)l.ch;
        attr_t a = look_attr(u, &l);
        if (add & A_COLOR)
            a &= ~A_COLOR;
        if (flip)
            a ^= A_REVERSE;
        mvaddch(1 + sy, sx, ch | a | add);
    }
}

/* The interior of a lit hex: its glyphs (or text over them) with more attributes. */
static void decorate_hex(Ui *u, const MapCanvas *c, HexCoord h, const char *text, attr_t add)
{
    int x, y, w;
    hex_cells(u, h, &x, &y, &w);
    paint_cells(u, c, x, y, w, text, add, false, false);
}

/* The text written into a lit hex of w cells (the MP it costs, xx, ##, >):
 * a stack there keeps its letter and counters. */
static void lit_text(const Ui *u, int h, int mk, bool units, int w, char *text, size_t n)
{
    text[0] = '\0';
    if (w < 3)
        return; /* the overview: the colour alone (reversed without colour) */
    if (mk == OM_MOVE && u->cost && u->cost[h] >= 0) {
        unsigned char half = (unsigned char)(u->cost[h] > 198 ? 198 : u->cost[h]);
        if (w == 4) {
            if (units)
                snprintf(text, n, "%d%c", half / 2, half % 2 ? '+' : ' ');
            else if (half % 2)
                snprintf(text, n, "%d.5 ", half / 2);
            else
                snprintf(text, n, " %-3d", half / 2);
        } else if (units) /* compact: one cell before the stack's letter */
            snprintf(text, n, "%c", half / 2 < 10 ? '0' + half / 2 : '+');
        else
            snprintf(text, n, "%d%-2s", half / 2, half % 2 ? "+" : "");
    } else if (mk == OM_ATTACK)
        snprintf(text, n, w == 4 ? "xx" : "x");
    else if (mk == OM_BOMBARD)
        snprintf(text, n, w == 4 ? "##" : "#");
    else if (mk == OM_OTHER)
        snprintf(text, n, ">");
}

/* What the orders light up: where the selection may go (with its cost),
 * whom it may attack or bombard, the previewed way and command radius;
 * and where the Automa's stacks went. */
static void draw_orders(Ui *u, const MapCanvas *c)
{
    const Map *m = &u->gd->map;
    bool ids = u->ids && !u->overview && !u->compact;
    for (int h = 0; u->flash && !ids && h < m->cols * m->rows; h++)
        if (u->flash[h])
            decorate_hex(u, c, map_hex_at(m, h), NULL, u->flash_attr);
    if (!u->mark || ids)
        return;
    for (int h = 0; h < m->cols * m->rows; h++) {
        int mk = u->mark[h];
        bool path = u->on_path && u->on_path[h], range = u->in_range && u->in_range[h];
        if (mk == OM_NONE && !path && !range)
            continue;
        HexCoord hc = map_hex_at(m, h);
        int x, y, w;
        hex_cells(u, hc, &x, &y, &w);
        bool units = false;
        for (int i = 0; i < w && y >= 0 && y < c->height && x + i < c->width; i++) {
            int st = c->cells[y * c->width + x + i].style;
            units |= st == STY_UNION || st == STY_CSA;
        }
        char text[16];
        lit_text(u, h, mk, units, w, text, sizeof text);
        attr_t add = u->mark_attr[mk];
        if (!u->colour && w == 1 && mk != OM_NONE)
            add |= A_REVERSE; /* the overview has no room for the glyphs */
        if (range)
            add |= u->range_attr;
        if (path)
            add = u->path_attr;
        decorate_hex(u, c, hc, text[0] ? text : NULL, add);
    }
}

/* Whether hex index h is lit now (its cells then show what is in it and
 * the orders' text, not a name over it). */
static bool lit_hex(const Ui *u, int h)
{
    bool ids = u->ids && !u->overview && !u->compact;
    if (ids)
        return false;
    if (u->flash && u->flash[h])
        return true;
    return u->mark && (u->mark[h] != OM_NONE || (u->on_path && u->on_path[h]) || (u->in_range && u->in_range[h]));
}

/* Per canvas cell, whether its name is shown: not where a lit hex would
 * break it (the whole name gives way), nor on the cursor's hex. */
static bool *names_shown(const Ui *u, const MapCanvas *c)
{
    bool *shown = malloc((size_t)c->width * (size_t)c->height * sizeof *shown);
    if (!shown)
        return NULL;
    for (int i = 0; i < c->width * c->height; i++)
        shown[i] = c->cells[i].label != 0;
    const Map *m = &u->gd->map;
    bool *lit = calloc((size_t)c->width * (size_t)c->height, sizeof *lit);
    if (!lit)
        return shown;
    for (int h = 0; h < m->cols * m->rows; h++)
        if (lit_hex(u, h)) {
            int x, y, w;
            hex_cells(u, map_hex_at(m, h), &x, &y, &w);
            for (int i = 0; i < w && y >= 0 && y < c->height; i++)
                if (x + i >= 0 && x + i < c->width)
                    lit[y * c->width + x + i] = true;
        }
    for (int k = 0; k < c->nlabels; k++) {
        const MapLabel *lb = &c->labels[k];
        if (lb->state != LABEL_PLACED)
            continue;
        bool broken = false;
        for (int i = 0; i < lb->len; i++)
            broken |= lit[lb->y * c->width + lb->x + i];
        for (int i = 0; broken && i < lb->len; i++)
            shown[lb->y * c->width + lb->x + i] = false;
    }
    free(lit);
    int x, y, w;
    hex_cells(u, u->cursor, &x, &y, &w);
    for (int i = 0; i < w && y >= 0 && y < c->height; i++)
        if (x + i >= 0 && x + i < c->width)
            shown[y * c->width + x + i] = false;
    return shown;
}

/* The live armies on the map: the canvas is drawn again from the state. */
void refresh_units(Ui *u, const Game *g)
{
    if (!mapview_build(g, log_viewer(g), &u->vb)) /* VISIBILITY: an enemy stack's contents only with a unit next to it */
        return;
    u->vb.marks.points = u->show_points ? u->vb.points : NULL;
    maprender_free(&u->canvas);
    maprender_free(&u->canvas_over);
    maprender_draw_marked(u->gd, &u->vb.ov, &u->vb.marks, &u->canvas);
    maprender_overview_marked(u->gd, &u->vb.ov, &u->vb.marks, &u->canvas_over);
}

void draw_map(Ui *u)
{
    const MapCanvas *c = level_canvas(u);
    int mw = map_width(u), mh = map_height();
    int vx, vy;
    view_origin(u, &vx, &vy);
    int cx, cy, cw;
    hex_cells(u, u->cursor, &cx, &cy, &cw);
    bool *shown = u->names_hidden ? NULL : names_shown(u, c);
    for (int sy = 0; sy < mh; sy++) {
        move(1 + sy, 0);
        for (int sx = 0; sx < mw; sx++) {
            int x = vx + sx, y = vy + sy;
            chtype ch = ' ';
            if (x >= 0 && y >= 0 && x < c->width && y < c->height) {
                bool name = shown && shown[y * c->width + x];
                MapLook l = maprender_look(u->gd, &c->cells[y * c->width + x], u->depth, name);
                ch = (chtype)(unsigned char)l.ch | look_attr(u, &l);
            }
            addch(ch);
        }
    }
    free(shown);
    draw_orders(u, c);
    paint_cells(u, c, cx, cy, cw, NULL, A_BOLD, false, true); /* the cursor, over lit hexes too */
    if (u->overview && c->height + 2 < mh)
        mvaddnstr(1 + c->height + 1, -vx, "a letter a hex column and two rows; z zooms", mw + vx);
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
    for (int i = 0; i < n; i++) {
        if (i < u->gd->nterrain && u->colour && w > 3 && y < LINES - 1) {
            /* the terrain's letter as the map paints it, then its name */
            MapCell cell = {lines[i][0], STY_TERRAIN, (unsigned char)i, MAP_NO_COLOUR, 0};
            MapLook l = maprender_look(u->gd, &cell, u->depth, false);
            attr_t a = look_attr(u, &l);
            mvaddch(y, x, (chtype)(unsigned char)l.ch | a);
            addch(' ' | a);
            int yy = y;
            panel_line(x + 2, &yy, w - 2, A_NORMAL, "%s", lines[i] + 2);
            y = yy;
            continue;
        }
        panel_line(x, &y, w, A_NORMAL, "%s", lines[i]);
    }
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
    "z Z               zoom: the full map, the compact map (a hex",
    "                  three letters wide, more of it at once), the",
    "                  whole map at a glance; Z goes the other way",
    "N                 the places' names on or off",
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
    ui_bar(0, status);
    draw_map(u);
    draw_panel(u);
    const char *keys = COLS >= 80 ? " arrows/hjkl move  z zoom  N names  i ids  Tab legend  ? help  q quit"
                                  : " hjkl move  z zoom  i ids  Tab legend  ? help  q quit";
    ui_bar(LINES - 1, keys);
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
        int vx, vy;
        view_origin(u, &vx, &vy);
        if (u->overview) { /* a click on the overview goes there on the full map */
            if (maprender_overview_hex_at(&u->gd->map, vx + ev->x, vy + ev->y - 1, &h)) {
                u->cursor = h;
                u->overview = false;
                centre_on_cursor(u);
            }
            return false;
        }
        if (u->compact ? maprender_compact_hex_at(&u->gd->map, vx + ev->x, vy + ev->y - 1, &h)
                       : maprender_hex_at(&u->gd->map, vx + ev->x, vy + ev->y - 1, &h)) {
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
    maprender_free(&u->canvas_compact);
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
        case 'Z':
        case 'N':
            map_view_key(u, key);
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
