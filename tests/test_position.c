/* Setting up a position by hand (rules/position.h): each set form changes
 * exactly what it says, a wrong line is refused and changes nothing, the
 * set-up survives a save and a load byte for byte, position files are read
 * (with FILE:LINE errors) and written, and an Automa counter placed by hand
 * stands at the value asked for without a phantom loss on the VP track. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"
#include "gametest.h"
#include "play/play.h"
#include "rules/position.h"
#include "rules/save.h"
#include "testutil.h"

static void setup_ok(Game *g, const char *line)
{
    char why[600];
    if (!position_apply(g, line, why, sizeof why))
        fail_msg("'%s' refused: %s", line, why);
}

/* The line is refused with a reason containing `reason`, and nothing of
 * the game changes: state, log, record, undo. */
static void setup_refused(Game *g, const char *line, const char *reason)
{
    GameState *before = malloc(sizeof *before);
    assert_non_null(before);
    *before = g->st;
    int log_before = g->log.count, rec_before = g->nrec, undo_before = g->nundo;
    char why[600] = "";
    if (position_apply(g, line, why, sizeof why))
        fail_msg("'%s' was accepted", line);
    if (!strstr(why, reason))
        fail_msg("refusal of '%s' says '%s', not '%s'", line, why, reason);
    assert_memory_equal(before, &g->st, sizeof *before);
    assert_int_equal(log_before, g->log.count);
    assert_int_equal(rec_before, g->nrec);
    assert_int_equal(undo_before, g->nundo);
    free(before);
}

static int HX(const char *hex) { return hx_index(tu_hex(hex)); }

static int automa_f(const char *id)
{
    int f = data_automa_formation(&gd, id);
    assert_true(f >= 0);
    return f;
}

