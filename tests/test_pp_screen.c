/* A Perfect Plan's screen as text (view/pp_screen.h): the orders' words
 * in a narrow list, and an area's contents as one side may know them. */
#include "pptest.h"

#include <stdio.h>
#include <string.h>

#include "view/pp_screen.h"

enum { LIST_W = 35 }; /* the list over the map at 80x24, less its cursor column */

/* Every order of the first impulse fits the narrow list, and a move there
 * still says where it goes: the four moves of one division used to read
 * alike, cut before their destination. */
static void test_APP_MOVE_the_narrow_list_keeps_each_orders_destination(void **state)
{
    (void)state;
    PpGame g;
    pp_new_standard(&g, pt_data(), 5);
    PpDecision list[PP_MAX_LEGAL];
    int n = pp_legal(&g, list, PP_MAX_LEGAL);
    assert_true(n > 20);
    int moves = 0;
    static char seen[PP_MAX_LEGAL][200];
    for (int i = 0; i < n; i++) {
        char text[200];
        pp_decision_fit(&g, &list[i], text, sizeof text, LIST_W, true);
        assert_true((int)strlen(text) <= LIST_W);
        snprintf(seen[i], sizeof seen[i], "%s", text);
        for (int j = 0; j < i; j++)
            if (strcmp(seen[j], text) == 0)
                fail_msg("two orders read alike in the list: \"%s\"", text);
        if (list[i].kind == PP_D_MOVE) {
            const char *to = pt_data()->areas[list[i].b].shortname;
            size_t lt = strlen(to), l = strlen(text);
            assert_true(l >= lt && strcmp(text + l - lt, to) == 0);
            moves++;
        }
    }
    assert_true(moves > 10);
    /* wide enough, the words are the full ones */
    char full[200], fit[200];
    pp_decision_words(&g, &list[0], full, sizeof full);
    pp_decision_fit(&g, &list[0], fit, sizeof fit, 200, false);
    assert_string_equal(fit, full);
}

/* The area panel names the viewer's own counters and only counts the
 * enemy's, face down (APP-HIDDEN). */
static void test_APP_HIDDEN_the_area_panel_names_only_your_own(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 2);
    pt_put(&g, "anderson", "zoan-church");
    pt_put(&g, "lee", "zoan-church");
    pt_put(&g, "ii-corps", "zoan-church");
    pt_put(&g, "v-corps", "chancellorsville");
    char text[600];
    int zoan = pt_area("zoan-church");
    pp_area_text(&g, PP_CONFEDERATE, zoan, text, sizeof text);
    assert_non_null(strstr(text, "Anderson's Division"));
    assert_non_null(strstr(text, "Lee"));
    assert_non_null(strstr(text, "1 AoP face down"));
    assert_null(strstr(text, "II Corps"));
    pp_area_text(&g, PP_UNION, zoan, text, sizeof text);
    assert_non_null(strstr(text, "II Corps"));
    assert_non_null(strstr(text, "2 ANV face down"));
    assert_null(strstr(text, "Anderson"));
    assert_null(strstr(text, "Lee"));
    pp_area_text(&g, PP_UNION, pt_area("salem-church"), text, sizeof text);
    assert_non_null(strstr(text, "Salem Church"));
    assert_non_null(strstr(text, "empty"));
}

/* The area line names where a move from the area can go: Wilderness Tavern touches
 * Dowdall's Tavern but not Chancellorsville, and a river without arrows is no way. */
static void test_APP_MOVE_the_area_panel_names_where_a_move_goes(void **state)
{
    (void)state;
    PpGame g;
    pt_empty(&g, 2);
    const PpData *pd = g.data;
    char text[600];
    int wild = pt_area("wilderness-tavern");
    pp_area_text(&g, PP_UNION, wild, text, sizeof text);
    const char *next = strstr(text, "; next to ");
    assert_non_null(next);
    for (int a = 0; a < pd->nareas; a++) {
        int join = -1;
        for (int k = 0; k < pd->areas[wild].nadj; k++)
            if (pd->areas[wild].adj[k] == a)
                join = pd->areas[wild].join[k];
        char want[64];
        snprintf(want, sizeof want, "%s%s", pd->areas[a].shortname, join == PP_ARROW ? " (river)" : "");
        bool named = strstr(next, want) != NULL;
        assert_int_equal(named, join == PP_LAND || join == PP_ARROW);
    }
    assert_non_null(strstr(next, "Dowdall's"));
    assert_null(strstr(next, "Chancellor"));
    /* Falmouth and Fredericksburg: the river is crossed at arrows */
    pp_area_text(&g, PP_UNION, pt_area("falmouth"), text, sizeof text);
    assert_non_null(strstr(strstr(text, "; next to "), "Fredericks (river)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_APP_MOVE_the_narrow_list_keeps_each_orders_destination),
        cmocka_unit_test(test_APP_HIDDEN_the_area_panel_names_only_your_own),
        cmocka_unit_test(test_APP_MOVE_the_area_panel_names_where_a_move_goes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
