/* How the Automa's divisions move (AI-MOVE, AI-PROXIMITY,
 * AI-NOT-PROXIMITY, AI-PROXIMITY-MOVE, AI-TRANSFER, AI-ADJACENT, AI-NIGHT,
 * AI-ISOLATED, AI-RECOVERY).
 *
 * "Use common sense" is replaced by a fixed order of preference
 * (docs/rulings.md): routes are the cheapest in MP to the objective (the
 * movement rules' costs, so roads first); the lead unit is the division
 * cheapest from the objective; it stops on the cheapest-to-objective hex it
 * can reach (ties: fewer MP spent, then the lower hex id), or earlier where
 * its route first touches the enemy or enters the objective; the others
 * follow behind it along its route. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa_internal.h"

#define FAR 0x7f7f7f7f /* no way; every byte 0x7f, so that memset writes it */

/* The movement question for the Automa's divisions (movement.c): its
 * pontoons, the rivers and fords in this turn's weather, Confederate hexes
 * never entered, the play area. */
static void union_passage(const Game *g, Passage *p, bool no_contact)
{
    passage_init(g, SIDE_UNION, NULL, 0, PASS_AUTOMA, p);
    p->ctx.no_contact = no_contact;
}

/* Half MP from hexes to the nearest of a set of goals by the cheapest
 * route (enemy hexes are never entered; FAR where none can be reached):
 * Dijkstra's search outward from the goals. The costs are small whole
 * numbers, so the queue is one list of hexes per cost (a bucket queue); the
 * costs found do not depend on the order hexes of one cost come out.
 *
 * The search goes only as far as it is asked (goal_cost_at,
 * goal_cost_within): hexes come out in order of cost, so a hex's cost is
 * final once the search has reached it, and a march that looks at hexes
 * near its column does not pay for the whole map. It answers for the state
 * it was started on: the context is copied and the pontoons with it, but
 * its enemy and contact maps are the state's own (the Confederates'
 * occupants and near, to which the caller's Passage points), not copies:
 * a GoalCost is valid only while no Confederate unit moves (every march,
 * transfer and close-in that uses one moves only Union units). */
typedef struct {
    MoveContext ctx;
    MoveContext into_goal; /* for the steps into a goal: it may hold the enemy (a target to reach next to) */
    MoveTableRef ref, into_goal_ref; /* the step tables answering for ctx and into_goal */
    unsigned char pontoon[GS_MAX_HEXES];
    const Map *map;
    int *d;         /* the cheapest cost found so far; final once at most `at` */
    int *next;      /* per queue entry: the next entry of its cost, -1 none */
    int *entry_hex; /* per queue entry: its hex */
    int nentries, maxentries;
    int *first; /* per cost: its first queue entry, -1 none */
    int ncosts;
    int at;     /* the cost being settled: no hex can still come out cheaper */
    int queued;
    int *settled; /* the hexes settled so far, in the order they came out (of cost), nsettled of them */
    int nsettled;
    bool spare; /* its buffers are goal_cost_spare's */
    bool lost;  /* a cost written and not queued (out of memory): d cannot be put back entry by entry */
} GoalCost;

/* The buffers of the last search, kept for the next instead of freed: d is
 * kept all FAR between searches (a search puts back the hexes it gave a
 * cost as it ends, a few hundred, instead of the next one clearing the
 * whole map). For searches of up to SPARE_GOALS goals on a map of n hexes;
 * one search at a time uses them. What is still here at exit is
 * reachable, not leaked. */
#define SPARE_GOALS 64
typedef struct {
    int n;
    bool busy;
    int *d, *next, *entry_hex, *first, *settled;
    int ncosts;
} GoalCostSpare;
static GoalCostSpare goal_cost_spare;

static inline void goal_cost_push(GoalCost *s, int hex, int cost)
{
    if (cost >= s->ncosts) {
        int n = s->ncosts;
        while (n <= cost)
            n *= 2;
        int *p = realloc(s->first, (size_t)n * sizeof *p);
        if (!p) {
            s->lost = true;
            return; /* out of memory: the hex is left out of the queue, its cost maybe too high */
        }
        for (int i = s->ncosts; i < n; i++)
            p[i] = -1;
        s->first = p;
        s->ncosts = n;
    }
    if (s->nentries == s->maxentries) {
        s->lost = true;
        return; /* cannot happen: each hex is settled once, six entries at most */
    }
    int e = s->nentries++;
    s->entry_hex[e] = hex;
    s->next[e] = s->first[cost];
    s->first[cost] = e;
    s->queued++;
}

static void goal_cost_free(GoalCost *s)
{
    if (s->spare) { /* back to the spare, d all FAR again */
        int n = goal_cost_spare.n;
        if (s->lost)
            memset(s->d, 0x7f, (size_t)n * sizeof *s->d);
        else
            for (int e = 0; e < s->nentries; e++)
                s->d[s->entry_hex[e]] = FAR;
        goal_cost_spare.first = s->first; /* maybe grown */
        goal_cost_spare.ncosts = s->ncosts;
        goal_cost_spare.busy = false;
        return;
    }
    free(s->d);
    free(s->next);
    free(s->entry_hex);
    free(s->first);
    free(s->settled);
}

bool automa_goal_cost_spare_clear(void)
{
    if (goal_cost_spare.busy)
        return false;
    for (int i = 0; goal_cost_spare.d && i < goal_cost_spare.n; i++)
        if (goal_cost_spare.d[i] != FAR)
            return false;
    return true;
}

/* The spare buffers for a search of ngoals goals on a map of n hexes, made
 * the first time; false when they do not fit or are in use. */
static bool goal_cost_take_spare(GoalCost *s, int n, int ngoals)
{
    if (goal_cost_spare.busy || ngoals > SPARE_GOALS)
        return false;
    if (goal_cost_spare.d && goal_cost_spare.n != n)
        return false;
    if (!goal_cost_spare.d) {
        int maxentries = SPARE_GOALS + DIR_COUNT * (n + SPARE_GOALS);
        int *d = malloc((size_t)n * sizeof *d), *next = malloc((size_t)maxentries * sizeof *next),
            *entry_hex = malloc((size_t)maxentries * sizeof *entry_hex), *first = malloc(64 * sizeof *first),
            *settled = malloc((size_t)(n + SPARE_GOALS) * sizeof *settled);
        if (!d || !next || !entry_hex || !first || !settled) {
            free(d);
            free(next);
            free(entry_hex);
            free(first);
            free(settled);
            return false;
        }
        memset(d, 0x7f, (size_t)n * sizeof *d); /* FAR */
        goal_cost_spare = (GoalCostSpare){n, false, d, next, entry_hex, first, settled, 64};
    }
    goal_cost_spare.busy = true;
    s->spare = true;
    s->d = goal_cost_spare.d;
    s->next = goal_cost_spare.next;
    s->entry_hex = goal_cost_spare.entry_hex;
    s->first = goal_cost_spare.first;
    s->ncosts = goal_cost_spare.ncosts;
    s->settled = goal_cost_spare.settled;
    s->maxentries = SPARE_GOALS + DIR_COUNT * (n + SPARE_GOALS);
    return true;
}

static bool goal_cost_init(GoalCost *s, const Game *g, const MoveContext *ctx, const short *goals, int ngoals)
{
    const Map *m = &g->gd->map;
    int n = m->cols * m->rows;
    s->ctx = *ctx;
    if (ctx->pontoon) {
        memcpy(s->pontoon, ctx->pontoon, (size_t)n);
        s->ctx.pontoon = s->pontoon;
    }
    s->into_goal = s->ctx;
    s->into_goal.enemy = NULL;
    s->ref = s->into_goal_ref = (MoveTableRef){0};
    s->map = m;
    s->nentries = 0;
    s->at = 0;
    s->queued = 0;
    s->nsettled = 0;
    s->lost = false;
    s->spare = false;
    if (!goal_cost_take_spare(s, n, ngoals)) {
        s->maxentries = ngoals + DIR_COUNT * (n + ngoals);
        s->ncosts = 64;
        s->d = malloc((size_t)n * sizeof *s->d);
        s->next = malloc((size_t)s->maxentries * sizeof *s->next);
        s->entry_hex = malloc((size_t)s->maxentries * sizeof *s->entry_hex);
        s->first = malloc((size_t)s->ncosts * sizeof *s->first);
        s->settled = malloc((size_t)(n + ngoals) * sizeof *s->settled);
        if (!s->d || !s->next || !s->entry_hex || !s->first || !s->settled) {
            goal_cost_free(s);
            return false;
        }
        memset(s->d, 0x7f, (size_t)n * sizeof *s->d); /* FAR */
    }
    for (int c = 0; c < s->ncosts; c++)
        s->first[c] = -1;
    for (int k = 0; k < ngoals; k++) {
        s->d[goals[k]] = 0;
        goal_cost_push(s, goals[k], 0);
    }
    return true;
}

/* Settles hexes, in the queue's order, until the cost of hex h or of hex
 * h2 is final (one < 0: never), the cost being settled is past `limit`, or
 * the queue is empty;
 * each hex taken out offers its neighbours the way through it. How far it
 * goes changes no cost: a hex's cost is final once it is at most `at`. What
 * the loop reads and writes is held in locals for it (the step costs are
 * asked of move.c, which could otherwise have changed any of s). */
