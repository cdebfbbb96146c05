/* The Automa's bombardment and engagement (AI-ARTILLERY,
 * AI-BOMBARD-TARGET, AI-ENGAGEMENT, AI-INTERRUPT, AI-SIX, AI-LOSSES,
 * AI-RETREAT, AI-COMBAT-MARKER's use, AI-DIS-DEM).
 *
 * An engagement is one attack of all the active divisions in contact
 * against every Confederate hex next to them (J.2). The player answers
 * through pending decisions (PEND_SYSTEM): a breastwork and a skirmisher
 * before the dice ("entrench HHHH", "skirmisher HHHH", "done"), each loss
 * ("lose UNIT"), a stack's retreat instead of a loss ("trade HHHH", at most
 * two) and where a stack retreats ("retreat HHHH"). The Automa's own
 * choices follow the rules: modifiers placed after the roll in its best
 * way, losses on a skirmisher then the strongest division. */
#include <limits.h>
#include <stdint.h>
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

/* The Confederate units in the engagement: those in the engaged hexes when
 * it began and the skirmisher added to them, wherever they have retreated
 * since (K.1: the hits of an engagement follow its units). */
static int defenders(const Game *g, short *out, int max)
{
    const AutomaState *a = &AUTOMA(g->st);
    int n = 0;
    for (int i = 0; i < a->eng_ndef && n < max; i++) {
        int u = a->eng_def[i];
        if (g->st.unit[u].where == AT_MAP && g->gd->units[u].type != UT_DUMMY)
            out[n++] = (short)u;
    }
    return n;
}

#define UNIT_WORDS ((GS_MAX_UNITS + 63) / 64)

/* The units standing in hex (the hexes' index) into a set of units, a bit
 * each: walked in index order, a set is the units a walk over every unit
 * would meet there. */
static void mark_units_in(const Game *g, int hex, uint64_t set[UNIT_WORDS])
{
    short here[GS_MAX_UNITS];
    int k = hex >= 0 ? hex_units(g, hex, here, GS_MAX_UNITS) : 0;
    for (int j = 0; j < k && j < GS_MAX_UNITS; j++)
        set[here[j] / 64] |= UINT64_C(1) << (here[j] % 64);
}

/* Enlists the Confederate units standing in the engaged hexes now. */
static void enlist(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    uint64_t there[UNIT_WORDS] = {0};
    for (int i = 0; i < a->eng_nhex; i++)
        mark_units_in(g, a->eng_hex[i], there);
    a->eng_ndef = 0;
    for (int w = 0; w < UNIT_WORDS; w++)
        for (uint64_t bits = there[w]; bits && a->eng_ndef < 48; bits &= bits - 1) {
            int u = w * 64 + __builtin_ctzll(bits);
            if (u < g->st.nunits && g->st.unit[u].where == AT_MAP && g->gd->units[u].side == SIDE_CONFEDERATE &&
                g->gd->units[u].type != UT_DUMMY)
                a->eng_def[a->eng_ndef++] = (short)u;
        }
}

/* Whether some unit of the Confederate stack in hex could retreat. */
static bool stack_can_retreat(const Game *g, int hex)
{
    short here[GS_MAX_UNITS], dest[1];
    int nh = units_in_hex(g, hex, SIDE_CONFEDERATE, -1, here, GS_MAX_UNITS);
    for (int i = 0; i < nh && i < GS_MAX_UNITS; i++)
        if (retreat_destinations(g, hex, SIDE_CONFEDERATE, &here[i], 1, dest, 1) > 0)
            return true;
    return false;
}

void automa_lose_step(Game *g, int u, const char *rule)
{
    if (unit_lose_step(g, u))
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s loses its last step and is eliminated", g->gd->units[u].name);
    else
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s loses a step (now %d)", g->gd->units[u].name,
                game_unit_points(g, u));
}

/* ---- bombardment (AI-ARTILLERY, AI-BOMBARD-TARGET) ------------------------ */

static void bombard_roll(Game *g, int target);

/* The Automa picks its target; true when the player must first answer
 * (a breastwork), the die rolled on his answer. */
static bool bombard(Game *g, const short *att, int natt)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int best_mod = INT_MIN, nt = 0;
    short tied[32];
    /* hexes_can_fight asks of a neighbour: the units next to a division that engages are the only ones it
     * may answer for (found by the hexes' index), taken in index order */
    uint64_t next_to[UNIT_WORDS] = {0};
    for (int i = 0; i < natt; i++) {
        int ah = g->st.unit[att[i]].hex;
        if (ah >= 0 && ah < gd->map.cols * gd->map.rows)
            for (int dir = 0; dir < DIR_COUNT; dir++)
                mark_units_in(g, gd->map.hexes[ah].nb[dir], next_to);
    }
    for (int w = 0; w < UNIT_WORDS; w++)
        for (uint64_t bits = next_to[w]; bits; bits &= bits - 1) {
            int u = w * 64 + __builtin_ctzll(bits);
            if (u >= g->st.nunits || g->st.unit[u].where != AT_MAP || gd->units[u].side != SIDE_CONFEDERATE ||
                gd->units[u].type == UT_DUMMY)
                continue;
            bool near = false; /* next to a division that engages, across a hexside it could fight over */
            for (int i = 0; i < natt && !near; i++)
                near = hexes_can_fight(g, g->st.unit[att[i]].hex, g->st.unit[u].hex);
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
        return false;
    int target = tied[0];
    if (nt > 1) {
        int die = automa_roll(g, "AI-BOMBARD-TARGET", "%d targets with the same modifier (%+d): which one", nt, best_mod);
        target = tied[(die - 1) % nt];
    }
    char h[5];
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BOMBARD-TARGET",
            "%s bombards %s in %s with factor %d (the best modifier, %+d)", automa_formation_name(gd, a->active),
            gd->units[target].name, hex_name(gd, g->st.unit[target].hex, h), a->bombard, best_mod);
    if (breastwork_allowed(g, g->st.unit[target].hex)) { /* BOMBARD-PROC: the defender may first entrench */
        a->bomb_target = (short)target;
        a->eng = ENG_BOMB_BW;
        g->st.pending = PEND_SYSTEM;
        g->st.to_move = SIDE_CONFEDERATE;
        log_add(&g->log, g->st.turn, LOG_EVENT, "BOMBARD-PROC",
                "before the die the Confederates may build a breastwork in %s (breastwork, no-breastwork)", h);
        return true;
    }
    bombard_roll(g, target);
    return false;
}

