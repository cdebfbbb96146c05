/* What the parts of the rules share with each other, and with the systems
 * built on them (src/automa) and the tests: the rest of the program uses
 * rules/game.h only. Each section names the file that defines it. */
#ifndef GUV_GAME_INTERNAL_H
#define GUV_GAME_INTERNAL_H

#include "rules/game.h"
#include "rules/move.h"

/* ---- types shared between the parts ---- */

/* movement.c: the one answer to "may these units go from a hex into its
 * neighbour now, and at what cost". A Passage is built for a side, the
 * units going (NULL, 0: none in particular) and the purpose. Its enemy and
 * contact maps are the state's own (GameState.occupants and near of the
 * other side, which unit_put keeps), not copies: a Passage answers for the
 * enemy where he stands, so it is used while the enemy's units stay where
 * they were when it was built (its own side's may move). For a side that
 * is neither army it builds them itself, so it is never copied. */
enum PassPurpose {
    PASS_MOVE,     /* a move, a forced march, the General Retreat (MOVE-BASIC) */
    PASS_RETREAT,  /* a retreat after combat or a demoralized unit's (RETREAT, DEMORAL, AI-RETREAT) */
    PASS_BREAK,    /* break contact (BREAK-CONTACT, AI-BREAK-CONTACT) */
    PASS_DISPLACE, /* the excess of an over-stacked hex (STACK) */
    PASS_PLACE,    /* a skirmisher put next door (SKIRM-MAKE) */
    PASS_AUTOMA,   /* the Automa's marches and transfers (AI-MOVE, AI-TRANSFER) */
    PASS_SUPPLY,   /* the supply line's reach (SUPPLY) */
    PASS_COMMAND,  /* the command radius (ACT-RADIUS) */
};
enum { RIVERS_FREE, RIVERS_NOT_SOUTH, RIVERS_NEVER };
typedef struct {
    MoveContext ctx;
    int side, purpose;
    const unsigned char *enemy;   /* > 0: an enemy unit stands there */
    const unsigned char *contact; /* > 0: in contact with the enemy (move_contact_map) */
    /* Debug builds: what the two maps held when it was built (a sum of both). Checked by
     * passage_reach and passage_open only: not by passage_step (a sum of both maps a step made the
     * Debug ctest's searching tests 17-68% slower; activation.c, retreat.c, break_contact.c,
     * skirmish.c and stacking.c ask it), nor by direct uses of ctx (moves.c's move_step_cost;
     * automa_move.c's move_walk and its GoalCost's move_enter_costs_kept), nor by a hit in moves.c's
     * reach memo: their callers keep the promise above unchecked. */
    unsigned check;
    unsigned char own_enemy[GS_MAX_HEXES], own_contact[GS_MAX_HEXES]; /* the maps of a side neither army's */
} Passage;
void passage_init(const Game *g, int side, const short *units, int n, int purpose, Passage *p);
/* The same Passage for other units or another purpose: what passage_init
 * worked out of the enemy's hexes is kept (nothing may have moved since). */
void passage_for(const Game *g, const short *units, int n, int purpose, Passage *p);

/* decision.c: a decision in words (decision_format) for its log line, or
 * empty when the log keeps no words (log_wants_text): for an apply_ whose
 * text goes into its log lines and nowhere else. */
void decision_log_text(const Game *g, const Decision *d, char *buf, size_t size);

/* works.c: the one "leaving a hex" step (BREASTWORK, FORTIFICATION). Units
 * of `side` have just left `from` (units[] went), by `how`; enemy_was_adjacent
 * says whether the enemy was in contact with `from` as they left. A
 * breastwork its builders no longer hold is removed; leaving works by
 * movement next to the enemy by day, or in any retreat, disorganizes the
 * units that left (demoralizes the disorganized). */
enum LeaveHow { LEAVE_MOVE = LEAVE_WORKS_MOVE, LEAVE_RETREAT = LEAVE_WORKS_RETREAT, LEAVE_ADVANCE = LEAVE_WORKS_ADVANCE };
void leave_hex(Game *g, int from, int side, const short *units, int n, int how, bool enemy_was_adjacent);

