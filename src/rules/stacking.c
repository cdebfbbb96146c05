/* Stacking (STACK): the limit after movement, an over-stacked hex put right
 * by displacing or eliminating units, and the decision that waits for it. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

bool stack_over_with(const Game *g, int hex, int side, const short *movers, int nmovers, int extra_units,
                     int extra_points)
{
    int units = extra_units, points = extra_points;
    for (int k = 0; k < nmovers; k++) /* the movers, each once, wherever they stand */
        if (movers[k] >= 0 && movers[k] < g->st.nunits && !short_list_has(movers, k, movers[k])) {
            units++;
            points += game_unit_points(g, movers[k]);
        }
    short here[GS_MAX_UNITS];
    int nh = hex_has_side(g, hex, side) ? hex_units(g, hex, here, GS_MAX_UNITS) : 0;
    for (int k = 0; k < nh; k++) /* and the side's units already there */
        if (g->gd->units[here[k]].side == side && !short_list_has(movers, nmovers, here[k])) {
            units++;
            points += game_unit_points(g, here[k]);
        }
    return units > g->gd->stacking.max_units || points > g->gd->stacking.max_points;
}

bool overstacked(const Game *g, int hex, int side) { return stack_over_with(g, hex, side, NULL, 0, 0, 0); }

/* Hexes next to `hex` where unit u of its over-stacked stack may be
 * displaced: one step the rules let it take, not next to the enemy, and
 * where it fits within the stacking limits (STACK). */
int displace_destinations(const Game *g, int hex, int u, short *out, int max)
{
    const Map *m = &g->gd->map;
    int side = g->gd->units[u].side;
    short one[1] = {(short)u};
    Passage p;
    passage_init(g, side, one, 1, PASS_DISPLACE, &p);
    int n = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(map_hex_at(m, hex), d);
        if (!map_has(m, nb) || passage_step(&p, hex, d) == COST_NO)
            continue;
        int ni = map_hex_index(m, nb);
        if (next_to_side(g, ni, 1 - side) || stack_over_with(g, ni, side, one, 1, 0, 0))
            continue;
        if (n < max)
            out[n] = (short)ni;
        n++;
    }
    return n;
}

/* Looks for an over-stacked hex; when one is found the owner must put it
 * right before the waiting decision goes on. Returns true when clean. */
bool stacking_clean(Game *g)
{
    GameState *st = &g->st;
    int cells = g->gd->map.cols * g->gd->map.rows;
    for (int side = 0; side < SIDE_COUNT; side++) {
        int s2 = side == 0 ? st->drawn.side : 1 - st->drawn.side; /* the mover first */
        const unsigned char *occ = st->occupants[s2];
        for (int h = bytes_next_set(occ, 0, cells); h < cells; h = bytes_next_set(occ, h + 1, cells)) {
            if (overstacked(g, h, s2)) { /* the index: an empty hex is never over */
                char hx[5];
                hex_format(map_hex_at(&g->gd->map, h), hx);
                st->pending = PEND_STACK;
                st->stack_hex = (short)h;
                st->to_move = s2;
                log_add(&g->log, st->turn, LOG_EVENT, "STACK",
                        "hex %s holds more than %d units or %d combat points: the %s side must displace the excess",
                        hx, g->gd->stacking.max_units, g->gd->stacking.max_points, data_side_name(s2));
                return false;
            }
        }
    }
    return true;
}

bool stacking_holds_up(Game *g, const Decision *d)
{
    if (g->st.stack_checked)
        return false;
    g->st.stack_checked = true;
    if (stacking_clean(g))
        return false;
    remember(g, d);
    return true;
}

void remember(Game *g, const Decision *d)
{
    GameState *st = &g->st;
    st->has_resume = true;
    st->resume_kind = d->kind;
    st->resume_side = d->side;
    st->resume_arg = d->arg;
    st->resume_arg2 = d->arg2;
    st->resume_n = d->nunits;
    memcpy(st->resume_units, d->units, sizeof st->resume_units);
    st->resume_nhex = d->nhexes;
    memcpy(st->resume_hexes, d->hexes, sizeof st->resume_hexes);
}

/* D_DISPLACE, D_ELIMINATE */
bool apply_displace(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as its log lines write it (empty when the log keeps no words) */
    decision_log_text(g, d, text, sizeof text);
    int u = d->arg;
    if (u < 0 || u >= st->nunits || st->unit[u].where != AT_MAP || st->unit[u].hex != st->stack_hex ||
        g->gd->units[u].side != d->side) {
        snprintf(why, n, "that unit is not in the over-stacked hex");
        return false;
    }
    short dest[DIR_COUNT];
    int nd = displace_destinations(g, st->stack_hex, u, dest, DIR_COUNT);
    if (d->kind == D_DISPLACE) {
        bool ok = false;
        for (int j = 0; j < nd; j++)
            ok |= dest[j] == d->arg2;
        if (!ok) {
            snprintf(why, n, "the excess goes to a neighbouring hex it may enter, not next to the enemy, where it "
                             "fits within the stacking limits");
            return false;
        }
        int from = st->unit[u].hex;
        unit_put(g, u, AT_MAP, d->arg2);
        short one[1] = {(short)u};
        leave_hex(g, from, d->side, one, 1, LEAVE_MOVE, next_to_side(g, from, 1 - d->side));
        log_add(&g->log, st->turn, LOG_DECISION, "STACK", "%s", text);
    } else {
        if (nd > 0) {
            snprintf(why, n, "a unit is eliminated only when it cannot be displaced");
            return false;
        }
        unit_put(g, u, AT_ELIMINATED, -1);
        st->unit[u].steps = 0;
        log_add(&g->log, st->turn, LOG_DECISION, "STACK", "%s is eliminated: no hex to displace it into",
                g->gd->units[u].name);
    }
    if (overstacked(g, st->stack_hex, d->side))
        return true;
    st->pending = PEND_NONE;
    st->to_move = st->drawn.side;
    if (!stacking_clean(g))
        return true;
    if (st->has_resume) {
        st->has_resume = false;
        Decision r = {.kind = st->resume_kind, .side = st->resume_side, .arg = st->resume_arg,
                      .arg2 = st->resume_arg2, .nunits = st->resume_n};
        memcpy(r.units, st->resume_units, sizeof r.units);
        r.nhexes = st->resume_nhex;
        memcpy(r.hexes, st->resume_hexes, sizeof r.hexes);
        char rwhy[160];
        if (!decision_apply(g, &r, rwhy, sizeof rwhy))
            log_add(&g->log, st->turn, LOG_EVENT, "STACK", "the waiting decision no longer stands: %s", rwhy);
    }
    return true;
}
