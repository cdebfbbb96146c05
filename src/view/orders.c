/* Orders given on the map (orders.h). */
#include "view/orders.h"

#include <string.h>

static int cells(const Game *g) { return g->gd->map.cols * g->gd->map.rows; }

static int unit_hex(const Game *g, int u)
{
    if (u < 0 || u >= g->st.nunits || g->st.unit[u].where != AT_MAP)
        return -1;
    return g->st.unit[u].hex;
}

static bool valid_hex(const Game *g, int h) { return h >= 0 && h < cells(g); }

/* The units a decision moves or fights with; the count. */
static int acting_units(const Decision *d, short *units)
{
    switch (d->kind) {
    case D_MOVE:
    case D_ATTACK:
    case D_BOMBARD:
    case D_ADVANCE:
    case D_EXIT:
        memcpy(units, d->units, (size_t)d->nunits * sizeof *units);
        return d->nunits;
    case D_SKIRMISH:
    case D_DISPLACE:
        units[0] = (short)d->arg;
        return 1;
    default:
        return 0;
    }
}

int order_source(const Game *g, const Decision *d)
{
    short units[DEC_MAX_UNITS];
    int n = acting_units(d, units);
    return n > 0 ? unit_hex(g, units[0]) : -1;
}

int order_targets(const Game *g, const Decision *d, short *hexes, int max)
{
    int n = 0;
#define ADD(h)                                                                                                         \
    do {                                                                                                               \
        if (valid_hex(g, (h)) && n < max)                                                                              \
            hexes[n++] = (short)(h);                                                                                   \
    } while (0)
    switch (d->kind) {
    case D_ATTACK:
        for (int i = 0; i < d->nhexes; i++)
            ADD(d->hexes[i]);
        break;
    case D_MOVE:
    case D_BOMBARD:
    case D_PLACE:
    case D_RETREAT:
    case D_BREAK:
    case D_ENTRENCH:
    case D_TRADE:
    case D_SKIRM_DEFEND:
    case D_DUMMY:
    case D_DETACH:
    case D_ADVANCE:
        ADD(d->arg);
        break;
    case D_SKIRMISH:
    case D_DISPLACE:
        ADD(d->arg2);
        break;
    case D_DEPLOY:
    case D_EVENT:
    case D_BUILD:
    case D_TAKE_UP:
    case D_DESTROY:
    case D_CAPTURE:
        ADD(d->hex);
        break;
    case D_TAKE:
    case D_RECOVER:
    case D_ELIMINATE:
    case D_LOSE:
    case D_SIX_HIT:
    case D_ATTACH:
    case D_REMOVE_DUMMY:
        ADD(unit_hex(g, d->arg));
        break;
    default:
        break;
    }
#undef ADD
    return n;
}

static bool has_unit(const short *units, int n, int u)
{
    for (int i = 0; i < n; i++)
        if (units[i] == u)
            return true;
    return false;
}

bool order_for(const Game *g, const Decision *d, const OrderSel *s)
{
    if (s->hex < 0 || s->nunits == 0)
        return false;
    short units[DEC_MAX_UNITS];
    int n = acting_units(d, units);
    if (n == 0)
        return false;
    int here = 0;
    for (int i = 0; i < n; i++) {
        if (unit_hex(g, units[i]) != s->hex) {
            if (d->kind == D_MOVE)
                return false; /* a move is one stack's */
            continue;
        }
        if (!has_unit(s->units, s->nunits, units[i]))
            return false;
        here++;
    }
    return here == s->nunits;
}

static int mark_of(const Decision *d)
{
    switch (d->kind) {
    case D_MOVE:
    case D_ADVANCE:
    case D_SKIRMISH:
    case D_DISPLACE:
    case D_RETREAT:
        return OM_MOVE;
    case D_ATTACK:
        return OM_ATTACK;
    case D_BOMBARD:
        return OM_BOMBARD;
    default:
        return OM_OTHER;
    }
}

void orders_marks(const Game *g, const Decision *legal, int n, const OrderSel *s, unsigned char *mark)
{
    memset(mark, OM_NONE, (size_t)cells(g));
    bool selected = s && s->hex >= 0;
    for (int i = 0; i < n; i++) {
        const Decision *d = &legal[i];
        int src = order_source(g, d);
        if (selected && !order_for(g, d, s))
            continue;
        if (!selected && src >= 0 && mark[src] == OM_NONE)
            mark[src] = OM_SOURCE;
        if (!selected && src >= 0 && d->kind != D_ATTACK && d->kind != D_BOMBARD)
            continue; /* where a stack may go shows once it is selected */
        short t[CB_MAX_HEXES + 1];
        int k = order_targets(g, d, t, CB_MAX_HEXES + 1);
        int m = mark_of(d);
        for (int j = 0; j < k; j++)
            if (mark[t[j]] == OM_NONE || (mark[t[j]] == OM_SOURCE && m != OM_OTHER) || m == OM_ATTACK)
                mark[t[j]] = (unsigned char)m;
    }
    if (selected)
        mark[s->hex] = OM_SOURCE;
}

int orders_at(const Game *g, const Decision *legal, int n, const OrderSel *s, int hex, int *idx, int max)
{
    int k = 0;
    bool selected = s && s->hex >= 0;
    for (int i = 0; i < n; i++) {
        if (selected && !order_for(g, &legal[i], s))
            continue;
        if (!selected && order_source(g, &legal[i]) >= 0 && legal[i].kind != D_ATTACK && legal[i].kind != D_BOMBARD)
            continue; /* a unit's move or skirmisher waits for its stack to be selected */
        short t[CB_MAX_HEXES + 1];
        int nt = order_targets(g, &legal[i], t, CB_MAX_HEXES + 1);
        bool hit = false;
        for (int j = 0; j < nt; j++)
            hit |= t[j] == hex;
        if (!hit)
            continue;
        if (k < max)
            idx[k] = i;
        k++;
    }
    return k;
}

int orders_stack(const Game *g, const Decision *legal, int n, int hex, short *units, int max)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        short au[DEC_MAX_UNITS];
        int na = acting_units(&legal[i], au);
        for (int j = 0; j < na; j++)
            if (unit_hex(g, au[j]) == hex && !has_unit(units, k, au[j]) && k < max)
                units[k++] = au[j];
    }
    return k;
}

bool orders_select(const Game *g, const Decision *legal, int n, int hex, OrderSel *s)
{
    memset(s, 0, sizeof *s);
    s->hex = -1;
    int best = -1;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == D_MOVE && order_source(g, &legal[i]) == hex &&
            (best < 0 || legal[i].nunits > legal[best].nunits))
            best = i;
    if (best >= 0) {
        s->hex = hex;
        s->nunits = legal[best].nunits;
        memcpy(s->units, legal[best].units, (size_t)s->nunits * sizeof *s->units);
        return true;
    }
    s->nunits = orders_stack(g, legal, n, hex, s->units, DEC_MAX_UNITS);
    if (s->nunits == 0)
        return false;
    s->hex = hex;
    return true;
}

void orders_toggle(OrderSel *s, int unit)
{
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i] == unit) {
            memmove(&s->units[i], &s->units[i + 1], (size_t)(s->nunits - i - 1) * sizeof *s->units);
            s->nunits--;
            return;
        }
    if (s->nunits < DEC_MAX_UNITS)
        s->units[s->nunits++] = (short)unit;
}
