/* The Red Die of Courage's data (RDC-DATA, RDC-SETUP): the shipped files
 * load with the rulebook's numbers, and every kind of broken file gets its
 * file:line message. Broken files are copies of the shipped rules.ini
 * patched, and a small battlefield written here, in a temporary folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/rd_data.h"
#include "testutil.h"

static RdData rd;

static void test_RDC_DATA_shipped_files_hold_the_rulebook(void **state)
{
    (void)state;
    Diags d = {0};
    bool ok = rd_data_load(SOURCE_DIR, &rd, &d);
    tu_print_diags(&d);
    assert_true(ok);
    diags_free(&d);
    const RdRules *r = &rd.rules;
    assert_int_equal(r->cell_mm, 25);
    assert_int_equal(r->min_dice, 2);
    assert_int_equal(r->success_face, 4);
    assert_int_equal(r->fiasco_ones, 2);
    assert_int_equal(r->disaster_ones, 3);
    assert_int_equal(r->disaster_red, 2);
    assert_int_equal(r->repeat_extra_dice, 1);
    assert_int_equal(r->heroic_per_activation, 1);
    assert_int_equal(r->rally_return_face, 6);
    /* the success/quality/movement table, indexed by the number of successes */
    assert_int_equal(r->nlevels, 7);
    assert_string_equal(r->level_name[1], "mere");
    assert_string_equal(r->level_name[5], "amazing");
    assert_string_equal(r->level_name[7], "epic");
    assert_int_equal(r->move_mm[1], 100);
    assert_int_equal(r->move_mm[4], 400);
    assert_int_equal(r->move_mm[5], 400); /* no more than the cap: the table lists none past 40 cm */
    assert_int_equal(r->max_move_mm, 400);
    assert_int_equal(r->nquality, 5);
    assert_string_equal(r->quality_name[1], "rabble");
    assert_string_equal(r->quality_name[4], "veteran");
    assert_int_equal(r->default_quality, 3);
    assert_int_equal(rd_quality_index(r, "elite"), 5);
    assert_int_equal(rd_quality_index(r, "hero"), -1);
    assert_int_equal(r->obstacle_mm, 50);
    assert_int_equal(r->difficult_mm, 100);
    assert_int_equal(r->slow_percent, 50);
    assert_int_equal(r->cohesion_mm, 30);
    assert_int_equal(r->min_squad, 2);
    assert_int_equal(r->max_squad, 10);
    /* weapons, range and cover */
    assert_int_equal(r->range_mm[RD_SHORT], 300);
    assert_int_equal(r->range_mm[RD_MEDIUM], 600);
    assert_int_equal(r->range_mm[RD_LONG], 1200);
    const int mods[RD_NWEAPON_ROWS][RD_NRANGES] = {
        {1, 0, -1}, {1, 0, RD_OUT_OF_RANGE}, {0, RD_OUT_OF_RANGE, RD_OUT_OF_RANGE}, {2, 1, RD_OUT_OF_RANGE}};
    for (int w = 0; w < RD_NWEAPON_ROWS; w++)
        for (int k = 0; k < RD_NRANGES; k++)
            assert_int_equal(r->weapon_mod[w][k], mods[w][k]);
    assert_int_equal(r->cover_mod[RD_COVER_NONE], 0);
    assert_int_equal(r->cover_mod[RD_COVER_LIGHT], -1);
    assert_int_equal(r->cover_mod[RD_COVER_HEAVY], -2);
    assert_int_equal(r->volley_min_soldiers, 6);
    /* assault, melee, prisoners, victory */
    assert_int_equal(r->assault_mm, 400);
    assert_int_equal(r->voice_mm, 200);
    assert_int_equal(r->surprise_mod, -1);
    assert_int_equal(r->behind_max_face, 3);
    assert_int_equal(r->melee_support_bonus, 1);
    assert_int_equal(r->defeat_flee_mm, 300);
    assert_int_equal(r->surrender_at_most, 3);
    assert_int_equal(r->surrender_ratio, 2);
    assert_int_equal(r->prisoners_per_escort, 5);
    assert_int_equal(r->vp_objective, 5);
    assert_int_equal(r->vp_soldier, 1);
    assert_int_equal(r->vp_prisoner, 2);
    assert_int_equal(r->vp_leader, 3);
    /* the tables, face by face */
    const int red[6] = {RD_FX_SKEDADDLE, RD_FX_SKEDADDLE, RD_FX_NOTHING, RD_FX_NOTHING, RD_FX_REMOVE_RED, RD_FX_HEROIC};
    const int disaster[6] = {RD_FX_CONFUSED, RD_FX_RETREAT_COVER, RD_FX_LEADER_CRISIS, RD_FX_ADD_RED, RD_FX_FLEE,
                             RD_FX_ROUT};
    const int heroic[6] = {RD_FX_FREE_MOVE, RD_FX_REMOVE_RED, RD_FX_FIRE_AGAIN, RD_FX_RECOVER_LIGHT, RD_FX_BAYONETS,
                           RD_FX_CHARGE};
    const int fire[6] = {RD_FX_DEAD, RD_FX_DEAD, RD_FX_BAD_WOUND, RD_FX_BAD_WOUND, RD_FX_LIGHT_WOUND,
                         RD_FX_LIGHT_WOUND};
    const int melee[6] = {RD_FX_DEAD, RD_FX_DEAD, RD_FX_DEAD, RD_FX_BAD_WOUND, RD_FX_BAD_WOUND, RD_FX_LIGHT_WOUND};
    for (int f = 0; f < 6; f++) {
        assert_int_equal(r->red_die.row[f].effect, red[f]);
        assert_int_equal(r->disaster.row[f].effect, disaster[f]);
        assert_int_equal(r->heroic.row[f].effect, heroic[f]);
        assert_int_equal(r->fire_loss.row[f].effect, fire[f]);
        assert_int_equal(r->melee_loss.row[f].effect, melee[f]);
        assert_true(strlen(r->fire_loss.row[f].text) > 10);
    }
    assert_int_equal(r->disaster.row[1].distance_mm, 200); /* cautious: 20 cm to cover */
    assert_int_equal(r->disaster.row[2].amount, 2);        /* doubtful: -2 successes */
    assert_int_equal(r->disaster.row[3].amount, 2);        /* hesitant: 2 red dice */
    assert_int_equal(r->disaster.row[4].distance_mm, 300); /* fearful: 30 cm, 1d6 skedaddle */
    assert_int_equal(r->disaster.row[4].dice, 1);
    assert_int_equal(r->disaster.row[5].distance_mm, 300); /* run for your life: 30 cm */
    assert_int_equal(r->heroic.row[0].distance_mm, 200);
    assert_int_equal(r->heroic.row[1].amount, 2);
    assert_int_equal(r->heroic.row[2].amount, 1);
    assert_int_equal(r->heroic.row[3].dice, 1);
    assert_int_equal(r->heroic.row[4].distance_mm, 200);
    assert_int_equal(r->heroic.row[5].distance_mm, 300);
    assert_int_equal(r->heroic.row[5].amount, 2);
    assert_int_equal(r->fire_loss.row[0].amount, 1);
    assert_int_equal(r->red_die.row[4].amount, 1);
    assert_string_equal(rd_effect_id(r->fire_loss.row[2].effect), "bad_wound");
    /* the ground: the rulebook's lists and the project's rulings */
    assert_int_equal(r->cell[RD_WOODS].cover, RD_COVER_LIGHT);
    assert_true(r->cell[RD_WOODS].difficult);
    assert_false(r->cell[RD_WOODS].blocks_fire);
    assert_true(r->cell[RD_DENSE_WOODS].blocks_fire);
    assert_true(r->cell[RD_BUILDING].blocks_fire);
    assert_false(r->cell[RD_BUILDING].impassable); /* a house is held from inside: heavy cover ([3.2.1]) */
    assert_true(r->cell[RD_BUILDING].difficult);
    assert_int_equal(r->cell[RD_BUILDING].cover, RD_COVER_HEAVY);
    assert_int_equal(r->cell[RD_ROCKS].cover, RD_COVER_HEAVY);
    assert_true(r->cell[RD_ROCKS].blocks_fire);
    assert_false(r->cell[RD_OPEN].difficult);
    assert_false(r->cell[RD_ROAD].difficult);
    assert_true(r->cell[RD_MARSH].difficult);
    assert_true(r->cell[RD_ROUGH].difficult);
    assert_int_equal(r->edge[RD_FENCE].cover, RD_COVER_LIGHT);
    assert_true(r->edge[RD_FENCE].obstacle);
    assert_int_equal(r->edge[RD_WALL].cover, RD_COVER_HEAVY);
    assert_int_equal(r->edge[RD_TRENCH].cover, RD_COVER_HEAVY);
    assert_int_equal(r->edge[RD_HEDGE].cover, RD_COVER_LIGHT);
    assert_true(r->edge[RD_STREAM].obstacle);
    assert_false(r->edge[RD_TREE_ROW].obstacle);
    assert_int_equal(r->edge[RD_TREE_ROW].cover, RD_COVER_LIGHT);
    for (int k = 0; k < RD_NEDGE_KINDS; k++)
        assert_false(r->edge[k].blocks_fire); /* walls, fences, rows of trees let fire through ([3.2]) */
    /* the battlefields, each of the rulebook's size and strength ([1.0]) */
    /* the three of the campaign among them */
    assert_true(rd_field_index(&rd, "hazel-grove") >= 0);
    assert_true(rd_field_index(&rd, "fairview") >= 0);
    assert_true(rd_field_index(&rd, "orange-turnpike") >= 0);
    for (int fi = 0; fi < rd.nfields; fi++) {
        const RdField *f = &rd.fields[fi];
        assert_true(f->w * r->cell_mm >= 1200 && f->h * r->cell_mm >= 800);
        int soldiers[RD_SIDES] = {0, 0};
        for (int s = 0; s < f->nsquads; s++) {
            soldiers[f->squads[s].side] += f->squads[s].soldiers;
            assert_true(f->squads[s].quality >= 1 && f->squads[s].quality <= r->nquality);
        }
        assert_true(soldiers[RD_UNION] >= 20 && soldiers[RD_CONFEDERATE] >= 20);
        assert_true(f->nobjectives >= 1);
        assert_int_equal(f->first_side, RD_CONFEDERATE);
        assert_true(f->length > 0);
    }
    assert_int_equal(rd_field_index(&rd, "gettysburg"), -1);
    assert_string_equal(rd_side_word(RD_CONFEDERATE), "confederate");
    assert_string_equal(rd_cell_kind_id(RD_DENSE_WOODS), "dense_woods");
    assert_string_equal(rd_edge_kind_id(RD_TREE_ROW), "tree_row");
    assert_true(rd_data_present(SOURCE_DIR));
    assert_false(rd_data_present("/nonexistent"));
}