/* Appends D_MOVE decisions for each unit with a `want` flag and no `done`
 * flag, alone and with its hex's whole such stack. ok(g, mv, -1) accepts
 * the group, ok(g, mv, hex) a destination; NULL: the activation's own rules. */
typedef bool (*MoveFilter)(const Game *g, const Decision *mv, int hex);
int list_group_moves(const Game *g, Decision *out, int max, int n, unsigned want, unsigned done, int mp_override,
                     MoveFilter ok);
/* Empties the memo of movement searches list_group_moves and apply_move
 * share (moves.c): for the tests, which compare with fresh searches. */
void reach_memo_forget(void);

typedef bool (*ApplyFn)(Game *g, const Decision *d, char *why, size_t n);

/* What the table says of a kind of decision. */
typedef struct {
    const char *verb;
    int shape;        /* enum DecisionShape */
    ApplyFn apply;    /* in the file of its rule part */
    unsigned answers; /* A(PEND_...) bits, ANSWER_ONLY */
} DecisionKindInfo;
extern const DecisionKindInfo decision_kinds[D_COUNT];

/* Each kind's apply function, declared from the table. */
#define X(kind, verb, shape, apply, answers) bool apply(Game *g, const Decision *d, char *why, size_t n);
DECISION_KINDS(X)
#undef X

/* ---- game.c ---- */

/* The scenario being played. */
const ScenarioDef *scen(const Game *g);
/* A scenario's rule option (scenarios.ini), NULL when it has none; option_yes: set to yes. */
const char *option(const Game *g, const char *key);
bool option_yes(const Game *g, const char *key);
/* VARIANT-ABSENT-FORCES. */
void absent_arrivals(Game *g);
/* Appends to the record that replays the game (decisions, forced dice, set-up lines). */
bool record(Game *g, const GameRecord *r);

/* ---- apply.c ---- */

/* Applies a decision as the rules do, without the Automa's interception
 * (the Automa's own answers to the rules' questions). */
bool game_apply_base(Game *g, const Decision *d, char *why, size_t n);
/* game_apply's routing by phase and pending question, then the kind's
 * apply: for a decision that resumes another (apply.c). */
bool decision_apply(Game *g, const Decision *d, char *why, size_t n);
/* BREAK-CONTACT's resume is the same move going on. */
void go_on_expire(Game *g, const Decision *d);

/* ---- legal.c ---- */

/* The decisions the rules open now, before the Automa takes the Union's
 * (game_legal gives only "automa" when the Automa must decide). */
int game_legal_base(const Game *g, Decision *out, int max);

/* ---- units.c ---- */

bool hex_has_side(const Game *g, int hex, int side);
bool is_artillery(const UnitDef *u);
/* Text helpers: a unit's id ("?" when out of range), a hex's four digits
 * ("????" when out of range), written into out and returned. */
const char *unit_id_of(const GameData *gd, int u);
const char *hex_name(const GameData *gd, int hex, char out[5]);
/* Basic checks of a decision's unit list: each one a unit, none twice. */
const char *unit_list_refusal(const Game *g, const short *units, int n);
bool is_skirmisher(const Game *g, int u);
bool is_dummy(const Game *g, int u);
/* The first index from i below end where b is not 0, end when none: the
 * scans over a map's bytes (breastworks, occupants) that nearly always
 * find few, 64 bytes at a time while all are 0, then 8, then one. */
int bytes_next_set(const unsigned char *b, int i, int end);
/* Units of `side` in hex other than skirmishers (they hold no breastwork). */
bool hex_has_real(const Game *g, int hex, int side);
/* The hexes where units of `side` stand, each once, in index order (out
 * has room for GS_MAX_HEXES); returns how many. */
int side_hexes(const Game *g, int side, short *out);
/* The distance from hex to the nearest of hexes (n of them), or bound when
 * none is nearer than bound: "how near is the enemy" over side_hexes. */
int hexes_nearest(const Map *m, int hex, const short *hexes, int n, int bound);
/* Units of `side` in `hex` (type: TARGET_TROOPS, TARGET_ARTILLERY or -1). */
int units_in_hex(const Game *g, int hex, int side, int type, short *out, int max);
/* In the solitaire game the player moves every Union counter at the table and sees them all. */
bool system_in_sight(const Game *g, int viewer);

/* ---- turn.c ---- */

