/* A Perfect Plan's rules engine: one test (or more) per rule ID of
 * docs/rules-coverage.md's "A Perfect Plan" section, each on a position set
 * up by hand with forced dice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pptest.h"

/* The counts kept by pp_put_counter agree with where the counters are. */
static void check_counts(const PpGame *g)
{
    int units[PP_SIDES][PP_MAX_AREAS] = {{0}}, dice[PP_SIDES][PP_MAX_AREAS] = {{0}};
    for (int c = 0; c < g->data->ncounters; c++)
        if (g->where[c] >= 0) {
            units[g->data->counters[c].side][g->where[c]]++;
            dice[g->data->counters[c].side][g->where[c]] += g->data->counters[c].kind != PP_LEADER;
        }
    for (int s = 0; s < PP_SIDES; s++)
        for (int a = 0; a < g->data->nareas; a++) {
            assert_int_equal(units[s][a], g->units[s][a]);
            assert_int_equal(dice[s][a], g->dice[s][a]);
            assert_true(units[s][a] <= g->data->stack_units);
            if (g->phase == PP_PH_RECOVERY)
                assert_false(units[s][a] > 0 && units[1 - s][a] > 0); /* one army an area after the fights */
        }
}

static void test_APP_REPLAY_random_games_end_and_replay(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    static PpDecision list[PP_MAX_LEGAL];
    for (uint64_t seed = 1; seed <= 40; seed++) {
        PpGame g, again;
        pp_new(&g, pd, seed);
        again = g;
        Rng pick;
        rng_seed(&pick, seed * 7);
        int steps = 0;
        while (!pp_over(&g)) {
            int n = pp_legal(&g, list, PP_MAX_LEGAL);
            assert_true(n > 0 && n <= PP_MAX_LEGAL);
            PpDecision d = list[rng_below(&pick, (uint32_t)n)];
            char why[200], text[80];
            pp_decision_format(pd, &d, text, sizeof text);
            PpDecision back;
            assert_true(pp_decision_parse(pd, text, &back, why, sizeof why));
            assert_memory_equal(&back, &d, sizeof d);
            if (pp_apply(&g, &d, NULL, why, sizeof why) != 0)
                fail_msg("seed %llu: listed '%s' refused: %s", (unsigned long long)seed, text, why);
            assert_int_equal(pp_apply(&again, &d, NULL, NULL, 0), 0);
            check_counts(&g);
            assert_true(++steps < 5000);
        }
        assert_memory_equal(&g, &again, sizeof g);
        assert_true(pp_result(&g) == PP_UNION || pp_result(&g) == PP_CONFEDERATE || pp_result(&g) == PP_TIE);
        assert_int_equal(pp_legal(&g, list, PP_MAX_LEGAL), 0);
    }
}


/* pp_open, the quick question the play-outs ask, answers as pp_refusal
 * does at every decision of random games: every move (operands out of
 * range included), trench, fight and `done`, the kinds it answers
 * itself in the movement phase, and a swap and a loss (asked of
 * pp_refusal). */
static void open_as_refusal(const PpGame *g, int kind, int a, int b, long *asked, long *open)
{
    PpDecision d = {(int8_t)kind, (int8_t)a, (int8_t)b};
    bool yes = pp_open(g, &d);
    assert_int_equal(yes, pp_refusal(g, &d, NULL, 0) == NULL);
    ++*asked;
    *open += yes;
}

static void test_APP_REPLAY_open_agrees_with_refusal(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    static PpDecision list[PP_MAX_LEGAL];
    long asked = 0, open = 0, moves = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        PpGame g;
        pp_new(&g, pd, seed);
        Rng pick;
        rng_seed(&pick, seed * 13);
        while (!pp_over(&g)) {
            long before = open;
            for (int c = -1; c <= pd->ncounters; c++)
                for (int a = -1; a <= pd->nareas; a++)
                    open_as_refusal(&g, PP_D_MOVE, c, a, &asked, &open);
            moves += open - before;
            for (int a = -1; a <= pd->nareas; a++) {
                open_as_refusal(&g, PP_D_TRENCH, a, -1, &asked, &open);
                open_as_refusal(&g, PP_D_FIGHT, a, -1, &asked, &open);
            }
            open_as_refusal(&g, PP_D_DONE, -1, -1, &asked, &open);
            open_as_refusal(&g, PP_D_SWAP, 0, 1, &asked, &open);
            open_as_refusal(&g, PP_D_LOSS, PP_TRENCH_LOSS, -1, &asked, &open);
            int n = pp_legal(&g, list, PP_MAX_LEGAL);
            assert_true(n > 0 && n <= PP_MAX_LEGAL);
            assert_int_equal(pp_apply(&g, &list[rng_below(&pick, (uint32_t)n)], NULL, NULL, 0), 0);
        }
    }
    assert_true(moves > 1000 && asked > 20 * open);
}

/* Ends every part of the movement still open: to the combat phase. */
static void end_movement(PpGame *g)
{
    while (g->phase == PP_PH_MOVEMENT && g->cb.area < 0)
        pt_do(g, "done");
}

/* The last part of the last impulse of the turn, the Confederates to move. */
static void last_step(PpGame *g, int turn)
{
    pt_empty(g, turn);
    g->impulse = (int8_t)(g->data->nimpulses - 1);
    g->step = 1;
    g->to_move = PP_CONFEDERATE;
    g->budget = (int8_t)g->data->impulse_units[g->impulse];
}

