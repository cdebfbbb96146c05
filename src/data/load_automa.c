/* The Automa's track and wheel: config/activation-track.ini (AI-SETUP,
 * AI-TRACK, AI-ATTITUDE, AI-HOOKER, AI-I-VI, AI-VP-TRACK) and
 * config/wheel.ini (AI-WHEEL). Formats in docs/booklet-format.md. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

int data_automa_formation(const GameData *gd, const char *id)
{
    FIND_BY_ID(gd->automa.formations, gd->automa.nformations, id);
}

static int counter_index(const GameData *gd, const char *id) { FIND_BY_ID(gd->counters, gd->ncounters, id); }

static int parse_attitude(const char *v)
{
    return strcmp(v, "aggressive") == 0 ? ATT_AGGRESSIVE : strcmp(v, "cautious") == 0 ? ATT_CAUTIOUS : -1;
}

/* "1-2:988 3-4:989" style ranges over 1..6 into m; false with an error. */
static bool read_roll(IniDoc *doc, IniKey *k, TurnMarker *m, Diags *d)
{
    char tok[32];
    int covered[7] = {0};
    for (const char *p = k->value; (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        int lo, hi, para;
        char c;
        if (sscanf(tok, "%d-%d:%d%c", &lo, &hi, &para, &c) != 3) {
            if (sscanf(tok, "%d:%d%c", &lo, &para, &c) != 2) {
                diag_error(d, doc->file, k->line, "roll: '%s' should be LO-HI:PARAGRAPH or N:PARAGRAPH", tok);
                return false;
            }
            hi = lo;
        }
        if (lo < 1 || hi > 6 || lo > hi || m->nroll == 6) {
            diag_error(d, doc->file, k->line, "roll: '%s' is not a range of one die (1-6)", tok);
            return false;
        }
        for (int v = lo; v <= hi; v++)
            covered[v]++;
        m->roll_lo[m->nroll] = lo;
        m->roll_hi[m->nroll] = hi;
        m->roll_para[m->nroll++] = para;
    }
    for (int v = 1; v <= 6; v++)
        if (covered[v] != 1) {
            diag_error(d, doc->file, k->line, "roll: the die result %d is covered %d times; each must be once", v,
                       covered[v]);
            return false;
        }
    return true;
}

/* The id of s when it is a [kind:ID] section (then marked used) and the
 * list of what, holding n, has room for it; NULL otherwise, with an error
 * when the list is full at max. */
static const char *listed_id(IniDoc *doc, IniSection *s, const char *kind, int n, int max, const char *what,
                             Diags *d)
{
    const char *id = ini_section_id(s, kind);
    if (!id)
        return NULL;
    s->used = true;
    if (n == max) {
        diag_error(d, doc->file, s->line, "too many %s (at most %d)", what, max);
        return NULL;
    }
    return id;
}

static void track_file(IniDoc *doc, void *arg)
{
    GameData *gd = ((LoadCtx *)arg)->gd;
    Diags *d = ((LoadCtx *)arg)->d;
    AutomaData *a = &gd->automa;
    ActivationTrack *t = &a->track;
    IniSection *s = ini_section(doc, "track");
    if (!s) {
        diag_error(d, doc->file, 0, "missing [track] section (slots, cost, markers, independent_only)");
        ini_mark_all_used(doc);
        return;
    }
    ini_get_int(doc, s, "slots", true, 1, TRACK_MAX_SLOTS, &t->slots, d);
    ini_get_int(doc, s, "cost", true, 1, 5, &t->cost, d);
    char tok[64];
    IniKey *k = ini_key(s, "markers");
    if (!k)
        diag_error(d, doc->file, s->line, "[track] needs 'markers': the corps with a command marker");
    for (const char *p = k ? k->value : NULL; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        int f = data_formation_index(gd, tok);
        if (f < 0 || gd->formations[f].side != SIDE_UNION || gd->formations[f].detached) {
            diag_error(d, doc->file, k->line, "markers: '%s' is not a Union formation in play (see oob-union.ini)", tok);
            continue;
        }
        if (data_automa_formation(gd, tok) >= 0 || a->nformations == AUTOMA_MAX_FORMATIONS) {
            diag_error(d, doc->file, k->line, "markers: '%s' twice, or too many (at most %d)", tok,
                       AUTOMA_MAX_FORMATIONS);
            continue;
        }
        AutomaFormation *af = &a->formations[a->nformations];
        memcpy(af->id, tok, strlen(tok) < sizeof af->id ? strlen(tok) + 1 : sizeof af->id - 1);
        af->formation = f;
        af->counter = -1;
        t->markers[t->nmarkers++] = a->nformations++;
    }
    if (k)
        k->used = true;
    k = ini_key(s, "independent_only");
    for (const char *p = k ? k->value : NULL; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
        int c = counter_index(gd, tok);
        if (c < 0) {
            diag_error(d, doc->file, k->line, "independent_only: '%s' is not a counter of automa-counters.ini", tok);
            continue;
        }
        if (data_automa_formation(gd, tok) >= 0 || a->nformations == AUTOMA_MAX_FORMATIONS) {
            diag_error(d, doc->file, k->line, "independent_only: '%s' twice, or too many", tok);
            continue;
        }
        AutomaFormation *af = &a->formations[a->nformations++];
        memcpy(af->id, tok, strlen(tok) < sizeof af->id ? strlen(tok) + 1 : sizeof af->id - 1);
        af->formation = gd->counters[c].corps;
        af->counter = c;
    }
    if (k)
        k->used = true;
    if (t->slots > 0 && t->slots < t->nmarkers)
        diag_error(d, doc->file, s->line, "the track has %d slots for %d command markers", t->slots, t->nmarkers);

    s = ini_section(doc, "hooker");
    if (!s)
        diag_error(d, doc->file, 0, "missing [hooker] section (boxes, return_turns)");
    else {
        ini_get_int(doc, s, "boxes", true, 1, HOOKER_MAX_BOXES, &t->hooker_boxes, d);
        ini_get_int(doc, s, "return_turns", true, 0, 10, &t->hooker_return_turns, d);
    }
    bool att_used[2] = {false, false};
    for (int b = 1; b <= t->hooker_boxes; b++) {
        char name[16];
        snprintf(name, sizeof name, "box:%d", b);
        IniSection *bs = ini_section(doc, name);
        if (!bs) {
            diag_error(d, doc->file, 0, "missing [box:%d]: Hooker's column has %d boxes", b, t->hooker_boxes);
            continue;
        }
        const char *v;
        if (ini_get_str(doc, bs, "attitude", true, &v, d)) {
            int att = parse_attitude(v);
            if (att < 0)
                diag_error(d, doc->file, ini_key(bs, "attitude")->line, "attitude: aggressive or cautious, not '%s'",
                           v);
            else
                att_used[att] = true;
            t->box[b].attitude = att < 0 ? 0 : att;
        }
        IniKey *lk = ini_key(bs, "linked");
        if (lk) {
            lk->used = true;
            int l1 = 0, l2 = 0;
            char c;
            if (sscanf(lk->value, "%d %d %c", &l1, &l2, &c) != 2 || l1 < 1 || l2 < 1 || l1 > t->slots ||
                l2 > t->slots || l1 == l2)
                diag_error(d, doc->file, lk->line, "linked: two different slots of the track's %d", t->slots);
            else
                t->box[b].linked[0] = l1, t->box[b].linked[1] = l2;
        }
    }
    for (int i = 0; i < doc->nsections; i++) {
        const char *id = ini_section_id(&doc->sections[i], "box");
        if (id && (atoi(id) < 1 || atoi(id) > t->hooker_boxes)) {
            doc->sections[i].used = true;
            diag_error(d, doc->file, doc->sections[i].line, "[box:%s] is not one of Hooker's %d boxes", id,
                       t->hooker_boxes);
        }
    }
    if (t->hooker_boxes > 0 && (!att_used[0] || !att_used[1]))
        diag_error(d, doc->file, 0, "Hooker's boxes must include both attitudes");

    s = ini_section(doc, "turn-track");
    if (s)
        ini_get_int(doc, s, "advance_step", true, 0, 10, &t->advance_step, d);
    else
        diag_error(d, doc->file, 0, "missing [turn-track] section (advance_step)");
    int on_turn_track[AUTOMA_MAX_FORMATIONS] = {0};
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *ms = &doc->sections[i];
        const char *id = listed_id(doc, ms, "marker", t->nturn_markers, AUTOMA_MAX_MARKERS, "turn-track markers", d);
        if (!id)
            continue;
        TurnMarker m;
        memset(&m, 0, sizeof m);
        m.formation = -1;
        if (strcmp(id, "independent") == 0)
            m.kind = TM_INDEPENDENT;
        else if (strcmp(id, "objective-x") == 0)
            m.kind = TM_OBJECTIVE_X;
        else {
            m.kind = TM_CORPS;
            m.formation = data_automa_formation(gd, id);
            if (m.formation < 0 || a->formations[m.formation].counter >= 0) {
                diag_error(d, doc->file, ms->line,
                           "[marker:%s]: a turn-track marker is a corps of [track] markers, independent or objective-x",
                           id);
                continue;
            }
            on_turn_track[m.formation]++;
        }
        ini_get_int(doc, ms, "turn", true, 1, gd->nturns, &m.turn, d);
        IniKey *rk = ini_key(ms, "roll");
        if (m.kind == TM_OBJECTIVE_X) {
            if (!rk)
                diag_error(d, doc->file, ms->line, "[marker:objective-x] needs 'roll' (die ranges and paragraphs)");
            else {
                rk->used = true;
                read_roll(doc, rk, &m, d);
            }
        } else if (rk) {
            rk->used = true;
            diag_error(d, doc->file, rk->line, "roll: only [marker:objective-x] has one");
        }
        t->turn_markers[t->nturn_markers++] = m;
    }

    s = ini_section(doc, "setup");
    int placed[AUTOMA_MAX_FORMATIONS] = {0};
    if (!s)
        diag_error(d, doc->file, 0, "missing [setup] section (track, random, hooker, attitude, vp)");
    else {
        const char *keys[2] = {"track", "random"};
        int *lists[2] = {t->setup_track, t->setup_random}, *counts[2] = {&t->nsetup_track, &t->nsetup_random};
        for (int l = 0; l < 2; l++) {
            IniKey *sk = ini_key(s, keys[l]);
            if (!sk)
                continue;
            sk->used = true;
            for (const char *p = sk->value; (p = ini_next_token(p, tok, sizeof tok, NULL));) {
                int f = data_automa_formation(gd, tok);
                if (f < 0 || a->formations[f].counter >= 0) {
                    diag_error(d, doc->file, sk->line, "%s: '%s' is not a corps of [track] markers", keys[l], tok);
                    continue;
                }
                placed[f]++;
                if (*counts[l] < TRACK_MAX_SLOTS)
                    lists[l][(*counts[l])++] = f;
            }
        }
        if (t->nsetup_track + t->nsetup_random > t->slots)
            diag_error(d, doc->file, s->line, "[setup] puts %d markers on a track of %d slots",
                       t->nsetup_track + t->nsetup_random, t->slots);
        ini_get_int(doc, s, "hooker", true, 1, t->hooker_boxes > 0 ? t->hooker_boxes : 1, &t->setup_hooker, d);
        const char *v;
        if (ini_get_str(doc, s, "attitude", true, &v, d)) {
            t->setup_attitude = parse_attitude(v);
            if (t->setup_attitude < 0) {
                diag_error(d, doc->file, ini_key(s, "attitude")->line, "attitude: aggressive or cautious, not '%s'", v);
                t->setup_attitude = 0;
            } else if (t->setup_hooker >= 1 && t->setup_hooker <= t->hooker_boxes &&
                       t->box[t->setup_hooker].attitude != t->setup_attitude)
                diag_error(d, doc->file, ini_key(s, "attitude")->line,
                           "attitude: Hooker's box %d is %s; the marker must match it", t->setup_hooker,
                           t->box[t->setup_hooker].attitude == ATT_AGGRESSIVE ? "aggressive" : "cautious");
        }
    }
    for (int i = 0; i < t->nmarkers; i++) {
        int f = t->markers[i];
        if (placed[f] + on_turn_track[f] != 1)
            diag_error(d, doc->file, s ? s->line : 0,
                       "the command marker of %s must start once, on the track ([setup]) or the turn track "
                       "([marker:%s]); found %d",
                       a->formations[f].id, a->formations[f].id, placed[f] + on_turn_track[f]);
    }

    s = ini_section(doc, "vp-track");
    if (!s)
        diag_error(d, doc->file, 0, "missing [vp-track] section");
    else {
        ini_get_int(doc, s, "min", true, 0, 100, &t->vp_min, d);
        ini_get_int(doc, s, "max", true, 1, 100, &t->vp_max, d);
        ini_get_int(doc, s, "confederate_from", true, 0, 100, &t->confederate_from, d);
        ini_get_int(doc, s, "union_from", true, 0, 100, &t->union_from, d);
        ini_get_int(doc, s, "track_strength", true, 1, 20, &t->track_strength, d);
        ini_get_int(doc, s, "scoring_strength", true, 1, 20, &t->scoring_strength, d);
        ini_get_int(doc, s, "objective_vp_max", true, 0, 10, &t->objective_vp_max, d);
        ini_get_int(doc, s, "loss_limit", true, 1, 100, &t->loss_limit, d);
        if (t->vp_min >= t->vp_max)
            diag_error(d, doc->file, s->line, "min must be below max");
    }
    if (s && ini_section(doc, "setup"))
        ini_get_int(doc, ini_section(doc, "setup"), "vp", true, t->vp_min, t->vp_max, &t->setup_vp, d);

    /* the solitaire rules' numbers */
    s = ini_section(doc, "rules");
    AutomaRules *ru = &a->rules;
    if (!s)
        diag_error(d, doc->file, 0, "missing [rules] section (the solitaire rules' numbers, see docs/booklet-format.md)");
    else {
        static const LuIntKey keys[] = {
            {"dice_per", offsetof(AutomaRules, dice_per), 1, 20},
            {"min_dice", offsetof(AutomaRules, min_dice), 0, 12},
            {"max_dice", offsetof(AutomaRules, max_dice), 1, 12},
            {"engagement_units", offsetof(AutomaRules, engagement_units), 1, 6},
            {"interrupt_stop", offsetof(AutomaRules, interrupt_stop), 0, 12},
            {"interrupt_aggressive", offsetof(AutomaRules, interrupt_aggressive), 0, 6},
            {"overwhelm_strength", offsetof(AutomaRules, overwhelm_strength), 1, 40},
            {"overwhelm_lone", offsetof(AutomaRules, overwhelm_lone), 0, 40},
            {"trades", offsetof(AutomaRules, trades), 0, 6},
            {"retreat_on", offsetof(AutomaRules, retreat_on), 0, 6},
            {"retreat_cautious", offsetof(AutomaRules, retreat_cautious), 0, 6},
            {"break_contact_on", offsetof(AutomaRules, break_contact_on), 0, 6},
            {"cover_step_from", offsetof(AutomaRules, cover_step_from), 1, 7},
            {"cover_art_divisor", offsetof(AutomaRules, cover_art_divisor), 1, 6},
            {"isolated_hexes", offsetof(AutomaRules, isolated_hexes), 1, 20},
            {"transfer_mp", offsetof(AutomaRules, transfer_mp), 1, 99},
            {"proximity_friend_hexes", offsetof(AutomaRules, proximity_friend_hexes), 0, 10},
            {"ford_clear_hexes", offsetof(AutomaRules, ford_clear_hexes), 0, 10},
            {"ford_loss_on", offsetof(AutomaRules, ford_loss_on), 0, 6},
            {"night_divisor", offsetof(AutomaRules, night_divisor), 1, 6},
        };
        lu_int_keys(doc, s, ru, keys, sizeof keys / sizeof *keys, d);
        if (ru->min_dice > ru->max_dice)
            diag_error(d, doc->file, s->line, "min_dice (%d) is above max_dice (%d)", ru->min_dice, ru->max_dice);
    }

    /* AI-PLAYER-ATTACK, AI-ENGAGEMENT: the corps' die modifiers (J.1) */
    s = ini_section(doc, "modifiers");
    if (!s)
        diag_error(d, doc->file, 0, "missing [modifiers] section (FORMATION = FULL REDUCED for every Automa formation)");
    else {
        bool seen[AUTOMA_MAX_FORMATIONS] = {false};
        for (int mi = 0; mi < s->nkeys; mi++) {
            IniKey *mk = &s->keys[mi];
            mk->used = true;
            int f = data_automa_formation(gd, mk->name), full, red;
            char extra[2];
            if (f < 0) {
                diag_error(d, doc->file, mk->line, "'%s' is not an Automa formation", mk->name);
                continue;
            }
            if (sscanf(mk->value, "%d %d %1s", &full, &red, extra) != 2 || full < 0 || red < 0 || full > 6 || red > 6) {
                diag_error(d, doc->file, mk->line, "%s: the value is FULL REDUCED, two modifiers from 0 to 6", mk->name);
                continue;
            }
            seen[f] = true;
            t->mod_full[f] = full;
            t->mod_reduced[f] = red;
        }
        for (int f = 0; f < a->nformations; f++)
            if (!seen[f])
                diag_error(d, doc->file, s->line, "[modifiers] has no line for %s", a->formations[f].id);
    }

    /* AI-NIGHT: the wings that march at night */
    s = ini_section(doc, "night");
    AutomaNight *nt = &a->night;
    if (!s)
        diag_error(d, doc->file, 0, "missing [night] section (marching_wing, left_wing, march_hexes)");
    else {
        const char *wkeys[2] = {"marching_wing", "left_wing"};
        int in_wing[AUTOMA_MAX_FORMATIONS] = {0};
        for (int w = 0; w < 2; w++) {
            const char *v;
            if (!ini_get_str(doc, s, wkeys[w], true, &v, d))
                continue;
            int line = ini_key(s, wkeys[w])->line;
            for (const char *p = v; (p = ini_next_token(p, tok, sizeof tok, NULL));) {
                int f = data_automa_formation(gd, tok);
                if (f < 0 || a->formations[f].counter >= 0) {
                    diag_error(d, doc->file, line, "%s: '%s' is not a corps of [track] markers", wkeys[w], tok);
                    continue;
                }
                if (in_wing[f]++)
                    diag_error(d, doc->file, line, "%s: %s is already in a wing", wkeys[w], tok);
                else if (nt->nwing[w] < AUTOMA_MAX_FORMATIONS)
                    nt->wing[w][nt->nwing[w]++] = f;
            }
        }
        for (int i = 0; i < t->nmarkers; i++)
            if (!in_wing[t->markers[i]])
                diag_error(d, doc->file, s->line, "[night]: %s is in neither wing", a->formations[t->markers[i]].id);
        ini_get_int(doc, s, "march_hexes", true, 1, 20, &nt->march_hexes, d);
    }
    int covered[101] = {0};
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *bs = &doc->sections[i];
        const char *id = listed_id(doc, bs, "band", t->nbands, BAND_MAX, "bands", d);
        if (!id)
            continue;
        RatingBand *rb = &t->bands[t->nbands++];
        snprintf(rb->id, sizeof rb->id, "%s", id);
        lu_name(doc, bs, rb->name, sizeof rb->name, d);
        ini_get_int(doc, bs, "from", true, 0, 100, &rb->from, d);
        ini_get_int(doc, bs, "to", true, 0, 100, &rb->to, d);
        const char *v;
        if (ini_get_str(doc, bs, "when", true, &v, d)) {
            if (strcmp(v, "at-once") == 0)
                rb->at_once = true;
            else if (strcmp(v, "end") != 0)
                diag_error(d, doc->file, ini_key(bs, "when")->line, "when: at-once or end, not '%s'", v);
        }
        for (int x = rb->from; x <= rb->to && x <= 100; x++)
            covered[x]++;
    }
    for (int x = t->vp_min; s && x <= t->vp_max && x <= 100; x++)
        if (covered[x] != 1) {
            diag_error(d, doc->file, 0, "the rating bands cover VP %d %d times; every slot %d-%d must be in one band", x,
                       covered[x], t->vp_min, t->vp_max);
            break;
        }
}

