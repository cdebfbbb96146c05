/* guv benchmarks (not tests): `cmake --build build --target bench` builds and
 * runs them and prints the time each takes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "automa/automa.h"
#include "automa/automa_state.h"
#include "bot/bot.h"
#include "pp_ai/pp_ai.h"
#include "rd_ai/rd_ai.h"
#include "red_die/geometry.h"
#include "rules/game.h"
#include "rules/game_internal.h"
#include "view/orders.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static GameData gd;
static Decision buf[20000];

static bool apply(Game *g, const char *text)
{
    Decision d;
    char why[200];
    return decision_parse(g, text, &d) && game_apply(g, &d, why, sizeof why);
}

/* Campaign turn 3 with Hill's division activated around Hamilton's Crossing. */
static void hill_active(Game *g)
{
    char err[200];
    game_new(g, &gd, data_scenario_index(&gd, "campaign"), 5, err, sizeof err);
    while (g->st.turn < 3) {
        int n = game_legal(g, buf, 20000);
        for (int i = 0; i < n; i++)
            if (buf[i].kind == D_DONE || buf[i].kind == D_PASS || buf[i].kind == D_END) {
                char why[200];
                game_apply(g, &buf[i], why, sizeof why);
                break;
            }
    }
    apply(g, "choose hill");
    apply(g, "done");
    apply(g, "done");
    for (int i = 0; i < 20 && !(g->st.drawn.kind == CHIT_FORMATION &&
                                strcmp(gd.formations[g->st.drawn.index].id, "hill") == 0);
         i++)
        apply(g, "pass");
    apply(g, "activate");
    int n = game_legal(g, buf, 20000);
    for (int i = 0; i < n; i++)
        if (buf[i].kind == D_PLACE) {
            char why[200];
            game_apply(g, &buf[i], why, sizeof why);
            break;
        }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A Perfect Plan: random play-outs a second from the standard set-up, the
 * ismcts level's time a decision at its default budget (the first
 * decisions with a choice of a game against greedy: the game's start,
 * where the play-outs are longest), and the rollout level's. */
