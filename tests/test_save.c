/* Saved games (issue 5): a save replays the game exactly, with its forced
 * dice and its undos; a bad save is refused with its file and line and is
 * never changed; a save of other data is refused; writing is atomic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gametest.h"
#include "rules/save.h"
#include "testutil.h"

static void write_file(const char *name, const char *text)
{
    FILE *f = fopen(in_scratch(name), "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static char *read_file(const char *name)
{
    FILE *f = fopen(in_scratch(name), "r");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Plays some of the solitaire game with forced dice, an undo and Automa steps. */
static void play_some(Game *g)
{
    start(g, "solitaire", 7);
    apply_text(g, "choose anderson");
    char why[200];
    assert_true(game_undo(g, SIDE_CONFEDERATE, why, sizeof why)); /* taken back: not in the save */
    apply_text(g, "choose mclaws");
    apply_text(g, "done");
    int forced[] = {4, 3, 5, 5, 3};
    for (int i = 0; i < 5; i++)
        assert_true(game_force_die(g, forced[i]));
    for (int i = 0; i < 12 && g->st.to_move == SIDE_UNION; i++)
        apply_text(g, "automa");
}

static void test_save_and_load_replay_exactly(void **state)
{
    (void)state;
    Game g, back;
    play_some(&g);
    char err[600];
    assert_true(save_write(&g, in_scratch("a.save"), err, sizeof err));
    const char *text = read_file("a.save");
    assert_non_null(strstr(text, SAVE_MAGIC "\n"));
    assert_non_null(strstr(text, "scenario solitaire\nseed 7\n"));
    assert_non_null(strstr(text, "do choose mclaws\n"));
    assert_null(strstr(text, "do choose anderson"));
    assert_non_null(strstr(text, "die 4\n"));
    assert_non_null(strstr(text, "do automa\n"));
    if (!save_load(&gd, in_scratch("a.save"), &back, err, sizeof err))
        fail_msg("%s", err);
    assert_memory_equal(&g.st, &back.st, sizeof g.st);
    assert_int_equal(g.log.count, back.log.count);
    assert_int_equal(g.nrec, back.nrec);
    /* the loaded game goes on exactly as the original would */
    Decision d1[4], d2[4];
    assert_int_equal(game_legal(&g, d1, 4) > 0, true);
    assert_int_equal(game_legal(&back, d2, 4) > 0, true);
    char why[200];
    assert_true(game_apply(&g, &d1[0], why, sizeof why));
    assert_true(game_apply(&back, &d1[0], why, sizeof why));
    assert_memory_equal(&g.st, &back.st, sizeof g.st);
    game_free(&g);
    game_free(&back);
}

static void expect_refused(const char *text, const char *message)
{
    write_file("bad.save", text);
    char before[1 << 16];
    snprintf(before, sizeof before, "%s", read_file("bad.save"));
    Game g;
    char err[600];
    if (save_load(&gd, in_scratch("bad.save"), &g, err, sizeof err))
        fail_msg("loaded a bad save:\n%s", text);
    if (!strstr(err, message))
        fail_msg("refusal says '%s', not '%s'", err, message);
    assert_string_equal(read_file("bad.save"), before); /* never changed */
}

