/* Disorganization and demoralization (DISORG, DEMORAL): a unit falls into
 * disorder, and the one check that follows any change to demoralized.
 *
 * "Units that become demoralized adjacent to the enemy must retreat
 * immediately; if they cannot, they are eliminated." and "Demoralized units
 * can never remain or enter a hex adjacent to the enemy". Whatever made a
 * unit demoralized (a bombardment, leaving works, a retreat, the price of
 * breaking contact, the night's supply ladder, an event) and whatever
 * brought the enemy next to it (a move, a retreat, an advance, a transfer),
 * morale_check finds it: after every decision, after each step of a move,
 * and after the Automa's bombardment. Its owner then retreats its
 * demoralized units of that hex by the rules of retreat (retreat.c), or they
 * are eliminated when they cannot. */
#include <stdio.h>

#include "rules/game_internal.h"

void disorder(Game *g, int unit, const char *rule, const char *why)
{
    UnitState *u = &g->st.unit[unit];
    if (is_skirmisher(g, unit) || is_dummy(g, unit))
        return; /* immune to disorder (SKIRM-RULES, DUMMIES) */
    char tail[200] = ""; /* the log line's only */
    if (why && log_wants_text(&g->log))
        snprintf(tail, sizeof tail, " (%s)", why);
    if (u->flags & (UF_DIS | UF_DEM)) {
        u->flags = (unsigned short)((u->flags & ~UF_DIS) | UF_DEM);
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s, already disorganized, is demoralized%s",
                g->gd->units[unit].name, tail);
    } else {
        u->flags |= UF_DIS;
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s is disorganized%s", g->gd->units[unit].name, tail);
    }
}

int morale_recover(Game *g, int unit)
{
    UnitState *u = &g->st.unit[unit];
    if (u->flags & UF_DIS) {
        u->flags &= (unsigned short)~UF_DIS;
        return UF_DIS;
    }
    if (u->flags & UF_DEM) {
        u->flags = (unsigned short)((u->flags & ~UF_DEM) | UF_DIS);
        return UF_DEM;
    }
    return 0;
}

bool morale_check(Game *g)
{
    GameState *st = &g->st;
    if (st->pending != PEND_NONE || st->phase == PH_GAME_OVER)
        return false;
    for (int u = unit_next_flagged(st, 0, UF_DEM); u < st->nunits; u = unit_next_flagged(st, u + 1, UF_DEM)) {
        const UnitState *us = &st->unit[u];
        if (us->where != AT_MAP)
            continue;
        int side = g->gd->units[u].side, hex = us->hex;
        if (!next_to_side(g, hex, 1 - side))
            continue;
        char hx[5];
        hex_name(g->gd, hex, hx);
        if (retreat_cull(g, hex, side, UF_DEM, "DEMORAL") == 0) {
            u = -1; /* eliminated: look again from the start */
            continue;
        }
        log_add(&g->log, st->turn, LOG_EVENT, "DEMORAL",
                "demoralized next to the enemy in %s: the %s side must retreat them at once (retreat HHHH)", hx,
                data_side_name(side));
        st->dem_hex = (short)hex;
        st->dem_resume = (signed char)st->to_move;
        st->pending = PEND_DEMORAL;
        st->to_move = side;
        return true;
    }
    return false;
}

int morale_legal(const Game *g, Decision *out, int max, int n)
{
    const GameState *st = &g->st;
    return retreat_legal(g, st->dem_hex, st->to_move, UF_DEM, out, max, n);
}

bool morale_apply(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (d->kind != D_RETREAT) {
        snprintf(why, n, "demoralized units next to the enemy must first retreat (retreat HHHH, see 'legal') (DEMORAL)");
        return false;
    }
    if (!retreat_apply(g, st->dem_hex, d->side, UF_DEM, d, "DEMORAL", why, n))
        return false;
    /* those still to go: any the first ones left without a way out (a hex now full) are eliminated */
    if (retreat_left(g, st->dem_hex, d->side, UF_DEM) > 0 && retreat_cull(g, st->dem_hex, d->side, UF_DEM, "DEMORAL") > 0)
        return true;
    st->pending = PEND_NONE;
    st->to_move = st->dem_resume;
    st->dem_hex = -1;
    if (morale_check(g))
        return true;
    game_resume_move(g); /* a move that brought the enemy next to them goes on */
    return true;
}
