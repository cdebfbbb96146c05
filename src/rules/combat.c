/* The steps of a combat (COMBAT-STEPS, HITS, RETREAT-FOR-LOSS, RETREAT,
 * ADVANCE, RULE-OF-SIX, SKIRM-RULES in combat, BREASTWORK's choice in combat).
 *
 * A combat is declared by the active side (attack UNITS HEXES; who may
 * attack what is combat_declare.c's) and then walks through the rulebook's
 * steps, asking whichever side must decide: the defender's skirmisher and
 * breastwork, what the breastwork costs the attacker, the bonus points on
 * the dice (attacker first), the dice (combat_dice.c), the 6s, the
 * defender's losses (or a retreat instead of one), the attacker's losses,
 * the retreats, and the attacker's advance. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/variant.h"
#include "rules/game_internal.h"
#include "rules/move.h"

static const Map *MAP(const Game *g) { return &g->gd->map; }

static void next_step(Game *g);
static bool six_pick_left(const Game *g, bool attacker_picks);

bool short_list_has(const short *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return true;
    return false;
}

int short_set_add(short *list, int n, int v)
{
    int k = n;
    while (k > 0 && list[k - 1] > v)
        k--;
    if (k > 0 && list[k - 1] == v)
        return n;
    memmove(&list[k + 1], &list[k], (size_t)(n - k) * sizeof *list);
    list[k] = (short)v;
    return n + 1;
}

bool unit_here(const Game *g, int u) { return g->st.unit[u].where == AT_MAP && g->st.unit[u].steps > 0; }

static int defender_side(const Game *g) { return 1 - g->st.drawn.side; }

/* K.3: a defending Automa division retreats rather than take a loss that
 * would remove it, the first loss too. */
static bool k3_retreat(const Game *g)
{
    return g->variant && defender_side(g) == g->variant->side && g->variant->loss_removes(g);
}

static void set_step(Game *g, int step, int side)
{
    g->st.cb_step = step;
    g->st.to_move = side;
}

static int alive(const Game *g, const short *units, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += unit_here(g, units[i]) && !is_dummy(g, units[i]); /* dummies absorb nothing */
    return k;
}

static void roll_dice(Game *g)
{
    GameState *st = &g->st;
    const CombatRules *cr = &g->gd->combat;
    int hits[2] = {0, 0};
    int mods[2], def_first;
    die_modifiers(g, st->cb_att, st->cb_natt, st->cb_def, st->cb_ndef, &mods[0], &mods[1], &def_first);
    int oos[2] = {-mods[0], -mods[1]};
    for (int side = 0; side < 2; side++) {
        bool attacker = side == 0;
        int nd = attacker ? st->cb_att_dice : st->cb_def_dice;
        const unsigned char *bonus = attacker ? st->cb_att_bonus : st->cb_def_bonus;
        for (int i = 0; i < nd && i < CB_MAX_DICE; i++) {
            char purpose[160] = ""; /* the roll's log line only */
            int march = !attacker && i == 0 ? -def_first : 0;
            if (log_wants_text(&g->log)) {
                int len = snprintf(purpose, sizeof purpose, "%s die %d of %d, bonus %+d",
                                   attacker ? "attacker" : "defender", i + 1, nd, bonus[i]);
                if (march) /* FORCED-MARCH: attacked the turn it force-marched, one die less well */
                    len += snprintf(purpose + len, sizeof purpose - (size_t)len, ", forced march -%d", march);
                if (oos[side])
                    snprintf(purpose + len, sizeof purpose - (size_t)len, ", out of supply -%d", oos[side]);
            }
            int die = game_roll(g, "COMBAT-STEPS", purpose);
            if (die == g->gd->rules.six && (st->options & OPT_RULE_OF_SIX)) {
                if (attacker)
                    st->cb_six_att++;
                else
                    st->cb_six_def++;
            }
            LogEntry *e = &g->log.items[g->log.count - 1];
            e->modified = die + bonus[i] - march /* FORCED-MARCH */
                          - oos[side]; /* OOS-LADDER: out of supply, every die */
            hits[side] += e->modified >= cr->hit_on;
        }
        if (!attacker && g->variant && g->gd->units[st->cb_def[0]].side == g->variant->side)
            hits[side] = g->variant->defence_hits(g, nd); /* AI-PLAYER-ATTACK: the corps' modifiers after the roll */
    }
    st->cb_hits_def = hits[0];
    st->cb_hits_att = hits[1] + st->cb_att_extra;
    log_add(&g->log, st->turn, LOG_EVENT, "HITS", "the attacker scores %d hit%s, the defender %d%s", hits[0],
            hits[0] == 1 ? "" : "s", hits[1],
            st->cb_att_extra ? " (and the works cost the attacker more)" : "");
    if (st->cb_att_extra)
        log_add(&g->log, st->turn, LOG_EVENT, st->cb_fort ? "FORTIFICATION" : "BREASTWORK",
                "the attacker loses %d step%s to the works", st->cb_att_extra, st->cb_att_extra == 1 ? "" : "s");
}

