/* config/red-die/rules.ini and config/red-die/fields/NAME.ini: The Red Die of
 * Courage's data (RDC-DATA, RDC-SETUP, RDC-TERRAIN). The rules first (the
 * fields name its quality levels and are measured with its cells), then
 * every battlefield in name order: its picture, its linear obstacles, its squads and objectives, and
 * the rulebook's set-up guidelines ([1.0]: a field of at least 120 x 80 cm,
 * at least twenty soldiers a side). Every error is file:line. Uses only
 * the INI reader and the diagnostics (docs/data-format.md). */
#include <dirent.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "data/loadbase.h"
#include "data/rd_data.h"

typedef struct {
    RdData *rd;
    Diags *d;
    int min_field_mm[2];
    int min_soldiers_side;
} RdCtx;

#define RD_ID_(e, id, glyph) id,
#define RD_GLYPH_(e, id, glyph) glyph,
static const char *const cell_ids[RD_NCELL_KINDS] = {RD_CELL_KINDS(RD_ID_)};
static const char cell_glyphs[RD_NCELL_KINDS] = {RD_CELL_KINDS(RD_GLYPH_)};
static const char *const edge_ids[RD_NEDGE_KINDS] = {RD_EDGE_KINDS(RD_ID_)};
#undef RD_ID_
#undef RD_GLYPH_
#define RD_FXID_(e, id) id,
static const char *const effect_ids[RD_NEFFECTS] = {RD_EFFECTS(RD_FXID_)};
#undef RD_FXID_

static const char *const side_words[RD_SIDES] = {"union", "confederate"};
static const char *const weapon_ids[RD_NWEAPON_ROWS] = {"rifled_musket", "musket", "pistol", "volley"};
static const char *const cover_ids[RD_NCOVER] = {"none", "light", "heavy"};
static const char *const facing_ids[8] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};

const char *rd_side_word(int side) { return side >= 0 && side < RD_SIDES ? side_words[side] : "?"; }
const char *rd_cell_kind_id(int kind) { return kind >= 0 && kind < RD_NCELL_KINDS ? cell_ids[kind] : "?"; }
const char *rd_edge_kind_id(int kind) { return kind >= 0 && kind < RD_NEDGE_KINDS ? edge_ids[kind] : "?"; }
const char *rd_effect_id(int effect) { return effect >= 0 && effect < RD_NEFFECTS ? effect_ids[effect] : "?"; }

int rd_field_index(const RdData *rd, const char *id)
{
    for (int i = 0; i < rd->nfields; i++)
        if (strcmp(rd->fields[i].id, id) == 0)
            return i;
    return -1;
}

/* The index of word among names[0..n), else -1. */
static int word_index(const char *const *names, int n, const char *word)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], word) == 0)
            return i;
    return -1;
}

/* A key whose value is one of names[0..n): its index, or -1 with an error
 * listing the choices (also when the key is missing). */
static int get_word(IniDoc *doc, IniSection *s, const char *key, const char *const *names, int n, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, key, true, &v, d))
        return -1;
    int i = word_index(names, n, v);
    if (i < 0) {
        char list[256] = "";
        for (int k = 0; k < n; k++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "", names[k]);
        diag_error(d, doc->file, ini_key(s, key)->line, "%s: one of %s, not '%s'", key, list, v);
    }
    return i;
}

static void get_text(IniDoc *doc, IniSection *s, const char *key, char *dst, size_t n, Diags *d)
{
    const char *v;
    if (ini_get_str(doc, s, key, true, &v, d))
        ini_copy(doc, ini_key(s, key)->line, dst, n, v, key, d);
}

/* A distance in whole cm (min..max) kept in mm. */
static void get_cm(IniDoc *doc, IniSection *s, const char *key, int min, int max, int *mm, Diags *d)
{
    int cm;
    if (ini_get_int(doc, s, key, true, min, max, &cm, d))
        *mm = cm * 10;
}

/* The white-space separated words of a value (commas belong to a word: the
 * fields' points are "COL,ROW"). Returns the next word in buf, or NULL. */
static const char *next_word(const char *p, char *buf, size_t size)
{
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return NULL;
    size_t n = 0;
    for (; *p && *p != ' ' && *p != '\t'; p++)
        if (n + 1 < size)
            buf[n++] = *p;
    buf[n] = '\0';
    return p;
}

/* A whole number in a word, with an optional sign; false when it is not one. */
static bool parse_int(const char *w, int *out)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (!*w || *end || v < -100000 || v > 100000)
        return false;
    *out = (int)v;
    return true;
}

/* "COL,ROW": false when the word is not two whole numbers. */
static bool parse_pair(const char *w, int *a, int *b)
{
    int used = 0;
    return sscanf(w, "%d,%d%n", a, b, &used) == 2 && w[used] == '\0';
}

/* A list of whole numbers min..max: at most max_n into out; the count, or -1
 * after an error (the key missing, a bad word, too many). */
static int int_list(IniDoc *doc, IniSection *s, const char *key, int *out, int max_n, int min, int max, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, key, true, &v, d))
        return -1;
    int line = ini_key(s, key)->line, n = 0;
    char w[32];
    for (const char *p = v; (p = next_word(p, w, sizeof w));) {
        int x;
        if (!parse_int(w, &x) || x < min || x > max) {
            diag_error(d, doc->file, line, "%s: '%s' is not a whole number from %d to %d", key, w, min, max);
            return -1;
        }
        if (n == max_n) {
            diag_error(d, doc->file, line, "%s: at most %d numbers", key, max_n);
            return -1;
        }
        out[n++] = x;
    }
    return n;
}

