/* Helpers for A Perfect Plan's tests: the shipped data, broken copies of
 * it, and positions set up by hand with forced dice. They use nothing of
 * the base game. */
#ifndef GUV_PPTEST_H
#define GUV_PPTEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "perfect_plan/pp.h"

#define PT_SOURCE_DIR GUV_TEST_DIR "/.."

/* The shipped data (loaded once; the test fails when it is not clean). */
const PpData *pt_data(void);
int pt_area(const char *id);
int pt_counter(const char *id);

/* A copy of the shipped config/perfect-plan in a temporary folder. */
char *pt_copy(void);
void pt_remove(char *dir);
/* Replaces the first occurrence of old in dir/config/perfect-plan/file. */
void pt_patch(const char *dir, const char *file, const char *old, const char *new_text);
/* Loads a copy patched so, expecting an error at the line holding
 * line_text (NULL: line 0) whose message contains message. */
void pt_expect_error(const char *file, const char *old, const char *new_text, const char *line_text,
                     const char *message);

/* An empty movement phase on turn `turn`: no counter on the map, control
 * as printed, no trench, the Union with the initiative and to move in
 * impulse 1 with its full budget. */
void pt_empty(PpGame *g, int turn);
void pt_put(PpGame *g, const char *counter, const char *area);
int pt_where(const PpGame *g, const char *counter);
/* Forces the next dice (1-6), in order. */
void pt_dice(PpGame *g, int n, ...);
/* Applies the decision given as words, failing the test if it is refused.
 * The events are appended to the test log (pt_log_has). */
void pt_do(PpGame *g, const char *words);
/* Expects the decision to be refused with a reason containing `reason`. */
void pt_refused(PpGame *g, const char *words, const char *reason);
/* True when the decision is among pp_legal's. */
bool pt_legal(const PpGame *g, const char *words);
void pt_log_clear(void);
bool pt_log_has(const char *text);
void pt_log_print(void);

#endif
