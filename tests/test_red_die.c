/* The Red Die of Courage's rules engine: one test (or more) per rule ID of
 * docs/rules-coverage.md's "The Red Die of Courage" section, each on a
 * battlefield set up by hand with forced dice; the rulebook's two worked
 * examples reproduce their numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdtest.h"

/* The log holds text, else the test fails showing the log. */
#define LOG_HAS(text)                                                                                            \
    do {                                                                                                         \
        if (!rt_log_has(text)) {                                                                                 \
            rt_log_print();                                                                                      \
            fail_msg("not in the log: %s", text);                                                               \
        }                                                                                                        \
    } while (0)

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
    assert_int_equal(rd_needed(&g, &d), 3); /* 30 cm to the wood's edge: 3 successes, as the rulebook says */
    RdDecision deeper = {RD_D_MOVE, 0, 6, -1, 23, 16, 0};
    assert_int_equal(rd_needed(&g, &deeper), -1); /* a step on through the wood: 32.5 cm and its 10 cm more, past the 40 cm cap */
    RdDecision open = {RD_D_MOVE, 0, 6, -1, 10, 4, 0};
    assert_int_equal(rd_needed(&g, &open), 3); /* 30 cm in the open: 3 successes, as John reckons */
    rt_log_clear();
    rt_dice(&g, 6, 1, 3, 4, 5, 5, 6);
    rt_do(&g, "move john 6 22 16");
    LOG_HAS("john: 4 successes, 1 one");
    LOG_HAS("(40 cm allowed)");
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
    LOG_HAS("RDC-FIASCO: fiasco");
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
    LOG_HAS("james: 5 successes, 1 one");
    LOG_HAS("james fires at albert: 4 successes after modifiers, 4 needed");
    /* one hit: Albert chooses among his most exposed (all behind the fence), his leader last */
    assert_int_equal(g.stage, RD_ST_LOSS);
    assert_int_equal(rd_to_move(&g), RD_CONFEDERATE);
    assert_false(rt_legal(&g, "loss albert.1"));
    assert_true(rt_legal(&g, "loss albert.3"));
    rt_dice(&g, 1, 4);
    rt_do(&g, "loss albert.3");
    LOG_HAS("albert.3 is badly wounded");
    assert_int_equal(g.soldiers[rt_soldier(&g, "albert.3")].wound, RD_BAD);
    assert_int_equal(g.red[RD_CONFEDERATE], 1);
    assert_int_equal(g.initiative, RD_UNION);
    /* the same unit again: 9 dice and the repeat die */
    RdDecision again = {RD_D_FIRE, 0, 9, 1, -1, -1, 0};
    assert_int_equal(rd_pool(&g, &again, NULL), 10);
    rt_dice(&g, 10, 1, 1, 1, 2, 3, 4, 4, 4, 6, 6);
    rt_dice(&g, 1, 2); /* the disaster table */
    rt_do(&g, "fire james 9 albert");
    LOG_HAS("disaster: james's action fails");
    assert_int_equal(g.red[RD_UNION], 2);
    assert_int_equal(g.initiative, RD_CONFEDERATE);
    LOG_HAS("disaster table 2 for james");
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
    uint64_t games = getenv("GUV_RD_GAMES") ? strtoull(getenv("GUV_RD_GAMES"), NULL, 10) : 3; /* one a field */
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
    rd_chances(rt_rules(), 2, 0, &c);
    assert_float_equal(c.fiasco, 1.0 / 36, 1e-12);
    assert_float_equal(c.disaster, 0, 1e-12);
    assert_float_equal(c.at_least[0], 35.0 / 36, 1e-12);
    assert_float_equal(c.at_least[2], 9.0 / 36, 1e-12);
    assert_float_equal(c.at_least[1], 27.0 / 36, 1e-12); /* not both 1-2-3 */
    rd_chances(rt_rules(), 1, 2, &c);
    assert_float_equal(c.disaster, 1.0 / 216, 1e-12);
    assert_float_equal(c.fiasco, 15.0 / 216, 1e-12);
    assert_float_equal(c.at_least[3], 27.0 / 216, 1e-12);
    /* the two red dice: a heroic roll when a red 6 and at most one 1: 11 red pairs hold a 6, less
     * (1 white, 6 and 1 red: 2 ways) the fiasco ones: 6 x 11 - 2 = 64 */
    assert_float_equal(c.heroic, 64.0 / 216, 1e-12);
    assert_float_equal(c.skedaddle, 2 * 2 / 6.0, 1e-12);
    /* by enumeration for six dice */
    rd_chances(rt_rules(), 6, 0, &c);
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

/* reb moves (a red die in the pool shows 6) and rolls Bayonets! on the heroic table. */
static void move_into_bayonets(RdGame *g)
{
    g->red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(g, 3, 4, 4, 6);
    rt_dice(g, 1, 5);
    rt_do(g, "move reb 2 20 12");
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
    LOG_HAS("reb.6 skedaddles");
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.6")].where, RD_SKEDADDLED);
    LOG_HAS("heroic table 2 for reb");
    assert_int_equal(g.red[RD_CONFEDERATE], 0); /* 3 - 1 - 2 */
    /* a red 1 counts with the others: two 1s are a fiasco */
    g.red[RD_CONFEDERATE] = 1;
    rt_dice(&g, 4, 1, 4, 4, 1); /* chosen 1 4 4 + repeat... */
    RdDecision again = {RD_D_MOVE, 0, 2, -1, 20, 13, 0};
    assert_int_equal(rd_pool(&g, &again, NULL), 4);
    rt_do(&g, "move reb 2 20 13");
    LOG_HAS("fiasco");
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
    LOG_HAS("heroic table 2");
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
    assert_false(rd_roll_heroic_allowed(&g, &d)); /* the activation's one heroic roll is spent */
    rt_dice(&g, 3, 4, 4, 3); /* 2 chosen + 1 red: 2 successes + 1 (short) + 1 = 4: two hits */
    rt_log_clear();
    rt_do(&g, "fire reb 2 yank");
    LOG_HAS("reb fires at yank: 4 successes after modifiers, 3 needed");
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
    rt_log_clear();
    rt_do(&g, "move reb 2 20 9");
    LOG_HAS("RDC-HEROIC: die 1 (how many heal) for reb");
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.2")].wound, RD_UNHURT);
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.3")].wound, RD_LIGHT);
    /* Charge!!!: 30 cm at the nearest enemy, +2 successes a pair (no one wounded: full speed) */
    g.soldiers[rt_soldier(&g, "reb.3")].wound = RD_UNHURT;
    g.red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(&g, 4, 4, 4, 3, 6); /* two chosen, the repeat die, the red die */
    rt_dice(&g, 1, 6);
    rt_do(&g, "move reb 2 19 9");
    if (!rt_log_has("reb assaults yank: contact"))
        rt_log_print();
    LOG_HAS("reb assaults yank: contact");
    assert_int_equal(g.stage, RD_ST_DEFEND); /* from the front: the defender may fire first */
    rt_do(&g, "defend 0");
    LOG_HAS("RDC-MELEE");
    if (getenv("RD_LOG"))
        rt_log_print();
}

/* "He does not join to the Assault, Bayonets! and/or Charge!!! actions anymore", and the
 * wounded move at half speed: the badly wounded stay where they lie as their squad assaults (a
 * squad of their own), and do not slow it; a lightly wounded man goes and halves a Charge!!! as
 * any move (an audit found the badly wounded carried into contact, and the charge at full
 * speed). */
