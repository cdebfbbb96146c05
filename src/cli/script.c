/* guv script: a line-oriented command interface to the engine, for tests,
 * rules lawyers and tools. One command a line on stdin; every answer is one
 * or more lines on stdout, the last being "ok ..." or "error CMD: why". The
 * session goes on after an error. Blank lines and lines starting with '#'
 * are ignored. See docs/script.md. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa.h"
#include "cli/cli.h"
#include "cli/script.h"
#include "rules/game.h"
#include "rules/position.h"
#include "rules/save.h"
#include "view/automa_view.h"

typedef ScriptSession Session;

static const char *const where_names[] = {"absent", "map", "reserve", "eliminated", "exited", "gone"};
static const char *const phase_names[] = {"choose",       "activation", "recovery", "over",
                                          "night-events", "placement",  "deployment"};

static void print_new_log(Session *s)
{
    for (int i = s->shown_log; i < s->game.log.count; i++) {
        char line[400];
        log_format(&s->game.log.items[i], line, sizeof line);
        printf("log %s\n", line);
    }
    s->shown_log = s->game.log.count;
}

static void print_state(Session *s)
{
    const GameState *st = &s->game.st;
    static const char *const results[] = {"none", "union", "confederate", "draw"};
    printf("state scenario=%s turn=%d phase=%s to_move=%s rain=%d points=%d/%d cup=%d skirmishers=%d/%d "
           "eliminated=%d/%d events=%d/%d result=%s\n",
           s->gd->scenarios[st->scenario].id, st->turn, phase_names[st->phase], data_side_name(st->to_move),
           st->rain ? 1 : 0, st->points[SIDE_UNION], st->points[SIDE_CONFEDERATE], st->ncup,
           st->skirmishers[SIDE_UNION], st->skirmishers[SIDE_CONFEDERATE], game_eliminated_points(&s->game, SIDE_UNION),
           game_eliminated_points(&s->game, SIDE_CONFEDERATE), game_hand_size(&s->game, SIDE_UNION),
           game_hand_size(&s->game, SIDE_CONFEDERATE), results[st->result]);
    if (st->result != RES_NONE)
        printf("result %s: %s\n", results[st->result], st->result_text);
}

static void print_unit(Session *s, int u)
{
    const UnitState *us = &s->game.st.unit[u];
    const UnitDef *ud = &s->gd->units[u];
    char hex[5] = "-";
    if (us->where == AT_MAP)
        hex_format(map_hex_at(&s->gd->map, us->hex), hex);
    /* D disorganized, M demoralized, O out of supply, F fired, T activated
     * this turn, V moved, A active in the current activation */
    static const struct {
        unsigned short bit;
        char letter;
    } letters[] = {{UF_DIS, 'D'},       {UF_DEM, 'M'},   {UF_OOS, 'O'},   {UF_FIRED, 'F'},
                   {UF_ACTIVATED, 'T'}, {UF_MOVED, 'V'}, {UF_ACTIVE, 'A'}};
    char flags[16];
    int nf = 0;
    for (size_t i = 0; i < sizeof letters / sizeof *letters; i++)
        if (us->flags & letters[i].bit)
            flags[nf++] = letters[i].letter;
    if (nf == 0)
        flags[nf++] = '-';
    flags[nf] = '\0';
    printf("unit %s side=%s formation=%s type=%s where=%s hex=%s steps=%d points=%d flags=%s\n", ud->id,
           data_side_name(ud->side), ud->formation >= 0 ? s->gd->formations[ud->formation].id : "independent",
           data_unit_type_name(ud->type), where_names[us->where], hex, us->steps, game_unit_points(&s->game, u), flags);
}

static bool need_game(Session *s, const char *cmd)
{
    if (!s->started)
        printf("error %s: no game yet; start one with: new SCENARIO [SEED]\n", cmd);
    return s->started;
}

/* A harness's limit on the decisions a session may apply (fuzzing; script.h). */
bool script_spend(ScriptSession *s, const char *cmd)
{
    if (s->budget == 0) {
        printf("error %s: this session may apply no more decisions\n", cmd);
        return false;
    }
    if (s->budget > 0)
        s->budget--;
    return true;
}

/* The FILE of `CMD FILE` into path (1024 bytes); false, with the error
 * printed, when it is missing or, in a sandboxed session (fuzzing), not a
 * bare name in the current folder. */
bool script_file_arg(ScriptSession *s, const char *cmd, const char *usage, const char *args, char *path)
{
    if (sscanf(args, "%1023s", path) != 1) {
        printf("error %s: usage: %s\n", cmd, usage);
        return false;
    }
    if (s->sandbox && (strchr(path, '/') || path[0] == '.')) {
        printf("error %s: in this session a file is a bare name in the current folder\n", cmd);
        return false;
    }
    return true;
}

