/* Whole sequences: one test walks a night turn through every step in its
 * order (SEQ-NIGHT), and one test per short scenario checks all of its
 * terms together: turns, set-up order, activation points, command chits,
 * skirmishers, special rules, the play area and the victory conditions
 * (SCENARIO-LEE-MOVES, SCENARIO-JACKSON, SCENARIO-CHANCELLORSVILLE). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "rules/game_internal.h"
#include "testutil.h"

/* The formations `g`'s side to move may choose now, sorted, space separated. */
static void choosable(const Game *g, char *out, size_t size)
{
    int n = legal_all(g);
    char ids[32][ID_LEN];
    int k = 0;
    for (int i = 0; i < n && k < 32; i++)
        if (legal_buf[i].kind == D_CHOOSE)
            strcpy(ids[k++], gd.formations[legal_buf[i].arg].id);
    qsort(ids, (size_t)k, ID_LEN, (int (*)(const void *, const void *))strcmp);
    out[0] = '\0';
    for (int i = 0; i < k; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "", ids[i]);
}

static void expect_choosable(const Game *g, const char *want)
{
    char got[400];
    choosable(g, got, sizeof got);
    assert_string_equal(got, want);
}

static void expect_points(const Game *g, int turn, int union_pts, int csa_pts)
{
    assert_int_equal(g->st.turn, turn);
    assert_int_equal(g->st.points[SIDE_UNION], union_pts);
    assert_int_equal(g->st.points[SIDE_CONFEDERATE], csa_pts);
}

static int place_hex(const char *place)
{
    return map_hex_index(&gd.map, gd.map.places[data_place_index(&gd, place)].hex);
}

static void clear_hex(Game *g, int hex)
{
    for (int u = 0; u < g->st.nunits; u++)
        if (g->st.unit[u].where == AT_MAP && g->st.unit[u].hex == hex)
            take_off(g, gd.units[u].id);
}

static void put_hex(Game *g, const char *unit, int hex)
{
    char hx[5];
    hex_format(map_hex_at(&gd.map, hex), hx);
    put(g, unit, hx);
}

static void eliminate(Game *g, const char *unit)
{
    unit_reset(g, U(unit), (UnitState){.hex = -1, .where = AT_ELIMINATED, .steps = 0, .flags = 0, .exited_from = -1});
}

/* A hex where a Confederate unit is out of supply in the campaign. */
static int unsupplied_hex(const Game *campaign)
{
    int cells = gd.map.cols * gd.map.rows;
    short *hexes = malloc((size_t)cells * sizeof *hexes);
    bool *ok = malloc((size_t)cells * sizeof *ok);
    assert_non_null(hexes);
    assert_non_null(ok);
    for (int h = 0; h < cells; h++)
        hexes[h] = (short)h;
    game_hexes_supplied(campaign, SIDE_CONFEDERATE, hexes, cells, ok);
    int found = -1;
    for (int h = 0; h < cells && found < 0; h++)
        if (!ok[h] && gd.terrain[gd.map.hexes[h].terrain].move != COST_NO && !hex_has_side(campaign, h, SIDE_UNION) &&
            !next_to_side(campaign, h, SIDE_UNION))
            found = h;
    free(hexes);
    free(ok);
    assert_true(found >= 0);
    return found;
}

/* Every move `legal` offers ends inside the scenario's play area. */
static void moves_stay_in(const Game *g, const char *nw, const char *se)
{
    HexCoord a, b;
    assert_true(hex_parse(nw, &a));
    assert_true(hex_parse(se, &b));
    int n = legal_all(g), moves = 0;
    for (int i = 0; i < n; i++) {
        if (legal_buf[i].kind != D_MOVE)
            continue;
        moves++;
        HexCoord h = map_hex_at(&gd.map, legal_buf[i].arg);
        assert_true(h.col >= a.col && h.col <= b.col && h.row >= a.row && h.row <= b.row);
    }
    assert_true(moves > 0);
}

