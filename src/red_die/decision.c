/* The Red Die of Courage: RDC-LEGAL, the decisions open now (rd_legal: which squad,
 * which action, which target or destination, the least dice; what the
 * screen offers and the computer chooses from), the successes a decision
 * needs and RDC-CHANCES, the chances of a roll (rd_needed, rd_chances: shown before
 * the roll), and decisions as words for `guv script`, saves and the log. */
#include <ctype.h>
#include <stdlib.h>

#include "red_die/rd_internal.h"

const char *const rd_kind_verbs[RD_D_KINDS] = {
#define RD_D_VERB(name, word) [RD_D_##name] = word,
    RD_DECISION_KINDS(RD_D_VERB)
#undef RD_D_VERB
};

/* ---- the list ------------------------------------------------------------- */

typedef struct {
    const RdGame *g;
    RdDecision *out;
    int max, count;
    bool one; /* stop at the first */
} Lister;

static bool done(const Lister *l) { return l->one && l->count > 0; }

static void put(Lister *l, RdDecision d)
{
    if (done(l))
        return;
    if (l->count < l->max)
        l->out[l->count] = d;
    l->count++;
}

static RdDecision mk(int kind, int squad, int dice, int target, int col, int row, int line)
{
    return (RdDecision){(int8_t)kind, (int8_t)squad, (int8_t)dice, (int8_t)target, (int8_t)col, (int8_t)row,
                        (int8_t)line};
}

static void offer(Lister *l, RdDecision d)
{
    if (!done(l) && !rd_refusal(l->g, &d, NULL, 0))
        put(l, d);
}

/* Destinations for squad within max_mm (line too when max_line > 0): checked
 * here with the costs and who stands where computed once. */
static void destinations(Lister *l, int kind, int squad, int dice, int max_cloud, int max_line)
{
    const RdGame *g = l->g;
    RdCosts cost;
    RdOcc occ;
    rd_squad_costs(g, squad, max_cloud > max_line ? max_cloud : max_line, cost);
    rd_occupancy(g, occ);
    for (int r = 0; r < RDF(g)->h && !done(l); r++)
        for (int c = 0; c < RDF(g)->w && !done(l); c++)
            for (int line = 0; line <= 1; line++) {
                int max = line ? max_line : max_cloud;
                if (max > 0 && !rd_destination_refusal(g, squad, (RdCell){(int8_t)c, (int8_t)r}, line, max,
                                                       cost[r][c], (const uint8_t(*)[RD_MAX_W])occ, NULL, 0))
                    put(l, mk(kind, kind == RD_D_ADVANCE ? -1 : squad, dice, -1, c, r, kind == RD_D_ADVANCE ? 0 : line));
            }
}

/* Rallies, fires and assaults of every squad first, then the moves (whose
 * ways cost a map each: rd_any_legal rarely needs one). */
static void list_activations(Lister *l)
{
    const RdGame *g = l->g;
    int min = RDR(g)->min_dice, top = RDR(g)->nlevels;
    for (int q = 0; q < g->nsquads && !done(l); q++) {
        if (g->squads[q].side != g->initiative || !rd_may_activate(g, q))
            continue;
        offer(l, mk(RD_D_RALLY, q, 0, -1, -1, -1, 0));
        offer(l, mk(RD_D_LEAVE, q, 0, -1, -1, -1, 0));
        offer(l, mk(RD_D_ESCORT, q, 0, -1, -1, -1, 0));
        for (int t = 0; t < g->nsquads; t++) {
            offer(l, mk(RD_D_FIRE, q, min, t, -1, -1, 0));
            offer(l, mk(RD_D_ASSAULT, q, min, t, -1, -1, 0));
        }
    }
    for (int q = 0; q < g->nsquads && !done(l); q++)
        if (g->squads[q].side == g->initiative && rd_may_activate(g, q)) {
            bool line = rd_on_table(g, q) >= RDR(g)->volley_min_soldiers;
            destinations(l, RD_D_MOVE, q, min, rd_allowance(g, q, top, false),
                         line ? rd_allowance(g, q, top, true) : 0);
        }
}

