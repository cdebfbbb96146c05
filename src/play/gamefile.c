/* What the saves of the box's games share: see gamefile.h. */
#include "play/gamefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/save.h"

bool gamefile_autosave_path(const char *name, char *out, size_t size)
{
    char dir[4000];
    if (!save_dir(dir, sizeof dir))
        return false;
    snprintf(out, size, "%s/%s", dir, name);
    return true;
}

bool gamefile_starts_with(const char *path, const char *magic)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[64] = "";
    bool is = fgets(line, sizeof line, f) && strncmp(line, magic, strlen(magic)) == 0;
    fclose(f);
    return is;
}

bool gamefile_grow(void **arr, int *cap, int n, size_t elem, int first)
{
    if (n < *cap)
        return true;
    int c = *cap ? *cap * 2 : first;
    void *m = realloc(*arr, (size_t)c * elem);
    if (!m)
        return false;
    *arr = m;
    *cap = c;
    return true;
}

bool gamefile_push(void **arr, int *cap, int *n, size_t elem, int first, const void *item, bool *oom)
{
    if (!gamefile_grow(arr, cap, *n, elem, first)) {
        *oom = true;
        return false;
    }
    memcpy((char *)*arr + (size_t)*n * elem, item, elem);
    (*n)++;
    return true;
}

bool gamefile_rename_finished(const char *path, const char *finished, char *err, size_t n)
{
    char done[4200];
    snprintf(done, sizeof done, "%s", path);
    char *slash = strrchr(done, '/');
    snprintf(slash ? slash + 1 : done, sizeof done - (size_t)(slash ? slash + 1 - done : 0), "%s", finished);
    if (rename(path, done) == 0)
        return true;
    snprintf(err, n, "the finished game stays in %s", path);
    return false;
}

bool gamefile_keep_aside(const char *path)
{
    char kept[4400];
    snprintf(kept, sizeof kept, "%.4100s", path);
    char *dot = strrchr(kept, '.');
    time_t now = time(NULL);
    struct tm tmv;
    char stamp[32] = "old";
    if (localtime_r(&now, &tmv))
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
    if (dot)
        snprintf(dot, sizeof kept - (size_t)(dot - kept), "-unfinished-%s.save", stamp);
    return rename(path, kept) == 0;
}

void gamefile_autosave(GameSave *gs, void (*body)(FILE *f, const void *p), const void *p)
{
    if (gs->deferred && gs->autosave[0]) {
        gs->dirty = true;
        return;
    }
    gs->save_error[0] = '\0';
    if (!gs->autosave[0])
        return;
    char err[1200];
    if (!save_write_atomic(gs->autosave, "the save", body, p, err, sizeof err))
        snprintf(gs->save_error, sizeof gs->save_error, "%s", err);
}

void gamefile_flush(GameSave *gs, void (*body)(FILE *f, const void *p), const void *p)
{
    if (!gs->dirty)
        return;
    gs->dirty = false;
    bool deferred = gs->deferred;
    gs->deferred = false;
    gamefile_autosave(gs, body, p);
    gs->deferred = deferred;
}

void gamefile_finish(GameSave *gs, bool over, const char *finished)
{
    if (!gs->autosave[0] || !over)
        return;
    if (gamefile_rename_finished(gs->autosave, finished, gs->save_error, sizeof gs->save_error))
        gs->autosave[0] = '\0';
}

static const GameRecHead *rec_at(const void *recs, size_t stride, int i)
{
    return (const GameRecHead *)(const void *)((const char *)recs + (size_t)i * stride);
}

int gamefile_undo_target(const void *recs, size_t stride, int nrec, int side, int computer, char *why, size_t n)
{
    int r = -1;
    for (int i = nrec - 1; i >= 0; i--)
        if (rec_at(recs, stride, i)->kind == GAMEFILE_REC_DO && rec_at(recs, stride, i)->side == side) {
            r = i;
            break;
        }
    if (r < 0) {
        snprintf(why, n, "nothing of yours to take back");
        return -1;
    }
    for (int i = r; i < nrec; i++) {
        const GameRecHead *h = rec_at(recs, stride, i);
        if (h->kind == GAMEFILE_REC_DIE || h->rolled) {
            snprintf(why, n, "dice were rolled since: what they decided stands");
            return -1;
        }
        if (i > r && h->side != side && h->side != computer) {
            snprintf(why, n, "the other player has decided since");
            return -1;
        }
    }
    return r;
}

int gamefile_last_decider(const void *recs, size_t stride, int nrec)
{
    for (int i = nrec - 1; i >= 0; i--)
        if (rec_at(recs, stride, i)->kind == GAMEFILE_REC_DO)
            return rec_at(recs, stride, i)->side;
    return -1;
}

int gamefile_undo_depth(const void *recs, size_t stride, int nrec, int side, int computer)
{
    int depth = 0;
    char why[100];
    int r;
    while ((r = gamefile_undo_target(recs, stride, nrec, side, computer, why, sizeof why)) >= 0) {
        depth++;
        nrec = r;
    }
    return depth;
}

bool gamefile_read(const GameFormat *fmt, void *ctx, const char *path, const bool *oom, GameSave *keep, char *err,
                   size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, n, "%s: cannot be read", path);
        return false;
    }
    char line[512];
    int ln = 0;
    bool ok = true, started = false, have_magic = false;
    while (ok && fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (!have_magic) {
            if (strcmp(line, fmt->magic) != 0) {
                snprintf(err, n, "%s:%d: not a save of %s (it should begin with '%s')", path, ln, fmt->game,
                         fmt->magic);
                ok = false;
            }
            have_magic = true;
            continue;
        }
        if (!started) {
            ok = fmt->head(ctx, line, path, ln, &started, err, n);
            continue;
        }
        int die;
        char why[300] = "";
        if (sscanf(line, "die %d", &die) == 1) {
            if (!fmt->die(ctx, die)) {
                snprintf(err, n, "%s:%d: '%.100s' is not a die that can be queued", path, ln, line);
                ok = false;
            }
        } else if (strncmp(line, "do ", 3) == 0) {
            if (!fmt->decide(ctx, line + 3, why, sizeof why)) {
                snprintf(err, n, "%s:%d: '%.100s' does not replay: %.200s", path, ln, line + 3, why);
                ok = false;
            }
        } else {
            snprintf(err, n, "%s:%d: expected 'do DECISION' or 'die N', not '%.100s'", path, ln, line);
            ok = false;
        }
    }
    fclose(f);
    if (ok && !started) {
        snprintf(err, n, "%s: the save ends before its %s", path, fmt->head_what);
        ok = false;
    }
    if (ok && *oom) {
        snprintf(err, n, "%s: out of memory replaying it", path);
        ok = false;
    }
    if (ok && keep)
        snprintf(keep->autosave, sizeof keep->autosave, "%s", path);
    return ok;
}
