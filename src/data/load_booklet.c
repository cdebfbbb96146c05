/* The Choices Booklet: booklet/pages.ini (the Ruler and pages 2-12) and
 * booklet/paragraphs.ini (every numbered paragraph and the hooks that read
 * them), checked as docs/booklet-format.md says. Loaded after the track and
 * the wheel (load_automa.c), which they refer to. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

static const char *const window_names[RW_COUNT] = {"behaviour",   "proximity-aggressive", "proximity-cautious",
                                                   "bombardment", "independent",          "activation"};
static const char *const behaviour_names[BH_COUNT] = {"none", "skirmisher", "combat+1", "combat-1", "advance-i-vi"};
static const char *const independent_names[IR_COUNT] = {"none",       "gibbon",   "activate-top", "activate-last",
                                                        "skirmisher", "combat+1", "advance-i-vi", "wheel-advance"};

const char *data_behaviour_name(int b) { return b >= 0 && b < BH_COUNT ? behaviour_names[b] : "?"; }
const char *data_independent_name(int r) { return r >= 0 && r < IR_COUNT ? independent_names[r] : "?"; }
const char *data_window_name(int w) { return w >= 0 && w < RW_COUNT ? window_names[w] : "?"; }

const Paragraph *data_paragraph(const GameData *gd, int number)
{
    for (int i = 0; i < gd->automa.nparagraphs; i++)
        if (gd->automa.paragraphs[i].number == number)
            return &gd->automa.paragraphs[i];
    return NULL;
}

static bool is_area(const GameData *gd, int number)
{
    for (int i = 0; i < gd->nareas; i++)
        if (gd->areas[i].number == number)
            return true;
    return false;
}

/* ---- pages.ini --------------------------------------------------------- */

static bool digit_value(const char *t, int *out)
{
    if (t[0] < '0' || t[0] > '9' || t[1])
        return false;
    *out = t[0] - '0';
    return true;
}

/* Parses one cell for its window; NULL when good, else what is expected. */
static const char *parse_cell(PageCell *c, int window, int slots)
{
    const char *t = c->token;
    switch (window) {
    case RW_BEHAVIOUR:
        for (int i = 0; i < BH_COUNT; i++)
            if (strcmp(t, behaviour_names[i]) == 0) {
                c->value = i;
                return NULL;
            }
        return "a behaviour: none, skirmisher, combat+1, combat-1 or advance-i-vi";
    case RW_PROX_AGGRESSIVE:
    case RW_PROX_CAUTIOUS:
        return digit_value(t, &c->value) ? NULL : "a whole number 0-9";
    case RW_BOMBARD:
        if (digit_value(t, &c->value))
            return NULL;
        if (t[0] == 'N' && t[1] == '(' && t[2] >= '0' && t[2] <= '9' && t[3] == ')' && !t[4]) {
            c->value = t[2] - '0';
            c->no_bombard = true;
            return NULL;
        }
        return "a bombardment value: N (0-9) or N(x)";
    case RW_INDEPENDENT:
        for (int i = 0; i < IR_COUNT; i++)
            if (strcmp(t, independent_names[i]) == 0) {
                c->value = i;
                return NULL;
            }
        return "an Independent result: none, gibbon, activate-top, activate-last, skirmisher, combat+1, advance-i-vi "
               "or wheel-advance";
    default: {
        c->narrows = 0;
        if (strcmp(t, "-") == 0)
            return NULL;
        char buf[16];
        snprintf(buf, sizeof buf, "%s", t);
        char *save = NULL;
        for (char *a = strtok_r(buf, "+", &save); a; a = strtok_r(NULL, "+", &save)) {
            if (c->narrows == ARROW_MAX)
                return "at most 6 arrows";
            TrackArrow ar = {0, false, false};
            if (a[0] == 'h') {
                if ((a[1] != 'u' && a[1] != 'd') || (a[2] && (a[2] != '*' || a[3])))
                    return "activation arrows: -, Su, Sd (S a track slot), hu, hd, hu*, hd*, joined by +";
                ar.up = a[1] == 'u';
                ar.star = a[2] == '*';
            } else {
                char *end;
                long sl = strtol(a, &end, 10);
                if (end == a || (end[0] != 'u' && end[0] != 'd') || end[1])
                    return "activation arrows: -, Su, Sd (S a track slot), hu, hd, hu*, hd*, joined by +";
                if (sl < 1 || sl > slots)
                    return "an arrow on a slot of the activation track";
                ar.slot = (signed char)sl;
                ar.up = end[0] == 'u';
                if ((ar.up && sl == 1) || (!ar.up && sl == slots))
                    return "an arrow that can move something (slot 1 cannot go up, the last slot cannot go down)";
            }
            c->arrows[c->narrows++] = ar;
        }
        return NULL;
    }
    }
}

