/* Shared helpers of the engine tests (see gametest.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GUV_BASE_ONLY
#include "automa/automa.h"
#include "automa/automa_state.h"
#endif
#include "rules/variant.h"
#include "gametest.h"
#include "rules/position.h"
#include "testutil.h"

GameData gd;

int setup(void **state)
{
    (void)state;
#ifndef GUV_BASE_ONLY
    automa_register(); /* the solitaire scenarios are played against the Automa */
#endif
    Diags d = {0};
    bool ok = gamedata_load(SOURCE_DIR, &gd, &d);
    if (!ok)
        tu_print_diags(&d);
    diags_free(&d);
    return ok ? 0 : -1;
}

int teardown(void **state)
{
    (void)state;
    gamedata_free(&gd);
    return 0;
}

char scratch[64];

int setup_scratch(void **state)
{
    snprintf(scratch, sizeof scratch, "/tmp/guv-test-XXXXXX");
    if (!mkdtemp(scratch))
        return -1;
    return setup(state);
}

int teardown_scratch(void **state)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    if (system(cmd) != 0)
        return -1;
    return teardown(state);
}

const char *in_scratch(const char *name)
{
    static char p[4][160];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", scratch, name);
    return p[k];
}

void start(Game *g, const char *scenario, uint64_t seed)
{
    char err[256];
    int sc = data_scenario_index(&gd, scenario);
    assert_true(sc >= 0);
    if (!game_new(g, &gd, sc, seed, err, sizeof err))
        fail_msg("%s", err);
}

void start_options(Game *g, const char *scenario, uint64_t seed, unsigned options)
{
    char err[256];
    int sc = data_scenario_index(&gd, scenario);
    assert_true(sc >= 0);
    if (!game_new_options(g, &gd, sc, seed, options, err, sizeof err))
        fail_msg("%s", err);
}

void apply_text(Game *g, const char *text)
{
    Decision d;
    if (!decision_parse(g, text, &d))
        fail_msg("'%s' does not parse", text);
    char why[256];
    if (!game_apply(g, &d, why, sizeof why))
        fail_msg("'%s' refused: %s", text, why);
}

void refuse_text(Game *g, const char *text, const char *reason)
{
    Decision d;
    assert_true(decision_parse(g, text, &d));
    GameState before = g->st;
    int log_before = g->log.count;
    char why[256];
    assert_false(game_apply(g, &d, why, sizeof why));
    if (!strstr(why, reason))
        fail_msg("refusal of '%s' says '%s', not '%s'", text, why, reason);
    /* An illegal decision changes nothing. */
    assert_memory_equal(&before, &g->st, sizeof before);
    assert_int_equal(log_before, g->log.count);
}

/* Every legal decision now (a shared buffer, large enough for all moves). */
Decision legal_buf[20000];
int legal_all(const Game *g)
{
    int n = game_legal(g, legal_buf, 20000);
    assert_true(n <= 20000);
    return n;
}

/* The defender stays put whenever break contact is offered. */
void stay_put(Game *g)
{
    while (g->st.pending == PEND_BREAK_CONTACT)
        apply_text(g, "stay");
}

/* Plays on (choosing nothing, passing every chit) until the given turn. */
void advance_to(Game *g, int turn)
{
    while (g->st.turn < turn && g->st.phase != PH_GAME_OVER) {
        int n = legal_all(g);
        Decision *ds = legal_buf;
        assert_true(n > 0);
        const Decision *pick = NULL;
        for (int i = 0; i < n && !pick; i++)
            if (ds[i].kind == D_DONE || ds[i].kind == D_PASS || ds[i].kind == D_END || ds[i].kind == D_NO_EVENT ||
                ds[i].kind == D_SYSTEM || ds[i].kind == D_STAY || ds[i].kind == D_NO_BREASTWORK ||
                ds[i].kind == D_NO_SKIRM || ds[i].kind == D_NO_ADVANCE)
                pick = &ds[i];
        if (!pick)
            pick = &ds[0]; /* a question only an answer ends (a loss, a retreat): the first one */
        char why[256];
        assert_true(game_apply(g, pick, why, sizeof why));
    }
    assert_int_equal(g->st.turn, turn);
}

void pass_until(Game *g, int phase)
{
    for (int guard = 0; g->st.phase != phase && g->st.phase != PH_GAME_OVER && guard < 2000; guard++) {
        int n = legal_all(g);
        const Decision *pick = NULL;
        for (int i = 0; i < n && !pick; i++)
            if (legal_buf[i].kind == D_DONE || legal_buf[i].kind == D_PASS || legal_buf[i].kind == D_END ||
                legal_buf[i].kind == D_NO_EVENT || legal_buf[i].kind == D_SYSTEM || legal_buf[i].kind == D_STAY ||
                legal_buf[i].kind == D_NO_BREASTWORK || legal_buf[i].kind == D_NO_SKIRM ||
                legal_buf[i].kind == D_NO_ADVANCE)
                pick = &legal_buf[i];
        if (!pick)
            pick = &legal_buf[0]; /* a question only an answer ends (a loss, a retreat): the first one */
        char why[256];
        assert_true(game_apply(g, pick, why, sizeof why));
    }
    assert_int_equal(g->st.phase, phase);
}

bool legal_has(const Game *g, const char *text)
{
    int n = legal_all(g);
    for (int i = 0; i < n; i++) {
        char t[96];
        decision_format(&gd, &legal_buf[i], t, sizeof t);
        if (strcmp(t, text) == 0)
            return true;
    }
    return false;
}


int U(const char *id)
{
    int u = data_unit_index(&gd, id);
    if (u < 0)
        fail_msg("no unit %s", id);
    return u;
}

