/* The Red Die of Courage: RDC-MELEE ([3.3.1]: the attackers are the
 * assaulting squad's able soldiers and every able soldier of its side
 * within rules.voice_mm of its leader; the defenders' badly wounded and
 * soldiers down fall at once; the rest pair off in order, the squads'
 * leaders last, the supernumeraries supporting the pairs in turn; each soldier rolls his
 * squad's quality in dice, +rules.melee_support_bonus a fellow in support
 * (and a Charge!!!'s successes); the loser of a pair rolls the melee loss
 * table (RDC-MELEE-LOSS), a tie none; the side with more losses is defeated and flees
 * rules.defeat_flee_mm to the nearest cover, its wounded taken), and
 * RDC-SURRENDER (a defeated squad of rules.surrender_at_most or fewer
 * facing rules.surrender_ratio times as many surrenders). */
#include "red_die/rd_internal.h"

static void melee_loss(RdGame *g, RdEvents *ev, int soldier)
{
    const RdTable *t = &RDR(g)->melee_loss;
    int face = rd_roll(g, ev, RD_ROLL_MELEE_LOSS, g->soldiers[soldier].squad, soldier);
    rd_wound(g, ev, soldier, t->row[face - 1].effect, t);
}

static int melee_successes(RdGame *g, RdEvents *ev, int soldier)
{
    int squad = g->soldiers[soldier].squad, s = 0;
    for (int i = 0; i < g->squads[squad].quality; i++)
        s += rd_roll(g, ev, RD_ROLL_MELEE, squad, soldier) >= RDR(g)->success_face;
    return s;
}

/* The defeated squad: surrenders, or flees leaving its wounded as prisoners ([3.3.1] "The
 * wounded are automatically taken as prisoner": lightly wounded on their feet too). */
static void defeat(RdGame *g, RdEvents *ev, int loser, int winner, int winners)
{
    const RdRules *r = RDR(g);
    int m[RD_MAX_SOLDIERS], n = rd_members(g, loser, m), side = g->squads[loser].side, taken = 0;
    if (n == 0)
        return;
    bool surrender = n <= r->surrender_at_most && winners >= r->surrender_ratio * n;
    if (surrender)
        rd_emit(ev, RD_EV_SURRENDER, side, loser, -1, winner, -1, -1, n, winners);
    for (int i = n - 1; i >= 0; i--)
        if (surrender || g->soldiers[m[i]].wound != RD_UNHURT || g->soldiers[m[i]].prone) {
            rd_capture(g, ev, m[i], winner);
            taken++;
        }
    if (taken)
        rd_escort(g, ev, winner, taken);
    if (!surrender && rd_on_table(g, loser) > 0)
        rd_retreat(g, ev, loser, r->defeat_flee_mm, false, RD_EV_FLEE);
}

/* "The leader is always the last to fall": the men who lead their squads are paired last, so
 * that they support rather than fight when their side has men to spare (stable otherwise). */
static void leaders_last(const RdGame *g, int *who, int n)
{
    int out[RD_MAX_SOLDIERS], k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            int s = who[i];
            bool leads = rd_leader(g, g->soldiers[s].squad) == s;
            if (leads == (pass == 1))
                out[k++] = s;
        }
    for (int i = 0; i < n; i++)
        who[i] = out[i];
}

void rd_melee(RdGame *g, RdEvents *ev, int squad, int target, int bonus)
{
    const RdRules *r = RDR(g);
    int side = g->squads[squad].side, att[RD_MAX_SOLDIERS], def[RD_MAX_SOLDIERS], na = 0, nd = 0;
    int lost[2] = {0, 0}; /* 0: attackers, 1: defenders */
    RdCell voice = rd_soldier_cell(g, rd_leader(g, squad));
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (!rd_soldier_able(s) || g->squads[s->squad].side != side || g->squads[s->squad].routed)
            continue;
        if (s->squad == squad || (!g->act.alone && rd_within(r, voice, rd_soldier_cell(g, i), r->voice_mm)))
            att[na++] = i;
    }
    int m[RD_MAX_SOLDIERS], n = rd_members(g, target, m);
    for (int i = 0; i < n; i++) {
        RdSoldier *s = &g->soldiers[m[i]];
        if (rd_soldier_able(s)) {
            def[nd++] = m[i];
            continue;
        }
        rd_emit(ev, RD_EV_DEFENCELESS, s->squad >= 0 ? g->squads[s->squad].side : -1, s->squad, m[i], -1, -1, -1, 0,
                0);
        rd_wound(g, ev, m[i], RD_FX_DEAD, &r->melee_loss);
        lost[1]++;
    }
    leaders_last(g, att, na);
    leaders_last(g, def, nd);
    int pairs = na < nd ? na : nd, support[2][RD_MAX_SOLDIERS] = {{0}};
    for (int i = pairs; i < na && pairs > 0; i++)
        support[0][(i - pairs) % pairs]++;
    for (int i = pairs; i < nd && pairs > 0; i++)
        support[1][(i - pairs) % pairs]++;
    for (int p = 0; p < pairs; p++) {
        int sa = melee_successes(g, ev, att[p]) + support[0][p] * r->melee_support_bonus + bonus;
        int sd = melee_successes(g, ev, def[p]) + support[1][p] * r->melee_support_bonus;
        rd_emit(ev, RD_EV_MELEE, side, g->soldiers[att[p]].squad, att[p], def[p], -1, -1, sa, sd);
        if (sa != sd) {
            melee_loss(g, ev, sa > sd ? def[p] : att[p]);
            lost[sa > sd]++;
        }
    }
    if (lost[0] == lost[1] && (nd > 0 || na == 0))
        return; /* nobody defeated */
    bool attackers_lose = lost[0] > lost[1];
    int loser = attackers_lose ? squad : target, winner = attackers_lose ? target : squad;
    rd_emit(ev, RD_EV_DEFEAT, g->squads[loser].side, loser, -1, winner, -1, -1, lost[!attackers_lose],
            lost[attackers_lose]);
    int winners = 0;
    if (attackers_lose)
        winners = rd_on_table(g, target);
    else
        for (int i = 0; i < na; i++)
            winners += g->soldiers[att[i]].where == RD_ON_TABLE;
    defeat(g, ev, loser, winner, winners);
}
