/* guv script for A Perfect Plan (issue 17): `new perfect-plan [standard]
 * [SEED]`, then legal, decide, pick, dice, undo, state, areas, view, log,
 * save, load and help on its game, in the same answer format as the base
 * game's commands (docs/script.md, "A Perfect Plan"). The game is a
 * PpPlay (play/pp_play.h) with no autosave: its record and log are the
 * screen's. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/script.h"
#include "play/pp_play.h"

struct PpScript {
    PpData pd;
    bool loaded, started;
    PpPlay play;
    int shown; /* log entries already printed */
};

static const char *result_word(int r)
{
    return r < 0 ? "none" : r == PP_TIE ? "tie" : pp_side_word(r);
}

static void print_new_log(struct PpScript *ps)
{
    for (int i = ps->shown; i < ps->play.nlog; i++) {
        char line[300];
        pp_event_format(&ps->pd, &ps->play.log[i].e, -1, line, sizeof line);
        printf("log %d %s\n", i + 1, line);
    }
    ps->shown = ps->play.nlog;
}

static void print_state(struct PpScript *ps)
{
    const PpGame *g = &ps->play.g;
    const PpData *pd = &ps->pd;
    int elim[PP_SIDES] = {0, 0};
    for (int c = 0; c < pd->ncounters; c++)
        if (g->where[c] == PP_ELIM)
            elim[pd->counters[c].side]++;
    printf("state game=perfect-plan turn=%d phase=%s impulse=%d limit=%d left=%d to_move=%s initiative=%s "
           "trenches=%d/%d eliminated=%d/%d result=%s\n",
           g->turn, pp_phase_name(g->phase), g->phase == PP_PH_MOVEMENT ? g->impulse + 1 : 0,
           g->phase == PP_PH_MOVEMENT ? pd->impulse_units[g->impulse] : 0, g->phase == PP_PH_MOVEMENT ? g->budget : 0,
           g->to_move >= 0 ? pp_side_word(g->to_move) : "none", pp_side_word(g->initiative), g->trench_pool[PP_UNION],
           g->trench_pool[PP_CONFEDERATE], elim[PP_UNION], elim[PP_CONFEDERATE], result_word(g->result));
    if (g->cb.area >= 0) {
        static const char *const q[] = {"none", "bonus", "loss", "retreat", "leader"};
        printf("combat %s round=%d question=%s asked=%s hits=%d/%d\n", pd->areas[g->cb.area].id, g->cb.round,
               q[g->cb.question], g->cb.question ? pp_side_word(g->cb.asked) : "none", g->cb.hits[PP_UNION],
               g->cb.hits[PP_CONFEDERATE]);
    }
    if (g->result >= 0) {
        char why[400];
        pp_play_result_text(&ps->play, why, sizeof why);
        printf("result %s: %s\n", result_word(g->result), why);
    }
}

/* One area line: each side's counters named, or only counted (hidden). */
static void print_area(const PpData *pd, const PpView *v, int a, bool all, const PpGame *g)
{
    char list[PP_SIDES][400];
    for (int side = 0; side < PP_SIDES; side++) {
        list[side][0] = '\0';
        int hidden = 0;
        for (int c = 0; c < pd->ncounters; c++) {
            if (pd->counters[c].side != side)
                continue;
            int at = all ? g->where[c] : v->where[c];
            if (at == a)
                snprintf(list[side] + strlen(list[side]), sizeof list[side] - strlen(list[side]), "%s%s",
                         list[side][0] ? "+" : "", pd->counters[c].id);
        }
        if (!all && v->backs[side][a] > 0 && !list[side][0])
            hidden = v->backs[side][a];
        if (hidden)
            snprintf(list[side], sizeof list[side], "hidden:%d", hidden);
        else if (!list[side][0])
            snprintf(list[side], sizeof list[side], "-");
    }
    unsigned tr = all ? g->trench[a] : v->trench[a];
    unsigned ctl = all ? g->control[a] : v->control[a];
    printf("area %s control=%s trench=%s union=%s confederate=%s\n", pd->areas[a].id, pp_side_word((int)ctl),
           tr == 3 ? "union+confederate" : tr == 1 ? "union" : tr == 2 ? "confederate" : "-", list[PP_UNION],
           list[PP_CONFEDERATE]);
}