static void test_RDC_WOUNDS_the_badly_wounded_do_not_assault(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 3, 16, RD_RIFLED_MUSKET); /* 15 cm */
    int bad = rt_soldier(&g, "reb.3");
    g.soldiers[bad].wound = RD_BAD;
    assert_int_equal(rd_allowance(&g, 0, 2, false), 100); /* a move carries him: half speed */
    assert_int_equal(rd_assault_allowance(&g, 0, 2), 200); /* an assault leaves him: full */
    RdDecision as = {RD_D_ASSAULT, 0, 3, 1, -1, -1, 0};
    int need = rd_needed(&g, &as);
    RdCell was = rd_soldier_cell(&g, bad);
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 4); /* 3 successes, 1 denied by the badly wounded man: 20 cm */
    rt_do(&g, "assault reb 3 yank");
    LOG_HAS("reb assaults without its 1 badly wounded: they stay where they lie (reb+2)");
    LOG_HAS("reb assaults yank: contact");
    assert_int_equal(g.soldiers[bad].squad, 2);
    RdCell at = rd_soldier_cell(&g, bad);
    assert_true(at.col == was.col && at.row == was.row);
    assert_int_equal(need, 2 + 1); /* two successes reach the contact cell at full speed, one more for him */
    /* a badly wounded leader does not go: he cannot lead an assault (his reach, way and odds) */
    duel(&g, 6, 3, 16, RD_RIFLED_MUSKET);
    g.soldiers[rd_leader(&g, 0)].wound = RD_BAD;
    rt_refused(&g, "assault reb 3 yank", "its leader is badly wounded and would not go");
    assert_true(rt_legal(&g, "leave reb"));
    /* Charge!!! with a lightly wounded man: 15 cm, not 30 */
    duel(&g, 6, 3, 21, RD_RIFLED_MUSKET); /* 27.5 cm */
    g.soldiers[rt_soldier(&g, "reb.2")].wound = RD_LIGHT;
    g.red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 6);
    rt_dice(&g, 1, 6); /* Charge!!! */
    rt_do(&g, "move reb 2 20 9");
    LOG_HAS("reb assaults yank: too far with 15.0 cm of movement, no contact");
    /* a Charge!!! rolled by a squad whose leader is badly wounded leaves him where he lies and
     * charges under the next man */
    duel(&g, 6, 3, 21, RD_RIFLED_MUSKET);
    int chief = rd_leader(&g, 0);
    g.soldiers[chief].wound = RD_BAD;
    g.red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(&g, 4, 4, 4, 4, 6);
    rt_dice(&g, 1, 6); /* Charge!!! */
    rt_do(&g, "move reb 3 20 11");
    LOG_HAS("reb assaults without its 1 badly wounded: they stay where they lie (reb+2)");
    assert_int_equal(g.soldiers[chief].squad, 2);
    assert_int_equal(rd_leader(&g, 2), chief);
    assert_int_not_equal(rd_leader(&g, 0), chief);
}

/* The odds of an assault and its refusal reckon with the men who go: the badly wounded stay
 * behind, so only the others need room at the contact cell, and the cells where the wounded lie
 * are not free. A target in a pocket of rocks (impassable here) with room for two next to it:
 * reb, three men of whom one badly wounded, can reach it; with the three unhurt no dice can. */
static void test_RDC_WOUNDS_an_assault_needs_room_for_those_who_go(void **state)
{
    (void)state;
    static RdRules rules;
    rules = *rt_rules();
    rules.cell[RD_ROCKS].impassable = true;
    rules.cell[RD_ROCKS].blocks_fire = false;
    rt_field(&field, 30, 20);
    rt_cells(&field, RD_ROCKS, 8, 3, 12, 7);
    rt_cells(&field, RD_OPEN, 10, 5, 10, 7); /* the pocket (10,5) and the way in (10,6), (10,7) */
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 3, 10, 11, false, 0);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 1, 10, 5, false, 4);
    rt_squad(&field, "pal", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 1, 10, 8, false, 0); /* the way out: taken */
    RdGame g;
    rd_new(&g, &rules, &field, 1);
    int m[3] = {rd_leader(&g, 0), -1, -1}, k = 1;
    for (int i = 0; i < g.nsoldiers; i++)
        if (g.soldiers[i].squad == 0 && i != m[0])
            m[k++] = i;
    assert_int_equal(k, 3);
    for (int i = 0; i < 3; i++) { /* reb in a file below the pocket: (10,10) (10,11) (10,12) */
        g.soldiers[m[i]].col = 10;
        g.soldiers[m[i]].row = (int8_t)(10 + i);
    }
    assert_int_equal(rd_leader(&g, 2) >= 0 ? rd_soldier_cell(&g, rd_leader(&g, 2)).row : -1, 8);
    RdDecision as = {RD_D_ASSAULT, 0, 3, 1, -1, -1, 0};
    assert_int_equal(rd_needed(&g, &as), -1); /* three do not fit in the two cells: no contact whatever the dice */
    g.soldiers[m[2]].wound = RD_BAD;
    assert_int_equal(rd_needed(&g, &as), 1 + 1); /* 10 cm: one success, one more denied by him */
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 4);
    rt_do(&g, "assault reb 3 yank");
    LOG_HAS("reb assaults without its 1 badly wounded: they stay where they lie (reb+3)");
    LOG_HAS("reb assaults yank: contact");
    assert_int_equal(g.soldiers[m[2]].squad, 3);
    assert_int_equal(g.soldiers[m[2]].row, 12);
}

/* The defensive fire's wounds count before the assault goes on: a man it wounds badly stays
 * where he lies ("does not join to the Assault"; audit h48 found him carried into contact);
 * "unless all the attackers are eliminated by fire, a melee begins", a light wound too
 * (audit h49: halving the reach then stopped it short); and an assault left with no movement
 * at all does not start, leaving no one behind for good. */
static void test_RDC_WOUNDS_the_defensive_fire_s_wounded_stay_or_slow(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 4, 3, 16, RD_RIFLED_MUSKET); /* 15 cm; the contact cell 12.5 cm away */
    rt_dice(&g, 2, 4, 4);                 /* 2 successes: 20 cm */
    rt_do(&g, "assault reb 2 yank");
    assert_int_equal(g.stage, RD_ST_DEFEND);
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 4); /* 3 successes, 3 needed: one hit */
    rt_dice(&g, 1, 3);       /* the fire loss table: badly wounded */
    rt_do(&g, "defend 3");
    if (g.stage == RD_ST_LOSS)
        rt_do(&g, "loss reb.4");
    LOG_HAS("reb.4 is badly wounded");
    LOG_HAS("reb assaults without its 1 badly wounded: they stay where they lie (reb+2)");
    LOG_HAS("RDC-MELEE");
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.4")].squad, 2);
    /* lightly wounded by it: the melee begins all the same */
    duel(&g, 4, 3, 16, RD_RIFLED_MUSKET);
    rt_dice(&g, 2, 4, 4);
    rt_do(&g, "assault reb 2 yank");
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 4);
    rt_dice(&g, 1, 5); /* lightly wounded */
    rt_do(&g, "defend 3");
    if (g.stage == RD_ST_LOSS)
        rt_do(&g, "loss reb.4");
    LOG_HAS("reb.4 is lightly wounded");
    LOG_HAS("RDC-MELEE");
    /* two badly wounded deny the two successes: no movement, no assault, no one left */
    duel(&g, 4, 3, 16, RD_RIFLED_MUSKET);
    g.soldiers[rt_soldier(&g, "reb.3")].wound = RD_BAD;
    g.soldiers[rt_soldier(&g, "reb.4")].wound = RD_BAD;
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 3);
    rt_do(&g, "assault reb 3 yank");
    LOG_HAS("reb assaults yank: no success left to move with, the assault does not start");
    assert_false(rt_log_has("stay where they lie"));
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.3")].squad, 0);
    assert_int_equal(g.nsquads, 2);
}

/* A man no firer can see neither gives nor takes away his squad's cover: the cover is what
 * half plus one of those in sight hold (a hit goes to them first). Albert's leader and one man
 * behind the fence, one in the open before it, two in the open out of sight behind a house:
 * two of the three in sight are covered (light); counting all five, two were not enough (the
 * audit h48 found the hidden men stripping the cover). */
static void test_RDC_COVER_a_man_out_of_sight_does_not_count(void **state)
{
    (void)state;
    RdGame g;
    james(&g);
    rt_cells(&field, RD_BUILDING, 30, 24, 33, 27); /* the game reads the field where it lies */
    int moved = 0;
    for (int i = 0; i < g.nsoldiers; i++) {
        if (g.soldiers[i].squad != 1 || i == rd_leader(&g, 1) || moved == 3)
            continue;
        RdCell to = moved == 0 ? (RdCell){20, 20} : (RdCell){(int8_t)(33 + moved), 30};
        g.soldiers[i].col = to.col;
        g.soldiers[i].row = to.row;
        moved++;
    }
    RdCell james_at = rd_soldier_cell(&g, rd_leader(&g, 0));
    assert_true(rd_sees(g.field, g.rules, james_at, (RdCell){20, 20}));
    assert_false(rd_sees(g.field, g.rules, james_at, (RdCell){34, 30}));
    assert_false(rd_sees(g.field, g.rules, james_at, (RdCell){35, 30}));
    assert_int_equal(rd_fire_cover(&g, 0, 1), RD_COVER_LIGHT);
}

/* A line that leaves a badly wounded man at one of its ends still volleys ([3.2.2]: "at least
 * 6, in base contact with each other"); one left from the middle leaves runs of 2 and 5, and
 * no volley (the audit h48 found every leave ending the line). 50 cm: medium range, where the
 * volley's +1 beats the rifled musket's 0. */
static void line_of_eight(RdGame *g, int wounded_col)
{
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 8, 20, 10, true, 0);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 20, 30, false, 0);
    rt_new(g, &field);
    int col = 16;
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == 0 && i != rd_leader(g, 0)) {
            g->soldiers[i].col = (int8_t)(col == 20 ? ++col : col);
            g->soldiers[i].row = 10;
            if (g->soldiers[i].col == wounded_col)
                g->soldiers[i].wound = RD_BAD;
            col++;
        }
    g->soldiers[rd_leader(g, 0)].col = 20;
    g->soldiers[rd_leader(g, 0)].row = 10;
    assert_int_equal(g->squads[0].line, 1);
}

