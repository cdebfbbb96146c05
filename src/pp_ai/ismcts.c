/* The ismcts level: single-observer information-set Monte Carlo tree
 * search (Cowling, Powley and Whitehouse, 2012).
 *
 * Each iteration samples a whole game from the view and the memory
 * (pp_ai_determinize), then walks one tree shared by all samples, keyed by
 * the decisions (and the side making them): at a node, the decisions legal
 * in this sample are the choices; one not yet in the tree is added, else
 * the one with the best UCB score, whose "availability" counts how often it
 * was legal (so that decisions seldom legal are not starved). From there
 * the game is played out to its end: each decision at random with chance
 * 1/2, else the greedy level's pick (a cheap, better-informed rollout;
 * purely random play-outs give both sides' blunders equal weight). The
 * result is backed up: 1 for the side that made the decision and won, 1/2
 * for a tie, 0 for a loss. The decision played is the root's most visited.
 *
 * The dice of each sample come from the AI's generator, never the game's:
 * the search does not know the future either. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "pp_ai/pp_ai_internal.h"

#define UCB_C 0.7
#define BIAS 3.0 /* the weight of the heuristic's liking (priors) */
#define ROLLOUT_RANDOM 10 /* 1 in ROLLOUT_RANDOM rollout decisions at random */
#define NODE_CAP_TIME_ONLY 400000
#define SAMPLE_TRIES 64

double pp_ai_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct {
    PpDecision d;
    int8_t side;
    int32_t child, next; /* first child, next sibling: -1 for none */
    uint32_t visits, avail;
    double wins;
} Node;

typedef struct {
    Node *v;
    int n, cap;
} Tree;

static int node_new(Tree *t, const PpDecision *d, int side)
{
    if (t->n >= t->cap)
        return -1;
    Node *x = &t->v[t->n];
    x->d = *d;
    x->side = (int8_t)side;
    x->child = x->next = -1;
    x->visits = x->avail = 0;
    x->wins = 0;
    return t->n++;
}

static bool same(const PpDecision *a, const PpDecision *b) { return a->kind == b->kind && a->a == b->a && a->b == b->b; }

static double value_for(int result, int side) { return result == side ? 1.0 : result == PP_TIE ? 0.5 : 0.0; }

/* The movement phase's usual decisions without asking pp_legal (which
 * checks every one, the most of a play-out's time): each unit's steps, a
 * trench in each area it holds, each fight, `done`. Some may be refused;
 * swaps are left out (a play-out's policy may ignore them). */
static int movement_candidates(const PpGame *g, PpDecision *out)
{
    const PpData *pd = g->data;
    int side = g->to_move, n = 0;
    uint32_t held = 0;
    for (int c = 0; c < pd->ncounters; c++) {
        int at = g->where[c];
        if (pd->counters[c].side != side || at < 0)
            continue;
        held |= 1u << at;
        if (g->moved & ((uint64_t)1 << c))
            continue;
        for (int i = 0; i < pd->areas[at].nadj; i++)
            if (pd->areas[at].join[i] != PP_RIVER)
                out[n++] = (PpDecision){PP_D_MOVE, (int8_t)c, (int8_t)pd->areas[at].adj[i]};
    }
    for (int a = 0; a < pd->nareas; a++) {
        if ((held >> a) & 1u) {
            out[n++] = (PpDecision){PP_D_TRENCH, (int8_t)a, -1};
            if (pp_units_in(g, 1 - side, a) > 0)
                out[n++] = (PpDecision){PP_D_FIGHT, (int8_t)a, -1};
        }
    }
    out[n++] = (PpDecision){PP_D_DONE, -1, -1};
    return n;
}

/* One play-out decision in the movement phase: at random (among the
 * candidates that are legal) or the greedy level's best of them. */
static PpDecision movement_pick(const PpAiMap *m, const PpGame *g, Rng *rng, PpDecision *buf, int random_one_in)
{
    if (random_one_in > 0 && rng_below(rng, (uint32_t)random_one_in) == 0) {
        int n = movement_candidates(g, buf);
        for (int tries = 0; tries < 16; tries++) {
            const PpDecision *d = &buf[rng_below(rng, (uint32_t)n)];
            if (pp_open(g, d))
                return *d;
        }
        return (PpDecision){PP_D_DONE, -1, -1};
    }
    return pp_ai_greedy_movement(m, g);
}

/* The heuristic's liking of each of the n decisions, from 0 (the least
 * liked) to 1 (the most), with a little noise to break ties: the search's
 * progressive bias (Chaslot et al., 2008), so that with few iterations it
 * plays about as well as the greedy level, and better as the results of
 * the play-outs come in. */
static void priors(const PpAiMap *m, const PpGame *g, const PpDecision *list, int n, double *prior)
{
    int lo = INT_MAX, hi = INT_MIN, score[PP_MAX_LEGAL];
    for (int i = 0; i < n; i++) {
        score[i] = pp_ai_greedy_score_map(m, g, &list[i]);
        lo = score[i] < lo ? score[i] : lo;
        hi = score[i] > hi ? score[i] : hi;
    }
    for (int i = 0; i < n; i++)
        prior[i] = hi > lo ? (double)(score[i] - lo) / (double)(hi - lo) : 1.0;
}

/* Plays g to its end: 1 decision in random_one_in at random (0: none),
 * the others the greedy level's pick. */