void put(Game *g, const char *unit, const char *hex)
{
    UnitState *u = &g->st.unit[U(unit)];
    unit_put(g, U(unit), AT_MAP, map_hex_index(&gd.map, tu_hex(hex)));
    if (u->steps == 0)
        u->steps = gd.units[U(unit)].reduced > 0 ? 2 : 1;
}

void take_off(Game *g, const char *unit) { unit_absent(g, U(unit)); }

/* Passes every other chit until the wanted one (a formation id, or
 * "independent" for the side to move then) is drawn, and activates it. */
void draw_until(Game *g, const char *want)
{
    for (int i = 0; i < 40; i++) {
        assert_int_equal(g->st.phase, PH_ACTIVATION);
        const Chit *c = &g->st.drawn;
        bool hit = strcmp(want, "independent") == 0 ? c->kind == CHIT_INDEPENDENT
                                                    : c->kind == CHIT_FORMATION &&
                                                          strcmp(gd.formations[c->index].id, want) == 0;
        if (hit) {
            apply_text(g, "activate");
            return;
        }
        apply_text(g, "pass");
    }
    fail_msg("%s was never drawn", want);
}

/* Lee Moves with only Anderson chosen, activated and waiting to be placed. */
void anderson_activated(Game *g)
{
    start(g, "lee-moves", 2);
    apply_text(g, "choose anderson");
    apply_text(g, "done");
    apply_text(g, "done");
    draw_until(g, "anderson");
}


HexCoord open_ground(const Game *g)
{
    int clear = -1;
    for (int t = 0; t < gd.nterrain; t++)
        if (gd.terrain[t].symbol == '.')
            clear = t;
    for (int i = 0; i < gd.map.cols * gd.map.rows; i++) {
        HexCoord h = map_hex_at(&gd.map, i);
        if (!hex_in_bounds(h, gd.map.cols - 2, gd.map.rows - 2) || h.col < 3 || h.row < 3)
            continue;
        bool ok = map_hex(&gd.map, h)->terrain == clear && map_hex(&gd.map, h)->fort_faces == 0;
        for (int d = 0; d < DIR_COUNT && ok; d++) {
            HexCoord n = hex_neighbour(h, d);
            ok = map_hex(&gd.map, n)->terrain == clear && map_hexside(&gd.map, h, d)->kind < 0;
        }
        for (int u = 0; u < g->st.nunits && ok; u++)
            if (g->st.unit[u].where == AT_MAP && hex_distance(map_hex_at(&gd.map, g->st.unit[u].hex), h) <= 5)
                ok = false;
        if (ok)
            return h;
    }
    fail_msg("no open ground on the map");
    return HEX_NONE;
}

void hexcmd(char *buf, size_t n, const char *verb, HexCoord h, const char *tail)
{
    char hx[5];
    hex_format(h, hx);
    snprintf(buf, n, "%s %s%s%s", verb, tail ? tail : "", tail ? " " : "", hx);
}

/* Hill's division activated on turn 3 of the campaign, its chit waiting. */
void hill_activated(Game *g)
{
    start(g, "campaign", 21);
    advance_to(g, 3);
    apply_text(g, "choose hill");
    apply_text(g, "done");
    apply_text(g, "done");
    draw_until(g, "hill");
}

int hx_index(HexCoord h) { return map_hex_index(&gd.map, h); }

void run(Game *g, const char *fmt, HexCoord h)
{
    char hx[5], cmd[160];
    hex_format(h, hx);
    snprintf(cmd, sizeof cmd, fmt, hx);
    apply_text(g, cmd);
}

void put_at(Game *g, const char *unit, HexCoord h)
{
    char hx[5];
    hex_format(h, hx);
    put(g, unit, hx);
}


void play_script(Game *g, const char *script)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", script);
    char *save = NULL;
    for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        while (*line == ' ')
            line++;
        char why[600];
        if (*line == '\0' || *line == '#')
            continue;
        if (strncmp(line, "new ", 4) == 0) {
            if (!position_new(&gd, line + 4, g, why, sizeof why))
                fail_msg("'%s' refused: %s", line, why);
        } else if (strncmp(line, "dice ", 5) == 0) {
            char *end, *p = line + 5;
            for (long v = strtol(p, &end, 10); end != p; p = end, v = strtol(p, &end, 10))
                if (!game_force_die(g, (int)v))
                    fail_msg("'%s': not a die", line);
        } else if (strncmp(line, "decide ", 7) == 0) {
            apply_text(g, line + 7);
        } else if (strncmp(line, "step ", 5) == 0) {
            int n = atoi(line + 5);
            for (int i = 0; i < n && g->variant && g->st.to_move == g->variant->side && g->st.phase != PH_GAME_OVER;
                 i++)
                apply_text(g, "automa");
        } else if (!position_apply(g, line, why, sizeof why))
            fail_msg("'%s' refused: %s", line, why);
    }
}

bool log_has(const Game *g, const char *text)
{
    for (int i = 0; i < g->log.count; i++) {
        char line[400];
        log_format(&g->log.items[i], line, sizeof line);
        if (strstr(line, text))
            return true;
    }
    return false;
}

#ifndef GUV_BASE_ONLY
void put_counter(Game *g, const char *unit, const char *hex)
{
    put(g, unit, hex);
    int u = U(unit);
    g->st.unit[u].steps = (unsigned char)gd.counters[gd.units[u].counter].nvalues;
    AUTOMA(g->st).seen_steps[u] = g->st.unit[u].steps;
    AUTOMA(g->st).seen_where[u] = AT_MAP;
}
#endif
