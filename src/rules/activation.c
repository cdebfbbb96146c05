/* The activation (ACT-RADIUS, INDEP-CHIT, ACT-INDEP-ATTACH, HIGHER-CMD,
 * DETACH, CAMPAIGN's locks): where the chit is placed and which units its
 * command radius reaches, attaching independent units, the higher
 * commanders' chits and the detachment marker. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

/* The hexes within `radius` of `from` along a path that never enters an
 * enemy hex nor crosses what a move could not cross now: impassable
 * terrain, a river without its ford, bridge or pontoon, a ford closed by
 * rain (ACT-RADIUS: "cannot cross enemy units or forbidden terrain").
 * in_range gets 1 for each. */
/* The last command range worked out, kept: the listing of the
 * attachments asks for it again after every decision of an activation,
 * and neither the chit nor the enemy moves meanwhile. Keyed on all the
 * search reads, by content: its context's fields, the enemy, contact and
 * pontoon maps, the side, the start and the radius (the data set by its
 * address and load serial, as the movement memo has it). */
static struct {
    bool known;
    unsigned serial;
    MoveContext ctx; /* its map pointers NULL: the maps are below */
    bool pontoon_known;
    int side, from, radius, cells;
    unsigned char enemy[GS_MAX_HEXES], contact[GS_MAX_HEXES], pontoon[GS_MAX_HEXES];
    unsigned char in_range[GS_MAX_HEXES];
} range_memo;

void command_range_forget(void) { range_memo.known = false; }

void command_range(const Game *g, int side, int from, int radius, unsigned char *in_range)
{
    const Map *m = &g->gd->map;
    int n = m->cols * m->rows;
    short queue[GS_MAX_HEXES];
    signed char dist[GS_MAX_HEXES];
    Passage p;
    passage_init(g, side, NULL, 0, PASS_COMMAND, &p);
    MoveContext key = p.ctx;
    key.enemy = key.contact = key.pontoon = NULL;
    if (range_memo.known && range_memo.serial == g->gd->serial && move_context_same(&range_memo.ctx, &key) &&
        range_memo.side == side && range_memo.from == from && range_memo.radius == radius && range_memo.cells == n &&
        range_memo.pontoon_known == (p.ctx.pontoon != NULL) && memcmp(range_memo.enemy, p.enemy, (size_t)n) == 0 &&
        memcmp(range_memo.contact, p.contact, (size_t)n) == 0 &&
        (!p.ctx.pontoon || memcmp(range_memo.pontoon, p.ctx.pontoon, (size_t)n) == 0)) {
        memcpy(in_range, range_memo.in_range, (size_t)n);
        return;
    }
    memset(in_range, 0, (size_t)n);
    memset(dist, -1, sizeof dist);
    int head = 0, tail = 0;
    dist[from] = 0;
    queue[tail++] = (short)from;
    in_range[from] = 1;
    while (head < tail) {
        int h = queue[head++];
        if (dist[h] >= radius)
            continue;
        HexCoord c = map_hex_at(m, h);
        for (int d = 0; d < DIR_COUNT; d++) {
            HexCoord nb = hex_neighbour(c, d);
            if (!map_has(m, nb))
                continue;
            int ni = map_hex_index(m, nb);
            if (dist[ni] >= 0 || passage_step(&p, h, d) == COST_NO)
                continue;
            dist[ni] = (signed char)(dist[h] + 1);
            in_range[ni] = 1;
            queue[tail++] = (short)ni;
        }
    }
    if (n > GS_MAX_HEXES)
        return;
    range_memo.known = true;
    range_memo.serial = g->gd->serial;
    range_memo.ctx = key;
    range_memo.side = side;
    range_memo.from = from;
    range_memo.radius = radius;
    range_memo.cells = n;
    range_memo.pontoon_known = p.ctx.pontoon != NULL;
    memcpy(range_memo.enemy, p.enemy, (size_t)n);
    memcpy(range_memo.contact, p.contact, (size_t)n);
    if (p.ctx.pontoon)
        memcpy(range_memo.pontoon, p.ctx.pontoon, (size_t)n);
    memcpy(range_memo.in_range, in_range, (size_t)n);
}

