/* map.ini: the hex map (MAP-GRID, MAP-PLACES). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

typedef struct {
    GameData *gd;
    Diags *d;
    int *side_line; /* per hex and direction: line that declared the hexside */
} MapCtx;

static int kind_index_hexside(const GameData *gd, const char *id)
{
    FIND_BY_ID(gd->hexside_kinds, gd->nhexside_kinds, id);
}

static int kind_index_road(const GameData *gd, const char *id) { FIND_BY_ID(gd->road_kinds, gd->nroad_kinds, id); }

static Hexside *side_at(Map *m, HexCoord h, int dir) { return &map_hex(m, h)->side[dir]; }

/* Reads a grid section: one key per row, each `cols` characters. Calls fn
 * for every cell; fn returns false for a bad character. */
static void read_grid(IniDoc *doc, MapCtx *c, const char *section, const char *what,
                      bool (*fn)(MapCtx *, HexCoord, char))
{
    Map *m = &c->gd->map;
    IniSection *s = lu_section(doc, section, c->d);
    if (!s)
        return;
    for (int r = 1; r <= m->rows; r++) {
        char key[16];
        snprintf(key, sizeof key, "r%02d", r % 100);
        const char *v;
        if (!ini_get_str(doc, s, key, true, &v, c->d))
            continue;
        int line = ini_key(s, key)->line;
        int len = (int)strlen(v);
        if (len != m->cols) {
            diag_error(c->d, doc->file, line, "[%s] %s has %d characters; the map has %d columns", section, key, len,
                       m->cols);
            continue;
        }
        for (int col = 1; col <= m->cols; col++) {
            HexCoord h = {col, r};
            if (!fn(c, h, v[col - 1])) {
                char id[5];
                hex_format(h, id);
                diag_error(c->d, doc->file, line, "hex %s: '%c' is not a known %s", id, v[col - 1], what);
                break;
            }
        }
    }
}

static bool terrain_cell(MapCtx *c, HexCoord h, char ch)
{
    int t = data_terrain_by_symbol(c->gd, ch);
    if (t < 0)
        return false;
    map_hex(&c->gd->map, h)->terrain = (unsigned char)t;
    return true;
}

static bool bank_cell(MapCtx *c, HexCoord h, char ch)
{
    if (ch != BANK_NORTH && ch != BANK_WEDGE && ch != BANK_SOUTH)
        return false;
    map_hex(&c->gd->map, h)->bank = ch;
    return true;
}

/* Applies a list of hexsides of one river: kind for `hexsides`, a flag for
 * `fords` and `bridges`. */
static void river_sides(IniDoc *doc, IniSection *s, MapCtx *c, int river, const char *key, int flag)
{
    Map *m = &c->gd->map;
    const char *v;
    if (!ini_get_str(doc, s, key, flag == 0, &v, c->d))
        return;
    int line = ini_key(s, key)->line;
    char tok[32];
    const char *p = v;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        HexCoord a;
        int dir;
        if (!lu_hexside(doc, line, c->gd, tok, &a, &dir, c->d))
            continue;
        HexCoord b = hex_neighbour(a, dir);
        int back = hex_dir_opposite(dir);
        Hexside *sa = side_at(m, a, dir), *sb = side_at(m, b, back);
        if (flag == 0) {
            int *decl = &c->side_line[map_hex_index(m, a) * DIR_COUNT + dir];
            if (sa->river >= 0) {
                diag_error(c->d, doc->file, line, "hexside %s is already given (line %d, river %s)", tok, *decl,
                           m->rivers[sa->river].id);
                continue;
            }
            sa->river = sb->river = (signed char)river;
            sa->kind = sb->kind = (signed char)m->rivers[river].kind;
            *decl = line;
            c->side_line[map_hex_index(m, b) * DIR_COUNT + back] = line;
        } else {
            if (sa->river != river) {
                diag_error(c->d, doc->file, line, "%s: hexside %s is not one of this river's hexsides",
                           flag == SIDE_FORD ? "ford" : "bridge", tok);
                continue;
            }
            if (sa->flags & flag) {
                diag_error(c->d, doc->file, line, "hexside %s is listed twice", tok);
                continue;
            }
            sa->flags |= (unsigned char)flag;
            sb->flags |= (unsigned char)flag;
        }
    }
}