/* The Automa's bombardment die on target (AI-ARTILLERY). */
static void bombard_roll(Game *g, int target)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    char h[5];
    hex_name(gd, g->st.unit[target].hex, h);
    automa_roll(g, "AI-ARTILLERY", "bombardment of %s, factor %d", h, a->bombard);
    int r = bombard_table(g, g->st.unit[target].hex, a->bombard, SIDE_CONFEDERATE, g->log.items[g->log.count - 1].die, 0,
                          "AI-ARTILLERY");
    if (r != ART_NONE)
        bombard_apply(g, target, r);
}

/* ---- the engagement ------------------------------------------------------ */

static void engage_end(Game *g, const char *why)
{
    AutomaState *a = &AUTOMA(g->st);
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
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    short units[16];
    int n = automa_units(g, f, units, 16), natt = 0;
    short att[16];
    if (gd->turns[g->st.turn - 1].night) { /* "During night turns no combat or bombardment is allowed" */
        a->step = AS_FINISH;
        return;
    }
    for (int i = 0; i < n; i++) {
        const UnitState *us = &g->st.unit[units[i]];
        /* K.4: a disorganized division does not fight; a demoralized one never stands next to the enemy */
        if (!(us->flags & UF_ACTIVE) || (us->flags & (UF_DIS | UF_DEM)) || !fights_side(g, us->hex, SIDE_CONFEDERATE))
            continue;
        att[natt++] = units[i];
    }
    if (natt == 0) {
        a->step = AS_FINISH;
        return;
    }
    if (!a->bombarded) {
        a->bombarded = true;
        if (a->bombard > 0) {
            if (bombard(g, att, natt))
                return; /* the player's breastwork first; the die on his answer */
        } else
            log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ARTILLERY", "no bombardment (%s%d in the attack)",
                    a->attack_art ? "N: " : "", a->attack_art);
        if (morale_check(g))
            return; /* a Confederate unit demoralized next to the Automa falls back first (DEMORAL); then the attack */
    }
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
            if (hex_has_side(g, h, SIDE_CONFEDERATE) && hexes_can_fight(g, g->st.unit[att[i]].hex, h) &&
                !in(a->eng_hex, a->eng_nhex, h) && a->eng_nhex < 24)
                a->eng_hex[a->eng_nhex++] = (short)h;
        }
    }
    enlist(g);
    short def[48];
    int nd = defenders(g, def, 48);
    if (a->eng_natt == 0 || nd == 0) {
        a->step = AS_FINISH;
        return;
    }
    a->eng_fort_steps = a->eng_bw_steps = 0;
    a->eng_fort_hex = a->eng_bw_hex = -1;
    a->eng_nsixed = 0;
    a->eng_conf_real = false;
    a->eng = ENG_PREP;
    a->eng_bw = a->eng_sk = false;
    a->eng_trades = 0;
    a->eng_retreat = -1;
    a->eng_csix = 0;
    memset(a->eng_hit, 0, sizeof a->eng_hit);
    g->st.pending = PEND_SYSTEM;
    g->st.to_move = SIDE_CONFEDERATE;
    log_fact(&g->log, LF_ENGAGE, f, 0, 0, 0);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
            "%s" AUTOMA_LOG_ENGAGES "%d division%s against %d hex%s: the Confederates may first add one breastwork and one "
            "skirmisher (entrench HHHH, skirmisher HHHH, done)",
            automa_formation_name(gd, f), a->eng_natt, a->eng_natt == 1 ? "" : "s", a->eng_nhex,
            a->eng_nhex == 1 ? "" : "es");
}


