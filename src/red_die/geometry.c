/* The Red Die of Courage's tape measure and line of fire (RDC-GRID,
 * RDC-LOF, RDC-COVER, RDC-MOVE; the exact geometry in docs/rulings.md).
 *
 * Points are counted in half cells, so that cell (c, r) has its centre at
 * (2c+1, 2r+1) and the grid lines lie on the even numbers: a segment
 * between two centres is traced exactly with whole numbers. A segment that
 * passes exactly through a grid corner is read as one of the two segments
 * a hair to either side of it (`side`: 0 crosses the column line first,
 * 1 the row line), the same side at every corner; each question takes the
 * side that suits the one who measures (the firer sees if either side is
 * clear, the mover takes the cheaper). */
#include "red_die/geometry.h"

#include <stdlib.h>

/* One step of a traced segment: the edge crossed and the cell entered. */
typedef struct {
    int8_t col, row;
    uint8_t edge;
} Crossing;

#define RD_MAX_CROSSINGS (RD_MAX_W + RD_MAX_H)

bool rd_on_field(const RdField *f, RdCell c) { return c.col >= 0 && c.row >= 0 && c.col < f->w && c.row < f->h; }

static int64_t squared_cells(RdCell a, RdCell b)
{
    int64_t dc = b.col - a.col, dr = b.row - a.row;
    return dc * dc + dr * dr;
}

/* The whole number nearest to the square root of x (x >= 0). */
static int64_t round_sqrt(int64_t x)
{
    /* round(sqrt(x)) = n exactly when (2n-1)^2 <= 4x < (2n+1)^2 */
    int64_t y = 4 * x, m = 0, bit = (int64_t)1 << 62;
    while (bit > y)
        bit >>= 2;
    for (; bit; bit >>= 2) { /* m = floor(sqrt(y)) */
        if (y >= m + bit) {
            y -= m + bit;
            m = (m >> 1) + bit;
        } else
            m >>= 1;
    }
    return (m + 1) / 2;
}

int rd_distance_mm(const RdRules *r, RdCell a, RdCell b)
{
    return (int)round_sqrt(squared_cells(a, b) * r->cell_mm * r->cell_mm);
}

bool rd_within(const RdRules *r, RdCell a, RdCell b, int mm)
{
    return mm >= 0 && squared_cells(a, b) * r->cell_mm * r->cell_mm <= (int64_t)mm * mm;
}

/* The edge between two cells side by side. */
static uint8_t edge_between(const RdField *f, int c0, int r0, int c1, int r1)
{
    if (r0 == r1)
        return f->edge_e[r0][c0 < c1 ? c0 : c1];
    return f->edge_s[r0 < r1 ? r0 : r1][c0];
}

/* The segment from a's centre to b's, as the crossings of the grid lines
 * in order; returns how many (the last enters b). *corner (may be NULL):
 * whether it passes through a grid corner (else both sides are the same). */
static int trace(const RdField *f, RdCell a, RdCell b, int side, Crossing *out, bool *corners)
{
    int nc = abs(b.col - a.col), nr = abs(b.row - a.row);
    int sx = b.col > a.col ? 1 : -1, sy = b.row > a.row ? 1 : -1;
    int c = a.col, r = a.row, i = 1, j = 1, n = 0;
    if (corners)
        *corners = false;
    /* the i-th column line is crossed at t = (2i-1)/(2nc), the j-th row line at (2j-1)/(2nr) */
    while (i <= nc || j <= nr) {
        int64_t tv = (int64_t)(2 * i - 1) * nr, th = (int64_t)(2 * j - 1) * nc;
        bool col_first = j > nr || (i <= nc && (tv < th || (tv == th && side == 0)));
        bool corner = i <= nc && j <= nr && tv == th;
        if (corners)
            *corners |= corner;
        for (int k = 0; k < (corner ? 2 : 1); k++) {
            int c1 = c, r1 = r;
            if (col_first == (k == 0))
                c1 += sx, i++;
            else
                r1 += sy, j++;
            out[n++] = (Crossing){(int8_t)c1, (int8_t)r1, edge_between(f, c, r, c1, r1)};
            c = c1;
            r = r1;
        }
    }
    return n;
}

/* Whether fire passes along the crossings of one side. */
static bool passes(const RdField *f, const RdRules *r, const Crossing *x, int n)
{
    for (int k = 0; k < n; k++) {
        if (r->edge[x[k].edge].blocks_fire)
            return false;
        if (k < n - 1 && r->cell[f->cell[x[k].row][x[k].col]].blocks_fire)
            return false;
    }
    return true;
}

