/* The Automa's data (AI-BOOKLET-DATA): the shipped booklet, wheel and track
 * load and read as docs/booklet-format.md says, and every kind of mistake a
 * booklet author can make is reported at its file and line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"
#include "gametest.h" /* the shipped data in gd, setup and teardown */
#include "testutil.h"

/* A copy of the shipped config/ and booklet/ to patch. */
static char *copy_data(void)
{
    char tmpl[] = "/tmp/guv-booklet-XXXXXX";
    char *dir = mkdtemp(tmpl);
    assert_non_null(dir);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cp -R '%s/config' '%s/booklet' '%s/'", SOURCE_DIR, SOURCE_DIR, dir);
    assert_int_equal(system(cmd), 0);
    return strdup(dir);
}

/* Patches rel (under the data dir) and expects message at the line holding
 * line_text (0: any line). */
static void expect_error(const char *rel, const char *old, const char *new_text, const char *line_text,
                         const char *message)
{
    char *dir = copy_data();
    tu_patch(dir, rel, old, new_text);
    /* a wheel trigger's paragraph is reported where the wheel names it */
    const char *file = strstr(message, "wheel slot trigger") ? "config/wheel.ini" : rel;
    int line = line_text ? tu_line_of(dir, file, line_text) : 0;
    GameData g;
    Diags d = {0};
    if (gamedata_load(dir, &g, &d))
        fail_msg("no error for %s: '%s' -> '%s'", rel, old, new_text);
    if (!tu_has_diag(&d, file, line, message)) {
        print_message("expected %s:%d: %s\ngot:\n", rel, line, message);
        tu_print_diags(&d);
        fail();
    }
    if (strncmp(rel, "booklet/", 8) == 0 || strstr(rel, "wheel") || strstr(rel, "activation-track"))
        assert_false(g.automa.present); /* a mistake in the Automa's own files leaves no Automa */
    gamedata_free(&g);
    diags_free(&d);
    tu_remove_tree(dir);
}

static void test_goto_chain_limit(void **state)
{
    (void)state;
    /* Issue 13, bug 8: guv check accepted goto chains the game stops
     * following after PARA_MAX_HOPS paragraphs without a word; the check now
     * reports them. A chain [900] -> [901] -> ... -> [969]. */
    size_t cap = 70 * 120 + 64;
    char *chain = malloc(cap);
    assert_non_null(chain);
    size_t len = 0;
    for (int i = 900; i < 970; i++)
        len += (size_t)snprintf(chain + len, cap - len, "[para:%03d]\ntitle = Hop\nreader = game\ntext = On.\ndo1 = %s%03d\n\n", i,
                                i < 969 ? "goto " : "end", i < 969 ? i + 1 : 0);
    /* the last one ends: keep the text valid */
    char *last = strstr(chain, "do1 = end000");
    if (last)
        memcpy(last, "do1 = end   ", 12);
    snprintf(chain + len, cap - len, "[para:999]");
    expect_error("booklet/paragraphs.ini", "[para:999]", chain, "[para:900]",
                 "its goto chain reads 70 paragraphs; the game follows at most 64");
    free(chain);
}

