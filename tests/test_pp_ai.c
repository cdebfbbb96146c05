/* A Perfect Plan's computer opponent (src/pp_ai): the determinizer keeps
 * what the view shows and samples fairly, the AI never reads hidden
 * counters, the memory follows counters through a fight, a recovery and a
 * leaders' meeting, the play-outs' fast greedy pick is greedy's, the search
 * takes a winning capture, a forced decision takes no time, the levels
 * parse, a game replays from its seeds. */
#include <string.h>

#include "pp_ai/pp_ai.h"
#include "pp_ai/pp_ai_internal.h"
#include "pptest.h"

static void test_levels_parse(void **state)
{
    (void)state;
    assert_int_equal(pp_ai_level_find("random"), PP_AI_RANDOM);
    assert_int_equal(pp_ai_level_find("greedy"), PP_AI_GREEDY);
    assert_int_equal(pp_ai_level_find("ismcts"), PP_AI_ISMCTS);
    assert_int_equal(pp_ai_level_find("Ismcts"), -1);
    assert_int_equal(pp_ai_level_find("mcts"), -1);
    assert_int_equal(pp_ai_level_find(NULL), -1);
    for (int i = 0; i < PP_AI_LEVEL_COUNT; i++)
        assert_int_equal(pp_ai_level_find(pp_ai_level_name(i)), i);
    assert_string_equal(pp_ai_level_name(-1), "?");
}

/* Random games; at every decision, for both sides: a sample's view is the
 * view, its legal decisions are the true game's, and the memory never
 * rules out where a hidden counter truly is. */
static void test_determinizer_keeps_the_view(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    static PpDecision a[PP_MAX_LEGAL], b[PP_MAX_LEGAL];
    for (int game = 0; game < 3; game++) {
        PpGame g;
        pp_new(&g, pd, 40 + (uint64_t)game);
        PpAiMemory mem[PP_SIDES];
        Rng rng;
        rng_seed(&rng, 7);
        for (int s = 0; s < PP_SIDES; s++)
            pp_ai_memory_init(&mem[s], s);
        int steps = 0;
        while (!pp_over(&g)) {
            for (int s = 0; s < PP_SIDES; s++) {
                PpView v, back;
                pp_view(&g, s, &v);
                pp_ai_observe(&mem[s], pd, &v);
                for (int c = 0; c < pd->ncounters; c++)
                    if (pd->counters[c].side != s && v.where[c] == PP_HIDDEN) /* on the map, or in the box */
                        assert_true((mem[s].maybe[c] >> (g.where[c] == PP_ELIM ? PP_AI_BOX_BIT : g.where[c])) & 1u);
                PpGame d;
                assert_int_equal(pp_ai_determinize(pd, &v, &mem[s], &rng, 64, &d), 1);
                pp_view(&d, s, &back);
                assert_memory_equal(&v, &back, sizeof v);
                if (s == pp_to_move(&g)) {
                    int n = pp_legal(&g, a, PP_MAX_LEGAL), m = pp_legal(&d, b, PP_MAX_LEGAL);
                    assert_int_equal(n, m);
                    assert_memory_equal(a, b, (size_t)n * sizeof *a);
                }
            }
            int n = pp_legal(&g, a, PP_MAX_LEGAL);
            assert_true(n > 0);
            assert_int_equal(pp_apply(&g, &a[rng_below(&rng, (uint32_t)n)], NULL, NULL, 0), 0);
            steps++;
        }
        assert_true(steps > 50);
    }
}

/* Which of the counters `ids` a sample put in `area`, as a bit set. */
static unsigned placed_in(const PpGame *g, const char *const *ids, int n, const char *area)
{
    unsigned set = 0;
    for (int i = 0; i < n; i++)
        if (pt_where(g, ids[i]) == pt_area(area))
            set |= 1u << i;
    return set;
}

