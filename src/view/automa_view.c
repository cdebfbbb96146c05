/* The Automa's display as text: see automa_view.h.
 *
 * The lines are drawn on a grid of AV_WIDTH columns as boxes side by side,
 * like the physical AI Display; with the shipped data, 80 columns by 22
 * lines (the slots, the boxes and the strategy map's formations set the
 * height):
 *
 *   +- ACTIVATION TRACK - HOOKER ----+- CHANCELLORSVILLE WHEEL: open, 0 arrived ---+
 *   | 1 V Corps   | 1 A <1+2         |   1 -          2 -          3 -             |
 *   | 2 XI Corps  | 2 A      HOOKER  | 8 - [029]                     4 - [110/111] |
 *   | 3 XII Corps | 3 A <3+4         |   7 -          6 -          5 -             |
 *   | 4 III Corps | 4 C              +- HOLDING BOX -------------------------------+
 *   | 5 II Corps  | 5 C <5+6         | 1 -            2 -                          |
 *   | 6 -         | 6 C              +- VP TRACK: 12 ------------------------------+
 *   | 7 -         | ** AGGRESSIVE ** | 0 |....|....|.*..|....|....| 25             |
 *   |             |                  | Confederate counters lost: 0                |
 *   +- TURN TRACK: turn 1 -----------+---------------------------------------------+
 *   |  [1] 2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20                 |
 *   |         Indep.   I Corps             VI Corps Obj. X                         |
 *   +- STRATEGY MAP ---------------------------------------------------------------+
 *   | I Corps   waiting    [018] Left Wing Crossings -> -                          |
 *   | ...                                                                          |
 *   +------------------------------------------------------------------------------+
 *
 * Every size comes from the data (slots, boxes, wheel slots, the VP track's
 * ends, the scenario's turns). A name that does not fit loses " Corps"
 * ("XII Corps" -> "XII"), then is cut. */
#include "view/automa_view.h"
#include "view/booklet_doc.h"

#include <stdio.h>
#include <string.h>

#include "automa/automa.h"

#define W AV_WIDTH
#define NAME_MAX_LEN 48

/* ---- the grid ---------------------------------------------------------- */

static bool row_ok(const AutomaView *v, int r) { return r >= 0 && r < AV_MAX_LINES && r < v->n; }

/* Text s from column c, never at or past column end (nor past the width). */
static void put(AutomaView *v, int r, int c, int end, const char *s)
{
    if (!row_ok(v, r))
        return;
    if (end > W)
        end = W;
    for (; *s && c < end; s++, c++)
        if (c >= 0)
            v->line[r][c] = *s;
}

static void putc_at(AutomaView *v, int r, int c, char ch)
{
    if (row_ok(v, r) && c >= 0 && c < W)
        v->line[r][c] = ch;
}

/* A box's top (or bottom) edge from column c0 to c1, with its title:
 * "+- TITLE -----+". */
static void edge(AutomaView *v, int r, int c0, int c1, const char *title)
{
    putc_at(v, r, c0, '+');
    for (int c = c0 + 1; c < c1; c++)
        putc_at(v, r, c, '-');
    putc_at(v, r, c1, '+');
    if (title && *title) {
        char t[W + 3];
        snprintf(t, sizeof t, " %s ", title);
        put(v, r, c0 + 2, c1 - 1, t);
    }
}

static void sides(AutomaView *v, int r, int c0, int c1)
{
    putc_at(v, r, c0, '|');
    putc_at(v, r, c1, '|');
}

/* ---- names ------------------------------------------------------------- */

/* A formation's short name: "XII Corps", "Gibbon" ("2nd Division (Gibbon)"),
 * "-" for none. With abbr, a corps by its number alone: "XII". */
