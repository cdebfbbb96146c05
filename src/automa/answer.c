/* The Automa's answers to the rules' questions during the player's
 * activations: break contact (AI-BREAK-CONTACT), a breastwork under
 * bombardment (AI-BOMBARD-TARGET), which division takes a result, and the
 * defender's choices when the player attacks (AI-PLAYER-ATTACK, AI-LOSSES).
 * Each answer is one of the decisions the rules open (game_legal_base),
 * chosen by a fixed order of preference and logged with its reason. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa_internal.h"

#define ANSWER_MAX 4096

/* An answer's reason, for its log line: n 0 when the log keeps no words
 * (automa_answer), and then nothing is written. */
static void say(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t n, const char *fmt, ...)
{
    if (n == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
}

/* The first unit in the hex (index order) with an Automa counter, -1 none:
 * the hex's own list (GameState.hex_first), not every unit. */
static int counter_in(const Game *g, int hex)
{
    if (hex < 0 || hex >= GS_MAX_HEXES)
        return -1;
    for (int k = g->st.hex_first[hex]; k; k = g->st.unit_next[k - 1])
        if (k - 1 < g->st.nunits && g->gd->units[k - 1].counter >= 0)
            return k - 1;
    return -1;
}

/* The Automa division stack of a hex: its formation. */
static int formation_in(const Game *g, int hex)
{
    int u = counter_in(g, hex);
    return u >= 0 ? data_automa_formation_of_unit(g->gd, u) : -1;
}

/* Sum of distances from hex to the formation's other divisions: smaller
 * keeps the formation together (H.3). */
static int spread(const Game *g, int f, int hex, int from)
{
    short units[16];
    int n = automa_units(g, f, units, 16), s = 0;
    for (int i = 0; i < n; i++)
        if (g->st.unit[units[i]].hex != from)
            s += hex_distance(map_hex_at(&g->gd->map, hex), map_hex_at(&g->gd->map, g->st.unit[units[i]].hex));
    return s;
}

static bool holds_counter(const Game *g, int hex) { return counter_in(g, hex) >= 0; }

static int break_contact(Game *g, const Decision *list, int k, char *why, size_t n)
{
    int hex = g->st.bc_queue[0];
    int stay = -1, best = -1, best_spread = 1 << 20;
    /* H.3: "Move the AI units one hex, trying to keep the formation united":
     * the hex nearest the rest of the formation, never onto another division
     * if any other hex will do (AI-COUNTERS), but onto one rather than stay */
    for (int pass = 0; pass < 2 && best < 0; pass++)
        for (int i = 0; i < k; i++) {
            if (list[i].kind == D_STAY)
                stay = i;
            if (list[i].kind != D_BREAK || list[i].nunits > 0 || (pass == 0 && holds_counter(g, list[i].arg)))
                continue;
            int f = formation_in(g, hex);
            int s = f >= 0 ? spread(g, f, list[i].arg, hex) : 0;
            if (best < 0 || s < best_spread)
                best = i, best_spread = s;
        }
    bool demoralized = false;
    short here[GS_MAX_UNITS];
    int nh = hex_units(g, hex, here, GS_MAX_UNITS); /* the hex's units (the index) */
    for (int j = 0; j < nh && j < GS_MAX_UNITS; j++)
        demoralized |= (g->st.unit[here[j]].flags & UF_DEM) != 0;
    char h[5];
    hex_name(g->gd, hex, h);
    if (g->st.breastwork[hex] == SIDE_UNION + 1 && stay >= 0) {
        say(why, n, "the division in %s is under a breastwork: it stays without a roll", h);
        return stay;
    }
    if (!demoralized && stay >= 0) {
        int die = automa_roll(g, "AI-BREAK-CONTACT", "the division in %s breaks contact on 1-%d", h,
                              g->gd->automa.rules.break_contact_on);
        bool breaks = die <= g->gd->automa.rules.break_contact_on;
        if (!breaks || best < 0) {
            say(why, n, "the division in %s stays (%d)%s", h, die, breaks ? ": it has nowhere to go" : "");
            return stay;
        }
        say(why, n, "the division in %s breaks contact (%d), toward its formation", h, die);
        return best;
    }
    say(why, n, "the division in %s is demoralized: it always breaks contact (K.4)", h);
    return best >= 0 ? best : 0;
}

/* I.4's "open terrain": the terrain kind's `open` flag (terrain.ini). */
static bool open_ground(const Game *g, int hex) { return g->gd->terrain[g->gd->map.hexes[hex].terrain].open; }

bool automa_will_entrench(const Game *g, int hex)
{
    return AUTOMA(g->st).attitude == ATT_CAUTIOUS || open_ground(g, hex);
}

static int pick_kind(const Decision *list, int k, int kind)
{
    for (int i = 0; i < k; i++)
        if (list[i].kind == kind)
            return i;
    return -1;
}

/* J.1: the roll for cover once the breastwork stands: from cover_step_from
 * up it costs the attacker a step after combat, below a die; an even roll
 * puts a skirmisher on the division; the roll / cover_art_divisor is the
 * defending artillery (I.2). */
static int cover(Game *g, const Decision *list, int k, char *why, size_t n)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    int u = -1;
    for (int i = 0; i < st->cb_ndef && u < 0; i++)
        if (gd->units[st->cb_def[i]].counter >= 0)
            u = st->cb_def[i];
    int die = automa_roll(g, "AI-PLAYER-ATTACK", "roll for cover: %d-6 a step from the attacker, less a die; even: a skirmisher",
                          gd->automa.rules.cover_step_from);
    bool full = u >= 0 && st->unit[u].steps == gd->counters[gd->units[u].counter].nvalues;
    int div = gd->automa.rules.cover_art_divisor;
    bool step = die >= gd->automa.rules.cover_step_from;
    AUTOMA(*st).cover_art = (signed char)(full ? (die + div - 1) / div : die / div);
    if (die % 2 == 0 && u >= 0) {
        int f = data_automa_formation_of_unit(gd, u);
        if (f >= 0 && AUTOMA(*st).skirm[f] >= 0 && st->unit[AUTOMA(*st).skirm[f]].where == AT_MAP)
            log_add(&g->log, st->turn, LOG_EVENT, "AI-SKIRMISHER",
                    "an even roll, but %s has a skirmisher already: none is added (N.2)", automa_formation_name(gd, f));
        else if (f >= 0) {
            int s = skirmisher_place(g, SIDE_UNION, st->unit[u].hex);
            if (s >= 0) {
                if (st->cb_ndef < CB_MAX_UNITS)
                    st->cb_def[st->cb_ndef++] = (short)s; /* a defender: it takes the first loss (K.1) */
                AUTOMA(*st).skirm[f] = (short)s;
                AUTOMA(*st).seen_steps[s] = st->unit[s].steps;
                AUTOMA(*st).seen_where[s] = AT_MAP;
                log_add(&g->log, st->turn, LOG_EVENT, "AI-SKIRMISHER", "an even roll: a Union skirmisher goes on %s",
                        gd->units[u].name);
            } else
                log_add(&g->log, st->turn, LOG_EVENT, "AI-SKIRMISHER", "an even roll, but no Union skirmisher is left");
        }
    }
    log_add(&g->log, st->turn, LOG_EVENT, "AI-ARTILLERY", "defending artillery %d / %d, rounded %s: %d", die, div,
            full ? "up (full strength)" : "down (reduced)", AUTOMA(*st).cover_art);
    int i = -1;
    for (int j = 0; j < k; j++)
        if (list[j].kind == (step ? D_BW_STEP : D_BW_DIE))
            i = j;
    say(why, n, "the roll for cover is %d: %s", die,
             step ? "the attacker loses a step after the combat" : "the attacker loses a die");
    return i >= 0 ? i : 0;
}

