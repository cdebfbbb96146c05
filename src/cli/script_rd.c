/* guv script for The Red Die of Courage (issue 18): `new red-die FIELD
 * [SEED]`, then legal, decide, pick, odds, dice, undo, state, squads, view,
 * log, save, load and help on its game, in the answer format of the other
 * games' commands (docs/script.md, "The Red Die of Courage"). The game is
 * an RdPlay (play/rd_play.h) with no autosave: its record and log are the
 * screen's. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/script.h"
#include "play/rd_play.h"
#include "view/rd_screen.h"

struct RdScript {
    RdData rd;
    bool loaded, started;
    RdPlay play;
    int shown; /* log entries already printed */
};

static const char *result_word(int r)
{
    return r < 0 ? "none" : r == RD_DRAW ? "draw" : rd_side_word(r);
}

static void print_new_log(struct RdScript *rs)
{
    for (int i = rs->shown; i < rs->play.nlog; i++) {
        char line[400];
        rd_event_format(&rs->play.g, &rs->play.log[i].e, line, sizeof line);
        printf("log %d %s\n", i + 1, line);
    }
    rs->shown = rs->play.nlog;
}

static void print_state(struct RdScript *rs)
{
    const RdGame *g = &rs->play.g;
    static const char *const stages[] = {"activate", "loss", "defend", "heroic-move", "heroic-fire", "over"};
    int pts[RD_SIDES];
    rd_points(g, pts);
    printf("state game=red-die field=%s pass=%d/%d stage=%s to_move=%s initiative=%s red=%d/%d points=%d/%d "
           "result=%s\n",
           g->field->id, g->passes, g->field->length, g->stage >= 0 && g->stage <= RD_ST_OVER ? stages[g->stage] : "?",
           rd_to_move(g) >= 0 ? rd_side_word(rd_to_move(g)) : "none", rd_side_word(g->initiative), g->red[RD_UNION],
           g->red[RD_CONFEDERATE], pts[RD_UNION], pts[RD_CONFEDERATE], result_word(rd_result(g)));
    if (rd_over(g)) {
        char why[300];
        rd_play_result_text(&rs->play, why, sizeof why);
        printf("result %s: %s\n", result_word(rd_result(g)), why);
    }
}

static bool load(const char *dir, void *data, Diags *d) { return rd_data_load(dir, data, d); }

static bool load_data(ScriptSession *s, struct RdScript *rs)
{
    return script_box_data(s, &rs->loaded, rd_data_present, "Red Die files (config/red-die)", load, &rs->rd, "the Red Die's");
}

void script_rd_new(ScriptSession *s, const char *args)
{
    if (!s->rd) {
        s->rd = calloc(1, sizeof *s->rd);
        if (!s->rd) {
            printf("error new: out of memory\n");
            return;
        }
    }
    struct RdScript *rs = s->rd;
    if (!load_data(s, rs))
        return;
    char field[64] = "", extra[64] = "";
    unsigned long long seed = 1;
    int k = sscanf(args, "%63s %llu %63s", field, &seed, extra);
    int f = k >= 1 ? rd_field_index(&rs->rd, field) : -1;
    if (k < 1 || k > 2 || f < 0) {
        printf("error new: usage: new red-die FIELD [SEED], FIELD one of:");
        for (int i = 0; i < rs->rd.nfields; i++)
            printf(" %s", rs->rd.fields[i].id);
        printf("\n");
        return;
    }
    if (rs->started)
        rd_play_free(&rs->play);
    rd_play_new(&rs->play, &rs->rd, f, seed, -1, NULL);
    rs->started = true;
    s->rd_on = true;
    s->pp_on = false;
    rs->shown = 0;
    print_state(rs);
    printf("ok new red-die %s %llu\n", rs->rd.fields[f].id, seed);
}

