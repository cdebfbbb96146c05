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
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "automa/automa.h"
#include "automa/automa_state.h"
#include "bot/bot.h"
#include "cli/cli.h"
#include "cli/sim_pp.h"
#include "cli/simcorps.h"
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
    fprintf(f, "Usage: guv sim --games N --seed S [--jobs J] [--data DIR] [--scenario ID] [--bot LEVEL]\n"
               "               [--csv FILE] [--json FILE]\n"
               "       guv sim --compare DIR_A DIR_B --games N --seed S [--jobs J] [--scenario ID] [--bot LEVEL]\n"
               "               [--csv FILE] [--json FILE]\n"
               "       guv sim --game perfect-plan --games N --seed S [--jobs J] [--union LEVEL] [--confederate LEVEL]\n"
               "               (A Perfect Plan between two computer players: guv sim --game perfect-plan --help)\n"
               "       guv sim --game red-die --games N --seed S [--field ID] [--jobs J] [--union LEVEL] [--confederate LEVEL]\n"
               "               (The Red Die of Courage between two computer players: guv sim --game red-die --help)\n"
               "\n"
               "Plays N games of the Confederate bot against the Automa and reports the results:\n"
               "game i (from 0) uses seed S + i. --jobs J plays them in J processes (the report is\n"
               "the same for any J). --scenario picks a solitaire scenario (default: solitaire).\n"
               "--bot LEVEL picks the Confederate player: simple (the default) or historical\n"
               "(Lee's plan; docs/bot.md says what each does).\n"
               "Each share comes with its 95%% interval. --csv FILE also writes one row per game\n"
               "(game, seed, ended, result, final_vp, turns, decisions, bot_decisions, end);\n"
               "--json FILE writes the same games as a JSON array, each with its paragraphs,\n"
               "objectives, each Union corps' figures and the VP by source.\n"
               "On a terminal a progress line shows the games done and the time left.\n"
               "--compare plays the same games (game i uses seed S + i in both) with two data\n"
               "folders, an author's booklet before and after an edit, and shows each figure\n"
               "side by side with the difference and its 95%% interval (* when it is not chance),\n"
               "and the paragraphs, objectives and end conditions that changed most; with --csv\n"
               "FILE the rows go to FILE.a.csv and FILE.b.csv (and --json to FILE.a.json, FILE.b.json).\n"
               "The report also gives, for each Union corps, its activations and marches, the\n"
               "share of marches that went nowhere, its engagements, interruption rolls and hits,\n"
               "when it reached the wheel and was let go, and the VP it scored; then the VP by source.\n");
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
    CorpsRecord corps; /* what each Union corps did (simcorps.h) */
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

/* The game's end (the state's result, as its last log line tells it), its
 * objectives' paragraphs and its objective markers, from the log's facts. */
static void read_log(const Game *g, SimRecord *r)
{
    for (int i = 0; i < g->log.nfacts; i++) {
        const LogFact *x = &g->log.facts[i];
        if (x->kind == LF_READ && x->c)
            tally_add(&r->para, x->a, 0, 1);
        else if (x->kind == LF_OBJECTIVE)
            tally_add(&r->obj, x->b, x->a, 1);
    }
    const char *end_text = g->st.result_text[0] ? g->st.result_text : "(no reason given)";
    size_t len = strcspn(end_text, ":");
    if (len >= sizeof r->reason)
        len = sizeof r->reason - 1;
    memcpy(r->reason, end_text, len);
    r->reason[len] = '\0';
    one_line(r->reason);
}

static int sim_bot = BOT_SIMPLE; /* --bot: set before the workers start */

static uint64_t bot_seed(uint64_t seed) { return seed * 6364136223846793005ULL + 1442695040888963407ULL; }

/* The most room a log of the games this process played so far grew to
 * (lines, facts): the next game's log gets that room at its start, instead
 * of growing by doubling and copying its lines each time. A process plays
 * one game at a time (the workers are processes). */
static int log_room, facts_room;

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
    g.light = true; /* nothing to undo or save */
    /* nobody reads the log's words (the report reads its facts), except a
     * failing game's last lines with GUV_SIM_DUMP */
    g.log.textless = !getenv("GUV_SIM_DUMP");
    log_reserve(&g.log, log_room, facts_room); /* only room: nothing read changes, and failing is harmless */
    CorpsWatch cw;
    corps_watch_start(&cw, &r->corps, &g);
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
        int k, pick = 0;
        bool bot_turn = g.st.to_move == SIDE_CONFEDERATE;
        if (bot_turn)
            pick = bot_decide(&g, sim_bot, buf, SIM_LEGAL_MAX, &bot, &k);
        else
            k = game_legal(&g, buf, SIM_LEGAL_MAX);
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
        if (bot_turn)
            r->bot_decisions++;
        if (pick < 0 || pick >= k)
            pick = 0;
        char why[256];
        corps_watch_before(&cw, &g);
        if (!game_apply(&g, &buf[pick], why, sizeof why)) {
            char text[200];
            decision_format(gd, &buf[pick], text, sizeof text);
            snprintf(r->fail, sizeof r->fail, "the legal decision '%.60s' was refused at turn %d: %.140s", text,
                     g.st.turn, why);
            break;
        }
        corps_watch_after(&cw, &r->corps, &g);
        r->decisions++;
    }
    one_line(r->fail);
    r->ok = g.st.phase == PH_GAME_OVER && !r->fail[0];
    r->result = g.st.result;
    r->vp = AUTOMA(g.st).vp;
    r->turns = g.st.turn;
    if (r->ok)
        read_log(&g, r);
    if (g.log.cap > log_room)
        log_room = g.log.cap; /* its room, not its length: a game a little longer fits too */
    if (g.log.capfacts > facts_room)
        facts_room = g.log.capfacts;
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
    const CorpsRecord *cr = &r->corps;
    for (int f = 0; f < cr->nf; f++) {
        const CorpsGame *c = &cr->corps[f];
        buf_printf(b, "c %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", f, c->activations, c->marches, c->nowhere,
                   c->hexes, c->engagements, c->interrupts, c->called_off, c->hits_dealt, c->hits_taken, c->steps_lost,
                   c->wheel_turn, c->release_turn, c->vp_objective);
    }
    for (int side = 0; side < SIDE_COUNT; side++)
        for (int k = 0; k < VS_COUNT; k++)
            if (cr->vp[side][k])
                buf_printf(b, "v %d %d %d\n", side, k, cr->vp[side][k]);
    buf_printf(b, "end\n");
}

