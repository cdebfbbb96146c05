/* Where the units stand: the one function that changes a unit's place, and
 * the index it keeps of what stands in each hex, so that "is there an
 * enemy in this hex?" is a lookup and not a walk over every unit; and who
 * may see what is in a hex (VISIBILITY). */
#include <stdint.h>
#include <string.h>

#include "rules/game_internal.h"
#include "rules/variant.h"

/* The neighbours of hex in contact with it across their hexside, as
 * move_contact_map asks it (from the neighbour): their near count for side
 * moved by delta. */
static void near_mark(const GameData *gd, GameState *st, int hex, int side, int delta)
{
    const Map *m = &gd->map;
    if (hex >= m->cols * m->rows)
        return;
    for (int d = 0; d < DIR_COUNT; d++) {
        int ti = m->hexes[hex].nb[d];
        if (ti < 0)
            continue;
        const Hexside *hs = &m->hexes[ti].side[hex_dir_opposite(d)];
        if (hs->kind < 0 || gd->hexside_kinds[hs->kind].contact_across)
            st->near[side][ti] = (unsigned char)(st->near[side][ti] + delta);
    }
}

static void count(const GameData *gd, GameState *st, int hex, int side, int delta)
{
    if (hex >= 0 && hex < GS_MAX_HEXES && side >= 0 && side < SIDE_COUNT) {
        bool was = st->occupants[side][hex] > 0;
        st->occupants[side][hex] = (unsigned char)(st->occupants[side][hex] + delta);
        if (was != (st->occupants[side][hex] > 0))
            near_mark(gd, st, hex, side, was ? -1 : +1);
    }
}

/* The hex's list without u. */
static void unlink_unit(GameState *st, int hex, int u)
{
    short *link = &st->hex_first[hex];
    while (*link && *link != u + 1)
        link = &st->unit_next[*link - 1];
    if (*link) {
        *link = st->unit_next[u];
        st->unit_next[u] = 0;
    }
}

/* u into the hex's list, in index order (the order a walk over every unit
 * would meet them). */
static void link_unit(GameState *st, int hex, int u)
{
    short *link = &st->hex_first[hex];
    while (*link && *link - 1 < u)
        link = &st->unit_next[*link - 1];
    st->unit_next[u] = *link;
    *link = (short)(u + 1);
}

void unit_put(Game *g, int u, int where, int hex)
{
    GameState *st = &g->st;
    UnitState *us = &st->unit[u];
    int side = g->gd->units[u].side;
    if (us->where == AT_MAP && us->hex >= 0 && us->hex < GS_MAX_HEXES) {
        count(g->gd, st, us->hex, side, -1);
        unlink_unit(st, us->hex, u);
    }
    us->where = (unsigned char)where;
    us->hex = (short)(where == AT_MAP ? hex : -1);
    if (where == AT_MAP && us->hex >= 0 && us->hex < GS_MAX_HEXES) {
        count(g->gd, st, us->hex, side, +1);
        link_unit(st, us->hex, u);
    }
}

bool unit_lose_step(Game *g, int u)
{
    UnitState *us = &g->st.unit[u];
    if (us->steps > 0)
        us->steps--;
    if (us->steps > 0)
        return false;
    unit_put(g, u, AT_ELIMINATED, -1);
    return true;
}

void unit_absent(Game *g, int u)
{
    unit_reset(g, u, (UnitState){.hex = -1, .where = AT_ABSENT, .steps = 0, .flags = 0, .exited_from = -1});
}

int hex_units(const Game *g, int hex, short *out, int max)
{
    int n = 0;
    if (hex < 0 || hex >= GS_MAX_HEXES)
        return 0;
    for (int k = g->st.hex_first[hex]; k; k = g->st.unit_next[k - 1]) {
        if (n < max)
            out[n] = (short)(k - 1);
        n++;
    }
    return n;
}

int unit_next_flagged(const GameState *st, int u, unsigned flags)
{
    const UnitState *us = st->unit;
    int n = st->nunits;
    while (u + 16 <= n && !((us[u].flags | us[u + 1].flags | us[u + 2].flags | us[u + 3].flags | us[u + 4].flags |
                             us[u + 5].flags | us[u + 6].flags | us[u + 7].flags | us[u + 8].flags | us[u + 9].flags |
                             us[u + 10].flags | us[u + 11].flags | us[u + 12].flags | us[u + 13].flags |
                             us[u + 14].flags | us[u + 15].flags) &
                            flags))
        u += 16; /* sixteen at a time, then eight, then one by one */
    if (u + 8 <= n && !((us[u].flags | us[u + 1].flags | us[u + 2].flags | us[u + 3].flags | us[u + 4].flags |
                         us[u + 5].flags | us[u + 6].flags | us[u + 7].flags) &
                        flags))
        u += 8;
    while (u < n && !(us[u].flags & flags))
        u++;
    return u;
}

