/* What the fuzz targets share: a temporary folder and writing a file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"
#include "fuzz.h"

static char tempdir[4096];

static void remove_tempdir(void)
{
    if (tempdir[0]) {
        char cmd[4200];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tempdir);
        if (system(cmd) != 0)
            fprintf(stderr, "fuzz: could not remove %s\n", tempdir);
    }
}

const char *fuzz_tempdir(const char *name)
{
    const char *base = getenv("TMPDIR");
    snprintf(tempdir, sizeof tempdir, "%s/guv-fuzz-%s-XXXXXX", base && *base ? base : "/tmp", name);
    if (!mkdtemp(tempdir)) {
        perror(tempdir);
        abort();
    }
    atexit(remove_tempdir);
    return tempdir;
}

void fuzz_load_data(GameData *gd, const char *target)
{
    Diags d = {0};
    automa_register();
    if (!gamedata_load(GUV_SOURCE_DATA_DIR, gd, &d)) {
        fprintf(stderr, "%s: the project's data does not load (run guv check)\n", target);
        exit(2);
    }
    diags_free(&d);
}

void fuzz_write(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        perror(path);
        abort();
    }
}
