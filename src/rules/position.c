/* Setting up a position by hand: see position.h and docs/script.md.
 *
 * Every set-up line is applied to the state directly. A handler may refuse
 * at any point: position_apply keeps a copy of the state and the log's
 * length and puts them back, so a refused line changes nothing. No line
 * rolls a die: a position replays the same whatever the seed does. */
#include "rules/position.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game_internal.h"
#include "rules/position_setup.h"
#include "rules/save.h"
#include "rules/variant.h"

#define MAX_TOKENS 64
#define LINE_BUF 1024


bool position_refuse(PositionSetup *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->why, s->whysize, fmt, ap);
    va_end(ap);
    return false;
}

/* A SETUP log entry: "by hand: ..." */
void position_note(PositionSetup *s, const char *fmt, ...)
{
    char text[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    log_add(&s->g->log, s->st->turn, LOG_EVENT, "SETUP", "by hand: %s", text);
}

/* ---- reading the words ------------------------------------------------- */

bool position_parse_int(const char *tok, int *out)
{
    if (!tok || !*tok)
        return false;
    char *end;
    errno = 0;
    long v = strtol(tok, &end, 10);
    if (*end || errno || v < -100000 || v > 100000)
        return false;
    *out = (int)v;
    return true;
}

/* "2", "2.5", "0.5", "2.0": half movement points. */
static bool parse_half(const char *tok, int *half)
{
    int whole = 0, k = 0;
    for (; isdigit((unsigned char)tok[k]) && k < 4; k++)
        whole = whole * 10 + (tok[k] - '0');
    if (k == 0)
        return false;
    if (tok[k] == '\0') {
        *half = whole * 2;
        return true;
    }
    if (tok[k] == '.' && (tok[k + 1] == '5' || tok[k + 1] == '0') && tok[k + 2] == '\0') {
        *half = whole * 2 + (tok[k + 1] == '5');
        return true;
    }
    return false;
}

static const char *half_text(int half, char *buf, size_t n)
{
    snprintf(buf, n, "%d%s", half / 2, half % 2 ? ".5" : "");
    return buf;
}

static bool want_unit(PositionSetup *s, const char *tok, int *u)
{
    *u = data_unit_index(s->gd, tok);
    if (*u < 0)
        return position_refuse(s, "'%s' is not a unit: use an id of config/oob-*.ini or config/automa-counters.ini (as 'unit' "
                         "and 'hex' print them, e.g. heth)",
                      tok);
    return true;
}

static bool want_hex(PositionSetup *s, const char *tok, int *hex)
{
    HexCoord h;
    if (!hex_parse(tok, &h) || !map_has(&s->gd->map, h))
        return position_refuse(s, "'%s' is not a hex of the map: write its four digits, column then row (e.g. 2120)", tok);
    *hex = map_hex_index(&s->gd->map, h);
    return true;
}

bool position_want_on_off(PositionSetup *s, const char *tok, bool *on, const char *usage)
{
    if (tok && strcmp(tok, "on") == 0)
        *on = true;
    else if (tok && strcmp(tok, "off") == 0)
        *on = false;
    else
        return position_refuse(s, "'%s' is neither on nor off: write %s", tok ? tok : "", usage);
    return true;
}

static const char *const where_names[] = {"absent", "on the map", "in reserve", "eliminated", "exited", "gone"};

static int full_steps(const GameData *gd, int u)
{
    const UnitDef *ud = &gd->units[u];
    return ud->counter >= 0 ? gd->counters[ud->counter].nvalues : ud->reduced > 0 ? 2 : 1;
}

/* ---- place, remove ------------------------------------------------------- */

static int *pool_of(PositionSetup *s, int u)
{
    const UnitDef *ud = &s->gd->units[u];
    if (ud->type == UT_SKIRMISHER)
        return &s->st->skirmishers[ud->side];
    if (ud->type == UT_DUMMY)
        return &s->st->dummies[ud->side];
    return NULL;
}

static bool do_place(PositionSetup *s)
{
    static const char usage[] = "place UNIT HHHH, place UNIT HHHH reduced or place UNIT HHHH steps N";
    if (s->n < 3)
        return position_refuse(s, "name the unit and its hex: write %s", usage);
    int u = -1, hex = 0;
    if (!want_unit(s, s->tok[1], &u) || !want_hex(s, s->tok[2], &hex))
        return false;
    const GameData *gd = s->gd;
    const UnitDef *ud = &gd->units[u];
    int full = full_steps(gd, u), steps = full;
    char how[32] = "";
    if (s->n == 4 && strcmp(s->tok[3], "reduced") == 0) {
        if (full < 2)
            return position_refuse(s, "%s has a single step and cannot be reduced: write place %s %s", ud->id, ud->id,
                          s->tok[2]);
        steps = 1;
        snprintf(how, sizeof how, ", reduced");
    } else if (s->n == 5 && strcmp(s->tok[3], "steps") == 0) {
        if (!position_parse_int(s->tok[4], &steps) || steps < 1 || steps > full)
            return position_refuse(s, "%s has %d step%s at full strength: write steps 1 to %d", ud->id, full,
                          full == 1 ? "" : "s", full);
        snprintf(how, sizeof how, ", steps %d", steps);
    } else if (s->n != 3)
        return position_refuse(s, "'%s' after the hex is not understood: write %s", s->tok[3], usage);
    bool solitaire = s->g->variant != NULL;
    if (ud->counter >= 0 && !solitaire)
        return position_refuse(s, "%s is an Automa division counter: it plays only in a solitaire game (new solitaire); here "
                         "place its brigades",
                      ud->id);
    if (solitaire && ud->side == SIDE_UNION && ud->counter < 0 && ud->type != UT_SKIRMISHER && ud->type != UT_DUMMY)
        return position_refuse(s, "%s is a Union unit of the two-player game: in a solitaire game the Automa's division "
                         "counters fight instead (e.g. place birney %s)",
                      ud->id, s->tok[2]);
    for (int v = 0; v < s->st->nunits; v++)
        if (v != u && s->st->unit[v].where == AT_MAP && s->st->unit[v].hex == hex && gd->units[v].side != ud->side)
            return position_refuse(s, "%s holds %s units (%s): a hex holds one side's units; remove them first (remove %s) or "
                             "pick another hex",
                          s->tok[2], data_side_name(gd->units[v].side), gd->units[v].id, gd->units[v].id);
    UnitState *us = &s->st->unit[u];
    int *pool = pool_of(s, u);
    if (pool && us->where == AT_ABSENT) {
        if (*pool <= 0)
            return position_refuse(s, "the %s side has no %s left in its pool (all are on the map or gone): remove one first",
                          data_side_name(ud->side), ud->type == UT_SKIRMISHER ? "skirmisher" : "dummy");
        (*pool)--;
    }
    unit_put(s->g, u, AT_MAP, hex);
    us->steps = (unsigned char)steps;
    us->flags = 0;
    us->mp_left = 0;
    us->exited_from = -1;
    position_note(s, "%s placed in %s%s", ud->id, s->tok[2], how);
    return true;
}

static bool do_remove(PositionSetup *s)
{
    if (s->n != 2)
        return position_refuse(s, "write remove UNIT (one unit a line)");
    int u;
    if (!want_unit(s, s->tok[1], &u))
        return false;
    UnitState *us = &s->st->unit[u];
    int *pool = pool_of(s, u);
    if (pool && us->where == AT_MAP)
        (*pool)++; /* back to its pool */
    unit_put(s->g, u, AT_ABSENT, -1);
    us->steps = 0;
    us->flags = 0;
    us->mp_left = 0;
    us->exited_from = -1;
    position_note(s, "%s removed", s->tok[1]);
    return true;
}

/* ---- set unit ------------------------------------------------------------ */

static const struct {
    const char *word;
    unsigned short bit;
    const char *name;
} unit_flags[] = {
    {"dis", UF_DIS, "disorganized"},    {"dem", UF_DEM, "demoralized"},
    {"oos", UF_OOS, "out of supply"},   {"fired", UF_FIRED, "fired"},
    {"moved", UF_MOVED, "moved"},       {"activated", UF_ACTIVATED, "activated this turn"},
    {"forced", UF_FORCED, "force-marched this turn"}, {"detached", UF_DETACHED, "detached"},
};

static bool set_unit(PositionSetup *s)
{
    static const char usage[] = "set unit UNIT steps N, set unit UNIT dis|dem|oos|fired|moved|activated|forced|"
                                "detached on|off, or set unit UNIT mp N";
    if (s->n != 5)
        return position_refuse(s, "write %s", usage);
    int u;
    if (!want_unit(s, s->tok[2], &u))
        return false;
    const char *id = s->gd->units[u].id, *what = s->tok[3], *val = s->tok[4];
    UnitState *us = &s->st->unit[u];
    if (strcmp(what, "steps") == 0) {
        if (us->where != AT_MAP && us->where != AT_RESERVE && us->where != AT_EXITED)
            return position_refuse(s, "%s is not in play (%s): place it first (place %s HHHH steps N)", id,
                          where_names[us->where], id);
        int full = full_steps(s->gd, u), steps;
        if (!position_parse_int(val, &steps) || steps < 1 || steps > full)
            return position_refuse(s, "%s has %d step%s at full strength: write steps 1 to %d (remove %s takes it off)", id,
                          full, full == 1 ? "" : "s", full, id);
        position_note(s, "%s steps %d -> %d (of %d)", id, us->steps, steps, full);
        us->steps = (unsigned char)steps;
        return true;
    }
    if (us->where != AT_MAP)
        return position_refuse(s, "%s is not on the map (%s): place it first (place %s HHHH)", id, where_names[us->where], id);
    if (strcmp(what, "mp") == 0) {
        int half;
        if (!parse_half(val, &half) || half > 254)
            return position_refuse(s, "'%s' is not a number of movement points: write whole or half points, e.g. set unit %s "
                             "mp 2.5",
                          val, id);
        char a[16], b[16];
        position_note(s, "%s has %s MP left after its move (was %s)", id, half_text(half, a, sizeof a),
             half_text(us->mp_left, b, sizeof b));
        us->mp_left = (unsigned char)half;
        return true;
    }
    for (size_t i = 0; i < sizeof unit_flags / sizeof *unit_flags; i++) {
        if (strcmp(what, unit_flags[i].word) != 0)
            continue;
        bool on = false;
        char u2[160];
        snprintf(u2, sizeof u2, "set unit %s %s on|off", id, unit_flags[i].word);
        if (!position_want_on_off(s, val, &on, u2))
            return false;
        if (on)
            us->flags |= unit_flags[i].bit;
        else
            us->flags &= (unsigned short)~unit_flags[i].bit;
        position_note(s, "%s %s%s", id, on ? "" : "no longer ", unit_flags[i].name);
        return true;
    }
    return position_refuse(s, "'%s' is not something of a unit set can change: write %s", what, usage);
}

/* ---- the command chits ------------------------------------------------- */

bool position_chit_same(const Chit *a, const Chit *b)
{
    return a->kind == b->kind && a->side == b->side && (a->kind == CHIT_INDEPENDENT || a->index == b->index);
}

int position_cup_find(const GameState *st, const Chit *c)
{
    for (int i = 0; i < st->ncup; i++)
        if (position_chit_same(&st->cup[i], c))
            return i;
    return -1;
}

void position_cup_take(GameState *st, int i)
{
    for (; i + 1 < st->ncup; i++)
        st->cup[i] = st->cup[i + 1];
    st->ncup--;
}

bool position_drawn_is(const GameState *st, const Chit *c) { return st->phase == PH_ACTIVATION && position_chit_same(&st->drawn, c); }

/* The system commanding a side puts its display in order with the turn,
 * the cup and the chit drawn as set by hand. */
static void system_tidy(PositionSetup *s)
{
    if (s->g->variant && s->g->variant->position)
        s->g->variant->position->tidy(s);
}

/* A chit of the system's side named in a line: only one the system has
 * (none can be named when it sets up nothing by hand). */
static bool system_chit_check(PositionSetup *s, const Chit *c, const char *word)
{
    if (!s->g->variant->position)
        return position_refuse(s, "the %s system's chits cannot be set by hand: '%s'", s->g->variant->name, word);
    return s->g->variant->position->chit_check(s, c, word);
}

/* The system's chit goes into the cup or is drawn. */
static bool system_chit_out(PositionSetup *s, const Chit *c)
{
    return !s->g->variant->position || s->g->variant->position->chit_out(s, c);
}

/* ---- the turn, the chit drawn, the cup ---------------------------------- */

/* No activation under way: nothing drawn, nothing pending, no unit active. */
static void clear_activation(PositionSetup *s)
{
    GameState *st = s->st;
    st->activated = false;
    st->drawn.kind = CHIT_FORMATION;
    st->drawn.side = 0;
    st->drawn.index = -1;
    activation_fresh(s->g);
    st->pending = PEND_NONE;
    st->mv_n = st->mv_len = st->mv_pos = 0;
    st->bc_n = 0;
    st->bc_split = false;
    st->cb_natt = st->cb_ndef = st->cb_nhex = st->cb_nqueue = 0;
    st->cb_retreating = false;
    st->ev_retreat = -1;
    for (int u = 0; u < st->nunits; u++)
        st->unit[u].flags &= (unsigned short)~(UF_ACTIVE | UF_SKIRMISHED | UF_RETREAT | UF_RMOVED | UF_FOUGHT);
    if (s->g->variant && s->g->variant->position)
        s->g->variant->position->clear_activation(s->g);
}

static bool set_turn(PositionSetup *s)
{
    const ScenarioDef *sc = &s->gd->scenarios[s->st->scenario];
    int t;
    int last = sc->last_turn < s->gd->nturns ? sc->last_turn : s->gd->nturns;
    if (s->n != 3 || !position_parse_int(s->tok[2], &t) || t < sc->first_turn || t > last)
        return position_refuse(s, "write set turn N: %s has turns %d to %d", sc->name, sc->first_turn, last);
    GameState *st = s->st;
    st->turn = t; /* before the log entries, which carry the turn */
    clear_activation(s);
    st->ncup = 0;
    st->phase = PH_CHOOSE;
    st->to_move = SIDE_CONFEDERATE;
    st->rain = false;
    st->result = RES_NONE;
    st->result_text[0] = '\0';
    turn_fresh(s->g); /* points, nothing chosen or held, the markers unused, as a new turn (SEQ-DAY) */
    for (int u = 0; u < st->nunits; u++) {
        st->unit[u].flags &= (unsigned short)~(UF_FIRED | UF_ACTIVATED | UF_MOVED | UF_DETACHED | UF_ACTIVE |
                                               UF_FOUGHT | UF_FORCED | UF_BUILT);
        st->unit[u].mp_left = 0;
    }
    events_begin_turn(s->g);
    if (s->g->variant) {
        st->done_choosing[s->g->variant->side] = true; /* the Automa's markers come from its track (AI-SEQUENCE) */
        s->g->variant->turn_begins(s->g);
    }
    const TurnDef *td = &s->gd->turns[t - 1];
    position_note(s, "turn %d (%s, %s), the choose phase: activation points union %d, confederate %d; the cup is empty, no "
            "rain",
         t, td->label, td->night ? "night" : "day", st->points[SIDE_UNION], st->points[SIDE_CONFEDERATE]);
    system_tidy(s);
    return true;
}

static const char *chit_text(const GameData *gd, const Chit *c, char *buf, size_t n)
{
    if (c->kind == CHIT_INDEPENDENT)
        snprintf(buf, n, "independent %s", data_side_name(c->side));
    else if (c->kind == CHIT_HIGHER)
        snprintf(buf, n, "%s", gd->commanders[c->index].id);
    else if (c->kind == CHIT_EVENT)
        snprintf(buf, n, "%s", c->index >= 0 && c->index < gd->nevents ? gd->events[c->index].id : "?");
    else
        snprintf(buf, n, "%s", c->index >= 0 ? gd->formations[c->index].id : "-");
    return buf;
}

/* A command chit from its words (tok[*i], and a side after "independent"),
 * checked against the scenario; *i moves past them. */
static bool want_chit(PositionSetup *s, int *i, Chit *c)
{
    const GameData *gd = s->gd;
    const ScenarioDef *sc = &gd->scenarios[s->st->scenario];
    const char *w = s->tok[*i];
    memset(c, 0, sizeof *c);
    (*i)++;
    if (strcmp(w, "independent") == 0) {
        c->kind = CHIT_INDEPENDENT;
        c->side = SIDE_CONFEDERATE;
        c->index = -1;
        if (*i < s->n && data_side_parse(s->tok[*i]) >= 0)
            c->side = (unsigned char)data_side_parse(s->tok[(*i)++]);
        return true;
    }
    int f = data_formation_index(gd, w), k = data_commander_index(gd, w);
    if (f >= 0) {
        c->kind = CHIT_FORMATION;
        c->side = (unsigned char)gd->formations[f].side;
        c->index = (short)f;
        if (s->g->variant && c->side == s->g->variant->side) {
            if (!system_chit_check(s, c, w))
                return false;
        } else if (!sc->formation_allowed[f])
            return position_refuse(s, "%s's command chit is not in this scenario (%s)", w, sc->name);
        return true;
    }
    if (k >= 0 && gd->commanders[k].higher) {
        c->kind = CHIT_HIGHER;
        c->side = (unsigned char)gd->commanders[k].side;
        c->index = (short)k;
        if (s->g->variant && c->side == s->g->variant->side) {
            if (!system_chit_check(s, c, w))
                return false;
        } else if (!sc->commander_allowed[k])
            return position_refuse(s, "%s's command chit is not in this scenario (%s)", w, sc->name);
        return true;
    }
    if (k >= 0)
        return position_refuse(s, "%s commands no chit of his own (only higher commanders do, e.g. jackson)", w);
    return position_refuse(s, "'%s' is not a command chit: write a formation (e.g. anderson), a higher commander (e.g. "
                     "jackson) or independent [union|confederate]",
                  w);
}
static bool set_drawn(PositionSetup *s)
{
    static const char usage[] = "set drawn FORMATION, set drawn COMMANDER or set drawn independent [union|confederate]";
    GameState *st = s->st;
    if (s->n < 3)
        return position_refuse(s, "name the chit: write %s", usage);
    int i = 2;
    Chit c;
    if (!want_chit(s, &i, &c))
        return false;
    if (i < s->n) {
        int side = data_side_parse(s->tok[i]);
        if (side < 0 || side != c.side || i + 1 < s->n)
            return position_refuse(s, "'%s' is not understood after the chit (%s is %s's): write %s", s->tok[i], s->tok[2],
                          data_side_name(c.side), usage);
    }
    if (st->phase == PH_GAME_OVER)
        return position_refuse(s, "the game is over: start a turn first (set turn N)");
    clear_activation(s);
    int k = position_cup_find(st, &c);
    if (k >= 0)
        position_cup_take(st, k);
    st->phase = PH_ACTIVATION;
    st->done_choosing[SIDE_UNION] = st->done_choosing[SIDE_CONFEDERATE] = true;
    st->drawn = c;
    st->drawn_extra = false;
    st->activated = false;
    st->to_move = c.side;
    const GameVariant *sys = s->g->variant;
    if (c.kind == CHIT_FORMATION && !(sys && c.side == sys->side))
        st->chosen[c.index] = true;
    if (sys && c.side == sys->side && !system_chit_out(s, &c))
        return false;
    char name[64];
    chit_text(s->gd, &c, name, sizeof name);
    if (sys)
        sys->chit_drawn(s->g); /* the Automa acts on it (its next step), or counts a Confederate activation (AI-WHEEL) */
    if (sys && c.side == sys->side) {
        position_note(s, "drawn from the cup: %s (%d left in the cup); the Automa acts next", name, st->ncup);
    } else {
        position_note(s, "drawn from the cup: %s (%d left in the cup), waiting to be activated or passed", name, st->ncup);
    }
    system_tidy(s);
    return true;
}

static bool set_cup(PositionSetup *s)
{
    GameState *st = s->st;
    if (st->phase != PH_ACTIVATION)
        return position_refuse(s, "the cup is filled once both sides have chosen and emptied by a new turn: set the chit just "
                         "drawn first (set drawn ...), then the cup");
    bool add = s->n > 2 && strcmp(s->tok[2], "+") == 0;
    Chit chits[GS_MAX_CHITS];
    int n = 0;
    for (int i = add ? 3 : 2; i < s->n;) {
        const char *w = s->tok[i];
        Chit c;
        if (!want_chit(s, &i, &c))
            return false;
        if (position_chit_same(&c, &st->drawn))
            return position_refuse(s, "%s is the chit just drawn: it is not in the cup (draw another first: set drawn ...)", w);
        for (int j = 0; j < n; j++)
            if (position_chit_same(&chits[j], &c))
                return position_refuse(s, "%s is written twice: each chit is in the cup once", w);
        if (add && position_cup_find(st, &c) >= 0)
            return position_refuse(s, "%s is in the cup already", w);
        if (n + (add ? st->ncup : 0) >= GS_MAX_CHITS)
            return position_refuse(s, "the cup holds at most %d chits", GS_MAX_CHITS);
        chits[n++] = c;
    }
    if (!add)
        st->ncup = 0;
    for (int j = 0; j < n; j++) /* the Automa's markers leave its display */
        if (s->g->variant && chits[j].side == s->g->variant->side && !system_chit_out(s, &chits[j]))
            return false;
    for (int j = 0; j < n; j++) {
        st->cup[st->ncup++] = chits[j];
        if (chits[j].kind == CHIT_FORMATION && !(s->g->variant && chits[j].side == s->g->variant->side))
            st->chosen[chits[j].index] = true; /* chosen this turn (the Automa chooses none) */
    }
    char text[180] = "";
    for (int j = 0; j < st->ncup; j++) {
        char name[64];
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", j ? ", " : "",
                 chit_text(s->gd, &st->cup[j], name, sizeof name));
    }
    position_note(s, "the cup holds %d chit%s%s%s", st->ncup, st->ncup == 1 ? "" : "s", st->ncup ? ": " : "", text);
    system_tidy(s);
    return true;
}

