/* The plumbing the sims of the box's other games share (sim_pp.c,
 * sim_rd.c): their options, and their games shared among worker processes.
 *
 * Game i is played by play(i) into one line of text (its record); take()
 * files each record line under its index. With jobs J > 1 the games are
 * shared among J worker processes (fork), worker w playing games w, w + J,
 * ..., each writing its lines to a pipe the parent reads; with one job the
 * same lines go straight to take(). Either way the records are the same,
 * so a report made from them is the same for any J. */
#ifndef GUV_SIMRUN_H
#define GUV_SIMRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "data/diag.h"

#define SIM_RUN_MAX_JOBS 256
#define SIM_RUN_LINE 512 /* a record line's room */

typedef struct {
    void (*play)(long i, char *line, size_t n, void *ctx); /* game i's record, ending in '\n' */
    void (*take)(const char *line, void *ctx);             /* a record line (without its '\n') */
    void *ctx;
} SimGames;

/* Plays ngames games in jobs processes; a progress line on a terminal.
 * False when the workers could not be started (errno says why). */
bool sim_run_games(long ngames, int jobs, const SimGames *s, const struct timespec *t0);

/* Reads the options named in names (each "--name VALUE" or
 * "--name=VALUE") into *slots[k]. Returns 0, 1 for --help/-h, or 2 with
 * the reason in why. */
int sim_options(int argc, char **argv, const char *const *names, const char **const *slots, size_t count, char *why,
                size_t n);

/* --games (1..max_games), --seed and --jobs (1..SIM_RUN_MAX_JOBS, 1 when
 * NULL) read: 0, or 2 with the reason in why. */
int sim_counts(const char *games_s, const char *seed_s, const char *jobs_s, unsigned long long max_games,
               unsigned long long *games, unsigned long long *seed, unsigned long long *jobs, char *why, size_t n);

/* "guv sim: " and fmt (with what) on stderr, then the game's usage: 2,
 * the exit status of a wrong command line. */
int sim_bad(void (*usage)(FILE *f), const char *fmt, const char *what);

/* Room for ngames records of size bytes, zeroed, *jobs no more than
 * ngames; NULL, said on stderr, when out of memory. */
void *sim_records(long ngames, unsigned long long *jobs, size_t size);

/* Seconds since t0. */
double sim_seconds_since(const struct timespec *t0);

/* Prints each of d's errors (file:line) on stderr and frees them. */
void sim_print_diags(Diags *d);
/* "time: T s, R games/s (J jobs)" for ngames games since t0. */
void sim_print_time(const struct timespec *t0, long ngames, int jobs);

/* "  <what>  k  p%  (95%: lo% - hi%)": a share of ended games. */
void sim_print_share(FILE *f, const char *what, long k, long n);

#endif