static int list(const RdGame *g, RdDecision *out, int max, bool one)
{
    Lister l = {g, out, max, 0, one};
    int squad = g->act.squad;
    switch (g->stage) {
    case RD_ST_ACTIVATE:
        list_activations(&l);
        break;
    case RD_ST_LOSS: {
        int c[RD_MAX_SOLDIERS], n = rd_loss_candidates(g, c);
        for (int i = 0; i < n; i++)
            put(&l, mk(RD_D_LOSS, -1, 0, c[i], -1, -1, 0));
        break;
    }
    case RD_ST_DEFEND:
        put(&l, mk(RD_D_DEFEND, -1, 0, -1, -1, -1, 0));
        put(&l, mk(RD_D_DEFEND, -1, RDR(g)->min_dice, -1, -1, -1, 0));
        break;
    case RD_ST_HEROIC_MOVE:
        put(&l, mk(RD_D_PASS, -1, 0, -1, -1, -1, 0));
        destinations(&l, RD_D_ADVANCE, squad, 0, g->squads[squad].line ? 0 : g->act.free_mm,
                     g->squads[squad].line ? g->act.free_mm : 0);
        break;
    case RD_ST_HEROIC_FIRE:
        put(&l, mk(RD_D_PASS, -1, 0, -1, -1, -1, 0));
        for (int t = 0; t < g->nsquads; t++)
            offer(&l, mk(RD_D_FIRE, squad, RDR(g)->min_dice, t, -1, -1, 0));
        break;
    default:
        break;
    }
    return l.count;
}

int rd_legal(const RdGame *g, RdDecision *out, int max) { return list(g, out, max, false); }
bool rd_any_legal(const RdGame *g) { return list(g, NULL, 0, true) > 0; }

/* ---- successes and chances ------------------------------------------------- */

/* The least successes whose movement covers mm (a move, or an assault: assault); -1 when none does. */
static int successes_for(const RdGame *g, int squad, int mm, bool line, bool assault)
{
    for (int s = 1; s <= RDR(g)->nlevels; s++)
        if ((assault ? rd_assault_allowance(g, squad, s) : rd_allowance(g, squad, s, line)) >= mm)
            return s;
    return -1;
}

/* The farthest any number of successes moves the squad (an assault: assault): successes_for's bound. */
static int farthest(const RdGame *g, int squad, bool line, bool assault)
{
    int most = 0;
    for (int s = 1; s <= RDR(g)->nlevels; s++) {
        int mm = assault ? rd_assault_allowance(g, squad, s) : rd_allowance(g, squad, s, line);
        most = mm > most ? mm : most;
    }
    return most;
}

/* crisis: whether the squad's crisis (Doubtful) spoils this roll: an activation's, not a
 * defensive fire's (assault.c keeps it for the next activation). */
static int fire_needed(const RdGame *g, int squad, int target, int bonus, bool crisis)
{
    int need = g->squads[target].quality - rd_fire_modifier(g, squad, target) - bonus;
    return (need < 1 ? 1 : need) + rd_denied(g, squad) - (crisis ? 0 : g->squads[squad].crisis);
}

bool rd_roll_heroic_allowed(const RdGame *g, const RdDecision *d)
{
    if (d->kind == RD_D_DEFEND)
        return false; /* not an activation of the defender's */
    if (g->stage == RD_ST_HEROIC_FIRE)
        return g->act.heroics > 0; /* Fire at will: the activation's heroic rolls left */
    return RDR(g)->heroic_per_activation > 0;
}

int rd_needed(const RdGame *g, const RdDecision *d)
{
    switch (d->kind) {
    case RD_D_MOVE: {
        int mm = rd_squad_cost_to(g, d->squad, farthest(g, d->squad, d->line, false), (RdCell){d->col, d->row});
        if (mm < 0)
            return -1;
        int s = successes_for(g, d->squad, mm, d->line, false);
        return s < 0 ? -1 : s + rd_denied(g, d->squad);
    }
    case RD_D_FIRE:
        return fire_needed(g, d->squad, d->target, g->stage == RD_ST_HEROIC_FIRE ? g->act.bonus : 0, true);
    case RD_D_ASSAULT: {
        int mm = rd_assault_cost(g, d->squad, d->target, farthest(g, d->squad, false, true)),
            s = mm < 0 ? -1 : mm == 0 ? 1 : successes_for(g, d->squad, mm, false, true);
        return s < 0 ? -1 : s + rd_denied(g, d->squad);
    }
    case RD_D_DEFEND:
        return fire_needed(g, g->act.target, g->act.squad, RDR(g)->surprise_mod, false);
    default:
        return 0;
    }
}

