/* Setting up the Automa's display by hand (rules/position.h, docs/script.md):
 * the set lines for its Activation Track, Hooker, the wheel, the strategy
 * map, the combat markers and the VP track, and what setting the turn, the
 * cup or the chit drawn by hand does to its display. Plugged into the rules
 * through PositionHooks (rules/position_setup.h). */
#include <stdio.h>
#include <string.h>

#include "automa/automa.h"
#include "automa/automa_internal.h"
#include "rules/position_setup.h"

static bool want_solitaire(PositionSetup *s)
{
    if (!AUTOMA(*s->st).on)
        return position_refuse(s, "the Automa plays only in a solitaire game: 'set %s' needs one (new solitaire [SEED])",
                      s->tok[1]);
    return true;
}

static void automa_ids(const GameData *gd, bool markers_only, char *buf, size_t n)
{
    const AutomaData *ad = &gd->automa;
    size_t len = 0;
    buf[0] = '\0';
    for (int f = 0; f < ad->nformations && len < n; f++)
        if (!markers_only || ad->formations[f].counter < 0)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " " : "", ad->formations[f].id);
}

/* An Automa formation; with a command marker (a corps) when cm. */
static bool want_automa(PositionSetup *s, const char *tok, bool cm, int *f)
{
    char ids[200];
    *f = data_automa_formation(s->gd, tok);
    if (*f < 0) {
        automa_ids(s->gd, cm, ids, sizeof ids);
        return position_refuse(s, "'%s' is not an Automa formation: write one of %s", tok, ids);
    }
    if (cm && s->gd->automa.formations[*f].counter >= 0) {
        automa_ids(s->gd, true, ids, sizeof ids);
        return position_refuse(s, "%s has no command marker (it acts through the Independent marker): write one of %s", tok,
                      ids);
    }
    return true;
}

static int hooker_commander(const GameData *gd)
{
    for (int k = 0; k < gd->ncommanders; k++)
        if (gd->commanders[k].side == SIDE_UNION && gd->commanders[k].higher)
            return k;
    return -1;
}

/* The Automa corps whose command chit this is, -1. */
static int corps_of_chit(const GameData *gd, const Chit *c)
{
    if (c->kind != CHIT_FORMATION || c->side != SIDE_UNION)
        return -1;
    for (int f = 0; f < gd->automa.nformations; f++)
        if (gd->automa.formations[f].counter < 0 && gd->automa.formations[f].formation == c->index)
            return f;
    return -1;
}


static Chit corps_chit(const GameData *gd, int f)
{
    Chit c;
    memset(&c, 0, sizeof c);
    c.kind = CHIT_FORMATION;
    c.side = SIDE_UNION;
    c.index = (short)gd->automa.formations[f].formation;
    return c;
}

static Chit hooker_chit(const GameData *gd)
{
    Chit c;
    memset(&c, 0, sizeof c);
    c.kind = CHIT_HIGHER;
    c.side = SIDE_UNION;
    c.index = (short)hooker_commander(gd);
    return c;
}

/* A marker taken from wherever it was on the display (track, wheel,
 * holding box, turn track) and from the cup; the caller says where it goes. */
static void off_display(PositionSetup *s, int f)
{
    AutomaState *a = &AUTOMA(*s->st);
    const AutomaData *ad = &s->gd->automa;
    for (int i = 0; i < TRACK_MAX_SLOTS; i++)
        if (a->track[i] == f)
            a->track[i] = -1;
    for (int w = 0; w <= WHEEL_MAX_SLOTS; w++)
        if (a->wheel[w] == f)
            a->wheel[w] = -1;
    for (int i = 0; i < 2; i++) {
        if (a->holding[i] == f)
            a->holding[i] = -1;
        if (a->queue[i] == f)
            a->queue[i] = -1;
    }
    for (int i = 0; i < ad->track.nturn_markers; i++)
        if (ad->track.turn_markers[i].kind == TM_CORPS && ad->track.turn_markers[i].formation == f)
            a->marker_turn[i] = 0; /* it has come into play */
    a->extra_cup[f] = 0;
    Chit c = corps_chit(s->gd, f);
    int i = position_cup_find(s->st, &c);
    if (i >= 0)
        position_cup_take(s->st, i);
}

