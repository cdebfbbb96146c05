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