/* The activated chit goes on the first hex `legal` offers. */
static void place_first(Game *g)
{
    int n = legal_all(g);
    for (int i = 0; i < n; i++)
        if (legal_buf[i].kind == D_PLACE) {
            char why[200];
            assert_true(game_apply(g, &legal_buf[i], why, sizeof why));
            return;
        }
    fail_msg("no place to put the chit");
}

/* ---- SEQ-NIGHT ---------------------------------------------------------- */

static int log_index(const Game *g, int from, const char *rule, const char *needle)
{
    for (int i = from; i < g->log.count; i++)
        if (strcmp(g->log.items[i].rule, rule) == 0 && strstr(g->log.items[i].text, needle))
            return i;
    fail_msg("no %s log entry with '%s' after %d", rule, needle, from);
    return -1;
}

static void test_night_turn_in_order(void **state)
{
    (void)state;
    Game g;
    start_options(&g, "campaign", 7, OPT_EVENTS);
    advance_to(&g, 5);
    assert_true(gd.turns[4].night);
    expect_points(&g, 5, gd.turns[4].points[SIDE_UNION], gd.turns[4].points[SIDE_CONFEDERATE]);
    /* markers for every step of the night */
    int pool = g.st.skirmishers[SIDE_CONFEDERATE];
    int sk = skirmisher_place(&g, SIDE_CONFEDERATE, g.st.unit[U("heth")].hex);
    assert_true(sk >= 0);
    g.st.unit[U("pender")].flags |= UF_DIS;
    g.st.unit[U("lane")].flags |= UF_DEM;
    g.st.unit[U("heth")].steps = 1;
    put_hex(&g, "walker", unsupplied_hex(&g));
    /* the night's activations: each side may still activate formations */
    apply_text(&g, "choose hill");
    int start = g.log.count;
    pass_until(&g, PH_RECOVERY);
    int hand_c = game_hand_size(&g, SIDE_CONFEDERATE), hand_u = game_hand_size(&g, SIDE_UNION);
    /* 1: the activations are over; 2: skirmishers off, pool refilled less one */
    int over = log_index(&g, start, "SEQ-NIGHT", "activations are over");
    int skirm = log_index(&g, over, "SKIRM-RULES", "confederate skirmishers");
    assert_int_equal(g.st.unit[sk].where, AT_ABSENT);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], pool);
    /* 3: supply, with its markers */
    int oos = log_index(&g, skirm, "OOS-LADDER", "Walker");
    int supply = log_index(&g, oos, "SUPPLY", "supply checked");
    assert_true(g.st.unit[U("walker")].flags & UF_OOS);
    assert_false(g.st.unit[U("heth")].flags & UF_OOS);
    /* 4: order returns to units in supply */
    int order = log_index(&g, supply, "DISORG", "Pender");
    log_index(&g, supply, "DEMORAL", "Lane");
    assert_false(g.st.unit[U("pender")].flags & UF_DIS);
    assert_true(g.st.unit[U("lane")].flags & UF_DIS);
    assert_false(g.st.unit[U("lane")].flags & UF_DEM);
    /* 5: one unit per formation recovers a step, Confederates first */
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    apply_text(&g, "recover heth");
    int recovered = log_index(&g, order, "RECOVERY", "Heth");
    assert_int_equal(g.st.unit[U("heth")].steps, 2);
    for (int guard = 0; g.st.phase == PH_RECOVERY && guard < 50; guard++) {
        int n = legal_all(&g);
        const Decision *pick = NULL;
        for (int i = 0; i < n && !pick; i++)
            if (legal_buf[i].kind == D_DONE)
                pick = &legal_buf[i];
        if (!pick)
            pick = &legal_buf[0];
        char why[200];
        assert_true(game_apply(&g, pick, why, sizeof why));
    }
    /* 6: each side draws an event chit; then the next turn */
    int draw = log_index(&g, recovered, "EVENTS", "the night's draw");
    int next = log_index(&g, draw, "SEQ-DAY", "turn 6 begins");
    assert_true(over < skirm && skirm < supply && supply < order && order < recovered && recovered < draw &&
                draw < next);
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), hand_c + gd.event_rules.night_draw);
    assert_int_equal(game_hand_size(&g, SIDE_UNION), hand_u + gd.event_rules.night_draw);
    assert_int_equal(g.st.turn, 6);
    game_free(&g);
}

