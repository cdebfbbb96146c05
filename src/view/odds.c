/* The odds of a combat (view/odds.h). */
#include "view/odds.h"

#include <stdio.h>
#include <string.h>

double odds_die(int hit_on, int mod)
{
    int need = hit_on - mod; /* the face that hits */
    if (need <= 1)
        return 1.0;
    if (need > 6)
        return 0.0;
    return (7 - need) / 6.0;
}

/* The number of hits from n dice, each with its own chance: dist[k]. */
static void hits_dist(const double *p, int n, double *dist)
{
    for (int k = 0; k <= ODDS_MAX_HITS; k++)
        dist[k] = 0;
    dist[0] = 1;
    for (int i = 0; i < n; i++)
        for (int k = i + 1; k >= 0; k--)
            dist[k] = dist[k] * (1 - p[i]) + (k > 0 ? dist[k - 1] * p[i] : 0);
}

/* Each die's chance with the bonus spread one point a die, then a second
 * round, as far as it goes (ELITE-BONUS: the owner places them before the roll). */
static void side_chances(int dice, int bonus, int mod, int first_mod, int hit_on, double *p)
{
    int on[CB_MAX_DICE] = {0};
    for (int b = 0; b < bonus && dice > 0; b++)
        on[b % dice]++;
    for (int i = 0; i < dice; i++)
        p[i] = odds_die(hit_on, on[i] + mod + (i == 0 ? first_mod : 0));
}

void odds_combat(const CombatPreview *pv, CombatOdds *o)
{
    memset(o, 0, sizeof *o);
    double p[CB_MAX_DICE];
    o->natt = pv->att_dice < CB_MAX_DICE ? pv->att_dice : CB_MAX_DICE;
    o->ndef = pv->def_dice < CB_MAX_DICE ? pv->def_dice : CB_MAX_DICE;
    side_chances(o->natt, pv->att_bonus, pv->att_mod, 0, pv->hit_on, p);
    hits_dist(p, o->natt, o->att_hits);
    side_chances(o->ndef, pv->def_bonus, pv->def_mod, pv->def_first_mod, pv->hit_on, p);
    hits_dist(p, o->ndef, o->def_hits);
    for (int k = 0; k <= ODDS_MAX_HITS; k++) {
        o->att_mean += k * o->att_hits[k];
        o->def_mean += k * o->def_hits[k];
        if (k >= pv->def_steps + 1 && pv->def_steps > 0)
            o->def_gone += o->att_hits[k];
        if (k >= pv->def_steps && pv->def_steps > 0)
            o->def_gone_held += o->att_hits[k];
        if (k + pv->works_steps + pv->bw_steps >= pv->att_steps && pv->att_steps > 0)
            o->att_gone += o->def_hits[k];
    }
}

static int pct(double x) { return (int)(x * 100 + 0.5); }

/* "0:12% 1:38% 2:35% 3+:15%" over the hits one side may score. */
static void dist_text(const double *d, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    int top = n < 3 ? n : 3;
    for (int k = 0; k <= top && len < size; k++) {
        double x = d[k];
        if (k == top)
            for (int j = k + 1; j <= n; j++)
                x += d[j];
        len += (size_t)snprintf(buf + len, size - len, "%s%d%s:%d%%", k ? " " : "", k, k == top && top < n ? "+" : "",
                                pct(x));
    }
}

void odds_line(const CombatPreview *p, const CombatOdds *o, char *buf, size_t size)
{
    snprintf(buf, size, "%d to %d: %d dice against %d; you hit 1+: %d%%, all their steps: %d%%; they hit 1+: %d%%%s",
             p->att_points, p->def_points, p->att_dice, p->def_dice, pct(1 - o->att_hits[0]), pct(o->def_gone),
             pct(1 - o->def_hits[0]), p->cover_step_from || p->bw_possible || p->skirm_possible ? " (before their answer)" : "");
}

