/* The Red Die of Courage's geometry (RDC-GRID, RDC-MOVE, RDC-LOF,
 * RDC-COVER; docs/rulings.md): the tape measure between cell centres, what
 * a move costs, the line of fire and cover, the unit rule, and the
 * rulebook's two worked examples (John's move into the wood, James firing
 * at Albert's veterans behind the fence). Fields are drawn here, on the
 * shipped rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "red_die/geometry.h"
#include "testutil.h"
#include "under_valgrind.h"

static RdData rd;
static RdField field;
static int cost[RD_MAX_H][RD_MAX_W];

static const RdRules *rules(void)
{
    static bool loaded;
    if (!loaded) {
        Diags d = {0};
        bool ok = rd_data_load(SOURCE_DIR, &rd, &d);
        tu_print_diags(&d);
        assert_true(ok);
        diags_free(&d);
        loaded = true;
    }
    return &rd.rules;
}

/* An open field of w x h cells without obstacles. */
static RdField *blank(int w, int h)
{
    memset(&field, 0, sizeof field);
    field.w = w;
    field.h = h;
    return &field;
}

static RdCell at(int col, int row) { return (RdCell){(int8_t)col, (int8_t)row}; }

/* Successes among the dice, and their 1s. */
static int successes(const RdRules *r, const int *dice, int n, int *ones)
{
    int s = 0;
    *ones = 0;
    for (int i = 0; i < n; i++) {
        s += dice[i] >= r->success_face;
        *ones += dice[i] == 1;
    }
    return s;
}

static void test_RDC_GRID_distances_between_cell_centres(void **state)
{
    (void)state;
    const RdRules *r = rules();
    assert_int_equal(r->cell_mm, 25);
    /* 30 cm orthogonal is 12 cells */
    assert_int_equal(rd_distance_mm(r, at(0, 0), at(12, 0)), 300);
    assert_int_equal(rd_distance_mm(r, at(5, 20), at(5, 8)), 300);
    assert_true(rd_within(r, at(0, 0), at(12, 0), 300));
    assert_false(rd_within(r, at(0, 0), at(12, 0), 299));
    assert_false(rd_within(r, at(0, 0), at(13, 0), 300));
    /* a 3-4-5 triangle is exact; a corner step 35.36 mm, a knight's step 55.90 */
    assert_int_equal(rd_distance_mm(r, at(0, 0), at(3, 4)), 125);
    assert_true(rd_within(r, at(0, 0), at(3, 4), 125));
    assert_false(rd_within(r, at(0, 0), at(3, 4), 124));
    assert_int_equal(rd_distance_mm(r, at(0, 0), at(1, 1)), 35);
    assert_false(rd_within(r, at(0, 0), at(1, 1), 35));
    assert_true(rd_within(r, at(0, 0), at(1, 1), 36));
    assert_int_equal(rd_distance_mm(r, at(0, 0), at(2, 1)), 56);
    /* cohesion (3 cm): side by side yes, corner to corner no */
    assert_true(rd_within(r, at(4, 4), at(5, 4), r->cohesion_mm));
    assert_false(rd_within(r, at(4, 4), at(5, 5), r->cohesion_mm));
    /* the whole table: 25 * sqrt(79^2 + 55^2) = 2406.505 */
    assert_int_equal(rd_distance_mm(r, at(0, 0), at(79, 55)), 2407);
    assert_int_equal(rd_distance_mm(r, at(7, 7), at(7, 7)), 0);
    assert_true(rd_within(r, at(7, 7), at(7, 7), 0));
    assert_false(rd_within(r, at(7, 7), at(7, 7), -1));
    RdField *f = blank(48, 32);
    assert_true(rd_on_field(f, at(0, 0)));
    assert_true(rd_on_field(f, at(47, 31)));
    assert_false(rd_on_field(f, at(48, 0)));
    assert_false(rd_on_field(f, at(0, -1)));
}

