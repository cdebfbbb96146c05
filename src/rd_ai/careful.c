/* The Red Die of Courage's careful level: every decision open, with every
 * number of dice, scored by its expected value in victory points.
 *
 * A roll of n dice (chosen + repeat + red) gives s successes with at most
 * one 1 with the chance rd_chances gives exactly; what s successes gain
 * depends on the action (the option's gain[s]):
 *   fire     the hits s buys on the target (its quality, the range, the
 *            weapon or volley, its cover: rd_fire_modifier), each worth
 *            the fire loss table's expected harm (the soldier's point, the
 *            red dice it gives the enemy, a wound's hindrance);
 *   move     the cell's worth (pos_value: the objectives, the targets in
 *            sight, the enemy fire it is exposed to, its cover) less the
 *            cell's the squad leaves; a part of it when s falls short;
 *   assault  when s reaches contact: the melee's expected result (pairs
 *            of soldiers, support, the melee loss table, defeat and
 *            surrender) less the defensive fire expected first (none from
 *            behind);
 *   rally    the red dice removed, the soldiers brought back.
 * Against that: a fiasco or disaster loses the initiative (the rest of
 * the side's spell, CAREFUL_INITIATIVE; a rally always loses it); a
 * disaster also adds its red dice and rolls the disaster table (its
 * expected harm, read from rules.ini for the squad); the side's red dice
 * do their own harm when rolled (rd_ai_value counts it: it tips defensive
 * fire and the heroic fire to holding). Each red die is worth
 * CAREFUL_RED_DIE for the rest of the game (less near its end).
 *
 * More dice buy more successes but more 1s: the best number is where the
 * two balance, fewer when the red dice already fill the pool.
 *
 * A squad's badly wounded are left where they lie at once (no roll, the
 * initiative kept): each denies a success a roll while he is with it. A
 * rout near the enemy (the disaster table's Run for your life) is reckoned
 * as prisoners taken. */
#include <stdlib.h>
#include <string.h>

#include "rd_ai/rd_ai_internal.h"

/* Tuning, in victory points. */
#define CAREFUL_MAX_DICE 10          /* chosen dice weighed at most */
#define CAREFUL_INITIATIVE 2.5       /* keeping the initiative: the rest of the spell */
#define CAREFUL_RED_DIE 2.0          /* a red die in a side's pool, for the rest of the game */
#define CAREFUL_RED_HORIZON 6        /* passes left under which a red die costs less */
#define CAREFUL_BAD_WOUND 0.5        /* a badly wounded soldier, besides his red dice */
#define CAREFUL_LIGHT_WOUND 0.2      /* a soldier lightly wounded */
#define CAREFUL_HEROIC 0.3           /* a roll on the heroic table */
#define CAREFUL_CONFUSED 0.5         /* disaster: the squad pinned */
#define CAREFUL_RETREAT 0.3          /* disaster: a retreat to cover */
#define CAREFUL_CRISIS 0.25          /* disaster: a success less on the next activation, each */
#define CAREFUL_FLED 0.5             /* a squad defeated in melee, falling back */
#define CAREFUL_OBJECTIVE 0.5        /* the share of an objective's points a squad on it is worth */
#define CAREFUL_OBJECTIVE_HELD 0.3   /* ... when a friendly squad holds it already */
#define CAREFUL_OBJECTIVE_REACH 1000 /* mm beyond the objective's radius its pull fades to nothing */
#define CAREFUL_OFFENSE 0.5          /* the best shot from a cell (its expected hits) */
#define CAREFUL_THREAT 0.5           /* each enemy shot a cell is exposed to */
#define CAREFUL_SHOT_DICE 3          /* the dice a shot is reckoned with, weighing a cell */
#define CAREFUL_STRIDE 2             /* moves weighed to every CAREFUL_STRIDE-th cell (and cover) */
#define CAREFUL_PARTIAL 0.5          /* a move falling short: this share of its pro-rata worth */

enum { KEEP, PASSES, NO_INITIATIVE };