static void test_shipped_booklet(void **state)
{
    (void)state;
    const AutomaData *a = &gd.automa;
    assert_true(a->present);
    /* eight formations: seven corps with a command marker and Gibbon */
    assert_int_equal(a->track.nmarkers, 7);
    assert_int_equal(a->nformations, 8);
    int gib = data_automa_formation(&gd, "gibbon");
    assert_true(gib >= 0);
    assert_true(a->formations[gib].counter >= 0);
    /* AI-SETUP: Hooker on box 2, Aggressive, VP 12; I Corps on turn 6, VI on 13, the
     * Independent on 3, Objective X on 16 */
    assert_int_equal(a->track.setup_hooker, 2);
    assert_int_equal(a->track.setup_attitude, ATT_AGGRESSIVE);
    assert_int_equal(a->track.setup_vp, 12);
    int found = 0;
    for (int i = 0; i < a->track.nturn_markers; i++) {
        const TurnMarker *m = &a->track.turn_markers[i];
        if (m->kind == TM_CORPS && m->formation == data_automa_formation(&gd, "reynolds"))
            found += m->turn == 6;
        if (m->kind == TM_CORPS && m->formation == data_automa_formation(&gd, "sedgwick"))
            found += m->turn == 13;
        if (m->kind == TM_INDEPENDENT)
            found += m->turn == 3;
        if (m->kind == TM_OBJECTIVE_X)
            found += m->turn == 16 && m->nroll == 3 && m->roll_para[0] == 988 && m->roll_para[2] == 999;
    }
    assert_int_equal(found, 4);
    /* the wheel: the advance roll 2d6 + markers + turn, 12 or more (G) */
    assert_int_equal(a->wheel.advance_dice, 2);
    assert_true(a->wheel.add_markers && a->wheel.add_turn);
    assert_int_equal(a->wheel.advance_target, 12);
    assert_int_equal(a->wheel.slot[4].trigger[ATT_AGGRESSIVE], 110);
    assert_int_equal(a->wheel.slot[4].trigger[ATT_CAUTIOUS], 111);
    assert_int_equal(a->wheel.slot[8].trigger[ATT_AGGRESSIVE], 29);
    /* the format document's example: page 7, third die 5 */
    const PageCell *c = data_page_cell(&gd, 7, 5, RW_BEHAVIOUR);
    assert_non_null(c);
    assert_int_equal(c->value, BH_NONE);
    assert_int_equal(data_page_cell(&gd, 7, 5, RW_PROX_AGGRESSIVE)->value, 3);
    assert_int_equal(data_page_cell(&gd, 7, 5, RW_PROX_CAUTIOUS)->value, 2);
    c = data_page_cell(&gd, 7, 5, RW_BOMBARD);
    assert_true(c->no_bombard);
    assert_int_equal(c->value, 2);
    /* page 2 with the die at 1: Hooker down, wrapping */
    c = data_page_cell(&gd, 2, 1, RW_ACTIVATION);
    assert_int_equal(c->narrows, 1);
    assert_int_equal(c->arrows[0].slot, 0);
    assert_false(c->arrows[0].up);
    assert_true(c->arrows[0].star);
    /* [011]: Aggressive goes to do2, a 2d6 roll with three outcomes */
    const Paragraph *p = data_paragraph(&gd, 11);
    assert_non_null(p);
    assert_false(p->game_reader);
    assert_int_equal(p->step[0].op, OP_IF);
    assert_int_equal(p->step[0].test, TEST_ATTITUDE);
    assert_int_equal(p->step[1].op, OP_ROLL);
    assert_int_equal(p->step[1].nout, 3);
    assert_int_equal(p->step[5].op, OP_OBJECTIVE);
    assert_int_equal(p->step[5].target, TARGET_SELF);
    assert_int_equal(p->step[5].value, 1);
    assert_int_equal(p->step[5].area, 19);
    /* every area has its paragraph; the hooks are game paragraphs */
    for (int i = 0; i < gd.nareas; i++)
        assert_non_null(data_paragraph(&gd, gd.areas[i].number));
    assert_true(data_paragraph(&gd, a->hook_day_end)->game_reader);
    assert_true(data_paragraph(&gd, a->hook_turn_end)->game_reader);
    assert_false(data_paragraph(&gd, a->hook_reduced)->game_reader);
}

static void test_base_data_has_no_automa(void **state)
{
    (void)state;
    GameData g;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &g, &d));
    assert_false(g.automa.present);
    gamedata_free(&g);
    diags_free(&d);
}