/* A list of names into names[1..]: the count, or -1 after an error. */
static int name_list(IniDoc *doc, IniSection *s, const char *key, char (*names)[RD_ID_LEN], int max_n, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, key, true, &v, d))
        return -1;
    int line = ini_key(s, key)->line, n = 0;
    char w[64];
    for (const char *p = v; (p = next_word(p, w, sizeof w));) {
        if (n == max_n) {
            diag_error(d, doc->file, line, "%s: at most %d names", key, max_n);
            return -1;
        }
        if (!ini_copy(doc, line, names[++n], RD_ID_LEN, w, key, d))
            return -1;
    }
    return n;
}

/* ---- rules.ini -------------------------------------------------------- */

static void read_setup(IniDoc *doc, RdCtx *c)
{
    RdRules *r = &c->rd->rules;
    Diags *d = c->d;
    IniSection *s = lu_section(doc, "scale", d);
    if (s)
        ini_get_int(doc, s, "cell_mm", true, 5, 100, &r->cell_mm, d);
    if (!(s = lu_section(doc, "setup", d)))
        return;
    int size[2];
    int n = int_list(doc, s, "min_field_cm", size, 2, 1, 1000, d);
    if (n >= 0 && n != 2)
        diag_error(d, doc->file, ini_key(s, "min_field_cm")->line, "min_field_cm: WIDTH DEPTH, two numbers");
    else if (n == 2)
        c->min_field_mm[0] = size[0] * 10, c->min_field_mm[1] = size[1] * 10;
    ini_get_int(doc, s, "min_soldiers_side", true, 1, RD_MAX_SQUADS * RD_MAX_SQUAD_SOLDIERS, &c->min_soldiers_side,
                d);
    ini_get_int(doc, s, "squad_min", true, 1, RD_MAX_SQUAD_SOLDIERS, &r->min_squad, d);
    ini_get_int(doc, s, "squad_max", true, 1, RD_MAX_SQUAD_SOLDIERS, &r->max_squad, d);
    if (r->min_squad > r->max_squad)
        diag_error(d, doc->file, s->line, "squad_min %d is more than squad_max %d", r->min_squad, r->max_squad);
    get_cm(doc, s, "cohesion_cm", 1, 50, &r->cohesion_mm, d);
}

static void read_levels(IniDoc *doc, RdCtx *c)
{
    RdRules *r = &c->rd->rules;
    Diags *d = c->d;
    IniSection *s = lu_section(doc, "success", d);
    if (s) {
        r->nlevels = name_list(doc, s, "levels", r->level_name, RD_MAX_LEVELS - 1, d);
        int moves[RD_MAX_LEVELS];
        int n = int_list(doc, s, "move_cm", moves, RD_MAX_LEVELS - 1, 0, 200, d);
        if (n >= 0 && r->nlevels >= 0 && n != r->nlevels)
            diag_error(d, doc->file, ini_key(s, "move_cm")->line, "move_cm: %d numbers, one per level of success "
                       "(%d)", n, r->nlevels);
        for (int i = 0; i < n; i++) {
            r->move_mm[i + 1] = moves[i] * 10;
            if (i > 0 && moves[i] < moves[i - 1]) {
                diag_error(d, doc->file, ini_key(s, "move_cm")->line,
                           "move_cm: more successes never buy less movement (%d after %d)", moves[i], moves[i - 1]);
                break;
            }
        }
        get_cm(doc, s, "max_move_cm", 1, 200, &r->max_move_mm, d);
        if (r->nlevels < 0)
            r->nlevels = 0;
    }
    if ((s = lu_section(doc, "quality", d))) {
        r->nquality = name_list(doc, s, "levels", r->quality_name, RD_MAX_QUALITY - 1, d);
        if (r->nquality < 0)
            r->nquality = 0;
        const char *v;
        if (ini_get_str(doc, s, "default", true, &v, d)) {
            r->default_quality = rd_quality_index(r, v);
            if (r->default_quality < 0)
                diag_error(d, doc->file, ini_key(s, "default")->line, "default: '%s' is not one of the levels", v);
        }
    }
}

/* One weapon's row: the successes added at each range, "out" where it cannot fire. */
static void read_weapon(IniDoc *doc, IniSection *s, int weapon, RdRules *r, Diags *d)
{
    const char *key = weapon_ids[weapon], *v;
    if (!ini_get_str(doc, s, key, true, &v, d))
        return;
    int line = ini_key(s, key)->line, n = 0;
    char w[32];
    for (const char *p = v; (p = next_word(p, w, sizeof w));) {
        int x = RD_OUT_OF_RANGE;
        if (strcmp(w, "out") != 0 && (!parse_int(w, &x) || x < -5 || x > 5)) {
            diag_error(d, doc->file, line, "%s: '%s' is neither successes from -5 to +5 nor 'out'", key, w);
            return;
        }
        if (n < RD_NRANGES)
            r->weapon_mod[weapon][n] = x;
        n++;
    }
    if (n != RD_NRANGES)
        diag_error(d, doc->file, line, "%s: three values (short, medium, long range), not %d", key, n);
}