typedef struct {
    const RdGame *g;
    const RdRules *r;
    int side;
    double red;      /* a red die in a pool */
    double hit;      /* a fire hit */
    double melee;    /* a melee loss */
    double redroll;  /* the side's red dice rolled once */
    uint32_t held[RD_MAX_OBJECTIVES]; /* squads of the side on each objective (bits) */
    int able[RD_MAX_GAME_SQUADS], hittable[RD_MAX_GAME_SQUADS];
    double shot[RD_MAX_QUALITY + 8][RD_MAX_SQUAD_SOLDIERS + 1]; /* exp_hits of a shot by need (from 1) and cap */
    double base[RD_MAX_GAME_SQUADS];  /* each squad's cell's worth, where it stands */
    bool have_base[RD_MAX_GAME_SQUADS];
    double disaster[RD_MAX_GAME_SQUADS]; /* disaster_harm of each squad */
    bool have_disaster[RD_MAX_GAME_SQUADS];
} Ctx;

typedef struct {
    double gain[RD_MAX_POOL + 1]; /* by raw successes */
    int mode;                     /* KEEP, PASSES, NO_INITIATIVE */
    double disaster;              /* a disaster's harm besides the initiative */
    bool roll;                    /* false: no dice (flat only) */
    double flat;
} Option;

static uint32_t view_stamp; /* views older than this are stale (ctx_init moves it on) */

/* ---- chances --------------------------------------------------------------- */

static const RdChances *chances(const RdRules *r, int n)
{
    static const RdRules *cached;
    static RdChances table[RD_MAX_POOL + 1];
    static bool have[RD_MAX_POOL + 1];
    if (cached != r) {
        memset(have, 0, sizeof have);
        cached = r;
    }
    if (n < 0)
        n = 0;
    if (n > RD_MAX_POOL)
        n = RD_MAX_POOL;
    if (!have[n]) {
        rd_chances(r, n, 0, &table[n]); /* red dice count alike for successes and 1s */
        have[n] = true;
    }
    return &table[n];
}

/* The chance of exactly s successes with at most one 1 in n dice. */
static double exactly(const RdChances *c, int n, int s)
{
    if (s > n)
        return 0;
    return c->at_least[s] - (s < n ? c->at_least[s + 1] : 0);
}

/* Expected hits of a shot of `dice` dice needing `need` successes, at most cap. */
static double exp_hits(const RdRules *r, int dice, int need, int cap)
{
    const RdChances *c = chances(r, dice);
    if (need < 1)
        need = 1;
    double e = 0;
    for (int s = need; s <= dice; s++) {
        int h = s - need + 1;
        e += exactly(c, dice, s) * (h < cap ? h : cap);
    }
    return e;
}

/* ---- what things are worth ------------------------------------------------- */

static double effect_harm(const Ctx *c, const RdTableRow *row)
{
    switch (row->effect) {
    case RD_FX_DEAD:
        return c->r->vp_soldier + row->amount * c->red;
    case RD_FX_BAD_WOUND:
        return CAREFUL_BAD_WOUND + row->amount * c->red;
    case RD_FX_LIGHT_WOUND:
        return CAREFUL_LIGHT_WOUND;
    default:
        return 0;
    }
}

static double table_harm(const Ctx *c, const RdTable *t)
{
    double h = 0;
    for (int f = 0; f < 6; f++)
        h += effect_harm(c, &t->row[f]) / 6;
    return h;
}

/* A disaster's harm to squad besides the initiative: its red dice and the table. */
static double disaster_harm(Ctx *c, int squad)
{
    if (c->have_disaster[squad])
        return c->disaster[squad];
    const RdRules *r = c->r;
    int n = rd_on_table(c->g, squad);
    double h = r->disaster_red * c->red;
    for (int f = 0; f < 6; f++) {
        const RdTableRow *row = &r->disaster.row[f];
        double x = 0;
        switch (row->effect) {
        case RD_FX_CONFUSED:
            x = CAREFUL_CONFUSED;
            break;
        case RD_FX_RETREAT_COVER:
            x = CAREFUL_RETREAT;
            break;
        case RD_FX_LEADER_CRISIS:
            x = CAREFUL_CRISIS * row->amount;
            break;
        case RD_FX_ADD_RED:
            x = row->amount * c->red;
            break;
        case RD_FX_FLEE: {
            double run = row->dice * 3.5 < n ? row->dice * 3.5 : n;
            x = CAREFUL_RETREAT + run * r->vp_soldier;
            break;
        }
        case RD_FX_ROUT: /* gone, or taken when the enemy is near: a point a soldier (a prisoner's
                            when taken), the leader's more */
            x = n > 0 ? (n - 1) * (rd_rout_surrenders(c->g, squad, row->distance_mm) ? r->vp_prisoner : r->vp_soldier) +
                            r->vp_leader
                      : 0;
            break;
        default:
            break;
        }
        h += x / 6;
    }
    c->disaster[squad] = h;
    c->have_disaster[squad] = true;
    return h;
}