bool sim_write_all(int fd, const char *p, size_t n)
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
        } else if (index >= 0 && line[0] == 'c' && line[1] == ' ') {
            int f;
            CorpsGame c;
            if (sscanf(line, "c %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &f, &c.activations, &c.marches, &c.nowhere,
                       &c.hexes, &c.engagements, &c.interrupts, &c.called_off, &c.hits_dealt, &c.hits_taken,
                       &c.steps_lost, &c.wheel_turn, &c.release_turn, &c.vp_objective) == 14 &&
                f >= 0 && f < AUTOMA_MAX_FORMATIONS) {
                cur.corps.corps[f] = c;
                if (f + 1 > cur.corps.nf)
                    cur.corps.nf = f + 1;
            }
        } else if (index >= 0 && line[0] == 'v' && line[1] == ' ') {
            int side, k, points;
            if (sscanf(line, "v %d %d %d", &side, &k, &points) == 3 && side >= 0 && side < SIDE_COUNT && k >= 0 &&
                k < VS_COUNT)
                cur.corps.vp[side][k] = points;
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
        bool ok = b.p && sim_write_all(fd, b.p, b.n);
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

/* ---- one object per game (--json) -------------------------------------- */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* A JSON array, one object per game: the CSV's fields, then the
 * paragraphs read, the objectives given, each Union corps' figures and the
 * VP by source. False when the file cannot be written. */
static bool write_json(const char *path, const GameData *gd, uint64_t seed, long ngames, const SimRecord *recs)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "[\n");
    for (long i = 0; i < ngames; i++) {
        const SimRecord *r = &recs[i];
        fprintf(f, "{\"game\": %ld, \"seed\": %" PRIu64 ", \"ended\": %s, \"result\": \"%s\", \"final_vp\": %d, ", i,
                seed + (uint64_t)i, r->ok ? "true" : "false", r->ok ? result_word(r->result) : "none", r->vp);
        fprintf(f, "\"turns\": %d, \"decisions\": %ld, \"bot_decisions\": %ld, \"end\": ", r->turns, r->decisions,
                r->bot_decisions);
        json_string(f, r->ok ? r->reason : r->fail);
        fprintf(f, ",\n \"paragraphs\": {");
        for (int k = 0; k < r->para.n; k++)
            fprintf(f, "%s\"%03d\": %ld", k ? ", " : "", r->para.v[k].key, r->para.v[k].count);
        fprintf(f, "},\n \"objectives\": [");
        for (int k = 0; k < r->obj.n; k++)
            fprintf(f, "%s{\"area\": %d, \"value\": %d, \"count\": %ld}", k ? ", " : "", r->obj.v[k].key,
                    r->obj.v[k].key2, r->obj.v[k].count);
        fprintf(f, "],\n \"corps\": [");
        for (int c = 0; c < r->corps.nf; c++) {
            const CorpsGame *x = &r->corps.corps[c];
            fprintf(f, "%s\n  {\"name\": ", c ? "," : "");
            json_string(f, automa_formation_name(gd, c));
            fprintf(f,
                    ", \"activations\": %d, \"marches\": %d, \"marches_nowhere\": %d, \"hexes_marched\": %d, "
                    "\"engagements\": %d, \"interruption_rolls\": %d, \"called_off\": %d, \"hits_dealt\": %d, "
                    "\"hits_taken\": %d, \"steps_lost\": %d, \"wheel_turn\": %d, \"wheel_release_turn\": %d, "
                    "\"vp_scored\": %d}",
                    x->activations, x->marches, x->nowhere, x->hexes, x->engagements, x->interrupts, x->called_off,
                    x->hits_dealt, x->hits_taken, x->steps_lost, x->wheel_turn, x->release_turn, x->vp_objective);
        }
        fprintf(f, "],\n \"vp\": {");
        for (int side = 0; side < SIDE_COUNT; side++) {
            fprintf(f, "%s\"%s\": {", side ? ", " : "", side == SIDE_UNION ? "union" : "confederate");
            for (int k = 0; k < VS_COUNT; k++) {
                fprintf(f, "%s", k ? ", " : "");
                json_string(f, vp_source_name(k));
                fprintf(f, ": %d", r->corps.vp[side][k]);
            }
            fprintf(f, "}");
        }
        fprintf(f, "}}%s\n", i + 1 < ngames ? "," : "");
    }
    fprintf(f, "]\n");
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

