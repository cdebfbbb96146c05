/* The Red Die of Courage as the screen plays it (issue 18): the record
 * and its save (play/rd_play.h: a round trip, a damaged save refused and
 * left untouched, undo never past a die) and what the screen shows
 * (view/rd_screen.h: the odds equal rd_chances, the symbols). */
#include "rdtest.h"
#include "under_valgrind.h"

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "play/rd_play.h"
#include "view/rd_screen.h"

static void temp_path(char *path)
{
    strcpy(path, "/tmp/guv-rd-play-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}

/* k decisions of the random chooser (its own dice from seed). */
static void play_on(RdPlay *p, uint64_t seed, int k)
{
    Rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < k && !rd_over(&p->g); i++) {
        RdDecision d = rd_fallback_chooser(&p->g, &r);
        char why[300];
        if (!rd_play_apply(p, &d, why, sizeof why))
            fail_msg("refused: %s", why);
    }
}

static void same_game(const RdPlay *a, const RdPlay *b)
{
    assert_int_equal(a->nrec, b->nrec);
    assert_int_equal(a->nlog, b->nlog);
    assert_int_equal(a->g.passes, b->g.passes);
    assert_int_equal(a->g.stage, b->g.stage);
    assert_memory_equal(a->g.soldiers, b->g.soldiers, sizeof a->g.soldiers);
    assert_memory_equal(a->g.red, b->g.red, sizeof a->g.red);
}

static int field_index(const char *id)
{
    int f = rd_field_index(rt_data(), id);
    assert_true(f >= 0);
    return f;
}

static void test_round_trip(void **state)
{
    (void)state;
    char path[64];
    temp_path(path);
    static RdPlay run, back;
    rd_play_new(&run, rt_data(), field_index("hazel-grove"), 5, RD_UNION, path);
    assert_true(rd_play_force_die(&run, 6));
    assert_true(rd_play_force_die(&run, 1));
    /* fewer decisions under valgrind (each lists every squad's ways): the sanitizers play them all */
    int first = tu_under_valgrind() ? 24 : 60, then = tu_under_valgrind() ? 16 : 40;
    play_on(&run, 11, first);
    assert_string_equal(run.save_error, "");
    char err[600];
    assert_true(rd_play_load(&back, rt_data(), path, false, err, sizeof err));
    same_game(&run, &back);
    assert_int_equal(back.computer, RD_UNION);
    /* both go on alike */
    play_on(&run, 12, then);
    play_on(&back, 12, then);
    same_game(&run, &back);
    /* replay_to stops where told */
    static RdPlay part;
    assert_true(rd_play_replay_to(&part, &run, 10, err, sizeof err));
    assert_int_equal(part.nrec, 10);
    rd_play_free(&part);
    rd_play_free(&run);
    rd_play_free(&back);
    unlink(path);
}

static char *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    rewind(f);
    char *b = malloc((size_t)*len + 1);
    assert_int_equal(fread(b, 1, (size_t)*len, f), (size_t)*len);
    b[*len] = '\0';
    fclose(f);
    return b;
}

static void test_damaged_save(void **state)
{
    (void)state;
    char path[64];
    temp_path(path);
    static RdPlay run, back;
    rd_play_new(&run, rt_data(), field_index("fairview"), 3, -1, path);
    play_on(&run, 4, 6);
    rd_play_free(&run);
    /* the fourth decision damaged: a squad that is not there */
    long len;
    char *text = slurp(path, &len);
    char *d = text;
    for (int i = 0; i < 4 && d; i++)
        d = strstr(d + 1, "\ndo ");
    assert_non_null(d);
    int line = 1;
    for (char *c = text; c <= d; c++)
        line += *c == '\n';
    memcpy(d + 4, "zz", 2);
    FILE *f = fopen(path, "wb");
    fwrite(text, 1, (size_t)len, f);
    fclose(f);
    char err[600], want[100];
    assert_false(rd_play_load(&back, rt_data(), path, true, err, sizeof err));
    snprintf(want, sizeof want, "%s:%d: ", path, line);
    assert_non_null(strstr(err, want));
    assert_non_null(strstr(err, "does not replay"));
    long len2;
    char *after = slurp(path, &len2);
    assert_int_equal(len, len2);
    assert_memory_equal(text, after, (size_t)len); /* untouched */
    free(text);
    free(after);
    /* other data: refused by its fingerprint line */
    f = fopen(path, "w");
    fprintf(f, "guv-rd-save 1\ndata 0000000000000001\nfield fairview\nseed 1\ncomputer none\n");
    fclose(f);
    assert_false(rd_play_load(&back, rt_data(), path, false, err, sizeof err));
    assert_non_null(strstr(err, ":2: this game was saved with other data"));
    unlink(path);
}

