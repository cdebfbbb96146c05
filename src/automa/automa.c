/* The Automa's display and turn: set-up (AI-SETUP), the Activation Track
 * (AI-TRACK, AI-RANDOMIZE), Hooker and the attitude (AI-HOOKER,
 * AI-ATTITUDE), the cup (AI-SEQUENCE), the turn track (AI-END-TURN,
 * AI-I-VI, AI-INDEPENDENT), the VP track (AI-VP-TRACK) and the step
 * machine of an activation. The booklet's paragraphs are read by
 * paragraph.c and the movement is in automa_move.c. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa_internal.h"

_Static_assert(AUTOMA_MAX_UNITS == GS_MAX_UNITS, "the Automa's per-unit arrays follow GS_MAX_UNITS");

bool automa_on(const Game *g) { return AUTOMA(g->st).on; }

const char *automa_formation_name(const GameData *gd, int f)
{
    const AutomaData *a = &gd->automa;
    if (f < 0 || f >= a->nformations)
        return "?";
    const AutomaFormation *af = &a->formations[f];
    if (af->counter >= 0)
        return gd->counters[af->counter].name;
    return gd->formations[af->formation].name;
}

const char *automa_step_name(int step)
{
    static const char *const names[] = {"idle", "drawn", "behaviour", "objective", "move", "combat", "finish", "night"};
    return step >= 0 && step < (int)(sizeof names / sizeof *names) ? names[step] : "?";
}

const char *attitude_name(int attitude) { return attitude == ATT_CAUTIOUS ? "Cautious" : "Aggressive"; }

int automa_roll(Game *g, const char *rule, const char *fmt, ...)
{
    char purpose[160] = "";
    if (log_wants_text(&g->log)) { /* the purpose is the roll's line */
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(purpose, sizeof purpose, fmt, ap);
        va_end(ap);
    }
    return game_roll(g, rule, purpose);
}

/* The Automa formation of a command chit (its corps), -1. */
static int formation_of_chit(const Game *g, const Chit *c)
{
    const AutomaData *a = &g->gd->automa;
    if (c->kind != CHIT_FORMATION || c->side != SIDE_UNION)
        return -1;
    for (int f = 0; f < a->nformations; f++)
        if (a->formations[f].counter < 0 && a->formations[f].formation == c->index)
            return f;
    return -1;
}

/* The Union's commanding general: the Union higher commander (Hooker). */
static int hooker_commander(const GameData *gd)
{
    for (int k = 0; k < gd->ncommanders; k++)
        if (gd->commanders[k].side == SIDE_UNION && gd->commanders[k].higher)
            return k;
    return -1;
}

/* The units that are formation f's when on the map (an Automa counter,
 * data_automa_formation_of_unit naming f), in index order: what the data
 * alone says, worked out once for a data set (keyed on its serial, new for
 * each load and each change in place, as the movement's step tables are)
 * instead of asking every unit of the order of battle each time the
 * Automa looks at a formation, which is after every decision. */
static struct {
    const GameData *gd;
    unsigned serial;
    int nunits, nformations;
    short first[AUTOMA_MAX_FORMATIONS + 1]; /* f's units: unit[first[f]] .. unit[first[f + 1] - 1] */
    short unit[AUTOMA_MAX_UNITS];
} formation_units;

static bool formation_units_fit(const GameData *gd)
{
    if (gd->nunits > AUTOMA_MAX_UNITS || gd->automa.nformations > AUTOMA_MAX_FORMATIONS)
        return false;
    if (formation_units.gd == gd && formation_units.serial == gd->serial && formation_units.nunits == gd->nunits &&
        formation_units.nformations == gd->automa.nformations)
        return true;
    int k = 0;
    for (int f = 0; f < gd->automa.nformations; f++) {
        formation_units.first[f] = (short)k;
        for (int u = 0; u < gd->nunits; u++)
            if (gd->units[u].counter >= 0 && data_automa_formation_of_unit(gd, u) == f)
                formation_units.unit[k++] = (short)u;
    }
    formation_units.first[gd->automa.nformations] = (short)k;
    formation_units.gd = gd;
    formation_units.serial = gd->serial;
    formation_units.nunits = gd->nunits;
    formation_units.nformations = gd->automa.nformations;
    return true;
}

int automa_units(const Game *g, int f, short *out, int max)
{
    int n = 0;
    const AutomaFormation *af = f >= 0 && f < g->gd->automa.nformations ? &g->gd->automa.formations[f] : NULL;
    if (af && g->st.nunits <= g->gd->nunits && formation_units_fit(g->gd)) {
        for (int i = formation_units.first[f]; i < formation_units.first[f + 1]; i++) {
            int u = formation_units.unit[i];
            if (u < g->st.nunits && g->st.unit[u].where == AT_MAP && n < max)
                out[n++] = (short)u;
        }
        return n;
    }
    for (int u = 0; u < g->st.nunits; u++) {
        const UnitDef *ud = &g->gd->units[u];
        /* only a unit of f's counter, or of its corps, can be f's (asked of them alone) */
        if (af && ud->counter != af->counter && (af->counter >= 0 || ud->formation != af->formation))
            continue;
        if (g->st.unit[u].where == AT_MAP && ud->counter >= 0 && data_automa_formation_of_unit(g->gd, u) == f &&
            n < max)
            out[n++] = (short)u;
    }
    return n;
}

/* ---- the Activation Track (AI-TRACK, AI-RANDOMIZE) -------------------- */

void track_compact(AutomaState *a, int slots)
{
    int k = 0;
    for (int i = 0; i < slots; i++)
        if (a->track[i] >= 0)
            a->track[k++] = a->track[i];
    for (; k < slots; k++)
        a->track[k] = -1;
}

