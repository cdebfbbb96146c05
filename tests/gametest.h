/* Helpers shared by the engine tests (test_game.c, test_events.c): the
 * shipped data loaded once, starting a scenario, applying or refusing a
 * decision by its text, and the legal list. */
#ifndef GUV_GAMETEST_H
#define GUV_GAMETEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rules/game.h"

extern GameData gd;
/* cmocka group set-up and tear-down: loads and frees the shipped data. */
int setup(void **state);
int teardown(void **state);
/* The same with a scratch folder made for the group and removed after it. */
extern char scratch[64];
int setup_scratch(void **state);
int teardown_scratch(void **state);
/* A path in the scratch folder (four kept at a time). */
const char *in_scratch(const char *name);
void start(Game *g, const char *scenario, uint64_t seed);
/* Applies a decision given as text; the test fails when it is refused. */
void apply_text(Game *g, const char *text);
/* The decision must be refused with a reason containing `reason`, and
 * change nothing. */
void refuse_text(Game *g, const char *text, const char *reason);
extern Decision legal_buf[20000];
int legal_all(const Game *g);
void stay_put(Game *g);
/* Plays on (choosing nothing, passing every chit) until the given turn. */
void advance_to(Game *g, int turn);
bool legal_has(const Game *g, const char *text);
/* Plays on, choosing nothing and passing everything (done, pass, end,
 * no-event), until the phase is reached; fails if it never is. */
void pass_until(Game *g, int phase);
void start_options(Game *g, const char *scenario, uint64_t seed, unsigned options);
/* A unit's index; the test fails when there is no such unit. */
int U(const char *id);
/* Puts a unit on the map by hand (full strength if it had no steps). */
void put(Game *g, const char *unit, const char *hex);
void take_off(Game *g, const char *unit);
/* Passes every other chit until the wanted one (a formation id, or
 * "independent") is drawn, and activates it. */
void draw_until(Game *g, const char *want);
/* Lee Moves with only Anderson chosen, activated and waiting to be placed. */
void anderson_activated(Game *g);
/* Hill's division activated on turn 3 of the campaign, its chit waiting. */
void hill_activated(Game *g);
/* A clear hex with clear neighbours, plain hexsides and no unit within 5. */
HexCoord open_ground(const Game *g);
/* "VERB [TAIL ]HHHH" */
void hexcmd(char *buf, size_t n, const char *verb, HexCoord h, const char *tail);

int hx_index(HexCoord h);
/* Runs guv script's lines on g: new SCENARIO SEED [OPTION ...] (starts g),
 * dice N ..., place/remove/set (set-up), decide DECISION, step N (the
 * Automa's next N steps); fails the test on any refusal. */
void play_script(Game *g, const char *script);
/* Whether a log line (as `log` prints it) contains text. */
bool log_has(const Game *g, const char *text);
/* Applies FMT with %s replaced by the hex's four digits. */
void run(Game *g, const char *fmt, HexCoord h);
void put_at(Game *g, const char *unit, HexCoord h);
#ifndef GUV_BASE_ONLY
/* An Automa division counter put on the map at full strength, and seen so
 * by the Automa's VP track (no loss to score). */
void put_counter(Game *g, const char *unit, const char *hex);
#endif

#endif