/* Three hidden Confederates, two in Salem Church and one in Fredericksburg:
 * three ways to put them, each about a third of the time. With a memory
 * that pins one of four counters, and the random walk alone (no draws),
 * the three ways left again come about equally. */
static void test_determinizer_samples_every_assignment_evenly(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    static const char *const ids[] = {"anderson", "mclaws", "early", "rodes"};
    PpGame g;
    pt_empty(&g, 2);
    pt_put(&g, "ii-corps", "banks-ford");
    pt_put(&g, "anderson", "salem-church");
    pt_put(&g, "mclaws", "salem-church");
    pt_put(&g, "early", "fredericksburg");
    PpView v;
    pp_view(&g, PP_UNION, &v);
    Rng rng;
    rng_seed(&rng, 3);
    int count[16] = {0};
    enum { DRAWS = 3000 };
    for (int i = 0; i < DRAWS; i++) {
        PpGame d;
        pp_ai_determinize(pd, &v, NULL, &rng, 64, &d);
        count[placed_in(&d, ids, 3, "fredericksburg")]++;
    }
    for (int k = 0; k < 3; k++) /* each of the three alone in Fredericksburg */
        assert_in_range(count[1u << k], DRAWS / 3 - 150, DRAWS / 3 + 150);

    pt_put(&g, "rodes", "fredericksburg");
    pp_view(&g, PP_UNION, &v);
    PpAiMemory mem;
    pp_ai_memory_init(&mem, PP_UNION);
    pp_ai_observe(&mem, pd, &v);
    mem.maybe[pt_counter("anderson")] = 1ull << pt_area("salem-church"); /* seen there */
    memset(count, 0, sizeof count);
    for (int i = 0; i < DRAWS; i++) {
        PpGame d;
        pp_ai_determinize(pd, &v, &mem, &rng, 0, &d);
        assert_int_equal(pt_where(&d, "anderson"), pt_area("salem-church"));
        count[placed_in(&d, ids, 4, "salem-church")]++;
    }
    for (int k = 1; k < 4; k++) /* Anderson and one other in Salem Church */
        assert_in_range(count[1u | 1u << k], DRAWS / 3 - 150, DRAWS / 3 + 150);
}

/* Two games that differ only in which hidden Confederate counter stands
 * where: the Union's view is the same, and so is each level's decision. */
static void test_ai_never_reads_hidden_counters(void **state)
{
    (void)state;
    PpGame g1, g2;
    pp_new_standard(&g1, pt_data(), 11);
    g2 = g1;
    int x = pt_counter("anderson"), y = pt_counter("early");
    int ax = g2.where[x], ay = g2.where[y];
    assert_int_not_equal(ax, ay);
    pp_put_counter(&g2, x, ay);
    pp_put_counter(&g2, y, ax);
    assert_int_equal(pp_to_move(&g1), PP_UNION);
    PpView v1, v2;
    pp_view(&g1, PP_UNION, &v1);
    pp_view(&g2, PP_UNION, &v2);
    assert_memory_equal(&v1, &v2, sizeof v1);
    assert_memory_not_equal(g1.where, g2.where, sizeof g1.where);
    PpAiBudget b = {120, 0, 0};
    for (int level = 0; level < PP_AI_LEVEL_COUNT; level++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            PpDecision d1 = pp_ai_choose(&g1, level, seed, &b), d2 = pp_ai_choose(&g2, level, seed, &b);
            assert_memory_equal(&d1, &d2, sizeof d1);
        }
}

/* The Union's memory after decision `words`, checked: every hidden
 * Confederate counter may be where it truly is, and a sample from the view
 * keeps the memory (it does not contradict the view). */
