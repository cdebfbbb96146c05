/* A stand-in for src/red_die/geometry.c while it is being written (branch
 * h29): linked into the Red Die's engine only when that file is missing
 * (CMakeLists.txt). Simple and exact enough for the engine's tests: ways by
 * Dijkstra over the 8 neighbours (straight steps 25 mm, diagonal 35 mm),
 * lines of fire sampled along the segment. */
#include <stdlib.h>
#include <string.h>

#include "red_die/geometry.h"

int rd_distance_mm(const RdRules *r, RdCell a, RdCell b)
{
    long dx = (a.col - b.col) * (long)r->cell_mm, dy = (a.row - b.row) * (long)r->cell_mm, d2 = dx * dx + dy * dy;
    long s = 0;
    while ((s + 1) * (s + 1) <= d2)
        s++;
    return (int)(d2 - s * s > s ? s + 1 : s);
}

bool rd_within(const RdRules *r, RdCell a, RdCell b, int mm)
{
    long dx = (a.col - b.col) * (long)r->cell_mm, dy = (a.row - b.row) * (long)r->cell_mm;
    return dx * dx + dy * dy <= (long)mm * mm;
}

bool rd_on_field(const RdField *f, RdCell c) { return c.col >= 0 && c.row >= 0 && c.col < f->w && c.row < f->h; }

/* The edge crossed stepping from a to the orthogonal neighbour b. */
static int edge_between(const RdField *f, RdCell a, RdCell b)
{
    if (a.row == b.row)
        return f->edge_e[a.row][a.col < b.col ? a.col : b.col];
    return f->edge_s[a.row < b.row ? a.row : b.row][a.col];
}

void rd_move_costs(const RdField *f, const RdRules *r, RdCell from, const bool (*blocked)[RD_MAX_W],
                   int (*cost)[RD_MAX_W])
{
    static int dist[2][RD_MAX_H][RD_MAX_W]; /* [entered difficult ground] */
    static bool fixed[2][RD_MAX_H][RD_MAX_W];
    for (int k = 0; k < 2; k++)
        for (int y = 0; y < RD_MAX_H; y++)
            for (int x = 0; x < RD_MAX_W; x++) {
                dist[k][y][x] = -1;
                fixed[k][y][x] = false;
            }
    for (int y = 0; y < RD_MAX_H; y++)
        for (int x = 0; x < RD_MAX_W; x++)
            cost[y][x] = -1;
    if (!rd_on_field(f, from))
        return;
    dist[0][from.row][from.col] = 0;
    static int heap[2 * RD_MAX_H * RD_MAX_W * 8][2]; /* {distance, k * H * W + y * W + x}, lazy deletion */
    int nheap = 0;
    heap[nheap][0] = 0, heap[nheap][1] = from.row * RD_MAX_W + from.col, nheap++;
    for (;;) {
        int bk = -1, bx = 0, by = 0, best = 0;
        while (nheap > 0 && bk < 0) {
            best = heap[0][0];
            int code = heap[0][1];
            nheap--;
            heap[0][0] = heap[nheap][0], heap[0][1] = heap[nheap][1];
            for (int i = 0;;) { /* sift down */
                int l = 2 * i + 1, m = i;
                if (l < nheap && heap[l][0] < heap[m][0])
                    m = l;
                if (l + 1 < nheap && heap[l + 1][0] < heap[m][0])
                    m = l + 1;
                if (m == i)
                    break;
                int t0 = heap[i][0], t1 = heap[i][1];
                heap[i][0] = heap[m][0], heap[i][1] = heap[m][1], heap[m][0] = t0, heap[m][1] = t1;
                i = m;
            }
            int k = code / (RD_MAX_H * RD_MAX_W), y = code / RD_MAX_W % RD_MAX_H, x = code % RD_MAX_W;
            if (!fixed[k][y][x] && dist[k][y][x] == best)
                bk = k, bx = x, by = y;
        }
        if (bk < 0)
            break;
        fixed[bk][by][bx] = true;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                RdCell a = {(int8_t)bx, (int8_t)by}, b = {(int8_t)(bx + dx), (int8_t)(by + dy)};
                if ((!dx && !dy) || !rd_on_field(f, b) || r->cell[f->cell[b.row][b.col]].impassable ||
                    (blocked && blocked[b.row][b.col]))
                    continue;
                int step = dx && dy ? r->cell_mm * 1414 / 1000 : r->cell_mm, extra = 0;
                /* the edges crossed: through an orthogonal neighbour for a diagonal step */
                RdCell mids[2] = {{(int8_t)(bx + dx), (int8_t)by}, {(int8_t)bx, (int8_t)(by + dy)}};
                if (!dx || !dy) {
                    int e = edge_between(f, a, b);
                    if (r->edge[e].impassable)
                        continue;
                    extra = r->edge[e].obstacle ? r->obstacle_mm : 0;
                } else {
                    int e1 = edge_between(f, a, mids[0]), e2 = edge_between(f, mids[0], b);
                    if (r->edge[e1].impassable || r->edge[e2].impassable)
                        continue;
                    extra = (r->edge[e1].obstacle || r->edge[e2].obstacle) ? r->obstacle_mm : 0;
                }
                int k = bk;
                if (!k && r->cell[f->cell[b.row][b.col]].difficult) {
                    extra += r->difficult_mm;
                    k = 1;
                }
                int d = best + step + extra;
                if ((dist[k][b.row][b.col] < 0 || d < dist[k][b.row][b.col]) &&
                    nheap < (int)(sizeof heap / sizeof heap[0])) {
                    dist[k][b.row][b.col] = d;
                    int i = nheap++;
                    heap[i][0] = d, heap[i][1] = k * RD_MAX_H * RD_MAX_W + b.row * RD_MAX_W + b.col;
                    while (i > 0 && heap[(i - 1) / 2][0] > heap[i][0]) { /* sift up */
                        int p = (i - 1) / 2, t0 = heap[i][0], t1 = heap[i][1];
                        heap[i][0] = heap[p][0], heap[i][1] = heap[p][1], heap[p][0] = t0, heap[p][1] = t1;
                        i = p;
                    }
                }
            }
    }
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            int a = dist[0][y][x], b = dist[1][y][x];
            cost[y][x] = a < 0 ? b : b < 0 ? a : a < b ? a : b;
        }
}