static void test_bad_pages(void **state)
{
    (void)state;
    const char *f = "booklet/pages.ini";
    expect_error(f, "title = A day like any other\nborder = none ", "title = A day like any other\nborder = calm ",
                 "border = calm", "page 7: cell 1 'calm' is read by window behaviour; expected a behaviour");
    expect_error(f, "[page:12]", "[page:13]", "[page:13]", "the pages are 2 to 12");
    expect_error(f, "         hd*            5d+hd          3d+hd*", "         1u             5d+hd          3d+hd*",
                 "border = combat-1       none           combat-1", "page 2: cell 16 '1u' is read by window activation");
    expect_error(f, "window.bombardment = 9", "window.bombardment = 6", "window.bombardment = 6",
                 "[ruler]: window proximity-cautious with the arrow at 1 and window bombardment with the arrow at 1 "
                 "both read cell 7");
    expect_error(f, "anchors = 1 1 2 2 3 3", "anchors = 1 1 2 2 3", "anchors =", "six positions");
}

static void test_bad_paragraphs(void **state)
{
    (void)state;
    const char *f = "booklet/paragraphs.ini";
    expect_error(f, "do2 = roll 2d6 2-3:4 4-10:6 11-12:10", "do2 = roll 2d6 2-3:4 4-10:6 12:10",
                 "do2 = roll 2d6 2-3:4 4-10:6 12:10", "[para:011] do2: roll 2d6 ranges leave 11");
    expect_error(f, "do2 = roll 2d6 2-3:4 4-10:6 11-12:10", "do2 = roll 2d6 2-3:1 4-10:6 11-12:10",
                 "do2 = roll 2d6 2-3:1", "[para:011] do2: target 1 must be a later step");
    expect_error(f, "do4 = objective self 0 020", "do4 = march self 0 020", "do4 = march",
                 "[para:011] do4: unknown verb 'march'");
    expect_error(f, "do4 = objective self 0 020", "do4 = objective self 0 028", "do4 = objective self 0 028",
                 "objective area 028 is not an [area:...]");
    expect_error(f, "do4 = objective self 0 020", "do4 = objective self 0 011", "do4 = objective self 0 011",
                 "gives the reader an objective in its own area 011");
    expect_error(f, "do4 = objective self 0 020", "do4 = objective self 7 020", "do4 = objective self 7",
                 "value '7' must be 0-2");
    expect_error(f, "do1 = if holds union chancellorsville yes:2 no:3", "do1 = if holds union atlantis yes:2 no:3",
                 "atlantis", "unknown place 'atlantis'");
    expect_error(f, "do2 = vp union 1\ndo3 = if holds union fredericksburg", "do2 = hold\ndo3 = if holds union fredericksburg",
                 "do2 = hold", "'hold' in a paragraph with reader = game");
    expect_error(f, "do11 = end\n\n[para:002]", "do11 = vp union 1\n\n[para:002]", "do11 = vp union 1",
                 "[para:001] do11: falls off the end");
    expect_error(f, "do1 = if attitude aggressive yes:2 no:3", "do1 = if attitude aggressive yes:2 no:2", 0,
                 "[para:011] do3 can never be reached");
    expect_error(f, "[hooks]\nstart", "[para:555]\ntitle = Lost\nreader = game\ntext = Nobody reads this.\ndo1 = end\n\n[hooks]\nstart",
                 "[para:555]", "[para:555] is never read");
    expect_error(f, "do1 = if holds union chancellorsville yes:2 no:3", "do1 = if vp 0-30 yes:2 no:3",
                 "do1 = if vp 0-30", "[para:001] do1: if vp RANGE: a range within the VP track 0-25");
    expect_error(f, "[hooks]\nstart",
                 "[para:556]\ntitle = A\nreader = game\ntext = a\ndo1 = goto 557\n\n"
                 "[para:557]\ntitle = B\nreader = game\ntext = b\ndo1 = goto 556\n\n[hooks]\nstart",
                 "[para:556]", "goto loop: 556 -> 557 -> 556");
}