static void wheel_file(IniDoc *doc, void *arg)
{
    GameData *gd = ((LoadCtx *)arg)->gd;
    Diags *d = ((LoadCtx *)arg)->d;
    Wheel *w = &gd->automa.wheel;
    IniSection *s = ini_section(doc, "wheel");
    if (!s) {
        diag_error(d, doc->file, 0, "missing [wheel] section (area, slots, entry, arrivals, arrival_paragraph)");
        ini_mark_all_used(doc);
        return;
    }
    ini_get_int(doc, s, "area", true, 1, 999, &w->area, d);
    bool area_ok = false;
    for (int i = 0; i < gd->nareas; i++)
        area_ok |= gd->areas[i].number == w->area;
    if (ini_key(s, "area") && !area_ok)
        diag_error(d, doc->file, ini_key(s, "area")->line, "area: %03d is not an [area:...] of strategy-map.ini",
                   w->area);
    ini_get_int(doc, s, "slots", true, 2, WHEEL_MAX_SLOTS, &w->slots, d);
    ini_get_int(doc, s, "entry", true, 1, w->slots > 0 ? w->slots : 1, &w->entry, d);
    ini_get_int(doc, s, "arrivals", true, 1, gd->automa.track.nmarkers > 0 ? gd->automa.track.nmarkers : 1,
                &w->arrivals, d);
    ini_get_int(doc, s, "arrival_paragraph", true, 1, 999, &w->arrival_paragraph, d);
    if (ini_key(s, "arrival_paragraph"))
        w->line_arrival = ini_key(s, "arrival_paragraph")->line;
    for (int k = 1; k <= w->slots; k++) {
        char name[16];
        snprintf(name, sizeof name, "slot:%d", k);
        IniSection *ss = ini_section(doc, name);
        if (!ss) {
            diag_error(d, doc->file, 0, "missing [slot:%d]: the wheel has %d slots", k, w->slots);
            continue;
        }
        WheelSlot *ws = &w->slot[k];
        ini_get_int(doc, ss, "half", true, 1, 2, &ws->half, d);
        ini_get_int(doc, ss, "next", true, 1, w->slots, &ws->next, d);
        ini_get_int(doc, ss, "opposite", true, 1, w->slots, &ws->opposite, d);
        IniKey *t = ini_key(ss, "trigger"), *ta = ini_key(ss, "trigger.aggressive"), *tc = ini_key(ss, "trigger.cautious");
        if (t && (ta || tc))
            diag_error(d, doc->file, t->line, "give either trigger or trigger.aggressive and trigger.cautious");
        else if ((ta != NULL) != (tc != NULL))
            diag_error(d, doc->file, (ta ? ta : tc)->line, "trigger.aggressive and trigger.cautious go together");
        if (t) {
            ini_get_int(doc, ss, "trigger", true, 1, 999, &ws->trigger[0], d);
            ws->trigger[1] = ws->trigger[0];
            w->line_trigger[k] = t->line;
        } else if (ta && tc) {
            ini_get_int(doc, ss, "trigger.aggressive", true, 1, 999, &ws->trigger[ATT_AGGRESSIVE], d);
            ini_get_int(doc, ss, "trigger.cautious", true, 1, 999, &ws->trigger[ATT_CAUTIOUS], d);
            w->line_trigger[k] = ta->line;
        }
        if (k == w->entry && ws->trigger[0])
            diag_error(d, doc->file, w->line_trigger[k], "the entry slot %d may not have a trigger", k);
    }
    for (int i = 0; i < doc->nsections; i++) {
        const char *id = ini_section_id(&doc->sections[i], "slot");
        if (id && (atoi(id) < 1 || atoi(id) > w->slots)) {
            doc->sections[i].used = true;
            diag_error(d, doc->file, doc->sections[i].line, "[slot:%s] is not one of the wheel's %d slots", id, w->slots);
        }
    }
    /* next: one circle; opposite: symmetric, across the halves */
    bool visited[WHEEL_MAX_SLOTS + 1] = {false}, circle = true;
    int at = 1;
    for (int n = 0; n < w->slots && circle; n++) {
        circle = at >= 1 && at <= w->slots && !visited[at];
        if (circle) {
            visited[at] = true;
            at = w->slot[at].next;
        }
    }
    if (w->slots > 0 && (!circle || at != 1))
        diag_error(d, doc->file, s->line, "the slots' 'next' links must run once round all %d slots", w->slots);
    for (int j = 1; j <= w->slots; j++) {
        int o = w->slot[j].opposite;
        if (o < 1 || o > w->slots)
            continue;
        if (w->slot[o].opposite != j || w->slot[o].half == w->slot[j].half) {
            char name[16];
            snprintf(name, sizeof name, "slot:%d", j);
            IniSection *ss = ini_section(doc, name);
            diag_error(d, doc->file, ss ? ini_key(ss, "opposite")->line : 0,
                       "[slot:%d] opposite = %d, but [slot:%d] opposite = %d (opposites pair up across the halves)",
                       j, o, o, w->slot[o].opposite);
        }
    }
    s = ini_section(doc, "advance");
    if (!s)
        diag_error(d, doc->file, 0, "missing [advance] section (dice, add, target)");
    else {
        ini_get_int(doc, s, "dice", true, 1, 4, &w->advance_dice, d);
        ini_get_int(doc, s, "target", true, 1, 60, &w->advance_target, d);
        IniKey *ak = ini_key(s, "add");
        char tok[32];
        for (const char *p = ak ? ak->value : NULL; p && (p = ini_next_token(p, tok, sizeof tok, NULL));) {
            if (strcmp(tok, "markers") == 0)
                w->add_markers = true;
            else if (strcmp(tok, "turn") == 0)
                w->add_turn = true;
            else
                diag_error(d, doc->file, ak->line, "add: markers and/or turn, not '%s'", tok);
        }
        if (ak)
            ak->used = true;
    }
}

bool load_activation_track(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, track_file, &c);
}

bool load_wheel(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, wheel_file, &c);
}