static void test_RDC_SETUP_squads_stand_in_line_or_cloud(void **state)
{
    (void)state;
    RdSquadSetup sq = {.soldiers = 5, .col = 10, .row = 20, .line = true, .facing = 0};
    int col[RD_MAX_SQUAD_SOLDIERS], row[RD_MAX_SQUAD_SOLDIERS];
    assert_int_equal(rd_setup_cells(&sq, col, row), 5);
    const int line_cols[5] = {10, 9, 11, 8, 12}; /* the leader in the middle, side by side across the facing */
    for (int i = 0; i < 5; i++) {
        assert_int_equal(col[i], line_cols[i]);
        assert_int_equal(row[i], 20);
    }
    sq.facing = 6; /* facing west: the line runs north-south */
    rd_setup_cells(&sq, col, row);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(col[i], 10);
        assert_int_equal(row[i], 20 + line_cols[i] - 10);
    }
    sq.line = false;
    sq.soldiers = 10;
    assert_int_equal(rd_setup_cells(&sq, col, row), 10);
    for (int i = 0; i < 10; i++) { /* a block around the leader: every soldier beside another (cohesion) */
        assert_true(abs(col[i] - 10) <= 2 && abs(row[i] - 20) <= 1);
        bool beside = false;
        for (int j = 0; j < 10; j++)
            beside |= abs(col[i] - col[j]) + abs(row[i] - row[j]) == 1;
        assert_true(beside);
        for (int j = 0; j < i; j++)
            assert_false(col[i] == col[j] && row[i] == row[j]);
    }
}