static int hittable(const RdGame *g, int squad);

static void ctx_init(Ctx *c, const RdGame *g, int side)
{
    memset(c, 0, sizeof *c);
    c->g = g;
    c->r = g->rules;
    c->side = side;
    int left = g->field->length - g->passes;
    c->red = CAREFUL_RED_DIE * (left >= CAREFUL_RED_HORIZON ? 1.0 : (left + 1.0) / (CAREFUL_RED_HORIZON + 1.0));
    c->hit = table_harm(c, &c->r->fire_loss);
    c->melee = table_harm(c, &c->r->melee_loss);
    double per = 0;
    for (int f = 0; f < 6; f++) {
        const RdTableRow *row = &c->r->red_die.row[f];
        if (row->effect == RD_FX_SKEDADDLE)
            per += row->amount * c->r->vp_soldier / 6.0;
        else if (row->effect == RD_FX_REMOVE_RED)
            per -= row->amount * c->red / 6.0;
        else if (row->effect == RD_FX_HEROIC)
            per -= CAREFUL_HEROIC / 6.0;
    }
    c->redroll = side >= 0 ? per * g->red[side] : 0;
    view_stamp++;
    for (int q = 0; q < g->nsquads; q++) {
        c->able[q] = rd_able(g, q);
        c->hittable[q] = hittable(g, q);
    }
    for (int need = 0; need < RD_MAX_QUALITY + 8; need++)
        for (int cap = 0; cap <= RD_MAX_SQUAD_SOLDIERS; cap++)
            c->shot[need][cap] = exp_hits(c->r, CAREFUL_SHOT_DICE, need, cap);
    const RdField *f = g->field;
    for (int o = 0; o < f->nobjectives && o < RD_MAX_OBJECTIVES; o++) {
        RdCell oc = {(int8_t)f->objectives[o].col, (int8_t)f->objectives[o].row};
        for (int i = 0; i < g->nsoldiers; i++) {
            const RdSoldier *s = &g->soldiers[i];
            if (s->where == RD_ON_TABLE && g->squads[s->squad].side == side && s->squad < 32 &&
                rd_within(c->r, oc, rd_soldier_cell(g, i), f->objectives[o].radius_mm))
                c->held[o] |= 1u << s->squad;
        }
    }
}

/* The weapon's modifier of squad firing from `from` at `to` (the better of
 * its weapon and, in line, the volley); RD_OUT_OF_RANGE. */
static int weapon_mod(const Ctx *c, int squad, RdCell from, RdCell to, bool line)
{
    const RdRules *r = c->r;
    int band = -1;
    for (int b = 0; b < RD_NRANGES && band < 0; b++)
        if (rd_within(r, from, to, r->range_mm[b]))
            band = b;
    if (band < 0)
        return RD_OUT_OF_RANGE;
    int m = r->weapon_mod[c->g->squads[squad].weapon][band];
    if (line && rd_able(c->g, squad) >= r->volley_min_soldiers) {
        int v = r->weapon_mod[RD_VOLLEY][band];
        if (v != RD_OUT_OF_RANGE && (m == RD_OUT_OF_RANGE || v > m))
            m = v;
    }
    return m;
}

static int hittable(const RdGame *g, int squad)
{
    /* soldiers a fire may hit: on the table and not down */
    int n = 0;
    for (int i = 0; i < g->nsoldiers; i++)
        n += g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && !g->soldiers[i].prone;
    return n;
}

static bool active_enemy(const Ctx *c, int e)
{
    return c->g->squads[e].side != c->side && !c->g->squads[e].routed && rd_leader(c->g, e) >= 0;
}

/* exp_hits of a shot of CAREFUL_SHOT_DICE dice (the table made by ctx_init). */
static double shot(const Ctx *c, int need, int cap)
{
    need = need < 1 ? 1 : need;
    if (need >= RD_MAX_QUALITY + 8)
        return 0;
    return c->shot[need][cap < 0 ? 0 : cap > RD_MAX_SQUAD_SOLDIERS ? RD_MAX_SQUAD_SOLDIERS : cap];
}

/* What a cell sees of each enemy squad's leader, kept for one decision:
 * the line of fire, the cover the cell has from him and he from it. */
