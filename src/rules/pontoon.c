/* Pontoons (PONTOON-BUILD, PONTOON-REMOVE, PONTOON-SEIZE). A pontoon spans
 * a river hexside; the state keeps, per side, a bit per hex and direction.
 * Movement and supply read those bits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game_internal.h"

static const Map *MAP(const Game *g) { return &g->gd->map; }

static bool spans(const Game *g, int side, int hex, int dir) { return (g->st.pontoon[side][hex] >> dir) & 1u; }

static void set_span(Game *g, int side, int hex, int dir, bool on)
{
    HexCoord a = map_hex_at(MAP(g), hex), b = hex_neighbour(a, dir);
    int hb = map_hex_index(MAP(g), b);
    unsigned char ba = (unsigned char)(1u << dir), bb = (unsigned char)(1u << hex_dir_opposite(dir));
    if (on) {
        g->st.pontoon[side][hex] |= ba;
        g->st.pontoon[side][hb] |= bb;
    } else {
        g->st.pontoon[side][hex] &= (unsigned char)~ba;
        g->st.pontoon[side][hb] &= (unsigned char)~bb;
    }
}

static bool neighbour_ok(const Game *g, int hex, int dir)
{
    return map_has(MAP(g), hex_neighbour(map_hex_at(MAP(g), hex), dir));
}

/* A river hexside a pontoon may span: a great river at a ford, or a minor
 * river anywhere (PONTOON-BUILD). */
static bool bridgeable(const Game *g, int hex, int dir)
{
    if (!neighbour_ok(g, hex, dir))
        return false;
    const Hexside *hs = &MAP(g)->hexes[hex].side[dir];
    if (hs->kind < 0)
        return false;
    const HexsideKind *k = &g->gd->hexside_kinds[hs->kind];
    if (k->pontoon_cost == COST_NO)
        return false;
    if (k->cost == COST_NO)
        return (hs->flags & SIDE_FORD) != 0;
    return k->rain_cost == COST_NO; /* minor rivers: closed in rain */
}

static bool enemy_near(const Game *g, int side, int hex, int dir)
{
    HexCoord b = hex_neighbour(map_hex_at(MAP(g), hex), dir);
    int hb = map_hex_index(MAP(g), b);
    return next_to_side(g, hex, 1 - side) || next_to_side(g, hb, 1 - side) || hex_has_side(g, hb, 1 - side);
}

static const char *build_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    int u = d->arg;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE || st->pending != PEND_NONE)
        return "pontoons are built during an activation's movement";
    if (u < 0 || u >= st->nunits || g->gd->units[u].side != d->side)
        return "no such unit of this army";
    const UnitState *us = &st->unit[u];
    if (g->gd->units[u].type != UT_INFANTRY)
        return "only infantry builds pontoons";
    if (!(us->flags & UF_ACTIVE) || (us->flags & (UF_MOVED | UF_BUILT)))
        return "the builder must be active, not have moved, and try once a turn";
    for (int e = 0; e < g->gd->nevents; e++)
        if (g->gd->events[e].side == d->side && g->gd->events[e].effect == EV_PONTOON && !st->ev_pontoon[d->side])
            return "this army's pontoon comes only with its event chit (CSA Bridge)";
    if (st->pontoons_left[d->side] <= 0)
        return "no pontoon is left";
    if (d->hex != us->hex || d->dir < 0 || d->dir >= DIR_COUNT || !bridgeable(g, d->hex, d->dir))
        return "from its own hex, across a ford of a great river or across a minor river";
    if (spans(g, d->side, d->hex, d->dir))
        return "a pontoon already spans that hexside";
    return NULL;
}

static const char *take_up_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step == STEP_PLACE || st->pending != PEND_NONE)
        return "pontoons are taken up during one's own activation";
    if (d->side != SIDE_UNION)
        return "the Confederate player never takes up a pontoon to lay it elsewhere";
    if (d->hex < 0 || d->hex >= MAP(g)->cols * MAP(g)->rows || d->dir < 0 || d->dir >= DIR_COUNT ||
        !neighbour_ok(g, d->hex, d->dir) || !spans(g, d->side, d->hex, d->dir))
        return "no pontoon of yours spans that hexside";
    return NULL;
}

/* Half MP the unit still has for this activation: its whole allowance
 * before it moves, what its move left after (mp_left). */
static int half_mp_left(const Game *g, int u)
{
    const UnitState *us = &g->st.unit[u];
    if (us->flags & UF_MOVED)
        return us->mp_left;
    int mp = g->gd->units[u].movement;
    if (us->flags & UF_FORCED)
        mp *= g->gd->rules.forced_march_factor;
    return mp * 2;
}

