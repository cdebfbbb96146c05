/* The game screen's dialogs: a trap's confirmation, the help (?) with what
 * is being decided now, the end of the game, the curtain between two
 * players' turns, a line typed on the key line, quitting unsaved. */
#include "automa/automa_state.h"
#include "ui/ui_internal.h"

/* A decision the player chose: a trap (view/advice.h) waits for Enter or y
 * again, and the key line says why. */
void game_choose(Ui *u, GameUi *gu, const Decision *d)
{
    char text[400];
    if (!gu->no_confirm &&
        advice_for(&gu->play.game, d, gu->legal, gu->nlegal, text, sizeof text) == ADVICE_CONFIRM) {
        gu->confirming = true;
        gu->confirm = *d;
        snprintf(gu->confirm_text, sizeof gu->confirm_text,
                 " Careful: %s. Enter or y: do it  n or Esc: not now  A: do it and stop asking", text);
        return;
    }
    game_do(u, gu, d);
}

/* What is being decided now and how to answer, for the help screen. */
static const char *situation(const Game *g)
{
    const GameState *st = &g->st;
    if (st->phase == PH_GAME_OVER)
        return "The game is over: q goes back to the menu; [ and ] step through it again.";
    if (AUTOMA(*st).on && st->to_move == SIDE_UNION)
        return "The Automa is acting. It plays on by itself and stops when you must decide; S switches to step mode, "
               "where space plays one step and the panel shows the rules, dice and booklet paragraph behind it.";
    const char *eng = automa_engage_situation(g);
    if (eng)
        return eng;
    switch (st->pending) {
    case PEND_COMBAT:
        return "A combat is under way and you must answer: the list shows your choices (breastwork, skirmisher, "
               "bonus dice, which unit loses a step, where to retreat). Retreats can also be chosen on the map: the "
               "hexes marked > are open. The dice appear under What happened as they fall. A loss that would "
               "eliminate a unit is marked ! and comes last.";
    case PEND_BREASTWORK:
        return "The enemy's guns bombard your hex: before the roll, build a breastwork there or not (BREASTWORK).";
    case PEND_BOMBARD_TAKE:
        return "The bombardment hit the hex: choose which of your units there takes the result (BOMBARD-PROC).";
    case PEND_BREAK_CONTACT: { /* the distances are the rules' numbers (tables.ini) */
        static char buf[400];
        snprintf(buf, sizeof buf,
                 "An enemy stack has come next to yours: you may break contact, moving the stack up to %d hex%s away "
                 "(cavalry %d) to a hex the list names, and the hex it leaves must be left empty; or stay where you "
                 "are. Leaving works next to the enemy disorganizes the units (BREAK-CONTACT).",
                 g->gd->rules.break_contact_hexes, g->gd->rules.break_contact_hexes == 1 ? "" : "es",
                 g->gd->rules.cavalry_break_contact_hexes);
        return buf;
    }
    case PEND_STACK:
        return "A hex holds more than stacking allows: choose the units that leave it (STACK).";
    case PEND_MARCH_LOSS:
        return "The forced march costs a step: choose the unit of the formation that marched that loses it "
               "(FORCED-MARCH).";
    case PEND_RETREAT_EVENT:
        return "An event makes your units fall back: choose where each goes (EVENTS).";
    case PEND_DEMORAL:
        return "Demoralized units next to the enemy fall back at once: choose where (DEMORAL).";
    default:
        break;
    }
    switch (st->phase) {
    case PH_CHOOSE:
        return "Choose the formations to activate this turn: each costs activation points (shown in the status "
               "line). A higher commander takes several formations at once. Then 'done': the chosen chits and the "
               "Independent chit go into the cup.";
    case PH_RECOVERY:
    case PH_NIGHT_EVENTS:
        return "Night: recovery and the night's events. Choose from the list.";
    case PH_PLACEMENT:
    case PH_DEPLOY:
        return "Before the game: place your counters. The lit hexes (>) are where the chosen one may go.";
    default:
        break;
    }
    if (!st->activated)
        return "A chit of yours was drawn from the cup: activate the formation, or pass it (it is lost for the turn).";
    switch (st->act_step) {
    case STEP_PLACE:
        return "Place the command chit next to a unit of the formation: the hexes marked > may take it. With the "
               "cursor on one, the underlined hexes show its command radius: the units inside will act.";
    case STEP_MOVE:
        return "Move the active units: Enter on a stack (underlined) selects it; the lit hexes show where it may go "
               "and the MP each costs; Enter there moves it. 1-9 split the stack. Attacks (xx) and bombardments (##) "
               "end movement. 'end' in the list finishes the activation.";
    default:
        return "Bombard and attack: with a stack selected, the enemy hexes marked xx may be attacked (the key line "
               "gives the dice each side rolls) and ## bombarded. 'end' in the list finishes the activation.";
    }
}

