/* A Perfect Plan's data (config/perfect-plan (map, counters, rules)): the area map, the two
 * armies' counters and the rules' numbers. A plain value of fixed size
 * (no pointers, nothing to free), so the engine may hold a pointer to one
 * and a program may keep one per data folder. Loaded and checked by
 * pp_data_load (src/data/load_perfect_plan.c), every error as file:line. */
#ifndef GUV_PP_DATA_H
#define GUV_PP_DATA_H

#include <stdbool.h>
#include <stdint.h>

#include "data/diag.h"

#define PP_MAX_AREAS 32
#define PP_MAX_ADJ 8
#define PP_MAX_COUNTERS 40
#define PP_MAX_IMPULSES 8
#define PP_MAX_SETUP 8
#define PP_MAX_RECOVERY 4
#define PP_MAX_VICTORY 4
#define PP_MAX_RIVERS 4
#define PP_ID_LEN 24
#define PP_NAME_LEN 32
#define PP_SHORT_LEN 11

enum { PP_UNION = 0, PP_CONFEDERATE = 1, PP_SIDES = 2 };
enum { PP_FORMATION = 0, PP_LEADER = 1, PP_MINOR = 2 };
/* How two adjacent areas are joined. */
enum { PP_LAND = 0, PP_ARROW = 1, PP_RIVER = 2 };

typedef struct {
    char id[PP_ID_LEN];
    char name[PP_NAME_LEN];
    char shortname[PP_SHORT_LEN];
    int col, row; /* the label box's top-left corner on an 80x24 screen */
    int control;  /* the flag printed in the area: its initial control */
    int nadj;
    int adj[PP_MAX_ADJ];
    int join[PP_MAX_ADJ]; /* PP_LAND, PP_ARROW (a river crossed at arrows) or PP_RIVER (no crossing) */
    int river[PP_MAX_ADJ]; /* the river's index for PP_ARROW and PP_RIVER, else -1 */
    int setup_min[PP_SIDES], setup_max[PP_SIDES]; /* max -1: not a set-up area of that side */
    int trench_setup[PP_SIDES];                   /* trenches of that side here at the start */
    bool recovery[PP_SIDES];                      /* a dedicated recovery area of that side */
} PpArea;

typedef struct {
    char id[PP_ID_LEN];
    char name[PP_NAME_LEN];
    char shortname[PP_SHORT_LEN];
    int side;
    int kind;          /* PP_FORMATION, PP_LEADER, PP_MINOR */
    int setup;         /* area of the standard set-up; -1 for a reinforcement */
    int arrive_turn;   /* 0 for a starting unit */
    int arrive_area;   /* -1 for a starting unit */
    int bonus;         /* leaders: added to a die */
    bool bonus_to_all; /* leaders: every unit of the area (else one, chosen) */
} PpCounter;

typedef struct {
    char id[PP_ID_LEN];
    char name[PP_NAME_LEN];
} PpRiver;

typedef struct {
    char name[PP_NAME_LEN];
    char shortname[PP_SHORT_LEN];
    int formations, leaders, minor, trenches; /* as the box lists them */
    int nrecovery;
    int recovery[PP_MAX_RECOVERY];
} PpSide;

typedef struct {
    int nareas;
    PpArea areas[PP_MAX_AREAS];
    int ncounters;
    PpCounter counters[PP_MAX_COUNTERS];
    int nrivers;
    PpRiver rivers[PP_MAX_RIVERS];
    int8_t joins[PP_MAX_AREAS][PP_MAX_AREAS]; /* pp_join's answers, filled at load */
    PpSide sides[PP_SIDES];
    int components, markers;
    int turns;
    int nimpulses;
    int impulse_units[PP_MAX_IMPULSES];
    int first_initiative;
    int initiative_area;
    int nvictory;
    int victory_areas[PP_MAX_VICTORY];
    int stack_units, stack_trenches;
    int trench_cost, swap_cost, combat_cost;
    int formation_hit, minor_hit;
    bool leader_bonuses_add;
    int recovery_from_turn, recovery_most, recovery_per_area, recovery_initiative_extra;
    uint64_t fingerprint; /* of the three files' bytes: a save of other data is refused */
} PpData;

/* Loads dir/config/perfect-plan/{map,counters,rules}.ini into *pd, adding
 * file:line errors to d. True when all is clean. */
bool pp_data_load(const char *dir, PpData *pd, Diags *d);
/* True when dir holds the game's folder (a data set may lack it). */
bool pp_data_present(const char *dir);

int pp_area_index(const PpData *pd, const char *id);
int pp_counter_index(const PpData *pd, const char *id);
/* How a and b are joined: PP_LAND, PP_ARROW, PP_RIVER, or -1 when they are
 * not adjacent. */
int pp_join(const PpData *pd, int a, int b);
const char *pp_side_word(int side); /* "union", "confederate" */

#endif
