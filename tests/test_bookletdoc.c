/* The booklet as a document (guv booklet, view/booklet_doc.c): every kind
 * of instruction and every kind of page cell in plain words, never as the
 * data file's codes, and the whole document in both forms. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gametest.h" /* the shipped data in gd, setup and teardown */
#include "testutil.h"
#include "view/booklet_doc.h"

/* A paragraph of one step (and as many more as its branches need). */
static const char *words_of(const ParaStep *st, bool game_reader)
{
    static Paragraph p;
    static char buf[600];
    memset(&p, 0, sizeof p);
    p.number = 500;
    p.game_reader = game_reader;
    p.nsteps = 12;
    for (int k = 0; k < p.nsteps; k++)
        p.step[k].op = OP_END;
    p.step[0] = *st;
    booklet_step_words(&gd, &p, 0, buf, sizeof buf);
    return buf;
}

#define EXPECT_WORDS(st, game, want)                                                                                   \
    do {                                                                                                               \
        const char *got_ = words_of(&(st), game);                                                                      \
        if (strcmp(got_, want) != 0)                                                                                   \
            fail_msg("expected \"%s\"\n     got \"%s\"", want, got_);                                                  \
    } while (0)

static int af(const char *id)
{
    int f = data_automa_formation(&gd, id);
    assert_true(f >= 0);
    return f;
}

