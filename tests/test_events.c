/* Event chits (EVENTS, NIGHT-COMBAT): the cups and hands, the draws, the
 * limit of two a turn, the hidden hand, and each chit's effect set up with
 * forced dice. */
#include <stdio.h>
#include <string.h>

#include "gametest.h"
#include "rules/game_internal.h"
#include "testutil.h"

static int EV(int side, const char *id)
{
    int e = data_event_index(&gd, side, id);
    if (e < 0)
        fail_msg("no %s event %s", data_side_name(side), id);
    return e;
}

static void give(Game *g, int side, const char *id) { g->st.ev_hand[EV(side, id)]++; }

static int cup_total(const Game *g, int side)
{
    int t = 0;
    for (int e = 0; e < gd.nevents; e++)
        if (gd.events[e].side == side)
            t += g->st.ev_cup[e];
    return t;
}

static void test_cups_hands_and_draws(void **state)
{
    (void)state;
    Game g;
    start_options(&g, "campaign", 7, OPT_EVENTS);
    /* EVENTS: three chits each at the start, the rest in each side's cup
     * (ten Confederate chits, ten Union ones: the rulebook describes ten). */
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 3);
    assert_int_equal(game_hand_size(&g, SIDE_UNION), 3);
    assert_int_equal(cup_total(&g, SIDE_CONFEDERATE), 7);
    assert_int_equal(cup_total(&g, SIDE_UNION), 7);
    /* The names of the chits drawn are for their owner only. */
    int secrets = 0;
    for (int i = 0; i < g.log.count; i++)
        if (strstr(g.log.items[i].text, "chit drawn:")) {
            assert_true(g.log.items[i].secret == SIDE_UNION + 1 || g.log.items[i].secret == SIDE_CONFEDERATE + 1);
            secrets++;
        }
    assert_int_equal(secrets, 6);
    /* A drawn formation or Independent chit may be traded for a draw. */
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    while (g.st.drawn.side != SIDE_CONFEDERATE)
        apply_text(&g, "pass");
    assert_true(legal_has(&g, "draw-event"));
    Chit traded = g.st.drawn;
    int ncup = g.st.ncup;
    apply_text(&g, "draw-event");
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 4);
    assert_int_equal(cup_total(&g, SIDE_CONFEDERATE), 6);
    /* the traded chit is not activated: the next one is drawn */
    assert_false(g.st.activated);
    assert_true(g.st.ncup == ncup - 1 || g.st.phase != PH_ACTIVATION);
    assert_false(g.st.drawn.kind == traded.kind && g.st.drawn.index == traded.index &&
                 g.st.drawn.side == traded.side && g.st.ncup == ncup);
    /* SEQ-NIGHT step 6: one more chit each at the end of the night (turn 5). */
    advance_to(&g, 6);
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 5);
    assert_int_equal(game_hand_size(&g, SIDE_UNION), 4);
    game_free(&g);

    /* Without the option there are no cups, no hands and no trade. */
    start(&g, "campaign", 7);
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 0);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    assert_false(legal_has(&g, "draw-event"));
    game_free(&g);
}