/* What a run of games came to: the sums the reports are made of. */
typedef struct {
    long ended, wins[4], vp_count[256], turns, decisions, botdec;
    long band_count[BAND_MAX];
    double turns_sq;
    TallyList para, obj;
    Reason *reasons;
    int nreasons;
} Summary;

static void summarize(const GameData *gd, long ngames, const SimRecord *recs, Summary *m)
{
    const ActivationTrack *t = &gd->automa.track;
    memset(m, 0, sizeof *m);
    m->reasons = calloc((size_t)ngames + 1, sizeof *m->reasons);
    for (long i = 0; i < ngames; i++) {
        const SimRecord *r = &recs[i];
        if (!r->ok)
            continue;
        m->ended++;
        if (r->result >= 0 && r->result < 4)
            m->wins[r->result]++;
        if (r->vp >= 0 && r->vp < 256)
            m->vp_count[r->vp]++;
        for (int b = 0; b < t->nbands && b < BAND_MAX; b++)
            if (r->vp >= t->bands[b].from && r->vp <= t->bands[b].to)
                m->band_count[b]++;
        m->turns += r->turns;
        m->turns_sq += (double)r->turns * r->turns;
        m->decisions += r->decisions;
        m->botdec += r->bot_decisions;
        for (int k = 0; k < r->para.n; k++)
            tally_add(&m->para, r->para.v[k].key, 0, r->para.v[k].count);
        for (int k = 0; k < r->obj.n; k++)
            tally_add(&m->obj, r->obj.v[k].key, r->obj.v[k].key2, r->obj.v[k].count);
        if (m->reasons) {
            int k = 0;
            while (k < m->nreasons && strcmp(m->reasons[k].text, r->reason) != 0)
                k++;
            if (k == m->nreasons)
                m->reasons[m->nreasons++] = (Reason){r->reason, 0};
            m->reasons[k].count++;
        }
    }
    if (m->para.n)
        qsort(m->para.v, (size_t)m->para.n, sizeof *m->para.v, tally_cmp);
    if (m->obj.n)
        qsort(m->obj.v, (size_t)m->obj.n, sizeof *m->obj.v, tally_cmp);
    if (m->reasons && m->nreasons)
        qsort(m->reasons, (size_t)m->nreasons, sizeof *m->reasons, reason_cmp);
}

static void summary_free(Summary *m)
{
    free(m->reasons);
    free(m->para.v);
    free(m->obj.v);
}

/* The final VP's mean with its interval. */
static Estimate vp_mean(const Summary *m)
{
    double sum = 0, sq = 0;
    for (int v = 0; v < 256; v++) {
        sum += (double)v * (double)m->vp_count[v];
        sq += (double)v * v * (double)m->vp_count[v];
    }
    return mean95(sum, sq, m->ended);
}

/* ---- the Union's corps ------------------------------------------------- */

/* Sums over the ended games of one figure per game, for its mean; or of a
 * pair (x of n) for a ratio. */
typedef struct {
    double s, ss;
} Sum1;
typedef struct {
    double sx, sn, sxx, snn, sxn;
} Sum2;

static void sum1(Sum1 *a, double v) { a->s += v, a->ss += v * v; }
static void sum2(Sum2 *a, double x, double n) { a->sx += x, a->sn += n, a->sxx += x * x, a->snn += n * n, a->sxn += x * n; }
static Estimate mean_of(const Sum1 *a, long games) { return mean95(a->s, a->ss, games); }
static Estimate ratio_of(const Sum2 *a, long games) { return ratio95(a->sx, a->sn, a->sxx, a->snn, a->sxn, games); }

/* Counts per game are never below 0: nor are their ranges. */
static void print_mean(const char *before, Estimate e, const char *after)
{
    printf("%s%.1f (%.1f-%.1f)%s", before, e.est, e.lo > 0 ? e.lo : 0.0, e.hi, after);
}

static void print_share(const char *before, Estimate e, const char *after)
{
    printf("%s%.0f%% (%.0f-%.0f%%)%s", before, 100 * e.est, e.lo > 0 ? 100 * e.lo : 0.0, 100 * e.hi, after);
}

/* One corps' figures summed over the ended games. */
typedef struct {
    Sum1 acts, marches, eng, dealt, taken, lost, vp, wturn, rturn;
    Sum2 nowhere, hexes, called;
    long on_wheel, released;
} CorpsSums;

static void corps_sums(const SimRecord *recs, long ngames, int f, CorpsSums *cs)
{
    memset(cs, 0, sizeof *cs);
    for (long i = 0; i < ngames; i++) {
        if (!recs[i].ok || f < 0 || f >= AUTOMA_MAX_FORMATIONS)
            continue;
        const CorpsGame *c = &recs[i].corps.corps[f];
        sum1(&cs->acts, c->activations);
        sum1(&cs->marches, c->marches);
        sum2(&cs->nowhere, c->nowhere, c->marches);
        sum2(&cs->hexes, c->hexes, c->marches - c->nowhere);
        sum1(&cs->eng, c->engagements);
        sum2(&cs->called, c->called_off, c->interrupts);
        sum1(&cs->dealt, c->hits_dealt);
        sum1(&cs->taken, c->hits_taken);
        sum1(&cs->lost, c->steps_lost);
        sum1(&cs->vp, c->vp_objective);
        if (c->wheel_turn) {
            cs->on_wheel++;
            sum1(&cs->wturn, c->wheel_turn);
        }
        if (c->release_turn) {
            cs->released++;
            sum1(&cs->rturn, c->release_turn);
        }
    }
}