static void compute_dice(Game *g)
{
    GameState *st = &g->st;
    char why[200];
    game_combat_dice(g, st->cb_att, st->cb_natt, st->cb_hex, st->cb_nhex, st->cb_bw && st->cb_bw_die,
                     &st->cb_att_dice, &st->cb_def_dice, why, sizeof why);
    if (st->cb_att_dice > CB_MAX_DICE)
        st->cb_att_dice = CB_MAX_DICE;
    if (st->cb_def_dice > CB_MAX_DICE)
        st->cb_def_dice = CB_MAX_DICE;
    st->cb_att_extra = (st->cb_bw && !st->cb_bw_die ? g->gd->rules.breastwork_steps : 0) + (st->cb_fort ? g->gd->rules.fortification_steps : 0);
    st->cb_att_bonus_max = side_bonus(g, st->cb_att, st->cb_natt);
    st->cb_def_bonus_max = side_bonus(g, st->cb_def, st->cb_ndef);
    memset(st->cb_att_bonus, 0, sizeof st->cb_att_bonus);
    memset(st->cb_def_bonus, 0, sizeof st->cb_def_bonus);
    log_add(&g->log, st->turn, LOG_EVENT, "COMBAT-DICE", "%s", why);
}

static void lose_step(Game *g, int u, const char *rule)
{
    if (unit_lose_step(g, u))
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s is eliminated (its last step lost)", g->gd->units[u].name);
    else
        log_add(&g->log, g->st.turn, LOG_EVENT, rule, "%s loses a step", g->gd->units[u].name);
}

/* One hit taken by unit U, on the defenders' side or the attackers'. After
 * the first loss a retreat may replace one; after the first loss that is not
 * a skirmisher, infantry no longer has to take it (HITS). */
static void take_hit(Game *g, int u, bool on_defender, const char *rule)
{
    GameState *st = &g->st;
    bool real = !is_skirmisher(g, u);
    lose_step(g, u, rule);
    for (int i = 0; i < st->cb_ndef && on_defender; i++)
        if (st->cb_def[i] == u && st->cb_def_losses[i] < 255)
            st->cb_def_losses[i]++;
    if (on_defender) {
        st->cb_hits_def--;
        st->cb_def_first = true;
        st->cb_def_real |= real;
    } else {
        st->cb_hits_att--;
        st->cb_att_first = true;
        st->cb_att_real |= real;
    }
}

/* Queues the defended hexes still holding defenders (for retreats). */
static void queue_defended(Game *g)
{
    GameState *st = &g->st;
    st->cb_nqueue = 0;
    for (int h = 0; h < st->cb_nhex; h++)
        if (hex_has_side(g, st->cb_hex[h], defender_side(g)))
            st->cb_queue[st->cb_nqueue++] = st->cb_hex[h];
}

/* ADVANCE: why these attackers may not advance into hex now, or NULL. "The
 * attacker may advance into the hex(es) vacated by the defender(s) with
 * some or all of the units that participated in the attack, respecting the
 * normal stacking limits": a hex the defenders left empty (attackers that
 * advanced before may stand in it), one hex, once, by a way movement could
 * take (never across what no unit may cross), within the stacking limits
 * with those already there. Listing and applying both ask this. */
static const char *advance_refusal(const Game *g, const short *units, int n, int hex)
{
    const GameState *st = &g->st;
    int side = g->st.drawn.side;
    if (n < 1 || !short_list_has(st->cb_hex, st->cb_nhex, hex) || hex_has_side(g, hex, 1 - side))
        return "advance only into a hex the defenders left empty";
    Passage p;
    passage_init(g, side, units, n, PASS_MOVE, &p);
    p.ctx.no_contact = false; /* an advance goes into contact by its nature */
    bool real = false;
    for (int i = 0; i < n; i++) {
        int u = units[i], k = -1;
        for (int j = 0; j < st->cb_natt; j++)
            if (st->cb_att[j] == u)
                k = j;
        if (k < 0 || !unit_here(g, u) || st->unit[u].hex == hex ||
            hex_distance(map_hex_at(MAP(g), st->unit[u].hex), map_hex_at(MAP(g), hex)) != 1)
            return "only units that fought, next to the vacated hex, advance";
        if (st->cb_advanced[k])
            return "a unit advances one hex, once";
        if (!passage_open(&p, st->unit[u].hex, hex))
            return "no unit could cross that way";
        for (int j = 0; j < i; j++)
            if (units[j] == u)
                return "a unit is named twice";
        real |= !is_skirmisher(g, u) && !is_dummy(g, u);
    }
    if (!real)
        return "skirmishers and dummies advance only with a real unit (SKIRM-RULES, DUMMIES)";
    if (stack_over_with(g, hex, side, units, n, 0, 0))
        return "the advance must respect the stacking limits";
    return NULL;
}

static bool advance_possible(const Game *g)
{
    const GameState *st = &g->st;
    for (int h = 0; h < st->cb_nhex; h++)
        for (int i = 0; i < st->cb_natt; i++) {
            short one[1] = {st->cb_att[i]};
            if (!advance_refusal(g, one, 1, st->cb_hex[h]))
                return true;
        }
    return false;
}

static void finish_combat(Game *g)
{
    GameState *st = &g->st;
    st->pending = PEND_NONE;
    st->to_move = st->drawn.side;
    log_add(&g->log, st->turn, LOG_EVENT, "COMBAT-STEPS", "the combat is over");
}

