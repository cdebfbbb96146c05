/* The game core: the one random generator, set-up from a scenario, the rain
 * check, activation points, the cup, and exact replay (SETUP, RAIN,
 * ACT-POINTS, ACT-CUP, CAMPAIGN locks, SEQ-DAY). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game.h"
#include "rules/game_internal.h"
#include "gametest.h"
#include "testutil.h"

static void test_rng_is_seeded_and_forced_dice_come_first(void **state)
{
    (void)state;
    Rng a, b, c;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    rng_seed(&c, 43);
    int same = 0, differ = 0, counts[7] = {0};
    for (int i = 0; i < 600; i++) {
        int x = rng_die(&a, NULL), y = rng_die(&b, NULL), z = rng_die(&c, NULL);
        same += x == y;
        differ += x != z;
        assert_true(x >= 1 && x <= 6);
        counts[x]++;
    }
    assert_int_equal(same, 600);
    assert_true(differ > 300);
    for (int v = 1; v <= 6; v++)
        assert_true(counts[v] > 50); /* every face comes up */
    int forced;
    assert_int_equal(rng_force(&a, 6), 0);
    assert_int_equal(rng_force(&a, 1), 0);
    assert_int_equal(rng_force(&a, 7), -1);
    assert_int_equal(rng_die(&a, &forced), 6);
    assert_true(forced);
    assert_int_equal(rng_die(&a, &forced), 1);
    assert_true(forced);
    /* forced dice do not disturb the random sequence */
    assert_int_equal(rng_die(&a, &forced), rng_die(&b, NULL));
    assert_false(forced);
}

/* The base game's tests link the rules without the Automa (GUV_BASE_ONLY):
 * a solitaire scenario then says what is missing instead of playing a
 * two-player game in its place (rules/variant.h). */
static void test_solitaire_needs_the_automa(void **state)
{
    (void)state;
#ifdef GUV_BASE_ONLY
    int sc = data_scenario_index(&gd, "solitaire");
    assert_true(sc >= 0);
    Game g;
    char err[300] = "";
    assert_false(game_new(&g, &gd, sc, 1, err, sizeof err));
    assert_non_null(strstr(err, "built without it"));
    int lee = data_scenario_index(&gd, "lee-moves");
    assert_true(lee >= 0);
    assert_true(game_new(&g, &gd, lee, 1, err, sizeof err)); /* the two-player game needs no system */
    assert_null(g.variant);
    game_free(&g);
#else
    skip();
#endif
}

static void test_setup_from_a_scenario(void **state)
{
    (void)state;
    Game g;
    start(&g, "lee-moves", 1);
    assert_int_equal(g.st.turn, 6);
    assert_int_equal(g.st.phase, PH_CHOOSE);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    /* Scenario points (AoP/ANV 1/2 on turn 6) win over the turn track. */
    assert_int_equal(g.st.points[SIDE_UNION], 1);
    assert_int_equal(g.st.points[SIDE_CONFEDERATE], 2);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], 5);
    assert_int_equal(g.st.skirmishers[SIDE_UNION], 2);
    const ScenarioDef *sc = &gd.scenarios[g.st.scenario];
    int on_map = 0;
    for (int i = 0; i < sc->ndeploy; i++) {
        const Deployment *dep = &sc->deploy[i];
        const UnitState *u = &g.st.unit[dep->unit];
        if (hex_valid(dep->hex)) {
            assert_int_equal(u->where, AT_MAP);
            assert_int_equal(u->hex, map_hex_index(&gd.map, dep->hex));
            on_map++;
        }
        assert_int_equal(game_unit_points(&g, dep->unit),
                         dep->reduced ? gd.units[dep->unit].reduced : gd.units[dep->unit].strength);
    }
    assert_true(on_map > 10);
    int absent = 0;
    for (int u = 0; u < g.st.nunits; u++)
        absent += g.st.unit[u].where == AT_ABSENT;
    assert_int_equal(absent, gd.nunits - sc->ndeploy);
    game_free(&g);
}

static void test_rain_check(void **state)
{
    (void)state;
    /* turns.ini gives turn 2 a rain value of 1: a die of 1 brings rain. */
    assert_int_equal(gd.turns[1].rain, 1);
    for (int die = 1; die <= 2; die++) {
        Game g;
        start(&g, "campaign", 5);
        advance_to(&g, 1);
        /* finish turn 1 with the forced die waiting for turn 2's check */
        assert_int_equal(rng_force(&g.st.rng, die), 0);
        advance_to(&g, 2);
        assert_int_equal(g.st.rain, die == 1);
        const LogEntry *roll = NULL;
        for (int i = 0; i < g.log.count; i++)
            if (g.log.items[i].kind == LOG_ROLL && g.log.items[i].turn == 2)
                roll = &g.log.items[i];
        assert_non_null(roll);
        assert_string_equal(roll->rule, "RAIN");
        assert_int_equal(roll->die, die);
        assert_true(roll->forced);
        game_free(&g);
    }
    /* A turn with no chance of rain rolls no die. */
    Game g;
    start(&g, "lee-moves", 3);
    assert_int_equal(gd.turns[5].rain, 0);
    for (int i = 0; i < g.log.count; i++)
        assert_int_not_equal(g.log.items[i].kind, LOG_ROLL);
    assert_false(g.st.rain);
    game_free(&g);
}

static void test_activation_points_rulebook_example(void **state)
{
    (void)state;
    /* Turn 3: the Confederates have 3 points and pick Anderson, Stuart and
     * McLaws; the Union has 4 and picks III, XI, XII and V Corps, III Corps
     * costing only 1 because none of its units is south of the Rappahannock. */
    Game g;
    start(&g, "campaign", 11);
    advance_to(&g, 3);
    assert_int_equal(g.st.points[SIDE_CONFEDERATE], 3);
    assert_int_equal(g.st.points[SIDE_UNION], 4);
    apply_text(&g, "choose anderson");
    apply_text(&g, "choose stuart");
    apply_text(&g, "choose mclaws");
    assert_int_equal(g.st.points[SIDE_CONFEDERATE], 0);
    refuse_text(&g, "choose hill", "it costs 1 activation point and 0 are left");
    apply_text(&g, "done");
    int iii = data_formation_index(&gd, "sickles");
    assert_int_equal(game_formation_cost(&g, iii), 1);
    apply_text(&g, "choose sickles");
    apply_text(&g, "choose howard");
    apply_text(&g, "choose slocum");
    apply_text(&g, "choose meade");
    assert_int_equal(g.st.points[SIDE_UNION], 0);
    game_free(&g);

    /* Once one III Corps unit stands south of the river it costs 2. */
    start(&g, "campaign", 11);
    advance_to(&g, 3);
    int graham = data_unit_index(&gd, "graham");
    unit_put(&g, graham, AT_MAP, map_hex_index(&gd.map, tu_hex("1820")));
    assert_int_equal(game_formation_cost(&g, iii), 2);
    apply_text(&g, "done");
    apply_text(&g, "choose sickles");
    assert_int_equal(g.st.points[SIDE_UNION], 2);
    /* XI Corps has no such rule: 1 point wherever it is. */
    assert_int_equal(game_formation_cost(&g, data_formation_index(&gd, "howard")), 1);
    game_free(&g);
}

static void test_points_do_not_carry_over(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 2);
    advance_to(&g, 3);
    apply_text(&g, "done"); /* the Confederates leave 3 points unused */
    advance_to(&g, 4);
    assert_int_equal(g.st.points[SIDE_CONFEDERATE], gd.turns[3].points[SIDE_CONFEDERATE]);
    game_free(&g);
}

static void test_campaign_locks(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 3);
    apply_text(&g, "done");
    /* I Corps is locked until turn 6, VI Corps until turn 14. */
    assert_false(legal_has(&g, "choose reynolds"));
    refuse_text(&g, "choose reynolds", "before turn 6");
    refuse_text(&g, "choose sedgwick", "before turn 14");
    assert_true(legal_has(&g, "choose couch"));
    advance_to(&g, 6);
    apply_text(&g, "done");
    assert_true(legal_has(&g, "choose reynolds"));
    assert_false(legal_has(&g, "choose sedgwick"));
    game_free(&g);
    /* Lee Moves: II Corps waits until one of its units is attacked. */
    start(&g, "lee-moves", 3);
    apply_text(&g, "done");
    refuse_text(&g, "choose couch", "until one of its units is attacked");
    assert_true(legal_has(&g, "choose meade"));
    /* Only the scenario's command chits are in play. */
    refuse_text(&g, "choose sickles", "not in this scenario");
    game_free(&g);
}

static void test_cup_draw_activate_and_pass(void **state)
{
    (void)state;
    Game g;
    start(&g, "lee-moves", 9);
    apply_text(&g, "choose anderson");
    apply_text(&g, "choose mclaws");
    apply_text(&g, "done");
    refuse_text(&g, "activate", "no chit is waiting");
    /* A decision by the side not to move is refused, changing nothing. */
    GameState before = g.st;
    Decision wrong = {.kind = D_DONE, .side = SIDE_CONFEDERATE};
    char why[128];
    assert_false(game_apply(&g, &wrong, why, sizeof why));
    assert_non_null(strstr(why, "it is the union side's decision"));
    assert_memory_equal(&before, &g.st, sizeof before);
    apply_text(&g, "choose meade");
    apply_text(&g, "done");
    /* Three chosen chits and both Independent chits; one already drawn. */
    assert_int_equal(g.st.phase, PH_ACTIVATION);
    assert_int_equal(g.st.ncup, 4);
    int seen_formations = 0, seen_indep = 0;
    for (int draws = 0; draws < 5; draws++) {
        assert_int_equal(g.st.phase, PH_ACTIVATION);
        const Chit c = g.st.drawn;
        assert_int_equal(g.st.to_move, c.side);
        if (c.kind == CHIT_INDEPENDENT)
            seen_indep++;
        else
            seen_formations++;
        if (draws % 2 == 0) {
            apply_text(&g, "pass"); /* lost for the turn: never drawn again */
        } else {
            apply_text(&g, "activate");
            refuse_text(&g, "pass", "no chit is waiting");
            apply_text(&g, "end");
        }
    }
    assert_int_equal(seen_formations, 3);
    assert_int_equal(seen_indep, 2);
    /* The cup is empty: turn 7 has begun. */
    assert_int_equal(g.st.turn, 7);
    assert_int_equal(g.st.phase, PH_CHOOSE);
    game_free(&g);
}

static void test_game_ends_after_the_last_turn(void **state)
{
    (void)state;
    Game g;
    start(&g, "lee-moves", 4);
    advance_to(&g, 8);
    while (g.st.phase != PH_GAME_OVER) {
        int n = legal_all(&g);
        assert_true(n > 0);
        char why[128];
        Decision d = legal_buf[n - 1];
        assert_true(game_apply(&g, &d, why, sizeof why));
    }
    assert_int_equal(g.st.turn, 8);
    assert_int_equal(legal_all(&g), 0);
    refuse_text(&g, "done", "the game is over");
    game_free(&g);
}

/* Two games played the same way: the same state and the same log, line by line. */
static void assert_same_game(const Game *a, const Game *b)
{
    assert_memory_equal(&a->st, &b->st, sizeof a->st);
    assert_int_equal(a->log.count, b->log.count);
    for (int i = 0; i < a->log.count; i++) {
        char la[400], lb[400];
        log_format(&a->log.items[i], la, sizeof la);
        log_format(&b->log.items[i], lb, sizeof lb);
        assert_string_equal(la, lb);
    }
}

static void test_replay_is_exact(void **state)
{
    (void)state;
    /* Random legal decisions, recorded; replaying them from the same seed
     * gives the same state and the same log, entry by entry. */
    Decision played[3000];
    int nplayed = 0;
    Game a;
    start(&a, "campaign", 1234);
    Rng pick;
    rng_seed(&pick, 99);
    while (nplayed < 400 && a.st.turn <= 6) {
        int n = legal_all(&a);
        assert_true(n > 0);
        Decision d = legal_buf[rng_below(&pick, (uint32_t)n)];
        char why[200], text[160];
        if (!game_apply(&a, &d, why, sizeof why)) {
            decision_format(&gd, &d, text, sizeof text);
            fail_msg("legal decision '%s' refused: %s", text, why);
        }
        played[nplayed++] = d;
    }
    Game b;
    start(&b, "campaign", 1234);
    for (int i = 0; i < nplayed; i++) {
        char why[128];
        assert_true(game_apply(&b, &played[i], why, sizeof why));
    }
    assert_same_game(&a, &b);
    /* The state is a plain value: a copy compares equal and is independent. */
    GameState copy = a.st;
    assert_memory_equal(&copy, &a.st, sizeof copy);
    game_free(&a);
    game_free(&b);
}

/* ---- activations: the chit, the radius, attaching, moving -------------- */

static void test_command_radius(void **state)
{
    (void)state;
    Game g;
    anderson_activated(&g);
    refuse_text(&g, "place 0101", "next to a hex holding a unit of its formation");
    refuse_text(&g, "move mahone 2221", "nothing may move now");
    /* Anderson's radius is 3: a brigade 3 hexes from the chit acts, one 4 away stays. */
    int k = gd.formations[data_formation_index(&gd, "anderson")].commander;
    assert_int_equal(gd.commanders[k].command_radius, 3);
    put(&g, "wilcox", "2622");  /* 3 from 2322 along the Turnpike */
    put(&g, "perry", "2722");   /* 4 */
    apply_text(&g, "place 2322");
    assert_true(game_unit_active(&g, U("mahone")));
    assert_true(game_unit_active(&g, U("wilcox")));
    assert_false(game_unit_active(&g, U("perry")));
    refuse_text(&g, "move perry 2622", "not active in this activation");
    game_free(&g);

    /* Enemy units block the radius: with a radius of 2, a brigade two hexes
     * away in a straight line acts only while the hex between is free. */
    int saved = gd.commanders[k].command_radius;
    gd.commanders[k].command_radius = 2;
    for (int blocked = 0; blocked <= 1; blocked++) {
        anderson_activated(&g);
        for (int u = 0; u < g.st.nunits; u++)
            if (gd.units[u].formation == data_formation_index(&gd, "anderson"))
                take_off(&g, gd.units[u].id);
        put(&g, "mahone", "2322");
        put(&g, "wilcox", "2324"); /* straight south: 2323 is the one hex between */
        HexCoord between[2];
        assert_int_equal(hex_between(tu_hex("2322"), tu_hex("2324"), between), 1);
        assert_true(hex_equal(between[0], tu_hex("2323")));
        if (blocked) {
            char hx[5];
            hex_format(between[0], hx);
            put(&g, "barnes", hx);
        }
        apply_text(&g, "place 2322");
        assert_int_equal(game_unit_active(&g, U("wilcox")), !blocked);
        game_free(&g);
    }
    gd.commanders[k].command_radius = saved;
}

static void test_attaching_independents(void **state)
{
    (void)state;
    Game g;
    anderson_activated(&g);
    put(&g, "alexander", "2421");
    put(&g, "cutts", "2421");
    apply_text(&g, "place 2322");
    refuse_text(&g, "attach kershaw", "only an independent unit can join");
    apply_text(&g, "attach alexander");
    assert_true(game_unit_active(&g, U("alexander")));
    refuse_text(&g, "attach cutts", "only one independent unit");
    refuse_text(&g, "attach barnes", "belongs to the other army");
    game_free(&g);
}

static void test_independent_chit(void **state)
{
    (void)state;
    Game g;
    start(&g, "lee-moves", 2);
    apply_text(&g, "done");
    apply_text(&g, "done");
    /* Only the two Independent chits are in the cup. */
    assert_int_equal(g.st.ncup, 1);
    if (g.st.drawn.side != SIDE_CONFEDERATE)
        apply_text(&g, "pass");
    assert_int_equal(g.st.drawn.side, SIDE_CONFEDERATE);
    apply_text(&g, "activate");
    apply_text(&g, "place 2322");
    assert_false(game_unit_active(&g, U("mahone"))); /* nobody acts until attached */
    apply_text(&g, "attach mahone");
    apply_text(&g, "attach wright");
    apply_text(&g, "attach posey"); /* 2323, next to 2322 */
    refuse_text(&g, "attach perry", "at most 3 units");
    apply_text(&g, "move mahone+wright 2221");
    stay_put(&g);
    apply_text(&g, "end");
    /* Activated by the Independent chit: not again this turn. */
    assert_true(g.st.unit[U("mahone")].flags & UF_ACTIVATED);
    game_free(&g);
}

static void test_river_blocks_the_radius(void **state)
{
    (void)state;
    Game g;
    start(&g, "lee-moves", 2);
    apply_text(&g, "done");
    apply_text(&g, "done");
    if (g.st.drawn.side != SIDE_CONFEDERATE)
        apply_text(&g, "pass");
    apply_text(&g, "activate");
    /* Find a Rappahannock or Rapidan hexside with no ford or bridge. */
    HexCoord a = HEX_NONE, b = HEX_NONE;
    for (int i = 0; i < gd.map.cols * gd.map.rows && !hex_valid(b); i++)
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord h = map_hex_at(&gd.map, i);
            const Hexside *hs = map_hexside(&gd.map, h, d);
            if (hs && hs->kind >= 0 && gd.hexside_kinds[hs->kind].cost == COST_NO &&
                !(hs->flags & (SIDE_FORD | SIDE_BRIDGE))) {
                a = h;
                b = hex_neighbour(h, d);
                break;
            }
        }
    assert_true(hex_valid(b));
    char ha[5], hb[5], cmd[32];
    hex_format(a, ha);
    hex_format(b, hb);
    put(&g, "mahone", ha);
    put(&g, "wright", hb);
    snprintf(cmd, sizeof cmd, "place %s", ha);
    apply_text(&g, cmd);
    apply_text(&g, "attach mahone");
    refuse_text(&g, "attach wright", "outside the command radius");
    game_free(&g);
}

static void test_moving(void **state)
{
    (void)state;
    Game g;
    anderson_activated(&g);
    apply_text(&g, "place 2322");
    /* Mahone and Wright share 2322: they may go together. */
    refuse_text(&g, "move mahone+posey 2221", "must start in the same hex");
    refuse_text(&g, "move mahone+mahone 2221", "named twice");
    apply_text(&g, "move mahone+wright 2221");
    stay_put(&g);
    assert_int_equal(g.st.unit[U("mahone")].hex, map_hex_index(&gd.map, tu_hex("2221")));
    assert_int_equal(g.st.unit[U("wright")].hex, map_hex_index(&gd.map, tu_hex("2221")));
    refuse_text(&g, "move mahone 2322", "already moved");
    /* Never into an enemy hex. */
    put(&g, "barnes", "2421");
    refuse_text(&g, "move garnett-art 2421", "the enemy holds 2421");
    /* The move is logged with its path, cost and rule. */
    const LogEntry *e = &g.log.items[g.log.count - 1];
    (void)e;
    bool found = false;
    for (int i = 0; i < g.log.count; i++)
        found |= strcmp(g.log.items[i].rule, "MOVE-BASIC") == 0 && strstr(g.log.items[i].text, "moved 2322 2221");
    assert_true(found);
    apply_text(&g, "end");
    assert_false(game_unit_active(&g, U("wright")));
    game_free(&g);
}

static void test_no_contact_at_night(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 8);
    advance_to(&g, 5);
    assert_true(gd.turns[4].night);
    apply_text(&g, "choose anderson");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "anderson");
    for (int u = 0; u < g.st.nunits; u++)
        if (gd.units[u].side == SIDE_UNION)
            take_off(&g, gd.units[u].id);
    int anderson = data_formation_index(&gd, "anderson");
    for (int u = 0; u < g.st.nunits; u++)
        if (gd.units[u].formation == anderson)
            take_off(&g, gd.units[u].id);
    put(&g, "mahone", "2322");
    put(&g, "barnes", "2121"); /* two hexes west along the Turnpike */
    apply_text(&g, "place 2322");
    /* 2221 is next to 2121: closed at night. 2422 is not. */
    assert_int_equal(hex_distance(tu_hex("2221"), tu_hex("2121")), 1);
    refuse_text(&g, "move mahone 2221", "a unit at night never enters such a hex");
    apply_text(&g, "move mahone 2422");
    game_free(&g);
}