/* ---- broken files ------------------------------------------------------ */

/* A small battlefield of 48 x 32 cells (120 x 80 cm): open ground with a
 * house at 20,10, two squads of ten a side, one objective. */
static void write_field(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/config/red-die/fields/test.ini", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "[field]\nname = Test\ntext = A test\nlength = 20\nfirst = confederate\nhome_union = 0\n"
               "home_confederate = 31\n\n[picture]\n");
    for (int r = 0; r < 32; r++) {
        char line[49];
        memset(line, '.', 48);
        line[48] = '\0';
        if (r == 10)
            line[20] = 'H';
        if (r == 12)
            line[5] = 't', line[6] = 'T';
        fprintf(f, "r%02d = %s\n", r, line);
    }
    fprintf(f, "\n[edges]\nfence = 10,4 10,12 20,12\nwall = 30,4 / 40,4 40,8\n");
    static const char *const squads[4][3] = {
        {"ua", "union", "10,2"}, {"ub", "union", "30,2"}, {"ca", "confederate", "10,29"}, {"cb", "confederate", "30,29"}};
    for (int i = 0; i < 4; i++)
        fprintf(f, "\n[squad:%s]\nside = %s\nname = Squad %s\nquality = regular\nweapon = rifled_musket\n"
                   "soldiers = 10\nleader = %s\nformation = line\nfacing = %s\n",
                squads[i][0], squads[i][1], squads[i][0], squads[i][2], i < 2 ? "s" : "n");
    fprintf(f, "\n[objective:house]\nname = The house\ncell = 21,10\nradius_cm = 10\npoints = 5\n");
    fclose(f);
}