static void test_RDC_VOLLEY_a_line_that_leaves_its_end_man_stays_a_line(void **state)
{
    (void)state;
    RdGame g;
    line_of_eight(&g, 16);
    assert_int_equal(rd_fire_modifier(&g, 0, 1), 1);
    rt_do(&g, "leave reb");
    assert_int_equal(g.squads[0].line, 1);
    assert_int_equal(rd_fire_modifier(&g, 0, 1), 1); /* seven from 17 to 23, shoulder to shoulder */
    line_of_eight(&g, 18);
    rt_do(&g, "leave reb");
    assert_int_equal(rd_fire_modifier(&g, 0, 1), 0); /* a gap at 18 */
}

/* Every man of the squad badly wounded: the wounded left behind, a squad that never acts. */
static void all_badly_wounded(RdGame *g, int squad)
{
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad)
            g->soldiers[i].wound = RD_BAD;
}

/* A squad that steps back from the enemy keeps facing him: an assault from where the enemy
 * always was comes from the front, with its defensive fire (the audit h48 found the step back
 * turning the squad's back: "comes from behind: no defensive fire"). A cloud turns to the
 * nearest enemy after any move. */
static void test_RDC_ASSAULT_a_squad_stepping_back_still_faces_the_enemy(void **state)
{
    (void)state;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 20, 16, false, 0);
    rt_squad(&field, "hurt", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 2, 20, 26, false, 0);
    field.first_side = RD_UNION;
    RdGame g;
    rt_new(&g, &field);
    all_badly_wounded(&g, 2); /* left behind: nearer, but they never act (audit h49) */
    rt_dice(&g, 2, 4, 3); /* one success: 10 cm */
    rt_do(&g, "move yank 2 20 20");
    assert_int_equal(rd_soldier_cell(&g, rd_leader(&g, 1)).row, 20);
    assert_int_equal(g.squads[1].facing, 0); /* still north, toward reb */
    rt_dice(&g, 2, 1, 1); /* a fiasco: the initiative passes */
    rt_do(&g, "move yank 2 20 22");
    assert_int_equal(g.initiative, RD_CONFEDERATE);
    rt_log_clear();
    rt_dice(&g, 4, 4, 4, 4, 4);
    rt_do(&g, "assault reb 4 yank");
    LOG_HAS("reb comes from the front");
    assert_int_equal(g.stage, RD_ST_DEFEND);
}

/* "The nearest enemy" is the nearest squad able to act: a Charge!!! goes at yank, not at the
 * nearer badly wounded left behind (audit h50), who threaten no one and take no prisoners. */
static void test_RDC_HEROIC_the_nearest_enemy_is_one_able_to_act(void **state)
{
    (void)state;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 6, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 20, 21, false, 0);
    rt_squad(&field, "hurt", RD_UNION, 3, RD_RIFLED_MUSKET, 2, 25, 12, false, 0);
    RdGame g;
    rt_new(&g, &field);
    all_badly_wounded(&g, 2);
    g.red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 6); /* two chosen, the red die: a 6 */
    rt_dice(&g, 1, 6);       /* Charge!!! */
    rt_do(&g, "move reb 2 19 9");
    LOG_HAS("reb assaults yank");
    assert_false(rt_log_has("reb assaults hurt"));
}

static void test_RDC_HEROIC_bayonets_split_the_squad(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 3, 22, RD_RIFLED_MUSKET);
    move_into_bayonets(&g);
    assert_int_equal(g.nsquads, 3);
    assert_int_equal(rd_on_table(&g, 0) + rd_on_table(&g, 2), 6);
    assert_int_equal(rd_able(&g, 2), 3);
    LOG_HAS("3 soldiers split from reb as reb+2");
}


/* Every soldier of the squad within cohesion of another, all joined to the leader. */
static bool cohesive(const RdGame *g, int squad)
{
    int m[RD_MAX_SOLDIERS], n = 0;
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE)
            m[n++] = i;
    bool in[RD_MAX_SOLDIERS] = {true};
    for (int changed = 1; changed;) {
        changed = 0;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                if (in[a] && !in[b] &&
                    rd_within(g->rules, rd_soldier_cell(g, m[a]), rd_soldier_cell(g, m[b]), g->rules->cohesion_mm))
                    in[b] = true, changed = 1;
    }
    for (int i = 0; i < n; i++)
        if (!in[i])
            return false;
    return true;
}

static void test_RDC_MOVE_penalties_cap_and_half_speed(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    for (int r = 0; r < 32; r++)
        field.edge_e[r][13] = RD_FENCE; /* between columns 13 and 14 */
    rt_cells(&field, RD_ROUGH, 30, 0, 47, 31);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 7, 10, 10, false, 2);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 45, 30, false, 0);
    rt_new(&g, &field);
    assert_int_equal(rd_allowance(&g, 0, 1, false), 100);
    assert_int_equal(rd_allowance(&g, 0, 4, false), 400);
    assert_int_equal(rd_allowance(&g, 0, 7, false), 400); /* the 40 cm cap */
    assert_int_equal(rd_allowance(&g, 0, 4, true), 200);  /* in line: half speed */
    RdRules slow = *rt_rules(); /* half speed is rules.ini's slow_percent */
    slow.slow_percent = 75;
    g.rules = &slow;
    assert_int_equal(rd_allowance(&g, 0, 4, true), 300);
    g.rules = rt_rules();
    RdDecision fence = {RD_D_MOVE, 0, 2, -1, 16, 10, 0};  /* 15 cm and the fence's 5 */
    assert_int_equal(rd_needed(&g, &fence), 2);
    RdDecision near = {RD_D_MOVE, 0, 2, -1, 13, 10, 0};   /* 7.5 cm, this side of the fence */
    assert_int_equal(rd_needed(&g, &near), 1);
    rt_refused(&g, "move reb 2 30 10", "more than the 400 mm");
    /* one success toward a cell 30 cm away: 10 cm of it */
    rt_dice(&g, 2, 4, 3);
    rt_do(&g, "move reb 2 10 22");
    int leader = rd_leader(&g, 0);
    assert_int_equal(g.soldiers[leader].col, 10);
    assert_int_equal(g.soldiers[leader].row, 14);
    assert_true(cohesive(&g, 0));
    /* a wounded soldier: half speed */
    g.soldiers[rt_soldier(&g, "reb.4")].wound = RD_LIGHT;
    assert_int_equal(rd_allowance(&g, 0, 4, false), 200);
    /* deploying in line: at least six soldiers, side by side across the facing */
    rt_dice(&g, 3, 4, 4, 3); /* two successes and the repeat die: 20 cm, 10 at half speed */
    rt_do(&g, "move reb 2 10 18 line");
    assert_true(g.squads[0].line);
    for (int i = 0; i < g.nsoldiers; i++)
        if (g.soldiers[i].squad == 0)
            assert_int_equal(g.soldiers[i].row, g.soldiers[leader].row);
    assert_true(cohesive(&g, 0));
}

static void test_RDC_FIRE_range_line_of_fire_and_extra_hits(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 4, 5, 26, RD_PISTOL); /* 40 cm apart */
    rt_refused(&g, "fire reb 2 yank", "out of range");
    duel(&g, 4, 5, 26, RD_RIFLED_MUSKET);
    field.squads[1].row = 26;
    rt_cells(&field, RD_DENSE_WOODS, 0, 17, 47, 19);
    rt_new(&g, &field);
    rt_refused(&g, "fire reb 2 yank", "no line of fire");
    duel(&g, 4, 5, 16, RD_RIFLED_MUSKET); /* 15 cm: short range, +1 */
    RdDecision d = {RD_D_FIRE, 0, 6, 1, -1, -1, 0};
    assert_int_equal(rd_needed(&g, &d), 2);
    rt_log_clear();
    rt_dice(&g, 6, 4, 5, 6, 6, 2, 3); /* 4 successes + 1 = 5 against regulars (3): three hits */
    rt_dice(&g, 3, 6, 6, 6);          /* each a light wound */
    rt_do(&g, "fire reb 6 yank");
    while (g.stage == RD_ST_LOSS) {
        static RdDecision list[RD_MAX_LEGAL];
        assert_true(rd_legal(&g, list, RD_MAX_LEGAL) > 1);
        char w[64];
        rd_decision_format(&g, &list[0], w, sizeof w);
        rt_do(&g, w);
    }
    int light = 0;
    for (int i = 0; i < g.nsoldiers; i++)
        light += g.soldiers[i].wound == RD_LIGHT;
    assert_int_equal(light, 3);
    LOG_HAS("5 successes after modifiers, 3 needed");
    /* no success of its own, no hit, whatever the modifiers */
    duel(&g, 4, 1, 14, RD_RIFLED_MUSKET);
    g.squads[1].quality = 1;
    rt_log_clear();
    rt_dice(&g, 2, 2, 3);
    rt_do(&g, "fire reb 2 yank");
    LOG_HAS("no hit on yank");
}

