/* guv replay FILE [--to N]: in a terminal, opens the saved game to step
 * through it forward and backward; otherwise (or with --to) replays it and
 * prints its log, each entry with its rule, and where the game stands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <unistd.h>

#include "cli/cli.h"
#include "ui/ui.h"
#include "rules/save.h"
#include "play/pp_play.h"
#include "play/rd_play.h"

static int usage(const char *why)
{
    fprintf(stderr, "guv replay: %s\nUsage: guv replay FILE [--to N] [--data DIR]\n"
                    "  Replays a saved game (a guv save: seed, options, decisions) and prints its log.\n"
                    "  --to N  stop after the first N decisions and forced dice\n",
            why);
    return 2;
}

/* A save of A Perfect Plan: replayed from its seed, its first `limit`
 * records (all when negative), and its whole log printed, both sides'
 * counters named (the game is over, or the reader is its referee). */
static int replay_pp(const char *file, int limit, const char *data_option)
{
    char dir[4096];
    if (cli_data_dir(data_option, dir, sizeof dir, stderr) != 0)
        return 1;
    if (!pp_data_present(dir)) {
        fprintf(stderr, "guv replay: %s is a game of A Perfect Plan, and the data under %s has no config/perfect-plan\n",
                file, dir);
        return 1;
    }
    static PpData pd;
    Diags d = {0};
    bool ok = pp_data_load(dir, &pd, &d);
    diags_free(&d);
    if (!ok) {
        fprintf(stderr, "guv replay: A Perfect Plan's data files under %s have errors: run 'guv check'\n", dir);
        return 1;
    }
    PpPlay whole, p;
    char err[1200];
    if (!pp_play_load(&whole, &pd, file, false, err, sizeof err)) {
        fprintf(stderr, "guv replay: %s\n", err);
        return 1;
    }
    int n = limit < 0 || limit > whole.nrec ? whole.nrec : limit;
    char why[300];
    if (!pp_play_replay_to(&p, &whole, n, why, sizeof why)) {
        fprintf(stderr, "guv replay: %s: %s\n", file, why);
        pp_play_free(&whole);
        return 1;
    }
    printf("replay %s: A Perfect Plan, seed %llu, %d decisions and dice\n", file, (unsigned long long)p.seed, n);
    for (int i = 0; i < p.nlog; i++) {
        char line[400];
        pp_event_format(&pd, &p.log[i].e, -1, line, sizeof line);
        if (line[0])
            printf("log %s\n", line);
    }
    if (pp_over(&p.g)) {
        char result[300];
        pp_play_result_text(&p, result, sizeof result);
        printf("over: %s\n", result);
    } else
        printf("turn %d, %s to decide\n", p.g.turn, pp_side_word(pp_to_move(&p.g)));
    pp_play_free(&whole);
    pp_play_free(&p);
    return 0;
}

/* A save of the Red Die: as replay_pp. */
static int replay_rd(const char *file, int limit, const char *data_option)
{
    char dir[4096];
    if (cli_data_dir(data_option, dir, sizeof dir, stderr) != 0)
        return 1;
    static RdData rd;
    Diags d = {0};
    bool ok = rd_data_present(dir) && rd_data_load(dir, &rd, &d);
    diags_free(&d);
    if (!ok) {
        fprintf(stderr, "guv replay: %s is a game of the Red Die of Courage, and the data under %s has no clean "
                        "config/red-die (run 'guv check')\n", file, dir);
        return 1;
    }
    static RdPlay whole, p;
    char err[1200], why[300];
    if (!rd_play_load(&whole, &rd, file, false, err, sizeof err)) {
        fprintf(stderr, "guv replay: %s\n", err);
        return 1;
    }
    int n = limit < 0 || limit > whole.nrec ? whole.nrec : limit;
    if (!rd_play_replay_to(&p, &whole, n, why, sizeof why)) {
        fprintf(stderr, "guv replay: %s: %s\n", file, why);
        rd_play_free(&whole);
        return 1;
    }
    printf("replay %s: The Red Die of Courage, %s, seed %llu, %d decisions and dice\n", file, p.g.field->id,
           (unsigned long long)p.seed, n);
    for (int i = 0; i < p.nlog; i++) {
        char line[400];
        rd_event_format(&p.g, &p.log[i].e, line, sizeof line);
        printf("log %s\n", line);
    }
    char result[300];
    rd_play_result_text(&p, result, sizeof result);
    printf("%s%s\n", rd_over(&p.g) ? "over: " : "", result);
    rd_play_free(&whole);
    rd_play_free(&p);
    return 0;
}

int cmd_replay(int argc, char **argv, const char *data_option, const UiOptions *uo)
{
    const char *file = NULL;
    int limit = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--to") == 0) {
            char *end;
            if (i + 1 >= argc || (limit = (int)strtol(argv[i + 1], &end, 10)) < 0 || *end)
                return usage("--to needs a number of decisions (0 or more)");
            i++;
        } else if (argv[i][0] == '-')
            return usage("unknown option");
        else if (file)
            return usage("one save file at a time");
        else
            file = argv[i];
    }
    if (!file)
        return usage("name the save file to replay");
    bool step = limit < 0 && (uo->keys_file || (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)));
    if (pp_play_is_save(file) && !step)
        return replay_pp(file, limit, data_option);
    if (rd_play_is_save(file) && !step)
        return replay_rd(file, limit, data_option);
    GameData gd;
    if (!cli_open(data_option, &gd))
        return 1;
    if (step) { /* step through it (a save of A Perfect Plan on its own screen) */
        setlocale(LC_ALL, "");
        UiOptions o = *uo;
        char dir[4096];
        if (cli_data_dir(data_option, dir, sizeof dir, stderr) == 0)
            o.data_dir = dir; /* A Perfect Plan's data is read from there */
        int rc = ui_replay(&gd, file, &o);
        gamedata_free(&gd);
        return rc;
    }
    Game g;
    char err[1200];
    if (!save_load_upto(&gd, file, limit, &g, err, sizeof err)) {
        fprintf(stderr, "guv replay: %s\n", err);
        gamedata_free(&gd);
        return 1;
    }
    printf("replay %s: %s, seed %llu, %d decisions and dice\n", file, gd.scenarios[g.st.scenario].name,
           (unsigned long long)g.seed, g.nrec);
    for (int i = 0; i < g.log.count; i++) {
        char line[400];
        log_format(&g.log.items[i], line, sizeof line);
        printf("log %s\n", line);
    }
    printf("turn %d, %s to decide%s%s\n", g.st.turn, data_side_name(g.st.to_move),
           g.st.result != RES_NONE ? "; over: " : "", g.st.result != RES_NONE ? g.st.result_text : "");
    game_free(&g);
    gamedata_free(&gd);
    return 0;
}
