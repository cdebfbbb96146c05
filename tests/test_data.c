/* Loading the data files (MAP-GRID, MAP-TEC, MAP-PLACES, TURN-TRACK, SETUP,
 * AI-COUNTERS): good files load with the right values; every kind of bad
 * input gets a file:line message and never a crash. */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void load_ok(const char *dir, GameData *gd)
{
    Diags d = {0};
    bool ok = gamedata_load(dir, gd, &d);
    if (!ok)
        tu_print_diags(&d);
    assert_true(ok);
    assert_int_equal(d.count, 0);
    diags_free(&d);
}

static void test_mini_loads_with_its_values(void **state)
{
    (void)state;
    GameData gd;
    load_ok(MINI_DIR, &gd);
    const Map *m = &gd.map;
    assert_int_equal(m->cols, 6);
    assert_int_equal(m->rows, 6);
    assert_int_equal(gd.movement.road_bonus, 2);
    assert_int_equal(gd.stacking.max_units, 4);
    assert_int_equal(gd.stacking.max_points, 16);
    assert_int_equal(gd.terrain[map_hex(m, tu_hex("0203"))->terrain].symbol, 'w');
    assert_int_equal(gd.terrain[map_hex(m, tu_hex("0206"))->terrain].move, 2); /* town: 1 MP */
    assert_int_equal(map_hex(m, tu_hex("0102"))->bank, BANK_WEDGE);
    assert_int_equal(map_hex(m, tu_hex("0103"))->bank, BANK_SOUTH);
    /* A hexside reads the same from both sides. */
    const Hexside *a = map_hexside(m, tu_hex("0302"), DIR_S);
    const Hexside *b = map_hexside(m, tu_hex("0303"), DIR_N);
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->river, b->river);
    assert_true(a->flags & SIDE_FORD);
    assert_true(b->flags & SIDE_FORD);
    assert_string_equal(m->rivers[a->river].id, "great");
    assert_false(map_hexside(m, tu_hex("0202"), DIR_S)->flags & SIDE_FORD);
    assert_null(map_hexside(m, tu_hex("0101"), DIR_N)); /* off the map */
    /* Roads join neighbours both ways; the major road wins a shared hexside. */
    assert_int_equal(map_hex(m, tu_hex("0304"))->road[DIR_NE], map_hex(m, tu_hex("0404"))->road[DIR_SW]);
    assert_string_equal(gd.road_kinds[map_hex(m, tu_hex("0304"))->road[DIR_N]].id, "minor");
    int p = data_place_index(&gd, "mini-ford");
    assert_true(p >= 0);
    assert_int_equal(m->places[p].ford_dir, DIR_S);
    assert_true(map_hex(m, tu_hex("0301"))->flags & HEXF_SUPPLY_UNION);
    assert_true(map_hex(m, tu_hex("0306"))->flags & HEXF_EXIT_CSA);
    assert_int_equal(map_hex(m, tu_hex("0503"))->fort_faces, (1 << DIR_N) | (1 << DIR_NW));
    /* Tables, turns, armies, counters, areas, scenario */
    assert_int_equal(gd.artillery.nrows, 2);
    assert_int_equal(gd.artillery.rows[1].result[7], ART_LOSS_DIS);
    assert_int_equal(gd.rules.independent_units, 3);
    assert_int_equal(gd.rules.cavalry_break_contact_hexes, 2);
    assert_int_equal(gd.rules.pontoon_roll, 4);
    assert_int_equal(gd.rules.six, 6);
    assert_int_equal(gd.nturns, 5);
    assert_true(gd.turns[4].night);
    assert_int_equal(gd.turns[1].rain, 1);
    assert_int_equal(gd.army[SIDE_UNION].pontoons, 6);
    int vg = data_unit_index(&gd, "von-gilsa");
    assert_int_equal(gd.units[vg].strength, 3);
    assert_int_equal(gd.units[vg].reduced, 1);
    assert_string_equal(gd.formations[gd.units[vg].formation].id, "howard");
    assert_int_equal(gd.ncounters, 1);
    assert_int_equal(gd.counters[0].nvalues, 4);
    assert_true(gd.counters[0].boxed[1]);
    assert_false(gd.counters[0].boxed[2]);
    assert_int_equal(gd.nareas, 2);
    assert_int_equal(gd.areas[1].number, 19);
    const ScenarioDef *sc = &gd.scenarios[0];
    assert_string_equal(sc->id, "test");
    assert_string_equal(sc->description, "A small fight at the crossroads, used by the tests.");
    assert_int_equal(sc->ndeploy, 7);
    assert_int_equal(sc->points[2][SIDE_CONFEDERATE], 2);
    assert_int_equal(sc->points[1][SIDE_UNION], -1);
    assert_string_equal(scenario_option(sc->rules, sc->nrules, "locked"), "howard:turn-2");
    assert_string_equal(scenario_option(sc->victory, sc->nvictory, "places"), "crossroads");
    assert_true(sc->formation_allowed[data_formation_index(&gd, "hill")]);
    gamedata_free(&gd);
}