/* AI-WHEEL: an attacked formation's marker on the wheel jumps to the
 * opposite half, once per Confederate activation. */
static void wheel_jump(Game *g)
{
    GameState *st = &g->st;
    AutomaState *a = &AUTOMA(*st);
    signed char now = (signed char)(a->confederate_acts & 0x7f);
    for (int i = 0; i < st->cb_ndef; i++) {
        int f = data_automa_formation_of_unit(g->gd, st->cb_def[i]);
        if (f < 0 || a->status[f] != FS_WHEEL || a->thrown[f] == now)
            continue;
        a->thrown[f] = now;
        automa_wheel_jump(g, f);
    }
}

/* K.1's order for the next loss among the combat's defenders: "first
 * remove a skirmisher, then reduce the unit with the highest combat value
 * ... one loss to all involved units before any of them receive a second".
 * The higher the rank, the sooner; the same order picks the loss and tells
 * K.3 whether that loss would remove a division. */
static int loss_rank(const Game *g, int u)
{
    const GameState *st = &g->st;
    if (g->gd->units[u].type == UT_SKIRMISHER)
        return 100000;
    int p = game_unit_points(g, u);
    if (st->pending == PEND_COMBAT)
        for (int j = 0; j < st->cb_ndef; j++)
            if (st->cb_def[j] == u)
                p -= 1000 * st->cb_def_losses[j];
    return p;
}