typedef struct {
    uint32_t stamp;
    int8_t sees[RD_MAX_GAME_SQUADS];
    int8_t cover_here[RD_MAX_GAME_SQUADS];  /* the cell's cover against his fire */
    int8_t cover_there[RD_MAX_GAME_SQUADS]; /* his cover against the cell's fire */
} CellView;

static CellView views[RD_MAX_H][RD_MAX_W];

static const CellView *cell_view(const Ctx *c, RdCell cell)
{
    CellView *v = &views[cell.row][cell.col];
    if (v->stamp == view_stamp)
        return v;
    const RdGame *g = c->g;
    v->stamp = view_stamp;
    for (int e = 0; e < g->nsquads; e++) {
        v->sees[e] = 0;
        if (!active_enemy(c, e))
            continue;
        RdCell ec = rd_soldier_cell(g, rd_leader(g, e));
        if (!rd_within(c->r, cell, ec, c->r->range_mm[RD_NRANGES - 1]) || !rd_sees(g->field, c->r, cell, ec))
            continue;
        v->sees[e] = 1;
        v->cover_here[e] = (int8_t)rd_cover(g->field, c->r, ec, cell);
        v->cover_there[e] = (int8_t)rd_cover(g->field, c->r, cell, ec);
    }
    return v;
}

/* What it is worth to squad that its leader stands at cell (deployed in
 * line or not): the objectives near, the best shot from there, the enemy
 * shots it is exposed to (leader to leader: the line of fire and cover). */
static double pos_value(const Ctx *c, int squad, RdCell cell, bool line)
{
    const RdGame *g = c->g;
    const RdRules *r = c->r;
    const RdField *f = g->field;
    double obj = 0;
    for (int o = 0; o < f->nobjectives && o < RD_MAX_OBJECTIVES; o++) {
        const RdObjective *ob = &f->objectives[o];
        double d = rd_distance_mm(r, (RdCell){(int8_t)ob->col, (int8_t)ob->row}, cell) - ob->radius_mm;
        double close = d <= 0 ? 1 : d >= CAREFUL_OBJECTIVE_REACH ? 0 : 1 - d / CAREFUL_OBJECTIVE_REACH;
        bool others = (c->held[o] & ~(squad < 32 ? 1u << squad : 0)) != 0;
        double v = ob->points * close * (others ? CAREFUL_OBJECTIVE_HELD : 1);
        if (v > obj)
            obj = v;
    }
    double offense = 0, threat = 0;
    int q = g->squads[squad].quality, able = c->able[squad];
    const CellView *view = cell_view(c, cell);
    for (int e = 0; e < g->nsquads; e++) {
        if (!view->sees[e])
            continue;
        RdCell ec = rd_soldier_cell(g, rd_leader(g, e));
        int m = weapon_mod(c, squad, cell, ec, line);
        if (m != RD_OUT_OF_RANGE) {
            int need = g->squads[e].quality - m - r->cover_mod[view->cover_there[e]];
            double h = shot(c, need, c->hittable[e]);
            if (h > offense)
                offense = h;
        }
        int eable = c->able[e];
        int m2 = weapon_mod(c, e, ec, cell, g->squads[e].line);
        if (m2 != RD_OUT_OF_RANGE && eable > 0) {
            int need = q - m2 - r->cover_mod[view->cover_here[e]];
            threat += shot(c, need, able) * (eable < 4 ? eable / 4.0 : 1.0);
        }
    }
    return CAREFUL_OBJECTIVE * obj + c->hit * (CAREFUL_OFFENSE * offense - CAREFUL_THREAT * threat);
}

static double base_value(Ctx *c, int squad)
{
    if (!c->have_base[squad]) {
        c->base[squad] = pos_value(c, squad, rd_soldier_cell(c->g, rd_leader(c->g, squad)), c->g->squads[squad].line);
        c->have_base[squad] = true;
    }
    return c->base[squad];
}

/* Successes the squad loses to its badly wounded and its leader's crisis. */
static int denied(const RdGame *g, int squad)
{
    int n = g->squads[squad].crisis;
    for (int i = 0; i < g->nsoldiers; i++)
        n += g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && g->soldiers[i].wound == RD_BAD;
    return n;
}

/* ---- the options ----------------------------------------------------------- */

