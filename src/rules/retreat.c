/* Retreats (RETREAT, DEMORAL, AI-RETREAT): the one way units fall back a
 * hex, after a combat in the base game, in an Automa engagement, and when a
 * demoralized unit is next to the enemy.
 *
 * "The retreat allows the unit to move one hex towards its own lines and
 * supply sources, if possible choosing empty hexes and avoiding passing next
 * to enemy units. If the retreating unit ends its movement in a hex already
 * occupied by the maximum number of units, it must continue its retreat to
 * the first hex allowed. It is allowed to end the retreat adjacent to the
 * enemy. It is not possible to retreat outside the game map or through enemy
 * units or impassable terrain. If retreat is not possible, the units are
 * eliminated."
 *
 * So units retreat as a group (the whole stack, by default) or one at a
 * time; a hex too full to take them is passed through to the first hex
 * beyond that can; among the nearest such hexes the rules' preferences make
 * tiers (empty and away from the enemy, away from the enemy, empty, any) and
 * the owner picks in the best tier. Every step is one the movement question
 * allows for these units (movement.c: pontoons, rivers, rain, the play area,
 * the solitaire player's bank). Leaving works on the way out costs what
 * works.c says. */
#include <stdio.h>
#include <string.h>

#include "rules/game_internal.h"

/* Units of `side` in hex that take part in this retreat. */
static int retreaters(const Game *g, int hex, int side, unsigned need, short *out, int max)
{
    int n = 0;
    for (int u = 0; u < g->st.nunits; u++) {
        const UnitState *us = &g->st.unit[u];
        if (us->where == AT_MAP && us->hex == hex && g->gd->units[u].side == side && (us->flags & need) == need &&
            n < max)
            out[n++] = (short)u;
    }
    return n;
}

/* quiet_only: a demoralized unit "can never remain or enter a hex adjacent to
 * the enemy", so its retreat must end out of contact (DEMORAL). */
static int destinations(const Game *g, int from, int side, const short *units, int n, bool quiet_only, short *out,
                        int max)
{
    const Map *m = &g->gd->map;
    Passage p;
    passage_init(g, side, units, n, PASS_RETREAT, &p);
    /* breadth first: a hex that cannot take the group is passed through */
    signed char depth[GS_MAX_HEXES];
    short queue[GS_MAX_HEXES];
    memset(depth, -1, sizeof depth);
    int head = 0, tail = 0, found_depth = -1;
    short cand[GS_MAX_HEXES];
    int nc = 0;
    depth[from] = 0;
    queue[tail++] = (short)from;
    while (head < tail) {
        int h = queue[head++];
        if (found_depth >= 0 && depth[h] >= found_depth)
            break;
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord nb = hex_neighbour(map_hex_at(m, h), d);
            if (!map_has(m, nb))
                continue;
            int ni = map_hex_index(m, nb);
            if (depth[ni] >= 0 || passage_step(&p, h, d) == COST_NO)
                continue;
            depth[ni] = (signed char)(depth[h] + 1);
            if (!stack_over_with(g, ni, side, units, n, 0, 0) && (!quiet_only || !next_to_side(g, ni, 1 - side))) {
                cand[nc++] = (short)ni;
                found_depth = depth[ni];
            } else if (hex_has_side(g, ni, side) && depth[ni] < 8)
                queue[tail++] = (short)ni; /* full of friends: on to the first hex allowed */
        }
    }
    /* the rules' preferences, best tier only */
    short tier[4][GS_MAX_HEXES / 4];
    int nt[4] = {0, 0, 0, 0};
    for (int i = 0; i < nc; i++) {
        bool empty = !hex_has_side(g, cand[i], side), quiet = !next_to_side(g, cand[i], 1 - side);
        int t = empty && quiet ? 0 : quiet ? 1 : empty ? 2 : 3;
        if (nt[t] < GS_MAX_HEXES / 4)
            tier[t][nt[t]++] = cand[i];
    }
    for (int t = 0; t < 4; t++)
        if (nt[t] > 0) {
            for (int i = 0; i < nt[t] && i < max; i++)
                out[i] = tier[t][i];
            return nt[t];
        }
    return 0;
}

int retreat_destinations(const Game *g, int from, int side, const short *units, int n, short *out, int max)
{
    return destinations(g, from, side, units, n, false, out, max);
}

int retreat_cull(Game *g, int from, int side, unsigned need, const char *rule)
{
    short here[GS_MAX_UNITS], dest[1];
    int nh = retreaters(g, from, side, need, here, GS_MAX_UNITS), left = 0;
    char hx[5];
    for (int i = 0; i < nh; i++) {
        short one[1] = {here[i]};
        if (destinations(g, from, side, one, 1, need & UF_DEM, dest, 1) > 0) {
            left += !is_dummy(g, here[i]); /* a dummy alone keeps nothing open (retreat_left) */
            continue;
        }
        UnitState *us = &g->st.unit[here[i]];
        us->steps = 0;
        unit_put(g, here[i], AT_ELIMINATED, -1);
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s is eliminated: from %s it has no hex to retreat into",
                g->gd->units[here[i]].name, hex_name(g->gd, from, hx));
    }
    return left;
}

