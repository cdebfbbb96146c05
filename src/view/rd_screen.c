/* The Red Die of Courage's screen as text: see rd_screen.h. */
#include "view/rd_screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

static const char cell_glyphs[RD_NCELL_KINDS] = {
    [RD_OPEN] = '.',  [RD_WOODS] = ':',    [RD_DENSE_WOODS] = '%', [RD_BUSH] = '"', [RD_MARSH] = '~',
    [RD_ROUGH] = ',', [RD_BUILDING] = '#', [RD_ROCKS] = '^',       [RD_ROAD] = '='};
static const char edge_glyphs[RD_NEDGE_KINDS] = {[RD_NO_EDGE] = ' ', [RD_FENCE] = '+',  [RD_WALL] = '&',
                                                 [RD_HEDGE] = '$',   [RD_STREAM] = '/', [RD_TRENCH] = '[',
                                                 [RD_TREE_ROW] = '!'};
static const unsigned char cell_styles[RD_NCELL_KINDS] = {
    [RD_OPEN] = RDS_OPEN,   [RD_WOODS] = RDS_WOODS,       [RD_DENSE_WOODS] = RDS_WOODS, [RD_BUSH] = RDS_WOODS,
    [RD_MARSH] = RDS_WET,   [RD_ROUGH] = RDS_ROUGH,       [RD_BUILDING] = RDS_BUILDING, [RD_ROCKS] = RDS_ROUGH,
    [RD_ROAD] = RDS_ROAD};

char rd_cell_glyph(int kind) { return kind >= 0 && kind < RD_NCELL_KINDS ? cell_glyphs[kind] : '?'; }
char rd_edge_glyph(int kind) { return kind >= 0 && kind < RD_NEDGE_KINDS ? edge_glyphs[kind] : '?'; }

void rd_marks_none(RdMarks *m) { *m = (RdMarks){-1, -1, -1, -1, NULL}; }

char rd_squad_letter(const RdGame *g, int squad)
{
    if (squad < 0 || squad >= g->nsquads)
        return '?';
    int k = 0, side = g->squads[squad].side;
    for (int q = 0; q < squad; q++)
        k += g->squads[q].side == side;
    int first = side == RD_UNION ? 'A' : 'N';
    return k < 13 ? (char)(first + k) : '?';
}

char rd_soldier_glyph(const RdGame *g, int soldier, bool *hurt)
{
    const RdSoldier *s = &g->soldiers[soldier];
    if (hurt)
        *hurt = s->wound == RD_LIGHT && !s->prone;
    if (s->wound == RD_BAD)
        return '-';
    if (s->prone)
        return '_';
    char c = rd_squad_letter(g, s->squad);
    return s->leader || c == '?' ? c : (char)(c - 'A' + 'a');
}

/* The cells from a to b (both ends left out), as the line between their centres. */
static int line_cells(RdCell a, RdCell b, RdCell *out, int max)
{
    int dx = abs(b.col - a.col), dy = -abs(b.row - a.row), sx = a.col < b.col ? 1 : -1, sy = a.row < b.row ? 1 : -1;
    int err = dx + dy, x = a.col, y = a.row, n = 0;
    for (;;) {
        if (x == b.col && y == b.row)
            break;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        if ((x != b.col || y != b.row) && n < max)
            out[n++] = (RdCell){(int8_t)x, (int8_t)y};
    }
    return n;
}

