/* Orders on the map (src/view/orders.c) and the engine's previews
 * (game_move_preview, game_command_preview): a stack selected, where it may
 * go with the cost and the way, whom it may attack, the command radius. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h"
#include "testutil.h"
#include "view/advice.h"
#include "view/odds.h"
#include "view/orders.h"

static int hexi(const char *id) { return map_hex_index(&gd.map, tu_hex(id)); }

/* Lee Moves, Anderson's chit placed at 2322: Mahone, Wright and Garnett's
 * guns share 2322. */
static void anderson_placed(Game *g)
{
    anderson_activated(g);
    apply_text(g, "place 2322");
}

static void test_placing_the_chit_lights_the_legal_hexes_and_the_radius(void **state)
{
    (void)state;
    Game g;
    anderson_activated(&g);
    int n = legal_all(&g);
    unsigned char *mark = malloc((size_t)(gd.map.cols * gd.map.rows));
    orders_marks(&g, legal_buf, n, NULL, mark);
    assert_int_equal(mark[hexi("2322")], OM_OTHER);  /* next to Anderson's brigades */
    assert_int_equal(mark[hexi("0101")], OM_NONE);   /* refused by the rules: not lit */
    int idx[8];
    assert_int_equal(orders_at(&g, legal_buf, n, NULL, hexi("2322"), idx, 8), 1);
    char text[80];
    decision_format(&gd, &legal_buf[idx[0]], text, sizeof text);
    assert_string_equal(text, "place 2322");
    /* The radius the chit would have there: 3 along the Turnpike (ACT-RADIUS). */
    unsigned char *range = calloc((size_t)(gd.map.cols * gd.map.rows), 1);
    assert_true(game_command_preview(&g, hexi("2322"), range));
    assert_true(range[hexi("2622")]);
    assert_false(range[hexi("2722")]);
    free(range);
    free(mark);
    game_free(&g);
}

static void test_selecting_a_stack_shows_where_it_may_go(void **state)
{
    (void)state;
    Game g;
    anderson_placed(&g);
    int n = legal_all(&g);
    OrderSel s;
    assert_false(orders_select(&g, legal_buf, n, hexi("0101"), &s));
    assert_int_equal(s.hex, -1);
    assert_true(orders_select(&g, legal_buf, n, hexi("2322"), &s));
    assert_int_equal(s.nunits, 3); /* the whole stack moves together by default */
    unsigned char *mark = malloc((size_t)(gd.map.cols * gd.map.rows));
    orders_marks(&g, legal_buf, n, &s, mark);
    assert_int_equal(mark[hexi("2322")], OM_SOURCE);
    assert_int_equal(mark[hexi("2221")], OM_MOVE);
    /* Every lit hex is one of the list's moves for exactly these units. */
    int lit = 0;
    for (int h = 0; h < gd.map.cols * gd.map.rows; h++) {
        if (mark[h] != OM_MOVE)
            continue;
        lit++;
        int idx[4];
        assert_int_equal(orders_at(&g, legal_buf, n, &s, h, idx, 4), 1);
        assert_int_equal(legal_buf[idx[0]].kind, D_MOVE);
        assert_int_equal(legal_buf[idx[0]].nunits, 3);
    }
    assert_true(lit > 3);
    /* Mahone and Wright without the guns: the list offers one unit or the
     * whole stack, so nothing is lit until the engine is asked about this
     * group; then its moves light up, and they can be made. */
    orders_toggle(&s, U("garnett-art"));
    assert_int_equal(s.nunits, 2);
    orders_marks(&g, legal_buf, n, &s, mark);
    assert_int_equal(mark[hexi("2221")], OM_NONE);
    Decision group[400];
    int ng = game_group_moves(&g, s.units, s.nunits, group, 400);
    assert_true(ng > 3 && ng <= 400);
    orders_marks(&g, group, ng, &s, mark);
    assert_int_equal(mark[hexi("2221")], OM_MOVE);
    int gi[4];
    assert_int_equal(orders_at(&g, group, ng, &s, hexi("2221"), gi, 4), 1);
    /* Dropping Wright too leaves Mahone to go alone: his own moves light up. */
    orders_toggle(&s, U("wright"));
    assert_int_equal(s.nunits, 1);
    orders_marks(&g, legal_buf, n, &s, mark);
    int idx[4];
    assert_int_equal(orders_at(&g, legal_buf, n, &s, hexi("2221"), idx, 4), 1);
    char text[80];
    decision_format(&gd, &legal_buf[idx[0]], text, sizeof text);
    assert_string_equal(text, "move mahone 2221");
    /* Dropping both: nothing is an order for an empty selection. */
    orders_toggle(&s, U("mahone"));
    assert_int_equal(orders_at(&g, legal_buf, n, &s, hexi("2221"), idx, 4), 0);
    s.nunits = 2;
    s.units[0] = (short)U("mahone");
    s.units[1] = (short)U("wright");
    /* Nothing for units that are not active (McLaws's are not). */
    short kershaw = (short)U("kershaw");
    assert_int_equal(game_group_moves(&g, &kershaw, 1, group, 400), 0);
    char why[200];
    assert_true(game_apply(&g, &group[gi[0]], why, sizeof why));
    assert_int_equal(g.st.unit[U("wright")].hex, hexi("2221"));
    assert_int_equal(g.st.unit[U("garnett-art")].hex, hexi("2322"));
    /* Moved units have no more moves. */
    assert_int_equal(game_group_moves(&g, s.units, s.nunits, group, 400), 0);
    free(mark);
    game_free(&g);
}

