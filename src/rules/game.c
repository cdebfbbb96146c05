#include "rules/game.h"

#include "data/inidoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ScenarioDef *scen(const Game *g) { return &g->gd->scenarios[g->st.scenario]; }

static const char *option(const Game *g, const char *key)
{
    const ScenarioDef *sc = scen(g);
    return scenario_option(sc->rules, sc->nrules, key);
}

static bool option_yes(const Game *g, const char *key)
{
    const char *v = option(g, key);
    return v && strcmp(v, "yes") == 0;
}

int game_roll(Game *g, const char *rule, const char *purpose)
{
    int forced = 0;
    int v = rng_die(&g->st.rng, &forced);
    LogEntry *e = log_add(&g->log, g->st.turn, LOG_ROLL, rule, "%s", purpose);
    if (e) {
        e->die = v;
        e->modified = v;
        e->forced = forced != 0;
    }
    return v;
}

int game_unit_points(const Game *g, int unit)
{
    const UnitState *u = &g->st.unit[unit];
    const UnitDef *d = &g->gd->units[unit];
    if (u->where == AT_ELIMINATED || u->steps == 0)
        return 0;
    return u->steps == 2 || d->reduced == 0 ? d->strength : d->reduced;
}

/* ---- set-up (SETUP) -------------------------------------------------- */

static void read_locks(Game *g)
{
    const char *v = option(g, "locked");
    if (!v)
        return;
    char tok[64];
    const char *p = v;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        char *colon = strchr(tok, ':');
        if (!colon)
            continue;
        *colon = '\0';
        int f = data_formation_index(g->gd, tok);
        if (f < 0 || f >= GS_MAX_FORMATIONS)
            continue; /* unit locks (Gibbon's brigades) come with movement */
        if (strncmp(colon + 1, "turn-", 5) == 0)
            g->st.lock_turn[f] = atoi(colon + 6);
        else if (strcmp(colon + 1, "attacked") == 0)
            g->st.lock_attacked[f] = true;
    }
}

static void begin_turn(Game *g);

bool game_new(Game *g, const GameData *gd, int scenario, uint64_t seed, char *err, size_t errsize)
{
    memset(g, 0, sizeof *g);
    g->gd = gd;
    if (scenario < 0 || scenario >= gd->nscenarios) {
        snprintf(err, errsize, "no such scenario");
        return false;
    }
    if (gd->nunits > GS_MAX_UNITS || gd->nformations > GS_MAX_FORMATIONS) {
        snprintf(err, errsize, "the data has more units (%d) or formations (%d) than a game holds (%d, %d)",
                 gd->nunits, gd->nformations, GS_MAX_UNITS, GS_MAX_FORMATIONS);
        return false;
    }
    GameState *st = &g->st;
    st->scenario = scenario;
    st->nunits = gd->nunits;
    rng_seed(&st->rng, seed);
    for (int i = 0; i < gd->nunits; i++)
        st->unit[i] = (UnitState){-1, AT_ABSENT, 0, 0};
    const ScenarioDef *sc = &gd->scenarios[scenario];
    for (int i = 0; i < sc->ndeploy; i++) {
        const Deployment *dep = &sc->deploy[i];
        UnitState *u = &st->unit[dep->unit];
        const UnitDef *ud = &gd->units[dep->unit];
        u->steps = (unsigned char)(ud->reduced > 0 && !dep->reduced ? 2 : 1);
        if (hex_valid(dep->hex)) {
            u->where = AT_MAP;
            u->hex = (short)map_hex_index(&gd->map, dep->hex);
        } else
            u->where = AT_RESERVE;
    }
    for (int s = 0; s < SIDE_COUNT; s++)
        st->skirmishers[s] = sc->skirmishers[s];
    read_locks(g);
    st->turn = sc->first_turn;
    log_add(&g->log, st->turn, LOG_EVENT, "SETUP", "%s: turns %d-%d, seed %llu", sc->name, sc->first_turn,
            sc->last_turn, (unsigned long long)seed);
    begin_turn(g);
    return true;
}

void game_free(Game *g) { log_free(&g->log); }

/* ---- the turn (SEQ-DAY, SEQ-NIGHT, RAIN, ACT-POINTS) ----------------- */

static int turn_points(const Game *g, int side)
{
    const ScenarioDef *sc = scen(g);
    int t = g->st.turn;
    if (t >= 0 && t <= SCEN_MAX_TURNS && sc->points[t][side] >= 0)
        return sc->points[t][side];
    return g->gd->turns[t - 1].points[side];
}