/* Back to the first free slot of the track. */
static void to_track(PositionSetup *s, int f, const char *why)
{
    AutomaState *a = &AUTOMA(*s->st);
    int slots = s->gd->automa.track.slots;
    off_display(s, f);
    for (int i = 0; i < slots; i++)
        if (a->track[i] < 0) {
            a->track[i] = (signed char)f;
            a->status[f] = FS_TRACK;
            position_note(s, "%s's marker goes back to slot %d of the track (%s)", s->gd->automa.formations[f].id, i + 1, why);
            return;
        }
}


/* After the cup or the chit drawn changed by hand: Hooker and the markers
 * whose chits are no longer in the cup, drawn or held go back to the
 * display. */
static void automa_tidy(PositionSetup *s)
{
    GameState *st = s->st;
    AutomaState *a = &AUTOMA(*st);
    const AutomaData *ad = &s->gd->automa;
    if (!a->on)
        return;
    Chit hk = hooker_chit(s->gd);
    bool hooker_away = position_cup_find(st, &hk) >= 0 || (position_drawn_is(st, &hk) && a->step != AS_IDLE);
    if (a->hooker_where == HK_CUP && !hooker_away) {
        a->hooker_where = HK_COLUMN;
        position_note(s, "Hooker back on box %d of his column", a->hooker_box);
    }
    if (a->hooker_where != HK_CUP)
        for (int i = 0; i < 2; i++)
            if (a->holding[i] >= 0)
                to_track(s, a->holding[i], "out of the holding box");
    for (int f = 0; f < ad->nformations; f++) {
        if (ad->formations[f].counter >= 0)
            continue;
        Chit c = corps_chit(s->gd, f);
        bool held = a->holding[0] == f || a->holding[1] == f || a->queue[0] == f || a->queue[1] == f ||
                    (a->active == f && a->step != AS_IDLE);
        if (a->status[f] == FS_CUP && position_cup_find(st, &c) < 0 && !position_drawn_is(st, &c) && !held)
            to_track(s, f, "its chit is no longer in the cup");
        else if (a->status[f] == FS_HOLDING && !held)
            to_track(s, f, "out of the holding box");
    }
}

/* Hooker goes into the cup or is drawn: his holding box takes the markers
 * of the track slots his box links, if it is empty (AI-HOOKER). */
static bool hooker_out(PositionSetup *s)
{
    AutomaState *a = &AUTOMA(*s->st);
    const ActivationTrack *t = &s->gd->automa.track;
    if (a->holding[0] >= 0 || a->holding[1] >= 0) {
        a->hooker_where = HK_CUP;
        return true;
    }
    int box = a->hooker_box >= 1 && a->hooker_box <= t->hooker_boxes ? a->hooker_box : 1;
    char linked[64] = "";
    for (int b = 1; b <= t->hooker_boxes; b++)
        if (t->box[b].linked[0] > 0)
            snprintf(linked + strlen(linked), sizeof linked - strlen(linked), "%s%d", linked[0] ? ", " : "", b);
    if (t->box[box].linked[0] <= 0)
        return position_refuse(s, "Hooker's box %d links no track slots, so his holding box stays empty: put him on a "
                         "highlighted box first (set hooker BOX, BOX one of %s)",
                      box, linked);
    int k = 0;
    for (int i = 0; i < 2; i++) {
        int slot = t->box[box].linked[i] - 1, f = slot >= 0 ? a->track[slot] : -1;
        if (f < 0)
            continue;
        a->track[slot] = -1;
        a->holding[k++] = (signed char)f;
        a->status[f] = FS_HOLDING;
    }
    if (k == 0)
        return position_refuse(s, "Hooker's box %d links track slots %d and %d, and both are empty: fill them first (set "
                         "track ...)",
                      box, t->box[box].linked[0], t->box[box].linked[1]);
    track_compact(a, t->slots);
    a->hooker_where = HK_CUP;
    position_note(s, "%s%s%s go%s to Hooker's holding box (box %d links slots %d and %d)",
         s->gd->automa.formations[a->holding[0]].id, k > 1 ? " and " : "",
         k > 1 ? s->gd->automa.formations[a->holding[1]].id : "", k > 1 ? "" : "es", box, t->box[box].linked[0],
         t->box[box].linked[1]);
    return true;
}

