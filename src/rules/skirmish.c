/* Skirmishers (SKIRM-MAKE, SKIRM-POOL): a brigade making a skirmisher,
 * where the skirmisher may go, and a mover making one during its move. The
 * defender's skirmisher in a combat is combat.c's (COMBAT-STEPS B). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

/* Where active brigade u may put a skirmisher now: its own hex, or a
 * neighbour out of contact with the enemy; within stacking. */
int skirmish_destinations(const Game *g, int u, short *out)
{
    const GameState *st = &g->st;
    const UnitState *us = &st->unit[u];
    int side = g->gd->units[u].side;
    if (g->gd->units[u].type != UT_INFANTRY || us->where != AT_MAP || !(us->flags & UF_ACTIVE) ||
        (us->flags & (UF_SKIRMISHED | UF_FOUGHT)) || st->skirmishers[side] <= 0 || st->act_step == STEP_COMBAT ||
        st->act_step == STEP_PLACE || g->gd->turns[st->turn - 1].night)
        return 0;
    int n = 0;
    HexCoord c = map_hex_at(&g->gd->map, us->hex);
    short maker[1] = {(short)u};
    Passage p;
    passage_init(g, side, maker, 1, PASS_PLACE, &p);
    for (int d = -1; d < DIR_COUNT; d++) {
        int hex = us->hex;
        if (d >= 0) {
            HexCoord nb = hex_neighbour(c, d);
            if (!map_has(&g->gd->map, nb) || passage_step(&p, us->hex, d) == COST_NO)
                continue;
            hex = map_hex_index(&g->gd->map, nb);
            if (next_to_side(g, hex, 1 - side))
                continue;
        }
        short here[GS_MAX_UNITS];
        int k = units_in_hex(g, hex, side, -1, here, GS_MAX_UNITS), pts = 1;
        for (int i = 0; i < k; i++)
            pts += game_unit_points(g, here[i]);
        if (k + 1 > g->gd->stacking.max_units || pts > g->gd->stacking.max_points)
            continue;
        out[n++] = (short)hex;
    }
    return n;
}

int skirmisher_place(Game *g, int side, int hex)
{
    GameState *st = &g->st;
    if (st->skirmishers[side] <= 0)
        return -1;
    for (int u = 0; u < st->nunits; u++)
        if (is_skirmisher(g, u) && g->gd->units[u].side == side && st->unit[u].where == AT_ABSENT) {
            unit_reset(g, u, (UnitState){.hex = (short)hex, .where = AT_MAP, .steps = 1, .flags = 0, .exited_from = -1});
            st->skirmishers[side]--;
            return u;
        }
    return -1;
}

/* SKIRM-MAKE: infantry make skirmishers "at the beginning, during or at the
 * end of their movement" (the rulebook's example: a stack moves, leaves a
 * skirmisher in the hex just left, moves on and leaves another). A move is
 * one decision here, so a brigade of the move just ended that makes its
 * skirmisher lets that stack go on with what the move left, as after a
 * break of contact: the same move, resumed. */
static void skirmish_mid_move(Game *g, int maker)
{
    GameState *st = &g->st;
    bool in_last = false;
    for (int i = 0; i < st->mv_last_n; i++)
        in_last |= st->mv_units[i] == maker;
    if (!in_last)
        return; /* a stack already going on stays so (go_on_expire) */
    for (int i = 0; i < st->mv_last_n; i++) {
        UnitState *u = &st->unit[st->mv_units[i]];
        if (u->where == AT_MAP && u->hex == st->unit[maker].hex && u->mp_left > 0) /* demoralized too (DEMORAL) */
            u->flags |= UF_GO_ON | (st->mv_last_road ? UF_GO_ROAD : 0);
    }
}

/* D_SKIRMISH */
bool apply_skirmish(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as its log lines write it (empty when the log keeps no words) */
    decision_log_text(g, d, text, sizeof text);
    short dest[DIR_COUNT + 1];
    int nd = d->arg >= 0 && d->arg < st->nunits && g->gd->units[d->arg].side == d->side
                 ? skirmish_destinations(g, d->arg, dest)
                 : 0;
    bool ok = false;
    for (int i = 0; i < nd; i++)
        ok |= dest[i] == d->arg2;
    if (!ok) {
        snprintf(why, n, "an active brigade that has not yet done so puts one skirmisher, before combat, in its "
                         "hex or next to it out of contact, while any are available (SKIRM-MAKE)");
        return false;
    }
    int sk = skirmisher_place(g, d->side, d->arg2);
    if (sk < 0) {
        snprintf(why, n, "no skirmisher is available");
        return false;
    }
    st->unit[sk].flags |= UF_ACTIVE | UF_ACTIVATED;
    st->unit[d->arg].flags |= UF_SKIRMISHED;
    skirmish_mid_move(g, d->arg);
    log_add(&g->log, st->turn, LOG_DECISION, "SKIRM-MAKE", "%s (%d left in the pool)", text,
            st->skirmishers[d->side]);
    return true;
}