/* ---- bombardment ------------------------------------------------------ */

/* A clear hex whose six neighbours are clear too, far from every unit of
 * the scenario, so a position can be built around it. */
static void test_bombardment_rulebook_example(void **state)
{
    (void)state;
    /* Walker and Nelson (4 factors together) bombard Von Gilsa in the open;
     * he builds a breastwork; the die is 5, +1 open -1 breastwork = 5: one
     * step lost. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    char hx[5], cmd[96];
    hex_format(t, hx);
    put(&g, "von-gilsa", hx);
    HexCoord w = hex_neighbour(t, DIR_N), nl = hex_neighbour(t, DIR_NW);
    char hw[5], hn[5];
    hex_format(w, hw);
    hex_format(nl, hn);
    put(&g, "walker", hw);
    put(&g, "nelson", hn);
    assert_int_equal(game_unit_points(&g, U("walker")) + game_unit_points(&g, U("nelson")), 4);
    hexcmd(cmd, sizeof cmd, "place", w, NULL);
    apply_text(&g, cmd);
    apply_text(&g, "attach nelson");
    snprintf(cmd, sizeof cmd, "bombard walker+nelson %s troops", hx);
    apply_text(&g, cmd);
    /* The defender decides on the breastwork before the roll. */
    assert_int_equal(g.st.to_move, SIDE_UNION);
    refuse_text(&g, "end", "must first decide on a breastwork");
    assert_true(legal_has(&g, "breastwork"));
    assert_int_equal(rng_force(&g.st.rng, 5), 0);
    apply_text(&g, "breastwork");
    assert_int_equal(g.st.breastwork[map_hex_index(&gd.map, t)], SIDE_UNION + 1);
    assert_int_equal(g.st.unit[U("von-gilsa")].steps, 1);
    assert_false(g.st.unit[U("von-gilsa")].flags & UF_DIS);
    const LogEntry *roll = NULL;
    for (int i = 0; i < g.log.count; i++)
        if (g.log.items[i].kind == LOG_ROLL && strcmp(g.log.items[i].rule, "BOMBARD-PROC") == 0)
            roll = &g.log.items[i];
    assert_non_null(roll);
    assert_int_equal(roll->die, 5);
    assert_int_equal(roll->modified, 5);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    /* The guns have fired; movement is over; the hex is not hit twice. */
    assert_true(g.st.unit[U("walker")].flags & UF_FIRED);
    snprintf(cmd, sizeof cmd, "move pender %s", hw);
    refuse_text(&g, cmd, "movement ends with the first bombardment");
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", hx);
    refuse_text(&g, cmd, "already fired");
    apply_text(&g, "end");
    game_free(&g);
}

static void test_bombardment_range_and_blocking(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    char hx[5], cmd[96];
    hex_format(t, hx);
    put(&g, "von-gilsa", hx);
    /* Two hexes straight north: one hex between, clear: the shot goes. */
    HexCoord mid = hex_neighbour(t, DIR_N), gun = hex_neighbour(mid, DIR_N);
    char hg[5];
    hex_format(gun, hg);
    put(&g, "walker", hg);
    hexcmd(cmd, sizeof cmd, "place", gun, NULL);
    apply_text(&g, cmd);
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", hx);
    assert_true(legal_has(&g, cmd));
    /* Made woods, the hex between blocks the shot (BOMBARD). */
    MapHex *mh = map_hex(&gd.map, mid);
    unsigned char saved = mh->terrain;
    int woods = data_terrain_by_symbol(&gd, 'w');
    mh->terrain = (unsigned char)woods;
    gamedata_changed(&gd);
    refuse_text(&g, cmd, "the shot is blocked");
    mh->terrain = saved;
    gamedata_changed(&gd);
    /* Three hexes away is out of range. */
    put(&g, "von-gilsa", "0101");
    HexCoord far = hex_neighbour(t, DIR_S);
    char hf[5];
    hex_format(far, hf);
    put(&g, "von-gilsa", hf);
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", hf);
    refuse_text(&g, cmd, "one or two hexes away");
    /* Nothing to hit, or the wrong kind of target. */
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", hx);
    refuse_text(&g, cmd, "no enemy unit stands there");
    put(&g, "schirmer", hx);
    refuse_text(&g, cmd, "no infantry or cavalry there");
    game_free(&g);
}

static void test_bombardment_choice_of_unit_and_disorder(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    char hx[5], cmd[96];
    hex_format(t, hx);
    put(&g, "von-gilsa", hx);
    put(&g, "mclean", hx);
    put(&g, "schirmer", hx);
    HexCoord gun = hex_neighbour(t, DIR_N);
    char hg[5];
    hex_format(gun, hg);
    put(&g, "walker", hg);
    hexcmd(cmd, sizeof cmd, "place", gun, NULL);
    apply_text(&g, cmd);
    /* Walker alone: factor 2. With a die of 6 (+1 open) the table gives at
     * least a disorder; the defender picks which of his troops takes it. */
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", hx);
    apply_text(&g, cmd);
    assert_int_equal(rng_force(&g.st.rng, 6), 0);
    apply_text(&g, "no-breastwork");
    if (g.st.pending == PEND_BOMBARD_TAKE) {
        assert_true(legal_has(&g, "take mclean"));
        assert_false(legal_has(&g, "take schirmer")); /* artillery was not the target */
        refuse_text(&g, "take schirmer", "not one of the bombarded hex's infantry and cavalry");
        g.st.unit[U("mclean")].flags |= UF_DIS;
        unsigned char result = g.st.bomb_result;
        apply_text(&g, "take mclean");
        if (result == ART_DIS || result == ART_LOSS_DIS) {
            /* already disorganized: demoralized */
            assert_true(g.st.unit[U("mclean")].flags & UF_DEM);
            assert_false(g.st.unit[U("mclean")].flags & UF_DIS);
        }
        if (result == ART_LOSS || result == ART_LOSS_DIS)
            assert_int_equal(g.st.unit[U("mclean")].steps, 1);
    } else {
        fail_msg("a factor-2 bombardment with a modified 7 had no effect: check tables.ini");
    }
    game_free(&g);
}

static void test_fortification_and_lock_release(void **state)
{
    (void)state;
    /* A Union battery shells Confederates in a printed fortification: no
     * breastwork is offered, and the fortification takes 1 off the die. */
    Game g;
    start(&g, "campaign", 31);
    advance_to(&g, 3);
    apply_text(&g, "done");
    apply_text(&g, "choose howard");
    apply_text(&g, "done");
    draw_until(&g, "howard");
    int fort = -1;
    for (int i = 0; i < gd.map.cols * gd.map.rows && fort < 0; i++)
        if (gd.map.hexes[i].fort_faces && gd.terrain[gd.map.hexes[i].terrain].bombard_modifier == 0)
            fort = i;
    assert_true(fort >= 0);
    HexCoord f = map_hex_at(&gd.map, fort);
    char hf[5], cmd[96];
    hex_format(f, hf);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), f) <= 3)
            take_off(&g, gd.units[u].id);
    put(&g, "barksdale", hf);
    HexCoord gun = HEX_NONE;
    for (int d = 0; d < DIR_COUNT && !hex_valid(gun); d++) {
        const Hexside *hs = map_hexside(&gd.map, f, d);
        if (hs && hs->kind < 0)
            gun = hex_neighbour(f, d);
    }
    char hg[5];
    hex_format(gun, hg);
    put(&g, "schirmer", hg);
    hexcmd(cmd, sizeof cmd, "place", gun, NULL);
    apply_text(&g, cmd);
    assert_int_equal(rng_force(&g.st.rng, 3), 0);
    snprintf(cmd, sizeof cmd, "bombard schirmer %s troops", hf);
    apply_text(&g, cmd);
    assert_int_equal(g.st.pending, PEND_NONE); /* resolved at once: no breastwork on a fortification */
    const LogEntry *roll = NULL;
    for (int i = 0; i < g.log.count; i++)
        if (g.log.items[i].kind == LOG_ROLL && strcmp(g.log.items[i].rule, "BOMBARD-PROC") == 0)
            roll = &g.log.items[i];
    assert_non_null(roll);
    assert_int_equal(roll->modified, 3 + gd.artillery.fortification_modifier);
    game_free(&g);

    /* I Corps, locked until turn 6, may act from the turn after it is
     * bombarded; in the campaign so do VI Corps and Gibbon's division ("from
     * the next turn both Corps and the Gibbon division can be activated
     * normally", locks_release_together). */
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    char hx[5];
    hex_format(t, hx);
    put(&g, "cutler", hx);
    HexCoord w = hex_neighbour(t, DIR_N);
    char hw[5];
    hex_format(w, hw);
    put(&g, "walker", hw);
    hexcmd(cmd, sizeof cmd, "place", w, NULL);
    apply_text(&g, cmd);
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", hx);
    apply_text(&g, cmd);
    apply_text(&g, "no-breastwork");
    while (g.st.pending == PEND_BOMBARD_TAKE)
        apply_text(&g, "take cutler");
    apply_text(&g, "end");
    advance_to(&g, 4);
    apply_text(&g, "done");
    assert_true(legal_has(&g, "choose reynolds"));
    assert_true(legal_has(&g, "choose sedgwick"));
    assert_false(unit_locked(&g, U("owen")));
    game_free(&g);
}

static void test_no_bombardment_at_night(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 8);
    advance_to(&g, 5);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    HexCoord t = open_ground(&g);
    char hx[5], hw[5], cmd[96];
    hex_format(t, hx);
    HexCoord w = hex_neighbour(t, DIR_N);
    hex_format(w, hw);
    put(&g, "von-gilsa", hx);
    put(&g, "walker", hw);
    hexcmd(cmd, sizeof cmd, "place", w, NULL);
    apply_text(&g, cmd);
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", hx);
    refuse_text(&g, cmd, "no bombardment at night");
    game_free(&g);
}

/* ---- break contact ---------------------------------------------------- */


static void test_break_contact_splits_the_stack(void **state)
{
    (void)state;
    /* BREAK-CONTACT: "all its units must move, even to different hexes; the
     * starting hex must be left empty". Von Gilsa and McLean in d break
     * contact from Heth, who arrives in c, to two different hexes. */
    Game g;
    hill_activated(&g);
    HexCoord a = open_ground(&g), b = hex_neighbour(a, DIR_S), c = hex_neighbour(b, DIR_S),
             d = hex_neighbour(c, DIR_S), e = hex_neighbour(d, DIR_S), se = hex_neighbour(d, DIR_SE);
    put_at(&g, "heth", a);
    put_at(&g, "von-gilsa", d);
    put_at(&g, "mclean", d);
    run(&g, "place %s", a);
    run(&g, "move heth %s", c);
    assert_int_equal(g.st.pending, PEND_BREAK_CONTACT);
    char cmd[96];
    hexcmd(cmd, sizeof cmd, "break", e, NULL);
    snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " von-gilsa");
    assert_true(legal_has(&g, cmd));
    apply_text(&g, cmd);
    /* McLean is still there: the break is not over, and staying is refused. */
    assert_int_equal(g.st.pending, PEND_BREAK_CONTACT);
    assert_int_equal(g.st.to_move, SIDE_UNION);
    refuse_text(&g, "stay", "the rest must follow");
    assert_false(legal_has(&g, "stay"));
    hexcmd(cmd, sizeof cmd, "break", se, NULL);
    snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " mclean");
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[U("von-gilsa")].hex, hx_index(e));
    assert_int_equal(g.st.unit[U("mclean")].hex, hx_index(se));
    assert_false(hex_has_side(&g, hx_index(d), SIDE_UNION));
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    game_free(&g);

    /* A skirmisher never goes off on its own. */
    hill_activated(&g);
    a = open_ground(&g), b = hex_neighbour(a, DIR_S), c = hex_neighbour(b, DIR_S), d = hex_neighbour(c, DIR_S),
    e = hex_neighbour(d, DIR_S);
    put_at(&g, "heth", a);
    put_at(&g, "von-gilsa", d);
    put_at(&g, "skirmisher-u1", d);
    run(&g, "place %s", a);
    run(&g, "move heth %s", c);
    hexcmd(cmd, sizeof cmd, "break", e, NULL);
    snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " skirmisher-u1");
    refuse_text(&g, cmd, "never break contact on their own");
    game_free(&g);
}

static void test_break_contact(void **state)
{
    (void)state;
    /* After the Heth example: Heth moves up to Von Gilsa in the open and pays
     * 1 MP more for the contact; Von Gilsa steps back one hex; Heth, with
     * movement points left, goes on and may come up again. */
    Game g;
    hill_activated(&g);
    HexCoord a = open_ground(&g);
    /* a line running south: Heth at a, then b, c, d, e */
    HexCoord b = hex_neighbour(a, DIR_S), c = hex_neighbour(b, DIR_S), d = hex_neighbour(c, DIR_S),
             e = hex_neighbour(d, DIR_S);
    char ha[5], hc[5], hd[5], he[5], cmd[96];
    hex_format(a, ha);
    hex_format(c, hc);
    hex_format(d, hd);
    hex_format(e, he);
    put(&g, "heth", ha);
    put(&g, "von-gilsa", hd);
    hexcmd(cmd, sizeof cmd, "place", a, NULL);
    apply_text(&g, cmd);
    /* Heth aims for c (next to Von Gilsa in d): 1 MP to b, 1 + 1 to c. */
    snprintf(cmd, sizeof cmd, "move heth %s", hc);
    apply_text(&g, cmd);
    assert_int_equal(g.st.pending, PEND_BREAK_CONTACT);
    assert_int_equal(g.st.to_move, SIDE_UNION);
    assert_int_equal(g.st.mv_spent, 2 + 4);
    refuse_text(&g, "end", "decide whether to break contact");
    /* Not back next to Heth, and not into the enemy. */
    snprintf(cmd, sizeof cmd, "break %s", hc);
    refuse_text(&g, cmd, "cannot break contact into that hex");
    snprintf(cmd, sizeof cmd, "break %s", he);
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[U("von-gilsa")].hex, hx_index(e));
    /* Heth reached c; his move is over (c was the goal); 1 MP is unspent. */
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    assert_int_equal(g.st.unit[U("heth")].hex, hx_index(c));
    game_free(&g);

    /* A longer move goes on after the break and comes up again: Heth aims
     * for d through c; Von Gilsa stands in e. */
    hill_activated(&g);
    a = open_ground(&g);
    b = hex_neighbour(a, DIR_S);
    c = hex_neighbour(b, DIR_S);
    d = hex_neighbour(c, DIR_S);
    e = hex_neighbour(d, DIR_S);
    HexCoord f = hex_neighbour(e, DIR_S);
    char hb[5], hf[5];
    hex_format(a, ha);
    hex_format(b, hb);
    hex_format(d, hd);
    hex_format(e, he);
    hex_format(f, hf);
    put(&g, "heth", ha);
    put(&g, "von-gilsa", he);
    hexcmd(cmd, sizeof cmd, "place", a, NULL);
    apply_text(&g, cmd);
    snprintf(cmd, sizeof cmd, "move heth %s", hd);
    apply_text(&g, cmd);
    /* stopped at d's neighbour? no: contact first arises entering d */
    assert_int_equal(g.st.pending, PEND_BREAK_CONTACT);
    apply_text(&g, "stay");
    assert_int_equal(g.st.unit[U("heth")].hex, hx_index(d));
    assert_int_equal(g.st.unit[U("von-gilsa")].hex, hx_index(e));
    game_free(&g);
}

static void test_break_contact_not_at_night(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 8);
    advance_to(&g, 5);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    /* At night nobody may move next to the enemy, so nothing is offered. */
    HexCoord a = open_ground(&g), b = hex_neighbour(a, DIR_S), c = hex_neighbour(b, DIR_S),
             d = hex_neighbour(c, DIR_S);
    char ha[5], hb[5], hd[5], cmd[96];
    hex_format(a, ha);
    hex_format(b, hb);
    hex_format(d, hd);
    put(&g, "heth", ha);
    put(&g, "von-gilsa", hd);
    hexcmd(cmd, sizeof cmd, "place", a, NULL);
    apply_text(&g, cmd);
    snprintf(cmd, sizeof cmd, "move heth %s", hb);
    apply_text(&g, cmd);
    assert_int_equal(g.st.pending, PEND_NONE);
    game_free(&g);
}

/* BREASTWORK: a breastwork none of its builder's units holds is removed
 * after the decision, wherever it lies on the map (the sweep skips empty
 * stretches of the map 32 hexes at a time: the first and last hexes of a
 * block, the first hex after an empty block and the map's last hexes are
 * all looked at), and one its builder holds stays. */
static void test_an_unheld_breastwork_is_removed_anywhere(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord c = open_ground(&g);
    char hc[5], cmd[96];
    hex_format(c, hc);
    put(&g, "heth", hc);
    g.st.breastwork[hx_index(c)] = SIDE_CONFEDERATE + 1;
    int cells = gd.map.cols * gd.map.rows;
    const int at[] = {0, 1, 31, 63, 64, 95, 128, cells - 33, cells - 2, cells - 1};
    int n = 0;
    int orphan[sizeof at / sizeof *at];
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        int h = at[i];
        if (h < 0 || h >= cells || h == hx_index(c) || g.st.hex_first[h] != 0)
            continue; /* a hex someone stands in is not unheld */
        g.st.breastwork[h] = (unsigned char)(i % 2 ? SIDE_UNION + 1 : SIDE_CONFEDERATE + 1);
        orphan[n++] = h;
    }
    assert_true(n >= 8);
    hexcmd(cmd, sizeof cmd, "place", c, NULL);
    apply_text(&g, cmd);
    for (int i = 0; i < n; i++)
        assert_int_equal(g.st.breastwork[orphan[i]], 0);
    assert_int_equal(g.st.breastwork[hx_index(c)], SIDE_CONFEDERATE + 1);
    assert_true(log_has(&g, "has no one left to hold it: removed"));
    game_free(&g);
}

static void test_leaving_a_breastwork_next_to_the_enemy(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord a = open_ground(&g), b = hex_neighbour(a, DIR_S), c = hex_neighbour(b, DIR_S);
    char ha[5], hc[5], cmd[96];
    hex_format(a, ha);
    hex_format(c, hc);
    put(&g, "heth", hc);
    put(&g, "von-gilsa", ha); /* Union, two hexes north */
    g.st.breastwork[hx_index(c)] = SIDE_CONFEDERATE + 1;
    put(&g, "lane", hc);
    /* Heth and Lane hold c with a breastwork, Von Gilsa moves... instead:
     * the Confederates leave c while Von Gilsa is next to it. */
    char hb[5];
    hex_format(b, hb);
    put(&g, "von-gilsa", hb);
    hexcmd(cmd, sizeof cmd, "place", c, NULL);
    apply_text(&g, cmd);
    HexCoord away = hex_neighbour(c, DIR_S);
    char hw[5];
    hex_format(away, hw);
    snprintf(cmd, sizeof cmd, "move heth+lane %s", hw);
    apply_text(&g, cmd);
    while (g.st.pending == PEND_BREAK_CONTACT)
        apply_text(&g, "stay");
    assert_int_equal(g.st.breastwork[hx_index(c)], 0);
    assert_true(g.st.unit[U("heth")].flags & UF_DIS);
    assert_true(g.st.unit[U("lane")].flags & UF_DIS);
    game_free(&g);
}

/* ---- stacking ---------------------------------------------------------- */