static void pages_file(IniDoc *doc, void *arg)
{
    GameData *gd = ((LoadCtx *)arg)->gd;
    Diags *d = ((LoadCtx *)arg)->d;
    AutomaData *a = &gd->automa;
    IniSection *r = ini_section(doc, "ruler");
    int ruler_line = r ? r->line : 0;
    if (!r) {
        diag_error(d, doc->file, 0, "missing [ruler] section (anchors, window.KIND)");
        ini_mark_all_used(doc);
        return;
    }
    IniKey *ak = ini_key(r, "anchors");
    int na = 0;
    if (!ak)
        diag_error(d, doc->file, r->line, "[ruler] needs 'anchors': six border positions, for the third die's faces");
    else {
        ak->used = true;
        char tok[16];
        for (const char *p = ak->value; (p = ini_next_token(p, tok, sizeof tok, NULL));) {
            int v = atoi(tok);
            if (v < 1 || na == 6) {
                diag_error(d, doc->file, ak->line, "anchors: six positions of 1 or more, one per die face");
                break;
            }
            a->anchors[na++] = v;
        }
        if (na != 6)
            diag_error(d, doc->file, ak->line, "anchors: six positions, one per die face (found %d)", na);
    }
    for (int w = 0; w < RW_COUNT; w++) {
        char key[48];
        snprintf(key, sizeof key, "window.%s", window_names[w]);
        a->window[w] = -1;
        ini_get_int(doc, r, key, true, 0, BORDER_MAX - 1, &a->window[w], d);
    }
    /* the windows must never read one cell for two kinds, whatever the die */
    bool ruler_ok = na == 6;
    for (int f1 = 0; f1 < 6 && ruler_ok; f1++)
        for (int f2 = 0; f2 < 6 && ruler_ok; f2++)
            for (int w1 = 0; w1 < RW_COUNT && ruler_ok; w1++)
                for (int w2 = w1 + 1; w2 < RW_COUNT && ruler_ok; w2++)
                    if (a->window[w1] >= 0 && a->window[w2] >= 0 &&
                        a->anchors[f1] + a->window[w1] == a->anchors[f2] + a->window[w2]) {
                        char key[48];
                        snprintf(key, sizeof key, "window.%s", window_names[w2]);
                        diag_error(d, doc->file, ini_key(r, key) ? ini_key(r, key)->line : r->line,
                                   "[ruler]: window %s with the arrow at %d and window %s with the arrow at %d both "
                                   "read cell %d",
                                   window_names[w1], a->anchors[f1], window_names[w2], a->anchors[f2],
                                   a->anchors[f1] + a->window[w1]);
                        ruler_ok = false;
                    }
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id = ini_section_id(s, "page");
        if (!id)
            continue;
        int n = atoi(id);
        char canon[8];
        snprintf(canon, sizeof canon, "%d", n);
        if (n < 2 || n > 12 || strcmp(canon, id) != 0) {
            s->used = true;
            diag_error(d, doc->file, s->line, "[page:%s]: the pages are 2 to 12 (the sum of two dice)", id);
        }
    }
    for (int n = 2; n <= 12; n++) {
        char name[16];
        snprintf(name, sizeof name, "page:%d", n);
        IniSection *s = ini_section(doc, name);
        if (!s) {
            diag_error(d, doc->file, ruler_line, "missing [page:%d]: every page from 2 to 12 is needed", n);
            continue;
        }
        BookletPage *pg = &a->pages[n];
        const char *v;
        if (ini_get_str(doc, s, "title", false, &v, d))
            ini_copy(doc, ini_key(s, "title")->line, pg->title, sizeof pg->title, v, "title", d);
        IniKey *bk = ini_key(s, "border");
        if (!bk) {
            diag_error(d, doc->file, s->line, "page %d needs 'border' (its cells, top to bottom)", n);
            continue;
        }
        bk->used = true;
        char tok[64];
        bool too_long = false;
        for (const char *p = bk->value; (p = ini_next_token(p, tok, sizeof tok, &too_long));) {
            if (pg->ncells == BORDER_MAX || strlen(tok) >= sizeof pg->cell[0].token) {
                diag_error(d, doc->file, bk->line, "page %d: too many cells (at most %d) or a cell over %d characters",
                           n, BORDER_MAX, (int)sizeof pg->cell[0].token - 1);
                break;
            }
            memcpy(pg->cell[pg->ncells++].token, tok, strlen(tok) + 1); /* length checked above */
        }
        if (!ruler_ok)
            continue;
        int kind[BORDER_MAX];
        for (int c = 0; c < BORDER_MAX; c++)
            kind[c] = -1;
        for (int f = 0; f < 6; f++)
            for (int w = 0; w < RW_COUNT; w++) {
                if (a->window[w] < 0)
                    continue;
                int cell = a->anchors[f] + a->window[w]; /* 1-based */
                if (f > 0 && a->anchors[f] == a->anchors[f - 1])
                    continue; /* the same arrow position as the face before */
                if (cell > pg->ncells) {
                    diag_error(d, doc->file, bk->line,
                               "page %d: the %s window with the arrow at %d reads cell %d, but the border has %d", n,
                               window_names[w], a->anchors[f], cell, pg->ncells);
                    continue;
                }
                if (kind[cell - 1] >= 0 && kind[cell - 1] != w) {
                    diag_error(d, doc->file, bk->line, "page %d: cell %d is read by two windows, %s and %s", n, cell,
                               window_names[kind[cell - 1]], window_names[w]);
                    continue;
                }
                if (kind[cell - 1] == w)
                    continue;
                kind[cell - 1] = w;
                const char *want = parse_cell(&pg->cell[cell - 1], w, gd->automa.track.slots);
                if (want)
                    diag_error(d, doc->file, bk->line, "page %d: cell %d '%s' is read by window %s; expected %s", n,
                               cell, pg->cell[cell - 1].token, window_names[w], want);
            }
        for (int c = 0; c < pg->ncells; c++)
            if (kind[c] < 0) {
                diag_error(d, doc->file, bk->line, "page %d: cell %d '%s' is read by no window of the ruler", n, c + 1,
                           pg->cell[c].token);
                break;
            }
    }
}

