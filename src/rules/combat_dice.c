/* A combat's dice (COMBAT-DICE, TERRAIN-LIMITS, ENCIRCLE, FORTIFICATION,
 * BREASTWORK, ELITE-BONUS, OOS-LADDER and FORCED-MARCH on the dice): each
 * side's points and dice for an attack, what modifies every die, and the
 * preview the screen shows before an attack is declared. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/game_internal.h"
#include "rules/move.h"
#include "rules/variant.h"

static const Map *MAP(const Game *g) { return &g->gd->map; }

/* Enemy hexes next to unit u (across hexsides that allow combat). */
int enemy_neighbours(const Game *g, int u, short *out)
{
    int side = g->gd->units[u].side, n = 0, here = g->st.unit[u].hex;
    if (here < 0 || here >= MAP(g)->cols * MAP(g)->rows)
        return 0; /* a hex off the map is next to none */
    const short *nb = MAP(g)->hexes[here].nb; /* the map's neighbour table */
    for (int d = 0; d < DIR_COUNT; d++) {
        int ni = nb[d];
        /* hexes_can_fight(here, ni), asked of the hexside in the direction stepped */
        if (ni >= 0 && hex_has_side(g, ni, 1 - side) && hexside_can_fight_at(g->gd, here, d))
            out[n++] = (short)ni;
    }
    return n;
}

int defenders_of(const Game *g, const short *hexes, int nhex, int side, short *out, int max)
{
    int n = 0;
    for (int h = 0; h < nhex; h++) {
        short buf[CB_MAX_UNITS];
        int k = units_in_hex(g, hexes[h], side, -1, buf, CB_MAX_UNITS);
        for (int i = 0; i < k && i < CB_MAX_UNITS && n < max; i++)
            out[n++] = buf[i];
    }
    return n;
}

/* ENCIRCLE: attackers "in opposite hexes or ... in three different hexes
 * separated by empty hexes": the three hexes between them hold no unit. */
static bool encircled(const Game *g, int hex, const short *att, int natt)
{
    unsigned bits = 0, occupied = 0;
    HexCoord c = map_hex_at(MAP(g), hex);
    for (int i = 0; i < natt; i++) {
        int dir = hex_direction(c, map_hex_at(MAP(g), g->st.unit[att[i]].hex));
        if (dir >= 0)
            bits |= 1u << dir;
    }
    for (int d = 0; d < 3; d++)
        if ((bits & (1u << d)) && (bits & (1u << (d + 3))))
            return true;
    for (int d = 0; d < DIR_COUNT; d++) {
        HexCoord nb = hex_neighbour(c, d);
        if (map_has(MAP(g), nb) && (hex_has_side(g, map_hex_index(MAP(g), nb), SIDE_UNION) ||
                                    hex_has_side(g, map_hex_index(MAP(g), nb), SIDE_CONFEDERATE)))
            occupied |= 1u << d;
    }
    return ((bits & 0x15u) == 0x15u && !(occupied & 0x2au)) || ((bits & 0x2au) == 0x2au && !(occupied & 0x15u));
}

/* FORTIFICATION: a Confederate-held printed work counts in full when every
 * attacker comes across a side it faces, otherwise as a breastwork. */
int combat_fortification(const Game *g, int hex, const short *att, int natt, int def_side)
{
    const MapHex *mh = &MAP(g)->hexes[hex];
    if (g->st.fort_marker[hex])
        return natt > 0 ? 2 : 0; /* a bridgehead marker: full effect for whoever holds it (CAMPAIGN) */
    if (!mh->fort_faces || def_side != SIDE_CONFEDERATE)
        return 0;
    HexCoord c = map_hex_at(MAP(g), hex);
    bool all_faced = true, any = false;
    for (int i = 0; i < natt; i++) {
        int dir = hex_direction(c, map_hex_at(MAP(g), g->st.unit[att[i]].hex));
        if (dir < 0)
            continue;
        any = true;
        all_faced &= (mh->fort_faces >> dir) & 1u;
    }
    return !any ? 0 : all_faced ? 2 : 1; /* 2: in full, 1: as a breastwork */
}