/* A side's activation points this turn (ACT-POINTS; the scenario may set them). */
int turn_activation_points(const Game *g, int side);
/* The turn begins: rain, points, reinforcements, the choosing phase (SEQ-DAY). */
void begin_turn(Game *g);
/* A turn's fresh start: pontoons taken up usable again, the activation
 * points, nothing chosen or held, the detachment and forced march unused. */
void turn_fresh(Game *g);
/* An activation's fresh start: the chit not placed, nothing attached,
 * bombarded or attacked, no forced march, the events' effects over. */
void activation_fresh(Game *g);
/* End of turn clean-up (SEQ-DAY step C), then the next turn. */
void end_turn(Game *g);
/* Why a formation cannot be chosen now, or NULL. */
const char *choose_refusal(const Game *g, int side, int f, char *buf, size_t n);
const char *choose_refusal_but_cost(const Game *g, int side, int f, char *buf, size_t n);
/* Draws the next chit, or ends the turn when the cup is empty (ACT-CUP). */
void draw_next(Game *g);

/* ---- activation.c ---- */

void command_range(const Game *g, int side, int from, int radius, unsigned char *in_range);
/* Empties command_range's memo of the last range (for tests). */
void command_range_forget(void);
void release_locks_in_hex(Game *g, int hex);
/* A unit still held back by the campaign's locks (CAMPAIGN). */
bool unit_locked(const Game *g, int u);
/* The formation a unit acts with (-1: independent, by its counter or by the scenario). */
int unit_formation(const Game *g, int u);
/* A higher commander held back only by the every-other-turn rule. */
bool higher_barred_by_interval(const Game *g, int k);
/* Whether the drawn chit is a higher commander holding this formation. */
bool held_by_drawn(const Game *g, int formation);
/* The drawn chit's command radius (ACT-RADIUS). */
int drawn_chit_radius(const Game *g);
/* Why the drawn chit may not be placed at hex, or NULL (ACT-RADIUS). */
const char *chit_place_refusal(const Game *g, int hex);
/* The hexes the drawn chit may be placed in (chit_place_refusal says yes),
 * in index order; more than max when there are more. */
int chit_places(const Game *g, short *out, int max);
/* Whether the drawn chit has somewhere to go (else it can only be passed). */
bool placeable(const Game *g);
/* Why unit may not attach to this activation, or NULL (ACT-INDEP-ATTACH). */
const char *attach_refusal(const Game *g, int unit);
/* The drawn chit's command range (ACT-RADIUS), worked out when first asked for. */
typedef struct {
    bool known;
    unsigned char in[GS_MAX_HEXES];
} ChitRange;
/* Whether the activation has taken along all the units it may
 * (attach_refusal_in then says no to every unit). */
bool attach_full(const Game *g);
/* attach_refusal for a list of units sharing one ChitRange. */
const char *attach_refusal_in(const Game *g, int unit, ChitRange *cr);
/* Why this higher commander's chit may not take these formations, or NULL (HIGHER-CMD). */
const char *higher_refusal(const Game *g, const Decision *d, char *buf, size_t n);
/* Its first part: why commander k may not act for side this turn at all, or NULL. */
const char *higher_commander_refusal(const Game *g, int side, int k);
/* Its second: whether he may take formation f (chosen or not, but for its cost). */
bool higher_may_take(const Game *g, int side, int f);
/* Hexes where the detachment marker may go now, with units to take along. */
bool detach_ok(const Game *g, int hex, const unsigned char *range);
/* Whether the detachment marker may be used in this activation (DETACH). */
bool detachment_allowed(const Game *g);

/* ---- moves.c ---- */

/* A move interrupted (by a demoralized enemy's retreat) goes on. */
void game_resume_move(Game *g);
/* Whether FORCED-MARCH bars this unit from attacking or bombarding this turn. */
bool forced_march_bars(const Game *g, int u);
/* Units moving together: each named once, of the deciding side, all in one
 * hex, at least one of them neither skirmisher nor dummy. */
const char *group_refusal(const Game *g, const Decision *d);
/* Every hex units of one hex can reach: their slowest MP (forced march,
 * events), or mp_override MP never next to the enemy when >= 0. */
