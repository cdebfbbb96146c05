#include "rules/refusal.h"

#include <stdarg.h>
#include <stdio.h>

const char *guv_refuse(char *buf, size_t n, const char *fmt, ...)
{
    if (!buf || n == 0)
        return "refused";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return buf;
}