static void begin_turn(Game *g)
{
    GameState *st = &g->st;
    const TurnDef *td = &g->gd->turns[st->turn - 1];
    log_add(&g->log, st->turn, LOG_EVENT, td->night ? "SEQ-NIGHT" : "SEQ-DAY", "turn %d begins: %s (%s)", st->turn,
            td->label, td->night ? "night" : "day");
    st->rain = false;
    if (td->rain > 0) {
        char purpose[96];
        snprintf(purpose, sizeof purpose, "rain check: rain on %d or less", td->rain);
        int die = game_roll(g, "RAIN", purpose);
        st->rain = die <= td->rain;
        log_add(&g->log, st->turn, LOG_EVENT, "RAIN", "%s", st->rain ? "it rains this turn" : "no rain this turn");
    }
    for (int s = 0; s < SIDE_COUNT; s++) {
        st->points[s] = turn_points(g, s);
        st->done_choosing[s] = false;
    }
    memset(st->chosen, 0, sizeof st->chosen);
    st->ncup = 0;
    st->phase = PH_CHOOSE;
    st->to_move = SIDE_CONFEDERATE;
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-POINTS", "activation points: union %d, confederate %d",
            st->points[SIDE_UNION], st->points[SIDE_CONFEDERATE]);
}

/* End of turn clean-up (SEQ-DAY step C), then the next turn. */
static void end_turn(Game *g)
{
    GameState *st = &g->st;
    for (int i = 0; i < st->nunits; i++)
        st->unit[i].flags &= (unsigned short)~(UF_FIRED | UF_ACTIVATED | UF_MOVED | UF_DETACHED);
    log_add(&g->log, st->turn, LOG_EVENT, "SEQ-DAY", "turn %d ends", st->turn);
    if (st->turn >= scen(g)->last_turn) {
        st->phase = PH_GAME_OVER;
        log_add(&g->log, st->turn, LOG_EVENT, "SEQ-DAY", "the last turn of the scenario is over");
        return;
    }
    st->turn++;
    begin_turn(g);
}

static bool unit_south_of_rappahannock(const Game *g, int unit)
{
    const UnitState *u = &g->st.unit[unit];
    if (u->where != AT_MAP)
        return false;
    return g->gd->map.hexes[u->hex].bank != BANK_NORTH;
}

int game_formation_cost(const Game *g, int formation)
{
    const FormationDef *f = &g->gd->formations[formation];
    if (!option_yes(g, "south_activation_cost") || f->south_activation_cost == f->activation_cost)
        return f->activation_cost;
    for (int i = 0; i < g->st.nunits; i++)
        if (g->gd->units[i].formation == formation && unit_south_of_rappahannock(g, i))
            return f->south_activation_cost;
    return f->activation_cost;
}

/* Why a formation cannot be chosen now, or NULL. */
static const char *choose_refusal(const Game *g, int side, int f, char *buf, size_t n)
{
    const GameState *st = &g->st;
    const FormationDef *fd = &g->gd->formations[f];
    const ScenarioDef *sc = scen(g);
    if (fd->side != side)
        return "that formation belongs to the other army";
    if (fd->detached || !sc->formation_allowed[f])
        return "its command chit is not in this scenario";
    if (st->chosen[f])
        return "it is already chosen this turn";
    if (st->lock_turn[f] > st->turn) {
        snprintf(buf, n, "it cannot be activated before turn %d (CAMPAIGN)", st->lock_turn[f]);
        return buf;
    }
    if (st->lock_attacked[f])
        return "it cannot be activated until one of its units is attacked or bombarded";
    int cost = game_formation_cost(g, f);
    if (cost > st->points[side]) {
        snprintf(buf, n, "it costs %d activation point%s and %d %s left", cost, cost == 1 ? "" : "s",
                 st->points[side], st->points[side] == 1 ? "is" : "are");
        return buf;
    }
    return NULL;
}

int game_legal(const Game *g, Decision *out, int max)
{
    const GameState *st = &g->st;
    int n = 0;
#define ADD(k, a)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            out[n] = (Decision){(k), st->to_move, (a)};                                                                \
        n++;                                                                                                           \
    } while (0)
    char buf[128];
    switch (st->phase) {
    case PH_CHOOSE:
        for (int f = 0; f < g->gd->nformations; f++)
            if (!choose_refusal(g, st->to_move, f, buf, sizeof buf))
                ADD(D_CHOOSE, f);
        ADD(D_DONE, 0);
        break;
    case PH_ACTIVATION:
        if (!st->activated) {
            ADD(D_ACTIVATE, 0);
            ADD(D_PASS, 0);
        } else
            ADD(D_END, 0);
        break;
    default:
        break;
    }
#undef ADD
    return n;
}

static void chit_name(const Game *g, const Chit *c, char *buf, size_t n)
{
    if (c->kind == CHIT_INDEPENDENT)
        snprintf(buf, n, "%s Independent", c->side == SIDE_UNION ? "Union" : "Confederate");
    else if (c->kind == CHIT_HIGHER)
        snprintf(buf, n, "%s", g->gd->commanders[c->index].name);
    else
        snprintf(buf, n, "%s", g->gd->formations[c->index].name);
}

/* Draws the next chit, or ends the turn when the cup is empty (ACT-CUP). */
static void draw_next(Game *g)
{
    GameState *st = &g->st;
    if (st->ncup == 0) {
        end_turn(g);
        return;
    }
    int i = (int)rng_below(&st->rng, (uint32_t)st->ncup);
    st->drawn = st->cup[i];
    st->cup[i] = st->cup[--st->ncup];
    st->activated = false;
    st->phase = PH_ACTIVATION;
    st->to_move = st->drawn.side;
    char name[NAME_LEN + 16];
    chit_name(g, &st->drawn, name, sizeof name);
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-CUP", "drawn from the cup: %s (%d left in the cup)", name, st->ncup);
}