static const char *short_name(const GameData *gd, int f, bool abbr, char *buf, size_t size)
{
    if (f < 0 || f >= gd->automa.nformations) {
        snprintf(buf, size, "-");
        return buf;
    }
    const char *name = automa_formation_name(gd, f);
    const char *open = strchr(name, '(');
    if (gd->automa.formations[f].counter >= 0 && open) /* a lone division: its commander */
        snprintf(buf, size, "%.*s", (int)strcspn(open + 1, ")"), open + 1);
    else
        snprintf(buf, size, "%s", name);
    size_t len = strlen(buf);
    static const char corps[] = " Corps";
    if (abbr && len > sizeof corps - 1 && strcmp(buf + len - (sizeof corps - 1), corps) == 0)
        buf[len - (sizeof corps - 1)] = '\0';
    return buf;
}

static int max_int(int a, int b) { return a > b ? a : b; }

/* ---- the Activation Track and Hooker's column --------------------------- */

static void hooker_cell(const GameData *gd, const AutomaState *a, int b, int linkw, char *buf, size_t size)
{
    const HookerBox *hb = &gd->automa.track.box[b];
    char link[32] = "";
    if (hb->linked[0])
        snprintf(link, sizeof link, "<%d+%d", hb->linked[0], hb->linked[1]);
    bool here = a->hooker_where == HK_COLUMN && a->hooker_box == b;
    snprintf(buf, size, "%d %c %-*s %s", b, hb->attitude == ATT_CAUTIOUS ? 'C' : 'A', linkw, link,
             here ? "HOOKER" : "");
}

static int link_width(const GameData *gd)
{
    int linkw = 0;
    char cell[32];
    for (int b = 1; b <= gd->automa.track.hooker_boxes; b++)
        if (gd->automa.track.box[b].linked[0]) {
            snprintf(cell, sizeof cell, "<%d+%d", gd->automa.track.box[b].linked[0], gd->automa.track.box[b].linked[1]);
            linkw = max_int(linkw, (int)strlen(cell));
        }
    return linkw;
}

/* The widths of the two columns inside the left box, from the data. */
static void left_widths(const GameData *gd, int *w1, int *w2)
{
    const ActivationTrack *t = &gd->automa.track;
    char buf[NAME_MAX_LEN], cell[64];
    int name = 1;
    for (int i = 0; i < t->nmarkers; i++)
        name = max_int(name, (int)strlen(short_name(gd, t->markers[i], false, buf, sizeof buf)));
    *w1 = 1 + snprintf(cell, sizeof cell, "%d", t->slots) + 1 + name + 1;
    int cellw = snprintf(cell, sizeof cell, "%d A %*s HOOKER", t->hooker_boxes, link_width(gd), "");
    *w2 = 1 + max_int(cellw, (int)strlen("** AGGRESSIVE **")) + 1;
}

/* Rows 1..rows of the left box (its edges drawn by the caller), from column
 * 0 to lx: the slots, and beside them Hooker's boxes, the attitude and where
 * Hooker is when he is off his column. */
static void draw_track(const Game *g, AutomaView *v, int rows, int w1, int lx)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &gd->automa.track;
    int sep = 1 + w1, linkw = link_width(gd);
    for (int i = 0; i < rows; i++) {
        int r = 1 + i;
        char cell[64], name[NAME_MAX_LEN];
        sides(v, r, 0, lx);
        putc_at(v, r, sep, '|');
        if (i < t->slots) {
            snprintf(cell, sizeof cell, "%d %s", i + 1, short_name(gd, a->track[i], false, name, sizeof name));
            put(v, r, 2, sep - 1, cell);
        }
        cell[0] = '\0';
        if (i < t->hooker_boxes)
            hooker_cell(gd, a, i + 1, linkw, cell, sizeof cell);
        else if (i == t->hooker_boxes) /* the attitude, under the boxes that give it */
            snprintf(cell, sizeof cell, "** %s **", a->attitude == ATT_CAUTIOUS ? "CAUTIOUS" : "AGGRESSIVE");
        else if (i == t->hooker_boxes + 1 && a->hooker_where == HK_CUP)
            snprintf(cell, sizeof cell, "Hooker: cup");
        else if (i == t->hooker_boxes + 1 && a->hooker_where == HK_TURN_TRACK)
            snprintf(cell, sizeof cell, "Hooker: turn %d", a->hooker_turn);
        put(v, r, sep + 2, lx - 1, cell);
    }
}

/* ---- the Chancellorsville Wheel ------------------------------------------ */

