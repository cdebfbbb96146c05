/* Fuzz target: the data loader, one data file at a time. The input replaces
 * the file GUV_FUZZ_FILE names (relative to the data folder; by default
 * config/scenarios/lee-moves.ini) in a copy of the project's data, the other
 * files staying as they are, and the whole folder is loaded as `guv check`
 * loads it. When the data loads, one of its scenarios is started and played
 * for a few random decisions, so that data the checks let through is also
 * tried by the engine, and the booklet is written out as `guv booklet`
 * writes it (to /dev/null). A long campaign runs one file at a time (see
 * docs/fuzzing.md); the Automa's files get their own runs. A Perfect
 * Plan's files are loaded and played too (config/perfect-plan), and the Red
 * Die of Courage's are loaded (config/red-die). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "data/data.h"
#include "data/pp_data.h"
#include "data/rd_data.h"
#include "perfect_plan/pp.h"
#include "fuzz.h"
#include "rules/game.h"
#include "rules/position.h"
#include "view/booklet_doc.h"

static char datadir[4096], target[4400];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *file = getenv("GUV_FUZZ_FILE");
    if (!file || !*file)
        file = "config/scenarios/lee-moves.ini";
    snprintf(datadir, sizeof datadir, "%s", fuzz_tempdir("data"));
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "cp -r '%s/config' '%s/booklet' '%s/'", GUV_SOURCE_DATA_DIR, GUV_SOURCE_DATA_DIR,
             datadir);
    if (system(cmd) != 0) {
        fprintf(stderr, "fuzz_data: could not copy the data folder into %s\n", datadir);
        abort();
    }
    snprintf(target, sizeof target, "%s/%s", datadir, file);
    struct stat st;
    if (stat(target, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "fuzz_data: GUV_FUZZ_FILE=%s is not a data file (give a path like booklet/pages.ini)\n",
                file);
        exit(2);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static GameData gd;
    static Decision ds[20000];
    fuzz_write(target, data, size);
    Diags d = {0};
    bool ok = gamedata_load(datadir, &gd, &d);
    for (int i = 0; i < d.count; i++) {
        char line[1400];
        diag_format(&d.items[i], line, sizeof line); /* every message can be shown */
    }
    diags_free(&d);
    if (ok && gd.automa.present) { /* every booklet that loads can be written out */
        FILE *devnull = fopen("/dev/null", "w");
        if (devnull) {
            booklet_doc_write(&gd, size % 2 ? BOOKLET_HTML : BOOKLET_TEXT, devnull);
            fclose(devnull);
        }
    }
    if (ok && gd.nscenarios > 0) {
        unsigned h = 0;
        for (size_t i = 0; i < size; i++)
            h = h * 31 + data[i];
        char args[128], err[600];
        snprintf(args, sizeof args, "%s %u", gd.scenarios[h % (unsigned)gd.nscenarios].id, h % 1000 + 1);
        Game g;
        if (position_new(&gd, args, &g, err, sizeof err)) {
            Rng pick;
            rng_seed(&pick, h);
            for (int k = 0; k < 40 && g.st.phase != PH_GAME_OVER; k++) {
                int n = game_legal(&g, ds, 20000);
                if (n <= 0)
                    abort(); /* a dead end: the engine offers nothing */
                char why[256];
                if (!game_apply(&g, &ds[rng_below(&pick, (uint32_t)(n < 20000 ? n : 20000))], why, sizeof why))
                    abort(); /* a listed decision refused */
            }
            game_free(&g);
        }
    }
    gamedata_free(&gd);
    /* A Perfect Plan's files (config/perfect-plan) load on their own: when
     * they do, a game with both standard set-ups is played for a while by
     * random legal decisions, with the same two promises. */
    static PpData pd;
    Diags pdd = {0};
    bool pp_ok = pp_data_present(datadir) && pp_data_load(datadir, &pd, &pdd);
    for (int i = 0; i < pdd.count; i++) {
        char line[1400];
        diag_format(&pdd.items[i], line, sizeof line);
    }
    diags_free(&pdd);
    if (pp_ok) {
        unsigned h = 7;
        for (size_t i = 0; i < size; i++)
            h = h * 31 + data[i];
        static PpDecision pl[PP_MAX_LEGAL];
        PpGame pg;
        pp_new_standard(&pg, &pd, h);
        Rng pick;
        rng_seed(&pick, h);
        for (int k = 0; k < 400 && !pp_over(&pg); k++) {
            int n = pp_legal(&pg, pl, PP_MAX_LEGAL);
            if (n <= 0)
                abort(); /* a dead end: the engine offers nothing */
            char why[256];
            if (pp_apply(&pg, &pl[rng_below(&pick, (uint32_t)(n < PP_MAX_LEGAL ? n : PP_MAX_LEGAL))], NULL, why,
                         sizeof why) != 0)
                abort(); /* a listed decision refused */
        }
    }
    /* The Red Die of Courage's files (config/red-die) load on their own. */
    static RdData rd;
    Diags rdd = {0};
    if (rd_data_present(datadir))
        (void)rd_data_load(datadir, &rd, &rdd);
    for (int i = 0; i < rdd.count; i++) {
        char line[1400];
        diag_format(&rdd.items[i], line, sizeof line);
    }
    diags_free(&rdd);
    return 0;
}
