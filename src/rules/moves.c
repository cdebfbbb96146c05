/* Moving (MOVE-BASIC, ROADS, FORCED-MARCH, EXIT-MAP): the moves open to a
 * stack or any group of its units, a move carried out hex by hex with its
 * stops for break contact, the forced march and the step it may cost, and
 * leaving the map. What entering one hex costs is movement.c's answer. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

void move_context_area(const Game *g, MoveContext *ctx)
{
    const ScenarioDef *sc = &g->gd->scenarios[g->st.scenario];
    ctx->area_nw = sc->area_nw;
    ctx->area_se = sc->area_se;
}

static int group_context(const Game *g, Passage *pp, const short *units, int n, int mp_override);
static bool group_reach_in(const Game *g, Passage *p, const short *units, int n, int mp_override, MoveReach *r);

/* The movement search for units moving together (the slowest sets the pace). */
bool group_reach_with(const Game *g, const short *units, int n, int mp_override, MoveReach *r)
{
    Passage p;
    passage_init(g, g->gd->units[units[0]].side, units, n, PASS_MOVE, &p);
    return group_reach_in(g, &p, units, n, mp_override, r);
}

/* The same with the enemy's hexes already in p (passage_init for the
 * units' side). */
static bool group_reach_in(const Game *g, Passage *p, const short *units, int n, int mp_override, MoveReach *r)
{
    int mp = group_context(g, p, units, n, mp_override);
    return passage_reach(g, p, g->st.unit[units[0]].hex, mp, r);
}

/* The MP of units moving together: the slowest real unit's, each unit's
 * doubled only if it is force-marching itself (FORCED-MARCH: "Out of
 * supply, disorganized or demoralized units cannot perform this type of
 * movement", and they keep their pace in a marching stack), plus an
 * event's (Jackson Attacks). 0 for skirmishers and dummies alone. */
static int group_mp(const Game *g, const short *units, int n)
{
    const GameData *gd = g->gd;
    int mp = -1;
    for (int i = 0; i < n; i++) {
        if (is_skirmisher(g, units[i]) || is_dummy(g, units[i]))
            continue;
        int own = gd->units[units[i]].movement;
        if (g->st.unit[units[i]].flags & UF_FORCED)
            own *= gd->rules.forced_march_factor; /* FORCED-MARCH */
        if (mp < 0 || own < mp)
            mp = own;
    }
    return mp < 0 ? 0 : mp + event_extra_mp(g, units, n); /* Jackson Attacks (EVENTS) */
}

/* p's context for these units moving together, and their MP. */
static int group_context(const Game *g, Passage *pp, const short *units, int n, int mp_override)
{
    const GameData *gd = g->gd;
    int mp = group_mp(g, units, n);
    passage_for(g, units, n, PASS_MOVE, pp);
    Passage *p = pp;
    if (mp_override >= 0) {
        mp = mp_override; /* General Retreat (EVENTS): its own MP, never next to the enemy */
        p->ctx.no_contact = true;
    } else if (n > 0 && (g->st.unit[units[0]].flags & UF_GO_ON)) {
        /* BREAK-CONTACT: "the unit's movement can resume if it still has movement points available" */
        bool road = true;
        int left = 255;
        for (int i = 0; i < n; i++) {
            road &= (g->st.unit[units[i]].flags & UF_GO_ROAD) != 0;
            if (g->st.unit[units[i]].mp_left < left)
                left = g->st.unit[units[i]].mp_left;
        }
        p->ctx.spent_half = mp * 2 + (road ? gd->movement.road_bonus : 0) - left;
        p->ctx.road_lost = !road;
    }
    return mp;
}

static bool group_reach(const Game *g, const short *units, int n, MoveReach *r)
{
    return group_reach_with(g, units, n, -1, r);
}

const char *group_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    if (d->nunits < 1 || d->nunits > DEC_MAX_UNITS)
        return "name the units moving together (all in one hex)";
    const char *bad = unit_list_refusal(g, d->units, d->nunits);
    if (bad)
        return bad;
    bool real = false, infantry = false, skirm = false;
    for (int i = 0; i < d->nunits; i++) {
        int u = d->units[i];
        if (g->gd->units[u].side != d->side)
            return "that unit belongs to the other army";
        if (st->unit[u].hex != st->unit[d->units[0]].hex)
            return "units moving together must start in the same hex";
        real |= !is_skirmisher(g, u) && !is_dummy(g, u);
        infantry |= g->gd->units[u].type == UT_INFANTRY;
        skirm |= is_skirmisher(g, u);
    }
    if (!real)
        return "skirmishers and dummies move only with a real unit (SKIRM-RULES, DUMMIES)";
    if (skirm && !infantry)
        return "skirmishers move only stacked with infantry brigades (SKIRM-RULES)";
    return NULL;
}

