/* config/perfect-plan/{map,counters,rules}.ini: A Perfect Plan's data
 * (APP-DATA). Read in that order (the counters and the rules name areas),
 * then checked across files: adjacency both ways, arrows only on adjacent
 * pairs a river separates, set-up areas that exist and can take the
 * starting units, and the box's counts adding up. Every error is file:line.
 * Uses only the INI reader and the diagnostics, not the base game's data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "data/inidoc.h"
#include "data/pp_data.h"

#define PP_SCREEN_COLS 80
#define PP_SCREEN_ROWS 24

typedef struct {
    PpData *pd;
    Diags *d;
    /* lines kept for the checks across sections and files */
    int adj_line[PP_MAX_AREAS];
    int area_line[PP_MAX_AREAS];
    int side_line[PP_SIDES];
    int setup_line[PP_SIDES];
    int counter_line[PP_MAX_COUNTERS];
    int components_line, areas_count_line;
    int areas_expected;
    bool map_ok;
} PpCtx;

const char *pp_side_word(int side) { return side == PP_UNION ? "union" : side == PP_CONFEDERATE ? "confederate" : "?"; }

static int side_parse(const char *v)
{
    return strcmp(v, "union") == 0 ? PP_UNION : strcmp(v, "confederate") == 0 ? PP_CONFEDERATE : -1;
}

int pp_area_index(const PpData *pd, const char *id)
{
    for (int i = 0; i < pd->nareas; i++)
        if (strcmp(pd->areas[i].id, id) == 0)
            return i;
    return -1;
}

int pp_counter_index(const PpData *pd, const char *id)
{
    for (int i = 0; i < pd->ncounters; i++)
        if (strcmp(pd->counters[i].id, id) == 0)
            return i;
    return -1;
}

static int adj_slot(const PpArea *a, int b)
{
    for (int i = 0; i < a->nadj; i++)
        if (a->adj[i] == b)
            return i;
    return -1;
}

/* How a and b are joined, from the lists (while loading). */
static int list_join(const PpData *pd, int a, int b)
{
    int i = adj_slot(&pd->areas[a], b);
    return i < 0 ? -1 : pd->areas[a].join[i];
}

int pp_join(const PpData *pd, int a, int b)
{
    if (a < 0 || a >= pd->nareas || b < 0 || b >= pd->nareas)
        return -1;
    return pd->joins[a][b];
}

static void get_text(IniDoc *doc, IniSection *s, const char *key, char *dst, size_t n, Diags *d)
{
    const char *v;
    if (ini_get_str(doc, s, key, true, &v, d))
        ini_copy(doc, ini_key(s, key)->line, dst, n, v, key, d);
}

static int get_side(IniDoc *doc, IniSection *s, const char *key, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, key, true, &v, d))
        return -1;
    int side = side_parse(v);
    if (side < 0)
        diag_error(d, doc->file, ini_key(s, key)->line, "%s: 'union' or 'confederate', not '%s'", key, v);
    return side;
}

/* An area id token at line; -1 with an error when unknown. */
static int area_token(IniDoc *doc, int line, const PpData *pd, const char *key, const char *tok, Diags *d)
{
    int a = pp_area_index(pd, tok);
    if (a < 0)
        diag_error(d, doc->file, line, "%s: unknown area '%s' (see the [area:...] sections of map.ini)", key, tok);
    return a;
}

/* A key holding area ids: at most max of them into out; returns how many. */
static int area_list(IniDoc *doc, IniSection *s, const char *key, const PpData *pd, int *out, int max, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, key, true, &v, d))
        return 0;
    int line = ini_key(s, key)->line, n = 0;
    char tok[64];
    const char *p = v;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        int a = area_token(doc, line, pd, key, tok, d);
        if (a < 0)
            continue;
        bool dup = false;
        for (int i = 0; i < n; i++)
            dup |= out[i] == a;
        if (dup)
            diag_error(d, doc->file, line, "%s: '%s' is given twice", key, tok);
        else if (n == max)
            diag_error(d, doc->file, line, "%s: at most %d areas", key, max);
        else
            out[n++] = a;
    }
    return n;
}

