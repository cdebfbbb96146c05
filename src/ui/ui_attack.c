/* The attack builder (x on an enemy hex): the side panel lists the stacks
 * around that may join and previews the odds, 1-8 put a stack in or take it
 * out, and the key line says what Enter declares. */
#include "ui/ui_internal.h"

static bool in_units(const short *u, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (u[i] == x)
            return true;
    return false;
}

static bool names_hex(const Decision *d, int hex)
{
    for (int h = 0; h < d->nhexes; h++)
        if (d->hexes[h] == hex)
            return true;
    return false;
}

/* The legal attack on ab_hex by exactly the units chosen, or NULL: the
 * rules' list decides, the builder only looks it up. */
const Decision *ab_decision(const GameUi *gu)
{
    for (int i = 0; i < gu->nlegal + gu->nextra; i++) {
        const Decision *d = &gu->legal[i];
        if (d->kind != D_ATTACK || d->nunits != gu->ab_n || !names_hex(d, gu->ab_hex))
            continue;
        bool same = true;
        for (int k = 0; k < d->nunits && same; k++)
            same = in_units(gu->ab_units, gu->ab_n, d->units[k]);
        if (same)
            return d;
    }
    return NULL;
}

/* Starts building an attack on hex: the stacks around that some legal
 * attack on it names; the selection's units first, else the largest such
 * attack's. False when no attack on hex is legal. */
bool ab_start(GameUi *gu, int hex)
{
    const Game *g = &gu->play.game;
    const Decision *largest = NULL;
    gu->ab_nfrom = 0;
    for (int i = 0; i < gu->nlegal + gu->nextra; i++) {
        const Decision *d = &gu->legal[i];
        if (d->kind != D_ATTACK || !names_hex(d, hex))
            continue;
        if (!largest || d->nunits > largest->nunits)
            largest = d;
        for (int k = 0; k < d->nunits; k++) {
            short from = g->st.unit[d->units[k]].hex;
            bool known = false;
            for (int j = 0; j < gu->ab_nfrom; j++)
                known |= gu->ab_from[j] == from;
            if (!known && gu->ab_nfrom < 8)
                gu->ab_from[gu->ab_nfrom++] = from;
        }
    }
    if (!largest)
        return false;
    gu->ab_hex = hex;
    gu->ab_n = 0;
    if (gu->osel.hex >= 0 && gu->osel.nunits > 0) {
        memcpy(gu->ab_units, gu->osel.units, (size_t)gu->osel.nunits * sizeof *gu->ab_units);
        gu->ab_n = gu->osel.nunits;
    } else {
        memcpy(gu->ab_units, largest->units, (size_t)largest->nunits * sizeof *gu->ab_units);
        gu->ab_n = largest->nunits;
    }
    return true;
}

/* The units of the stack at from that some legal attack on ab_hex names. */
static int ab_stack(const GameUi *gu, int from, short *out, int max)
{
    const Game *g = &gu->play.game;
    int n = 0;
    for (int i = 0; i < gu->nlegal + gu->nextra; i++) {
        const Decision *d = &gu->legal[i];
        if (d->kind != D_ATTACK || !names_hex(d, gu->ab_hex))
            continue;
        for (int k = 0; k < d->nunits; k++)
            if (g->st.unit[d->units[k]].hex == from && !in_units(out, n, d->units[k]) && n < max)
                out[n++] = d->units[k];
    }
    return n;
}

/* Adds the stack at from[k] to the attack, or takes it out. */
void ab_toggle(GameUi *gu, int k)
{
    if (k < 0 || k >= gu->ab_nfrom)
        return;
    short st[DEC_MAX_UNITS];
    int n = ab_stack(gu, gu->ab_from[k], st, DEC_MAX_UNITS);
    bool all_in = true;
    for (int i = 0; i < n; i++)
        all_in &= in_units(gu->ab_units, gu->ab_n, st[i]);
    int m = 0;
    for (int i = 0; i < gu->ab_n; i++) /* out with the stack's units */
        if (!in_units(st, n, gu->ab_units[i]))
            gu->ab_units[m++] = gu->ab_units[i];
    gu->ab_n = m;
    for (int i = 0; !all_in && i < n && gu->ab_n < DEC_MAX_UNITS; i++)
        gu->ab_units[gu->ab_n++] = st[i];
}