static void test_APP_SETUP_confederates_first_within_the_areas(void **state)
{
    (void)state;
    PpGame g;
    pp_new(&g, pt_data(), 5);
    assert_int_equal(g.phase, PP_PH_SETUP);
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    assert_int_equal(g.trench[pt_area("fredericksburg")], 1u << PP_CONFEDERATE); /* the printed trench */
    assert_int_equal(g.trench_pool[PP_CONFEDERATE], 5);
    pt_refused(&g, "place hooker falmouth", "not yours");
    pt_refused(&g, "place lee chancellorsville", "not one of your set-up areas");
    pt_refused(&g, "place longstreet bowling-green", "reinforcement");
    pt_do(&g, "place anderson salem-church");
    pt_do(&g, "place csa-minor-1 salem-church");
    pt_refused(&g, "place mclaws salem-church", "at most 2");
    pt_refused(&g, "place anderson fredericksburg", "already placed");
    pt_refused(&g, "standard", "placed nothing yet");
    const char *rest[11] = {"mclaws fredericksburg", "early fredericksburg", "lee fredericksburg",
                            "hill hamiltons-crossing", "rodes hamiltons-crossing", "jackson hamiltons-crossing",
                            "colston guineys-station", "csa-minor-2 guineys-station", "csa-minor-3 guineys-station",
                            "stuart bowling-green", "csa-minor-4 bowling-green"};
    for (int i = 0; i < 10; i++) {
        char words[80];
        snprintf(words, sizeof words, "place %s", rest[i]);
        pt_do(&g, words);
        assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    }
    pt_do(&g, "place csa-minor-4 bowling-green");
    assert_int_equal(pp_to_move(&g), PP_UNION); /* all 13 placed: the Union sets up */
    pt_refused(&g, "place i-corps chancellorsville", "not one of your set-up areas");
    pt_refused(&g, "place stoneman mine-run", "reinforcement");
    pt_do(&g, "standard");
    assert_int_equal(g.phase, PP_PH_MOVEMENT);
    assert_int_equal(g.turn, 1);
    assert_int_equal(pt_where(&g, "hooker"), pt_area("falmouth"));
    assert_int_equal(pt_where(&g, "stoneman"), PP_OFFMAP);
    assert_int_equal(g.trench[pt_area("fredericksburg")], 1u << PP_CONFEDERATE);
}

static void test_APP_SETUP_every_area_gets_its_minimum(void **state)
{
    (void)state;
    PpGame g;
    pp_new(&g, pt_data(), 5);
    /* eleven units elsewhere leave two for Salem Church's two: a twelfth elsewhere is refused */
    const char *eleven[11] = {"anderson fredericksburg", "mclaws fredericksburg", "hill fredericksburg",
                              "colston hamiltons-crossing", "early hamiltons-crossing", "rodes hamiltons-crossing",
                              "stuart guineys-station", "lee guineys-station", "jackson guineys-station",
                              "csa-minor-1 bowling-green", "csa-minor-2 bowling-green"};
    for (int i = 0; i < 11; i++) {
        char words[80];
        snprintf(words, sizeof words, "place %s", eleven[i]);
        pt_do(&g, words);
    }
    pt_refused(&g, "place csa-minor-3 bowling-green", "would not fill");
    pt_do(&g, "place csa-minor-3 salem-church");
    pt_do(&g, "place csa-minor-4 salem-church");
    assert_int_equal(pp_to_move(&g), PP_UNION);
}

static void test_APP_INITIATIVE_union_first_then_chancellorsville(void **state)
{
    (void)state;
    PpGame g;
    pp_new_standard(&g, pt_data(), 3);
    assert_int_equal(g.initiative, PP_UNION); /* turn 1, whoever controls Chancellorsville */
    assert_int_equal(pp_to_move(&g), PP_UNION);
    /* turn 2: the controller of Chancellorsville */
    last_step(&g, 1);
    pt_put(&g, "v-corps", "chancellorsville");
    pt_put(&g, "anderson", "salem-church");
    pt_do(&g, "done");
    assert_int_equal(g.turn, 2);
    assert_int_equal(g.initiative, PP_UNION);
    last_step(&g, 2);
    pt_put(&g, "anderson", "chancellorsville");
    pt_do(&g, "done");
    assert_int_equal(g.turn, 3);
    assert_int_equal(g.initiative, PP_CONFEDERATE);
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE); /* the impulse starts with the initiative */
    /* nobody there: its printed flag (Confederate) */
    last_step(&g, 2);
    pt_put(&g, "v-corps", "falmouth");
    pt_do(&g, "done");
    assert_int_equal(g.initiative, PP_CONFEDERATE);
}

static void test_APP_REINFORCE_turn_4_and_postponed(void **state)
{
    (void)state;
    PpGame g;
    last_step(&g, 3);
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "anderson", "bowling-green");
    pt_put(&g, "mclaws", "bowling-green"); /* 2 + 3 arriving > 4: the three wait */
    pt_log_clear();
    pt_do(&g, "done");
    assert_int_equal(g.turn, 4);
    assert_int_equal(pt_where(&g, "stoneman"), pt_area("mine-run"));
    assert_int_equal(pt_where(&g, "longstreet"), PP_OFFMAP);
    assert_int_equal(pt_where(&g, "hood"), PP_OFFMAP);
    assert_true(pt_log_has("APP-REINFORCE: Stoneman's Cavalry arrives in Mine Run"));
    assert_true(pt_log_has("APP-REINFORCE: the ANV reinforcements for Bowling Green wait"));
    /* turn 5: room again, they arrive */
    PpGame h = g;
    last_step(&h, 4);
    h.where[pt_counter("stoneman")] = g.where[pt_counter("stoneman")];
    pt_put(&h, "anderson", "bowling-green");
    pt_do(&h, "done");
    assert_int_equal(h.turn, 5);
    assert_int_equal(pt_where(&h, "longstreet"), pt_area("bowling-green"));
    assert_int_equal(pt_where(&h, "hood"), pt_area("bowling-green"));
    assert_int_equal(pt_where(&h, "pickett"), pt_area("bowling-green"));
    /* an area the enemy controls: Stoneman waits */
    last_step(&g, 3);
    pt_put(&g, "early", "mine-run");
    pt_do(&g, "done");
    assert_int_equal(pt_where(&g, "stoneman"), PP_OFFMAP);
    assert_int_equal(pt_where(&g, "hood"), pt_area("bowling-green"));
}