static void test_bad_wheel_and_track(void **state)
{
    (void)state;
    expect_error("booklet/paragraphs.ini", "do11 = combat self -1\ndo12 = wheel-release", "do11 = combat self -1\ndo12 = end",
                 "trigger = 029", "paragraph 029 (a wheel slot trigger) does not run wheel-release on every path");
    expect_error("config/wheel.ini", "half = 2\nnext = 8\nopposite = 3", "half = 2\nnext = 8\nopposite = 2",
                 0, "[slot:7] opposite = 2, but [slot:2] opposite = 6");
    expect_error("config/wheel.ini", "half = 2\nnext = 1\n", "half = 2\nnext = 2\n", "[wheel]\narea",
                 "'next' links must run once round");
    expect_error("config/activation-track.ini", "min_dice = 1 ", "min_dice = 9 ", "[rules]\ndice_per",
                 "min_dice (9) is above max_dice (6)");
    expect_error("config/activation-track.ini", "dice_per = 5 ", "dice_per = 0 ", "dice_per = 0", "dice_per");
    expect_error("config/activation-track.ini", "night_divisor = 2 ", "", "[rules]\ndice_per", "night_divisor");
    expect_error("config/activation-track.ini", "linked = 3 4", "linked = 3 9", "linked = 3 9",
                 "linked: two different slots of the track's 7");
    expect_error("config/activation-track.ini", "hooker = 2\nattitude = aggressive", "hooker = 5\nattitude = aggressive",
                 "attitude = aggressive\nvp", "Hooker's box 5 is cautious");
    expect_error("config/activation-track.ini", "from = 11\nto = 18", "from = 12\nto = 18", 0,
                 "the rating bands cover VP 11 0 times");
    expect_error("config/activation-track.ini", "track = meade howard slocum", "track = meade howard", "[setup]\ntrack",
                 "the command marker of slocum must start once");
}

/* The solitaire scenario's own sections (docs/booklet-format.md, "New
 * scenario keys"; AI-SETUP, AI-COUNTERS). */
static void test_shipped_solitaire_scenario(void **state)
{
    (void)state;
    int s = data_scenario_index(&gd, "solitaire");
    assert_true(s >= 0);
    const ScenarioDef *sc = &gd.scenarios[s];
    assert_true(sc->solitaire);
    assert_int_equal(sc->last_turn, 20);
    /* B1 step 3: XI and XII Corps at Germanna Ford [011] with +1 combat, V Corps at Ely's Ford
     * [012] with +1, II Corps at Banks' Ford [014], Gibbon and III Corps at Falmouth [015],
     * I and VI Corps at [018] */
    static const struct {
        const char *f;
        int area, combat;
    } want[] = {{"howard", 11, 1}, {"slocum", 11, 1},  {"meade", 12, 1},    {"couch", 14, 0},
                {"gibbon", 15, 0}, {"sickles", 15, 0}, {"reynolds", 18, 0}, {"sedgwick", 18, 0}};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        int f = data_automa_formation(&gd, want[i].f);
        assert_true(f >= 0);
        assert_int_equal(gd.areas[sc->strategy_area[f]].number, want[i].area);
        assert_int_equal(sc->strategy_combat[f], want[i].combat);
        assert_int_equal(sc->objective_area[f], -1); /* C.2: no objectives at the start */
    }
    /* every division counter is a Union unit of its corps, deployed, full strength its first value */
    int counters = 0;
    for (int u = 0; u < gd.nunits; u++) {
        if (gd.units[u].counter < 0)
            continue;
        counters++;
        const AutomaCounterDef *c = &gd.counters[gd.units[u].counter];
        assert_int_equal(gd.units[u].side, SIDE_UNION);
        assert_int_equal(gd.units[u].formation, c->corps);
        assert_int_equal(gd.units[u].strength, c->values[0]);
        assert_int_equal(gd.units[u].movement, 4);
        bool placed = false;
        for (int i = 0; i < sc->ndeploy; i++)
            placed |= sc->deploy[i].unit == u;
        assert_true(placed);
    }
    assert_int_equal(counters, gd.ncounters);
    assert_int_equal(data_automa_formation_of_unit(&gd, data_unit_index(&gd, "gibbon")),
                     data_automa_formation(&gd, "gibbon"));
    assert_int_equal(data_automa_formation_of_unit(&gd, data_unit_index(&gd, "hancock")),
                     data_automa_formation(&gd, "couch"));
}

