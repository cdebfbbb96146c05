#include "data/loadbase.h"

#include <stdlib.h>
#include <string.h>

const char *lu_section_id_len(IniDoc *doc, IniSection *s, const char *kind, size_t len, Diags *d)
{
    const char *id = ini_section_id(s, kind);
    if (!id)
        return NULL;
    s->used = true;
    if (!ini_valid_id(id)) {
        diag_error(d, doc->file, s->line, "'%s' is not a valid id: use lower-case letters, digits and '-'", id);
        return NULL;
    }
    if (strlen(id) >= len) {
        diag_error(d, doc->file, s->line, "id '%s' is too long (at most %zu characters)", id, len - 1);
        return NULL;
    }
    return id;
}

IniSection *lu_section(IniDoc *doc, const char *name, Diags *d)
{
    IniSection *s = ini_section(doc, name);
    if (!s)
        diag_error(d, doc->file, 0, "missing section [%s]", name);
    return s;
}

bool lu_name(IniDoc *doc, IniSection *s, char *dst, size_t n, Diags *d)
{
    const char *v;
    if (!ini_get_str(doc, s, "name", true, &v, d))
        return false;
    return ini_copy(doc, ini_key(s, "name")->line, dst, n, v, "name", d);
}

bool lu_with_file(const char *path, const char *shown, Diags *d, void (*fn)(IniDoc *, void *), void *arg)
{
    int before = d->count;
    IniDoc doc;
    if (ini_read_file(path, shown, &doc, d)) {
        fn(&doc, arg);
        ini_check_unused(&doc, d);
    }
    ini_free(&doc);
    return d->count == before;
}

bool lu_append(void **arr, int *n, size_t size, const void *item)
{
    char *p = realloc(*arr, (size_t)(*n + 1) * size);
    if (!p)
        return false;
    memcpy(p + (size_t)*n * size, item, size);
    *arr = p;
    (*n)++;
    return true;
}

void lu_int_keys(IniDoc *doc, IniSection *s, void *base, const LuIntKey *keys, size_t n, Diags *d)
{
    for (size_t i = 0; i < n; i++)
        ini_get_int(doc, s, keys[i].key, true, keys[i].min, keys[i].max, (int *)((char *)base + keys[i].off), d);
}
