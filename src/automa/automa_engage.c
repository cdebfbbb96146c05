/* The Automa's bombardment and engagement (AI-ARTILLERY,
 * AI-BOMBARD-TARGET, AI-ENGAGEMENT, AI-INTERRUPT, AI-SIX, AI-LOSSES,
 * AI-RETREAT, AI-COMBAT-MARKER's use, AI-DIS-DEM).
 *
 * An engagement is one attack of all the active divisions in contact
 * against every Confederate hex next to them (J.2). The player answers
 * through pending decisions (PEND_ENGAGE): a breastwork and a skirmisher
 * before the dice ("entrench HHHH", "skirmisher HHHH", "done"), each loss
 * ("lose UNIT"), a stack's retreat instead of a loss ("trade HHHH", at most
 * two) and where a stack retreats ("retreat HHHH"). The Automa's own
 * choices follow the rules: modifiers placed after the roll in its best
 * way, losses on a skirmisher then the strongest division. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa_internal.h"

static bool in(const short *list, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (list[i] == x)
            return true;
    return false;
}

static bool adjacent(const Game *g, int h1, int h2)
{
    return hex_distance(map_hex_at(&g->gd->map, h1), map_hex_at(&g->gd->map, h2)) == 1;
}

/* Confederate units (not dummies) in the engaged hexes. */
static int defenders(const Game *g, short *out, int max)
{
    const AutomaState *a = &g->st.automa;
    int n = 0;
    for (int u = 0; u < g->st.nunits && n < max; u++)
        if (g->st.unit[u].where == AT_MAP && g->gd->units[u].side == SIDE_CONFEDERATE &&
            g->gd->units[u].type != UT_DUMMY && in(a->eng_hex, a->eng_nhex, g->st.unit[u].hex))
            out[n++] = (short)u;
    return n;
}

void automa_lose_step(Game *g, int u, const char *rule)
{
    UnitState *us = &g->st.unit[u];
    us->steps--;
    if (us->steps == 0) {
        us->where = AT_ELIMINATED;
        us->hex = -1;
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s loses its last step and is eliminated", g->gd->units[u].name);
    } else
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s loses a step (now %d)", g->gd->units[u].name,
                game_unit_points(g, u));
}

/* ---- bombardment (AI-ARTILLERY, AI-BOMBARD-TARGET) ------------------------ */

static void bombard(Game *g, const short *att, int natt)
{
    AutomaState *a = &g->st.automa;
    const GameData *gd = g->gd;
    int best_mod = INT_MIN, nt = 0;
    short tied[32];
    for (int u = 0; u < g->st.nunits; u++) {
        if (g->st.unit[u].where != AT_MAP || gd->units[u].side != SIDE_CONFEDERATE || gd->units[u].type == UT_DUMMY)
            continue;
        bool near = false;
        for (int i = 0; i < natt && !near; i++)
            near = adjacent(g, g->st.unit[att[i]].hex, g->st.unit[u].hex);
        if (!near)
            continue;
        int hex = g->st.unit[u].hex;
        const MapHex *mh = &gd->map.hexes[hex];
        int mod = gd->terrain[mh->terrain].bombard_modifier +
                  (g->st.breastwork[hex] ? gd->artillery.breastwork_modifier : 0) +
                  (mh->fort_faces || g->st.fort_marker[hex] ? gd->artillery.fortification_modifier : 0);
        if (mod > best_mod)
            best_mod = mod, nt = 0;
        if (mod == best_mod && nt < 32)
            tied[nt++] = (short)u;
    }
    if (nt == 0)
        return;
    int target = tied[0];
    if (nt > 1) {
        int die = automa_roll(g, "AI-BOMBARD-TARGET", "%d targets with the same modifier (%+d): which one", nt, best_mod);
        target = tied[(die - 1) % nt];
    }
    char h[5];
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BOMBARD-TARGET",
            "%s bombards %s in %s with factor %d (the best modifier, %+d)", automa_formation_name(gd, a->active),
            gd->units[target].name, hex_name(gd, g->st.unit[target].hex, h), a->bombard, best_mod);
    automa_roll(g, "AI-ARTILLERY", "bombardment of %s, factor %d", h, a->bombard);
    int r = bombard_table(g, g->st.unit[target].hex, a->bombard, SIDE_CONFEDERATE, g->log.items[g->log.count - 1].die, 0,
                          "AI-ARTILLERY");
    if (r != ART_NONE)
        bombard_apply(g, target, r);
}

/* ---- the engagement ------------------------------------------------------ */

static void engage_end(Game *g, const char *why)
{
    AutomaState *a = &g->st.automa;
    if (why)
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT", "%s", why);
    a->eng = ENG_NONE;
    a->eng_retreat = -1;
    g->st.pending = PEND_NONE;
    g->st.to_move = SIDE_UNION;
    a->step = AS_FINISH;
}

/* Places `points` modifier points on the dice after the roll, each die
 * brought up to the hit number cheapest first (J.1's best way). */
static int best_hits(int *dice, int n, int points, int hit_on)
{
    int hits = 0;
    for (int i = 0; i < n; i++)
        hits += dice[i] >= hit_on;
    for (int need = 1; need <= points; need++)
        for (int i = 0; i < n && points >= need; i++)
            if (dice[i] < hit_on && hit_on - dice[i] == need) {
                dice[i] += need;
                points -= need;
                hits++;
            }
    return hits;
}