/* OOS-LADDER: "Units out of supply in combat apply a penalty of minus one
 * (-1) to each die. This penalty also applies if out-of-supply units fight
 * alongside supplied friendly units." */
static bool side_out_of_supply(const Game *g, const short *units, int n)
{
    for (int i = 0; i < n; i++)
        if (unit_here(g, units[i]) && (g->st.unit[units[i]].flags & UF_OOS))
            return true;
    return false;
}

int side_bonus(const Game *g, const short *units, int n)
{
    /* ELITE-BONUS: per hex at most one artillery and one infantry/cavalry source. */
    int total = 0;
    for (int i = 0; i < n; i++) {
        int hex = g->st.unit[units[i]].hex;
        bool first = true;
        for (int j = 0; j < i; j++)
            first &= g->st.unit[units[j]].hex != hex;
        if (!first)
            continue;
        int best_art = 0, best_inf = 0;
        for (int j = 0; j < n; j++) {
            if (g->st.unit[units[j]].hex != hex)
                continue;
            const UnitDef *ud = &g->gd->units[units[j]];
            int *b = is_artillery(ud) ? &best_art : &best_inf;
            if (ud->elite > *b)
                *b = ud->elite;
        }
        total += best_art + best_inf;
    }
    return total;
}

/* TERRAIN-LIMITS: the one terrain or hexside effect the defender picks (the
 * one that leaves the attacker fewest dice), applied to *ad and *dd; its
 * name, or NULL when none changes them. A hexside counts only when every
 * attacker crosses that kind; the hex's own cap holds in any case. The base
 * combat and the Automa's engagement (J.3) both ask this. */
const char *combat_terrain(const Game *g, const short *att, int natt, const short *hexes, int nhex, int *ad, int *dd)
{
    const GameData *gd = g->gd;
    int best_ad = 999, best_dd = *dd, best_hex = nhex > 0 ? hexes[0] : 0;
    const char *best_name = NULL;
    for (int h = 0; h < nhex; h++) {
        const TerrainKind *t = &gd->terrain[MAP(g)->hexes[hexes[h]].terrain];
        int a2 = *ad + t->attacker_dice, d2 = *dd + t->defender_dice;
        if (t->dice_limit > 0 && a2 > t->dice_limit)
            a2 = t->dice_limit;
        if (a2 < best_ad || (a2 == best_ad && d2 > best_dd)) {
            best_ad = a2, best_dd = d2, best_hex = hexes[h];
            best_name = t->name;
        }
    }
    int kind = -2;
    for (int i = 0; i < natt && kind != -3; i++)
        for (int h = 0; h < nhex; h++) {
            HexCoord a = map_hex_at(MAP(g), g->st.unit[att[i]].hex), b = map_hex_at(MAP(g), hexes[h]);
            int dir = hex_direction(a, b);
            if (dir < 0)
                continue;
            int k = map_hexside(MAP(g), a, dir)->kind;
            kind = kind == -2 ? k : kind == k ? kind : -3;
        }
    if (kind >= 0) {
        const HexsideKind *k = &gd->hexside_kinds[kind];
        int a2 = *ad + k->attacker_dice;
        if (k->attack_dice_limit > 0 && a2 > k->attack_dice_limit)
            a2 = k->attack_dice_limit;
        const TerrainKind *t = &gd->terrain[MAP(g)->hexes[best_hex].terrain];
        if (t->dice_limit > 0 && a2 > t->dice_limit) /* the hex's limit holds in any case */
            a2 = t->dice_limit;
        if (a2 < best_ad) {
            best_ad = a2, best_dd = *dd;
            best_name = k->name;
        }
    }
    if (nhex == 0 || (best_ad == *ad && best_dd == *dd))
        return NULL;
    *ad = best_ad, *dd = best_dd;
    return best_name;
}

/* The works the attacked hexes hold against these attackers: a
 * fortification faced (a step and a die, FORTIFICATION), a breastwork or a
 * fortification attacked from a side it does not face (BREASTWORK). The
 * dice count and the preview both ask. */
