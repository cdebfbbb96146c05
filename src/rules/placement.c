/* VARIANT-HYPOTHETICAL: the hypothetical initial deployment.
 *
 * Before the campaign's first turn, the two sides take turns putting the
 * command counters of their formations face down in the boxes of the
 * Variable Placement Map (config/variable-placement.ini), one counter at a
 * time, starting with the side the file names (PH_PLACEMENT). Each box ends
 * with between its `min` and `max` counters: a counter may go in a box only
 * when the counters still to place can fill every box's minimum. The other
 * side sees how many counters lie in each box, never whose.
 *
 * When every counter is down they are turned over together (revealed: undo
 * stops there), and each formation deploys its units, one at a time, in its
 * box's zone within the stacking limits (PH_DEPLOY), the side that sets up
 * first in the scenario first. A unit that fits nowhere in its zone may use
 * the hexes one further out, then two, and so on (docs/rulings.md).
 *
 * Independent units and detached formations stay where the campaign puts
 * them; the locks on I and VI Corps (and on the units of the placed
 * formations) are lifted: "Corps I and VI have no restrictions". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game_internal.h"

#define ZONE_MAX_WIDEN 10

static const PlacementBox *box_of_formation(const Game *g, int f)
{
    int b = g->st.vp_box[f] - 2;
    return b >= 0 && b < g->gd->nboxes ? &g->gd->boxes[b] : NULL;
}

static int box_count(const Game *g, int b)
{
    int n = 0;
    for (int f = 0; f < g->gd->nformations && f < GS_MAX_FORMATIONS; f++)
        n += g->st.vp_box[f] == b + 2;
    return n;
}

static int unplaced(const Game *g, int side)
{
    int n = 0;
    for (int f = 0; f < g->gd->nformations && f < GS_MAX_FORMATIONS; f++)
        n += g->st.vp_box[f] == 1 && g->gd->formations[f].side == side;
    return n;
}

int placement_box_count(const Game *g, int box) { return box >= 0 && box < g->gd->nboxes ? box_count(g, box) : 0; }

bool placement_start(Game *g, char *err, size_t errsize)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    const ScenarioDef *sc = &gd->scenarios[st->scenario];
    const char *v = scenario_option(sc->rules, sc->nrules, "hypothetical");
    if (!v || strcmp(v, "yes") != 0) {
        snprintf(err, errsize,
                 "the hypothetical deployment is a variant of the campaign game; the scenario '%s' does not allow it "
                 "(its [rules] has no 'hypothetical = yes')",
                 sc->id);
        return false;
    }
    for (int u = 0; u < st->nunits; u++) {
        int f = gd->units[u].formation;
        if (f < 0 || f >= GS_MAX_FORMATIONS || !data_formation_placed(gd, f) || st->unit[u].where != AT_MAP)
            continue;
        st->vp_box[f] = 1;
        st->vp_wait[u] = true;
        unit_put(g, u, AT_ABSENT, -1);
        st->unit_lock[u] = 0;
    }
    for (int f = 0; f < gd->nformations && f < GS_MAX_FORMATIONS; f++) {
        st->lock_turn[f] = 0;
        st->lock_attacked[f] = false;
    }
    /* every formation placed needs a box of its side */
    for (int s = 0; s < SIDE_COUNT; s++) {
        int maxs = 0;
        for (int b = 0; b < gd->nboxes; b++)
            if (gd->boxes[b].side == s)
                maxs += gd->boxes[b].max;
        if (unplaced(g, s) > maxs) {
            snprintf(err, errsize, "the Variable Placement Map has room for %d %s formations, not %d", maxs,
                     data_side_name(s), unplaced(g, s));
            return false;
        }
    }
    st->phase = PH_PLACEMENT;
    st->to_move = unplaced(g, gd->placement_first) > 0 ? gd->placement_first : 1 - gd->placement_first;
    log_add(&g->log, st->turn, LOG_EVENT, "VARIANT-HYPOTHETICAL",
            "hypothetical deployment: the %s side places the first command counter on the Variable Placement Map",
            data_side_name(st->to_move));
    return true;
}