static void goal_cost_settle(GoalCost *s, int h, int h2, int limit)
{
    const unsigned char *enemy = s->ctx.enemy;
    const MapHex *hexes = s->map->hexes;
    int *d = s->d, *next = s->next, *entry_hex = s->entry_hex, *settled = s->settled, *first = s->first;
    int at = s->at, queued = s->queued, nsettled = s->nsettled, nentries = s->nentries, ncosts = s->ncosts;
    const int maxentries = s->maxentries;
    while (queued > 0 && !(h >= 0 && d[h] <= at) && !(h2 >= 0 && d[h2] <= at) && at <= limit) {
        while (first[at] < 0)
            at++;
        int e = first[at];
        first[at] = next[e];
        queued--;
        int x = entry_hex[e];
        if (d[x] != at)
            continue; /* it came out cheaper by another way */
        settled[nsettled++] = x;
        /* the steps from the neighbours not in the enemy's hands and not as near already (no step costs
         * less than nothing) */
        const short *nb = hexes[x].nb;
        int dx = at;
        unsigned dirs = 0;
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            int fi = nb[dir];
            if (fi >= 0 && d[fi] > dx && !(enemy && enemy[fi]))
                dirs |= 1u << dir;
        }
        if (!dirs)
            continue; /* no neighbour it could bring nearer */
        int step[DIR_COUNT];
        if (dx == 0)
            move_enter_costs_kept(&s->into_goal, &s->into_goal_ref, x, dirs, step);
        else
            move_enter_costs_kept(&s->ctx, &s->ref, x, dirs, step);
        for (; dirs; dirs &= dirs - 1) {
            int dir = __builtin_ctz(dirs), fi = nb[dir];
            if (step[dir] == COST_NO || dx + step[dir] >= d[fi])
                continue;
            int cost = dx + step[dir];
            d[fi] = cost;
            /* into the queue (goal_cost_push, with the locals) */
            if (cost >= ncosts) {
                int n = ncosts;
                while (n <= cost)
                    n *= 2;
                int *p = realloc(first, (size_t)n * sizeof *p);
                if (!p) {
                    s->lost = true;
                    continue; /* out of memory: the hex is left out of the queue, its cost maybe too high */
                }
                for (int i = ncosts; i < n; i++)
                    p[i] = -1;
                first = p;
                ncosts = n;
            }
            if (nentries == maxentries) {
                s->lost = true;
                continue; /* cannot happen: each hex is settled once, six entries at most */
            }
            int ne = nentries++;
            entry_hex[ne] = fi;
            next[ne] = first[cost];
            first[cost] = ne;
            queued++;
        }
    }
    s->first = first;
    s->ncosts = ncosts;
    s->at = at;
    s->queued = queued;
    s->nsettled = nsettled;
    s->nentries = nentries;
}

/* The cost from hex h to the goals (FAR: no way), searching as far as
 * that needs. */
static int goal_cost_at(GoalCost *s, int h)
{
    goal_cost_settle(s, h, -1, INT_MAX);
    return s->d[h];
}

/* Whether hex h costs at most `limit`, searching no further than the
 * limit: past it, a hex not reached yet costs more. */
static bool goal_cost_within(GoalCost *s, int h, int limit)
{
    goal_cost_settle(s, h, -1, limit);
    return s->d[h] <= limit;
}

/* Whether hex a costs less than hex b, searching only until the cheaper of
 * them is final and no other hex could still cost as little: a costlier
 * hex's own cost is not needed. */
static bool goal_cost_less(GoalCost *s, int a, int b)
{
    goal_cost_settle(s, a, b, INT_MAX);
    if (s->d[a] > s->at)
        return false; /* b's cost is final first, or the queue is empty: a costs no less */
    return !goal_cost_within(s, b, s->d[a]);
}

bool automa_goal_cost_less_agrees(const Game *g, const short *goals, int ngoals, const short *hexes, int nhexes)
{
    Passage p;
    union_passage(g, &p, false);
    const Map *m = &g->gd->map;
    int n = m->cols * m->rows;
    int *full = malloc((size_t)n * sizeof *full);
    GoalCost gc;
    if (!full || !goal_cost_init(&gc, g, &p.ctx, goals, ngoals)) {
        free(full);
        return false;
    }
    goal_cost_settle(&gc, -1, -1, INT_MAX); /* the whole search: every cost final */
    memcpy(full, gc.d, (size_t)n * sizeof *full);
    goal_cost_free(&gc);
    bool ok = true;
    for (int i = 0; i < nhexes && ok; i++)
        for (int j = 0; j < nhexes && ok; j++) {
            int a = hexes[i], b = hexes[j];
            if (!goal_cost_init(&gc, g, &p.ctx, goals, ngoals)) {
                free(full);
                return false;
            }
            ok = goal_cost_less(&gc, a, b) == (full[a] < full[b]) && goal_cost_less(&gc, b, a) == (full[b] < full[a]) &&
                 goal_cost_within(&gc, a, full[b]) == (full[a] <= full[b]) && goal_cost_at(&gc, b) == full[b];
            goal_cost_free(&gc);
        }
    free(full);
    return ok;
}

static bool hex_free(const Game *g, int hex) { return g->st.hex_first[hex] == 0; }

static bool enterable(const Game *g, int hex)
{
    const GameData *gd = g->gd;
    MoveContext ctx = {.gd = gd};
    move_context_area(g, &ctx);
    return gd->terrain[gd->map.hexes[hex].terrain].move != COST_NO && move_in_area(&ctx, map_hex_at(&gd->map, hex));
}

/* Where a transfer may take a division from `from`: it ignores MP, "the
 * mere fact that one of the active units is in proximity allows all those
 * in the same formation to relocate", but not the ground: a way must lead
 * there under the movement rules, never over a great river without its
 * pontoon or open ford and never through the enemy, of at most transfer_mp
 * MP (a detour round the whole army is no way). Asked hex by hex, the
 * search going only as far as the hexes asked need (move_walk): a transfer
 * asks for a few hexes near the division, and a search over all of
 * transfer_mp found every one of them and hundreds more. */
typedef struct {
    MoveWalk w;
    bool ok;
} TransferWay;

static void transfer_way(const Game *g, const Passage *p, int from, TransferWay *t)
{
    t->ok = move_walk(&p->ctx, map_hex_at(&g->gd->map, from), g->gd->automa.rules.transfer_mp, &t->w);
}

static bool transfer_way_to(TransferWay *t, int hex) { return t->ok && move_walk_reaches(&t->w, hex); }

static void transfer_way_free(TransferWay *t)
{
    if (t->ok)
        move_walk_free(&t->w);
}

/* Next to a Confederate unit it could fight: the Automa engages, transfers
 * and stops its lead by this (contact.c; never across the great rivers). */
static bool next_to_enemy(const Game *g, int hex) { return fights_side(g, hex, SIDE_CONFEDERATE); }

static void place_unit(Game *g, int u, int hex)
{
    UnitState *us = &g->st.unit[u];
    AutomaState *a = &AUTOMA(g->st);
    int from = us->hex;
    bool contact = next_to_side(g, from, SIDE_CONFEDERATE);
    int f = data_automa_formation_of_unit(g->gd, u);
    if (f >= 0 && a->skirm[f] >= 0 && g->st.unit[a->skirm[f]].where == AT_MAP &&
        g->st.unit[a->skirm[f]].hex == us->hex)
        unit_put(g, a->skirm[f], AT_MAP, hex); /* the skirmisher stays on its division */
    unit_put(g, u, AT_MAP, hex);
    us->flags |= UF_MOVED;
    short one[1] = {(short)u};
    leave_hex(g, from, SIDE_UNION, one, 1, LEAVE_MOVE, contact); /* its breastwork left behind (BREASTWORK) */
}

/* A hex's place in closer's order from `from`: its distance, then its id
 * (col * 100 + row: a map has at most 99 columns and rows). */
static int closer_key(const Map *m, int from, int hex)
{
    HexCoord a = map_hex_at(m, hex);
    return hex_distance(map_hex_at(m, from), a) * 10000 + a.col * 100 + a.row;
}

/* Orders hexes by distance from `from`, then by hex id. */
static int closer(const Game *g, int from, int h1, int h2)
{
    int a = closer_key(&g->gd->map, from, h1), b = closer_key(&g->gd->map, from, h2);
    return a < b ? -1 : a > b;
}

