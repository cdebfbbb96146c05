/* The Red Die of Courage: RDC-MOVE ([3.1]: the leader's way measured by
 * geometry's rd_move_costs, the successes buying 10 cm each up to the 40 cm
 * cap, half speed for a unit in line or carrying wounded), RDC-COHESION
 * ([1.1]: where the soldiers stand after a move: re-formed around the
 * leader, each within rules.cohesion_mm of another, in line or in a cloud;
 * docs/rulings.md), the retreats the tables order (to the nearest cover,
 * toward the side's lines) and RDC-WOUNDS' badly wounded left on the spot. */
#include <stdlib.h>

#include "red_die/rd_internal.h"

bool rd_slow(const RdGame *g, int squad)
{
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && g->soldiers[i].wound != RD_UNHURT)
            return true;
    return false;
}

/* "He does not join to the Assault, Bayonets! and/or Charge!!! actions" (the badly wounded): they
 * stay behind (rd_stay_behind) and do not slow it; a lightly wounded man, up or down, goes along
 * (helped, as on any move; docs/rulings.md RDC-MOVE) at half speed. */
bool rd_slow_assault(const RdGame *g, int squad)
{
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE && g->soldiers[i].wound == RD_LIGHT)
            return true;
    return false;
}

bool rd_leader_stays_behind(const RdGame *g, int squad)
{
    int l = rd_leader(g, squad);
    return l >= 0 && g->soldiers[l].wound == RD_BAD;
}

/* The movement that many successes buy, the table's cap applied. */
static int bought_mm(const RdRules *r, int successes)
{
    if (successes <= 0)
        return 0;
    int level = successes < r->nlevels ? successes : r->nlevels, mm = 0;
    for (int l = level; l >= 1 && mm == 0; l--)
        mm = r->move_mm[l]; /* the levels above the table's last movement buy that movement */
    return mm > r->max_move_mm ? r->max_move_mm : mm;
}

int rd_allowance(const RdGame *g, int squad, int successes, bool line)
{
    int mm = bought_mm(RDR(g), successes);
    return line || rd_slow(g, squad) ? mm * RDR(g)->slow_percent / 100 : mm;
}

int rd_assault_allowance(const RdGame *g, int squad, int successes)
{
    int mm = bought_mm(RDR(g), successes);
    return rd_slow_assault(g, squad) ? mm * RDR(g)->slow_percent / 100 : mm;
}

static int leave_badly_wounded(RdGame *g, RdEvents *ev, int squad, int assault);

int rd_assault_goers(const RdGame *g, int squad, int *bad)
{
    int others = 0;
    *bad = 0;
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE)
            g->soldiers[i].wound == RD_BAD ? (*bad)++ : others++;
    return others;
}

bool rd_assault_splits(const RdGame *g, int squad)
{
    int bad, others = rd_assault_goers(g, squad, &bad);
    return bad > 0 && others > 0 && g->nsquads < RD_MAX_GAME_SQUADS; /* else the whole squad goes */
}

int rd_stay_behind(RdGame *g, RdEvents *ev, int squad)
{
    int bad, others = rd_assault_goers(g, squad, &bad);
    if (bad == 0 || others == 0)
        return -1; /* none to leave, or no one to go: the whole squad goes */
    if (g->nsquads >= RD_MAX_GAME_SQUADS) { /* the program's limit: said once, not hidden */
        if (!g->act.cap_said)
            rd_emit(ev, RD_EV_CAP, g->squads[squad].side, squad, -1, -1, -1, -1, 2, 0);
        g->act.cap_said = 1;
        return -1;
    }
    return leave_badly_wounded(g, ev, squad, 1);
}

/* The ways from a cell depend on the field, the cell and the enemy soldiers
 * in the way: the last few maps are kept (the list, the refusal and the
 * move ask for the same one in turn). The key is compared whole; a map
 * searched to a farther limit serves a nearer one. */
typedef struct {
    const RdField *field;
    const RdRules *rules;
    RdCell from;
    int nblocked;
    RdCell blocked[RD_MAX_SOLDIERS];
} CostKey;

typedef struct {
    CostKey key;
    int limit_mm;
    RdCosts cost;
} CostMemo;

#define RD_COST_MEMOS 24

/* The memo's entry for the squad's ways searched to at least limit_mm; NULL
 * when the squad has no leader (no way anywhere). The entry stays as it is
 * until a later search takes its place: read it before asking again. */