static void test_move_preview_gives_the_way_and_its_cost(void **state)
{
    (void)state;
    Game g;
    anderson_placed(&g);
    Decision d;
    assert_true(decision_parse(&g, "move mahone 2221", &d));
    short path[64];
    int cost = -1, allowance = -1;
    int len = game_move_preview(&g, &d, path, 64, &cost, &allowance);
    assert_int_equal(len, 2); /* next door: start and end */
    assert_int_equal(path[0], hexi("2322"));
    assert_int_equal(path[1], hexi("2221"));
    assert_true(cost > 0 && cost <= allowance);
    /* The preview's cost is the one the move spends: a longer move costs more. */
    int n = legal_all(&g);
    int far = -1, far_cost = 0;
    for (int i = 0; i < n; i++) {
        if (legal_buf[i].kind != D_MOVE || legal_buf[i].nunits != 1 || legal_buf[i].units[0] != U("mahone"))
            continue;
        int c = 0, a = 0;
        int l = game_move_preview(&g, &legal_buf[i], path, 64, &c, &a);
        assert_true(l >= 2);
        assert_int_equal(path[l - 1], legal_buf[i].arg); /* every way ends where the move goes */
        assert_true(c <= a);
        if (c > far_cost)
            far_cost = c, far = i;
    }
    assert_true(far >= 0 && far_cost > cost);
    /* Not a move that can be made: no preview. */
    assert_true(decision_parse(&g, "move mahone 0101", &d));
    assert_int_equal(game_move_preview(&g, &d, path, 64, &cost, &allowance), 0);
    game_free(&g);
}

static void test_attacks_show_on_the_enemy_hex(void **state)
{
    (void)state;
    Game g;
    anderson_placed(&g);
    put(&g, "barnes", "2221"); /* a Union brigade next to Mahone and Wright */
    stay_put(&g);              /* movement over: the combat step */
    int n = legal_all(&g);
    unsigned char *mark = malloc((size_t)(gd.map.cols * gd.map.rows));
    orders_marks(&g, legal_buf, n, NULL, mark);
    assert_int_equal(mark[hexi("2221")], OM_ATTACK);
    assert_int_equal(mark[hexi("2322")], OM_SOURCE);
    int idx[16];
    int k = orders_at(&g, legal_buf, n, NULL, hexi("2221"), idx, 16);
    assert_true(k >= 3); /* each alone, both together */
    OrderSel s;
    assert_true(orders_select(&g, legal_buf, n, hexi("2322"), &s));
    assert_int_equal(s.nunits, 3);
    k = orders_at(&g, legal_buf, n, &s, hexi("2221"), idx, 16);
    assert_int_equal(k, 1);
    char text[120];
    decision_format(&gd, &legal_buf[idx[0]], text, sizeof text);
    assert_non_null(strstr(text, "attack"));
    assert_non_null(strstr(text, "mahone"));
    assert_non_null(strstr(text, "wright"));
    free(mark);
    game_free(&g);
}

