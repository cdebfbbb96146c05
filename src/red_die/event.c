/* The log: each event as a line naming its rule ID; a die names its
 * purpose ("RDC-FIRE-LOSS: die 4 (fire loss table) for the 1st Texas' ..."). */
#include "red_die/rd_internal.h"

static const char *const rules[RD_EV_KINDS] = {
#define RD_EV_RULE(name, rule) [RD_EV_##name] = rule,
    RD_EVENT_KINDS(RD_EV_RULE)
#undef RD_EV_RULE
};

static const char *const purpose_rules[RD_NPURPOSES] = {
#define RD_P_RULE(e, rule, words) [e] = rule,
    RD_PURPOSES(RD_P_RULE)
#undef RD_P_RULE
};

static const char *const purpose_words[RD_NPURPOSES] = {
#define RD_P_WORDS(e, rule, words) [e] = words,
    RD_PURPOSES(RD_P_WORDS)
#undef RD_P_WORDS
};

static const char *const action_words[RD_NACTIONS] = {
#define RD_A_WORD(e, w) [e] = w,
    RD_ACTIONS(RD_A_WORD)
#undef RD_A_WORD
};

const char *rd_purpose_rule(int p) { return p >= 0 && p < RD_NPURPOSES ? purpose_rules[p] : "RDC"; }
const char *rd_purpose_words(int p) { return p >= 0 && p < RD_NPURPOSES ? purpose_words[p] : "?"; }
const char *rd_action_word(int a) { return a >= 0 && a < RD_NACTIONS ? action_words[a] : "?"; }

const char *rd_event_rule(const RdEvent *e)
{
    if (e->kind == RD_EV_DIE)
        return rd_purpose_rule(e->value2);
    if (e->kind == RD_EV_SKEDADDLE && e->value)
        return "RDC-DISASTER"; /* Fearful */
    if (e->kind == RD_EV_CAP && e->value == 2)
        return "RDC-WOUNDS"; /* no room for a squad of the badly wounded */
    return e->kind >= 0 && e->kind < RD_EV_KINDS ? rules[e->kind] : "RDC";
}

const char *rd_side_name(int side)
{
    return side == RD_UNION ? "Union" : side == RD_CONFEDERATE ? "Confederates" : "nobody";
}

static const char *wound_word(int w) { return w == RD_LIGHT ? "lightly wounded" : w == RD_BAD ? "badly wounded" : "dead"; }

