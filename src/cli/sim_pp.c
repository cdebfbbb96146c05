/* guv sim --game perfect-plan: many games of A Perfect Plan between two
 * computer players (src/pp_ai), and what came of them.
 *
 * Game i (0-based) uses seed S + i for its dice; each player's own
 * generator is seeded from that seed and its side, so each game is the
 * same whatever else runs (unless the time cap stops a search: the report
 * says how often). With --jobs J the games are shared among J worker
 * processes (fork), worker w playing games w, w + J, ...; each writes one
 * line per game to its pipe and the parent files them under their index,
 * so the report is the same for any J, less its time: line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/sim_pp.h"
#include "cli/simrun.h"
#include "cli/simstats.h"
#include "pp_ai/pp_ai.h"

#define PP_SIM_MAX_GAMES 10000000L
#define PP_SIM_CAP 20000 /* decisions before a game counts as never ending */

static void usage(FILE *f)
{
    fprintf(f, "Usage: guv sim --game perfect-plan --games N --seed S [--jobs J] [--data DIR]\n"
               "               [--union LEVEL] [--confederate LEVEL]\n"
               "               [--iterations K] [--rounds R] [--seconds T]\n"
               "\n"
               "Plays N games of A Perfect Plan between two computer players and reports each side's\n"
               "wins and ties with their 95%% intervals, the decisions per game, and the mean and\n"
               "worst time of an AI decision (decisions with more than one choice open). Game i\n"
               "(from 0) uses seed S + i; --jobs J plays them in J processes (the same report).\n"
               "LEVEL: random, greedy, ismcts or rollout (default: ismcts for the Union, greedy for\n"
               "the Confederates). The budget per decision: --iterations K, ismcts's iterations and\n"
               "rollout's play-outs (default %d); --rounds R, at most R of them for each decision\n"
               "open (ismcts) or searched (rollout) when that makes fewer (default %d); --seconds T,\n"
               "a cap in seconds, 0 for none (default %.1f; with a cap, a game may not replay).\n"
               "On a terminal a progress line shows the games done and the time left.\n",
            PP_AI_DEFAULT_ITERATIONS, PP_AI_DEFAULT_PER_CHOICE, PP_AI_DEFAULT_SECONDS);
}

typedef struct {
    bool reported, ok;
    int result;
    long decisions;
    long ai_decisions[PP_SIDES]; /* with more than one choice open */
    double ai_seconds[PP_SIDES], ai_worst[PP_SIDES];
    long capped;
} PpRecord;

static void play(const PpData *pd, uint64_t seed, const int level[PP_SIDES], const PpAiBudget *b, PpRecord *r)
{
    memset(r, 0, sizeof *r);
    r->reported = true;
    PpGame g;
    pp_new(&g, pd, seed);
    PpAi ai[PP_SIDES];
    for (int s = 0; s < PP_SIDES; s++) {
        pp_ai_init(&ai[s], s, level[s], seed * 2 + (uint64_t)s + 0x9e3779b97f4a7c15ULL, b);
        pp_ai_see(&ai[s], &g);
    }
    while (!pp_over(&g) && r->decisions < PP_SIM_CAP) {
        int side = pp_to_move(&g);
        PpAiStats st;
        PpDecision d = pp_ai_decide(&ai[side], &g, &st);
        if (st.open > 1) {
            r->ai_decisions[side]++;
            r->ai_seconds[side] += st.seconds;
            if (st.seconds > r->ai_worst[side])
                r->ai_worst[side] = st.seconds;
        }
        r->capped += st.capped;
        if (pp_apply(&g, &d, NULL, NULL, 0) != 0)
            break;
        r->decisions++;
        for (int s = 0; s < PP_SIDES; s++)
            pp_ai_see(&ai[s], &g);
    }
    r->ok = pp_over(&g);
    r->result = pp_result(&g);
}

static void record_line(char *buf, size_t n, long i, const PpRecord *r)
{
    snprintf(buf, n, "%ld %d %d %ld %ld %ld %.9f %.9f %.9f %.9f %ld\n", i, r->ok ? 1 : 0, r->result, r->decisions,
             r->ai_decisions[0], r->ai_decisions[1], r->ai_seconds[0], r->ai_seconds[1], r->ai_worst[0],
             r->ai_worst[1], r->capped);
}

typedef struct {
    const PpData *pd;
    uint64_t seed;
    long ngames;
    const int *level;
    const PpAiBudget *b;
    PpRecord *recs;
} PpRun;

static void play_line(long i, char *line, size_t n, void *ctx)
{
    PpRun *run = ctx;
    PpRecord r;
    play(run->pd, run->seed + (uint64_t)i, run->level, run->b, &r);
    record_line(line, n, i, &r);
}

static void record_read(const char *line, void *ctx)
{
    PpRun *run = ctx;
    long i;
    int ok;
    PpRecord r = {0};
    if (sscanf(line, "%ld %d %d %ld %ld %ld %lf %lf %lf %lf %ld", &i, &ok, &r.result, &r.decisions,
               &r.ai_decisions[0], &r.ai_decisions[1], &r.ai_seconds[0], &r.ai_seconds[1], &r.ai_worst[0],
               &r.ai_worst[1], &r.capped) != 11 ||
        i < 0 || i >= run->ngames)
        return;
    r.ok = ok != 0;
    r.reported = true;
    run->recs[i] = r;
}