static void test_shipped_data_is_clean(void **state)
{
    (void)state;
    GameData gd;
    load_ok(SOURCE_DIR, &gd);
    assert_int_equal(gd.map.cols, 40);
    assert_int_equal(gd.map.rows, 37);
    assert_int_equal(gd.nturns, 25);
    /* Every place the rules name is on the map. */
    const char *places[] = {"chancellorsville", "fairview", "maryes-heights", "fredericksburg", "falmouth",
                            "salem-church", "zoan-church", "spotsylvania", "germanna-ford", "elys-ford",
                            "us-ford", "banks-ford", "kellys-ford", "richardsville", "hamiltons-crossing",
                            "wilderness-tavern", "todds-tavern"};
    for (size_t i = 0; i < sizeof places / sizeof *places; i++)
        if (data_place_index(&gd, places[i]) < 0)
            fail_msg("place %s is missing", places[i]);
    /* Rulebook numbers carried over as given. */
    assert_int_equal(gd.army[SIDE_CONFEDERATE].skirmishers, 10);
    assert_int_equal(gd.army[SIDE_UNION].skirmishers, 6);
    assert_int_equal(gd.army[SIDE_UNION].pontoons, 6);
    assert_int_equal(gd.army[SIDE_CONFEDERATE].pontoons, 1);
    assert_int_equal(gd.turns[2].points[SIDE_UNION], 4); /* ACT-POINTS example, turn 3 */
    assert_int_equal(gd.turns[2].points[SIDE_CONFEDERATE], 3);
    assert_int_equal(gd.turns[0].points[SIDE_UNION], 3); /* the Automa's three on turn 1 */
    for (int t = 0; t < gd.nturns; t++)
        assert_int_equal(gd.turns[t].night, (t + 1) % 5 == 0);
    gamedata_free(&gd);
}

/* Loads a patched copy of the mini data and expects one message. */
static void expect_error(const char *rel, const char *old, const char *new_text, const char *line_text,
                         const char *message)
{
    char *dir = tu_copy_tree(MINI_DIR);
    char shown[256];
    snprintf(shown, sizeof shown, "config/%s", rel);
    tu_patch(dir, shown, old, new_text);
    int line = line_text ? tu_line_of(dir, shown, line_text) : 0;
    GameData gd;
    Diags d = {0};
    assert_false(gamedata_load(dir, &gd, &d));
    if (!tu_has_diag(&d, shown, line, message)) {
        print_message("expected %s:%d: %s\ngot:\n", shown, line, message);
        tu_print_diags(&d);
        fail();
    }
    gamedata_free(&gd);
    diags_free(&d);
    tu_remove_tree(dir);
}