int automa_engage_legal(const Game *g, Decision *out, int max, int n)
{
    const AutomaState *a = &AUTOMA(g->st);
#define ADD(k, x)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            out[n] = (Decision){.kind = (k), .side = SIDE_CONFEDERATE, .arg = (x)};                                  \
        n++;                                                                                                           \
    } while (0)
    switch (a->eng) {
    case ENG_PREP:
        for (int i = 0; i < a->eng_nhex; i++) {
            if (!a->eng_bw && breastwork_allowed(g, a->eng_hex[i]))
                ADD(D_ENTRENCH, a->eng_hex[i]);
            if (!a->eng_sk && g->st.skirmishers[SIDE_CONFEDERATE] > 0 &&
                !stack_over_with(g, a->eng_hex[i], SIDE_CONFEDERATE, NULL, 0, 1, 1))
                ADD(D_SKIRM_DEFEND, a->eng_hex[i]);
        }
        ADD(D_DONE, 0);
        break;
    case ENG_LOSS: {
        short def[48];
        int nd = defenders(g, def, 48);
        /* HITS, as in the standard game: "The first loss, after those eventually attributed to the
         * skirmishers, must always be absorbed by the infantry, if present" */
        bool infantry = false;
        for (int i = 0; i < nd; i++)
            infantry |= g->gd->units[def[i]].type == UT_INFANTRY && g->st.unit[def[i]].where == AT_MAP;
        for (int i = 0; i < nd; i++)
            if (a->eng_conf_real || !infantry || g->gd->units[def[i]].type == UT_INFANTRY ||
                g->gd->units[def[i]].type == UT_SKIRMISHER)
                ADD(D_LOSE, def[i]);
        for (int i = 0; i < a->eng_nhex && a->eng_trades < g->gd->automa.rules.trades; i++)
            if (hex_has_side(g, a->eng_hex[i], SIDE_CONFEDERATE) && stack_can_retreat(g, a->eng_hex[i]))
                ADD(D_TRADE, a->eng_hex[i]);
        break;
    }
    case ENG_SIX_CANCEL: /* a 6 of the player's cancels the retreat, or the stack goes */
    case ENG_RETREAT:
        if (a->eng == ENG_SIX_CANCEL)
            ADD(D_SIX_CANCEL, 0);
        n = retreat_legal(g, a->eng_retreat, SIDE_CONFEDERATE, 0, out, max, n);
        break;
    case ENG_BREAK: {
        short dest[64];
        int k = a->eng_nhex > 0 ? break_destinations_of(g, a->eng_hex[0], SIDE_CONFEDERATE, NULL, 0, dest, 64) : 0;
        for (int i = 0; i < k && i < 64; i++)
            ADD(D_BREAK, dest[i]);
        ADD(D_STAY, 0);
        break;
    }
    case ENG_BREAK_LOSS:
    case ENG_BREAK_DIS: {
        short here[GS_MAX_UNITS];
        int k = units_in_hex(g, a->eng_retreat, SIDE_CONFEDERATE, -1, here, GS_MAX_UNITS);
        for (int i = 0; i < k && i < GS_MAX_UNITS; i++)
            if (a->eng == ENG_BREAK_LOSS || g->gd->units[here[i]].type != UT_SKIRMISHER)
                ADD(a->eng == ENG_BREAK_LOSS ? D_LOSE : D_TAKE, here[i]);
        break;
    }
    case ENG_BOMB_BW:
        ADD(D_BREASTWORK, 0);
        ADD(D_NO_BREASTWORK, 0);
        break;
    case ENG_BW_CHOICE:
        ADD(D_BW_DIE, 0);
        ADD(D_BW_STEP, 0);
        break;
    case ENG_BONUS: /* every split of the points over the dice, largest first */
        n = bonus_splits(SIDE_CONFEDERATE, a->eng_bonus, a->eng_cdice, out, max, n);
        break;
    case ENG_SIX: {
        short tied[48];
        int k = six_targets(g, tied);
        for (int i = 0; i < k; i++)
            ADD(D_SIX_HIT, tied[i]);
        break;
    }
    case ENG_SIX_PICK:
        for (int i = 0; i < a->eng_natt; i++)
            if (g->st.unit[a->eng_att[i]].where == AT_MAP)
                ADD(D_SIX_HIT, a->eng_att[i]);
        break;
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

/* The Confederate works among the engaged hexes (BREASTWORK, FORTIFICATION,
 * J.3): a printed fortification faced by every division next to it counts in
 * full, one attacked from a side it does not face, like a player's
 * breastwork, costs a die or a step at the player's choice. */
/* FORTIFICATION, BREASTWORK in the engagement: the first engaged hex whose
 * works the engaged divisions next to it face (a fortification), else the
 * first holding a breastwork; -1 none. find_works sets them as the player is
 * ready; the preview asks before. */
static void works_of(const Game *g, short *fort_hex, short *bw_hex)
{
    const AutomaState *a = &AUTOMA(g->st);
    *fort_hex = *bw_hex = -1;
    for (int i = 0; i < a->eng_nhex; i++) {
        int h = a->eng_hex[i];
        short near[16];
        int nn = 0;
        for (int k = 0; k < a->eng_natt; k++)
            if (g->st.unit[a->eng_att[k]].where == AT_MAP && hexes_can_fight(g, g->st.unit[a->eng_att[k]].hex, h))
                near[nn++] = a->eng_att[k];
        int f = combat_fortification(g, h, near, nn, SIDE_CONFEDERATE);
        if (f == 2 && *fort_hex < 0)
            *fort_hex = (short)h;
        else if ((f == 1 || g->st.breastwork[h] == SIDE_CONFEDERATE + 1) && *bw_hex < 0)
            *bw_hex = (short)h;
    }
}

static void find_works(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    works_of(g, &a->eng_fort_hex, &a->eng_bw_hex);
}

/* The strongest engaged division next to `hex` loses a step to its works. */
static void works_losses(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    while (a->eng_fort_steps > 0 || a->eng_bw_steps > 0) {
        bool fort = a->eng_fort_steps > 0;
        int hex = fort ? a->eng_fort_hex : a->eng_bw_hex;
        if (fort)
            a->eng_fort_steps--;
        else
            a->eng_bw_steps--;
        int pick = -1;
        for (int i = 0; i < a->eng_natt; i++) {
            int u = a->eng_att[i];
            if (g->st.unit[u].where != AT_MAP || hex < 0 || !hexes_can_fight(g, g->st.unit[u].hex, hex))
                continue;
            if (pick < 0 || game_unit_points(g, u) > game_unit_points(g, a->eng_att[pick]))
                pick = i;
        }
        char h[5];
        if (pick < 0) {
            log_add(&g->log, g->st.turn, LOG_EVENT, fort ? "FORTIFICATION" : "BREASTWORK",
                    "no Union division is left next to the works in %s: no step lost", hex < 0 ? "?" : hex_name(g->gd, hex, h));
            continue;
        }
        log_add(&g->log, g->st.turn, LOG_EVENT, fort ? "FORTIFICATION" : "BREASTWORK",
                "the %s in %s costs %s, the strongest division next to it, a step",
                fort ? "fortification" : "breastwork", hex_name(g->gd, hex, h), g->gd->units[a->eng_att[pick]].name);
        a->eng_hit[pick] = true;
        automa_lose_step(g, a->eng_att[pick], fort ? "FORTIFICATION" : "BREASTWORK");
    }
}

/* The active formation's skirmisher when it takes part in the engagement:
 * on the map, on a division that engages (N.2, J.2, K.1); -1. */
static int engaged_skirmisher(const Game *g)
{
    const AutomaState *a = &AUTOMA(g->st);
    int f = a->active, sk = f >= 0 ? a->skirm[f] : -1;
    if (sk < 0 || g->st.unit[sk].where != AT_MAP)
        return -1;
    for (int i = 0; i < a->eng_natt; i++)
        if (g->st.unit[a->eng_att[i]].where == AT_MAP && g->st.unit[a->eng_att[i]].hex == g->st.unit[sk].hex)
            return sk;
    return -1;
}

/* The dice (J.2, J.3, AI-INTERRUPT) and the rolls. */
/* J.2, J.3: the dice of the engagement under way, with the why (words:
 * else the why stays empty); nothing changes (resolve rolls them, the
 * screen previews them). */
static void engage_dice(const Game *g, int fort_hex, int bw_hex, bool bw_die, bool words, EngageDice *out)
{
    const AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    memset(out, 0, sizeof *out);
    short def[48];
    int nd = defenders(g, def, 48);
    int ai_total = a->attack_art, conf_total = 0;
    bool all_reduced = true;
    for (int i = 0; i < a->eng_natt; i++) {
        int u = a->eng_att[i];
        ai_total += game_unit_points(g, u);
        all_reduced &= g->st.unit[u].steps < gd->counters[gd->units[u].counter].nvalues;
    }
    for (int i = 0; i < nd; i++)
        conf_total += game_unit_points(g, def[i]);
    /* the formation's skirmisher (N.2) attacks with the division it stands on */
    int sk = engaged_skirmisher(g), sk_pts = sk >= 0 ? game_unit_points(g, sk) : 0;
    ai_total += sk_pts;
    const AutomaRules *ru = &gd->automa.rules;
    int ai_dice = clamp_dice(ru, ai_total / ru->dice_per), conf_dice = clamp_dice(ru, conf_total / ru->dice_per);
    char *why = out->why;
    size_t wsize = sizeof out->why;
    char skt[24] = "";
    if (words && sk_pts)
        snprintf(skt, sizeof skt, ", skirmisher %d", sk_pts);
    int len = words ? snprintf(why, wsize, "%s: Union %d (artillery %d%s included) / %d = %d %s",
                               automa_formation_name(gd, f), ai_total, a->attack_art, skt, ru->dice_per, ai_dice,
                               ai_dice == 1 ? "die" : "dice")
                    : 0;
    if (f >= 0 && a->combat[f]) {
        ai_dice += a->combat[f];
        if (words)
            len += snprintf(why + len, wsize - (size_t)len, "; combat marker %+d (used up)", a->combat[f]);
    }
    char h[5];
    if (fort_hex >= 0) { /* FORTIFICATION: a step, and a die more for the defender */
        conf_dice += gd->rules.fortification_dice;
        out->fort_steps = gd->rules.fortification_steps;
        if (words)
            len += snprintf(why + len, wsize - (size_t)len, "; fortification in %s: Confederates +%d, a Union step",
                            hex_name(gd, fort_hex, h), gd->rules.fortification_dice);
    }
    if (bw_hex >= 0 && bw_die) {
        ai_dice -= gd->rules.breastwork_dice;
        if (words)
            len += snprintf(why + len, wsize - (size_t)len, "; breastwork -%d", gd->rules.breastwork_dice);
    } else if (bw_hex >= 0) {
        out->bw_steps = gd->rules.breastwork_steps;
        if (words)
            len += snprintf(why + len, wsize - (size_t)len, "; breastwork: a Union step next to %s",
                            hex_name(gd, bw_hex, h));
    }
    /* J.3: terrain counts only when every defender stands in the same terrain */
    int terrain = gd->map.hexes[a->eng_hex[0]].terrain;
    bool same = true;
    for (int i = 1; i < a->eng_nhex; i++)
        same &= gd->map.hexes[a->eng_hex[i]].terrain == terrain;
    if (same) {
        const char *tn = combat_terrain(g, a->eng_att, a->eng_natt, a->eng_hex, a->eng_nhex, &ai_dice, &conf_dice);
        if (words && tn)
            len += snprintf(why + len, wsize - (size_t)len, "; %s: Union %d, Confederates %d", tn, ai_dice, conf_dice);
    } else if (words) {
        len += snprintf(why + len, wsize - (size_t)len, "; the defenders' terrain differs: no terrain effect");
    }
    ai_dice = clamp_dice(ru, ai_dice);
    conf_dice = clamp_dice(ru, conf_dice);
    if (words)
        snprintf(why + len, wsize - (size_t)len, ": the Union rolls %d %s; Confederates %d / %d = %d %s", ai_dice,
                 ai_dice == 1 ? "die" : "dice", conf_total, ru->dice_per, conf_dice, conf_dice == 1 ? "die" : "dice");
    out->ai_dice = ai_dice;
    out->conf_dice = conf_dice;
    out->all_reduced = all_reduced;
    out->ai_points = f >= 0 ? (all_reduced ? gd->automa.track.mod_reduced[f] : gd->automa.track.mod_full[f]) : 0;
    short held[48]; /* the player's elite bonus: each engaged hex's best (ELITE-BONUS) */
    int nheld = 0;
    for (int k = 0; k < nd; k++)
        for (int i = 0; i < a->eng_nhex; i++)
            if (g->st.unit[def[k]].hex == a->eng_hex[i]) {
                held[nheld++] = def[k];
                break;
            }
    out->conf_bonus = side_bonus(g, held, nheld);
    for (int i = 0; i < nd; i++) {
        out->conf_steps += g->st.unit[def[i]].steps;
        out->conf_marched |= (g->st.unit[def[i]].flags & UF_FORCED) != 0;
    }
    for (int i = 0; i < a->eng_natt; i++)
        out->ai_steps += g->st.unit[a->eng_att[i]].steps;
    if (ai_dice < conf_dice) { /* AI-INTERRUPT: the faces on which the attack is called off */
        int bonus = a->attitude == ATT_AGGRESSIVE ? ru->interrupt_aggressive : 0;
        for (int die = 1; die <= 6; die++)
            out->calloff_faces += die - (conf_dice - ai_dice) + bonus <= ru->interrupt_stop;
    }
}

bool automa_engage_preview(const Game *g, EngageDice *out)
{
    const AutomaState *a = &AUTOMA(g->st);
    if (!a->on || g->st.pending != PEND_SYSTEM || a->eng != ENG_PREP || a->eng_natt == 0 || a->eng_nhex == 0)
        return false;
    short fort_hex, bw_hex; /* the works as they will be found when the player is ready */
    works_of(g, &fort_hex, &bw_hex);
    engage_dice(g, fort_hex, bw_hex, false, true, out); /* a breastwork's die or step: the player's choice, still to come */
    out->bw_pending = bw_hex >= 0;
    out->bw_steps = 0;
    return true;
}

int automa_best_hits(const int *dice, int n, int points, int hit_on)
{
    int d[8];
    for (int i = 0; i < n && i < 8; i++)
        d[i] = dice[i];
    return best_hits(d, n < 8 ? n : 8, points, hit_on);
}

static void resolve(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    short def[48];
    int nd = defenders(g, def, 48);
    /* J.3's special case, once the player has had his breastwork and skirmisher: divisions of 3 or more
     * against one Confederate unit of strength 1 */
    const AutomaRules *ru0 = &gd->automa.rules;
    bool strong = false;
    for (int i = 0; i < a->eng_natt; i++)
        strong |= game_unit_points(g, a->eng_att[i]) >= ru0->overwhelm_strength;
    if (nd == 1 && game_unit_points(g, def[0]) == ru0->overwhelm_lone && strong) {
        unit_put(g, def[0], AT_ELIMINATED, -1);
        g->st.unit[def[0]].steps = 0;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
                "%s, alone with strength 1, is overwhelmed by divisions of 3 or more: destroyed", gd->units[def[0]].name);
        a->eng = ENG_PREP;
        a->eng_ai_hits = 0;
        a->eng_fort_steps = a->eng_bw_steps = 0;
        ai_losses(g);
        return;
    }
    EngageDice ed;
    /* its why goes into the log line only */
    engage_dice(g, a->eng_fort_hex, a->eng_bw_hex, a->eng_bw_die, log_wants_text(&g->log), &ed);
    int ai_dice = ed.ai_dice, conf_dice = ed.conf_dice;
    bool all_reduced = ed.all_reduced;
    const AutomaRules *ru = &gd->automa.rules;
    if (a->combat[f])
        a->combat[f] = 0; /* the combat marker is used up */
    a->eng_fort_steps = (signed char)ed.fort_steps;
    a->eng_bw_steps = (signed char)ed.bw_steps;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT", "%s", ed.why);
    if (ai_dice < conf_dice) {
        int die = automa_roll(g, "AI-INTERRUPT", "the Automa has fewer dice: does it press the attack");
        int bonus = a->attitude == ATT_AGGRESSIVE ? ru->interrupt_aggressive : 0;
        int v = die - (conf_dice - ai_dice) + bonus;
        bool stop = v <= ru->interrupt_stop;
        log_fact(&g->log, LF_INTERRUPT, stop, 0, 0, 0);
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-INTERRUPT", "%d - %d dice%s = %d: %s", die, conf_dice - ai_dice,
                bonus ? " + 1 Aggressive" : "", v,
                stop ? AUTOMA_LOG_CALLED_OFF " and the activation ends" : "the attack goes on");
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
    log_fact(&g->log, LF_HITS, SIDE_CONFEDERATE, ai_hits, 0, 0);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT",
            "%d modifier point%s (%s) placed after the roll in the Automa's best way: %d hit%s" AUTOMA_LOG_HITS_ON_CONF,
            points, points == 1 ? "" : "s", all_reduced ? "all reduced" : "full strength", ai_hits, ai_hits == 1 ? "" : "s");
    /* the player's dice, with each hex's best elite bonus placed before the roll as in the standard game */
    int bonus = ed.conf_bonus;
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

