/* The Red Die of Courage's rules engine: one test (or more) per rule ID of
 * docs/rules-coverage.md's "The Red Die of Courage" section, each on a
 * battlefield set up by hand with forced dice; the rulebook's two worked
 * examples reproduce their numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdtest.h"

static RdField field;

/* [3.1] John's move: ten soldiers in the open, a wood 30 cm from the leader. */
static void john(RdGame *g)
{
    rt_field(&field, 48, 32);
    rt_cells(&field, RD_WOODS, 22, 10, 30, 22);
    rt_squad(&field, "john", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 10, 10, 16, false, 2);
    rt_squad(&field, "foe", RD_UNION, 3, RD_RIFLED_MUSKET, 5, 45, 2, false, 6);
    rt_new(g, &field);
}

static void test_RDC_MOVE_rulebook_example_john_reaches_the_wood(void **state)
{
    (void)state;
    RdGame g;
    john(&g);
    RdDecision d = {RD_D_MOVE, 0, 6, -1, 22, 16, 0};
    assert_int_equal(rd_needed(&g, &d), 4); /* 30 cm, and the wood is difficult ground: 10 cm more */
    RdDecision open = {RD_D_MOVE, 0, 6, -1, 10, 4, 0};
    assert_int_equal(rd_needed(&g, &open), 3); /* 30 cm in the open: 3 successes, as John reckons */
    rt_log_clear();
    rt_dice(&g, 6, 1, 3, 4, 5, 5, 6);
    rt_do(&g, "move john 6 22 16");
    assert_true(rt_log_has("john: 4 successes, 1 one"));
    assert_true(rt_log_has("(40 cm allowed)"));
    int leader = rd_leader(&g, 0);
    assert_int_equal(g.soldiers[leader].col, 22);
    assert_int_equal(g.soldiers[leader].row, 16);
    assert_int_equal(g.initiative, RD_CONFEDERATE); /* one 1: the initiative stays */
}

static void test_RDC_FIASCO_rulebook_example_john_does_not_move(void **state)
{
    (void)state;
    RdGame g;
    john(&g);
    rt_log_clear();
    rt_dice(&g, 6, 1, 1, 3, 5, 5, 6);
    rt_do(&g, "move john 6 22 16");
    assert_true(rt_log_has("RDC-FIASCO: fiasco"));
    int leader = rd_leader(&g, 0);
    assert_int_equal(g.soldiers[leader].col, 10);
    assert_int_equal(g.initiative, RD_UNION);
    assert_int_equal(g.passes, 1);
    assert_int_equal(g.red[RD_CONFEDERATE], 0);
}

/* [3.2] James's regulars with rifles fire at Albert's veterans 50 cm away behind a fence. */
static void james(RdGame *g)
{
    rt_field(&field, 48, 32);
    rt_cells(&field, RD_WOODS, 0, 0, 47, 1); /* cover behind James */
    for (int c = 0; c < 48; c++)
        field.edge_s[23][c] = RD_FENCE; /* between rows 23 and 24 */
    rt_squad(&field, "james", RD_UNION, 3, RD_RIFLED_MUSKET, 8, 24, 4, false, 4);
    rt_squad(&field, "albert", RD_CONFEDERATE, 4, RD_RIFLED_MUSKET, 5, 24, 24, true, 0);
    field.first_side = RD_UNION;
    rt_new(g, &field);
}

static void test_RDC_FIRE_rulebook_example_james_and_albert(void **state)
{
    (void)state;
    RdGame g;
    james(&g);
    RdDecision d = {RD_D_FIRE, 0, 9, 1, -1, -1, 0};
    assert_int_equal(rd_fire_modifier(&g, 0, 1), -1); /* medium range 0, the fence -1 */
    assert_int_equal(rd_needed(&g, &d), 5);
    rt_log_clear();
    rt_dice(&g, 9, 1, 2, 2, 3, 4, 5, 5, 5, 6);
    rt_do(&g, "fire james 9 albert");
    assert_true(rt_log_has("james: 5 successes, 1 one"));
    assert_true(rt_log_has("james fires at albert: 4 successes after modifiers, 4 needed"));
    /* one hit: Albert chooses among his most exposed (all behind the fence), his leader last */
    assert_int_equal(g.stage, RD_ST_LOSS);
    assert_int_equal(rd_to_move(&g), RD_CONFEDERATE);
    assert_false(rt_legal(&g, "loss albert.1"));
    assert_true(rt_legal(&g, "loss albert.3"));
    rt_dice(&g, 1, 4);
    rt_do(&g, "loss albert.3");
    assert_true(rt_log_has("albert.3 is badly wounded"));
    assert_int_equal(g.soldiers[rt_soldier(&g, "albert.3")].wound, RD_BAD);
    assert_int_equal(g.red[RD_CONFEDERATE], 1);
    assert_int_equal(g.initiative, RD_UNION);
    /* the same unit again: 9 dice and the repeat die */
    RdDecision again = {RD_D_FIRE, 0, 9, 1, -1, -1, 0};
    assert_int_equal(rd_pool(&g, &again, NULL), 10);
    rt_dice(&g, 10, 1, 1, 1, 2, 3, 4, 4, 4, 6, 6);
    rt_dice(&g, 1, 2); /* the disaster table */
    rt_do(&g, "fire james 9 albert");
    assert_true(rt_log_has("disaster: james's action fails"));
    assert_int_equal(g.red[RD_UNION], 2);
    assert_int_equal(g.initiative, RD_CONFEDERATE);
    assert_true(rt_log_has("disaster table 2 for james"));
    int leader = rd_leader(&g, 0);
    assert_true(g.soldiers[leader].row <= 1); /* into the wood behind, 20 cm at most */
    assert_true(g.soldiers[leader].row >= 4 - 8);
    assert_int_equal(rd_to_move(&g), RD_CONFEDERATE);
    if (getenv("RD_LOG"))
        rt_log_print();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_RDC_MOVE_rulebook_example_john_reaches_the_wood),
        cmocka_unit_test(test_RDC_FIASCO_rulebook_example_john_does_not_move),
        cmocka_unit_test(test_RDC_FIRE_rulebook_example_james_and_albert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
