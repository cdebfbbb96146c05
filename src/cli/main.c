/* guv: Give Us Victories, Chancellorsville 1863, as Lee against the Automa. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"
#include "cli/cli.h"
#include "ui/ui.h"

static void usage(FILE *f)
{
    fprintf(f, "Usage: guv [OPTION ...] [COMMAND [ARGUMENT ...]]\n"
               "\n"
               "Chancellorsville 1863: command Lee's army against a computer-run Union.\n"
               "\n"
               "With no command, opens the start menu in the terminal: a new solitaire\n"
               "campaign against the Automa, a scenario for two players on one screen, the\n"
               "optional rules, the unfinished game, a saved game, or the map viewer.\n"
               "\n"
               "Commands:\n"
               "  check          load and cross-check every data file; report file:line errors\n"
               "  booklet [--html FILE]\n"
               "                 print the Automa's whole booklet (Ruler, pages, paragraphs,\n"
               "                 wheel, tracks, strategy map, tables) as text to read and print;\n"
               "                 --html FILE writes it as one self-contained HTML file\n"
               "                 (- for standard output)\n"
               "  map [--ids] [--overview]\n"
               "                 print the map as text (--ids: hex ids inside the hexes;\n"
               "                 --overview: a character a hex column and two rows)\n"
               "  script         drive the rules engine with commands on standard input\n"
               "                 (echo help | guv script; see docs/script.md)\n"
               "  replay FILE [--to N]\n"
               "                 step through a saved game in the terminal; piped or with\n"
               "                 --to N (stop after N decisions), print its log\n"
               "  sim --games N --seed S [--jobs J] [--scenario ID] [--bot LEVEL]\n"
               "      [--csv FILE] [--json FILE]\n"
               "                 play N games of a Confederate bot (simple or historical)\n"
               "                 against the Automa and report the results, each Union\n"
               "                 corps' figures and the VP by source with their 95%%\n"
               "                 intervals (J worker processes; --csv, --json: each game)\n"
               "  sim --compare DIR_A DIR_B --games N --seed S [--jobs J]\n"
               "                 the same games with two data folders, side by side, with\n"
               "                 the differences that are not chance marked *\n"
               "\n"
               "Options:\n"
               "  --data DIR     read config/ and booklet/ from DIR (also: GUV_DATA=DIR);\n"
               "                 otherwise the installed data, or the source tree when run\n"
               "                 from a build folder\n"
               "  --seed N       new games use seed N instead of the clock (replayable)\n"
               "  --position FILE\n"
               "                 open the game at the position in FILE (a .guv file: new SCENARIO\n"
               "                 [SEED] [OPTION ...], then place, remove and set lines; see\n"
               "                 docs/script.md); a wrong file is reported as FILE:LINE and the\n"
               "                 screen does not open\n"
               "  --keys FILE    drive the game screen from a key script, with no terminal,\n"
               "                 and write screens as text (see docs/screen-tests.md)\n"
               "  --size CxR     the key script's screen size (default 80x24)\n"
               "  --screens DIR  where the key script's @screen writes (default: here)\n"
               "  --help         show this help\n"
               "  --version      show the version\n"
               "\n"
               "The manual page is guv(6).\n");
}

int main(int argc, char **argv)
{
    automa_register(); /* the solitaire scenarios are played against the Automa (rules/variant.h) */
    const char *data = NULL;
    UiOptions uo = {0};
    int i = 1;
    /* Options before the command (and --data also after it). */
    char *rest[64];
    int nrest = 0;
    for (; i < argc; i++) {
        if ((strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) &&
            !(nrest > 0 && strcmp(rest[0], "sim") == 0)) { /* guv sim [--game G] --help: sim's own usage */
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("guv %s\n", GUV_VERSION);
            return 0;
        }
        if (strcmp(argv[i], "--data") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "guv: --data needs a folder\n");
                return 2;
            }
            data = argv[++i];
            continue;
        }
        /* the game screen's options, before any command (a key script's also after one: guv replay's screen) */
        if ((nrest == 0 && (strcmp(argv[i], "--seed") == 0 || strcmp(argv[i], "--position") == 0)) ||
            strcmp(argv[i], "--keys") == 0 || strcmp(argv[i], "--screens") == 0 || strcmp(argv[i], "--size") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "guv: %s needs a value (guv --help)\n", argv[i]);
                return 2;
            }
            const char *v = argv[++i];
            if (strcmp(argv[i - 1], "--keys") == 0)
                uo.keys_file = v;
            else if (strcmp(argv[i - 1], "--position") == 0)
                uo.position_file = v;
            else if (strcmp(argv[i - 1], "--screens") == 0)
                uo.screens_dir = v;
            else if (strcmp(argv[i - 1], "--size") == 0) {
                if (sscanf(v, "%dx%d", &uo.cols, &uo.rows) != 2 || uo.cols < 20 || uo.rows < 8) {
                    fprintf(stderr, "guv: --size wants COLSxROWS, e.g. 80x24\n");
                    return 2;
                }
            } else {
                char *end;
                uo.seed = strtoull(v, &end, 10);
                if (*end || !*v) {
                    fprintf(stderr, "guv: --seed wants a number\n");
                    return 2;
                }
                uo.seed_set = true;
            }
            continue;
        }
        if (strncmp(argv[i], "--data=", 7) == 0) {
            data = argv[i] + 7;
            continue;
        }
        if (nrest < 63)
            rest[nrest++] = argv[i];
    }
    rest[nrest] = NULL;
    if (nrest > 0 && uo.position_file) {
        fprintf(stderr, "guv: --position opens the game screen at a position; it goes with no command "
                        "(in guv script, use 'position FILE')\n");
        return 2;
    }
    if (nrest == 0) {
        GameData gd;
        if (!cli_open(data, &gd))
            return 1;
        char dir[4096];
        if (cli_data_dir(data, dir, sizeof dir, stderr) == 0)
            uo.data_dir = dir; /* A Perfect Plan's data is read from there when it is chosen */
        setlocale(LC_ALL, ""); /* line drawing and wide characters in ncursesw */
        int rc = ui_run(&gd, &uo);
        gamedata_free(&gd);
        return rc;
    }
    if (strcmp(rest[0], "check") == 0)
        return cmd_check(nrest, rest, data);
    if (strcmp(rest[0], "booklet") == 0)
        return cmd_booklet(nrest, rest, data);
    if (strcmp(rest[0], "map") == 0)
        return cmd_map(nrest, rest, data);
    if (strcmp(rest[0], "script") == 0)
        return cmd_script(nrest, rest, data);
    if (strcmp(rest[0], "sim") == 0)
        return cmd_sim(nrest, rest, data);
    if (strcmp(rest[0], "replay") == 0)
        return cmd_replay(nrest, rest, data, &uo);
    fprintf(stderr, "guv: unknown command '%s'\n", rest[0]);
    usage(stderr);
    return 2;
}