/* A copy of the shipped config/red-die with the test battlefield in place of the shipped ones. */
static char *rd_copy(void)
{
    char tmpl[] = "/tmp/guv-rd-XXXXXX";
    char *dir = mkdtemp(tmpl);
    assert_non_null(dir);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/config' && cp -R '%s/config/red-die' '%s/config/' && rm '%s'/config/red-die/"
             "fields/*.ini", dir, SOURCE_DIR, dir, dir);
    assert_int_equal(system(cmd), 0);
    write_field(dir);
    return strdup(dir);
}

/* Loads a copy whose file (under config/red-die) is patched so, expecting an
 * error at the line holding line_text (NULL: line 0) that contains message. */
static void expect_error(const char *file, const char *old, const char *new_text, const char *line_text,
                         const char *message)
{
    char *dir = rd_copy();
    char rel[256];
    snprintf(rel, sizeof rel, "config/red-die/%s", file);
    tu_patch(dir, rel, old, new_text);
    int line = line_text ? tu_line_of(dir, rel, line_text) : 0;
    Diags d = {0};
    assert_false(rd_data_load(dir, &rd, &d));
    if (!tu_has_diag(&d, rel, line, message)) {
        print_message("expected %s:%d: %s\ngot:\n", rel, line, message);
        tu_print_diags(&d);
        fail();
    }
    diags_free(&d);
    tu_remove_tree(dir);
}

