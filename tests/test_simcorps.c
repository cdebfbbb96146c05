/* What guv sim reads of each Union corps (src/cli/simcorps.c, issue 16):
 * log facts recorded as the Automa records them, read into the right
 * corps' figures; and whole games of the bot against the Automa, whose VP
 * by source must add up to the VP marker's moves. */
#include <stdio.h>
#include <string.h>

#include "automa/automa.h"
#include "automa/automa_state.h"
#include "bot/bot.h"
#include "cli/simcorps.h"
#include "gametest.h"

/* Rules whose lines are worded by code that a textless log skips (the
 * Union's attacks and their dice, bombardments, retreats, attachments,
 * the Automa's marches, transfers, paragraphs and wheel). */
#define TEXTLESS_RULES                                                                                                 \
    "AI-ENGAGEMENT", "AI-INTERRUPT", "AI-PLAYER-ATTACK", "AI-BOMBARD-TARGET", "BOMBARD-PROC", "BOMBARD",            \
        "AI-RETREAT", "ACT-INDEP-ATTACH", "AI-MOVE", "AI-TRANSFER", "AI-PROXIMITY-MOVE", "AI-WHEEL", "AI-OBJECTIVE", \
        "FORTIFICATION", "COMBAT-DICE", "ADVANCE", "BREAK-CONTACT", "AI-BREAK-CONTACT", "SKIRM-RULES"

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

/* The hex index of four digits. */
static int hex_at(const char *name)
{
    HexCoord c;
    assert_true(hex_parse(name, &c));
    return hx_index(c);
}

/* A march that gets somewhere, one that does not, an engagement with its
 * interruption roll and hits, an objective's VP, the day's VP, a step lost
 * and the wheel, each told by its log fact as the Automa records it. */
static void test_reads_the_automa_facts(void **state)
{
    (void)state;
    Game g;
    start(&g, "solitaire", 1);
    CorpsWatch w;
    CorpsRecord r;
    corps_watch_start(&w, &r, &g);
    int u2, u3;
    int f2 = corps("II Corps", &u2), f3 = corps("III Corps", &u3);

    corps_watch_before(&w, &g);
    log_fact(&g.log, LF_MARCH, u2, hex_at("1820"), hex_at("1824"), 0);
    log_fact(&g.log, LF_MARCH, u3, hex_at("1920"), hex_at("1920"), 0); /* it could get no closer */
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].marches, 1);
    assert_int_equal(r.corps[f2].nowhere, 0);
    assert_int_equal(r.corps[f2].hexes, 4); /* 1820 to 1824: four hexes down the column */
    assert_int_equal(r.corps[f3].marches, 1);
    assert_int_equal(r.corps[f3].nowhere, 1);
    assert_int_equal(r.corps[f3].hexes, 0);

    corps_watch_before(&w, &g);
    AUTOMA(g.st).eng = ENG_PREP; /* the engagement goes on past this decision */
    log_fact(&g.log, LF_ENGAGE, f2, 0, 0, 0);
    log_fact(&g.log, LF_INTERRUPT, 0, 0, 0, 0);
    log_fact(&g.log, LF_HITS, SIDE_CONFEDERATE, 3, 0, 0);
    log_fact(&g.log, LF_HITS, SIDE_UNION, 1, 0, 0);
    corps_watch_after(&w, &r, &g);
    corps_watch_before(&w, &g);
    log_fact(&g.log, LF_INTERRUPT, 1, 0, 0, 0); /* called off */
    log_fact(&g.log, LF_HITS, SIDE_UNION, 2, 0, 0);
    AUTOMA(g.st).eng = ENG_NONE;
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].engagements, 1);
    assert_int_equal(r.corps[f2].interrupts, 2); /* two rolls */
    assert_int_equal(r.corps[f2].called_off, 1);
    assert_int_equal(r.corps[f2].hits_dealt, 3);
    assert_int_equal(r.corps[f2].hits_taken, 3);
    assert_int_equal(r.corps[f3].engagements, 0);
    corps_watch_before(&w, &g); /* over: hits now belong to no engagement */
    log_fact(&g.log, LF_HITS, SIDE_UNION, 1, 0, 0);
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].hits_taken, 3);

    corps_watch_before(&w, &g);
    log_fact(&g.log, LF_REACHES, f3, 0, 0, 0);
    log_fact(&g.log, LF_VP, SIDE_UNION, 2, AVP_OBJECTIVE, 0);
    log_fact(&g.log, LF_READ, 1, -1, 0, 0); /* the day's reckoning, read for the army */
    log_fact(&g.log, LF_VP, SIDE_UNION, 1, AVP_DAY, 0);
    log_fact(&g.log, LF_VP, SIDE_CONFEDERATE, 1, AVP_BOXED, 0);
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f3].vp_objective, 2);
    assert_int_equal(r.corps[f2].vp_objective, 0);
    assert_int_equal(r.vp[SIDE_UNION][VS_OBJECTIVE], 2);
    assert_int_equal(r.vp[SIDE_UNION][VS_DAY], 1);
    assert_int_equal(r.vp[SIDE_CONFEDERATE][VS_BOXED], 1);
    assert_int_equal(r.vp[SIDE_UNION][VS_OTHER], 0);

    /* a paragraph read for a corps: its VP line is the corps' */
    corps_watch_before(&w, &g);
    log_fact(&g.log, LF_READ, 17, f2, 1, 0);
    log_fact(&g.log, LF_VP, SIDE_UNION, 1, AVP_PARAGRAPH, 17);
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f2].vp_objective, 1);
    assert_int_equal(r.vp[SIDE_UNION][VS_PARAGRAPH], 1);

    /* facts taken back with their lines are not read */
    corps_watch_before(&w, &g);
    int lines = g.log.count;
    log_fact(&g.log, LF_ENGAGE, f3, 0, 0, 0);
    log_add(&g.log, g.st.turn, LOG_EVENT, "AI-ENGAGEMENT", "III Corps engages");
    log_truncate(&g.log, lines);
    corps_watch_after(&w, &r, &g);
    assert_int_equal(r.corps[f3].engagements, 0);

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