void rd_chances(const RdRules *r, int dice, int red, RdChances *c)
{
    memset(c, 0, sizeof *c);
    if (dice + red > RD_MAX_POOL)
        dice = RD_MAX_POOL - red;
    int cap = r->disaster_ones, heroic_faces = 0, skedaddle_faces = 0; /* 1s counted up to the disaster */
    for (int f = 0; f < 6; f++) {
        heroic_faces += r->red_die.row[f].effect == RD_FX_HEROIC;
        skedaddle_faces += r->red_die.row[f].effect == RD_FX_SKEDADDLE;
    }
    /* p[s][o][h]: s successes, o 1s, h a red die for a heroic roll among them */
    static double p[2][RD_MAX_POOL + 1][8][2];
    memset(p, 0, sizeof p);
    p[0][0][0][0] = 1.0;
    for (int i = 0; i < dice + red; i++) {
        int a = i & 1, b = !a;
        bool is_red = i >= dice;
        memset(p[b], 0, sizeof p[b]);
        for (int s = 0; s <= i; s++)
            for (int o = 0; o <= cap; o++)
                for (int h = 0; h < 2; h++) {
                    double v = p[a][s][o][h];
                    if (v == 0)
                        continue;
                    for (int face = 1; face <= 6; face++) {
                        int s2 = s + (face >= r->success_face), o2 = o + (face == 1);
                        int h2 = h || (is_red && r->red_die.row[face - 1].effect == RD_FX_HEROIC);
                        p[b][s2][o2 > cap ? cap : o2][h2] += v / 6;
                    }
                }
    }
    int n = dice + red;
    double(*end)[8][2] = p[n & 1];
    for (int s = n; s >= 0; s--) {
        double ok = 0;
        for (int o = 0; o < r->fiasco_ones; o++) {
            ok += end[s][o][0] + end[s][o][1];
            c->heroic += end[s][o][1];
        }
        c->at_least[s] = ok + (s < n ? c->at_least[s + 1] : 0);
        for (int o = r->fiasco_ones; o < cap; o++)
            c->fiasco += end[s][o][0] + end[s][o][1];
        c->disaster += end[s][cap][0] + end[s][cap][1];
    }
    c->skedaddle = red * skedaddle_faces / 6.0;
    (void)heroic_faces;
}

/* ---- words ------------------------------------------------------------------ */

void rd_squad_name(const RdGame *g, int squad, char *buf, size_t n)
{
    if (squad < 0 || squad >= g->nsquads) {
        snprintf(buf, n, "?");
        return;
    }
    const char *id = RDF(g)->squads[g->squads[squad].setup].id;
    if (squad < RDF(g)->nsquads)
        snprintf(buf, n, "%s", id);
    else
        snprintf(buf, n, "%s+%d", id, squad);
}

void rd_soldier_name(const RdGame *g, int soldier, char *buf, size_t n)
{
    if (soldier < 0 || soldier >= g->nsoldiers) {
        snprintf(buf, n, "?");
        return;
    }
    int k = 1, home = g->soldiers[soldier].home;
    for (int i = 0; i < soldier; i++)
        k += g->soldiers[i].home == home;
    snprintf(buf, n, "%s.%d", RDF(g)->squads[g->squads[home].setup].id, k);
}

void rd_decision_format(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    char a[64], b[64];
    if (d->kind < 0 || d->kind >= RD_D_KINDS) {
        snprintf(buf, n, "?");
        return;
    }
    const char *verb = rd_kind_verbs[d->kind];
    rd_squad_name(g, d->squad, a, sizeof a);
    switch (d->kind) {
    case RD_D_MOVE:
        snprintf(buf, n, "%s %s %d %d %d%s", verb, a, d->dice, d->col, d->row, d->line ? " line" : "");
        break;
    case RD_D_FIRE:
    case RD_D_ASSAULT:
        rd_squad_name(g, d->target, b, sizeof b);
        snprintf(buf, n, "%s %s %d %s", verb, a, d->dice, b);
        break;
    case RD_D_RALLY:
    case RD_D_LEAVE:
    case RD_D_ESCORT:
        snprintf(buf, n, "%s %s", verb, a);
        break;
    case RD_D_LOSS:
        rd_soldier_name(g, d->target, b, sizeof b);
        snprintf(buf, n, "%s %s", verb, b);
        break;
    case RD_D_DEFEND:
        snprintf(buf, n, "%s %d", verb, d->dice);
        break;
    case RD_D_ADVANCE:
        snprintf(buf, n, "%s %d %d", verb, d->col, d->row);
        break;
    default:
        snprintf(buf, n, "%s", verb);
        break;
    }
}

