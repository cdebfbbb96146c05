/* The curses screen of A Perfect Plan (issue 17): its menu, the game for
 * two players on one screen (a curtain between the sides) or against the
 * computer (a PpChooser: pp_computer_chooser, src/pp_ai's rollout level),
 * autosaved after every decision (play/pp_play.h). What to draw
 * comes from view/pp_screen.h; the decisions offered are pp_legal's,
 * nothing else. */
#include "ui/ui_internal.h"

#include "play/pp_play.h"
#include "pp_ai/pp_ai.h"
#include "ui/ui_box.h"
#include "view/pp_screen.h"

enum { PP_PANEL_W = 36 };

typedef struct {
    Ui *u;
    const PpData *pd;
    PpPlay play;
    PpChooser chooser;
    void *chooser_ctx;
    PpComputer computer;
    PpDecision legal[PP_MAX_LEGAL];
    int nlegal;
    int view[PP_MAX_LEGAL], nview; /* the list shown: indexes into legal */
    int sel, top;
    int filter; /* the area the list is narrowed to, -1 none */
    bool list_open; /* the list over the map (80x24) */
    int overlay;    /* 0 none, 1 the log, 2 help */
    int log_back;
    int seen_side;  /* two players: the side the curtain was last lifted for */
    int news_from;  /* the log entries since the viewer's last decision start here */
    unsigned char flash[PP_MAX_AREAS];
    char msg[600];
    const PpPlay *whole; /* a replay: the save stepped through (play holds its first replay_at records) */
    int replay_at, replay_viewer;
} PpUi;

static int viewer_of(const PpUi *s)
{
    if (s->whole)
        return s->replay_viewer;
    if (s->play.computer >= 0)
        return 1 - s->play.computer;
    int m = pp_to_move(&s->play.g);
    return m >= 0 ? m : s->seen_side >= 0 ? s->seen_side : PP_UNION;
}

static bool names_area(const PpUi *s, const PpDecision *d, int area)
{
    int ar[2];
    int k = pp_decision_areas(&s->play.g, d, ar);
    for (int i = 0; i < k; i++)
        if (ar[i] == area)
            return true;
    return false;
}

static void list_refresh(PpUi *s)
{
    s->nlegal = pp_legal(&s->play.g, s->legal, PP_MAX_LEGAL);
    if (s->nlegal > PP_MAX_LEGAL)
        s->nlegal = PP_MAX_LEGAL;
    s->nview = 0;
    for (int i = 0; i < s->nlegal; i++)
        if (s->filter < 0 || names_area(s, &s->legal[i], s->filter))
            s->view[s->nview++] = i;
    if (s->nview == 0 && s->filter >= 0) { /* nothing there: the whole list */
        s->filter = -1;
        list_refresh(s);
        return;
    }
    if (s->sel >= s->nview)
        s->sel = s->nview ? s->nview - 1 : 0;
    if (s->sel < 0)
        s->sel = 0;
}

static const PpDecision *selected(const PpUi *s)
{
    return s->nview > 0 ? &s->legal[s->view[s->sel]] : NULL;
}

/* The areas the list's decisions name, in map order (left to right, top
 * to bottom), for the area filter. */
static int filter_areas(const PpUi *s, int *out)
{
    bool named[PP_MAX_AREAS] = {false};
    for (int i = 0; i < s->nlegal; i++) {
        int ar[2];
        int k = pp_decision_areas(&s->play.g, &s->legal[i], ar);
        for (int j = 0; j < k; j++)
            if (ar[j] >= 0)
                named[ar[j]] = true;
    }
    int n = 0;
    for (int a = 0; a < s->pd->nareas; a++)
        if (named[a])
            out[n++] = a;
    /* by column band, then row: a reading of the map from west to east */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            const PpArea *x = &s->pd->areas[out[j - 1]], *y = &s->pd->areas[out[j]];
            if (x->col * 4 / 80 > y->col * 4 / 80 || (x->col * 4 / 80 == y->col * 4 / 80 && x->row > y->row)) {
                int t = out[j];
                out[j] = out[j - 1];
                out[j - 1] = t;
            }
        }
    return n;
}

static void step_filter(PpUi *s, int dir)
{
    int areas[PP_MAX_AREAS];
    int n = filter_areas(s, areas);
    if (n == 0)
        return;
    int at = -1;
    for (int i = 0; i < n; i++)
        if (areas[i] == s->filter)
            at = i;
    at += dir;
    if (at < -1)
        at = n - 1;
    if (at >= n)
        at = -1;
    s->filter = at < 0 ? -1 : areas[at];
    s->sel = s->top = 0;
    list_refresh(s);
}

