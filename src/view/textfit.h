/* Fitting a text into a narrow column on purpose (issue 14): long words
 * give way to their usual abbreviations ("Artillery Battalion" "Art. Bn",
 * "Brigade" "Bde", "Division" "Div."), then the text is cut with a '~'
 * that says so. A tail (a unit's points and markers) is kept whole. Pure:
 * tests/test_maprender.c. */
#ifndef GUV_TEXTFIT_H
#define GUV_TEXTFIT_H

#include <stddef.h>

/* text then tail in at most width characters, into out. */
void text_fit(const char *text, const char *tail, int width, char *out, size_t size);

#endif