static void test_RDC_MOVE_straight_obstacles_and_difficult_ground(void **state)
{
    (void)state;
    const RdRules *r = rules();
    RdField *f = blank(48, 32);
    rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][10], 0);
    assert_int_equal(cost[10][22], 300);
    assert_int_equal(cost[14][13], 125);
    assert_int_equal(cost[0][0], rd_distance_mm(r, at(10, 10), at(0, 0)));
    assert_int_equal(cost[40][0], -1); /* off the field */
    /* a fence across the way: + 5 cm; a second one: + 5 cm more */
    for (int row = 0; row < 32; row++)
        f->edge_e[row][15] = RD_FENCE, f->edge_e[row][18] = RD_WALL;
    rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][15], 125);
    assert_int_equal(cost[10][16], 150 + 50);
    assert_int_equal(cost[10][22], 300 + 2 * 50);
    assert_int_equal(cost[10][5], 125); /* behind him: nothing crossed */
    /* a row of trees is no obstacle */
    for (int row = 0; row < 32; row++)
        f->edge_e[row][15] = RD_TREE_ROW, f->edge_e[row][18] = RD_NO_EDGE;
    rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][22], 300);
    /* woods from column 20: moving through them costs 10 cm, once; stopping in their first cell
     * is not moving through them (John's example: the wood 30 cm off is reached with 30 cm) */
    f = blank(48, 32);
    for (int row = 0; row < 32; row++)
        for (int col = 20; col < 48; col++)
            f->cell[row][col] = RD_WOODS;
    rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][19], 225);
    assert_int_equal(cost[10][20], 250);
    assert_int_equal(cost[10][21], 275 + 100);
    assert_int_equal(cost[10][30], 500 + 100);
    /* within the woods every move pays; leaving them does not */
    rd_move_costs(f, r, at(20, 10), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][25], 125 + 100);
    assert_int_equal(cost[10][15], 125);
    rd_move_costs(f, r, at(21, 10), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][15], 150 + 100); /* through the wood's last cell on the way out */
    /* marsh, rough ground, bush, rocks are difficult too; a road is not */
    const int kinds[6] = {RD_MARSH, RD_ROUGH, RD_BUSH, RD_ROCKS, RD_DENSE_WOODS, RD_BUILDING};
    for (int k = 0; k < 6; k++) {
        f = blank(48, 32);
        for (int row = 0; row < 32; row++) /* a band across the whole field: no way round it */
            f->cell[row][14] = (uint8_t)kinds[k];
        rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
        assert_int_equal(cost[10][18], 200 + 100);
    }
    /* one bush on the straight way: he walks round it, as a player would (the audit's case) */
    f = blank(48, 32);
    f->cell[10][14] = RD_BUSH;
    rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
    assert_true(cost[10][18] < 200 + 100);
    assert_true(cost[10][18] > 200);
    assert_int_equal(cost[10][18], 212); /* 10,10 -> 12,9 -> 14,9 -> 16,9 -> 18,10: 2 x 55.9 + 2 x 50 */
    /* the end of a fence: round it when that is shorter than the 5 cm */
    f = blank(48, 32);
    f->edge_e[10][14] = RD_FENCE;
    rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
    assert_true(cost[10][18] < 200 + 50);
    f = blank(48, 32);
    f->cell[10][14] = RD_ROAD;
    rd_move_costs(f, r, at(10, 10), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][18], 200);
}

