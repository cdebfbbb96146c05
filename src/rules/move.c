/* Movement costs on the map (MOVE-BASIC, ROADS, RAIN, RIVERS,
 * MINOR-RIVERS, PONTOON-BUILD's crossing): what entering a hex across a
 * hexside costs in half MP, and every hex a group can reach within its
 * allowance (two layers: wholly by road, and any). The rules reach it only
 * through movement.c's Passage, which adds what the state knows (the enemy,
 * the pontoons, the play area, the river limits); move.h says the units. */
#include "rules/move.h"

#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int min_cost(int a, int b)
{
    if (a == COST_NO)
        return b;
    if (b == COST_NO)
        return a;
    return a < b ? a : b;
}

/* What a hexside's kind says (hs NULL, the map's edge: both). */
static bool side_in_contact(const GameData *gd, const Hexside *hs)
{
    return !hs || hs->kind < 0 || gd->hexside_kinds[hs->kind].contact_across;
}

static bool side_can_fight(const GameData *gd, const Hexside *hs)
{
    return !hs || hs->kind < 0 || gd->hexside_kinds[hs->kind].combat_across;
}

bool hexside_in_contact(const GameData *gd, HexCoord h, int dir) { return side_in_contact(gd, map_hexside(&gd->map, h, dir)); }

bool hexside_can_fight(const GameData *gd, HexCoord h, int dir) { return side_can_fight(gd, map_hexside(&gd->map, h, dir)); }

bool hexside_in_contact_at(const GameData *gd, int hex, int dir)
{
    return side_in_contact(gd, &gd->map.hexes[hex].side[dir]);
}

bool hexside_can_fight_at(const GameData *gd, int hex, int dir)
{
    return side_can_fight(gd, &gd->map.hexes[hex].side[dir]);
}

static bool in_contact(const MoveContext *ctx, HexCoord h)
{
    const Map *m = &ctx->gd->map;
    for (int dir = 0; dir < DIR_COUNT; dir++) {
        HexCoord n = hex_neighbour(h, dir);
        if (map_has(m, n) && ctx->enemy[map_hex_index(m, n)] && hexside_in_contact(ctx->gd, h, dir))
            return true;
    }
    return false;
}

/* What enemy_surcharge reads of a context, read once: a search asks it for
 * every step, and keeps this in registers (a MoveContext read through its
 * pointer is read again after every store to a cell). */
typedef struct {
    const MoveContext *ctx;
    const unsigned char *enemy, *contact;
    bool no_contact;
    unsigned contact_free_mask;
    const MapHex *hexes;
    const TerrainKind *terrain;
} Surcharge;

static inline Surcharge surcharge_of(const MoveContext *ctx)
{
    return (Surcharge){ctx,
                       ctx->enemy,
                       ctx->contact,
                       ctx->no_contact,
                       ctx->contact_free_mask,
                       ctx->gd->map.hexes,
                       ctx->gd->terrain};
}

/* What the enemy adds to a step into map hex ti (MOVE-CONTACT): COST_NO when
 * the enemy holds it, or it is in contact and contact is forbidden; else the
 * contact cost of its ground when it is in contact (woods crossed "as if they
 * were on Open Land (1 PM)" by Unknown Paths stay woods for the contact rule,
 * EVENTS: the mask says which ground costs nothing), 0 when it is not. Every
 * step cost below asks it. */
static inline __attribute__((always_inline)) int surcharge(const Surcharge *s, int ti)
{
    if (!s->enemy)
        return 0;
    if (s->enemy[ti])
        return COST_NO;
    if (!(s->contact ? s->contact[ti] : in_contact(s->ctx, map_hex_at(&s->ctx->gd->map, ti))))
        return 0;
    if (s->no_contact)
        return COST_NO;
    int terrain = s->hexes[ti].terrain;
    return (s->contact_free_mask & (1u << terrain)) ? 0 : s->terrain[terrain].contact_cost;
}

static inline int enemy_surcharge(const MoveContext *ctx, int ti)
{
    Surcharge s = surcharge_of(ctx);
    return surcharge(&s, ti);
}

/* A step's cost from its table: the table's cost (COST_NO: none) plus what
 * the enemy adds to a step into the hex it enters (surcharge's answer;
 * COST_NO: he bars it). The one answer for step_cost, table_step and
 * enter_costs; inlined, each drops the tests its caller has made already. */
static inline __attribute__((always_inline)) int table_plus_enemy(int cost, int add)
{
    return cost == COST_NO || add == COST_NO ? COST_NO : cost + add;
}

void move_contact_map(const GameData *gd, const short *enemy_hexes, int n, unsigned char *contact)
{
    const Map *m = &gd->map;
    memset(contact, 0, (size_t)(m->cols * m->rows));
    for (int i = 0; i < n; i++) {
        int e = enemy_hexes[i];
        for (int d = 0; d < DIR_COUNT; d++) {
            int ti = m->hexes[e].nb[d];
            if (ti < 0 || contact[ti])
                continue;
            const Hexside *hs = &m->hexes[ti].side[hex_dir_opposite(d)]; /* as in_contact asks it from t */
            if (hs->kind < 0 || gd->hexside_kinds[hs->kind].contact_across)
                contact[ti] = 1;
        }
    }
}