static void write_text(const char *name, const char *text)
{
    FILE *f = fopen(in_scratch(name), "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static char *read_text(const char *name)
{
    FILE *f = fopen(in_scratch(name), "r");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Each form against the whole state: `want` is the state before with the
 * one field changed, and must equal the state after, byte for byte. */
static void test_each_form_changes_exactly_what_it_says(void **state)
{
    (void)state;
    Game g;
    start(&g, "solitaire", 7);
    GameState *want = malloc(sizeof *want);
    assert_non_null(want);
    int heth = U("heth");
    static const struct {
        const char *word;
        unsigned short bit;
    } flags[] = {{"dis", UF_DIS},     {"dem", UF_DEM},         {"oos", UF_OOS},       {"fired", UF_FIRED},
                 {"moved", UF_MOVED}, {"activated", UF_ACTIVATED}, {"forced", UF_FORCED}, {"detached", UF_DETACHED}};
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++) {
        char line[64];
        *want = g.st;
        want->unit[heth].flags |= flags[i].bit;
        snprintf(line, sizeof line, "set unit heth %s on", flags[i].word);
        setup_ok(&g, line);
        assert_memory_equal(want, &g.st, sizeof *want);
        *want = g.st;
        want->unit[heth].flags &= (unsigned short)~flags[i].bit;
        snprintf(line, sizeof line, "set unit heth %s off", flags[i].word);
        setup_ok(&g, line);
        assert_memory_equal(want, &g.st, sizeof *want);
    }

    *want = g.st;
    want->unit[heth].mp_left = 5; /* half MP */
    setup_ok(&g, "set unit heth mp 2.5");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    want->unit[heth].mp_left = 6;
    setup_ok(&g, "set unit heth mp 3");
    assert_memory_equal(want, &g.st, sizeof *want);

    *want = g.st;
    want->unit[heth].steps = 1;
    AUTOMA(*want).seen_steps[heth] = 1; /* in step: no loss for the VP track */
    setup_ok(&g, "set unit heth steps 1");
    assert_memory_equal(want, &g.st, sizeof *want);

    *want = g.st;
    want->breastwork[HX("1921")] = SIDE_CONFEDERATE + 1;
    setup_ok(&g, "set breastwork 1921 confederate");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    want->breastwork[HX("1921")] = 0;
    setup_ok(&g, "set breastwork 1921 none");
    assert_memory_equal(want, &g.st, sizeof *want);

    int dir = hex_direction(tu_hex("2015"), tu_hex("2016"));
    *want = g.st;
    want->pontoon[SIDE_UNION][HX("2015")] |= (unsigned char)(1u << dir);
    want->pontoon[SIDE_UNION][HX("2016")] |= (unsigned char)(1u << hex_dir_opposite(dir));
    setup_ok(&g, "set pontoon 2015-2016 union");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st; /* the other side's pontoon replaces it; written from the other end */
    want->pontoon[SIDE_UNION][HX("2015")] &= (unsigned char)~(1u << dir);
    want->pontoon[SIDE_UNION][HX("2016")] &= (unsigned char)~(1u << hex_dir_opposite(dir));
    want->pontoon[SIDE_CONFEDERATE][HX("2015")] |= (unsigned char)(1u << dir);
    want->pontoon[SIDE_CONFEDERATE][HX("2016")] |= (unsigned char)(1u << hex_dir_opposite(dir));
    setup_ok(&g, "set pontoon 2016-2015 confederate");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    want->pontoon[SIDE_CONFEDERATE][HX("2015")] &= (unsigned char)~(1u << dir);
    want->pontoon[SIDE_CONFEDERATE][HX("2016")] &= (unsigned char)~(1u << hex_dir_opposite(dir));
    setup_ok(&g, "set pontoon 2015-2016 none");
    assert_memory_equal(want, &g.st, sizeof *want);

    *want = g.st;
    want->fort_marker[HX("1920")] = 1;
    setup_ok(&g, "set fortification 1920 on");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    want->fort_marker[HX("1920")] = 0;
    setup_ok(&g, "set fortification 1920 off");
    assert_memory_equal(want, &g.st, sizeof *want);

    *want = g.st;
    want->rain = true;
    setup_ok(&g, "set rain on");
    assert_memory_equal(want, &g.st, sizeof *want);

    /* the Automa's display */
    *want = g.st;
    AUTOMA(*want).attitude = ATT_CAUTIOUS;
    setup_ok(&g, "set attitude cautious");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    AUTOMA(*want).hooker_box = 5;
    AUTOMA(*want).attitude = (signed char)gd.automa.track.box[5].attitude; /* his box sets it */
    setup_ok(&g, "set hooker 5");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    AUTOMA(*want).hooker_where = HK_TURN_TRACK;
    AUTOMA(*want).hooker_turn = 3;
    setup_ok(&g, "set hooker turn 3");
    assert_memory_equal(want, &g.st, sizeof *want);

    int meade = automa_f("meade"), couch = automa_f("couch"), reynolds = automa_f("reynolds");
    *want = g.st;
    AUTOMA(*want).combat[meade] = -1;
    setup_ok(&g, "set combat meade -1");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    AUTOMA(*want).area[meade] = (short)data_area_index(&gd, 15);
    setup_ok(&g, "set strategy meade 015");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    AUTOMA(*want).obj_area[meade] = (short)data_area_index(&gd, 34);
    AUTOMA(*want).obj_value[meade] = 2;
    setup_ok(&g, "set objective meade 034 2");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    AUTOMA(*want).obj_area[meade] = -1;
    AUTOMA(*want).obj_value[meade] = 0;
    setup_ok(&g, "set objective meade none");
    assert_memory_equal(want, &g.st, sizeof *want);
    *want = g.st;
    AUTOMA(*want).vp = 9;
    setup_ok(&g, "set vp 9");
    assert_memory_equal(want, &g.st, sizeof *want);

    /* the wheel: couch leaves its slot of the track for slot 3 */
    int slot = -1;
    for (int i = 0; i < gd.automa.track.slots; i++)
        if (AUTOMA(g.st).track[i] == couch)
            slot = i;
    assert_true(slot >= 0);
    *want = g.st;
    AUTOMA(*want).track[slot] = -1;
    AUTOMA(*want).wheel[3] = (signed char)couch;
    AUTOMA(*want).status[couch] = FS_WHEEL;
    setup_ok(&g, "set wheel 3 couch");
    assert_memory_equal(want, &g.st, sizeof *want);

    /* the track, reynolds brought off the turn track into slot 1 */
    char line[200] = "set track reynolds";
    int k = 1;
    for (int i = 0; i < gd.automa.track.slots; i++)
        if (AUTOMA(g.st).track[i] >= 0) {
            snprintf(line + strlen(line), sizeof line - strlen(line), " %s", gd.automa.formations[AUTOMA(g.st).track[i]].id);
            k++;
        }
    *want = g.st;
    AUTOMA(*want).track[0] = (signed char)reynolds;
    for (int i = 0, j = 1; i < gd.automa.track.slots; i++)
        if (AUTOMA(g.st).track[i] >= 0)
            AUTOMA(*want).track[j++] = AUTOMA(g.st).track[i];
    for (int i = k; i < gd.automa.track.slots; i++)
        AUTOMA(*want).track[i] = -1;
    AUTOMA(*want).status[reynolds] = FS_TRACK;
    for (int i = 0; i < gd.automa.track.nturn_markers; i++)
        if (gd.automa.track.turn_markers[i].kind == TM_CORPS && gd.automa.track.turn_markers[i].formation == reynolds)
            AUTOMA(*want).marker_turn[i] = 0;
    setup_ok(&g, line);
    assert_memory_equal(want, &g.st, sizeof *want);

    /* each line is kept as it was written (single spaces), not as a decision */
    setup_ok(&g, "set   unit heth \t dis   on");
    assert_true(g.rec[g.nrec - 1].setup);
    assert_false(g.rec[g.nrec - 1].dice);
    assert_string_equal(g.rec[g.nrec - 1].text, "set unit heth dis on");
    assert_string_equal(g.log.items[g.log.count - 1].rule, "SETUP");
    assert_non_null(strstr(g.log.items[g.log.count - 1].text, "by hand: heth disorganized"));
    free(want);
    game_free(&g);
}

static void test_turn_drawn_and_cup(void **state)
{
    (void)state;
    Game g;
    anderson_activated(&g); /* Lee Moves, turn 6, Anderson activated */
    apply_text(&g, "place 2322");
    assert_true(g.nundo > 0);
    setup_ok(&g, "set unit wright fired on");
    assert_int_equal(g.nundo, 0); /* setting up is no decision: nothing before it is taken back */
    setup_ok(&g, "set turn 7");
    const GameState *st = &g.st;
    assert_int_equal(st->turn, 7);
    assert_int_equal(st->phase, PH_CHOOSE);
    assert_int_equal(st->to_move, SIDE_CONFEDERATE);
    assert_int_equal(st->ncup, 0);
    assert_false(st->rain);
    assert_false(st->activated);
    for (int s = 0; s < SIDE_COUNT; s++) {
        int pts = gd.scenarios[st->scenario].points[7][s];
        assert_int_equal(st->points[s], pts >= 0 ? pts : gd.turns[6].points[s]);
        assert_false(st->done_choosing[s]);
    }
    for (int u = 0; u < st->nunits; u++)
        assert_int_equal(st->unit[u].flags & (UF_ACTIVE | UF_ACTIVATED | UF_FIRED | UF_MOVED), 0);
    /* a turn's choosing goes on as usual from there */
    assert_true(legal_has(&g, "done"));

    setup_refused(&g, "set cup mclaws", "set drawn");
    setup_ok(&g, "set drawn anderson");
    assert_int_equal(st->phase, PH_ACTIVATION);
    assert_int_equal(st->drawn.kind, CHIT_FORMATION);
    assert_int_equal(st->drawn.index, data_formation_index(&gd, "anderson"));
    assert_int_equal(st->to_move, SIDE_CONFEDERATE);
    assert_false(st->activated);
    setup_ok(&g, "set cup rodes independent union independent confederate");
    assert_int_equal(st->ncup, 3);
    setup_ok(&g, "set cup + mclaws");
    assert_int_equal(st->ncup, 4);
    setup_refused(&g, "set cup + mclaws", "in the cup already");
    setup_refused(&g, "set cup anderson", "just drawn");
    /* the chit drawn is activated and placed like any other */
    apply_text(&g, "activate");
    apply_text(&g, "place 2322");
    apply_text(&g, "end");
    assert_int_equal(st->ncup, 3); /* the next chit was drawn from the cup set by hand */
    game_free(&g);

    /* the solitaire game: the Automa acts on a chit drawn by hand */
    start(&g, "solitaire", 7);
    setup_ok(&g, "set turn 4");
    assert_true(g.st.done_choosing[SIDE_UNION]); /* the Automa's markers come from its track */
    setup_ok(&g, "set drawn sickles");
    assert_int_equal(g.st.to_move, SIDE_UNION);
    assert_int_equal(AUTOMA(g.st).step, AS_DRAWN);
    assert_int_equal(AUTOMA(g.st).status[automa_f("sickles")], FS_CUP);
    for (int i = 0; i < gd.automa.track.slots; i++)
        assert_int_not_equal(AUTOMA(g.st).track[i], automa_f("sickles"));
    apply_text(&g, "automa");
    assert_int_equal(AUTOMA(g.st).active, automa_f("sickles"));
    /* Hooker into the cup takes the markers of his box's slots; a new turn puts everyone back */
    setup_ok(&g, "set hooker 1");
    int s1 = AUTOMA(g.st).track[gd.automa.track.box[1].linked[0] - 1];
    setup_ok(&g, "set cup + hooker");
    assert_int_equal(AUTOMA(g.st).hooker_where, HK_CUP);
    assert_int_equal(AUTOMA(g.st).holding[0], s1);
    assert_int_equal(AUTOMA(g.st).status[s1], FS_HOLDING);
    setup_ok(&g, "set turn 5");
    assert_int_equal(AUTOMA(g.st).hooker_where, HK_COLUMN);
    assert_int_equal(AUTOMA(g.st).holding[0], -1);
    for (int f = 0; f < gd.automa.nformations; f++)
        assert_true(AUTOMA(g.st).status[f] != FS_CUP && AUTOMA(g.st).status[f] != FS_HOLDING);
    game_free(&g);
}

static void test_wrong_lines_change_nothing(void **state)
{
    (void)state;
    Game g;
    start(&g, "solitaire", 7);
    setup_ok(&g, "place birney 2021");
    static const struct {
        const char *line, *reason;
    } bad[] = {
        {"set", "say what to set"},
        {"set colour red", "not something set changes"},
        {"set turn 0", "has turns 1 to 20"},
        {"set turn x", "write set turn N"},
        {"set unit nobody dis on", "'nobody' is not a unit"},
        {"set unit heth dis maybe", "neither on nor off"},
        {"set unit heth glow on", "write set unit UNIT steps N"},
        {"set unit heth steps 3", "steps 1 to 2"},
        {"set unit heth steps 0", "remove heth"},
        {"set unit heth mp lots", "not a number of movement points"},
        {"set unit posey", "write set unit"},
        {"place heth", "name the unit and its hex"},
        {"place heth 9999", "not a hex of the map"},
        {"place heth 2021", "holds union units (birney)"},
        {"place heth 1921 steps 3", "steps 1 to 2"},
        {"place heth 1921 upside-down", "not understood"},
        {"place birney 2120 steps 5", "steps 1 to 4"},
        {"place caldwell 2120", "Union unit of the two-player game"},
        {"remove", "write remove UNIT"},
        {"set breastwork 1921 blue", "not a side"},
        {"set pontoon 2015-2017 union", "not neighbours"},
        {"set pontoon 1921-2021 union", "no river"},
        {"set pontoon 20152016 union", "not a hexside"},
        {"set fortification 1921 maybe", "neither on nor off"},
        {"set attitude grumpy", "aggressive or set attitude cautious"},
        {"set hooker 0", "set hooker BOX"},
        {"set hooker turn 1", "set hooker turn N"},
        {"set track meade meade", "written twice"},
        {"set track gibbon", "no command marker"},
        {"set track meade", "would be lost"},
        {"set track nobody", "not an Automa formation"},
        {"set wheel 99 meade", "SLOT 1 to"},
        {"set combat meade 2", "+1, -1 or 0"},
        {"set strategy meade 999", "not an area of the strategy map"},
        {"set objective meade 015 99", "worth 0 to"},
        {"set vp 99", "from 0 to 25"},
        {"set cup mclaws", "set drawn"},
        {"set drawn", "name the chit"},
        {"set drawn stoneman", "no command marker for stoneman"},
        {"set drawn jackson union", "not understood"},
        {"set drawn heth", "not a command chit"},
        {"decide done", "not a set-up line"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        setup_refused(&g, bad[i].line, bad[i].reason);
    /* refused half-way (Hooker drawn from a box linking no slots): everything is put back */
    setup_ok(&g, "set hooker 2");
    setup_refused(&g, "set drawn hooker", "links no track slots");
    /* the Automa's display only in a solitaire game */
    game_free(&g);
    start(&g, "lee-moves", 2);
    setup_refused(&g, "set vp 3", "only in a solitaire game");
    setup_refused(&g, "set drawn hill", "not in this scenario");
    setup_refused(&g, "place birney 2120", "plays only in a solitaire game");
    char longline[1400] = "set cup";
    for (int i = 0; i < 140; i++) /* longer than a save record holds */
        strcat(longline, " anderson");
    setup_refused(&g, longline, "too long");
    game_free(&g);
}

/* AI-COUNTERS: a counter placed by hand stands at its first value; steps N
 * leaves N values to turn; no loss is seen by the VP track. */
static void test_place_counter_strength(void **state)
{
    (void)state;
    Game g;
    start(&g, "solitaire", 7);
    int b = U("birney");
    const AutomaCounterDef *c = &gd.counters[gd.units[b].counter];
    setup_ok(&g, "remove birney");
    setup_ok(&g, "place birney 2120");
    assert_int_equal(g.st.unit[b].steps, c->nvalues);
    assert_int_equal(game_unit_points(&g, b), c->values[0]);
    for (int n = 1; n <= c->nvalues; n++) {
        char line[64];
        snprintf(line, sizeof line, "place birney 2120 steps %d", n);
        setup_ok(&g, line);
        assert_int_equal(g.st.unit[b].steps, n);
        assert_int_equal(game_unit_points(&g, b), c->values[c->nvalues - n]);
    }
    setup_ok(&g, "place birney 2120 reduced");
    assert_int_equal(game_unit_points(&g, b), c->values[c->nvalues - 1]); /* its last value */
    /* ordinary units: two steps, or one reduced */
    setup_ok(&g, "place heth 1921");
    assert_int_equal(g.st.unit[U("heth")].steps, 2);
    setup_ok(&g, "place heth 1921 reduced");
    assert_int_equal(g.st.unit[U("heth")].steps, 1);
    /* a counter set to a boxed value by hand is no loss: the next decision
     * scores nothing on the VP track */
    setup_ok(&g, "place birney 2120");
    int vp = AUTOMA(g.st).vp, log_before = g.log.count;
    setup_ok(&g, "set unit birney steps 1");
    assert_int_equal(AUTOMA(g.st).seen_steps[b], 1);
    assert_int_equal(AUTOMA(g.st).seen_where[b], AT_MAP);
    apply_text(&g, "choose anderson");
    assert_int_equal(AUTOMA(g.st).vp, vp);
    for (int i = log_before; i < g.log.count; i++)
        assert_null(strstr(g.log.items[i].rule, "AI-COUNTERS"));
    game_free(&g);
}

static void test_save_and_load_keep_the_setup(void **state)
{
    (void)state;
    Game g, back;
    start(&g, "solitaire", 7);
    setup_ok(&g, "set turn 4");
    apply_text(&g, "choose anderson");
    setup_ok(&g, "set unit heth dis on");
    setup_ok(&g, "place birney 2120 steps 3");
    assert_true(game_force_die(&g, 5));
    setup_ok(&g, "set breastwork 1921 confederate");
    setup_ok(&g, "set track meade howard slocum sickles couch reynolds");
    apply_text(&g, "done");
    for (int i = 0; i < 6 && g.st.to_move == SIDE_UNION; i++)
        apply_text(&g, "automa");
    char err[1200];
    assert_true(save_write(&g, in_scratch("p.save"), err, sizeof err));
    const char *text = read_text("p.save");
    assert_true(strncmp(text, SAVE_MAGIC_SETUP "\n", sizeof SAVE_MAGIC_SETUP) == 0);
    const char *a = strstr(text, "\nset turn 4\ndo choose anderson\nset unit heth dis on\nplace birney 2120 steps 3\ndie 5\n");
    assert_non_null(a);
    if (!save_load(&gd, in_scratch("p.save"), &back, err, sizeof err))
        fail_msg("%s", err);
    assert_memory_equal(&g.st, &back.st, sizeof g.st);
    assert_int_equal(g.log.count, back.log.count);
    assert_int_equal(g.nrec, back.nrec);
    for (int i = 0; i < g.nrec; i++) {
        assert_int_equal(g.rec[i].setup, back.rec[i].setup);
        assert_int_equal(g.rec[i].dice, back.rec[i].dice);
        assert_string_equal(g.rec[i].text, back.rec[i].text);
    }
    int decisions = 0;
    for (int i = 0; i < g.nrec; i++)
        decisions += !g.rec[i].setup && !g.rec[i].dice;
    SaveSummary sm; /* the load screen reads a version 2 save too */
    assert_true(save_peek(&gd, in_scratch("p.save"), &sm));
    assert_int_equal(sm.decisions, decisions);
    assert_true(sm.same_data);
    /* stepping through it (the screen's [ and ]) replays the set-up too */
    Game mid;
    assert_true(play_replay_to(&g, g.nrec, &mid, err, sizeof err));
    assert_memory_equal(&g.st, &mid.st, sizeof g.st);
    game_free(&mid);
    game_free(&back);
    game_free(&g);

    /* a game without set-up lines is still a version 1 save, readable by an older guv */
    start(&g, "solitaire", 7);
    apply_text(&g, "choose anderson");
    assert_true(save_write(&g, in_scratch("q.save"), err, sizeof err));
    assert_true(strncmp(read_text("q.save"), SAVE_MAGIC "\n", sizeof SAVE_MAGIC) == 0);
    game_free(&g);

    /* a set-up line that does not replay is refused with its line */
    char bad[600];
    snprintf(bad, sizeof bad, "%s\ndata %016llx\nscenario solitaire\nseed 7\noptions 0\nset unit heth steps 9\n",
             SAVE_MAGIC_SETUP, gd.fingerprint);
    write_text("bad.save", bad);
    assert_false(save_load(&gd, in_scratch("bad.save"), &back, err, sizeof err));
    assert_non_null(strstr(err, "bad.save:6: 'set unit heth steps 9' does not replay: heth has 2 steps"));
}

static void test_position_files(void **state)
{
    (void)state;
    Game g, back;
    char err[1200];
    /* written and read back: the same game */
    start_options(&g, "lee-moves", 9, OPT_EVENTS | OPT_RULE_OF_SIX);
    setup_ok(&g, "set turn 7");
    setup_ok(&g, "place heth 2120");
    apply_text(&g, "done"); /* decisions are not part of a position */
    setup_ok(&g, "set unit heth dis on");
    assert_true(position_write(&g, in_scratch("w.guv"), err, sizeof err));
    const char *text = read_text("w.guv");
    assert_non_null(strstr(text, "\nnew lee-moves 9 events rule-of-six\nset turn 7\nplace heth 2120\nset unit heth dis on\n"));
    assert_null(strstr(text, "done"));
    if (!position_load(&gd, in_scratch("w.guv"), &back, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(back.nrec, 3);
    assert_true(back.st.unit[U("heth")].flags & UF_DIS);
    assert_int_equal(back.st.unit[U("heth")].hex, HX("2120"));
    assert_int_equal(back.seed, 9);
    assert_int_equal(back.start_options, OPT_EVENTS | OPT_RULE_OF_SIX);
    game_free(&back);
    game_free(&g);

    /* without decisions, the state read back is the state written */
    start(&g, "solitaire", 4);
    setup_ok(&g, "set turn 6");
    setup_ok(&g, "place birney 2120 steps 2");
    setup_ok(&g, "set drawn sickles");
    assert_true(position_write(&g, in_scratch("s.guv"), err, sizeof err));
    if (!position_load(&gd, in_scratch("s.guv"), &back, err, sizeof err))
        fail_msg("%s", err);
    assert_memory_equal(&g.st, &back.st, sizeof g.st);
    game_free(&back);
    game_free(&g);

    /* mistakes: FILE:LINE and what is wrong */
    static const struct {
        const char *text, *message;
    } bad[] = {
        {"# nothing\n\n", "no 'new SCENARIO"},
        {"set turn 3\n", ":1: a position begins with its game"},
        {"# a comment\nnew atlantis\n", ":2: unknown scenario 'atlantis'"},
        {"new campaign 3 sparkles\n", ":1: unknown option 'sparkles'"},
        {"new campaign 3\n  # indented comment\n\nset turn 3\nset unit heth steps 7\n", ":5: heth has 2 steps"},
        {"new campaign 3\nnew campaign 4\n", ":2: a second 'new' line"},
        {"new campaign 3\ndecide done\n", ":2: 'decide' is not a set-up line"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        write_text("bad.guv", bad[i].text);
        if (position_load(&gd, in_scratch("bad.guv"), &back, err, sizeof err))
            fail_msg("loaded a bad position:\n%s", bad[i].text);
        if (!strstr(err, bad[i].message) || strncmp(err, in_scratch("bad.guv"), strlen(in_scratch("bad.guv"))) != 0)
            fail_msg("'%s' does not say '%s'", err, bad[i].message);
        assert_null(back.gd); /* nothing to free */
    }
    assert_false(position_load(&gd, in_scratch("none.guv"), &back, err, sizeof err));
    assert_non_null(strstr(err, "cannot open"));
}

/* The example positions of tests/positions/ do what their comments say. */
static void test_example_positions(void **state)
{
    (void)state;
    Game g;
    char err[1200];
    if (!position_load(&gd, GUV_TEST_DIR "/positions/engage-breastwork.guv", &g, err, sizeof err))
        fail_msg("%s", err);
    int bw = HX("1921");
    assert_int_equal(g.st.breastwork[bw], SIDE_CONFEDERATE + 1);
    assert_int_equal(g.st.to_move, SIDE_UNION);
    for (int i = 0; i < 20 && g.st.to_move == SIDE_UNION; i++)
        apply_text(&g, "automa");
    assert_int_equal(g.st.pending, PEND_SYSTEM); /* the player answers the engagement */
    assert_int_equal(AUTOMA(g.st).eng_nhex, 1);
    assert_int_equal(AUTOMA(g.st).eng_hex[0], bw);
    game_free(&g);

    if (!position_load(&gd, GUV_TEST_DIR "/positions/pontoon-stack.guv", &g, err, sizeof err))
        fail_msg("%s", err);
    apply_text(&g, "activate");
    apply_text(&g, "place 2016");
    assert_true(legal_has(&g, "capture heth 2016-2015"));
    apply_text(&g, "capture heth 2016-2015");
    assert_true(g.st.pontoon[SIDE_CONFEDERATE][HX("2016")]);
    game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_form_changes_exactly_what_it_says),
        cmocka_unit_test(test_turn_drawn_and_cup),
        cmocka_unit_test(test_wrong_lines_change_nothing),
        cmocka_unit_test(test_place_counter_strength),
        cmocka_unit_test(test_save_and_load_keep_the_setup),
        cmocka_unit_test(test_position_files),
        cmocka_unit_test(test_example_positions),
    };
    return cmocka_run_group_tests(tests, setup_scratch, teardown_scratch);
}
