/* Decisions as words, for `guv script`, saves and the log: the verb, then
 * each operand by its id in the data ("move i-corps deep-run", "swap
 * i-corps vi-corps", "loss trench", "done"). */
#include <ctype.h>

#include "perfect_plan/pp_internal.h"

const PpKindInfo pp_kinds[PP_D_KINDS] = {
#define PP_D_INFO(name, word, a, b) [PP_D_##name] = {word, PP_OP_##a, PP_OP_##b},
    PP_DECISION_KINDS(PP_D_INFO)
#undef PP_D_INFO
};

static const char *operand_word(const PpData *pd, int shape, int v)
{
    if (shape == PP_OP_LOSS && v == PP_TRENCH_LOSS)
        return "trench";
    if ((shape == PP_OP_COUNTER || shape == PP_OP_LOSS) && v >= 0 && v < pd->ncounters)
        return pd->counters[v].id;
    if (shape == PP_OP_AREA && v >= 0 && v < pd->nareas)
        return pd->areas[v].id;
    return "?";
}

void pp_decision_format(const PpData *pd, const PpDecision *d, char *buf, size_t n)
{
    if (d->kind < 0 || d->kind >= PP_D_KINDS) {
        snprintf(buf, n, "?");
        return;
    }
    const PpKindInfo *k = &pp_kinds[d->kind];
    if (k->a == PP_OP_NONE)
        snprintf(buf, n, "%s", k->verb);
    else if (k->b == PP_OP_NONE)
        snprintf(buf, n, "%s %s", k->verb, operand_word(pd, k->a, d->a));
    else
        snprintf(buf, n, "%s %s %s", k->verb, operand_word(pd, k->a, d->a), operand_word(pd, k->b, d->b));
}

static bool parse_operand(const PpData *pd, int shape, const char *w, int8_t *out, char *why, size_t n)
{
    int v = -1;
    if (shape == PP_OP_LOSS && strcmp(w, "trench") == 0)
        v = PP_TRENCH_LOSS;
    else if (shape == PP_OP_COUNTER || shape == PP_OP_LOSS) {
        v = pp_counter_index(pd, w);
        if (v < 0) {
            snprintf(why, n, "unknown counter '%s'", w);
            return false;
        }
    } else if (shape == PP_OP_AREA) {
        v = pp_area_index(pd, w);
        if (v < 0) {
            snprintf(why, n, "unknown area '%s'", w);
            return false;
        }
    }
    *out = (int8_t)v;
    return true;
}

bool pp_decision_parse(const PpData *pd, const char *text, PpDecision *d, char *why, size_t n)
{
    char words[4][64];
    int count = 0;
    const char *p = text;
    while (*p) {
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        if (count == 4) {
            snprintf(why, n, "too many words");
            return false;
        }
        size_t len = 0;
        while (p[len] && !isspace((unsigned char)p[len]))
            len++;
        if (len >= sizeof words[0]) {
            snprintf(why, n, "a word is too long");
            return false;
        }
        memcpy(words[count], p, len);
        words[count++][len] = '\0';
        p += len;
    }
    if (count == 0) {
        snprintf(why, n, "no decision");
        return false;
    }
    for (int k = 0; k < PP_D_KINDS; k++) {
        if (strcmp(words[0], pp_kinds[k].verb) != 0)
            continue;
        const PpKindInfo *ki = &pp_kinds[k];
        int want = 1 + (ki->a != PP_OP_NONE) + (ki->b != PP_OP_NONE);
        if (count != want) {
            snprintf(why, n, "'%s' takes %d word%s after it", ki->verb, want - 1, want == 2 ? "" : "s");
            return false;
        }
        PpDecision r = {(int8_t)k, -1, -1};
        if (ki->a != PP_OP_NONE && !parse_operand(pd, ki->a, words[1], &r.a, why, n))
            return false;
        if (ki->b != PP_OP_NONE && !parse_operand(pd, ki->b, words[2], &r.b, why, n))
            return false;
        *d = r;
        return true;
    }
    snprintf(why, n, "unknown verb '%s' (place standard recover move swap trench fight done bonus loss retreat "
             "leader)", words[0]);
    return false;
}