/* Moves the combat on to the next step that needs a decision. */
static void next_step(Game *g)
{
    GameState *st = &g->st;
    int def = defender_side(g), att = st->drawn.side;
    for (;;) {
        switch (st->cb_step) {
        case CB_SKIRMISHER:
            if (!st->cb_skirm_done && st->skirmishers[def] > 0 && !g->gd->turns[st->turn - 1].night) {
                Decision tmp[CB_MAX_HEXES + 1];
                if (combat_legal(g, tmp, CB_MAX_HEXES + 1, 0) > 1)
                    return set_step(g, CB_SKIRMISHER, def);
            }
            st->cb_step = CB_BREASTWORK;
            break;
        case CB_BREASTWORK:
            if (st->cb_nqueue > 0)
                return set_step(g, CB_BREASTWORK, def);
            st->cb_bw = st->cb_fort = false;
            for (int h = 0; h < st->cb_nhex; h++) {
                int f = combat_fortification(g, st->cb_hex[h], st->cb_att, st->cb_natt, def);
                st->cb_fort |= f == 2;
                st->cb_bw |= f == 1 || st->breastwork[st->cb_hex[h]] == def + 1;
            }
            st->cb_bw_die = false;
            if (st->cb_bw) {
                st->cb_step = CB_BW_CHOICE;
                return set_step(g, CB_BW_CHOICE, def);
            }
            compute_dice(g);
            st->cb_step = CB_BONUS_ATT;
            break;
        case CB_BW_CHOICE:
            compute_dice(g);
            st->cb_step = CB_BONUS_ATT;
            break;
        case CB_BONUS_ATT:
            if ((st->cb_att_bonus_max > 0 || event_combat_playable(g, att, true)) && !st->cb_bonus_done[0])
                return set_step(g, CB_BONUS_ATT, att);
            st->cb_step = CB_BONUS_DEF;
            break;
        case CB_BONUS_DEF:
            if ((st->cb_def_bonus_max > 0 || event_combat_playable(g, def, false)) && !st->cb_bonus_done[1])
                return set_step(g, CB_BONUS_DEF, def);
            st->cb_six_att = st->cb_six_def = 0;
            st->cb_forced_retreat = false;
            st->cb_nsix_hit = 0;
            roll_dice(g);
            st->cb_def_first = st->cb_att_first = false;
            st->cb_def_real = st->cb_att_real = false;
            st->cb_retreating = false;
            st->cb_step = CB_SIX_ATT;
            break;
        case CB_SIX_ATT:
            /* RULE-OF-SIX: the attacker's 6s first, then the defender's. A 6
             * with no unit left to pick (each already picked, none alone)
             * is an ordinary hit. */
            if (st->cb_six_att > 0 && (!st->cb_forced_retreat || six_pick_left(g, true)) &&
                alive(g, st->cb_def, st->cb_ndef) > 0)
                return set_step(g, CB_SIX_ATT, att);
            st->cb_step = CB_SIX_DEF;
            break;
        case CB_SIX_DEF:
            if (st->cb_six_def > 0 && (st->cb_forced_retreat || six_pick_left(g, false)) &&
                alive(g, st->cb_att, st->cb_natt) > 0)
                return set_step(g, CB_SIX_DEF, def);
            st->cb_step = CB_DEF_LOSS;
            break;
        case CB_DEF_LOSS:
            if (st->cb_hits_def > 0 && alive(g, st->cb_def, st->cb_ndef) > 0)
                return set_step(g, CB_DEF_LOSS, def);
            st->cb_hits_def = 0;
            st->cb_step = CB_ATT_LOSS;
            break;
        case CB_ATT_LOSS:
            if (st->cb_hits_att > 0 && alive(g, st->cb_att, st->cb_natt) > 0)
                return set_step(g, CB_ATT_LOSS, att);
            st->cb_hits_att = 0;
            queue_defended(g);
            st->cb_step = CB_RETREAT;
            break;
        case CB_RETREAT:
            while (st->cb_retreating && st->cb_nqueue > 0) {
                if (retreat_cull(g, st->cb_queue[0], def, 0, "RETREAT") > 0)
                    return set_step(g, CB_RETREAT, def);
                memmove(st->cb_queue, st->cb_queue + 1, (size_t)(st->cb_nqueue - 1) * sizeof *st->cb_queue);
                st->cb_nqueue--;
            }
            st->cb_step = CB_ADVANCE;
            break;
        case CB_ADVANCE:
            if (advance_possible(g) && !st->cb_advance_over)
                return set_step(g, CB_ADVANCE, att);
            finish_combat(g);
            return;
        default:
            finish_combat(g);
            return;
        }
    }
}

static void start_combat(Game *g, const Decision *d)
{
    GameState *st = &g->st;
    int def = 1 - d->side;
    st->pending = PEND_COMBAT;
    st->act_step = STEP_COMBAT;
    st->cb_natt = d->nunits;
    memcpy(st->cb_att, d->units, (size_t)d->nunits * sizeof *d->units);
    st->cb_nhex = d->nhexes;
    memcpy(st->cb_hex, d->hexes, (size_t)d->nhexes * sizeof *d->hexes);
    st->cb_ndef = defenders_of(g, st->cb_hex, st->cb_nhex, def, st->cb_def, CB_MAX_UNITS);
    for (int i = 0; i < d->nunits; i++)
        st->unit[d->units[i]].flags |= UF_FOUGHT;
    for (int h = 0; h < d->nhexes; h++) {
        if (st->nattacked < 32)
            st->attacked[st->nattacked++] = d->hexes[h];
        release_locks_in_hex(g, d->hexes[h]);
    }
    /* The obligations this combat creates (COMBAT-WHO). */
    short more[64];
    int nmore = attack_obligations(g, d, more, 0, 64);
    for (int j = 0; j < nmore; j++)
        if (!was_attacked(g, more[j]) && !short_list_has(st->obliged, st->nobliged, more[j]) && st->nobliged < 32)
            st->obliged[st->nobliged++] = more[j];
    /* Step C: breastworks the defender may still place (none at night: NIGHT-COMBAT). */
    st->cb_nqueue = 0;
    for (int h = 0; h < d->nhexes; h++)
        if (breastwork_allowed(g, d->hexes[h]) && hex_has_real(g, d->hexes[h], def))
            st->cb_queue[st->cb_nqueue++] = d->hexes[h];
    st->cb_bonus_done[0] = st->cb_bonus_done[1] = false;
    st->cb_advance_over = false;
    memset(st->cb_advanced, 0, sizeof st->cb_advanced);
    memset(st->cb_def_losses, 0, sizeof st->cb_def_losses);
    st->cb_skirm_done = false;
    st->cb_step = CB_SKIRMISHER;
    if (g->variant && def == g->variant->side)
        g->variant->attacked(g); /* AI-WHEEL's jump, N.5's release: whatever the Automa is later asked */
    next_step(g);
}

