/* The plumbing the sims of the box's other games share (simrun.h). */
#include <errno.h>
#include <stdint.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/sim_pp.h"
#include "cli/simrun.h"
#include "cli/simstats.h"

double sim_seconds_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
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
    double secs = sim_seconds_since(t0);
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

bool sim_run_games(long ngames, int jobs, const SimGames *s, const struct timespec *t0)
{
    char line[SIM_RUN_LINE];
    if (jobs <= 1) {
        for (long i = 0; i < ngames; i++) {
            progress(i, ngames, t0);
            s->play(i, line, sizeof line, s->ctx);
            line[strcspn(line, "\n")] = '\0';
            s->take(line, s->ctx);
        }
        progress(ngames, ngames, t0);
        return true;
    }
    if (jobs > SIM_RUN_MAX_JOBS)
        jobs = SIM_RUN_MAX_JOBS;
    int fds[SIM_RUN_MAX_JOBS];
    pid_t pids[SIM_RUN_MAX_JOBS];
    fflush(NULL);
    for (int w = 0; w < jobs; w++) {
        int p[2];
        pid_t pid = -1;
        if (pipe(p) == 0 && (pid = fork()) == 0) {
            close(p[0]);
            for (int k = 0; k < w; k++)
                close(fds[k]);
            for (long i = w; i < ngames; i += jobs) {
                s->play(i, line, sizeof line, s->ctx);
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
    struct pollfd pf[SIM_RUN_MAX_JOBS];
    char *pending[SIM_RUN_MAX_JOBS] = {NULL};
    size_t plen[SIM_RUN_MAX_JOBS] = {0};
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
                s->take(pending[w], s->ctx);
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

int sim_options(int argc, char **argv, const char *const *names, const char **const *slots, size_t count, char *why,
                size_t n)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return 1;
        bool found = false;
        for (size_t k = 0; k < count && !found; k++) {
            size_t len = strlen(names[k]);
            if (strcmp(a, names[k]) == 0) {
                if (i + 1 >= argc) {
                    snprintf(why, n, "%s needs a value", names[k]);
                    return 2;
                }
                *slots[k] = argv[++i];
                found = true;
            } else if (strncmp(a, names[k], len) == 0 && a[len] == '=') {
                *slots[k] = a + len + 1;
                found = true;
            }
        }
        if (!found) {
            snprintf(why, n, "unexpected argument '%s'", a);
            return 2;
        }
    }
    return 0;
}

void sim_print_share(FILE *f, const char *what, long k, long n)
{
    Estimate e = share95(k, n);
    fprintf(f, "  %-18s %6ld  %5.1f%%  (95%%: %5.1f%% - %5.1f%%)\n", what, k, 100 * e.est, 100 * e.lo, 100 * e.hi);
}

void sim_print_diags(Diags *d)
{
    for (int i = 0; i < d->count; i++) {
        char line[600];
        diag_format(&d->items[i], line, sizeof line);
        fprintf(stderr, "%s\n", line);
    }
    diags_free(d);
}

int sim_bad(void (*usage)(FILE *f), const char *fmt, const char *what)
{
    fprintf(stderr, "guv sim: ");
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\n");
    usage(stderr);
    return 2;
}

void *sim_records(long ngames, unsigned long long *jobs, size_t size)
{
    if ((long)*jobs > ngames)
        *jobs = (unsigned long long)ngames;
    void *recs = calloc((size_t)ngames, size);
    if (!recs)
        fprintf(stderr, "guv sim: out of memory for %ld games\n", ngames);
    return recs;
}

void sim_print_time(const struct timespec *t0, long ngames, int jobs)
{
    double secs = sim_seconds_since(t0);
    printf("time: %.2f s, %.2f games/s (%d job%s)\n", secs, secs > 0 ? (double)ngames / secs : 0.0, jobs,
           jobs == 1 ? "" : "s");
}

int sim_counts(const char *games_s, const char *seed_s, const char *jobs_s, unsigned long long max_games,
               unsigned long long *games, unsigned long long *seed, unsigned long long *jobs, char *why, size_t n)
{
    *jobs = 1;
    if (!games_s || !sim_parse_number(games_s, 1, max_games, games))
        snprintf(why, n, "--games wants a whole number of games from 1 to %llu, not '%s'", max_games,
                 games_s ? games_s : "");
    else if (!seed_s || !sim_parse_number(seed_s, 0, UINT64_MAX, seed))
        snprintf(why, n, "--seed wants a whole number from 0 to 18446744073709551615, not '%s'", seed_s ? seed_s : "");
    else if (jobs_s && !sim_parse_number(jobs_s, 1, SIM_RUN_MAX_JOBS, jobs))
        snprintf(why, n, "--jobs wants a number of processes from 1 to %d, not '%s'", SIM_RUN_MAX_JOBS, jobs_s);
    else
        return 0;
    return 2;
}
