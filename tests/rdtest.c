#include "rdtest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static RdData data;
static bool loaded;

/* The shipped config/red-die (loaded once; the test fails when it is not clean). */
const RdData *rt_data(void)
{
    if (!loaded) {
        Diags d = {0};
        bool ok = rd_data_load(GUV_TEST_DIR "/..", &data, &d);
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

const RdRules *rt_rules(void) { return &rt_data()->rules; }

void rt_field(RdField *f, int w, int h)
{
    memset(f, 0, sizeof *f);
    snprintf(f->id, sizeof f->id, "test");
    f->w = w;
    f->h = h;
    f->home_row[RD_UNION] = 0;
    f->home_row[RD_CONFEDERATE] = h - 1;
    f->length = 100;
    f->first_side = RD_CONFEDERATE;
}

int rt_squad(RdField *f, const char *id, int side, int quality, int weapon, int soldiers, int col, int row,
             bool line, int facing)
{
    RdSquadSetup *s = &f->squads[f->nsquads];
    memset(s, 0, sizeof *s);
    snprintf(s->id, sizeof s->id, "%s", id);
    snprintf(s->name, sizeof s->name, "%s", id);
    s->side = side;
    s->quality = quality;
    s->weapon = weapon;
    s->soldiers = soldiers;
    s->col = col;
    s->row = row;
    s->line = line;
    s->facing = facing;
    return f->nsquads++;
}

void rt_cells(RdField *f, int kind, int c0, int r0, int c1, int r1)
{
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++)
            f->cell[r][c] = (uint8_t)kind;
}

void rt_new(RdGame *g, const RdField *f) { rd_new(g, rt_rules(), f, 1); }

void rt_dice(RdGame *g, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(rng_force(&g->rng, va_arg(ap, int)), 0);
    va_end(ap);
}

static char logbuf[1 << 17];

void rt_log_clear(void) { logbuf[0] = '\0'; }
bool rt_log_has(const char *text) { return strstr(logbuf, text) != NULL; }
void rt_log_print(void) { fputs(logbuf, stdout); }

static void parse(const RdGame *g, const char *words, RdDecision *d)
{
    char why[200];
    if (!rd_decision_parse(g, words, d, why, sizeof why))
        fail_msg("'%s' does not parse: %s", words, why);
}

void rt_do(RdGame *g, const char *words)
{
    RdDecision d;
    parse(g, words, &d);
    static RdEvents ev;
    ev.n = 0;
    char why[200];
    if (rd_apply(g, &d, &ev, why, sizeof why) != 0)
        fail_msg("'%s' refused: %s", words, why);
    assert_false(ev.overflow);
    for (int i = 0; i < ev.n; i++) {
        char line[300];
        rd_event_format(g, &ev.ev[i], line, sizeof line);
        size_t len = strlen(logbuf);
        snprintf(logbuf + len, sizeof logbuf - len, "%s\n", line);
    }
}

void rt_refused(RdGame *g, const char *words, const char *reason)
{
    RdDecision d;
    parse(g, words, &d);
    RdGame before = *g;
    char why[200];
    if (rd_apply(g, &d, NULL, why, sizeof why) == 0)
        fail_msg("'%s' was accepted", words);
    if (!strstr(why, reason))
        fail_msg("'%s' refused for '%s', not '%s'", words, why, reason);
    assert_memory_equal(&before, g, sizeof before);
}

bool rt_legal(const RdGame *g, const char *words)
{
    static RdDecision list[RD_MAX_LEGAL];
    RdDecision d;
    parse(g, words, &d);
    int n = rd_legal(g, list, RD_MAX_LEGAL);
    assert_true(n <= RD_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (memcmp(&list[i], &d, sizeof d) == 0)
            return true;
    return false;
}

int rt_soldier(const RdGame *g, const char *name)
{
    char buf[64];
    for (int i = 0; i < g->nsoldiers; i++) {
        rd_soldier_name(g, i, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return i;
    }
    fail_msg("no soldier %s", name);
    return -1;
}