void odds_text(const CombatPreview *p, const CombatOdds *o, int w, char *buf, size_t size)
{
    (void)w;
    char ratio[32], ah[120], dh[120];
    if (p->def_points > 0)
        snprintf(ratio, sizeof ratio, "%.2f:1", (double)p->att_points / p->def_points);
    else
        snprintf(ratio, sizeof ratio, "no defence");
    dist_text(o->att_hits, o->natt, ah, sizeof ah);
    dist_text(o->def_hits, o->ndef, dh, sizeof dh);
    size_t len = (size_t)snprintf(buf, size,
                                  "Points %d to %d (%s)\n"
                                  "Dice: %s\n",
                                  p->att_points, p->def_points, ratio, p->why);
    if (len < size && (p->att_bonus || p->def_bonus))
        len += (size_t)snprintf(buf + len, size - len, "Elite bonus: yours %d, theirs %d (one a die assumed)\n",
                                p->att_bonus, p->def_bonus);
    if (len < size && p->att_dice_bw >= 0)
        len += (size_t)snprintf(buf + len, size - len,
                                "Their breastwork: %d dice for you if they take a die instead of a step\n",
                                p->att_dice_bw);
    if (len < size && (p->att_mod || p->def_mod || p->def_first_mod))
        len += (size_t)snprintf(buf + len, size - len, "Every die: yours %+d, theirs %+d (out of supply)%s%.0d%s\n",
                                p->att_mod, p->def_mod, p->def_first_mod ? "; their first die " : "", p->def_first_mod,
                                p->def_first_mod ? " (forced march)" : "");
    if (len < size && p->works_steps)
        len += (size_t)snprintf(buf + len, size - len, "The works cost you %d step%s whatever the dice\n",
                                p->works_steps, p->works_steps == 1 ? "" : "s");
    if (len < size && p->bw_steps)
        len += (size_t)snprintf(buf + len, size - len, "Their breastwork: a step from you after the combat (or a die)\n");
    if (len < size && (p->bw_possible || p->skirm_possible))
        len += (size_t)snprintf(buf + len, size - len, "Before the dice they may still %s%s%s: the odds below are without\n",
                                p->skirm_possible ? "put out a skirmisher" : "", p->skirm_possible && p->bw_possible ? " and " : "",
                                p->bw_possible ? "build a breastwork (a die or a step from you)" : "");
    if (len < size && p->cover_step_from)
        len += (size_t)snprintf(buf + len, size - len,
                                "The Automa rolls for cover first (J.1): on %d-6 you lose a step after the combat, "
                                "below a die; its artillery adds to its points and its corps modifiers to its hits "
                                "after the roll: the odds below are before all that\n",
                                p->cover_step_from);
    if (len < size)
        len += (size_t)snprintf(buf + len, size - len,
                                "Your hits (they have %d steps): %s\n"
                                "Their hits (you have %d steps): %s\n"
                                "They lose every step: %d%% (%d%% with nowhere to retreat)\n"
                                "You lose every step: %d%%\n",
                                p->def_steps, ah, p->att_steps, dh, pct(o->def_gone), pct(o->def_gone_held),
                                pct(o->att_gone));
}

/* The chance of each result over the six faces, "no effect 50%, DIS 33%". */
static size_t bombard_chances(const unsigned char *r, char *buf, size_t size)
{
    static const char *const name[] = {"no effect", "DIS", "a step", "a step and DIS"};
    size_t len = 0;
    buf[0] = '\0';
    for (int res = 0; res < 4 && len < size; res++) {
        int n = 0;
        for (int d = 0; d < 6; d++)
            n += r[d] == res;
        if (n)
            len += (size_t)snprintf(buf + len, size - len, "%s%s %d%%", len ? ", " : "", name[res],
                                    (int)(n * 100.0 / 6 + 0.5));
    }
    return len;
}