static void test_stacking_after_movement(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord a = open_ground(&g);
    char ha[5], cmd[96];
    hex_format(a, ha);
    /* Five brigades end in one hex: one too many (4 units at most). */
    const char *five[] = {"heth", "thomas", "lane", "mcgowan", "archer"};
    for (int i = 0; i < 5; i++)
        put(&g, five[i], ha);
    hexcmd(cmd, sizeof cmd, "place", a, NULL);
    apply_text(&g, cmd);
    apply_text(&g, "end");
    assert_int_equal(g.st.pending, PEND_STACK);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    refuse_text(&g, "eliminate archer", "only when it cannot be displaced");
    /* never next to the enemy */
    HexCoord n = hex_neighbour(a, DIR_N), far = hex_neighbour(n, DIR_N);
    char hn[5], hfar[5];
    hex_format(n, hn);
    hex_format(far, hfar);
    put(&g, "von-gilsa", hfar);
    snprintf(cmd, sizeof cmd, "displace archer %s", hn);
    refuse_text(&g, cmd, "not next to the enemy");
    HexCoord sth = hex_neighbour(a, DIR_S);
    char hs[5];
    hex_format(sth, hs);
    snprintf(cmd, sizeof cmd, "displace archer %s", hs);
    apply_text(&g, cmd);
    /* Put right, the waiting end of the activation goes through. */
    assert_int_equal(g.st.pending, PEND_NONE);
    assert_int_equal(g.st.unit[U("archer")].hex, hx_index(sth));
    bool ended = false;
    for (int i = 0; i < g.log.count; i++)
        ended |= strstr(g.log.items[i].text, "ends the activation") != NULL;
    assert_true(ended);
    assert_false(g.st.activated && g.st.drawn.kind == CHIT_FORMATION &&
                 strcmp(gd.formations[g.st.drawn.index].id, "hill") == 0);
    game_free(&g);
}

static void test_stacking_points_and_elimination(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord a = open_ground(&g);
    char ha[5], cmd[96];
    hex_format(a, ha);
    /* Four units but more than 16 points (STACK). */
    const char *four[] = {"pender", "lane", "mcgowan", "archer"};
    int pts = 0;
    for (int i = 0; i < 4; i++) {
        put(&g, four[i], ha);
        pts += game_unit_points(&g, U(four[i]));
    }
    put(&g, "walker", ha);
    take_off(&g, "walker");
    if (pts <= gd.stacking.max_points) {
        put(&g, "heth", ha); /* five units then */
    }
    /* Enemy all around, two hexes off: every neighbour is next to the enemy. */
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord e = hex_neighbour(hex_neighbour(a, d), d);
        char he[5];
        hex_format(e, he);
        static const char *const yanks[] = {"von-gilsa", "mclean", "buschbeck", "barlow", "schimmelfennig",
                                            "krzyzanowski"};
        put(&g, yanks[d], he);
    }
    hexcmd(cmd, sizeof cmd, "place", a, NULL);
    apply_text(&g, cmd);
    apply_text(&g, "end");
    assert_int_equal(g.st.pending, PEND_STACK);
    assert_true(legal_has(&g, "eliminate archer"));
    apply_text(&g, "eliminate archer");
    assert_int_equal(g.st.unit[U("archer")].where, AT_ELIMINATED);
    while (g.st.pending == PEND_STACK) {
        assert_true(legal_all(&g) > 0);
        char why[128];
        assert_true(game_apply(&g, &legal_buf[0], why, sizeof why));
    }
    game_free(&g);
}

static void test_stacking_before_bombardment(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord a = open_ground(&g), t = hex_neighbour(hex_neighbour(a, DIR_N), DIR_N);
    char ha[5], ht[5], cmd[96];
    hex_format(a, ha);
    hex_format(t, ht);
    const char *five[] = {"heth", "thomas", "lane", "mcgowan", "walker"};
    for (int i = 0; i < 5; i++)
        put(&g, five[i], ha);
    put(&g, "von-gilsa", ht);
    hexcmd(cmd, sizeof cmd, "place", a, NULL);
    apply_text(&g, cmd);
    snprintf(cmd, sizeof cmd, "bombard walker %s troops", ht);
    apply_text(&g, cmd);
    /* The bombardment waits until the hex is put right. */
    assert_int_equal(g.st.pending, PEND_STACK);
    assert_false(g.st.unit[U("walker")].flags & UF_FIRED);
    HexCoord sth = hex_neighbour(a, DIR_S);
    char hs[5];
    hex_format(sth, hs);
    snprintf(cmd, sizeof cmd, "displace heth %s", hs);
    apply_text(&g, cmd);
    assert_true(g.st.unit[U("walker")].flags & UF_FIRED);
    assert_int_equal(g.st.pending, PEND_BREASTWORK);
    game_free(&g);
}

/* ---- combat ------------------------------------------------------------ */



static void test_combat_dice_ratios(void **state)
{
    (void)state;
    /* COMBAT-DICE: the ratio rounded down, +1 die each: 3:1 gives 4 and 2;
     * 1:1 gives 2 and 2; 1:2 gives 2 and 3. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t); /* 3 */
    put_at(&g, "pender", n);    /* 4 */
    put_at(&g, "lane", n);      /* 4 */
    put_at(&g, "walker", n);    /* 2 */
    short hexes[1] = {(short)hx_index(t)};
    short att[3] = {(short)U("pender"), (short)U("lane"), (short)U("walker")};
    int ad, dd;
    char why[200];
    game_combat_dice(&g, att, 3, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_int_equal(ad, 4); /* 10 against 3: 3:1 */
    assert_int_equal(dd, 2);
    short heth[1] = {(short)U("heth")};
    put_at(&g, "heth", n);
    game_combat_dice(&g, heth, 1, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_int_equal(ad, 2); /* Heth 3 against Von Gilsa 3: 1:1 */
    assert_int_equal(dd, 2);
    put_at(&g, "mclean", t);
    game_combat_dice(&g, heth, 1, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_int_equal(ad, 2); /* 3 against 7: the defender has 2:1 */
    assert_int_equal(dd, 3);
    /* ENCIRCLE: attackers in opposite hexes add a die; a breastwork that
     * takes a die removes one (the Von Gilsa example). */
    take_off(&g, "mclean");
    HexCoord s2 = hex_neighbour(t, DIR_S);
    put_at(&g, "thomas", s2);
    short ring[4] = {(short)U("pender"), (short)U("lane"), (short)U("walker"), (short)U("thomas")};
    game_combat_dice(&g, ring, 4, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_int_equal(ad, 13 / 3 + 1 + 1); /* 13 against 3, +1 die, +1 encircled */
    assert_non_null(strstr(why, "encircled"));
    g.st.breastwork[hx_index(t)] = SIDE_UNION + 1;
    game_combat_dice(&g, ring, 4, hexes, 1, true, &ad, &dd, why, sizeof why);
    assert_int_equal(ad, 13 / 3 + 1);
    g.st.breastwork[hx_index(t)] = 0;
    /* Three hexes "separated by empty hexes": every other side round it,
     * with nobody in the three between. */
    take_off(&g, "thomas");
    take_off(&g, "lane");
    take_off(&g, "walker");
    take_off(&g, "heth");
    int first = -1;
    for (int d = 0; d < DIR_COUNT && first < 0; d++)
        if (hex_equal(hex_neighbour(t, d), n))
            first = d;
    assert_true(first >= 0);
    put_at(&g, "lane", hex_neighbour(t, (first + 2) % DIR_COUNT));
    put_at(&g, "walker", hex_neighbour(t, (first + 4) % DIR_COUNT));
    short tri[3] = {(short)U("pender"), (short)U("lane"), (short)U("walker")};
    game_combat_dice(&g, tri, 3, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_non_null(strstr(why, "encircled"));
    int encircled_dice = ad;
    put_at(&g, "thomas", hex_neighbour(t, (first + 1) % DIR_COUNT)); /* a hex between them is not empty */
    game_combat_dice(&g, tri, 3, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_null(strstr(why, "encircled"));
    assert_int_equal(ad, encircled_dice - 1);
    game_free(&g);
}

static void test_mcgowan_attacks_three_hexes(void **state)
{
    (void)state;
    /* The rulebook's third combat: McGowan, in the open, must take on the
     * three adjacent Union units at once: 4 against 10, 1:2, so 2 dice
     * against 3; Schirmer's +1 goes on the last Union die. The Confederate
     * rolls 6-2 (one hit), the Union 6-6-3 (two hits). */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "mcgowan", t);
    HexCoord a = hex_neighbour(t, DIR_NW), b = hex_neighbour(t, DIR_N), c = hex_neighbour(t, DIR_NE);
    put_at(&g, "barlow", a);
    put_at(&g, "mclean", b);
    put_at(&g, "schirmer", c);
    run(&g, "place %s", t);
    char ha[5], hb[5], hc[5], cmd[160];
    hex_format(a, ha);
    hex_format(b, hb);
    hex_format(c, hc);
    /* From open ground he must take on all three (COMBAT-WHO). */
    snprintf(cmd, sizeof cmd, "attack mcgowan %s", hb);
    refuse_text(&g, cmd, "must be attacked too");
    snprintf(cmd, sizeof cmd, "attack mcgowan %s+%s+%s", ha, hb, hc);
    apply_text(&g, cmd);
    apply_text(&g, "no-skirmisher");
    for (int i = 0; i < 3; i++)
        apply_text(&g, "no-breastwork");
    assert_int_equal(g.st.cb_att_dice, 2);
    assert_int_equal(g.st.cb_def_dice, 3);
    /* McGowan has no bonus; the Union has Schirmer's 1. */
    assert_int_equal(g.st.cb_step, CB_BONUS_DEF);
    assert_int_equal(g.st.to_move, SIDE_UNION);
    refuse_text(&g, "bonus 1 1 0", "1 bonus point to spread");
    /* The rulebook adds Schirmer's +1 "at the last roll" of 6-6-3. The dice
     * are alike, so a split is written largest first: the +1 goes on the
     * first die, and the forced dice come 3-6-6 (the same roll). */
    refuse_text(&g, "bonus 0 0 1", "largest first");
    assert_true(legal_has(&g, "bonus 1"));
    assert_true(legal_has(&g, "bonus"));
    int dice[] = {6, 2, 3, 6, 6};
    for (int i = 0; i < 5; i++)
        assert_int_equal(rng_force(&g.st.rng, dice[i]), 0);
    apply_text(&g, "bonus 1");
    assert_int_equal(g.st.cb_hits_def, 1);
    assert_int_equal(g.st.cb_hits_att, 2);
    /* The first loss goes to infantry while any is in the combat (HITS). */
    refuse_text(&g, "lose schirmer", "first loss must be taken by infantry");
    apply_text(&g, "lose barlow");
    assert_int_equal(g.st.unit[U("barlow")].steps, 1);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    apply_text(&g, "lose mcgowan");
    apply_text(&g, "lose mcgowan");
    assert_int_equal(g.st.unit[U("mcgowan")].where, AT_ELIMINATED);
    assert_int_equal(g.st.pending, PEND_NONE);
    game_free(&g);
}

static int first_skirmisher_at(const Game *g, int side, int hex)
{
    for (int u = 0; u < g->st.nunits; u++)
        if (gd.units[u].type == UT_SKIRMISHER && gd.units[u].side == side && g->st.unit[u].where == AT_MAP &&
            g->st.unit[u].hex == hex)
            return u;
    return -1;
}

static void test_von_gilsa_rulebook_example(void **state)
{
    (void)state;
    /* The rulebook's first combat of Hill's division: Pender, Thomas, Lane,
     * Walker, Nelson and a skirmisher in Pender's hex (16 points) attack
     * Von Gilsa, who adds a skirmisher (4 points): 4:1, 5 dice, +1 for the
     * encirclement by Nelson and Pender = 6; Von Gilsa's breastwork takes a
     * die: 5 against 2. Bonus +2 +2 on the first two dice; the dice 3-4-4-5-1
     * become 5-6-4-5-1: three hits; the Union's 5-1 makes one. The Union
     * loses its skirmisher, flips Von Gilsa and retreats instead of the
     * third, disorganized; the Confederates lose a skirmisher and advance
     * with Thomas, Lane and Walker. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), s2 = hex_neighbour(t, DIR_S),
             ne = hex_neighbour(t, DIR_NE);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n);
    put_at(&g, "nelson", s2);
    put_at(&g, "thomas", ne);
    put_at(&g, "lane", ne);
    put_at(&g, "walker", ne);
    run(&g, "place %s", n);
    apply_text(&g, "attach nelson");
    run(&g, "skirmish pender %s", n);
    int csa_sk = first_skirmisher_at(&g, SIDE_CONFEDERATE, hx_index(n));
    assert_true(csa_sk >= 0);
    refuse_text(&g, "attack thomas+lane+walker 0101", "");
    char cmd[200], hx[5];
    hex_format(t, hx);
    snprintf(cmd, sizeof cmd, "attack pender+thomas+lane+walker+nelson+%s %s", gd.units[csa_sk].id, hx);
    apply_text(&g, cmd);
    /* B: the defender's skirmisher; C: his breastwork; then what it costs. */
    run(&g, "skirmisher %s", t);
    int usa_sk = first_skirmisher_at(&g, SIDE_UNION, hx_index(t));
    assert_true(usa_sk >= 0);
    apply_text(&g, "breastwork");
    apply_text(&g, "bw-die");
    assert_int_equal(g.st.cb_att_dice, 5);
    assert_int_equal(g.st.cb_def_dice, 2);
    assert_int_equal(g.st.cb_att_bonus_max, 4); /* Pender 2 and Lane 2, in two hexes */
    int dice[] = {3, 4, 4, 5, 1, 5, 1};
    for (int i = 0; i < 7; i++)
        assert_int_equal(rng_force(&g.st.rng, dice[i]), 0);
    apply_text(&g, "bonus 2 2 0 0 0");
    /* The Union has no bonus here (Von Gilsa has none): the dice are rolled. */
    assert_int_equal(g.st.cb_hits_def, 3);
    assert_int_equal(g.st.cb_hits_att, 1);
    /* The 6 came from a bonus: not an unmodified 6. */
    snprintf(cmd, sizeof cmd, "lose %s", gd.units[usa_sk].id);
    apply_text(&g, cmd);
    apply_text(&g, "lose von-gilsa");
    apply_text(&g, "retreat-instead");
    snprintf(cmd, sizeof cmd, "lose %s", gd.units[csa_sk].id);
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[csa_sk].where, AT_ELIMINATED);
    assert_int_equal(g.st.cb_step, CB_RETREAT);
    assert_true(legal_all(&g) > 0);
    char why[128];
    assert_true(game_apply(&g, &legal_buf[0], why, sizeof why));
    assert_int_equal(g.st.unit[U("von-gilsa")].steps, 1);
    assert_true(g.st.unit[U("von-gilsa")].flags & UF_DIS); /* out of his breastwork */
    run(&g, "advance thomas+lane+walker %s", t);
    assert_int_equal(g.st.unit[U("walker")].hex, hx_index(t));
    if (g.st.pending == PEND_COMBAT && g.st.cb_step == CB_ADVANCE)
        apply_text(&g, "no-advance"); /* the others stay */
    assert_int_equal(g.st.pending, PEND_NONE);
    /* Skirmishers are not counted among the eliminated (VICTORY-POINTS). */
    assert_int_equal(game_eliminated_points(&g, SIDE_CONFEDERATE), 0);
    assert_int_equal(game_eliminated_points(&g, SIDE_UNION), 0);
    game_free(&g);
}

static void test_skirmisher_rules(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), far = hex_neighbour(hex_neighbour(t, DIR_S), DIR_S);
    put_at(&g, "heth", t);
    put_at(&g, "von-gilsa", n);
    run(&g, "place %s", t);
    int pool = g.st.skirmishers[SIDE_CONFEDERATE];
    /* Not next to the enemy unless with its maker. */
    run(&g, "skirmish heth %s", t);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], pool - 1);
    /* One per brigade per activation. */
    char cmd[96], hx[5];
    hex_format(far, hx);
    snprintf(cmd, sizeof cmd, "skirmish heth %s", hx);
    refuse_text(&g, cmd, "SKIRM-MAKE");
    int sk = first_skirmisher_at(&g, SIDE_CONFEDERATE, hx_index(t));
    /* A skirmisher never moves or attacks alone. */
    snprintf(cmd, sizeof cmd, "move %s %s", gd.units[sk].id, hx);
    refuse_text(&g, cmd, "only with a real unit");
    char hn[5];
    hex_format(n, hn);
    snprintf(cmd, sizeof cmd, "attack %s %s", gd.units[sk].id, hn);
    refuse_text(&g, cmd, "only together with other units");
    /* Immune to disorder; always in supply. */
    disorder(&g, sk, "SKIRM-RULES", "test");
    assert_false(g.st.unit[sk].flags & (UF_DIS | UF_DEM));
    assert_true(game_in_supply(&g, sk));
    /* A skirmisher alone in its hex rolls one die at most. */
    take_off(&g, "heth");
    short att[1] = {(short)U("von-gilsa")}, hexes[1] = {(short)hx_index(t)};
    int ad, dd;
    char why[200];
    game_combat_dice(&g, att, 1, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_int_equal(dd, 1);
    game_free(&g);
}

/* SKIRM-MAKE: "A stack moves; generates a skirmisher in the hex just left
 * (A); moves another hex, arriving adjacent to the enemy and generates
 * another skirmisher (B)." A skirmisher made by a brigade of the move just
 * ended lets that stack go on with what the move left. */
static void test_skirmisher_during_movement(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord y = open_ground(&g), a = hex_neighbour(y, DIR_S), b = hex_neighbour(y, DIR_N),
             enemy = hex_neighbour(b, DIR_N);
    put_at(&g, "heth", a);
    put_at(&g, "pender", a);
    put_at(&g, "von-gilsa", enemy);
    run(&g, "place %s", a);
    run(&g, "move heth+pender %s", y);
    run(&g, "skirmish heth %s", a); /* (A) in the hex just left, out of contact */
    assert_true(first_skirmisher_at(&g, SIDE_CONFEDERATE, hx_index(a)) >= 0);
    run(&g, "move heth+pender %s", b); /* the same move going on, next to the enemy */
    if (g.st.pending == PEND_BREAK_CONTACT)
        apply_text(&g, "stay");
    assert_int_equal(g.st.unit[U("heth")].hex, hx_index(b));
    assert_int_equal(g.st.unit[U("pender")].hex, hx_index(b));
    run(&g, "skirmish pender %s", b); /* (B) with its maker, in contact */
    assert_true(first_skirmisher_at(&g, SIDE_CONFEDERATE, hx_index(b)) >= 0);
    /* 1 MP, then 2 (clear, next to the enemy): 3 of 4 spent, none by road */
    assert_int_equal(g.st.unit[U("heth")].mp_left, 2);
    game_free(&g);

    /* Only the move just ended pauses: after another decision it is over. */
    hill_activated(&g);
    put_at(&g, "heth", a);
    put_at(&g, "pender", a);
    put_at(&g, "archer", y);
    run(&g, "place %s", a);
    HexCoord c = hex_neighbour(y, DIR_NE);
    run(&g, "move heth %s", y);
    run(&g, "move archer %s", c);
    run(&g, "skirmish heth %s", a);
    char cmd[64], hx[5];
    hex_format(b, hx);
    snprintf(cmd, sizeof cmd, "move heth %s", hx);
    refuse_text(&g, cmd, "already moved");
    game_free(&g);

    /* A demoralized brigade of the stack goes on too ("maintain their movement ability"). */
    hill_activated(&g);
    put_at(&g, "heth", a);
    put_at(&g, "pender", a);
    g.st.unit[U("heth")].flags |= UF_DEM;
    run(&g, "place %s", a);
    run(&g, "move heth+pender %s", y);
    run(&g, "skirmish pender %s", a);
    run(&g, "move heth+pender %s", b);
    assert_int_equal(g.st.unit[U("heth")].hex, hx_index(b));
    game_free(&g);
}

static void test_skirmishers_at_night(void **state)
{
    (void)state;
    /* Every night: skirmishers come off the map; those eliminated come back
     * to the pool too, less one lost for good each night. */
    Game g;
    start(&g, "campaign", 9);
    int pool = g.st.skirmishers[SIDE_CONFEDERATE];
    int a = skirmisher_place(&g, SIDE_CONFEDERATE, hx_index(open_ground(&g)));
    int b = skirmisher_place(&g, SIDE_CONFEDERATE, hx_index(open_ground(&g)));
    int c = skirmisher_place(&g, SIDE_CONFEDERATE, hx_index(open_ground(&g)));
    assert_true(a >= 0 && b >= 0 && c >= 0);
    unit_put(&g, b, AT_ELIMINATED, -1);
    unit_put(&g, c, AT_ELIMINATED, -1);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], pool - 3);
    advance_to(&g, 6);
    assert_int_equal(g.st.skirmishers[SIDE_CONFEDERATE], pool - 1);
    assert_int_equal(g.st.unit[a].where, AT_ABSENT);
    game_free(&g);
}