static void wheel_cell(const Game *g, int s, bool abbr, char *buf, size_t size)
{
    const WheelSlot *ws = &g->gd->automa.wheel.slot[s];
    char name[NAME_MAX_LEN], trig[24] = "";
    if (ws->trigger[0] && ws->trigger[0] == ws->trigger[1])
        snprintf(trig, sizeof trig, " [%03d]", ws->trigger[0]);
    else if (ws->trigger[0] || ws->trigger[1])
        snprintf(trig, sizeof trig, " [%03d/%03d]", ws->trigger[0], ws->trigger[1]);
    snprintf(buf, size, "%d %s%s", s, short_name(g->gd, AUTOMA(g->st).wheel[s], abbr, name, sizeof name), trig);
}

/* A cell of a ring row in at most width columns: the full name, else the
 * corps number, else cut. */
static void fit_cell(const Game *g, int s, int width, char *buf, size_t size)
{
    wheel_cell(g, s, false, buf, size);
    if ((int)strlen(buf) > width)
        wheel_cell(g, s, true, buf, size);
    if (width >= 0 && (int)strlen(buf) > width)
        buf[width] = '\0';
}

/* The slots clockwise from slot 1, by their `next` links (in number order if
 * the links do not make one circle). */
static int ring_order(const Wheel *w, int *order)
{
    int n = w->slots < WHEEL_MAX_SLOTS ? w->slots : WHEEL_MAX_SLOTS;
    bool seen[WHEEL_MAX_SLOTS + 1] = {false};
    int s = 1, k = 0;
    while (k < n && s >= 1 && s <= n && !seen[s]) {
        seen[s] = true;
        order[k++] = s;
        s = w->slot[s].next;
    }
    if (k != n)
        for (k = 0; k < n; k++)
            order[k] = k + 1;
    return n;
}

/* The ring in three rows from row r, columns c..c+width-1: the first slots
 * clockwise along the top, one on the right, the next ones back along the
 * bottom and the last on the left, so each slot faces its opposite. */
static void draw_wheel(const Game *g, AutomaView *v, int r, int c, int width)
{
    const AutomaState *a = &AUTOMA(g->st);
    int order[WHEEL_MAX_SLOTS], n = ring_order(&g->gd->automa.wheel, order);
    if (n <= 0)
        return;
    int top = (n - 1) / 2, bottom = n - 2 - top > 0 ? n - 2 - top : 0;
    char cell[64];
    int indent = 2, cw = top > 0 ? (width - 2 * indent) / top : width;
    for (int i = 0; i < top; i++) {
        fit_cell(g, order[i], cw - 1, cell, sizeof cell);
        put(v, r, c + indent + i * cw, c + width, cell);
    }
    for (int i = 0; i < bottom; i++) { /* right to left */
        fit_cell(g, order[top + 1 + i], cw - 1, cell, sizeof cell);
        put(v, r + 2, c + indent + (bottom - 1 - i) * cw, c + width, cell);
    }
    /* the middle row: the last slot on the left, the one after the top on
     * the right, the advance roll between them */
    char left[64] = "", right[64] = "";
    const char *hub = a->wheel_rolling && !a->wheel_closed ? "advance roll" : ""; /* made each turn's end */
    bool abbr = false;
    for (int pass = 0; pass < 3; pass++) {
        wheel_cell(g, order[top], abbr, right, sizeof right);
        if (n >= 2)
            wheel_cell(g, order[n - 1], abbr, left, sizeof left);
        int need = (int)strlen(left) + 1 + (int)strlen(right) + (*hub ? (int)strlen(hub) + 2 : 0);
        if (need <= width)
            break;
        if (!abbr)
            abbr = true;
        else
            hub = "";
    }
    int rl = (int)strlen(right);
    if (rl > width)
        rl = width;
    put(v, r + 1, c, c + width - rl - 1, left);
    put(v, r + 1, c + width - rl, c + width, right);
    if (*hub) {
        int l = (int)strlen(left), free = width - rl - l;
        put(v, r + 1, c + l + (free - (int)strlen(hub)) / 2, c + width - rl - 1, hub);
    }
}