/* kind = ID (required): the index of the [what:ID] section of terrain.ini
 * that index finds; -1 (with an error when unknown) otherwise. */
static int read_kind(IniDoc *doc, IniSection *s, MapCtx *c, const char *what,
                     int (*index)(const GameData *, const char *))
{
    const char *v;
    if (!ini_get_str(doc, s, "kind", true, &v, c->d))
        return -1;
    int kind = index(c->gd, v);
    if (kind < 0)
        diag_error(c->d, doc->file, ini_key(s, "kind")->line,
                   "unknown %s kind '%s' (see the [%s:...] sections of terrain.ini)", what, v, what);
    return kind;
}

static void read_river(IniDoc *doc, IniSection *s, const char *id, MapCtx *c)
{
    Map *m = &c->gd->map;
    if (m->nrivers >= 120) {
        diag_error(c->d, doc->file, s->line, "too many rivers (at most 120)");
        return;
    }
    River r;
    memset(&r, 0, sizeof r);
    lu_id_name(doc, s, id, r.id, r.name, sizeof r.name, c->d);
    r.kind = read_kind(doc, s, c, "hexside", kind_index_hexside);
    if (r.kind < 0) {
        ini_key(s, "hexsides"), ini_key(s, "fords"), ini_key(s, "bridges");
        return;
    }
    if (!lu_append((void **)&m->rivers, &m->nrivers, sizeof *m->rivers, &r))
        return;
    int idx = m->nrivers - 1;
    river_sides(doc, s, c, idx, "hexsides", 0);
    river_sides(doc, s, c, idx, "fords", SIDE_FORD);
    river_sides(doc, s, c, idx, "bridges", SIDE_BRIDGE);
}

static void read_road(IniDoc *doc, IniSection *s, const char *id, MapCtx *c)
{
    Map *m = &c->gd->map;
    GameData *gd = c->gd;
    Road r;
    memset(&r, 0, sizeof r);
    lu_id_name(doc, s, id, r.id, r.name, sizeof r.name, c->d);
    r.kind = read_kind(doc, s, c, "road", kind_index_road);
    r.hexes = lu_hex_list(doc, s, "hexes", true, gd, &r.nhexes, c->d);
    if (r.kind < 0 || !r.hexes) {
        free(r.hexes);
        return;
    }
    int line = ini_key(s, "hexes")->line;
    if (r.nhexes < 2)
        diag_error(c->d, doc->file, line, "a road needs at least two hexes");
    bool usable = gd->road_kinds[r.kind].move != COST_NO;
    for (int i = 1; i < r.nhexes; i++) {
        HexCoord a = r.hexes[i - 1], b = r.hexes[i];
        int dir = hex_direction(a, b);
        char ia[5], ib[5];
        hex_format(a, ia);
        hex_format(b, ib);
        if (dir < 0) {
            diag_error(c->d, doc->file, line, "road %s: %s and %s are not neighbours", id, ia, ib);
            continue;
        }
        const Hexside *hs = &map_hex(m, a)->side[dir];
        if (usable && hs->kind >= 0 && !gd->hexside_kinds[hs->kind].road_negates &&
            !(hs->flags & (SIDE_FORD | SIDE_BRIDGE)))
            diag_error(c->d, doc->file, line, "road %s crosses the %s between %s and %s where there is no ford or bridge",
                       id, m->rivers[hs->river].name, ia, ib);
        int back = hex_dir_opposite(dir);
        signed char *ra = &map_hex(m, a)->road[dir], *rb = &map_hex(m, b)->road[back];
        /* Where roads share a hexside, the cheaper one counts. */
        int cur = *ra;
        bool better = cur < 0 || (usable && (gd->road_kinds[cur].move == COST_NO ||
                                             gd->road_kinds[r.kind].move < gd->road_kinds[cur].move));
        if (better)
            *ra = *rb = (signed char)r.kind;
    }
    if (!lu_append((void **)&m->roads, &m->nroads, sizeof *m->roads, &r)) {
        free(r.hexes);
        return;
    }
}

