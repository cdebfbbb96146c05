/* MAP-GRID: hex ids, neighbours, distances, lines, edges. */
#include <stdio.h>
#include <string.h>

#include "hex/hex.h"
#include "testutil.h"

static void test_parse_and_format(void **state)
{
    (void)state;
    HexCoord h;
    assert_true(hex_parse("1820", &h));
    assert_int_equal(h.col, 18);
    assert_int_equal(h.row, 20);
    char buf[5];
    hex_format(h, buf);
    assert_string_equal(buf, "1820");
    hex_format((HexCoord){1, 7}, buf);
    assert_string_equal(buf, "0107");
    const char *bad[] = {"", "182", "18200", "18a0", "0020", "1800", "-120", " 182"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_false(hex_parse(bad[i], &h));
}

static void expect_neighbours(const char *centre, const char *const want[DIR_COUNT])
{
    HexCoord c = tu_hex(centre);
    for (int d = 0; d < DIR_COUNT; d++) {
        char buf[5];
        HexCoord n = hex_neighbour(c, d);
        hex_format(n, buf);
        assert_string_equal(buf, want[d]);
        assert_int_equal(hex_direction(c, n), d);
        assert_int_equal(hex_direction(n, c), hex_dir_opposite(d));
        assert_int_equal(hex_distance(c, n), 1);
    }
}

static void test_neighbours_odd_and_even_columns(void **state)
{
    (void)state;
    /* Odd columns sit high, even columns half a hex lower. */
    const char *odd[DIR_COUNT] = {"0504", "0604", "0605", "0506", "0405", "0404"};
    expect_neighbours("0505", odd);
    const char *even[DIR_COUNT] = {"0604", "0705", "0706", "0606", "0506", "0505"};
    expect_neighbours("0605", even);
    assert_int_equal(hex_direction(tu_hex("0505"), tu_hex("0507")), -1);
    assert_int_equal(hex_direction(tu_hex("0505"), tu_hex("0505")), -1);
}

static void test_direction_names(void **state)
{
    (void)state;
    const char *names[] = {"n", "ne", "se", "s", "sw", "nw"};
    for (int d = 0; d < DIR_COUNT; d++) {
        assert_string_equal(hex_dir_name(d), names[d]);
        assert_int_equal(hex_dir_parse(names[d]), d);
    }
    assert_int_equal(hex_dir_parse("e"), -1);
    assert_int_equal(hex_dir_opposite(DIR_N), DIR_S);
    assert_int_equal(hex_dir_opposite(DIR_SE), DIR_NW);
}

static void test_distance(void **state)
{
    (void)state;
    assert_int_equal(hex_distance(tu_hex("0101"), tu_hex("0101")), 0);
    assert_int_equal(hex_distance(tu_hex("0101"), tu_hex("0201")), 1);
    assert_int_equal(hex_distance(tu_hex("0101"), tu_hex("0301")), 2);
    assert_int_equal(hex_distance(tu_hex("0101"), tu_hex("0401")), 3);
    assert_int_equal(hex_distance(tu_hex("0101"), tu_hex("0104")), 3);
    /* Moving east along a row zig-zags: 0101 to 4001 is 39 columns. */
    assert_int_equal(hex_distance(tu_hex("0101"), tu_hex("4001")), 39);
    /* Three diagonal steps gain only one row: 0101 0201 0302 0402, then 35 south. */
    assert_int_equal(hex_distance(tu_hex("0101"), tu_hex("0437")), 38);
    /* symmetric and obeys the triangle inequality on a sample */
    for (int a = 1; a <= 9; a += 2)
        for (int b = 2; b <= 9; b += 3) {
            HexCoord p = {a, b}, q = {b + 3, a + 1}, r = {a + b, 4};
            assert_int_equal(hex_distance(p, q), hex_distance(q, p));
            assert_true(hex_distance(p, r) <= hex_distance(p, q) + hex_distance(q, r));
        }
}

static void test_line(void **state)
{
    (void)state;
    HexCoord out[HEX_MAX_LINE];
    int n = hex_line(tu_hex("0101"), tu_hex("0105"), out, HEX_MAX_LINE);
    assert_int_equal(n, 5);
    for (int i = 0; i < 5; i++)
        assert_true(hex_equal(out[i], (HexCoord){1, 1 + i}));
    /* Two hexes apart along a row, the line runs along a hexside: one of
     * the two hexes touching both ends is taken. */
    n = hex_line(tu_hex("0304"), tu_hex("0504"), out, HEX_MAX_LINE);
    assert_int_equal(n, 3);
    assert_true(hex_equal(out[1], tu_hex("0403")) || hex_equal(out[1], tu_hex("0404")));
    /* Every line is contiguous, starts and ends right, and has distance+1 hexes. */
    for (int c1 = 1; c1 <= 12; c1 += 1)
        for (int r1 = 1; r1 <= 12; r1 += 5)
            for (int c2 = 1; c2 <= 40; c2 += 7)
                for (int r2 = 1; r2 <= 37; r2 += 6) {
                    HexCoord a = {c1, r1}, b = {c2, r2};
                    n = hex_line(a, b, out, HEX_MAX_LINE);
                    assert_int_equal(n, hex_distance(a, b) + 1);
                    assert_true(hex_equal(out[0], a));
                    assert_true(hex_equal(out[n - 1], b));
                    for (int i = 1; i < n; i++)
                        assert_int_equal(hex_distance(out[i - 1], out[i]), 1);
                }
    /* A buffer too small is never overrun. */
    n = hex_line(tu_hex("0101"), tu_hex("0110"), out, 3);
    assert_int_equal(n, 3);
}

static void test_hexes_between_two_apart(void **state)
{
    (void)state;
    /* BOMBARD: the hexes between an artillery unit and a target two hexes
     * away are those next to both; one on a straight line, two when the
     * line runs along a hexside. */
    HexCoord out[2];
    assert_int_equal(hex_between(tu_hex("0101"), tu_hex("0103"), out), 1);
    assert_true(hex_equal(out[0], tu_hex("0102")));
    assert_int_equal(hex_between(tu_hex("0304"), tu_hex("0504"), out), 2);
    assert_true(hex_equal(out[0], tu_hex("0403")) || hex_equal(out[1], tu_hex("0403")));
    assert_true(hex_equal(out[0], tu_hex("0404")) || hex_equal(out[1], tu_hex("0404")));
    assert_int_equal(hex_between(tu_hex("0304"), tu_hex("0305"), out), 0); /* neighbours */
    assert_int_equal(hex_between(tu_hex("0304"), tu_hex("0307"), out), 0); /* three apart */
}

static void test_map_edges(void **state)
{
    (void)state;
    assert_true(hex_in_bounds(tu_hex("0101"), 40, 37));
    assert_true(hex_in_bounds(tu_hex("4037"), 40, 37));
    assert_false(hex_in_bounds(tu_hex("4101"), 40, 37));
    assert_false(hex_in_bounds(tu_hex("0138"), 40, 37));
    assert_false(hex_in_bounds(hex_neighbour(tu_hex("0101"), DIR_N), 40, 37));
    assert_false(hex_in_bounds(hex_neighbour(tu_hex("0101"), DIR_NW), 40, 37));
    assert_true(hex_in_bounds(hex_neighbour(tu_hex("0101"), DIR_SE), 40, 37));
    /* Even columns are shifted down: the bottom of column 40 has no s or se. */
    assert_false(hex_in_bounds(hex_neighbour(tu_hex("4037"), DIR_S), 40, 37));
    assert_true(hex_equal(hex_neighbour(tu_hex("3937"), DIR_SE), tu_hex("4037")));
    assert_false(hex_in_bounds(hex_neighbour(tu_hex("4037"), DIR_SW), 40, 37));
    assert_false(hex_in_bounds(hex_neighbour(tu_hex("3937"), DIR_S), 40, 37));
    assert_true(hex_on_edge(tu_hex("0120"), 40, 37));
    assert_true(hex_on_edge(tu_hex("2037"), 40, 37));
    assert_false(hex_on_edge(tu_hex("2020"), 40, 37));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_and_format), cmocka_unit_test(test_neighbours_odd_and_even_columns),
        cmocka_unit_test(test_direction_names),  cmocka_unit_test(test_distance),
        cmocka_unit_test(test_line),             cmocka_unit_test(test_hexes_between_two_apart),
        cmocka_unit_test(test_map_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