/* ---- the VP track --------------------------------------------------------- */

/* A ruler from the track's low end to its high end: a tick every five, the
 * counters placed from each end, the marker '*'. */
static void draw_vp(const Game *g, AutomaView *v, int r, int c, int width)
{
    const AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &g->gd->automa.track;
    char bar[W + 1];
    int span = t->vp_max - t->vp_min, len = 0;
    for (int x = 0; x <= span && len < W; x++) {
        int vp = t->vp_min + x;
        char ch = vp % 5 == 0 ? '|' : '.';
        if (vp == a->vp)
            ch = '*';
        else if (x < a->low_counters)
            ch = 'C'; /* Confederate counters, placed from the low end */
        else if (x > span - a->high_counters)
            ch = 'U'; /* Automa counters, from the high end */
        bar[len++] = ch;
    }
    bar[len] = '\0';
    char line[2 * W];
    snprintf(line, sizeof line, "%d %s %d", t->vp_min, bar, t->vp_max);
    put(v, r, c, c + width, line);
    snprintf(line, sizeof line, "Confederate counters lost: %d", a->confederate_lost);
    put(v, r + 1, c, c + width, line);
}

/* ---- the turn track --------------------------------------------------------- */

typedef struct {
    int turn;
    char label[2 * NAME_MAX_LEN];
} Waiting;

/* The markers on the turn track, by turn ("Indep.", "I Corps", "Obj. X",
 * "Hooker"); those on one turn share a label ("Hooker+I Corps"). */
static int waiting_markers(const Game *g, Waiting *out, int max)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &gd->automa.track;
    int n = 0;
    for (int i = 0; i <= t->nturn_markers && n < max; i++) {
        int turn;
        char name[NAME_MAX_LEN];
        if (i == t->nturn_markers) { /* Hooker, after the markers */
            if (a->hooker_where != HK_TURN_TRACK)
                break;
            turn = a->hooker_turn;
            snprintf(name, sizeof name, "Hooker");
        } else {
            const TurnMarker *m = &t->turn_markers[i];
            turn = a->marker_turn[i];
            if (!turn)
                continue;
            if (m->kind == TM_CORPS)
                short_name(gd, m->formation, false, name, sizeof name);
            else
                snprintf(name, sizeof name, "%s", m->kind == TM_INDEPENDENT ? "Indep." : "Obj. X");
        }
        int j = 0;
        while (j < n && out[j].turn != turn)
            j++;
        if (j < n) {
            size_t len = strlen(out[j].label);
            snprintf(out[j].label + len, sizeof out[j].label - len, "+%s", name);
            continue;
        }
        for (j = n++; j > 0 && out[j - 1].turn > turn; j--) /* in turn order */
            out[j] = out[j - 1];
        out[j].turn = turn;
        snprintf(out[j].label, sizeof out[j].label, "%s", name);
    }
    return n;
}

/* Row r: a cell per turn of the scenario, the turn marker's [ ] round the
 * turn being played; row r + 1: each marker under its turn. */
static void draw_turns(const Game *g, AutomaView *v, int r, int c, int width)
{
    const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
    int first = sc->first_turn, last = sc->last_turn, nt = last - first + 1;
    if (nt < 1)
        return;
    int cw = width / nt > 4 ? 4 : width / nt;
    if (cw < 3)
        cw = 3;
    int cells = nt * cw < width ? nt : width / cw;
    char num[16];
    for (int i = 0; i < cells; i++) {
        int turn = first + i, x = c + i * cw;
        int nd = snprintf(num, sizeof num, "%d", turn);
        int at = x + cw - nd;
        put(v, r, at, c + width, num);
        if (turn == g->st.turn) {
            putc_at(v, r, at - 1, '[');
            if (at + nd < c + width)
                putc_at(v, r, at + nd, ']');
        }
    }
    Waiting w[AUTOMA_MAX_MARKERS + 1];
    int n = waiting_markers(g, w, AUTOMA_MAX_MARKERS + 1);
    int after = c + cells * cw + 2; /* markers beyond the cells: after them */
    for (int k = 0; k < n; k++) {
        int i = w[k].turn - first;
        if (i < 0 || i >= cells) {
            char t[64];
            int len = snprintf(t, sizeof t, "%d:%s", w[k].turn, w[k].label);
            put(v, r, after, c + width, t);
            after += len + 1;
            continue;
        }
        int nd = snprintf(num, sizeof num, "%d", w[k].turn);
        int at = c + i * cw + cw - nd, end = c + width;
        if (k + 1 < n && w[k + 1].turn - first < cells) { /* up to the next one */
            int j = w[k + 1].turn - first;
            snprintf(num, sizeof num, "%d", w[k + 1].turn);
            end = c + j * cw + cw - (int)strlen(num) - 1;
        }
        put(v, r + 1, at, end, w[k].label);
    }
}

