/* The game screen's log: the log panel (L) with its filters and the picked
 * entry's rule, the log written to a file, and "What happened" (the news
 * since the player's last decision) in the side panel. */
#include "ui/ui_internal.h"

/* Whether a log entry is shown under a filter: all, combat, the Automa,
 * the player's own decisions; the Automa's hidden draws never. */
static bool log_passes(const LogEntry *e, int filter, int viewer)
{
    if (!log_visible(e, viewer))
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
void write_log(GameUi *gu)
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

/* The newest entries since the player's last decision, one line each,
 * in at most `rows` rows: the dice as they fell, the Automa's moves. */
void draw_news(Ui *u, GameUi *gu, int x, int *y, int w, int rows)
{
    (void)u;
    const Game *g = shown(gu);
    if (rows < 2 || gu->replay_at >= 0)
        return;
    int n = 0, used = 1;
    char line[64][260];
    for (int i = g->log.count - 1; i >= gu->news_from[log_viewer(g)] && i >= 0 && n < 64; i--) {
        const LogEntry *e = &g->log.items[i];
        if (!log_visible(e, log_viewer(g)) || strcmp(e->rule, "AI-STEP") == 0)
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

/* The log, filtered, the picked entry whole (L). */
void draw_log(GameUi *gu)
{
    const Game *g = shown(gu);
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
        char line[1200];
        log_line(&g->log.items[shown[k]], line, sizeof line);
        if (k == gu->log_sel) { /* the picked entry whole, wrapped over as many rows as it needs */
            attrset(A_REVERSE);
            for (const char *t = line; *t && y < LINES - 1;) {
                int len = ui_wrap_len(t, COLS);
                mvhline(y, 0, ' ', COLS);
                mvaddnstr(y, 0, t, len);
                t += len;
                while (*t == ' ')
                    t++;
                if (*t)
                    y++;
            }
            attrset(A_NORMAL);
            continue;
        }
        if ((int)strlen(line) > COLS && COLS > 1) { /* cut, and it says so: j k to it shows it whole */
            line[COLS - 1] = '~';
            line[COLS] = '\0';
        }
        mvaddnstr(y, 0, line, COLS);
    }
}

/* A log entry and its rule's text (Enter on the entry picked in the log). */
void draw_log_rule(const Ui *u, const GameUi *gu)
{
    const Game *g = shown(gu);
    const LogEntry *e = gu->rule_entry >= 0 && gu->rule_entry < g->log.count ? &g->log.items[gu->rule_entry] : NULL;
    if (!e)
        return;
    const RuleText *rt = ruletext_find(&u->gd->ruletext, e->rule);
    char line[1200];
    log_line(e, line, sizeof line);
    int y = 2;
    panel_wrap(2, &y, COLS - 4 > 20 ? COLS - 4 : 20, line); /* the whole entry, wrapped */
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
}