/* ---- map.ini ---------------------------------------------------------- */

static void read_area_names(IniDoc *doc, PpCtx *c)
{
    PpData *pd = c->pd;
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id = ini_section_id(s, "area");
        if (!id)
            continue;
        s->used = true;
        if (!ini_valid_id(id) || strlen(id) >= PP_ID_LEN) {
            diag_error(c->d, doc->file, s->line, "'%s' is not a valid area id: lower-case letters, digits and '-', "
                       "at most %d characters", id, PP_ID_LEN - 1);
            continue;
        }
        if (pd->nareas == PP_MAX_AREAS) {
            diag_error(c->d, doc->file, s->line, "too many areas (at most %d)", PP_MAX_AREAS);
            continue;
        }
        PpArea *a = &pd->areas[pd->nareas];
        memset(a, 0, sizeof *a);
        strcpy(a->id, id);
        for (int side = 0; side < PP_SIDES; side++)
            a->setup_min[side] = 0, a->setup_max[side] = -1;
        c->area_line[pd->nareas++] = s->line;
    }
}

static void read_label(IniDoc *doc, IniSection *s, PpArea *a, Diags *d)
{
    const char *v;
    a->col = a->row = -1;
    if (!ini_get_str(doc, s, "label", true, &v, d))
        return;
    int line = ini_key(s, "label")->line, col, row, used = 0;
    if (sscanf(v, "%d,%d%n", &col, &row, &used) != 2 || v[used] != '\0') {
        diag_error(d, doc->file, line, "label: COLUMN,ROW (like 33,11), not '%s'", v);
        return;
    }
    int width = (int)strlen(a->shortname) + 2;
    if (col < 0 || row < 0 || col + width > PP_SCREEN_COLS || row >= PP_SCREEN_ROWS) {
        diag_error(d, doc->file, line, "label: the box of '%s' (%d wide) at %d,%d does not fit an %dx%d screen",
                   a->shortname, width, col, row, PP_SCREEN_COLS, PP_SCREEN_ROWS);
        return;
    }
    a->col = col;
    a->row = row;
}

static void read_area(IniDoc *doc, IniSection *s, int ai, PpCtx *c)
{
    PpData *pd = c->pd;
    Diags *d = c->d;
    PpArea *a = &pd->areas[ai];
    get_text(doc, s, "name", a->name, sizeof a->name, d);
    get_text(doc, s, "short", a->shortname, sizeof a->shortname, d);
    read_label(doc, s, a, d);
    a->control = get_side(doc, s, "control", d);
    if (a->control < 0)
        a->control = PP_CONFEDERATE;
    a->nadj = area_list(doc, s, "adjacent", pd, a->adj, PP_MAX_ADJ, d);
    IniKey *k = ini_key(s, "adjacent");
    c->adj_line[ai] = k ? k->line : s->line;
    for (int i = 0; i < a->nadj; i++) {
        a->join[i] = PP_LAND;
        a->river[i] = -1;
        if (a->adj[i] == ai)
            diag_error(d, doc->file, c->adj_line[ai], "adjacent: area '%s' cannot border itself", a->id);
    }
}

/* One "A:B" pair of a river's list; false with an error when malformed. */
static bool river_pair(IniDoc *doc, int line, const PpData *pd, const char *key, const char *tok, int *x, int *y,
                       Diags *d)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", tok);
    char *colon = strchr(buf, ':');
    if (!colon) {
        diag_error(d, doc->file, line, "%s: '%s' should be AREA:AREA", key, tok);
        return false;
    }
    *colon = '\0';
    *x = area_token(doc, line, pd, key, buf, d);
    *y = area_token(doc, line, pd, key, colon + 1, d);
    if (*x < 0 || *y < 0)
        return false;
    if (adj_slot(&pd->areas[*x], *y) < 0 || adj_slot(&pd->areas[*y], *x) < 0) {
        diag_error(d, doc->file, line, "%s: '%s' and '%s' are not adjacent", key, buf, colon + 1);
        return false;
    }
    return true;
}

