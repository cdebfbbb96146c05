/* Reading the booklet's paragraphs (AI-OBJECTIVE, AI-END-TURN,
 * AI-DAY-VP, AI-REDUCED), the Chancellorsville Wheel (AI-WHEEL) and the
 * Independent marker (AI-INDEPENDENT). The verbs are those of
 * docs/booklet-format.md; every step read is logged with its line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa_internal.h"

/* ---- the wheel (AI-WHEEL) ---------------------------------------------- */

static int wheel_count(const AutomaState *a, int slots)
{
    int n = 0;
    for (int s = 1; s <= slots; s++)
        n += a->wheel[s] >= 0;
    return n;
}

/* Puts f on slot s; a CM already there slides clockwise, and so on.
 * moved[] marks every slot a CM came to. */
static void wheel_put(Game *g, int f, int s, bool *moved)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    for (int guard = 0; guard <= w->slots && f >= 0; guard++) {
        int there = a->wheel[s];
        a->wheel[s] = (signed char)f;
        moved[s] = true;
        f = there;
        s = w->slot[s].next;
    }
}

/* Every marker on the wheel one slot clockwise at once (G); moved[] marks
 * the slots they came to. False when the wheel was empty. */
static bool wheel_rotate(Game *g, bool *moved)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    signed char old[WHEEL_MAX_SLOTS + 1];
    memcpy(old, a->wheel, sizeof old);
    bool any = false;
    for (int s = 1; s <= w->slots; s++)
        a->wheel[s] = -1;
    for (int s = 1; s <= w->slots; s++)
        if (old[s] >= 0) {
            a->wheel[w->slot[s].next] = old[s];
            moved[w->slot[s].next] = true;
            any = true;
        }
    return any;
}

/* Reads the trigger of every slot a CM came to, in ascending order. */
static void wheel_triggers(Game *g, const bool *moved)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    for (int s = 1; s <= w->slots && !a->wheel_closed; s++) {
        int para = w->slot[s].trigger[a->attitude == ATT_CAUTIOUS ? 1 : 0];
        if (!moved[s] || a->wheel[s] < 0 || !para)
            continue;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "%s's marker comes to slot %d: [%03d]",
                automa_formation_name(g->gd, a->wheel[s]), s, para);
        automa_read(g, para, a->wheel[s], "AI-WHEEL");
    }
}

static void wheel_enter(Game *g, int f)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    bool moved[WHEEL_MAX_SLOTS + 1] = {false};
    if (a->status[f] == FS_WHEEL)
        return; /* on the wheel already: a marker stands in one place */
    for (int i = 0; i < g->gd->automa.track.slots; i++)
        if (a->track[i] == f)
            a->track[i] = -1;
    /* G: "when a new CM enters the Wheel, the others slide to the next slots clockwise": every one of
     * them, one slot; then the newcomer takes the entry (pushing on any that slid round onto it) */
    if (wheel_rotate(g, moved))
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "a marker enters: every marker on the wheel slides one slot clockwise");
    wheel_put(g, f, w->entry, moved);
    a->status[f] = FS_WHEEL;
    a->arrivals++;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL",
            "%s's marker goes on slot %d of the wheel (arrival %d): it is not activated while there",
            automa_formation_name(g->gd, f), w->entry, a->arrivals);
    if (a->arrivals == w->arrivals && w->arrival_paragraph) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "the formation number %d reaches Chancellorsville: [%03d]",
                a->arrivals, w->arrival_paragraph);
        automa_read(g, w->arrival_paragraph, f, "AI-WHEEL");
        return;
    }
    wheel_triggers(g, moved);
}

void automa_wheel_jump(Game *g, int f)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    for (int s = 1; s <= w->slots; s++) {
        if (a->wheel[s] != f)
            continue;
        bool moved[WHEEL_MAX_SLOTS + 1] = {false};
        a->wheel[s] = -1;
        wheel_put(g, f, w->slot[s].opposite, moved);
        a->wheel_rolling = true;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "%s is attacked: its marker jumps from slot %d to slot %d",
                automa_formation_name(g->gd, f), s, w->slot[s].opposite);
        wheel_triggers(g, moved);
        return;
    }
}