/* The unit K.1 gives the next loss to among the combat's defenders; -1. */
static int next_loss_unit(const Game *g)
{
    const GameState *st = &g->st;
    int best = -1, best_rank = -1000000;
    for (int i = 0; i < st->cb_ndef; i++) {
        int u = st->cb_def[i];
        if (st->unit[u].where != AT_MAP || st->unit[u].steps <= 0 || g->gd->units[u].type == UT_DUMMY)
            continue;
        int r = loss_rank(g, u);
        if (r > best_rank)
            best = u, best_rank = r;
    }
    return best;
}

bool automa_loss_removes(const Game *g)
{
    int u = next_loss_unit(g);
    return u >= 0 && g->gd->units[u].counter >= 0 && g->st.unit[u].steps == 1;
}

void automa_attacked(Game *g)
{
    GameState *st = &g->st;
    wheel_jump(g);
    for (int j = 0; j < st->cb_ndef; j++) { /* N.5: attacking I or VI Corps brings it into play */
        int f = data_automa_formation_of_unit(g->gd, st->cb_def[j]);
        if (f >= 0 && AUTOMA(*st).status[f] == FS_WAITING)
            automa_release(g, f, "attacked");
    }
}

/* K.3: where an Automa stack retreats: toward its nearest friend, never
 * onto another division if it can help it. */
static int retreat_choice(const Game *g, const Decision *list, int k)
{
    int from = g->st.pending == PEND_DEMORAL ? g->st.dem_hex : g->st.cb_queue[0];
    int best = -1, best_rank = 0, nfriends = -1;
    HexCoord friends[GS_MAX_UNITS];
    for (int i = 0; i < k; i++) {
        if (list[i].kind != D_RETREAT)
            continue;
        int nearest = 999;
        if (nfriends < 0) { /* the Automa's divisions elsewhere, found once */
            nfriends = 0;
            for (int u = 0; u < g->st.nunits; u++)
                if (g->st.unit[u].where == AT_MAP && g->gd->units[u].counter >= 0 && g->st.unit[u].hex != from)
                    friends[nfriends++] = map_hex_at(&g->gd->map, g->st.unit[u].hex);
        }
        HexCoord to = map_hex_at(&g->gd->map, list[i].arg);
        for (int j = 0; j < nfriends; j++) {
            int x = hex_distance(to, friends[j]);
            if (x < nearest)
                nearest = x;
        }
        int rank = (holds_counter(g, list[i].arg) ? 1000 : 0) + nearest;
        if (best < 0 || rank < best_rank)
            best = i, best_rank = rank;
    }
    return best;
}

bool automa_six_choice(const Game *g)
{
    const GameState *st = &g->st;
    return AUTOMA(*st).on && st->pending == PEND_COMBAT && st->cb_step == CB_SIX_DEF &&
           st->to_move == SIDE_CONFEDERATE && st->cb_ndef > 0 && g->gd->units[st->cb_def[0]].side == SIDE_UNION;
}

int automa_six_filter(const Game *g, Decision *list, int k)
{
    int best = -1, n = 0;
    for (int i = 0; i < k; i++)
        if (list[i].kind == D_SIX_HIT && automa_six_rank(g, list[i].arg) > best)
            best = automa_six_rank(g, list[i].arg);
    for (int i = 0; i < k; i++)
        if (list[i].kind == D_SIX_HIT && automa_six_rank(g, list[i].arg) == best) {
            Decision d = list[i];
            d.side = SIDE_CONFEDERATE;
            list[n++] = d;
        }
    return n;
}