static void set_join(PpData *pd, int x, int y, int join, int river)
{
    int i = adj_slot(&pd->areas[x], y), j = adj_slot(&pd->areas[y], x);
    pd->areas[x].join[i] = pd->areas[y].join[j] = join;
    pd->areas[x].river[i] = pd->areas[y].river[j] = river;
}

static void read_river(IniDoc *doc, IniSection *s, const char *id, PpCtx *c)
{
    PpData *pd = c->pd;
    Diags *d = c->d;
    if (pd->nrivers == PP_MAX_RIVERS) {
        diag_error(d, doc->file, s->line, "too many rivers (at most %d)", PP_MAX_RIVERS);
        ini_mark_all_used(doc);
        return;
    }
    int r = pd->nrivers++;
    ini_copy(doc, s->line, pd->rivers[r].id, sizeof pd->rivers[r].id, id, "river id", d);
    get_text(doc, s, "name", pd->rivers[r].name, sizeof pd->rivers[r].name, d);
    static const char *const keys[2] = {"stretches", "arrows"};
    for (int pass = 0; pass < 2; pass++) {
        const char *v;
        if (!ini_get_str(doc, s, keys[pass], pass == 0, &v, d))
            continue;
        int line = ini_key(s, keys[pass])->line;
        char tok[64];
        const char *p = v;
        while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
            int x, y;
            if (!river_pair(doc, line, pd, keys[pass], tok, &x, &y, d))
                continue;
            int join = list_join(pd, x, y);
            int i = adj_slot(&pd->areas[x], y);
            if (pass == 0) {
                if (join != PP_LAND)
                    diag_error(d, doc->file, line, "stretches: '%s' is given twice (here or in another river)", tok);
                else
                    set_join(pd, x, y, PP_RIVER, r);
            } else if (join == PP_LAND || pd->areas[x].river[i] != r)
                diag_error(d, doc->file, line, "arrows: '%s' is not a stretch of this river (list it in 'stretches')",
                           tok);
            else if (join == PP_ARROW)
                diag_error(d, doc->file, line, "arrows: '%s' is given twice", tok);
            else
                set_join(pd, x, y, PP_ARROW, r);
        }
    }
}

static void check_adjacency(IniDoc *doc, PpCtx *c)
{
    PpData *pd = c->pd;
    for (int a = 0; a < pd->nareas; a++)
        for (int i = 0; i < pd->areas[a].nadj; i++) {
            int b = pd->areas[a].adj[i];
            if (adj_slot(&pd->areas[b], a) < 0)
                diag_error(c->d, doc->file, c->adj_line[a],
                           "adjacent: '%s' lists '%s', but '%s' does not list '%s' (adjacency goes both ways)",
                           pd->areas[a].id, pd->areas[b].id, pd->areas[b].id, pd->areas[a].id);
        }
    /* Two label boxes on one row must not overlap. */
    for (int a = 0; a < pd->nareas; a++)
        for (int b = a + 1; b < pd->nareas; b++) {
            const PpArea *x = &pd->areas[a], *y = &pd->areas[b];
            if (x->row < 0 || y->row < 0 || x->row != y->row)
                continue;
            int xe = x->col + (int)strlen(x->shortname) + 2, ye = y->col + (int)strlen(y->shortname) + 2;
            if (x->col < ye && y->col < xe)
                diag_error(c->d, doc->file, c->area_line[b], "label: the boxes of '%s' and '%s' overlap on row %d",
                           x->id, y->id, x->row);
        }
}

static void map_file(IniDoc *doc, PpCtx *c)
{
    read_area_names(doc, c);
    int ai = 0;
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id = ini_section_id(s, "area");
        if (!id || ai >= c->pd->nareas || strcmp(id, c->pd->areas[ai].id) != 0)
            continue;
        read_area(doc, s, ai++, c);
    }
    check_adjacency(doc, c);
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id = ini_section_id(s, "river");
        if (!id)
            continue;
        s->used = true;
        read_river(doc, s, id, c);
    }
    if (c->pd->nareas == 0)
        diag_error(c->d, doc->file, 0, "no [area:...] sections");
    for (int a = 0; a < PP_MAX_AREAS; a++)
        for (int b = 0; b < PP_MAX_AREAS; b++)
            c->pd->joins[a][b] = (int8_t)(a < c->pd->nareas && b < c->pd->nareas ? list_join(c->pd, a, b) : -1);
}