/* The builder in the side panel: the stacks, the preview, what Enter does. */
void draw_attack_builder(Ui *u, GameUi *gu, int x, int *y, int w)
{
    const Game *g = &gu->play.game;
    const GameData *gd = u->gd;
    char id[5], line[300];
    hex_format(map_hex_at(&gd->map, gu->ab_hex), id);
    panel_line(x, y, w, A_BOLD, "Attack on %s (Esc: none)", id);
    for (int k = 0; k < gu->ab_nfrom && *y < LINES - 1; k++) {
        short st[DEC_MAX_UNITS];
        int n = ab_stack(gu, gu->ab_from[k], st, DEC_MAX_UNITS), in = 0, pts = 0;
        for (int i = 0; i < n; i++)
            if (in_units(gu->ab_units, gu->ab_n, st[i])) {
                in++;
                pts += game_unit_points(g, st[i]);
            }
        char from[5], names[200];
        hex_format(map_hex_at(&gd->map, gu->ab_from[k]), from);
        unit_names(gd, st, n, names, sizeof names);
        char head[32], tail[32];
        snprintf(head, sizeof head, "%d [%c] %s ", k + 1, in == n ? 'x' : in ? '/' : ' ', from);
        snprintf(tail, sizeof tail, " %d", pts);
        text_fit(names, in ? tail : "", w - (int)strlen(head), line, sizeof line);
        panel_line(x, y, w, in ? A_BOLD : A_NORMAL, "%s%s", head, line);
    }
    const Decision *d = ab_decision(gu);
    short hexes[CB_MAX_HEXES] = {(short)gu->ab_hex};
    int nhex = 1;
    if (d) {
        nhex = d->nhexes;
        memcpy(hexes, d->hexes, (size_t)nhex * sizeof *hexes);
    }
    if (gu->ab_n > 0) {
        CombatPreview pv;
        CombatOdds o;
        game_combat_preview(g, gu->ab_units, gu->ab_n, hexes, nhex, &pv);
        odds_combat(&pv, &o);
        char text[1600];
        odds_text(&pv, &o, w, text, sizeof text);
        for (char *l = strtok(text, "\n"); l && *y < LINES - 1; l = strtok(NULL, "\n"))
            panel_wrap(x, y, w, l);
    }
    (*y)++;
    if (d && nhex > 1) {
        char all[64] = "";
        for (int h = 0; h < nhex; h++) {
            hex_format(map_hex_at(&gd->map, hexes[h]), id);
            snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", h ? "+" : "", id);
        }
        snprintf(line, sizeof line, "It attacks %s together (COMBAT-WHO)", all);
        panel_wrap(x, y, w, line);
    }
    panel_wrap(x, y, w, d ? "1-8 add or take out a stack; Enter: attack"
                          : "Not an attack the rules allow with these units (COMBAT-WHO): 1-8 add or take out a stack");
}

/* The key line while an attack is built: what Enter does, the odds in short. */
void attack_key_line(const Ui *u, const GameUi *gu, char *line, size_t size)
{
    const Decision *ad = ab_decision(gu);
    char id[5];
    hex_format(map_hex_at(&u->gd->map, gu->ab_hex), id);
    if (ad) {
        CombatPreview pv;
        CombatOdds o;
        game_combat_preview(&gu->play.game, ad->units, ad->nunits, ad->hexes, ad->nhexes, &pv);
        odds_combat(&pv, &o);
        char sum[300];
        odds_line(&pv, &o, sum, sizeof sum);
        snprintf(line, size, " Enter: attack %s, %s  |  1-8 stacks  Esc none", id, sum);
    } else
        snprintf(line, size, " %s: not an attack the rules allow with these units  |  1-8 stacks  Esc none", id);
}