static void read_fire(IniDoc *doc, RdCtx *c)
{
    RdRules *r = &c->rd->rules;
    Diags *d = c->d;
    IniSection *s = lu_section(doc, "fire", d);
    if (!s)
        return;
    int range[RD_NRANGES];
    int n = int_list(doc, s, "range_cm", range, RD_NRANGES, 1, 1000, d);
    if (n >= 0 && (n != RD_NRANGES || range[0] >= range[1] || range[1] >= range[2]))
        diag_error(d, doc->file, ini_key(s, "range_cm")->line, "range_cm: three growing distances (short, medium, "
                   "long)");
    else if (n == RD_NRANGES)
        for (int i = 0; i < RD_NRANGES; i++)
            r->range_mm[i] = range[i] * 10;
    for (int w = 0; w < RD_NWEAPON_ROWS; w++)
        read_weapon(doc, s, w, r, d);
    ini_get_int(doc, s, "volley_min_soldiers", true, 1, RD_MAX_SQUAD_SOLDIERS, &r->volley_min_soldiers, d);
    for (int k = 0; k < RD_NCOVER; k++) {
        char key[32];
        snprintf(key, sizeof key, "cover_%s", cover_ids[k]);
        ini_get_int(doc, s, key, true, -5, 0, &r->cover_mod[k], d);
    }
}

/* [wounds] (RDC-WOUNDS): what a wounded soldier hit again ends as. */
static void read_wounds(IniDoc *doc, RdRules *r, Diags *d)
{
    static const char *const keys[2][2] = {{"light_then_light", "light_then_bad"},
                                           {"bad_then_light", "bad_then_bad"}};
    IniSection *s = lu_section(doc, "wounds", d);
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            const char *v;
            r->wound_again[a][b] = RD_FX_DEAD;
            if (!s || !ini_get_str(doc, s, keys[a][b], true, &v, d))
                continue;
            int e = word_index(effect_ids, RD_NEFFECTS, v);
            if (e != RD_FX_LIGHT_WOUND && e != RD_FX_BAD_WOUND && e != RD_FX_DEAD)
                diag_error(d, doc->file, ini_key(s, keys[a][b])->line,
                           "%s: light_wound, bad_wound or dead, not '%s'", keys[a][b], v);
            else
                r->wound_again[a][b] = e;
        }
}

static void read_numbers(IniDoc *doc, RdCtx *c)
{
    RdRules *r = &c->rd->rules;
    Diags *d = c->d;
    IniSection *s;
    static const LuIntKey activation[] = {
        {"min_dice", offsetof(RdRules, min_dice), 1, 20},
        {"success_face", offsetof(RdRules, success_face), 2, 6},
        {"fiasco_ones", offsetof(RdRules, fiasco_ones), 1, 20},
        {"disaster_ones", offsetof(RdRules, disaster_ones), 1, 20},
        {"disaster_red", offsetof(RdRules, disaster_red), 0, 20},
        {"repeat_extra_dice", offsetof(RdRules, repeat_extra_dice), 0, 10},
        {"heroic_per_activation", offsetof(RdRules, heroic_per_activation), 0, 10},
        {"rally_return_face", offsetof(RdRules, rally_return_face), 2, 6},
    };
    if ((s = lu_section(doc, "activation", d))) {
        lu_int_keys(doc, s, r, activation, sizeof activation / sizeof *activation, d);
        if (r->fiasco_ones > r->disaster_ones)
            diag_error(d, doc->file, s->line, "fiasco_ones %d is more than disaster_ones %d", r->fiasco_ones,
                       r->disaster_ones);
    }
    if ((s = lu_section(doc, "movement", d))) {
        get_cm(doc, s, "obstacle_cm", 0, 100, &r->obstacle_mm, d);
        get_cm(doc, s, "difficult_cm", 0, 100, &r->difficult_mm, d);
        ini_get_int(doc, s, "slow_percent", true, 1, 100, &r->slow_percent, d);
    }
    static const LuIntKey assault[] = {
        {"surprise_mod", offsetof(RdRules, surprise_mod), -5, 0},
        {"behind_max_face", offsetof(RdRules, behind_max_face), 0, 6},
        {"support_bonus", offsetof(RdRules, melee_support_bonus), 0, 5},
        {"surrender_at_most", offsetof(RdRules, surrender_at_most), 0, RD_MAX_SQUAD_SOLDIERS},
        {"surrender_ratio", offsetof(RdRules, surrender_ratio), 1, 10},
        {"prisoners_per_escort", offsetof(RdRules, prisoners_per_escort), 1, 20},
    };
    if ((s = lu_section(doc, "assault", d))) {
        lu_int_keys(doc, s, r, assault, sizeof assault / sizeof *assault, d);
        get_cm(doc, s, "assault_cm", 1, 200, &r->assault_mm, d);
        get_cm(doc, s, "voice_cm", 1, 200, &r->voice_mm, d);
        get_cm(doc, s, "defeat_flee_cm", 0, 200, &r->defeat_flee_mm, d);
    }
    static const LuIntKey victory[] = {
        {"objective", offsetof(RdRules, vp_objective), 0, 100},
        {"soldier", offsetof(RdRules, vp_soldier), 0, 100},
        {"prisoner", offsetof(RdRules, vp_prisoner), 0, 100},
        {"leader", offsetof(RdRules, vp_leader), 0, 100},
    };
    if ((s = lu_section(doc, "victory", d)))
        lu_int_keys(doc, s, r, victory, sizeof victory / sizeof *victory, d);
    read_wounds(doc, r, d);
}

