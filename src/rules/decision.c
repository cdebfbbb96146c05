/* Decisions as words: the table of every kind (rules/decision_kinds.h),
 * and writing and reading a decision by its kind's shape. What a decision
 * does is in the file of its rule part; when it may be made, in legal.c. */
#include <stdio.h>
#include <string.h>

#include "rules/game_internal.h"

const DecisionKindInfo decision_kinds[D_COUNT] = {
#define X(kind, verb, shape, apply, answers) [kind] = {verb, shape, apply, answers},
    DECISION_KINDS(X)
#undef X
};

bool placement_decision(int kind) { return kind >= 0 && kind < D_COUNT && decision_kinds[kind].shape == SH_PLACEMENT; }

/* ---- writing ------------------------------------------------------------- */

void decision_format(const GameData *gd, const Decision *d, char *buf, size_t size)
{
    if (d->kind < 0 || d->kind >= D_COUNT) {
        snprintf(buf, size, "?");
        return;
    }
    const char *verb = decision_kinds[d->kind].verb;
    char hx[5], ul[1024];
    switch (decision_kinds[d->kind].shape) {
    case SH_WORD:
        snprintf(buf, size, "%s", verb);
        break;
    case SH_FORMATION:
        snprintf(buf, size, "%s %s", verb, d->arg >= 0 && d->arg < gd->nformations ? gd->formations[d->arg].id : "?");
        break;
    case SH_HEX:
        snprintf(buf, size, "%s %s", verb, hex_name(gd, d->arg, hx));
        break;
    case SH_UNIT:
        snprintf(buf, size, "%s %s", verb, unit_id_of(gd, d->arg));
        break;
    case SH_UNIT_HEX:
        snprintf(buf, size, "%s %s %s", verb, unit_id_of(gd, d->arg), hex_name(gd, d->arg2, hx));
        break;
    case SH_UNITS:
        unit_list(gd, d->units, d->nunits, ul, sizeof ul);
        snprintf(buf, size, "%s %s", verb, ul);
        break;
    case SH_UNITS_HEX:
        unit_list(gd, d->units, d->nunits, ul, sizeof ul);
        snprintf(buf, size, "%s %s %s", verb, ul, hex_name(gd, d->arg, hx));
        break;
    case SH_BOMBARD:
        unit_list(gd, d->units, d->nunits, ul, sizeof ul);
        snprintf(buf, size, "%s %s %s %s", verb, ul, hex_name(gd, d->arg, hx),
                 d->arg2 == TARGET_ARTILLERY ? "artillery" : "troops");
        break;
    case SH_BREAK:
        unit_list(gd, d->units, d->nunits, ul, sizeof ul);
        snprintf(buf, size, "%s %s%s%s", verb, hex_name(gd, d->arg, hx), d->nunits ? " " : "", ul);
        break;
    case SH_HIGHER: {
        size_t len = (size_t)snprintf(buf, size, "%s %s ", verb,
                                      d->arg >= 0 && d->arg < gd->ncommanders ? gd->commanders[d->arg].id : "?");
        for (int i = 0; i < d->nunits && len < size; i++)
            len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "+" : "",
                                    d->units[i] >= 0 && d->units[i] < gd->nformations ? gd->formations[d->units[i]].id
                                                                                      : "?");
        break;
    }
    case SH_COMBAT:
        combat_format(gd, d, buf, size);
        break;
    case SH_EVENTS:
        events_format(gd, d, buf, size);
        break;
    case SH_PLACEMENT:
        placement_format(gd, d, buf, size);
        break;
    case SH_PONTOON:
        pontoon_format(gd, d, buf, size);
        break;
    default:
        snprintf(buf, size, "?");
    }
}

void decision_log_text(const Game *g, const Decision *d, char *buf, size_t size)
{
    if (log_wants_text(&g->log))
        decision_format(g->gd, d, buf, size);
    else if (size > 0)
        buf[0] = '\0';
}

/* ---- reading ------------------------------------------------------------- */

