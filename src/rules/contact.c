/* Contact between hexes (MOVE-CONTACT, RIVERS, COMBAT-WHO): the one answer
 * to "are these two hexes in contact", and "could units in them fight".
 *
 * The rulebook makes units on either bank of the Rappahannock and the
 * Rapidan adjacent "even if no combat is allowed": contact and fighting are
 * two questions, answered by the hexside kind's contact_across and
 * combat_across (terrain.ini). */
#include "rules/game_internal.h"

/* The direction from a to its neighbour b, -1 when they are not neighbours
 * (a itself too, and a hex off the map), read from a's row of the map's
 * neighbour table. */
static int dir_between(const Game *g, int a, int b)
{
    const Map *m = &g->gd->map;
    int cells = m->cols * m->rows;
    if (a < 0 || a >= cells || b < 0 || b >= cells)
        return -1;
    const short *nb = m->hexes[a].nb;
    for (int d = 0; d < DIR_COUNT; d++)
        if (nb[d] == b)
            return d;
    return -1;
}

/* The hexside between them read from a's row of the map (a and its
 * neighbour in dir both on the map, as dir_between found them): what
 * hexside_in_contact and hexside_can_fight answer for them, without
 * working the neighbour out again from the coordinates. */
bool hexes_in_contact(const Game *g, int a, int b)
{
    int dir = dir_between(g, a, b);
    return dir >= 0 && hexside_in_contact_at(g->gd, a, dir);
}

bool hexes_can_fight(const Game *g, int a, int b)
{
    int dir = dir_between(g, a, b);
    return dir >= 0 && hexside_can_fight_at(g->gd, a, dir);
}

static bool side_around(const Game *g, int hex, int side, bool fight)
{
    const Map *m = &g->gd->map;
    if (hex < 0 || hex >= m->cols * m->rows)
        return false; /* a hex off the map is next to none */
    const short *nb = m->hexes[hex].nb; /* the map's neighbour table */
    for (int d = 0; d < DIR_COUNT; d++) {
        int ni = nb[d];
        if (ni < 0)
            continue;
        /* hexes_can_fight or hexes_in_contact (hex, ni), asked of the hexside in the direction stepped */
        if (hex_has_side(g, ni, side) &&
            (fight ? hexside_can_fight_at(g->gd, hex, d) : hexside_in_contact_at(g->gd, hex, d)))
            return true;
    }
    return false;
}

bool next_to_side(const Game *g, int hex, int side) { return side_around(g, hex, side, false); }

bool fights_side(const Game *g, int hex, int side) { return side_around(g, hex, side, true); }