void rd_map_grid(RdMapGrid *m, const RdGame *g, const RdMarks *marks)
{
    const RdField *f = g->field;
    RdMarks none;
    if (!marks) {
        rd_marks_none(&none);
        marks = &none;
    }
    m->w = f->w;
    m->h = f->h;
    for (int r = 0; r < f->h; r++)
        for (int c = 0; c < f->w; c++) {
            int k = f->cell[r][c], e = f->edge_e[r][c] ? f->edge_e[r][c] : f->edge_s[r][c];
            m->ch[r][c] = e ? rd_edge_glyph(e) : rd_cell_glyph(k);
            m->st[r][c] = e ? RDS_EDGE : k < RD_NCELL_KINDS ? cell_styles[k] : RDS_OPEN;
            if (marks->dest && marks->dest[r][c])
                m->st[r][c] = RDS_DEST;
        }
    for (int o = 0; o < f->nobjectives; o++) {
        const RdObjective *ob = &f->objectives[o];
        if (ob->row >= 0 && ob->row < f->h && ob->col >= 0 && ob->col < f->w) {
            m->ch[ob->row][ob->col] = '@';
            m->st[ob->row][ob->col] = RDS_OBJECTIVE;
        }
    }
    if (marks->squad >= 0 && marks->target >= 0) {
        int a = rd_leader(g, marks->squad), b = rd_leader(g, marks->target);
        if (a >= 0 && b >= 0) {
            RdCell cells[RD_MAX_W + RD_MAX_H];
            int n = line_cells(rd_soldier_cell(g, a), rd_soldier_cell(g, b), cells, RD_MAX_W + RD_MAX_H);
            bool clear = rd_sees(f, g->rules, rd_soldier_cell(g, a), rd_soldier_cell(g, b));
            for (int i = 0; i < n; i++) {
                m->ch[cells[i].row][cells[i].col] = '*';
                m->st[cells[i].row][cells[i].col] = clear ? RDS_LOF : RDS_BLOCKED;
            }
        }
    }
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->where != RD_ON_TABLE || s->row < 0 || s->row >= f->h || s->col < 0 || s->col >= f->w)
            continue;
        bool hurt;
        m->ch[s->row][s->col] = rd_soldier_glyph(g, i, &hurt);
        int side = g->squads[s->squad].side;
        int st = side == RD_UNION ? (hurt ? RDS_UNION_HURT : RDS_UNION) : (hurt ? RDS_CONFED_HURT : RDS_CONFED);
        if (s->squad == marks->squad)
            st = RDS_PICK;
        else if (s->squad == marks->target)
            st = RDS_TARGET;
        m->st[s->row][s->col] = (unsigned char)st;
    }
    if (marks->row >= 0 && marks->row < f->h && marks->col >= 0 && marks->col < f->w)
        m->st[marks->row][marks->col] = RDS_CURSOR;
}

/* ---- the odds ---------------------------------------------------------------- */

bool rd_odds(const RdGame *g, const RdDecision *d, RdOdds *o)
{
    memset(o, 0, sizeof *o);
    bool rolls = d->kind == RD_D_MOVE || d->kind == RD_D_FIRE || d->kind == RD_D_ASSAULT || d->kind == RD_D_RALLY ||
                 (d->kind == RD_D_DEFEND && d->dice > 0);
    if (!rolls)
        return false;
    o->pool = rd_pool(g, d, &o->red);
    o->dice = d->kind == RD_D_RALLY && d->squad >= 0 ? rd_on_table(g, d->squad) : d->dice;
    o->repeat = o->pool - o->dice - o->red;
    o->needed = rd_needed(g, d);
    RdChances c;
    rd_chances(g->rules, o->pool - o->red, o->red, &c);
    o->fiasco = c.fiasco;
    o->disaster = c.disaster;
    o->heroic = rd_roll_heroic_allowed(g, d) ? c.heroic : 0.0;
    o->success = o->needed < 0 || o->needed > o->pool ? 0.0 : c.at_least[o->needed];
    int faces = 0; /* each red die's face that makes a man of the squad run (activation.c) */
    for (int f = 0; f < 6; f++)
        faces += g->rules->red_die.row[f].effect == RD_FX_SKEDADDLE;
    /* X of the red dice show such a face, X binomial (red, q); at most the squad's men run */
    int squad = d->kind == RD_D_DEFEND ? g->act.target : d->squad, men = squad >= 0 ? rd_on_table(g, squad) : 0;
    double q = faces / 6.0, choose = 1.0;
    o->run_off = 0.0;
    for (int k = 1; k <= o->red; k++) {
        choose = choose * (o->red - k + 1) / k; /* C(red, k) */
        o->run_off += choose * pow(q, k) * pow(1.0 - q, o->red - k) * (k < men ? k : men);
    }
    o->run_any = men > 0 ? 1.0 - pow(1.0 - q, o->red) : 0.0;
    return true;
}

/* "52%", "<1%" (a chance there is, however small), "0%". */
static const char *percent(double p, char *buf)
{
    int v = (int)(p * 100 + 0.5);
    if (v == 0 && p > 0)
        snprintf(buf, 8, "<1%%");
    else if (v == 100 && p < 1)
        snprintf(buf, 8, ">99%%");
    else
        snprintf(buf, 8, "%d%%", v);
    return buf;
}