static int by_strength_desc(const Game *g, const short *units, int n, short *out)
{
    memcpy(out, units, (size_t)n * sizeof *out);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            int pa = game_unit_points(g, out[j - 1]), pb = game_unit_points(g, out[j]);
            if (pa > pb || (pa == pb && out[j - 1] < out[j]))
                break;
            short t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* AI-TRANSFER: every unit not already next to the target goes into a free
 * hex from which it could fight it, strongest first (hexes next to the
 * target alone before those next to other enemies too, then the nearest,
 * then the lower hex id); the overflow, weakest last, goes next to a
 * division of the formation, next to the enemy when Aggressive and away
 * from it when Cautious. A transfer ignores MP but not the ground: a
 * division goes only where some way leads it under the movement rules
 * (never over the great rivers without a pontoon, never through the
 * enemy). A demoralized division never goes next to the enemy (K.4). */
static void transfer(Game *g, const short *units, int n, int target, char *logbuf, size_t logsize)
{
    const Map *m = &g->gd->map;
    AutomaState *a = &AUTOMA(g->st);
    short order[16];
    by_strength_desc(g, units, n, order);
    HexCoord tc = map_hex_at(m, target);
    size_t len = strlen(logbuf);
    bool words = log_wants_text(&g->log); /* logbuf goes into a log line */
    Passage p;
    union_passage(g, &p, false);
    for (int i = 0; i < n; i++) {
        int u = order[i];
        int from = g->st.unit[u].hex;
        bool dem = (g->st.unit[u].flags & UF_DEM) != 0;
        if (hexes_can_fight(g, from, target) || dem) {
            if (dem && words && len < logsize)
                len += (size_t)snprintf(logbuf + len, logsize - len, " %s stays (demoralized)", g->gd->units[u].id);
            continue;
        }
        TransferWay way;
        transfer_way(g, &p, from, &way);
        int best = -1, best_rank = INT_MAX;
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            HexCoord nb = hex_neighbour(tc, dir);
            if (!map_has(m, nb))
                continue;
            int h = map_hex_index(m, nb);
            if (!hex_free(g, h) || !enterable(g, h) || !hexes_can_fight(g, h, target))
                continue;
            int others = 0; /* enemy hexes next to h besides the target */
            for (int d2 = 0; d2 < DIR_COUNT; d2++) {
                HexCoord x = hex_neighbour(nb, d2);
                if (map_has(m, x) && map_hex_index(m, x) != target && hex_has_side(g, map_hex_index(m, x), SIDE_CONFEDERATE))
                    others++;
            }
            int rank = others > 0;
            if ((best < 0 || rank < best_rank || (rank == best_rank && closer(g, from, h, best) < 0)) &&
                transfer_way_to(&way, h)) /* the way asked last: it may search far */
                best = h, best_rank = rank;
        }
        if (best < 0) { /* overflow */
            bool want_contact = a->attitude == ATT_AGGRESSIVE;
            for (int j = 0; j < n; j++) {
                if (j == i)
                    continue;
                HexCoord oc = map_hex_at(m, g->st.unit[order[j]].hex);
                for (int dir = 0; dir < DIR_COUNT; dir++) {
                    HexCoord nb = hex_neighbour(oc, dir);
                    if (!map_has(m, nb))
                        continue;
                    int h = map_hex_index(m, nb);
                    if (!hex_free(g, h) || !enterable(g, h))
                        continue;
                    int rank = next_to_enemy(g, h) == want_contact ? 0 : 1;
                    if ((best < 0 || rank < best_rank || (rank == best_rank && closer(g, from, h, best) < 0)) &&
                        transfer_way_to(&way, h)) /* the way asked last: it may search far */
                        best = h, best_rank = rank;
                }
            }
        }
        transfer_way_free(&way);
        if (best < 0) {
            if (words && len < logsize)
                len += (size_t)snprintf(logbuf + len, logsize - len, " %s has no way there", g->gd->units[u].id);
            continue;
        }
        place_unit(g, u, best);
        char h[5];
        if (words && len < logsize)
            len += (size_t)snprintf(logbuf + len, logsize - len, " %s->%s", g->gd->units[u].id, hex_name(g->gd, best, h));
    }
}

/* Whether a Confederate unit counts for proximity (H.1): not cavalry, and
 * not an isolated infantry unit (no other Confederate unit within 1 hex).
 * conf: the Confederate units on the map (dummies left out), nconf of them,
 * conf_at their hexes. */
static bool counts_for_proximity(const Game *g, int u, const short *conf, const HexCoord *conf_at, int nconf)
{
    const UnitDef *ud = &g->gd->units[u];
    if (ud->side != SIDE_CONFEDERATE || g->st.unit[u].where != AT_MAP || ud->type == UT_CAVALRY ||
        ud->type == UT_HORSE_ARTILLERY || ud->type == UT_DUMMY)
        return false;
    if (ud->type != UT_INFANTRY)
        return true;
    HexCoord h = map_hex_at(&g->gd->map, g->st.unit[u].hex);
    int within = g->gd->automa.rules.proximity_friend_hexes;
    for (int i = 0; i < nconf; i++) {
        if (conf[i] == u)
            continue;
        HexCoord c = conf_at[i];
        if (abs(c.col - h.col) <= within && hex_distance(h, c) <= within) /* farther columns are farther hexes */
            return true;
    }
    return false;
}

/* AI-PROXIMITY: the Confederate hex cheapest to reach (a hex next to it)
 * within prox MP, ties to the one nearest the objective, then lower id;
 * -1 when none. */
#define DIRS_UNKNOWN 0xff /* a hex's directions to fight it from not found yet (six bits at most) */
static int proximity_target(Game *g, const short *units, int n, int prox, int objective, char *why, size_t whysize)
{
    const GameData *gd = g->gd;
    const Map *m = &gd->map;
    Passage p;
    union_passage(g, &p, false);
    p.ctx.no_road_bonus = true; /* H.1: "can be reached ... with 3 or less PM": a distance, not a move */
    int best = -1, best_cost = INT_MAX, best_obj = INT_MAX;
    size_t len = 0;
    bool words = log_wants_text(&g->log); /* why goes into a log line */
    why[0] = '\0';
    HexCoord oc = map_hex_at(m, objective);
    /* the hexes of the Confederate units that count, by hex id, and the hexes next to each it could be
     * fought from (never across the great rivers): the same for every division, found once (when a
     * division first looks at it) */
    int ne = 0, nconf = 0;
    short conf[GS_MAX_UNITS], enemy_hex[GS_MAX_UNITS];
    HexCoord conf_at[GS_MAX_UNITS];
    unsigned char from_dirs[GS_MAX_UNITS];
    int cheapest[GS_MAX_UNITS]; /* per enemy hex, over all divisions */
    for (int v = 0; v < g->st.nunits && nconf < GS_MAX_UNITS; v++)
        if (g->st.unit[v].where == AT_MAP && gd->units[v].side == SIDE_CONFEDERATE && gd->units[v].type != UT_DUMMY) {
            conf_at[nconf] = map_hex_at(m, g->st.unit[v].hex);
            conf[nconf++] = (short)v;
        }
    for (int i = 0; i < nconf; i++) {
        int v = conf[i];
        if (!counts_for_proximity(g, v, conf, conf_at, nconf))
            continue;
        int eh = g->st.unit[v].hex, at = ne;
        while (at > 0 && enemy_hex[at - 1] > eh)
            at--;
        if (at > 0 && enemy_hex[at - 1] == eh)
            continue; /* its hex is in already */
        memmove(enemy_hex + at + 1, enemy_hex + at, (size_t)(ne - at) * sizeof *enemy_hex);
        memmove(from_dirs + at + 1, from_dirs + at, (size_t)(ne - at) * sizeof *from_dirs);
        enemy_hex[at] = (short)eh;
        from_dirs[at] = DIRS_UNKNOWN; /* found when a division first looks at the hex */
        ne++;
    }
    for (int e = 0; e < ne; e++)
        cheapest[e] = INT_MAX;
    for (int i = 0; i < n; i++) {
        HexCoord uc = map_hex_at(m, g->st.unit[units[i]].hex);
        int to_objective = hex_distance(uc, oc);
        short looked[GS_MAX_UNITS]; /* the hexes it looks at: not beyond the objective, fought from somewhere */
        int nlooked = 0;
        for (int e = 0; e < ne; e++) {
            HexCoord ec = map_hex_at(m, enemy_hex[e]);
            if (hex_distance(uc, ec) > to_objective + 1)
                continue; /* beyond the objective */
            if (from_dirs[e] == DIRS_UNKNOWN) {
                unsigned dirs = 0;
                for (int dir = 0; dir < DIR_COUNT; dir++) {
                    HexCoord nb = hex_neighbour(ec, dir);
                    if (map_has(m, nb) && hexes_can_fight(g, map_hex_index(m, nb), enemy_hex[e]))
                        dirs |= 1u << dir;
                }
                from_dirs[e] = (unsigned char)dirs;
            }
            if (from_dirs[e])
                looked[nlooked++] = (short)e;
        }
        MoveReach r;
        if (nlooked == 0 || !passage_reach(g, &p, g->st.unit[units[i]].hex, prox, &r))
            continue; /* (no hex to look at: its reach is not searched) */
        for (int k = 0; k < nlooked; k++) {
            int e = looked[k];
            HexCoord ec = map_hex_at(m, enemy_hex[e]);
            int cost = INT_MAX;
            for (int dir = 0; dir < DIR_COUNT; dir++) {
                if (!(from_dirs[e] & (1u << dir)))
                    continue; /* a hex it could fight from */
                HexCoord nb = hex_neighbour(ec, dir);
                bool road;
                int c = map_hex_index(m, nb) == g->st.unit[units[i]].hex ? 0 : move_cost_to(&r, nb, &road);
                if (c != MOVE_UNREACHED && c < cost)
                    cost = c;
            }
            if (cost < cheapest[e])
                cheapest[e] = cost;
        }
        move_reach_free(&r);
    }
    for (int e = 0; e < ne; e++) {
        int cost = cheapest[e], eh = enemy_hex[e];
        if (cost == INT_MAX)
            continue;
        int od = hex_distance(map_hex_at(m, eh), oc);
        AutomaState *as = &AUTOMA(g->st); /* the hexes it measured, for the screen to light */
        if (as->nmeasured < (int)(sizeof as->measured / sizeof *as->measured))
            as->measured[as->nmeasured++] = (short)eh;
        char h[5];
        if (words && len < whysize)
            len += (size_t)snprintf(why + len, whysize - len, "%s%s %d.%d MP", len ? ", " : "", hex_name(gd, eh, h),
                                    cost / 2, cost % 2 ? 5 : 0);
        if (cost < best_cost || (cost == best_cost && od < best_obj))
            best = eh, best_cost = cost, best_obj = od; /* ties: nearest the objective, then the lower index */
    }
    return best;
}

