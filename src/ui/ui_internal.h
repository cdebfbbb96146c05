/* The curses UI's parts (ui.h is its face): the map and the viewer
 * (ui_map.c), the game screen (ui_game.c, with its list of decisions
 * ui_list.c, the orders on the map ui_orders.c, the attack builder
 * ui_attack.c, the Automa's panel ui_automa.c, the log ui_log.c and the
 * dialogs ui_dialogs.c), the menu and the terminal (ui.c). Only the curses
 * program includes this. */
#ifndef GUV_UI_INTERNAL_H
#define GUV_UI_INTERNAL_H

#include <curses.h>
#include <dirent.h>
#include <sys/stat.h>
#include <langinfo.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "automa/automa.h"
#include "data/ruletext.h"
#include "play/play.h"
#include "rules/position.h"
#include "rules/save.h"
#include "ui/keys.h"
#include "view/advice.h"
#include "view/automa_view.h"
#include "view/maprender.h"
#include "view/mapview.h"
#include "view/odds.h"
#include "view/orders.h"
#include "view/textfit.h"

enum { PANEL_W = 34, PANEL_MIN_COLS = 72 };

typedef struct {
    const GameData *gd;
    const ScenarioDef *setup; /* units shown on the map, if any */
    MapCanvas canvas, canvas_ids, canvas_over; /* the map, with hex ids, the overview (a character a hex) */
    MapCanvas canvas_compact;                  /* the compact level: drawn afresh each time it is shown */
    MapViewBuf vb;                            /* what the side looking sees: units, markers, colours */
    /* The zoom (z cycles full, compact, overview): overview set is the
     * overview, else compact set is the compact level, else the full map. */
    bool overview, compact;
    bool names_hidden; /* N: the places' names are not written on the map */
    bool show_points; /* stacks show their combat points, not their counters */
    unsigned char *units[SIDE_COUNT];
    HexCoord cursor;
    int vx, vy; /* canvas position at the map window's top-left */
    bool ids, legend, help, panel_forced;
    bool colour;
    int depth; /* enum MapDepth: no colour, 8 or 256 colours */
    short pair_fg[256], pair_bg[256]; /* colour pairs made as the map needs them: pair i+PAIR_FIRST */
    int npairs;
    const char *vline, *hline, *corner[4]; /* box drawing, ASCII when not UTF-8 */
    attr_t style_attr[STY_COUNT]; /* the side panel's styles (the map itself is painted by maprender_look) */
    attr_t mark_attr[OM_COUNT]; /* lit hexes: where a selection may go, whom it may attack */
    attr_t path_attr, range_attr, flash_attr;
    /* Drawn over the map when set (the game's orders; NULL in the viewer):
     * per hex index, enum OrderMark, the half MP to get there (-1 none),
     * on the previewed way, in the previewed command radius. */
    const unsigned char *mark, *on_path, *in_range;
    const short *cost;
    const unsigned char *flash; /* where the Automa's stacks left and arrived since the player's last decision */
} Ui;

/* ---- ui_map.c: the map, its cursor and the viewer ---- */
void setup_styles(Ui *u);
int panel_width(const Ui *u);
void follow_cursor(Ui *u);
void centre_on_cursor(Ui *u);
void draw_map(Ui *u);
/* The map's canvases drawn again from the game's state, as the side looking may see it. */
void refresh_units(Ui *u, const Game *g);
/* The map's keys common to the viewer and the game: z and Z cycle the zoom
 * (full, compact, overview), N shows or hides the places' names. True
 * when key was one of them. */
bool map_view_key(Ui *u, int key);
void move_cursor(Ui *u, int dir);
void step_cursor(Ui *u, int dcol, int drow);
void handle_mouse(Ui *u);
/* h j k l y u b n and Left Right move the cursor a hex; true when key was one of them. */
bool cursor_key(Ui *u, int key);
/* A mouse event on the map: the wheel scrolls, a click moves the cursor
 * (true when it landed on a hex) or, on the overview, goes there. */
