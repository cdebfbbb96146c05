/* config/rule-text.ini: the player's explanation of every rule id the log
 * names. The shipped file loads clean; every checklist id covered in
 * docs/rules-coverage.md and every rule id the source passes to log_add has
 * a text; mistakes get file:line messages; the file is optional. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

#define REL "config/rule-text.ini"
#define SHIPPED GUV_SOURCE_DATA_DIR "/" REL

static void load_shipped(RuleTexts *rt)
{
    Diags d = {0};
    bool ok = ruletext_load(SHIPPED, REL, rt, &d);
    if (!ok)
        tu_print_diags(&d);
    assert_true(ok);
    assert_int_equal(d.count, 0);
    diags_free(&d);
}

static void test_shipped_file_loads_clean(void **state)
{
    (void)state;
    RuleTexts rt;
    load_shipped(&rt);
    assert_true(rt.count >= 100);
    for (int i = 0; i < rt.count; i++) {
        const RuleText *r = &rt.items[i];
        assert_true(ruletext_valid_id(r->id));
        assert_true(r->title[0] != '\0');
        assert_true(r->line > 0);
        size_t n = strlen(r->text);
        if (n < 60 || n > 900)
            fail_msg("[%s] text is %zu characters; keep it to a few sentences", r->id, n);
        assert_ptr_equal(ruletext_find(&rt, r->id), r);
    }
    const RuleText *mb = ruletext_find(&rt, "MOVE-BASIC");
    assert_non_null(mb);
    assert_string_equal(mb->title, "Basic movement");
    assert_string_equal(mb->section, ""); /* the chapter is not certain in the text we have: left out */
    /* continuation lines are joined with single spaces */
    assert_non_null(strstr(mb->text, "compulsory: a player may move all"));
    assert_null(strstr(mb->text, "  "));
    const RuleText *wheel = ruletext_find(&rt, "AI-WHEEL");
    assert_non_null(wheel);
    assert_string_equal(wheel->section, "G");
    assert_string_equal(ruletext_find(&rt, "SUPPLY")->section, ""); /* no chapter given */
    assert_non_null(ruletext_find(&rt, "SCENARIO-CHANCELLORSVILLE"));
    assert_null(ruletext_find(&rt, "NO-SUCH-RULE"));
    assert_null(ruletext_find(&rt, "move-basic"));
    assert_null(ruletext_find(&rt, NULL));
    /* gamedata_load reads the same file. */
    GameData gd;
    Diags d = {0};
    bool ok = gamedata_load(SOURCE_DIR, &gd, &d);
    if (!ok)
        tu_print_diags(&d);
    assert_true(ok);
    assert_int_equal(gd.ruletext.count, rt.count);
    assert_non_null(ruletext_find(&gd.ruletext, "EXIT-MAP"));
    gamedata_free(&gd);
    diags_free(&d);
    ruletext_free(&rt);
    assert_int_equal(rt.count, 0);
    assert_null(rt.items);
}

static void test_covered_ids_have_texts(void **state)
{
    (void)state;
    RuleTexts rt;
    load_shipped(&rt);
    char *doc = tu_slurp(GUV_SOURCE_DATA_DIR "/docs/rules-coverage.md", NULL);
    char *p = strstr(doc, "\n## Covered");
    assert_non_null(p);
    char *end = strstr(p + 1, "\n## ");
    if (end)
        *end = '\0';
    int ids = 0, missing = 0;
    for (char *line = p; line; line = strchr(line, '\n')) {
        line++;
        if (strncmp(line, "| ", 2) != 0)
            continue;
        const char *a = line + 2;
        size_t n = strcspn(a, " |\n");
        char id[64];
        if (n == 0 || n >= sizeof id)
            continue;
        memcpy(id, a, n);
        id[n] = '\0';
        if (strcmp(id, "ID") == 0 || !ruletext_valid_id(id))
            continue; /* the header row, the separator */
        ids++;
        if (!ruletext_find(&rt, id)) {
            print_message("docs/rules-coverage.md covers %s, which has no [%s] in " REL "\n", id, id);
            missing++;
        }
    }
    assert_true(ids >= 100);
    assert_int_equal(missing, 0);
    free(doc);
    ruletext_free(&rt);
}