bool script_box_data(const ScriptSession *s, bool *loaded, bool (*present)(const char *dir), const char *files,
                     bool (*load)(const char *dir, void *data, Diags *d), void *data, const char *whose)
{
    if (*loaded)
        return true;
    char dir[4096];
    if (s->data_dir)
        snprintf(dir, sizeof dir, "%s", s->data_dir);
    else if (cli_data_dir(NULL, dir, sizeof dir, stderr) != 0) {
        printf("error new: no data folder found (see 'guv --help')\n");
        return false;
    }
    if (!present(dir)) {
        printf("error new: the data has no %s: try 'guv check'\n", files);
        return false;
    }
    Diags d = {0};
    bool ok = load(dir, data, &d);
    diags_free(&d);
    if (!ok) {
        printf("error new: %s data files have errors: run 'guv check' to see them\n", whose);
        return false;
    }
    *loaded = true;
    return true;
}

void script_box_save(ScriptSession *s, const char *args, bool (*save)(const void *play, const char *path, char *err, size_t n),
                     const void *play, int nrec)
{
    char path[1024], err[1200];
    if (!script_file_arg(s, "save", "save FILE", args, path))
        return;
    if (!save(play, path, err, sizeof err)) {
        printf("error save: %s\n", err);
        return;
    }
    printf("ok save %s (%d decisions and dice)\n", path, nrec);
}

/* g becomes the session's game (the one under way, if any, is freed). */
static void take_game(Session *s, const Game *g)
{
    if (s->started)
        game_free(&s->game);
    s->game = *g;
    s->started = true;
}

/* CMD FILE for save and write-position: the game written to FILE by
 * writer; false, with the error printed, when it was not. */
static bool write_game(Session *s, const char *cmd, const char *usage, const char *args, char *path,
                       bool (*writer)(const Game *, const char *, char *, size_t))
{
    if (!need_game(s, cmd) || !script_file_arg(s, cmd, usage, args, path))
        return false;
    char err[1200];
    if (!writer(&s->game, path, err, sizeof err)) {
        printf("error %s: %s\n", cmd, err);
        return false;
    }
    return true;
}

/* CMD FILE for load and position: the game read from FILE by reader becomes
 * the session's, its log (replayed) not printed again; false, with the
 * error printed and the session's game kept, when there is none. */
static bool read_game(Session *s, const char *cmd, const char *usage, const char *args, char *path,
                      bool (*reader)(const GameData *, const char *, Game *, char *, size_t))
{
    if (!script_file_arg(s, cmd, usage, args, path))
        return false;
    Game g;
    char err[1200];
    if (!reader(s->gd, path, &g, err, sizeof err)) {
        printf("error %s: %s\n", cmd, err);
        return false;
    }
    take_game(s, &g);
    s->shown_log = s->game.log.count;
    return true;
}

/* ok CMD FILE with what the game holds: its decisions and dice, and its
 * set-up lines when it has any; how is "" or " replayed". */
static void print_held(Session *s, const char *cmd, const char *path, const char *how)
{
    int setup, played;
    position_count(&s->game, &setup, &played);
    if (setup)
        printf("ok %s %s (%d decisions and dice, %d set-up lines%s)\n", cmd, path, played, setup, how);
    else
        printf("ok %s %s (%d decisions and dice%s)\n", cmd, path, played, how);
}

static void cmd_save(Session *s, const char *args)
{
    char path[1024];
    if (write_game(s, "save", "save FILE", args, path, save_write))
        print_held(s, "save", path, "");
}

static void cmd_load(Session *s, const char *args)
{
    char path[1024];
    if (!read_game(s, "load", "load FILE", args, path, save_load))
        return;
    print_state(s);
    print_held(s, "load", path, " replayed");
}

static void cmd_new(Session *s, const char *args)
{
    Game g;
    char err[600];
    if (!position_new(s->gd, args, &g, err, sizeof err)) {
        printf("error new: %s\n", err); /* the game under way, if any, goes on */
        return;
    }
    take_game(s, &g);
    s->pp_on = false; /* the base game again (A Perfect Plan's is kept until the next 'new perfect-plan') */
    s->rd_on = false;
    s->shown_log = 0;
    print_new_log(s);
    print_state(s);
    printf("ok new %s %" PRIu64 "\n", s->gd->scenarios[g.st.scenario].id, g.seed);
}

int script_dice_args(const char *args, int queued, int vals[RNG_MAX_FORCED])
{
    /* All or nothing: every value is checked before any is queued. */
    int n = 0, used;
    char tok[16];
    const char *p = args;
    while (sscanf(p, "%15s%n", tok, &used) == 1) {
        p += used;
        char *end;
        long v = strtol(tok, &end, 10);
        if (*end || v < 1 || v > 6) {
            printf("error dice: '%s' is not a die (1-6); nothing was queued\n", tok);
            return -1;
        }
        if (n + queued >= RNG_MAX_FORCED) {
            printf("error dice: at most %d dice can wait in the queue; nothing was queued\n", RNG_MAX_FORCED);
            return -1;
        }
        vals[n++] = (int)v;
    }
    if (n == 0)
        printf("error dice: usage: dice N [N ...] (each 1-6)\n");
    return n;
}

static void cmd_dice(Session *s, const char *args)
{
    if (!need_game(s, "dice"))
        return;
    int vals[RNG_MAX_FORCED];
    int n = script_dice_args(args, s->game.st.rng.nforced, vals);
    if (n <= 0)
        return;
    for (int i = 0; i < n; i++)
        game_force_die(&s->game, vals[i]);
    printf("ok dice %d queued\n", s->game.st.rng.nforced);
}

enum { LEGAL_MAX = 20000 };