static void test_RDC_MOVE_the_way_around(void **state)
{
    (void)state;
    /* the shipped houses are held from inside (heavy cover); data may close a kind of ground
     * to soldiers, and then the way goes round it: such rules here */
    static RdRules closed;
    closed = *rules();
    closed.cell[RD_BUILDING].impassable = true;
    const RdRules *r = &closed;
    RdField *f = blank(48, 32);
    f->cell[5][2] = RD_BUILDING;
    rd_move_costs(f, r, at(0, 5), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[5][2], -1); /* no soldier enters a building */
    /* around the house: two knight's steps, 0,5 -> 2,4 -> 4,5: 2 x 25 x sqrt(5) = 111.8 */
    assert_int_equal(cost[5][4], 112);
    assert_int_equal(cost[5][1], 25);
    assert_int_equal(cost[3][4], rd_distance_mm(r, at(0, 5), at(4, 3))); /* straight: the house is not on it */
    assert_int_equal(cost[4][4], 106); /* the straight line clips the house: 0,5 -> 2,4 -> 4,4 */
    /* a cell the leader may not pass (an enemy soldier) is gone round the same way */
    f = blank(48, 32);
    static bool blocked[RD_MAX_H][RD_MAX_W];
    memset(blocked, 0, sizeof blocked);
    blocked[5][2] = true;
    rd_move_costs(f, r, at(0, 5), (const bool (*)[RD_MAX_W])blocked, RD_UNLIMITED, cost);
    assert_int_equal(cost[5][2], -1);
    assert_int_equal(cost[5][4], 112);
    /* a cell closed in by buildings cannot be reached */
    f = blank(48, 32);
    for (int dc = -1; dc <= 1; dc++)
        for (int dr = -1; dr <= 1; dr++)
            if (dc || dr)
                f->cell[20 + dr][20 + dc] = RD_BUILDING;
    rd_move_costs(f, r, at(0, 5), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[20][20], -1);
    assert_true(cost[20][23] > rd_distance_mm(r, at(0, 5), at(20, 23)));
    /* two houses touching at a corner: no way between them; round them in three corner steps */
    f = blank(48, 32);
    f->cell[4][5] = f->cell[5][4] = RD_BUILDING;
    rd_move_costs(f, r, at(4, 4), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[5][5], 106); /* 4,4 -> 5,3 -> 6,4 -> 5,5: 3 x 35.36 */
    /* one house only: the corner step goes by the other side */
    f->cell[5][4] = RD_OPEN;
    rd_move_costs(f, r, at(4, 4), NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[5][5], 35);
    /* the way round a wall of houses that pays for the woods behind it once */
    f = blank(48, 32);
    for (int row = 0; row < 20; row++)
        f->cell[row][10] = RD_BUILDING;
    for (int row = 0; row < 32; row++)
        for (int col = 12; col < 48; col++)
            f->cell[row][col] = RD_WOODS;
    rd_move_costs(f, r, at(5, 5), NULL, RD_UNLIMITED, cost);
    int straight_round = cost[5][14];
    assert_true(straight_round > rd_distance_mm(r, at(5, 5), at(14, 5)) + r->difficult_mm);
    assert_true(straight_round < 2 * rd_distance_mm(r, at(5, 5), at(14, 5)) + 2 * 375 + r->difficult_mm);
}