/* ---- the strategy map -------------------------------------------------------- */

static void draw_formation(const Game *g, AutomaView *v, int r, int c, int width, int f)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &AUTOMA(g->st);
    static const char *const status[] = {"track", "cup", "holding", "wheel", "waiting", "indep.", "gone"};
    int st = a->status[f];
    char name[NAME_MAX_LEN], combat[8] = "", area[64], obj[128] = "-";
    short_name(gd, f, false, name, sizeof name);
    if (a->combat[f])
        snprintf(combat, sizeof combat, "%+d", a->combat[f]);
    if (a->area[f] >= 0)
        snprintf(area, sizeof area, "[%03d] %-19.19s", gd->areas[a->area[f]].number, gd->areas[a->area[f]].name);
    else
        snprintf(area, sizeof area, "[000] %-19s", "?");
    char line[2 * W];
    int len = snprintf(line, sizeof line, "%-9s %-7s %2s %s -> ", name,
                       st >= 0 && st < (int)(sizeof status / sizeof *status) ? status[st] : "?", combat, area);
    if (a->obj_area[f] >= 0) {
        char value[16];
        int vl = snprintf(value, sizeof value, " (%d)", a->obj_value[f]);
        int room = width - len - 6 - vl; /* "[019] " and the value */
        if (room < 1)
            room = 1;
        char oname[64];
        snprintf(oname, sizeof oname, "%.*s", room, gd->areas[a->obj_area[f]].name);
        size_t ol = strlen(oname);
        while (ol > 0 && oname[ol - 1] == ' ')
            oname[--ol] = '\0';
        snprintf(obj, sizeof obj, "[%03d] %s%s", gd->areas[a->obj_area[f]].number, oname, value);
    }
    if (len >= 0 && (size_t)len < sizeof line)
        snprintf(line + len, sizeof line - (size_t)len, "%s", obj);
    put(v, r, c, c + width, line);
}

/* ---- the display ------------------------------------------------------------- */