/* Fills ds (LEGAL_MAX long) with the decisions open now, in the order
 * 'legal' lists them; returns how many. */
static int legal_fill(Session *s, Decision *ds)
{
    int n = game_legal(&s->game, ds, LEGAL_MAX);
    return n < LEGAL_MAX ? n : LEGAL_MAX;
}

/* A new buffer holding the decisions open now (NULL and an error printed
 * when there is no memory); *n is how many. */
static Decision *legal_list(Session *s, const char *cmd, int *n)
{
    Decision *ds = malloc(LEGAL_MAX * sizeof *ds);
    if (!ds) {
        printf("error %s: out of memory\n", cmd);
        return NULL;
    }
    *n = legal_fill(s, ds);
    return ds;
}

static void cmd_legal(Session *s)
{
    if (!need_game(s, "legal"))
        return;
    int n;
    Decision *ds = legal_list(s, "legal", &n);
    if (!ds)
        return;
    for (int i = 0; i < n; i++) {
        char text[96];
        decision_format(s->gd, &ds[i], text, sizeof text);
        printf("legal %s %s\n", data_side_name(ds[i].side), text);
    }
    free(ds);
    printf("ok legal %d\n", n);
}

static void cmd_decide(Session *s, const char *args)
{
    if (!need_game(s, "decide"))
        return;
    Decision d;
    if (!decision_parse(&s->game, args, &d)) {
        printf("error decide: '%s' is not a decision (see 'legal')\n", args);
        return;
    }
    if (!script_spend(s, "decide"))
        return;
    char why[256];
    if (!game_apply(&s->game, &d, why, sizeof why)) {
        printf("error decide: %s\n", why);
        return;
    }
    print_new_log(s);
    print_state(s);
    printf("ok decide\n");
}

/* The Automa's next N steps (default 1), each with its log, stopping when
 * the player must decide. */
static void cmd_step(Session *s, const char *args)
{
    if (!need_game(s, "step"))
        return;
    int n = 1;
    if (*args && (sscanf(args, "%d", &n) != 1 || n < 1 || n > 10000)) {
        printf("error step: usage: step [N], N from 1 to 10000\n");
        return;
    }
    int done = 0;
    for (; done < n; done++) {
        Decision d;
        if (!AUTOMA(s->game.st).on || s->game.st.to_move != SIDE_UNION || s->game.st.phase == PH_GAME_OVER ||
            !decision_parse(&s->game, "automa", &d) || !script_spend(s, "step"))
            break;
        char why[256];
        if (!game_apply(&s->game, &d, why, sizeof why)) {
            printf("error step: %s\n", why);
            return;
        }
        print_new_log(s);
    }
    if (done == 0) {
        printf("error step: %s\n", !AUTOMA(s->game.st).on ? "this is not a solitaire game"
                                   : s->game.st.phase == PH_GAME_OVER ? "the game is over"
                                                                      : "it is the Confederate side's decision");
        return;
    }
    print_state(s);
    printf("ok step %d\n", done);
}

/* pick N: the Nth decision 'legal' lists now (from 1), applied. */
static void cmd_pick(Session *s, const char *args)
{
    if (!need_game(s, "pick"))
        return;
    char *end;
    long k = strtol(args, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == args || *end != '\0' || k < 1) {
        printf("error pick: usage: pick N (N from 1, as 'legal' numbers the decisions)\n");
        return;
    }
    int n;
    Decision *ds = legal_list(s, "pick", &n);
    if (!ds)
        return;
    if (k > n) {
        printf("error pick: only %d decision%s open now\n", n, n == 1 ? " is" : "s are");
        free(ds);
        return;
    }
    char text[96], why[256];
    decision_format(s->gd, &ds[k - 1], text, sizeof text);
    bool ok = script_spend(s, "pick") && game_apply(&s->game, &ds[k - 1], why, sizeof why);
    free(ds);
    if (!ok) {
        if (s->budget != 0)
            printf("error pick: '%s' was listed but refused: %s\n", text, why);
        return;
    }
    printf("pick %s\n", text);
    print_new_log(s);
    print_state(s);
    printf("ok pick\n");
}

/* play K [SEED]: K random decisions among those open (fewer when the game
 * ends), chosen with their own generator seeded by SEED (default 1), not
 * with the game's dice. Their log is not printed ('log FROM' shows it). */
static void cmd_play(Session *s, const char *args)
{
    if (!need_game(s, "play"))
        return;
    long k = 0;
    unsigned long long seed = 1;
    int got = sscanf(args, "%ld %llu", &k, &seed);
    if (got < 1 || k < 1 || k > 100000) {
        printf("error play: usage: play K [SEED], K from 1 to 100000\n");
        return;
    }
    int from = s->game.log.count + 1;
    Rng pick;
    rng_seed(&pick, (uint64_t)seed);
    long done = 0;
    int n;
    Decision *ds = legal_list(s, "play", &n); /* one buffer for the whole run */
    if (!ds)
        return;
    for (; done < k && s->game.st.phase != PH_GAME_OVER; done++) {
        if (done > 0)
            n = legal_fill(s, ds);
        if (n == 0) {
            free(ds);
            printf("error play: no decision is open after %ld (a dead end: please report it)\n", done);
            return;
        }
        Decision d = ds[rng_below(&pick, (uint32_t)n)];
        char why[256];
        if (!script_spend(s, "play"))
            break;
        if (!game_apply(&s->game, &d, why, sizeof why)) {
            char text[96];
            decision_format(s->gd, &d, text, sizeof text);
            free(ds);
            printf("error play: '%s' was listed but refused: %s (please report it)\n", text, why);
            return;
        }
    }
    free(ds);
    s->shown_log = s->game.log.count;
    print_state(s);
    printf("ok play %ld (log from %d)\n", done, from);
}

