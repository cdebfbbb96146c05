/* The reason a decision is refused, written into the caller's buffer: one
 * helper for the games' engines (A Perfect Plan, The Red Die of Courage). */
#ifndef GUV_REFUSAL_H
#define GUV_REFUSAL_H

#include <stddef.h>

/* Writes the reason into buf and returns it; with no buffer (a caller that
 * asks only whether, thousands of times) returns "refused" and formats nothing. */
const char *guv_refuse(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
