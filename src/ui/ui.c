/* The curses UI: the terminal, the start menu, and guv replay. */
#include "ui/ui.h"

#include "ui/ui_internal.h"
#include "play/pp_play.h"
#include "play/rd_play.h"

#include <errno.h>
#include <term.h>

static volatile sig_atomic_t curses_on;
static const char *data_dir; /* for A Perfect Plan's data, read when it is chosen */

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

/* A scenario for two players (not the solitaire one): its index, -1 when
 * the player goes back. */
static int choose_scenario(Ui *u, int solitaire)
{
    for (;;) {
        erase();
        ui_bar(0, " guv  a scenario for two players on one screen");
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
/* A save in the save folder, as the load screen lists it. */
typedef struct {
    char name[256];
    SaveSummary sum;
    bool readable;
    bool pp; /* a game of A Perfect Plan (its own loader; no summary) */
    bool rd; /* a game of the Red Die of Courage (likewise) */
    time_t when;
} SaveInfo;

static int newest_first(const void *a, const void *b)
{
    const SaveInfo *x = a, *y = b;
    return x->when < y->when ? 1 : x->when > y->when ? -1 : strcmp(x->name, y->name);
}

static bool choose_save(const GameData *gd, const char *dir, char *out, size_t size)
{
    static char note[400]; /* what the last deletion did, shown once */
    SaveInfo saves[64];
    int n = 0;
    DIR *dh = opendir(dir);
    struct dirent *e;
    while (dh && (e = readdir(dh)) && n < 64) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".save") != 0 || len >= sizeof saves[0].name)
            continue;
        SaveInfo *si = &saves[n++];
        snprintf(si->name, sizeof si->name, "%s", e->d_name);
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat sb;
        si->when = stat(path, &sb) == 0 ? sb.st_mtime : 0;
        si->pp = pp_play_is_save(path);
        si->rd = rd_play_is_save(path);
        si->readable = si->pp || si->rd || save_peek(gd, path, &si->sum);
    }
    if (dh)
        closedir(dh);
    qsort(saves, (size_t)n, sizeof *saves, newest_first);
    if (n > 9)
        n = 9; /* the newest nine, a key each */
    for (;;) {
        erase();
        ui_bar(0, " guv  load a saved game");
        int y = 2;
        if (n == 0)
            mvaddnstr(y++, 4, "No saved game in the save folder.", COLS - 4);
        for (int i = 0; i < n; i++) {
            char line[400], when[32] = "";
            struct tm tmv;
            if (saves[i].when && localtime_r(&saves[i].when, &tmv))
                strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tmv);
            const SaveSummary *sm = &saves[i].sum;
            const char *what = !saves[i].readable ? "not a guv save"
                               : saves[i].pp       ? "A Perfect Plan"
                               : saves[i].rd       ? "The Red Die of Courage"
                               : !sm->same_data   ? "saved with other data: it will not load"
                               : sm->scenario >= 0 ? gd->scenarios[sm->scenario].name
                                                   : "?";
            if (saves[i].pp || saves[i].rd)
                snprintf(line, sizeof line, "%d   %-16s %-16s                 %s", i + 1, saves[i].name, when, what);
            else
                snprintf(line, sizeof line, "%d   %-16s %-16s %4d decision%s  %s", i + 1, saves[i].name, when,
                         sm->decisions, sm->decisions == 1 ? " " : "s", what);
            mvaddnstr(y++, 4, line, COLS - 4);
        }
        y++;
        mvaddnstr(y++, 4, "The folder:", COLS - 4);
        mvaddnstr(y++, 6, dir, COLS - 6);
        mvaddnstr(y + 1, 4, "1-9   load it and play on (it goes on saving there)", COLS - 4);
        mvaddnstr(y + 2, 4, "d 1-9 delete it (asks first)    Esc or q   back", COLS - 4);
        if (note[0])
            mvaddnstr(y + 4, 4, note, COLS - 4);
        refresh();
        int key = keys_get();
        note[0] = '\0';
        if (key == 27 || key == 'q')
            return false;
        if (key >= '1' && key < '1' + n) {
            snprintf(out, size, "%s/%s", dir, saves[key - '1'].name);
            return true;
        }
        if (key == 'd' && n > 0) {
            mvaddnstr(y + 4, 4, "delete which? 1-9 (Esc: none)", COLS - 4);
            refresh();
            int which = keys_get();
            if (which < '1' || which >= '1' + n)
                continue;
            char q[400];
            snprintf(q, sizeof q, "delete %s for good? y / n", saves[which - '1'].name);
            move(y + 4, 0);
            clrtoeol();
            mvaddnstr(y + 4, 4, q, COLS - 4);
            refresh();
            if (keys_get() != 'y')
                continue;
            char path[4600];
            snprintf(path, sizeof path, "%s/%s", dir, saves[which - '1'].name);
            if (unlink(path) != 0) {
                snprintf(note, sizeof note, "could not delete %.200s: %.100s", saves[which - '1'].name, strerror(errno));
                continue;
            }
            snprintf(note, sizeof note, "%.200s deleted", saves[which - '1'].name);
            return choose_save(gd, dir, out, size); /* the list again, as it now is */
        }
    }
}

