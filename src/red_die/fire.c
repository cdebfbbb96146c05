/* The Red Die of Courage: RDC-FIRE ([3.2]: the unit rule's line of fire,
 * the range band between the leaders and the weapon's row, the cover the
 * greater part of the target holds (the highest of a soldier's covers
 * only), the target's quality as the successes needed, one more hit per
 * success above it), RDC-VOLLEY ([3.2.2]: a line of at least six uses the
 * volley row when it is the better), RDC-LOSSES (the defender assigns the
 * hits: the most exposed first, the wounded only when no unhurt soldier is
 * in sight, the leader last of the whole unit; a soldier down cannot be hit), RDC-FIRE-LOSS
 * (the table) and RDC-WOUNDS (two light = bad; bad and another = dead;
 * a red die for each death and bad wound). */
#include <stdlib.h>

#include "red_die/rd_internal.h"

int rd_leaders_mm(const RdGame *g, int squad, int target)
{
    int a = rd_leader(g, squad), b = rd_leader(g, target);
    return a < 0 || b < 0 ? -1 : rd_distance_mm(RDR(g), rd_soldier_cell(g, a), rd_soldier_cell(g, b));
}

int rd_fire_band(const RdGame *g, int squad, int target)
{
    int a = rd_leader(g, squad), b = rd_leader(g, target);
    if (a < 0 || b < 0)
        return -1;
    for (int band = 0; band < RD_NRANGES; band++)
        if (rd_within(RDR(g), rd_soldier_cell(g, a), rd_soldier_cell(g, b), RDR(g)->range_mm[band]))
            return band;
    return -1;
}

/* [3.2.2] "at least 6, in base contact with each other to form a fire line":
 * the largest run of able soldiers each next to another (a hole breaks it). */
static bool volley(const RdGame *g, int squad)
{
    int need = RDR(g)->volley_min_soldiers;
    if (!g->squads[squad].line || rd_able(g, squad) < need)
        return false;
    int m[RD_MAX_SOLDIERS], n = 0;
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && rd_soldier_able(&g->soldiers[i]))
            m[n++] = i;
    bool done[RD_MAX_SOLDIERS] = {false};
    for (int start = 0; start < n; start++) {
        if (done[start])
            continue;
        int stack[RD_MAX_SOLDIERS], top = 0, size = 0;
        stack[top++] = start;
        done[start] = true;
        while (top > 0) {
            const RdSoldier *a = &g->soldiers[m[stack[--top]]];
            size++;
            for (int j = 0; j < n; j++) {
                const RdSoldier *b = &g->soldiers[m[j]];
                if (!done[j] && abs(a->col - b->col) <= 1 && abs(a->row - b->row) <= 1) {
                    done[j] = true;
                    stack[top++] = j;
                }
            }
        }
        if (size >= need)
            return true;
    }
    return false;
}

/* The weapon's modifier at the band, or the volley's when better ([3.2.1]:
 * the highest only). A volley is a way of firing the weapon: never beyond its range. */
static int band_modifier(const RdGame *g, int squad, int band)
{
    if (band < 0)
        return RD_OUT_OF_RANGE;
    int m = RDR(g)->weapon_mod[g->squads[squad].weapon][band];
    if (m != RD_OUT_OF_RANGE && volley(g, squad)) {
        int v = RDR(g)->weapon_mod[RD_VOLLEY][band];
        if (v != RD_OUT_OF_RANGE && v > m)
            m = v;
    }
    return m;
}

const char *rd_fire_refusal(const RdGame *g, int squad, int target, char *buf, size_t n)
{
    if (squad < 0 || squad >= g->nsquads || target < 0 || target >= g->nsquads)
        return rd_refuse(buf, n, "no such squad");
    if (g->squads[squad].side == g->squads[target].side)
        return rd_refuse(buf, n, "not an enemy squad");
    RdCell firers[RD_MAX_SOLDIERS], targets[RD_MAX_SOLDIERS];
    int nf = rd_squad_cells(g, squad, RD_ABLE, firers), nt = rd_squad_cells(g, target, RD_HITTABLE, targets);
    if (nf == 0)
        return rd_refuse(buf, n, "no soldier able to fire");
    if (nt == 0)
        return rd_refuse(buf, n, "no soldier of the target can be hit");
    if (band_modifier(g, squad, rd_fire_band(g, squad, target)) == RD_OUT_OF_RANGE)
        return rd_refuse(buf, n, "out of range");
    if (!rd_unit_sees(RDF(g), RDR(g), firers, nf, targets, nt))
        return rd_refuse(buf, n, "no line of fire (half plus one must see half plus one)");
    return NULL;
}