/* The source with comments blanked out (strings and characters kept). */
static void strip_comments(char *s)
{
    for (char *p = s; *p; p++) {
        if (*p == '"' || *p == '\'') {
            char q = *p;
            for (p++; *p && *p != q; p++)
                if (*p == '\\' && p[1])
                    p++;
            if (!*p)
                return;
        } else if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n')
                *p++ = ' ';
            if (!*p)
                return;
        } else if (p[0] == '/' && p[1] == '*') {
            while (*p && !(p[0] == '*' && p[1] == '/')) {
                if (*p != '\n')
                    *p = ' ';
                p++;
            }
            if (!*p)
                return;
            p[0] = p[1] = ' ';
            p++;
        }
    }
}

typedef struct {
    const RuleTexts *rt;
    int checked; /* rule ids found as string literals */
    int missing;
    bool quiet; /* the scanner's own test: no messages */
} ScanResult;

/* The argument starting at p (just after '(' or ','): its end (the ',' or ')'
 * that closes it at depth 0), NULL when the call never closes. */
static const char *arg_end(const char *p)
{
    int depth = 0;
    for (; *p; p++) {
        if (*p == '"' || *p == '\'') {
            char q = *p;
            for (p++; *p && *p != q; p++)
                if (*p == '\\' && p[1])
                    p++;
            if (!*p)
                return NULL;
        } else if (*p == '(' || *p == '[' || *p == '{')
            depth++;
        else if (*p == ')' || *p == ']' || *p == '}') {
            if (depth == 0)
                return p;
            depth--;
        } else if (*p == ',' && depth == 0)
            return p;
    }
    return NULL;
}

/* Checks every string literal in [a, b) when they all look like rule ids:
 * a plain "ID" or a choice such as `x ? "A" : "B"`. Anything else (a
 * variable) is skipped. */
static void check_rule_arg(const char *a, const char *b, const char *file, int line, ScanResult *r)
{
    char ids[4][64];
    int n = 0;
    for (const char *p = a; p < b; p++) {
        if (*p != '"')
            continue;
        const char *q = memchr(p + 1, '"', (size_t)(b - p - 1));
        if (!q || n == 4 || q - p - 1 <= 0 || (size_t)(q - p - 1) >= sizeof ids[0])
            return;
        memcpy(ids[n], p + 1, (size_t)(q - p - 1));
        ids[n][q - p - 1] = '\0';
        if (!ruletext_valid_id(ids[n]))
            return;
        n++;
        p = q;
    }
    for (int i = 0; i < n; i++) {
        r->checked++;
        if (!ruletext_find(r->rt, ids[i])) {
            if (!r->quiet)
                    print_message("%s:%d: log_add names rule %s, which has no [%s] in " REL "\n", file, line,
                              ids[i], ids[i]);
            r->missing++;
        }
    }
}

static void scan_file(const char *path, const char *shown, ScanResult *r)
{
    char *src = tu_slurp(path, NULL);
    strip_comments(src);
    static const char call[] = "log_add(";
    for (char *p = strstr(src, call); p; p = strstr(p + 1, call)) {
        if (p > src && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z') ||
                        (p[-1] >= '0' && p[-1] <= '9')))
            continue; /* some_log_add( */
        int line = 1;
        for (const char *c = src; c < p; c++)
            line += *c == '\n';
        const char *a = p + strlen(call);
        for (int k = 0; k < 3 && a; k++) {
            const char *e = arg_end(a);
            a = e && *e == ',' ? e + 1 : NULL;
        }
        if (!a)
            continue;
        const char *e = arg_end(a);
        if (e)
            check_rule_arg(a, e, shown, line, r);
    }
    free(src);
}

static void scan_dir(const char *dir, const char *shown, ScanResult *r)
{
    DIR *dh = opendir(dir);
    if (!dh)
        fail_msg("cannot open %s", dir);
    struct dirent *e;
    while ((e = readdir(dh))) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096], rel[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(rel, sizeof rel, "%s/%s", shown, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        size_t n = strlen(e->d_name);
        if (S_ISDIR(st.st_mode))
            scan_dir(path, rel, r);
        else if (n > 2 && (strcmp(e->d_name + n - 2, ".c") == 0 || strcmp(e->d_name + n - 2, ".h") == 0))
            scan_file(path, rel, r);
    }
    closedir(dh);
}

