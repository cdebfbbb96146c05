/* Movement costs and reach (MOVE-BASIC, MOVE-CONTACT, ROADS, RAIN, RIVERS,
 * MINOR-RIVERS, PONTOON-BUILD crossing), on the test map with hand-checked
 * costs and on the campaign map. Costs are in half movement points. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/move.h"
#include "testutil.h"

static GameData mini, full;

static int setup(void **state)
{
    (void)state;
    Diags d = {0};
    bool ok = gamedata_load(MINI_DIR, &mini, &d) && gamedata_load(SOURCE_DIR, &full, &d);
    if (!ok)
        tu_print_diags(&d);
    diags_free(&d);
    return ok ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    gamedata_free(&mini);
    gamedata_free(&full);
    return 0;
}

static int cost(const MoveContext *ctx, const char *from, const char *to, int mp, bool *road_only)
{
    MoveReach r;
    assert_true(move_reach(ctx, tu_hex(from), mp, &r));
    bool ro = false;
    int c = move_cost_to(&r, tu_hex(to), &ro);
    if (road_only)
        *road_only = ro;
    move_reach_free(&r);
    return c;
}

static void test_roads_ignore_terrain_and_major_roads_are_cheaper(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &mini};
    bool ro;
    /* 0304 sits in a swamp nobody may enter, but two roads run through it. */
    assert_int_equal(cost(&ctx, "0304", "0404", 4, &ro), 1); /* major road: half a point */
    assert_true(ro);
    assert_int_equal(cost(&ctx, "0304", "0604", 4, &ro), 3); /* three hexes: 1.5 MP (rulebook example) */
    assert_int_equal(cost(&ctx, "0304", "0303", 4, &ro), 2); /* minor road into woods: 1 MP */
    assert_true(ro);
    /* Off the road: woods 2 MP. */
    assert_int_equal(cost(&ctx, "0304", "0203", 4, &ro), 4);
    assert_false(ro);
    /* Swamp is closed to movement off the road. */
    bool by_road;
    assert_int_equal(move_step_cost(&ctx, tu_hex("0203"), DIR_SE, &by_road), COST_NO);
    assert_int_equal(move_step_cost(&ctx, tu_hex("0204"), DIR_NE, &by_road), 1);
    assert_true(by_road);
    /* The railroad is drawn but not a road for movement. */
    assert_int_equal(move_step_cost(&ctx, tu_hex("0605"), DIR_N, &by_road), 2);
    assert_false(by_road);
}

static void test_road_bonus_only_when_wholly_by_road(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &mini};
    bool ro;
    /* 0304 -> 0303 (road 1) -> ford (+2, road 1) -> 0301 (road 1) = 5 MP:
     * beyond 4 MP, within 4 + 1 because every step was by road. */
    assert_int_equal(cost(&ctx, "0304", "0301", 4, &ro), 10);
    assert_true(ro);
    /* With 3 MP even the bonus is not enough. */
    assert_int_equal(cost(&ctx, "0304", "0301", 3, &ro), MOVE_UNREACHED);
    /* A unit that left the road has only its own 4 MP: 0203 (woods, 2) then
     * 0303 by no road... 0203 -> 0303 is woods again (2): 4 MP spent. */
    assert_int_equal(cost(&ctx, "0203", "0303", 4, &ro), 4);
    assert_false(ro);
    /* From 0103 (clear, no road) to 0104 (clear) then along the pike to 0604:
     * 1 + 2.5 = 3.5 MP, not wholly by road, still within 4. */
    assert_int_equal(cost(&ctx, "0103", "0604", 4, &ro), 7);
    assert_false(ro);
    assert_int_equal(cost(&ctx, "0103", "0605", 4, &ro), MOVE_UNREACHED); /* 4.5 MP: no bonus */
    /* A reach in MP that is a distance, not a move (SUPPLY's 6 MP, AI-PROXIMITY)
     * has no road bonus: the 5 MP road is beyond 4. */
    ctx.no_road_bonus = true;
    assert_int_equal(cost(&ctx, "0304", "0301", 4, &ro), MOVE_UNREACHED);
    assert_int_equal(cost(&ctx, "0304", "0301", 5, &ro), 10);
}

