/* Movement cost and reach (MOVE-BASIC, MOVE-CONTACT, ROADS, RAIN, RIVERS,
 * MINOR-RIVERS, PONTOON-BUILD crossing cost).
 *
 * Costs are in half movement points, so that a major road's 0.5 MP is exact.
 * A unit that moves only by road gets the road bonus (ROADS); the search
 * keeps two layers, "every step so far by road" and "any", each with its own
 * allowance, and reports the better one for every hex. */
#ifndef GUV_MOVE_H
#define GUV_MOVE_H

#include <stdbool.h>

#include "data/data.h"

typedef struct {
    const GameData *gd;
    bool rain;
    /* Optional, per map hex index: non-zero where enemy units stand. */
    const unsigned char *enemy;
    /* Optional, with enemy: non-zero where a hex is in contact with an
     * enemy one (move_contact_map); without it each step asks the map. */
    const unsigned char *contact;
    /* Optional, per map hex index: bit (1 << dir) set where a friendly
     * pontoon spans that hexside. */
    const unsigned char *pontoon;
    /* Never enter a hex next to an enemy (night moves, forced march). */
    bool no_contact;
    /* Never cross the great rivers (CAMPAIGN: Union reserves, Stuart); or
     * never cross one into the south bank (the turn-11 Union cavalry). */
    bool no_great_rivers;
    bool no_great_rivers_south;
    /* Events: terrains (bit per terrain index) in as_mask are entered at the
     * cost of terrain as_terrain (Unknown Paths); in contact_free_mask no
     * contact surcharge is paid (Night Attack). */
    unsigned as_mask;
    int as_terrain;
    unsigned contact_free_mask;
    /* A scenario's play area (SCENARIOS): its north-west and south-east
     * corners; nothing moves, retreats or is placed outside it. Column 0:
     * the whole map. */
    HexCoord area_nw, area_se;
    /* AI-PLAYER-SOUTH: in the solitaire game the player's units never
     * enter a hex on the north bank of the Rappahannock (bank N; the wedge
     * between the rivers is south of it). */
    bool south_only;
    /* A reach measured in MP, not a move: no road bonus (ROADS gives it to a
     * unit's movement; the supply line's 6 MP and the Automa's proximity
     * value are distances). */
    bool no_road_bonus;
    /* A move resumed after the enemy broke contact (BREAK-CONTACT): half MP
     * already spent, and whether its steps so far all went by road. */
    int spent_half;
    bool road_lost;
} MoveContext;

/* Whether two contexts ask the same question: every field equal, the
 * maps by address (the same arrays, unchanged in between). */
bool move_context_same(const MoveContext *a, const MoveContext *b);
/* Whether h lies in the context's play area (always, without one). */
bool move_in_area(const MoveContext *ctx, HexCoord h);

#define MOVE_UNREACHED (-1)

/* One hex of one layer of a reach. Its buffers are reused without being
 * cleared: a cell means something only when its stamp is the reach's. */
typedef struct {
    unsigned stamp;
    short cost; /* half MP spent */
    short prev; /* previous hex index, -1 at the start */
    signed char prev_layer;
} MoveCell;

enum { LAYER_ROAD, LAYER_ANY, LAYER_COUNT };

typedef struct {
    int nhexes;
    int start;
    int allowance[LAYER_COUNT]; /* half MP each layer may spend */
    MoveCell *cell[LAYER_COUNT]; /* read them through move_cost_at and the others below */
    unsigned stamp;
    int cap;       /* cells in the buffer cell[0] starts */
    unsigned long long *reached; /* a bit per hex reached in either layer (the start too) */
    const Map *map;
} MoveReach;

/* The half-MP cost of stepping from `from` into its neighbour in dir, or
 * COST_NO. *by_road tells whether the step used a road. */
int move_step_cost(const MoveContext *ctx, HexCoord from, int dir, bool *by_road);
/* The same from map index `from`, which must be on the map. */
int move_step_cost_at(const MoveContext *ctx, int from, int dir, bool *by_road);
/* The steps into map index `to` at once: for each direction in dirs (bit
 * 1 << dir), cost[dir] is what move_step_cost_at answers for the step from
 * to's neighbour in dir into `to`; COST_NO where there is no neighbour and
 * for the directions not asked. For a search from a goal outward, which
 * asks the steps into a hex together. */