static void seen_do(PpGame *g, PpAiMemory *mem, const char *words)
{
    const PpData *pd = pt_data();
    if (words)
        pt_do(g, words);
    PpView v;
    pp_view(g, PP_UNION, &v);
    pp_ai_observe(mem, pd, &v);
    for (int c = 0; c < pd->ncounters; c++)
        if (pd->counters[c].side == PP_CONFEDERATE && v.where[c] == PP_HIDDEN)
            assert_true((mem->maybe[c] >> (g->where[c] == PP_ELIM ? PP_AI_BOX_BIT : g->where[c])) & 1u);
    Rng rng;
    rng_seed(&rng, 1);
    PpGame d;
    assert_int_equal(pp_ai_determinize(pd, &v, mem, &rng, 64, &d), 1);
}

static bool maybe_in(const PpAiMemory *mem, const char *counter, const char *area)
{
    int bit = strcmp(area, "eliminated") == 0 ? PP_AI_BOX_BIT : pt_area(area);
    return (mem->maybe[pt_counter(counter)] >> bit) & 1u;
}

/* The second part of the last impulse: initiative's side moved first, to_move moves now. */
static void at_the_last_impulse(PpGame *g, int initiative, int to_move)
{
    const PpData *pd = pt_data();
    g->impulse = (int8_t)(pd->nimpulses - 1);
    g->step = 1;
    g->initiative = (int8_t)initiative;
    g->to_move = (int8_t)to_move;
    g->budget = (int8_t)pd->impulse_units[g->impulse];
}

/* A fight the Union watches (the Confederates choose their loss, so the
 * faces show), then a recovery: Anderson, seen in Salem Church and lost,
 * may be in the box and no farther than a step from Salem Church or in a
 * recovery area; recovered to Bowling Green, he may be there, and the
 * samples put him there as often as the counts allow. */
static void test_memory_follows_a_fight_and_a_recovery(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    PpGame g;
    pt_empty(&g, 1);
    at_the_last_impulse(&g, PP_UNION, PP_CONFEDERATE);
    pt_put(&g, "xi-corps", "chancellorsville");
    pt_put(&g, "i-corps", "salem-church");
    pt_put(&g, "ii-corps", "salem-church");
    pt_put(&g, "anderson", "salem-church");
    pt_put(&g, "mclaws", "salem-church");
    pt_put(&g, "early", "fredericksburg");
    PpAiMemory mem;
    pp_ai_memory_init(&mem, PP_UNION);
    seen_do(&g, &mem, NULL);
    /* I Corps and II Corps 6 and 1, Anderson and McLaws 1 and 1: one
     * Confederate loss, chosen by them */
    pt_dice(&g, 4, 6, 1, 1, 1);
    seen_do(&g, &mem, "fight salem-church");
    assert_int_equal(g.cb.question, PP_Q_LOSS);
    assert_true(maybe_in(&mem, "anderson", "salem-church")); /* face up */
    assert_false(maybe_in(&mem, "anderson", "fredericksburg"));
    seen_do(&g, &mem, "loss anderson");
    while (g.cb.area >= 0 && g.cb.question == PP_Q_RETREAT) { /* McLaws goes back */
        PpDecision list[PP_MAX_LEGAL];
        int n = pp_legal(&g, list, PP_MAX_LEGAL);
        assert_true(n > 0);
        char words[80];
        pp_decision_format(pd, &list[0], words, sizeof words);
        seen_do(&g, &mem, words);
    }
    assert_int_equal(pt_where(&g, "anderson"), PP_ELIM);
    assert_true(maybe_in(&mem, "anderson", "eliminated"));
    assert_false(maybe_in(&mem, "anderson", "germanna-ford")); /* far from the fight, not a recovery area */
    /* the turn ends; turn 2's recovery, the Confederates first */
    while (g.phase != PP_PH_RECOVERY)
        seen_do(&g, &mem, "done");
    assert_int_equal(pp_to_move(&g), PP_CONFEDERATE);
    seen_do(&g, &mem, "recover anderson bowling-green");
    assert_true(maybe_in(&mem, "anderson", "bowling-green"));
    assert_false(maybe_in(&mem, "anderson", "eliminated")); /* the box is empty now */
    PpView v;
    pp_view(&g, PP_UNION, &v);
    Rng rng;
    rng_seed(&rng, 9);
    int there = 0;
    for (int i = 0; i < 200; i++) {
        PpGame d;
        pp_ai_determinize(pd, &v, &mem, &rng, 64, &d);
        there += pt_where(&d, "anderson") == pt_area("bowling-green");
    }
    assert_true(there > 0);
}