/* ---- the scenarios ------------------------------------------------------- */

static void test_lee_moves_whole(void **state)
{
    (void)state;
    Game g;
    start(&g, "lee-moves", 5);
    const ScenarioDef *sc = &gd.scenarios[g.st.scenario];
    assert_int_equal(sc->first_turn, 6);
    assert_int_equal(sc->last_turn, 8);
    assert_int_equal(sc->first_side, SIDE_CONFEDERATE); /* ANV sets up first */
    expect_points(&g, 6, 1, 2);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], 5);
    assert_int_equal(g.st.skirmishers[SIDE_UNION], 2);
    /* command chits: Jackson (a higher commander), Anderson, Rodes, McLaws */
    expect_choosable(&g, "anderson mclaws rodes");
    assert_true(legal_has(&g, "higher jackson rodes"));
    /* Rebel Yell held, once */
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 1);
    assert_int_equal(g.st.ev_held[data_event_index(&gd, SIDE_CONFEDERATE, "rebel-yell")], 1);
    /* always supplied: where the campaign would cut a unit off */
    Game campaign;
    start(&campaign, "campaign", 5);
    int cut = unsupplied_hex(&campaign);
    game_free(&campaign);
    put_hex(&g, "walker", cut);
    assert_true(game_in_supply(&g, U("walker")));
    take_off(&g, "walker");
    /* Meade and Slocum; Couch waits until one of his units is attacked */
    apply_text(&g, "choose anderson");
    apply_text(&g, "done");
    expect_choosable(&g, "meade slocum");
    refuse_text(&g, "choose couch", "until one of its units is attacked");
    apply_text(&g, "done");
    /* the play area bounds every move */
    draw_until(&g, "anderson");
    place_first(&g);
    moves_stay_in(&g, "1716", "2925");
    game_free(&g);

    /* the activation points of turns 7 and 8 */
    start(&g, "lee-moves", 5);
    advance_to(&g, 7);
    expect_points(&g, 7, 2, 3);
    advance_to(&g, 8);
    expect_points(&g, 8, 2, 3);
    /* victory: who holds Zoan Church at the end of turn 8; Anderson does */
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.turn, 8);
    assert_int_equal(g.st.result, RES_CONFEDERATE);
    game_free(&g);
    /* a Union unit there instead wins it for the Union, and not before the end */
    start(&g, "lee-moves", 5);
    int zoan = place_hex("zoan-church");
    clear_hex(&g, zoan);
    put_hex(&g, "ayres", zoan);
    advance_to(&g, 8);
    assert_int_equal(g.st.result, RES_NONE);
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_UNION);
    game_free(&g);
}

