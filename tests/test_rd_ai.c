/* The Red Die of Courage's computer opponent (src/rd_ai): the careful
 * level's choices of dice, rally and cover on small fields set up by hand,
 * and whole games on every shipped battlefield with no decision refused,
 * the same for the same seeds. */
#include "rdtest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rd_ai/rd_ai.h"
#include "under_valgrind.h"

/* Two squads face to face on open ground, 10 cells (25 cm: short range)
 * apart; the Union (regulars, rifled muskets) to move. */
static void facing(RdField *f, RdGame *g)
{
    rt_field(f, 40, 30);
    f->first_side = RD_UNION;
    rt_squad(f, "blue", RD_UNION, 3, RD_RIFLED_MUSKET, 5, 20, 10, false, 4);
    rt_squad(f, "grey", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 5, 20, 20, false, 0);
    rt_new(g, f);
}

static RdDecision choose(const RdGame *g)
{
    Rng rng;
    rng_seed(&rng, 1);
    RdDecision d = rd_ai_choose(g, RD_AI_CAREFUL, &rng);
    char why[200];
    assert_null(rd_refusal(g, &d, why, sizeof why));
    return d;
}

static void test_levels_by_name(void **state)
{
    (void)state;
    assert_int_equal(rd_ai_level_find("fixed"), RD_AI_FIXED);
    assert_int_equal(rd_ai_level_find("careful"), RD_AI_CAREFUL);
    assert_int_equal(rd_ai_level_find("clever"), -1);
    assert_string_equal(rd_ai_level_name(RD_AI_CAREFUL), "careful");
    assert_string_equal(rd_ai_level_name(99), "?");
}

/* The fiasco and disaster risk: with no red die the careful level fires
 * with more dice than with a pool already full of them, when the shot
 * needs few successes. */
static void test_fewer_dice_when_red_dice_are_many(void **state)
{
    (void)state;
    static RdField f;
    static RdGame g;
    facing(&f, &g);
    RdDecision fire = {RD_D_FIRE, 0, 2, 1, -1, -1, 0};
    assert_null(rd_refusal(&g, &fire, NULL, 0));
    assert_int_equal(rd_needed(&g, &fire), 2); /* regulars (3) at short range (+1) */
    int best[2];
    for (int k = 0; k < 2; k++) {
        g.red[RD_UNION] = (int8_t)(k ? 4 : 0);
        double top = -1e300;
        for (int dice = 2; dice <= 10; dice++) {
            fire.dice = (int8_t)dice;
            double v = rd_ai_value(&g, &fire);
            if (getenv("RD_AI_DEBUG"))
                print_message("red %d dice %d: %.3f\n", g.red[RD_UNION], dice, v);
            if (v > top) {
                top = v;
                best[k] = dice;
            }
        }
    }
    assert_true(best[1] < best[0]);
    /* and the choice itself: a fire at the enemy in the open, with few dice */
    g.red[RD_UNION] = 2;
    RdDecision d = choose(&g);
    assert_int_equal(d.kind, RD_D_FIRE);
    g.red[RD_UNION] = 0;
    RdDecision d0 = choose(&g);
    assert_int_equal(d0.kind, RD_D_FIRE);
    assert_true(d0.dice > d.dice);
}

/* The red dice piled up in a quiet moment (the enemy out of range): the
 * careful level rallies with its small squad; with one red die it does
 * not. */
static void test_rallies_when_red_dice_pile_up(void **state)
{
    (void)state;
    static RdField f;
    static RdGame g;
    rt_field(&f, 40, 56);
    f.first_side = RD_UNION;
    rt_squad(&f, "blue", RD_UNION, 3, RD_RIFLED_MUSKET, 2, 20, 2, false, 4);
    rt_squad(&f, "grey", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 5, 20, 53, false, 0);
    rt_new(&g, &f);
    g.red[RD_UNION] = 1;
    assert_int_not_equal(choose(&g).kind, RD_D_RALLY);
    g.red[RD_UNION] = 6;
    RdDecision d = choose(&g);
    if (getenv("RD_AI_DEBUG")) {
        char t[80];
        rd_decision_format(&g, &d, t, sizeof t);
        RdDecision r = {RD_D_RALLY, 0, 0, -1, -1, -1, 0};
        print_message("chose %s (%.3f), rally %.3f\n", t, rd_ai_value(&g, &d), rd_ai_value(&g, &r));
    }
    assert_int_equal(d.kind, RD_D_RALLY);
    assert_int_equal(d.squad, 0);
}

/* Under fire in the open, a wood next to the squad is worth more than
 * open ground as far; the careful level goes there. */