static attr_t style(const PpUi *s, int st)
{
    bool c = s->u->colour;
    switch (st) {
    case PPS_LAND:
        return c ? COLOR_PAIR(COLOR_WHITE + 1) | A_DIM : A_DIM;
    case PPS_ARROW:
        return c ? COLOR_PAIR(COLOR_CYAN + 1) | A_BOLD : A_BOLD;
    case PPS_LABEL_U:
        return c ? COLOR_PAIR(COLOR_BLUE + 1) | A_BOLD : A_NORMAL;
    case PPS_LABEL_C:
        return c ? COLOR_PAIR(COLOR_RED + 1) | A_BOLD : A_NORMAL;
    case PPS_FLAG_U:
        return c ? COLOR_PAIR(COLOR_BLUE + 1) | A_BOLD | A_REVERSE : A_BOLD;
    case PPS_FLAG_C:
        return c ? COLOR_PAIR(COLOR_RED + 1) | A_BOLD | A_REVERSE : A_BOLD;
    case PPS_OWN:
        return A_BOLD;
    case PPS_ENEMY:
        return c ? COLOR_PAIR(COLOR_MAGENTA + 1) : A_UNDERLINE;
    case PPS_TRENCH:
        return c ? COLOR_PAIR(COLOR_YELLOW + 1) | A_BOLD : A_BOLD;
    case PPS_PICK:
        return A_REVERSE | A_BOLD;
    case PPS_FLASH:
        return s->u->flash_attr | (c ? 0 : A_UNDERLINE);
    case PPS_COMBAT:
        return c ? COLOR_PAIR(COLOR_YELLOW + 1) | A_REVERSE | A_BOLD : A_REVERSE | A_UNDERLINE;
    default:
        return A_NORMAL;
    }
}

/* What the other side did since the viewer's last order, in one short
 * line when it did more than one thing ("AoP: 2 moves, 1 trench; L: log");
 * news is left alone otherwise. */
static void opponent_summary(const PpUi *s, int viewer, char *news, size_t n)
{
    static const struct {
        int kind;
        const char *one, *many;
    } kinds[] = {{PP_EV_MOVE, "move", "moves"},       {PP_EV_SWAP, "swap", "swaps"},
                 {PP_EV_TRENCH, "trench", "trenches"}, {PP_EV_COMBAT, "fight", "fights"},
                 {PP_EV_PLACE, "placed", "placed"},    {PP_EV_RECOVER, "recovered", "recovered"},
                 {PP_EV_RETREAT, "retreat", "retreats"}};
    enum { NKINDS = sizeof kinds / sizeof *kinds };
    if (viewer < 0)
        return;
    int other = 1 - viewer, count[NKINDS] = {0}, all = 0;
    for (int i = s->news_from; i < s->play.nlog; i++) {
        const PpEvent *e = &s->play.log[i].e;
        for (int k = 0; k < NKINDS && e->side == other; k++)
            if (e->kind == kinds[k].kind) {
                count[k]++;
                all++;
            }
    }
    if (all < 2)
        return;
    size_t l = (size_t)snprintf(news, n, "%s:", s->pd->sides[other].shortname);
    for (int k = 0; k < NKINDS && l < n; k++)
        if (count[k])
            l += (size_t)snprintf(news + l, n - l, " %d %s,", count[k], count[k] == 1 ? kinds[k].one : kinds[k].many);
    if (l < n)
        snprintf(news + l - 1, n - l + 1, "; L: log"); /* over the last comma */
}

/* How the fights since the viewer's last order ended, either side's, in a few words for the
 * news line ("Chancellor: AoP won; lost And, AoP trench"), before what news says already;
 * the log has the dice. */
