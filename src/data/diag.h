/* Diagnostics: errors found while loading data, each with file and line.
 * The engine never prints; callers format and show them. */
#ifndef GUV_DIAG_H
#define GUV_DIAG_H

#include <stddef.h>

typedef struct {
    char *file; /* as shown to the user, e.g. "config/map.ini" */
    int line;   /* 0 when the error concerns the whole file */
    char *message;
} Diag;

typedef struct {
    Diag *items;
    int count;
    int cap;
} Diags;

void diag_error(Diags *d, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "file:line: error: message" (or "file: error: message" without a line). */
void diag_format(const Diag *e, char *buf, size_t size);
void diags_free(Diags *d);

#endif