void odds_bombard_line(const BombardPreview *p, char *buf, size_t size)
{
    char mods[120] = "";
    size_t m = 0;
    if (p->terrain_mod)
        m += (size_t)snprintf(mods + m, sizeof mods - m, "%sterrain %+d", m ? ", " : "", p->terrain_mod);
    if (p->bw_mod)
        m += (size_t)snprintf(mods + m, sizeof mods - m, "%sbreastwork %+d", m ? ", " : "", p->bw_mod);
    if (p->fort_mod)
        m += (size_t)snprintf(mods + m, sizeof mods - m, "%sfortification %+d", m ? ", " : "", p->fort_mod);
    if (p->event_mod)
        snprintf(mods + m, sizeof mods - m, "%sevent %+d", m ? ", " : "", p->event_mod);
    char a[200], b[200];
    bombard_chances(p->result, a, sizeof a);
    size_t len = (size_t)snprintf(buf, size, "factor %d%s%s%s: %s", p->factor, mods[0] ? " (" : "", mods,
                                  mods[0] ? ")" : "", a);
    if (p->breastwork_possible && len < size) {
        bombard_chances(p->result_bw, b, sizeof b);
        snprintf(buf + len, size - len, "; if they build a breastwork first: %s", b);
    }
}

void odds_engage(const EngageDice *e, int hit_on, int march_penalty, CombatOdds *o)
{
    memset(o, 0, sizeof *o);
    o->natt = e->ai_dice < 6 ? e->ai_dice : 6;
    o->ndef = e->conf_dice < CB_MAX_DICE ? e->conf_dice : CB_MAX_DICE;
    int faces[6] = {1, 1, 1, 1, 1, 1}, total = 1;
    for (int i = 0; i < o->natt; i++)
        total *= 6;
    for (int k = 0; k < total; k++) { /* every roll of its dice, its points placed in its best way */
        int x = k;
        for (int i = 0; i < o->natt; i++, x /= 6)
            faces[i] = x % 6 + 1;
        int h = automa_best_hits(faces, o->natt, e->ai_points, hit_on);
        o->att_hits[h < ODDS_MAX_HITS ? h : ODDS_MAX_HITS] += 1.0 / total;
    }
    double p[CB_MAX_DICE];
    side_chances(o->ndef, e->conf_bonus, 0, e->conf_marched ? -march_penalty : 0, hit_on, p);
    hits_dist(p, o->ndef, o->def_hits);
    for (int k = 0; k <= ODDS_MAX_HITS; k++) {
        o->att_mean += k * o->att_hits[k];
        o->def_mean += k * o->def_hits[k];
        if (k >= e->conf_steps && e->conf_steps > 0)
            o->def_gone += o->att_hits[k];
        if (k + e->bw_steps + e->fort_steps >= e->ai_steps && e->ai_steps > 0)
            o->att_gone += o->def_hits[k];
    }
}

void odds_engage_text(const EngageDice *e, const CombatOdds *o, char *buf, size_t size)
{
    char ah[120], dh[120];
    dist_text(o->att_hits, o->natt, ah, sizeof ah);
    dist_text(o->def_hits, o->ndef, dh, sizeof dh);
    size_t len = (size_t)snprintf(buf, size,
                                  "The Automa attacks: %d dice (+%d after its roll), you %d (+%d bonus)\n"
                                  "Its hits (you have %d steps): %s\n"
                                  "Your hits: %s\n",
                                  e->ai_dice, e->ai_points, e->conf_dice, e->conf_bonus, e->conf_steps, ah, dh);
    if (len < size && e->calloff_faces)
        len += (size_t)snprintf(buf + len, size - len, "Fewer dice: it calls it off on %d in 6 (AI-INTERRUPT)\n",
                                e->calloff_faces);
    if (len < size && e->bw_pending)
        snprintf(buf + len, size - len, "Your breastwork: a die or a step from it, your choice after done\n");
}