/* The player's dice with his bonus points placed (ELITE-BONUS); his natural
 * 6s are kept to pick the Automa division hit or cancel a forced retreat
 * (K.2: "see chapter 14 on the base rulebook"). */
static void conf_roll(Game *g, const short *points)
{
    AutomaState *a = &AUTOMA(g->st);
    int hits = 0, six = 0;
    bool marched = false; /* FORCED-MARCH: attacked the turn it force-marched, one die a point lower */
    for (int i = 0; i < a->eng_ndef; i++)
        marched |= (g->st.unit[a->eng_def[i]].flags & UF_FORCED) != 0;
    for (int i = 0; i < a->eng_cdice; i++) {
        int march = marched && i == 0 ? g->gd->rules.forced_march_penalty : 0;
        char fm[40] = "";
        if (march)
            snprintf(fm, sizeof fm, ", forced march -%d", march);
        int die = automa_roll(g, "AI-ENGAGEMENT", "Confederate die %d of %d, bonus %+d%s", i + 1, a->eng_cdice, points[i], fm);
        g->log.items[g->log.count - 1].modified = die + points[i] - march;
        hits += die + points[i] - march >= g->gd->combat.hit_on;
        six += die == g->gd->rules.six;
    }
    a->eng_csix = (signed char)(six < hits ? six : hits);
    log_fact(&g->log, LF_HITS, SIDE_UNION, hits, 0, 0);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-ENGAGEMENT", "%d hit%s" AUTOMA_LOG_HITS_ON_UNION "%s", hits, hits == 1 ? "" : "s",
            a->eng_csix ? " (with natural 6s: the player picks the division hit, or cancels a forced retreat)" : "");
    a->eng_ai_hits = (signed char)hits;
    a->eng = ENG_PREP;
    next_six(g);
}

