/* guv sim --game red-die: many games of The Red Die of Courage between two
 * computer players (src/rd_ai), and what came of them, battlefield by
 * battlefield.
 *
 * Game i (0-based) of a battlefield uses seed S + i for its dice; each
 * player's own generator is seeded from that seed and its side, so each
 * game is the same whatever else runs. --jobs J shares the games among J
 * worker processes (simrun.h): the report is the same for any J, less its
 * times. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/sim_pp.h"
#include "cli/simrun.h"
#include "cli/simstats.h"
#include "rd_ai/rd_ai.h"

#define RD_SIM_MAX_GAMES 10000000L
#define RD_SIM_CAP 20000 /* decisions before a game counts as never ending */

static void usage(FILE *f)
{
    fprintf(f, "Usage: guv sim --game red-die --games N --seed S [--field ID] [--jobs J] [--data DIR]\n"
               "               [--union LEVEL] [--confederate LEVEL]\n"
               "\n"
               "Plays N games of The Red Die of Courage between two computer players on each battlefield\n"
               "(or on --field ID alone) and reports each side's wins and the draws with their 95%%\n"
               "intervals, the mean victory points, the mean length (passes of the initiative,\n"
               "activations, decisions) and each player's mean and worst time a decision. Game i (from\n"
               "0) uses seed S + i; --jobs J plays them in J processes (the same report).\n"
               "LEVEL: fixed or careful (default: careful for the Union, fixed for the Confederates):\n");
    for (int l = 0; l < RD_AI_LEVEL_COUNT; l++)
        fprintf(f, "  %-8s %s\n", rd_ai_level_name(l), rd_ai_level_what(l));
}

typedef struct {
    bool reported, ok;
    int result, vp[RD_SIDES], passes, activations, illegal;
    long decisions;
    long ai_decisions[RD_SIDES];
    double ai_seconds[RD_SIDES], ai_worst[RD_SIDES];
} RdRecord;

typedef struct {
    const RdData *rd;
    int field;
    uint64_t seed;
    long ngames;
    const int *level;
    RdRecord *recs;
} RdRun;

static void play(const RdRun *run, uint64_t seed, RdRecord *r)
{
    memset(r, 0, sizeof *r);
    r->reported = true;
    static RdGame g;
    rd_new(&g, &run->rd->rules, &run->rd->fields[run->field], seed);
    Rng rng[RD_SIDES];
    for (int s = 0; s < RD_SIDES; s++)
        rng_seed(&rng[s], seed * 2 + (uint64_t)s + 0x9e3779b97f4a7c15ULL);
    while (!rd_over(&g) && r->decisions < RD_SIM_CAP) {
        int side = rd_to_move(&g);
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        RdDecision d = rd_ai_choose(&g, run->level[side], &rng[side]);
        double secs = sim_seconds_since(&t0);
        r->ai_decisions[side]++;
        r->ai_seconds[side] += secs;
        if (secs > r->ai_worst[side])
            r->ai_worst[side] = secs;
        if (rd_apply(&g, &d, NULL, NULL, 0) != 0) {
            r->illegal++;
            break;
        }
        r->decisions++;
    }
    r->ok = rd_over(&g) && r->illegal == 0;
    r->result = rd_result(&g);
    rd_points(&g, r->vp);
    r->passes = g.passes;
    r->activations = g.activations;
}

static void play_line(long i, char *line, size_t n, void *ctx)
{
    const RdRun *run = ctx;
    RdRecord r;
    play(run, run->seed + (uint64_t)i, &r);
    snprintf(line, n, "%ld %d %d %d %d %d %d %d %ld %ld %ld %.9f %.9f %.9f %.9f\n", i, r.ok ? 1 : 0, r.result,
             r.vp[0], r.vp[1], r.passes, r.activations, r.illegal, r.decisions, r.ai_decisions[0], r.ai_decisions[1],
             r.ai_seconds[0], r.ai_seconds[1], r.ai_worst[0], r.ai_worst[1]);
}

static void record_read(const char *line, void *ctx)
{
    RdRun *run = ctx;
    long i;
    int ok;
    RdRecord r = {0};
    if (sscanf(line, "%ld %d %d %d %d %d %d %d %ld %ld %ld %lf %lf %lf %lf", &i, &ok, &r.result, &r.vp[0], &r.vp[1],
               &r.passes, &r.activations, &r.illegal, &r.decisions, &r.ai_decisions[0], &r.ai_decisions[1],
               &r.ai_seconds[0], &r.ai_seconds[1], &r.ai_worst[0], &r.ai_worst[1]) != 15 ||
        i < 0 || i >= run->ngames)
        return;
    r.ok = ok != 0;
    r.reported = true;
    run->recs[i] = r;
}