static void test_RDC_LOF_what_blocks_fire(void **state)
{
    (void)state;
    const RdRules *r = rules();
    RdField *f = blank(48, 32);
    assert_true(rd_sees(f, r, at(10, 10), at(30, 20)));
    const int blocking[3] = {RD_BUILDING, RD_ROCKS, RD_DENSE_WOODS};
    for (int k = 0; k < 3; k++) {
        f = blank(48, 32);
        f->cell[10][20] = (uint8_t)blocking[k];
        assert_false(rd_sees(f, r, at(10, 10), at(30, 10)));
        assert_false(rd_sees(f, r, at(30, 10), at(10, 10)));
        assert_true(rd_sees(f, r, at(10, 11), at(30, 11)));
        /* the ends do not block: a soldier in the thicket is seen, and sees out */
        assert_true(rd_sees(f, r, at(10, 10), at(20, 10)));
        assert_true(rd_sees(f, r, at(20, 10), at(30, 10)));
    }
    const int through[6] = {RD_WOODS, RD_BUSH, RD_MARSH, RD_ROUGH, RD_ROAD, RD_OPEN};
    for (int k = 0; k < 6; k++) {
        f = blank(48, 32);
        f->cell[10][20] = (uint8_t)through[k];
        assert_true(rd_sees(f, r, at(10, 10), at(30, 10)));
    }
    for (int e = RD_NO_EDGE + 1; e < RD_NEDGE_KINDS; e++) { /* walls, fences, rows of trees... let fire through */
        f = blank(48, 32);
        f->edge_e[10][20] = (uint8_t)e;
        assert_true(rd_sees(f, r, at(10, 10), at(30, 10)));
    }
    /* a knight's step crosses the two cells between: 0,0 -> 2,1 passes 1,0 and 1,1 */
    f = blank(48, 32);
    f->cell[0][1] = RD_BUILDING;
    assert_false(rd_sees(f, r, at(0, 0), at(2, 1)));
    f = blank(48, 32);
    f->cell[1][1] = RD_BUILDING;
    assert_false(rd_sees(f, r, at(0, 0), at(2, 1)));
    f = blank(48, 32);
    f->cell[1][0] = f->cell[0][2] = RD_BUILDING;
    assert_true(rd_sees(f, r, at(0, 0), at(2, 1)));
    /* through a corner: blocked only when both sides are (a hair to either side of the corner) */
    f = blank(48, 32);
    f->cell[4][5] = RD_BUILDING;
    assert_true(rd_sees(f, r, at(4, 4), at(5, 5)));
    assert_true(rd_sees(f, r, at(2, 2), at(8, 8)));
    f->cell[5][4] = RD_BUILDING;
    assert_false(rd_sees(f, r, at(4, 4), at(5, 5)));
    assert_false(rd_sees(f, r, at(2, 2), at(8, 8)));
    /* the side is the same at every corner: houses on both sides at two corners of a diagonal */
    f = blank(48, 32);
    f->cell[2][3] = RD_BUILDING; /* at the corner 3,3: the side crossing the column line first */
    f->cell[5][4] = RD_BUILDING; /* at the corner 5,5: the side crossing the row line first */
    assert_false(rd_sees(f, r, at(2, 2), at(6, 6)));
    assert_false(rd_sees(f, r, at(2, 2), at(48, 6)));
}

/* A man right behind a long fence or wall is behind it against fire at a slant too: the line
 * crosses the obstacle beside him and enters his cell by its side (the audit h48: from more
 * than 45 degrees off he had no cover). The works must run unbroken from the crossing to his
 * own side; an obstacle along a side that does not face the firer gives nothing, nor another
 * stretch elsewhere (audit h49). */
static void test_RDC_COVER_a_long_fence_shot_across_at_a_slant(void **state)
{
    (void)state;
    const RdRules *r = rules();
    RdField *f = blank(48, 32);
    for (int c = 1; c < 47; c++)
        f->edge_s[9][c] = RD_FENCE; /* along the north side of row 10 */
    int firers[][2] = {{20, 2}, {25, 5}, {26, 5}, {30, 5}, {40, 7}, {30, 9}, {12, 4}};
    for (unsigned i = 0; i < sizeof firers / sizeof firers[0]; i++)
        assert_int_equal(rd_cover(f, r, at(firers[i][0], firers[i][1]), at(20, 10)), RD_COVER_LIGHT);
    for (int c = 1; c < 47; c++)
        f->edge_s[9][c] = RD_WALL;
    assert_int_equal(rd_cover(f, r, at(30, 9), at(20, 10)), RD_COVER_HEAVY);
    /* from the same row (the fence's side does not face him), or from south of it: none */
    assert_int_equal(rd_cover(f, r, at(30, 10), at(20, 10)), RD_COVER_NONE);
    assert_int_equal(rd_cover(f, r, at(30, 14), at(20, 10)), RD_COVER_NONE);
    /* a short stretch that ends beside him: the line from far east passes north of its end,
     * crossing no wall, and he has none */
    f = blank(48, 32);
    for (int c = 18; c <= 20; c++)
        f->edge_s[9][c] = RD_WALL;
    assert_int_equal(rd_cover(f, r, at(40, 2), at(20, 10)), RD_COVER_NONE);
    assert_int_equal(rd_cover(f, r, at(20, 2), at(20, 10)), RD_COVER_HEAVY);
    /* ... nor does another stretch of wall the line crosses near the firer (audit h49) */
    for (int c = 30; c <= 44; c++)
        f->edge_s[3][c] = RD_WALL;
    assert_int_equal(rd_cover(f, r, at(40, 2), at(20, 10)), RD_COVER_NONE);
    /* a one-cell fence on his north side and a fence running north-south ten cells east: the
     * line crosses the second, not his, and he has none */
    f = blank(48, 32);
    f->edge_s[9][20] = RD_FENCE;
    for (int row = 0; row < 32; row++)
        f->edge_e[row][30] = RD_FENCE;
    assert_int_equal(rd_cover(f, r, at(40, 5), at(20, 10)), RD_COVER_NONE);
    /* his fence running on as a wall beside him: unbroken works, his fence's cover */
    for (int c = 21; c <= 30; c++)
        f->edge_s[9][c] = RD_WALL;
    assert_int_equal(rd_cover(f, r, at(30, 9), at(20, 10)), RD_COVER_LIGHT);
}