static void test_every_instruction_in_plain_words(void **state)
{
    (void)state;
    ParaStep st;
    memset(&st, 0, sizeof st);
    st.op = OP_ROLL;
    st.dice = 2;
    st.nout = 2;
    st.lo[0] = 2, st.hi[0] = 5, st.to[0] = 3;
    st.lo[1] = 6, st.hi[1] = 12, st.to[1] = 4;
    EXPECT_WORDS(st, false, "Roll two dice: on 2-5 go to step 3, on 6-12 go to step 4.");
    st.dice = 1;
    st.nout = 3;
    st.lo[0] = 1, st.hi[0] = 1, st.to[0] = 2;
    st.lo[1] = 2, st.hi[1] = 5, st.to[1] = 4;
    st.lo[2] = 6, st.hi[2] = 6, st.to[2] = 6;
    EXPECT_WORDS(st, false, "Roll one die: on 1 go to step 2, on 2-5 go to step 4, on 6 go to step 6.");

    memset(&st, 0, sizeof st);
    st.op = OP_IF;
    st.yes = 2, st.no = 3;
    st.test = TEST_ATTITUDE, st.a = ATT_CAUTIOUS;
    EXPECT_WORDS(st, false, "If the attitude is Cautious, go to step 2; otherwise go to step 3.");
    st.test = TEST_TURN, st.a = 1, st.b = 5;
    EXPECT_WORDS(st, true, "If the turn is 1-5, go to step 2; otherwise go to step 3.");
    st.a = st.b = 14;
    EXPECT_WORDS(st, true, "If it is turn 14, go to step 2; otherwise go to step 3.");
    st.test = TEST_HOLDS, st.a = SIDE_UNION, st.b = data_place_index(&gd, "chancellorsville");
    EXPECT_WORDS(st, true, "If a Union division holds Chancellorsville, go to step 2; otherwise go to step 3.");
    st.a = SIDE_CONFEDERATE;
    EXPECT_WORDS(st, true,
                 "If a Confederate unit other than a skirmisher holds Chancellorsville, go to step 2; otherwise go "
                 "to step 3.");
    st.test = TEST_WHEEL, st.a = 1;
    EXPECT_WORDS(st, true, "If the Chancellorsville Wheel is still open, go to step 2; otherwise go to step 3.");
    st.a = 0;
    EXPECT_WORDS(st, true, "If the Chancellorsville Wheel has been released, go to step 2; otherwise go to step 3.");
    st.test = TEST_IS, st.a = af("gibbon");
    EXPECT_WORDS(st, false, "If this formation is 2nd Division (Gibbon), go to step 2; otherwise go to step 3.");
    st.test = TEST_VP, st.a = 0, st.b = 7;
    EXPECT_WORDS(st, true, "If the VP marker stands on 0-7, go to step 2; otherwise go to step 3.");

    memset(&st, 0, sizeof st);
    st.op = OP_OBJECTIVE, st.target = TARGET_SELF, st.value = 2, st.area = 17;
    EXPECT_WORDS(st, false, "Objective for this formation: Salem Church [017], value 2.");
    st.target = TARGET_WHEEL, st.value = 0, st.area = 21;
    EXPECT_WORDS(st, false, "Objective for each formation on the Wheel: Dowdall's Tavern [021], value 0.");
    st.target = af("meade");
    EXPECT_WORDS(st, false, "Objective for V Corps: Dowdall's Tavern [021], value 0.");

    memset(&st, 0, sizeof st);
    st.op = OP_COMBAT, st.target = TARGET_WHEEL, st.value = 1;
    EXPECT_WORDS(st, false, "Combat marker +1 for each formation on the Wheel.");
    st.target = TARGET_SELF, st.value = -1;
    EXPECT_WORDS(st, false, "Combat marker -1 for this formation.");

    memset(&st, 0, sizeof st);
    st.op = OP_VP, st.side = SIDE_UNION, st.value = 1;
    EXPECT_WORDS(st, true, "The Union scores 1 VP.");
    st.side = SIDE_CONFEDERATE, st.value = 2;
    EXPECT_WORDS(st, true, "The Confederates score 2 VP.");

    memset(&st, 0, sizeof st);
    st.op = OP_DEPLOY, st.target = TARGET_SELF, st.area = 19;
    EXPECT_WORDS(st, false,
                 "Deploy the divisions of this formation in Chancellorsville [019], spending no movement points and "
                 "with no disorder.");

    memset(&st, 0, sizeof st);
    st.op = OP_RELEASE, st.target = af("reynolds");
    EXPECT_WORDS(st, false, "Release I Corps: it enters play at once (if it is not in play already).");

    memset(&st, 0, sizeof st);
    st.op = OP_SET_ATTITUDE, st.value = ATT_AGGRESSIVE;
    EXPECT_WORDS(st, true, "Set the attitude to Aggressive.");

    memset(&st, 0, sizeof st);
    st.op = OP_WHEEL_RELEASE;
    EXPECT_WORDS(st, false,
                 "Release the Wheel: its command markers go to the Activation Track, the highest slot's first, and it "
                 "closes for the rest of the game.");
    st.op = OP_END;
    EXPECT_WORDS(st, false, "Stop reading; the formation goes on with its activation.");
    EXPECT_WORDS(st, true, "Stop reading.");
    st.op = OP_HOLD;
    EXPECT_WORDS(st, false, "Stop reading; the formation's activation ends here: no move, bombardment or combat.");
    st.op = OP_WHEEL_ENTER;
    EXPECT_WORDS(st, false,
                 "Put this formation's command marker on the Wheel's entry slot (the markers there slide one slot "
                 "clockwise first). Stop reading; its activation ends.");
    st.op = OP_GOTO, st.para = 3;
    EXPECT_WORDS(st, true, "Read [003] Hooker's resolve.");
    st.para = 444;
    EXPECT_WORDS(st, true, "Read [444].");
}

/* The file's verbs and tokens, which the document never shows. */
static const char *const codes[] = {"objective self", "wheel-release", "set-attitude", "wheel-enter", "yes:",
                                    "no:",            "goto ",         "combat+1",     "combat-1",   "advance-i-vi",
                                    "activate-top",   "activate-last", "wheel-advance", "2d6",       "1d6",
                                    "N(",             "hd*",           "hu*"};

static void no_codes(const char *text, const char *where)
{
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
        if (strstr(text, codes[i]))
            fail_msg("%s shows the code '%s': %s", where, codes[i], text);
    if (strstr(text, "?") || strstr(text, "does not know"))
        fail_msg("%s has an unknown part: %s", where, text);
}