static void test_retreat_instead_of_a_loss_and_advance(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "pender", n);
    put_at(&g, "lane", n);
    put_at(&g, "thomas", n);
    run(&g, "place %s", n);
    run(&g, "attack pender+lane+thomas %s", t);
    apply_text(&g, "no-skirmisher");
    apply_text(&g, "breastwork");
    /* The breastwork costs the attacker a die, or a step after the combat. */
    assert_int_equal(g.st.cb_step, CB_BW_CHOICE);
    apply_text(&g, "bw-step");
    assert_int_equal(g.st.cb_att_dice, 11 / 3 + 1);
    /* Attacker's bonus: Pender and Lane share a hex: one infantry source, 2. */
    assert_int_equal(g.st.cb_att_bonus_max, 2);
    int dice[] = {5, 5, 6, 1, 2, 2};
    for (int i = 0; i < 6; i++)
        assert_int_equal(rng_force(&g.st.rng, dice[i]), 0);
    apply_text(&g, "bonus 0 0 0 0");
    assert_int_equal(g.st.cb_hits_def, 3);
    assert_int_equal(g.st.cb_hits_att, 1); /* the breastwork's step */
    refuse_text(&g, "retreat-instead", "only after the first loss");
    apply_text(&g, "lose von-gilsa"); /* flipped */
    apply_text(&g, "retreat-instead"); /* cancels one of the two left */
    assert_int_equal(g.st.cb_hits_def, 1);
    apply_text(&g, "lose von-gilsa"); /* the last one eliminates him */
    assert_int_equal(g.st.unit[U("von-gilsa")].where, AT_ELIMINATED);
    apply_text(&g, "lose thomas");
    /* The hex is empty: the attacker may advance into it (ADVANCE). */
    assert_int_equal(g.st.cb_step, CB_ADVANCE);
    run(&g, "advance lane %s", t);
    assert_int_equal(g.st.unit[U("lane")].hex, hx_index(t));
    /* ADVANCE: "with some or all of the units": the others may still follow Lane, within the
     * stacking limits; Lane, having advanced one hex, goes no further */
    assert_int_equal(g.st.cb_step, CB_ADVANCE);
    char follow[64];
    hexcmd(follow, sizeof follow, "advance lane", t, NULL);
    assert_false(legal_has(&g, follow));
    apply_text(&g, "no-advance");
    assert_int_equal(g.st.pending, PEND_NONE);
    game_free(&g);
}

/* Von Gilsa and McLean, behind a breastwork in open ground T, attacked by
 * Pender and Lane from the north: two hits, McLean's loss and a retreat
 * instead of the second; the retreat to the south (S2) is next. */
static void breastwork_stack_must_retreat(Game *g, HexCoord *t, HexCoord *s2)
{
    hill_activated(g);
    *t = open_ground(g);
    HexCoord n = hex_neighbour(*t, DIR_N);
    *s2 = hex_neighbour(*t, DIR_S);
    put_at(g, "von-gilsa", *t);
    put_at(g, "mclean", *t);
    put_at(g, "pender", n);
    put_at(g, "lane", n);
    run(g, "place %s", n);
    run(g, "attack pender+lane %s", *t);
    apply_text(g, "no-skirmisher");
    apply_text(g, "breastwork");
    apply_text(g, "bw-step"); /* 8 against 7: 2 dice each */
    int dice[] = {6, 6, 1, 1};
    for (int i = 0; i < 4; i++)
        assert_int_equal(rng_force(&g->st.rng, dice[i]), 0);
    apply_text(g, "bonus 0 0");
    assert_int_equal(g->st.cb_hits_def, 2);
    apply_text(g, "lose mclean");
    apply_text(g, "retreat-instead");
    apply_text(g, "lose lane"); /* the breastwork's step */
}

static void test_retreat_out_of_a_breastwork(void **state)
{
    (void)state;
    Game g;
    HexCoord t, s2;
    breastwork_stack_must_retreat(&g, &t, &s2);
    /* RETREAT: one hex, away from the enemy; the retreat out of the
     * breastwork disorganizes both. Not back toward the attackers. */
    run(&g, "retreat %s", s2);
    assert_int_equal(g.st.unit[U("von-gilsa")].hex, hx_index(s2));
    assert_int_equal(g.st.unit[U("mclean")].hex, hx_index(s2));
    assert_true(g.st.unit[U("von-gilsa")].flags & UF_DIS);
    assert_true(g.st.unit[U("mclean")].flags & UF_DIS);
    assert_int_equal(g.st.breastwork[hx_index(t)], 0);
    game_free(&g);
}

static void test_retreat_takes_up_a_pontoon(void **state)
{
    (void)state;
    /* PONTOON-REMOVE: Union units retreating over their pontoon may take it
     * up: 4-6 succeeds, and it can be laid again next turn. The 4 is
     * tables.ini's pontoon_roll: raised to 5, a 4 fails. */
    const struct {
        int die, roll;
    } cases[] = {{3, 4}, {4, 4}, {4, 5}};
    int saved = gd.rules.pontoon_roll;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int die = cases[c].die;
        gd.rules.pontoon_roll = cases[c].roll;
        Game g;
        HexCoord t, s2;
        breastwork_stack_must_retreat(&g, &t, &s2);
        /* a Union pontoon on the hexside the retreat crosses (set by hand) */
        int ti = hx_index(t), si = hx_index(s2);
        g.st.pontoon[SIDE_UNION][ti] |= (unsigned char)(1u << DIR_S);
        g.st.pontoon[SIDE_UNION][si] |= (unsigned char)(1u << hex_dir_opposite(DIR_S));
        int next = g.st.pontoons_next[SIDE_UNION];
        char hx[5], cmd[32];
        hex_format(s2, hx);
        snprintf(cmd, sizeof cmd, "retreat %s take-up", hx);
        /* on a hexside with no river there is nothing to take up ... */
        assert_false(legal_has(&g, cmd));
        /* ... over a minor river there is (the map made so for the test) */
        int minor = -1;
        for (int k = 0; k < gd.nhexside_kinds; k++)
            if (strcmp(gd.hexside_kinds[k].id, "minor") == 0)
                minor = k;
        assert_true(minor >= 0);
        Hexside saved_a = map_hex(&gd.map, t)->side[DIR_S], saved_b = map_hex(&gd.map, s2)->side[DIR_N];
        map_hex(&gd.map, t)->side[DIR_S].kind = (signed char)minor;
        map_hex(&gd.map, s2)->side[DIR_N].kind = (signed char)minor;
        gamedata_changed(&gd);
        assert_true(legal_has(&g, cmd));
        assert_int_equal(rng_force(&g.st.rng, die), 0);
        apply_text(&g, cmd);
        assert_int_equal(g.st.unit[U("von-gilsa")].hex, si);
        bool gone = die >= cases[c].roll;
        assert_int_equal((g.st.pontoon[SIDE_UNION][ti] >> DIR_S) & 1u, gone ? 0 : 1);
        assert_int_equal((g.st.pontoon[SIDE_UNION][si] >> hex_dir_opposite(DIR_S)) & 1u, gone ? 0 : 1);
        assert_int_equal(g.st.pontoons_next[SIDE_UNION], next + (gone ? 1 : 0));
        map_hex(&gd.map, t)->side[DIR_S] = saved_a;
        map_hex(&gd.map, s2)->side[DIR_N] = saved_b;
        gamedata_changed(&gd);
        game_free(&g);
    }
    gd.rules.pontoon_roll = saved;
}

static void test_who_may_attack(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), w = hex_neighbour(t, DIR_NW);
    put_at(&g, "von-gilsa", n);
    put_at(&g, "mclean", w);
    put_at(&g, "heth", t);
    put_at(&g, "walker", t);
    run(&g, "place %s", t);
    char hn[5], cmd[160];
    hex_format(n, hn);
    /* Heth in the open next to two enemy hexes: attacking one, someone
     * must still take on the other; Walker could, so it is allowed, but
     * the activation cannot end until it is done. */
    snprintf(cmd, sizeof cmd, "attack heth %s", hn);
    apply_text(&g, cmd);
    apply_text(&g, "no-skirmisher");
    apply_text(&g, "no-breastwork");
    while (g.st.pending == PEND_COMBAT) {
        assert_true(legal_all(&g) > 0);
        char why[160];
        assert_true(game_apply(&g, &legal_buf[legal_all(&g) - 1], why, sizeof why));
    }
    refuse_text(&g, "end", "must still be attacked");
    /* A disorganized unit does not attack; nor does artillery that fired. */
    g.st.unit[U("walker")].flags |= UF_DIS;
    char hw[5];
    hex_format(w, hw);
    snprintf(cmd, sizeof cmd, "attack walker %s", hw);
    refuse_text(&g, cmd, "disorganized or demoralized units do not attack");
    g.st.unit[U("walker")].flags &= (unsigned short)~UF_DIS;
    apply_text(&g, cmd); /* Walker takes on McLean: the obligation is met */
    while (g.st.pending == PEND_COMBAT) {
        char why[160];
        assert_true(game_apply(&g, &legal_buf[legal_all(&g) - 1], why, sizeof why));
    }
    apply_text(&g, "end");
    game_free(&g);
}

static void test_woods_attacker_chooses(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), w = hex_neighbour(t, DIR_NW);
    MapHex *mh = map_hex(&gd.map, t);
    unsigned char saved = mh->terrain;
    mh->terrain = (unsigned char)data_terrain_by_symbol(&gd, 'w');
    gamedata_changed(&gd);
    put_at(&g, "von-gilsa", n);
    put_at(&g, "mclean", w);
    put_at(&g, "heth", t);
    run(&g, "place %s", t);
    run(&g, "attack heth %s", n); /* from the woods he may leave McLean alone */
    apply_text(&g, "no-skirmisher");
    apply_text(&g, "no-breastwork");
    while (g.st.pending == PEND_COMBAT) {
        char why[160];
        assert_true(game_apply(&g, &legal_buf[legal_all(&g) - 1], why, sizeof why));
    }
    apply_text(&g, "end");
    mh->terrain = saved;
    gamedata_changed(&gd);
    game_free(&g);
}

static void test_fortification_in_combat(void **state)
{
    (void)state;
    /* Attacked across the sides it faces, a printed work costs the attacker
     * a step and gives the defender a die (FORTIFICATION). */
    Game g;
    start(&g, "campaign", 41);
    advance_to(&g, 3);
    apply_text(&g, "done");
    apply_text(&g, "choose howard");
    apply_text(&g, "done");
    draw_until(&g, "howard");
    int fort = -1, face = -1;
    for (int i = 0; i < gd.map.cols * gd.map.rows && fort < 0; i++)
        for (int d = 0; d < DIR_COUNT && fort < 0; d++)
            if ((gd.map.hexes[i].fort_faces >> d) & 1u) {
                const Hexside *hs = map_hexside(&gd.map, map_hex_at(&gd.map, i), d);
                if (hs && (hs->kind < 0 || gd.hexside_kinds[hs->kind].combat_across))
                    fort = i, face = d;
            }
    assert_true(fort >= 0);
    HexCoord f = map_hex_at(&gd.map, fort), from = hex_neighbour(f, face);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), f) <= 3)
            take_off(&g, gd.units[u].id);
    put_at(&g, "barksdale", f);
    put_at(&g, "barlow", from);
    put_at(&g, "mclean", from);
    run(&g, "place %s", from);
    run(&g, "attack barlow+mclean %s", f);
    apply_text(&g, "no-skirmisher");
    /* No breastwork on a fortification: straight to the dice. */
    assert_true(g.st.cb_fort);
    short att[2] = {(short)U("barlow"), (short)U("mclean")}, hexes[1] = {(short)fort};
    int ad, dd;
    char why[200];
    game_combat_dice(&g, att, 2, hexes, 1, false, &ad, &dd, why, sizeof why);
    assert_int_equal(g.st.cb_def_dice, dd);
    assert_non_null(strstr(why, "fortification"));
    assert_int_equal(g.st.cb_att_extra, 1);
    game_free(&g);
}

static void test_no_combat_across_a_great_river(void **state)
{
    (void)state;
    /* RIVERS: units facing each other across the Rappahannock or the Rapidan
     * are adjacent, but cannot fight; supply never crosses a Rappahannock
     * ford without a pontoon. */
    Game g;
    hill_activated(&g);
    int a = -1, dir = -1;
    for (int i = 0; i < gd.map.cols * gd.map.rows && a < 0; i++)
        for (int d = 0; d < DIR_COUNT && a < 0; d++) {
            const Hexside *hs = map_hexside(&gd.map, map_hex_at(&gd.map, i), d);
            if (hs && hs->kind >= 0 && !gd.hexside_kinds[hs->kind].combat_across)
                a = i, dir = d;
        }
    assert_true(a >= 0);
    HexCoord ha = map_hex_at(&gd.map, a), hb = hex_neighbour(ha, dir);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), ha) <= 2)
            take_off(&g, gd.units[u].id);
    put_at(&g, "heth", ha);
    put_at(&g, "von-gilsa", hb);
    run(&g, "place %s", ha);
    char hx[5], cmd[96];
    hex_format(hb, hx);
    snprintf(cmd, sizeof cmd, "attack heth %s", hx);
    refuse_text(&g, cmd, "not across a great river");
    assert_false(legal_has(&g, cmd));
    game_free(&g);
}

static void test_no_combat_at_night(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 8);
    advance_to(&g, 5);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "heth", n);
    run(&g, "place %s", n);
    char hx[5], cmd[96];
    hex_format(t, hx);
    snprintf(cmd, sizeof cmd, "attack heth %s", hx);
    refuse_text(&g, cmd, "no combat at night");
    game_free(&g);
}

/* ---- disorder and demoralization --------------------------------------- */

static void test_disorganized_units(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), far = hex_neighbour(hex_neighbour(t, DIR_S), DIR_S);
    put_at(&g, "heth", t);
    put_at(&g, "lane", t);
    put_at(&g, "von-gilsa", n);
    g.st.unit[U("heth")].flags |= UF_DIS;
    g.st.unit[U("lane")].flags |= UF_DIS;
    run(&g, "place %s", t);
    /* A disorganized unit moves and defends, but does not attack (DISORG). */
    char hx[5], cmd[96];
    hex_format(n, hx);
    snprintf(cmd, sizeof cmd, "attack heth %s", hx);
    refuse_text(&g, cmd, "do not attack");
    run(&g, "move lane %s", far);
    stay_put(&g);
    apply_text(&g, "end");
    /* Activated without moving, Heth recovers; Lane, who moved, does not. */
    assert_false(g.st.unit[U("heth")].flags & UF_DIS);
    assert_true(g.st.unit[U("lane")].flags & UF_DIS);
    game_free(&g);
}

static void test_demoralized_units(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g), b = hex_neighbour(t, DIR_S), c = hex_neighbour(b, DIR_S),
             d = hex_neighbour(c, DIR_S), e = hex_neighbour(d, DIR_S);
    put_at(&g, "heth", t);
    put_at(&g, "lane", c);
    put_at(&g, "von-gilsa", e);
    g.st.unit[U("lane")].flags |= UF_DEM;
    run(&g, "place %s", t);
    /* Never into a hex next to the enemy (DEMORAL). */
    char cmd[96], hx[5];
    hex_format(d, hx);
    snprintf(cmd, sizeof cmd, "move lane %s", hx);
    refuse_text(&g, cmd, "a demoralized unit (DEMORAL) never enters such a hex");
    game_free(&g);

    /* DEMORAL: a demoralized unit the enemy comes next to must retreat at
     * once, by the rules of retreat, to a hex out of contact: no "stay",
     * no break contact first; the move then goes on. */
    start(&g, "campaign", 21);
    advance_to(&g, 3);
    apply_text(&g, "done");
    apply_text(&g, "choose howard");
    apply_text(&g, "done");
    draw_until(&g, "howard");
    t = open_ground(&g);
    b = hex_neighbour(t, DIR_S);
    c = hex_neighbour(b, DIR_S);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "heth", c);
    g.st.unit[U("heth")].flags |= UF_DEM;
    run(&g, "place %s", t);
    run(&g, "move von-gilsa %s", b);
    assert_int_equal(g.st.pending, PEND_DEMORAL);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    assert_false(legal_has(&g, "stay"));
    refuse_text(&g, "stay", "must first retreat");
    int k = legal_all(&g);
    assert_true(k > 0);
    for (int i = 0; i < k; i++) {
        assert_int_equal(legal_buf[i].kind, D_RETREAT);
        assert_false(next_to_side(&g, legal_buf[i].arg, SIDE_UNION)); /* never into contact */
    }
    char why[128];
    assert_true(game_apply(&g, &legal_buf[0], why, sizeof why));
    assert_int_not_equal(g.st.unit[U("heth")].hex, hx_index(c));
    assert_int_equal(g.st.pending, PEND_NONE);
    assert_int_equal(g.st.to_move, SIDE_UNION); /* the Union's activation goes on */
    game_free(&g);

    /* With nowhere to go out of contact, it is eliminated at once. */
    start(&g, "campaign", 21);
    advance_to(&g, 3);
    apply_text(&g, "done");
    apply_text(&g, "choose howard");
    apply_text(&g, "done");
    draw_until(&g, "howard");
    t = open_ground(&g);
    b = hex_neighbour(t, DIR_S);
    c = hex_neighbour(b, DIR_S);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "heth", c);
    g.st.unit[U("heth")].flags |= UF_DEM;
    const char *ring[] = {"mclean", "buschbeck", "barlow", "schimmelfennig", "krzyzanowski"};
    for (int dir = 0, k2 = 0; dir < DIR_COUNT; dir++) { /* enemies all round but the way von Gilsa comes */
        HexCoord x = hex_neighbour(hex_neighbour(c, dir), dir);
        if (dir == DIR_N)
            continue;
        put_at(&g, ring[k2++], x);
    }
    run(&g, "place %s", t);
    run(&g, "move von-gilsa %s", b);
    assert_int_equal(g.st.unit[U("heth")].where, AT_ELIMINATED);
    assert_int_equal(g.st.pending, PEND_NONE);
    game_free(&g);
}

/* ---- the night: supply, order, recovery ------------------------------- */

static int count_flag(const Game *g, int side, unsigned short flag)
{
    int n = 0;
    for (int u = 0; u < g->st.nunits; u++)
        n += g->st.unit[u].where == AT_MAP && gd.units[u].side == side && (g->st.unit[u].flags & flag);
    return n;
}

static void test_first_night_supply(void **state)
{
    (void)state;
    /* After the first day of the campaign, untouched, every unit traces
     * supply: the Confederates to the south edge, the Union over its
     * pontoons and fords. */
    Game g;
    start(&g, "campaign", 3);
    advance_to(&g, 6);
    bool checked = false;
    for (int i = 0; i < g.log.count; i++)
        checked |= strcmp(g.log.items[i].rule, "SUPPLY") == 0 && g.log.items[i].turn == 5;
    assert_true(checked);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && (g.st.unit[u].flags & UF_OOS))
            print_message("out of supply: %s\n", gd.units[u].id);
    assert_int_equal(count_flag(&g, SIDE_CONFEDERATE, UF_OOS), 0);
    assert_int_equal(count_flag(&g, SIDE_UNION, UF_OOS), 0);
    game_free(&g);
}

/* A hex north of the Rappahannock, far from every unit. */
static HexCoord north_bank(const Game *g)
{
    for (int i = 0; i < gd.map.cols * gd.map.rows; i++) {
        HexCoord h = map_hex_at(&gd.map, i);
        if (gd.map.hexes[i].bank != BANK_NORTH || h.row < 3 || h.col < 3)
            continue;
        bool far = true;
        for (int u = 0; u < g->st.nunits && far; u++)
            far = !(g->st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g->st.unit[u].hex), h) <= 8);
        if (far)
            return h;
    }
    fail_msg("no free hex north of the river");
    return HEX_NONE;
}

