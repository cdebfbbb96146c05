/* guv check: load and cross-check every data file. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "data/pp_data.h"
#include "data/rd_data.h"

static void report_diags(const Diags *d, bool ok, const char *files, const char *dir);

/* A Perfect Plan's files (config/perfect-plan), when the data has them:
 * their errors as file:line, or one summary line. */
static bool check_perfect_plan(const char *dir)
{
    if (!pp_data_present(dir)) {
        printf("guv check: no A Perfect Plan files (config/perfect-plan): the area game is not available with this "
               "data\n");
        return true;
    }
    static PpData pd;
    Diags d = {0};
    bool ok = pp_data_load(dir, &pd, &d);
    report_diags(&d, ok, "A Perfect Plan", dir);
    if (ok) {
        int units[PP_SIDES] = {0, 0};
        for (int c = 0; c < pd.ncounters; c++)
            units[pd.counters[c].side]++;
        printf("guv check: A Perfect Plan: %d areas, %d rivers; %d Union and %d Confederate units, %d and %d "
               "trenches; %d turns of %d impulses\n",
               pd.nareas, pd.nrivers, units[PP_UNION], units[PP_CONFEDERATE], pd.sides[PP_UNION].trenches,
               pd.sides[PP_CONFEDERATE].trenches, pd.turns, pd.nimpulses);
    }
    diags_free(&d);
    return ok;
}

/* Prints d's messages as file:line, one a line, and when the files did not
 * load a line counting them. */
static void report_diags(const Diags *d, bool ok, const char *files, const char *dir)
{
    for (int i = 0; i < d->count; i++) {
        char line[1400];
        diag_format(&d->items[i], line, sizeof line);
        printf("%s\n", line);
    }
    if (!ok)
        printf("guv: %d error%s in the %s files under %s\n", d->count, d->count == 1 ? "" : "s", files, dir);
}

/* The Red Die of Courage's files (config/red-die), when the data has them:
 * their errors as file:line, or one summary line. */
static bool check_red_die(const char *dir)
{
    if (!rd_data_present(dir)) {
        printf("guv check: no Red Die of Courage files (config/red-die): the skirmish game is not available with "
               "this data\n");
        return true;
    }
    static RdData rd;
    Diags d = {0};
    bool ok = rd_data_load(dir, &rd, &d);
    report_diags(&d, ok, "Red Die of Courage", dir);
    if (ok) {
        printf("guv check: The Red Die of Courage: %d battlefield%s:", rd.nfields, rd.nfields == 1 ? "" : "s");
        for (int i = 0; i < rd.nfields; i++) {
            const RdField *f = &rd.fields[i];
            int soldiers[RD_SIDES] = {0, 0};
            for (int s = 0; s < f->nsquads; s++)
                soldiers[f->squads[s].side] += f->squads[s].soldiers;
            printf("%s %s (%g x %g cm, %d Union and %d Confederate soldiers in %d squads, %d objectives)",
                   i ? ";" : "", f->id, f->w * rd.rules.cell_mm / 10.0, f->h * rd.rules.cell_mm / 10.0,
                   soldiers[RD_UNION], soldiers[RD_CONFEDERATE], f->nsquads, f->nobjectives);
        }
        printf("\n");
    }
    diags_free(&d);
    return ok;
}

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
    bool pp_ok = check_perfect_plan(dir);
    bool rd_ok = check_red_die(dir);
    return ok && pp_ok && rd_ok ? 0 : 1;
}