/* A marker back to the first free slot (C.0). */
void track_return(Game *g, int f)
{
    AutomaState *a = &AUTOMA(g->st);
    int slots = g->gd->automa.track.slots;
    for (int i = 0; i < slots; i++)
        if (a->track[i] == f)
            return;
    for (int i = 0; i < slots; i++)
        if (a->track[i] < 0) {
            a->track[i] = (signed char)f;
            a->status[f] = FS_TRACK;
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-TRACK", "%s's marker goes back to slot %d of the track",
                    automa_formation_name(g->gd, f), i + 1);
            return;
        }
}

void track_text(const Game *g, char *buf, size_t size)
{
    const AutomaState *a = &AUTOMA(g->st);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < g->gd->automa.track.slots && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%d:%s", i ? " " : "", i + 1,
                                a->track[i] >= 0 ? g->gd->automa.formations[a->track[i]].id : "-");
}

/* Hooker's box sets the attitude while he stands in his column (AI-ATTITUDE). */
static void attitude_from_hooker(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    if (a->hooker_where != HK_COLUMN)
        return;
    int att = g->gd->automa.track.box[a->hooker_box].attitude;
    if (att != a->attitude)
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ATTITUDE", "Hooker on box %d: the Union turns %s", a->hooker_box,
                attitude_name(att));
    a->attitude = (signed char)att;
}

/* Three dice read on the Ruler (C.1): the page, the third die. */
static const PageCell *ruler_read(Game *g, const char *rule, const char *what, int window, int *page, int *third)
{
    int d1 = automa_roll(g, rule, "%s: first die of the page pair", what);
    int d2 = automa_roll(g, rule, "%s: second die of the page pair", what);
    int d3 = automa_roll(g, rule, "%s: the third die sets the Ruler", what);
    *page = d1 + d2;
    *third = d3;
    return data_page_cell(g->gd, *page, d3, window);
}

static void randomize_track(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &g->gd->automa.track;
    int page, third;
    const PageCell *c = ruler_read(g, "AI-RANDOMIZE", "randomizing the track", RW_ACTIVATION, &page, &third);
    if (!c)
        return;
    int pos = g->gd->automa.anchors[third - 1] + g->gd->automa.window[RW_ACTIVATION];
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RANDOMIZE", "page %d, Ruler at %d, activation window (cell %d): %s",
            page, g->gd->automa.anchors[third - 1], pos, c->token);
    for (int i = 0; i < c->narrows; i++) {
        const TrackArrow *ar = &c->arrows[i];
        if (ar->slot == 0) {
            if (a->hooker_where != HK_COLUMN) {
                log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RANDOMIZE", "Hooker's arrow is ignored: he is off his column");
                continue;
            }
            int b = a->hooker_box + (ar->up ? -1 : 1);
            if (b < 1)
                b = ar->star ? t->hooker_boxes : 1;
            if (b > t->hooker_boxes)
                b = ar->star ? 1 : t->hooker_boxes;
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RANDOMIZE", "Hooker %s%s: box %d -> %d", ar->up ? "up" : "down",
                    ar->star ? " (starred)" : "", a->hooker_box, b);
            a->hooker_box = (signed char)b;
            continue;
        }
        int s = ar->slot - 1;
        while (s >= 0 && a->track[s] < 0)
            s--; /* an empty slot: the first occupied one above */
        int other = ar->up ? s - 1 : s + 1;
        if (s < 0 || other < 0 || other >= t->slots || a->track[other] < 0) {
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RANDOMIZE", "arrow %d%c moves nothing", ar->slot,
                    ar->up ? 'u' : 'd');
            continue;
        }
        signed char x = a->track[s];
        a->track[s] = a->track[other];
        a->track[other] = x;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RANDOMIZE", "arrow %d%c: %s and %s swap slots %d and %d", ar->slot,
                ar->up ? 'u' : 'd', g->gd->automa.formations[a->track[other]].id,
                g->gd->automa.formations[a->track[s]].id, s + 1, other + 1);
    }
    attitude_from_hooker(g);
}

/* ---- set-up (AI-SETUP) -------------------------------------------------- */

void automa_setup(Game *g)
{
    const GameData *gd = g->gd;
    const AutomaData *ad = &gd->automa;
    const ScenarioDef *sc = &gd->scenarios[g->st.scenario];
    AutomaState *a = &AUTOMA(g->st);
    memset(a, 0, sizeof *a);
    a->on = true;
    a->active = -1;
    a->queue[0] = a->queue[1] = a->holding[0] = a->holding[1] = -1;
    for (int i = 0; i < TRACK_MAX_SLOTS; i++)
        a->track[i] = -1;
    for (int i = 0; i <= WHEEL_MAX_SLOTS; i++)
        a->wheel[i] = -1;
    for (int f = 0; f < AUTOMA_MAX_FORMATIONS; f++) {
        a->area[f] = a->obj_area[f] = -1;
        a->skirm[f] = -1;
        a->thrown[f] = -1;
        a->ford[f] = -1;
    }
    for (int f = 0; f < ad->nformations; f++) {
        a->status[f] = ad->formations[f].counter >= 0 ? FS_NO_MARKER : FS_TRACK;
        a->area[f] = (short)sc->strategy_area[f];
        a->obj_area[f] = (short)sc->objective_area[f];
        a->obj_value[f] = (signed char)sc->objective_value[f];
        a->combat[f] = (signed char)sc->strategy_combat[f];
    }
    for (int i = 0; i < ad->track.nturn_markers; i++) {
        const TurnMarker *m = &ad->track.turn_markers[i];
        a->marker_turn[i] = (signed char)m->turn;
        if (m->kind == TM_CORPS)
            a->status[m->formation] = FS_WAITING;
    }
    int k = 0;
    for (int i = 0; i < ad->track.nsetup_track && k < TRACK_MAX_SLOTS; i++)
        a->track[k++] = (signed char)ad->track.setup_track[i];
    int rnd[TRACK_MAX_SLOTS], nr = ad->track.nsetup_random;
    memcpy(rnd, ad->track.setup_random, sizeof rnd);
    while (nr > 0 && k < TRACK_MAX_SLOTS) { /* the rest below them at random (B1 step 4) */
        int i = (int)rng_below(&g->st.rng, (uint32_t)nr);
        a->track[k++] = (signed char)rnd[i];
        rnd[i] = rnd[--nr];
    }
    a->hooker_where = HK_COLUMN;
    a->hooker_box = (signed char)ad->track.setup_hooker;
    a->attitude = (signed char)ad->track.setup_attitude;
    a->vp = (signed char)ad->track.setup_vp;
    for (int u = 0; u < g->st.nunits; u++) {
        a->seen_steps[u] = g->st.unit[u].steps;
        a->seen_where[u] = g->st.unit[u].where;
    }
    char track[160];
    track_text(g, track, sizeof track);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SETUP", "the Activation Track: %s; Hooker on box %d; %s; VP marker on %d",
            track, a->hooker_box, attitude_name(a->attitude), a->vp);
    for (int f = 0; f < ad->nformations; f++)
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SETUP", "%s: strategy counter on [%03d] %s%s%s",
                automa_formation_name(gd, f), a->area[f] >= 0 ? gd->areas[a->area[f]].number : 0,
                a->area[f] >= 0 ? gd->areas[a->area[f]].name : "?",
                a->combat[f] > 0 ? ", +1 combat" : a->combat[f] < 0 ? ", -1 combat" : "",
                a->status[f] == FS_WAITING ? "; its marker waits on the turn track" : "");
    for (int i = 0; i < ad->nhook_start; i++) {
        const Paragraph *p = data_paragraph(gd, ad->hook_start[i]);
        if (p)
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SEQUENCE", "read before the game: [%03d] %s", p->number, p->title);
    }
}