/* The eliminated units box and the reinforcements still to come (public). */
static void print_boxes(const PpData *pd, const PpGame *g)
{
    for (int side = 0; side < PP_SIDES; side++) {
        char elim[400] = "", later[400] = "";
        for (int c = 0; c < pd->ncounters; c++) {
            const PpCounter *u = &pd->counters[c];
            if (u->side != side)
                continue;
            if (g->where[c] == PP_ELIM)
                snprintf(elim + strlen(elim), sizeof elim - strlen(elim), "%s%s", elim[0] ? "+" : "", u->id);
            else if (g->where[c] == PP_OFFMAP && u->arrive_turn > 0)
                snprintf(later + strlen(later), sizeof later - strlen(later), "%s%s@%d:%s", later[0] ? "+" : "", u->id,
                         u->arrive_turn, pd->areas[u->arrive_area].id);
        }
        printf("box %s eliminated=%s reinforcements=%s\n", pp_side_word(side), elim[0] ? elim : "-",
               later[0] ? later : "-");
    }
}

static bool load(const char *dir, void *data, Diags *d) { return pp_data_load(dir, data, d); }

static bool load_data(ScriptSession *s, struct PpScript *ps)
{
    return script_box_data(s, &ps->loaded, pp_data_present, "A Perfect Plan files (config/perfect-plan)", load, &ps->pd, "A Perfect Plan's");
}

void script_pp_new(ScriptSession *s, const char *args)
{
    if (!s->pp) {
        s->pp = calloc(1, sizeof *s->pp);
        if (!s->pp) {
            printf("error new: out of memory\n");
            return;
        }
    }
    struct PpScript *ps = s->pp;
    bool standard = false;
    unsigned long long seed = 1;
    char w[64];
    int used;
    const char *p = args;
    int nnum = 0;
    while (sscanf(p, "%63s%n", w, &used) == 1) {
        p += used;
        char *end;
        unsigned long long v = strtoull(w, &end, 10);
        if (strcmp(w, "standard") == 0 && !standard)
            standard = true;
        else if (*end == '\0' && w[0] >= '0' && w[0] <= '9' && nnum++ == 0)
            seed = v;
        else {
            printf("error new: usage: new perfect-plan [standard] [SEED] ('%s' is neither)\n", w);
            return;
        }
    }
    if (!load_data(s, ps))
        return;
    if (ps->started)
        pp_play_free(&ps->play);
    pp_play_new(&ps->play, &ps->pd, seed, standard, -1, NULL);
    ps->started = true;
    s->pp_on = true;
    s->rd_on = false;
    ps->shown = 0;
    print_new_log(ps);
    print_state(ps);
    printf("ok new perfect-plan %s%llu\n", standard ? "standard " : "", seed);
}

static int parse_side(const char *w)
{
    return strcmp(w, "union") == 0 ? PP_UNION : strcmp(w, "confederate") == 0 ? PP_CONFEDERATE : -1;
}

static void cmd_legal(struct PpScript *ps)
{
    PpDecision ds[PP_MAX_LEGAL];
    int n = pp_legal(&ps->play.g, ds, PP_MAX_LEGAL);
    if (n > PP_MAX_LEGAL)
        n = PP_MAX_LEGAL;
    for (int i = 0; i < n; i++) {
        char text[128];
        pp_decision_format(&ps->pd, &ds[i], text, sizeof text);
        printf("legal %s %s\n", pp_side_word(pp_to_move(&ps->play.g)), text);
    }
    printf("ok legal %d\n", n);
}

static void after_decision(struct PpScript *ps, const char *cmd)
{
    print_new_log(ps);
    print_state(ps);
    printf("ok %s\n", cmd);
}

static void cmd_decide(ScriptSession *s, struct PpScript *ps, const char *args)
{
    PpDecision d;
    char why[300];
    if (!pp_decision_parse(&ps->pd, args, &d, why, sizeof why)) {
        printf("error decide: %s (see 'legal')\n", why);
        return;
    }
    if (!script_spend(s, "decide"))
        return;
    if (!pp_play_apply(&ps->play, &d, why, sizeof why)) {
        printf("error decide: %s\n", why);
        return;
    }
    after_decision(ps, "decide");
}