static void fill_cup(Game *g)
{
    GameState *st = &g->st;
    st->ncup = 0;
    for (int f = 0; f < g->gd->nformations; f++)
        if (st->chosen[f])
            st->cup[st->ncup++] = (Chit){CHIT_FORMATION, (unsigned char)g->gd->formations[f].side, (short)f};
    for (int s = 0; s < SIDE_COUNT; s++)
        st->cup[st->ncup++] = (Chit){CHIT_INDEPENDENT, (unsigned char)s, -1};
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-CUP", "%d chits in the cup, the two Independent chits among them",
            st->ncup);
}

bool game_apply(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char buf[128];
    if (st->phase == PH_GAME_OVER) {
        snprintf(why, n, "the game is over");
        return false;
    }
    if (d->side != st->to_move) {
        snprintf(why, n, "it is the %s side's decision", data_side_name(st->to_move));
        return false;
    }
    char text[96];
    decision_format(g->gd, d, text, sizeof text);
    switch (d->kind) {
    case D_CHOOSE: {
        if (st->phase != PH_CHOOSE) {
            snprintf(why, n, "formations are chosen at the start of the turn");
            return false;
        }
        if (d->arg < 0 || d->arg >= g->gd->nformations) {
            snprintf(why, n, "no such formation");
            return false;
        }
        const char *r = choose_refusal(g, d->side, d->arg, buf, sizeof buf);
        if (r) {
            snprintf(why, n, "%s cannot be chosen: %s", g->gd->formations[d->arg].name, r);
            return false;
        }
        int cost = game_formation_cost(g, d->arg);
        st->points[d->side] -= cost;
        st->chosen[d->arg] = true;
        log_add(&g->log, st->turn, LOG_DECISION, "ACT-POINTS", "%s chooses %s for %d point%s (%d left)",
                data_side_name(d->side), g->gd->formations[d->arg].name, cost, cost == 1 ? "" : "s",
                st->points[d->side]);
        return true;
    }
    case D_DONE:
        if (st->phase != PH_CHOOSE) {
            snprintf(why, n, "nothing is being chosen now");
            return false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "ACT-POINTS", "%s has chosen (%d unused point%s lost)",
                data_side_name(d->side), st->points[d->side], st->points[d->side] == 1 ? "" : "s");
        st->points[d->side] = 0;
        st->done_choosing[d->side] = true;
        if (!st->done_choosing[SIDE_UNION]) {
            st->to_move = SIDE_UNION;
            return true;
        }
        fill_cup(g);
        draw_next(g);
        return true;
    case D_ACTIVATE:
    case D_PASS:
        if (st->phase != PH_ACTIVATION || st->activated) {
            snprintf(why, n, "no chit is waiting to be activated or passed");
            return false;
        }
        chit_name(g, &st->drawn, buf, sizeof buf);
        if (d->kind == D_PASS) {
            log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s passes: %s is lost for the turn",
                    data_side_name(d->side), buf);
            draw_next(g);
        } else {
            st->activated = true;
            log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s activates %s", data_side_name(d->side), buf);
        }
        return true;
    case D_END:
        if (st->phase != PH_ACTIVATION || !st->activated) {
            snprintf(why, n, "no activation is under way");
            return false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "ACT-CUP", "%s ends the activation", data_side_name(d->side));
        draw_next(g);
        return true;
    default:
        snprintf(why, n, "unknown decision");
        return false;
    }
}

void decision_format(const GameData *gd, const Decision *d, char *buf, size_t size)
{
    switch (d->kind) {
    case D_CHOOSE:
        snprintf(buf, size, "choose %s", d->arg >= 0 && d->arg < gd->nformations ? gd->formations[d->arg].id : "?");
        break;
    case D_DONE:
        snprintf(buf, size, "done");
        break;
    case D_ACTIVATE:
        snprintf(buf, size, "activate");
        break;
    case D_PASS:
        snprintf(buf, size, "pass");
        break;
    case D_END:
        snprintf(buf, size, "end");
        break;
    default:
        snprintf(buf, size, "?");
    }
}

bool decision_parse(const Game *g, const char *text, Decision *out)
{
    char verb[32] = "", arg[64] = "", extra[8];
    int k = sscanf(text, "%31s %63s %7s", verb, arg, extra);
    if (k < 1 || k > 2)
        return false;
    *out = (Decision){-1, g->st.to_move, 0};
    static const char *const verbs[D_COUNT] = {"choose", "done", "activate", "pass", "end"};
    for (int i = 0; i < D_COUNT; i++)
        if (strcmp(verb, verbs[i]) == 0)
            out->kind = i;
    if (out->kind < 0)
        return false;
    if (out->kind == D_CHOOSE) {
        if (k != 2)
            return false;
        out->arg = data_formation_index(g->gd, arg);
        return out->arg >= 0;
    }
    return k == 1;
}
