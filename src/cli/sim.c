/* guv sim: many games of the Confederate bot (src/bot) against the Automa,
 * and what came of them.
 *
 * Game i (0-based) is played with seed S + i; the bot's own generator is
 * seeded from that seed too, so each game is the same whatever else runs.
 * With --jobs J > 1 the games are shared among J worker processes (fork):
 * worker w plays games w, w + J, w + 2J, ... and writes one text record per
 * game to its pipe; the parent reads every pipe, files each record under its
 * game's index and sums them in that order. The report is therefore the
 * same byte for byte whatever J is; only its last line, the time, differs. */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "automa/automa_state.h"
#include "bot/bot.h"
#include "cli/cli.h"
#include "cli/simstats.h"
#include "rules/game.h"

#define SIM_CAP 200000L   /* decisions before a game counts as never ending */
#define SIM_STALL 10000L  /* decisions in a row that log nothing: the game is stuck */
#define SIM_MAX_GAMES 10000000L
#define SIM_MAX_JOBS 256
#define SIM_LEGAL_MAX 20000
#define BAR_WIDTH 50

static void sim_usage(FILE *f)
{
    fprintf(f, "Usage: guv sim --games N --seed S [--jobs J] [--data DIR] [--scenario ID] [--csv FILE]\n"
               "\n"
               "Plays N games of the Confederate bot against the Automa and reports the results:\n"
               "game i (from 0) uses seed S + i. --jobs J plays them in J processes (the report is\n"
               "the same for any J). --scenario picks a solitaire scenario (default: solitaire).\n"
               "Each share comes with its 95%% interval. --csv FILE also writes one row per game\n"
               "(game, seed, ended, result, final_vp, turns, decisions, bot_decisions, end).\n"
               "On a terminal a progress line shows the games done and the time left.\n");
}

/* ---- one game's record ------------------------------------------------- */

typedef struct {
    int key, key2; /* paragraph number; or objective area number and value */
    long count;
} Tally;

typedef struct {
    Tally *v;
    int n, cap;
} TallyList;

typedef struct {
    bool reported; /* a record came for this game */
    bool ok;       /* the game came to its end */
    char fail[400];
    int result, vp, turns;
    long decisions, bot_decisions;
    char reason[160];
    TallyList para, obj;
} SimRecord;

static bool tally_add(TallyList *t, int key, int key2, long count)
{
    for (int i = 0; i < t->n; i++)
        if (t->v[i].key == key && t->v[i].key2 == key2) {
            t->v[i].count += count;
            return true;
        }
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 16;
        Tally *p = realloc(t->v, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        t->v = p;
        t->cap = cap;
    }
    t->v[t->n++] = (Tally){key, key2, count};
    return true;
}

static int tally_cmp(const void *a, const void *b)
{
    const Tally *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->key2 < y->key2 ? -1 : x->key2 > y->key2;
}

static void record_free(SimRecord *r)
{
    free(r->para.v);
    free(r->obj.v);
    memset(r, 0, sizeof *r);
}

/* Newlines would break the records: none in the texts. */
static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

/* The game's end, its paragraphs and its objectives, from the log. */
static void read_log(const Game *g, SimRecord *r)
{
    static const char over[] = "the game is over: ";
    const char *end_text = NULL;
    for (int i = 0; i < g->log.count; i++) {
        const LogEntry *e = &g->log.items[i];
        const char *t = e->text;
        if (strcmp(e->rule, "AI-OBJECTIVE") == 0 && t[0] == '[' && t[4] == ']' && t[5] == ' ' &&
            strstr(t, ", read for ")) {
            int num;
            if (sscanf(t + 1, "%3d", &num) == 1)
                tally_add(&r->para, num, 0, 1);
        }
        const char *o = strstr(t, "objective marker of value ");
        if (o) {
            int value, area;
            if (sscanf(o, "objective marker of value %d on [%d]", &value, &area) == 2)
                tally_add(&r->obj, area, value, 1);
        }
        if (strcmp(e->rule, "AI-VP-TRACK") == 0 && strncmp(t, over, sizeof over - 1) == 0)
            end_text = t + sizeof over - 1;
    }
    if (!end_text)
        end_text = g->st.result_text[0] ? g->st.result_text : "(no reason given)";
    size_t len = strcspn(end_text, ":");
    if (len >= sizeof r->reason)
        len = sizeof r->reason - 1;
    memcpy(r->reason, end_text, len);
    r->reason[len] = '\0';
    one_line(r->reason);
}