static void test_two_a_turn_and_release(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 3);
    apply_text(&g, "done"); /* the Confederates choose nothing */
    give(&g, SIDE_UNION, "corps-released");
    give(&g, SIDE_UNION, "good-general");
    give(&g, SIDE_UNION, "great-offensive");
    /* I Corps is held to turn 6 (CAMPAIGN) until the chit releases it. */
    refuse_text(&g, "choose reynolds", "before turn 6");
    assert_true(legal_has(&g, "event corps-released reynolds"));
    assert_true(legal_has(&g, "event corps-released sedgwick"));
    assert_true(legal_has(&g, "event corps-released cavalry"));
    refuse_text(&g, "event corps-released couch", "not one this chit releases");
    apply_text(&g, "event corps-released sedgwick");
    assert_true(legal_has(&g, "choose sedgwick"));
    /* Gibbon's brigades go free with VI Corps */
    assert_false(unit_locked(&g, U("owen")));
    /* the chit is played once: out of the game */
    assert_int_equal(g.st.ev_hand[EV(SIDE_UNION, "corps-released")], 0);
    assert_int_equal(g.st.ev_cup[EV(SIDE_UNION, "corps-released")], 0);
    /* Good General goes in the cup with the chosen formations. */
    apply_text(&g, "event good-general");
    /* at most two chits a turn */
    g.st.hc_turn[data_commander_index(&gd, "hooker")] = 0;
    refuse_text(&g, "event great-offensive", "at most 2");
    apply_text(&g, "choose sedgwick");
    apply_text(&g, "done");
    bool found = false;
    for (int i = 0; i < g.st.ncup; i++)
        found |= g.st.cup[i].kind == CHIT_EVENT;
    found |= g.st.drawn.kind == CHIT_EVENT;
    assert_true(found);
    /* When drawn it activates a formation not chosen this turn. */
    for (int i = 0; i < 20 && g.st.drawn.kind != CHIT_EVENT; i++)
        apply_text(&g, "pass");
    assert_int_equal(g.st.drawn.kind, CHIT_EVENT);
    refuse_text(&g, "activate", "good-general FORMATION");
    assert_false(legal_has(&g, "good-general sedgwick")); /* already chosen */
    assert_true(legal_has(&g, "good-general couch"));
    apply_text(&g, "good-general couch");
    assert_int_equal(g.st.drawn.kind, CHIT_FORMATION);
    assert_int_equal(g.st.drawn.index, data_formation_index(&gd, "couch"));
    assert_int_equal(g.st.ev_cup[EV(SIDE_UNION, "good-general")], 1); /* back in its cup after use */
    /* the formation it named is not a command chit drawn: no event is
     * drawn instead of it (EVENTS), though the cup holds one */
    assert_false(legal_has(&g, "draw-event"));
    refuse_text(&g, "draw-event", "instead of activating");
    apply_text(&g, "activate");
    game_free(&g);
}

static void test_great_offensive(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 3);
    advance_to(&g, 3);
    apply_text(&g, "done");
    apply_text(&g, "higher hooker meade");
    apply_text(&g, "done");
    advance_to(&g, 4);
    apply_text(&g, "done");
    refuse_text(&g, "higher hooker meade", "every other turn");
    assert_false(legal_has(&g, "event great-offensive"));
    give(&g, SIDE_UNION, "great-offensive");
    assert_true(legal_has(&g, "event great-offensive"));
    apply_text(&g, "event great-offensive");
    apply_text(&g, "higher hooker meade");
    /* two consecutive turns, not two takes in one: his command factor (2)
     * is what he takes in a turn */
    refuse_text(&g, "higher hooker couch", "already taken his formations this turn");
    game_free(&g);
}

/* Great Offensive is for a commander who acted last turn: played in the
 * turn he has already acted, it would let him take formations again,
 * beyond his command factor (HIGHER-CMD). */
static void test_great_offensive_not_after_acting_this_turn(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 3);
    advance_to(&g, 3);
    apply_text(&g, "done");
    apply_text(&g, "higher hooker howard+slocum");
    give(&g, SIDE_UNION, "great-offensive");
    assert_false(legal_has(&g, "event great-offensive"));
    refuse_text(&g, "event great-offensive", "acted last turn");
    refuse_text(&g, "higher hooker couch", "already taken his formations this turn");
    game_free(&g);
}

/* Von Gilsa alone in open ground T, Pender, Lane and Thomas of Hill's
 * division next to it (N), Hill activated and placed. */
static void hill_attacks_von_gilsa(Game *g, HexCoord *t, HexCoord *n)
{
    hill_activated(g);
    *t = open_ground(g);
    *n = hex_neighbour(*t, DIR_N);
    put_at(g, "von-gilsa", *t);
    put_at(g, "pender", *n);
    put_at(g, "lane", *n);
    put_at(g, "thomas", *n);
    run(g, "place %s", *n);
}

