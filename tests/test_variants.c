/* VARIANT-HYPOTHETICAL: the hidden, alternating placement of command
 * counters on the Variable Placement Map and the deployment in the boxes'
 * zones, on the shipped campaign and on the mini map. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "rules/game_internal.h"
#include "rules/log.h"
#include "testutil.h"

static int box_index(const char *id)
{
    for (int b = 0; b < gd.nboxes; b++)
        if (strcmp(gd.boxes[b].id, id) == 0)
            return b;
    fail_msg("no box %s", id);
    return -1;
}

/* The last log entry whose text holds `needle`, or NULL. */
static const LogEntry *log_find(const Game *g, const char *needle)
{
    for (int i = g->log.count - 1; i >= 0; i--)
        if (strstr(g->log.items[i].text, needle))
            return &g->log.items[i];
    return NULL;
}

static void hypothetical(Game *g) { start_options(g, "campaign", 11, OPT_HYPOTHETICAL); }

/* Both sides' counters, alternating from the Confederates, into boxes that
 * meet every minimum. */
static const char *const csa_places[] = {"vp-place mclaws maryes-heights", "vp-place anderson zoan-church",
                                         "vp-place hill prospect-hill",    "vp-place rodes chancellorsville",
                                         "vp-place early prospect-hill",   "vp-place colston spotsylvania",
                                         "vp-place stuart mine-run"};
static const char *const usa_places[] = {"vp-place reynolds crossings",    "vp-place couch us-ford",
                                         "vp-place sickles banks-ford",    "vp-place meade germanna-elys",
                                         "vp-place sedgwick crossings",    "vp-place howard kellys-ford",
                                         "vp-place slocum germanna-elys"};

static void place_all(Game *g)
{
    for (int i = 0; i < 7; i++) {
        apply_text(g, csa_places[i]);
        apply_text(g, usa_places[i]);
    }
}

static void test_placement_alternates_hidden(void **state)
{
    (void)state;
    Game g;
    hypothetical(&g);
    assert_int_equal(g.st.phase, PH_PLACEMENT);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE); /* first = confederate */
    /* nothing of the campaign's formations is on the map yet; independents are */
    assert_int_equal(g.st.unit[U("heth")].where, AT_ABSENT);
    assert_int_equal(g.st.unit[U("von-gilsa")].where, AT_ABSENT);
    int independents = 0;
    for (int u = 0; u < g.st.nunits; u++)
        independents += gd.units[u].formation < 0 && g.st.unit[u].where == AT_MAP;
    assert_true(independents > 0);
    /* only counters of one's own side, in one's own boxes */
    refuse_text(&g, "vp-place reynolds kellys-ford", "not one of your formations");
    refuse_text(&g, "vp-place mclaws kellys-ford", "not a box of your side");
    /* nor any other decision */
    refuse_text(&g, "done", "the command counters are being placed");

    apply_text(&g, "vp-place mclaws maryes-heights");
    assert_int_equal(g.st.to_move, SIDE_UNION);
    int mh = box_index("maryes-heights");
    assert_int_equal(placement_box_count(&g, mh), 1);
    /* the Union sees the counter but not whose it is */
    assert_false(placement_visible(&g, SIDE_UNION, data_formation_index(&gd, "mclaws")));
    assert_true(placement_visible(&g, SIDE_CONFEDERATE, data_formation_index(&gd, "mclaws")));
    const LogEntry *secret = log_find(&g, "confederate places McLaws");
    assert_non_null(secret);
    assert_int_equal(secret->secret, SIDE_CONFEDERATE + 1);
    const LogEntry *open = log_find(&g, "face down in Marye's Heights");
    assert_non_null(open);
    assert_int_equal(open->secret, 0);
    assert_null(strstr(open->text, "McLaws"));
    /* a counter placed is taken back by its owner before the other answers */
    apply_text(&g, "vp-place reynolds crossings");
    char why[200];
    assert_true(game_undo(&g, SIDE_UNION, why, sizeof why));
    assert_int_equal(g.st.to_move, SIDE_UNION);
    game_free(&g);
}