static void bench_perfect_plan(const char *dir)
{
    static PpData pd;
    Diags d = {0};
    if (!pp_data_load(dir, &pd, &d)) {
        diags_free(&d);
        printf("A Perfect Plan: no data in %s\n", dir);
        return;
    }
    diags_free(&d);
    static PpDecision list[PP_MAX_LEGAL];
    Rng rng;
    rng_seed(&rng, 1);
    long playouts = 0, decisions = 0;
    double t0 = now();
    while (now() - t0 < 1.0) {
        PpGame g;
        pp_new_standard(&g, &pd, (uint64_t)playouts);
        while (!pp_over(&g)) {
            int n = pp_legal(&g, list, PP_MAX_LEGAL);
            pp_apply(&g, &list[rng_below(&rng, (uint32_t)n)], NULL, NULL, 0);
            decisions++;
        }
        playouts++;
    }
    double secs = now() - t0;
    printf("A Perfect Plan: random play-outs from the set-up: %.0f a second (%.0f decisions each)\n",
           (double)playouts / secs, (double)decisions / (double)playouts);
    enum { SAMPLES = 30 };
    double ms[SAMPLES];
    int n = 0;
    PpAiBudget b = pp_ai_default_budget();
    PpGame g;
    pp_new(&g, &pd, 1);
    PpAi ai[2];
    pp_ai_init(&ai[0], PP_UNION, PP_AI_ISMCTS, 11, &b);
    pp_ai_init(&ai[1], PP_CONFEDERATE, PP_AI_GREEDY, 12, &b);
    long iterations = 0;
    while (!pp_over(&g) && n < SAMPLES) {
        PpAiStats st;
        PpDecision dd = pp_ai_decide(&ai[pp_to_move(&g)], &g, &st);
        if (pp_to_move(&g) == PP_UNION && st.open > 1) {
            ms[n++] = st.seconds * 1000;
            iterations += st.iterations;
        }
        pp_apply(&g, &dd, NULL, NULL, 0);
        for (int s = 0; s < 2; s++)
            pp_ai_see(&ai[s], &g);
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    if (n > 0)
        printf("A Perfect Plan: an ismcts decision at the default budget (%d iterations, at most %.1f s; the first %d "
               "with a choice, %.0f iterations on average): median %.1f ms, worst %.1f ms\n",
               b.iterations, b.seconds, n, (double)iterations / n, ms[n / 2], ms[n - 1]);
    /* The rollout level (the screen's computer) as the Confederates
     * against greedy, at its default play-outs without the time cap: every
     * decision it searches (from turn 4, more than one choice open) of a
     * few games, so that the figure is the same work on any machine. */
    enum { ROLLOUT_SAMPLES = 400 };
    static double rms[ROLLOUT_SAMPLES];
    int rn = 0;
    long rplayouts = 0;
    double searched = 0;
    PpAiBudget rb = pp_ai_default_budget();
    rb.seconds = 0;
    for (uint64_t seed = 1001; seed <= 1003; seed++) {
        pp_new(&g, &pd, seed);
        pp_ai_init(&ai[0], PP_UNION, PP_AI_GREEDY, seed * 2, &rb);
        pp_ai_init(&ai[1], PP_CONFEDERATE, PP_AI_ROLLOUT, seed * 2 + 1, &rb);
        while (!pp_over(&g)) {
            PpAiStats st;
            int side = pp_to_move(&g);
            PpDecision dd = pp_ai_decide(&ai[side], &g, &st);
            if (side == PP_CONFEDERATE && st.iterations > 0 && rn < ROLLOUT_SAMPLES) {
                rms[rn++] = st.seconds * 1000;
                rplayouts += st.iterations;
                searched += st.seconds;
            }
            pp_apply(&g, &dd, NULL, NULL, 0);
            for (int s = 0; s < 2; s++)
                pp_ai_see(&ai[s], &g);
        }
    }
    qsort(rms, (size_t)rn, sizeof *rms, cmp_double);
    if (rn > 0)
        printf("A Perfect Plan: a rollout decision (the screen's computer: %d play-outs, no time cap; the %d it "
               "searched as the Confederates against greedy, seeds 1001-1003, %.0f play-outs on average): median "
               "%.1f ms, worst %.1f ms; %.0f play-outs a second\n",
               rb.iterations, rn, (double)rplayouts / rn, rms[rn / 2], rms[rn - 1],
               searched > 0 ? (double)rplayouts / searched : 0.0);
}

/* The Red Die of Courage: what a map of move costs takes (rd_move_costs,
 * on the legal list's and the computer's path), over the whole field and
 * bounded as the game asks for it (the 40 cm move), from every 5th cell
 * of every shipped battlefield; no enemy in the way. */
static void bench_rd_move_costs(const RdData *rd)
{
    static int cost[RD_MAX_H][RD_MAX_W];
    const int limits[2] = {RD_UNLIMITED, rd->rules.max_move_mm};
    for (int k = 0; k < 2; k++) {
        int calls = 0;
        double t0 = now();
        for (int fi = 0; fi < rd->nfields; fi++) {
            const RdField *f = &rd->fields[fi];
            for (int i = 0; i < f->w * f->h; i += 5) {
                rd_move_costs(f, &rd->rules, (RdCell){(int8_t)(i % f->w), (int8_t)(i / f->w)}, NULL, limits[k], cost);
                calls++;
            }
        }
        double ms = (now() - t0) * 1000 / calls;
        if (k == 0)
            printf("The Red Die of Courage: a map of move costs (%d calls): the whole field %.3f ms", calls, ms);
        else
            printf(", within %d mm %.3f ms\n", limits[k], ms);
    }
}

/* The Red Die of Courage: the careful level's time a decision, over a
 * whole game against the fixed level on each battlefield (seed 1). */
static void bench_red_die(const char *dir)
{
    static RdData rd;
    Diags d = {0};
    if (!rd_data_load(dir, &rd, &d)) {
        diags_free(&d);
        printf("The Red Die of Courage: no data in %s\n", dir);
        return;
    }
    diags_free(&d);
    bench_rd_move_costs(&rd);
    enum { SAMPLES = 2000 };
    static double ms[SAMPLES];
    int n = 0;
    for (int fi = 0; fi < rd.nfields; fi++) {
        static RdGame g;
        rd_new(&g, &rd.rules, &rd.fields[fi], 1);
        Rng rng;
        rng_seed(&rng, 1);
        while (!rd_over(&g)) {
            int side = rd_to_move(&g);
            double t0 = now();
            RdDecision dd = rd_ai_choose(&g, side == RD_UNION ? RD_AI_CAREFUL : RD_AI_FIXED, &rng);
            if (side == RD_UNION && n < SAMPLES)
                ms[n++] = (now() - t0) * 1000;
            if (rd_apply(&g, &dd, NULL, NULL, 0) != 0)
                break;
        }
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    if (n > 0)
        printf("The Red Die of Courage: a careful decision (a game against fixed on each battlefield, %d decisions): "
               "median %.2f ms, worst %.1f ms\n",
               n, ms[n / 2], ms[n - 1]);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : GUV_TEST_DIR "/..";
    automa_register();
    Diags d = {0};
    if (!gamedata_load(dir, &gd, &d)) {
        fprintf(stderr, "bench: cannot load the data in %s\n", dir);
        return 1;
    }
    diags_free(&d);
    Game g;
    hill_active(&g);

    /* 1. A formation's legal moves on the full map. */
    int reps = 50, count = 0;
    double t0 = now();
    for (int i = 0; i < reps; i++)
        count = game_legal(&g, buf, 20000);
    double legal_ms = (now() - t0) * 1000 / reps;
    printf("legal decisions of an activated division (%d of them): %.2f ms\n", count, legal_ms);

    /* 1b. What the game screen does when a stack is selected on the map: the
     * lit hexes and the MP to each (orders.h, game_move_preview). */
    int stack_hex = -1;
    for (int u = 0; u < g.st.nunits && stack_hex < 0; u++)
        if (g.st.unit[u].flags & UF_ACTIVE)
            stack_hex = g.st.unit[u].hex;
    unsigned char *mark = malloc((size_t)(gd.map.cols * gd.map.rows));
    int lit = 0;
    t0 = now();
    for (int i = 0; i < reps && mark && stack_hex >= 0; i++) {
        OrderSel sel;
        orders_select(&g, buf, count, stack_hex, &sel);
        orders_marks(&g, buf, count, &sel, mark);
        short path[256];
        lit = 0;
        for (int k = 0; k < count; k++) {
            int c = 0, a = 0;
            if (buf[k].kind == D_MOVE && order_for(&g, &buf[k], &sel) && game_move_preview(&g, &buf[k], path, 256, &c, &a))
                lit++;
        }
    }
    printf("a stack selected on the map, its lit hexes with their MP (%d of them): %.2f ms\n", lit,
           (now() - t0) * 1000 / reps);
    free(mark);

    /* 2. A full combat, from declaration to the end, on copies of the state:
     * a Union brigade put next to the first active Confederate unit. */
    for (int u = 0; u < g.st.nunits; u++) {
        if (!(g.st.unit[u].flags & UF_ACTIVE) || gd.units[u].type != UT_INFANTRY)
            continue;
        HexCoord c = map_hex_at(&gd.map, g.st.unit[u].hex);
        for (int dd = 0; dd < DIR_COUNT; dd++) {
            HexCoord nb = hex_neighbour(c, dd);
            int ni = map_has(&gd.map, nb) ? map_hex_index(&gd.map, nb) : -1;
            if (ni >= 0 && !hex_has_side(&g, ni, 0) && !hex_has_side(&g, ni, 1)) {
                int vg = data_unit_index(&gd, "von-gilsa");
                unit_reset(&g, vg, (UnitState){.hex = (short)ni, .where = AT_MAP, .steps = 2, .flags = 0, .exited_from = -1});
                break;
            }
        }
        break;
    }
    GameState saved = g.st;
    int log_saved = g.log.count;
    reps = 200;
    t0 = now();
    int combats = 0;
    for (int r = 0; r < reps; r++) {
        g.st = saved;
        log_truncate(&g.log, log_saved);
        int n = game_legal(&g, buf, 20000), atk = -1;
        for (int i = 0; i < n && atk < 0; i++)
            if (buf[i].kind == D_ATTACK)
                atk = i;
        if (atk < 0)
            break;
        char why[200];
        game_apply(&g, &buf[atk], why, sizeof why);
        while (g.st.pending == PEND_COMBAT) {
            n = game_legal(&g, buf, 20000);
            game_apply(&g, &buf[n - 1], why, sizeof why);
        }
        combats++;
    }
    if (combats)
        printf("a full combat resolution: %.3f ms\n", (now() - t0) * 1000 / combats);
    else
        printf("a full combat resolution: no attack in the bench position\n");
    g.st = saved;
    log_truncate(&g.log, log_saved);

    /* 3. A night's supply check for both armies (every unit on the map). */
    reps = 20;
    t0 = now();
    int supplied = 0;
    unsigned char status[GS_MAX_UNITS];
    for (int r = 0; r < reps; r++) {
        game_supply_status(&g, status);
        supplied = 0;
        for (int u = 0; u < g.st.nunits; u++)
            supplied += status[u];
    }
    printf("a night's supply check, both armies (%d units in supply): %.1f ms\n", supplied,
           (now() - t0) * 1000 / reps);
    game_free(&g);

    /* 4. A random full campaign game. */
    char err[200];
    game_new(&g, &gd, data_scenario_index(&gd, "campaign"), 77, err, sizeof err);
    Rng pick;
    rng_seed(&pick, 77);
    long decisions = 0;
    t0 = now();
    while (g.st.phase != PH_GAME_OVER && decisions < 500000) {
        int n = game_legal(&g, buf, 20000);
        int c = (int)rng_below(&pick, (uint32_t)n);
        if (rng_below(&pick, 4) == 0)
            for (int i = 0; i < n; i++)
                if (buf[i].kind == D_END || buf[i].kind == D_DONE || buf[i].kind == D_PASS)
                    c = i;
        char why[200];
        game_apply(&g, &buf[c], why, sizeof why);
        decisions++;
    }
    printf("a random campaign game (%ld decisions, to turn %d: %s): %.2f s\n", decisions, g.st.turn,
           g.st.result_text, now() - t0);
    game_free(&g);

    /* 5. A solitaire game, the bot against the Automa: each Automa
     * activation timed from its marker drawn to the next decision of the
     * player (AI-*), and the whole game. */
    game_new(&g, &gd, data_scenario_index(&gd, "solitaire"), 5, err, sizeof err);
    rng_seed(&pick, 5);
    static double act_ms[4096];
    int nact = 0;
    double act_start = -1;
    decisions = 0;
    t0 = now();
    while (g.st.phase != PH_GAME_OVER && decisions < 200000) {
        int n = game_legal(&g, buf, 20000);
        int c = g.st.to_move == SIDE_UNION ? 0 : bot_choose(&g, buf, n, &pick);
        if (g.st.to_move == SIDE_UNION && AUTOMA(g.st).step == AS_DRAWN)
            act_start = now();
        char why[200];
        game_apply(&g, &buf[c], why, sizeof why);
        if (act_start >= 0 && (AUTOMA(g.st).step == AS_IDLE || g.st.to_move != SIDE_UNION)) {
            if (nact < 4096)
                act_ms[nact++] = (now() - act_start) * 1000;
            act_start = -1;
        }
        decisions++;
    }
    double game_s = now() - t0;
    for (int i = 1; i < nact; i++) /* sort for the median */
        for (int j = i; j > 0 && act_ms[j] < act_ms[j - 1]; j--) {
            double x = act_ms[j];
            act_ms[j] = act_ms[j - 1];
            act_ms[j - 1] = x;
        }
    if (nact > 0)
        printf("an Automa activation (%d in a solitaire game): median %.3f ms, worst %.3f ms\n", nact,
               act_ms[nact / 2], act_ms[nact - 1]);
    printf("a solitaire game, the bot against the Automa (%ld decisions, turn %d: %s): %.2f s\n", decisions,
           g.st.turn, g.st.result_text, game_s);
    game_free(&g);
    gamedata_free(&gd);
    bench_perfect_plan(dir);
    bench_red_die(dir);
    return 0;
}