static void test_APP_RECOVERY_order_areas_and_limits(void **state)
{
    (void)state;
    PpGame g;
    last_step(&g, 1);
    pt_put(&g, "xi-corps", "chancellorsville"); /* the Union holds it: initiative and the third unit */
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "ii-corps", "eliminated");
    pt_put(&g, "iii-corps", "eliminated");
    pt_put(&g, "v-corps", "eliminated");
    pt_put(&g, "vi-corps", "eliminated");
    pt_put(&g, "hooker", "eliminated");
    pt_put(&g, "anderson", "eliminated");
    pt_put(&g, "lee", "eliminated");
    pt_put(&g, "early", "salem-church");
    pt_do(&g, "done");
    assert_int_equal(g.turn, 2);
    assert_int_equal(g.phase, PP_PH_RECOVERY);
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE); /* without the initiative: first */
    pt_refused(&g, "recover lee spotsylvania", "leaders are never recovered");
    pt_refused(&g, "recover anderson chancellorsville", "not one of your recovery areas");
    pt_refused(&g, "recover anderson salem-church", "not one of your recovery areas");
    pt_do(&g, "recover anderson spotsylvania");
    /* nothing left to recover: the Union's turn */
    assert_int_equal(pp_to_move(&g), PP_UNION);
    pt_refused(&g, "recover hooker falmouth", "leaders are never recovered");
    pt_do(&g, "recover ii-corps falmouth");
    pt_refused(&g, "recover iii-corps falmouth", "has taken its recovered unit");
    pt_do(&g, "recover iii-corps chancellorsville");
    pt_do(&g, "recover v-corps elys-ford");
    /* three recovered: the movement begins */
    assert_int_equal(g.phase, PP_PH_MOVEMENT);
    assert_int_equal(pt_where(&g, "vi-corps"), PP_ELIM);
    assert_int_equal(pt_where(&g, "ii-corps"), pt_area("falmouth"));
}

/* The cold audit: the eliminated units box is part of the map, its
 * counters face down; the enemy sees how many are there, and a recovery
 * tells him where a unit came back, not which. */
static void test_APP_HIDDEN_the_box_is_face_down(void **state)
{
    (void)state;
    PpGame g;
    last_step(&g, 1);
    pt_put(&g, "xi-corps", "chancellorsville");
    pt_put(&g, "mclaws", "eliminated");
    pt_put(&g, "early", "eliminated");
    pt_put(&g, "hill", "eliminated");
    pt_put(&g, "anderson", "salem-church");
    pt_do(&g, "done");
    PpView v;
    pp_view(&g, PP_UNION, &v);
    assert_int_equal(v.box[PP_CONFEDERATE], 3);
    assert_int_equal(v.where[pt_counter("mclaws")], PP_HIDDEN);
    pp_view(&g, PP_CONFEDERATE, &v);
    assert_int_equal(v.where[pt_counter("mclaws")], PP_ELIM); /* his own, face up to him */
    pt_log_clear();
    pt_do(&g, "recover mclaws spotsylvania");
    assert_true(pt_log_has("McLaws' Division comes back from the eliminated units box to Spotsylvania")); /* the owner */
    PpEvents ev = {0};
    PpDecision d = {PP_D_RECOVER, (int8_t)pt_counter("early"), (int8_t)pt_area("bowling-green")};
    char why[200], line[200];
    if (pp_apply(&g, &d, &ev, why, sizeof why) != 0)
        fail_msg("recover early: %s", why);
    pp_event_format(g.data, &ev.ev[0], PP_UNION, line, sizeof line);
    assert_string_equal(line, "APP-RECOVERY: an ANV unit comes back from the eliminated units box to Bowling Green");
    pp_view(&g, PP_UNION, &v);
    assert_int_equal(v.box[PP_CONFEDERATE], 1);
    assert_int_equal(v.where[pt_counter("hill")], PP_HIDDEN); /* which one stayed is not shown either */
}

static void test_APP_RECOVERY_rulebook_note_control_and_room(void **state)
{
    (void)state;
    /* The rulebook's note: keep the recovery areas under control and not full. */
    PpGame g;
    last_step(&g, 1);
    pt_put(&g, "anderson", "falmouth"); /* the enemy holds Falmouth */
    pt_put(&g, "i-corps", "elys-ford");
    pt_put(&g, "xi-corps", "elys-ford");
    pt_put(&g, "xii-corps", "elys-ford");
    pt_put(&g, "union-minor-1", "elys-ford"); /* Ely's Ford full */
    pt_put(&g, "ii-corps", "eliminated");
    pt_do(&g, "done");
    /* the Confederates hold Chancellorsville (its flag) and the initiative: the Union has nowhere to recover
     * and is skipped; the Confederates have nothing to recover */
    assert_int_equal(g.phase, PP_PH_MOVEMENT);
    assert_int_equal(g.initiative, PP_CONFEDERATE);
    assert_int_equal(pt_where(&g, "ii-corps"), PP_ELIM);
    /* the same with Falmouth free but under enemy control: refused */
    last_step(&g, 1);
    pt_put(&g, "anderson", "falmouth");
    pt_put(&g, "i-corps", "elys-ford");
    pt_put(&g, "ii-corps", "eliminated");
    pt_put(&g, "iii-corps", "eliminated");
    pt_do(&g, "done");
    assert_int_equal(g.phase, PP_PH_RECOVERY);
    assert_int_equal(pp_to_move(&g), PP_UNION);
    pt_refused(&g, "recover ii-corps falmouth", "not under your control");
    pt_refused(&g, "recover ii-corps chancellorsville", "did not control it");
    pt_do(&g, "recover ii-corps elys-ford");
    assert_int_equal(g.phase, PP_PH_MOVEMENT); /* no other place: done by itself */
}

static void test_APP_IMPULSE_limits_and_alternation(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "ii-corps", "falmouth");
    pt_put(&g, "iii-corps", "falmouth");
    pt_put(&g, "v-corps", "banks-ford");
    pt_put(&g, "anderson", "salem-church");
    int units[4] = {3, 4, 3, 2};
    assert_int_equal(g.budget, units[0]);
    pt_do(&g, "move i-corps hartwood-church");
    pt_do(&g, "move ii-corps hartwood-church");
    assert_int_equal(pp_to_move(&g), PP_UNION);
    pt_do(&g, "move iii-corps hartwood-church");
    /* three units moved: the Confederates' part of impulse 1 */
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    assert_int_equal(g.impulse, 0);
    assert_int_equal(g.budget, 3);
    pt_do(&g, "done");
    assert_int_equal(g.impulse, 1);
    assert_int_equal(pp_to_move(&g), PP_UNION);
    assert_int_equal(g.budget, units[1]);
    pt_do(&g, "move v-corps us-ford");
    pt_do(&g, "done"); /* three moves unused: lost */
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    assert_int_equal(g.budget, units[1]);
    pt_do(&g, "done");
    assert_int_equal(g.budget, units[2]);
    pt_do(&g, "done");
    pt_do(&g, "done");
    assert_int_equal(g.impulse, 3);
    assert_int_equal(g.budget, units[3]);
    pt_do(&g, "done");
    pt_do(&g, "done");
    /* four impulses: no fight, the turn ends */
    assert_int_equal(g.turn, 2);
}

