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
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/sim_pp.h"
#include "cli/simstats.h"
#include "pp_ai/pp_ai.h"

#define PP_SIM_MAX_GAMES 10000000L
#define PP_SIM_MAX_JOBS 256
#define PP_SIM_CAP 20000 /* decisions before a game counts as never ending */

static void usage(FILE *f)
{
    fprintf(f, "Usage: guv sim --game perfect-plan --games N --seed S [--jobs J] [--data DIR]\n"
               "               [--union LEVEL] [--confederate LEVEL] [--iterations K] [--seconds T]\n"
               "\n"
               "Plays N games of A Perfect Plan between two computer players and reports each side's\n"
               "wins and ties with their 95%% intervals, the decisions per game, and the mean and\n"
               "worst time of an AI decision (decisions with more than one choice open). Game i\n"
               "(from 0) uses seed S + i; --jobs J plays them in J processes (the same report).\n"
               "LEVEL: random, greedy, ismcts or rollout (default: ismcts for the Union, greedy for\n"
               "the Confederates). --iterations K and --seconds T set the budget per decision of\n"
               "ismcts (iterations) and rollout (play-outs) (default %d, %d per open decision when\n"
               "fewer, at most %.1f s).\n"
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

static void record_read(const char *line, PpRecord *recs, long ngames)
{
    long i;
    int ok;
    PpRecord r = {0};
    if (sscanf(line, "%ld %d %d %ld %ld %ld %lf %lf %lf %lf %ld", &i, &ok, &r.result, &r.decisions,
               &r.ai_decisions[0], &r.ai_decisions[1], &r.ai_seconds[0], &r.ai_seconds[1], &r.ai_worst[0],
               &r.ai_worst[1], &r.capped) != 11 ||
        i < 0 || i >= ngames)
        return;
    r.ok = ok != 0;
    r.reported = true;
    recs[i] = r;
}

/* "N/M games, R games/s, about T s left" on a terminal, five times a
 * second at most; done == total clears it. */
static void progress(long done, long total, const struct timespec *t0)
{
    static double last = -1;
    if (!isatty(STDERR_FILENO))
        return;
    if (done >= total) {
        fprintf(stderr, "\r%60s\r", "");
        return;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double secs = (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
    if (secs - last < 0.2 && done > 0)
        return;
    last = secs;
    double rate = secs > 0 ? (double)done / secs : 0;
    if (rate > 0)
        fprintf(stderr, "\r  %ld/%ld games, %.2f games/s, about %.0f s left   ", done, total, rate,
                (double)(total - done) / rate);
    else
        fprintf(stderr, "\r  %ld/%ld games   ", done, total);
}

static bool run(const PpData *pd, uint64_t seed, long ngames, int jobs, const int level[PP_SIDES],
                const PpAiBudget *b, PpRecord *recs, const struct timespec *t0)
{
    if (jobs <= 1) {
        for (long i = 0; i < ngames; i++) {
            progress(i, ngames, t0);
            play(pd, seed + (uint64_t)i, level, b, &recs[i]);
        }
        progress(ngames, ngames, t0);
        return true;
    }
    int fds[PP_SIM_MAX_JOBS];
    pid_t pids[PP_SIM_MAX_JOBS];
    fflush(NULL);
    for (int w = 0; w < jobs; w++) {
        int p[2];
        pid_t pid = -1;
        if (pipe(p) == 0 && (pid = fork()) == 0) {
            close(p[0]);
            for (int k = 0; k < w; k++)
                close(fds[k]);
            for (long i = w; i < ngames; i += jobs) {
                PpRecord r;
                char line[256];
                play(pd, seed + (uint64_t)i, level, b, &r);
                record_line(line, sizeof line, i, &r);
                if (!sim_write_all(p[1], line, strlen(line)))
                    _exit(4);
            }
            _exit(0);
        }
        if (pid < 0) {
            for (int k = 0; k < w; k++) {
                kill(pids[k], SIGTERM);
                close(fds[k]);
                waitpid(pids[k], NULL, 0);
            }
            return false;
        }
        close(p[1]);
        fds[w] = p[0];
        pids[w] = pid;
    }
    struct pollfd pf[PP_SIM_MAX_JOBS];
    char *pending[PP_SIM_MAX_JOBS] = {NULL};
    size_t plen[PP_SIM_MAX_JOBS] = {0};
    for (int w = 0; w < jobs; w++)
        pf[w] = (struct pollfd){.fd = fds[w], .events = POLLIN};
    int open_count = jobs;
    long done = 0;
    while (open_count > 0) {
        if (poll(pf, (nfds_t)jobs, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int w = 0; w < jobs; w++) {
            if (pf[w].fd < 0 || !(pf[w].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char chunk[4096];
            ssize_t got = read(pf[w].fd, chunk, sizeof chunk);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                close(pf[w].fd);
                pf[w].fd = -1;
                open_count--;
                continue;
            }
            char *p = realloc(pending[w], plen[w] + (size_t)got + 1);
            if (!p)
                continue;
            pending[w] = p;
            memcpy(p + plen[w], chunk, (size_t)got);
            plen[w] += (size_t)got;
            p[plen[w]] = '\0';
            char *nl;
            while ((nl = strchr(pending[w], '\n'))) { /* whole lines only */
                *nl = '\0';
                record_read(pending[w], recs, ngames);
                progress(++done, ngames, t0);
                size_t rest = plen[w] - (size_t)(nl + 1 - pending[w]);
                memmove(pending[w], nl + 1, rest + 1);
                plen[w] = rest;
            }
        }
    }
    for (int w = 0; w < jobs; w++) {
        waitpid(pids[w], NULL, 0);
        free(pending[w]);
    }
    progress(ngames, ngames, t0);
    return true;
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
        printf("rollout budget: %d play-outs a decision (%d rounds at most), at most %.2f s\n", b->iterations,
               b->per_choice, b->seconds);
    printf("games ended: %ld of %ld%s\n", ended, ngames, unreported ? " (some never reported)" : "");
    static const char *const what[] = {"Union wins", "Confederate wins", "ties"};
    for (int k = 0; k < 3; k++) {
        Estimate e = share95(res[k], ended);
        printf("  %-18s %6ld  %5.1f%%  (95%%: %5.1f%% - %5.1f%%)\n", what[k], res[k], 100 * e.est, 100 * e.lo,
               100 * e.hi);
    }
    printf("decisions per game: %.1f\n", ended ? (double)decisions / (double)ended : 0.0);
    for (int s = 0; s < PP_SIDES; s++)
        printf("%s %s: %.1f decisions a game with a choice; mean %.2f ms, worst %.1f ms a decision\n",
               s == 0 ? "Union" : "Confederate", pp_ai_level_name(level[s]),
               ended ? (double)aidec[s] / (double)ended : 0.0, aidec[s] ? 1000 * aisec[s] / (double)aidec[s] : 0.0,
               1000 * worst[s]);
    if (capped)
        printf("searches stopped by the time cap: %ld (those games may not replay exactly)\n", capped);
}

static int bad(const char *fmt, const char *what)
{
    fprintf(stderr, "guv sim: ");
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\n");
    usage(stderr);
    return 2;
}

int cmd_sim_pp(int argc, char **argv, const char *data_option)
{
    const char *games_s = NULL, *seed_s = NULL, *jobs_s = NULL, *data = data_option, *game = NULL;
    const char *level_s[PP_SIDES] = {"ismcts", "greedy"}, *iter_s = NULL, *secs_s = NULL;
    static const char *const names[] = {"--games", "--seed", "--jobs", "--data", "--game",
                                        "--union", "--confederate", "--iterations", "--seconds"};
    const char **slots[] = {&games_s, &seed_s, &jobs_s, &data, &game, &level_s[0], &level_s[1], &iter_s, &secs_s};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        bool found = false;
        for (size_t k = 0; k < sizeof names / sizeof *names && !found; k++) {
            size_t len = strlen(names[k]);
            if (strcmp(a, names[k]) == 0) {
                if (i + 1 >= argc)
                    return bad("%s needs a value", names[k]);
                *slots[k] = argv[++i];
                found = true;
            } else if (strncmp(a, names[k], len) == 0 && a[len] == '=') {
                *slots[k] = a + len + 1;
                found = true;
            }
        }
        if (!found)
            return bad("unexpected argument '%s'", a);
    }
    unsigned long long games, seed, jobs = 1, iters = PP_AI_DEFAULT_ITERATIONS;
    if (!games_s || !sim_parse_number(games_s, 1, PP_SIM_MAX_GAMES, &games))
        return bad("--games wants a whole number of games from 1 to 10000000, not '%s'", games_s ? games_s : "");
    if (!seed_s || !sim_parse_number(seed_s, 0, UINT64_MAX, &seed))
        return bad("--seed wants a whole number from 0 to 18446744073709551615, not '%s'", seed_s ? seed_s : "");
    if (jobs_s && !sim_parse_number(jobs_s, 1, PP_SIM_MAX_JOBS, &jobs))
        return bad("--jobs wants a number of processes from 1 to 256, not '%s'", jobs_s);
    if (iter_s && !sim_parse_number(iter_s, 1, 100000000, &iters))
        return bad("--iterations wants a whole number from 1, not '%s'", iter_s);
    PpAiBudget b = pp_ai_default_budget();
    b.iterations = (int)iters;
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
        for (int i = 0; i < d.count; i++) {
            char line[600];
            diag_format(&d.items[i], line, sizeof line);
            fprintf(stderr, "%s\n", line);
        }
        diags_free(&d);
        return 1;
    }
    diags_free(&d);
    long ngames = (long)games;
    if ((long)jobs > ngames)
        jobs = (unsigned long long)ngames;
    PpRecord *recs = calloc((size_t)ngames, sizeof *recs);
    if (!recs) {
        fprintf(stderr, "guv sim: out of memory for %ld games\n", ngames);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (!run(&pd, (uint64_t)seed, ngames, (int)jobs, level, &b, recs, &t0)) {
        fprintf(stderr, "guv sim: could not start %d worker processes: %s\n", (int)jobs, strerror(errno));
        free(recs);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    report((uint64_t)seed, ngames, level, &b, recs);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("time: %.2f s, %.2f games/s (%llu job%s)\n", secs, secs > 0 ? (double)ngames / secs : 0.0, jobs,
           jobs == 1 ? "" : "s");
    int failed = 0;
    for (long i = 0; i < ngames; i++)
        failed += !recs[i].ok;
    free(recs);
    return failed ? 1 : 0;
}