static void test_combat_chits(void **state)
{
    (void)state;
    Game g;
    HexCoord t, n;
    hill_attacks_von_gilsa(&g, &t, &n);
    /* a scenario's held chit: Rebel Yell once (SCENARIO-LEE-MOVES) */
    int ry = EV(SIDE_CONFEDERATE, "rebel-yell");
    g.st.ev_hand[ry] = g.st.ev_held[ry] = 1;
    give(&g, SIDE_UNION, "steady-defense");
    refuse_text(&g, "event rebel-yell", "when you attack");
    run(&g, "attack pender+lane+thomas %s", t);
    apply_text(&g, "no-skirmisher");
    apply_text(&g, "no-breastwork");
    assert_int_equal(g.st.cb_step, CB_BONUS_ATT);
    int dice = g.st.cb_att_dice, bonus = g.st.cb_att_bonus_max;
    assert_int_equal(dice, 11 / 3 + 1);
    assert_true(legal_has(&g, "event rebel-yell"));
    apply_text(&g, "event rebel-yell");
    /* one more die and one more point to place */
    assert_int_equal(g.st.cb_att_dice, dice + 1);
    assert_int_equal(g.st.cb_att_bonus_max, bonus + 1);
    assert_int_equal(g.st.ev_hand[ry], 0);
    assert_int_equal(g.st.ev_cup[ry], 0); /* held: used once */
    char cmd[64];
    snprintf(cmd, sizeof cmd, "bonus %d", bonus + 1);
    apply_text(&g, cmd);
    /* The defender's step is offered for its chit even without bonus points. */
    assert_int_equal(g.st.cb_step, CB_BONUS_DEF);
    assert_int_equal(g.st.to_move, SIDE_UNION);
    int ddice = g.st.cb_def_dice;
    apply_text(&g, "event steady-defense");
    assert_int_equal(g.st.cb_def_dice, ddice + 1);
    /* Returned to the cup after use (a cup of one's own, not the hand). */
    assert_int_equal(g.st.ev_cup[EV(SIDE_UNION, "steady-defense")], 1);
    game_free(&g);
}

static void test_night_attack(void **state)
{
    (void)state;
    /* NIGHT-COMBAT: on the night turn 5, Hill's Pender two hexes from Von
     * Gilsa in the open may not close up, unless Night Attack is played:
     * then it enters the open hex next to him for 1 MP and attacks; no
     * breastwork and no skirmisher is made at night. */
    Game g;
    start(&g, "campaign", 21);
    advance_to(&g, 5);
    assert_true(gd.turns[g.st.turn - 1].night);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), n2 = hex_neighbour(n, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n2);
    run(&g, "place %s", n2);
    char cmd[64];
    hexcmd(cmd, sizeof cmd, "move", n, "pender");
    refuse_text(&g, cmd, "a unit at night never enters such a hex");
    give(&g, SIDE_CONFEDERATE, "night-attack");
    apply_text(&g, "event night-attack");
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[U("pender")].hex, hx_index(n));
    assert_non_null(strstr(g.log.items[g.log.count - 1].text, "1 MP"));
    int skirmishers = g.st.skirmishers[SIDE_UNION];
    assert_true(skirmishers > 0);
    run(&g, "attack pender %s", t);
    assert_int_equal(g.st.pending, PEND_COMBAT);
    assert_false(legal_has(&g, "breastwork"));
    assert_false(legal_has(&g, "no-skirmisher"));
    game_free(&g);

    /* Without the chit: no move next to the enemy and no attack at night. */
    start(&g, "campaign", 21);
    advance_to(&g, 5);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n);
    run(&g, "place %s", n);
    snprintf(cmd, sizeof cmd, "attack pender ");
    hexcmd(cmd, sizeof cmd, "attack", t, "pender");
    refuse_text(&g, cmd, "no combat at night");
    game_free(&g);
}

static void test_supply_chit(void **state)
{
    (void)state;
    /* Heth stands far behind the Union lines, cut off: out of supply at the
     * night's check, unless the Supply Depot chit is put within 4 hexes. */
    for (int play = 0; play < 2; play++) {
        Game g;
        start(&g, "campaign", 21);
        advance_to(&g, 5);
        put(&g, "heth", "0310");
        assert_false(game_in_supply(&g, U("heth")));
        if (play) {
            give(&g, SIDE_CONFEDERATE, "supply-depot");
            pass_until(&g, PH_NIGHT_EVENTS);
            assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
            assert_true(legal_has(&g, "no-event"));
            refuse_text(&g, "event supply-depot 2020", "units of your own");
            apply_text(&g, "event supply-depot 0310");
        } else
            advance_to(&g, 6);
        bool oos = (g.st.unit[U("heth")].flags & UF_OOS) != 0;
        assert_int_equal(oos, !play);
        assert_int_equal(g.st.ev_supply[SIDE_CONFEDERATE], -1); /* the chit is off the map again */
        game_free(&g);
    }
}