/* ---- traps named before they are made (view/advice.h, issue 14) ---- */

static int advice_of(Game *g, const char *text, char *buf, size_t size)
{
    Decision d;
    assert_true(decision_parse(g, text, &d));
    int n = legal_all(g);
    return advice_for(g, &d, legal_buf, n, buf, size);
}

/* The rulebook's bombardment: Hill's Walker and Nelson next to Von Gilsa
 * in the open (a clear hex t), the chit placed by Walker, Nelson attached;
 * with brigades, Pender, Lane and Thomas stand with Walker, still to move. */
static HexCoord gilsa_under_the_guns(Game *g, bool brigades)
{
    hill_activated(g);
    HexCoord t = open_ground(g), w = hex_neighbour(t, DIR_N), nl = hex_neighbour(t, DIR_NW);
    put_at(g, "von-gilsa", t);
    put_at(g, "walker", w);
    put_at(g, "nelson", nl);
    for (int i = 0; brigades && i < 3; i++)
        put_at(g, (const char *[]){"pender", "lane", "thomas"}[i], w);
    run(g, "place %s", w);
    apply_text(g, "attach nelson");
    return t;
}

static void test_a_bombardment_that_ends_movement_is_a_trap(void **state)
{
    (void)state;
    /* The rulebook's bombardment: Walker and Nelson at Von Gilsa, Hill's
     * other brigades still to move. Bombarding ends movement for all. */
    Game g;
    HexCoord t = gilsa_under_the_guns(&g, true), w = hex_neighbour(t, DIR_N);
    char cmd[96], why[400];
    run(&g, "move pender %s", hex_neighbour(w, DIR_N)); /* one of Hill's brigades moves: it is not counted */
    int unmoved = 0;
    for (int i = 0; i < g.st.nunits; i++)
        unmoved += (g.st.unit[i].flags & UF_ACTIVE) && !(g.st.unit[i].flags & UF_MOVED) &&
                   g.st.unit[i].where == AT_MAP && i != U("walker") && i != U("nelson");
    assert_true(unmoved >= 2);
    char hx[5];
    hex_format(t, hx);
    snprintf(cmd, sizeof cmd, "bombard walker+nelson %s troops", hx);
    assert_int_equal(advice_of(&g, cmd, why, sizeof why), ADVICE_CONFIRM);
    char want[120];
    snprintf(want, sizeof want, "bombarding ends movement for the whole activation: %d units", unmoved);
    assert_non_null(strstr(why, want));
    /* the attack warns the same way; the activation's end only notes it */
    assert_int_equal(advice_of(&g, "end", why, sizeof why), ADVICE_NOTE);
    /* with every unit moved, bombarding costs nothing more: no warning */
    unsigned short flags[GS_MAX_UNITS];
    for (int i = 0; i < g.st.nunits; i++) {
        flags[i] = g.st.unit[i].flags;
        if (g.st.unit[i].flags & UF_ACTIVE)
            g.st.unit[i].flags |= UF_MOVED;
    }
    assert_int_equal(advice_of(&g, cmd, why, sizeof why), ADVICE_NONE);
    for (int i = 0; i < g.st.nunits; i++)
        g.st.unit[i].flags = flags[i];
    /* what the warning says is what the rules do: after the bombardment no one moves */
    apply_text(&g, cmd);
    if (g.st.pending == PEND_BREASTWORK)
        apply_text(&g, "no-breastwork");
    snprintf(cmd, sizeof cmd, "move lane %s", hx);
    refuse_text(&g, cmd, "movement ends with the first bombardment");
    game_free(&g);
}