static void combat_works(const Game *g, const short *att, int natt, const short *hexes, int nhex, int side, bool *fort,
                         bool *bw)
{
    *fort = *bw = false;
    for (int h = 0; h < nhex; h++) {
        int f = combat_fortification(g, hexes[h], att, natt, 1 - side);
        *fort |= f == 2;
        *bw |= f == 1 || g->st.breastwork[hexes[h]] == 2 - side; /* the defender's own breastwork */
    }
}

/* What modifies every die of each side (OOS-LADDER: out of supply) and the
 * defender's first die (FORCED-MARCH: attacked the turn it force-marched).
 * The roll and the preview both ask. */
void die_modifiers(const Game *g, const short *att, int natt, const short *def, int ndef, int *att_mod,
                          int *def_mod, int *def_first)
{
    *att_mod = side_out_of_supply(g, att, natt) ? -g->gd->rules.supply_penalty : 0;
    *def_mod = side_out_of_supply(g, def, ndef) ? -g->gd->rules.supply_penalty : 0;
    *def_first = 0;
    for (int i = 0; i < ndef; i++)
        if (g->st.unit[def[i]].flags & UF_FORCED)
            *def_first = -g->gd->rules.forced_march_penalty;
}

void game_combat_dice(const Game *g, const short *att, int natt, const short *hexes, int nhex, bool bw_die,
                      int *att_dice, int *def_dice, char *why, size_t whysize)
{
    const GameData *gd = g->gd;
    const CombatRules *cr = &gd->combat;
    int side = natt > 0 ? gd->units[att[0]].side : SIDE_CONFEDERATE;
    short def[CB_MAX_UNITS];
    int ndef = defenders_of(g, hexes, nhex, 1 - side, def, CB_MAX_UNITS);
    int A = 0, D = 0;
    for (int i = 0; i < natt; i++)
        A += game_unit_points(g, att[i]);
    for (int i = 0; i < ndef; i++)
        D += game_unit_points(g, def[i]);
    bool system_defends = g->variant && side != g->variant->side; /* the Automa defends */
    if (system_defends)
        D += g->variant->cover_points(g); /* AI-ARTILLERY: the defending Automa's artillery (I.2) */
    int ad = (D > 0 && A / D > 0 ? A / D : 1) + cr->extra_dice;
    int dd = (A > 0 && D / A > 0 ? D / A : 1) + cr->extra_dice;
    int marker = system_defends ? g->variant->defence_marker(g, def, ndef) : 0;
    dd += marker; /* AI-COMBAT-MARKER: the defending formation's +1 or -1 */
    char notes[160]; /* why's notes: written only when why is asked for */
    notes[0] = '\0';
    if (marker && why)
        snprintf(notes, sizeof notes, ", combat marker %+d", marker);
    bool enc = false, fort = false, bw = false;
    for (int h = 0; h < nhex; h++)
        enc |= encircled(g, hexes[h], att, natt);
    combat_works(g, att, natt, hexes, nhex, side, &fort, &bw);
    if (enc) {
        ad += gd->rules.encircle_dice;
        if (why) {
            size_t nl = strlen(notes);
            snprintf(notes + nl, sizeof notes - nl, ", encircled +%d", gd->rules.encircle_dice);
        }
    }
    if (fort) {
        dd += gd->rules.fortification_dice;
        if (why) {
            size_t nl = strlen(notes);
            snprintf(notes + nl, sizeof notes - nl, ", fortification: defender +%d", gd->rules.fortification_dice);
        }
    }
    if (bw && bw_die) {
        ad -= gd->rules.breastwork_dice;
        if (why) {
            size_t nl = strlen(notes);
            snprintf(notes + nl, sizeof notes - nl, ", breastwork -%d", gd->rules.breastwork_dice);
        }
    }
    /* TERRAIN-LIMITS: the defender picks one terrain or hexside effect; the
     * engine picks the one that leaves the attacker fewest dice. */
    {
        const char *tname = combat_terrain(g, att, natt, hexes, nhex, &ad, &dd);
        if (tname && why) {
            size_t len = strlen(notes);
            snprintf(notes + len, sizeof notes - len, ", %s", tname);
        }
    }
    bool only_skirmishers = ndef > 0;
    for (int i = 0; i < ndef; i++)
        only_skirmishers &= is_skirmisher(g, def[i]) || is_dummy(g, def[i]);
    if (only_skirmishers && dd > gd->rules.lone_skirmisher_dice) {
        dd = gd->rules.lone_skirmisher_dice; /* a skirmisher alone in its hex rolls few dice */
        if (why) {
            size_t nl = strlen(notes);
            snprintf(notes + nl, sizeof notes - nl, ", skirmishers alone: %d die", gd->rules.lone_skirmisher_dice);
        }
    }
    if (ad < cr->min_dice)
        ad = cr->min_dice;
    if (dd < cr->min_dice)
        dd = cr->min_dice;
    if (why && (side_out_of_supply(g, att, natt) || side_out_of_supply(g, def, ndef))) {
        size_t nl = strlen(notes);
        snprintf(notes + nl, sizeof notes - nl, ", out of supply: %s -%d a die",
                 side_out_of_supply(g, att, natt) && side_out_of_supply(g, def, ndef) ? "both"
                 : side_out_of_supply(g, att, natt)                                 ? "attacker"
                                                                                    : "defender",
                 gd->rules.supply_penalty);
    }
    int leader = event_attack_dice(g, att, natt); /* Jackson Attacks (EVENTS): after the limits */
    if (leader) {
        ad += leader;
        if (why) {
            size_t nl = strlen(notes);
            snprintf(notes + nl, sizeof notes - nl, ", event +%d", leader);
        }
    }
    *att_dice = ad;
    *def_dice = dd;
    if (why)
        snprintf(why, whysize, "%d against %d%s: %d dice against %d", A, D, notes, ad, dd);
}