static const CostMemo *squad_memo(const RdGame *g, int squad, int limit_mm)
{
    /* A memo, not scratch: a careful game asks ~14,600 times for ~80 maps (the refusals of
     * its candidates, rd_needed); searching each anew would cost ~40 times the game. Its
     * own per thread; the key names the field and rules by address (data loaded once). */
    static _Thread_local CostMemo memo[RD_COST_MEMOS];
    static _Thread_local int next;
    int leader = rd_leader(g, squad), side = g->squads[squad].side;
    if (leader < 0)
        return NULL;
    CostKey key = {RDF(g), RDR(g), rd_soldier_cell(g, leader), 0, {{0, 0}}};
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->where == RD_ON_TABLE && g->squads[s->squad].side != side)
            key.blocked[key.nblocked++] = rd_soldier_cell(g, i);
    }
    for (int m = 0; m < RD_COST_MEMOS; m++) {
        const CostKey *e = &memo[m].key;
        if (memo[m].limit_mm >= limit_mm && e->field == key.field && e->rules == key.rules &&
            e->from.col == key.from.col && e->from.row == key.from.row && e->nblocked == key.nblocked &&
            memcmp(e->blocked, key.blocked, sizeof key.blocked[0] * key.nblocked) == 0)
            return &memo[m];
    }
    bool blocked[RD_MAX_H][RD_MAX_W];
    memset(blocked, 0, sizeof blocked);
    for (int i = 0; i < key.nblocked; i++)
        blocked[key.blocked[i].row][key.blocked[i].col] = true;
    CostMemo *e = &memo[next];
    next = (next + 1) % RD_COST_MEMOS;
    rd_move_costs(RDF(g), RDR(g), key.from, (const bool(*)[RD_MAX_W])blocked, limit_mm, e->cost);
    e->key = key;
    e->limit_mm = limit_mm;
    return e;
}

void rd_squad_costs(const RdGame *g, int squad, int limit_mm, RdCosts cost)
{
    const CostMemo *e = squad_memo(g, squad, limit_mm);
    if (!e) {
        for (int r = 0; r < RD_MAX_H; r++)
            for (int c = 0; c < RD_MAX_W; c++)
                cost[r][c] = -1;
        return;
    }
    memcpy(cost, e->cost, sizeof(RdCosts));
    if (e->limit_mm > limit_mm) { /* what lies between the two limits: in the farther one's box */
        RdCell from = e->key.from;
        int reach = e->limit_mm / RDR(g)->cell_mm + 1;
        int r0 = from.row > reach ? from.row - reach : 0;
        int c0 = from.col > reach ? from.col - reach : 0;
        int r1 = RD_MAX_H - from.row > reach ? from.row + reach : RD_MAX_H - 1;
        int c1 = RD_MAX_W - from.col > reach ? from.col + reach : RD_MAX_W - 1;
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++)
                if (cost[r][c] > limit_mm)
                    cost[r][c] = -1;
    }
}

int rd_squad_cost_to(const RdGame *g, int squad, int limit_mm, RdCell to)
{
    if (!rd_on_field(RDF(g), to))
        return -1;
    const CostMemo *e = squad_memo(g, squad, limit_mm);
    if (!e)
        return -1;
    int mm = e->cost[to.row][to.col];
    return mm > limit_mm ? -1 : mm;
}

static bool free_for(const RdGame *g, const RdOcc occ, int squad, RdCell c)
{
    return rd_on_field(RDF(g), c) && !RDR(g)->cell[RDF(g)->cell[c.row][c.col]].impassable &&
           (occ[c.row][c.col] == 0 || occ[c.row][c.col] == squad + 1);
}

bool rd_formation(const RdGame *g, const RdOcc occ, int squad, RdCell at, bool line, int facing, RdCell *cells)
{
    int m[RD_MAX_SOLDIERS];
    return rd_formation_of(g, occ, squad, rd_members(g, squad, m), at, line, facing, cells);
}