static void fire_gain(const Ctx *c, int squad, int target, int bonus, Option *o)
{
    const RdGame *g = c->g;
    int mod = rd_fire_modifier(g, squad, target), q = g->squads[target].quality, den = denied(g, squad);
    int cap = hittable(g, target);
    for (int s = 0; s <= RD_MAX_POOL; s++) {
        int net = s > den ? s - den : 0, eff = net + bonus + mod;
        int hits = net + bonus > 0 && eff >= q ? eff - q + 1 : 0;
        o->gain[s] = c->hit * (hits < cap ? hits : cap);
    }
}

static int direction(RdCell from, RdCell to) /* as the engine reads a facing: 0..7, N clockwise */
{
    int dx = to.col - from.col, dy = to.row - from.row, ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    if (!dx && !dy)
        return -1;
    if (ax * 1000 <= ay * 414)
        return dy < 0 ? 0 : 4;
    if (ay * 1000 <= ax * 414)
        return dx > 0 ? 2 : 6;
    return dx > 0 ? (dy < 0 ? 1 : 3) : (dy < 0 ? 7 : 5);
}

/* The chance that the assault comes from behind (no defensive fire). */
static double behind_chance(const Ctx *c, int squad, int target)
{
    const RdGame *g = c->g;
    int dir = direction(rd_soldier_cell(g, rd_leader(g, target)), rd_soldier_cell(g, rd_leader(g, squad)));
    int diff = dir < 0 ? 0 : dir - g->squads[target].facing;
    diff = diff < 0 ? -diff : diff;
    if (diff > 4)
        diff = 8 - diff;
    return diff >= 3 ? 1.0 : diff == 2 ? c->r->behind_max_face / 6.0 : 0.0;
}

/* The chances of a soldier's melee successes: dist[k] for k successes of q dice. */
static void melee_dist(int q, double *dist)
{
    memset(dist, 0, sizeof(double) * (RD_MAX_QUALITY + 1));
    dist[0] = 1;
    for (int i = 0; i < q && i < RD_MAX_QUALITY; i++)
        for (int k = i + 1; k >= 0; k--)
            dist[k] = dist[k] * 0.5 + (k > 0 ? dist[k - 1] * 0.5 : 0);
}

/* The melee's expected worth to squad's side once in contact with target. */
static double melee_value(const Ctx *c, int squad, int target)
{
    const RdGame *g = c->g;
    const RdRules *r = c->r;
    int att[RD_MAX_SOLDIERS], na = 0, nd = 0, defenceless = 0;
    RdCell voice = rd_soldier_cell(g, rd_leader(g, squad));
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->where != RD_ON_TABLE || s->prone || s->wound == RD_BAD || g->squads[s->squad].side != c->side ||
            g->squads[s->squad].routed)
            continue;
        if (s->squad == squad || rd_within(r, voice, rd_soldier_cell(g, i), r->voice_mm))
            att[na++] = i;
    }
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->squad != target || s->where != RD_ON_TABLE)
            continue;
        if (s->prone || s->wound == RD_BAD)
            defenceless++;
        else
            nd++;
    }
    double v = defenceless * (r->vp_soldier + c->red);
    int pairs = na < nd ? na : nd;
    if (pairs == 0)
        return v + (nd == 0 && defenceless > 0 ? CAREFUL_FLED : 0);
    int sup[2][RD_MAX_SOLDIERS] = {{0}};
    for (int i = pairs; i < na; i++)
        sup[0][(i - pairs) % pairs]++;
    for (int i = pairs; i < nd; i++)
        sup[1][(i - pairs) % pairs]++;
    /* diff = the defenders' losses - the attackers', over the pairs */
    double dd[2 * RD_MAX_SOLDIERS + 3] = {0}, nx[2 * RD_MAX_SOLDIERS + 3];
    int off = RD_MAX_SOLDIERS + 1;
    dd[off] = 1;
    for (int p = 0; p < pairs; p++) {
        double da[RD_MAX_QUALITY + 1], df[RD_MAX_QUALITY + 1];
        melee_dist(g->squads[g->soldiers[att[p]].squad].quality, da);
        melee_dist(g->squads[target].quality, df);
        int ba = sup[0][p] * r->melee_support_bonus, bd = sup[1][p] * r->melee_support_bonus;
        double win = 0, lose = 0;
        for (int a = 0; a <= RD_MAX_QUALITY; a++)
            for (int d = 0; d <= RD_MAX_QUALITY; d++) {
                double pr = da[a] * df[d];
                if (a + ba > d + bd)
                    win += pr;
                else if (a + ba < d + bd)
                    lose += pr;
            }
        v += win * c->melee - lose * c->melee;
        memset(nx, 0, sizeof nx);
        for (int k = 1; k < 2 * RD_MAX_SOLDIERS + 2; k++) {
            nx[k + 1] += dd[k] * win;
            nx[k - 1] += dd[k] * lose;
            nx[k] += dd[k] * (1 - win - lose);
        }
        memcpy(dd, nx, sizeof dd);
    }
    double def_beaten = 0, att_beaten = 0;
    for (int k = 0; k < 2 * RD_MAX_SOLDIERS + 3; k++) {
        int diff = k - off + defenceless;
        if (diff > 0)
            def_beaten += dd[k];
        else if (diff < 0)
            att_beaten += dd[k];
    }
    double left = nd - pairs * 0.4; /* about what is left of the defenders */
    double beaten = left <= r->surrender_at_most && na >= r->surrender_ratio * left ? left * r->vp_prisoner
                                                                                    : CAREFUL_FLED;
    return v + def_beaten * beaten - att_beaten * CAREFUL_FLED * 2;
}