static void cmd_undo(Session *s)
{
    if (!need_game(s, "undo"))
        return;
    if (s->game.nundo == 0 && s->game.nrec > 0 && s->game.rec[s->game.nrec - 1].setup) {
        printf("error undo: nothing to take back: the position was set up by hand since (a set-up line is no "
               "decision; set it again instead)\n");
        return;
    }
    char why[200];
    int side = s->game.nundo > 0 ? s->game.undo[s->game.nundo - 1].side : s->game.st.to_move;
    if (!game_undo(&s->game, side, why, sizeof why)) {
        printf("error undo: %s\n", why);
        return;
    }
    if (s->shown_log > s->game.log.count)
        s->shown_log = s->game.log.count;
    print_state(s);
    printf("ok undo (%d more could be taken back)\n", game_undo_depth(&s->game, side));
}

static void cmd_unit(Session *s, const char *args)
{
    if (!need_game(s, "unit"))
        return;
    char id[64];
    int u = sscanf(args, "%63s", id) == 1 ? data_unit_index(s->gd, id) : -1;
    if (u < 0) {
        printf("error unit: unknown unit '%s'\n", args);
        return;
    }
    print_unit(s, u);
    printf("ok unit\n");
}

static bool parse_hex(Session *s, const char *cmd, const char *tok, HexCoord *h)
{
    if (!hex_parse(tok, h) || !map_has(&s->gd->map, *h)) {
        printf("error %s: '%s' is not a hex of the map\n", cmd, tok);
        return false;
    }
    return true;
}

static void cmd_hex(Session *s, const char *args)
{
    if (!need_game(s, "hex"))
        return;
    char tok[16] = "";
    HexCoord h;
    sscanf(args, "%15s", tok);
    if (!parse_hex(s, "hex", tok, &h))
        return;
    const MapHex *mh = map_hex(&s->gd->map, h);
    printf("hex %s terrain=%s bank=%c place=%s\n", tok, s->gd->terrain[mh->terrain].id, mh->bank,
           mh->place >= 0 ? s->gd->map.places[mh->place].id : "-");
    int idx = map_hex_index(&s->gd->map, h);
    for (int u = 0; u < s->game.st.nunits; u++)
        if (s->game.st.unit[u].where == AT_MAP && s->game.st.unit[u].hex == idx)
            print_unit(s, u);
    printf("ok hex\n");
}

/* What one side sees of a hex (VISIBILITY). */
static void cmd_view(Session *s, const char *args)
{
    if (!need_game(s, "view"))
        return;
    char side_word[32] = "", tok[16] = "";
    HexCoord h;
    if (sscanf(args, "%31s %15s", side_word, tok) != 2 ||
        (strcmp(side_word, "union") != 0 && strcmp(side_word, "confederate") != 0)) {
        printf("error view: usage: view union|confederate HHHH\n");
        return;
    }
    if (!parse_hex(s, "view", tok, &h))
        return;
    int viewer = strcmp(side_word, "union") == 0 ? SIDE_UNION : SIDE_CONFEDERATE;
    int idx = map_hex_index(&s->gd->map, h);
    bool see = game_can_inspect(&s->game, viewer, idx);
    int count = 0;
    for (int u = 0; u < s->game.st.nunits; u++)
        if (s->game.st.unit[u].where == AT_MAP && s->game.st.unit[u].hex == idx) {
            count++;
            if (see)
                print_unit(s, u);
        }
    printf("view %s %s counters=%d contents=%s\n", side_word, tok, count, see ? "seen" : "hidden");
    printf("ok view\n");
}

/* The Automa's display (AI-*), a part at a time: the track, Hooker and the
 * attitude, the wheel, the VP track, the turn track, each formation on the
 * strategy map, the step under way. */
static void display_track(Session *s)
{
    const AutomaState *a = &AUTOMA(s->game.st);
    const AutomaData *ad = &s->gd->automa;
    printf("display track");
    for (int i = 0; i < ad->track.slots; i++)
        printf(" %d:%s", i + 1, a->track[i] >= 0 ? ad->formations[a->track[i]].id : "-");
    printf("\n");
}

static void display_hooker(Session *s)
{
    const AutomaState *a = &AUTOMA(s->game.st);
    const AutomaData *ad = &s->gd->automa;
    static const char *const hk[] = {"column", "cup", "turn-track"};
    printf("display hooker where=%s box=%d turn=%d holding=%s+%s attitude=%s\n", hk[a->hooker_where], a->hooker_box,
           a->hooker_where == HK_TURN_TRACK ? a->hooker_turn : 0,
           a->holding[0] >= 0 ? ad->formations[a->holding[0]].id : "-",
           a->holding[1] >= 0 ? ad->formations[a->holding[1]].id : "-",
           a->attitude == ATT_CAUTIOUS ? "cautious" : "aggressive");
}

