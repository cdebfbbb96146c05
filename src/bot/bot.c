/* The Confederate bot (see bot.h).
 *
 * Each decision gets a score: a tier (what kind of thing it is: attach,
 * a worthwhile move, a bombardment, an attack at good odds, ending the
 * activation, ...) and, within the tier, how good it is. The best score
 * wins; equal best scores are broken by the rng. Everything is worked
 * out from the state once per call: points per hex for both armies, the
 * enemy points next to each hex, and, when moves are being weighed, two
 * distance fields over the map (hexes to the nearest enemy, half movement
 * points to the nearest key place not yet held). What the next call can
 * use is kept, keyed by what it depends on: the sums per hex are brought
 * up to date for the units whose place, steps or flags changed, and the
 * fields are kept with their sources (the cost to the key places updated
 * for the sources that changed). None of it changes a choice: bot.h's
 * bot_kept_is_fresh checks it against a computation afresh. */
#include "automa/automa_state.h"
#include "bot/bot.h"

#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rules/move.h"

/* Tiers, best first. */
enum {
    T_NEVER = 0, /* anything the bot does not use, unless nothing else is legal */
    T_LOW = 1,   /* allowed, but only when nothing better is (bad attacks, moves that gain nothing) */
    T_DEFAULT = 2, /* end, done, pass, no-advance, stay */
    T_ATTACK = 3,  /* an attack at good odds */
    T_BOMBARD = 4,
    T_GOOD = 5,   /* a move worth making, and the good answers in combat */
    T_ATTACH = 6, /* bring an independent into the activation first */
};

#define TIER_SCALE 10000000L
#define INNER_MAX 9999999L

/* Weights of the move evaluation (hex_value). */
#define W_KEY_MAJOR 40   /* the places the booklet scores (major_places) */
#define W_KEY_OBJ 25     /* a hex the Automa has an objective marker on */
#define W_KEY_PLACE 8    /* any other named place the bot may enter */
#define W_HOLD 4         /* per weight point, for standing on a key place */
#define W_GARRISON 2     /* per point in a key place the enemy is near, for weight W_KEY_MAJOR */
#define GARRISON_RANGE 5 /* hexes */
#define KEY_COST_CAP 120 /* half MP: farther than this, the key places do not pull */
#define W_ENGAGE 25      /* per unit, next to an enemy we can attack at good odds */
#define W_OBLIGED 30     /* per unit, next to an enemy it cannot attack at good odds, from open ground */
#define W_DANGER 10      /* per enemy point beyond twice our own next to us */
#define W_ALONE 300      /* a lone weak stack next to a strong enemy is overwhelmed (AI-ENGAGEMENT) */
#define ALONE_POINTS 1   /* ... a stack of this many points or fewer */
#define ALONE_ENEMY 3    /* ... next to an enemy stack of this many */
#define W_TRAPPED 80     /* per unit, next to the enemy with nowhere to retreat to (AI-SIX) */
#define TRAP_RANGE 3     /* hexes from the enemy where that starts to count, at half */
#define W_APPROACH 3     /* per unit and hex closer than APPROACH_RANGE to the enemy */
#define APPROACH_RANGE 6
#define MOVE_MIN 4       /* a move must gain this much to be made */
#define CHOOSE_RANGE 50  /* hexes: a formation farther than this from the enemy is as far (choose_score) */

#define INF 30000

/* The historical level's own weights and ranges (BOT_HISTORICAL, below):
 * Lee's plan as the bot plays it, not the rules'. */
#define H_GOAL_CAP 240    /* half MP: farther than this, the march does not pull harder */
#define W_MARCH 3         /* per unit and half MP nearer the march's goal */
#define H_ZOC_COST 8      /* half MP more, on the march, for each hex next to the enemy */
#define H_SIDE_COST 4     /* a hex north or south of a stack of the Union right pulls as if this far */
#define H_FLANK_COLS 3    /* the Union right: its stacks this many columns or fewer from the westernmost */
#define H_HELD_OFFSET 6   /* a garrison place the garrison holds (or a work on the heights) pulls as if this far */
#define H_HOLD_RANGE 5    /* the last unit on a garrison place stays while the enemy is this near (hexes) */
#define H_HOME_NEAR 2     /* an independent this near a garrison place is of the garrison */
#define H_NEED_CAP 60     /* a formation's call to be chosen: per unit, at most this */
#define H_GARRISON_CALL 150 /* ... and the garrison's, per garrison place it has left to the others */
#define H_ODDS 1          /* an attack is good with this many dice more than the defender's */
#define W_FLANK 40        /* per unit, next to a stack of the Union right from its west */
#define W_CONCENTRATE 15  /* per unit, next to an enemy stack others of ours are next to */
#define W_WEAK 120        /* a stack of less than half the points of an enemy stack next to it */

/* The places the booklet's day's reckoning scores for a Union division in
 * them (paragraphs 001 and 002), the first four above all. */
static const char *const major_places[] = {"chancellorsville", "fredericksburg", "maryes-heights", "salem-church",
                                           "hamiltons-crossing", "spotsylvania"};

typedef struct {
    const Game *g;
    const GameData *gd;
    const Map *m;
    int cells;
    int side;
    bool south_only;            /* the bot's units stay south of the river (AI-PLAYER-SOUTH) */
    int max_units, max_points;  /* the stacking limits */
    int pts[GS_MAX_UNITS];
    int own_pts[GS_MAX_HEXES], own_n[GS_MAX_HEXES];
    int en_pts[GS_MAX_HEXES], en_n[GS_MAX_HEXES];
    int threat[GS_MAX_HEXES];  /* enemy points next to the hex, across hexsides that allow combat */
    int act_pts[GS_MAX_HEXES]; /* our points in the hex able to attack now */
    int adj_act[GS_MAX_HEXES]; /* for an enemy hex: our points able to attack it now */
    int key_w[GS_MAX_HEXES];
    bool fields, keys;          /* en_dist, key_cost worked out (ctx_fields) */
    int en_far;                 /* en_dist is exact up to this far, above it only known to be farther */
    const int *en_dist;         /* hexes to the nearest enemy (passable steps), INF: the memo's field */
    const int *key_cost;        /* half MP to the nearest key place not held, with offsets: the memo's */
    int queue[GS_MAX_HEXES];
    bool inq[GS_MAX_HEXES];
    short src_hex[GS_MAX_HEXES]; /* ctx_fields' sources */
    short all_src[GS_MAX_HEXES]; /* relax_all's */
    int src_cost[GS_MAX_HEXES];
    uint64_t good_attacker[(GS_MAX_UNITS + 63) / 64]; /* a bit a unit: in a legal attack at good odds */
    /* The units the drawn chit would activate (chit_unit), where they stand
     * and their points, and the chit's radius: worked out once, when a
     * place for the chit is first scored (place_score). */
    /* The last group whose move was weighed (move_group) and what the
     * hex it stands in is worth to it: the moves of one group come one
     * after another. origin_n -1: none yet. */
    int origin_n;
    short origin_units[DEC_MAX_UNITS];
    int origin_S, origin_Sa, origin_role; /* its points, those able to attack */
    bool origin_unsteady, origin_stays; /* ... a shaken unit in it; it will not move at all */
    long origin_value;
    unsigned near_from[GS_MAX_HEXES]; /* from_stamp: a hex next to where the group stands */
    unsigned from_stamp;
    /* choose_score's sums per formation (its units on the map, the least
     * distance of one to the enemy): worked out at the first formation
     * scored */
    bool form_known;
    int form_n[GS_MAX_FORMATIONS], form_best[GS_MAX_FORMATIONS];
    short pend_hex[GS_MAX_UNITS], pend_form[GS_MAX_UNITS]; /* form_sums' */
    bool chit_known;
    int nchit, chit_r;
    unsigned chit_stamp, chit_seen[GS_MAX_HEXES]; /* a hex with a stack of them: its chit_seen is chit_stamp, */
    unsigned char chit_of[GS_MAX_HEXES];          /* ... and the stack's index (while they are gathered) */
    HexCube chit_cube[GS_MAX_UNITS]; /* each stack's hex, for the distances */
    int chit_n[GS_MAX_UNITS], chit_pts[GS_MAX_UNITS]; /* per hex the chit's units stand in */
    /* the stacks are then ordered by their cube x; chit_from[x - chit_x0]:
     * the first with an x of at least x, for x from chit_x0 to the last's */
    int chit_x0;
    unsigned char chit_from[GS_MAX_HEXES];
    /* The historical level (hist_init): all unused by the simple one. */
    bool hist;
    int gfm;                          /* the garrison's formation, -1 */
    int ngp, gp[8];                   /* the garrison places' hexes */
    bool is_gp[GS_MAX_HEXES];         /* a garrison place */
    int real_n[GS_MAX_HEXES];         /* our units in the hex other than skirmishers and dummies */
    int gar_n[GS_MAX_HEXES];          /* ... of them, of the garrison */
    int own_adj[GS_MAX_HEXES];        /* for an enemy hex: our points next to it */
    int line;                         /* the last column of the Union right */
    bool right[GS_MAX_HEXES];         /* an enemy hex of the Union right */
    int nright;
    int goal_cost[GS_MAX_HEXES];      /* half MP to the Union right's flank (or the march's places) */
    int home_cost[GS_MAX_HEXES];      /* half MP to the garrison's places */
    unsigned char pass[GS_MAX_HEXES]; /* relax_march's view of the enemy */
    bool goal_ok, home_ok;            /* goal_cost, home_cost worked out */
    long heap[GS_MAX_HEXES * 7];      /* relax_march's */
    int dial_node[GS_MAX_HEXES * 7], dial_next[GS_MAX_HEXES * 7]; /* relax_all's entries */
    /* What the sums (pts, own_pts to adj_act) were worked out for
     * (sums_update): the data set, the side, and each unit's place, steps
     * and flags, all they depend on. The next decision updates them for
     * the units that changed instead of summing every unit again. kept
     * false: nothing kept (the Ctx starts so, and bot_forget). */
    bool kept;
    const GameData *kept_gd;
    unsigned kept_serial;
    int kept_side, kept_nunits;
    UnitState kept_unit[GS_MAX_UNITS];
    uint64_t en_bits[GS_MAX_HEXES / 64]; /* the enemy's hexes (en_n > 0) */
    /* the same hexes listed by ascending hex (ctx_fields' sources), when
     * en_listed: listed again once they change */
    bool en_listed;
    int nen;
    short en_hex[GS_MAX_HEXES];
    /* sums_update's hexes changed this time, and their values before */
    int nchg;
    short chg_list[2 * GS_MAX_UNITS];
    bool chg[GS_MAX_HEXES], was_en[GS_MAX_HEXES], was_occ[GS_MAX_HEXES];
    /* per hex, how many of its ways out (memo.way_out, [1] south only)
     * lead into a hex with no unit of either side (escapes) */
    unsigned char free_ways[2][GS_MAX_HEXES];
    int old_en_pts[GS_MAX_HEXES], old_act[GS_MAX_HEXES];
    /* What key_w was worked out for (keys_update): the data set, the side,
     * whether the Automa plays and its objectives; and the hexes it
     * weighs, ascending. */
    bool kw_kept;
    const GameData *kw_gd;
    unsigned kw_serial;
    int kw_side;
    bool kw_on;
    short kw_obj[AUTOMA_MAX_FORMATIONS];
    int nkey;
    short key_hex[GS_MAX_HEXES];
} Ctx;
_Static_assert(GS_MAX_HEXES % 64 == 0, "en_bits has a bit for every hex");

/* What the bot asks of the map again and again, worked out once (pure
 * functions of the data, and of the rain, the south-only limit and the
 * play area for the step costs): each hex's neighbours, whether combat
 * crosses each hexside, and the cost of each step for the fields
 * (relax_all). One per process: the sim's workers are processes. It is
 * keyed by the GameData's address and load serial (a data set loaded
 * after another freed at the same address is a new one). */