static void fight_news(const PpUi *s, char *news, size_t n)
{
    char text[300] = "", lost[200] = "";
    for (int i = s->news_from; i < s->play.nlog; i++) {
        const PpEvent *e = &s->play.log[i].e;
        size_t l = strlen(text), ll = strlen(lost);
        if (e->kind == PP_EV_COMBAT) {
            lost[0] = '\0';
        } else if (e->kind == PP_EV_LOSS && e->side >= 0 && e->side < PP_SIDES && ll < sizeof lost) {
            char code[PP_SHORT_LEN + 16];
            if (e->counter >= 0)
                pp_counter_code(s->pd, e->counter, code, sizeof code);
            else
                snprintf(code, sizeof code, "%s trench", s->pd->sides[e->side].shortname);
            snprintf(lost + ll, sizeof lost - ll, "%s%s", ll ? ", " : "", code);
        } else if (e->kind == PP_EV_WIN && e->to >= 0 && e->to < s->pd->nareas && l < sizeof text) {
            snprintf(text + l, sizeof text - l, "%s%s: %s %s%s%s", l ? "; " : "", s->pd->areas[e->to].shortname,
                     e->side >= 0 ? s->pd->sides[e->side].shortname : "nobody", e->side >= 0 ? "won" : "held",
                     lost[0] ? "; lost " : "", lost);
            lost[0] = '\0';
        }
    }
    if (!text[0])
        return;
    char old[300];
    snprintf(old, sizeof old, "%s", news);
    snprintf(news, n, "%s%s%s", text, old[0] ? "; " : "", old);
}

static void pp_draw_map(PpUi *s, int viewer)
{
    PpMarks marks;
    memset(&marks, 0, sizeof marks);
    const PpDecision *d = selected(s);
    if (d && (s->play.computer < 0 || pp_to_move(&s->play.g) != s->play.computer)) {
        int ar[2];
        int k = pp_decision_areas(&s->play.g, d, ar);
        for (int i = 0; i < k; i++)
            marks.pick[ar[i]] = 1;
    }
    if (s->filter >= 0)
        marks.pick[s->filter] = 1;
    memcpy(marks.flash, s->flash, sizeof marks.flash);
    PpMapGrid m;
    pp_map_grid(&m, &s->play.g, viewer, &marks);
    for (int r = 1; r < PPS_ROWS && r < LINES - 1; r++)
        for (int c = 0; c < PPS_COLS && c < COLS; c++) {
            attrset(style(s, m.st[r][c]));
            mvaddch(r, c, (chtype)(unsigned char)m.ch[r][c]);
        }
    attrset(A_NORMAL);
    /* the boxes and the news in the free corner at the bottom left */
    char elim[300], reinf[300];
    pp_boxes_text(&s->play.g, viewer, elim, sizeof elim, reinf, sizeof reinf);
    (void)reinf;
    char news[300] = "", q[300];
    int last = s->play.nlog - 1;
    if (last >= 0)
        pp_event_format(s->pd, &s->play.log[last].e, viewer, news, sizeof news);
    opponent_summary(s, viewer, news, sizeof news);
    fight_news(s, news, sizeof news);
    pp_question_text(&s->play.g, q, sizeof q);
    const char *lines[3] = {elim, news, q};
    int width[3];
    for (int i = 0; i < 3; i++) {
        int row = PPS_ROWS - 3 + i, w = 0;
        while (row < PPS_ROWS && w < PPS_COLS && m.ch[row][w] == ' ')
            w++;
        w = w > 1 ? w - 1 : 0;
        width[i] = w > COLS ? COLS : w;
    }
    /* an area chosen with the list closed: what is in it, over the first two lines (the list,
     * where it shows, says it in full) */
    char area[600], part[2][300];
    if (s->filter >= 0 && !s->list_open && COLS < PPS_COLS + 30) {
        pp_area_text(&s->play.g, viewer, s->filter, area, sizeof area);
        const char *t = area;
        for (int i = 0; i < 2; i++) {
            int n = *t ? ui_wrap_len(t, width[i]) : 0;
            if (i == 1 && (int)strlen(t) > width[i] && width[i] > 1) /* still more: say so */
                n = width[i] - 1;
            snprintf(part[i], sizeof part[i], "%.*s%s", n, t, i == 1 && n < (int)strlen(t) ? "+" : "");
            t += n;
            while (*t == ' ')
                t++;
            lines[i] = part[i];
        }
    }
    for (int i = 0; i < 3; i++) {
        int row = PPS_ROWS - 3 + i, w = width[i];
        if (!lines[i] || row >= LINES - 1)
            continue;
        if (i == 2)
            attrset(A_BOLD);
        else if (s->u->colour && i == 1)
            attrset(A_DIM);
        mvaddnstr(row, 0, lines[i], w);
        attrset(A_NORMAL);
    }
}