/* The lead unit's march toward goal (AI-MOVE, AI-NOT-PROXIMITY) and the
 * column behind it. Returns the hex the lead stopped in. */
static int march_ex(Game *g, const short *units, int n, const short *goals, int ngoals, int max_hexes,
                    bool no_contact, char *logbuf, size_t logsize, int mp_given, int spent_half)
{
    const GameData *gd = g->gd;
    const Map *m = &gd->map;
    if (ngoals < 1)
        return -1;
    Passage p;
    union_passage(g, &p, no_contact);
    GoalCost gc;
    if (!goal_cost_init(&gc, g, &p.ctx, goals, ngoals))
        return -1;
    if (spent_half > 0) { /* the lead's second leg after a break of contact (H.3): what is left, one road bonus */
        p.ctx.spent_half = spent_half;
        p.ctx.road_lost = !AUTOMA(g->st).bc_road;
    }
    /* the column: nearest the goal first */
    short col[16];
    memcpy(col, units, (size_t)n * sizeof *col);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && goal_cost_less(&gc, g->st.unit[col[j]].hex, g->st.unit[col[j - 1]].hex); j--) {
            short t = col[j];
            col[j] = col[j - 1];
            col[j - 1] = t;
        }
    int lead = col[0];
    int start = g->st.unit[lead].hex;
    int mp = mp_given > 0 ? mp_given : gd->units[lead].movement;
    MoveWalk w;
    const MoveReach *r = &w.r;
    int stop = start;
    HexCoord path[GS_MAX_PATH];
    int plen = 0;
    size_t len = strlen(logbuf);
    int d_start = goal_cost_at(&gc, start);
    if (d_start != FAR && move_walk(&p.ctx, map_hex_at(m, start), max_hexes > 0 ? 99 : mp, &w)) {
        /* the free hex it reaches nearest the goal, then cheapest to reach, then the lower id; only a hex
         * nearer the goal than the lead's own can beat it (one as near would need to cost less than its 0
         * MP). The hexes come by their cost to the goal, a cost at a time, and the lead's search goes only
         * as far as they need: as soon as one cost has a hex it reaches, no farther one can win (a night
         * march of 99 MP searched the whole map for a goal a few hexes off) */
        int best = start, best_cost = 0;
        short *cand = malloc((size_t)(m->cols * m->rows + ngoals) * sizeof *cand); /* as many as gc.settled */
        for (int level = 0, k = 0; cand && level < d_start && best == start; level++) {
            goal_cost_settle(&gc, -1, -1, level); /* every hex of this cost out */
            int ncand = 0;
            for (; k < gc.nsettled && gc.d[gc.settled[k]] <= level; k++)
                if (hex_free(g, gc.settled[k]))
                    cand[ncand++] = (short)gc.settled[k];
            /* the lead's search goes on a cost at a time until each of them is either final or can no longer
             * beat the best found (every way still to come costs more) */
            while (ncand > 0) {
                for (int i = 0; i < ncand; i++) {
                    int h = cand[i];
                    if (!move_walk_final(&w, h))
                        continue;
                    int c = move_cost_at(r, h, NULL);
                    if (c != MOVE_UNREACHED && (best == start || c < best_cost || (c == best_cost && h < best)))
                        best = h, best_cost = c;
                    cand[i--] = cand[--ncand];
                }
                int least = move_walk_least(&w);
                bool open = false; /* whether one left may still cost no more than the best */
                for (int i = 0; i < ncand && !open; i++) {
                    int road = move_cost_by(r, cand[i], true), any = move_cost_by(r, cand[i], false);
                    open = best == start || least <= best_cost || (road != MOVE_UNREACHED && road <= best_cost) ||
                           (any != MOVE_UNREACHED && any <= best_cost);
                }
                if (!open)
                    break;
                move_walk_past(&w, least);
            }
        }
        free(cand);
        plen = move_path(r, map_hex_at(m, best), path, GS_MAX_PATH);
        /* stop early: where the route first touches the enemy, enters the goal, or after max_hexes */
        int end = plen - 1;
        bool dem = (g->st.unit[lead].flags & UF_DEM) != 0;
        for (int i = 1; i < plen; i++) {
            int h = map_hex_index(m, path[i]);
            if (dem && next_to_side(g, h, SIDE_CONFEDERATE)) { /* K.4: never next to the enemy */
                end = i - 1;
                break;
            }
            if (goal_cost_within(&gc, h, 0) || next_to_enemy(g, h) || (max_hexes > 0 && i >= max_hexes)) {
                end = i;
                break;
            }
        }
        while (end > 0 && !hex_free(g, map_hex_index(m, path[end])))
            end--; /* never end stacked (AI-COUNTERS) */
        plen = end + 1;
        stop = map_hex_index(m, path[end]);
        bool road;
        while (!move_walk_final(&w, stop)) /* its cost there as the whole search has it (its best layer) */
            move_walk_past(&w, move_walk_least(&w));
        int spent = move_cost_to(r, path[end], &road);
        AUTOMA(g->st).bc_road = road;
        AUTOMA(g->st).bc_lead = (short)lead;
        AUTOMA(g->st).bc_spent = (short)(spent > 0 ? spent : 0);
        move_walk_free(&w);
    }
    char h1[5], h2[5];
    bool words = log_wants_text(&g->log); /* logbuf goes into a log line */
    if (stop != start) {
        AutomaState *as = &AUTOMA(g->st);
        as->npath = 0;
        for (int i = 0; i < plen && as->npath < (int)(sizeof as->path / sizeof *as->path); i++)
            as->path[as->npath++] = (short)map_hex_index(m, path[i]);
        place_unit(g, lead, stop);
        int sp = AUTOMA(g->st).bc_spent;
        log_fact(&g->log, LF_MARCH, lead, start, stop, 0);
        if (words)
            len += (size_t)snprintf(logbuf + len, len < logsize ? logsize - len : 0,
                                    AUTOMA_LOG_LEAD "%s %s->%s (%d.%d MP);", gd->units[lead].id,
                                    hex_name(gd, start, h1), hex_name(gd, stop, h2), sp / 2, sp % 2 ? 5 : 0);
    } else {
        log_fact(&g->log, LF_MARCH, lead, start, start, 0);
        if (words && len < logsize)
            len += (size_t)snprintf(logbuf + len, logsize - len, AUTOMA_LOG_LEAD "%s" AUTOMA_LOG_NO_CLOSER "%s",
                                    gd->units[lead].id, n > 1 ? ";" : "");
    }
    /* the others follow behind along the lead's route, nearest first */
    int back = plen - 2;
    for (int i = 1; i < n; i++) {
        int u = col[i];
        int from = g->st.unit[u].hex;
        int to = -1;
        bool dem = (g->st.unit[u].flags & UF_DEM) != 0;
        while (back >= 0 && to < 0) {
            int h = map_hex_index(m, path[back--]);
            if ((hex_free(g, h) || h == from) && !(dem && h != from && next_to_side(g, h, SIDE_CONFEDERATE)))
                to = h; /* a demoralized division never comes next to the enemy (K.4) */
        }
        if (to < 0 || !goal_cost_less(&gc, to, from))
            continue; /* the route is used up, or would lead it back */
        if (to != from) {
            place_unit(g, u, to);
            if (words && len < logsize)
                len += (size_t)snprintf(logbuf + len, logsize - len, " %s->%s", gd->units[u].id, hex_name(gd, to, h1));
        }
    }
    goal_cost_free(&gc);
    return stop;
}

static int march(Game *g, const short *units, int n, int goal, int max_hexes, bool no_contact, char *logbuf,
                 size_t logsize)
{
    short one[1] = {(short)goal};
    return march_ex(g, units, n, one, 1, max_hexes, no_contact, logbuf, logsize, 0, 0);
}

/* The march on formation f's objective: its hex, or next to a division of
 * another formation that has already reached it (D's note). */
static int march_on(Game *g, int f, const short *units, int n, int max_hexes, bool no_contact, int mp, int spent_half,
                    char *logbuf,
                    size_t logsize)
{
    short goals[64];
    int ng = objective_goals(g, f, goals, 64);
    return march_ex(g, units, n, goals, ng, max_hexes, no_contact, logbuf, logsize, mp, spent_half);
}

static int objective_hex(const Game *g, int f)
{
    const AutomaState *a = &AUTOMA(g->st);
    if (a->obj_area[f] < 0)
        return -1;
    return map_hex_index(&g->gd->map, g->gd->areas[a->obj_area[f]].objective);
}

static int adjacent_count(const Game *g, const short *units, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += next_to_enemy(g, g->st.unit[units[i]].hex) && !(g->st.unit[units[i]].flags & UF_DIS);
    return k;
}

/* After the move: objectives, then contact or the end (D). */
static void after_move(Game *g, const short *units, int n)
{
    AutomaState *a = &AUTOMA(g->st);
    int r = automa_check_objectives(g);
    if (r != READ_END || a->active < 0) {
        a->step = AS_FINISH;
        return;
    }
    a->step = adjacent_count(g, units, n) > 0 ? AS_COMBAT : AS_FINISH;
}

/* Confederate hexes next to the divisions: those they could fight, or
 * (contact) every one in contact, the great rivers included (MOVE-CONTACT). */