/* The VP side scored from source k, summed over the ended games. */
static Sum1 vp_source_sum(const SimRecord *recs, long ngames, int side, int k)
{
    Sum1 a = {0};
    for (long i = 0; i < ngames; i++)
        if (recs[i].ok)
            sum1(&a, recs[i].corps.vp[side][k]);
    return a;
}

/* Per corps: its activations and marches, the marches that went nowhere,
 * its engagements and their interruption rolls and hits, its losses, the
 * wheel, and the VP its objectives brought; then the VP by source. */
static void report_corps(const GameData *gd, long ngames, const SimRecord *recs)
{
    long ended = 0;
    for (long i = 0; i < ngames; i++)
        ended += recs[i].ok;
    if (!ended)
        return;
    int nf = gd->automa.nformations < AUTOMA_MAX_FORMATIONS ? gd->automa.nformations : AUTOMA_MAX_FORMATIONS;
    printf("the Union's corps (means per game with their 95%% ranges; a share's range is worked out over the games,\n"
           "not the marches or rolls, which are not independent):\n");
    for (int f = 0; f < nf; f++) {
        CorpsSums cs;
        corps_sums(recs, ngames, f, &cs);
        printf("  %s:\n", automa_formation_name(gd, f));
        print_mean("    activations ", mean_of(&cs.acts, ended), ", ");
        print_mean("marches ", mean_of(&cs.marches, ended), "");
        if (cs.nowhere.sn > 0)
            print_share(": ", ratio_of(&cs.nowhere, ended), " went nowhere");
        if (cs.hexes.sn > 0)
            print_mean(", the others covered ", ratio_of(&cs.hexes, ended), " hexes");
        printf("\n");
        print_mean("    engagements ", mean_of(&cs.eng, ended), ", ");
        print_mean("hits dealt ", mean_of(&cs.dealt, ended), ", ");
        print_mean("taken ", mean_of(&cs.taken, ended), ", ");
        print_mean("steps lost ", mean_of(&cs.lost, ended), "\n");
        if (cs.called.sn > 0) {
            printf("    interruption rolls %.1f a game, ", cs.called.sn / (double)ended);
            print_share("", ratio_of(&cs.called, ended), " of them calling the attack off\n");
        }
        print_share("    on the wheel in ", share95(cs.on_wheel, ended), " of the games");
        if (cs.on_wheel)
            print_mean(", from turn ", mean_of(&cs.wturn, cs.on_wheel), "");
        print_share("; let go in ", share95(cs.released, ended), "");
        if (cs.released)
            print_mean(", on turn ", mean_of(&cs.rturn, cs.released), "");
        printf("\n");
        print_mean("    VP it scored for the Union (objectives, paragraphs) ", mean_of(&cs.vp, ended), "\n");
    }
    printf("VP by source (mean per game, 95%% range):  %-22s %s\n", "Union", "Confederates");
    for (int k = 0; k < VS_COUNT; k++) {
        Sum1 su = vp_source_sum(recs, ngames, SIDE_UNION, k), sc = vp_source_sum(recs, ngames, SIDE_CONFEDERATE, k);
        Estimate u = mean_of(&su, ended), c = mean_of(&sc, ended);
        char a[40], b[40];
        snprintf(a, sizeof a, "%.2f (%.2f-%.2f)", u.est, u.lo, u.hi);
        snprintf(b, sizeof b, "%.2f (%.2f-%.2f)", c.est, c.lo, c.hi);
        printf("  %-39s %-22s %s\n", vp_source_name(k), a, b);
    }
}

static void report(const GameData *gd, const char *scenario_id, uint64_t seed, long ngames, const SimRecord *recs)
{
    const ActivationTrack *t = &gd->automa.track;
    Summary m;
    summarize(gd, ngames, recs, &m);
    long ended = m.ended, turns = m.turns, decisions = m.decisions, botdec = m.botdec;
    const long *wins = m.wins, *vp_count = m.vp_count, *band_count = m.band_count;
    TallyList para = m.para, obj = m.obj;
    Reason *reasons = m.reasons;
    int nreasons = m.nreasons;
    uint64_t last = seed + (uint64_t)(ngames - 1);
    printf("guv sim: scenario %s, the Confederate bot (%s) against the Automa, seeds %" PRIu64 "-%" PRIu64 "\n",
           scenario_id, bot_level_name(sim_bot), seed, last);
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
    Estimate vpm = vp_mean(&m);
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
    report_corps(gd, ngames, recs);
    printf("paragraphs read:\n");
    for (int k = 0; k < para.n; k++) {
        const Paragraph *p = data_paragraph(gd, para.v[k].key);
        printf("  [%03d] %s: %ld\n", para.v[k].key, p ? p->title : "?", para.v[k].count);
    }
    printf("objectives given:\n");
    for (int k = 0; k < obj.n; k++)
        printf("  [%03d] %s, value %d: %ld\n", obj.v[k].key, area_name(gd, obj.v[k].key), obj.v[k].key2,
               obj.v[k].count);
    printf("end conditions:\n");
    for (int k = 0; k < nreasons; k++)
    {
        Estimate e = share95(reasons[k].count, ended);
        printf("  %s: %ld (%.1f%%, %.1f-%.1f%%)\n", reasons[k].text, reasons[k].count, 100 * e.est, 100 * e.lo,
               100 * e.hi);
    }
    summary_free(&m);
}