static void test_prefers_a_covered_cell(void **state)
{
    (void)state;
    static RdField f;
    static RdGame g;
    rt_field(&f, 40, 40);
    f.first_side = RD_UNION;
    rt_squad(&f, "blue", RD_UNION, 3, RD_RIFLED_MUSKET, 3, 10, 2, false, 4);
    rt_squad(&f, "grey", RD_CONFEDERATE, 4, RD_RIFLED_MUSKET, 8, 10, 20, false, 0);
    rt_cells(&f, RD_WOODS, 14, 0, 19, 5); /* a wood east of the Union squad, by the table's edge */
    rt_new(&g, &f);
    RdDecision wood = {RD_D_MOVE, 0, 2, -1, 16, 2, 0}, open = {RD_D_MOVE, 0, 2, -1, 4, 2, 0};
    assert_null(rd_refusal(&g, &wood, NULL, 0));
    assert_null(rd_refusal(&g, &open, NULL, 0));
    if (getenv("RD_AI_DEBUG"))
        print_message("wood %.3f open %.3f\n", rd_ai_value(&g, &wood), rd_ai_value(&g, &open));
    assert_true(rd_ai_value(&g, &wood) > rd_ai_value(&g, &open));
    /* the fire at the veterans across 45 cm of open ground is poor, the table's edge behind: it takes to the wood */
    RdDecision d = choose(&g);
    if (getenv("RD_AI_DEBUG")) {
        char t[80];
        rd_decision_format(&g, &d, t, sizeof t);
        print_message("chose %s (%.3f)\n", t, rd_ai_value(&g, &d));
    }
    assert_int_equal(d.kind, RD_D_MOVE);
    assert_int_equal(f.cell[d.row][d.col], RD_WOODS);
}

/* Whole games, each level against the other, on every shipped
 * battlefield: every decision the AI returns is open, the games end, and
 * the same seeds give the same decisions. */
/* The hash of the decisions (and the result) of a game, or of its first max_steps decisions (0: to its end). */
static uint64_t play(const RdField *f, uint64_t seed, int union_level, int confederate_level, int max_steps)
{
    static RdGame g;
    rd_new(&g, rt_rules(), f, seed);
    Rng rng[RD_SIDES];
    rng_seed(&rng[0], seed * 3);
    rng_seed(&rng[1], seed * 3 + 1);
    int level[RD_SIDES] = {union_level, confederate_level};
    uint64_t hash = 1469598103934665603ULL;
    int steps = 0;
    while (!rd_over(&g) && (max_steps == 0 || steps < max_steps)) {
        int side = rd_to_move(&g);
        RdDecision d = rd_ai_choose(&g, level[side], &rng[side]);
        char why[200], text[80];
        rd_decision_format(&g, &d, text, sizeof text);
        if (rd_apply(&g, &d, NULL, why, sizeof why) != 0)
            fail_msg("%s, seed %llu: the %s level chose '%s', refused: %s", f->id, (unsigned long long)seed,
                     rd_ai_level_name(level[side]), text, why);
        for (const char *p = text; *p; p++)
            hash = (hash ^ (unsigned char)*p) * 1099511628211ULL;
        assert_true(++steps < 20000);
    }
    return hash ^ (uint64_t)rd_result(&g);
}

static void test_whole_games_legal_and_repeatable(void **state)
{
    (void)state;
    const RdData *rd = rt_data();
    if (tu_under_valgrind()) {
        /* under valgrind (~50 times slower) one whole game, careful against fixed (a short
         * one: 34 decisions on average), and the first 40 decisions of another twice; the
         * sanitizer build plays them all */
        int turnpike = rd_field_index(rd, "orange-turnpike");
        assert_true(turnpike >= 0);
        play(&rd->fields[turnpike], 1, RD_AI_FIXED, RD_AI_CAREFUL, 0);
        uint64_t c = play(&rd->fields[0], 7, RD_AI_FIXED, RD_AI_CAREFUL, 40);
        assert_true(play(&rd->fields[0], 7, RD_AI_FIXED, RD_AI_CAREFUL, 40) == c);
        return;
    }
    /* slow under the sanitizers: one game a field and a side by default */
    uint64_t games = getenv("GUV_RD_AI_GAMES") ? strtoull(getenv("GUV_RD_AI_GAMES"), NULL, 10) : 1;
    for (int fi = 0; fi < rd->nfields; fi++)
        for (uint64_t seed = 1; seed <= games; seed++) /* the careful level as either side, field by field */
            play(&rd->fields[fi], seed, (fi + (int)seed) % 2 ? RD_AI_CAREFUL : RD_AI_FIXED,
                 (fi + (int)seed) % 2 ? RD_AI_FIXED : RD_AI_CAREFUL, 0);
    uint64_t c = play(&rd->fields[0], 7, RD_AI_CAREFUL, RD_AI_FIXED, 0);
    assert_true(play(&rd->fields[0], 7, RD_AI_CAREFUL, RD_AI_FIXED, 0) == c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_by_name),
        cmocka_unit_test(test_fewer_dice_when_red_dice_are_many),
        cmocka_unit_test(test_rallies_when_red_dice_pile_up),
        cmocka_unit_test(test_prefers_a_covered_cell),
        cmocka_unit_test(test_whole_games_legal_and_repeatable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