static uint64_t bot_seed(uint64_t seed) { return seed * 6364136223846793005ULL + 1442695040888963407ULL; }

static void play_game(const GameData *gd, int scenario, uint64_t seed, Decision *buf, SimRecord *r)
{
    memset(r, 0, sizeof *r);
    r->reported = true;
    Game g;
    char err[256];
    if (!game_new_options(&g, gd, scenario, seed, 0, err, sizeof err)) {
        snprintf(r->fail, sizeof r->fail, "the game could not start: %.200s", err);
        one_line(r->fail);
        return;
    }
    Rng bot;
    rng_seed(&bot, bot_seed(seed));
    /* A game going round in circles stops early: every decision the rules
     * carry out is logged, so a long run of decisions adding nothing to the
     * log is a loop (and would pile up undo snapshots until the cap). */
    int log_seen = g.log.count;
    long quiet = 0;
    while (g.st.phase != PH_GAME_OVER) {
        if (r->decisions >= SIM_CAP) {
            snprintf(r->fail, sizeof r->fail, "no end after %ld decisions (turn %d)", SIM_CAP, g.st.turn);
            break;
        }
        quiet = g.log.count == log_seen ? quiet + 1 : 0;
        log_seen = g.log.count;
        if (quiet > SIM_STALL) {
            snprintf(r->fail, sizeof r->fail,
                     "no end: stuck at turn %d, %ld decisions in a row added nothing to the log (phase %d, pending %d, "
                     "%s to move)",
                     g.st.turn, SIM_STALL, g.st.phase, g.st.pending, data_side_name(g.st.to_move));
            break;
        }
        int k = game_legal(&g, buf, SIM_LEGAL_MAX);
        if (k <= 0) {
            snprintf(r->fail, sizeof r->fail,
                     "no legal decision at turn %d (phase %d, pending %d, engagement step %d, %s to move)", g.st.turn,
                     g.st.phase, g.st.pending, AUTOMA(g.st).eng, data_side_name(g.st.to_move));
            if (getenv("GUV_SIM_DUMP"))
                for (int i = g.log.count > 12 ? g.log.count - 12 : 0; i < g.log.count; i++) {
                    char line[400];
                    log_format(&g.log.items[i], line, sizeof line);
                    fprintf(stderr, "%s\n", line);
                }
            break;
        }
        if (k > SIM_LEGAL_MAX)
            k = SIM_LEGAL_MAX;
        int pick = 0;
        if (g.st.to_move == SIDE_CONFEDERATE) {
            pick = bot_choose(&g, buf, k, &bot);
            r->bot_decisions++;
        }
        if (pick < 0 || pick >= k)
            pick = 0;
        char why[256];
        if (!game_apply(&g, &buf[pick], why, sizeof why)) {
            char text[200];
            decision_format(gd, &buf[pick], text, sizeof text);
            snprintf(r->fail, sizeof r->fail, "the legal decision '%.60s' was refused at turn %d: %.140s", text,
                     g.st.turn, why);
            break;
        }
        r->decisions++;
    }
    one_line(r->fail);
    r->ok = g.st.phase == PH_GAME_OVER && !r->fail[0];
    r->result = g.st.result;
    r->vp = AUTOMA(g.st).vp;
    r->turns = g.st.turn;
    if (r->ok)
        read_log(&g, r);
    game_free(&g);
}

/* ---- records through a pipe ------------------------------------------- */

typedef struct {
    char *p;
    size_t n, cap;
} Buf;

static bool buf_add(Buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p)
            return false;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
    return true;
}