int retreat_legal(const Game *g, int from, int side, unsigned need, Decision *out, int max, int n)
{
    short here[GS_MAX_UNITS], dest[DIR_COUNT * 8];
    int nh = retreaters(g, from, side, need, here, GS_MAX_UNITS);
    if (nh == 0)
        return n; /* no one to retreat: nothing to offer */
    for (int pass = 0; pass < 2; pass++) /* the whole group, then each unit alone */
        for (int i = 0; i < (pass == 0 ? 1 : nh); i++) {
            if (pass == 1 && nh < 2)
                break;
            if (pass == 1 && is_dummy(g, here[i]))
                continue; /* a dummy never goes alone: it retreats with its stack (DUMMIES) */
            const short *units = pass == 0 ? here : &here[i];
            int nu = pass == 0 ? nh : 1;
            int nd = destinations(g, from, side, units, nu, need & UF_DEM, dest, DIR_COUNT * 8);
            for (int k = 0; k < nd && k < DIR_COUNT * 8; k++)
                for (int take_up = 0; take_up < 2; take_up++) {
                    if (take_up && !pontoon_retreat_may_take_up(g, side, from, dest[k]))
                        continue;
                    Decision d = {.kind = D_RETREAT, .side = side, .arg = dest[k], .dir = take_up};
                    if (pass == 1) {
                        d.nunits = 1;
                        d.units[0] = here[i];
                    }
                    if (n < max)
                        out[n] = d;
                    n++;
                }
        }
    return n;
}

bool retreat_apply(Game *g, int from, int side, unsigned need, const Decision *d, const char *rule, char *why,
                   size_t n)
{
    GameState *st = &g->st;
    short here[GS_MAX_UNITS], dest[DIR_COUNT * 8];
    int nh = retreaters(g, from, side, need, here, GS_MAX_UNITS);
    const short *units = here;
    int nu = nh;
    if (d->nunits > 0) {
        for (int i = 0; i < d->nunits; i++) {
            bool in = false;
            for (int j = 0; j < nh; j++)
                in |= here[j] == d->units[i];
            if (!in) {
                snprintf(why, n, "name units of the retreating stack");
                return false;
            }
        }
        units = d->units;
        nu = d->nunits;
        bool real = false;
        for (int i = 0; i < nu; i++)
            real |= !is_dummy(g, units[i]);
        if (!real) {
            snprintf(why, n, "a dummy never goes alone: it retreats with its stack (DUMMIES)");
            return false;
        }
    }
    if (nu == 0) {
        snprintf(why, n, "no unit is retreating from there");
        return false;
    }
    int nd = destinations(g, from, side, units, nu, need & UF_DEM, dest, DIR_COUNT * 8);
    bool ok = false;
    for (int i = 0; i < nd && i < DIR_COUNT * 8; i++)
        ok |= dest[i] == d->arg;
    if (!ok) {
        snprintf(why, n, "retreat %s one hex the rules allow, empty and away from the enemy where there is one, "
                         "or through a full hex to the first beyond that has room (RETREAT)",
                 d->nunits > 0 ? "those units" : "the stack");
        return false;
    }
    if (d->dir == 1 && !pontoon_retreat_may_take_up(g, side, from, d->arg)) {
        snprintf(why, n, "only the Union takes up a pontoon, and only the one it retreats over (PONTOON-REMOVE)");
        return false;
    }
    short moved[GS_MAX_UNITS];
    memcpy(moved, units, (size_t)nu * sizeof *moved);
    for (int i = 0; i < nu; i++)
        unit_put(g, moved[i], AT_MAP, d->arg);
    char hf[5], hd[5], ul[200] = ""; /* the log line's only */
    if (log_wants_text(&g->log))
        unit_list(g->gd, moved, nu, ul, sizeof ul);
    log_add(&g->log, st->turn, LOG_DECISION, rule, "%s retreat%s from %s to %s", ul, nu == 1 ? "s" : "",
            hex_name(g->gd, from, hf), hex_name(g->gd, d->arg, hd));
    if (d->dir == 1)
        pontoon_retreat_take_up(g, side, from, d->arg);
    leave_hex(g, from, side, moved, nu, LEAVE_RETREAT, true);
    return true;
}

int retreat_left(const Game *g, int from, int side, unsigned need)
{
    short here[GS_MAX_UNITS];
    int n = retreaters(g, from, side, need, here, GS_MAX_UNITS), real = 0;
    /* a dummy left behind alone is taken off the map at the end of the
     * decision (DUMMIES), so it keeps no retreat open */
    for (int i = 0; i < n; i++)
        real += !is_dummy(g, here[i]);
    return real;
}