/* The numbers each effect acts on (rd_data.h's RD_EFFECTS says what they mean): a row that
 * names the effect must give them, more than 0. */
enum { NEED_AMOUNT = 1, NEED_CM = 2, NEED_DICE = 4, NEED_PERCENT = 8 };
static int effect_needs(int effect)
{
    switch (effect) {
    case RD_FX_RETREAT_COVER:
    case RD_FX_ROUT:
    case RD_FX_FREE_MOVE:
        return NEED_CM;
    case RD_FX_BAYONETS:
        return NEED_CM | NEED_PERCENT;
    case RD_FX_LEADER_CRISIS:
    case RD_FX_ADD_RED:
    case RD_FX_REMOVE_RED:
    case RD_FX_FIRE_AGAIN:
        return NEED_AMOUNT;
    case RD_FX_FLEE:
        return NEED_CM | NEED_DICE;
    case RD_FX_RECOVER_LIGHT:
        return NEED_DICE;
    case RD_FX_CHARGE:
        return NEED_CM | NEED_AMOUNT;
    default:
        return 0;
    }
}

/* One row's value: EFFECT [amount=N] [cm=N] [dice=N] [percent=N] | words. */
static void read_row(IniDoc *doc, IniKey *k, RdTableRow *row, Diags *d)
{
    const char *bar = strchr(k->value, '|');
    if (!bar) {
        diag_error(d, doc->file, k->line, "a row is 'EFFECT [amount=N] [cm=N] [dice=N] [percent=N] | words', not '%s'",
                   k->value);
        return;
    }
    char head[RD_TEXT_LEN];
    snprintf(head, sizeof head, "%.*s", (int)(bar - k->value), k->value);
    char w[64];
    const char *p = next_word(head, w, sizeof w);
    row->effect = p ? word_index(effect_ids, RD_NEFFECTS, w) : -1;
    if (row->effect < 0) {
        diag_error(d, doc->file, k->line, "'%s' is not an effect (see RD_EFFECTS in src/data/rd_data.h: nothing, "
                   "confused, retreat_cover, ...)", p ? w : "");
        row->effect = RD_FX_NOTHING;
    }
    while (p && (p = next_word(p, w, sizeof w))) {
        char *eq = strchr(w, '=');
        int x;
        int *dst = NULL, max = 0, scale = 1;
        if (eq) {
            *eq = '\0';
            if (strcmp(w, "amount") == 0)
                dst = &row->amount, max = 10;
            else if (strcmp(w, "cm") == 0)
                dst = &row->distance_mm, max = 200, scale = 10;
            else if (strcmp(w, "dice") == 0)
                dst = &row->dice, max = 6;
            else if (strcmp(w, "percent") == 0)
                dst = &row->percent, max = 100;
        }
        if (!dst || !parse_int(eq + 1, &x) || x < 0 || x > max) {
            diag_error(d, doc->file, k->line, "'%s%s%s' is not amount=N (0-10), cm=N (0-200), dice=N (0-6) or percent=N (0-100)", w,
                       eq ? "=" : "", eq ? eq + 1 : "");
            continue;
        }
        *dst = x * scale;
    }
    int needs = effect_needs(row->effect);
    bool no_amount = (needs & NEED_AMOUNT) && row->amount <= 0, no_cm = (needs & NEED_CM) && row->distance_mm <= 0,
         no_dice = (needs & NEED_DICE) && row->dice <= 0, no_percent = (needs & NEED_PERCENT) && row->percent <= 0;
    if (no_amount || no_cm || no_dice || no_percent)
        diag_error(d, doc->file, k->line, "%s needs%s%s%s%s (more than 0)", effect_ids[row->effect],
                   no_amount ? " amount=N" : "", no_cm ? " cm=N" : "", no_dice ? " dice=N" : "",
                   no_percent ? " percent=N" : "");
    const char *text = bar + 1;
    while (*text == ' ')
        text++;
    if (!*text)
        diag_error(d, doc->file, k->line, "the row has no words after '|'");
    else
        ini_copy(doc, k->line, row->text, sizeof row->text, text, "the row's words", d);
}

/* The face or faces a row's key names ("3" or "1-2"): false when it is not one. */
static bool parse_faces(const char *key, int *lo, int *hi)
{
    int used = 0;
    if (sscanf(key, "%d-%d%n", lo, hi, &used) == 2 && key[used] == '\0')
        return *lo >= 1 && *lo <= *hi && *hi <= 6;
    used = 0;
    if (sscanf(key, "%d%n", lo, &used) == 1 && key[used] == '\0')
        return *hi = *lo, *lo >= 1 && *lo <= 6;
    return false;
}

static void read_table(IniDoc *doc, const char *id, RdTable *t, Diags *d)
{
    char name[64];
    snprintf(name, sizeof name, "table:%s", id);
    IniSection *s = lu_section(doc, name, d);
    if (!s)
        return;
    get_text(doc, s, "name", t->name, sizeof t->name, d);
    int given[7] = {0};
    for (int i = 0; i < s->nkeys; i++) {
        IniKey *k = &s->keys[i];
        if (k->used) /* name */
            continue;
        k->used = true;
        int lo, hi;
        if (!parse_faces(k->name, &lo, &hi)) {
            diag_error(d, doc->file, k->line, "[%s]: a row's key is a face (1 to 6) or faces (like 1-2), not '%s'",
                       name, k->name);
            continue;
        }
        for (int f = lo; f <= hi; f++) {
            if (given[f])
                diag_error(d, doc->file, k->line, "[%s]: the face %d has a row already (line %d)", name, f, given[f]);
            given[f] = k->line;
        }
        read_row(doc, k, &t->row[lo - 1], d);
        for (int f = lo + 1; f <= hi; f++)
            t->row[f - 1] = t->row[lo - 1];
    }
    for (int f = 1; f <= 6; f++)
        if (!given[f])
            diag_error(d, doc->file, s->line, "[%s] has no row for the face %d", name, f);
}