static int clamp_dice(const AutomaRules *r, int d)
{
    return d < r->min_dice ? r->min_dice : d > r->max_dice ? r->max_dice : d;
}

static void ai_losses(Game *g);
static void next_six(Game *g);
static void conf_roll(Game *g, const short *points);
static int six_targets(const Game *g, short *out);

void automa_combat(Game *g)
{
    AutomaState *a = &g->st.automa;
    const GameData *gd = g->gd;
    int f = a->active;
    short units[16];
    int n = automa_units(g, f, units, 16), natt = 0;
    short att[16];
    for (int i = 0; i < n; i++) {
        const UnitState *us = &g->st.unit[units[i]];
        /* K.4: a disorganized division does not fight; a demoralized one never stands next to the enemy */
        if (!(us->flags & UF_ACTIVE) || (us->flags & (UF_DIS | UF_DEM)) || !next_to_side(g, us->hex, SIDE_CONFEDERATE))
            continue;
        att[natt++] = units[i];
    }
    if (natt == 0) {
        a->step = AS_FINISH;
        return;
    }
    if (a->bombard > 0)
        bombard(g, att, natt);
    else
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ARTILLERY", "no bombardment (%s%d in the attack)",
                a->attack_art ? "N: " : "", a->attack_art);
    a->eng_natt = 0;
    a->eng_nhex = 0;
    for (int i = 0; i < natt; i++) {
        if (g->st.unit[att[i]].where != AT_MAP)
            continue;
        a->eng_att[a->eng_natt++] = att[i];
        HexCoord c = map_hex_at(&gd->map, g->st.unit[att[i]].hex);
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            HexCoord nb = hex_neighbour(c, dir);
            if (!map_has(&gd->map, nb))
                continue;
            int h = map_hex_index(&gd->map, nb);
            if (hex_has_side(g, h, SIDE_CONFEDERATE) && !in(a->eng_hex, a->eng_nhex, h) && a->eng_nhex < 12)
                a->eng_hex[a->eng_nhex++] = (short)h;
        }
    }
    short def[32];
    int nd = defenders(g, def, 32);
    if (a->eng_natt == 0 || nd == 0) {
        a->step = AS_FINISH;
        return;
    }
    /* J.3's special case: divisions of 3 or more against one Confederate unit of strength 1 */
    const AutomaRules *ru = &gd->automa.rules;
    bool strong = false;
    for (int i = 0; i < a->eng_natt; i++)
        strong |= game_unit_points(g, a->eng_att[i]) >= ru->overwhelm_strength;
    if (nd == 1 && game_unit_points(g, def[0]) == ru->overwhelm_lone && strong) {
        g->st.unit[def[0]].where = AT_ELIMINATED;
        g->st.unit[def[0]].hex = -1;
        g->st.unit[def[0]].steps = 0;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
                "%s, alone with strength 1, is overwhelmed by divisions of 3 or more: destroyed", gd->units[def[0]].name);
        a->eng_ai_hits = 0;
        ai_losses(g);
        return;
    }
    a->eng = ENG_PREP;
    a->eng_bw = a->eng_sk = false;
    a->eng_trades = 0;
    a->eng_retreat = -1;
    g->st.pending = PEND_ENGAGE;
    g->st.to_move = SIDE_CONFEDERATE;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
            "%s engages with %d division%s against %d hex%s: the Confederates may first add one breastwork and one "
            "skirmisher (entrench HHHH, skirmisher HHHH, done)",
            automa_formation_name(gd, f), a->eng_natt, a->eng_natt == 1 ? "" : "s", a->eng_nhex,
            a->eng_nhex == 1 ? "" : "es");
}

static bool bw_allowed(const Game *g, int hex)
{
    const MapHex *mh = &g->gd->map.hexes[hex];
    return g->st.breastwork[hex] == 0 && g->gd->terrain[mh->terrain].breastworks && mh->fort_faces == 0 &&
           !g->st.fort_marker[hex] && !g->gd->turns[g->st.turn - 1].night;
}

/* Where a Confederate stack may retreat: a free neighbour with no Union
 * unit, on the south bank, within stacking; those not next to the Automa
 * first (K.3). */
int automa_retreat_hexes(const Game *g, int hex, short *out)
{
    const GameData *gd = g->gd;
    short here[16];
    int nh = units_in_hex(g, hex, SIDE_CONFEDERATE, -1, here, 16);
    int n = 0;
    for (int pass = 0; pass < 2 && n == 0; pass++)
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            HexCoord nb = hex_neighbour(map_hex_at(&gd->map, hex), dir);
            if (!map_has(&gd->map, nb))
                continue;
            int h = map_hex_index(&gd->map, nb);
            const Hexside *hs = map_hexside(&gd->map, map_hex_at(&gd->map, hex), dir);
            if (hex_has_side(g, h, SIDE_UNION) || gd->map.hexes[h].bank != BANK_SOUTH ||
                gd->terrain[gd->map.hexes[h].terrain].move == COST_NO || (hs && hs->kind >= 0 && !(hs->flags & SIDE_BRIDGE)) ||
                stack_over_with(g, h, SIDE_CONFEDERATE, here, nh, 0, 0))
                continue;
            if (pass == 0 && next_to_side(g, h, SIDE_UNION))
                continue;
            out[n++] = (short)h;
        }
    return n;
}

