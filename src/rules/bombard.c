/* Bombardment (BOMBARD, BOMBARD-PROC): which artillery may fire at which
 * hex, the table and its modifiers, the defender's breastwork before the
 * roll and choice of the unit that takes the result, and the preview the
 * screen shows before the player fires. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/inidoc.h"
#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

bool bombard_in_range(const Game *g, int from, int target, int *dist)
{
    const Map *m = &g->gd->map;
    int k = hex_distance(map_hex_at(m, from), map_hex_at(m, target));
    if (dist)
        *dist = k;
    return k >= 1 && k <= 2;
}

/* Why these guns may not bombard that hex at any target type (BOMBARD),
 * or NULL with the target types present there (a bit each). */
static const char *bombard_refusal_at(const Game *g, const Decision *d, unsigned *types)
{
    const GameState *st = &g->st;
    const Map *m = &g->gd->map;
    if (g->gd->turns[st->turn - 1].night)
        return "there is no bombardment at night";
    if (d->arg < 0 || d->arg >= m->cols * m->rows)
        return "that hex is not on the map";
    if (d->nunits < 1 || d->nunits > DEC_MAX_UNITS)
        return "name the artillery units firing together";
    HexCoord target = map_hex_at(m, d->arg);
    const char *bad = unit_list_refusal(g, d->units, d->nunits);
    if (bad)
        return bad;
    for (int i = 0; i < d->nunits; i++) {
        int u = d->units[i];
        const UnitState *us = &st->unit[u];
        if (!is_artillery(&g->gd->units[u]))
            return "only artillery bombards";
        if (!(us->flags & UF_ACTIVE))
            return "that unit is not active in this activation";
        if (us->flags & UF_FIRED)
            return "that battery has already fired this turn";
        if (us->flags & (UF_DIS | UF_DEM))
            return "disorganized or demoralized units do not bombard (DISORG, DEMORAL)";
        if (forced_march_bars(g, u))
            return "no unit of a force-marching formation bombards this turn (FORCED-MARCH)";
        int dist;
        if (!bombard_in_range(g, us->hex, d->arg, &dist))
            return "the target must be one or two hexes away";
        if (dist == 2) {
            HexCoord between[2];
            int nb = hex_between(map_hex_at(m, us->hex), target, between);
            bool blocked = nb > 0;
            for (int k = 0; k < nb; k++)
                blocked &= g->gd->terrain[map_hex(m, between[k])->terrain].blocks_fire;
            if (blocked)
                return "every hex between is woods or town: the shot is blocked";
        }
    }
    for (int i = 0; i < st->nbombarded; i++)
        if (st->bombarded[i] == d->arg)
            return "that hex has already been bombarded in this activation";
    int enemy = 1 - g->gd->units[d->units[0]].side;
    short tmp[1];
    int troops = units_in_hex(g, d->arg, enemy, TARGET_TROOPS, tmp, 1);
    int guns = units_in_hex(g, d->arg, enemy, TARGET_ARTILLERY, tmp, 1);
    if (troops + guns == 0)
        return "no enemy unit stands there";
    *types = (troops > 0 ? 1u << TARGET_TROOPS : 0) | (guns > 0 ? 1u << TARGET_ARTILLERY : 0);
    return NULL;
}

/* Why these guns may not bombard that hex (BOMBARD), or NULL. */
const char *bombard_refusal(const Game *g, const Decision *d)
{
    unsigned types = 0;
    const char *why = bombard_refusal_at(g, d, &types);
    if (why)
        return why;
    if (d->arg2 == TARGET_TROOPS && !(types & (1u << TARGET_TROOPS)))
        return "there is no infantry or cavalry there; target the artillery";
    if (d->arg2 == TARGET_ARTILLERY && !(types & (1u << TARGET_ARTILLERY)))
        return "there is no artillery there; target the troops";
    return NULL;
}

unsigned bombard_types(const Game *g, const Decision *d)
{
    unsigned types = 0;
    return bombard_refusal_at(g, d, &types) ? 0 : types;
}

bool breastwork_allowed(const Game *g, int hex)
{
    const MapHex *mh = &g->gd->map.hexes[hex];
    return g->st.breastwork[hex] == 0 && g->gd->terrain[mh->terrain].breastworks && mh->fort_faces == 0 &&
           !g->st.fort_marker[hex] && !g->gd->turns[g->st.turn - 1].night;
}

static const char *const art_names[] = {"no effect", "DIS (one unit disorganized)", "1 (one step lost)",
                                        "1DIS (one step lost and disorganized)"};

static void finish_bombardment(Game *g)
{
    g->st.pending = PEND_NONE;
    g->st.to_move = g->st.drawn.side;
}

/* Applies the result to one unit of the target type (BOMBARD-PROC). */
static void bombard_effect(Game *g, int unit) { bombard_apply(g, unit, g->st.bomb_result); }