static const char *attitude_word(int att) { return att == ATT_CAUTIOUS ? "cautious" : "aggressive"; }

static bool set_attitude(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    if (s->n != 3 || (strcmp(s->tok[2], "aggressive") != 0 && strcmp(s->tok[2], "cautious") != 0))
        return position_refuse(s, "write set attitude aggressive or set attitude cautious");
    AutomaState *a = &AUTOMA(*s->st);
    int att = strcmp(s->tok[2], "cautious") == 0 ? ATT_CAUTIOUS : ATT_AGGRESSIVE;
    position_note(s, "the Automa's attitude %s -> %s", attitude_word(a->attitude), attitude_word(att));
    a->attitude = (signed char)att;
    return true;
}

static bool set_hooker(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    AutomaState *a = &AUTOMA(*s->st);
    const ActivationTrack *t = &s->gd->automa.track;
    int box = 0, turn = 0;
    bool on_turn = s->n == 4 && strcmp(s->tok[2], "turn") == 0;
    if (on_turn ? !position_parse_int(s->tok[3], &turn) || turn <= s->st->turn || turn > 99
                : s->n != 3 || !position_parse_int(s->tok[2], &box) || box < 1 || box > t->hooker_boxes)
        return position_refuse(s, "write set hooker BOX (his box on his column, 1 to %d) or set hooker turn N (on the turn "
                         "track, back on turn N, after this turn %d)",
                      t->hooker_boxes, s->st->turn);
    Chit hk = hooker_chit(s->gd);
    if (position_drawn_is(s->st, &hk))
        return position_refuse(s, "Hooker is the chit just drawn: draw another first (set drawn ...) or start a turn (set "
                         "turn N)");
    int i = position_cup_find(s->st, &hk);
    if (i >= 0)
        position_cup_take(s->st, i); /* out of the cup: his formations go back to the track (below) */
    if (on_turn) {
        a->hooker_where = HK_TURN_TRACK;
        a->hooker_turn = (signed char)turn;
        position_note(s, "Hooker on the turn track: back on his column at turn %d", turn);
    } else {
        a->hooker_where = HK_COLUMN;
        a->hooker_box = (signed char)box;
        position_note(s, "Hooker on box %d of his column: %s", box, attitude_word(t->box[box].attitude));
        a->attitude = (signed char)t->box[box].attitude; /* his box sets the attitude (AI-ATTITUDE) */
    }
    automa_tidy(s);
    return true;
}

static bool set_track(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    AutomaState *a = &AUTOMA(*s->st);
    const AutomaData *ad = &s->gd->automa;
    int slots = ad->track.slots, k = s->n - 2;
    if (k < 1 || k > slots)
        return position_refuse(s, "write set track and the %d slots from the top, a formation or - for an empty slot (e.g. "
                         "set track meade howard - couch); slots not written are empty",
                      slots);
    int want[TRACK_MAX_SLOTS];
    for (int i = 0; i < slots; i++)
        want[i] = -1;
    for (int i = 0; i < k; i++) {
        if (strcmp(s->tok[2 + i], "-") == 0)
            continue;
        if (!want_automa(s, s->tok[2 + i], true, &want[i]))
            return false;
        for (int j = 0; j < i; j++)
            if (want[j] == want[i])
                return position_refuse(s, "%s is written twice: a marker stands in one slot", s->tok[2 + i]);
    }
    for (int i = 0; i < slots; i++) {
        int f = a->track[i];
        bool named = false;
        for (int j = 0; j < slots && f >= 0; j++)
            named |= want[j] == f;
        if (f >= 0 && !named)
            return position_refuse(s, "%s's marker is on the track (slot %d) and would be lost: write it in a slot, or move it "
                             "first (set wheel SLOT %s)",
                          ad->formations[f].id, i + 1, ad->formations[f].id);
    }
    char text[160] = "";
    for (int i = 0; i < slots; i++)
        if (want[i] >= 0)
            off_display(s, want[i]);
    for (int i = 0; i < slots; i++) {
        a->track[i] = (signed char)want[i];
        if (want[i] >= 0)
            a->status[want[i]] = FS_TRACK;
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%d:%s", i ? " " : "", i + 1,
                 want[i] >= 0 ? ad->formations[want[i]].id : "-");
    }
    position_note(s, "the Activation Track: %s", text);
    automa_tidy(s);
    return true;
}

