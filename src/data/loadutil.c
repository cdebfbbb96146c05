#include "data/loadutil.h"

#include <stdlib.h>
#include <string.h>

const char *lu_section_id(IniDoc *doc, IniSection *s, const char *kind, Diags *d)
{
    return lu_section_id_len(doc, s, kind, ID_LEN, d);
}

void lu_id_name(IniDoc *doc, IniSection *s, const char *id, char *def_id, char *name, size_t n, Diags *d)
{
    strcpy(def_id, id);
    lu_name(doc, s, name, n, d);
}

bool lu_hex(IniDoc *doc, int line, const GameData *gd, const char *tok, HexCoord *out, Diags *d)
{
    HexCoord h;
    if (!hex_parse(tok, &h)) {
        diag_error(d, doc->file, line, "'%s' is not a hex id (four digits: column then row, like 1820)", tok);
        return false;
    }
    if (!map_has(&gd->map, h)) {
        diag_error(d, doc->file, line, "hex %s is off the map (columns 01-%02d, rows 01-%02d)", tok, gd->map.cols,
                   gd->map.rows);
        return false;
    }
    *out = h;
    return true;
}

bool lu_hexside(IniDoc *doc, int line, const GameData *gd, const char *tok, HexCoord *a, int *dir, Diags *d)
{
    const char *dash = strchr(tok, '-');
    if (!dash || dash - tok != 4 || strlen(dash + 1) != 4) {
        diag_error(d, doc->file, line, "'%s' is not a hexside (two hex ids joined by '-', like 1820-1821)", tok);
        return false;
    }
    char s1[5], s2[5];
    memcpy(s1, tok, 4);
    s1[4] = '\0';
    memcpy(s2, dash + 1, 5);
    HexCoord h1, h2;
    if (!lu_hex(doc, line, gd, s1, &h1, d) || !lu_hex(doc, line, gd, s2, &h2, d))
        return false;
    int dd = hex_direction(h1, h2);
    if (dd < 0) {
        diag_error(d, doc->file, line, "hexside %s: hexes %s and %s are not neighbours", tok, s1, s2);
        return false;
    }
    *a = h1;
    *dir = dd;
    return true;
}

HexCoord *lu_hex_list(IniDoc *doc, IniSection *s, const char *key, bool required, const GameData *gd, int *n,
                      Diags *d)
{
    *n = 0;
    const char *v;
    if (!ini_get_str(doc, s, key, required, &v, d))
        return NULL;
    int line = ini_key(s, key)->line;
    int count = ini_count_tokens(v);
    if (count == 0)
        return NULL;
    HexCoord *out = malloc((size_t)count * sizeof *out);
    if (!out)
        return NULL;
    char tok[32];
    bool too_long;
    const char *p = v;
    while ((p = ini_next_token(p, tok, sizeof tok, &too_long))) {
        HexCoord h;
        if (too_long)
            diag_error(d, doc->file, line, "'%s...' is not a hex id", tok);
        else if (lu_hex(doc, line, gd, tok, &h, d))
            out[(*n)++] = h;
    }
    return out;
}