static void test_unknown_key(void **state)
{
    (void)state;
    expect_error("terrain.ini", "colour = green", "colur = green", "colur", "unknown key 'colur' in [terrain:woods]");
    expect_error("terrain.ini", "[terrain:woods]", "[terain:woods]", "[terain", "unknown section [terain:woods]");
}

static void test_bad_values(void **state)
{
    (void)state;
    expect_error("terrain.ini", "move = 2\ncontact_cost = 0", "move = fast\ncontact_cost = 0", "move = fast",
                 "'move' must be a cost");
    expect_error("oob-union.ini", "type = artillery", "type = balloon", "balloon", "type must be infantry");
    expect_error("turns.ini", "union_points = 2", "union_points = lots", "lots", "must be a whole number");
    expect_error("tables.ini", "- - - DIS DIS 1 1 1DIS", "- - - DIS DIS 1 1 2DIS", "2DIS",
                 "'2DIS' is not a result");
    expect_error("tables.ini", "- - - DIS DIS 1 1 1DIS", "- - - DIS DIS 1 1", "results = - - - DIS DIS 1 1\n",
                 "results has 7 entries; die_min..die_max needs 8");
    expect_error("turns.ini", "period = night", "period = day", "[turn:5]", "turn 5 should be a night turn");
    expect_error("automa-counters.ini", "4 [3] 2 [1]", "4 [3] 3 [1]", "values", "values must fall");
    expect_error("oob-union.ini", "reduced = 1\nmovement = 4\nelite = 0", "reduced = 3\nmovement = 4\nelite = 0",
                 "reduced = 3", "must be weaker than full strength");
    expect_error("tables.ini", "six = 6 ", "six = 9 ", "six = 9", "'six' is 9; it must be from 1 to 6");
    expect_error("tables.ini", "pontoon_roll = 4 ", "pontoon = 4 ", "[rules]", "[rules] needs a 'pontoon_roll' key");
}

static void test_bad_events(void **state)
{
    (void)state;
    expect_error("events.ini", "effect = supply", "effect = teleport", "teleport", "unknown effect 'teleport'");
    expect_error("events.ini", "radius = 4\n", "", "[event:confederate:supply-depot]", "the supply effect needs 'radius'");
    expect_error("events.ini", "role = defence\n", "role = defence\nradius = 2\n", "radius = 2",
                 "the combat-dice effect takes no 'radius'");
    expect_error("events.ini", "role = attack", "role = sideways", "sideways", "role: attack, defence or either");
    expect_error("events.ini", "commander = hooker", "commander = howard", "commander = howard",
                 "'howard' is not a union higher commander");
    expect_error("events.ini", "[event:union:great-offensive]", "[event:yankee:great-offensive]", "[event:yankee",
                 "[event:union:ID] or [event:confederate:ID]");
    expect_error("events.ini", "after = removed", "after = later", "after = later", "after: 'cup' or 'removed'");
    expect_error("scenarios/test.ini", "detachment = yes", "detachment = yes\nevents.union = rebel-yell",
                 "events.union", "'rebel-yell' is not a union event chit");
}

static void test_bad_placement(void **state)
{
    (void)state;
    const char *f = "variable-placement.ini";
    expect_error(f, "min = 1\nmax = 1\nzone = crossroads:0", "min = 2\nmax = 1\nzone = crossroads:0", "min = 2",
                 "min (2) is more than max (1)");
    expect_error(f, "min = 1\nmax = 1\nzone = crossroads:0", "min = 2\nmax = 2\nzone = crossroads:0", "[placement]",
                 "the confederate boxes' minimums add up to 2, more than the side's 1 formations to place");
    expect_error(f, "zone = crossroads:0", "zone = crossroads:1", "zone = crossroads:1",
                 "box 'ford' meets the enemy box 'crossroads'");
    expect_error(f, "zone = crossroads:0", "zone = nowhere:1", "zone = nowhere", "zone: unknown place 'nowhere'");
    expect_error(f, "zone = crossroads:0", "zone = crossroads", "zone = crossroads", "should be PLACE:RADIUS");
    expect_error(f, "zone = mini-ford:0", "zone = mini-ford:0\nbanks = Q", "banks = Q", "banks: N, W or S");
    expect_error(f, "first = confederate", "first = lee", "first = lee", "first: 'union' or 'confederate'");
    expect_error(f, "side = union", "side = french", "side = french", "side: 'union' or 'confederate'");
}

