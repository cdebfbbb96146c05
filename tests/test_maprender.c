/* The text picture of the map: compared with a checked-in expected text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game.h"
#include "testutil.h"
#include "view/maprender.h"
#include "view/textfit.h"
#include "view/mapview.h"

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

static void check_text(const MapCanvas *c, const char *expected_file)
{
    char *text = canvas_text(c);
    const char *want = read_expected(expected_file);
    if (strcmp(text, want) != 0) {
        print_message("got:\n%s\nwanted:\n%s\n", text, want);
        fail();
    }
    free(text);
}

static void check_marked_picture(const MapOverlay *ov, const MapMarks *mk, const char *expected_file)
{
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    MapCanvas c;
    if (mk)
        assert_true(maprender_draw_marked(&gd, ov, mk, &c));
    else
        assert_true(maprender_draw(&gd, ov, &c));
    assert_int_equal(c.width, 6 * MAP_CELL_W + 1);
    assert_int_equal(c.height, 6 * MAP_CELL_H + 2);
    check_text(&c, expected_file);
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

static void check_picture(const MapOverlay *ov, const char *expected_file)
{
    check_marked_picture(ov, NULL, expected_file);
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

/* The interior character k (0-3) of a hex on the full map. */
static const MapCell *interior_cell(const MapCanvas *c, const char *hex, int k)
{
    int x, y;
    maprender_interior(tu_hex(hex), &x, &y);
    return &c->cells[y * c->width + x + k];
}

static int idx_of(const GameData *gd, const char *hex) { return map_hex_index(&gd->map, tu_hex(hex)); }

/* Markers, formation colours and reduced units on the full map; a hidden
 * stack shows none of its own even when the arrays hold something. */
static void test_markers_picture(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    unsigned char csa[36] = {0}, usa[36] = {0}, colour[36];
    char mark[36] = {0}, work[36] = {0};
    bool reduced[36] = {false};
    memset(colour, MAP_NO_COLOUR, sizeof colour);
    int green = data_colour_parse("green"), yellow = data_colour_parse("yellow");
    /* 0304: two Union counters, the top one reduced, demoralized, on an objective */
    usa[idx_of(&gd, "0304")] = 2;
    reduced[idx_of(&gd, "0304")] = true;
    mark[idx_of(&gd, "0304")] = 'D';
    work[idx_of(&gd, "0304")] = '!';
    colour[idx_of(&gd, "0304")] = (unsigned char)yellow;
    /* 0306: four Confederate counters out of supply behind a breastwork */
    csa[idx_of(&gd, "0306")] = 4;
    mark[idx_of(&gd, "0306")] = 'o';
    work[idx_of(&gd, "0306")] = 'b';
    colour[idx_of(&gd, "0306")] = (unsigned char)green;
    /* 0305: one reduced Confederate unit that has fired */
    csa[idx_of(&gd, "0305")] = 1;
    reduced[idx_of(&gd, "0305")] = true;
    mark[idx_of(&gd, "0305")] = 'f';
    colour[idx_of(&gd, "0305")] = (unsigned char)green;
    /* 0404: a hidden Union stack; whatever the arrays say is not drawn */
    usa[idx_of(&gd, "0404")] = MAP_UNITS_HIDDEN;
    mark[idx_of(&gd, "0404")] = 'd';
    reduced[idx_of(&gd, "0404")] = true;
    colour[idx_of(&gd, "0404")] = (unsigned char)yellow;
    /* 0302: a pontoon at the ford, no units (the place is under it) */
    work[idx_of(&gd, "0302")] = 'p';
    MapOverlay ov = {false, {usa, csa}};
    MapMarks mk = {mark, work, colour, reduced, NULL};
    check_marked_picture(&ov, &mk, "mini-map-marks.txt");

    MapCanvas c;
    assert_true(maprender_draw_marked(&gd, &ov, &mk, &c));
    assert_int_equal(interior_cell(&c, "0304", 0)->ch, '!');
    assert_int_equal(interior_cell(&c, "0304", 0)->style, STY_WORK);
    assert_int_equal(interior_cell(&c, "0304", 1)->ch, 'D');
    assert_int_equal(interior_cell(&c, "0304", 1)->style, STY_MARKER);
    assert_int_equal(interior_cell(&c, "0304", 2)->ch, 'u');
    assert_int_equal(interior_cell(&c, "0304", 2)->style, STY_UNION);
    assert_int_equal(interior_cell(&c, "0304", 2)->colour, yellow);
    assert_int_equal(interior_cell(&c, "0304", 3)->colour, yellow);
    assert_int_equal(interior_cell(&c, "0304", 0)->colour, MAP_NO_COLOUR);
    assert_int_equal(interior_cell(&c, "0306", 2)->ch, 'C');
    assert_int_equal(interior_cell(&c, "0306", 2)->colour, green);
    assert_int_equal(interior_cell(&c, "0305", 2)->ch, 'c');
    assert_int_equal(interior_cell(&c, "0404", 1)->ch, '=');  /* the road, not the marker */
    assert_int_equal(interior_cell(&c, "0404", 2)->ch, 'U'); /* not reduced */
    assert_int_equal(interior_cell(&c, "0404", 3)->ch, '?');
    assert_int_equal(interior_cell(&c, "0404", 2)->colour, MAP_NO_COLOUR);
    maprender_free(&c);

    /* Markers given as NULL arrays change nothing. */
    MapMarks none = {NULL, NULL, NULL, NULL, NULL};
    unsigned char csa2[36] = {0}, usa2[36] = {0};
    csa2[idx_of(&gd, "0306")] = 4;
    usa2[idx_of(&gd, "0304")] = 1;
    MapOverlay ov2 = {false, {usa2, csa2}};
    check_marked_picture(&ov2, &none, "mini-map-units.txt");
    gamedata_free(&gd);
    diags_free(&d);
}