static const char *loss_refusal(const Game *g, int u, bool defender)
{
    const GameState *st = &g->st;
    const short *units = defender ? st->cb_def : st->cb_att;
    int n = defender ? st->cb_ndef : st->cb_natt;
    if (u < 0 || u >= st->nunits || !short_list_has(units, n, u) || !unit_here(g, u))
        return "that unit is not one of this combat's units still standing";
    if (is_dummy(g, u))
        return "a dummy never absorbs a loss (DUMMIES)";
    if (is_skirmisher(g, u))
        return NULL; /* skirmishers may always absorb losses */
    bool first = defender ? !st->cb_def_real : !st->cb_att_real;
    if (first && g->gd->units[u].type != UT_INFANTRY)
        for (int i = 0; i < n; i++)
            if (unit_here(g, units[i]) && g->gd->units[units[i]].type == UT_INFANTRY)
                return "the first loss must be taken by infantry while any is in the combat (HITS)";
    return NULL;
}

/* Why a 6 may not pick this unit (RULE-OF-SIX), or NULL. */
static const char *six_refusal(const Game *g, int u, bool attacker_picks)
{
    const GameState *st = &g->st;
    const short *targets = attacker_picks ? st->cb_def : st->cb_att;
    int nt = attacker_picks ? st->cb_ndef : st->cb_natt;
    if (u < 0 || u >= st->nunits || !short_list_has(targets, nt, u) || !unit_here(g, u) || is_dummy(g, u))
        return "that unit is not one of the other side's units in this combat";
    if (short_list_has(st->cb_six_hit, st->cb_nsix_hit, u)) {
        short here[CB_MAX_UNITS];
        int side = g->gd->units[u].side;
        if (units_in_hex(g, st->unit[u].hex, side, -1, here, CB_MAX_UNITS) > 1)
            return "a 6 may not pick the same unit twice unless it is alone in its hex";
    }
    return NULL;
}

/* Whether a 6 of the attacker (or the defender) may still pick a unit hit. */
static bool six_pick_left(const Game *g, bool attacker_picks)
{
    const GameState *st = &g->st;
    const short *targets = attacker_picks ? st->cb_def : st->cb_att;
    int nt = attacker_picks ? st->cb_ndef : st->cb_natt;
    if ((attacker_picks ? st->cb_hits_def : st->cb_hits_att) <= 0)
        return false;
    for (int i = 0; i < nt; i++)
        if (!six_refusal(g, targets[i], attacker_picks))
            return true;
    return false;
}

/* ELITE-BONUS: the ways to spread up to mx bonus points over nd dice. The
 * dice are alike, so a split is written largest first ("bonus 2 1"); every
 * such split is listed (D_BONUS with units[] the points on each die). */
static int bonus_list(Decision *out, int max, int n, Decision d, int left, int cap, int nd)
{
    if (n < max)
        out[n] = d;
    n++;
    if (d.nunits >= nd || d.nunits >= DEC_MAX_UNITS)
        return n;
    for (int p = cap < left ? cap : left; p >= 1; p--) {
        Decision e = d;
        e.units[e.nunits++] = (short)p;
        n = bonus_list(out, max, n, e, left - p, p, nd);
    }
    return n;
}

int bonus_splits(int side, int mx, int nd, Decision *out, int max, int n)
{
    Decision none = {.kind = D_BONUS, .side = side};
    return bonus_list(out, max, n, none, mx, mx, nd);
}

const char *bonus_refusal(const Decision *d, int mx, int nd)
{
    int sum = 0;
    for (int i = 0; i < d->nunits; i++) {
        if (d->units[i] < 0)
            return "bonus points are added, never taken away";
        if (i > 0 && d->units[i] > d->units[i - 1])
            return "write the points largest first: the dice are alike (bonus 2 1, not bonus 1 2)";
        sum += d->units[i];
    }
    int used = 0;
    for (int i = 0; i < d->nunits; i++)
        used += d->units[i] > 0;
    if (used > nd || sum > mx)
        return "too many points, or on more dice than are rolled";
    return NULL;
}