static void cmd_pick(ScriptSession *s, struct PpScript *ps, const char *args)
{
    char *end;
    long k = strtol(args, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == args || *end != '\0' || k < 1) {
        printf("error pick: usage: pick N (N from 1, as 'legal' numbers the decisions)\n");
        return;
    }
    PpDecision ds[PP_MAX_LEGAL];
    int n = pp_legal(&ps->play.g, ds, PP_MAX_LEGAL);
    if (n > PP_MAX_LEGAL)
        n = PP_MAX_LEGAL;
    if (k > n) {
        printf("error pick: only %d decision%s open now\n", n, n == 1 ? " is" : "s are");
        return;
    }
    if (!script_spend(s, "pick"))
        return;
    char text[128], why[300];
    pp_decision_format(&ps->pd, &ds[k - 1], text, sizeof text);
    if (!pp_play_apply(&ps->play, &ds[k - 1], why, sizeof why)) {
        printf("error pick: '%s' was listed but refused: %s (please report it)\n", text, why);
        return;
    }
    printf("pick %s\n", text);
    after_decision(ps, "pick");
}

/* play K [SEED]: K decisions of the fallback chooser (its own generator). */
static void cmd_play(ScriptSession *s, struct PpScript *ps, const char *args)
{
    long k = 0;
    unsigned long long seed = 1;
    if (sscanf(args, "%ld %llu", &k, &seed) < 1 || k < 1 || k > 100000) {
        printf("error play: usage: play K [SEED], K from 1 to 100000\n");
        return;
    }
    Rng r;
    rng_seed(&r, (uint64_t)seed);
    int from = ps->play.nlog + 1;
    long done = 0;
    for (; done < k && !pp_over(&ps->play.g) && script_spend(s, "play"); done++) {
        PpDecision d = pp_fallback_chooser(&ps->play.g, &r);
        char why[300];
        if (!pp_play_apply(&ps->play, &d, why, sizeof why)) {
            printf("error play: a listed decision was refused: %s (please report it)\n", why);
            return;
        }
    }
    ps->shown = ps->play.nlog;
    print_state(ps);
    printf("ok play %ld (log from %d)\n", done, from);
}

static void cmd_dice(struct PpScript *ps, const char *args)
{
    int vals[RNG_MAX_FORCED];
    int n = script_dice_args(args, ps->play.g.rng.nforced, vals);
    if (n <= 0)
        return;
    for (int i = 0; i < n; i++)
        pp_play_force_die(&ps->play, vals[i]);
    printf("ok dice %d queued\n", ps->play.g.rng.nforced);
}

static void cmd_undo(struct PpScript *ps)
{
    int side = gamefile_last_decider(ps->play.rec, sizeof *ps->play.rec, ps->play.nrec);
    char why[200];
    if (side < 0 || !pp_play_undo(&ps->play, side, why, sizeof why)) {
        printf("error undo: %s\n", side < 0 ? "nothing to take back" : why);
        return;
    }
    if (ps->shown > ps->play.nlog)
        ps->shown = ps->play.nlog;
    print_state(ps);
    printf("ok undo (%d more could be taken back)\n", pp_play_undo_depth(&ps->play, side));
}

static void cmd_view(struct PpScript *ps, const char *args)
{
    char w[32] = "";
    int side = sscanf(args, "%31s", w) == 1 ? parse_side(w) : -1;
    if (side < 0) {
        printf("error view: usage: view union|confederate\n");
        return;
    }
    PpView v;
    pp_view(&ps->play.g, side, &v);
    for (int a = 0; a < ps->pd.nareas; a++)
        print_area(&ps->pd, &v, a, false, &ps->play.g);
    print_boxes(&ps->pd, &ps->play.g);
    printf("ok view %s\n", w);
}

static void cmd_areas(struct PpScript *ps)
{
    for (int a = 0; a < ps->pd.nareas; a++)
        print_area(&ps->pd, NULL, a, true, &ps->play.g);
    print_boxes(&ps->pd, &ps->play.g);
    printf("ok areas\n");
}