static bool set_rain(PositionSetup *s)
{
    bool on = false;
    if (s->n != 3)
        return position_refuse(s, "write set rain on or set rain off");
    if (!position_want_on_off(s, s->tok[2], &on, "set rain on or set rain off"))
        return false;
    s->st->rain = on;
    position_note(s, "%s this turn", on ? "it rains" : "no rain");
    return true;
}

/* ---- works on the map ----------------------------------------------------- */

static bool set_breastwork(PositionSetup *s)
{
    int hex = 0;
    if (s->n != 4)
        return position_refuse(s, "write set breastwork HHHH union, confederate or none");
    if (!want_hex(s, s->tok[2], &hex))
        return false;
    int side = data_side_parse(s->tok[3]);
    if (side < 0 && strcmp(s->tok[3], "none") != 0)
        return position_refuse(s, "'%s' is not a side: write set breastwork %s union, confederate or none", s->tok[3],
                      s->tok[2]);
    if (side >= 0) {
        const MapHex *mh = &s->gd->map.hexes[hex];
        if (!s->gd->terrain[mh->terrain].breastworks)
            return position_refuse(s, "no breastwork stands in %s: its terrain (%s) takes none", s->tok[2],
                          s->gd->terrain[mh->terrain].name);
        if (mh->fort_faces)
            return position_refuse(s, "%s has a printed fortification: a breastwork adds nothing there", s->tok[2]);
        if (s->st->fort_marker[hex])
            return position_refuse(s, "%s has a fortification marker: take it off first (set fortification %s off)", s->tok[2],
                          s->tok[2]);
    }
    s->st->breastwork[hex] = (unsigned char)(side >= 0 ? side + 1 : 0);
    if (side >= 0)
        position_note(s, "a %s breastwork in %s", data_side_name(side), s->tok[2]);
    else
        position_note(s, "no breastwork in %s", s->tok[2]);
    return true;
}