/* legal [VERB] [SQUAD]: the decisions open now, those of one kind or squad only when told. */
static void cmd_legal(struct RdScript *rs, const char *args)
{
    static RdDecision ds[RD_MAX_LEGAL];
    int n = rd_legal(&rs->play.g, ds, RD_MAX_LEGAL);
    if (n > RD_MAX_LEGAL)
        n = RD_MAX_LEGAL;
    char w[2][64] = {"", ""};
    int nw = sscanf(args, "%63s %63s", w[0], w[1]);
    int shown = 0;
    for (int i = 0; i < n; i++) {
        char text[160], first[64] = "", squad[64] = "";
        rd_decision_format(&rs->play.g, &ds[i], text, sizeof text);
        sscanf(text, "%63s %63s", first, squad);
        bool ok = true;
        for (int k = 0; k < nw && k < 2; k++)
            ok = ok && (strcmp(w[k], first) == 0 || strcmp(w[k], squad) == 0);
        if (!ok)
            continue;
        printf("legal %s %s\n", rd_side_word(rd_to_move(&rs->play.g)), text);
        shown++;
    }
    printf("ok legal %d\n", shown);
}

static void after_decision(struct RdScript *rs, const char *cmd)
{
    print_new_log(rs);
    print_state(rs);
    printf("ok %s\n", cmd);
}

static void cmd_decide(ScriptSession *s, struct RdScript *rs, const char *args)
{
    RdDecision d;
    char why[300];
    if (!rd_decision_parse(&rs->play.g, args, &d, why, sizeof why)) {
        printf("error decide: %s (see 'legal')\n", why);
        return;
    }
    if (!script_spend(s, "decide"))
        return;
    if (!rd_play_apply(&rs->play, &d, why, sizeof why)) {
        printf("error decide: %s\n", why);
        return;
    }
    after_decision(rs, "decide");
}

/* odds DECISION: the chances of its roll, before it is rolled, and its target measured. */
static void cmd_odds(struct RdScript *rs, const char *args)
{
    RdDecision d;
    char why[300];
    if (!rd_decision_parse(&rs->play.g, args, &d, why, sizeof why)) {
        printf("error odds: %s (see 'legal')\n", why);
        return;
    }
    RdOdds o;
    if (!rd_odds(&rs->play.g, &d, &o)) {
        printf("error odds: '%s' rolls no dice\n", args);
        return;
    }
    char text[300], target[300];
    rd_odds_text(&o, 0, text, sizeof text);
    rd_target_text(&rs->play.g, &d, target, sizeof target);
    printf("odds dice=%d repeat=%d red=%d pool=%d needed=%d success=%.4f fiasco=%.4f disaster=%.4f\n", o.dice, o.repeat,
           o.red, o.pool, o.needed, o.success, o.fiasco, o.disaster);
    printf("odds %s\n", text);
    if (target[0])
        printf("target %s\n", target);
    if (rd_refusal(&rs->play.g, &d, why, sizeof why))
        printf("refused %s\n", why);
    printf("ok odds\n");
}

static void cmd_dice(struct RdScript *rs, const char *args)
{
    int vals[RNG_MAX_FORCED];
    int n = script_dice_args(args, rs->play.g.rng.nforced, vals);
    if (n <= 0)
        return;
    for (int i = 0; i < n; i++)
        rd_play_force_die(&rs->play, vals[i]);
    printf("ok dice %d queued\n", rs->play.g.rng.nforced);
}

static void cmd_undo(struct RdScript *rs)
{
    int side = gamefile_last_decider(rs->play.rec, sizeof *rs->play.rec, rs->play.nrec);
    char why[200];
    if (side < 0 || !rd_play_undo(&rs->play, side, why, sizeof why)) {
        printf("error undo: %s\n", side < 0 ? "nothing to take back" : why);
        return;
    }
    if (rs->shown > rs->play.nlog)
        rs->shown = rs->play.nlog;
    print_state(rs);
    printf("ok undo (%d more could be taken back)\n", rd_play_undo_depth(&rs->play, side));
}

/* view: the field as the screen draws it, a row a line. */
static void cmd_view(struct RdScript *rs)
{
    static RdMapGrid m;
    rd_map_grid(&m, &rs->play.g, NULL);
    for (int r = 0; r < m.h; r++)
        printf("view %02d %.*s\n", r, m.w, m.ch[r]);
    printf("ok view %dx%d\n", m.w, m.h);
}

static void cmd_squads(struct RdScript *rs)
{
    for (int q = 0; q < rs->play.g.nsquads; q++) {
        char line[300];
        rd_squad_line(&rs->play.g, q, line, sizeof line);
        printf("squad %s %s\n", rd_side_word(rs->play.g.squads[q].side), line);
    }
    printf("ok squads %d\n", rs->play.g.nsquads);
}