bool group_reach_with(const Game *g, const short *units, int n, int mp_override, MoveReach *r);
/* Sets ctx's play area from the scenario's `play_area` (SCENARIOS). */
void move_context_area(const Game *g, MoveContext *ctx);
/* The end of a forced march's activation: its die, and the step it may cost (FORCED-MARCH). */
bool forced_march_ends(Game *g, const Decision *d);
/* D_TAKE after a forced march. */
bool march_loss_take(Game *g, const Decision *d, char *why, size_t n);
/* Why these units may not leave the map now (EXIT-MAP), or NULL. */
const char *exit_refusal(const Game *g, const Decision *d);
/* Goes on with the move under way, hex by hex, pricing each step against the units where they stand now. */
void continue_move(Game *g);
/* Why this activation may not be a forced march now, or NULL. */
const char *march_refusal(const Game *g);
/* FORCED-MARCH. */
bool march_loss_ok(const Game *g, int u);

/* ---- break_contact.c ---- */

/* BREAK-CONTACT: where units of `side` in hex (all of them when nu is 0) may
 * step back to: one hex (two for all-cavalry), never next to the enemy
 * unless into friends. */
int break_destinations_of(const Game *g, int hex, int side, const short *units, int nu, short *out, int max);
/* Where the units (all of the stack in hex when n is 0) may break contact to. */
int break_destinations_for(const Game *g, int hex, const short *units, int nu, short *out, int max);
int break_destinations(const Game *g, int hex, short *out, int max);
/* Why these units of the stack breaking contact may not go off on their own (the rest must still be able
 * to follow), or NULL. */
const char *break_split_refusal(const Game *g, const Decision *d);
/* Queues the enemy stacks next to `hex` that may break contact. */
void offer_break_contact(Game *g, int hex);

/* ---- movement.c ---- */

/* Half MP to step from `from` into its neighbour in dir, or COST_NO. */
int passage_step(const Passage *p, int from, int dir);
/* Whether `to`, a neighbour of `from`, may be entered in one step (any cost). */
bool passage_open(const Passage *p, int from, int to);
/* Every hex reachable with mp MP (move_reach under the passage). */
bool passage_reach(const Game *g, const Passage *p, int from, int mp, MoveReach *r);
/* The campaign's river limits for these units (RIVERS_*). */
int great_river_limit(const Game *g, const short *units, int n);

/* ---- contact.c ---- */

/* contact.c: the one answer to "are these two hexes in contact". Contact
 * (MOVE-CONTACT, BREAK-CONTACT, DEMORAL, VISIBILITY...) holds across any
 * hexside whose kind has contact_across, the great rivers included;
 * fighting (COMBAT-WHO, AI-ENGAGEMENT, AI-TRANSFER...) only across a
 * hexside whose kind has combat_across. */
bool hexes_in_contact(const Game *g, int a, int b);
bool hexes_can_fight(const Game *g, int a, int b);
/* Any unit of `side` in contact with `hex`. */
bool next_to_side(const Game *g, int hex, int side);
/* Any unit of `side` in a hex `hex` could fight (or be fought from). */
bool fights_side(const Game *g, int hex, int side);

/* ---- works.c ---- */

/* works.c: BREASTWORK "removed when the hex no longer contains units of the
 * army that built it": after every decision, whatever emptied the hex. */
void breastworks_cleanup(Game *g);
/* It keeps the hexes holding one while the breastworks are as they were
 * (a memo outside the state); this drops it. */
void breastworks_memo_forget(void);
/* Whether `from` holds works of `side`'s that leaving may cost: its
 * breastwork, a printed fortification it holds, a fortification marker. */
bool hex_has_works(const Game *g, int hex, int side);

/* ---- morale.c ---- */

/* morale.c (DISORG, DEMORAL): disorganizes a unit, or demoralizes it when
 * already disorganized. morale_check: demoralized units next to the enemy
 * retreat at once or are eliminated; true when their owner must now say
 * where (pending PEND_DEMORAL). Then morale_legal and morale_apply. */
void disorder(Game *g, int unit, const char *rule, const char *why);
/* One level of order back: disorganized to in order, demoralized to
 * disorganized (DISORG, DEMORAL). The flag the unit had (UF_DIS, UF_DEM), 0. */
