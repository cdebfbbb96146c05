/* Leaving works (BREASTWORK, FORTIFICATION): the one step every way of
 * leaving a hex goes through: a move or a forced march, break contact,
 * leaving the map, the General Retreat, a retreat after combat in the base
 * game or in an Automa engagement, a demoralized unit's retreat, an advance,
 * and the Automa's marches, transfers and retreats.
 *
 * - A breastwork is removed once no unit of its builder's army other than
 *   skirmishers holds the hex.
 * - Retreating out of works (a breastwork, a printed fortification its
 *   holder, a fortification marker) disorganizes the units that retreat, or
 *   demoralizes those already disorganized.
 * - Leaving works by movement, day turns only, next to the enemy, costs the
 *   same once the hex is left empty (skirmishers do not count): "to avoid
 *   this effect it is sufficient to withdraw only some of the units".
 * - An attacker that advances out of his own breastwork pays nothing. */
#include "rules/game_internal.h"

#include <string.h>

bool hex_has_works(const Game *g, int hex, int side)
{
    const MapHex *mh = &g->gd->map.hexes[hex];
    return g->st.breastwork[hex] == side + 1 || g->st.fort_marker[hex] ||
           (mh->fort_faces && side == SIDE_CONFEDERATE); /* the printed works are the Confederates' */
}

/* Whether leaving works this way costs order at all: a retreat always, a
 * move next to the enemy by day; an advance never (leave_hex and the
 * screen's warning both ask). */
static bool leaving_costs(const Game *g, int from, int side, int how, bool enemy_adjacent)
{
    if (!hex_has_works(g, from, side) || how == LEAVE_ADVANCE)
        return false;
    return how == LEAVE_RETREAT || (enemy_adjacent && !g->gd->turns[g->st.turn - 1].night);
}

bool leaving_works_disorders(const Game *g, int from, int side, const short *units, int n, int how)
{
    if (!leaving_costs(g, from, side, how, next_to_side(g, from, 1 - side)))
        return false;
    if (how == LEAVE_RETREAT || n == 0)
        return true;
    for (int u = 0; u < g->st.nunits; u++) { /* a move pays once the hex is left empty (skirmishers do not count) */
        const UnitState *us = &g->st.unit[u];
        if (us->where != AT_MAP || us->hex != from || g->gd->units[u].side != side || is_skirmisher(g, u) ||
            is_dummy(g, u))
            continue;
        bool going = false;
        for (int i = 0; i < n; i++)
            going |= units[i] == u;
        if (!going)
            return false;
    }
    return true;
}

void leave_hex(Game *g, int from, int side, const short *units, int n, int how, bool enemy_was_adjacent)
{
    GameState *st = &g->st;
    bool emptied = !hex_has_real(g, from, side);
    bool breastwork = st->breastwork[from] == side + 1;
    bool costs = leaving_costs(g, from, side, how, enemy_was_adjacent);
    if (breastwork && emptied) {
        st->breastwork[from] = 0;
        log_add(&g->log, st->turn, LOG_EVENT, "BREASTWORK", "the breastwork left behind is removed");
    }
    if (!costs)
        return;
    const char *rule = breastwork ? "BREASTWORK" : "FORTIFICATION";
    if (how == LEAVE_RETREAT) {
        for (int i = 0; i < n; i++)
            disorder(g, units[i], rule, "it retreated out of its works");
        return;
    }
    if (!emptied) { /* some stay: no effect yet, but "all units in the stack that occupied it" pay if the rest go */
        for (int i = 0; i < n; i++)
            st->left_works[units[i]] = (short)(from + 1);
        return;
    }
    for (int i = 0; i < n; i++)
        disorder(g, units[i], rule, "it left its works next to the enemy");
    for (int u = 0; u < st->nunits; u++)
        if (st->left_works[u] == from + 1) {
            bool now = false;
            for (int i = 0; i < n; i++)
                now |= units[i] == u;
            if (!now && st->unit[u].where == AT_MAP)
                disorder(g, u, rule, "the rest of its stack abandoned the works it left next to the enemy");
            st->left_works[u] = 0;
        }
}

/* The hexes holding a breastwork as found on the array `as` (outside the
 * state, for any game): while a game's array is byte for byte `as`, they
 * are its hexes with one. A breastwork is built or removed a few times a
 * game; the cleanup runs after every decision. */
static struct {
    int cells; /* 0: nothing kept */
    int n;
    short hex[GS_MAX_HEXES];
    unsigned char as[GS_MAX_HEXES];
} bw_memo;

void breastworks_memo_forget(void) { bw_memo.cells = 0; }

/* After every decision: a breastwork its builder no longer holds (its
 * defenders eliminated, or gone some way no step caught) is removed. */
void breastworks_cleanup(Game *g)
{
    GameState *st = &g->st;
    const unsigned char *b = st->breastwork;
    int cells = g->gd->map.cols * g->gd->map.rows;
    if (cells > GS_MAX_HEXES)
        cells = GS_MAX_HEXES;
    if (bw_memo.cells != cells || memcmp(bw_memo.as, b, (size_t)cells) != 0) {
        bw_memo.cells = cells;
        memcpy(bw_memo.as, b, (size_t)cells);
        bw_memo.n = 0;
        for (int x = bytes_next_set(b, 0, cells); x < cells; x = bytes_next_set(b, x + 1, cells))
            bw_memo.hex[bw_memo.n++] = (short)x;
    }
    for (int i = 0; i < bw_memo.n; i++) {
        int x = bw_memo.hex[i];
        if (hex_has_real(g, x, b[x] - 1))
            continue;
        st->breastwork[x] = 0;
        bw_memo.cells = 0; /* the array is not `as` any more */
        char hx[5];
        hex_format(map_hex_at(&g->gd->map, x), hx);
        log_add(&g->log, st->turn, LOG_EVENT, "BREASTWORK", "the breastwork in %s has no one left to hold it: removed", hx);
    }
}