/* Only leaders meet in Chancellorsville: Lee goes to his closest friends
 * (Anderson in Salem Church, two areas away and no recovery area), or to
 * the box when he has none. The Union saw him in the fight: afterwards he
 * may be anywhere. */
static void test_memory_of_a_leader_seen_in_a_fight(void **state)
{
    (void)state;
    PpGame g;
    for (int alone = 0; alone < 2; alone++) {
        pt_empty(&g, 1);
        pt_put(&g, "hooker", "chancellorsville");
        pt_put(&g, "i-corps", "hunting-run");
        pt_put(&g, "ii-corps", "dowdalls-tavern");
        pt_put(&g, "lee", "chancellorsville");
        if (!alone)
            pt_put(&g, "anderson", "salem-church");
        PpAiMemory mem;
        pp_ai_memory_init(&mem, PP_UNION);
        seen_do(&g, &mem, NULL);
        while (g.phase == PP_PH_MOVEMENT && g.cb.area < 0)
            seen_do(&g, &mem, "done");
        assert_int_equal(g.cb.question, PP_Q_LEADER);
        assert_true(maybe_in(&mem, "lee", "chancellorsville")); /* face up */
        seen_do(&g, &mem, "leader hooker dowdalls-tavern");
        if (!alone) {
            assert_int_equal(pt_where(&g, "lee"), pt_area("salem-church"));
            assert_true(maybe_in(&mem, "lee", "salem-church")); /* two areas from where he was seen */
        } else {
            assert_int_equal(pt_where(&g, "lee"), PP_ELIM);
            assert_true(maybe_in(&mem, "lee", "eliminated"));
            PpView v;
            pp_view(&g, PP_UNION, &v);
            Rng rng;
            rng_seed(&rng, 2);
            PpGame d;
            assert_int_equal(pp_ai_determinize(g.data, &v, &mem, &rng, 64, &d), 1);
            assert_int_equal(pt_where(&d, "lee"), PP_ELIM);
        }
    }
}

/* Random games: at every movement decision (no combat under way) the
 * play-outs' greedy pick is legal, no swap, and scores as much as the
 * best of the legal decisions but swaps (pp_ai_greedy_score_map); the
 * same with the Confederates' moves scored by the strike policy (the
 * last two games). */
static void test_playout_pick_is_greedys_best(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    static PpDecision list[PP_MAX_LEGAL];
    PpAiMap map;
    pp_ai_map_init(&map, pd);
    int checked = 0;
    for (int game = 0; game < 6; game++) {
        map.strike[PP_CONFEDERATE] = game >= 4;
        PpGame g;
        pp_new_standard(&g, pd, 70 + (uint64_t)game);
        Rng rng;
        rng_seed(&rng, 100 + (uint64_t)game);
        while (!pp_over(&g)) {
            int n = pp_legal(&g, list, PP_MAX_LEGAL);
            assert_true(n > 0 && n <= PP_MAX_LEGAL);
            if (g.phase == PP_PH_MOVEMENT && g.cb.area < 0) {
                PpDecision d = pp_ai_greedy_movement(&map, &g);
                assert_null(pp_refusal(&g, &d, NULL, 0));
                assert_int_not_equal(d.kind, PP_D_SWAP);
                int best = 0;
                bool any = false;
                for (int i = 0; i < n; i++)
                    if (list[i].kind != PP_D_SWAP) {
                        int s = pp_ai_greedy_score_map(&map, &g, &list[i]);
                        best = !any || s > best ? s : best;
                        any = true;
                    }
                assert_int_equal(pp_ai_greedy_score_map(&map, &g, &d), best);
                checked++;
            }
            /* greedy half the time, so that the games go where greedy goes */
            int pick = rng_below(&rng, 2) ? (int)rng_below(&rng, (uint32_t)n) : pp_ai_greedy_pick(&map, &g, list, n, &rng);
            assert_int_equal(pp_apply(&g, &list[pick], NULL, NULL, 0), 0);
        }
    }
    assert_true(checked > 300);
}