static void test_jacksons_attack_whole(void **state)
{
    (void)state;
    Game g;
    start(&g, "jacksons-attack", 5);
    const ScenarioDef *sc = &gd.scenarios[g.st.scenario];
    assert_int_equal(sc->first_turn, 13);
    assert_int_equal(sc->last_turn, 15);
    assert_int_equal(sc->first_side, SIDE_UNION); /* AoP sets up first */
    expect_points(&g, 13, 1, 3);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], 5);
    assert_int_equal(g.st.skirmishers[SIDE_UNION], 2);
    expect_choosable(&g, "colston hill rodes");
    /* four chits held, once each */
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 4);
    /* Jackson's activation comes first, before any draw */
    apply_text(&g, "higher jackson hill+rodes");
    apply_text(&g, "done");
    expect_choosable(&g, "howard sickles slocum");
    apply_text(&g, "choose howard");
    apply_text(&g, "done");
    assert_int_equal(g.st.drawn.kind, CHIT_HIGHER);
    assert_string_equal(gd.commanders[g.st.drawn.index].id, "jackson");
    apply_text(&g, "activate");
    place_first(&g); /* then the play area bounds the moves */
    moves_stay_in(&g, "0616", "2126");
    game_free(&g);
    /* Jackson may act again on turn 14 */
    start(&g, "jacksons-attack", 5);
    apply_text(&g, "higher jackson hill");
    advance_to(&g, 14);
    expect_points(&g, 14, 2, 3);
    assert_true(legal_has(&g, "higher jackson rodes"));
    advance_to(&g, 15);
    expect_points(&g, 15, 1, 1);
    game_free(&g);

    /* victory: Chancellorsville held at the end of turn 15 */
    int ch = place_hex("chancellorsville");
    start(&g, "jacksons-attack", 5);
    clear_hex(&g, ch);
    put_hex(&g, "heth", ch);
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_CONFEDERATE);
    game_free(&g);
    /* otherwise whoever eliminated more units: the Confederates... */
    start(&g, "jacksons-attack", 5);
    clear_hex(&g, ch);
    eliminate(&g, "von-gilsa");
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_CONFEDERATE);
    game_free(&g);
    /* ... or the Union ... */
    start(&g, "jacksons-attack", 5);
    clear_hex(&g, ch);
    eliminate(&g, "heth");
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_UNION);
    game_free(&g);
    /* ... or, level, a draw */
    start(&g, "jacksons-attack", 5);
    clear_hex(&g, ch);
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_DRAW);
    game_free(&g);
}

static void test_chancellorsville_whole(void **state)
{
    (void)state;
    Game g;
    start(&g, "chancellorsville", 5);
    const ScenarioDef *sc = &gd.scenarios[g.st.scenario];
    assert_int_equal(sc->first_turn, 16);
    assert_int_equal(sc->last_turn, 18);
    assert_int_equal(sc->first_side, SIDE_UNION);
    expect_points(&g, 16, 2, 4);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], 4);
    assert_int_equal(g.st.skirmishers[SIDE_UNION], 2);
    expect_choosable(&g, "anderson colston hill mclaws rodes");
    assert_true(legal_has(&g, "higher lee hill"));
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 2);
    assert_int_equal(g.st.ev_held[data_event_index(&gd, SIDE_CONFEDERATE, "demons-out-of-the-earth")], 1);
    assert_int_equal(g.st.ev_held[data_event_index(&gd, SIDE_CONFEDERATE, "rebel-yell")], 1);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    expect_choosable(&g, "couch howard meade reynolds sickles slocum");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    place_first(&g);
    moves_stay_in(&g, "1215", "2325");
    game_free(&g);
    start(&g, "chancellorsville", 5);
    advance_to(&g, 17);
    expect_points(&g, 17, 2, 4);
    advance_to(&g, 18);
    expect_points(&g, 18, 2, 4);
    /* the two places not taken by the end of turn 18: the Union wins */
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_UNION);
    game_free(&g);
    /* one of them is not enough, even at the end */
    start(&g, "chancellorsville", 5);
    int fv = place_hex("fairview");
    clear_hex(&g, fv);
    put_hex(&g, "heth", fv);
    assert_int_equal(g.st.result, RES_NONE);
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_UNION);
    game_free(&g);
    /* both, and the game ends at once, whatever the turn */
    start(&g, "chancellorsville", 5);
    int ch = place_hex("chancellorsville");
    clear_hex(&g, fv);
    clear_hex(&g, ch);
    put_hex(&g, "heth", fv);
    put_hex(&g, "lane", ch);
    apply_text(&g, "done");
    assert_int_equal(g.st.phase, PH_GAME_OVER);
    assert_int_equal(g.st.turn, 16);
    assert_int_equal(g.st.result, RES_CONFEDERATE);
    game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_night_turn_in_order),
        cmocka_unit_test(test_lee_moves_whole),
        cmocka_unit_test(test_jacksons_attack_whole),
        cmocka_unit_test(test_chancellorsville_whole),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