static void test_legend_names_the_markers(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    char lines[24][80];
    int n = maprender_legend(&gd, lines, 24);
    bool dem = false, bw = false, reduced = false;
    for (int i = 0; i < n; i++) {
        dem |= strstr(lines[i], "D demoralized") != NULL;
        bw |= strstr(lines[i], "b breastwork") != NULL;
        reduced |= strstr(lines[i], "reduced") != NULL;
    }
    assert_true(dem && bw && reduced);
    gamedata_free(&gd);
    diags_free(&d);
}

/* The overview: a character per hex column and two hex rows. */
static void test_overview_picture(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    unsigned char csa[36] = {0}, usa[36] = {0}, colour[36];
    bool reduced[36] = {false};
    memset(colour, MAP_NO_COLOUR, sizeof colour);
    csa[idx_of(&gd, "0306")] = 4;
    colour[idx_of(&gd, "0306")] = 2;
    usa[idx_of(&gd, "0305")] = 1; /* shares the cell with 0306: the Confederates are shown */
    usa[idx_of(&gd, "0404")] = 2;
    reduced[idx_of(&gd, "0404")] = true;
    usa[idx_of(&gd, "0601")] = MAP_UNITS_HIDDEN;
    MapOverlay ov = {false, {usa, csa}};
    MapMarks mk = {NULL, NULL, colour, reduced, NULL};
    MapCanvas c;
    assert_true(maprender_overview_marked(&gd, &ov, &mk, &c));
    assert_int_equal(c.width, 6);
    assert_int_equal(c.height, 3);
    check_text(&c, "mini-overview.txt");
    int x, y;
    maprender_overview_pos(tu_hex("0306"), &x, &y);
    assert_int_equal(c.cells[y * c.width + x].style, STY_CSA);
    assert_int_equal(c.cells[y * c.width + x].colour, 2);
    maprender_overview_pos(tu_hex("0601"), &x, &y);
    assert_int_equal(c.cells[y * c.width + x].ch, '?');
    assert_int_equal(c.cells[y * c.width + x].colour, MAP_NO_COLOUR);
    maprender_free(&c);
    /* Without units: places, the great river and terrain. */
    assert_true(maprender_overview(&gd, NULL, &c));
    check_text(&c, "mini-overview-empty.txt");
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);

    /* The whole campaign map fits an 80 x 24 terminal. */
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    assert_true(maprender_overview(&gd, NULL, &c));
    assert_int_equal(c.width, gd.map.cols);
    assert_int_equal(c.height, (gd.map.rows + 1) / 2);
    assert_true(c.width <= 80 && c.height <= 22);
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