static void test_a_loss_that_eliminates_is_marked_and_asked_about(void **state)
{
    (void)state;
    /* Von Gilsa (two steps) and McLean (one step left) attacked in the open:
     * each loss says what it leaves; McLean's eliminates him while Von
     * Gilsa could take it, so it is asked about. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "mclean", t);
    g.st.unit[U("mclean")].steps = 1;
    put_at(&g, "pender", n);
    put_at(&g, "lane", n);
    put_at(&g, "thomas", n);
    run(&g, "place %s", n);
    run(&g, "attack pender+lane+thomas %s", t);
    while (!legal_has(&g, "lose von-gilsa")) {
        int k = legal_all(&g);
        assert_true(k > 0);
        char text[200];
        assert_int_equal(rng_force(&g.st.rng, 6), 0);
        decision_format(&gd, &legal_buf[k - 1], text, sizeof text);
        if (legal_has(&g, "no-skirmisher"))
            snprintf(text, sizeof text, "no-skirmisher");
        else if (legal_has(&g, "no-breastwork"))
            snprintf(text, sizeof text, "no-breastwork");
        apply_text(&g, text);
    }
    char why[400], want[120];
    assert_int_equal(advice_of(&g, "lose mclean", why, sizeof why), ADVICE_CONFIRM);
    assert_non_null(strstr(why, "eliminates"));
    assert_int_equal(advice_of(&g, "lose von-gilsa", why, sizeof why), ADVICE_NOTE);
    snprintf(want, sizeof want, "%s %d -> %d", gd.units[U("von-gilsa")].name, gd.units[U("von-gilsa")].strength,
             gd.units[U("von-gilsa")].reduced);
    assert_string_equal(why, want);
    /* after the first loss both are on their last step, but retreating
     * instead of a loss would save them: an eliminating loss is still asked about */
    apply_text(&g, "lose von-gilsa");
    assert_true(g.st.cb_hits_def > 0);
    assert_true(legal_has(&g, "retreat-instead"));
    assert_int_equal(advice_of(&g, "lose von-gilsa", why, sizeof why), ADVICE_CONFIRM);
    game_free(&g);
}

/* ---- the odds of an attack before it is declared (view/odds.h) ---- */

static void test_odds_arithmetic(void **state)
{
    (void)state;
    assert_true(odds_die(5, 0) == 2.0 / 6);
    assert_true(odds_die(5, 1) == 3.0 / 6);
    assert_true(odds_die(5, -4) == 0.0);
    assert_true(odds_die(5, 4) == 1.0);
    /* 4 dice at 5+ against 2 dice, the first force-marched (-1), two steps a side */
    CombatPreview p = {.att_points = 12, .def_points = 3, .att_dice = 4, .def_dice = 2, .att_dice_bw = -1,
                       .def_first_mod = -1, .att_steps = 2, .def_steps = 2, .hit_on = 5};
    CombatOdds o;
    odds_combat(&p, &o);
    assert_float_equal(o.att_hits[0], 16.0 / 81, 1e-9);
    assert_float_equal(o.att_hits[1], 32.0 / 81, 1e-9);
    assert_float_equal(o.att_hits[4], 1.0 / 81, 1e-9);
    assert_float_equal(o.def_gone_held, 33.0 / 81, 1e-9); /* 2+ hits: both steps, with nowhere to retreat */
    assert_float_equal(o.def_gone, 9.0 / 81, 1e-9);       /* 3+: a retreat may cancel one loss (RETREAT-FOR-LOSS) */
    assert_float_equal(o.def_hits[0], 5.0 / 6 * 2 / 3, 1e-9);
    assert_float_equal(o.def_hits[2], 1.0 / 6 / 3, 1e-9);
    assert_float_equal(o.att_gone, 1.0 / 18, 1e-9);
    assert_float_equal(o.att_mean, 4.0 / 3, 1e-9);
    /* an elite bonus of 2 spread one a die: two dice hit on 4+ */
    p.att_bonus = 2;
    odds_combat(&p, &o);
    assert_float_equal(o.att_hits[0], (1.0 / 2) * (1.0 / 2) * (2.0 / 3) * (2.0 / 3), 1e-9);
    char text[800];
    odds_text(&p, &o, 32, text, sizeof text);
    assert_non_null(strstr(text, "Points 12 to 3 (4.00:1)"));
    assert_non_null(strstr(text, "Your hits (they have 2 steps): 0:11% 1:33% 2:36% 3+:19%"));
    assert_non_null(strstr(text, "Elite bonus: yours 2"));
    assert_non_null(strstr(text, "their first die -1 (forced march)"));
}