static bool set_pontoon(PositionSetup *s)
{
    static const char usage[] = "set pontoon HHHH-HHHH union, confederate or none (the two hexes either side of a "
                                "river hexside, e.g. 2015-2016)";
    if (s->n != 4)
        return position_refuse(s, "write %s", usage);
    const char *t = s->tok[2];
    char a[5], b[5];
    if (strlen(t) != 9 || t[4] != '-')
        return position_refuse(s, "'%s' is not a hexside: write %s", t, usage);
    memcpy(a, t, 4), a[4] = '\0';
    memcpy(b, t + 5, 4), b[4] = '\0';
    int ha = 0, hb = 0;
    if (!want_hex(s, a, &ha) || !want_hex(s, b, &hb))
        return false;
    const Map *m = &s->gd->map;
    int dir = hex_direction(map_hex_at(m, ha), map_hex_at(m, hb));
    if (dir < 0)
        return position_refuse(s, "%s and %s are not neighbours: a pontoon spans the hexside between two neighbouring hexes",
                      a, b);
    const Hexside *hs = &m->hexes[ha].side[dir];
    if (hs->kind < 0 || s->gd->hexside_kinds[hs->kind].pontoon_cost == COST_NO)
        return position_refuse(s, "no river a pontoon may span runs between %s and %s: write a river hexside", a, b);
    int side = data_side_parse(s->tok[3]);
    if (side < 0 && strcmp(s->tok[3], "none") != 0)
        return position_refuse(s, "'%s' is not a side: write set pontoon %s union, confederate or none", s->tok[3], t);
    int opp = hex_dir_opposite(dir);
    for (int k = 0; k < SIDE_COUNT; k++) {
        s->st->pontoon[k][ha] &= (unsigned char)~(1u << dir);
        s->st->pontoon[k][hb] &= (unsigned char)~(1u << opp);
    }
    if (side >= 0) {
        s->st->pontoon[side][ha] |= (unsigned char)(1u << dir);
        s->st->pontoon[side][hb] |= (unsigned char)(1u << opp);
        position_note(s, "a %s pontoon spans %s", data_side_name(side), t);
    } else
        position_note(s, "no pontoon spans %s", t);
    return true;
}