/* Moves the unfinished game's save to a name of its own in the same
 * folder (unfinished-DATE-TIME[-N].save), never over another file: every
 * unfinished game stays until the player deletes it on the load screen. */
static bool keep_aside(const char *autosave, char *kept, size_t size, char *why, size_t whysize)
{
    char dir[4200];
    save_folder_of(autosave, dir, sizeof dir);
    time_t now = time(NULL);
    struct tm tmv;
    char stamp[32] = "game";
    if (localtime_r(&now, &tmv))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
    for (int k = 1; k < 100; k++) {
        if (k == 1)
            snprintf(kept, size, "%s/unfinished-%s.save", dir, stamp);
        else
            snprintf(kept, size, "%s/unfinished-%s-%d.save", dir, stamp, k);
        if (link(autosave, kept) == 0) { /* link never replaces a file that is there */
            if (unlink(autosave) != 0) {
                snprintf(why, whysize, "%s", strerror(errno));
                unlink(kept);
                return false;
            }
            return true;
        }
        if (errno != EEXIST) {
            snprintf(why, whysize, "%s", strerror(errno));
            return false;
        }
    }
    snprintf(why, whysize, "too many unfinished games kept this second");
    return false;
}

int ui_wrap_len(const char *t, int w)
{
    int n = (int)strlen(t);
    if (n > w) {
        n = w;
        while (n > 0 && t[n] != ' ')
            n--;
        if (n == 0)
            n = w;
    }
    return n;
}

int ui_wrap(int y, int x, int w, const char *t)
{
    while (*t && y < LINES - 4) {
        int n = ui_wrap_len(t, w);
        mvaddnstr(y++, x, t, n);
        t += n;
        while (*t == ' ')
            t++;
    }
    return y;
}

void ui_bar(int y, const char *text)
{
    attrset(A_REVERSE);
    mvhline(y, 0, ' ', COLS);
    mvaddnstr(y, 0, text, COLS);
    attrset(A_NORMAL);
}

/* The game's autosave, once a key's screen is drawn (keys_on_idle). A
 * save that newly fails beeps, and its reason is on the message line from
 * the next screen on (and asked about on quitting: quit_unsaved_ok). */
static void flush_play(void *arg)
{
    GameUi *gu = arg;
    bool failing = gu->play.save_error[0] != '\0';
    play_flush(&gu->play);
    if (gu->play.save_error[0] && !failing) {
        beep();
        snprintf(gu->msg, sizeof gu->msg, " (not saved: %.300s)", gu->play.save_error);
    }
}

/* Opens a save to play on. A save damaged after its header (a line that
 * does not replay) is offered from its good part: the player says yes, and
 * the damaged file is kept beside it, never lost. */
static bool resume_or_offer(Ui *u, GameUi *gu, const char *path, char *err, size_t errsize)
{
    int good = -1;
    if (play_resume_checked(&gu->play, u->gd, path, err, errsize, &good))
        return true;
    if (good <= 0)
        return false;
    erase();
    int w = COLS > 8 ? COLS - 4 : 4;
    attron(A_BOLD);
    mvaddnstr(2, 2, "This save is damaged:", w);
    attroff(A_BOLD);
    int y = ui_wrap(3, 2, w, err) + 1;
    char q[200];
    snprintf(q, sizeof q, "Its first %d lines of play replay. Play on from there?", good);
    mvaddnstr(y++, 2, q, w);
    y = ui_wrap(y, 2, w, "y   yes (the damaged file is kept beside it, with .damaged after its name)") ;
    mvaddnstr(y, 2, "any other key   no, back to the menu", w);
    refresh();
    if (keys_get() != 'y')
        return false;
    return play_resume_good_part(&gu->play, u->gd, path, good, err, errsize);
}