static void test_undo_not_past_a_die(void **state)
{
    (void)state;
    static RdPlay p;
    rd_play_new(&p, rt_data(), field_index("hazel-grove"), 9, -1, NULL);
    char why[300];
    assert_false(rd_play_undo(&p, RD_CONFEDERATE, why, sizeof why));
    assert_non_null(strstr(why, "nothing"));
    /* an activation rolls: it stands */
    RdDecision d;
    assert_true(rd_decision_parse(&p.g, "move 7th-tn 3 12 29", &d, why, sizeof why));
    assert_true(rd_play_apply(&p, &d, why, sizeof why));
    assert_true(p.rec[p.nrec - 1].rolled);
    int side = p.rec[p.nrec - 1].side, n = p.nrec;
    assert_false(rd_play_undo(&p, side, why, sizeof why));
    assert_non_null(strstr(why, "dice were rolled"));
    assert_int_equal(p.nrec, n);
    assert_int_equal(rd_play_undo_depth(&p, side), 0);
    /* a decision that rolls nothing is taken back, and only it */
    Rng r;
    rng_seed(&r, 3);
    int undone = 0;
    for (int i = 0; i < 400 && !rd_over(&p.g) && !undone; i++) {
        d = rd_fallback_chooser(&p.g, &r);
        assert_true(rd_play_apply(&p, &d, why, sizeof why));
        RdRecord last = p.rec[p.nrec - 1];
        if (last.rolled)
            continue;
        n = p.nrec;
        assert_true(rd_play_undo(&p, last.side, why, sizeof why));
        assert_int_equal(p.nrec, n - 1);
        assert_true(rd_play_apply(&p, &last.d, why, sizeof why));
        undone++;
    }
    assert_true(undone > 0);
    rd_play_free(&p);
}

/* ---- the screen ---- */

static void test_odds_are_rd_chances(void **state)
{
    (void)state;
    static RdGame g;
    rd_new(&g, &rt_data()->rules, &rt_data()->fields[field_index("hazel-grove")], 1);
    RdDecision d;
    char why[300];
    assert_true(rd_decision_parse(&g, "fire 7th-tn 2 57th-pa", &d, why, sizeof why));
    for (int dice = 2; dice <= 10; dice++) {
        d.dice = (int8_t)dice;
        g.red[RD_CONFEDERATE] = (int8_t)(dice % 3);
        RdOdds o;
        assert_true(rd_odds(&g, &d, &o));
        RdChances c;
        int red, pool = rd_pool(&g, &d, &red);
        rd_chances(&g.rules[0], pool - red, red, &c);
        assert_int_equal(o.pool, pool);
        assert_int_equal(o.red, dice % 3);
        assert_int_equal(o.needed, rd_needed(&g, &d));
        assert_true(o.success == (o.needed <= pool ? c.at_least[o.needed] : 0.0));
        assert_true(o.fiasco == c.fiasco);
        assert_true(o.disaster == c.disaster);
        assert_true(o.heroic == c.heroic);
        char odds[200];
        rd_odds_text(&o, 0, odds, sizeof odds);
        assert_true((strstr(odds, "heroic") != NULL) == (o.red > 0)); /* shown only with red dice to roll */
        char text[300], pct[16];
        rd_odds_text(&o, 0, text, sizeof text);
        snprintf(pct, sizeof pct, "%d%% fiasco", (int)(c.fiasco * 100 + 0.5));
        assert_non_null(strstr(text, pct));
    }
    /* the red dice's 1s and 2s make men run off (the shipped red-die table): one red die, a
     * chance in three; twelve, four men on average. Told before the roll, and in 80 columns. */
    d.dice = 2;
    g.red[RD_CONFEDERATE] = 1;
    RdOdds o;
    char text[300];
    assert_true(rd_odds(&g, &d, &o));
    assert_true(fabs(o.run_off - 1.0 / 3) < 1e-9 && fabs(o.run_any - 1.0 / 3) < 1e-9);
    rd_odds_text(&o, 0, text, sizeof text);
    assert_non_null(strstr(text, ", 33% a man runs off"));
    g.red[RD_CONFEDERATE] = 12;
    assert_true(rd_odds(&g, &d, &o));
    assert_true(o.run_off > 3.99 && o.run_off < 4.0); /* 12 x 1/3, less the rare rolls above the squad's 8 men */
    rd_odds_text(&o, 0, text, sizeof text);
    assert_non_null(strstr(text, "2 dice + 12 red = 14: "));
    assert_non_null(strstr(text, "heroic, ~4 run off"));
    assert_true(strlen(text) > 80);
    rd_odds_text(&o, 80, text, sizeof text);
    assert_true(strlen(text) <= 80);
    assert_non_null(strstr(text, "14 dice, need "));
    assert_non_null(strstr(text, "heroic, ~4 run"));
    assert_int_not_equal(text[strlen(text) - 1], '~'); /* short enough without a cut */
    /* no more men run off than the squad has: 12 red dice for a squad of 2 */
    int sq = d.squad;
    for (int i = 0, kept = 0; i < g.nsoldiers; i++)
        if (g.soldiers[i].squad == sq && g.soldiers[i].where == RD_ON_TABLE && kept++ >= 2)
            g.soldiers[i].where = RD_DEAD;
    assert_int_equal(rd_on_table(&g, sq), 2);
    assert_true(rd_odds(&g, &d, &o));
    assert_true(o.run_off <= 2.0 && o.run_off > 1.9);
    rd_odds_text(&o, 0, text, sizeof text);
    assert_non_null(strstr(text, "~2 run off"));
    /* a loss chosen rolls nothing: no odds */
    RdDecision loss = {RD_D_LOSS, -1, 0, 0, -1, -1, 0};
    assert_false(rd_odds(&g, &loss, &o));
}

