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

static int usage(const char *why)
{
    fprintf(stderr, "guv replay: %s\nUsage: guv replay FILE [--to N] [--data DIR]\n"
                    "  Replays a saved game (a guv save: seed, options, decisions) and prints its log.\n"
                    "  --to N  stop after the first N decisions and forced dice\n",
            why);
    return 2;
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
    GameData gd;
    if (!cli_open(data_option, &gd))
        return 1;
    if (limit < 0 && (uo->keys_file || (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)))) { /* step through it */
        setlocale(LC_ALL, "");
        int rc = ui_replay(&gd, file, uo);
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