/* The stack in hex must retreat (AI-SIX) or chose to (a trade): units that
 * can go nowhere are eliminated, and the player says where the others go
 * (retreat.c: RETREAT's rules, the player's bank). */
static void start_retreat(Game *g, int hex)
{
    AutomaState *a = &AUTOMA(g->st);
    char h[5];
    if (retreat_cull(g, hex, SIDE_CONFEDERATE, 0, "AI-RETREAT") == 0)
        return;
    a->eng = ENG_RETREAT;
    a->eng_retreat = (short)hex;
    g->st.to_move = SIDE_CONFEDERATE;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-RETREAT", "the stack in %s retreats: where? (retreat HHHH [UNITS])",
            hex_name(g->gd, hex, h));
}
/* The next step of the player's side of the losses, or the Automa's. */
static void conf_losses(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    short def[48];
    if (a->eng_conf_hits > 0 && defenders(g, def, 48) > 0) {
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
    const AutomaState *a = &AUTOMA(g->st);
    short def[48];
    int nd = defenders(g, def, 48), best = -1, n = 0;
    for (int i = 0; i < nd; i++) {
        /* the rule of 6: "it is not possible to inflict more than one step loss to the same unit, unless it
         * is the only unit in the hex" */
        bool hit = false;
        for (int k = 0; k < a->eng_nsixed; k++)
            hit |= a->eng_sixed[k] == def[i];
        short here[GS_MAX_UNITS];
        if (hit && units_in_hex(g, g->st.unit[def[i]].hex, SIDE_CONFEDERATE, -1, here, GS_MAX_UNITS) > 1)
            continue;
        int r = automa_six_rank(g, def[i]);
        if (r > best)
            best = r, n = 0;
        if (r == best)
            out[n++] = def[i];
    }
    return n;
}

/* Whether a natural 6 forces the stack in hex back (K.2): Aggressive
 * against works, on an objective, or with nowhere to go (*why). */
static bool six_forces(const Game *g, int hex, const char **why)
{
    const AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    bool works = g->st.breastwork[hex] || gd->map.hexes[hex].fort_faces || g->st.fort_marker[hex];
    bool objective = false;
    for (int f = 0; f < gd->automa.nformations; f++)
        if (a->obj_area[f] >= 0 && map_hex_index(&gd->map, gd->areas[a->obj_area[f]].objective) == hex)
            objective = true;
    bool doomed = !stack_can_retreat(g, hex);
    *why = doomed ? "it cannot, so it is eliminated" : objective ? "it holds an objective" : "Aggressive, against works";
    return (a->attitude == ATT_AGGRESSIVE && works) || objective || doomed;
}

/* The engaged Confederate hex a natural 6 forces back: among those that
 * qualify, the one holding the highest-ranked unit (K.2's order); -1. */
static int six_retreat_hex(const Game *g)
{
    short def[48];
    int nd = defenders(g, def, 48), best = -1, best_rank = -1;
    for (int i = 0; i < nd; i++) {
        const char *why;
        int r = automa_six_rank(g, def[i]);
        if (g->st.unit[def[i]].where == AT_MAP && r > best_rank && six_forces(g, g->st.unit[def[i]].hex, &why))
            best = g->st.unit[def[i]].hex, best_rank = r;
    }
    return best;
}

/* One natural 6 forcing the stack in hex back (true when the player must
 * now answer: where it retreats, or whether a 6 of his cancels it). A 6
 * that forces a retreat is still a hit, which the player allocates with the
 * others, as in the base game's rule of 6. */
static bool six_retreat(Game *g, int hex)
{
    AutomaState *a = &AUTOMA(g->st);
    const char *why;
    (void)six_forces(g, hex, &why);
    bool doomed = !stack_can_retreat(g, hex);
    char h[5];
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX", "a natural 6: the stack in %s must retreat (%s)",
            hex_name(g->gd, hex, h), why);
    if (a->eng_csix > 0) { /* the base rule of 6: the defender's 6 may cancel the mandatory retreat */
        a->eng = ENG_SIX_CANCEL;
        a->eng_retreat = (short)hex;
        g->st.to_move = SIDE_CONFEDERATE;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX", "%s",
                doomed ? "the player's natural 6 cancels it (six-cancel): with no way back, the stack would be lost"
                       : "the player may use a natural 6 of his to cancel it (six-cancel), or retreat (retreat HHHH)");
        return true;
    }
    start_retreat(g, hex);
    return a->eng == ENG_RETREAT;
}