/* [cell:KIND] or [edge:KIND]: what a kind of ground does. */
static void read_terrain(IniDoc *doc, const char *kind, const char *id, bool edge, RdTerrain *t, Diags *d)
{
    char name[64];
    snprintf(name, sizeof name, "%s:%s", kind, id);
    IniSection *s = lu_section(doc, name, d);
    if (!s)
        return;
    get_text(doc, s, "name", t->name, sizeof t->name, d);
    int cover = get_word(doc, s, "cover", cover_ids, RD_NCOVER, d);
    t->cover = cover < 0 ? RD_COVER_NONE : cover;
    ini_get_bool(doc, s, edge ? "obstacle" : "difficult", true, edge ? &t->obstacle : &t->difficult, d);
    ini_get_bool(doc, s, "blocks_fire", true, &t->blocks_fire, d);
    ini_get_bool(doc, s, "impassable", true, &t->impassable, d);
}

static void rules_file(IniDoc *doc, void *arg)
{
    RdCtx *c = arg;
    RdRules *r = &c->rd->rules;
    read_setup(doc, c);
    read_levels(doc, c);
    read_numbers(doc, c);
    read_fire(doc, c);
    static const char *const tables[5] = {"red_die", "disaster", "heroic", "fire_loss", "melee_loss"};
    RdTable *const dst[5] = {&r->red_die, &r->disaster, &r->heroic, &r->fire_loss, &r->melee_loss};
    for (int t = 0; t < 5; t++)
        read_table(doc, tables[t], dst[t], c->d);
    for (int k = 0; k < RD_NCELL_KINDS; k++)
        read_terrain(doc, "cell", cell_ids[k], false, &r->cell[k], c->d);
    snprintf(r->edge[RD_NO_EDGE].name, sizeof r->edge[RD_NO_EDGE].name, "none");
    for (int k = RD_NO_EDGE + 1; k < RD_NEDGE_KINDS; k++)
        read_terrain(doc, "edge", edge_ids[k], true, &r->edge[k], c->d);
}

int rd_quality_index(const RdRules *r, const char *name)
{
    for (int q = 1; q <= r->nquality; q++)
        if (strcmp(r->quality_name[q], name) == 0)
            return q;
    return -1;
}

/* ---- fields/NAME.ini -------------------------------------------------- */

int rd_setup_cells(const RdSquadSetup *sq, int col[RD_MAX_SQUAD_SOLDIERS], int row[RD_MAX_SQUAD_SOLDIERS])
{
    /* a cloud: the leader, the four cells beside him, the four corners, then one more on his left */
    static const int8_t cloud[RD_MAX_SQUAD_SOLDIERS][2] = {{0, 0},   {-1, 0}, {1, 0},  {0, -1}, {0, 1},
                                                           {-1, -1}, {1, -1}, {-1, 1}, {1, 1},  {-2, 0}};
    bool across = sq->facing == 2 || sq->facing == 6; /* facing east or west: the line runs north-south */
    int n = sq->soldiers < RD_MAX_SQUAD_SOLDIERS ? sq->soldiers : RD_MAX_SQUAD_SOLDIERS;
    for (int i = 0; i < n; i++) {
        int dc, dr;
        if (sq->line) {
            int k = (i + 1) / 2 * (i % 2 ? -1 : 1); /* 0, -1, +1, -2, +2, ... */
            dc = across ? 0 : k;
            dr = across ? k : 0;
        } else
            dc = cloud[i][0], dr = cloud[i][1];
        col[i] = sq->col + dc;
        row[i] = sq->row + dr;
    }
    return n;
}

typedef struct {
    RdCtx *c;
    RdField *f;
    int field_line, picture_line;
    int8_t squad_at[RD_MAX_H][RD_MAX_W]; /* 1 + the squad standing there, 0 none */
} FieldCtx;

static int picture_row(const char *key)
{
    int r, used = 0;
    if (key[0] != 'r' || strlen(key) != 3 || sscanf(key + 1, "%2d%n", &r, &used) != 1 || used != 2)
        return -1;
    return r < RD_MAX_H ? r : -1;
}

