/* The curses screen of The Red Die of Courage (issue 18): its menu (a
 * battlefield, then two players on one screen with a curtain between the
 * sides, or against the computer as either side; resume), the game,
 * autosaved after every decision (play/rd_play.h), and guv replay's steps
 * through a save. What to draw comes from view/rd_screen.h; the orders
 * offered are rd_legal's and the dice any number rd_refusal accepts,
 * nothing else.
 *
 * The orders: a list of the squads' activations (a move is one line per
 * squad: Enter then puts a cursor on the field, the cells it may reach
 * lit), + and - the dice, the odds of the roll shown before it is made. */
#include "ui/ui_internal.h"

#include "play/rd_play.h"
#include "rd_ai/rd_ai.h"
#include "ui/ui_box.h"
#include "view/rd_screen.h"

enum { RD_PANEL_W = 23, RD_BOTTOM = 4 };

typedef struct {
    Ui *u;
    const RdData *rd;
    RdPlay play;
    RdChooser chooser;
    void *chooser_ctx;
    RdComputer computer;
    RdDecision legal[RD_MAX_LEGAL];
    int nlegal;
    int entry[RD_MAX_LEGAL], nentry; /* the list: indexes into legal, a move one line per squad */
    int sel, top;
    int dice;    /* the dice chosen (raised to the least an order takes) */
    bool aiming; /* the cursor on the field: where the chosen squad goes */
    int cur_col, cur_row, line;
    bool dest[RD_MAX_H][RD_MAX_W];
    int vx, vy; /* the field's cell at the view's top left */
    int overlay; /* 0 none, 1 the log, 2 help */
    int log_back;
    int seen_side;
    int replay_at; /* guv replay: the records shown; -1 playing */
    int news_from; /* the log entries since the player's last order start here */
    const char *news_lead; /* "since your order:", or before any: "since the start:", "since you resumed:" */
    bool fresh; /* an order was just carried out: the line under the question tells what came of it until a key
                 * picks another order (then it describes that one's target) */
    char msg[600];
} RdUi;

static RdData rdd;
static RdUi s; /* large: the legal list */

static bool roams(int kind) { return kind == RD_D_MOVE || kind == RD_D_ADVANCE; }

static const RdDecision *selected(const RdUi *u) { return u->nentry > 0 ? &u->legal[u->entry[u->sel]] : NULL; }

static void list_refresh(RdUi *u)
{
    u->nentry = 0;
    u->nlegal = u->replay_at >= 0 ? 0 : rd_legal(&u->play.g, u->legal, RD_MAX_LEGAL);
    if (u->nlegal > RD_MAX_LEGAL)
        u->nlegal = RD_MAX_LEGAL;
    for (int i = 0; i < u->nlegal; i++) {
        const RdDecision *d = &u->legal[i];
        bool dup = false;
        for (int k = 0; k < u->nentry && roams(d->kind); k++) {
            const RdDecision *e = &u->legal[u->entry[k]];
            dup = dup || (e->kind == d->kind && e->squad == d->squad);
        }
        if (!dup)
            u->entry[u->nentry++] = i;
    }
    if (u->sel >= u->nentry)
        u->sel = u->nentry ? u->nentry - 1 : 0;
}

/* The decision the screen would make now: the entry chosen, with the
 * dice chosen and, aiming, the cursor's cell. */
static RdDecision current(const RdUi *u)
{
    RdDecision d = *selected(u);
    if (u->aiming) {
        d.col = (int8_t)u->cur_col;
        d.row = (int8_t)u->cur_row;
        d.line = (int8_t)u->line;
    }
    int min = rd_min_dice(&u->play.g, &d);
    if (d.kind == RD_D_MOVE || d.kind == RD_D_FIRE || d.kind == RD_D_ASSAULT || (d.kind == RD_D_DEFEND && d.dice > 0))
        d.dice = (int8_t)(u->dice > min ? u->dice : d.dice > min ? d.dice : min);
    return d;
}

static bool dice_chosen(const RdDecision *d)
{
    return d->kind == RD_D_MOVE || d->kind == RD_D_FIRE || d->kind == RD_D_ASSAULT ||
           (d->kind == RD_D_DEFEND && d->dice > 0);
}

static void start_aiming(RdUi *u)
{
    const RdDecision *e = selected(u);
    memset(u->dest, 0, sizeof u->dest);
    for (int i = 0; i < u->nlegal; i++) {
        const RdDecision *d = &u->legal[i];
        if (d->kind == e->kind && d->squad == e->squad && d->row >= 0 && d->col >= 0)
            u->dest[d->row][d->col] = true;
    }
    /* the cursor on the destination nearest the leader (a step: his own cell is no move) */
    int leader = e->squad >= 0 ? rd_leader(&u->play.g, e->squad) : rd_leader(&u->play.g, u->play.g.act.squad);
    RdCell c = leader >= 0 ? rd_soldier_cell(&u->play.g, leader) : (RdCell){(int8_t)e->col, (int8_t)e->row};
    u->cur_col = e->col;
    u->cur_row = e->row;
    int best = -1;
    for (int r = 0; r < RD_MAX_H; r++)
        for (int k = 0; k < RD_MAX_W; k++) {
            int d2 = (r - c.row) * (r - c.row) + (k - c.col) * (k - c.col);
            if (u->dest[r][k] && d2 > 0 && (best < 0 || d2 < best)) {
                best = d2;
                u->cur_col = k;
                u->cur_row = r;
            }
        }
    u->line = 0;
    u->aiming = true;
}