int automa_engage_legal(const Game *g, Decision *out, int max, int n)
{
    const AutomaState *a = &g->st.automa;
#define ADD(k, x)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            out[n] = (Decision){.kind = (k), .side = SIDE_CONFEDERATE, .arg = (x)};                                  \
        n++;                                                                                                           \
    } while (0)
    switch (a->eng) {
    case ENG_PREP:
        for (int i = 0; i < a->eng_nhex; i++) {
            if (!a->eng_bw && bw_allowed(g, a->eng_hex[i]))
                ADD(D_ENTRENCH, a->eng_hex[i]);
            if (!a->eng_sk && g->st.skirmishers[SIDE_CONFEDERATE] > 0)
                ADD(D_SKIRM_DEFEND, a->eng_hex[i]);
        }
        ADD(D_DONE, 0);
        break;
    case ENG_LOSS: {
        short def[32];
        int nd = defenders(g, def, 32);
        for (int i = 0; i < nd; i++)
            ADD(D_LOSE, def[i]);
        for (int i = 0; i < a->eng_nhex && a->eng_trades < g->gd->automa.rules.trades; i++) {
            short dest[DIR_COUNT];
            if (hex_has_side(g, a->eng_hex[i], SIDE_CONFEDERATE) && automa_retreat_hexes(g, a->eng_hex[i], dest) > 0)
                ADD(D_TRADE, a->eng_hex[i]);
        }
        break;
    }
    case ENG_RETREAT: {
        short dest[DIR_COUNT];
        int k = automa_retreat_hexes(g, a->eng_retreat, dest);
        for (int i = 0; i < k; i++)
            ADD(D_RETREAT, dest[i]);
        break;
    }
    case ENG_BREAK: {
        short dest[DIR_COUNT];
        int k = a->eng_nhex > 0 ? automa_retreat_hexes(g, a->eng_hex[0], dest) : 0;
        for (int i = 0; i < k; i++)
            ADD(D_BREAK, dest[i]);
        ADD(D_STAY, 0);
        break;
    }
    case ENG_BREAK_LOSS:
    case ENG_BREAK_DIS: {
        short here[16];
        int k = units_in_hex(g, a->eng_retreat, SIDE_CONFEDERATE, -1, here, 16);
        for (int i = 0; i < k; i++)
            if (a->eng == ENG_BREAK_LOSS || g->gd->units[here[i]].type != UT_SKIRMISHER)
                ADD(a->eng == ENG_BREAK_LOSS ? D_LOSE : D_TAKE, here[i]);
        break;
    }
    case ENG_BONUS:
        /* all on one die, or none; any other split is accepted too */
        for (int k = -1; k < a->eng_cdice; k++) {
            Decision b = {.kind = D_BONUS, .side = SIDE_CONFEDERATE, .nunits = a->eng_cdice};
            if (k >= 0)
                b.units[k] = a->eng_bonus;
            if (n < max)
                out[n] = b;
            n++;
        }
        break;
    case ENG_SIX: {
        short tied[32];
        int k = six_targets(g, tied);
        for (int i = 0; i < k; i++)
            ADD(D_SIX_HIT, tied[i]);
        break;
    }
    case ENG_VP:
        if (a->nvp_waiting > 0) {
            ADD(D_VP_TRACK, a->vp_waiting[0]);
            ADD(D_LAST_VP, a->vp_waiting[0]);
        }
        break;
    default:
        break;
    }
#undef ADD
    return n;
}

