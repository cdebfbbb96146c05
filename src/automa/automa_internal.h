/* Helpers shared by the Automa's files; not for use outside src/automa. */
#ifndef GUV_AUTOMA_INTERNAL_H
#define GUV_AUTOMA_INTERNAL_H

#include <stdarg.h>

#include "automa/automa.h"
#include "rules/game_internal.h"

/* How a paragraph's reading ended (docs/booklet-format.md, "Meaning"). */
enum ReadResult { READ_END, READ_HOLD, READ_WHEEL };

const char *attitude_name(int attitude);
/* One die, logged with its purpose. */
int automa_roll(Game *g, const char *rule, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Formation f's divisions on the map. */
int automa_units(const Game *g, int f, short *out, int max);
void track_return(Game *g, int f);
void track_text(const Game *g, char *buf, size_t size);
/* The VP marker moves: side scores points, why an enum AutomaVpWhy (the
 * paragraph's number for AVP_PARAGRAPH and AVP_DAY, else 0). */
void automa_vp(Game *g, int side, int points, const char *rule, int why, int paragraph);
void automa_release(Game *g, int f, const char *why);
void automa_advance_markers(Game *g);
void automa_skirmisher(Game *g, int f, const char *rule);
void automa_combat_marker(Game *g, int f, int sign, const char *rule);
void automa_begin(Game *g, int f);
void automa_finish(Game *g);

/* answer.c: the Automa answers the question the rules put to the Union
 * now (break contact, a breastwork, a loss...). */
void automa_answer(Game *g);

/* paragraph.c: reads paragraph `number` for reader f (-1: the game). */
int automa_read(Game *g, int number, int reader, const char *rule);
/* Objectives reached (by a move or an advance after combat): VP, the
 * strategy counter moved, the new area's paragraph; returns how the last
 * paragraph read ended, READ_END when none was. */
int automa_check_objectives(Game *g);
/* Where formation f's march is headed: its objective hex, and for an
 * objective common to several formations every hex next to a division of
 * another formation that has already reached it (D's note). */
int objective_goals(const Game *g, int f, short *out, int max);
/* The wheel (AI-WHEEL). */
void wheel_advance_roll(Game *g);
void wheel_advance_all(Game *g, const char *rule);
/* The Independent marker drawn (AI-INDEPENDENT). */
void automa_independent(Game *g);

/* Whether the march's spare search buffers are free and clear (every cost
 * FAR), as each search must leave them: for the tests. */
bool automa_goal_cost_spare_clear(void);
/* Whether the march's search answers which of two hexes costs less to
 * the goals (searching only as far as that needs) as the whole search
 * does, for every pair of the hexes given: for the tests. */
bool automa_goal_cost_less_agrees(const Game *g, const short *goals, int ngoals, const short *hexes, int nhexes);
/* Whether the hex a division crossing the river at `south` goes to
 * (AI-NORTH: its memo of the hexes south of the rivers by distance) is the
 * one a look at every hex of the map finds: for the tests. */
bool automa_south_place_agrees(const Game *g, int south);

/* automa_move.c: AI-MOVE, AI-PROXIMITY, AI-TRANSFER, AI-ADJACENT,
 * AI-NIGHT, AI-ISOLATED, and the combat step. */
void automa_move(Game *g);
void automa_combat(Game *g);
void automa_night_march(Game *g);
void automa_isolated(Game *g);
/* K.2's order for the Automa's natural 6: infantry (and cavalry) before
 * artillery, then the strongest. */
int automa_six_rank(const Game *g, int u);
/* A unit's step lost (eliminated with its last), logged under rule. */
void automa_lose_step(Game *g, int u, const char *rule);
/* AI-WHEEL: f's marker jumps to the opposite slot (the one there slides
 * on), the advance roll starts, and the slot's trigger is read. */
void automa_wheel_jump(Game *g, int f);
/* automa_move.c: after the player broke contact from a marching lead,
 * the lead goes on with the MP it has left (H.3): still next to the enemy,
 * out of contact, or its objective reached and the AI turn over. */
/* automa_move.c: the formation's divisions acting now (N.7 leaves out the
 * isolated, settled and logged at the activation's first call). */
int automa_active_units(Game *g, int f, short *out);
enum LeadOn { LEAD_OUT_OF_CONTACT, LEAD_STILL_IN_CONTACT, LEAD_TURN_ENDS };
int automa_lead_goes_on(Game *g);
/* Cautious after a break from a formation in proximity: every division one
 * hex toward the hex the stack left (H.3). */
void automa_close_in(Game *g);
/* Cautious after a break from a marching lead still in contact: the other
 * active divisions close up behind it, out of contact where they can (H.3). */
void automa_column_behind_lead(Game *g);
/* The others transferred next to the lead and its enemy (H.3, H.2.b). */
void automa_join_lead(Game *g);
/* Divisions of f into free hexes of strategy area `area` (deploy). */
void automa_deploy(Game *g, int f, int area);

/* The Activation Track's markers moved up to fill its empty slots. */
void track_compact(AutomaState *a, int slots);

/* The Automa's set-up lines and what setting up by hand does to its display (automa_position.c). */
struct PositionHooks;
extern const struct PositionHooks automa_position;

#endif