/* Whether the drawn chit is a higher commander holding this formation. */
bool held_by_drawn(const Game *g, int formation)
{
    const Chit *c = &g->st.drawn;
    return c->kind == CHIT_HIGHER && formation >= 0 && g->st.held_by[formation] == c->index;
}

int drawn_chit_radius(const Game *g)
{
    const Chit *c = &g->st.drawn;
    if (c->kind == CHIT_INDEPENDENT)
        return g->gd->rules.independent_radius; /* INDEP-CHIT */
    if (c->kind == CHIT_HIGHER)
        return g->gd->commanders[c->index].command_radius;
    int k = g->gd->formations[c->index].commander;
    return k >= 0 ? g->gd->commanders[k].command_radius : 0;
}

static int max_attached(const Game *g)
{
    if (g->st.drawn.kind == CHIT_HIGHER) /* independents come along already (HIGHER-CMD); a Confederate */
        return g->st.drawn.side == SIDE_CONFEDERATE ? g->gd->rules.formation_independents : 0; /* may take one of Stuart's cavalry too */
    return g->st.drawn.kind == CHIT_INDEPENDENT ? g->gd->rules.independent_units : g->gd->rules.formation_independents; /* INDEP-CHIT, ACT-INDEP-ATTACH */
}

bool attach_full(const Game *g) { return g->st.attached >= max_attached(g); }

/* Whether unit u, of the chit's side, lets the drawn chit stand in or
 * next to its hex: of the chit's formation, of a formation its higher
 * commander holds, or (an independent chit) not yet activated. */
static bool anchors_chit(const Game *g, int u)
{
    const GameState *st = &g->st;
    const UnitDef *ud = &g->gd->units[u];
    if (st->drawn.kind == CHIT_FORMATION)
        return ud->formation == st->drawn.index;
    if (st->drawn.kind == CHIT_HIGHER)
        return held_by_drawn(g, ud->formation);
    if (st->drawn.kind == CHIT_INDEPENDENT)
        return !(st->unit[u].flags & UF_ACTIVATED);
    return false;
}

/* Whether hex h holds a unit of `side` that anchors the drawn chit. */
static bool hex_anchors(const Game *g, int h, int side)
{
    if (h < 0 || !hex_has_side(g, h, side))
        return false;
    short here[GS_MAX_UNITS];
    int nh = hex_units(g, h, here, GS_MAX_UNITS);
    for (int i = 0; i < nh; i++)
        if (g->gd->units[here[i]].side == side && anchors_chit(g, here[i]))
            return true;
    return false;
}

/* chit_place_refusal, the hexes anchored given (a bit a hex: hex_anchors
 * says yes to it or to a hex next to it) or, without them, asked hex by
 * hex. */
static const char *place_refusal_in(const Game *g, int hex, const uint64_t *anchored)
{
    const GameState *st = &g->st;
    const Map *m = &g->gd->map;
    int side = st->drawn.side;
    if (hex < 0 || hex >= m->cols * m->rows)
        return "that hex is not on the map";
    if (hex_has_side(g, hex, 1 - side))
        return "enemy units stand in that hex";
    if (anchored) { /* hex_anchors in the hex or next to it, asked already */
        if ((anchored[hex / 64] >> (hex % 64)) & 1)
            return NULL;
    } else {
        const short *nb = m->hexes[hex].nb; /* the map's neighbour table */
        for (int d = -1; d < DIR_COUNT; d++) { /* the units in the hex and next to it */
            int h = d < 0 ? hex : nb[d];
            if (hex_anchors(g, h, side))
                return NULL;
        }
    }
    return st->drawn.kind == CHIT_INDEPENDENT ? "the chit must stand in or next to a unit not yet activated this turn"
                                              : "the chit must stand in or next to a hex holding a unit of its formation";
}

const char *chit_place_refusal(const Game *g, int hex) { return place_refusal_in(g, hex, NULL); }

