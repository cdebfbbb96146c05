/* What a decision does that its words do not say, for a screen to warn
 * before it is made (issue 14, "no traps"): an attack or a bombardment that
 * ends the movement of units that have not moved, breaking contact with the
 * Automa at a price (H.3), a loss that eliminates a unit. Also what a loss
 * leaves, and the groups a long list of decisions folds into. The rules say
 * what is legal; this only reads the position. Pure: tests/test_advice.c. */
#ifndef GUV_ADVICE_H
#define GUV_ADVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/game.h"

enum AdviceLevel {
    ADVICE_NONE,
    ADVICE_NOTE,    /* worth a word in the list ("3 units have not moved") */
    ADVICE_CONFIRM, /* a trap: the screen asks before it carries it out */
};

/* The consequence of d beyond its words, into buf ("" when none), and how
 * much it matters. legal/n is the list d was chosen from (a loss that
 * eliminates is a trap only when another choice would not). */
int advice_for(const Game *g, const Decision *d, const Decision *legal, int n, char *buf, size_t size);

/* For a decision that costs a unit a step (a combat loss, a forced
 * march's, a bombardment result that takes one): the unit, else -1. */
int advice_loss_unit(const Game *g, const Decision *d);
/* The unit's points after a loss (its points now in *now); -1 when the
 * loss eliminates it. */
int advice_loss_points(const Game *g, int unit, int *now);
/* What a loss leaves of the unit: "Mahone 4 -> 2", "Mahone 2 -> gone". */
void advice_loss_text(const Game *g, int unit, char *buf, size_t size);
/* Whether the loss eliminates its unit (it is on its last step). */
bool advice_loss_eliminates(const Game *g, const Decision *d);

/* A long list folds into groups of the same kind from the same hex (the
 * moves of one stack, the bombardments of one battery, a commander's
 * choices). The group a decision belongs to: */
typedef struct {
    int kind; /* enum DecisionKind */
    int key;  /* the source hex, or the commander (D_HIGHER), or -1 */
} AdviceGroup;
AdviceGroup advice_group_of(const Game *g, const Decision *d);
bool advice_group_same(AdviceGroup a, AdviceGroup b);
/* A group's title: "moves from 2322: Mahone, Wright (212)". */
void advice_group_title(const Game *g, const Decision *first, int count, char *buf, size_t size);

#endif