static void test_great_river_fords_rain_and_pontoons(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &mini};
    bool ro;
    /* The ford costs 2 extra: 1 (road) + 2 = 3 MP from 0303 to 0302. */
    assert_int_equal(cost(&ctx, "0303", "0302", 4, &ro), 6);
    /* Elsewhere the great river cannot be crossed. */
    bool by_road;
    assert_int_equal(move_step_cost(&ctx, tu_hex("0203"), DIR_N, &by_road), COST_NO);
    /* 0103 -> 0102 only round by the ford: 1 + 0.5 + 0.5 + 1 + 3 + 1 + 1 = 8 MP. */
    assert_int_equal(cost(&ctx, "0103", "0102", 8, NULL), 16);
    /* In rain the ford is closed ... */
    ctx.rain = true;
    assert_int_equal(cost(&ctx, "0303", "0302", 4, NULL), MOVE_UNREACHED);
    /* ... unless a pontoon spans it: +1 instead of +2. */
    unsigned char pontoon[36] = {0};
    pontoon[map_hex_index(&mini.map, tu_hex("0303"))] = 1u << DIR_N;
    pontoon[map_hex_index(&mini.map, tu_hex("0302"))] = 1u << DIR_S;
    ctx.pontoon = pontoon;
    assert_int_equal(cost(&ctx, "0303", "0302", 4, NULL), 4);
    ctx.rain = false;
    assert_int_equal(cost(&ctx, "0303", "0302", 4, NULL), 4);
}

static void test_creeks_in_rain(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &mini};
    assert_int_equal(cost(&ctx, "0505", "0506", 4, NULL), 2);
    ctx.rain = true;
    assert_int_equal(cost(&ctx, "0505", "0506", 4, NULL), 4); /* +1 MP in rain */
}

static void test_enemy_contact_and_blocking(void **state)
{
    (void)state;
    unsigned char enemy[36] = {0};
    enemy[map_hex_index(&mini.map, tu_hex("0405"))] = 1;
    MoveContext ctx = {.gd = &mini, .enemy = enemy};
    bool ro;
    /* 0404 is clear and next to the enemy in 0405: +1 MP, still by road. */
    assert_int_equal(cost(&ctx, "0304", "0404", 4, &ro), 3);
    assert_true(ro);
    /* Never into the enemy's hex. */
    assert_int_equal(cost(&ctx, "0304", "0405", 8, NULL), MOVE_UNREACHED);
    /* Woods next to the enemy cost nothing extra: enemy in 0202 across the river. */
    memset(enemy, 0, sizeof enemy);
    enemy[map_hex_index(&mini.map, tu_hex("0202"))] = 1;
    assert_int_equal(cost(&ctx, "0304", "0203", 4, NULL), 4);
    /* and units across the great river count as adjacent for the surcharge:
     * 0103 is clear, next to 0202 across the river. */
    assert_int_equal(cost(&ctx, "0104", "0103", 4, NULL), 4);
}

/* A walk searched only as far as each question needs answers what the whole search answers, whatever hexes
 * are asked and in whatever order: on the campaign map, with the enemy scattered over it, from many starts,
 * each hex asked in a shuffled order and some asked twice. */