void rd_odds_text(const RdOdds *o, int width, char *buf, size_t n)
{
    char pool[80];
    int l = snprintf(pool, sizeof pool, "%d dice", o->dice);
    if (o->repeat)
        l += snprintf(pool + l, sizeof pool - (size_t)l, " + %d repeat", o->repeat);
    if (o->red)
        l += snprintf(pool + l, sizeof pool - (size_t)l, " + %d red", o->red);
    if (o->repeat || o->red)
        snprintf(pool + l, sizeof pool - (size_t)l, " = %d", o->pool);
    char need[60];
    if (o->needed < 0)
        snprintf(need, sizeof need, "out of reach");
    else if (o->needed == 0)
        snprintf(need, sizeof need, "no fiasco");
    else
        snprintf(need, sizeof need, "need %d", o->needed);
    char a[8], b[8], c[8], h[24] = "", hp[8], run[40] = "", rp[8];
    if (o->red > 0 && o->heroic > 0)
        snprintf(h, sizeof h, ", %s heroic", percent(o->heroic, hp));
    if (o->run_off >= 1.5)
        snprintf(run, sizeof run, ", ~%d run off", (int)(o->run_off + 0.5));
    else if (o->run_any > 0)
        snprintf(run, sizeof run, ", %s a man runs off", percent(o->run_any, rp));
    snprintf(buf, n, "%s: %s: %s success, %s fiasco, %s disaster%s%s", pool, need, percent(o->success, a),
             percent(o->fiasco, b), percent(o->disaster, c), h, run);
    if (width <= 0 || (int)strlen(buf) <= width)
        return;
    if (o->run_off >= 1.5)
        snprintf(run, sizeof run, ", ~%d run", (int)(o->run_off + 0.5));
    else if (o->run_any > 0)
        snprintf(run, sizeof run, ", %s one runs", percent(o->run_any, rp));
    snprintf(buf, n, "%d dice, %s: %s ok, %s fiasco, %s disaster%s%s", o->pool, need, percent(o->success, a),
             percent(o->fiasco, b), percent(o->disaster, c), h, run);
    rd_fit(buf, n, width);
}

/* Replaces the first `from` in s (size n) by `to`; false when there is none. */
static bool replace_first(char *s, size_t n, const char *from, const char *to)
{
    char *at = strstr(s, from);
    if (!at)
        return false;
    size_t lf = strlen(from), lt = strlen(to), rest = strlen(at + lf);
    if (lt > lf && strlen(s) + lt - lf >= n)
        return false;
    memmove(at + lt, at + lf, rest + 1);
    memcpy(at, to, lt);
    return true;
}

void rd_fit(char *s, size_t n, int width)
{
    /* steps in order; a step's words all give way together, so that a line never reads
     * "1 activation, CSA 4 acts" */
    static const char *const steps[][3][2] = {
        {{"; L: the log", ""}},
        {{" between the leaders", ""}, {" from the leader", ""}},
        {{"  ", " "}},
        {{" range)", ")"}},
        {{" successes", " succ."}},
        {{"Confederates", "CSA"}, {"Confederate", "CSA"}},
        {{" activations", " acts"}, {" activation", " act"}},
        {{"points ", "VP "}},
        {{" initiative", " init."}},
    };
    for (size_t k = 0; k < sizeof steps / sizeof *steps && (int)strlen(s) > width; k++)
        for (int w = 0; w < 3 && steps[k][w][0]; w++)
            while (replace_first(s, n, steps[k][w][0], steps[k][w][1]))
                ;
    if (width >= 1 && (int)strlen(s) > width && (size_t)width < n) {
        s[width - 1] = '~';
        s[width] = '\0';
    }
}

void rd_target_text(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    buf[0] = '\0';
    if ((d->kind != RD_D_FIRE && d->kind != RD_D_ASSAULT) || d->squad < 0 || d->target < 0)
        return;
    char name[64];
    rd_squad_name(g, d->target, name, sizeof name);
    const RdRules *r = g->rules;
    /* the measures the rules take (fire.c, assault.c), not the screen's own */
    if (d->kind == RD_D_ASSAULT) {
        int mm = rd_assault_reach_mm(g, d->squad, d->target);
        snprintf(buf, n, "%c %s at %d.%d cm from the leader (assault up to %d cm)", rd_squad_letter(g, d->target), name,
                 mm / 10, mm % 10, r->assault_mm / 10);
        return;
    }
    int mm = rd_leaders_mm(g, d->squad, d->target), b = rd_fire_band(g, d->squad, d->target);
    const char *band = b == RD_SHORT ? "short" : b == RD_MEDIUM ? "medium" : b == RD_LONG ? "long" : "out of";
    int c = rd_fire_cover(g, d->squad, d->target), mod = rd_fire_modifier(g, d->squad, d->target);
    const char *cover = c == RD_COVER_HEAVY ? "heavy" : c == RD_COVER_LIGHT ? "light" : "none";
    char why[160];
    const char *no = rd_fire_refusal(g, d->squad, d->target, why, sizeof why);
    if (mod == RD_OUT_OF_RANGE)
        snprintf(buf, n, "%c %s at %d.%d cm between the leaders (out of range); line of fire: %s",
                 rd_squad_letter(g, d->target), name, mm / 10, mm % 10, no ? no : "yes");
    else
        snprintf(buf, n, "%c %s at %d.%d cm between the leaders (%s range), cover %s, %+d success%s; line of fire: %s",
                 rd_squad_letter(g, d->target), name, mm / 10, mm % 10, band, cover, mod,
                 mod == 1 || mod == -1 ? "" : "es", no ? no : "yes");
}

