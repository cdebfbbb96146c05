/* What each Union corps did in a game (simcorps.h): the state before and
 * after each decision and the log lines it added, read as the screen's log
 * shows them, in the words automa.h declares for both (AUTOMA_LOG_...,
 * AUTOMA_VP_...): a march's lead, an engagement, its interruption roll and
 * hits, an objective reached, a paragraph read, and every VP as "...
 * score(s) N VP (WHY): ...". */
#include "cli/simcorps.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"
#include "automa/automa_state.h"

static const char *const source_names[] = {
#define X(id, name, what) name,
    VP_SOURCES(X)
#undef X
};

const char *vp_source_name(int s) { return s >= 0 && s < VS_COUNT ? source_names[s] : "?"; }

static int formation_named(const GameData *gd, const char *text)
{
    for (int f = 0; f < gd->automa.nformations && f < AUTOMA_MAX_FORMATIONS; f++) {
        const char *name = automa_formation_name(gd, f);
        size_t len = strlen(name);
        if (len > 0 && strncmp(text, name, len) == 0)
            return f;
    }
    return -1;
}

static void wheel_seen(const Game *g, bool *on)
{
    const AutomaState *a = &AUTOMA(g->st);
    memset(on, 0, AUTOMA_MAX_FORMATIONS * sizeof *on);
    for (int s = 0; s <= WHEEL_MAX_SLOTS; s++)
        if (a->wheel[s] >= 0 && a->wheel[s] < AUTOMA_MAX_FORMATIONS)
            on[a->wheel[s]] = true;
}

void corps_watch_start(CorpsWatch *w, CorpsRecord *r, const Game *g)
{
    memset(w, 0, sizeof *w);
    memset(r, 0, sizeof *r);
    r->nf = g->gd->automa.nformations < AUTOMA_MAX_FORMATIONS ? g->gd->automa.nformations : AUTOMA_MAX_FORMATIONS;
    w->log_seen = g->log.count;
    w->eng_f = w->reader = -1;
    w->active = AUTOMA(g->st).active;
    wheel_seen(g, w->on_wheel);
    for (int u = 0; u < g->st.nunits && u < GS_MAX_UNITS; u++) {
        w->steps[u] = g->st.unit[u].where == AT_MAP ? g->st.unit[u].steps : 0;
        int f = g->gd->units[u].side == SIDE_UNION ? data_automa_formation_of_unit(g->gd, u) : -1;
        if (f >= 0 && f < r->nf) {
            w->watched[w->nwatched] = (short)u;
            w->watched_f[w->nwatched++] = (signed char)f;
        }
    }
}

void corps_watch_before(CorpsWatch *w, const Game *g) { w->active = AUTOMA(g->st).active; }