/* Turn 6, the last part of the last impulse, the Union to move: it
 * holds Chancellorsville, and III Corps at Falmouth can step into an
 * empty Fredericksburg. */
static void last_move_to_win(PpGame *g)
{
    pt_empty(g, 6);
    pt_put(g, "xi-corps", "chancellorsville");
    pt_put(g, "iii-corps", "falmouth");
    pt_put(g, "union-minor-1", "hartwood-church");
    pt_put(g, "anderson", "bowling-green");
    pt_put(g, "lee", "bowling-green");
    at_the_last_impulse(g, PP_CONFEDERATE, PP_UNION);
}

/* Turn 6, the last part of the last impulse: the Union holds
 * Chancellorsville, and a corps at Falmouth can step into an empty
 * Fredericksburg: that wins; anything else ties. */
static void test_ismcts_takes_the_winning_capture(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    PpGame g;
    last_move_to_win(&g);
    PpAiBudget b = {300, 0, 0};
    char text[80];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        PpDecision d = pp_ai_choose(&g, PP_AI_ISMCTS, seed, &b);
        pp_decision_format(pd, &d, text, sizeof text);
        assert_string_equal(text, "move iii-corps fredericksburg");
    }
    pt_do(&g, "move iii-corps fredericksburg");
    pt_do(&g, "done");
    assert_true(pp_over(&g));
    assert_int_equal(pp_result(&g), PP_UNION);
}

/* The rollout level in the same position, and in one where the strike is
 * not free: Fredericksburg held by one Confederate minor unit, the Union
 * moving last with two corps next to it. Stepping both in (a fight at the
 * end of the turn, 2 dice at 4+ against one at 6+) wins most games, and
 * staying out only ties: the search must see it from its play-outs. */
static void test_rollout_takes_the_winning_capture(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    PpGame g;
    last_move_to_win(&g);
    PpAiBudget b = {300, 0, 0};
    char text[80];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        PpDecision d = pp_ai_choose(&g, PP_AI_ROLLOUT, seed, &b);
        pp_decision_format(pd, &d, text, sizeof text);
        assert_string_equal(text, "move iii-corps fredericksburg");
    }
    pt_put(&g, "csa-minor-1", "fredericksburg");
    pt_put(&g, "i-corps", "falmouth");
    PpAiStats st;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        PpAi ai;
        pp_ai_init(&ai, PP_UNION, PP_AI_ROLLOUT, seed, &b);
        PpDecision d = pp_ai_decide(&ai, &g, &st);
        pp_decision_format(pd, &d, text, sizeof text);
        assert_true(strcmp(text, "move iii-corps fredericksburg") == 0 || strcmp(text, "move i-corps fredericksburg") == 0);
        assert_true(st.iterations > 0);
    }
}

/* Turn 6, impulse 2 (4 moves), the Confederates to move: the Union holds
 * Chancellorsville with four counters; Lee, Anderson and Colston stand
 * next to it at Catharine Furnace, McLaws at Zoan Church, a minor unit at
 * Dowdall's Tavern: five against four. */
