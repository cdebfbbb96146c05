/* The Red Die of Courage's AI: its levels, its way in, and the fixed
 * level (the baseline). The careful level is in careful.c. */
#include <string.h>

#include "rd_ai/rd_ai_internal.h"

static const struct {
    const char *name, *what;
} levels[RD_AI_LEVEL_COUNT] = {
#define RD_AI_ROW(id, name, what) [RD_AI_##id] = {name, what},
    RD_AI_LEVELS(RD_AI_ROW)
#undef RD_AI_ROW
};

int rd_ai_level_find(const char *name)
{
    for (int i = 0; name && i < RD_AI_LEVEL_COUNT; i++)
        if (strcmp(name, levels[i].name) == 0)
            return i;
    return -1;
}

const char *rd_ai_level_name(int level) { return level >= 0 && level < RD_AI_LEVEL_COUNT ? levels[level].name : "?"; }
const char *rd_ai_level_what(int level) { return level >= 0 && level < RD_AI_LEVEL_COUNT ? levels[level].what : "?"; }

static RdDecision list_buf[RD_MAX_LEGAL];

int rd_ai_list(const RdGame *g, RdDecision **out)
{
    int n = rd_legal(g, list_buf, RD_MAX_LEGAL);
    *out = list_buf;
    return n > RD_MAX_LEGAL ? RD_MAX_LEGAL : n;
}

static bool is_activation(int kind) { return kind == RD_D_MOVE || kind == RD_D_FIRE || kind == RD_D_ASSAULT; }

/* One of the n decisions of list matching (squad, kind) at random (squad or kind -1: any). */
static int pick(const RdDecision *list, int n, int squad, int kind, Rng *rng)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += (squad < 0 || list[i].squad == squad) && (kind < 0 || list[i].kind == kind);
    if (count == 0)
        return -1;
    int k = (int)rng_below(rng, (uint32_t)count);
    for (int i = 0; i < n; i++)
        if ((squad < 0 || list[i].squad == squad) && (kind < 0 || list[i].kind == kind) && k-- == 0)
            return i;
    return -1;
}

/* The fixed level: a random squad among those with a move, fire or
 * assault open, a random one of its actions, a random target or cell;
 * RD_AI_FIXED_DICE dice. A rally only when nothing else is open. */
static RdDecision fixed(const RdGame *g, Rng *rng)
{
    RdDecision *list;
    int n = rd_ai_list(g, &list);
    if (n == 0)
        return (RdDecision){RD_D_PASS, -1, 0, -1, -1, -1, 0};
    if (g->stage != RD_ST_ACTIVATE) {
        RdDecision d = list[rng_below(rng, (uint32_t)n)];
        if (d.kind == RD_D_FIRE || d.kind == RD_D_DEFEND)
            d.dice = RD_AI_FIXED_DICE;
        return d;
    }
    bool squads[RD_MAX_GAME_SQUADS] = {false}, any = false;
    for (int i = 0; i < n; i++)
        if (is_activation(list[i].kind))
            any = squads[list[i].squad] = true;
    if (!any)
        return list[rng_below(rng, (uint32_t)n)]; /* rallies only */
    int open[RD_MAX_GAME_SQUADS], nopen = 0;
    for (int q = 0; q < g->nsquads; q++)
        if (squads[q])
            open[nopen++] = q;
    int squad = open[rng_below(rng, (uint32_t)nopen)];
    int kinds[3], nkinds = 0;
    for (int k = RD_D_MOVE; k <= RD_D_ASSAULT; k++)
        for (int i = 0; i < n; i++)
            if (list[i].squad == squad && list[i].kind == k) {
                kinds[nkinds++] = k;
                break;
            }
    int kind = kinds[rng_below(rng, (uint32_t)nkinds)];
    RdDecision d = list[pick(list, n, squad, kind, rng)];
    d.dice = RD_AI_FIXED_DICE;
    return d;
}

RdDecision rd_ai_choose(const RdGame *g, int level, Rng *rng)
{
    if (level == RD_AI_CAREFUL)
        return rd_ai_careful(g);
    return fixed(g, rng);
}
