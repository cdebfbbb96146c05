/* guv check: load and cross-check every data file. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

int cmd_check(int argc, char **argv, const char *data_option)
{
    for (int i = 1; i < argc; i++) {
        fprintf(stderr, "guv check: unexpected argument '%s'\nUsage: guv check [--data DIR]\n", argv[i]);
        return 2;
    }
    char dir[4096];
    if (cli_data_dir(data_option, dir, sizeof dir, stderr))
        return 1;
    GameData gd;
    bool ok = cli_load(dir, &gd, stdout);
    if (ok) {
        int places = gd.map.nplaces, units = gd.nunits, chits = 0;
        for (int e = 0; e < gd.nevents; e++)
            chits += gd.events[e].copies;
        printf("guv check: %s is clean: map %dx%d with %d places, %d roads, %d rivers; %d units in %d formations; "
               "%d turns; %d Automa counters; %d strategy areas; %d event chits; %d placement boxes; %d scenarios; "
               "%d rule texts\n",
               dir, gd.map.cols, gd.map.rows, places, gd.map.nroads, gd.map.nrivers, units, gd.nformations,
               gd.nturns, gd.ncounters, gd.nareas, chits, gd.nboxes, gd.nscenarios, gd.ruletext.count);
        if (gd.automa.present)
            printf("guv check: the Automa: %d formations on a track of %d slots, Hooker's %d boxes, a wheel of %d "
                   "slots, booklet pages 2-12, %d paragraphs\n",
                   gd.automa.nformations, gd.automa.track.slots, gd.automa.track.hooker_boxes, gd.automa.wheel.slots,
                   gd.automa.nparagraphs);
        else
            printf("guv check: no Automa files (config/activation-track.ini, config/wheel.ini, booklet/pages.ini, "
                   "booklet/paragraphs.ini): the solitaire game is not available with this data\n");
    }
    gamedata_free(&gd);
    return ok ? 0 : 1;
}
