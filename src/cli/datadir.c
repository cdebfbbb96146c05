#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

static int has_data(const char *dir)
{
    char path[PATH_MAX];
    struct stat st;
    snprintf(path, sizeof path, "%s/config/map.ini", dir);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* True when the running program sits in a CMake build directory. */
static int running_from_build_dir(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return 0;
    strcpy(slash, "/CMakeCache.txt");
    struct stat st;
    return stat(exe, &st) == 0;
}

int cli_data_dir(const char *option, char *out, size_t size, FILE *err)
{
    const char *env = getenv("GUV_DATA");
    const char *chosen = NULL, *why = NULL;
    if (option) {
        chosen = option;
        why = "--data";
    } else if (env && *env) {
        chosen = env;
        why = "GUV_DATA";
    }
    if (chosen) {
        if (!has_data(chosen)) {
            fprintf(err, "guv: %s names '%s', which has no config/map.ini.\n"
                         "Give the folder that holds config/ and booklet/.\n",
                    why, chosen);
            return 1;
        }
        snprintf(out, size, "%s", chosen);
        return 0;
    }
    if (running_from_build_dir() && has_data(GUV_SOURCE_DATA_DIR)) {
        snprintf(out, size, "%s", GUV_SOURCE_DATA_DIR);
        return 0;
    }
    if (has_data(GUV_INSTALL_DATA_DIR)) {
        snprintf(out, size, "%s", GUV_INSTALL_DATA_DIR);
        return 0;
    }
    if (has_data(GUV_SOURCE_DATA_DIR)) {
        snprintf(out, size, "%s", GUV_SOURCE_DATA_DIR);
        return 0;
    }
    fprintf(err,
            "guv: cannot find the game data (config/ and booklet/).\n"
            "Looked in %s and %s.\n"
            "Run with --data DIR or set GUV_DATA to the folder that holds config/.\n",
            GUV_INSTALL_DATA_DIR, GUV_SOURCE_DATA_DIR);
    return 1;
}

bool cli_open(const char *data_option, GameData *gd)
{
    char dir[4096];
    memset(gd, 0, sizeof *gd);
    if (cli_data_dir(data_option, dir, sizeof dir, stderr))
        return false;
    if (!cli_load(dir, gd, stderr)) {
        gamedata_free(gd);
        return false;
    }
    return true;
}

bool cli_load(const char *dir, GameData *gd, FILE *err)
{
    Diags d = {0};
    bool ok = gamedata_load(dir, gd, &d);
    for (int i = 0; i < d.count; i++) {
        char line[1400];
        diag_format(&d.items[i], line, sizeof line);
        fprintf(err, "%s\n", line);
    }
    if (!ok)
        fprintf(err, "guv: %d error%s in the data files under %s\n", d.count, d.count == 1 ? "" : "s", dir);
    diags_free(&d);
    return ok;
}