static void test_RDC_VOLLEY_a_line_of_six(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 6, 20, 10, true, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 5, 20, 20, false, 0);
    rt_new(&g, &field);
    assert_int_equal(rd_fire_modifier(&g, 0, 1), 2); /* 25 cm: the volley's +2, not the rifle's +1 */
    g.soldiers[rd_leader(&g, 1)].row = 25;          /* by hand: 37.5 cm, medium range */
    for (int i = 0; i < g.nsoldiers; i++)
        if (g.soldiers[i].squad == 1)
            g.soldiers[i].row = (int8_t)(g.soldiers[i].row + 5);
    assert_int_equal(rd_fire_modifier(&g, 0, 1), 1);
    g.soldiers[rt_soldier(&g, "reb.6")].where = RD_DEAD; /* five left: no volley */
    assert_int_equal(rd_fire_modifier(&g, 0, 1), 0);
    /* a volley's two 1s are a fiasco all the same */
    g.soldiers[rt_soldier(&g, "reb.6")].where = RD_ON_TABLE;
    rt_log_clear();
    rt_dice(&g, 4, 1, 1, 6, 6);
    rt_do(&g, "fire reb 4 yank");
    LOG_HAS("fiasco");
}

/* A target of two, both in the open and in sight; its second may be wounded by hand. */
static void two_targets(RdGame *g)
{
    duel(g, 4, 3, 16, RD_RIFLED_MUSKET);
}

static void test_RDC_LOSSES_unhurt_first_leader_last_prone_never(void **state)
{
    (void)state;
    RdGame g;
    two_targets(&g);
    g.soldiers[rt_soldier(&g, "yank.2")].wound = RD_LIGHT;
    /* one hit: yank.3 is unhurt, yank.2 wounded, yank.1 the leader: yank.3 takes it */
    rt_log_clear();
    rt_dice(&g, 2, 4, 4); /* 2 + 1 = 3: one hit */
    rt_dice(&g, 1, 3);
    rt_do(&g, "fire reb 2 yank");
    LOG_HAS("yank.3 is badly wounded");
    /* now all but the leader are wounded: the wounded before the leader */
    g.soldiers[rt_soldier(&g, "yank.2")].prone = 1; /* down: cannot be hit */
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 4); /* 2 chosen + the repeat die: 3 + 1 = 4 minus... */
    rt_dice(&g, 2, 5, 5);
    RdDecision d = {RD_D_FIRE, 0, 2, 1, -1, -1, 0};
    assert_int_equal(rd_pool(&g, &d, NULL), 3);
    rt_do(&g, "fire reb 2 yank");
    LOG_HAS("yank.3 is dead"); /* bad and light: dead */
    LOG_HAS("yank.1 is lightly wounded"); /* then the leader */
    assert_int_equal(g.soldiers[rt_soldier(&g, "yank.2")].wound, RD_LIGHT);
}

static void test_RDC_WOUNDS_combine_and_red_dice(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 4, 2, 16, RD_RIFLED_MUSKET);
    int y2 = rt_soldier(&g, "yank.2");
    g.soldiers[y2].wound = RD_LIGHT;
    rt_dice(&g, 2, 4, 4);
    rt_dice(&g, 1, 6); /* light on light: badly wounded, a red die */
    rt_do(&g, "fire reb 2 yank");
    assert_int_equal(g.soldiers[y2].wound, RD_BAD);
    assert_int_equal(g.red[RD_UNION], 1);
    /* the badly wounded deny a success to their squad's rolls */
    g.initiative = g.to_move = RD_UNION;
    g.last_squad = -1;
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 3); /* 2 successes (the red die a 3) less one */
    rt_do(&g, "move yank 2 22 16");
    LOG_HAS("yank: 2 successes, 1 denied by a badly wounded man: 1, 0 ones");
    /* the leader dies: the other leads */
    g.initiative = g.to_move = RD_CONFEDERATE;
    g.last_squad = -1;
    g.soldiers[y2].wound = RD_UNHURT;
    g.soldiers[rd_leader(&g, 1)].wound = RD_BAD;
    rt_dice(&g, 2, 4, 4);
    rt_dice(&g, 1, 5);
    g.soldiers[y2].wound = RD_LIGHT; /* so that the leader, bad, takes the hit: both wounded, leader last... */
    g.soldiers[y2].prone = 1;        /* ... and yank.2 down: only the leader can be hit */
    rt_log_clear();
    rt_do(&g, "fire reb 2 yank");
    LOG_HAS("yank.1 is dead");
    LOG_HAS("yank.2 now leads yank");
    assert_int_equal(rd_leader(&g, 1), y2);
}

/* The combinations are rules.ini's [wounds], not the engine's: an author who
 * makes light on light kill, and Bayonets! take the whole squad but its
 * leader, sees the game follow. */
static void test_RDC_WOUNDS_combinations_and_bayonets_share_are_data(void **state)
{
    (void)state;
    static RdRules rules;
    rules = *rt_rules();
    assert_int_equal(rules.wound_again[0][0], RD_FX_BAD_WOUND); /* the shipped file: the rulebook's */
    assert_int_equal(rules.wound_again[0][1], RD_FX_DEAD);
    assert_int_equal(rules.wound_again[1][0], RD_FX_DEAD);
    assert_int_equal(rules.wound_again[1][1], RD_FX_DEAD);
    rules.wound_again[0][0] = RD_FX_DEAD;
    RdGame g;
    duel(&g, 4, 2, 16, RD_RIFLED_MUSKET);
    g.rules = &rules;
    int y2 = rt_soldier(&g, "yank.2");
    g.soldiers[y2].wound = RD_LIGHT;
    rt_dice(&g, 2, 4, 4);
    rt_dice(&g, 1, 6); /* light on light: dead, by this data */
    rt_do(&g, "fire reb 2 yank");
    assert_int_equal(g.soldiers[y2].where, RD_DEAD);
    assert_int_equal(g.red[RD_UNION], 1); /* the red dice of the row he ends on: dead's */

    for (int f = 0; f < 6; f++)
        if (rules.heroic.row[f].effect == RD_FX_BAYONETS)
            rules.heroic.row[f].percent = 100;
    duel(&g, 6, 3, 22, RD_RIFLED_MUSKET);
    g.rules = &rules;
    move_into_bayonets(&g);
    assert_int_equal(g.nsquads, 3);
    assert_int_equal(rd_on_table(&g, 0), 1); /* the leader stays, alone */
    assert_int_equal(rd_able(&g, 2), 5);
    LOG_HAS("5 soldiers split from reb as reb+2");
}

static void test_RDC_WOUNDS_the_badly_wounded_left_behind(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 5, 3, 30, RD_RIFLED_MUSKET);
    int leader = rd_leader(&g, 0), w = rt_soldier(&g, "reb.3");
    rt_refused(&g, "leave reb", "no badly wounded");
    g.soldiers[w].wound = RD_BAD;
    g.soldiers[leader].wound = RD_BAD;
    assert_int_equal(rd_allowance(&g, 0, 4, false), 200); /* carrying them: half speed */
    assert_true(rt_legal(&g, "leave reb"));
    rt_log_clear();
    rt_do(&g, "leave reb");
    LOG_HAS("reb leaves 2 badly wounded on the spot (reb+2)");
    assert_int_equal(g.nsquads, 3);
    assert_int_equal(g.soldiers[w].squad, 2);
    assert_int_equal(rd_leader(&g, 2), leader); /* the leader stays with the wounded ... */
    assert_int_not_equal(rd_leader(&g, 0), -1); /* ... and another leads the squad on */
    assert_int_equal(rd_allowance(&g, 0, 4, false), 400);
    assert_false(rd_may_activate(&g, 2));
    assert_int_equal(rd_to_move(&g), RD_CONFEDERATE); /* not an activation: no roll, no pass */
    assert_int_equal(g.passes, 0);
}

/* "He must be accompanied to the rear by a healthier soldier ... or abandoned
 * on the spot": the squad's last able man (never its leader) takes its first
 * badly wounded to the rear; both leave the field, the wounded man scoring as
 * out of action, his escort nothing; no roll, the initiative stays. */