static void test_RDC_COVER_own_cell_and_the_edge_crossed(void **state)
{
    (void)state;
    const RdRules *r = rules();
    RdField *f = blank(48, 32);
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_NONE);
    /* behind a fence (the edge on the side the fire comes from) */
    f->edge_s[24][10] = RD_FENCE;
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_LIGHT);
    assert_int_equal(rd_cover(f, r, at(4, 5), at(10, 25)), RD_COVER_LIGHT);
    /* shot from behind, the fence does not cover him; one cell back from it neither */
    assert_int_equal(rd_cover(f, r, at(10, 30), at(10, 25)), RD_COVER_NONE);
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 26)), RD_COVER_NONE);
    /* the highest only: woods behind a wall are heavy cover, not heavier */
    f->edge_s[24][10] = RD_WALL;
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_HEAVY);
    f->cell[25][10] = RD_WOODS;
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_HEAVY);
    f->edge_s[24][10] = RD_TREE_ROW;
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_LIGHT);
    f->edge_s[24][10] = RD_TRENCH;
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_HEAVY);
    f->edge_s[24][10] = RD_STREAM;
    f->cell[25][10] = RD_OPEN;
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_NONE);
    f->cell[25][10] = RD_ROCKS;
    assert_int_equal(rd_cover(f, r, at(10, 5), at(10, 25)), RD_COVER_HEAVY);
    /* fired at through his corner, he is behind an obstacle on either of the two sides facing
     * the firer: a fence along his north side covers him from the north-west as it does from
     * the north (the audit's case: a diagonal shot went by the fence-free side) */
    f = blank(48, 32);
    f->edge_s[4][5] = RD_FENCE; /* on 5,5's north side */
    assert_int_equal(rd_cover(f, r, at(2, 2), at(5, 5)), RD_COVER_LIGHT);
    assert_int_equal(rd_cover(f, r, at(5, 0), at(5, 5)), RD_COVER_LIGHT);
    f->edge_s[4][5] = RD_TRENCH;
    assert_int_equal(rd_cover(f, r, at(2, 2), at(5, 5)), RD_COVER_HEAVY);
    f->edge_s[4][5] = RD_FENCE;
    f->edge_e[5][4] = RD_FENCE; /* and on its west side */
    assert_int_equal(rd_cover(f, r, at(2, 2), at(5, 5)), RD_COVER_LIGHT);
    /* a fence one cell over, on the line's other reading, is no cover */
    f = blank(48, 32);
    f->edge_s[3][4] = RD_FENCE; /* 4,4's south side: crossed only by a reading that then enters 5,5 from the west */
    assert_int_equal(rd_cover(f, r, at(2, 2), at(5, 5)), RD_COVER_NONE);
    /* ... and when one reading is blocked, the fire comes by the other alone */
    f = blank(48, 32);
    f->edge_s[4][5] = RD_FENCE;
    f->cell[5][4] = RD_BUILDING;
    assert_int_equal(rd_cover(f, r, at(2, 2), at(5, 5)), RD_COVER_LIGHT);
    /* a soldier in a house has its heavy cover */
    f = blank(48, 32);
    f->cell[20][20] = RD_BUILDING;
    assert_true(rd_sees(f, r, at(5, 20), at(20, 20)));
    assert_int_equal(rd_cover(f, r, at(5, 20), at(20, 20)), RD_COVER_HEAVY);
}