static const char *move_group_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    const char *bad = group_refusal(g, d);
    if (bad)
        return bad;
    bool go_on = (st->unit[d->units[0]].flags & UF_GO_ON) != 0;
    for (int i = 0; i < d->nunits; i++) {
        unsigned f = st->unit[d->units[i]].flags;
        if (!(f & UF_ACTIVE))
            return "that unit is not active in this activation";
        if ((f & UF_MOVED) && !(f & UF_GO_ON))
            return "that unit has already moved";
        if (((f & UF_GO_ON) != 0) != go_on)
            return "a unit going on after a break of contact moves on only with those it moved with";
    }
    return NULL;
}

/* Why these units may not leave the map now (EXIT-MAP), or NULL: from a
 * road hex on an exit, "Leaving a road hex and move off the maps costs 1
 * movement point": before moving, or as the last step of the move just
 * made, with that much left ("Single units or stacks must complete
 * movement before starting with the next one": once another decision
 * comes, that move is over). Skirmishers and dummies go only with a real
 * unit. */
const char *exit_refusal(const Game *g, const Decision *d)
{
    const GameState *st = &g->st;
    const char *bad = group_refusal(g, d);
    if (bad)
        return bad;
    for (int i = 0; i < d->nunits; i++) {
        const UnitState *us = &st->unit[d->units[i]];
        if (!(us->flags & UF_ACTIVE) || us->where != AT_MAP)
            return "that unit is not active in this activation";
        if (!(us->flags & UF_MOVED))
            continue;
        bool just = false; /* of the move just ended */
        for (int k = 0; k < st->mv_last_n && !just; k++)
            just = st->mv_units[k] == d->units[i];
        if (!just)
            return "it has moved, and its move is over: a unit leaves the map as the last step of its move";
        if (us->mp_left < g->gd->movement.exit_cost)
            return "leaving the map costs 1 MP and it has less left after its move";
    }
    if (!exit_hex(g, st->unit[d->units[0]].hex, g->gd->units[d->units[0]].side))
        return "units leave only from a road hex on an exit (EXIT-MAP)";
    return NULL;
}

/* mv to every hex r reaches (but its start) that ok lets through, appended from out[n]. */
static int reached_moves(const Game *g, Decision *mv, const MoveReach *r, MoveFilter ok, Decision *out, int max, int n)
{
    for (int h = move_reach_next(r, -1); h >= 0; h = move_reach_next(r, h)) {
        if (h == r->start)
            continue;
        if (ok && !ok(g, mv, h))
            continue;
        mv->arg = h;
        if (n < max)
            out[n] = *mv;
        n++;
    }
    return n;
}

/* The hexes a movement search reached, kept from one listing of the moves
 * to the next: the bot lists them again after each of its decisions, and
 * a group that has not moved yet reaches what it reached. A search reads
 * nothing but its context's fields, the enemy, contact and pontoon maps
 * its context points to, the start and the MP: an entry is keyed on all of
 * them by content (the maps once for all the entries: a change to any of
 * them empties the memo), never on an address, so a copied or restored
 * game finds only what its own position gives. One per process, as the
 * step tables are. */
#define REACH_MEMO 12
typedef struct {
    bool known;
    unsigned used;
    MoveContext ctx; /* its map pointers NULL: the maps are the memo's */
    int start, mp;
    int n;
    short hexes[GS_MAX_HEXES]; /* in index order, the start left out */
    MoveReach r;               /* the search itself (costs and paths, for apply_move); r.cell[0] NULL: none */
} ReachMemo;
static struct {
    const GameData *gd;
    unsigned serial;
    int cells;
    bool contact_known, pontoon_known; /* the maps the entries were searched with */
    unsigned char enemy[GS_MAX_HEXES], contact[GS_MAX_HEXES], pontoon[GS_MAX_HEXES];
    unsigned clock;
    unsigned epoch; /* counts the times the maps were set (or the memo forgotten): reach_of's token */
    ReachMemo e[REACH_MEMO];
} reach_memo;

static void reach_memo_drop(ReachMemo *e)
{
    e->known = false;
    move_reach_free(&e->r);
}

void reach_memo_forget(void)
{
    for (int i = 0; i < REACH_MEMO; i++)
        reach_memo_drop(&reach_memo.e[i]);
    reach_memo.gd = NULL;
    reach_memo.epoch++;
}

/* The memo's entries for the maps of ctx, emptied first when they are not
 * the maps it holds. */