static void test_a_walk_answers_what_the_whole_search_does(void **state)
{
    (void)state;
    int cells = full.map.cols * full.map.rows;
    unsigned char *enemy = calloc((size_t)cells, 1);
    int *order = malloc((size_t)cells * sizeof *order);
    assert_non_null(enemy);
    assert_non_null(order);
    unsigned seed = 12345;
    for (int h = 0; h < cells; h++) {
        seed = seed * 1103515245u + 12345u;
        enemy[h] = (seed >> 16) % 23 == 0;
    }
    MoveContext ctx = {.gd = &full, .enemy = enemy};
    int compared = 0, reached = 0, unreached = 0;
    for (int start = 0; start < cells; start += 97) {
        if (enemy[start])
            continue;
        for (int mp = 2; mp <= 8; mp += 3) {
            MoveReach r;
            MoveWalk w;
            HexCoord sc = map_hex_at(&full.map, start);
            assert_true(move_reach(&ctx, sc, mp, &r));
            assert_true(move_walk(&ctx, sc, mp, &w));
            for (int h = 0; h < cells; h++)
                order[h] = h;
            for (int h = cells - 1; h > 0; h--) { /* shuffled */
                seed = seed * 1103515245u + 12345u;
                int k = (int)((seed >> 16) % (unsigned)(h + 1)), t = order[h];
                order[h] = order[k];
                order[k] = t;
            }
            for (int i = 0; i < cells; i++) {
                int h = order[i];
                bool whole = move_reaches(&r, h);
                assert_int_equal(move_walk_reaches(&w, h), whole);
                assert_int_equal(move_walk_reaches(&w, h), whole); /* asked again */
                compared++;
                reached += whole;
                unreached += !whole;
            }
            move_walk_free(&w);
            move_reach_free(&r);
        }
    }
    assert_true(compared > 1000 && reached > 100 && unreached > 100);
    free(order);
    free(enemy);
}

/* A walk carried on a cost at a time (move_walk_past) answers what the whole search does for every hex
 * as soon as it calls that hex's answer final (move_walk_final): whether it is reached, its cost and layer
 * (the road bonus's layer may cost more and leave more) and its path; past a cost, every hex the whole
 * search reaches for that much or less is reached, nothing reached so far is cheaper than the whole
 * search has it, and every hex is final once nothing is left. Each hex is checked at every cost the walk
 * stops at, on the campaign map with the enemy scattered, from many starts, small and whole-map
 * allowances, a first leg spent and the road bonus lost. */
static void test_a_walk_settled_a_cost_at_a_time_answers_the_whole_search(void **state)
{
    (void)state;
    int cells = full.map.cols * full.map.rows;
    unsigned char *enemy = calloc((size_t)cells, 1), *checked = calloc((size_t)cells, 1);
    assert_non_null(enemy);
    assert_non_null(checked);
    unsigned seed = 4242;
    for (int h = 0; h < cells; h++) {
        seed = seed * 1103515245u + 12345u;
        enemy[h] = (seed >> 16) % 19 == 0;
    }
    int compared = 0, early = 0, reached = 0, by_road = 0, stops = 0;
    for (int variant = 0; variant < 3; variant++) {
        MoveContext ctx = {.gd = &full, .enemy = enemy, .spent_half = variant == 2 ? 3 : 0, .road_lost = variant == 1};
        for (int start = variant * 37; start < cells; start += 211) {
            if (enemy[start])
                continue;
            static const int mps[] = {3, 6, 99};
            for (int k = 0; k < 3; k++) {
                MoveReach r;
                MoveWalk w;
                HexCoord sc = map_hex_at(&full.map, start);
                assert_true(move_reach(&ctx, sc, mps[k], &r));
                assert_true(move_walk(&ctx, sc, mps[k], &w));
                memset(checked, 0, (size_t)cells);
                for (;;) {
                    int least = move_walk_least(&w);
                    for (int h = 0; h < cells; h++) {
                        int cw[2], c[2];
                        for (int l = 0; l < 2; l++) {
                            c[l] = move_cost_by(&r, h, l == 0);
                            cw[l] = move_cost_by(&w.r, h, l == 0);
                            if (c[l] != MOVE_UNREACHED && c[l] < least) /* past it: there */
                                assert_int_equal(cw[l], c[l]);
                            if (cw[l] != MOVE_UNREACHED) /* never cheaper than the whole search has it */
                                assert_true(c[l] != MOVE_UNREACHED && cw[l] >= c[l]);
                        }
                        if (checked[h] || !move_walk_final(&w, h))
                            continue;
                        checked[h] = 1;
                        bool whole = move_reaches(&r, h);
                        assert_int_equal(move_reaches(&w.r, h), whole);
                        bool road_w = false, road_r = false;
                        assert_int_equal(move_cost_at(&w.r, h, &road_w), move_cost_at(&r, h, &road_r));
                        assert_int_equal(road_w, road_r);
                        HexCoord pw[256], pr[256];
                        int nw = move_path(&w.r, map_hex_at(&full.map, h), pw, 256);
                        assert_int_equal(nw, move_path(&r, map_hex_at(&full.map, h), pr, 256));
                        for (int i = 0; i < nw; i++) {
                            assert_int_equal(pw[i].col, pr[i].col);
                            assert_int_equal(pw[i].row, pr[i].row);
                        }
                        compared++;
                        early += least != INT_MAX;
                        reached += whole;
                        by_road += whole && road_r;
                    }
                    if (least == INT_MAX)
                        break;
                    move_walk_past(&w, least);
                    assert_true(move_walk_least(&w) > least);
                    stops++;
                }
                for (int h = 0; h < cells; h++)
                    assert_true(checked[h]); /* all final once the search is done */
                move_walk_free(&w);
                move_reach_free(&r);
            }
        }
    }
    assert_true(compared > 1000 && early > 1000 && reached > 1000 && by_road > 10 && stops > 100);
    free(checked);
    free(enemy);
}

