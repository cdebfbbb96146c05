/* Helpers shared by the parts of the engine (game.c, combat.c); not for
 * use outside src/rules. */
#ifndef GUV_GAME_INTERNAL_H
#define GUV_GAME_INTERNAL_H

#include "rules/game.h"
#include "rules/move.h"

bool is_artillery(const UnitDef *u);
/* Text helpers: a unit's id ("?" when out of range), a hex's four digits
 * ("????" when out of range), written into out and returned. */
const char *unit_id_of(const GameData *gd, int u);
const char *hex_name(const GameData *gd, int hex, char out[5]);
/* "heth+lane": unit ids joined by '+', into buf. */
void unit_list(const GameData *gd, const short *units, int n, char *buf, size_t size);
/* Basic checks of a decision's unit list: each one a unit, none twice. */
const char *unit_list_refusal(const Game *g, const short *units, int n);
bool is_skirmisher(const Game *g, int u);
bool is_dummy(const Game *g, int u);
/* Dummies left in a hex without real units go back to the pool (DUMMIES). */
void dummies_cleanup(Game *g);
/* A unit still held back by the campaign's locks (CAMPAIGN). */
bool unit_locked(const Game *g, int u);
/* Whether the units may cross the great rivers (CAMPAIGN: Union reserves,
 * Stuart before 10 steps are across, the turn-11 cavalry). */
bool may_cross_great_rivers(const Game *g, const short *units, int n);
/* Units of `side` in hex other than skirmishers (they hold no breastwork). */
bool hex_has_real(const Game *g, int hex, int side);
/* Puts an available skirmisher of `side` in hex; its index, or -1. */
int skirmisher_place(Game *g, int side, int hex);
bool hex_has_side(const Game *g, int hex, int side);
/* Any unit of `side` in a hex next to `hex`. */
bool next_to_side(const Game *g, int hex, int side);
/* Units of `side` in `hex` (type: TARGET_TROOPS, TARGET_ARTILLERY or -1). */
int units_in_hex(const Game *g, int hex, int side, int type, short *out, int max);
void disorder(Game *g, int unit, const char *rule, const char *why);
void left_hex(Game *g, int from, int side, const short *units, int n, bool enemy_was_adjacent);
void release_locks_in_hex(Game *g, int hex);
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
void command_range(const Game *g, int side, int from, int radius, unsigned char *in_range);

/* combat.c (COMBAT-*): the decisions open in a combat or to start one,
 * appended from out[n]; returns the new count. */
int combat_legal(const Game *g, Decision *out, int max, int n);
/* Applies a combat decision; false with why when illegal. */
bool combat_apply(Game *g, const Decision *d, char *why, size_t n);
/* Whether every enemy hex an attacker in the open was obliged to take on
 * has been attacked (COMBAT-WHO); if not, why says which. */
bool combat_obligations_met(const Game *g, char *why, size_t n);
bool combat_decision(int kind);
void combat_format(const GameData *gd, const Decision *d, char *buf, size_t size);
bool combat_parse(const Game *g, const char *verb, const char *rest, Decision *out);

/* night.c (SEQ-NIGHT, SUPPLY, OOS-LADDER, RECOVERY): runs the night's
 * procedures once its cup is empty; true when no decision is needed. */
bool night_begin(Game *g);
/* The rest of the night after the supply chits: supply, order, recovery;
 * true when no recovery decision is needed. */
bool night_after_events(Game *g);
int night_legal(const Game *g, Decision *out, int max, int n);
/* *over: the night's recovery is finished and the turn may end. */
bool night_apply(Game *g, const Decision *d, char *why, size_t n, bool *over);

/* victory.c: checks the scenario's victory conditions; when decided, the
 * game is over (phase PH_GAME_OVER, result set). */
bool victory_check(Game *g, bool end_of_turn, bool last_turn);
bool exit_hex(const Game *g, int hex);

/* pontoon.c (PONTOON-BUILD, PONTOON-REMOVE, PONTOON-SEIZE) */
bool pontoon_decision(int kind);
/* PONTOON-REMOVE: whether SIDE may take up the pontoon it retreats over from
 * FROM to the neighbour TO, and the attempt itself (a die; true if taken up). */
bool pontoon_retreat_may_take_up(const Game *g, int side, int from, int to);
bool pontoon_retreat_take_up(Game *g, int side, int from, int to);
int pontoon_legal(const Game *g, Decision *out, int max, int n);
bool pontoon_apply(Game *g, const Decision *d, char *why, size_t n);
void pontoon_format(const GameData *gd, const Decision *d, char *buf, size_t size);
bool pontoon_parse(const Game *g, const char *verb, const char *a, const char *b, int k, Decision *out);

/* game.c helpers the events need */
/* Why formation f may not be chosen now (ACT-POINTS), or NULL; a refusal
 * starting "it costs" is about points alone. */
const char *formation_choose_refusal(const Game *g, int side, int f, char *buf, size_t n);
/* A higher commander held back only by the every-other-turn rule. */
bool higher_barred_by_interval(const Game *g, int k);
void game_end_turn(Game *g);
/* Units moving together: each named once, of the deciding side, all in one
 * hex, at least one of them neither skirmisher nor dummy. */
const char *group_refusal(const Game *g, const Decision *d);
/* Every hex units of one hex can reach: their slowest MP (forced march,
 * events), or mp_override MP never next to the enemy when >= 0. */
bool group_reach_with(const Game *g, const short *units, int n, int mp_override, MoveReach *r);
/* Appends D_MOVE decisions for each unit with a `want` flag and no `done`
 * flag, alone and with its hex's whole such stack. ok(g, mv, -1) accepts
 * the group, ok(g, mv, hex) a destination; NULL: the activation's own rules. */
typedef bool (*MoveFilter)(const Game *g, const Decision *mv, int hex);
int list_group_moves(const Game *g, Decision *out, int max, int n, unsigned want, unsigned done, int mp_override,
                     MoveFilter ok);
void game_draw_next(Game *g);
/* BOMBARD-PROC: the Artillery Table's result (enum ArtilleryResult) for a
 * die just rolled (the last log entry) against hex, logged under rule; and
 * a result applied to one unit. */
int bombard_table(Game *g, int hex, int factor, int defender, int die, int event_mod, const char *rule);
void bombard_apply(Game *g, int unit, int result);
/* The decisions the rules open now, before the Automa takes the Union's
 * (game_legal gives only "automa" when the Automa must decide). */
int game_legal_base(const Game *g, Decision *out, int max);
/* Applies a decision as the rules do, without the Automa's interception
 * (the Automa's own answers to the rules' questions). */
bool game_apply_base(Game *g, const Decision *d, char *why, size_t n);

/* events.c (EVENTS, NIGHT-COMBAT) */
void events_setup(Game *g);
void events_begin_turn(Game *g);
void events_end_activation(Game *g);
/* The commander's fall, and the night's draws. */
void events_end_turn(Game *g);
bool events_decision(int kind);
int events_legal(const Game *g, Decision *out, int max, int n);
bool events_apply(Game *g, const Decision *d, char *why, size_t n);
void events_format(const GameData *gd, const Decision *d, char *buf, size_t size);
bool events_parse(const Game *g, const char *verb, char *const *tok, int ntok, Decision *out);
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

/* Sets ctx's play area from the scenario's `play_area` (SCENARIOS). */
void move_context_area(const Game *g, MoveContext *ctx);

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
bool placement_parse(const Game *g, const char *verb, const char *a, const char *b, int nargs, Decision *out);

#endif
