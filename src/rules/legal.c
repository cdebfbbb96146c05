/* What may be decided now: game_legal lists every decision open to the
 * side to move, question by question and phase by phase in the rulebook's
 * order; each part's *_legal function lists its own kinds. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

int game_legal(const Game *g, Decision *out, int max)
{
    const GameState *st = &g->st;
    if (g->variant && st->to_move == g->variant->side && st->phase != PH_GAME_OVER)
        return g->variant->legal(g, out, max); /* the Automa answers for the Union */
    int n = game_legal_base(g, out, max);
    if (g->variant)
        n = g->variant->filter(g, out, n < max ? n : max); /* AI-SIX: the player picks among equals */
    return n;
}

int game_legal_base(const Game *g, Decision *out, int max)
{
    const GameState *st = &g->st;
    int n = 0;
#define ADD(k, a)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            out[n] = (Decision){.kind = (k), .side = st->to_move, .arg = (a)};                                                              \
        n++;                                                                                                           \
    } while (0)
    char buf[128];
    if (st->pending == PEND_DEMORAL)
        return morale_legal(g, out, max, 0); /* demoralized units next to the enemy fall back (DEMORAL) */
    if (st->pending == PEND_RETREAT_EVENT)
        return events_legal(g, out, max, 0); /* a General Retreat under way (EVENTS) */
    if (st->pending == PEND_SYSTEM)
        return g->variant->answer_legal(g, out, max); /* the player's answers in an Automa engagement */
    switch (st->phase) {
    case PH_NIGHT_EVENTS:
        n = events_legal(g, out, max, n);
        break;
    case PH_PLACEMENT:
    case PH_DEPLOY:
        n = placement_legal(g, out, max, n);
        break;
    case PH_CHOOSE:
        for (int f = 0; f < g->gd->nformations; f++)
            if (!choose_refusal(g, st->to_move, f, buf, sizeof buf))
                ADD(D_CHOOSE, f);
        /* A higher commander with one formation, or two; any larger group
         * within his factor is accepted too. */
        bool may_take[GS_MAX_FORMATIONS]; /* what higher_refusal asks of each formation, asked once */
        for (int f = 0; f < g->gd->nformations && f < GS_MAX_FORMATIONS; f++)
            may_take[f] = higher_may_take(g, st->to_move, f);
        for (int k = 0; k < g->gd->ncommanders; k++)
            for (int f1 = 0; !higher_commander_refusal(g, st->to_move, k) && f1 < g->gd->nformations; f1++)
                for (int f2 = f1; may_take[f1] && f2 < g->gd->nformations; f2++) {
                    if (!may_take[f2])
                        continue; /* higher_refusal would say no */
                    Decision h = {.kind = D_HIGHER, .side = st->to_move, .arg = k, .nunits = f1 == f2 ? 1 : 2,
                                  .units = {(short)f1, (short)f2}};
                    if (!higher_refusal(g, &h, buf, sizeof buf)) {
                        if (n < max)
                            out[n] = h;
                        n++;
                    }
                }
        for (int h = 0; (st->options & OPT_DUMMIES) && st->dummies[st->to_move] > 0 && h < g->gd->map.cols * g->gd->map.rows;
             h++)
            if (hex_has_side(g, h, st->to_move) && !dummy_refusal(g, st->to_move, h))
                ADD(D_DUMMY, h);
        for (int u = 0; u < st->nunits; u++)
            if (is_dummy(g, u) && st->unit[u].where == AT_MAP && g->gd->units[u].side == st->to_move)
                ADD(D_REMOVE_DUMMY, u);
        n = events_legal(g, out, max, n);
        ADD(D_DONE, 0);
        break;
    case PH_RECOVERY:
        n = night_legal(g, out, max, n);
        break;
    case PH_ACTIVATION:
        if (!st->activated) {
            if (st->drawn.kind == CHIT_EVENT) {
                n = events_legal(g, out, max, n); /* Good General: the formation, or pass */
                break;
            }
            if (placeable(g))
                ADD(D_ACTIVATE, 0);
            ADD(D_PASS, 0);
            n = events_legal(g, out, max, n); /* draw an event instead */
            break;
        }
        if (st->pending == PEND_BREASTWORK) {
            ADD(D_BREASTWORK, 0);
            ADD(D_NO_BREASTWORK, 0);
            break;
        }
        if (st->pending == PEND_COMBAT) {
            n = combat_legal(g, out, max, n);
            n = events_legal(g, out, max, n); /* a chit adding dice, at one's bonus step */
            break;
        }
        if (st->pending == PEND_STACK) {
            short here[GS_MAX_UNITS];
            int nh = units_in_hex(g, st->stack_hex, st->to_move, -1, here, GS_MAX_UNITS);
            for (int i = 0; i < nh; i++) {
                short dest[DIR_COUNT];
                int nd = displace_destinations(g, st->stack_hex, here[i], dest, DIR_COUNT);
                for (int j = 0; j < nd; j++) {
                    if (n < max)
                        out[n] = (Decision){.kind = D_DISPLACE, .side = st->to_move, .arg = here[i], .arg2 = dest[j]};
                    n++;
                }
                if (nd == 0)
                    ADD(D_ELIMINATE, here[i]);
            }
            break;
        }
        if (st->pending == PEND_BREAK_CONTACT) {
            short dest[64];
            int nd = break_destinations(g, st->bc_queue[0], dest, 64);
            for (int i = 0; i < nd && i < 64; i++)
                ADD(D_BREAK, dest[i]);
            /* or the stack splits: each real unit alone (BREAK-CONTACT) */
            short here[GS_MAX_UNITS];
            int nh = units_in_hex(g, st->bc_queue[0], st->to_move, -1, here, GS_MAX_UNITS);
            for (int i = 0; i < nh && nh > 1; i++) {
                Decision one = {.kind = D_BREAK, .side = st->to_move, .nunits = 1, .units = {here[i]}};
                if (break_split_refusal(g, &one))
                    continue;
                nd = break_destinations_for(g, st->bc_queue[0], one.units, 1, dest, 64);
                for (int j = 0; j < nd && j < 64; j++) {
                    one.arg = dest[j];
                    if (n < max)
                        out[n] = one;
                    n++;
                }
            }
            if (!st->bc_split)
                ADD(D_STAY, 0);
            break;
        }
        if (st->pending == PEND_MARCH_LOSS) {
            for (int u = 0; u < st->nunits; u++)
                if (march_loss_ok(g, u))
                    ADD(D_TAKE, u);
            break;
        }
        if (st->pending == PEND_BOMBARD_TAKE) {
            short cand[16];
            int nc = bombard_candidates(g, st->to_move, cand, 16);
            for (int i = 0; i < nc && i < 16; i++)
                ADD(D_TAKE, cand[i]);
            break;
        }
        if (st->act_step == STEP_PLACE) {
            short places[GS_MAX_HEXES];
            int np = chit_places(g, places, GS_MAX_HEXES);
            for (int i = 0; i < np && i < GS_MAX_HEXES; i++)
                ADD(D_PLACE, places[i]);
            break;
        }
        /* Bombardments: each active gun alone, and all guns that can reach a
         * target together, at every target type present. */
        short guns[GS_MAX_UNITS]; /* the active artillery, in index order */
        int nguns = 0;
        for (int u = 0; u < st->nunits; u++)
            if ((st->unit[u].flags & UF_ACTIVE) && is_artillery(&g->gd->units[u]))
                guns[nguns++] = (short)u;
        for (int h = 0; nguns > 0 && st->act_step != STEP_COMBAT && h < g->gd->map.cols * g->gd->map.rows; h++) {
            if (!hex_has_side(g, h, 1 - g->gd->units[guns[0]].side))
                continue; /* no enemy there: bombard_refusal says no to every gun */
            Decision all = {.kind = D_BOMBARD, .side = st->to_move, .arg = h};
            for (int i = 0; i < nguns; i++) {
                int u = guns[i];
                if (all.nunits >= DEC_MAX_UNITS)
                    continue;
                Decision one = {.kind = D_BOMBARD, .side = st->to_move, .arg = h, .nunits = 1, .units = {(short)u}};
                bool any = false;
                for (int type = 0; type < 2; type++) {
                    one.arg2 = type;
                    if (!bombard_refusal(g, &one)) {
                        if (n < max)
                            out[n] = one;
                        n++;
                        any = true;
                    }
                }
                if (any)
                    all.units[all.nunits++] = (short)u;
            }
            for (int type = 0; all.nunits > 1 && type < 2; type++) {
                all.arg2 = type;
                if (!bombard_refusal(g, &all)) {
                    if (n < max)
                        out[n] = all;
                    n++;
                }
            }
        }
        n = combat_legal(g, out, max, n);
        n = events_legal(g, out, max, n);
        bool can_end = combat_obligations_met(g, buf, sizeof buf);
        if (st->act_step == STEP_BOMBARD || st->act_step == STEP_COMBAT) {
            if (can_end)
                ADD(D_END, 0);
            break;
        }
        ChitRange radius = {.known = false}; /* worked out once, if any unit needs it */
        for (int u = 0; u < st->nunits; u++)
            if (st->unit[u].where == AT_MAP && g->gd->units[u].side == st->to_move && !attach_refusal_in(g, u, &radius))
                ADD(D_ATTACH, u);
        if (!march_refusal(g))
            ADD(D_FORCED_MARCH, 0);
        n = pontoon_legal(g, out, max, n);
        if (detachment_allowed(g)) {
            int cells = g->gd->map.cols * g->gd->map.rows;
            unsigned char *range = malloc((size_t)cells);
            if (range) {
                command_range(g, st->drawn.side, st->chit_hex, drawn_chit_radius(g), range);
                for (int h = 0; h < cells; h++)
                    if (detach_ok(g, h, range))
                        ADD(D_DETACH, h);
                free(range);
            }
        }
        for (int u = 0; u < st->nunits; u++) {
            short dest[DIR_COUNT + 1];
            int nd = skirmish_destinations(g, u, dest);
            for (int i = 0; i < nd; i++) {
                if (n < max)
                    out[n] = (Decision){.kind = D_SKIRMISH, .side = st->to_move, .arg = u, .arg2 = dest[i]};
                n++;
            }
        }
        for (int u = 0; u < st->nunits; u++) { /* each unit alone, and each exit hex's whole active stack */
            if (!(st->unit[u].flags & UF_ACTIVE) || st->unit[u].where != AT_MAP || !exit_hex(g, st->unit[u].hex))
                continue;
            Decision one = {.kind = D_EXIT, .side = st->to_move, .nunits = 1, .units = {(short)u}};
            Decision all = {.kind = D_EXIT, .side = st->to_move};
            bool first = true;
            for (int v = 0; v < st->nunits && all.nunits < DEC_MAX_UNITS; v++)
                if ((st->unit[v].flags & UF_ACTIVE) && st->unit[v].where == AT_MAP && st->unit[v].hex == st->unit[u].hex) {
                    first &= v >= u;
                    all.units[all.nunits++] = (short)v;
                }
            for (int pass = 0; pass < 2; pass++) {
                const Decision *e = pass == 0 ? &one : &all;
                if ((pass == 1 && (!first || all.nunits < 2)) || exit_refusal(g, e))
                    continue;
                if (n < max)
                    out[n] = *e;
                n++;
            }
        }
        n = list_group_moves(g, out, max, n, UF_ACTIVE, UF_MOVED, -1, NULL);
        n = list_group_moves(g, out, max, n, UF_GO_ON, 0, -1, NULL); /* going on after a break of contact */
        if (can_end)
            ADD(D_END, 0);
        break;
    default:
        break;
    }
#undef ADD
    return n;
}