typedef struct {
    const GameData *gd;
    unsigned serial;
    short nb[GS_MAX_HEXES][DIR_COUNT]; /* neighbour's map index, -1 off the map */
    HexCube cube[GS_MAX_HEXES];        /* each hex in cube coordinates (place_score) */
    /* the units of each formation (of the data set's first GS_MAX_FORMATIONS),
     * by ascending index: form_unit[form_first[f] .. form_first[f + 1]) */
    short form_first[GS_MAX_FORMATIONS + 1];
    short form_unit[GS_MAX_UNITS];
    bool fight[GS_MAX_HEXES][DIR_COUNT];
    /* The directions a stack could retreat in from each hex as the map
     * alone has them (escapes): a passable neighbour, across no river or
     * stream but by a bridge; [1] on the south bank only. A bit a
     * direction. */
    unsigned char way_out[2][GS_MAX_HEXES];
    int major[sizeof major_places / sizeof *major_places]; /* their place indexes, -1 */
    /* The step costs, one set in dry weather and one in the rain, each
     * for the south-only limit and play area it was worked out for;
     * `steps` is the set of the position at hand (memo_steps). */
    struct Steps {
        bool known;
        bool rain, south;
        HexCoord nw, se;
        int max_step; /* the dearest step (relax_from) */
        /* The same steps seen from the hex they enter, as the fields walk
         * them (field_step): the neighbour in each direction that may step
         * into the hex, -1 none, and the half MP of that step, at least 1. */
        short in_nb[GS_MAX_HEXES][DIR_COUNT];
        short in_cost[GS_MAX_HEXES][DIR_COUNT];
        short bfs_nb[GS_MAX_HEXES][DIR_COUNT]; /* in_nb, but the hex itself for none (relax_bfs) */
        unsigned gen; /* a number no other set worked out had */
    } weather[2];
    const struct Steps *steps;
    unsigned steps_made; /* how many sets were worked out */
    /* The last field of each kind (ctx_fields): its sources (the hexes it
     * starts from and their starting costs; every other hex starts at
     * INF), the step costs it was relaxed with, and the result. */
    struct FieldMemo {
        bool known;
        bool by_cost;
        int far;
        unsigned gen;
        bool bfs; /* relax_from searched it breadth-first (relax_is_bfs) */
        int nrim; /* then the hexes at far, not yet stepped from */
        short rim[GS_MAX_HEXES];
        int nseed;
        short seed_hex[GS_MAX_HEXES];
        int seed_cost[GS_MAX_HEXES];
        int dist[GS_MAX_HEXES];
    } field[2];
    /* The historical level's last march fields (goal_field, home_field): the same
     * with what the enemy blocks and slows (march_pass). */
    struct MarchMemo {
        bool known;
        unsigned gen;
        int seed[GS_MAX_HEXES];
        unsigned char pass[GS_MAX_HEXES];
        int dist[GS_MAX_HEXES];
    } march[2];
    int inf[GS_MAX_HEXES]; /* INF everywhere: a field before its search */
    int zero[GS_MAX_HEXES]; /* 0 everywhere: the enemy's hexes' starting costs */
} MapMemo;

static MapMemo memo;

static void memo_for(const GameData *gd, int cells)
{
    if (memo.gd == gd && memo.serial == gd->serial)
        return;
    const Map *m = &gd->map;
    memo.gd = gd;
    memo.serial = gd->serial;
    memo.weather[0].known = memo.weather[1].known = false;
    memo.steps = NULL;
    for (int h = 0; h < GS_MAX_HEXES; h++)
        memo.inf[h] = INF;
    for (size_t i = 0; i < sizeof major_places / sizeof *major_places; i++)
        memo.major[i] = data_place_index(gd, major_places[i]);
    for (int h = 0; h < cells; h++)
        memo.cube[h] = hex_cube(map_hex_at(m, h));
    int k = 0;
    for (int f = 0; f < GS_MAX_FORMATIONS; f++) {
        memo.form_first[f] = (short)k;
        for (int u = 0; u < gd->nunits && u < GS_MAX_UNITS; u++)
            if (gd->units[u].formation == f)
                memo.form_unit[k++] = (short)u;
    }
    memo.form_first[GS_MAX_FORMATIONS] = (short)k;
    for (int h = 0; h < cells; h++)
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord n = hex_neighbour(map_hex_at(m, h), d);
            memo.nb[h][d] = (short)(map_has(m, n) ? map_hex_index(m, n) : -1);
            memo.fight[h][d] = hexside_can_fight(gd, map_hex_at(m, h), d); /* contact.c's answer, for the bot */
        }
    for (int h = 0; h < cells; h++) {
        memo.way_out[0][h] = memo.way_out[1][h] = 0;
        for (int d = 0; d < DIR_COUNT; d++) {
            int y = memo.nb[h][d];
            const Hexside *hs = &m->hexes[h].side[d];
            if (y < 0 || gd->terrain[m->hexes[y].terrain].move == COST_NO || (hs->kind >= 0 && !(hs->flags & SIDE_BRIDGE)))
                continue;
            memo.way_out[0][h] |= (unsigned char)(1u << d);
            if (m->hexes[y].bank == BANK_SOUTH)
                memo.way_out[1][h] |= (unsigned char)(1u << d);
        }
    }
}

/* The step costs for this movement context (its rain, south-only limit
 * and play area; no enemy, no pontoons). */
static void memo_steps(const MoveContext *mc, int cells)
{
    struct Steps *t = &memo.weather[mc->rain ? 1 : 0];
    memo.steps = t;
    if (t->known && t->rain == mc->rain && t->south == mc->south_only &&
        memcmp(&t->nw, &mc->area_nw, sizeof t->nw) == 0 && memcmp(&t->se, &mc->area_se, sizeof t->se) == 0)
        return;
    t->known = true;
    t->gen = ++memo.steps_made;
    t->max_step = 1;
    t->rain = mc->rain;
    t->south = mc->south_only;
    t->nw = mc->area_nw;
    t->se = mc->area_se;
    /* the six steps into each hex at once (move_step_cost's answers for
     * them, from the movement's own table) */
    MoveTableRef ref = {0};
    for (int x = 0; x < cells; x++) {
        int cost[DIR_COUNT];
        move_enter_costs_kept(mc, &ref, x, (1u << DIR_COUNT) - 1, cost);
        for (int d = 0; d < DIR_COUNT; d++) {
            int y = memo.nb[x][d], step = y < 0 ? COST_NO : cost[d];
            if (step != COST_NO && step > t->max_step)
                t->max_step = step;
            t->in_nb[x][d] = (short)(step == COST_NO ? -1 : y);
            t->in_cost[x][d] = (short)(step == COST_NO ? 0 : step > 0 ? step : 1);
            t->bfs_nb[x][d] = (short)(step == COST_NO ? x : y);
        }
    }
}

static bool fight_across(const Ctx *c, int hex, int dir)
{
    (void)c;
    return memo.fight[hex][dir];
}

/* The neighbour of hex in dir as a map index, -1 off the map. */
static int neighbour(const Ctx *c, int hex, int dir)
{
    (void)c;
    return memo.nb[hex][dir];
}

static bool is_real(const Ctx *c, int u)
{
    int t = c->gd->units[u].type;
    return t != UT_SKIRMISHER && t != UT_DUMMY;
}

static bool shaky(const Ctx *c, int u) { return (c->g->st.unit[u].flags & (UF_DIS | UF_DEM)) != 0; }

static int max_steps(const Ctx *c, int u)
{
    const UnitDef *ud = &c->gd->units[u];
    if (ud->counter >= 0)
        return c->gd->counters[ud->counter].nvalues;
    return ud->reduced > 0 ? 2 : 1;
}

/* A unit's part in the sums: where it stands (a map index, -1 off the
 * map) and whether it is able to attack now. */
static int unit_hex(const Ctx *c, const UnitState *us)
{
    return us->where == AT_MAP && us->hex >= 0 && us->hex < c->cells ? us->hex : -1;
}

static bool able_now(const UnitState *us)
{
    return (us->flags & UF_ACTIVE) && !(us->flags & (UF_FOUGHT | UF_DIS | UF_DEM));
}
/* the flags able_now reads: the only ones of a unit's in the sums */
#define SUM_FLAGS (UF_ACTIVE | UF_FOUGHT | UF_DIS | UF_DEM)

/* Notes hex h's enemy points and our points able to attack before this
 * update first changes them. */
static void sums_note(Ctx *c, int h)
{
    if (c->chg[h])
        return;
    c->chg[h] = true;
    c->chg_list[c->nchg++] = (short)h;
    c->old_en_pts[h] = c->en_pts[h];
    c->old_act[h] = c->act_pts[h];
    c->was_en[h] = c->en_n[h] > 0;
    c->was_occ[h] = c->en_n[h] > 0 || c->own_n[h] > 0;
}

/* free_ways[][h] counted afresh. */
static void free_ways_of(Ctx *c, int h)
{
    for (int s = 0; s < 2; s++) {
        int k = 0;
        for (unsigned ways = memo.way_out[s][h]; ways; ways &= ways - 1) {
            int y = memo.nb[h][__builtin_ctz(ways)];
            k += c->en_n[y] == 0 && c->own_n[y] == 0;
        }
        c->free_ways[s][h] = (unsigned char)k;
    }
}

/* Unit u's part taken out of the sums (sign -1) or put in (+1), as it
 * stands in us with pts points. */
static void sums_unit(Ctx *c, int u, const UnitState *us, int pts, int sign)
{
    int h = unit_hex(c, us);
    if (h < 0)
        return;
    sums_note(c, h);
    if (c->gd->units[u].side == c->side) {
        c->own_pts[h] += sign * pts;
        c->own_n[h] += sign;
        if (able_now(us))
            c->act_pts[h] += sign * pts;
    } else {
        c->en_pts[h] += sign * pts;
        c->en_n[h] += sign;
    }
}

/* Our points able to attack enemy hex e, across hexsides that allow
 * combat. */
static int adj_act_of(const Ctx *c, int e)
{
    int sum = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int nb = neighbour(c, e, d);
        if (nb >= 0 && fight_across(c, e, d))
            sum += c->act_pts[nb];
    }
    return sum;
}

/* The per-unit points and the per-hex sums (own_pts to adj_act) for the
 * state: all of them summed again when the data set, the side or the
 * number of units changed since the last decision (or nothing is kept),
 * else brought up to date for the units whose place, steps or flags
 * changed. The threat of an enemy hex on its neighbours is its points,
 * and our points able to attack an enemy hex are those of its
 * neighbours: both move by what the changed hexes gained or lost. */
static void sums_update(Ctx *c, const Game *g)
{
    const GameState *st = &g->st;
    int nunits = st->nunits < GS_MAX_UNITS ? st->nunits : GS_MAX_UNITS;
    bool all = !c->kept || c->kept_gd != c->gd || c->kept_serial != c->gd->serial || c->kept_side != c->side ||
               c->kept_nunits != nunits;
    if (all) {
        size_t hexes = sizeof c->own_pts;
        memset(c->own_pts, 0, hexes);
        memset(c->own_n, 0, hexes);
        memset(c->en_pts, 0, hexes);
        memset(c->en_n, 0, hexes);
        memset(c->threat, 0, hexes);
        memset(c->act_pts, 0, hexes);
        memset(c->adj_act, 0, hexes);
        memset(c->en_bits, 0, sizeof c->en_bits);
        c->kept = true;
        c->en_listed = false;
        c->kept_gd = c->gd;
        c->kept_serial = c->gd->serial;
        c->kept_side = c->side;
        c->kept_nunits = nunits;
    }
    c->nchg = 0;
    /* the units in blocks: most blocks have not changed at all */
    enum { BLOCK = 16, BIG = 4 * BLOCK };
    for (int u0 = 0; u0 < nunits; u0 += BLOCK) {
        if (!all && u0 % BIG == 0 && u0 + BIG <= nunits &&
            memcmp(&st->unit[u0], &c->kept_unit[u0], BIG * sizeof *st->unit) == 0) {
            u0 += BIG - BLOCK; /* four blocks unchanged at once */
            continue;
        }
        int k = nunits - u0 < BLOCK ? nunits - u0 : BLOCK;
        size_t size = (size_t)k * sizeof *st->unit;
        if (!all && memcmp(&st->unit[u0], &c->kept_unit[u0], size) == 0)
            continue;
        for (int u = u0; u < u0 + k; u++) {
            const UnitState *us = &st->unit[u], *was = &c->kept_unit[u];
            /* hex, where, steps and flags: the first bytes, no padding */
            _Static_assert(offsetof(UnitState, where) == 2 && offsetof(UnitState, steps) == 3 &&
                               offsetof(UnitState, flags) == 4 && offsetof(UnitState, exited_from) == 6,
                           "UnitState's sum fields first");
            if (!all && memcmp(us, was, offsetof(UnitState, exited_from)) == 0)
                continue;
            if (!all && us->hex == was->hex && us->where == was->where && us->steps == was->steps &&
                ((us->flags ^ was->flags) & SUM_FLAGS) == 0)
                continue; /* only flags the sums do not read (its points go by where and steps) */
            if (!all)
                sums_unit(c, u, was, c->pts[u], -1);
            c->pts[u] = game_unit_points(g, u);
            sums_unit(c, u, us, c->pts[u], +1);
        }
        memcpy(&c->kept_unit[u0], &st->unit[u0], size);
    }
    /* the threat on the neighbours of the changed hexes */
    for (int i = 0; i < c->nchg; i++) {
        int x = c->chg_list[i], delta = c->en_pts[x] - c->old_en_pts[x];
        if (delta == 0)
            continue;
        for (int d = 0; d < DIR_COUNT; d++) {
            int nb = neighbour(c, x, d);
            if (nb >= 0 && fight_across(c, nb, hex_dir_opposite(d)))
                c->threat[nb] += delta;
        }
    }
    /* our points able to attack: summed afresh for the hexes the enemy
     * came into (0 for those he left), moved by the change of their
     * neighbours for those he stays in */
    for (int i = 0; i < c->nchg; i++) {
        int x = c->chg_list[i];
        bool en = c->en_n[x] > 0;
        if (en == c->was_en[x])
            continue;
        c->adj_act[x] = en ? adj_act_of(c, x) : 0;
        c->en_listed = false;
        if (en)
            c->en_bits[x / 64] |= UINT64_C(1) << (x % 64);
        else
            c->en_bits[x / 64] &= ~(UINT64_C(1) << (x % 64));
    }
    for (int i = 0; i < c->nchg; i++) {
        int x = c->chg_list[i], delta = c->act_pts[x] - c->old_act[x];
        if (delta == 0)
            continue;
        for (int d = 0; d < DIR_COUNT; d++) {
            int e = neighbour(c, x, d);
            if (e >= 0 && c->en_n[e] > 0 && !(c->chg[e] && !c->was_en[e]) && fight_across(c, e, hex_dir_opposite(d)))
                c->adj_act[e] += delta;
        }
    }
    /* the ways out into the hexes that were emptied or filled */
    if (all)
        for (int h = 0; h < c->cells; h++)
            free_ways_of(c, h);
    else
        for (int i = 0; i < c->nchg; i++) {
            int x = c->chg_list[i];
            bool occ = c->en_n[x] > 0 || c->own_n[x] > 0;
            if (occ == c->was_occ[x])
                continue;
            for (int d = 0; d < DIR_COUNT; d++) {
                int h = neighbour(c, x, d);
                unsigned bit = 1u << hex_dir_opposite(d); /* from h, x is there */
                if (h < 0)
                    continue;
                for (int s = 0; s < 2; s++)
                    if (memo.way_out[s][h] & bit)
                        c->free_ways[s][h] = (unsigned char)(c->free_ways[s][h] + (occ ? -1 : 1));
            }
        }
    for (int i = 0; i < c->nchg; i++)
        c->chg[c->chg_list[i]] = false;
}

