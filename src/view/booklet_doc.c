/* The Choices Booklet as a document: see booklet_doc.h.
 *
 * One set of calls writes both forms: headings, paragraphs, tables and
 * lists go through the small writer below, which word-wraps cells for the
 * text form and writes tags for the HTML form. Every paragraph number in
 * the words ("[011]") becomes a link to that paragraph in HTML. */
#include "view/booklet_doc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"

#define TEXT_WIDTH 78
#define MAX_COLS 8

/* ---- the writer --------------------------------------------------------- */

typedef struct {
    const GameData *gd;
    FILE *out;
    bool html;
    bool list_numbered;
    int ncols;
    int width[MAX_COLS];
} Doc;

/* A growing string. */
typedef struct {
    char *s;
    size_t len, cap;
} Str;

static void str_vadd(Str *b, const char *fmt, va_list ap)
{
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n <= 0)
        return;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 128;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s)
            return;
        b->s = s;
        b->cap = cap;
    }
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

static void __attribute__((format(printf, 2, 3))) str_add(Str *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    str_vadd(b, fmt, ap);
    va_end(ap);
}

static const char *str_get(const Str *b) { return b->s ? b->s : ""; }

static void str_free(Str *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}

/* Appends to a fixed buffer, cutting what does not fit. */
static void __attribute__((format(printf, 3, 4))) app(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

static void raw(Doc *d, const char *s) { fputs(s, d->out); }

/* Text as it reads: in HTML escaped, and with each [NNN] naming a
 * paragraph made a link to it when links is true. */
static void put_words(Doc *d, const char *s, bool links)
{
    if (!d->html) {
        fputs(s, d->out);
        return;
    }
    for (; *s; s++) {
        if (links && s[0] == '[' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9' && s[3] >= '0' &&
            s[3] <= '9' && s[4] == ']') {
            int n = (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
            if (data_paragraph(d->gd, n)) {
                fprintf(d->out, "<a href=\"#p%03d\">[%03d]</a>", n, n);
                s += 4;
                continue;
            }
        }
        switch (*s) {
        case '&': fputs("&amp;", d->out); break;
        case '<': fputs("&lt;", d->out); break;
        case '>': fputs("&gt;", d->out); break;
        case '"': fputs("&quot;", d->out); break;
        default: fputc(*s, d->out);
        }
    }
}

/* Columns a string takes (UTF-8 continuation bytes take none). */
static int columns(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n && s[i]; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* The next line of at most w columns from *p, broken at a space (or inside
 * a longer word, or at a newline), into out. False when nothing is left. */
static bool next_line(const char **p, int w, char *out, size_t size)
{
    const char *s = *p;
    while (*s == ' ')
        s++;
    if (!*s) {
        *p = s;
        return false;
    }
    const char *q = s, *brk = NULL;
    int cols = 0;
    while (*q && *q != '\n') {
        if (((unsigned char)*q & 0xC0) != 0x80) {
            if (*q == ' ')
                brk = q;
            if (cols == w)
                break;
            cols++;
        }
        q++;
    }
    const char *end, *next;
    if (!*q || *q == '\n') { /* the rest of the line fits */
        end = q;
        next = *q ? q + 1 : q;
    } else if (brk) { /* break at the last space that fits */
        end = brk;
        next = brk + 1;
    } else { /* a word longer than the line: cut it */
        end = q;
        next = q;
    }
    size_t n = (size_t)(end - s);
    if (n >= size)
        n = size - 1;
    memcpy(out, s, n);
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    *p = next;
    return true;
}

/* Text wrapped to the width: the first line after `first`, the others
 * indented as far. */
static void text_wrap(Doc *d, const char *first, const char *s)
{
    int indent = columns(first, strlen(first));
    int w = TEXT_WIDTH - indent;
    if (w < 20)
        w = 20;
    char line[TEXT_WIDTH * 4 + 8];
    bool any = false;
    while (next_line(&s, w, line, sizeof line)) {
        fprintf(d->out, "%*s%s\n", any ? indent : 0, any ? "" : first, line);
        any = true;
    }
    if (!any)
        fprintf(d->out, "%s\n", first);
}

static char *vformat(const char *fmt, va_list ap)
{
    Str b = {0};
    str_vadd(&b, fmt, ap);
    if (!b.s)
        b.s = calloc(1, 1);
    return b.s;
}

static void __attribute__((format(printf, 4, 5))) heading(Doc *d, int level, const char *id, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    if (!s)
        return;
    if (d->html) {
        fprintf(d->out, "<h%d%s%s%s>", level, id ? " id=\"" : "", id ? id : "", id ? "\"" : "");
        put_words(d, s, false);
        fprintf(d->out, "</h%d>\n", level);
    } else {
        int n = columns(s, strlen(s));
        fprintf(d->out, "\n%s\n", s);
        if (level <= 2) {
            for (int i = 0; i < n && i < TEXT_WIDTH; i++)
                fputc(level == 1 ? '=' : '-', d->out);
            fputc('\n', d->out);
        }
        fputc('\n', d->out);
    }
    free(s);
}

/* A paragraph of words; cls an HTML class or NULL. */
static void __attribute__((format(printf, 3, 4))) para(Doc *d, const char *cls, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    if (!s)
        return;
    if (d->html) {
        fprintf(d->out, "<p%s%s%s>", cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
        put_words(d, s, true);
        raw(d, "</p>\n");
    } else {
        text_wrap(d, "", s);
        fputc('\n', d->out);
    }
    free(s);
}

/* A labelled line ("Read: ..."): the label set apart in HTML. */
static void labelled(Doc *d, const char *label, const char *s)
{
    if (d->html) {
        fprintf(d->out, "<p class=\"meta\"><b>%s:</b> ", label);
        put_words(d, s, true);
        raw(d, "</p>\n");
    } else {
        char first[64];
        snprintf(first, sizeof first, "%s: ", label);
        text_wrap(d, first, s);
    }
}

/* One printed line of a table row: each column's next piece of text (p[c],
 * moved on past it) padded to the column's width, the spaces at the end cut;
 * false when no column had any text left. */
static bool row_line(const Doc *d, const char **p, char *line, size_t size)
{
    bool any = false;
    line[0] = '\0';
    for (int c = 0; c < d->ncols; c++) {
        char seg[TEXT_WIDTH * 4 + 8] = "";
        any |= next_line(&p[c], d->width[c], seg, sizeof seg);
        app(line, size, "%s%-*s", c ? "  " : "", d->width[c] + (int)strlen(seg) - columns(seg, strlen(seg)), seg);
    }
    size_t n = strlen(line);
    while (n > 0 && line[n - 1] == ' ')
        line[--n] = '\0';
    return any;
}

static void table_begin(Doc *d, const char *cls, int ncols, const int *widths, const char *const *headers)
{
    d->ncols = ncols < MAX_COLS ? ncols : MAX_COLS;
    for (int c = 0; c < d->ncols; c++)
        d->width[c] = widths[c];
    if (d->html) {
        fprintf(d->out, "<table%s%s%s>\n", cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
        if (headers) {
            raw(d, "<thead><tr>");
            for (int c = 0; c < d->ncols; c++) {
                raw(d, "<th>");
                put_words(d, headers[c], true);
                raw(d, "</th>");
            }
            raw(d, "</tr></thead>\n");
        }
        raw(d, "<tbody>\n");
        return;
    }
    if (!headers)
        return;
    const char *h[MAX_COLS];
    for (int c = 0; c < d->ncols; c++)
        h[c] = headers[c];
    /* the header row, then a rule under each column */
    char line[TEXT_WIDTH * 8];
    while (row_line(d, h, line, sizeof line))
        fprintf(d->out, "%s\n", line);
    line[0] = '\0';
    for (int c = 0; c < d->ncols; c++) {
        app(line, sizeof line, "%s", c ? "  " : "");
        for (int i = 0; i < d->width[c]; i++)
            app(line, sizeof line, "-");
    }
    fprintf(d->out, "%s\n", line);
}

static void table_row(Doc *d, const char *const *cells)
{
    if (d->html) {
        raw(d, "<tr>");
        for (int c = 0; c < d->ncols; c++) {
            raw(d, c == 0 ? "<th scope=\"row\">" : "<td>");
            put_words(d, cells[c] ? cells[c] : "", true);
            raw(d, c == 0 ? "</th>" : "</td>");
        }
        raw(d, "</tr>\n");
        return;
    }
    const char *p[MAX_COLS];
    for (int c = 0; c < d->ncols; c++)
        p[c] = cells[c] ? cells[c] : "";
    char line[TEXT_WIDTH * 8];
    for (bool first = true;; first = false) {
        bool any = row_line(d, p, line, sizeof line);
        if (!any && !first)
            break;
        fprintf(d->out, "%s\n", line);
        if (!any)
            break;
    }
}

static void table_end(Doc *d)
{
    raw(d, d->html ? "</tbody>\n</table>\n" : "\n");
}

static void list_begin(Doc *d, bool numbered, const char *cls)
{
    d->list_numbered = numbered;
    if (d->html)
        fprintf(d->out, "<%s%s%s%s>\n", numbered ? "ol" : "ul", cls ? " class=\"" : "", cls ? cls : "",
                cls ? "\"" : "");
}

/* An item; number is its number in a numbered list (they run 1, 2, ...). */
static void list_item(Doc *d, int number, const char *s)
{
    if (d->html) {
        raw(d, "<li>");
        put_words(d, s, true);
        raw(d, "</li>\n");
        return;
    }
    char first[16];
    if (d->list_numbered)
        snprintf(first, sizeof first, "  %2d. ", number);
    else
        snprintf(first, sizeof first, "  - ");
    text_wrap(d, first, s);
}

static void list_end(Doc *d)
{
    if (d->html)
        raw(d, d->list_numbered ? "</ol>\n" : "</ul>\n");
    else
        fputc('\n', d->out);
}

/* ---- names --------------------------------------------------------------- */

static const char *const window_label[RW_COUNT] = {"Behaviour",   "Proximity, Aggressive", "Proximity, Cautious",
                                                   "Bombardment", "Independent",           "Activation"};


static const char *att_label(int att) { return att == ATT_CAUTIOUS ? "Cautious" : "Aggressive"; }

static const char *area_name(const GameData *gd, int number)
{
    int i = data_area_index(gd, number);
    return i >= 0 ? gd->areas[i].name : "an unknown area";
}

static void target_words(const GameData *gd, int t, char *buf, size_t size)
{
    if (t == TARGET_SELF)
        snprintf(buf, size, "this formation");
    else if (t == TARGET_WHEEL)
        snprintf(buf, size, "each formation on the Wheel");
    else
        snprintf(buf, size, "%s", automa_formation_name(gd, t));
}

static void range_words(int lo, int hi, char *buf, size_t size)
{
    if (lo == hi)
        snprintf(buf, size, "%d", lo);
    else
        snprintf(buf, size, "%d-%d", lo, hi);
}

static const char *ordinal(int n)
{
    if (n % 100 >= 11 && n % 100 <= 13)
        return "th";
    return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* The formation acting through the Independent's `gibbon` result: the
 * first formation with no command marker. */
static const char *lone_division(const GameData *gd)
{
    for (int f = 0; f < gd->automa.nformations; f++)
        if (gd->automa.formations[f].counter >= 0)
            return automa_formation_name(gd, f);
    return "the lone division";
}

/* ---- instructions and cells in plain words -------------------------------- */

void booklet_step_words(const GameData *gd, const Paragraph *p, int k, char *buf, size_t size)
{
    if (!size)
        return;
    buf[0] = '\0';
    if (!p || k < 0 || k >= p->nsteps)
        return;
    const ParaStep *st = &p->step[k];
    char t[NAME_LEN * 2], r[16];
    switch (st->op) {
    case OP_ROLL:
        app(buf, size, "Roll %s:", st->dice == 1 ? "one die" : "two dice");
        for (int i = 0; i < st->nout; i++) {
            range_words(st->lo[i], st->hi[i], r, sizeof r);
            app(buf, size, "%s on %s go to step %d", i ? "," : "", r, st->to[i]);
        }
        app(buf, size, ".");
        break;
    case OP_IF: {
        char cond[NAME_LEN * 3];
        switch (st->test) {
        case TEST_ATTITUDE: snprintf(cond, sizeof cond, "the attitude is %s", att_label(st->a)); break;
        case TEST_TURN:
            if (st->a == st->b)
                snprintf(cond, sizeof cond, "it is turn %d", st->a);
            else
                snprintf(cond, sizeof cond, "the turn is %d-%d", st->a, st->b);
            break;
        case TEST_HOLDS: {
            const char *place = st->b >= 0 && st->b < gd->map.nplaces ? gd->map.places[st->b].name : "?";
            if (st->a == SIDE_UNION)
                snprintf(cond, sizeof cond, "a Union division holds %s", place);
            else
                snprintf(cond, sizeof cond, "a Confederate unit other than a skirmisher holds %s", place);
            break;
        }
        case TEST_WHEEL:
            snprintf(cond, sizeof cond, "%s",
                     st->a ? "the Chancellorsville Wheel is still open" : "the Chancellorsville Wheel has been released");
            break;
        case TEST_IS: snprintf(cond, sizeof cond, "this formation is %s", automa_formation_name(gd, st->a)); break;
        case TEST_VP:
            range_words(st->a, st->b, r, sizeof r);
            snprintf(cond, sizeof cond, "the VP marker stands on %s", r);
            break;
        default: snprintf(cond, sizeof cond, "an unknown test holds");
        }
        app(buf, size, "If %s, go to step %d; otherwise go to step %d.", cond, st->yes, st->no);
        break;
    }
    case OP_OBJECTIVE:
        target_words(gd, st->target, t, sizeof t);
        app(buf, size, "Objective for %s: %s [%03d], value %d.", t, area_name(gd, st->area), st->area, st->value);
        break;
    case OP_COMBAT:
        target_words(gd, st->target, t, sizeof t);
        app(buf, size, "Combat marker %s for %s.", st->value > 0 ? "+1" : "-1", t);
        break;
    case OP_VP:
        if (st->side == SIDE_UNION)
            app(buf, size, "The Union scores %d VP.", st->value);
        else
            app(buf, size, "The Confederates score %d VP.", st->value);
        break;
    case OP_DEPLOY:
        target_words(gd, st->target, t, sizeof t);
        app(buf, size, "Deploy the divisions of %s in %s [%03d], spending no movement points and with no disorder.", t,
            area_name(gd, st->area), st->area);
        break;
    case OP_RELEASE:
        app(buf, size, "Release %s: it enters play at once (if it is not in play already).",
            automa_formation_name(gd, st->target));
        break;
    case OP_SET_ATTITUDE: app(buf, size, "Set the attitude to %s.", att_label(st->value)); break;
    case OP_WHEEL_RELEASE:
        app(buf, size, "Release the Wheel: its command markers go to the Activation Track, the highest slot's "
                       "first, and it closes for the rest of the game.");
        break;
    case OP_END:
        app(buf, size, "%s", p->game_reader ? "Stop reading." : "Stop reading; the formation goes on with its activation.");
        break;
    case OP_HOLD:
        app(buf, size, "Stop reading; the formation's activation ends here: no move, bombardment or combat.");
        break;
    case OP_WHEEL_ENTER:
        app(buf, size, "Put this formation's command marker on the Wheel's entry slot (the markers there slide one "
                       "slot clockwise first). Stop reading; its activation ends.");
        break;
    case OP_GOTO: {
        const Paragraph *to = data_paragraph(gd, st->para);
        if (to)
            app(buf, size, "Read [%03d] %s.", st->para, to->title);
        else
            app(buf, size, "Read [%03d].", st->para);
        break;
    }
    default: app(buf, size, "(an instruction guv does not know)");
    }
}

static const char *const behaviour_words[BH_COUNT] = {"no effect", "AI skirmisher", "combat +1", "combat -1",
                                                      "waiting corps advance"};

void booklet_cell_words(const GameData *gd, const PageCell *c, int window, char *buf, size_t size)
{
    if (!size)
        return;
    buf[0] = '\0';
    if (!c)
        return;
    switch (window) {
    case RW_BEHAVIOUR:
        app(buf, size, "%s", c->value >= 0 && c->value < BH_COUNT ? behaviour_words[c->value] : "?");
        break;
    case RW_PROX_AGGRESSIVE:
    case RW_PROX_CAUTIOUS: app(buf, size, "%d MP", c->value); break;
    case RW_BOMBARD:
        if (c->no_bombard)
            app(buf, size, "no fire, attack +%d", c->value);
        else if (c->value == 0)
            app(buf, size, "no fire");
        else
            app(buf, size, "bombard %d", c->value);
        break;
    case RW_INDEPENDENT:
        switch (c->value) {
        case IR_NONE: app(buf, size, "nothing"); break;
        case IR_GIBBON: app(buf, size, "%s acts", lone_division(gd)); break;
        case IR_ACTIVATE_TOP: app(buf, size, "top formation acts"); break;
        case IR_ACTIVATE_LAST: app(buf, size, "last formation acts"); break;
        case IR_SKIRMISHER: app(buf, size, "AI skirmisher"); break;
        case IR_COMBAT_PLUS: app(buf, size, "combat +1"); break;
        case IR_ADVANCE_I_VI: app(buf, size, "waiting corps advance"); break;
        case IR_WHEEL_ADVANCE: app(buf, size, "Wheel turns"); break;
        default: app(buf, size, "?");
        }
        break;
    case RW_ACTIVATION:
        if (c->narrows == 0)
            app(buf, size, "no arrow");
        for (int i = 0; i < c->narrows; i++) {
            const TrackArrow *a = &c->arrows[i];
            if (i)
                app(buf, size, ", then ");
            if (a->slot > 0)
                app(buf, size, "slot %d %s", a->slot, a->up ? "up" : "down");
            else
                app(buf, size, "Hooker %s%s", a->up ? "up" : "down", a->star ? " (wraps)" : "");
        }
        break;
    default: app(buf, size, "?");
    }
}

/* ---- the sections --------------------------------------------------------- */

static int cmp_para(const void *a, const void *b)
{
    const Paragraph *x = *(const Paragraph *const *)a, *y = *(const Paragraph *const *)b;
    return (x->number > y->number) - (x->number < y->number);
}

/* The paragraphs in number order (free the array). */
static const Paragraph **sorted_paragraphs(const GameData *gd)
{
    int n = gd->automa.nparagraphs;
    const Paragraph **v = calloc((size_t)n + 1, sizeof *v);
    if (!v)
        return NULL;
    for (int i = 0; i < n; i++)
        v[i] = &gd->automa.paragraphs[i];
    qsort(v, (size_t)n, sizeof *v, cmp_para);
    return v;
}

static void write_title(Doc *d)
{
    const GameData *gd = d->gd;
    heading(d, 1, NULL, "Hurrah For Old Joe: the Choices Booklet");
    para(d, NULL,
         "Give Us Victories, Chancellorsville 1863: the solitaire system in which the player commands Lee and an "
         "Automa commands Hooker's army. This document is the booklet, the Ruler, the Chancellorsville Wheel and the "
         "Automa's display as guv %s reads them from the data (booklet/pages.ini, booklet/paragraphs.ini, "
         "config/wheel.ini, config/activation-track.ini, config/strategy-map.ini; data fingerprint %016llx). The "
         "booklet shipped with guv is the project's own, written to the structure the solitaire rules describe; it is "
         "not the published one.",
         GUV_VERSION, gd->fingerprint);
    static const struct {
        const char *id, *name;
    } toc[] = {{"ruler", "The Ruler"},
               {"pages", "The pages"},
               {"paragraphs", "The paragraphs"},
               {"wheel", "The Chancellorsville Wheel"},
               {"track", "The Activation Track, Hooker and the turn track"},
               {"strategy-map", "The strategy map"},
               {"tables", "The Automa's tables"}};
    if (d->html) {
        raw(d, "<nav><h2>Contents</h2>\n<ol>\n");
        for (size_t i = 0; i < sizeof toc / sizeof *toc; i++)
            fprintf(d->out, "<li><a href=\"#%s\">%s</a></li>\n", toc[i].id, toc[i].name);
        raw(d, "</ol>\n");
    } else {
        heading(d, 2, NULL, "Contents");
        list_begin(d, true, NULL);
        for (size_t i = 0; i < sizeof toc / sizeof *toc; i++)
            list_item(d, (int)i + 1, toc[i].name);
        list_end(d);
    }
    const Paragraph **v = sorted_paragraphs(gd);
    Str b = {0};
    for (int i = 0; v && i < gd->automa.nparagraphs; i++)
        str_add(&b, "%s[%03d]", i ? " " : "", v[i]->number);
    if (d->html) {
        raw(d, "<p class=\"index\"><b>Paragraphs:</b> ");
        put_words(d, str_get(&b), true);
        raw(d, "</p>\n</nav>\n");
    } else
        labelled(d, "Paragraphs", str_get(&b));
    str_free(&b);
    free(v);
}

/* The third die's faces grouped by the border position they set the arrow
 * at, in border order: the page's columns. */
typedef struct {
    int anchor;
    char label[48];
} Column;

static int page_columns(const GameData *gd, Column *col)
{
    int n = 0;
    for (int anchor = 1; anchor <= BORDER_MAX; anchor++) {
        int faces[6], nf = 0;
        for (int f = 0; f < 6; f++)
            if (gd->automa.anchors[f] == anchor)
                faces[nf++] = f + 1;
        if (!nf)
            continue;
        Column *c = &col[n++];
        c->anchor = anchor;
        bool run = faces[nf - 1] - faces[0] == nf - 1;
        if (nf == 1)
            snprintf(c->label, sizeof c->label, "die %d", faces[0]);
        else if (run)
            snprintf(c->label, sizeof c->label, "die %d-%d", faces[0], faces[nf - 1]);
        else {
            snprintf(c->label, sizeof c->label, "die %d", faces[0]);
            for (int i = 1; i < nf; i++)
                app(c->label, sizeof c->label, ", %d", faces[i]);
        }
        app(c->label, sizeof c->label, " (arrow at %d)", anchor);
        if (n == 6)
            break;
    }
    return n;
}

static void write_ruler(Doc *d)
{
    const AutomaData *a = &d->gd->automa;
    heading(d, 2, "ruler", "The Ruler");
    para(d, NULL,
         "When the Automa needs the booklet, roll three dice, two of one colour and one of another. The sum of the "
         "pair is the page to open (2 to 12). The third die sets the Ruler's arrow against a position of the page's "
         "border, counted from the top; each window of the Ruler then reads the cell that lies its offset further "
         "down.");
    static const int w1[7] = {22, 6, 6, 6, 6, 6, 6};
    const char *h1[7] = {"Third die", "1", "2", "3", "4", "5", "6"};
    table_begin(d, "ruler", 7, w1, h1);
    char pos[6][8];
    const char *row[7] = {"Arrow at position"};
    for (int f = 0; f < 6; f++) {
        snprintf(pos[f], sizeof pos[f], "%d", a->anchors[f]);
        row[f + 1] = pos[f];
    }
    table_row(d, row);
    table_end(d);
    static const int w2[3] = {22, 14, 38};
    const char *h2[3] = {"Window", "Reads", "When"};
    static const char *const when[RW_COUNT] = {
        "a formation is activated",
        "a formation is activated while the attitude is Aggressive",
        "a formation is activated while the attitude is Cautious",
        "a formation is activated",
        "the Independent marker is drawn",
        "the Activation Track is reordered at the start of a turn",
    };
    table_begin(d, NULL, 3, w2, h2);
    for (int w = 0; w < RW_COUNT; w++) {
        char off[32];
        snprintf(off, sizeof off, "arrow + %d", a->window[w]);
        const char *r[3] = {window_label[w], off, when[w]};
        table_row(d, r);
    }
    table_end(d);
    heading(d, 3, "legend", "What the cells say");
    char gib[NAME_LEN + 40];
    snprintf(gib, sizeof gib, "%s acts", lone_division(d->gd));
    char adv[200];
    snprintf(adv, sizeof adv,
             "each corps marker still waiting on the turn track moves %d box%s toward the current turn, never onto it "
             "or past it",
             a->track.advance_step, a->track.advance_step == 1 ? "" : "es");
    const char *legend[][2] = {
        {"no effect, nothing", "nothing happens"},
        {"AI skirmisher",
         "an AI skirmisher goes on the formation's division nearest a Confederate unit (at random on a tie); nothing "
         "if the formation has one already. From the Independent window: for the formation with a division nearest "
         "a Confederate unit"},
        {"combat +1, combat -1",
         "a combat marker for the formation; a marker of the other sign already there is removed instead, and one of "
         "the same sign stays as it is"},
        {"waiting corps advance", adv},
        {"N MP",
         "proximity: movement points, less the value of the formation's objective, never below 0 and never above the "
         "formation's own movement"},
        {"bombard N", "bombard with factor N, and add N to the attack"},
        {"no fire, attack +N", "no bombardment; add N to the attack"},
        {gib, "the division acts as a formation of its own, with its own behaviour roll"},
        {"top formation acts, last formation acts",
         "the formation whose command marker is in slot 1, or in the last occupied slot, acts now; its marker then "
         "goes to the first free slot. Nothing happens if the track is empty"},
        {"Wheel turns", "every command marker on the Wheel moves one slot clockwise; the slots' paragraphs are read"},
        {"no arrow", "the Activation Track stays as it is"},
        {"slot S up, slot S down",
         "the command marker in slot S (or, when S is empty, in the first occupied slot above it) changes places "
         "with the one above or below it"},
        {"Hooker up, Hooker down",
         "Hooker moves one box up (toward box 1) or down, stopping at the ends; with (wraps) he goes on from the top "
         "box to the bottom one, or from the bottom to the top. Ignored while he is away from his column"},
    };
    static const int w3[2] = {24, 52};
    const char *h3[2] = {"On a page", "What it means"};
    table_begin(d, NULL, 2, w3, h3);
    for (size_t i = 0; i < sizeof legend / sizeof *legend; i++)
        table_row(d, legend[i]);
    table_end(d);
    para(d, NULL, "Several arrows in one cell are carried out in order, left to right.");
}

static void write_pages(Doc *d)
{
    const GameData *gd = d->gd;
    const AutomaData *a = &gd->automa;
    heading(d, 2, "pages", "The pages");
    Column col[6];
    int ncol = page_columns(gd, col);
    para(d, NULL,
         "Each page is drawn as the Ruler reads it: one row per window, one column per position of the arrow. The "
         "first column names the border cells a row covers, counted from the top of the border.");
    int widths[MAX_COLS];
    const char *headers[MAX_COLS];
    widths[0] = 22;
    headers[0] = "Window";
    int cw = ncol ? (TEXT_WIDTH - 22) / ncol - 2 : 10;
    if (cw < 8)
        cw = 8;
    for (int c = 0; c < ncol; c++) {
        widths[c + 1] = cw;
        headers[c + 1] = col[c].label;
    }
    for (int pg = 2; pg <= 12; pg++) {
        const BookletPage *bp = &a->pages[pg];
        char id[16];
        snprintf(id, sizeof id, "page-%d", pg);
        if (bp->title[0])
            heading(d, 3, id, "Page %d: %s", pg, bp->title);
        else
            heading(d, 3, id, "Page %d", pg);
        int ways = 6 - abs(7 - pg);
        para(d, "odds", "Opened on %d roll%s of two dice in 36.", ways, ways == 1 ? "" : "s");
        table_begin(d, "page", ncol + 1, widths, headers);
        for (int w = 0; w < RW_COUNT; w++) {
            char label[80], cells[MAX_COLS][NAME_LEN * 3];
            const char *row[MAX_COLS];
            row[0] = label;
            bool run = true;
            for (int c = 0; c < ncol; c++) {
                int cell = col[c].anchor + a->window[w];
                run &= c == 0 || col[c].anchor == col[c - 1].anchor + 1;
                const PageCell *pc = cell >= 1 && cell <= bp->ncells ? &bp->cell[cell - 1] : NULL;
                booklet_cell_words(gd, pc, w, cells[c], sizeof cells[c]);
                row[c + 1] = cells[c];
            }
            /* the border cells the row covers: "cells 4-6" or "cells 4, 6, 9" */
            int first = ncol ? col[0].anchor + a->window[w] : 0;
            if (ncol == 1)
                snprintf(label, sizeof label, "%s (cell %d)", window_label[w], first);
            else if (run)
                snprintf(label, sizeof label, "%s (cells %d-%d)", window_label[w], first, first + ncol - 1);
            else {
                snprintf(label, sizeof label, "%s (cells %d", window_label[w], first);
                for (int c = 1; c < ncol; c++)
                    app(label, sizeof label, ", %d", col[c].anchor + a->window[w]);
                app(label, sizeof label, ")");
            }
            table_row(d, row);
        }
        table_end(d);
    }
}

/* Where the data sends a reader to paragraph p, in words. */
static void paragraph_readers(const GameData *gd, const Paragraph *p, Str *b)
{
    const AutomaData *a = &gd->automa;
    int n = p->number;
#define ADD(...)                                                                                                       \
    do {                                                                                                               \
        if (b->len)                                                                                                    \
            str_add(b, "; ");                                                                                          \
        str_add(b, __VA_ARGS__);                                                                                       \
    } while (0)
    for (int i = 0; i < a->nhook_start; i++)
        if (a->hook_start[i] == n)
            ADD("before the first turn, read out (its words only)");
    if (a->hook_day_end == n)
        ADD("at the end of each night turn");
    if (a->hook_turn_end == n)
        ADD("at the end of every turn");
    if (a->hook_reduced == n)
        ADD("when a formation made only of reduced divisions is activated");
    if (data_area_index(gd, n) >= 0)
        ADD("by a formation with no objective whose strategy counter stands in %s, before it moves; and by a "
            "formation reaching its objective there",
            area_name(gd, n));
    const Wheel *w = &a->wheel;
    if (w->arrival_paragraph == n)
        ADD("by the formation whose command marker is the %d%s to arrive on the Wheel", w->arrivals,
            ordinal(w->arrivals));
    for (int s = 1; s <= w->slots; s++) {
        const int *t = w->slot[s].trigger;
        if (t[0] == n && t[1] == n)
            ADD("by a formation whose command marker comes to slot %d of the Wheel", s);
        else
            for (int att = 0; att < 2; att++)
                if (t[att] == n)
                    ADD("by a formation whose command marker comes to slot %d of the Wheel while the attitude is %s",
                        s, att_label(att));
    }
    for (int m = 0; m < a->track.nturn_markers; m++) {
        const TurnMarker *tm = &a->track.turn_markers[m];
        for (int r = 0; r < tm->nroll; r++)
            if (tm->roll_para[r] == n) {
                char rr[16];
                range_words(tm->roll_lo[r], tm->roll_hi[r], rr, sizeof rr);
                ADD("when Objective X comes up on the turn track (turn %d) and its die shows %s", tm->turn, rr);
            }
    }
    for (int i = 0; i < a->nparagraphs; i++) {
        const Paragraph *q = &a->paragraphs[i];
        for (int k = 0; k < q->nsteps; k++)
            if (q->step[k].op == OP_GOTO && q->step[k].para == n)
                ADD("from [%03d] step %d", q->number, k + 1);
    }
#undef ADD
}

/* The steps that name area n as an objective (deploy: a place to deploy),
 * by paragraph in number order: "[011] steps 6, 8; [013] step 4". */
static void area_givers(const GameData *gd, const Paragraph *const *v, int n, int op, Str *b)
{
    const AutomaData *a = &gd->automa;
    for (int i = 0; v && i < a->nparagraphs; i++) {
        const Paragraph *q = v[i];
        int steps[PARA_MAX_STEPS], ns = 0;
        for (int k = 0; k < q->nsteps; k++)
            if (q->step[k].op == op && q->step[k].area == n)
                steps[ns++] = k + 1;
        if (!ns)
            continue;
        str_add(b, "%s[%03d] step%s ", b->len ? "; " : "", q->number, ns > 1 ? "s" : "");
        for (int j = 0; j < ns; j++)
            str_add(b, "%s%d", j ? ", " : "", steps[j]);
    }
}

static void write_paragraphs(Doc *d)
{
    const GameData *gd = d->gd;
    heading(d, 2, "paragraphs", "The paragraphs");
    para(d, NULL,
         "A paragraph is read from step 1. A step that does something goes on to the next step; a die roll or an "
         "\"if\" goes to the step it names; \"stop reading\" and \"read [NNN]\" end the reading. \"This formation\" "
         "is the formation reading the paragraph; a paragraph read for the whole army has none.");
    const Paragraph **v = sorted_paragraphs(gd);
    for (int i = 0; v && i < gd->automa.nparagraphs; i++) {
        const Paragraph *p = v[i];
        char id[16];
        snprintf(id, sizeof id, "p%03d", p->number);
        if (d->html)
            fprintf(d->out, "<section class=\"para\">\n");
        heading(d, 3, id, "[%03d] %s", p->number, p->title);
        labelled(d, "Reader", p->game_reader ? "the whole army" : "a formation");
        Str b = {0};
        paragraph_readers(gd, p, &b);
        labelled(d, "Read", b.len ? str_get(&b) : "only when another paragraph sends a reader here");
        str_free(&b);
        if (data_area_index(gd, p->number) >= 0) {
            area_givers(gd, v, p->number, OP_OBJECTIVE, &b);
            labelled(d, "Objective here from", b.len ? str_get(&b) : "no paragraph (only a scenario's set-up)");
            str_free(&b);
            area_givers(gd, v, p->number, OP_DEPLOY, &b);
            if (b.len)
                labelled(d, "Deployed here by", str_get(&b));
            str_free(&b);
        }
        if (!d->html)
            fputc('\n', d->out);
        if (p->text && p->text[0])
            para(d, "narrative", "%s", p->text);
        list_begin(d, true, "steps");
        for (int k = 0; k < p->nsteps; k++) {
            char words[600];
            booklet_step_words(gd, p, k, words, sizeof words);
            list_item(d, k + 1, words);
        }
        list_end(d);
        if (d->html)
            fprintf(d->out, "</section>\n");
    }
    free(v);
}

static void write_wheel(Doc *d)
{
    const GameData *gd = d->gd;
    const Wheel *w = &gd->automa.wheel;
    heading(d, 2, "wheel", "The Chancellorsville Wheel");
    para(d, NULL,
         "The Wheel holds the corps gathered round the Chancellor house. It belongs to the area %s [%03d], whose "
         "paragraph puts a formation's command marker on it. It has %d slots; a marker enters on slot %d, and every "
         "marker already there first slides one slot clockwise. A formation whose marker is on the Wheel is not "
         "activated. When a Confederate attack hits such a formation, its marker jumps to the opposite slot (once "
         "per Confederate activation; a bombardment is not an attack), and a marker already there slides on "
         "clockwise.",
         area_name(gd, w->area), w->area, w->slots, w->entry);
    if (w->arrival_paragraph)
        para(d, NULL, "The formation whose marker is the %d%s to arrive reads [%03d] instead of any slot's paragraph.", w->arrivals,
             ordinal(w->arrivals), w->arrival_paragraph);
    Str add = {0};
    if (w->add_markers)
        str_add(&add, ", add the number of markers on the Wheel");
    if (w->add_turn)
        str_add(&add, "%s the turn number", w->add_markers ? " and" : ", add");
    para(d, NULL,
         "From the end of the turn in which a marker is first thrown to the opposite slot, at the end of every turn "
         "while markers stand on the Wheel: roll %d %s%s; on %d or more every marker moves one slot clockwise.",
         w->advance_dice, w->advance_dice == 1 ? "die" : "dice", str_get(&add), w->advance_target);
    str_free(&add);
    static const int wd[5] = {6, 6, 12, 10, 36};
    const char *h[5] = {"Slot", "Half", "Next (clockwise)", "Opposite", "A marker coming here"};
    table_begin(d, "wheel", 5, wd, h);
    for (int s = 1; s <= w->slots; s++) {
        char c0[16], c1[16], c2[16], c3[16], c4[160] = "";
        snprintf(c0, sizeof c0, "%d", s);
        snprintf(c1, sizeof c1, "%d", w->slot[s].half);
        snprintf(c2, sizeof c2, "%d", w->slot[s].next);
        snprintf(c3, sizeof c3, "%d", w->slot[s].opposite);
        const int *t = w->slot[s].trigger;
        if (s == w->entry)
            app(c4, sizeof c4, "the entry slot");
        if (t[0] && t[0] == t[1])
            app(c4, sizeof c4, "%sreads [%03d]", c4[0] ? "; " : "", t[0]);
        else if (t[0] || t[1]) {
            for (int att = 0; att < 2; att++)
                if (t[att])
                    app(c4, sizeof c4, "%sreads [%03d] when %s", c4[0] ? "; " : "", t[att], att_label(att));
        }
        if (!c4[0])
            app(c4, sizeof c4, "-");
        const char *row[5] = {c0, c1, c2, c3, c4};
        table_row(d, row);
    }
    table_end(d);
    para(d, NULL,
         "Every paragraph the Wheel reads ends by releasing it: its markers go back to the Activation Track and "
         "the Wheel closes for the rest of the game.");
}

static const char *turn_label(const GameData *gd, int turn)
{
    for (int i = 0; i < gd->nturns; i++)
        if (gd->turns[i].number == turn)
            return gd->turns[i].label;
    return "";
}

static void formation_list(const GameData *gd, const int *f, int n, Str *b)
{
    for (int i = 0; i < n; i++)
        str_add(b, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", automa_formation_name(gd, f[i]));
}

static void write_track(Doc *d)
{
    const GameData *gd = d->gd;
    const ActivationTrack *t = &gd->automa.track;
    heading(d, 2, "track", "The Activation Track, Hooker and the turn track");
    Str b = {0};
    formation_list(gd, t->markers, t->nmarkers, &b);
    para(d, NULL,
         "The Activation Track has %d slots, slot 1 at the top. Each Union activation costs %d activation "
         "point%s. The formations with a command marker: %s.",
         t->slots, t->cost, t->cost == 1 ? "" : "s", str_get(&b));
    str_free(&b);
    int lone[AUTOMA_MAX_FORMATIONS], nlone = 0;
    for (int f = 0; f < gd->automa.nformations; f++)
        if (gd->automa.formations[f].counter >= 0)
            lone[nlone++] = f;
    if (nlone) {
        formation_list(gd, lone, nlone, &b);
        para(d, NULL, "Acting only through the Independent marker, each as a formation of its own: %s.", str_get(&b));
        str_free(&b);
    }
    formation_list(gd, t->setup_track, t->nsetup_track, &b);
    Str r = {0};
    formation_list(gd, t->setup_random, t->nsetup_random, &r);
    para(d, NULL,
         "At the start: %s in the first slots from the top%s%s%s; Hooker on box %d; the attitude %s; the VP marker "
         "on %d.",
         str_get(&b), r.len ? ", then " : "", str_get(&r), r.len ? " below them in random order" : "", t->setup_hooker,
         att_label(t->setup_attitude), t->setup_vp);
    str_free(&b);
    str_free(&r);

    heading(d, 3, "hooker", "Hooker's column");
    para(d, NULL,
         "Hooker stands in one of %d boxes, and the box gives the Automa's attitude. A die places him. After he "
         "acts he goes %d turn%s ahead on the turn track. A linked box joins two slots of the Activation Track.",
         t->hooker_boxes, t->hooker_return_turns, t->hooker_return_turns == 1 ? "" : "s");
    static const int wb[3] = {6, 14, 30};
    const char *hb[3] = {"Box", "Attitude", "Linked slots"};
    table_begin(d, NULL, 3, wb, hb);
    for (int x = 1; x <= t->hooker_boxes; x++) {
        char c0[16], c2[40] = "-";
        snprintf(c0, sizeof c0, "%d", x);
        if (t->box[x].linked[0])
            snprintf(c2, sizeof c2, "%d and %d", t->box[x].linked[0], t->box[x].linked[1]);
        const char *row[3] = {c0, att_label(t->box[x].attitude), c2};
        table_row(d, row);
    }
    table_end(d);

    heading(d, 3, "turn-track", "The Automa's markers on the turn track");
    static const int wt[3] = {26, 18, 30};
    const char *ht[3] = {"Turn", "Marker", "What happens"};
    table_begin(d, NULL, 3, wt, ht);
    int order[AUTOMA_MAX_MARKERS];
    for (int m = 0; m < t->nturn_markers; m++) { /* by turn */
        int j = m;
        while (j > 0 && t->turn_markers[order[j - 1]].turn > t->turn_markers[m].turn) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = m;
    }
    for (int m = 0; m < t->nturn_markers; m++) {
        const TurnMarker *tm = &t->turn_markers[order[m]];
        char c0[NAME_LEN + 16], c1[NAME_LEN], c2[300] = "";
        const char *lab = turn_label(gd, tm->turn);
        snprintf(c0, sizeof c0, "%d%s%s%s", tm->turn, lab[0] ? " (" : "", lab, lab[0] ? ")" : "");
        switch (tm->kind) {
        case TM_CORPS:
            snprintf(c1, sizeof c1, "%s", automa_formation_name(gd, tm->formation));
            app(c2, sizeof c2, "the corps enters play (earlier if the Confederates attack it, or a paragraph releases it)");
            break;
        case TM_INDEPENDENT:
            snprintf(c1, sizeof c1, "Independent");
            app(c2, sizeof c2, "the Independent marker goes into the cup on every day turn from now on");
            break;
        default:
            snprintf(c1, sizeof c1, "Objective X");
            app(c2, sizeof c2, "roll one die:");
            for (int i = 0; i < tm->nroll; i++) {
                char rr[16];
                range_words(tm->roll_lo[i], tm->roll_hi[i], rr, sizeof rr);
                app(c2, sizeof c2, "%s on %s read [%03d]", i ? "," : "", rr, tm->roll_para[i]);
            }
        }
        const char *row[3] = {c0, c1, c2};
        table_row(d, row);
    }
    table_end(d);
    para(d, NULL,
         "A \"waiting corps advance\" result moves each corps marker still on the turn track %d box%s toward the "
         "current turn.",
         t->advance_step, t->advance_step == 1 ? "" : "es");

    heading(d, 3, "vp-track", "The VP track");
    para(d, NULL,
         "The VP marker runs from %d to %d. Union VP move it toward %d, Confederate VP toward %d. An objective marker "
         "is worth 0 to %d VP. The VP marker's slot rates the game:",
         t->vp_min, t->vp_max, t->vp_min, t->vp_max, t->objective_vp_max);
    static const int wv[3] = {10, 34, 30};
    const char *hv[3] = {"VP", "Result", "When"};
    table_begin(d, NULL, 3, wv, hv);
    for (int i = 0; i < t->nbands; i++) {
        char c0[16];
        range_words(t->bands[i].from, t->bands[i].to, c0, sizeof c0);
        const char *row[3] = {c0, t->bands[i].name,
                              t->bands[i].at_once ? "at once, when the marker gets there" : "after the last turn"};
        table_row(d, row);
    }
    table_end(d);
}

static void write_strategy(Doc *d)
{
    const GameData *gd = d->gd;
    heading(d, 2, "strategy-map", "The strategy map");
    para(d, NULL,
         "Each area bears the number of its location paragraph. A formation with no objective reads the paragraph "
         "of the area where its strategy counter stands. A formation reaches an objective by entering the area's "
         "objective hex; its strategy counter then moves there.");
    static const int wa[4] = {6, 20, 18, 28};
    const char *ha[4] = {"Area", "Name", "Objective hex", "Hexes"};
    table_begin(d, "areas", 4, wa, ha);
    for (int i = 0; i < gd->nareas; i++) {
        const StrategyArea *ar = &gd->areas[i];
        char c0[16], c2[NAME_LEN + 16], hx[5];
        snprintf(c0, sizeof c0, "[%03d]", ar->number);
        hex_format(ar->objective, hx);
        snprintf(c2, sizeof c2, "%s", hx);
        if (map_has(&gd->map, ar->objective)) {
            int pl = map_hex(&gd->map, ar->objective)->place;
            if (pl >= 0)
                app(c2, sizeof c2, "\n(%s)", gd->map.places[pl].name);
        }
        Str hexes = {0};
        for (int h = 0; h < ar->nhexes; h++) {
            hex_format(ar->hexes[h], hx);
            str_add(&hexes, "%s%s", h ? " " : "", hx);
        }
        const char *row[4] = {c0, ar->name, c2, str_get(&hexes)};
        table_row(d, row);
        str_free(&hexes);
    }
    table_end(d);
    for (int s = 0; s < gd->nscenarios; s++) {
        const ScenarioDef *sc = &gd->scenarios[s];
        if (!sc->solitaire)
            continue;
        heading(d, 3, NULL, "At the start of %s", sc->name);
        static const int ws[4] = {24, 28, 8, 12};
        const char *hs[4] = {"Formation", "Strategy counter", "Combat", "Objective"};
        table_begin(d, NULL, 4, ws, hs);
        for (int f = 0; f < gd->automa.nformations; f++) {
            char c1[NAME_LEN + 16] = "-", c2[16] = "-", c3[NAME_LEN + 24] = "-";
            int ai = sc->strategy_area[f];
            if (ai >= 0 && ai < gd->nareas)
                snprintf(c1, sizeof c1, "%s [%03d]", gd->areas[ai].name, gd->areas[ai].number);
            if (sc->strategy_combat[f])
                snprintf(c2, sizeof c2, "%+d", sc->strategy_combat[f]);
            int oi = sc->objective_area[f];
            if (oi >= 0 && oi < gd->nareas)
                snprintf(c3, sizeof c3, "[%03d], value %d", gd->areas[oi].number, sc->objective_value[f]);
            const char *row[4] = {automa_formation_name(gd, f), c1, c2, c3};
            table_row(d, row);
        }
        table_end(d);
    }
}

static void write_tables(Doc *d)
{
    const GameData *gd = d->gd;
    const AutomaData *a = &gd->automa;
    const AutomaRules *ru = &a->rules;
    heading(d, 2, "tables", "The Automa's tables");

    heading(d, 3, "modifiers", "Die modifiers in combat");
    para(d, NULL,
         "The points each formation adds to its dice after the roll, where they help it most: the first column "
         "when any of its divisions in the combat is at full strength, the second when all of them are reduced.");
    static const int wm[3] = {30, 14, 14};
    const char *hm[3] = {"Formation", "Full strength", "All reduced"};
    table_begin(d, NULL, 3, wm, hm);
    for (int f = 0; f < a->nformations; f++) {
        char c1[16], c2[16];
        snprintf(c1, sizeof c1, "%d", a->track.mod_full[f]);
        snprintf(c2, sizeof c2, "%d", a->track.mod_reduced[f]);
        const char *row[3] = {automa_formation_name(gd, f), c1, c2};
        table_row(d, row);
    }
    table_end(d);

    heading(d, 3, "counters", "The division counters");
    para(d, NULL,
         "An Automa division takes a loss by turning to its next value, and the last loss removes it. A value in "
         "brackets is boxed on the counter: reaching it gives the Confederates 1 VP.");
    static const int wc[3] = {30, 20, 24};
    const char *hc[3] = {"Division", "Corps", "Values"};
    table_begin(d, NULL, 3, wc, hc);
    for (int i = 0; i < gd->ncounters; i++) {
        const AutomaCounterDef *c = &gd->counters[i];
        char vals[80] = "";
        for (int v = 0; v < c->nvalues; v++)
            app(vals, sizeof vals, v && c->boxed[v] ? ", [%d]" : v ? ", %d" : c->boxed[v] ? "[%d]" : "%d", c->values[v]);
        const char *corps = c->corps >= 0 && c->corps < gd->nformations ? gd->formations[c->corps].name : "?";
        const char *row[3] = {c->name, corps, vals};
        table_row(d, row);
    }
    table_end(d);

    heading(d, 3, "night", "Night marches");
    Str m = {0}, l = {0};
    formation_list(gd, a->night.wing[0], a->night.nwing[0], &m);
    formation_list(gd, a->night.wing[1], a->night.nwing[1], &l);
    para(d, NULL,
         "At night a die picks a wing: on an even die the Marching Wing (%s), on an odd die the Left Wing (%s). The "
         "die divided by %d, rounded up, is how many of its corps march; each moves its lead division %d hexes "
         "toward its objective.",
         str_get(&m), str_get(&l), ru->night_divisor, a->night.march_hexes);
    str_free(&m);
    str_free(&l);

    heading(d, 3, "numbers", "The solitaire rules' numbers");
    static const int wn[2] = {26, 50};
    const char *hn[2] = {"Rule", "Number"};
    table_begin(d, NULL, 2, wn, hn);
    char v[16][240];
    int nv = 0;
#define ROW(label, ...)                                                                                                \
    do {                                                                                                               \
        snprintf(v[nv], sizeof v[nv], __VA_ARGS__);                                                                    \
        const char *row_[2] = {label, v[nv]};                                                                          \
        table_row(d, row_);                                                                                            \
        nv = (nv + 1) % 16;                                                                                            \
    } while (0)
    ROW("Combat dice", "a side's total strength divided by %d, rounded down; at least %d and at most %d dice",
        ru->dice_per, ru->min_dice, ru->max_dice);
    ROW("Engagement", "the Automa engages with %d divisions (or all of a smaller formation)", ru->engagement_units);
    ROW("Pressing an attack",
        "with fewer dice than the defender, the Automa rolls a die, takes off the difference in dice and adds %d "
        "when Aggressive: %d or less calls the attack off",
        ru->interrupt_aggressive, ru->interrupt_stop);
    ROW("Overwhelming", "divisions of strength %d or more attacking a lone unit of strength %d destroy it",
        ru->overwhelm_strength, ru->overwhelm_lone);
    ROW("Retreat instead of a loss", "at most %d stacks retreat instead of taking a loss", ru->trades);
    ROW("Retreat before the last loss", "a die of 1-%d retreats the division (%d off the die when Cautious)",
        ru->retreat_on, ru->retreat_cautious);
    ROW("Breaking contact", "a division breaks contact on a die of 1-%d", ru->break_contact_on);
    ROW("Roll for cover",
        "a roll of %d-6 costs the attacker a step, a lower roll a die; the roll divided by %d is the defending "
        "artillery",
        ru->cover_step_from, ru->cover_art_divisor);
    ROW("Isolated division", "%d hexes or more from the rest of its formation", ru->isolated_hexes);
    ROW("Isolated Confederate infantry", "no friendly unit within %d hex%s", ru->proximity_friend_hexes,
        ru->proximity_friend_hexes == 1 ? "" : "es");
    ROW("Fords", "a ford is free with no Confederate unit within %d hexes; taking one costs a loss on a die of 1-%d",
        ru->ford_clear_hexes, ru->ford_loss_on);
    ROW("Transfers", "a division is transferred only where a way of at most %d MP leads", ru->transfer_mp);
    ROW("VP track ends", "%d and %d", a->track.vp_min, a->track.vp_max);
    ROW("Lost Confederate counters",
        "one of strength %d or more gives the Automa 1 VP; those of strength %d or more go on the VP track from %d; "
        "eliminated Automa divisions from %d; the player loses on losing %d counters",
        a->track.scoring_strength, a->track.track_strength, a->track.confederate_from, a->track.union_from,
        a->track.loss_limit);
#undef ROW
    table_end(d);
}

static const char *const css =
    "body{font-family:Georgia,'Times New Roman',serif;max-width:50em;margin:1em auto;padding:0 1em;"
    "line-height:1.4;color:#111;background:#fff}\n"
    "h1,h2,h3{font-family:Helvetica,Arial,sans-serif;line-height:1.2}\n"
    "h2{border-bottom:2px solid #333;margin-top:2em}\n"
    "table{border-collapse:collapse;margin:.5em 0 1em}\n"
    "th,td{border:1px solid #666;padding:.2em .5em;vertical-align:top;text-align:left}\n"
    "thead th{background:#e8e4d8}\n"
    "tbody th{font-weight:normal;background:#f6f4ee}\n"
    "table.page td{width:9em}\n"
    "table.areas td:last-child{font-family:monospace;font-size:85%}\n"
    ".meta{margin:.2em 0;font-size:92%}\n"
    ".narrative{font-style:italic}\n"
    ".odds{font-size:90%;color:#444;margin:.2em 0}\n"
    "section.para{border-top:1px solid #aaa;margin-top:1em}\n"
    "ol.steps li{margin:.15em 0}\n"
    "a{color:#1a4d8f}\n"
    "@media print{body{max-width:none;margin:0;font-size:10.5pt}a{color:inherit;text-decoration:none}"
    "h2{page-break-before:always}nav h2{page-break-before:auto}"
    "table,section.para{page-break-inside:avoid}h3{page-break-after:avoid}}\n";

bool booklet_doc_write(const GameData *gd, int format, FILE *out)
{
    if (!gd->automa.present)
        return false;
    Doc d = {gd, out, format == BOOKLET_HTML, false, 0, {0}};
    if (d.html) {
        fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<title>Hurrah For Old Joe: the Choices Booklet</title>\n<style>\n%s</style>\n</head>\n<body>\n",
                css);
    }
    write_title(&d);
    write_ruler(&d);
    write_pages(&d);
    write_paragraphs(&d);
    write_wheel(&d);
    write_track(&d);
    write_strategy(&d);
    write_tables(&d);
    if (d.html)
        fputs("</body>\n</html>\n", out);
    return !ferror(out);
}
