/* What may be decided now: game_legal lists every decision open to the
 * side to move, question by question and phase by phase in the rulebook's
 * order; each part's *_legal function lists its own kinds. game_legal_kinds
 * lists the same decisions of some kinds only, in the same order, and does
 * not ask the questions whose answers it would drop. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

_Static_assert(D_COUNT <= 64, "a kind is a bit of a uint64_t");
#define KIND(k) (UINT64_C(1) << (k))
/* The kinds each part's *_legal may list (a question is skipped only when
 * none of them is wanted). */
#define EVENT_KINDS                                                                                                    \
    (KIND(D_EVENT) | KIND(D_DRAW_EVENT) | KIND(D_GOOD_GENERAL) | KIND(D_NO_EVENT) | KIND(D_END) | KIND(D_MOVE) |       \
     KIND(D_PASS))
#define COMBAT_KINDS                                                                                                   \
    (KIND(D_ATTACK) | KIND(D_ADVANCE) | KIND(D_NO_ADVANCE) | KIND(D_BONUS) | KIND(D_BREASTWORK) |                      \
     KIND(D_NO_BREASTWORK) | KIND(D_BW_DIE) | KIND(D_BW_STEP) | KIND(D_LOSE) | KIND(D_RETREAT) |                      \
     KIND(D_RETREAT_INSTEAD) | KIND(D_SIX_HIT) | KIND(D_SIX_RETREAT) | KIND(D_SIX_CANCEL) | KIND(D_SKIRM_DEFEND) |     \
     KIND(D_NO_SKIRM))
#define PONTOON_KINDS (KIND(D_BUILD) | KIND(D_TAKE_UP) | KIND(D_DESTROY) | KIND(D_CAPTURE))

/* Drops from out[from..n) the decisions of kinds not wanted. A part that
 * ran past max wrote only what fits, so what it counted beyond cannot be
 * sorted: *over says so (game_legal_kinds then lists everything). */
static int keep(Decision *out, int from, int n, int max, uint64_t want, bool *over)
{
    if (want == GAME_ALL_KINDS)
        return n;
    if (n > max)
        *over = true;
    int end = n < max ? n : max, k = from;
    for (int i = from; i < end; i++)
        if (want & KIND(out[i].kind))
            out[k++] = out[i];
    return k;
}

static int legal_list(const Game *g, uint64_t want, Decision *out, int max, bool *over);

int game_legal(const Game *g, Decision *out, int max) { return game_legal_kinds(g, GAME_ALL_KINDS, out, max); }

static int legal_of(const Game *g, uint64_t kinds, Decision *out, int max, bool *over)
{
    const GameState *st = &g->st;
    if (g->variant && st->to_move == g->variant->side && st->phase != PH_GAME_OVER)
        return keep(out, 0, g->variant->legal(g, out, max), max, kinds, over); /* the Automa answers for the Union */
    int n = legal_list(g, kinds, out, max, over);
    if (g->variant)
        n = g->variant->filter(g, out, n < max ? n : max); /* AI-SIX: the player picks among equals */
    return n;
}

int game_legal_kinds(const Game *g, uint64_t kinds, Decision *out, int max)
{
    bool over = false;
    int n = legal_of(g, kinds, out, max, &over);
    if (!over)
        return n;
    /* Some part listed more than max: the whole list, in room enough, then
     * the kinds wanted from it. */
    int room = max > 512 ? 2 * max : 1024, total;
    Decision *all = NULL;
    for (;;) {
        Decision *more = realloc(all, (size_t)room * sizeof *all);
        if (!more) {
            free(all);
            return n; /* no memory: what fitted */
        }
        all = more;
        total = legal_of(g, GAME_ALL_KINDS, all, room, &over);
        if (total <= room)
            break;
        room = total; /* the count is exact: one more time is enough */
    }
    n = 0;
    for (int i = 0; i < total; i++)
        if (kinds & KIND(all[i].kind)) {
            if (n < max)
                out[n] = all[i];
            n++;
        }
    free(all);
    return n;
}

int game_legal_base(const Game *g, Decision *out, int max)
{
    bool over = false;
    return legal_list(g, GAME_ALL_KINDS, out, max, &over);
}

