/* A plain main() for a fuzz target, for builds without libFuzzer: runs the
 * target once on every file named, and on every file of every folder named
 * (a corpus), in name order, and says how many. A crash, a sanitizer report
 * or a hang (ctest's timeout) fails the test. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <limits.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *more = realloc(buf, cap *= 2);
            if (!more) {
                free(buf);
                buf = NULL;
            }
            buf = more;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

int main(int argc, char **argv)
{
    /* a target may change folder (the script target works in a scratch folder) */
    for (int i = 1; i < argc; i++) {
        char *full = realpath(argv[i], NULL);
        if (full)
            argv[i] = full; /* kept to the end of the run */
    }
    LLVMFuzzerInitialize(&argc, &argv);
    int runs = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            bad++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad += run_file(argv[i]);
            runs++;
            continue;
        }
        struct dirent **names;
        int k = scandir(argv[i], &names, NULL, by_name);
        for (int j = 0; j < k; j++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], names[j]->d_name);
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                bad += run_file(path);
                runs++;
            }
            free(names[j]);
        }
        free(names);
    }
    fprintf(stderr, "%d input%s run, %d unreadable\n", runs, runs == 1 ? "" : "s", bad);
    return bad ? 1 : 0;
}