static int contacts_of(const Game *g, const short *units, int n, short *out, int max, bool contact)
{
    const Map *m = &g->gd->map;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (g->st.unit[units[i]].where != AT_MAP)
            continue;
        HexCoord c = map_hex_at(m, g->st.unit[units[i]].hex);
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            HexCoord nb = hex_neighbour(c, dir);
            if (!map_has(m, nb))
                continue;
            int h = map_hex_index(m, nb);
            bool seen = false;
            for (int j = 0; j < k; j++)
                seen |= out[j] == h;
            if (!seen && k < max && hex_has_side(g, h, SIDE_CONFEDERATE) &&
                (contact ? hexes_in_contact(g, g->st.unit[units[i]].hex, h)
                         : hexes_can_fight(g, g->st.unit[units[i]].hex, h)))
                out[k++] = (short)h;
        }
    }
    return k;
}

/* Before the bombardment and the attack, each Confederate stack the
 * formation came next to may break contact (H.3). */
static void offer_break(Game *g, const short *units, int n, const short *before, int nbefore)
{
    AutomaState *a = &AUTOMA(g->st);
    if (a->step != AS_COMBAT || g->st.phase == PH_GAME_OVER || g->st.pending != PEND_NONE)
        return;
    short now[24];
    int k = contacts_of(g, units, n, now, 24, false);
    a->eng_nhex = 0;
    for (int i = 0; i < k && a->eng_nhex < 24; i++) {
        bool old = false;
        for (int j = 0; j < nbefore; j++)
            old |= before[j] == now[i];
        short dest[1];
        if (!old && break_destinations_of(g, now[i], SIDE_CONFEDERATE, NULL, 0, dest, 1) > 0)
            a->eng_hex[a->eng_nhex++] = now[i];
    }
    if (a->eng_nhex == 0)
        return;
    a->bc_then = a->step;
    a->eng = ENG_BREAK;
    g->st.pending = PEND_SYSTEM;
    g->st.to_move = SIDE_CONFEDERATE;
    char h[5];
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT",
            "the Automa stands next to the stack in %s: break contact (break HHHH) or stay", hex_name(g->gd, a->eng_hex[0], h));
}

int automa_lead_goes_on(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int lead = a->bc_lead, f = a->active;
    int goal = objective_hex(g, f);
    if (lead < 0 || goal < 0 || g->st.unit[lead].where != AT_MAP)
        return LEAD_OUT_OF_CONTACT;
    /* what is left of its allowance: its MP, and the road bonus only if every step so far was by road */
    int spent = a->bc_spent;
    int left = gd->units[lead].movement * 2 + (a->bc_road ? gd->movement.road_bonus : 0) - spent;
    char buf[160] = "", h[5];
    if (left >= 1) {
        short one[1] = {(short)lead};
        march_on(g, f, one, 1, 0, false, gd->units[lead].movement, spent, buf, sizeof buf);
    }
    bool still = next_to_enemy(g, g->st.unit[lead].hex);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT", "the lead goes on with its %d.%d MP left:%s %s",
            left / 2, left % 2 ? 5 : 0, buf[0] ? buf : " no move;", still ? "still in contact" : "out of contact");
    if (automa_check_objectives(g) != READ_END || a->active < 0) {
        /* its objective reached: onto the wheel or a hold, and "the AI turn ends" (G), no combat */
        a->bc_then = AS_FINISH;
        return LEAD_TURN_ENDS;
    }
    if (!still) {
        short units[16];
        int n = automa_units(g, f, units, 16);
        a->bc_then = adjacent_count(g, units, n) > 0 ? AS_COMBAT : AS_FINISH;
    }
    (void)h;
    return still ? LEAD_STILL_IN_CONTACT : LEAD_OUT_OF_CONTACT;
}

void automa_join_lead(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int lead = a->bc_lead;
    int enemy_hex = -1;
    HexCoord c = map_hex_at(&gd->map, g->st.unit[lead].hex);
    for (int dir = 0; dir < DIR_COUNT && enemy_hex < 0; dir++) {
        HexCoord nb = hex_neighbour(c, dir);
        if (map_has(&gd->map, nb) && hex_has_side(g, map_hex_index(&gd->map, nb), SIDE_CONFEDERATE) &&
            hexes_can_fight(g, g->st.unit[lead].hex, map_hex_index(&gd->map, nb)))
            enemy_hex = map_hex_index(&gd->map, nb);
    }
    if (enemy_hex < 0)
        return;
    short units[16];
    int n = automa_units(g, a->active, units, 16);
    char buf[200] = "", h[5];
    transfer(g, units, n, enemy_hex, buf, sizeof buf);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT",
            "Aggressive: the corps is transferred next to the lead and the enemy in %s:%s; it attacks",
            hex_name(gd, enemy_hex, h), buf[0] ? buf : " none needed");
}

void automa_column_behind_lead(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    const Map *m = &gd->map;
    int lead = a->bc_lead;
    if (lead < 0 || g->st.unit[lead].where != AT_MAP)
        return;
    short units[16];
    int n = automa_units(g, a->active, units, 16);
    Passage p;
    union_passage(g, &p, false);
    short goal[1] = {g->st.unit[lead].hex};
    GoalCost gc;
    if (!goal_cost_init(&gc, g, &p.ctx, goal, 1))
        return;
    /* nearest the lead first, so the column closes up behind it */
    for (int i = 1; i < n; i++)
        for (int j = i;
             j > 0 && goal_cost_at(&gc, g->st.unit[units[j]].hex) < goal_cost_at(&gc, g->st.unit[units[j - 1]].hex);
             j--) {
            short t = units[j];
            units[j] = units[j - 1];
            units[j - 1] = t;
        }
    char buf[200] = "", h[5];
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        int u = units[i], from = g->st.unit[u].hex;
        if (u == lead || !(g->st.unit[u].flags & UF_ACTIVE) || goal_cost_at(&gc, from) == FAR)
            continue;
        MoveReach r;
        if (!passage_reach(g, &p, from, gd->units[u].movement, &r))
            continue;
        int best = from;
        bool best_contact = next_to_enemy(g, from);
        for (int hx = 0; hx < m->cols * m->rows; hx++) {
            bool road;
            if (hx == from || move_cost_to(&r, map_hex_at(m, hx), &road) == MOVE_UNREACHED ||
                goal_cost_at(&gc, hx) == FAR || !hex_free(g, hx))
                continue;
            bool contact = next_to_enemy(g, hx);
            /* behind the lead: out of the enemy's contact first, then nearest the lead */
            if ((best_contact && !contact) || (contact == best_contact && goal_cost_at(&gc, hx) < goal_cost_at(&gc, best)))
                best = hx, best_contact = contact;
        }
        move_reach_free(&r);
        if (best == from || goal_cost_at(&gc, best) >= goal_cost_at(&gc, from))
            continue;
        place_unit(g, u, best);
        if (len < sizeof buf)
            len += (size_t)snprintf(buf + len, sizeof buf - len, " %s->%s", gd->units[u].id, hex_name(gd, best, h));
    }
    goal_cost_free(&gc);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT", "the corps forms its column behind %s:%s",
            gd->units[lead].name, buf[0] ? buf : " no one moves");
}

void automa_close_in(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    const Map *m = &gd->map;
    short units[16];
    int n = automa_units(g, a->active, units, 16);
    HexCoord target = map_hex_at(m, a->bc_from);
    char buf[200] = "", h[5];
    size_t len = 0;
    Passage p;
    union_passage(g, &p, false);
    for (int i = 0; i < n; i++) {
        int from = g->st.unit[units[i]].hex;
        int d0 = hex_distance(map_hex_at(m, from), target), best = -1;
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            HexCoord nb = hex_neighbour(map_hex_at(m, from), dir);
            if (!map_has(m, nb))
                continue;
            int hx = map_hex_index(m, nb);
            if (!hex_free(g, hx) || !enterable(g, hx) || hex_distance(nb, target) >= d0 ||
                passage_step(&p, from, dir) == COST_NO ||
                ((g->st.unit[units[i]].flags & UF_DEM) && next_to_side(g, hx, SIDE_CONFEDERATE)))
                continue; /* one step it may take; never a demoralized division into contact (K.4) */
            if (best < 0 || closer(g, a->bc_from, hx, best) < 0)
                best = hx;
        }
        if (best < 0)
            continue;
        place_unit(g, units[i], best);
        if (len < sizeof buf)
            len += (size_t)snprintf(buf + len, sizeof buf - len, " %s->%s", gd->units[units[i]].id, hex_name(gd, best, h));
    }
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT", "Cautious: the corps closes one hex on %s:%s",
            hex_name(gd, a->bc_from, h), buf[0] ? buf : " no room");
    a->bc_then = adjacent_count(g, units, n) > 0 ? AS_COMBAT : AS_FINISH;
}

/* Units 3 or more hexes from every other division of the formation are
 * isolated (N.7) and do not act with it: "do not activate it with the rest
 * of the formation". Which ones is settled as the activation begins (and
 * logged); later calls leave out the same ones, wherever the others went. */
