/* Rules fidelity (issue 12): one test per place a cold reading of the
 * rulebook found the engine playing differently from the text, named after
 * the rule's checklist ID. Each sets up its position by hand with forced
 * dice where dice matter, and asserts what the rulebook says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game.h"
#include "rules/game_internal.h"
#include "gametest.h"
#include "testutil.h"

static int H(const char *hex) { return map_hex_index(&gd.map, tu_hex(hex)); }

static void force(Game *g, const int *dice, int n)
{
    for (int i = 0; i < n; i++)
        assert_int_equal(rng_force(&g->st.rng, dice[i]), 0);
}

static bool in_list(const short *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return true;
    return false;
}

/* Every unit of `side` off hex h. */
static void clear_hex(Game *g, int h)
{
    for (int u = 0; u < g->st.nunits; u++)
        if (g->st.unit[u].where == AT_MAP && g->st.unit[u].hex == h)
            unit_reset(g, u, (UnitState){.hex = -1, .where = AT_ABSENT, .exited_from = -1});
}

/* ---- finding 1: retreats and break contact over one's own pontoon ------- */

/* The campaign's VI Corps bridgehead: Brooks' brigades in 3524, the
 * 3523-3524 pontoon laid, 3523 emptied, and Confederates on the other
 * neighbours: the only way out is back over the pontoon. */
static void bridgehead(Game *g)
{
    start(g, "campaign", 3);
    clear_hex(g, H("3523"));
    HexCoord c = tu_hex("3524");
    const char *rebels[] = {"heth", "thomas", "lane", "mcgowan", "archer", "pender"};
    for (int d = 0, k = 0; d < DIR_COUNT; d++) {
        HexCoord n = hex_neighbour(c, d);
        int ni = map_hex_index(&gd.map, n);
        if (ni == H("3523") || hex_has_side(g, ni, SIDE_CONFEDERATE))
            continue;
        clear_hex(g, ni);
        put_at(g, rebels[k++], n);
    }
}

static void test_RETREAT_over_a_friendly_pontoon(void **state)
{
    (void)state;
    Game g;
    bridgehead(&g);
    /* RETREAT, PONTOON-REMOVE: "A pontoon can also be dismantled by
     * retreating forces as they cross it": a retreat crosses its own side's
     * pontoon. */
    short here[4], dest[8];
    int nh = units_in_hex(&g, H("3524"), SIDE_UNION, -1, here, 4);
    assert_int_equal(nh, 3);
    int nd = retreat_destinations(&g, H("3524"), SIDE_UNION, here, nh, dest, 8);
    assert_int_equal(nd, 1);
    assert_int_equal(dest[0], H("3523"));
    /* without the pontoon there is nowhere to go */
    g.st.pontoon[SIDE_UNION][H("3524")] = 0;
    g.st.pontoon[SIDE_UNION][H("3523")] = 0;
    assert_int_equal(retreat_destinations(&g, H("3524"), SIDE_UNION, here, nh, dest, 8), 0);
    /* the enemy's pontoon is no way out */
    game_free(&g);
    bridgehead(&g);
    g.st.pontoon[SIDE_CONFEDERATE][H("3524")] = g.st.pontoon[SIDE_UNION][H("3524")];
    g.st.pontoon[SIDE_CONFEDERATE][H("3523")] = g.st.pontoon[SIDE_UNION][H("3523")];
    g.st.pontoon[SIDE_UNION][H("3524")] = g.st.pontoon[SIDE_UNION][H("3523")] = 0;
    assert_int_equal(retreat_destinations(&g, H("3524"), SIDE_UNION, here, nh, dest, 8), 0);
    game_free(&g);
}

static void test_BREAK_CONTACT_over_a_friendly_pontoon(void **state)
{
    (void)state;
    /* BREAK-CONTACT over one's own pontoon: Brooks' brigades in the 3524
     * bridgehead, Gordon coming next to them at 3624; the one hex out of
     * contact is back over the 3523-3524 pontoon. */
    Game g;
    start(&g, "campaign", 3);
    advance_to(&g, 3);
    apply_text(&g, "choose early");
    apply_text(&g, "done");
    apply_text(&g, "done");
    const char *empty[] = {"3523", "3423", "3623", "3622", "3422", "3624", "3625"};
    for (size_t i = 0; i < sizeof empty / sizeof *empty; i++)
        clear_hex(&g, H(empty[i]));
    put(&g, "gordon", "3625");
    draw_until(&g, "early");
    run(&g, "place %s", tu_hex("3625"));
    apply_text(&g, "move gordon 3624");
    assert_int_equal(g.st.pending, PEND_BREAK_CONTACT);
    while (g.st.pending == PEND_BREAK_CONTACT && g.st.bc_queue[0] != H("3524"))
        apply_text(&g, "stay"); /* another stack asked first */
    assert_int_equal(g.st.bc_queue[0], H("3524"));
    assert_true(legal_has(&g, "break 3523"));
    game_free(&g);
}

/* ---- finding 2: out of supply in combat ------------------------------- */

static void test_OOS_LADDER_penalty_on_every_die(void **state)
{
    (void)state;
    /* OOS-LADDER: "Units out of supply in combat apply a penalty of minus one
     * (-1) to each die. This penalty also applies if out-of-supply units
     * fight alongside supplied friendly units." Pender (supplied) and Lane
     * (out of supply) attack von Gilsa: every attacking 5 becomes a 4. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n);
    put_at(&g, "lane", n);
    g.st.unit[U("lane")].flags |= UF_OOS;
    run(&g, "place %s", n);
    short att[2] = {(short)U("pender"), (short)U("lane")}, hex[1] = {(short)hx_index(t)};
    int ad, dd;
    char why[200];
    game_combat_dice(&g, att, 2, hex, 1, false, &ad, &dd, why, sizeof why);
    assert_non_null(strstr(why, "out of supply"));
    run(&g, "attack pender+lane %s", t);
    apply_text(&g, "no-skirmisher");
    apply_text(&g, "no-breastwork");
    assert_int_equal(g.st.cb_att_dice, 8 / 3 + 1);
    assert_int_equal(g.st.cb_def_dice, 2);
    int dice[] = {5, 5, 5, 5, 5}; /* three attacking dice, two defending */
    force(&g, dice, 5);
    apply_text(&g, "bonus 0 0 0");
    assert_int_equal(g.st.cb_hits_def, 0); /* 5 - 1 = 4: no hit */
    assert_int_equal(g.st.cb_hits_att, 2); /* the supplied defender's 5s hit */
    /* the log says why each attacking die counts one less */
    bool told = false;
    for (int i = 0; i < g.log.count; i++)
        told |= strstr(g.log.items[i].text, "attacker die 1 of 3, bonus +0, out of supply -1") != NULL;
    assert_true(told);
    game_free(&g);
}

/* ---- finding 5: demoralized next to the enemy ------------------------- */

static void test_DEMORAL_after_a_bombardment(void **state)
{
    (void)state;
    /* DEMORAL: "Units that become demoralized adjacent to the enemy must
     * retreat immediately; if they cannot, they are eliminated." Von Gilsa,
     * already disorganized and next to Pender, is bombarded to 1DIS. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), nn = hex_neighbour(n, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n);
    put_at(&g, "walker", nn);
    g.st.unit[U("von-gilsa")].flags |= UF_DIS;
    run(&g, "place %s", n);
    int die[1] = {4}; /* factor 2, 4 + 1 in the open = 5: DIS */
    force(&g, die, 1);
    run(&g, "bombard walker %s troops", t);
    apply_text(&g, "no-breastwork");
    assert_true(g.st.unit[U("von-gilsa")].flags & UF_DEM);
    /* at once: the Union must retreat him before anything else */
    assert_int_equal(g.st.pending, PEND_DEMORAL);
    assert_int_equal(g.st.to_move, SIDE_UNION);
    refuse_text(&g, "end", "must first retreat");
    int k = legal_all(&g);
    assert_true(k > 0);
    char why[160];
    assert_true(game_apply(&g, &legal_buf[0], why, sizeof why));
    assert_false(next_to_side(&g, g.st.unit[U("von-gilsa")].hex, SIDE_CONFEDERATE));
    assert_int_equal(g.st.pending, PEND_NONE);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE); /* Hill's activation goes on */
    game_free(&g);
}

/* ---- finding 7: a retreat through a full hex -------------------------- */

static void test_RETREAT_unit_by_unit_through_a_full_hex(void **state)
{
    (void)state;
    /* RETREAT: "If the retreating unit ends its movement in a hex already
     * occupied by the maximum number of units, it must continue its retreat
     * to the first hex allowed." Von Gilsa and McLean in T, the only way
     * out is S, already holding four units: they go on through S. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), s = hex_neighbour(t, DIR_S);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "mclean", t);
    const char *full[] = {"buschbeck", "barlow", "schimmelfennig", "krzyzanowski"};
    for (int i = 0; i < 4; i++)
        put_at(&g, full[i], s);
    const char *rebels[] = {"heth", "thomas", "lane", "mcgowan", "archer"};
    for (int d = 0, k = 0; d < DIR_COUNT; d++)
        if (d != DIR_S)
            put_at(&g, rebels[k++], hex_neighbour(t, d));
    short two[2] = {(short)U("von-gilsa"), (short)U("mclean")}, dest[16];
    int nd = retreat_destinations(&g, hx_index(t), SIDE_UNION, two, 2, dest, 16);
    assert_true(nd > 0);
    for (int i = 0; i < nd; i++) /* one hex beyond S */
        assert_int_equal(hex_distance(map_hex_at(&gd.map, dest[i]), s), 1);
    /* S has room for one more unit of 4 points or less? No: 4 units already. */
    game_free(&g);
}