/* The dice (J.2, J.3, AI-INTERRUPT) and the rolls. */
static void resolve(Game *g)
{
    AutomaState *a = &g->st.automa;
    const GameData *gd = g->gd;
    int f = a->active;
    short def[32];
    int nd = defenders(g, def, 32);
    int ai_total = a->attack_art, conf_total = 0;
    bool all_reduced = true;
    for (int i = 0; i < a->eng_natt; i++) {
        int u = a->eng_att[i];
        ai_total += game_unit_points(g, u);
        all_reduced &= g->st.unit[u].steps < gd->counters[gd->units[u].counter].nvalues;
    }
    for (int i = 0; i < nd; i++)
        conf_total += game_unit_points(g, def[i]);
    const AutomaRules *ru = &gd->automa.rules;
    int ai_dice = clamp_dice(ru, ai_total / ru->dice_per), conf_dice = clamp_dice(ru, conf_total / ru->dice_per);
    char why[200];
    int len = snprintf(why, sizeof why, "Union %d (artillery %d) = %d dice, Confederates %d = %d dice", ai_total,
                       a->attack_art, ai_dice, conf_total, conf_dice);
    if (a->combat[f]) {
        ai_dice += a->combat[f];
        len += snprintf(why + len, sizeof why - (size_t)len, "; combat marker %+d (used up)", a->combat[f]);
        a->combat[f] = 0;
    }
    bool bw = false;
    for (int i = 0; i < a->eng_nhex; i++)
        bw |= g->st.breastwork[a->eng_hex[i]] == SIDE_CONFEDERATE + 1;
    if (bw) {
        ai_dice -= gd->rules.breastwork_dice;
        len += snprintf(why + len, sizeof why - (size_t)len, "; breastwork -%d", gd->rules.breastwork_dice);
    }
    int terrain = gd->map.hexes[a->eng_hex[0]].terrain;
    bool same = true;
    for (int i = 1; i < a->eng_nhex; i++)
        same &= gd->map.hexes[a->eng_hex[i]].terrain == terrain;
    int limit = gd->terrain[terrain].dice_limit;
    if (same && limit > 0 && ai_dice > limit) {
        ai_dice = limit;
        len += snprintf(why + len, sizeof why - (size_t)len, "; %s limits to %d", gd->terrain[terrain].name, limit);
    }
    ai_dice = clamp_dice(ru, ai_dice);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT", "%s", why);
    if (ai_dice < conf_dice) {
        int die = automa_roll(g, "AI-INTERRUPT", "the Automa has fewer dice: does it press the attack");
        int bonus = a->attitude == ATT_AGGRESSIVE ? ru->interrupt_aggressive : 0;
        int v = die - (conf_dice - ai_dice) + bonus;
        bool stop = v <= ru->interrupt_stop;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-INTERRUPT", "%d - %d dice%s = %d: %s", die, conf_dice - ai_dice,
                bonus ? " + 1 Aggressive" : "", v,
                stop ? "the attack is called off and the activation ends" : "the attack goes on");
        if (stop) {
            engage_end(g, NULL);
            return;
        }
    }
    int dice[6], six = 0;
    for (int i = 0; i < ai_dice; i++) {
        dice[i] = automa_roll(g, "AI-ENGAGEMENT", "Union die %d of %d", i + 1, ai_dice);
        six += dice[i] == gd->rules.six;
    }
    int points = all_reduced ? gd->automa.track.mod_reduced[f] : gd->automa.track.mod_full[f];
    int ai_hits = best_hits(dice, ai_dice, points, gd->combat.hit_on);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
            "%d modifier point%s (%s) placed after the roll in the Automa's best way: %d hit%s on the Confederates",
            points, points == 1 ? "" : "s", all_reduced ? "all reduced" : "full strength", ai_hits, ai_hits == 1 ? "" : "s");
    /* the player's dice, with each hex's best elite bonus placed before the roll as in the standard game */
    int bonus = 0;
    for (int i = 0; i < a->eng_nhex; i++) {
        int best_inf = 0, best_art = 0;
        for (int k = 0; k < nd; k++)
            if (g->st.unit[def[k]].hex == a->eng_hex[i]) {
                const UnitDef *ud = &gd->units[def[k]];
                int *b = is_artillery(ud) ? &best_art : &best_inf;
                if (ud->elite > *b)
                    *b = ud->elite;
            }
        bonus += best_inf + best_art;
    }
    a->eng_conf_hits = (signed char)ai_hits;
    a->eng_six = (signed char)(six < ai_hits ? six : ai_hits);
    a->eng_cdice = (signed char)conf_dice;
    a->eng_bonus = (signed char)bonus;
    if (bonus > 0) {
        a->eng = ENG_BONUS;
        g->st.to_move = SIDE_CONFEDERATE;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
                "the Confederates place %d elite bonus point%s on their %d dice before rolling (bonus N ...)", bonus,
                bonus == 1 ? "" : "s", conf_dice);
        return;
    }
    static const short none[6] = {0};
    conf_roll(g, none);
}

/* The player's dice with his bonus points placed (ELITE-BONUS). */
static void conf_roll(Game *g, const short *points)
{
    AutomaState *a = &g->st.automa;
    int hits = 0;
    for (int i = 0; i < a->eng_cdice; i++) {
        int die = automa_roll(g, "AI-ENGAGEMENT", "Confederate die %d of %d, bonus %+d", i + 1, a->eng_cdice, points[i]);
        g->log.items[g->log.count - 1].modified = die + points[i];
        hits += die + points[i] >= g->gd->combat.hit_on;
    }
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT", "%d hit%s on the Union", hits, hits == 1 ? "" : "s");
    a->eng_ai_hits = (signed char)hits;
    a->eng = ENG_PREP;
    next_six(g);
}

/* The stack in hex must retreat (AI-SIX) or chose to (a trade): the player
 * picks where, or it is eliminated when it cannot. */
static void start_retreat(Game *g, int hex)
{
    AutomaState *a = &g->st.automa;
    short dest[DIR_COUNT];
    char h[5];
    if (automa_retreat_hexes(g, hex, dest) == 0) {
        short here[16];
        int nh = units_in_hex(g, hex, SIDE_CONFEDERATE, -1, here, 16);
        for (int i = 0; i < nh; i++) {
            g->st.unit[here[i]].where = AT_ELIMINATED;
            g->st.unit[here[i]].hex = -1;
            g->st.unit[here[i]].steps = 0;
        }
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX", "the stack in %s cannot retreat: it is eliminated",
                hex_name(g->gd, hex, h));
        return;
    }
    a->eng = ENG_RETREAT;
    a->eng_retreat = (short)hex;
    g->st.to_move = SIDE_CONFEDERATE;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RETREAT", "the stack in %s retreats: where? (retreat HHHH)",
            hex_name(g->gd, hex, h));
}

/* The next step of the player's side of the losses, or the Automa's. */
static void conf_losses(Game *g)
{
    AutomaState *a = &g->st.automa;
    short def[32];
    if (a->eng_conf_hits > 0 && defenders(g, def, 32) > 0) {
        a->eng = ENG_LOSS;
        g->st.to_move = SIDE_CONFEDERATE;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
                "the Confederates take %d more loss%s (lose UNIT, or trade HHHH: a stack retreats instead, at most 2)",
                a->eng_conf_hits, a->eng_conf_hits == 1 ? "" : "es");
        return;
    }
    ai_losses(g);
}