int combat_legal(const Game *g, Decision *out, int max, int n)
{
    const GameState *st = &g->st;
    int side = st->to_move;
#define ADDD(...)                                                                                                      \
    do {                                                                                                               \
        if (n < max)                                                                                                   \
            out[n] = (Decision){.side = side, __VA_ARGS__};                                                            \
        n++;                                                                                                           \
    } while (0)
    if (st->pending != PEND_COMBAT) {
        /* New combats: for each enemy hex, all able adjacent attackers
         * together, and each alone. Any other valid grouping is accepted. */
        if (g->gd->turns[st->turn - 1].night && !event_night_attack(g))
            return n;
        /* who may attack, and whom each could: asked once a unit, and
         * shared by every candidate's attack_refusal */
        Attackers at;
        attackers_find(g, side, &at);
        const short *able = at.able;
        const unsigned char *nnear = at.nnear;
        const short(*near)[DIR_COUNT] = at.near;
        int nable = at.nable;
        /* the hexes some able unit is next to, in index order: no other
         * hex has an attacker */
        short targets[GS_MAX_HEXES];
        int ntargets = 0;
        for (int i = 0; i < nable; i++)
            for (int j = 0; j < nnear[i]; j++)
                ntargets = short_set_add(targets, ntargets, near[i][j]);
        for (int t = 0; t < ntargets; t++) {
            int h = targets[t];
            if (!hex_has_side(g, h, 1 - side) || was_attacked(g, h))
                continue;
            Decision all = {.kind = D_ATTACK, .side = side, .nhexes = 1, .hexes = {(short)h}};
            for (int i = 0; i < nable && all.nunits < DEC_MAX_UNITS; i++) {
                int u = able[i];
                if (!short_list_has(near[i], nnear[i], h))
                    continue;
                Decision one = {.kind = D_ATTACK, .side = side, .nunits = 1, .units = {(short)u}, .nhexes = 1,
                                .hexes = {(short)h}};
                if (!attack_refusal_among(g, &one, &at, NULL, 0)) { /* whether only */
                    if (n < max)
                        out[n] = one;
                    n++;
                }
                all.units[all.nunits++] = (short)u;
            }
            if (all.nunits > 1 && !attack_refusal_among(g, &all, &at, NULL, 0)) {
                if (n < max)
                    out[n] = all;
                n++;
            }
        }
        /* Each able unit against every enemy next to it at once: the way to
         * meet any open-ground obligation (COMBAT-WHO). */
        for (int i = 0; i < nable; i++) {
            int u = able[i];
            Decision multi = {.kind = D_ATTACK, .side = side, .nunits = 1, .units = {(short)u}};
            for (int j = 0; j < nnear[i] && multi.nhexes < CB_MAX_HEXES; j++)
                if (!was_attacked(g, near[i][j]))
                    multi.hexes[multi.nhexes++] = near[i][j];
            if (multi.nhexes > 1 && !attack_refusal_among(g, &multi, &at, NULL, 0)) {
                if (n < max)
                    out[n] = multi;
                n++;
            }
        }
        return n;
    }
    switch (st->cb_step) {
    case CB_SKIRMISHER:
        for (int h = 0; h < st->cb_nhex; h++) {
            short here[CB_MAX_UNITS];
            int k = units_in_hex(g, st->cb_hex[h], defender_side(g), -1, here, CB_MAX_UNITS), pts = 1;
            for (int i = 0; i < k; i++)
                pts += game_unit_points(g, here[i]);
            if (k + 1 <= g->gd->stacking.max_units && pts <= g->gd->stacking.max_points)
                ADDD(.kind = D_SKIRM_DEFEND, .arg = st->cb_hex[h]);
        }
        ADDD(.kind = D_NO_SKIRM);
        break;
    case CB_BREASTWORK:
        ADDD(.kind = D_BREASTWORK);
        ADDD(.kind = D_NO_BREASTWORK);
        break;
    case CB_BW_CHOICE:
        ADDD(.kind = D_BW_DIE);
        ADDD(.kind = D_BW_STEP);
        break;
    case CB_BONUS_ATT:
    case CB_BONUS_DEF: {
        int nd = st->cb_step == CB_BONUS_ATT ? st->cb_att_dice : st->cb_def_dice;
        int mx = st->cb_step == CB_BONUS_ATT ? st->cb_att_bonus_max : st->cb_def_bonus_max;
        n = bonus_splits(side, mx, nd, out, max, n);
        break;
    }
    case CB_SIX_ATT:
    case CB_SIX_DEF: {
        bool attacker = st->cb_step == CB_SIX_ATT;
        const short *targets = attacker ? st->cb_def : st->cb_att;
        int nt = attacker ? st->cb_ndef : st->cb_natt;
        int hits = attacker ? st->cb_hits_def : st->cb_hits_att;
        for (int i = 0; i < nt && hits > 0; i++)
            if (!six_refusal(g, targets[i], attacker))
                ADDD(.kind = D_SIX_HIT, .arg = targets[i]);
        if (attacker && !st->cb_forced_retreat)
            ADDD(.kind = D_SIX_RETREAT);
        if (!attacker && st->cb_forced_retreat)
            ADDD(.kind = D_SIX_CANCEL);
        break;
    }
    case CB_DEF_LOSS:
    case CB_ATT_LOSS: {
        bool defender = st->cb_step == CB_DEF_LOSS;
        const short *units = defender ? st->cb_def : st->cb_att;
        int nu = defender ? st->cb_ndef : st->cb_natt;
        for (int i = 0; i < nu; i++)
            if (!loss_refusal(g, units[i], defender))
                ADDD(.kind = D_LOSE, .arg = units[i]);
        if (defender && (st->cb_def_first || k3_retreat(g)) && !st->cb_retreating && !st->cb_forced_retreat)
            ADDD(.kind = D_RETREAT_INSTEAD);
        break;
    }
    case CB_RETREAT:
        n = retreat_legal(g, st->cb_queue[0], defender_side(g), 0, out, max, n);
        break;
    case CB_ADVANCE:
        /* each hex: every attacker that may go there alone, each attacking stack whole, and all of them
         * together (any other group is typed: advance UNITS HHHH) */
        for (int h = 0; h < st->cb_nhex; h++) {
            int hex = st->cb_hex[h];
            Decision all = {.kind = D_ADVANCE, .side = st->drawn.side, .arg = hex};
            for (int i = 0; i < st->cb_natt; i++) {
                short one[1] = {st->cb_att[i]};
                if (!advance_refusal(g, one, 1, hex)) {
                    ADDD(.kind = D_ADVANCE, .arg = hex, .nunits = 1, .units = {one[0]});
                    all.units[all.nunits++] = one[0];
                }
            }
            for (int i = 0; i < all.nunits; i++) { /* the stacks */
                Decision stack = {.kind = D_ADVANCE, .side = st->drawn.side, .arg = hex};
                bool first = true;
                for (int j = 0; j < all.nunits; j++)
                    if (st->unit[all.units[j]].hex == st->unit[all.units[i]].hex) {
                        first &= j >= i;
                        stack.units[stack.nunits++] = all.units[j];
                    }
                if (first && stack.nunits > 1 && stack.nunits < all.nunits &&
                    !advance_refusal(g, stack.units, stack.nunits, hex)) {
                    if (n < max)
                        out[n] = stack;
                    n++;
                }
            }
            if (all.nunits > 1 && !advance_refusal(g, all.units, all.nunits, hex)) {
                if (n < max)
                    out[n] = all;
                n++;
            }
        }
        ADDD(.kind = D_NO_ADVANCE);
        break;
    default:
        break;
    }
#undef ADDD
    return n;
}