/* The cover of the target unit: the one half plus one of its soldiers that may be hit hold,
 * those in sight of a firer when any is (a hit goes to them first: rd_loss_candidates), so a
 * man no firer sees neither gives nor takes away cover. */
int rd_fire_cover(const RdGame *g, int squad, int target)
{
    if (rd_leader(g, squad) < 0)
        return RD_COVER_NONE;
    RdCell targets[RD_MAX_SOLDIERS], firers[RD_MAX_SOLDIERS], from = rd_soldier_cell(g, rd_leader(g, squad));
    int nt = rd_squad_cells(g, target, RD_HITTABLE, targets), nf = rd_squad_cells(g, squad, RD_ABLE, firers);
    int seen = 0, count[RD_NCOVER] = {0};
    for (int i = 0; i < nt; i++) { /* those in sight to the front, in order */
        bool sight = false;
        for (int k = 0; k < nf && !sight; k++)
            sight = rd_sees(RDF(g), RDR(g), firers[k], targets[i]);
        if (sight) {
            RdCell t = targets[i];
            for (int j = i; j > seen; j--)
                targets[j] = targets[j - 1];
            targets[seen++] = t;
        }
    }
    if (seen > 0)
        nt = seen;
    for (int i = 0; i < nt; i++)
        count[rd_cover(RDF(g), RDR(g), from, targets[i])]++;
    int held = 0;
    for (int c = RD_NCOVER - 1; c >= 0; c--) {
        held += count[c];
        if (held >= nt / 2 + 1)
            return c;
    }
    return RD_COVER_NONE;
}

int rd_fire_modifier(const RdGame *g, int squad, int target)
{
    int m = band_modifier(g, squad, rd_fire_band(g, squad, target));
    if (m == RD_OUT_OF_RANGE || rd_leader(g, squad) < 0)
        return m;
    return m + RDR(g)->cover_mod[rd_fire_cover(g, squad, target)];
}

void rd_fire(RdGame *g, RdEvents *ev, int squad, int target, int successes, int bonus, int after)
{
    int eff = successes + bonus + rd_fire_modifier(g, squad, target), quality = g->squads[target].quality;
    int side = g->squads[squad].side;
    rd_emit(ev, RD_EV_FIRE, side, squad, -1, target, -1, -1, eff, quality);
    RdActivation *a = &g->act;
    a->after_loss = (int8_t)after;
    a->hit_squad = (int8_t)target;
    a->from_squad = (int8_t)squad;
    /* the roll must give a success of its own, before any bonus or malus: modifiers never hit alone
     * (docs/rulings.md) */
    a->hits = (int8_t)(successes > 0 && eff >= quality ? eff - quality + 1 : 0);
    if (a->hits == 0)
        rd_emit(ev, RD_EV_NO_HIT, side, squad, -1, target, -1, -1, 0, 0);
    rd_next_loss(g, ev);
}

/* RDC-WOUNDS */
void rd_wound(RdGame *g, RdEvents *ev, int soldier, int effect, const RdTable *table)
{
    RdSoldier *s = &g->soldiers[soldier];
    int result = effect;
    if (s->wound != RD_UNHURT && (effect == RD_FX_LIGHT_WOUND || effect == RD_FX_BAD_WOUND))
        result = RDR(g)->wound_again[s->wound == RD_BAD][effect == RD_FX_BAD_WOUND]; /* rules.ini [wounds] */
    int side = g->squads[s->squad].side, red = 0;
    for (int f = 0; f < 6; f++)
        if (table->row[f].effect == result)
            red = table->row[f].amount; /* the red dice of the row the soldier ends on */
    if (result == RD_FX_DEAD) {
        s->where = RD_DEAD;
        s->prone = 0;
    } else if (result == RD_FX_BAD_WOUND) {
        s->wound = RD_BAD;
        s->prone = 0;
    } else {
        s->wound = RD_LIGHT;
        s->prone = 1;
    }
    rd_emit(ev, RD_EV_WOUND, side, s->squad, soldier, -1, -1, -1, result == RD_FX_DEAD ? 0 : s->wound, 0);
    rd_add_red(g, ev, side, red);
    if (result == RD_FX_DEAD)
        rd_after_leaving(g, ev, soldier);
}