/* ---- finding 9: retreats stay in the scenario's play area ------------ */

static void test_RETREAT_stays_in_the_play_area(void **state)
{
    (void)state;
    /* SCENARIO-LEE-MOVES: the play area is 1716-2925; nothing moves,
     * retreats or is placed outside it (1617 and 1618 are outside). */
    Game g;
    start(&g, "lee-moves", 1);
    int from = H("1717");
    clear_hex(&g, from);
    put(&g, "mahone", "1717");
    short one[1] = {(short)U("mahone")}, dest[16];
    int nd = retreat_destinations(&g, from, SIDE_CONFEDERATE, one, 1, dest, 16);
    for (int i = 0; i < nd; i++) {
        HexCoord h = map_hex_at(&gd.map, dest[i]);
        assert_true(h.col >= 17);
    }
    assert_false(in_list(dest, nd, H("1617")));
    assert_false(in_list(dest, nd, H("1618")));
    game_free(&g);
}

/* ---- finding 10: the command radius and closed fords ------------------ */

static void test_ACT_RADIUS_not_over_a_closed_ford(void **state)
{
    (void)state;
    /* ACT-RADIUS: "The command radius cannot cross enemy units or forbidden
     * terrain." An unbridged Rappahannock ford is forbidden; a Rapidan ford
     * is forbidden in rain. Germanna Ford: 0613 (wedge) - 0614 (south). */
    Game g;
    start(&g, "campaign", 1);
    unsigned char range[GS_MAX_HEXES];
    int ford = H("0613"), south = H("0614");
    g.st.rain = false;
    command_range(&g, SIDE_UNION, ford, 1, range);
    assert_true(range[south]);
    g.st.rain = true;
    command_range(&g, SIDE_UNION, ford, 1, range);
    assert_false(range[south]);
    game_free(&g);
}

/* ---- issue 13's livelock: displacement only where a unit fits -------- */

static void test_STACK_displace_only_where_it_fits(void **state)
{
    (void)state;
    /* STACK: "the excess units are displaced in an adjacent hex by the owner,
     * provided they are not adjacent to the enemy, otherwise the excess units
     * must be eliminated." A neighbour already full takes none. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    const char *five[] = {"heth", "thomas", "lane", "mcgowan", "archer"};
    for (int i = 0; i < 5; i++)
        put_at(&g, five[i], t);
    const char *full[] = {"pender", "walker", "mcintosh-art", "brown-art"};
    for (int d = 0; d < DIR_COUNT; d++) {
        if (d == DIR_S)
            continue;
        for (int i = 0; i < 4 && d == DIR_N; i++)
            put_at(&g, full[i], hex_neighbour(t, d));
    }
    /* the others next to the enemy */
    HexCoord far = hex_neighbour(hex_neighbour(t, DIR_S), DIR_S);
    put_at(&g, "von-gilsa", far);
    for (int d = 0; d < DIR_COUNT; d++)
        if (d != DIR_N && d != DIR_S)
            put_at(&g, d == DIR_NE ? "mclean" : d == DIR_SE ? "barlow" : d == DIR_SW ? "buschbeck" : "schurz",
                   hex_neighbour(hex_neighbour(t, d), d));
    run(&g, "place %s", t);
    apply_text(&g, "end");
    assert_int_equal(g.st.pending, PEND_STACK);
    int k = legal_all(&g);
    for (int i = 0; i < k; i++) {
        if (legal_buf[i].kind != D_DISPLACE)
            continue;
        assert_int_not_equal(legal_buf[i].arg2, hx_index(hex_neighbour(t, DIR_N))); /* full */
    }
    game_free(&g);
}

/* ---- CAMPAIGN: the turn-11 cavalry is barred only southward ---------- */

static void test_CAMPAIGN_late_cavalry_may_cross_north(void **state)
{
    (void)state;
    /* "these brigades can never cross the two rivers to the south into
     * Confederate territory": northward over the Rappahannock is allowed. */
    Game g;
    start(&g, "campaign", 1);
    short cav[1] = {(short)U("davis")};
    Passage p;
    passage_init(&g, SIDE_UNION, cav, 1, PASS_MOVE, &p);
    assert_true(p.ctx.no_great_rivers_south);
    assert_false(p.ctx.no_great_rivers);
    game_free(&g);
}

/* ---- finding 3: locks hold against the Independent chit and the detachment */

static void test_ACT_INDEP_ATTACH_locked_units_stay_locked(void **state)
{
    (void)state;
    /* CAMPAIGN: "the VI Corps, together with the Gibbon division ... cannot
     * be activated until turn 14": not by the Independent chit either. */
    Game g;
    start(&g, "campaign", 3);
    advance_to(&g, 2);
    apply_text(&g, "done");
    apply_text(&g, "done");
    for (int i = 0; i < 20 && !(g.st.drawn.kind == CHIT_INDEPENDENT && g.st.drawn.side == SIDE_UNION); i++)
        apply_text(&g, "pass");
    assert_true(g.st.drawn.kind == CHIT_INDEPENDENT && g.st.drawn.side == SIDE_UNION);
    apply_text(&g, "activate");
    apply_text(&g, "place 3523"); /* Grant, Neill and Tompkins of VI Corps */
    assert_true(unit_locked(&g, U("grant")));
    assert_false(legal_has(&g, "attach grant"));
    refuse_text(&g, "attach grant", "may not act yet");
    game_free(&g);
}

/* ---- second audit, B1: once activated, not again this turn ------------- */

static void test_ACT_INDEP_not_again_by_its_formation(void **state)
{
    (void)state;
    /* Independent activation: "These units can not be activated again later
     * during the current turn": Mahone, moved earlier by the Independent
     * chit, stays put when Anderson's chit is placed beside him. */
    Game g;
    anderson_activated(&g);
    g.st.unit[U("mahone")].flags |= UF_ACTIVATED; /* the Independent chit moved him */
    HexCoord at = map_hex_at(&gd.map, g.st.unit[U("mahone")].hex);
    run(&g, "place %s", at);
    assert_false(game_unit_active(&g, U("mahone")));
    assert_true(game_unit_active(&g, U("posey")));
    game_free(&g);
}

/* ---- second audit, B2: passing through works is not leaving them -------- */

static void test_FORTIFICATION_passing_through_is_not_leaving(void **state)
{
    (void)state;
    /* BREASTWORK / FORTIFICATION: the penalty is for "all units in the stack
     * that occupied it" when works next to the enemy are abandoned. Pender
     * marching through empty works (a fortification marker on open ground,
     * von Gilsa and Devens next to it) never occupied them: he is not
     * disorganized. Leaving works he held is another matter (the test
     * below). */
    Game g;
    hill_activated(&g);
    HexCoord f = open_ground(&g);
    int F = hx_index(f);
    g.st.fort_marker[F] = 1;
    HexCoord a = hex_neighbour(f, DIR_SE), b = hex_neighbour(f, DIR_SW);
    put_at(&g, "pender", a);
    put_at(&g, "von-gilsa", hex_neighbour(f, DIR_N));
    put_at(&g, "devens", hex_neighbour(f, DIR_S)); /* the way round is held */
    run(&g, "place %s", a);
    run(&g, "move pender %s", b);
    while (g.st.pending == PEND_BREAK_CONTACT)
        apply_text(&g, "stay");
    assert_int_equal(g.st.unit[U("pender")].hex, hx_index(b));
    assert_false(g.st.unit[U("pender")].flags & UF_DIS);
    game_free(&g);
}

/* ---- second audit, B3: a skirmisher made earlier moves with its stack --- */

static void test_SKIRM_RULES_an_old_skirmisher_moves_with_its_stack(void **state)
{
    (void)state;
    /* SKIRM-RULES: skirmishers "never move ... alone"; with a unit they do.
     * One made in an earlier activation, stacked with Pender, acts when
     * Hill's chit activates Pender, and marches with him. */
    Game g;
    hill_activated(&g);
    HexCoord at = open_ground(&g);
    put_at(&g, "pender", at);
    int sk = skirmisher_place(&g, SIDE_CONFEDERATE, hx_index(at));
    assert_true(sk >= 0);
    g.st.unit[sk].flags = 0; /* made in an earlier activation */
    run(&g, "place %s", at);
    assert_true(game_unit_active(&g, sk));
    char cmd[160];
    HexCoord to = hex_neighbour(at, DIR_S);
    char hx[5];
    hex_format(to, hx);
    snprintf(cmd, sizeof cmd, "move pender+%s %s", gd.units[sk].id, hx);
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[sk].hex, hx_index(to));
    game_free(&g);
}

/* ---- second audit, B4: the mover goes on after a break of contact ------- */