static int legal_list(const Game *g, uint64_t want, Decision *out, int max, bool *over)
{
    const GameState *st = &g->st;
    int n = 0;
#define WANT(k) ((want & KIND(k)) != 0)
#define PUT(d)                                                                                                         \
    do {                                                                                                               \
        if (want & KIND((d).kind)) {                                                                                   \
            if (n < max)                                                                                               \
                out[n] = (d);                                                                                          \
            n++;                                                                                                       \
        }                                                                                                              \
    } while (0)
#define ADD(k, a) PUT(((Decision){.kind = (k), .side = st->to_move, .arg = (a)}))
/* a part's *_legal, appending from n, its unwanted kinds dropped */
#define PART(call)                                                                                                     \
    do {                                                                                                               \
        int from_ = n < max ? n : max;                                                                                 \
        n = keep(out, from_, (call), max, want, over);                                                                       \
    } while (0)
    char buf[128];
    if (st->pending == PEND_DEMORAL)
        return keep(out, 0, morale_legal(g, out, max, 0), max, want, over); /* demoralized units next to the enemy fall back (DEMORAL) */
    if (st->pending == PEND_RETREAT_EVENT)
        return keep(out, 0, events_legal(g, out, max, 0), max, want, over); /* a General Retreat under way (EVENTS) */
    if (st->pending == PEND_SYSTEM)
        return keep(out, 0, g->variant->answer_legal(g, out, max), max, want, over); /* the player's answers in an Automa engagement */
    switch (st->phase) {
    case PH_NIGHT_EVENTS:
        PART(events_legal(g, out, max, n));
        break;
    case PH_PLACEMENT:
    case PH_DEPLOY:
        PART(placement_legal(g, out, max, n));
        break;
    case PH_CHOOSE:
        for (int f = 0; f < g->gd->nformations; f++)
            if (!choose_refusal(g, st->to_move, f, NULL, 0))
                ADD(D_CHOOSE, f);
        /* A higher commander with one formation, or two; any larger group
         * within his factor is accepted too. */
        bool may_take[GS_MAX_FORMATIONS]; /* what higher_refusal asks of each formation, asked once */
        for (int f = 0; f < g->gd->nformations && f < GS_MAX_FORMATIONS; f++)
            may_take[f] = WANT(D_HIGHER) && higher_may_take(g, st->to_move, f);
        for (int k = 0; WANT(D_HIGHER) && k < g->gd->ncommanders; k++)
            for (int f1 = 0; !higher_commander_refusal(g, st->to_move, k) && f1 < g->gd->nformations; f1++)
                for (int f2 = f1; may_take[f1] && f2 < g->gd->nformations; f2++) {
                    if (!may_take[f2])
                        continue; /* higher_refusal would say no */
                    Decision h = {.kind = D_HIGHER, .side = st->to_move, .arg = k, .nunits = f1 == f2 ? 1 : 2,
                                  .units = {(short)f1, (short)f2}};
                    if (!higher_refusal(g, &h, buf, sizeof buf))
                        PUT(h);
                }
        for (int h = 0; WANT(D_DUMMY) && (st->options & OPT_DUMMIES) && st->dummies[st->to_move] > 0 &&
                        h < g->gd->map.cols * g->gd->map.rows;
             h++)
            if (hex_has_side(g, h, st->to_move) && !dummy_refusal(g, st->to_move, h))
                ADD(D_DUMMY, h);
        for (int u = 0; u < st->nunits; u++)
            if (is_dummy(g, u) && st->unit[u].where == AT_MAP && g->gd->units[u].side == st->to_move)
                ADD(D_REMOVE_DUMMY, u);
        PART(events_legal(g, out, max, n));
        ADD(D_DONE, 0);
        break;
    case PH_RECOVERY:
        PART(night_legal(g, out, max, n));
        break;
    case PH_ACTIVATION:
        if (!st->activated) {
            if (st->drawn.kind == CHIT_EVENT) {
                PART(events_legal(g, out, max, n)); /* Good General: the formation, or pass */
                break;
            }
            if (placeable(g))
                ADD(D_ACTIVATE, 0);
            ADD(D_PASS, 0);
            PART(events_legal(g, out, max, n)); /* draw an event instead */
            break;
        }
        if (st->pending == PEND_BREASTWORK) {
            ADD(D_BREASTWORK, 0);
            ADD(D_NO_BREASTWORK, 0);
            break;
        }
        if (st->pending == PEND_COMBAT) {
            PART(combat_legal(g, out, max, n));
            PART(events_legal(g, out, max, n)); /* a chit adding dice, at one's bonus step */
            break;
        }
        if (st->pending == PEND_STACK) {
            short here[GS_MAX_UNITS];
            int nh = units_in_hex(g, st->stack_hex, st->to_move, -1, here, GS_MAX_UNITS);
            for (int i = 0; i < nh; i++) {
                short dest[DIR_COUNT];
                int nd = displace_destinations(g, st->stack_hex, here[i], dest, DIR_COUNT);
                for (int j = 0; j < nd; j++)
                    PUT(((Decision){.kind = D_DISPLACE, .side = st->to_move, .arg = here[i], .arg2 = dest[j]}));
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
                    PUT(one);
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
            if (!WANT(D_PLACE))
                break; /* the places are all this step lists */
            short places[GS_MAX_HEXES];
            int np = chit_places(g, places, GS_MAX_HEXES);
            for (int i = 0; i < np && i < GS_MAX_HEXES; i++)
                ADD(D_PLACE, places[i]);
            break;
        }
        /* Bombardments: each active gun alone, and all guns that can reach a
         * target together, at every target type present. */
        short guns[GS_MAX_UNITS]; /* the active artillery, in index order (when bombardments are wanted) */
        int nguns = 0;
        bool may_bombard = WANT(D_BOMBARD) && st->act_step != STEP_COMBAT; /* else no target is looked at */
        for (int u = unit_next_flagged(st, 0, UF_ACTIVE); may_bombard && u < st->nunits;
             u = unit_next_flagged(st, u + 1, UF_ACTIVE))
            if (is_artillery(&g->gd->units[u]))
                guns[nguns++] = (short)u;
        short targets[GS_MAX_HEXES]; /* no enemy elsewhere: bombard_refusal says no to every gun */
        int ntargets = may_bombard && nguns > 0 ? side_hexes(g, 1 - g->gd->units[guns[0]].side, targets) : 0;
        for (int t = 0; t < ntargets; t++) {
            int h = targets[t];
            if (h >= g->gd->map.cols * g->gd->map.rows)
                continue;
            short near[GS_MAX_UNITS]; /* the guns in range of h: out of range, bombard_refusal says no to a gun */
            int nnear = 0;                                 /* at either target type */
            for (int i = 0; i < nguns; i++)
                if (bombard_in_range(g, st->unit[guns[i]].hex, h, NULL))
                    near[nnear++] = guns[i];
            if (nnear == 0)
                continue;
            Decision all = {.kind = D_BOMBARD, .side = st->to_move, .arg = h};
            for (int i = 0; i < nnear; i++) {
                int u = near[i];
                if (all.nunits >= DEC_MAX_UNITS)
                    continue;
                Decision one = {.kind = D_BOMBARD, .side = st->to_move, .arg = h, .nunits = 1, .units = {(short)u}};
                unsigned types = bombard_types(g, &one);
                for (int type = 0; type < 2; type++)
                    if (types & (1u << type)) {
                        one.arg2 = type;
                        PUT(one);
                    }
                if (types)
                    all.units[all.nunits++] = (short)u;
            }
            unsigned types = all.nunits > 1 ? bombard_types(g, &all) : 0;
            for (int type = 0; type < 2; type++)
                if (types & (1u << type)) {
                    all.arg2 = type;
                    PUT(all);
                }
        }
        if (want & COMBAT_KINDS)
            PART(combat_legal(g, out, max, n));
        if (want & EVENT_KINDS)
            PART(events_legal(g, out, max, n));
        bool can_end = WANT(D_END) && combat_obligations_met(g, buf, sizeof buf);
        if (st->act_step == STEP_BOMBARD || st->act_step == STEP_COMBAT) {
            if (can_end)
                ADD(D_END, 0);
            break;
        }
        ChitRange radius; /* worked out once, if any unit needs it (its 2 KB not cleared until then) */
        radius.known = false;
        bool may_attach = WANT(D_ATTACH) && !attach_full(g); /* else attach_refusal_in says no to every unit */
        for (int u = 0; may_attach && u < st->nunits; u++)
            if (st->unit[u].where == AT_MAP && g->gd->units[u].side == st->to_move && !attach_refusal_in(g, u, &radius))
                ADD(D_ATTACH, u);
        if (WANT(D_FORCED_MARCH) && !march_refusal(g))
            ADD(D_FORCED_MARCH, 0);
        if (want & PONTOON_KINDS)
            PART(pontoon_legal(g, out, max, n));
        if (WANT(D_DETACH) && detachment_allowed(g)) {
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
        for (int u = 0; WANT(D_SKIRMISH) && u < st->nunits; u++) {
            short dest[DIR_COUNT + 1];
            int nd = skirmish_destinations(g, u, dest);
            for (int i = 0; i < nd; i++)
                PUT(((Decision){.kind = D_SKIRMISH, .side = st->to_move, .arg = u, .arg2 = dest[i]}));
        }
        for (int u = 0; WANT(D_EXIT) && u < st->nunits; u++) { /* each unit alone, and each exit hex's whole active stack */
            if (!(st->unit[u].flags & UF_ACTIVE) || st->unit[u].where != AT_MAP || !exit_hex(g, st->unit[u].hex, g->gd->units[u].side))
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
                PUT(*e);
            }
        }
        if (WANT(D_MOVE)) {
            n = list_group_moves(g, out, max, n, UF_ACTIVE, UF_MOVED, -1, NULL);
            n = list_group_moves(g, out, max, n, UF_GO_ON, 0, -1, NULL); /* going on after a break of contact */
        }
        if (can_end)
            ADD(D_END, 0);
        break;
    default:
        break;
    }
#undef ADD
#undef PUT
#undef PART
#undef WANT
    return n;
}