static inline uint64_t load8(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

int bytes_next_set(const unsigned char *b, int i, int end)
{
    for (; i + 64 <= end; i += 64) /* 64 at a time while all are 0 */
        if (load8(b + i) | load8(b + i + 8) | load8(b + i + 16) | load8(b + i + 24) | load8(b + i + 32) |
            load8(b + i + 40) | load8(b + i + 48) | load8(b + i + 56))
            break;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= end; i += 8) { /* then 8: the lowest byte not 0 is the first */
        uint64_t w = load8(b + i);
        if (w)
            return i + __builtin_ctzll(w) / 8;
    }
#endif
    while (i < end && !b[i])
        i++;
    return i;
}

void unit_reset(Game *g, int u, UnitState s)
{
    int where = s.where, hex = s.hex;
    s.where = g->st.unit[u].where; /* the old place, for unit_put to take off the index */
    s.hex = g->st.unit[u].hex;
    g->st.unit[u] = s;
    unit_put(g, u, where, hex);
}

static void count_all(const Game *g, unsigned char fresh[SIDE_COUNT][GS_MAX_HEXES],
                      unsigned char near[SIDE_COUNT][GS_MAX_HEXES])
{
    const GameState *st = &g->st;
    memset(fresh, 0, sizeof(unsigned char[SIDE_COUNT][GS_MAX_HEXES]));
    for (int u = 0; u < st->nunits; u++)
        if (st->unit[u].where == AT_MAP && st->unit[u].hex >= 0 && st->unit[u].hex < GS_MAX_HEXES)
            fresh[g->gd->units[u].side][st->unit[u].hex]++;
    /* the contact counts from scratch, the way move_contact_map builds its map */
    const Map *m = &g->gd->map;
    memset(near, 0, sizeof(unsigned char[SIDE_COUNT][GS_MAX_HEXES]));
    for (int s = 0; s < SIDE_COUNT; s++)
        for (int h = 0; h < m->cols * m->rows && h < GS_MAX_HEXES; h++)
            if (fresh[s][h])
                for (int d = 0; d < DIR_COUNT; d++) {
                    int ti = m->hexes[h].nb[d];
                    if (ti >= 0 && hexside_in_contact(g->gd, map_hex_at(m, ti), hex_dir_opposite(d)))
                        near[s][ti]++;
                }
}

/* The lists as unit_put would have built them. */
static void list_all(const Game *g, short *first, short *next)
{
    const GameState *st = &g->st;
    memset(first, 0, GS_MAX_HEXES * sizeof *first);
    memset(next, 0, GS_MAX_UNITS * sizeof *next);
    for (int u = st->nunits - 1; u >= 0; u--) /* from the last, so each list ends in index order */
        if (st->unit[u].where == AT_MAP && st->unit[u].hex >= 0 && st->unit[u].hex < GS_MAX_HEXES) {
            next[u] = first[st->unit[u].hex];
            first[st->unit[u].hex] = (short)(u + 1);
        }
}

bool game_index_ok(const Game *g)
{
    unsigned char fresh[SIDE_COUNT][GS_MAX_HEXES], near[SIDE_COUNT][GS_MAX_HEXES];
    short first[GS_MAX_HEXES], next[GS_MAX_UNITS];
    count_all(g, fresh, near);
    list_all(g, first, next);
    return memcmp(fresh, g->st.occupants, sizeof fresh) == 0 && memcmp(near, g->st.near, sizeof near) == 0 &&
           memcmp(first, g->st.hex_first, sizeof first) == 0 && memcmp(next, g->st.unit_next, sizeof next) == 0;
}

int game_enemy_map(const Game *g, int side, unsigned char *enemy, short *hexes)
{
    int n = 0;
    memset(enemy, 0, (size_t)(g->gd->map.cols * g->gd->map.rows));
    for (int i = 0; i < g->st.nunits; i++)
        if (g->st.unit[i].where == AT_MAP && g->gd->units[i].side != side && !enemy[g->st.unit[i].hex]) {
            enemy[g->st.unit[i].hex] = 1;
            if (hexes)
                hexes[n] = g->st.unit[i].hex;
            n++;
        }
    return n;
}