/* move_reach answers what a plain search answers, one step at a time by move_step_cost_at (the one-step
 * question, asked of no heap and no table of least steps): for each hex and layer (wholly by road, any)
 * the least cost within the layer's allowance, found by relaxing every reached cell's steps until
 * nothing changes; move_reach_list lists the hexes reached but the start, in index order; and each
 * hex's path steps from the start to it for what move_cost_at says it costs, wholly by road when it
 * says so. On the campaign map with the enemy scattered (its contact map and
 * none), pontoons on some river hexsides, contact forbidden, rain, a first leg spent and the road bonus
 * lost; small allowances, so that many searches end on hexes no step from which fits. */
static void test_reach_is_the_plain_search(void **state)
{
    (void)state;
    int cells = full.map.cols * full.map.rows;
    unsigned char *enemy = calloc((size_t)cells, 1), *contact = calloc((size_t)cells, 1),
                  *pontoon = calloc((size_t)cells, 1);
    short *enemy_hexes = malloc((size_t)cells * sizeof *enemy_hexes);
    int *best[2] = {malloc((size_t)cells * sizeof(int)), malloc((size_t)cells * sizeof(int))};
    short *listed = malloc((size_t)cells * sizeof *listed);
    assert_non_null(listed);
    assert_non_null(enemy);
    assert_non_null(contact);
    assert_non_null(pontoon);
    assert_non_null(enemy_hexes);
    assert_non_null(best[0]);
    assert_non_null(best[1]);
    unsigned seed = 777;
    int ne = 0;
    for (int h = 0; h < cells; h++) {
        seed = seed * 1103515245u + 12345u;
        if ((seed >> 16) % 29 == 0) {
            enemy[h] = 1;
            enemy_hexes[ne++] = (short)h;
        }
        seed = seed * 1103515245u + 12345u;
        for (int d = 0; d < DIR_COUNT; d++)
            if (full.map.hexes[h].side[d].kind >= 0 && ((seed >> (16 + d)) & 1))
                pontoon[h] |= (unsigned char)(1u << d);
    }
    move_contact_map(&full, enemy_hexes, ne, contact);
    int compared = 0, reached = 0, by_road = 0, paths = 0;
    for (int variant = 0; variant < 6; variant++) {
        MoveContext ctx = {.gd = &full,
                           .enemy = enemy,
                           .contact = variant == 1 ? NULL : contact,
                           .pontoon = variant >= 2 ? pontoon : NULL,
                           .no_contact = variant == 3,
                           .rain = variant == 4,
                           .spent_half = variant == 5 ? 3 : 0,
                           .road_lost = variant == 5};
        for (int start = variant * 11; start < cells; start += 131) {
            if (enemy[start])
                continue;
            for (int mp = 2; mp <= 8; mp += 3) {
                int allowance[2];
                allowance[1] = mp * 2 - ctx.spent_half;
                allowance[0] = ctx.road_lost ? allowance[1] : mp * 2 + full.movement.road_bonus - ctx.spent_half;
                for (int l = 0; l < 2; l++)
                    for (int h = 0; h < cells; h++)
                        best[l][h] = INT_MAX;
                best[0][start] = 0;
                for (bool changed = true; changed;) {
                    changed = false;
                    for (int l = 0; l < 2; l++)
                        for (int h = 0; h < cells; h++) {
                            if (best[l][h] == INT_MAX)
                                continue;
                            for (int d = 0; d < DIR_COUNT; d++) {
                                bool road;
                                int step = move_step_cost_at(&ctx, h, d, &road);
                                if (step == COST_NO)
                                    continue;
                                int nl = l == 0 && road ? 0 : 1, c = best[l][h] + step, ni = full.map.hexes[h].nb[d];
                                if (c <= allowance[nl] && c < best[nl][ni]) {
                                    best[nl][ni] = c;
                                    changed = true;
                                }
                            }
                        }
                }
                MoveReach r;
                HexCoord sc = map_hex_at(&full.map, start);
                assert_true(move_reach(&ctx, sc, mp, &r));
                int nlisted = move_reach_list(&r, listed), at = 0; /* the hexes reached but the start, in order */
                for (int h = 0; h < cells; h++) {
                    for (int l = 0; l < 2; l++) {
                        int want = best[l][h] == INT_MAX ? MOVE_UNREACHED : best[l][h];
                        assert_int_equal(move_cost_by(&r, h, l == 0), want);
                    }
                    bool whole = best[0][h] != INT_MAX || best[1][h] != INT_MAX;
                    assert_int_equal(move_reaches(&r, h), whole);
                    if (whole && h != start) {
                        assert_true(at < nlisted);
                        assert_int_equal(listed[at++], h);
                    }
                    compared++;
                    if (!whole)
                        continue;
                    reached++;
                    bool road_only = false;
                    int c = move_cost_at(&r, h, &road_only);
                    by_road += road_only && h != start;
                    HexCoord path[256];
                    int n = move_path(&r, map_hex_at(&full.map, h), path, 256);
                    assert_true(n >= 1);
                    assert_int_equal(map_hex_index(&full.map, path[0]), start);
                    assert_int_equal(map_hex_index(&full.map, path[n - 1]), h);
                    int sum = 0;
                    for (int i = 1; i < n; i++) {
                        int dir = hex_direction(path[i - 1], path[i]);
                        assert_true(dir >= 0);
                        bool road;
                        int step = move_step_cost_at(&ctx, map_hex_index(&full.map, path[i - 1]), dir, &road);
                        assert_int_not_equal(step, COST_NO);
                        if (road_only)
                            assert_true(road);
                        sum += step;
                    }
                    assert_int_equal(sum, c);
                    paths++;
                }
                assert_int_equal(at, nlisted);
                move_reach_free(&r);
            }
        }
    }
    assert_true(compared > 10000 && reached > 1000 && by_road > 100 && paths > 1000);
    free(listed);
    free(best[0]);
    free(best[1]);
    free(enemy_hexes);
    free(pontoon);
    free(contact);
    free(enemy);
}

