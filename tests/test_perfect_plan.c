/* A Perfect Plan's rules engine: one test (or more) per rule ID of
 * docs/rules-coverage.md's "A Perfect Plan" section, each on a position set
 * up by hand with forced dice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pptest.h"

static void test_APP_REPLAY_random_games_end_and_replay(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    static PpDecision list[PP_MAX_LEGAL];
    for (uint64_t seed = 1; seed <= 40; seed++) {
        PpGame g, again;
        pp_new(&g, pd, seed);
        again = g;
        Rng pick;
        rng_seed(&pick, seed * 7);
        int steps = 0;
        while (!pp_over(&g)) {
            int n = pp_legal(&g, list, PP_MAX_LEGAL);
            assert_true(n > 0 && n <= PP_MAX_LEGAL);
            PpDecision d = list[rng_below(&pick, (uint32_t)n)];
            char why[200], text[80];
            pp_decision_format(pd, &d, text, sizeof text);
            PpDecision back;
            assert_true(pp_decision_parse(pd, text, &back, why, sizeof why));
            assert_memory_equal(&back, &d, sizeof d);
            if (pp_apply(&g, &d, NULL, why, sizeof why) != 0)
                fail_msg("seed %llu: listed '%s' refused: %s", (unsigned long long)seed, text, why);
            assert_int_equal(pp_apply(&again, &d, NULL, NULL, 0), 0);
            assert_true(++steps < 5000);
        }
        assert_memory_equal(&g, &again, sizeof g);
        assert_true(pp_result(&g) == PP_UNION || pp_result(&g) == PP_CONFEDERATE || pp_result(&g) == PP_TIE);
        assert_int_equal(pp_legal(&g, list, PP_MAX_LEGAL), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_APP_REPLAY_random_games_end_and_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