static void test_bad_solitaire_scenario(void **state)
{
    (void)state;
    const char *f = "config/scenarios/solitaire.ini";
    expect_error(f, "howard = 011 combat+1", "howard = 011 combat+2", "howard = 011",
                 "the value is AREA, then optionally combat+1 or combat-1");
    expect_error(f, "howard = 011 combat+1", "howard = 099", "howard = 099", "'099' is not an area");
    expect_error(f, "howard = 011 combat+1", "hooker = 011", "hooker = 011", "'hooker' is not an Automa formation");
    expect_error(f, "howard = 011 combat+1\n", "", "[strategy]\n; B1", "[strategy] has no strategy counter for howard");
    expect_error(f, "; none at the start (C.2)", "meade = 3 019", "meade = 3 019", "VALUE from 0 to 2");
    expect_error(f, "; none at the start (C.2)", "meade = 1 012", "meade = 1 012",
                 "the area its strategy counter already stands in");
    expect_error(f, "geary = 0613", "geary = 0614", "geary = 0614", "Automa counters never stack");
    expect_error(f, "geary = 0613\n", "", "[deploy:automa]\n; XII", "[deploy:automa] does not place geary");
    expect_error(f, "geary = 0613", "geary = 0613\nvon-gilsa = 0101", "von-gilsa = 0101",
                 "von-gilsa is not an Automa division counter");
    expect_error(f, "; none: the Automa's divisions are in [deploy:automa]", "geary = 0101", "geary = 0101",
                 "geary is an Automa division counter");
    expect_error(f, "type = solitaire\n\n[deploy:union]", "type = campaign\n\n[deploy:union]", "[victory]\ntype", "only 'type = solitaire'");
    expect_error(f, "mahone = 1920", "mahone = 0613", "geary = 0613", "(enemies) are both deployed in hex 0613");
    expect_error("config/scenarios/lee-moves.ini", "\n[deploy:union]", "\n[strategy]\nhoward = 011\n\n[deploy:union]", "[strategy]\nhoward",
                 "[strategy] belongs only in a solitaire scenario");
    expect_error("config/automa-counters.ini", "[counter:light-division]", "[counter:burnham]", "[counter:burnham]",
                 "counter 'burnham' has the id of a unit");
}

/* ---- reading the shipped paragraphs ------------------------------------------ */

static bool logged(const Game *g, int from, const char *text)
{
    for (int i = from; i < g->log.count; i++)
        if (strstr(g->log.items[i].text, text))
            return true;
    for (int i = from; i < g->log.count; i++)
        print_message("%s\n", g->log.items[i].text);
    return false;
}

static void force(Game *g, const char *dice)
{
    for (const char *p = dice; *p; p++)
        assert_true(rng_force(&g->st.rng, *p - '0') >= 0);
}

/* `if vp RANGE` tests the VP marker: [003], Hooker's resolve, read at the end of turn 6 with the
 * marker on 5 (a bad day for Lee) and on 12. */
static void test_if_vp(void **state)
{
    (void)state;
    Game g;
    start(&g, "solitaire", 5);
    g.st.turn = 6;
    AUTOMA(g.st).vp = 5;
    AUTOMA(g.st).hooker_box = 5; /* Cautious */
    AUTOMA(g.st).attitude = ATT_CAUTIOUS;
    int from = g.log.count;
    force(&g, "11"); /* [003] do8: 2, Hooker is stirred */
    automa_end_turn(&g);
    assert_true(logged(&g, from, "[003] do7 (line"));
    assert_true(logged(&g, from, "if vp 0-7 (it is 5): yes, go to do8"));
    assert_int_equal(AUTOMA(g.st).attitude, ATT_AGGRESSIVE);
    assert_int_equal(AUTOMA(g.st).hooker_box, 3); /* the nearest Aggressive box */
    game_free(&g);

    start(&g, "solitaire", 5);
    g.st.turn = 6;
    from = g.log.count;
    force(&g, "66"); /* [003] do14 (no Union division in the clearing yet, the wheel open): 12 */
    automa_end_turn(&g);
    assert_true(logged(&g, from, "if vp 0-7 (it is 12): no, go to do9"));
    game_free(&g);
}