static void test_out_of_supply_ladder(void **state)
{
    (void)state;
    /* A Confederate brigade across the Rappahannock, with no pontoon, cannot
     * trace supply: each night it climbs the ladder (OOS-LADDER). */
    Game g;
    start(&g, "campaign", 4);
    put_at(&g, "heth", north_bank(&g));
    assert_false(game_in_supply(&g, U("heth")));
    assert_true(game_in_supply(&g, U("pender")));
    assert_true(game_in_supply(&g, U("f-lee"))); /* cavalry always */
    advance_to(&g, 6);
    assert_true(g.st.unit[U("heth")].flags & UF_OOS);
    assert_false(g.st.unit[U("heth")].flags & (UF_DIS | UF_DEM));
    advance_to(&g, 11);
    assert_true(g.st.unit[U("heth")].flags & UF_DIS);
    advance_to(&g, 16);
    assert_true(g.st.unit[U("heth")].flags & UF_DEM);
    assert_int_equal(g.st.unit[U("heth")].steps, 2);
    advance_to(&g, 21);
    assert_int_equal(g.st.unit[U("heth")].steps, 1); /* a step lost */
    game_free(&g);
}

static void test_night_order_and_recovery(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 6);
    /* In supply: disorganized units recover, demoralized ones become only
     * disorganized (SEQ-NIGHT step 4). */
    g.st.unit[U("pender")].flags |= UF_DIS;
    g.st.unit[U("lane")].flags |= UF_DEM;
    /* Two reduced brigades of Hill's division, and a reduced independent. */
    g.st.unit[U("heth")].steps = 1;
    g.st.unit[U("thomas")].steps = 1;
    g.st.unit[U("nelson")].steps = 1;
    advance_to(&g, 5);
    while (g.st.phase != PH_RECOVERY) {
        int n = legal_all(&g);
        const Decision *pick = NULL;
        for (int i = 0; i < n && !pick; i++)
            if (legal_buf[i].kind == D_DONE || legal_buf[i].kind == D_PASS || legal_buf[i].kind == D_END)
                pick = &legal_buf[i];
        char why[128];
        assert_true(game_apply(&g, pick, why, sizeof why));
    }
    assert_false(g.st.unit[U("pender")].flags & UF_DIS);
    assert_true(g.st.unit[U("lane")].flags & UF_DIS);
    assert_false(g.st.unit[U("lane")].flags & UF_DEM);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    /* One unit per formation (RECOVERY), plus independents. */
    assert_true(legal_has(&g, "recover heth"));
    assert_true(legal_has(&g, "recover thomas"));
    apply_text(&g, "recover heth");
    assert_int_equal(g.st.unit[U("heth")].steps, 2);
    refuse_text(&g, "recover thomas", "already recovered a unit tonight");
    apply_text(&g, "recover nelson");
    assert_int_equal(g.st.unit[U("nelson")].steps, 2);
    /* Nothing left to recover for the Confederates: the turn moves on. */
    assert_int_equal(g.st.turn, 6);
    game_free(&g);
}

/* ---- higher commanders and the detachment ------------------------------ */

static void test_higher_commander_rulebook_example(void **state)
{
    (void)state;
    /* Turn 3: the Union puts XI and XII Corps under Hooker and also picks V
     * and II Corps: 4 points. Hooker may act again from turn 5. */
    Game g;
    start(&g, "campaign", 12);
    advance_to(&g, 3);
    apply_text(&g, "done");
    refuse_text(&g, "higher hooker howard+slocum+meade", "from 1 to 2 formations");
    apply_text(&g, "higher hooker howard+slocum");
    apply_text(&g, "choose meade");
    apply_text(&g, "choose couch");
    assert_int_equal(g.st.points[SIDE_UNION], 0);
    refuse_text(&g, "choose howard", "already chosen");
    apply_text(&g, "done");
    /* The cup: Hooker's chit instead of XI and XII's, V, II, two Independents. */
    assert_int_equal(g.st.ncup + 1, 5);
    bool hooker_in_cup = g.st.drawn.kind == CHIT_HIGHER;
    for (int i = 0; i < g.st.ncup; i++) {
        hooker_in_cup |= g.st.cup[i].kind == CHIT_HIGHER;
        assert_false(g.st.cup[i].kind == CHIT_FORMATION &&
                     (g.st.cup[i].index == data_formation_index(&gd, "howard") ||
                      g.st.cup[i].index == data_formation_index(&gd, "slocum")));
    }
    assert_true(hooker_in_cup);
    /* Drawn, he acts for both corps within his radius, and the independents. */
    for (int i = 0; i < 10 && g.st.drawn.kind != CHIT_HIGHER; i++)
        apply_text(&g, "pass");
    assert_int_equal(g.st.drawn.kind, CHIT_HIGHER);
    apply_text(&g, "activate");
    HexCoord t = open_ground(&g);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "knipe", hex_neighbour(t, DIR_S));
    put_at(&g, "provost", hex_neighbour(t, DIR_N));
    run(&g, "place %s", t);
    assert_true(game_unit_active(&g, U("von-gilsa")));
    assert_true(game_unit_active(&g, U("knipe")));
    assert_true(game_unit_active(&g, U("provost")));
    assert_false(game_unit_active(&g, U("barnes"))); /* V Corps: his own chit */
    game_free(&g);

    start(&g, "campaign", 12);
    advance_to(&g, 3);
    apply_text(&g, "done");
    apply_text(&g, "higher hooker howard+slocum");
    advance_to(&g, 4);
    apply_text(&g, "done");
    refuse_text(&g, "higher hooker meade", "every other turn");
    advance_to(&g, 5);
    apply_text(&g, "done");
    apply_text(&g, "higher hooker meade");
    game_free(&g);
}

static void test_jacksons_attack_opening(void **state)
{
    (void)state;
    /* Jackson's Attack opens with Jackson's activation, and he may act
     * again on turn 14. */
    Game g;
    start(&g, "jacksons-attack", 3);
    assert_int_equal(g.st.turn, 13);
    apply_text(&g, "higher jackson hill+rodes+colston");
    assert_int_equal(g.st.points[SIDE_CONFEDERATE], 0);
    apply_text(&g, "done");
    apply_text(&g, "done");
    assert_int_equal(g.st.drawn.kind, CHIT_HIGHER);
    assert_string_equal(gd.commanders[g.st.drawn.index].id, "jackson");
    advance_to(&g, 14);
    apply_text(&g, "higher jackson rodes");
    game_free(&g);
}

static void test_detachment(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 21);
    advance_to(&g, 3);
    apply_text(&g, "choose hill");
    apply_text(&g, "choose rodes");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "heth", t);
    put_at(&g, "doles", n);
    put_at(&g, "iverson", n);
    run(&g, "place %s", t);
    assert_false(game_unit_active(&g, U("doles")));
    run(&g, "detach %s", n);
    assert_true(game_unit_active(&g, U("doles")));
    assert_true(game_unit_active(&g, U("iverson")));
    run(&g, "move doles %s", hex_neighbour(n, DIR_N));
    stay_put(&g);
    /* Once a turn. */
    char cmd[64], hx[5];
    hex_format(t, hx);
    snprintf(cmd, sizeof cmd, "detach %s", hx);
    refuse_text(&g, cmd, "once a turn");
    apply_text(&g, "end");
    /* Detached units stay inactive when their own formation acts later. */
    if (g.st.phase == PH_ACTIVATION && g.st.drawn.kind == CHIT_FORMATION &&
        strcmp(gd.formations[g.st.drawn.index].id, "rodes") == 0) {
        apply_text(&g, "activate");
    } else
        draw_until(&g, "rodes");
    put_at(&g, "ramseur", hex_neighbour(n, DIR_NE));
    run(&g, "place %s", hex_neighbour(n, DIR_NE));
    assert_true(game_unit_active(&g, U("ramseur")));
    assert_false(game_unit_active(&g, U("iverson")));
    game_free(&g);
}

static void test_forced_march(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "heth", t);
    put_at(&g, "lane", t);
    g.st.unit[U("lane")].flags |= UF_DIS; /* in disorder: cannot march */
    run(&g, "place %s", t);
    apply_text(&g, "forced-march");
    assert_true(g.st.unit[U("heth")].flags & UF_FORCED);
    /* Lane cannot force-march: still active, at his normal pace, and like the whole formation no attack */
    assert_true(game_unit_active(&g, U("lane")));
    assert_false(g.st.unit[U("lane")].flags & UF_FORCED);
    /* Doubled: five hexes of clear ground (5 MP) are within reach. The
     * ground is made clear for the test and restored after. */
    HexCoord far = t, path[5];
    unsigned char saved_t[5];
    Hexside saved_s[5];
    int clear = map_hex(&gd.map, t)->terrain;
    for (int i = 0; i < 5; i++) {
        HexCoord next = hex_neighbour(far, DIR_S);
        saved_s[i] = map_hex(&gd.map, far)->side[DIR_S];
        map_hex(&gd.map, far)->side[DIR_S].kind = -1;
        map_hex(&gd.map, next)->side[DIR_N].kind = -1;
        far = next;
        path[i] = far;
        saved_t[i] = map_hex(&gd.map, far)->terrain;
        map_hex(&gd.map, far)->terrain = (unsigned char)clear;
    }
    gamedata_changed(&gd);
    /* never into a hex next to the enemy */
    HexCoord e = hex_neighbour(hex_neighbour(hex_neighbour(t, DIR_N), DIR_N), DIR_N);
    put_at(&g, "von-gilsa", e);
    char cmd[96], hx[5];
    hex_format(hex_neighbour(hex_neighbour(t, DIR_N), DIR_N), hx);
    snprintf(cmd, sizeof cmd, "move heth %s", hx);
    refuse_text(&g, cmd, "a force-marching unit (FORCED-MARCH) never enters such a hex");
    hex_format(e, hx);
    snprintf(cmd, sizeof cmd, "attack heth %s", hx);
    refuse_text(&g, cmd, "");
    refuse_text(&g, "forced-march", "");
    for (int u = 0; u < g.st.nunits; u++) /* nobody in the way */
        if (gd.units[u].side == SIDE_UNION && g.st.unit[u].where == AT_MAP && u != U("von-gilsa") &&
            hex_distance(map_hex_at(&gd.map, g.st.unit[u].hex), far) <= 7)
            take_off(&g, gd.units[u].id);
    run(&g, "move heth %s", far);
    assert_int_equal(g.st.unit[U("heth")].hex, hx_index(far));
    far = t;
    for (int i = 0; i < 5; i++) {
        map_hex(&gd.map, far)->side[DIR_S] = saved_s[i];
        map_hex(&gd.map, path[i])->side[DIR_N].kind = saved_s[i].kind;
        map_hex(&gd.map, path[i])->terrain = saved_t[i];
        far = path[i];
    }
    gamedata_changed(&gd);
    /* Afterwards a 1-2 costs the formation a step, the owner's choice. */
    assert_int_equal(rng_force(&g.st.rng, 2), 0);
    apply_text(&g, "end");
    assert_int_equal(g.st.pending, PEND_MARCH_LOSS);
    /* "a step loss is removed by any unit belonging to the formation": Lane,
     * who did not march, may take it; a unit of another formation may not. */
    assert_true(legal_has(&g, "take lane"));
    refuse_text(&g, "take von-gilsa", "of the formation that marched");
    apply_text(&g, "take heth");
    assert_int_equal(g.st.unit[U("heth")].steps, 1);
    assert_int_equal(g.st.pending, PEND_NONE);
    game_free(&g);
}

/* ---- pontoons ---------------------------------------------------------- */

static void clear_around(Game *g, HexCoord h, int radius)
{
    for (int u = 0; u < g->st.nunits; u++)
        if (g->st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g->st.unit[u].hex), h) <= radius)
            take_off(g, gd.units[u].id);
}

static void couch_activated(Game *g)
{
    start(g, "campaign", 14);
    advance_to(g, 3);
    apply_text(g, "done");
    apply_text(g, "choose couch");
    apply_text(g, "done");
    draw_until(g, "couch");
}

static void test_pontoon_build_and_cross(void **state)
{
    (void)state;
    Game g;
    couch_activated(&g);
    HexCoord ford = tu_hex("2015"), across = tu_hex("2016");
    clear_around(&g, ford, 4);
    put(&g, "caldwell", "2015");
    put(&g, "zook", "2015");
    apply_text(&g, "place 2015");
    int left = g.st.pontoons_left[SIDE_UNION];
    refuse_text(&g, "move zook 2016", "takes 34 MP"); /* without a pontoon, only the long way round */
    apply_text(&g, "build caldwell 2015-2016");
    assert_int_equal(g.st.pontoons_left[SIDE_UNION], left - 1);
    assert_true(g.st.pontoon[SIDE_UNION][hx_index(ford)]);
    refuse_text(&g, "move caldwell 2016", "already moved"); /* the builder stays */
    apply_text(&g, "move zook 2016");
    stay_put(&g);
    assert_int_equal(g.st.unit[U("zook")].hex, hx_index(across));
    /* Not across dry land, not twice a turn, never a Confederate without the event. */
    refuse_text(&g, "build caldwell 2015-2014", "");
    game_free(&g);
}

static void test_pontoon_next_to_the_enemy(void **state)
{
    (void)state;
    Game g;
    couch_activated(&g);
    clear_around(&g, tu_hex("2015"), 4);
    put(&g, "caldwell", "2015");
    put(&g, "mahone", "2017"); /* next to the far end */
    apply_text(&g, "place 2015");
    int left = g.st.pontoons_left[SIDE_UNION];
    assert_int_equal(rng_force(&g.st.rng, 3), 0);
    apply_text(&g, "build caldwell 2015-2016");
    assert_int_equal(g.st.pontoons_left[SIDE_UNION], left); /* failed on a 3 */
    assert_false(g.st.pontoon[SIDE_UNION][hx_index(tu_hex("2015"))]);
    refuse_text(&g, "build caldwell 2015-2016", "once a turn");
    game_free(&g);
}

static void test_pontoon_take_up_and_seize(void **state)
{
    (void)state;
    /* The campaign opens with a Union pontoon at Franklin's Crossing. */
    Game g;
    couch_activated(&g);
    int fc = hx_index(tu_hex("3523"));
    assert_true(g.st.pontoon[SIDE_UNION][fc]);
    put(&g, "caldwell", "2015");
    apply_text(&g, "place 2015");
    int left = g.st.pontoons_left[SIDE_UNION];
    clear_around(&g, tu_hex("0602"), 3);
    apply_text(&g, "take-up 0602-0603");
    assert_false(g.st.pontoon[SIDE_UNION][hx_index(tu_hex("0602"))]);
    assert_int_equal(g.st.pontoons_left[SIDE_UNION], left); /* usable next turn */
    apply_text(&g, "end");
    advance_to(&g, 4);
    assert_int_equal(g.st.pontoons_left[SIDE_UNION], left + 1);
    game_free(&g);

    /* An unguarded pontoon is captured by Confederate infantry at its end. */
    hill_activated(&g);
    clear_around(&g, tu_hex("3524"), 3);
    put(&g, "heth", "3524");
    apply_text(&g, "place 3524");
    refuse_text(&g, "take-up 3523-3524", "");
    put(&g, "shaler", "3523");
    refuse_text(&g, "capture heth 3523-3524", "guarded");
    take_off(&g, "shaler");
    apply_text(&g, "capture heth 3523-3524");
    assert_false(g.st.pontoon[SIDE_UNION][fc]);
    assert_true(g.st.pontoon[SIDE_CONFEDERATE][fc]);
    assert_true(g.st.unit[U("heth")].flags & UF_MOVED);
    game_free(&g);
}

/* ---- the campaign's special rules ---------------------------------------- */

static void test_campaign_special_rules(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 15);
    /* Gibbon's brigades are held until turn 14, like VI Corps. */
    assert_true(unit_locked(&g, U("owen")));
    assert_false(unit_locked(&g, U("caldwell")));
    /* Union reserve artillery and infantry never cross the great rivers; the
     * turn-11 cavalry neither; Stuart only with 10 Confederate steps across. */
    short res[1] = {(short)U("provost")}, inf[1] = {(short)U("caldwell")}, cav[1] = {(short)U("davis")},
          stu[1] = {(short)U("f-lee")};
    assert_int_equal(great_river_limit(&g, res, 1), RIVERS_NEVER);
    assert_int_equal(great_river_limit(&g, inf, 1), RIVERS_FREE);
    assert_int_equal(great_river_limit(&g, cav, 1), RIVERS_NOT_SOUTH); /* only "to the south" (CAMPAIGN) */
    assert_int_equal(great_river_limit(&g, stu, 1), RIVERS_NEVER);
    /* The options are the scenario's, kept for its rules only: under another scenario's rules (none of
     * these), the reserves and Stuart are free, and under the campaign's again they are not. */
    int campaign = g.st.scenario, other = data_scenario_index(g.gd, "chancellorsville");
    assert_true(other >= 0 && other != campaign);
    g.st.scenario = other;
    assert_int_equal(great_river_limit(&g, res, 1), RIVERS_FREE);
    assert_int_equal(great_river_limit(&g, stu, 1), RIVERS_FREE);
    g.st.scenario = campaign;
    assert_int_equal(great_river_limit(&g, res, 1), RIVERS_NEVER);
    assert_int_equal(great_river_limit(&g, stu, 1), RIVERS_NEVER);
    /* 10 steps of Confederate infantry north of the rivers free Stuart. */
    HexCoord nb = north_bank(&g);
    char hx[5];
    hex_format(nb, hx);
    const char *five[] = {"heth", "thomas", "lane", "mcgowan", "archer"};
    for (int i = 0; i < 5; i++) {
        put(&g, five[i], hx);
        g.st.unit[U(five[i])].steps = 2;
    }
    assert_int_equal(great_river_limit(&g, stu, 1), RIVERS_FREE);
    game_free(&g);
    /* The turn-11 cavalry arrives on the west edge between the rivers. */
    start(&g, "campaign", 15);
    assert_int_equal(g.st.unit[U("davis")].where, AT_RESERVE);
    advance_to(&g, 11);
    assert_int_equal(g.st.unit[U("davis")].where, AT_MAP);
    assert_true(gd.map.hexes[g.st.unit[U("davis")].hex].flags & HEXF_CAVALRY_ENTRY);
    game_free(&g);
    /* A bridgehead marker works like a printed fortification, for the Union. */
    hill_activated(&g);
    clear_around(&g, tu_hex("3524"), 3);
    put(&g, "shaler", "3524");
    put(&g, "heth", "3424");
    put(&g, "lane", "3424");
    apply_text(&g, "place 3424");
    apply_text(&g, "attack heth+lane 3524");
    apply_text(&g, "no-skirmisher");
    assert_true(g.st.cb_fort); /* no breastwork offered: straight to the dice */
    assert_int_equal(g.st.cb_att_extra, 1);
    game_free(&g);
}

static void test_end_of_turn_cleanup(void **state)
{
    (void)state;
    /* SEQ-DAY step C: fired, activated, moved, detached and forced-march
     * markers come off at the end of the turn. */
    Game g;
    hill_activated(&g);
    HexCoord t = open_ground(&g);
    put_at(&g, "heth", t);
    run(&g, "place %s", t);
    run(&g, "move heth %s", hex_neighbour(t, DIR_S));
    stay_put(&g);
    unsigned short during = g.st.unit[U("heth")].flags;
    assert_true(during & UF_MOVED);
    assert_true(during & UF_ACTIVATED);
    advance_to(&g, 4);
    assert_int_equal(g.st.unit[U("heth")].flags & (UF_MOVED | UF_ACTIVATED | UF_ACTIVE | UF_FIRED | UF_DETACHED |
                                                   UF_FORCED | UF_FOUGHT), 0);
    assert_int_equal(g.st.ncup, 0);
    game_free(&g);
}

