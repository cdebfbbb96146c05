/* Breaking contact (BREAK-CONTACT): when a move comes next to an enemy
 * stack, where that stack may fall back to, offering it the choice, and
 * carrying it out (the whole stack or part of it). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

/* Where the units (all of the stack in hex when n is 0) may break contact to. */
int break_destinations_for(const Game *g, int hex, const short *units, int nu, short *out, int max)
{
    return break_destinations_of(g, hex, 1 - g->st.drawn.side, units, nu, out, max);
}

int break_destinations_of(const Game *g, int hex, int side, const short *units, int nu, short *out, int max)
{
    const Map *m = &g->gd->map;
    int n = 0;
    bool cavalry = true, any = false, skirm = false, infantry = false;
    short here[GS_MAX_UNITS]; /* the units in the hex (the index): no other one counts */
    int nh = hex_units(g, hex, here, GS_MAX_UNITS);
    for (int j = 0; j < nh && j < GS_MAX_UNITS; j++) {
        int i = here[j];
        if (i >= g->st.nunits)
            continue;
        bool in = nu == 0;
        for (int k = 0; k < nu; k++)
            in |= units[k] == i;
        if (!in || g->st.unit[i].where != AT_MAP || g->st.unit[i].hex != hex || g->gd->units[i].side != side)
            continue;
        skirm |= is_skirmisher(g, i);
        infantry |= g->gd->units[i].type == UT_INFANTRY;
        if (!is_skirmisher(g, i) && !is_dummy(g, i)) {
            any = true; /* skirmishers and dummies alone never break contact */
            cavalry &= g->gd->units[i].type == UT_CAVALRY;
        }
    }
    if (!any || (skirm && !infantry))
        return 0; /* SKIRM-RULES: skirmishers break contact only stacked with infantry brigades */
    int reach = cavalry ? g->gd->rules.cavalry_break_contact_hexes : g->gd->rules.break_contact_hexes;
    short going[GS_MAX_UNITS];
    int ngoing = nu > 0 ? nu : units_in_hex(g, hex, side, -1, going, GS_MAX_UNITS);
    Passage p;
    passage_init(g, side, nu > 0 ? units : going, ngoing, PASS_BREAK, &p);
    /* one or two steps the rules let these units take, into hexes free of the enemy */
    short first[DIR_COUNT];
    int nfirst = 0;
    HexCoord c = map_hex_at(m, hex);
    for (int d = 0; d < DIR_COUNT; d++)
        if (map_has(m, hex_neighbour(c, d)) && passage_step(&p, hex, d) != COST_NO)
            first[nfirst++] = (short)map_hex_index(m, hex_neighbour(c, d));
    short cand[64];
    bool second[64];
    int nc = 0;
    for (int i = 0; i < nfirst; i++) {
        second[nc] = false;
        cand[nc++] = first[i];
        if (reach < 2)
            continue;
        HexCoord f = map_hex_at(m, first[i]);
        for (int d = 0; d < DIR_COUNT && nc < 64; d++) {
            HexCoord nb = hex_neighbour(f, d);
            int ni = map_has(m, nb) ? map_hex_index(m, nb) : -1;
            if (ni < 0 || ni == hex || passage_step(&p, first[i], d) == COST_NO)
                continue;
            second[nc] = true;
            cand[nc++] = (short)ni;
        }
    }
    for (int i = 0; i < nc; i++) {
        bool dup = false;
        for (int j = 0; j < n && j < max; j++)
            dup |= out[j] == cand[i];
        if (dup)
            continue;
        /* never next to the enemy, unless friends already hold the hex; cavalry going two hexes "always if
         * it does not end movement adjacent to enemy units", friends or not */
        if (next_to_side(g, cand[i], 1 - side) && (second[i] || !hex_has_side(g, cand[i], side)))
            continue;
        if (n < max)
            out[n] = cand[i];
        n++;
    }
    return n;
}

int break_destinations(const Game *g, int hex, short *out, int max)
{
    return break_destinations_for(g, hex, NULL, 0, out, max);
}

/* Why these units of the stack breaking contact may not go off on their
 * own (the rest must still be able to follow), or NULL. */