static void test_RDC_DATA_the_test_field_is_clean(void **state)
{
    (void)state;
    char *dir = rd_copy();
    Diags d = {0};
    bool ok = rd_data_load(dir, &rd, &d);
    tu_print_diags(&d);
    assert_true(ok);
    diags_free(&d);
    assert_int_equal(rd.nfields, 1);
    const RdField *f = &rd.fields[0];
    assert_string_equal(f->id, "test");
    assert_int_equal(f->w, 48);
    assert_int_equal(f->h, 32);
    assert_int_equal(f->cell[10][20], RD_BUILDING);
    assert_int_equal(f->cell[12][6], RD_DENSE_WOODS);
    /* fence = 10,4 10,12 20,12: the east edges of column 9 in rows 4-11, the south edges of row 11 in columns 10-19 */
    for (int r = 0; r < 32; r++)
        assert_int_equal(f->edge_e[r][9], r >= 4 && r < 12 ? RD_FENCE : RD_NO_EDGE);
    for (int c = 0; c < 48; c++)
        assert_int_equal(f->edge_s[11][c], c >= 10 && c < 20 ? RD_FENCE : RD_NO_EDGE);
    /* wall = 30,4 / 40,4 40,8: a lone point draws nothing, then the east edges of column 39 in rows 4-7 */
    assert_int_equal(f->edge_e[4][39], RD_WALL);
    assert_int_equal(f->edge_e[7][39], RD_WALL);
    assert_int_equal(f->edge_e[8][39], RD_NO_EDGE);
    assert_int_equal(f->edge_e[4][29], RD_NO_EDGE);
    assert_int_equal(f->nsquads, 4);
    assert_int_equal(f->squads[2].side, RD_CONFEDERATE);
    assert_int_equal(f->squads[2].col, 10);
    assert_int_equal(f->squads[2].row, 29);
    assert_int_equal(f->squads[2].facing, 0);
    assert_true(f->squads[2].line);
    assert_int_equal(f->squads[0].weapon, RD_RIFLED_MUSKET);
    assert_int_equal(f->squads[0].quality, 3);
    assert_int_equal(f->objectives[0].radius_mm, 100);
    assert_int_equal(f->home_row[RD_CONFEDERATE], 31);
    assert_true(rd.fingerprint != 0);
    tu_remove_tree(dir);
}

static void test_RDC_DATA_rules_errors(void **state)
{
    (void)state;
    expect_error("rules.ini", "cell_mm = 25\n", "cell_mm = 25\ncell_cm = 2\n", "cell_cm", "unknown key 'cell_cm'");
    expect_error("rules.ini", "success_face = 4", "success_face = 7", "success_face = 7", "it must be from 2 to 6");
    expect_error("rules.ini", "max_move_cm = 40", "max_move_cm = 400", "max_move_cm = 400", "from 1 to 200");
    expect_error("rules.ini", "slow_percent = 50", "slow_percent = 0", "slow_percent = 0", "it must be from 1 to 100");
    expect_error("rules.ini", "rally_return_face = 6", "rally_return_face = 7", "rally_return_face = 7",
                 "it must be from 2 to 6");
    expect_error("rules.ini", "rally_return_face = 6\n", "", NULL, "rally_return_face");
    expect_error("rules.ini", "5 = remove_red amount=1 | Second wind: one red die may leave the side's pool\n", "",
                 "[table:red_die]", "has no row for the face 5");
    expect_error("rules.ini", "3-4 = nothing", "3-5 = nothing", "5 = remove_red", "the face 5 has a row already");
    expect_error("rules.ini", "4 = add_red amount=2", "4 = add_blue amount=2", "4 = add_blue",
                 "'add_blue' is not an effect");
    expect_error("rules.ini", "4 = add_red amount=2", "4 = add_red amount=20", "4 = add_red amount=20",
                 "'amount=20' is not amount=N (0-10)");
    expect_error("rules.ini", "4 = add_red amount=2 | Hesitant", "4 = add_red amount=2 Hesitant", "4 = add_red",
                 "a row is 'EFFECT");
    expect_error("rules.ini", "6 = charge", "7 = charge", "7 = charge", "a row's key is a face (1 to 6)");
    expect_error("rules.ini", "musket = +1 0 out", "musket = +1 0", "musket = +1 0\n", "three values");
    expect_error("rules.ini", "pistol = 0 out out", "pistol = 0 far out", "pistol = 0 far out", "'far' is neither");
    expect_error("rules.ini", "default = regular", "default = conscript", "default = conscript",
                 "'conscript' is not one of the levels");
    expect_error("rules.ini", "move_cm = 10 20 30 40 40 40 40", "move_cm = 10 20 30 40", "move_cm = 10",
                 "4 numbers, one per level of success (7)");
    expect_error("rules.ini", "move_cm = 10 20 30 40 40 40 40", "move_cm = 10 50 0 90 90 90 90", "move_cm = 10",
                 "more successes never buy less movement (0 after 50)");
    expect_error("rules.ini", "2 = retreat_cover cm=20 |", "2 = retreat_cover |", "2 = retreat_cover",
                 "retreat_cover needs cm=N (more than 0)");
    expect_error("rules.ini", "6 = charge cm=30 amount=2 |", "6 = charge |", "6 = charge",
                 "charge needs amount=N cm=N (more than 0)");
    expect_error("rules.ini", "bad_then_bad = dead", "bad_then_bad = prone", "bad_then_bad = prone",
                 "bad_then_bad: light_wound, bad_wound or dead, not 'prone'");
    expect_error("rules.ini", "light_then_bad = dead\n", "", "[wounds]\nlight_then_light", "light_then_bad");
    expect_error("rules.ini", "5 = bayonets cm=20 percent=50 |", "5 = bayonets cm=20 |", "5 = bayonets",
                 "bayonets needs percent=N");
    expect_error("rules.ini", "5 = bayonets cm=20 percent=50 |", "5 = bayonets cm=20 percent=150 |", "5 = bayonets",
                 "percent=N (0-100)");
    expect_error("rules.ini", "range_cm = 30 60 120", "range_cm = 30 120 60", "range_cm = 30", "three growing distances");
    expect_error("rules.ini", "[cell:rocks]", "[cell:rock]", "[cell:rock]", "unknown section [cell:rock]");
    expect_error("rules.ini", "[cell:rocks]", "[cell:rock]", NULL, "missing section [cell:rocks]");
    expect_error("rules.ini", "name = Stone wall\ncover = heavy", "name = Stone wall\ncover = thick", "cover = thick",
                 "cover: one of none, light, heavy, not 'thick'");
    expect_error("rules.ini", "blocks_fire = yes\nimpassable = no", "blocks_fire = yes\nimpassable = maybe",
                 "impassable = maybe", "must be yes or no");
}

