/* The Red Die of Courage: the tape measure and the line of fire, on a
 * battlefield of cells (src/data/rd_data.h). Pure functions of the field,
 * the rules and the cells given; they allocate nothing and print nothing.
 * The exact geometry is in docs/rulings.md ("The Red Die of Courage"). */
#ifndef GUV_RD_GEOMETRY_H
#define GUV_RD_GEOMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include "data/rd_data.h"

typedef struct {
    int8_t col, row;
} RdCell;

/* Straight distance between two cells' centres, in mm, rounded to the
 * nearest mm (for showing). Comparisons with a rule's distance use
 * rd_within, which is exact. */
int rd_distance_mm(const RdRules *r, RdCell a, RdCell b);
/* True when b's centre is within mm of a's centre (squared, exact). */
bool rd_within(const RdRules *r, RdCell a, RdCell b, int mm);
bool rd_on_field(const RdField *f, RdCell c);

/* What it costs a unit's leader to go from `from` to every cell ([3.1]):
 * the length of the way in mm, plus rules.obstacle_mm for every linear
 * obstacle crossed, plus rules.difficult_mm once if the way enters
 * difficult terrain. The way is the straight line when nothing
 * impassable lies on it, else the shortest way around (docs/rulings.md).
 * blocked[row][col] true: a cell the leader may not enter or pass (an enemy
 * soldier, say); may be NULL. cost_mm[row][col] gets the cost when it is
 * limit_mm or less, else -1 (no way leads there within the limit): every
 * caller wants only the cells within a move, an assault or a retreat, and
 * the search stops there (RD_UNLIMITED: the whole field). */
#define RD_UNLIMITED (1 << 24) /* mm: 16 km, more than any field */
void rd_move_costs(const RdField *f, const RdRules *r, RdCell from, const bool (*blocked)[RD_MAX_W], int limit_mm,
                   int (*cost_mm)[RD_MAX_W]);

/* One soldier's line of fire to another ([3.2]): false when something that
 * blocks fire (rules: blocks_fire, cells other than the two ends, and edges)
 * lies on the straight line between the cells' centres. */
bool rd_sees(const RdField *f, const RdRules *r, RdCell from, RdCell to);
/* The cover the soldier at `to` has against fire from `from` ([3.2.1]):
 * the highest of his own cell's cover and the cover of an edge the line
 * crosses next to him (docs/rulings.md). RD_COVER_*. */
int rd_cover(const RdField *f, const RdRules *r, RdCell from, RdCell to);
/* The unit rule ([3.2]): true when at least n/2+1 of the n firers can each
 * see at least m/2+1 of the m targets. */
bool rd_unit_sees(const RdField *f, const RdRules *r, const RdCell *firers, int n, const RdCell *targets, int m);

#endif
