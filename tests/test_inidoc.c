/* The INI reader: line numbers, continuation lines, and everything inih
 * would otherwise get wrong silently. */
#include <stdio.h>
#include <string.h>

#include "data/inidoc.h"
#include "testutil.h"

static void read_text(const char *text, IniDoc *doc, Diags *d)
{
    memset(d, 0, sizeof *d);
    assert_true(ini_read_string(text, "t.ini", doc, d));
}

static void test_sections_keys_lines(void **state)
{
    (void)state;
    IniDoc doc;
    Diags d;
    read_text("; comment\n[alpha]\nx = 1\ny = two words ; trailing comment\n\n[beta:gamma]\nz=3\n", &doc, &d);
    assert_int_equal(d.count, 0);
    assert_int_equal(doc.nsections, 2);
    IniSection *a = ini_section(&doc, "alpha");
    assert_non_null(a);
    assert_int_equal(a->line, 2);
    IniKey *y = ini_key(a, "y");
    assert_string_equal(y->value, "two words");
    assert_int_equal(y->line, 4);
    IniSection *b = ini_section(&doc, "beta:gamma");
    assert_string_equal(ini_section_id(b, "beta"), "gamma");
    assert_null(ini_section_id(b, "bet"));
    assert_int_equal(ini_key(b, "z")->line, 7);
    ini_free(&doc);
    diags_free(&d);
}

static void test_continuation_lines_are_joined(void **state)
{
    (void)state;
    IniDoc doc;
    Diags d;
    read_text("[s]\nlist = a b\n  c d\n\tE\nnext = 1\n", &doc, &d);
    assert_int_equal(d.count, 0);
    IniSection *s = ini_section(&doc, "s");
    assert_string_equal(ini_key(s, "list")->value, "a b c d E");
    assert_int_equal(ini_key(s, "list")->line, 2);
    assert_string_equal(ini_key(s, "next")->value, "1");
    assert_int_equal(ini_count_tokens("a, b,c  d"), 4);
    ini_free(&doc);
    diags_free(&d);
}

static void test_long_line_is_an_error_with_its_line(void **state)
{
    (void)state;
    char text[1200];
    char ok[200], bad[201];
    memset(ok, 'a', 199);
    ok[199] = '\0';
    memcpy(ok, "k = ", 4);
    memset(bad, 'b', 200);
    bad[200] = '\0';
    memcpy(bad, "m = ", 4);
    snprintf(text, sizeof text, "[s]\n%s\n%s\nafter = 1\n", ok, bad);
    IniDoc doc;
    Diags d;
    read_text(text, &doc, &d);
    assert_int_equal(d.count, 1);
    assert_true(tu_has_diag(&d, "t.ini", 3, "200 characters long"));
    IniSection *s = ini_section(&doc, "s");
    assert_int_equal(strlen(ini_key(s, "k")->value), 195); /* 199 kept whole */
    assert_null(ini_key(s, "m"));                          /* never half-read */
    assert_string_equal(ini_key(s, "after")->value, "1");  /* and reading goes on */
    ini_free(&doc);
    diags_free(&d);
}

static void test_long_names_are_errors(void **state)
{
    (void)state;
    char name50[51], name51[52];
    memset(name50, 'n', 50);
    name50[50] = '\0';
    memset(name51, 'n', 51);
    name51[51] = '\0';
    char text[600];
    snprintf(text, sizeof text, "[%s]\n%s = 1\n[%s]\n%s = 2\n", name50, name50, name51, name51);
    IniDoc doc;
    Diags d;
    read_text(text, &doc, &d);
    assert_true(tu_has_diag(&d, "t.ini", 3, "section name is 51 characters"));
    assert_false(tu_has_diag(&d, "t.ini", 1, ""));
    IniSection *s = ini_section(&doc, name50);
    assert_non_null(s);
    assert_non_null(ini_key(s, name50));
    ini_free(&doc);
    diags_free(&d);

    snprintf(text, sizeof text, "[s]\n%s = 1\n%s = 2\n", name50, name51);
    read_text(text, &doc, &d);
    assert_int_equal(d.count, 1);
    assert_true(tu_has_diag(&d, "t.ini", 3, "key name is 51 characters"));
    ini_free(&doc);
    diags_free(&d);
}