bool combat_apply(Game *g, const Decision *d, char *why, size_t n)
{
    GameState *st = &g->st;
    char text[1024];
    decision_log_text(g, d, text, sizeof text);
    if (d->kind == D_ATTACK) {
        if (st->phase != PH_ACTIVATION || !st->activated || st->act_step == STEP_PLACE || st->pending != PEND_NONE) {
            snprintf(why, n, "combat comes in an activation, once the chit is placed");
            return false;
        }
        char buf[240];
        const char *r = attack_refusal(g, d, buf, sizeof buf);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        if (stacking_holds_up(g, d))
            return true;
        log_add(&g->log, st->turn, LOG_DECISION, "COMBAT-WHO", "%s", text);
        start_combat(g, d);
        return true;
    }
    if (st->pending != PEND_COMBAT) {
        snprintf(why, n, "no combat is under way");
        return false;
    }
    int def = defender_side(g);
    switch (d->kind) {
    case D_SKIRM_DEFEND:
    case D_NO_SKIRM: {
        if (st->cb_step != CB_SKIRMISHER) {
            snprintf(why, n, "%s",
                     !st->cb_skirm_done && st->cb_step > CB_SKIRMISHER
                         ? "no skirmisher was asked for: none is available, it is night, or every attacked hex holds "
                           "as many units or points as stacking allows (COMBAT-STEPS, STACK)"
                         : "the defender's skirmisher comes before the breastwork (COMBAT-STEPS)");
            return false;
        }
        if (d->kind == D_SKIRM_DEFEND) {
            Decision ok[CB_MAX_HEXES + 1];
            int no = combat_legal(g, ok, CB_MAX_HEXES + 1, 0);
            bool found = false;
            for (int i = 0; i < no && i < CB_MAX_HEXES + 1; i++)
                found |= ok[i].kind == D_SKIRM_DEFEND && ok[i].arg == d->arg;
            int sk = found ? skirmisher_place(g, def, d->arg) : -1;
            if (sk < 0) {
                snprintf(why, n, "a skirmisher goes into an attacked hex, within stacking, while any are available");
                return false;
            }
            if (st->cb_ndef < CB_MAX_UNITS)
                st->cb_def[st->cb_ndef++] = (short)sk;
            log_add(&g->log, st->turn, LOG_DECISION, "SKIRM-MAKE", "%s deploys a skirmisher: %s",
                    data_side_name(def), text);
        } else
            log_add(&g->log, st->turn, LOG_DECISION, "COMBAT-STEPS", "%s deploys no skirmisher", data_side_name(def));
        st->cb_skirm_done = true;
        next_step(g);
        return true;
    }
    case D_BREASTWORK:
    case D_NO_BREASTWORK: {
        if (st->cb_step != CB_BREASTWORK) {
            snprintf(why, n, "no breastwork is being offered now");
            return false;
        }
        int hex = st->cb_queue[0];
        char hx[5];
        hex_format(map_hex_at(MAP(g), hex), hx);
        if (d->kind == D_BREASTWORK)
            st->breastwork[hex] = (unsigned char)(def + 1);
        log_add(&g->log, st->turn, LOG_DECISION, "BREASTWORK", "%s %s in %s", data_side_name(def),
                d->kind == D_BREASTWORK ? "builds a breastwork" : "builds no breastwork", hx);
        memmove(st->cb_queue, st->cb_queue + 1, (size_t)(st->cb_nqueue - 1) * sizeof *st->cb_queue);
        st->cb_nqueue--;
        next_step(g);
        return true;
    }
    case D_BW_DIE:
    case D_BW_STEP:
        if (st->cb_step != CB_BW_CHOICE) {
            snprintf(why, n, "no breastwork choice is open now");
            return false;
        }
        st->cb_bw_die = d->kind == D_BW_DIE;
        log_add(&g->log, st->turn, LOG_DECISION, "BREASTWORK", "the breastwork costs the attacker %s",
                st->cb_bw_die ? "a die" : "a step after the combat");
        next_step(g);
        return true;
    case D_BONUS: {
        bool attacker = st->cb_step == CB_BONUS_ATT;
        if (st->cb_step != CB_BONUS_ATT && st->cb_step != CB_BONUS_DEF) {
            snprintf(why, n, "bonus points are placed before the dice are rolled");
            return false;
        }
        int nd = attacker ? st->cb_att_dice : st->cb_def_dice;
        int mx = attacker ? st->cb_att_bonus_max : st->cb_def_bonus_max;
        const char *r = bonus_refusal(d, mx, nd);
        if (r) {
            snprintf(why, n, "%s: %d bonus point%s to spread over %d dice", r, mx, mx == 1 ? "" : "s", nd);
            return false;
        }
        unsigned char *b = attacker ? st->cb_att_bonus : st->cb_def_bonus;
        memset(b, 0, CB_MAX_DICE);
        for (int i = 0; i < d->nunits; i++)
            b[i] = (unsigned char)d->units[i];
        if (d->nunits == 0)
            log_add(&g->log, st->turn, LOG_DECISION, "ELITE-BONUS", "%s places no bonus points", data_side_name(d->side));
        else
            log_add(&g->log, st->turn, LOG_DECISION, "ELITE-BONUS", "%s places its bonus: %s", data_side_name(d->side),
                    text);
        st->cb_bonus_done[attacker ? 0 : 1] = true;
        next_step(g);
        return true;
    }
    case D_LOSE: {
        bool defender = st->cb_step == CB_DEF_LOSS;
        if (st->cb_step != CB_DEF_LOSS && st->cb_step != CB_ATT_LOSS) {
            snprintf(why, n, "no losses are being taken now");
            return false;
        }
        const char *r = loss_refusal(g, d->arg, defender);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "HITS", "%s: %s", data_side_name(d->side), text);
        take_hit(g, d->arg, defender, "HITS");
        next_step(g);
        return true;
    }
    case D_SIX_HIT:
    case D_SIX_RETREAT:
    case D_SIX_CANCEL: {
        bool attacker = st->cb_step == CB_SIX_ATT;
        if (st->cb_step != CB_SIX_ATT && st->cb_step != CB_SIX_DEF) {
            snprintf(why, n, "no unmodified 6 is waiting to be used");
            return false;
        }
        if (d->kind == D_SIX_HIT) {
            const char *r = (attacker ? st->cb_hits_def : st->cb_hits_att) > 0 ? six_refusal(g, d->arg, attacker)
                                                                               : "no hit is left for it to place";
            if (r) {
                snprintf(why, n, "%s", r);
                return false;
            }
            if (st->cb_nsix_hit < CB_MAX_UNITS)
                st->cb_six_hit[st->cb_nsix_hit++] = (short)d->arg;
            take_hit(g, d->arg, attacker, "RULE-OF-SIX");
        } else if (d->kind == D_SIX_RETREAT) {
            if (!attacker || st->cb_forced_retreat) {
                snprintf(why, n, "only the attacker's 6 forces a retreat, once");
                return false;
            }
            st->cb_forced_retreat = st->cb_retreating = true;
        } else {
            if (attacker || !st->cb_forced_retreat) {
                snprintf(why, n, "the defender's 6 cancels a retreat the attacker forced");
                return false;
            }
            st->cb_forced_retreat = st->cb_retreating = false;
        }
        log_add(&g->log, st->turn, LOG_DECISION, "RULE-OF-SIX", "%s uses an unmodified 6: %s",
                data_side_name(d->side), text);
        if (attacker)
            st->cb_six_att--;
        else
            st->cb_six_def--;
        next_step(g);
        return true;
    }
    case D_RETREAT_INSTEAD:
        if (st->cb_step != CB_DEF_LOSS || !(st->cb_def_first || k3_retreat(g)) || st->cb_retreating ||
            st->cb_forced_retreat) {
            snprintf(why, n, "a retreat may replace one loss only after the first loss is taken, once, and not when "
                             "a 6 forced the retreat");
            return false;
        }
        st->cb_retreating = true;
        st->cb_hits_def--;
        log_add(&g->log, st->turn, LOG_DECISION, "RETREAT-FOR-LOSS",
                "%s retreats all its units in the combat instead of losing one more step", data_side_name(def));
        next_step(g);
        return true;
    case D_RETREAT: {
        if (st->cb_step != CB_RETREAT) {
            snprintf(why, n, "no retreat is being made now");
            return false;
        }
        int from = st->cb_queue[0];
        if (!retreat_apply(g, from, def, 0, d, "RETREAT", why, n))
            return false;
        if (retreat_left(g, from, def, 0) == 0) {
            memmove(st->cb_queue, st->cb_queue + 1, (size_t)(st->cb_nqueue - 1) * sizeof *st->cb_queue);
            st->cb_nqueue--;
        }
        next_step(g);
        return true;
    }
    case D_ADVANCE:
    case D_NO_ADVANCE: {
        if (st->cb_step != CB_ADVANCE) {
            snprintf(why, n, "there is nothing to advance into now");
            return false;
        }
        if (d->kind == D_NO_ADVANCE) {
            log_add(&g->log, st->turn, LOG_DECISION, "ADVANCE", "%s does not advance", data_side_name(d->side));
            st->cb_advance_over = true;
            next_step(g);
            return true;
        }
        int hex = d->arg;
        const char *r = advance_refusal(g, d->units, d->nunits, hex);
        if (r) {
            snprintf(why, n, "%s", r);
            return false;
        }
        for (int i = 0; i < d->nunits; i++) {
            int from = st->unit[d->units[i]].hex;
            for (int j = 0; j < st->cb_natt; j++)
                if (st->cb_att[j] == d->units[i])
                    st->cb_advanced[j] = true;
            unit_put(g, d->units[i], AT_MAP, hex);
            /* an attacker leaving his own breastwork by advancing is not disordered */
            leave_hex(g, from, d->side, &d->units[i], 1, LEAVE_ADVANCE, true);
        }
        log_add(&g->log, st->turn, LOG_DECISION, "ADVANCE", "%s", text);
        next_step(g);
        return true;
    }
    default:
        snprintf(why, n, "that is not a combat decision");
        return false;
    }
}