static void test_overview_positions(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    const Map *m = &gd.map;
    int w = m->cols, hgt = (m->rows + 1) / 2;
    /* Every hex has a cell whose upper hex is it or the one above it. */
    for (int i = 0; i < m->cols * m->rows; i++) {
        HexCoord h = map_hex_at(m, i), got;
        int x, y;
        maprender_overview_pos(h, &x, &y);
        assert_true(x >= 0 && x < w && y >= 0 && y < hgt);
        assert_true(maprender_overview_hex_at(m, x, y, &got));
        assert_int_equal(got.col, h.col);
        assert_true(got.row == h.row || (got.row == h.row - 1 && h.row % 2 == 0));
    }
    /* Every cell has a hex, and the hex's cell is that cell. */
    for (int y = 0; y < hgt; y++)
        for (int x = 0; x < w; x++) {
            HexCoord got;
            assert_true(maprender_overview_hex_at(m, x, y, &got));
            int gx, gy;
            maprender_overview_pos(got, &gx, &gy);
            assert_int_equal(gx, x);
            assert_int_equal(gy, y);
        }
    HexCoord got;
    assert_false(maprender_overview_hex_at(m, -1, 0, &got));
    assert_false(maprender_overview_hex_at(m, w, 0, &got));
    assert_false(maprender_overview_hex_at(m, 0, hgt, &got));
    gamedata_free(&gd);
    diags_free(&d);
}

static int unit_of(const GameData *gd, const char *id)
{
    int u = data_unit_index(gd, id);
    assert_true(u >= 0);
    return u;
}

/* mapview_build on a game of the test scenario: Von Gilsa at 0304, Schirmer
 * (reduced) at 0404; Heth at 0305, Pender, Lane, Thomas and Walker at 0306. */