static void read_picture(IniDoc *doc, FieldCtx *fc)
{
    RdField *f = fc->f;
    Diags *d = fc->c->d;
    IniSection *s = lu_section(doc, "picture", d);
    if (!s)
        return;
    fc->picture_line = s->line;
    IniKey *rows[RD_MAX_H] = {NULL};
    for (int i = 0; i < s->nkeys; i++) {
        IniKey *k = &s->keys[i];
        int r = picture_row(k->name);
        if (r < 0)
            continue; /* an unknown key */
        k->used = true;
        rows[r] = k;
        if (r + 1 > f->h)
            f->h = r + 1;
    }
    if (f->h == 0) {
        diag_error(d, doc->file, s->line, "[picture] has no rows (r00, r01, ... up to r%02d)", RD_MAX_H - 1);
        return;
    }
    for (int r = 0; r < f->h; r++) {
        IniKey *k = rows[r];
        if (!k) {
            diag_error(d, doc->file, s->line, "[picture] has no row r%02d (the rows go from r00 to r%02d)", r,
                       f->h - 1);
            continue;
        }
        int w = (int)strlen(k->value);
        if (r == 0 || f->w == 0)
            f->w = w > RD_MAX_W ? RD_MAX_W : w;
        if (w > RD_MAX_W)
            diag_error(d, doc->file, k->line, "r%02d is %d cells wide; a field has at most %d", r, w, RD_MAX_W);
        else if (w != f->w)
            diag_error(d, doc->file, k->line, "r%02d is %d cells wide, but r00 is %d: every row has the same width",
                       r, w, f->w);
        for (int col = 0; col < w && col < RD_MAX_W; col++) {
            const char *g = memchr(cell_glyphs, k->value[col], RD_NCELL_KINDS);
            if (!g || !k->value[col]) {
                diag_error(d, doc->file, k->line, "r%02d, column %d: '%c' is not a kind of ground (%.*s)", r, col,
                           k->value[col], RD_NCELL_KINDS, cell_glyphs);
                continue;
            }
            f->cell[r][col] = (uint8_t)(g - cell_glyphs);
        }
    }
    const RdCtx *c = fc->c;
    int cm = c->rd->rules.cell_mm;
    int wmm = f->w * cm, hmm = f->h * cm, a = c->min_field_mm[0], b = c->min_field_mm[1];
    if (!((wmm >= a && hmm >= b) || (wmm >= b && hmm >= a)))
        diag_error(d, doc->file, s->line, "the field is %d x %d cells (%g x %g cm): at least %d x %d cm ([1.0])",
                   f->w, f->h, wmm / 10.0, hmm / 10.0, a / 10, b / 10);
}

/* One run of an obstacle along the grid lines from corner (x0,y0) to (x1,y1). */
static void put_run(IniDoc *doc, int line, FieldCtx *fc, int kind, int x0, int y0, int x1, int y1)
{
    RdField *f = fc->f;
    Diags *d = fc->c->d;
    if (x0 != x1 && y0 != y1) {
        diag_error(d, doc->file, line, "%s: %d,%d to %d,%d is not along a grid line (keep the column or the row)",
                   edge_ids[kind], x0, y0, x1, y1);
        return;
    }
    bool vertical = x0 == x1;
    if ((vertical && (x0 == 0 || x0 == f->w)) || (!vertical && (y0 == 0 || y0 == f->h))) {
        diag_error(d, doc->file, line, "%s: %d,%d to %d,%d runs along the field's border", edge_ids[kind], x0, y0, x1,
                   y1);
        return;
    }
    int a = vertical ? y0 : x0, b = vertical ? y1 : x1;
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    for (int i = a; i < b; i++) {
        uint8_t *e = vertical ? &f->edge_e[i][x0 - 1] : &f->edge_s[y0 - 1][i];
        if (*e != RD_NO_EDGE && *e != kind) {
            diag_error(d, doc->file, line, "%s: the edge %s of cell %d,%d has a %s already", edge_ids[kind],
                       vertical ? "east" : "south", vertical ? x0 - 1 : i, vertical ? i : y0 - 1, edge_ids[*e]);
            return;
        }
        *e = (uint8_t)kind;
    }
}

static void read_edges(IniDoc *doc, FieldCtx *fc)
{
    RdField *f = fc->f;
    Diags *d = fc->c->d;
    IniSection *s = ini_section(doc, "edges"); /* a field may have no linear obstacle */
    if (!s || f->w == 0)
        return;
    for (int i = 0; i < s->nkeys; i++) {
        IniKey *k = &s->keys[i];
        int kind = word_index(edge_ids, RD_NEDGE_KINDS, k->name);
        if (kind <= RD_NO_EDGE)
            continue; /* an unknown key */
        k->used = true;
        char w[64];
        bool have = false;
        int px = 0, py = 0;
        for (const char *p = k->value; (p = next_word(p, w, sizeof w));) {
            int x, y;
            if (strcmp(w, "/") == 0) {
                have = false;
                continue;
            }
            if (!parse_pair(w, &x, &y) || x < 0 || y < 0 || x > f->w || y > f->h) {
                diag_error(d, doc->file, k->line, "%s: '%s' is not a corner X,Y of the grid (0,0 to %d,%d)", k->name,
                           w, f->w, f->h);
                have = false;
                continue;
            }
            if (have)
                put_run(doc, k->line, fc, kind, px, py, x, y);
            have = true;
            px = x, py = y;
        }
    }
}

/* "COL,ROW" of a cell on the field, from key; false with an error. */
static bool get_cell(IniDoc *doc, IniSection *s, const char *key, const RdField *f, int *col, int *row, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, key, true, &v, d))
        return false;
    int line = ini_key(s, key)->line;
    if (!parse_pair(v, col, row)) {
        diag_error(d, doc->file, line, "%s: COLUMN,ROW (like 12,30), not '%s'", key, v);
        return false;
    }
    if (*col < 0 || *row < 0 || *col >= f->w || *row >= f->h) {
        diag_error(d, doc->file, line, "%s: %d,%d is outside the field (columns 0-%d, rows 0-%d)", key, *col, *row,
                   f->w - 1, f->h - 1);
        return false;
    }
    return true;
}