/* Each "lead UNIT HHHH->HHHH" or "lead UNIT cannot get closer" in text. */
static void read_marches(const GameData *gd, const char *text, CorpsRecord *r)
{
    size_t lead = strlen(AUTOMA_LOG_LEAD);
    for (const char *p = strstr(text, AUTOMA_LOG_LEAD); p; p = strstr(p + 1, AUTOMA_LOG_LEAD)) {
        char id[64];
        int used = 0;
        if (sscanf(p + lead, "%63s%n", id, &used) != 1)
            continue;
        int u = data_unit_index(gd, id);
        int f = u >= 0 ? data_automa_formation_of_unit(gd, u) : -1;
        if (f < 0 || f >= r->nf)
            continue;
        const char *rest = p + lead + used;
        CorpsGame *c = &r->corps[f];
        c->marches++;
        char from[8], to[8];
        HexCoord a, b;
        if (strncmp(rest, AUTOMA_LOG_NO_CLOSER, strlen(AUTOMA_LOG_NO_CLOSER)) == 0)
            c->nowhere++;
        else if (sscanf(rest, " %4[0-9]->%4[0-9]", from, to) == 2 && hex_parse(from, &a) && hex_parse(to, &b))
            c->hexes += hex_distance(a, b);
    }
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* N in "N hit" or "N hits" just before suffix in t, or -1. */
static int hits_before(const char *t, const char *suffix)
{
    const char *p = strstr(t, suffix);
    if (!p)
        return -1;
    if (p - t >= 5 && strncmp(p - 5, " hits", 5) == 0)
        p -= 5;
    else if (p - t >= 4 && strncmp(p - 4, " hit", 4) == 0)
        p -= 4;
    else
        return -1;
    while (p > t && isdigit((unsigned char)p[-1]))
        p--;
    int n;
    return sscanf(p, "%d", &n) == 1 ? n : -1;
}

/* "the Union scores N VP (WHY)" or "the Confederates score N VP (WHY)",
 * under rule: for reader, the corps the last objective or paragraph was
 * for (-1 none). */
static void read_vp(const char *rule, const char *text, int reader, CorpsRecord *r)
{
    int side, points, used = 0;
    if (!starts(text, "the"))
        return; /* what both patterns begin with: most lines are over at once */
    if (sscanf(text, "the Union scores %d VP (%n", &points, &used) == 1 && used > 0)
        side = SIDE_UNION;
    else if (sscanf(text, "the Confederates score %d VP (%n", &points, &used) == 1 && used > 0)
        side = SIDE_CONFEDERATE;
    else
        return;
    const char *why = text + used;
    int src = VS_OTHER, num;
    if (strcmp(rule, "AI-DAY-VP") == 0)
        src = VS_DAY;
    else if (starts(why, AUTOMA_VP_OBJECTIVE))
        src = VS_OBJECTIVE;
    else if (why[0] == '[' && sscanf(why, "[%3d]", &num) == 1)
        src = VS_PARAGRAPH;
    else if (starts(why, AUTOMA_VP_CONF_LOST))
        src = VS_CONF_LOST;
    else if (starts(why, AUTOMA_VP_BOXED))
        src = VS_BOXED;
    else if (starts(why, AUTOMA_VP_LAST))
        src = VS_LAST_VP;
    r->vp[side][src] += points;
    if ((src == VS_OBJECTIVE || src == VS_PARAGRAPH) && side == SIDE_UNION && reader >= 0 && reader < r->nf)
        r->corps[reader].vp_objective += points;
}

void corps_watch_after(CorpsWatch *w, CorpsRecord *r, const Game *g)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &AUTOMA(g->st);
    int now = a->active;
    if (now >= 0 && now < r->nf && now != w->active)
        r->corps[now].activations++;
    int acting = now >= 0 ? now : w->active;
    w->reader = -1; /* a VP line follows its objective or paragraph in the same decision */
    for (int i = w->log_seen; i < g->log.count; i++) {
        const LogEntry *e = &g->log.items[i];
        const char *t = e->text;
        read_marches(gd, t, r);
        bool engagement = strcmp(e->rule, "AI-ENGAGEMENT") == 0;
        if (engagement && strstr(t, AUTOMA_LOG_ENGAGES)) {
            int f = formation_named(gd, t);
            w->eng_f = f >= 0 ? f : acting;
            if (w->eng_f >= 0 && w->eng_f < r->nf)
                r->corps[w->eng_f].engagements++;
        }
        bool eng = w->eng_f >= 0 && w->eng_f < r->nf;
        if (eng && strcmp(e->rule, "AI-INTERRUPT") == 0) {
            r->corps[w->eng_f].interrupts++;
            r->corps[w->eng_f].called_off += strstr(t, AUTOMA_LOG_CALLED_OFF) != NULL;
        }
        int hits;
        if (eng && engagement && (hits = hits_before(t, AUTOMA_LOG_HITS_ON_CONF)) >= 0)
            r->corps[w->eng_f].hits_dealt += hits;
        if (eng && engagement && (hits = hits_before(t, AUTOMA_LOG_HITS_ON_UNION)) >= 0)
            r->corps[w->eng_f].hits_taken += hits;
        const char *rf = t[0] == '[' ? strstr(t, AUTOMA_LOG_READ_FOR) : NULL;
        if (rf)
            w->reader = formation_named(gd, rf + strlen(AUTOMA_LOG_READ_FOR));
        if (strcmp(e->rule, "AI-OBJECTIVE") == 0 && strstr(t, AUTOMA_LOG_REACHES))
            w->reader = formation_named(gd, t);
        read_vp(e->rule, t, w->reader, r);
    }
    w->log_seen = g->log.count;
    if (a->eng == ENG_NONE)
        w->eng_f = -1; /* the engagement is over */
    bool on[AUTOMA_MAX_FORMATIONS];
    wheel_seen(g, on);
    for (int f = 0; f < r->nf; f++) {
        CorpsGame *c = &r->corps[f];
        if (on[f] && !c->wheel_turn)
            c->wheel_turn = g->st.turn;
        if (!on[f] && w->on_wheel[f] && c->wheel_turn && !c->release_turn)
            c->release_turn = g->st.turn;
        w->on_wheel[f] = on[f];
    }
    for (int i = 0; i < w->nwatched; i++) { /* the others never count (corps_watch_start) */
        int u = w->watched[i];
        int where = g->st.unit[u].where;
        int steps = where == AT_MAP ? g->st.unit[u].steps : 0;
        if (steps < w->steps[u] && (where == AT_MAP || where == AT_ELIMINATED))
            r->corps[w->watched_f[i]].steps_lost += w->steps[u] - steps;
        w->steps[u] = (unsigned char)steps;
    }
}