/* ---- rules.ini -------------------------------------------------------- */

static IniSection *need_section(IniDoc *doc, const char *name, Diags *d)
{
    IniSection *s = ini_section(doc, name);
    if (!s)
        diag_error(d, doc->file, 0, "missing section [%s]", name);
    return s;
}

static void rules_file(IniDoc *doc, PpCtx *c)
{
    PpData *pd = c->pd;
    Diags *d = c->d;
    IniSection *s;
    if ((s = need_section(doc, "components", d))) {
        ini_get_int(doc, s, "counters", true, 1, 200, &pd->components, d);
        ini_get_int(doc, s, "markers", true, 0, 20, &pd->markers, d);
        ini_get_int(doc, s, "areas", true, 1, PP_MAX_AREAS, &c->areas_expected, d);
        IniKey *k = ini_key(s, "counters");
        c->components_line = k ? k->line : s->line;
        k = ini_key(s, "areas");
        c->areas_count_line = k ? k->line : s->line;
    }
    if ((s = need_section(doc, "turns", d))) {
        ini_get_int(doc, s, "turns", true, 1, 50, &pd->turns, d);
        const char *v;
        if (ini_get_str(doc, s, "impulses", true, &v, d)) {
            int line = ini_key(s, "impulses")->line;
            char tok[16];
            const char *p = v;
            while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
                char *end;
                long n = strtol(tok, &end, 10);
                if (*end || n < 1 || n > 20)
                    diag_error(d, doc->file, line, "impulses: '%s' is not a number of units from 1 to 20", tok);
                else if (pd->nimpulses == PP_MAX_IMPULSES)
                    diag_error(d, doc->file, line, "impulses: at most %d impulses", PP_MAX_IMPULSES);
                else
                    pd->impulse_units[pd->nimpulses++] = (int)n;
            }
            if (pd->nimpulses == 0)
                diag_error(d, doc->file, line, "impulses: give the units of each impulse (like 3 4 3 2)");
        }
    }
    pd->initiative_area = -1;
    if ((s = need_section(doc, "initiative", d))) {
        pd->first_initiative = get_side(doc, s, "first", d);
        if (pd->first_initiative < 0)
            pd->first_initiative = PP_UNION;
        const char *v;
        if (ini_get_str(doc, s, "area", true, &v, d))
            pd->initiative_area = area_token(doc, ini_key(s, "area")->line, pd, "area", v, d);
    }
    if ((s = need_section(doc, "victory", d)))
        pd->nvictory = area_list(doc, s, "areas", pd, pd->victory_areas, PP_MAX_VICTORY, d);
    if ((s = need_section(doc, "stacking", d))) {
        ini_get_int(doc, s, "units", true, 1, 10, &pd->stack_units, d);
        ini_get_int(doc, s, "trenches", true, 0, 5, &pd->stack_trenches, d);
    }
    if ((s = need_section(doc, "movement", d))) {
        ini_get_int(doc, s, "trench_cost", true, 1, 20, &pd->trench_cost, d);
        ini_get_int(doc, s, "swap_cost", true, 1, 20, &pd->swap_cost, d);
        ini_get_int(doc, s, "combat_cost", true, 1, 20, &pd->combat_cost, d);
    }
    if ((s = need_section(doc, "combat", d))) {
        ini_get_int(doc, s, "formation_hit", true, 1, 6, &pd->formation_hit, d);
        ini_get_int(doc, s, "minor_hit", true, 1, 6, &pd->minor_hit, d);
        ini_get_bool(doc, s, "leader_bonuses_add", true, &pd->leader_bonuses_add, d);
    }
    if ((s = need_section(doc, "recovery", d))) {
        ini_get_int(doc, s, "from_turn", true, 1, 50, &pd->recovery_from_turn, d);
        ini_get_int(doc, s, "most", true, 0, 20, &pd->recovery_most, d);
        ini_get_int(doc, s, "per_area", true, 0, 10, &pd->recovery_per_area, d);
        ini_get_int(doc, s, "initiative_area_extra", true, 0, 10, &pd->recovery_initiative_extra, d);
    }
}