static void place_squad(IniDoc *doc, IniSection *s, FieldCtx *fc, int si)
{
    RdField *f = fc->f;
    const RdRules *r = &fc->c->rd->rules;
    Diags *d = fc->c->d;
    RdSquadSetup *sq = &f->squads[si];
    int line = ini_key(s, "leader")->line;
    int cols[RD_MAX_SQUAD_SOLDIERS], rows[RD_MAX_SQUAD_SOLDIERS];
    int n = rd_setup_cells(sq, cols, rows);
    for (int i = 0; i < n; i++) {
        int x = cols[i], y = rows[i];
        if (x < 0 || y < 0 || x >= f->w || y >= f->h) {
            diag_error(d, doc->file, line, "squad '%s': its soldier at %d,%d (in %s around the leader) is outside the "
                       "field", sq->id, x, y, sq->line ? "line" : "a cloud");
            return;
        }
        if (r->cell[f->cell[y][x]].impassable) {
            diag_error(d, doc->file, line, "squad '%s': its soldier at %d,%d stands on %s, which no soldier may enter",
                       sq->id, x, y, cell_ids[f->cell[y][x]]);
            return;
        }
        if (fc->squad_at[y][x]) {
            diag_error(d, doc->file, line, "squad '%s': its soldier at %d,%d stands where squad '%s' stands", sq->id, x,
                       y, f->squads[fc->squad_at[y][x] - 1].id);
            return;
        }
    }
    for (int i = 0; i < n; i++)
        fc->squad_at[rows[i]][cols[i]] = (int8_t)(si + 1);
}

static void read_squad(IniDoc *doc, IniSection *s, const char *id, FieldCtx *fc)
{
    RdField *f = fc->f;
    const RdRules *r = &fc->c->rd->rules;
    Diags *d = fc->c->d;
    if (f->nsquads == RD_MAX_SQUADS) {
        diag_error(d, doc->file, s->line, "too many squads (at most %d)", RD_MAX_SQUADS);
        ini_mark_all_used(doc);
        return;
    }
    RdSquadSetup *sq = &f->squads[f->nsquads];
    memset(sq, 0, sizeof *sq);
    snprintf(sq->id, sizeof sq->id, "%s", id);
    get_text(doc, s, "name", sq->name, sizeof sq->name, d);
    bool ok = true;
    ok &= (sq->side = get_word(doc, s, "side", side_words, RD_SIDES, d)) >= 0;
    const char *v;
    if (ini_get_str(doc, s, "quality", true, &v, d)) {
        sq->quality = rd_quality_index(r, v);
        if (sq->quality < 0) {
            char list[256] = "";
            for (int q = 1; q <= r->nquality; q++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", q > 1 ? ", " : "",
                         r->quality_name[q]);
            diag_error(d, doc->file, ini_key(s, "quality")->line, "quality: one of %s (rules.ini [quality]), not '%s'",
                       list, v);
        }
    }
    ok &= sq->quality > 0;
    ok &= (sq->weapon = get_word(doc, s, "weapon", weapon_ids, RD_NWEAPONS, d)) >= 0;
    ok &= ini_get_int(doc, s, "soldiers", true, r->min_squad, r->max_squad, &sq->soldiers, d);
    static const char *const formations[2] = {"cloud", "line"};
    int form = get_word(doc, s, "formation", formations, 2, d);
    sq->line = form == 1;
    ok &= form >= 0;
    ok &= (sq->facing = get_word(doc, s, "facing", facing_ids, 8, d)) >= 0;
    ok &= get_cell(doc, s, "leader", f, &sq->col, &sq->row, d);
    if (ok)
        place_squad(doc, s, fc, f->nsquads);
    f->nsquads++;
}

static void read_objective(IniDoc *doc, IniSection *s, const char *id, FieldCtx *fc)
{
    RdField *f = fc->f;
    Diags *d = fc->c->d;
    if (f->nobjectives == RD_MAX_OBJECTIVES) {
        diag_error(d, doc->file, s->line, "too many objectives (at most %d)", RD_MAX_OBJECTIVES);
        ini_mark_all_used(doc);
        return;
    }
    RdObjective *o = &f->objectives[f->nobjectives++];
    memset(o, 0, sizeof *o);
    snprintf(o->id, sizeof o->id, "%s", id);
    get_text(doc, s, "name", o->name, sizeof o->name, d);
    get_cell(doc, s, "cell", f, &o->col, &o->row, d);
    get_cm(doc, s, "radius_cm", 0, 100, &o->radius_mm, d);
    ini_get_int(doc, s, "points", true, 0, 100, &o->points, d);
}

static void read_field_section(IniDoc *doc, FieldCtx *fc)
{
    RdField *f = fc->f;
    Diags *d = fc->c->d;
    IniSection *s = lu_section(doc, "field", d);
    if (!s)
        return;
    fc->field_line = s->line;
    get_text(doc, s, "name", f->name, sizeof f->name, d);
    get_text(doc, s, "text", f->text, sizeof f->text, d);
    ini_get_int(doc, s, "length", true, 1, 1000, &f->length, d);
    f->first_side = get_word(doc, s, "first", side_words, RD_SIDES, d);
    if (f->first_side < 0)
        f->first_side = RD_CONFEDERATE;
    for (int side = 0; side < RD_SIDES; side++) {
        char key[32];
        snprintf(key, sizeof key, "home_%s", side_words[side]);
        f->home_row[side] = -1;
        if (ini_get_int(doc, s, key, true, 0, RD_MAX_H - 1, &f->home_row[side], d) && f->h > 0 &&
            f->home_row[side] >= f->h)
            diag_error(d, doc->file, ini_key(s, key)->line, "%s: row %d is outside the field (rows 0-%d)", key,
                       f->home_row[side], f->h - 1);
    }
    if (f->home_row[0] >= 0 && f->home_row[0] == f->home_row[1])
        diag_error(d, doc->file, s->line, "the two sides' home rows are the same row %d", f->home_row[0]);
}