/* One natural 6 on unit u: a loss on it, or its stack forced back. */
static bool six_on(Game *g, int u)
{
    AutomaState *a = &AUTOMA(g->st);
    const char *why;
    if (six_forces(g, g->st.unit[u].hex, &why))
        return six_retreat(g, g->st.unit[u].hex);
    a->eng_conf_hits--;
    if (a->eng_nsixed < 8)
        a->eng_sixed[a->eng_nsixed++] = (short)u;
    a->eng_conf_real |= g->gd->units[u].type != UT_SKIRMISHER;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX", "a natural 6: the loss goes on %s, the strongest",
            g->gd->units[u].name);
    automa_lose_step(g, u, "AI-SIX");
    return false;
}

/* AI-SIX: each natural 6 of the Automa hits the strongest Confederate
 * unit (infantry before artillery; the player picks among equals), or
 * forces its stack back when Aggressive against works, on an objective, or
 * when the retreat would eliminate it. */
static void next_six(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    while (a->eng_six > 0 && a->eng == ENG_PREP) {
        /* K.2: "you must retreat a stack involved in combat if these conditions occur": any engaged stack */
        int back = six_retreat_hex(g);
        if (back >= 0) {
            a->eng_six--;
            if (six_retreat(g, back))
                return;
            continue;
        }
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


/* One loss on engaged division i (K.1's round: marked as hit). */
static void ai_loss_on(Game *g, int i, const char *rule)
{
    AutomaState *a = &AUTOMA(g->st);
    a->eng_hit[i] = true;
    a->eng_ai_hits--;
    automa_lose_step(g, a->eng_att[i], rule);
}

/* AI-LOSSES, then the advance. The Automa attacks here, so K.3's retreat
 * ("a defending AI unit") is not for it: a division takes its losses and
 * is removed with its last step. The player's natural 6s first pick the
 * divisions they hit; then the formation's skirmisher, then the strongest
 * division not yet hit this round. */
static void ai_losses(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    const GameData *gd = g->gd;
    int f = a->active;
    works_losses(g);
    bool left = false;
    for (int i = 0; i < a->eng_natt; i++)
        left |= g->st.unit[a->eng_att[i]].where == AT_MAP;
    if (a->eng_csix > 0 && a->eng_ai_hits > 0 && left) {
        a->eng = ENG_SIX_PICK;
        g->st.to_move = SIDE_CONFEDERATE;
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-SIX",
                "a natural 6 of the Confederates: the player picks the Union division it hits (six-hit UNIT)");
        return;
    }
    a->eng_csix = 0;
    /* the skirmisher first */
    if (a->eng_ai_hits > 0 && f >= 0 && engaged_skirmisher(g) >= 0) { /* only one that took part */
        log_add(&g->log, g->st.turn, LOG_EVENT, "AI-LOSSES", "the first loss removes %s's skirmisher",
                automa_formation_name(gd, f));
        unit_absent(g, a->skirm[f]);
        g->st.skirmishers[SIDE_UNION]++;
        a->seen_where[a->skirm[f]] = AT_ABSENT;
        a->seen_steps[a->skirm[f]] = 0;
        a->skirm[f] = -1;
        a->eng_ai_hits--;
    }
    while (a->eng_ai_hits > 0) {
        /* the strongest division that has not yet taken a loss this round */
        int pick = -1;
        bool any_left = false;
        for (int i = 0; i < a->eng_natt; i++)
            any_left |= !a->eng_hit[i] && g->st.unit[a->eng_att[i]].where == AT_MAP;
        if (!any_left)
            memset(a->eng_hit, 0, sizeof a->eng_hit);
        for (int i = 0; i < a->eng_natt; i++) {
            int u = a->eng_att[i];
            if (a->eng_hit[i] || g->st.unit[u].where != AT_MAP)
                continue;
            if (pick < 0 || game_unit_points(g, u) > game_unit_points(g, a->eng_att[pick]))
                pick = i;
        }
        if (pick < 0)
            break;
        ai_loss_on(g, pick, "AI-LOSSES");
    }
    a->eng_ai_hits = 0;
    /* the advance: toward the objective only, into a vacated hex, strongest first (K.3) */
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
            if (g->st.unit[u].where != AT_MAP || !hexes_can_fight(g, g->st.unit[u].hex, h))
                continue;
            short one[1] = {(short)u};
            Passage way; /* ADVANCE: only where a unit could cross (never a minor river in rain, say) */
            passage_init(g, SIDE_UNION, one, 1, PASS_AUTOMA, &way);
            if (!passage_open(&way, g->st.unit[u].hex, h))
                continue;
            HexCoord gc = map_hex_at(&gd->map, goal);
            if (hex_distance(map_hex_at(&gd->map, h), gc) >= hex_distance(map_hex_at(&gd->map, g->st.unit[u].hex), gc))
                continue;
            if (best < 0 || game_unit_points(g, u) > game_unit_points(g, best))
                best = u;
        }
        if (best >= 0) {
            char h1[5];
            log_add(&g->log, g->st.turn, LOG_EVENT, "ADVANCE", "%s advances into %s, toward its objective (K.3)",
                    gd->units[best].name, hex_name(gd, h, h1));
            int from = g->st.unit[best].hex;
            unit_put(g, best, AT_MAP, h);
            g->st.unit[best].flags |= UF_MOVED;
            short one[1] = {(short)best};
            leave_hex(g, from, SIDE_UNION, one, 1, LEAVE_ADVANCE, true);
        }
    }
    engage_end(g, "the engagement is over");
    automa_check_objectives(g);
}

