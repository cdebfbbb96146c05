/* Contact between hexes (MOVE-CONTACT, RIVERS, COMBAT-WHO): the one answer
 * to "are these two hexes in contact", and "could units in them fight".
 *
 * The rulebook makes units on either bank of the Rappahannock and the
 * Rapidan adjacent "even if no combat is allowed": contact and fighting are
 * two questions, answered by the hexside kind's contact_across and
 * combat_across (terrain.ini). */
#include "rules/game_internal.h"

/* The direction from a to its neighbour b, -1 when they are not neighbours. */
static int dir_between(const Game *g, int a, int b)
{
    const Map *m = &g->gd->map;
    HexCoord ha = map_hex_at(m, a), hb = map_hex_at(m, b);
    return hex_direction(ha, hb); /* -1 for any hex not next to a, a itself too */
}

bool hexes_in_contact(const Game *g, int a, int b)
{
    int dir = dir_between(g, a, b);
    return dir >= 0 && hexside_in_contact(g->gd, map_hex_at(&g->gd->map, a), dir);
}

bool hexes_can_fight(const Game *g, int a, int b)
{
    int dir = dir_between(g, a, b);
    return dir >= 0 && hexside_can_fight(g->gd, map_hex_at(&g->gd->map, a), dir);
}

static bool side_around(const Game *g, int hex, int side, bool fight)
{
    const Map *m = &g->gd->map;
    HexCoord c = map_hex_at(m, hex);
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord n = hex_neighbour(c, d);
        if (!map_has(m, n))
            continue;
        int ni = map_hex_index(m, n);
        /* hexes_can_fight or hexes_in_contact (hex, ni), asked of the hexside in the direction stepped */
        if (hex_has_side(g, ni, side) && (fight ? hexside_can_fight(g->gd, c, d) : hexside_in_contact(g->gd, c, d)))
            return true;
    }
    return false;
}

bool next_to_side(const Game *g, int hex, int side) { return side_around(g, hex, side, false); }

bool fights_side(const Game *g, int hex, int side) { return side_around(g, hex, side, true); }