bool handle_mouse_event(Ui *u, const MEVENT *ev);
int map_width(const Ui *u);
bool ui_init(Ui *u, const GameData *gd);
void ui_free(Ui *u);
void run_viewer(Ui *u);
void panel_line(int x, int *y, int w, attr_t a, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* ---- the game screen (ui_game.c and its parts below): its state ---- */

typedef struct {
    Play play;
    Decision *legal;
    int nlegal, sel, top;
    int overlay; /* 0 none, 1 the Automa's display, 2 the log, 3 help, 4 the end, 5 a log entry's rule */
    int log_back; /* log lines scrolled back */
    int log_sel;  /* the log entry picked (0: the newest shown); Enter shows its rule */
    int rule_entry; /* overlay 5: the log entry whose rule is shown */
    int help_top;   /* the help's first key line shown */
    int log_filter; /* 0 all, 1 combat, 2 the Automa, 3 my decisions */
    int para;       /* the booklet paragraph the Automa read last, shown with its narrative; 0 none */
    bool hex_panel; /* the side panel shows the hex under the cursor instead of the decisions */
    int replay_at;  /* stepping through the game: the records shown, -1 when live */
    bool replay_only; /* guv replay: read-only, never live (the last frame is the end of the record) */
    Game replay;    /* the game after replay_at records */
    char msg[6000];
    /* Orders on the map (view/orders.h). */
    OrderSel osel;         /* the stack selected, hex -1: none */
    int nextra;            /* the selected group's moves, asked of the engine, after the legal list */
    bool map_focus;        /* Enter acts at the map cursor (it moved last), not on the list */
    int pick[64], npick;   /* several decisions at one hex: the panel offers just these */
    int *view, nview;      /* the list shown: indexes into legal (the picks, the selection's orders, or all);
                              a folded group's title is -(group + 1) */
    AdviceGroup open_group[16]; /* the groups unfolded by the player (until the next decision) */
    int nopen;
    struct ListGroup {
        AdviceGroup g;
        int first, count; /* its first decision (index into legal), its size */
    } *groups;             /* the groups of the list shown, when it is folded */
    int ngroups;
    int *gid;              /* scratch: each listed decision's group */
    short *place_act, *place_all; /* per legal decision placing the chit: the units that would act, of all */
    /* The attack built on the map (x on an enemy hex): its target, the
     * units chosen, the stacks around that may join (view/odds.h previews it). */
    int ab_hex; /* -1: none */
    short ab_units[DEC_MAX_UNITS];
    int ab_n;
    short ab_from[8]; /* the hexes of the stacks that may join */
    int ab_nfrom;
    /* A trap (view/advice.h): the decision waits for Enter or y again. */
    bool confirming;
    Decision confirm;
    char confirm_text[600];
    bool no_confirm; /* the player said: stop asking (kept in the preferences) */
    unsigned char *mark, *on_path, *in_range, *flash;
    short *cost;
    /* What happened: the log since the player's last decision, and the Automa's last step. */
    int news_from[SIDE_COUNT], step_from; /* per side: the log since its last decision */
    bool step_mode; /* the Automa waits after every step (space) and explains it; else it plays out on its own */
    int step_scroll; /* the step panel's first row shown (PgUp, PgDn) */
    int delay_ms;   /* watching the Automa: the pause after each of its steps */
    bool open_table; /* two players on one screen without the curtain between their turns */
    int seen_side;   /* the side the curtain was last lifted for, -1 none */
    int list_y0;     /* the screen row of the list's first shown entry (gu->top), -1 none */
} GameUi;

enum { LEGAL_CAP = 20000, EXTRA_CAP = 4000 };

/* ---- ui_game.c: the game screen's loop, keys and layout ---- */
bool game_ui_alloc(GameUi *gu, const GameData *gd);
void game_ui_free(GameUi *gu);
void replay_go(Ui *u, GameUi *gu, int k);
void run_game(Ui *u, GameUi *gu);
/* The game on screen: the live one, or the one being stepped through. */
const Game *shown(const GameUi *gu);
/* Who is looking: the player in solitaire; in a game on one screen, the side to move. */
int log_viewer(const Game *g);
/* Wraps text into the panel from row *y: words kept whole. */
void panel_wrap(int x, int *y, int w, const char *text);
/* Carries out d (no questions asked): the new position, the list anew, the map where it happens. */
bool game_do(Ui *u, GameUi *gu, const Decision *d);

/* ---- ui_orders.c: the orders on the map, the hex under the cursor ---- */
/* Whether the map's orders apply now: the live game, the player to decide. */
bool orders_live(const GameUi *gu);
/* The lit hexes for the selection (or the whole list), its moves the list lacks, their costs; the list anew. */
void orders_refresh(GameUi *gu);
/* The hex under the cursor in the side panel from row *y (Tab): terrain, works, objectives, units. */
void draw_game_hex(Ui *u, GameUi *gu, int x, int *y, int w);
/* "Mahone, Wright and 1 more": the first two units' names and how many more. */
void unit_names(const GameData *gd, const short *units, int n, char *out, size_t size);
/* What Enter would do at the map cursor, into line (the key line); lights the previewed way or radius. */
void hover(Ui *u, GameUi *gu, char *line, size_t size);
/* Enter at the map cursor: select the stack there, or carry out or offer the decisions it names. */
void map_enter(Ui *u, GameUi *gu);
/* A new kind of decision to make: the map centred where it is (or on the deciding side's army). */
void centre_on_news(Ui *u, GameUi *gu);

/* ---- ui_list.c: the list of decisions ---- */
/* The decision row i of the list stands for; NULL for a group's title. */
const Decision *row_decision(const GameUi *gu, int i);
/* The list shown made anew from the legal decisions: the picks, the selection's orders, or all (folded). */
void view_refresh(GameUi *gu);
/* From row 0, the highlighted row moves to the first that is not a trap. */
void sel_first_safe(GameUi *gu);
/* The legal decisions asked of the engine again; the picks, open groups, confirmation and attack dropped. */
void game_legal_refresh(GameUi *gu);
/* The list in the side panel from row y to the bottom (it sets gu->list_y0). */
void draw_list(GameUi *gu, int x, int y, int w);
/* The key line for the highlighted row: what Enter does, then the other keys that fit. */
void list_key_line(const Ui *u, const GameUi *gu, char *enter_line, size_t size);
/* Enter on the highlighted row: a decision made, a stack's group selected, another group (un)folded. */
void list_enter(Ui *u, GameUi *gu);
/* Centres the map on the hex a decision names, if any. */
void show_decision(Ui *u, const Decision *d);

/* ---- ui_log.c: the log panel and the news ---- */
/* The whole log to a file beside the saves (w); the result in gu->msg. */
void write_log(GameUi *gu);
/* What happened since the player's last decision, in at most rows rows of the side panel. */
void draw_news(Ui *u, GameUi *gu, int x, int *y, int w, int rows);
/* The log panel (L): the entries that pass the filter, the picked one whole. */
void draw_log(GameUi *gu);
/* The picked log entry and its rule's text (Enter in the log). */
void draw_log_rule(const Ui *u, const GameUi *gu);

/* ---- ui_automa.c: the Automa acting ---- */
/* The side panel while the Automa acts, from row *y: its last step, the page, the paragraph. */
void draw_automa_panel(Ui *u, GameUi *gu, int x, int *y, int w);
/* The Automa's display (a), over the whole screen. */
void draw_automa_display(const Game *g);
/* The Automa's next step: played, the stacks that moved lit, the map following them. */
void automa_step(Ui *u, GameUi *gu);

/* ---- ui_attack.c: the attack builder (x on an enemy hex) ---- */
/* The legal attack on gu->ab_hex by exactly the units chosen, or NULL. */
const Decision *ab_decision(const GameUi *gu);
/* Starts building an attack on hex; false when no attack on it is legal. */
bool ab_start(GameUi *gu, int hex);
/* Adds the k-th stack around the target to the attack, or takes it out. */
void ab_toggle(GameUi *gu, int k);
/* The builder in the side panel from row *y: the stacks, the preview, what Enter does. */
void draw_attack_builder(Ui *u, GameUi *gu, int x, int *y, int w);
/* The key line while an attack is built, into line. */
void attack_key_line(const Ui *u, const GameUi *gu, char *line, size_t size);

/* ---- ui_dialogs.c: confirmations, help, the end, the curtain, typed lines ---- */
/* A decision the player chose: a trap waits for Enter or y again (the key line says why), else it is done. */
void game_choose(Ui *u, GameUi *gu, const Decision *d);
/* The help (?) over the screen: the situation now, then the keys from gu->help_top. */
void draw_game_help(GameUi *gu, const Game *g);
/* The end of the game over the screen: the result, the VP, the losses, the places held. */
void draw_end(const Ui *u, const Game *g);
/* The screen between two players' turns on one screen: side decides next. */
void draw_curtain(int side);
/* A line typed on the key line after label (digits only when digits); false on Esc or nothing typed. */
bool read_line(const char *label, char *buf, size_t size, bool digits);
/* Quitting while the last autosave failed: the reason and a question; true to quit. */
bool quit_unsaved_ok(GameUi *gu);

/* ---- ui_pp.c: A Perfect Plan, the box's area game ---- */
/* Its menu (two players, or against the computer as either side; resume),
 * then the game; back to the start menu when left. A problem (no data)
 * is written into msg. */
void pp_menu(Ui *u, const char *data_dir, char *msg, size_t msgsize);
/* Opens the game of A Perfect Plan saved at path and plays on (saving
 * there); false with the reason in msg when it cannot be read. */
bool pp_open_save(Ui *u, const char *data_dir, const char *path, char *msg, size_t msgsize);
/* guv replay on a save of A Perfect Plan: steps through it on its screen (] [ a record, } { a
 * turn, v the other side's view); the file is not written. 1 with the reason in msg when it
 * cannot be opened or no longer replays. */
int pp_replay(Ui *u, const char *data_dir, const char *path, char *msg, size_t msgsize);

/* ---- ui_rd.c: The Red Die of Courage, the box's skirmish game ---- */
/* Its menu (two players, or against the computer as either side, on a
 * battlefield chosen; resume), then the game. As pp_menu. */
void rd_menu(Ui *u, const char *data_dir, char *msg, size_t msgsize);
/* Opens the game of the Red Die saved at path and plays on (saving there). */
bool rd_open_save(Ui *u, const char *data_dir, const char *path, char *msg, size_t msgsize);
/* guv replay on a save of the Red Die: ] [ a record, Home End; the file is not written. */
int rd_replay(Ui *u, const char *data_dir, const char *path, char *msg, size_t msgsize);

/* ui.c: text wrapped at word boundaries into width w from row y, column x
 * (up to four rows from the bottom); the row after it. */
int ui_wrap(int y, int x, int w, const char *t);
/* The length of t's next wrapped line in width w (words kept whole). */
int ui_wrap_len(const char *t, int w);
/* Row y across the screen in reverse video: a title, status or key bar. */
void ui_bar(int y, const char *text);

#endif