void move_enter_costs(const MoveContext *ctx, int to, unsigned dirs, int cost[DIR_COUNT]);
/* The same for a search that asks it of one context again and again: ref
 * keeps which of the movement's tables of step costs answers for ctx, so
 * that it is not looked for each time (a table made again since for
 * another context is noticed, and looked for anew). ref starts zeroed;
 * ctx must not change while ref is used with it. */
typedef struct {
    const void *table;
    unsigned build;
} MoveTableRef;
void move_enter_costs_kept(const MoveContext *ctx, MoveTableRef *ref, int to, unsigned dirs, int cost[DIR_COUNT]);

/* Every hex a unit with `movement` MP can reach from start. Returns false
 * when out of memory or start is off the map. Free with move_reach_free. */
bool move_reach(const MoveContext *ctx, HexCoord start, int movement, MoveReach *out);
void move_reach_free(MoveReach *r);

/* The same search carried out only as far as its questions need: for a
 * caller that asks whether a few hexes are reached, most of them near the
 * start. move_walk_reaches(w, i) answers what move_reach's whole search
 * answers for map index i (which must be on the map), searching on until i
 * is reached or nothing is left to search. ctx, and the maps it points to,
 * must stay as they were while the walk lasts. move_walk returns false when
 * out of memory or start is off the map; free with move_walk_free. */
struct MoveHeapItem;
struct MoveHeap {
    struct MoveHeapItem *items;
    int n, cap;
};
typedef struct {
    MoveReach r; /* what it has reached so far */
    const MoveContext *ctx;
    struct MoveHeap heap;
    bool ok;
} MoveWalk;
bool move_walk(const MoveContext *ctx, HexCoord start, int movement, MoveWalk *w);
bool move_walk_reaches(MoveWalk *w, int i);
/* The walk carried on until no cell costing `cost` half MP or less can
 * still change: every hex it reaches for that much or less is reached. */
void move_walk_past(MoveWalk *w, int cost);
/* The least cost a cell can still be given (INT_MAX once the search is
 * done): every hex not reached yet costs at least that. */
int move_walk_least(const MoveWalk *w);
/* Whether what w->r answers for map index i (move_reaches, move_cost_at,
 * move_path) is already what the whole search answers. */
bool move_walk_final(const MoveWalk *w, int i);
void move_walk_free(MoveWalk *w);

/* Half MP to reach h (MOVE_UNREACHED if it cannot), and whether the
 * cheapest legal way is wholly by road. */
int move_cost_to(const MoveReach *r, HexCoord h, bool *road_only);
/* The same for map index i, which must be on the map. */
int move_cost_at(const MoveReach *r, int i, bool *road_only);
/* The first hex index above `after` that r reaches (the start among them),
 * -1 when none: for (h = move_reach_next(r, -1); h >= 0; h = move_reach_next(r, h)). */
int move_reach_next(const MoveReach *r, int after);
/* Every hex index r reaches but its start, in index order, into out
 * (room for r->nhexes); returns their count. */
int move_reach_list(const MoveReach *r, short *out);
/* Half MP to reach map index i by a way wholly by road (road) or by any
 * other way, MOVE_UNREACHED when there is none of that kind. */
int move_cost_by(const MoveReach *r, int i, bool road);
/* Whether r reaches map index i (which is on the map) at all. */
bool move_reaches(const MoveReach *r, int i);
/* The path from the start to h, both included; returns its length. */
int move_path(const MoveReach *r, HexCoord h, HexCoord *out, int max);

/* Whether units on either side of hexside (h, dir) are in contact, and
 * whether they could fight across it (MOVE-CONTACT, RIVERS: the hexside
 * kind's contact_across and combat_across; no kind: both). contact.c's
 * hexes_in_contact and hexes_can_fight ask these for two map hexes. */
bool hexside_in_contact(const GameData *gd, HexCoord h, int dir);
/* contact[hex] = 1 where a hex is in contact with one of the enemy's
 * hexes (listed, each once or more), 0 elsewhere: the answer
 * move_step_cost would give hex by hex, at once. */
void move_contact_map(const GameData *gd, const short *enemy_hexes, int n, unsigned char *contact);
bool hexside_can_fight(const GameData *gd, HexCoord h, int dir);
/* The same two questions for map hex `hex` (an index) and its side in dir,
 * whose neighbour there is on the map (its nb[dir] is not -1): the
 * neighbour questions of contact.c and combat_dice.c, stepping by the
 * map's neighbour table. */
bool hexside_in_contact_at(const GameData *gd, int hex, int dir);
bool hexside_can_fight_at(const GameData *gd, int hex, int dir);

#endif
