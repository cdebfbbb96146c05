/* What a decision does that its words do not say (view/advice.h). */
#include "view/advice.h"

#include <stdio.h>
#include <string.h>

#include "automa/automa.h"
#include "view/orders.h"

int advice_loss_unit(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    if (d->kind == D_LOSE)
        return d->arg;
    if (d->kind == D_TAKE && st->pending == PEND_MARCH_LOSS)
        return d->arg;
    if (d->kind == D_TAKE && st->pending == PEND_BOMBARD_TAKE &&
        (st->bomb_result == ART_LOSS || st->bomb_result == ART_LOSS_DIS))
        return d->arg;
    return -1;
}

bool advice_loss_eliminates(const Game *g, const Decision *d)
{
    int u = advice_loss_unit(g, d);
    return u >= 0 && u < g->st.nunits && g->st.unit[u].steps <= 1;
}

int advice_loss_points(const Game *g, int unit, int *now)
{
    *now = game_unit_points(g, unit);
    int steps = g->st.unit[unit].steps;
    return steps <= 1 ? -1 : game_unit_points_at(g, unit, steps - 1);
}

void advice_loss_text(const Game *g, int unit, char *buf, size_t size)
{
    int now, next = advice_loss_points(g, unit, &now);
    if (next < 0)
        snprintf(buf, size, "%s %d -> gone", g->gd->units[unit].name, now);
    else
        snprintf(buf, size, "%s %d -> %d", g->gd->units[unit].name, now, next);
}

/* The units of the activation that have not moved and stand on the map,
 * leaving out those the decision itself commits. */
static int unmoved_units(const Game *g, const Decision *d)
{
    int n = 0;
    for (int i = 0; i < g->st.nunits; i++) {
        const UnitState *us = &g->st.unit[i];
        /* skirmishers never move on their own; a unit whose move an enemy's break contact cut short may go on */
        if (us->where != AT_MAP || !(us->flags & UF_ACTIVE) || ((us->flags & UF_MOVED) && !(us->flags & UF_GO_ON)) ||
            g->gd->units[i].type == UT_DUMMY || g->gd->units[i].type == UT_SKIRMISHER)
            continue;
        bool in = false;
        for (int k = 0; k < d->nunits; k++)
            in |= d->units[k] == i;
        n += !in;
    }
    return n;
}

int advice_for(const Game *g, const Decision *d, const Decision *legal, int n, char *buf, size_t size)
{
    const GameState *st = &g->st;
    buf[0] = '\0';
    int level = ADVICE_NONE;
    size_t len = 0;
#define SAY(lv, ...)                                                                                                   \
    do {                                                                                                               \
        if (len < size)                                                                                                \
            len += (size_t)snprintf(buf + len, size - len, "%s", len ? "; " : "");                                    \
        if (len < size)                                                                                                \
            len += (size_t)snprintf(buf + len, size - len, __VA_ARGS__);                                               \
        if ((lv) > level)                                                                                              \
            level = (lv);                                                                                              \
    } while (0)
    /* leaving works next to the enemy, or retreating out of them (BREASTWORK, FORTIFICATION) */
    int from = -1, how = LEAVE_WORKS_MOVE;
    if (d->kind == D_MOVE || d->kind == D_BREAK)
        from = d->kind == D_BREAK && st->pending == PEND_BREAK_CONTACT ? st->bc_queue[0]
               : d->kind == D_BREAK                                    ? automa_break_from(g)
                                                                       : order_source(g, d);
    else if (d->kind == D_TRADE)
        from = d->arg, how = LEAVE_WORKS_RETREAT;
    else if (d->kind == D_RETREAT_INSTEAD && st->cb_ndef > 0)
        from = st->unit[st->cb_def[0]].hex, how = LEAVE_WORKS_RETREAT;
    if (from >= 0 && leaving_works_disorders(g, from, d->side, d->kind == D_MOVE ? d->units : NULL,
                                             d->kind == D_MOVE ? d->nunits : 0, how))
        SAY(ADVICE_CONFIRM, "%s the works disorganizes the units (demoralizes those already disorganized)",
            how == LEAVE_WORKS_RETREAT ? "retreating out of" : "leaving");
    switch (d->kind) {
    case D_ATTACK:
    case D_BOMBARD:
        if (st->phase == PH_ACTIVATION && st->act_step == STEP_MOVE) {
            int k = unmoved_units(g, d);
            if (k > 0)
                SAY(ADVICE_CONFIRM, "%s ends movement for the whole activation: %d unit%s that ha%s not moved stay%s put",
                    d->kind == D_ATTACK ? "attacking" : "bombarding", k, k == 1 ? "" : "s", k == 1 ? "s" : "ve",
                    k == 1 ? "s" : "");
        }
        if (d->kind == D_ATTACK) { /* COMBAT-WHO: what this attack obliges the rest to take on */
            short need[16];
            int k = combat_obligations_after(g, d, need, 16);
            char hexes[80] = "";
            for (int i = 0; i < k; i++) {
                char id[5];
                hex_format(map_hex_at(&g->gd->map, need[i]), id);
                snprintf(hexes + strlen(hexes), sizeof hexes - strlen(hexes), "%s%s", i ? ", " : "", id);
            }
            if (k > 0)
                SAY(ADVICE_CONFIRM, "then the enemy in %s must be attacked too (COMBAT-WHO)", hexes);
        }
        return level;
    case D_BREAK: {
        char price[300];
        if (automa_break_price(g, price, sizeof price))
            SAY(ADVICE_CONFIRM, "breaking contact: %s", price);
        return level;
    }
    case D_RETREAT_INSTEAD:
    case D_TRADE:
        return level;
    case D_END:
        if (st->phase == PH_ACTIVATION && st->activated && st->act_step <= STEP_MOVE && st->pending == PEND_NONE) {
            int k = unmoved_units(g, d);
            if (k > 0) {
                snprintf(buf, size, "ends the activation: %d unit%s not moved", k, k == 1 ? " has" : "s have");
                return ADVICE_NOTE;
            }
        }
        return ADVICE_NONE;
    case D_PASS:
        snprintf(buf, size, "the chit is lost for the turn");
        return ADVICE_NOTE;
    case D_FORCED_MARCH:
        SAY(ADVICE_CONFIRM,
            "more MP, but no unit of the formation may attack or bombard this turn, attacked it rolls one die %d "
            "lower, and the march costs a step on a roll of %d or less (FORCED-MARCH)",
            g->gd->rules.forced_march_penalty, g->gd->rules.forced_march_loss);
        return level;
    case D_MOVE:
        return level;
    default:
        break;
    }
#undef SAY
    int u = advice_loss_unit(g, d);
    if (u < 0)
        return ADVICE_NONE;
    char left[160];
    advice_loss_text(g, u, left, sizeof left);
    if (!advice_loss_eliminates(g, d)) {
        snprintf(buf, size, "%s", left);
        return ADVICE_NOTE;
    }
    bool other = false; /* another choice that eliminates nobody: a loss elsewhere, a retreat instead */
    for (int i = 0; i < n && !other; i++)
        other = (advice_loss_unit(g, &legal[i]) >= 0 && !advice_loss_eliminates(g, &legal[i])) ||
                legal[i].kind == D_RETREAT_INSTEAD || legal[i].kind == D_TRADE;
    snprintf(buf, size, "eliminates %s: its last step (%s)", g->gd->units[u].name, left);
    return other ? ADVICE_CONFIRM : ADVICE_NOTE;
}