static bool set_wheel(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    AutomaState *a = &AUTOMA(*s->st);
    const AutomaData *ad = &s->gd->automa;
    int slot, f = -1;
    if (s->n != 4 || !position_parse_int(s->tok[2], &slot) || slot < 1 || slot > ad->wheel.slots)
        return position_refuse(s, "write set wheel SLOT FORMATION or set wheel SLOT - (SLOT 1 to %d)", ad->wheel.slots);
    if (strcmp(s->tok[3], "-") != 0 && !want_automa(s, s->tok[3], true, &f))
        return false;
    if (a->wheel_closed && f >= 0)
        return position_refuse(s, "the wheel closed earlier in this game (its stand-off ended): no marker goes on it");
    int there = a->wheel[slot];
    if (f < 0) {
        if (there >= 0) {
            a->wheel[slot] = -1;
            position_note(s, "slot %d of the wheel emptied", slot);
            to_track(s, there, "off the wheel");
        } else
            position_note(s, "slot %d of the wheel stays empty", slot);
        return true;
    }
    if (there >= 0 && there != f)
        return position_refuse(s, "slot %d of the wheel holds %s: empty it first (set wheel %d -) or pick another slot", slot,
                      ad->formations[there].id, slot);
    off_display(s, f);
    a->wheel[slot] = (signed char)f;
    a->status[f] = FS_WHEEL;
    position_note(s, "%s's marker on slot %d of the wheel", ad->formations[f].id, slot);
    automa_tidy(s);
    return true;
}

static bool set_combat(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    int f, v = 9;
    if (s->n != 4 || !position_parse_int(s->tok[3], &v) || v < -1 || v > 1)
        return position_refuse(s, "write set combat FORMATION +1, -1 or 0");
    if (!want_automa(s, s->tok[2], false, &f))
        return false;
    AutomaState *a = &AUTOMA(*s->st);
    position_note(s, "%s's combat marker %+d -> %+d", s->tok[2], a->combat[f], v);
    a->combat[f] = (signed char)v;
    return true;
}

static bool want_area(PositionSetup *s, const char *tok, int *area)
{
    int number;
    *area = position_parse_int(tok, &number) ? data_area_index(s->gd, number) : -1;
    if (*area < 0)
        return position_refuse(s, "'%s' is not an area of the strategy map: write its paragraph number (config/strategy-map.ini, "
                         "e.g. 015)",
                      tok);
    return true;
}

static bool set_strategy(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    int f, area;
    if (s->n != 4)
        return position_refuse(s, "write set strategy FORMATION AREA (the area's paragraph number, e.g. 015)");
    if (!want_automa(s, s->tok[2], false, &f) || !want_area(s, s->tok[3], &area))
        return false;
    AutomaState *a = &AUTOMA(*s->st);
    position_note(s, "%s's strategy counter [%03d] -> [%03d] %s", s->tok[2], a->area[f] >= 0 ? s->gd->areas[a->area[f]].number : 0,
         s->gd->areas[area].number, s->gd->areas[area].name);
    a->area[f] = (short)area;
    return true;
}

static bool set_objective(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    int f, area = -1, value = 0, max = s->gd->automa.track.objective_vp_max;
    bool none = s->n == 4 && strcmp(s->tok[3], "none") == 0;
    if (!none && s->n != 5)
        return position_refuse(s, "write set objective FORMATION AREA VALUE (VALUE 0 to %d) or set objective FORMATION none",
                      max);
    if (!want_automa(s, s->tok[2], false, &f))
        return false;
    if (!none && (!want_area(s, s->tok[3], &area)))
        return false;
    if (!none && (!position_parse_int(s->tok[4], &value) || value < 0 || value > max))
        return position_refuse(s, "an objective marker is worth 0 to %d VP: write set objective %s %s VALUE", max, s->tok[2],
                      s->tok[3]);
    AutomaState *a = &AUTOMA(*s->st);
    a->obj_area[f] = (short)area;
    a->obj_value[f] = (signed char)value;
    if (none)
        position_note(s, "%s has no objective", s->tok[2]);
    else
        position_note(s, "%s's objective: value %d at [%03d] %s", s->tok[2], value, s->gd->areas[area].number,
             s->gd->areas[area].name);
    return true;
}