const char *break_split_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    int from = st->bc_queue[0];
    const char *bad = unit_list_refusal(g, d->units, d->nunits);
    if (bad)
        return bad;
    bool real = false;
    for (int i = 0; i < d->nunits; i++) {
        int u = d->units[i];
        if (st->unit[u].where != AT_MAP || st->unit[u].hex != from || g->gd->units[u].side != d->side)
            return "name units of the stack breaking contact";
        real |= !is_skirmisher(g, u) && !is_dummy(g, u);
    }
    if (!real)
        return "skirmishers and dummies never break contact on their own (SKIRM-RULES)";
    short rest[GS_MAX_UNITS], dest[1];
    int nr = 0;
    for (int u = 0; u < st->nunits; u++) {
        bool going = false;
        for (int i = 0; i < d->nunits; i++)
            going |= d->units[i] == u;
        if (!going && st->unit[u].where == AT_MAP && st->unit[u].hex == from && g->gd->units[u].side == d->side)
            rest[nr++] = (short)u;
    }
    if (nr > 0 && break_destinations_for(g, from, rest, nr, dest, 1) == 0)
        return "the units left behind could not get away: the whole hex must be left empty";
    return NULL;
}

/* Queues the enemy stacks next to `hex` that may break contact. */
void offer_break_contact(Game *g, int hex)
{
    GameState *st = &g->st;
    const Map *m = &g->gd->map;
    st->bc_n = 0;
    if (g->gd->turns[st->turn - 1].night)
        return; /* not at night */
    int enemy = 1 - st->drawn.side;
    HexCoord c = map_hex_at(m, hex);
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(c, d);
        if (!map_has(m, nb))
            continue;
        int ni = map_hex_index(m, nb);
        short tmp[1];
        /* in the solitaire game H.3 replaces this for the Automa: only a stack it could fight breaks (see
         * docs/rulings.md, AI-BREAK-CONTACT across the great rivers) */
        bool touch = g->variant && g->variant->break_only_if_can_fight && enemy == g->variant->side
                         ? hexes_can_fight(g, hex, ni)
                         : hexes_in_contact(g, hex, ni);
        if (hex_has_side(g, ni, enemy) && touch && break_destinations(g, ni, tmp, 1) > 0)
            st->bc_queue[st->bc_n++] = (short)ni;
    }
    if (st->bc_n > 0) {
        st->pending = PEND_BREAK_CONTACT;
        st->to_move = enemy;
    }
}

/* D_BREAK, D_STAY */
bool apply_break(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    int from = st->bc_queue[0];
    char hf[5], hd[5] = "";
    hex_format(map_hex_at(&g->gd->map, from), hf);
    if (d->kind == D_BREAK) {
        const char *r = d->nunits > 0 ? break_split_refusal(g, d) : NULL;
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        short dest[64];
        int nd = break_destinations_for(g, from, d->units, d->nunits, dest, 64);
        bool ok = false;
        for (int i = 0; i < nd && i < 64; i++)
            ok |= dest[i] == d->arg;
        if (!ok) {
            snprintf(why, n, "%s in %s cannot break contact into that hex", d->nunits ? "those units" : "the stack", hf);
            return false;
        }
        short moved[GS_MAX_UNITS];
        int nm = d->nunits;
        if (nm > 0)
            memcpy(moved, d->units, (size_t)nm * sizeof *moved);
        else
            nm = units_in_hex(g, from, d->side, -1, moved, GS_MAX_UNITS);
        for (int i = 0; i < nm; i++)
            unit_put(g, moved[i], AT_MAP, d->arg);
        hex_format(map_hex_at(&g->gd->map, d->arg), hd);
        log_add(&g->log, st->turn, LOG_DECISION, "BREAK-CONTACT", "%s breaks contact: %s in %s step%s back to %s",
                data_side_name(d->side), d->nunits ? "part of the stack" : "the stack", hf, d->nunits ? "" : "s",
                hd);
        leave_hex(g, from, d->side, moved, nm, LEAVE_MOVE, true);
        if (st->mv_n > 0)
            st->mv_broke = true; /* the mover may go on past its planned end (BREAK-CONTACT) */
        if (hex_has_side(g, from, d->side)) {
            st->bc_split = true; /* the rest must follow: the hex is left empty */
            return true;
        }
        st->bc_split = false;
    } else {
        if (st->bc_split) {
            snprintf(why, n, "part of the stack has broken contact: the rest must follow (the hex is left empty)");
            return false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "BREAK-CONTACT", "%s stays in %s", data_side_name(d->side), hf);
    }
    memmove(st->bc_queue, st->bc_queue + 1, (size_t)(st->bc_n - 1) * sizeof *st->bc_queue);
    st->bc_n--;
    /* A stack no longer there (it broke away, or another move emptied it) is skipped. */
    while (st->bc_n > 0 && !hex_has_side(g, st->bc_queue[0], d->side)) {
        memmove(st->bc_queue, st->bc_queue + 1, (size_t)(st->bc_n - 1) * sizeof *st->bc_queue);
        st->bc_n--;
    }
    if (st->bc_n > 0)
        return true;
    st->pending = PEND_NONE;
    st->to_move = st->drawn.side;
    continue_move(g);
    return true;
}