static void test_RDC_LOF_half_plus_one_see_half_plus_one(void **state)
{
    (void)state;
    const RdRules *r = rules();
    RdField *f = blank(48, 32);
    for (int col = 0; col < 10; col++) /* a row of houses on the left of row 10 */
        f->cell[10][col] = RD_BUILDING;
    RdCell targets[4] = {at(12, 15), at(13, 15), at(14, 15), at(2, 15)};
    RdCell firers[3] = {at(5, 5), at(15, 5), at(16, 5)};
    /* each firer on the right sees 3 of the 4 targets (4/2+1), the one on the left none */
    for (int i = 0; i < 3; i++) {
        int seen = 0;
        for (int j = 0; j < 4; j++)
            seen += rd_sees(f, r, firers[i], targets[j]);
        assert_int_equal(seen, i == 0 ? 0 : 3);
    }
    assert_true(rd_unit_sees(f, r, firers, 3, targets, 4)); /* 2 of 3 firers (3/2+1) */
    firers[2] = at(3, 5);
    assert_false(rd_unit_sees(f, r, firers, 3, targets, 4));
    assert_true(rd_unit_sees(f, r, firers + 1, 1, targets, 3));
    assert_false(rd_unit_sees(f, r, firers + 1, 1, targets + 2, 2)); /* 1 of 2 is not 2/2+1 */
    assert_false(rd_unit_sees(f, r, firers, 0, targets, 4));
}

/* [3.1] John's squad stands in open ground, its leader 30 cm from a wood. */
static void test_RDC_MOVE_worked_example_john_into_the_wood(void **state)
{
    (void)state;
    const RdRules *r = rules();
    RdField *f = blank(48, 32);
    for (int row = 0; row < 32; row++)
        for (int col = 22; col < 48; col++)
            f->cell[row][col] = RD_WOODS;
    RdCell leader = at(10, 10), wood = at(22, 10);
    assert_int_equal(rd_distance_mm(r, leader, wood), 300);
    rd_move_costs(f, r, leader, NULL, RD_UNLIMITED, cost);
    assert_int_equal(cost[10][21], 275);                     /* 30 cm of open ground and less: no penalty */
    assert_int_equal(cost[10][22], 300);                     /* into the wood: he has not moved through it */
    assert_int_equal(cost[10][23], 325 + r->difficult_mm); /* on through it: 10 cm more */
    /* 30 cm needs 3 successes; he rolls six dice: 1,3,4,5,5,6 */
    assert_int_equal(r->move_mm[3], 300);
    assert_true(cost[10][22] <= r->move_mm[3]);
    int ones, roll[6] = {1, 3, 4, 5, 5, 6};
    int s = successes(r, roll, 6, &ones);
    assert_int_equal(s, 4);
    assert_string_equal(r->level_name[s], "excellent");
    assert_true(ones < r->fiasco_ones);
    int reach = r->move_mm[s] < r->max_move_mm ? r->move_mm[s] : r->max_move_mm;
    assert_int_equal(reach, 400);
    assert_true(cost[10][22] <= reach); /* "more than enough to reach the wood" */
    assert_true(cost[10][23] > reach);
    /* with 1,1,3,5,5,6 it would have been a fiasco */
    int fiasco[6] = {1, 1, 3, 5, 5, 6};
    successes(r, fiasco, 6, &ones);
    assert_true(ones >= r->fiasco_ones && ones < r->disaster_ones);
}