bool move_context_same(const MoveContext *a, const MoveContext *b)
{
    return a->gd == b->gd && a->rain == b->rain && a->enemy == b->enemy && a->contact == b->contact &&
           a->pontoon == b->pontoon && a->no_contact == b->no_contact && a->no_great_rivers == b->no_great_rivers &&
           a->no_great_rivers_south == b->no_great_rivers_south && a->as_mask == b->as_mask &&
           a->as_terrain == b->as_terrain && a->contact_free_mask == b->contact_free_mask &&
           a->area_nw.col == b->area_nw.col && a->area_nw.row == b->area_nw.row && a->area_se.col == b->area_se.col &&
           a->area_se.row == b->area_se.row && a->south_only == b->south_only && a->no_road_bonus == b->no_road_bonus &&
           a->spent_half == b->spent_half && a->road_lost == b->road_lost;
}

bool move_in_area(const MoveContext *ctx, HexCoord h)
{
    return ctx->area_nw.col == 0 || (h.col >= ctx->area_nw.col && h.col <= ctx->area_se.col &&
                                     h.row >= ctx->area_nw.row && h.row <= ctx->area_se.row);
}

static inline int step_cost_body(const MoveContext *ctx, int from, int dir, bool *by_road);
static int step_cost_full(const MoveContext *ctx, int from, int dir, bool *by_road);

/* The part of every step's cost that neither the enemy nor the pontoons
 * change (the ground, the roads, the hexsides in this weather, the play
 * area, the river limits, the events' terrain): step_cost_full asked with
 * no enemy and no pontoons, once for each hex and direction, and kept for
 * the last few contexts. A step then adds only what the enemy makes of it;
 * a pontoon on a river hexside takes the whole question again. */
#define STEP_TABLES 6
#define STEP_TABLE_HEXES 2048
_Static_assert(STEP_TABLE_HEXES <= 0x10000, "a step table's step keeps the hex it enters in 16 bits");
typedef struct {
    bool known;
    unsigned used;
    unsigned build; /* which build of a table this is (step_builds when made): a MoveTableRef's check */
    const GameData *gd;
    unsigned serial;
    bool rain, south_only, no_great_rivers, no_great_rivers_south;
    HexCoord area_nw, area_se;
    unsigned as_mask;
    int as_terrain;
    /* a step with a cost (open's bit set): its cost << 16 | the hex it enters; the others COST_NO */
    unsigned step[STEP_TABLE_HEXES][DIR_COUNT];
    unsigned char open[STEP_TABLE_HEXES];  /* bit per direction: the step has a cost (not COST_NO) */
    unsigned char road[STEP_TABLE_HEXES];  /* bit per direction: the step goes by road */
    unsigned char sided[STEP_TABLE_HEXES]; /* bit per direction: a hexside kind (a pontoon there asks again) */
    short least[STEP_TABLE_HEXES]; /* the least cost of a step from the hex (SHRT_MAX: none) */
    /* the same steps seen from the hex they enter, for a search from a goal outward (enter_costs):
     * in_cost[h][dir] is the cost of step[n][back] for h's neighbour n in dir and back the direction from n to h
     * (COST_NO with no neighbour there), in_sided bit dir is sided[n]'s bit back */
    short in_cost[STEP_TABLE_HEXES][DIR_COUNT];
    unsigned char in_sided[STEP_TABLE_HEXES];
    int least_add; /* the least the enemy can add to a step (a contact cost below 0; else 0) */
} StepTable;
static StepTable step_tables[STEP_TABLES];
static unsigned step_clock, step_builds;

static inline bool table_fits(const StepTable *t, const MoveContext *c)
{
    return t->known && t->gd == c->gd && t->serial == c->gd->serial && t->rain == c->rain &&
           t->south_only == c->south_only && t->no_great_rivers == c->no_great_rivers &&
           t->no_great_rivers_south == c->no_great_rivers_south && t->area_nw.col == c->area_nw.col &&
           t->area_nw.row == c->area_nw.row && t->area_se.col == c->area_se.col && t->area_se.row == c->area_se.row &&
           t->as_mask == c->as_mask && t->as_terrain == c->as_terrain;
}

static StepTable *step_last; /* the table last asked for: the same context is asked again and again */