static void display_wheel(Session *s)
{
    const AutomaState *a = &AUTOMA(s->game.st);
    const AutomaData *ad = &s->gd->automa;
    printf("display wheel");
    for (int w = 1; w <= ad->wheel.slots; w++)
        printf(" %d:%s", w, a->wheel[w] >= 0 ? ad->formations[a->wheel[w]].id : "-");
    printf(" arrivals=%d closed=%d rolling=%d\n", a->arrivals, a->wheel_closed, a->wheel_rolling);
}

static void display_vp(Session *s)
{
    const AutomaState *a = &AUTOMA(s->game.st);
    printf("display vp %d confederate-counters=%d union-counters=%d confederate-lost=%d\n", a->vp, a->low_counters,
           a->high_counters, a->confederate_lost);
}

static void display_formation(Session *s, int f)
{
    const AutomaState *a = &AUTOMA(s->game.st);
    const AutomaData *ad = &s->gd->automa;
    static const char *const status[] = {"track", "cup", "holding", "wheel", "waiting", "no-marker", "gone"};
    char obj[32] = "-";
    if (a->obj_area[f] >= 0)
        snprintf(obj, sizeof obj, "%03d:%d", s->gd->areas[a->obj_area[f]].number, a->obj_value[f]);
    printf("display formation %s status=%s area=%03d objective=%s combat=%+d\n", ad->formations[f].id,
           status[a->status[f]], a->area[f] >= 0 ? s->gd->areas[a->area[f]].number : 0, obj, a->combat[f]);
}

/* Every chit in the cup, both sides' named (the set-up's own view). */
static void print_cup(Session *s)
{
    const GameState *st = &s->game.st;
    for (int i = 0; i < st->ncup; i++) {
        const Chit *c = &st->cup[i];
        const char *name = c->kind == CHIT_INDEPENDENT ? "independent"
                           : c->kind == CHIT_HIGHER    ? s->gd->commanders[c->index].id
                           : c->kind == CHIT_EVENT     ? s->gd->events[c->index].id
                                                       : s->gd->formations[c->index].id;
        printf("chit %s %s\n", data_side_name(c->side), name);
    }
}

/* place, remove and set: a position set up by hand (rules/position.c).
 * What changed is logged; the unit, the state or the Automa's display it
 * touched is printed after it. */
static void cmd_setup(Session *s, const char *cmd, const char *line)
{
    if (!need_game(s, cmd))
        return;
    char why[600];
    if (!position_apply(&s->game, line, why, sizeof why)) {
        printf("error %s: %s\n", cmd, why);
        return;
    }
    print_new_log(s);
    char w[4][64] = {"", "", "", ""};
    sscanf(line, "%63s %63s %63s %63s", w[0], w[1], w[2], w[3]);
    const char *what = strcmp(cmd, "set") == 0 ? w[1] : "unit";
    const char *unit = strcmp(cmd, "set") == 0 ? w[2] : w[1];
    if (strcmp(what, "unit") == 0)
        print_unit(s, data_unit_index(s->gd, unit));
    else if (strcmp(what, "turn") == 0 || strcmp(what, "drawn") == 0 || strcmp(what, "rain") == 0)
        print_state(s);
    else if (strcmp(what, "cup") == 0) {
        print_cup(s);
        print_state(s);
    } else if (strcmp(what, "track") == 0)
        display_track(s);
    else if (strcmp(what, "hooker") == 0 || strcmp(what, "attitude") == 0)
        display_hooker(s);
    else if (strcmp(what, "wheel") == 0)
        display_wheel(s);
    else if (strcmp(what, "vp") == 0)
        display_vp(s);
    else if (strcmp(what, "independent") == 0)
        printf("display independent-in-cup=%d\n", AUTOMA(s->game.st).independent);
    else if (strcmp(what, "combat") == 0 || strcmp(what, "strategy") == 0 || strcmp(what, "objective") == 0)
        display_formation(s, data_automa_formation(s->gd, w[2]));
    bool solitaire = AUTOMA(s->game.st).on;
    if (solitaire && (strcmp(what, "turn") == 0 || strcmp(what, "drawn") == 0 || strcmp(what, "cup") == 0))
        display_hooker(s); /* markers and Hooker may have left or joined the display */
    if (solitaire && (strcmp(what, "turn") == 0 || strcmp(what, "drawn") == 0 || strcmp(what, "cup") == 0 ||
                      strcmp(what, "hooker") == 0 || strcmp(what, "wheel") == 0))
        display_track(s);
    printf("ok %s\n", cmd);
}

/* position FILE: a position file read into a new game (the session's game
 * is kept when the file is wrong). */
static void cmd_position(Session *s, const char *args)
{
    char path[1024];
    if (!read_game(s, "position", "position FILE (a .guv file: new SCENARIO, then place, remove and set lines)", args,
                   path, position_load))
        return;
    int setup;
    position_count(&s->game, &setup, NULL);
    print_state(s);
    printf("ok position %s (%d set-up line%s)\n", path, setup, setup == 1 ? "" : "s");
}

