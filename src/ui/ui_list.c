/* The game screen's list of decisions in the side panel: made from the
 * legal decisions (the picks at a hex, the selection's orders, or all,
 * folded into groups when long), the highlighted row, what Enter does on
 * it (the key line), and Enter there. */
#include "ui/ui_internal.h"

/* The decision a row of the list stands for; NULL for a group's title. */
const Decision *row_decision(const GameUi *gu, int i)
{
    return i >= 0 && i < gu->nview && gu->view[i] >= 0 ? &gu->legal[gu->view[i]] : NULL;
}

static bool group_open(const GameUi *gu, AdviceGroup a)
{
    for (int i = 0; i < gu->nopen; i++)
        if (advice_group_same(gu->open_group[i], a))
            return true;
    return false;
}

/* A list longer than FOLD_OVER folds into groups (the moves of one stack,
 * one battery's targets, one commander's choices): a group
 * of more than FOLD_SMALL shows its title, and its decisions when the
 * player opened it. */
enum { FOLD_OVER = 20, FOLD_SMALL = 6 };

static void fold_view(GameUi *gu)
{
    const Game *g = &gu->play.game;
    gu->ngroups = 0;
    if (gu->nview <= FOLD_OVER)
        return;
    int n = gu->nview;
    for (int i = 0; i < n; i++) {
        AdviceGroup a = advice_group_of(g, &gu->legal[gu->view[i]]);
        int j = 0;
        while (j < gu->ngroups && !advice_group_same(gu->groups[j].g, a))
            j++;
        if (j == gu->ngroups)
            gu->groups[gu->ngroups++] = (struct ListGroup){a, gu->view[i], 0};
        gu->groups[j].count++;
        gu->gid[i] = j;
    }
    if (gu->ngroups == n) /* nothing to fold */
        return;
    int *flat = gu->view + n; /* the second half of view is free room */
    memcpy(flat, gu->view, (size_t)n * sizeof *flat);
    int rows = 0;
    for (int j = 0; j < gu->ngroups; j++) {
        bool small = gu->groups[j].count <= FOLD_SMALL; /* shown whole, with no title */
        bool whole = small || group_open(gu, gu->groups[j].g);
        if (!small)
            gu->view[rows++] = -(j + 1);
        for (int i = 0; whole && i < n; i++)
            if (gu->gid[i] == j)
                gu->view[rows++] = flat[i];
    }
    gu->nview = rows;
}

/* The list the panel shows: the decisions offered at one hex; with a
 * stack selected, its orders and what is made from the list alone (end,
 * forced march, ...); else every legal decision, folded when long. A loss
 * that eliminates a unit comes after the others, so that the highlighted
 * first choice is never one when another exists. */
void view_refresh(GameUi *gu)
{
    const Game *g = &gu->play.game;
    gu->nview = 0;
    gu->ngroups = 0;
    if (gu->npick > 0) {
        memcpy(gu->view, gu->pick, (size_t)gu->npick * sizeof *gu->pick);
        gu->nview = gu->npick;
    } else if (gu->osel.hex >= 0) {
        for (int i = 0; i < gu->nlegal + gu->nextra; i++) {
            short t[CB_MAX_HEXES + 1];
            if (order_for(g, &gu->legal[i], &gu->osel) ||
                (i < gu->nlegal && order_source(g, &gu->legal[i]) < 0 &&
                 order_targets(g, &gu->legal[i], t, CB_MAX_HEXES + 1) == 0))
                gu->view[gu->nview++] = i;
        }
    } else
        for (int i = 0; i < gu->nlegal; i++)
            gu->view[gu->nview++] = i;
    { /* the places for the chit, those where most units would act first */
        int a = 0;
        while (a < gu->nview && gu->legal[gu->view[a]].kind != D_PLACE)
            a++;
        int b = a;
        while (b < gu->nview && gu->legal[gu->view[b]].kind == D_PLACE)
            b++;
        int *cnt = gu->gid; /* each place's count, kept per legal decision for the list's labels */
        for (int i = a; i < b; i++) {
            int out;
            cnt[i] = game_place_count(g, gu->legal[gu->view[i]].arg, &out);
            gu->place_act[gu->view[i]] = (short)cnt[i];
            gu->place_all[gu->view[i]] = (short)(cnt[i] + out);
        }
        for (int i = a + 1; i < b; i++) /* insertion sort, stable */
            for (int j = i; j > a && cnt[j] > cnt[j - 1]; j--) {
                int t = cnt[j], v = gu->view[j];
                cnt[j] = cnt[j - 1], gu->view[j] = gu->view[j - 1];
                cnt[j - 1] = t, gu->view[j - 1] = v;
            }
    }
    int keep = 0, *late = gu->gid; /* eliminating losses last, in their order */
    int nlate = 0;
    for (int i = 0; i < gu->nview; i++) {
        if (advice_loss_eliminates(g, &gu->legal[gu->view[i]]))
            late[nlate++] = gu->view[i];
        else
            gu->view[keep++] = gu->view[i];
    }
    memcpy(gu->view + keep, late, (size_t)nlate * sizeof *late);
    if (gu->npick == 0 && gu->osel.hex < 0)
        fold_view(gu);
    if (gu->sel >= gu->nview)
        gu->sel = gu->nview > 0 ? gu->nview - 1 : 0;
    if (gu->sel < 0)
        gu->sel = 0;
}