static void strike_position(PpGame *g)
{
    const PpData *pd = pt_data();
    pt_empty(g, 6);
    pt_put(g, "xi-corps", "chancellorsville");
    pt_put(g, "xii-corps", "chancellorsville");
    pt_put(g, "union-minor-1", "chancellorsville");
    pt_put(g, "union-minor-2", "chancellorsville");
    pt_put(g, "iii-corps", "falmouth");
    pt_put(g, "lee", "catharine-furnace");
    pt_put(g, "anderson", "catharine-furnace");
    pt_put(g, "colston", "catharine-furnace");
    pt_put(g, "mclaws", "zoan-church");
    pt_put(g, "csa-minor-1", "dowdalls-tavern");
    pt_put(g, "early", "fredericksburg");
    g->impulse = 1;
    g->step = 1;
    g->initiative = PP_UNION;
    g->budget = (int8_t)pd->impulse_units[g->impulse];
    g->to_move = PP_CONFEDERATE;
}

/* The strike policy (the rollout level's own play-outs): where greedy
 * will not step one unit into a stack of four it does not outnumber, the
 * strike policy does when its units next to the stack outnumber it, and
 * then brings in as many as the stacking allows, the leader who helps
 * every die first and the minor unit last. Without the units next to it,
 * it does not start one. */
static void test_strike_policy_brings_the_stack_in(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    PpGame g;
    strike_position(&g);
    PpAiMap map;
    pp_ai_map_init(&map, pd);
    int cv = pt_area("chancellorsville");
    PpDecision d = pp_ai_greedy_movement(&map, &g);
    assert_false(d.kind == PP_D_MOVE && d.b == cv);
    PpAiMap strike = map;
    strike.strike[PP_CONFEDERATE] = true;
    for (int k = 0; k < 4; k++) { /* four moves: the four units in */
        d = pp_ai_greedy_movement(&strike, &g);
        assert_int_equal(d.kind, PP_D_MOVE);
        assert_int_equal(d.b, cv);
        assert_int_equal(pp_apply(&g, &d, NULL, NULL, 0), 0);
    }
    assert_int_equal(pt_where(&g, "lee"), cv);
    assert_int_equal(pt_where(&g, "csa-minor-1"), pt_area("dowdalls-tavern"));
    assert_int_equal(g.units[PP_CONFEDERATE][cv], 4);
    /* the Union's side is still greedy's */
    assert_false(strike.strike[PP_UNION]);
    /* with McLaws and Colston away, three units cannot outnumber four */
    strike_position(&g);
    pt_put(&g, "mclaws", "bowling-green");
    pt_put(&g, "colston", "bowling-green");
    pt_put(&g, "csa-minor-1", "off");
    d = pp_ai_greedy_movement(&strike, &g);
    assert_false(d.kind == PP_D_MOVE && d.b == cv);
}

/* Turn 6, the last impulse, the Confederates moving last: Fredericksburg
 * is theirs, and Chancellorsville is held by one Union minor unit with
 * Anderson and Colston next to it. Both stepping in (a fight at the end
 * of the turn, 2 dice at 4+ against one at 6+) wins most games; anything
 * else ties. */
static void thin_centre_position(PpGame *g)
{
    pt_empty(g, 6);
    pt_put(g, "union-minor-1", "chancellorsville");
    pt_put(g, "iii-corps", "falmouth");
    pt_put(g, "anderson", "catharine-furnace");
    pt_put(g, "colston", "catharine-furnace");
    pt_put(g, "early", "fredericksburg");
    pt_put(g, "stuart", "bowling-green");
    at_the_last_impulse(g, PP_UNION, PP_CONFEDERATE);
}

/* The rollout level must see the strike, and make the same decision from
 * the same seed. */
static void test_rollout_strikes_as_the_confederates(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    PpGame g;
    thin_centre_position(&g);
    PpAiBudget b = {300, 0, 0};
    char text[80], again[80];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        PpDecision d = pp_ai_choose(&g, PP_AI_ROLLOUT, seed, &b);
        pp_decision_format(pd, &d, text, sizeof text);
        assert_true(strcmp(text, "move anderson chancellorsville") == 0 ||
                    strcmp(text, "move colston chancellorsville") == 0);
        d = pp_ai_choose(&g, PP_AI_ROLLOUT, seed, &b);
        pp_decision_format(pd, &d, again, sizeof again);
        assert_string_equal(text, again);
    }
}