static const char *const game_help[] = {
    "Keys in the game",
    "",
    "Up Down, PgUp PgDn  choose among your decisions (the map follows; or click",
    "                    one, and click it again to make it);",
    "Home End            the first or last of them",
    "Enter               carry out the chosen decision (the key line says what",
    "                    it will do); on a + line, open the group (a stack's",
    "                    moves: select the stack on the map, its moves lit)",
    "!                   in the list: a decision that costs more than its words",
    "                    say (it ends the movement of units that have not moved,",
    "                    breaking contact costs a step, a loss eliminates a",
    "                    unit): Enter asks again, y or Enter confirms",
    "C                   ask before such decisions, or not (kept for next time)",
    "H                   two players on one screen: curtain between turns or not",
    "S                   step mode: the Automa waits after each of its steps and",
    "                    shows why (rule, dice, page, paragraph); again: watch it",
    "                    (kept for next time, with C and the pace + -)",
    "space               the Automa's next step (in step mode)",
    "+ -                 watching the Automa: slower, faster",
    "g                   the Automa acts until you must decide",
    "a                   the Automa's display (again: back)",
    "L                   the log: j k pick an entry, Enter shows its rule's text,",
    "                    f filters, w writes it to a file; L again: back",
    "U                   take back your last decision",
    "[ ]                 step back and forward through the game; Esc returns",
    "h j k l y u b n     move the map cursor (also Left, Right, the mouse); the",
    "                    key line says what Enter does there",
    "Enter on the map    select your stack there (it has orders: underlined);",
    "                    then the lit hexes show where it may go, with the MP",
    "                    each costs (2+ = 2.5 MP), and the way to the cursor;",
    "                    xx: an enemy it may attack (the dice are shown), ##: a",
    "                    bombardment target, >: another decision at that hex",
    "1-9                 add or drop a unit of the selected stack",
    "x                   on an enemy hex: build the attack there: the stacks",
    "                    around that may join (1-8 put one in or take it out),",
    "                    the points, dice and why, the chance of each number",
    "                    of hits; Enter declares it, Esc drops it",
    "#                   go to a hex by its number (# 2322 Enter)",
    ":                   type a decision as guv script does (move mahone 2221)",
    "Esc                 drop the selection, or the choice offered at a hex",
    "Tab                 the hex under the cursor: units, works, objectives",
    "p                   the side panel on a screen narrower than 72 columns",
    "z Z                 zoom: the full map, the compact map (three letters a hex,",
    "                    orders as on the full map), the whole map at a glance",
    "                    (Enter: back to the full map); Z the other way round",
    "N                   the places' names on the map on or off",
    "i                   hex ids on the map instead of its details (again: back)",
    "v                   stacks show their combat points (C12) or counters (C3)",
    "On the map: U3/C2 a stack and its counters (u/c: reduced; U? out of sight),",
    "  a block of its formation's colour; beside it D demoralized d disorganized",
    "  o out of supply f fired m forced march x detached v moved this turn",
    "  a activated this turn; ! an objective b breastwork p pontoon",
    "  % fortification. With colour a hex's background is its terrain (Tab",
    "  names it).",
    "  Where the Automa's stacks left and arrived since your last decision, and",
    "  the way its marches took, stay lit (magenta, or reversed without colour);",
    "  the Confederate hexes its last proximity check measured are underlined.",
    "?                   this help (again: back)",
    "q                   back to the menu (the game is saved)",
    "",
    "Every decision is saved at once; the menu's r resumes the game.",
};

/* The help (?): what is being decided now and how to answer, then every key, scrolled with j k. */
void draw_game_help(GameUi *gu, const Game *g)
{
    int y = 2;
    attrset(A_BOLD);
    mvaddnstr(y++, 2, "Now", COLS - 2);
    attrset(A_NORMAL);
    panel_wrap(2, &y, COLS - 4 > 20 ? COLS - 4 : 20, situation(g));
    y++;
    int n = (int)(sizeof game_help / sizeof *game_help);
    if (gu->help_top > n - 1)
        gu->help_top = n - 1;
    for (int i = gu->help_top; i < n && y < LINES - 2; i++)
        mvaddnstr(y++, 2, game_help[i], COLS - 2);
    mvaddnstr(LINES - 2, 2, "j k scroll, ? or Esc: back", COLS - 2);
}

/* The end of the game: the result, the VP and band, the losses, the
 * places each side holds. */