bool rd_formation_of(const RdGame *g, const RdOcc occ, int squad, int n, RdCell at, bool line, int facing,
                     RdCell *cells)
{
    if (n == 0)
        return true;
    if (!free_for(g, occ, squad, at))
        return false;
    if (line) { /* shoulder to shoulder across the front: N/S (and diagonals) a row, E/W a column */
        int dc = facing == 2 || facing == 6 ? 0 : 1, dr = 1 - dc;
        for (int i = 0; i < n; i++) {
            int k = (i + 1) / 2 * (i % 2 ? -1 : 1); /* as rd_setup_cells: 0, -1, +1, -2, ... */
            cells[i] = (RdCell){(int8_t)(at.col + k * dc), (int8_t)(at.row + k * dr)};
            if (!free_for(g, occ, squad, cells[i]))
                return false;
        }
        return true;
    }
    /* a cloud: breadth first from the leader, each soldier within cohesion of one placed before */
    bool seen[RD_MAX_H][RD_MAX_W];
    memset(seen, 0, sizeof seen);
    RdCell queue[RD_MAX_SOLDIERS * 32];
    int head = 0, tail = 0, placed = 0, reach = RDR(g)->cohesion_mm / RDR(g)->cell_mm;
    queue[tail++] = at;
    seen[at.row][at.col] = true;
    while (head < tail && placed < n) {
        RdCell c = queue[head++];
        cells[placed++] = c;
        for (int dr = -reach; dr <= reach; dr++)
            for (int dc = -reach; dc <= reach; dc++) {
                RdCell nb = {(int8_t)(c.col + dc), (int8_t)(c.row + dr)};
                if ((dr || dc) && tail < (int)(sizeof queue / sizeof queue[0]) && rd_on_field(RDF(g), nb) &&
                    !seen[nb.row][nb.col] && rd_within(RDR(g), c, nb, RDR(g)->cohesion_mm) &&
                    free_for(g, occ, squad, nb)) {
                    seen[nb.row][nb.col] = true;
                    queue[tail++] = nb;
                }
            }
    }
    return placed == n;
}

const char *rd_destination_refusal(const RdGame *g, int squad, RdCell to, bool line, int max_mm, int mm,
                                   const RdOcc occ, char *buf, size_t n)
{
    if (!rd_on_field(RDF(g), to))
        return rd_refuse(buf, n, "not a cell of the battlefield");
    if (mm < 0 && buf && n > 0) /* no way within the costs' limit: an order refused is told whether some */
        mm = rd_squad_cost_to(g, squad, RD_UNLIMITED, to); /* way leads there, and how long (not the list) */
    if (mm < 0) /* the cheap questions first: the list asks for every cell */
        return rd_refuse(buf, n, "no way leads there");
    if (mm > max_mm)
        return rd_refuse(buf, n, "%d mm away, more than the %d mm the squad may move", mm, max_mm);
    if (line && rd_on_table(g, squad) < RDR(g)->volley_min_soldiers)
        return rd_refuse(buf, n, "a line needs at least %d soldiers", RDR(g)->volley_min_soldiers);
    int leader = rd_leader(g, squad);
    RdCell at = rd_soldier_cell(g, leader);
    if (at.col == to.col && at.row == to.row && line == g->squads[squad].line)
        return rd_refuse(buf, n, "the leader is there already");
    RdCell cells[RD_MAX_SOLDIERS];
    int facing = rd_direction(at, to);
    RdOcc here;
    if (!occ) {
        rd_occupancy(g, here);
        occ = (const uint8_t(*)[RD_MAX_W])here;
    }
    if (!rd_formation(g, occ, squad, to, line, facing < 0 ? g->squads[squad].facing : facing, cells))
        return rd_refuse(buf, n, "the squad does not fit there");
    return NULL;
}

int rd_direction(RdCell from, RdCell to)
{
    int dx = to.col - from.col, dy = to.row - from.row, ax = abs(dx), ay = abs(dy);
    if (!dx && !dy)
        return -1;
    if (ax * 1000 <= ay * 414)
        return dy < 0 ? 0 : 4;
    if (ay * 1000 <= ax * 414)
        return dx > 0 ? 2 : 6;
    return dx > 0 ? (dy < 0 ? 1 : 3) : (dy < 0 ? 7 : 5);
}

/* Puts the squad's soldiers around its leader at `to`; false when it does not fit. */
static bool place(RdGame *g, int squad, RdCell to, bool line, int facing)
{
    RdOcc occ;
    rd_occupancy(g, occ);
    RdCell cells[RD_MAX_SOLDIERS];
    if (!rd_formation(g, occ, squad, to, line, facing, cells))
        return false;
    int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m);
    for (int i = 0; i < n; i++) {
        g->soldiers[m[i]].col = cells[i].col;
        g->soldiers[m[i]].row = cells[i].row;
    }
    g->squads[squad].facing = (int8_t)facing;
    g->squads[squad].line = (int8_t)line;
    return true;
}

