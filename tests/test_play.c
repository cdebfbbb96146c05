/* A game being played and its autosave (issue 5, "never lose a game"):
 * every decision is on disk at once; a resumed game is the same game;
 * undo rewrites the save; a finished game leaves no resume; a failing disk
 * never loses the decision in play. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gametest.h"
#include "play/play.h"
#include "testutil.h"

static bool file_has(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return strstr(buf, text) != NULL;
}

static void apply_play(Play *p, const char *text)
{
    Decision d;
    char why[300];
    if (!decision_parse(&p->game, text, &d) || !play_apply(p, &d, why, sizeof why))
        fail_msg("'%s' refused", text);
}

static void test_every_decision_is_saved_and_resumes(void **state)
{
    (void)state;
    Play p, q;
    char err[600];
    const char *save = in_scratch("current.save");
    assert_true(play_new(&p, &gd, data_scenario_index(&gd, "solitaire"), 9, 0, save, err, sizeof err));
    assert_true(file_has(save, "scenario solitaire\nseed 9\n"));
    apply_play(&p, "choose hill");
    assert_true(file_has(save, "do choose hill\n")); /* on disk at once */
    apply_play(&p, "done");
    assert_true(play_force_die(&p, 6));
    assert_true(file_has(save, "die 6\n"));
    for (int i = 0; i < 6 && p.game.st.to_move == SIDE_UNION; i++)
        apply_play(&p, "automa");
    assert_string_equal(p.save_error, "");
    /* the program dies here: the next start resumes exactly there */
    assert_true(play_resume(&q, &gd, save, err, sizeof err));
    assert_memory_equal(&p.game.st, &q.game.st, sizeof p.game.st);
    assert_int_equal(p.game.log.count, q.game.log.count);
    play_free(&p);
    play_free(&q);
}

static void test_undo_rewrites_the_save(void **state)
{
    (void)state;
    Play p;
    char err[600], why[300];
    const char *save = in_scratch("undo.save");
    assert_true(play_new(&p, &gd, data_scenario_index(&gd, "solitaire"), 9, 0, save, err, sizeof err));
    apply_play(&p, "choose hill");
    assert_true(play_undo(&p, SIDE_CONFEDERATE, why, sizeof why));
    assert_false(file_has(save, "choose hill"));
    apply_play(&p, "choose rodes");
    assert_true(file_has(save, "do choose rodes\n"));
    play_free(&p);
}

static void test_finished_game_leaves_no_resume(void **state)
{
    (void)state;
    Play p;
    char err[600];
    const char *save = in_scratch("current.save");
    assert_true(play_new(&p, &gd, data_scenario_index(&gd, "solitaire"), 9, 0, save, err, sizeof err));
    p.game.st.phase = PH_GAME_OVER; /* as when the VP marker reaches an end */
    play_finish(&p);
    assert_int_not_equal(access(save, F_OK), 0);
    assert_int_equal(access(in_scratch("finished.save"), F_OK), 0);
    play_free(&p);
}

/* The screen's way (deferred): decisions mark the game dirty, the save
 * is written once by play_flush (after the key's screen is drawn), and
 * play_free and play_finish write what is left. */
static void test_deferred_saves_once_a_key(void **state)
{
    (void)state;
    Play p, q;
    char err[600];
    const char *save = in_scratch("deferred.save");
    assert_true(play_new(&p, &gd, data_scenario_index(&gd, "solitaire"), 9, 0, save, err, sizeof err));
    assert_true(file_has(save, "seed 9\n")); /* the start is written at once */
    p.deferred = true;
    apply_play(&p, "choose hill");
    apply_play(&p, "done");
    assert_false(file_has(save, "do choose hill\n")); /* not yet: the screen is being drawn */
    assert_true(p.dirty);
    play_flush(&p);
    assert_false(p.dirty);
    assert_true(file_has(save, "do choose hill\ndo done\n"));
    assert_true(play_force_die(&p, 6)); /* not on disk until the flush */
    assert_false(file_has(save, "die 6\n"));
    assert_true(p.dirty);
    int nrec = p.game.nrec;
    static GameState st;
    st = p.game.st;
    play_free(&p); /* quitting writes what is left */
    assert_true(play_resume(&q, &gd, save, err, sizeof err));
    assert_int_equal(nrec, 3);
    assert_int_equal(q.game.nrec, nrec);
    assert_memory_equal(&q.game.st, &st, sizeof st);
    play_free(&q);
}

static void test_a_failing_disk_keeps_the_decision(void **state)
{
    (void)state;
    Play p;
    char err[600];
    assert_true(play_new(&p, &gd, data_scenario_index(&gd, "solitaire"), 9, 0, in_scratch("no/such/folder/x.save"), err,
                         sizeof err));
    assert_non_null(strstr(p.save_error, "cannot write"));
    apply_play(&p, "choose hill");
    assert_true(p.game.st.chosen[data_formation_index(&gd, "hill")]); /* the decision stands */
    assert_non_null(strstr(p.save_error, "cannot write"));
    play_free(&p);
}

static void test_replay_backward_and_forward(void **state)
{
    (void)state;
    Play p;
    char err[600];
    assert_true(play_new(&p, &gd, data_scenario_index(&gd, "solitaire"), 9, 0, NULL, err, sizeof err));
    apply_play(&p, "choose hill");
    GameState after_one = p.game.st;
    apply_play(&p, "done");
    for (int i = 0; i < 5 && p.game.st.to_move == SIDE_UNION; i++)
        apply_play(&p, "automa");
    Game back;
    assert_true(play_replay_to(&p.game, 1, &back, err, sizeof err));
    assert_memory_equal(&back.st, &after_one, sizeof after_one);
    game_free(&back);
    assert_true(play_replay_to(&p.game, p.game.nrec, &back, err, sizeof err));
    assert_memory_equal(&back.st, &p.game.st, sizeof back.st);
    game_free(&back);
    play_free(&p);
}

static void test_autosave_path(void **state)
{
    (void)state;
    char path[4200];
    setenv("XDG_DATA_HOME", in_scratch("xdg"), 1);
    assert_true(play_autosave_path(path, sizeof path));
    assert_string_equal(path, in_scratch("xdg/guv/current.save"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_decision_is_saved_and_resumes),
        cmocka_unit_test(test_undo_rewrites_the_save),
        cmocka_unit_test(test_finished_game_leaves_no_resume),
        cmocka_unit_test(test_deferred_saves_once_a_key),
        cmocka_unit_test(test_a_failing_disk_keeps_the_decision),
        cmocka_unit_test(test_replay_backward_and_forward),
        cmocka_unit_test(test_autosave_path),
    };
    return cmocka_run_group_tests(tests, setup_scratch, teardown_scratch);
}