static void test_duplicate_section(void **state)
{
    (void)state;
    expect_error("map.ini", "[place:crossroads]", "[place:mini-ford]", "[place:mini-ford]\nname = Crossroads",
                 "section [place:mini-ford] appears again (first at line");
}

static void test_missing_references(void **state)
{
    (void)state;
    expect_error("oob-union.ini", "formation = howard\ndivision = devens",
                 "formation = nobody\ndivision = devens", "nobody", "unknown formation 'nobody'");
    expect_error("oob-union.ini", "commander = howard", "commander = ghost", "ghost", "unknown commander 'ghost'");
    expect_error("map.ini", "kind = creek", "kind = brook", "kind = brook", "unknown hexside kind 'brook'");
    expect_error("map.ini", "kind = minor", "kind = lane", "kind = lane", "unknown road kind 'lane'");
    expect_error("scenarios/test.ini", "von-gilsa = 0304", "von-gilza = 0304", "von-gilza",
                 "unknown unit 'von-gilza'");
    expect_error("scenarios/test.ini", "places = crossroads", "places = nowhere", "nowhere",
                 "unknown place 'nowhere'");
    expect_error("scenarios/test.ini", "union = hooker howard", "union = hooker howard a-p-hill", "union = hooker",
                 "'a-p-hill' is not a union commander");
    expect_error("automa-counters.ini", "corps = howard", "corps = hill", "corps = hill",
                 "'hill' is not a Union formation");
}

static void test_hexside_given_twice_either_way(void **state)
{
    (void)state;
    /* 0303-0302 is the same hexside as 0302-0303. */
    expect_error("map.ini", "0602-0603\n", "0602-0603 0303-0302\n", "0602-0603 0303-0302",
                 "hexside 0303-0302 is already given");
    expect_error("map.ini", "0505-0506 0405-0505", "0505-0506 0405-0505 0302-0303", "0405-0505 0302-0303",
                 "hexside 0302-0303 is already given");
}

static void test_bad_hexsides_and_roads(void **state)
{
    (void)state;
    expect_error("map.ini", "0505-0506 0405-0505", "0505-0305", "0505-0305",
                 "hexes 0505 and 0305 are not neighbours");
    expect_error("map.ini", "0505-0506 0405-0505", "0505-0507", "0505-0507", "hex 0507 is off the map");
    expect_error("map.ini", "hexsides = 0505", "hexsides = 050", "hexsides = 050",
                 "'050-0506' is not a hexside");
    expect_error("map.ini", "0104 0204 0304", "0104 0304", "0104 0304", "0104 and 0304 are not neighbours");
    expect_error("map.ini", "fords = 0302-0303", "fords = 0202-0203", "hexes = 0301 0302",
                 "road lane crosses the Great River between 0302 and 0303 where there is no ford");
    expect_error("map.ini", "fords = 0302-0303", "fords = 0302-0303 0505-0506", "fords = ",
                 "ford: hexside 0505-0506 is not one of this river's hexsides");
    expect_error("map.ini", "ford = 0302-0303", "ford = 0303-0304", "ford = 0303-0304",
                 "ford 0303-0304 does not touch the place's hex");
    expect_error("map.ini", "union = 0301", "union = 0303", "union = 0303", "hex 0303 is not on a map edge");
    expect_error("map.ini", "hex = 0304", "hex = 0704", "hex = 0704", "hex 0704 is off the map");
    expect_error("map.ini", "hexes = 0503:n,nw", "hexes = 0503:n,up", "0503:n,up", "'up' is not a direction");
}

