/* Victory (VICTORY-AUTO, VICTORY-POINTS, the scenarios' conditions) and
 * leaving the map (EXIT-MAP). The conditions are data: the [victory]
 * options of the scenario file. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/variant.h"
#include "rules/game_internal.h"

static const char *vopt(const Game *g, const char *key)
{
    const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
    return scenario_option(sc->victory, sc->nvictory, key);
}

static int vint(const Game *g, const char *key, int fallback)
{
    const char *v = vopt(g, key);
    return v ? atoi(v) : fallback;
}

int game_eliminated_points(const Game *g, int side)
{
    int pts = 0;
    for (int u = 0; u < g->st.nunits; u++)
        if (g->st.unit[u].where == AT_ELIMINATED && g->gd->units[u].side == side && !is_skirmisher(g, u))
            pts += g->gd->units[u].strength; /* permanently eliminated counters, full value; no skirmishers */
    return pts;
}

static int eliminated_units(const Game *g, int side)
{
    int n = 0;
    for (int u = 0; u < g->st.nunits; u++)
        n += g->st.unit[u].where == AT_ELIMINATED && g->gd->units[u].side == side && !is_skirmisher(g, u) &&
             !is_dummy(g, u);
    return n;
}

/* The side holding a place: a unit there, in supply (-1: nobody). */
static int holder(const Game *g, const char *place, bool need_supply)
{
    int p = data_place_index(g->gd, place);
    if (p < 0)
        return -1;
    int hex = map_hex_index(&g->gd->map, g->gd->map.places[p].hex);
    for (int u = 0; u < g->st.nunits; u++)
        if (g->st.unit[u].where == AT_MAP && g->st.unit[u].hex == hex &&
            (!need_supply || game_in_supply(g, u)))
            return g->gd->units[u].side;
    return -1;
}

static bool holds_all(const Game *g, int side, const char *list, bool need_supply)
{
    char tok[64];
    const char *p = list;
    bool any = false;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        any = true;
        if (holder(g, tok, need_supply) != side)
            return false;
    }
    return any;
}

/* EXIT-MAP: steps off the map; the Union's count "infantry/artillery step
 * levels" only, the Confederate denial "his own units" of every kind. */
static int exited_steps(const Game *g, int side, bool supplied_only)
{
    short from[GS_MAX_UNITS], unit[GS_MAX_UNITS];
    bool ok[GS_MAX_UNITS];
    int k = 0;
    for (int u = 0; u < g->st.nunits; u++)
        if (g->st.unit[u].where == AT_EXITED && g->gd->units[u].side == side &&
            (side == SIDE_CONFEDERATE || g->gd->units[u].type != UT_CAVALRY) &&
            !is_skirmisher(g, u) && !is_dummy(g, u)) {
            unit[k] = (short)u;
            from[k] = g->st.unit[u].exited_from;
            ok[k++] = true;
        }
    if (supplied_only && k > 0)
        game_hexes_supplied(g, side, from, k, ok); /* one network for all */
    int n = 0;
    for (int i = 0; i < k; i++)
        n += ok[i] ? g->st.unit[unit[i]].steps : 0;
    return n;
}

int game_union_vp(const Game *g)
{
    int vp = game_eliminated_points(g, SIDE_CONFEDERATE) - game_eliminated_points(g, SIDE_UNION);
    const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
    for (int i = 0; i < sc->nvictory; i++)
        if (strncmp(sc->victory[i].key, "vp.", 3) == 0 && holder(g, sc->victory[i].key + 3, true) == SIDE_UNION)
            vp += atoi(sc->victory[i].value);
    /* EXIT-MAP: the Union's exited steps count only where a supply line
     * reaches the exit road they left by; the Confederate denial needs none. */
    if (exited_steps(g, SIDE_UNION, true) >= vint(g, "exit_steps", 999) &&
        exited_steps(g, SIDE_CONFEDERATE, false) < vint(g, "deny_steps", 999))
        vp += vint(g, "exit_vp", 0);
    return vp;
}

