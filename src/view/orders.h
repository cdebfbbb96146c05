/* Orders given on the map: which of the legal decisions (game_legal) a
 * cursor-driven screen offers at each hex. The rules decide what is legal;
 * this only sorts their list by where things start and where they go, so
 * that a player can select a stack, see where it may go or whom it may
 * attack, and pick a hex. No curses here: tests/test_orders.c drives it. */
#ifndef GUV_ORDERS_H
#define GUV_ORDERS_H

#include "rules/game.h"

/* The units selected to act together, all in one hex; hex -1: none. */
typedef struct {
    int hex;
    short units[DEC_MAX_UNITS];
    int nunits;
} OrderSel;

enum OrderMark {
    OM_NONE,
    OM_SOURCE,  /* units here have orders: select them */
    OM_MOVE,    /* the selection may move here */
    OM_ATTACK,  /* an enemy hex that may be attacked */
    OM_BOMBARD, /* an enemy hex that the guns may bombard */
    OM_OTHER,   /* another decision names this hex (place, retreat, deploy, ...) */
    OM_COUNT
};

/* The hex where a decision's units stand, or -1 when it has none. */
int order_source(const Game *g, const Decision *d);
/* The hexes a decision acts on (its destination, its target); the count. */
int order_targets(const Game *g, const Decision *d, short *hexes, int max);
/* Whether d is an order for the selection: a move by exactly the selected
 * units; an attack, bombardment, skirmisher, advance or displacement whose
 * units in the selected hex are exactly the selected ones. */
bool order_for(const Game *g, const Decision *d, const OrderSel *s);

/* One mark per map hex (enum OrderMark) for the selection, or with none
 * for the whole list: where orders start, and what names each hex. */
void orders_marks(const Game *g, const Decision *legal, int n, const OrderSel *s, unsigned char *mark);
/* The decisions (indexes into legal) that a player pointing at hex means:
 * with a selection, its orders that act on hex; without, the decisions
 * that act on hex and need no selection (attacks, bombardments, placing
 * the chit, retreats, ...). Returns the count (up to max stored). */
int orders_at(const Game *g, const Decision *legal, int n, const OrderSel *s, int hex, int *idx, int max);
/* Selects the units at hex that have orders: the largest group that moves
 * together, else every unit there with an attack or bombardment. False
 * (and s->hex = -1) when none has. */
bool orders_select(const Game *g, const Decision *legal, int n, int hex, OrderSel *s);
/* Every unit at s->hex with some order (for the player to add or drop). */
int orders_stack(const Game *g, const Decision *legal, int n, int hex, short *units, int max);
/* Adds a unit to the selection or drops it. */
void orders_toggle(OrderSel *s, int unit);

#endif
