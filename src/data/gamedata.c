/* Loading every data file in order, lookups, and map access. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "data/loadutil.h"

static const char *const colour_names[MAX_COLOUR] = {"black", "red", "green", "yellow",
                                                     "blue",  "magenta", "cyan", "white"};

int data_colour_parse(const char *name)
{
    for (int i = 0; i < MAX_COLOUR; i++)
        if (strcmp(name, colour_names[i]) == 0)
            return i;
    return -1;
}

const char *data_colour_name(int colour) { return colour >= 0 && colour < MAX_COLOUR ? colour_names[colour] : "?"; }

int data_side_parse(const char *word)
{
    return strcmp(word, "union") == 0 ? SIDE_UNION : strcmp(word, "confederate") == 0 ? SIDE_CONFEDERATE : -1;
}

const char *data_side_name(int side)
{
    return side == SIDE_UNION ? "union" : side == SIDE_CONFEDERATE ? "confederate" : "?";
}

int data_terrain_by_symbol(const GameData *gd, char symbol)
{
    for (int i = 0; i < gd->nterrain; i++)
        if (gd->terrain[i].symbol == symbol)
            return i;
    return -1;
}

int data_place_index(const GameData *gd, const char *id) { FIND_BY_ID(gd->map.places, gd->map.nplaces, id); }
int data_unit_index(const GameData *gd, const char *id) { FIND_BY_ID(gd->units, gd->nunits, id); }
int data_formation_index(const GameData *gd, const char *id) { FIND_BY_ID(gd->formations, gd->nformations, id); }
int data_commander_index(const GameData *gd, const char *id) { FIND_BY_ID(gd->commanders, gd->ncommanders, id); }
int data_scenario_index(const GameData *gd, const char *id) { FIND_BY_ID(gd->scenarios, gd->nscenarios, id); }

const char *scenario_option(const ScenarioOption *opts, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (strcmp(opts[i].key, key) == 0)
            return opts[i].value;
    return NULL;
}

bool map_has(const Map *m, HexCoord h) { return m->hexes && hex_in_bounds(h, m->cols, m->rows); }

int map_hex_index(const Map *m, HexCoord h) { return (h.col - 1) * m->rows + (h.row - 1); }

HexCoord map_hex_at(const Map *m, int index) { return (HexCoord){index / m->rows + 1, index % m->rows + 1}; }

MapHex *map_hex(const Map *m, HexCoord h) { return &m->hexes[map_hex_index(m, h)]; }

const Hexside *map_hexside(const Map *m, HexCoord h, int dir)
{
    if (!map_has(m, h) || dir < 0 || dir >= DIR_COUNT || !map_has(m, hex_neighbour(h, dir)))
        return NULL;
    return &map_hex(m, h)->side[dir];
}

void lu_scenario_free(ScenarioDef *sc)
{
    free(sc->file);
    free(sc->description);
    free(sc->commander_allowed);
    free(sc->formation_allowed);
    for (int i = 0; i < sc->nrules; i++)
        free(sc->rules[i].value);
    free(sc->rules);
    for (int i = 0; i < sc->nvictory; i++)
        free(sc->victory[i].value);
    free(sc->victory);
    free(sc->deploy);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Loads every *.ini in config/scenarios, in name order. */
static void load_scenarios(GameData *gd, const char *dir, Diags *d)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/config/scenarios", dir);
    DIR *dh = opendir(path);
    if (!dh) {
        diag_error(d, "config/scenarios", 0, "cannot open the scenarios folder %s", path);
        return;
    }
    char **names = NULL;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dh))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".ini") != 0 || e->d_name[0] == '.')
            continue;
        char **nn = realloc(names, (size_t)(n + 1) * sizeof *nn);
        if (!nn)
            break;
        names = nn;
        names[n] = strdup(e->d_name);
        if (names[n])
            n++;
    }
    closedir(dh);
    if (n > 1)
        qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        char shown[512];
        snprintf(path, sizeof path, "%s/config/scenarios/%s", dir, names[i]);
        snprintf(shown, sizeof shown, "config/scenarios/%s", names[i]);
        load_scenario(gd, path, shown, d);
        free(names[i]);
    }
    free(names);
    if (n == 0)
        diag_error(d, "config/scenarios", 0, "no scenario files (*.ini)");
}

/* A scenario's held events (`events.union`, `events.confederate`) must be
 * chits of that side in events.ini. */
static void check_scenario_events(const GameData *gd, Diags *d)
{
    static const char *const keys[SIDE_COUNT] = {"events.union", "events.confederate"};
    for (int i = 0; i < gd->nscenarios; i++) {
        const ScenarioDef *sc = &gd->scenarios[i];
        for (int r = 0; r < sc->nrules; r++)
            for (int side = 0; side < SIDE_COUNT; side++) {
                if (strcmp(sc->rules[r].key, keys[side]) != 0)
                    continue;
                char tok[ID_LEN];
                const char *p = sc->rules[r].value;
                while ((p = ini_next_token(p, tok, sizeof tok, NULL)))
                    if (data_event_index(gd, side, tok) < 0)
                        diag_error(d, sc->file, sc->rules[r].line,
                                   "%s: '%s' is not a %s event chit (see config/events.ini)", keys[side], tok,
                                   data_side_name(side));
            }
    }
}

static unsigned serials; /* one for each load and each change in place */

