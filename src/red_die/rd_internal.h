/* Shared between the parts of The Red Die of Courage's engine (src/red_die). */
#ifndef GUV_RD_INTERNAL_H
#define GUV_RD_INTERNAL_H

#include <stdio.h>
#include <string.h>

#include "red_die/rd.h"
#include "rules/refusal.h"

#define RDR(g) ((g)->rules)
#define RDF(g) ((g)->field)
#define RD_ENEMY(side) (1 - (side))

/* What follows the losses of a fire (RdActivation.after_loss). */
enum { RD_AFTER_ACTION, RD_AFTER_DEFENSIVE };

typedef int RdCosts[RD_MAX_H][RD_MAX_W];
/* Who stands where: squad + 1, or 0 (soldiers on the table only). */
typedef uint8_t RdOcc[RD_MAX_H][RD_MAX_W];
void rd_occupancy(const RdGame *g, RdOcc occ);

/* game.c */
#define rd_refuse guv_refuse /* rules/refusal.h */
void rd_emit(RdEvents *ev, int kind, int side, int squad, int soldier, int other, int col, int row, int value,
             int value2);
/* One die for `purpose`, logged (DIE event) with its face. */
int rd_roll(RdGame *g, RdEvents *ev, int purpose, int squad, int soldier);
int rd_squad_of_cell(const RdGame *g, RdCell c); /* -1: no soldier there */
int rd_soldier_at(const RdGame *g, RdCell c);
bool rd_hittable(const RdSoldier *s);
bool rd_soldier_able(const RdSoldier *s);
bool rd_may_act(const RdGame *g, int squad);
/* The side's red dice change by delta (kept within 0..RD_MAX_RED; the log says when the cap bites). */
/* The red dice a roll of chosen + repeat dice adds, the pool kept within RD_MAX_POOL (the last red dice
 * cut: neither rolled nor counted). */
int rd_red_rolled(const RdGame *g, int side, int chosen, int repeat);
void rd_add_red(RdGame *g, RdEvents *ev, int side, int delta);
/* After a soldier leaves the table: a new leader if he led. */
void rd_after_leaving(RdGame *g, RdEvents *ev, int soldier);
/* The cells of the squad's soldiers on the table (RD_ALL), able to act
 * (RD_ABLE: fire, fight) or that fire may hit (RD_HITTABLE: not down). */
enum { RD_ALL, RD_ABLE, RD_HITTABLE };
int rd_squad_cells(const RdGame *g, int squad, int which, RdCell *out);
/* Soldiers of the squad on the table, in order, into out; returns how many. */
int rd_members(const RdGame *g, int squad, int *out);

/* activation.c (RDC-ACTIVATION, RDC-INITIATIVE, RDC-FIASCO, RDC-RED-DICE) */
typedef struct {
    int dice, successes, ones, sixes, sixes_red;
    bool fiasco, disaster;
} RdRoll;
int rd_repeat_dice(const RdGame *g, int squad, int action);
int rd_denied(const RdGame *g, int squad);
/* Rolls `chosen` dice, the repeat dice (repeat) and the side's red dice
 * for squad; the red dice's own effects are carried out. successes are
 * net of the unit's badly wounded and its leader's crisis. */
void rd_activation_roll(RdGame *g, RdEvents *ev, int squad, int chosen, int repeat, bool heroic_allowed, int purpose,
                        RdRoll *out);
void rd_pass_initiative(RdGame *g, RdEvents *ev);
/* The activation's action is over (after its questions): the heroic roll
 * if one is due, then the end of the activation. */
void rd_action_done(RdGame *g, RdEvents *ev);
void rd_end_activation(RdGame *g, RdEvents *ev);
const char *rd_activation_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n);
void rd_apply_activation(RdGame *g, const RdDecision *d, RdEvents *ev);
/* A failed roll (fiasco or disaster) of squad's activation. */
void rd_failed(RdGame *g, RdEvents *ev, int squad, const RdRoll *roll);

/* disaster.c (RDC-DISASTER) */
void rd_disaster(RdGame *g, RdEvents *ev, int squad);
void rd_skedaddle(RdGame *g, RdEvents *ev, int soldier, bool fearful);

/* heroic.c (RDC-HEROIC) */
void rd_heroic(RdGame *g, RdEvents *ev);
const char *rd_heroic_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n);
void rd_apply_heroic(RdGame *g, const RdDecision *d, RdEvents *ev);

/* movement.c (RDC-MOVE, RDC-COHESION) */
bool rd_slow(const RdGame *g, int squad);
/* Half speed for an assault: a lightly wounded man (up or down) slows it; the badly wounded stay
 * behind (rd_stay_behind). */
bool rd_slow_assault(const RdGame *g, int squad);
/* Its leader would stay behind (badly wounded): he cannot lead an assault. */
bool rd_leader_stays_behind(const RdGame *g, int squad);
/* They become a squad of their own where they lie, before the squad assaults (RD_EV_LEAVE,
 * value2 1); its index, -1 when none stays or no one goes. */
int rd_stay_behind(RdGame *g, RdEvents *ev, int squad);
/* Whether an assault of the squad leaves its badly wounded behind (rd_stay_behind): some are,
 * someone else goes, and there is room for a squad of them. */