static int choose(Game *g, const Decision *list, int k, char *why, size_t n)
{
    GameState *st = &g->st;
    int i;
    if (st->pending == PEND_COMBAT && st->cb_step == CB_SIX_DEF) {
        /* K.2: the Automa's 6 hits the strongest; the player picks among equals */
        Decision *copy = malloc((size_t)k * sizeof *copy);
        int tied = 0, target = -1;
        if (copy) {
            memcpy(copy, list, (size_t)k * sizeof *copy);
            tied = automa_six_filter(g, copy, k);
            target = tied == 1 ? copy[0].arg : -1;
            free(copy);
        }
        if (tied > 1) {
            st->to_move = SIDE_CONFEDERATE;
            say(why, n, "%d Confederate units are equally strong: the player picks the one hit (six-hit UNIT)", tied);
            return -1;
        }
        for (int j = 0; j < k && target >= 0; j++)
            if (list[j].kind == D_SIX_HIT && list[j].arg == target) {
                say(why, n, "a natural 6 hits the strongest enemy unit, infantry first (K.2)");
                return j;
            }
    }
    if (st->pending == PEND_COMBAT && st->cb_step == CB_BW_CHOICE)
        return cover(g, list, k, why, n);
    if ((st->pending == PEND_COMBAT || st->pending == PEND_DEMORAL) && (i = retreat_choice(g, list, k)) >= 0) {
        say(why, n, "%s toward its nearest friend (K.3)",
                 st->pending == PEND_DEMORAL ? "the demoralized division falls back" : "the stack retreats");
        return i;
    }
    if (st->pending == PEND_COMBAT && st->cb_step == CB_DEF_LOSS && (i = pick_kind(list, k, D_RETREAT_INSTEAD)) >= 0) {
        /* K.3: a retreat rather than a loss that would remove a division, or on a 1-2 before the last loss */
        if (automa_loss_removes(g)) {
            say(why, n, "the loss would remove the division: it retreats instead (K.3)");
            return i;
        }
        if (st->cb_hits_def == 1) {
            const AutomaRules *ru = &g->gd->automa.rules;
            int die = automa_roll(g, "AI-RETREAT", "before the last loss: 1-%d (-%d if Cautious) retreats", ru->retreat_on,
                                  ru->retreat_cautious);
            if (die - (AUTOMA(*st).attitude == ATT_CAUTIOUS ? ru->retreat_cautious : 0) <= ru->retreat_on) {
                /* "the unit absorbs the last loss and retreats": the loss below, then the retreat step */
                st->cb_retreating = true;
                log_add(&g->log, st->turn, LOG_EVENT, "AI-RETREAT",
                        "the retreat roll is %d: the division takes the last loss and retreats (K.3)", die);
            }
        }
    }
    switch (st->pending) {
    case PEND_BREAK_CONTACT:
        return break_contact(g, list, k, why, n);
    case PEND_BREASTWORK: {
        bool build = automa_will_entrench(g, st->bomb_hex);
        i = pick_kind(list, k, build ? D_BREASTWORK : D_NO_BREASTWORK);
        say(why, n, "%s (I.4: a breastwork only when Cautious or in open ground)",
                 build ? "a breastwork is built" : "no breastwork");
        return i >= 0 ? i : 0;
    }
    default:
        break;
    }
    /* The rest: the defender's steps in a combat and the like. Take the
     * loss on the strongest division (K.1), build a breastwork when
     * attacked (J.1), and otherwise the rules' first choice. */
    int best = -1, best_pts = -1000000;
    for (i = 0; i < k; i++)
        if (list[i].kind == D_LOSE || list[i].kind == D_TAKE) {
            int u = list[i].arg;
            int p = u >= 0 && u < st->nunits ? loss_rank(g, u) : 0;
            if (p > best_pts)
                best = i, best_pts = p;
        }
    if (best >= 0) {
        say(why, n, "the loss goes to the skirmisher, else the strongest division not yet hit (K.1)");
        return best;
    }
    if ((i = pick_kind(list, k, D_NO_SKIRM)) >= 0) {
        say(why, n, "the Automa makes skirmishers only by its behaviour and its roll for cover (N.2)");
        return i;
    }
    if ((i = pick_kind(list, k, D_BREASTWORK)) >= 0) {
        say(why, n, "an attacked division always builds a breastwork (J.1)");
        return i;
    }
    if ((i = pick_kind(list, k, D_NO_ADVANCE)) >= 0) {
        say(why, n, "no advance");
        return i;
    }
    say(why, n, "the rules' first choice");
    return 0;
}

void automa_answer(Game *g)
{
    Decision *list = malloc(ANSWER_MAX * sizeof *list);
    if (!list)
        return;
    int k = game_legal_base(g, list, ANSWER_MAX);
    if (k > ANSWER_MAX)
        k = ANSWER_MAX;
    if (k <= 0) {
        free(list);
        return;
    }
    const char *rule = g->st.pending == PEND_BREAK_CONTACT ? "AI-BREAK-CONTACT"
                       : g->st.pending == PEND_DEMORAL     ? "AI-DIS-DEM"
                       : g->st.pending == PEND_BREASTWORK  ? "AI-BOMBARD-TARGET"
                                                           : "AI-PLAYER-ATTACK";
    char why[160] = ""; /* the reason goes into the log line only */
    int i = choose(g, list, k, why, log_wants_text(&g->log) ? sizeof why : 0);
    char text[120] = "", err[200];
    if (i < 0) { /* the player decides this one */
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX", "%s", why);
        free(list);
        return;
    }
    decision_log_text(g, &list[i], text, sizeof text);
    log_add(&g->log, g->st.turn, LOG_EVENT, rule, "the Automa answers \"%s\": %s", text, why);
    /* should the rules refuse it, the first answer they accept */
    for (int j = -1; j < k; j++)
        if (game_apply_base(g, &list[j < 0 ? i : j], err, sizeof err))
            break;
    free(list);
}