/* Raise key_w[h] to w (at least), listing h in key_hex the first time. */
static void key_raise(Ctx *c, int h, int w)
{
    if (c->key_w[h] >= w)
        return;
    if (c->key_w[h] <= 0)
        c->key_hex[c->nkey++] = (short)h;
    c->key_w[h] = w;
}

/* Whether the bot's units stay south of the river (AI-PLAYER-SOUTH): the
 * Confederates while the Automa plays. */
static bool south_only_of(const GameState *st, int side)
{
    return AUTOMA(*st).on && side == SIDE_CONFEDERATE;
}

/* key_w, when the data set, the side, whether the Automa plays or its
 * objectives changed since it was last worked out: the places the
 * booklet scores, the Automa's objectives, and every other named place
 * the bot's units may stand on. */
static void keys_update(Ctx *c, const GameState *st)
{
    bool on = AUTOMA(*st).on;
    if (c->kw_kept && c->kw_gd == c->gd && c->kw_serial == c->gd->serial && c->kw_side == c->side &&
        c->kw_on == on && memcmp(c->kw_obj, AUTOMA(*st).obj_area, sizeof c->kw_obj) == 0)
        return;
    c->kw_kept = true;
    c->kw_gd = c->gd;
    c->kw_serial = c->gd->serial;
    c->kw_side = c->side;
    c->kw_on = on;
    memcpy(c->kw_obj, AUTOMA(*st).obj_area, sizeof c->kw_obj);
    memset(c->key_w, 0, sizeof c->key_w);
    c->nkey = 0;
    bool south_only = c->south_only;
    for (int p = 0; p < c->m->nplaces; p++) {
        HexCoord hc = c->m->places[p].hex;
        if (!map_has(c->m, hc))
            continue;
        int h = map_hex_index(c->m, hc);
        if (south_only && c->m->hexes[h].bank != BANK_SOUTH)
            continue;
        key_raise(c, h, W_KEY_PLACE);
    }
    for (size_t i = 0; i < sizeof major_places / sizeof *major_places; i++) {
        int p = memo.major[i];
        if (p >= 0 && map_has(c->m, c->m->places[p].hex))
            key_raise(c, map_hex_index(c->m, c->m->places[p].hex), W_KEY_MAJOR);
    }
    if (on)
        for (int f = 0; f < c->gd->automa.nformations && f < AUTOMA_MAX_FORMATIONS; f++) {
            int a = AUTOMA(*st).obj_area[f];
            if (a < 0 || a >= c->gd->nareas || !map_has(c->m, c->gd->areas[a].objective))
                continue;
            int h = map_hex_index(c->m, c->gd->areas[a].objective);
            if (south_only && c->m->hexes[h].bank != BANK_SOUTH)
                continue;
            key_raise(c, h, W_KEY_OBJ);
        }
    /* key_hex by ascending hex, as the fields list their sources */
    for (int i = 1; i < c->nkey; i++) {
        short h = c->key_hex[i];
        int j = i;
        for (; j > 0 && c->key_hex[j - 1] > h; j--)
            c->key_hex[j] = c->key_hex[j - 1];
        c->key_hex[j] = h;
    }
}

static void ctx_init(Ctx *c, const Game *g)
{
    const GameState *st = &g->st;
    c->g = g;
    c->gd = g->gd;
    c->m = &g->gd->map;
    c->cells = c->m->cols * c->m->rows;
    if (c->cells > GS_MAX_HEXES)
        c->cells = GS_MAX_HEXES;
    memo_for(g->gd, c->cells);
    c->side = st->to_move;
    c->south_only = south_only_of(st, c->side);
    c->max_units = c->gd->stacking.max_units;
    c->max_points = c->gd->stacking.max_points;
    c->fields = c->keys = false;
    c->chit_known = false;
    c->form_known = false;
    c->origin_n = -1;
    c->hist = false;
    memset(c->good_attacker, 0, sizeof c->good_attacker);
    sums_update(c, g);
    keys_update(c, st);
}

/* What a field adds from hex x to its neighbour in direction d (into *y):
 * the half MP of moving from *y into x (the field measures towards its
 * sources), at least 1, or 1 a hex (!by_cost); -1 off the map or where
 * that step may not be made. */
static int field_step(int x, int d, bool by_cost, int *y)
{
    *y = memo.steps->in_nb[x][d];
    if (*y < 0)
        return -1;
    return by_cost ? memo.steps->in_cost[x][d] : 1;
}

/* relax_from when every step costs 1 and every source starts at the same
 * cost: a breadth-first search, each hex reached once, the first time
 * being the nearest; none farther than `far` (they stay INF). Layer by
 * layer: the sources, then the hexes one farther, and so on. When rim is
 * given, the hexes at `far` (reached, not yet stepped from) go there
 * (field_of goes on from them); their count is returned. */
static int relax_bfs(Ctx *c, int *dist, const short *src, int nsrc, int far, short *rim)
{
    if (nsrc <= 0)
        return 0;
    int head = 0, tail = 0, nd = dist[src[0]] + 1;
    for (int i = 0; i < nsrc; i++)
        c->queue[tail++] = src[i];
    for (; head < tail && nd <= far; nd++) {
        for (int end = tail; head < end; head++) {
            /* the six directions written out: this is the bot's busiest
             * loop; where there is no step, x itself, reached already */
            const short *in = memo.steps->bfs_nb[c->queue[head]];
#define BFS_STEP(d)                                                                                               \
    do {                                                                                                          \
        int y = in[d];                                                                                            \
        if (dist[y] == INF) {                                                                                     \
            dist[y] = nd;                                                                                         \
            c->queue[tail++] = y;                                                                                 \
        }                                                                                                         \
    } while (0)
            _Static_assert(DIR_COUNT == 6, "six directions");
            BFS_STEP(0);
            BFS_STEP(1);
            BFS_STEP(2);
            BFS_STEP(3);
            BFS_STEP(4);
            BFS_STEP(5);
#undef BFS_STEP
        }
    }
    /* queue[head, tail): the last layer reached, at nd - 1 */
    if (!rim || nd - 1 != far)
        return 0;
    for (int k = head; k < tail; k++)
        rim[k - head] = (short)c->queue[k];
    return tail - head;
}

/* A label-correcting search from the sources src[] (the costs are small
 * and the map is small): dist[] holds the starting costs; each step costs
 * the half MP of moving into the hex nearer the sources (by_cost), or 1,
 * as the step costs are for this position (field_of works them out
 * first). */
static void relax_fifo(Ctx *c, int *dist, const short *src, int nsrc, bool by_cost)
{
    int head = 0, count = 0;
    memset(c->inq, 0, sizeof c->inq);
    for (int i = 0; i < nsrc; i++) {
        c->queue[(head + count++) % c->cells] = src[i];
        c->inq[src[i]] = true;
    }
    while (count > 0) {
        int x = c->queue[head];
        head = (head + 1) % c->cells;
        count--;
        c->inq[x] = false;
        for (int d = 0; d < DIR_COUNT; d++) {
            int y, step = field_step(x, d, by_cost, &y);
            if (step < 0)
                continue;
            int nd = dist[x] + step;
            if (nd < dist[y]) {
                dist[y] = nd;
                if (!c->inq[y]) {
                    c->queue[(head + count++) % c->cells] = y;
                    c->inq[y] = true;
                }
            }
        }
    }
}

/* The hexes of dist below INF, into c->all_src; how many. */
static int every_source(Ctx *c, const int *dist)
{
    int n = 0;
    for (int h = 0; h < c->cells; h++)
        if (dist[h] < INF)
            c->all_src[n++] = (short)h;
    return n;
}

/* The field from the nsrc sources src[], dist[] holding their starting
 * costs and INF elsewhere (or, by cost, the distances of hexes the search
 * only has to better, as field_update leaves them: a hex ends at the least
 * of its distance and the sources' ways to it); each step costs the half MP of
 * moving into the hex nearer the sources (by_cost), or 1. By Dial's
 * buckets: every step costs at least 1 and at most DIAL_BUCKETS - 1 less
 * the spread of the starting costs, so the hexes waiting are always within
 * one turn of the ring, and each hex is settled once instead of being put
 * right again and again. The distances are the shortest ones either way,
 * so the two give the same field. Hexes are settled in order of cost and
 * the search may stop past `far`: a hex farther than that is then left at
 * some cost above it. */
#define DIAL_BUCKETS 256
static void relax_from(Ctx *c, int *dist, const short *src, int nsrc, bool by_cost, int far)
{
    int lo = INF, hi = 0;
    for (int i = 0; i < nsrc; i++) {
        int h = src[i];
        lo = dist[h] < lo ? dist[h] : lo;
        hi = dist[h] > hi ? dist[h] : hi;
    }
    if (lo == INF)
        return;
    if (!by_cost && lo == hi) {
        relax_bfs(c, dist, src, nsrc, far, NULL);
        return;
    }
    int max_step = by_cost ? memo.steps->max_step : 1;
    if (hi - lo + max_step >= DIAL_BUCKETS) {
        relax_fifo(c, dist, src, nsrc, by_cost);
        return;
    }
    /* entries: a hex and the next entry in its bucket; a hex is entered
     * again each time its cost improves (at most once per step into it) */
    int *next = c->dial_next, *ent_node = c->dial_node, head[DIAL_BUCKETS];
    int cap = (int)(sizeof c->dial_next / sizeof *c->dial_next), nent = 0, waiting = 0;
    for (int b = 0; b < DIAL_BUCKETS; b++)
        head[b] = -1;
    for (int i = 0; i < nsrc; i++) {
        int h = src[i];
        ent_node[nent] = h;
        next[nent] = head[dist[h] % DIAL_BUCKETS];
        head[dist[h] % DIAL_BUCKETS] = nent++;
        waiting++;
    }
    for (int cur = lo; waiting > 0 && cur <= far; cur++) {
        int b = cur % DIAL_BUCKETS;
        while (head[b] >= 0) {
            int e = head[b];
            head[b] = next[e];
            waiting--;
            int x = ent_node[e];
            if (dist[x] != cur)
                continue; /* improved since it was entered */
            for (int d = 0; d < DIR_COUNT; d++) {
                int y, step = field_step(x, d, by_cost, &y);
                if (step < 0)
                    continue;
                int nd = cur + step;
                if (nd < dist[y]) {
                    if (nent == cap) { /* cannot happen (a hex is entered at most 7 times); be safe */
                        relax_fifo(c, dist, c->all_src, every_source(c, dist), by_cost);
                        return;
                    }
                    dist[y] = nd;
                    ent_node[nent] = y;
                    next[nent] = head[nd % DIAL_BUCKETS];
                    head[nd % DIAL_BUCKETS] = nent++;
                    waiting++;
                }
            }
        }
    }
}

/* Whether relax_from searches from sources at these starting costs
 * breadth-first (relax_bfs), as it decides. */
static bool relax_is_bfs(const int *cost, int nsrc, bool by_cost)
{
    if (by_cost)
        return false;
    for (int i = 1; i < nsrc; i++)
        if (cost[i] != cost[0])
            return false;
    return nsrc > 0 && cost[0] < INF;
}

/* relax_from, the sources being the hexes of dist below INF. */
static void relax_all(Ctx *c, int *dist, bool by_cost, int far)
{
    relax_from(c, dist, c->all_src, every_source(c, dist), by_cost, far);
}