/* VICTORY-POINTS: how game_union_vp's total is made, for the log. */
static void union_vp_breakdown(const Game *g, char *buf, size_t n)
{
    int ce = game_eliminated_points(g, SIDE_CONFEDERATE), ue = game_eliminated_points(g, SIDE_UNION);
    int len = snprintf(buf, n, "eliminated %d - %d = %+d; held", ce, ue, ce - ue);
    const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
    bool any = false;
    for (int i = 0; i < sc->nvictory && len > 0 && (size_t)len < n; i++)
        if (strncmp(sc->victory[i].key, "vp.", 3) == 0 && holder(g, sc->victory[i].key + 3, true) == SIDE_UNION) {
            const char *place = sc->victory[i].key + 3;
            int pl = data_place_index(g->gd, place);
            len += snprintf(buf + len, n - (size_t)len, "%s %s +%s", any ? "," : "",
                            pl >= 0 ? g->gd->map.places[pl].name : place, sc->victory[i].value);
            any = true;
        }
    int us = exited_steps(g, SIDE_UNION, true), cs = exited_steps(g, SIDE_CONFEDERATE, false);
    bool exit_bonus = us >= vint(g, "exit_steps", 999) && cs < vint(g, "deny_steps", 999);
    if (len > 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "%s; off the map %d - %d steps: %s", any ? "" : " nothing", us, cs,
                 exit_bonus ? "exit bonus" : "no exit bonus");
}

static void decide(Game *g, int result, const char *rule, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void decide(Game *g, int result, const char *rule, const char *fmt, ...)
{
    GameState *st = &g->st;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->result_text, sizeof st->result_text, fmt, ap);
    va_end(ap);
    st->result = result;
    st->phase = PH_GAME_OVER;
    st->pending = PEND_NONE;
    log_add(&g->log, st->turn, LOG_EVENT, rule, "the game is over: %s", st->result_text);
}

bool victory_check(Game *g, bool end_of_turn, bool last_turn)
{
    GameState *st = &g->st;
    if (st->result != RES_NONE)
        return true;
    const char *type = vopt(g, "type");
    if (!type)
        return false;
    if (strcmp(type, "solitaire") == 0) /* (asked after every decision: the other options are not looked up) */
        return g->variant && g->variant->victory(g, last_turn); /* AI-VP-TRACK */
    const char *side_word = vopt(g, "side");
    int side = side_word && strcmp(side_word, "union") == 0 ? SIDE_UNION : SIDE_CONFEDERATE;
    const char *when = vopt(g, "when");
    bool any_time = when && strcmp(when, "any") == 0;
    const char *places = vopt(g, "places");
    if (strcmp(type, "campaign") == 0) {
        if (!end_of_turn)
            return false;
        int margin = vint(g, "margin", 999);
        int diff = game_eliminated_points(g, SIDE_CONFEDERATE) - game_eliminated_points(g, SIDE_UNION);
        if (diff >= margin) {
            decide(g, RES_UNION, "VICTORY-AUTO", "automatic Union victory: %d combat points more eliminated", diff);
            return true;
        }
        if (-diff >= margin) {
            decide(g, RES_CONFEDERATE, "VICTORY-AUTO", "automatic Confederate victory: %d combat points more eliminated",
                   -diff);
            return true;
        }
        const char *hold = vopt(g, "auto_hold");
        if (hold && st->turn == vint(g, "auto_hold_turn", -1) && holds_all(g, SIDE_CONFEDERATE, hold, true)) {
            decide(g, RES_CONFEDERATE, "VICTORY-AUTO", "automatic Confederate victory: holding %s with supplied units",
                   hold);
            return true;
        }
        if (!last_turn)
            return false;
        int vp = game_union_vp(g);
        int win = vint(g, "union_wins_from", 25), draw = vint(g, "draw_from", 10);
        char parts[600];
        union_vp_breakdown(g, parts, sizeof parts);
        log_add(&g->log, st->turn, LOG_EVENT, "VICTORY-POINTS", "Union %d VP: %s", vp, parts);
        decide(g, vp >= win ? RES_UNION : vp >= draw ? RES_DRAW : RES_CONFEDERATE, "VICTORY-POINTS",
               "%s on points: the Union has %d VP (%d or more wins, %d or more draws)",
               vp >= win ? "Union victory" : vp >= draw ? "a draw" : "Confederate victory", vp, win, draw);
        return true;
    }
    bool check_now = any_time || last_turn;
    if (strcmp(type, "exit") == 0) {
        int n = 0;
        for (int u = 0; u < st->nunits; u++)
            n += st->unit[u].where == AT_EXITED && g->gd->units[u].side == side && g->gd->units[u].type == UT_INFANTRY;
        if (n >= vint(g, "exit_units", 999)) {
            decide(g, side == SIDE_UNION ? RES_UNION : RES_CONFEDERATE, "SETUP", "%s victory: %d brigades left the field",
                   data_side_name(side), n);
            return true;
        }
        if (last_turn) {
            decide(g, side == SIDE_UNION ? RES_CONFEDERATE : RES_UNION, "SETUP", "%s victory: the %s did not get away",
                   side == SIDE_UNION ? "Confederate" : "Union", data_side_name(side));
            return true;
        }
        return false;
    }
    if (!check_now || !places)
        return false;
    if (strcmp(type, "hold") == 0 && !side_word) {
        if (!last_turn)
            return false;
        char tok[64];
        ini_next_token(places, tok, sizeof tok, NULL);
        int h = holder(g, tok, false);
        int pl = data_place_index(g->gd, tok);
        const char *name = pl >= 0 ? g->gd->map.places[pl].name : tok;
        if (h < 0)
            decide(g, RES_DRAW, "SETUP", "a draw: nobody holds %s at the end", name);
        else
            decide(g, h == SIDE_UNION ? RES_UNION : RES_CONFEDERATE, "SETUP", "the %s hold %s at the end",
                   h == SIDE_UNION ? "Union" : "Confederates", name);
        return true;
    }
    if (holds_all(g, side, places, false)) {
        decide(g, side == SIDE_UNION ? RES_UNION : RES_CONFEDERATE, "SETUP", "%s victory: holding %s",
               data_side_name(side), places);
        return true;
    }
    if (!last_turn)
        return false;
    if (strcmp(type, "hold-or-eliminate") == 0) {
        int mine = eliminated_units(g, 1 - side), theirs = eliminated_units(g, side);
        decide(g, mine > theirs ? (side == SIDE_UNION ? RES_UNION : RES_CONFEDERATE)
                  : mine < theirs ? (side == SIDE_UNION ? RES_CONFEDERATE : RES_UNION)
                                  : RES_DRAW,
               "SETUP", "%s not held: %d units eliminated against %d", places, mine, theirs);
        return true;
    }
    decide(g, side == SIDE_UNION ? RES_CONFEDERATE : RES_UNION, "SETUP", "%s victory: %s not taken",
           side == SIDE_UNION ? "Confederate" : "Union", places);
    return true;
}

