/* The one answer to "may these units go from this hex into that neighbour
 * now, and at what cost" (MOVE-BASIC, MOVE-CONTACT, RIVERS, MINOR-RIVERS,
 * RAIN, PONTOON-BUILD, CAMPAIGN's river limits, SCENARIOS' play area,
 * AI-PLAYER-SOUTH, ACT-RADIUS).
 *
 * Every movement-like action asks it: a move and a forced march, a retreat
 * after combat (base game and Automa engagement), a demoralized unit's
 * retreat, break contact, displacement after stacking, a skirmisher placed
 * next door, the Automa's marches and transfers, the supply line's reach and
 * the command radius. Each builds a Passage for its side, its units and its
 * purpose; the Passage knows the side's pontoons, the rivers and fords in
 * this turn's weather, the enemy's hexes, the scenario's play area, the
 * solitaire player's bank and the units' own river limits. What differs by
 * purpose is written here and nowhere else. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game_internal.h"
#include "rules/variant.h"

/* The campaign's limits on crossing the great rivers for these units. */
int great_river_limit(const Game *g, const short *units, int n)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    const ScenarioDef *sc = &gd->scenarios[st->scenario];
    /* the scenario's two options, looked up by name once for its rules (a Passage is built thousands of
     * times a game), kept for the same rules of the same load of the data */
    static struct {
        const GameData *gd;
        unsigned serial;
        const ScenarioOption *rules;
        int nrules;
        const char *reserves, *steps;
    } opt;
    if (opt.gd != gd || opt.serial != gd->serial || opt.rules != sc->rules || opt.nrules != sc->nrules) {
        opt.gd = gd;
        opt.serial = gd->serial;
        opt.rules = sc->rules;
        opt.nrules = sc->nrules;
        opt.reserves = scenario_option(sc->rules, sc->nrules, "reserves_stay_north");
        opt.steps = scenario_option(sc->rules, sc->nrules, "stuart_crossing_steps");
    }
    const char *reserves = opt.reserves, *steps = opt.steps;
    int limit = RIVERS_FREE;
    for (int i = 0; i < n; i++) {
        const UnitDef *ud = &gd->units[units[i]];
        if (ud->side == SIDE_UNION && ud->formation < 0 && (ud->type == UT_INFANTRY || ud->type == UT_ARTILLERY) &&
            reserves && strcmp(reserves, "yes") == 0)
            return RIVERS_NEVER; /* the Union reserves never cross (CAMPAIGN) */
        if (st->late_cavalry[units[i]] && !st->cavalry_free)
            limit = RIVERS_NOT_SOUTH; /* the turn-11 cavalry: never south into Confederate territory */
        if (steps && ud->side == SIDE_CONFEDERATE && ud->formation >= 0) {
            /* Stuart's division: the formation of horse only */
            bool horse = true;
            for (int j = 0; j < gd->nunits && horse; j++)
                if (gd->units[j].formation == ud->formation)
                    horse = gd->units[j].type == UT_CAVALRY || gd->units[j].type == UT_HORSE_ARTILLERY;
            if (horse) {
                int across = 0;
                for (int j = 0; j < st->nunits; j++) {
                    const UnitDef *d2 = &gd->units[j];
                    if (d2->side == SIDE_CONFEDERATE && st->unit[j].where == AT_MAP &&
                        (d2->type == UT_INFANTRY || d2->type == UT_ARTILLERY) &&
                        gd->map.hexes[st->unit[j].hex].bank != BANK_SOUTH)
                        across += st->unit[j].steps;
                }
                if (across < atoi(steps))
                    return RIVERS_NEVER;
            }
        }
    }
    return limit;
}

#ifndef NDEBUG
/* What a Passage's maps hold, for Debug builds to check that they still
 * hold it when it is used (the enemy has not moved since it was built). */