/* The steps into a hex asked together (move_enter_costs, for a search outward from a goal) cost what each
 * step asked alone costs: with the enemy, its contact map or none, pontoons, contact forbidden or not, a
 * terrain free of the contact surcharge. */
static void test_enter_costs_are_the_single_steps(void **state)
{
    (void)state;
    int cells = full.map.cols * full.map.rows;
    unsigned char *enemy = calloc((size_t)cells, 1), *contact = calloc((size_t)cells, 1),
                  *pontoon = calloc((size_t)cells, 1);
    short *enemy_hexes = malloc((size_t)cells * sizeof *enemy_hexes);
    assert_non_null(enemy);
    assert_non_null(contact);
    assert_non_null(pontoon);
    assert_non_null(enemy_hexes);
    unsigned seed = 777;
    int ne = 0;
    for (int h = 0; h < cells; h++) {
        seed = seed * 1103515245u + 12345u;
        enemy[h] = (seed >> 16) % 17 == 0;
        if (enemy[h])
            enemy_hexes[ne++] = (short)h;
        seed = seed * 1103515245u + 12345u;
        pontoon[h] = (unsigned char)((seed >> 16) & 0x3f);
    }
    move_contact_map(&full, enemy_hexes, ne, contact);
    int differing_kinds = 0;
    for (int variant = 0; variant < 6; variant++) {
        MoveContext ctx = {.gd = &full};
        if (variant >= 1)
            ctx.enemy = enemy;
        if (variant >= 2)
            ctx.contact = contact;
        if (variant >= 3)
            ctx.pontoon = pontoon;
        ctx.no_contact = variant == 4;
        ctx.contact_free_mask = variant == 5 ? 0x5u : 0;
        for (int to = 0; to < cells; to++) {
            int together[DIR_COUNT];
            move_enter_costs(&ctx, to, 0x3fu, together);
            for (int dir = 0; dir < DIR_COUNT; dir++) {
                int from = full.map.hexes[to].nb[dir];
                bool road;
                int alone = from < 0 ? COST_NO : move_step_cost_at(&ctx, from, hex_dir_opposite(dir), &road);
                assert_int_equal(together[dir], alone);
                differing_kinds += alone == COST_NO ? 0 : 1;
            }
            int some[DIR_COUNT]; /* directions not asked answer COST_NO */
            move_enter_costs(&ctx, to, 1u << DIR_S, some);
            for (int dir = 0; dir < DIR_COUNT; dir++)
                assert_int_equal(some[dir], dir == DIR_S ? together[dir] : COST_NO);
        }
    }
    assert_true(differing_kinds > 1000);
    /* the same kept (move_enter_costs_kept): its table noticed when made again for other contexts between
     * the questions (more of them, rain, river limits and play areas, than the tables kept) */
    MoveContext ctx = {.gd = &full, .enemy = enemy, .contact = contact, .pontoon = pontoon};
    MoveTableRef ref = {0};
    int asked_again = 0;
    for (int to = 0; to < cells; to++) {
        if (to % 97 == 0) { /* a step asked in eight other contexts: its table may go */
            for (int k = 0; k < 8; k++) {
                MoveContext other = ctx;
                other.rain = k & 1;
                other.no_great_rivers = (k >> 1) & 1;
                other.area_nw = (HexCoord){k >= 4 ? 2 : 0, k >= 4 ? 2 : 0};
                other.area_se = (HexCoord){k >= 4 ? 20 + k : 0, k >= 4 ? 20 : 0};
                bool road;
                move_step_cost_at(&other, to, 0, &road);
            }
            asked_again++;
        }
        int kept[DIR_COUNT], plain[DIR_COUNT];
        move_enter_costs_kept(&ctx, &ref, to, 0x3fu, kept);
        move_enter_costs(&ctx, to, 0x3fu, plain);
        for (int dir = 0; dir < DIR_COUNT; dir++)
            assert_int_equal(kept[dir], plain[dir]);
    }
    assert_true(asked_again > 10);
    free(enemy_hexes);
    free(pontoon);
    free(contact);
    free(enemy);
}