static const char *seize_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    int u = d->arg;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE || st->pending != PEND_NONE)
        return "pontoons are seized during an activation's movement";
    if (u < 0 || u >= st->nunits || g->gd->units[u].side != d->side || g->gd->units[u].type != UT_INFANTRY)
        return "only infantry of this army seizes a pontoon";
    const UnitState *us = &st->unit[u];
    if (!(us->flags & UF_ACTIVE) || us->where != AT_MAP)
        return "the unit must be active in this activation";
    if (half_mp_left(g, u) < g->gd->movement.seize_cost)
        return "seizing a pontoon costs 2 MP, and the unit has less left";
    if (d->hex < 0 || d->hex >= MAP(g)->cols * MAP(g)->rows || d->dir < 0 || d->dir >= DIR_COUNT ||
        !neighbour_ok(g, d->hex, d->dir) || !spans(g, 1 - d->side, d->hex, d->dir))
        return "no enemy pontoon spans that hexside";
    int hb = map_hex_index(MAP(g), hex_neighbour(map_hex_at(MAP(g), d->hex), d->dir));
    if (us->hex != d->hex && us->hex != hb)
        return "the unit must stand at one end of the pontoon";
    /* unguarded: no enemy unit next to it */
    if (hex_has_side(g, d->hex, 1 - d->side) || hex_has_side(g, hb, 1 - d->side) ||
        next_to_side(g, d->hex, 1 - d->side) || next_to_side(g, hb, 1 - d->side))
        return "the pontoon is guarded: an enemy unit is next to it";
    return NULL;
}

static void side_text(const Map *m, int hex, int dir, char out[10]);

static int dir_between(const Game *g, int from, int to)
{
    return hex_direction(map_hex_at(MAP(g), from), map_hex_at(MAP(g), to));
}

bool pontoon_retreat_may_take_up(const Game *g, int side, int from, int to)
{
    /* the Confederate never takes up a pontoon to lay it elsewhere */
    int dir = dir_between(g, from, to);
    /* a pontoon on a real river hexside, of the retreating side's own */
    return side == SIDE_UNION && dir >= 0 && bridgeable(g, from, dir) && spans(g, side, from, dir);
}

bool pontoon_retreat_take_up(Game *g, int side, int from, int to)
{
    int dir = dir_between(g, from, to);
    char why[80], hs[16];
    snprintf(why, sizeof why, "retreating units take up their pontoon: %d-6 succeeds", g->gd->rules.pontoon_roll);
    bool ok = game_roll(g, "PONTOON-REMOVE", why) >= g->gd->rules.pontoon_roll;
    side_text(MAP(g), from, dir, hs);
    if (ok) {
        set_span(g, side, from, dir, false);
        g->st.pontoons_next[side]++;
    }
    log_add(&g->log, g->st.turn, LOG_EVENT, "PONTOON-REMOVE", "the retreat %s the pontoon across %s", ok ? "takes up" : "fails to take up", hs);
    return ok;
}

int pontoon_legal(const Game *g, Decision *out, int max, int n)
{
    const GameState *st = &g->st;
    int side = st->to_move;
    for (int u = 0; u < st->nunits; u++) {
        if (!(st->unit[u].flags & UF_ACTIVE) || st->unit[u].where != AT_MAP || g->gd->units[u].side != side)
            continue;
        int hex = st->unit[u].hex;
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            Decision d = {.kind = D_BUILD, .side = side, .arg = u, .hex = hex, .dir = dir};
            if (!build_refusal(g, &d)) {
                if (n < max)
                    out[n] = d;
                n++;
            }
            /* seizing: pontoons at this end, or at a neighbour's */
            for (int k = D_DESTROY; k <= D_CAPTURE; k++) {
                d.kind = k;
                if (!seize_refusal(g, &d)) {
                    if (n < max)
                        out[n] = d;
                    n++;
                }
            }
        }
    }
    if (side == SIDE_UNION && st->activated && st->act_step != STEP_PLACE)
        for (int h = 0; h < MAP(g)->cols * MAP(g)->rows; h++)
            for (int dir = DIR_N; dir <= DIR_SE; dir++) { /* each hexside once */
                Decision d = {.kind = D_TAKE_UP, .side = side, .hex = h, .dir = dir};
                if (!take_up_refusal(g, &d)) {
                    if (n < max)
                        out[n] = d;
                    n++;
                }
            }
    return n;
}

static void side_text(const Map *m, int hex, int dir, char out[10])
{
    HexCoord a = map_hex_at(m, hex);
    hex_format(a, out);
    out[4] = '-';
    hex_format(hex_neighbour(a, dir), out + 5);
}