/* ---- counters.ini ----------------------------------------------------- */

static void read_setup(IniDoc *doc, IniSection *s, int side, PpCtx *c)
{
    PpData *pd = c->pd;
    Diags *d = c->d;
    const char *v;
    if (!ini_get_str(doc, s, "setup", true, &v, d))
        return;
    int line = c->setup_line[side] = ini_key(s, "setup")->line;
    char tok[64];
    const char *p = v;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        char *colon = strchr(tok, ':');
        int lo = 0, hi = -1, used = 0;
        if (colon) {
            *colon = '\0';
            const char *n = colon + 1;
            if (sscanf(n, "%d-%d%n", &lo, &hi, &used) == 2 && n[used] == '\0')
                ;
            else if (sscanf(n, "%d%n", &hi, &used) == 1 && n[used] == '\0')
                lo = 0;
            else
                hi = -1;
        }
        if (!colon || hi < 0 || lo < 0 || lo > hi || hi > 10) {
            diag_error(d, doc->file, line, "setup: '%s' should be AREA:MAX or AREA:MIN-MAX (0 to 10)", tok);
            continue;
        }
        int a = area_token(doc, line, pd, "setup", tok, d);
        if (a < 0)
            continue;
        if (pd->areas[a].setup_max[side] >= 0)
            diag_error(d, doc->file, line, "setup: area '%s' is given twice", tok);
        pd->areas[a].setup_min[side] = lo;
        pd->areas[a].setup_max[side] = hi;
    }
}

static void read_side(IniDoc *doc, IniSection *s, int side, PpCtx *c)
{
    PpData *pd = c->pd;
    Diags *d = c->d;
    PpSide *sd = &pd->sides[side];
    c->side_line[side] = s->line;
    get_text(doc, s, "name", sd->name, sizeof sd->name, d);
    get_text(doc, s, "short", sd->shortname, sizeof sd->shortname, d);
    ini_get_int(doc, s, "formations", true, 0, PP_MAX_COUNTERS, &sd->formations, d);
    ini_get_int(doc, s, "leaders", true, 0, PP_MAX_COUNTERS, &sd->leaders, d);
    ini_get_int(doc, s, "minor", true, 0, PP_MAX_COUNTERS, &sd->minor, d);
    ini_get_int(doc, s, "trenches", true, 0, 50, &sd->trenches, d);
    read_setup(doc, s, side, c);
    sd->nrecovery = area_list(doc, s, "recovery", pd, sd->recovery, PP_MAX_RECOVERY, d);
    if (ini_key(s, "trench_setup")) {
        int at[PP_MAX_AREAS];
        int n = area_list(doc, s, "trench_setup", pd, at, PP_MAX_AREAS, d);
        int line = ini_key(s, "trench_setup")->line;
        if (n > sd->trenches)
            diag_error(d, doc->file, line, "trench_setup: %d trenches placed, but the side has %d", n, sd->trenches);
        if (n > 0 && pd->stack_trenches < 1)
            diag_error(d, doc->file, line, "trench_setup: no trench may stand in an area (rules.ini [stacking])");
        for (int i = 0; i < n; i++)
            pd->areas[at[i]].trench_setup[side] = 1;
    }
}