static void test_bad_grids(void **state)
{
    (void)state;
    expect_error("map.ini", "r02 = .ww...", "r02 = .ww..", "r02 = .ww..", "has 5 characters; the map has 6");
    expect_error("map.ini", "r04 = ..s...", "r04 = ..q...", "r04 = ..q", "hex 0304: 'q' is not a known terrain");
    expect_error("map.ini", "r05 = SSSSSS", "r05 = SSXSSS", "r05 = SSX", "'X' is not a known bank letter");
    /* 0103 moved to the north bank: 0103 and 0104 now differ with no river between. */
    expect_error("map.ini", "r03 = SSSSSS", "r03 = WSSSSS", "[bank]", "no great river hexside lies between");
    expect_error("map.ini", "rows = 6", "rows = many", "rows = many", "'rows' must be a whole number");
}

static void test_overlong_line_in_a_data_file(void **state)
{
    (void)state;
    char longname[260] = "name = The ";
    memset(longname + 11, 'e', 200);
    strcpy(longname + 211, "nd");
    expect_error("map.ini", "name = The Pike", longname, "name = The eee", "characters long; at most 199");
}

static void test_scenario_checks(void **state)
{
    (void)state;
    expect_error("scenarios/test.ini", "heth = 0305", "heth = 0306", "heth = 0306",
                 "hex 0306 holds 5 units with 16 combat points");
    expect_error("scenarios/test.ini", "heth = 0305", "heth = 0304", "heth = 0304",
                 "von-gilsa and heth (enemies) are both deployed in hex 0304");
    expect_error("scenarios/test.ini", "walker = 0306", "walker = 0306\nheth = 0301", "heth = 0301",
                 "key 'heth' appears again");
    expect_error("scenarios/test.ini", "heth = 0305", "heth = 0305 sideways", "sideways",
                 "a deployment is a hex id or 'reserve'");
    expect_error("scenarios/test.ini", "always_supplied = yes", "always_suplied = yes", "always_suplied",
                 "unknown key 'always_suplied' in [rules]");
    expect_error("scenarios/test.ini", "locked = howard:turn-2", "locked = howard:soon", "howard:soon",
                 "must end in :attacked or :turn-N");
    expect_error("scenarios/test.ini", "when = end", "when = later", "when = later", "'when' must be one of");
    /* ../shared/repro/hang-empty-victory-type-lee-moves.ini: an empty word once hung the loader */
    expect_error("scenarios/test.ini", "type = hold", "type =", "type =", "'type' must be one of");
    expect_error("scenarios/test.ini", "side = confederate", "side =", "side =", "'side' must be one of");
    expect_error("scenarios/test.ini", "when = end", "when =", "when =", "'when' must be one of");
    expect_error("scenarios/test.ini", "t2 = 1/2", "t7 = 1/2", "t7", "must name a turn of the scenario");
    expect_error("scenarios/test.ini", "last_turn = 3", "last_turn = 9", "last_turn", "must be from 1 to 5");
    expect_error("scenarios/test.ini", "[deploy:union]", "[deploy:yankees]", "[deploy:yankees]",
                 "unknown section [deploy:yankees]");
    expect_error("scenarios/test.ini", "von-gilsa = 0304\n", "heth = 0304\n", "heth = 0304",
                 "heth is a confederate unit, deployed in [deploy:union]");
}

static void test_strategy_map_checks(void **state)
{
    (void)state;
    expect_error("strategy-map.ini", "hexes = 0304 0404 0305", "hexes = 0304 0302", "hexes = 0304 0302",
                 "hex 0302 already belongs to area 011");
    expect_error("strategy-map.ini", "[area:019]", "[area:19]", "[area:19]", "three-digit paragraph number");
    expect_error("strategy-map.ini", "objective = 0304", "objective = 0306", "objective = 0306",
                 "the objective hex is not one of the area's hexes");
}