static void test_APP_MOVE_one_area_once_an_impulse(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "anderson", "bowling-green");
    pt_refused(&g, "move i-corps chancellorsville", "does not border");
    pt_do(&g, "move i-corps hartwood-church");
    pt_refused(&g, "move i-corps us-ford", "already moved this impulse");
    pt_refused(&g, "move anderson spotsylvania", "not yours");
    pt_do(&g, "done");
    pt_do(&g, "done");
    pt_do(&g, "move i-corps us-ford"); /* a new impulse */
    assert_int_equal(pt_where(&g, "i-corps"), pt_area("us-ford"));
}

static void test_APP_RIVER_only_at_arrows(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "stafford-heights");
    pt_put(&g, "ii-corps", "falmouth");
    pt_put(&g, "v-corps", "elys-ford");
    pt_refused(&g, "move i-corps fredericksburg", "no arrows");
    pt_refused(&g, "move v-corps wilderness-tavern", "no arrows");
    pt_do(&g, "move ii-corps fredericksburg");
    pt_do(&g, "move v-corps chancellorsville");
    assert_int_equal(pt_where(&g, "v-corps"), pt_area("chancellorsville"));
}

static void test_APP_STACK_four_units_and_one_trench(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "ii-corps", "falmouth");
    pt_put(&g, "iii-corps", "falmouth");
    pt_put(&g, "hooker", "falmouth"); /* a leader counts */
    pt_put(&g, "v-corps", "hartwood-church");
    pt_put(&g, "anderson", "fredericksburg");
    pt_put(&g, "mclaws", "fredericksburg");
    pt_put(&g, "early", "fredericksburg");
    pt_put(&g, "lee", "fredericksburg");
    pt_refused(&g, "move v-corps falmouth", "already holds 4");
    pt_do(&g, "trench falmouth"); /* a trench does not count */
    pt_refused(&g, "trench falmouth", "already has your trench");
    /* four of each army may share an area */
    pt_do(&g, "move i-corps fredericksburg");
    assert_int_equal(pp_units_in(&g, PP_UNION, pt_area("fredericksburg")), 1);
    assert_true(pp_contested(&g, pt_area("fredericksburg")));
}

static void test_APP_ENEMY_AREA_in_freely_out_to_friends_only(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "zoan-church");
    pt_put(&g, "ii-corps", "zoan-church");
    pt_put(&g, "iii-corps", "hunting-run");
    pt_put(&g, "anderson", "zoan-church");
    pt_put(&g, "mclaws", "catharine-furnace");
    /* Zoan Church is shared: out only to an area held or controlled by the Union */
    pt_refused(&g, "move i-corps salem-church", "may leave only for an area you control or hold");
    pt_refused(&g, "move i-corps chancellorsville", "may leave only");
    pt_do(&g, "move i-corps hunting-run"); /* the III Corps is there */
    pt_do(&g, "move iii-corps chancellorsville"); /* not from a shared area: free */
    pt_do(&g, "move ii-corps chancellorsville"); /* now held by the Union */
    assert_int_equal(pt_where(&g, "ii-corps"), pt_area("chancellorsville"));
    /* into an enemy area: allowed (impulse 2, after the Confederates' part of impulse 1) */
    pt_do(&g, "done");
    pt_do(&g, "move ii-corps catharine-furnace");
    assert_true(pp_contested(&g, pt_area("catharine-furnace")));
}

static void test_APP_TRENCH_costs_a_move_and_goes_alone(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "ii-corps", "banks-ford");
    pt_refused(&g, "trench hartwood-church", "needs one of your units");
    pt_do(&g, "trench falmouth");
    assert_int_equal(g.budget, 2);
    assert_int_equal(g.trench_pool[PP_UNION], 4);
    assert_true(g.trench[pt_area("falmouth")] & (1u << PP_UNION));
    /* its unit leaves: the trench left alone is removed from the game */
    pt_log_clear();
    pt_do(&g, "move i-corps hartwood-church");
    assert_false(g.trench[pt_area("falmouth")] & (1u << PP_UNION));
    assert_int_equal(g.trench_pool[PP_UNION], 4);
    assert_true(pt_log_has("APP-TRENCH: the AoP trench in Falmouth is left alone"));
    /* none left to build */
    g.trench_pool[PP_UNION] = 0;
    pt_refused(&g, "trench banks-ford", "no trench left");
}

static void test_APP_SWAP_two_units_for_one_move(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "union-minor-1", "fredericksburg");
    pt_put(&g, "ii-corps", "banks-ford");
    pt_put(&g, "union-minor-2", "us-ford");
    pt_put(&g, "iii-corps", "stafford-heights");
    pt_refused(&g, "swap iii-corps union-minor-1", "no arrows"); /* Stafford Heights - Fredericksburg */
    pt_refused(&g, "swap i-corps union-minor-2", "does not border");
    pt_do(&g, "swap i-corps union-minor-1");
    assert_int_equal(pt_where(&g, "i-corps"), pt_area("fredericksburg"));
    assert_int_equal(pt_where(&g, "union-minor-1"), pt_area("falmouth"));
    assert_int_equal(g.budget, 2);
    pt_refused(&g, "move union-minor-1 hartwood-church", "already moved");
    pt_do(&g, "swap ii-corps union-minor-2"); /* again in the same impulse */
    assert_int_equal(g.budget, 1);
}

