/* The game screen while the Automa acts: the step panel beside the map (its
 * last step, the booklet page under the Ruler, the paragraph it reads,
 * scrolled with PgUp/PgDn), the Automa's display (a), and its step played. */
#include "automa/automa_state.h"
#include "ui/ui_internal.h"

/* The side panel while the Automa acts: its step (the rules and dice behind it),
 * the page as the Ruler lies on it, the active corps' paragraph; watching, the news. */
void draw_automa_panel(Ui *u, GameUi *gu, int x, int *y, int w)
{
    const Game *g = shown(gu);
    panel_line(x, y, w, A_BOLD, "The Automa acts (%s)", gu->step_mode ? "step mode" : "watching");
    if (gu->step_mode) {
        panel_line(x, y, w, A_NORMAL, "space its next step, g on to you");
        panel_line(x, y, w, A_NORMAL, "S watch it play instead");
    } else
        panel_line(x, y, w, A_NORMAL, "S step mode, g skip to your turn");
    (*y)++;
    /* The step, the page as the Ruler lies on it, the active corps'
     * paragraph: one column of rows that scrolls (PgUp, PgDn), never cut. */
    static char rows[400][160];
    static attr_t rattr[400];
    int nr = 0;
#define ROW(a, ...) do { if (nr < 400) { snprintf(rows[nr], sizeof rows[nr], __VA_ARGS__); rattr[nr++] = (a); } } while (0)
    if (gu->step_mode && gu->step_from < g->log.count) {
        ROW(A_BOLD, "Its last step:");
        int page = 0, anchor = 0, window = -1;
        for (int i = gu->step_from; i < g->log.count; i++) {
            const LogEntry *e = &g->log.items[i];
            if (!log_visible(e, SIDE_CONFEDERATE))
                continue;
            char line[600];
            if (e->kind == LOG_ROLL)
                snprintf(line, sizeof line, "%s die %d: %s", e->rule, e->die, e->text);
            else
                snprintf(line, sizeof line, "%s: %s", e->rule, e->text);
            if (strcmp(e->rule, "AI-BEHAVIOUR") == 0 &&
                sscanf(e->text, "page %d \"%*[^\"]\", Ruler at %d", &page, &anchor) == 2)
                window = -1;
            else if ((strcmp(e->rule, "AI-RANDOMIZE") == 0 || strcmp(e->rule, "AI-INDEPENDENT") == 0) &&
                     sscanf(e->text, "page %d, Ruler at %d", &page, &anchor) == 2)
                window = strcmp(e->rule, "AI-RANDOMIZE") == 0 ? RW_ACTIVATION : RW_INDEPENDENT;
            for (const char *t = line; *t;) { /* wrapped to the panel */
                int len = ui_wrap_len(t, w);
                ROW(A_NORMAL, "%.*s", len, t);
                t += len;
                while (*t == ' ')
                    t++;
            }
        }
        PagePicture pp;
        if (page && automa_page_picture(u->gd, page, anchor, window, AUTOMA(g->st).attitude, &pp)) {
            ROW(A_NORMAL, "%s", "");
            ROW(A_BOLD, "Page %d, the Ruler at %d:", pp.page, pp.anchor);
            ROW(A_NORMAL, "\"%.*s\"", w - 2, pp.title);
            for (int c = 0; c < pp.ncells; c++) {
                if (pp.window[c] >= 0 && pp.read[c]) /* a window read: marked, and lit */
                    ROW(A_REVERSE, "%2d %-10.10s <%s", c + 1, pp.value[c], automa_window_name(pp.window[c]));
                else if (pp.window[c] >= 0) /* a window of the Ruler this step does not read */
                    ROW(A_NORMAL, "%2d %-10.10s (%s)", c + 1, pp.value[c], automa_window_name(pp.window[c]));
                if (pp.window[c] >= 0 && pp.words[c][0] && strcmp(pp.words[c], pp.value[c]) != 0)
                    ROW(pp.read[c] ? A_BOLD : A_NORMAL, "     = %s", pp.words[c]); /* what the window reads there */
                else
                    ROW(A_NORMAL, "%2d %-10.10s |", c + 1, pp.value[c]);
            }
        }
        ROW(A_NORMAL, "%s", "");
    }
    /* the paragraph of the corps acting now (its strategy counter's), else the last one read */
    const AutomaState *as = &AUTOMA(g->st);
    int pn = gu->para;
    if (as->active >= 0 && as->active < u->gd->automa.nformations && as->area[as->active] >= 0)
        pn = u->gd->areas[as->area[as->active]].number;
    const Paragraph *para = pn ? data_paragraph(u->gd, pn) : NULL;
    if (para) {
        ROW(A_BOLD, "[%03d] %s", para->number, para->title);
        for (const char *t = para->text ? para->text : ""; *t;) {
            int len = ui_wrap_len(t, w);
            ROW(A_NORMAL, "%.*s", len, t);
            t += len;
            while (*t == ' ')
                t++;
        }
        ROW(A_NORMAL, "%s", "");
    }
#undef ROW
    int room = LINES - 1 - *y - (gu->step_mode ? 0 : 6);
    if (gu->step_scroll > nr - room)
        gu->step_scroll = nr - room > 0 ? nr - room : 0;
    for (int i = gu->step_scroll; i < nr && *y < LINES - 1; i++) {
        bool last = *y == LINES - 2 && i + 1 < nr;
        if (i == gu->step_scroll && gu->step_scroll > 0)
            panel_line(x, y, w, A_BOLD, "(PgUp: above)");
        else if (last)
            panel_line(x, y, w, A_BOLD, "(PgDn: %d more rows)", nr - i);
        else
            panel_line(x, y, w, rattr[i], "%s", rows[i]);
    }
    if (!gu->step_mode)
        draw_news(u, gu, x, y, w, LINES - 1 - *y);
}

