/* Helpers shared by the loaders (internal to src/data). */
#ifndef GUV_LOADUTIL_H
#define GUV_LOADUTIL_H

#include <string.h>

#include "data/data.h"
#include "data/inidoc.h"
#include "data/loadbase.h"

/* The body of a lookup by id: the index of the item of arr[0..n) whose id
 * is id, else -1. */
#define FIND_BY_ID(arr, n, id)                                                                                         \
    do {                                                                                                               \
        for (int i_ = 0; i_ < (n); i_++)                                                                               \
            if (strcmp((arr)[i_].id, (id)) == 0)                                                                       \
                return i_;                                                                                             \
        return -1;                                                                                                     \
    } while (0)

/* What a loader's file function gets through lu_with_file's one pointer:
 * the data being filled and the diagnostics. */
typedef struct {
    GameData *gd;
    Diags *d;
} LoadCtx;

/* The section's id after "kind:", checked (shorter than ID_LEN); an error when malformed. */
const char *lu_section_id(IniDoc *doc, IniSection *s, const char *kind, Diags *d);
/* A definition's id (already checked: it fits ID_LEN) into def_id, and
 * its name = ... into name (size n). */
void lu_id_name(IniDoc *doc, IniSection *s, const char *id, char *def_id, char *name, size_t n, Diags *d);
/* Parses a hex id token that must lie on the map. */
bool lu_hex(IniDoc *doc, int line, const GameData *gd, const char *tok, HexCoord *out, Diags *d);
/* Parses "AAAA-BBBB": two neighbouring hexes on the map; *dir is a->b. */
bool lu_hexside(IniDoc *doc, int line, const GameData *gd, const char *tok, HexCoord *a, int *dir, Diags *d);
/* A key holding a list of hex ids; returns a malloc'd array (or NULL with
 * *n = 0). Bad entries are reported and left out. */
HexCoord *lu_hex_list(IniDoc *doc, IniSection *s, const char *key, bool required, const GameData *gd, int *n,
                      Diags *d);
void lu_scenario_free(ScenarioDef *sc);

#endif