int chit_places(const Game *g, short *out, int max)
{
    const GameState *st = &g->st;
    const Map *m = &g->gd->map;
    int side = st->drawn.side, cells = m->cols * m->rows, n = 0;
    if (side < 0 || side >= SIDE_COUNT)
        return 0;
    /* Only a hex holding a unit of the side that anchors the chit, or next
     * to one, can pass chit_place_refusal: ask it of those alone, with the
     * hexes that anchor it asked once each (hex_anchors: a hex with such
     * a unit, as the units' places have it, and no other) and marked, with
     * the hexes next to them, for place_refusal_in. */
    enum { WORDS = (GS_MAX_HEXES + 63) / 64 };
    uint64_t seen[WORDS] = {0}, anchored[WORDS] = {0}; /* a bit a hex */
    for (int u = 0; u < st->nunits; u++) {
        int h = st->unit[u].hex;
        if (st->unit[u].where != AT_MAP || g->gd->units[u].side != side || h < 0 || h >= cells ||
            !anchors_chit(g, u) || (seen[h / 64] >> (h % 64)) & 1)
            continue;
        seen[h / 64] |= UINT64_C(1) << (h % 64); /* u anchors it: the hex anchors the chit */
        anchored[h / 64] |= UINT64_C(1) << (h % 64); /* the hex and those next to it */
        for (int d = 0; d < DIR_COUNT; d++) {
            int nb = m->hexes[h].nb[d];
            if (nb >= 0)
                anchored[nb / 64] |= UINT64_C(1) << (nb % 64);
        }
    }
    for (int w = 0; w < (cells + 63) / 64; w++) /* in the order of the hexes */
        for (uint64_t bits = anchored[w]; bits; bits &= bits - 1) {
            int h = w * 64 + __builtin_ctzll(bits);
            if (place_refusal_in(g, h, anchored))
                continue;
            if (n >= max)
                return n + 1; /* at least one more */
            out[n++] = (short)h;
        }
    return n;
}

/* Whether the drawn chit has somewhere to go (else it can only be passed). */
bool placeable(const Game *g)
{
    /* chit_places(g, NULL, 0) > 0: the same hexes asked the same way, and
     * the answer at the first one accepted (most often the first unit's) */
    const GameState *st = &g->st;
    const Map *m = &g->gd->map;
    int side = st->drawn.side, cells = m->cols * m->rows;
    if (side < 0 || side >= SIDE_COUNT)
        return false;
    for (int u = 0; u < st->nunits; u++) {
        int h = st->unit[u].hex;
        if (st->unit[u].where != AT_MAP || g->gd->units[u].side != side || h < 0 || h >= cells ||
            !anchors_chit(g, u))
            continue;
        for (int d = -1; d < DIR_COUNT; d++) {
            int x = d < 0 ? h : m->hexes[h].nb[d];
            if (x >= 0 && !place_refusal_in(g, x, NULL))
                return true;
        }
    }
    return false;
}

const char *attach_refusal(const Game *g, int unit)
{
    ChitRange cr = {.known = false};
    return attach_refusal_in(g, unit, &cr);
}

const char *attach_refusal_in(const Game *g, int unit, ChitRange *cr)
{
    const GameState *st = &g->st;
    if (unit < 0 || unit >= st->nunits)
        return "no such unit";
    if (is_dummy(g, unit))
        return "a dummy is never activated by itself: it acts with the real units of its stack (DUMMIES)";
    const UnitState *u = &st->unit[unit];
    const UnitDef *ud = &g->gd->units[unit];
    if (ud->side != st->drawn.side)
        return "it belongs to the other army";
    if (u->where != AT_MAP)
        return "it is not on the map";
    if (u->flags & UF_ACTIVATED)
        return "it has already been activated this turn";
    if (unit_locked(g, unit))
        return "it may not act yet (CAMPAIGN)";
    if (st->late_cavalry[unit] && st->drawn.kind != CHIT_INDEPENDENT)
        return "this cavalry acts only by the Independent chit or the detachment (CAMPAIGN)";
    if (attach_full(g))
        return st->drawn.kind == CHIT_INDEPENDENT ? "the Independent chit activates at most 3 units"
                                                  : "a formation takes along only one independent unit";
    if (st->drawn.kind == CHIT_FORMATION && unit_formation(g, unit) >= 0)
        return "only an independent unit can join a formation's activation";
    if (st->drawn.kind == CHIT_HIGHER && (ud->type != UT_CAVALRY || ud->formation < 0))
        return "a Confederate higher commander takes along only one of Stuart's cavalry (ACT-INDEP-ATTACH)";
    if (!cr->known) { /* worked out the first time a unit gets this far */
        command_range(g, st->drawn.side, st->chit_hex, drawn_chit_radius(g), cr->in);
        cr->known = true;
    }
    return cr->in[u->hex] ? NULL : "it is outside the command radius";
}

