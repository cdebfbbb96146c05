/* A Perfect Plan's data (APP-DATA): the shipped files load with the
 * rulebook's numbers, and every kind of broken file gets a file:line
 * message (the loader's checks across areas, rivers, counters and rules). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pptest.h"

static void test_APP_DATA_shipped_files_hold_the_rulebook(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    assert_int_equal(pd->nareas, 27);
    const char *named[] = {"germanna-ford", "elys-ford", "banks-ford", "falmouth", "franklins-crossing",
                           "salem-church", "fredericksburg", "hamiltons-crossing", "guineys-station", "bowling-green",
                           "mine-run", "spotsylvania", "chancellorsville"};
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        assert_true(pp_area_index(pd, named[i]) >= 0);
    assert_int_equal(pd->turns, 6);
    assert_int_equal(pd->nimpulses, 4);
    int impulses[4] = {3, 4, 3, 2};
    for (int i = 0; i < 4; i++)
        assert_int_equal(pd->impulse_units[i], impulses[i]);
    assert_int_equal(pd->formation_hit, 4);
    assert_int_equal(pd->minor_hit, 6);
    assert_int_equal(pd->stack_units, 4);
    assert_int_equal(pd->stack_trenches, 1);
    assert_int_equal(pd->recovery_most, 3);
    assert_int_equal(pd->components, 44);
    assert_int_equal(pd->sides[PP_UNION].trenches, 5);
    assert_int_equal(pd->sides[PP_CONFEDERATE].trenches, 6);
    assert_int_equal(pd->areas[pt_area("fredericksburg")].trench_setup[PP_CONFEDERATE], 1);
    int start[2] = {0, 0};
    for (int c = 0; c < pd->ncounters; c++)
        start[pd->counters[c].side] += pd->counters[c].arrive_turn == 0;
    assert_int_equal(start[PP_UNION], 14); /* the rulebook's 14 and 13 starting units */
    assert_int_equal(start[PP_CONFEDERATE], 13);
    const PpCounter *st = &pd->counters[pt_counter("stoneman")];
    assert_int_equal(st->arrive_turn, 4);
    assert_int_equal(st->arrive_area, pt_area("mine-run"));
    const char *csa[] = {"longstreet", "hood", "pickett"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pd->counters[pt_counter(csa[i])].arrive_turn, 4);
        assert_int_equal(pd->counters[pt_counter(csa[i])].arrive_area, pt_area("bowling-green"));
    }
    assert_false(pd->counters[pt_counter("hooker")].bonus_to_all);
    assert_true(pd->counters[pt_counter("lee")].bonus_to_all);
    assert_int_equal(pd->areas[pt_area("salem-church")].setup_min[PP_CONFEDERATE], 2);
    assert_int_equal(pd->areas[pt_area("salem-church")].setup_max[PP_CONFEDERATE], 2);
    assert_int_equal(pp_join(pd, pt_area("falmouth"), pt_area("fredericksburg")), PP_ARROW);
    assert_int_equal(pp_join(pd, pt_area("stafford-heights"), pt_area("fredericksburg")), PP_RIVER);
    assert_int_equal(pp_join(pd, pt_area("salem-church"), pt_area("fredericksburg")), PP_LAND);
    assert_int_equal(pp_join(pd, pt_area("falmouth"), pt_area("chancellorsville")), -1);
    /* every area can be reached from every other by steps a unit can take */
    for (int from = 0; from < pd->nareas; from++) {
        bool seen[PP_MAX_AREAS] = {false};
        int queue[PP_MAX_AREAS], head = 0, tail = 0;
        seen[from] = true;
        queue[tail++] = from;
        while (head < tail) {
            int a = queue[head++];
            for (int i = 0; i < pd->areas[a].nadj; i++)
                if (pd->areas[a].join[i] != PP_RIVER && !seen[pd->areas[a].adj[i]])
                    seen[pd->areas[a].adj[i]] = true, queue[tail++] = pd->areas[a].adj[i];
        }
        assert_int_equal(tail, pd->nareas);
    }
}