static unsigned passage_sum(const GameData *gd, const Passage *p)
{
    size_t cells = (size_t)(gd->map.cols * gd->map.rows);
    unsigned sum = 2166136261u;
    for (size_t i = 0; i < cells; i++)
        sum = (sum ^ (unsigned)(p->enemy[i] << 8 | p->contact[i])) * 16777619u;
    return sum;
}
#endif

void passage_init(const Game *g, int side, const short *units, int n, int purpose, Passage *p)
{
    if (side == SIDE_UNION || side == SIDE_CONFEDERATE) {
        /* the enemy's hexes and the hexes in contact with them, as unit_put
         * keeps them in the state */
        int other = side == SIDE_UNION ? SIDE_CONFEDERATE : SIDE_UNION;
        p->enemy = g->st.occupants[other];
        p->contact = g->st.near[other];
    } else {
        short enemy_hexes[GS_MAX_UNITS];
        int ne = game_enemy_map(g, side, p->own_enemy, enemy_hexes);
        move_contact_map(g->gd, enemy_hexes, ne, p->own_contact);
        p->enemy = p->own_enemy;
        p->contact = p->own_contact;
    }
#ifndef NDEBUG
    p->check = passage_sum(g->gd, p);
#else
    p->check = 0;
#endif
    p->side = side;
    passage_for(g, units, n, purpose, p);
}

void passage_for(const Game *g, const short *units, int n, int purpose, Passage *p)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    int side = p->side;
    p->purpose = purpose;
    p->ctx = (MoveContext){
        .gd = gd, .rain = st->rain, .enemy = p->enemy, .contact = p->contact, .pontoon = st->pontoon[side]};
    if (purpose != PASS_SUPPLY)
        move_context_area(g, &p->ctx); /* nothing moves, retreats or is placed outside the play area */
    /* AI-PLAYER-SOUTH: the solitaire player's units never go north of the Rappahannock */
    p->ctx.south_only = g->variant && g->variant->player_south_only && side != g->variant->side &&
                        purpose != PASS_SUPPLY && purpose != PASS_COMMAND;
    int limit = units && n > 0 ? great_river_limit(g, units, n) : RIVERS_FREE;
    p->ctx.no_great_rivers = limit == RIVERS_NEVER;
    p->ctx.no_great_rivers_south = limit == RIVERS_NOT_SOUTH;
    p->ctx.no_road_bonus = purpose == PASS_SUPPLY; /* SUPPLY: "within 6 movement points", a distance */
    if (purpose == PASS_MOVE) {
        bool dem = false, forced = false;
        for (int i = 0; i < n; i++) {
            dem |= (st->unit[units[i]].flags & UF_DEM) != 0;
            forced |= (st->unit[units[i]].flags & UF_FORCED) != 0;
        }
        /* never next to the enemy: at night (but by Night Attack), demoralized, on a forced march */
        p->ctx.no_contact = (gd->turns[st->turn - 1].night && !event_night_attack(g)) || dem || forced;
        event_move_context(g, &p->ctx); /* Unknown Paths, Night Attack */
    }
}

int passage_step(const Passage *p, int from, int dir)
{
    const Map *m = &p->ctx.gd->map;
    bool road;
    /* move_step_cost's answer, asked by index: no hex's coordinates worked out and back */
    if (!m->hexes || from < 0 || from >= m->cols * m->rows || dir < 0 || dir >= DIR_COUNT)
        return COST_NO;
    return move_step_cost_at(&p->ctx, from, dir, &road);
}

bool passage_open(const Passage *p, int from, int to)
{
    const Map *m = &p->ctx.gd->map;
    assert(p->check == passage_sum(p->ctx.gd, p)); /* the enemy where he stood */
    int dir = hex_direction(map_hex_at(m, from), map_hex_at(m, to));
    return dir >= 0 && passage_step(p, from, dir) != COST_NO;
}

bool passage_reach(const Game *g, const Passage *p, int from, int mp, MoveReach *r)
{
    assert(p->check == passage_sum(g->gd, p)); /* the enemy where he stood */
    return move_reach(&p->ctx, map_hex_at(&g->gd->map, from), mp, r);
}