static void test_stuart_with_a_higher_commander(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 17);
    advance_to(&g, 3);
    apply_text(&g, "higher lee hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    for (int i = 0; i < 10 && g.st.drawn.kind != CHIT_HIGHER; i++)
        apply_text(&g, "pass");
    apply_text(&g, "activate");
    HexCoord t = open_ground(&g);
    put_at(&g, "heth", t);
    put_at(&g, "f-lee", hex_neighbour(t, DIR_S));
    put_at(&g, "w-h-f-lee", hex_neighbour(t, DIR_N));
    run(&g, "place %s", t);
    refuse_text(&g, "attach doles", "only one of Stuart's cavalry");
    apply_text(&g, "attach f-lee");
    refuse_text(&g, "attach w-h-f-lee", "");
    assert_true(game_unit_active(&g, U("f-lee")));
    game_free(&g);
}

static void test_visibility(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 16);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), far = hex_neighbour(n, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "heth", far);
    /* Two hexes away: the Confederates see a stack, not what is in it. */
    assert_false(game_can_inspect(&g, SIDE_CONFEDERATE, hx_index(t)));
    assert_true(game_can_inspect(&g, SIDE_UNION, hx_index(t))); /* his own */
    put_at(&g, "heth", n);
    assert_true(game_can_inspect(&g, SIDE_CONFEDERATE, hx_index(t)));
    game_free(&g);
}

/* ---- the rule of 6 (optional) ---------------------------------------- */

/* Heth, Thomas and Lane (10) attack Von Gilsa and Schirmer (5): 3 dice
 * against 2. As in the rulebook's example, the attacker's 4 (+1 bonus), 6, 2
 * make two hits, one an unmodified 6; the defender's 3, 6 make one. */
static void six_position(Game *g, unsigned options)
{
    char err[200];
    assert_true(game_new_options(g, &gd, data_scenario_index(&gd, "campaign"), 21, options, err, sizeof err));
    advance_to(g, 3);
    apply_text(g, "choose hill");
    apply_text(g, "done");
    apply_text(g, "done");
    draw_until(g, "hill");
    HexCoord t = open_ground(g), n = hex_neighbour(t, DIR_N);
    put_at(g, "von-gilsa", t);
    put_at(g, "schirmer", t);
    put_at(g, "heth", n);
    put_at(g, "thomas", n);
    put_at(g, "lane", n);
    run(g, "place %s", n);
    run(g, "attack heth+thomas+lane %s", t);
    apply_text(g, "no-skirmisher");
    apply_text(g, "no-breastwork");
    assert_int_equal(g->st.cb_att_dice, 3);
    assert_int_equal(g->st.cb_def_dice, 2);
    int dice[] = {4, 6, 2, 3, 6};
    for (int i = 0; i < 5; i++)
        assert_int_equal(rng_force(&g->st.rng, dice[i]), 0);
    apply_text(g, "bonus 1 0 0");
    apply_text(g, "bonus 0 0");
}

static void test_rule_of_six(void **state)
{
    (void)state;
    Game g;
    /* Without the option, 6s are plain hits. */
    six_position(&g, 0);
    assert_int_equal(g.st.cb_step, CB_DEF_LOSS);
    game_free(&g);

    /* The attacker's 6 picks the unit hit, even the artillery first. */
    six_position(&g, OPT_RULE_OF_SIX);
    assert_int_equal(g.st.cb_step, CB_SIX_ATT);
    assert_int_equal(g.st.cb_hits_def, 2);
    apply_text(&g, "six-hit schirmer");
    assert_int_equal(g.st.unit[U("schirmer")].steps, 1);
    /* The defender's 6 picks an attacking unit. */
    assert_int_equal(g.st.cb_step, CB_SIX_DEF);
    refuse_text(&g, "six-cancel", "cancels a retreat the attacker forced");
    apply_text(&g, "six-hit lane");
    assert_int_equal(g.st.unit[U("lane")].steps, 1);
    assert_int_equal(g.st.cb_step, CB_DEF_LOSS); /* one hit left for the Union to place */
    game_free(&g);

    /* Or the 6 forces a retreat, and the defender's 6 cancels it. */
    six_position(&g, OPT_RULE_OF_SIX);
    apply_text(&g, "six-retreat");
    assert_true(g.st.cb_forced_retreat);
    apply_text(&g, "six-cancel");
    assert_false(g.st.cb_forced_retreat);
    game_free(&g);

    /* A forced retreat stands: no retreat instead of a loss. */
    six_position(&g, OPT_RULE_OF_SIX);
    apply_text(&g, "six-retreat");
    apply_text(&g, "six-hit heth");
    apply_text(&g, "lose von-gilsa");
    assert_false(legal_has(&g, "retreat-instead"));
    game_free(&g);
}

static void test_rule_of_six_picks_run_out(void **state)
{
    (void)state;
    /* Three defending 6s against two attacking units of one hex: each may
     * be picked once (neither is alone), so the third 6 is an ordinary hit
     * the attacker places himself. */
    Game g;
    char err[200];
    assert_true(game_new_options(&g, &gd, data_scenario_index(&gd, "campaign"), 21, OPT_RULE_OF_SIX, err, sizeof err));
    advance_to(&g, 3);
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", t);
    put_at(&g, "mclean", t);
    put_at(&g, "buschbeck", t);
    put_at(&g, "barlow", t);
    put_at(&g, "heth", n);
    put_at(&g, "thomas", n);
    run(&g, "place %s", n);
    run(&g, "attack heth+thomas %s", t);
    apply_text(&g, "no-breastwork");
    assert_int_equal(g.st.cb_att_dice, 2); /* never fewer than min_dice */
    assert_int_equal(g.st.cb_def_dice, 3);
    int dice[] = {1, 1, 6, 6, 6};
    for (int i = 0; i < 5; i++)
        assert_int_equal(rng_force(&g.st.rng, dice[i]), 0);
    while (g.st.cb_step == CB_BONUS_ATT || g.st.cb_step == CB_BONUS_DEF) {
        assert_true(legal_all(&g) > 0);
        char why[200];
        assert_true(game_apply(&g, &legal_buf[0], why, sizeof why));
    }
    assert_int_equal(g.st.cb_step, CB_SIX_DEF);
    assert_int_equal(g.st.cb_hits_att, 3);
    apply_text(&g, "six-hit heth");
    refuse_text(&g, "six-hit heth", "the same unit twice");
    apply_text(&g, "six-hit thomas");
    /* no pick left: the last hit is the attacker's to place */
    assert_int_equal(g.st.cb_step, CB_ATT_LOSS);
    assert_int_equal(g.st.to_move, SIDE_CONFEDERATE);
    assert_true(legal_all(&g) > 0);
    game_free(&g);
}

static void test_extra_skirmishers(void **state)
{
    (void)state;
    Game g;
    char err[200];
    assert_true(game_new_options(&g, &gd, data_scenario_index(&gd, "campaign"), 1, OPT_EXTRA_SKIRMISHERS, err,
                                 sizeof err));
    assert_int_equal(g.st.skirmishers[SIDE_UNION], 6 + gd.army[SIDE_UNION].extra_skirmishers);
    game_free(&g);
}

/* ---- dummies (optional) ------------------------------------------------ */

static int first_dummy_at(const Game *g, int side, int hex)
{
    for (int u = 0; u < g->st.nunits; u++)
        if (gd.units[u].type == UT_DUMMY && gd.units[u].side == side && g->st.unit[u].where == AT_MAP &&
            g->st.unit[u].hex == hex)
            return u;
    return -1;
}

/* light: as guv sim plays (no undo; the units before a decision kept only
 * while a dummy stands on the map). */
static void dummies_play(bool light)
{
    Game g;
    char err[200];
    assert_true(game_new_options(&g, &gd, data_scenario_index(&gd, "campaign"), 21, OPT_DUMMIES, err, sizeof err));
    g.light = light;
    advance_to(&g, 3);
    HexCoord t = open_ground(&g), n = hex_neighbour(t, DIR_N), s2 = hex_neighbour(t, DIR_S);
    put_at(&g, "heth", t);
    put_at(&g, "thomas", t);
    put_at(&g, "lane", t);
    put_at(&g, "von-gilsa", n);
    /* Placed at the start of the turn on one's own stack, within stacking. */
    run(&g, "dummy %s", t);
    int dm = first_dummy_at(&g, SIDE_CONFEDERATE, hx_index(t));
    assert_true(dm >= 0);
    char cmd[96], hx[5];
    hex_format(t, hx);
    snprintf(cmd, sizeof cmd, "dummy %s", hx);
    refuse_text(&g, cmd, "over the stacking limit"); /* 3 brigades and a dummy: 4 units */
    hex_format(s2, hx);
    snprintf(cmd, sizeof cmd, "dummy %s", hx);
    refuse_text(&g, cmd, "units of one's own");
    apply_text(&g, "choose hill");
    apply_text(&g, "done");
    apply_text(&g, "done");
    draw_until(&g, "hill");
    run(&g, "place %s", t);
    /* It never moves or fights alone, and never absorbs a loss. */
    g.st.unit[dm].flags |= UF_ACTIVE;
    snprintf(cmd, sizeof cmd, "move %s %s", gd.units[dm].id, hx);
    refuse_text(&g, cmd, "only with a real unit");
    hex_format(n, hx);
    snprintf(cmd, sizeof cmd, "attack %s+heth %s", gd.units[dm].id, hx);
    refuse_text(&g, cmd, "never fights");
    /* It stays with what is left of its stack, and goes with the last of it
     * ("must always move with their stack"); left with no stack, it is removed. */
    run(&g, "move thomas+lane %s", s2);
    assert_int_equal(g.st.unit[dm].hex, hx_index(t)); /* still with Heth */
    HexCoord away = hex_neighbour(s2, DIR_S);
    run(&g, "move heth %s", away);
    stay_put(&g);
    assert_int_equal(g.st.unit[dm].where, AT_MAP);
    assert_int_equal(g.st.unit[dm].hex, hx_index(away));
    int pool = g.st.dummies[SIDE_CONFEDERATE];
    take_off(&g, "heth");
    apply_text(&g, "end"); /* the next decision finds it alone */
    assert_int_equal(g.st.unit[dm].where, AT_ABSENT);
    assert_int_equal(g.st.dummies[SIDE_CONFEDERATE], pool + 1);
    game_free(&g);
}

static void test_dummies(void **state)
{
    (void)state;
    dummies_play(false);
    dummies_play(true);
}

/* ---- the absent-forces variant ------------------------------------------ */

static void test_absent_forces(void **state)
{
    (void)state;
    Game g;
    char err[200];
    /* Without the variant nobody of them is in play. */
    start(&g, "campaign", 3);
    assert_int_equal(g.st.unit[U("buford")].where, AT_ABSENT);
    game_free(&g);

    assert_true(game_new_options(&g, &gd, data_scenario_index(&gd, "campaign"), 3, OPT_ABSENT_FORCES, err, sizeof err));
    /* Stoneman's corps within a hex of Kelly's Ford, a normal formation. */
    HexCoord kelly = gd.map.places[data_place_index(&gd, "kellys-ford")].hex;
    assert_int_equal(g.st.unit[U("buford")].where, AT_MAP);
    assert_true(hex_distance(map_hex_at(&gd.map, g.st.unit[U("buford")].hex), kelly) <= 1);
    apply_text(&g, "done");
    assert_true(legal_has(&g, "choose stoneman"));
    /* Hood's five units roll at the start of turn 6: 4, 3, 6, 1, 5 bring three. */
    advance_to(&g, 5);
    int dice[] = {4, 3, 6, 1, 5};
    for (int i = 0; i < 5; i++)
        assert_int_equal(rng_force(&g.st.rng, dice[i]), 0);
    advance_to(&g, 6);
    int hood = data_formation_index(&gd, "hood"), in = 0, waiting = 0;
    for (int u = 0; u < g.st.nunits; u++)
        if (gd.units[u].formation == hood) {
            in += g.st.unit[u].where == AT_MAP;
            waiting += g.st.unit[u].where == AT_ABSENT;
        }
    assert_int_equal(in, 3);
    assert_int_equal(waiting, 2);
    /* Hood's and Longstreet's chits are in play from that turn; not Pickett's. */
    assert_true(legal_has(&g, "choose hood"));
    refuse_text(&g, "choose pickett", "not yet arrived");
    Decision d;
    assert_true(decision_parse(&g, "higher longstreet hood", &d));
    char why[200];
    GameState before = g.st;
    assert_true(game_apply(&g, &d, why, sizeof why));
    g.st = before;
    /* The other two come on turn 11; then Pickett's rolls begin on turn 16. */
    advance_to(&g, 10);
    assert_int_equal(rng_force(&g.st.rng, 6), 0);
    assert_int_equal(rng_force(&g.st.rng, 6), 0);
    advance_to(&g, 11);
    assert_int_equal(g.st.absent_next, 1);
    assert_int_equal(g.st.unit[U("law")].where == AT_MAP || g.st.unit[U("benning")].where == AT_MAP, 1);
    game_free(&g);
}

/* ---- undo ---------------------------------------------------------------- */

static void test_undo(void **state)
{
    (void)state;
    Game g;
    hill_activated(&g); /* the draw is a barrier; "activate" came after it */
    char why[200];
    assert_int_equal(game_undo_depth(&g, SIDE_CONFEDERATE), 1);
    HexCoord t = open_ground(&g), s2 = hex_neighbour(t, DIR_S), s3 = hex_neighbour(s2, DIR_S);
    put_at(&g, "heth", t);
    put_at(&g, "lane", t);
    run(&g, "place %s", t);
    GameState placed = g.st;
    int log_placed = g.log.count;
    run(&g, "move heth %s", s2);
    run(&g, "move lane %s", s3);
    assert_int_equal(game_undo_depth(&g, SIDE_CONFEDERATE), 4);
    /* Only one's own decisions. */
    assert_false(game_undo(&g, SIDE_UNION, why, sizeof why));
    assert_true(game_undo(&g, SIDE_CONFEDERATE, why, sizeof why));
    assert_int_equal(g.st.unit[U("lane")].hex, hx_index(t));
    assert_true(game_undo(&g, SIDE_CONFEDERATE, why, sizeof why));
    assert_true(game_undo(&g, SIDE_CONFEDERATE, why, sizeof why));
    assert_int_equal(g.st.unit[U("heth")].hex, hx_index(t));
    assert_int_equal(g.st.chit_hex, -1); /* the placing too */
    assert_true(g.log.count < log_placed);
    run(&g, "place %s", t);
    assert_memory_equal(&g.st, &placed, sizeof placed); /* exactly as before */
    /* A die rolled is a barrier. */
    put_at(&g, "walker", t);
    HexCoord e = hex_neighbour(t, DIR_N);
    put_at(&g, "von-gilsa", e);
    g.st.unit[U("walker")].flags |= UF_ACTIVE;
    run(&g, "bombard walker %s troops", e);
    apply_text(&g, "no-breastwork");
    assert_false(game_undo(&g, SIDE_CONFEDERATE, why, sizeof why));
    assert_non_null(strstr(why, "a die, a draw or a sighting"));
    game_free(&g);

    /* Seeing an enemy stack for the first time is a barrier too. */
    hill_activated(&g);
    t = open_ground(&g);
    HexCoord far = hex_neighbour(hex_neighbour(hex_neighbour(t, DIR_N), DIR_N), DIR_N);
    put_at(&g, "heth", t);
    put_at(&g, "lane", t);
    put_at(&g, "von-gilsa", far);
    run(&g, "place %s", t);
    run(&g, "move heth %s", hex_neighbour(t, DIR_N)); /* two hexes from him: nothing seen */
    assert_int_equal(game_undo_depth(&g, SIDE_CONFEDERATE), 3);
    run(&g, "move lane %s", hex_neighbour(hex_neighbour(t, DIR_N), DIR_N)); /* next to him: seen */
    assert_int_equal(game_undo_depth(&g, SIDE_CONFEDERATE), 0);
    game_free(&g);
}

/* ---- victory ----------------------------------------------------------- */

static void test_victory_lee_moves(void **state)
{
    (void)state;
    /* Whoever holds Zoan Church at the end of turn 8 wins: Anderson is there. */
    Game g;
    start(&g, "lee-moves", 5);
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.turn, 8);
    assert_int_equal(g.st.result, RES_CONFEDERATE);
    game_free(&g);
    /* Nobody there: a draw. */
    start(&g, "lee-moves", 5);
    int zoan = map_hex_index(&gd.map, gd.map.places[data_place_index(&gd, "zoan-church")].hex);
    for (int u = 0; u < g.st.nunits; u++)
        if (g.st.unit[u].where == AT_MAP && g.st.unit[u].hex == zoan)
            take_off(&g, gd.units[u].id);
    pass_until(&g, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_DRAW);
    game_free(&g);
}

static void test_victory_automatic_margin(void **state)
{
    (void)state;
    /* VICTORY-AUTO: 24 combat points more eliminated wins at the end of a turn. */
    Game g;
    start(&g, "campaign", 5);
    int pts = 0;
    for (int u = 0; u < g.st.nunits && pts < 24; u++)
        if (gd.units[u].side == SIDE_UNION && g.st.unit[u].where == AT_MAP) {
            pts += gd.units[u].strength;
            unit_put(&g, u, AT_ELIMINATED, -1);
            g.st.unit[u].steps = 0;
        }
    assert_int_equal(game_eliminated_points(&g, SIDE_UNION), pts);
    assert_true(pts >= 24);
    assert_int_equal(g.st.result, RES_NONE); /* not before the turn ends */
    advance_to(&g, 1);
    while (g.st.phase != PH_GAME_OVER) {
        int n = legal_all(&g);
        char why[128];
        const Decision *pick = NULL;
        for (int i = 0; i < n && !pick; i++)
            if (legal_buf[i].kind == D_DONE || legal_buf[i].kind == D_PASS)
                pick = &legal_buf[i];
        assert_true(game_apply(&g, pick, why, sizeof why));
    }
    assert_int_equal(g.st.turn, 1);
    assert_int_equal(g.st.result, RES_CONFEDERATE);
    assert_non_null(strstr(g.st.result_text, "automatic"));
    game_free(&g);
}

static void test_victory_as_soon_as_held(void **state)
{
    (void)state;
    /* Chancellorsville: the Confederates win the moment they hold Fairview
     * and the Chancellorsville crossroads. */
    Game g;
    start(&g, "chancellorsville", 5);
    const char *places[2] = {"fairview", "chancellorsville"};
    const char *units[2] = {"heth", "lane"};
    for (int i = 0; i < 2; i++) {
        int hex = map_hex_index(&gd.map, gd.map.places[data_place_index(&gd, places[i])].hex);
        for (int u = 0; u < g.st.nunits; u++)
            if (g.st.unit[u].where == AT_MAP && g.st.unit[u].hex == hex)
                take_off(&g, gd.units[u].id);
        char hx[5];
        hex_format(map_hex_at(&gd.map, hex), hx);
        put(&g, units[i], hx);
    }
    apply_text(&g, "done");
    assert_int_equal(g.st.phase, PH_GAME_OVER);
    assert_int_equal(g.st.result, RES_CONFEDERATE);
    game_free(&g);
}

static void test_victory_by_exit(void **state)
{
    (void)state;
    /* Salem Church: three Union brigades off the west edge of the play area
     * win at once (EXIT-MAP). */
    Game g;
    start(&g, "salem-church", 5);
    apply_text(&g, "done");
    apply_text(&g, "choose sedgwick");
    apply_text(&g, "done");
    draw_until(&g, "sedgwick");
    /* a road hex on the play area's west edge */
    int edge = -1;
    for (int h = 0; h < gd.map.cols * gd.map.rows && edge < 0; h++)
        if (exit_hex(&g, h, SIDE_UNION) && !hex_has_side(&g, h, SIDE_CONFEDERATE) && !next_to_side(&g, h, SIDE_CONFEDERATE))
            edge = h;
    assert_true(edge >= 0);
    char hx[5];
    hex_format(map_hex_at(&gd.map, edge), hx);
    const char *brigades[3] = {"brown-usa", "bartlett", "russell"};
    for (int i = 0; i < 3; i++)
        put(&g, brigades[i], hx);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "place %s", hx);
    apply_text(&g, cmd);
    apply_text(&g, "exit brown-usa");
    apply_text(&g, "exit bartlett");
    assert_int_equal(g.st.result, RES_NONE);
    refuse_text(&g, "exit brown-usa", "not active"); /* it is gone */
    apply_text(&g, "exit russell");
    assert_int_equal(g.st.result, RES_UNION);
    assert_int_equal(g.st.unit[U("russell")].where, AT_EXITED);
    game_free(&g);
}