/* step_table when step_last does not fit ctx: another table, or one made. */
static const StepTable *step_table_find(const MoveContext *ctx)
{
    const Map *m = &ctx->gd->map;
    int cells = m->cols * m->rows;
    if (cells > STEP_TABLE_HEXES)
        return NULL;
    StepTable *t = NULL;
    for (int i = 0; i < STEP_TABLES && !t; i++)
        if (table_fits(&step_tables[i], ctx))
            t = &step_tables[i];
    if (!t) {
        t = &step_tables[0]; /* the one unused longest */
        for (int i = 1; i < STEP_TABLES; i++)
            if (!step_tables[i].known || (t->known && step_tables[i].used < t->used))
                t = &step_tables[i];
        MoveContext bare = *ctx;
        bare.enemy = NULL;
        bare.contact = NULL;
        bare.pontoon = NULL;
        for (int h = 0; h < cells; h++) {
            t->in_sided[h] = 0;
            for (int d = 0; d < DIR_COUNT; d++)
                t->in_cost[h][d] = COST_NO; /* no neighbour there */
        }
        for (int h = 0; h < cells; h++) {
            t->road[h] = 0;
            t->sided[h] = 0;
            t->open[h] = 0;
            t->least[h] = SHRT_MAX;
            for (int d = 0; d < DIR_COUNT; d++) {
                if (m->hexes[h].side[d].kind >= 0)
                    t->sided[h] |= (unsigned char)(1u << d);
                bool road;
                int cost = step_cost_body(&bare, h, d, &road), to = m->hexes[h].nb[d]; /* step_cost_full's */
                if (road)
                    t->road[h] |= (unsigned char)(1u << d);
                if (cost != COST_NO) { /* then `to` is on the map */
                    /* step keeps the cost in 16 bits, least and in_cost in a short (the loader reads
                     * costs of 0 to 999.5 MP: 1999 half MP at most) */
                    assert(cost >= 0 && cost <= 0xffff && cost <= SHRT_MAX);
                    t->open[h] |= (unsigned char)(1u << d);
                    t->step[h][d] = (unsigned)cost << 16 | (unsigned)to;
                    if (cost < t->least[h])
                        t->least[h] = (short)cost;
                }
                int back = hex_dir_opposite(d);
                if (to >= 0) { /* the same step seen from the hex it enters */
                    t->in_cost[to][back] = (short)cost;
                    t->in_sided[to] |= (unsigned char)(((t->sided[h] >> d) & 1u) << back);
                }
            }
        }
        t->least_add = 0;
        for (int i = 0; i < ctx->gd->nterrain; i++)
            if (ctx->gd->terrain[i].contact_cost != COST_NO && ctx->gd->terrain[i].contact_cost < t->least_add)
                t->least_add = ctx->gd->terrain[i].contact_cost;
        t->known = true;
        t->build = ++step_builds;
        t->gd = ctx->gd;
        t->serial = ctx->gd->serial;
        t->rain = ctx->rain;
        t->south_only = ctx->south_only;
        t->no_great_rivers = ctx->no_great_rivers;
        t->no_great_rivers_south = ctx->no_great_rivers_south;
        t->area_nw = ctx->area_nw;
        t->area_se = ctx->area_se;
        t->as_mask = ctx->as_mask;
        t->as_terrain = ctx->as_terrain;
    }
    t->used = ++step_clock;
    step_last = t;
    return t;
}

/* The table of ctx's step costs, made if none fits (NULL on a map too big
 * for one). A table fits a context on a map of any size it was made for, so
 * the last one is asked first, before the map's size. */
static inline const StepTable *step_table(const MoveContext *ctx)
{
    StepTable *t = step_last;
    if (t && table_fits(t, ctx))
        return t; /* used last already: the latest `used` of all, as step_table_find left it */
    return step_table_find(ctx);
}

/* Of the steps from map hex `from` in dirs (a bit per direction), those
 * that a table t (NULL: none) does not answer, asked in full
 * (step_cost_full): every one with no table, else those across a hexside
 * kind that the context's pontoon (NULL: none) spans. The one answer for
 * step_cost, walk_body and enter_costs. */
static inline __attribute__((always_inline)) unsigned steps_in_full(const StepTable *t, const unsigned char *pontoon,
                                                                    int from, unsigned dirs)
{
    if (!t)
        return dirs;
    unsigned sided = t->sided[from] & dirs;
    return sided && pontoon ? sided & pontoon[from] : 0u;
}

/* move_step_cost_at with the context's table (NULL: none). */
static inline int step_cost(const MoveContext *ctx, const StepTable *t, int from, int dir, bool *by_road)
{
    if (!steps_in_full(t, ctx->pontoon, from, 1u << dir)) {
        *by_road = false;
        if (!((t->open[from] >> dir) & 1))
            return COST_NO;
        unsigned sv = t->step[from][dir];
        *by_road = (t->road[from] >> dir) & 1;
        return table_plus_enemy((int)(sv >> 16), enemy_surcharge(ctx, (int)(sv & 0xffffu)));
    }
    return step_cost_full(ctx, from, dir, by_road);
}

int move_step_cost_at(const MoveContext *ctx, int from, int dir, bool *by_road)
{
    return step_cost(ctx, step_table(ctx), from, dir, by_road);
}

/* The whole question, the enemy and the pontoons included: step_cost_body,
 * which the making of a table reads in its own loop (thousands of steps of
 * a context with neither). */
static int step_cost_full(const MoveContext *ctx, int from, int dir, bool *by_road)
{
    return step_cost_body(ctx, from, dir, by_road);
}