static int squad_of(const RdUi *u, const RdDecision *d) { return d->squad >= 0 ? d->squad : u->play.g.act.squad; }

static attr_t style(const RdUi *u, int st)
{
    bool c = u->u->colour;
    switch (st) {
    case RDS_OPEN:
        return c ? COLOR_PAIR(COLOR_WHITE + 1) | A_DIM : A_DIM;
    case RDS_WOODS:
        return c ? COLOR_PAIR(COLOR_GREEN + 1) : A_NORMAL;
    case RDS_WET:
        return c ? COLOR_PAIR(COLOR_CYAN + 1) : A_NORMAL;
    case RDS_ROUGH:
    case RDS_ROAD:
        return c ? COLOR_PAIR(COLOR_YELLOW + 1) : A_NORMAL;
    case RDS_BUILDING:
    case RDS_EDGE:
        return c ? COLOR_PAIR(COLOR_YELLOW + 1) | A_BOLD : A_BOLD;
    case RDS_OBJECTIVE:
        return c ? COLOR_PAIR(COLOR_MAGENTA + 1) | A_BOLD : A_BOLD;
    case RDS_UNION:
        return c ? COLOR_PAIR(COLOR_BLUE + 1) | A_BOLD : A_BOLD;
    case RDS_CONFED:
        return c ? COLOR_PAIR(COLOR_RED + 1) | A_BOLD : A_BOLD;
    case RDS_UNION_HURT:
        return (c ? COLOR_PAIR(COLOR_BLUE + 1) : 0) | A_UNDERLINE;
    case RDS_CONFED_HURT:
        return (c ? COLOR_PAIR(COLOR_RED + 1) : 0) | A_UNDERLINE;
    case RDS_PICK:
        return A_REVERSE | A_BOLD;
    case RDS_TARGET:
        return c ? COLOR_PAIR(COLOR_RED + 1) | A_REVERSE : A_REVERSE | A_UNDERLINE;
    case RDS_LOF:
        return c ? COLOR_PAIR(COLOR_YELLOW + 1) | A_BOLD : A_BOLD;
    case RDS_BLOCKED:
        return c ? COLOR_PAIR(COLOR_RED + 1) | A_BOLD : A_DIM;
    case RDS_DEST:
        return c ? COLOR_PAIR(COLOR_GREEN + 1) | A_REVERSE : A_UNDERLINE;
    case RDS_CURSOR:
        return A_REVERSE | A_BLINK;
    default:
        return A_NORMAL;
    }
}

static int viewer_of(const RdUi *u)
{
    if (u->play.computer >= 0)
        return 1 - u->play.computer;
    int m = rd_to_move(&u->play.g);
    return m >= 0 ? m : u->seen_side >= 0 ? u->seen_side : RD_UNION;
}

/* Cuts text into rows of at most `first` characters, then `more`, at spaces where it can: each
 * row's start and length; returns how many (at most max). */
static int wrap_rows(const char *text, int first, int more, int *start, int *len, int max)
{
    int n = 0, at = 0, total = (int)strlen(text);
    while (n < max && (at < total || n == 0)) {
        int room = n == 0 ? first : more, take = total - at;
        if (take > room) {
            take = room;
            for (int k = room; k > room / 2; k--)
                if (text[at + k] == ' ') {
                    take = k;
                    break;
                }
        }
        start[n] = at;
        len[n++] = take;
        at += take;
        while (text[at] == ' ')
            at++;
    }
    return n;
}

/* The log's last entries ending log_back entries from its end, the newest at the bottom (from
 * the top while all fit); an entry longer than the width goes on over the next rows, indented. */
static void draw_log_lines(const RdUi *u, int x, int y, int w, int h)
{
    enum { MAX_ROWS = 16 };
    int end = u->play.nlog - u->log_back, more = w > 8 ? w - 2 : w;
    if (end < 0)
        end = 0;
    int used = 0, first = end;
    while (first > 0 && used < h) { /* the entries that show, and the rows they take */
        char line[400];
        int st[MAX_ROWS], ln[MAX_ROWS];
        rd_event_format(&u->play.g, &u->play.log[first - 1].e, line, sizeof line);
        used += wrap_rows(line, w, more, st, ln, MAX_ROWS);
        first--;
    }
    int r = used < h ? y : y + h - used; /* the first entry may start above the view */
    for (int i = first; i < end; i++) {
        char line[400];
        int st[MAX_ROWS], ln[MAX_ROWS];
        rd_event_format(&u->play.g, &u->play.log[i].e, line, sizeof line);
        int rows = wrap_rows(line, w, more, st, ln, MAX_ROWS);
        for (int k = 0; k < rows; k++, r++)
            if (r >= y && r < y + h)
                mvaddnstr(r, k ? x + 2 : x, line + st[k], ln[k]);
    }
}