void draw_end(const Ui *u, const Game *g)
{
    const GameData *gd = u->gd;
    int y = 2;
    static const char *const who[] = {"", "THE UNION WINS", "THE CONFEDERACY WINS", "A DRAW"};
    attrset(A_BOLD);
    mvaddnstr(y++, 2, who[g->st.result], COLS - 2);
    attrset(A_NORMAL);
    panel_wrap(2, &y, COLS - 4 > 20 ? COLS - 4 : 20, g->st.result_text);
    y++;
    char line[200];
    if (AUTOMA(g->st).on) { /* the VP marker and its rating band (AI-VP-TRACK) */
        const ActivationTrack *t = &gd->automa.track;
        const char *band = "";
        for (int i = 0; i < t->nbands; i++)
            if (AUTOMA(g->st).vp >= t->bands[i].from && AUTOMA(g->st).vp <= t->bands[i].to)
                band = t->bands[i].name;
        if (AUTOMA(g->st).strategic_end)
            band = g->st.result == RES_CONFEDERATE ? "Confederate strategic victory" : "Union strategic victory";
        snprintf(line, sizeof line, "Final VP: %d on the track (%d-%d): %s", AUTOMA(g->st).vp, t->vp_min, t->vp_max,
                 band);
        mvaddnstr(y++, 2, line, COLS - 2);
    }
    int lost[SIDE_COUNT] = {0, 0};
    for (int i = 0; i < g->st.nunits; i++)
        if (g->st.unit[i].where == AT_ELIMINATED && gd->units[i].type != UT_SKIRMISHER && gd->units[i].type != UT_DUMMY)
            lost[gd->units[i].side]++;
    snprintf(line, sizeof line, "Losses: Union %d counters eliminated (%d points), Confederate %d (%d points)",
             lost[SIDE_UNION], game_eliminated_points(g, SIDE_UNION), lost[SIDE_CONFEDERATE],
             game_eliminated_points(g, SIDE_CONFEDERATE));
    mvaddnstr(y++, 2, line, COLS - 2);
    y++;
    mvaddnstr(y++, 2, "Places held at the end:", COLS - 2);
    for (int p = 0; p < gd->map.nplaces && y < LINES - 2; p++) {
        int hex = map_hex_index(&gd->map, gd->map.places[p].hex);
        int side = -1;
        for (int i = 0; i < g->st.nunits && side < 0; i++)
            if (g->st.unit[i].where == AT_MAP && g->st.unit[i].hex == hex && gd->units[i].type != UT_DUMMY)
                side = gd->units[i].side;
        if (side < 0)
            continue;
        snprintf(line, sizeof line, "  %-28s %s", gd->map.places[p].name, side == SIDE_UNION ? "Union" : "Confederate");
        mvaddnstr(y++, 2, line, COLS - 2);
    }
    mvaddnstr(LINES - 2, 2, "q back to the menu (the game is kept as finished.save)", COLS - 2);
}

/* The screen between two players' turns on one screen. */
void draw_curtain(int side)
{
    erase();
    int y = LINES / 2 - 3;
    attrset(A_BOLD);
    mvaddnstr(y++, 4, side == SIDE_UNION ? "The Union players decide now." : "The Confederates decide now.", COLS - 4);
    attrset(A_NORMAL);
    y++;
    mvaddnstr(y++, 4, side == SIDE_UNION ? "Confederates, look away; Union players, take the keyboard."
                                         : "Union players, look away; Confederates, take the keyboard.",
              COLS - 4);
    mvaddnstr(y++, 4, "Enter or space: show the game.  q: back to the menu (the game is saved).", COLS - 4);
    mvaddnstr(y++, 4, "H: no curtain between the turns (both sides see everything).", COLS - 4);
    refresh();
}

/* A line typed on the key line after label: printable characters (digits
 * only when digits, which also ends it once the buffer is full); false on
 * Esc or when nothing was typed. */
bool read_line(const char *label, char *buf, size_t size, bool digits)
{
    size_t len = 0;
    buf[0] = '\0';
    for (;;) {
        char prompt[400];
        snprintf(prompt, sizeof prompt, "%s%s", label, buf);
        ui_bar(LINES - 1, prompt);
        refresh();
        int k = keys_get();
        if (k == 27)
            return false;
        if (k == '\n' || k == KEY_ENTER)
            return len > 0;
        if ((k == KEY_BACKSPACE || k == 127 || k == 8) && len > 0)
            buf[--len] = '\0';
        else if ((digits ? (k >= '0' && k <= '9') : (k >= 32 && k < 127)) && len + 1 < size) {
            buf[len++] = (char)k;
            buf[len] = '\0'; /* the number waits for Enter, which does nothing else */
        }
    }
}

/* Quitting while the last autosave failed (a full disk, a read-only
 * folder): the whole reason, wrapped, and a question; true to quit. */
bool quit_unsaved_ok(GameUi *gu)
{
    if (!gu->play.save_error[0])
        return true;
    erase();
    int y = 2, w = COLS > 8 ? COLS - 4 : 4;
    attron(A_BOLD);
    mvaddnstr(y++, 2, "The game could not be saved:", w);
    attroff(A_BOLD);
    y = ui_wrap(y, 2, w, gu->play.save_error) + 1;
    mvaddnstr(y++, 2, "Quitting now loses the decisions since the last save that worked.", w);
    mvaddnstr(y++, 2, "y   quit anyway        any other key   stay (free some space, or fix the folder, and play on)", w);
    refresh();
    return keys_get() == 'y';
}