void bombard_apply(Game *g, int unit, int r)
{
    GameState *st = &g->st;
    const char *name = g->gd->units[unit].name;
    if (r == ART_LOSS || r == ART_LOSS_DIS) {
        if (unit_lose_step(g, unit)) {
            log_add(&g->log, st->turn, LOG_EVENT, "BOMBARD-PROC", "%s loses its last step and is eliminated", name);
            return;
        }
        log_add(&g->log, st->turn, LOG_EVENT, "BOMBARD-PROC", "%s loses a step", name);
    }
    if ((r == ART_DIS || r == ART_LOSS_DIS) && is_skirmisher(g, unit))
        log_add(&g->log, st->turn, LOG_EVENT, "SKIRM-RULES", "%s is immune to disorder", name);
    else if (r == ART_DIS || r == ART_LOSS_DIS)
        disorder(g, unit, "BOMBARD-PROC", NULL);
}

/* The bombardment table's result for a die (BOMBARD-PROC): the die's
 * modifiers (terrain, breastwork, fortification, event), the factor's row,
 * the column of the modified die. The roll and the preview both ask it. */
static int bombard_lookup(const Game *g, int hex, int factor, int defender, int die, int event_mod, bool breastwork,
                          int *modified, int *terrain_mod, int *bw_mod, int *fort_mod)
{
    const GameData *gd = g->gd;
    const MapHex *mh = &gd->map.hexes[hex];
    const ArtilleryTable *t = &gd->artillery;
    *terrain_mod = gd->terrain[mh->terrain].bombard_modifier;
    *bw_mod = breastwork ? t->breastwork_modifier : 0;
    bool works = (mh->fort_faces && defender == SIDE_CONFEDERATE) || g->st.fort_marker[hex];
    *fort_mod = works ? t->fortification_modifier : 0;
    int mod = die + *terrain_mod + *bw_mod + *fort_mod + event_mod;
    *modified = mod;
    int col = mod < t->die_min ? t->die_min : mod > t->die_max ? t->die_max : mod;
    const ArtilleryRow *row = NULL;
    for (int i = 0; i < t->nrows; i++)
        if (factor >= t->rows[i].factor_min && factor <= t->rows[i].factor_max)
            row = &t->rows[i];
    for (int i = 0; i < t->nrows && !row; i++) /* beyond the table: its strongest row */
        if (!row || t->rows[i].factor_max > row->factor_max)
            row = &t->rows[i];
    return row ? row->result[col - t->die_min] : ART_NONE;
}

int bombard_table(Game *g, int hex, int factor, int defender, int die, int event_mod, const char *rule)
{
    const GameData *gd = g->gd;
    LogEntry *roll = &g->log.items[g->log.count - 1];
    int mod, terrain_mod, bw_mod, fort_mod;
    int result = bombard_lookup(g, hex, factor, defender, die, event_mod, g->st.breastwork[hex] != 0, &mod, &terrain_mod,
                                &bw_mod, &fort_mod);
    roll->modified = mod;
    log_add(&g->log, g->st.turn, LOG_EVENT, rule,
            "factor %d, die %d, %+d %s, %+d breastwork, %+d fortification, %+d event = %d: %s", factor, die, terrain_mod,
            gd->terrain[gd->map.hexes[hex].terrain].name, bw_mod, fort_mod, event_mod, mod, art_names[result]);
    return result;
}

void game_bombard_preview(const Game *g, const Decision *d, BombardPreview *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < d->nunits; i++)
        out->factor += game_unit_points(g, d->units[i]);
    out->event_mod = event_bombard_modifier(g, d->units, d->nunits);
    int defender = 1 - d->side;
    bool has_bw = g->st.breastwork[d->arg] != 0;
    out->breastwork_possible = !has_bw && breastwork_allowed(g, d->arg) && hex_has_real(g, d->arg, defender);
    for (int pass = 0; pass < 2; pass++) {
        bool bw = has_bw || pass == 1;
        if (pass == 1 && !out->breastwork_possible)
            break;
        for (int die = 1; die <= 6; die++) {
            int mod, tm, bm, fm;
            int r = bombard_lookup(g, d->arg, out->factor, defender, die, out->event_mod, bw, &mod, &tm, &bm, &fm);
            (pass == 0 ? out->result : out->result_bw)[die - 1] = (unsigned char)r;
            if (pass == 0) {
                out->terrain_mod = tm;
                out->bw_mod = bm;
                out->fort_mod = fm;
            }
        }
    }
}

const char *game_bombard_result_name(int result)
{
    return result >= 0 && result < (int)(sizeof art_names / sizeof *art_names) ? art_names[result] : "?";
}

/* The units that may take the bombardment's result: those of the target
 * type, and for a disorder alone not a skirmisher while another may take it
 * ("not subject to the Disorganization or Demoralization result"). */
int bombard_candidates(const Game *g, int side, short *out, int max)
{
    const GameState *st = &g->st;
    int n = units_in_hex(g, st->bomb_hex, side, st->bomb_type, out, max);
    if (st->bomb_result != ART_DIS)
        return n;
    int k = 0;
    for (int i = 0; i < n && i < max; i++)
        if (!is_skirmisher(g, out[i]))
            out[k++] = out[i];
    return k > 0 ? k : (n > 0 ? 1 : 0); /* skirmishers alone: one of them shrugs it off */
}