static void test_BREAK_CONTACT_the_mover_may_go_on(void **state)
{
    (void)state;
    /* BREAK-CONTACT: "Breaking contact only temporarily interrupts the
     * movement of the unit that caused this effect: the unit's movement can
     * resume if it still has movement points available" (the rulebook's
     * Heth and von Gilsa). Mahone comes next to the Union stack in 2121 at
     * the end of his move; it steps back; Mahone goes on with what is left
     * of his 4 MP (and the road bonus, all by road so far). */
    Game g;
    anderson_activated(&g);
    apply_text(&g, "place 2322");
    apply_text(&g, "move mahone 2221");
    assert_int_equal(g.st.pending, PEND_BREAK_CONTACT);
    apply_text(&g, "break 2120");
    assert_int_equal(g.st.pending, PEND_NONE);
    assert_true(g.st.unit[U("mahone")].flags & UF_GO_ON);
    assert_true(legal_has(&g, "move mahone 2121")); /* after the enemy */

    apply_text(&g, "move mahone 2121");
    while (g.st.pending == PEND_BREAK_CONTACT)
        apply_text(&g, "stay"); /* this time the Union stands */
    assert_int_equal(g.st.unit[U("mahone")].hex, H("2121"));
    assert_false(g.st.unit[U("mahone")].flags & UF_GO_ON); /* no break, no more going on */
    refuse_text(&g, "move mahone 2221", "already moved");
    game_free(&g);
}

static void test_BREAK_CONTACT_the_resume_comes_at_once(void **state)
{
    (void)state;
    /* "Single units or stacks must complete movement before starting with
     * the next one": once Posey moves, Mahone's chance to go on is gone. */
    Game g;
    anderson_activated(&g);
    apply_text(&g, "place 2322");
    apply_text(&g, "move mahone 2221");
    apply_text(&g, "break 2120");
    assert_true(g.st.unit[U("mahone")].flags & UF_GO_ON);
    int k = legal_all(&g), pick = -1;
    for (int i = 0; i < k && pick < 0; i++)
        if (legal_buf[i].kind == D_MOVE && legal_buf[i].nunits == 1 && legal_buf[i].units[0] == U("posey"))
            pick = i;
    assert_true(pick >= 0);
    char why[200];
    assert_true(game_apply(&g, &legal_buf[pick], why, sizeof why));
    while (g.st.pending == PEND_BREAK_CONTACT)
        apply_text(&g, "stay");
    assert_false(g.st.unit[U("mahone")].flags & UF_GO_ON);
    refuse_text(&g, "move mahone 2121", "already moved");
    game_free(&g);
}

/* ---- second audit, B5, B9, B14: the advance after combat ----------------- */

/* Hill's division on turn 3; von Gilsa, alone with 1 point in `t`, is
 * attacked by `attackers` from `from` and eliminated by forced dice. */
static void kill_von_gilsa(Game *g, HexCoord t, HexCoord from, const char *attackers, int att_dice)
{
    put_at(g, "von-gilsa", t);
    g->st.unit[U("von-gilsa")].steps = 1;
    run(g, "place %s", from);
    char cmd[96];
    hexcmd(cmd, sizeof cmd, "attack", t, attackers);
    int dice[12];
    for (int i = 0; i < 12; i++)
        dice[i] = i < att_dice ? 5 : 1; /* the attacker's dice hit, the defender's miss */
    force(g, dice, 12);
    apply_text(g, cmd);
    for (int guard = 0; guard < 20 && g->st.pending == PEND_COMBAT && g->st.cb_step != CB_ADVANCE; guard++) {
        assert_true(legal_all(g) > 0);
        char why[200];
        assert_true(game_apply(g, &legal_buf[0], why, sizeof why));
    }
    assert_int_equal(g->st.unit[U("von-gilsa")].where, AT_ELIMINATED);
}

static void test_ADVANCE_some_or_all_one_hex_once(void **state)
{
    (void)state;
    /* ADVANCE: "with some or all of the units that participated in the
     * attack": the whole attacking stack is offered, and after Pender goes
     * in Lane may follow; Pender, in, goes no further (one hex, once). */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), from = hex_neighbour(t, DIR_N);
    put_at(&g, "pender", from);
    put_at(&g, "lane", from);
    kill_von_gilsa(&g, t, from, "pender+lane", 4);
    assert_int_equal(g.st.cb_step, CB_ADVANCE);
    char cmd[96];
    hexcmd(cmd, sizeof cmd, "advance", t, "pender+lane");
    assert_true(legal_has(&g, cmd)); /* the stack, listed whole */
    hexcmd(cmd, sizeof cmd, "advance", t, "pender");
    apply_text(&g, cmd);
    assert_int_equal(g.st.pending, PEND_COMBAT); /* Lane may follow */
    hexcmd(cmd, sizeof cmd, "advance", t, "lane");
    assert_true(legal_has(&g, cmd));
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[U("lane")].hex, hx_index(t));
    assert_int_equal(g.st.pending, PEND_NONE);
    game_free(&g);
}

static void test_BREASTWORK_gone_with_its_defenders(void **state)
{
    (void)state;
    /* BREASTWORK: "removed when the hex no longer contains units of the army
     * that built it": von Gilsa destroyed in his breastwork takes it with
     * him (before, the marker stayed in the empty hex). */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), from = hex_neighbour(t, DIR_N);
    put_at(&g, "pender", from);
    put_at(&g, "lane", from);
    g.st.breastwork[hx_index(t)] = SIDE_UNION + 1;
    kill_von_gilsa(&g, t, from, "pender+lane", 12);
    assert_int_equal(g.st.breastwork[hx_index(t)], 0);
    game_free(&g);
}

static void test_ADVANCE_never_where_no_unit_may_cross(void **state)
{
    (void)state;
    /* A minor river is "impassable in rain except at bridges and
     * pontoons", though combat goes over it: von Gilsa destroyed across
     * one in the rain, Pender may not advance over it. */
    Game g;
    hill_activated(&g);
    int minor = -1;
    for (int k = 0; k < gd.nhexside_kinds; k++)
        if (strcmp(gd.hexside_kinds[k].id, "minor") == 0)
            minor = k;
    HexCoord a = HEX_NONE, b = HEX_NONE;
    for (int i = 0; i < gd.map.cols * gd.map.rows && a.col == 0; i++)
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord c = map_hex_at(&gd.map, i), n = hex_neighbour(c, d);
            if (!map_has(&gd.map, n) || gd.map.hexes[i].side[d].kind != minor || gd.map.hexes[i].road[d] >= 0 ||
                gd.map.hexes[i].bank != BANK_SOUTH || c.col < 3 || c.row < 3)
                continue;
            bool empty = true;
            for (int u = 0; u < g.st.nunits && empty; u++)
                empty = g.st.unit[u].where != AT_MAP ||
                        (hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), c) > 3);
            if (empty) {
                a = c, b = n;
                break;
            }
        }
    assert_true(a.col != 0);
    g.st.rain = true;
    put_at(&g, "pender", a);
    put_at(&g, "lane", a);
    kill_von_gilsa(&g, b, a, "pender+lane", 12);
    assert_int_equal(g.st.pending, PEND_NONE); /* no advance to offer */
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && gd.units[u].side == SIDE_CONFEDERATE)
            assert_int_not_equal(g.st.unit[u].hex, hx_index(b));
    game_free(&g);
}

/* ---- second audit, B10: seizing a pontoon costs 2 MP, after a move too ---- */

static void test_PONTOON_SEIZE_after_moving_for_2_MP(void **state)
{
    (void)state;
    /* PONTOON-SEIZE: "An infantry unit that moves to or is adjacent to a
     * pontoon ... can destroy it ..., spending 2 movement points": Heth
     * marches next to the Franklin's Crossing pontoon and destroys it with
     * MP to spare, then goes on with what is left. */
    Game g;
    hill_activated(&g);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), tu_hex("3524")) <= 3)
            take_off(&g, gd.units[u].id);
    put(&g, "heth", "3625");
    apply_text(&g, "place 3625");
    apply_text(&g, "move heth 3524");
    assert_true(g.st.unit[U("heth")].flags & UF_MOVED);
    int left = g.st.unit[U("heth")].mp_left;
    assert_true(left >= 4);
    apply_text(&g, "destroy heth 3523-3524");
    assert_false(g.st.pontoon[SIDE_UNION][H("3523")]);
    assert_int_equal(g.st.unit[U("heth")].mp_left, left - 4);
    if (left - 4 > 0)
        assert_true(g.st.unit[U("heth")].flags & UF_GO_ON); /* the rest of his MP */
    game_free(&g);

    /* with less than 2 MP left, no */
    hill_activated(&g);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), tu_hex("3524")) <= 3)
            take_off(&g, gd.units[u].id);
    put(&g, "heth", "3524");
    apply_text(&g, "place 3524");
    g.st.unit[U("heth")].flags |= UF_MOVED;
    g.st.unit[U("heth")].mp_left = 3;
    refuse_text(&g, "destroy heth 3523-3524", "costs 2 MP");
    game_free(&g);
}

/* ---- second audit, B12: out of supply and demoralized loses a step ------ */

