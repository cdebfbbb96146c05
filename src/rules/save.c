/* Saved games: see save.h. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "rules/save.h"

#include "rules/position.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

void save_folder_of(const char *path, char *out, size_t size)
{
    snprintf(out, size, "%s", path);
    char *slash = strrchr(out, '/');
    if (slash)
        *(slash == out ? slash + 1 : slash) = '\0';
    else
        snprintf(out, size, ".");
}

bool save_write_atomic(const char *path, const char *what, void (*body)(FILE *f, const void *ctx), const void *ctx,
                       char *err, size_t errsize)
{
    /* A link is written through to its target, never replaced; a device, a pipe or a folder is never a save. */
    char target[4096];
    struct stat lsb;
    if (lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode)) {
        if (!realpath(path, target)) {
            snprintf(err, errsize, "cannot write %s %s: the link leads nowhere (%s)", what, path, strerror(errno));
            return false;
        }
        path = target;
    }
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        snprintf(err, errsize, "cannot write %s %s: it is not a regular file (a folder, a device or a pipe)", what,
                 path);
        return false;
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errsize, "cannot write %s: %s", tmp, strerror(errno));
        return false;
    }
    body(f, ctx);
    bool ok = !ferror(f) && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved_errno = errno;
    ok &= fclose(f) == 0;
    if (ok && rename(tmp, path) != 0) {
        saved_errno = errno;
        ok = false;
    }
    if (!ok) {
        snprintf(err, errsize, "cannot write %s %s: %s (the older file, if any, is unchanged)", what, path,
                 strerror(saved_errno));
        unlink(tmp);
        return false;
    }
    /* the rename itself survives a power cut only once the folder is on disk too */
    char dir[4200];
    save_folder_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        (void)fsync(dfd);
        close(dfd);
    }
    return true;
}

static void save_body(FILE *f, const void *ctx)
{
    const Game *g = ctx;
    const GameData *gd = g->gd;
    bool setup = false;
    for (int i = 0; i < g->nrec; i++)
        setup |= g->rec[i].setup;
    /* The oldest format that holds the game: an older guv reads a save
     * without set-up lines, and refuses one with them by its version. */
    fprintf(f, "%s\ndata %016llx\nscenario %s\nseed %" PRIu64 "\noptions %u\n", setup ? SAVE_MAGIC_SETUP : SAVE_MAGIC,
            gd->fingerprint, gd->scenarios[g->st.scenario].id, g->seed, g->start_options);
    for (int i = 0; i < g->nrec; i++) {
        if (g->rec[i].setup)
            fprintf(f, "%s\n", g->rec[i].text);
        else if (g->rec[i].dice)
            fprintf(f, "die %d\n", g->rec[i].die);
        else
            fprintf(f, "do %s\n", g->rec[i].text);
    }
}

bool save_write(const Game *g, const char *path, char *err, size_t errsize)
{
    return save_write_atomic(path, "the save", save_body, g, err, errsize);
}

/* A line of the game itself: a decision, a forced die or a set-up line. */
static bool played(const char *word)
{
    return strcmp(word, "do") == 0 || strcmp(word, "die") == 0 || position_is_setup(word);
}

static bool fail(char *err, size_t n, const char *path, int line, const char *what)
{
    if (line > 0)
        snprintf(err, n, "%s:%d: %s", path, line, what);
    else
        snprintf(err, n, "%s: %s", path, what);
    return false;
}

static bool load_upto(const GameData *gd, const char *path, int limit, Game *out, char *err, size_t errsize,
                      int *good);

bool save_load(const GameData *gd, const char *path, Game *out, char *err, size_t errsize)
{
    return load_upto(gd, path, -1, out, err, errsize, NULL);
}

bool save_load_upto(const GameData *gd, const char *path, int limit, Game *out, char *err, size_t errsize)
{
    return load_upto(gd, path, limit, out, err, errsize, NULL);
}