static void hit(RdGame *g, RdEvents *ev, int soldier)
{
    const RdTable *t = &RDR(g)->fire_loss;
    int squad = g->soldiers[soldier].squad;
    int face = rd_roll(g, ev, RD_ROLL_FIRE_LOSS, squad, soldier);
    rd_emit(ev, RD_EV_HIT, g->squads[squad].side, squad, soldier, -1, -1, -1, g->soldiers[soldier].wound,
            t->row[face - 1].effect);
    rd_wound(g, ev, soldier, t->row[face - 1].effect, t);
}

/* RDC-LOSSES: the soldiers the next hit may go to. */
int rd_loss_candidates(const RdGame *g, int *out)
{
    int target = g->act.hit_squad, from = g->act.from_squad;
    RdCell firers[RD_MAX_SOLDIERS];
    int nf = from >= 0 ? rd_squad_cells(g, from, RD_ABLE, firers) : 0;
    int pool[RD_MAX_SOLDIERS], n = 0, seen = 0;
    /* "The leader is always the last to fall": while any other soldier of the unit may be hit, in sight
     * or not, the leader may not */
    int leader = rd_leader(g, target);
    bool follower = false;
    for (int i = 0; i < g->nsoldiers; i++)
        follower |= g->soldiers[i].squad == target && rd_hittable(&g->soldiers[i]) && i != leader;
    for (int i = 0; i < g->nsoldiers; i++) {
        if (g->soldiers[i].squad != target || !rd_hittable(&g->soldiers[i]) || (follower && i == leader))
            continue;
        bool sight = false;
        for (int k = 0; k < nf && !sight; k++)
            sight = rd_sees(RDF(g), RDR(g), firers[k], rd_soldier_cell(g, i));
        /* those in sight first: sorted in front of the pool */
        if (sight) {
            for (int j = n; j > seen; j--)
                pool[j] = pool[j - 1];
            pool[seen++] = i;
        } else
            pool[n] = i;
        n++;
    }
    if (seen > 0)
        n = seen;
    bool unhurt = false; /* the unhurt first */
    for (int i = 0; i < n; i++)
        unhurt |= g->soldiers[pool[i]].wound == RD_UNHURT;
    int low = RD_NCOVER, cover[RD_MAX_SOLDIERS], count = 0;
    RdCell at = from >= 0 && rd_leader(g, from) >= 0 ? rd_soldier_cell(g, rd_leader(g, from)) : (RdCell){0, 0};
    for (int i = 0; i < n; i++) {
        const RdSoldier *s = &g->soldiers[pool[i]];
        cover[i] = RD_NCOVER;
        if (unhurt && s->wound != RD_UNHURT)
            continue;
        cover[i] = rd_cover(RDF(g), RDR(g), at, rd_soldier_cell(g, pool[i]));
        if (cover[i] < low)
            low = cover[i];
    }
    for (int i = 0; i < n; i++)
        if (cover[i] == low)
            out[count++] = pool[i];
    return count;
}

void rd_next_loss(RdGame *g, RdEvents *ev)
{
    RdActivation *a = &g->act;
    while (a->hits > 0) {
        int c[RD_MAX_SOLDIERS], n = rd_loss_candidates(g, c);
        if (n == 0) {
            a->hits = 0;
            break;
        }
        if (n > 1) {
            g->stage = RD_ST_LOSS;
            g->to_move = g->squads[a->hit_squad].side;
            return;
        }
        hit(g, ev, c[0]);
        a->hits--;
    }
    g->stage = RD_ST_ACTIVATE;
    g->to_move = g->initiative;
    if (a->after_loss == RD_AFTER_DEFENSIVE)
        rd_assault_contact(g, ev);
    else
        rd_action_done(g, ev);
}

const char *rd_loss_refusal(const RdGame *g, const RdDecision *d, char *buf, size_t n)
{
    int c[RD_MAX_SOLDIERS], k = rd_loss_candidates(g, c);
    for (int i = 0; i < k; i++)
        if (c[i] == d->target)
            return NULL;
    return rd_refuse(buf, n, "the hit goes to the most exposed soldier in sight, unhurt before wounded, the leader "
                             "last");
}

void rd_apply_loss(RdGame *g, const RdDecision *d, RdEvents *ev)
{
    hit(g, ev, d->target);
    g->act.hits--;
    rd_next_loss(g, ev);
}
