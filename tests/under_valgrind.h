/* Whether a test runs under valgrind: `make test` runs the unit tests
 * under memcheck (some 50 times slower), then under the sanitizers. The
 * slowest tests play fewer games under valgrind (enough to catch a memory
 * error on every path) and their full count under the sanitizers. */
#ifndef GUV_UNDER_VALGRIND_H
#define GUV_UNDER_VALGRIND_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define GUV_HAVE_VALGRIND_H 1
#endif
#endif

static inline bool tu_under_valgrind(void)
{
#ifdef GUV_HAVE_VALGRIND_H
    return RUNNING_ON_VALGRIND != 0;
#else
    const char *preload = getenv("LD_PRELOAD"); /* valgrind preloads its vgpreload_*.so */
    return preload && strstr(preload, "vgpreload");
#endif
}

#endif
