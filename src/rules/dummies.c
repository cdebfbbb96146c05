/* Dummy markers (DUMMIES): placing and removing them, and dummies that go
 * with their stack or come off the map when left alone. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

bool is_dummy(const Game *g, int u) { return g->gd->units[u].type == UT_DUMMY; }

/* DUMMIES: "Dummies can never move alone but must always move with their
 * stack ... they retreat or advance with the real units of their stack."
 * A dummy whose stack left its hex (a move, a retreat, an advance, a break
 * of contact: the real units that stood with it before the decision are
 * now elsewhere) goes with them, to where most of them went that has room
 * for it; one left with
 * no real unit of its side otherwise (its stack destroyed) comes off the
 * map, back to its owner. Only its owner reads of it in the log. */
/* The dummies among a data set's units, in index order: found once, not
 * at every decision (keyed on the data's address and load serial, as the
 * step tables are). */
static struct {
    const GameData *gd;
    unsigned serial;
    int nunits, n;
    short u[GS_MAX_UNITS];
} dummy_list;

static void dummy_list_fresh(const Game *g)
{
    const GameState *st = &g->st;
    if (dummy_list.gd != g->gd || dummy_list.serial != g->gd->serial || dummy_list.nunits != st->nunits) {
        dummy_list.gd = g->gd;
        dummy_list.serial = g->gd->serial;
        dummy_list.nunits = st->nunits;
        dummy_list.n = 0;
        for (int u = 0; u < st->nunits && u < GS_MAX_UNITS; u++)
            if (is_dummy(g, u))
                dummy_list.u[dummy_list.n++] = (short)u;
    }
}

bool dummies_on_map(const Game *g)
{
    dummy_list_fresh(g);
    for (int i = 0; i < dummy_list.n; i++)
        if (g->st.unit[dummy_list.u[i]].where == AT_MAP)
            return true;
    return false;
}

void dummies_cleanup(Game *g, const UnitState *before)
{
    GameState *st = &g->st;
    dummy_list_fresh(g);
    for (int i = 0; i < dummy_list.n; i++) {
        int u = dummy_list.u[i];
        if (st->unit[u].where != AT_MAP)
            continue;
        int side = g->gd->units[u].side;
        bool company = false;
        for (int v = 0; v < st->nunits && !company; v++)
            company = v != u && !is_dummy(g, v) && st->unit[v].where == AT_MAP && st->unit[v].hex == st->unit[u].hex &&
                      g->gd->units[v].side == side;
        if (company)
            continue;
        int to = -1, most = 0;
        for (int v = 0; v < st->nunits && before; v++) {
            const UnitState *b = &before[v], *a = &st->unit[v];
            if (v == u || is_dummy(g, v) || g->gd->units[v].side != side || b->where != AT_MAP ||
                b->hex != before[u].hex || a->where != AT_MAP || a->hex == b->hex)
                continue;
            short self[1] = {(short)u};
            if (stack_over_with(g, a->hex, side, self, 1, 0, 0))
                continue; /* no room there: it does not follow (a dummy counts in the stacking) */
            int k = 0; /* how many of its stack went there */
            for (int w = 0; w < st->nunits; w++)
                k += !is_dummy(g, w) && before[w].where == AT_MAP && before[w].hex == b->hex &&
                     st->unit[w].where == AT_MAP && st->unit[w].hex == a->hex;
            if (k > most) {
                most = k;
                to = a->hex;
            }
        }
        char hf[5], ht[5];
        if (to >= 0) {
            hex_name(g->gd, st->unit[u].hex, hf);
            unit_put(g, u, AT_MAP, to);
            LogEntry *le = log_add(&g->log, st->turn, LOG_EVENT, "DUMMIES", "%s goes with its stack from %s to %s",
                                   g->gd->units[u].name, hf, hex_name(g->gd, to, ht));
            if (le)
                le->secret = side + 1;
            continue;
        }
        {
            LogEntry *le = log_add(&g->log, st->turn, LOG_EVENT, "DUMMIES", "%s, left alone in %s, comes off the map",
                                   g->gd->units[u].name, hex_name(g->gd, st->unit[u].hex, hf));
            if (le)
                le->secret = side + 1;
            unit_absent(g, u);
            st->dummies[g->gd->units[u].side]++;
        }
    }
}

/* DUMMIES: a marker goes on a hex holding units of one's own, within the
 * stacking limit, at the start of the turn. */
const char *dummy_refusal(const Game *g, int side, int hex)
{
    const GameState *st = &g->st;
    if (!(st->options & OPT_DUMMIES))
        return "dummies are an optional rule not chosen for this game";
    if (st->phase != PH_CHOOSE)
        return "dummies are placed at the start of the turn";
    if (st->dummies[side] <= 0)
        return "no dummy marker is left";
    if (hex < 0 || hex >= g->gd->map.cols * g->gd->map.rows || !hex_has_side(g, hex, side))
        return "a dummy goes on a hex holding units of one's own";
    short here[GS_MAX_UNITS];
    if (units_in_hex(g, hex, side, -1, here, GS_MAX_UNITS) + 1 > g->gd->stacking.max_units)
        return "the stack would be over the stacking limit";
    return NULL;
}

/* D_DUMMY */
bool apply_dummy(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    const char *r = dummy_refusal(g, d->side, d->arg);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    for (int u = 0; u < st->nunits; u++)
        if (is_dummy(g, u) && g->gd->units[u].side == d->side && st->unit[u].where == AT_ABSENT) {
            unit_reset(g, u, (UnitState){.hex = (short)d->arg, .where = AT_MAP, .steps = 1, .flags = 0, .exited_from = -1});
            st->dummies[d->side]--;
            log_add(&g->log, st->turn, LOG_DECISION, "DUMMIES", "%s places a dummy marker", data_side_name(d->side));
            return true;
        }
    snprintf(why, n, "no dummy marker is left");
    return false;
}

/* D_REMOVE_DUMMY */
bool apply_remove_dummy(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    int u = d->arg;
    if (u < 0 || u >= st->nunits || !is_dummy(g, u) || st->unit[u].where != AT_MAP ||
        g->gd->units[u].side != d->side) {
        snprintf(why, n, "that is not one of your dummies on the map");
        return false;
    }
    unit_absent(g, u);
    st->dummies[d->side]++;
    log_add(&g->log, st->turn, LOG_DECISION, "DUMMIES", "%s takes a dummy marker off", data_side_name(d->side));
    return true;
}