/* The list of decisions in a box at (x, y), w wide, h high. */
static void pp_draw_list(PpUi *s, int x, int y, int w, int h, bool box)
{
    if (box) {
        for (int r = y; r < y + h; r++) {
            move(r, x);
            for (int i = 0; i < w; i++)
                addch(' ');
        }
        attrset(A_REVERSE);
        mvhline(y, x, ' ', w);
        attrset(A_NORMAL);
    }
    char title[200];
    if (s->filter >= 0)
        snprintf(title, sizeof title, " %d orders in %s", s->nview, s->pd->areas[s->filter].name);
    else
        snprintf(title, sizeof title, " %d orders", s->nview);
    attrset(A_REVERSE);
    mvhline(y, x, ' ', w);
    mvaddnstr(y, x, title, w);
    attrset(A_NORMAL);
    int rows = h - 1;
    if (s->filter >= 0 && rows > 4) { /* what the viewer knows of the area and where its moves
                                          * go: up to five rows, as many as leave three orders */
        char text[600];
        pp_area_text(&s->play.g, viewer_of(s), s->filter, text, sizeof text);
        const char *t = text;
        int used = 0, most = rows - 3 < 5 ? rows - 3 : 5;
        attrset(A_BOLD);
        while (*t && used < most) {
            int n = ui_wrap_len(t, w - 1);
            move(y + 1 + used, x);
            for (int k = 0; k < w; k++)
                addch(' ');
            mvaddnstr(y + 1 + used, x + 1, t, n);
            t += n;
            while (*t == ' ')
                t++;
            used++;
        }
        attrset(A_NORMAL);
        y += used;
        rows -= used;
    }
    if (s->sel < s->top)
        s->top = s->sel;
    if (s->sel >= s->top + rows)
        s->top = s->sel - rows + 1;
    bool brief = false; /* one form for the whole list: the short one when any order needs it */
    for (int i = 0; i < s->nview && !brief; i++) {
        char text[200];
        pp_decision_words(&s->play.g, &s->legal[s->view[i]], text, sizeof text);
        brief = (int)strlen(text) > w - 1;
    }
    for (int i = 0; i < rows && s->top + i < s->nview; i++) {
        char text[200];
        pp_decision_fit(&s->play.g, &s->legal[s->view[s->top + i]], text, sizeof text, w - 1, brief);
        bool on = s->top + i == s->sel;
        move(y + 1 + i, x);
        for (int k = 0; k < w; k++)
            addch(' ');
        if (on)
            attrset(A_REVERSE);
        mvaddch(y + 1 + i, x, on ? '>' : ' ');
        mvaddnstr(y + 1 + i, x + 1, text, w - 1);
        attrset(A_NORMAL);
    }
}

/* The log for the viewer, newest at the bottom, in rows y..y+h-1. */
static void draw_log_lines(PpUi *s, int viewer, int x, int y, int w, int h)
{
    int end = s->play.nlog - s->log_back;
    if (end < 0)
        end = 0;
    int first = end - h;
    if (first < 0)
        first = 0;
    for (int i = first, r = y; i < end; i++, r++) {
        char line[300];
        pp_event_format(s->pd, &s->play.log[i].e, viewer, line, sizeof line);
        if (i >= s->news_from && s->u->colour)
            attrset(A_BOLD);
        mvaddnstr(r, x, line, w);
        attrset(A_NORMAL);
    }
}

static void pp_draw_help(void)
{
    static const char *const lines[] = {
        "A Perfect Plan: the keys",
        "",
        "Up Down (k j)   choose an order; PgUp PgDn a page",
        "Enter           carry it out",
        "Left Right      one area's orders only, west to east (the map marks it);",
        "                what is in it and the areas a move reaches: under the map",
        "                (Tab shows it in full)",
        "Esc             the whole list again",
        "Tab             the list over the map (80x24), or not",
        "L               the log (Up Down PgUp PgDn scroll it, Esc back)",
        "u               take back your last order (not past a die roll)",
        "?               this help;  q  back to the menu (the game is saved)",
        "",
        "The map: [Area] an area, {Area} a victory area; '.' joins areas by land,",
        "'~' a river crossed at its arrows (a river without arrows is not crossed).",
        "Under each area: U or C who controls it, # a trench (#U #C: another side's),",
        "your counters by name (*Ho *Le: leaders), ?3 three enemy counters face down",
        "(their faces show in a combat), + more than fits.",
        "The area of a combat under way is marked; the opponent's last moves are lit.",
        NULL};
    erase();
    for (int i = 0; lines[i] && i < LINES - 1; i++)
        mvaddnstr(i + 1, 2, lines[i], COLS - 3);
    ui_bar(LINES - 1, " any key: back to the game");
}

