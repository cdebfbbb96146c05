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


/* ---- RDC-REPLAY --------------------------------------------------------- */

static void test_RDC_REPLAY_random_games_end_and_replay(void **state)
{
    (void)state;
    const RdData *rd = rt_data();
    static RdDecision list[RD_MAX_LEGAL];
    static RdGame g, again;
    /* each list maps the ways of every squad of the side: slow under the sanitizers and valgrind */
    uint64_t games = getenv("GUV_RD_GAMES") ? strtoull(getenv("GUV_RD_GAMES"), NULL, 10) : 4;
    for (uint64_t seed = 1; seed <= games; seed++) {
        const RdField *f = &rd->fields[seed % rd->nfields];
        rd_new(&g, &rd->rules, f, seed);
        again = g;
        Rng pick;
        rng_seed(&pick, seed * 7);
        int steps = 0;
        while (!rd_over(&g)) {
            int n = rd_legal(&g, list, RD_MAX_LEGAL);
            assert_true(n > 0 && n <= RD_MAX_LEGAL);
            RdDecision d = list[rng_below(&pick, (uint32_t)n)];
            if (d.dice > 0 || d.kind == RD_D_DEFEND)
                d.dice = (int8_t)(d.kind == RD_D_DEFEND && rng_below(&pick, 3) == 0 ? 0 : 2 + rng_below(&pick, 7));
            char why[200], text[80];
            rd_decision_format(&g, &d, text, sizeof text);
            RdDecision back;
            if (!rd_decision_parse(&g, text, &back, why, sizeof why))
                fail_msg("'%s': %s", text, why);
            assert_memory_equal(&back, &d, sizeof d);
            static RdEvents ev;
            ev.n = 0;
            if (rd_apply(&g, &d, &ev, why, sizeof why) != 0)
                fail_msg("seed %llu: listed '%s' refused: %s", (unsigned long long)seed, text, why);
            assert_false(ev.overflow);
            for (int i = 0; i < ev.n; i++) {
                char line[400];
                rd_event_format(&g, &ev.ev[i], line, sizeof line);
                assert_true(strncmp(line, "RDC-", 4) == 0);
            }
            assert_int_equal(rd_apply(&again, &d, NULL, NULL, 0), 0);
            /* no two soldiers on one cell; squads hold together */
            static uint8_t occ[RD_MAX_H][RD_MAX_W];
            memset(occ, 0, sizeof occ);
            for (int i = 0; i < g.nsoldiers; i++)
                if (g.soldiers[i].where == RD_ON_TABLE) {
                    assert_int_equal(occ[g.soldiers[i].row][g.soldiers[i].col], 0);
                    occ[g.soldiers[i].row][g.soldiers[i].col] = 1;
                }
            for (int q = 0; q < g.nsquads; q++)
                assert_true(rd_on_table(&g, q) == 0 || rd_leader(&g, q) >= 0);
            assert_true(++steps < 3000);
        }
        assert_memory_equal(&g, &again, sizeof g);
        assert_true(rd_result(&g) == RD_UNION || rd_result(&g) == RD_CONFEDERATE || rd_result(&g) == RD_DRAW);
        assert_int_equal(rd_legal(&g, list, RD_MAX_LEGAL), 0);
    }
}

/* ---- RDC-CHANCES ---------------------------------------------------------- */

static void test_RDC_CHANCES_exact_for_two_and_three_dice(void **state)
{
    (void)state;
    RdChances c;
    rd_chances(rt_rules(), 2, &c);
    assert_float_equal(c.fiasco, 1.0 / 36, 1e-12);
    assert_float_equal(c.disaster, 0, 1e-12);
    assert_float_equal(c.at_least[0], 35.0 / 36, 1e-12);
    assert_float_equal(c.at_least[2], 9.0 / 36, 1e-12);
    assert_float_equal(c.at_least[1], 27.0 / 36, 1e-12); /* not both 1-2-3 */
    rd_chances(rt_rules(), 3, &c);
    assert_float_equal(c.disaster, 1.0 / 216, 1e-12);
    assert_float_equal(c.fiasco, 15.0 / 216, 1e-12);
    assert_float_equal(c.at_least[3], 27.0 / 216, 1e-12);
    /* by enumeration for six dice */
    rd_chances(rt_rules(), 6, &c);
    double at[7] = {0}, fi = 0, di = 0;
    for (int code = 0; code < 46656; code++) {
        int x = code, ones = 0, s = 0;
        for (int i = 0; i < 6; i++, x /= 6) {
            ones += x % 6 == 0;
            s += x % 6 >= 3;
        }
        if (ones >= 3)
            di++;
        else if (ones == 2)
            fi++;
        else
            for (int k = 0; k <= s; k++)
                at[k]++;
    }
    assert_float_equal(c.disaster, di / 46656, 1e-12);
    assert_float_equal(c.fiasco, fi / 46656, 1e-12);
    for (int k = 0; k <= 6; k++)
        assert_float_equal(c.at_least[k], at[k] / 46656, 1e-12);
}