/* The marches' leads in text: " lead UNIT" (not "the lead goes on"). */
static int leads(const char *text)
{
    int n = 0;
    for (const char *p = strstr(text, AUTOMA_LOG_LEAD); p; p = strstr(p + 1, AUTOMA_LOG_LEAD)) {
        char id[64];
        n += sscanf(p + strlen(AUTOMA_LOG_LEAD), "%63s", id) == 1 && data_unit_index(&gd, id) >= 0;
    }
    return n;
}

/* Each fact is recorded where its line is written: as many of each kind as
 * there are lines (or, for marches, leads) that tell it, in a game played
 * with its text. */
static void facts_match_lines(const Game *g)
{
    int facts[LF_COUNT] = {0}, lines[LF_COUNT] = {0}, conf_hits = 0, conf_hit_lines = 0, interruption_dice = 0;
    for (int i = 0; i < g->log.nfacts; i++) {
        facts[g->log.facts[i].kind]++;
        conf_hits += g->log.facts[i].kind == LF_HITS && g->log.facts[i].a == SIDE_CONFEDERATE;
    }
    for (int i = 0; i < g->log.count; i++) {
        const LogEntry *e = &g->log.items[i];
        interruption_dice += e->kind == LOG_ROLL && strcmp(e->rule, "AI-INTERRUPT") == 0;
        if (e->kind != LOG_EVENT && e->kind != LOG_DECISION)
            continue;
        const char *t = e->text;
        lines[LF_MARCH] += leads(t);
        lines[LF_ENGAGE] += strstr(t, AUTOMA_LOG_ENGAGES) != NULL;
        lines[LF_INTERRUPT] += strcmp(e->rule, "AI-INTERRUPT") == 0;
        bool on_conf = strstr(t, AUTOMA_LOG_HITS_ON_CONF) != NULL;
        lines[LF_HITS] += on_conf || strstr(t, AUTOMA_LOG_HITS_ON_UNION) != NULL;
        conf_hit_lines += on_conf;
        lines[LF_READ] += strstr(t, AUTOMA_LOG_READ_FOR) != NULL;
        lines[LF_REACHES] += strstr(t, AUTOMA_LOG_REACHES) != NULL;
        lines[LF_VP] += strncmp(t, "the Union scores ", 17) == 0 || strncmp(t, "the Confederates score ", 23) == 0;
        lines[LF_OBJECTIVE] += strstr(t, "objective marker of value") != NULL;
    }
    for (int k = 0; k < LF_COUNT; k++)
        assert_int_equal(facts[k], lines[k]);
    assert_int_equal(conf_hits, conf_hit_lines);
    assert_int_equal(facts[LF_INTERRUPT], interruption_dice); /* one fact a roll: its die and its result are one roll */
}

