/* The way of a decision (docs/architecture.md): game_apply routes it by
 * phase and pending question to its kind's apply function (the table in
 * rules/decision_kinds.h), then does what follows every decision
 * (DEMORAL's fall back, dummies left alone, works, the system's
 * bookkeeping, victory "as soon as"), records it, and keeps the undo
 * snapshots until a die, a draw or an enemy seen closes them. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

/* What one side may see of enemy stacks: one bit per hex. */
static void seen_hexes(const Game *g, int side, unsigned char *seen)
{
    const Map *m = &g->gd->map;
    int cells = m->cols * m->rows;
    memset(seen, 0, (size_t)cells);
    if (system_in_sight(g, side))
        return; /* everything is always in sight: nothing new is ever seen */
    for (int u = 0; u < g->st.nunits; u++) /* seen[h]: bit 1 own units, bit 2 enemy units */
        if (g->st.unit[u].where == AT_MAP)
            seen[g->st.unit[u].hex] |= (unsigned char)(g->gd->units[u].side == side ? 1 : 2);
    for (int h = 0; h < cells; h++) {
        if (!(seen[h] & 2))
            continue;
        bool near = false;
        HexCoord c = map_hex_at(m, h);
        for (int d = 0; d < DIR_COUNT && !near; d++) {
            HexCoord nb = hex_neighbour(c, d);
            near = map_has(m, nb) && (seen[map_hex_index(m, nb)] & 1);
        }
        if (near)
            seen[h] |= 4;
    }
    for (int h = 0; h < cells; h++)
        seen[h] = (seen[h] & 4) != 0;
}

/* BREAK-CONTACT's resume is the same move going on: "Single units or
 * stacks must complete movement before starting with the next one". Any
 * decision but the enemy's answer to the break, or one by the units that
 * may go on themselves, ends their chance. */
void go_on_expire(Game *g, const Decision *d)
{
    GameState *st = &g->st;
    if (d->kind != D_MOVE && d->kind != D_EXIT)
        st->mv_last_n = 0; /* the move just ended is over (SKIRM-MAKE; EXIT-MAP: its units may still leave) */
    if (d->kind == D_BREAK || d->kind == D_STAY)
        return;
    bool own = d->kind == D_MOVE || d->kind == D_EXIT || d->kind == D_DESTROY || d->kind == D_CAPTURE;
    /* a brigade of the stack making its skirmisher pauses its movement, it does not end it (SKIRM-MAKE) */
    int maker = d->kind == D_SKIRMISH && d->arg >= 0 && d->arg < st->nunits && (st->unit[d->arg].flags & UF_GO_ON)
                    ? d->arg
                    : -1;
    for (int u = unit_next_flagged(st, 0, UF_GO_ON); u < st->nunits; u = unit_next_flagged(st, u + 1, UF_GO_ON)) {
        bool mine = maker >= 0 && st->unit[u].where == AT_MAP && st->unit[u].hex == st->unit[maker].hex;
        for (int i = 0; i < d->nunits && own; i++)
            mine |= d->units[i] == u;
        if ((d->kind == D_DESTROY || d->kind == D_CAPTURE) && own)
            mine |= d->arg == u;
        if (!mine)
            st->unit[u].flags &= (unsigned short)~(UF_GO_ON | UF_GO_ROAD);
    }
}

