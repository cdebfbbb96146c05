#include "automa/automa_state.h"
#include "view/mapview.h"

#include <stdlib.h>
#include <string.h>

/* State markers, most important first. */
static const struct {
    unsigned flag;
    char mark;
} state_marks[] = {
    {UF_DEM, 'D'}, {UF_DIS, 'd'}, {UF_OOS, 'o'},      {UF_FIRED, 'f'},
    {UF_FORCED, 'm'}, {UF_DETACHED, 'x'}, {UF_MOVED, 'v'}, {UF_ACTIVATED, 'a'},
};
#define NSTATE_MARKS ((int)(sizeof state_marks / sizeof state_marks[0]))

/* The rank of a state marker: 0 none, higher is more important. */
static int mark_rank(char mark)
{
    for (int i = 0; i < NSTATE_MARKS; i++)
        if (state_marks[i].mark == mark)
            return NSTATE_MARKS - i;
    return 0;
}

char mapview_unit_mark(unsigned flags)
{
    for (int i = 0; i < NSTATE_MARKS; i++)
        if (flags & state_marks[i].flag)
            return state_marks[i].mark;
    return 0;
}

bool mapview_unit_reduced(const Game *g, int unit)
{
    const GameData *gd = g->gd;
    const UnitDef *ud = &gd->units[unit];
    int full = ud->counter >= 0 ? gd->counters[ud->counter].nvalues : ud->reduced > 0 ? 2 : 1;
    return g->st.unit[unit].steps < full;
}

void mapview_free(MapViewBuf *b)
{
    for (int s = 0; s < SIDE_COUNT; s++)
        free(b->units[s]);
    free(b->mark);
    free(b->work);
    free(b->colour);
    free(b->reduced);
    free(b->points);
    free(b->objective);
    memset(b, 0, sizeof *b);
}

static bool alloc(MapViewBuf *b, int n)
{
    if (b->n == n && b->mark)
        return true;
    mapview_free(b);
    size_t sz = (size_t)n;
    for (int s = 0; s < SIDE_COUNT; s++)
        b->units[s] = malloc(sz);
    b->mark = malloc(sz);
    b->work = malloc(sz);
    b->colour = malloc(sz);
    b->reduced = malloc(sz * sizeof *b->reduced);
    b->points = malloc(sz);
    b->objective = malloc(sz * sizeof *b->objective);
    bool ok = b->mark && b->work && b->colour && b->reduced && b->objective && b->points;
    for (int s = 0; s < SIDE_COUNT; s++)
        ok &= b->units[s] != NULL;
    if (!ok) {
        mapview_free(b);
        return false;
    }
    b->n = n;
    return true;
}

/* The Automa's objective markers: on its area's objective hex (AI-OBJECTIVE). */
static void mark_objectives(const Game *g, MapViewBuf *b)
{
    const GameData *gd = g->gd;
    const AutomaState *a = &AUTOMA(g->st);
    if (!a->on)
        return;
    for (int f = 0; f < gd->automa.nformations && f < AUTOMA_MAX_FORMATIONS; f++) {
        int area = a->obj_area[f];
        if (area < 0 || area >= gd->nareas || !map_has(&gd->map, gd->areas[area].objective))
            continue;
        b->objective[map_hex_index(&gd->map, gd->areas[area].objective)] = true;
    }
}

bool mapview_build(const Game *g, int viewer, MapViewBuf *b)
{
    const GameData *gd = g->gd;
    const GameState *st = &g->st;
    int n = gd->map.cols * gd->map.rows;
    if (n <= 0 || n > GS_MAX_HEXES || !alloc(b, n))
        return false;
    size_t sz = (size_t)n;
    for (int s = 0; s < SIDE_COUNT; s++)
        memset(b->units[s], 0, sz);
    memset(b->mark, 0, sz);
    memset(b->work, 0, sz);
    memset(b->colour, MAP_NO_COLOUR, sz);
    memset(b->points, 0, sz);
    for (int i = 0; i < n; i++)
        b->reduced[i] = b->objective[i] = false;
    /* The top unit of each hex: the first that is not a dummy, -1. */
    short *top = malloc(sz * sizeof *top);
    if (!top)
        return false;
    for (int i = 0; i < n; i++)
        top[i] = -1;

    /* VISIBILITY: what the viewer may see of each hex holding enemy units. */
    signed char *seen = calloc(sz, 1); /* 0 not asked yet, 1 seen, -1 hidden */
    if (!seen) {
        free(top);
        return false;
    }
    for (int i = 0; i < st->nunits && i < gd->nunits; i++) {
        const UnitState *us = &st->unit[i];
        const UnitDef *ud = &gd->units[i];
        if (us->where != AT_MAP || us->hex < 0 || us->hex >= n || ud->side < 0 || ud->side >= SIDE_COUNT)
            continue;
        int h = us->hex;
        unsigned char *count = &b->units[ud->side][h];
        if (ud->side != viewer) {
            if (!seen[h])
                seen[h] = game_can_inspect(g, viewer, h) ? 1 : -1;
            if (seen[h] < 0) {
                *count = MAP_UNITS_HIDDEN; /* nothing of what it is: no marker, colour or strength */
                continue;
            }
        }
        if (*count < MAP_UNITS_HIDDEN - 1)
            (*count)++;
        int pts = b->points[h] + game_unit_points(g, i);
        b->points[h] = (unsigned char)(pts > 99 ? 99 : pts);
        char m = mapview_unit_mark(us->flags);
        if (mark_rank(m) > mark_rank(b->mark[h]))
            b->mark[h] = m;
        if (ud->type != UT_DUMMY && top[h] < 0) {
            top[h] = (short)i;
            if (ud->formation >= 0 && ud->formation < gd->nformations && gd->formations[ud->formation].colour >= 0 &&
                gd->formations[ud->formation].colour < MAP_NO_COLOUR)
                b->colour[h] = (unsigned char)gd->formations[ud->formation].colour;
            b->reduced[h] = mapview_unit_reduced(g, i);
        }
    }
    free(seen);
    free(top);

    mark_objectives(g, b);
    for (int h = 0; h < n; h++) {
        bool pontoon = false;
        for (int s = 0; s < SIDE_COUNT; s++)
            pontoon |= st->pontoon[s][h] != 0;
        b->work[h] = b->objective[h] ? '!' : st->fort_marker[h] ? '%' : st->breastwork[h] ? 'b' : pontoon ? 'p' : 0;
    }

    b->ov = (MapOverlay){.ids = false};
    for (int s = 0; s < SIDE_COUNT; s++)
        b->ov.units[s] = b->units[s];
    b->marks = (MapMarks){.mark = b->mark, .work = b->work, .colour = b->colour, .reduced = b->reduced};
    return true;
}