#define HEAP_KEY 4096L /* more than the hexes */
#define HEAP_MAX (GS_MAX_HEXES * (DIR_COUNT + 1))

static void heap_push(long *heap, int *n, int cost, int hex)
{
    long v = (long)cost * HEAP_KEY + hex;
    int i = (*n)++;
    while (i > 0 && heap[(i - 1) / 2] > v) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = v;
}

static long heap_pop(long *heap, int *n)
{
    long top = heap[0], last = heap[--(*n)];
    int i = 0;
    for (;;) {
        int k = 2 * i + 1;
        if (k >= *n)
            break;
        if (k + 1 < *n && heap[k + 1] < heap[k])
            k++;
        if (heap[k] >= last)
            break;
        heap[i] = heap[k];
        i = k;
    }
    heap[i] = last;
    return top;
}

/* f's field, exact up to f->far (INF: all of it), brought from its
 * sources to the n sources hex[] at costs cost[] (both lists by ascending
 * hex): the hexes whose distance may have come from a source now gone (or
 * dearer) are set to INF, then a search from the hexes round them and from
 * the sources added (or cheaper) settles them and whatever the new sources
 * bring nearer (relax_from, the other hexes keeping their distances). The
 * distances are the shortest ones (none past f->far), so the field is the
 * one a search afresh gives. False, the field unchanged, when that would
 * not pay (many sources changed) or it cannot (a field stopped short by
 * cost): the caller then searches afresh. */
#define UPDATE_MAX 16 /* sources changed: more than this, search afresh */
static bool field_update(Ctx *c, struct FieldMemo *f, const short *hex, const int *cost, int n, bool by_cost)
{
    if (!by_cost || f->far < INF)
        return false; /* a breadth-first search that stops short costs less than this (the distance to the
                         enemy); one by cost stopped short leaves "some cost above far" past it: not one field */
    int far = f->far, *dist = f->dist, changed = 0, nr = 0;
    for (int i = 0, j = 0; i < f->nseed || j < n;) {
        int ho = i < f->nseed ? f->seed_hex[i] : INF, hn = j < n ? hex[j] : INF;
        changed += ho != hn || cost[j] != f->seed_cost[i];
        i += ho <= hn;
        j += hn <= ho;
    }
    if (changed > UPDATE_MAX)
        return false;
    /* the sources gone or dearer that the field took its distance from ... */
    int *region = c->queue;
    bool *in = c->inq; /* all false between searches */
    for (int i = 0, j = 0; i < f->nseed || j < n;) {
        int ho = i < f->nseed ? f->seed_hex[i] : INF, hn = j < n ? hex[j] : INF;
        if (ho < hn || (ho == hn && cost[j] > f->seed_cost[i]))
            if (dist[ho] == f->seed_cost[i] && !in[ho]) {
                in[ho] = true;
                region[nr++] = ho;
            }
        i += ho <= hn;
        j += hn <= ho;
    }
    /* ... and the hexes a shortest way from them reaches */
    for (int k = 0; k < nr; k++) {
        int x = region[k];
        for (int d = 0; d < DIR_COUNT; d++) {
            int y, step = field_step(x, d, by_cost, &y);
            if (step >= 0 && !in[y] && dist[y] < INF && dist[y] == dist[x] + step) {
                in[y] = true;
                region[nr++] = y;
            }
        }
    }
    for (int k = 0; k < nr; k++)
        dist[region[k]] = INF;
    /* the search starts from the hexes round them, and the new sources
     * (each once: marked in `in` while listed) */
    short *seed = c->all_src;
    int ns = 0;
    for (int k = 0; k < nr; k++) {
        int x = region[k];
        for (int d = 0; d < DIR_COUNT; d++) {
            int z = memo.nb[x][d];
            if (z >= 0 && !in[z] && dist[z] < INF) {
                in[z] = true;
                seed[ns++] = (short)z;
            }
        }
    }
    for (int k = 0; k < nr; k++)
        in[region[k]] = false;
    for (int j = 0; j < n; j++)
        if (cost[j] < dist[hex[j]] && cost[j] <= far) {
            dist[hex[j]] = cost[j];
            if (!in[hex[j]]) {
                in[hex[j]] = true;
                seed[ns++] = hex[j];
            }
        }
    for (int k = 0; k < ns; k++)
        in[seed[k]] = false;
    relax_from(c, dist, seed, ns, by_cost, far);
    return true;
}

/* The movement context of the fields' steps: the position's rain, south-
 * only limit and play area; no enemy, no pontoons. */
static void field_context(const Ctx *c, MoveContext *mc)
{
    const GameState *st = &c->g->st;
    const ScenarioDef *sc = &c->gd->scenarios[st->scenario];
    *mc = (MoveContext){.gd = c->gd, .rain = st->rain, .south_only = c->south_only};
    mc->area_nw = sc->area_nw;
    mc->area_se = sc->area_se;
}

/* The field from the n sources hex[] at their starting costs cost[]
 * (every other hex starts at INF): relax_all's, or the same field as last
 * time when it starts from the same sources over the same steps (the
 * enemy has not moved since, say) and was searched at least as far. The
 * sources listed in the same order are the same starting costs (the
 * callers list them by ascending hex). */
static const int *field_of(Ctx *c, const short *hex, const int *cost, int n, bool by_cost, int far,
                           struct FieldMemo *f)
{
    MoveContext mc;
    field_context(c, &mc);
    memo_steps(&mc, c->cells);
    bool kept = f->known && f->by_cost == by_cost && f->gen == memo.steps->gen;
    if (kept && f->nseed == n && memcmp(f->seed_hex, hex, (size_t)n * sizeof *hex) == 0 &&
        memcmp(f->seed_cost, cost, (size_t)n * sizeof *cost) == 0) {
        if (f->far >= far)
            return f->dist;
        if (f->bfs) {
            /* the same sources asked farther: a breadth-first search stops
             * with the hexes at f->far settled and not yet stepped from, the
             * farther ones INF; it goes on from them as it would have */
            f->nrim = relax_bfs(c, f->dist, f->rim, f->nrim, far, f->rim);
            f->far = far;
            return f->dist;
        }
    }
    kept = kept && f->far >= far;
    if (!kept || !field_update(c, f, hex, cost, n, by_cost)) {
        memcpy(f->dist, memo.inf, (size_t)c->cells * sizeof *f->dist);
        for (int i = 0; i < n; i++)
            f->dist[hex[i]] = cost[i];
        f->far = far;
        f->bfs = relax_is_bfs(cost, n, by_cost);
        if (f->bfs) /* as relax_from would, keeping the hexes at far */
            f->nrim = relax_bfs(c, f->dist, hex, n, far, f->rim);
        else
            relax_from(c, f->dist, hex, n, by_cost, far);
    } else
        f->bfs = false; /* by cost */
    f->nseed = n;
    memcpy(f->seed_hex, hex, (size_t)n * sizeof *hex);
    memcpy(f->seed_cost, cost, (size_t)n * sizeof *cost);
    f->known = true;
    f->by_cost = by_cost;
    f->gen = memo.steps->gen;
    return f->dist;
}

/* ---- the historical plan (BOT_HISTORICAL) ------------------------------ */

/* Lee's plan at Chancellorsville: a garrison (Early's division, and
 * whoever stands on the garrison places) holds Fredericksburg, Marye's
 * Heights and the heights south of town; the rest of the army marches west
 * against the Union's right, the westernmost Union stacks south of the
 * river, and falls on them from the west. */
static const char *const garrison_places[] = {"fredericksburg", "maryes-heights", "hamiltons-crossing"};
static const char *const garrison_formation = "early";
/* Where the march goes while no Union stack of the right is south of the river. */
static const char *const march_places[] = {"chancellorsville", "dowdalls-tavern", "wilderness-church",
                                           "wilderness-tavern"};
/* The Union right is what stands west of halfway between these two. */
static const char *const wing_places[2] = {"chancellorsville", "fredericksburg"};

enum Role { ROLE_SIMPLE, ROLE_STRIKE, ROLE_GARRISON };

static int col_of(const Ctx *c, int h) { return map_hex_at(c->m, h).col; }

static int place_hex(const Ctx *c, const char *id)
{
    int p = data_place_index(c->gd, id);
    return p >= 0 && map_has(c->m, c->m->places[p].hex) ? map_hex_index(c->m, c->m->places[p].hex) : -1;
}

static bool near_home(const Ctx *c, int h)
{
    for (int i = 0; i < c->ngp; i++)
        if (hex_distance(map_hex_at(c->m, h), map_hex_at(c->m, c->gp[i])) <= H_HOME_NEAR)
            return true;
    return false;
}

static int role_of(const Ctx *c, int u)
{
    if (!c->hist)
        return ROLE_SIMPLE;
    int f = c->gd->units[u].formation, h = c->g->st.unit[u].hex;
    if (f >= 0 && f == c->gfm)
        return ROLE_GARRISON;
    if (f < 0 && h >= 0 && h < c->cells && near_home(c, h))
        return ROLE_GARRISON;
    return ROLE_STRIKE;
}

/* After ctx_init: the garrison, its places, and the Union right. */
static void hist_init(Ctx *c)
{
    const GameState *st = &c->g->st;
    size_t hexes = (size_t)c->cells * sizeof(int);
    c->hist = true;
    c->goal_ok = c->home_ok = false;
    c->gfm = data_formation_index(c->gd, garrison_formation);
    c->ngp = 0;
    memset(c->is_gp, 0, sizeof c->is_gp);
    for (size_t i = 0; i < sizeof garrison_places / sizeof *garrison_places && c->ngp < 8; i++) {
        int h = place_hex(c, garrison_places[i]);
        if (h >= 0) {
            c->gp[c->ngp++] = h;
            c->is_gp[h] = true;
        }
    }
    memset(c->real_n, 0, hexes);
    memset(c->gar_n, 0, hexes);
    memset(c->own_adj, 0, hexes);
    memset(c->right, 0, sizeof c->right);
    for (int u = 0; u < st->nunits && u < GS_MAX_UNITS; u++) {
        const UnitState *us = &st->unit[u];
        if (us->where != AT_MAP || us->hex < 0 || us->hex >= c->cells || c->gd->units[u].side != c->side ||
            !is_real(c, u))
            continue;
        c->real_n[us->hex]++;
        if (role_of(c, u) == ROLE_GARRISON)
            c->gar_n[us->hex]++;
    }
    int a = place_hex(c, wing_places[0]), b = place_hex(c, wing_places[1]);
    int line = c->line = a >= 0 && b >= 0 ? (col_of(c, a) + col_of(c, b)) / 2 : INF;
    int west = INF;
    for (int h = 0; h < c->cells; h++) {
        if (!c->en_n[h])
            continue;
        for (int d = 0; d < DIR_COUNT; d++) {
            int nb = neighbour(c, h, d);
            if (nb >= 0 && fight_across(c, h, d))
                c->own_adj[h] += c->own_pts[nb];
        }
        if (c->en_pts[h] >= 2 && c->m->hexes[h].bank == BANK_SOUTH && col_of(c, h) <= line && col_of(c, h) < west)
            west = col_of(c, h);
    }
    c->nright = 0;
    for (int h = 0; h < c->cells; h++)
        if (c->en_n[h] && c->en_pts[h] >= 2 && c->m->hexes[h].bank == BANK_SOUTH && col_of(c, h) <= line &&
            col_of(c, h) <= west + H_FLANK_COLS) {
            c->right[h] = true;
            c->nright++;
        }
}

/* relax_all for the march: no way through the enemy, and each hex next to
 * him costs H_ZOC_COST more (the march goes round his front). The last
 * field of each kind is kept, as field_of keeps its own. */
static void relax_march(Ctx *c, int *dist, struct MarchMemo *f)
{
    size_t size = (size_t)c->cells * sizeof *dist;
    unsigned char *pass = c->pass;
    for (int h = 0; h < c->cells; h++)
        pass[h] = (unsigned char)(c->en_n[h] ? 2 : c->threat[h] > 0 ? 1 : 0);
    if (f->known && f->gen == memo.steps->gen && memcmp(f->seed, dist, size) == 0 &&
        memcmp(f->pass, pass, (size_t)c->cells) == 0) {
        memcpy(dist, f->dist, size);
        return;
    }
    memcpy(f->seed, dist, size);
    memcpy(f->pass, pass, (size_t)c->cells);
    /* Dijkstra over a binary heap of (cost, hex), stale entries skipped. */
    long *heap = c->heap;
    int nheap = 0;
    for (int h = 0; h < c->cells; h++)
        if (dist[h] < INF)
            heap_push(heap, &nheap, dist[h], h);
    while (nheap > 0) {
        long top = heap_pop(heap, &nheap);
        int x = (int)(top % HEAP_KEY), dx = (int)(top / HEAP_KEY);
        if (dx != dist[x])
            continue;
        for (int d = 0; d < DIR_COUNT; d++) {
            int y, step = field_step(x, d, true, &y); /* from y into x */
            if (step < 0 || pass[y] == 2)
                continue;
            int nd = dx + step + (pass[y] == 1 ? H_ZOC_COST : 0);
            if (nd < dist[y] && nheap < HEAP_MAX) {
                dist[y] = nd;
                heap_push(heap, &nheap, nd, y);
            }
        }
    }
    memcpy(f->dist, dist, size);
    f->known = true;
    f->gen = memo.steps->gen;
}