void gamedata_changed(GameData *gd) { gd->serial = ++serials; }

bool gamedata_load(const char *dir, GameData *gd, Diags *d)
{
    memset(gd, 0, sizeof *gd);
    gd->serial = ++serials;
    int before = d->count;
    char path[4096];
#define LOAD(fn, rel, ...)                                                                                             \
    do {                                                                                                               \
        snprintf(path, sizeof path, "%s/%s", dir, rel);                                                                \
        fn(gd, __VA_ARGS__ path, rel, d);                                                                              \
    } while (0)
    LOAD(load_terrain, "config/terrain.ini", );
    LOAD(load_map, "config/map.ini", );
    LOAD(load_tables, "config/tables.ini", );
    LOAD(load_turns, "config/turns.ini", );
    LOAD(load_oob, "config/oob-union.ini", SIDE_UNION, );
    LOAD(load_oob, "config/oob-confederate.ini", SIDE_CONFEDERATE, );
    LOAD(load_automa_counters, "config/automa-counters.ini", );
    LOAD(load_strategy_map, "config/strategy-map.ini", );
    data_add_counter_units(gd, d);
    LOAD(load_events, "config/events.ini", );
    LOAD(load_placement, "config/variable-placement.ini", );
    /* The Automa's four files go together: a data set without any of them
     * (a base-game-only set) has no solitaire system. */
    static const char *const automa_files[4] = {"config/activation-track.ini", "config/wheel.ini", "booklet/pages.ini",
                                                "booklet/paragraphs.ini"};
    int have = 0;
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, automa_files[i]);
        have += access(path, F_OK) == 0;
    }
    if (have > 0) {
        gd->automa.attempted = true;
        /* Each file is checked against the ones before it: the wheel and
         * the pages against the track, the paragraphs against the track and
         * the wheel. A file whose own errors are reported already would make
         * the later ones report misleading errors of their own (a formation
         * "unknown" because its marker line is wrong), so those are left
         * unchecked until it is fixed. */
        int errors = d->count;
        LOAD(load_activation_track, "config/activation-track.ini", );
        bool track_ok = d->count == errors;
        bool wheel_ok = false;
        if (track_ok) {
            int before_wheel = d->count;
            LOAD(load_wheel, "config/wheel.ini", );
            wheel_ok = d->count == before_wheel;
            LOAD(load_pages, "booklet/pages.ini", );
        }
        if (wheel_ok)
            LOAD(load_paragraphs, "booklet/paragraphs.ini", );
        gd->automa.present = track_ok && wheel_ok && d->count == errors;
    }
#undef LOAD
    load_scenarios(gd, dir, d);
    check_scenario_events(gd, d);
    /* How the map looks (terrain colours, place labels): optional, and not
     * in the fingerprint, since it changes nothing in the game. */
    data_display_defaults(gd);
    snprintf(path, sizeof path, "%s/config/map-display.ini", dir);
    if (access(path, F_OK) == 0)
        load_display(gd, path, "config/map-display.ini", d);
    /* The rule texts are optional: a data set without the file has none, and
     * the log's rule ids then have nothing to show. Not in the fingerprint. */
    snprintf(path, sizeof path, "%s/config/rule-text.ini", dir);
    if (access(path, F_OK) == 0)
        ruletext_load(path, "config/rule-text.ini", &gd->ruletext, d);
    /* The data's fingerprint (saves refuse another version): every file read, in a fixed order. */
    static const char *const files[] = {"config/terrain.ini",        "config/map.ini",
                                        "config/tables.ini",         "config/turns.ini",
                                        "config/oob-union.ini",      "config/oob-confederate.ini",
                                        "config/automa-counters.ini", "config/strategy-map.ini",
                                        "config/events.ini",         "config/variable-placement.ini",
                                        "config/activation-track.ini", "config/wheel.ini",
                                        "booklet/pages.ini",         "booklet/paragraphs.ini"};
    uint64_t h = DATA_FINGERPRINT_START;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        h = data_fingerprint_file(h, path);
    }
    for (int i = 0; i < gd->nscenarios; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, gd->scenarios[i].file);
        h = data_fingerprint_file(h, path);
    }
    gd->fingerprint = h;
    return d->count == before;
}

void gamedata_free(GameData *gd)
{
    free(gd->terrain);
    free(gd->hexside_kinds);
    free(gd->road_kinds);
    free(gd->map.hexes);
    free(gd->map.places);
    for (int i = 0; i < gd->map.nroads; i++)
        free(gd->map.roads[i].hexes);
    free(gd->map.roads);
    free(gd->map.rivers);
    free(gd->artillery.rows);
    free(gd->turns);
    free(gd->commanders);
    free(gd->formations);
    free(gd->units);
    free(gd->counters);
    for (int i = 0; i < gd->nareas; i++)
        free(gd->areas[i].hexes);
    free(gd->areas);
    free(gd->events);
    free(gd->boxes);
    for (int i = 0; i < gd->automa.nparagraphs; i++)
        free(gd->automa.paragraphs[i].text);
    free(gd->automa.paragraphs);
    for (int i = 0; i < gd->nscenarios; i++)
        lu_scenario_free(&gd->scenarios[i]);
    free(gd->scenarios);
    ruletext_free(&gd->ruletext);
    memset(gd, 0, sizeof *gd);
}