bool game_apply(Game *g, const Decision *d, char *why, size_t n)
{
    /* Undo keeps a snapshot of each decision until something random or
     * hidden comes out: a die, a draw from the cup, an enemy stack seen. */
    /* The sim (light) keeps no undo: then only what the cleanups below read
     * of the state before is kept, not a copy of the whole state. */
    UndoEntry before;
    UnitState units_before[GS_MAX_UNITS];
    const UnitState *was = units_before;
    Rng rng_before = g->st.rng;
    int phase_before = g->st.phase;
    if (g->light) {
        if (dummies_on_map(g)) /* only dummies_cleanup reads them, and only of a dummy on the map before */
            memcpy(units_before, g->st.unit, (size_t)g->st.nunits * sizeof *units_before);
        else
            was = NULL;
    } else {
        before = (UndoEntry){g->st, g->log.count, d->side};
        was = before.st.unit;
    }
    int cells = g->gd->map.cols * g->gd->map.rows;
    unsigned char *seen_before = g->light ? NULL : malloc((size_t)cells);
    unsigned char *seen_after = g->light ? NULL : malloc((size_t)cells);
    if (seen_before)
        seen_hexes(g, d->side, seen_before);
    if (!decision_apply(g, d, why, n)) {
        free(seen_before);
        free(seen_after);
        return false;
    }
    if (!g->light) {
        GameRecord rec = {.dice = false, .side = d->side};
        decision_format(g->gd, d, rec.text, sizeof rec.text);
        record(g, &rec);
    }
    go_on_expire(g, d);
    morale_check(g); /* demoralized units next to the enemy fall back at once (DEMORAL) */
    dummies_cleanup(g, was); /* after the check: its cull may leave a dummy alone */
    breastworks_cleanup(g); /* after the check: a demoralized stack with no way out is eliminated there */
    if (g->variant && g->st.phase != PH_GAME_OVER)
        g->variant->after_decision(g); /* AI-VP-TRACK: losses on the VP track; objectives reached by an advance */
    if (g->st.phase != PH_GAME_OVER && g->st.phase != PH_PLACEMENT && g->st.phase != PH_DEPLOY)
        victory_check(g, false, false); /* conditions met "as soon as" */
    assert(game_index_ok(g)); /* every unit moved through unit_put */
    /* playing an event chit shows the enemy what was in one's hand; the
     * placement counters turned over show both (VARIANT-HYPOTHETICAL) */
    bool barrier = memcmp(&rng_before, &g->st.rng, sizeof g->st.rng) != 0 || d->kind == D_EVENT ||
                   (phase_before == PH_PLACEMENT && g->st.phase != PH_PLACEMENT);
    if (!barrier && seen_before && seen_after) {
        seen_hexes(g, d->side, seen_after);
        for (int h = 0; h < cells && !barrier; h++)
            barrier = seen_after[h] && !seen_before[h];
    }
    free(seen_before);
    free(seen_after);
    if (barrier || g->light) {
        g->nundo = 0;
        return true;
    }
    if (g->nundo == g->capundo) {
        int cap = g->capundo ? g->capundo * 2 : 16;
        UndoEntry *p = realloc(g->undo, (size_t)cap * sizeof *p);
        if (!p) {
            g->nundo = 0; /* no memory for undo: the game goes on without it */
            return true;
        }
        g->undo = p;
        g->capundo = cap;
    }
    g->undo[g->nundo++] = before;
    return true;
}

int game_undo_depth(const Game *g, int side)
{
    int k = 0;
    for (int i = g->nundo - 1; i >= 0 && g->undo[i].side == side; i--)
        k++;
    return k;
}

bool game_undo(Game *g, int side, char *why, size_t n)
{
    if (g->nundo == 0) {
        snprintf(why, n, "nothing to take back: a die, a draw or a sighting of the enemy came since");
        return false;
    }
    UndoEntry *e = &g->undo[g->nundo - 1];
    if (e->side != side) {
        snprintf(why, n, "the last decision was the %s side's", data_side_name(e->side));
        return false;
    }
    g->st = e->st;
    log_truncate(&g->log, e->log_count); /* with the lines' facts */
    g->nundo--;
    while (g->nrec > 0 && g->rec[g->nrec - 1].dice)
        g->nrec--; /* dice forced after it went with the state */
    if (g->nrec > 0)
        g->nrec--;
    return true;
}

bool game_apply_base(Game *g, const Decision *d, char *why, size_t n)
{
    g->answering = true; /* the rules' own handling of the Automa's answer */
    bool ok = decision_apply(g, d, why, n);
    g->answering = false;
    return ok;
}