/* The historical fields, after the simple ones (the step costs are known),
 * each worked out when first asked for. */
static void goal_field(Ctx *c)
{
    if (c->goal_ok)
        return;
    c->goal_ok = true;
    memcpy(c->goal_cost, memo.inf, (size_t)c->cells * sizeof *c->goal_cost);
    if (c->nright > 0) {
        /* the hexes west of the Union right's stacks, and at a cost those
         * north and south of them */
        for (int e = 0; e < c->cells; e++) {
            if (!c->right[e])
                continue;
            for (int d = 0; d < DIR_COUNT; d++) {
                int nb = neighbour(c, e, d);
                if (nb < 0 || c->en_n[nb] || c->m->hexes[nb].bank != BANK_SOUTH ||
                    !fight_across(c, nb, hex_dir_opposite(d)))
                    continue;
                int cost = col_of(c, nb) < col_of(c, e) ? 0 : col_of(c, nb) == col_of(c, e) ? H_SIDE_COST : INF;
                if (cost < c->goal_cost[nb])
                    c->goal_cost[nb] = cost;
            }
        }
    } else {
        for (size_t i = 0; i < sizeof march_places / sizeof *march_places; i++) {
            int h = place_hex(c, march_places[i]);
            if (h >= 0 && c->real_n[h] == 0 && !c->en_n[h])
                c->goal_cost[h] = 0;
        }
    }
    relax_march(c, c->goal_cost, &memo.march[0]);
}

static void home_field(Ctx *c)
{
    if (c->home_ok)
        return;
    c->home_ok = true;
    memcpy(c->home_cost, memo.inf, (size_t)c->cells * sizeof *c->home_cost);
    for (int i = 0; i < c->ngp; i++)
        if (!c->en_n[c->gp[i]])
            c->home_cost[c->gp[i]] = c->gar_n[c->gp[i]] > 0 ? H_HELD_OFFSET : 0;
    for (int h = 0; h < c->cells; h++) /* the works on the heights are the garrison's too */
        if (c->m->hexes[h].fort_faces != 0 && c->m->hexes[h].bank == BANK_SOUTH && !c->en_n[h] &&
            c->home_cost[h] > H_HELD_OFFSET)
            c->home_cost[h] = H_HELD_OFFSET;
    relax_march(c, c->home_cost, &memo.march[1]);
}

/* The distance to the enemy, exact up to `far` hexes, and with `keys`
 * the cost to the key places, each worked out once a decision (the
 * distance again when asked farther). */
static void ctx_fields_find(Ctx *c, int far, bool keys);
static inline void ctx_fields(Ctx *c, int far, bool keys)
{
    if (c->fields && c->en_far >= far && (!keys || c->keys || c->hist))
        return; /* asked once a candidate: mostly known already */
    ctx_fields_find(c, far, keys);
}

static void ctx_fields_find(Ctx *c, int far, bool keys)
{
    if (!c->fields || c->en_far < far) { /* from the enemy's hexes */
        c->fields = true;
        c->en_far = far;
        if (!c->en_listed) {
            c->en_listed = true;
            c->nen = 0;
            for (int w = 0; w < GS_MAX_HEXES / 64; w++)
                for (uint64_t bits = c->en_bits[w]; bits; bits &= bits - 1)
                    c->en_hex[c->nen++] = (short)(w * 64 + __builtin_ctzll(bits));
        }
        c->en_dist = field_of(c, c->en_hex, memo.zero, c->nen, false, far, &memo.field[0]);
        c->en_far = memo.field[0].far; /* exact as far as it was searched (at least far) */
    }
    if (keys && !c->keys && !c->hist) { /* the historical level's marches have their own fields */
        c->keys = true; /* from the key places we do not stand on */
        int n = 0;
        for (int i = 0; i < c->nkey; i++) {
            int h = c->key_hex[i];
            if (c->own_n[h] == 0) {
                c->src_hex[n] = (short)h;
                c->src_cost[n++] = W_KEY_MAJOR - c->key_w[h];
            }
        }
        c->key_cost = field_of(c, c->src_hex, c->src_cost, n, true, INF, &memo.field[1]);
    }
}

/* The farthest a move's value (hex_value, move_gain_to) and the historical
 * choice read the distance to the enemy: the approach asks only whether a
 * hex is nearer than APPROACH_RANGE, and how much (a hex farther than the
 * field is exact is INF, not nearer either). */
#define MOVE_RANGE (APPROACH_RANGE - 1)
_Static_assert(GARRISON_RANGE <= MOVE_RANGE && TRAP_RANGE <= MOVE_RANGE && H_HOLD_RANGE <= MOVE_RANGE,
               "the move fields reach every range read");
/* form_sums searches on from the move fields, a layer at a time */
_Static_assert(MOVE_RANGE <= CHOOSE_RANGE, "the formations' search starts within its range");

/* ---- moves ------------------------------------------------------------- */

/* How many hexes a stack of `units` units in hex could retreat into, 2
 * when 2 or more (all hex_value asks): a neighbour free of the enemy,
 * passable, on our bank, across no river or stream but by a bridge, with
 * room for it (AI-RETREAT, roughly). */
static inline int escapes(const Ctx *c, int hex, int units, int points)
{
    int k = 0, max_units = c->max_units - units, max_points = c->max_points - points;
    /* two ways out into empty hexes are two escapes for a stack within the limits */
    if (c->free_ways[c->south_only][hex] >= 2 && max_units >= 0 && max_points >= 0)
        return 2;
    for (unsigned ways = memo.way_out[c->south_only][hex]; ways; ways &= ways - 1) {
        int y = neighbour(c, hex, __builtin_ctz(ways));
        if (!c->en_n[y] && c->own_n[y] <= max_units && c->own_pts[y] <= max_points && ++k == 2)
            break;
    }
    return k;
}

/* What a hex is worth to a group of our units (n units, S points, Sa of
 * them able to attack) standing in it: `origin` when it is where they are
 * now (they already count in the hex's totals), else the hexes next to
 * where they are are marked in near_from (move_group). */
static inline __attribute__((always_inline)) long hex_value(const Ctx *c, int n, int S, int Sa, int h, bool origin,
                                                            bool unsteady, int role)
{
    long v = 0;
    int others = origin ? c->own_n[h] - n : c->own_n[h];
    int friends = origin ? c->own_pts[h] : c->own_pts[h] + S;
    /* historical: the march holds the places on the Union right's side, the
     * garrison those on the other */
    if (c->key_w[h] > 0 && others <= 0 &&
        (role == ROLE_SIMPLE || (role == ROLE_STRIKE) == (col_of(c, h) <= c->line)))
        v += (long)c->key_w[h] * W_HOLD;
    int kc;
    if (role == ROLE_SIMPLE)
        kc = c->key_cost[h] > KEY_COST_CAP ? KEY_COST_CAP : c->key_cost[h];
    else {
        int f = role == ROLE_STRIKE ? c->goal_cost[h] : c->home_cost[h];
        kc = (f > H_GOAL_CAP ? H_GOAL_CAP : f) * (role == ROLE_STRIKE ? W_MARCH : 1);
    }
    v -= (long)n * kc;
    if (c->key_w[h] > 0 && c->en_dist[h] <= GARRISON_RANGE) {
        int held = friends > c->max_points ? c->max_points : friends;
        v += (long)held * W_GARRISON * c->key_w[h] / W_KEY_MAJOR;
    }
    int E = c->threat[h];
    if (E > 0) {
        bool open = !c->gd->terrain[c->m->hexes[h].terrain].choose_targets;
        int strongest = 0;
        for (int d = 0; d < DIR_COUNT; d++) {
            int e = neighbour(c, h, d);
            if (e < 0 || !c->en_n[e] || !fight_across(c, h, d))
                continue;
            if (c->en_pts[e] > strongest)
                strongest = c->en_pts[e];
            /* already next to e where it stands? then it counts in adj_act */
            bool counted = origin || c->near_from[e] == c->from_stamp;
            int pot = c->adj_act[e] + (counted ? 0 : Sa);
            if (!unsteady && pot > 0 && pot >= c->en_pts[e])
                v += (long)n * W_ENGAGE;
            else if (open && !unsteady && c->en_pts[e] > 0)
                v -= (long)n * W_OBLIGED; /* it would have to attack at poor odds */
            if (role == ROLE_STRIKE && !unsteady) {
                if (c->right[e] && col_of(c, h) <= col_of(c, e))
                    v += (long)n * W_FLANK; /* on the Union right's flank */
                if (c->own_adj[e] - (counted ? S : 0) > 0)
                    v += (long)n * W_CONCENTRATE; /* with others on the same stack */
            }
        }
        if (E >= 2 * friends)
            v -= (long)(E - 2 * friends + 1) * W_DANGER * (unsteady ? 2 : 1);
        if (friends <= ALONE_POINTS && strongest >= ALONE_ENEMY)
            v -= W_ALONE;
        else if (role != ROLE_SIMPLE && 2 * friends < strongest)
            v -= W_WEAK;
    } else if (!unsteady && role != ROLE_GARRISON && c->en_dist[h] < APPROACH_RANGE) {
        v += (long)n * W_APPROACH * (APPROACH_RANGE - c->en_dist[h]);
    }
    /* A stack next to the enemy that cannot retreat is lost to a natural 6
     * (AI-SIX); near the enemy it may soon be next to him. */
    if (c->en_dist[h] <= TRAP_RANGE) {
        int k = escapes(c, h, others + n, friends);
        if (k < 2)
            v -= (long)n * (E > 0 ? W_TRAPPED : W_TRAPPED / 2) / (k + 1);
    }
    return v;
}

/* Historical: a stack goes where its marching units go; the garrison's
 * own go home. */
static int move_role(const Ctx *c, const Decision *d)
{
    int role = ROLE_SIMPLE;
    if (!c->hist)
        return role;
    for (int i = 0; i < d->nunits && role != ROLE_STRIKE; i++)
        if (d->units[i] >= 0 && d->units[i] < GS_MAX_UNITS && is_real(c, d->units[i]))
            role = role_of(c, d->units[i]);
    return role == ROLE_SIMPLE ? ROLE_STRIKE : role;
}

/* The group of move d (its units, where they stand, their points, what
 * that hex is worth to them), for move_gain_to: the same for every move
 * of the group. d->nunits > 0. */
static void move_group(Ctx *c, const Decision *d)
{
    const GameState *st = &c->g->st;
    c->origin_n = d->nunits;
    memcpy(c->origin_units, d->units, (size_t)d->nunits * sizeof *d->units);
    int from = st->unit[d->units[0]].hex;
    c->origin_stays = from < 0 || from >= c->cells;
    int S = 0, Sa = 0, real = 0;
    bool unsteady = false;
    for (int i = 0; i < d->nunits && !c->origin_stays; i++) {
        int u = d->units[i];
        c->origin_stays = (c->good_attacker[u / 64] >> (u % 64)) & 1; /* it has a good attack where it stands */
        S += c->pts[u];
        if (!shaky(c, u))
            Sa += c->pts[u];
        unsteady |= shaky(c, u) && is_real(c, u);
        real += is_real(c, u);
    }
    /* Historical: the last unit on a garrison place stays while the enemy is near. */
    if (!c->origin_stays && c->hist && c->is_gp[from] && real > 0 && c->real_n[from] - real <= 0 &&
        c->en_dist[from] <= H_HOLD_RANGE)
        c->origin_stays = true;
    c->origin_S = S;
    c->origin_Sa = Sa;
    c->origin_unsteady = unsteady;
    c->origin_role = move_role(c, d);
    if (c->origin_stays)
        return;
    /* the hexes next to it (hex_value's `counted`) */
    if (++c->from_stamp == 0) {
        memset(c->near_from, 0, sizeof c->near_from);
        c->from_stamp = 1;
    }
    for (int k = 0; k < DIR_COUNT; k++)
        if (memo.nb[from][k] >= 0)
            c->near_from[memo.nb[from][k]] = c->from_stamp;
    c->origin_value = hex_value(c, d->nunits, S, Sa, from, true, unsteady, c->origin_role);
}

/* The room the group move_group last saw (n units) leaves in a hex for
 * others: the units and points a hex may hold besides it. */
typedef struct {
    int units, points;
} Room;
static inline Room move_room(const Ctx *c, int n) { return (Room){c->max_units - n, c->max_points - c->origin_S}; }

/* The gain of a move of that group (n units, `room` its move_room; unsteady
 * and role are its c->origin_unsteady and c->origin_role) to hex `to`, or
 * a very low score when the bot will not make it. */