/* The cover of the obstacle the target at `to` stands behind on one reading of the line: where
 * the line crosses a grid line bounding his cell (north, south, west or east of it), the
 * obstacle along that grid line must run unbroken from the crossing to his own side, which
 * gives its cover. Entering his cell straight through a side is the run of one edge; a long
 * fence or wall crossed at a slant beside him is a longer run (audits h48, h49: a man right
 * behind a long fence had no cover past 45 degrees; a stretch elsewhere must not give any). */
static int behind(const RdField *f, const RdRules *r, RdCell from, RdCell to, const Crossing *x, int n)
{
    int best = RD_COVER_NONE;
    RdCell prev = from;
    for (int k = 0; k < n; prev = (RdCell){x[k].col, x[k].row}, k++) {
        bool across_row = prev.col == x[k].col && x[k].row == to.row && (prev.row == to.row - 1 || prev.row == to.row + 1);
        bool across_col = prev.row == x[k].row && x[k].col == to.col && (prev.col == to.col - 1 || prev.col == to.col + 1);
        if (!across_row && !across_col)
            continue;
        int lo = across_row ? (x[k].col < to.col ? x[k].col : to.col) : (x[k].row < to.row ? x[k].row : to.row);
        int hi = across_row ? (x[k].col > to.col ? x[k].col : to.col) : (x[k].row > to.row ? x[k].row : to.row);
        int line = across_row ? (prev.row < to.row ? to.row - 1 : to.row) : (prev.col < to.col ? to.col - 1 : to.col);
        bool unbroken = true;
        for (int i = lo; i <= hi && unbroken; i++) {
            uint8_t e = across_row ? f->edge_s[line][i] : f->edge_e[i][line];
            unbroken = r->edge[e].cover > RD_COVER_NONE;
        }
        if (!unbroken)
            continue;
        uint8_t own = across_row ? f->edge_s[line][to.col] : f->edge_e[to.row][line];
        if (r->edge[own].cover > best)
            best = r->edge[own].cover;
    }
    return best;
}

/* The line of fire from one centre to another on both readings: whether each passes and the
 * cover of what the target stands behind on it. A segment through no grid corner is the same
 * on both (`side` only orders the two crossings at a corner), so it is traced once. */
typedef struct {
    bool clear[2];
    int8_t cover[2];
} Sight;

static void sight(const RdField *f, const RdRules *r, RdCell from, RdCell to, bool want_cover, Sight *s)
{
    Crossing x[RD_MAX_CROSSINGS];
    bool corners;
    int n = trace(f, from, to, 0, x, &corners);
    s->clear[0] = passes(f, r, x, n);
    s->cover[0] = (int8_t)(want_cover ? behind(f, r, from, to, x, n) : 0);
    if (!corners) {
        s->clear[1] = s->clear[0];
        s->cover[1] = s->cover[0];
        return;
    }
    n = trace(f, from, to, 1, x, NULL);
    s->clear[1] = passes(f, r, x, n);
    s->cover[1] = (int8_t)(want_cover ? behind(f, r, from, to, x, n) : 0);
}

bool rd_sees(const RdField *f, const RdRules *r, RdCell from, RdCell to)
{
    if (!rd_on_field(f, from) || !rd_on_field(f, to))
        return false;
    Sight s;
    sight(f, r, from, to, false, &s);
    return s.clear[0] || s.clear[1];
}

int rd_cover(const RdField *f, const RdRules *r, RdCell from, RdCell to)
{
    if (!rd_on_field(f, from) || !rd_on_field(f, to))
        return RD_COVER_NONE;
    int own = r->cell[f->cell[to.row][to.col]].cover;
    if (from.col == to.col && from.row == to.row)
        return own;
    Sight s;
    sight(f, r, from, to, true, &s);
    int best = own;
    for (int side = 0; side < 2; side++) {
        if (s.clear[!side] && !s.clear[side])
            continue; /* the fire comes along the clear side only */
        /* a line through the target's own corner enters by either of his two sides that face
         * the firer: an obstacle on either is between them, and he is behind it */
        if (s.cover[side] > best)
            best = s.cover[side];
    }
    return best;
}

bool rd_unit_sees(const RdField *f, const RdRules *r, const RdCell *firers, int n, const RdCell *targets, int m)
{
    if (n <= 0 || m <= 0)
        return false;
    int seeing = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < m; j++)
            seen += rd_sees(f, r, firers[i], targets[j]);
        seeing += seen >= m / 2 + 1;
    }
    return seeing >= n / 2 + 1;
}

