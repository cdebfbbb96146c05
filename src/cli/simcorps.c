/* What each Union corps did in a game (simcorps.h): the state before and
 * after each decision and the facts its log lines tell (rules/log_facts.h):
 * a march's lead, an engagement, its interruption roll and hits, an
 * objective reached, a paragraph read, and every VP with why it was scored
 * (automa.h's AUTOMA_VP_WHYS). No text is read: the sim writes none. */
#include "cli/simcorps.h"

#include <string.h>

#include "automa/automa.h"
#include "automa/automa_state.h"

static const char *const source_names[] = {
#define X(id, name, what) name,
    VP_SOURCES(X)
#undef X
};

const char *vp_source_name(int s) { return s >= 0 && s < VS_COUNT ? source_names[s] : "?"; }

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
    w->facts_seen = g->log.nfacts;
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

/* Where VP came from, by the Automa's why (LF_VP). */
static const int source_of[AVP_COUNT] = {
    [AVP_OBJECTIVE] = VS_OBJECTIVE, [AVP_PARAGRAPH] = VS_PARAGRAPH, [AVP_DAY] = VS_DAY,
    [AVP_CONF_LOST] = VS_CONF_LOST, [AVP_BOXED] = VS_BOXED,         [AVP_LAST] = VS_LAST_VP,
};

void corps_watch_after(CorpsWatch *w, CorpsRecord *r, const Game *g)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &AUTOMA(g->st);
    int now = a->active;
    if (now >= 0 && now < r->nf && now != w->active)
        r->corps[now].activations++;
    int acting = now >= 0 ? now : w->active;
    w->reader = -1; /* a VP line follows its objective or paragraph in the same decision */
    if (w->facts_seen > g->log.nfacts)
        w->facts_seen = g->log.nfacts; /* taken back */
    for (int i = w->facts_seen; i < g->log.nfacts; i++) {
        const LogFact *x = &g->log.facts[i];
        bool eng = w->eng_f >= 0 && w->eng_f < r->nf;
        switch (x->kind) {
        case LF_MARCH: {
            int f = x->a >= 0 && x->a < gd->nunits ? data_automa_formation_of_unit(gd, x->a) : -1;
            if (f < 0 || f >= r->nf)
                break;
            CorpsGame *c = &r->corps[f];
            c->marches++;
            if (x->b == x->c)
                c->nowhere++;
            else
                c->hexes += hex_distance(map_hex_at(&gd->map, x->b), map_hex_at(&gd->map, x->c));
            break;
        }
        case LF_ENGAGE:
            w->eng_f = x->a >= 0 ? x->a : acting;
            if (w->eng_f >= 0 && w->eng_f < r->nf)
                r->corps[w->eng_f].engagements++;
            break;
        case LF_INTERRUPT:
            if (eng) {
                r->corps[w->eng_f].interrupts++;
                r->corps[w->eng_f].called_off += x->a != 0;
            }
            break;
        case LF_HITS:
            if (eng && x->a == SIDE_CONFEDERATE)
                r->corps[w->eng_f].hits_dealt += x->b;
            else if (eng && x->a == SIDE_UNION)
                r->corps[w->eng_f].hits_taken += x->b;
            break;
        case LF_READ:
            w->reader = x->b;
            break;
        case LF_REACHES:
            w->reader = x->a;
            break;
        case LF_VP: {
            int src = x->c >= 0 && x->c < AVP_COUNT ? source_of[x->c] : VS_OTHER;
            if (x->a != SIDE_UNION && x->a != SIDE_CONFEDERATE)
                break;
            r->vp[x->a][src] += x->b;
            if ((src == VS_OBJECTIVE || src == VS_PARAGRAPH) && x->a == SIDE_UNION && w->reader >= 0 &&
                w->reader < r->nf)
                r->corps[w->reader].vp_objective += x->b;
            break;
        }
        default:
            break;
        }
    }
    w->facts_seen = g->log.nfacts;
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