static void test_jackson_attacks(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 21);
    advance_to(&g, 3);
    give(&g, SIDE_CONFEDERATE, "jackson-attacks");
    /* Played once Jackson commands formations this turn. */
    refuse_text(&g, "event jackson-attacks", "commands formations");
    apply_text(&g, "higher jackson hill");
    assert_int_equal(rng_force(&g.st.rng, 1), 0); /* 1-2: he falls */
    apply_text(&g, "event jackson-attacks");
    assert_true(g.st.cmd_falls[data_commander_index(&gd, "jackson")]);
    /* his units move 3 MP more and add a die to each attack */
    short heth = (short)U("heth"), von = (short)U("von-gilsa");
    assert_int_equal(event_extra_mp(&g, &heth, 1), 3);
    short vg = von;
    (void)vg;
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "heth", n);
    short hexes[1] = {(short)hx_index(t)};
    int ad, dd;
    char why[200];
    game_combat_dice(&g, &heth, 1, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_non_null(strstr(why, "event +1"));
    int with = ad;
    g.st.ev_leader = -1;
    game_combat_dice(&g, &heth, 1, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_int_equal(with, ad + 1);
    game_free(&g);

    /* He falls at the end of the turn and may not command again. */
    start(&g, "campaign", 21);
    advance_to(&g, 3);
    give(&g, SIDE_CONFEDERATE, "jackson-attacks");
    apply_text(&g, "higher jackson hill");
    assert_int_equal(rng_force(&g.st.rng, 2), 0);
    apply_text(&g, "event jackson-attacks");
    advance_to(&g, 6);
    refuse_text(&g, "higher jackson rodes", "fallen");
    game_free(&g);
}

/* Hexes from h to the nearest Confederate supply source. */
static int supply_hexes_away(HexCoord h)
{
    int best = 9999;
    for (int i = 0; i < gd.map.cols * gd.map.rows; i++)
        if (gd.map.hexes[i].flags & HEXF_SUPPLY_CSA) {
            int d = hex_distance(h, map_hex_at(&gd.map, i));
            best = d < best ? d : best;
        }
    return best;
}

static void test_general_retreat(void **state)
{
    (void)state;
    Game g;
    HexCoord t, n;
    hill_attacks_von_gilsa(&g, &t, &n);
    give(&g, SIDE_CONFEDERATE, "general-retreat");
    char cmd[64];
    hexcmd(cmd, sizeof cmd, "event general-retreat", n, NULL);
    apply_text(&g, cmd);
    assert_int_equal(g.st.pending, PEND_RETREAT_EVENT);
    /* every move offered goes nearer the Confederate supply sources */
    int nl = legal_all(&g);
    int moves = 0;
    Decision mv = {0};
    int here = supply_hexes_away(n), farther = -1;
    for (int i = 0; i < nl; i++)
        if (legal_buf[i].kind == D_MOVE) {
            moves++;
            assert_true(supply_hexes_away(map_hex_at(&gd.map, legal_buf[i].arg)) < here);
            if (legal_buf[i].nunits == 3)
                mv = legal_buf[i];
        }
    assert_true(moves > 0);
    /* a hex no nearer the supply sources is refused */
    for (int d = 0; d < DIR_COUNT && farther < 0; d++) {
        HexCoord nb = hex_neighbour(n, d);
        if (map_has(&gd.map, nb) && supply_hexes_away(nb) >= here && !hex_equal(nb, t))
            farther = hx_index(nb);
    }
    assert_true(farther >= 0);
    hexcmd(cmd, sizeof cmd, "move", map_hex_at(&gd.map, farther), "pender");
    refuse_text(&g, cmd, "no nearer");
    assert_int_equal(mv.nunits, 3);
    char why[200];
    assert_true(game_apply(&g, &mv, why, sizeof why));
    assert_int_equal(g.st.unit[U("pender")].hex, mv.arg);
    refuse_text(&g, "attack pender+lane+thomas 0101", "finish the General Retreat");
    /* Then all are disorganized; a 1-2 demoralizes (pender, lane, thomas in
     * unit order). */
    int d1 = rng_force(&g.st.rng, 1), d2 = rng_force(&g.st.rng, 6), d3 = rng_force(&g.st.rng, 3);
    assert_true(d1 == 0 && d2 == 0 && d3 == 0);
    apply_text(&g, "end");
    assert_int_equal(g.st.pending, PEND_NONE);
    int dem = 0, dis = 0;
    const char *ids[] = {"pender", "lane", "thomas"};
    for (int i = 0; i < 3; i++) {
        dem += (g.st.unit[U(ids[i])].flags & UF_DEM) != 0;
        dis += (g.st.unit[U(ids[i])].flags & UF_DIS) != 0;
    }
    assert_int_equal(dem, 1);
    assert_int_equal(dis, 2);
    game_free(&g);
}

static void test_rally_and_regroup(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 3);
    apply_text(&g, "done");
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), far = hex_neighbour(hex_neighbour(t, DIR_S), DIR_S);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "mclean", n);
    g.st.unit[U("von-gilsa")].flags |= UF_DIS;
    g.st.unit[U("mclean")].flags |= UF_DEM;
    give(&g, SIDE_UNION, "last-effort");
    char cmd[64];
    hexcmd(cmd, sizeof cmd, "event last-effort", t, NULL);
    apply_text(&g, cmd);
    assert_false(g.st.unit[U("von-gilsa")].flags & (UF_DIS | UF_DEM));
    assert_int_equal(g.st.unit[U("mclean")].flags & (UF_DIS | UF_DEM), UF_DIS);
    /* Brigade Regroup: an eliminated brigade back on its reduced side, next to its division. */
    unit_reset(&g, U("mclean"), (UnitState){.hex = -1, .where = AT_ELIMINATED, .steps = 0, .flags = 0, .exited_from = -1});
    give(&g, SIDE_UNION, "brigade-regroup");
    HexCoord s1 = hex_neighbour(t, DIR_S);
    put_at(&g, "heth", far); /* the enemy next to S1 */
    hexcmd(cmd, sizeof cmd, "event brigade-regroup", s1, "mclean");
    refuse_text(&g, cmd, "out of contact");
    take_off(&g, "heth");
    hexcmd(cmd, sizeof cmd, "event brigade-regroup", far, "mclean");
    refuse_text(&g, cmd, "next to a unit of its own division");
    hexcmd(cmd, sizeof cmd, "event brigade-regroup", s1, "mclean");
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[U("mclean")].where, AT_MAP);
    assert_int_equal(g.st.unit[U("mclean")].steps, 1);
    assert_int_equal(g.st.ev_played[SIDE_UNION], 2);
    game_free(&g);
}

