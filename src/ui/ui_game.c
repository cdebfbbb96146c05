/* The game screen's frame: the status line, the side panel's layout (the
 * replay, the head of the decisions, the parts that fill it), the overlays'
 * dispatch, the key line, and the main loop with the keys of a game in play.
 * Its parts: ui_list.c, ui_orders.c, ui_attack.c, ui_automa.c, ui_log.c, ui_dialogs.c. */
#include "automa/automa_state.h"
#include "ui/ui_internal.h"

/* The game on screen: the live one, or the one being stepped through. */
const Game *shown(const GameUi *gu) { return gu->replay_at >= 0 ? &gu->replay : &gu->play.game; }

/* Who is looking: the player in solitaire; in a game on one screen, the side to move. */
int log_viewer(const Game *g) { return AUTOMA(g->st).on ? SIDE_CONFEDERATE : g->st.to_move; }

static bool automa_acting(const GameUi *gu)
{
    const Game *g = shown(gu);
    return AUTOMA(g->st).on && g->st.to_move == SIDE_UNION && g->st.phase != PH_GAME_OVER;
}

bool game_ui_alloc(GameUi *gu, const GameData *gd)
{
    memset(gu, 0, sizeof *gu);
    size_t cells = (size_t)(gd->map.cols * gd->map.rows);
    gu->legal = malloc((LEGAL_CAP + EXTRA_CAP) * sizeof *gu->legal);
    gu->view = malloc(2 * (LEGAL_CAP + EXTRA_CAP) * sizeof *gu->view);
    gu->groups = malloc((LEGAL_CAP + EXTRA_CAP) * sizeof *gu->groups);
    gu->gid = malloc((LEGAL_CAP + EXTRA_CAP) * sizeof *gu->gid);
    gu->place_act = calloc(LEGAL_CAP + EXTRA_CAP, sizeof *gu->place_act);
    gu->place_all = calloc(LEGAL_CAP + EXTRA_CAP, sizeof *gu->place_all);
    gu->mark = calloc(cells, 1);
    gu->on_path = calloc(cells, 1);
    gu->in_range = calloc(cells, 1);
    gu->cost = calloc(cells, sizeof *gu->cost);
    gu->flash = calloc(cells, 1);
    gu->osel.hex = -1;
    gu->ab_hex = -1;
    gu->replay_at = -1;
    return gu->legal && gu->view && gu->groups && gu->gid && gu->place_act && gu->place_all && gu->mark && gu->on_path && gu->in_range && gu->cost && gu->flash;
}

void game_ui_free(GameUi *gu)
{
    free(gu->legal);
    free(gu->view);
    free(gu->groups);
    free(gu->gid);
    free(gu->place_act);
    free(gu->place_all);
    free(gu->mark);
    free(gu->on_path);
    free(gu->in_range);
    free(gu->cost);
    free(gu->flash);
}

static const char *const phase_text[] = {"choosing", "activations", "recovery",  "over",
                                         "night events", "placement", "deployment"};

static void game_status(const Game *g, char *buf, size_t n)
{
    const GameState *st = &g->st;
    const TurnDef *td = &g->gd->turns[st->turn - 1];
    snprintf(buf, n, " T%d %s%s%s | %s | %s | pts %d", st->turn, td->label, td->night && !strstr(td->label, "night") ? " night" : "",
             st->rain ? " rain" : "", phase_text[st->phase], st->phase == PH_GAME_OVER ? "game over"
             : st->to_move == SIDE_UNION ? (AUTOMA(*st).on ? "Automa" : "Union to decide")
             : AUTOMA(*st).on ? "you decide" : "Confederates to decide",
             st->points[log_viewer(g)]);
    if (AUTOMA(*st).on) {
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, " | VP %d %s", AUTOMA(*st).vp,
                 AUTOMA(*st).attitude == ATT_CAUTIOUS ? "Cautious" : "Aggressive");
    }
}

/* Wraps text into the panel from row *y: words kept whole. */
void panel_wrap(int x, int *y, int w, const char *text)
{
    const char *p = text;
    while (*p && *y < LINES - 1) {
        while (*p == ' ' || *p == '\n')
            p++;
        int len = ui_wrap_len(p, w);
        panel_line(x, y, w, A_NORMAL, "%.*s", len, p);
        p += len;
    }
}