static void test_APP_IMPULSE_COMBAT_for_two_moves(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "fredericksburg");
    pt_put(&g, "ii-corps", "falmouth");
    pt_put(&g, "anderson", "fredericksburg");
    pt_refused(&g, "fight salem-church", "both armies");
    /* the Union: one move and a trench, one move left: too few for a fight */
    pt_do(&g, "move ii-corps hartwood-church");
    pt_do(&g, "trench hartwood-church");
    pt_refused(&g, "fight fredericksburg", "takes 2 of its unit moves; 1 left");
    pt_do(&g, "done");
    /* the Confederates fight during their part: I Corps 3 misses, Anderson 5 hits */
    pt_dice(&g, 2, 3, 5);
    pt_log_clear();
    pt_do(&g, "fight fredericksburg");
    assert_true(pt_log_has("APP-COMBAT-ORDER: combat in Fredericksburg during the impulse"));
    /* the I Corps is lost, nobody left to retreat: Anderson holds; the impulse goes on with one move */
    assert_int_equal(pt_where(&g, "i-corps"), PP_ELIM);
    assert_int_equal(g.phase, PP_PH_MOVEMENT);
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    assert_int_equal(g.budget, 1);
}

static void test_APP_COMBAT_ORDER_the_initiative_chooses(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "fredericksburg");
    pt_put(&g, "anderson", "fredericksburg");
    pt_put(&g, "ii-corps", "salem-church");
    pt_put(&g, "mclaws", "salem-church");
    end_movement(&g);
    assert_int_equal(g.phase, PP_PH_COMBAT);
    assert_int_equal(pp_to_move(&g), PP_UNION);
    assert_true(pt_legal(&g, "fight fredericksburg"));
    assert_true(pt_legal(&g, "fight salem-church"));
    pt_refused(&g, "move ii-corps banks-ford", "not a decision of the combat phase");
    pt_dice(&g, 2, 6, 1); /* II Corps hits, McLaws misses */
    pt_do(&g, "fight salem-church");
    /* McLaws was the only loss it could take; the other fight is the only one left: fought at once */
    pt_dice(&g, 2, 1, 6);
    assert_int_equal(pt_where(&g, "mclaws"), PP_ELIM);
    assert_int_equal(g.control[pt_area("salem-church")], PP_UNION);
}

static void test_APP_COMBAT_DICE_formations_4_minor_units_6(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_put(&g, "union-minor-1", "chancellorsville");
    pt_put(&g, "anderson", "chancellorsville");
    pt_put(&g, "csa-minor-1", "chancellorsville");
    /* I Corps 4 hits; the minor unit's 5 misses; Anderson's 3 misses; the minor unit's 6 hits */
    pt_dice(&g, 4, 4, 5, 3, 6);
    pt_log_clear();
    pt_do(&g, "fight chancellorsville");
    assert_true(pt_log_has("APP-COMBAT-DICE: the AoP scores 1 hit"));
    assert_true(pt_log_has("APP-COMBAT-DICE: the ANV scores 1 hit"));
    assert_int_equal(g.cb.question, PP_Q_LOSS);
    assert_int_equal(pp_to_move(&g), PP_UNION); /* the initiative chooses its loss first */
    pt_do(&g, "loss union-minor-1");
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    pt_dice(&g, 2, 3, 4); /* round 2: I Corps 3 misses, Anderson 4 hits */
    pt_do(&g, "loss csa-minor-1");
    assert_true(pt_log_has("APP-COMBAT-TIE: equal hits in Chancellorsville: round 2"));
    assert_true(pt_log_has("APP-COMBAT-DICE: I Corps (Reynolds) rolls 3"));
    assert_int_equal(pt_where(&g, "i-corps"), PP_ELIM);
    assert_int_equal(g.control[pt_area("chancellorsville")], PP_CONFEDERATE);
}

static void test_APP_COMBAT_DICE_leaders_roll_none(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_put(&g, "anderson", "chancellorsville");
    pt_put(&g, "jackson", "chancellorsville");
    pt_dice(&g, 2, 1, 1); /* two dice only: I Corps, Anderson (3 with Jackson) */
    pt_dice(&g, 2, 4, 1); /* round 2: I Corps hits */
    pt_do(&g, "fight chancellorsville");
    assert_int_equal(g.cb.die[pt_counter("jackson")], 0);
    /* the Confederates choose: Jackson or Anderson */
    assert_int_equal(g.cb.question, PP_Q_LOSS);
    pt_do(&g, "loss jackson");
    assert_int_equal(pt_where(&g, "jackson"), PP_ELIM);
}

static void test_APP_LEADER_lee_all_hooker_one(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_put(&g, "ii-corps", "chancellorsville");
    pt_put(&g, "hooker", "chancellorsville");
    pt_put(&g, "anderson", "chancellorsville");
    pt_put(&g, "csa-minor-1", "chancellorsville");
    pt_put(&g, "lee", "chancellorsville");
    /* I 3, II 3; Anderson 3 (+1 = 4 hits), minor 5 (+1 = 6 hits) */
    pt_dice(&g, 4, 3, 3, 3, 5);
    pt_log_clear();
    pt_do(&g, "fight chancellorsville");
    assert_true(pt_log_has("Anderson's Division rolls 3, 4 with its leader"));
    assert_true(pt_log_has("Confederate minor unit 1 rolls 5, 6 with its leader"));
    /* Hooker's +1: one unit, chosen after the roll */
    assert_int_equal(g.cb.question, PP_Q_BONUS);
    assert_int_equal(pp_to_move(&g), PP_UNION);
    assert_true(pt_legal(&g, "bonus ii-corps"));
    pt_refused(&g, "bonus hooker", "no die of yours");
    pt_do(&g, "bonus i-corps");
    assert_true(pt_log_has("APP-LEADER: Hooker's +1 goes to I Corps (Reynolds): 4"));
    assert_int_equal(g.cb.hits[PP_UNION], 1);
    assert_int_equal(g.cb.hits[PP_CONFEDERATE], 2);
}