static void test_mapview_on_a_game(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    Game g;
    char err[200];
    assert_true(game_new(&g, &gd, data_scenario_index(&gd, "test"), 1, err, sizeof err));
    int heth = unit_of(&gd, "heth"), lane = unit_of(&gd, "lane"), pender = unit_of(&gd, "pender");
    int gilsa = unit_of(&gd, "von-gilsa");
    g.st.unit[lane].flags |= UF_DEM;
    g.st.unit[pender].flags |= UF_OOS | UF_FIRED;
    g.st.unit[heth].steps = 1;           /* reduced */
    g.st.unit[heth].flags |= UF_FORCED; /* forced march */
    g.st.unit[gilsa].flags |= UF_DIS;
    g.st.breastwork[idx_of(&gd, "0305")] = SIDE_CONFEDERATE + 1;
    g.st.pontoon[SIDE_UNION][idx_of(&gd, "0302")] = 1u << DIR_S;
    g.st.pontoon[SIDE_UNION][idx_of(&gd, "0303")] = 1u << DIR_N;
    g.st.fort_marker[idx_of(&gd, "0601")] = 1;

    MapViewBuf b = {0};
    assert_true(mapview_build(&g, SIDE_CONFEDERATE, &b));
    assert_int_equal(b.n, 36);
    int h0306 = idx_of(&gd, "0306"), h0305 = idx_of(&gd, "0305"), h0304 = idx_of(&gd, "0304"),
        h0404 = idx_of(&gd, "0404");
    assert_int_equal(b.units[SIDE_CONFEDERATE][h0306], 4);
    assert_int_equal(b.mark[h0306], 'D'); /* demoralized beats out of supply and fired */
    assert_int_equal(b.colour[h0306], data_colour_parse("green"));
    assert_int_equal(b.units[SIDE_CONFEDERATE][h0305], 1);
    assert_int_equal(b.mark[h0305], 'm');
    assert_true(b.reduced[h0305]);
    assert_false(b.reduced[h0306]);
    assert_int_equal(b.work[h0305], 'b');
    assert_int_equal(b.work[idx_of(&gd, "0302")], 'p');
    assert_int_equal(b.work[idx_of(&gd, "0303")], 'p');
    assert_int_equal(b.work[idx_of(&gd, "0601")], '%');
    assert_int_equal(b.work[h0306], 0);
    /* The Union stacks next to Heth may be inspected. */
    assert_int_equal(b.units[SIDE_UNION][h0304], 1);
    assert_int_equal(b.mark[h0304], 'd');
    assert_int_equal(b.colour[h0304], data_colour_parse("yellow"));
    assert_int_equal(b.units[SIDE_UNION][h0404], 1);
    assert_true(b.reduced[h0404]);
    assert_int_equal(b.mark[h0404], 0);

    MapCanvas c;
    assert_true(maprender_draw_marked(&gd, &b.ov, &b.marks, &c));
    assert_int_equal(interior_cell(&c, "0306", 1)->ch, 'D');
    assert_int_equal(interior_cell(&c, "0306", 2)->ch, 'C');
    assert_int_equal(interior_cell(&c, "0306", 3)->ch, '4');
    assert_int_equal(interior_cell(&c, "0305", 0)->ch, 'b');
    assert_int_equal(interior_cell(&c, "0305", 1)->ch, 'm');
    assert_int_equal(interior_cell(&c, "0305", 2)->ch, 'c');
    assert_int_equal(interior_cell(&c, "0404", 2)->ch, 'u');
    assert_int_equal(interior_cell(&c, "0304", 1)->ch, 'd');
    maprender_free(&c);

    /* Strength instead of counters: [work][letter][points], the sum of the stack's units. */
    int sum0306 = 0;
    for (int i = 0; i < g.st.nunits; i++)
        if (g.st.unit[i].where == AT_MAP && g.st.unit[i].hex == h0306)
            sum0306 += game_unit_points(&g, i);
    assert_true(sum0306 > 4);
    assert_int_equal(b.points[h0306], sum0306);
    assert_int_equal(b.points[h0305], game_unit_points(&g, heth));
    MapMarks strength = b.marks;
    strength.points = b.points;
    assert_true(maprender_draw_marked(&gd, &b.ov, &strength, &c));
    assert_int_equal(interior_cell(&c, "0306", 1)->ch, 'C');
    assert_int_equal(interior_cell(&c, "0306", 2)->ch, sum0306 > 9 ? '0' + sum0306 / 10 : ' ');
    assert_int_equal(interior_cell(&c, "0306", 3)->ch, '0' + sum0306 % 10);
    assert_int_equal(interior_cell(&c, "0305", 0)->ch, 'b'); /* the work marker stays */
    assert_int_equal(interior_cell(&c, "0305", 1)->ch, 'c'); /* reduced: lower case */
    maprender_free(&c);

    /* Von Gilsa far from any Confederate: a hidden stack, no marker. */
    int h0601 = idx_of(&gd, "0601");
    g.st.unit[gilsa].hex = (short)h0601;
    assert_true(mapview_build(&g, SIDE_CONFEDERATE, &b)); /* built again in the same buffers */
    assert_int_equal(b.units[SIDE_UNION][h0601], MAP_UNITS_HIDDEN);
    assert_int_equal(b.mark[h0601], 0);
    assert_int_equal(b.colour[h0601], MAP_NO_COLOUR);
    assert_false(b.reduced[h0601]);
    assert_int_equal(b.work[h0601], '%'); /* a marker on the map is seen by both sides */
    assert_int_equal(b.units[SIDE_UNION][h0304], 0);
    assert_int_equal(b.mark[h0304], 0);
    assert_true(maprender_draw_marked(&gd, &b.ov, &b.marks, &c));
    assert_int_equal(interior_cell(&c, "0601", 1)->ch, '.');
    assert_int_equal(interior_cell(&c, "0601", 2)->ch, 'U');
    assert_int_equal(interior_cell(&c, "0601", 3)->ch, '?');
    maprender_free(&c);

    /* The Union looking: the Confederates at 0306 have no Union unit next to them. */
    assert_true(mapview_build(&g, SIDE_UNION, &b));
    assert_int_equal(b.units[SIDE_CONFEDERATE][h0306], MAP_UNITS_HIDDEN);
    assert_int_equal(b.mark[h0306], 0);
    assert_int_equal(b.colour[h0306], MAP_NO_COLOUR);
    assert_int_equal(b.units[SIDE_UNION][h0601], 1);
    assert_int_equal(b.mark[h0601], 'd'); /* its own unit */
    assert_true(maprender_draw_marked(&gd, &b.ov, &b.marks, &c));
    assert_int_equal(interior_cell(&c, "0306", 2)->ch, 'C');
    assert_int_equal(interior_cell(&c, "0306", 3)->ch, '?');
    assert_int_not_equal(interior_cell(&c, "0306", 1)->ch, 'D');
    maprender_free(&c);
    /* And in the overview, where 0306 shares its cell with 0305: Heth,
     * next to Schirmer, is seen (and reduced); the hidden stack gives way. */
    assert_true(maprender_overview_marked(&gd, &b.ov, &b.marks, &c));
    int x, y;
    maprender_overview_pos(tu_hex("0306"), &x, &y);
    assert_int_equal(c.cells[y * c.width + x].ch, 'c');
    g.st.unit[heth].hex = (short)idx_of(&gd, "0205");
    assert_true(mapview_build(&g, SIDE_UNION, &b));
    assert_int_equal(b.units[SIDE_CONFEDERATE][idx_of(&gd, "0205")], MAP_UNITS_HIDDEN);
    maprender_free(&c);
    assert_true(maprender_overview_marked(&gd, &b.ov, &b.marks, &c));
    assert_int_equal(c.cells[y * c.width + x].ch, '?');
    maprender_overview_pos(tu_hex("0205"), &x, &y);
    assert_int_equal(c.cells[y * c.width + x].ch, '?');
    maprender_free(&c);

    mapview_free(&b);
    assert_null(b.mark);
    game_free(&g);
    gamedata_free(&gd);
    diags_free(&d);
}