static void rd_draw_help(void)
{
    static const char *const keys[] = {
        "The Red Die of Courage: the keys",
        "Up Down  choose an order      Enter  carry it out (a move: choose where)",
        "+ -      the dice to roll (at least two; red and repeat dice are added)",
        "Aiming a move: arrows the cursor (PgUp PgDn Home End: 8 cells), l in line,",
        "         Enter go there, Esc back.   L the log   u take back (not past",
        "         a die)   ?  this help   q  back to the menu (the game is saved)",
        "Hits on your squad: choose who takes each, or a: all, the healthiest first.",
        "A field larger than the screen follows the order's squad; aim a move to look",
        "         around (Enter, the arrows, Esc). The squads' bar says what shows.",
        "",
        NULL};
    erase();
    int y = 1;
    for (int i = 0; keys[i] && y < LINES - 1; i++)
        mvaddnstr(y++, 1, keys[i], COLS - 2);
    const char *const *sym = rd_symbol_lines();
    for (int i = 0; sym[i] && y < LINES - 1; i++)
        mvaddnstr(y++, 1, sym[i], COLS - 2);
    ui_bar(LINES - 1, " any key: back to the game");
}

static void rd_draw_map(RdUi *u, int mapw, int maph, const RdDecision *d)
{
    static RdMapGrid m;
    RdMarks marks;
    rd_marks_none(&marks);
    int focus_col = -1, focus_row = -1;
    if (d) {
        marks.squad = squad_of(u, d);
        if (d->kind == RD_D_FIRE || d->kind == RD_D_ASSAULT)
            marks.target = d->target;
        if (d->kind == RD_D_DEFEND) { /* the assaulting squad, seen from the defender */
            marks.squad = u->play.g.act.target;
            marks.target = u->play.g.act.squad;
        }
        if (d->kind == RD_D_LOSS && d->target >= 0) {
            RdCell c = rd_soldier_cell(&u->play.g, d->target);
            marks.col = focus_col = c.col;
            marks.row = focus_row = c.row;
        }
        int l = marks.squad >= 0 ? rd_leader(&u->play.g, marks.squad) : -1;
        if (l >= 0 && focus_col < 0) {
            RdCell c = rd_soldier_cell(&u->play.g, l);
            focus_col = c.col;
            focus_row = c.row;
        }
    }
    if (u->aiming) {
        marks.dest = (const bool (*)[RD_MAX_W])u->dest;
        marks.col = focus_col = u->cur_col;
        marks.row = focus_row = u->cur_row;
    }
    rd_map_grid(&m, &u->play.g, &marks);
    if (focus_col >= 0) {
        u->vx = rd_view_origin(u->vx, focus_col, m.w, mapw);
        u->vy = rd_view_origin(u->vy, focus_row, m.h, maph);
    }
    for (int r = 0; r < maph && u->vy + r < m.h; r++)
        for (int c = 0; c < mapw && u->vx + c < m.w; c++) {
            attrset(style(u, m.st[u->vy + r][u->vx + c]));
            mvaddch(1 + r, c, (chtype)(unsigned char)m.ch[u->vy + r][u->vx + c]);
        }
    attrset(A_NORMAL);
}

