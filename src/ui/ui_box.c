/* What the screens of the box's two games share: see ui_box.h. */
#include "ui/ui_box.h"


#include "play/gamefile.h"

void ui_box_menu(const UiBoxMenu *m, Ui *u)
{
    char autosave[4200] = "";
    bool have_dir = m->autosave_path(autosave, sizeof autosave);
    char note[700] = "";
    for (;;) {
        bool can_resume = have_dir && access(autosave, F_OK) == 0;
        erase();
        ui_bar(0, m->title);
        int y = 2;
        y = ui_wrap(y, 4, COLS - 8, m->about) + 1;
        mvaddnstr(y++, 6, "1   Two players (one screen)", COLS - 6);
        mvaddnstr(y++, 6, "2   Against the computer: play the Union", COLS - 6);
        mvaddnstr(y++, 6, "3   Against the computer: play the Confederates", COLS - 6);
        if (can_resume)
            mvaddnstr(y++, 6, "r   resume the unfinished game   [Enter]", COLS - 6);
        mvaddnstr(y++, 6, "Esc or q   back", COLS - 6);
        y++;
        y = ui_wrap(y, 4, COLS - 8, m->computer);
        if (note[0])
            ui_wrap(y + 1, 4, COLS - 8, note);
        refresh();
        int key = keys_get();
        if (key == 27 || key == 'q')
            return;
        if ((key == '\n' || key == KEY_ENTER) && can_resume)
            key = 'r';
        m->fresh(u);
        bool started = false;
        if (key >= '1' && key <= '3') {
            if (m->prepare && !m->prepare())
                continue;
            if (can_resume && !gamefile_keep_aside(autosave)) { /* the unfinished game is kept, under a name of its own */
                snprintf(note, sizeof note, "no new game: the unfinished one could not be kept aside");
                continue;
            }
            m->start(key, have_dir ? autosave : NULL);
            started = true;
        } else if (key == 'r' && can_resume) {
            char err[1400];
            if (!m->resume(autosave, err, sizeof err)) {
                snprintf(note, sizeof note, "%.690s", err);
                continue;
            }
            started = true;
        }
        if (started)
            m->play(true, note, sizeof note);
    }
}

bool ui_box_log_key(int k, int *overlay, int *log_back, int nlog, bool vi_keys)
{
    if (*overlay != 1)
        return false;
    if (k == 27 || k == 'L' || k == 'q')
        *overlay = 0, *log_back = 0;
    else if (k == KEY_UP || (vi_keys && k == 'k'))
        *log_back += *log_back < nlog - 1;
    else if (k == KEY_DOWN || (vi_keys && k == 'j'))
        *log_back -= *log_back > 0;
    else if (k == KEY_PPAGE)
        *log_back = *log_back + 10 < nlog ? *log_back + 10 : nlog - 1;
    else if (k == KEY_NPAGE)
        *log_back = *log_back > 10 ? *log_back - 10 : 0;
    return true;
}

int ui_box_replay_key(int k, int at, int nrec, int *overlay, char *msg, size_t n)
{
    int was = at;
    if (k == 'q' || k == 'Q')
        return -1;
    else if (k == 27)
        snprintf(msg, n, "a replay is read-only: ] [ step through it, q leaves");
    else if (k == ']' || k == KEY_RIGHT || k == ' ' || k == '\n' || k == KEY_ENTER)
        at = at < nrec ? at + 1 : at;
    else if (k == '[' || k == KEY_LEFT || k == KEY_BACKSPACE)
        at = at > 0 ? at - 1 : 0;
    else if (k == KEY_HOME)
        at = 0;
    else if (k == KEY_END)
        at = nrec;
    else if (k == 'L')
        *overlay = 1;
    else if (k == '?')
        *overlay = 2;
    if (at == was && at == nrec && (k == ']' || k == ' '))
        snprintf(msg, n, "the end of the save (%d records): [ goes back, q leaves", nrec);
    return at;
}

int ui_box_curtain(const char *now, const char *take, const char *shows)
{
    erase();
    int y = LINES / 2 - 3;
    attrset(A_BOLD);
    mvaddnstr(y++, 4, now, COLS - 4);
    attrset(A_NORMAL);
    y++;
    mvaddnstr(y++, 4, take, COLS - 4);
    char line[200];
    snprintf(line, sizeof line, "Enter or space: show the %s.  q: back to the menu (the game is saved).", shows);
    mvaddnstr(y++, 4, line, COLS - 4);
    refresh();
    int k = keys_get();
    if (k == 'q' || k == 'Q')
        return -1;
    return k == '\n' || k == KEY_ENTER || k == ' ';
}

void ui_box_flushed(const GameSave *gs, bool failing, char *msg, size_t n)
{
    if (gs->save_error[0] && !failing) {
        beep();
        snprintf(msg, n, "not saved: %.400s", gs->save_error);
    }
}

void ui_box_left(const GameSave *gs, char *note, size_t n)
{
    note[0] = '\0';
    if (gs->save_error[0])
        snprintf(note, n, "not saved: %.600s", gs->save_error);
}

int ui_box_end_head(const char *bar, const char *result, int computer, int r, int draw)
{
    erase();
    ui_bar(0, bar);
    int y = 3;
    attrset(A_BOLD);
    y = ui_wrap(y, 4, COLS - 8, result) + 1;
    attrset(A_NORMAL);
    if (computer >= 0 && r >= 0) {
        mvaddnstr(y++, 4, r == draw ? "Neither side wins." : r == computer ? "The computer wins." : "You win.", COLS - 8);
        y++;
    }
    return y;
}