static void field_file(IniDoc *doc, void *arg)
{
    FieldCtx *fc = arg;
    RdField *f = fc->f;
    Diags *d = fc->c->d;
    int before = d->count;
    read_picture(doc, fc);
    read_field_section(doc, fc);
    if (d->count != before) { /* without a sound picture the rest would only add noise; its own keys are told */
        for (int i = 0; i < doc->nsections; i++) {
            IniSection *s = &doc->sections[i];
            s->used = true;
            for (int k = 0; k < s->nkeys && strcmp(s->name, "picture") != 0; k++)
                s->keys[k].used = true;
        }
        return;
    }
    read_edges(doc, fc);
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id;
        if ((id = lu_section_id_len(doc, s, "squad", RD_ID_LEN, d)))
            read_squad(doc, s, id, fc);
        else if ((id = lu_section_id_len(doc, s, "objective", RD_ID_LEN, d)))
            read_objective(doc, s, id, fc);
    }
    int soldiers[RD_SIDES] = {0, 0};
    for (int i = 0; i < f->nsquads; i++)
        if (f->squads[i].side >= 0)
            soldiers[f->squads[i].side] += f->squads[i].soldiers;
    for (int side = 0; side < RD_SIDES; side++)
        if (soldiers[side] < fc->c->min_soldiers_side)
            diag_error(d, doc->file, fc->field_line, "the %s side has %d soldiers: at least %d ([1.0])",
                       side_words[side], soldiers[side], fc->c->min_soldiers_side);
}

/* ---- the files -------------------------------------------------------- */

bool rd_data_present(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/config/red-die", dir);
    return access(path, F_OK) == 0;
}

static int ini_name(const struct dirent *e)
{
    size_t n = strlen(e->d_name);
    return e->d_name[0] != '.' && n > 4 && strcmp(e->d_name + n - 4, ".ini") == 0;
}

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

/* fields/NAME.ini in name order: how many (their names in *names, free
 * each and the array), or -1 when the folder cannot be read. */
static int field_files(const char *dir, struct dirent ***names)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/config/red-die/fields", dir);
    return scandir(path, names, ini_name, by_name);
}

static void load_fields(const char *dir, RdCtx *c)
{
    RdData *rd = c->rd;
    struct dirent **names = NULL;
    int n = field_files(dir, &names);
    if (n < 0) {
        diag_error(c->d, "config/red-die/fields", 0, "cannot read the battlefields' folder");
        return;
    }
    if (n == 0)
        diag_error(c->d, "config/red-die/fields", 0, "no battlefield (NAME.ini)");
    static FieldCtx fc;
    for (int i = 0; i < n; i++) {
        char shown[512], path[4600], id[256];
        snprintf(shown, sizeof shown, "config/red-die/fields/%s", names[i]->d_name);
        snprintf(path, sizeof path, "%s/%s", dir, shown);
        snprintf(id, sizeof id, "%.*s", (int)strlen(names[i]->d_name) - 4, names[i]->d_name);
        if (!ini_valid_id(id) || strlen(id) >= RD_ID_LEN)
            diag_error(c->d, shown, 0, "'%s' is not a battlefield's name: lower-case letters, digits and '-', at "
                       "most %d characters", id, RD_ID_LEN - 1);
        else if (rd->nfields == RD_MAX_FIELDS)
            diag_error(c->d, shown, 0, "too many battlefields (at most %d)", RD_MAX_FIELDS);
        else {
            memset(&fc, 0, sizeof fc);
            fc.c = c;
            fc.f = &rd->fields[rd->nfields++];
            memset(fc.f, 0, sizeof *fc.f);
            memcpy(fc.f->id, id, strlen(id) + 1); /* checked: it fits */
            lu_with_file(path, shown, c->d, field_file, &fc);
        }
    }
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

bool rd_data_load(const char *dir, RdData *rd, Diags *d)
{
    memset(rd, 0, sizeof *rd);
    int before = d->count;
    RdCtx c = {.rd = rd, .d = d};
    char path[4096];
    snprintf(path, sizeof path, "%s/config/red-die/rules.ini", dir);
    if (!lu_with_file(path, "config/red-die/rules.ini", d, rules_file, &c))
        return false; /* the fields are read with the rules: a broken file would only add noise */
    load_fields(dir, &c);
    rd->fingerprint = data_fingerprint_file(DATA_FINGERPRINT_START, path);
    struct dirent **names = NULL;
    int n = field_files(dir, &names);
    for (int i = 0; i < n; i++) {
        char file[4600];
        snprintf(file, sizeof file, "%s/config/red-die/fields/%s", dir, names[i]->d_name);
        rd->fingerprint = data_fingerprint_file(rd->fingerprint, file);
        free(names[i]);
    }
    free(names);
    return d->count == before;
}