void rd_event_format(const RdGame *g, const RdEvent *e, char *buf, size_t n)
{
    char sq[64], ot[64], so[64], text[400];
    rd_squad_name(g, e->squad, sq, sizeof sq);
    rd_squad_name(g, e->other, ot, sizeof ot);
    rd_soldier_name(g, e->soldier, so, sizeof so);
    const char *side = rd_side_name(e->side);
    switch (e->kind) {
    case RD_EV_INITIATIVE:
        snprintf(text, sizeof text, "the initiative passes to the %s (pass %d)", side, e->value);
        break;
    case RD_EV_ACTIVATE:
        snprintf(text, sizeof text, "the %s player activates %s to %s, rolling %d dice",
                 e->side == RD_UNION ? "Union" : "Confederate", sq, rd_action_word(e->value), e->value2);
        break;
    case RD_EV_DIE:
        if (e->soldier >= 0)
            snprintf(text, sizeof text, "die %d (%s) for %s", e->value, rd_purpose_words(e->value2), so);
        else
            snprintf(text, sizeof text, "die %d (%s) for %s", e->value, rd_purpose_words(e->value2), sq);
        break;
    case RD_EV_CAP:
        if (e->value == 0)
            snprintf(text, sizeof text, "the %s hold %d red dice, the most this program keeps: %d more not taken",
                     side, RD_MAX_RED, e->value2);
        else if (e->value == 1)
            snprintf(text, sizeof text, "%s's pool is cut to %d dice, the most this program rolls: %d dice neither rolled "
                     "nor counted", sq, RD_MAX_POOL, e->value2);
        else
            snprintf(text, sizeof text, "no room for another squad (%d, the most this program keeps): %s's badly "
                     "wounded go along", RD_MAX_GAME_SQUADS, sq);
        break;
    case RD_EV_DEFEND:
        snprintf(text, sizeof text, "the %s player's %s fires in defence at %s, rolling %d dice",
                 e->side == RD_UNION ? "Union" : "Confederate", sq, ot, e->value2);
        break;
    case RD_EV_ROLL: {
        int denied = e->other + e->col;
        char why[80] = "";
        if (denied > 0)
            snprintf(why, sizeof why, ", %d denied by %s%s%s: %d", denied,
                     e->other == 1 ? "a badly wounded man" : e->other > 1 ? "the badly wounded" : "",
                     e->other > 0 && e->col > 0 ? " and " : "", e->col > 0 ? "the leader's crisis" : "", e->value);
        snprintf(text, sizeof text, "%s: %d success%s%s, %d one%s", sq, e->value + denied,
                 e->value + denied == 1 ? "" : "es", why, e->value2, e->value2 == 1 ? "" : "s");
        break;
    }
    case RD_EV_FIASCO:
        snprintf(text, sizeof text, "fiasco: %s's action fails", sq);
        break;
    case RD_EV_DISASTER:
        if (e->value == 0)
            snprintf(text, sizeof text, "disaster: %s's action fails", sq);
        else
            snprintf(text, sizeof text, "disaster table %d for %s: %s", e->value, sq,
                     RDR(g)->disaster.row[e->value - 1].text);
        break;
    case RD_EV_RED:
        snprintf(text, sizeof text, "the %s %s %d red %s: %d now", side, e->value2 > 0 ? "take" : "give back",
                 e->value2 > 0 ? e->value2 : -e->value2, (e->value2 == 1 || e->value2 == -1) ? "die" : "dice",
                 e->value);
        break;
    case RD_EV_SKEDADDLE:
        snprintf(text, sizeof text, "%s skedaddles", so);
        break;
    case RD_EV_HEROIC:
        if (e->other >= 0)
            snprintf(text, sizeof text, "%d soldiers split from %s as %s", e->value2, ot, sq);
        else
            snprintf(text, sizeof text, "heroic table %d for %s: %s", e->value, sq, RDR(g)->heroic.row[e->value - 1].text);
        break;
    case RD_EV_MOVE:
        if (e->value2 && e->value <= 0)
            snprintf(text, sizeof text, "%s stays at %d,%d (no distance allowed)", sq, e->col, e->row);
        else if (e->value2)
            snprintf(text, sizeof text, "%s stays at %d,%d (no nearer cell within %d cm)", sq, e->col, e->row,
                     e->value / 10);
        else
            snprintf(text, sizeof text, "%s's leader goes to %d,%d (%d cm allowed)", sq, e->col, e->row,
                     e->value / 10);
        break;
    case RD_EV_FIRE:
        snprintf(text, sizeof text, "%s fires at %s: %d success%s after modifiers, %d needed", sq, ot, e->value,
                 e->value == 1 ? "" : "es", e->value2);
        break;
    case RD_EV_NO_HIT:
        snprintf(text, sizeof text, "no hit on %s", ot);
        break;
    case RD_EV_HIT:
        snprintf(text, sizeof text, "%s is hit", so);
        break;
    case RD_EV_WOUND:
        snprintf(text, sizeof text, "%s is %s", so, wound_word(e->value));
        break;
    case RD_EV_LEADER:
        snprintf(text, sizeof text, "%s now leads %s", so, sq);
        break;
    case RD_EV_CONFUSED:
        snprintf(text, sizeof text, "%s is confused: not activated before pass %d", sq, e->value);
        break;
    case RD_EV_CRISIS:
        snprintf(text, sizeof text, "%s's leader is in crisis: %d successes fewer next time", sq, e->value);
        break;
    case RD_EV_RETREAT:
        snprintf(text, sizeof text, "%s falls back to %d,%d", sq, e->col, e->row);
        break;
    case RD_EV_ROUT:
        snprintf(text, sizeof text, "%s breaks: %s", sq, e->value ? "within reach of the enemy, it surrenders"
                                                                    : "it runs off the table");
        break;
    case RD_EV_RECOVER:
        snprintf(text, sizeof text, "%s recovers from his light wound", so);
        break;
    case RD_EV_ASSAULT:
        if (e->value)
            snprintf(text, sizeof text, "%s assaults %s: contact", sq, ot);
        else if (e->value2 < 0)
            snprintf(text, sizeof text, "%s assaults %s: no one left able to go on, no melee", sq, ot);
        else if (e->value2 == 0)
            snprintf(text, sizeof text, "%s assaults %s: no success left to move with, the assault does not start", sq,
                     ot);
        else
            snprintf(text, sizeof text, "%s assaults %s: too far with %d.%d cm of movement, no contact", sq, ot,
                     e->value2 / 10, e->value2 % 10);
        break;
    case RD_EV_BEHIND:
        snprintf(text, sizeof text, "%s comes %s", sq, e->value ? "from behind: no defensive fire" : "from the front");
        break;
    case RD_EV_MELEE:
        rd_soldier_name(g, e->other, ot, sizeof ot);
        snprintf(text, sizeof text, "%s (%d) against %s (%d)", so, e->value, ot, e->value2);
        break;
    case RD_EV_DEFENCELESS:
        snprintf(text, sizeof text, "%s cannot defend himself", so);
        break;
    case RD_EV_DEFEAT:
        snprintf(text, sizeof text, "%s is defeated, %d losses to %d", sq, e->value, e->value2);
        break;
    case RD_EV_FLEE:
        snprintf(text, sizeof text, "%s flees to %d,%d", sq, e->col, e->row);
        break;
    case RD_EV_SURRENDER:
        snprintf(text, sizeof text, "%s surrenders", sq);
        break;
    case RD_EV_PRISONER:
        snprintf(text, sizeof text, "%s is taken prisoner by the %s", so, rd_side_name(e->other));
        break;
    case RD_EV_ESCORT:
        snprintf(text, sizeof text, "%s escorts the prisoners to the rear", so);
        break;
    case RD_EV_RALLY:
        snprintf(text, sizeof text, "%s rallies: %d red %s removed", sq, e->value, e->value == 1 ? "die" : "dice");
        break;
    case RD_EV_RETURN:
        snprintf(text, sizeof text, "%s comes back to %s", so, sq);
        break;
    case RD_EV_LINE:
        snprintf(text, sizeof text, "%s %s", sq, e->value ? "deploys in line" : "breaks its line");
        break;
    case RD_EV_CARRIED: {
        char esc[64];
        rd_soldier_name(g, e->other, esc, sizeof esc);
        snprintf(text, sizeof text, "%s takes %s, badly wounded, to the rear: both leave the field", esc, so);
        break;
    }
    case RD_EV_LEAVE:
        if (e->value2 == 1)
            snprintf(text, sizeof text, "%s assaults without its %d badly wounded: they stay where they lie (%s)", ot,
                     e->value, sq);
        else
            snprintf(text, sizeof text, "%s leaves %d badly wounded on the spot (%s)", ot, e->value, sq);
        break;
    case RD_EV_END:
        snprintf(text, sizeof text, "the game ends: Union %d, Confederates %d points; %s", e->value, e->value2,
                 e->side == RD_DRAW ? "a draw" : e->side == RD_UNION ? "the Union wins" : "the Confederates win");
        break;
    default:
        snprintf(text, sizeof text, "?");
        break;
    }
    snprintf(buf, n, "%s: %s", rd_event_rule(e), text);
}
