/* The game's data, loaded from config/ and booklet/ and checked.
 *
 * GameData is read-only once loaded. Game state refers to it by index.
 * Every number a rule needs comes from here, never from C. */
#ifndef GUV_DATA_H
#define GUV_DATA_H

#include <stdbool.h>

#include "data/diag.h"
#include "data/ruletext.h"
#include "hex/hex.h"

#define ID_LEN 48
#define NAME_LEN 64
#define MAX_COLOUR 8

enum Side { SIDE_UNION, SIDE_CONFEDERATE, SIDE_COUNT };

/* ---- terrain.ini (MAP-TEC) -------------------------------------------- */

/* Costs are in half movement points; COST_NO means "may not". */
#define COST_NO (-1)

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    char symbol;
    int colour;
    int move;         /* half MP to enter, or COST_NO */
    int contact_cost; /* half MP extra next to an enemy */
    int dice_limit;   /* 0: no limit */
    int attacker_dice;
    int defender_dice;
    int bombard_modifier;
    bool blocks_fire;
    bool breastworks;
    bool choose_targets; /* an attacker here picks its targets (COMBAT-WHO) */
    bool open;           /* open ground (BOMBARD-PROC's +1, AI-BOMBARD-TARGET's breastwork) */
    /* How the terminal map paints it (config/map-display.ini, optional):
     * the hex's background on 8/16-colour terminals (a colour index) and on
     * 256-colour ones, and its letters' colour there; -1 none. */
    short background, background_256, texture_256;
} TerrainKind;

enum SupplyCross { SUPPLY_ALWAYS, SUPPLY_DRY, SUPPLY_BRIDGE, SUPPLY_PONTOON };

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int cost, rain_cost;           /* half MP extra, or COST_NO */
    int ford_cost, ford_rain_cost; /* at a ford without pontoon */
    int bridge_cost;               /* at a printed bridge */
    int pontoon_cost;              /* with a pontoon */
    bool road_negates;
    int supply; /* enum SupplyCross */
    bool contact_across;
    bool combat_across;
    int attack_dice_limit;
    int attacker_dice;
} HexsideKind;

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int move; /* half MP per hex, or COST_NO */
} RoadKind;

typedef struct {
    int road_bonus; /* half MP */
    int exit_cost;  /* half MP */
    int seize_cost; /* half MP to destroy or capture an enemy pontoon (PONTOON-SEIZE) */
} MovementRules;

typedef struct {
    int max_units;  /* units in one hex (STACK) */
    int max_points; /* combat points in one hex */
} StackingRules;

/* ---- map.ini (MAP-GRID, MAP-PLACES) ------------------------------------ */

enum HexsideFlag { SIDE_FORD = 1, SIDE_BRIDGE = 2 };
enum HexFlag {
    HEXF_SUPPLY_UNION = 1,
    HEXF_SUPPLY_CSA = 2,
    HEXF_EXIT_CSA = 4,
    HEXF_CAVALRY_ENTRY = 8,
};
enum Bank { BANK_NORTH = 'N', BANK_WEDGE = 'W', BANK_SOUTH = 'S' };

typedef struct {
    signed char kind;  /* hexside kind index, -1 for a plain hexside */
    signed char river; /* river index, -1 */
    unsigned char flags;
} Hexside;

typedef struct {
    unsigned char terrain; /* terrain kind index */
    char bank;             /* enum Bank */
    short place;           /* place index, -1 */
    unsigned char flags;   /* enum HexFlag */
    unsigned char fort_faces; /* bit per direction a printed fortification faces */
    Hexside side[DIR_COUNT];
    signed char road[DIR_COUNT]; /* best road kind joining the neighbour, -1 */
    short nb[DIR_COUNT];         /* the neighbour's map index, -1 off the map (worked out at load) */
} MapHex;

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    HexCoord hex;
    int ford_dir; /* direction of the named ford hexside from hex, -1 */
    /* config/map-display.ini (optional): the short form written on the map
     * when the name does not fit ("" none), and the order labels are placed
     * in (higher first; the overview shows those of at least
     * MapDisplay.overview_priority). */
    char label[NAME_LEN];
    int priority;
} Place;

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int kind; /* road kind index */
    HexCoord *hexes;
    int nhexes;
} Road;

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int kind; /* hexside kind index */
} River;

typedef struct {
    char name[NAME_LEN * 2];
    int cols, rows;
    MapHex *hexes; /* cols * rows */
    Place *places;
    int nplaces;
    Road *roads;
    int nroads;
    River *rivers;
    int nrivers;
} Map;

/* ---- tables.ini (BOMBARD-PROC) ----------------------------------------- */

enum ArtilleryResult { ART_NONE, ART_DIS, ART_LOSS, ART_LOSS_DIS };
#define ART_MAX_COLS 16