static int active_units(Game *g, int f, short *out)
{
    short all[16];
    int n = automa_units(g, f, all, 16), k = 0;
    const Map *m = &g->gd->map;
    AutomaState *a = &AUTOMA(g->st);
    if (a->iso_known && a->active == f) {
        for (int i = 0; i < n; i++) {
            bool iso = false;
            for (int j = 0; j < a->nisolated; j++)
                iso |= a->isolated[j] == all[i];
            if (iso)
                g->st.unit[all[i]].flags &= (unsigned short)~UF_ACTIVE;
            else
                out[k++] = all[i];
        }
        return k;
    }
    for (int i = 0; i < n; i++) {
        bool isolated = n > 1;
        for (int j = 0; j < n && isolated; j++)
            if (j != i && hex_distance(map_hex_at(m, g->st.unit[all[i]].hex), map_hex_at(m, g->st.unit[all[j]].hex)) <
                              g->gd->automa.rules.isolated_hexes)
                isolated = false;
        if (isolated) {
            g->st.unit[all[i]].flags &= (unsigned short)~UF_ACTIVE;
            continue;
        }
        out[k++] = all[i];
    }
    if (k == 0 && n > 1) {
        /* every division far from every other (two of them, say): the formation is the one nearest its
         * objective; the others are the isolated ones */
        int obj = objective_hex(g, f), keep = 0;
        for (int i = 1; i < n && obj >= 0; i++)
            if (hex_distance(map_hex_at(m, g->st.unit[all[i]].hex), map_hex_at(m, obj)) <
                hex_distance(map_hex_at(m, g->st.unit[all[keep]].hex), map_hex_at(m, obj)))
                keep = i;
        g->st.unit[all[keep]].flags |= UF_ACTIVE;
        out[k++] = all[keep];
    }
    if (a->active == f && !a->iso_known) {
        a->iso_known = true;
        a->nisolated = 0;
        for (int i = 0; i < n; i++) {
            bool in = false;
            for (int j = 0; j < k; j++)
                in |= out[j] == all[i];
            if (in || a->nisolated >= 16)
                continue;
            a->isolated[a->nisolated++] = all[i];
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ISOLATED",
                    "%s is isolated (%d hexes or more from the rest of its formation): it does not act now and "
                    "joins the others at the end of the activation (N.7)",
                    g->gd->units[all[i]].name, g->gd->automa.rules.isolated_hexes);
        }
    }
    return k;
}

int automa_active_units(Game *g, int f, short *out) { return active_units(g, f, out); }

/* ---- north of the river (AI-NORTH) ---------------------------------------- */

static int ford_south(const GameData *gd, int place)
{
    const Place *p = &gd->map.places[place];
    return map_hex_index(&gd->map, hex_neighbour(p->hex, p->ford_dir));
}

/* ford_free, the hexes of the Confederate units (each once, side_hexes) given. */
static bool ford_free_of(const Game *g, int place, const short *conf, int nconf)
{
    const GameData *gd = g->gd;
    int clear = gd->automa.rules.ford_clear_hexes;
    int n = map_hex_index(&gd->map, gd->map.places[place].hex), s = ford_south(gd, place);
    return hexes_nearest(&gd->map, n, conf, nconf, clear + 1) > clear &&
           hexes_nearest(&gd->map, s, conf, nconf, clear + 1) > clear;
}

/* A ford with no Confederate unit within 2 hexes of either bank's hex. */
static bool ford_free(const Game *g, int place)
{
    short conf[GS_MAX_HEXES];
    int nconf = side_hexes(g, SIDE_CONFEDERATE, conf);
    return ford_free_of(g, place, conf, nconf);
}

/* The ford nearest hex (ties: the first in map.ini), free of the enemy when `free_only`. */
static int nearest_ford(const Game *g, int hex, bool free_only, int except)
{
    const GameData *gd = g->gd;
    int best = -1, bd = INT_MAX;
    short conf[GS_MAX_HEXES]; /* for ford_free, found once */
    int nconf = free_only ? side_hexes(g, SIDE_CONFEDERATE, conf) : 0;
    for (int p = 0; p < gd->map.nplaces; p++) {
        if (gd->map.places[p].ford_dir < 0 || p == except)
            continue;
        int pb = gd->map.hexes[map_hex_index(&gd->map, gd->map.places[p].hex)].bank;
        if (pb == BANK_SOUTH || pb != gd->map.hexes[hex].bank)
            continue; /* the place stands on the north side of its ford, on the formation's own bank: a
                       * corps in the wedge crosses the Rapidan, not the Rappahannock it has crossed */
        if (free_only && !ford_free_of(g, p, conf, nconf))
            continue;
        int d = hex_distance(map_hex_at(&gd->map, hex), gd->map.places[p].hex);
        if (d < bd)
            bd = d, best = p;
    }
    return best;
}

/* The hexes south of the rivers in closer's order from hex `from` (nearer
 * it, then the lower col * 100 + row): the map's data alone decide it, so
 * it is found once for a map and a ford (a memo outside the state, keyed
 * on the data's address and load serial and on the hex). */
static struct {
    const GameData *gd;
    unsigned serial;
    int from, n;
    short hex[GS_MAX_HEXES];
} south_order;

static const short *south_by_distance(const GameData *gd, int from, int *n)
{
    if (south_order.gd != gd || south_order.serial != gd->serial || south_order.from != from) {
        static int key[GS_MAX_HEXES];                 /* closer's order as one number */
        static short hexes[GS_MAX_HEXES], dist[GS_MAX_HEXES];
        static int count[2 * 100 + 2];               /* per distance (at most 198 on a map of 99 by 99) */
        const Map *m = &gd->map;
        int cells = m->cols * m->rows, k = 0, far = 0;
        HexCoord fc = map_hex_at(m, from);
        memset(count, 0, sizeof count);
        for (int hx = 0; hx < cells && hx < GS_MAX_HEXES; hx++)
            if (m->hexes[hx].bank == BANK_SOUTH) {
                int d = hex_distance(fc, map_hex_at(m, hx)), b = d < 0 ? 0 : d > 200 ? 200 : d; /* its bucket */
                hexes[k] = (short)hx;
                dist[k++] = (short)d;
                count[b + 1]++;
                far = b > far ? b : far;
            }
        for (int d = 1; d <= far + 1; d++) /* by distance, each distance in the order of the hexes */
            count[d] += count[d - 1];
        for (int i = 0; i < k; i++) {
            int at = count[dist[i] < 0 ? 0 : dist[i] > 200 ? 200 : dist[i]]++;
            south_order.hex[at] = hexes[i];
            key[at] = closer_key(m, from, hexes[i]);
        }
        /* then by col * 100 + row within a distance: already so while the hex index is column-major (the
         * buckets keep the order of the hexes), so this is one pass; it is what makes the order closer's
         * if that ever changes */
        for (int i = 1; i < k; i++)
            for (int j = i; j > 0 && key[j] < key[j - 1]; j--) {
                int t = key[j];
                key[j] = key[j - 1];
                key[j - 1] = t;
                short th = south_order.hex[j];
                south_order.hex[j] = south_order.hex[j - 1];
                south_order.hex[j - 1] = th;
            }
        south_order.gd = gd;
        south_order.serial = gd->serial;
        south_order.from = from;
        south_order.n = k;
    }
    *n = south_order.n;
    return south_order.hex;
}

/* The free hex south of the rivers that a division may enter nearest
 * `south` (closer's order), -1 when none: where a division crossing there
 * goes (AI-NORTH). */
static int south_place(const Game *g, int south)
{
    int n;
    const short *order = south_by_distance(g->gd, south, &n);
    for (int i = 0; i < n; i++)
        if (hex_free(g, order[i]) && enterable(g, order[i]))
            return order[i];
    return -1;
}

bool automa_south_place_agrees(const Game *g, int south)
{
    const GameData *gd = g->gd;
    int best = -1, cells = gd->map.cols * gd->map.rows;
    for (int hx = 0; hx < cells; hx++) /* every hex, each against the best so far by closer */
        if (gd->map.hexes[hx].bank == BANK_SOUTH && hex_free(g, hx) && enterable(g, hx) &&
            (best < 0 || closer(g, south, hx, best) < 0))
            best = hx;
    return south_place(g, south) == best;
}

/* N.6: a formation north of the river marches on the nearest free ford;
 * there every division is transferred south beside it and a pontoon laid.
 * True when this took the place of the move. */
