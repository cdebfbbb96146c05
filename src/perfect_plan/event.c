/* The log: each event as a line naming its rule ID. A side's moves and
 * set-up stay anonymous for the other side (APP-HIDDEN): "an ANV unit". */
#include "perfect_plan/pp_internal.h"

static const char *const rules[PP_EV_KINDS] = {
#define PP_EV_RULE(name, rule) [PP_EV_##name] = rule,
    PP_EVENT_KINDS(PP_EV_RULE)
#undef PP_EV_RULE
};

const char *pp_event_rule(int kind) { return kind >= 0 && kind < PP_EV_KINDS && rules[kind] ? rules[kind] : "APP"; }

static const char *side_name(const PpData *pd, int side)
{
    return side == PP_UNION || side == PP_CONFEDERATE ? pd->sides[side].shortname : "nobody";
}

static const char *area_name(const PpData *pd, int a)
{
    if (a == PP_ELIM)
        return "the eliminated units box";
    return a >= 0 && a < pd->nareas ? pd->areas[a].name : "?";
}

/* The counter's name, or "an ANV unit" when the viewer may not know it. */
static void who(const PpData *pd, int c, int viewer, char *buf, size_t n)
{
    if (c < 0 || c >= pd->ncounters)
        snprintf(buf, n, "?");
    else if (viewer >= 0 && viewer != pd->counters[c].side)
        snprintf(buf, n, "an %s unit", pd->sides[pd->counters[c].side].shortname);
    else
        snprintf(buf, n, "%s", pd->counters[c].name);
}

void pp_event_format(const PpData *pd, const PpEvent *e, int viewer, char *buf, size_t n)
{
    char w[64], w2[64], text[200];
    const char *side = side_name(pd, e->side), *to = area_name(pd, e->to), *from = area_name(pd, e->from);
    const char *name = e->counter >= 0 && e->counter < pd->ncounters ? pd->counters[e->counter].name : "?";
    switch (e->kind) {
    case PP_EV_TURN:
        snprintf(text, sizeof text, "turn %d of %d begins", e->value, pd->turns);
        break;
    case PP_EV_INITIATIVE:
        snprintf(text, sizeof text, "the %s has the initiative%s", side,
                 e->value == 1 ? " (turn 1)" : " (it controls the initiative area)");
        break;
    case PP_EV_PLACE:
        who(pd, e->counter, viewer, w, sizeof w);
        snprintf(text, sizeof text, "%s is set up in %s", w, to);
        break;
    case PP_EV_TRENCH_START:
        snprintf(text, sizeof text, "the %s starts with a trench in %s", side, to);
        break;
    case PP_EV_REINFORCE:
        snprintf(text, sizeof text, "%s arrives in %s", name, to);
        break;
    case PP_EV_POSTPONE:
        snprintf(text, sizeof text, "the %s reinforcements for %s wait: the area is the enemy's or full", side, to);
        break;
    case PP_EV_RECOVERY:
        snprintf(text, sizeof text, "the %s recovers eliminated units", side);
        break;
    case PP_EV_RECOVER:
        who(pd, e->counter, viewer, w, sizeof w); /* face down: the enemy reads "an ANV unit" */
        snprintf(text, sizeof text, "%s comes back from the eliminated units box to %s", w, to);
        break;
    case PP_EV_IMPULSE:
        snprintf(text, sizeof text, "impulse %d: the %s may move %d unit%s", e->value, side, e->value2,
                 e->value2 == 1 ? "" : "s");
        break;
    case PP_EV_MOVE:
        who(pd, e->counter, viewer, w, sizeof w);
        snprintf(text, sizeof text, "%s moves from %s to %s", w, from, to);
        break;
    case PP_EV_SWAP:
        who(pd, e->counter, viewer, w, sizeof w);
        who(pd, e->value, viewer, w2, sizeof w2);
        snprintf(text, sizeof text, "%s (%s) and %s (%s) change places", w, from, w2, to);
        break;
    case PP_EV_TRENCH:
        snprintf(text, sizeof text, "the %s digs a trench in %s (%d left)", side, to, e->value);
        break;
    case PP_EV_TRENCH_GONE:
        snprintf(text, sizeof text, "the %s trench in %s is left alone and removed", side, to);
        break;
    case PP_EV_DONE:
        snprintf(text, sizeof text, "the %s ends its part of the impulse", side);
        break;
    case PP_EV_COMBAT:
        snprintf(text, sizeof text, "combat in %s%s", to, e->value2 ? " during the impulse, for two unit moves" : "");
        break;
    case PP_EV_REVEAL:
        snprintf(text, sizeof text, "%s (%s) is turned face up", name, side);
        break;
    case PP_EV_DIE:
        if (e->value2 != e->value)
            snprintf(text, sizeof text, "%s rolls %d, %d with its leader", name, e->value, e->value2);
        else
            snprintf(text, sizeof text, "%s rolls %d", name, e->value);
        break;
    case PP_EV_BONUS:
        snprintf(text, sizeof text, "Hooker's +1 goes to %s: %d", name, e->value);
        break;
    case PP_EV_HITS:
        snprintf(text, sizeof text, "the %s scores %d hit%s", side, e->value, e->value == 1 ? "" : "s");
        break;
    case PP_EV_LOSS:
        if (e->counter == PP_TRENCH_LOSS)
            snprintf(text, sizeof text, "the %s trench in %s takes a hit and is removed from the game", side, from);
        else
            snprintf(text, sizeof text, "%s (%s) is eliminated", name, side);
        break;
    case PP_EV_TIE:
        snprintf(text, sizeof text, "equal hits in %s: round %d", to, e->value);
        break;
    case PP_EV_WIN:
        if (e->side < 0 && e->value == 0) /* no round was fought: only leaders met (APP-LEADERS-ONLY) */
            snprintf(text, sizeof text, "only leaders met in %s: each has gone to his army, no fight", to);
        else if (e->side < 0)
            snprintf(text, sizeof text, "the fight in %s ends with no unit left on either side", to);
        else
            snprintf(text, sizeof text, "the %s wins the fight in %s", side, to);
        break;
    case PP_EV_RETREAT:
        snprintf(text, sizeof text, "%s retreats from %s to %s", name, from, to);
        break;
    case PP_EV_NO_RETREAT:
        snprintf(text, sizeof text, "%s cannot retreat from %s and is eliminated", name, from);
        break;
    case PP_EV_LEADERS_ONLY:
        snprintf(text, sizeof text, "only leaders in %s: no fight", to);
        break;
    case PP_EV_LEADER_MOVE:
        if (e->to < 0)
            snprintf(text, sizeof text, "%s has no unit of his army to join and is eliminated", name);
        else
            snprintf(text, sizeof text, "%s joins his army in %s", name, to);
        break;
    case PP_EV_CONTROL:
        snprintf(text, sizeof text, "%s is now under %s control", to, side);
        break;
    case PP_EV_COMBAT_PHASE:
        snprintf(text, sizeof text, "movement over: the fights are resolved, the %s choosing their order", side);
        break;
    case PP_EV_END:
        if (e->side == PP_TIE)
            snprintf(text, sizeof text, "the game ends in a tie: the victory areas are split");
        else
            snprintf(text, sizeof text, "the %s wins: it controls every victory area", side);
        break;
    default:
        snprintf(text, sizeof text, "?");
    }
    snprintf(buf, n, "%s: %s", pp_event_rule(e->kind), text);
}