static void test_APP_LEADER_bonuses_do_not_add(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_put(&g, "anderson", "chancellorsville");
    pt_put(&g, "lee", "chancellorsville");
    pt_put(&g, "jackson", "chancellorsville");
    pt_dice(&g, 2, 1, 2); /* Anderson 2 + 1 = 3: misses (Lee's and Jackson's +1 do not make +2) */
    pt_dice(&g, 2, 1, 3); /* round 2: 3 + 1 = 4 hits */
    pt_log_clear();
    pt_do(&g, "fight chancellorsville");
    assert_true(pt_log_has("Anderson's Division rolls 2, 3 with its leader"));
    assert_true(pt_log_has("equal hits in Chancellorsville: round 2"));
    assert_true(pt_log_has("Anderson's Division rolls 3, 4 with its leader"));
    assert_int_equal(pt_where(&g, "i-corps"), PP_ELIM);
}

static void test_APP_LOSSES_trench_and_all_at_once(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "fredericksburg");
    pt_put(&g, "ii-corps", "fredericksburg");
    pt_put(&g, "anderson", "fredericksburg");
    pt_put(&g, "mclaws", "fredericksburg");
    g.trench[pt_area("fredericksburg")] |= 1u << PP_CONFEDERATE;
    /* the rulebook's note: a trench in the combat area takes a loss instead of a unit */
    pt_dice(&g, 4, 5, 6, 1, 1);
    pt_do(&g, "fight fredericksburg");
    assert_int_equal(g.cb.question, PP_Q_LOSS);
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    assert_true(pt_legal(&g, "loss trench"));
    pt_refused(&g, "loss i-corps", "not one of your units");
    pt_do(&g, "loss trench");
    assert_false(g.trench[pt_area("fredericksburg")] & (1u << PP_CONFEDERATE));
    pt_do(&g, "loss mclaws");
    /* 2 hits to none: the Union wins; Anderson retreats */
    assert_int_equal(g.cb.question, PP_Q_RETREAT);
    assert_int_equal(g.trench_pool[PP_CONFEDERATE], g.data->sides[PP_CONFEDERATE].trenches); /* gone, not back */
    /* hits enough for everything: no question */
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "fredericksburg");
    pt_put(&g, "ii-corps", "fredericksburg");
    pt_put(&g, "anderson", "fredericksburg");
    pt_put(&g, "lee", "fredericksburg");
    pt_dice(&g, 3, 6, 6, 1);
    pt_do(&g, "fight fredericksburg");
    assert_int_equal(pt_where(&g, "anderson"), PP_ELIM);
    assert_int_equal(pt_where(&g, "lee"), PP_ELIM);
    assert_int_equal(g.control[pt_area("fredericksburg")], PP_UNION);
    assert_int_equal(g.cb.area, -1);
}

static void test_APP_COMBAT_TIE_repeat_then_sole_occupant(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_put(&g, "ii-corps", "chancellorsville");
    pt_put(&g, "anderson", "chancellorsville");
    pt_put(&g, "mclaws", "chancellorsville");
    /* round 1: no hits at all, round 2: one each, round 3: the Union's one hit ends it */
    pt_dice(&g, 4, 1, 1, 1, 1);
    pt_dice(&g, 4, 4, 1, 4, 1);
    pt_do(&g, "fight chancellorsville");
    assert_int_equal(g.cb.round, 2);
    pt_do(&g, "loss ii-corps");
    pt_dice(&g, 2, 6, 1);
    pt_do(&g, "loss mclaws");
    /* round 3: I Corps hits, Anderson misses: Anderson is lost, the Union alone wins */
    assert_int_equal(pt_where(&g, "anderson"), PP_ELIM);
    assert_int_equal(g.control[pt_area("chancellorsville")], PP_UNION);
    /* more hits scored but nobody left: the sole occupant wins */
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_put(&g, "ii-corps", "chancellorsville");
    pt_put(&g, "iii-corps", "chancellorsville");
    pt_put(&g, "anderson", "chancellorsville");
    pt_put(&g, "mclaws", "chancellorsville");
    pt_dice(&g, 5, 4, 4, 1, 4, 4); /* 2 hits each? no: Union 2, Confederates 2 */
    pt_do(&g, "fight chancellorsville");
    /* the Confederates lose both units (no question), the Union chooses two of three */
    assert_int_equal(pp_to_move(&g), PP_UNION);
    pt_do(&g, "loss i-corps");
    pt_do(&g, "loss ii-corps");
    assert_int_equal(g.cb.area, -1);
    assert_int_equal(g.control[pt_area("chancellorsville")], PP_UNION);
}

static void test_APP_RETREAT_to_friendly_ground_or_eliminated(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "zoan-church");
    pt_put(&g, "ii-corps", "zoan-church");
    pt_put(&g, "xi-corps", "hunting-run");
    pt_put(&g, "anderson", "zoan-church");
    pt_put(&g, "lee", "zoan-church");
    pt_put(&g, "mclaws", "catharine-furnace");
    pt_put(&g, "early", "chancellorsville");
    pt_put(&g, "union-minor-1", "chancellorsville"); /* a fight still to be resolved there */
    /* Union 1 hit, Confederates none: Anderson is lost, Lee retreats */
    pt_dice(&g, 2, 5, 1);
    pt_dice(&g, 1, 1);
    pt_do(&g, "fight zoan-church");
    pt_do(&g, "loss anderson");
    assert_int_equal(g.cb.question, PP_Q_RETREAT);
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    pt_refused(&g, "retreat lee hunting-run", "cannot take a retreat"); /* Union units there */
    pt_refused(&g, "retreat lee chancellorsville", "cannot take a retreat"); /* a fight there */
    pt_refused(&g, "retreat lee fredericksburg", "cannot take a retreat"); /* not adjacent */
    assert_true(pt_legal(&g, "retreat lee salem-church"));
    pt_do(&g, "retreat lee catharine-furnace");
    assert_int_equal(pt_where(&g, "lee"), pt_area("catharine-furnace"));
    assert_int_equal(g.control[pt_area("zoan-church")], PP_UNION);
    /* the rulebook's note: with no adjacent area of its own, the beaten army is eliminated */
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "franklins-crossing");
    pt_put(&g, "ii-corps", "franklins-crossing");
    pt_put(&g, "anderson", "franklins-crossing");
    pt_put(&g, "csa-minor-1", "franklins-crossing");
    pt_dice(&g, 4, 6, 1, 1, 1);
    pt_do(&g, "fight franklins-crossing");
    pt_do(&g, "loss csa-minor-1");
    /* Stafford Heights is the Union's, Deep Run and Hamilton's Crossing are the Confederates' own */
    assert_int_equal(g.cb.question, PP_Q_RETREAT);
    pt_refused(&g, "retreat anderson stafford-heights", "cannot take a retreat");
    pt_do(&g, "retreat anderson deep-run");
    /* the same with those two held by the Union: no retreat, eliminated */
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "franklins-crossing");
    pt_put(&g, "ii-corps", "franklins-crossing");
    pt_put(&g, "union-minor-1", "deep-run");
    pt_put(&g, "union-minor-2", "hamiltons-crossing");
    pt_put(&g, "anderson", "franklins-crossing");
    pt_put(&g, "csa-minor-1", "franklins-crossing");
    pt_dice(&g, 4, 6, 1, 1, 1);
    pt_log_clear();
    pt_do(&g, "fight franklins-crossing");
    pt_do(&g, "loss csa-minor-1");
    assert_int_equal(pt_where(&g, "anderson"), PP_ELIM);
    assert_true(pt_log_has("APP-RETREAT: Anderson's Division cannot retreat from Franklin's Crossing"));
}