/* ---- the cup (AI-SEQUENCE, AI-TRACK, AI-HOOKER) ------------------------ */

static void into_cup(Game *g, int f, Chit *out, int *n, int max, const char *why)
{
    AutomaState *a = &AUTOMA(g->st);
    if (*n >= max)
        return;
    out[(*n)++] = (Chit){CHIT_FORMATION, SIDE_UNION, (short)g->gd->automa.formations[f].formation};
    a->status[f] = FS_CUP;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-TRACK", "%s's marker goes into the cup (%s)",
            automa_formation_name(g->gd, f), why);
}

int automa_cup(Game *g, Chit *out, int max)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    const ActivationTrack *t = &gd->automa.track;
    int n = 0;
    if (gd->turns[g->st.turn - 1].night) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NIGHT", "night: no Automa marker goes into the cup");
        return 0;
    }
    bool first = g->st.turn <= gd->scenarios[g->st.scenario].first_turn;
    if (!first)
        randomize_track(g);
    int points = g->st.points[SIDE_UNION] / (t->cost > 0 ? t->cost : 1);
    /* O.1: "First turn only: skip steps 2 and 3" (the randomization and Hooker's holding box) */
    if (!first && a->hooker_where == HK_COLUMN && t->box[a->hooker_box].linked[0] > 0) {
        const HookerBox *b = &t->box[a->hooker_box];
        int s1 = b->linked[0] - 1, s2 = b->linked[1] - 1;
        int f1 = a->track[s1], f2 = a->track[s2];
        if (f1 >= 0 && f2 >= 0 && points >= 2) {
            a->holding[0] = (signed char)f1;
            a->holding[1] = (signed char)f2;
            a->track[s1] = a->track[s2] = -1;
            a->status[f1] = a->status[f2] = FS_HOLDING;
            a->hooker_where = HK_CUP;
            points -= 2;
            out[n++] = (Chit){CHIT_HIGHER, SIDE_UNION, (short)hooker_commander(gd)};
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-HOOKER",
                    "Hooker on highlighted box %d: %s and %s (slots %d and %d) go to the holding box, Hooker into the "
                    "cup; the attitude stays %s until he is back",
                    a->hooker_box, gd->automa.formations[f1].id, gd->automa.formations[f2].id, s1 + 1, s2 + 1,
                    attitude_name(a->attitude));
        } else if ((f1 >= 0) != (f2 >= 0) && points >= 1) {
            int f = f1 >= 0 ? f1 : f2;
            a->track[f1 >= 0 ? s1 : s2] = -1;
            into_cup(g, f, out, &n, max, "the only linked slot occupied: Hooker stays (exception)");
            points--;
        } else if (f1 < 0 && f2 < 0)
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-HOOKER", "Hooker's linked slots %d and %d are empty: ignored",
                    s1 + 1, s2 + 1);
        else
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-HOOKER",
                    "Hooker's linked slots %d and %d: not enough activation points left to move them (%d)", s1 + 1,
                    s2 + 1, points);
    }
    track_compact(a, t->slots);
    for (int i = 0; i < t->slots && points > 0; i++)
        if (a->track[i] >= 0) {
            into_cup(g, a->track[i], out, &n, max, "from the top of the track");
            a->track[i] = -1;
            points--;
        }
    track_compact(a, t->slots);
    for (int f = 0; f < gd->automa.nformations; f++)
        if (a->extra_cup[f]) {
            a->extra_cup[f] = 0;
            into_cup(g, f, out, &n, max, "released while Aggressive: no point used");
        }
    if (a->independent && n < max) {
        out[n++] = (Chit){CHIT_INDEPENDENT, SIDE_UNION, -1};
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-INDEPENDENT", "the Union Independent marker goes into the cup");
    }
    char track[160] = "";
    if (log_wants_text(&g->log))
        track_text(g, track, sizeof track);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-TRACK", "the track after filling the cup: %s", track);
    return n;
}

/* ---- the VP track (AI-VP-TRACK) ---------------------------------------- */

static const char *const vp_whys[] = {
#define X(id, words) words,
    AUTOMA_VP_WHYS(X)
#undef X
};