static void pp_draw_screen(PpUi *s)
{
    erase();
    int viewer = viewer_of(s);
    if (s->overlay == 2) {
        pp_draw_help();
        refresh();
        return;
    }
    char status[300], elim[300], reinf[300];
    pp_status_text(&s->play.g, status, sizeof status);
    pp_boxes_text(&s->play.g, viewer, elim, sizeof elim, reinf, sizeof reinf);
    char bar[700];
    snprintf(bar, sizeof bar, "%s %s%s%s%s", COLS >= 100 ? " A Perfect Plan " : "", status,
             s->whole ? (viewer == PP_UNION ? " (replay, AoP's view)" : " (replay, ANV's view)")
             : s->play.computer >= 0 ? (viewer == PP_UNION ? " (you: AoP)" : " (you: ANV)")
                                     : "",
             reinf[0] ? " | " : "", reinf);
    ui_bar(0, bar);
    if (s->overlay == 1) {
        int h = LINES - 2;
        draw_log_lines(s, viewer, 1, 1, COLS - 2, h);
        ui_bar(LINES - 1, " the log (yours to read)  Up Down PgUp PgDn scroll   Esc or L back");
        refresh();
        return;
    }
    pp_draw_map(s, viewer);
    bool wide = COLS >= PPS_COLS + 30;
    const PpDecision *d = selected(s);
    if (wide && s->whole) { /* a replay: the log down the whole side */
        int x = PPS_COLS + 1, w = COLS - x;
        attrset(A_REVERSE);
        mvhline(1, x, ' ', w);
        mvaddnstr(1, x, " the log", w);
        attrset(A_NORMAL);
        draw_log_lines(s, viewer, x, 2, w, LINES - 3);
    } else if (wide) {
        int x = PPS_COLS + 1, w = COLS - x;
        int h = (LINES - 2) / 2;
        pp_draw_list(s, x, 1, w, h, false);
        attrset(A_REVERSE);
        mvhline(1 + h, x, ' ', w);
        mvaddnstr(1 + h, x, " the log", w);
        attrset(A_NORMAL);
        draw_log_lines(s, viewer, x, 2 + h, w, LINES - 3 - h);
    } else if (s->list_open) {
        int ar[2] = {-1, -1};
        if (d)
            pp_decision_areas(&s->play.g, d, ar);
        int col = ar[0] >= 0 ? s->pd->areas[ar[0]].col : 60;
        int w = PP_PANEL_W, x = col >= 40 ? 0 : COLS - w;
        pp_draw_list(s, x, 1, w, LINES - 2 < 14 ? LINES - 2 : 14, true);
    }
    if (LINES > PPS_ROWS + 1 && !wide) { /* a taller screen: the log below the map */
        int h = LINES - 1 - PPS_ROWS;
        draw_log_lines(s, viewer, 0, PPS_ROWS, COLS, h);
    }
    char line[700];
    if (s->msg[0])
        snprintf(line, sizeof line, " %.500s", s->msg);
    else if (s->whole) {
        char text[200] = "the start";
        if (s->replay_at > 0) {
            const PpRecord *r = &s->whole->rec[s->replay_at - 1];
            if (r->kind == PP_REC_DIE)
                snprintf(text, sizeof text, "a die forced: %d", r->die);
            else
                pp_decision_format(s->pd, &r->d, text, sizeof text);
        }
        snprintf(line, sizeof line, " %d/%d: %s", s->replay_at, s->whole->nrec, text);
    } else if (d) {
        char text[200];
        pp_decision_words(&s->play.g, d, text, sizeof text);
        snprintf(line, sizeof line, " %d/%d> %s", s->sel + 1, s->nview, text);
    } else
        snprintf(line, sizeof line, " -");
    ui_bar(LINES - 1, line);
    const char *keys = s->whole ? " ] [ step  } { turn  v side  L log  q " : " Up/Dn Enter <> Tab L u ? ";
    if ((int)strlen(line) + (int)strlen(keys) < COLS) {
        attrset(A_REVERSE);
        mvaddstr(LINES - 1, COLS - (int)strlen(keys), keys);
        attrset(A_NORMAL);
    }
    refresh();
}

static void flush_pp(void *arg)
{
    PpUi *s = arg;
    bool failing = s->play.save_error[0] != '\0';
    pp_play_flush(&s->play);
    ui_box_flushed(&s->play.file, failing, s->msg, sizeof s->msg);
}

static void after_change(PpUi *s)
{
    s->sel = s->top = 0;
    s->filter = -1;
    list_refresh(s);
}

/* The computer's decisions until it is the player's turn; the areas it
 * acted in are lit until the player's next decision. */
