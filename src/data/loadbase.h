/* Helpers every game's loader shares (internal to src/data), on the INI
 * reader alone: no game's data. The base game's loaders reach them through
 * loadutil.h; A Perfect Plan's and the Red Die's include this directly. */
#ifndef GUV_LOADBASE_H
#define GUV_LOADBASE_H

#include <stdbool.h>
#include <stddef.h>

#include "data/inidoc.h"

/* [name], which the file must have: an error (at line 0) when it has not. */
IniSection *lu_section(IniDoc *doc, const char *name, Diags *d);
/* The section's id after "kind:", checked (lower-case letters, digits and
 * '-', shorter than len); NULL with an error when malformed, NULL alone
 * when the section is of another kind. */
const char *lu_section_id_len(IniDoc *doc, IniSection *s, const char *kind, size_t len, Diags *d);
/* name = ... (required), copied into dst. */
bool lu_name(IniDoc *doc, IniSection *s, char *dst, size_t n, Diags *d);
/* A required int key of a struct: its name, its place in the struct
 * (offsetof) and its range. */
typedef struct {
    const char *key;
    size_t off;
    int min, max;
} LuIntKey;
/* Reads each of keys[0..n) from s into the struct at base. */
void lu_int_keys(IniDoc *doc, IniSection *s, void *base, const LuIntKey *keys, size_t n, Diags *d);
/* Reads a whole file, runs fn, reports unknown keys/sections, frees. */
bool lu_with_file(const char *path, const char *shown, Diags *d, void (*fn)(IniDoc *, void *), void *arg);

/* Appends one item of `size` bytes to a growing array *arr of *n items.
 * Returns false (changing nothing) when out of memory. */
bool lu_append(void **arr, int *n, size_t size, const void *item);

#endif