/* Walks the segment between the centres; calls back for each cell and edge crossed. */
static int walk(const RdField *f, const RdRules *r, RdCell from, RdCell to, bool want_cover)
{
    int steps = 8 * (abs(to.col - from.col) + abs(to.row - from.row)) + 1, cover = RD_COVER_NONE;
    int px = from.col, py = from.row;
    for (int i = 1; i <= steps; i++) {
        double t = (double)i / steps;
        int x = (int)(from.col + (to.col - from.col) * t + 0.5), y = (int)(from.row + (to.row - from.row) * t + 0.5);
        if (x == px && y == py)
            continue;
        RdCell a = {(int8_t)px, (int8_t)py}, b = {(int8_t)x, (int8_t)y};
        int e = x != px && y != py ? edge_between(f, a, (RdCell){(int8_t)x, (int8_t)py})
                                   : edge_between(f, a, b);
        bool last = x == to.col && y == to.row;
        if (!want_cover && r->edge[e].blocks_fire)
            return 1;
        if (want_cover && last && r->edge[e].cover > cover)
            cover = r->edge[e].cover;
        if (!want_cover && !last && r->cell[f->cell[y][x]].blocks_fire)
            return 1;
        px = x, py = y;
    }
    return want_cover ? cover : 0;
}

bool rd_sees(const RdField *f, const RdRules *r, RdCell from, RdCell to) { return walk(f, r, from, to, false) == 0; }

int rd_cover(const RdField *f, const RdRules *r, RdCell from, RdCell to)
{
    int own = r->cell[f->cell[to.row][to.col]].cover, edge = walk(f, r, from, to, true);
    return own > edge ? own : edge;
}

bool rd_unit_sees(const RdField *f, const RdRules *r, const RdCell *firers, int n, const RdCell *targets, int m)
{
    int ok = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < m; j++)
            seen += rd_sees(f, r, firers[i], targets[j]);
        ok += seen >= m / 2 + 1;
    }
    return ok >= n / 2 + 1;
}