static void computer_moves(PpUi *s)
{
    int from = s->play.nlog;
    bool moved = false;
    while (!pp_over(&s->play.g) && pp_to_move(&s->play.g) == s->play.computer) {
        PpDecision d = s->chooser(&s->play.g, s->chooser_ctx);
        char why[300];
        if (!pp_play_apply(&s->play, &d, why, sizeof why)) {
            snprintf(s->msg, sizeof s->msg, "the computer's decision was refused: %.300s (please report it)", why);
            break;
        }
        moved = true;
    }
    if (!moved)
        return;
    for (int i = from; i < s->play.nlog; i++) {
        const PpEvent *e = &s->play.log[i].e;
        if (e->side != s->play.computer)
            continue;
        if (e->kind == PP_EV_MOVE || e->kind == PP_EV_SWAP || e->kind == PP_EV_TRENCH || e->kind == PP_EV_COMBAT ||
            e->kind == PP_EV_PLACE || e->kind == PP_EV_RECOVER || e->kind == PP_EV_RETREAT) {
            if (e->to >= 0 && e->to < PP_MAX_AREAS)
                s->flash[e->to] = 1;
            if (e->from >= 0 && e->from < PP_MAX_AREAS && e->kind != PP_EV_PLACE)
                s->flash[e->from] = 1;
        }
    }
    after_change(s);
}

static void choose(PpUi *s, const PpDecision *d)
{
    char why[300];
    int from = s->play.nlog;
    if (!pp_play_apply(&s->play, d, why, sizeof why)) {
        snprintf(s->msg, sizeof s->msg, "refused: %.500s", why);
        return;
    }
    memset(s->flash, 0, sizeof s->flash);
    s->news_from = from; /* a fight this order began ends in the news too (fight_news) */
    after_change(s);
}

static void pp_draw_end(PpUi *s)
{
    char why[500];
    pp_play_result_text(&s->play, why, sizeof why);
    int y = ui_box_end_head(" A Perfect Plan  the game is over", why, s->play.computer, pp_result(&s->play.g), PP_TIE);
    int elim[PP_SIDES] = {0, 0};
    for (int c = 0; c < s->pd->ncounters; c++)
        if (s->play.g.where[c] == PP_ELIM)
            elim[s->pd->counters[c].side]++;
    char line[200];
    snprintf(line, sizeof line, "After %d turns. In the eliminated units box: AoP %d, ANV %d.", s->play.g.turn,
             elim[PP_UNION], elim[PP_CONFEDERATE]);
    mvaddnstr(y++, 4, line, COLS - 8);
    y++;
    int h = LINES - 2 - y;
    if (h > 0) {
        mvaddnstr(y++, 4, "The last of the log:", COLS - 8);
        draw_log_lines(s, -1, 1, y, COLS - 1, h - 1); /* wider than the text above: a log line seldom needs cutting */
    }
    ui_bar(LINES - 1, " any key: back to the menu (the game is kept as perfect-plan-finished.save)");
    refresh();
}

static int draw_pp_curtain(const PpUi *s, int side)
{
    char now[200], take[200];
    snprintf(now, sizeof now, "The %s (%s) decides now.", s->pd->sides[side].name, s->pd->sides[side].shortname);
    snprintf(take, sizeof take, "%s player, look away; %s player, take the keyboard.",
             s->pd->sides[1 - side].shortname, s->pd->sides[side].shortname);
    return ui_box_curtain(now, take, "game");
}