typedef struct {
    int factor_min, factor_max;
    unsigned char result[ART_MAX_COLS];
} ArtilleryRow;

typedef struct {
    int hit_on;     /* a modified die of this or more is a hit (HITS) */
    int extra_dice; /* added to each side's ratio dice (COMBAT-DICE) */
    int min_dice;   /* never fewer dice than this */
    int supply_reach; /* MP from a supply road (SUPPLY) */
} CombatRules;

/* The rules' other numbers, from tables.ini [rules]. */
typedef struct {
    int independent_radius, independent_units, formation_independents, higher_interval;
    int break_contact_hexes, cavalry_break_contact_hexes;
    int forced_march_factor, forced_march_loss, forced_march_penalty, pontoon_roll;
    int supply_penalty; /* OOS-LADDER: off every die of a side with a unit out of supply in the combat */
    int encircle_dice, breastwork_dice, breastwork_steps, fortification_dice, fortification_steps;
    int lone_skirmisher_dice, skirmishers_lost_nightly, six;
} RuleNumbers;

typedef struct {
    int die_min, die_max;
    int breastwork_modifier;    /* to the die when the target has a breastwork */
    int fortification_modifier; /* when it stands in a printed fortification */
    ArtilleryRow *rows;
    int nrows;
} ArtilleryTable;

/* ---- turns.ini (TURN-TRACK) -------------------------------------------- */

typedef struct {
    int number;
    char date[16];
    char label[NAME_LEN];
    bool night;
    int points[SIDE_COUNT];
    int rain; /* a die at or below brings rain */
} TurnDef;

/* ---- oob-*.ini --------------------------------------------------------- */

/* Skirmishers and dummies are not in the order of battle: the loader adds
 * one-point skirmisher units for each army's counters (skirmishers +
 * extras) and zero-point dummy units (DUMMIES). */
enum UnitType { UT_INFANTRY, UT_CAVALRY, UT_ARTILLERY, UT_HORSE_ARTILLERY, UT_SKIRMISHER, UT_DUMMY, UT_COUNT };
#define UT_OOB_TYPES UT_SKIRMISHER /* types an order of battle may name */

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int side;
    bool higher;
    int command_radius;
    int command_factor;
    bool detached; /* absent from the campaign (variants only) */
} CommanderDef;

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int side;
    int commander; /* index */
    int colour;
    char parent[ID_LEN];
    int activation_cost;
    int south_activation_cost;
    bool detached;
} FormationDef;

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int side;
    int formation; /* index, -1 for independent */
    char division[ID_LEN];
    int type;
    int strength, reduced, movement, elite;
    bool detached;
    int counter; /* an Automa division counter (automa-counters.ini index), -1 for every other unit */
} UnitDef;

typedef struct {
    char name[NAME_LEN];
    int skirmishers, extra_skirmishers, pontoons, dummies, detachment_markers;
} ArmyDef;

/* ---- automa-counters.ini, strategy-map.ini ----------------------------- */

#define COUNTER_MAX_VALUES 8

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int corps; /* formation index */
    int nvalues;
    int values[COUNTER_MAX_VALUES];
    bool boxed[COUNTER_MAX_VALUES];
    int line; /* of its section, for messages */
} AutomaCounterDef;

typedef struct {
    int number; /* paragraph number */
    char name[NAME_LEN];
    HexCoord objective;
    HexCoord *hexes;
    int nhexes;
} StrategyArea;

/* ---- events.ini (EVENTS, NIGHT-COMBAT) ---------------------------------- */

/* What a chit does; each fixes when it may be played (see config/events.ini). */
enum EventEffect {
    EV_NIGHT_ATTACK,
    EV_SUPPLY,
    EV_REGROUP,
    EV_ATTACK_AGAIN,
    EV_COMBAT_DICE,
    EV_WOODS_AS_OPEN,
    EV_ARTILLERY_BONUS,
    EV_LEADER_ATTACK,
    EV_PONTOON,
    EV_GENERAL_RETREAT,
    EV_EXTRA_ACTIVATION,
    EV_RALLY,
    EV_HIGHER_TWICE,
    EV_RELEASE,
    EV_COUNT
};
enum EventRole { ROLE_ATTACK = 1, ROLE_DEFENCE = 2, ROLE_EITHER = 3 };
#define EVENT_MAX_LIST 4
#define TEXT_LEN 128

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    char text[TEXT_LEN];
    int side;
    int effect;  /* enum EventEffect */
    bool returns; /* after = cup */
    int copies;
    int radius, mp, dice, modifier, roll_on, pontoons;
    int role;      /* enum EventRole (combat-dice) */
    int commander; /* leader-attack, higher-twice */
    int formations[EVENT_MAX_LIST], nformations; /* release */
    bool cavalry;                                /* release: the late cavalry instead */
    int terrain[EVENT_MAX_LIST], nterrain;       /* woods-as-open: priced as `as`; night-attack: contact_free */
    int as_terrain;
} EventDef;

