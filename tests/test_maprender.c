/* The text picture of the map: compared with a checked-in expected text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"
#include "automa/automa_state.h"
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
    bool dem = false, bw = false, reduced = false, moved = false, activated = false, names = false, colour = false;
    for (int i = 0; i < n; i++) {
        dem |= strstr(lines[i], "D demoralized") != NULL;
        bw |= strstr(lines[i], "b breastwork") != NULL;
        reduced |= strstr(lines[i], "reduced") != NULL;
        moved |= strstr(lines[i], "v moved") != NULL;
        activated |= strstr(lines[i], "a activated this turn") != NULL;
        names |= strstr(lines[i], "N hides") != NULL;
        colour |= strstr(lines[i], "background=terrain") != NULL;
    }
    assert_true(dem && bw && reduced && moved && activated && names && colour);
    /* The terrain kinds come first, each line starting with its letter. */
    for (int i = 0; i < gd.nterrain; i++)
        assert_int_equal(lines[i][0], gd.terrain[i].symbol);
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
    /* The turn's own marks: moved beats activated, any state beats both. */
    assert_int_equal(mapview_unit_mark(UF_ACTIVATED), 'a');
    assert_int_equal(mapview_unit_mark(UF_ACTIVATED | UF_MOVED), 'v');
    assert_int_equal(mapview_unit_mark(UF_ACTIVATED | UF_MOVED | UF_FIRED), 'f');
    assert_int_equal(mapview_unit_mark(UF_MOVED | UF_DETACHED), 'x');
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
    unit_put(&g, gilsa, AT_MAP, h0601);
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
    unit_put(&g, heth, AT_MAP, idx_of(&gd, "0205"));
    assert_true(mapview_build(&g, SIDE_UNION, &b));
    assert_int_equal(b.units[SIDE_CONFEDERATE][idx_of(&gd, "0205")], MAP_UNITS_HIDDEN);
    maprender_free(&c);
    assert_true(maprender_overview_marked(&gd, &b.ov, &b.marks, &c));
    assert_int_equal(c.cells[y * c.width + x].ch, '?');
    maprender_overview_pos(tu_hex("0205"), &x, &y);
    assert_int_equal(c.cells[y * c.width + x].ch, '?');
    maprender_free(&c);

    /* The Union's own stack at 0404 has moved this turn: 'v' beside it. */
    int schirmer = unit_of(&gd, "schirmer");
    g.st.unit[schirmer].flags |= UF_ACTIVATED | UF_MOVED;
    assert_true(mapview_build(&g, SIDE_UNION, &b));
    assert_int_equal(b.mark[h0404], 'v');
    assert_true(maprender_draw_marked(&gd, &b.ov, &b.marks, &c));
    assert_int_equal(interior_cell(&c, "0404", 1)->ch, 'v');
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
    assert_true(AUTOMA(g.st).on);
    assert_true(gd.automa.nformations > 1 && gd.nareas > 1);
    for (int f = 0; f < gd.automa.nformations; f++)
        AUTOMA(g.st).obj_area[f] = -1;
    AUTOMA(g.st).obj_area[1] = 1;
    AUTOMA(g.st).obj_value[1] = 5;
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
    AUTOMA(g.st).on = false;
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

/* ---- the compact level ------------------------------------------------- */

/* Three characters a hex, a row each: terrain, roads, places, rivers,
 * units with their markers, strength instead of counters. */