static void test_logged_rule_ids_have_texts(void **state)
{
    (void)state;
    RuleTexts rt;
    load_shipped(&rt);
    ScanResult r = {&rt, 0, 0, false};
    scan_dir(GUV_SOURCE_DATA_DIR "/src", "src", &r);
    /* The scan must really find the calls: there are hundreds. */
    assert_true(r.checked >= 100);
    assert_int_equal(r.missing, 0);
    ruletext_free(&rt);
}

static void test_the_scanner_itself(void **state)
{
    (void)state;
    /* A rule id in a call the scan must see, and some it must not. */
    RuleTexts rt = {0};
    ScanResult r = {&rt, 0, 0, true};
    char path[] = "/tmp/guv-scan-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *src = "/* log_add(a, b, c, \"IN-COMMENT\", \"x\") */\n"
                      "void f(void) {\n"
                      "    log_add(&g->log, t(1, 2), LOG_EVENT, \"SEEN-ONE\", \"a, b (%d)\", 3);\n"
                      "    log_add(&g->log, t, LOG_EVENT, rule, \"skip\");\n"
                      "    log_add(&g->log, t, LOG_EVENT, x ? \"SEEN-TWO\" : \"SEEN-THREE\", \"y\");\n"
                      "    my_log_add(&g->log, t, LOG_EVENT, \"NOT-THIS\", \"y\");\n"
                      "}\n";
    assert_int_equal(write(fd, src, strlen(src)), (ssize_t)strlen(src));
    close(fd);
    scan_file(path, "scan.c", &r);
    assert_int_equal(r.checked, 3);
    assert_int_equal(r.missing, 3);
    unlink(path);
}

/* Loads text as the file and returns its diagnostics in d. */
static bool load_text(const char *text, RuleTexts *rt, Diags *d)
{
    char path[] = "/tmp/guv-ruletext-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    bool ok = ruletext_load(path, REL, rt, d);
    unlink(path);
    return ok;
}

static void expect(const char *text, int line, const char *message)
{
    RuleTexts rt;
    Diags d = {0};
    assert_false(load_text(text, &rt, &d));
    if (!tu_has_diag(&d, REL, line, message)) {
        print_message("expected " REL ":%d: %s\ngot:\n", line, message);
        tu_print_diags(&d);
        fail();
    }
    ruletext_free(&rt);
    diags_free(&d);
}

#define GOOD "[GOOD-ONE]\ntitle = Good\ntext = Fine.\n"

static void test_planted_mistakes(void **state)
{
    (void)state;
    expect("[MOVE-BASIC]\ntitle = Basic movement\nsection = 9\n", 1, "[MOVE-BASIC] needs a 'text' key");
    expect("[MOVE-BASIC]\ntitle = Basic movement\ntext =\n", 3, "'text' is empty");
    expect("[MOVE-BASIC]\ntext = Moving.\n", 1, "[MOVE-BASIC] needs a 'title' key");
    expect(GOOD "[MOVE-BASIC]\ntitle = t\ntext = x\ncolour = red\n", 7, "unknown key 'colour' in [MOVE-BASIC]");
    expect("[MOVE-BASIC]\ntitle = t\ntext = x\n\n[MOVE-BASIC]\ntitle = u\ntext = y\n", 5,
           "section [MOVE-BASIC] appears again (first at line 1)");
    expect(GOOD "[move-basic]\ntitle = t\ntext = x\n", 4, "[move-basic] is not a rule id");
    expect("[rule:MOVE]\ntitle = t\ntext = x\n", 1, "[rule:MOVE] is not a rule id");
    expect("[-MOVE]\ntitle = t\ntext = x\n", 1, "is not a rule id");
    expect("[9-MOVE]\ntitle = t\ntext = x\n", 1, "upper-case letters, digits and '-'");
    expect("[AN-ID-THAT-IS-FAR-TOO-LONG-FOR-ANY-LOG]\ntitle = t\ntext = x\n", 1,
           "rule id 'AN-ID-THAT-IS-FAR-TOO-LONG-FOR-ANY-LOG' is too long (38 characters; at most 31)");
    expect("[MOVE-BASIC]\n\ntitle = A title that goes on and on well past the seventy-nine characters a title may "
           "hold\ntext = x\n",
           3, "is too long (at most 79 characters)");
    expect("[MOVE-BASIC]\ntitle = t\nsection = chapter 9\ntext = x\n", 3, "section 'chapter 9' is not a rulebook reference");
    expect("[MOVE-BASIC]\ntitle = t\nsection = H.2.a-H.2.c-H.3.a\ntext = x\n", 3,
           "section 'H.2.a-H.2.c-H.3.a' is too long (at most 15 characters)");
    expect("; only comments\n", 0, "no [RULE-ID] sections");
    expect("title = loose\n[A]\ntitle = t\ntext = x\n", 1, "key outside any [section]");
    /* Several mistakes: each reported, the sound entries still loaded. */
    RuleTexts rt;
    Diags d = {0};
    assert_false(load_text(GOOD "[bad]\ntitle = t\ntext = x\n[ALSO-GOOD]\ntitle = Also\nsection = 14\ntext = One\n"
                                "    two three.\n[NO-TEXT]\ntitle = t\n",
                           &rt, &d));
    assert_int_equal(d.count, 2);
    assert_true(tu_has_diag(&d, REL, 4, "not a rule id"));
    assert_true(tu_has_diag(&d, REL, 12, "needs a 'text' key"));
    assert_int_equal(rt.count, 2);
    const RuleText *also = ruletext_find(&rt, "ALSO-GOOD");
    assert_non_null(also);
    assert_string_equal(also->title, "Also");
    assert_string_equal(also->section, "14");
    assert_string_equal(also->text, "One two three.");
    assert_int_equal(also->line, 7);
    assert_null(ruletext_find(&rt, "NO-TEXT"));
    ruletext_free(&rt);
    diags_free(&d);
}

