#include "data/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void diag_error(Diags *d, const char *file, int line, const char *fmt, ...)
{
    if (d->count == d->cap) {
        int cap = d->cap ? d->cap * 2 : 16;
        Diag *items = realloc(d->items, (size_t)cap * sizeof *items);
        if (!items)
            return;
        d->items = items;
        d->cap = cap;
    }
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Diag *e = &d->items[d->count];
    e->file = strdup(file ? file : "?");
    e->message = strdup(msg);
    e->line = line;
    if (e->file && e->message)
        d->count++;
    else {
        free(e->file);
        free(e->message);
    }
}

void diag_format(const Diag *e, char *buf, size_t size)
{
    if (e->line > 0)
        snprintf(buf, size, "%s:%d: error: %s", e->file, e->line, e->message);
    else
        snprintf(buf, size, "%s: error: %s", e->file, e->message);
}

void diags_free(Diags *d)
{
    for (int i = 0; i < d->count; i++) {
        free(d->items[i].file);
        free(d->items[i].message);
    }
    free(d->items);
    d->items = NULL;
    d->count = d->cap = 0;
}