/* (test_rollout_strikes_as_the_confederates's position) The rollout
 * level's play-outs, spent by sequential halving: never more than the
 * budget's play-outs, nor more than per_choice for each decision open;
 * most of the budget is spent (each stage its share); the same seed gives
 * the same decision after the same play-outs. */
static void test_rollout_keeps_to_its_budget(void **state)
{
    (void)state;
    PpGame g;
    thin_centre_position(&g);
    PpAiBudget b = {300, 0, 0};
    PpAiStats st, again;
    PpAi ai;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        pp_ai_init(&ai, PP_CONFEDERATE, PP_AI_ROLLOUT, seed, &b);
        PpDecision d = pp_ai_decide(&ai, &g, &st);
        assert_true(st.iterations > 250 && st.iterations <= 300);
        pp_ai_init(&ai, PP_CONFEDERATE, PP_AI_ROLLOUT, seed, &b);
        PpDecision e = pp_ai_decide(&ai, &g, &again);
        assert_memory_equal(&d, &e, sizeof d);
        assert_int_equal(st.iterations, again.iterations);
    }
    b = (PpAiBudget){100000, 4, 0};
    pp_ai_init(&ai, PP_CONFEDERATE, PP_AI_ROLLOUT, 1, &b);
    pp_ai_decide(&ai, &g, &st);
    assert_true(st.iterations > 0 && st.iterations <= 4 * st.open);
}

/* Turn 6, the last part of the last impulse, the Confederates to move:
 * each side holds its victory area with four units and a trench (the
 * Union Chancellorsville, the Confederates Fredericksburg, three areas
 * apart), and a Confederate minor unit holds Falmouth (printed Union)
 * alone. Every play-out ties, whatever is done. Greedy likes the minor
 * unit's step into Stafford Heights, Hartwood Church or Banks' Ford (an
 * enemy area taken, +12, a step farther from Fredericksburg, -6), and from
 * there its step back (+12 and +6): the rollout level, which broke the
 * play-outs' ties by greedy's liking, stepped such a unit back and forth
 * every impulse of the last turns. The area it leaves goes back to the
 * Union, so the step gains nothing: the unit stays. */
static void dither_position(PpGame *g, const char *minor_at)
{
    pt_empty(g, 6);
    const char *blue[] = {"xi-corps", "xii-corps", "union-minor-1", "union-minor-2"};
    const char *grey[] = {"early", "mclaws", "anderson", "colston"};
    for (int i = 0; i < 4; i++) {
        pt_put(g, blue[i], "chancellorsville");
        pt_put(g, grey[i], "fredericksburg");
    }
    pt_put(g, "csa-minor-1", minor_at);
    g->trench[pt_area("chancellorsville")] |= 1u << PP_UNION;
    g->trench[pt_area("fredericksburg")] |= 1u << PP_CONFEDERATE;
    g->trench_pool[PP_UNION]--;
    g->trench_pool[PP_CONFEDERATE]--;
    at_the_last_impulse(g, PP_UNION, PP_CONFEDERATE);
}

static void test_rollout_does_not_step_back_and_forth(void **state)
{
    (void)state;
    const PpData *pd = pt_data();
    PpGame g;
    dither_position(&g, "falmouth");
    int minor = pt_counter("csa-minor-1");
    PpAiBudget b = {300, 0, 0};
    char text[80];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        PpDecision d = pp_ai_choose(&g, PP_AI_ROLLOUT, seed, &b);
        pp_decision_format(pd, &d, text, sizeof text);
        assert_false(d.kind == PP_D_MOVE && d.a == minor);
    }
    /* from Stafford Heights, the step into Falmouth takes an area nearer
     * Fredericksburg for one farther: it takes it */
    dither_position(&g, "stafford-heights");
    for (uint64_t seed = 1; seed <= 3; seed++) {
        PpDecision d = pp_ai_choose(&g, PP_AI_ROLLOUT, seed, &b);
        pp_decision_format(pd, &d, text, sizeof text);
        assert_string_equal(text, "move csa-minor-1 falmouth");
    }
}