static void test_duplicates_and_syntax(void **state)
{
    (void)state;
    IniDoc doc;
    Diags d;
    read_text("[a]\nx = 1\nx = 2\n[b]\ny = 1\n[a]\nz = 3\njunk line\n= 4\n", &doc, &d);
    assert_true(tu_has_diag(&d, "t.ini", 3, "key 'x' appears again in [a] (first at line 2)"));
    assert_true(tu_has_diag(&d, "t.ini", 6, "section [a] appears again (first at line 1)"));
    assert_true(tu_has_diag(&d, "t.ini", 8, "expected 'key = value'"));
    assert_true(tu_has_diag(&d, "t.ini", 9, "no key"));
    /* the first value stands; the duplicate section's keys are not merged */
    assert_string_equal(ini_key(ini_section(&doc, "a"), "x")->value, "1");
    assert_null(ini_key(ini_section(&doc, "a"), "z"));
    ini_free(&doc);
    diags_free(&d);

    read_text("x = 1\n[s\n", &doc, &d);
    assert_true(tu_has_diag(&d, "t.ini", 1, "outside any [section]"));
    assert_true(tu_has_diag(&d, "t.ini", 2, "no closing ']'"));
    ini_free(&doc);
    diags_free(&d);
}

static void test_unused_keys_and_sections_are_reported(void **state)
{
    (void)state;
    IniDoc doc;
    Diags d;
    read_text("[known]\ngood = 1\nmispelt = 2\n[stray]\nq = 1\n", &doc, &d);
    IniSection *s = ini_section(&doc, "known");
    ini_key(s, "good");
    ini_check_unused(&doc, &d);
    assert_int_equal(d.count, 2);
    assert_true(tu_has_diag(&d, "t.ini", 3, "unknown key 'mispelt' in [known]"));
    assert_true(tu_has_diag(&d, "t.ini", 4, "unknown section [stray]"));
    ini_free(&doc);
    diags_free(&d);
}

static void test_typed_getters(void **state)
{
    (void)state;
    IniDoc doc;
    Diags d;
    read_text("[s]\nn = 12\nbig = 99\nword = abc\nb = yes\nb2 = maybe\nh = 1.5\nh0 = 0.5\nno = no\nbadh = 1.25\n",
              &doc, &d);
    IniSection *s = ini_section(&doc, "s");
    int v = -7;
    assert_true(ini_get_int(&doc, s, "n", true, 0, 20, &v, &d));
    assert_int_equal(v, 12);
    assert_false(ini_get_int(&doc, s, "big", true, 0, 20, &v, &d));
    assert_true(tu_has_diag(&d, "t.ini", 3, "it must be from 0 to 20"));
    assert_false(ini_get_int(&doc, s, "word", true, 0, 20, &v, &d));
    assert_true(tu_has_diag(&d, "t.ini", 4, "must be a whole number"));
    assert_int_equal(v, 12);
    assert_false(ini_get_int(&doc, s, "absent", true, 0, 20, &v, &d));
    assert_true(tu_has_diag(&d, "t.ini", 1, "[s] needs a 'absent' key"));
    assert_false(ini_get_int(&doc, s, "absent2", false, 0, 20, &v, &d));
    bool b = false;
    assert_true(ini_get_bool(&doc, s, "b", true, &b, &d));
    assert_true(b);
    assert_false(ini_get_bool(&doc, s, "b2", true, &b, &d));
    assert_true(tu_has_diag(&d, "t.ini", 6, "must be yes or no"));
    assert_true(ini_get_half(&doc, s, "h", true, false, &v, &d));
    assert_int_equal(v, 3);
    assert_true(ini_get_half(&doc, s, "h0", true, false, &v, &d));
    assert_int_equal(v, 1);
    assert_true(ini_get_half(&doc, s, "no", true, true, &v, &d));
    assert_int_equal(v, COST_NO);
    assert_false(ini_get_half(&doc, s, "badh", true, true, &v, &d));
    assert_true(tu_has_diag(&d, "t.ini", 10, "must be a cost"));
    ini_free(&doc);
    diags_free(&d);
}

static void test_missing_file(void **state)
{
    (void)state;
    IniDoc doc;
    Diags d = {0};
    assert_false(ini_read_file("/nonexistent/x.ini", "config/x.ini", &doc, &d));
    assert_true(tu_has_diag(&d, "config/x.ini", 0, "cannot read"));
    ini_free(&doc);
    diags_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sections_keys_lines),
        cmocka_unit_test(test_continuation_lines_are_joined),
        cmocka_unit_test(test_long_line_is_an_error_with_its_line),
        cmocka_unit_test(test_long_names_are_errors),
        cmocka_unit_test(test_duplicates_and_syntax),
        cmocka_unit_test(test_unused_keys_and_sections_are_reported),
        cmocka_unit_test(test_typed_getters),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