static void resolve_bombardment(Game *g)
{
    GameState *st = &g->st;
    const GameData *gd = g->gd;
    const MapHex *mh = &gd->map.hexes[st->bomb_hex];
    char hx[5];
    hex_format(map_hex_at(&gd->map, st->bomb_hex), hx);
    char purpose[96] = ""; /* the roll's log line only */
    if (log_wants_text(&g->log))
        snprintf(purpose, sizeof purpose, "bombardment of %s, factor %d", hx, st->bomb_factor);
    int die = game_roll(g, "BOMBARD-PROC", purpose);
    int defender = 1 - st->drawn.side;
    st->bomb_result = (unsigned char)bombard_table(g, st->bomb_hex, st->bomb_factor, defender, die, st->bomb_event_mod,
                                                   "BOMBARD-PROC");
    (void)mh;
    if (st->bomb_result == ART_NONE) {
        finish_bombardment(g);
        return;
    }
    short cand[16];
    int n = bombard_candidates(g, defender, cand, 16);
    if (n == 1) {
        bombard_effect(g, cand[0]);
        finish_bombardment(g);
        return;
    }
    st->pending = PEND_BOMBARD_TAKE; /* the defender picks the unit */
    st->to_move = defender;
}

/* D_BOMBARD */
bool apply_bombard(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024]; /* the decision as its log lines write it (empty when the log keeps no words) */
    decision_log_text(g, d, text, sizeof text);
    if (st->phase != PH_ACTIVATION || !st->activated || st->act_step == STEP_PLACE) {
        snprintf(why, n, "artillery bombards during an activation, once the chit is placed");
        return false;
    }
    if (st->act_step == STEP_COMBAT) {
        snprintf(why, n, "bombardment comes before combat (SEQ-DAY)");
        return false;
    }
    const char *r = bombard_refusal(g, d);
    if (r) {
        snprintf(why, n, "%s", r);
        return false;
    }
    if (stacking_holds_up(g, d)) /* movement is over: stacking before anything fires */
        return true;
    st->act_step = STEP_BOMBARD;
    st->bomb_hex = (short)d->arg;
    st->bomb_type = (unsigned char)d->arg2;
    st->bomb_factor = 0;
    st->bomb_event_mod = event_bombard_modifier(g, d->units, d->nunits); /* Alexander's Artillery */
    for (int i = 0; i < d->nunits; i++) {
        st->unit[d->units[i]].flags |= UF_FIRED;
        st->bomb_factor += game_unit_points(g, d->units[i]);
    }
    if (st->nbombarded < GS_MAX_BOMBARDED)
        st->bombarded[st->nbombarded++] = (short)d->arg;
    log_add(&g->log, st->turn, LOG_DECISION, "BOMBARD", "%s: factor %d at the %s (movement is over)", text,
            st->bomb_factor, d->arg2 == TARGET_ARTILLERY ? "artillery" : "infantry and cavalry");
    release_locks_in_hex(g, d->arg);
    if (breastwork_allowed(g, d->arg) && hex_has_real(g, d->arg, 1 - d->side)) {
        st->pending = PEND_BREASTWORK;
        st->to_move = 1 - d->side;
    } else
        resolve_bombardment(g);
    return true;
}

/* D_BREASTWORK, D_NO_BREASTWORK */
bool apply_breastwork(Game *g, const Decision *d, char *why, size_t n)
{
    (void)why; /* the question's own answer: never refused */
    (void)n;
    GameState *st = &g->st;
    if (d->kind == D_BREASTWORK) {
        st->breastwork[st->bomb_hex] = (unsigned char)(d->side + 1);
        log_add(&g->log, st->turn, LOG_DECISION, "BREASTWORK", "%s builds a breastwork in the bombarded hex",
                data_side_name(d->side));
    } else
        log_add(&g->log, st->turn, LOG_DECISION, "BREASTWORK", "%s builds no breastwork", data_side_name(d->side));
    st->pending = PEND_NONE;
    resolve_bombardment(g);
    return true;
}

/* D_TAKE: the unit that takes the bombardment's result (BOMBARD-PROC), or
 * the forced march's step. */
bool apply_take(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    if (st->pending == PEND_MARCH_LOSS)
        return march_loss_take(g, d, why, n);
    short cand[16];
    int nc = bombard_candidates(g, d->side, cand, 16);
    bool ok = false;
    for (int i = 0; i < nc && i < 16; i++)
        ok |= cand[i] == d->arg;
    if (!ok) {
        snprintf(why, n, "that unit is not one of the bombarded hex's %s",
                 st->bomb_type == TARGET_ARTILLERY ? "artillery" : "infantry and cavalry");
        return false;
    }
    log_add(&g->log, st->turn, LOG_DECISION, "BOMBARD-PROC", "%s chooses %s to take the result",
            data_side_name(d->side), g->gd->units[d->arg].name);
    bombard_effect(g, d->arg);
    finish_bombardment(g);
    return true;
}