static void test_RDC_DATA_field_errors(void **state)
{
    (void)state;
    const char *f = "fields/test.ini";
    char row[64], bad[64];
    snprintf(row, sizeof row, "r05 = %.48s", "................................................");
    snprintf(bad, sizeof bad, "r05 = %.47s", "................................................");
    expect_error(f, row, bad, "r05", "r05 is 47 cells wide, but r00 is 48");
    snprintf(bad, sizeof bad, "r05 = ...X%.44s", "................................................");
    expect_error(f, row, bad, "r05", "r05, column 3: 'X' is not a kind of ground");
    expect_error(f, "r05 = ", "r55 = ", "[picture]", "[picture] has no row r05");
    expect_error(f, "r05 = ", "row5 = ", "row5", "unknown key 'row5'");
    /* 47 x 32 cells is 117.5 x 80 cm: too small ([1.0] a) */
    char *dir = rd_copy();
    char rel[] = "config/red-die/fields/test.ini";
    for (int r = 0; r < 32; r++) {
        snprintf(row, sizeof row, "r%02d = .", r);
        snprintf(bad, sizeof bad, "r%02d = ", r);
        tu_patch(dir, rel, row, bad);
    }
    tu_patch(dir, rel, "cb]\nside = confederate", "cb]\nside = union");
    Diags d = {0};
    assert_false(rd_data_load(dir, &rd, &d));
    assert_true(tu_has_diag(&d, rel, tu_line_of(dir, rel, "[picture]"), "47 x 32 cells (117.5 x 80 cm): at least 120 x 80"));
    diags_free(&d);
    tu_remove_tree(dir);
    expect_error(f, "fence = 10,4 10,12 20,12", "fence = 10,4 12,12", "fence", "not along a grid line");
    expect_error(f, "fence = 10,4 10,12 20,12", "fence = 10,4 10,40", "fence", "'10,40' is not a corner X,Y");
    expect_error(f, "fence = 10,4 10,12 20,12", "fence = 0,4 0,12", "fence", "runs along the field's border");
    expect_error(f, "wall = 30,4 / 40,4 40,8", "wall = 10,6 10,8", "wall", "has a fence already");
    expect_error(f, "wall = ", "moat = ", "moat", "unknown key 'moat'");
    expect_error(f, "leader = 30,2", "leader = 60,2", "leader = 60,2", "60,2 is outside the field");
    expect_error(f, "leader = 30,2", "leader = 2,2", "leader = 2,2", "its soldier at -1,2 (in line around the leader) "
                 "is outside the field");
    /* no shipped ground is closed to soldiers; data that closes houses is checked */
    dir = rd_copy();
    tu_patch(dir, "config/red-die/rules.ini", "name = Building\ncover = heavy\ndifficult = yes\nblocks_fire = yes\nimpassable = no",
             "name = Building\ncover = heavy\ndifficult = yes\nblocks_fire = yes\nimpassable = yes");
    tu_patch(dir, rel, "leader = 30,2", "leader = 20,10");
    assert_false(rd_data_load(dir, &rd, &d));
    assert_true(tu_has_diag(&d, rel, tu_line_of(dir, rel, "leader = 20,10"), "which no soldier may enter"));
    diags_free(&d);
    tu_remove_tree(dir);
    expect_error(f, "leader = 30,2", "leader = 14,2", "leader = 14,2", "stands where squad 'ua' stands");
    expect_error(f, "soldiers = 10\nleader = 30,2", "soldiers = 11\nleader = 30,2", "soldiers = 11",
                 "'soldiers' is 11; it must be from 2 to 10");
    expect_error(f, "soldiers = 10\nleader = 30,2", "soldiers = 1\nleader = 30,2", "soldiers = 1\n", "from 2 to 10");
    expect_error(f, "soldiers = 10\nleader = 30,2", "soldiers = 9\nleader = 30,2", "[field]",
                 "the union side has 19 soldiers: at least 20 ([1.0])");
    expect_error(f, "quality = regular\nweapon = rifled_musket\nsoldiers = 10\nleader = 30,2",
                 "quality = hero\nweapon = rifled_musket\nsoldiers = 10\nleader = 30,2", "quality = hero",
                 "quality: one of rabble, militia, regular, veteran, elite");
    expect_error(f, "weapon = rifled_musket\nsoldiers = 10\nleader = 30,2",
                 "weapon = cannon\nsoldiers = 10\nleader = 30,2", "weapon = cannon",
                 "weapon: one of rifled_musket, musket, pistol, not 'cannon'");
    expect_error(f, "facing = s\n\n[squad:ub]", "facing = up\n\n[squad:ub]", "facing = up", "facing: one of n, ne");
    expect_error(f, "cell = 21,10", "cell = 48,10", "cell = 48,10", "48,10 is outside the field");
    expect_error(f, "side = union\nname = Squad ub", "side = prussia\nname = Squad ub", "side = prussia",
                 "side: one of union, confederate");
    expect_error(f, "home_confederate = 31", "home_confederate = 40", "home_confederate = 40", "outside the field");
    expect_error(f, "length = 20", "length = 0", "length = 0", "from 1 to 1000");
    expect_error(f, "[squad:ua]", "[squad:UA]", "[squad:UA]", "not a valid id");
}

static void test_RDC_DATA_missing_files(void **state)
{
    (void)state;
    char *dir = rd_copy();
    char path[4096];
    snprintf(path, sizeof path, "%s/config/red-die/fields/test.ini", dir);
    assert_int_equal(remove(path), 0);
    Diags d = {0};
    assert_false(rd_data_load(dir, &rd, &d));
    assert_true(tu_has_diag(&d, "config/red-die/fields", 0, "no battlefield"));
    diags_free(&d);
    snprintf(path, sizeof path, "%s/config/red-die/rules.ini", dir);
    assert_int_equal(remove(path), 0);
    assert_false(rd_data_load(dir, &rd, &d));
    assert_string_equal(d.items[0].file, "config/red-die/rules.ini");
    diags_free(&d);
    tu_remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_RDC_DATA_shipped_files_hold_the_rulebook),
        cmocka_unit_test(test_RDC_SETUP_squads_stand_in_line_or_cloud),
        cmocka_unit_test(test_RDC_DATA_the_test_field_is_clean),
        cmocka_unit_test(test_RDC_DATA_rules_errors),
        cmocka_unit_test(test_RDC_DATA_field_errors),
        cmocka_unit_test(test_RDC_DATA_missing_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