static inline __attribute__((always_inline)) long move_gain_to(const Ctx *c, int n, Room room, int to, bool unsteady,
                                                               int role)
{
    if (to < 0 || to >= c->cells) /* (a group that stays: score_run scores its moves without asking) */
        return -INNER_MAX;
    if (c->own_n[to] > room.units || c->own_pts[to] > room.points)
        return -INNER_MAX; /* it would be over-stacked */
    return hex_value(c, n, c->origin_S, c->origin_Sa, to, false, unsteady, role) - c->origin_value;
}

/* Whether d moves the group move_group last saw. */
static inline bool same_group(const Ctx *c, const Decision *d)
{
    if (c->origin_n != d->nunits || c->origin_units[0] != d->units[0])
        return false; /* the first unit tells most groups apart */
    for (int i = 1; i < d->nunits; i++)
        if (c->origin_units[i] != d->units[i])
            return false;
    return true;
}

/* ---- combat ------------------------------------------------------------ */

/* How little a unit's loss costs: higher is a better unit to lose. */
static long loss_pref(const Ctx *c, int u)
{
    const UnitDef *ud = &c->gd->units[u];
    if (!is_real(c, u))
        return 900;
    if (c->g->st.unit[u].steps >= 2)
        return 500 - c->pts[u]; /* reduced, not lost */
    long v = 100 - 10L * ud->strength; /* eliminated: the weakest */
    if (AUTOMA(c->g->st).on && ud->strength < c->gd->automa.track.scoring_strength)
        v += 50; /* its loss does not move the VP track */
    return v;
}

/* The dice a side's ratio gives (COMBAT-DICE), before the extra dice. */
static int ratio_dice(int mine, int his) { return his > 0 && mine / his > 0 ? mine / his : 1; }

static long attack_score(const Ctx *c, const Decision *d, bool *good)
{
    const GameState *st = &c->g->st;
    int a = 0, df = 0;
    game_combat_dice(c->g, d->units, d->nunits, d->hexes, d->nhexes, true, &a, &df, NULL, 0); /* the dice, not why */
    int A = 0, D = 0, key = 0;
    for (int i = 0; i < d->nunits; i++)
        A += c->pts[d->units[i]];
    bool night = c->gd->turns[st->turn - 1].night, room = false, works = false, may_build = false;
    for (int i = 0; i < d->nhexes; i++) {
        int h = d->hexes[i];
        if (h < 0 || h >= c->cells)
            continue;
        D += c->en_pts[h];
        key += c->key_w[h];
        room |= c->en_n[h] + 1 <= c->gd->stacking.max_units && c->en_pts[h] + 1 <= c->gd->stacking.max_points;
        const MapHex *mh = &c->m->hexes[h];
        works |= st->breastwork[h] != 0 || mh->fort_faces != 0 || st->fort_marker[h] != 0;
        may_build |= st->breastwork[h] == 0 && c->gd->terrain[mh->terrain].breastworks && mh->fort_faces == 0 &&
                     !st->fort_marker[h];
    }
    /* What the defender may still add before the dice: a skirmisher (a
     * point more) and a breastwork (a die less for us). */
    if (!night && room && st->skirmishers[1 - c->side] > 0 && D > 0) {
        a += ratio_dice(A, D + 1) - ratio_dice(A, D);
        df += ratio_dice(D + 1, A) - ratio_dice(D, A);
        D++;
    }
    if (!night && !works && may_build)
        a -= c->gd->rules.breastwork_dice;
    if (a < c->gd->combat.min_dice)
        a = c->gd->combat.min_dice;
    *good = a >= df + (c->hist ? H_ODDS : 0) && a > 0;
    /* more dice than his first, then the better ratio, then the key places,
     * then as few attackers as will do */
    long ratio = D > 0 ? (10L * A) / D : 100;
    if (ratio > 100)
        ratio = 100;
    return (long)(a - df) * 100000 + ratio * 100 + key * 2 - d->nunits;
}

/* ---- the chit ---------------------------------------------------------- */

/* chit_of and chit_from hold a stack's index, below GS_MAX_UNITS (a
 * stack has at least one unit) */
_Static_assert(GS_MAX_UNITS <= UCHAR_MAX + 1, "a stack's index fits an unsigned char");

static int chit_radius(const Ctx *c)
{
    const Chit *ch = &c->g->st.drawn;
    if (ch->kind == CHIT_INDEPENDENT)
        return c->gd->rules.independent_radius;
    if (ch->kind == CHIT_HIGHER)
        return ch->index >= 0 && ch->index < c->gd->ncommanders ? c->gd->commanders[ch->index].command_radius : 0;
    if (ch->index < 0 || ch->index >= c->gd->nformations)
        return 0;
    int k = c->gd->formations[ch->index].commander;
    return k >= 0 ? c->gd->commanders[k].command_radius : 0;
}

/* Would the drawn chit activate unit u? */
static bool chit_unit(const Ctx *c, int u)
{
    const GameState *st = &c->g->st;
    const Chit *ch = &st->drawn;
    const UnitDef *ud = &c->gd->units[u];
    if (ud->side != c->side || st->unit[u].where != AT_MAP || !is_real(c, u))
        return false;
    if (ch->kind == CHIT_FORMATION)
        return ud->formation == ch->index;
    if (ch->kind == CHIT_HIGHER)
        return ud->formation >= 0 && ud->formation < GS_MAX_FORMATIONS && st->held_by[ud->formation] == ch->index;
    if (ch->kind == CHIT_INDEPENDENT)
        return !(st->unit[u].flags & UF_ACTIVATED);
    return false;
}

/* The chit's stacks ordered by their cube x (the order of the sums does
 * not change them), and chit_from for place_score. */
static void chit_order(Ctx *c)
{
    for (int i = 1; i < c->nchit; i++) {
        HexCube q = c->chit_cube[i];
        int n = c->chit_n[i], pts = c->chit_pts[i], j = i;
        for (; j > 0 && c->chit_cube[j - 1].x > q.x; j--) {
            c->chit_cube[j] = c->chit_cube[j - 1];
            c->chit_n[j] = c->chit_n[j - 1];
            c->chit_pts[j] = c->chit_pts[j - 1];
        }
        c->chit_cube[j] = q;
        c->chit_n[j] = n;
        c->chit_pts[j] = pts;
    }
    if (c->nchit == 0)
        return;
    c->chit_x0 = c->chit_cube[0].x;
    for (int i = 0, x = c->chit_x0; i < c->nchit; i++)
        for (; x <= c->chit_cube[i].x; x++)
            c->chit_from[x - c->chit_x0] = (unsigned char)i;
}

static long place_score(Ctx *c, int hex)
{
    const GameState *st = &c->g->st;
    if (!c->chit_known) {
        c->chit_known = true;
        c->chit_r = chit_radius(c);
        c->nchit = 0; /* a stack once, with its units and points */
        if (++c->chit_stamp == 0) {
            memset(c->chit_seen, 0, sizeof c->chit_seen);
            c->chit_stamp = 1;
        }
        /* a formation's chit activates only its units: those alone are asked */
        const Chit *ch = &st->drawn;
        bool one = ch->kind == CHIT_FORMATION && ch->index >= 0 && ch->index < GS_MAX_FORMATIONS;
        int i0 = one ? memo.form_first[ch->index] : 0, i1 = one ? memo.form_first[ch->index + 1] : st->nunits;
        for (int i = i0; i < i1 && i < GS_MAX_UNITS; i++) {
            int u = one ? memo.form_unit[i] : i;
            if (u < st->nunits && chit_unit(c, u)) {
                int at = st->unit[u].hex;
                if (at < 0 || at >= c->cells)
                    continue;
                int j = c->chit_of[at];
                if (c->chit_seen[at] != c->chit_stamp) {
                    c->chit_seen[at] = c->chit_stamp;
                    c->chit_of[at] = (unsigned char)(j = c->nchit);
                    c->chit_cube[c->nchit] = memo.cube[at];
                    c->chit_n[c->nchit] = c->chit_pts[c->nchit] = 0;
                    c->nchit++;
                }
                c->chit_n[j]++;
                c->chit_pts[j] += c->pts[u];
            }
        }
        chit_order(c);
    }
    HexCube hc = memo.cube[hex];
    long count = 0, near = 0;
    int r = c->chit_r;
    if (c->nchit == 0 || r < 0)
        return 0;
    /* a stack whose x differs by more than r is farther than r (the
     * distance is at least that difference): only those with an x from
     * hc.x - r to hc.x + r are measured */
    int lo = hc.x - r - c->chit_x0, last = c->chit_cube[c->nchit - 1].x - c->chit_x0;
    if (lo > last)
        return 0;
    for (int i = lo <= 0 ? 0 : c->chit_from[lo]; i < c->nchit && c->chit_cube[i].x <= hc.x + r; i++)
        if (hex_cube_distance(hc, c->chit_cube[i]) <= r) {
            count += c->chit_n[i];
            near += c->chit_pts[i];
        }
    return count * 1000 + near;
}

/* ---- choosing formations ----------------------------------------------- */

/* Every formation's units on the map and the least distance of one of
 * them to the enemy (INF: none within CHOOSE_RANGE), worked out once a
 * decision. The distance is searched only as far as that needs: a layer
 * at a time past MOVE_RANGE, until every formation on the map has a unit
 * reached (the first layer that reaches one of its units is its least
 * distance) or CHOOSE_RANGE is; with no enemy on the map, no farther than
 * MOVE_RANGE (every distance is INF). */
static void form_sums(Ctx *c)
{
    const GameState *st = &c->g->st;
    c->form_known = true;
    ctx_fields(c, MOVE_RANGE, false);
    for (int k = 0; k < GS_MAX_FORMATIONS; k++) {
        c->form_n[k] = 0;
        c->form_best[k] = INF;
    }
    int npend = 0; /* the units not reached yet: their hexes and formations */
    short *pend_hex = c->pend_hex, *pend_form = c->pend_form;
    for (int u = 0; u < st->nunits; u++) {
        int k = c->gd->units[u].formation;
        if (k < 0 || k >= GS_MAX_FORMATIONS || st->unit[u].where != AT_MAP || !is_real(c, u))
            continue;
        c->form_n[k]++;
        int h = st->unit[u].hex;
        if (h < 0 || h >= c->cells)
            continue;
        if (c->en_dist[h] < c->form_best[k])
            c->form_best[k] = c->en_dist[h];
        else if (c->en_dist[h] == INF) {
            pend_hex[npend] = (short)h;
            pend_form[npend++] = (short)k;
        }
    }
    for (;;) {
        /* the units still waiting, of the formations none of whose units
         * is reached yet */
        int m = 0;
        for (int i = 0; i < npend; i++) {
            int k = pend_form[i], h = pend_hex[i];
            if (c->form_best[k] < INF)
                continue;
            if (c->en_dist[h] < INF) {
                c->form_best[k] = c->en_dist[h];
                continue;
            }
            pend_hex[m] = (short)h;
            pend_form[m++] = (short)k;
        }
        npend = m;
        if (npend == 0 || c->nen == 0 || c->en_far >= CHOOSE_RANGE)
            break;
        ctx_fields(c, c->en_far + 1, false); /* field_of goes on from the layer it stopped at */
    }
}

static long choose_score(Ctx *c, int f, int *tier)
{
    if (!c->form_known)
        form_sums(c);
    int n = f >= 0 && f < GS_MAX_FORMATIONS ? c->form_n[f] : 0, best = n > 0 ? c->form_best[f] : INF;
    if (n == 0) {
        *tier = T_LOW;
        return 0;
    }
    *tier = T_GOOD;
    if (best > CHOOSE_RANGE)
        best = CHOOSE_RANGE;
    return 1000 - 10L * best + n;
}

/* Historical: the marching formations first, those with the farthest to
 * go or in contact with the enemy; the garrison when it has left one of its
 * places to others or to nobody while the enemy is near. */
static long choose_hist(Ctx *c, int f, int *tier)
{
    const GameState *st = &c->g->st;
    ctx_fields(c, MOVE_RANGE, false);
    goal_field(c);
    int n = 0;
    long need = 0;
    for (int u = 0; u < st->nunits; u++) {
        if (c->gd->units[u].formation != f || st->unit[u].where != AT_MAP || !is_real(c, u))
            continue;
        n++;
        int h = st->unit[u].hex;
        if (h < 0 || h >= c->cells)
            continue;
        int to_go = c->goal_cost[h] > H_NEED_CAP ? H_NEED_CAP : c->goal_cost[h];
        need += c->threat[h] > 0 ? H_NEED_CAP : to_go;
    }
    if (n == 0) {
        *tier = T_LOW;
        return 0;
    }
    if (f != c->gfm) {
        *tier = T_GOOD;
        return TIER_SCALE / 2 + need;
    }
    long call = 0;
    for (int i = 0; i < c->ngp; i++)
        if (c->gar_n[c->gp[i]] == 0 && !c->en_n[c->gp[i]] && c->en_dist[c->gp[i]] <= H_HOLD_RANGE)
            call += H_GARRISON_CALL;
    *tier = call > 0 ? T_GOOD : T_LOW;
    return TIER_SCALE / 2 + call;
}