static void rd_draw_panel(RdUi *u, int x, int w, int h, int mapw, int maph)
{
    int nsq = u->play.g.nsquads, list_h = h - nsq - 1;
    if (list_h < 4)
        list_h = h / 2;
    char title[80];
    snprintf(title, sizeof title, u->replay_at >= 0 ? " replay: record %d" : " %d orders", u->replay_at >= 0 ? u->replay_at : u->nentry);
    attrset(A_REVERSE);
    mvhline(1, x, ' ', w);
    mvaddnstr(1, x, title, w);
    attrset(A_NORMAL);
    int rows = list_h - 1;
    if (u->sel < u->top)
        u->top = u->sel;
    if (u->sel >= u->top + rows)
        u->top = u->sel - rows + 1;
    for (int i = 0; i < rows && u->top + i < u->nentry; i++) {
        const RdDecision *d = &u->legal[u->entry[u->top + i]];
        char text[200];
        if (roams(d->kind)) {
            char name[64];
            rd_squad_name(&u->play.g, d->squad, name, sizeof name);
            if (d->kind == RD_D_MOVE)
                snprintf(text, sizeof text, "%c %s: move...", rd_squad_letter(&u->play.g, d->squad), name);
            else
                snprintf(text, sizeof text, "advance...");
        } else
            rd_decision_words(&u->play.g, d, text, sizeof text);
        bool on = u->top + i == u->sel;
        if (on)
            attrset(A_REVERSE);
        mvaddch(2 + i, x, on ? '>' : ' ');
        mvaddnstr(2 + i, x + 1, text, w - 1);
        attrset(A_NORMAL);
    }
    int y = 1 + list_h;
    attrset(A_REVERSE);
    mvhline(y, x, ' ', w);
    /* a field larger than the view: which part shows (aiming a move moves the view) */
    const RdField *f = u->play.g.field;
    char head[80] = " squads";
    if (maph < f->h && mapw < f->w)
        snprintf(head, sizeof head, " squads r%d-%d/%d c%d-%d/%d", u->vy, u->vy + maph - 1, f->h, u->vx,
                 u->vx + mapw - 1, f->w);
    else if (maph < f->h)
        snprintf(head, sizeof head, " squads  rows %d-%d/%d", u->vy, u->vy + maph - 1, f->h);
    else if (mapw < f->w)
        snprintf(head, sizeof head, " squads  cols %d-%d/%d", u->vx, u->vx + mapw - 1, f->w);
    mvaddnstr(y, x, head, w);
    attrset(A_NORMAL);
    for (int q = 0; q < nsq && y + 1 + q < 1 + h; q++) {
        char line[200];
        rd_squad_line(&u->play.g, q, line, sizeof line);
        attrset(style(u, u->play.g.squads[q].side == RD_UNION ? RDS_UNION : RDS_CONFED));
        mvaddnstr(y + 1 + q, x, line, w);
    }
    attrset(A_NORMAL);
}

static bool news_text(const RdUi *u, char *buf, size_t n);
static bool roll_text(const RdUi *u, char *buf, size_t n);

static void rd_draw_screen(RdUi *u)
{
    erase();
    if (u->overlay == 2) {
        rd_draw_help();
        refresh();
        return;
    }
    char status[300], bar[400];
    rd_status_text(&u->play.g, status, sizeof status);
    snprintf(bar, sizeof bar, " %s%s", status,
             u->play.computer >= 0 ? (u->play.computer == RD_UNION ? " (you: CSA)" : " (you: Union)") : "");
    rd_fit(bar, sizeof bar, COLS);
    ui_bar(0, bar);
    if (u->overlay == 1) {
        draw_log_lines(u, 1, 1, COLS - 2, LINES - 2);
        ui_bar(LINES - 1, " the log  Up Down PgUp PgDn scroll   Esc or L back");
        refresh();
        return;
    }
    int mapw = COLS - RD_PANEL_W - 1, maph = LINES - 1 - RD_BOTTOM;
    if (mapw > u->play.g.field->w)
        mapw = u->play.g.field->w;
    if (maph > u->play.g.field->h)
        maph = u->play.g.field->h;
    RdDecision d = {0};
    const RdDecision *dp = NULL;
    if (selected(u)) {
        d = current(u);
        dp = &d;
    }
    rd_draw_map(u, mapw, maph, dp);
    rd_draw_panel(u, mapw + 1, COLS - mapw - 1, maph, mapw, maph);
    /* the question, the target or the cursor's cell, the odds */
    int y = LINES - RD_BOTTOM;
    char line[700] = "";
    if (u->replay_at >= 0) {
        int last = u->play.nlog - 1;
        if (last >= 0)
            rd_event_format(&u->play.g, &u->play.log[last].e, line, sizeof line);
    } else {
        rd_question_text(&u->play.g, line, sizeof line);
        if (u->play.g.stage == RD_ST_LOSS && u->play.g.act.hits > 1)
            snprintf(line + strlen(line), sizeof line - strlen(line), " (a: all, healthiest first)");
    }
    rd_fit(line, sizeof line, COLS);
    attrset(A_BOLD);
    mvaddnstr(y, 0, line, COLS);
    attrset(A_NORMAL);
    line[0] = '\0';
    if (u->aiming)
        rd_cell_text(&u->play.g, u->cur_col, u->cur_row, line, sizeof line);
    else if (dp && !u->fresh)
        rd_target_text(&u->play.g, dp, line, sizeof line);
    if (!line[0] && u->play.nlog > 0 && u->replay_at < 0 && !news_text(u, line, sizeof line) &&
        !roll_text(u, line, sizeof line))
        rd_event_format(&u->play.g, &u->play.log[u->play.nlog - 1].e, line, sizeof line);
    rd_fit(line, sizeof line, COLS);
    mvaddnstr(y + 1, 0, line, COLS);
    line[0] = '\0';
    RdOdds o;
    if (dp && roams(dp->kind) && !u->aiming)
        snprintf(line, sizeof line, "Enter: choose where on the field");
    else if (dp && rd_odds(&u->play.g, dp, &o)) {
        char odds[300];
        rd_odds_text(&o, COLS, odds, sizeof odds);
        snprintf(line, sizeof line, "%s", odds);
        char why[200];
        if (u->aiming && rd_refusal(&u->play.g, dp, why, sizeof why))
            snprintf(line, sizeof line, "not here: %.200s", why);
    }
    rd_fit(line, sizeof line, COLS);
    attrset(A_BOLD);
    mvaddnstr(y + 2, 0, line, COLS);
    attrset(A_NORMAL);
    if (u->msg[0])
        snprintf(line, sizeof line, " %.500s", u->msg);
    else if (u->replay_at >= 0)
        snprintf(line, sizeof line, " ] [ a record  Home End  L log  ? help  q leave (read-only)");
    else if (dp) {
        char text[200];
        rd_decision_words(&u->play.g, dp, text, sizeof text);
        snprintf(line, sizeof line, " %d/%d> %s%s", u->sel + 1, u->nentry, text,
                 dice_chosen(dp) ? "" : "");
        if (dice_chosen(dp))
            snprintf(line + strlen(line), sizeof line - strlen(line), ", %d dice", dp->dice);
    } else
        snprintf(line, sizeof line, " -");
    ui_bar(LINES - 1, line);
    const char *keys = " Enter +- L u ? q ";
    if ((int)strlen(line) + (int)strlen(keys) < COLS) {
        attrset(A_REVERSE);
        mvaddstr(LINES - 1, COLS - (int)strlen(keys), keys);
        attrset(A_NORMAL);
    }
    refresh();
}