typedef struct {
    int hand, night_draw, max_per_turn;
} EventRules;

/* ---- variable-placement.ini (VARIANT-HYPOTHETICAL) --------------------- */

#define BOX_MAX_ZONE 4

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    int side;
    int min, max;
    int zone_place[BOX_MAX_ZONE]; /* place indexes */
    int zone_radius[BOX_MAX_ZONE];
    int nzone;
    char banks[4]; /* enum Bank letters kept; "" for every bank */
} PlacementBox;

#include "data/automa_data.h"

/* ---- config/scenarios (SETUP and the scenarios) ----------------------- */

#define SCEN_MAX_TURNS 25

typedef struct {
    int unit; /* unit index */
    HexCoord hex;
    bool reduced;
} Deployment;

typedef struct {
    char key[ID_LEN + 4];
    char *value;
    int line;
} ScenarioOption;

typedef struct {
    char id[ID_LEN];
    char name[NAME_LEN];
    char *file; /* as shown in messages */
    char *description;
    bool solitaire;
    int first_turn, last_turn;
    int first_side; /* sets up first */
    int points[SCEN_MAX_TURNS + 1][SIDE_COUNT]; /* -1: from turns.ini */
    int skirmishers[SIDE_COUNT];
    bool *commander_allowed; /* per commander */
    bool *formation_allowed; /* per formation: its command chit is in play */
    ScenarioOption *rules; /* special-rule switches, read by the rules engine */
    HexCoord area_nw, area_se; /* rules play_area: the corners of the part in play; col 0 when none */
    int nrules;
    ScenarioOption *victory; /* victory conditions as data */
    int nvictory;
    Deployment *deploy;
    int ndeploy;
    /* Solitaire only (docs/booklet-format.md, "New scenario keys"), per
     * Automa formation: the strategy counter's area (gd->areas index, -1),
     * its combat marker (+1, -1, 0) and its objective at the start (area
     * index, -1; value). */
    int strategy_area[AUTOMA_MAX_FORMATIONS];
    int strategy_combat[AUTOMA_MAX_FORMATIONS];
    int objective_area[AUTOMA_MAX_FORMATIONS];
    int objective_value[AUTOMA_MAX_FORMATIONS];
} ScenarioDef;

/* ---- map-display.ini: how the terminal map looks (not the rules) -------- */

typedef struct {
    int overview_priority; /* the overview labels places of at least this priority */
    int min_letters;       /* a label cut down to fit keeps at least this many letters (then '.') */
    int max_letters;       /* a longer name is written in its short form (when it has one) */
} MapDisplay;

/* ---- everything -------------------------------------------------------- */

typedef struct {
    TerrainKind *terrain;
    int nterrain;
    HexsideKind *hexside_kinds;
    int nhexside_kinds;
    RoadKind *road_kinds;
    int nroad_kinds;
    MovementRules movement;
    StackingRules stacking;
    Map map;
    ArtilleryTable artillery;
    CombatRules combat;
    RuleNumbers rules;
    TurnDef *turns;
    int nturns;
    int day_turns;
    ArmyDef army[SIDE_COUNT];
    CommanderDef *commanders;
    int ncommanders;
    FormationDef *formations;
    int nformations;
    UnitDef *units;
    int nunits;
    AutomaCounterDef *counters;
    int ncounters;
    StrategyArea *areas;
    int nareas;
    EventDef *events;
    int nevents;
    EventRules event_rules;
    AutomaData automa; /* the solitaire system's data (present when its files are) */
    PlacementBox *boxes;
    int nboxes;
    int placement_first; /* the side placing the first counter */
    ScenarioDef *scenarios;
    int nscenarios;
    RuleTexts ruletext; /* config/rule-text.ini, optional: what each log rule id says (empty without the file) */
    MapDisplay display; /* config/map-display.ini, optional: [labels] (terrain colours and place labels are above) */
    unsigned long long fingerprint; /* of every data file read: a save names the data it was played with */
    /* Which load this is: a number no other gamedata_load in this process
     * gives, so that what is worked out from a data set and kept (the
     * movement's step table) is never taken for another's at the same
     * address. */
    unsigned serial;
} GameData;

/* Loads and cross-checks every file under dir (which holds config/ and
 * booklet/). Returns true when there was no error; on false, d holds every
 * error found and gd must still be freed. */
bool gamedata_load(const char *dir, GameData *gd, Diags *d);
void gamedata_free(GameData *gd);

/* A scenario option by key, NULL when absent. */
const char *scenario_option(const ScenarioOption *opts, int n, const char *key);