void automa_vp(Game *g, int side, int points, const char *rule, int why, int paragraph)
{
    AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &g->gd->automa.track;
    int v = a->vp + (side == SIDE_UNION ? -points : points);
    if (v < t->vp_min)
        v = t->vp_min;
    if (v > t->vp_max)
        v = t->vp_max;
    char number[16];
    const char *words = why >= 0 && why < AVP_COUNT ? vp_whys[why] : "?";
    if (!words) {
        snprintf(number, sizeof number, "[%03d]", paragraph);
        words = number;
    }
    log_fact(&g->log, LF_VP, side, points, why, 0);
    log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s %d VP (%s): the VP marker %d -> %d",
            side == SIDE_UNION ? "the Union scores" : "the Confederates score", points, words, a->vp, v);
    a->vp = (signed char)v;
}

/* Every loss since the last look, whatever made it (AI-VP-TRACK,
 * AI-COUNTERS' boxed values), and objectives reached in the player's turn
 * by an advance after combat (AI-OBJECTIVE). */
/* The first unit from u below end whose steps or place changed since the
 * Automa last looked (end when none): a tight scan. */
static int next_seen_change(const GameState *st, const AutomaState *a, int u, int end)
{
    const unsigned char *steps = a->seen_steps, *where = a->seen_where;
    const UnitState *unit = st->unit;
    while (u < end && steps[u] == unit[u].steps && where[u] == unit[u].where)
        u++;
    return u;
}

/* What the units and the Automa's record of them were as automa_reconcile
 * last finished its look (when the record matched every unit's steps and
 * place): outside the state, for any game. While the record is still what
 * it was then, a unit whose state is byte for byte what it was then cannot
 * differ from its record, so only the blocks of units that changed at all
 * (a few a decision, where the look runs after every decision and nearly
 * always finds nothing) are looked at unit by unit; when the record is not
 * what it was (another game, a state put back, a record written elsewhere),
 * every unit is. A look that found the memo fitting brings only the blocks
 * it looked at up to date (the others are as the memo has them); one that
 * did not keeps every unit. automa_seen_forget drops it. */
#define SEEN_BLOCK 24 /* units a block (240 bytes): of 16, 20, 24, 28 and 32 the fewest instructions in guv sim */
static struct {
    bool known;
    int nunits;
    UnitState unit[AUTOMA_MAX_UNITS];
    unsigned char steps[AUTOMA_MAX_UNITS], where[AUTOMA_MAX_UNITS];
} seen_memo;

void automa_seen_forget(void) { seen_memo.known = false; }

/* After the look: the record matches every unit. */
static void seen_memo_keep(const GameState *st, const AutomaState *a, int n)
{
    if (n > AUTOMA_MAX_UNITS) {
        seen_memo.known = false;
        return;
    }
    seen_memo.known = true;
    seen_memo.nunits = n;
    memcpy(seen_memo.unit, st->unit, (size_t)n * sizeof *st->unit);
    memcpy(seen_memo.steps, a->seen_steps, (size_t)n);
    memcpy(seen_memo.where, a->seen_where, (size_t)n);
}

/* next_seen_change when the memo fits: the record is then what the memo's
 * units had, so a unit differs from its record where its steps or place
 * differ from the memo's (the two bytes side by side, one comparison). */
static int next_memo_change(const GameState *st, int u, int end)
{
    _Static_assert(offsetof(UnitState, steps) == offsetof(UnitState, where) + 1, "where and steps side by side");
    const UnitState *unit = st->unit, *memo = seen_memo.unit;
    while (u < end && memcmp(&unit[u].where, &memo[u].where, 2) == 0)
        u++;
    return u;
}

/* Whether no unit of the block from u can differ from its record
 * (the memo fits and the block is as it was). */
static bool seen_block_same(const GameState *st, bool fits, int u, int end)
{
    return fits && memcmp(&seen_memo.unit[u], &st->unit[u], (size_t)(end - u) * sizeof *st->unit) == 0;
}

void automa_reconcile(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    const ActivationTrack *t = &gd->automa.track;
    int n = g->st.nunits;
    bool fits = seen_memo.known && seen_memo.nunits == n && memcmp(seen_memo.steps, a->seen_steps, (size_t)n) == 0 &&
                memcmp(seen_memo.where, a->seen_where, (size_t)n) == 0;
    bool same = seen_block_same(&g->st, fits, 0, n); /* no unit changed at all: nothing to look at */
    for (int block = 0; block < n && !same; block += SEEN_BLOCK) {
        int end = block + SEEN_BLOCK < n ? block + SEEN_BLOCK : n;
        if (seen_block_same(&g->st, fits, block, end))
            continue;
        for (int u = fits ? next_memo_change(&g->st, block, end) : next_seen_change(&g->st, a, block, end); u < end;
             u = fits ? next_memo_change(&g->st, u + 1, end) : next_seen_change(&g->st, a, u + 1, end)) {
            const UnitState *us = &g->st.unit[u];
            const UnitDef *ud = &gd->units[u];
            int before = a->seen_steps[u], was = a->seen_where[u]; /* something happened to it since the last look */
            a->seen_steps[u] = us->steps;
            a->seen_where[u] = us->where;
            if (ud->type == UT_SKIRMISHER || ud->type == UT_DUMMY || us->where == AT_ABSENT)
                continue;
            bool gone = us->where == AT_ELIMINATED && was != AT_ELIMINATED;
            if (ud->counter >= 0) {
                const AutomaCounterDef *c = &gd->counters[ud->counter];
                for (int s = before - 1; s >= (int)us->steps && s >= 1; s--) {
                    int idx = c->nvalues - s; /* the value it turned to */
                    if (idx >= 0 && idx < c->nvalues && c->boxed[idx])
                        automa_vp(g, SIDE_CONFEDERATE, 1, "AI-COUNTERS", AVP_BOXED, 0);
                }
                if (gone && a->nvp_waiting < 8) /* E: the player places it on the track or scores a last VP */
                    a->vp_waiting[a->nvp_waiting++] = (short)u;
            } else if (ud->side == SIDE_CONFEDERATE && gone) {
                a->confederate_lost++;
                if (ud->strength >= t->scoring_strength)
                    automa_vp(g, SIDE_UNION, 1, "AI-VP-TRACK", AVP_CONF_LOST, 0);
                if (ud->strength >= t->track_strength) {
                    a->low_counters++;
                    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-VP-TRACK", "%s goes on slot %d of the VP track",
                            ud->name, t->vp_min + a->low_counters - 1);
                }
            }
        }
        if (fits) { /* the memo kept as it was but for this block: it is brought up to date here */
            memcpy(&seen_memo.unit[block], &g->st.unit[block], (size_t)(end - block) * sizeof *g->st.unit);
            memcpy(&seen_memo.steps[block], &a->seen_steps[block], (size_t)(end - block));
            memcpy(&seen_memo.where[block], &a->seen_where[block], (size_t)(end - block));
        }
    }
    if (!same && !fits)
        seen_memo_keep(&g->st, a, n);
    if (g->st.pending != PEND_COMBAT)
        a->cover_art = 0; /* the defending artillery lasts one combat */
    automa_check_objectives(g);
    if (a->nvp_waiting > 0 && g->st.pending == PEND_NONE && g->st.phase != PH_GAME_OVER) {
        a->vp_resume = (signed char)g->st.to_move;
        a->eng = ENG_VP;
        g->st.pending = PEND_SYSTEM;
        g->st.to_move = SIDE_CONFEDERATE;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-VP-TRACK",
                "%s is eliminated: on the VP track from %d down (vp-track UNIT), or one last VP (last-vp UNIT)?",
                gd->units[a->vp_waiting[0]].name, t->vp_max);
    }
}

