/* The Red Die of Courage's data (config/red-die): the rules' numbers and
 * tables (rules.ini) and the battlefields (fields/NAME.ini). A plain value of
 * fixed size (no pointers, nothing to free). Loaded and checked by
 * rd_data_load (src/data/load_red_die.c), every error as file:line.
 *
 * Geometry (docs/rulings.md, "The Red Die of Courage"): the table is a grid
 * of square cells of rules.cell_mm millimetres (25: 2.5 cm, about one paper
 * soldier's base). One soldier stands in a cell. Distances are measured in
 * millimetres between cell centres, straight (a tape measure), and compared
 * with the rules' distances exactly (squared, no rounding). Linear obstacles
 * lie on the edges between two cells. Everything the rulebook gives in cm
 * is stored here in mm.
 *
 * Each kind of terrain is declared once, in the X-macros below; what a kind
 * does (cover, penalty, whether it blocks fire) is data, in rules.ini. */
#ifndef GUV_RD_DATA_H
#define GUV_RD_DATA_H

#include <stdbool.h>
#include <stdint.h>

#include "data/diag.h"

#define RD_MAX_W 80 /* cells: 200 cm */
#define RD_MAX_H 56 /* cells: 140 cm */
#define RD_MAX_SQUADS 12
#define RD_MAX_SQUAD_SOLDIERS 10
#define RD_MAX_OBJECTIVES 8
#define RD_MAX_FIELDS 8
#define RD_MAX_LEVELS 8   /* success levels: 1..7+ */
#define RD_MAX_QUALITY 6  /* troop quality levels 1..5 */
#define RD_ID_LEN 24
#define RD_NAME_LEN 48
#define RD_TEXT_LEN 160

enum { RD_UNION = 0, RD_CONFEDERATE = 1, RD_SIDES = 2 };

/* What stands in a cell. X(ENUM, id in the INI files, glyph in the field pictures) */
#define RD_CELL_KINDS(X)                                                                                   \
    X(RD_OPEN, "open", '.')                                                                                \
    X(RD_WOODS, "woods", 't')                                                                              \
    X(RD_DENSE_WOODS, "dense_woods", 'T')                                                                  \
    X(RD_BUSH, "bush", 'b')                                                                                \
    X(RD_MARSH, "marsh", '~')                                                                              \
    X(RD_ROUGH, "rough", ',')                                                                              \
    X(RD_BUILDING, "building", 'H')                                                                        \
    X(RD_ROCKS, "rocks", 'R')                                                                              \
    X(RD_ROAD, "road", '=')

/* What lies on an edge between two cells (a linear obstacle). */
#define RD_EDGE_KINDS(X)                                                                                   \
    X(RD_NO_EDGE, "none", ' ')                                                                             \
    X(RD_FENCE, "fence", '#')                                                                              \
    X(RD_WALL, "wall", 'W')                                                                                \
    X(RD_HEDGE, "hedge", 'h')                                                                              \
    X(RD_STREAM, "stream", 's')                                                                            \
    X(RD_TRENCH, "trench", 'E')                                                                            \
    X(RD_TREE_ROW, "tree_row", 'y')

#define RD_ENUM_(e, id, glyph) e,
enum { RD_CELL_KINDS(RD_ENUM_) RD_NCELL_KINDS };
enum { RD_EDGE_KINDS(RD_ENUM_) RD_NEDGE_KINDS };
#undef RD_ENUM_

/* Cover a target has from a cell or an edge ([3.2.1] COVER). */
enum { RD_COVER_NONE = 0, RD_COVER_LIGHT = 1, RD_COVER_HEAVY = 2, RD_NCOVER = 3 };
/* The three weapons ([3.2.1]). */
enum { RD_RIFLED_MUSKET = 0, RD_MUSKET = 1, RD_PISTOL = 2, RD_VOLLEY = 3, RD_NWEAPON_ROWS = 4 };
enum { RD_NWEAPONS = 3 };
/* The range bands ([3.2.1]): short, medium, long. */
enum { RD_SHORT = 0, RD_MEDIUM = 1, RD_LONG = 2, RD_NRANGES = 3 };

/* What a terrain kind does; one per cell kind and one per edge kind, from rules.ini. */
typedef struct {
    char name[RD_NAME_LEN];
    int cover;         /* RD_COVER_* given to a soldier in the cell / behind the edge */
    bool difficult;    /* cells: moving through it costs rules.difficult_mm ([3.1]) */
    bool obstacle;     /* edges: crossing it costs rules.obstacle_mm ([3.1]) */
    bool blocks_fire;  /* a line of fire may not pass it ([3.2]) */
    bool impassable;   /* no soldier may enter (cells) or cross (edges) */
} RdTerrain;

/* The effects a table entry may have. The tables' rows name one effect and
 * give its numbers; the engine carries out the effect. Declared once.
 * X(ENUM, id in rules.ini) */