/* The next stack the Automa came next to, or the activation goes on. */
static void next_break(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
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

const char *automa_engage_situation(const Game *g)
{
    const AutomaState *a = &AUTOMA(g->st);
    if (!a->on || g->st.pending != PEND_SYSTEM)
        return NULL;
    switch (a->eng) {
    case ENG_PREP:
        return "The Automa attacks you. Before the dice you may entrench a hex it engages (a breastwork) or "
               "put out a skirmisher, then 'done' rolls the combat (AI-ENGAGEMENT).";
    case ENG_LOSS: {
        static char buf[300]; /* the limit on trades is the booklet's */
        snprintf(buf, sizeof buf,
                 "The Automa's dice hit you: choose which of your engaged units loses each step (the first on "
                 "infantry while any is engaged), or retreat a stack instead of one loss (at most %d) (AI-ENGAGEMENT).",
                 g->gd->automa.rules.trades);
        return buf;
    }
    case ENG_RETREAT:
        return "Your stack must retreat: choose the hex it falls back to (the open hexes are marked) (AI-RETREAT).";
    case ENG_BREAK:
        return "The Automa's corps has come next to your stack: you may break contact, moving the stack one hex "
               "away (the list names the open hexes), or stay. Breaking contact has a price that depends on the "
               "Automa's attitude and whether it came on in proximity; the list marks it with ! (H.3).";
    case ENG_BREAK_LOSS:
        return "You broke contact with an Aggressive Automa that came on in proximity: choose the unit of the "
               "stack that loses a step (H.3).";
    case ENG_BREAK_DIS:
        return "You broke contact with a Cautious Automa: choose the unit of the stack that is disorganized (H.3).";
    case ENG_VP:
        return "A Union division was eliminated: put it on the VP track, or take one last VP for it (AI-VP-TRACK).";
    case ENG_SIX:
        return "A natural 6 of the Automa hits one of your strongest units: several are tied, so you pick which (K.2).";
    case ENG_SIX_CANCEL:
        return "A 6 of the Automa forces your stack to retreat: a natural 6 of yours may cancel it (six-cancel), "
               "or the stack retreats (K.2).";
    case ENG_SIX_PICK:
        return "Your natural 6 hits a Union division: pick which one (K.2).";
    case ENG_BONUS:
        return "Place your elite bonus points on your dice before you roll (J.2).";
    case ENG_BW_CHOICE:
        return "Your breastwork costs the attacking Automa a die now or a step after the roll: choose which (bw-die, "
               "bw-step).";
    case ENG_BOMB_BW:
        return "The Automa's guns bombard your hex: you may build a breastwork there first, or not (BOMBARD-PROC).";
    default:
        return NULL;
    }
}


int automa_break_from(const Game *g)
{
    const AutomaState *a = &AUTOMA(g->st);
    return a->on && g->st.pending == PEND_SYSTEM && a->eng == ENG_BREAK ? a->eng_hex[0] : -1;
}

bool automa_break_price(const Game *g, char *buf, size_t n)
{
    const AutomaState *a = &AUTOMA(g->st);
    buf[0] = '\0';
    if (!a->on || g->st.pending != PEND_SYSTEM || a->eng != ENG_BREAK)
        return false;
    bool aggressive = a->attitude == ATT_AGGRESSIVE;
    if (a->in_proximity)
        snprintf(buf, n,
                 aggressive ? "the Automa is Aggressive and came on in proximity: one unit of the stack loses a step "
                              "(H.3)"
                            : "the Automa is Cautious and came on in proximity: one unit of the stack is disorganized, "
                              "and the Union closes one hex (H.3)");
    else
        snprintf(buf, n,
                 aggressive ? "the Union lead marches on; if it still stands next to an enemy when its MP are spent, "
                              "the Automa is Aggressive: its whole corps closes in and attacks (H.3)"
                            : "the Union lead marches on; if it still stands next to an enemy when its MP are spent, "
                              "the Automa is Cautious: one of your units is disorganized, and it does not attack (H.3)");
    return true;
}

/* H.3: the player broke contact from the formation acting now. A stack
 * with no unit to pay the price (a lone skirmisher, for the disorder) pays
 * nothing. */
static void broke_contact(Game *g, int from, int to)
{
    AutomaState *a = &AUTOMA(g->st);
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
    AutomaState *a = &AUTOMA(g->st);
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
    int on = automa_lead_goes_on(g);
    if (on != LEAD_STILL_IN_CONTACT) {
        /* out of contact: the march goes on as D has it, the others in column behind the lead (they may have
         * been transferred beside the enemy's old hex, H.2.a) */
        if (on == LEAD_OUT_OF_CONTACT && a->active >= 0)
            automa_column_behind_lead(g);
        a->eng = ENG_BREAK;
        return;
    }
    if (aggressive) {
        automa_join_lead(g);
        a->bc_then = AS_COMBAT;
        a->eng = ENG_BREAK;
        return;
    }
    automa_column_behind_lead(g);
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-BREAK-CONTACT",
            "Cautious: the corps does not attack; one unit of the stack is disorganized (take UNIT)");
    a->bc_then = AS_FINISH;
    a->eng = ENG_BREAK_DIS;
}

/* A stack's retreat is over (made, or cancelled by the player's 6): the
 * Automa's next 6, else the Confederate losses. */
static void retreat_over(Game *g)
{
    AutomaState *a = &AUTOMA(g->st);
    a->eng_retreat = -1;
    a->eng = ENG_PREP;
    if (a->eng_six > 0)
        next_six(g);
    else
        conf_losses(g);
}