static bool buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool buf_printf(Buf *b, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return false;
    return buf_add(b, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

static void record_write(Buf *b, long index, const SimRecord *r)
{
    buf_printf(b, "game %ld %d %d %d %d %ld %ld\n", index, r->ok ? 1 : 0, r->result, r->vp, r->turns, r->decisions,
               r->bot_decisions);
    if (r->fail[0])
        buf_printf(b, "fail %s\n", r->fail);
    buf_printf(b, "why %s\n", r->reason);
    for (int i = 0; i < r->para.n; i++)
        buf_printf(b, "p %d %ld\n", r->para.v[i].key, r->para.v[i].count);
    for (int i = 0; i < r->obj.n; i++)
        buf_printf(b, "o %d %d %ld\n", r->obj.v[i].key, r->obj.v[i].key2, r->obj.v[i].count);
    buf_printf(b, "end\n");
}

static bool write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* Files the records in text under their games. A record counts only once
 * its "end" line has come (a worker that died half-way through one leaves
 * that game unreported); records for games outside 0..ngames-1 and lines
 * that do not parse are ignored. */
static void records_parse(char *text, SimRecord *recs, long ngames)
{
    SimRecord cur = {0};
    long index = -1;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        int ok, result, vp, turns;
        long dec, botdec, at;
        if (sscanf(line, "game %ld %d %d %d %d %ld %ld", &at, &ok, &result, &vp, &turns, &dec, &botdec) == 7) {
            record_free(&cur);
            index = at >= 0 && at < ngames ? at : -1;
            cur.reported = true;
            cur.ok = ok != 0;
            cur.result = result, cur.vp = vp, cur.turns = turns;
            cur.decisions = dec, cur.bot_decisions = botdec;
        } else if (index >= 0 && strncmp(line, "fail ", 5) == 0) {
            snprintf(cur.fail, sizeof cur.fail, "%s", line + 5);
        } else if (index >= 0 && strncmp(line, "why ", 4) == 0) {
            snprintf(cur.reason, sizeof cur.reason, "%s", line + 4);
        } else if (index >= 0 && line[0] == 'p' && line[1] == ' ') {
            int num;
            long count;
            if (sscanf(line, "p %d %ld", &num, &count) == 2)
                tally_add(&cur.para, num, 0, count);
        } else if (index >= 0 && line[0] == 'o' && line[1] == ' ') {
            int area, value;
            long count;
            if (sscanf(line, "o %d %d %ld", &area, &value, &count) == 3)
                tally_add(&cur.obj, area, value, count);
        } else if (strcmp(line, "end") == 0 && index >= 0) {
            record_free(&recs[index]);
            recs[index] = cur; /* the lists move with it */
            memset(&cur, 0, sizeof cur);
            index = -1;
        }
        line = nl ? nl + 1 : NULL;
    }
    record_free(&cur);
}

static void progress(long done, long total, const struct timespec *t0);

static void run_worker(const GameData *gd, int scenario, uint64_t seed, long ngames, int jobs, int w, int fd)
{
    Decision *buf = malloc(SIM_LEGAL_MAX * sizeof *buf);
    if (!buf)
        _exit(3);
    for (long i = w; i < ngames; i += jobs) {
        SimRecord r;
        play_game(gd, scenario, seed + (uint64_t)i, buf, &r);
        Buf b = {0};
        record_write(&b, i, &r);
        bool ok = b.p && write_all(fd, b.p, b.n);
        free(b.p);
        record_free(&r);
        if (!ok)
            _exit(4);
    }
    free(buf);
    close(fd);
    _exit(0);
}

/* Plays the games in `jobs` processes; false when the workers could not be
 * started (then nothing was played). */
static bool run_parallel(const GameData *gd, int scenario, uint64_t seed, long ngames, int jobs, SimRecord *recs,
                         const struct timespec *t0)
{
    int *fds = calloc((size_t)jobs, sizeof *fds);
    pid_t *pids = calloc((size_t)jobs, sizeof *pids);
    Buf *bufs = calloc((size_t)jobs, sizeof *bufs);
    if (!fds || !pids || !bufs) {
        free(fds);
        free(pids);
        free(bufs);
        return false;
    }
    fflush(NULL); /* nothing buffered is written twice */
    int started = 0;
    for (int w = 0; w < jobs; w++) {
        int p[2];
        if (pipe(p) != 0)
            break;
        pid_t pid = fork();
        if (pid < 0) {
            close(p[0]);
            close(p[1]);
            break;
        }
        if (pid == 0) {
            close(p[0]);
            for (int k = 0; k < w; k++)
                close(fds[k]);
            run_worker(gd, scenario, seed, ngames, jobs, w, p[1]);
        }
        close(p[1]);
        fds[w] = p[0];
        pids[w] = pid;
        started++;
    }
    if (started < jobs) {
        for (int w = 0; w < started; w++) {
            kill(pids[w], SIGTERM);
            close(fds[w]);
            waitpid(pids[w], NULL, 0);
        }
        free(fds);
        free(pids);
        free(bufs);
        return false;
    }
    struct pollfd *pf = calloc((size_t)jobs, sizeof *pf);
    int open_count = jobs;
    long done = 0;
    for (int w = 0; w < jobs; w++)
        pf[w] = (struct pollfd){.fd = fds[w], .events = POLLIN};
    while (pf && open_count > 0) {
        int r = poll(pf, (nfds_t)jobs, -1);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (int w = 0; w < jobs; w++) {
            if (pf[w].fd < 0 || !(pf[w].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char chunk[65536];
            ssize_t got = read(pf[w].fd, chunk, sizeof chunk);
            if (got < 0 && errno == EINTR)
                continue;
            if (got > 0) {
                size_t from = bufs[w].n;
                buf_add(&bufs[w], chunk, (size_t)got);
                for (size_t k = from; bufs[w].p && k + 4 <= bufs[w].n; k++) /* each record ends with a line "end" */
                    if ((k == 0 || bufs[w].p[k - 1] == '\n') && memcmp(bufs[w].p + k, "end\n", 4) == 0)
                        progress(++done, ngames, t0);
                continue;
            }
            close(pf[w].fd);
            pf[w].fd = -1;
            open_count--;
        }
    }
    for (int w = 0; w < jobs; w++) {
        if (pf && pf[w].fd >= 0)
            close(pf[w].fd);
        int status = 0;
        waitpid(pids[w], &status, 0);
        if (bufs[w].p)
            records_parse(bufs[w].p, recs, ngames);
        free(bufs[w].p);
        /* games the worker never reported */
        for (long i = w; i < ngames; i += jobs)
            if (!recs[i].reported) {
                recs[i].reported = true;
                if (WIFSIGNALED(status))
                    snprintf(recs[i].fail, sizeof recs[i].fail, "its worker process was killed by signal %d",
                             WTERMSIG(status));
                else
                    snprintf(recs[i].fail, sizeof recs[i].fail, "its worker process stopped (exit status %d)",
                             WIFEXITED(status) ? WEXITSTATUS(status) : -1);
            }
    }
    free(pf);
    free(fds);
    free(pids);
    free(bufs);
    return true;
}

/* ---- the progress line -------------------------------------------------- */

/* On a terminal, "N/M games, R games/s, about T s left" on stderr, at most
 * five times a second; nothing when stderr is not a terminal. done == total
 * clears the line. */
static void progress(long done, long total, const struct timespec *t0)
{
    static double last;
    if (!isatty(STDERR_FILENO))
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double secs = (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
    if (done >= total) {
        fprintf(stderr, "\r%60s\r", "");
        return;
    }
    if (secs - last < 0.2 && done > 0)
        return;
    last = secs;
    double rate = secs > 0 ? (double)done / secs : 0;
    if (rate > 0)
        fprintf(stderr, "\r  %ld/%ld games, %.1f games/s, about %.0f s left   ", done, total, rate,
                (double)(total - done) / rate);
    else
        fprintf(stderr, "\r  %ld/%ld games   ", done, total);
}

/* ---- one row per game (--csv) ---------------------------------------- */

static const char *result_word(int r)
{
    return r == RES_UNION ? "union" : r == RES_CONFEDERATE ? "confederate" : r == RES_DRAW ? "draw" : "none";
}

/* game,seed,ended,result,final_vp,turns,decisions,bot_decisions,end (the
 * end condition quoted). False when the file cannot be written. */
static bool write_csv(const char *path, uint64_t seed, long ngames, const SimRecord *recs)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "game,seed,ended,result,final_vp,turns,decisions,bot_decisions,end\n");
    for (long i = 0; i < ngames; i++) {
        const SimRecord *r = &recs[i];
        fprintf(f, "%ld,%" PRIu64 ",%d,%s,%d,%d,%ld,%ld,\"", i, seed + (uint64_t)i, r->ok ? 1 : 0,
                r->ok ? result_word(r->result) : "none", r->vp, r->turns, r->decisions, r->bot_decisions);
        for (const char *c = r->ok ? r->reason : r->fail; *c; c++)
            fputs(*c == '"' ? "\"\"" : (char[2]){*c, 0}, f);
        fputs("\"\n", f);
    }
    bool ok = !ferror(f);
    return fclose(f) == 0 && ok;
}

/* ---- the report -------------------------------------------------------- */

static const char *area_name(const GameData *gd, int number)
{
    int a = data_area_index(gd, number);
    return a >= 0 ? gd->areas[a].name : "?";
}

typedef struct {
    const char *text;
    long count;
} Reason;

static int reason_cmp(const void *a, const void *b)
{
    const Reason *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->text, y->text);
}

static void report(const GameData *gd, const char *scenario_id, uint64_t seed, long ngames, const SimRecord *recs)
{
    const ActivationTrack *t = &gd->automa.track;
    long ended = 0, wins[4] = {0}, vp_count[256] = {0}, turns = 0, decisions = 0, botdec = 0;
    long band_count[BAND_MAX] = {0};
    TallyList para = {0}, obj = {0};
    Reason *reasons = calloc((size_t)ngames + 1, sizeof *reasons);
    int nreasons = 0;
    for (long i = 0; i < ngames; i++) {
        const SimRecord *r = &recs[i];
        if (!r->ok)
            continue;
        ended++;
        if (r->result >= 0 && r->result < 4)
            wins[r->result]++;
        if (r->vp >= 0 && r->vp < 256)
            vp_count[r->vp]++;
        for (int b = 0; b < t->nbands && b < BAND_MAX; b++)
            if (r->vp >= t->bands[b].from && r->vp <= t->bands[b].to)
                band_count[b]++;
        turns += r->turns;
        decisions += r->decisions;
        botdec += r->bot_decisions;
        for (int k = 0; k < r->para.n; k++)
            tally_add(&para, r->para.v[k].key, 0, r->para.v[k].count);
        for (int k = 0; k < r->obj.n; k++)
            tally_add(&obj, r->obj.v[k].key, r->obj.v[k].key2, r->obj.v[k].count);
        if (reasons) {
            int k = 0;
            while (k < nreasons && strcmp(reasons[k].text, r->reason) != 0)
                k++;
            if (k == nreasons)
                reasons[nreasons++] = (Reason){r->reason, 0};
            reasons[k].count++;
        }
    }
    uint64_t last = seed + (uint64_t)(ngames - 1);
    printf("guv sim: scenario %s, the Confederate bot against the Automa, seeds %" PRIu64 "-%" PRIu64 "\n",
           scenario_id, seed, last);
    printf("games: %ld\n", ngames);
    printf("ended: %ld, failed: %ld\n", ended, ngames - ended);
    for (long i = 0; i < ngames; i++)
        if (!recs[i].ok)
            printf("  failed: game %ld, seed %" PRIu64 ": %s\n", i, seed + (uint64_t)i,
                   recs[i].fail[0] ? recs[i].fail : "no record");
    printf("results (the share, and in brackets the range that holds the true share 95 times in 100):\n");
    static const struct {
        int result;
        const char *name;
    } sides[] = {{RES_UNION, "Union"}, {RES_CONFEDERATE, "Confederate"}, {RES_DRAW, "draw"}};
    for (size_t k = 0; k < sizeof sides / sizeof *sides; k++) {
        Estimate e = share95(wins[sides[k].result], ended);
        printf("  %-12s %6ld  %5.1f%%  (%.1f-%.1f%%)\n", sides[k].name, wins[sides[k].result], 100 * e.est,
               100 * e.lo, 100 * e.hi);
    }
    printf("rating bands (final VP):\n");
    for (int b = 0; b < t->nbands && b < BAND_MAX; b++) {
        Estimate e = share95(band_count[b], ended);
        printf("  %-32s VP %2d-%-2d  %ld (%.1f%%, %.1f-%.1f%%)\n", t->bands[b].name, t->bands[b].from, t->bands[b].to,
               band_count[b], 100 * e.est, 100 * e.lo, 100 * e.hi);
    }
    double vp_sum = 0, vp_sq = 0;
    for (int v = 0; v < 256; v++) {
        vp_sum += (double)v * (double)vp_count[v];
        vp_sq += (double)v * v * (double)vp_count[v];
    }
    Estimate vpm = mean95(vp_sum, vp_sq, ended);
    printf("final VP (mean %.2f, 95%% %.2f-%.2f):\n", vpm.est, vpm.lo, vpm.hi);
    long most = 0;
    for (int v = 0; v < 256; v++)
        if (vp_count[v] > most)
            most = vp_count[v];
    for (int v = 0; v < 256; v++) {
        if (!vp_count[v])
            continue;
        int len = (int)((vp_count[v] * BAR_WIDTH + most - 1) / most);
        char bar[BAR_WIDTH + 1];
        memset(bar, '#', (size_t)len);
        bar[len] = '\0';
        printf("  %2d | %-*s %ld\n", v, BAR_WIDTH, bar, vp_count[v]);
    }
    printf("mean length: %.1f turns, %.1f decisions (%.1f by the bot)\n",
           ended ? (double)turns / (double)ended : 0.0, ended ? (double)decisions / (double)ended : 0.0,
           ended ? (double)botdec / (double)ended : 0.0);
    if (ended > 0) { /* what an author may hope to see with guv sim --compare */
        double pu = (double)wins[RES_UNION] / (double)ended;
        printf("games needed to see the Union's share move (each run, 95%%, power 80%%): 2 points %ld, 5 points "
               "%ld, 10 points %ld\n",
               games_to_see(pu, 0.02), games_to_see(pu, 0.05), games_to_see(pu, 0.10));
    }
    if (para.n)
        qsort(para.v, (size_t)para.n, sizeof *para.v, tally_cmp);
    printf("paragraphs read:\n");
    for (int k = 0; k < para.n; k++) {
        const Paragraph *p = data_paragraph(gd, para.v[k].key);
        printf("  [%03d] %s: %ld\n", para.v[k].key, p ? p->title : "?", para.v[k].count);
    }
    if (obj.n)
        qsort(obj.v, (size_t)obj.n, sizeof *obj.v, tally_cmp);
    printf("objectives given:\n");
    for (int k = 0; k < obj.n; k++)
        printf("  [%03d] %s, value %d: %ld\n", obj.v[k].key, area_name(gd, obj.v[k].key), obj.v[k].key2,
               obj.v[k].count);
    if (reasons && nreasons)
        qsort(reasons, (size_t)nreasons, sizeof *reasons, reason_cmp);
    printf("end conditions:\n");
    for (int k = 0; k < nreasons; k++)
    {
        Estimate e = share95(reasons[k].count, ended);
        printf("  %s: %ld (%.1f%%, %.1f-%.1f%%)\n", reasons[k].text, reasons[k].count, 100 * e.est, 100 * e.lo,
               100 * e.hi);
    }
    free(reasons);
    free(para.v);
    free(obj.v);
}

/* ---- options ----------------------------------------------------------- */

static int bad_option(const char *fmt, const char *what)
{
    fprintf(stderr, "guv sim: ");
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\n");
    sim_usage(stderr);
    return 2;
}

/* A whole decimal number in [lo, hi]. */
static bool parse_number(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return false;
    for (const char *p = s; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

int cmd_sim(int argc, char **argv, const char *data_option)
{
    const char *games_s = NULL, *seed_s = NULL, *jobs_s = NULL, *scenario_id = "solitaire", *csv = NULL;
    const char *data = data_option;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        static const char *const names[] = {"--games", "--seed", "--jobs", "--scenario", "--data", "--csv"};
        const char **slots[] = {&games_s, &seed_s, &jobs_s, &scenario_id, &data, &csv};
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            sim_usage(stdout);
            return 0;
        }
        for (size_t k = 0; k < sizeof names / sizeof *names && !slot; k++) {
            size_t len = strlen(names[k]);
            if (strcmp(a, names[k]) == 0) {
                if (i + 1 >= argc)
                    return bad_option("%s needs a value", names[k]);
                slot = slots[k];
                *slot = argv[++i];
            } else if (strncmp(a, names[k], len) == 0 && a[len] == '=') {
                slot = slots[k];
                *slot = a + len + 1;
            }
        }
        if (!slot)
            return bad_option("unexpected argument '%s'", a);
    }
    unsigned long long games, seed, jobs = 1;
    if (!games_s)
        return bad_option("%s", "--games N is missing: how many games to play");
    if (!parse_number(games_s, 1, SIM_MAX_GAMES, &games))
        return bad_option("--games wants a whole number of games from 1 to 10000000, not '%s'", games_s);
    if (!seed_s)
        return bad_option("%s", "--seed S is missing: the seed of the first game");
    if (!parse_number(seed_s, 0, UINT64_MAX, &seed))
        return bad_option("--seed wants a whole number from 0 to 18446744073709551615, not '%s'", seed_s);
    if (jobs_s && !parse_number(jobs_s, 1, SIM_MAX_JOBS, &jobs))
        return bad_option("--jobs wants a number of processes from 1 to 256, not '%s'", jobs_s);
    if (!*scenario_id)
        return bad_option("%s", "--scenario needs a scenario id");
    GameData gd;
    if (!cli_open(data, &gd))
        return 1;
    int sc = data_scenario_index(&gd, scenario_id);
    if (sc < 0 || !gd.scenarios[sc].solitaire || !gd.automa.present) {
        fprintf(stderr, "guv sim: %s '%s'; the solitaire scenarios are:", sc < 0 ? "no scenario" : "not a solitaire scenario:",
                scenario_id);
        int any = 0;
        for (int i = 0; i < gd.nscenarios; i++)
            if (gd.scenarios[i].solitaire && gd.automa.present)
                fprintf(stderr, " %s", gd.scenarios[i].id), any++;
        fprintf(stderr, "%s\n", any ? "" : " none (the data has no Automa files)");
        sim_usage(stderr);
        gamedata_free(&gd);
        return 2;
    }
    long ngames = (long)games;
    if ((long)jobs > ngames)
        jobs = (unsigned long long)ngames; /* no idle workers */
    SimRecord *recs = calloc((size_t)ngames, sizeof *recs);
    if (!recs) {
        fprintf(stderr, "guv sim: out of memory for %ld games\n", ngames);
        gamedata_free(&gd);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (jobs > 1) {
        if (!run_parallel(&gd, sc, (uint64_t)seed, ngames, (int)jobs, recs, &t0)) {
            fprintf(stderr, "guv sim: could not start %llu worker processes: %s\n", jobs, strerror(errno));
            free(recs);
            gamedata_free(&gd);
            return 1;
        }
    } else {
        Decision *buf = malloc(SIM_LEGAL_MAX * sizeof *buf);
        if (!buf) {
            fprintf(stderr, "guv sim: out of memory\n");
            free(recs);
            gamedata_free(&gd);
            return 1;
        }
        for (long i = 0; i < ngames; i++) {
            progress(i, ngames, &t0);
            play_game(&gd, sc, (uint64_t)seed + (uint64_t)i, buf, &recs[i]);
        }
        free(buf);
    }
    progress(ngames, ngames, &t0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    report(&gd, scenario_id, (uint64_t)seed, ngames, recs);
    if (csv && !write_csv(csv, (uint64_t)seed, ngames, recs)) {
        fprintf(stderr, "guv sim: cannot write the games to %s: %s\n", csv, strerror(errno));
        for (long i = 0; i < ngames; i++)
            record_free(&recs[i]);
        free(recs);
        gamedata_free(&gd);
        return 1;
    }
    int failed = 0;
    for (long i = 0; i < ngames; i++) {
        failed += !recs[i].ok;
        record_free(&recs[i]);
    }
    printf("time: %.2f s, %.2f games/s (%llu job%s)\n", secs, secs > 0 ? (double)ngames / secs : 0.0, jobs,
           jobs == 1 ? "" : "s");
    free(recs);
    gamedata_free(&gd);
    return failed ? 1 : 0;
}