static void test_placement_min_max(void **state)
{
    (void)state;
    Game g;
    hypothetical(&g);
    /* the Confederates fill Mine Run to its maximum of 2 */
    apply_text(&g, "vp-place stuart mine-run");
    apply_text(&g, "vp-place reynolds crossings");
    apply_text(&g, "vp-place colston mine-run");
    apply_text(&g, "vp-place couch us-ford");
    refuse_text(&g, "vp-place rodes mine-run", "the box already holds its maximum");
    /* four more in boxes of minimum 0: Spotsylvania and Chancellorsville */
    apply_text(&g, "vp-place rodes spotsylvania");
    apply_text(&g, "vp-place sickles banks-ford");
    apply_text(&g, "vp-place early spotsylvania");
    apply_text(&g, "vp-place meade germanna-elys");
    apply_text(&g, "vp-place hill chancellorsville");
    apply_text(&g, "vp-place sedgwick falmouth");
    /* two counters left, and Marye's Heights and Prospect Hill each need one */
    refuse_text(&g, "vp-place anderson chancellorsville", "could not fill every box's minimum");
    refuse_text(&g, "vp-place anderson zoan-church", "could not fill every box's minimum");
    assert_true(legal_has(&g, "vp-place anderson maryes-heights"));
    assert_true(legal_has(&g, "vp-place anderson prospect-hill"));
    assert_false(legal_has(&g, "vp-place anderson zoan-church"));
    apply_text(&g, "vp-place anderson prospect-hill");
    apply_text(&g, "vp-place howard kellys-ford");
    /* the last Confederate counter can only go to Marye's Heights */
    int n = legal_all(&g);
    for (int i = 0; i < n; i++) {
        char text[96];
        decision_format(&gd, &legal_buf[i], text, sizeof text);
        assert_non_null(strstr(text, "maryes-heights"));
    }
    apply_text(&g, "vp-place mclaws maryes-heights");
    /* the Confederates are done: the Union places its last alone, in turn */
    assert_int_equal(g.st.phase, PH_PLACEMENT);
    assert_int_equal(g.st.to_move, SIDE_UNION);
    apply_text(&g, "vp-place slocum germanna-elys");
    assert_int_equal(g.st.phase, PH_DEPLOY);
    game_free(&g);
}

static void test_reveal_and_deploy(void **state)
{
    (void)state;
    Game g;
    hypothetical(&g);
    place_all(&g);
    /* all turned over together: both may see, and undo stops here */
    assert_int_equal(g.st.phase, PH_DEPLOY);
    assert_true(placement_visible(&g, SIDE_UNION, data_formation_index(&gd, "mclaws")));
    assert_non_null(log_find(&g, "revealed: Franklin's and Fitzhugh's Crossings holds I Corps"));
    char why[200];
    assert_false(game_undo(&g, SIDE_UNION, why, sizeof why));
    /* the Confederates deploy first (the campaign's set-up order) */
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    refuse_text(&g, "deploy von-gilsa 1210", "not one of your units");
    /* Heth (Hill's division, Prospect Hill box): inside the zone, on bank S */
    const PlacementBox *ph = &gd.boxes[box_index("prospect-hill")];
    int place = data_place_index(&gd, "hamiltons-crossing");
    HexCoord hc = gd.map.places[place].hex;
    int n = legal_all(&g), heth = 0;
    for (int i = 0; i < n; i++) {
        assert_int_equal(legal_buf[i].kind, D_DEPLOY);
        if (legal_buf[i].arg != U("heth"))
            continue;
        heth++;
        HexCoord h = map_hex_at(&gd.map, legal_buf[i].hex);
        assert_true(hex_distance(h, hc) <= ph->zone_radius[0]);
        assert_int_equal(gd.map.hexes[legal_buf[i].hex].bank, 'S');
    }
    assert_true(heth > 3);
    /* a hex far from the zone is refused */
    char far[5];
    hex_format(gd.map.places[data_place_index(&gd, "chancellorsville")].hex, far);
    char text[64];
    snprintf(text, sizeof text, "deploy heth %s", far);
    refuse_text(&g, text, "outside the box's zone");
    /* deploy everything, first legal choice each time */
    int guard = 0;
    while (g.st.phase == PH_DEPLOY && guard++ < 400) {
        assert_true(legal_all(&g) > 0);
        char why2[200];
        assert_true(game_apply(&g, &legal_buf[0], why2, sizeof why2));
    }
    assert_int_equal(g.st.phase, PH_CHOOSE);
    assert_int_equal(g.st.turn, 1);
    /* every unit of a placed formation is in its box's zone (or the widened one) */
    for (int u = 0; u < g.st.nunits; u++) {
        int f = gd.units[u].formation;
        if (f < 0 || gd.formations[f].detached || g.st.unit[u].where != AT_MAP)
            continue;
        const PlacementBox *b = &gd.boxes[g.st.vp_box[f] - 2];
        bool in = false;
        for (int extra = 0; extra <= 3 && !in; extra++)
            in = data_box_holds(&gd, b, g.st.unit[u].hex, extra);
        assert_true(in);
        assert_false(g.st.vp_wait[u]);
    }
    /* I and VI Corps have no restrictions in this variant */
    assert_int_equal(g.st.lock_turn[data_formation_index(&gd, "reynolds")], 0);
    assert_int_equal(g.st.lock_turn[data_formation_index(&gd, "sedgwick")], 0);
    assert_int_equal(g.st.unit_lock[U("sully")], 0);
    apply_text(&g, "done"); /* the Confederates choose nothing */
    assert_int_equal(g.st.to_move, SIDE_UNION);
    assert_true(legal_has(&g, "choose reynolds"));
    assert_true(legal_has(&g, "choose sedgwick"));
    /* the deployment decisions are over */
    refuse_text(&g, "deploy heth 1210", "the hypothetical deployment is over");
    game_free(&g);
}