bool automa_engage_apply(Game *g, const Decision *d, char *why, size_t n)
{
    AutomaState *a = &AUTOMA(g->st);
    Decision list[256];
    int k = automa_engage_legal(g, list, 256, 0);
    bool ok = false;
    for (int i = 0; i < k && i < 256 && !ok; i++)
        ok = list[i].kind == d->kind && list[i].arg == d->arg;
    if ((a->eng == ENG_RETREAT || a->eng == ENG_SIX_CANCEL) && d->kind == D_RETREAT) {
        int from = a->eng_retreat;
        if (!retreat_apply(g, from, SIDE_CONFEDERATE, 0, d, "AI-RETREAT", why, n))
            return false;
        if (retreat_left(g, from, SIDE_CONFEDERATE, 0) > 0 && retreat_cull(g, from, SIDE_CONFEDERATE, 0, "AI-RETREAT") > 0) {
            a->eng = ENG_RETREAT; /* the rest of the stack still to go (those left with no way out are lost) */
            return true;
        }
        retreat_over(g);
        return true;
    }
    if (a->eng == ENG_BONUS && d->kind == D_BONUS) {
        const char *r = bonus_refusal(d, a->eng_bonus, a->eng_cdice);
        if (r) {
            snprintf(why, n, "%s: %d point%s over %d dice", r, a->eng_bonus, a->eng_bonus == 1 ? "" : "s", a->eng_cdice);
            return false;
        }
        short pts[6] = {0};
        for (int i = 0; i < d->nunits && i < 6; i++)
            pts[i] = d->units[i];
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "the Confederates place their bonus");
        conf_roll(g, pts);
        return true;
    }
    if (!ok) {
        snprintf(why, n, "%s",
                 a->eng == ENG_PREP ? "before the dice: entrench HHHH, skirmisher HHHH (an engaged hex), or done"
                 : a->eng == ENG_LOSS ? "take a loss (lose UNIT, an engaged unit; the first on infantry while any is engaged) or "
                                        "retreat a stack instead (trade HHHH, at most 2)"
                 : a->eng == ENG_BREAK ? "break contact (break HHHH, a free hex beside the stack) or stay"
                 : a->eng == ENG_BREAK_LOSS ? "choose the unit of the stack that loses a step (lose UNIT)"
                 : a->eng == ENG_BREAK_DIS ? "choose the unit of the stack that is disorganized (take UNIT)"
                 : a->eng == ENG_VP ? "the eliminated division: vp-track UNIT or last-vp UNIT"
                 : a->eng == ENG_SIX ? "pick the unit the 6 hits among the strongest (six-hit UNIT)"
                 : a->eng == ENG_SIX_PICK ? "pick the Union division your natural 6 hits (six-hit UNIT)"
                 : a->eng == ENG_SIX_CANCEL ? "cancel the retreat with a natural 6 of yours (six-cancel), or retreat (retreat HHHH)"
                 : a->eng == ENG_BONUS ? "place the elite bonus points on the dice (bonus N ...)"
                 : a->eng == ENG_BW_CHOICE ? "the breastwork costs the Union a die (bw-die) or a step (bw-step)"
                 : a->eng == ENG_BOMB_BW ? "build a breastwork under the bombardment first (breastwork or no-breastwork)"
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
    case D_SKIRM_DEFEND: {
        int sk = skirmisher_place(g, SIDE_CONFEDERATE, d->arg);
        if (sk >= 0 && a->eng_ndef < 48)
            a->eng_def[a->eng_ndef++] = (short)sk; /* it is in the engagement */
        a->eng_sk = true;
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "a Confederate skirmisher goes into %s",
                hex_name(g->gd, d->arg, h));
        return true;
    }
    case D_DONE:
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-ENGAGEMENT", "the Confederates are ready");
        find_works(g);
        a->eng_bw_die = false;
        if (a->eng_bw_hex >= 0) {
            a->eng = ENG_BW_CHOICE;
            log_add(&g->log, g->st.turn, LOG_EVENT, "BREASTWORK",
                    "the Confederate breastwork in %s: the Union loses a die (bw-die) or a step of a division next to it "
                    "(bw-step)",
                    hex_name(g->gd, a->eng_bw_hex, h));
            return true;
        }
        resolve(g);
        return true;
    case D_BREASTWORK:
    case D_NO_BREASTWORK: { /* ENG_BOMB_BW */
        int hex = g->st.unit[a->bomb_target].hex;
        if (d->kind == D_BREASTWORK)
            g->st.breastwork[hex] = SIDE_CONFEDERATE + 1;
        log_add(&g->log, g->st.turn, LOG_DECISION, "BOMBARD-PROC", "the Confederates %s in %s",
                d->kind == D_BREASTWORK ? "build a breastwork" : "build no breastwork", hex_name(g->gd, hex, h));
        a->eng = ENG_NONE;
        g->st.pending = PEND_NONE;
        g->st.to_move = SIDE_UNION;
        bombard_roll(g, a->bomb_target);
        morale_check(g); /* a unit demoralized next to the Automa falls back first (DEMORAL); then the attack */
        return true;
    }
    case D_BW_DIE:
    case D_BW_STEP:
        a->eng_bw_die = d->kind == D_BW_DIE;
        log_add(&g->log, g->st.turn, LOG_DECISION, "BREASTWORK", "the breastwork costs the Union %s",
                a->eng_bw_die ? "a die" : "a step after the roll");
        a->eng = ENG_PREP;
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
        a->eng_conf_real |= g->gd->units[d->arg].type != UT_SKIRMISHER;
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
        short here[GS_MAX_UNITS];
        int nh = units_in_hex(g, from, SIDE_CONFEDERATE, -1, here, GS_MAX_UNITS);
        for (int i = 0; i < nh && i < GS_MAX_UNITS; i++)
            unit_put(g, here[i], AT_MAP, d->arg);
        leave_hex(g, from, SIDE_CONFEDERATE, here, nh < GS_MAX_UNITS ? nh : GS_MAX_UNITS, LEAVE_MOVE, true);
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-BREAK-CONTACT", "the stack in %s breaks contact to %s",
                hex_name(g->gd, from, h), hex_name(g->gd, d->arg, h2));
        pop_break(a);
        broke_contact(g, from, d->arg);
        if (a->eng == ENG_BREAK)
            next_break(g);
        return true;
    }
    case D_SIX_HIT:
        if (a->eng == ENG_SIX_PICK) { /* the player's own 6 picks the Union division hit */
            log_add(&g->log, g->st.turn, LOG_DECISION, "AI-SIX", "the player's natural 6 hits %s", g->gd->units[d->arg].name);
            for (int i = 0; i < a->eng_natt; i++)
                if (a->eng_att[i] == d->arg)
                    ai_loss_on(g, i, "AI-SIX");
            a->eng_csix--;
            a->eng = ENG_PREP;
            ai_losses(g);
            return true;
        }
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-SIX", "the player picks %s for the 6", g->gd->units[d->arg].name);
        a->eng = ENG_PREP;
        a->eng_six--;
        if (!six_on(g, d->arg))
            next_six(g);
        return true;
    case D_SIX_CANCEL:
        log_add(&g->log, g->st.turn, LOG_DECISION, "AI-SIX",
                "the player's natural 6 cancels the retreat of the stack in %s; the Automa's 6 is an ordinary hit",
                hex_name(g->gd, a->eng_retreat, h));
        a->eng_csix--;
        retreat_over(g);
        return true;
    case D_VP_TRACK:
    case D_LAST_VP: {
        const ActivationTrack *t = &g->gd->automa.track;
        if (d->kind == D_VP_TRACK) {
            a->high_counters++;
            log_add(&g->log, g->st.turn, LOG_DECISION, "AI-VP-TRACK", "%s goes on slot %d of the VP track",
                    g->gd->units[d->arg].name, t->vp_max - a->high_counters + 1);
        } else
            automa_vp(g, SIDE_CONFEDERATE, 1, "AI-VP-TRACK", AVP_LAST, 0);
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
    return f >= 0 ? AUTOMA(g->st).combat[f] : 0;
}

void automa_marker_used(Game *g, const short *def, int ndef)
{
    int f = defending_formation(g, def, ndef);
    if (f < 0 || !AUTOMA(g->st).combat[f])
        return;
    log_add(&g->log, g->st.turn, LOG_EVENT, "AI-COMBAT-MARKER", "%s's %+d combat marker changed its dice: removed",
            automa_formation_name(g->gd, f), AUTOMA(g->st).combat[f]);
    AUTOMA(g->st).combat[f] = 0;
}
