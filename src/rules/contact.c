/* Contact between hexes (MOVE-CONTACT, RIVERS, COMBAT-WHO): the one answer
 * to "are these two hexes in contact", and "could units in them fight".
 *
 * The rulebook makes units on either bank of the Rappahannock and the
 * Rapidan adjacent "even if no combat is allowed": contact and fighting are
 * two questions, answered by the hexside kind's contact_across and
 * combat_across (terrain.ini). */
#include "rules/game_internal.h"

static const Hexside *side_between(const Game *g, int a, int b)
{
    const Map *m = &g->gd->map;
    HexCoord ha = map_hex_at(m, a), hb = map_hex_at(m, b);
    int dir = hex_direction(ha, hb);
    return dir < 0 ? NULL : map_hexside(m, ha, dir);
}

bool hexes_in_contact(const Game *g, int a, int b)
{
    const Map *m = &g->gd->map;
    if (hex_distance(map_hex_at(m, a), map_hex_at(m, b)) != 1)
        return false;
    const Hexside *hs = side_between(g, a, b);
    return !hs || hs->kind < 0 || g->gd->hexside_kinds[hs->kind].contact_across;
}

bool hexes_can_fight(const Game *g, int a, int b)
{
    const Map *m = &g->gd->map;
    if (hex_distance(map_hex_at(m, a), map_hex_at(m, b)) != 1)
        return false;
    const Hexside *hs = side_between(g, a, b);
    return !hs || hs->kind < 0 || g->gd->hexside_kinds[hs->kind].combat_across;
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
        if (hex_has_side(g, ni, side) && (fight ? hexes_can_fight(g, hex, ni) : hexes_in_contact(g, hex, ni)))
            return true;
    }
    return false;
}

bool next_to_side(const Game *g, int hex, int side) { return side_around(g, hex, side, false); }

bool fights_side(const Game *g, int hex, int side) { return side_around(g, hex, side, true); }