static void after_change(RdUi *u)
{
    u->fresh = false;
    u->sel = u->top = 0;
    u->dice = 0;
    u->aiming = false;
    list_refresh(u);
}

static void computer_moves(RdUi *u)
{
    bool moved = false;
    while (!rd_over(&u->play.g) && rd_to_move(&u->play.g) == u->play.computer) {
        moved = true;
        RdDecision d = u->chooser(&u->play.g, u->chooser_ctx);
        char why[300];
        if (!rd_play_apply(&u->play, &d, why, sizeof why)) {
            snprintf(u->msg, sizeof u->msg, "the computer's decision was refused: %.300s (please report it)", why);
            break;
        }
    }
    bool fresh = u->fresh || moved; /* what the player's order and the computer's answers did */
    after_change(u);
    u->fresh = fresh;
}

static void choose(RdUi *u)
{
    RdDecision d = current(u);
    char why[300];
    int from = u->play.nlog;
    if (!rd_play_apply(&u->play, &d, why, sizeof why)) {
        snprintf(u->msg, sizeof u->msg, "refused: %.500s", why);
        return;
    }
    u->news_from = from; /* what this order and the answers to it did, until the next order */
    u->news_lead = "since your order:";
    after_change(u);
    u->fresh = true;
}

/* 'a' at a loss: every hit left on this squad goes where the computer would put it (the
 * healthiest man first, the leader last: rd_ai's careful level), one decision a hit as if
 * chosen from the list, so the record and the replay are the same. */
static void take_hits(RdUi *u)
{
    int side = rd_to_move(&u->play.g), from = u->play.nlog;
    while (!rd_over(&u->play.g) && u->play.g.stage == RD_ST_LOSS && rd_to_move(&u->play.g) == side) {
        Rng rng;
        rng_seed(&rng, 1); /* the careful level uses no chance */
        RdDecision d = rd_ai_choose(&u->play.g, RD_AI_CAREFUL, &rng);
        char why[300];
        if (!rd_play_apply(&u->play, &d, why, sizeof why)) {
            snprintf(u->msg, sizeof u->msg, "refused: %.500s", why);
            break;
        }
    }
    u->news_from = from;
    u->news_lead = "since your order:";
    after_change(u);
    u->fresh = true;
}

/* The dice of the last activation or defensive fire since the player's order and what came
 * of it ("4th-ga rolled 5 2 2 4: 2 successes; 4th-ga's leader goes to 37,11 (20 cm allowed)"): the roll is the game's point, and the log's last entry alone hides it. False
 * when there was none. */
static bool roll_text(const RdUi *u, char *buf, size_t n)
{
    int a = -1;
    for (int i = u->play.nlog - 1; i >= u->news_from && a < 0; i--)
        if (u->play.log[i].e.kind == RD_EV_ACTIVATE || u->play.log[i].e.kind == RD_EV_DEFEND)
            a = i;
    if (a < 0)
        return false;
    const RdGame *g = &u->play.g;
    char sq[64], faces[120] = "", red[80] = "", outcome[120] = "";
    rd_squad_name(g, u->play.log[a].e.squad, sq, sizeof sq);
    size_t lf = 0, lr = 0;
    int end = a + 1;
    for (; end < u->play.nlog; end++) {
        const RdEvent *e = &u->play.log[end].e;
        if (e->kind == RD_EV_ROLL) {
            int denied = e->other + e->col;
            snprintf(outcome, sizeof outcome, "%d success%s%s", e->value, e->value == 1 ? "" : "es",
                     denied > 0 ? " (some denied)" : "");
            break;
        }
        if (e->kind == RD_EV_FIASCO || e->kind == RD_EV_DISASTER) {
            snprintf(outcome, sizeof outcome, "%s", e->kind == RD_EV_FIASCO ? "a fiasco" : "a disaster");
            break;
        }
        if (e->kind != RD_EV_DIE)
            continue;
        if (e->value2 == RD_ROLL_RED && lr < sizeof red)
            lr += (size_t)snprintf(red + lr, sizeof red - lr, " %d", e->value);
        else if ((e->value2 == RD_ROLL_ACTIVATION || e->value2 == RD_ROLL_REPEAT) && lf < sizeof faces)
            lf += (size_t)snprintf(faces + lf, sizeof faces - lf, " %d", e->value);
    }
    size_t l = (size_t)snprintf(buf, n, "%s rolled%s%s%s%s%s", sq, faces, red[0] ? ", red" : "", red,
                                outcome[0] ? ": " : "", outcome);
    int last = u->play.nlog - 1;
    if (last > end && l < n) {
        char text[400];
        rd_event_format(g, &u->play.log[last].e, text, sizeof text);
        const char *words = strstr(text, ": "); /* the rule's ID is in the log; here the room is short */
        snprintf(buf + l, n - l, "; %s", words ? words + 2 : text);
    }
    return true;
}