static void cmd_log(struct RdScript *rs, const char *args)
{
    int from = 1;
    if (*args && (sscanf(args, "%d", &from) != 1 || from < 1)) {
        printf("error log: usage: log [FROM]\n");
        return;
    }
    rs->shown = from - 1 < rs->play.nlog ? from - 1 : rs->play.nlog;
    print_new_log(rs);
    printf("ok log %d\n", rs->play.nlog);
}

static bool save_play(const void *play, const char *path, char *err, size_t n)
{
    return rd_play_save(play, path, err, n);
}

static void cmd_load(ScriptSession *s, struct RdScript *rs, const char *args)
{
    char path[1024], err[1400];
    if (!script_file_arg(s, "load", "load FILE", args, path))
        return;
    static RdPlay p;
    if (!rd_play_load(&p, &rs->rd, path, false, err, sizeof err)) {
        printf("error load: %s\n", err);
        return;
    }
    rd_play_free(&rs->play);
    rs->play = p;
    rs->shown = rs->play.nlog;
    print_state(rs);
    printf("ok load %s (%d decisions and dice replayed)\n", path, rs->play.nrec);
}

static void help(void)
{
    printf("help The Red Die of Courage (after 'new red-die FIELD [SEED]'; 'new SCENARIO' goes back to the base game):\n"
           "help legal [VERB] [SQUAD]      the decisions open now (the least dice each), one 'legal SIDE DECISION'\n"
           "help                           line each; VERB or SQUAD keeps those only\n"
           "help decide DECISION           apply one, with any number of dice from the least (as 'legal' prints it)\n"
           "help odds DECISION             the chances of its roll before it is made: success, fiasco, disaster\n"
           "help dice N [N ...]            queue dice (1-6) for the next rolls\n"
           "help undo                      take back the last decision, unless dice were rolled since\n"
           "help state                     pass, stage, side to move, initiative, red dice, points, result\n"
           "help squads                    every squad: letter, name, quality, soldiers and what befell them\n"
           "help view                      the field as the screen draws it (the symbols in the screen's help)\n"
           "help log [FROM]                the log from entry FROM, each with its rule ID\n"
           "help save FILE                 write the game (field, seed, decisions, forced dice) to FILE, atomically\n"
           "help load FILE                 replay a saved game and go on from where it stopped\n"
           "help quit                      end the session\n"
           "ok help\n");
}

bool script_rd_line(ScriptSession *s, const char *cmd, const char *args)
{
    struct RdScript *rs = s->rd;
    if (!s->rd_on || !rs || !rs->started)
        return false;
    if (strcmp(cmd, "legal") == 0)
        cmd_legal(rs, args);
    else if (strcmp(cmd, "decide") == 0)
        cmd_decide(s, rs, args);
    else if (strcmp(cmd, "odds") == 0)
        cmd_odds(rs, args);
    else if (strcmp(cmd, "dice") == 0)
        cmd_dice(rs, args);
    else if (strcmp(cmd, "undo") == 0)
        cmd_undo(rs);
    else if (strcmp(cmd, "state") == 0) {
        print_state(rs);
        printf("ok state\n");
    } else if (strcmp(cmd, "squads") == 0)
        cmd_squads(rs);
    else if (strcmp(cmd, "view") == 0)
        cmd_view(rs);
    else if (strcmp(cmd, "log") == 0)
        cmd_log(rs, args);
    else if (strcmp(cmd, "save") == 0)
        script_box_save(s, args, save_play, &rs->play, rs->play.nrec);
    else if (strcmp(cmd, "load") == 0)
        cmd_load(s, rs, args);
    else if (strcmp(cmd, "help") == 0)
        help();
    else if (strcmp(cmd, "new") == 0)
        return false;
    else
        printf("error %s: not a command of the Red Die (try 'help'; 'new SCENARIO' goes back to the base game)\n", cmd);
    return true;
}

void script_rd_end(ScriptSession *s)
{
    if (s->rd) {
        if (s->rd->started)
            rd_play_free(&s->rd->play);
        free(s->rd);
    }
    s->rd = NULL;
    s->rd_on = false;
}