/* An open field 48 cells wide, h high: reb (regulars, n1 men, facing south) at column 20, row
 * r1, yank (n2, facing north) at row r2; the game begun on it. */
static void reb_and_yank(RdField *f, RdGame *g, int h, int n1, int r1, int n2, int r2)
{
    rt_field(f, 48, h);
    rt_squad(f, "reb", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, n1, 20, r1, false, 4);
    rt_squad(f, "yank", RD_UNION, 3, RD_RIFLED_MUSKET, n2, 20, r2, false, 0);
    rt_new(g, f);
}

/* The list of squads counts the men gone to the rear with the badly wounded, and the
 * orders say what escorting and leaving them do. */
static void test_escort_in_words(void **state)
{
    (void)state;
    static RdField f;
    static RdGame g;
    reb_and_yank(&f, &g, 32, 5, 10, 3, 30);
    g.soldiers[rt_soldier(&g, "reb.3")].wound = RD_BAD;
    RdDecision d;
    char why[200], line[200];
    assert_true(rd_decision_parse(&g, "escort reb", &d, why, sizeof why));
    rd_decision_words(&g, &d, line, sizeof line);
    assert_string_equal(line, "N reb: a man takes a badly wounded to the rear (no roll)");
    rt_do(&g, "escort reb");
    rd_squad_line(&g, 0, line, sizeof line);
    assert_non_null(strstr(line, "3/5 1escort 1rear"));
}

/* The target line gives the measures the rules use: the leaders' distance and its band, the
 * cover most of the target holds (an audit found the nearest soldiers' distance shown, 48.5 cm
 * "medium", beside the long range's -1 the rules applied). */
static void test_target_line_measures_as_the_rules(void **state)
{
    (void)state;
    static RdField f;
    static RdGame g;
    reb_and_yank(&f, &g, 40, 8, 2, 8, 27);
    RdDecision d;
    char why[200], line[300];
    assert_true(rd_decision_parse(&g, "fire reb 2 yank", &d, why, sizeof why));
    assert_int_equal(rd_leaders_mm(&g, 0, 1), 625);
    assert_int_equal(rd_fire_band(&g, 0, 1), RD_LONG);
    rd_target_text(&g, &d, line, sizeof line);
    assert_non_null(strstr(line, "yank at 62.5 cm between the leaders (long range), cover none, -1 success;"));
    assert_true(rd_decision_parse(&g, "assault reb 2 yank", &d, why, sizeof why));
    rd_target_text(&g, &d, line, sizeof line);
    char want[80];
    int mm = rd_assault_reach_mm(&g, 0, 1);
    assert_true(mm > 0 && mm < 625); /* the nearest of the target, from the leader */
    snprintf(want, sizeof want, "at %d.%d cm from the leader (assault up to 40 cm)", mm / 10, mm % 10);
    assert_non_null(strstr(line, want));
}