void game_combat_preview(const Game *g, const short *att, int natt, const short *hexes, int nhex, CombatPreview *out)
{
    const GameData *gd = g->gd;
    memset(out, 0, sizeof *out);
    int side = natt > 0 ? gd->units[att[0]].side : SIDE_CONFEDERATE;
    short def[CB_MAX_UNITS];
    int ndef = defenders_of(g, hexes, nhex, 1 - side, def, CB_MAX_UNITS);
    for (int i = 0; i < natt; i++) {
        out->att_points += game_unit_points(g, att[i]);
        out->att_steps += is_dummy(g, att[i]) ? 0 : g->st.unit[att[i]].steps;
    }
    for (int i = 0; i < ndef; i++) {
        out->def_points += game_unit_points(g, def[i]);
        out->def_steps += is_dummy(g, def[i]) ? 0 : g->st.unit[def[i]].steps;
    }
    game_combat_dice(g, att, natt, hexes, nhex, false, &out->att_dice, &out->def_dice, out->why, sizeof out->why);
    int ad_bw = 0, dd_bw = 0;
    game_combat_dice(g, att, natt, hexes, nhex, true, &ad_bw, &dd_bw, NULL, 0);
    out->att_dice_bw = ad_bw != out->att_dice ? ad_bw : -1;
    bool fort, bw_here, bw_allowed = false;
    combat_works(g, att, natt, hexes, nhex, side, &fort, &bw_here);
    out->works_steps = fort ? gd->rules.fortification_steps : 0;
    for (int h = 0; h < nhex; h++)
        bw_allowed |= breastwork_allowed(g, hexes[h]);
    out->bw_steps = bw_here ? gd->rules.breastwork_steps : 0;
    out->system_defends = g->variant && side != g->variant->side;
    /* what the defender may still do before the dice (COMBAT-STEPS B and C; J.1 for the Automa) */
    out->bw_possible = !bw_here && !fort && bw_allowed && !out->system_defends;
    out->skirm_possible = !out->system_defends && g->st.skirmishers[1 - side] > 0 && !g->gd->turns[g->st.turn - 1].night;
    if (out->system_defends)
        out->cover_step_from = g->variant->cover_step_from(g);
    out->att_bonus = side_bonus(g, att, natt);
    out->def_bonus = side_bonus(g, def, ndef);
    die_modifiers(g, att, natt, def, ndef, &out->att_mod, &out->def_mod, &out->def_first_mod);
    out->hit_on = gd->combat.hit_on;
}
