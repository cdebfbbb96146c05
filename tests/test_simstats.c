/* guv sim's intervals (src/cli/simstats.c) against values worked by hand
 * and published examples (issue 16). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli/simstats.h"

#define NEAR(want, got) assert_true((got) > (want) - 0.0005 && (got) < (want) + 0.0005)

/* Wilson's interval: 6 of 30 is 9.51%-37.28%; none of 10 still allows up
 * to 27.75%; all of 10 down to 72.25%. */
static void test_share_intervals(void **state)
{
    (void)state;
    Estimate e = share95(6, 30);
    NEAR(0.2, e.est);
    NEAR(0.0951, e.lo);
    NEAR(0.3728, e.hi);
    e = share95(0, 10);
    NEAR(0.0, e.lo);
    NEAR(0.2775, e.hi);
    e = share95(10, 10);
    NEAR(0.7225, e.lo);
    NEAR(1.0, e.hi);
    e = share95(0, 0); /* no games: nothing is known */
    NEAR(0.0, e.lo);
    NEAR(1.0, e.hi);
}

/* 1, 2, 3, 4, 5: mean 3, standard deviation 1.5811, standard error 0.7071,
 * so 3 +- 1.3859. */
static void test_mean_interval(void **state)
{
    (void)state;
    Estimate e = mean95(15, 55, 5);
    NEAR(3.0, e.est);
    NEAR(1.6141, e.lo);
    NEAR(4.3859, e.hi);
    e = mean95(7, 49, 1); /* one game: no spread known */
    NEAR(7.0, e.lo);
    NEAR(7.0, e.hi);
}

/* Newcombe (1998), example (a): 56/70 against 48/80, difference 0.2000,
 * interval 0.0524 to 0.3339 (method 10). */
static void test_share_difference(void **state)
{
    (void)state;
    Estimate d = share_diff95(56, 70, 48, 80);
    NEAR(0.2, d.est);
    NEAR(0.0524, d.lo);
    NEAR(0.3339, d.hi);
    assert_true(estimate_significant(d));
    d = share_diff95(50, 200, 50, 200); /* the same shares: nothing to see */
    NEAR(0.0, d.est);
    assert_false(estimate_significant(d));
}

static void test_mean_difference(void **state)
{
    (void)state;
    /* two runs of 1..5: no difference, an interval around 0 */
    Estimate d = mean_diff95(15, 55, 5, 15, 55, 5);
    NEAR(0.0, d.est);
    NEAR(-1.9600, d.lo);
    assert_false(estimate_significant(d));
    /* 11..15 against 1..5: 10 points apart, clearly */
    d = mean_diff95(65, 855, 5, 15, 55, 5);
    NEAR(10.0, d.est);
    assert_true(estimate_significant(d));
}

/* (1.96 + 0.8416)^2 * 2 * 0.25 / 0.01 = 392.4: 393 games in each run to
 * see a share of one half move by 10 points; half the difference needs
 * four times the games. */
static void test_games_needed(void **state)
{
    (void)state;
    assert_int_equal(games_to_see(0.5, 0.10), 393);
    assert_int_equal(games_to_see(0.5, 0.05), 1570);
    assert_int_equal(games_to_see(0.25, 0.02), 7359); /* 7.849 * 0.375 / 0.0004 = 7358.3 */
    assert_int_equal(games_to_see(0.5, 0), 0);
}

/* A ratio over games: four games whose marches (n) and marches that went
 * nowhere (x) are (4, 1), (4, 2), (2, 0), (6, 3): 6 of 16 is 37.5%; the
 * residuals x - 0.375 n are -0.5, 0.5, -0.75, 0.75, whose squares sum to
 * 1.625, so the error is sqrt(4/3 * 1.625) / 16 = 0.0920 and the range
 * 19.47%-55.53%. One game alone has no range to give; nothing, nothing. */
static void test_ratio_interval(void **state)
{
    (void)state;
    double x[] = {1, 2, 0, 3}, n[] = {4, 4, 2, 6}, sx = 0, sn = 0, sxx = 0, snn = 0, sxn = 0;
    for (int i = 0; i < 4; i++) {
        sx += x[i], sn += n[i], sxx += x[i] * x[i], snn += n[i] * n[i], sxn += x[i] * n[i];
    }
    Estimate e = ratio95(sx, sn, sxx, snn, sxn, 4);
    NEAR(0.375, e.est);
    NEAR(0.1947, e.lo);
    NEAR(0.5553, e.hi);
    e = ratio95(1, 4, 1, 16, 4, 1);
    NEAR(0.25, e.est);
    NEAR(0.25, e.lo);
    NEAR(0.25, e.hi);
    e = ratio95(0, 0, 0, 0, 0, 3);
    NEAR(0, e.est);
    /* two runs: 37.5% (19.47-55.53) against 25% +- 0.1 (error 0.0510):
     * 12.5 points, the errors 0.0920 and 0.0510 combined to 0.1052, the
     * range -8.1 to +33.1 points, which holds 0: not significant */
    Estimate a = ratio95(sx, sn, sxx, snn, sxn, 4), b = {0.25, 0.15, 0.35};
    Estimate d = ratio_diff95(a, b);
    NEAR(0.125, d.est);
    NEAR(-0.0812, d.lo);
    NEAR(0.3312, d.hi);
    assert_false(estimate_significant(d));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_share_intervals), cmocka_unit_test(test_mean_interval),
        cmocka_unit_test(test_share_difference), cmocka_unit_test(test_mean_difference),
        cmocka_unit_test(test_games_needed), cmocka_unit_test(test_ratio_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