static inline __attribute__((always_inline)) int step_cost_body(const MoveContext *ctx, int from, int dir,
                                                                bool *by_road)
{
    const GameData *gd = ctx->gd;
    const Map *m = &gd->map;
    *by_road = false;
    const MapHex *fh = &m->hexes[from];
    int ti = fh->nb[dir];
    if (ti < 0 || (ctx->area_nw.col != 0 && !move_in_area(ctx, map_hex_at(m, ti))))
        return COST_NO;
    if (ctx->enemy && ctx->enemy[ti])
        return COST_NO;
    if (ctx->south_only && m->hexes[ti].bank == BANK_NORTH) /* the wedge below the Rappahannock is open */
        return COST_NO;
    const MapHex *th = &m->hexes[ti];
    int road = fh->road[dir];
    bool road_usable = road >= 0 && gd->road_kinds[road].move != COST_NO;

    /* Crossing the hexside. */
    int extra = 0;
    const Hexside *hs = &fh->side[dir];
    if (hs->kind >= 0) {
        const HexsideKind *k = &gd->hexside_kinds[hs->kind];
        if (k->cost == COST_NO &&
            (ctx->no_great_rivers || (ctx->no_great_rivers_south && th->bank == BANK_SOUTH && fh->bank != BANK_SOUTH)))
            return COST_NO;
        bool pontoon = ctx->pontoon && (ctx->pontoon[from] & (1u << dir));
        extra = ctx->rain ? k->rain_cost : k->cost;
        if (hs->flags & SIDE_FORD)
            extra = min_cost(extra, ctx->rain ? k->ford_rain_cost : k->ford_cost);
        if (hs->flags & SIDE_BRIDGE)
            extra = min_cost(extra, k->bridge_cost);
        if (pontoon)
            extra = min_cost(extra, k->pontoon_cost);
        if (road_usable && k->road_negates)
            extra = 0;
        if (extra == COST_NO)
            return COST_NO;
    }

    /* Entering the hex: the road ignores the terrain. */
    const TerrainKind *t = &gd->terrain[th->terrain];
    if ((ctx->as_mask & (1u << th->terrain)) && ctx->as_terrain >= 0 && ctx->as_terrain < gd->nterrain)
        t = &gd->terrain[ctx->as_terrain];
    int enter;
    if (road_usable) {
        enter = gd->road_kinds[road].move;
        *by_road = true;
    } else {
        if (t->move == COST_NO)
            return COST_NO;
        enter = t->move;
    }
    int add = enemy_surcharge(ctx, ti); /* the ground's own contact cost, not the road's or as_terrain's */
    return add == COST_NO ? COST_NO : enter + add + extra;
}

int move_step_cost(const MoveContext *ctx, HexCoord from, int dir, bool *by_road)
{
    const Map *m = &ctx->gd->map;
    *by_road = false;
    if (!map_has(m, from) || dir < 0 || dir >= DIR_COUNT)
        return COST_NO;
    return move_step_cost_at(ctx, map_hex_index(m, from), dir, by_road);
}

/* A small binary heap of (cost, layer, hex), each entry one word: the cost
 * in the high half, the layer in bit 15, the hex below it (a MoveCell's
 * short prev already holds a hex index, and a cost is half MP from 0 up, in
 * a MoveCell's short). Entries are ordered by their cost alone, exactly as
 * a heap of (cost, layer, hex) compared by cost: x's cost is below y's when
 * x < (y & HEAP_COST), and at most y's when x <= (y | ~HEAP_COST); so equal
 * costs leave the heap in the same order as ever (the parent a hex keeps,
 * and so its path, depends on it). */
struct MoveHeapItem {
    unsigned key;
};
typedef struct MoveHeapItem HeapItem;
typedef struct MoveHeap Heap;
#define HEAP_COST 0xffff0000u
#define HEAP_LAYER_SHIFT 15
#define HEAP_HEX 0x7fffu

static inline unsigned heap_key(int cost, int layer, int hex)
{
    return (unsigned)cost << 16 | (unsigned)layer << HEAP_LAYER_SHIFT | (unsigned)hex;
}

static inline int key_cost(unsigned key) { return (int)(key >> 16); }
static inline int key_layer(unsigned key) { return (int)((key >> HEAP_LAYER_SHIFT) & 1u); }
static inline int key_hex(unsigned key) { return (int)(key & HEAP_HEX); }

static bool heap_grow(Heap *h)
{
    int cap = h->cap ? h->cap * 2 : 256;
    HeapItem *p = realloc(h->items, (size_t)cap * sizeof *p);
    if (!p)
        return false;
    h->items = p;
    h->cap = cap;
    return true;
}

static inline bool heap_push(Heap *h, unsigned key)
{
    if (h->n == h->cap && !heap_grow(h))
        return false;
    HeapItem *items = h->items;
    int i = h->n++;
    unsigned at_most = key | ~HEAP_COST; /* a parent costing at most key's cost stays above it */
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (items[parent].key <= at_most)
            break;
        items[i] = items[parent];
        i = parent;
    }
    items[i].key = key;
    return true;
}

static inline unsigned heap_pop(Heap *h)
{
    HeapItem *items = h->items;
    unsigned top = items[0].key;
    unsigned last = items[--h->n].key;
    int n = h->n, i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        unsigned best = last & HEAP_COST; /* a child costing less than this rises */
        if (l < n && items[l].key < best)
            m = l, best = items[l].key & HEAP_COST;
        if (r < n && items[r].key < best)
            m = r;
        if (m == i)
            break;
        items[i] = items[m];
        i = m;
    }
    if (n > 0)
        items[i].key = last;
    return top;
}

/* A heap's buffer kept for the next search instead of freed, as the reach
 * buffers below are: one, since searches mostly come one after another (a
 * walk that is still going keeps its own; the next one takes a new one). */
static Heap heap_spare;

static void heap_take(Heap *h)
{
    *h = (Heap){heap_spare.items, 0, heap_spare.cap};
    heap_spare = (Heap){NULL, 0, 0};
}

static void heap_give(Heap *h)
{
    if (!heap_spare.items)
        heap_spare = (Heap){h->items, 0, h->cap};
    else
        free(h->items);
    *h = (Heap){NULL, 0, 0};
}