static bool set_fortification(PositionSetup *s)
{
    int hex = 0;
    bool on = false;
    if (s->n != 4)
        return position_refuse(s, "write set fortification HHHH on or set fortification HHHH off");
    if (!want_hex(s, s->tok[2], &hex) || !position_want_on_off(s, s->tok[3], &on, "set fortification HHHH on|off"))
        return false;
    if (on && s->st->breastwork[hex])
        return position_refuse(s, "%s has a breastwork, which a fortification replaces: take it off first (set breastwork %s "
                         "none)",
                      s->tok[2], s->tok[2]);
    s->st->fort_marker[hex] = on ? 1 : 0;
    position_note(s, "%s fortification marker in %s", on ? "a" : "no", s->tok[2]);
    return true;
}

/* ---- the line ------------------------------------------------------------- */

static const PositionForm set_forms[] = {
    {"turn", set_turn},       {"drawn", set_drawn},     {"cup", set_cup},
    {"rain", set_rain},       {"unit", set_unit},       {"breastwork", set_breastwork},
    {"pontoon", set_pontoon}, {"fortification", set_fortification},
};

/* The k-th set form: the rules' own, then those of every system the
 * program offers (whether or not this game plays it: each says when it
 * does not apply). NULL past the last. */
static const PositionForm *set_form(int k)
{
    int n = (int)(sizeof set_forms / sizeof *set_forms);
    if (k < n)
        return &set_forms[k];
    k -= n;
    const GameVariant *v;
    for (int i = 0; (v = game_variant_at(i)) != NULL; i++) {
        int m = v->position ? v->position->nforms : 0;
        if (k < m)
            return &v->position->forms[k];
        k -= m;
    }
    return NULL;
}