static void test_OOS_LADDER_demoralized_loses_a_step_at_once(void **state)
{
    (void)state;
    /* OOS-LADDER: "Units that are out of supply and are demoralized lose one
     * step level" (no earlier marker needed, unlike the disorder and the
     * demoralization): Heth, demoralized across the Rappahannock with no
     * pontoon, loses a step at the first night. */
    Game g;
    start(&g, "campaign", 4);
    HexCoord nb = HEX_NONE;
    for (int i = 0; i < gd.map.cols * gd.map.rows && nb.col == 0; i++) {
        HexCoord c = map_hex_at(&gd.map, i);
        bool free = gd.map.hexes[i].bank == BANK_NORTH && gd.terrain[gd.map.hexes[i].terrain].move != COST_NO &&
                    c.col > 10 && c.row > 5;
        for (int u = 0; u < g.st.nunits && free; u++)
            free = g.st.unit[u].where != AT_MAP || hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), c) > 3;
        if (free)
            nb = c;
    }
    put_at(&g, "heth", nb);
    g.st.unit[U("heth")].flags |= UF_DEM;
    assert_false(game_in_supply(&g, U("heth")));
    int before = g.st.unit[U("heth")].steps;
    advance_to(&g, 6);
    assert_int_equal(g.st.unit[U("heth")].steps, before - 1);
    assert_true(g.st.unit[U("heth")].flags & UF_OOS);
    game_free(&g);
}

/* ---- second audit, B13: who cannot force-march still moves ------------- */

static void test_FORCED_MARCH_the_unfit_move_at_their_pace(void **state)
{
    (void)state;
    /* FORCED-MARCH: "Out of supply, disorganized or demoralized units cannot
     * perform this type of movement": Lane, out of supply, does not march at
     * double pace, but he is still activated and may move at his own; and
     * "No unit in the force marching formation may attack or bombard". */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "heth", t);
    put_at(&g, "lane", hex_neighbour(t, DIR_N));
    g.st.unit[U("lane")].flags |= UF_OOS;
    put_at(&g, "von-gilsa", hex_neighbour(hex_neighbour(t, DIR_N), DIR_N));
    run(&g, "place %s", t);
    apply_text(&g, "forced-march");
    assert_true(game_unit_active(&g, U("lane")));
    assert_false(g.st.unit[U("lane")].flags & UF_FORCED);
    char cmd[64];
    hexcmd(cmd, sizeof cmd, "attack", hex_neighbour(hex_neighbour(t, DIR_N), DIR_N), "lane");
    refuse_text(&g, cmd, "force-marching formation");
    bool any = false; /* a move of his own */
    int k = legal_all(&g);
    for (int i = 0; i < k; i++)
        any |= legal_buf[i].kind == D_MOVE && legal_buf[i].nunits == 1 && legal_buf[i].units[0] == U("lane");
    assert_true(any);
    game_free(&g);

    /* an independent unit that joins after the march is declared marches too: "including any independent
     * units and units with a 'detachment' marker" (and so does not bombard) */
    hill_activated(&g);
    put_at(&g, "heth", t);
    put_at(&g, "cutts", t); /* an independent battalion */
    run(&g, "place %s", t);
    apply_text(&g, "forced-march");
    assert_false(game_unit_active(&g, U("cutts")));
    apply_text(&g, "attach cutts");
    assert_true(g.st.unit[U("cutts")].flags & UF_FORCED);
    game_free(&g);
}

/* ---- second audit, B19, B20: skirmishers with infantry; cavalry's two hexes */

static void test_SKIRM_RULES_only_with_infantry(void **state)
{
    (void)state;
    /* SKIRM-RULES: "Skirmishers cannot move or break contact on their own and
     * must be stacked with infantry brigades in order to do so": with
     * Walker's guns alone, the skirmisher stays. */
    Game g;
    hill_activated(&g);
    HexCoord at = open_ground(&g);
    put_at(&g, "walker", at);
    put_at(&g, "pender", at);
    int sk = skirmisher_place(&g, SIDE_CONFEDERATE, hx_index(at));
    assert_true(sk >= 0);
    run(&g, "place %s", at);
    char cmd[160], tail[64];
    snprintf(tail, sizeof tail, "walker+%s", gd.units[sk].id);
    hexcmd(cmd, sizeof cmd, "move", hex_neighbour(at, DIR_S), tail);
    refuse_text(&g, cmd, "stacked with infantry");
    snprintf(tail, sizeof tail, "pender+%s", gd.units[sk].id);
    hexcmd(cmd, sizeof cmd, "move", hex_neighbour(at, DIR_S), tail);
    apply_text(&g, cmd);
    game_free(&g);
}

static void test_BREAK_CONTACT_cavalry_two_hexes_never_next_to_the_enemy(void **state)
{
    (void)state;
    /* BREAK-CONTACT: "Cavalry may break contact with the enemy moving two
     * hexes, always if it does not end movement adjacent to enemy units":
     * not even into a hex friends hold next to the enemy, which a one-hex
     * break may enter. */
    Game g;
    hill_activated(&g);
    HexCoord c = open_ground(&g);
    put_at(&g, "f-lee", c);
    put_at(&g, "von-gilsa", hex_neighbour(c, DIR_N));
    HexCoord two = hex_neighbour(hex_neighbour(c, DIR_S), DIR_S);
    put_at(&g, "pender", two);
    put_at(&g, "mclean", hex_neighbour(two, DIR_S)); /* the enemy next to Pender's hex */
    short dest[64];
    int k = break_destinations_of(&g, hx_index(c), SIDE_CONFEDERATE, NULL, 0, dest, 64);
    assert_true(k > 0);
    for (int i = 0; i < k; i++)
        assert_int_not_equal(dest[i], hx_index(two));
    game_free(&g);
}

/* ---- second audit, B6 (reversed by the third): disordered enemies oblige no one */

static void test_COMBAT_WHO_no_obligation_to_attack_the_disordered(void **state)
{
    (void)state;
    /* COMBAT-WHO: "Attacking units or stacks are not obliged to attack
     * disorganized enemy units or stacks": Heth in the open attacks von
     * Gilsa and leaves McLean, disorganized next to him, alone. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "heth", t);
    put_at(&g, "von-gilsa", hex_neighbour(t, DIR_N));
    put_at(&g, "mclean", hex_neighbour(t, DIR_NE));
    g.st.unit[U("mclean")].flags |= UF_DIS;
    run(&g, "place %s", t);
    char cmd[64];
    hexcmd(cmd, sizeof cmd, "attack heth", hex_neighbour(t, DIR_N), NULL);
    apply_text(&g, cmd);
    assert_int_equal(g.st.pending, PEND_COMBAT);
    game_free(&g);
}

/* ---- third audit: breastworks last through the night's activations ------- */

static void test_NIGHT_COMBAT_breastworks_already_present_count(void **state)
{
    (void)state;
    /* NIGHT-COMBAT: "Breastworks and skirmishers cannot be created during
     * night turns. If already present, they may add their effects to night
     * combat": Pender's breastwork stands through the night's activations
     * and goes with the night's procedures. */
    Game g;
    start(&g, "campaign", 4);
    int h = g.st.unit[U("pender")].hex;
    g.st.breastwork[h] = SIDE_CONFEDERATE + 1;
    advance_to(&g, 5);
    assert_true(gd.turns[g.st.turn - 1].night);
    assert_int_equal(g.st.breastwork[h], SIDE_CONFEDERATE + 1);
    assert_false(breastwork_allowed(&g, map_hex_index(&gd.map, open_ground(&g)))); /* none new at night */
    advance_to(&g, 6);
    assert_int_equal(g.st.breastwork[h], 0);
    game_free(&g);
}

/* ---- finding 4: disorder stays on a unit out of supply ---------------- */

static void test_DISORG_out_of_supply_keeps_it(void **state)
{
    (void)state;
    /* DISORG: removed at the end of an activation in which the unit did not
     * move, "provided the unit does not have an 'Out of Supply' marker". */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "heth", t);
    put_at(&g, "lane", t);
    g.st.unit[U("heth")].flags |= UF_DIS | UF_OOS;
    g.st.unit[U("lane")].flags |= UF_DIS;
    run(&g, "place %s", t);
    apply_text(&g, "end");
    assert_true(g.st.unit[U("heth")].flags & UF_DIS);
    assert_false(g.st.unit[U("lane")].flags & UF_DIS);
    game_free(&g);
}

/* ---- finding 6: leaving the map at the end of a move ------------------ */

static void test_EXIT_MAP_at_the_end_of_a_move(void **state)
{
    (void)state;
    /* EXIT-MAP: "Leaving a road hex and move off the maps costs 1 movement
     * point": a unit may march to the edge and leave with the MP it has
     * left (Salem Church's race west). */
    Game g;
    start(&g, "salem-church", 5);
    apply_text(&g, "done");
    apply_text(&g, "choose sedgwick");
    apply_text(&g, "done");
    draw_until(&g, "sedgwick");
    int edge = -1, dir = -1;
    for (int h = 0; h < gd.map.cols * gd.map.rows && edge < 0; h++) {
        if (!exit_hex(&g, h, SIDE_UNION) || hex_has_side(&g, h, SIDE_CONFEDERATE) || next_to_side(&g, h, SIDE_CONFEDERATE))
            continue;
        for (int d = 0; d < DIR_COUNT && dir < 0; d++) {
            HexCoord nb = hex_neighbour(map_hex_at(&gd.map, h), d);
            int ni = map_has(&gd.map, nb) ? map_hex_index(&gd.map, nb) : -1;
            if (ni >= 0 && gd.map.hexes[h].road[d] >= 0 && !exit_hex(&g, ni, SIDE_UNION) && !next_to_side(&g, ni, SIDE_CONFEDERATE) &&
                !hex_has_side(&g, ni, SIDE_CONFEDERATE))
                dir = d, edge = h;
        }
    }
    assert_true(edge >= 0);
    HexCoord from = hex_neighbour(map_hex_at(&gd.map, edge), dir);
    put_at(&g, "brown-usa", from);
    run(&g, "place %s", from);
    run(&g, "move brown-usa %s", map_hex_at(&gd.map, edge));
    assert_true(g.st.unit[U("brown-usa")].mp_left >= gd.movement.exit_cost);
    assert_true(legal_has(&g, "exit brown-usa"));
    apply_text(&g, "exit brown-usa");
    assert_int_equal(g.st.unit[U("brown-usa")].where, AT_EXITED);
    /* with less than 1 MP left it stays (its move just ended there) */
    put_at(&g, "bartlett", map_hex_at(&gd.map, edge));
    g.st.unit[U("bartlett")].flags |= UF_ACTIVE | UF_ACTIVATED | UF_MOVED;
    g.st.unit[U("bartlett")].mp_left = (unsigned char)(gd.movement.exit_cost - 1);
    g.st.mv_units[0] = (short)U("bartlett");
    g.st.mv_last_n = 1;
    refuse_text(&g, "exit bartlett", "less left");
    game_free(&g);
}