/* APP-COMBAT-ORDER: with no area holding both armies, the turn goes on
 * without announcing a combat phase. */
static void test_APP_COMBAT_ORDER_no_phase_without_a_fight(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "anderson", "spotsylvania");
    pt_log_clear();
    end_movement(&g);
    assert_false(pt_log_has("the fights are resolved")); /* turn after turn, nothing to fight */
    assert_true(g.turn >= 2);
}

static void test_APP_LEADERS_ONLY_no_fight_to_the_closest_friends(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "hooker", "chancellorsville");
    pt_put(&g, "i-corps", "hunting-run");
    pt_put(&g, "ii-corps", "dowdalls-tavern");
    pt_put(&g, "lee", "chancellorsville");
    pt_put(&g, "anderson", "spotsylvania");
    pt_log_clear();
    end_movement(&g);
    assert_true(pt_log_has("the fights are resolved")); /* Chancellorsville holds both armies' counters */
    /* Hooker has two areas at one step: his choice; Lee one at two steps (by Catharine Furnace) */
    assert_int_equal(g.cb.question, PP_Q_LEADER);
    assert_int_equal(pp_to_move(&g), PP_UNION);
    pt_refused(&g, "leader hooker falmouth", "not one of the closest");
    pt_do(&g, "leader hooker dowdalls-tavern");
    assert_true(pt_log_has("only leaders met in Chancellorsville: each has gone to his army, no fight"));
    assert_false(pt_log_has("nobody left"));
    assert_int_equal(pt_where(&g, "hooker"), pt_area("dowdalls-tavern"));
    assert_int_equal(pt_where(&g, "lee"), pt_area("spotsylvania"));
    assert_int_equal(g.control[pt_area("chancellorsville")], PP_CONFEDERATE); /* empty: its flag */
    assert_int_equal(g.turn, 2);
    /* no unit of his army anywhere: eliminated */
    pt_empty(&g, 1);
    pt_put(&g, "hooker", "chancellorsville");
    pt_put(&g, "i-corps", "falmouth");
    pt_put(&g, "lee", "chancellorsville");
    end_movement(&g);
    assert_int_equal(pt_where(&g, "lee"), PP_ELIM);
    assert_int_equal(pt_where(&g, "hooker"), pt_area("falmouth"));
}

static void test_APP_CONTROL_rulebook_note_occupy_to_keep(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 1);
    pt_put(&g, "v-corps", "elys-ford");
    pt_put(&g, "union-minor-2", "elys-ford");
    int ch = pt_area("chancellorsville");
    assert_int_equal(g.control[ch], PP_CONFEDERATE);
    pt_log_clear();
    pt_do(&g, "move v-corps chancellorsville");
    assert_int_equal(g.control[ch], PP_UNION);
    assert_true(pt_log_has("APP-CONTROL: Chancellorsville is now under AoP control"));
    /* a small unit keeps it: the corps may go on */
    pt_do(&g, "done");
    pt_do(&g, "done");
    pt_do(&g, "move union-minor-2 chancellorsville");
    pt_do(&g, "done");
    pt_do(&g, "done");
    pt_do(&g, "move v-corps zoan-church");
    assert_int_equal(g.control[ch], PP_UNION);
    /* left empty, it goes back to its flag */
    pt_do(&g, "done");
    pt_do(&g, "done");
    pt_do(&g, "move union-minor-2 elys-ford");
    assert_int_equal(g.control[ch], PP_CONFEDERATE);
    /* shared: the controller stays until the fight */
    pt_put(&g, "anderson", "zoan-church");
    assert_int_equal(g.control[pt_area("zoan-church")], PP_UNION);
}