void wheel_advance_all(Game *g, const char *rule)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    if (a->wheel_closed || wheel_count(a, w->slots) == 0)
        return;
    bool moved[WHEEL_MAX_SLOTS + 1] = {false};
    wheel_rotate(g, moved);
    log_add(&g->log, g->st.turn, LOG_EVENT, rule, "every marker on the wheel moves one slot clockwise");
    wheel_triggers(g, moved);
}

void wheel_advance_roll(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    int n = wheel_count(a, w->slots);
    if (!a->wheel_rolling || a->wheel_closed || n == 0)
        return;
    int total = 0;
    for (int i = 0; i < w->advance_dice; i++)
        total += automa_roll(g, "AI-WHEEL", "the wheel's advance roll: die %d of %d", i + 1, w->advance_dice);
    int sum = total + (w->add_markers ? n : 0) + (w->add_turn ? g->st.turn : 0);
    bool go = sum >= w->advance_target;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "advance roll: %d + %d markers + turn %d = %d, %s %d: %s", total,
            w->add_markers ? n : 0, w->add_turn ? g->st.turn : 0, sum, go ? "at least" : "under", w->advance_target,
            go ? "the markers advance" : "no advance");
    if (go)
        wheel_advance_all(g, "AI-WHEEL");
}

static void wheel_release(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const Wheel *w = &g->gd->automa.wheel;
    for (int s = w->slots; s >= 1; s--)
        if (a->wheel[s] >= 0) {
            int f = a->wheel[s];
            a->wheel[s] = -1;
            track_return(g, f);
        }
    a->wheel_closed = true;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "the stand-off ends: the wheel closes for the rest of the game");
}

/* ---- the paragraphs --------------------------------------------------- */

static bool holds(const Game *g, int side, int place)
{
    const GameData *gd = g->gd;
    if (place < 0 || place >= gd->map.nplaces)
        return false;
    int hex = map_hex_index(&gd->map, gd->map.places[place].hex);
    if (side == SIDE_CONFEDERATE) /* a unit there other than a skirmisher or a dummy */
        return hex_has_real(g, hex, side);
    short here[GS_MAX_UNITS];
    int n = hex_units(g, hex, here, GS_MAX_UNITS); /* the hex's units (the index), not a walk over every unit */
    for (int i = 0; i < n && i < GS_MAX_UNITS; i++) {
        int u = here[i];
        const UnitDef *ud = &gd->units[u];
        if (ud->side == side && ud->counter >= 0)
            return true; /* a Union unit with a counter */
    }
    return false;
}

/* The formations a target names: self, those on the wheel, or one. */
static int targets(const Game *g, int target, int reader, int *out)
{
    const AutomaState *a = &AUTOMA(g->st);
    int n = 0;
    if (target == TARGET_SELF) {
        if (reader >= 0)
            out[n++] = reader;
    } else if (target == TARGET_WHEEL) {
        for (int s = 1; s <= g->gd->automa.wheel.slots; s++)
            if (a->wheel[s] >= 0)
                out[n++] = a->wheel[s];
    } else if (target >= 0)
        out[n++] = target;
    return n;
}

static void set_objective(Game *g, int f, int value, int area_number)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int area = data_area_index(gd, area_number);
    if (area < 0)
        return;
    if (area == a->area[f]) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-OBJECTIVE",
                "%s's strategy counter already stands in [%03d]: no marker is placed", automa_formation_name(gd, f),
                area_number);
        return;
    }
    a->obj_area[f] = (short)area;
    a->obj_value[f] = (signed char)value;
    char h[5];
    hex_format(gd->areas[area].objective, h);
    log_fact(&g->log, LF_OBJECTIVE, value, area_number, 0, 0);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-OBJECTIVE",
            "%s: objective marker of value %d on [%03d] %s (hex %s); its strategy counter is flipped",
            automa_formation_name(gd, f), value, area_number, gd->areas[area].name, h);
}

