/* A game of A Perfect Plan against the computer, as the screen plays it
 * (play/pp_play.h): the computer's decisions come from src/pp_ai, and a
 * game saved and resumed goes on exactly as the game left running does
 * (the computer's dice are seeded from the game's seed and its length). */
#include "pptest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/pp_play.h"
#include "pp_ai/pp_ai.h"

/* k more decisions: the computer's by its chooser at level, the player's the first legal one. */
static void play_on(PpPlay *p, int level, int k)
{
    PpComputer c = {p, level, 20}; /* a small search: the test runs under valgrind too */
    for (int i = 0; i < k && !pp_over(&p->g); i++) {
        PpDecision d;
        if (pp_to_move(&p->g) == p->computer)
            d = pp_computer_chooser(&p->g, &c);
        else {
            PpDecision list[PP_MAX_LEGAL];
            assert_true(pp_legal(&p->g, list, PP_MAX_LEGAL) > 0);
            d = list[0];
        }
        char why[300];
        if (!pp_play_apply(p, &d, why, sizeof why))
            fail_msg("refused: %s", why);
    }
}

/* The greedy level breaks its ties by its dice, so a chooser seeded any
 * other way (by its calls, say) shows here; the rollout level is the
 * screen's. */
static void resumed_alike(int level)
{
    char path[] = "/tmp/guv-pp-play-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    PpPlay run, back;
    pp_play_new(&run, pt_data(), 21, false, PP_CONFEDERATE, path);
    play_on(&run, level, 80);
    pp_play_flush(&run);
    char err[600];
    assert_true(pp_play_load(&back, pt_data(), path, false, err, sizeof err));
    assert_int_equal(back.nrec, run.nrec);
    play_on(&run, level, 120);
    play_on(&back, level, 120);
    assert_int_equal(back.nrec, run.nrec);
    assert_memory_equal(back.g.where, run.g.where, sizeof run.g.where);
    assert_memory_equal(back.g.control, run.g.control, sizeof run.g.control);
    assert_int_equal(back.g.turn, run.g.turn);
    /* the computer made its own choices: not all of them the first legal one */
    int computer = 0;
    for (int i = 0; i < run.nrec; i++)
        computer += run.rec[i].kind == PP_REC_DO && run.rec[i].side == PP_CONFEDERATE;
    assert_true(computer > 10);
    pp_play_free(&run);
    pp_play_free(&back);
    unlink(path);
}

static void test_APP_REPLAY_a_resumed_game_against_the_computer_goes_on_alike(void **state)
{
    (void)state;
    resumed_alike(PP_AI_GREEDY);
    resumed_alike(PP_AI_ROLLOUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_APP_REPLAY_a_resumed_game_against_the_computer_goes_on_alike),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