/* ---- the decision ------------------------------------------------------ */

#define KIND(k) (UINT64_C(1) << (k))
/* The kinds the bot never takes unless nothing else is legal: each scores
 * 0 in T_NEVER (score, below), so it is chosen only when no other
 * decision scores above 0 (bot_decide lists them only then). */
static const uint64_t never_kinds =
    KIND(D_EXIT) | KIND(D_SKIRMISH) | KIND(D_HIGHER) | KIND(D_DETACH) | KIND(D_FORCED_MARCH) | KIND(D_DUMMY) |
    KIND(D_REMOVE_DUMMY) | KIND(D_BUILD) | KIND(D_TAKE_UP) | KIND(D_DESTROY) | KIND(D_CAPTURE) | KIND(D_EVENT) |
    KIND(D_DRAW_EVENT) | KIND(D_GOOD_GENERAL) | KIND(D_VP_TRACK) | KIND(D_LAST_VP);

/* The fields a move of d's group reads. */
static void move_fields(Ctx *c, const Decision *d)
{
    ctx_fields(c, MOVE_RANGE, true);
    if (c->hist) {
        if (move_role(c, d) == ROLE_GARRISON)
            home_field(c);
        else
            goal_field(c);
    }
}

static int move_tier(long gain) { return gain >= MOVE_MIN ? T_GOOD : gain > -INNER_MAX ? T_LOW : T_NEVER; }

static long score(Ctx *c, const Decision *legal, int nlegal, const Decision *d, int *tier)
{
    const GameState *st = &c->g->st;
    *tier = T_NEVER;
    if (never_kinds & KIND(d->kind))
        return 0;
    switch (d->kind) {
    case D_CHOOSE:
        return c->hist ? choose_hist(c, d->arg, tier) : choose_score(c, d->arg, tier);
    case D_DONE:
    case D_END:
    case D_PASS:
    case D_NO_ADVANCE:
    case D_STAY:
    case D_NO_EVENT:
    case D_NO_SKIRM:
    case D_NO_BREASTWORK:
    case D_BW_STEP:
    case D_VP_PLACE:
    case D_DEPLOY:
        *tier = T_DEFAULT;
        return 0;
    case D_ACTIVATE:
    case D_SYSTEM:
    case D_SKIRM_DEFEND:
    case D_ENTRENCH:
    case D_BREASTWORK:
    case D_BW_DIE:
    case D_SIX_CANCEL:
        *tier = T_GOOD;
        return 0;
    case D_SIX_RETREAT:
        *tier = T_ATTACK;
        return 0;
    case D_PLACE:
        *tier = T_GOOD;
        return d->arg >= 0 && d->arg < c->cells ? place_score(c, d->arg) : 0;
    case D_ATTACH:
        *tier = T_ATTACH;
        return d->arg >= 0 && d->arg < st->nunits ? c->pts[d->arg] : 0;
    case D_MOVE: /* a group's moves are scored by score_moves (choose_at): here only a move of no unit */
        *tier = move_tier(-INNER_MAX);
        return -INNER_MAX;
    case D_BOMBARD: {
        if (d->arg2 != TARGET_TROOPS || d->arg < 0 || d->arg >= c->cells)
            return 0;
        *tier = T_BOMBARD;
        return d->nunits * 100L + c->en_pts[d->arg];
    }
    case D_ATTACK: {
        bool good;
        long s = attack_score(c, d, &good);
        *tier = good ? T_ATTACK : T_LOW;
        return s;
    }
    case D_LOSE:
    case D_TAKE:
        *tier = T_GOOD;
        return loss_pref(c, d->arg);
    case D_RETREAT_INSTEAD:
    case D_TRADE: {
        /* rather than lose a unit for good */
        long best = -INNER_MAX;
        for (int i = 0; i < nlegal; i++)
            if (legal[i].kind == D_LOSE && loss_pref(c, legal[i].arg) > best)
                best = loss_pref(c, legal[i].arg);
        *tier = best < 500 ? T_GOOD : T_LOW;
        return 1000;
    }
    case D_RETREAT:
    case D_DISPLACE: {
        int h = d->kind == D_RETREAT ? d->arg : d->arg2;
        if (h < 0 || h >= c->cells)
            return 0;
        *tier = T_GOOD;
        long s = -10L * c->threat[h] + 3L * c->own_n[h] + c->key_w[h];
        if (d->kind == D_DISPLACE)
            s += 100000L * loss_pref(c, d->arg);
        return s;
    }
    case D_ELIMINATE:
        *tier = T_LOW;
        return loss_pref(c, d->arg);
    case D_ADVANCE: {
        if (d->nunits < 1 || d->arg < 0 || d->arg >= c->cells)
            return 0;
        int u = d->units[0];
        bool healthy = st->unit[u].steps >= max_steps(c, u) && !shaky(c, u);
        int h = d->arg;
        int E = c->threat[h], F = c->own_pts[h] + c->pts[u];
        *tier = healthy && (E < 2 * F || c->key_w[h] >= W_KEY_OBJ) ? T_GOOD : T_LOW;
        return (long)c->key_w[h] * 10 + c->pts[u] - E;
    }
    case D_BREAK: {
        if (d->nunits != 0 || d->arg < 0 || d->arg >= c->cells || st->bc_n <= 0)
            return 0;
        int x = st->bc_queue[0];
        if (x < 0 || x >= c->cells)
            return 0;
        int E = c->threat[x], F = c->own_pts[x];
        int factor = c->key_w[x] >= W_KEY_OBJ ? 3 : 2;
        *tier = E >= factor * F ? T_GOOD : T_LOW;
        return -10L * c->threat[d->arg] + 3L * c->own_n[d->arg] + c->key_w[d->arg];
    }
    case D_RECOVER:
        *tier = T_GOOD;
        return c->gd->units[d->arg].strength;
    case D_BONUS: {
        *tier = T_GOOD;
        long s = 0;
        for (int i = 0; i < d->nunits && i < DEC_MAX_UNITS; i++)
            s += d->units[i];
        return s;
    }
    case D_SIX_HIT:
        *tier = T_GOOD;
        return c->pts[d->arg];
    default:
        return 0;
    }
}

/* The bot's workspace, kept from one decision to the next: ctx_init
 * brings what it keeps (the sums, the key places) up to date. */
static Ctx ctx;

static long clamp_inner(long v) { return v > INNER_MAX ? INNER_MAX : v < -INNER_MAX ? -INNER_MAX : v; }

/* The best of some scores, how many have it, and the index of the first
 * that has it. */
typedef struct {
    long best;
    int nbest, first;
} Tally;

/* The scores of the moves of legal[0]'s group (legal[0].nunits > 0) that
 * come first in legal[0..n), into sc[], and their tally: score's, the
 * group worked out once. How many. */
/* score_moves' loop, for the group's unsteady and role. */
static inline __attribute__((always_inline)) int score_run(const Ctx *c, const Decision *legal, int n, long *sc,
                                                            bool unsteady, int role, Tally *t)
{
    int k = 0, nunits = legal[0].nunits;
    if (c->origin_stays) { /* move_gain_to's -INNER_MAX for each, in T_NEVER */
        do
            sc[k++] = -INNER_MAX;
        while (k < n && legal[k].kind == D_MOVE && same_group(c, &legal[k]));
        *t = (Tally){-INNER_MAX, k, 0};
        return k;
    }
    Room room = move_room(c, nunits);
    long best = -INNER_MAX - 1; /* below any score */
    int nbest = 0, first = 0;
    do {
        long gain = move_gain_to(c, nunits, room, legal[k].arg, unsteady, role);
        long s = move_tier(gain) * TIER_SCALE + clamp_inner(gain);
        sc[k] = s;
        if (s > best) {
            best = s;
            nbest = 1;
            first = k;
        } else if (s == best)
            nbest++;
        k++;
    } while (k < n && legal[k].kind == D_MOVE && same_group(c, &legal[k]));
    *t = (Tally){best, nbest, first};
    return k;
}

static int score_moves(Ctx *c, const Decision *legal, int n, long *sc, Tally *t)
{
    const Decision *d = &legal[0];
    move_fields(c, d);
    if (!same_group(c, d))
        move_group(c, d);
    /* the group's own (c->origin_unsteady, c->origin_role), the common
     * case as constants */
    if (!c->origin_unsteady && c->origin_role == ROLE_SIMPLE)
        return score_run(c, legal, n, sc, false, ROLE_SIMPLE, t);
    return score_run(c, legal, n, sc, c->origin_unsteady, c->origin_role, t);
}

/* Attack d's score into *sc; its units, when the odds are good, stay
 * where they are (good_attacker). */
static void attack_first(Ctx *c, const Decision *d, long *sc)
{
    bool good;
    long inner = clamp_inner(attack_score(c, d, &good));
    *sc = (good ? T_ATTACK : T_LOW) * TIER_SCALE + inner;
    for (int k = 0; good && k < d->nunits; k++)
        if (d->units[k] >= 0 && d->units[k] < GS_MAX_UNITS)
            c->good_attacker[d->units[k] / 64] |= UINT64_C(1) << (d->units[k] % 64);
}

/* the scores of choose_at: kept from one call to the next, grown when a
 * list is longer */
static long *scores;
static int sc_cap;

/* The index of the bot's choice among the n decisions in legal, -1 when
 * n <= 0. With `above` (legal holds only some of the decisions open), -1
 * too when none of them scores above 0, the score of never_kinds: one of
 * those might then win or tie, and the rng is not drawn. */
static int choose_at(const Game *g, int level, const Decision *legal, int n, Rng *rng, bool above)
{
    if (n <= 0)
        return -1;
    if (n == 1 && !above)
        return 0;
    Ctx *c = &ctx;
    long *sc = scores;
    if (n > sc_cap) {
        long *more = realloc(scores, (size_t)n * sizeof *scores);
        if (!more)
            return 0;
        sc = scores = more;
        sc_cap = n;
    }
    ctx_init(c, g);
    if (level == BOT_HISTORICAL)
        hist_init(c);
    /* The attacks first: units that can attack at good odds stay where
     * they are. The legal lists put the attacks before the moves: each is
     * scored as it comes; should one come after a group's moves, every
     * attack left is scored and the list scored again. */
    bool late = false; /* every attack scored */
    long best;
    int nbest, pick;
again:
    best = 0;
    nbest = 0;
    pick = 0;
    bool moves = false; /* a group's moves scored */
    for (int i = 0, scored; i < n; i = scored) {
        /* legal[i, scored): scored at once (a group's moves) or one */
        scored = i + 1;
        Tally t;
        if (legal[i].kind == D_MOVE && legal[i].nunits > 0) {
            scored = i + score_moves(c, legal + i, n - i, sc + i, &t);
            moves = true;
        } else {
            if (legal[i].kind == D_ATTACK && !late) {
                if (moves) { /* the attacks before it are scored: those from it on */
                    for (int j = i; j < n; j++)
                        if (legal[j].kind == D_ATTACK)
                            attack_first(c, &legal[j], &sc[j]);
                    late = true;
                    c->origin_n = -1; /* the groups' stays again */
                    goto again;
                }
                attack_first(c, &legal[i], &sc[i]);
            } else if (legal[i].kind != D_ATTACK) {
                int tier;
                long inner = clamp_inner(score(c, legal, n, &legal[i], &tier));
                sc[i] = tier * TIER_SCALE + inner;
            }
            t = (Tally){sc[i], 1, 0};
        }
        if (nbest == 0 || t.best > best) {
            best = t.best;
            nbest = t.nbest;
            pick = i + t.first;
        } else if (t.best == best)
            nbest += t.nbest;
    }
    if (above && best <= 0)
        return -1;
    if (nbest > 1) {
        uint32_t k = rng_below(rng, (uint32_t)nbest);
        for (int i = 0; i < n; i++)
            if (sc[i] == best && k-- == 0) {
                pick = i;
                break;
            }
    }
    return pick;
}

void bot_forget(void)
{
    ctx.kept = ctx.kw_kept = false;
    memo.weather[0].known = memo.weather[1].known = false;
    for (int i = 0; i < 2; i++)
        memo.field[i].known = memo.march[i].known = false;
}

/* The kept fields of c against fields searched afresh from f's sums (as
 * ctx_fields searched them before it kept them): the distance to the
 * enemy as far as it is exact (c->en_far), the cost to the key places
 * all of it. */
static bool fields_are_fresh(const Ctx *c, Ctx *f)
{
    int *dist = f->goal_cost; /* scratch */
    for (int h = 0; h < c->cells; h++)
        dist[h] = f->en_n[h] ? 0 : INF;
    relax_all(f, dist, false, c->en_far);
    for (int h = 0; h < c->cells; h++) {
        int far = c->en_far + 1;
        if ((dist[h] < far ? dist[h] : far) != (c->en_dist[h] < far ? c->en_dist[h] : far))
            return false;
    }
    if (!c->keys)
        return true;
    for (int h = 0; h < c->cells; h++)
        dist[h] = f->key_w[h] > 0 && f->own_n[h] == 0 ? W_KEY_MAJOR - f->key_w[h] : INF;
    relax_all(f, dist, true, INF);
    return memcmp(dist, c->key_cost, (size_t)c->cells * sizeof *dist) == 0;
}