static void test_missing_file_and_section(void **state)
{
    (void)state;
    char *dir = tu_copy_tree(MINI_DIR);
    char path[4096];
    snprintf(path, sizeof path, "%s/config/tables.ini", dir);
    assert_int_equal(remove(path), 0);
    GameData gd;
    Diags d = {0};
    assert_false(gamedata_load(dir, &gd, &d));
    assert_true(tu_has_diag(&d, "config/tables.ini", 0, "cannot read"));
    gamedata_free(&gd);
    diags_free(&d);
    tu_remove_tree(dir);
    expect_error("map.ini", "[supply]", "[suply]", "[suply]", "unknown section [suply]");
}

static void test_data_files_must_be_regular_files(void **state)
{
    (void)state;
    /* A data file that is a folder, or a link to /dev/zero, is refused with
     * file: error, and never read for ever (../shared/repro, issue 13). */
    const char *as[] = {"folder", "zero"};
    for (int k = 0; k < 2; k++) {
        char *dir = tu_copy_tree(MINI_DIR);
        char path[4096];
        snprintf(path, sizeof path, "%s/config/tables.ini", dir);
        assert_int_equal(remove(path), 0);
        if (k == 0)
            assert_int_equal(mkdir(path, 0755), 0);
        else
            assert_int_equal(symlink("/dev/zero", path), 0);
        GameData gd;
        Diags d = {0};
        assert_false(gamedata_load(dir, &gd, &d));
        if (!tu_has_diag(&d, "config/tables.ini", 0, "is not a regular file")) {
            print_message("%s:\n", as[k]);
            tu_print_diags(&d);
            fail();
        }
        gamedata_free(&gd);
        diags_free(&d);
        if (k == 0)
            rmdir(path);
        tu_remove_tree(dir);
    }
}

/* config/map-display.ini: optional, outside the fingerprint, checked like
 * any other file. */
static void test_map_display_file(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    /* The shipped data: every terrain has its backgrounds, the long names their short forms. */
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    for (int t = 0; t < gd.nterrain; t++) {
        assert_true(gd.terrain[t].background_256 >= 0);
        assert_true(gd.terrain[t].texture_256 >= 0);
    }
    const Place *sp = &gd.map.places[data_place_index(&gd, "spotsylvania")];
    assert_string_equal(sp->label, "Spotsylvania C.H.");
    assert_int_equal(sp->priority, 3);
    assert_true(gd.display.min_letters >= 1 && gd.display.max_letters >= gd.display.min_letters);
    gamedata_free(&gd);

    /* Without it (the tests' mini data): no backgrounds, no short forms. */
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    assert_int_equal(d.count, 0);
    for (int t = 0; t < gd.nterrain; t++)
        assert_int_equal(gd.terrain[t].background, -1);
    assert_string_equal(gd.map.places[0].label, "");
    gamedata_free(&gd);

    const char *rel = "config/map-display.ini";
    char *dir = tu_copy_tree(MINI_DIR);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("[labels]\noverview_priority = 1\n[terrain:woods]\nbackground = green\nbackground_256 = 22\n"
          "texture_256 = 28\n[place:crossroads]\nlabel = X-roads\npriority = 2\n",
          f);
    fclose(f);
    assert_true(gamedata_load(dir, &gd, &d));
    int woods = data_terrain_by_symbol(&gd, 'w');
    assert_int_equal(gd.terrain[woods].background, data_colour_parse("green"));
    assert_int_equal(gd.terrain[woods].background_256, 22);
    assert_int_equal(gd.terrain[woods].texture_256, 28);
    assert_int_equal(gd.terrain[data_terrain_by_symbol(&gd, '.')].background, -1);
    assert_string_equal(gd.map.places[data_place_index(&gd, "crossroads")].label, "X-roads");
    assert_int_equal(gd.map.places[data_place_index(&gd, "crossroads")].priority, 2);
    assert_int_equal(gd.display.overview_priority, 1);
    uint64_t fingerprint = gd.fingerprint;
    gamedata_free(&gd);
    /* A colour changed: the game is the same, saves still load. */
    tu_patch(dir, rel, "background_256 = 22", "background_256 = none");
    assert_true(gamedata_load(dir, &gd, &d));
    assert_true(gd.fingerprint == fingerprint);
    assert_int_equal(gd.terrain[woods].background_256, -1);
    gamedata_free(&gd);
    /* Mistakes are named with their line. */
    tu_patch(dir, rel, "background = green", "background = greenish");
    tu_patch(dir, rel, "texture_256 = 28", "texture_256 = 256");
    tu_patch(dir, rel, "[place:crossroads]", "[place:crossroad]");
    tu_patch(dir, rel, "overview_priority = 1", "overview_prio = 1");
    assert_false(gamedata_load(dir, &gd, &d));
    assert_true(tu_has_diag(&d, rel, 4, "unknown colour 'greenish'"));
    assert_true(tu_has_diag(&d, rel, 6, "it must be from 0 to 255"));
    assert_true(tu_has_diag(&d, rel, 7, "[place:crossroad] is not a place of config/map.ini"));
    assert_true(tu_has_diag(&d, rel, 2, "unknown key 'overview_prio' in [labels]"));
    gamedata_free(&gd);
    diags_free(&d);
    f = fopen(path, "wb");
    assert_non_null(f);
    fputs("[terrain:forest]\nbackground = green\n", f);
    fclose(f);
    assert_false(gamedata_load(dir, &gd, &d));
    assert_true(tu_has_diag(&d, rel, 1, "[terrain:forest] is not a terrain of config/terrain.ini"));
    assert_int_equal(d.count, 1);
    gamedata_free(&gd);
    diags_free(&d);
    tu_remove_tree(dir);
}