bool automa_victory(Game *g, bool last_turn)
{
    AutomaState *a = &AUTOMA(g->st);
    GameState *st = &g->st;
    const ActivationTrack *t = &g->gd->automa.track;
    /* The counters lie on the track's ends: Confederate ones from vp_min up
     * (the first on vp_min), Union ones from vp_max down (the first on
     * vp_max). The marker on the end slot, or on the nearest counter, ends
     * the game at once with a strategic victory (E). */
    int low_edge = t->vp_min + (a->low_counters > 0 ? a->low_counters - 1 : 0);
    int high_edge = t->vp_max - (a->high_counters > 0 ? a->high_counters - 1 : 0);
    int result = RES_NONE;
    const char *why = NULL;
    bool strategic = true;
    if (a->vp >= high_edge)
        result = RES_CONFEDERATE, why = a->high_counters ? "the VP marker reached a Union counter on the track"
                                                           : "the VP marker reached the end of the track";
    else if (a->vp <= low_edge)
        result = RES_UNION, why = a->low_counters ? "the VP marker reached a Confederate counter on the track"
                                                  : "the VP marker reached 0";
    char lost[80]; /* written only when it ends the game: this runs after every decision */
    if (result == RES_NONE && a->confederate_lost >= t->loss_limit) {
        snprintf(lost, sizeof lost, "%d Confederate counters have been eliminated", a->confederate_lost);
        result = RES_UNION, why = lost;
    }
    if (result == RES_NONE && !last_turn)
        return false;
    const RatingBand *band = NULL;
    for (int i = 0; i < t->nbands; i++)
        if (a->vp >= t->bands[i].from && a->vp <= t->bands[i].to)
            band = &t->bands[i];
    if (result == RES_NONE) {
        strategic = false;
        why = "the last turn is over";
        result = RES_DRAW;
        if (band && strstr(band->id, "union"))
            result = RES_UNION;
        else if (band && strstr(band->id, "confederate"))
            result = RES_CONFEDERATE;
    }
    st->phase = PH_GAME_OVER;
    st->result = result;
    a->strategic_end = strategic;
    if (strategic)
        snprintf(st->result_text, sizeof st->result_text, "%s: VP %d, %s strategic victory", why, a->vp,
                 result == RES_CONFEDERATE ? "Confederate" : "Union");
    else
        snprintf(st->result_text, sizeof st->result_text, "%s: VP %d, %s", why, a->vp, band ? band->name : "unrated");
    log_add(&g->log, st->turn, LOG_EVENT, "AI-VP-TRACK", "the game is over: %s", st->result_text);
    return true;
}

/* ---- the turn track (AI-END-TURN, AI-I-VI, AI-INDEPENDENT) -------------- */

/* N.5: a corps comes into play. */
void automa_release(Game *g, int f, const char *why)
{
    AutomaState *a = &AUTOMA(g->st);
    if (a->status[f] != FS_WAITING)
        return;
    for (int i = 0; i < g->gd->automa.track.nturn_markers; i++)
        if (g->gd->automa.track.turn_markers[i].kind == TM_CORPS && g->gd->automa.track.turn_markers[i].formation == f)
            a->marker_turn[i] = 0;
    if (a->attitude == ATT_CAUTIOUS) {
        a->status[f] = FS_TRACK;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-I-VI", "%s comes into play (%s): Cautious, its marker goes on the track",
                automa_formation_name(g->gd, f), why);
        track_return(g, f);
        return;
    }
    /* M: "During the night turns, do not put AI CMs in the cup": at night it waits for the next day's */
    if (g->st.phase == PH_ACTIVATION && !g->gd->turns[g->st.turn - 1].night && g->st.ncup < GS_MAX_CHITS) {
        g->st.cup[g->st.ncup++] = (Chit){CHIT_FORMATION, SIDE_UNION, (short)g->gd->automa.formations[f].formation};
        a->status[f] = FS_CUP;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-I-VI",
                "%s comes into play (%s): Aggressive, its marker goes into the cup without a point",
                automa_formation_name(g->gd, f), why);
    } else {
        a->extra_cup[f] = 1;
        a->status[f] = FS_TRACK; /* taken from the display into the next cup */
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-I-VI",
                "%s comes into play (%s): Aggressive, its marker goes into the next cup without a point",
                automa_formation_name(g->gd, f), why);
    }
}