/* Plays the game in s until it is left (q) or over and seen. */
static void run_pp(PpUi *s)
{
    s->filter = -1;
    s->seen_side = -1;
    s->news_from = s->play.nlog;
    list_refresh(s);
    keys_on_idle(flush_pp, s);
    for (;;) {
        if (s->play.computer >= 0 && !pp_over(&s->play.g) && pp_to_move(&s->play.g) == s->play.computer)
            computer_moves(s);
        if (pp_over(&s->play.g)) {
            pp_draw_end(s);
            keys_get();
            break;
        }
        int mover = pp_to_move(&s->play.g);
        if (s->play.computer < 0 && mover != s->seen_side) {
            int c = draw_pp_curtain(s, mover);
            if (c < 0)
                break;
            if (c == 0)
                continue;
            s->seen_side = mover;
            s->news_from = s->play.nlog;
            for (int i = s->play.nlog - 1; i >= 0; i--) /* the news since this side's last decision */
                if (s->play.log[i].rec >= 0 && s->play.rec[s->play.log[i].rec].side == mover) {
                    s->news_from = i + 1;
                    break;
                }
        }
        pp_draw_screen(s);
        int k = keys_get();
        if (s->msg[0]) {
            s->msg[0] = '\0';
            if (k == '\n' || k == '\r' || k == KEY_ENTER)
                continue; /* the message hid the chosen order: Enter only puts it back in view, never plays it unseen */
        }
        if (s->overlay == 2) {
            s->overlay = 0;
            continue;
        }
        if (ui_box_log_key(k, &s->overlay, &s->log_back, s->play.nlog, true))
            continue;
        int page = LINES > 8 ? LINES / 2 : 4;
        switch (k) {
        case 'q':
        case 'Q':
            keys_on_idle(NULL, NULL);
            return;
        case KEY_UP:
        case 'k':
            if (s->sel > 0)
                s->sel--;
            break;
        case KEY_DOWN:
        case 'j':
            if (s->sel + 1 < s->nview)
                s->sel++;
            break;
        case KEY_PPAGE:
            s->sel = s->sel > page ? s->sel - page : 0;
            break;
        case KEY_NPAGE:
            s->sel = s->sel + page < s->nview ? s->sel + page : (s->nview ? s->nview - 1 : 0);
            break;
        case KEY_HOME:
            s->sel = 0;
            break;
        case KEY_END:
            s->sel = s->nview ? s->nview - 1 : 0;
            break;
        case KEY_LEFT:
        case 'h':
            step_filter(s, -1);
            break;
        case KEY_RIGHT:
        case 'l':
            step_filter(s, 1);
            break;
        case 27:
            s->filter = -1;
            s->list_open = false;
            list_refresh(s);
            break;
        case '\t':
            s->list_open = !s->list_open;
            break;
        case 'L':
            s->overlay = 1;
            s->log_back = 0;
            break;
        case '?':
            s->overlay = 2;
            break;
        case 'u': {
            int side = viewer_of(s);
            char why[300];
            if (pp_play_undo(&s->play, side, why, sizeof why)) {
                snprintf(s->msg, sizeof s->msg, "taken back (%d more could be)", pp_play_undo_depth(&s->play, side));
                memset(s->flash, 0, sizeof s->flash);
                if (s->news_from > s->play.nlog)
                    s->news_from = s->play.nlog;
                after_change(s);
                if (s->play.computer < 0)
                    s->seen_side = pp_to_move(&s->play.g); /* the same player, at the keyboard */
            } else
                snprintf(s->msg, sizeof s->msg, "cannot take it back: %.280s", why);
            break;
        }
        case '\n':
        case KEY_ENTER:
            if (selected(s)) {
                PpDecision d = *selected(s);
                choose(s, &d);
            }
            break;
        case KEY_MOUSE: {
            MEVENT ev;
            if (getmouse(&ev) == OK) {
                int a = ev.y >= 1 && ev.y < PPS_ROWS ? pp_area_at(s->pd, ev.x, ev.y) : -1;
                if (a >= 0) {
                    s->filter = a;
                    s->sel = s->top = 0;
                    list_refresh(s);
                }
            }
            break;
        }
        default:
            break;
        }
    }
    keys_on_idle(NULL, NULL);
}

static bool load_data(const char *dir, PpData *pd, char *msg, size_t n)
{
    if (!dir || !pp_data_present(dir)) {
        snprintf(msg, n, "A Perfect Plan is not in this data (config/perfect-plan is missing)");
        return false;
    }
    Diags d = {0};
    bool ok = pp_data_load(dir, pd, &d);
    diags_free(&d);
    if (!ok)
        snprintf(msg, n, "A Perfect Plan's data files have errors: run 'guv check' to see them");
    return ok;
}

static PpData pd;
static PpUi s; /* large: the legal list */

/* s set up for a game about to start or resume: the screen's state and
 * the computer's chooser. */
static void fresh(Ui *u)
{
    memset(&s, 0, sizeof s);
    s.u = u;
    s.pd = &pd;
    s.computer = (PpComputer){&s.play, PP_AI_ROLLOUT, 0}; /* the strongest level at a screen's pace (README) */
    s.chooser = pp_computer_chooser;
    s.chooser_ctx = &s.computer;
}

/* Plays s's game to its end or until the player leaves; the finished
 * game renamed when it was the autosave (finish). A save failure into note. */
static void play_started(bool finish, char *note, size_t n)
{
    s.play.deferred = true;
    run_pp(&s);
    if (finish && pp_over(&s.play.g))
        pp_play_finish(&s.play);
    pp_play_free(&s.play);
    ui_box_left(&s.play.file, note, n);
}