/* Reach buffers, kept for the next search instead of freed: a search
 * takes one, raises its stamp instead of clearing it, and
 * move_reach_free gives it back. A game lists moves hundreds of times a
 * turn, and clearing two map-sized layers each time was a good part of
 * it. What is still here at exit is reachable, not leaked. */
#define REACH_POOL 16
typedef struct {
    MoveCell *cells;
    unsigned long long *reached;
    int cap;
    unsigned stamp;
} ReachBuffer;
static ReachBuffer reach_pool[REACH_POOL];
static int reach_pooled;

#define REACH_WORDS(n) (((size_t)(n) + 63) / 64)

static void reach_use(MoveReach *r, ReachBuffer b, int n)
{
    r->cap = b.cap;
    r->stamp = b.stamp;
    r->cell[0] = b.cells;
    r->cell[1] = b.cells + n;
    r->reached = b.reached;
    memset(r->reached, 0, REACH_WORDS(n) * sizeof *r->reached);
}

static bool reach_take(MoveReach *r, int n)
{
    for (int i = reach_pooled - 1; i >= 0; i--)
        if (reach_pool[i].cap >= n) {
            ReachBuffer b = reach_pool[i];
            reach_pool[i] = reach_pool[--reach_pooled];
            if (++b.stamp == 0) { /* the stamp came round: old cells could pass for new */
                memset(b.cells, 0, (size_t)b.cap * LAYER_COUNT * sizeof *b.cells);
                b.stamp = 1;
            }
            reach_use(r, b, n);
            return true;
        }
    ReachBuffer b = {calloc((size_t)n * LAYER_COUNT, sizeof *b.cells), malloc(REACH_WORDS(n) * sizeof *b.reached), n,
                     1};
    if (!b.cells || !b.reached) { /* calloc: stamp 0, nothing reached */
        free(b.cells);
        free(b.reached);
        return false;
    }
    reach_use(r, b, n);
    return true;
}

void move_reach_free(MoveReach *r)
{
    if (!r->cell[0])
        return;
    if (reach_pooled < REACH_POOL)
        reach_pool[reach_pooled++] = (ReachBuffer){r->cell[0], r->reached, r->cap, r->stamp};
    else {
        free(r->cell[0]);
        free(r->reached);
    }
    for (int l = 0; l < LAYER_COUNT; l++)
        r->cell[l] = NULL;
    r->reached = NULL;
}

int move_reach_next(const MoveReach *r, int after)
{
    if (!r->cell[0])
        return -1;
    int h = after + 1;
    size_t w = (size_t)h / 64, words = REACH_WORDS(r->nhexes);
    if (h >= r->nhexes)
        return -1;
    unsigned long long bits = r->reached[w] & (~0ULL << (h % 64));
    while (!bits) {
        if (++w == words)
            return -1;
        bits = r->reached[w];
    }
    return (int)(w * 64 + (size_t)__builtin_ctzll(bits));
}

int move_reach_list(const MoveReach *r, short *out)
{
    int n = 0;
    if (!r->cell[0])
        return 0;
    size_t words = REACH_WORDS(r->nhexes);
    for (size_t w = 0; w < words; w++)
        for (unsigned long long bits = r->reached[w]; bits; bits &= bits - 1) {
            int h = (int)(w * 64 + (size_t)__builtin_ctzll(bits));
            if (h != r->start)
                out[n++] = (short)h;
        }
    return n;
}

/* Half MP spent to reach hex i in layer l, MOVE_UNREACHED if not. */
static int cell_cost(const MoveReach *r, int l, int i)
{
    const MoveCell *c = &r->cell[l][i];
    return c->stamp == r->stamp ? c->cost : MOVE_UNREACHED;
}

/* A search begun: its start in the heap, nothing searched yet. */
static bool walk_start(const MoveContext *ctx, HexCoord start, int movement, MoveWalk *w)
{
    const Map *m = &ctx->gd->map;
    memset(w, 0, sizeof *w);
    heap_take(&w->heap);
    MoveReach *out = &w->r;
    if (!map_has(m, start))
        return false;
    int n = m->cols * m->rows;
    out->nhexes = n;
    out->map = m;
    out->start = map_hex_index(m, start);
    out->allowance[LAYER_ANY] = movement * 2 - ctx->spent_half;
    out->allowance[LAYER_ROAD] = ctx->road_lost ? out->allowance[LAYER_ANY]
                                                : movement * 2 + (ctx->no_road_bonus ? 0 : ctx->gd->movement.road_bonus) -
                                                      ctx->spent_half;
    if (!reach_take(out, n))
        return false;
    w->ctx = ctx;
    out->cell[LAYER_ROAD][out->start] = (MoveCell){out->stamp, 0, -1, -1};
    out->reached[out->start / 64] |= 1ULL << (out->start % 64);
    w->ok = heap_push(&w->heap, heap_key(0, LAYER_ROAD, out->start));
    return true;
}

/* Whether nothing the search has left to do can change what it answers
 * for hex i (best_layer's layer and cost, and so the path): every cell
 * still to come costs at least the heap's least cost (no step costs less
 * than nothing), and only a cheaper arrival changes a cell; a layer not
 * reached yet changes the answer only if it would leave as much MP as the
 * other. Not while i is reached in neither layer. */