void automa_advance_markers(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &g->gd->automa.track;
    for (int i = 0; i < t->nturn_markers; i++) {
        if (t->turn_markers[i].kind != TM_CORPS || a->marker_turn[i] == 0)
            continue;
        int to = a->marker_turn[i] - t->advance_step;
        if (to <= g->st.turn)
            to = g->st.turn + 1;
        if (to < a->marker_turn[i]) {
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BEHAVIOUR", "%s's marker advances on the turn track: turn %d -> %d",
                    automa_formation_name(g->gd, t->turn_markers[i].formation), a->marker_turn[i], to);
            a->marker_turn[i] = (signed char)to;
        }
    }
}

static void turn_track_reached(Game *g, int next)
{
    AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &g->gd->automa.track;
    if (a->hooker_where == HK_TURN_TRACK && a->hooker_turn <= next) {
        int die = automa_roll(g, "AI-END-TURN", "the turn marker reaches Hooker: his box on the column");
        int box = die <= t->hooker_boxes ? die : t->hooker_boxes;
        a->hooker_where = HK_COLUMN;
        a->hooker_box = (signed char)box;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-END-TURN", "Hooker returns to box %d of his column", box);
        attitude_from_hooker(g);
    }
    for (int i = 0; i < t->nturn_markers; i++) {
        const TurnMarker *m = &t->turn_markers[i];
        if (a->marker_turn[i] == 0 || a->marker_turn[i] > next)
            continue;
        a->marker_turn[i] = 0;
        if (m->kind == TM_INDEPENDENT) {
            a->independent = true;
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-INDEPENDENT",
                    "the turn marker reaches the Independent marker: it goes into the cup from turn %d", next);
        } else if (m->kind == TM_CORPS)
            automa_release(g, m->formation, "the turn marker reached it");
        else if (m->kind == TM_OBJECTIVE_X) {
            int die = automa_roll(g, "AI-END-TURN", "Objective X: which paragraph");
            for (int r = 0; r < m->nroll; r++)
                if (die >= m->roll_lo[r] && die <= m->roll_hi[r]) {
                    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-END-TURN", "Objective X: %d reads [%03d]", die,
                            m->roll_para[r]);
                    automa_read(g, m->roll_para[r], -1, "AI-END-TURN");
                }
        }
    }
}

void automa_end_turn(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    GameState *st = &g->st;
    bool night = gd->turns[st->turn - 1].night;
    if (night) { /* M: the night's clean-up */
        for (int f = 0; f < gd->automa.nformations; f++) {
            if (a->combat[f])
                log_add(&g->log, st->turn, LOG_EVENT, "AI-COMBAT-MARKER", "night: %s's combat marker is removed",
                        automa_formation_name(gd, f));
            a->combat[f] = 0;
            if (a->skirm[f] >= 0 && st->unit[a->skirm[f]].where == AT_MAP) {
                unit_absent(g, a->skirm[f]); /* back to the pool */
                a->seen_where[a->skirm[f]] = AT_ABSENT;
                a->seen_steps[a->skirm[f]] = 0;
                st->skirmishers[SIDE_UNION]++;
                log_add(&g->log, st->turn, LOG_EVENT, "AI-NIGHT", "night: %s's skirmisher is removed",
                        automa_formation_name(gd, f));
            }
            a->skirm[f] = -1;
        }
        /* AI-NIGHT removes the disorder markers; a division demoralized when the night began is only
         * disorganized by its end (DEMORAL: "becomes disorganized at night"), not cleared twice over */
        for (int u = 0; u < st->nunits; u++)
            if (gd->units[u].counter >= 0 && !(u < 256 && a->night_dem[u]))
                st->unit[u].flags &= (unsigned short)~UF_DIS;
        memset(a->night_dem, 0, sizeof a->night_dem);
    }
    bool day_ends = night && st->turn < gd->nturns && !gd->turns[st->turn].night;
    if (day_ends && gd->automa.hook_day_end) {
        log_add(&g->log, st->turn, LOG_EVENT, "AI-DAY-VP", "before the next day: [%03d]", gd->automa.hook_day_end);
        automa_read(g, gd->automa.hook_day_end, -1, "AI-DAY-VP");
    }
    if (gd->automa.hook_turn_end) {
        log_add(&g->log, st->turn, LOG_EVENT, "AI-END-TURN", "the turn ends: [%03d]", gd->automa.hook_turn_end);
        automa_read(g, gd->automa.hook_turn_end, -1, "AI-END-TURN");
    }
    wheel_advance_roll(g);
    turn_track_reached(g, st->turn + 1);
}

/* ---- the activation, step by step ---------------------------------------- */

void automa_drawn(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    g->st.to_move = SIDE_UNION;
    g->st.activated = true;
    a->step = AS_DRAWN;
}

bool automa_night(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    if (a->night_done)
        return false;
    a->night_done = true;
    g->st.phase = PH_ACTIVATION;
    g->st.to_move = SIDE_UNION;
    g->st.activated = true;
    g->st.drawn = (Chit){CHIT_FORMATION, SIDE_UNION, -1};
    a->step = AS_NIGHT;
    return true;
}

int automa_legal(const Game *g, Decision *out, int max, int n)
{
    const GameState *st = &g->st;
    if (!AUTOMA(*st).on || st->to_move != SIDE_UNION || st->phase == PH_GAME_OVER)
        return n;
    if (n < max)
        out[n] = (Decision){.kind = D_SYSTEM, .side = SIDE_UNION};
    return n + 1;
}

/* The activation is over: the marker back, the next one of Hooker's pair,
 * or the next chit from the cup. */