/* ---- small battlefields ---------------------------------------------------- */

/* Two squads face to face in the open, Confederates to move: "reb" (col 20,
 * row 10, facing south) and "yank" at the given row (facing north). */
static void duel(RdGame *g, int reb_n, int yank_n, int yank_row, int reb_weapon)
{
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, reb_weapon, reb_n, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, yank_n, 20, yank_row, false, 0);
    rt_new(g, &field);
}

static void test_RDC_INITIATIVE_confederates_first_and_the_repeat_die(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 5, 5, 30, RD_RIFLED_MUSKET);
    assert_int_equal(rd_to_move(&g), RD_CONFEDERATE);
    rt_refused(&g, "move yank 2 20 28", "not a squad of the side with the initiative");
    RdDecision mv = {RD_D_MOVE, 0, 3, -1, 20, 12, 0};
    assert_int_equal(rd_pool(&g, &mv, NULL), 3);
    rt_dice(&g, 3, 4, 2, 3);
    rt_do(&g, "move reb 3 20 12");
    assert_int_equal(rd_pool(&g, &mv, NULL), 4); /* the same squad, the same action: a die more */
    rt_dice(&g, 4, 4, 2, 3, 3);
    rt_do(&g, "move reb 3 20 13");
    assert_int_equal(rd_pool(&g, &mv, NULL), 5); /* and one more for each repeat */
    RdDecision fire = {RD_D_FIRE, 0, 3, 1, -1, -1, 0};
    assert_int_equal(rd_pool(&g, &fire, NULL), 3); /* another action: none */
    rt_dice(&g, 5, 1, 1, 4, 4, 4); /* a fiasco: the initiative passes */
    rt_do(&g, "move reb 3 20 14");
    assert_int_equal(rd_to_move(&g), RD_UNION);
    assert_int_equal(g.passes, 1);
    rt_refused(&g, "move yank 1 20 28", "choose 2 to");
}

static void test_RDC_RED_DICE_added_and_their_faces(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 5, 30, RD_RIFLED_MUSKET);
    g.red[RD_CONFEDERATE] = 3;
    RdDecision mv = {RD_D_MOVE, 0, 2, -1, 20, 12, 0};
    int red;
    assert_int_equal(rd_pool(&g, &mv, &red), 5);
    assert_int_equal(red, 3);
    rt_log_clear();
    /* two chosen dice, then the red ones: 1 (skedaddle), 5 (one red die less), 6 (heroic) */
    rt_dice(&g, 5, 4, 3, 1, 5, 6);
    rt_dice(&g, 1, 2); /* the heroic table: Refreshed, 2 red dice leave */
    rt_do(&g, "move reb 2 20 12");
    assert_true(rt_log_has("reb.6 skedaddles"));
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.6")].where, RD_SKEDADDLED);
    assert_true(rt_log_has("heroic table 2 for reb"));
    assert_int_equal(g.red[RD_CONFEDERATE], 0); /* 3 - 1 - 2 */
    /* a red 1 counts with the others: two 1s are a fiasco */
    g.red[RD_CONFEDERATE] = 1;
    rt_dice(&g, 4, 1, 4, 4, 1); /* chosen 1 4 4 + repeat... */
    RdDecision again = {RD_D_MOVE, 0, 2, -1, 20, 13, 0};
    assert_int_equal(rd_pool(&g, &again, NULL), 4);
    rt_do(&g, "move reb 2 20 13");
    assert_true(rt_log_has("fiasco"));
}

static void test_RDC_HEROIC_at_most_once_an_activation(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 5, 30, RD_RIFLED_MUSKET);
    g.red[RD_CONFEDERATE] = 2;
    rt_log_clear();
    rt_dice(&g, 4, 4, 4, 6, 6);
    rt_dice(&g, 1, 2); /* one heroic roll only */
    rt_do(&g, "move reb 2 20 12");
    assert_true(rt_log_has("heroic table 2"));
    assert_int_equal(g.stage, RD_ST_ACTIVATE);
    assert_int_equal(g.rng.nforced, 0);
}