static void test_bad_saves_are_refused(void **state)
{
    (void)state;
    char head[200];
    snprintf(head, sizeof head, "%s\ndata %016llx\nscenario solitaire\nseed 7\noptions 0\n", SAVE_MAGIC,
             gd.fingerprint);
    char text[600];
    expect_refused("", "the file is empty");
    expect_refused("hello\n", ":1: not a guv save");
    expect_refused("guv-save 9\n", "another format version");
    expect_refused(SAVE_MAGIC "\ndata 0000000000000001\nscenario solitaire\nseed 7\noptions 0\ndo done\n",
                   "saved with other data");
    expect_refused(SAVE_MAGIC "\ndo done\n", ":2: the header is incomplete");
    snprintf(text, sizeof text, "%sdo fly away\n", head);
    expect_refused(text, ":6: 'fly away' is not a decision");
    snprintf(text, sizeof text, "%sdo automa\n", head);
    expect_refused(text, ":6: 'automa' does not replay");
    snprintf(text, sizeof text, "%sdie 9\n", head);
    expect_refused(text, ":6: a forced die must be one number from 1 to 6");
    snprintf(text, sizeof text, "%sjump 3\n", head);
    expect_refused(text, ":6: 'jump 3' is not a save header line");
    snprintf(text, sizeof text, "%sdo choose mclaws\njump 3\n", head);
    expect_refused(text, ":7: 'jump' is not a save line");
    snprintf(text, sizeof text, "%s\ndata %016llx\nscenario atlantis\nseed 7\noptions 0\n", SAVE_MAGIC, gd.fingerprint);
    expect_refused(text, ":3: 'scenario atlantis' is not a save header line");
    /* issue 13, bug 6: a header line twice, or option bits no guv knows */
    snprintf(text, sizeof text, "%sseed 8\n", head);
    expect_refused(text, ":6: the header line 'seed' comes twice");
    snprintf(text, sizeof text, "%s\ndata %016llx\nscenario solitaire\nseed 7\noptions 4096\n", SAVE_MAGIC,
             gd.fingerprint);
    expect_refused(text, ":5: 'options 4096' is not a save header line");
}

static void test_a_damaged_save_gives_its_good_part(void **state)
{
    (void)state;
    /* Issue 13, bug 5: "A save with one damaged line should offer to load
     * the good part": save_load_checked says how many records replay before
     * the damage, and save_load_upto gives that game. */
    Game g;
    play_some(&g);
    char err[600];
    assert_true(save_write(&g, in_scratch("d.save"), err, sizeof err));
    int whole = g.nrec;
    FILE *f = fopen(in_scratch("d.save"), "a");
    assert_non_null(f);
    fputs("do fly away\ndo done\n", f);
    fclose(f);
    Game r;
    int good = -2;
    assert_false(save_load_checked(&gd, in_scratch("d.save"), &r, err, sizeof err, &good));
    assert_non_null(strstr(err, "'fly away' is not a decision"));
    assert_int_equal(good, whole);
    assert_true(save_load_upto(&gd, in_scratch("d.save"), good, &r, err, sizeof err));
    assert_memory_equal(&r.st, &g.st, sizeof g.st);
    game_free(&r);
    /* a damaged header has no good part */
    f = fopen(in_scratch("h.save"), "w");
    fputs(SAVE_MAGIC "\nhello\n", f);
    fclose(f);
    assert_false(save_load_checked(&gd, in_scratch("h.save"), &r, err, sizeof err, &good));
    assert_int_equal(good, -1);
    game_free(&g);
}

static void test_write_is_atomic(void **state)
{
    (void)state;
    Game g;
    play_some(&g);
    char err[600];
    assert_true(save_write(&g, in_scratch("b.save"), err, sizeof err));
    char before[1 << 16];
    snprintf(before, sizeof before, "%s", read_file("b.save"));
    /* a folder that cannot take the temporary file: the old save stays whole */
    assert_int_equal(chmod(scratch, 0500), 0);
    assert_true(legal_all(&g) > 0);
    char why[200];
    assert_true(game_apply(&g, &legal_buf[0], why, sizeof why));
    bool wrote = save_write(&g, in_scratch("b.save"), err, sizeof err);
    assert_int_equal(chmod(scratch, 0700), 0);
    if (geteuid() != 0) { /* root writes anyway */
        assert_false(wrote);
        assert_non_null(strstr(err, "cannot write"));
        assert_string_equal(read_file("b.save"), before);
    }
    /* the rename fails (a folder stands where the save would go): nothing is lost, nothing left over */
    assert_int_equal(mkdir(in_scratch("adir"), 0700), 0);
    assert_false(save_write(&g, in_scratch("adir"), err, sizeof err));
    assert_non_null(strstr(err, "cannot write the save"));
    struct stat sb;
    assert_int_equal(stat(in_scratch("adir"), &sb), 0);
    assert_true(S_ISDIR(sb.st_mode));
    /* issue 13, bug 6 (../shared/repro/save-replaces-symlink.script): a link is written through to its
     * target, not replaced; a device is never written over */
    assert_true(save_write(&g, in_scratch("target.save"), err, sizeof err));
    assert_int_equal(symlink(in_scratch("target.save"), in_scratch("link.save")), 0);
    assert_true(save_write(&g, in_scratch("link.save"), err, sizeof err));
    struct stat lb;
    assert_int_equal(lstat(in_scratch("link.save"), &lb), 0);
    assert_true(S_ISLNK(lb.st_mode));
    assert_int_equal(symlink("/dev/null", in_scratch("dev.save")), 0);
    assert_false(save_write(&g, in_scratch("dev.save"), err, sizeof err));
    assert_non_null(strstr(err, "not a regular file"));
    assert_int_equal(lstat("/dev/null", &lb), 0);
    assert_true(S_ISCHR(lb.st_mode));
    /* no temporary file is left behind */
    char cmd[200];
    snprintf(cmd, sizeof cmd, "ls %s | grep -c tmp > /dev/null", scratch);
    assert_int_not_equal(system(cmd), 0);
    game_free(&g);
}