/* The screen's long lines give way to short words, then a '~', never spill over. */
static void test_lines_fit(void **state)
{
    (void)state;
    char s[200];
    snprintf(s, sizeof s, "since your order: Confederates 8 activations; lost: Union 1 dead 2 taken; L: the log");
    rd_fit(s, sizeof s, 200);
    assert_string_equal(s, "since your order: Confederates 8 activations; lost: Union 1 dead 2 taken; L: the log");
    rd_fit(s, sizeof s, 80);
    assert_string_equal(s, "since your order: Confederates 8 activations; lost: Union 1 dead 2 taken");
    rd_fit(s, sizeof s, 66);
    assert_string_equal(s, "since your order: CSA 8 activations; lost: Union 1 dead 2 taken");
    rd_fit(s, sizeof s, 60);
    assert_string_equal(s, "since your order: CSA 8 acts; lost: Union 1 dead 2 taken");
    rd_fit(s, sizeof s, 20);
    assert_string_equal(s, "since your order: C~");
    snprintf(s, sizeof s, "since your order: Union 1 activation, Confederates 4 activations; lost: Union 2 dead");
    rd_fit(s, sizeof s, 72);
    assert_string_equal(s, "since your order: Union 1 act, CSA 4 acts; lost: Union 2 dead");
    snprintf(s, sizeof s, " Hazel Grove  pass 0/24  Confederate initiative  red U12 C0  points U0 C10 (you: Union)");
    rd_fit(s, sizeof s, 80);
    assert_true(strlen(s) <= 80);
    assert_non_null(strstr(s, "(you: Union)"));
}

static void test_symbols(void **state)
{
    (void)state;
    static RdField f;
    rt_field(&f, 20, 12);
    rt_cells(&f, RD_WOODS, 0, 0, 3, 3);
    f.edge_e[6][6] = RD_WALL;
    f.edge_s[8][8] = RD_FENCE;
    f.nobjectives = 1;
    f.objectives[0] = (RdObjective){"hill", "The hill", 15, 10, 50, 5};
    int u = rt_squad(&f, "blue", RD_UNION, 3, RD_RIFLED_MUSKET, 4, 10, 2, false, 4);
    rt_squad(&f, "grey", RD_CONFEDERATE, 3, RD_RIFLED_MUSKET, 4, 10, 9, false, 0);
    (void)u;
    static RdGame g;
    rt_new(&g, &f);
    int m[4], n = 0;
    for (int i = 0; i < g.nsoldiers; i++)
        if (g.soldiers[i].squad == 0)
            m[n++] = i;
    g.soldiers[m[1]].wound = RD_BAD;
    g.soldiers[m[2]].wound = RD_LIGHT;
    g.soldiers[m[2]].prone = 1;
    g.soldiers[m[3]].wound = RD_LIGHT;
    static RdMapGrid grid;
    rd_map_grid(&grid, &g, NULL);
    RdCell c = rd_soldier_cell(&g, m[0]);
    assert_int_equal(grid.ch[c.row][c.col], 'A'); /* the Union's first squad, its leader */
    assert_int_equal(grid.st[c.row][c.col], RDS_UNION);
    c = rd_soldier_cell(&g, m[1]);
    assert_int_equal(grid.ch[c.row][c.col], '-');
    c = rd_soldier_cell(&g, m[2]);
    assert_int_equal(grid.ch[c.row][c.col], '_');
    c = rd_soldier_cell(&g, m[3]);
    assert_int_equal(grid.ch[c.row][c.col], 'a');
    assert_int_equal(grid.st[c.row][c.col], RDS_UNION_HURT);
    int grey = rd_leader(&g, 1);
    c = rd_soldier_cell(&g, grey);
    assert_int_equal(grid.ch[c.row][c.col], 'N'); /* the Confederates' first squad */
    assert_int_equal(grid.ch[0][0], ':');
    assert_int_equal(grid.ch[0][19], '.');
    assert_int_equal(grid.ch[6][6], '&');
    assert_int_equal(grid.ch[8][8], '+');
    assert_int_equal(grid.ch[10][15], '@');
    /* the line of fire between the leaders, when aiming */
    RdMarks mk;
    rd_marks_none(&mk);
    mk.squad = 1;
    mk.target = 0;
    rd_map_grid(&grid, &g, &mk);
    assert_int_equal(grid.ch[5][10], '*');
    assert_int_equal(grid.st[5][10], RDS_LOF);
    /* the view follows its focus */
    assert_int_equal(rd_view_origin(0, 10, 56, 30), 0);
    assert_int_equal(rd_view_origin(0, 50, 56, 30), 24); /* three cells kept beyond it */
    assert_int_equal(rd_view_origin(20, 25, 56, 30), 20);
    assert_int_equal(rd_view_origin(5, 3, 20, 30), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),          cmocka_unit_test(test_damaged_save),
        cmocka_unit_test(test_undo_not_past_a_die), cmocka_unit_test(test_odds_are_rd_chances),
        cmocka_unit_test(test_symbols),
        cmocka_unit_test(test_lines_fit),
        cmocka_unit_test(test_escort_in_words),
        cmocka_unit_test(test_target_line_measures_as_the_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