static void assault_gain(Ctx *c, const RdDecision *d, Option *o)
{
    const RdGame *g = c->g;
    int need = rd_needed(g, d), squad = d->squad, target = d->target;
    double v = melee_value(c, squad, target);
    if (!rd_fire_refusal(g, target, squad, NULL, 0)) { /* the defender's fire first, unless from behind */
        int need_def = g->squads[squad].quality - rd_fire_modifier(g, target, squad) - c->r->surprise_mod;
        double shot = exp_hits(c->r, CAREFUL_SHOT_DICE, need_def, rd_on_table(g, squad)) * c->hit;
        v -= (1 - behind_chance(c, squad, target)) * shot;
    }
    for (int s = 0; s <= RD_MAX_POOL; s++)
        o->gain[s] = need >= 0 && s >= need ? v : 0;
}

static void move_gain(Ctx *c, const RdDecision *d, Option *o)
{
    int need = rd_needed(c->g, d), den = denied(c->g, d->squad);
    double delta = pos_value(c, d->squad, (RdCell){d->col, d->row}, d->line) - base_value(c, d->squad);
    for (int s = 0; s <= RD_MAX_POOL; s++) {
        if (need < 0 || s <= den)
            o->gain[s] = 0;
        else if (s >= need)
            o->gain[s] = delta;
        else
            o->gain[s] = delta * CAREFUL_PARTIAL * (s - den) / (double)(need - den);
    }
}

static void rally_gain(const Ctx *c, int squad, Option *o)
{
    const RdGame *g = c->g;
    int red = g->red[c->side], den = denied(g, squad), away = 0;
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        away += s->where == RD_SKEDADDLED && g->squads[s->squad].side == c->side && !g->squads[s->squad].routed &&
                rd_leader(g, s->squad) >= 0;
    }
    for (int s = 0; s <= RD_MAX_POOL; s++) {
        int net = s > den ? s - den : 0;
        double back = s / 3.0 < away ? s / 3.0 : away; /* a third of the successes are 6s */
        o->gain[s] = (net < red ? net : red) * c->red + back * c->r->vp_soldier;
    }
}

/* The option of decision d (its dice aside); false when it is not weighed. */
static bool option_of(Ctx *c, const RdDecision *d, Option *o)
{
    const RdGame *g = c->g;
    memset(o, 0, sizeof *o);
    o->roll = true;
    o->mode = KEEP;
    switch (d->kind) {
    case RD_D_FIRE:
        fire_gain(c, d->squad, d->target, g->stage == RD_ST_HEROIC_FIRE ? g->act.bonus : 0, o);
        break;
    case RD_D_MOVE:
        move_gain(c, d, o);
        break;
    case RD_D_ASSAULT:
        assault_gain(c, d, o);
        break;
    case RD_D_RALLY:
        rally_gain(c, d->squad, o);
        o->mode = PASSES;
        break;
    case RD_D_DEFEND:
        if (d->dice == 0) {
            o->roll = false;
            return true;
        }
        fire_gain(c, g->act.target, g->act.squad, c->r->surprise_mod, o);
        o->mode = NO_INITIATIVE;
        o->disaster = c->r->disaster_red * c->red;
        return true;
    case RD_D_ADVANCE:
        o->roll = false;
        o->flat = pos_value(c, g->act.squad, (RdCell){d->col, d->row}, g->squads[g->act.squad].line) -
                  base_value(c, g->act.squad);
        return true;
    case RD_D_PASS:
        o->roll = false;
        return true;
    default:
        return false;
    }
    o->disaster = disaster_harm(c, d->squad);
    return true;
}