static void hex_list(const GameData *gd, const short *hexes, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++) {
        char hx[5] = "????";
        if (hexes[i] >= 0 && hexes[i] < gd->map.cols * gd->map.rows)
            hex_format(map_hex_at(&gd->map, hexes[i]), hx);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "+" : "", hx);
    }
}

void unit_list(const GameData *gd, const short *units, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "+" : "",
                                unit_id_of(gd, units[i]));
}

void combat_format(const GameData *gd, const Decision *d, char *buf, size_t size)
{
    char a[1024], b[64];
    const char *verb = decision_kinds[d->kind].verb;
    switch (d->kind) {
    case D_ATTACK:
        unit_list(gd, d->units, d->nunits, a, sizeof a);
        hex_list(gd, d->hexes, d->nhexes, b, sizeof b);
        snprintf(buf, size, "%s %s %s", verb, a, b);
        break;
    case D_BONUS: {
        size_t len = (size_t)snprintf(buf, size, "%s", verb);
        for (int i = 0; i < d->nunits && len < size; i++)
            len += (size_t)snprintf(buf + len, size - len, " %d", d->units[i]);
        break;
    }
    case D_RETREAT: {
        short h = (short)d->arg;
        hex_list(gd, &h, 1, b, sizeof b);
        unit_list(gd, d->units, d->nunits, a, sizeof a);
        snprintf(buf, size, "%s %s%s%s%s", verb, b, d->nunits ? " " : "", a, d->dir == 1 ? " take-up" : "");
        break;
    }
    default:
        snprintf(buf, size, "?");
    }
}