/* Cold audit of movement (2026-11-26), bug 3: "Single units or stacks
 * must complete movement before starting with the next one": a unit that
 * moved to the edge and waited while another moved may no longer leave,
 * whatever it had left. */
static void test_EXIT_MAP_only_as_the_last_step_of_the_move(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1\nset turn 3\nplace von-gilsa 3135\nplace mclean 3135\nset drawn howard\n"
                    "decide activate\ndecide place 3135\ndecide move von-gilsa 3037\n");
    assert_true(legal_has(&g, "exit von-gilsa")); /* at once, it may */
    apply_text(&g, "move mclean 3134");
    assert_false(legal_has(&g, "exit von-gilsa"));
    refuse_text(&g, "exit von-gilsa", "its move is over");
    game_free(&g);
}

/* Bug 4: in Salem Church only the Union leaves the field ("the Union
 * wins as soon as three of its units have left the play area by its west
 * edge"); a Confederate on the same road hex may not. */
static void test_EXIT_MAP_only_the_side_the_scenario_names(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new salem-church 1\nset turn 16\nplace barksdale 2422\nset drawn mclaws\n"
                    "decide activate\ndecide place 2422\n");
    assert_false(legal_has(&g, "exit barksdale"));
    refuse_text(&g, "exit barksdale", "road hex on an exit");
    game_free(&g);
}

/* Bug 1: "Out of supply, disorganized or demoralized units cannot perform
 * this type of movement": a disorganized brigade stacked with a
 * force-marching one keeps its own pace, alone or with it. */
static void test_FORCED_MARCH_not_for_a_disorganized_stackmate(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1\nset turn 3\nplace heth 0723\nplace thomas 0723\nset unit heth dis on\n"
                    "set drawn hill\ndecide activate\ndecide place 0723\ndecide forced-march\n");
    int alone = 0, together = 0, marching = 0;
    int n = legal_all(&g);
    for (int i = 0; i < n; i++) {
        if (legal_buf[i].kind != D_MOVE)
            continue;
        bool heth = false, thomas = false;
        for (int k = 0; k < legal_buf[i].nunits; k++) {
            heth |= legal_buf[i].units[k] == U("heth");
            thomas |= legal_buf[i].units[k] == U("thomas");
        }
        alone += heth && !thomas;
        together += heth && thomas;
        marching += thomas && !heth;
    }
    assert_true(alone > 0);
    assert_int_equal(together, alone); /* the stack goes at Heth's pace */
    assert_true(marching > together);  /* Thomas alone marches farther */
    refuse_text(&g, "move heth+thomas 0120", "these units have 4 MP this move"); /* Heth's pace, not a march's 8 */
    game_free(&g);
}

/* The cold audit of movement: the log says what the contact with the
 * enemy cost and what is left, and a refused move says why. Heth marches
 * by road from 0919 next to von Gilsa in 1023: 3.5 MP of road and 1 MP for
 * entering contact, 0.5 MP left of his 4 + 1 by road. */
static void test_MOVE_CONTACT_the_log_says_what_contact_cost(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1\nset turn 3\nplace heth 0919\nplace von-gilsa 1023\nset drawn hill\n"
                    "decide activate\ndecide place 0919\ndecide move heth 1022\ndecide stay\n");
    assert_true(log_has(&g, "4.5 MP (1 MP of it for contact with the enemy, MOVE-CONTACT) wholly by road (ROADS), "
                            "0.5 MP left"));
    game_free(&g);
}

static void test_MOVE_BASIC_a_refused_move_says_why(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1\nset turn 3\nplace heth 0919\nplace von-gilsa 1023\nset drawn hill\n"
                    "decide activate\ndecide place 0919\n");
    refuse_text(&g, "move heth 1023", "the enemy holds 1023");
    refuse_text(&g, "move heth 1419", "the way there takes 4.5 MP; these units have 4 MP this move (5 wholly by road)");
    refuse_text(&g, "move heth 0919", "in 0919 already");
    game_free(&g);
}

/* Bug 2: ROADS' +1 MP for moving entirely by road is kept when the road
 * costs more than a shorter way across country: the move takes the route
 * that leaves the most MP, so Heth, stopped next to von Gilsa with 0.5 MP
 * left, may follow him when he breaks contact (BREAK-CONTACT). */
static void test_ROADS_the_route_that_leaves_the_most(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1\nset turn 3\nplace heth 0919\nplace von-gilsa 1023\nset drawn hill\n"
                    "decide activate\ndecide place 0919\ndecide move heth 1022\n");
    assert_true(log_has(&g, "planned 4.5 MP wholly by road")); /* not 4 MP across country, which leaves none */
    apply_text(&g, "break 1024");
    assert_int_equal(g.st.unit[U("heth")].mp_left, 1); /* half MP */
    assert_true(legal_has(&g, "move heth 1122")); /* his move goes on */
    game_free(&g);
}

/* ---- finding 8: abandoning fortifications next to the enemy ----------- */

static void test_FORTIFICATION_abandoned_next_to_the_enemy(void **state)
{
    (void)state;
    /* FORTIFICATION: "If they are abandoned while the enemy is adjacent their
     * effect is considered the same as Breastworks": leaving the printed
     * works at 3222 next to the enemy disorganizes. */
    Game g;
    hill_activated(&g);
    int fort = H("3222");
    HexCoord f = map_hex_at(&gd.map, fort);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), f) <= 2)
            take_off(&g, gd.units[u].id);
    put(&g, "heth", "3222");
    /* an enemy next door, on this bank */
    int e = -1, away = -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(f, d);
        int ni = map_hex_index(&gd.map, nb);
        if (e < 0 && hexes_can_fight(&g, fort, ni))
            e = ni;
    }
    assert_true(e >= 0);
    put_at(&g, "von-gilsa", map_hex_at(&gd.map, e));
    for (int d = 0; d < DIR_COUNT && away < 0; d++) {
        int ni = map_hex_index(&gd.map, hex_neighbour(f, d));
        if (ni != e && !next_to_side(&g, ni, SIDE_UNION) && gd.terrain[gd.map.hexes[ni].terrain].move != COST_NO &&
            map_hexside(&gd.map, f, d)->kind < 0)
            away = ni;
    }
    assert_true(away >= 0);
    run(&g, "place %s", f);
    run(&g, "move heth %s", map_hex_at(&gd.map, away));
    assert_true(g.st.unit[U("heth")].flags & UF_DIS);
    game_free(&g);
}

static void test_FORTIFICATION_abandoned_piecemeal(void **state)
{
    (void)state;
    /* BREASTWORK, FORTIFICATION: withdrawing only some of the units avoids
     * the effect, but once the works are abandoned "all units in the stack
     * that occupied it become Disorganized": Heth leaves 3222 first (no
     * effect yet), Archer follows and empties it: both are disorganized. */
    Game g;
    hill_activated(&g);
    int fort = H("3222");
    HexCoord f = map_hex_at(&gd.map, fort);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), f) <= 2)
            take_off(&g, gd.units[u].id);
    put(&g, "heth", "3222");
    put(&g, "archer", "3222");
    /* an enemy next door, on this bank */
    int e = -1, away = -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(f, d);
        int ni = map_hex_index(&gd.map, nb);
        if (e < 0 && hexes_can_fight(&g, fort, ni))
            e = ni;
    }
    assert_true(e >= 0);
    put_at(&g, "von-gilsa", map_hex_at(&gd.map, e));
    for (int d = 0; d < DIR_COUNT && away < 0; d++) {
        int ni = map_hex_index(&gd.map, hex_neighbour(f, d));
        if (ni != e && !next_to_side(&g, ni, SIDE_UNION) && gd.terrain[gd.map.hexes[ni].terrain].move != COST_NO &&
            map_hexside(&gd.map, f, d)->kind < 0)
            away = ni;
    }
    assert_true(away >= 0);
    run(&g, "place %s", f);
    run(&g, "move heth %s", map_hex_at(&gd.map, away));
    while (g.st.pending == PEND_BREAK_CONTACT)
        apply_text(&g, "stay");
    assert_false(g.st.unit[U("heth")].flags & UF_DIS); /* Archer still holds them */
    run(&g, "move archer %s", map_hex_at(&gd.map, away));
    while (g.st.pending == PEND_BREAK_CONTACT)
        apply_text(&g, "stay");
    assert_true(g.st.unit[U("archer")].flags & UF_DIS);
    assert_true(g.st.unit[U("heth")].flags & UF_DIS);
    game_free(&g);
}

