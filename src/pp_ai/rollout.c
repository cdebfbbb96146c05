/* The rollout level: Monte Carlo over the decisions open now (no tree), with
 * the greedy level's play-outs (one step of policy improvement over the
 * greedy level: Tesauro and Galperin, 1996; Bertsekas's "rollout").
 *
 * Each round samples one whole game from the view and the memory
 * (pp_ai_determinize) and one seed for the play-outs; each decision still
 * in the search is then applied to a copy of that same game and played
 * out to the end by the greedy level for both sides (no random
 * decisions), its dice and tie-breaks from that same seed. A win counts
 * 1, a tie 1/2, a loss 0. Trying the decisions in the same sampled games
 * with the same dice (common random numbers) is what makes few rounds
 * enough: the play-outs of two decisions differ only by what the
 * decisions change, not by luck, and most play-outs between greedy
 * players end in the same tie, so a decision that turns some of them
 * into wins stands out.
 *
 * The Confederates' play-outs are spent by sequential halving (Karnin,
 * Koren and Somekh, 2013; HALVING below; the Union's search is flat: the
 * same rounds for every decision searched): ceil(log2 n) stages for the
 * n decisions searched, each stage with an equal share of the budget
 * spread evenly over the decisions still in, after which the worse half
 * (by the mean of all their play-outs so far) is dropped; the decision
 * played is the last one left. The decisions near the best get most of
 * the play-outs (at 1,500 and 25 decisions, 12 each in the first stage
 * and about 300 each for the last two), where the flat search gives every
 * one the same 60: the few play-outs that tell the best from the next
 * show (75 wins in 100 against greedy, seeds 3001-3100, where the flat
 * search won 60). Every stage's rounds still play out all the decisions
 * left in the same games. Ties of the means (the most usual thing: every
 * play-out a tie) go to the decision liked most (liking below: greedy's
 * score, less what a move gives back).
 *
 * Why it beats the greedy level it plays out: where greedy only holds its
 * victory area (greedy against greedy ties 96 games in 100), the search
 * sees the play-outs in which a strike at the enemy's victory area, made
 * when the enemy cannot answer it (late in the last turn, or with more
 * dice than he can bring), wins the game, and plays it. Against the greedy
 * level its model of the enemy is the enemy's own policy.
 *
 * The Confederates' own play-outs follow the strike policy (greedy.c,
 * strike_step; STRIKE below), the enemy's stay greedy's. The Union's
 * strike is a short one (Falmouth's stack steps over the river into
 * Fredericksburg), but Chancellorsville is held by four Union counters and
 * a trench, which one unit cannot take: greedy never sends a second unit
 * into a stack it does not outnumber, so with greedy play-outs the first
 * step of a strike looked like a sacrifice, and the Confederates struck
 * piecemeal (two divisions into four counters, beaten in turn) and tied
 * 143 games in 300 against greedy. The strike policy heads for the enemy's
 * victory area, starts a strike there when the units next to it outnumber
 * the defenders, and brings every unit it can into a strike under way,
 * the leaders who help every die first. The opponent is still modelled
 * as greedy, for any opponent: that is an assumption of the search (the
 * policy it would play itself), not knowledge of who it plays.
 *
 * What is searched: from turn 4 on (FIRST_TURN), the KEEP decisions
 * greedy likes most, every decision aimed at a victory area (a move or a
 * retreat into one, a fight or a trench in one, a move out of one) and
 * `done`; the rest are greedy's. Before turn 4, and in the set-up, the
 * greedy level decides alone: play-outs from the first turns are long (so
 * few) and their results mostly ties, and in 40-game trials searching
 * from turn 1 was no stronger (57% wins as the Union against greedy at 200
 * play-outs, against 90% from turn 4) and 3 to 4 times slower. Fewer
 * decisions played out means more rounds for each within the budget:
 * keeping 6 rather than 12 did as well at 400 play-outs (67 against 62
 * wins in 100 games as the Confederates), and at 1,500 (12 kept: 104 wins
 * in 200, seeds 1001-1200, as the 6 kept win about half).
 *
 * Budget (PpAiBudget): `iterations` play-outs in all for a decision, at
 * most `per_choice` for each decision searched (as many as the flat
 * search's `per_choice` rounds took); the seconds cap stops it between
 * rounds (never inside one, so every decision still in has had the same
 * games), and the best mean of those still in is played. With no count
 * of play-outs (the cap alone), the rounds go on over every decision
 * until the cap. The set-up is the greedy level's (the standard set-up); a
 * forced decision takes no play-out. */
#include <stdbool.h>
#include <stdlib.h>