static bool set_independent(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    bool on = false;
    if (s->n != 3)
        return position_refuse(s, "write set independent on (the Automa's Independent marker goes into each day's cup) or "
                         "set independent off");
    if (!position_want_on_off(s, s->tok[2], &on, "set independent on|off"))
        return false;
    AutomaState *a = &AUTOMA(*s->st);
    const ActivationTrack *t = &s->gd->automa.track;
    a->independent = on;
    for (int i = 0; i < t->nturn_markers; i++)
        if (t->turn_markers[i].kind == TM_INDEPENDENT) /* off the turn track, or back on it for a later turn */
            a->marker_turn[i] = (signed char)(on ? 0 : t->turn_markers[i].turn > s->st->turn ? t->turn_markers[i].turn
                                                                                           : s->st->turn + 1);
    position_note(s, "the Automa's Independent marker %s", on ? "goes into each day's cup" : "waits on the turn track");
    return true;
}

static bool set_vp(PositionSetup *s)
{
    if (!want_solitaire(s))
        return false;
    const ActivationTrack *t = &s->gd->automa.track;
    int v;
    if (s->n != 3 || !position_parse_int(s->tok[2], &v) || v < t->vp_min || v > t->vp_max)
        return position_refuse(s, "write set vp N, N the VP marker's slot from %d to %d", t->vp_min, t->vp_max);
    position_note(s, "the VP marker %d -> %d", AUTOMA(*s->st).vp, v);
    AUTOMA(*s->st).vp = (signed char)v;
    return true;
}


/* The Automa's chit c leaves the display for the cup (or the hand drawing it). */
static bool automa_chit_out(PositionSetup *s, const Chit *c)
{
    if (!AUTOMA(*s->st).on || c->side != SIDE_UNION)
        return true;
    int f = corps_of_chit(s->gd, c);
    if (f >= 0) {
        off_display(s, f);
        AUTOMA(*s->st).status[f] = FS_CUP;
        return true;
    }
    if (c->kind == CHIT_HIGHER)
        return hooker_out(s);
    return true;
}

/* A chit of the Union named by hand: the Automa has a command marker per
 * corps and Hooker's commander chit, nothing else. */
static bool chit_check(PositionSetup *s, const Chit *c, const char *word)
{
    if (c->kind == CHIT_FORMATION && corps_of_chit(s->gd, c) < 0)
        return position_refuse(s, "the Automa has no command marker for %s", word);
    if (c->kind == CHIT_HIGHER && c->index != hooker_commander(s->gd))
        return position_refuse(s, "the Automa's only commander chit is Hooker's");
    return true;
}

/* No activation under way: the Automa's step and engagement cleared too. */
static void clear_activation(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    if (!a->on)
        return;
    a->step = AS_IDLE;
    a->active = -1;
    a->queue[0] = a->queue[1] = -1;
    a->independent_acting = false;
    a->in_proximity = false;
    a->eng = ENG_NONE;
    a->nvp_waiting = 0;
    a->night_left = 0; /* the night's marches under way, if any */
    a->night_wing = 0;
    memset(a->marched, 0, sizeof a->marched);
}

/* A unit set by hand is no loss for the VP track (AI-VP-TRACK). */
static void set_by_hand(Game *g)
{
    if (!AUTOMA(g->st).on)
        return;
    for (int u = 0; u < g->st.nunits && u < AUTOMA_MAX_UNITS; u++) {
        AUTOMA(g->st).seen_steps[u] = g->st.unit[u].steps;
        AUTOMA(g->st).seen_where[u] = g->st.unit[u].where;
    }
}

static const PositionForm forms[] = {
    {"attitude", set_attitude},   {"hooker", set_hooker},           {"track", set_track},
    {"wheel", set_wheel},         {"combat", set_combat},           {"strategy", set_strategy},
    {"objective", set_objective}, {"independent", set_independent}, {"vp", set_vp},
};

const PositionHooks automa_position = {
    .forms = forms,
    .nforms = (int)(sizeof forms / sizeof *forms),
    .tidy = automa_tidy,
    .chit_check = chit_check,
    .chit_out = automa_chit_out,
    .clear_activation = clear_activation,
    .set_by_hand = set_by_hand,
};