/* The highlighted first choice is never a trap when something else may be
 * chosen: from row 0, the first row that is not one. */
void sel_first_safe(GameUi *gu)
{
    char why[400];
    for (int i = 0; gu->sel == 0 && i < gu->nview; i++) {
        const Decision *d = row_decision(gu, i);
        if (!d || advice_for(&gu->play.game, d, gu->legal, gu->nlegal, why, sizeof why) < ADVICE_CONFIRM) {
            gu->sel = i;
            break;
        }
    }
}

void game_legal_refresh(GameUi *gu)
{
    int n = game_legal(&gu->play.game, gu->legal, LEGAL_CAP);
    gu->nlegal = n < LEGAL_CAP ? n : LEGAL_CAP;
    if (gu->sel >= gu->nlegal)
        gu->sel = gu->nlegal > 0 ? gu->nlegal - 1 : 0;
    if (gu->sel < 0)
        gu->sel = 0;
    gu->npick = 0;
    gu->nopen = 0;
    gu->confirming = false;
    gu->ab_hex = -1;
    orders_refresh(gu);
    sel_first_safe(gu);
}

/* A decision as guv script writes it, with a few words where that text
 * alone says little ("bw-die: the breastwork costs a die"); a move with its
 * cost when half_mp is known (>= 0). */
static void decision_label(const Game *g, const Decision *d, int half_mp, char *buf, size_t size)
{
    const GameData *gd = g->gd;
    decision_format(gd, d, buf, size);
    const char *hint = NULL;
    char tmp[120];
    if (d->kind == D_MOVE || d->kind == D_ATTACK) { /* the hex first, where a narrow panel still shows it */
        char units[400] = "", hexes[64] = "";
        for (int i = 0; i < d->nunits; i++)
            snprintf(units + strlen(units), sizeof units - strlen(units), "%s%s", i ? "+" : "", gd->units[d->units[i]].id);
        short h[CB_MAX_HEXES];
        int nh = d->kind == D_MOVE ? 1 : d->nhexes;
        for (int i = 0; i < nh && i < CB_MAX_HEXES; i++) {
            h[i] = (short)(d->kind == D_MOVE ? d->arg : d->hexes[i]);
            char id[5];
            hex_format(map_hex_at(&gd->map, h[i]), id);
            snprintf(hexes + strlen(hexes), sizeof hexes - strlen(hexes), "%s%s", i ? "+" : "", id);
        }
        if (d->kind == D_MOVE && half_mp >= 0) /* the selection's move: its units are named above the list */
            snprintf(buf, size, "move %s  %d%s MP", hexes, half_mp / 2, half_mp % 2 ? ".5" : "");
        else if (d->kind == D_MOVE)
            snprintf(buf, size, "move %s: %s", hexes, units);
        else
            snprintf(buf, size, "attack %s: %s", hexes, units);
        return;
    }
    switch (d->kind) {
    case D_CHOOSE:
    case D_HIGHER: { /* a higher commander's formations are each paid for (HIGHER-CMD) */
        int pts = 0;
        if (d->kind == D_CHOOSE)
            pts = game_formation_cost(g, d->arg);
        for (int i = 0; d->kind == D_HIGHER && i < d->nunits; i++)
            pts += game_formation_cost(g, d->units[i]);
        snprintf(tmp, sizeof tmp, "%d pt%s", pts, pts == 1 ? "" : "s");
        hint = tmp;
        break;
    }
    case D_DONE:
        hint = "no more";
        break;
    case D_END:
        hint = "finish";
        break;
    case D_PASS:
        hint = "lose the chit";
        break;
    case D_BW_DIE:
        hint = "costs a die";
        break;
    case D_BW_STEP:
        hint = "costs a step";
        break;
    case D_RETREAT_INSTEAD:
        hint = "no loss, retreat";
        break;
    case D_NO_ADVANCE:
        hint = "stay";
        break;
    case D_FORCED_MARCH:
        hint = "more MP";
        break;
    case D_SIX_CANCEL:
        hint = "cancel a hit";
        break;
    case D_BONUS: {
        size_t n = 0;
        tmp[0] = '\0';
        for (int i = 0; i < d->nunits && n + 16 < sizeof tmp; i++)
            n += (size_t)snprintf(tmp + n, sizeof tmp - n, "%sd%d+%d", i ? " " : "", i + 1, d->units[i]);
        hint = tmp;
        break;
    }
    default:
        break;
    }
    if (hint) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "  (%s)", hint);
    }
}