int morale_recover(Game *g, int unit);
bool morale_check(Game *g);
int morale_legal(const Game *g, Decision *out, int max, int n);
bool morale_apply(Game *g, const Decision *d, char *why, size_t n);

/* ---- retreat.c ---- */

/* retreat.c (RETREAT, DEMORAL, AI-RETREAT): units of `side` in `from` with
 * every flag of `need` (0: all of them) fall back. retreat_destinations:
 * where these units may go together (the best tier of the rules'
 * preferences). retreat_cull: those that can go nowhere are eliminated
 * (logged under rule); returns how many are left to retreat.
 * retreat_legal: the D_RETREAT decisions (the whole group, each unit alone,
 * with or without taking up a pontoon), appended from out[n].
 * retreat_apply: one D_RETREAT (nunits 0: all of them), false with why.
 * retreat_left: how many are still in `from` (dummies not counted: one
 * left alone is taken off the map, DUMMIES). */
int retreat_destinations(const Game *g, int from, int side, const short *units, int n, short *out, int max);
int retreat_cull(Game *g, int from, int side, unsigned need, const char *rule);
int retreat_legal(const Game *g, int from, int side, unsigned need, Decision *out, int max, int n);
bool retreat_apply(Game *g, int from, int side, unsigned need, const Decision *d, const char *rule, char *why,
                   size_t n);
int retreat_left(const Game *g, int from, int side, unsigned need);

/* ---- stacking.c ---- */

bool overstacked(const Game *g, int hex, int side);
/* Whether hex would hold too much of `side` (STACK) with the movers in it
 * and extra_units units of extra_points points more. */
bool stack_over_with(const Game *g, int hex, int side, const short *movers, int nmovers, int extra_units,
                     int extra_points);
bool stacking_clean(Game *g);
void remember(Game *g, const Decision *d);
/* Movement is over: the first time this is called in an activation, stacking
 * is checked; if a hex must be put right, D waits (remembered) and true is
 * returned, meaning D has been accepted for later. */
bool stacking_holds_up(Game *g, const Decision *d);
/* Hexes next to `hex` where unit u of its over-stacked stack may be displaced. */
int displace_destinations(const Game *g, int hex, int u, short *out, int max);

/* ---- skirmish.c ---- */

/* Puts an available skirmisher of `side` in hex; its index, or -1. */
int skirmisher_place(Game *g, int side, int hex);
/* Where active brigade u may put a skirmisher now. */
int skirmish_destinations(const Game *g, int u, short *out);

/* ---- dummies.c ---- */

/* Dummies whose stack left their hex go with it; those left with no real unit go back to the pool (DUMMIES). */
void dummies_cleanup(Game *g, const UnitState *before); /* before: the units before the decision, or NULL */
/* Whether a dummy stands on the map. When none does before a decision,
 * dummies_cleanup after it reads nothing of `before`: a dummy follows only
 * units that stood in its hex before, and one off the map stood in none (a
 * dummy put down by the decision stands with units of its own). */
bool dummies_on_map(const Game *g);
/* DUMMIES. */
const char *dummy_refusal(const Game *g, int side, int hex);

/* ---- bombard.c ---- */

/* BREASTWORK: whether one may be built in hex now (one per hex, not on
 * printed works, a bridgehead marker or where the terrain forbids, never at
 * night); every way of building one asks this. */
bool breastwork_allowed(const Game *g, int hex);
/* BOMBARD-PROC: the Artillery Table's result (enum ArtilleryResult) for a
 * die just rolled (the last log entry) against hex, logged under rule; and
 * a result applied to one unit. */
int bombard_table(Game *g, int hex, int factor, int defender, int die, int event_mod, const char *rule);
void bombard_apply(Game *g, int unit, int result);
/* Why these guns may not bombard that hex (BOMBARD), or NULL. */
const char *bombard_refusal(const Game *g, const Decision *d);
/* The target types (a bit each, 1u << enum TargetType) at which
 * bombard_refusal accepts d, whatever its arg2: the listing's question,
 * the hex and the guns looked at once for both types. */
unsigned bombard_types(const Game *g, const Decision *d);
/* Whether artillery in hex `from` has hex `target` in range (BOMBARD: one
 * or two hexes away), before what may block the shot; *dist (if not NULL)
 * the distance. bombard_refusal's test, which the listing asks first. */