/* What happened since the player's last order, when more than one activation did: who acted
 * how often, and the men each side lost ("since your order: Confederates 4 activations, Union 1;
 * lost: Union 4 dead 5 taken, Confederates 1 dead; L: the log"). False when there is little to
 * say (the last event says it). */
static bool news_text(const RdUi *u, char *buf, size_t n)
{
    int acts[RD_SIDES] = {0, 0}, dead[RD_SIDES] = {0, 0}, taken[RD_SIDES] = {0, 0}, fled[RD_SIDES] = {0, 0};
    for (int i = u->news_from; i < u->play.nlog; i++) {
        const RdEvent *e = &u->play.log[i].e;
        if (e->side < 0 || e->side >= RD_SIDES)
            continue;
        acts[e->side] += e->kind == RD_EV_ACTIVATE;
        dead[e->side] += e->kind == RD_EV_WOUND && e->value == 0;
        taken[e->side] += e->kind == RD_EV_PRISONER;
        fled[e->side] += e->kind == RD_EV_SKEDADDLE;
    }
    if (acts[RD_UNION] + acts[RD_CONFEDERATE] < 2)
        return false;
    size_t l = (size_t)snprintf(buf, n, "%s", u->news_lead);
    const char *sep = " ";
    for (int side = 0; side < RD_SIDES && l < n; side++)
        if (acts[side]) {
            l += (size_t)snprintf(buf + l, n - l, "%s%s %d activation%s", sep, rd_side_name(side), acts[side],
                                  acts[side] == 1 ? "" : "s");
            sep = ", ";
        }
    sep = "; lost: ";
    for (int side = 0; side < RD_SIDES && l < n; side++) {
        if (!dead[side] && !taken[side] && !fled[side])
            continue;
        l += (size_t)snprintf(buf + l, n - l, "%s%s", sep, rd_side_name(side));
        if (dead[side] && l < n)
            l += (size_t)snprintf(buf + l, n - l, " %d dead", dead[side]);
        if (taken[side] && l < n)
            l += (size_t)snprintf(buf + l, n - l, " %d taken", taken[side]);
        if (fled[side] && l < n)
            l += (size_t)snprintf(buf + l, n - l, " %d fled", fled[side]);
        sep = ", ";
    }
    if (l < n)
        snprintf(buf + l, n - l, "; L: the log");
    return true;
}

static int draw_curtain_rd(int side)
{
    const char *who = side == RD_UNION ? "Union" : "Confederate";
    char now[100], take[100];
    snprintf(now, sizeof now, "The %s player decides now.", who);
    snprintf(take, sizeof take, "%s player, take the keyboard.", who);
    return ui_box_curtain(now, take, "field");
}

static void rd_draw_end(RdUi *u)
{
    char why[300];
    rd_play_result_text(&u->play, why, sizeof why);
    int y = ui_box_end_head(" The Red Die of Courage  the game is over", why, u->play.computer,
                            rd_result(&u->play.g), RD_DRAW);
    for (int q = 0; q < u->play.g.nsquads && y < LINES - 3; q++) {
        char line[200];
        rd_squad_line(&u->play.g, q, line, sizeof line);
        mvaddnstr(y++, 4, line, COLS - 8);
    }
    ui_bar(LINES - 1, " any key: back to the menu (the game is kept as red-die-finished.save)");
    refresh();
}

/* Scrolls the log overlay; true when the key was its. */
static bool log_key(RdUi *u, int k)
{
    return ui_box_log_key(k, &u->overlay, &u->log_back, u->play.nlog, false);
}