static bool do_set(PositionSetup *s)
{
    char list[300] = "";
    const PositionForm *f;
    for (int i = 0; (f = set_form(i)) != NULL; i++) {
        if (s->n >= 2 && strcmp(s->tok[1], f->what) == 0)
            return f->fn(s);
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", f->what);
    }
    if (s->n < 2)
        return position_refuse(s, "say what to set: %s (docs/script.md)", list);
    return position_refuse(s, "'%s' is not something set changes: write one of %s (docs/script.md)", s->tok[1], list);
}

bool position_is_setup(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t k = strcspn(line, " \t");
    return (k == 5 && strncmp(line, "place", 5) == 0) || (k == 6 && strncmp(line, "remove", 6) == 0) ||
           (k == 3 && strncmp(line, "set", 3) == 0);
}

static bool record_setup(Game *g, const char *text)
{
    GameRecord r;
    memset(&r, 0, sizeof r);
    r.setup = true;
    r.side = -1;
    snprintf(r.text, sizeof r.text, "%s", text);
    return record(g, &r);
}

bool position_apply(Game *g, const char *line, char *why, size_t whysize)
{
    if (strlen(line) >= LINE_BUF) {
        snprintf(why, whysize, "the line is too long (at most %d characters)", POSITION_LINE_MAX);
        return false;
    }
    char buf[LINE_BUF], text[LINE_BUF] = "";
    char *tok[MAX_TOKENS];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *p = strtok(buf, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (n == MAX_TOKENS) {
            snprintf(why, whysize, "too many words (at most %d): split the line", MAX_TOKENS);
            return false;
        }
        tok[n++] = p;
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", n > 1 ? " " : "", p);
    }
    if ((int)strlen(text) > POSITION_LINE_MAX) {
        snprintf(why, whysize, "the line is too long (%d characters, at most %d): split it (set cup + CHIT ... adds "
                 "to the cup)", (int)strlen(text), POSITION_LINE_MAX);
        return false;
    }
    if (n == 0 || !position_is_setup(text)) {
        snprintf(why, whysize, "'%s' is not a set-up line: place, remove or set", n ? tok[0] : "");
        return false;
    }
    if (g->st.phase == PH_PLACEMENT || g->st.phase == PH_DEPLOY) {
        snprintf(why, whysize, "the hypothetical deployment is under way: set up by hand once it is over (deploy the "
                 "units first)");
        return false;
    }
    PositionSetup s = {.g = g, .gd = g->gd, .st = &g->st, .tok = tok, .n = n, .why = why, .whysize = whysize};
    GameState *before = malloc(sizeof *before);
    if (!before) {
        snprintf(why, whysize, "out of memory");
        return false;
    }
    *before = g->st;
    int log_before = g->log.count;
    bool ok = strcmp(tok[0], "place") == 0 ? do_place(&s) : strcmp(tok[0], "remove") == 0 ? do_remove(&s) : do_set(&s);
    if (ok && !record_setup(g, text))
        ok = position_refuse(&s, "out of memory");
    if (!ok) {
        g->st = *before; /* a refused line changes nothing */
        log_truncate(&g->log, log_before);
        free(before);
        return false;
    }
    free(before);
    g->nundo = 0; /* setting up is not a decision: nothing before it can be taken back */
    if (g->variant && g->variant->position)
        g->variant->position->set_by_hand(g); /* a unit set by hand is no loss for the VP track */
    return true;
}