static void reach_memo_maps(const MoveContext *ctx, int cells)
{
    bool same = reach_memo.gd == ctx->gd && reach_memo.serial == ctx->gd->serial && reach_memo.cells == cells &&
                reach_memo.contact_known == (ctx->contact != NULL) &&
                reach_memo.pontoon_known == (ctx->pontoon != NULL) &&
                memcmp(reach_memo.enemy, ctx->enemy, (size_t)cells) == 0 &&
                (!ctx->contact || memcmp(reach_memo.contact, ctx->contact, (size_t)cells) == 0) &&
                (!ctx->pontoon || memcmp(reach_memo.pontoon, ctx->pontoon, (size_t)cells) == 0);
    if (same)
        return;
    reach_memo.epoch++;
    reach_memo.gd = ctx->gd;
    reach_memo.serial = ctx->gd->serial;
    reach_memo.cells = cells;
    reach_memo.contact_known = ctx->contact != NULL;
    reach_memo.pontoon_known = ctx->pontoon != NULL;
    memcpy(reach_memo.enemy, ctx->enemy, (size_t)cells);
    if (ctx->contact)
        memcpy(reach_memo.contact, ctx->contact, (size_t)cells);
    if (ctx->pontoon)
        memcpy(reach_memo.pontoon, ctx->pontoon, (size_t)cells);
    for (int i = 0; i < REACH_MEMO; i++)
        reach_memo_drop(&reach_memo.e[i]);
}

static MoveContext reach_key(const MoveContext *ctx)
{
    MoveContext k = *ctx;
    k.enemy = k.contact = k.pontoon = NULL;
    return k;
}

/* The hexes p's search from start with mp reaches (the start left out),
 * from the memo or searched now; NULL when the search fails. *token (if
 * not NULL; 0 at first) spares a caller that asks again with the same
 * maps the memo's comparison of them: p's maps were compared (or set)
 * while it holds the memo's epoch, and nothing set other maps since. */
static const ReachMemo *reach_of(const Game *g, const Passage *p, int start, int mp, unsigned *token)
{
    int cells = g->gd->map.cols * g->gd->map.rows;
    if (cells > GS_MAX_HEXES)
        return NULL;
    if (!token || *token == 0 || *token != reach_memo.epoch) {
        reach_memo_maps(&p->ctx, cells);
        if (token)
            *token = reach_memo.epoch;
    }
    MoveContext key = reach_key(&p->ctx);
    ReachMemo *slot = &reach_memo.e[0];
    for (int i = 0; i < REACH_MEMO; i++) {
        ReachMemo *e = &reach_memo.e[i];
        if (e->known && e->start == start && e->mp == mp && move_context_same(&e->ctx, &key)) {
            e->used = ++reach_memo.clock;
            return e;
        }
        if (!e->known || (slot->known && e->used < slot->used))
            slot = e; /* the one unused longest */
    }
    MoveReach r;
    if (!passage_reach(g, p, start, mp, &r))
        return NULL;
    reach_memo_drop(slot);
    slot->known = true;
    slot->used = ++reach_memo.clock;
    slot->ctx = key;
    slot->start = start;
    slot->mp = mp;
    slot->n = move_reach_list(&r, slot->hexes);
    slot->r = r; /* kept until the entry is dropped */
    return slot;
}

/* reached_moves over a memo's hexes. */
static int memo_moves(const Game *g, Decision *mv, const ReachMemo *e, MoveFilter ok, Decision *out, int max, int n)
{
    if (!ok) { /* every hex: mv copied as it stands, the hex written in the copy */
        const Decision one = *mv;
        int end = n + e->n < max ? n + e->n : max;
        for (int i = 0; n + i < end; i++) {
            out[n + i] = one;
            out[n + i].arg = e->hexes[i];
        }
        return n + e->n;
    }
    for (int i = 0; i < e->n; i++) {
        int h = e->hexes[i];
        if (!ok(g, mv, h))
            continue;
        mv->arg = h;
        if (n < max)
            out[n] = *mv;
        n++;
    }
    return n;
}

