#include "pptest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static PpData data;
static bool loaded;

const PpData *pt_data(void)
{
    if (!loaded) {
        Diags d = {0};
        bool ok = pp_data_load(PT_SOURCE_DIR, &data, &d);
        for (int i = 0; i < d.count; i++) {
            char buf[1400];
            diag_format(&d.items[i], buf, sizeof buf);
            print_message("  %s\n", buf);
        }
        diags_free(&d);
        assert_true(ok);
        loaded = true;
    }
    return &data;
}

int pt_area(const char *id)
{
    int a = pp_area_index(pt_data(), id);
    if (a < 0)
        fail_msg("no area %s", id);
    return a;
}

int pt_counter(const char *id)
{
    int c = pp_counter_index(pt_data(), id);
    if (c < 0)
        fail_msg("no counter %s", id);
    return c;
}

char *pt_copy(void)
{
    char tmpl[] = "/tmp/guv-pp-XXXXXX";
    char *dir = mkdtemp(tmpl);
    assert_non_null(dir);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/config' && cp -R '%s/config/perfect-plan' '%s/config/'", dir,
             PT_SOURCE_DIR, dir);
    assert_int_equal(system(cmd), 0);
    return strdup(dir);
}

void pt_remove(char *dir)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(dir);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

void pt_patch(const char *dir, const char *file, const char *old, const char *new_text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/config/perfect-plan/%s", dir, file);
    char *buf = slurp(path);
    char *at = strstr(buf, old);
    if (!at)
        fail_msg("'%s' is not in %s", old, file);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(buf, 1, (size_t)(at - buf), f);
    fputs(new_text, f);
    fputs(at + strlen(old), f);
    fclose(f);
    free(buf);
}

static int line_of(const char *dir, const char *file, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/config/perfect-plan/%s", dir, file);
    char *buf = slurp(path);
    char *at = strstr(buf, text);
    if (!at)
        fail_msg("'%s' is not in %s", text, file);
    int line = 1;
    for (char *p = buf; p < at; p++)
        line += *p == '\n';
    free(buf);
    return line;
}

void pt_expect_error(const char *file, const char *old, const char *new_text, const char *line_text,
                     const char *message)
{
    char *dir = pt_copy();
    pt_patch(dir, file, old, new_text);
    int line = line_text ? line_of(dir, file, line_text) : 0;
    char shown[256];
    snprintf(shown, sizeof shown, "config/perfect-plan/%s", file);
    static PpData pd;
    Diags d = {0};
    assert_false(pp_data_load(dir, &pd, &d));
    bool found = false;
    for (int i = 0; i < d.count; i++)
        if (strcmp(d.items[i].file, shown) == 0 && d.items[i].line == line && strstr(d.items[i].message, message))
            found = true;
    if (!found) {
        print_message("expected %s:%d: %s\ngot:\n", shown, line, message);
        for (int i = 0; i < d.count; i++) {
            char buf[1400];
            diag_format(&d.items[i], buf, sizeof buf);
            print_message("  %s\n", buf);
        }
        fail();
    }
    diags_free(&d);
    pt_remove(dir);
}

void pt_empty(PpGame *g, int turn)
{
    const PpData *pd = pt_data();
    pp_new(g, pd, 1);
    for (int c = 0; c < pd->ncounters; c++)
        pp_put_counter(g, c, PP_OFFMAP);
    memset(g->trench, 0, sizeof g->trench);
    for (int s = 0; s < PP_SIDES; s++)
        g->trench_pool[s] = (int8_t)pd->sides[s].trenches;
    g->phase = PP_PH_MOVEMENT;
    g->turn = (int8_t)turn;
    g->impulse = 0;
    g->step = 0;
    g->initiative = PP_UNION;
    g->to_move = PP_UNION;
    g->budget = (int8_t)pd->impulse_units[0];
    g->centre_holder = (int8_t)g->control[pd->initiative_area];
}

void pt_put(PpGame *g, const char *counter, const char *area)
{
    int c = pt_counter(counter);
    pp_put_counter(g, c, strcmp(area, "eliminated") == 0 ? PP_ELIM : strcmp(area, "off") == 0 ? PP_OFFMAP
                                                                                             : pt_area(area));
    /* control as the rules work it out from who stands where */
    unsigned present[PP_MAX_AREAS] = {0};
    for (int i = 0; i < g->data->ncounters; i++)
        if (g->where[i] >= 0)
            present[g->where[i]] |= 1u << g->data->counters[i].side;
    for (int a = 0; a < g->data->nareas; a++)
        if (present[a] == 1u || present[a] == 2u)
            g->control[a] = (uint8_t)(present[a] == 1u ? PP_UNION : PP_CONFEDERATE);
}

int pt_where(const PpGame *g, const char *counter) { return g->where[pt_counter(counter)]; }

void pt_dice(PpGame *g, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(rng_force(&g->rng, va_arg(ap, int)), 0);
    va_end(ap);
}

static char logbuf[65536];

void pt_log_clear(void) { logbuf[0] = '\0'; }
bool pt_log_has(const char *text) { return strstr(logbuf, text) != NULL; }
void pt_log_print(void) { print_message("%s", logbuf); }

static void parse(const PpGame *g, const char *words, PpDecision *d)
{
    char why[200];
    if (!pp_decision_parse(g->data, words, d, why, sizeof why))
        fail_msg("'%s' does not parse: %s", words, why);
}

void pt_do(PpGame *g, const char *words)
{
    PpDecision d;
    parse(g, words, &d);
    static PpEvents ev;
    ev.n = 0;
    char why[200];
    if (pp_apply(g, &d, &ev, why, sizeof why) != 0)
        fail_msg("'%s' refused: %s", words, why);
    assert_false(ev.overflow);
    for (int i = 0; i < ev.n; i++) {
        char line[256];
        pp_event_format(g->data, &ev.ev[i], -1, line, sizeof line);
        size_t len = strlen(logbuf);
        snprintf(logbuf + len, sizeof logbuf - len, "%s\n", line);
    }
}

void pt_refused(PpGame *g, const char *words, const char *reason)
{
    PpDecision d;
    parse(g, words, &d);
    PpGame before = *g;
    char why[200];
    if (pp_apply(g, &d, NULL, why, sizeof why) == 0)
        fail_msg("'%s' was accepted", words);
    if (!strstr(why, reason))
        fail_msg("'%s' refused for '%s', not '%s'", words, why, reason);
    assert_memory_equal(&before, g, sizeof before);
    assert_false(pt_legal(g, words));
}

bool pt_legal(const PpGame *g, const char *words)
{
    PpDecision d, list[PP_MAX_LEGAL];
    parse(g, words, &d);
    int n = pp_legal(g, list, PP_MAX_LEGAL);
    assert_true(n <= PP_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (list[i].kind == d.kind && list[i].a == d.a && list[i].b == d.b)
            return true;
    return false;
}