/* ---- new, and position files ---------------------------------------------- */

bool position_new(const GameData *gd, const char *args, Game *out, char *why, size_t whysize)
{
    memset(out, 0, sizeof *out);
    char id[64] = "", word[64];
    int used = 0, more;
    if (sscanf(args, "%63s%n", id, &used) != 1) {
        snprintf(why, whysize, "usage: new SCENARIO [SEED] [OPTION ...]");
        return false;
    }
    uint64_t seed = 1;
    unsigned options = 0;
    bool first = true;
    for (const char *p = args + used; sscanf(p, "%63s%n", word, &more) == 1; p += more, first = false) {
        char *end;
        if (first && isdigit((unsigned char)word[0])) {
            errno = 0;
            unsigned long long v = strtoull(word, &end, 10);
            if (!*end && !errno) {
                seed = (uint64_t)v;
                continue;
            }
        }
        unsigned bit = game_option_parse(word);
        if (!bit) {
            int len = snprintf(why, whysize, "unknown option '%s' (", word);
            for (int i = 0; i < GAME_OPTION_COUNT && len > 0 && (size_t)len < whysize; i++)
                len += snprintf(why + len, whysize - (size_t)len, "%s%s", i ? " " : "", game_option_name(i));
            if (len > 0 && (size_t)len < whysize)
                snprintf(why + len, whysize - (size_t)len, ")");
            return false;
        }
        options |= bit;
    }
    int sc = data_scenario_index(gd, id);
    if (sc < 0) {
        int len = snprintf(why, whysize, "unknown scenario '%s' (", id);
        for (int i = 0; i < gd->nscenarios && len > 0 && (size_t)len < whysize; i++)
            len += snprintf(why + len, whysize - (size_t)len, "%s%s", i ? " " : "", gd->scenarios[i].id);
        if (len > 0 && (size_t)len < whysize)
            snprintf(why + len, whysize - (size_t)len, ")");
        return false;
    }
    if (!game_new_options(out, gd, sc, seed, options, why, whysize)) {
        memset(out, 0, sizeof *out);
        return false;
    }
    return true;
}