bool automa_view(const Game *g, AutomaView *v)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &AUTOMA(g->st);
    const AutomaData *ad = &gd->automa;
    memset(v, 0, sizeof *v);
    if (!a->on)
        return false;
    int w1, w2;
    left_widths(gd, &w1, &w2);
    int lx = 2 + w1 + w2; /* the column the left box and the right ones share */
    if (lx > W - 24)
        lx = W - 24;
    int left_rows = max_int(ad->track.slots, ad->track.hooker_boxes + 2);
    int right_rows = 3 + 1 + 1 + 1 + 2; /* wheel, holding box, VP track */
    int top = max_int(left_rows, right_rows);
    int turn_row = 1 + top, map_row = turn_row + 3, bottom = map_row + 1 + ad->nformations;
    v->n = bottom + 1 < AV_MAX_LINES ? bottom + 1 : AV_MAX_LINES;
    for (int r = 0; r < v->n; r++) {
        memset(v->line[r], ' ', W);
        v->line[r][W] = '\0';
    }
    int rx = W - 1, inner = rx - lx - 3; /* the right boxes' text: columns lx + 2 .. rx - 2 */
    /* the left box: the Activation Track beside Hooker's column */
    edge(v, 0, 0, lx, "ACTIVATION TRACK - HOOKER");
    draw_track(g, v, top, w1, lx);
    /* the right column: the wheel, the holding box, the VP track */
    char title[W + 1];
    snprintf(title, sizeof title, "CHANCELLORSVILLE WHEEL: %s, %d arrived", a->wheel_closed ? "closed" : "open",
             a->arrivals);
    edge(v, 0, lx, rx, title);
    for (int r = 1; r <= top; r++)
        sides(v, r, lx, rx);
    draw_wheel(g, v, 1, lx + 2, inner);
    edge(v, 4, lx, rx, "HOLDING BOX");
    char name0[NAME_MAX_LEN], name1[NAME_MAX_LEN], hold[2 * W];
    snprintf(hold, sizeof hold, "1 %-12s 2 %s", short_name(gd, a->holding[0], false, name0, sizeof name0),
             short_name(gd, a->holding[1], false, name1, sizeof name1));
    put(v, 5, lx + 2, rx - 1, hold);
    snprintf(title, sizeof title, "VP TRACK: %d", a->vp);
    edge(v, 6, lx, rx, title);
    draw_vp(g, v, 7, lx + 2, inner);
    /* the turn track, full width */
    snprintf(title, sizeof title, "TURN TRACK: turn %d%s", g->st.turn, a->independent ? " - Independent in play" : "");
    edge(v, turn_row, 0, rx, title);
    if (row_ok(v, turn_row) && v->line[turn_row][lx] == '-') /* the boxes' junction, unless the title runs over it */
        putc_at(v, turn_row, lx, '+');
    if (row_ok(v, turn_row) && 1 + w1 < AV_WIDTH && v->line[turn_row][1 + w1] == '-')
        putc_at(v, turn_row, 1 + w1, '+');
    for (int r = turn_row + 1; r < map_row; r++)
        sides(v, r, 0, rx);
    draw_turns(g, v, turn_row + 1, 2, rx - 3);
    /* the strategy map */
    edge(v, map_row, 0, rx, "STRATEGY MAP");
    for (int f = 0; f < ad->nformations; f++) {
        sides(v, map_row + 1 + f, 0, rx);
        draw_formation(g, v, map_row + 1 + f, 2, rx - 3, f);
    }
    edge(v, bottom, 0, rx, NULL);
    for (int r = 0; r < v->n; r++) {
        size_t len = strlen(v->line[r]);
        while (len > 0 && v->line[r][len - 1] == ' ')
            v->line[r][--len] = '\0';
    }
    return true;
}

const char *automa_window_name(int window)
{
    static const char *const label[RW_COUNT] = {"Behaviour", "Prox. Aggr.", "Prox. Caut.", "Bombard", "Independ.",
                                                "Activation"};
    return window >= 0 && window < RW_COUNT ? label[window] : "?";
}

bool automa_page_picture(const GameData *gd, int page, int anchor, int window, int attitude, PagePicture *out)
{
    memset(out, 0, sizeof *out);
    if (!gd->automa.present || page < 2 || page > 12)
        return false;
    const BookletPage *bp = &gd->automa.pages[page];
    out->page = page;
    out->anchor = anchor;
    out->ncells = bp->ncells < BORDER_MAX ? bp->ncells : BORDER_MAX;
    snprintf(out->title, sizeof out->title, "%s", bp->title);
    for (int i = 0; i < out->ncells; i++) {
        snprintf(out->value[i], sizeof out->value[i], "%s", bp->cell[i].token);
        out->window[i] = -1;
    }
    bool any = false;
    for (int w = 0; w < RW_COUNT; w++) {
        int cell = anchor + gd->automa.window[w];
        if (cell < 1 || cell > out->ncells)
            continue;
        out->window[cell - 1] = (signed char)w;
        booklet_cell_words(gd, &bp->cell[cell - 1], w, out->words[cell - 1], sizeof out->words[cell - 1]);
        out->read[cell - 1] = window >= 0 ? w == window
                                          : w == RW_BEHAVIOUR || w == RW_BOMBARD ||
                                                w == (attitude == ATT_CAUTIOUS ? RW_PROX_CAUTIOUS : RW_PROX_AGGRESSIVE);
        any = true;
    }
    return any;
}