int list_group_moves(const Game *g, Decision *out, int max, int n, unsigned want, unsigned done, int mp_override,
                     MoveFilter ok)
{
    const GameState *st = &g->st;
    Passage passage, *p = &passage; /* the enemy's maps, for the first group's side */
    int p_side = -1;
    unsigned token = 0; /* reach_of's, for p's maps */
    /* Each eligible unit alone, and each hex's whole eligible stack: the
     * eligible units listed once, in index order, each stack gathered from
     * that list. */
    short elig[GS_MAX_UNITS];
    int nelig = 0;
    int nunits = st->nunits < GS_MAX_UNITS ? st->nunits : GS_MAX_UNITS;
    for (int u = unit_next_flagged(st, 0, want); u < nunits; u = unit_next_flagged(st, u + 1, want))
        if (!(st->unit[u].flags & done)) /* most units are not moving now */
            elig[nelig++] = (short)u;
    for (int i = 0; i < nelig; i++) {
        int u = elig[i];
        Decision grp = {.kind = D_MOVE, .side = st->to_move};
        bool first_in_hex = true;
        for (int j = 0; j < nelig; j++) {
            int v = elig[j];
            if (st->unit[v].hex == st->unit[u].hex) {
                if (v < u)
                    first_in_hex = false;
                if (grp.nunits < DEC_MAX_UNITS)
                    grp.units[grp.nunits++] = (short)v;
            }
        }
        for (int pass = 0; pass < 2; pass++) {
            Decision mv = grp;
            if (pass == 0) {
                mv.nunits = 1;
                mv.units[0] = (short)u;
            } else if (!first_in_hex || grp.nunits < 2)
                continue;
            MoveReach r;
            if (ok ? !ok(g, &mv, -1) : move_group_refusal(g, &mv) != NULL)
                continue;
            int side = g->gd->units[mv.units[0]].side;
            if (side != p_side) {
                passage_init(g, side, mv.units, mv.nunits, PASS_MOVE, p);
                p_side = side;
                token = 0;
            }
            int mp = group_context(g, p, mv.units, mv.nunits, mp_override), start = st->unit[mv.units[0]].hex;
            const ReachMemo *found = reach_of(g, p, start, mp, &token);
            if (found)
                n = memo_moves(g, &mv, found, ok, out, max, n);
            else if (passage_reach(g, p, start, mp, &r)) { /* a map too big for the memo */
                n = reached_moves(g, &mv, &r, ok, out, max, n);
                move_reach_free(&r);
            }
        }
    }
    return n;
}

int game_move_preview(const Game *g, const Decision *d, short *path, int max, int *half_mp, int *allowance_half)
{
    const Map *m = &g->gd->map;
    if (d->kind != D_MOVE || d->nunits < 1 || d->nunits > DEC_MAX_UNITS || d->arg < 0 || d->arg >= m->cols * m->rows ||
        group_refusal(g, d))
        return 0;
    MoveReach r;
    int mp_override = g->st.pending == PEND_RETREAT_EVENT ? event_retreat_mp(g) : -1;
    if (!group_reach_with(g, d->units, d->nunits, mp_override, &r))
        return 0;
    HexCoord to = map_hex_at(m, d->arg);
    bool road = false;
    int cost = move_cost_to(&r, to, &road);
    int n = 0;
    if (cost != MOVE_UNREACHED && d->arg != r.start) {
        HexCoord *way = malloc((size_t)(m->cols * m->rows) * sizeof *way);
        int len = way ? move_path(&r, to, way, m->cols * m->rows) : 0;
        for (int i = 0; i < len && n < max; i++)
            path[n++] = (short)map_hex_index(m, way[i]);
        free(way);
        if (half_mp)
            *half_mp = cost;
        if (allowance_half)
            *allowance_half = r.allowance[road ? LAYER_ROAD : LAYER_ANY];
    }
    move_reach_free(&r);
    return n;
}

int game_group_moves(const Game *g, const short *units, int nunits, Decision *out, int max)
{
    const GameState *st = &g->st;
    if (st->pending != PEND_NONE || st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE ||
        nunits < 1 || nunits > DEC_MAX_UNITS)
        return 0;
    Decision mv = {.kind = D_MOVE, .side = st->to_move, .nunits = nunits};
    memcpy(mv.units, units, (size_t)nunits * sizeof *units);
    MoveReach r;
    if (move_group_refusal(g, &mv) || !group_reach(g, mv.units, nunits, &r))
        return 0;
    int n = reached_moves(g, &mv, &r, NULL, out, max, 0);
    move_reach_free(&r);
    return n;
}

/* Half MP as the player reads MP: "2", "1.5". */
static const char *half_mp(int half, char out[32])
{
    snprintf(out, 32, "%d%s", half / 2, half % 2 ? ".5" : "");
    return out;
}

static void end_move(Game *g, const char *why)
{
    GameState *st = &g->st;
    char route[GS_MAX_PATH * 5 + 1] = "";
    for (int i = 0; i <= st->mv_pos && log_wants_text(&g->log); i++) {
        char hx[5];
        hex_format(map_hex_at(&g->gd->map, st->mv_path[i]), hx);
        if (i)
            strcat(route, " ");
        strcat(route, hx);
    }
    /* what is left of the allowance, for leaving the map at the end of the move (EXIT-MAP) */
    int left = st->mv_mp * 2 + (st->mv_road ? g->gd->movement.road_bonus : 0) - st->mv_spent;
    char contact[96] = "", rest[32];
    if (!log_wants_text(&g->log))
        log_add(&g->log, st->turn, LOG_EVENT, "MOVE-BASIC", "moved"); /* the line without its words */
    else {
        if (st->mv_contact > 0)
            snprintf(contact, sizeof contact, " (%s MP of it for contact with the enemy, MOVE-CONTACT)",
                     half_mp(st->mv_contact, rest));
        log_add(&g->log, st->turn, LOG_EVENT, "MOVE-BASIC", "moved %s, %s MP%s%s, %s MP left%s%s", route,
                half_mp(st->mv_spent, (char[32]){0}), contact,
                st->mv_road && st->mv_pos > 0 ? " wholly by road (ROADS)" : "", half_mp(left > 0 ? left : 0, rest),
                why ? "; " : "", why ? why : "");
    }
    for (int i = 0; i < st->mv_n; i++) {
        UnitState *u = &st->unit[st->mv_units[i]];
        u->mp_left = (unsigned char)(left > 0 ? left : 0);
        /* BREAK-CONTACT: a break "only temporarily interrupts the movement of the unit that caused this
         * effect": with MP left it may go on (a new move from here) */
        if (st->mv_broke && left > 0 && u->where == AT_MAP && !(u->flags & UF_DEM))
            u->flags |= UF_GO_ON | (st->mv_road ? UF_GO_ROAD : 0);
    }
    st->mv_broke = false;
    st->mv_last_n = st->mv_n; /* mv_units kept until the next decision (SKIRM-MAKE) */
    st->mv_last_road = st->mv_road && st->mv_pos > 0;
    st->mv_n = 0;
    st->mv_len = st->mv_pos = 0;
}