/* write-position FILE: the game's scenario, seed, options and set-up lines. */
static void cmd_write_position(Session *s, const char *args)
{
    char path[1024];
    if (!write_game(s, "write-position", "write-position FILE", args, path, position_write))
        return;
    int setup, played;
    position_count(&s->game, &setup, &played);
    if (played)
        printf("ok write-position %s (%d set-up line%s; the %d decisions and dice played are not in a position: "
               "'save' keeps them)\n",
               path, setup, setup == 1 ? "" : "s", played);
    else
        printf("ok write-position %s (%d set-up line%s)\n", path, setup, setup == 1 ? "" : "s");
}

static int parse_side(const char *w)
{
    return strcmp(w, "union") == 0 ? SIDE_UNION : strcmp(w, "confederate") == 0 ? SIDE_CONFEDERATE : -1;
}

/* The VIEWER of `CMD VIEWER` (union or confederate) into w (32 bytes): its
 * side; -1, with the error printed, when there is no game or no such side. */
static int viewer_arg(Session *s, const char *cmd, const char *args, char *w)
{
    if (!need_game(s, cmd))
        return -1;
    int viewer = sscanf(args, "%31s", w) == 1 ? parse_side(w) : -1;
    if (viewer < 0)
        printf("error %s: usage: %s union|confederate\n", cmd, cmd);
    return viewer;
}

/* log [FROM] [SIDE]: with a side, only what that side may read (VISIBILITY). */
static void cmd_log(Session *s, const char *args)
{
    if (!need_game(s, "log"))
        return;
    int from = 1;
    char w1[32] = "", w2[32] = "";
    int k = sscanf(args, "%31s %31s", w1, w2);
    const char *side_word = NULL;
    if (k >= 1 && parse_side(w1) >= 0)
        side_word = w1;
    else if (k >= 1) {
        char *end;
        long v = strtol(w1, &end, 10);
        if (*end != '\0' || v < 1) {
            printf("error log: usage: log [FROM] [union|confederate]\n");
            return;
        }
        from = v > s->game.log.count + 1 ? s->game.log.count + 1 : (int)v; /* past the end: nothing to print */
        if (k == 2) {
            if (parse_side(w2) < 0) {
                printf("error log: usage: log [FROM] [union|confederate]\n");
                return;
            }
            side_word = w2;
        }
    }
    int viewer = side_word ? parse_side(side_word) : -1;
    for (int i = from - 1; i < s->game.log.count; i++) {
        const LogEntry *e = &s->game.log.items[i];
        if (viewer >= 0 && !log_visible(e, viewer))
            continue;
        char line[400];
        log_format(e, line, sizeof line);
        printf("log %s\n", line);
    }
    s->shown_log = s->game.log.count;
    printf("ok log %d\n", s->game.log.count);
}

/* hand SIDE [VIEWER]: the event chits SIDE holds, as VIEWER may know them. */
static void cmd_hand(Session *s, const char *args)
{
    if (!need_game(s, "hand"))
        return;
    char w1[32] = "", w2[32] = "";
    int k = sscanf(args, "%31s %31s", w1, w2);
    int side = k >= 1 ? parse_side(w1) : -1, viewer = k == 2 ? parse_side(w2) : side;
    if (side < 0 || viewer < 0) {
        printf("error hand: usage: hand union|confederate [union|confederate]\n");
        return;
    }
    const GameState *st = &s->game.st;
    if (viewer == side)
        for (int e = 0; e < s->gd->nevents && e < GS_MAX_EVENTS; e++)
            if (s->gd->events[e].side == side && st->ev_hand[e])
                printf("chit %s count=%d once=%d effect=%s name=%s\n", s->gd->events[e].id, st->ev_hand[e],
                       st->ev_held[e], data_event_effect_name(s->gd->events[e].effect), s->gd->events[e].name);
    int cup = 0;
    for (int e = 0; e < s->gd->nevents && e < GS_MAX_EVENTS; e++)
        if (s->gd->events[e].side == side)
            cup += st->ev_cup[e];
    printf("hand %s seen-by=%s chits=%d cup=%d contents=%s\n", w1, data_side_name(viewer),
           game_hand_size(&s->game, side), cup, viewer == side ? "seen" : "hidden");
    printf("ok hand\n");
}

/* cup VIEWER: the command chits in the cup, the enemy's hidden (VISIBILITY). */
static void cmd_cup(Session *s, const char *args)
{
    char w[32] = "";
    int viewer = viewer_arg(s, "cup", args, w);
    if (viewer < 0)
        return;
    const GameState *st = &s->game.st;
    int hidden = 0;
    for (int i = 0; i < st->ncup; i++) {
        const Chit *c = &st->cup[i];
        if (c->side != viewer) {
            hidden++;
            continue;
        }
        const char *name = c->kind == CHIT_INDEPENDENT ? "independent"
                           : c->kind == CHIT_HIGHER    ? s->gd->commanders[c->index].id
                           : c->kind == CHIT_EVENT     ? s->gd->events[c->index].id
                                                       : s->gd->formations[c->index].id;
        printf("chit %s %s\n", data_side_name(c->side), name);
    }
    printf("cup seen-by=%s chits=%d hidden=%d\n", w, st->ncup, hidden);
    printf("ok cup\n");
}