bool rd_assault_splits(const RdGame *g, int squad);
/* The squad's soldiers on the table who would go on an assault (not badly wounded); *bad: those who would not. */
int rd_assault_goers(const RdGame *g, int squad, int *bad);
/* The cost (mm) for the squad's leader to every cell, enemy soldiers blocking;
 * -1 beyond limit_mm (rd_move_costs). */
void rd_squad_costs(const RdGame *g, int squad, int limit_mm, RdCosts cost);
/* The same for one cell (-1 off the field or beyond limit_mm), without a map copied. */
int rd_squad_cost_to(const RdGame *g, int squad, int limit_mm, RdCell to);
/* Where the squad's soldiers stand around a leader at `at` (cells, in
 * rd_members order, the leader first): false when it does not fit. */
bool rd_formation(const RdGame *g, const RdOcc occ, int squad, RdCell at, bool line, int facing, RdCell *cells);
/* The same for n of its soldiers (an assault's goers, the badly wounded staying). */
bool rd_formation_of(const RdGame *g, const RdOcc occ, int squad, int n, RdCell at, bool line, int facing,
                     RdCell *cells);
/* May the squad's leader be sent to `to` (deployed so)? mm: the way's cost
 * there (rd_squad_costs, rd_squad_cost_to; -1 none) searched to max_mm or
 * more (a refusal's words search the whole field); occ: who stands where
 * (rd_occupancy), or NULL to have it found when it is needed. */
const char *rd_destination_refusal(const RdGame *g, int squad, RdCell to, bool line, int max_mm, int mm,
                                   const RdOcc occ, char *buf, size_t n);
/* Moves the squad toward `to` within mm: to `to` if the way is short
 * enough, else to the cell within reach nearest it. */
void rd_move_toward(RdGame *g, RdEvents *ev, int squad, RdCell to, int mm, bool line);
/* Retreats up to mm: to the nearest cover not closer to the enemy
 * (home false), or toward its side's lines (home true). */
void rd_retreat(RdGame *g, RdEvents *ev, int squad, int mm, bool home, int event_kind);
int rd_direction(RdCell from, RdCell to); /* 0..7, N clockwise; -1 when the same cell */
/* The enemy squad able to act (rd_may_act: not one whose men on the table are all badly wounded)
 * whose leader is nearest squad's leader; when none is able, the nearest of the others; -1. */
int rd_nearest_enemy(const RdGame *g, int squad);

/* The badly wounded left on the spot, a squad of their own that never acts
 * (RDC-WOUNDS): the one way a squad sheds them. */
const char *rd_leave_refusal(const RdGame *g, int squad, char *buf, size_t n);
void rd_leave(RdGame *g, RdEvents *ev, int squad);
/* RDC-WOUNDS: one able soldier takes the squad's first badly wounded man to the rear. */
const char *rd_carry_refusal(const RdGame *g, int squad, char *buf, size_t n);
void rd_carry(RdGame *g, RdEvents *ev, int squad);

/* fire.c (RDC-FIRE, RDC-VOLLEY, RDC-FIRE-LOSS, RDC-WOUNDS, RDC-LOSSES) */
/* Resolves a fire of squad at target with successes (net) and bonus; the
 * hits go to the loss questions, then `after`. */
void rd_fire(RdGame *g, RdEvents *ev, int squad, int target, int successes, int bonus, int after);
/* Hits still to assign: asks, or assigns when there is one choice, then continues. */
void rd_next_loss(RdGame *g, RdEvents *ev);
int rd_loss_candidates(const RdGame *g, int *out);
const char *rd_loss_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n);
void rd_apply_loss(RdGame *g, const RdDecision *d, RdEvents *ev);
/* A result of a loss table (RD_FX_DEAD/BAD_WOUND/LIGHT_WOUND) on a soldier, wounds combined. */
void rd_wound(RdGame *g, RdEvents *ev, int soldier, int effect, const RdTable *table);

/* assault.c, melee.c (RDC-ASSAULT, RDC-MELEE, RDC-SURRENDER) */
void rd_assault(RdGame *g, RdEvents *ev, int squad, int target, int mm, bool defensive_fire);
/* The mm the squad needs to reach contact with target; -1 when no way within limit_mm. */
int rd_assault_cost(const RdGame *g, int squad, int target, int limit_mm);
const char *rd_defend_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n);
void rd_apply_defend(RdGame *g, const RdDecision *d, RdEvents *ev);
void rd_assault_contact(RdGame *g, RdEvents *ev);
void rd_melee(RdGame *g, RdEvents *ev, int squad, int target, int bonus);

/* rally.c (RDC-RALLY) */
void rd_rally(RdGame *g, RdEvents *ev, int squad, const RdRoll *roll);
bool rd_may_return(const RdGame *g, int squad);

/* prisoners.c (RDC-PRISONERS) */
void rd_capture(RdGame *g, RdEvents *ev, int soldier, int captor_squad);
void rd_escort(RdGame *g, RdEvents *ev, int captor_squad, int prisoners);

/* victory.c (RDC-VICTORY, RDC-END) */
bool rd_side_can_act(const RdGame *g, int side);
void rd_check_end(RdGame *g, RdEvents *ev);

/* decision.c */
extern const char *const rd_kind_verbs[RD_D_KINDS];
/* Is any decision open (the list stopped at its first)? */
bool rd_any_legal(const RdGame *g);

#endif