/* Why formation f may not go in box b now; NULL when it may. */
static const char *place_refusal(const Game *g, int side, int f, int b)
{
    const GameData *gd = g->gd;
    if (f < 0 || f >= gd->nformations || f >= GS_MAX_FORMATIONS || gd->formations[f].side != side)
        return "not one of your formations";
    if (g->st.vp_box[f] == 0)
        return "that formation is not placed on the Variable Placement Map";
    if (g->st.vp_box[f] != 1)
        return "that formation's counter is already in a box";
    if (b < 0 || b >= gd->nboxes || gd->boxes[b].side != side)
        return "not a box of your side";
    if (box_count(g, b) >= gd->boxes[b].max)
        return "the box already holds its maximum";
    /* the counters left after this one must still fill every minimum */
    int short_of = 0;
    for (int i = 0; i < gd->nboxes; i++) {
        if (gd->boxes[i].side != side)
            continue;
        int have = box_count(g, i) + (i == b);
        if (have < gd->boxes[i].min)
            short_of += gd->boxes[i].min - have;
    }
    if (short_of > unplaced(g, side) - 1)
        return "the counters left could not fill every box's minimum";
    return NULL;
}

/* The zone widening unit u needs: 0 when it fits in its zone. */
static int zone_widen(const Game *g, int u, const PlacementBox *b);

static bool deploy_fits(const Game *g, int u, int hex)
{
    const GameData *gd = g->gd;
    int side = gd->units[u].side;
    if (gd->terrain[gd->map.hexes[hex].terrain].move == COST_NO || hex_has_side(g, hex, 1 - side))
        return false;
    short mover = (short)u;
    return !stack_over_with(g, hex, side, &mover, 1, 0, 0);
}

static int zone_widen(const Game *g, int u, const PlacementBox *b)
{
    int cells = g->gd->map.cols * g->gd->map.rows;
    for (int extra = 0; extra <= ZONE_MAX_WIDEN; extra++)
        for (int h = 0; h < cells; h++)
            if (data_box_holds(g->gd, b, h, extra) && deploy_fits(g, u, h))
                return extra;
    return -1;
}

/* Why unit u may not deploy in hex now (NULL: it may); *widen gets the
 * zone's widening the unit needs. */
static const char *deploy_refusal(const Game *g, int side, int u, int hex, int *widen)
{
    const GameData *gd = g->gd;
    if (u < 0 || u >= g->st.nunits || gd->units[u].side != side)
        return "not one of your units";
    if (!g->st.vp_wait[u])
        return "that unit is not waiting to deploy";
    const PlacementBox *b = box_of_formation(g, gd->units[u].formation);
    if (!b)
        return "that unit's formation is in no box";
    if (hex < 0 || hex >= gd->map.cols * gd->map.rows)
        return "no such hex";
    int extra = zone_widen(g, u, b);
    *widen = extra;
    if (!data_box_holds(gd, b, hex, extra < 0 ? 0 : extra))
        return extra > 0 ? "outside the box's zone (widened, for this unit fits nowhere nearer)"
                         : "outside the box's zone";
    if (!deploy_fits(g, u, hex))
        return "the hex is impassable, held by the enemy, or the stack would be over the stacking limit";
    return NULL;
}

static int waiting(const Game *g, int side)
{
    int n = 0;
    for (int u = 0; u < g->st.nunits; u++)
        n += g->st.vp_wait[u] && g->gd->units[u].side == side;
    return n;
}

int placement_legal(const Game *g, Decision *out, int max, int n)
{
    const GameState *st = &g->st;
    const GameData *gd = g->gd;
    int side = st->to_move;
    if (st->phase == PH_PLACEMENT) {
        for (int f = 0; f < gd->nformations && f < GS_MAX_FORMATIONS; f++)
            for (int b = 0; b < gd->nboxes; b++)
                if (!place_refusal(g, side, f, b)) {
                    if (n < max)
                        out[n] = (Decision){.kind = D_VP_PLACE, .side = side, .arg = f, .arg2 = b, .hex = -1};
                    n++;
                }
        return n;
    }
    int cells = gd->map.cols * gd->map.rows;
    for (int u = 0; u < st->nunits; u++) {
        if (!st->vp_wait[u] || gd->units[u].side != side)
            continue;
        const PlacementBox *b = box_of_formation(g, gd->units[u].formation);
        int extra = b ? zone_widen(g, u, b) : -1;
        for (int h = 0; extra >= 0 && h < cells; h++)
            if (data_box_holds(gd, b, h, extra) && deploy_fits(g, u, h)) {
                if (n < max)
                    out[n] = (Decision){.kind = D_DEPLOY, .side = side, .arg = u, .hex = h};
                n++;
            }
    }
    return n;
}