static void report(uint64_t seed, long ngames, const int level[PP_SIDES], const PpAiBudget *b,
                   const PpRecord *recs)
{
    long ended = 0, res[3] = {0, 0, 0}, decisions = 0, aidec[PP_SIDES] = {0, 0}, capped = 0, unreported = 0;
    double aisec[PP_SIDES] = {0, 0}, worst[PP_SIDES] = {0, 0};
    for (long i = 0; i < ngames; i++) {
        const PpRecord *r = &recs[i];
        if (!r->reported) {
            unreported++;
            continue;
        }
        if (!r->ok)
            continue;
        ended++;
        res[r->result]++;
        decisions += r->decisions;
        capped += r->capped;
        for (int s = 0; s < PP_SIDES; s++) {
            aidec[s] += r->ai_decisions[s];
            aisec[s] += r->ai_seconds[s];
            if (r->ai_worst[s] > worst[s])
                worst[s] = r->ai_worst[s];
        }
    }
    printf("A Perfect Plan: %ld games, Union %s against Confederate %s (game i uses seed %llu + i)\n", ngames,
           pp_ai_level_name(level[0]), pp_ai_level_name(level[1]), (unsigned long long)seed);
    if (level[0] == PP_AI_ISMCTS || level[1] == PP_AI_ISMCTS)
        printf("ismcts budget: %d iterations a decision (%d per open decision when fewer), at most %.2f s\n",
               b->iterations, b->per_choice, b->seconds);
    if (level[0] == PP_AI_ROLLOUT || level[1] == PP_AI_ROLLOUT)
        printf("rollout budget: %d play-outs a decision (at most %d for each decision searched), at most %.2f s\n",
               b->iterations, b->per_choice, b->seconds);
    printf("games ended: %ld of %ld%s\n", ended, ngames, unreported ? " (some never reported)" : "");
    static const char *const what[] = {"Union wins", "Confederate wins", "ties"};
    for (int k = 0; k < 3; k++)
        sim_print_share(stdout, what[k], res[k], ended);
    printf("decisions per game: %.1f\n", ended ? (double)decisions / (double)ended : 0.0);
    for (int s = 0; s < PP_SIDES; s++)
        printf("%s %s: %.1f decisions a game with a choice; mean %.2f ms, worst %.1f ms a decision\n",
               s == 0 ? "Union" : "Confederate", pp_ai_level_name(level[s]),
               ended ? (double)aidec[s] / (double)ended : 0.0, aidec[s] ? 1000 * aisec[s] / (double)aidec[s] : 0.0,
               1000 * worst[s]);
    if (capped)
        printf("searches stopped by the time cap: %ld (those games may not replay exactly)\n", capped);
}

static int bad(const char *fmt, const char *what) { return sim_bad(usage, fmt, what); }

int cmd_sim_pp(int argc, char **argv, const char *data_option)
{
    const char *games_s = NULL, *seed_s = NULL, *jobs_s = NULL, *data = data_option, *game = NULL;
    const char *level_s[PP_SIDES] = {"ismcts", "greedy"}, *iter_s = NULL, *secs_s = NULL, *rounds_s = NULL;
    static const char *const names[] = {"--games", "--seed", "--jobs", "--data", "--game",
                                        "--union", "--confederate", "--iterations", "--seconds",
                                        "--rounds"};
    const char **const slots[] = {&games_s, &seed_s, &jobs_s, &data, &game, &level_s[0], &level_s[1], &iter_s, &secs_s,
                                  &rounds_s};
    char why[200];
    int got = sim_options(argc, argv, names, slots, sizeof names / sizeof *names, why, sizeof why);
    if (got == 1) {
        usage(stdout);
        return 0;
    }
    if (got == 2)
        return bad("%s", why);
    unsigned long long games, seed, jobs = 1, iters = PP_AI_DEFAULT_ITERATIONS, rounds = PP_AI_DEFAULT_PER_CHOICE;
    if (sim_counts(games_s, seed_s, jobs_s, PP_SIM_MAX_GAMES, &games, &seed, &jobs, why, sizeof why))
        return bad("%s", why);
    if (iter_s && !sim_parse_number(iter_s, 1, 100000000, &iters))
        return bad("--iterations wants a whole number from 1, not '%s'", iter_s);
    if (rounds_s && !sim_parse_number(rounds_s, 1, 100000000, &rounds))
        return bad("--rounds wants a whole number from 1, not '%s'", rounds_s);
    PpAiBudget b = pp_ai_default_budget();
    b.iterations = (int)iters;
    b.per_choice = (int)rounds;
    if (secs_s) {
        char *end;
        b.seconds = strtod(secs_s, &end);
        if (*end || !(b.seconds >= 0))
            return bad("--seconds wants a time in seconds (0: no cap), not '%s'", secs_s);
    }
    int level[PP_SIDES];
    for (int s = 0; s < PP_SIDES; s++)
        if ((level[s] = pp_ai_level_find(level_s[s])) < 0)
            return bad("the levels are random, greedy, ismcts and rollout, not '%s'", level_s[s]);
    char dir[4096];
    if (cli_data_dir(data, dir, sizeof dir, stderr) != 0)
        return 1;
    static PpData pd;
    Diags d = {0};
    if (!pp_data_load(dir, &pd, &d)) {
        sim_print_diags(&d);
        return 1;
    }
    diags_free(&d);
    long ngames = (long)games;
    PpRecord *recs = sim_records(ngames, &jobs, sizeof *recs);
    if (!recs)
        return 1;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    PpRun ctx = {&pd, (uint64_t)seed, ngames, level, &b, recs};
    SimGames sg = {play_line, record_read, &ctx};
    if (!sim_run_games(ngames, (int)jobs, &sg, &t0)) {
        fprintf(stderr, "guv sim: could not start %d worker processes: %s\n", (int)jobs, strerror(errno));
        free(recs);
        return 1;
    }
    report((uint64_t)seed, ngames, level, &b, recs);
    sim_print_time(&t0, ngames, (int)jobs);
    int failed = 0;
    for (long i = 0; i < ngames; i++)
        failed += !recs[i].ok;
    free(recs);
    return failed ? 1 : 0;
}