static void test_garbage_never_crashes(void **state)
{
    (void)state;
    /* Every file replaced by nonsense in turn: errors, no crash, no leak. */
    const char *files[] = {"terrain.ini", "map.ini", "tables.ini", "turns.ini", "oob-union.ini",
                           "oob-confederate.ini", "automa-counters.ini", "strategy-map.ini", "scenarios/test.ini"};
    const char *junk[] = {"", "[", "[x]\n=\n", "\xef\xbb\xbf[map]\ncolumns = 0\n", "[map]\ncolumns = 99\nrows = 99\n",
                          "key\n\n\n[[[]]]\n  continued\n", "[a:b]\nname =\n"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++)
        for (size_t j = 0; j < sizeof junk / sizeof *junk; j++) {
            char *dir = tu_copy_tree(MINI_DIR);
            char path[4096];
            snprintf(path, sizeof path, "%s/config/%s", dir, files[f]);
            FILE *fp = fopen(path, "wb");
            assert_non_null(fp);
            fputs(junk[j], fp);
            fclose(fp);
            GameData gd;
            Diags d = {0};
            assert_false(gamedata_load(dir, &gd, &d));
            assert_true(d.count > 0);
            gamedata_free(&gd);
            diags_free(&d);
            tu_remove_tree(dir);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mini_loads_with_its_values),
        cmocka_unit_test(test_shipped_data_is_clean),
        cmocka_unit_test(test_unknown_key),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_bad_events),
        cmocka_unit_test(test_bad_placement),
        cmocka_unit_test(test_duplicate_section),
        cmocka_unit_test(test_missing_references),
        cmocka_unit_test(test_hexside_given_twice_either_way),
        cmocka_unit_test(test_bad_hexsides_and_roads),
        cmocka_unit_test(test_bad_grids),
        cmocka_unit_test(test_overlong_line_in_a_data_file),
        cmocka_unit_test(test_scenario_checks),
        cmocka_unit_test(test_strategy_map_checks),
        cmocka_unit_test(test_missing_file_and_section),
        cmocka_unit_test(test_data_files_must_be_regular_files),
        cmocka_unit_test(test_garbage_never_crashes),
        cmocka_unit_test(test_map_display_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