/* [3.2.2] James's regulars (rifles) fire at Albert's veterans, 50 cm away behind a fence. */
static void test_RDC_LOF_worked_example_james_and_albert_behind_the_fence(void **state)
{
    (void)state;
    const RdRules *r = rules();
    RdField *f = blank(48, 32);
    for (int col = 0; col < 48; col++)
        f->edge_s[24][col] = RD_FENCE;
    RdCell james[8], albert[6];
    for (int i = 0; i < 8; i++)
        james[i] = at(6 + i, 5);
    for (int i = 0; i < 6; i++)
        albert[i] = at(7 + i, 25);
    assert_int_equal(rd_distance_mm(r, james[4], at(10, 25)), 500);
    assert_true(rd_unit_sees(f, r, james, 8, albert, 6)); /* the fence lets fire through */
    /* medium range: over 30 cm, within 60 */
    assert_false(rd_within(r, james[4], at(10, 25), r->range_mm[RD_SHORT]));
    assert_true(rd_within(r, james[4], at(10, 25), r->range_mm[RD_MEDIUM]));
    assert_int_equal(r->weapon_mod[RD_RIFLED_MUSKET][RD_MEDIUM], 0);
    /* light cover: one success fewer */
    int cover = rd_cover(f, r, james[4], at(10, 25));
    assert_int_equal(cover, RD_COVER_LIGHT);
    int veteran = rd_quality_index(r, "veteran");
    assert_int_equal(veteran, 4);
    int needed = veteran - r->cover_mod[cover] - r->weapon_mod[RD_RIFLED_MUSKET][RD_MEDIUM];
    assert_int_equal(needed, 5); /* "James needs at least 5 successes to make a loss" */
    int ones, roll[9] = {1, 2, 2, 3, 4, 5, 5, 5, 6};
    assert_int_equal(successes(r, roll, 9, &ones), 5);
    assert_true(ones < r->fiasco_ones);
    /* a 4 on the fire loss table: badly wounded, a red die for Albert */
    assert_int_equal(r->fire_loss.row[4 - 1].effect, RD_FX_BAD_WOUND);
    assert_int_equal(r->fire_loss.row[4 - 1].amount, 1);
    /* again with 10 dice (the same action again: one die added): 1,1,1,2,3,4,4,4,6,6 is a disaster */
    assert_int_equal(r->repeat_extra_dice, 1);
    int again[10] = {1, 1, 1, 2, 3, 4, 4, 4, 6, 6};
    assert_int_equal(successes(r, again, 10, &ones), 5);
    assert_true(ones >= r->disaster_ones);
    assert_int_equal(r->disaster_red, 2);
    /* a 2 on the disaster table: 20 cm back to the nearest cover */
    assert_int_equal(r->disaster.row[2 - 1].effect, RD_FX_RETREAT_COVER);
    assert_int_equal(r->disaster.row[2 - 1].distance_mm, 200);
}

/* The bound changes nothing within it: every cell the unbounded search
 * prices at the limit or less has that price, every other cell -1; on the
 * shipped battlefields and on random ones (every kind of cell and edge
 * scattered, enemy soldiers in the way), at the limits the game asks for
 * (0, a step, the 20 and 30 cm retreats, the 40 cm move and assault). */
static unsigned next_random(unsigned *x)
{
    *x = *x * 1103515245u + 12345u;
    return (*x >> 16) & 0x7fff;
}

static void check_bounded(const RdField *f, const RdRules *r, RdCell from, const bool (*blocked)[RD_MAX_W],
                          int *checked)
{
    static int whole[RD_MAX_H][RD_MAX_W];
    static const int limits[] = {0, 25, 60, 200, 300, 400, 550};
    rd_move_costs(f, r, from, blocked, RD_UNLIMITED, whole);
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
        rd_move_costs(f, r, from, blocked, limits[k], cost);
        for (int row = 0; row < RD_MAX_H; row++)
            for (int col = 0; col < RD_MAX_W; col++) {
                int want = whole[row][col] >= 0 && whole[row][col] <= limits[k] ? whole[row][col] : -1;
                if (cost[row][col] != want)
                    fail_msg("from (%d,%d), limit %d mm: cell (%d,%d) costs %d, unbounded %d", from.col, from.row,
                             limits[k], col, row, cost[row][col], whole[row][col]);
                *checked += want > 0;
            }
    }
}