/* choose_score's sums per formation (form_sums, which searches the
 * distance to the enemy only as far as they need) against those of the
 * whole field to CHOOSE_RANGE searched afresh from f's sums. */
static bool forms_are_fresh(const Ctx *c, Ctx *f)
{
    const GameState *st = &c->g->st;
    int *dist = f->home_cost; /* scratch */
    for (int h = 0; h < c->cells; h++)
        dist[h] = f->en_n[h] ? 0 : INF;
    relax_all(f, dist, false, CHOOSE_RANGE);
    int n[GS_MAX_FORMATIONS] = {0}, best[GS_MAX_FORMATIONS];
    for (int k = 0; k < GS_MAX_FORMATIONS; k++)
        best[k] = INF;
    for (int u = 0; u < st->nunits; u++) {
        int k = c->gd->units[u].formation;
        if (k < 0 || k >= GS_MAX_FORMATIONS || st->unit[u].where != AT_MAP || !is_real(c, u))
            continue;
        n[k]++;
        int h = st->unit[u].hex;
        if (h >= 0 && h < c->cells && dist[h] < best[k])
            best[k] = dist[h];
    }
    return c->form_known && memcmp(n, c->form_n, sizeof n) == 0 && memcmp(best, c->form_best, sizeof best) == 0;
}

/* The hexes a breadth-first field keeps to go on from (its rim) against
 * the hexes of the field at its `far`. */
static bool rims_are_fresh(const Ctx *c)
{
    for (int i = 0; i < 2; i++) {
        const struct FieldMemo *f = &memo.field[i];
        if (!f->known || !f->bfs)
            continue;
        int n = 0;
        for (int h = 0; h < c->cells; h++)
            n += f->dist[h] == f->far;
        if (n != f->nrim)
            return false;
        for (int k = 0; k < f->nrim; k++)
            if (f->rim[k] < 0 || f->rim[k] >= c->cells || f->dist[f->rim[k]] != f->far)
                return false;
    }
    return true;
}

/* The step table in use (memo.steps) against move_step_cost asked step
 * by step for the fields' context of c. */
static bool steps_are_fresh(const Ctx *c)
{
    MoveContext mc;
    field_context(c, &mc);
    const struct Steps *t = memo.steps;
    int max_step = 1;
    for (int x = 0; x < c->cells; x++)
        for (int d = 0; d < DIR_COUNT; d++) {
            bool road;
            int y = memo.nb[x][d];
            int step = y < 0 ? COST_NO : move_step_cost(&mc, map_hex_at(c->m, y), hex_dir_opposite(d), &road);
            if (step != COST_NO && step > max_step)
                max_step = step;
            if (t->in_nb[x][d] != (step == COST_NO ? -1 : y) || t->bfs_nb[x][d] != (step == COST_NO ? x : y) ||
                t->in_cost[x][d] != (step == COST_NO ? 0 : step > 0 ? step : 1))
                return false;
        }
    return t->max_step == max_step;
}

/* The map memo's cube coordinates and opposite directions against
 * hex_cube and hex_dir_opposite. */
static bool cubes_are_fresh(const Ctx *c)
{
    for (int h = 0; h < c->cells; h++) {
        HexCube q = hex_cube(map_hex_at(c->m, h));
        if (memo.cube[h].x != q.x || memo.cube[h].y != q.y || memo.cube[h].z != q.z)
            return false;
    }
    return true;
}

/* When the drawn chit is to be placed: place_score of every hex against
 * a scan of every unit the chit activates (f's points, the hexes' own
 * distance), and the chit's stacks ordered by cube x with chit_from the
 * first at each x. */
static bool place_is_fresh(Ctx *c, const Ctx *f)
{
    const GameState *st = &c->g->st;
    if (st->phase != PH_ACTIVATION || st->act_step != STEP_PLACE)
        return true;
    for (int h = 0; h < c->cells; h++) {
        long count = 0, near = 0;
        int r = chit_radius(c);
        HexCoord at = map_hex_at(c->m, h);
        for (int u = 0; u < st->nunits && u < GS_MAX_UNITS; u++) {
            int x = st->unit[u].hex;
            if (chit_unit(c, u) && x >= 0 && x < c->cells && hex_distance(at, map_hex_at(c->m, x)) <= r) {
                count++;
                near += f->pts[u];
            }
        }
        if (place_score(c, h) != count * 1000 + near)
            return false;
    }
    if (!c->chit_known)
        return false;
    for (int i = 0; i < c->nchit; i++) {
        if (c->chit_n[i] <= 0 || (i > 0 && c->chit_cube[i - 1].x > c->chit_cube[i].x))
            return false;
        for (int x = i > 0 ? c->chit_cube[i - 1].x + 1 : c->chit_x0; x <= c->chit_cube[i].x; x++)
            if (c->chit_from[x - c->chit_x0] != i)
                return false;
    }
    return c->nchit == 0 || c->chit_x0 == c->chit_cube[0].x;
}

/* The map memo's lists of each formation's units against the data set. */
static bool forms_listed(const GameData *gd)
{
    int k = 0;
    for (int f = 0; f < GS_MAX_FORMATIONS; f++) {
        if (memo.form_first[f] != k)
            return false;
        for (int u = 0; u < gd->nunits && u < GS_MAX_UNITS; u++)
            if (gd->units[u].formation == f && memo.form_unit[k++] != u)
                return false;
    }
    return memo.form_first[GS_MAX_FORMATIONS] == k;
}

/* The sums of a Ctx that keeps nothing (all zero), worked out the plain
 * way, over every unit and then round every enemy hex. */
static void sums_afresh(Ctx *f, const Game *g)
{
    const GameState *st = &g->st;
    f->g = g;
    f->gd = g->gd;
    f->m = &g->gd->map;
    f->cells = f->m->cols * f->m->rows < GS_MAX_HEXES ? f->m->cols * f->m->rows : GS_MAX_HEXES;
    f->side = st->to_move;
    f->south_only = south_only_of(st, f->side);
    for (int u = 0; u < st->nunits && u < GS_MAX_UNITS; u++) {
        f->pts[u] = game_unit_points(g, u);
        const UnitState *us = &st->unit[u];
        if (us->where != AT_MAP || us->hex < 0 || us->hex >= f->cells)
            continue;
        if (f->gd->units[u].side == f->side) {
            f->own_pts[us->hex] += f->pts[u];
            f->own_n[us->hex]++;
            if ((us->flags & UF_ACTIVE) && !(us->flags & (UF_FOUGHT | UF_DIS | UF_DEM)))
                f->act_pts[us->hex] += f->pts[u];
        } else {
            f->en_n[us->hex]++;
            f->en_pts[us->hex] += f->pts[u];
        }
    }
    for (int h = 0; h < f->cells; h++) /* one way out at a time */
        for (int s = 0; s < 2; s++) {
            f->free_ways[s][h] = 0;
            for (int d = 0; d < DIR_COUNT; d++) {
                int y = memo.nb[h][d];
                if ((memo.way_out[s][h] >> d & 1) && f->en_n[y] == 0 && f->own_n[y] == 0)
                    f->free_ways[s][h]++;
            }
        }
    for (int e = 0; e < f->cells; e++)
        for (int d = 0; f->en_n[e] && d < DIR_COUNT; d++) {
            int nb = neighbour(f, e, d);
            if (nb < 0)
                continue;
            if (fight_across(f, nb, hex_dir_opposite(d)))
                f->threat[nb] += f->en_pts[e];
            if (fight_across(f, e, d))
                f->adj_act[e] += f->act_pts[nb];
        }
    keys_update(f, st);
}

bool bot_kept_is_fresh(const Game *g, int level)
{
    Ctx *c = &ctx, *f = calloc(1, sizeof *f); /* f keeps nothing */
    if (!f)
        return false;
    ctx_init(c, g);
    sums_afresh(f, g);
    if (level == BOT_HISTORICAL) {
        hist_init(c);
        hist_init(f);
    }
    int nunits = g->st.nunits < GS_MAX_UNITS ? g->st.nunits : GS_MAX_UNITS;
    size_t hexes = (size_t)c->cells * sizeof(int);
    bool same = memcmp(c->pts, f->pts, (size_t)nunits * sizeof *c->pts) == 0 &&
                memcmp(c->own_pts, f->own_pts, hexes) == 0 && memcmp(c->own_n, f->own_n, hexes) == 0 &&
                memcmp(c->en_pts, f->en_pts, hexes) == 0 && memcmp(c->en_n, f->en_n, hexes) == 0 &&
                memcmp(c->threat, f->threat, hexes) == 0 && memcmp(c->act_pts, f->act_pts, hexes) == 0 &&
                memcmp(c->adj_act, f->adj_act, hexes) == 0 && memcmp(c->key_w, f->key_w, hexes) == 0 &&
                memcmp(c->free_ways[0], f->free_ways[0], (size_t)c->cells) == 0 &&
                memcmp(c->free_ways[1], f->free_ways[1], (size_t)c->cells) == 0 &&
                c->nkey == f->nkey && memcmp(c->key_hex, f->key_hex, (size_t)c->nkey * sizeof *c->key_hex) == 0;
    for (int h = 0; same && h < c->cells; h++)
        same = ((c->en_bits[h / 64] >> (h % 64)) & 1) == (f->en_n[h] > 0);
    same = same && forms_listed(g->gd) && cubes_are_fresh(c) && place_is_fresh(c, f);
    /* key_hex: the hexes of key_w above 0, by ascending hex */
    for (int h = 0, k = 0; same && h <= c->cells; h++)
        if (h == c->cells)
            same = k == c->nkey;
        else if (c->key_w[h] > 0)
            same = k < c->nkey && c->key_hex[k++] == h;
    /* the fields as the moves ask for them, then as the formations do */
    ctx_fields(c, MOVE_RANGE, true);
    same = same && steps_are_fresh(c) && fields_are_fresh(c, f) && rims_are_fresh(c);
    /* en_hex, the field's sources: the hexes of en_n above 0, by ascending hex */
    for (int h = 0, k = 0; same && h <= c->cells; h++)
        if (h == c->cells)
            same = c->en_listed && k == c->nen;
        else if (f->en_n[h] > 0)
            same = k < c->nen && c->en_hex[k++] == h;
    form_sums(c); /* as the formations ask for them: the distance searched as far as they need */
    same = same && forms_are_fresh(c, f) && fields_are_fresh(c, f) && rims_are_fresh(c);
    ctx_fields(c, CHOOSE_RANGE, true);
    same = same && fields_are_fresh(c, f) && rims_are_fresh(c);
    free(f);
    return same;
}

int bot_choose(const Game *g, const Decision *legal, int n, Rng *rng)
{
    return choose_at(g, BOT_SIMPLE, legal, n, rng, false);
}

int bot_choose_scored(const Game *g, int level, const Decision *legal, int n, Rng *rng, long *sc)
{
    int pick = choose_at(g, level, legal, n, rng, false);
    if (n > 1 && pick >= 0)
        memcpy(sc, scores, (size_t)n * sizeof *sc);
    return pick;
}

static const struct {
    const char *name, *what;
} levels[] = {
#define X(id, name, what) {name, what},
    BOT_LEVELS(X)
#undef X
};

const char *bot_level_name(int level) { return level >= 0 && level < BOT_LEVEL_COUNT ? levels[level].name : "?"; }
const char *bot_level_what(int level) { return level >= 0 && level < BOT_LEVEL_COUNT ? levels[level].what : "?"; }

int bot_level_find(const char *name)
{
    for (int i = 0; i < BOT_LEVEL_COUNT; i++)
        if (strcmp(levels[i].name, name) == 0)
            return i;
    return -1;
}

int bot_decide(const Game *g, int level, Decision *buf, int max, Rng *rng, int *listed)
{
    const GameState *st = &g->st;
    int k = 0, pick;
    uint64_t want = ~never_kinds;
    /* T_ATTACH is the top tier: any attach scores above every other
     * decision, so when one is legal the others need not be listed. */
    if (st->pending == PEND_NONE && st->phase == PH_ACTIVATION && st->activated) {
        k = game_legal_kinds(g, KIND(D_ATTACH), buf, max);
        want &= ~KIND(D_ATTACH); /* none, if it goes on */
    }
    if (k > 0) {
        *listed = k;
        return choose_at(g, level, buf, k < max ? k : max, rng, false);
    }
    /* What the bot scores, in game_legal's order; never_kinds only when
     * nothing of it scores above them. */
    k = game_legal_kinds(g, want, buf, max);
    pick = choose_at(g, level, buf, k < max ? k : max, rng, true);
    if (pick < 0) {
        k = game_legal(g, buf, max);
        pick = k > 0 ? choose_at(g, level, buf, k < max ? k : max, rng, false) : -1;
    }
    *listed = k;
    return pick;
}