static void test_RDC_HEROIC_enterprising_and_fire_at_will(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 5, 26, RD_RIFLED_MUSKET);
    g.red[RD_CONFEDERATE] = 1;
    rt_dice(&g, 3, 4, 4, 6);
    rt_dice(&g, 1, 1); /* Enterprising: 20 cm free */
    rt_do(&g, "move reb 2 20 12");
    assert_int_equal(g.stage, RD_ST_HEROIC_MOVE);
    assert_true(rt_legal(&g, "pass"));
    if (!rt_legal(&g, "advance 20 20")) {
        char why[200];
        RdDecision d = {RD_D_ADVANCE, -1, 0, -1, 20, 20, 0};
        fail_msg("%s", rd_refusal(&g, &d, why, sizeof why));
    }
    assert_false(rt_legal(&g, "advance 20 21")); /* 22.5 cm */
    rt_do(&g, "advance 20 20");
    assert_int_equal(g.soldiers[rd_leader(&g, 0)].row, 20);
    assert_int_equal(g.stage, RD_ST_ACTIVATE);
    /* Fire at will: a new fire at once, one success more */
    g.red[RD_CONFEDERATE] = 1;
    rt_dice(&g, 3, 1, 3, 6); /* a fire with no success, the red 6 */
    rt_dice(&g, 1, 3);
    rt_do(&g, "fire reb 2 yank");
    assert_int_equal(g.stage, RD_ST_HEROIC_FIRE);
    RdDecision d = {RD_D_FIRE, 0, 2, 1, -1, -1, 0};
    assert_int_equal(rd_needed(&g, &d), 1); /* regulars 3, short range (15 cm) +1, the heroic +1 */
    rt_dice(&g, 3, 4, 4, 3); /* 2 chosen + 1 red: 2 successes + 1 (short) + 1 = 4: two hits */
    rt_log_clear();
    rt_do(&g, "fire reb 2 yank");
    assert_true(rt_log_has("reb fires at yank: 4 successes after modifiers, 3 needed"));
    assert_int_equal(g.stage, RD_ST_LOSS);
}

static void test_RDC_HEROIC_recovery_and_charge(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 3, 20, RD_RIFLED_MUSKET);
    g.soldiers[rt_soldier(&g, "reb.2")].wound = RD_LIGHT;
    g.soldiers[rt_soldier(&g, "reb.3")].wound = RD_LIGHT;
    g.red[RD_CONFEDERATE] = 1;
    rt_dice(&g, 3, 4, 4, 6);
    rt_dice(&g, 2, 4, 1); /* Recovery: 1d6 = 1 light wound healed */
    rt_do(&g, "move reb 2 20 9");
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.2")].wound, RD_UNHURT);
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.3")].wound, RD_LIGHT);
    /* Charge!!!: 30 cm at the nearest enemy, +2 successes a pair */
    g.red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(&g, 4, 4, 4, 3, 6); /* two chosen, the repeat die, the red die */
    rt_dice(&g, 1, 6);
    rt_do(&g, "move reb 2 19 9");
    if (!rt_log_has("reb assaults yank: contact"))
        rt_log_print();
    assert_true(rt_log_has("reb assaults yank: contact"));
    assert_int_equal(g.stage, RD_ST_DEFEND); /* from the front: the defender may fire first */
    rt_do(&g, "defend 0");
    assert_true(rt_log_has("RDC-MELEE"));
    if (getenv("RD_LOG"))
        rt_log_print();
}

static void test_RDC_HEROIC_bayonets_split_the_squad(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 3, 22, RD_RIFLED_MUSKET);
    g.red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 6);
    rt_dice(&g, 1, 5);
    rt_do(&g, "move reb 2 20 12");
    assert_int_equal(g.nsquads, 3);
    assert_int_equal(rd_on_table(&g, 0) + rd_on_table(&g, 2), 6);
    assert_int_equal(rd_able(&g, 2), 3);
    assert_true(rt_log_has("3 soldiers split from reb as reb+2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_RDC_MOVE_rulebook_example_john_reaches_the_wood),
        cmocka_unit_test(test_RDC_FIASCO_rulebook_example_john_does_not_move),
        cmocka_unit_test(test_RDC_FIRE_rulebook_example_james_and_albert),
        cmocka_unit_test(test_RDC_REPLAY_random_games_end_and_replay),
        cmocka_unit_test(test_RDC_CHANCES_exact_for_two_and_three_dice),
        cmocka_unit_test(test_RDC_INITIATIVE_confederates_first_and_the_repeat_die),
        cmocka_unit_test(test_RDC_RED_DICE_added_and_their_faces),
        cmocka_unit_test(test_RDC_HEROIC_at_most_once_an_activation),
        cmocka_unit_test(test_RDC_HEROIC_enterprising_and_fire_at_will),
        cmocka_unit_test(test_RDC_HEROIC_recovery_and_charge),
        cmocka_unit_test(test_RDC_HEROIC_bayonets_split_the_squad),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