/* What is being decided, in a few words, for the panel's head (? gives more). */
static const char *situation_short(const Game *g)
{
    const GameState *st = &g->st;
    if (st->pending != PEND_NONE)
        return "Answer: choose below (? help)";
    switch (st->phase) {
    case PH_CHOOSE:
        return "Choose formations, then done";
    case PH_ACTIVATION:
        if (!st->activated)
            return "Activate or pass the chit";
        return st->act_step == STEP_PLACE  ? "Place the chit on a > hex"
               : st->act_step == STEP_MOVE ? "Move: Enter on a stack"
                                           : "Attack (xx) or bombard (##)";
    default:
        return "Choose below (? help)";
    }
}

static void draw_game_panel(Ui *u, GameUi *gu)
{
    gu->list_y0 = -1;
    int w = panel_width(u);
    if (w == 0)
        return;
    int x = COLS - w, y = 1;
    for (int yy = 1; yy < LINES - 1; yy++) {
        mvaddstr(yy, x, u->vline);
        for (int i = 1; i < w; i++)
            addch(' ');
    }
    x += 2;
    w -= 2;
    const Game *g = shown(gu);
    if (gu->hex_panel) {
        draw_game_hex(u, gu, x, &y, w);
        panel_line(x, &y, w, A_NORMAL, "(Tab: back to the decisions)");
        return;
    }
    if (gu->replay_at >= 0) {
        panel_line(x, &y, w, A_BOLD, "Replay: %d of %d", gu->replay_at, gu->play.game.nrec);
        panel_line(x, &y, w, A_NORMAL, gu->replay_only ? "[ back, ] forward, q quits" : "[ back, ] forward, Esc: the game");
        y++;
        for (int i = gu->replay_at - 1; i >= 0 && y < LINES - 1; i--) {
            const GameRecord *r = &gu->play.game.rec[i];
            if (r->dice)
                panel_line(x, &y, w, i == gu->replay_at - 1 ? A_REVERSE : A_NORMAL, "%d die %d", i + 1, r->die);
            else if (r->setup)
                panel_line(x, &y, w, i == gu->replay_at - 1 ? A_REVERSE : A_NORMAL, "%d by hand: %s", i + 1, r->text);
            else
                panel_line(x, &y, w, i == gu->replay_at - 1 ? A_REVERSE : A_NORMAL, "%d %s: %s", i + 1,
                           r->side == SIDE_UNION ? "U" : "C", r->text);
        }
        return;
    }
    if (g->st.phase == PH_GAME_OVER) {
        panel_line(x, &y, w, A_BOLD, "The game is over");
        const char *t = g->st.result_text; /* wrapped to the panel */
        while (*t && y < LINES - 1) {
            int len = (int)strlen(t) > w ? w : (int)strlen(t);
            panel_line(x, &y, w, A_NORMAL, "%.*s", len, t);
            t += len;
        }
        return;
    }
    if (AUTOMA(g->st).on && g->st.to_move == SIDE_UNION) {
        draw_automa_panel(u, gu, x, &y, w);
    } else {
        const Chit *c = &g->st.drawn;
        if (g->st.phase == PH_ACTIVATION && !g->st.activated && c->side == log_viewer(g))
            panel_line(x, &y, w, A_NORMAL, "Drawn: %s",
                       c->kind == CHIT_FORMATION && c->index >= 0 ? u->gd->formations[c->index].name
                       : c->kind == CHIT_HIGHER && c->index >= 0 ? u->gd->commanders[c->index].name
                       : c->kind == CHIT_INDEPENDENT ? "the Independent chit"
                                                     : "an event chit");
        panel_line(x, &y, w, A_BOLD, "%s", situation_short(g));
        if (AUTOMA(g->st).on)
            panel_line(x, &y, w, A_BOLD, "Your decision (%d)", gu->nlegal);
        else
            panel_line(x, &y, w, A_BOLD, "%s decide (%d)", g->st.to_move == SIDE_UNION ? "The Union players" : "The Confederates",
                       gu->nlegal);
    }
    if (gu->ab_hex >= 0 && orders_live(gu)) { /* the attack being built: the list waits */
        draw_attack_builder(u, gu, x, &y, w);
        return;
    }
    if (gu->npick > 0) /* several decisions at one hex: the list below holds just them */
        panel_line(x, &y, w, A_BOLD, "At this hex, choose (Esc: none)");
    else if (gu->osel.hex >= 0 && orders_live(gu)) {
        short here[DEC_MAX_UNITS];
        int nh = orders_stack(g, gu->legal, gu->nlegal, gu->osel.hex, here, DEC_MAX_UNITS);
        char id[5];
        hex_format(map_hex_at(&u->gd->map, gu->osel.hex), id);
        panel_line(x, &y, w, A_BOLD, "Selected at %s (Esc drops)", id);
        for (int i = 0; i < nh && i < 9; i++) {
            bool in = false;
            for (int j = 0; j < gu->osel.nunits; j++)
                in |= gu->osel.units[j] == here[i];
            char head[16], tail[16], line[200];
            snprintf(head, sizeof head, "%d [%c] ", i + 1, in ? 'x' : ' ');
            snprintf(tail, sizeof tail, " %d", game_unit_points(g, here[i]));
            text_fit(u->gd->units[here[i]].name, tail, w - (int)strlen(head), line, sizeof line);
            panel_line(x, &y, w, in ? A_BOLD : A_NORMAL, "%s%s", head, line);
        }
        panel_line(x, &y, w, A_NORMAL, "lit: where they may go, whom");
        panel_line(x, &y, w, A_NORMAL, "they may attack; Enter there");
        panel_line(x, &y, w, A_NORMAL, "Below: its orders (%d of %d)", gu->nview, gu->nlegal);
        y++;
    }
    if (automa_acting(gu) && gu->replay_at < 0)
        return; /* its one decision is its next step: space */
    if (!(AUTOMA(g->st).on && g->st.to_move == SIDE_UNION) && !gu->npick) /* the Automa's panel shows its own */
        draw_news(u, gu, x, &y, w, (LINES - 1 - y) / 2 > 4 ? (LINES - 1 - y) / 2 : 4);
    EngageDice ed;
    if (!gu->npick && gu->osel.hex < 0 && automa_engage_preview(g, &ed)) { /* the Automa's attack, before the roll */
        CombatOdds eo;
        odds_engage(&ed, u->gd->combat.hit_on, u->gd->rules.forced_march_penalty, &eo);
        char text[2000];
        odds_engage_text(&ed, &eo, text, sizeof text);
        for (char *l = strtok(text, "\n"); l && y < LINES - 4; l = strtok(NULL, "\n"))
            panel_wrap(x, &y, w, l);
        y++;
    }
    draw_list(gu, x, y, w);
}