/* ---- words -------------------------------------------------------------------- */

void rd_status_text(const RdGame *g, char *buf, size_t n)
{
    int pts[RD_SIDES];
    rd_points(g, pts);
    snprintf(buf, n, "%s  pass %d/%d  %s initiative  red U%d C%d  points U%d C%d", g->field->name, g->passes,
             g->field->length, g->initiative == RD_UNION ? "Union" : "Confederate", g->red[RD_UNION],
             g->red[RD_CONFEDERATE], pts[RD_UNION], pts[RD_CONFEDERATE]);
}

void rd_question_text(const RdGame *g, char *buf, size_t n)
{
    int side = rd_to_move(g);
    const char *who = rd_side_name(side);
    char sq[64];
    rd_squad_name(g, g->act.squad, sq, sizeof sq);
    switch (g->stage) {
    case RD_ST_ACTIVATE:
        snprintf(buf, n, "%s: activate a squad (choose it, its action, the dice)", who);
        break;
    case RD_ST_LOSS: {
        char hit[64];
        rd_squad_name(g, g->act.hit_squad, hit, sizeof hit);
        snprintf(buf, n, "%s: %d hit%s on %c %s: who takes the next?", who, g->act.hits, g->act.hits == 1 ? "" : "s",
                 rd_squad_letter(g, g->act.hit_squad), hit);
        break;
    }
    case RD_ST_DEFEND:
        snprintf(buf, n, "%s: %c %s assaults you: fire in defence (how many dice) or hold", who,
                 rd_squad_letter(g, g->act.squad), sq);
        break;
    case RD_ST_HEROIC_MOVE:
        snprintf(buf, n, "%s: Enterprising! %c %s may move %d cm free, or pass", who, rd_squad_letter(g, g->act.squad),
                 sq, g->act.free_mm / 10);
        break;
    case RD_ST_HEROIC_FIRE:
        snprintf(buf, n, "%s: Fire at will! %c %s may fire again, or pass", who, rd_squad_letter(g, g->act.squad), sq);
        break;
    default:
        snprintf(buf, n, "the game is over");
    }
}

void rd_decision_words(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    char a[64], b[64];
    rd_squad_name(g, d->squad, a, sizeof a);
    char la = rd_squad_letter(g, d->squad);
    switch (d->kind) {
    case RD_D_MOVE:
        snprintf(buf, n, "%c %s: move to %d,%d%s", la, a, d->col, d->row, d->line ? " in line" : "");
        break;
    case RD_D_FIRE:
    case RD_D_ASSAULT:
        rd_squad_name(g, d->target, b, sizeof b);
        snprintf(buf, n, "%c %s: %s %c %s", la, a, d->kind == RD_D_FIRE ? "fire at" : "assault",
                 rd_squad_letter(g, d->target), b);
        break;
    case RD_D_RALLY:
        snprintf(buf, n, "%c %s: rally (initiative passes)", la, a);
        break;
    case RD_D_ESCORT:
        snprintf(buf, n, "%c %s: a man takes a badly wounded to the rear (no roll)", la, a);
        break;
    case RD_D_LEAVE:
        snprintf(buf, n, "%c %s: leave the badly wounded on the spot (no roll)", la, a);
        break;
    case RD_D_LOSS: {
        rd_soldier_name(g, d->target, b, sizeof b);
        const RdSoldier *s = d->target >= 0 && d->target < g->nsoldiers ? &g->soldiers[d->target] : NULL;
        snprintf(buf, n, "%s takes it%s%s", b, s && s->leader ? " (the leader)" : "",
                 s && s->wound == RD_LIGHT ? " (lightly wounded)" : "");
        break;
    }
    case RD_D_DEFEND:
        snprintf(buf, n, d->dice ? "fire in defence" : "hold fire");
        break;
    case RD_D_ADVANCE:
        snprintf(buf, n, "advance to %d,%d", d->col, d->row);
        break;
    case RD_D_PASS:
        snprintf(buf, n, "pass");
        break;
    default:
        rd_decision_format(g, d, buf, n);
    }
}