static bool parse_list(const Game *g, const char *text, bool hexes, short *out, int max, int *n)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    *n = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        if (*n >= max)
            return false;
        if (hexes) {
            HexCoord h;
            if (!hex_parse(t, &h) || !map_has(MAP(g), h))
                return false;
            out[(*n)++] = (short)map_hex_index(MAP(g), h);
        } else {
            int u = data_unit_index(g->gd, t);
            if (u < 0)
                return false;
            out[(*n)++] = (short)u;
        }
    }
    return *n > 0;
}

bool combat_parse(const Game *g, int kind, const char *rest, Decision *out)
{
    char a[1024] = "", b[1024] = "", extra[8];
    int k = sscanf(rest, "%1023s %1023s %7s", a, b, extra);
    out->kind = kind;
    if (kind == D_ATTACK) {
        if (k != 2 || !parse_list(g, a, false, out->units, DEC_MAX_UNITS, &out->nunits))
            return false;
        short hx[CB_MAX_HEXES];
        int nh;
        if (!parse_list(g, b, true, hx, CB_MAX_HEXES, &nh))
            return false;
        out->nhexes = nh;
        memcpy(out->hexes, hx, (size_t)nh * sizeof *hx);
        return true;
    }
    if (kind == D_BONUS) {
        out->nunits = 0;
        const char *p = rest;
        int v, used;
        while (sscanf(p, "%d%n", &v, &used) == 1) {
            if (out->nunits >= DEC_MAX_UNITS)
                return false;
            out->units[out->nunits++] = (short)v;
            p += used;
        }
        while (*p == ' ')
            p++;
        while (out->nunits > 0 && out->units[out->nunits - 1] == 0)
            out->nunits--; /* no points on the last dice: the same split */
        return *p == '\0';
    }
    if (kind == D_RETREAT) { /* retreat HHHH [UNIT+UNIT] [take-up] */
        char c3[16] = "";
        k = sscanf(rest, "%1023s %1023s %15s %7s", a, b, c3, extra);
        HexCoord h;
        if (k < 1 || k > 3 || !hex_parse(a, &h) || !map_has(MAP(g), h))
            return false;
        out->arg = map_hex_index(MAP(g), h);
        out->dir = 0;
        if (k == 3 && strcmp(c3, "take-up") != 0)
            return false;
        if (k >= 2 && strcmp(k == 2 ? b : c3, "take-up") == 0)
            out->dir = 1;
        if (k == 3 || (k == 2 && out->dir == 0))
            return parse_list(g, b, false, out->units, DEC_MAX_UNITS, &out->nunits);
        return true;
    }
    return false;
}