static void aim_key(RdUi *u, int k)
{
    const RdField *f = u->play.g.field;
    int dc = 0, dr = 0;
    switch (k) {
    case KEY_LEFT: dc = -1; break;
    case KEY_RIGHT: dc = 1; break;
    case KEY_UP: dr = -1; break;
    case KEY_DOWN: dr = 1; break;
    case KEY_PPAGE: dr = -8; break;
    case KEY_NPAGE: dr = 8; break;
    case KEY_HOME: dc = -8; break;
    case KEY_END: dc = 8; break;
    case 'l':
        u->line = !u->line;
        return;
    case 27:
        u->aiming = false;
        return;
    case '\n':
    case KEY_ENTER:
        choose(u);
        return;
    default:
        return;
    }
    u->cur_col = u->cur_col + dc < 0 ? 0 : u->cur_col + dc >= f->w ? f->w - 1 : u->cur_col + dc;
    u->cur_row = u->cur_row + dr < 0 ? 0 : u->cur_row + dr >= f->h ? f->h - 1 : u->cur_row + dr;
}

static void flush_rd(void *arg)
{
    RdUi *u = arg;
    bool failing = u->play.save_error[0] != '\0';
    rd_play_flush(&u->play);
    ui_box_flushed(&u->play.file, failing, u->msg, sizeof u->msg);
}

static void run_rd(RdUi *u)
{
    u->seen_side = -1;
    u->replay_at = -1;
    u->news_from = u->play.nlog;
    u->news_lead = u->play.nlog == 0 ? "since the start:" : "since you resumed:";
    after_change(u);
    keys_on_idle(flush_rd, u);
    for (;;) {
        if (u->play.computer >= 0 && !rd_over(&u->play.g) && rd_to_move(&u->play.g) == u->play.computer)
            computer_moves(u);
        if (rd_over(&u->play.g)) {
            rd_draw_end(u);
            keys_get();
            break;
        }
        int mover = rd_to_move(&u->play.g);
        if (u->play.computer < 0 && mover != u->seen_side) {
            int c = draw_curtain_rd(mover);
            if (c < 0)
                break;
            if (c == 0)
                continue;
            u->seen_side = mover;
        }
        rd_draw_screen(u);
        int k = keys_get();
        if (u->msg[0]) {
            u->msg[0] = '\0';
            if (k == '\n' || k == KEY_ENTER)
                continue; /* Enter only takes the message away: it never plays an order unseen */
        }
        if (u->overlay == 2) {
            u->overlay = 0;
            continue;
        }
        if (log_key(u, k))
            continue;
        if (k == 'q' || k == 'Q')
            break;
        if (k == 'L') {
            u->overlay = 1;
            continue;
        }
        if (k == '?') {
            u->overlay = 2;
            continue;
        }
        if (k == 'a' && u->play.g.stage == RD_ST_LOSS) {
            take_hits(u);
            continue;
        }
        u->fresh = false; /* a key that picks, aims or sets the dice: the target's line again */
        const RdDecision *e = selected(u);
        if ((k == '+' || k == '=' || k == '-') && e) {
            RdDecision d = current(u);
            if (!dice_chosen(&d))
                snprintf(u->msg, sizeof u->msg, "this order's dice are not chosen (a rally rolls a die a soldier)");
            else {
                int min = rd_min_dice(&u->play.g, &d), v = d.dice + (k == '-' ? -1 : 1);
                u->dice = v < min ? min : v > RD_MAX_CHOSEN ? RD_MAX_CHOSEN : v;
                if (v < min)
                    snprintf(u->msg, sizeof u->msg, "at least %d dice", min);
            }
            continue;
        }
        if (k == 'u') {
            int side = viewer_of(u);
            char why[300];
            if (rd_play_undo(&u->play, side, why, sizeof why)) {
                after_change(u);
                snprintf(u->msg, sizeof u->msg, "taken back (%d more could be)", rd_play_undo_depth(&u->play, side));
                if (u->play.computer < 0)
                    u->seen_side = rd_to_move(&u->play.g);
            } else
                snprintf(u->msg, sizeof u->msg, "cannot take it back: %.280s", why);
            continue;
        }
        if (u->aiming) {
            aim_key(u, k);
            continue;
        }
        int page = LINES > 8 ? LINES / 2 : 4;
        switch (k) {
        case KEY_UP:
            u->sel -= u->sel > 0;
            break;
        case KEY_DOWN:
            u->sel += u->sel + 1 < u->nentry;
            break;
        case KEY_PPAGE:
            u->sel = u->sel > page ? u->sel - page : 0;
            break;
        case KEY_NPAGE:
            u->sel = u->sel + page < u->nentry ? u->sel + page : (u->nentry ? u->nentry - 1 : 0);
            break;
        case KEY_HOME:
            u->sel = 0;
            break;
        case KEY_END:
            u->sel = u->nentry ? u->nentry - 1 : 0;
            break;
        case '\n':
        case KEY_ENTER:
            if (e && roams(e->kind))
                start_aiming(u);
            else if (e)
                choose(u);
            break;
        default:
            break;
        }
    }
    keys_on_idle(NULL, NULL);
}