/* Every counter is down: turn them over and start deploying. */
static void reveal(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    for (int b = 0; b < gd->nboxes; b++) {
        char list[400] = "";
        for (int f = 0; f < gd->nformations && f < GS_MAX_FORMATIONS; f++)
            if (st->vp_box[f] == b + 2)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "",
                         gd->formations[f].name);
        log_add(&g->log, st->turn, LOG_EVENT, "VARIANT-HYPOTHETICAL", "revealed: %s holds %s", gd->boxes[b].name,
                list[0] ? list : "no counter");
    }
    st->phase = PH_DEPLOY;
    int first = gd->scenarios[st->scenario].first_side;
    st->to_move = waiting(g, first) > 0 ? first : 1 - first;
}

bool placement_apply(Game *g, const Decision *d, char *why, size_t n, bool *done)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    *done = false;
    if (st->phase == PH_PLACEMENT) {
        if (d->kind != D_VP_PLACE) {
            snprintf(why, n, "the command counters are being placed: vp-place FORMATION BOX");
            return false;
        }
        const char *r = place_refusal(g, d->side, d->arg, d->arg2);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        st->vp_box[d->arg] = (unsigned char)(d->arg2 + 2);
        LogEntry *le = log_add(&g->log, st->turn, LOG_DECISION, "VARIANT-HYPOTHETICAL", "%s places %s in %s",
                               data_side_name(d->side), gd->formations[d->arg].name, gd->boxes[d->arg2].name);
        if (le)
            le->secret = d->side + 1; /* face down */
        log_add(&g->log, st->turn, LOG_EVENT, "VARIANT-HYPOTHETICAL",
                "%s puts a command counter face down in %s (%d there)", data_side_name(d->side), gd->boxes[d->arg2].name,
                box_count(g, d->arg2));
        if (unplaced(g, 1 - d->side) > 0)
            st->to_move = 1 - d->side;
        else if (unplaced(g, d->side) == 0)
            reveal(g);
        return true;
    }
    if (d->kind != D_DEPLOY) {
        snprintf(why, n, "the formations are deploying: deploy UNIT HEX");
        return false;
    }
    int extra = 0;
    const char *r = deploy_refusal(g, d->side, d->arg, d->hex, &extra);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    int u = d->arg;
    const PlacementBox *b = box_of_formation(g, gd->units[u].formation);
    unit_put(g, u, AT_MAP, d->hex);
    st->vp_wait[u] = false;
    char hx[5];
    log_add(&g->log, st->turn, LOG_DECISION, "VARIANT-HYPOTHETICAL", "%s deploys in %s (%s%s)", gd->units[u].name,
            hex_name(gd, d->hex, hx), b->name, extra > 0 ? ", the zone widened: it fits nowhere nearer" : "");
    if (waiting(g, d->side) == 0) {
        if (waiting(g, 1 - d->side) > 0)
            st->to_move = 1 - d->side;
        else {
            log_add(&g->log, st->turn, LOG_EVENT, "VARIANT-HYPOTHETICAL", "both armies are deployed: the campaign begins");
            *done = true;
        }
    }
    return true;
}

void placement_format(const GameData *gd, const Decision *d, char *buf, size_t size)
{
    char hx[5];
    if (d->kind == D_VP_PLACE)
        snprintf(buf, size, "%s %s %s", decision_kinds[d->kind].verb,
                 d->arg >= 0 && d->arg < gd->nformations ? gd->formations[d->arg].id : "?",
                 d->arg2 >= 0 && d->arg2 < gd->nboxes ? gd->boxes[d->arg2].id : "?");
    else
        snprintf(buf, size, "%s %s %s", decision_kinds[d->kind].verb, unit_id_of(gd, d->arg), hex_name(gd, d->hex, hx));
}

bool placement_parse(const Game *g, int kind, const char *a, const char *b, int nargs, Decision *out)
{
    const GameData *gd = g->gd;
    if (nargs != 2)
        return false;
    if (kind == D_VP_PLACE) {
        *out = (Decision){.kind = D_VP_PLACE, .side = g->st.to_move, .arg = data_formation_index(gd, a), .hex = -1};
        out->arg2 = -1;
        for (int i = 0; i < gd->nboxes; i++)
            if (strcmp(gd->boxes[i].id, b) == 0)
                out->arg2 = i;
        return out->arg >= 0 && out->arg2 >= 0;
    }
    if (kind == D_DEPLOY) {
        HexCoord h;
        *out = (Decision){.kind = D_DEPLOY, .side = g->st.to_move, .arg = data_unit_index(gd, a)};
        if (out->arg < 0 || !hex_parse(b, &h) || !map_has(&gd->map, h))
            return false;
        out->hex = map_hex_index(&gd->map, h);
        return true;
    }
    return false;
}

bool placement_visible(const Game *g, int viewer, int formation)
{
    return g->st.phase != PH_PLACEMENT || viewer < 0 || g->gd->formations[formation].side == viewer;
}