static void test_paths_guns_bridge_and_demons(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    /* Unknown Paths: woods entered at the cost of clear ground. */
    int woods = -1, clear = -1;
    for (int i = 0; i < gd.nterrain; i++) {
        if (strcmp(gd.terrain[i].id, "woods") == 0)
            woods = i;
        if (strcmp(gd.terrain[i].id, "clear") == 0)
            clear = i;
    }
    HexCoord c = HEX_NONE, w = HEX_NONE;
    for (int i = 0; i < gd.map.cols * gd.map.rows && !hex_valid(w); i++) {
        HexCoord h = map_hex_at(&gd.map, i);
        if (map_hex(&gd.map, h)->terrain != clear)
            continue;
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord nb = hex_neighbour(h, d);
            if (map_has(&gd.map, nb) && map_hex(&gd.map, nb)->terrain == woods && map_hexside(&gd.map, h, d)->kind < 0 &&
                map_hex(&gd.map, h)->road[d] < 0) {
                bool quiet = true;
                for (int u = 0; u < g.st.nunits && quiet; u++)
                    if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), h) <= 3)
                        quiet = false;
                if (quiet) {
                    c = h, w = nb;
                    break;
                }
            }
        }
    }
    assert_true(hex_valid(w));
    put_at(&g, "pender", c);
    run(&g, "place %s", c);
    give(&g, SIDE_CONFEDERATE, "unknown-paths");
    apply_text(&g, "event unknown-paths");
    char cmd[64];
    hexcmd(cmd, sizeof cmd, "move", w, "pender");
    apply_text(&g, cmd);
    assert_non_null(strstr(g.log.items[g.log.count - 1].text, ", 1 MP"));
    game_free(&g);
    /* ... "(1 PM)" also next to the enemy: the woods' own contact rule (none) holds */
    hill_activated(&g);
    HexCoord e = HEX_NONE;
    for (int d = 0; d < DIR_COUNT && !hex_valid(e); d++)
        if (map_has(&gd.map, hex_neighbour(w, d)) && hex_distance(hex_neighbour(w, d), c) == 2)
            e = hex_neighbour(w, d);
    assert_true(hex_valid(e));
    put_at(&g, "pender", c);
    put_at(&g, "von-gilsa", e);
    run(&g, "place %s", c);
    give(&g, SIDE_CONFEDERATE, "unknown-paths");
    apply_text(&g, "event unknown-paths");
    apply_text(&g, cmd);
    if (g.st.pending == PEND_BREAK_CONTACT)
        stay_put(&g);
    assert_true(log_has(&g, "moved") && strstr(g.log.items[g.log.count - 1].text, ", 1 MP") != NULL);
    /* CSA Bridge: the Confederate pontoon comes only with its chit. */
    assert_int_equal(g.st.pontoons_left[SIDE_CONFEDERATE], 0);
    give(&g, SIDE_CONFEDERATE, "csa-bridge");
    apply_text(&g, "event csa-bridge");
    assert_int_equal(g.st.pontoons_left[SIDE_CONFEDERATE], 1);
    assert_true(g.st.ev_pontoon[SIDE_CONFEDERATE]);
    game_free(&g);

    /* Alexander's Artillery: the rulebook's bombardment (die 5, +1 open, -1
     * breastwork) reads 6 with the chit's +1. */
    hill_activated(&g);
    HexCoord t = open_ground(&g), gw = hex_neighbour(t, DIR_N), gn = hex_neighbour(t, DIR_NW);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "walker", gw);
    put_at(&g, "nelson", gn);
    run(&g, "place %s", gw);
    apply_text(&g, "attach nelson");
    give(&g, SIDE_CONFEDERATE, "alexanders-artillery");
    hexcmd(cmd, sizeof cmd, "event alexanders-artillery", gw, NULL);
    apply_text(&g, cmd);
    run(&g, "bombard walker+nelson %s troops", t);
    assert_int_equal(rng_force(&g.st.rng, 5), 0);
    apply_text(&g, "breastwork");
    const LogEntry *roll = NULL;
    for (int i = 0; i < g.log.count; i++)
        if (g.log.items[i].kind == LOG_ROLL && strcmp(g.log.items[i].rule, "BOMBARD-PROC") == 0)
            roll = &g.log.items[i];
    assert_non_null(roll);
    assert_int_equal(roll->modified, 6);
    game_free(&g);

    /* Demons out of the Earth: units that have attacked may attack again. */
    HexCoord n;
    hill_attacks_von_gilsa(&g, &t, &n);
    g.st.unit[U("pender")].flags |= UF_FOUGHT;
    g.st.attacked[g.st.nattacked++] = (short)hx_index(t);
    hexcmd(cmd, sizeof cmd, "attack", t, "pender");
    refuse_text(&g, cmd, "already been attacked in this activation");
    give(&g, SIDE_CONFEDERATE, "demons-out-of-the-earth");
    hexcmd(cmd, sizeof cmd, "event demons-out-of-the-earth", n, NULL);
    apply_text(&g, cmd);
    assert_false(g.st.unit[U("pender")].flags & UF_FOUGHT);
    hexcmd(cmd, sizeof cmd, "attack", t, "pender");
    apply_text(&g, cmd);
    game_free(&g);
}