const PageCell *data_page_cell(const GameData *gd, int page, int die, int window)
{
    const AutomaData *a = &gd->automa;
    if (page < 2 || page > 12 || die < 1 || die > 6 || window < 0 || window >= RW_COUNT)
        return NULL;
    int cell = a->anchors[die - 1] + a->window[window];
    if (cell < 1 || cell > a->pages[page].ncells)
        return NULL;
    return &a->pages[page].cell[cell - 1];
}

bool load_pages(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, pages_file, &c);
}

/* ---- paragraphs.ini ---------------------------------------------------- */

static const char *const op_names[OP_COUNT] = {"roll",    "if",           "objective",     "combat", "vp",
                                               "deploy",  "release",      "set-attitude",  "wheel-release",
                                               "end",     "hold",         "wheel-enter",   "goto"};

const char *data_para_op_name(int op) { return op >= 0 && op < OP_COUNT ? op_names[op] : "?"; }

static bool is_stop(int op) { return op == OP_END || op == OP_HOLD || op == OP_WHEEL_ENTER || op == OP_GOTO; }

static bool parse_int(const char *t, int *out)
{
    char *end;
    long v = strtol(t, &end, 10);
    if (end == t || *end)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_range(const char *t, int *lo, int *hi)
{
    char c;
    if (sscanf(t, "%d-%d%c", lo, hi, &c) == 2)
        return *lo <= *hi;
    if (sscanf(t, "%d%c", lo, &c) == 1) {
        *hi = *lo;
        return true;
    }
    return false;
}

static int parse_target(const GameData *gd, const char *t)
{
    if (strcmp(t, "self") == 0)
        return TARGET_SELF;
    if (strcmp(t, "wheel") == 0)
        return TARGET_WHEEL;
    int f = data_automa_formation(gd, t);
    return f >= 0 ? f : -100;
}

static int area_number(const GameData *gd, const char *t)
{
    int v;
    if (strlen(t) != 3 || !parse_int(t, &v) || !is_area(gd, v))
        return -1;
    return v;
}

#define BAD(...)                                                                                                       \
    do {                                                                                                               \
        snprintf(why, whysize, __VA_ARGS__);                                                                          \
        return false;                                                                                                  \
    } while (0)

/* Parses one instruction's words; false with why. */
static bool parse_step(const GameData *gd, char **w, int nw, ParaStep *st, char *why, size_t whysize)
{
    memset(st, 0, sizeof *st);
    st->op = -1;
    for (int i = 0; i < OP_COUNT; i++)
        if (strcmp(w[0], op_names[i]) == 0)
            st->op = i;
    if (st->op < 0)
        BAD("unknown verb '%s' (roll, if, objective, combat, vp, deploy, release, set-attitude, wheel-release, end, "
            "hold, wheel-enter, goto)",
            w[0]);
    switch (st->op) {
    case OP_ROLL: {
        if (nw < 3 || (strcmp(w[1], "1d6") != 0 && strcmp(w[1], "2d6") != 0))
            BAD("roll 1d6|2d6 RANGE:K ...");
        st->dice = w[1][0] - '0';
        int min = st->dice, max = 6 * st->dice, covered[13] = {0};
        for (int i = 2; i < nw; i++) {
            char *colon = strchr(w[i], ':');
            int lo, hi, to;
            if (!colon || st->nout == PARA_MAX_OUT)
                BAD("roll: '%s' should be RANGE:K", w[i]);
            *colon = '\0';
            if (!parse_range(w[i], &lo, &hi) || !parse_int(colon + 1, &to) || lo < min || hi > max)
                BAD("roll: '%s:%s' is not a range of %s and a step", w[i], colon + 1, st->dice == 1 ? "1-6" : "2-12");
            for (int v = lo; v <= hi; v++)
                covered[v]++;
            st->lo[st->nout] = lo, st->hi[st->nout] = hi, st->to[st->nout++] = to;
        }
        for (int v = min; v <= max; v++)
            if (covered[v] != 1)
                BAD("roll %s ranges %s %d", w[1], covered[v] ? "cover more than once" : "leave", v);
        break;
    }
    case OP_IF: {
        int at = 1;
        if (nw < 2)
            BAD("if TEST yes:K no:K");
        const char *t = w[at++];
        if (strcmp(t, "attitude") == 0) {
            st->test = TEST_ATTITUDE;
            if (at >= nw || ((st->a = strcmp(w[at], "aggressive") == 0 ? 0 : strcmp(w[at], "cautious") == 0 ? 1 : -1) < 0))
                BAD("if attitude aggressive|cautious ...");
            at++;
        } else if (strcmp(t, "turn") == 0) {
            st->test = TEST_TURN;
            if (at >= nw || !parse_range(w[at], &st->a, &st->b) || st->a < 1 || st->b > gd->nturns)
                BAD("if turn RANGE: a range within the turns 1-%d", gd->nturns);
            at++;
        } else if (strcmp(t, "holds") == 0) {
            st->test = TEST_HOLDS;
            if (at + 1 >= nw)
                BAD("if holds union|confederate PLACE ...");
            st->a = data_side_parse(w[at]);
            st->b = data_place_index(gd, w[at + 1]);
            if (st->a < 0)
                BAD("holds: union or confederate, not '%s'", w[at]);
            if (st->b < 0)
                BAD("holds: unknown place '%s' (see the [place:...] sections of map.ini)", w[at + 1]);
            at += 2;
        } else if (strcmp(t, "wheel") == 0) {
            st->test = TEST_WHEEL;
            if (at >= nw || (strcmp(w[at], "open") != 0 && strcmp(w[at], "closed") != 0))
                BAD("if wheel open|closed ...");
            st->a = strcmp(w[at], "open") == 0;
            at++;
        } else if (strcmp(t, "vp") == 0) {
            const ActivationTrack *tr = &gd->automa.track;
            st->test = TEST_VP;
            if (at >= nw || !parse_range(w[at], &st->a, &st->b) || st->a < tr->vp_min || st->b > tr->vp_max)
                BAD("if vp RANGE: a range within the VP track %d-%d", tr->vp_min, tr->vp_max);
            at++;
        } else if (strcmp(t, "is") == 0) {
            st->test = TEST_IS;
            if (at >= nw || (st->a = data_automa_formation(gd, w[at])) < 0)
                BAD("is: '%s' is not an Automa formation", at < nw ? w[at] : "");
            at++;
        } else
            BAD("unknown test '%s' (attitude, turn, holds, wheel, is, vp)", t);
        if (nw != at + 2 || strncmp(w[at], "yes:", 4) != 0 || strncmp(w[at + 1], "no:", 3) != 0 ||
            !parse_int(w[at] + 4, &st->yes) || !parse_int(w[at + 1] + 3, &st->no))
            BAD("if TEST yes:K no:K");
        break;
    }
    case OP_OBJECTIVE:
        if (nw != 4)
            BAD("objective TARGET VALUE AREA");
        if ((st->target = parse_target(gd, w[1])) == -100)
            BAD("objective: '%s' is not self, wheel or an Automa formation", w[1]);
        if (!parse_int(w[2], &st->value) || st->value < 0 || st->value > gd->automa.track.objective_vp_max)
            BAD("objective: value '%s' must be 0-%d", w[2], gd->automa.track.objective_vp_max);
        if ((st->area = area_number(gd, w[3])) < 0)
            BAD("objective area %s is not an [area:...] of config/strategy-map.ini", w[3]);
        break;
    case OP_COMBAT:
        if (nw != 3 || (strcmp(w[2], "+1") != 0 && strcmp(w[2], "-1") != 0))
            BAD("combat TARGET +1|-1");
        if ((st->target = parse_target(gd, w[1])) == -100)
            BAD("combat: '%s' is not self, wheel or an Automa formation", w[1]);
        st->value = w[2][0] == '+' ? 1 : -1;
        break;
    case OP_VP:
        if (nw != 3)
            BAD("vp union|confederate N");
        st->side = data_side_parse(w[1]);
        if (st->side < 0 || !parse_int(w[2], &st->value) || st->value < 1 || st->value > 5)
            BAD("vp union|confederate N (N 1-5)");
        break;
    case OP_DEPLOY:
        if (nw != 3)
            BAD("deploy TARGET AREA");
        if ((st->target = parse_target(gd, w[1])) == -100)
            BAD("deploy: '%s' is not self, wheel or an Automa formation", w[1]);
        if ((st->area = area_number(gd, w[2])) < 0)
            BAD("deploy area %s is not an [area:...] of config/strategy-map.ini", w[2]);
        break;
    case OP_RELEASE: {
        if (nw != 2 || (st->target = data_automa_formation(gd, w[1])) < 0)
            BAD("release FORMATION: an Automa corps with a turn-track marker");
        bool marker = false;
        for (int i = 0; i < gd->automa.track.nturn_markers; i++)
            marker |= gd->automa.track.turn_markers[i].kind == TM_CORPS &&
                      gd->automa.track.turn_markers[i].formation == st->target;
        if (!marker)
            BAD("release: %s has no marker on the turn track ([marker:%s] in activation-track.ini)", w[1], w[1]);
        break;
    }
    case OP_SET_ATTITUDE:
        if (nw != 2 || (st->value = strcmp(w[1], "aggressive") == 0 ? 0 : strcmp(w[1], "cautious") == 0 ? 1 : -1) < 0)
            BAD("set-attitude aggressive|cautious");
        break;
    case OP_GOTO:
        if (nw != 2 || strlen(w[1]) != 3 || !parse_int(w[1], &st->para))
            BAD("goto NNN (a three-digit paragraph number)");
        break;
    default:
        if (nw != 1)
            BAD("%s takes no words after it", op_names[st->op]);
    }
    return true;
}

typedef struct {
    int start[4], nstart;
    int day_end, turn_end, reduced;
    int line, line_start, line_day, line_turn, line_reduced;
} Hooks;

static void read_hooks(IniDoc *doc, GameData *gd, Diags *d, Hooks *h)
{
    memset(h, 0, sizeof *h);
    IniSection *s = ini_section(doc, "hooks");
    if (!s) {
        diag_error(d, doc->file, 0, "missing [hooks] section (start, day_end, turn_end, reduced)");
        return;
    }
    h->line = s->line;
    IniKey *k = ini_key(s, "start");
    if (k) {
        k->used = true;
        h->line_start = k->line;
        char tok[16];
        for (const char *p = k->value; (p = ini_next_token(p, tok, sizeof tok, NULL)) && h->nstart < 4;)
            h->start[h->nstart++] = atoi(tok);
    }
    ini_get_int(doc, s, "day_end", true, 1, 999, &h->day_end, d);
    ini_get_int(doc, s, "turn_end", true, 1, 999, &h->turn_end, d);
    ini_get_int(doc, s, "reduced", true, 1, 999, &h->reduced, d);
    if (ini_key(s, "day_end"))
        h->line_day = ini_key(s, "day_end")->line;
    if (ini_key(s, "turn_end"))
        h->line_turn = ini_key(s, "turn_end")->line;
    if (ini_key(s, "reduced"))
        h->line_reduced = ini_key(s, "reduced")->line;
    AutomaData *a = &gd->automa;
    memcpy(a->hook_start, h->start, sizeof h->start);
    a->nhook_start = h->nstart;
    a->hook_day_end = h->day_end;
    a->hook_turn_end = h->turn_end;
    a->hook_reduced = h->reduced;
}

static void read_paragraph(IniDoc *doc, IniSection *s, GameData *gd, Diags *d)
{
    const char *id = ini_section_id(s, "para");
    s->used = true;
    int number;
    if (!id || strlen(id) != 3 || !parse_int(id, &number) || number < 0) {
        diag_error(d, doc->file, s->line, "[para:%s]: a paragraph is numbered with three digits, as [para:011]",
                   id ? id : "");
        ini_mark_all_used(doc);
        return;
    }
    if (data_paragraph(gd, number)) {
        diag_error(d, doc->file, s->line, "[para:%s] is defined twice", id);
        return;
    }
    Paragraph p;
    memset(&p, 0, sizeof p);
    p.number = number;
    p.line = s->line;
    const char *v;
    if (ini_get_str(doc, s, "title", true, &v, d))
        ini_copy(doc, ini_key(s, "title")->line, p.title, sizeof p.title, v, "title", d);
    if (ini_get_str(doc, s, "reader", true, &v, d)) {
        if (strcmp(v, "game") == 0)
            p.game_reader = true;
        else if (strcmp(v, "formation") != 0)
            diag_error(d, doc->file, ini_key(s, "reader")->line, "reader: formation or game, not '%s'", v);
    }
    if (ini_get_str(doc, s, "text", true, &v, d))
        p.text = strdup(v);
    /* do1..doN without gaps */
    int n = 0;
    for (int i = 0; i < s->nkeys; i++) {
        IniKey *k = &s->keys[i];
        int kk;
        if (strncmp(k->name, "do", 2) != 0 || !parse_int(k->name + 2, &kk) || kk < 1)
            continue;
        if (kk > n)
            n = kk;
    }
    if (n > PARA_MAX_STEPS) {
        diag_error(d, doc->file, s->line, "[para:%s] has %d steps; at most %d", id, n, PARA_MAX_STEPS);
        n = PARA_MAX_STEPS;
    }
    if (n == 0)
        diag_error(d, doc->file, s->line, "[para:%s] has no steps (do1, do2, ...)", id);
    p.nsteps = n;
    /* steps whose words are wrong: where they lead is unknown */
    bool broken[PARA_MAX_STEPS] = {false};
    for (int k = 1; k <= n; k++) {
        char key[16];
        snprintf(key, sizeof key, "do%d", k);
        IniKey *ik = ini_key(s, key);
        ParaStep *st = &p.step[k - 1];
        st->op = OP_END;
        if (!ik) {
            diag_error(d, doc->file, s->line, "[para:%s] has no do%d: the steps run do1..do%d without gaps", id, k, n);
            broken[k - 1] = true;
            continue;
        }
        ik->used = true;
        char buf[INI_LINE_MAX * 4 + 1];
        snprintf(buf, sizeof buf, "%s", ik->value);
        char *words[32];
        int nw = 0;
        char *save = NULL;
        for (char *t = strtok_r(buf, " \t", &save); t && nw < 32; t = strtok_r(NULL, " \t", &save))
            words[nw++] = t;
        char why[200];
        if (nw == 0)
            snprintf(why, sizeof why, "an empty instruction");
        if (nw == 0 || !parse_step(gd, words, nw, st, why, sizeof why)) {
            diag_error(d, doc->file, ik->line, "[para:%s] do%d: %s", id, k, why);
            st->op = OP_END;
            broken[k - 1] = true;
        }
        st->line = ik->line;
        /* branch targets: later steps of this paragraph */
        int targets[PARA_MAX_OUT + 2], nt = 0;
        if (st->op == OP_ROLL)
            for (int i = 0; i < st->nout; i++)
                targets[nt++] = st->to[i];
        if (st->op == OP_IF)
            targets[nt++] = st->yes, targets[nt++] = st->no;
        for (int i = 0; i < nt; i++)
            if (targets[i] <= k || targets[i] > n) {
                diag_error(d, doc->file, ik->line, "[para:%s] do%d: target %d must be a later step (do%d..do%d)", id,
                           k, targets[i], k + 1, n);
                st->op = OP_END;
                broken[k - 1] = true;
                break;
            }
    }
    for (int i = 0; i < s->nkeys; i++)
        if (!s->keys[i].used && strncmp(s->keys[i].name, "do", 2) == 0)
            s->keys[i].used = true, diag_error(d, doc->file, s->keys[i].line, "[para:%s]: '%s' is not a step name (do1, do2, ...)", id, s->keys[i].name);
    /* every step reachable from do1; no step falls off the end */
    bool reach[PARA_MAX_STEPS] = {false};
    if (n > 0)
        reach[0] = true;
    for (int k = 0; k < n; k++) {
        if (!reach[k])
            continue;
        const ParaStep *st = &p.step[k];
        if (broken[k]) { /* reported already: it may lead to any later step */
            for (int j = k + 1; j < n; j++)
                reach[j] = true;
            continue;
        }
        if (st->op == OP_ROLL)
            for (int i = 0; i < st->nout; i++)
                reach[st->to[i] - 1] = true;
        else if (st->op == OP_IF)
            reach[st->yes - 1] = reach[st->no - 1] = true;
        else if (!is_stop(st->op)) {
            if (k + 1 < n)
                reach[k + 1] = true;
            else
                diag_error(d, doc->file, st->line,
                           "[para:%s] do%d: falls off the end (the last step must be end, hold, wheel-enter or goto)", id,
                           k + 1);
        }
    }
    for (int k = 0; k < n; k++) /* each one: an author fixes them all in one go */
        if (!reach[k])
            diag_error(d, doc->file, p.step[k].line, "[para:%s] do%d can never be reached", id, k + 1);
    for (int k = 0; k < n; k++) {
        const ParaStep *st = &p.step[k];
        bool uses_self = ((st->op == OP_OBJECTIVE || st->op == OP_COMBAT || st->op == OP_DEPLOY) &&
                          st->target == TARGET_SELF) ||
                         (st->op == OP_IF && st->test == TEST_IS) || st->op == OP_HOLD || st->op == OP_WHEEL_ENTER;
        if (p.game_reader && uses_self)
            diag_error(d, doc->file, st->line, "[para:%s] do%d: '%s' in a paragraph with reader = game", id, k + 1,
                       op_names[st->op]);
        if (st->op == OP_WHEEL_ENTER && number != gd->automa.wheel.area)
            diag_error(d, doc->file, st->line, "[para:%s] do%d: wheel-enter belongs only in the wheel area's paragraph (%03d)",
                       id, k + 1, gd->automa.wheel.area);
    }
    if (!lu_append((void **)&gd->automa.paragraphs, &gd->automa.nparagraphs, sizeof p, &p))
        free(p.text);
}

/* Marks every paragraph reached from number (through goto) as reached. */
/* Marks the paragraph and every one its gotos lead to as read. */
static void mark_read(const GameData *gd, int number, bool *read)
{
    const Paragraph *p = data_paragraph(gd, number);
    if (!p || read[p - gd->automa.paragraphs])
        return;
    read[p - gd->automa.paragraphs] = true;
    for (int k = 0; k < p->nsteps; k++)
        if (p->step[k].op == OP_GOTO)
            mark_read(gd, p->step[k].para, read);
}

/* Whether every path from step k of p runs wheel-release before stopping
 * (goto followed). depth bounds the walk where the data has a loop. */
static bool releases(const GameData *gd, const Paragraph *p, int k, int depth)
{
    if (!p || depth > 64 || k < 0 || k >= p->nsteps)
        return false;
    const ParaStep *st = &p->step[k];
    switch (st->op) {
    case OP_WHEEL_RELEASE: return true;
    case OP_ROLL:
        for (int i = 0; i < st->nout; i++)
            if (!releases(gd, p, st->to[i] - 1, depth + 1))
                return false;
        return true;
    case OP_IF: return releases(gd, p, st->yes - 1, depth + 1) && releases(gd, p, st->no - 1, depth + 1);
    case OP_GOTO: return releases(gd, data_paragraph(gd, st->para), 0, depth + 1);
    case OP_END:
    case OP_HOLD:
    case OP_WHEEL_ENTER: return false;
    default: return releases(gd, p, k + 1, depth + 1);
    }
}

/* Depth-first over the goto graph: state 1 on the current path, 2 done. */
static bool goto_loop(const GameData *gd, int i, char *state, int *path, int depth, Diags *d, const char *file)
{
    const Paragraph *p = &gd->automa.paragraphs[i];
    if (depth >= PARA_MAX_STEPS * 4)
        return false;
    path[depth] = p->number;
    if (state[i] == 1) {
        char text[300] = "";
        int start = 0;
        while (path[start] != p->number)
            start++;
        for (int j = start; j <= depth; j++)
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%03d", j > start ? " -> " : "", path[j]);
        diag_error(d, file, p->line, "goto loop: %s", text);
        return true;
    }
    if (state[i] == 2)
        return false;
    state[i] = 1;
    for (int k = 0; k < p->nsteps; k++)
        if (p->step[k].op == OP_GOTO) {
            const Paragraph *t = data_paragraph(gd, p->step[k].para);
            if (t && goto_loop(gd, (int)(t - gd->automa.paragraphs), state, path, depth + 1, d, file))
                return true;
        }
    state[i] = 2;
    return false;
}

/* The number of paragraphs the longest goto chain from i reads (no loops:
 * checked before); memo[i] 0 when not yet known. */
static int chain_length(const GameData *gd, int i, int *memo)
{
    if (memo[i])
        return memo[i];
    memo[i] = 1; /* (guards a loop the earlier check would have caught) */
    const Paragraph *p = &gd->automa.paragraphs[i];
    int best = 0;
    for (int k = 0; k < p->nsteps; k++)
        if (p->step[k].op == OP_GOTO) {
            const Paragraph *t = data_paragraph(gd, p->step[k].para);
            int l = t ? chain_length(gd, (int)(t - gd->automa.paragraphs), memo) : 0;
            if (l > best)
                best = l;
        }
    memo[i] = 1 + best;
    return memo[i];
}

/* A place in the data that names a paragraph to read. */
typedef struct {
    int number;
    const char *file;
    int line;
    int reader;      /* 0 formation, 1 game, -1 either */
    bool wheel;      /* a wheel paragraph: must release the wheel on every path */
    const char *what;
} Root;

static void check_paragraphs(IniDoc *doc, GameData *gd, Diags *d, const Hooks *h)
{
    AutomaData *a = &gd->automa;
    int np = a->nparagraphs;
    /* references */
    for (int i = 0; i < np; i++) {
        const Paragraph *p = &a->paragraphs[i];
        for (int k = 0; k < p->nsteps; k++)
            if (p->step[k].op == OP_GOTO) {
                const Paragraph *t = data_paragraph(gd, p->step[k].para);
                if (!t)
                    diag_error(d, doc->file, p->step[k].line, "[para:%03d] do%d: goto %03d: no such paragraph",
                               p->number, k + 1, p->step[k].para);
                else if (t->number == a->wheel.area)
                    diag_error(d, doc->file, p->step[k].line,
                               "[para:%03d] do%d: goto %03d: the wheel area's paragraph is read only on arrival there",
                               p->number, k + 1, t->number);
                else if (t->game_reader != p->game_reader)
                    diag_error(d, doc->file, p->step[k].line, "[para:%03d] do%d: goto %03d: its reader is %s, not %s",
                               p->number, k + 1, t->number, t->game_reader ? "game" : "formation",
                               p->game_reader ? "game" : "formation");
            }
    }
    /* goto cycles */
    char *state = calloc((size_t)np + 1, 1);
    int path[PARA_MAX_STEPS * 4];
    for (int i = 0; state && i < np; i++)
        if (!state[i] && goto_loop(gd, i, state, path, 0, d, doc->file)) {
            free(state);
            return; /* the walks below assume no loop */
        }
    free(state);
    /* goto chains: the game follows at most PARA_MAX_HOPS paragraphs in one reading */
    int *memo = calloc((size_t)np + 1, sizeof *memo);
    for (int i = 0; memo && i < np; i++) {
        int l = chain_length(gd, i, memo);
        if (l > PARA_MAX_HOPS) {
            diag_error(d, doc->file, a->paragraphs[i].line,
                       "[para:%03d]: its goto chain reads %d paragraphs; the game follows at most %d in one reading",
                       a->paragraphs[i].number, l, PARA_MAX_HOPS);
            break;
        }
    }
    free(memo);
    /* roots: each must name a paragraph of the right reader */
    bool *read = calloc((size_t)np + 1, sizeof *read);
    if (!read)
        return;
    const char *wf = "config/wheel.ini", *tf = "config/activation-track.ini";
    const Wheel *w = &a->wheel;
    Root roots[64];
    int nr = 0;
    for (int i = 0; i < h->nstart; i++)
        roots[nr++] = (Root){h->start[i], doc->file, h->line_start, -1, false, "hooks start"};
    roots[nr++] = (Root){h->day_end, doc->file, h->line_day, 1, false, "hooks day_end"};
    roots[nr++] = (Root){h->turn_end, doc->file, h->line_turn, 1, false, "hooks turn_end"};
    roots[nr++] = (Root){h->reduced, doc->file, h->line_reduced, 0, false, "hooks reduced"};
    if (w->arrival_paragraph)
        roots[nr++] = (Root){w->arrival_paragraph, wf, w->line_arrival, 0, true, "the wheel's arrival_paragraph"};
    for (int sl = 1; sl <= w->slots && nr < 60; sl++)
        for (int att = 0; att < 2; att++)
            if (w->slot[sl].trigger[att] && (att == 0 || w->slot[sl].trigger[1] != w->slot[sl].trigger[0]))
                roots[nr++] = (Root){w->slot[sl].trigger[att], wf, w->line_trigger[sl], 0, true, "a wheel slot trigger"};
    for (int m = 0; m < a->track.nturn_markers; m++)
        for (int r = 0; r < a->track.turn_markers[m].nroll && nr < 64; r++)
            roots[nr++] = (Root){a->track.turn_markers[m].roll_para[r], tf, 0, 1, false, "Objective X's roll"};
    for (int r = 0; r < nr; r++) {
        const Root *rt = &roots[r];
        if (rt->number == 0)
            continue; /* a hook left out: already reported */
        const Paragraph *p = data_paragraph(gd, rt->number);
        if (!p) {
            diag_error(d, rt->file, rt->line, "%s names paragraph %03d, which is not in %s", rt->what, rt->number,
                       doc->file);
            continue;
        }
        if (rt->reader >= 0 && p->game_reader != (rt->reader == 1))
            diag_error(d, rt->file, rt->line, "%s names paragraph %03d, whose reader must be %s", rt->what, p->number,
                       rt->reader ? "game" : "formation");
        if (rt->wheel && is_area(gd, p->number))
            diag_error(d, rt->file, rt->line, "%s names paragraph %03d, which is a strategy-map area's paragraph",
                       rt->what, p->number);
        if (rt->wheel && !releases(gd, p, 0, 0))
            diag_error(d, rt->file, rt->line, "paragraph %03d (%s) does not run wheel-release on every path",
                       p->number, rt->what);
        mark_read(gd, p->number, read);
    }
    for (int i = 0; i < gd->nareas; i++) {
        const Paragraph *p = data_paragraph(gd, gd->areas[i].number);
        if (!p) {
            diag_error(d, doc->file, h->line, "strategy-map area %03d (%s) has no paragraph [para:%03d]",
                       gd->areas[i].number, gd->areas[i].name, gd->areas[i].number);
            continue;
        }
        if (p->game_reader)
            diag_error(d, doc->file, p->line, "[para:%03d] is area %s's location paragraph: its reader is formation",
                       p->number, gd->areas[i].name);
        mark_read(gd, p->number, read);
        /* a location paragraph never gives self its own area */
        for (int k = 0; k < p->nsteps; k++)
            if (p->step[k].op == OP_OBJECTIVE && p->step[k].target == TARGET_SELF && p->step[k].area == p->number)
                diag_error(d, doc->file, p->step[k].line,
                           "[para:%03d] do%d: a location paragraph gives the reader an objective in its own area %03d",
                           p->number, k + 1, p->number);
    }
    /* (a goto keeps the reader: checked with the references above) */
    for (int i = 0; i < np; i++)
        if (!read[i])
            diag_error(d, doc->file, a->paragraphs[i].line,
                       "[para:%03d] is never read: no hook, area, wheel slot or goto leads to it",
                       a->paragraphs[i].number);
    free(read);
}

static void paragraphs_file(IniDoc *doc, void *arg)
{
    GameData *gd = ((LoadCtx *)arg)->gd;
    Diags *d = ((LoadCtx *)arg)->d;
    Hooks h;
    read_hooks(doc, gd, d, &h);
    for (int i = 0; i < doc->nsections; i++)
        if (ini_section_id(&doc->sections[i], "para"))
            read_paragraph(doc, &doc->sections[i], gd, d);
    check_paragraphs(doc, gd, d, &h);
}

bool load_paragraphs(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, paragraphs_file, &c);
}