/* Goes on with the move under way, hex by hex, pricing each step against
 * the units where they stand now; stops when break contact is offered. */
void continue_move(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    int side = st->drawn.side;
    while (st->mv_pos < st->mv_len - 1) {
        int from = st->mv_path[st->mv_pos], to = st->mv_path[st->mv_pos + 1];
        if (hex_has_side(g, to, 1 - side)) {
            end_move(g, "the way ahead is held by the enemy");
            return;
        }
        Passage p; /* each step priced against the units where they stand now */
        passage_init(g, side, st->mv_units, st->mv_n, PASS_MOVE, &p);
        bool by_road;
        const Map *m = &gd->map;
        int dir = hex_direction(map_hex_at(m, from), map_hex_at(m, to));
        int cost = move_step_cost(&p.ctx, map_hex_at(m, from), dir, &by_road);
        bool road = st->mv_road && by_road;
        int allowance = st->mv_mp * 2 + (road ? gd->movement.road_bonus : 0);
        if (cost == COST_NO || st->mv_spent + cost > allowance) {
            end_move(g, cost == COST_NO ? "the next hex cannot be entered now" : "not enough movement points left");
            return;
        }
        MoveContext unopposed = p.ctx; /* the same step with no enemy about: the difference is contact's */
        unopposed.enemy = NULL;
        unopposed.contact = NULL;
        bool r2;
        int plain = move_step_cost(&unopposed, map_hex_at(m, from), dir, &r2);
        if (plain != COST_NO && cost > plain)
            st->mv_contact += cost - plain;
        /* only the hex the move started in was held: a hex marched through is not abandoned works */
        bool was_adjacent = st->mv_pos == 0 && next_to_side(g, from, 1 - side);
        bool dem_before[DEC_MAX_UNITS];
        for (int i = 0; i < st->mv_n; i++) {
            dem_before[i] = (st->unit[st->mv_units[i]].flags & UF_DEM) != 0;
            unit_put(g, st->mv_units[i], AT_MAP, to);
        }
        leave_hex(g, from, side, st->mv_units, st->mv_n, LEAVE_MOVE, was_adjacent);
        st->mv_spent += cost;
        st->mv_road = road;
        st->mv_pos++;
        bool became_dem = false;
        for (int i = 0; i < st->mv_n; i++)
            became_dem |= !dem_before[i] && (st->unit[st->mv_units[i]].flags & UF_DEM);
        /* Demoralized units "maintain their movement ability": one demoralized by leaving its works goes on,
         * never next to the enemy from here (passage_init); only one that became so next to the enemy stops,
         * to fall back at once (DEMORAL) */
        if (became_dem && next_to_side(g, to, 1 - side)) {
            end_move(g, "demoralized next to the enemy, it goes no further");
            morale_check(g);
            return;
        }
        if (morale_check(g)) /* demoralized enemies it came next to fall back first (DEMORAL) */
            return;
        offer_break_contact(g, to);
        if (st->pending != PEND_NONE)
            return;
    }
    end_move(g, NULL);
}

void game_resume_move(Game *g)
{
    GameState *st = &g->st;
    if (st->mv_n == 0 || st->phase != PH_ACTIVATION)
        return;
    offer_break_contact(g, st->mv_path[st->mv_pos]);
    if (st->pending == PEND_NONE)
        continue_move(g);
}

/* FORCED-MARCH: "No unit in the force marching formation may attack or
 * bombard that turn": a unit that marched, any unit of the activation under
 * way, and any unit of a formation that marched, even one activated later
 * by the Independent chit or a detachment. */
bool forced_march_bars(const Game *g, int u)
{
    const GameState *st = &g->st;
    int f = unit_formation(g, u);
    return (st->unit[u].flags & UF_FORCED) || st->marching || (f >= 0 && f < GS_MAX_FORMATIONS && st->marched_fm[f]);
}