static void set_attitude(Game *g, int att)
{
    AutomaState *a = &AUTOMA(g->st);
    const ActivationTrack *t = &g->gd->automa.track;
    if (a->hooker_where != HK_COLUMN && a->attitude != att) {
        /* F.2: the attitude "does not change until Hooker's counter is put back on the Activation Track" */
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ATTITUDE",
                "the booklet would make it %s, but Hooker is away from his column: the attitude stays %s (F.2)",
                attitude_name(att), attitude_name(a->attitude));
        return;
    }
    if (a->attitude == att && (a->hooker_where != HK_COLUMN || t->box[a->hooker_box].attitude == att)) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ATTITUDE", "the attitude stays %s", attitude_name(att));
        return;
    }
    a->attitude = (signed char)att;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ATTITUDE", "the attitude marker turns to %s", attitude_name(att));
    if (a->hooker_where != HK_COLUMN || t->box[a->hooker_box].attitude == att)
        return;
    int best = -1;
    for (int d = 1; d < t->hooker_boxes && best < 0; d++) {
        if (a->hooker_box - d >= 1 && t->box[a->hooker_box - d].attitude == att)
            best = a->hooker_box - d; /* ties: toward box 1 */
        else if (a->hooker_box + d <= t->hooker_boxes && t->box[a->hooker_box + d].attitude == att)
            best = a->hooker_box + d;
    }
    if (best > 0) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ATTITUDE", "Hooker moves from box %d to box %d", a->hooker_box, best);
        a->hooker_box = (signed char)best;
    }
}

int automa_read(Game *g, int number, int reader, const char *rule)
{
    const GameData *gd = g->gd;
    AutomaState *a = &AUTOMA(g->st);
    for (int hops = 0; hops < PARA_MAX_HOPS; hops++) {
        const Paragraph *p = data_paragraph(gd, number);
        if (!p)
            return READ_END;
        log_fact(&g->log, LF_READ, p->number, reader, strcmp(rule, "AI-OBJECTIVE") == 0, 0);
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "[%03d] %s" AUTOMA_LOG_READ_FOR "%s", p->number, p->title,
                reader >= 0 ? automa_formation_name(gd, reader) : "the army");
        int k = 0;
        int next_para = 0;
        while (k >= 0 && k < p->nsteps) {
            const ParaStep *s = &p->step[k];
            int f[AUTOMA_MAX_FORMATIONS], nf;
            int next = k + 1;
            switch (s->op) {
            case OP_ROLL: {
                int total = 0;
                for (int i = 0; i < s->dice; i++)
                    total += automa_roll(g, rule, "[%03d] do%d: die %d of %d", p->number, k + 1, i + 1, s->dice);
                next = -1;
                for (int o = 0; o < s->nout; o++)
                    if (total >= s->lo[o] && total <= s->hi[o])
                        next = s->to[o] - 1;
                log_add(&g->log, g->st.turn, LOG_EVENT, rule, "[%03d] do%d (line %d): rolled %d, go to do%d",
                        p->number, k + 1, s->line, total, next + 1);
                break;
            }
            case OP_IF: {
                /* the test with its arguments and what the position gives: a rules lawyer checks it from the log */
                bool yes = false;
                char what[200] = "?";
                bool words = log_wants_text(&g->log); /* the test's words are for the log line only */
                switch (s->test) {
                case TEST_ATTITUDE:
                    yes = a->attitude == s->a;
                    if (words)
                        snprintf(what, sizeof what, "attitude %s (it is %s)",
                                 s->a == ATT_CAUTIOUS ? "cautious" : "aggressive",
                                 a->attitude == ATT_CAUTIOUS ? "Cautious" : "Aggressive");
                    break;
                case TEST_TURN:
                    yes = g->st.turn >= s->a && g->st.turn <= s->b;
                    if (words && s->a == s->b)
                        snprintf(what, sizeof what, "turn %d (it is turn %d)", s->a, g->st.turn);
                    else if (words)
                        snprintf(what, sizeof what, "turn %d-%d (it is turn %d)", s->a, s->b, g->st.turn);
                    break;
                case TEST_HOLDS:
                    yes = holds(g, s->a, s->b);
                    if (words)
                        snprintf(what, sizeof what, "holds %s %s", s->a == SIDE_UNION ? "union" : "confederate",
                                 s->b >= 0 && s->b < gd->map.nplaces ? gd->map.places[s->b].name : "?");
                    break;
                case TEST_WHEEL:
                    yes = a->wheel_closed != (s->a != 0);
                    if (words)
                        snprintf(what, sizeof what, "wheel %s (it is %s)", s->a ? "open" : "closed",
                                 a->wheel_closed ? "closed" : "open");
                    break;
                case TEST_IS:
                    yes = reader == s->a;
                    if (words)
                        snprintf(what, sizeof what, "is %s (read for %s)", automa_formation_name(gd, s->a),
                                 reader >= 0 ? automa_formation_name(gd, reader) : "no formation");
                    break;
                case TEST_VP:
                    yes = a->vp >= s->a && a->vp <= s->b;
                    if (words)
                        snprintf(what, sizeof what, "vp %d-%d (it is %d)", s->a, s->b, a->vp);
                    break;
                default:
                    break;
                }
                next = (yes ? s->yes : s->no) - 1;
                log_add(&g->log, g->st.turn, LOG_EVENT, rule, "[%03d] do%d (line %d): if %s: %s, go to do%d",
                        p->number, k + 1, s->line, what, yes ? "yes" : "no", next + 1);
                break;
            }
            case OP_OBJECTIVE:
                nf = targets(g, s->target, reader, f);
                for (int i = 0; i < nf; i++) {
                    /* a corps named by its id while its marker is on the wheel waits there: the
                     * stand-off's own paragraphs (self, wheel) give it an objective as it ends */
                    if (s->target >= 0 && a->status[f[i]] == FS_WHEEL) {
                        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL",
                                "[%03d] do%d: %s's marker is on the wheel: it gets no objective", p->number, k + 1,
                                automa_formation_name(gd, f[i]));
                        continue;
                    }
                    set_objective(g, f[i], s->value, s->area);
                }
                break;
            case OP_COMBAT:
                nf = targets(g, s->target, reader, f);
                for (int i = 0; i < nf; i++)
                    automa_combat_marker(g, f[i], s->value, "AI-COMBAT-MARKER");
                break;
            case OP_VP: {
                bool day = number == gd->automa.hook_day_end;
                automa_vp(g, s->side, s->value, day ? "AI-DAY-VP" : "AI-VP-TRACK", day ? AVP_DAY : AVP_PARAGRAPH,
                          p->number);
                break;
            }
            case OP_DEPLOY:
                nf = targets(g, s->target, reader, f);
                for (int i = 0; i < nf; i++)
                    automa_deploy(g, f[i], s->area);
                break;
            case OP_RELEASE: {
                char why[32];
                snprintf(why, sizeof why, "[%03d]", p->number);
                automa_release(g, s->target, why);
                break;
            }
            case OP_SET_ATTITUDE:
                set_attitude(g, s->value);
                break;
            case OP_WHEEL_RELEASE:
                wheel_release(g);
                break;
            case OP_END:
                return READ_END;
            case OP_HOLD:
                log_add(&g->log, g->st.turn, LOG_EVENT, rule, "[%03d] do%d: hold - the activation ends here",
                        p->number, k + 1);
                return READ_HOLD;
            case OP_WHEEL_ENTER:
                if (reader >= 0 && gd->automa.formations[reader].counter < 0 && !a->wheel_closed)
                    wheel_enter(g, reader);
                return READ_WHEEL;
            case OP_GOTO:
                next_para = s->para;
                next = -1;
                break;
            default:
                break;
            }
            if (next_para)
                break;
            k = next;
        }
        if (!next_para)
            return READ_END;
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "[%03d]: go to [%03d]", number, next_para);
        number = next_para;
    }
    return READ_END;
}