static void finish(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    int f = a->active;
    if (f >= 0) {
        if (a->status[f] == FS_CUP || a->status[f] == FS_HOLDING)
            track_return(g, f);
        for (int u = unit_next_flagged(&g->st, 0, UF_ACTIVE); u < g->st.nunits;
             u = unit_next_flagged(&g->st, u + 1, UF_ACTIVE)) { /* the units acting: no other has anything to do */
            UnitState *us = &g->st.unit[u];
            /* DISORG, as for the player: "removed at the end of the activation, if the unit was activated
             * without moving", not out of supply */
            if ((us->flags & UF_ACTIVE) && (us->flags & UF_DIS) && !(us->flags & (UF_MOVED | UF_OOS)) &&
                us->where == AT_MAP && g->gd->units[u].side == SIDE_UNION) {
                us->flags &= (unsigned short)~UF_DIS;
                log_add(&g->log, g->st.turn, LOG_EVENT, "DISORG", "%s, activated without moving, recovers its order",
                        g->gd->units[u].name);
            }
            us->flags &= (unsigned short)~UF_ACTIVE;
        }
    }
    a->active = -1;
    a->independent_acting = false;
    if (a->queue[0] >= 0) {
        int next = a->queue[0];
        a->queue[0] = a->queue[1];
        a->queue[1] = -1;
        automa_begin(g, next);
        return;
    }
    a->step = AS_IDLE;
    draw_next(g);
}

void automa_finish(Game *g) { finish(g); }

/* A formation starts acting (C.0, N.8). */
void automa_begin(Game *g, int f)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    a->active = (signed char)f;
    a->prox = a->bombard = a->attack_art = 0;
    a->bombarded = false;
    a->in_proximity = false;
    a->iso_known = false;
    a->nisolated = 0;
    short units[16];
    int n = automa_units(g, f, units, 16);
    if (n == 0) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ACTIVATE", "%s has no division left on the map",
                automa_formation_name(gd, f));
        if (gd->automa.formations[f].counter < 0)
            a->status[f] = FS_GONE;
        a->active = -1;
        a->step = AS_FINISH;
        return;
    }
    bool reduced = true, north = true;
    for (int i = 0; i < n; i++) {
        const AutomaCounterDef *c = &gd->counters[gd->units[units[i]].counter];
        reduced &= g->st.unit[units[i]].steps < c->nvalues;
        north &= gd->map.hexes[g->st.unit[units[i]].hex].bank != BANK_SOUTH;
        g->st.unit[units[i]].flags |= UF_ACTIVE;
    }
    short acting[16];
    int nact = automa_active_units(g, f, acting); /* N.7 settled now, its isolated divisions logged */
    if (nact == n)
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ACTIVATE", "%s is activated: %d division%s act whole, no command radius",
                automa_formation_name(gd, f), n, n == 1 ? "" : "s");
    else
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ACTIVATE",
                "%s is activated: %d of its %d divisions act, no command radius (N.7)", automa_formation_name(gd, f), nact, n);
    if (reduced && gd->automa.hook_reduced) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-REDUCED", "every division is reduced: [%03d]", gd->automa.hook_reduced);
        if (automa_read(g, gd->automa.hook_reduced, f, "AI-REDUCED") != READ_END) {
            a->step = AS_FINISH;
            return;
        }
    }
    if (north) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BEHAVIOUR", "%s is wholly north of the river: no behaviour check",
                automa_formation_name(gd, f));
        a->step = AS_OBJECTIVE;
    } else
        a->step = AS_BEHAVIOUR;
}

/* The division of formation f nearest a Confederate unit (random on a tie):
 * where a skirmisher or a combat marker goes (N.2). */
static int nearest_division(Game *g, int f, const char *rule)
{
    short units[16];
    int n = automa_units(g, f, units, 16);
    int best = -1, bestd = 1 << 20, ties = 0;
    short tied[16];
    short conf[GS_MAX_HEXES]; /* the hexes of the Confederate units, each once: as near as their units */
    int nconf = side_hexes(g, SIDE_CONFEDERATE, conf);
    for (int i = 0; i < n; i++) {
        int d = hexes_nearest(&g->gd->map, g->st.unit[units[i]].hex, conf, nconf, 1 << 20);
        if (d < bestd)
            bestd = d, ties = 0;
        if (d == bestd)
            tied[ties++] = units[i];
    }
    if (ties == 0)
        return -1;
    best = tied[0];
    if (ties > 1) {
        int die = automa_roll(g, rule, "%d divisions equally near the enemy: which one", ties);
        best = tied[(die - 1) % ties];
    }
    return best;
}

void automa_skirmisher(Game *g, int f, const char *rule)
{
    AutomaState *a = &AUTOMA(g->st);
    if (a->skirm[f] >= 0 && g->st.unit[a->skirm[f]].where == AT_MAP) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SKIRMISHER", "%s has a skirmisher already: ignored",
                automa_formation_name(g->gd, f));
        return;
    }
    int u = nearest_division(g, f, "AI-SKIRMISHER");
    if (u < 0)
        return;
    int s = skirmisher_place(g, SIDE_UNION, g->st.unit[u].hex);
    if (s < 0) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SKIRMISHER", "no Union skirmisher counter is left");
        return;
    }
    a->skirm[f] = (short)s;
    a->seen_steps[s] = g->st.unit[s].steps;
    a->seen_where[s] = g->st.unit[s].where;
    char h[5];
    log_add(&g->log, g->st.turn, LOG_EVENT, rule, "a Union skirmisher goes on %s (%s), the division nearest the enemy",
            g->gd->units[u].name, hex_name(g->gd, g->st.unit[u].hex, h));
}

void automa_combat_marker(Game *g, int f, int sign, const char *rule)
{
    AutomaState *a = &AUTOMA(g->st);
    const char *name = automa_formation_name(g->gd, f);
    if (a->combat[f] == -sign) {
        a->combat[f] = 0;
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "combat %+d removes %s's %+d marker", sign, name, -sign);
    } else if (a->combat[f] == sign)
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s has a %+d marker already: markers are not cumulative", name,
                sign);
    else {
        a->combat[f] = (signed char)sign;
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s gets a %+d combat marker", name, sign);
    }
}