/* The list of decisions in the side panel from row y to the bottom: the
 * highlighted row kept in view, a folded group's title, a trap marked !. */
void draw_list(GameUi *gu, int x, int y, int w)
{
    const Game *g = shown(gu);
    int rows = LINES - 1 - y;
    if (gu->sel < gu->top)
        gu->top = gu->sel;
    if (gu->sel >= gu->top + rows)
        gu->top = gu->sel - rows + 1;
    gu->list_y0 = y;
    /* the highlighted row: reversed when Enter takes it; when Enter acts on
     * the map (the cursor moved last), only marked, so as not to pretend */
    attr_t hi = gu->map_focus && orders_live(gu) && !gu->npick ? A_BOLD : A_REVERSE;
    for (int i = gu->top; i < gu->nview && y < LINES - 1; i++) {
        char text[800], label[300], adv[400];
        const Decision *d = row_decision(gu, i);
        if (!d) { /* a folded group's title */
            const struct ListGroup *gr = &gu->groups[-gu->view[i] - 1];
            advice_group_title(g, &gu->legal[gr->first], gr->count, label, sizeof label);
            snprintf(text, sizeof text, "%s %s", group_open(gu, gr->g) ? "-" : "+", label);
            char count[16], *paren = strrchr(text, '(');
            snprintf(count, sizeof count, " %s", paren ? paren : "");
            if (paren && paren > text)
                paren[-1] = '\0'; /* the count stays whole at the end */
            char fitted[300];
            text_fit(text, count, w, fitted, sizeof fitted);
            panel_line(x, &y, w, i == gu->sel ? hi : A_NORMAL, "%s", fitted);
            continue;
        }
        int mp = d->kind == D_MOVE && gu->osel.hex >= 0 ? gu->cost[d->arg] : -1; /* worked out for the selection */
        decision_label(g, d, mp, label, sizeof label);
        if (d->kind == D_PLACE) /* how many answer the chit there (counted as the list was made) */
            snprintf(label + strlen(label), sizeof label - strlen(label), "  (%d of %d act)",
                     gu->place_act[gu->view[i]], gu->place_all[gu->view[i]]);
        int level = advice_for(g, d, gu->legal, gu->nlegal, adv, sizeof adv);
        bool grouped = false; /* a member of an opened group: indented under its title */
        for (int j = 0; j < gu->ngroups && !grouped; j++)
            grouped = gu->groups[j].count > FOLD_SMALL && advice_group_same(gu->groups[j].g, advice_group_of(g, d));
        if (grouped && d->kind == D_HIGHER) { /* under its title: "higher lee " goes without saying */
            const char *rest = strchr(label, ' ');
            rest = rest ? strchr(rest + 1, ' ') : NULL;
            if (rest)
                memmove(label, rest + 1, strlen(rest + 1) + 1);
        }
        if (level == ADVICE_NONE || d->kind == D_PASS || d->kind == D_FORCED_MARCH) /* their hint says it */
            snprintf(text, sizeof text, "%s%s", grouped ? "  " : "", label);
        else if (advice_loss_unit(g, d) >= 0) { /* what the loss leaves */
            int now, next = advice_loss_points(g, advice_loss_unit(g, d), &now);
            char left[40];
            if (next < 0)
                snprintf(left, sizeof left, "%d -> gone", now);
            else
                snprintf(left, sizeof left, "%d -> %d", now, next);
            snprintf(text, sizeof text, "%s%s%s  [%s]", grouped ? "  " : "", level == ADVICE_CONFIRM ? "! " : "", label,
                     left);
        }
        else
            snprintf(text, sizeof text, "%s%s%s", grouped ? "  " : "", level == ADVICE_CONFIRM ? "! " : "", label);
        attr_t a = i == gu->sel ? hi : level == ADVICE_CONFIRM ? A_BOLD : A_NORMAL;
        char fitted[300];
        text_fit(text, "", w, fitted, sizeof fitted);
        panel_line(x, &y, w, a, "%s", fitted);
    }
}

