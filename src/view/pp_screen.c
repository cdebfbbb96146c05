/* A Perfect Plan's screen as text: see pp_screen.h. */
#include "view/pp_screen.h"

#include "view/textfit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int label_width(const PpArea *a) { return (int)strlen(a->shortname) + 2; }

static bool is_victory(const PpData *pd, int a)
{
    for (int i = 0; i < pd->nvictory; i++)
        if (pd->victory_areas[i] == a)
            return true;
    return false;
}

void pp_counter_code(const PpData *pd, int c, char *buf, size_t n)
{
    const PpCounter *u = &pd->counters[c];
    if (u->kind == PP_LEADER)
        snprintf(buf, n, "*%.2s", u->shortname);
    else
        snprintf(buf, n, "%.3s", u->shortname);
}

/* A line of land or river crossing between two points, only over free cells. */
static void line(PpMapGrid *m, const bool taken[PPS_ROWS][PPS_COLS], int x0, int y0, int x1, int y1, char ch, int st)
{
    int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
    for (;;) {
        if (y0 >= 0 && y0 < PPS_ROWS && x0 >= 0 && x0 < PPS_COLS && !taken[y0][x0]) {
            m->ch[y0][x0] = ch;
            m->st[y0][x0] = (unsigned char)st;
        }
        if (x0 == x1 && y0 == y1)
            break;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

/* Writes a token at (*x, row) when it fits before a taken cell or the
 * edge (with the space after it); false when it does not. */
static bool put_token(PpMapGrid *m, bool taken[PPS_ROWS][PPS_COLS], int row, int *x, const char *tok, int st)
{
    int len = (int)strlen(tok);
    if (row < 0 || row >= PPS_ROWS || *x + len > PPS_COLS)
        return false;
    for (int i = 0; i < len; i++)
        if (taken[row][*x + i])
            return false;
    for (int i = 0; i < len; i++) {
        m->ch[row][*x + i] = tok[i];
        m->st[row][*x + i] = (unsigned char)st;
        taken[row][*x + i] = true;
    }
    *x += len;
    if (*x < PPS_COLS && !taken[row][*x]) { /* a space after it, kept free of lines */
        m->ch[row][*x] = ' ';
        m->st[row][*x] = PPS_BLANK;
        taken[row][*x] = true;
        (*x)++;
    }
    return true;
}

void pp_map_grid(PpMapGrid *m, const PpGame *g, int viewer, const PpMarks *marks)
{
    const PpData *pd = g->data;
    PpView v;
    pp_view(g, viewer, &v);
    bool taken[PPS_ROWS][PPS_COLS];
    memset(taken, 0, sizeof taken);
    for (int r = 0; r < PPS_ROWS; r++) {
        memset(m->ch[r], ' ', PPS_COLS);
        m->ch[r][PPS_COLS] = '\0';
        memset(m->st[r], PPS_BLANK, PPS_COLS);
    }
    /* the labels first: nothing crosses them */
    for (int a = 0; a < pd->nareas; a++) {
        const PpArea *ar = &pd->areas[a];
        if (ar->row < 0 || ar->row >= PPS_ROWS)
            continue;
        for (int i = 0; i < label_width(ar) && ar->col + i < PPS_COLS; i++)
            taken[ar->row][ar->col + i] = true;
    }
    /* then each area's contents on the row below, its cells kept free of lines */
    PpMapGrid content;
    memset(&content, 0, sizeof content);
    for (int r = 0; r < PPS_ROWS; r++)
        memset(content.ch[r], ' ', PPS_COLS);
    for (int a = 0; a < pd->nareas; a++) {
        const PpArea *ar = &pd->areas[a];
        int row = ar->row + 1, x = ar->col;
        int ctl = v.control[a];
        char tok[16];
        snprintf(tok, sizeof tok, "%c", ctl == PP_UNION ? 'U' : 'C');
        /* the flag and the controller's trench make one token: "C#" */
        for (int side = 0; side < PP_SIDES; side++)
            if ((v.trench[a] & (1u << side)) && side == ctl)
                strcat(tok, "#");
        int before = x;
        if (!put_token(&content, taken, row, &x, tok, ctl == PP_UNION ? PPS_FLAG_U : PPS_FLAG_C))
            continue;
        if (tok[1] == '#') /* the trench in its own style */
            content.st[row][before + 1] = PPS_TRENCH;
        for (int side = 0; side < PP_SIDES; side++)
            if ((v.trench[a] & (1u << side)) && side != ctl) {
                snprintf(tok, sizeof tok, "#%c", side == PP_UNION ? 'U' : 'C');
                put_token(&content, taken, row, &x, tok, PPS_TRENCH);
            }
        /* the viewer's counters, then the enemy's (faces in a combat, else backs) */
        bool full = false;
        int shown[PP_SIDES] = {0, 0};
        for (int pass = 0; pass < PP_SIDES && !full; pass++) {
            int side = pass == 0 ? viewer : 1 - viewer;
            for (int c = 0; c < pd->ncounters && !full; c++) {
                if (pd->counters[c].side != side || v.where[c] != a)
                    continue;
                pp_counter_code(pd, c, tok, sizeof tok);
                if (!put_token(&content, taken, row, &x, tok, side == viewer ? PPS_OWN : PPS_ENEMY))
                    full = true;
                else
                    shown[side]++;
            }
        }
        int enemy = 1 - viewer;
        int hidden = v.backs[enemy][a] - shown[enemy];
        if (!full && hidden > 0) {
            snprintf(tok, sizeof tok, "?%d", hidden);
            if (!put_token(&content, taken, row, &x, tok, PPS_ENEMY))
                full = true;
        }
        if (full) { /* more than fits: a '+' in the last cell written */
            int last = x - 1;
            while (last > before && content.ch[row][last] == ' ')
                last--;
            if (last > before) {
                content.ch[row][last] = '+';
                content.st[row][last] = PPS_TEXT;
            }
        }
    }
    /* the connections, between the labels' middles, over free cells only */
    for (int a = 0; a < pd->nareas; a++) {
        const PpArea *ar = &pd->areas[a];
        for (int i = 0; i < ar->nadj; i++) {
            int b = ar->adj[i];
            if (b < a || ar->join[i] == PP_RIVER)
                continue;
            const PpArea *br = &pd->areas[b];
            bool arrow = ar->join[i] == PP_ARROW;
            line(m, taken, ar->col + label_width(ar) / 2, ar->row, br->col + label_width(br) / 2, br->row,
                 arrow ? '~' : '.', arrow ? PPS_ARROW : PPS_LAND);
        }
    }
    for (int r = 0; r < PPS_ROWS; r++)
        for (int c = 0; c < PPS_COLS; c++)
            if (taken[r][c] && content.ch[r][c] != '\0' && (content.ch[r][c] != ' ' || content.st[r][c] != 0)) {
                m->ch[r][c] = content.ch[r][c];
                m->st[r][c] = content.st[r][c];
            } else if (taken[r][c]) {
                m->ch[r][c] = ' ';
                m->st[r][c] = PPS_BLANK;
            }
    /* the labels: [Name], {Name} for a victory area */
    for (int a = 0; a < pd->nareas; a++) {
        const PpArea *ar = &pd->areas[a];
        if (ar->row < 0 || ar->row >= PPS_ROWS)
            continue;
        char text[PP_SHORT_LEN + 3];
        bool vic = is_victory(pd, a);
        snprintf(text, sizeof text, "%c%s%c", vic ? '{' : '[', ar->shortname, vic ? '}' : ']');
        int st = v.control[a] == PP_UNION ? PPS_LABEL_U : PPS_LABEL_C;
        if (v.combat_area == a)
            st = PPS_COMBAT;
        else if (marks && marks->pick[a])
            st = PPS_PICK;
        else if (marks && marks->flash[a])
            st = PPS_FLASH;
        for (int i = 0; text[i] && ar->col + i < PPS_COLS; i++) {
            m->ch[ar->row][ar->col + i] = text[i];
            m->st[ar->row][ar->col + i] = (unsigned char)st;
        }
    }
}

int pp_area_at(const PpData *pd, int col, int row)
{
    for (int a = 0; a < pd->nareas; a++) {
        const PpArea *ar = &pd->areas[a];
        if ((row == ar->row || row == ar->row + 1) && col >= ar->col && col < ar->col + label_width(ar))
            return a;
    }
    return -1;
}

void pp_status_text(const PpGame *g, char *buf, size_t n)
{
    const PpData *pd = g->data;
    char part[120] = "";
    switch (g->phase) {
    case PP_PH_SETUP:
        snprintf(part, sizeof part, "set-up");
        break;
    case PP_PH_RECOVERY:
        snprintf(part, sizeof part, "recovery");
        break;
    case PP_PH_MOVEMENT:
        snprintf(part, sizeof part, "impulse %d/%d: %d left of %d", g->impulse + 1, pd->nimpulses, g->budget,
                 pd->impulse_units[g->impulse]);
        break;
    case PP_PH_COMBAT:
        snprintf(part, sizeof part, "combat phase");
        break;
    default:
        snprintf(part, sizeof part, "game over");
    }
    char mover[40] = "";
    if (g->to_move >= 0)
        snprintf(mover, sizeof mover, "  %s to move", pd->sides[g->to_move].shortname);
    snprintf(buf, n, "Turn %d/%d  %s  initiative %s%s", g->turn, pd->turns, part, pd->sides[g->initiative].shortname,
             mover);

}

/* Names kept short for the list: "II Corps" (its commander left out), the areas' map names. */
static const char *cname(const PpData *pd, int c)
{
    static char buf[4][PP_NAME_LEN];
    static int k;
    if (c < 0 || c >= pd->ncounters)
        return "?";
    char *b = buf[k++ & 3];
    snprintf(b, PP_NAME_LEN, "%s", pd->counters[c].name);
    char *paren = strstr(b, " (");
    if (paren)
        *paren = '\0';
    return b;
}

static const char *aname(const PpData *pd, int a)
{
    return a >= 0 && a < pd->nareas ? pd->areas[a].shortname : a == PP_ELIM ? "eliminated" : "off the map";
}

void pp_decision_words(const PpGame *g, const PpDecision *d, char *buf, size_t n)
{
    const PpData *pd = g->data;
    int from = d->a >= 0 && d->a < pd->ncounters ? g->where[d->a] : -1;
    switch (d->kind) {
    case PP_D_PLACE:
        snprintf(buf, n, "set up %s in %s", cname(pd, d->a), aname(pd, d->b));
        break;
    case PP_D_STANDARD:
        snprintf(buf, n, "the standard set-up for the rest");
        break;
    case PP_D_RECOVER:
        snprintf(buf, n, "recover %s to %s", cname(pd, d->a), aname(pd, d->b));
        break;
    case PP_D_MOVE:
        snprintf(buf, n, "move %s: %s > %s", cname(pd, d->a), aname(pd, from), aname(pd, d->b));
        break;
    case PP_D_SWAP:
        snprintf(buf, n, "swap %s (%s) and %s (%s)", cname(pd, d->a), aname(pd, from), cname(pd, d->b),
                 aname(pd, d->b >= 0 ? g->where[d->b] : -1));
        break;
    case PP_D_TRENCH:
        snprintf(buf, n, "dig a trench in %s (a move)", aname(pd, d->a));
        break;
    case PP_D_FIGHT:
        snprintf(buf, n, g->phase == PP_PH_MOVEMENT ? "fight in %s now (two moves)" : "fight in %s next",
                 aname(pd, d->a));
        break;
    case PP_D_DONE:
        snprintf(buf, n, g->phase == PP_PH_RECOVERY ? "done: recover no more" : "done: end this part of the impulse");
        break;
    case PP_D_BONUS:
        snprintf(buf, n, "Hooker's +1 to %s", cname(pd, d->a));
        break;
    case PP_D_LOSS:
        if (d->a == PP_TRENCH_LOSS)
            snprintf(buf, n, "lose the trench");
        else
            snprintf(buf, n, "lose %s", cname(pd, d->a));
        break;
    case PP_D_RETREAT:
        snprintf(buf, n, "retreat %s to %s", cname(pd, d->a), aname(pd, d->b));
        break;
    case PP_D_LEADER:
        snprintf(buf, n, "%s goes to %s", cname(pd, d->a), aname(pd, d->b));
        break;
    default:
        pp_decision_format(pd, d, buf, n);
    }
}

/* A counter's name for a narrow list: a minor unit without its side ("minor unit 4"; the list
 * is one side's). */
static const char *bname(const PpData *pd, int c)
{
    const char *n = cname(pd, c);
    const char *minor = strstr(n, "minor unit");
    return minor ? minor : n;
}

void pp_decision_fit(const PpGame *g, const PpDecision *d, char *buf, size_t n, int width, bool brief_always)
{
    pp_decision_words(g, d, buf, n);
    if ((int)strlen(buf) <= width && !brief_always)
        return;
    const PpData *pd = g->data;
    char brief[200];
    snprintf(brief, sizeof brief, "%s", buf);
    switch (d->kind) {
    case PP_D_PLACE:
    case PP_D_RECOVER:
        snprintf(brief, sizeof brief, "%s %s > %s", d->kind == PP_D_PLACE ? "set up" : "recover", bname(pd, d->a),
                 aname(pd, d->b));
        break;
    case PP_D_MOVE:
        snprintf(brief, sizeof brief, "%s > %s", bname(pd, d->a), aname(pd, d->b));
        break;
    case PP_D_SWAP:
        snprintf(brief, sizeof brief, "swap %s & %s", bname(pd, d->a), bname(pd, d->b));
        text_fit(brief, "", width, buf, n);
        if (strchr(buf, '~') == NULL)
            return;
        /* still too long: the codes the map shows beside their areas */
        char a[16], b[16];
        pp_counter_code(pd, d->a, a, sizeof a);
        pp_counter_code(pd, d->b, b, sizeof b);
        snprintf(brief, sizeof brief, "swap %s (%s) & %s (%s)", a, aname(pd, g->where[d->a]), b,
                 aname(pd, g->where[d->b]));
        if ((int)strlen(brief) > width) /* the list is narrowed to one of the two areas, or the map shows it */
            snprintf(brief, sizeof brief, "swap %s & %s (%s)", a, b, aname(pd, g->where[d->b]));
        break;
    case PP_D_RETREAT:
    case PP_D_LEADER:
        snprintf(brief, sizeof brief, "%s%s > %s", d->kind == PP_D_RETREAT ? "retreat " : "", bname(pd, d->a),
                 aname(pd, d->b));
        break;
    case PP_D_LOSS:
        if (d->a >= 0)
            snprintf(brief, sizeof brief, "lose %s", bname(pd, d->a));
        break;
    case PP_D_BONUS:
        snprintf(brief, sizeof brief, "Hooker's +1 to %s", bname(pd, d->a));
        break;
    default:
        break;
    }
    text_fit(brief, "", width, buf, n);
}

int pp_decision_areas(const PpGame *g, const PpDecision *d, int out[2])
{
    const PpData *pd = g->data;
    int k = 0;
    out[0] = out[1] = -1;
    bool counter_a = d->kind == PP_D_MOVE || d->kind == PP_D_SWAP || d->kind == PP_D_RETREAT ||
                     d->kind == PP_D_LEADER || d->kind == PP_D_BONUS || (d->kind == PP_D_LOSS && d->a >= 0);
    if (counter_a && d->a >= 0 && d->a < pd->ncounters && g->where[d->a] >= 0)
        out[k++] = g->where[d->a];
    if (d->kind == PP_D_TRENCH || d->kind == PP_D_FIGHT)
        out[k++] = d->a;
    if ((d->kind == PP_D_MOVE || d->kind == PP_D_RETREAT || d->kind == PP_D_LEADER || d->kind == PP_D_PLACE ||
         d->kind == PP_D_RECOVER) &&
        d->b >= 0 && k < 2)
        out[k++] = d->b;
    if (d->kind == PP_D_SWAP && d->b >= 0 && d->b < pd->ncounters && g->where[d->b] >= 0 && k < 2)
        out[k++] = g->where[d->b];
    if (d->kind == PP_D_LOSS && d->a == PP_TRENCH_LOSS && g->cb.area >= 0 && k < 2)
        out[k++] = g->cb.area;
    return k;
}

void pp_question_text(const PpGame *g, char *buf, size_t n)
{
    const PpData *pd = g->data;
    if (g->to_move < 0) {
        snprintf(buf, n, "the game is over");
        return;
    }
    const char *who = pd->sides[g->to_move].shortname;
    if (g->cb.area >= 0 && g->cb.question != PP_Q_NONE) {
        static const char *const q[] = {"", "Hooker's +1", "a loss", "a retreat", "a leader's way"};
        snprintf(buf, n, "%s: %s, fight in %s (hits %d-%d)", who, q[g->cb.question], pd->areas[g->cb.area].shortname,
                 g->cb.hits[PP_UNION], g->cb.hits[PP_CONFEDERATE]);
        return;
    }
    switch (g->phase) {
    case PP_PH_SETUP:
        snprintf(buf, n, "%s: set up (or the standard set-up)", who);
        break;
    case PP_PH_RECOVERY:
        snprintf(buf, n, "%s: recover eliminated units, or done", who);
        break;
    case PP_PH_MOVEMENT:
        snprintf(buf, n, "%s: %d move%s left in this impulse", who, g->budget, g->budget == 1 ? "" : "s");
        break;
    case PP_PH_COMBAT:
        snprintf(buf, n, "%s: choose the next fight", who);
        break;
    default:
        snprintf(buf, n, "%s", who);
    }
}

void pp_boxes_text(const PpGame *g, int viewer, char *elim, size_t ne, char *reinf, size_t nr)
{
    const PpData *pd = g->data;
    /* the arrivals are public; the box's counters are face down, so the
     * enemy's show as a number (the log says which were lost) */
    int count[PP_SIDES] = {0, 0};
    char names[PP_SIDES][200] = {"", ""};
    reinf[0] = '\0';
    for (int c = 0; c < pd->ncounters; c++) {
        const PpCounter *u = &pd->counters[c];
        char code[8];
        pp_counter_code(pd, c, code, sizeof code);
        if (g->where[c] == PP_ELIM) {
            count[u->side]++;
            snprintf(names[u->side] + strlen(names[u->side]), sizeof names[u->side] - strlen(names[u->side]), " %s",
                     code);
        }
    }
    /* the reinforcements still to come, a group per turn and area: "t4: Stn>Mine Run; Hoo Pic *Lo>Bowling Gr" */
    bool done[PP_MAX_COUNTERS] = {false};
    for (int c = 0; c < pd->ncounters; c++) {
        const PpCounter *u = &pd->counters[c];
        if (done[c] || g->where[c] != PP_OFFMAP || u->arrive_turn <= 0)
            continue;
        size_t l = strlen(reinf);
        snprintf(reinf + l, nr - l, "%st%d:", l ? "; " : "", u->arrive_turn);
        for (int k = c; k < pd->ncounters; k++) {
            const PpCounter *w = &pd->counters[k];
            if (g->where[k] != PP_OFFMAP || w->arrive_turn != u->arrive_turn || w->arrive_area != u->arrive_area)
                continue;
            done[k] = true;
            char code[8];
            pp_counter_code(pd, k, code, sizeof code);
            l = strlen(reinf);
            snprintf(reinf + l, nr - l, " %s", code);
        }
        l = strlen(reinf);
        snprintf(reinf + l, nr - l, ">%s", pd->areas[u->arrive_area].shortname);
    }
    for (int side = 0; side < PP_SIDES; side++)
        if (viewer >= 0 && viewer != side && count[side])
            snprintf(names[side], sizeof names[side], " %d face down", count[side]);
    snprintf(elim, ne, "Elim AoP%s  ANV%s", count[PP_UNION] ? names[PP_UNION] : " -",
             count[PP_CONFEDERATE] ? names[PP_CONFEDERATE] : " -");
}

void pp_area_text(const PpGame *g, int viewer, int a, char *buf, size_t n)
{
    const PpData *pd = g->data;
    buf[0] = '\0';
    if (a < 0 || a >= pd->nareas)
        return;
    PpView v;
    pp_view(g, viewer, &v);
    size_t l = (size_t)snprintf(buf, n, "%s, held by %s", pd->areas[a].name, pd->sides[v.control[a]].shortname);
    for (int side = 0; side < PP_SIDES && l < n; side++)
        if (v.trench[a] & (1u << side))
            l += (size_t)snprintf(buf + l, n - l, ", trench (%s)", pd->sides[side].shortname);
    for (int pass = 0; pass < PP_SIDES && l < n; pass++) {
        int side = pass == 0 ? viewer : 1 - viewer, shown = 0;
        for (int c = 0; c < pd->ncounters && l < n; c++)
            if (pd->counters[c].side == side && v.where[c] == a)
                l += (size_t)snprintf(buf + l, n - l, "%s %s", shown++ ? "," : ";", cname(pd, c));
        int hidden = v.backs[side][a] - shown;
        if (hidden > 0 && l < n)
            l += (size_t)snprintf(buf + l, n - l, "%s %d %s face down", shown ? "," : ";", hidden,
                                  pd->sides[side].shortname);
    }
    if (l < n && v.backs[PP_UNION][a] == 0 && v.backs[PP_CONFEDERATE][a] == 0)
        l += (size_t)snprintf(buf + l, n - l, "; empty");
    /* where a unit can go from here: the map's dots and river signs are hard to follow at
     * 80x24, so the areas a move reaches are named (a river without arrows is no way) */
    for (int k = 0, named = 0; k < pd->areas[a].nadj && l < n; k++)
        if (pd->areas[a].join[k] != PP_RIVER)
            l += (size_t)snprintf(buf + l, n - l, "%s%s%s", named++ ? ", " : "; next to ",
                                  pd->areas[pd->areas[a].adj[k]].shortname,
                                  pd->areas[a].join[k] == PP_ARROW ? " (river)" : "");
}