static void test_variant_of_the_campaign_only(void **state)
{
    (void)state;
    Game g;
    char err[300];
    assert_false(game_new_options(&g, &gd, data_scenario_index(&gd, "lee-moves"), 1, OPT_HYPOTHETICAL, err, sizeof err));
    assert_non_null(strstr(err, "variant of the campaign game"));
}

/* On the mini map the Confederate zone is one hex, a swamp no unit may
 * enter: the zone widens one hex for every unit. */
static void test_zone_widens(void **state)
{
    (void)state;
    GameData mini;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &mini, &d));
    diags_free(&d);
    Game g;
    char err[200];
    assert_true(game_new_options(&g, &mini, 0, 3, OPT_HYPOTHETICAL, err, sizeof err));
    Decision dec;
    char why[200];
    assert_true(decision_parse(&g, "vp-place hill crossroads", &dec));
    assert_true(game_apply(&g, &dec, why, sizeof why));
    assert_true(decision_parse(&g, "vp-place howard ford", &dec));
    assert_true(game_apply(&g, &dec, why, sizeof why));
    assert_int_equal(g.st.phase, PH_DEPLOY);
    HexCoord cross;
    hex_parse("0304", &cross);
    int widened = 0, deployed = 0;
    while (g.st.phase == PH_DEPLOY && g.st.to_move == SIDE_CONFEDERATE) {
        Decision list[400];
        int n = game_legal(&g, list, 400);
        assert_true(n > 0);
        /* every hex offered lies in one ring round the crossroads: the
         * crossroads itself if a unit could stand there, else only the ring
         * beyond (the mini crossroads is a swamp: no unit may enter it) */
        int dist = hex_distance(map_hex_at(&mini.map, list[0].hex), cross);
        for (int i = 0; i < n; i++)
            assert_int_equal(hex_distance(map_hex_at(&mini.map, list[i].hex), cross), dist);
        short mover = (short)list[0].arg;
        int ch = map_hex_index(&mini.map, cross);
        bool full = mini.terrain[mini.map.hexes[ch].terrain].move == COST_NO ||
                    stack_over_with(&g, ch, SIDE_CONFEDERATE, &mover, 1, 0, 0);
        assert_int_equal(dist, full ? 1 : 0);
        widened += dist > 0;
        assert_true(game_apply(&g, &list[0], why, sizeof why));
        deployed++;
    }
    assert_int_equal(deployed, 5);
    assert_true(widened >= 1);
    bool logged = false;
    for (int i = 0; i < g.log.count; i++)
        logged |= strstr(g.log.items[i].text, "the zone widened") != NULL;
    assert_true(logged);
    game_free(&g);
    gamedata_free(&mini);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_placement_alternates_hidden),
        cmocka_unit_test(test_placement_min_max),
        cmocka_unit_test(test_reveal_and_deploy),
        cmocka_unit_test(test_variant_of_the_campaign_only),
        cmocka_unit_test(test_zone_widens),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