/* Why this activation may not be a forced march now, or NULL. */
const char *march_refusal(const Game *g)
{
    const GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE || st->pending != PEND_NONE)
        return "a forced march is declared during an activation's movement";
    if (st->drawn.kind == CHIT_INDEPENDENT)
        return "only a formation (or a higher commander's) may force-march";
    if (st->march_used[st->drawn.side])
        return "only one formation a turn may force-march";
    bool able = false;
    for (int i = 0; i < st->nunits; i++) {
        if ((st->unit[i].flags & UF_ACTIVE) && (st->unit[i].flags & (UF_MOVED | UF_FIRED)))
            return "declare it before any unit moves";
        able |= (st->unit[i].flags & UF_ACTIVE) && !(st->unit[i].flags & (UF_OOS | UF_DIS | UF_DEM)) &&
                !is_skirmisher(g, i) && st->unit[i].where == AT_MAP;
    }
    return able ? NULL : "no active unit could march (out of supply and disordered units cannot)";
}

/* FORCED-MARCH: "a step loss is removed by any unit belonging to the
 * formation": a unit of the marching formation (or of a higher
 * commander's formations) on the map, or one that marched with it. */
bool march_loss_ok(const Game *g, int u)
{
    const GameState *st = &g->st;
    const Chit *c = &st->drawn;
    if (u < 0 || u >= st->nunits || st->unit[u].where != AT_MAP || is_skirmisher(g, u) || is_dummy(g, u) ||
        g->gd->units[u].side != c->side)
        return false;
    int f = unit_formation(g, u);
    return (st->unit[u].flags & UF_FORCED) || (c->kind == CHIT_FORMATION && f >= 0 && f == c->index) ||
           held_by_drawn(g, f);
}

/* D_FORCED_MARCH */
bool apply_forced_march(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    const char *r = march_refusal(g);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    int marching = 0;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        if (!(u->flags & UF_ACTIVE))
            continue;
        if (u->flags & (UF_OOS | UF_DIS | UF_DEM)) {
            /* "cannot perform this type of movement": they move at their own pace, and like the whole
             * formation do not attack or bombard */
            log_add(&g->log, st->turn, LOG_EVENT, "FORCED-MARCH",
                    "%s, out of supply or in disorder, cannot force-march: it moves at its normal pace",
                    g->gd->units[i].name);
            continue;
        }
        u->flags |= UF_FORCED;
        marching++;
    }
    for (int i = 0; i < st->nunits; i++) { /* "the force marching formation": every formation acting now */
        int f = unit_formation(g, i);
        if ((st->unit[i].flags & UF_ACTIVE) && f >= 0 && f < GS_MAX_FORMATIONS)
            st->marched_fm[f] = true;
    }
    st->march_used[d->side] = true;
    st->marching = true;
    log_add(&g->log, st->turn, LOG_DECISION, "FORCED-MARCH",
            "%s force-marches: %d units, double movement, never next to the enemy, no attack", data_side_name(d->side),
            marching);
    return true;
}

/* The end of a forced march's activation (FORCED-MARCH): a die, and on a
 * loss the owner chooses the unit of the formation that pays the step
 * before the end goes on (D_TAKE, march_loss_take). True when that
 * question is now pending. */
bool forced_march_ends(Game *g, const Decision *d)
{
    GameState *st = &g->st;
    if (!st->marching)
        return false;
    st->marching = false;
    char why2[64];
    snprintf(why2, sizeof why2, "after a forced march: 1-%d costs the formation a step", g->gd->rules.forced_march_loss);
    int die = game_roll(g, "FORCED-MARCH", why2);
    if (die <= g->gd->rules.forced_march_loss) {
        int nc = 0;
        for (int i = 0; i < st->nunits; i++)
            nc += march_loss_ok(g, i);
        if (nc > 0) {
            st->pending = PEND_MARCH_LOSS;
            st->to_move = d->side;
            remember(g, d);
            log_add(&g->log, st->turn, LOG_EVENT, "FORCED-MARCH", "the march costs a step: %s chooses the unit",
                    data_side_name(d->side));
            return true;
        }
    }
    return false;
}

/* D_TAKE after a forced march: the unit that loses the march's step (FORCED-MARCH). */
bool march_loss_take(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    int u = d->arg;
    if (!march_loss_ok(g, u)) {
        snprintf(why, n, "the step comes from a unit of the formation that marched (FORCED-MARCH)");
        return false;
    }
    unit_lose_step(g, u);
    log_add(&g->log, st->turn, LOG_DECISION, "FORCED-MARCH", "%s loses a step to the march%s",
            g->gd->units[u].name, st->unit[u].steps == 0 ? " and is gone" : "");
    st->pending = PEND_NONE;
    st->to_move = st->drawn.side;
    if (st->has_resume) {
        st->has_resume = false;
        Decision r = {.kind = D_END, .side = st->resume_side};
        char rwhy[160];
        decision_apply(g, &r, rwhy, sizeof rwhy);
    }
    return true;
}