#include "pp_ai/pp_ai_internal.h"

#define SAMPLE_TRIES 64
#define FIRST_TURN 4 /* before it, greedy's decision (see above) */
#define KEEP 6       /* the decisions greedy likes most that are played out, besides those below */
/* a side's own play-outs strike-minded (see above): the Union's stay
 * greedy's, whose results (95% against greedy) they kept */
static const bool STRIKE[PP_SIDES] = {false, true};
/* a side's play-outs spent by sequential halving (see above), else flat:
 * every decision searched the same rounds. As the Union, halving won 92
 * of 100 games against greedy where the flat search won 99 (seeds 1-100,
 * 1,500 play-outs): the Union keeps the flat search. */
static const bool HALVING[PP_SIDES] = {false, true};

static double value_for(int result, int side) { return result == side ? 1.0 : result == PP_TIE ? 0.5 : 0.0; }

/* The root's liking of a decision, the order of the decisions kept and
 * what breaks a tie of the play-outs: greedy's score, less what a move
 * gives back. A unit stepping out of an area it holds alone, not a victory
 * area (greedy minds those), hands it back to the enemy when the area's
 * printed flag is his: the area greedy likes taking at the other end is
 * then no gain, so its worth (and one more: the move is spent for nothing)
 * comes off. A step nearer a victory area keeps its worth of the step
 * (greedy's +6) and stays above `done`. Without this, in the last turns,
 * where most play-outs tie, a Confederate minor unit stepped back and
 * forth between Stafford Heights and Hartwood Church (both printed Union)
 * every impulse, spending a move of the impulse each time. */
static int liking(const PpAiMap *m, const PpGame *g, const PpDecision *d)
{
    int s = pp_ai_greedy_score_map(m, g, d);
    if (d->kind != PP_D_MOVE)
        return s;
    int side = g->to_move, from = g->where[d->a], kind = m->pd->counters[d->a].kind;
    if (from >= 0 && !((m->key >> from) & 1u) && g->units[side][from] == 1 && g->units[1 - side][from] == 0 &&
        m->pd->areas[from].control != side)
        s -= (kind == PP_MINOR ? GREEDY_TAKE_MINOR : GREEDY_TAKE_OTHER) + 1;
    return s;
}

/* One search: the decisions (list), what their play-outs have given. */
typedef struct {
    const PpData *pd;
    const PpView *v;
    const PpAiMemory *mem;
    Rng *rng;
    const PpAiMap *map;
    const PpDecision *list;
    PpDecision *buf;
    int side;
    double t0, seconds;
    PpAiStats *stats;
    long rounds;
    double sum[PP_MAX_LEGAL];
    int tried[PP_MAX_LEGAL];
} Search;

/* One round: a game sampled (g0 itself the first time) and one seed for
 * the play-outs; each of the k decisions keep[] played out in a copy of
 * it with the same dice. False, and nothing played, when the time cap has
 * come (never before the first round). */
static bool play_round(Search *s, PpGame *g0, const int *keep, int k)
{
    if (s->seconds > 0 && s->rounds > 0 && pp_ai_now() - s->t0 >= s->seconds) {
        s->stats->capped = true;
        return false;
    }
    if (s->rounds > 0)
        pp_ai_determinize(s->pd, s->v, s->mem, s->rng, SAMPLE_TRIES, g0);
    s->rounds++;
    Rng seed = *s->rng;
    rng_next(s->rng);
    for (int j = 0; j < k; j++) {
        int i = keep[j];
        PpGame g = *g0;
        if (pp_apply(&g, &s->list[i], NULL, NULL, 0) != 0)
            continue; /* not open in this sample */
        Rng prng = seed;
        pp_ai_playout(s->map, &g, &prng, s->buf, 0);
        s->sum[i] += value_for(pp_result(&g), s->side);
        s->tried[i]++;
    }
    s->stats->iterations += k;
    return true;
}

static double mean_of(const Search *s, int i) { return s->tried[i] ? s->sum[i] / s->tried[i] : -1; }

/* Orders keep[] by the mean of the play-outs, the best first; equal means
 * keep their order (the liking's at first, then an earlier stage's). */
static void sort_by_mean(const Search *s, int *keep, int k)
{
    for (int j = 1; j < k; j++) { /* insertion sort, stable */
        int x = keep[j], at = j;
        double mx = mean_of(s, x);
        for (; at > 0 && mean_of(s, keep[at - 1]) < mx; at--)
            keep[at] = keep[at - 1];
        keep[at] = x;
    }
}

