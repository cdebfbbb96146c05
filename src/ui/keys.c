/* The UI's keys: the keyboard, or a key script with screen dumps (keys.h). */
#define NCURSES_WIDECHAR 1
#include "ui/keys.h"

#include <ctype.h>
#include <curses.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

static struct {
    UiOptions o;
    FILE *f;
    int line;
    char buf[1024];
    char *pos;        /* the next token in buf */
    int pending[512]; /* keys queued by @type, the last to come first */
    int npending;
    const char *until_text; /* an @until running: its text, key and presses left */
    char until_buf[256];
    int until_key, until_left, until_line;
    int eof_keys; /* 'q's handed out after the script ended */
} ks;

/* GUV_KEY_TIMES=FILE (make bench, tests/bench_redraw.sh): a line a key
 * appended to FILE, "MS<TAB>COLSxROWS<TAB>LINE<TAB>KEY": the milliseconds
 * from the key read to the screen drawn for it (the next key asked for,
 * after its doupdate), the key script's line (0: the keyboard) and the key.
 * A watched Automa step (no key: the pause ran out) is the key "(step)".
 * Unset, nothing is timed or written. */
static struct {
    FILE *f;
    bool open; /* a key read, its screen not yet drawn */
    struct timespec t0;
    int cols, rows, line, key;
} kt;

bool keys_scripted(void) { return ks.f != NULL; }