static double option_ev(const Ctx *c, const Option *o, int pool)
{
    if (!o->roll)
        return o->flat;
    if (pool > RD_MAX_POOL)
        pool = RD_MAX_POOL;
    const RdChances *ch = chances(c->r, pool);
    double ev = 0;
    for (int s = 0; s <= pool; s++)
        ev += exactly(ch, pool, s) * o->gain[s];
    double fail = ch->fiasco + ch->disaster;
    if (o->mode == KEEP)
        ev -= fail * CAREFUL_INITIATIVE;
    else if (o->mode == PASSES)
        ev -= CAREFUL_INITIATIVE;
    return ev - ch->disaster * o->disaster - c->redroll;
}

double rd_ai_value(const RdGame *g, const RdDecision *d)
{
    Ctx c;
    ctx_init(&c, g, rd_to_move(g));
    Option o;
    if (!option_of(&c, d, &o))
        return 0;
    return option_ev(&c, &o, rd_pool(g, d, NULL));
}

/* The hit goes to the soldier it costs least: a follower before a leader,
 * unhurt before wounded (a second wound is worse). */
static RdDecision choose_loss(const RdGame *g, const RdDecision *list, int n)
{
    int best = 0, best_cost = 1 << 20;
    for (int i = 0; i < n; i++) {
        const RdSoldier *s = &g->soldiers[list[i].target];
        int cost = s->leader * 100 + s->wound * 10;
        if (cost < best_cost) {
            best_cost = cost;
            best = i;
        }
    }
    return list[best];
}

/* The best number of dice for d (its option o) and its value. */
static double best_dice(const Ctx *c, RdDecision *d, const Option *o)
{
    bool chosen = o->roll && d->kind != RD_D_RALLY;
    int lo = chosen ? c->r->min_dice : d->dice, hi = chosen ? CAREFUL_MAX_DICE : d->dice, best_k = lo;
    double best = -1e300;
    for (int k = lo; k <= hi; k++) {
        RdDecision t = *d;
        t.dice = (int8_t)k;
        int pool = o->roll ? rd_pool(c->g, &t, NULL) : 0;
        if (pool > RD_MAX_POOL)
            break;
        double ev = option_ev(c, o, pool);
        if (ev > best) {
            best = ev;
            best_k = k;
        }
    }
    d->dice = (int8_t)best_k;
    return best;
}

/* The cells a move is weighed to: every other cell of every other row
 * around the leader, and every cell by an obstacle that gives cover or
 * on an objective (the reckoning of a cell's worth traces lines of fire:
 * a quarter of them keeps a decision fast). */
static bool worth_a_look(const Ctx *c, RdCell at, RdCell cell)
{
    if ((cell.col - at.col) % CAREFUL_STRIDE == 0 && (cell.row - at.row) % CAREFUL_STRIDE == 0)
        return true;
    const RdField *f = c->g->field;
    int col = cell.col, row = cell.row;
    if (c->r->edge[f->edge_e[row][col]].cover || c->r->edge[f->edge_s[row][col]].cover ||
        (col > 0 && c->r->edge[f->edge_e[row][col - 1]].cover) || (row > 0 && c->r->edge[f->edge_s[row - 1][col]].cover))
        return true;
    for (int o = 0; o < f->nobjectives; o++)
        if (rd_within(c->r, (RdCell){(int8_t)f->objectives[o].col, (int8_t)f->objectives[o].row}, cell,
                      f->objectives[o].radius_mm))
            return true;
    return false;
}

typedef struct {
    RdDecision d;
    double delta; /* the cell's worth less the squad's own */
} Move;

static int by_delta(const void *a, const void *b)
{
    double x = ((const Move *)a)->delta, y = ((const Move *)b)->delta;
    return x > y ? -1 : x < y;
}

static RdDecision mk(int kind, int squad, int dice, int target, int col, int row, int line)
{
    return (RdDecision){(int8_t)kind, (int8_t)squad, (int8_t)dice, (int8_t)target, (int8_t)col, (int8_t)row,
                        (int8_t)line};
}