static int find_squad(const RdGame *g, const char *w)
{
    char name[64];
    for (int q = 0; q < g->nsquads; q++) {
        rd_squad_name(g, q, name, sizeof name);
        if (strcmp(name, w) == 0)
            return q;
    }
    return -1;
}

static int find_soldier(const RdGame *g, const char *w)
{
    char name[64];
    for (int i = 0; i < g->nsoldiers; i++) {
        rd_soldier_name(g, i, name, sizeof name);
        if (strcmp(name, w) == 0)
            return i;
    }
    return -1;
}

static bool number(const char *w, int lo, int hi, int8_t *out)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (*w == '\0' || *end != '\0' || v < lo || v > hi)
        return false;
    *out = (int8_t)v;
    return true;
}

bool rd_decision_parse(const RdGame *g, const char *text, RdDecision *d, char *why, size_t n)
{
    char w[7][64];
    int count = 0;
    for (const char *p = text; *p;) {
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        size_t len = 0;
        while (p[len] && !isspace((unsigned char)p[len]))
            len++;
        if (count == 7 || len >= sizeof w[0]) {
            snprintf(why, n, "too many words, or one too long");
            return false;
        }
        memcpy(w[count], p, len);
        w[count++][len] = '\0';
        p += len;
    }
    int kind = -1;
    for (int k = 0; k < RD_D_KINDS && count > 0; k++)
        if (strcmp(w[0], rd_kind_verbs[k]) == 0)
            kind = k;
    if (kind < 0) {
        snprintf(why, n, "unknown verb '%s' (move fire assault rally loss defend advance pass leave)",
                 count ? w[0] : "");
        return false;
    }
    static const int words[RD_D_KINDS] = {[RD_D_MOVE] = 5, [RD_D_FIRE] = 4, [RD_D_ASSAULT] = 4, [RD_D_RALLY] = 2,
                                          [RD_D_LOSS] = 2, [RD_D_DEFEND] = 2, [RD_D_ADVANCE] = 3, [RD_D_PASS] = 1,
                                          [RD_D_LEAVE] = 2, [RD_D_ESCORT] = 2};
    bool line = kind == RD_D_MOVE && count == 6 && strcmp(w[5], "line") == 0;
    if (count != words[kind] + line) {
        snprintf(why, n, "'%s' takes %d word%s after it", w[0], words[kind] - 1, words[kind] == 2 ? "" : "s");
        return false;
    }
    RdDecision r = mk(kind, -1, 0, -1, -1, -1, line);
    bool ok = true;
    if (kind == RD_D_MOVE || kind == RD_D_FIRE || kind == RD_D_ASSAULT || kind == RD_D_RALLY || kind == RD_D_LEAVE ||
        kind == RD_D_ESCORT)
        ok = (r.squad = (int8_t)find_squad(g, w[1])) >= 0;
    if (ok && (kind == RD_D_MOVE || kind == RD_D_FIRE || kind == RD_D_ASSAULT))
        ok = number(w[2], 0, RD_MAX_CHOSEN, &r.dice);
    if (ok && kind == RD_D_MOVE)
        ok = number(w[3], 0, RD_MAX_W - 1, &r.col) && number(w[4], 0, RD_MAX_H - 1, &r.row);
    if (ok && (kind == RD_D_FIRE || kind == RD_D_ASSAULT))
        ok = (r.target = (int8_t)find_squad(g, w[3])) >= 0;
    if (ok && kind == RD_D_LOSS)
        ok = (r.target = (int8_t)find_soldier(g, w[1])) >= 0;
    if (ok && kind == RD_D_DEFEND)
        ok = number(w[1], 0, RD_MAX_CHOSEN, &r.dice);
    if (ok && kind == RD_D_ADVANCE)
        ok = number(w[1], 0, RD_MAX_W - 1, &r.col) && number(w[2], 0, RD_MAX_H - 1, &r.row);
    if (!ok) {
        snprintf(why, n, "'%s': an unknown squad or soldier, or a number out of range", text);
        return false;
    }
    *d = r;
    return true;
}