void rd_squad_line(const RdGame *g, int squad, char *buf, size_t n)
{
    char name[64];
    rd_squad_name(g, squad, name, sizeof name);
    int on = 0, total = 0, light = 0, bad = 0, down = 0, off[7] = {0};
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->squad != squad)
            continue;
        total++;
        if (s->where == RD_ON_TABLE) {
            on++;
            light += s->wound == RD_LIGHT;
            bad += s->wound == RD_BAD;
            down += s->prone != 0;
        } else if (s->where >= 0 && s->where < 7)
            off[s->where]++;
    }
    const RdSquad *q = &g->squads[squad];
    const char *qual = q->quality >= 1 && q->quality < RD_MAX_QUALITY ? g->rules->quality_name[q->quality] : "?";
    int l = snprintf(buf, n, "%c %s %.3s %d/%d", rd_squad_letter(g, squad), name, qual, on, total);
    static const char *const offw[7] = {"", "dead", "fled", "routed", "pris", "escort", "rear"};
    if (light)
        l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, " %dlt", light);
    if (down)
        l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, " %ddown", down);
    if (bad)
        l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, " %dbad", bad);
    for (int w = 1; w < 7; w++)
        if (off[w])
            l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, " %d%s", off[w], offw[w]);
    if (q->routed)
        l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, " ROUTED");
    else if (g->passes < q->pinned_until)
        l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, " confused");
    if (q->line && l >= 0)
        snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, " line");
}

void rd_cell_text(const RdGame *g, int col, int row, char *buf, size_t n)
{
    const RdField *f = g->field;
    if (col < 0 || row < 0 || col >= f->w || row >= f->h) {
        snprintf(buf, n, "off the field");
        return;
    }
    int l = snprintf(buf, n, "%d,%d %s", col, row, g->rules->cell[f->cell[row][col]].name);
    if (f->edge_e[row][col])
        l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, ", %s to the east",
                      g->rules->edge[f->edge_e[row][col]].name);
    if (f->edge_s[row][col])
        l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, ", %s to the south",
                      g->rules->edge[f->edge_s[row][col]].name);
    for (int o = 0; o < f->nobjectives; o++)
        if (f->objectives[o].col == col && f->objectives[o].row == row)
            l += snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, ", objective %s (%d points)",
                          f->objectives[o].name, f->objectives[o].points);
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->where != RD_ON_TABLE || s->col != col || s->row != row)
            continue;
        char name[64];
        rd_soldier_name(g, i, name, sizeof name);
        snprintf(buf + l, n > (size_t)l ? n - (size_t)l : 0, ": %s%s%s%s%s", name, s->leader ? ", leader" : "",
                 s->wound == RD_LIGHT ? ", lightly wounded" : s->wound == RD_BAD ? ", badly wounded" : "",
                 s->prone ? ", down" : "", g->squads[s->squad].side == RD_UNION ? " (Union)" : " (Confederate)");
    }
}

int rd_view_origin(int from, int focus, int size, int view)
{
    if (size <= view)
        return 0;
    int o = from;
    int margin = view >= 12 ? 3 : 0;
    if (focus < o + margin)
        o = focus - margin;
    if (focus >= o + view - margin)
        o = focus - view + margin + 1;
    if (o > size - view)
        o = size - view;
    return o < 0 ? 0 : o;
}

const char *const *rd_symbol_lines(void)
{
    static const char *const lines[] = {
        "The field (a character a cell of 2.5 cm; north at the top):",
        " . open  = road  : woods  % dense woods  \" bush  ~ marsh  , rough",
        " # building  ^ rocks  @ an objective's centre",
        "Obstacles along a cell's east or south side:",
        " + fence  & wall  $ hedge  / stream  [ trench  ! row of trees",
        "Soldiers: the squad's letter, Union a-m, Confederates n-z; the leader",
        " in capitals (A), his men small (a); underlined: lightly wounded;",
        " _ a man down (lightly wounded, prone); - badly wounded. The dead, the",
        " fled, prisoners, escorts and the wounded gone to the rear are counted",
        " in the list of squads (1dead 2fled 1pris 1escort 1rear).",
        "Aiming: * the line of fire between the leaders (lit red: blocked).",
        NULL};
    return lines;
}