static void test_held_events_and_replay(void **state)
{
    (void)state;
    /* The scenarios' held chits are in hand from the start without the option. */
    Game g;
    start(&g, "jacksons-attack", 5);
    assert_int_equal(game_hand_size(&g, SIDE_CONFEDERATE), 4);
    assert_int_equal(g.st.ev_held[EV(SIDE_CONFEDERATE, "night-attack")], 1);
    assert_int_equal(game_hand_size(&g, SIDE_UNION), 0);
    game_free(&g);
    start(&g, "salem-church", 5);
    assert_int_equal(g.st.ev_hand[EV(SIDE_UNION, "yankee-veterans")], 1);
    assert_int_equal(g.st.ev_hand[EV(SIDE_UNION, "last-effort")], 1);
    game_free(&g);
    /* Playing a chit shows it to the enemy: no undo past it. */
    HexCoord t, n;
    hill_attacks_von_gilsa(&g, &t, &n);
    give(&g, SIDE_CONFEDERATE, "unknown-paths");
    apply_text(&g, "event unknown-paths");
    char why[200];
    assert_false(game_undo(&g, SIDE_CONFEDERATE, why, sizeof why));
    game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cups_hands_and_draws),
        cmocka_unit_test(test_two_a_turn_and_release),
        cmocka_unit_test(test_great_offensive),
        cmocka_unit_test(test_great_offensive_not_after_acting_this_turn),
        cmocka_unit_test(test_combat_chits),
        cmocka_unit_test(test_night_attack),
        cmocka_unit_test(test_supply_chit),
        cmocka_unit_test(test_jackson_attacks),
        cmocka_unit_test(test_general_retreat),
        cmocka_unit_test(test_rally_and_regroup),
        cmocka_unit_test(test_paths_guns_bridge_and_demons),
        cmocka_unit_test(test_held_events_and_replay),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