bool bombard_in_range(const Game *g, int from, int target, int *dist);
/* The units that may take the bombardment's result. */
int bombard_candidates(const Game *g, int side, short *out, int max);

/* ---- combat_declare.c ---- */

/* Whether every enemy hex an attacker in the open was obliged to take on
 * has been attacked (COMBAT-WHO); if not, why says which. */
bool combat_obligations_met(const Game *g, char *why, size_t n);
/* Adds to list (n entries, up to max) the enemy hexes d's attackers are
 * obliged to attack too (COMBAT-WHO), each once; the new count. */
int attack_obligations(const Game *g, const Decision *d, short *list, int n, int max);
/* Why an active unit may not attack now, or NULL. */
const char *attacker_refusal(const Game *g, int u, int side);
bool was_attacked(const Game *g, int hex);
/* COMBAT-WHO. */
bool obliges(const Game *g, int hex, int enemy);
const char *attack_refusal(const Game *g, const Decision *d, char *buf, size_t n);
/* Who may attack now for a side (attacker_refusal says nothing against
 * them), in index order, and each one's enemy neighbours
 * (enemy_neighbours): what every candidate attack of a listing asks of
 * the same position, found once (attackers_find). */
typedef struct {
    int side;
    int nable;
    short able[GS_MAX_UNITS];
    short slot[GS_MAX_UNITS]; /* a unit's index in able, -1: it may not attack */
    unsigned char nnear[GS_MAX_UNITS];
    short near[GS_MAX_UNITS][DIR_COUNT];
} Attackers;
void attackers_find(const Game *g, int side, Attackers *a);
/* attack_refusal, with the attackers found for this position (found
 * afresh when NULL or found for the other side). buf NULL: whether only
 * (a refusal then comes in fixed words). */
const char *attack_refusal_among(const Game *g, const Decision *d, const Attackers *a, char *buf, size_t n);

/* ---- combat_dice.c ---- */

/* FORTIFICATION's effect on `hex` held by def_side against these
 * attackers (0 none, 1 as a breastwork, 2 in full), and TERRAIN-LIMITS'
 * one terrain or hexside effect, applied to *ad and *dd (its name or NULL). */
int combat_fortification(const Game *g, int hex, const short *att, int natt, int def_side);
const char *combat_terrain(const Game *g, const short *att, int natt, const short *hexes, int nhex, int *ad, int *dd);
/* ELITE-BONUS: the bonus points of these units, per hex at most one artillery and one infantry/cavalry source. */
int side_bonus(const Game *g, const short *units, int n);
/* Enemy hexes next to unit u (across hexsides that allow combat). */
int enemy_neighbours(const Game *g, int u, short *out);
int defenders_of(const Game *g, const short *hexes, int nhex, int side, short *out, int max);
/* What modifies every die of each side (OOS-LADDER). */
void die_modifiers(const Game *g, const short *att, int natt, const short *def, int ndef, int *att_mod,
                          int *def_mod, int *def_first);

/* ---- combat.c ---- */

/* "heth+lane": unit ids joined by '+', into buf. */
void unit_list(const GameData *gd, const short *units, int n, char *buf, size_t size);
/* combat.c (COMBAT-*): the decisions open in a combat or to start one,
 * appended from out[n]; returns the new count. */
int combat_legal(const Game *g, Decision *out, int max, int n);
/* Applies a combat decision; false with why when illegal. */
bool combat_apply(Game *g, const Decision *d, char *why, size_t n);
/* ELITE-BONUS: every split of up to mx points over nd dice (largest first),
 * as D_BONUS decisions of `side` appended from out[n]; and why a split is
 * not one of them (NULL when it is). */
int bonus_splits(int side, int mx, int nd, Decision *out, int max, int n);
const char *bonus_refusal(const Decision *d, int mx, int nd);
void combat_format(const GameData *gd, const Decision *d, char *buf, size_t size);
bool combat_parse(const Game *g, int kind, const char *rest, Decision *out);
bool short_list_has(const short *list, int n, int v);
/* v into the list of n values in increasing order, unless it is there
 * already; returns the new count (the list has room for one more). */
int short_set_add(short *list, int n, int v);
bool unit_here(const Game *g, int u);