static void test_RDC_WOUNDS_a_badly_wounded_man_taken_to_the_rear(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 5, 3, 30, RD_RIFLED_MUSKET);
    rt_refused(&g, "escort reb", "no badly wounded man");
    int leader = rd_leader(&g, 0), w = rt_soldier(&g, "reb.3"), w2 = rt_soldier(&g, "reb.4"),
        last = rt_soldier(&g, "reb.5");
    g.soldiers[w].wound = RD_BAD;
    g.soldiers[w2].wound = RD_BAD;
    assert_int_equal(rd_allowance(&g, 0, 4, false), 200); /* carrying them: half speed */
    int before[RD_SIDES];
    rd_points(&g, before);
    rt_log_clear();
    rt_do(&g, "escort reb");
    LOG_HAS("reb.5 takes reb.3, badly wounded, to the rear: both leave the field");
    assert_int_equal(g.soldiers[w].where, RD_CARRIED);
    assert_int_equal(g.soldiers[last].where, RD_ESCORTING); /* the last able man */
    assert_int_equal(g.soldiers[w2].where, RD_ON_TABLE);
    assert_int_equal(rd_leader(&g, 0), leader);
    assert_int_equal(rd_to_move(&g), RD_CONFEDERATE); /* not an activation: no roll, no pass */
    assert_int_equal(g.passes, 0);
    int after[RD_SIDES];
    rd_points(&g, after);
    /* the wounded man is out of action: he scores as the dead (never as a prisoner); his escort
     * scores nothing */
    assert_int_equal(after[RD_UNION], before[RD_UNION] + rt_rules()->vp_soldier);
    /* reb.4, still badly wounded: reb.2 is the last able man but the leader */
    rt_do(&g, "escort reb");
    assert_int_equal(g.soldiers[w2].where, RD_CARRIED);
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.2")].where, RD_ESCORTING);
    assert_int_equal(rd_allowance(&g, 0, 4, false), 400); /* no one left to carry: full speed */
    /* a leader alone with a badly wounded man does not leave the squad to escort him */
    duel(&g, 2, 3, 30, RD_RIFLED_MUSKET);
    g.soldiers[rt_soldier(&g, "reb.2")].wound = RD_BAD;
    rt_refused(&g, "escort reb", "no one fit to escort him but the leader");
    assert_true(rt_legal(&g, "leave reb"));
    /* a confused squad does nothing: neither escorts nor leaves (the list never offered it) */
    duel(&g, 5, 3, 30, RD_RIFLED_MUSKET);
    g.soldiers[rt_soldier(&g, "reb.3")].wound = RD_BAD;
    g.squads[0].pinned_until = (int8_t)(g.passes + 1);
    rt_refused(&g, "escort reb", "may not act now");
    rt_refused(&g, "leave reb", "may not act now");
}

static void test_RDC_ASSAULT_reach_defensive_fire_and_behind(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 4, 3, 30, RD_RIFLED_MUSKET); /* 50 cm */
    rt_refused(&g, "assault reb 2 yank", "within 40 cm");
    duel(&g, 4, 3, 16, RD_RIFLED_MUSKET); /* 15 cm, the defender facing the attacker */
    RdDecision d = {RD_D_ASSAULT, 0, 2, 1, -1, -1, 0};
    assert_int_equal(rd_needed(&g, &d), 2); /* 12.5 cm to the cell before yank's leader */
    rt_dice(&g, 2, 4, 4);
    rt_do(&g, "assault reb 2 yank");
    assert_int_equal(g.stage, RD_ST_DEFEND);
    assert_int_equal(rd_to_move(&g), RD_UNION);
    RdDecision def = {RD_D_DEFEND, -1, 3, -1, -1, -1, 0};
    assert_int_equal(rd_needed(&g, &def), 3); /* regulars 3, short +1, surprise -1 */
    /* a defensive fire is not the defender's activation: a crisis waits (assault.c), so the
     * successes it needs do not count it, and no red die brings a heroic roll */
    g.squads[1].crisis = 2;
    assert_int_equal(rd_needed(&g, &def), 3);
    g.squads[1].crisis = 0;
    assert_false(rd_roll_heroic_allowed(&g, &def));
    /* defensive fire: one hit, a dead attacker; then the melee */
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 4);
    rt_dice(&g, 1, 1);
    rt_do(&g, "defend 3");
    if (g.stage == RD_ST_LOSS)
        rt_do(&g, "loss reb.4");
    LOG_HAS("is dead");
    LOG_HAS("RDC-MELEE");
    /* from behind: no defensive fire */
    duel(&g, 4, 3, 16, RD_RIFLED_MUSKET);
    g.squads[1].facing = 4; /* the defender looks south, the attacker comes from the north */
    rt_log_clear();
    rt_dice(&g, 2, 4, 4);
    rt_do(&g, "assault reb 2 yank");
    LOG_HAS("from behind: no defensive fire");
    assert_int_not_equal(g.stage, RD_ST_DEFEND);
    LOG_HAS("RDC-MELEE");
    /* exactly on the flank: a die, 1-3 behind */
    duel(&g, 4, 3, 16, RD_RIFLED_MUSKET);
    g.squads[1].facing = 2;
    rt_log_clear();
    rt_dice(&g, 2, 4, 4);
    rt_dice(&g, 1, 5);
    rt_do(&g, "assault reb 2 yank");
    LOG_HAS("die 5 (behind or not)");
    assert_int_equal(g.stage, RD_ST_DEFEND);
}

static void test_RDC_MELEE_pairs_support_surrender_and_prisoners(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 4, 2, 13, RD_RIFLED_MUSKET);
    rt_log_clear();
    rt_dice(&g, 2, 4, 4);
    rt_do(&g, "assault reb 2 yank");
    /* two pairs, the leaders last ("the leader is always the last to fall"): reb.2 and reb.3
     * against yank.2 and yank.1, reb.4 and reb.1 in support: 3 dice each, +1 */
    rt_dice(&g, 6, 4, 4, 4, 4, 4, 4); /* reb.2 4 (3 + 1) against yank.2 3 */
    rt_dice(&g, 1, 6);                /* yank.2: lightly wounded */
    rt_dice(&g, 6, 4, 4, 4, 1, 1, 1); /* reb.3 4 against yank.1 0 */
    rt_dice(&g, 1, 1);                /* yank.1: dead */
    rt_do(&g, "defend 0");
    LOG_HAS("reb.2 (4) against yank.2 (3)");
    LOG_HAS("reb.3 (4) against yank.1 (0)");
    assert_false(rt_log_has(": reb.1 (")); /* the leader supports */
    LOG_HAS("yank is defeated, 2 losses to 0");
    /* one left against four: surrender; one escort takes him to the rear */
    LOG_HAS("yank surrenders");
    assert_int_equal(g.soldiers[rt_soldier(&g, "yank.2")].where, RD_PRISONER);
    assert_int_equal(g.soldiers[rt_soldier(&g, "reb.4")].where, RD_ESCORTING);
    /* no Union soldier left: the game ends; the leader dead 3, the man who took command taken 2 */
    assert_true(rd_over(&g));
    int p[RD_SIDES];
    rd_points(&g, p);
    assert_int_equal(p[RD_CONFEDERATE], 5);
    assert_int_equal(rd_result(&g), RD_CONFEDERATE);
}

/* Bayonets!: "Half of the soldiers advance 20 cm to assault ... Split the unit": the half that
 * stays does not fight, even within the leader's voice (an audit found the parent's leader
 * paired first). */
static void test_RDC_HEROIC_bayonets_the_half_that_stays_does_not_fight(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 3, 17, RD_RIFLED_MUSKET);
    g.red[RD_CONFEDERATE] = 1;
    g.squads[1].facing = 4; /* from behind: no defensive fire to answer */
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 6); /* the move, a red 6 */
    rt_dice(&g, 1, 5);       /* Bayonets! */
    rt_do(&g, "move reb 2 20 12");
    LOG_HAS("3 soldiers split from reb as reb+2");
    LOG_HAS("RDC-MELEE");
    for (int k = 1; k <= 3; k++) { /* the parent's leader and the two men who stay */
        char who[32];
        snprintf(who, sizeof who, ": reb.%d (", k);
        if (rt_log_has(who)) {
            rt_log_print();
            fail_msg("reb.%d, who stayed, fought in the melee", k);
        }
    }
    LOG_HAS(": reb.4 (");
}

/* [3.3.1] "The wounded are automatically taken as prisoner": a lightly wounded man back on his
 * feet too, when his squad is defeated (an audit found him fleeing with it). */
static void test_RDC_MELEE_the_walking_wounded_are_taken(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 8, 13, RD_RIFLED_MUSKET);
    int walking = rt_soldier(&g, "yank.8");
    g.soldiers[walking].wound = RD_LIGHT; /* up again: not down, he fights (in support) */
    rt_dice(&g, 2, 4, 4);
    rt_do(&g, "assault reb 2 yank");
    /* six pairs, the Union's two supernumeraries backing the first two: those two pairs the
     * attackers win (3 against 0 + 1), a dead man each; the other four tie */
    for (int p = 0; p < 6; p++) {
        rt_dice(&g, 3, 4, 4, 4);
        if (p < 2) {
            rt_dice(&g, 3, 1, 1, 1);
            rt_dice(&g, 1, 1);
        } else
            rt_dice(&g, 3, 4, 4, 4);
    }
    rt_log_clear();
    rt_do(&g, "defend 0");
    LOG_HAS("yank is defeated, 2 losses to 0");
    assert_false(rt_log_has("surrenders")); /* six left: they flee */
    assert_int_equal(g.soldiers[walking].where, RD_PRISONER);
    assert_int_equal(rd_on_table(&g, 1), 5);
}

