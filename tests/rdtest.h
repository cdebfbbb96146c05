/* Helpers for The Red Die of Courage's tests: the rules, battlefields set
 * up by hand, forced dice, decisions as words, the log. */
#ifndef GUV_RDTEST_H
#define GUV_RDTEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "red_die/rd.h"

/* The shipped config/red-die and its rules. */
const RdData *rt_data(void);
const RdRules *rt_rules(void);
/* An open field of w x h cells, no squad, the Confederates first, 100 passes long. */
void rt_field(RdField *f, int w, int h);
/* Adds a squad (its leader at col,row) to the field; returns its index. */
int rt_squad(RdField *f, const char *id, int side, int quality, int weapon, int soldiers, int col, int row,
             bool line, int facing);
void rt_cells(RdField *f, int kind, int c0, int r0, int c1, int r1); /* a rectangle of ground */
void rt_new(RdGame *g, const RdField *f);
void rt_dice(RdGame *g, int n, ...);
void rt_do(RdGame *g, const char *words);
void rt_refused(RdGame *g, const char *words, const char *reason);
bool rt_legal(const RdGame *g, const char *words);
int rt_soldier(const RdGame *g, const char *name);
void rt_log_clear(void);
bool rt_log_has(const char *text);
void rt_log_print(void);

#endif