static void test_salem_church_reinforcements(void **state)
{
    (void)state;
    /* Turn 17: 5-6 brings them; turn 18: 4-6; turn 19: they come anyway. */
    for (int t17 = 4; t17 <= 5; t17++) {
        Game g;
        start(&g, "salem-church", 5);
        int semmes = U("semmes");
        assert_int_equal(g.st.unit[semmes].where, AT_RESERVE);
        advance_to(&g, 16);
        assert_int_equal(rng_force(&g.st.rng, t17), 0);
        assert_int_equal(rng_force(&g.st.rng, 3), 0); /* turn 18 if still waiting */
        advance_to(&g, 17);
        assert_int_equal(g.st.unit[semmes].where, t17 == 5 ? AT_MAP : AT_RESERVE);
        advance_to(&g, 18);
        assert_int_equal(g.st.unit[semmes].where, t17 == 5 ? AT_MAP : AT_RESERVE);
        advance_to(&g, 19);
        assert_int_equal(g.st.unit[semmes].where, AT_MAP);
        game_free(&g);
    }
}

static void test_exit_lists_only_what_applies(void **state)
{
    (void)state;
    /* Issue 13, bug 2 (../shared/repro/refused-exit-skirmisher.script):
     * "everything listed applies": a skirmisher on an exit road with a
     * brigade is never offered an exit of its own, and every exit listed is
     * accepted. */
    Game g;
    hill_activated(&g);
    int cells = gd.map.cols * gd.map.rows, ex = -1;
    for (int h = 0; h < cells && ex < 0; h++)
        if (exit_hex(&g, h, SIDE_CONFEDERATE) && !hex_has_side(&g, h, SIDE_UNION) && !next_to_side(&g, h, SIDE_UNION) &&
            !hex_has_side(&g, h, SIDE_CONFEDERATE))
            ex = h;
    assert_true(ex >= 0);
    HexCoord at = map_hex_at(&gd.map, ex);
    put_at(&g, "pender", at);
    int sk = skirmisher_place(&g, SIDE_CONFEDERATE, ex);
    assert_true(sk >= 0);
    run(&g, "place %s", at);
    assert_true(game_unit_active(&g, sk));
    int k = legal_all(&g), exits = 0;
    for (int i = 0; i < k; i++) {
        if (legal_buf[i].kind != D_EXIT)
            continue;
        exits++;
        assert_false(legal_buf[i].nunits == 1 && legal_buf[i].units[0] == sk);
    }
    assert_true(exits > 0);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "exit %s", gd.units[sk].id);
    refuse_text(&g, cmd, "only with a real unit");
    snprintf(cmd, sizeof cmd, "exit pender+%s", gd.units[sk].id);
    apply_text(&g, cmd);
    assert_int_equal(g.st.unit[sk].where, AT_EXITED);
    game_free(&g);
}

static void test_victory_on_points(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 5);
    int vp = game_union_vp(&g);
    /* The Union starts holding Falmouth in supply. */
    int falmouth = data_place_index(&gd, "falmouth");
    char hx[5];
    hex_format(gd.map.places[falmouth].hex, hx);
    put(&g, "provost", hx);
    assert_int_equal(game_union_vp(&g), vp >= 5 ? vp : vp + 5);
    /* At the end the log shows how the total is made (VICTORY-POINTS). */
    int from = g.log.count;
    assert_true(victory_check(&g, true, true));
    bool told = false;
    for (int i = from; i < g.log.count; i++)
        told |= strstr(g.log.items[i].text, "VP: eliminated 0 - 0 = +0; held Falmouth +5; off the map 0 - 0 steps: "
                                             "no exit bonus") != NULL;
    if (!told)
        for (int i = from; i < g.log.count; i++)
            print_message("%s\n", g.log.items[i].text);
    assert_true(told);
    game_free(&g);
}

/* The Union VP that the exit bonus alone brings now: the VP with the
 * scenario's exit_vp, less the VP with it set to 0. */
static int exit_bonus(Game *g)
{
    ScenarioDef *sc = &gd.scenarios[g->st.scenario];
    ScenarioOption *o = NULL;
    for (int i = 0; i < sc->nvictory; i++)
        if (strcmp(sc->victory[i].key, "exit_vp") == 0)
            o = &sc->victory[i];
    assert_non_null(o);
    int with = game_union_vp(g);
    char *saved = o->value;
    o->value = "0";
    int without = game_union_vp(g);
    o->value = saved;
    return with - without;
}

static void test_exit_bonus_needs_a_supply_line(void **state)
{
    (void)state;
    /* EXIT-MAP: 35 Union infantry/artillery steps off the southern exit
     * roads earn 10 VP only while a supply line reaches those roads. */
    Game g;
    start(&g, "campaign", 5);
    /* an empty field: nothing of Lee's between the Union depots and the exits */
    for (int u = 0; u < g.st.nunits; u++)
        if (gd.units[u].side == SIDE_CONFEDERATE)
            unit_absent(&g, u);
    int exit = -1, cells = gd.map.cols * gd.map.rows;
    for (int h = 0; h < cells; h++)
        if (exit_hex(&g, h, SIDE_UNION) && !hex_has_side(&g, h, SIDE_CONFEDERATE) && !next_to_side(&g, h, SIDE_CONFEDERATE) &&
            (exit < 0 || map_hex_at(&gd.map, h).row > map_hex_at(&gd.map, exit).row))
            exit = h;
    assert_true(exit >= 0);
    int before = exit_bonus(&g), steps = 0;
    assert_int_equal(before, 0);
    for (int u = 0; u < g.st.nunits && steps < 35; u++) {
        const UnitDef *ud = &gd.units[u];
        if (ud->side != SIDE_UNION || ud->type == UT_CAVALRY || is_skirmisher(&g, u) || is_dummy(&g, u) ||
            g.st.unit[u].where != AT_MAP || g.st.unit[u].steps == 0)
            continue;
        steps += g.st.unit[u].steps;
        unit_reset(&g, u, (UnitState){.hex = -1, .where = AT_EXITED, .steps = g.st.unit[u].steps, .flags = 0, .exited_from = (short)exit});
    }
    assert_true(steps >= 35);
    bool supplied = game_hex_supplied(&g, SIDE_UNION, exit);
    int with_line = exit_bonus(&g);
    /* The Confederate denial: "his own units with at least 15 step levels", his cavalry's steps too (the
     * Union's 35 are "infantry/artillery step levels"); his infantry alone falls short here. */
    int csa_steps = 0, csa_cav = 0;
    for (int u = 0; u < g.st.nunits && csa_steps < 15; u++) {
        const UnitDef *ud = &gd.units[u];
        if (ud->side != SIDE_CONFEDERATE || ud->type != UT_CAVALRY)
            continue;
        int st = ud->reduced > 0 ? 2 : 1;
        unit_reset(&g, u, (UnitState){.hex = -1, .where = AT_EXITED, .steps = (unsigned char)st, .exited_from = (short)exit});
        csa_steps += st, csa_cav += st;
    }
    for (int u = 0; u < g.st.nunits && csa_steps < 15; u++) {
        const UnitDef *ud = &gd.units[u];
        if (ud->side != SIDE_CONFEDERATE || ud->type != UT_INFANTRY || g.st.unit[u].where != AT_ABSENT)
            continue;
        unit_reset(&g, u, (UnitState){.hex = -1, .where = AT_EXITED, .steps = 1, .exited_from = (short)exit});
        csa_steps++;
    }
    assert_true(csa_cav > 0 && csa_steps >= 15);
    assert_int_equal(exit_bonus(&g), 0);
    for (int u = 0; u < g.st.nunits; u++)
        if (gd.units[u].side == SIDE_CONFEDERATE)
            unit_absent(&g, u);
    /* Confederates on the exit road and all around it cut the line. */
    const char *csa[] = {"mcgowan", "lane", "archer", "pender", "thomas", "heth", "brockenbrough"};
    HexCoord c = map_hex_at(&gd.map, exit);
    char hx[5];
    hex_format(c, hx);
    int k = 0;
    put(&g, csa[k++], hx);
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(c, d);
        if (!map_has(&gd.map, nb))
            continue;
        hex_format(nb, hx);
        put(&g, csa[k++], hx);
    }
    assert_false(game_hex_supplied(&g, SIDE_UNION, exit));
    int cut = exit_bonus(&g);
    assert_true(supplied);
    assert_int_equal(with_line, 10);
    assert_int_equal(cut, 0);
    game_free(&g);
}

/* The fast scans (bytes_next_set: breastworks, occupants; unit_next_flagged:
 * the checks after every decision) find what a plain loop finds, at every
 * start and end, on sparse and dense arrays. */
static void test_the_fast_scans_find_what_a_plain_loop_finds(void **state)
{
    (void)state;
    static unsigned char b[300];
    static GameState st;
    unsigned seed = 12345;
    for (int round = 0; round < 200; round++) {
        int density = 1 + round % 40; /* one byte in density is set */
        for (int i = 0; i < (int)sizeof b; i++) {
            seed = seed * 1103515245u + 12345u;
            b[i] = (seed >> 16) % (unsigned)density == 0 ? (unsigned char)(1 + (seed >> 8) % 3) : 0;
        }
        for (int end = 0; end <= (int)sizeof b; end += 1 + round % 7)
            for (int i = 0; i <= end; i += 1 + round % 5) {
                int want = i;
                while (want < end && !b[want])
                    want++;
                assert_int_equal(bytes_next_set(b, i, end), want);
            }
        seed = seed * 1103515245u + 12345u;
        st.nunits = (int)((seed >> 16) % GS_MAX_UNITS) + 1;
        for (int u = 0; u < st.nunits; u++) {
            seed = seed * 1103515245u + 12345u;
            st.unit[u].flags = (seed >> 16) % (unsigned)(density * 4) == 0 ? (unsigned short)(1u << ((seed >> 8) % 16)) : 0;
        }
        for (int bit = 0; bit < 16; bit++) {
            unsigned flags = 1u << bit | (round % 3 == 0 ? 1u << ((bit + 5) % 16) : 0);
            for (int u = 0; u <= st.nunits; u++) {
                int want = u;
                while (want < st.nunits && !(st.unit[want].flags & flags))
                    want++;
                assert_int_equal(unit_next_flagged(&st, u, flags), want);
            }
        }
    }
}

/* choose_refusal without a buffer (legal.c's list) answers as with one:
 * the same formations refused, a refusal for its cost in the same fixed
 * start; only the numbers are left out. And choose_refusal_but_cost (the
 * Good General's extra activation, higher_may_take) refuses exactly what
 * choose_refusal refuses for another reason than the cost. Random
 * two-player play, every formation of both sides asked at each state. */
static void test_choose_refusal_without_words_is_the_same(void **state)
{
    (void)state;
    long refused = 0, costs = 0, locks = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Game g;
        start(&g, "campaign", seed);
        Rng pick;
        rng_seed(&pick, seed + 20);
        for (int step = 0; step < 400 && g.st.phase != PH_GAME_OVER; step++) {
            for (int side = 0; side < 2; side++)
                for (int f = 0; f < g.gd->nformations; f++) {
                    char buf[128];
                    const char *worded = choose_refusal(&g, side, f, buf, sizeof buf);
                    const char *bare = choose_refusal(&g, side, f, NULL, 0);
                    const char *but_cost = choose_refusal_but_cost(&g, side, f, NULL, 0);
                    assert_int_equal(worded == NULL, bare == NULL);
                    if (!worded) {
                        assert_null(but_cost);
                        continue;
                    }
                    refused++;
                    bool cost = strncmp(worded, "it costs", 8) == 0;
                    assert_int_equal(cost, strncmp(bare, "it costs", 8) == 0);
                    assert_int_equal(cost, but_cost == NULL);
                    costs += cost;
                    locks += strstr(worded, "(CAMPAIGN)") != NULL;
                    if (worded != buf)
                        assert_string_equal(worded, bare); /* fixed words are the same words */
                }
            int n = game_legal(&g, legal_buf, 20000);
            assert_true(n > 0);
            char why[256];
            assert_true(game_apply(&g, &legal_buf[rng_below(&pick, (uint32_t)n)], why, sizeof why));
        }
        game_free(&g);
    }
    assert_true(costs > 0);
    assert_true(locks > 0);
    assert_true(refused > costs + locks);
}

/* game_legal_kinds is game_legal's list filtered by kind, in the same
 * order and with the same count, whatever max is (a part that runs past a
 * small max included): random two-player play, each state asked for every
 * kind alone and for all kinds but one. */
static void test_legal_kinds_is_the_filtered_list(void **state)
{
    (void)state;
    static Decision full[20000], part[20000];
    Game g;
    start(&g, "campaign", 3);
    Rng pick;
    rng_seed(&pick, 11);
    long compared = 0;
    for (int step = 0; step < 250 && g.st.phase != PH_GAME_OVER; step++) {
        int n = game_legal(&g, full, 20000);
        assert_true(n > 0 && n <= 20000);
        bool present[D_COUNT] = {false};
        for (int i = 0; i < n; i++)
            present[full[i].kind] = true;
        present[D_ATTACH] = true; /* the bot's question, listed or not */
        for (int k = 0; k < D_COUNT; k++)
            for (int inv = 0; inv < 2 && present[k]; inv++) {
                uint64_t mask = inv ? ~(UINT64_C(1) << k) : UINT64_C(1) << k;
                int want = 0;
                for (int i = 0; i < n; i++)
                    want += (mask >> full[i].kind) & 1;
                static const int maxes[] = {1, 20000};
                for (size_t m = 0; m < sizeof maxes / sizeof *maxes; m++) {
                    int got = game_legal_kinds(&g, mask, part, maxes[m]);
                    assert_int_equal(got, want);
                    for (int i = 0, j = 0; i < n && j < maxes[m] && j < got; i++)
                        if ((mask >> full[i].kind) & 1) {
                            assert_memory_equal(&part[j], &full[i], sizeof full[i]);
                            j++;
                        }
                    compared++;
                }
            }
        char why[256];
        assert_true(game_apply(&g, &full[rng_below(&pick, (uint32_t)n)], why, sizeof why));
    }
    assert_true(compared > 500);
    game_free(&g);
}

/* apply_move takes its movement search from the memo the listing of the
 * moves just filled (moves.c): a game played with the memo kept from
 * decision to decision, each move applied right after the listing, and
 * the same decisions replayed with the memo emptied before each (a fresh
 * search every time) end equal, state and log. */
static void test_a_move_applied_from_the_memo_is_a_fresh_search(void **state)
{
    (void)state;
    static Decision legal[20000], played[3000];
    Game a, b;
    start(&a, "campaign", 5);
    Rng pick;
    rng_seed(&pick, 23);
    int nplayed = 0, moves = 0;
    reach_memo_forget();
    while (nplayed < 3000 && a.st.phase != PH_GAME_OVER) {
        int n = game_legal(&a, legal, 20000);
        assert_true(n > 0 && n <= 20000);
        int nmove = 0;
        for (int i = 0; i < n; i++)
            nmove += legal[i].kind == D_MOVE;
        int k = (int)rng_below(&pick, (uint32_t)n);
        if (nmove > 0 && rng_below(&pick, 4) > 0) /* mostly a move when there is one */
            for (int j = (int)rng_below(&pick, (uint32_t)nmove), i = 0; i < n; i++)
                if (legal[i].kind == D_MOVE && j-- == 0) {
                    k = i;
                    break;
                }
        played[nplayed] = legal[k];
        moves += legal[k].kind == D_MOVE;
        char why[256];
        assert_true(game_apply(&a, &played[nplayed++], why, sizeof why));
    }
    assert_true(moves > 30);
    start(&b, "campaign", 5);
    for (int i = 0; i < nplayed; i++) {
        char why[256];
        reach_memo_forget();
        assert_true(game_apply(&b, &played[i], why, sizeof why));
    }
    assert_same_game(&a, &b);
    game_free(&a);
    game_free(&b);
}

/* Whether the listing holds a bombardment by these guns at h on type. */
static bool listed_bombard(const Decision *legal, int n, int h, int type, const short *guns, int nguns)
{
    for (int i = 0; i < n; i++)
        if (legal[i].kind == D_BOMBARD && legal[i].arg == h && legal[i].arg2 == type && legal[i].nunits == nguns &&
            memcmp(legal[i].units, guns, (size_t)nguns * sizeof *guns) == 0)
            return true;
    return false;
}

/* bombard_types (the listing's question, both target types at once) is
 * bombard_refusal asked at each type: at every decision of random games,
 * each active gun alone and the active guns together, at every hex. And
 * the listing's bombardments are those bombard_refusal accepts: each gun
 * alone at each type it accepts, and (when more than one gun accepts a
 * type there alone) those guns together at each type they accept
 * together; no other D_BOMBARD is listed. */
static void test_bombard_types_are_the_refusals(void **state)
{
    (void)state;
    static Decision legal[20000];
    Game g;
    start(&g, "campaign", 11);
    Rng pick;
    rng_seed(&pick, 41);
    long asked = 0, accepted = 0, bombards = 0, together = 0;
    int cells = g.gd->map.cols * g.gd->map.rows;
    for (int step = 0; step < 2500 && g.st.phase != PH_GAME_OVER; step++) {
        short guns[DEC_MAX_UNITS];
        int nguns = 0;
        for (int u = 0; u < g.st.nunits && nguns < DEC_MAX_UNITS; u++)
            if ((g.st.unit[u].flags & UF_ACTIVE) && is_artillery(&g.gd->units[u]))
                guns[nguns++] = (short)u;
        int n = game_legal(&g, legal, 20000);
        assert_true(n > 0 && n <= 20000);
        int expected = 0;
        /* apply_bombard's time: an activation under way, its chit placed,
         * before combat, nothing pending */
        const GameState *st = &g.st;
        bool now = st->phase == PH_ACTIVATION && st->activated && st->act_step != STEP_PLACE &&
                   st->act_step != STEP_COMBAT && st->pending == PEND_NONE;
        for (int h = 0; now && nguns > 0 && h < cells; h++) {
            short any[DEC_MAX_UNITS]; /* the guns accepted alone at either type, in index order */
            int nany = 0;
            for (int k = 0; k < nguns; k++)
                for (int t = TARGET_TROOPS; t <= TARGET_ARTILLERY; t++) {
                    Decision d = {.kind = D_BOMBARD, .side = g.st.to_move, .arg = h, .arg2 = t, .nunits = 1};
                    d.units[0] = guns[k];
                    if (bombard_refusal(&g, &d))
                        continue;
                    assert_true(listed_bombard(legal, n, h, t, &guns[k], 1));
                    expected++;
                    if (nany == 0 || any[nany - 1] != guns[k])
                        any[nany++] = guns[k];
                }
            for (int t = TARGET_TROOPS; nany > 1 && t <= TARGET_ARTILLERY; t++) {
                Decision d = {.kind = D_BOMBARD, .side = g.st.to_move, .arg = h, .arg2 = t, .nunits = nany};
                memcpy(d.units, any, (size_t)nany * sizeof *any);
                if (bombard_refusal(&g, &d))
                    continue;
                assert_true(listed_bombard(legal, n, h, t, any, nany));
                expected++;
                together += 1;
            }
        }
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed += legal[i].kind == D_BOMBARD;
        assert_int_equal(listed, expected); /* and nothing else */
        bombards += listed;
        for (int h = 0; nguns > 0 && h < cells; h++)
            for (int k = 0; k <= nguns; k++) { /* each alone, then all together */
                Decision d = {.kind = D_BOMBARD, .side = g.st.to_move, .arg = h, .nunits = k < nguns ? 1 : nguns};
                if (k < nguns)
                    d.units[0] = guns[k];
                else
                    memcpy(d.units, guns, (size_t)nguns * sizeof *guns);
                unsigned types = bombard_types(&g, &d), plain = 0;
                for (int t = TARGET_TROOPS; t <= TARGET_ARTILLERY; t++) {
                    d.arg2 = t;
                    plain |= bombard_refusal(&g, &d) ? 0u : 1u << t;
                }
                assert_int_equal(types, plain);
                asked++;
                accepted += plain != 0;
            }
        int k = (int)rng_below(&pick, (uint32_t)n);
        char why[256];
        assert_true(game_apply(&g, &legal[k], why, sizeof why));
    }
    game_free(&g);
    assert_true(asked > 1000 && accepted > 0);
    assert_true(bombards > 0 && together > 0);
}