/* The reachable cell (cost within mm, the squad fitting) scoring least by
 * score(); ties to the cheaper way. */
typedef long (*Score)(const RdGame *g, int squad, RdCell c, const void *ctx);

static bool best_cell(const RdGame *g, int squad, int mm, bool line, Score score, const void *ctx, RdCell *out)
{
    RdCosts cost;
    RdOcc occ;
    rd_squad_costs(g, squad, mm, cost);
    rd_occupancy(g, occ);
    const RdField *f = RDF(g);
    bool found = false;
    long best = 0;
    int best_cost = 0;
    RdCell cells[RD_MAX_SOLDIERS];
    for (int r = 0; r < f->h; r++)
        for (int c = 0; c < f->w; c++) {
            int k = cost[r][c];
            if (k < 0 || k > mm)
                continue;
            RdCell at = {(int8_t)c, (int8_t)r};
            long s = score(g, squad, at, ctx);
            if (found && (s > best || (s == best && k >= best_cost)))
                continue;
            int facing = rd_direction(rd_soldier_cell(g, rd_leader(g, squad)), at);
            if (!rd_formation(g, occ, squad, at, line, facing < 0 ? g->squads[squad].facing : facing, cells))
                continue;
            found = true;
            best = s;
            best_cost = k;
            *out = at;
        }
    return found;
}

static void go(RdGame *g, RdEvents *ev, int squad, RdCell to, bool line, int kind, int mm)
{
    RdCell from = rd_soldier_cell(g, rd_leader(g, squad));
    int facing = rd_direction(from, to);
    bool was_line = g->squads[squad].line;
    place(g, squad, to, line, facing < 0 ? g->squads[squad].facing : facing);
    rd_emit(ev, kind, g->squads[squad].side, squad, -1, -1, to.col, to.row, mm, 0);
    if (was_line != line)
        rd_emit(ev, RD_EV_LINE, g->squads[squad].side, squad, -1, -1, -1, -1, line, 0);
}

static long dist_to(const RdGame *g, int squad, RdCell c, const void *ctx)
{
    (void)squad;
    const RdCell *to = ctx;
    long dx = (c.col - to->col) * (long)RDR(g)->cell_mm, dy = (c.row - to->row) * (long)RDR(g)->cell_mm;
    return dx * dx + dy * dy;
}

/* After a move the squad faces the nearest enemy able to act, as a player sets his figures
 * down: a cloud turns to him; a line keeps the run it was laid in (across its move) and faces
 * whichever side of it he is on (a line that stepped back from him does not turn its back:
 * audit h48 found a squad pulled back to a fence caught "from behind" by the enemy it had
 * always faced). */
static void face_the_enemy(RdGame *g, int squad)
{
    int leader = rd_leader(g, squad), e = rd_nearest_enemy(g, squad);
    if (leader < 0 || e < 0)
        return;
    RdCell at = rd_soldier_cell(g, leader);
    int dir = rd_direction(at, rd_soldier_cell(g, rd_leader(g, e)));
    if (dir < 0)
        return;
    RdSquad *q = &g->squads[squad];
    if (!q->line) {
        q->facing = (int8_t)dir;
        return;
    }
    int diff = abs(dir - q->facing);
    if (diff > 4)
        diff = 8 - diff;
    if (diff > 2) /* he is behind the line: it faces about, its men where they stand */
        q->facing = (int8_t)((q->facing + 4) % 8);
}

void rd_move_toward(RdGame *g, RdEvents *ev, int squad, RdCell to, int mm, bool line)
{
    RdCell at = rd_soldier_cell(g, rd_leader(g, squad)), best = at;
    if (mm > 0 && !best_cell(g, squad, mm, line, dist_to, &to, &best))
        best = at;
    if (mm <= 0 || (best.col == at.col && best.row == at.row && line == g->squads[squad].line)) {
        rd_emit(ev, RD_EV_MOVE, g->squads[squad].side, squad, -1, -1, at.col, at.row, mm, 1); /* stays */
        return;
    }
    go(g, ev, squad, best, line, RD_EV_MOVE, mm);
    face_the_enemy(g, squad);
}