/* kinds that only come in a phase or question routed before them */
bool apply_unknown(Game *g, const Decision *d, char *why, size_t n)
{
    (void)g;
    (void)d;
    snprintf(why, n, "unknown decision");
    return false;
}

bool decision_apply(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase == PH_GAME_OVER) {
        snprintf(why, n, "the game is over");
        return false;
    }
    if (d->side != st->to_move) {
        snprintf(why, n, "it is the %s side's decision", data_side_name(st->to_move));
        return false;
    }
    if (d->kind == D_SYSTEM || (g->variant && st->to_move == g->variant->side && !g->answering)) {
        if (d->kind != D_SYSTEM) {
            snprintf(why, n, "the Automa commands the Union: its only decision is \"automa\" (its next step)");
            return false;
        }
        if (!g->variant) {
            snprintf(why, n, "the Automa plays only in a solitaire game");
            return false;
        }
        return g->variant->apply(g, d, why, n);
    }
    if (st->pending == PEND_DEMORAL)
        return morale_apply(g, d, why, n);
    if (st->pending == PEND_SYSTEM)
        return g->variant->answer_apply(g, d, why, n);
    const char *refused = g->variant ? g->variant->refuse(g, d) : NULL;
    if (refused) { /* AI-SIX: only one of the strongest, for the Automa's 6 */
        snprintf(why, n, "%s", refused);
        return false;
    }
    if (d->kind < 0 || d->kind >= D_COUNT) {
        snprintf(why, n, "unknown decision");
        return false;
    }
    unsigned answers = decision_kinds[d->kind].answers;
    bool answers_pending = st->pending != PEND_NONE && (answers & A(st->pending));
    if (st->pending != PEND_NONE && !answers_pending) {
        snprintf(why, n, "the %s side must first %s", data_side_name(st->to_move),
                 st->pending == PEND_BREASTWORK    ? "decide on a breastwork (breastwork or no-breastwork)"
                 : st->pending == PEND_BOMBARD_TAKE ? "choose the unit that takes the bombardment (take UNIT)"
                 : st->pending == PEND_MARCH_LOSS   ? "choose the unit that loses a step to the march (take UNIT)"
                 : st->pending == PEND_STACK        ? "put right an over-stacked hex (displace UNIT HEX)"
                 : st->pending == PEND_COMBAT       ? "answer in the combat under way (see 'legal')"
                 : st->pending == PEND_RETREAT_EVENT ? "finish the General Retreat (move UNITS HEX, or end)"
                                                    : "decide whether to break contact (break HEX or stay)");
        return false;
    }
    if (st->pending == PEND_NONE && (answers & ANSWER_ONLY)) {
        snprintf(why, n, "nothing is asking for that now");
        return false;
    }
    if (st->phase == PH_RECOVERY) {
        bool over = false;
        if (!night_apply(g, d, why, n, &over))
            return false;
        if (over)
            end_turn(g);
        return true;
    }
    if (st->phase == PH_PLACEMENT || st->phase == PH_DEPLOY) {
        bool done = false;
        if (!placement_apply(g, d, why, n, &done))
            return false;
        if (done)
            begin_turn(g);
        return true;
    }
    if (placement_decision(d->kind)) {
        snprintf(why, n, "the hypothetical deployment is over");
        return false;
    }
    if (st->phase == PH_NIGHT_EVENTS) {
        if (d->kind != D_EVENT && d->kind != D_NO_EVENT) {
            snprintf(why, n, "before the night's supply check: event ID HEX (a supply chit) or no-event");
            return false;
        }
        if (!events_apply(g, d, why, n))
            return false;
        if (!events_night_next(g) && night_after_events(g))
            end_turn(g);
        return true;
    }
    if (st->pending == PEND_RETREAT_EVENT)
        return apply_event(g, d, why, n); /* a General Retreat under way (EVENTS) */
    if (st->pending == PEND_COMBAT && (d->kind == D_BREASTWORK || d->kind == D_NO_BREASTWORK))
        return combat_apply(g, d, why, n); /* the defender's breastwork in a combat */
    return decision_kinds[d->kind].apply(g, d, why, n);
}