static void test_every_shipped_step_and_cell(void **state)
{
    (void)state;
    /* every step of the shipped booklet: words, no codes */
    int seen_ops[OP_COUNT] = {0};
    for (int i = 0; i < gd.automa.nparagraphs; i++) {
        const Paragraph *p = &gd.automa.paragraphs[i];
        for (int k = 0; k < p->nsteps; k++) {
            char buf[600], where[64];
            booklet_step_words(&gd, p, k, buf, sizeof buf);
            snprintf(where, sizeof where, "[%03d] step %d", p->number, k + 1);
            assert_true(strlen(buf) > 5);
            no_codes(buf, where);
            seen_ops[p->step[k].op]++;
        }
    }
    /* the shipped booklet uses every verb */
    for (int op = 0; op < OP_COUNT; op++)
        assert_true(seen_ops[op] > 0);
    /* every cell of every page, in its window */
    for (int pg = 2; pg <= 12; pg++)
        for (int die = 1; die <= 6; die++)
            for (int w = 0; w < RW_COUNT; w++) {
                char buf[200], where[64];
                booklet_cell_words(&gd, data_page_cell(&gd, pg, die, w), w, buf, sizeof buf);
                snprintf(where, sizeof where, "page %d die %d window %d", pg, die, w);
                assert_true(buf[0]);
                no_codes(buf, where);
            }
}

static void test_every_cell_kind(void **state)
{
    (void)state;
    char buf[200];
    PageCell c;
    static const char *const behaviour[BH_COUNT] = {"no effect", "AI skirmisher", "combat +1", "combat -1",
                                                    "waiting corps advance"};
    for (int b = 0; b < BH_COUNT; b++) {
        memset(&c, 0, sizeof c);
        c.value = b;
        booklet_cell_words(&gd, &c, RW_BEHAVIOUR, buf, sizeof buf);
        assert_string_equal(buf, behaviour[b]);
    }
    static const char *const independent[IR_COUNT] = {"nothing",
                                                      "2nd Division (Gibbon) acts",
                                                      "top formation acts",
                                                      "last formation acts",
                                                      "AI skirmisher",
                                                      "combat +1",
                                                      "waiting corps advance",
                                                      "Wheel turns"};
    for (int r = 0; r < IR_COUNT; r++) {
        memset(&c, 0, sizeof c);
        c.value = r;
        booklet_cell_words(&gd, &c, RW_INDEPENDENT, buf, sizeof buf);
        assert_string_equal(buf, independent[r]);
    }
    memset(&c, 0, sizeof c);
    c.value = 3;
    booklet_cell_words(&gd, &c, RW_PROX_AGGRESSIVE, buf, sizeof buf);
    assert_string_equal(buf, "3 MP");
    booklet_cell_words(&gd, &c, RW_PROX_CAUTIOUS, buf, sizeof buf);
    assert_string_equal(buf, "3 MP");
    booklet_cell_words(&gd, &c, RW_BOMBARD, buf, sizeof buf);
    assert_string_equal(buf, "bombard 3");
    c.value = 0;
    booklet_cell_words(&gd, &c, RW_BOMBARD, buf, sizeof buf);
    assert_string_equal(buf, "no fire");
    c.value = 2, c.no_bombard = true;
    booklet_cell_words(&gd, &c, RW_BOMBARD, buf, sizeof buf);
    assert_string_equal(buf, "no fire, attack +2");
    memset(&c, 0, sizeof c);
    booklet_cell_words(&gd, &c, RW_ACTIVATION, buf, sizeof buf);
    assert_string_equal(buf, "no arrow");
    c.narrows = 3;
    c.arrows[0] = (TrackArrow){5, false, false};
    c.arrows[1] = (TrackArrow){0, false, true};
    c.arrows[2] = (TrackArrow){2, true, false};
    booklet_cell_words(&gd, &c, RW_ACTIVATION, buf, sizeof buf);
    assert_string_equal(buf, "slot 5 down, then Hooker down (wraps), then slot 2 up");
    c.narrows = 1;
    c.arrows[0] = (TrackArrow){0, true, false};
    booklet_cell_words(&gd, &c, RW_ACTIVATION, buf, sizeof buf);
    assert_string_equal(buf, "Hooker up");
}