bool save_load_checked(const GameData *gd, const char *path, Game *out, char *err, size_t errsize, int *good)
{
    *good = -1;
    return load_upto(gd, path, -1, out, err, errsize, good);
}

static bool load_upto(const GameData *gd, const char *path, int limit, Game *out, char *err, size_t errsize,
                      int *good)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errsize, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    char line[1200], why[300], msg[1000];
    int lineno = 0, scenario = -1;
    unsigned long long data = 0;
    uint64_t seed = 0;
    unsigned options = 0;
    bool have[4] = {false};
    bool started = false, ok = true;
    while (ok && (limit < 0 || !started || out->nrec < limit) && fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] != '\n' && !feof(f)) {
            ok = fail(err, errsize, path, lineno, "line too long: this is not a guv save");
            break;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (lineno == 1) {
            if (strcmp(line, SAVE_MAGIC) != 0 && strcmp(line, SAVE_MAGIC_SETUP) != 0)
                ok = fail(err, errsize, path, 1,
                          strncmp(line, "guv-save ", 9) == 0
                              ? "a save of another format version: this guv cannot read it"
                              : "not a guv save (it should begin with \"" SAVE_MAGIC "\")");
            continue;
        }
        char word[32];
        if (sscanf(line, "%31s", word) != 1)
            continue;
        const char *rest = line + strlen(word);
        while (*rest == ' ')
            rest++;
        if (!started) {
            char extra[2];
            const char *const hdr[4] = {"data", "scenario", "seed", "options"};
            bool again = false;
            for (int k = 0; k < 4; k++)
                again |= strcmp(word, hdr[k]) == 0 && have[k];
            if (again) {
                snprintf(msg, sizeof msg, "the header line '%.40s' comes twice", word);
                ok = fail(err, errsize, path, lineno, msg);
                continue;
            }
            if (strcmp(word, "data") == 0 && sscanf(rest, "%llx%1s", &data, extra) == 1)
                have[0] = true;
            else if (strcmp(word, "scenario") == 0 && (scenario = data_scenario_index(gd, rest)) >= 0)
                have[1] = true;
            else if (strcmp(word, "seed") == 0 && sscanf(rest, "%" SCNu64 "%1s", &seed, extra) == 1)
                have[2] = true;
            else if (strcmp(word, "options") == 0 && sscanf(rest, "%u%1s", &options, extra) == 1 &&
                     options < (1u << GAME_OPTION_COUNT))
                have[3] = true;
            else if (!played(word)) {
                snprintf(msg, sizeof msg, "'%.200s' is not a save header line (data, scenario, seed, options)", line);
                ok = fail(err, errsize, path, lineno, msg);
                continue;
            }
            if (!played(word))
                continue;
            if (!have[0] || !have[1] || !have[2] || !have[3]) {
                ok = fail(err, errsize, path, lineno,
                          "the header is incomplete (data, scenario, seed and options come first)");
                continue;
            }
            if (data != gd->fingerprint) {
                snprintf(msg, sizeof msg,
                         "this game was saved with other data (%016llx, this guv has %016llx): it would not replay "
                         "the same, so it is not loaded",
                         data, gd->fingerprint);
                ok = fail(err, errsize, path, 0, msg);
                continue;
            }
            if (!game_new_options(out, gd, scenario, seed, options, why, sizeof why)) {
                ok = fail(err, errsize, path, lineno, why);
                continue;
            }
            started = true;
            if (limit >= 0 && out->nrec >= limit)
                break; /* "--to 0": the game as it began, its first record not replayed */
        }
        if (strcmp(word, "die") == 0) {
            int v;
            char extra[2];
            if (sscanf(rest, "%d%1s", &v, extra) != 1 || !game_force_die(out, v))
                ok = fail(err, errsize, path, lineno, "a forced die must be one number from 1 to 6");
            continue;
        }
        if (position_is_setup(line)) {
            if (!position_apply(out, line, why, sizeof why)) {
                snprintf(msg, sizeof msg, "'%.200s' does not replay: %s", line, why);
                ok = fail(err, errsize, path, lineno, msg);
            }
            continue;
        }
        if (strcmp(word, "do") != 0) {
            snprintf(msg, sizeof msg, "'%s' is not a save line (do DECISION, die N, or a set-up line: place, remove, set)", word);
            ok = fail(err, errsize, path, lineno, msg);
            continue;
        }
        Decision d;
        if (!decision_parse(out, rest, &d)) {
            snprintf(msg, sizeof msg, "'%s' is not a decision", rest);
            ok = fail(err, errsize, path, lineno, msg);
            continue;
        }
        if (!game_apply(out, &d, why, sizeof why)) {
            snprintf(msg, sizeof msg, "'%s' does not replay: %s", rest, why);
            ok = fail(err, errsize, path, lineno, msg);
        }
    }
    fclose(f);
    if (ok && lineno == 0)
        ok = fail(err, errsize, path, 0, "the file is empty: not a guv save");
    if (ok && !started) {
        if (!have[0] || !have[1] || !have[2] || !have[3])
            ok = fail(err, errsize, path, 0, "the header is incomplete (data, scenario, seed and options)");
        else if (data != gd->fingerprint) {
            snprintf(msg, sizeof msg, "this game was saved with other data (%016llx, this guv has %016llx)", data,
                     gd->fingerprint);
            ok = fail(err, errsize, path, 0, msg);
        } else if (!game_new_options(out, gd, scenario, seed, options, why, sizeof why))
            ok = fail(err, errsize, path, 0, why);
        else
            started = true;
    }
    if (!ok && started && good)
        *good = out->nrec; /* the lines before the damaged one replayed: a game can be had from them */
    if (!ok && started)
        game_free(out);
    if (!ok)
        memset(out, 0, sizeof *out);
    return ok;
}