/* ---- finding 11: no hidden caps on a combat --------------------------- */

static void test_COMBAT_WHO_attacked_from_every_side(void **state)
{
    (void)state;
    /* COMBAT-WHO: "A unit (or stack) can be attacked simultaneously by all
     * surrounding hexes": 6 hexes of 4 brigades, 24 attackers. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "heth", hex_neighbour(t, DIR_N));
    run(&g, "place %s", hex_neighbour(t, DIR_N));
    char cmd[1024] = "attack ";
    int k = 0;
    for (int u = 0; u < g.st.nunits && k < 24; u++) {
        const UnitDef *ud = &gd.units[u];
        if (ud->side != SIDE_CONFEDERATE || ud->type != UT_INFANTRY || ud->formation < 0)
            continue;
        put_at(&g, ud->id, hex_neighbour(t, k / 4));
        g.st.unit[u].flags = UF_ACTIVE | UF_ACTIVATED;
        g.st.unit[u].steps = 2;
        strcat(cmd, k ? "+" : "");
        strcat(cmd, ud->id);
        k++;
    }
    assert_int_equal(k, 24);
    char hx[8];
    snprintf(hx, sizeof hx, " %02d%02d", t.col, t.row);
    strcat(cmd, hx);
    apply_text(&g, cmd);
    assert_int_equal(g.st.cb_natt, 24);
    game_free(&g);
}

/* ---- finding 12: the forced march's step from any unit of the formation */

static void test_FORCED_MARCH_loss_from_any_unit_of_the_formation(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "heth", t);
    put_at(&g, "lane", hex_neighbour(t, DIR_N));
    g.st.unit[U("lane")].flags |= UF_DIS; /* stays behind */
    run(&g, "place %s", t);
    apply_text(&g, "forced-march");
    run(&g, "move heth %s", hex_neighbour(t, DIR_S));
    int one[1] = {1};
    force(&g, one, 1);
    apply_text(&g, "end");
    assert_int_equal(g.st.pending, PEND_MARCH_LOSS);
    assert_true(legal_has(&g, "take lane")); /* "any unit belonging to the formation" */
    apply_text(&g, "take lane");
    assert_int_equal(g.st.unit[U("lane")].steps, 1);
    game_free(&g);
}

/* ---- finding 13: data and re-decided rulings --------------------------- */

static void test_BREASTWORK_not_only_forbidden_at_Falmouth(void **state)
{
    (void)state;
    /* BREASTWORK: "They cannot be placed on fortification or Fredericksburg
     * hexes": Falmouth (3219) is not Fredericksburg; 3320 and 3321 are. */
    assert_true(gd.terrain[gd.map.hexes[H("3219")].terrain].breastworks);
    assert_false(gd.terrain[gd.map.hexes[H("3321")].terrain].breastworks);
    assert_false(gd.terrain[gd.map.hexes[H("3320")].terrain].breastworks);
}

static void test_EVENTS_ten_union_chits(void **state)
{
    (void)state;
    /* EVENTS: the rulebook describes ten Union chits, one of each. */
    int n = 0;
    for (int e = 0; e < gd.nevents; e++)
        if (gd.events[e].side == SIDE_UNION)
            n += gd.events[e].copies;
    assert_int_equal(n, 10);
}

static void test_ACT_POINTS_the_wedge_is_not_confederate_territory(void **state)
{
    (void)state;
    /* ACT-POINTS: I, III and VI Corps cost two once "South of the
     * Rappahannock (in other words, if they move in Confederate territory)":
     * the wedge between the rivers is not Confederate territory. */
    Game g;
    start(&g, "campaign", 1);
    int f = data_formation_index(&gd, "sickles");
    for (int u = 0; u < g.st.nunits; u++)
        if (gd.units[u].formation == f && g.st.unit[u].where == AT_MAP && gd.map.hexes[g.st.unit[u].hex].bank != BANK_NORTH)
            take_off(&g, gd.units[u].id);
    assert_int_equal(game_formation_cost(&g, f), 1);
    put(&g, "graham", "0613"); /* Germanna Ford, in the wedge */
    assert_int_equal(gd.map.hexes[H("0613")].bank, BANK_WEDGE);
    assert_int_equal(game_formation_cost(&g, f), 1);
    put(&g, "graham", "0614"); /* over the Rapidan */
    assert_int_equal(game_formation_cost(&g, f), 2);
    game_free(&g);
}

static void test_VARIANT_ABSENT_FORCES_spotsylvania_counts_only_with_fredericksburg(void **state)
{
    (void)state;
    /* "If the Union controls Fredericksburg add +1 to the dice. If they also
     * control Spotsylvania add +2." Spotsylvania alone adds nothing. */
    const struct {
        bool fred, spot;
        int bonus;
    } cases[] = {{false, false, 0}, {false, true, 0}, {true, false, 1}, {true, true, 2}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        Game g;
        start_options(&g, "campaign", 9, OPT_ABSENT_FORCES);
        advance_to(&g, 5);
        clear_hex(&g, H("3321"));
        clear_hex(&g, H("2232"));
        if (cases[c].fred)
            put(&g, "brown-usa", "3321");
        if (cases[c].spot)
            put(&g, "bartlett", "2232");
        pass_until(&g, PH_ACTIVATION);
        advance_to(&g, 6); /* Hood's brigades roll at the start of turn 6 */
        bool seen = false;
        for (int i = 0; i < g.log.count; i++) {
            const LogEntry *e = &g.log.items[i];
            if (e->kind == LOG_ROLL && strcmp(e->rule, "VARIANT-ABSENT-FORCES") == 0 && e->turn == 6) {
                assert_int_equal(e->modified - e->die, cases[c].bonus);
                seen = true;
            }
        }
        assert_true(seen);
        game_free(&g);
    }
}

/* ---- guv script's answers (the position section of issue 12) -------- */

static void test_COMBAT_STEPS_no_skirmisher_step_in_a_full_hex(void **state)
{
    (void)state;
    /* COMBAT-STEPS: step B is skipped when every attacked hex holds four
     * units; "no-skirmisher" then says so instead of speaking of the order
     * of the steps. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    const char *four[] = {"von-gilsa", "mclean", "barlow", "buschbeck"};
    for (int i = 0; i < 4; i++)
        put_at(&g, four[i], t);
    put_at(&g, "heth", n);
    run(&g, "place %s", n);
    run(&g, "attack heth %s", t);
    assert_int_not_equal(g.st.cb_step, CB_SKIRMISHER);
    refuse_text(&g, "no-skirmisher", "no skirmisher was asked for");
    game_free(&g);
}

static void test_ELITE_BONUS_every_split_listed(void **state)
{
    (void)state;
    /* ELITE-BONUS: every split accepted is listed: with 2 points on 3 dice,
     * none, 1, 2 and 1+1. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n);
    put_at(&g, "lane", n);
    run(&g, "place %s", n);
    run(&g, "attack pender+lane %s", t);
    apply_text(&g, "no-skirmisher");
    apply_text(&g, "no-breastwork");
    assert_int_equal(g.st.cb_step, CB_BONUS_ATT);
    assert_int_equal(g.st.cb_att_bonus_max, 2);
    const char *want[] = {"bonus", "bonus 1", "bonus 2", "bonus 1 1"};
    for (int i = 0; i < 4; i++)
        assert_true(legal_has(&g, want[i]));
    int k = legal_all(&g), bonuses = 0;
    for (int i = 0; i < k; i++)
        bonuses += legal_buf[i].kind == D_BONUS;
    assert_int_equal(bonuses, 4);
    apply_text(&g, "bonus 1 1 0"); /* trailing zeros: the same split */
    game_free(&g);
}

/* ---- the fourth cold audit (base game) ---- */

/* DEMORAL: demoralized units "maintain their movement ability" (audit 4, 1). */
static void test_DEMORAL_keeps_its_movement(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1\nset turn 2\nset rain off\nplace heth 0820\nset unit heth dem on\n"
                    "set drawn hill\ndecide activate\ndecide place 0820\ndecide move heth 0420\n");
    assert_int_equal(g.st.unit[U("heth")].hex, H("0420"));
    game_free(&g);
}

/* DUMMIES: "must always move with their stack ... they retreat or advance
 * with the real units of their stack" (audit 4, 2 and 8). */