/* The document in a string (free it). */
static char *document(const GameData *g, int format, bool *ok)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    *ok = booklet_doc_write(g, format, f);
    assert_int_equal(fclose(f), 0);
    return text;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

static void test_the_whole_document(void **state)
{
    (void)state;
    bool ok;
    char *text = document(&gd, BOOKLET_TEXT, &ok);
    assert_true(ok);
    /* every paragraph, by number and title; every page */
    for (int i = 0; i < gd.automa.nparagraphs; i++) {
        char head[80];
        snprintf(head, sizeof head, "\n[%03d] %s\n", gd.automa.paragraphs[i].number, gd.automa.paragraphs[i].title);
        if (!strstr(text, head))
            fail_msg("no heading %s", head);
    }
    for (int pg = 2; pg <= 12; pg++) {
        char head[32];
        snprintf(head, sizeof head, "\nPage %d", pg);
        assert_non_null(strstr(text, head));
    }
    /* the format document's example: page 7, the third die 5 */
    assert_non_null(strstr(text, "Roll two dice: on 2-3 go to step 4, on 4-10 go to step 6, on 11-12 go to\n"));
    assert_non_null(strstr(text, "Objective for this formation: Chancellorsville [019], value 1."));
    /* no line wider than a printed page of 79 columns */
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        if (n > 79)
            fail_msg("a line of %zu columns: %.*s", n, (int)n, line);
        line += n + (nl ? 1 : 0);
    }
    free(text);

    char *html = document(&gd, BOOKLET_HTML, &ok);
    assert_true(ok);
    assert_int_equal(strncmp(html, "<!DOCTYPE html>", 15), 0);
    assert_int_equal(count(html, "<html"), 1);
    assert_int_equal(count(html, "</html>"), 1);
    assert_int_equal(count(html, "<body>"), 1);
    assert_int_equal(count(html, "</body>"), 1);
    assert_int_equal(count(html, "<table"), count(html, "</table>"));
    assert_int_equal(count(html, "<tr>"), count(html, "</tr>"));
    assert_int_equal(count(html, "<section"), count(html, "</section>"));
    assert_true(count(html, "<table") >= 11 + 6);
    assert_int_equal(count(html, "<script"), 0);
    assert_int_equal(count(html, "src="), 0);
    assert_int_equal(count(html, "http"), 0);
    /* each link leads to an anchor of the document */
    for (const char *p = html; (p = strstr(p, "href=\"#"));) {
        p += 7;
        const char *q = strchr(p, '"');
        assert_non_null(q);
        char id[64];
        snprintf(id, sizeof id, "id=\"%.*s\"", (int)(q - p), p);
        if (!strstr(html, id))
            fail_msg("a link to #%.*s, which is not in the document", (int)(q - p), p);
    }
    /* every paragraph has its anchor, and [003] in [002]'s words is a link */
    for (int i = 0; i < gd.automa.nparagraphs; i++) {
        char id[32];
        snprintf(id, sizeof id, "id=\"p%03d\"", gd.automa.paragraphs[i].number);
        assert_int_equal(count(html, id), 1);
    }
    assert_non_null(strstr(html, "Then Hooker reads the dispatches: <a href=\"#p003\">[003]</a>."));
    free(html);
}

static void test_no_automa_no_document(void **state)
{
    (void)state;
    GameData g;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &g, &d));
    bool ok = true;
    char *text = document(&g, BOOKLET_TEXT, &ok);
    assert_false(ok);
    assert_int_equal(strlen(text), 0);
    free(text);
    gamedata_free(&g);
    diags_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_instruction_in_plain_words),
        cmocka_unit_test(test_every_shipped_step_and_cell),
        cmocka_unit_test(test_every_cell_kind),
        cmocka_unit_test(test_the_whole_document),
        cmocka_unit_test(test_no_automa_no_document),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