/* AI-SIX: each natural 6 of the Automa hits the strongest Confederate
 * unit (infantry before artillery), or forces its stack back when
 * Aggressive against works, on an objective, or when the retreat would
 * eliminate it. */
int automa_six_rank(const Game *g, int u)
{
    return (is_artillery(&g->gd->units[u]) ? 0 : 1000) + game_unit_points(g, u);
}

/* The engaged Confederate units a natural 6 would pick (ties: all of them). */
static int six_targets(const Game *g, short *out)
{
    short def[32];
    int nd = defenders(g, def, 32), best = -1, n = 0;
    for (int i = 0; i < nd; i++) {
        int r = automa_six_rank(g, def[i]);
        if (r > best)
            best = r, n = 0;
        if (r == best)
            out[n++] = def[i];
    }
    return n;
}

/* One natural 6 on unit u: a loss, or its stack forced back (true when the
 * player must now say where it retreats). */
static bool six_on(Game *g, int u)
{
    AutomaState *a = &g->st.automa;
    const GameData *gd = g->gd;
    int hex = g->st.unit[u].hex;
    bool works = g->st.breastwork[hex] || gd->map.hexes[hex].fort_faces || g->st.fort_marker[hex];
    bool objective = false;
    for (int f = 0; f < gd->automa.nformations; f++)
        if (a->obj_area[f] >= 0 && map_hex_index(&gd->map, gd->areas[a->obj_area[f]].objective) == hex)
            objective = true;
    short dest[DIR_COUNT];
    bool doomed = automa_retreat_hexes(g, hex, dest) == 0;
    a->eng_conf_hits--;
    char h[5];
    if ((a->attitude == ATT_AGGRESSIVE && works) || objective || doomed) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX", "a natural 6: the stack in %s must retreat (%s)",
                hex_name(gd, hex, h),
                doomed ? "it cannot, so it is eliminated" : objective ? "it holds an objective" : "Aggressive, against works");
        start_retreat(g, hex);
        return a->eng == ENG_RETREAT;
    }
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX", "a natural 6: the loss goes on %s, the strongest", gd->units[u].name);
    automa_lose_step(g, u, "AI-SIX");
    return false;
}

/* AI-SIX: each natural 6 of the Automa hits the strongest Confederate
 * unit (infantry before artillery; the player picks among equals), or
 * forces its stack back when Aggressive against works, on an objective, or
 * when the retreat would eliminate it. */
static void next_six(Game *g)
{
    AutomaState *a = &g->st.automa;
    while (a->eng_six > 0 && a->eng == ENG_PREP) {
        short tied[32];
        int n = six_targets(g, tied);
        if (n == 0)
            break;
        if (n > 1) {
            a->eng = ENG_SIX;
            g->st.to_move = SIDE_CONFEDERATE;
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX",
                    "a natural 6 hits the strongest Confederate unit: %d are equal, the player picks (six-hit UNIT)", n);
            return;
        }
        a->eng_six--;
        if (six_on(g, tied[0]))
            return;
    }
    a->eng = ENG_PREP; /* (the sixes are placed) */
    conf_losses(g);
}

/* Moves an Automa division one hex toward its nearest friend, away from the
 * enemy if it can (K.3). */
static void ai_retreat(Game *g, int u)
{
    const GameData *gd = g->gd;
    int from = g->st.unit[u].hex, best = -1, best_rank = INT_MAX;
    for (int dir = 0; dir < DIR_COUNT; dir++) {
        HexCoord nb = hex_neighbour(map_hex_at(&gd->map, from), dir);
        if (!map_has(&gd->map, nb))
            continue;
        int h = map_hex_index(&gd->map, nb);
        bool occupied = false;
        for (int v = 0; v < g->st.nunits && !occupied; v++)
            occupied = g->st.unit[v].where == AT_MAP && g->st.unit[v].hex == h;
        if (occupied || gd->terrain[gd->map.hexes[h].terrain].move == COST_NO)
            continue;
        int near = 999; /* (no friend: any hex) */
        for (int v = 0; v < g->st.nunits; v++)
            if (v != u && g->st.unit[v].where == AT_MAP && gd->units[v].counter >= 0) {
                int d = hex_distance(nb, map_hex_at(&gd->map, g->st.unit[v].hex));
                if (d < near)
                    near = d;
            }
        int rank = (next_to_side(g, h, SIDE_CONFEDERATE) ? 1000 : 0) + near;
        if (rank < best_rank)
            best = h, best_rank = rank;
    }
    char h1[5], h2[5];
    if (best < 0) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RETREAT", "%s has nowhere to retreat", gd->units[u].name);
        return;
    }
    g->st.unit[u].hex = (short)best;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RETREAT", "%s retreats %s -> %s, toward its nearest friend",
            gd->units[u].name, hex_name(gd, from, h1), hex_name(gd, best, h2));
}

