/* What guv sim reads of each Union corps (src/cli/simcorps.c, issue 16):
 * log lines written as the Automa writes them, read back into the right
 * corps' figures; and whole games of the bot against the Automa, whose VP
 * by source must add up to the VP marker's moves. */
#include <stdio.h>
#include <string.h>

#include "automa/automa.h"
#include "automa/automa_state.h"
#include "bot/bot.h"
#include "cli/simcorps.h"
#include "gametest.h"

/* The Automa formation named `name`, and one of its units. */
static int corps(const char *name, int *unit)
{
    for (int f = 0; f < gd.automa.nformations; f++)
        if (strcmp(automa_formation_name(&gd, f), name) == 0) {
            for (int u = 0; u < gd.nunits; u++)
                if (data_automa_formation_of_unit(&gd, u) == f) {
                    *unit = u;
                    return f;
                }
        }
    fail_msg("no Automa formation '%s' with a unit", name);
    return -1;
}

static void say(Game *g, const char *rule, const char *text) { log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s", text); }

/* A march that gets somewhere, one that does not, an engagement with its
 * interruption roll and hits, an objective's VP, the day's VP, a step lost
 * and the wheel. */
static void test_reads_the_automa_lines(void **state)
{
    (void)state;
    Game g;
    start(&g, "solitaire", 1);
    CorpsWatch w;
    CorpsRecord r;
    corps_watch_start(&w, &r, &g);
    int u2, u3;
    int f2 = corps("II Corps", &u2), f3 = corps("III Corps", &u3);
    char line[200];

    corps_watch_before(&w, &g);
    snprintf(line, sizeof line, "II Corps marches on its objective [019] Chancellorsville:" AUTOMA_LOG_LEAD "%s 1820->1824 (3.0 MP);",
             gd.units[u2].id);
    say(&g, "AI-MOVE", line);
    snprintf(line, sizeof line, "III Corps marches on its objective [017] Salem Church:" AUTOMA_LOG_LEAD "%s" AUTOMA_LOG_NO_CLOSER,
             gd.units[u3].id);
    say(&g, "AI-MOVE", line);
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].marches, 1);
    assert_int_equal(r.corps[f2].nowhere, 0);
    assert_int_equal(r.corps[f2].hexes, 4); /* 1820 to 1824: four hexes down the column */
    assert_int_equal(r.corps[f3].marches, 1);
    assert_int_equal(r.corps[f3].nowhere, 1);
    assert_int_equal(r.corps[f3].hexes, 0);

    corps_watch_before(&w, &g);
    AUTOMA(g.st).eng = ENG_PREP; /* the engagement goes on past this decision */
    say(&g, "AI-ENGAGEMENT", "II Corps" AUTOMA_LOG_ENGAGES "2 divisions against 1 hex: the Confederates may first add ...");
    say(&g, "AI-INTERRUPT", "4 - 1 dice = 3: the attack goes on");
    say(&g, "AI-ENGAGEMENT",
        "2 modifier points (full strength) placed after the roll in the Automa's best way: 3 hits" AUTOMA_LOG_HITS_ON_CONF);
    say(&g, "AI-ENGAGEMENT", "1 hit" AUTOMA_LOG_HITS_ON_UNION);
    corps_watch_after(&w, &r, &g);
    corps_watch_before(&w, &g);
    say(&g, "AI-INTERRUPT", "1 - 2 dice = -1: " AUTOMA_LOG_CALLED_OFF " and the activation ends");
    say(&g, "AI-ENGAGEMENT", "2 hits" AUTOMA_LOG_HITS_ON_UNION);
    AUTOMA(g.st).eng = ENG_NONE;
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].engagements, 1);
    assert_int_equal(r.corps[f2].interrupts, 2);
    assert_int_equal(r.corps[f2].called_off, 1);
    assert_int_equal(r.corps[f2].hits_dealt, 3);
    assert_int_equal(r.corps[f2].hits_taken, 3);
    assert_int_equal(r.corps[f3].engagements, 0);
    corps_watch_before(&w, &g); /* over: hits now belong to no engagement */
    say(&g, "AI-ENGAGEMENT", "1 hit" AUTOMA_LOG_HITS_ON_UNION);
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].hits_taken, 3);

    corps_watch_before(&w, &g);
    say(&g, "AI-OBJECTIVE", "III Corps" AUTOMA_LOG_REACHES "[017] Salem Church");
    say(&g, "AI-OBJECTIVE", "the Union scores 2 VP (" AUTOMA_VP_OBJECTIVE "): the VP marker 12 -> 10");
    say(&g, "AI-DAY-VP", "[001] The day's reckoning" AUTOMA_LOG_READ_FOR "the army");
    say(&g, "AI-DAY-VP", "the Union scores 1 VP ([001]): the VP marker 10 -> 9");
    say(&g, "AI-COUNTERS", "the Confederates score 1 VP (" AUTOMA_VP_BOXED "): the VP marker 9 -> 10");
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f3].vp_objective, 2);
    assert_int_equal(r.corps[f2].vp_objective, 0);
    assert_int_equal(r.vp[SIDE_UNION][VS_OBJECTIVE], 2);
    assert_int_equal(r.vp[SIDE_UNION][VS_DAY], 1);
    assert_int_equal(r.vp[SIDE_CONFEDERATE][VS_BOXED], 1);
    assert_int_equal(r.vp[SIDE_UNION][VS_OTHER], 0);

    /* a step lost, and the wheel reached on turn 1 and left on turn 2 */
    int onmap = -1;
    for (int u = 0; u < g.st.nunits && onmap < 0; u++)
        if (data_automa_formation_of_unit(&gd, u) == f2 && g.st.unit[u].where == AT_MAP && g.st.unit[u].steps > 1)
            onmap = u;
    assert_true(onmap >= 0);
    corps_watch_before(&w, &g);
    g.st.unit[onmap].steps--;
    AUTOMA(g.st).wheel[1] = (signed char)f2;
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].steps_lost, 1);
    assert_int_equal(r.corps[f2].wheel_turn, g.st.turn);
    assert_int_equal(r.corps[f2].release_turn, 0);
    g.st.turn++;
    corps_watch_before(&w, &g);
    AUTOMA(g.st).wheel[1] = -1;
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].release_turn, g.st.turn);
    game_free(&g);
}