static void test_RDC_MELEE_defenceless_and_defeat_flight(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_cells(&field, RD_WOODS, 0, 20, 47, 31);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 2, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 7, 20, 13, false, 0);
    rt_new(&g, &field);
    g.soldiers[rt_soldier(&g, "yank.7")].wound = RD_BAD; /* cannot defend himself */
    rt_log_clear();
    rt_dice(&g, 2, 4, 4);
    rt_do(&g, "assault reb 2 yank");
    /* pairs, leaders last: reb.2 against yank.2, reb.1 against yank.3; yank.4, .6 and yank.5,
     * yank.1 (the leader) in support of each */
    rt_dice(&g, 6, 1, 1, 1, 4, 4, 4); /* reb.2 0 against yank.2 3 + 2 */
    rt_dice(&g, 1, 4);                /* reb.2 badly wounded */
    rt_dice(&g, 6, 4, 4, 4, 1, 1, 1); /* reb.1 3 against yank.3 0 + 2 in support */
    rt_dice(&g, 1, 6);                /* yank.3 lightly wounded */
    rt_do(&g, "defend 0");
    LOG_HAS("yank.7 cannot defend himself");
    LOG_HAS("yank.7 is dead");
    LOG_HAS("reb.2 (0) against yank.2 (5)");
    LOG_HAS("reb.1 (3) against yank.3 (2)");
    /* 2 losses (yank.7 and yank.3) to 1: the defenders are beaten; too many to surrender, they flee to
     * the wood and leave their wounded man prisoner */
    LOG_HAS("yank is defeated, 2 losses to 1");
    LOG_HAS("yank.3 is taken prisoner by the Confederates");
    LOG_HAS("yank flees to");
    assert_true(g.soldiers[rd_leader(&g, 1)].row >= 20);
    assert_true(cohesive(&g, 1));
    (void)cohesive;
}

static void test_RDC_RALLY_dice_per_soldier_and_the_initiative(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 4, 3, 30, RD_RIFLED_MUSKET);
    rt_refused(&g, "rally reb", "no red die");
    g.red[RD_CONFEDERATE] = 3;
    g.soldiers[rt_soldier(&g, "reb.4")].where = RD_SKEDADDLED;
    RdDecision d = {RD_D_RALLY, 0, 0, -1, -1, -1, 0};
    assert_int_equal(rd_pool(&g, &d, NULL), 6); /* three soldiers and three red dice */
    rt_log_clear();
    rt_dice(&g, 6, 6, 4, 2, 3, 3, 3); /* 2 successes, a 6 */
    rt_do(&g, "rally reb");
    LOG_HAS("reb rallies: 2 red dice removed");
    LOG_HAS("reb.4 comes back to reb");
    assert_int_equal(g.red[RD_CONFEDERATE], 1);
    assert_int_equal(rd_on_table(&g, 0), 4);
    assert_true(cohesive(&g, 0));
    assert_int_equal(rd_to_move(&g), RD_UNION); /* the initiative passes, whatever the roll */
    /* the face that brings a man back is rules.ini's rally_return_face: at 5, a 5 does */
    RdRules five = *rt_rules();
    five.rally_return_face = 5;
    duel(&g, 4, 3, 30, RD_RIFLED_MUSKET);
    g.rules = &five;
    g.red[RD_CONFEDERATE] = 1;
    g.soldiers[rt_soldier(&g, "reb.4")].where = RD_SKEDADDLED;
    rt_log_clear();
    rt_dice(&g, 4, 5, 3, 3, 3);
    rt_do(&g, "rally reb");
    LOG_HAS("reb.4 comes back to reb");
}

static void test_RDC_RALLY_fiasco_and_disaster_count(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 3, 3, 30, RD_RIFLED_MUSKET);
    g.red[RD_CONFEDERATE] = 2;
    rt_log_clear();
    rt_dice(&g, 5, 1, 1, 4, 4, 3); /* two 1s: no red die removed */
    rt_do(&g, "rally reb");
    LOG_HAS("fiasco");
    assert_int_equal(g.red[RD_CONFEDERATE], 2);
    assert_int_equal(rd_to_move(&g), RD_UNION);
    assert_int_equal(g.passes, 1); /* the initiative passes once */
    g.initiative = g.to_move = RD_CONFEDERATE;
    rt_dice(&g, 5, 1, 1, 1, 4, 3); /* three: a disaster, two red dice more and the table */
    rt_dice(&g, 1, 4);             /* Hesitant: two more */
    rt_do(&g, "rally reb");
    assert_int_equal(g.red[RD_CONFEDERATE], 6);
    assert_string_equal(rd_waiting_for(&g), "an activation");
}

static void test_RDC_HEROIC_a_player_may_pass(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 6, 5, 26, RD_RIFLED_MUSKET);
    g.red[RD_CONFEDERATE] = 1;
    rt_dice(&g, 3, 4, 4, 6);
    rt_dice(&g, 1, 3); /* Fire at will */
    rt_do(&g, "move reb 2 20 12");
    assert_int_equal(g.stage, RD_ST_HEROIC_FIRE);
    rt_refused(&g, "fire yank 2 reb", "only the heroic squad");
    rt_refused(&g, "move reb 2 20 13", "the game waits for the new fire");
    rt_do(&g, "pass");
    assert_int_equal(g.stage, RD_ST_ACTIVATE);
    assert_int_equal(rd_to_move(&g), RD_CONFEDERATE);
}

static void test_RDC_DISASTER_confused_crisis_hesitant_fearful_rout(void **state)
{
    (void)state;
    RdGame g;
    /* 1 Confused: not activated during its side's next spell of the initiative */
    duel(&g, 6, 3, 30, RD_RIFLED_MUSKET);
    rt_dice(&g, 3, 1, 1, 1);
    rt_dice(&g, 1, 1);
    rt_do(&g, "move reb 3 20 12");
    assert_int_equal(g.red[RD_CONFEDERATE], 2);
    g.initiative = g.to_move = RD_CONFEDERATE; /* by hand: the Confederates again */
    g.passes++;
    rt_refused(&g, "move reb 2 20 12", "confused");
    /* 3 Doubtful: two successes fewer next time */
    duel(&g, 6, 3, 30, RD_RIFLED_MUSKET);
    rt_dice(&g, 3, 1, 1, 1);
    rt_dice(&g, 1, 3);
    rt_do(&g, "move reb 3 20 12");
    assert_int_equal(g.squads[0].crisis, 2);
    g.initiative = g.to_move = RD_CONFEDERATE;
    g.last_squad = -1;
    g.red[RD_CONFEDERATE] = 0;
    rt_log_clear();
    rt_dice(&g, 3, 4, 4, 4);
    rt_do(&g, "move reb 3 20 12");
    LOG_HAS("reb: 3 successes, 2 denied by the leader's crisis: 1, 0 ones");
    /* 4 Hesitant: two red dice more */
    duel(&g, 6, 3, 30, RD_RIFLED_MUSKET);
    rt_dice(&g, 3, 1, 1, 1);
    rt_dice(&g, 1, 4);
    rt_do(&g, "move reb 3 20 12");
    assert_int_equal(g.red[RD_CONFEDERATE], 4);
    /* 5 Fearful: 30 cm toward its lines, 1d6 skedaddle */
    duel(&g, 6, 3, 16, RD_RIFLED_MUSKET);
    rt_dice(&g, 3, 1, 1, 1);
    rt_dice(&g, 2, 5, 2);
    rt_log_clear();
    rt_do(&g, "move reb 3 20 12");
    LOG_HAS("RDC-DISASTER: die 2 (how many skedaddle) for reb");
    LOG_HAS("RDC-DISASTER: reb.6 skedaddles");
    assert_false(rt_log_has("RDC-RED-DICE: reb.6 skedaddles"));
    assert_int_equal(rd_on_table(&g, 0), 4);
    assert_true(g.soldiers[rd_leader(&g, 0)].row > 10); /* toward row 31, the Confederates' lines */
    /* 6 Run for your life!: far from the enemy, routed */
    duel(&g, 6, 3, 30, RD_RIFLED_MUSKET);
    rt_dice(&g, 3, 1, 1, 1);
    rt_dice(&g, 1, 6);
    rt_do(&g, "move reb 3 20 12");
    assert_int_equal(rd_on_table(&g, 0), 0);
    assert_int_equal(g.soldiers[0].where, RD_ROUTED);
    /* ... within 30 cm, they surrender */
    duel(&g, 6, 3, 16, RD_RIFLED_MUSKET);
    rt_dice(&g, 3, 1, 1, 1);
    rt_dice(&g, 1, 6);
    rt_do(&g, "move reb 3 20 12");
    assert_int_equal(g.soldiers[0].where, RD_PRISONER);
    assert_int_equal(g.soldiers[rt_soldier(&g, "yank.3")].where, RD_ESCORTING); /* 6 prisoners: 2 escorts */
    assert_int_equal(g.soldiers[rt_soldier(&g, "yank.2")].where, RD_ESCORTING);
}