/* SKIRM-RULES: skirmishers "must be stacked with infantry brigades" to
 * move: one standing with an infantry unit active now acts with it,
 * whenever it was made (it is not "activated" for the once-a-turn rule).
 * DUMMIES: a dummy "must always move with their stack": it acts with any
 * real unit of its stack active now. */
static void activate_skirmishers(Game *g, int side)
{
    GameState *st = &g->st;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        bool dummy = is_dummy(g, i);
        if (u->where != AT_MAP || !(is_skirmisher(g, i) || dummy) || g->gd->units[i].side != side ||
            (u->flags & UF_ACTIVE))
            continue;
        short here[GS_MAX_UNITS]; /* its hex's units (the index) */
        int nh = hex_units(g, u->hex, here, GS_MAX_UNITS);
        for (int k = 0; k < nh && k < GS_MAX_UNITS; k++) {
            int j = here[k];
            if (j != i && j < st->nunits && st->unit[j].where == AT_MAP && st->unit[j].hex == u->hex &&
                (st->unit[j].flags & UF_ACTIVE) &&
                (dummy ? !is_dummy(g, j) && !is_skirmisher(g, j) : g->gd->units[j].type == UT_INFANTRY)) {
                u->flags |= UF_ACTIVE;
                break;
            }
        }
    }
}

/* Whether unit i answers the drawn chit (ACT-RADIUS): of its formation or
 * held by its commander, not yet activated, detached or locked. Placing the
 * chit and the screen's count before it is placed both ask. */
static bool answers_chit(const Game *g, int i)
{
    const GameState *st = &g->st;
    const UnitState *u = &st->unit[i];
    int f = unit_formation(g, i);
    bool mine = st->drawn.kind == CHIT_FORMATION ? f == st->drawn.index
                                                 : held_by_drawn(g, f) ||
                                                       (f < 0 && g->gd->units[i].side == st->drawn.side &&
                                                        !is_skirmisher(g, i) && !is_dummy(g, i) &&
                                                        !(u->flags & UF_ACTIVATED)); /* dummies go with their stack */
    if (st->drawn.kind == CHIT_HIGHER && st->late_cavalry[i])
        mine = false; /* only the Independent chit or the detachment moves them (CAMPAIGN) */
    /* INDEP-CHIT, DETACH: a unit the Independent chit or a detachment moved this turn "can not be
     * activated again later during the current turn", by its own formation neither */
    return u->where == AT_MAP && mine && !(u->flags & (UF_DETACHED | UF_ACTIVATED)) && !unit_locked(g, i);
}

int game_place_count(const Game *g, int hex, int *outside)
{
    *outside = 0;
    int n = g->gd->map.cols * g->gd->map.rows, active = 0;
    if (g->st.phase != PH_ACTIVATION || g->st.drawn.kind == CHIT_INDEPENDENT || hex < 0 || hex >= n)
        return 0;
    unsigned char *range = malloc((size_t)n);
    if (!range)
        return 0;
    command_range(g, g->st.drawn.side, hex, drawn_chit_radius(g), range);
    for (int i = 0; i < g->st.nunits; i++)
        if (answers_chit(g, i)) {
            if (range[g->st.unit[i].hex])
                active++;
            else
                (*outside)++;
        }
    free(range);
    return active;
}

static void activate_in_radius(Game *g)
{
    GameState *st = &g->st;
    if (st->drawn.kind == CHIT_INDEPENDENT)
        return;
    int n = g->gd->map.cols * g->gd->map.rows;
    unsigned char *range = malloc((size_t)n);
    if (!range)
        return;
    command_range(g, st->drawn.side, st->chit_hex, drawn_chit_radius(g), range);
    int active = 0, outside = 0;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        if (!answers_chit(g, i))
            continue;
        if (range[u->hex]) {
            u->flags |= UF_ACTIVE | UF_ACTIVATED;
            active++;
        } else
            outside++;
    }
    free(range);
    activate_skirmishers(g, st->drawn.side);
    log_add(&g->log, st->turn, LOG_EVENT, "ACT-RADIUS", "%d unit%s within the command radius of %d act; %d outside stay",
            active, active == 1 ? "" : "s", drawn_chit_radius(g), outside);
}