static void cmd_display(Session *s, const char *args)
{
    if (!need_game(s, "display"))
        return;
    if (strncmp(args, "text", 4) == 0) { /* as the game shows it */
        AutomaView v;
        if (!automa_view(&s->game, &v)) {
            printf("error display: this is not a solitaire game (try 'new solitaire')\n");
            return;
        }
        for (int i = 0; i < v.n; i++)
            printf("| %s\n", v.line[i]);
        printf("ok display\n");
        return;
    }
    const AutomaState *a = &AUTOMA(s->game.st);
    const AutomaData *ad = &s->gd->automa;
    if (!a->on) {
        printf("error display: this is not a solitaire game (try 'new solitaire')\n");
        return;
    }
    display_track(s);
    display_hooker(s);
    display_wheel(s);
    display_vp(s);
    printf("display turn-track");
    for (int i = 0; i < ad->track.nturn_markers; i++) {
        const TurnMarker *m = &ad->track.turn_markers[i];
        printf(" %s:%d", m->kind == TM_CORPS ? ad->formations[m->formation].id
                         : m->kind == TM_INDEPENDENT ? "independent" : "objective-x",
               a->marker_turn[i]);
    }
    printf(" independent-in-cup=%d\n", a->independent);
    for (int f = 0; f < ad->nformations; f++)
        display_formation(s, f);
    printf("display step %s active=%s\n", automa_step_name(a->step),
           a->active >= 0 ? ad->formations[a->active].id : "-");
    printf("ok display\n");
}

/* boxes VIEWER: the Variable Placement Map, the enemy's counters face down
 * until they are turned over (VARIANT-HYPOTHETICAL). */
static void cmd_boxes(Session *s, const char *args)
{
    char w[32] = "";
    int viewer = viewer_arg(s, "boxes", args, w);
    if (viewer < 0)
        return;
    const GameState *st = &s->game.st;
    if (!(st->options & OPT_HYPOTHETICAL)) {
        printf("error boxes: this game was not started with the hypothetical deployment (option hypothetical)\n");
        return;
    }
    for (int b = 0; b < s->gd->nboxes; b++) {
        const PlacementBox *pb = &s->gd->boxes[b];
        char list[400] = "";
        int hidden = 0;
        for (int f = 0; f < s->gd->nformations && f < GS_MAX_FORMATIONS; f++) {
            if (st->vp_box[f] != b + 2)
                continue;
            if (!placement_visible(&s->game, viewer, f))
                hidden++;
            else
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? "+" : "",
                         s->gd->formations[f].id);
        }
        printf("box %s side=%s min=%d max=%d counters=%d formations=%s%s\n", pb->id, data_side_name(pb->side), pb->min,
               pb->max, placement_box_count(&s->game, b), list[0] ? list : hidden ? "" : "-",
               hidden ? "hidden" : "");
    }
    printf("ok boxes\n");
}

static void help(void)
{
    printf("help new perfect-plan [standard] [SEED]  A Perfect Plan, the box's area game ('help' then lists its\n"
           "help                           commands; see docs/script.md)\n"
           "help new red-die FIELD [SEED]  The Red Die of Courage, the box's skirmish game (its own 'help' too)\n"
           "help new SCENARIO [SEED] [OPT] start a scenario with a seed (default 1) and options:\n"
           "help                           events dummies rule-of-six extra-skirmishers hypothetical\n"
           "help                           absent-forces\n"
           "help dice N [N ...]            queue dice (1-6) for the next rolls\n"
           "help legal                     list the decisions open now\n"
           "help decide DECISION           apply one (as 'legal' prints it)\n"
           "help pick N                    apply the Nth decision 'legal' lists (from 1)\n"
           "help play K [SEED]             apply K random decisions (their own generator, seed 1 by default)\n"
           "help undo                      take back the last decision, back to the last die, draw or sighting\n"
           "help state                     turn, phase, side to move, points, rain\n"
           "help hex HHHH                  a hex and the units in it\n"
           "help unit ID                   one unit\n"
           "help view SIDE HHHH            what that side may see of a hex (VISIBILITY)\n"
           "help place UNIT HEX [reduced|steps N]  put a unit on the map by hand (full strength unless told)\n"
           "help remove UNIT               take a unit off the map\n"
           "help set turn N                the start of turn N's choose phase: cup empty, its points, no rain\n"
           "help set drawn CHIT            that chit just drawn, waiting for activate (FORMATION, COMMANDER,\n"
           "help                           independent [union|confederate])\n"
           "help set cup [+] CHIT ...      the chits in the cup (+ adds to it); set rain on|off\n"
           "help set unit UNIT steps N     also: dis|dem|oos|fired|moved|activated|forced|detached on|off, mp N\n"
           "help set breastwork HHHH SIDE  union|confederate|none; set pontoon HHHH-HHHH SIDE|none;\n"
           "help                           set fortification HHHH on|off\n"
           "help set attitude|hooker|track|wheel|combat|strategy|objective|independent|vp ...  the Automa's\n"
           "help                           display (solitaire; see docs/script.md)\n"
           "help position FILE             open a position file (.guv: new, then place, remove and set lines)\n"
           "help write-position FILE       write the game's scenario, seed, options and set-up lines to FILE\n"
           "help log [FROM] [SIDE]         the log from entry FROM; with a side, only what it may read\n"
           "help hand SIDE [VIEWER]        the event chits SIDE holds, as VIEWER may know them\n"
           "help cup VIEWER                the command chits in the cup, the enemy's hidden\n"
           "help boxes VIEWER              the Variable Placement Map (option hypothetical), the enemy's counters hidden\n"
           "help display [text]            the Automa's display (solitaire): track, Hooker, wheel, VP, strategy map;\n"
           "help                           'text' draws it as the game shows it\n"
           "help step [N]                  the Automa's next N steps (solitaire), stopping when the player must decide\n"
           "help save FILE                 write the game (seed, options, decisions, forced dice) to FILE, atomically\n"
           "help load FILE                 replay a saved game and go on from where it stopped\n"
           "help quit                      end the session\n"
           "ok help\n");
}

