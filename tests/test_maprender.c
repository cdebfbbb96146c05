/* The text picture of the map: compared with a checked-in expected text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "view/maprender.h"

static char *canvas_text(const MapCanvas *c)
{
    char *out = malloc((size_t)(c->width + 1) * (size_t)c->height + 1);
    assert_non_null(out);
    char *p = out;
    for (int y = 0; y < c->height; y++) {
        char *line = p;
        for (int x = 0; x < c->width; x++)
            *p++ = c->cells[y * c->width + x].ch;
        while (p > line && p[-1] == ' ')
            p--;
        *p++ = '\n';
    }
    *p = '\0';
    return out;
}

static char *read_expected(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/data/%s", GUV_TEST_DIR, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void check_picture(const MapOverlay *ov, const char *expected_file)
{
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    MapCanvas c;
    assert_true(maprender_draw(&gd, ov, &c));
    assert_int_equal(c.width, 6 * MAP_CELL_W + 1);
    assert_int_equal(c.height, 6 * MAP_CELL_H + 2);
    char *text = canvas_text(&c);
    const char *want = read_expected(expected_file);
    if (strcmp(text, want) != 0) {
        print_message("got:\n%s\nwanted:\n%s\n", text, want);
        fail();
    }
    free(text);
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

static void test_picture_of_the_test_map(void **state)
{
    (void)state;
    /* Rivers (~), the ford (=), the creek (:), the fortification (%),
     * places (*), roads (= and -), supply (U) and exit (>). */
    MapOverlay ov = {0};
    check_picture(&ov, "mini-map.txt");
}

static void test_ids_and_units(void **state)
{
    (void)state;
    unsigned char csa[36] = {0}, usa[36] = {0};
    csa[(3 - 1) * 6 + (6 - 1)] = 4; /* 0306 */
    usa[(3 - 1) * 6 + (4 - 1)] = 1; /* 0304 */
    MapOverlay ov = {false, {usa, csa}};
    check_picture(&ov, "mini-map-units.txt");
    MapOverlay ids = {true, {NULL, NULL}};
    check_picture(&ids, "mini-map-ids.txt");
}

/* VISIBILITY: an enemy stack out of sight shows that it is there, not how many. */
static void test_hidden_stack(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    unsigned char usa[36] = {0};
    usa[(3 - 1) * 6 + (4 - 1)] = MAP_UNITS_HIDDEN; /* 0304 */
    MapOverlay ov = {false, {usa, NULL}};
    MapCanvas c;
    assert_true(maprender_draw(&gd, &ov, &c));
    char *text = canvas_text(&c);
    assert_non_null(strstr(text, "U?"));
    assert_null(strstr(text, "U1"));
    free(text);
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

static void test_hex_at_finds_every_hex(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    for (int i = 0; i < gd.map.cols * gd.map.rows; i++) {
        HexCoord h = map_hex_at(&gd.map, i), got;
        int x, y;
        maprender_interior(h, &x, &y);
        for (int dx = 0; dx < 4; dx++) {
            assert_true(maprender_hex_at(&gd.map, x + dx, y, &got));
            assert_true(hex_equal(got, h));
        }
    }
    HexCoord got;
    assert_false(maprender_hex_at(&gd.map, 0, 1, &got)); /* a frame character */
    gamedata_free(&gd);
    diags_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picture_of_the_test_map),
        cmocka_unit_test(test_ids_and_units),
        cmocka_unit_test(test_hidden_stack),
        cmocka_unit_test(test_hex_at_finds_every_hex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