/* AI-LOSSES, AI-RETREAT, then the advance. */
static void ai_losses(Game *g)
{
    AutomaState *a = &g->st.automa;
    const GameData *gd = g->gd;
    int hits = a->eng_ai_hits;
    a->eng_ai_hits = 0;
    bool once[16] = {false};
    int f = a->active;
    /* the skirmisher first */
    if (hits > 0 && f >= 0 && a->skirm[f] >= 0 && g->st.unit[a->skirm[f]].where == AT_MAP) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-LOSSES", "the first loss removes %s's skirmisher",
                automa_formation_name(gd, f));
        g->st.unit[a->skirm[f]] = (UnitState){.hex = -1, .where = AT_ABSENT, .steps = 0, .flags = 0, .exited_from = -1};
        g->st.skirmishers[SIDE_UNION]++;
        a->seen_where[a->skirm[f]] = AT_ABSENT;
        a->seen_steps[a->skirm[f]] = 0;
        a->skirm[f] = -1;
        hits--;
    }
    while (hits > 0) {
        /* the strongest division that has not yet taken a loss this round */
        int pick = -1;
        bool any_left = false;
        for (int i = 0; i < a->eng_natt; i++)
            any_left |= !once[i] && g->st.unit[a->eng_att[i]].where == AT_MAP;
        if (!any_left)
            memset(once, 0, sizeof once);
        for (int i = 0; i < a->eng_natt; i++) {
            int u = a->eng_att[i];
            if (once[i] || g->st.unit[u].where != AT_MAP)
                continue;
            if (pick < 0 || game_unit_points(g, u) > game_unit_points(g, a->eng_att[pick]))
                pick = i;
        }
        if (pick < 0)
            break;
        int u = a->eng_att[pick];
        once[pick] = true;
        hits--;
        if (g->st.unit[u].steps == 1) { /* K.3: the loss would remove it: it retreats instead */
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RETREAT", "%s would be removed by the loss: it retreats instead",
                    gd->units[u].name);
            ai_retreat(g, u);
            continue;
        }
        if (hits == 0) { /* before the last loss: a retreat roll */
            int die = automa_roll(g, "AI-RETREAT", "before the last loss: 1-%d (-%d if Cautious) and %s retreats",
                                  gd->automa.rules.retreat_on, gd->automa.rules.retreat_cautious,
                                  gd->units[u].name);
            int v = die - (a->attitude == ATT_CAUTIOUS ? gd->automa.rules.retreat_cautious : 0);
            automa_lose_step(g, u, "AI-LOSSES");
            if (v <= gd->automa.rules.retreat_on && g->st.unit[u].where == AT_MAP)
                ai_retreat(g, u);
            continue;
        }
        automa_lose_step(g, u, "AI-LOSSES");
    }
    /* the advance: toward the objective only, into a vacated hex, strongest first */
    int goal = f >= 0 && a->obj_area[f] >= 0 ? map_hex_index(&gd->map, gd->areas[a->obj_area[f]].objective) : -1;
    for (int i = 0; i < a->eng_nhex && goal >= 0; i++) {
        int h = a->eng_hex[i];
        bool empty = true;
        for (int v = 0; v < g->st.nunits && empty; v++)
            empty = !(g->st.unit[v].where == AT_MAP && g->st.unit[v].hex == h);
        if (!empty)
            continue;
        int best = -1;
        for (int k = 0; k < a->eng_natt; k++) {
            int u = a->eng_att[k];
            if (g->st.unit[u].where != AT_MAP || !adjacent(g, g->st.unit[u].hex, h))
                continue;
            HexCoord gc = map_hex_at(&gd->map, goal);
            if (hex_distance(map_hex_at(&gd->map, h), gc) >= hex_distance(map_hex_at(&gd->map, g->st.unit[u].hex), gc))
                continue;
            if (best < 0 || game_unit_points(g, u) > game_unit_points(g, best))
                best = u;
        }
        if (best >= 0) {
            char h1[5];
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RETREAT", "%s advances into %s, toward its objective",
                    gd->units[best].name, hex_name(gd, h, h1));
            g->st.unit[best].hex = (short)h;
        }
    }
    engage_end(g, "the engagement is over");
    automa_check_objectives(g);
}

/* The next stack the Automa came next to, or the activation goes on. */
static void next_break(Game *g)
{
    AutomaState *a = &g->st.automa;
    if (a->eng == ENG_BREAK && a->eng_nhex > 0) {
        char h[5];
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT",
                "the Automa stands next to the stack in %s: break contact (break HHHH) or stay",
                hex_name(g->gd, a->eng_hex[0], h));
        return;
    }
    a->eng = ENG_NONE;
    a->eng_nhex = 0;
    g->st.pending = PEND_NONE;
    g->st.to_move = SIDE_UNION;
    a->step = a->bc_then;
}

static void pop_break(AutomaState *a)
{
    for (int i = 1; i < a->eng_nhex; i++)
        a->eng_hex[i - 1] = a->eng_hex[i];
    if (a->eng_nhex > 0)
        a->eng_nhex--;
}

/* Units of the stack in hex that could take the loss (or, dis: the disorder). */
static int stack_candidates(const Game *g, int hex, bool dis)
{
    short here[16];
    int k = units_in_hex(g, hex, SIDE_CONFEDERATE, -1, here, 16), n = 0;
    for (int i = 0; i < k; i++)
        n += !dis || g->gd->units[here[i]].type != UT_SKIRMISHER;
    return n;
}

static void broke_contact_inner(Game *g, int from, int to);