int hexes_nearest(const Map *m, int hex, const short *hexes, int n, int bound)
{
    HexCoord c = map_hex_at(m, hex);
    HexCube cc = hex_cube(c);
    int best = bound;
    for (int k = 0; k < n; k++) {
        HexCoord e = map_hex_at(m, hexes[k]);
        if (abs(e.col - c.col) >= best)
            continue; /* a hex distance is at least the columns between: no nearer */
        int d = hex_cube_distance(cc, hex_cube(e));
        if (d < best)
            best = d;
    }
    return best;
}

int side_hexes(const Game *g, int side, short *out)
{
    /* a bit a hex, read back in index order: each hex once, sorted */
    enum { WORDS = (GS_MAX_HEXES + 63) / 64 };
    uint64_t held[WORDS] = {0};
    int last = -1; /* the last word with a bit set */
    for (int u = 0; u < g->st.nunits; u++) {
        int h = g->st.unit[u].hex;
        if (g->st.unit[u].where != AT_MAP || g->gd->units[u].side != side || h < 0 || h >= GS_MAX_HEXES)
            continue;
        held[h / 64] |= UINT64_C(1) << (h % 64);
        if (h / 64 > last)
            last = h / 64;
    }
    int n = 0;
    for (int w = 0; w <= last; w++)
        for (uint64_t bits = held[w]; bits; bits &= bits - 1)
            out[n++] = (short)(w * 64 + __builtin_ctzll(bits));
    return n;
}

bool hex_has_side(const Game *g, int hex, int side)
{
    return hex >= 0 && hex < GS_MAX_HEXES && side >= 0 && side < SIDE_COUNT && g->st.occupants[side][hex] > 0;
}

bool is_artillery(const UnitDef *u) { return u->type == UT_ARTILLERY || u->type == UT_HORSE_ARTILLERY; }

bool is_skirmisher(const Game *g, int u) { return g->gd->units[u].type == UT_SKIRMISHER; }

const char *unit_id_of(const GameData *gd, int u) { return u >= 0 && u < gd->nunits ? gd->units[u].id : "?"; }

const char *hex_name(const GameData *gd, int hex, char out[5])
{
    if (hex >= 0 && hex < gd->map.cols * gd->map.rows)
        hex_format(map_hex_at(&gd->map, hex), out);
    else
        memcpy(out, "????", 5);
    return out;
}

const char *unit_list_refusal(const Game *g, const short *units, int n)
{
    for (int i = 0; i < n; i++) {
        if (units[i] < 0 || units[i] >= g->st.nunits)
            return "no such unit";
        for (int j = 0; j < i; j++)
            if (units[j] == units[i])
                return "a unit is named twice";
    }
    return NULL;
}

/* In the solitaire game the player moves every Union counter at the table
 * and sees them all; hidden stacks are an option (hidden-automa). */
bool system_in_sight(const Game *g, int viewer)
{
    return g->variant && viewer != g->variant->side && !(g->st.options & g->variant->hidden_option);
}

bool game_can_inspect(const Game *g, int viewer, int hex)
{
    if (system_in_sight(g, viewer))
        return true;
    bool enemy = false;
    if (hex >= 0 && hex < GS_MAX_HEXES)
        for (int k = g->st.hex_first[hex]; k && !enemy; k = g->st.unit_next[k - 1]) { /* the hex's units (the index) */
            int i = k - 1;
            enemy = i < g->st.nunits && g->gd->units[i].side != viewer;
        }
    return !enemy || next_to_side(g, hex, viewer);
}

bool hex_has_real(const Game *g, int hex, int side)
{
    if (!hex_has_side(g, hex, side))
        return false;
    for (int k = g->st.hex_first[hex]; k; k = g->st.unit_next[k - 1]) { /* the hex's units (the index) */
        int i = k - 1;
        if (g->gd->units[i].side == side && !is_skirmisher(g, i) && !is_dummy(g, i))
            return true;
    }
    return false;
}

int units_in_hex(const Game *g, int hex, int side, int type /* -1 any */, short *out, int max)
{
    int n = 0;
    if (!hex_has_side(g, hex, side))
        return 0; /* the index says at once that no such unit stands there */
    for (int k = g->st.hex_first[hex]; k; k = g->st.unit_next[k - 1]) { /* the hex's units, in index order */
        int i = k - 1;
        const UnitDef *ud = &g->gd->units[i];
        if (ud->side != side)
            continue;
        if (type >= 0 && ud->type == UT_DUMMY)
            continue; /* a dummy is never a target (DUMMIES) */
        if (type == TARGET_TROOPS && is_artillery(ud))
            continue;
        if (type == TARGET_ARTILLERY && !is_artillery(ud))
            continue;
        if (n < max)
            out[n] = (short)i;
        n++;
    }
    return n;
}