static bool parse_hex_index(const GameData *gd, const char *tok, int *out)
{
    HexCoord h;
    if (!hex_parse(tok, &h) || !map_has(&gd->map, h))
        return false;
    *out = map_hex_index(&gd->map, h);
    return true;
}

/* "a+b+c" into units (data_unit_index); false on an unknown id or too many. */
static bool parse_units(const GameData *gd, char *list, short *units, int *n)
{
    char *save = NULL;
    for (char *t = strtok_r(list, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        int u = data_unit_index(gd, t);
        if (u < 0 || *n >= DEC_MAX_UNITS)
            return false;
        units[(*n)++] = (short)u;
    }
    return *n > 0;
}

bool decision_parse(const Game *g, const char *text, Decision *out)
{
    const GameData *gd = g->gd;
    char verb[32] = "", arg[1024] = "", arg2[1024] = "", arg3[16] = "", extra[8];
    int k = sscanf(text, "%31s %1023s %1023s %15s %7s", verb, arg, arg2, arg3, extra);
    *out = (Decision){.kind = -1, .side = g->st.to_move};
    int kind = -1;
    for (int i = 0; i < D_COUNT && kind < 0; i++)
        if (strcmp(verb, decision_kinds[i].verb) == 0)
            kind = i;
    if (k < 1 || kind < 0)
        return false;
    switch (decision_kinds[kind].shape) {
    case SH_COMBAT: {
        const char *rest = text;
        while (*rest == ' ' || *rest == '\t')
            rest++;
        rest += strlen(verb);
        return combat_parse(g, kind, rest, out);
    }
    case SH_EVENTS: {
        char *toks[4] = {arg, arg2, arg3, extra};
        if (k >= 5)
            return false; /* more words than any event decision takes */
        return events_parse(g, kind, toks, k - 1 < 4 ? k - 1 : 4, out);
    }
    case SH_PLACEMENT:
        return placement_parse(g, kind, arg, arg2, k - 1, out);
    case SH_PONTOON:
        return pontoon_parse(g, kind, arg, arg2, k, out);
    default:
        break;
    }
    out->kind = kind;
    switch (decision_kinds[kind].shape) {
    case SH_WORD:
        return k == 1;
    case SH_FORMATION:
        out->arg = data_formation_index(gd, arg);
        return k == 2 && out->arg >= 0;
    case SH_HEX:
        return k == 2 && parse_hex_index(gd, arg, &out->arg);
    case SH_UNIT:
        out->arg = k == 2 ? data_unit_index(gd, arg) : -1;
        return out->arg >= 0;
    case SH_UNIT_HEX:
        out->arg = data_unit_index(gd, arg);
        return k == 3 && out->arg >= 0 && parse_hex_index(gd, arg2, &out->arg2);
    case SH_UNITS:
        return k == 2 && parse_units(gd, arg, out->units, &out->nunits);
    case SH_UNITS_HEX:
        return k == 3 && parse_units(gd, arg, out->units, &out->nunits) && parse_hex_index(gd, arg2, &out->arg);
    case SH_BOMBARD:
        if (k != 4 || (strcmp(arg3, "troops") != 0 && strcmp(arg3, "artillery") != 0))
            return false;
        out->arg2 = strcmp(arg3, "artillery") == 0 ? TARGET_ARTILLERY : TARGET_TROOPS;
        return parse_units(gd, arg, out->units, &out->nunits) && parse_hex_index(gd, arg2, &out->arg);
    case SH_BREAK: /* the whole stack, or the units named */
        if (k == 3 && !parse_units(gd, arg2, out->units, &out->nunits))
            return false;
        return (k == 2 || k == 3) && parse_hex_index(gd, arg, &out->arg);
    case SH_HIGHER: {
        if (k != 3)
            return false;
        out->arg = data_commander_index(gd, arg);
        char *save = NULL;
        for (char *t = strtok_r(arg2, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
            int f = data_formation_index(gd, t);
            if (f < 0 || out->nunits >= DEC_MAX_UNITS)
                return false;
            out->units[out->nunits++] = (short)f;
        }
        return out->arg >= 0 && out->nunits > 0;
    }
    default:
        return false;
    }
}