/* The listing of the moves from the memo (moves.c: the searches kept from
 * one listing to the next, the maps compared once a listing) is the
 * listing searched afresh: at every decision of games played at random,
 * mostly moving, the whole list with the memo kept, listed again from it,
 * and with the memo emptied first are the same. */
static void test_the_moves_from_the_memo_are_a_fresh_listing(void **state)
{
    (void)state;
    static Decision kept[20000], again[20000], fresh[20000];
    const char *scenarios[] = {"campaign", "chancellorsville"};
    long compared = 0, moves = 0;
    for (int s = 0; s < 2; s++) {
        Game g;
        start(&g, scenarios[s], 7 + s);
        Rng pick;
        rng_seed(&pick, 31 + s);
        reach_memo_forget();
        for (int step = 0; step < 1500 && g.st.phase != PH_GAME_OVER; step++) {
            int n = game_legal(&g, kept, 20000);
            assert_true(n > 0 && n <= 20000);
            assert_int_equal(game_legal(&g, again, 20000), n);
            assert_memory_equal(again, kept, (size_t)n * sizeof *kept);
            if (step % 3 == 0) { /* the memo emptied: the maps and every search anew */
                reach_memo_forget();
                assert_int_equal(game_legal(&g, fresh, 20000), n);
                assert_memory_equal(fresh, kept, (size_t)n * sizeof *kept);
            }
            int nmove = 0;
            for (int i = 0; i < n; i++)
                nmove += kept[i].kind == D_MOVE;
            moves += nmove;
            int k = (int)rng_below(&pick, (uint32_t)n);
            if (nmove > 0 && rng_below(&pick, 4) > 0)
                for (int j = (int)rng_below(&pick, (uint32_t)nmove), i = 0; i < n; i++)
                    if (kept[i].kind == D_MOVE && j-- == 0) {
                        k = i;
                        break;
                    }
            char why[256];
            assert_true(game_apply(&g, &kept[k], why, sizeof why));
            compared++;
        }
        game_free(&g);
    }
    assert_true(compared > 500 && moves > 1000);
}

/* One decision of a game played at random: any legal one, picked by pick. */
static void apply_at_random(Game *g, Rng *pick)
{
    static Decision legal[20000];
    int n = game_legal(g, legal, 20000);
    assert_true(n > 0 && n <= 20000);
    char why[256];
    assert_true(game_apply(g, &legal[rng_below(pick, (uint32_t)n)], why, sizeof why));
}

/* chit_places (the hexes next to the units that anchor the drawn chit,
 * each of those hexes asked once whether it anchors it) lists every hex
 * chit_place_refusal accepts, asked hex by hex, and no other: at every
 * decision of random campaign games. */
static void test_the_chit_places_are_those_accepted(void **state)
{
    (void)state;
    static short places[GS_MAX_HEXES], plain[GS_MAX_HEXES];
    long nonempty = 0;
    for (int s = 0; s < 2; s++) {
        Game g;
        start(&g, "campaign", 41 + s);
        Rng pick;
        rng_seed(&pick, 5 + s);
        int cells = g.gd->map.cols * g.gd->map.rows;
        for (int step = 0; step < 3000 && g.st.phase != PH_GAME_OVER; step++) {
            if (g.st.drawn.side < SIDE_COUNT) {
                int n = chit_places(&g, places, GS_MAX_HEXES), k = 0;
                for (int h = 0; h < cells; h++)
                    if (!chit_place_refusal(&g, h))
                        plain[k++] = (short)h;
                assert_int_equal(n, k);
                assert_memory_equal(places, plain, (size_t)k * sizeof *plain);
                assert_int_equal(placeable(&g), k > 0);
                nonempty += k > 0;
            }
            apply_at_random(&g, &pick);
        }
        game_free(&g);
    }
    assert_true(nonempty > 100);
}


/* enemy_neighbours, fights_side and next_to_side ask the hexside in the
 * direction they step (contact.c, combat_dice.c), stepping by the map's
 * neighbour table, and hexes_can_fight and hexes_in_contact find it there:
 * every hexside of the map answers what the hexside found from the two
 * hexes' coordinates says (hexside_can_fight, hexside_in_contact); a hex
 * off the map is next to none. At every tenth decision
 * of a game played at random, they answer what hexes_can_fight and
 * hexes_in_contact say of each neighbour, for every hex, both sides and
 * every unit on the map; and no hex is in contact with itself or with a
 * hex two away. obliges reads the hex's units from the index: it says what
 * a scan of every unit says. */
static void test_the_neighbour_questions_ask_the_hexside_stepped(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 11);
    Rng pick;
    rng_seed(&pick, 37);
    const Map *m = &gd.map;
    int cells = m->cols * m->rows, fights = 0, contacts = 0, enemies = 0, refused = 0, obliging = 0;
    for (int k = 0; k < 3000 && g.st.phase != PH_GAME_OVER; k++) {
        if (k % 10 == 0) {
            for (int h = 0; h < cells; h++) {
                HexCoord c = map_hex_at(m, h);
                assert_false(hexes_can_fight(&g, h, h) || hexes_in_contact(&g, h, h));
                HexCoord two = hex_neighbour(hex_neighbour(c, 0), 0);
                if (map_has(m, two))
                    assert_false(hexes_can_fight(&g, h, map_hex_index(m, two)) ||
                                 hexes_in_contact(&g, h, map_hex_index(m, two)));
                for (int s = 0; s < SIDE_COUNT; s++) {
                    bool fight = false, contact = false;
                    for (int d = 0; d < DIR_COUNT; d++) {
                        HexCoord n = hex_neighbour(c, d);
                        if (!map_has(m, n))
                            continue;
                        /* two map hexes: the hexside between them, found from their coordinates */
                        assert_int_equal(hexes_can_fight(&g, h, map_hex_index(m, n)), hexside_can_fight(&gd, c, d));
                        assert_int_equal(hexes_in_contact(&g, h, map_hex_index(m, n)), hexside_in_contact(&gd, c, d));
                        if (!hex_has_side(&g, map_hex_index(m, n), s))
                            continue;
                        fight |= hexes_can_fight(&g, h, map_hex_index(m, n));
                        contact |= hexes_in_contact(&g, h, map_hex_index(m, n));
                    }
                    bool oblige = false; /* COMBAT-WHO: a real unit of s in order there */
                    for (int u = 0; u < g.st.nunits; u++)
                        oblige |= g.st.unit[u].where == AT_MAP && g.st.unit[u].steps > 0 && g.st.unit[u].hex == h &&
                                  gd.units[u].side == s && gd.units[u].type != UT_SKIRMISHER &&
                                  gd.units[u].type != UT_DUMMY && !(g.st.unit[u].flags & (UF_DIS | UF_DEM));
                    assert_int_equal(obliges(&g, h, s), oblige);
                    obliging += oblige;
                    assert_int_equal(fights_side(&g, h, s), fight);
                    assert_int_equal(next_to_side(&g, h, s), contact);
                    fights += fight;
                    contacts += contact;
                }
            }
            for (int u = 0; u < g.st.nunits; u++) {
                if (g.st.unit[u].where != AT_MAP)
                    continue;
                short nb[DIR_COUNT], want[DIR_COUNT];
                int n = enemy_neighbours(&g, u, nb), nw = 0, here = g.st.unit[u].hex;
                HexCoord c = map_hex_at(m, here);
                for (int d = 0; d < DIR_COUNT; d++) {
                    HexCoord t = hex_neighbour(c, d);
                    if (!map_has(m, t) || !hex_has_side(&g, map_hex_index(m, t), 1 - gd.units[u].side))
                        continue;
                    if (hexes_can_fight(&g, here, map_hex_index(m, t)))
                        want[nw++] = (short)map_hex_index(m, t);
                    else
                        refused++; /* an enemy across a hexside no combat crosses */
                }
                assert_int_equal(n, nw);
                for (int i = 0; i < n; i++)
                    assert_int_equal(nb[i], want[i]);
                enemies += n;
            }
            for (int s = 0; s < SIDE_COUNT; s++) /* a hex off the map is next to none */
                assert_false(fights_side(&g, -1, s) || next_to_side(&g, -1, s) || fights_side(&g, cells, s) ||
                             hexes_can_fight(&g, 0, -1) || hexes_in_contact(&g, -1, 0) || hexes_can_fight(&g, cells, 0));
        }
        apply_at_random(&g, &pick);
    }
    assert_true(fights > 0 && contacts > fights / 2 && enemies > 0 && obliging > 0);
    print_message("neighbour questions: %d fights, %d contacts, %d enemy neighbours, %d across no-combat hexsides, %d "
                  "obliging hexes\n",
                  fights, contacts, enemies, refused, obliging);
    game_free(&g);
}

/* command_range keeps the last range it worked out (activation.c): at
 * every decision of a game played at random, the range of the chit on the
 * map, asked with the memo as the last decision left it, is the one worked
 * out with the memo emptied, and asked again at once (from the memo) it is
 * still the same. */
static void test_the_command_range_memo_is_a_fresh_search(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 9);
    Rng pick;
    rng_seed(&pick, 31);
    int cells = gd.map.cols * gd.map.rows, compared = 0, reached = 0;
    command_range_forget();
    for (int k = 0; k < 3000 && g.st.phase != PH_GAME_OVER; k++) {
        if (g.st.phase == PH_ACTIVATION && g.st.chit_hex >= 0 && g.st.chit_hex < cells) {
            static unsigned char kept[GS_MAX_HEXES], fresh[GS_MAX_HEXES];
            int side = g.st.drawn.side, radius = drawn_chit_radius(&g);
            memset(kept, 7, sizeof kept);
            command_range(&g, side, g.st.chit_hex, radius, kept);
            command_range_forget();
            command_range(&g, side, g.st.chit_hex, radius, fresh);
            assert_memory_equal(kept, fresh, (size_t)cells);
            memset(kept, 7, sizeof kept);
            command_range(&g, side, g.st.chit_hex, radius, kept); /* from the memo */
            assert_memory_equal(kept, fresh, (size_t)cells);
            compared++;
            for (int h = 0; h < cells; h++)
                reached += fresh[h];
        }
        apply_at_random(&g, &pick);
    }
    assert_true(compared > 100);
    assert_true(reached > compared); /* ranges of more than the chit's hex */
    game_free(&g);
}

/* combat_legal finds who may attack once a listing (attackers_find) and
 * every candidate's attack_refusal reads it: at every decision of the
 * activations of a game played at random, for both sides, the attackers
 * found are the units attacker_refusal allows, in index order, with the
 * enemy neighbours enemy_neighbours gives; every attack of each unit
 * against each enemy hex next to it, and against all of them at once, is
 * refused with the same words with the attackers given as when
 * attack_refusal finds them itself; and every attack listed is one
 * attack_refusal accepts. */
static void test_the_attackers_found_once_are_those_each_attack_asks(void **state)
{
    (void)state;
    Game g;
    start(&g, "campaign", 5);
    Rng pick;
    rng_seed(&pick, 41);
    static Decision legal[20000];
    static Attackers at;
    int able = 0, asked = 0, accepted = 0, listed = 0, obliged = 0;
    for (int k = 0; k < 2000 && g.st.phase != PH_GAME_OVER; k++) {
        if (g.st.phase == PH_ACTIVATION && g.st.activated) {
            for (int side = 0; side < SIDE_COUNT; side++) {
                attackers_find(&g, side, &at);
                assert_int_equal(at.side, side);
                int i = 0;
                for (int u = 0; u < g.st.nunits; u++) {
                    if (attacker_refusal(&g, u, side)) {
                        assert_int_equal(at.slot[u], -1);
                        continue;
                    }
                    assert_true(i < at.nable);
                    assert_int_equal(at.able[i], u);
                    assert_int_equal(at.slot[u], i);
                    short nb[DIR_COUNT];
                    int n = enemy_neighbours(&g, u, nb);
                    assert_int_equal(at.nnear[i], n);
                    assert_memory_equal(at.near[i], nb, (size_t)n * sizeof *nb);
                    i++;
                }
                assert_int_equal(at.nable, i);
                able += i;
                for (int j = 0; j < at.nable; j++) {
                    Decision all = {.kind = D_ATTACK, .side = side, .nunits = 1, .units = {at.able[j]}};
                    for (int e = 0; e <= at.nnear[j]; e++) {
                        Decision one = all;
                        if (e < at.nnear[j]) {
                            one.nhexes = 1;
                            one.hexes[0] = at.near[j][e];
                            all.hexes[all.nhexes++] = at.near[j][e];
                        } else if (all.nhexes < 2)
                            continue;
                        else
                            one = all;
                        char b1[256], b2[256];
                        const char *r1 = attack_refusal_among(&g, &one, &at, b1, sizeof b1);
                        const char *r2 = attack_refusal(&g, &one, b2, sizeof b2);
                        assert_true((r1 == NULL) == (r2 == NULL));
                        if (r1)
                            assert_string_equal(r1, r2);
                        /* without a buffer (the legal list's question): the same answer, fixed words */
                        const char *r3 = attack_refusal_among(&g, &one, &at, NULL, 0);
                        assert_true((r1 == NULL) == (r3 == NULL));
                        if (r1 && r1 != b1)
                            assert_string_equal(r1, r3);
                        else if (r1)
                            assert_non_null(strstr(r3, "must be attacked too"));
                        asked++;
                        accepted += r1 == NULL;
                        obliged += r1 && strstr(r1, "must be attacked too") != NULL;
                    }
                }
            }
            int n = game_legal(&g, legal, 20000);
            for (int i = 0; i < n && i < 20000; i++)
                if (legal[i].kind == D_ATTACK) {
                    char buf[256];
                    assert_null(attack_refusal(&g, &legal[i], buf, sizeof buf));
                    listed++;
                }
        }
        apply_at_random(&g, &pick);
    }
    assert_true(able > 0 && asked > accepted && accepted > 0 && listed > 0 && obliged > 0);
    print_message("attackers: %d able, %d attacks asked, %d accepted (%d refused as leaving an obligation no one could "
                  "meet), %d listed\n",
                  able, asked, accepted, obliged, listed);
    game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng_is_seeded_and_forced_dice_come_first),
        cmocka_unit_test(test_setup_from_a_scenario),
        cmocka_unit_test(test_solitaire_needs_the_automa),
        cmocka_unit_test(test_rain_check),
        cmocka_unit_test(test_activation_points_rulebook_example),
        cmocka_unit_test(test_points_do_not_carry_over),
        cmocka_unit_test(test_campaign_locks),
        cmocka_unit_test(test_cup_draw_activate_and_pass),
        cmocka_unit_test(test_game_ends_after_the_last_turn),
        cmocka_unit_test(test_replay_is_exact),
        cmocka_unit_test(test_command_radius),
        cmocka_unit_test(test_attaching_independents),
        cmocka_unit_test(test_independent_chit),
        cmocka_unit_test(test_river_blocks_the_radius),
        cmocka_unit_test(test_moving),
        cmocka_unit_test(test_no_contact_at_night),
        cmocka_unit_test(test_break_contact),
        cmocka_unit_test(test_break_contact_splits_the_stack),
        cmocka_unit_test(test_break_contact_not_at_night),
        cmocka_unit_test(test_an_unheld_breastwork_is_removed_anywhere),
        cmocka_unit_test(test_leaving_a_breastwork_next_to_the_enemy),
        cmocka_unit_test(test_stacking_after_movement),
        cmocka_unit_test(test_stacking_points_and_elimination),
        cmocka_unit_test(test_stacking_before_bombardment),
        cmocka_unit_test(test_combat_dice_ratios),
        cmocka_unit_test(test_mcgowan_attacks_three_hexes),
        cmocka_unit_test(test_von_gilsa_rulebook_example),
        cmocka_unit_test(test_skirmisher_rules),
        cmocka_unit_test(test_skirmisher_during_movement),
        cmocka_unit_test(test_skirmishers_at_night),
        cmocka_unit_test(test_retreat_instead_of_a_loss_and_advance),
        cmocka_unit_test(test_retreat_out_of_a_breastwork),
        cmocka_unit_test(test_retreat_takes_up_a_pontoon),
        cmocka_unit_test(test_who_may_attack),
        cmocka_unit_test(test_woods_attacker_chooses),
        cmocka_unit_test(test_fortification_in_combat),
        cmocka_unit_test(test_no_combat_across_a_great_river),
        cmocka_unit_test(test_no_combat_at_night),
        cmocka_unit_test(test_disorganized_units),
        cmocka_unit_test(test_demoralized_units),
        cmocka_unit_test(test_first_night_supply),
        cmocka_unit_test(test_out_of_supply_ladder),
        cmocka_unit_test(test_night_order_and_recovery),
        cmocka_unit_test(test_higher_commander_rulebook_example),
        cmocka_unit_test(test_jacksons_attack_opening),
        cmocka_unit_test(test_detachment),
        cmocka_unit_test(test_forced_march),
        cmocka_unit_test(test_pontoon_build_and_cross),
        cmocka_unit_test(test_pontoon_next_to_the_enemy),
        cmocka_unit_test(test_pontoon_take_up_and_seize),
        cmocka_unit_test(test_campaign_special_rules),
        cmocka_unit_test(test_visibility),
        cmocka_unit_test(test_end_of_turn_cleanup),
        cmocka_unit_test(test_stuart_with_a_higher_commander),
        cmocka_unit_test(test_rule_of_six),
        cmocka_unit_test(test_rule_of_six_picks_run_out),
        cmocka_unit_test(test_extra_skirmishers),
        cmocka_unit_test(test_undo),
        cmocka_unit_test(test_dummies),
        cmocka_unit_test(test_absent_forces),
        cmocka_unit_test(test_victory_lee_moves),
        cmocka_unit_test(test_victory_automatic_margin),
        cmocka_unit_test(test_victory_as_soon_as_held),
        cmocka_unit_test(test_victory_by_exit),
        cmocka_unit_test(test_exit_bonus_needs_a_supply_line),
        cmocka_unit_test(test_victory_on_points),
        cmocka_unit_test(test_exit_lists_only_what_applies),
        cmocka_unit_test(test_salem_church_reinforcements),
        cmocka_unit_test(test_bombardment_rulebook_example),
        cmocka_unit_test(test_bombardment_range_and_blocking),
        cmocka_unit_test(test_bombardment_choice_of_unit_and_disorder),
        cmocka_unit_test(test_fortification_and_lock_release),
        cmocka_unit_test(test_no_bombardment_at_night),
        cmocka_unit_test(test_legal_kinds_is_the_filtered_list),
        cmocka_unit_test(test_a_move_applied_from_the_memo_is_a_fresh_search),
        cmocka_unit_test(test_the_moves_from_the_memo_are_a_fresh_listing),
        cmocka_unit_test(test_bombard_types_are_the_refusals),
        cmocka_unit_test(test_the_chit_places_are_those_accepted),
        cmocka_unit_test(test_the_command_range_memo_is_a_fresh_search),
        cmocka_unit_test(test_the_neighbour_questions_ask_the_hexside_stepped),
        cmocka_unit_test(test_the_attackers_found_once_are_those_each_attack_asks),
        cmocka_unit_test(test_choose_refusal_without_words_is_the_same),
        cmocka_unit_test(test_the_fast_scans_find_what_a_plain_loop_finds),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