static void read_counter(IniDoc *doc, IniSection *s, const char *id, PpCtx *c)
{
    PpData *pd = c->pd;
    Diags *d = c->d;
    if (pp_counter_index(pd, id) >= 0) { /* the reader reports the section's repeat */
        ini_mark_all_used(doc);
        return;
    }
    if (pd->ncounters == PP_MAX_COUNTERS) {
        diag_error(d, doc->file, s->line, "too many counters (at most %d)", PP_MAX_COUNTERS);
        ini_mark_all_used(doc);
        return;
    }
    int ci = pd->ncounters++;
    PpCounter *u = &pd->counters[ci];
    memset(u, 0, sizeof *u);
    c->counter_line[ci] = s->line;
    ini_copy(doc, s->line, u->id, sizeof u->id, id, "counter id", d);
    get_text(doc, s, "name", u->name, sizeof u->name, d);
    get_text(doc, s, "short", u->shortname, 7, d);
    u->side = get_side(doc, s, "side", d);
    if (u->side < 0)
        u->side = PP_UNION;
    const char *v;
    u->kind = PP_FORMATION;
    if (ini_get_str(doc, s, "kind", true, &v, d)) {
        if (strcmp(v, "formation") == 0)
            u->kind = PP_FORMATION;
        else if (strcmp(v, "leader") == 0)
            u->kind = PP_LEADER;
        else if (strcmp(v, "minor") == 0)
            u->kind = PP_MINOR;
        else
            diag_error(d, doc->file, ini_key(s, "kind")->line, "kind: formation, leader or minor, not '%s'", v);
    }
    u->setup = u->arrive_area = -1;
    IniKey *sk = ini_key(s, "setup"), *ak = ini_key(s, "arrives");
    if (!sk == !ak)
        diag_error(d, doc->file, s->line, "counter '%s' needs either 'setup' (a starting unit) or 'arrives' "
                   "(a reinforcement), not %s", id, sk ? "both" : "neither");
    if (sk) {
        sk->used = true;
        u->setup = area_token(doc, sk->line, pd, "setup", sk->value, d);
        if (u->setup >= 0 && pd->areas[u->setup].setup_max[u->side] < 0)
            diag_error(d, doc->file, sk->line, "setup: '%s' is not a set-up area of the %s side (counters.ini "
                       "[side:%s] setup)", sk->value, pp_side_word(u->side), pp_side_word(u->side));
    }
    if (ak) {
        ak->used = true;
        char area[64];
        int turn, used = 0;
        if (sscanf(ak->value, "%d %63s%n", &turn, area, &used) != 2 || ak->value[used] != '\0' || turn < 1 ||
            turn > pd->turns)
            diag_error(d, doc->file, ak->line, "arrives: 'TURN AREA' with a turn from 1 to %d, not '%s'", pd->turns,
                       ak->value);
        else {
            u->arrive_turn = turn;
            u->arrive_area = area_token(doc, ak->line, pd, "arrives", area, d);
        }
    }
    if (u->kind == PP_LEADER) {
        ini_get_int(doc, s, "bonus", true, 0, 6, &u->bonus, d);
        if (ini_get_str(doc, s, "bonus_to", true, &v, d)) {
            if (strcmp(v, "all") == 0 || strcmp(v, "one") == 0)
                u->bonus_to_all = strcmp(v, "all") == 0;
            else
                diag_error(d, doc->file, ini_key(s, "bonus_to")->line, "bonus_to: all or one, not '%s'", v);
        }
    } else
        for (int k = 0; k < 2; k++) {
            IniKey *bk = ini_key(s, k ? "bonus_to" : "bonus");
            if (bk)
                diag_error(d, doc->file, bk->line, "'%s' is for leaders only", bk->name);
        }
}

static void counters_file(IniDoc *doc, PpCtx *c)
{
    for (int side = 0; side < PP_SIDES; side++) {
        char name[32];
        snprintf(name, sizeof name, "side:%s", pp_side_word(side));
        IniSection *s = need_section(doc, name, c->d);
        if (s)
            read_side(doc, s, side, c);
    }
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id = ini_section_id(s, "counter");
        if (!id)
            continue;
        s->used = true;
        if (!ini_valid_id(id) || strlen(id) >= PP_ID_LEN) {
            diag_error(c->d, doc->file, s->line, "'%s' is not a valid counter id", id);
            ini_mark_all_used(doc);
            continue;
        }
        read_counter(doc, s, id, c);
    }
}

/* ---- across the files ------------------------------------------------- */

