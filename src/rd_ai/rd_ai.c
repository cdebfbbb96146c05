/* The Red Die of Courage's AI: its levels, its way in, and the fixed
 * level (the baseline). The careful level is in careful.c. */
#include <string.h>

#define RD_AI_FIXED_TRIES 64 /* draws for a random destination */

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

static RdDecision mk(int kind, int squad, int dice, int target, int col, int row, int line)
{
    return (RdDecision){(int8_t)kind, (int8_t)squad, (int8_t)dice, (int8_t)target, (int8_t)col, (int8_t)row,
                        (int8_t)line};
}

/* A random cell squad may move to (a cloud or, for a squad big enough, a
 * line, at even odds), by rejection among the cells within a move's
 * reach: uniform among those open, without listing every one (the list
 * of destinations is the dearest part of rd_legal). False when none of
 * RD_AI_FIXED_TRIES draws was open. */
static bool random_move(const RdGame *g, int squad, Rng *rng, RdDecision *out)
{
    const RdRules *r = g->rules;
    RdCell at = rd_soldier_cell(g, rd_leader(g, squad));
    int reach = r->max_move_mm / r->cell_mm, side = 2 * reach + 1;
    bool can_line = rd_on_table(g, squad) >= r->volley_min_soldiers;
    for (int t = 0; t < RD_AI_FIXED_TRIES; t++) {
        int col = at.col - reach + (int)rng_below(rng, (uint32_t)side);
        int row = at.row - reach + (int)rng_below(rng, (uint32_t)side);
        int line = can_line ? (int)rng_below(rng, 2) : 0;
        RdDecision d = mk(RD_D_MOVE, squad, RD_AI_FIXED_DICE, -1, col, row, line);
        if (col < 0 || row < 0 || col >= g->field->w || row >= g->field->h)
            continue;
        if (!rd_refusal(g, &d, NULL, 0)) {
            *out = d;
            return true;
        }
    }
    return false;
}

/* The fixed level: a random squad among those with a move, fire or
 * assault open, a random one of its actions, a random target or cell;
 * RD_AI_FIXED_DICE dice. A rally only when nothing else is open. */
static RdDecision fixed(const RdGame *g, Rng *rng)
{
    RdDecision *list;
    if (g->stage == RD_ST_ACTIVATE) {
        int open[RD_MAX_GAME_SQUADS], nopen = 0;
        for (int q = 0; q < g->nsquads; q++)
            if (g->squads[q].side == g->initiative && rd_may_activate(g, q))
                open[nopen++] = q;
        while (nopen > 0) {
            int k = (int)rng_below(rng, (uint32_t)nopen), squad = open[k];
            RdDecision ways[3][RD_MAX_GAME_SQUADS];
            int nways[3] = {0, 0, 0}, kinds[3], nkinds = 0;
            for (int t = 0; t < g->nsquads; t++)
                for (int a = 0; a < 2; a++) {
                    RdDecision d = mk(a ? RD_D_ASSAULT : RD_D_FIRE, squad, RD_AI_FIXED_DICE, t, -1, -1, 0);
                    if (!rd_refusal(g, &d, NULL, 0))
                        ways[a + 1][nways[a + 1]++] = d;
                }
            nways[0] = random_move(g, squad, rng, &ways[0][0]);
            for (int a = 0; a < 3; a++)
                if (nways[a])
                    kinds[nkinds++] = a;
            if (nkinds > 0) {
                int a = kinds[rng_below(rng, (uint32_t)nkinds)];
                return ways[a][rng_below(rng, (uint32_t)nways[a])];
            }
            open[k] = open[--nopen];
        }
    }
    int n = rd_ai_list(g, &list); /* the questions, and rallies when nothing else is open */
    if (n == 0)
        return mk(RD_D_PASS, -1, 0, -1, -1, -1, 0);
    RdDecision d = list[rng_below(rng, (uint32_t)n)];
    if (d.kind == RD_D_FIRE || d.kind == RD_D_DEFEND)
        d.dice = RD_AI_FIXED_DICE;
    return d;
}

RdDecision rd_ai_choose(const RdGame *g, int level, Rng *rng)
{
    if (level == RD_AI_CAREFUL)
        return rd_ai_careful(g);
    return fixed(g, rng);
}