static void draw_overlay(const Ui *u, GameUi *gu)
{
    const Game *g = shown(gu);
    for (int y = 1; y < LINES - 1; y++) {
        move(y, 0);
        clrtoeol();
    }
    if (gu->overlay == 4) {
        draw_end(u, g);
        return;
    }
    if (gu->overlay == 3) { /* help: what is being decided now, then every key */
        draw_game_help(gu, g);
        return;
    }
    if (gu->overlay == 1) {
        draw_automa_display(g);
        return;
    }
    if (gu->overlay == 5) { /* the rule of a log entry */
        draw_log_rule(u, gu);
        return;
    }
    draw_log(gu);
}

static void draw_game(Ui *u, GameUi *gu)
{
    erase();
    char status[300];
    game_status(shown(gu), status, sizeof status);
    if (gu->replay_at >= 0) {
        size_t len = strlen(status);
        snprintf(status + len, sizeof status - len, " | REPLAY %d/%d", gu->replay_at, gu->play.game.nrec);
    }
    ui_bar(0, status);
    char hover_line[400] = "";
    gu->list_y0 = -1;
    if (gu->overlay)
        draw_overlay(u, gu);
    else {
        bool live = orders_live(gu);
        u->mark = live ? gu->mark : NULL;
        u->cost = gu->cost;
        u->on_path = gu->on_path;
        u->in_range = gu->in_range;
        u->flash = gu->replay_at < 0 ? gu->flash : NULL;
        if (live && gu->ab_hex < 0)
            hover(u, gu, hover_line, sizeof hover_line);
        else if (live) { /* the attack being built: what Enter does */
            attack_key_line(u, gu, hover_line, sizeof hover_line);
            gu->map_focus = true;
        }
        draw_map(u);
        u->mark = NULL;
        u->flash = NULL;
        draw_game_panel(u, gu);
    }
    bool solo = AUTOMA(gu->play.game.st).on;
    static const char *const overlay_keys[] = {
        NULL,
        " a or Esc: back to the map",
        " j k pick an entry  Enter its rule  f filter  w write to a file  L or Esc: back",
        " j k scroll  ? or Esc: back",
        " q back to the menu  [ ] step through the game",
        " Esc or Enter: back to the log",
    };
    /* What Enter does now, when the list has it: the highlighted row. */
    char enter_line[500] = "";
    if (!gu->overlay && orders_live(gu) && !(gu->map_focus && !gu->npick) && gu->sel < gu->nview)
        list_key_line(u, gu, enter_line, sizeof enter_line);
    if (!enter_line[0] && !gu->overlay && gu->replay_at < 0 && automa_acting(gu))
        snprintf(enter_line, sizeof enter_line, "%s",
                 gu->step_mode ? " space next step  PgUp/PgDn step panel  g on to you  S watch  a Automa  ? help"
                               : " watching the Automa  S step mode  g on to you  a Automa  L log  ? help");
    const char *keys = gu->confirming ? gu->confirm_text
                       : gu->msg[0] ? gu->msg
                       : gu->overlay > 0 && gu->overlay < (int)(sizeof overlay_keys / sizeof *overlay_keys)
                           ? overlay_keys[gu->overlay]
                       : gu->map_focus && hover_line[0] ? hover_line
                       : enter_line[0] ? enter_line
                       : COLS >= 90 ? (solo ? " Enter decide  Up/Down choose  hjkl map  a Automa  L log  U undo  ? help  q menu"
                                            : " Enter decide  Up/Down choose  hjkl map  L log  U undo  z zoom  ? help  q menu")
                       : panel_width(u) == 0 ? " p the decisions  Enter decide  hjkl map  ? help  q menu"
                                    : " Enter decide  hjkl map  L log  U undo  ? help  q menu";
    /* The key line is never cut: a long one takes more rows (up to four) from the bottom. */
    int nrows = 0, starts[4];
    for (const char *t = keys; *t && nrows < 4; nrows++) {
        starts[nrows] = (int)(t - keys);
        int len = ui_wrap_len(t, COLS);
        if (len <= 0)
            len = (int)strlen(t) < COLS ? (int)strlen(t) : COLS;
        t += len;
        while (*t == ' ' && nrows < 3)
            t++;
    }
    attrset(gu->confirming ? A_REVERSE | A_BOLD : A_REVERSE);
    for (int r = 0; r < nrows; r++) {
        int yy = LINES - nrows + r;
        const char *t = keys + starts[r];
        int len = r + 1 < nrows ? starts[r + 1] - starts[r] : (int)strlen(t);
        mvhline(yy, 0, ' ', COLS);
        mvaddnstr(yy, 0, t, len < COLS ? len : COLS);
    }
    attrset(A_NORMAL);
    refresh();
}