static void test_save_dir(void **state)
{
    (void)state;
    char out[4200];
    setenv("XDG_DATA_HOME", in_scratch("xdg"), 1);
    assert_true(save_dir(out, sizeof out));
    assert_string_equal(out, in_scratch("xdg/guv"));
    struct stat sb;
    assert_int_equal(stat(out, &sb), 0);
    assert_true(S_ISDIR(sb.st_mode));
    /* issue 13, bug 6: a temporary file a killed guv left is cleaned up; a live writer's stays */
    char dead[4400], live[4400];
    snprintf(dead, sizeof dead, "%s/current.save.tmp-%d", out, 4194303); /* beyond pid_max: no such process */
    snprintf(live, sizeof live, "%s/current.save.tmp-%d", out, (int)getpid());
    FILE *f = fopen(dead, "w");
    assert_non_null(f);
    fclose(f);
    f = fopen(live, "w");
    assert_non_null(f);
    fclose(f);
    assert_true(save_dir(out, sizeof out));
    assert_int_not_equal(stat(dead, &sb), 0);
    assert_int_equal(stat(live, &sb), 0);
    unlink(live);
}

static void test_peek_reads_without_replaying(void **state)
{
    (void)state;
    Game g;
    play_some(&g);
    char err[600];
    assert_true(save_write(&g, in_scratch("p.save"), err, sizeof err));
    int decisions = 0;
    for (int i = 0; i < g.nrec; i++)
        decisions += !g.rec[i].dice;
    SaveSummary sm;
    assert_true(save_peek(&gd, in_scratch("p.save"), &sm));
    assert_int_equal(sm.scenario, data_scenario_index(&gd, "solitaire"));
    assert_int_equal(sm.decisions, decisions);
    assert_true(sm.decisions > 2);
    assert_true(sm.same_data);
    /* another data set's save: seen as such */
    const char *text = read_file("p.save");
    char other[8192];
    snprintf(other, sizeof other, "%s", text);
    char *data = strstr(other, "data ");
    assert_non_null(data);
    data[5] = data[5] == '0' ? '1' : '0';
    write_file("o.save", other);
    assert_true(save_peek(&gd, in_scratch("o.save"), &sm));
    assert_false(sm.same_data);
    /* not a save at all, or missing */
    write_file("n.save", "hello\n");
    assert_false(save_peek(&gd, in_scratch("n.save"), &sm));
    assert_false(save_peek(&gd, in_scratch("missing.save"), &sm));
    game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_save_and_load_replay_exactly),
        cmocka_unit_test(test_bad_saves_are_refused),
        cmocka_unit_test(test_a_damaged_save_gives_its_good_part),
        cmocka_unit_test(test_write_is_atomic),
        cmocka_unit_test(test_save_dir),
        cmocka_unit_test(test_peek_reads_without_replaying),
    };
    return cmocka_run_group_tests(tests, setup_scratch, teardown_scratch);
}