/* A pontoon changes a step only across a hexside kind (steps_in_full asks those again, in full; every
 * other step is the table's): with a pontoon bit on every hexside of every hex, the steps with no hexside
 * kind cost what they cost with no pontoons, and those across one cost no more, some of them less. */
static void test_pontoons_change_only_steps_across_a_hexside_kind(void **state)
{
    (void)state;
    int cells = full.map.cols * full.map.rows;
    unsigned char *pontoon = malloc((size_t)cells), *enemy = calloc((size_t)cells, 1),
                  *contact = calloc((size_t)cells, 1);
    short *enemy_hexes = malloc((size_t)cells * sizeof *enemy_hexes);
    assert_non_null(pontoon);
    assert_non_null(enemy);
    assert_non_null(contact);
    assert_non_null(enemy_hexes);
    memset(pontoon, 0x3f, (size_t)cells);
    int ne = 0;
    for (int h = 0; h < cells; h += 23)
        enemy_hexes[ne++] = (short)h, enemy[h] = 1;
    move_contact_map(&full, enemy_hexes, ne, contact);
    int cheaper = 0, sided = 0;
    for (int variant = 0; variant < 4; variant++) {
        MoveContext bare = {.gd = &full, .rain = variant & 1};
        if (variant >= 2) {
            bare.enemy = enemy;
            bare.contact = contact;
        }
        MoveContext spanned = bare;
        spanned.pontoon = pontoon;
        for (int h = 0; h < cells; h++)
            for (int d = 0; d < DIR_COUNT; d++) {
                bool road_bare, road_spanned;
                int without = move_step_cost_at(&bare, h, d, &road_bare),
                    with = move_step_cost_at(&spanned, h, d, &road_spanned);
                if (with != COST_NO && without != COST_NO)
                    assert_true(road_bare == road_spanned); /* a pontoon is no road */
                if (full.map.hexes[h].side[d].kind < 0) {
                    assert_int_equal(with, without);
                    continue;
                }
                sided++;
                if (without != COST_NO)
                    assert_true(with != COST_NO && with <= without);
                cheaper += with != COST_NO && (without == COST_NO || with < without);
            }
    }
    assert_true(sided > 100);
    assert_true(cheaper > 10);
    free(enemy_hexes);
    free(contact);
    free(enemy);
    free(pontoon);
}