bool game_command_preview(const Game *g, int hex, unsigned char *in_range)
{
    const Chit *c = &g->st.drawn;
    if (g->st.phase != PH_ACTIVATION || c->side >= SIDE_COUNT || c->kind == CHIT_EVENT || (c->kind != CHIT_INDEPENDENT && c->index < 0) || hex < 0 ||
        hex >= g->gd->map.cols * g->gd->map.rows)
        return false;
    command_range(g, c->side, hex, drawn_chit_radius(g), in_range);
    return true;
}

/* The unit's own lock (Gibbon's brigades: CAMPAIGN). */
static bool own_lock(const Game *g, int u)
{
    const GameState *st = &g->st;
    return st->unit_lock[u] > st->turn && !(st->unit_release[u] && st->unit_release[u] <= st->turn);
}

/* The formation's lock: not before a turn, or until attacked (CAMPAIGN,
 * SCENARIO-LEE-MOVES), unless released. */
static bool formation_locked(const Game *g, int f)
{
    const GameState *st = &g->st;
    if (f < 0 || f >= GS_MAX_FORMATIONS)
        return false;
    bool released = st->release_turn[f] > 0 && st->release_turn[f] <= st->turn;
    return !released && (st->lock_turn[f] > st->turn || st->lock_attacked[f]);
}

bool unit_locked(const Game *g, int u)
{
    return own_lock(g, u) || formation_locked(g, g->gd->units[u].formation);
}

/* A formation locked until attacked or bombarded is released from the next
 * turn once one of its units in `hex` is hit at (CAMPAIGN, scenario rules).
 * With locks_release_together (the campaign: "from the next turn both Corps
 * and the Gibbon division can be activated normally"), every lock of the
 * scenario goes at once. */
void release_locks_in_hex(Game *g, int hex)
{
    GameState *st = &g->st;
    bool together = option_yes(g, "locks_release_together");
    for (int i = 0; i < st->nunits; i++) {
        if (st->unit[i].where != AT_MAP || st->unit[i].hex != hex || !unit_locked(g, i))
            continue;
        int f = g->gd->units[i].formation, next = st->turn + 1;
        bool freed = false;
        for (int j = 0; j < st->nunits; j++) {
            bool same_group = st->unit_lock[j] && ((st->unit_lock[j] == st->unit_lock[i] &&
                                                     g->gd->units[j].formation == f) ||
                                                    (f >= 0 && f < GS_MAX_FORMATIONS && st->unit_lock[j] == st->lock_turn[f]));
            if (own_lock(g, j) && !st->unit_release[j] && (together || same_group)) {
                st->unit_release[j] = (unsigned char)next;
                freed = true;
            }
        }
        for (int k = 0; k < g->gd->nformations && k < GS_MAX_FORMATIONS; k++)
            if (formation_locked(g, k) && st->release_turn[k] == 0 && (together || k == f)) {
                st->release_turn[k] = next;
                freed = true;
            }
        if (freed)
            log_add(&g->log, st->turn, LOG_EVENT, "CAMPAIGN", "%s is attacked or bombarded: %s may act from turn %d",
                g->gd->units[i].name, together ? "every formation held back" : "it and its locked companions", next);
    }
}

static bool hc_free_turn(const Game *g, int k)
{
    /* higher_commander_turns lists turns where he may act whatever the
     * alternate-turn rule says (Jackson's Attack: 14:1). */
    const char *v = option(g, "higher_commander_turns");
    char tok[32];
    for (const char *p = v; p && (p = ini_next_token(p, tok, sizeof tok, NULL));)
        if (atoi(tok) == g->st.turn)
            return true;
    (void)k;
    return false;
}

bool higher_barred_by_interval(const Game *g, int k)
{
    const GameState *st = &g->st;
    return st->hc_turn[k] && st->turn < st->hc_turn[k] + g->gd->rules.higher_interval && !hc_free_turn(g, k);
}