/* Only `done` is open (no Union counter on the map): the answer comes at
 * once, without a search, whatever the budget. */
static void test_forced_decision_takes_no_time(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 3);
    pt_put(&g, "anderson", "salem-church");
    PpDecision list[PP_MAX_LEGAL];
    assert_int_equal(pp_legal(&g, list, PP_MAX_LEGAL), 1);
    PpAi ai;
    PpAiBudget b = {1000000, 0, 0};
    pp_ai_init(&ai, PP_UNION, PP_AI_ISMCTS, 5, &b);
    PpAiStats st;
    PpDecision d = pp_ai_decide(&ai, &g, &st);
    assert_int_equal(d.kind, PP_D_DONE);
    assert_int_equal(st.iterations, 0);
    assert_int_equal(st.open, 1);
    assert_true(st.seconds < 0.05);
}

/* A game between two computer players, twice from the same seeds: the same
 * decisions, the same end. */
static void play(PpGame *g, uint64_t seed, int levels[2], int limit, PpDecision *record)
{
    PpAiBudget b = {25, 0, 0};
    PpAi ai[2];
    pp_new(g, pt_data(), seed);
    for (int s = 0; s < 2; s++) {
        pp_ai_init(&ai[s], s, levels[s], seed * 31 + (uint64_t)s, &b);
        pp_ai_see(&ai[s], g);
    }
    for (int i = 0; i < limit && !pp_over(g); i++) {
        PpDecision d = pp_ai_decide(&ai[pp_to_move(g)], g, NULL);
        record[i] = d;
        assert_int_equal(pp_apply(g, &d, NULL, NULL, 0), 0);
        for (int s = 0; s < 2; s++)
            pp_ai_see(&ai[s], g);
    }
}

static void test_game_replays_from_its_seeds(void **state)
{
    (void)state;
    enum { LIMIT = 400 };
    static PpDecision r1[LIMIT], r2[LIMIT];
    int levels[][2] = {{PP_AI_GREEDY, PP_AI_RANDOM}, {PP_AI_RANDOM, PP_AI_ISMCTS}, {PP_AI_ROLLOUT, PP_AI_GREEDY}};
    for (int k = 0; k < 3; k++) {
        PpGame g1, g2;
        memset(r1, 0, sizeof r1);
        memset(r2, 0, sizeof r2);
        play(&g1, 5, levels[k], k != 1 ? LIMIT : 40, r1);
        play(&g2, 5, levels[k], k != 1 ? LIMIT : 40, r2);
        assert_memory_equal(r1, r2, sizeof r1);
        assert_memory_equal(g1.where, g2.where, sizeof g1.where);
        if (k != 1)
            assert_true(pp_over(&g1));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_parse),
        cmocka_unit_test(test_determinizer_keeps_the_view),
        cmocka_unit_test(test_determinizer_samples_every_assignment_evenly),
        cmocka_unit_test(test_ai_never_reads_hidden_counters),
        cmocka_unit_test(test_memory_follows_a_fight_and_a_recovery),
        cmocka_unit_test(test_memory_of_a_leader_seen_in_a_fight),
        cmocka_unit_test(test_playout_pick_is_greedys_best),
        cmocka_unit_test(test_ismcts_takes_the_winning_capture),
        cmocka_unit_test(test_rollout_takes_the_winning_capture),
        cmocka_unit_test(test_strike_policy_brings_the_stack_in),
        cmocka_unit_test(test_rollout_strikes_as_the_confederates),
        cmocka_unit_test(test_rollout_does_not_step_back_and_forth),
        cmocka_unit_test(test_rollout_keeps_to_its_budget),
        cmocka_unit_test(test_forced_decision_takes_no_time),
        cmocka_unit_test(test_game_replays_from_its_seeds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