/* H.3: the player broke contact from the formation acting now. A stack
 * with no unit to pay the price (a lone skirmisher, for the disorder) pays
 * nothing. */
static void broke_contact(Game *g, int from, int to)
{
    AutomaState *a = &g->st.automa;
    broke_contact_inner(g, from, to);
    if ((a->eng == ENG_BREAK_LOSS || a->eng == ENG_BREAK_DIS) &&
        stack_candidates(g, a->eng_retreat, a->eng == ENG_BREAK_DIS) == 0) {
        if (a->eng == ENG_BREAK_DIS && a->in_proximity)
            automa_close_in(g);
        a->eng = ENG_BREAK;
    }
}

static void broke_contact_inner(Game *g, int from, int to)
{
    AutomaState *a = &g->st.automa;
    bool aggressive = a->attitude == ATT_AGGRESSIVE;
    a->bc_from = (short)from;
    a->eng_retreat = (short)to;
    if (a->in_proximity) {
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT",
                aggressive ? "the formation came on in proximity and is Aggressive: one unit of the stack loses a step "
                             "(lose UNIT); the Union goes no further"
                           : "the formation came on in proximity and is Cautious: one unit of the stack is disorganized "
                             "(take UNIT); the Union closes one hex");
        a->eng = aggressive ? ENG_BREAK_LOSS : ENG_BREAK_DIS;
        return;
    }
    bool still = automa_lead_goes_on(g);
    if (!still) {
        a->eng = ENG_BREAK;
        return;
    }
    if (aggressive) {
        automa_join_lead(g);
        a->bc_then = AS_COMBAT;
        a->eng = ENG_BREAK;
        return;
    }
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT",
            "Cautious: the corps keeps its column and does not attack; one unit of the stack is disorganized (take UNIT)");
    a->bc_then = AS_FINISH;
    a->eng = ENG_BREAK_DIS;
}

bool automa_engage_apply(Game *g, const Decision *d, char *why, size_t n)
{
    AutomaState *a = &g->st.automa;
    Decision list[256];
    int k = automa_engage_legal(g, list, 256, 0);
    bool ok = false;
    for (int i = 0; i < k && i < 256 && !ok; i++)
        ok = list[i].kind == d->kind && list[i].arg == d->arg;
    if (a->eng == ENG_BONUS && d->kind == D_BONUS) {
        short pts[6] = {0};
        int sum = 0;
        ok = d->nunits <= a->eng_cdice;
        for (int i = 0; i < d->nunits && ok; i++) {
            ok = d->units[i] >= 0;
            pts[i] = d->units[i];
            sum += d->units[i];
        }
        if (ok && sum <= a->eng_bonus) {
            log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "the Confederates place their bonus");
            conf_roll(g, pts);
            return true;
        }
        snprintf(why, n, "bonus: one number per die (%d dice), none negative, %d points at most", a->eng_cdice,
                 a->eng_bonus);
        return false;
    }
    if (!ok) {
        snprintf(why, n, "%s",
                 a->eng == ENG_PREP ? "before the dice: entrench HHHH, skirmisher HHHH (an engaged hex), or done"
                 : a->eng == ENG_LOSS ? "take a loss (lose UNIT, an engaged unit) or retreat a stack instead (trade HHHH, at most 2)"
                 : a->eng == ENG_BREAK ? "break contact (break HHHH, a free hex beside the stack) or stay"
                 : a->eng == ENG_BREAK_LOSS ? "choose the unit of the stack that loses a step (lose UNIT)"
                 : a->eng == ENG_BREAK_DIS ? "choose the unit of the stack that is disorganized (take UNIT)"
                 : a->eng == ENG_VP ? "the eliminated division: vp-track UNIT or last-vp UNIT"
                 : a->eng == ENG_SIX ? "pick the unit the 6 hits among the strongest (six-hit UNIT)"
                 : a->eng == ENG_BONUS ? "place the elite bonus points on the dice (bonus N ...)"
                                      : "name the hex the stack retreats to (retreat HHHH)");
        return false;
    }
    char h[5], h2[5];
    switch (d->kind) {
    case D_ENTRENCH:
        g->st.breastwork[d->arg] = SIDE_CONFEDERATE + 1;
        a->eng_bw = true;
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "the Confederates entrench in %s",
                hex_name(g->gd, d->arg, h));
        return true;
    case D_SKIRM_DEFEND:
        skirmisher_place(g, SIDE_CONFEDERATE, d->arg);
        a->eng_sk = true;
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "a Confederate skirmisher goes into %s",
                hex_name(g->gd, d->arg, h));
        return true;
    case D_DONE:
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "the Confederates are ready");
        resolve(g);
        return true;
    case D_LOSE:
        if (a->eng == ENG_BREAK_LOSS) {
            automa_lose_step(g, d->arg, "AI-BREAK-CONTACT");
            a->eng = ENG_BREAK;
            next_break(g);
            return true;
        }
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "the Confederates take the loss on %s",
                g->gd->units[d->arg].name);
        automa_lose_step(g, d->arg, "AI-ENGAGEMENT");
        a->eng_conf_hits--;
        conf_losses(g);
        return true;
    case D_TAKE: /* ENG_BREAK_DIS */
        disorder(g, d->arg, "AI-BREAK-CONTACT", "the price of breaking contact");
        if (a->in_proximity)
            automa_close_in(g);
        a->eng = ENG_BREAK;
        next_break(g);
        return true;
    case D_STAY:
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-BREAK-CONTACT", "the stack in %s stays",
                hex_name(g->gd, a->eng_hex[0], h));
        pop_break(a);
        next_break(g);
        return true;
    case D_BREAK: {
        int from = a->eng_hex[0];
        short here[16];
        int nh = units_in_hex(g, from, SIDE_CONFEDERATE, -1, here, 16);
        for (int i = 0; i < nh; i++)
            g->st.unit[here[i]].hex = (short)d->arg;
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-BREAK-CONTACT", "the stack in %s breaks contact to %s",
                hex_name(g->gd, from, h), hex_name(g->gd, d->arg, h2));
        pop_break(a);
        broke_contact(g, from, d->arg);
        if (a->eng == ENG_BREAK)
            next_break(g);
        return true;
    }
    case D_SIX_HIT:
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-SIX", "the player picks %s for the 6", g->gd->units[d->arg].name);
        a->eng = ENG_PREP;
        a->eng_six--;
        if (!six_on(g, d->arg))
            next_six(g);
        return true;
    case D_VP_TRACK:
    case D_LAST_VP: {
        const ActivationTrack *t = &g->gd->automa.track;
        if (d->kind == D_VP_TRACK) {
            a->high_counters++;
            log_add(&g->log, g->st.turn, LOG_DECISION, "AI-VP-TRACK", "%s goes on slot %d of the VP track",
                    g->gd->units[d->arg].name, t->vp_max - a->high_counters + 1);
        } else
            automa_vp(g, SIDE_CONFEDERATE, 1, "AI-VP-TRACK", "the last VP of an eliminated division");
        for (int i = 1; i < a->nvp_waiting; i++)
            a->vp_waiting[i - 1] = a->vp_waiting[i];
        a->nvp_waiting--;
        if (a->nvp_waiting == 0) {
            a->eng = ENG_NONE;
            g->st.pending = PEND_NONE;
            g->st.to_move = a->vp_resume;
        }
        return true;
    }
    case D_TRADE:
        a->eng_trades++;
        a->eng_conf_hits--;
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-RETREAT", "the stack in %s retreats instead of a loss",
                hex_name(g->gd, d->arg, h));
        start_retreat(g, d->arg);
        if (a->eng != ENG_RETREAT)
            conf_losses(g);
        return true;
    case D_RETREAT: {
        short here[16];
        int from = a->eng_retreat;
        int nh = units_in_hex(g, from, SIDE_CONFEDERATE, -1, here, 16);
        for (int i = 0; i < nh; i++)
            g->st.unit[here[i]].hex = (short)d->arg;
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-RETREAT", "the stack in %s retreats to %s",
                hex_name(g->gd, from, h), hex_name(g->gd, d->arg, h2));
        a->eng_retreat = -1;
        a->eng = ENG_PREP;
        if (a->eng_six > 0)
            next_six(g);
        else
            conf_losses(g);
        return true;
    }
    default:
        return false;
    }
}