/* ---- two data folders, the same games (--compare) ---------------------- */

static void compare_share(const char *name, long ka, long kb, long na, long nb)
{
    Estimate a = share95(ka, na), b = share95(kb, nb), d = share_diff95(ka, na, kb, nb);
    printf("  %-40s %5.1f%% (%4.1f-%4.1f)  %5.1f%% (%4.1f-%4.1f)  %+5.1f (%+.1f to %+.1f)%s\n", name, 100 * a.est,
           100 * a.lo, 100 * a.hi, 100 * b.est, 100 * b.lo, 100 * b.hi, 100 * d.est, 100 * d.lo, 100 * d.hi,
           estimate_significant(d) ? " *" : "");
}

typedef struct {
    int key, key2;
    double a, b; /* per game */
} Change;

static int change_cmp(const void *x, const void *y)
{
    const Change *p = x, *q = y;
    double dp = fabs(p->a - p->b), dq = fabs(q->a - q->b);
    if (dp != dq)
        return dp > dq ? -1 : 1;
    if (p->key != q->key)
        return p->key < q->key ? -1 : 1;
    return p->key2 < q->key2 ? -1 : p->key2 > q->key2;
}

/* The tallies of both runs side by side, per game, the largest changes first (up to 10). */
static int changes(const TallyList *a, long na, const TallyList *b, long nb, Change *out, int max)
{
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        const TallyList *t = pass ? b : a;
        for (int i = 0; i < t->n && n < max; i++) {
            int k = 0;
            while (k < n && !(out[k].key == t->v[i].key && out[k].key2 == t->v[i].key2))
                k++;
            if (k == n)
                out[n++] = (Change){t->v[i].key, t->v[i].key2, 0, 0};
            double per = (double)t->v[i].count / (double)(pass ? (nb ? nb : 1) : (na ? na : 1));
            if (pass)
                out[k].b = per;
            else
                out[k].a = per;
        }
    }
    qsort(out, (size_t)n, sizeof *out, change_cmp);
    return n < 10 ? n : 10;
}

static void compare_means(const char *name, const Sum1 *a, long na, const Sum1 *b, long nb)
{
    Estimate ea = mean95(a->s, a->ss, na), eb = mean95(b->s, b->ss, nb);
    Estimate d = mean_diff95(a->s, a->ss, na, b->s, b->ss, nb);
    printf("  %-40s %5.2f (%5.2f-%5.2f)  %5.2f (%5.2f-%5.2f)  %+5.2f (%+.2f to %+.2f)%s\n", name, ea.est,
           ea.lo > 0 ? ea.lo : 0.0, ea.hi, eb.est, eb.lo > 0 ? eb.lo : 0.0, eb.hi, d.est, d.lo, d.hi,
           estimate_significant(d) ? " *" : "");
}

static void compare_ratios(const char *name, const Sum2 *a, long na, const Sum2 *b, long nb)
{
    Estimate ea = ratio_of(a, na), eb = ratio_of(b, nb), d = ratio_diff95(ea, eb);
    printf("  %-40s %5.1f%% (%4.1f-%4.1f)  %5.1f%% (%4.1f-%4.1f)  %+5.1f (%+.1f to %+.1f)%s\n", name, 100 * ea.est,
           ea.lo > 0 ? 100 * ea.lo : 0.0, 100 * ea.hi, 100 * eb.est, eb.lo > 0 ? 100 * eb.lo : 0.0, 100 * eb.hi,
           100 * d.est, 100 * d.lo, 100 * d.hi, estimate_significant(d) ? " *" : "");
}

/* Each corps of A beside its namesake in B: the marches that went
 * nowhere, its engagements and the VP it scored; then each side's VP by
 * source. */
static void compare_corps(const GameData *gda, long ngames, const SimRecord *ra, long na, const GameData *gdb,
                          const SimRecord *rb, long nb)
{
    printf("the Union's corps (shares of marches; engagements and VP a game):\n");
    for (int f = 0; f < gda->automa.nformations && f < AUTOMA_MAX_FORMATIONS; f++) {
        const char *name = automa_formation_name(gda, f);
        int g = -1;
        for (int k = 0; k < gdb->automa.nformations && k < AUTOMA_MAX_FORMATIONS && g < 0; k++)
            if (strcmp(automa_formation_name(gdb, k), name) == 0)
                g = k;
        if (g < 0)
            continue; /* not in B */
        CorpsSums a, b;
        corps_sums(ra, ngames, f, &a);
        corps_sums(rb, ngames, g, &b);
        char what[96];
        snprintf(what, sizeof what, "%.22s: went nowhere", name);
        if (a.nowhere.sn > 0 && b.nowhere.sn > 0)
            compare_ratios(what, &a.nowhere, na, &b.nowhere, nb);
        snprintf(what, sizeof what, "%.22s: engagements", name);
        compare_means(what, &a.eng, na, &b.eng, nb);
        snprintf(what, sizeof what, "%.22s: VP scored", name);
        compare_means(what, &a.vp, na, &b.vp, nb);
    }
    printf("VP by source, a game:\n");
    for (int sd = 0; sd < SIDE_COUNT; sd++)
        for (int k = 0; k < VS_COUNT; k++) {
            Sum1 a = vp_source_sum(ra, ngames, sd, k), b = vp_source_sum(rb, ngames, sd, k);
            if (a.s == 0 && b.s == 0)
                continue;
            char what[96];
            snprintf(what, sizeof what, "%s: %s", sd == SIDE_UNION ? "Union" : "Confederates", vp_source_name(k));
            compare_means(what, &a, na, &b, nb);
        }
}