bool pontoon_apply(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char hs[10];
    if (d->kind == D_BUILD) {
        const char *r = build_refusal(g, d);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        side_text(MAP(g), d->hex, d->dir, hs);
        UnitState *us = &st->unit[d->arg];
        us->flags |= UF_BUILT | UF_MOVED | UF_FOUGHT; /* the builder neither moves nor attacks */
        us->mp_left = 0;
        bool ok = true;
        if (enemy_near(g, d->side, d->hex, d->dir)) {
            char why2[64];
            snprintf(why2, sizeof why2, "building next to the enemy: %d-6 succeeds", g->gd->rules.pontoon_roll);
            int die = game_roll(g, "PONTOON-BUILD", why2);
            ok = die >= g->gd->rules.pontoon_roll;
        }
        if (ok) {
            set_span(g, d->side, d->hex, d->dir, true);
            st->pontoons_left[d->side]--;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "PONTOON-BUILD", "%s %s a pontoon across %s (%d left)",
                g->gd->units[d->arg].name, ok ? "lays" : "fails to lay", hs, st->pontoons_left[d->side]);
        return true;
    }
    if (d->kind == D_TAKE_UP) {
        const char *r = take_up_refusal(g, d);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        side_text(MAP(g), d->hex, d->dir, hs);
        bool ok = true;
        if (enemy_near(g, d->side, d->hex, d->dir)) {
            char why2[64];
            snprintf(why2, sizeof why2, "taking up a pontoon next to the enemy: %d-6 succeeds", g->gd->rules.pontoon_roll);
            ok = game_roll(g, "PONTOON-REMOVE", why2) >= g->gd->rules.pontoon_roll;
        }
        if (ok) {
            set_span(g, d->side, d->hex, d->dir, false);
            st->pontoons_next[d->side]++;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "PONTOON-REMOVE", "the pontoon across %s %s", hs,
                ok ? "is taken up (usable again next turn)" : "could not be taken up");
        return true;
    }
    const char *r = seize_refusal(g, d);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    side_text(MAP(g), d->hex, d->dir, hs);
    set_span(g, 1 - d->side, d->hex, d->dir, false);
    if (d->kind == D_CAPTURE)
        set_span(g, d->side, d->hex, d->dir, true);
    /* PONTOON-SEIZE: "spending 2 movement points"; with MP left it may go on (a move from here) */
    int left = half_mp_left(g, d->arg) - g->gd->movement.seize_cost;
    UnitState *su = &st->unit[d->arg];
    su->flags = (unsigned short)((su->flags | UF_MOVED) & ~UF_GO_ROAD);
    su->mp_left = (unsigned char)(left > 0 ? left : 0);
    if (left > 0)
        su->flags |= UF_GO_ON;
    else
        su->flags &= (unsigned short)~UF_GO_ON;
    log_add(&g->log, st->turn, LOG_DECISION, "PONTOON-SEIZE", "%s %s the enemy pontoon across %s",
            g->gd->units[d->arg].name, d->kind == D_CAPTURE ? "captures" : "destroys", hs);
    return true;
}

void pontoon_format(const GameData *gd, const Decision *d, char *buf, size_t size)
{
    char hs[10] = "....-....";
    if (d->hex >= 0 && d->hex < gd->map.cols * gd->map.rows && d->dir >= 0 && d->dir < DIR_COUNT &&
        map_has(&gd->map, hex_neighbour(map_hex_at(&gd->map, d->hex), d->dir)))
        side_text(&gd->map, d->hex, d->dir, hs);
    const char *verb = decision_kinds[d->kind].verb;
    if (d->kind == D_TAKE_UP)
        snprintf(buf, size, "%s %s", verb, hs);
    else
        snprintf(buf, size, "%s %s %s", verb, d->arg >= 0 && d->arg < gd->nunits ? gd->units[d->arg].id : "?", hs);
}

static bool parse_side(const Game *g, const char *tok, int *hex, int *dir)
{
    HexCoord a, b;
    char s1[5], s2[5];
    if (strlen(tok) != 9 || tok[4] != '-')
        return false;
    memcpy(s1, tok, 4);
    s1[4] = '\0';
    memcpy(s2, tok + 5, 4);
    s2[4] = '\0';
    if (!hex_parse(s1, &a) || !hex_parse(s2, &b) || !map_has(MAP(g), a) || !map_has(MAP(g), b))
        return false;
    *dir = hex_direction(a, b);
    *hex = map_hex_index(MAP(g), a);
    return *dir >= 0;
}

bool pontoon_parse(const Game *g, int kind, const char *a, const char *b, int k, Decision *out)
{
    out->kind = kind;
    if (kind == D_TAKE_UP)
        return k == 2 && parse_side(g, a, &out->hex, &out->dir);
    out->arg = data_unit_index(g->gd, a);
    return k == 3 && out->arg >= 0 && parse_side(g, b, &out->hex, &out->dir);
}