const char *higher_commander_refusal(const Game *g, int side, int k)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    if (k < 0 || k >= gd->ncommanders || !gd->commanders[k].higher || gd->commanders[k].side != side)
        return "that is not a higher commander of this army";
    const ScenarioDef *sc = scen(g);
    if (!st->cmd_present[k] && (!sc->commander_allowed[k] || gd->commanders[k].detached))
        return "his chit is not in this scenario (or he has not arrived)";
    if (st->cmd_gone[k])
        return "he has fallen and left the game";
    if (st->hc_turn[k] == st->turn) /* HIGHER-CMD: his command factor is what he takes in a turn */
        return "he has already taken his formations this turn";
    if (higher_barred_by_interval(g, k) && !st->hc_twice[k])
        return "a higher commander acts only every other turn";
    return NULL;
}

bool higher_may_take(const Game *g, int side, int f)
{
    return !choose_refusal_but_cost(g, side, f, NULL, 0); /* what he takes is paid for all together */
}

const char *higher_refusal(const Game *g, const Decision *d, char *buf, size_t n)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    const char *bad = higher_commander_refusal(g, d->side, d->arg);
    if (bad)
        return bad;
    if (d->nunits < 1 || d->nunits > gd->commanders[d->arg].command_factor) {
        snprintf(buf, n, "he commands from 1 to %d formations (his command factor)", gd->commanders[d->arg].command_factor);
        return buf;
    }
    int cost = 0;
    for (int i = 0; i < d->nunits; i++) {
        int f = d->units[i];
        if (f < 0 || f >= gd->nformations)
            return "no such formation";
        for (int j = 0; j < i; j++)
            if (d->units[j] == f)
                return "a formation is named twice";
        if (!higher_may_take(g, d->side, f)) {
            char why[128];
            snprintf(buf, n, "%s: %s", gd->formations[f].name, choose_refusal(g, d->side, f, why, sizeof why));
            return buf;
        }
        cost += game_formation_cost(g, f);
    }
    if (cost > st->points[d->side]) {
        snprintf(buf, n, "those formations cost %d activation points and %d are left", cost, st->points[d->side]);
        return buf;
    }
    return NULL;
}

/* Hexes where the detachment marker may go now, with units to take along. */
bool detach_ok(const Game *g, int hex, const unsigned char *range)
{
    const GameState *st = &g->st;
    int side = st->drawn.side;
    if (!range[hex] || !hex_has_side(g, hex, side))
        return false;
    short here[GS_MAX_UNITS];
    int nh = hex_units(g, hex, here, GS_MAX_UNITS);
    for (int k = 0; k < nh; k++) {
        int i = here[k];
        if (g->gd->units[i].side == side && !(st->unit[i].flags & UF_ACTIVATED) && !unit_locked(g, i))
            return true;
    }
    return false;
}

/* The formation a unit acts with: its own, or none (-1) for an independent,
 * as the scenario may make a brigade (Salem Church: "Mahone and Wilcox,
 * belonging to the Anderson Division, are considered independent units"). */
int unit_formation(const Game *g, int u)
{
    return u >= 0 && u < GS_MAX_UNITS && g->st.scen_independent[u] ? -1 : g->gd->units[u].formation;
}

bool detachment_allowed(const Game *g)
{
    const GameState *st = &g->st;
    const char *v = option(g, "detachment");
    return st->drawn.kind != CHIT_INDEPENDENT && !st->detach_used[st->drawn.side] &&
           g->gd->army[st->drawn.side].detachment_markers > 0 && !(v && strcmp(v, "no") == 0);
}