void pp_ai_playout(const PpAiMap *m, PpGame *g, Rng *rng, PpDecision *buf, int random_one_in)
{
    while (!pp_over(g)) {
        PpDecision d;
        if (g->phase == PP_PH_MOVEMENT && g->cb.area < 0) {
            d = movement_pick(m, g, rng, buf, random_one_in);
        } else {
            int n = pp_legal(g, buf, PP_MAX_LEGAL);
            if (n <= 0)
                break;
            if (n > PP_MAX_LEGAL)
                n = PP_MAX_LEGAL;
            int pick = n == 1 ? 0
                       : random_one_in > 0 && rng_below(rng, (uint32_t)random_one_in) == 0
                           ? (int)rng_below(rng, (uint32_t)n)
                           : pp_ai_greedy_pick(m, g, buf, n, rng);
            d = buf[pick];
        }
        pp_apply(g, &d, NULL, NULL, 0);
    }
}

PpDecision pp_ai_ismcts(const PpData *pd, const PpView *v, const PpAiMemory *mem, Rng *rng, const PpAiBudget *b,
                        PpAiStats *stats)
{
    double t0 = pp_ai_now();
    PpDecision buf[PP_MAX_LEGAL], root_legal[PP_MAX_LEGAL];
    PpGame g;
    pp_ai_determinize(pd, v, mem, rng, SAMPLE_TRIES, &g);
    int nroot = pp_legal(&g, root_legal, PP_MAX_LEGAL);
    if (nroot > PP_MAX_LEGAL)
        nroot = PP_MAX_LEGAL;
    stats->open = nroot;
    if (nroot <= 1) /* forced (or nothing to do): no search */
        return nroot == 1 ? root_legal[0] : (PpDecision){PP_D_DONE, -1, -1};
    PpAiMap map;
    pp_ai_map_init(&map, pd);
    long iters = b->iterations > 0 ? b->iterations : -1;
    if (iters > 0 && b->per_choice > 0 && (long)b->per_choice * nroot < iters)
        iters = (long)b->per_choice * nroot;
    Tree t = {0};
    t.cap = iters > 0 ? (int)iters + 2 : NODE_CAP_TIME_ONLY;
    t.v = malloc((size_t)t.cap * sizeof *t.v);
    if (!t.v)
        return root_legal[rng_below(rng, (uint32_t)nroot)];
    PpDecision none = {PP_D_DONE, -1, -1};
    node_new(&t, &none, -1);
    int path[4096];
    long it = 0;
    for (; iters < 0 || it < iters; it++) {
        if (b->seconds > 0 && (it & 7) == 0 && it > 0 && pp_ai_now() - t0 >= b->seconds) {
            stats->capped = true;
            break;
        }
        if (t.n >= t.cap)
            break;
        if (it > 0)
            pp_ai_determinize(pd, v, mem, rng, SAMPLE_TRIES, &g);
        int node = 0, depth = 0;
        path[depth++] = 0;
        /* selection and expansion */
        while (!pp_over(&g) && depth < (int)(sizeof path / sizeof *path)) {
            int n = pp_legal(&g, buf, PP_MAX_LEGAL);
            if (n <= 0)
                break;
            if (n > PP_MAX_LEGAL)
                n = PP_MAX_LEGAL;
            int side = g.to_move;
            double prior[PP_MAX_LEGAL];
            priors(&map, &g, buf, n, prior);
            int best = -1, best_new = -1;
            double best_score = -1, best_prior = -1;
            for (int i = 0; i < n; i++) {
                int ch = t.v[node].child;
                while (ch >= 0 && !(t.v[ch].side == side && same(&t.v[ch].d, &buf[i])))
                    ch = t.v[ch].next;
                if (ch < 0) {
                    if (prior[i] > best_prior) { /* the untried one the heuristic likes most */
                        best_prior = prior[i];
                        best_new = i;
                    }
                    continue;
                }
                t.v[ch].avail++;
                double score = t.v[ch].wins / t.v[ch].visits +
                               UCB_C * sqrt(log((double)t.v[ch].avail) / (double)t.v[ch].visits) +
                               BIAS * prior[i] / (t.v[ch].visits + 1.0);
                if (score > best_score) {
                    best_score = score;
                    best = ch;
                }
            }
            /* a new decision when it is the best liked, or nothing is tried yet
             * (progressive widening by the heuristic's order) */
            if (best_new >= 0 && (best < 0 || BIAS * best_prior + UCB_C > best_score)) {
                int i = best_new;
                int ch = node_new(&t, &buf[i], side);
                if (ch < 0)
                    break;
                t.v[ch].next = t.v[node].child;
                t.v[node].child = ch;
                t.v[ch].avail = 1;
                pp_apply(&g, &buf[i], NULL, NULL, 0);
                path[depth++] = ch;
                break;
            }
            pp_apply(&g, &t.v[best].d, NULL, NULL, 0);
            node = best;
            path[depth++] = node;
        }
        pp_ai_playout(&map, &g, rng, buf, ROLLOUT_RANDOM);
        int result = pp_result(&g);
        for (int k = 1; k < depth; k++) {
            Node *x = &t.v[path[k]];
            x->visits++;
            x->wins += value_for(result, x->side);
        }
    }
    stats->iterations = (int)it;
    /* the most visited of the root's decisions (all of them legal now) */
    PpDecision pick = root_legal[0];
    uint32_t most = 0;
    for (int ch = t.v[0].child; ch >= 0; ch = t.v[ch].next)
        if (t.v[ch].visits > most) {
            most = t.v[ch].visits;
            pick = t.v[ch].d;
        }
    free(t.v);
    return pick;
}
