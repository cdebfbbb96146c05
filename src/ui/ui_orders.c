/* The orders given on the game's map: the lit hexes of the selection, what
 * Enter does at the cursor (the key line, the previewed way or radius) and
 * Enter there, the hex under the cursor in the side panel (Tab), and the
 * map shown where a new decision is. */
#include "automa/automa_state.h"
#include "ui/ui_internal.h"

/* The units in hex that viewer may know (dummies left out), into out; the
 * counters it may only count go to *hidden (VISIBILITY: an enemy stack with
 * none of the viewer's units next to it), and the stack's side to *side
 * (-1: an empty hex). Returns how many are known. */
static int known_units(const Game *g, int viewer, int hex, short *out, int max, int *hidden, int *side)
{
    int n = 0;
    *hidden = 0;
    *side = -1;
    bool seen = game_can_inspect(g, viewer, hex);
    for (int i = 0; i < g->st.nunits; i++) {
        const UnitState *us = &g->st.unit[i];
        const UnitDef *ud = &g->gd->units[i];
        if (us->where != AT_MAP || us->hex != hex)
            continue;
        *side = ud->side;
        if (ud->side != viewer && !seen)
            (*hidden)++;
        else if (ud->type != UT_DUMMY && n < max)
            out[n++] = (short)i;
    }
    return n;
}

/* Whether the map's orders apply now: the live game, the player to decide. */
bool orders_live(const GameUi *gu)
{
    const Game *g = &gu->play.game;
    return gu->replay_at < 0 && g->st.phase != PH_GAME_OVER && !(AUTOMA(g->st).on && g->st.to_move == SIDE_UNION);
}

/* The lit hexes for the selection (or for the whole list without one),
 * the selected group's moves the list does not hold, and their costs. */
void orders_refresh(GameUi *gu)
{
    const Game *g = &gu->play.game;
    int cells = g->gd->map.cols * g->gd->map.rows;
    gu->nextra = 0;
    if (gu->osel.hex >= 0) {
        bool listed = false, any = false;
        for (int i = 0; i < gu->nlegal; i++)
            if (order_for(g, &gu->legal[i], &gu->osel)) {
                any = true;
                listed |= gu->legal[i].kind == D_MOVE;
            }
        if (!listed) {
            int k = game_group_moves(g, gu->osel.units, gu->osel.nunits, gu->legal + gu->nlegal, EXTRA_CAP);
            gu->nextra = k < EXTRA_CAP ? k : EXTRA_CAP;
        }
        if (!any && gu->nextra == 0 && gu->osel.nunits > 0) {
            short here[DEC_MAX_UNITS];
            if (orders_stack(g, gu->legal, gu->nlegal, gu->osel.hex, here, DEC_MAX_UNITS) == 0)
                gu->osel.hex = -1; /* the stack has no orders any more (it moved, the step is over) */
        }
    }
    int n = gu->nlegal + gu->nextra;
    orders_marks(g, gu->legal, n, gu->osel.hex >= 0 ? &gu->osel : NULL, gu->mark);
    view_refresh(gu);
    for (int h = 0; h < cells; h++)
        gu->cost[h] = -1;
    if (gu->osel.hex < 0)
        return;
    short path[256];
    for (int i = 0; i < n; i++) {
        const Decision *d = &gu->legal[i];
        int c = 0, a = 0;
        if (d->kind == D_MOVE && order_for(g, d, &gu->osel) && game_move_preview(g, d, path, 256, &c, &a) > 0)
            gu->cost[d->arg] = (short)c;
    }
}

/* The hex under the cursor as the player may know it: terrain, place,
 * works, objectives, and the units with their state (enemy units only
 * with a Confederate unit next to them, VISIBILITY). */