/* ---- movement ([3.1]) ------------------------------------------------- */

/* What one straight segment costs a mover, on its better side: false when
 * neither side passes (an impassable or blocked cell entered, an impassable
 * edge crossed). *obstacles: linear obstacles crossed; *difficult: whether
 * it enters difficult ground. When paid, a side entering difficult
 * ground costs nothing more for it (the way has paid already). */
static bool segment(const RdField *f, const RdRules *r, RdCell a, RdCell b, const bool (*blocked)[RD_MAX_W],
                    bool paid, int *obstacles, bool *difficult)
{
    bool ok = false;
    int best = 0;
    for (int side = 0; side < 2; side++) {
        Crossing x[RD_MAX_CROSSINGS];
        bool corners;
        int n = trace(f, a, b, side, x, &corners), obst = 0;
        bool diff = false, pass = true;
        for (int k = 0; k < n && pass; k++) {
            const RdTerrain *cell = &r->cell[f->cell[x[k].row][x[k].col]];
            pass = !r->edge[x[k].edge].impassable && !cell->impassable && !(blocked && blocked[x[k].row][x[k].col]);
            obst += r->edge[x[k].edge].obstacle;
            diff |= cell->difficult && k < n - 1; /* moving through it: the arrival cell is not passed through */
        }
        int cost = obst * r->obstacle_mm + (diff && !paid ? r->difficult_mm : 0);
        if (pass && (!ok || cost < best)) {
            ok = true;
            best = cost;
            *obstacles = obst;
            *difficult = diff;
        }
        if (!corners)
            break; /* both sides are the same */
    }
    return ok;
}

#define UM 1000 /* the way around is summed in micrometres, then rounded to mm */

/* An indexed binary heap of states by cost, for the way around. */
typedef struct {
    int n;
    int item[2 * RD_MAX_W * RD_MAX_H];
    int pos[2 * RD_MAX_W * RD_MAX_H]; /* -1: not in the heap */
    const int64_t *key;
} Heap;

static void heap_swap(Heap *h, int i, int j)
{
    int t = h->item[i];
    h->item[i] = h->item[j];
    h->item[j] = t;
    h->pos[h->item[i]] = i;
    h->pos[h->item[j]] = j;
}