/* Whole games: every VP the marker moved is in the VP by source (a game
 * that ends with the marker inside the track, where nothing was cut off
 * at an end), and the corps marched and fought. */
static void test_whole_games_add_up(void **state)
{
    (void)state;
    long marches = 0, engagements = 0, checked = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        Game g;
        start(&g, "solitaire", seed);
        g.light = true;
        CorpsWatch w;
        CorpsRecord r;
        corps_watch_start(&w, &r, &g);
        Rng bot;
        rng_seed(&bot, seed);
        for (long k = 0; k < 100000 && g.st.phase != PH_GAME_OVER; k++) {
            int n, pick = 0;
            if (g.st.to_move == SIDE_CONFEDERATE)
                pick = bot_decide(&g, BOT_SIMPLE, legal_buf, 20000, &bot, &n);
            else
                n = game_legal(&g, legal_buf, 20000);
            assert_true(n > 0);
            corps_watch_before(&w, &g);
            char why[256];
            assert_true(game_apply(&g, &legal_buf[pick], why, sizeof why));
            corps_watch_after(&w, &r, &g);
        }
        assert_int_equal(g.st.phase, PH_GAME_OVER);
        int conf = 0, uni = 0;
        for (int s = 0; s < VS_COUNT; s++) {
            conf += r.vp[SIDE_CONFEDERATE][s];
            uni += r.vp[SIDE_UNION][s];
        }
        assert_int_equal(r.vp[SIDE_UNION][VS_OTHER] + r.vp[SIDE_CONFEDERATE][VS_OTHER], 0);
        const ActivationTrack *t = &gd.automa.track;
        int vp = AUTOMA(g.st).vp;
        if (vp > t->vp_min && vp < t->vp_max) {
            assert_int_equal(t->setup_vp + conf - uni, vp);
            checked++;
        }
        for (int f = 0; f < r.nf; f++) {
            marches += r.corps[f].marches;
            engagements += r.corps[f].engagements;
            assert_true(r.corps[f].nowhere <= r.corps[f].marches);
            assert_true(r.corps[f].called_off <= r.corps[f].interrupts);
        }
        game_free(&g);
    }
    assert_true(checked > 0);
    assert_true(marches > 0);
    assert_true(engagements > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_the_automa_lines),
        cmocka_unit_test(test_whole_games_add_up),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