/* Steps the replay to record k (0..nrec); k == nrec or more ends it. */
void replay_go(Ui *u, GameUi *gu, int k)
{
    if (gu->replay_at >= 0)
        game_free(&gu->replay);
    if (k < 0)
        k = 0;
    if (gu->replay_only && k > gu->play.game.nrec)
        k = gu->play.game.nrec; /* a replay stays a replay: its last frame is the end of the record */
    if (k >= gu->play.game.nrec && !gu->replay_only) {
        gu->replay_at = -1;
        refresh_units(u, &gu->play.game);
        return;
    }
    char err[300];
    if (!play_replay_to(&gu->play.game, k, &gu->replay, err, sizeof err)) {
        gu->replay_at = -1;
        snprintf(gu->msg, sizeof gu->msg, " %s", err);
        refresh_units(u, &gu->play.game);
        return;
    }
    gu->replay_at = k;
    refresh_units(u, &gu->replay);
}

bool game_do(Ui *u, GameUi *gu, const Decision *d)
{
    char why[300];
    const GameState *st = &gu->play.game.st;
    int log_before = gu->play.game.log.count;
    int before[5] = {st->phase, st->act_step, st->pending, st->to_move, st->activated};
    if (!play_apply(&gu->play, d, why, sizeof why)) {
        snprintf(gu->msg, sizeof gu->msg, " %s", why);
        return false;
    }
    gu->msg[0] = '\0';
    gu->osel.hex = -1; /* a new position: select again */
    if (d->kind != D_SYSTEM) {
        gu->news_from[d->side] = log_before; /* what follows the side's own decision */
        memset(gu->flash, 0, (size_t)(u->gd->map.cols * u->gd->map.rows));
    }
    if (gu->play.save_error[0])
        snprintf(gu->msg, sizeof gu->msg, " (not saved: %s)", gu->play.save_error);
    refresh_units(u, &gu->play.game);
    gu->sel = 0;
    game_legal_refresh(gu); /* its first choice highlighted, never a trap when another exists */
    gu->top = 0;
    int after[5] = {st->phase, st->act_step, st->pending, st->to_move, st->activated};
    if (memcmp(before, after, sizeof before) != 0 && !(AUTOMA(*st).on && st->to_move == SIDE_UNION)) {
        bool located = false; /* can any of the new decisions be made on the map? */
        for (int i = 0; i < gu->nlegal && !located; i++) {
            short t[CB_MAX_HEXES + 1];
            located = order_source(&gu->play.game, &gu->legal[i]) >= 0 ||
                      order_targets(&gu->play.game, &gu->legal[i], t, CB_MAX_HEXES + 1) > 0;
        }
        if (!located)
            gu->map_focus = false; /* Enter answers from the list until the cursor moves */
        if (!gu->map_focus)
            centre_on_news(u, gu);
    }
    if (gu->play.game.st.phase == PH_GAME_OVER) {
        play_finish(&gu->play);
        gu->overlay = 4; /* the end of the game */
    }
    return true;
}