static void report_compare(const GameData *gda, const char *dira, const GameData *gdb, const char *dirb,
                           const char *scenario_id, uint64_t seed, long ngames, const SimRecord *ra,
                           const SimRecord *rb)
{
    Summary a, b;
    summarize(gda, ngames, ra, &a);
    summarize(gdb, ngames, rb, &b);
    printf("guv sim --compare: scenario %s, the Confederate bot (%s), the same games in both (game i uses seed %" PRIu64
           " + i in A and B)\n",
           scenario_id, bot_level_name(sim_bot), seed);
    printf("  A: %s\n  B: %s\n", dira, dirb);
    printf("games: %ld; ended: A %ld, B %ld\n", ngames, a.ended, b.ended);
    printf("each figure in A and in B with its 95%% range, then A - B with its range; * marks a difference\n"
           "whose range leaves out 0: an effect of the edit, not chance\n");
    printf("  %-40s %-18s  %-18s  %s\n", "", "A", "B", "A - B (points)");
    compare_share("Union wins", a.wins[RES_UNION], b.wins[RES_UNION], a.ended, b.ended);
    compare_share("Confederate wins", a.wins[RES_CONFEDERATE], b.wins[RES_CONFEDERATE], a.ended, b.ended);
    compare_share("draws", a.wins[RES_DRAW], b.wins[RES_DRAW], a.ended, b.ended);
    const ActivationTrack *t = &gda->automa.track;
    for (int k = 0; k < t->nbands && k < BAND_MAX; k++)
        compare_share(t->bands[k].name, a.band_count[k], b.band_count[k], a.ended, b.ended);
    Estimate va = vp_mean(&a), vb = vp_mean(&b);
    double sa = 0, qa = 0, sb = 0, qb = 0;
    for (int v = 0; v < 256; v++) {
        sa += (double)v * (double)a.vp_count[v], qa += (double)v * v * (double)a.vp_count[v];
        sb += (double)v * (double)b.vp_count[v], qb += (double)v * v * (double)b.vp_count[v];
    }
    Estimate dv = mean_diff95(sa, qa, a.ended, sb, qb, b.ended);
    printf("  %-40s %5.2f (%5.2f-%5.2f)  %5.2f (%5.2f-%5.2f)  %+5.2f (%+.2f to %+.2f)%s\n", "mean final VP", va.est,
           va.lo, va.hi, vb.est, vb.lo, vb.hi, dv.est, dv.lo, dv.hi, estimate_significant(dv) ? " *" : "");
    Estimate ta = mean95((double)a.turns, a.turns_sq, a.ended), tb = mean95((double)b.turns, b.turns_sq, b.ended);
    Estimate dt = mean_diff95((double)a.turns, a.turns_sq, a.ended, (double)b.turns, b.turns_sq, b.ended);
    printf("  %-40s %5.2f (%5.2f-%5.2f)  %5.2f (%5.2f-%5.2f)  %+5.2f (%+.2f to %+.2f)%s\n", "mean length (turns)",
           ta.est, ta.lo, ta.hi, tb.est, tb.lo, tb.hi, dt.est, dt.lo, dt.hi, estimate_significant(dt) ? " *" : "");
    compare_corps(gda, ngames, ra, a.ended, gdb, rb, b.ended);
    Change ch[512];
    int n = changes(&a.para, a.ended, &b.para, b.ended, ch, 512);
    printf("paragraphs read per game, the largest changes:\n");
    for (int k = 0; k < n; k++) {
        const Paragraph *pa = data_paragraph(gda, ch[k].key);
        printf("  [%03d] %-40s A %5.2f  B %5.2f  %+.2f\n", ch[k].key, pa ? pa->title : "?", ch[k].a, ch[k].b,
               ch[k].a - ch[k].b);
    }
    n = changes(&a.obj, a.ended, &b.obj, b.ended, ch, 512);
    printf("objectives given per game, the largest changes:\n");
    for (int k = 0; k < n; k++) {
        char what[96];
        snprintf(what, sizeof what, "%s, value %d", area_name(gda, ch[k].key), ch[k].key2);
        printf("  [%03d] %-40s A %5.2f  B %5.2f  %+.2f\n", ch[k].key, what, ch[k].a, ch[k].b, ch[k].a - ch[k].b);
    }
    printf("end conditions, the largest changes:\n");
    for (int k = 0; k < a.nreasons + b.nreasons && k < 20; k++) {
        const Reason *r = k < a.nreasons ? &a.reasons[k] : &b.reasons[k - a.nreasons];
        bool seen = false; /* each condition once: B's only when A never had it */
        for (int j = 0; j < a.nreasons && k >= a.nreasons && !seen; j++)
            seen = strcmp(a.reasons[j].text, r->text) == 0;
        if (seen)
            continue;
        long ca = 0, cb = 0;
        for (int j = 0; j < a.nreasons; j++)
            if (strcmp(a.reasons[j].text, r->text) == 0)
                ca = a.reasons[j].count;
        for (int j = 0; j < b.nreasons; j++)
            if (strcmp(b.reasons[j].text, r->text) == 0)
                cb = b.reasons[j].count;
        compare_share(r->text, ca, cb, a.ended, b.ended);
    }
    summary_free(&a);
    summary_free(&b);
}

