/* Declaring an attack (COMBAT-WHO): which units may attack which hexes,
 * the hexes an attacker is obliged to attack too, and whether every
 * obligation is met before the activation may end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

static const Map *MAP(const Game *g) { return &g->gd->map; }

/* Why an active unit may not attack now, or NULL. */
const char *attacker_refusal(const Game *g, int u, int side)
{
    const UnitState *us = &g->st.unit[u];
    if (is_dummy(g, u))
        return "a dummy never fights (DUMMIES)";
    if (g->gd->units[u].side != side)
        return "that unit belongs to the other army";
    if (!unit_here(g, u) || !(us->flags & UF_ACTIVE))
        return "that unit is not active in this activation";
    if (us->flags & UF_FOUGHT)
        return "that unit has already attacked";
    if (us->flags & UF_FIRED)
        return "artillery that bombarded does not fight in the same turn (BOMBARD)";
    if (us->flags & (UF_DIS | UF_DEM))
        return "disorganized or demoralized units do not attack (DISORG, DEMORAL)";
    if (forced_march_bars(g, u))
        return "no unit of a force-marching formation attacks this turn (FORCED-MARCH)";
    return NULL;
}

bool was_attacked(const Game *g, int hex) { return short_list_has(g->st.attacked, g->st.nattacked, hex); }

/* COMBAT-WHO: "Attacking units or stacks are not obliged to attack
 * disorganized enemy units or stacks": a hex obliges the attacker only if
 * some real unit in it is in order. */
bool obliges(const Game *g, int hex, int enemy)
{
    if (hex < 0 || hex >= GS_MAX_HEXES)
        return false;
    for (int k = g->st.hex_first[hex]; k; k = g->st.unit_next[k - 1]) { /* the hex's units (the index) */
        int u = k - 1;
        if (unit_here(g, u) && g->gd->units[u].side == enemy && !is_skirmisher(g, u) && !is_dummy(g, u) &&
            !(g->st.unit[u].flags & (UF_DIS | UF_DEM)))
            return true;
    }
    return false;
}

void attackers_find(const Game *g, int side, Attackers *a)
{
    a->side = side;
    a->nable = 0;
    int n = g->st.nunits < GS_MAX_UNITS ? g->st.nunits : GS_MAX_UNITS;
    for (int u = 0; u < n; u++)
        a->slot[u] = -1;
    /* attacker_refusal says no to every unit not active: it is asked of the active ones */
    for (int u = unit_next_flagged(&g->st, 0, UF_ACTIVE); u < n; u = unit_next_flagged(&g->st, u + 1, UF_ACTIVE)) {
        if (attacker_refusal(g, u, side))
            continue;
        a->slot[u] = (short)a->nable;
        a->nnear[a->nable] = (unsigned char)enemy_neighbours(g, u, a->near[a->nable]);
        a->able[a->nable++] = (short)u;
    }
}

/* Whether some able attacker not in `busy` could still attack hex. */
static bool someone_could_attack(const Game *g, const Attackers *a, int hex, const short *busy, int nbusy)
{
    for (int i = 0; i < a->nable; i++) {
        int u = a->able[i];
        if (short_list_has(busy, nbusy, u))
            continue;
        if (is_skirmisher(g, u)) { /* only with another unit of its hex that could attack (SKIRM-RULES) */
            bool company = false;
            for (int j = 0; j < a->nable && !company; j++) {
                int v = a->able[j];
                company = v != u && !is_skirmisher(g, v) && g->st.unit[v].where == AT_MAP &&
                          g->st.unit[v].hex == g->st.unit[u].hex && !short_list_has(busy, nbusy, v);
            }
            if (!company)
                continue;
        }
        if (short_list_has(a->near[i], a->nnear[i], hex))
            return true;
    }
    return false;
}

/* attack_obligations, each attacker's enemy neighbours given (nbs[i],
 * nnb[i] for d->units[i]). */
static int obligations_near(const Game *g, const Decision *d, const short (*nbs)[DIR_COUNT], const int *nnb,
                            short *list, int n, int max)
{
    for (int i = 0; i < d->nunits; i++) {
        int u = d->units[i];
        if (g->gd->terrain[MAP(g)->hexes[g->st.unit[u].hex].terrain].choose_targets)
            continue;
        for (int j = 0; j < nnb[i] && n < max; j++)
            if (!short_list_has(list, n, nbs[i][j]) && obliges(g, nbs[i][j], 1 - d->side))
                list[n++] = nbs[i][j];
    }
    return n;
}

int attack_obligations(const Game *g, const Decision *d, short *list, int n, int max)
{
    short nbs[CB_MAX_UNITS][DIR_COUNT];
    int nnb[CB_MAX_UNITS];
    for (int i = 0; i < d->nunits && i < CB_MAX_UNITS; i++)
        nnb[i] = enemy_neighbours(g, d->units[i], nbs[i]);
    return obligations_near(g, d, (const short (*)[DIR_COUNT])nbs, nnb, list, n, max);
}

/* combat_obligations_after, each attacker's enemy neighbours given. */
static int obligations_after_near(const Game *g, const Decision *d, const short (*nbs)[DIR_COUNT], const int *nnb,
                                  short *out, int max)
{
    const GameState *st = &g->st;
    int side = d->side;
    short need[64];
    int nneed = 0;
    for (int i = 0; i < st->nobliged && nneed < 64; i++)
        need[nneed++] = st->obliged[i];
    nneed = obligations_near(g, d, nbs, nnb, need, nneed, 64);
    int n = 0;
    for (int i = 0; i < nneed; i++)
        if (!short_list_has(d->hexes, d->nhexes, need[i]) && !was_attacked(g, need[i]) && hex_has_side(g, need[i], 1 - side) &&
            n < max)
            out[n++] = need[i];
    return n;
}