static bool walk_settled(const MoveReach *r, const Heap *heap, bool ok, int i)
{
    if (heap->n == 0 || !ok)
        return true;
    int least = key_cost(heap->items[0].key);
    int c[LAYER_COUNT], known = -1;
    for (int l = 0; l < LAYER_COUNT; l++) {
        c[l] = cell_cost(r, l, i);
        if (c[l] != MOVE_UNREACHED) {
            if (least < c[l])
                return false; /* it may still come cheaper */
            known = l;
        }
    }
    if (known < 0)
        return false;
    for (int l = 0; l < LAYER_COUNT; l++)
        if (c[l] == MOVE_UNREACHED && least <= r->allowance[l] &&
            least <= c[known] + r->allowance[l] - r->allowance[known])
            return false; /* it may still arrive this way, leaving as much */
    return true;
}

/* A step of a search (walk_body's) read from its table: sv is the table's
 * step (its cost and the hex it enters, put in *ni), to which the enemy
 * adds his surcharge; COST_NO when he bars it. */
static inline __attribute__((always_inline)) int table_step(const Surcharge *sur, unsigned sv, int *ni)
{
    *ni = (int)(sv & 0xffffu);
    return table_plus_enemy((int)(sv >> 16), surcharge(sur, *ni));
}

/* A search's arrival at map hex ni in `layer` (its cells and allowance)
 * for `cost` half MP, from hex `from` of from_layer: kept, and put in the
 * heap, when it fits the allowance and is cheaper than the way the cell
 * has. Returns what the heap's push says (ok when nothing is pushed). */
static inline __attribute__((always_inline)) bool walk_relax(MoveCell *cells, int allow, unsigned stamp,
                                                             unsigned long long *reached, Heap *heap, bool ok,
                                                             int layer, int ni, int cost, int from, int from_layer)
{
    if (cost > allow)
        return ok;
    MoveCell *c = &cells[ni];
    if (c->stamp == stamp && c->cost <= cost)
        return ok;
    reached[(unsigned)ni / 64] |= 1ULL << ((unsigned)ni % 64);
    *c = (MoveCell){stamp, (short)cost, (short)from, (signed char)from_layer};
    return heap_push(heap, heap_key(cost, layer, ni));
}

/* Dijkstra's search of w carried on until the heap is empty, or (stop >= 0)
 * until hex stop is reached, or until no cell of cost `past` or less can
 * change (the least cost in the heap is above it). Hexes come out of the
 * heap in the same order however often it stops on the way, so what a walk
 * has reached is always part of what the whole search reaches, and all of
 * it once the heap is empty. with_contact: ctx has the enemy and its
 * contact map (walk_on makes one body for that, the usual search, whose
 * steps need not ask whether they are there). */
static inline __attribute__((always_inline)) void walk_body(MoveWalk *w, int stop, int past, bool with_contact)
{
    const MoveContext *ctx = w->ctx;
    const GameData *gd = ctx->gd;
    const MapHex *const hexes = gd->map.hexes;
    MoveReach *out = &w->r;
    const StepTable *t = step_table(ctx); /* the same for the whole search (asked again when it resumes) */
    const unsigned stamp = out->stamp;
    /* step_cost's questions, asked here with what does not change from one step to the next read once
     * (the same answers: the table's cost, the enemy's surcharge; the whole question where a pontoon
     * spans a hexside or there is no table) */
    const unsigned char *const pontoon = ctx->pontoon;
    const Surcharge sur = surcharge_of(ctx);
    if (with_contact && (!sur.enemy || !sur.contact))
        __builtin_unreachable(); /* walk_on's promise: the surcharge's tests of them go */
    MoveCell *const cell[LAYER_COUNT] = {out->cell[LAYER_ROAD], out->cell[LAYER_ANY]};
    const int allowance[LAYER_COUNT] = {out->allowance[LAYER_ROAD], out->allowance[LAYER_ANY]};
    /* the most a step from a cell of each layer may bring its cost to */
    const int max_allowance[LAYER_COUNT] = {
        allowance[LAYER_ROAD] > allowance[LAYER_ANY] ? allowance[LAYER_ROAD] : allowance[LAYER_ANY],
        allowance[LAYER_ANY]};
    unsigned long long *const reached = out->reached;
    Heap *heap = &w->heap;
    bool ok = w->ok;
    while (ok && heap->n > 0) {
        if (stop >= 0 && ((reached[stop / 64] >> (stop % 64)) & 1))
            break;
        if (key_cost(heap->items[0].key) > past)
            break;
        unsigned key = heap_pop(heap);
        int from = key_hex(key), from_layer = key_layer(key), from_cost = key_cost(key);
        if (from_cost != cell[from_layer][from].cost)
            continue; /* a stale entry (a popped cell is always this search's) */
        const MapHex *fh = &hexes[from];
        unsigned full = steps_in_full(t, pontoon, from, 0x3fu);
        /* A hex from which no step fits the allowance gives nothing: every step from it costs at least
         * its least and the least the enemy adds, and goes on in the any layer, or in the road layer
         * when it comes by that. Steps asked in full are not in its least. */
        if (!full && from_cost + t->least[from] + t->least_add > max_allowance[from_layer])
            continue;
        /* the steps to ask, in direction order: those the table gives a cost (every other one is COST_NO)
         * and those asked in full; a step by road from the road layer stays in it (bit per direction).
         * Three loops for the same steps: the usual hex's, whose steps all go on in the any layer, the
         * road layer's, and one with steps asked in full (the fewer things a loop reads, the fewer it
         * reads again from memory) */
        unsigned todo = t ? (unsigned)t->open[from] : 0u;
        const unsigned stay_road = from_layer == LAYER_ROAD && t ? (unsigned)t->road[from] : 0u;
        if (!full && !stay_road) {
            const unsigned *const sp = t->step[from];
            MoveCell *const any = cell[LAYER_ANY];
            const int allow = allowance[LAYER_ANY];
            for (; todo; todo &= todo - 1) {
                int ni, step = table_step(&sur, sp[__builtin_ctz(todo)], &ni);
                if (step != COST_NO)
                    ok = walk_relax(any, allow, stamp, reached, heap, ok, LAYER_ANY, ni, from_cost + step, from,
                                    from_layer);
            }
        } else if (!full) {
            const unsigned *const sp = t->step[from];
            for (; todo; todo &= todo - 1) {
                const int dir = __builtin_ctz(todo);
                int ni, step = table_step(&sur, sp[dir], &ni);
                const int layer = (stay_road >> dir) & 1u ? LAYER_ROAD : LAYER_ANY;
                if (step != COST_NO)
                    ok = walk_relax(cell[layer], allowance[layer], stamp, reached, heap, ok, layer, ni,
                                    from_cost + step, from, from_layer);
            }
        } else {
            for (todo |= full; todo; todo &= todo - 1) {
                const int dir = __builtin_ctz(todo);
                int ni, step, layer;
                if (full & (1u << dir)) {
                    bool full_road;
                    step = step_cost_full(ctx, from, dir, &full_road);
                    ni = fh->nb[dir]; /* -1 off the map, where the step is COST_NO */
                    layer = (from_layer == LAYER_ROAD && full_road) ? LAYER_ROAD : LAYER_ANY;
                } else {
                    step = table_step(&sur, t->step[from][dir], &ni);
                    layer = (stay_road >> dir) & 1u ? LAYER_ROAD : LAYER_ANY;
                }
                if (step != COST_NO)
                    ok = walk_relax(cell[layer], allowance[layer], stamp, reached, heap, ok, layer, ni,
                                    from_cost + step, from, from_layer);
            }
        }
    }
    w->ok = ok;
}