static bool load_rd_data(const char *dir, char *msg, size_t n)
{
    if (!dir || !rd_data_present(dir)) {
        snprintf(msg, n, "The Red Die of Courage is not in this data (config/red-die is missing)");
        return false;
    }
    Diags d = {0};
    bool ok = rd_data_load(dir, &rdd, &d);
    diags_free(&d);
    if (!ok)
        snprintf(msg, n, "The Red Die's data files have errors: run 'guv check' to see them");
    return ok;
}

static void fresh(Ui *u)
{
    memset(&s, 0, sizeof s);
    s.u = u;
    s.rd = &rdd;
    s.replay_at = -1;
    s.computer = (RdComputer){&s.play, RD_AI_CAREFUL}; /* the real opponent (README: its strength) */
    s.chooser = rd_computer_chooser;
    s.chooser_ctx = &s.computer;
}

static void play_started(bool finish, char *note, size_t n)
{
    s.play.deferred = true;
    run_rd(&s);
    if (finish && rd_over(&s.play.g))
        rd_play_finish(&s.play);
    rd_play_free(&s.play);
    ui_box_left(&s.play.file, note, n);
}

bool rd_open_save(Ui *u, const char *data_dir, const char *path, char *msg, size_t msgsize)
{
    if (!load_rd_data(data_dir, msg, msgsize))
        return false;
    fresh(u);
    if (!rd_play_load(&s.play, &rdd, path, true, msg, msgsize))
        return false;
    play_started(false, msg, msgsize);
    return true;
}

static int s_field; /* the battlefield chosen for a new game */

/* A battlefield chosen by its number; -1 back. */
static int choose_field(void)
{
    for (;;) {
        erase();
        ui_bar(0, " guv  The Red Die of Courage: choose a battlefield");
        int y = 2;
        for (int i = 0; i < rdd.nfields && y < LINES - 2; i++) {
            const RdField *f = &rdd.fields[i];
            char line[200];
            snprintf(line, sizeof line, "%d   %s (%d x %d cm, %d passes of the initiative)", i + 1, f->name,
                     f->w * rdd.rules.cell_mm / 10, f->h * rdd.rules.cell_mm / 10, f->length);
            attrset(A_BOLD);
            mvaddnstr(y++, 4, line, COLS - 4);
            attrset(A_NORMAL);
            y = ui_wrap(y, 8, COLS - 12, f->text);
        }
        mvaddnstr(y + 1, 4, "Esc or q   back", COLS - 4);
        refresh();
        int k = keys_get();
        if (k == 27 || k == 'q')
            return -1;
        if (k >= '1' && k < '1' + rdd.nfields)
            return k - '1';
    }
}

static bool prepare(void) { return (s_field = choose_field()) >= 0; }

static void start_new(int key, const char *autosave)
{
    int computer = key == '1' ? -1 : key == '2' ? RD_CONFEDERATE : RD_UNION;
    rd_play_new(&s.play, &rdd, s_field, keys_new_seed(), computer, autosave);
}

static bool resume(const char *autosave, char *err, size_t n) { return rd_play_load(&s.play, &rdd, autosave, true, err, n); }

void rd_menu(Ui *u, const char *data_dir, char *msg, size_t msgsize)
{
    if (!load_rd_data(data_dir, msg, msgsize))
        return;
    static const UiBoxMenu m = {
        " guv  The Red Die of Courage: the skirmish game",
        "Squads of soldiers, a cell of 2.5 cm each. Roll as many dice as you dare: 4-5-6 succeed, two 1s are a fiasco "
        "that passes the initiative, three a disaster; red dice pile up with the fight.",
        "The computer weighs each action and the dice for it: the chance of success against a fiasco, a disaster and "
        "the red dice they bring. Everything on the field is open to both.",
        rd_play_autosave_path, fresh, prepare, start_new, resume, play_started,
    };
    ui_box_menu(&m, u);
}

int rd_replay(Ui *u, const char *data_dir, const char *path, char *msg, size_t n)
{
    if (!load_rd_data(data_dir, msg, n))
        return 1;
    static RdPlay whole;
    if (!rd_play_load(&whole, &rdd, path, false, msg, n))
        return 1;
    fresh(u);
    int at = 0, rc = 0;
    if (!rd_play_replay_to(&s.play, &whole, 0, msg, n))
        return 1;
    s.replay_at = 0;
    while (rc == 0) {
        rd_draw_screen(&s);
        int k = keys_get();
        s.msg[0] = '\0';
        if (s.overlay == 2) {
            s.overlay = 0;
            continue;
        }
        if (log_key(&s, k))
            continue;
        at = ui_box_replay_key(k, s.replay_at, whole.nrec, &s.overlay, s.msg, sizeof s.msg);
        if (at < 0)
            break;
        if (at != s.replay_at) {
            rd_play_free(&s.play);
            if (!rd_play_replay_to(&s.play, &whole, at, msg, n))
                rc = 1;
            s.replay_at = at;
        }
    }
    rd_play_free(&s.play);
    rd_play_free(&whole);
    return rc;
}