static void read_place(IniDoc *doc, IniSection *s, const char *id, MapCtx *c)
{
    Map *m = &c->gd->map;
    if (m->nplaces >= 30000)
        return;
    Place p;
    memset(&p, 0, sizeof p);
    p.ford_dir = -1;
    lu_id_name(doc, s, id, p.id, p.name, sizeof p.name, c->d);
    const char *v;
    if (!ini_get_str(doc, s, "hex", true, &v, c->d) ||
        !lu_hex(doc, ini_key(s, "hex")->line, c->gd, v, &p.hex, c->d)) {
        ini_key(s, "ford");
        return;
    }
    MapHex *mh = map_hex(m, p.hex);
    if (mh->place >= 0) {
        diag_error(c->d, doc->file, s->line, "place %s is on hex %s, which already holds %s", id, v,
                   m->places[mh->place].id);
        ini_key(s, "ford");
        return;
    }
    if (ini_get_str(doc, s, "ford", false, &v, c->d)) {
        int line = ini_key(s, "ford")->line;
        HexCoord a;
        int dir;
        if (lu_hexside(doc, line, c->gd, v, &a, &dir, c->d)) {
            HexCoord b = hex_neighbour(a, dir);
            int from = hex_equal(a, p.hex) ? dir : hex_equal(b, p.hex) ? hex_dir_opposite(dir) : -1;
            if (from < 0)
                diag_error(c->d, doc->file, line, "ford %s does not touch the place's hex", v);
            else if (!(mh->side[from].flags & SIDE_FORD))
                diag_error(c->d, doc->file, line, "hexside %s is not a ford of any river", v);
            else
                p.ford_dir = from;
        }
    }
    if (lu_append((void **)&m->places, &m->nplaces, sizeof *m->places, &p))
        mh->place = (short)(m->nplaces - 1);
}

static void edge_list(IniDoc *doc, IniSection *s, MapCtx *c, const char *key, int flag, bool required)
{
    int n;
    HexCoord *hs = lu_hex_list(doc, s, key, required, c->gd, &n, c->d);
    for (int i = 0; i < n; i++) {
        char id[5];
        hex_format(hs[i], id);
        if (!hex_on_edge(hs[i], c->gd->map.cols, c->gd->map.rows))
            diag_error(c->d, doc->file, ini_key(s, key)->line, "%s: hex %s is not on a map edge", key, id);
        else
            map_hex(&c->gd->map, hs[i])->flags |= (unsigned char)flag;
    }
    free(hs);
}

static void read_fortifications(IniDoc *doc, IniSection *s, MapCtx *c)
{
    const char *v;
    if (!ini_get_str(doc, s, "hexes", true, &v, c->d))
        return;
    int line = ini_key(s, "hexes")->line;
    char tok[32];
    const char *p = v;
    MapHex *last = NULL; /* "3322:ne,se" arrives as "3322:ne" then "se" */
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        char *colon = strchr(tok, ':');
        const char *dirs = tok;
        if (colon) {
            *colon = '\0';
            HexCoord h;
            last = NULL;
            if (!lu_hex(doc, line, c->gd, tok, &h, c->d))
                continue;
            last = map_hex(&c->gd->map, h);
            if (last->fort_faces) {
                diag_error(c->d, doc->file, line, "fortification %s is listed twice", tok);
                last = NULL;
                continue;
            }
            dirs = colon + 1;
        } else if (!last) {
            diag_error(c->d, doc->file, line, "'%s': expected hex:facing (like 3322:ne,se)", tok);
            continue;
        }
        int dir = hex_dir_parse(dirs);
        if (dir < 0)
            diag_error(c->d, doc->file, line, "'%s' is not a direction (n ne se s sw nw)", dirs);
        else if (last)
            last->fort_faces |= (unsigned char)(1u << dir);
    }
}