#define RD_EFFECTS(X)                                                                                      \
    X(RD_FX_NOTHING, "nothing")                                                                            \
    X(RD_FX_CONFUSED, "confused")           /* stays, does nothing this activation (pinned) */           \
    X(RD_FX_RETREAT_COVER, "retreat_cover") /* retreats distance_mm to the nearest cover, defends */     \
    X(RD_FX_LEADER_CRISIS, "leader_crisis") /* amount successes less on the next activation */           \
    X(RD_FX_ADD_RED, "add_red")             /* amount red dice added to the side's pool */               \
    X(RD_FX_FLEE, "flee")                   /* retreats distance_mm toward its lines, dice d6 skedaddle */ \
    X(RD_FX_ROUT, "rout")                   /* all run off if more than distance_mm from the enemy, else surrender */ \
    X(RD_FX_FREE_MOVE, "free_move")         /* moves distance_mm without rolling */                      \
    X(RD_FX_REMOVE_RED, "remove_red")       /* amount red dice removed */                                \
    X(RD_FX_FIRE_AGAIN, "fire_again")       /* fires again at once, amount successes more */             \
    X(RD_FX_RECOVER_LIGHT, "recover_light") /* dice d6 light wounds healed */                            \
    X(RD_FX_BAYONETS, "bayonets")           /* percent of the unit advances distance_mm to assault the nearest enemy */ \
    X(RD_FX_CHARGE, "charge")               /* the unit advances distance_mm to assault, amount successes more */ \
    X(RD_FX_DEAD, "dead")                   /* the soldier leaves the game; a red die added */            \
    X(RD_FX_BAD_WOUND, "bad_wound")         /* badly wounded; a red die added */                          \
    X(RD_FX_LIGHT_WOUND, "light_wound")     /* lightly wounded: prone one activation, then half speed */  \
    X(RD_FX_SKEDADDLE, "skedaddle")         /* red die: one of the side's soldiers runs off */            \
    X(RD_FX_HEROIC, "heroic")               /* red die: a roll on the heroic table */

#define RD_ENUM_(e, id) e,
enum { RD_EFFECTS(RD_ENUM_) RD_NEFFECTS };
#undef RD_ENUM_

typedef struct {
    int effect;      /* RD_FX_* */
    int amount;      /* red dice, successes: as the effect says */
    int distance_mm; /* as the effect says */
    int dice;        /* d6 rolled for a count (flee's skedaddlers, recovered wounds) */
    int percent;     /* a share of the unit's able soldiers, rounded down (Bayonets!' half) */
    char text[RD_TEXT_LEN]; /* the row's title and words, in the project's own words */
} RdTableRow;

/* A six-row table read with one die: row[face - 1]. */
typedef struct {
    char name[RD_NAME_LEN];
    RdTableRow row[6];
} RdTable;

/* The rules' numbers (rules.ini). */
typedef struct {
    int cell_mm;                 /* a cell's side */
    int min_dice;                /* [3.0] at least two */
    int success_face;            /* a die showing this or more is a success (4) */
    int fiasco_ones;             /* this many 1s: the activation fails, initiative passes (2) */
    int disaster_ones;           /* this many or more: disaster (3) */
    int disaster_red;            /* red dice a disaster adds (2) */
    int repeat_extra_dice;       /* [2.0] dice added per consecutive action of the same type (1) */
    RdTable red_die;             /* [3.0] what each red die's face does */
    int heroic_per_activation;   /* at most this many heroic rolls an activation (1) */
    int rally_return_face;       /* [3.4] a rally's die showing this or more brings back a soldier who skedaddled (6) */
    /* The success/quality/movement table: by number of successes (1..nlevels, the last is "or more").
     * level_name, move_mm and quality_name are indexed by the number itself: [0] is unused. */
    int nlevels;
    char level_name[RD_MAX_LEVELS][RD_ID_LEN];   /* mere, fair, good, excellent, amazing, outstanding, epic */
    int move_mm[RD_MAX_LEVELS];                  /* movement bought by that many successes (0: none listed) */
    int max_move_mm;                             /* [3.1] 40 cm */
    char quality_name[RD_MAX_QUALITY][RD_ID_LEN]; /* by level 1..5: rabble, militia, regular, veteran, elite */
    int nquality;
    int default_quality;         /* [1.1] regulars, 3 */
    int obstacle_mm;             /* [3.1] each linear obstacle crossed */
    int difficult_mm;            /* [3.1] moving through difficult terrain */
    int slow_percent;            /* [3.1] half speed (in line, carrying wounded, lightly wounded): 50 */
    int cohesion_mm;             /* [1.1] soldiers of a unit within 3 cm of each other */
    int min_squad, max_squad;    /* [1.1] 2..10 */
    RdTerrain cell[RD_NCELL_KINDS];
    RdTerrain edge[RD_NEDGE_KINDS];
    int cover_mod[RD_NCOVER];    /* successes added for the target's cover (0, -1, -2) */
    int range_mm[RD_NRANGES];    /* the upper bound of each band: 300, 600, 1200 */
    int weapon_mod[RD_NWEAPON_ROWS][RD_NRANGES]; /* successes added; RD_OUT_OF_RANGE when it cannot fire */
    int volley_min_soldiers;     /* [3.2.2] 6 */
    RdTable fire_loss, melee_loss, disaster, heroic;
    int assault_mm;              /* [3.3] 40 cm */
    int voice_mm;                /* [3.3] 20 cm */
    int surprise_mod;            /* [3.3] defensive fire, -1 */
    int behind_max_face;         /* [3.3] in doubt, 1..this is "behind" (3) */
    int melee_support_bonus;     /* [3.3.1] +1 per fellow in support */
    int defeat_flee_mm;          /* [3.3.1] 30 cm to the nearest cover */
    int surrender_at_most;       /* [3.3.1] 3 or fewer soldiers left */
    int surrender_ratio;         /* [3.3.1] the victors at least twice as many */
    int prisoners_per_escort;    /* [4.0] 5 */
    /* RDC-WOUNDS ([3.2]): what a wounded soldier hit again ends as (RD_FX_LIGHT_WOUND,
     * RD_FX_BAD_WOUND or RD_FX_DEAD), by [the wound he has: 0 light, 1 bad][the new one: same] */
    int wound_again[2][2];
    int vp_objective, vp_soldier, vp_prisoner, vp_leader; /* [5.0] 5, 1, 2, 3 */
} RdRules;