/* The player's preferences, kept between games in the save folder
 * (prefs.ini): step mode, asking before traps, the Automa's pace. */
static bool prefs_path(char *out, size_t size)
{
    char dir[4096];
    if (!save_dir(dir, sizeof dir))
        return false;
    return snprintf(out, size, "%s/prefs.ini", dir) < (int)size;
}

static void prefs_load(GameUi *gu)
{
    char path[4200];
    if (keys_scripted() || !prefs_path(path, sizeof path)) /* a key script starts from the defaults */
        return;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[200];
    int v;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "step_mode = %d", &v) == 1)
            gu->step_mode = v != 0;
        else if (sscanf(line, "ask_before_traps = %d", &v) == 1)
            gu->no_confirm = v == 0;
        else if (sscanf(line, "automa_pause_ms = %d", &v) == 1 && v >= 1 && v <= 1501)
            gu->delay_ms = v;
    }
    fclose(f);
}

static void prefs_save(GameUi *gu)
{
    char path[4200], tmp[4300];
    if (keys_scripted() || !prefs_path(path, sizeof path))
        return;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    fprintf(f, "# guv's preferences, written by the game (keys S, C, + and -)\n"
               "step_mode = %d\nask_before_traps = %d\nautoma_pause_ms = %d\n",
            gu->step_mode, !gu->no_confirm, gu->delay_ms);
    if (fclose(f) == 0)
        rename(tmp, path);
    else
        remove(tmp);
}