/* Whether a unit of another formation stands where `f`'s objective counts
 * as reached next to it: a division of a formation whose strategy counter
 * is in that area (it "has already reached the Objective", D's note), and
 * that stands there itself: in the area's hexes or next to the objective
 * hex. Its divisions elsewhere on the map are not at the objective. */
static bool reached_by_other(const Game *g, int f, int u)
{
    const AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    if (g->st.unit[u].where != AT_MAP || gd->units[u].counter < 0)
        return false;
    int f2 = data_automa_formation_of_unit(gd, u);
    if (f2 < 0 || f2 == f || a->area[f2] < 0 || a->area[f2] != a->obj_area[f])
        return false;
    const StrategyArea *ar = &gd->areas[a->area[f2]];
    HexCoord c = map_hex_at(&gd->map, g->st.unit[u].hex);
    if (hex_distance(c, ar->objective) <= 1)
        return true;
    for (int k = 0; k < ar->nhexes; k++)
        if (ar->hexes[k].col == c.col && ar->hexes[k].row == c.row)
            return true;
    return false;
}

/* The units for which reached_by_other(g, f, u) holds, in index order: asked
 * of the divisions of the formations on f's objective alone (no other
 * unit can be one). */
static int others_reached(const Game *g, int f, short *out)
{
    const AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int n = 0;
    if (a->obj_area[f] < 0)
        return 0;
    for (int f2 = 0; f2 < gd->automa.nformations; f2++) {
        if (f2 == f || a->area[f2] < 0 || a->area[f2] != a->obj_area[f])
            continue;
        short units[GS_MAX_UNITS];
        int k = automa_units(g, f2, units, GS_MAX_UNITS);
        for (int i = 0; i < k; i++) {
            if (!reached_by_other(g, f, units[i]))
                continue;
            int at = n++;
            for (; at > 0 && out[at - 1] > units[i]; at--)
                out[at] = out[at - 1];
            out[at] = units[i];
        }
    }
    return n;
}