void draw_game_hex(Ui *u, GameUi *gu, int x, int *y, int w)
{
    const Game *g = shown(gu);
    const GameData *gd = u->gd;
    int hex = map_hex_index(&gd->map, u->cursor);
    const MapHex *mh = &gd->map.hexes[hex];
    char id[5];
    hex_format(u->cursor, id);
    panel_line(x, y, w, A_BOLD, "Hex %s  %s", id, gd->terrain[mh->terrain].name);
    if (mh->place >= 0)
        panel_line(x, y, w, A_NORMAL, "%s", gd->map.places[mh->place].name);
    if (g->st.breastwork[hex])
        panel_line(x, y, w, A_NORMAL, "%s breastwork", g->st.breastwork[hex] == SIDE_UNION + 1 ? "Union" : "Confederate");
    if (mh->fort_faces || g->st.fort_marker[hex])
        panel_line(x, y, w, A_NORMAL, "fortification");
    for (int f = 0; AUTOMA(g->st).on && f < gd->automa.nformations; f++)
        if (AUTOMA(g->st).obj_area[f] >= 0 &&
            map_hex_index(&gd->map, gd->areas[AUTOMA(g->st).obj_area[f]].objective) == hex)
            panel_line(x, y, w, A_NORMAL, "objective of %s (%d VP)", automa_formation_name(gd, f),
                       AUTOMA(g->st).obj_value[f]);
    short known[GS_MAX_UNITS];
    int hidden = 0, side = -1;
    int nk = known_units(g, log_viewer(g), hex, known, GS_MAX_UNITS, &hidden, &side);
    for (int k = 0; k < nk; k++) {
        int i = known[k];
        const UnitState *us = &g->st.unit[i];
        const UnitDef *ud = &gd->units[i];
        char flags[40] = "";
        if (us->flags & UF_DIS)
            strcat(flags, " DIS");
        if (us->flags & UF_DEM)
            strcat(flags, " DEM");
        if (us->flags & UF_OOS)
            strcat(flags, " OOS");
        if (us->flags & UF_FIRED)
            strcat(flags, " fired");
        char tail[80], line[300];
        snprintf(tail, sizeof tail, " %d%s%s", game_unit_points(g, i), mapview_unit_reduced(g, i) ? " (reduced)" : "", flags);
        text_fit(ud->name, tail, w, line, sizeof line); /* the name abbreviated, the points kept */
        panel_line(x, y, w, ud->side == SIDE_UNION ? u->style_attr[STY_UNION] : u->style_attr[STY_CSA], "%s", line);
    }
    if (hidden)
        panel_line(x, y, w, u->style_attr[side == SIDE_UNION ? STY_UNION : STY_CSA],
                   "a %s stack of %d counter%s (none of yours next to it)", side == SIDE_UNION ? "Union" : "Confederate",
                   hidden, hidden == 1 ? "" : "s");
    (*y)++;
}

/* "Mahone, Wright and 1 more" */
void unit_names(const GameData *gd, const short *units, int n, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < n && i < 2; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? ", " : "", gd->units[units[i]].name);
    if (n > 2)
        snprintf(out + strlen(out), size - strlen(out), " and %d more", n - 2);
}

/* The stack in a hex as `viewer` may know it: "Union, 7 points: Barnes 4,
 * Weed 3", or "a Union stack of 2 counters" out of sight (VISIBILITY).
 * False when the hex is empty. */
static bool stack_summary(const Game *g, int viewer, int hex, char *out, size_t size)
{
    const GameData *gd = g->gd;
    short known[GS_MAX_UNITS];
    int hidden = 0, side = -1, pts = 0;
    int nk = known_units(g, viewer, hex, known, GS_MAX_UNITS, &hidden, &side);
    char names[300] = "";
    for (int k = 0; k < nk; k++) {
        pts += game_unit_points(g, known[k]);
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%s%s %d", len ? ", " : "", gd->units[known[k]].name,
                 game_unit_points(g, known[k]));
    }
    if (side < 0)
        return false;
    if (hidden)
        snprintf(out, size, "a %s stack of %d counter%s, out of sight", side == SIDE_UNION ? "Union" : "Confederate",
                 hidden, hidden == 1 ? "" : "s");
    else
        snprintf(out, size, "%s, %d points: %s", side == SIDE_UNION ? "Union" : "Confederate", pts, names);
    return true;
}

/* What Enter would do at the map cursor, into line; lights the previewed
 * way or command radius. */