/* The key line for the highlighted row of the list: what Enter does, then
 * as many of the other keys as the row holds. */
void list_key_line(const Ui *u, const GameUi *gu, char *enter_line, size_t size)
{
    const Decision *row = row_decision(gu, gu->sel);
    char label[300];
    if (row) {
        decision_label(&gu->play.game, row, -1, label, sizeof label);
        snprintf(enter_line, size, " Enter: %s", label);
    } else {
        const struct ListGroup *gr = &gu->groups[-gu->view[gu->sel] - 1];
        advice_group_title(&gu->play.game, &gu->legal[gr->first], gr->count, label, sizeof label);
        snprintf(enter_line, size, " Enter: %s %s",
                 gr->g.kind == D_MOVE && gr->g.key >= 0 ? "select the stack of the" : group_open(gu, gr->g) ? "fold" : "open",
                 label);
    }
    /* then the other keys, as many as the row holds */
    const char *more[] = {panel_width(u) == 0 ? "  |  p the list  hjkl map  ? help  q menu"
                                              : "  |  Up/Down choose  hjkl map  ? help  q menu",
                          panel_width(u) == 0 ? "  |  p the list  ? help" : "  |  Up/Down  ? help", "  |  ? help"};
    for (int i = 0; i < 3; i++)
        if ((int)(strlen(enter_line) + strlen(more[i])) <= COLS) {
            snprintf(enter_line + strlen(enter_line), size - strlen(enter_line), "%s", more[i]);
            break;
        }
}

/* Enter on a row of the list: a decision is made; a group of moves selects
 * its stack on the map (its lit hexes are the moves); another group folds
 * or unfolds. */
void list_enter(Ui *u, GameUi *gu)
{
    const Decision *row = row_decision(gu, gu->sel);
    if (row) {
        Decision d = *row; /* a copy: the list is made anew */
        game_choose(u, gu, &d);
        return;
    }
    if (gu->sel >= gu->nview)
        return;
    const struct ListGroup *gr = &gu->groups[-gu->view[gu->sel] - 1];
    AdviceGroup a = gr->g;
    if (a.kind == D_MOVE && a.key >= 0 &&
        orders_select(&gu->play.game, gu->legal, gu->nlegal, a.key, &gu->osel)) {
        u->cursor = map_hex_at(&u->gd->map, a.key);
        centre_on_cursor(u);
        gu->sel = gu->top = 0;
        gu->nopen = 0;
        orders_refresh(gu);
        sel_first_safe(gu);
        snprintf(gu->msg, sizeof gu->msg, " selected: the lit hexes are its moves (with their MP); Enter on one moves it");
        return;
    }
    for (int i = 0; i < gu->nopen; i++)
        if (advice_group_same(gu->open_group[i], a)) { /* fold it again */
            gu->open_group[i] = gu->open_group[--gu->nopen];
            view_refresh(gu);
            return;
        }
    if (gu->nopen == (int)(sizeof gu->open_group / sizeof *gu->open_group))
        gu->nopen--;
    gu->open_group[gu->nopen++] = a;
    view_refresh(gu);
    if (gu->sel + 1 < gu->nview)
        gu->sel++; /* on the group's first decision */
}

/* Centres the map on the hex a decision names, if any. */
void show_decision(Ui *u, const Decision *d)
{
    int hex = -1;
    if (d->kind == D_MOVE || d->kind == D_PLACE || d->kind == D_RETREAT || d->kind == D_BREAK || d->kind == D_ENTRENCH ||
        d->kind == D_TRADE || d->kind == D_SKIRM_DEFEND)
        hex = d->arg;
    else if (d->kind == D_ATTACK && d->nhexes > 0)
        hex = d->hexes[0];
    if (hex >= 0 && hex < u->gd->map.cols * u->gd->map.rows) {
        u->cursor = map_hex_at(&u->gd->map, hex);
        centre_on_cursor(u);
    }
}