/* A corps named in an `objective` whose marker is on the wheel gets none (AI-WHEEL): Objective X
 * reads [999] while V Corps waits in the clearing; I Corps, still on the turn track, gets its
 * objective as docs/booklet-format.md says. */
static void test_objective_passes_over_the_wheel(void **state)
{
    (void)state;
    Game g;
    start(&g, "solitaire", 5);
    AutomaState *a = &AUTOMA(g.st);
    int meade = data_automa_formation(&gd, "meade"), reynolds = data_automa_formation(&gd, "reynolds");
    for (int i = 0; i < TRACK_MAX_SLOTS; i++)
        if (a->track[i] == meade)
            a->track[i] = -1;
    a->wheel[1] = (signed char)meade;
    a->status[meade] = FS_WHEEL;
    a->arrivals = 1;
    g.st.turn = 3; /* [003] reads no die on the first day */
    for (int i = 0; i < gd.automa.track.nturn_markers; i++)
        if (gd.automa.track.turn_markers[i].kind == TM_OBJECTIVE_X)
            a->marker_turn[i] = 4; /* Objective X comes up at the end of this turn */
    int from = g.log.count;
    force(&g, "5"); /* 5-6: [999] */
    automa_end_turn(&g);
    assert_true(logged(&g, from, "Objective X: 5 reads [999]"));
    assert_true(logged(&g, from, "[999] do2: V Corps's marker is on the wheel: it gets no objective"));
    assert_int_equal(a->obj_area[meade], -1);
    assert_int_equal(a->status[meade], FS_WHEEL);
    assert_int_equal(gd.areas[a->obj_area[reynolds]].number, 21);
    game_free(&g);
}

/* Loads a patched copy of the data; the diagnostics in *d (free them). */
static char *load_patched(const char *rel, const char *old, const char *new_text, Diags *d)
{
    char *dir = copy_data();
    tu_patch(dir, rel, old, new_text);
    GameData g;
    memset(d, 0, sizeof *d);
    assert_false(gamedata_load(dir, &g, d));
    assert_false(g.automa.present);
    gamedata_free(&g);
    return dir;
}

static int diags_in(const Diags *d, const char *file)
{
    int n = 0;
    for (int i = 0; i < d->count; i++)
        n += strcmp(d->items[i].file, file) == 0;
    return n;
}

static void test_every_unreachable_step(void **state)
{
    (void)state;
    /* Issue 14: guv check named only the first step of a paragraph that
     * could never be reached. [011] do1 sending both answers to do2 leaves
     * do3 unread, and with it do8, do9, do12 and do13 (only do3 led there). */
    Diags d;
    char *dir = load_patched("booklet/paragraphs.ini", "do1 = if attitude aggressive yes:2 no:3",
                             "do1 = if attitude aggressive yes:2 no:2", &d);
    const char *f = "booklet/paragraphs.ini";
    static const char *const steps[] = {"do3", "do8", "do9", "do12", "do13"};
    static const char *const lines[] = {"do3 = roll 2d6 2-6:4 7-11:8 12:12", "do8 = objective self 0 019",
                                        "do9 = end\ndo10", "do12 = objective self 0 035", "do13 = end\n\n[para:012]"};
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
        char msg[64];
        snprintf(msg, sizeof msg, "[para:011] %s can never be reached", steps[i]);
        int line = tu_line_of(dir, f, lines[i]);
        if (!tu_has_diag(&d, f, line, msg)) {
            print_message("expected %s:%d: %s\n", f, line, msg);
            tu_print_diags(&d);
            fail();
        }
    }
    assert_int_equal(d.count, 5);
    diags_free(&d);
    tu_remove_tree(dir);
    /* a step whose words are wrong may have led anywhere: it is reported
     * alone, not with every step after it */
    dir = load_patched(f, "do1 = if attitude aggressive yes:2 no:3", "do1 = iff attitude aggressive yes:2 no:3", &d);
    assert_int_equal(d.count, 1);
    assert_true(tu_has_diag(&d, f, 0, "[para:011] do1: unknown verb 'iff'"));
    diags_free(&d);
    tu_remove_tree(dir);
}