/* walk_body for the usual search, the enemy and its contact map known (a
 * body of its own for the whole search), and for the others. */
static void walk_on(MoveWalk *w, int stop, int past)
{
    if (w->ctx->enemy && w->ctx->contact) {
        if (stop < 0 && past == INT_MAX)
            walk_body(w, -1, INT_MAX, true); /* the whole search (move_reach's): no test a hex for stopping */
        else
            walk_body(w, stop, past, true);
    } else
        walk_body(w, stop, past, false);
}

bool move_walk(const MoveContext *ctx, HexCoord start, int movement, MoveWalk *w)
{
    if (walk_start(ctx, start, movement, w))
        return true;
    heap_give(&w->heap);
    return false;
}

bool move_walk_reaches(MoveWalk *w, int i)
{
    if (!w->r.cell[0])
        return false;
    walk_on(w, i, INT_MAX);
    return (w->r.reached[i / 64] >> (i % 64)) & 1;
}

void move_walk_past(MoveWalk *w, int cost)
{
    if (w->r.cell[0])
        walk_on(w, -1, cost);
}

int move_walk_least(const MoveWalk *w)
{
    return w->r.cell[0] && w->ok && w->heap.n > 0 ? key_cost(w->heap.items[0].key) : INT_MAX;
}

bool move_walk_final(const MoveWalk *w, int i)
{
    return !w->r.cell[0] || walk_settled(&w->r, &w->heap, w->ok, i);
}

void move_walk_free(MoveWalk *w)
{
    heap_give(&w->heap);
    move_reach_free(&w->r);
}

bool move_reach(const MoveContext *ctx, HexCoord start, int movement, MoveReach *out)
{
    MoveWalk w;
    bool ok = walk_start(ctx, start, movement, &w);
    if (ok) {
        walk_on(&w, -1, INT_MAX);
        ok = w.ok;
    }
    heap_give(&w.heap);
    *out = w.r;
    if (!ok)
        move_reach_free(out);
    return ok;
}

/* The layer of the arrival at hex index i that leaves the most MP (a
 * route wholly by road keeps its bonus: it may cost more and leave more,
 * for a move resumed after a break of contact or for leaving the map);
 * of two that leave as much, the cheaper. -1 when not reached. */
static int best_layer(const MoveReach *r, int i)
{
    int best = -1, best_left = 0;
    for (int l = 0; l < LAYER_COUNT; l++) {
        int c = cell_cost(r, l, i);
        if (c == MOVE_UNREACHED)
            continue;
        int left = r->allowance[l] - c;
        if (best < 0 || left > best_left || (left == best_left && c < cell_cost(r, best, i)))
            best = l, best_left = left;
    }
    return best;
}

int move_cost_by(const MoveReach *r, int i, bool road)
{
    return r->cell[0] ? cell_cost(r, road ? LAYER_ROAD : LAYER_ANY, i) : MOVE_UNREACHED;
}

bool move_reaches(const MoveReach *r, int i)
{
    return r->cell[0] && (cell_cost(r, LAYER_ROAD, i) != MOVE_UNREACHED || cell_cost(r, LAYER_ANY, i) != MOVE_UNREACHED);
}