/* [5.0] "for each leader eliminated/captured: 3 points": the squads' leaders of the set-up. A
 * badly wounded private left behind, who leads the men left with him, is worth a soldier's point
 * (an audit found 3). */
static void test_RDC_VICTORY_a_leader_is_a_set_up_leader(void **state)
{
    (void)state;
    RdGame g;
    duel(&g, 5, 3, 30, RD_RIFLED_MUSKET);
    int w = rt_soldier(&g, "reb.3"), officer = rd_leader(&g, 0);
    g.soldiers[w].wound = RD_BAD;
    rt_do(&g, "leave reb");
    assert_int_equal(rd_leader(&g, 2), w); /* he leads the wounded left behind */
    assert_true(rd_officer(&g, officer));
    assert_false(rd_officer(&g, w));
    int p[RD_SIDES];
    g.soldiers[w].where = RD_DEAD;
    rd_points(&g, p);
    assert_int_equal(p[RD_UNION], rt_rules()->vp_soldier);
    g.soldiers[officer].where = RD_DEAD;
    rd_points(&g, p);
    assert_int_equal(p[RD_UNION], rt_rules()->vp_soldier + rt_rules()->vp_leader);
}

static void test_RDC_VICTORY_points_and_the_end(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 4, 20, 30, false, 0);
    field.objectives[field.nobjectives++] = (RdObjective){"hill", "hill", 20, 10, 100, 5};
    field.length = 2;
    rt_new(&g, &field);
    int p[RD_SIDES];
    rd_points(&g, p);
    assert_int_equal(p[RD_CONFEDERATE], 5);
    g.soldiers[rt_soldier(&g, "yank.2")].where = RD_DEAD;
    g.soldiers[rt_soldier(&g, "yank.4")].where = RD_SKEDADDLED;
    g.soldiers[rt_soldier(&g, "yank.3")].where = RD_PRISONER;
    g.soldiers[rt_soldier(&g, "yank.3")].captor = RD_CONFEDERATE;
    rd_points(&g, p);
    assert_int_equal(p[RD_CONFEDERATE], 5 + 1 + 1 + 2); /* the hill, the dead, the skedaddler, the prisoner */
    /* two passes of the initiative end it */
    rt_dice(&g, 2, 1, 1);
    rt_do(&g, "move reb 2 20 12");
    assert_false(rd_over(&g));
    rt_dice(&g, 2, 1, 1);
    rt_do(&g, "move yank 2 20 28");
    assert_true(rd_over(&g));
    assert_int_equal(rd_result(&g), RD_CONFEDERATE);
    assert_int_equal(rd_to_move(&g), -1);
}

/* [3.2.1] a pistol is out of range at medium range; [3.2.2] a volley is a way of firing the weapon, not a
 * weapon of its own: a pistol squad in line may not fire at 40 cm. */
static void test_RDC_VOLLEY_never_extends_the_weapon_range(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "cav", RD_UNION, 3, RD_PISTOL, 6, 20, 4, true, 4);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 20, 20, false, 0); /* 40 cm */
    field.first_side = RD_UNION;
    rt_new(&g, &field);
    assert_non_null(rd_fire_refusal(&g, 0, 1, NULL, 0));
    assert_int_equal(rd_fire_modifier(&g, 0, 1), RD_OUT_OF_RANGE);
}

/* [3.2.2] "at least 6, in base contact with each other to form a fire line": a line of six with a hole in
 * it (runs of 2 and 4) fires with its weapon's row only. */
static void test_RDC_VOLLEY_a_line_with_a_hole_does_not_volley(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "line", RD_UNION, 3, RD_RIFLED_MUSKET, 7, 20, 4, true, 4);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 20, 10, false, 0); /* 15 cm */
    field.first_side = RD_UNION;
    rt_new(&g, &field);
    int short_rifle = rt_rules()->weapon_mod[RD_RIFLED_MUSKET][0], short_volley = rt_rules()->weapon_mod[RD_VOLLEY][0];
    assert_true(short_volley > short_rifle);
    assert_int_equal(rd_fire_modifier(&g, 0, 1), short_volley); /* seven in contact */
    int gap = -1;
    for (int i = 0; i < g.nsoldiers; i++)
        if (g.soldiers[i].squad == 0 && g.soldiers[i].col == 19)
            gap = i;
    assert_true(gap >= 0 && gap != rd_leader(&g, 0));
    g.soldiers[gap].where = RD_DEAD;
    assert_int_equal(rd_able(&g, 0), 6);
    assert_int_equal(rd_fire_modifier(&g, 0, 1), short_rifle);
}

/* "The leader is always the last to fall": two hits on a squad of three whose third man is out of sight
 * behind a house go to the follower in sight and the hidden one, never the leader. */
static void test_RDC_LOSSES_leader_last_of_the_whole_unit(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_cells(&field, RD_BUILDING, 22, 17, 23, 19);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 20, 4, true, 4);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 3, 20, 20, true, 0);
    field.first_side = RD_UNION;
    rt_new(&g, &field);
    int yc[3] = {20, 19, 21}, rc[3] = {20, 21, 23};
    for (int i = 0; i < 3; i++) {
        g.soldiers[i].col = (int8_t)yc[i];
        g.soldiers[i].row = 4;
        g.soldiers[3 + i].col = (int8_t)rc[i];
        g.soldiers[3 + i].row = 20;
    }
    assert_int_equal(rd_leader(&g, 1), 3);
    rt_log_clear();
    rt_dice(&g, 6, 4, 4, 4, 4, 3, 3); /* 4 successes at medium range vs regulars: 2 hits */
    rt_dice(&g, 2, 1, 1);             /* fire loss: dead, dead */
    rt_do(&g, "fire yank 6 reb");
    assert_int_equal(g.soldiers[3].where, RD_ON_TABLE);
    assert_int_equal(g.soldiers[4].where, RD_DEAD);
    assert_int_equal(g.soldiers[5].where, RD_DEAD);
}

/* The ruling "a hit still needs a success of the roll's own": Fire at will's +1 with no success of the
 * new roll hits no one. */
static void test_RDC_HEROIC_fire_at_will_needs_a_success_of_its_own(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 2, RD_RIFLED_MUSKET, 3, 20, 16, false, 0); /* militia, 15 cm */
    rt_new(&g, &field);
    g.red[RD_CONFEDERATE] = 1;
    rt_log_clear();
    rt_dice(&g, 3, 3, 3, 6); /* 1 success (the red 6), short +1: 2 >= 2, one hit; a heroic roll due */
    rt_dice(&g, 1, 5);       /* light wound: down */
    rt_dice(&g, 1, 3);       /* heroic: Fire at will */
    rt_do(&g, "fire reb 2 yank");
    if (g.stage == RD_ST_LOSS)
        rt_do(&g, "loss yank.2");
    assert_int_equal(g.stage, RD_ST_HEROIC_FIRE);
    rt_log_clear();
    rt_dice(&g, 3, 2, 3, 3); /* no success at all: 0 + 1 + short 1 = 2 would reach militia's 2 */
    rt_do(&g, "fire reb 2 yank");
    LOG_HAS("2 successes after modifiers, 2 needed");
    assert_false(rt_log_has("is hit"));
}

/* The same ruling the other way: a defensive fire's one success is its own although the surprise's -1
 * takes it back; short range +1 makes 1, a rabble's 1 needed: a hit. */
static void test_RDC_ASSAULT_surprise_does_not_cancel_the_own_success(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 1, RD_RIFLED_MUSKET, 4, 20, 10, false, 4); /* rabble */
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 20, 16, false, 0);
    rt_new(&g, &field);
    rt_log_clear();
    rt_dice(&g, 2, 4, 4);
    rt_do(&g, "assault reb 2 yank");
    assert_int_equal(g.stage, RD_ST_DEFEND);
    rt_dice(&g, 2, 4, 3);
    rt_dice(&g, 1, 1);
    for (int i = 0; i < 40; i++)
        rt_dice(&g, 1, 3);
    rt_do(&g, "defend 2");
    if (g.stage == RD_ST_LOSS)
        rt_do(&g, "loss reb.2");
    LOG_HAS("RDC-ASSAULT: the Union player's yank fires in defence at reb, rolling 2 dice");
    LOG_HAS("1 success after modifiers, 1 needed");
    LOG_HAS("is hit");
}

/* Fire loss 5-6: "for one activation he will remain prone and shocked, then he can get up ... While lying
 * down cannot be hit by fire". A squad whose every man is down is not immune for as long as its side
 * leaves it alone: they get up after their side's next activation, whichever squad acts. */
