/* Fuzz target: the save loader. The input is a save file. It is peeked at
 * (the load screen's list) and loaded; a save that loads is also replayed
 * to half its records, written again and reloaded to the same game; one
 * that fails on a damaged line has its good part loaded, as the game offers.
 * The file is never changed by any of it. Any breach aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rules/save.h"

static GameData gd;
static char in_path[4200], out_path[4200];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_data(&gd, "fuzz_save");
    const char *dir = fuzz_tempdir("save");
    snprintf(in_path, sizeof in_path, "%s/in.save", dir);
    snprintf(out_path, sizeof out_path, "%s/out.save", dir);
    return 0;
}

static bool same_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    bool same = true;
    size_t i = 0;
    int c;
    while ((c = getc(f)) != EOF)
        if (i >= size || data[i++] != (uint8_t)c)
            same = false;
    fclose(f);
    return same && i == size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_write(in_path, data, size);
    SaveSummary sum;
    save_peek(&gd, in_path, &sum);
    Game g;
    char err[1200];
    int good = -1;
    if (save_load_checked(&gd, in_path, &g, err, sizeof err, &good)) {
        Game half;
        if (!save_load_upto(&gd, in_path, g.nrec / 2, &half, err, sizeof err))
            abort(); /* the whole replays but not its first half */
        game_free(&half);
        if (save_write(&g, out_path, err, sizeof err)) {
            Game again;
            if (!save_load(&gd, out_path, &again, err, sizeof err))
                abort(); /* a save written by guv does not load */
            if (memcmp(&again.st, &g.st, sizeof g.st) != 0 || again.log.count != g.log.count)
                abort(); /* written and reloaded, it is another game */
            game_free(&again);
        }
        game_free(&g);
    } else if (good >= 0) {
        if (!save_load_upto(&gd, in_path, good, &g, err, sizeof err))
            abort(); /* the good part offered does not load */
        game_free(&g);
    }
    if (!same_file(in_path, data, size))
        abort(); /* loading changed the file */
    return 0;
}
