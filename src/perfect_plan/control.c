/* APP-CONTROL: control of the areas. An area where only one army's units
 * stand is that army's; an empty area goes back to its printed flag; an
 * area both armies share keeps its controller until the fight. Worked out
 * again after every change (pp_settle), with APP-TRENCH's rule that a
 * trench whose army has no unit left beside it leaves the game. */
#include "perfect_plan/pp_internal.h"

void pp_settle(PpGame *g, PpEvents *ev)
{
    const PpData *pd = PPD(g);
    const int8_t *blue = g->units[PP_UNION], *grey = g->units[PP_CONFEDERATE];
    int n = pd->nareas;
    for (int a = 0; a < n; a++) { /* one pass, a few compares an area: every move calls it */
        unsigned present = (blue[a] > 0 ? 1u : 0u) | (grey[a] > 0 ? 2u : 0u);
        if (present == 3u)
            continue; /* shared: its controller stays, and both trenches have their units */
        int now = present == 0 ? pd->areas[a].control : (int)present - 1;
        if (now != g->control[a]) {
            g->control[a] = (uint8_t)now;
            pp_emit(ev, PP_EV_CONTROL, now, -1, -1, a, 0, 0);
        }
        if (!(g->trench[a] & ~present))
            continue;
        for (int side = 0; side < PP_SIDES; side++)
            if ((g->trench[a] & (1u << side)) && !(present & (1u << side))) {
                g->trench[a] &= (uint8_t)~(1u << side); /* APP-TRENCH: alone, it is gone */
                pp_emit(ev, PP_EV_TRENCH_GONE, side, -1, -1, a, 0, 0);
            }
    }
}