int automa_defence_hits(Game *g, int nd)
{
    const GameData *gd = g->gd;
    const GameState *st = &g->st;
    int dice[CB_MAX_DICE], n = 0;
    for (int i = g->log.count - nd; i < g->log.count && n < CB_MAX_DICE; i++)
        if (i >= 0 && g->log.items[i].kind == LOG_ROLL)
            dice[n++] = g->log.items[i].modified;
    int f = -1;
    bool all_reduced = true;
    for (int i = 0; i < st->cb_ndef; i++) {
        int u = st->cb_def[i];
        if (gd->units[u].counter < 0)
            continue;
        if (f < 0)
            f = data_automa_formation_of_unit(gd, u);
        all_reduced &= st->unit[u].steps < gd->counters[gd->units[u].counter].nvalues;
    }
    int points = f < 0 ? 0 : all_reduced ? gd->automa.track.mod_reduced[f] : gd->automa.track.mod_full[f];
    int hits = best_hits(dice, n, points, gd->combat.hit_on);
    for (int i = 0; i < n; i++)
        g->log.items[g->log.count - n + i].modified = dice[i];
    log_add(&g->log, st->turn, LOG_EVENT, "AI-PLAYER-ATTACK",
            "the Automa places %d modifier point%s (%s) after its roll in its best way: %d hit%s", points,
            points == 1 ? "" : "s", all_reduced ? "all reduced" : "full strength", hits, hits == 1 ? "" : "s");
    return hits;
}

static int defending_formation(const Game *g, const short *def, int ndef)
{
    for (int i = 0; i < ndef; i++)
        if (g->gd->units[def[i]].counter >= 0)
            return data_automa_formation_of_unit(g->gd, def[i]);
    return -1;
}

int automa_defence_marker(const Game *g, const short *def, int ndef)
{
    int f = defending_formation(g, def, ndef);
    return f >= 0 ? g->st.automa.combat[f] : 0;
}

void automa_marker_used(Game *g, const short *def, int ndef)
{
    int f = defending_formation(g, def, ndef);
    if (f < 0 || !g->st.automa.combat[f])
        return;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-COMBAT-MARKER", "%s's %+d combat marker changed its dice: removed",
            automa_formation_name(g->gd, f), g->st.automa.combat[f]);
    g->st.automa.combat[f] = 0;
}
