/* Where the units stand: the one function that changes a unit's place, and
 * the index it keeps of what stands in each hex, so that "is there an
 * enemy in this hex?" is a lookup and not a walk over every unit. */
#include <string.h>

#include "rules/game_internal.h"

static void count(GameState *st, int hex, int side, int delta)
{
    if (hex >= 0 && hex < GS_MAX_HEXES && side >= 0 && side < SIDE_COUNT)
        st->occupants[hex][side] = (unsigned char)(st->occupants[hex][side] + delta);
}

void unit_put(Game *g, int u, int where, int hex)
{
    GameState *st = &g->st;
    UnitState *us = &st->unit[u];
    int side = g->gd->units[u].side;
    if (us->where == AT_MAP)
        count(st, us->hex, side, -1);
    us->where = (unsigned char)where;
    us->hex = (short)(where == AT_MAP ? hex : -1);
    if (where == AT_MAP)
        count(st, us->hex, side, +1);
}

void unit_reset(Game *g, int u, UnitState s)
{
    int where = s.where, hex = s.hex;
    s.where = g->st.unit[u].where; /* the old place, for unit_put to take off the index */
    s.hex = g->st.unit[u].hex;
    g->st.unit[u] = s;
    unit_put(g, u, where, hex);
}

static void count_all(const Game *g, unsigned char fresh[GS_MAX_HEXES][SIDE_COUNT])
{
    const GameState *st = &g->st;
    memset(fresh, 0, sizeof(unsigned char[GS_MAX_HEXES][SIDE_COUNT]));
    for (int u = 0; u < st->nunits; u++)
        if (st->unit[u].where == AT_MAP && st->unit[u].hex >= 0 && st->unit[u].hex < GS_MAX_HEXES)
            fresh[st->unit[u].hex][g->gd->units[u].side]++;
}

bool game_index_ok(const Game *g)
{
    unsigned char fresh[GS_MAX_HEXES][SIDE_COUNT];
    count_all(g, fresh);
    return memcmp(fresh, g->st.occupants, sizeof fresh) == 0;
}

bool game_reindex(Game *g)
{
    unsigned char fresh[GS_MAX_HEXES][SIDE_COUNT];
    count_all(g, fresh);
    bool same = memcmp(fresh, g->st.occupants, sizeof fresh) == 0;
    memcpy(g->st.occupants, fresh, sizeof fresh);
    return same;
}