int objective_goals(const Game *g, int f, short *out, int max)
{
    const AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    const Map *m = &gd->map;
    if (a->obj_area[f] < 0 || max < 1)
        return 0;
    int n = 0, hex = map_hex_index(m, gd->areas[a->obj_area[f]].objective);
    out[n++] = (short)hex;
    short others[GS_MAX_UNITS];
    int nothers = others_reached(g, f, others);
    for (int i = 0; i < nothers; i++) {
        int u = others[i];
        HexCoord c = map_hex_at(m, g->st.unit[u].hex);
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord nb = hex_neighbour(c, d);
            if (!map_has(m, nb))
                continue;
            short h = (short)map_hex_index(m, nb);
            bool dup = false;
            for (int k = 0; k < n; k++)
                dup |= out[k] == h;
            if (!dup && n < max)
                out[n++] = h;
        }
    }
    return n;
}

/* Whether formation f, the one acting now, has reached its objective: one
 * of its divisions in the objective hex, or (an objective common to several
 * formations) one that moved next to a division of another formation that
 * has already reached it (D). Only the active formation reaches an
 * objective: a division of another corps standing there, or one that moved
 * earlier in the turn, does not make it reach its own. */
static bool reached_now(const Game *g, int f);

static inline bool reached(const Game *g, int f)
{
    const AutomaState *a = &AUTOMA(g->st);
    return a->obj_area[f] >= 0 && f == a->active && reached_now(g, f);
}

/* reached for the acting formation with an objective: its own divisions, then the others'
 * (apart, so that the test above is all automa_check_objectives pays for each other formation
 * after every decision). */
static bool reached_now(const Game *g, int f)
{
    const AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int hex = map_hex_index(&gd->map, gd->areas[a->obj_area[f]].objective);
    /* whether another formation has reached this objective at all: if none, no division of one has
     * (reached_by_other), and this runs after every decision */
    int shared = -1; /* found when first needed: a division of f's that moved and is not on the objective */
    short units[16];
    int n = automa_units(g, f, units, 16);
    short other[GS_MAX_UNITS]; /* the divisions of others that reached it, found once when asked */
    int nother = -1;
    for (int i = 0; i < n; i++) {
        int h = g->st.unit[units[i]].hex;
        if (h == hex)
            return true;
        if (!(g->st.unit[units[i]].flags & UF_MOVED))
            continue;
        if (shared < 0) {
            shared = 0;
            for (int f2 = 0; f2 < gd->automa.nformations && !shared; f2++)
                shared = f2 != f && a->area[f2] >= 0 && a->area[f2] == a->obj_area[f];
        }
        if (!shared)
            continue;
        if (nother < 0)
            nother = others_reached(g, f, other);
        for (int k = 0; k < nother; k++)
            if (hex_distance(map_hex_at(&gd->map, h), map_hex_at(&gd->map, g->st.unit[other[k]].hex)) == 1)
                return true;
    }
    return false;
}