static bool north_of_river(Game *g, int f, const short *units, int n, int goal)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    bool north = true;
    for (int i = 0; i < n; i++)
        north &= gd->map.hexes[g->st.unit[units[i]].hex].bank != BANK_SOUTH;
    if (!north || gd->map.hexes[goal].bank != BANK_SOUTH) {
        a->ford[f] = -1;
        return false;
    }
    char h[5], buf[200] = "";
    const char *name = automa_formation_name(gd, f);
    if (a->ford[f] < 0) {
        a->ford[f] = (short)nearest_ford(g, g->st.unit[units[0]].hex, true, -1);
        if (a->ford[f] < 0)
            return false;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NORTH",
                "%s is north of the river: its temporary objective is %s, the nearest ford free of the enemy", name,
                gd->map.places[a->ford[f]].name);
    }
    int place = a->ford[f];
    int north_hex = map_hex_index(&gd->map, gd->map.places[place].hex);
    bool there = false;
    for (int i = 0; i < n; i++)
        there |= g->st.unit[units[i]].hex == north_hex;
    /* "counters can move through hexes occupied by friendly units": a
     * division that can get to the ford this move reaches the marker, even
     * where another corps stands on it */
    Passage way;
    union_passage(g, &way, false);
    for (int i = 0; i < n && !there; i++) {
        MoveWalk w; /* searched only until the ford is reached */
        if (!move_walk(&way.ctx, map_hex_at(&gd->map, g->st.unit[units[i]].hex), gd->units[units[i]].movement, &w))
            continue;
        if (move_walk_reaches(&w, north_hex)) {
            there = true;
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NORTH", "%s reaches %s this move (through friendly units if need be)",
                    gd->units[units[i]].name, gd->map.places[place].name);
        }
        move_walk_free(&w);
    }
    if (!there) {
        march(g, units, n, north_hex, 0, false, buf, sizeof buf);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NORTH", "%s marches on %s:%s", name, gd->map.places[place].name, buf);
        for (int i = 0; i < n; i++)
            there |= g->st.unit[units[i]].hex == north_hex;
        if (!there) {
            a->step = AS_FINISH;
            return true;
        }
    }
    if (!ford_free(g, place)) {
        int die = automa_roll(g, "AI-NORTH", "the ford is taken: 1-%d costs the formation a loss", gd->automa.rules.ford_loss_on);
        if (die <= gd->automa.rules.ford_loss_on) {
            int strongest = units[0];
            for (int i = 1; i < n; i++)
                if (game_unit_points(g, units[i]) > game_unit_points(g, strongest))
                    strongest = units[i];
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NORTH", "%s loses a step at the ford", gd->units[strongest].name);
            automa_lose_step(g, strongest, "AI-NORTH");
        }
        int other = nearest_ford(g, north_hex, true, place);
        if (other >= 0)
            place = other;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NORTH", "%s crosses at %s instead", name, gd->map.places[place].name);
    }
    /* every division south of the river, as close to the ford as possible, and a pontoon */
    int south = ford_south(gd, place);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        int u = units[i];
        if (g->st.unit[u].where != AT_MAP)
            continue;
        int best = south_place(g, south);
        if (best < 0)
            continue;
        place_unit(g, u, best);
        if (len < sizeof buf)
            len += (size_t)snprintf(buf + len, sizeof buf - len, " %s->%s", gd->units[u].id, hex_name(gd, best, h));
    }
    const Place *p = &gd->map.places[place];
    int nh = map_hex_index(&gd->map, p->hex);
    bool laid = (g->st.pontoon[SIDE_UNION][nh] >> p->ford_dir) & 1u;
    if (!laid && g->st.pontoons_left[SIDE_UNION] > 0) {
        g->st.pontoon[SIDE_UNION][nh] |= (unsigned char)(1u << p->ford_dir);
        g->st.pontoon[SIDE_UNION][south] |= (unsigned char)(1u << hex_dir_opposite(p->ford_dir));
        g->st.pontoons_left[SIDE_UNION]--;
        laid = true;
    }
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NORTH", "%s crosses at %s:%s%s", name, p->name, buf,
            laid ? "; a pontoon spans the ford" : "; no pontoon left to lay");
    a->ford[f] = -1;
    a->step = AS_FINISH;
    return true;
}

void automa_move(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    short units[16];
    int n = active_units(g, f, units);
    int goal = objective_hex(g, f);
    char buf[200] = "";
    if (n == 0 || goal < 0) {
        a->step = AS_FINISH;
        return;
    }
    char h[5];
    const char *name = automa_formation_name(gd, f);
    if (north_of_river(g, f, units, n, goal))
        return;
    short before[24];
    int nbefore = contacts_of(g, units, n, before, 24, false);
    int adjacent = adjacent_count(g, units, n);
    if (adjacent > 0) {
        /* H.2.c: the others into free hexes next to a division and the enemy */
        a->in_proximity = true;
        int need = n < gd->automa.rules.engagement_units ? n : gd->automa.rules.engagement_units;
        short far[16];
        int nf = 0;
        for (int i = 0; i < n; i++)
            if (!next_to_enemy(g, g->st.unit[units[i]].hex))
                far[nf++] = units[i];
        GameState saved; /* a trial: undone with its log lines if no engagement comes of it (the state kept as
                          * the first division is placed: until then nothing has changed) */
        bool kept = false;
        int saved_log = g->log.count;
        int placed = 0;
        Passage p;
        union_passage(g, &p, false);
        for (int i = 0; i < nf; i++) {
            int best = -1;
            if (g->st.unit[far[i]].flags & UF_DEM)
                continue; /* K.4: never next to the enemy */
            TransferWay way;
            transfer_way(g, &p, g->st.unit[far[i]].hex, &way);
            for (int j = 0; j < n; j++) { /* "adjacent to another unit in their formation", in contact or not */
                if (units[j] == far[i] || g->st.unit[units[j]].where != AT_MAP)
                    continue;
                HexCoord c = map_hex_at(&gd->map, g->st.unit[units[j]].hex);
                for (int dir = 0; dir < DIR_COUNT; dir++) {
                    HexCoord nb = hex_neighbour(c, dir);
                    if (!map_has(&gd->map, nb))
                        continue;
                    int hx = map_hex_index(&gd->map, nb);
                    if (hex_free(g, hx) && enterable(g, hx) && next_to_enemy(g, hx) &&
                        (best < 0 || closer(g, g->st.unit[far[i]].hex, hx, best) < 0) && transfer_way_to(&way, hx))
                        best = hx;
                }
            }
            transfer_way_free(&way);
            if (best >= 0) {
                if (!kept)
                    saved = g->st, kept = true;
                place_unit(g, far[i], best);
                placed++;
                size_t len = strlen(buf);
                if (log_wants_text(&g->log)) /* buf goes into a log line */
                    snprintf(buf + len, sizeof buf - len, " %s->%s", gd->units[far[i]].id, hex_name(gd, best, h));
            }
        }
        if (adjacent_count(g, units, n) >= need) {
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ADJACENT",
                    "%s is activated next to the enemy: %d division%s transferred beside it", name, placed,
                    placed == 1 ? "" : "s");
            if (placed)
                log_add(&g->log, g->st.turn, LOG_EVENT, "AI-TRANSFER", "%s", buf);
            a->step = AS_COMBAT;
            offer_break(g, units, n, before, nbefore);
            return;
        }
        if (kept)
            g->st = saved; /* no engagement of two divisions: the whole formation marches */
        log_truncate(&g->log, saved_log);
        buf[0] = '\0';
        march_on(g, f, units, n, 0, false, 0, 0, buf, sizeof buf);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ADJACENT",
                "%s: no engagement of %d divisions is possible; it marches on its objective %s:%s", name, need,
                hex_name(gd, goal, h), buf);
        after_move(g, units, n);
        offer_break(g, units, n, before, nbefore);
        return;
    }
    /* H.1: the proximity value */
    int mp = 99;
    for (int i = 0; i < n; i++)
        if (gd->units[units[i]].movement < mp)
            mp = gd->units[units[i]].movement;
    int prox = a->prox - a->obj_value[f];
    if (prox < 0)
        prox = 0;
    if (prox > mp)
        prox = mp;
    char why[200];
    int target = prox > 0 ? proximity_target(g, units, n, prox, goal, why, sizeof why) : -1;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-PROXIMITY",
            "proximity value %d - objective %d = %d (at most %d MP)%s%s", a->prox, a->obj_value[f], prox, mp,
            prox > 0 ? "; Confederates within reach: " : "", prox > 0 ? (why[0] ? why : "none") : "");
    if (target >= 0) {
        a->in_proximity = true;
        transfer(g, units, n, target, buf, sizeof buf);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-PROXIMITY-MOVE", "%s is in proximity: transferred next to %s:%s",
                name, hex_name(gd, target, h), buf);
        after_move(g, units, n);
        offer_break(g, units, n, before, nbefore);
        return;
    }
    int stop = march_on(g, f, units, n, 0, false, 0, 0, buf, sizeof buf);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-MOVE", "%s marches on its objective %s:%s", name,
            hex_name(gd, goal, h), buf);
    if (stop >= 0 && next_to_enemy(g, stop)) {
        /* H.2.a: the lead met the enemy; the others are transferred beside it */
        int enemy_hex = -1;
        HexCoord sc = map_hex_at(&gd->map, stop);
        for (int dir = 0; dir < DIR_COUNT && enemy_hex < 0; dir++) {
            HexCoord nb = hex_neighbour(sc, dir);
            if (map_has(&gd->map, nb) && hex_has_side(g, map_hex_index(&gd->map, nb), SIDE_CONFEDERATE) &&
                hexes_can_fight(g, stop, map_hex_index(&gd->map, nb)))
                enemy_hex = map_hex_index(&gd->map, nb);
        }
        if (enemy_hex >= 0) {
            buf[0] = '\0';
            transfer(g, units, n, enemy_hex, buf, sizeof buf);
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NOT-PROXIMITY",
                    "the lead meets the enemy at %s: the others are transferred beside it:%s",
                    hex_name(gd, enemy_hex, h), buf[0] ? buf : " none needed");
        }
    }
    after_move(g, units, n);
    offer_break(g, units, n, before, nbefore);
}

void automa_isolated(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    if (f < 0)
        return;
    short all[16];
    int n = automa_units(g, f, all, 16);
    const Map *m = &gd->map;
    for (int i = 0; i < n && n > 1; i++) {
        bool iso = false; /* only those left out as the activation began (N.7) */
        for (int j = 0; j < a->nisolated && a->iso_known; j++)
            iso |= a->isolated[j] == all[i];
        if (!iso)
            continue;
        int nearest = -1, nd = INT_MAX;
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            int dd = hex_distance(map_hex_at(m, g->st.unit[all[i]].hex), map_hex_at(m, g->st.unit[all[j]].hex));
            if (dd < nd)
                nd = dd, nearest = all[j];
        }
        if (nd < gd->automa.rules.isolated_hexes || nearest < 0)
            continue; /* the others came to it */
        char buf[120] = "";
        short one[1] = {all[i]};
        march(g, one, 1, g->st.unit[nearest].hex, 0, false, buf, sizeof buf);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ISOLATED", "%s is isolated (%d hexes from its formation):%s",
                gd->units[all[i]].name, nd, buf);
    }
}