static void test_RDC_MOVE_bounded_search_agrees_with_the_whole_field(void **state)
{
    (void)state;
    const RdRules *r = rules();
    static bool blocked[RD_MAX_H][RD_MAX_W];
    unsigned x = 18;
    int checked = 0, detours = 0;
    /* each unbounded search prices the whole field: fewer of them under valgrind */
    int cells = tu_under_valgrind() ? 1 : 3, fields = tu_under_valgrind() ? 4 : 12;
    for (int fi = 0; fi < rd.nfields; fi++) {
        const RdField *f = &rd.fields[fi];
        for (int k = 0; k < cells; k++) {
            RdCell from = at((int)(next_random(&x) % (unsigned)f->w), (int)(next_random(&x) % (unsigned)f->h));
            memset(blocked, 0, sizeof blocked);
            for (int b = 0; b < 12; b++)
                blocked[next_random(&x) % (unsigned)f->h][next_random(&x) % (unsigned)f->w] = true;
            blocked[from.row][from.col] = false;
            check_bounded(f, r, from, k % 2 ? NULL : (const bool(*)[RD_MAX_W])blocked, &checked);
        }
    }
    for (int n = 0; n < fields; n++) {
        RdField *f = blank(28 + (int)(next_random(&x) % 12), 20 + (int)(next_random(&x) % 8));
        for (int row = 0; row < f->h; row++)
            for (int col = 0; col < f->w; col++) {
                if (next_random(&x) % 5 == 0)
                    f->cell[row][col] = (uint8_t)(next_random(&x) % RD_NCELL_KINDS);
                if (next_random(&x) % 6 == 0)
                    f->edge_e[row][col] = (uint8_t)(next_random(&x) % RD_NEDGE_KINDS);
                if (next_random(&x) % 6 == 0)
                    f->edge_s[row][col] = (uint8_t)(next_random(&x) % RD_NEDGE_KINDS);
            }
        RdCell from = at(f->w / 2 + (int)(next_random(&x) % 7) - 3, f->h / 2 + (int)(next_random(&x) % 7) - 3);
        f->cell[from.row][from.col] = RD_OPEN;
        memset(blocked, 0, sizeof blocked);
        for (int b = 0; b < 8; b++)
            blocked[next_random(&x) % (unsigned)f->h][next_random(&x) % (unsigned)f->w] = true;
        blocked[from.row][from.col] = false;
        check_bounded(f, r, from, (const bool(*)[RD_MAX_W])blocked, &checked);
        /* the random fields do make the search go round: some cell within 40 cm costs more than its distance */
        for (int row = 0; row < f->h; row++)
            for (int col = 0; col < f->w; col++)
                detours += cost[row][col] > rd_distance_mm(r, from, at(col, row));
    }
    if (getenv("RD_COUNTS"))
        printf("%d cells checked, %d detours\n", checked, detours);
    assert_true(checked > 8000);
    assert_true(detours > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_RDC_GRID_distances_between_cell_centres),
        cmocka_unit_test(test_RDC_MOVE_straight_obstacles_and_difficult_ground),
        cmocka_unit_test(test_RDC_MOVE_the_way_around),
        cmocka_unit_test(test_RDC_MOVE_bounded_search_agrees_with_the_whole_field),
        cmocka_unit_test(test_RDC_LOF_what_blocks_fire),
        cmocka_unit_test(test_RDC_COVER_own_cell_and_the_edge_crossed),
        cmocka_unit_test(test_RDC_COVER_a_long_fence_shot_across_at_a_slant),
        cmocka_unit_test(test_RDC_LOF_half_plus_one_see_half_plus_one),
        cmocka_unit_test(test_RDC_MOVE_worked_example_john_into_the_wood),
        cmocka_unit_test(test_RDC_LOF_worked_example_james_and_albert_behind_the_fence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
