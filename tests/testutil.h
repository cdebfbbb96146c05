/* Helpers for the cmocka tests. */
#ifndef GUV_TESTUTIL_H
#define GUV_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "data/data.h"

#define MINI_DIR GUV_TEST_DIR "/data/mini"
#define SOURCE_DIR GUV_TEST_DIR "/.."

/* A fresh copy of a data directory in a temporary folder; free with
 * tu_remove_tree. */
char *tu_copy_tree(const char *src);
void tu_remove_tree(char *dir);
/* Replaces the first occurrence of old with new in dir/rel; fails the test
 * when old is absent. */
/* The whole file, NUL-terminated (free it); its length in *len if len. */
char *tu_slurp(const char *path, size_t *len);
void tu_patch(const char *dir, const char *rel, const char *old, const char *new_text);
/* True when some diagnostic is in file at line (0: any line) and contains text. */
bool tu_has_diag(const Diags *d, const char *file, int line, const char *text);
/* Prints the diagnostics (for a failing test's output). */
void tu_print_diags(const Diags *d);
/* The line number of the first line of dir/rel containing text. */
int tu_line_of(const char *dir, const char *rel, const char *text);
HexCoord tu_hex(const char *id);

#endif