/* D_EXIT */
bool apply_exit(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as its log lines write it (empty when the log keeps no words) */
    decision_log_text(g, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE) {
        snprintf(why, n, "units leave the map during their movement");
        return false;
    }
    const char *r = exit_refusal(g, d);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    for (int i = 0; i < d->nunits; i++) {
        UnitState *u = &st->unit[d->units[i]];
        int from = u->hex;
        unit_put(g, d->units[i], AT_EXITED, -1);
        u->exited_from = (short)from;
        u->flags |= UF_MOVED;
        leave_hex(g, from, d->side, &d->units[i], 1, LEAVE_MOVE, next_to_side(g, from, 1 - d->side));
    }
    log_add(&g->log, st->turn, LOG_DECISION, "EXIT-MAP", "%s: off the map for good", text);
    return true;
}

/* D_MOVE */
/* Why a group may not move to hex, which its search did not reach: the
 * player is told what stands in the way, and when it is only MP, how many
 * the way there takes. */
static void unreached_why(const Game *g, const short *units, int nu, int hex, char *why, size_t n)
{
    const GameData *gd = g->gd;
    const Map *m = &gd->map;
    int side = gd->units[units[0]].side, start = g->st.unit[units[0]].hex;
    char h[5];
    if (hex < 0 || hex >= m->cols * m->rows) {
        snprintf(why, n, "that is not a hex of the map");
        return;
    }
    hex_name(gd, hex, h);
    if (hex == start) {
        snprintf(why, n, "the units are in %s already", h);
        return;
    }
    if (hex_has_side(g, hex, 1 - side)) {
        snprintf(why, n, "the enemy holds %s: no unit enters an enemy hex (MOVE-BASIC)", h);
        return;
    }
    if (gd->terrain[m->hexes[hex].terrain].move == COST_NO) {
        snprintf(why, n, "no unit may enter the ground of %s", h);
        return;
    }
    /* the same way with all the MP in the world: is it the distance, or is there no way? */
    Passage p;
    passage_init(g, side, units, nu, PASS_MOVE, &p);
    int mp = group_context(g, &p, units, nu, -1);
    MoveReach far;
    int across = MOVE_UNREACHED, road = MOVE_UNREACHED;
    if (passage_reach(g, &p, start, 99, &far)) {
        across = move_cost_by(&far, hex, false);
        road = move_cost_by(&far, hex, true);
        move_reach_free(&far);
    }
    /* never next to the enemy: at night, demoralized, on a forced march (movement.c) */
    char dark[128] = "";
    if (p.ctx.no_contact) {
        bool dem = false, forced = false;
        for (int i = 0; i < nu; i++) {
            dem |= (g->st.unit[units[i]].flags & UF_DEM) != 0;
            forced |= (g->st.unit[units[i]].flags & UF_FORCED) != 0;
        }
        const char *who = dem ? "a demoralized unit (DEMORAL)" : forced ? "a force-marching unit (FORCED-MARCH)"
                                                                        : "a unit at night";
        bool contact = p.ctx.contact && p.ctx.contact[hex];
        if (contact) {
            snprintf(why, n, "%s is in contact with the enemy, and %s never enters such a hex", h, who);
            return;
        }
        snprintf(dark, sizeof dark, " (%s never enters a hex in contact with the enemy)", who);
    }
    char a[32], b[32], c[32], d[32];
    int has = mp * 2 - p.ctx.spent_half, by_road = p.ctx.road_lost ? has : has + gd->movement.road_bonus;
    char ways[96] = "";
    if (across != MOVE_UNREACHED && road != MOVE_UNREACHED)
        snprintf(ways, sizeof ways, "%s MP, or %s MP wholly by road", half_mp(across, a), half_mp(road, b));
    else if (across != MOVE_UNREACHED)
        snprintf(ways, sizeof ways, "%s MP", half_mp(across, a));
    else if (road != MOVE_UNREACHED)
        snprintf(ways, sizeof ways, "%s MP wholly by road", half_mp(road, b));
    if (ways[0])
        snprintf(why, n, "%s is too far: the way there takes %s; these units have %s MP this move (%s wholly by road)%s",
                 h, ways, half_mp(has, c), half_mp(by_road, d), dark);
    else
        snprintf(why, n,
                 "no way leads to %s under the movement rules: the enemy, a river with no crossing open or the edge "
                 "of the play area bars it%s",
                 h, dark);
}