static void test_DUMMIES_go_with_their_stack(void **state)
{
    (void)state;
    Game g;
    const char *start = "new lee-moves 1 dummies\ndecide dummy 2322\ndecide choose anderson\ndecide done\n"
                        "decide done\nset drawn anderson\ndecide activate\ndecide place 2322\n";
    play_script(&g, start);
    int dummy = U("dummy-c1");
    /* active with its stack, never by itself */
    assert_true(g.st.unit[dummy].flags & UF_ACTIVE);
    refuse_text(&g, "attach dummy-c1", "DUMMIES");
    /* named in the move, it moves */
    apply_text(&g, "move wright+dummy-c1 2222");
    assert_int_equal(g.st.unit[dummy].hex, H("2222"));
    game_free(&g);
    /* left behind by its whole stack, it follows */
    play_script(&g, start);
    apply_text(&g, "move wright+mahone+garnett-art 2222");
    assert_int_equal(g.st.unit[dummy].where, AT_MAP);
    assert_int_equal(g.st.unit[dummy].hex, H("2222"));
    assert_true(log_has(&g, "goes with its stack from 2322 to 2222"));
    game_free(&g);
    /* a retreat: never alone, and with the last of its stack */
    play_script(&g, "new lee-moves 1 dummies\nplace ayres 2222\nplace burbank 2222\ndecide choose anderson\n"
                    "decide done\ndecide dummy 2222\ndecide done\nset drawn anderson\ndecide activate\n"
                    "decide place 2322\ndecide attack wright+mahone 2222\ndecide no-skirmisher\n"
                    "decide no-breastwork\ndice 5 5 1 1\ndecide bonus\ndecide bonus\ndecide lose ayres\n"
                    "decide retreat-instead\n");
    assert_false(legal_has(&g, "retreat 2122 dummy-u1"));
    refuse_text(&g, "retreat 2122 dummy-u1", "DUMMIES");
    apply_text(&g, "retreat 2122 ayres");
    assert_int_equal(g.st.unit[U("dummy-u1")].hex, H("2222")); /* burbank still there */
    apply_text(&g, "retreat 2123 burbank");
    assert_int_equal(g.st.unit[U("dummy-u1")].where, AT_MAP);
    assert_true(g.st.unit[U("dummy-u1")].hex == H("2122") || g.st.unit[U("dummy-u1")].hex == H("2123"));
    game_free(&g);
}

/* DUMMIES: a dummy whose stack the demoralized check destroys comes off at
 * once, not one decision later (audit 4, 7). */
static void test_DUMMIES_gone_with_a_culled_stack(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1 dummies\nset turn 2\nset rain off\nplace devin 0101\nplace heth 0201\n"
                    "place thomas 0202\ndecide done\ndecide dummy 0101\ndecide done\nset drawn hill\n"
                    "decide activate\nset unit devin dem on\ndecide place 0201\n");
    assert_int_not_equal(g.st.unit[U("devin")].where, AT_MAP);
    assert_int_not_equal(g.st.unit[U("dummy-u1")].where, AT_MAP);
    assert_false(legal_has(&g, "attack heth 0101"));
    game_free(&g);
}

/* SCENARIO-SALEM-CHURCH: "Mahone and Wilcox, belonging to the Anderson
 * Division, are considered independent units" (audit 4, 3). */
static void test_SCENARIO_SALEM_CHURCH_mahone_and_wilcox_independent(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new salem-church 1\nplace hays-csa 2720\nset drawn early\ndecide activate\ndecide place 2720\n"
                    "decide attach wilcox\n");
    assert_true(g.st.unit[U("wilcox")].flags & UF_ACTIVE);
    game_free(&g);
}

/* FORCED-MARCH: "No unit in the force marching formation may attack or
 * bombard that turn", even one activated later (audit 4, 4). */
static void test_FORCED_MARCH_the_formation_never_attacks_that_turn(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new lee-moves 1\nplace wilcox 2818\nplace ayres 2819\ndecide choose anderson\ndecide done\n"
                    "decide done\nset drawn anderson\nset cup independent confederate\ndecide activate\n"
                    "decide place 2323\ndecide forced-march\ndice 6\ndecide end\ndecide activate\n"
                    "decide place 2818\ndecide attach wilcox\n");
    refuse_text(&g, "attack wilcox 2819", "FORCED-MARCH");
    game_free(&g);
}

/* BOMBARD-PROC: a disorder falls on a unit it can disorder; skirmishers are
 * "not subject to the Disorganization" result (audit 4, 6). */
static void test_BOMBARD_PROC_disorder_not_on_a_skirmisher(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1\nset turn 2\nset rain off\nplace walker 0820\nplace von-gilsa 0920\n"
                    "place heth 0720\nset drawn independent union\ndecide activate\ndecide place 0920\n"
                    "decide attach von-gilsa\ndecide skirmish von-gilsa 0920\ndecide end\nset drawn hill\n"
                    "decide activate\ndecide place 0820\ndecide bombard walker 0920 troops\ndice 3\n"
                    "decide no-breastwork\n");
    assert_true(g.st.unit[U("von-gilsa")].flags & UF_DIS);
    assert_true(log_has(&g, "disorganized"));
    game_free(&g);
}

/* VISIBILITY: "You can inspect enemy stacking only if friendly units are
 * adjacent to it": a hidden stack's move names its units to its owner only
 * (fourth audit, 5). */
static void test_VISIBILITY_a_hidden_stack_moves_by_its_count(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new lee-moves 1 dummies\ndecide dummy 2322\ndecide choose anderson\ndecide done\n"
                    "decide done\nset drawn anderson\ndecide activate\ndecide place 2322\n"
                    "decide move wright+mahone+garnett-art+dummy-c1 2222\n");
    bool named = false, counted = false, own_counted = false, own_named = false;
    for (int i = 0; i < g.log.count; i++) {
        const LogEntry *e = &g.log.items[i];
        if (log_visible(e, SIDE_CONFEDERATE)) { /* the owner reads his own move, not the enemy's view of it */
            own_named |= strstr(e->text, "wright") != NULL;
            own_counted |= strstr(e->text, "a Confederate stack of 4 counters") != NULL;
        }
        if (!log_visible(e, SIDE_UNION))
            continue; /* what the Union may read */
        named |= strstr(e->text, "dummy-c1") != NULL || strstr(e->text, "wright") != NULL;
        counted |= strstr(e->text, "a Confederate stack of 4 counters moves from 2322") != NULL;
    }
    assert_false(named);
    assert_true(counted);
    assert_true(own_named);
    assert_false(own_counted);
    game_free(&g);
    /* a dummy not named goes with its stack, and is counted */
    play_script(&g, "new lee-moves 1 dummies\ndecide dummy 2322\ndecide choose anderson\ndecide done\n"
                    "decide done\nset drawn anderson\ndecide activate\ndecide place 2322\n"
                    "decide move wright+mahone+garnett-art 2222\n");
    assert_true(log_has(&g, "a Confederate stack of 4 counters moves from 2322"));
    game_free(&g);
}

/* HIGHER-CMD: a higher commander activates his formations' units and the
 * independent units in his radius; a dummy is no independent unit (it goes
 * with its stack, DUMMIES): it is neither counted nor activated on its own
 * (cold audit of issue 14's place count). */
static void test_HIGHER_CMD_a_dummy_is_no_independent(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new campaign 1 dummies\nset turn 4\nplace mahone 1921\ndecide higher jackson anderson\n"
                    "set drawn jackson\ndecide activate\n");
    int out = 0, without = game_place_count(&g, H("1921"), &out);
    game_free(&g);
    play_script(&g, "new campaign 1 dummies\nset turn 4\nplace mahone 1921\nplace dummy-c1 1921\n"
                    "decide higher jackson anderson\nset drawn jackson\ndecide activate\n");
    assert_int_equal(game_place_count(&g, H("1921"), &out), without);
    apply_text(&g, "place 1921");
    char want[80];
    snprintf(want, sizeof want, "%d unit%s within the command radius", without, without == 1 ? "" : "s");
    assert_true(log_has(&g, want));
    game_free(&g);
}

/* ---- the fourth cold audit (solitaire) ---- */

/* N.7: the isolated divisions are those left out as the activation begins;
 * the others, having acted, are not marched again at its end. */
static void test_AI_ISOLATED_settled_at_the_start(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 2\nplace williams 1220\nplace geary 1120\nplace steinwehr 0615\n"
                    "place devens 0614\nplace schurz 0613\nset objective howard 019 1\nset drawn howard\n"
                    "dice 5 4 6\nstep 6\n");
    assert_int_equal(g.st.unit[U("steinwehr")].hex, H("1320")); /* where its lead march took it */
    assert_false(log_has(&g, "Steinwehr) is isolated"));
    game_free(&g);
    play_script(&g, "new solitaire 1\nset turn 4\nset combat slocum 0\nplace williams 2824\nplace geary 2420\n"
                    "place mahone 2825\nset objective slocum 027 1\nset drawn slocum\ndice 1 1 3\nstep 6\n"
                    "dice 1 1 1 1\ndecide done\nstep 1\n");
    assert_int_equal(g.st.unit[U("williams")].hex, H("2824")); /* it fought; it does not walk away */
    assert_true(log_has(&g, "(Geary) is isolated"));
    assert_false(log_has(&g, "(Williams) is isolated"));
    game_free(&g);
}

/* K.3: "An AI unit always retreats when it can absorb losses that would
 * remove it from play", judged on the division K.1 gives the loss to. */
static void test_AI_RETREAT_judged_on_the_next_loss_of_K1(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 4\nplace mahone 2825\nplace posey 2825\nplace perry 2825\n"
                    "place williams 2824\nplace geary 2826 steps 1\nset combat slocum 0\nset drawn anderson\n"
                    "decide activate\ndecide place 2825\ndice 3 5 5 1 1 6\n"
                    "decide attack mahone+posey+perry 2824+2826\nstep 8\n");
    assert_int_equal(g.st.unit[U("geary")].where, AT_MAP);
    assert_true(log_has(&g, "answers \"retreat-instead\""));
    game_free(&g);
}