static void heap_up(Heap *h, int i)
{
    while (i > 0 && h->key[h->item[(i - 1) / 2]] > h->key[h->item[i]]) {
        heap_swap(h, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static int heap_pop(Heap *h)
{
    int top = h->item[0];
    h->pos[top] = -1;
    if (--h->n > 0) {
        h->item[0] = h->item[h->n];
        h->pos[h->item[0]] = 0;
        for (int i = 0;;) {
            int l = 2 * i + 1, m = i;
            if (l < h->n && h->key[h->item[l]] < h->key[h->item[m]])
                m = l;
            if (l + 1 < h->n && h->key[h->item[l + 1]] < h->key[h->item[m]])
                m = l + 1;
            if (m == i)
                break;
            heap_swap(h, i, m);
            i = m;
        }
    }
    return top;
}

static void heap_push_or_lower(Heap *h, int s)
{
    if (h->pos[s] < 0) {
        h->item[h->n] = s;
        h->pos[s] = h->n++;
    }
    heap_up(h, h->pos[s]);
}

/* The way around (docs/rulings.md, RDC-MOVE): the cheapest chain of steps
 * between cell centres, each a side, a corner or a knight's move away, each
 * step costed as a segment. A state is a cell and whether the way has passed
 * through difficult ground before it (paid once). cost_um gets each state's
 * cost; the search stops when the cheapest state left costs more than
 * limit_um (the states beyond are left at INT64_MAX or a cost not final). */
static void way_around(const RdField *f, const RdRules *r, RdCell from, const bool (*blocked)[RD_MAX_W],
                       int64_t limit_um, int64_t *cost_um)
{
    static const int8_t steps[16][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1}, {1, 1},  {1, -1}, {-1, 1},  {-1, -1},
                                        {1, 2}, {2, 1},  {2, -1}, {1, -2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}};
    int64_t step_um[16];
    for (int k = 0; k < 16; k++) {
        int64_t sq = steps[k][0] * steps[k][0] + steps[k][1] * steps[k][1];
        step_um[k] = round_sqrt(sq * r->cell_mm * r->cell_mm * UM * UM);
    }
    int cells = RD_MAX_W * RD_MAX_H;
    Heap heap, *h = &heap;
    for (int s = 0; s < 2 * cells; s++)
        cost_um[s] = INT64_MAX, h->pos[s] = -1;
    h->n = 0;
    h->key = cost_um;
    int start = from.row * RD_MAX_W + from.col;
    cost_um[start] = 0;
    heap_push_or_lower(h, start);
    while (h->n > 0 && cost_um[h->item[0]] <= limit_um) {
        int s = heap_pop(h), paid = s >= cells, cell = s % cells;
        RdCell a = {(int8_t)(cell % RD_MAX_W), (int8_t)(cell / RD_MAX_W)};
        /* a cell the way goes on from, other than the mover's own, is one it passes through */
        bool through = cell != start && r->cell[f->cell[a.row][a.col]].difficult;
        for (int k = 0; k < 16; k++) {
            RdCell b = {(int8_t)(a.col + steps[k][0]), (int8_t)(a.row + steps[k][1])};
            int obstacles;
            bool difficult;
            if (!rd_on_field(f, b) || !segment(f, r, a, b, blocked, paid || through, &obstacles, &difficult))
                continue;
            bool now_paid = paid || through || difficult;
            int64_t c = cost_um[s] + step_um[k] + (int64_t)obstacles * r->obstacle_mm * UM +
                        (now_paid && !paid ? (int64_t)r->difficult_mm * UM : 0);
            int t = (now_paid ? cells : 0) + b.row * RD_MAX_W + b.col;
            if (c < cost_um[t]) {
                cost_um[t] = c;
                heap_push_or_lower(h, t);
            }
        }
    }
}

void rd_move_costs(const RdField *f, const RdRules *r, RdCell from, const bool (*blocked)[RD_MAX_W], int limit_mm,
                   int (*cost_mm)[RD_MAX_W])
{
    for (int row = 0; row < RD_MAX_H; row++)
        for (int col = 0; col < RD_MAX_W; col++)
            cost_mm[row][col] = -1;
    if (!rd_on_field(f, from) || limit_mm < 0)
        return;
    if (limit_mm > RD_UNLIMITED)
        limit_mm = RD_UNLIMITED;
    /* Every way is at least as long as the straight line: no cell farther than the limit
     * from `from`, in columns or rows, costs the limit or less. */
    int reach = limit_mm / r->cell_mm + 1;
    int c0 = from.col - reach < 0 ? 0 : from.col - reach, c1 = from.col + reach >= f->w ? f->w - 1 : from.col + reach;
    int r0 = from.row - reach < 0 ? 0 : from.row - reach, r1 = from.row + reach >= f->h ? f->h - 1 : from.row + reach;
    /* The straight way first; the way around is searched only when some straight way is
     * barred or pays a penalty, for only then can it be cheaper (a detour round a bush or
     * the end of a fence, as a player would walk). */
    bool around = false;
    for (int row = r0; row <= r1; row++)
        for (int col = c0; col <= c1; col++) {
            RdCell to = {(int8_t)col, (int8_t)row};
            int obstacles;
            bool difficult;
            if (col == from.col && row == from.row)
                cost_mm[row][col] = 0;
            else if (!rd_within(r, from, to, limit_mm + r->cell_mm))
                continue; /* nothing there within the limit (the margin covers rounding to mm) */
            else if (segment(f, r, from, to, blocked, false, &obstacles, &difficult)) {
                cost_mm[row][col] =
                    rd_distance_mm(r, from, to) + obstacles * r->obstacle_mm + (difficult ? r->difficult_mm : 0);
                around |= obstacles > 0 || difficult;
            } else
                around |= !r->cell[f->cell[row][col]].impassable && !(blocked && blocked[row][col]);
        }
    if (around) {
        int64_t cost_um[2 * RD_MAX_W * RD_MAX_H];
        /* a way rounds to the limit or less below this */
        int64_t limit_um = (int64_t)limit_mm * UM + UM / 2 - 1;
        way_around(f, r, from, blocked, limit_um, cost_um);
        for (int row = r0; row <= r1; row++)
            for (int col = c0; col <= c1; col++) {
                int64_t a = cost_um[row * RD_MAX_W + col], b = cost_um[RD_MAX_W * RD_MAX_H + row * RD_MAX_W + col];
                int64_t c = a < b ? a : b;
                if (c > limit_um)
                    continue; /* not reached, or not final: beyond the limit */
                int mm = (int)((c + UM / 2) / UM);
                if (cost_mm[row][col] < 0 || mm < cost_mm[row][col])
                    cost_mm[row][col] = mm;
            }
    }
    for (int row = r0; row <= r1; row++)
        for (int col = c0; col <= c1; col++)
            if (cost_mm[row][col] > limit_mm)
                cost_mm[row][col] = -1;
}
