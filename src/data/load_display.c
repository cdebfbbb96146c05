/* map-display.ini: how the terminal map paints the terrain and names the
 * places. Nothing in it is a rule, so it is optional and stays out of the
 * data's fingerprint (saves load after an edit). */
#include <string.h>

#include "data/loadutil.h"

void data_display_defaults(GameData *gd)
{
    for (int i = 0; i < gd->nterrain; i++)
        gd->terrain[i].background = gd->terrain[i].background_256 = gd->terrain[i].texture_256 = -1;
    for (int i = 0; i < gd->map.nplaces; i++) {
        gd->map.places[i].label[0] = '\0';
        gd->map.places[i].priority = 0;
    }
    gd->display.overview_priority = 1;
    gd->display.min_letters = 4;
    gd->display.max_letters = 18;
}

/* A colour of the 8 names, or none: into *out (-1 for none). */
static void colour8(IniDoc *doc, IniSection *s, const char *key, short *out, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, key, false, &v, d))
        return;
    if (strcmp(v, "none") == 0) {
        *out = -1;
        return;
    }
    int c = data_colour_parse(v);
    if (c < 0)
        diag_error(d, doc->file, ini_key(s, key)->line,
                   "unknown colour '%s' (black red green yellow blue magenta cyan white, or none)", v);
    else
        *out = (short)c;
}

/* A colour of the 256-colour palette (0-255), or none. */
static void colour256(IniDoc *doc, IniSection *s, const char *key, short *out, Diags *d)
{
    IniKey *k = ini_key(s, key);
    if (k && strcmp(k->value, "none") == 0) {
        k->used = true;
        *out = -1;
        return;
    }
    int v;
    if (ini_get_int(doc, s, key, false, 0, 255, &v, d))
        *out = (short)v;
}

/* A section about something unknown: reported once, its keys not again. */
static void mark_section_used(IniSection *s)
{
    for (int k = 0; k < s->nkeys; k++)
        s->keys[k].used = true;
}

static int terrain_index(const GameData *gd, const char *id) { FIND_BY_ID(gd->terrain, gd->nterrain, id); }

static void display_file(IniDoc *doc, void *arg)
{
    LoadCtx *c = arg;
    GameData *gd = c->gd;
    Diags *d = c->d;
    IniSection *lab = ini_section(doc, "labels");
    if (lab) {
        lab->used = true;
        ini_get_int(doc, lab, "overview_priority", false, 0, 9, &gd->display.overview_priority, d);
        ini_get_int(doc, lab, "min_letters", false, 1, 20, &gd->display.min_letters, d);
        ini_get_int(doc, lab, "max_letters", false, 1, 60, &gd->display.max_letters, d);
    }
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        const char *id;
        if ((id = lu_section_id(doc, s, "terrain", d))) {
            int t = terrain_index(gd, id);
            if (t < 0) {
                diag_error(d, doc->file, s->line, "[terrain:%s] is not a terrain of config/terrain.ini", id);
                mark_section_used(s);
                continue;
            }
            TerrainKind *tk = &gd->terrain[t];
            colour8(doc, s, "background", &tk->background, d);
            colour256(doc, s, "background_256", &tk->background_256, d);
            colour256(doc, s, "texture_256", &tk->texture_256, d);
        } else if ((id = lu_section_id(doc, s, "place", d))) {
            int p = data_place_index(gd, id);
            if (p < 0) {
                diag_error(d, doc->file, s->line, "[place:%s] is not a place of config/map.ini", id);
                mark_section_used(s);
                continue;
            }
            Place *pl = &gd->map.places[p];
            const char *v;
            if (ini_get_str(doc, s, "label", false, &v, d)) {
                if (!*v)
                    diag_error(d, doc->file, ini_key(s, "label")->line, "label is empty (leave the key out instead)");
                else
                    ini_copy(doc, ini_key(s, "label")->line, pl->label, sizeof pl->label, v, "label", d);
            }
            ini_get_int(doc, s, "priority", false, 0, 9, &pl->priority, d);
        }
    }
}

bool load_display(GameData *gd, const char *path, const char *shown, Diags *d)
{
    data_display_defaults(gd);
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, display_file, &c);
}