static void test_the_preview_is_the_combat(void **state)
{
    (void)state;
    /* Pender, Lane and Thomas (11 points) on Von Gilsa in the open: the
     * preview's points and dice are those the combat then rolls. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n);
    put_at(&g, "lane", n);
    put_at(&g, "thomas", n);
    run(&g, "place %s", n);
    short att[3] = {(short)U("pender"), (short)U("lane"), (short)U("thomas")}, hex[1] = {(short)hx_index(t)};
    CombatPreview p;
    game_combat_preview(&g, att, 3, hex, 1, &p);
    assert_int_equal(p.att_points, 11);
    assert_int_equal(p.def_points, game_unit_points(&g, U("von-gilsa")));
    assert_int_equal(p.def_steps, 2);
    assert_int_equal(p.att_dice_bw, -1); /* no breastwork yet */
    CombatOdds o;
    odds_combat(&p, &o);
    double sum = 0;
    for (int k = 0; k <= ODDS_MAX_HITS; k++)
        sum += o.att_hits[k];
    assert_float_equal(sum, 1.0, 1e-9);
    run(&g, "attack pender+lane+thomas %s", t);
    apply_text(&g, "no-skirmisher");
    apply_text(&g, "no-breastwork");
    assert_int_equal(g.st.cb_att_dice, p.att_dice);
    assert_int_equal(g.st.cb_def_dice, p.def_dice);
    assert_int_equal(g.st.cb_att_bonus_max, p.att_bonus);
    game_free(&g);
}

static void test_the_bombardment_preview_is_the_table(void **state)
{
    (void)state;
    /* The rulebook's bombardment: Walker and Nelson (4) at Von Gilsa in the
     * open, who builds a breastwork; die 5, +1 open, -1 breastwork: a step.
     * The preview gives that result for a 5 with the breastwork. */
    Game g;
    HexCoord t = gilsa_under_the_guns(&g, false);
    char cmd[96], hx[5];
    hex_format(t, hx);
    snprintf(cmd, sizeof cmd, "bombard walker+nelson %s troops", hx);
    Decision d;
    assert_true(decision_parse(&g, cmd, &d));
    BombardPreview p;
    game_bombard_preview(&g, &d, &p);
    assert_int_equal(p.factor, 4);
    assert_int_equal(p.terrain_mod, 1);
    assert_true(p.breastwork_possible);
    assert_int_equal(p.result_bw[5 - 1], ART_LOSS);
    char line[400];
    odds_bombard_line(&p, line, sizeof line);
    assert_non_null(strstr(line, "factor 4 (terrain +1): "));
    assert_non_null(strstr(line, "; if they build a breastwork first: "));
    apply_text(&g, cmd);
    assert_int_equal(rng_force(&g.st.rng, 5), 0);
    apply_text(&g, "breastwork");
    assert_int_equal(g.st.unit[U("von-gilsa")].steps, 1); /* as the preview said */
    game_free(&g);
}