int automa_check_objectives(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int result = READ_END;
    if (!a->on)
        return result;
    for (int f = 0; f < gd->automa.nformations; f++) {
        if (!reached(g, f)) /* only the acting formation reaches one (reached says so) */
            continue;
        int area = a->obj_area[f];
        log_fact(&g->log, LF_REACHES, f, 0, 0, 0);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-OBJECTIVE", "%s" AUTOMA_LOG_REACHES "[%03d] %s",
                automa_formation_name(gd, f), gd->areas[area].number, gd->areas[area].name);
        if (a->obj_value[f] > 0)
            automa_vp(g, SIDE_UNION, a->obj_value[f], "AI-OBJECTIVE", AVP_OBJECTIVE, 0);
        a->area[f] = (short)area;
        a->obj_area[f] = -1;
        a->obj_value[f] = 0;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-OBJECTIVE", "%s's strategy counter moves to [%03d]",
                automa_formation_name(gd, f), gd->areas[area].number);
        int r = automa_read(g, gd->areas[area].number, f, "AI-OBJECTIVE");
        if (f == a->active)
            result = r;
    }
    return result;
}

/* ---- the Independent marker (AI-INDEPENDENT) --------------------------- */

/* The Automa formation with a division nearest a Confederate unit (ties:
 * the first in activation-track.ini). */
static int nearest_formation(const Game *g)
{
    const GameData *gd = g->gd;
    int best = -1, bestd = 1 << 20;
    short conf[GS_MAX_HEXES]; /* the hexes of the Confederate units, each once: as near as their units */
    int nconf = side_hexes(g, SIDE_CONFEDERATE, conf);
    for (int f = 0; f < gd->automa.nformations; f++) {
        if (AUTOMA(g->st).status[f] == FS_WAITING || AUTOMA(g->st).status[f] == FS_GONE)
            continue;
        short units[16];
        int n = automa_units(g, f, units, 16);
        for (int i = 0; i < n; i++) {
            int d = hexes_nearest(&gd->map, g->st.unit[units[i]].hex, conf, nconf, bestd);
            if (d < bestd)
                bestd = d, best = f;
        }
    }
    return best;
}

void automa_independent(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int d1 = automa_roll(g, "AI-INDEPENDENT", "the Independent marker: first die of the page pair");
    int d2 = automa_roll(g, "AI-INDEPENDENT", "the Independent marker: second die of the page pair");
    int d3 = automa_roll(g, "AI-INDEPENDENT", "the Independent marker: the third die sets the Ruler");
    const PageCell *c = data_page_cell(gd, d1 + d2, d3, RW_INDEPENDENT);
    a->step = AS_FINISH;
    if (!c)
        return;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-INDEPENDENT", "page %d, Ruler at %d, independent window (cell %d): %s",
            d1 + d2, gd->automa.anchors[d3 - 1], gd->automa.anchors[d3 - 1] + gd->automa.window[RW_INDEPENDENT],
            c->token);
    int f;
    switch (c->value) {
    case IR_GIBBON:
        for (f = 0; f < gd->automa.nformations; f++)
            if (a->status[f] == FS_NO_MARKER) {
                a->independent_acting = true;
                automa_begin(g, f);
                return;
            }
        break;
    case IR_ACTIVATE_TOP:
    case IR_ACTIVATE_LAST: {
        int slot = -1;
        for (int i = 0; i < gd->automa.track.slots; i++)
            if (a->track[i] >= 0 && (slot < 0 || c->value == IR_ACTIVATE_LAST))
                slot = i;
        if (slot < 0) {
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-INDEPENDENT", "the track is empty: nothing happens");
            break;
        }
        f = a->track[slot];
        a->track[slot] = -1;
        for (int i = slot; i + 1 < gd->automa.track.slots; i++)
            a->track[i] = a->track[i + 1];
        a->track[gd->automa.track.slots - 1] = -1;
        a->status[f] = FS_CUP; /* back to the first free slot when done */
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-INDEPENDENT", "%s (slot %d) acts now", automa_formation_name(gd, f),
                slot + 1);
        a->independent_acting = true;
        automa_begin(g, f);
        return;
    }
    case IR_SKIRMISHER:
    case IR_COMBAT_PLUS:
        f = nearest_formation(g);
        if (f < 0)
            break;
        if (c->value == IR_SKIRMISHER)
            automa_skirmisher(g, f, "AI-INDEPENDENT");
        else
            automa_combat_marker(g, f, 1, "AI-INDEPENDENT");
        break;
    case IR_ADVANCE_I_VI:
        automa_advance_markers(g);
        break;
    case IR_WHEEL_ADVANCE:
        wheel_advance_all(g, "AI-INDEPENDENT");
        break;
    default:
        break;
    }
}