bool apply_move(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as its log lines write it (empty when the log keeps no words) */
    decision_log_text(g, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE) {
        snprintf(why, n, st->act_step == STEP_BOMBARD ? "movement ends with the first bombardment"
                                                      : "nothing may move now");
        return false;
    }
    const char *r = move_group_refusal(g, d);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    /* the search the listing of the moves just made, from the memo (keyed on what it reads), or made now */
    MoveReach own = {0};
    const MoveReach *found = NULL;
    {
        Passage p;
        passage_init(g, g->gd->units[d->units[0]].side, d->units, d->nunits, PASS_MOVE, &p);
        int mp = group_context(g, &p, d->units, d->nunits, -1);
        const ReachMemo *e = reach_of(g, &p, st->unit[d->units[0]].hex, mp, NULL);
        if (e && e->r.cell[0])
            found = &e->r;
    }
    if (!found) {
        if (!group_reach(g, d->units, d->nunits, &own)) {
            snprintf(why, n, "out of memory");
            return false;
        }
        found = &own;
    }
    const MoveReach reach = *found;
    const Map *m = &g->gd->map;
    bool road_only = false;
    int cost = d->arg >= 0 && d->arg < m->cols * m->rows ? move_cost_to(&reach, map_hex_at(m, d->arg), &road_only)
                                                         : MOVE_UNREACHED;
    if (cost == MOVE_UNREACHED || d->arg == reach.start) {
        move_reach_free(&own);
        unreached_why(g, d->units, d->nunits, d->arg, why, n);
        return false;
    }
    HexCoord path[GS_MAX_PATH];
    int len = move_path(&reach, map_hex_at(m, d->arg), path, GS_MAX_PATH);
    move_reach_free(&own);
    st->mv_n = d->nunits;
    st->mv_mp = group_mp(g, d->units, d->nunits);
    bool resumed = (st->unit[d->units[0]].flags & UF_GO_ON) != 0, go_road = true;
    int go_left = 255;
    for (int i = 0; i < d->nunits && resumed; i++) {
        UnitState *u = &st->unit[d->units[i]];
        go_road &= (u->flags & UF_GO_ROAD) != 0;
        if (u->mp_left < go_left)
            go_left = u->mp_left;
        u->flags &= (unsigned short)~(UF_GO_ON | UF_GO_ROAD);
    }
    for (int i = 0; i < d->nunits; i++) {
        st->mv_units[i] = d->units[i];
        st->unit[d->units[i]].flags |= UF_MOVED;
    }
    st->mv_len = len;
    for (int i = 0; i < len; i++)
        st->mv_path[i] = (short)map_hex_index(m, path[i]);
    st->mv_pos = 0;
    st->mv_spent = resumed ? st->mv_mp * 2 + (go_road ? g->gd->movement.road_bonus : 0) - go_left : 0;
    st->mv_road = resumed ? go_road : true;
    st->mv_contact = 0;
    st->mv_broke = false;
    /* VISIBILITY: a stack the enemy may not inspect moves under its count of counters only; its
     * owner reads which units (and dummies) they are */
    int from_hex = st->unit[d->units[0]].hex;
    bool hidden = !game_can_inspect(g, 1 - d->side, from_hex);
    LogEntry *le = log_add(&g->log, st->turn, LOG_DECISION, "MOVE-BASIC", "%s: planned %d%s MP%s", text,
                           cost / 2, cost % 2 ? ".5" : "", road_only ? " wholly by road" : "");
    if (hidden && le) {
        le->secret = d->side + 1;
        /* the counters the enemy sees go: those named, and the dummies that follow a stack leaving whole */
        int counters = d->nunits, left = 0, dummies = 0;
        short here[GS_MAX_UNITS]; /* the units of the hex (the index): no other one stands there */
        int nh = hex_units(g, from_hex, here, GS_MAX_UNITS);
        for (int k = 0; k < nh && k < GS_MAX_UNITS; k++) {
            int u = here[k];
            if (u >= st->nunits)
                continue;
            bool named = false;
            for (int i = 0; i < d->nunits; i++)
                named |= d->units[i] == u;
            if (named || st->unit[u].where != AT_MAP || st->unit[u].hex != from_hex ||
                g->gd->units[u].side != d->side)
                continue;
            if (is_dummy(g, u))
                dummies++;
            else
                left++;
        }
        if (left == 0)
            counters += dummies;
        char hf[5], ht[5];
        LogEntry *pub = log_add(&g->log, st->turn, LOG_DECISION, "VISIBILITY",
                                "a %s stack of %d counter%s moves from %s towards %s",
                                d->side == SIDE_UNION ? "Union" : "Confederate", counters, counters == 1 ? "" : "s",
                                hex_name(g->gd, from_hex, hf), hex_name(g->gd, d->arg, ht));
        if (pub)
            pub->secret = -(d->side + 1); /* the enemy's view: its owner reads its own line above */
    }
    continue_move(g);
    return true;
}