static void report(const RdRun *run)
{
    long ended = 0, res[3] = {0, 0, 0}, illegal = 0, aidec[RD_SIDES] = {0, 0};
    double vp[RD_SIDES] = {0, 0}, vpsq[RD_SIDES] = {0, 0}, passes = 0, acts = 0, decisions = 0;
    double aisec[RD_SIDES] = {0, 0}, worst[RD_SIDES] = {0, 0};
    for (long i = 0; i < run->ngames; i++) {
        const RdRecord *r = &run->recs[i];
        illegal += r->illegal;
        if (!r->reported || !r->ok || r->result < 0 || r->result > RD_DRAW)
            continue;
        ended++;
        res[r->result]++;
        passes += r->passes;
        acts += r->activations;
        decisions += (double)r->decisions;
        for (int s = 0; s < RD_SIDES; s++) {
            vp[s] += r->vp[s];
            vpsq[s] += (double)r->vp[s] * r->vp[s];
            aidec[s] += r->ai_decisions[s];
            aisec[s] += r->ai_seconds[s];
            if (r->ai_worst[s] > worst[s])
                worst[s] = r->ai_worst[s];
        }
    }
    const RdField *f = &run->rd->fields[run->field];
    printf("The Red Die of Courage, %s (%s): %ld games, Union %s against Confederate %s (game i uses seed %llu + i)\n",
           f->name, f->id, run->ngames, rd_ai_level_name(run->level[0]), rd_ai_level_name(run->level[1]),
           (unsigned long long)run->seed);
    printf("games ended: %ld of %ld%s\n", ended, run->ngames, illegal ? " (an AI's decision was refused)" : "");
    static const char *const what[] = {"Union wins", "Confederate wins", "draws"};
    for (int k = 0; k < 3; k++)
        sim_print_share(stdout, what[k], res[k], ended);
    for (int s = 0; s < RD_SIDES; s++) {
        Estimate e = mean95(vp[s], vpsq[s], ended);
        printf("mean VP, %s: %.2f (95%%: %.2f - %.2f)\n", s == 0 ? "Union" : "Confederate", e.est, e.lo, e.hi);
    }
    double n = ended ? (double)ended : 1;
    printf("mean length: %.1f passes of the initiative, %.1f activations, %.1f decisions\n", passes / n, acts / n,
           decisions / n);
    for (int s = 0; s < RD_SIDES; s++)
        printf("%s %s: %.1f decisions a game; mean %.3f ms, worst %.1f ms a decision\n",
               s == 0 ? "Union" : "Confederate", rd_ai_level_name(run->level[s]), (double)aidec[s] / n,
               aidec[s] ? 1000 * aisec[s] / (double)aidec[s] : 0.0, 1000 * worst[s]);
}

static int bad(const char *fmt, const char *what) { return sim_bad(usage, fmt, what); }

int cmd_sim_rd(int argc, char **argv, const char *data_option)
{
    const char *games_s = NULL, *seed_s = NULL, *jobs_s = NULL, *data = data_option, *game = NULL, *field_s = NULL;
    const char *level_s[RD_SIDES] = {"careful", "fixed"};
    static const char *const names[] = {"--games", "--seed", "--jobs", "--data", "--game", "--field",
                                        "--union", "--confederate"};
    const char **const slots[] = {&games_s, &seed_s, &jobs_s, &data, &game, &field_s, &level_s[0], &level_s[1]};
    char why[200];
    int got = sim_options(argc, argv, names, slots, sizeof names / sizeof *names, why, sizeof why);
    if (got == 1) {
        usage(stdout);
        return 0;
    }
    if (got == 2)
        return bad("%s", why);
    unsigned long long games, seed, jobs = 1;
    if (sim_counts(games_s, seed_s, jobs_s, RD_SIM_MAX_GAMES, &games, &seed, &jobs, why, sizeof why))
        return bad("%s", why);
    int level[RD_SIDES];
    for (int s = 0; s < RD_SIDES; s++)
        if ((level[s] = rd_ai_level_find(level_s[s])) < 0)
            return bad("the levels are fixed and careful, not '%s'", level_s[s]);
    char dir[4096];
    if (cli_data_dir(data, dir, sizeof dir, stderr) != 0)
        return 1;
    static RdData rd;
    Diags d = {0};
    if (!rd_data_load(dir, &rd, &d)) {
        sim_print_diags(&d);
        return 1;
    }
    diags_free(&d);
    int first = 0, last = rd.nfields - 1;
    if (field_s) {
        if ((first = last = rd_field_index(&rd, field_s)) < 0) {
            fprintf(stderr, "guv sim: no battlefield '%s'; the battlefields are:", field_s);
            for (int k = 0; k < rd.nfields; k++)
                fprintf(stderr, " %s", rd.fields[k].id);
            fprintf(stderr, "\n");
            return 2;
        }
    }
    long ngames = (long)games;
    RdRecord *recs = sim_records(ngames, &jobs, sizeof *recs);
    if (!recs)
        return 1;
    int failed = 0;
    for (int fi = first; fi <= last; fi++) {
        memset(recs, 0, (size_t)ngames * sizeof *recs);
        RdRun run = {&rd, fi, (uint64_t)seed, ngames, level, recs};
        SimGames sg = {play_line, record_read, &run};
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (!sim_run_games(ngames, (int)jobs, &sg, &t0)) {
            fprintf(stderr, "guv sim: could not start %d worker processes: %s\n", (int)jobs, strerror(errno));
            free(recs);
            return 1;
        }
        if (fi > first)
            printf("\n");
        report(&run);
        sim_print_time(&t0, ngames, (int)jobs);
        for (long i = 0; i < ngames; i++)
            failed += !recs[i].ok;
    }
    free(recs);
    return failed ? 1 : 0;
}