static void test_compact_picture(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    unsigned char csa[36] = {0}, usa[36] = {0}, colour[36], points[36] = {0};
    char mark[36] = {0}, work[36] = {0};
    bool reduced[36] = {false};
    memset(colour, MAP_NO_COLOUR, sizeof colour);
    usa[idx_of(&gd, "0304")] = 2; /* reduced, demoralized, on an objective */
    reduced[idx_of(&gd, "0304")] = true;
    mark[idx_of(&gd, "0304")] = 'D';
    work[idx_of(&gd, "0304")] = '!';
    colour[idx_of(&gd, "0304")] = 3;
    csa[idx_of(&gd, "0306")] = 4; /* moved this turn */
    mark[idx_of(&gd, "0306")] = 'v';
    colour[idx_of(&gd, "0306")] = 2;
    csa[idx_of(&gd, "0305")] = 1; /* activated this turn, behind a breastwork */
    mark[idx_of(&gd, "0305")] = 'a';
    work[idx_of(&gd, "0305")] = 'b';
    usa[idx_of(&gd, "0404")] = MAP_UNITS_HIDDEN;
    mark[idx_of(&gd, "0404")] = 'd'; /* not drawn: hidden */
    MapOverlay ov = {false, {usa, csa}};
    MapMarks mk = {mark, work, colour, reduced, NULL};
    MapCanvas c;
    assert_true(maprender_compact_marked(&gd, &ov, &mk, &c));
    assert_int_equal(c.width, 6 * MAP_COMPACT_W);
    assert_int_equal(c.height, 6);
    check_text(&c, "mini-compact.txt");
    int x, y;
    maprender_compact_pos(tu_hex("0306"), &x, &y);
    assert_int_equal(c.cells[y * c.width + x].ch, 'v');
    assert_int_equal(c.cells[y * c.width + x].style, STY_MARKER);
    assert_int_equal(c.cells[y * c.width + x + 1].ch, 'C');
    assert_int_equal(c.cells[y * c.width + x + 1].colour, 2);
    assert_int_equal(c.cells[y * c.width + x + 2].ch, '4');
    maprender_compact_pos(tu_hex("0404"), &x, &y);
    assert_int_equal(c.cells[y * c.width + x + 1].ch, 'U');
    assert_int_equal(c.cells[y * c.width + x + 2].ch, '?');
    assert_int_equal(c.cells[y * c.width + x + 2].colour, MAP_NO_COLOUR);
    maprender_free(&c);
    /* Strength: [letter][tens][ones] from 10, else [mark][letter][points]. */
    points[idx_of(&gd, "0306")] = 14;
    points[idx_of(&gd, "0305")] = 3;
    mk.points = points;
    assert_true(maprender_compact_marked(&gd, &ov, &mk, &c));
    char three[4] = {0};
    maprender_compact_pos(tu_hex("0306"), &x, &y);
    for (int k = 0; k < 3; k++)
        three[k] = c.cells[y * c.width + x + k].ch;
    assert_string_equal(three, "C14");
    maprender_compact_pos(tu_hex("0305"), &x, &y);
    for (int k = 0; k < 3; k++)
        three[k] = c.cells[y * c.width + x + k].ch;
    assert_string_equal(three, "bC3"); /* the breastwork stays */
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

/* Every hex has its three cells, and every cell finds its hex. */
static void test_compact_positions(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    const Map *m = &gd.map;
    MapCanvas c;
    assert_true(maprender_compact_marked(&gd, NULL, NULL, &c));
    assert_int_equal(c.width, m->cols * MAP_COMPACT_W);
    assert_int_equal(c.height, m->rows);
    for (int i = 0; i < m->cols * m->rows; i++) {
        HexCoord h = map_hex_at(m, i), got;
        int x, y;
        maprender_compact_pos(h, &x, &y);
        assert_true(x >= 0 && x + MAP_COMPACT_W <= c.width && y >= 0 && y < c.height);
        for (int k = 0; k < MAP_COMPACT_W; k++) {
            assert_true(maprender_compact_hex_at(m, x + k, y, &got));
            assert_true(hex_equal(got, h));
            assert_int_equal(c.cells[y * c.width + x + k].terrain, m->hexes[i].terrain);
        }
    }
    for (int y = 0; y < c.height; y++)
        for (int x = 0; x < c.width; x++) {
            HexCoord got;
            assert_true(maprender_compact_hex_at(m, x, y, &got));
            int gx, gy;
            maprender_compact_pos(got, &gx, &gy);
            assert_int_equal(gy, y);
            assert_true(x >= gx && x < gx + MAP_COMPACT_W);
        }
    HexCoord got;
    assert_false(maprender_compact_hex_at(m, -1, 0, &got));
    assert_false(maprender_compact_hex_at(m, 0, -1, &got));
    assert_false(maprender_compact_hex_at(m, c.width, 0, &got));
    assert_false(maprender_compact_hex_at(m, 0, c.height, &got));
    /* More of the map in the same window than the full map shows. */
    int win_w = 46, win_h = 22; /* an 80 x 24 terminal beside the side panel */
    int full = (win_w / MAP_CELL_W) * (win_h / MAP_CELL_H), compact = (win_w / MAP_COMPACT_W) * win_h;
    assert_true(compact >= 3 * full);
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

/* ---- place names ------------------------------------------------------- */

/* Whether text is the name, its short form, its first word, or either cut
 * short with a '.'. */
static bool text_of_place(const Place *pl, const char *text)
{
    char name[64];
    maprender_label_name(pl->name, name, sizeof name);
    if (strcmp(text, name) == 0 || strcmp(text, pl->label) == 0)
        return true;
    size_t n = strlen(text);
    if (n > 0 && strchr(name, ' ') && strncmp(text, name, n) == 0 && name[n] == ' ')
        return true;
    if (n < 2 || text[n - 1] != '.')
        return false;
    return strncmp(text, name, n - 1) == 0 || (pl->label[0] && strncmp(text, pl->label, n - 1) == 0);
}

/* What every labelled canvas must hold: each place accounted for; a name
 * where it says it is, near its hex, never over units (nor the cell either
 * side of them), never over or beside another name, never over a place;
 * no stray letters. Returns how many places were named. */
static int check_labels(const GameData *gd, const MapCanvas *c, const MapOverlay *ov, int level)
{
    const Map *m = &gd->map;
    assert_int_equal(c->nlabels, m->nplaces);
    bool *seen = calloc((size_t)m->nplaces, sizeof *seen);
    char *want = calloc((size_t)c->width * (size_t)c->height, 1);
    assert_true(seen && want);
    int placed = 0;
    for (int i = 0; i < c->nlabels; i++) {
        const MapLabel *lb = &c->labels[i];
        assert_true(lb->place >= 0 && lb->place < m->nplaces);
        assert_false(seen[lb->place]);
        seen[lb->place] = true;
        const Place *pl = &m->places[lb->place];
        if (lb->state != LABEL_PLACED) {
            /* a reason: no room, or the overview's minor places */
            assert_true(lb->state == LABEL_CROWDED ||
                        (lb->state == LABEL_MINOR && level == MAP_LEVEL_OVERVIEW &&
                         pl->priority < gd->display.overview_priority) ||
                        (lb->state == LABEL_OFF && ov && ov->ids));
            continue;
        }
        placed++;
        assert_int_equal((int)strlen(lb->text), lb->len);
        if (!text_of_place(pl, lb->text)) {
            print_message("'%s' is not a name of %s\n", lb->text, pl->name);
            fail();
        }
        assert_true(lb->len >= gd->display.min_letters);
        assert_true(lb->x >= 0 && lb->x + lb->len <= c->width && lb->y >= 0 && lb->y < c->height);
        int x, y, w;
        maprender_level_cells(level, pl->hex, &x, &y, &w);
        assert_true(abs(lb->y - y) <= 3); /* near its hex */
        assert_true(lb->x <= x + w + 1 && lb->x + lb->len >= x - 1);
        for (int k = 0; k < lb->len; k++) {
            int at = lb->y * c->width + lb->x + k;
            assert_int_equal(want[at], 0); /* no two names on a cell */
            want[at] = lb->text[k];
            assert_int_equal(c->cells[at].label, lb->text[k]);
        }
        /* a cell between it and the next name on its row */
        if (lb->x > 0)
            assert_int_equal(c->cells[lb->y * c->width + lb->x - 1].label, 0);
        if (lb->x + lb->len < c->width)
            assert_int_equal(c->cells[lb->y * c->width + lb->x + lb->len].label, 0);
    }
    for (int i = 0; i < c->width * c->height; i++)
        assert_int_equal(c->cells[i].label, want[i]); /* nothing but the names listed */
    /* Units, and places, keep their cells and the cell either side. */
    for (int i = 0; i < m->cols * m->rows; i++) {
        bool units = false;
        for (int s = 0; ov && s < SIDE_COUNT; s++)
            units |= ov->units[s] && ov->units[s][i] > 0;
        if (!units && m->hexes[i].place < 0)
            continue;
        int x, y, w;
        maprender_level_cells(level, map_hex_at(m, i), &x, &y, &w);
        for (int k = -1; k <= w; k++)
            if (x + k >= 0 && x + k < c->width) {
                const MapCell *cell = &c->cells[y * c->width + x + k];
                if (cell->label) {
                    char id[5];
                    hex_format(map_hex_at(m, i), id);
                    print_message("a name covers hex %s (units or a place) at %d,%d\n", id, x + k, y);
                    fail();
                }
            }
    }
    for (int i = 0; i < c->width * c->height; i++) /* what a name never covers */
        if (c->cells[i].label)
            assert_true(c->cells[i].style != STY_UNION && c->cells[i].style != STY_CSA &&
                        c->cells[i].style != STY_MARKER && c->cells[i].style != STY_PLACE &&
                        c->cells[i].style != STY_FORD && c->cells[i].style != STY_BRIDGE &&
                        c->cells[i].style != STY_WORK);
    free(seen);
    free(want);
    return placed;
}

static int draw_level(const GameData *gd, const MapOverlay *ov, const MapMarks *mk, int level, MapCanvas *c)
{
    bool ok = level == MAP_LEVEL_FULL      ? maprender_draw_marked(gd, ov, mk, c)
              : level == MAP_LEVEL_COMPACT ? maprender_compact_marked(gd, ov, mk, c)
                                           : maprender_overview_marked(gd, ov, mk, c);
    assert_true(ok);
    return check_labels(gd, c, ov, level);
}

/* The campaign map names every place on the full map, empty or at each
 * scenario's start; the smaller levels name what fits, never over units. */
static void test_labels_on_the_campaign_map(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    MapCanvas c;
    for (int level = MAP_LEVEL_FULL; level <= MAP_LEVEL_OVERVIEW; level++) {
        int placed = draw_level(&gd, NULL, NULL, level, &c);
        if (level == MAP_LEVEL_FULL)
            assert_int_equal(placed, gd.map.nplaces);
        if (level == MAP_LEVEL_COMPACT)
            assert_true(placed >= gd.map.nplaces - 2);
        if (level == MAP_LEVEL_OVERVIEW) { /* at least the biggest: Chancellorsville and Spotsylvania */
            assert_true(placed >= 4);
            for (int i = 0; i < c.nlabels; i++)
                if (strcmp(gd.map.places[c.labels[i].place].id, "chancellorsville") == 0)
                    assert_int_equal(c.labels[i].state, LABEL_PLACED);
        }
        maprender_free(&c);
    }
    for (int s = 0; s < gd.nscenarios; s++) {
        Game g;
        char err[200];
        assert_true(game_new(&g, &gd, s, 1, err, sizeof err));
        MapViewBuf b = {0};
        assert_true(mapview_build(&g, SIDE_CONFEDERATE, &b));
        for (int level = MAP_LEVEL_FULL; level <= MAP_LEVEL_OVERVIEW; level++) {
            int placed = draw_level(&gd, &b.ov, &b.marks, level, &c);
            if (level == MAP_LEVEL_FULL && placed < gd.map.nplaces) {
                for (int i = 0; i < c.nlabels; i++) /* the documented reason */
                    if (c.labels[i].state != LABEL_PLACED)
                        print_message("%s: %s not named on the full map\n", gd.scenarios[s].id,
                                      gd.map.places[c.labels[i].place].name);
                assert_true(placed >= gd.map.nplaces - 2);
            }
            maprender_free(&c);
        }
        mapview_free(&b);
        game_free(&g);
    }
    /* The hex ids: no names. */
    MapOverlay ids = {true, {NULL, NULL}};
    assert_true(maprender_draw(&gd, &ids, &c));
    check_labels(&gd, &c, &ids, MAP_LEVEL_FULL);
    for (int i = 0; i < c.nlabels; i++)
        assert_int_equal(c.labels[i].state, LABEL_OFF);
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

/* A crowded map: units on every other hex and every place's neighbours.
 * Names shorten or give way; none covers a stack. */
static void test_labels_give_way_to_units(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    const Map *m = &gd.map;
    int n = m->cols * m->rows;
    unsigned char *usa = calloc((size_t)n, 1), *csa = calloc((size_t)n, 1);
    assert_true(usa && csa);
    for (int i = 0; i < n; i++) {
        HexCoord h = map_hex_at(m, i);
        if ((h.col + h.row) % 3 == 0)
            usa[i] = 2;
        else if ((h.col * 7 + h.row) % 5 == 0)
            csa[i] = MAP_UNITS_HIDDEN;
    }
    for (int p = 0; p < m->nplaces; p++)
        for (int dir = 0; dir < DIR_COUNT; dir += 2) {
            HexCoord nb = hex_neighbour(m->places[p].hex, dir);
            if (map_has(m, nb))
                csa[map_hex_index(m, nb)] = 1;
        }
    MapOverlay ov = {false, {usa, csa}};
    MapCanvas c;
    int crowded = 0, cut = 0;
    for (int level = MAP_LEVEL_FULL; level <= MAP_LEVEL_OVERVIEW; level++) {
        draw_level(&gd, &ov, NULL, level, &c);
        for (int i = 0; i < c.nlabels; i++) {
            crowded += c.labels[i].state == LABEL_CROWDED;
            cut += c.labels[i].state == LABEL_PLACED && c.labels[i].text[c.labels[i].len - 1] == '.';
        }
        maprender_free(&c);
    }
    assert_true(crowded > 0); /* the test does crowd the map */
    assert_true(cut > 0);     /* and some names are cut down to fit */
    free(usa);
    free(csa);
    gamedata_free(&gd);
    diags_free(&d);
}

static void test_label_names(void **state)
{
    (void)state;
    char out[64];
    maprender_label_name("Lee's Hill (Telegraph Hill)", out, sizeof out);
    assert_string_equal(out, "Lee's Hill");
    maprender_label_name("Hamilton's Crossing (Prospect Hill)", out, sizeof out);
    assert_string_equal(out, "Hamilton's Crossing");
    maprender_label_name("Chancellorsville", out, sizeof out);
    assert_string_equal(out, "Chancellorsville");
    maprender_label_name("(all of it)", out, sizeof out);
    assert_string_equal(out, "");
    char small[6];
    maprender_label_name("Fredericksburg", small, sizeof small);
    assert_string_equal(small, "Frede"); /* cut to the buffer, terminated */
}

/* ---- how cells look ---------------------------------------------------- */

/* Without colour every cell keeps its character: the terrain's letters
 * say the terrain, and nothing has a colour. With colour the characters
 * are the same (only paint changes), a hex takes its terrain's background
 * from map-display.ini, units are reversed blocks; names replace the
 * characters they cover only when asked for. */
static void test_look_without_colour_keeps_letters(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    Game g;
    char err[200];
    assert_true(game_new(&g, &gd, data_scenario_index(&gd, "campaign"), 1, err, sizeof err));
    MapViewBuf b = {0};
    assert_true(mapview_build(&g, SIDE_CONFEDERATE, &b));
    int woods = data_terrain_by_symbol(&gd, 'w');
    assert_true(woods >= 0);
    assert_true(gd.terrain[woods].background >= 0 && gd.terrain[woods].background_256 >= 0);
    for (int level = MAP_LEVEL_FULL; level <= MAP_LEVEL_OVERVIEW; level++) {
        MapCanvas c;
        draw_level(&gd, &b.ov, &b.marks, level, &c);
        int letters = 0, units = 0, names = 0;
        for (int i = 0; i < c.width * c.height; i++) {
            const MapCell *cell = &c.cells[i];
            MapLook mono = maprender_look(&gd, cell, MAP_MONO, false);
            assert_int_equal(mono.ch, cell->ch);
            assert_int_equal(mono.fg, -1);
            assert_int_equal(mono.bg, -1);
            assert_false(mono.attrs & MAP_A_REVERSE);
            if (cell->style == STY_TERRAIN) {
                assert_int_equal(cell->ch, gd.terrain[cell->terrain].symbol);
                letters++;
            }
            bool unit = cell->style == STY_UNION || cell->style == STY_CSA;
            if (unit) {
                assert_true(mono.attrs & MAP_A_UNDERLINE);
                units++;
            }
            MapLook named = maprender_look(&gd, cell, MAP_MONO, true);
            assert_int_equal(named.ch, cell->label ? cell->label : cell->ch);
            names += cell->label != 0;
            for (int depth = MAP_COLOUR8; depth <= MAP_COLOUR256; depth++) {
                MapLook l = maprender_look(&gd, cell, depth, false);
                assert_int_equal(l.ch, cell->ch); /* the text is the same in colour */
                if (unit) {
                    assert_true((l.attrs & MAP_A_REVERSE) || l.bg == 0);
                    continue;
                }
                if (cell->terrain < gd.nterrain) {
                    const TerrainKind *tk = &gd.terrain[cell->terrain];
                    assert_int_equal(l.bg, depth == MAP_COLOUR256 ? tk->background_256 : tk->background);
                } else
                    assert_int_equal(l.bg, -1);
                if (depth == MAP_COLOUR8 && l.bg >= 0 && cell->style != STY_TERRAIN)
                    assert_int_not_equal(l.fg, l.bg); /* what is drawn over a background shows */
            }
        }
        assert_true(letters > 100 && units > 0 && names > 0);
        maprender_free(&c);
    }
    mapview_free(&b);
    game_free(&g);
    gamedata_free(&gd);
    diags_free(&d);

    /* Without map-display.ini (the test data): no backgrounds, the old look. */
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    MapCanvas c;
    assert_true(maprender_draw(&gd, NULL, &c));
    for (int i = 0; i < c.width * c.height; i++) {
        MapLook l = maprender_look(&gd, &c.cells[i], MAP_COLOUR256, false);
        assert_int_equal(l.bg, -1);
        if (c.cells[i].style == STY_TERRAIN)
            assert_int_equal(l.fg, gd.terrain[c.cells[i].terrain].colour);
    }
    maprender_free(&c);
    gamedata_free(&gd);
    diags_free(&d);
}

/* A unit whose formation's colour is its hex's background keeps standing out. */
static void test_look_unit_on_its_own_colour(void **state)
{
    (void)state;
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(SOURCE_DIR, &gd, &d));
    int woods = data_terrain_by_symbol(&gd, 'w');
    int green = gd.terrain[woods].background;
    MapCell cell = {'C', STY_CSA, (unsigned char)woods, (unsigned char)green, 0};
    MapLook l = maprender_look(&gd, &cell, MAP_COLOUR8, true);
    assert_int_equal(l.fg, green);
    assert_int_not_equal(l.bg, green);
    assert_false(l.attrs & MAP_A_REVERSE);
    cell.colour = (unsigned char)((green + 1) % MAX_COLOUR);
    l = maprender_look(&gd, &cell, MAP_COLOUR8, true);
    assert_true(l.attrs & MAP_A_REVERSE);
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
        cmocka_unit_test(test_markers_picture),
        cmocka_unit_test(test_legend_names_the_markers),
        cmocka_unit_test(test_overview_picture),
        cmocka_unit_test(test_overview_positions),
        cmocka_unit_test(test_mapview_on_a_game),
        cmocka_unit_test(test_mapview_objectives),
        cmocka_unit_test(test_text_fit),
        cmocka_unit_test(test_compact_picture),
        cmocka_unit_test(test_compact_positions),
        cmocka_unit_test(test_labels_on_the_campaign_map),
        cmocka_unit_test(test_labels_give_way_to_units),
        cmocka_unit_test(test_label_names),
        cmocka_unit_test(test_look_without_colour_keeps_letters),
        cmocka_unit_test(test_look_unit_on_its_own_colour),
    };
    automa_register();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