void hover(Ui *u, GameUi *gu, char *line, size_t size)
{
    const Game *g = &gu->play.game;
    const GameData *gd = u->gd;
    int cells = gd->map.cols * gd->map.rows;
    memset(gu->on_path, 0, (size_t)cells);
    memset(gu->in_range, 0, (size_t)cells);
    line[0] = '\0';
    if (!orders_live(gu))
        return;
    int hex = map_hex_index(&gd->map, u->cursor);
    const OrderSel *sel = gu->osel.hex >= 0 ? &gu->osel : NULL;
    int idx[64];
    int k = orders_at(g, gu->legal, gu->nlegal + gu->nextra, sel, hex, idx, 64);
    char names[200], text[200];
    char id[5];
    hex_format(u->cursor, id);
    snprintf(line, size, " %s ", id);
    size_t at = strlen(line);
    line += at;
    size -= at;
    short here[DEC_MAX_UNITS];
    int nh = sel ? 0 : orders_stack(g, gu->legal, gu->nlegal, hex, here, DEC_MAX_UNITS);
    if (k == 0 || nh > 0) {
        if (sel)
            nh = orders_stack(g, gu->legal, gu->nlegal, hex, here, DEC_MAX_UNITS);
        if (nh > 0 && hex != gu->osel.hex) {
            unit_names(gd, here, nh, names, sizeof names);
            snprintf(line, size, "Enter: select %s", names);
        } else if (sel)
            snprintf(line, size, "selected: the lit hexes are its orders; 1-9 add or drop units, Esc drops");
        else if (!stack_summary(g, log_viewer(g), hex, line, size))
            snprintf(line, size, "%s; nothing to order here (Tab: the hex)", gd->terrain[gd->map.hexes[hex].terrain].name);
        return;
    }
    const Decision *d = &gu->legal[idx[0]];
    if (d->kind == D_MOVE) {
        short path[256];
        int c = 0, a = 0;
        int len = game_move_preview(g, d, path, 256, &c, &a);
        for (int i = 0; i < len; i++)
            gu->on_path[path[i]] = 1;
        unit_names(gd, d->units, d->nunits, names, sizeof names);
        snprintf(line, size, "Enter: move %s here: %d%s of %d%s MP", names, c / 2, c % 2 ? ".5" : "", a / 2,
                 a % 2 ? ".5" : "");
        return;
    }
    if (d->kind == D_ATTACK) { /* the dice and the odds, before anything is declared */
        CombatPreview pv;
        CombatOdds o;
        game_combat_preview(g, d->units, d->nunits, d->hexes, d->nhexes, &pv);
        odds_combat(&pv, &o);
        if (d->nunits == 1)
            snprintf(names, sizeof names, "%s", gd->units[d->units[0]].name);
        else
            snprintf(names, sizeof names, "%d units", d->nunits);
        char sum[300];
        odds_line(&pv, &o, sum, sizeof sum);
        char full[800]; /* then cut to the key line's size */
        snprintf(full, sizeof full, "Enter: attack with %s, %s%s; x: the odds in full and other stacks", names, sum,
                 k > 1 ? " (one of several here)" : "");
        size_t len = strlen(full) < size ? strlen(full) : size - 1;
        memcpy(line, full, len);
        line[len] = '\0';
        return;
    }
    if (d->kind == D_BOMBARD) { /* the line of fire from the guns to the target */
        int src = order_source(g, d);
        HexCoord way[64];
        int len = src >= 0 ? hex_line(map_hex_at(&gd->map, src), u->cursor, way, 64) : 0;
        for (int i = 0; i < len; i++)
            if (map_has(&gd->map, way[i]))
                gu->on_path[map_hex_index(&gd->map, way[i])] = 1;
        decision_format(gd, d, text, sizeof text);
        BombardPreview bp;
        game_bombard_preview(g, d, &bp);
        const char *ai = "";
        if (AUTOMA(g->st).on && bp.breastwork_possible) { /* the Automa's answer is known (I.4) */
            bool build = automa_will_entrench(g, d->arg);
            if (build)
                memcpy(bp.result, bp.result_bw, sizeof bp.result);
            bp.breastwork_possible = false;
            ai = build ? " (the Automa entrenches first, I.4)" : " (the Automa will not entrench, I.4)";
        }
        char chances[400];
        odds_bombard_line(&bp, chances, sizeof chances);
        snprintf(chances + strlen(chances), sizeof chances - strlen(chances), "%s", ai);
        snprintf(line, size, "Enter: %s, %s (the line of fire is lit)%s", text, chances, k > 1 ? "; more here" : "");
        return;
    }
    if (d->kind == D_PLACE && game_command_preview(g, hex, gu->in_range)) {
        int out = 0, act = game_place_count(g, hex, &out);
        snprintf(line, size, "Enter: place the chit here: %d of %d units act (underlined: its command radius)", act,
                 act + out);
        return;
    }
    decision_format(gd, d, text, sizeof text);
    if (k == 1)
        snprintf(line, size, "Enter: %s", text);
    else
        snprintf(line, size, "Enter: choose among %d decisions here (%s, ...)", k, text);
}