/* The Automa's objective markers: '!' on the objective hex of the area. */
static void test_mapview_objectives(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    Game g;
    char err[200];
    assert_true(game_new(&g, &gd, data_scenario_index(&gd, "solitaire"), 1, err, sizeof err));
    assert_true(g.st.automa.on);
    assert_true(gd.automa.nformations > 1 && gd.nareas > 1);
    for (int f = 0; f < gd.automa.nformations; f++)
        g.st.automa.obj_area[f] = -1;
    g.st.automa.obj_area[1] = 1;
    g.st.automa.obj_value[1] = 5;
    int hex = map_hex_index(&gd.map, gd.areas[1].objective);
    g.st.breastwork[hex] = SIDE_CONFEDERATE + 1;
    MapViewBuf b = {0};
    assert_true(mapview_build(&g, SIDE_CONFEDERATE, &b));
    assert_true(b.objective[hex]);
    assert_int_equal(b.work[hex], '!'); /* the objective before the breastwork */
    int marked = 0;
    for (int i = 0; i < b.n; i++)
        marked += b.objective[i];
    assert_int_equal(marked, 1);
    /* Not a solitaire game: no objective markers. */
    g.st.automa.on = false;
    assert_true(mapview_build(&g, SIDE_CONFEDERATE, &b));
    assert_false(b.objective[hex]);
    assert_int_equal(b.work[hex], 'b');
    mapview_free(&b);
    game_free(&g);
    gamedata_free(&gd);
    diags_free(&d);
}

/* A name fitted to the side panel: abbreviated on purpose, the tail whole. */
static void test_text_fit(void **state)
{
    (void)state;
    char out[100];
    text_fit("McIntosh's Artillery Battalion", " 3 (reduced)", 32, out, sizeof out);
    assert_true(strlen(out) <= 32);
    assert_string_equal(out, "McIntosh's Art. Bn 3 (reduced)");
    text_fit("higher lee mclaws+anderson  (2 pts)", "", 32, out, sizeof out);
    assert_string_equal(out, "higher lee mclaws+anderson (2p)");
    text_fit("Short", " 4", 32, out, sizeof out); /* nothing to do */
    assert_string_equal(out, "Short 4");
    text_fit("An extraordinarily long unit name with no known words", " 4 DIS", 20, out, sizeof out);
    assert_string_equal(out, "An extraordin~ 4 DIS");
    assert_int_equal(strlen(out), 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_picture_of_the_test_map),
        cmocka_unit_test(test_ids_and_units),
        cmocka_unit_test(test_hidden_stack),
        cmocka_unit_test(test_hex_at_finds_every_hex),
        cmocka_unit_test(test_markers_picture),
        cmocka_unit_test(test_legend_names_the_markers),
        cmocka_unit_test(test_overview_picture),
        cmocka_unit_test(test_overview_positions),
        cmocka_unit_test(test_mapview_on_a_game),
        cmocka_unit_test(test_mapview_objectives),
        cmocka_unit_test(test_text_fit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