/* K.3: "If the result is 1-2, the unit absorbs the last loss and retreats." */
static void test_AI_RETREAT_takes_the_last_loss_and_retreats(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 4\nplace mahone 2825\nplace posey 2825\nplace perry 2825\n"
                    "place williams 2824\nset combat slocum 0\nset drawn anderson\ndecide activate\n"
                    "decide place 2825\ndice 3 5 5 1 1 1\ndecide attack mahone+posey+perry 2824\nstep 12\n"
                    "decide lose perry\nstep 4\n");
    assert_int_equal(g.st.unit[U("williams")].steps, 2); /* both losses taken */
    assert_int_not_equal(g.st.unit[U("williams")].hex, H("2824")); /* and it retreated */
    game_free(&g);
}

/* [019]'s deployment is a transfer (AI-TRANSFER): never over a river with no
 * way, never the divisions N.7 isolates, and one already there stays. */
static void test_AI_WHEEL_deploy_is_a_transfer(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 4\nplace williams 1620\nplace geary 0513\nset objective slocum 019 1\n"
                    "set drawn slocum\ndice 1 1 3\nstep 6\n");
    assert_true(log_has(&g, "XII Corps deploys in [019]"));
    assert_false(log_has(&g, "geary->17")); /* not lifted from the wedge into the clearing */
    assert_true(hex_distance(map_hex_at(&gd.map, g.st.unit[U("geary")].hex), tu_hex("1820")) > 3);
    game_free(&g);
}

/* G: "Once the first CM is placed on the Wheel, the AI turn ends": also when
 * the lead's second leg after a break of contact reaches the objective. */
static void test_AI_WHEEL_no_attack_after_the_wheel(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 4\nplace devens 1122\nplace steinwehr 1022\nplace schurz 0923\n"
                    "place mahone 1421\nplace posey 1421\nplace wright 1722\nset objective howard 019 1\n"
                    "set drawn howard\ndice 1 1 3\nstep 4\ndecide break 1522\nstep 3\n");
    assert_true(log_has(&g, "XI Corps's marker goes on slot 1 of the wheel"));
    assert_false(log_has(&g, "XI Corps engages"));
    game_free(&g);
}

/* M.1: the division that recovers is the weakest of those with steps to
 * recover (one at full strength has none). */
static void test_AI_RECOVERY_a_damaged_division(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 5\nplace french 2718 steps 3\nplace hancock 2618\ndecide done\n"
                    "decide pass\nstep 10\n");
    assert_true(log_has(&g, "AI-RECOVERY"));
    assert_true(log_has(&g, "French")); /* the reduced division, not the whole Hancock */
    assert_true(g.st.unit[U("french")].steps > 3);
    assert_int_equal(g.st.unit[U("hancock")].steps, 4);
    game_free(&g);
}

/* AI-BREAK-CONTACT ruling: across a great river an Automa division does not
 * roll to break contact (it could not fight there anyway). */
static void test_AI_BREAK_CONTACT_not_across_a_great_river(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 4\nremove williams\nplace geary 0713\nplace heth 0815\n"
                    "set drawn hill\ndecide activate\ndecide place 0815\ndecide move heth 0714\n");
    assert_int_equal(g.st.unit[U("heth")].hex, H("0714"));
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    assert_false(log_has(&g, "AI-BREAK-CONTACT"));
    game_free(&g);
}

/* H.3 after H.2.a: the lead goes on and ends out of contact; the others,
 * transferred beside the enemy's old hex, close up in column behind it. */
static void test_AI_BREAK_CONTACT_the_column_follows_the_lead(void **state)
{
    (void)state;
    Game g;
    play_script(&g, "new solitaire 1\nset turn 4\nplace devens 1122\nplace steinwehr 1022\nplace schurz 0923\n"
                    "place mahone 1421\nplace posey 1421\nplace wright 1722\nset objective howard 022 1\n"
                    "set drawn howard\ndice 1 1 3\nstep 4\ndecide break 1522\nstep 3\n");
    assert_true(log_has(&g, "out of contact"));
    HexCoord lead = map_hex_at(&gd.map, g.st.unit[U("devens")].hex);
    assert_true(hex_distance(lead, map_hex_at(&gd.map, g.st.unit[U("steinwehr")].hex)) <= 2);
    assert_true(hex_distance(lead, map_hex_at(&gd.map, g.st.unit[U("schurz")].hex)) <= 2);
    assert_true(log_has(&g, "the corps forms its column behind"));
    game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_RETREAT_over_a_friendly_pontoon),
        cmocka_unit_test(test_BREAK_CONTACT_over_a_friendly_pontoon),
        cmocka_unit_test(test_OOS_LADDER_penalty_on_every_die),
        cmocka_unit_test(test_OOS_LADDER_demoralized_loses_a_step_at_once),
        cmocka_unit_test(test_NIGHT_COMBAT_breastworks_already_present_count),
        cmocka_unit_test(test_COMBAT_WHO_no_obligation_to_attack_the_disordered),
        cmocka_unit_test(test_SKIRM_RULES_only_with_infantry),
        cmocka_unit_test(test_BREAK_CONTACT_cavalry_two_hexes_never_next_to_the_enemy),
        cmocka_unit_test(test_FORCED_MARCH_the_unfit_move_at_their_pace),
        cmocka_unit_test(test_DEMORAL_after_a_bombardment),
        cmocka_unit_test(test_RETREAT_unit_by_unit_through_a_full_hex),
        cmocka_unit_test(test_RETREAT_stays_in_the_play_area),
        cmocka_unit_test(test_ACT_RADIUS_not_over_a_closed_ford),
        cmocka_unit_test(test_STACK_displace_only_where_it_fits),
        cmocka_unit_test(test_CAMPAIGN_late_cavalry_may_cross_north),
        cmocka_unit_test(test_ACT_INDEP_ATTACH_locked_units_stay_locked),
        cmocka_unit_test(test_ACT_INDEP_not_again_by_its_formation),
        cmocka_unit_test(test_FORTIFICATION_passing_through_is_not_leaving),
        cmocka_unit_test(test_SKIRM_RULES_an_old_skirmisher_moves_with_its_stack),
        cmocka_unit_test(test_BREAK_CONTACT_the_mover_may_go_on),
        cmocka_unit_test(test_BREAK_CONTACT_the_resume_comes_at_once),
        cmocka_unit_test(test_ADVANCE_some_or_all_one_hex_once),
        cmocka_unit_test(test_ADVANCE_never_where_no_unit_may_cross),
        cmocka_unit_test(test_BREASTWORK_gone_with_its_defenders),
        cmocka_unit_test(test_PONTOON_SEIZE_after_moving_for_2_MP),
        cmocka_unit_test(test_DISORG_out_of_supply_keeps_it),
        cmocka_unit_test(test_EXIT_MAP_at_the_end_of_a_move),
        cmocka_unit_test(test_EXIT_MAP_only_as_the_last_step_of_the_move),
        cmocka_unit_test(test_EXIT_MAP_only_the_side_the_scenario_names),
        cmocka_unit_test(test_FORCED_MARCH_not_for_a_disorganized_stackmate),
        cmocka_unit_test(test_MOVE_CONTACT_the_log_says_what_contact_cost),
        cmocka_unit_test(test_MOVE_BASIC_a_refused_move_says_why),
        cmocka_unit_test(test_ROADS_the_route_that_leaves_the_most),
        cmocka_unit_test(test_FORTIFICATION_abandoned_next_to_the_enemy),
        cmocka_unit_test(test_FORTIFICATION_abandoned_piecemeal),
        cmocka_unit_test(test_COMBAT_WHO_attacked_from_every_side),
        cmocka_unit_test(test_FORCED_MARCH_loss_from_any_unit_of_the_formation),
        cmocka_unit_test(test_BREASTWORK_not_only_forbidden_at_Falmouth),
        cmocka_unit_test(test_EVENTS_ten_union_chits),
        cmocka_unit_test(test_ACT_POINTS_the_wedge_is_not_confederate_territory),
        cmocka_unit_test(test_DEMORAL_keeps_its_movement),
        cmocka_unit_test(test_DUMMIES_go_with_their_stack),
        cmocka_unit_test(test_DUMMIES_gone_with_a_culled_stack),
        cmocka_unit_test(test_SCENARIO_SALEM_CHURCH_mahone_and_wilcox_independent),
        cmocka_unit_test(test_FORCED_MARCH_the_formation_never_attacks_that_turn),
        cmocka_unit_test(test_BOMBARD_PROC_disorder_not_on_a_skirmisher),
        cmocka_unit_test(test_VISIBILITY_a_hidden_stack_moves_by_its_count),
        cmocka_unit_test(test_HIGHER_CMD_a_dummy_is_no_independent),
        cmocka_unit_test(test_AI_ISOLATED_settled_at_the_start),
        cmocka_unit_test(test_AI_RETREAT_judged_on_the_next_loss_of_K1),
        cmocka_unit_test(test_AI_RETREAT_takes_the_last_loss_and_retreats),
        cmocka_unit_test(test_AI_WHEEL_deploy_is_a_transfer),
        cmocka_unit_test(test_AI_WHEEL_no_attack_after_the_wheel),
        cmocka_unit_test(test_AI_RECOVERY_a_damaged_division),
        cmocka_unit_test(test_AI_BREAK_CONTACT_not_across_a_great_river),
        cmocka_unit_test(test_AI_BREAK_CONTACT_the_column_follows_the_lead),
        cmocka_unit_test(test_VARIANT_ABSENT_FORCES_spotsylvania_counts_only_with_fredericksburg),
        cmocka_unit_test(test_COMBAT_STEPS_no_skirmisher_step_in_a_full_hex),
        cmocka_unit_test(test_ELITE_BONUS_every_split_listed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