static void test_missing_file_is_one_error(void **state)
{
    (void)state;
    RuleTexts rt;
    Diags d = {0};
    assert_false(ruletext_load("/nonexistent/config/rule-text.ini", REL, &rt, &d));
    assert_int_equal(d.count, 1);
    assert_true(tu_has_diag(&d, REL, 0, "cannot read /nonexistent/config/rule-text.ini"));
    assert_int_equal(rt.count, 0);
    char buf[512];
    diag_format(&d.items[0], buf, sizeof buf);
    assert_non_null(strstr(buf, REL ": error: cannot read"));
    ruletext_free(&rt);
    diags_free(&d);
}

static void test_file_is_optional_in_a_data_set(void **state)
{
    (void)state;
    /* The tests' mini data has no rule texts and loads clean. */
    GameData gd;
    Diags d = {0};
    assert_true(gamedata_load(MINI_DIR, &gd, &d));
    assert_int_equal(d.count, 0);
    assert_int_equal(gd.ruletext.count, 0);
    assert_null(ruletext_find(&gd.ruletext, "MOVE-BASIC"));
    gamedata_free(&gd);
    /* Present, it is read and checked like any other file. */
    char *dir = tu_copy_tree(MINI_DIR);
    char path[4096];
    snprintf(path, sizeof path, "%s/" REL, dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("; a small set's rule texts\n[MOVE-BASIC]\ntitle = Basic movement\nsection = 9\ntext = Move.\n", f);
    fclose(f);
    assert_true(gamedata_load(dir, &gd, &d));
    assert_int_equal(gd.ruletext.count, 1);
    assert_string_equal(ruletext_find(&gd.ruletext, "MOVE-BASIC")->text, "Move.");
    uint64_t fingerprint = gd.fingerprint;
    gamedata_free(&gd);
    /* A text edited does not change the data's fingerprint (saves still load). */
    tu_patch(dir, REL, "text = Move.", "text = Move on.");
    assert_true(gamedata_load(dir, &gd, &d));
    assert_true(gd.fingerprint == fingerprint);
    gamedata_free(&gd);
    tu_patch(dir, REL, "title = Basic movement", "titel = Basic movement");
    assert_false(gamedata_load(dir, &gd, &d));
    assert_true(tu_has_diag(&d, REL, 3, "unknown key 'titel' in [MOVE-BASIC]"));
    assert_true(tu_has_diag(&d, REL, 2, "[MOVE-BASIC] needs a 'title' key"));
    gamedata_free(&gd);
    diags_free(&d);
    tu_remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_file_loads_clean),
        cmocka_unit_test(test_covered_ids_have_texts),
        cmocka_unit_test(test_logged_rule_ids_have_texts),
        cmocka_unit_test(test_the_scanner_itself),
        cmocka_unit_test(test_planted_mistakes),
        cmocka_unit_test(test_missing_file_is_one_error),
        cmocka_unit_test(test_file_is_optional_in_a_data_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
