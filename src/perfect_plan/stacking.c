/* APP-STACK: stacking. At most four units of one army in an area (rules.ini
 * [stacking] units; leaders count, trenches do not), and at most one
 * trench of each army (trenches). Both armies may share an area during the
 * movement, each within its own limit. */
#include "perfect_plan/pp_internal.h"

bool pp_room_for(const PpGame *g, int side, int area, int more)
{
    return pp_units_in(g, side, area) + more <= PPD(g)->stack_units;
}

bool pp_trench_room(const PpGame *g, int side, int area)
{
    return ((g->trench[area] >> side) & 1u) < (unsigned)PPD(g)->stack_trenches;
}

int pp_dice_units_in(const PpGame *g, int side, int area)
{
    return area >= 0 ? g->dice[side][area] : 0;
}