int rd_nearest_enemy(const RdGame *g, int squad)
{
    int leader = rd_leader(g, squad), best = -1, best_d = 0;
    if (leader < 0)
        return -1;
    /* able to act first (not the badly wounded); when only such squads are left, they are the enemy */
    for (int able = 1; able >= 0 && best < 0; able--)
        for (int q = 0; q < g->nsquads; q++) {
            int l = rd_leader(g, q);
            if (g->squads[q].side == g->squads[squad].side || l < 0 || (able && !rd_may_act(g, q)))
                continue;
            int d = rd_distance_mm(RDR(g), rd_soldier_cell(g, leader), rd_soldier_cell(g, l));
            if (best < 0 || d < best_d) {
                best = q;
                best_d = d;
            }
        }
    return best;
}

/* The distance (mm) from c to the nearest enemy soldier of side; its cell in *at. */
static int enemy_distance(const RdGame *g, int side, RdCell c, RdCell *at)
{
    int best = -1;
    for (int i = 0; i < g->nsoldiers; i++) {
        const RdSoldier *s = &g->soldiers[i];
        if (s->where != RD_ON_TABLE || g->squads[s->squad].side == side || !rd_may_act(g, s->squad))
            continue; /* the badly wounded left behind threaten no one */
        int d = rd_distance_mm(RDR(g), c, rd_soldier_cell(g, i));
        if (best < 0 || d < best) {
            best = d;
            if (at)
                *at = rd_soldier_cell(g, i);
        }
    }
    return best < 0 ? 1 << 20 : best;
}

typedef struct {
    bool home;
    int now; /* the enemy's distance from where the leader stands */
} RetreatCtx;

static long retreat_score(const RdGame *g, int squad, RdCell c, const void *ctx)
{
    const RetreatCtx *x = ctx;
    int side = g->squads[squad].side;
    RdCell enemy = c;
    int d = enemy_distance(g, side, c, &enemy);
    if (x->home) /* toward the own lines first, then away from the enemy */
        return (long)abs(c.row - RDF(g)->home_row[side]) * 1000000L - d;
    if (d < x->now)
        return 4000000000L - d; /* closer to the enemy: only when nothing else */
    int cover = d == 1 << 20 ? RDR(g)->cell[RDF(g)->cell[c.row][c.col]].cover : rd_cover(RDF(g), RDR(g), enemy, c);
    if (cover > RD_COVER_NONE)
        return 0; /* the nearest cover: ties to the cheaper way */
    return 2000000000L - d;
}

void rd_retreat(RdGame *g, RdEvents *ev, int squad, int mm, bool home, int event_kind)
{
    int leader = rd_leader(g, squad);
    if (leader < 0)
        return;
    if (rd_slow(g, squad)) /* carrying its wounded: half speed, a retreat as any move */
        mm = mm * RDR(g)->slow_percent / 100;
    RdCell at = rd_soldier_cell(g, leader), best = at;
    RetreatCtx ctx = {home, enemy_distance(g, g->squads[squad].side, at, NULL)};
    if (!best_cell(g, squad, mm, false, retreat_score, &ctx, &best))
        best = at;
    go(g, ev, squad, best, false, event_kind, mm);
    if (!home) /* Cautious "sets up for defense", the beaten "try to stand on defense"; Fearful just goes */
        face_the_enemy(g, squad);
}

/* RDC-WOUNDS: "accompanied to the rear ... or abandoned on the spot": the
 * squad's badly wounded stay where they lie, a squad of their own (the
 * first of them its leader) that can never be activated; the rest no
 * longer carry them. */
const char *rd_leave_refusal(const RdGame *g, int squad, char *buf, size_t n)
{
    if (squad < 0 || squad >= g->nsquads || g->squads[squad].side != g->initiative)
        return rd_refuse(buf, n, "not a squad of the side with the initiative");
    if (!rd_may_activate(g, squad))
        return rd_refuse(buf, n, "the squad may not act now (confused, routed, or no one fit to act)");
    int bad = 0, others = 0;
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE)
            g->soldiers[i].wound == RD_BAD ? bad++ : others++;
    if (bad == 0 || others == 0)
        return rd_refuse(buf, n, "no badly wounded to leave, or no one else to go on");
    if (g->nsquads >= RD_MAX_GAME_SQUADS)
        return rd_refuse(buf, n, "no room for another squad");
    return NULL;
}