static void cmd_log(struct PpScript *ps, const char *args)
{
    int from = 1, viewer = -1;
    char w1[32] = "", w2[32] = "";
    int k = sscanf(args, "%31s %31s", w1, w2);
    for (int i = 0; i < k; i++) {
        const char *w = i == 0 ? w1 : w2;
        char *end;
        long v = strtol(w, &end, 10);
        if (parse_side(w) >= 0 && viewer < 0)
            viewer = parse_side(w);
        else if (*end == '\0' && v >= 1 && i == 0)
            from = v > ps->play.nlog + 1 ? ps->play.nlog + 1 : (int)v;
        else {
            printf("error log: usage: log [FROM] [union|confederate]\n");
            return;
        }
    }
    for (int i = from - 1; i < ps->play.nlog; i++) {
        char line[300];
        pp_event_format(&ps->pd, &ps->play.log[i].e, viewer, line, sizeof line);
        printf("log %d %s\n", i + 1, line);
    }
    ps->shown = ps->play.nlog;
    printf("ok log %d\n", ps->play.nlog);
}

static bool save_play(const void *play, const char *path, char *err, size_t n)
{
    return pp_play_save(play, path, err, n);
}

static void cmd_load(ScriptSession *s, struct PpScript *ps, const char *args)
{
    char path[1024], err[1400];
    if (!script_file_arg(s, "load", "load FILE", args, path))
        return;
    PpPlay p;
    if (!pp_play_load(&p, &ps->pd, path, false, err, sizeof err)) {
        printf("error load: %s\n", err);
        return;
    }
    pp_play_free(&ps->play);
    ps->play = p;
    ps->shown = ps->play.nlog;
    print_state(ps);
    printf("ok load %s (%d decisions and dice replayed)\n", path, ps->play.nrec);
}

static void help(void)
{
    printf("help A Perfect Plan (after 'new perfect-plan [standard] [SEED]'; 'new SCENARIO' goes back to the base game):\n"
           "help legal                     the decisions open now, one 'legal SIDE DECISION' line each\n"
           "help decide DECISION           apply one (as 'legal' prints it)\n"
           "help pick N                    apply the Nth decision 'legal' lists (from 1)\n"
           "help play K [SEED]             apply K random legal decisions (their own generator)\n"
           "help dice N [N ...]            queue dice (1-6) for the next rolls\n"
           "help undo                      take back the last decision, unless dice were rolled since\n"
           "help state                     turn, phase, impulse, side to move, initiative, combat, result\n"
           "help areas                     every area with everything in it (both sides named)\n"
           "help view union|confederate    the areas as that side sees them (the enemy's counters hidden)\n"
           "help log [FROM] [SIDE]         the log from entry FROM; with a side, as that side reads it\n"
           "help save FILE                 write the game (seed, decisions, forced dice) to FILE, atomically\n"
           "help load FILE                 replay a saved game and go on from where it stopped\n"
           "help quit                      end the session\n"
           "ok help\n");
}

bool script_pp_line(ScriptSession *s, const char *cmd, const char *args)
{
    struct PpScript *ps = s->pp;
    if (!s->pp_on || !ps || !ps->started)
        return false;
    if (strcmp(cmd, "legal") == 0)
        cmd_legal(ps);
    else if (strcmp(cmd, "decide") == 0)
        cmd_decide(s, ps, args);
    else if (strcmp(cmd, "pick") == 0)
        cmd_pick(s, ps, args);
    else if (strcmp(cmd, "play") == 0)
        cmd_play(s, ps, args);
    else if (strcmp(cmd, "dice") == 0)
        cmd_dice(ps, args);
    else if (strcmp(cmd, "undo") == 0)
        cmd_undo(ps);
    else if (strcmp(cmd, "state") == 0) {
        print_state(ps);
        printf("ok state\n");
    } else if (strcmp(cmd, "areas") == 0)
        cmd_areas(ps);
    else if (strcmp(cmd, "view") == 0)
        cmd_view(ps, args);
    else if (strcmp(cmd, "log") == 0)
        cmd_log(ps, args);
    else if (strcmp(cmd, "save") == 0)
        script_box_save(s, args, save_play, &ps->play, ps->play.nrec);
    else if (strcmp(cmd, "load") == 0)
        cmd_load(s, ps, args);
    else if (strcmp(cmd, "help") == 0)
        help();
    else if (strcmp(cmd, "new") == 0)
        return false;
    else
        printf("error %s: not a command of A Perfect Plan (try 'help'; 'new SCENARIO' goes back to the base game)\n",
               cmd);
    return true;
}

void script_pp_end(ScriptSession *s)
{
    if (s->pp) {
        if (s->pp->started)
            pp_play_free(&s->pp->play);
        free(s->pp);
    }
    s->pp = NULL;
    s->pp_on = false;
}