/* ---- EXIT-MAP ---------------------------------------------------------- */

/* Whether a unit of side standing in hex may leave the map there: in a
 * scenario won by leaving the map (type exit), only the side the victory
 * names, from its edge; elsewhere from the printed exits. */
bool exit_hex(const Game *g, int hex, int side)
{
    const Map *m = &g->gd->map;
    HexCoord h = map_hex_at(m, hex);
    bool road = false;
    for (int d = 0; d < DIR_COUNT; d++)
        road |= m->hexes[hex].road[d] >= 0 && g->gd->road_kinds[m->hexes[hex].road[d]].move != COST_NO;
    if (!road)
        return false;
    const char *type = vopt(g, "type");
    if (type && strcmp(type, "exit") == 0) {
        const char *side_word = vopt(g, "side");
        if ((side_word && strcmp(side_word, "union") == 0 ? SIDE_UNION : SIDE_CONFEDERATE) != side)
            return false; /* "leaves ... from the west edge": the side the victory names, no other */
        const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
        const char *edge = vopt(g, "exit_edge");
        HexCoord nw = {1, 1}, se = {m->cols, m->rows};
        if (sc->area_nw.col) {
            nw = sc->area_nw;
            se = sc->area_se;
        }
        if (h.col < nw.col || h.col > se.col || h.row < nw.row || h.row > se.row)
            return false;
        if (!edge || strcmp(edge, "west") == 0)
            return h.col == nw.col;
        if (strcmp(edge, "east") == 0)
            return h.col == se.col;
        if (strcmp(edge, "north") == 0)
            return h.row == nw.row;
        return h.row == se.row;
    }
    return (m->hexes[hex].flags & HEXF_EXIT_CSA) != 0;
}