/* Hexes in closer's order from hex `from` (by distance, then by index, which
 * is col * 100 + row's order) into order[], n of them. */
static void by_closer(const Map *m, int from, short *order, int n, short *dist)
{
    for (int i = 0; i < n; i++)
        dist[i] = (short)hex_distance(map_hex_at(m, from), map_hex_at(m, order[i]));
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (dist[j] < dist[j - 1] || (dist[j] == dist[j - 1] && order[j] < order[j - 1])); j--) {
            short t = order[j], td = dist[j];
            order[j] = order[j - 1], dist[j] = dist[j - 1];
            order[j - 1] = t, dist[j - 1] = td;
        }
}

/* by_closer for every hex of the map (order[i] == i coming in): a counting
 * sort by distance, the index order kept within each distance. */
static void by_closer_all(const Map *m, int from, short *order, int n, short *dist)
{
    int count[GS_MAX_HEXES + 1] = {0};
    for (int h = 0; h < n; h++) {
        dist[h] = (short)hex_distance(map_hex_at(m, from), map_hex_at(m, h));
        count[dist[h] + 1]++;
    }
    for (int d = 0; d < n; d++)
        count[d + 1] += count[d];
    for (int h = 0; h < n; h++)
        order[count[dist[h]]++] = (short)h;
}

void automa_deploy(Game *g, int f, int area_number)
{
    const GameData *gd = g->gd;
    const Map *m = &gd->map;
    int area = data_area_index(gd, area_number);
    if (area < 0)
        return;
    const StrategyArea *ar = &gd->areas[area];
    int obj = map_hex_index(m, ar->objective);
    short units[16];
    /* a transfer (AI-TRANSFER): the divisions acting now (not those N.7 isolates), each where a way
     * leads it; one already in the area stays where it is */
    int n = active_units(g, f, units);
    char buf[300] = "";
    size_t len = 0;
    int cells = m->cols * m->rows;
    Passage p;
    union_passage(g, &p, false);
    /* the objective hex first, then the area's hexes by distance from it (ties: lower id), then the
     * nearest free hexes outside the area (closer's order): the hexes in that order, the area's once
     * and the whole map's only if a division finds no room in the area, and each division's way (a
     * walk of transfer_mp) searched only as far as the first of them that is free, enterable and
     * reached needs */
    short area_order[GS_MAX_HEXES], order[GS_MAX_HEXES], dist[GS_MAX_HEXES];
    int narea = 0, norder = -1;
    for (int k = 0; k < ar->nhexes && cells <= GS_MAX_HEXES; k++) {
        int h = map_hex_index(m, ar->hexes[k]), dup = 0;
        for (int j = 0; j < narea; j++)
            dup |= area_order[j] == h;
        if (h >= 0 && h < cells && !dup)
            area_order[narea++] = (short)h;
    }
    by_closer(m, obj, area_order, narea, dist);
    for (int i = 0; i < n && cells <= GS_MAX_HEXES; i++) {
        int u = units[i];
        int best = -1;
        bool placed = false;
        for (int k = 0; k < ar->nhexes && !placed; k++)
            placed = map_hex_index(m, ar->hexes[k]) == g->st.unit[u].hex;
        if (placed)
            continue;
        TransferWay way;
        transfer_way(g, &p, g->st.unit[u].hex, &way);
        for (int k = 0; k < narea && best < 0; k++) {
            int h = area_order[k];
            if (hex_free(g, h) && enterable(g, h) && transfer_way_to(&way, h))
                best = h;
        }
        if (best < 0 && norder < 0) { /* no room in the area: the whole map, in closer's order */
            for (int h = 0; h < cells; h++)
                order[h] = (short)h;
            norder = cells;
            by_closer_all(m, obj, order, norder, dist);
        }
        for (int k = 0; k < norder && best < 0; k++) {
            int h = order[k];
            if (hex_free(g, h) && enterable(g, h) && transfer_way_to(&way, h))
                best = h;
        }
        transfer_way_free(&way);
        char h[5];
        if (best < 0) {
            if (len < sizeof buf)
                len += (size_t)snprintf(buf + len, sizeof buf - len, " %s has no way there", gd->units[u].id);
            continue;
        }
        place_unit(g, u, best);
        if (len < sizeof buf)
            len += (size_t)snprintf(buf + len, sizeof buf - len, " %s->%s", gd->units[u].id, hex_name(gd, best, h));
    }
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-WHEEL", "%s deploys in [%03d] %s:%s", automa_formation_name(gd, f),
            area_number, ar->name, buf[0] ? buf : " already in place");
}

/* ---- the night (AI-NIGHT, AI-RECOVERY) ----------------------------------- */

static void recovery(Game *g)
{
    const GameData *gd = g->gd;
    for (int f = 0; f < gd->automa.nformations; f++) {
        short units[16];
        int n = automa_units(g, f, units, 16);
        int low = -1;
        for (int i = 0; i < n; i++) { /* the lowest current value among those that have steps to recover */
            const AutomaCounterDef *ci = gd->units[units[i]].counter >= 0 ? &gd->counters[gd->units[units[i]].counter] : NULL;
            if (!ci || ci->nvalues - g->st.unit[units[i]].steps <= 0)
                continue;
            if (low < 0 || game_unit_points(g, units[i]) < game_unit_points(g, low))
                low = units[i];
        }
        if (low < 0)
            continue;
        const AutomaCounterDef *c = &gd->counters[gd->units[low].counter];
        int idx = c->nvalues - g->st.unit[low].steps; /* its current value */
        if (idx <= 0)
            continue;
        int to = 0;
        for (int j = idx - 1; j > 0; j--)
            if (c->boxed[j]) {
                to = j;
                break;
            }
        g->st.unit[low].steps = (unsigned char)(c->nvalues - to);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RECOVERY", "%s recovers: its counter turns back from %d to %d",
                gd->units[low].name, c->values[idx], c->values[to]);
    }
}

void automa_night_march(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    const AutomaNight *night = &gd->automa.night;
    if (a->night_left == 0 && a->active < 0 && !a->night_wing) {
        int div = gd->automa.rules.night_divisor;
        int die = automa_roll(g, "AI-NIGHT", "night marches: how many formations (die / %d, rounded up)", div);
        a->night_left = (signed char)((die + div - 1) / div);
        a->night_wing = (signed char)(die % 2 == 0 ? 1 : 2);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NIGHT", "%d formation%s of the %s march", a->night_left,
                a->night_left == 1 ? "" : "s", a->night_wing == 1 ? "Marching Wing (even die)" : "Left Wing (odd die)");
    }
    /* the next formation: farthest from its objective, then touching the fewest enemies */
    int best = -1, best_d = -1, best_touch = INT_MAX;
    for (int i = 0; a->night_left > 0 && i < night->nwing[a->night_wing - 1]; i++) {
        int f = night->wing[a->night_wing - 1][i];
        if (a->status[f] == FS_WAITING || a->status[f] == FS_WHEEL || a->status[f] == FS_GONE ||
            a->obj_area[f] < 0 || a->marched[f])
            continue;
        short units[16];
        int n = automa_units(g, f, units, 16);
        if (n == 0)
            continue;
        int goal = objective_hex(g, f);
        int dmin = INT_MAX, touch = 0;
        bool surrounded = true;
        for (int k = 0; k < n; k++) {
            HexCoord c = map_hex_at(&gd->map, g->st.unit[units[k]].hex);
            int dd = hex_distance(c, map_hex_at(&gd->map, goal));
            if (dd < dmin)
                dmin = dd;
            touch += next_to_enemy(g, g->st.unit[units[k]].hex);
            for (int dir = 0; dir < DIR_COUNT && surrounded; dir++) {
                HexCoord nb = hex_neighbour(c, dir);
                if (map_has(&gd->map, nb) && hex_free(g, map_hex_index(&gd->map, nb)) &&
                    !next_to_enemy(g, map_hex_index(&gd->map, nb)))
                    surrounded = false;
            }
        }
        if (surrounded)
            continue;
        if (dmin > best_d || (dmin == best_d && touch < best_touch))
            best = f, best_d = dmin, best_touch = touch;
    }
    if (best < 0 || a->night_left <= 0) {
        if (a->night_left > 0)
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NIGHT", "no other formation of that wing can march");
        recovery(g);
        memset(a->marched, 0, sizeof a->marched);
        a->night_left = 0;
        a->night_wing = 0;
        a->step = AS_IDLE;
        a->active = -1;
        draw_next(g); /* the cup is empty: the base night procedures follow */
        return;
    }
    a->marched[best] = true;
    a->night_left--;
    short units[16];
    int n = automa_units(g, best, units, 16);
    char buf[200] = "";
    char h[5];
    int goal = objective_hex(g, best);
    march_on(g, best, units, n, night->march_hexes, true, 0, 0, buf, sizeof buf);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-NIGHT", "%s marches %d hexes toward %s:%s",
            automa_formation_name(gd, best), night->march_hexes, hex_name(gd, goal, h), buf);
    a->active = (signed char)best; /* the marching corps is the one that may reach its objective */
    automa_check_objectives(g);
    a->active = -1;
}