static bool fail_at(char *err, size_t n, const char *path, int line, const char *what)
{
    if (line > 0)
        snprintf(err, n, "%s:%d: %s", path, line, what);
    else
        snprintf(err, n, "%s: %s", path, what);
    return false;
}

bool position_load(const GameData *gd, const char *path, Game *out, char *err, size_t errsize)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    char line[LINE_BUF], why[600], msg[900];
    int lineno = 0;
    bool started = false, ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] != '\n' && !feof(f)) {
            snprintf(msg, sizeof msg, "the line is too long (at most %d characters)", POSITION_LINE_MAX);
            ok = fail_at(err, errsize, path, lineno, msg);
            break;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' ||
                           line[len - 1] == '\t'))
            line[--len] = '\0';
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        char word[32] = "";
        sscanf(p, "%31s", word);
        if (strcmp(word, "new") == 0) {
            if (started) {
                ok = fail_at(err, errsize, path, lineno,
                             "a second 'new' line: a position has one, its first line (start another file for "
                             "another game)");
                break;
            }
            if (!position_new(gd, p + 3, out, why, sizeof why)) {
                ok = fail_at(err, errsize, path, lineno, why);
                break;
            }
            started = true;
            continue;
        }
        if (!started) {
            snprintf(msg, sizeof msg,
                     "a position begins with its game: new SCENARIO [SEED] [OPTION ...] (here: '%.60s')", p);
            ok = fail_at(err, errsize, path, lineno, msg);
            break;
        }
        if (!position_is_setup(p)) {
            snprintf(msg, sizeof msg,
                     "'%.40s' is not a set-up line: a position holds place, remove and set lines after its new line",
                     word);
            ok = fail_at(err, errsize, path, lineno, msg);
            break;
        }
        if (!position_apply(out, p, why, sizeof why)) {
            ok = fail_at(err, errsize, path, lineno, why);
            break;
        }
    }
    fclose(f);
    if (ok && !started)
        ok = fail_at(err, errsize, path, 0, "no 'new SCENARIO [SEED] [OPTION ...]' line: this file holds no position");
    if (!ok && started)
        game_free(out);
    if (!ok)
        memset(out, 0, sizeof *out);
    return ok;
}

static void position_body(FILE *f, const void *ctx)
{
    const Game *g = ctx;
    fprintf(f, "# A guv position: guv --position FILE opens it; guv script reads it with 'position FILE'.\n");
    fprintf(f, "new %s %" PRIu64, g->gd->scenarios[g->st.scenario].id, g->seed);
    for (int i = 0; i < GAME_OPTION_COUNT; i++)
        if (g->start_options & (1u << i))
            fprintf(f, " %s", game_option_name(i));
    fprintf(f, "\n");
    for (int i = 0; i < g->nrec; i++)
        if (g->rec[i].setup)
            fprintf(f, "%s\n", g->rec[i].text);
}

bool position_write(const Game *g, const char *path, char *err, size_t errsize)
{
    return save_write_atomic(path, "the position", position_body, g, err, errsize);
}

void position_count(const Game *g, int *setup, int *played)
{
    int k = 0;
    for (int i = 0; i < g->nrec; i++)
        k += g->rec[i].setup;
    if (setup)
        *setup = k;
    if (played)
        *played = g->nrec - k;
}