static void test_leaving_works_and_obligations_are_traps(void **state)
{
    (void)state;
    /* Pender and Lane in their breastwork at n, next to Von Gilsa at t and
     * McLean at t2 (both next to n). Moving the whole stack out of the
     * works disorganizes it; attacking one of the two obliges the stack to
     * attack the other too (COMBAT-WHO); a forced march is asked about. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), t2 = hex_neighbour(n, DIR_NW), away = hex_neighbour(n, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "mclean", t2);
    put_at(&g, "pender", n);
    put_at(&g, "lane", n);
    g.st.breastwork[hx_index(n)] = SIDE_CONFEDERATE + 1;
    run(&g, "place %s", n);
    char why[500], cmd[96], hx[5];
    assert_int_equal(advice_of(&g, "forced-march", why, sizeof why), ADVICE_CONFIRM);
    assert_non_null(strstr(why, "may attack or bombard this turn"));
    hex_format(away, hx);
    snprintf(cmd, sizeof cmd, "move pender+lane %s", hx);
    Decision d;
    assert_true(decision_parse(&g, cmd, &d));
    assert_int_equal(advice_for(&g, &d, legal_buf, legal_all(&g), why, sizeof why), ADVICE_CONFIRM);
    assert_non_null(strstr(why, "leaving the works disorganizes"));
    /* what the warning says is what the rules do */
    Game copy;
    hill_activated(&copy);
    put_at(&copy, "von-gilsa", t);
    put_at(&copy, "mclean", t2);
    put_at(&copy, "pender", n);
    put_at(&copy, "lane", n);
    copy.st.breastwork[hx_index(n)] = SIDE_CONFEDERATE + 1;
    run(&copy, "place %s", n);
    apply_text(&copy, cmd);
    assert_true(copy.st.unit[U("pender")].flags & UF_DIS);
    game_free(&copy);
    /* one brigade leaving while the other holds the works: no cost yet */
    snprintf(cmd, sizeof cmd, "move pender %s", hx);
    assert_true(decision_parse(&g, cmd, &d));
    int k = legal_all(&g);
    advice_for(&g, &d, legal_buf, k, why, sizeof why);
    assert_null(strstr(why, "works"));
    /* the attack on Von Gilsa alone obliges the stack to take on McLean too */
    hex_format(t, hx);
    snprintf(cmd, sizeof cmd, "attack pender+lane %s", hx);
    assert_true(decision_parse(&g, cmd, &d));
    assert_int_equal(advice_for(&g, &d, legal_buf, k, why, sizeof why), ADVICE_CONFIRM);
    char id2[5], want[80];
    hex_format(t2, id2);
    snprintf(want, sizeof want, "then the enemy in %s must be attacked too", id2);
    assert_non_null(strstr(why, want));
    game_free(&g);
}

static void test_the_place_count_is_what_acts(void **state)
{
    (void)state;
    /* Before the chit is placed, the screen says how many units would act
     * there; placing it then activates exactly those (ACT-RADIUS). */
    Game g;
    anderson_activated(&g);
    int out = 0, act = game_place_count(&g, hexi("2322"), &out);
    int far_out = 0, far = game_place_count(&g, hexi("1819"), &far_out);
    assert_true(act > 0);
    assert_int_equal(act + out, far + far_out); /* the same formation either way */
    apply_text(&g, "place 2322");
    int active = 0;
    for (int i = 0; i < g.st.nunits; i++)
        active += (g.st.unit[i].flags & UF_ACTIVE) && gd.units[i].type != UT_SKIRMISHER && gd.units[i].type != UT_DUMMY;
    assert_int_equal(active, act);
    char want[80];
    snprintf(want, sizeof want, "%d unit%s within the command radius", act, act == 1 ? "" : "s");
    assert_true(log_has(&g, want));
    game_free(&g);
}

/* The Automa's dice with its modifier points placed after the roll: one
 * die at 5+ with one point hits on 4, 5 and 6. */
static void test_engage_odds(void **state)
{
    (void)state;
    EngageDice e = {.ai_dice = 1, .conf_dice = 2, .ai_points = 1, .conf_steps = 1, .ai_steps = 2};
    CombatOdds o;
    odds_engage(&e, 5, 1, &o);
    assert_float_equal(o.att_hits[1], 0.5, 1e-9);
    assert_float_equal(o.def_gone, 0.5, 1e-9);
    assert_float_equal(o.def_hits[0], 4.0 / 9, 1e-9);
    e.conf_marched = true; /* the first die a point lower: 6 only */
    odds_engage(&e, 5, 1, &o);
    assert_float_equal(o.def_hits[0], 5.0 / 6 * 2 / 3, 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_placing_the_chit_lights_the_legal_hexes_and_the_radius),
        cmocka_unit_test(test_selecting_a_stack_shows_where_it_may_go),
        cmocka_unit_test(test_move_preview_gives_the_way_and_its_cost),
        cmocka_unit_test(test_attacks_show_on_the_enemy_hex),
        cmocka_unit_test(test_a_bombardment_that_ends_movement_is_a_trap),
        cmocka_unit_test(test_a_loss_that_eliminates_is_marked_and_asked_about),
        cmocka_unit_test(test_odds_arithmetic),
        cmocka_unit_test(test_the_preview_is_the_combat),
        cmocka_unit_test(test_the_bombardment_preview_is_the_table),
        cmocka_unit_test(test_leaving_works_and_obligations_are_traps),
        cmocka_unit_test(test_the_place_count_is_what_acts),
        cmocka_unit_test(test_engage_odds),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