static void test_path(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &mini};
    MoveReach r;
    assert_true(move_reach(&ctx, tu_hex("0304"), 4, &r));
    HexCoord path[16];
    int n = move_path(&r, tu_hex("0302"), path, 16);
    assert_int_equal(n, 3);
    assert_true(hex_equal(path[0], tu_hex("0304")));
    assert_true(hex_equal(path[1], tu_hex("0303")));
    assert_true(hex_equal(path[2], tu_hex("0302")));
    assert_int_equal(move_path(&r, tu_hex("0101"), path, 16), 0); /* unreachable */
    /* The path's step costs add up to the reported cost. */
    n = move_path(&r, tu_hex("0604"), path, 16);
    int sum = 0;
    for (int i = 1; i < n; i++) {
        bool by_road;
        sum += move_step_cost(&ctx, path[i - 1], hex_direction(path[i - 1], path[i]), &by_road);
    }
    assert_int_equal(sum, move_cost_to(&r, tu_hex("0604"), NULL));
    move_reach_free(&r);
}

/* ---- the campaign map: the cases the issue names ---------------------- */

static void test_campaign_orange_turnpike(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &full};
    bool ro;
    /* Chancellorsville (1820) to Salem Church (2822): ten hexes of the
     * Turnpike at 0.5 MP = 5 MP, possible for a 4 MP brigade only because
     * it moves wholly by road (ROADS). */
    assert_int_equal(cost(&ctx, "1820", "2822", 4, &ro), 10);
    assert_true(ro);
    assert_int_equal(cost(&ctx, "1820", "2322", 4, &ro), 5); /* Zoan Church: 2.5 MP */
    assert_int_equal(cost(&ctx, "1820", "2922", 4, NULL), MOVE_UNREACHED);
}

static void test_campaign_wilderness(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &full};
    bool ro;
    /* South of the clearing at 1421 the Wilderness has no road: 2 MP a hex. */
    assert_int_equal(full.terrain[map_hex(&full.map, tu_hex("1422"))->terrain].symbol, 'w');
    assert_int_equal(cost(&ctx, "1421", "1422", 4, &ro), 4);
    assert_false(ro);
    assert_int_equal(cost(&ctx, "1421", "1423", 4, NULL), 8);
    assert_int_equal(cost(&ctx, "1421", "1425", 4, NULL), MOVE_UNREACHED);
}

static void test_campaign_rapidan_ford(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &full};
    /* Ely's Ford: the road (1 MP) plus 2 MP for the ford. */
    assert_int_equal(cost(&ctx, "1514", "1515", 4, NULL), 6);
    /* In rain the ford is closed, and no other way across is open. */
    ctx.rain = true;
    assert_int_equal(cost(&ctx, "1514", "1515", 4, NULL), MOVE_UNREACHED);
    unsigned char *pontoon = calloc((size_t)(full.map.cols * full.map.rows), 1);
    assert_non_null(pontoon);
    pontoon[map_hex_index(&full.map, tu_hex("1514"))] = 1u << hex_direction(tu_hex("1514"), tu_hex("1515"));
    pontoon[map_hex_index(&full.map, tu_hex("1515"))] = 1u << hex_direction(tu_hex("1515"), tu_hex("1514"));
    ctx.pontoon = pontoon;
    assert_int_equal(cost(&ctx, "1514", "1515", 4, NULL), 4); /* pontoon: +1 */
    free(pontoon);
}