static void check_counts(PpCtx *c, const char *counters_file_name, const char *rules_file_name)
{
    PpData *pd = c->pd;
    Diags *d = c->d;
    int total = pd->markers;
    for (int side = 0; side < PP_SIDES; side++) {
        const PpSide *sd = &pd->sides[side];
        int n[3] = {0, 0, 0}, start = 0, placed[PP_MAX_AREAS] = {0};
        for (int i = 0; i < pd->ncounters; i++)
            if (pd->counters[i].side == side) {
                n[pd->counters[i].kind]++;
                if (pd->counters[i].setup >= 0)
                    start++, placed[pd->counters[i].setup]++;
            }
        static const char *const kinds[3] = {"formations", "leaders", "minor units"};
        const int want[3] = {sd->formations, sd->leaders, sd->minor};
        for (int k = 0; k < 3; k++)
            if (n[k] != want[k])
                diag_error(d, counters_file_name, c->side_line[side], "the %s side lists %d %s, but has %d [counter:...] "
                           "sections of that kind", pp_side_word(side), want[k], kinds[k], n[k]);
        total += n[0] + n[1] + n[2] + sd->trenches;
        int lo = 0, hi = 0;
        for (int a = 0; a < pd->nareas; a++) {
            const PpArea *ar = &pd->areas[a];
            if (ar->setup_max[side] < 0)
                continue;
            lo += ar->setup_min[side];
            hi += ar->setup_max[side];
            if (placed[a] < ar->setup_min[side] || placed[a] > ar->setup_max[side])
                diag_error(d, counters_file_name, c->setup_line[side],
                           "the standard set-up puts %d %s units in '%s', which takes %d to %d", placed[a],
                           pp_side_word(side), ar->id, ar->setup_min[side], ar->setup_max[side]);
            if (ar->setup_max[side] > pd->stack_units)
                diag_error(d, counters_file_name, c->setup_line[side], "setup: '%s' may take %d units, over the "
                           "stacking limit of %d", ar->id, ar->setup_max[side], pd->stack_units);
        }
        if (c->setup_line[side] && (start < lo || start > hi))
            diag_error(d, counters_file_name, c->setup_line[side], "the %s set-up areas take %d to %d units, but the "
                       "side starts with %d", pp_side_word(side), lo, hi, start);
        for (int i = 0; i < sd->nrecovery; i++)
            if (pd->areas[sd->recovery[i]].control != side)
                diag_error(d, counters_file_name, c->side_line[side], "recovery area '%s' starts under the enemy's "
                           "control", pd->areas[sd->recovery[i]].id);
    }
    if (total != pd->components)
        diag_error(d, rules_file_name, c->components_line, "the counters do not add up: both sides' units and "
                   "trenches and the %d markers make %d, not the box's %d", pd->markers, total, pd->components);
    if (c->areas_expected && pd->nareas != c->areas_expected)
        diag_error(d, rules_file_name, c->areas_count_line, "map.ini has %d areas, not %d", pd->nareas,
                   c->areas_expected);
}

bool pp_data_present(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/config/perfect-plan", dir);
    return access(path, F_OK) == 0;
}

bool pp_data_load(const char *dir, PpData *pd, Diags *d)
{
    memset(pd, 0, sizeof *pd);
    int before = d->count;
    PpCtx c;
    memset(&c, 0, sizeof c);
    c.pd = pd;
    c.d = d;
    static const char *const files[3] = {"config/perfect-plan/map.ini", "config/perfect-plan/rules.ini",
                                         "config/perfect-plan/counters.ini"};
    for (int f = 0; f < 3; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        IniDoc doc;
        int errors = d->count;
        if (ini_read_file(path, files[f], &doc, d)) {
            if (f == 0)
                map_file(&doc, &c);
            else if (f == 1)
                rules_file(&doc, &c);
            else
                counters_file(&doc, &c);
            ini_check_unused(&doc, d);
        }
        ini_free(&doc);
        if (f == 0 && d->count != errors) /* the other files name areas: a broken map would only add noise */
            return false;
    }
    check_counts(&c, files[2], files[1]);
    pd->fingerprint = DATA_FINGERPRINT_START; /* a save of another version is refused (pp_play.c) */
    for (int f = 0; f < 3; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        pd->fingerprint = data_fingerprint_file(pd->fingerprint, path);
    }
    return d->count == before;
}