static void behaviour(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    int page, third;
    const PageCell *b = ruler_read(g, "AI-BEHAVIOUR", "behaviour", RW_BEHAVIOUR, &page, &third);
    const PageCell *p = data_page_cell(gd, page, third, a->attitude == ATT_CAUTIOUS ? RW_PROX_CAUTIOUS : RW_PROX_AGGRESSIVE);
    const PageCell *bo = data_page_cell(gd, page, third, RW_BOMBARD);
    if (!b || !p || !bo)
        return; /* the checker makes every window readable */
    int anchor = gd->automa.anchors[third - 1];
    a->prox = (signed char)p->value;
    a->bombard = (signed char)(bo->no_bombard ? 0 : bo->value);
    a->attack_art = (signed char)bo->value;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BEHAVIOUR",
            "page %d \"%s\", Ruler at %d: behaviour %s (cell %d), proximity %d (%s, cell %d), bombardment %s (cell %d)",
            page, gd->automa.pages[page].title, anchor, b->token, anchor + gd->automa.window[RW_BEHAVIOUR], p->value,
            attitude_name(a->attitude),
            anchor + gd->automa.window[a->attitude == ATT_CAUTIOUS ? RW_PROX_CAUTIOUS : RW_PROX_AGGRESSIVE], bo->token,
            anchor + gd->automa.window[RW_BOMBARD]);
    switch (b->value) {
    case BH_SKIRMISHER:
        automa_skirmisher(g, f, "AI-BEHAVIOUR");
        break;
    case BH_COMBAT_PLUS:
        automa_combat_marker(g, f, 1, "AI-BEHAVIOUR");
        break;
    case BH_COMBAT_MINUS:
        automa_combat_marker(g, f, -1, "AI-BEHAVIOUR");
        break;
    case BH_ADVANCE_I_VI:
        automa_advance_markers(g);
        break;
    default:
        break;
    }
    a->step = AS_OBJECTIVE;
}

static void objective_step(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    if (a->obj_area[f] < 0) {
        int area = a->area[f];
        int para = area >= 0 ? gd->areas[area].number : 0;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-OBJECTIVE", "%s has no objective: its strategy counter is on [%03d]",
                automa_formation_name(gd, f), para);
        int r = automa_read(g, para, f, "AI-OBJECTIVE");
        if (r != READ_END || a->active < 0) {
            a->step = AS_FINISH;
            return;
        }
        if (a->obj_area[f] < 0) {
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-OBJECTIVE", "%s gets no objective this time: it waits",
                    automa_formation_name(gd, f));
            a->step = AS_FINISH;
            return;
        }
    } else
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-OBJECTIVE", "%s marches on its objective: value %d at [%03d] %s",
                automa_formation_name(gd, f), a->obj_value[f], gd->areas[a->obj_area[f]].number,
                gd->areas[a->obj_area[f]].name);
    a->step = AS_MOVE;
}

static void drawn_step(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    const Chit *c = &g->st.drawn;
    if (c->kind == CHIT_HIGHER) {
        a->queue[0] = a->holding[0];
        a->queue[1] = a->holding[1];
        a->holding[0] = a->holding[1] = -1;
        a->hooker_where = HK_TURN_TRACK;
        a->hooker_turn = (signed char)(g->st.turn + gd->automa.track.hooker_return_turns);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-HOOKER",
                "Hooker is drawn: %s then %s act; Hooker goes to turn %d of the turn track",
                a->queue[0] >= 0 ? gd->automa.formations[a->queue[0]].id : "-",
                a->queue[1] >= 0 ? gd->automa.formations[a->queue[1]].id : "-", a->hooker_turn);
        int first = a->queue[0];
        a->queue[0] = a->queue[1];
        a->queue[1] = -1;
        if (first >= 0) {
            a->status[first] = FS_HOLDING;
            if (a->queue[0] >= 0)
                a->status[a->queue[0]] = FS_HOLDING;
            automa_begin(g, first);
        } else
            a->step = AS_FINISH;
        return;
    }
    if (c->kind == CHIT_INDEPENDENT) {
        automa_independent(g);
        return;
    }
    int f = formation_of_chit(g, c);
    if (f < 0) {
        a->step = AS_FINISH;
        return;
    }
    automa_begin(g, f);
}

bool automa_apply(Game *g, const Decision *d, char *why, size_t n)
{
    AutomaState *a = &AUTOMA(g->st);
    if (d->kind != D_SYSTEM || !a->on || g->st.to_move != SIDE_UNION) {
        snprintf(why, n, !a->on ? "the Automa plays only in a solitaire game"
                                : "it is the Confederate side's decision: the Automa waits");
        return false;
    }
    a->npath = 0; /* this step's march, if any, records its way; its proximity check, what it measured */
    a->nmeasured = 0;
    if (a->step == AS_IDLE || g->st.pending != PEND_NONE) {
        automa_answer(g); /* a question the rules put to the Union */
        return true;
    }
    if (a->active >= 0 && a->status[a->active] == FS_WHEEL &&
        (a->step == AS_BEHAVIOUR || a->step == AS_OBJECTIVE || a->step == AS_MOVE)) {
        /* G: "Once the first CM is placed on the Wheel, the AI turn ends": its objective reached as it was
         * activated, the formation does nothing more */
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "%s's marker is on the wheel: its activation ends",
                automa_formation_name(g->gd, a->active));
        a->step = AS_FINISH;
    }
    switch (a->step) {
    case AS_DRAWN:
        drawn_step(g);
        break;
    case AS_BEHAVIOUR:
        behaviour(g);
        break;
    case AS_OBJECTIVE:
        objective_step(g);
        break;
    case AS_MOVE:
        automa_move(g);
        break;
    case AS_COMBAT:
        automa_combat(g);
        break;
    case AS_NIGHT:
        automa_night_march(g);
        break;
    case AS_FINISH:
    default:
        automa_isolated(g);
        finish(g);
        break;
    }
    return true;
}