/* The activation: rallies, fires and assaults of every squad weighed
 * first; then the moves, every cell within a move's reach scored by its
 * worth alone (cheap: no way, no formation) and weighed in full, legality
 * first, from the best down while their worth could still beat the best
 * found (a move's value is at most its cell's worth less the red dice's
 * harm). */
static bool careful_activation(Ctx *c, RdDecision *out)
{
    const RdGame *g = c->g;
    const RdRules *r = c->r;
    static Option o;
    static Move moves[RD_MAX_GAME_SQUADS * RD_MAX_H * RD_MAX_W / 4];
    int nmoves = 0;
    double best = -1e300;
    bool found = false;
    for (int q = 0; q < g->nsquads; q++) { /* the badly wounded deny a success a roll: left, for nothing */
        RdDecision lv = mk(RD_D_LEAVE, q, 0, -1, -1, -1, 0);
        if (g->squads[q].side == g->initiative && rd_may_activate(g, q) && !rd_refusal(g, &lv, NULL, 0)) {
            *out = lv;
            return true;
        }
    }
    for (int q = 0; q < g->nsquads; q++) {
        if (g->squads[q].side != g->initiative || !rd_may_activate(g, q))
            continue;
        RdDecision ds[1 + 2 * RD_MAX_GAME_SQUADS];
        int n = 0;
        ds[n++] = mk(RD_D_RALLY, q, 0, -1, -1, -1, 0);
        for (int t = 0; t < g->nsquads; t++)
            if (g->squads[t].side != c->side) {
                ds[n++] = mk(RD_D_FIRE, q, r->min_dice, t, -1, -1, 0);
                ds[n++] = mk(RD_D_ASSAULT, q, r->min_dice, t, -1, -1, 0);
            }
        for (int i = 0; i < n; i++) {
            if (rd_refusal(g, &ds[i], NULL, 0) || !option_of(c, &ds[i], &o))
                continue;
            double ev = best_dice(c, &ds[i], &o);
            if (ev > best) {
                best = ev;
                *out = ds[i];
                found = true;
            }
        }
        RdCell at = rd_soldier_cell(g, rd_leader(g, q));
        int reach = r->max_move_mm / r->cell_mm + 1;
        bool can_line = rd_on_table(g, q) >= r->volley_min_soldiers;
        for (int row = at.row - reach; row <= at.row + reach; row++)
            for (int col = at.col - reach; col <= at.col + reach; col++) {
                RdCell cell = {(int8_t)col, (int8_t)row};
                if (!rd_on_field(g->field, cell) || !rd_within(r, at, cell, r->max_move_mm) ||
                    !worth_a_look(c, at, cell))
                    continue;
                for (int line = 0; line <= can_line; line++) {
                    if (nmoves >= (int)(sizeof moves / sizeof moves[0]))
                        break;
                    double delta = pos_value(c, q, cell, line) - base_value(c, q);
                    moves[nmoves++] = (Move){mk(RD_D_MOVE, q, r->min_dice, -1, col, row, line), delta};
                }
            }
    }
    qsort(moves, (size_t)nmoves, sizeof *moves, by_delta);
    for (int i = 0; i < nmoves; i++) {
        if (found && moves[i].delta - c->redroll <= best)
            break;
        RdDecision d = moves[i].d;
        if (rd_refusal(g, &d, NULL, 0) || !option_of(c, &d, &o))
            continue;
        double ev = best_dice(c, &d, &o);
        if (ev > best) {
            best = ev;
            *out = d;
            found = true;
        }
    }
    return found;
}

RdDecision rd_ai_careful(const RdGame *g)
{
    static Ctx c;
    ctx_init(&c, g, rd_to_move(g));
    RdDecision best;
    if (g->stage == RD_ST_ACTIVATE && careful_activation(&c, &best))
        return best;
    RdDecision *list;
    int n = rd_ai_list(g, &list);
    if (n == 0)
        return mk(RD_D_PASS, -1, 0, -1, -1, -1, 0);
    if (g->stage == RD_ST_LOSS)
        return choose_loss(g, list, n);
    best = list[0];
    double best_ev = -1e300;
    static Option o;
    for (int i = 0; i < n; i++) {
        RdDecision d = list[i];
        if (!option_of(&c, &d, &o))
            continue;
        double ev = best_dice(&c, &d, &o);
        if (ev > best_ev) {
            best_ev = ev;
            best = d;
        }
    }
    return best;
}