void script_begin(ScriptSession *s, const GameData *gd)
{
    *s = (ScriptSession){.gd = gd, .budget = -1};
}

void script_end(ScriptSession *s)
{
    script_pp_end(s);
    script_rd_end(s);
    if (s->started)
        game_free(&s->game);
    s->started = false;
}

bool script_line(ScriptSession *s, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '\0' || *p == '#')
        return true;
    char cmd[32] = "";
    sscanf(p, "%31s", cmd);
    const char *args = p + strlen(cmd);
    while (*args == ' ' || *args == '\t')
        args++;
    if (strcmp(cmd, "quit") == 0)
        return false;
    if (strcmp(cmd, "new") == 0 && strncmp(args, "perfect-plan", 12) == 0 &&
        (args[12] == '\0' || args[12] == ' ' || args[12] == '\t'))
        script_pp_new(s, args + 12);
    else if (strcmp(cmd, "new") == 0 && strncmp(args, "red-die", 7) == 0 && (args[7] == '\0' || args[7] == ' '))
        script_rd_new(s, args + 7);
    else if (script_rd_line(s, cmd, args))
        ; /* a command of the Red Die's game under way */
    else if (script_pp_line(s, cmd, args))
        ; /* a command of A Perfect Plan's game under way */
    else if (strcmp(cmd, "new") == 0)
        cmd_new(s, args);
    else if (strcmp(cmd, "dice") == 0)
        cmd_dice(s, args);
    else if (strcmp(cmd, "legal") == 0)
        cmd_legal(s);
    else if (strcmp(cmd, "decide") == 0)
        cmd_decide(s, args);
    else if (strcmp(cmd, "pick") == 0)
        cmd_pick(s, args);
    else if (strcmp(cmd, "play") == 0)
        cmd_play(s, args);
    else if (strcmp(cmd, "undo") == 0)
        cmd_undo(s);
    else if (strcmp(cmd, "state") == 0) {
        if (need_game(s, "state")) {
            print_state(s);
            printf("ok state\n");
        }
    } else if (strcmp(cmd, "hex") == 0)
        cmd_hex(s, args);
    else if (strcmp(cmd, "unit") == 0)
        cmd_unit(s, args);
    else if (strcmp(cmd, "view") == 0)
        cmd_view(s, args);
    else if (strcmp(cmd, "place") == 0 || strcmp(cmd, "remove") == 0 || strcmp(cmd, "set") == 0)
        cmd_setup(s, cmd, p);
    else if (strcmp(cmd, "position") == 0)
        cmd_position(s, args);
    else if (strcmp(cmd, "write-position") == 0)
        cmd_write_position(s, args);
    else if (strcmp(cmd, "hand") == 0)
        cmd_hand(s, args);
    else if (strcmp(cmd, "cup") == 0)
        cmd_cup(s, args);
    else if (strcmp(cmd, "boxes") == 0)
        cmd_boxes(s, args);
    else if (strcmp(cmd, "display") == 0)
        cmd_display(s, args);
    else if (strcmp(cmd, "step") == 0)
        cmd_step(s, args);
    else if (strcmp(cmd, "save") == 0)
        cmd_save(s, args);
    else if (strcmp(cmd, "load") == 0)
        cmd_load(s, args);
    else if (strcmp(cmd, "log") == 0)
        cmd_log(s, args);
    else if (strcmp(cmd, "help") == 0)
        help();
    else
        printf("error %s: unknown command (try 'help')\n", cmd);
    fflush(stdout);
    return true;
}

int cmd_script(int argc, char **argv, const char *data_option)
{
    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "guv script: commands come on standard input; try 'echo help | guv script'\n");
        return 2;
    }
    GameData gd;
    if (!cli_open(data_option, &gd))
        return 1;
    ScriptSession s;
    script_begin(&s, &gd);
    char dir[4096];
    if (cli_data_dir(data_option, dir, sizeof dir, stderr) == 0)
        s.data_dir = dir; /* A Perfect Plan's data is read from there when a game of it begins */
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        if (!strchr(line, '\n') && !feof(stdin)) {
            /* a line longer than the buffer is refused whole, never run as two commands */
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            printf("error line: longer than %zu characters: ignored\n", sizeof line - 2);
            fflush(stdout);
            continue;
        }
        if (!script_line(&s, line))
            break;
    }
    script_end(&s);
    gamedata_free(&gd);
    return 0;
}
