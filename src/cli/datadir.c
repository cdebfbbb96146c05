/* realpath (XSI) */
#define _XOPEN_SOURCE 700

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "automa/automa.h"
#include "cli/cli.h"

static int has_data(const char *dir)
{
    char path[PATH_MAX];
    struct stat st;
    snprintf(path, sizeof path, "%s/config/map.ini", dir);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The folder holding the running program, from /proc/self/exe; false when
 * it cannot be known. */
static bool exe_dir(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    snprintf(out, size, "%s", exe[0] ? exe : "/");
    return true;
}

/* True when the folder is a CMake build folder (it holds CMakeCache.txt). */
static bool is_build_dir(const char *dir)
{
    char path[PATH_MAX + 32];
    struct stat st;
    snprintf(path, sizeof path, "%s/CMakeCache.txt", dir);
    return stat(path, &st) == 0;
}

static int chose(const char *dir, char *out, size_t size)
{
    char real[PATH_MAX];
    snprintf(out, size, "%s", realpath(dir, real) ? real : dir);
    return 0;
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
    /* Run from its build folder, guv reads the source tree it was built
     * from; installed, it reads the data installed with it: first beside
     * the program (PREFIX/bin/../share/guv, which also holds for a copy
     * staged with DESTDIR or moved elsewhere whole), then the data folder
     * of the prefix it was built for. The source tree is never a fallback
     * for an installed guv. */
    char bin[PATH_MAX], beside[PATH_MAX + 64] = "";
    bool have_bin = exe_dir(bin, sizeof bin);
    bool from_build = have_bin && is_build_dir(bin);
    if (from_build && has_data(GUV_SOURCE_DATA_DIR))
        return chose(GUV_SOURCE_DATA_DIR, out, size);
    if (have_bin && !from_build) {
        snprintf(beside, sizeof beside, "%s/%s", bin, GUV_DATA_FROM_BINDIR);
        if (has_data(beside))
            return chose(beside, out, size);
    }
    if (!from_build && has_data(GUV_INSTALL_DATA_DIR))
        return chose(GUV_INSTALL_DATA_DIR, out, size);
    fprintf(err, "guv: cannot find the game data (the folder that holds config/ and booklet/).\nLooked in:\n");
    if (from_build)
        fprintf(err, "  %s (the source tree: this guv runs from its build folder %s)\n", GUV_SOURCE_DATA_DIR, bin);
    else {
        if (beside[0])
            fprintf(err, "  %s (beside the program)\n", beside);
        fprintf(err, "  %s (the install prefix guv was built for)\n", GUV_INSTALL_DATA_DIR);
    }
    fprintf(err, "Run with --data DIR, or set GUV_DATA=DIR, naming the folder that holds config/ and booklet/;\n"
                 "or install guv with its data (cmake --install BUILD) so that PREFIX/bin/guv finds "
                 "PREFIX/%s.\n",
            GUV_INSTALL_DATA_REL);
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
    automa_register(); /* every command may play a solitaire scenario */
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