/* The first of the squad on the table (unhurt if any) leads it when no one does. */
static void lead(RdGame *g, RdEvents *ev, int squad)
{
    if (rd_leader(g, squad) >= 0)
        return;
    int best = -1;
    for (int i = 0; i < g->nsoldiers; i++)
        if (g->soldiers[i].squad == squad && g->soldiers[i].where == RD_ON_TABLE &&
            (best < 0 || g->soldiers[i].wound < g->soldiers[best].wound))
            best = i;
    if (best >= 0) {
        g->soldiers[best].leader = 1;
        rd_emit(ev, RD_EV_LEADER, g->squads[squad].side, squad, best, -1, -1, -1, 0, 0);
    }
}

void rd_leave(RdGame *g, RdEvents *ev, int squad) { leave_badly_wounded(g, ev, squad, 0); }

/* The squad's badly wounded become a squad of their own where they lie (RD_EV_LEAVE, value2: 1
 * when its squad assaults without them); its index. */
static int leave_badly_wounded(RdGame *g, RdEvents *ev, int squad, int assault)
{
    int ns = g->nsquads++, count = 0;
    g->squads[ns] = g->squads[squad];
    g->squads[ns].line = 0;
    for (int i = 0; i < g->nsoldiers; i++) {
        RdSoldier *s = &g->soldiers[i];
        if (s->squad == squad && s->where == RD_ON_TABLE && s->wound == RD_BAD) {
            s->squad = (int8_t)ns; /* a leader left behind leads the wounded */
            count++;
        }
    }
    rd_emit(ev, RD_EV_LEAVE, g->squads[squad].side, ns, -1, squad, -1, -1, count, assault);
    lead(g, ev, squad);
    lead(g, ev, ns);
    /* the rest stay deployed as they stand: whether they still volley is the fire's question
     * (fire.c: a run of volley_min_soldiers in contact), a man gone from an end breaking none */
    return ns;
}

/* RDC-WOUNDS: "He must be accompanied to the rear by a healthier soldier ...
 * or abandoned on the spot." One able soldier of the squad (its last, never
 * its leader) takes its first badly wounded man to the rear: both leave the
 * table at once, as prisoners' escorts do (RDC-PRISONERS); the wounded man
 * scores as the dead (victory.c), his escort nothing. No roll, not an activation. */
static void carry_pair(const RdGame *g, int squad, int *wounded, int *escort)
{
    int m[RD_MAX_SOLDIERS], n = rd_members(g, squad, m);
    *wounded = *escort = -1;
    for (int i = 0; i < n && *wounded < 0; i++)
        if (g->soldiers[m[i]].wound == RD_BAD)
            *wounded = m[i];
    for (int i = n - 1; i > 0 && *escort < 0; i--) /* m[0] leads */
        if (rd_soldier_able(&g->soldiers[m[i]]) && !g->soldiers[m[i]].leader)
            *escort = m[i];
}

const char *rd_carry_refusal(const RdGame *g, int squad, char *buf, size_t n)
{
    if (squad < 0 || squad >= g->nsquads || g->squads[squad].side != g->initiative)
        return rd_refuse(buf, n, "not a squad of the side with the initiative");
    if (!rd_may_activate(g, squad))
        return rd_refuse(buf, n, "the squad may not act now (confused, routed, or no one fit to act)");
    int wounded, escort;
    carry_pair(g, squad, &wounded, &escort);
    if (wounded < 0)
        return rd_refuse(buf, n, "no badly wounded man in the squad");
    if (escort < 0)
        return rd_refuse(buf, n, "no one fit to escort him but the leader");
    return NULL;
}

void rd_carry(RdGame *g, RdEvents *ev, int squad)
{
    int wounded, escort;
    carry_pair(g, squad, &wounded, &escort);
    if (wounded < 0 || escort < 0)
        return;
    g->soldiers[wounded].where = RD_CARRIED;
    g->soldiers[escort].where = RD_ESCORTING;
    rd_emit(ev, RD_EV_CARRIED, g->squads[squad].side, squad, wounded, escort, -1, -1, 0, 0);
    rd_after_leaving(g, ev, wounded); /* a leader carried off: another leads */
}