int move_cost_to(const MoveReach *r, HexCoord h, bool *road_only)
{
    if (!r->cell[0] || !map_has(r->map, h))
        return MOVE_UNREACHED;
    return move_cost_at(r, map_hex_index(r->map, h), road_only);
}

int move_cost_at(const MoveReach *r, int i, bool *road_only)
{
    if (!r->cell[0])
        return MOVE_UNREACHED;
    int l = best_layer(r, i);
    if (road_only)
        *road_only = l == LAYER_ROAD;
    return l < 0 ? MOVE_UNREACHED : cell_cost(r, l, i);
}

int move_path(const MoveReach *r, HexCoord h, HexCoord *out, int max)
{
    if (!r->cell[0] || !map_has(r->map, h))
        return 0;
    int i = map_hex_index(r->map, h);
    int l = best_layer(r, i);
    if (l < 0)
        return 0;
    int len = 0;
    /* Walk back, then reverse. */
    while (i >= 0 && len < max) {
        out[len++] = map_hex_at(r->map, i);
        const MoveCell *c = &r->cell[l][i];
        i = c->prev;
        l = c->prev_layer;
        if (i >= 0 && l < 0)
            break;
    }
    for (int a = 0, b = len - 1; a < b; a++, b--) {
        HexCoord t = out[a];
        out[a] = out[b];
        out[b] = t;
    }
    return len;
}

/* enter_costs' steps asked in full: with no table, or (full, a bit per
 * direction) across a hexside kind the context's pontoon spans. Apart, as
 * they are few, so that the usual steps' loop reads few things. */
static __attribute__((noinline)) void enter_costs_full(const MoveContext *ctx, const StepTable *t, int to,
                                                       unsigned full, int cost[DIR_COUNT])
{
    const MapHex *th = &ctx->gd->map.hexes[to];
    for (; full; full &= full - 1) {
        int dir = __builtin_ctz(full), from = th->nb[dir];
        bool road;
        cost[dir] = from < 0 ? COST_NO : step_cost(ctx, t, from, hex_dir_opposite(dir), &road);
    }
}

/* move_enter_costs with the context's table t (NULL: none). */
static void enter_costs(const MoveContext *ctx, const StepTable *t, int to, unsigned dirs, int cost[DIR_COUNT])
{
    for (int dir = 0; dir < DIR_COUNT; dir++)
        cost[dir] = COST_NO;
    /* step_cost's answer for each step into `to`: what the enemy makes of it is the same for all six (the
     * enemy's hex or the contact surcharge of `to`), asked once */
    int enemy_add = enemy_surcharge(ctx, to);
    if (enemy_add == COST_NO)
        return; /* the enemy's hex, or contact forbidden: no step enters it (step_cost says so too) */
    if (!t) { /* every step asked in full (steps_in_full's answer with no table) */
        enter_costs_full(ctx, t, to, dirs, cost);
        return;
    }
    /* the table's cost of each step, seen from `to`; a step across a hexside kind where the context's
     * pontoon spans it is asked in full (steps_in_full, as step_cost asks it) */
    unsigned full = 0;
    const unsigned char *const pontoon = ctx->pontoon;
    for (unsigned sided = pontoon ? t->in_sided[to] & dirs : 0u; sided; sided &= sided - 1) {
        int dir = __builtin_ctz(sided), from = ctx->gd->map.hexes[to].nb[dir]; /* in_sided: sided[from]'s bit */
        if (steps_in_full(t, pontoon, from, 1u << hex_dir_opposite(dir)))
            full |= 1u << dir;
    }
    const short *in = t->in_cost[to];
    for (unsigned d = dirs & ~full; d; d &= d - 1) { /* the directions asked, and those alone */
        int dir = __builtin_ctz(d);
        cost[dir] = table_plus_enemy(in[dir], enemy_add);
    }
    if (full)
        enter_costs_full(ctx, t, to, full, cost);
}

void move_enter_costs(const MoveContext *ctx, int to, unsigned dirs, int cost[DIR_COUNT])
{
    dirs &= (1u << DIR_COUNT) - 1;
    if (!dirs) {
        for (int dir = 0; dir < DIR_COUNT; dir++)
            cost[dir] = COST_NO;
        return;
    }
    enter_costs(ctx, step_table(ctx), to, dirs, cost); /* the table once for the six steps, not once a step */
}

void move_enter_costs_kept(const MoveContext *ctx, MoveTableRef *ref, int to, unsigned dirs, int cost[DIR_COUNT])
{
    dirs &= (1u << DIR_COUNT) - 1;
    if (!dirs) {
        for (int dir = 0; dir < DIR_COUNT; dir++)
            cost[dir] = COST_NO;
        return;
    }
    const StepTable *t = ref->table;
    /* No test of t->gd: ref was found for this ctx (which does not change while ref is used), and a table
     * made again for any other context, another data set's included, gets a new build; the serial notices
     * this data set changed in place (the same gd, edited since) */
    if (!t || t->build != ref->build || !t->known || t->serial != ctx->gd->serial) { /* rebuilt for another: ask */
        t = step_table(ctx);
        ref->table = t;
        ref->build = t ? t->build : 0;
    }
    enter_costs(ctx, t, to, dirs, cost);
}