/* D_HIGHER */
bool apply_higher(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char buf[128];
    char text[1024]; /* the decision as its log lines write it (empty when the log keeps no words) */
    decision_log_text(g, d, text, sizeof text);
    if (st->phase != PH_CHOOSE) {
        snprintf(why, n, "higher commanders are chosen at the start of the turn");
        return false;
    }
    const char *r = higher_refusal(g, d, buf, sizeof buf);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    int cost = 0;
    for (int i = 0; i < d->nunits; i++) {
        cost += game_formation_cost(g, d->units[i]);
        st->chosen[d->units[i]] = true;
        st->held_by[d->units[i]] = (short)d->arg;
    }
    st->points[d->side] -= cost;
    st->hc_turn[d->arg] = st->turn;
    LogEntry *le = log_add(&g->log, st->turn, LOG_DECISION, "HIGHER-CMD",
                           "%s: %d point%s, his chit goes in the cup (%d left)", text, cost, cost == 1 ? "" : "s",
                           st->points[d->side]);
    if (le)
        le->secret = d->side + 1;
    return true;
}

/* D_DETACH */
bool apply_detach(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as its log lines write it (empty when the log keeps no words) */
    decision_log_text(g, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE || !detachment_allowed(g)) {
        snprintf(why, n, "the detachment marker serves once a turn, during an activation's movement (DETACH)");
        return false;
    }
    int cells = g->gd->map.cols * g->gd->map.rows;
    unsigned char *range = malloc((size_t)cells);
    if (!range) {
        snprintf(why, n, "out of memory");
        return false;
    }
    command_range(g, st->drawn.side, st->chit_hex, drawn_chit_radius(g), range);
    bool ok = d->arg >= 0 && d->arg < cells && detach_ok(g, d->arg, range);
    free(range);
    if (!ok) {
        snprintf(why, n, "the marker goes on units not yet activated this turn, within the command radius");
        return false;
    }
    int taken = 0;
    for (int i = 0; i < st->nunits; i++) {
        UnitState *u = &st->unit[i];
        if (u->where == AT_MAP && u->hex == d->arg && g->gd->units[i].side == d->side &&
            !(u->flags & UF_ACTIVATED) && !unit_locked(g, i)) {
            u->flags |= UF_ACTIVE | UF_ACTIVATED | UF_DETACHED;
            if (st->marching && !(u->flags & (UF_OOS | UF_DIS | UF_DEM)))
                u->flags |= UF_FORCED; /* FORCED-MARCH: "and units with a 'detachment' marker" */
            taken++;
        }
    }
    activate_skirmishers(g, d->side);
    st->detach_used[d->side] = true;
    log_add(&g->log, st->turn, LOG_DECISION, "DETACH", "%s: %d unit%s join this activation", text, taken,
            taken == 1 ? "" : "s");
    return true;
}

/* D_PLACE */
bool apply_place(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_PLACE) {
        snprintf(why, n, "no chit is waiting to be placed");
        return false;
    }
    const char *r = chit_place_refusal(g, d->arg);
    if (r) {
        snprintf(why, n, "the chit cannot go there: %s", r);
        return false;
    }
    st->chit_hex = (short)d->arg;
    st->act_step = STEP_MOVE;
    char hx[5];
    hex_format(map_hex_at(&g->gd->map, d->arg), hx);
    log_add(&g->log, st->turn, LOG_DECISION, st->drawn.kind == CHIT_INDEPENDENT ? "INDEP-CHIT" : "ACT-RADIUS",
            "%s places the chit in %s", data_side_name(d->side), hx);
    activate_in_radius(g);
    return true;
}

/* D_ATTACH */
bool apply_attach(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step != STEP_MOVE) {
        snprintf(why, n, "units join an activation once its chit is placed");
        return false;
    }
    const char *r = attach_refusal(g, d->arg);
    if (r) {
        snprintf(why, n, "%s cannot join: %s", d->arg >= 0 && d->arg < st->nunits ? g->gd->units[d->arg].name : "?",
                 r);
        return false;
    }
    st->unit[d->arg].flags |= UF_ACTIVE | UF_ACTIVATED;
    if (st->marching && !(st->unit[d->arg].flags & (UF_OOS | UF_DIS | UF_DEM)))
        st->unit[d->arg].flags |= UF_FORCED; /* FORCED-MARCH: "including any independent units" */
    activate_skirmishers(g, st->drawn.side);
    st->attached++;
    log_add(&g->log, st->turn, LOG_DECISION, st->drawn.kind == CHIT_INDEPENDENT ? "INDEP-CHIT" : "ACT-INDEP-ATTACH",
            "%s joins the activation", g->gd->units[d->arg].name);
    return true;
}