/* ---- night.c ---- */

/* night.c (SEQ-NIGHT, SUPPLY, OOS-LADDER, RECOVERY): runs the night's
 * procedures once its cup is empty; true when no decision is needed. */
bool night_begin(Game *g);
/* The rest of the night after the supply chits: supply, order, recovery;
 * true when no recovery decision is needed. */
bool night_after_events(Game *g);
int night_legal(const Game *g, Decision *out, int max, int n);
/* *over: the night's recovery is finished and the turn may end. */
bool night_apply(Game *g, const Decision *d, char *why, size_t n, bool *over);

/* ---- victory.c ---- */

/* victory.c: checks the scenario's victory conditions; when decided, the
 * game is over (phase PH_GAME_OVER, result set). */
bool victory_check(Game *g, bool end_of_turn, bool last_turn);
bool exit_hex(const Game *g, int hex, int side);

/* ---- events.c ---- */

/* events.c (EVENTS, NIGHT-COMBAT) */
void events_setup(Game *g);
void events_begin_turn(Game *g);
void events_end_activation(Game *g);
/* The commander's fall, and the night's draws. */
void events_end_turn(Game *g);
int events_legal(const Game *g, Decision *out, int max, int n);
bool events_apply(Game *g, const Decision *d, char *why, size_t n);
void events_format(const GameData *gd, const Decision *d, char *buf, size_t size);
bool events_parse(const Game *g, int kind, char *const *tok, int ntok, Decision *out);
/* At night before the supply check: true when a side is asked whether it
 * plays its supply chit (phase PH_NIGHT_EVENTS); events_night_next asks the
 * next side after an answer, false when none is left. */
bool events_night_window(Game *g);
bool events_night_next(Game *g);
/* The supply chit: unit u is in supply by it; cleared after the check. */
bool event_supplied(const Game *g, int u);
void events_supply_checked(Game *g);
/* Jackson Attacks and the like: MP added to a group's move, dice to an attack. */
int event_extra_mp(const Game *g, const short *units, int n);
int event_attack_dice(const Game *g, const short *att, int n);
/* Alexander's Artillery: the modifier for guns bombarding now. */
int event_bombard_modifier(const Game *g, const short *guns, int n);
/* Unknown Paths and Night Attack in a move's context (move.h). */
void event_move_context(const Game *g, MoveContext *ctx);
bool event_night_attack(const Game *g);
/* General Retreat (EVENTS): the MP of its move. */
int event_retreat_mp(const Game *g);
/* A combat-dice chit `side` may play at its bonus step now. */
bool event_combat_playable(const Game *g, int side, bool attacker);

/* ---- pontoon.c ---- */

/* pontoon.c (PONTOON-BUILD, PONTOON-REMOVE, PONTOON-SEIZE) */
/* PONTOON-REMOVE: whether SIDE may take up the pontoon it retreats over from
 * FROM to the neighbour TO, and the attempt itself (a die; true if taken up). */
bool pontoon_retreat_may_take_up(const Game *g, int side, int from, int to);
bool pontoon_retreat_take_up(Game *g, int side, int from, int to);
int pontoon_legal(const Game *g, Decision *out, int max, int n);
bool pontoon_apply(Game *g, const Decision *d, char *why, size_t n);
void pontoon_format(const GameData *gd, const Decision *d, char *buf, size_t size);
bool pontoon_parse(const Game *g, int kind, const char *a, const char *b, int k, Decision *out);

/* ---- placement.c ---- */

/* placement.c (VARIANT-HYPOTHETICAL): the hidden placement of command
 * counters on the Variable Placement Map, then the deployment in the
 * boxes' zones. placement_start sets it up (false with err when the
 * scenario does not allow the variant); placement_apply sets *done when
 * both armies are deployed and the first turn may begin. */
bool placement_start(Game *g, char *err, size_t errsize);
int placement_legal(const Game *g, Decision *out, int max, int n);
bool placement_apply(Game *g, const Decision *d, char *why, size_t n, bool *done);
bool placement_decision(int kind);
void placement_format(const GameData *gd, const Decision *d, char *buf, size_t size);
bool placement_parse(const Game *g, int kind, const char *a, const char *b, int nargs, Decision *out);

#endif