/* Lookups; -1 when absent. */
int data_terrain_by_symbol(const GameData *gd, char symbol);
int data_place_index(const GameData *gd, const char *id);
int data_unit_index(const GameData *gd, const char *id);
int data_formation_index(const GameData *gd, const char *id);
int data_commander_index(const GameData *gd, const char *id);
int data_scenario_index(const GameData *gd, const char *id);
int data_colour_parse(const char *name); /* -1 when unknown */
const char *data_colour_name(int colour);
const char *data_unit_type_name(int type);
const char *data_side_name(int side);
/* "union" or "confederate" to its side; -1 for anything else. */
int data_side_parse(const char *word);

/* Map access. The hex must be on the map (map_has). */
/* Whoever changes a loaded GameData in place (tests do, to make a
 * position) calls this after each change: the data gets a new serial, so
 * nothing worked out from it before (the step tables) is taken for it. */
void gamedata_changed(GameData *gd);
bool map_has(const Map *m, HexCoord h);
MapHex *map_hex(const Map *m, HexCoord h);
int map_hex_index(const Map *m, HexCoord h);
HexCoord map_hex_at(const Map *m, int index);
/* The hexside between h and its neighbour in dir; NULL off the map. */
const Hexside *map_hexside(const Map *m, HexCoord h, int dir);

/* Loaders, one per file (used by gamedata_load and by the tests). Each
 * reads `path`, names it `shown` in messages, and fills its part of gd.
 * Later files may refer to earlier ones, in the order of gamedata_load. */
bool load_terrain(GameData *gd, const char *path, const char *shown, Diags *d);
bool load_map(GameData *gd, const char *path, const char *shown, Diags *d);
/* config/map-display.ini: terrain colours and place labels for the terminal
 * map. Optional (gamedata_load skips a missing file) and outside the data's
 * fingerprint: it changes how the map looks, never the game. */
bool load_display(GameData *gd, const char *path, const char *shown, Diags *d);
/* The defaults load_display starts from: no backgrounds, no short labels. */
void data_display_defaults(GameData *gd);
bool load_tables(GameData *gd, const char *path, const char *shown, Diags *d);
bool load_turns(GameData *gd, const char *path, const char *shown, Diags *d);
bool load_oob(GameData *gd, int side, const char *path, const char *shown, Diags *d);
bool load_automa_counters(GameData *gd, const char *path, const char *shown, Diags *d);
bool load_strategy_map(GameData *gd, const char *path, const char *shown, Diags *d);
/* The Automa's division counters as Union units (AI-COUNTERS): one unit
 * per counter, id and name of the counter, its corps' formation, full
 * strength its first value, movement that of its division's brigades. */
void data_add_counter_units(GameData *gd, Diags *d);
/* A strategy-map area by its paragraph number, -1 when absent. */
int data_area_index(const GameData *gd, int number);
/* The Automa formation a unit acts with: Gibbon's own for his counter,
 * else its corps'; -1 when none. */
int data_automa_formation_of_unit(const GameData *gd, int unit);
bool load_events(GameData *gd, const char *path, const char *shown, Diags *d);
/* The event of that side and id, -1 when absent. */
int data_event_index(const GameData *gd, int side, const char *id);
/* "night-attack", ... */
const char *data_event_effect_name(int effect);
bool load_placement(GameData *gd, const char *path, const char *shown, Diags *d);
/* The formations a side places on the Variable Placement Map: its
 * formations that are not detached. */
bool data_formation_placed(const GameData *gd, int formation);
/* Whether hex (index) lies in the box's zone widened by `extra` hexes. */
bool data_box_holds(const GameData *gd, const PlacementBox *b, int hex, int extra);
/* The Automa's files (docs/booklet-format.md), in this order. */
bool load_activation_track(GameData *gd, const char *path, const char *shown, Diags *d);
bool load_wheel(GameData *gd, const char *path, const char *shown, Diags *d);
bool load_pages(GameData *gd, const char *path, const char *shown, Diags *d);
bool load_paragraphs(GameData *gd, const char *path, const char *shown, Diags *d);
/* An Automa formation by id (activation-track.ini), -1 when absent. */
int data_automa_formation(const GameData *gd, const char *id);
/* A paragraph by number, NULL when absent. */
const Paragraph *data_paragraph(const GameData *gd, int number);
/* The cell a window of the Ruler reads on a page (2-12) with the third die
 * (1-6) (AI-BEHAVIOUR); NULL when out of range. */
const PageCell *data_page_cell(const GameData *gd, int page, int die, int window);
const char *data_behaviour_name(int behaviour);
const char *data_independent_name(int result);
const char *data_window_name(int window);
const char *data_para_op_name(int op);
bool load_scenario(GameData *gd, const char *path, const char *shown, Diags *d);

#endif