bool save_peek(const GameData *gd, const char *path, SaveSummary *out)
{
    *out = (SaveSummary){.scenario = -1};
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[1200];
    bool ok = fgets(line, sizeof line, f) && (strncmp(line, SAVE_MAGIC "\n", sizeof SAVE_MAGIC) == 0 ||
                                              strncmp(line, SAVE_MAGIC_SETUP "\n", sizeof SAVE_MAGIC_SETUP) == 0);
    while (ok && fgets(line, sizeof line, f)) {
        char id[ID_LEN];
        unsigned long long data;
        if (strncmp(line, "do ", 3) == 0)
            out->decisions++;
        else if (sscanf(line, "scenario %47s", id) == 1)
            out->scenario = data_scenario_index(gd, id);
        else if (sscanf(line, "data %llx", &data) == 1)
            out->same_data = data == gd->fingerprint;
    }
    fclose(f);
    return ok;
}

/* Temporary files a killed guv left behind (NAME.tmp-PID, its process
 * gone): removed, so they never pile up. A live writer's file stays. */
static void clean_temporaries(const char *dir)
{
    DIR *dh = opendir(dir);
    if (!dh)
        return;
    struct dirent *e;
    while ((e = readdir(dh))) {
        const char *t = strstr(e->d_name, ".tmp-");
        if (!t || !t[5])
            continue;
        char *end;
        long pid = strtol(t + 5, &end, 10);
        if (*end || pid <= 0 || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue; /* not ours, or its writer still runs (or is not ours to ask) */
        char path[4600];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            unlink(path);
    }
    closedir(dh);
}

bool save_dir(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    char base[4096];
    if (xdg && *xdg)
        snprintf(base, sizeof base, "%s", xdg);
    else if (home && *home)
        snprintf(base, sizeof base, "%s/.local/share", home);
    else
        return false;
    /* create each level as needed */
    char path[4200];
    snprintf(path, sizeof path, "%s/guv", base);
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(path, 0700);
            *p = '/';
        }
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return false;
    clean_temporaries(path);
    snprintf(out, size, "%s", path);
    return true;
}