/* The Automa's display (a): its track, wheel, VP track and strategy map, as on the table. */
void draw_automa_display(const Game *g)
{
    AutomaView v;
    if (!automa_view(g, &v)) {
        mvaddstr(2, 1, "No Automa in this game.");
        return;
    }
    for (int i = 0; i < v.n && 1 + i < LINES - 1; i++)
        mvaddnstr(1 + i, 0, v.line[i], COLS);
}

/* The Automa plays its next step; the stacks that moved are lit and the map follows them. */
void automa_step(Ui *u, GameUi *gu)
{
    if (!AUTOMA(gu->play.game.st).on || gu->play.game.st.to_move != SIDE_UNION || gu->nlegal == 0)
        return;
    int from = gu->play.game.log.count;
    gu->step_from = from;
    gu->step_scroll = 0;
    const GameState *st = &gu->play.game.st;
    short before[GS_MAX_UNITS];
    for (int i = 0; i < st->nunits && i < GS_MAX_UNITS; i++)
        before[i] = st->unit[i].where == AT_MAP ? st->unit[i].hex : -1;
    game_do(u, gu, &gu->legal[0]);
    /* The stacks that moved light up where they left and arrived (until the
     * player's next decision), and the map follows them. */
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
    const AutomaState *as = &AUTOMA(*st); /* the march's way, lit hex by hex like its ends */
    memset(gu->in_range, 0, (size_t)(u->gd->map.cols * u->gd->map.rows));
    for (int i = 0; i < as->nmeasured && i < (int)(sizeof as->measured / sizeof *as->measured); i++)
        if (as->measured[i] >= 0 && as->measured[i] < u->gd->map.cols * u->gd->map.rows)
            gu->in_range[as->measured[i]] = 1; /* the Confederates its proximity measured: underlined */
    for (int i = 0; i < as->npath && i < (int)(sizeof as->path / sizeof *as->path); i++)
        if (as->path[i] >= 0 && as->path[i] < u->gd->map.cols * u->gd->map.rows)
            gu->flash[as->path[i]] = 1;
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