void run_game(Ui *u, GameUi *gu)
{
    refresh_units(u, shown(gu)); /* a replay opens on its first frame */
    game_legal_refresh(gu);
    if (gu->play.game.st.phase == PH_GAME_OVER && gu->replay_at < 0)
        gu->overlay = 4;
    int ch = data_place_index(u->gd, "chancellorsville");
    if (ch >= 0)
        u->cursor = u->gd->map.places[ch].hex;
    centre_on_cursor(u);
    if (gu->replay_at < 0)
        centre_on_news(u, gu); /* where the first decision is, if it is on the map */
    bool running = true;
    gu->news_from[SIDE_UNION] = gu->news_from[SIDE_CONFEDERATE] = gu->step_from = gu->play.game.log.count;
    if (gu->delay_ms <= 0)
        gu->delay_ms = 250;
    prefs_load(gu);
    gu->seen_side = -1;
    while (running) {
        /* Two players on one screen: a curtain when the other side must decide,
         * so that neither sees what the other hides (VISIBILITY, ACT-POINTS). */
        const GameState *cst = &gu->play.game.st;
        if (!AUTOMA(*cst).on && !gu->open_table && gu->replay_at < 0 && cst->phase != PH_GAME_OVER &&
            cst->to_move != gu->seen_side) {
            draw_curtain(cst->to_move);
            int k = keys_get();
            if (k == 'q' || k == 'Q')
                break;
            if (k == '\n' || k == KEY_ENTER || k == ' ') {
                gu->seen_side = cst->to_move;
                refresh_units(u, &gu->play.game); /* the map as this side sees it */
            } else if (k == 'H') {
                gu->open_table = true;
            }
            continue;
        }
        draw_game(u, gu);
        /* Watching the Automa: it plays a step, the screen shows it, a short
         * pause (any key answers at once); a key script does not wait. */
        const Game *lg = &gu->play.game;
        bool watch = !gu->step_mode && AUTOMA(lg->st).on && lg->st.to_move == SIDE_UNION &&
                     lg->st.phase != PH_GAME_OVER && !gu->overlay && gu->replay_at < 0;
        int key;
        if (watch && keys_scripted())
            key = keys_pause();
        else {
            if (watch)
                timeout(gu->delay_ms);
            key = keys_get();
            if (watch)
                timeout(-1);
        }
        if (key == ERR) {
            if (watch)
                automa_step(u, gu);
            continue;
        }
        if (gu->confirming) { /* a trap asked about: Enter or y carries it out, A stops the asking */
            gu->confirming = false;
            if (key == '\n' || key == KEY_ENTER || key == 'y' || key == 'Y' || key == 'A') {
                if (key == 'A') {
                    gu->no_confirm = true;
                    prefs_save(gu);
                }
                Decision d = gu->confirm;
                if (game_do(u, gu, &d) && key == 'A')
                    snprintf(gu->msg, sizeof gu->msg, " done; traps are no longer asked about (C asks again)");
            } else
                snprintf(gu->msg, sizeof gu->msg, " not done: choose again");
            continue;
        }
        if (gu->replay_only && (key == 'g' || key == ' ' || key == 'U' || key == ':' || key == 'C')) {
            snprintf(gu->msg, sizeof gu->msg, " a replay is read-only: [ ] step through it, q quits");
            continue;
        }
        HexCoord was = u->cursor;
        if (!gu->overlay && cursor_key(u, key)) { /* the map cursor: Enter now acts where it is */
            follow_cursor(u);
            gu->map_focus = true;
            gu->msg[0] = '\0';
            key = 0;
        }
        if (!gu->overlay && map_view_key(u, key)) /* z Z the zoom, N the names */
            key = 0;
        switch (key) {
        case 'q':
        case 'Q':
            running = !quit_unsaved_ok(gu);
            break;
        case KEY_UP:
            gu->map_focus = false;
            if (gu->sel > 0) {
                gu->sel--;
                if (row_decision(gu, gu->sel))
                    show_decision(u, row_decision(gu, gu->sel));
            }
            break;
        case KEY_DOWN:
            gu->map_focus = false;
            if (gu->sel + 1 < gu->nview) {
                gu->sel++;
                if (row_decision(gu, gu->sel))
                    show_decision(u, row_decision(gu, gu->sel));
            }
            break;
        case KEY_NPAGE:
            if (automa_acting(gu))
                gu->step_scroll += 10;
            else
                gu->sel = gu->sel + 10 < gu->nview ? gu->sel + 10 : (gu->nview > 0 ? gu->nview - 1 : 0);
            break;
        case KEY_PPAGE:
            if (automa_acting(gu))
                gu->step_scroll = gu->step_scroll > 10 ? gu->step_scroll - 10 : 0;
            else
                gu->sel = gu->sel > 10 ? gu->sel - 10 : 0;
            break;
        case KEY_HOME:
            gu->sel = 0;
            gu->map_focus = false;
            break;
        case KEY_END:
            gu->sel = gu->nview - 1;
            if (gu->sel < 0)
                gu->sel = 0;
            gu->map_focus = false;
            break;
        case '[':
            replay_go(u, gu, gu->replay_at >= 0 ? gu->replay_at - 1 : gu->play.game.nrec - 1);
            break;
        case ']':
            if (gu->replay_at >= 0)
                replay_go(u, gu, gu->replay_at + 1);
            break;
        case 27: /* Esc: back to the game, or drop the choice at a hex, or the selection */
            if (gu->ab_hex >= 0 && !gu->overlay)
                gu->ab_hex = -1;
            else if (gu->replay_only && !gu->overlay)
                snprintf(gu->msg, sizeof gu->msg, " a replay is read-only: [ ] step through it, q quits");
            else if (gu->replay_at >= 0)
                replay_go(u, gu, gu->play.game.nrec);
            else if (!gu->overlay && gu->npick) {
                gu->npick = 0;
                gu->sel = 0;
                view_refresh(gu);
            } else if (!gu->overlay && gu->osel.hex >= 0) {
                gu->osel.hex = -1;
                orders_refresh(gu);
            }
            gu->overlay = gu->overlay == 5 ? 2 : 0; /* a rule's text goes back to the log */
            break;
        case 'i':
            u->ids = !u->ids;
            break;
        case 'p': /* on a narrow screen the side panel comes and goes */
            u->panel_forced = !u->panel_forced;
            break;
        case 'v':
            u->show_points = !u->show_points;
            refresh_units(u, shown(gu));
            snprintf(gu->msg, sizeof gu->msg, u->show_points ? " stacks show their combat points (C12); v: their counters"
                                                             : " stacks show their counters (C3); v: their combat points");
            break;
        case '\n':
        case KEY_ENTER:
            if (u->overview) {
                u->overview = false;
                centre_on_cursor(u);
            } else if (gu->overlay == 2)
                gu->overlay = 5; /* the picked entry's rule */
            else if (gu->overlay == 5)
                gu->overlay = 2;
            else if (gu->overlay)
                gu->overlay = 0;
            else if (gu->ab_hex >= 0 && orders_live(gu)) {
                const Decision *ad = ab_decision(gu);
                if (ad) {
                    Decision d = *ad;
                    gu->ab_hex = -1;
                    game_choose(u, gu, &d);
                } else
                    snprintf(gu->msg, sizeof gu->msg, " not an attack the rules allow with these units: 1-8 change them, Esc none");
            } else if (gu->replay_at >= 0)
                snprintf(gu->msg, sizeof gu->msg, gu->replay_only ? " replaying: ] forward, [ back, q quits (read-only)"
                                                                  : " replaying: ] forward, [ back, Esc back to the game");
            else if (gu->map_focus && !gu->npick)
                map_enter(u, gu);
            else if (gu->sel < gu->nview)
                list_enter(u, gu);
            break;
        case 'x': { /* build an attack on the enemy hex under the cursor */
            int hex = map_hex_index(&u->gd->map, u->cursor);
            if (!orders_live(gu))
                break;
            if (gu->ab_hex >= 0)
                gu->ab_hex = -1;
            else if (!ab_start(gu, hex))
                snprintf(gu->msg, sizeof gu->msg, " no attack on this hex is open now: x on an enemy hex marked xx");
            break;
        }
        case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
            if (gu->ab_hex >= 0 && orders_live(gu)) {
                ab_toggle(gu, key - '1');
                break;
            }
            if (gu->osel.hex >= 0 && orders_live(gu)) {
                short here[DEC_MAX_UNITS];
                int nh = orders_stack(&gu->play.game, gu->legal, gu->nlegal, gu->osel.hex, here, DEC_MAX_UNITS);
                if (key - '1' < nh) {
                    orders_toggle(&gu->osel, here[key - '1']);
                    int keep = gu->osel.hex;
                    orders_refresh(gu);
                    gu->osel.hex = keep; /* an empty selection stays until Esc */
                }
            }
            break;
        case ':': { /* a decision typed as text, as guv script takes it */
            if (!orders_live(gu)) {
                snprintf(gu->msg, sizeof gu->msg, " not your decision now");
                break;
            }
            char text[200];
            Decision d;
            if (!read_line(" decision (as in guv script, e.g. move mahone 2221; Esc: none): ", text, sizeof text, false))
                break;
            if (!decision_parse(&gu->play.game, text, &d))
                snprintf(gu->msg, sizeof gu->msg, " '%s' is not a decision (? help; the list shows them)", text);
            else
                game_choose(u, gu, &d); /* the rules say no with their reason */
            break;
        }
        case '#': { /* go to a hex by its number */
            char id[5];
            HexCoord h;
            if (!read_line(" go to hex (4 digits, then Enter; Esc: no): ", id, sizeof id, true))
                break;
            if (strlen(id) == 4 && hex_parse(id, &h) && map_has(&u->gd->map, h)) {
                u->cursor = h;
                centre_on_cursor(u);
                gu->map_focus = true;
                gu->msg[0] = '\0';
            } else
                snprintf(gu->msg, sizeof gu->msg, " no hex %s on this map", id);
            break;
        }
        case KEY_MOUSE: {
            MEVENT ev;
            if (gu->overlay || getmouse(&ev) != OK)
                break;
            bool click = (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)) != 0;
            if (click && ev.x >= map_width(u) && gu->list_y0 >= 0 && ev.y >= gu->list_y0 && ev.y < LINES - 1) {
                int i = gu->top + ev.y - gu->list_y0; /* a decision in the list: the first click picks it, */
                if (i < gu->nview && gu->replay_at < 0) { /* a click on the picked one carries it out */
                    gu->map_focus = false;
                    if (i != gu->sel) {
                        gu->sel = i;
                        if (row_decision(gu, i))
                            show_decision(u, row_decision(gu, i));
                    } else
                        list_enter(u, gu);
                }
                break;
            }
            bool over = u->overview;
            if (handle_mouse_event(u, &ev) && click && !over) {
                gu->map_focus = true;
                gu->msg[0] = '\0';
                map_enter(u, gu); /* a click on the map acts at once: select, or go */
            }
            break;
        }
        case ' ':
            if (gu->replay_at < 0)
                automa_step(u, gu);
            break;
        case 'g':
            for (int i = 0; gu->replay_at >= 0 && i < 1; i++)
                replay_go(u, gu, gu->play.game.nrec);
            for (int i = 0; i < 2000 && gu->play.game.st.to_move == SIDE_UNION &&
                            gu->play.game.st.phase != PH_GAME_OVER;
                 i++)
                automa_step(u, gu);
            break;
        case 'a':
            gu->overlay = gu->overlay == 1 ? 0 : 1;
            break;
        case 'H':
            if (!AUTOMA(gu->play.game.st).on) {
                gu->open_table = !gu->open_table;
                snprintf(gu->msg, sizeof gu->msg, gu->open_table ? " no curtain between the two sides' turns"
                                                                 : " a curtain between the two sides' turns");
                gu->seen_side = gu->play.game.st.to_move;
            }
            break;
        case '+':
        case '-':
            gu->delay_ms += key == '+' ? 150 : -150;
            if (gu->delay_ms < 1)
                gu->delay_ms = 1;
            if (gu->delay_ms > 1501)
                gu->delay_ms = 1501;
            snprintf(gu->msg, sizeof gu->msg, " the Automa pauses %d ms after each step (+ slower, - faster)",
                     gu->delay_ms < 10 ? 0 : gu->delay_ms);
            prefs_save(gu);
            break;
        case 'C':
            gu->no_confirm = !gu->no_confirm;
            prefs_save(gu);
            snprintf(gu->msg, sizeof gu->msg, gu->no_confirm ? " traps (marked !) are carried out without asking; C asks again"
                                                             : " traps (marked !) ask before they are carried out");
            break;
        case 'S':
            gu->step_mode = !gu->step_mode;
            prefs_save(gu);
            snprintf(gu->msg, sizeof gu->msg, gu->step_mode ? " step mode: the Automa waits after each step (space), and explains it"
                                                            : " watching: the Automa plays on by itself until you must decide");
            break;
        case '?':
            gu->overlay = gu->overlay == 3 ? 0 : 3;
            gu->help_top = 0;
            break;
        case '\t':
            gu->hex_panel = !gu->hex_panel;
            break;
        case 'L':
            gu->overlay = gu->overlay == 2 ? 0 : 2;
            gu->log_back = gu->log_sel = 0;
            break;
        case 'U': {
            if (gu->replay_at >= 0)
                replay_go(u, gu, gu->play.game.nrec);
            char why[300];
            if (play_undo(&gu->play, log_viewer(&gu->play.game), why, sizeof why)) {
                refresh_units(u, &gu->play.game);
                game_legal_refresh(gu);
                gu->msg[0] = '\0';
            } else
                snprintf(gu->msg, sizeof gu->msg, " %s", why);
            break;
        }
        case 'f':
            if (gu->overlay == 2) {
                gu->log_filter = (gu->log_filter + 1) % 4;
                gu->log_back = gu->log_sel = 0;
            }
            break;
        case 'w':
            write_log(gu);
            break;
        case 'k':
            if (gu->overlay == 2)
                gu->log_sel++;
            else if (gu->overlay == 3) {
                if (gu->help_top > 0)
                    gu->help_top--;
            }
            break;
        case 'j':
            if (gu->overlay == 2) {
                if (gu->log_sel > 0)
                    gu->log_sel--;
            } else if (gu->overlay == 3)
                gu->help_top++;
            break;
        case KEY_RESIZE:
            centre_on_cursor(u);
            break;
        default:
            break;
        }
        if (gu->npick && gu->map_focus && !hex_equal(was, u->cursor)) {
            gu->npick = 0; /* the choice offered at a hex goes when the cursor leaves it */
            gu->sel = 0;
            view_refresh(gu);
        }
    }
}