bool pp_open_save(Ui *u, const char *data_dir, const char *path, char *msg, size_t msgsize)
{
    if (!load_data(data_dir, &pd, msg, msgsize))
        return false;
    fresh(u);
    if (!pp_play_load(&s.play, &pd, path, true, msg, msgsize))
        return false;
    play_started(false, msg, msgsize); /* a save the player chose keeps its name, finished or not */
    return true;
}

static void start_new(int key, const char *autosave)
{
    uint64_t seed = keys_new_seed();
    int computer = key == '1' ? -1 : key == '2' ? PP_CONFEDERATE : PP_UNION;
    pp_play_new(&s.play, &pd, seed, false, computer, autosave);
}

static bool resume(const char *autosave, char *err, size_t n) { return pp_play_load(&s.play, &pd, autosave, true, err, n); }

void pp_menu(Ui *u, const char *data_dir, char *msg, size_t msgsize)
{
    if (!load_data(data_dir, &pd, msg, msgsize))
        return;
    static const UiBoxMenu m = {
        " guv  A Perfect Plan: the area game of the Chancellorsville campaign",
        "27 areas, 6 turns, counters face down. Whoever holds Chancellorsville and Fredericksburg after turn 6 wins; "
        "one of the two is a tie.",
        "The computer plays greedily (the two victory areas first, attacks only with more dice than the enemy shows) "
        "and from turn 4 tries its best orders out to the end of the game in games it imagines. It sees only what "
        "you would: the backs of your counters.",
        pp_play_autosave_path, fresh, NULL, start_new, resume, play_started,
    };
    ui_box_menu(&m, u);
}

/* s.play rebuilt as the save's first `at` records left it: its log's newest entries (that
 * record's) in bold. */
static bool replay_step(const PpPlay *whole, int at, char *msg, size_t n)
{
    pp_play_free(&s.play);
    if (!pp_play_replay_to(&s.play, whole, at, msg, n))
        return false;
    s.replay_at = at;
    s.news_from = s.play.nlog;
    while (s.news_from > 0 && s.play.log[s.news_from - 1].rec == at - 1 && at > 0)
        s.news_from--;
    s.nlegal = s.nview = 0; /* looking, not playing: no orders */
    return true;
}

/* The record where the turn after (dir 1) or the turn of (dir -1) the current position begins. */
static int replay_turn_step(const PpPlay *whole, int dir)
{
    static PpPlay probe;
    char why[300];
    int turn = s.play.g.turn, at = s.replay_at;
    for (;;) {
        at += dir;
        if (at <= 0 || at >= whole->nrec)
            return at <= 0 ? 0 : whole->nrec;
        if (!pp_play_replay_to(&probe, whole, at, why, sizeof why))
            return s.replay_at;
        int t = probe.g.turn;
        pp_play_free(&probe);
        if (dir > 0 ? t > turn : t < turn)
            return dir > 0 ? at : at + 1;
    }
}

int pp_replay(Ui *u, const char *data_dir, const char *path, char *msg, size_t n)
{
    if (!load_data(data_dir, &pd, msg, n))
        return 1;
    static PpPlay whole;
    if (!pp_play_load(&whole, &pd, path, false, msg, n))
        return 1;
    fresh(u);
    s.filter = -1;
    s.whole = &whole;
    s.replay_viewer = whole.computer >= 0 ? 1 - whole.computer : PP_UNION;
    int rc = 0;
    if (!replay_step(&whole, 0, msg, n))
        rc = 1;
    while (rc == 0) {
        pp_draw_screen(&s);
        int k = keys_get();
        s.msg[0] = '\0';
        if (s.overlay == 2) {
            s.overlay = 0;
            continue;
        }
        if (ui_box_log_key(k, &s.overlay, &s.log_back, s.play.nlog, true))
            continue;
        int at = s.replay_at;
        if (k == '}')
            at = replay_turn_step(&whole, 1);
        else if (k == '{')
            at = replay_turn_step(&whole, -1);
        else if (k == 'v')
            s.replay_viewer = 1 - s.replay_viewer;
        else if ((at = ui_box_replay_key(k, at, whole.nrec, &s.overlay, s.msg, sizeof s.msg)) < 0)
            break;
        if (at != s.replay_at && !replay_step(&whole, at, msg, n))
            rc = 1;
    }
    pp_play_free(&s.play);
    pp_play_free(&whole);
    return rc;
}