static void test_RDC_WOUNDS_a_squad_all_down_gets_up_after_its_side_acts(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 4, 20, 4, false, 4);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 2, 20, 20, false, 0);  /* 40 cm */
    rt_squad(&field, "reb2", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 40, 28, false, 0); /* far away */
    field.first_side = RD_UNION;
    rt_new(&g, &field);
    rt_dice(&g, 6, 4, 4, 4, 4, 3, 3); /* 4 successes vs regulars: 2 hits */
    rt_dice(&g, 2, 5, 6);             /* both lightly wounded: down */
    rt_do(&g, "fire yank 6 reb");
    int a = rt_soldier(&g, "reb.1"), b = rt_soldier(&g, "reb.2");
    assert_true(g.soldiers[a].prone && g.soldiers[b].prone);
    rt_dice(&g, 2, 1, 1); /* the Union's fiasco: the initiative passes, and its activation gets no one up */
    rt_do(&g, "move yank 2 20 3");
    assert_int_equal(g.initiative, RD_CONFEDERATE);
    assert_true(g.soldiers[a].prone && g.soldiers[b].prone);
    assert_non_null(rd_fire_refusal(&g, 0, 1, NULL, 0)); /* none may be hit */
    rt_dice(&g, 2, 1, 1); /* the other Confederate squad acts (and fumbles) */
    rt_do(&g, "move reb2 2 40 29");
    assert_false(g.soldiers[a].prone || g.soldiers[b].prone);
    assert_null(rd_fire_refusal(&g, 0, 1, NULL, 0));
}

/* [3.0] a red 6: "you roll 1d6 on the Heroic Table"; a rally rolls the red dice, their effects too
 * (RDC-RALLY): its red 6 gives the heroic roll once the rally is done, and the initiative passes after. */
static void test_RDC_RALLY_a_red_six_gives_a_heroic_roll(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 20, 30, false, 0);
    rt_new(&g, &field);
    assert_int_equal(g.initiative, RD_CONFEDERATE);
    g.red[RD_CONFEDERATE] = 4;
    rt_log_clear();
    rt_dice(&g, 8, 4, 3, 3, 3, 3, 3, 3, 6); /* 4 soldiers' dice, 4 red: 2 successes, a red 6 */
    rt_dice(&g, 1, 2);                      /* heroic table: Refreshed, 2 red dice less */
    rt_do(&g, "rally reb");
    LOG_HAS("heroic table");
    LOG_HAS("RDC-RALLY: die 4 (rally) for reb");
    assert_false(rt_log_has("(activation)"));
    assert_int_equal(g.red[RD_CONFEDERATE], 0); /* 4 - 2 (rally) - 2 (Refreshed) */
    assert_int_equal(g.initiative, RD_UNION);
    assert_int_equal(g.stage, RD_ST_ACTIVATE);
}

/* The program's caps, not the rulebook's (docs/rulings.md): a side holds at most RD_MAX_RED red dice and a
 * pool is at most RD_MAX_POOL dice; when one bites the log says so, and no die is counted that is not
 * rolled. */
static void test_RDC_RED_DICE_the_program_caps_are_said(void **state)
{
    (void)state;
    RdGame g;
    rt_field(&field, 48, 32);
    rt_squad(&field, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 20, 10, false, 4);
    rt_squad(&field, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 20, 30, false, 0);
    rt_new(&g, &field);
    /* a disaster's 2 red dice on 29: 30 held, 1 not taken */
    g.red[RD_CONFEDERATE] = RD_MAX_RED - 1;
    rt_log_clear();
    rt_dice(&g, 3, 1, 1, 1); /* the two chosen dice and the first red die: a disaster */
    for (int i = 1; i < RD_MAX_RED - 1; i++)
        rt_dice(&g, 1, 3);
    rt_dice(&g, 1, 1); /* disaster table 1: Confused */
    rt_do(&g, "move reb 2 20 12");
    LOG_HAS("the Confederates hold 30 red dice, the most this program keeps: 1 more not taken");
    assert_int_equal(g.red[RD_CONFEDERATE], RD_MAX_RED);
    /* 24 chosen + 10 repeat + 30 red: the pool is cut to 60, 4 red dice neither rolled nor counted */
    rt_new(&g, &field);
    g.red[RD_CONFEDERATE] = RD_MAX_RED;
    g.last_squad = 0;
    g.last_action = RD_MOVE;
    g.repeats = 9;
    RdDecision d = {.kind = RD_D_MOVE, .squad = 0, .dice = RD_MAX_CHOSEN, .target = -1, .col = 20, .row = 12};
    int red = 0;
    assert_int_equal(rd_pool(&g, &d, &red), RD_MAX_POOL);
    assert_int_equal(red, RD_MAX_POOL - RD_MAX_CHOSEN - 10);
    rt_log_clear();
    for (int i = 0; i < RD_MAX_POOL; i++)
        rt_dice(&g, 1, 3);
    rt_dice(&g, 1, 4); /* would be the 61st die: it must stay unrolled */
    rt_do(&g, "move reb 24 20 12");
    LOG_HAS("rolling 60 dice");
    LOG_HAS("reb's pool is cut to 60 dice, the most this program rolls: 4 dice neither rolled nor counted");
    LOG_HAS("reb: 0 successes");
    assert_int_equal(g.rng.nforced, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_RDC_MOVE_rulebook_example_john_reaches_the_wood),
        cmocka_unit_test(test_RDC_WOUNDS_a_squad_all_down_gets_up_after_its_side_acts),
        cmocka_unit_test(test_RDC_RALLY_a_red_six_gives_a_heroic_roll),
        cmocka_unit_test(test_RDC_RED_DICE_the_program_caps_are_said),
        cmocka_unit_test(test_RDC_VOLLEY_never_extends_the_weapon_range),
        cmocka_unit_test(test_RDC_VOLLEY_a_line_with_a_hole_does_not_volley),
        cmocka_unit_test(test_RDC_LOSSES_leader_last_of_the_whole_unit),
        cmocka_unit_test(test_RDC_HEROIC_fire_at_will_needs_a_success_of_its_own),
        cmocka_unit_test(test_RDC_ASSAULT_surprise_does_not_cancel_the_own_success),
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
        cmocka_unit_test(test_RDC_WOUNDS_the_badly_wounded_do_not_assault),
        cmocka_unit_test(test_RDC_WOUNDS_an_assault_needs_room_for_those_who_go),
        cmocka_unit_test(test_RDC_WOUNDS_the_defensive_fire_s_wounded_stay_or_slow),
        cmocka_unit_test(test_RDC_COVER_a_man_out_of_sight_does_not_count),
        cmocka_unit_test(test_RDC_VOLLEY_a_line_that_leaves_its_end_man_stays_a_line),
        cmocka_unit_test(test_RDC_ASSAULT_a_squad_stepping_back_still_faces_the_enemy),
        cmocka_unit_test(test_RDC_HEROIC_the_nearest_enemy_is_one_able_to_act),
        cmocka_unit_test(test_RDC_HEROIC_bayonets_the_half_that_stays_does_not_fight),
        cmocka_unit_test(test_RDC_MELEE_the_walking_wounded_are_taken),
        cmocka_unit_test(test_RDC_MOVE_penalties_cap_and_half_speed),
        cmocka_unit_test(test_RDC_FIRE_range_line_of_fire_and_extra_hits),
        cmocka_unit_test(test_RDC_VOLLEY_a_line_of_six),
        cmocka_unit_test(test_RDC_LOSSES_unhurt_first_leader_last_prone_never),
        cmocka_unit_test(test_RDC_WOUNDS_combine_and_red_dice),
        cmocka_unit_test(test_RDC_WOUNDS_the_badly_wounded_left_behind),
        cmocka_unit_test(test_RDC_WOUNDS_a_badly_wounded_man_taken_to_the_rear),
        cmocka_unit_test(test_RDC_WOUNDS_combinations_and_bayonets_share_are_data),
        cmocka_unit_test(test_RDC_ASSAULT_reach_defensive_fire_and_behind),
        cmocka_unit_test(test_RDC_MELEE_pairs_support_surrender_and_prisoners),
        cmocka_unit_test(test_RDC_MELEE_defenceless_and_defeat_flight),
        cmocka_unit_test(test_RDC_RALLY_dice_per_soldier_and_the_initiative),
        cmocka_unit_test(test_RDC_RALLY_fiasco_and_disaster_count),
        cmocka_unit_test(test_RDC_HEROIC_a_player_may_pass),
        cmocka_unit_test(test_RDC_DISASTER_confused_crisis_hesitant_fearful_rout),
        cmocka_unit_test(test_RDC_VICTORY_points_and_the_end),
        cmocka_unit_test(test_RDC_VICTORY_a_leader_is_a_set_up_leader),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