/* Whole games: every VP the marker moved is in the VP by source (a game
 * that ends with the marker inside the track, where nothing was cut off
 * at an end), the corps marched and fought, and the log's facts are those
 * its lines tell. */
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
        facts_match_lines(&g);
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
        int rolls = 0, interrupts = 0; /* each interruption roll counts once, for the corps engaging */
        for (int i = 0; i < g.log.count; i++)
            rolls += g.log.items[i].kind == LOG_ROLL && strcmp(g.log.items[i].rule, "AI-INTERRUPT") == 0;
        for (int f = 0; f < r.nf; f++) {
            interrupts += r.corps[f].interrupts;
            marches += r.corps[f].marches;
            engagements += r.corps[f].engagements;
            assert_true(r.corps[f].nowhere <= r.corps[f].marches);
            assert_true(r.corps[f].called_off <= r.corps[f].interrupts);
        }
        assert_true(interrupts <= rolls);
        game_free(&g);
    }
    assert_true(checked > 0);
    assert_true(marches > 0);
    assert_true(engagements > 0);
}

/* Plays seed's game with the bot at level to its end, with or without the
 * log's words from its first decision on; the set-up's lines. */
static int play_through(Game *g, uint64_t seed, int level, bool textless)
{
    start(g, "solitaire", seed);
    int setup = g->log.count;
    g->light = true;
    g->log.textless = textless;
    Rng bot;
    rng_seed(&bot, seed);
    for (long k = 0; k < 100000 && g->st.phase != PH_GAME_OVER; k++) {
        int n, pick = 0;
        if (g->st.to_move == SIDE_CONFEDERATE)
            pick = bot_decide(g, level, legal_buf, 20000, &bot, &n);
        else
            n = game_legal(g, legal_buf, 20000);
        assert_true(n > 0);
        char why[256];
        assert_true(game_apply(g, &legal_buf[pick], why, sizeof why));
    }
    assert_int_equal(g->st.phase, PH_GAME_OVER);
    return setup;
}

/* The sim's log without words (GameLog.textless) plays the same game: the
 * same state at the end, the same lines with the same rules and dice, the
 * same facts; only the words are left out. Games at both bot levels, so
 * that the paths that skip words (the Union's attacks and bombardments,
 * retreats, detachments, the Automa's marches and paragraphs) all run:
 * the rules of their lines must be seen among the games' lines. */
static void test_textless_plays_the_same(void **state)
{
    (void)state;
    static const char *must_see[] = {TEXTLESS_RULES};
    bool seen[sizeof must_see / sizeof *must_see] = {0};
    for (int level = 0; level < BOT_LEVEL_COUNT; level++)
        for (uint64_t seed = 2; seed <= 3; seed++) {
            Game a, b;
            play_through(&a, seed, level, false);
            int setup = play_through(&b, seed, level, true);
            assert_memory_equal(&a.st, &b.st, sizeof a.st);
            assert_int_equal(a.log.count, b.log.count);
            int worded = 0;
            for (int i = 0; i < a.log.count; i++) {
                const LogEntry *x = &a.log.items[i], *y = &b.log.items[i];
                assert_int_equal(x->seq, y->seq);
                assert_int_equal(x->turn, y->turn);
                assert_int_equal(x->kind, y->kind);
                assert_string_equal(x->rule, y->rule);
                assert_int_equal(x->die, y->die);
                assert_int_equal(x->modified, y->modified);
                assert_int_equal(x->forced, y->forced);
                assert_int_equal(x->secret, y->secret);
                worded += x->text[0] != '\0';
                if (i >= setup) /* the set-up's lines came before the words were turned off */
                    assert_string_equal(y->text, "");
                for (size_t r = 0; r < sizeof must_see / sizeof *must_see; r++)
                    seen[r] |= i >= setup && strcmp(y->rule, must_see[r]) == 0;
            }
            assert_true(worded > a.log.count / 2);
            assert_int_equal(a.log.nfacts, b.log.nfacts);
            assert_memory_equal(a.log.facts, b.log.facts, (size_t)a.log.nfacts * sizeof *a.log.facts);
            game_free(&a);
            game_free(&b);
        }
    for (size_t r = 0; r < sizeof must_see / sizeof *must_see; r++) {
        if (!seen[r])
            print_error("no line of rule %s in the games: the test no longer runs that path\n", must_see[r]);
        assert_true(seen[r]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_the_automa_facts),
        cmocka_unit_test(test_whole_games_add_up),
        cmocka_unit_test(test_textless_plays_the_same),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