static void test_one_broken_file_one_story(void **state)
{
    (void)state;
    /* Issue 14: a broken booklet file also made the solitaire scenario say
     * it "needs the Automa's files", which it has. Only the file's own
     * error is reported. */
    Diags d;
    char *dir = load_patched("booklet/pages.ini", "anchors = 1 1 2 2 3 3", "anchors = 1 1 2 2 3", &d);
    assert_true(tu_has_diag(&d, "booklet/pages.ini", tu_line_of(dir, "booklet/pages.ini", "anchors ="),
                            "six positions"));
    assert_int_equal(diags_in(&d, "config/scenarios/solitaire.ini"), 0);
    assert_int_equal(d.count, diags_in(&d, "booklet/pages.ini"));
    diags_free(&d);
    tu_remove_tree(dir);
    /* a wrong corps in the track's markers: the booklet, which names that
     * corps, is not checked against the broken track */
    dir = load_patched("config/activation-track.ini", "markers = reynolds couch", "markers = reynoldz couch", &d);
    assert_true(tu_has_diag(&d, "config/activation-track.ini", 0, "'reynoldz' is not a Union formation"));
    assert_int_equal(d.count, diags_in(&d, "config/activation-track.ini"));
    diags_free(&d);
    tu_remove_tree(dir);
    /* with no Automa files at all, the solitaire scenario still says what it needs */
    dir = copy_data();
    static const char *const files[] = {"config/activation-track.ini", "config/wheel.ini", "booklet/pages.ini",
                                        "booklet/paragraphs.ini"};
    for (size_t i = 0; i < 4; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        assert_int_equal(remove(path), 0);
    }
    GameData g;
    memset(&d, 0, sizeof d);
    assert_false(gamedata_load(dir, &g, &d));
    assert_true(tu_has_diag(&d, "config/scenarios/solitaire.ini", 0, "needs the Automa's files"));
    gamedata_free(&g);
    diags_free(&d);
    tu_remove_tree(dir);
}

static void test_a_missing_automa_file(void **state)
{
    (void)state;
    char *dir = copy_data();
    char path[4200];
    snprintf(path, sizeof path, "%s/config/wheel.ini", dir);
    assert_int_equal(remove(path), 0);
    GameData g;
    Diags d = {0};
    assert_false(gamedata_load(dir, &g, &d));
    assert_true(tu_has_diag(&d, "config/wheel.ini", 0, ""));
    gamedata_free(&g);
    diags_free(&d);
    tu_remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_booklet),      cmocka_unit_test(test_base_data_has_no_automa),
        cmocka_unit_test(test_bad_pages),            cmocka_unit_test(test_bad_paragraphs),
        cmocka_unit_test(test_goto_chain_limit),
        cmocka_unit_test(test_bad_wheel_and_track),  cmocka_unit_test(test_a_missing_automa_file),
        cmocka_unit_test(test_shipped_solitaire_scenario), cmocka_unit_test(test_bad_solitaire_scenario),
        cmocka_unit_test(test_if_vp),                cmocka_unit_test(test_objective_passes_over_the_wheel),
        cmocka_unit_test(test_every_unreachable_step), cmocka_unit_test(test_one_broken_file_one_story),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