/* The best mean of the k decisions keep[], the first of equals. */
static int best_of(const Search *s, const int *keep, int k)
{
    int best = keep[0];
    for (int j = 1; j < k; j++)
        if (mean_of(s, keep[j]) > mean_of(s, best))
            best = keep[j];
    return best;
}

PpDecision pp_ai_rollout(const PpData *pd, const PpView *v, const PpAiMemory *mem, Rng *rng, const PpAiBudget *b,
                         PpAiStats *stats)
{
    double t0 = pp_ai_now();
    static _Thread_local PpDecision list[PP_MAX_LEGAL], buf[PP_MAX_LEGAL];
    PpGame g0;
    pp_ai_determinize(pd, v, mem, rng, SAMPLE_TRIES, &g0);
    int n = pp_legal(&g0, list, PP_MAX_LEGAL);
    if (n > PP_MAX_LEGAL)
        n = PP_MAX_LEGAL;
    stats->open = n;
    if (n <= 1)
        return n == 1 ? list[0] : (PpDecision){PP_D_DONE, -1, -1};
    PpAiMap map;
    pp_ai_map_init(&map, pd);
    PpAiMap strike = map; /* the play-outs' map: our side strike-minded */
    strike.strike[v->side] = STRIKE[v->side];
    if (v->phase == PP_PH_SETUP)
        return list[pp_ai_greedy_pick(&map, &g0, list, n, rng)];
    /* the decisions in the order of liking (the tie-break) */
    int score[PP_MAX_LEGAL];
    for (int i = 0; i < n; i++)
        score[i] = liking(&map, &g0, &list[i]);
    for (int i = 1; i < n; i++) { /* insertion sort, stable: few dozen decisions */
        PpDecision d = list[i];
        int s = score[i], j = i;
        for (; j > 0 && score[j - 1] < s; j--) {
            list[j] = list[j - 1];
            score[j] = score[j - 1];
        }
        list[j] = d;
        score[j] = s;
    }
    /* the best liked, and every decision aimed at a victory area */
    if (v->turn < FIRST_TURN)
        return list[pp_ai_greedy_pick(&map, &g0, list, n, rng)];
    int m = 0;
    for (int i = 0; i < n; i++) {
        const PpDecision *d = &list[i];
        int area = d->kind == PP_D_MOVE || d->kind == PP_D_RETREAT ? d->b
                   : d->kind == PP_D_FIGHT || d->kind == PP_D_TRENCH ? d->a
                                                                     : -1;
        bool aimed = area >= 0 && ((map.key >> area) & 1u);
        bool from_key = d->kind == PP_D_MOVE && ((map.key >> g0.where[d->a]) & 1u);
        if (i < KEEP || aimed || from_key || d->kind == PP_D_DONE) {
            list[m] = list[i];
            score[m++] = score[i];
        }
    }
    n = m;
    long total = b->iterations > 0 ? b->iterations : -1; /* play-outs; -1: the time cap alone */
    if (b->per_choice > 0 && (total < 0 || total > (long)b->per_choice * n))
        total = (long)b->per_choice * n;
    if (total >= 0 && total < n)
        total = n;
    Search s = {.pd = pd, .v = v, .mem = mem, .rng = rng, .map = &strike, .list = list, .buf = buf, .side = v->side,
                .t0 = t0, .seconds = b->seconds, .stats = stats};
    int keep[PP_MAX_LEGAL]; /* the decisions still in, by index into list */
    for (int i = 0; i < n; i++)
        keep[i] = i;
    int k = n;
    if (total < 0) { /* no count of play-outs: rounds until the time cap */
        while (play_round(&s, &g0, keep, k))
            ;
        return list[best_of(&s, keep, k)];
    }
    if (!HALVING[v->side]) { /* flat: the same rounds for every decision */
        for (long r = 0; r < total / n; r++)
            if (!play_round(&s, &g0, keep, k))
                break;
        return list[best_of(&s, keep, k)];
    }
    /* sequential halving: ceil(log2 n) stages, each with an equal share of
     * the play-outs, the worse half dropped after each */
    int stages = 0;
    while ((1 << stages) < n)
        stages++;
    long spent = 0;
    for (int st = 0; st < stages && k > 1; st++) {
        long share = (total - spent) / (stages - st);
        long rounds = share / k > 0 ? share / k : 1;
        for (long r = 0; r < rounds; r++) {
            if (!play_round(&s, &g0, keep, k))
                return list[best_of(&s, keep, k)];
            spent += k;
        }
        sort_by_mean(&s, keep, k);
        k = (k + 1) / 2;
    }
    return list[keep[0]];
}