/* The games, in this process or in `jobs` workers; false (and why on
 * stderr) when they could not be played at all. */
static bool run_games(const GameData *gd, int sc, uint64_t seed, long ngames, int jobs, SimRecord *recs,
                      const struct timespec *t0)
{
    if (jobs > 1) {
        if (!run_parallel(gd, sc, seed, ngames, jobs, recs, t0)) {
            fprintf(stderr, "guv sim: could not start %d worker processes: %s\n", jobs, strerror(errno));
            return false;
        }
    } else {
        Decision *buf = malloc(SIM_LEGAL_MAX * sizeof *buf);
        if (!buf) {
            fprintf(stderr, "guv sim: out of memory\n");
            return false;
        }
        for (long i = 0; i < ngames; i++) {
            progress(i, ngames, t0);
            play_game(gd, sc, seed + (uint64_t)i, buf, &recs[i]);
        }
        free(buf);
    }
    progress(ngames, ngames, t0);
    return true;
}

/* A solitaire scenario of this data, else -1 with the list of them said. */
static int solitaire_scenario(const GameData *gd, const char *id)
{
    int sc = data_scenario_index(gd, id);
    if (sc >= 0 && gd->scenarios[sc].solitaire && gd->automa.present)
        return sc;
    fprintf(stderr, "guv sim: %s '%s'; the solitaire scenarios are:", sc < 0 ? "no scenario" : "not a solitaire scenario:",
            id);
    int any = 0;
    for (int i = 0; i < gd->nscenarios; i++)
        if (gd->scenarios[i].solitaire && gd->automa.present)
            fprintf(stderr, " %s", gd->scenarios[i].id), any++;
    fprintf(stderr, "%s\n", any ? "" : " none (the data has no Automa files)");
    return -1;
}

/* The peak resident memory of the largest worker (jobs > 1), or of this
 * process when it played the games itself, for the time line. */
static const char *peak_memory(int jobs)
{
    static char text[80];
    struct rusage ru;
    if (getrusage(jobs > 1 ? RUSAGE_CHILDREN : RUSAGE_SELF, &ru) != 0)
        return "peak memory unknown";
    snprintf(text, sizeof text, "peak memory %.1f MB %s", (double)ru.ru_maxrss / 1024.0,
             jobs > 1 ? "per worker" : "(one process)");
    return text;
}