static void test_APP_DATA_map_errors(void **state)
{
    (void)state;
    pt_expect_error("map.ini", "adjacent = hartwood-church richardsville\n",
                    "adjacent = hartwood-church richardsville falmouth\n", "richardsville falmouth",
                    "'kellys-ford' lists 'falmouth', but 'falmouth' does not list 'kellys-ford'");
    pt_expect_error("map.ini", "adjacent = spotsylvania guineys-station\n", "adjacent = spotsylvania guineys-statoin\n",
                    "guineys-statoin", "unknown area 'guineys-statoin'");
    pt_expect_error("map.ini", "arrows = kellys-ford:richardsville", "arrows = kellys-ford:falmouth",
                    "arrows = kellys-ford:falmouth", "'kellys-ford' and 'falmouth' are not adjacent");
    pt_expect_error("map.ini", "arrows = kellys-ford:richardsville", "arrows = salem-church:fredericksburg",
                    "arrows = salem-church:fredericksburg", "not a stretch of this river");
    pt_expect_error("map.ini", "control = union\nadjacent = kellys-ford us-ford",
                    "control = blue\nadjacent = kellys-ford us-ford", "control = blue", "'union' or 'confederate'");
    pt_expect_error("map.ini", "label = 36,1", "label = 75,1", "label = 75,1", "does not fit an 80x24 screen");
    pt_expect_error("map.ini", "label = 36,1", "label = 5,1", "[area:hartwood-church]", "overlap on row 1");
    pt_expect_error("map.ini", "short = Hartwood", "shrt = Hartwood", "shrt", "unknown key 'shrt'");
    pt_expect_error("map.ini", "[area:kellys-ford]", "[area:falmouth]", "[area:falmouth]\nname = Falmouth",
                    "section [area:falmouth] appears again");
}

static void test_APP_DATA_counter_and_rule_errors(void **state)
{
    (void)state;
    pt_expect_error("counters.ini", "short = II\nsetup = banks-ford", "short = II\nsetup = chancellorsville",
                    "setup = chancellorsville", "not a set-up area of the union side");
    pt_expect_error("counters.ini", "short = II\nsetup = banks-ford", "short = II\nsetup = nowhere",
                    "setup = nowhere", "unknown area 'nowhere'");
    pt_expect_error("counters.ini", "setup = salem-church:2-2", "setup = salem-church:2-2 nowhere:3",
                    "setup = salem-church:2-2 nowhere:3", "unknown area 'nowhere'");
    pt_expect_error("counters.ini", "arrives = 4 mine-run", "arrives = 4 nowhere", "arrives = 4 nowhere",
                    "unknown area 'nowhere'");
    pt_expect_error("counters.ini", "arrives = 4 mine-run", "arrives = 9 mine-run", "arrives = 9 mine-run",
                    "a turn from 1 to 6");
    /* a minor unit dropped: the side's count and the box's 44 no longer add up */
    pt_expect_error("counters.ini", "[counter:csa-minor-4]", "[junk]", "[side:confederate]\nname",
                    "lists 4 minor units, but has 3");
    pt_expect_error("rules.ini", "counters = 44", "counters = 45", "counters = 45", "the counters do not add up");
    pt_expect_error("rules.ini", "areas = 27", "areas = 26", "areas = 26", "map.ini has 27 areas, not 26");
    pt_expect_error("counters.ini", "short = II\nsetup = banks-ford", "short = II\nsetup = germanna-ford",
                    "setup = germanna-ford:3", "the standard set-up puts 4 union units in 'germanna-ford'");
    pt_expect_error("counters.ini", "[counter:ii-corps]", "[counter:i-corps]", "[counter:i-corps]\nside = union\n"
                    "kind = formation\nname = II", "section [counter:i-corps] appears again");
    pt_expect_error("counters.ini", "kind = leader\nname = Hooker", "kind = general\nname = Hooker", "kind = general",
                    "formation, leader or minor");
    pt_expect_error("rules.ini", "formation_hit = 4", "formation_hit = 7", "formation_hit = 7", "from 1 to 6");
    pt_expect_error("rules.ini", "impulses = 3 4 3 2", "impulses = 3 four", "impulses = 3 four",
                    "'four' is not a number of units");
    pt_expect_error("rules.ini", "area = chancellorsville", "area = atlanta", "area = atlanta", "unknown area");
}

static void test_APP_DATA_missing_file(void **state)
{
    (void)state;
    char *dir = pt_copy();
    char path[4096];
    snprintf(path, sizeof path, "%s/config/perfect-plan/rules.ini", dir);
    assert_int_equal(remove(path), 0);
    static PpData pd;
    Diags d = {0};
    assert_false(pp_data_load(dir, &pd, &d));
    assert_true(d.count > 0);
    assert_string_equal(d.items[0].file, "config/perfect-plan/rules.ini");
    diags_free(&d);
    assert_true(pp_data_present(dir));
    pt_remove(dir);
    assert_false(pp_data_present("/nonexistent"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_APP_DATA_shipped_files_hold_the_rulebook),
        cmocka_unit_test(test_APP_DATA_map_errors),
        cmocka_unit_test(test_APP_DATA_counter_and_rule_errors),
        cmocka_unit_test(test_APP_DATA_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