static void test_APP_HIDDEN_backs_except_in_combat(void **state)
{
    (void)state;
    PpGame g;
    pp_new_standard(&g, pt_data(), 9);
    PpView v;
    pp_view(&g, PP_UNION, &v);
    assert_int_equal(v.where[pt_counter("lee")], PP_HIDDEN);
    assert_int_equal(v.where[pt_counter("hooker")], pt_area("falmouth"));
    assert_int_equal(v.backs[PP_CONFEDERATE][pt_area("fredericksburg")], 3);
    assert_int_equal(v.where[pt_counter("longstreet")], PP_OFFMAP); /* arrivals are public */
    pp_view(&g, PP_CONFEDERATE, &v);
    assert_int_equal(v.where[pt_counter("hooker")], PP_HIDDEN);
    assert_int_equal(v.backs[PP_UNION][pt_area("falmouth")], 3);
    /* a move is anonymous for the other side */
    PpDecision d;
    char why[100];
    assert_true(pp_decision_parse(g.data, "move hooker fredericksburg", &d, why, sizeof why));
    PpEvents ev = {0};
    assert_int_equal(pp_apply(&g, &d, &ev, why, sizeof why), 0);
    char line[200];
    pp_event_format(g.data, &ev.ev[0], PP_CONFEDERATE, line, sizeof line);
    assert_string_equal(line, "APP-MOVE: an AoP unit moves from Falmouth to Fredericksburg");
    pp_event_format(g.data, &ev.ev[0], PP_UNION, line, sizeof line);
    assert_string_equal(line, "APP-MOVE: Hooker moves from Falmouth to Fredericksburg");
    /* in a combat, both sides' counters there are face up */
    pt_empty(&g, 1);
    pt_put(&g, "i-corps", "fredericksburg");
    pt_put(&g, "ii-corps", "fredericksburg");
    pt_put(&g, "anderson", "fredericksburg");
    pt_put(&g, "mclaws", "fredericksburg");
    pt_put(&g, "early", "salem-church");
    pt_dice(&g, 4, 4, 1, 1, 1);
    pt_do(&g, "fight fredericksburg");
    assert_int_equal(g.cb.question, PP_Q_LOSS);
    pp_view(&g, PP_UNION, &v);
    assert_int_equal(v.where[pt_counter("anderson")], pt_area("fredericksburg"));
    assert_int_equal(v.where[pt_counter("early")], PP_HIDDEN);
    assert_int_equal(v.die[pt_counter("i-corps")], 4);
}

static void test_APP_VICTORY_after_turn_6(void **state)
{
    (void)state;
    PpGame g;
    last_step(&g, 6);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_put(&g, "ii-corps", "fredericksburg");
    pt_log_clear();
    pt_do(&g, "done");
    assert_true(pp_over(&g));
    assert_int_equal(pp_result(&g), PP_UNION);
    assert_true(pt_log_has("APP-VICTORY: the AoP wins"));
    pt_refused(&g, "done", "the game is over");
    last_step(&g, 6);
    pt_put(&g, "i-corps", "chancellorsville");
    pt_do(&g, "done");
    assert_int_equal(pp_result(&g), PP_TIE); /* Fredericksburg stays with its flag */
    last_step(&g, 6);
    pt_do(&g, "done");
    assert_int_equal(pp_result(&g), PP_CONFEDERATE);
    last_step(&g, 5);
    pt_do(&g, "done");
    assert_false(pp_over(&g));
}

static void test_APP_DECISION_words_round_trip(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    const char *ok[] = {"place lee fredericksburg", "standard", "recover ii-corps falmouth", "move i-corps deep-run",
                        "swap i-corps vi-corps", "trench fredericksburg", "fight chancellorsville", "done",
                        "bonus v-corps", "loss trench", "loss hooker", "retreat i-corps falmouth",
                        "leader lee spotsylvania"};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        PpDecision d;
        char why[200], back[100];
        assert_true(pp_decision_parse(pd, ok[i], &d, why, sizeof why));
        pp_decision_format(pd, &d, back, sizeof back);
        assert_string_equal(back, ok[i]);
    }
    const char *bad[][2] = {{"move i-corps", "takes 2 words"}, {"march i-corps deep-run", "unknown verb"},
                            {"move x deep-run", "unknown counter 'x'"}, {"trench atlantis", "unknown area"},
                            {"", "no decision"}, {"done now", "takes 0 words"}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        PpDecision d;
        char why[200];
        assert_false(pp_decision_parse(pd, bad[i][0], &d, why, sizeof why));
        if (!strstr(why, bad[i][1]))
            fail_msg("'%s': %s", bad[i][0], why);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_APP_REPLAY_random_games_end_and_replay),
        cmocka_unit_test(test_APP_SETUP_confederates_first_within_the_areas),
        cmocka_unit_test(test_APP_SETUP_every_area_gets_its_minimum),
        cmocka_unit_test(test_APP_INITIATIVE_union_first_then_chancellorsville),
        cmocka_unit_test(test_APP_REINFORCE_turn_4_and_postponed),
        cmocka_unit_test(test_APP_RECOVERY_order_areas_and_limits),
        cmocka_unit_test(test_APP_RECOVERY_rulebook_note_control_and_room),
        cmocka_unit_test(test_APP_IMPULSE_limits_and_alternation),
        cmocka_unit_test(test_APP_MOVE_one_area_once_an_impulse),
        cmocka_unit_test(test_APP_RIVER_only_at_arrows),
        cmocka_unit_test(test_APP_STACK_four_units_and_one_trench),
        cmocka_unit_test(test_APP_ENEMY_AREA_in_freely_out_to_friends_only),
        cmocka_unit_test(test_APP_TRENCH_costs_a_move_and_goes_alone),
        cmocka_unit_test(test_APP_SWAP_two_units_for_one_move),
        cmocka_unit_test(test_APP_IMPULSE_COMBAT_for_two_moves),
        cmocka_unit_test(test_APP_COMBAT_ORDER_the_initiative_chooses),
        cmocka_unit_test(test_APP_COMBAT_DICE_formations_4_minor_units_6),
        cmocka_unit_test(test_APP_COMBAT_DICE_leaders_roll_none),
        cmocka_unit_test(test_APP_LEADER_lee_all_hooker_one),
        cmocka_unit_test(test_APP_LEADER_bonuses_do_not_add),
        cmocka_unit_test(test_APP_LOSSES_trench_and_all_at_once),
        cmocka_unit_test(test_APP_COMBAT_TIE_repeat_then_sole_occupant),
        cmocka_unit_test(test_APP_RETREAT_to_friendly_ground_or_eliminated),
        cmocka_unit_test(test_APP_LEADERS_ONLY_no_fight_to_the_closest_friends),
        cmocka_unit_test(test_APP_COMBAT_ORDER_no_phase_without_a_fight),
        cmocka_unit_test(test_APP_CONTROL_rulebook_note_occupy_to_keep),
        cmocka_unit_test(test_APP_HIDDEN_backs_except_in_combat),
        cmocka_unit_test(test_APP_HIDDEN_the_box_is_face_down),
        cmocka_unit_test(test_APP_VICTORY_after_turn_6),
        cmocka_unit_test(test_APP_DECISION_words_round_trip),
        cmocka_unit_test(test_APP_REPLAY_open_agrees_with_refusal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