#define RD_OUT_OF_RANGE (-99)

typedef struct {
    char id[RD_ID_LEN];
    char name[RD_NAME_LEN];
    int side;
    int quality;         /* 1..rules.nquality */
    int weapon;          /* RD_RIFLED_MUSKET, RD_MUSKET, RD_PISTOL */
    int soldiers;        /* leader included */
    int col, row;        /* the leader's cell at the start */
    bool line;           /* set up in line (volley fire) rather than in a cloud */
    int facing;          /* 0..7: N, NE, E, SE, S, SW, W, NW: where its front looks */
} RdSquadSetup;

typedef struct {
    char id[RD_ID_LEN];
    char name[RD_NAME_LEN];
    int col, row, radius_mm; /* the cells within radius_mm of this cell's centre */
    int points;              /* [5.0] 5 for a significant position */
} RdObjective;

typedef struct {
    char id[RD_ID_LEN];      /* the file's name without .ini */
    char name[RD_NAME_LEN];
    char text[RD_TEXT_LEN * 2]; /* a few words on the place and the moment */
    int w, h;                /* cells */
    uint8_t cell[RD_MAX_H][RD_MAX_W];   /* RD_* cell kind */
    uint8_t edge_e[RD_MAX_H][RD_MAX_W]; /* the edge on the cell's east side */
    uint8_t edge_s[RD_MAX_H][RD_MAX_W]; /* the edge on the cell's south side */
    int home_row[RD_SIDES];  /* the row of each side's own lines (retreats go toward it) */
    int nsquads;
    RdSquadSetup squads[RD_MAX_SQUADS];
    int nobjectives;
    RdObjective objectives[RD_MAX_OBJECTIVES];
    int length;              /* the game ends after this many passes of the initiative */
    int first_side;          /* [2.0] the Confederates start with the initiative */
} RdField;

typedef struct {
    RdRules rules;
    int nfields;
    RdField fields[RD_MAX_FIELDS];
    uint64_t fingerprint; /* of every file's bytes: a save of other data is refused */
} RdData;

/* Loads dir/config/red-die/rules.ini and every dir/config/red-die/fields/<name>.ini
 * (in name order) into *rd, adding file:line errors to d. True when all is clean. */
bool rd_data_load(const char *dir, RdData *rd, Diags *d);
bool rd_data_present(const char *dir);
int rd_field_index(const RdData *rd, const char *id);
const char *rd_side_word(int side); /* "union", "confederate" */
const char *rd_cell_kind_id(int kind);
const char *rd_edge_kind_id(int kind);
const char *rd_effect_id(int effect);
/* The quality level (1..nquality) called name, else -1. */
int rd_quality_index(const RdRules *r, const char *name);
/* The cells a squad's soldiers stand on at the start (docs/data-format.md,
 * "Squads"): the leader's first; in line, side by side across the facing
 * (east-west unless it faces east or west), the leader in the middle; in a
 * cloud, a block around the leader. Returns how many (sq->soldiers); the
 * loader has checked that each is on the field, enterable and not shared. */
int rd_setup_cells(const RdSquadSetup *sq, int col[RD_MAX_SQUAD_SOLDIERS], int row[RD_MAX_SQUAD_SOLDIERS]);

#endif