uint64_t keys_new_seed(void)
{
    if (ks.o.seed_set)
        return ks.o.seed;
    return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

bool keys_open(const UiOptions *o)
{
    memset(&ks, 0, sizeof ks);
    ks.o = *o;
    const char *times = getenv("GUV_KEY_TIMES");
    if (times && *times && !kt.f && !(kt.f = fopen(times, "a"))) {
        fprintf(stderr, "guv: cannot write the key times to %s: %s\n", times, strerror(errno));
        return false;
    }
    if (!o->keys_file)
        return true;
    ks.f = fopen(o->keys_file, "r");
    if (!ks.f) {
        fprintf(stderr, "guv: cannot read the key script %s: %s\n", o->keys_file, strerror(errno));
        keys_close();
        return false;
    }
    return true;
}

void keys_close(void)
{
    if (ks.f)
        fclose(ks.f);
    ks.f = NULL;
    if (kt.f) /* the last key's screen is the program closing: not timed */
        fclose(kt.f);
    memset(&kt, 0, sizeof kt);
}

/* Stops guv: the script asked for something the screen did not give. */
static void fail(int line, const char *fmt, const char *arg)
{
    endwin();
    fprintf(stderr, "%s:%d: ", ks.o.keys_file, line);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(3);
}

/* Row y of the screen as UTF-8 text, trailing spaces dropped. */
static void screen_row(int y, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int x = 0; x < COLS; x++) {
        cchar_t cc;
        wchar_t wch[CCHARW_MAX + 1];
        attr_t a;
        short pair;
        if (mvwin_wch(curscr, y, x, &cc) == ERR || getcchar(&cc, wch, &a, &pair, NULL) == ERR || wch[0] == L'\0')
            wch[0] = L' ';
        char mb[MB_LEN_MAX];
        mbstate_t ms;
        memset(&ms, 0, sizeof ms);
        size_t k = wcrtomb(mb, wch[0], &ms);
        if (k == (size_t)-1) {
            mb[0] = '?';
            k = 1;
        }
        if (n + k + 1 >= size)
            break;
        memcpy(out + n, mb, k);
        n += k;
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
}

static bool screen_shows(const char *text)
{
    char row[2048];
    for (int y = 0; y < LINES; y++) {
        screen_row(y, row, sizeof row);
        if (strstr(row, text))
            return true;
    }
    return false;
}

static void write_screen(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.txt", ks.o.screens_dir ? ks.o.screens_dir : ".", name);
    FILE *f = fopen(path, "w");
    if (!f)
        fail(ks.line, "cannot write the screen to %s", path);
    char row[2048];
    for (int y = 0; y < LINES; y++) {
        screen_row(y, row, sizeof row);
        fprintf(f, "%s\n", row);
    }
    fclose(f);
}

static const struct {
    const char *name;
    int key;
} named[] = {{"Enter", '\n'},         {"Esc", 27},           {"Tab", '\t'},         {"BTab", KEY_BTAB},
             {"Space", ' '},          {"Up", KEY_UP},        {"Down", KEY_DOWN},    {"Left", KEY_LEFT},
             {"Right", KEY_RIGHT},    {"PgUp", KEY_PPAGE},   {"PgDn", KEY_NPAGE},   {"Home", KEY_HOME},
             {"End", KEY_END},        {"Backspace", KEY_BACKSPACE}, {"Hash", '#'}};

static int parse_key(const char *tok)
{
    if (tok[0] && !tok[1])
        return (unsigned char)tok[0];
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (strcmp(tok, named[i].name) == 0)
            return named[i].key;
    if (tok[0] == 'F' && isdigit((unsigned char)tok[1])) {
        int n = atoi(tok + 1);
        if (n >= 1 && n <= 12)
            return KEY_F(n);
    }
    if (tok[0] == 'C' && tok[1] == '-' && isalpha((unsigned char)tok[2]) && !tok[3])
        return tolower((unsigned char)tok[2]) & 0x1f;
    return -1;
}

/* The next token of the script, or NULL at its end. */
static char *next_token(void)
{
    for (;;) {
        if (ks.pos) {
            while (*ks.pos == ' ' || *ks.pos == '\t')
                ks.pos++;
            if (*ks.pos && *ks.pos != '#' && *ks.pos != '\n' && *ks.pos != '\r') {
                char *t = ks.pos;
                while (*ks.pos && *ks.pos != ' ' && *ks.pos != '\t' && *ks.pos != '\n' && *ks.pos != '\r')
                    ks.pos++;
                if (*ks.pos)
                    *ks.pos++ = '\0';
                return t;
            }
        }
        if (!fgets(ks.buf, sizeof ks.buf, ks.f))
            return NULL;
        ks.line++;
        ks.pos = ks.buf;
    }
}

static char *need_token(const char *what)
{
    char *t = next_token();
    if (!t)
        fail(ks.line, "%s", what);
    return t;
}

static int script_key(void)
{
    for (;;) {
        if (ks.npending > 0)
            return ks.pending[--ks.npending];
        if (ks.until_text) {
            if (screen_shows(ks.until_text))
                ks.until_text = NULL;
            else if (ks.until_left-- > 0)
                return ks.until_key;
            else
                fail(ks.until_line, "the screen never showed '%s'", ks.until_buf);
            continue;
        }
        char *tok = next_token();
        if (!tok) {
            /* The script ended: leave the way a player would. */
            if (ks.eof_keys++ > 40)
                fail(ks.line, "%s", "the key script ended and guv would not quit ('q' pressed 40 times)");
            return 'q';
        }
        if (tok[0] != '@' || !tok[1]) {
            int k = parse_key(tok);
            if (k < 0)
                fail(ks.line, "'%s' is not a key (a character, Enter, Esc, Tab, Up, F1, C-c, ...)", tok);
            return k;
        }
        if (strcmp(tok, "@screen") == 0) {
            write_screen(need_token("@screen needs a name"));
        } else if (strcmp(tok, "@size") == 0) {
            int cols = atoi(need_token("@size needs COLS ROWS")), rows = atoi(need_token("@size needs COLS ROWS"));
            if (cols < 20 || rows < 8 || cols > 400 || rows > 200)
                fail(ks.line, "%s", "@size needs COLS ROWS between 20x8 and 400x200");
            resizeterm(rows, cols);
            return KEY_RESIZE;
        } else if (strcmp(tok, "@click") == 0) {
            MEVENT ev;
            memset(&ev, 0, sizeof ev);
            ev.x = atoi(need_token("@click needs COL ROW"));
            ev.y = atoi(need_token("@click needs COL ROW"));
            ev.bstate = BUTTON1_CLICKED;
            if (ev.x < 0 || ev.y < 0 || ev.x >= COLS || ev.y >= LINES)
                fail(ks.line, "%s", "@click: COL ROW must be on the screen (0-based)");
            ungetmouse(&ev);
            return KEY_MOUSE;
        } else if (strcmp(tok, "@type") == 0) {
            const char *text = need_token("@type needs a text");
            size_t len = strlen(text);
            if (len + 1 > sizeof ks.pending / sizeof *ks.pending)
                fail(ks.line, "%s", "@type takes at most 500 characters");
            ks.pending[ks.npending++] = '\n';
            for (size_t i = len; i-- > 0;)
                ks.pending[ks.npending++] = text[i] == '_' ? ' ' : (unsigned char)text[i];
        } else if (strcmp(tok, "@expect") == 0) {
            char text[256];
            snprintf(text, sizeof text, "%s", need_token("@expect needs a text"));
            for (char *p = text; *p; p++)
                if (*p == '_')
                    *p = ' ';
            if (!screen_shows(text))
                fail(ks.line, "the screen does not show '%s'", text);
        } else if (strcmp(tok, "@until") == 0) {
            snprintf(ks.until_buf, sizeof ks.until_buf, "%s", need_token("@until needs TEXT N KEY"));
            for (char *p = ks.until_buf; *p; p++)
                if (*p == '_')
                    *p = ' ';
            ks.until_left = atoi(need_token("@until needs TEXT N KEY"));
            const char *k = need_token("@until needs TEXT N KEY");
            ks.until_key = parse_key(k);
            if (ks.until_key < 0)
                fail(ks.line, "'%s' is not a key", k);
            ks.until_text = ks.until_buf;
            ks.until_line = ks.line;
        } else
            fail(ks.line, "'%s' is not a script command (@screen, @size, @click, @type, @until, @expect)", tok);
    }
}

/* The keyboard. An escape sequence the terminal description does not know
 * (a wrong TERM, an exotic key) would come in as Esc, '[', ... and act as
 * keys; it is read to its end and dropped instead. */
static int keyboard(void)
{
    for (;;) {
        int k = getch();
        if (k != 27)
            return k;
        int delay = wgetdelay(stdscr);
        wtimeout(stdscr, 0);
        int n = getch();
        if (n == '[' || n == 'O') {
            int c = n == 'O' ? getch() : 0;
            while (n == '[' && (c = getch()) != ERR && !(c >= 0x40 && c <= 0x7e))
                ;
            wtimeout(stdscr, delay);
            continue;
        }
        if (n != ERR)
            ungetch(n);
        wtimeout(stdscr, delay);
        return 27;
    }
}

static const char *key_label(int k, char *buf, size_t size)
{
    if (k == ERR)
        return "(step)";
    if (k == KEY_MOUSE)
        return "@click";
    if (k == KEY_RESIZE)
        return "@size";
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (named[i].key == k)
            return named[i].name;
    if (k > ' ' && k < 127) {
        snprintf(buf, size, "%c", k);
        return buf;
    }
    const char *n = keyname(k);
    return n ? n : "?";
}

/* The screen for the key read last is drawn: its time is written. */
static void key_time_end(void)
{
    if (!kt.open)
        return;
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - kt.t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - kt.t0.tv_nsec) / 1e6;
    char buf[8];
    fprintf(kt.f, "%.3f\t%dx%d\t%d\t%s\n", ms, kt.cols, kt.rows, kt.line, key_label(kt.key, buf, sizeof buf));
    kt.open = false;
}

static void key_time_start(int k)
{
    kt.open = true;
    kt.key = k;
    kt.cols = COLS;
    kt.rows = LINES;
    kt.line = ks.f ? ks.line : 0;
    clock_gettime(CLOCK_MONOTONIC, &kt.t0);
}

static void (*idle_fn)(void *);
static void *idle_arg;

void keys_on_idle(void (*fn)(void *), void *arg)
{
    idle_fn = fn;
    idle_arg = arg;
}

int keys_get(void)
{
    if (ks.f)
        doupdate();
    else if (kt.f) { /* what getch would refresh, drawn before the time is taken */
        wnoutrefresh(stdscr);
        doupdate();
    }
    if (kt.f)
        key_time_end();
    if (idle_fn)
        idle_fn(idle_arg); /* the screen is drawn: now the save */
    int k = ks.f ? script_key() : keyboard();
    if (kt.f)
        key_time_start(k);
    return k;
}

int keys_pause(void)
{
    if (kt.f) {
        doupdate();
        key_time_end();
    }
    if (idle_fn)
        idle_fn(idle_arg);
    if (kt.f)
        key_time_start(ERR);
    return ERR;
}