/* Enter at the map cursor: select the stack there, or carry out the one
 * decision the cursor names, or offer the several it names. */
void map_enter(Ui *u, GameUi *gu)
{
    const Game *g = &gu->play.game;
    if (!orders_live(gu))
        return;
    int hex = map_hex_index(&u->gd->map, u->cursor);
    const OrderSel *sel = gu->osel.hex >= 0 ? &gu->osel : NULL;
    int idx[64];
    int k = orders_at(g, gu->legal, gu->nlegal + gu->nextra, sel, hex, idx, 64);
    short stack[DEC_MAX_UNITS];
    if (k == 0 || (!sel && orders_stack(g, gu->legal, gu->nlegal, hex, stack, DEC_MAX_UNITS) > 0)) {
        /* the stack first: what else names the hex stays in the list */
        if (hex == gu->osel.hex) {
            gu->osel.hex = -1; /* Enter on the selected stack again drops it */
            orders_refresh(gu);
        } else if (orders_select(g, gu->legal, gu->nlegal, hex, &gu->osel)) {
            gu->sel = gu->top = 0;
            orders_refresh(gu);
            sel_first_safe(gu);
        }
        else
            snprintf(gu->msg, sizeof gu->msg, " nothing to order at this hex: Up/Down for the list of decisions");
        return;
    }
    if (k == 1) {
        Decision d = gu->legal[idx[0]];
        game_choose(u, gu, &d);
        return;
    }
    gu->npick = k < 64 ? k : 64;
    memcpy(gu->pick, idx, (size_t)gu->npick * sizeof *idx);
    gu->sel = 0;
    view_refresh(gu);
    gu->map_focus = false;
}

/* A new kind of decision to make (another step, phase or side): the map
 * shows where it is, the first hex the list names, or the drawn
 * formation's units, or the deciding side's army. */
void centre_on_news(Ui *u, GameUi *gu)
{
    const Game *g = &gu->play.game;
    int hex = -1;
    for (int i = 0; i < gu->nlegal && i < 50 && hex < 0; i++) {
        short t[CB_MAX_HEXES + 1];
        int src = order_source(g, &gu->legal[i]);
        hex = src >= 0 ? src : order_targets(g, &gu->legal[i], t, CB_MAX_HEXES + 1) > 0 ? t[0] : -1;
    }
    const Chit *c = &g->st.drawn;
    for (int i = 0; hex < 0 && g->st.phase == PH_ACTIVATION && c->kind == CHIT_FORMATION && i < g->st.nunits; i++)
        if (u->gd->units[i].formation == c->index && g->st.unit[i].where == AT_MAP)
            hex = g->st.unit[i].hex;
    if (hex < 0) { /* else the middle of the deciding side's army */
        long cs = 0, rs = 0, n = 0;
        for (int i = 0; i < g->st.nunits; i++)
            if (g->st.unit[i].where == AT_MAP && u->gd->units[i].side == log_viewer(g)) {
                HexCoord h = map_hex_at(&u->gd->map, g->st.unit[i].hex);
                cs += h.col;
                rs += h.row;
                n++;
            }
        HexCoord mid = {n ? (int)(cs / n) : 0, n ? (int)(rs / n) : 0};
        if (n && map_has(&u->gd->map, mid))
            hex = map_hex_index(&u->gd->map, mid);
    }
    if (hex >= 0) {
        u->cursor = map_hex_at(&u->gd->map, hex);
        centre_on_cursor(u);
    }
}