AdviceGroup advice_group_of(const Game *g, const Decision *d)
{
    AdviceGroup a = {d->kind, -1};
    if (d->kind == D_HIGHER)
        a.key = d->arg;
    else if (d->kind == D_MOVE || d->kind == D_BOMBARD || d->kind == D_ATTACK || d->kind == D_BREAK ||
             d->kind == D_SKIRMISH || d->kind == D_DETACH || d->kind == D_EXIT)
        a.key = order_source(g, d);
    return a;
}

bool advice_group_same(AdviceGroup a, AdviceGroup b) { return a.kind == b.kind && a.key == b.key; }

void advice_group_title(const Game *g, const Decision *first, int count, char *buf, size_t size)
{
    const GameData *gd = g->gd;
    AdviceGroup a = advice_group_of(g, first);
    char verb[64];
    decision_format(gd, first, verb, sizeof verb);
    char *sp = strchr(verb, ' ');
    if (sp)
        *sp = '\0';
    if (a.kind == D_MOVE)
        snprintf(verb, sizeof verb, "moves");
    else if (a.kind == D_ATTACK)
        snprintf(verb, sizeof verb, "attacks");
    else if (a.kind == D_BOMBARD)
        snprintf(verb, sizeof verb, "bombardments");
    if (a.kind == D_HIGHER && a.key >= 0 && a.key < gd->ncommanders) {
        snprintf(buf, size, "%s %s (%d)", verb, gd->commanders[a.key].name, count);
        return;
    }
    if (a.key < 0) {
        snprintf(buf, size, "%s (%d)", verb, count);
        return;
    }
    char id[5];
    hex_format(map_hex_at(&gd->map, a.key), id);
    /* the units the group's first decision names, for a reader who does not know the hex */
    char names[200] = "";
    for (int i = 0; i < first->nunits && i < 2; i++) { /* "Wright's Brigade" is Wright here */
        const char *nm = gd->units[first->units[i]].name;
        const char *cut = strstr(nm, "'s ");
        int len = cut ? (int)(cut - nm) : (int)strlen(nm);
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%.*s", i ? ", " : "", len, nm);
    }
    if (first->nunits > 2)
        snprintf(names + strlen(names), sizeof names - strlen(names), " +%d", first->nunits - 2);
    snprintf(buf, size, "%s from %s%s%s (%d)", verb, id, names[0] ? ": " : "", names, count);
}