/* guv sim --compare A B: the same games with two data folders. */
static int run_compare(const char *const dirs[2], const char *scenario_id, uint64_t seed, long ngames, int jobs,
                       const char *csv, const char *json)
{
    GameData gd[2];
    SimRecord *recs[2] = {NULL, NULL};
    int sc[2], opened = 0, rc = 1;
    for (int k = 0; k < 2; k++) {
        char probe[4200];
        snprintf(probe, sizeof probe, "%s/config/map.ini", dirs[k]);
        if (access(probe, R_OK) != 0) {
            fprintf(stderr,
                    "guv sim: --compare names '%s', which has no config/map.ini: give two folders that each hold "
                    "config/ and booklet/ (a copy of the data with your edit, and the data as it was)\n",
                    dirs[k]);
            rc = 2;
            goto done;
        }
        if (!cli_open(dirs[k], &gd[k]))
            goto done;
        opened++;
        if ((sc[k] = solitaire_scenario(&gd[k], scenario_id)) < 0) {
            fprintf(stderr, "  (in %s)\n", dirs[k]);
            rc = 2;
            goto done;
        }
        recs[k] = calloc((size_t)ngames, sizeof *recs[k]);
        if (!recs[k]) {
            fprintf(stderr, "guv sim: out of memory for %ld games\n", ngames);
            goto done;
        }
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < 2; k++)
        if (!run_games(&gd[k], sc[k], seed, ngames, jobs, recs[k], &t0))
            goto done;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    report_compare(&gd[0], dirs[0], &gd[1], dirs[1], scenario_id, seed, ngames, recs[0], recs[1]);
    if (csv) { /* A's rows, then B's, the folder in front */
        char path[4096];
        for (int k = 0; k < 2; k++) {
            snprintf(path, sizeof path, "%s.%c.csv", csv, 'a' + k);
            if (!write_csv(path, seed, ngames, recs[k])) {
                fprintf(stderr, "guv sim: cannot write the games to %s: %s\n", path, strerror(errno));
                goto done;
            }
        }
    }
    if (json) {
        char path[4096];
        for (int k = 0; k < 2; k++) {
            snprintf(path, sizeof path, "%s.%c.json", json, 'a' + k);
            if (!write_json(path, &gd[k], seed, ngames, recs[k])) {
                fprintf(stderr, "guv sim: cannot write the games to %s: %s\n", path, strerror(errno));
                goto done;
            }
        }
    }
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("time: %.2f s, %.2f games/s (%d job%s), %s\n", secs, secs > 0 ? 2.0 * (double)ngames / secs : 0.0, jobs,
           jobs == 1 ? "" : "s", peak_memory(jobs));
    rc = 0;
    for (int k = 0; k < 2; k++)
        for (long i = 0; i < ngames; i++)
            rc |= !recs[k][i].ok;
done:
    for (int k = 0; k < 2; k++) {
        if (recs[k])
            for (long i = 0; i < ngames; i++)
                record_free(&recs[k][i]);
        free(recs[k]);
        if (k < opened)
            gamedata_free(&gd[k]);
    }
    return rc;
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

/* A whole decimal number in [lo, hi] (sim_pp.h). */
bool sim_parse_number(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out)
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
    /* --game picks the game: the base game (the default, below), A
     * Perfect Plan (sim_pp.c) or The Red Die of Courage (sim_rd.c). */
    for (int i = 1; i < argc; i++) {
        const char *game = strcmp(argv[i], "--game") == 0 && i + 1 < argc ? argv[i + 1]
                           : strncmp(argv[i], "--game=", 7) == 0            ? argv[i] + 7
                                                                            : NULL;
        if (!game)
            continue;
        if (strcmp(game, "perfect-plan") == 0)
            return cmd_sim_pp(argc, argv, data_option);
        if (strcmp(game, "red-die") == 0)
            return cmd_sim_rd(argc, argv, data_option);
        if (strcmp(game, "base") != 0)
            return bad_option("--game wants base, perfect-plan or red-die, not '%s'", game);
        /* the base game: drop the option */
        int skip = strcmp(argv[i], "--game") == 0 ? 2 : 1;
        for (int k = i; k + skip < argc; k++)
            argv[k] = argv[k + skip];
        argc -= skip;
        i--;
    }
    const char *games_s = NULL, *seed_s = NULL, *jobs_s = NULL, *scenario_id = "solitaire", *csv = NULL;
    const char *bot_s = NULL, *json = NULL;
    const char *data = data_option, *cmp[2] = {NULL, NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (strcmp(a, "--compare") == 0) { /* two data folders */
            if (i + 2 >= argc || strncmp(argv[i + 1], "--", 2) == 0 || strncmp(argv[i + 2], "--", 2) == 0)
                return bad_option("%s", "--compare needs two data folders: --compare DIR_A DIR_B");
            cmp[0] = argv[++i];
            cmp[1] = argv[++i];
            continue;
        }
        static const char *const names[] = {"--games", "--seed", "--jobs", "--scenario", "--data", "--csv", "--bot",
                                            "--json"};
        const char **slots[] = {&games_s, &seed_s, &jobs_s, &scenario_id, &data, &csv, &bot_s, &json};
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
    if (!sim_parse_number(games_s, 1, SIM_MAX_GAMES, &games))
        return bad_option("--games wants a whole number of games from 1 to 10000000, not '%s'", games_s);
    if (!seed_s)
        return bad_option("%s", "--seed S is missing: the seed of the first game");
    if (!sim_parse_number(seed_s, 0, UINT64_MAX, &seed))
        return bad_option("--seed wants a whole number from 0 to 18446744073709551615, not '%s'", seed_s);
    if (jobs_s && !sim_parse_number(jobs_s, 1, SIM_MAX_JOBS, &jobs))
        return bad_option("--jobs wants a number of processes from 1 to 256, not '%s'", jobs_s);
    if (!*scenario_id)
        return bad_option("%s", "--scenario needs a scenario id");
    if (bot_s && (sim_bot = bot_level_find(bot_s)) < 0) {
        char msg[300];
        int len = snprintf(msg, sizeof msg, "--bot wants one of the bot's levels (");
        for (int i = 0; i < BOT_LEVEL_COUNT && len > 0 && (size_t)len < sizeof msg; i++)
            len += snprintf(msg + len, sizeof msg - (size_t)len, "%s%s", i ? ", " : "", bot_level_name(i));
        if (len > 0 && (size_t)len < sizeof msg)
            snprintf(msg + len, sizeof msg - (size_t)len, "), not '%.100s'", bot_s);
        return bad_option("%s", msg);
    }
    if (cmp[0]) {
        if ((long)jobs > (long)games)
            jobs = games;
        return run_compare(cmp, scenario_id, (uint64_t)seed, (long)games, (int)jobs, csv, json);
    }
    GameData gd;
    if (!cli_open(data, &gd))
        return 1;
    int sc = solitaire_scenario(&gd, scenario_id);
    if (sc < 0) {
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
    if (!run_games(&gd, sc, (uint64_t)seed, ngames, (int)jobs, recs, &t0)) {
        free(recs);
        gamedata_free(&gd);
        return 1;
    }
    progress(ngames, ngames, &t0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    report(&gd, scenario_id, (uint64_t)seed, ngames, recs);
    const char *unwritten = csv && !write_csv(csv, (uint64_t)seed, ngames, recs)                ? csv
                            : json && !write_json(json, &gd, (uint64_t)seed, ngames, recs) ? json
                                                                                             : NULL;
    if (unwritten) {
        fprintf(stderr, "guv sim: cannot write the games to %s: %s\n", unwritten, strerror(errno));
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
    printf("time: %.2f s, %.2f games/s (%llu job%s), %s\n", secs, secs > 0 ? (double)ngames / secs : 0.0, jobs,
           jobs == 1 ? "" : "s", peak_memory((int)jobs));
    free(recs);
    gamedata_free(&gd);
    return failed ? 1 : 0;
}