static void check_banks(IniDoc *doc, MapCtx *c, int bank_line)
{
    Map *m = &c->gd->map;
    int reported = 0;
    for (int i = 0; i < m->cols * m->rows && reported < 20; i++) {
        HexCoord h = map_hex_at(m, i);
        for (int dir = DIR_N; dir <= DIR_SE; dir++) {
            HexCoord n = hex_neighbour(h, dir);
            if (!map_has(m, n))
                continue;
            MapHex *a = map_hex(m, h), *b = map_hex(m, n);
            if (!a->bank || !b->bank || a->bank == b->bank)
                continue;
            const Hexside *hs = &a->side[dir];
            if (hs->kind < 0 || c->gd->hexside_kinds[hs->kind].cost != COST_NO) {
                char ia[5], ib[5];
                hex_format(h, ia);
                hex_format(n, ib);
                diag_error(c->d, doc->file, bank_line,
                           "hexes %s (bank %c) and %s (bank %c) are on different banks, but no great river "
                           "hexside lies between them",
                           ia, a->bank, ib, b->bank);
                reported++;
            }
        }
    }
}

static void map_file(IniDoc *doc, void *arg)
{
    MapCtx *c = arg;
    GameData *gd = c->gd;
    Map *m = &gd->map;
    IniSection *s = lu_section(doc, "map", c->d);
    if (!s)
        return;
    const char *v;
    if (ini_get_str(doc, s, "name", true, &v, c->d))
        ini_copy(doc, ini_key(s, "name")->line, m->name, sizeof m->name, v, "name", c->d);
    int cols = 0, rows = 0;
    if (!ini_get_int(doc, s, "columns", true, 2, 99, &cols, c->d) ||
        !ini_get_int(doc, s, "rows", true, 2, 99, &rows, c->d)) {
        ini_mark_all_used(doc); /* nothing else can be checked without a size */
        return;
    }
    m->hexes = calloc((size_t)cols * (size_t)rows, sizeof *m->hexes);
    c->side_line = calloc((size_t)cols * (size_t)rows * DIR_COUNT, sizeof *c->side_line);
    if (!m->hexes || !c->side_line)
        return;
    m->cols = cols;
    m->rows = rows;
    for (int i = 0; i < cols * rows; i++) {
        MapHex *h = &m->hexes[i];
        h->place = -1;
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            h->side[dir].kind = -1;
            h->side[dir].river = -1;
            h->road[dir] = -1;
            HexCoord n = hex_neighbour(map_hex_at(m, i), dir);
            h->nb[dir] = (short)(map_has(m, n) ? map_hex_index(m, n) : -1);
        }
    }
    read_grid(doc, c, "terrain", "terrain symbol (see terrain.ini)", terrain_cell);
    read_grid(doc, c, "bank", "bank letter (N, W or S)", bank_cell);
    /* Rivers first, then roads (which check their river crossings), then places. */
    for (int i = 0; i < doc->nsections; i++) {
        const char *id = lu_section_id(doc, &doc->sections[i], "river", c->d);
        if (id)
            read_river(doc, &doc->sections[i], id, c);
    }
    for (int i = 0; i < doc->nsections; i++) {
        const char *id = lu_section_id(doc, &doc->sections[i], "road", c->d);
        if (id)
            read_road(doc, &doc->sections[i], id, c);
    }
    for (int i = 0; i < doc->nsections; i++) {
        const char *id = lu_section_id(doc, &doc->sections[i], "place", c->d);
        if (id)
            read_place(doc, &doc->sections[i], id, c);
    }
    IniSection *sup = lu_section(doc, "supply", c->d);
    if (sup) {
        edge_list(doc, sup, c, "union", HEXF_SUPPLY_UNION, true);
        edge_list(doc, sup, c, "confederate", HEXF_SUPPLY_CSA, true);
    }
    IniSection *ex = lu_section(doc, "exits", c->d);
    if (ex) {
        edge_list(doc, ex, c, "confederate-flag", HEXF_EXIT_CSA, true);
        edge_list(doc, ex, c, "union-cavalry-entry", HEXF_CAVALRY_ENTRY, true);
    }
    IniSection *fo = ini_section(doc, "fortifications");
    if (fo)
        read_fortifications(doc, fo, c);
    IniSection *bank = ini_section(doc, "bank");
    if (bank)
        check_banks(doc, c, bank->line);
}

bool load_map(GameData *gd, const char *path, const char *shown, Diags *d)
{
    MapCtx c = {gd, d, NULL};
    bool ok = lu_with_file(path, shown, d, map_file, &c);
    free(c.side_line);
    return ok;
}