/* The optional rules and variants, toggled by number. */
static void choose_options(Ui *u, unsigned *options)
{
    (void)u;
    for (;;) {
        erase();
        ui_bar(0, " guv  optional rules (hidden-automa: solitaire; the others: two-player games)");
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

/* The start menu: a new solitaire campaign, the unfinished game, the map.
 * With a position (guv --position), its game opens at once; the menu
 * follows when it is left. */
static int run_menu(Ui *u, Game *position)
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
        ui_bar(0, " guv  Give Us Victories: Chancellorsville 1863");
        int y = 3;
        mvaddnstr(y++, 4, "You are Lee. The Automa commands Hooker's Army of the Potomac.", COLS - 4);
        y++;
        if (solitaire >= 0)
            mvaddnstr(y++, 6, can_resume ? "n   new solitaire campaign (30 April - 4 May 1863)"
                                         : "n   new solitaire campaign (30 April - 4 May 1863)   [Enter]",
                      COLS - 6);
        mvaddnstr(y++, 6, "s   a scenario for two players on one screen", COLS - 6);
        mvaddnstr(y++, 6, "p   A Perfect Plan: the area game, two players or against the computer", COLS - 6);
        mvaddnstr(y++, 6, "d   The Red Die of Courage: the skirmish game, two players or the computer", COLS - 6);
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
        bool open_position = position != NULL; /* guv --position: the position's game first, no key */
        int key = open_position ? 0 : keys_get();
        if (key == 'q' || key == 'Q')
            break;
        if (key == '\n' || key == KEY_ENTER) /* the default: the unfinished game, else a new campaign */
            key = can_resume ? 'r' : 'n';
        if (key == 'm') {
            run_viewer(u);
            continue;
        }
        if (key == 'p') {
            msg[0] = '\0';
            pp_menu(u, data_dir, msg, sizeof msg);
            continue;
        }
        if (key == 'd') {
            msg[0] = '\0';
            rd_menu(u, data_dir, msg, sizeof msg);
            continue;
        }
        char err[1200];
        bool started = false;
        if (key == 'o') {
            choose_options(u, &options);
            continue;
        }
        int scenario = -1;
        if ((key == 'n' || key == 's' || open_position) && can_resume) { /* never lose a game: the old one is kept aside */
            if (key == 's' && (scenario = choose_scenario(u, solitaire)) < 0)
                continue;
            char kept[4400], why[300];
            if (!keep_aside(autosave, kept, sizeof kept, why, sizeof why)) {
                /* nothing is lost: the unfinished game stays where it is, and no new game starts over it */
                snprintf(msg, sizeof msg, "no new game: the unfinished one could not be kept aside (%.200s)", why);
                position = NULL; /* (the caller frees a position not opened) */
                continue;
            }
            const char *base = strrchr(kept, '/');
            snprintf(msg, sizeof msg, "the unfinished game is kept as %.200s (l to load it)", base ? base + 1 : kept);
        }
        if (key == 's' && (scenario >= 0 || (scenario = choose_scenario(u, solitaire)) >= 0)) {
            uint64_t seed = keys_new_seed();
            started = play_new(&gu.play, u->gd, scenario, seed, options & ~(unsigned)OPT_HIDDEN_AUTOMA,
                               have_dir ? autosave : NULL, err, sizeof err);
        } else if (key == 'n' && solitaire >= 0) {
            uint64_t seed = keys_new_seed();
            started = play_new(&gu.play, u->gd, solitaire, seed, options & OPT_HIDDEN_AUTOMA, have_dir ? autosave : NULL,
                               err, sizeof err);
        } else if (open_position) { /* the position's game, saved as the unfinished one */
            play_adopt(&gu.play, position, have_dir ? autosave : NULL);
            position = NULL;
            started = true;
        } else if (key == 'r' && can_resume)
            started = resume_or_offer(u, &gu, autosave, err, sizeof err);
        else if (key == 'l' && have_dir) {
            char dir[4300], path[4600];
            save_folder_of(autosave, dir, sizeof dir);
            if (!choose_save(u->gd, dir, path, sizeof path))
                continue;
            if (pp_play_is_save(path)) { /* the area game: its own screen, saving there */
                pp_open_save(u, data_dir, path, msg, sizeof msg); /* msg: why it did not open, or a save failure */
                continue;
            }
            if (rd_play_is_save(path)) { /* the skirmish game: likewise */
                rd_open_save(u, data_dir, path, msg, sizeof msg);
                continue;
            }
            started = resume_or_offer(u, &gu, path, err, sizeof err); /* it goes on saving there */
        } else
            continue;
        if (!started) {
            snprintf(msg, sizeof msg, "%.390s", err);
            continue;
        }
        gu.sel = gu.top = gu.overlay = gu.para = gu.log_back = gu.log_filter = 0;
        gu.hex_panel = gu.map_focus = false;
        gu.msg[0] = '\0';
        if (gu.play.save_error[0]) /* a folder it cannot write: said before the first decision */
            snprintf(gu.msg, sizeof gu.msg, " (not saved: %.300s)", gu.play.save_error);
        gu.replay_at = -1;
        gu.osel.hex = -1;
        gu.ab_hex = -1;
        gu.npick = 0;
        gu.play.deferred = true; /* saved once a key's screen is drawn */
        keys_on_idle(flush_play, &gu);
        run_game(u, &gu);
        keys_on_idle(NULL, NULL);
        if (gu.replay_at >= 0)
            game_free(&gu.replay);
        gu.replay_at = -1;
        play_free(&gu.play); /* saves what is not saved yet */
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
    if (pp_play_is_save(file) || rd_play_is_save(file)) { /* the box's other games: their own screens */
        int rc = pp_play_is_save(file) ? pp_replay(u, data_dir, file, err, sizeof err)
                                       : rd_replay(u, data_dir, file, err, sizeof err);
        if (rc) {
            restore_terminal();
            fprintf(stderr, "guv replay: %s\n", err);
        }
        return rc;
    }
    bool mem = game_ui_alloc(&gu, u->gd);
    if (!mem || !play_resume(&gu.play, u->gd, file, err, sizeof err)) {
        game_ui_free(&gu);
        restore_terminal();
        fprintf(stderr, "guv replay: %s\n", mem ? err : "out of memory");
        return 1;
    }
    gu.play.autosave[0] = '\0'; /* looking, not playing: the file is not written */
    gu.replay_at = -1;
    gu.replay_only = true;
    replay_go(u, &gu, 0);
    run_game(u, &gu);
    if (gu.replay_at >= 0)
        game_free(&gu.replay);
    play_free(&gu.play);
    game_ui_free(&gu);
    return 0;
}

static int ui_screen(const GameData *gd, const char *replay_file, const UiOptions *o, Game *position);

static int ui_start(const GameData *gd, const char *replay_file, const UiOptions *o)
{
    /* A position is read before the screen opens: a bad one is reported
     * as FILE:LINE: message, and no screen is shown. */
    Game position;
    bool have_position = false;
    if (o->position_file && !replay_file) {
        char err[1200];
        if (!position_load(gd, o->position_file, &position, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        have_position = true;
    }
    if (!replay_file && !o->keys_file && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
        fprintf(stderr, "guv: the map needs a terminal; try 'guv map' to print it, or 'guv --help'\n");
        if (have_position)
            game_free(&position);
        return 1;
    }
    int rc = ui_screen(gd, replay_file, o, have_position ? &position : NULL);
    if (have_position && position.gd)
        game_free(&position); /* not taken over: the screen never opened */
    return rc;
}

static int ui_screen(const GameData *gd, const char *replay_file, const UiOptions *o, Game *position)
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
    } else {
        /* Before curses takes the screen: a terminal guv can draw on, or a message saying what is missing
         * (initscr would exit with its own words on an unknown TERM, and draw nothing on a dumb one). */
        const char *term = getenv("TERM");
        int err = 0;
        if (!term || !*term) {
            ui_free(&u);
            keys_close();
            fprintf(stderr, "guv: TERM is not set: guv needs to know the terminal to draw the map "
                            "(try TERM=xterm-256color guv)\n");
            return 1;
        }
        if (setupterm(term, fileno(stdout), &err) != OK) {
            ui_free(&u);
            keys_close();
            fprintf(stderr, "guv: the terminal type '%s' (TERM) is not known here: set TERM to one this system "
                            "has (xterm-256color, screen, tmux...), or install its terminfo entry\n", term);
            return 1;
        }
        const char *cup = tigetstr("cup");
        const char *clear = tigetstr("clear");
        bool ok = cup && cup != (const char *)-1 && clear && clear != (const char *)-1;
        del_curterm(cur_term);
        if (!ok) {
            ui_free(&u);
            keys_close();
            fprintf(stderr, "guv: the terminal '%s' (TERM) cannot move the cursor or clear the screen, and guv draws "
                            "a full-screen map: run it in a terminal such as xterm, screen or tmux (guv script and "
                            "guv sim need none)\n", term);
            return 1;
        }
        if (!initscr()) {
            ui_free(&u);
            fprintf(stderr, "guv: cannot start the terminal screen (is TERM set?)\n");
            return 1;
        }
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
    data_dir = o->data_dir;
    int rc = replay_file ? run_replay(&u, replay_file) : run_menu(&u, position);
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
