/* Shared between the parts of A Perfect Plan's engine (src/perfect_plan). */
#ifndef GUV_PP_INTERNAL_H
#define GUV_PP_INTERNAL_H

#include <stdio.h>
#include <string.h>

#include "perfect_plan/pp.h"
#include "rules/refusal.h"

#define PPD(g) ((g)->data)
#define PP_CTR(g, c) (&(g)->data->counters[c])
#define PP_BIT(c) ((uint64_t)1 << (c))
#define PP_ENEMY(side) (1 - (side))

/* Refusal helper: writes the reason into buf and returns it (rules/refusal.h). */
#define pp_refuse guv_refuse
void pp_emit(PpEvents *ev, int kind, int side, int counter, int from, int to, int value, int value2);
int pp_roll(PpGame *g);

/* decision.c: each kind's verb and operands, declared once */
enum { PP_OP_NONE, PP_OP_COUNTER, PP_OP_AREA, PP_OP_LOSS };
typedef struct {
    const char *verb;
    int a, b; /* PP_OP_... */
} PpKindInfo;
extern const PpKindInfo pp_kinds[PP_D_KINDS];

/* stacking.c (APP-STACK) */
bool pp_room_for(const PpGame *g, int side, int area, int more);
bool pp_trench_room(const PpGame *g, int side, int area);
int pp_dice_units_in(const PpGame *g, int side, int area);

/* control.c (APP-CONTROL): control from who stands where, and trenches
 * left alone go (APP-TRENCH) */
void pp_settle(PpGame *g, PpEvents *ev);

/* movement.c (APP-MOVE, APP-RIVER, APP-ENEMY-AREA, APP-SWAP, APP-IMPULSE) */
bool pp_passable(const PpData *pd, int a, int b);
/* Where a unit in area `from` may step now (APP-ENEMY-AREA's limit included). */
bool pp_may_leave_to(const PpGame *g, int side, int from, int to);
void pp_begin_movement(PpGame *g, PpEvents *ev);
/* After a move, a trench or a swap: the part of the impulse ends when no
 * move is left. */
void pp_after_action(PpGame *g, PpEvents *ev);
void pp_next_step(PpGame *g, PpEvents *ev);
const char *pp_move_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
/* pp_move_refusal's answer without its words: whether counter c may move to
 * area `to` (both in range) in the movement phase. */
bool pp_move_open(const PpGame *g, int c, int to);
const char *pp_swap_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
void pp_apply_move(PpGame *g, const PpDecision *d, PpEvents *ev);
void pp_apply_swap(PpGame *g, const PpDecision *d, PpEvents *ev);

/* trench.c (APP-TRENCH) */
const char *pp_trench_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
void pp_apply_trench(PpGame *g, const PpDecision *d, PpEvents *ev);

/* setup.c (APP-SETUP) */
const char *pp_place_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
const char *pp_standard_refusal(const PpGame *g, char *buf, size_t n);
void pp_apply_place(PpGame *g, const PpDecision *d, PpEvents *ev);
void pp_apply_standard(PpGame *g, PpEvents *ev);

/* turn.c (APP-SEQUENCE, APP-INITIATIVE, APP-END) */
void pp_begin_turn(PpGame *g, PpEvents *ev);
void pp_end_turn(PpGame *g, PpEvents *ev);

/* reinforcements.c (APP-REINFORCE) */
void pp_reinforcements(PpGame *g, PpEvents *ev);

/* recovery.c (APP-RECOVERY) */
void pp_begin_recovery(PpGame *g, PpEvents *ev);
const char *pp_recover_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
void pp_apply_recover(PpGame *g, const PpDecision *d, PpEvents *ev);
void pp_recovery_done(PpGame *g, PpEvents *ev);

/* combat.c (APP-COMBAT-*, APP-LEADER, APP-LOSSES, APP-LEADERS-ONLY, APP-IMPULSE-COMBAT) */
const char *pp_fight_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
void pp_apply_fight(PpGame *g, const PpDecision *d, PpEvents *ev);
/* The combat phase: the next fight, or the end of the turn. */
void pp_combat_phase(PpGame *g, PpEvents *ev);
const char *pp_bonus_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
const char *pp_loss_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
const char *pp_leader_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
void pp_apply_bonus(PpGame *g, const PpDecision *d, PpEvents *ev);
void pp_apply_loss(PpGame *g, const PpDecision *d, PpEvents *ev);
void pp_apply_leader(PpGame *g, const PpDecision *d, PpEvents *ev);
/* Called by retreat.c once the beaten army is gone. */
void pp_combat_over(PpGame *g, PpEvents *ev);

/* retreat.c (APP-RETREAT) */
void pp_begin_retreat(PpGame *g, PpEvents *ev);
bool pp_retreat_ok(const PpGame *g, int side, int from, int to);
const char *pp_retreat_refusal(const PpGame *g, const PpDecision *d, char *buf, size_t n);
void pp_apply_retreat(PpGame *g, const PpDecision *d, PpEvents *ev);

/* victory.c (APP-VICTORY) */
int pp_victory(const PpGame *g);

#endif