static void test_campaign_rappahannock_needs_a_pontoon(void **state)
{
    (void)state;
    MoveContext ctx = {.gd = &full};
    bool by_road;
    /* U.S. Ford: no crossing at all without a pontoon, rain or not. */
    int dir = hex_direction(tu_hex("2015"), tu_hex("2016"));
    assert_int_equal(move_step_cost(&ctx, tu_hex("2015"), dir, &by_road), COST_NO);
    assert_int_equal(cost(&ctx, "2015", "2016", 8, NULL), MOVE_UNREACHED);
    unsigned char *pontoon = calloc((size_t)(full.map.cols * full.map.rows), 1);
    assert_non_null(pontoon);
    pontoon[map_hex_index(&full.map, tu_hex("2015"))] = 1u << dir;
    pontoon[map_hex_index(&full.map, tu_hex("2016"))] = 1u << hex_dir_opposite(dir);
    ctx.pontoon = pontoon;
    assert_int_equal(cost(&ctx, "2015", "2016", 4, NULL), 4); /* minor road 1 + pontoon 1 */
    free(pontoon);
}

static void test_campaign_minor_river(void **state)
{
    (void)state;
    /* MINOR-RIVERS: +2 MP to cross the Ny when dry; closed in rain except
     * at a printed bridge. 1728 and 1729 are across the Ny, off the roads. */
    MoveContext ctx = {.gd = &full};
    HexCoord a = tu_hex("1728"), b = tu_hex("1729");
    int dir = hex_direction(a, b);
    const Hexside *hs = map_hexside(&full.map, a, dir);
    assert_true(hs->kind >= 0);
    assert_string_equal(full.hexside_kinds[hs->kind].id, "minor");
    assert_false(hs->flags & SIDE_BRIDGE);
    bool by_road;
    int enter = full.terrain[map_hex(&full.map, b)->terrain].move;
    assert_int_equal(move_step_cost(&ctx, a, dir, &by_road), enter + 4);
    ctx.rain = true;
    assert_int_equal(move_step_cost(&ctx, a, dir, &by_road), COST_NO);
    /* A bridge stays open in rain. */
    for (int i = 0; i < full.map.cols * full.map.rows; i++)
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord h = map_hex_at(&full.map, i);
            const Hexside *x = map_hexside(&full.map, h, d);
            if (x && x->kind == hs->kind && (x->flags & SIDE_BRIDGE)) {
                assert_int_not_equal(move_step_cost(&ctx, h, d, &by_road), COST_NO);
                return;
            }
        }
    fail_msg("no bridge over the Po or the Ny");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roads_ignore_terrain_and_major_roads_are_cheaper),
        cmocka_unit_test(test_road_bonus_only_when_wholly_by_road),
        cmocka_unit_test(test_great_river_fords_rain_and_pontoons),
        cmocka_unit_test(test_creeks_in_rain),
        cmocka_unit_test(test_enemy_contact_and_blocking),
        cmocka_unit_test(test_path),
        cmocka_unit_test(test_enter_costs_are_the_single_steps),
        cmocka_unit_test(test_pontoons_change_only_steps_across_a_hexside_kind),
        cmocka_unit_test(test_reach_is_the_plain_search),
        cmocka_unit_test(test_a_walk_answers_what_the_whole_search_does),
        cmocka_unit_test(test_a_walk_settled_a_cost_at_a_time_answers_the_whole_search),
        cmocka_unit_test(test_campaign_orange_turnpike),
        cmocka_unit_test(test_campaign_wilderness),
        cmocka_unit_test(test_campaign_rapidan_ford),
        cmocka_unit_test(test_campaign_rappahannock_needs_a_pontoon),
        cmocka_unit_test(test_campaign_minor_river),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