int combat_obligations_after(const Game *g, const Decision *d, short *out, int max)
{
    short nbs[CB_MAX_UNITS][DIR_COUNT];
    int nnb[CB_MAX_UNITS];
    for (int i = 0; i < d->nunits && i < CB_MAX_UNITS; i++)
        nnb[i] = enemy_neighbours(g, d->units[i], nbs[i]);
    return obligations_after_near(g, d, (const short (*)[DIR_COUNT])nbs, nnb, out, max);
}

const char *attack_refusal(const Game *g, const Decision *d, char *buf, size_t n)
{
    return attack_refusal_among(g, d, NULL, buf, n);
}

const char *attack_refusal_among(const Game *g, const Decision *d, const Attackers *known, char *buf, size_t n)
{
    const GameState *st = &g->st;
    int side = d->side;
    if (g->gd->turns[st->turn - 1].night && !event_night_attack(g))
        return "there is no combat at night (unless by the Night Attack event)";
    if (d->nunits < 1 || d->nhexes < 1 || d->nhexes > CB_MAX_HEXES || d->nunits > CB_MAX_UNITS)
        return "name the attacking units and the hexes they attack";
    for (int h = 0; h < d->nhexes; h++) {
        int hex = d->hexes[h];
        if (hex < 0 || hex >= MAP(g)->cols * MAP(g)->rows || !hex_has_side(g, hex, 1 - side))
            return "no enemy unit stands in an attacked hex";
        if (was_attacked(g, hex))
            return "that hex has already been attacked in this activation";
        for (int j = 0; j < h; j++)
            if (d->hexes[j] == hex)
                return "a hex is named twice";
    }
    const char *bad = unit_list_refusal(g, d->units, d->nunits);
    if (bad)
        return bad;
    Attackers own; /* who may attack, found here when not given */
    if (!known || known->side != side) {
        attackers_find(g, side, &own);
        known = &own;
    }
    const Attackers *a = known;
    const char *why = NULL;
    short nbs[CB_MAX_UNITS][DIR_COUNT]; /* each attacker's enemy neighbours, as found */
    int nnb[CB_MAX_UNITS];
    for (int i = 0; i < d->nunits && !why; i++) {
        int u = d->units[i], k = a->slot[u];
        if (k < 0) {
            why = attacker_refusal(g, u, side);
            break;
        }
        nnb[i] = a->nnear[k];
        memcpy(nbs[i], a->near[k], sizeof nbs[i]);
        bool touches = false;
        for (int h = 0; h < d->nhexes; h++)
            touches |= short_list_has(nbs[i], nnb[i], d->hexes[h]);
        if (!touches)
            why = "every attacker must be next to an attacked hex (not across a great river)";
    }
    for (int i = 0; i < d->nunits && !why; i++) {
        if (!is_skirmisher(g, d->units[i]))
            continue;
        bool company = false;
        for (int j = 0; j < d->nunits; j++)
            company |= !is_skirmisher(g, d->units[j]) && st->unit[d->units[j]].hex == st->unit[d->units[i]].hex;
        if (!company)
            why = "skirmishers attack only together with other units of their hex (SKIRM-RULES)";
    }
    for (int h = 0; h < d->nhexes && !why; h++) {
        bool reached = false;
        for (int i = 0; i < d->nunits && !reached; i++)
            reached = short_list_has(nbs[i], nnb[i], d->hexes[h]);
        if (!reached)
            why = "every attacked hex must be next to an attacker";
    }
    /* COMBAT-WHO: an attacker not in woods takes on every adjacent enemy
     * not already attacked, in this combat or in later ones that others can
     * still fight. Outstanding obligations must stay possible too. */
    if (!why) {
        short need[64];
        int nneed = obligations_after_near(g, d, (const short (*)[DIR_COUNT])nbs, nnb, need, 64);
        for (int i = 0; i < nneed && !why; i++) {
            int hex = need[i];
            if (!someone_could_attack(g, a, hex, d->units, d->nunits)) {
#define MUST_TOO                                                                                                       \
    " must be attacked too: units attacking from open ground take on every adjacent enemy (COMBAT-WHO), and no "     \
    "other unit could attack it later"
                if (!buf) { /* whether only: the same refusal without its hex */
                    why = "an enemy" MUST_TOO;
                    break;
                }
                char hx[5];
                hex_format(map_hex_at(MAP(g), hex), hx);
                snprintf(buf, n, "the enemy in %s" MUST_TOO, hx);
#undef MUST_TOO
                why = buf;
            }
        }
    }
    return why;
}

bool combat_obligations_met(const Game *g, char *why, size_t n)
{
    const GameState *st = &g->st;
    for (int i = 0; i < st->nobliged; i++) {
        int hex = st->obliged[i];
        if (was_attacked(g, hex) || !hex_has_side(g, hex, 1 - st->drawn.side))
            continue;
        char hx[5];
        hex_format(map_hex_at(MAP(g), hex), hx);
        snprintf(why, n, "the enemy in %s must still be attacked: a unit that attacked from open ground next to it "
                         "takes on every adjacent enemy (COMBAT-WHO)",
                 hx);
        return false;
    }
    return true;
}
