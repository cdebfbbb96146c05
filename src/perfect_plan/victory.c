/* APP-VICTORY: at the end of the last turn, the player controlling both
 * Chancellorsville and Fredericksburg (rules.ini [victory] areas) wins;
 * when they are split, the game is a tie. */
#include "perfect_plan/pp_internal.h"

int pp_victory(const PpGame *g)
{
    const PpData *pd = PPD(g);
    if (pd->nvictory == 0)
        return PP_TIE;
    int first = g->control[pd->victory_areas[0]];
    for (int i = 1; i < pd->nvictory; i++)
        if (g->control[pd->victory_areas[i]] != first)
            return PP_TIE;
    return first;
}
