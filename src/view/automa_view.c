/* The Automa's display as text: see automa_view.h. */
#include "view/automa_view.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "automa/automa.h"

static void add(AutomaView *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(AutomaView *v, const char *fmt, ...)
{
    if (v->n >= AV_MAX_LINES)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->line[v->n], sizeof v->line[v->n], fmt, ap);
    va_end(ap);
    size_t len = strlen(v->line[v->n]);
    while (len > 0 && v->line[v->n][len - 1] == ' ')
        v->line[v->n][--len] = '\0';
    v->n++;
}

/* A formation's short name: "XII Corps", "Gibbon". */
static const char *short_name(const GameData *gd, int f)
{
    static char buf[4][32];
    static int k;
    k = (k + 1) % 4;
    if (f < 0)
        return "-";
    const char *name = automa_formation_name(gd, f);
    const char *open = strchr(name, '(');
    if (gd->automa.formations[f].counter >= 0 && open) { /* "2nd Division (Gibbon)" -> "Gibbon" */
        snprintf(buf[k], sizeof buf[k], "%.*s", (int)(strcspn(open + 1, ")")), open + 1);
        return buf[k];
    }
    snprintf(buf[k], sizeof buf[k], "%s", name);
    return buf[k];
}

bool automa_view(const Game *g, AutomaView *v)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &g->st.automa;
    const AutomaData *ad = &gd->automa;
    memset(v, 0, sizeof *v);
    if (!a->on)
        return false;
    /* the Activation Track and Hooker's column side by side, the holding box to the right */
    add(v, "%-26s%-26s%s", "ACTIVATION TRACK", "HOOKER'S COLUMN", a->attitude == ATT_CAUTIOUS ? "CAUTIOUS" : "AGGRESSIVE");
    int rows = ad->track.slots > ad->track.hooker_boxes ? ad->track.slots : ad->track.hooker_boxes;
    for (int i = 0; i < rows; i++) {
        char left[32] = "", mid[32] = "", right[40] = "";
        if (i < ad->track.slots)
            snprintf(left, sizeof left, "%d %s", i + 1, a->track[i] >= 0 ? short_name(gd, a->track[i]) : "-");
        int b = i + 1;
        if (b <= ad->track.hooker_boxes) {
            const HookerBox *hb = &ad->track.box[b];
            char link[12] = "";
            if (hb->linked[0])
                snprintf(link, sizeof link, " <%d+%d", hb->linked[0], hb->linked[1]);
            snprintf(mid, sizeof mid, "[%d] %s%s%s", b, hb->attitude == ATT_CAUTIOUS ? "C" : "A", link,
                     a->hooker_where == HK_COLUMN && a->hooker_box == b ? "  HOOKER" : "");
        }
        if (i == 0)
            snprintf(right, sizeof right, "holding box:");
        else if (i == 1)
            snprintf(right, sizeof right, "  %s", a->holding[0] >= 0 ? short_name(gd, a->holding[0]) : "-");
        else if (i == 2)
            snprintf(right, sizeof right, "  %s", a->holding[1] >= 0 ? short_name(gd, a->holding[1]) : "-");
        else if (i == 3 && a->hooker_where == HK_CUP)
            snprintf(right, sizeof right, "Hooker is in the cup");
        else if (i == 3 && a->hooker_where == HK_TURN_TRACK)
            snprintf(right, sizeof right, "Hooker returns on turn %d", a->hooker_turn);
        add(v, "%-26s%-26s%s", left, mid, right);
    }
    /* the wheel: half 1 above, half 2 below, each slot with its trigger */
    add(v, "CHANCELLORSVILLE WHEEL (%s; %d arrived%s)", a->wheel_closed ? "released" : "open", a->arrivals,
        a->wheel_rolling ? "; the advance roll is made" : "");
    for (int half = 1; half <= 2; half++) {
        char buf[AV_WIDTH + 1] = "";
        size_t len = 0;
        for (int s = 1; s <= ad->wheel.slots; s++) {
            if (ad->wheel.slot[s].half != half)
                continue;
            char trig[16] = "";
            const WheelSlot *ws = &ad->wheel.slot[s];
            if (ws->trigger[0] && ws->trigger[0] == ws->trigger[1])
                snprintf(trig, sizeof trig, "[%03d]", ws->trigger[0]);
            else if (ws->trigger[0] || ws->trigger[1])
                snprintf(trig, sizeof trig, "[%03d/%03d]", ws->trigger[0], ws->trigger[1]);
            if (len < sizeof buf)
                len += (size_t)snprintf(buf + len, sizeof buf - len, " %d:%s%s", s,
                                        a->wheel[s] >= 0 ? short_name(gd, a->wheel[s]) : "-", trig);
        }
        add(v, "%s", buf);
    }
    /* the VP track: the marker, and the counters placed at each end */
    char bar[32];
    int span = ad->track.vp_max - ad->track.vp_min;
    for (int x = 0; x <= span && x < 30; x++)
        bar[x] = x < a->low_counters ? 'C' : x > span - a->high_counters ? 'U' : '.';
    int at = a->vp - ad->track.vp_min;
    if (at >= 0 && at <= span && at < 30)
        bar[at] = '*';
    bar[span + 1 < 31 ? span + 1 : 30] = '\0';
    add(v, "VP %2d  %d %s %d   Confederate counters lost: %d", a->vp, ad->track.vp_min, bar, ad->track.vp_max,
        a->confederate_lost);
    /* the turn track */
    char tt[AV_WIDTH + 1] = "";
    size_t len = 0;
    int order[AUTOMA_MAX_MARKERS], no = 0; /* by turn */
    for (int i = 0; i < ad->track.nturn_markers; i++) {
        int j = no++;
        while (j > 0 && a->marker_turn[order[j - 1]] > a->marker_turn[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (int k = 0; k < no; k++) {
        int i = order[k];
        const TurnMarker *m = &ad->track.turn_markers[i];
        if (!a->marker_turn[i])
            continue;
        const char *name = m->kind == TM_CORPS ? short_name(gd, m->formation)
                           : m->kind == TM_INDEPENDENT ? "Independent"
                                                       : "Objective X";
        if (len < sizeof tt)
            len += (size_t)snprintf(tt + len, sizeof tt - len, " %d:%s", a->marker_turn[i], name);
    }
    if (a->hooker_where == HK_TURN_TRACK && len < sizeof tt)
        len += (size_t)snprintf(tt + len, sizeof tt - len, " %d:Hooker", a->hooker_turn);
    add(v, "TURN TRACK (turn %d)%s%s", g->st.turn, tt[0] ? tt : " nothing waits",
        a->independent ? "   Independent in play" : "");
    /* the strategy map */
    add(v, "STRATEGY MAP");
    static const char *const status[] = {"track", "cup", "holding", "wheel", "waiting", "indep.", "gone"};
    for (int f = 0; f < ad->nformations; f++) {
        char obj[40] = "-";
        if (a->obj_area[f] >= 0)
            snprintf(obj, sizeof obj, "[%03d] %.16s (%d)", gd->areas[a->obj_area[f]].number,
                     gd->areas[a->obj_area[f]].name, a->obj_value[f]);
        char combat[8] = "";
        if (a->combat[f])
            snprintf(combat, sizeof combat, "%+d", a->combat[f]);
        add(v, " %-10s %-8s %2s [%03d] %-16.16s -> %s", short_name(gd, f), status[a->status[f]], combat,
            a->area[f] >= 0 ? gd->areas[a->area[f]].number : 0, a->area[f] >= 0 ? gd->areas[a->area[f]].name : "?",
            obj);
    }
    return true;
}
